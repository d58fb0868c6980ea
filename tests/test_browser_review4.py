"""A reviewer's last findings on the table, checked in the real page (Chromium).

1. The score line under the felt never names a side's meld before that side's meld has landed on the felt:
   sampled on every frame while the plates are laid one seat after another (motion on, the Relaxed pace).
2. On a small phone the declarer's meld on the felt keeps its meld names: the fit tries smaller cards (down to
   three quarters of their size, the index still readable) before it leaves the names to the meld details; an
   auction at a table of 5 with another player the declarer of a big meld, at 320x568 and 360x740, light and dark.
3. The four-colour deck (Settings) colours every suit symbol on the table as the cards are coloured: the trump
   chip in the top bar, the trump choice's buttons and your meld per suit while you bid (blue diamonds, green
   clubs); with the setting off they are red and black as before.
4. At a hand's end the score line's counters agree with the hand's summary: the counters as the summary's
   Counters row, the last trick's bonus apart as its Last trick row (the line said "Counters 150" where the
   summary said Counters 140 and Last trick 10).
5. On a desktop your hand lies whole in the window, the page not scrolled: at 1440x900 (the window, and the
   screen's window under a browser's bars) and 1366x768, while you
   bid (the table game, double deck, the auction at a table of 5), pass cards (partnership-pass), with the meld
   on the felt and with two-handed's melds on the table.
6. Two-handed on the smallest phone (320x568) with two melds of each player on the table and the Hint shown:
   the page does not scroll, your hand lies whole in the window, and your melded cards stay 44 px targets.
7. A phone: the hint's reason in the status line's place shows no edge of the status line's pill or glow beside
   it (a real solo match, 360x740 and 390x844, light and dark).

Screenshots go to $PINOCHLE_SHOTS when it is set.
"""

from __future__ import annotations

from typing import Any

import pytest

from .browser_support import in_browser, open_page, shot, start_solo
from .test_browser_hints import hint_once
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import server, settle  # noqa: F401  (server: the module's live server)
from .test_browser_explain import hand_end
from .test_browser_layout import open_fixture
from .test_browser_status_follows import IDLE, legal, melds_laid, moving_page, pair, triple, views


# ---------------------------------------------------------------- the score line waits for the meld laid

# On every frame of the lay: each side's meld figure in the score line that shows (opacity above 0), against the
# plates of that side's seats (each must have landed: opaque, its own animation over).
MELD_LINE_SAMPLER = """(sides) => {
  window.__early = []; window.__laying = 0;
  const sample = () => {
    const laying = document.getAnimations().filter((a) => a.id === 'pinochle-meld' && a.playState === 'running');
    if (laying.length) {
      window.__laying += 1;
      for (const [side, seats] of Object.entries(sides)) {
        const item = document.querySelector(`[data-testid=side-${side}-meld]`);
        if (!item || !item.getClientRects().length || getComputedStyle(item).visibility === 'hidden') continue;
        let shown = 1;
        for (let e = item; e && e !== document.body; e = e.parentElement) shown *= Number(getComputedStyle(e).opacity);
        if (shown <= 0.01) continue;
        for (const seat of seats) {
          const p = document.querySelector(`#felt-melds .felt-meld[data-seat="${seat}"]`);
          if (!p) continue;
          const moving = laying.some((a) => a.effect && a.effect.target === p);
          const op = Number(getComputedStyle(p).opacity);
          if (moving || op < 0.99) window.__early.push(`${side} meld ${item.textContent} while ${seat}'s plate at opacity ${op.toFixed(2)}`);
        }
      }
    }
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
}"""


@pytest.mark.parametrize("game", ["table", "double-deck"])
def test_the_score_line_names_a_sides_meld_only_once_its_plates_have_landed(server: Any, game: str) -> None:  # noqa: F811
    """The meld laid (motion on): while the plates open out seat after seat, the score line's "Meld N" of a side
    shows only once every plate of that side's seats lies whole on the felt; once all is still every side's
    meld shows."""
    a, b, _ = triple(game, lambda a, b: melds_laid(a, b) and sum(1 for m in b["melds"].values() if m) >= 2)

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for size, theme in (((390, 844), "dark"), ((1440, 900), "light")):
            ctx, page, script = moving_page(browser, server.url, a, errors, size=size, theme=theme)
            page.evaluate(MELD_LINE_SAMPLER, b["sides"])
            script.view = b
            script.send("move")
            page.wait_for_function("n => document.body.dataset.version === n", arg=str(b["version"]))
            page.wait_for_timeout(250)
            shot(page, f"meld-line-{game}-{size[0]}-laying")
            page.wait_for_function(IDLE)
            settle(page)
            shot(page, f"meld-line-{game}-{size[0]}-laid")
            out[f"{size[0]}"] = {"early": page.evaluate("window.__early"), "frames": page.evaluate("window.__laying"),
                                 "after": {side: page.locator(f"[data-testid=side-{side}-meld]").evaluate(
                                     "e => getComputedStyle(e).visibility === 'visible' ? Number(getComputedStyle(e).opacity) : 0") for side in b["sides"]
                                     if page.locator(f"[data-testid=side-{side}-meld]").count()}}
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for size, got in out.items():
        assert got["frames"] >= 3, (size, got)
        assert got["early"] == [], (size, sorted(set(got["early"]))[:6])
        assert got["after"] and all(op == 1 for op in got["after"].values()), (size, got["after"])


# ---------------------------------------------------------------- the declarer's meld keeps its names on a phone

def big_declarer_meld(game: str, players: int | None, rows: int) -> dict[str, Any]:
    """South's view of a real deal of ``game`` with the meld laid on the felt (no card played yet) and another
    player the declarer, its meld at least ``rows`` different melds long."""
    for seed in range(1, 60):
        for v in views(game, seed, players):
            m = v["melds"]
            if v["phase"] in ("hand_end", "match_end") or not any(m.values()) or any(t["cards"] for t in v["tricks"]):
                continue
            d = v["declarer"]
            # another player's meld (at a table of 5 the dealer sits out at N and sees every seat from below)
            if d and d != v["seat"] and v["seat"] != "N" and m.get(d) and len({x["name"] for x in m[d]["melds"]}) >= rows:
                return v
            break
    raise AssertionError(f"{game}: no declarer with {rows} melds")


PLATE_WORDS = """(seat) => {
  const p = document.querySelector(`#felt-melds .felt-meld[data-seat="${seat}"]`);
  const layer = document.querySelector('#felt-melds').getBoundingClientRect();
  const r = p.getBoundingClientRect();
  const rows = [...p.querySelectorAll('.fm-row')];
  const shown = rows.filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden');
  const cut = shown.filter((e) => { const b = e.getBoundingClientRect(); return b.right > r.right + 0.5 || b.bottom > r.bottom + 0.5
    || e.scrollWidth > e.clientWidth + 1 || [...e.children].some((c) => c.getBoundingClientRect().right > b.right + 0.5); })
    .map((e) => e.textContent);
  const card = p.querySelector('.fm-card');
  return {rows: rows.length, shown: shown.length, cut, fan: p.dataset.fan, whole: r.top >= layer.top - 1 && r.bottom <= layer.bottom + 1
    && p.scrollHeight <= p.clientHeight + 1, card: card ? Math.round(card.getBoundingClientRect().width) : 0};
}"""


@pytest.mark.parametrize("size", [(320, 568), (360, 740)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_declarers_meld_keeps_its_names_on_a_small_phone(server: Any, size: tuple[int, int]) -> None:  # noqa: F811
    """Auction at a table of 5, another player the declarer with four kinds of meld on the felt: the plate shows every meld's name and
    points whole, inside its plate and the plate inside the felt's middle, its cards at least 22 px wide (three
    quarters of a phone's 30 px, the corner index still readable)."""
    v = big_declarer_meld("auction", 5, 4)

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for theme in ("light", "dark"):
            ctx, page, _ = open_fixture(browser, server.url, v, errors, theme=theme, size=size)
            settle(page)
            shot(page, f"declarer-meld-{size[0]}-{theme}")
            out[theme] = page.evaluate(PLATE_WORDS, v["declarer"])
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for theme, got in out.items():
        assert got["rows"] >= 4 and got["shown"] == got["rows"], (theme, got)
        assert got["cut"] == [] and got["whole"], (theme, got)
        assert got["fan"] == "shown" and got["card"] >= 22, (theme, got)


# ---------------------------------------------------------------- the four-colour deck: every suit symbol

SUIT_COLOURS = """() => {
  const seen = (e) => e.getClientRects().length > 0;
  const colour = (e) => getComputedStyle(e).color;
  const out = {cards: {}, chips: {}, trump: {}, meldIf: {}};
  for (const t of 'SHDC') {
    const card = document.createElement('span');
    card.className = `card suit-${t} ${'HD'.includes(t) ? 'red' : 'black'}`;
    document.body.append(card);
    out.cards[t] = colour(card);
    card.remove();
    const chip = [...document.querySelectorAll(`#contract .suit-chip.suit-${t}`)].filter(seen)[0];
    if (chip) out.chips[t] = colour(chip);
    const b = document.querySelector(`[data-testid=trump-${t}] .sym`);
    if (b && seen(b)) out.trump[t] = colour(b);
    const m = document.querySelector(`[data-testid=meld-if-${t}] .sym`);
    if (m && seen(m)) out.meldIf[t] = colour(m);
  }
  return out;
}"""


def four_colour_views() -> dict[str, dict[str, Any]]:
    """South's views of the table game: your bid (your meld per suit shown), naming trump, and play with
    diamonds trump and with clubs trump (the top bar's chip)."""
    out = {"bid": pair("table", lambda a, b: "bid" in legal(a))[0],
           "trump": pair("table", lambda a, b: "trump" in legal(a))[0]}
    for t in "DC":
        out[f"play-{t}"] = pair("table", lambda a, b, t=t: a["trump"] == t and a["phase"] == "play" and "play" in legal(a))[0]
    return out


@pytest.mark.parametrize("four", [True, False], ids=["four-colour", "two-colour"])
def test_the_four_colour_deck_colours_every_suit_symbol_as_the_cards(server: Any, four: bool) -> None:  # noqa: F811
    """With the four-colour deck on, the top bar's trump chip, the trump choice's buttons and your meld per suit
    show diamonds and clubs in the colours of the cards (not red and black): ♦ differs from ♥ and ♣ from ♠; off,
    ♦ is ♥'s red and ♣ is ♠'s black. At 390x844 and 360x740, light and dark."""
    vs = four_colour_views()

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for (name, v), (size, theme) in zip(vs.items(), [((390, 844), "light"), ((360, 740), "dark")] * 2):
            ctx, page, _ = open_fixture(browser, server.url, v, errors, theme=theme, size=size)
            page.evaluate(f"localStorage.setItem('pinochle.settings', JSON.stringify({{fourColour: {str(four).lower()}}}))")
            page.reload()
            page.wait_for_function("() => document.body.dataset.screen === 'table' && document.querySelector('#hand button.card')")
            settle(page)
            shot(page, f"suits-{'four' if four else 'two'}-{name}-{theme}")
            out[name] = page.evaluate(SUIT_COLOURS)
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    cards = out["bid"]["cards"]
    got = {"trump buttons": out["trump"]["trump"], "meld per suit": out["bid"]["meldIf"], "cards": cards,
           "top bar D": out["play-D"]["chips"], "top bar C": out["play-C"]["chips"]}
    assert set(got["trump buttons"]) == set("SHDC") and set(got["meld per suit"]) == set("SHDC"), got
    assert list(got["top bar D"]) == ["D"] and list(got["top bar C"]) == ["C"], got

    def rgb(c: str) -> tuple[int, ...]:
        return tuple(int(x) for x in c[c.index("(") + 1:c.index(")")].split(",")[:3])

    def hue(c: str) -> str:
        r, g, b = rgb(c)
        return "blue" if b > r + 60 and b > g else "green" if g > r + 60 and g > b else "red" if r > g + 60 and r > b + 60 else "black"

    # every suit symbol as the cards: with the setting on blue diamonds and green clubs, off red and black
    want = {"S": "black", "H": "red", "D": "blue" if four else "red", "C": "green" if four else "black"}
    for what, colours in got.items():
        assert {t: hue(c) for t, c in colours.items()} == {t: want[t] for t in colours}, (what, colours)
    for what in ("trump buttons", "meld per suit", "cards"):
        c = got[what]
        assert (c["D"] != c["H"] and c["C"] != c["S"]) is four, (what, c)


# ---------------------------------------------------------------- the score line's counters at the hand's end

TABLE_AND_SUMMARY = """(sides) => {
  const out = {};
  for (const side of sides) {
    const item = (key) => document.querySelector(`[data-testid=side-${side}-${key}] strong`)?.textContent ?? null;
    // a set side's counters are struck through, "not scored" (data-struck): still the counters it took
    const part = (label) => { const td = document.querySelector(`#summary-dialog tr.part-row[data-label="${label}"] td[data-col="${side}"]`);
      return td?.dataset.points || td?.dataset.struck || null; };
    out[side] = {table: {counters: item('counters'), last: item('last-trick')}, summary: {counters: part('Counters'), last: part('Last trick')}};
  }
  return out;
}"""


@pytest.mark.parametrize("game", ["table", "turned-trump", "double-deck"])
def test_the_score_lines_counters_agree_with_the_summary_at_the_hands_end(server: Any, game: str) -> None:  # noqa: F811
    """A hand's end: each side's counters in the score line are the summary's Counters row, and the side that took
    the last trick shows its bonus apart, as the summary's Last trick row; a side without it shows none."""
    v = hand_end(game)
    assert v["last_hand"]["number"] == v["hand_number"], (v["last_hand"]["number"], v["hand_number"])

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, page, _ = open_fixture(browser, server.url, v, errors, theme="light", size=(390, 844))
        page.locator("#summary-dialog tr.part-row").first.wait_for()
        settle(page)
        shot(page, f"counters-{game}-summary")
        out = page.evaluate(TABLE_AND_SUMMARY, list(v["sides"]))
        page.locator("#summary-dialog .btn.primary").first.evaluate("b => b.closest('dialog').close()")
        settle(page)
        shot(page, f"counters-{game}-table")
        ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    lasts = 0
    for side, got in out.items():
        assert got["summary"]["counters"] is not None, (side, got)
        assert got["table"]["counters"] == got["summary"]["counters"], (side, got)
        assert got["table"]["last"] == got["summary"]["last"], (side, got)
        lasts += got["table"]["last"] is not None
    assert lasts == 1, out


# ---------------------------------------------------------------- a desktop: your hand whole in the window

HAND_IN_WINDOW = """() => {
  const cards = [...document.querySelectorAll('#hand button.card')].map((c) => c.getBoundingClientRect());
  return {n: cards.length, below: cards.filter((r) => r.bottom > innerHeight + 0.5 || r.top < 0).length,
          bottom: Math.max(...cards.map((r) => r.bottom)), scroll: document.documentElement.scrollHeight - innerHeight};
}"""


def desktop_views() -> dict[str, dict[str, Any]]:
    """South's views in every game's layout that a desktop's height is short for."""
    return {
        "table-bid": pair("table", lambda a, b: "bid" in legal(a))[0],
        "double-deck-bid": pair("double-deck", lambda a, b: "bid" in legal(a))[0],
        "auction5-bid": pair("auction", lambda a, b: "bid" in legal(a), 5)[0],
        "partnership-pass-give": pair("partnership-pass", lambda a, b: "give" in legal(a))[0],
        "table-meld": triple("table", melds_laid)[1],
        "two-handed-melds": pair("two-handed", lambda a, b: a["turn"] == "S" and "play" in legal(a)
                                 and sum(len(x) for x in (a.get("table") or {}).values()) >= 8)[0],
    }


@pytest.mark.parametrize("size", [(1440, 900), (1440, 789), (1366, 768)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_your_hand_lies_whole_in_a_desktop_window(server: Any, size: tuple[int, int]) -> None:  # noqa: F811
    """Every card of your hand lies whole inside the window and the page does not scroll, in each layout; 1440x789 is
    a 1440x900 screen's window under a browser's own bars."""
    vs = desktop_views()

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for i, (name, v) in enumerate(vs.items()):
            theme = "dark" if i % 2 else "light"
            ctx, page, _ = open_fixture(browser, server.url, v, errors, theme=theme, size=size)
            settle(page)
            shot(page, f"desktop-hand-{name}-{size[0]}-{theme}")
            out[name] = page.evaluate(HAND_IN_WINDOW)
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for name, got in out.items():
        assert got["n"] > 0 and got["below"] == 0 and got["scroll"] <= 0, (name, got)


# ---------------------------------------------------------------- two-handed on the smallest phone

def meld_kinds(v: dict[str, Any], seat: str) -> int:
    return len({m for t in (v.get("table") or {}).get(seat, []) for m in t["melds"]})


def two_handed_both_melded(n: int) -> list[dict[str, Any]]:
    """``n`` two-handed views (of different matches) of your turn to play with two kinds of meld or more of each
    player on the table."""
    out = []
    for seed in range(1, 40):
        for v in views("two-handed", seed):
            if v["turn"] == "S" and "play" in legal(v) and meld_kinds(v, "S") >= 2 and meld_kinds(v, "N") >= 2:
                out.append(v)
                break
        if len(out) >= n:
            return out
    raise AssertionError("too few two-handed tables with both players' melds")


SMALL_FIT = """() => {
  const cards = [...document.querySelectorAll('#hand button.card')].map((c) => c.getBoundingClientRect());
  const board = [...document.querySelectorAll('#felt .board-bottom .card.board')].map((c) => c.getBoundingClientRect());
  return {scroll: document.documentElement.scrollHeight - innerHeight, hint: !!document.querySelector('[data-testid=hint-button]'),
          out: cards.filter((r) => r.bottom > innerHeight + 0.5).length, n: cards.length, board: board.length,
          small: board.filter((r) => r.width < 44 || r.height < 44).length};
}"""


def test_two_handed_with_both_players_melds_fits_the_smallest_phone(server: Any) -> None:  # noqa: F811
    """320x568, light and dark, the Hint shown: no scroll, your hand whole, your melded cards 44 px targets."""
    vs = two_handed_both_melded(3)

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for i, v in enumerate(vs):
            theme = "dark" if i % 2 else "light"
            ctx, page, _ = open_fixture(browser, server.url, v, errors, theme=theme, size=(320, 568))
            settle(page)
            shot(page, f"two-handed-melds-320-{i}-{theme}")
            out[str(i)] = page.evaluate(SMALL_FIT)
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for i, got in out.items():
        assert got["hint"] and got["n"] > 0 and got["board"] >= 2, (i, got)
        assert got["scroll"] <= 0 and got["out"] == 0 and got["small"] == 0, (i, got)


# ---------------------------------------------------------------- the hint's reason hides the status line's glow

STATUS_UNDER_REASON = """() => {
  const st = getComputedStyle(document.getElementById('status'));
  const reason = document.getElementById('hint-reason');
  return {reason: reason.textContent !== '' && reason.getClientRects().length > 0, shadow: st.boxShadow,
          background: st.backgroundColor, color: st.color};
}"""


@pytest.mark.parametrize("size", [(360, 740), (390, 844)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_hints_reason_shows_no_edge_of_the_status_line(server: Any, size: tuple[int, int]) -> None:  # noqa: F811
    """The reason shown: the status line under it has no glow, no pill and no visible words (transparent)."""
    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for theme in ("light", "dark"):
            page = open_page(browser, size, errors, theme=theme)
            start_solo(page, server.url)
            hint_once(page)
            shot(page, f"hint-reason-{size[0]}-{theme}")
            out[theme] = page.evaluate(STATUS_UNDER_REASON)
            page.context.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for theme, got in out.items():
        assert got["reason"], (theme, got)
        assert got["shadow"] == "none" and got["background"] == "rgba(0, 0, 0, 0)" and got["color"] == "rgba(0, 0, 0, 0)", (theme, got)
