"""More finishing touches of the table, from a fresh reviewer's findings, checked in the real page (Chromium).

1. A card played never lies over a seat: while it flies from its player's seat to the centre (sampled on every
   frame, motion on) and once it has landed, its box meets no seat's box, name or badge nor a player sitting out
   on the bench, at 1440x900, 390x844 and 360x740: cutthroat (3 seats), the table game (4), two-handed (2) and auction at
   a table of 5 chairs; nor over a player's name under the trick (its own comes when it lands). It sets out from
   the edge of its player's seat that faces the centre.
2. At a table of 4 or 5 chairs the computer players are named by their places round the table (West, North, East;
   at 5 North-west and North-east), as the other games name their seats; a player sitting out shows "Total".
3. The seal of the shuffle reads "Deal sealed · check it after the match", then "Verify"; its figures on demand.
4. Two-handed's melds on the felt on a phone: the opponent's cards readable, nothing cut.
5. The rules open with their title and first section at once (fetched ahead, kept).
6. On a phone the Hint's reason lies over no seat, no card of your hand and no button.
7. Home says where a Quick Match stands after its first hand, and nothing once you have left it.

Screenshots go to $PINOCHLE_SHOTS when it is set.
"""

from __future__ import annotations

from typing import Any

import pytest

from .browser_support import in_browser, module_server, shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import server, settle  # noqa: F401  (server: the module's live server)
from .test_browser_status_follows import IDLE, View, moving_page, pair


# ---------------------------------------------------------------- a card played, clear of the seats

# On every frame (and once more when called with a true `once`): each card of the trick, as drawn (its flight
# included, once it can be seen), against every seat's box, name and badges and the bench's players.
CARD_SAMPLER = """(once) => {
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const look = () => {
    const out = [];
    const seats = [...document.querySelectorAll('#felt > .seat, #felt > .seat .seat-name, #felt > .seat .badge, #bench [data-testid^=bench-chair-]')]
      .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden');
    // the players' names under the trick's cards, once they can be seen
    const names = [...document.querySelectorAll('#centre .slot .slot-who')]
      .filter((e) => e.getClientRects().length && getComputedStyle(e).display !== 'none' && Number(getComputedStyle(e).opacity) >= 0.05);
    for (const c of document.querySelectorAll('#centre .slot .card')) {
      const r = c.getBoundingClientRect();
      if (!r.width || Number(getComputedStyle(c).opacity) < 0.05) continue;
      for (const s of seats) {
        if (meet(r, s.getBoundingClientRect())) {
          out.push(`${c.closest('[data-testid]')?.dataset.testid} over ${s.closest('.seat')?.dataset.seat ?? s.dataset.testid} (${s.className})`);
        }
      }
      for (const n of names) {
        if (meet(r, n.getBoundingClientRect())) out.push(`${c.closest('[data-testid]')?.dataset.testid} over the name ${n.textContent}`);
      }
    }
    return out;
  };
  if (once) return look();
  window.__clash = []; window.__seen = 0;
  const sample = () => {
    if (document.getAnimations().some((a) => a.id === 'pinochle-play' && a.playState === 'running')) {
      window.__seen += 1;
      window.__clash.push(...look());
    }
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
  return [];
}"""


def card_played(a: View, b: View) -> bool:
    """``b`` shows one more card in the same trick than ``a``, played by a seat other than yours, and the trick is
    then full (every seat's card on the felt)."""
    if not (a.get("tricks") and b.get("tricks")) or len(a["tricks"]) != len(b["tricks"]):
        return False
    ta, tb = a["tricks"][-1], b["tricks"][-1]
    playing = [s for s in b["seats"] if s not in (b.get("sitting_out") or [])]
    return (len(tb["cards"]) == len(ta["cards"]) + 1 == len(playing) and tb["seats"][-1] != b["seat"]
            and b["hand_number"] == a["hand_number"])


PLAYED_GAMES = {"cutthroat": None, "table": None, "two-handed": None, "auction": 5}
PLAYED_LOOKS = [((1440, 900), "light"), ((390, 844), "dark"), ((360, 740), "light")]


@pytest.mark.parametrize("game", list(PLAYED_GAMES))
def test_a_card_played_never_lies_over_a_seat(server: Any, game: str) -> None:  # noqa: F811
    a, b = pair(game, card_played, PLAYED_GAMES[game])

    def run(browser: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        errors: list[str] = []
        for size, theme in PLAYED_LOOKS:
            ctx, page, script = moving_page(browser, server.url, a, errors, size=size, theme=theme, pace="relaxed")
            page.evaluate(CARD_SAMPLER, False)
            script.view = b
            script.send("move")
            page.wait_for_function("n => document.body.dataset.version === n", arg=str(b["version"]))
            page.wait_for_timeout(120)
            shot(page, f"played-{game}-{size[0]}-{theme}-flying")
            page.wait_for_function(IDLE)
            settle(page)
            shot(page, f"played-{game}-{size[0]}-{theme}-landed")
            out[f"{size[0]}-{theme}"] = {"flying": sorted(set(page.evaluate("window.__clash"))),
                                         "frames": page.evaluate("window.__seen"),
                                         "landed": page.evaluate(CARD_SAMPLER, True),
                                         "cards": page.locator("#centre .slot .card").count()}
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for look, got in out.items():
        assert got["cards"] == len(b["tricks"][-1]["cards"]) and got["frames"] >= 3, (look, got)
        assert got["flying"] == [], (look, got["flying"])
        assert got["landed"] == [], (look, got["landed"])


# ---------------------------------------------------------------- the players' names at a table of 4 or 5

PLACES = {4: ["East", "North", "West"], 5: ["East", "North-east", "North-west", "West"]}

NAMES = """() => ({
  seats: [...document.querySelectorAll('#felt > .seat .seat-name')].map((e) => e.textContent.trim()),
  bench: [...document.querySelectorAll('#bench [data-testid^=bench-chair-]')].map((e) => e.innerText.replace(/\\s+/g, ' ').trim()),
  initials: [...document.querySelectorAll('#felt > .seat .avatar, #bench .avatar')].map((e) => e.dataset.initials || e.textContent.trim()),
  label: document.getElementById('bench').getAttribute('aria-label') || '',
  bar: document.getElementById('match-score').innerText.replace(/\\s+/g, ' ').trim(),
  player: (document.body.innerText.match(/Player \\d/g) || []),
})"""


@pytest.mark.parametrize("players", [4, 5])
def test_the_computer_players_at_a_table_of_chairs_are_named_by_their_places(server: Any, players: int) -> None:  # noqa: F811
    """A solo auction at a table of 4 or 5 from Home: the computer players are named by their places round the
    table as the other games name their seats (West, North, East; at 5 North-west and North-east), on the
    felt, the bench, the top bar (initials NW, NE) and Home's "Continue" line; never "Player 2"; a player
    sitting out shows "Total" before its match total."""
    from .test_browser_home import open_home

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        page = open_home(browser, server.url, (1440, 900), errors, color_scheme="dark", reduced_motion="reduce")
        page.get_by_test_id("game-auction").click()
        page.get_by_test_id("players-select").select_option(str(players))
        page.get_by_test_id("level-easy").click()
        page.wait_for_function("() => document.body.dataset.screen === 'table' && document.body.dataset.busy !== '1'"
                               " && document.querySelectorAll('#felt > .seat').length === 3")
        settle(page)
        shot(page, f"chairs{players}-1440-dark")
        out: dict[str, Any] = {"wide": page.evaluate(NAMES)}
        page.set_viewport_size({"width": 390, "height": 844})
        settle(page)
        shot(page, f"chairs{players}-390-dark")
        out["phone"] = page.evaluate(NAMES)
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        for _ in range(5):  # a hand you sit out plays on: its summary may open at any moment, even between two steps
            if page.get_by_test_id("hand-summary").is_visible():
                page.keyboard.press("Escape")
                page.get_by_test_id("hand-summary").wait_for(state="hidden")
            try:
                page.get_by_test_id("home-button").click(timeout=4000)
                break
            except PlaywrightTimeout:
                continue
        page.get_by_test_id("resume-detail").wait_for()
        out["resume"] = page.get_by_test_id("resume-detail").inner_text()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out["errors"] == []
    everyone = {"You", *PLACES[players]}
    for look in ("wide", "phone"):
        got = out[look]
        assert got["player"] == [], (look, got)
        # "Sitting out this hand: West (dealer), total 0; East, total 0"
        benched = [p.split(",")[0].replace(" (dealer)", "") for p in got["label"].split(": ", 1)[-1].split("; ")]
        assert sorted(got["seats"] + benched) == sorted(everyone), (look, got)
        assert got["bench"] and all("Total" in b for b in got["bench"]), (look, got["bench"])
    if players == 5:
        assert {"NW", "NE"} <= set(out["phone"]["initials"]), out["phone"]
        assert {"NW", "NE"} <= set(out["phone"]["bar"].split()), out["phone"]
    assert all(place in out["resume"] for place in PLACES[players]) and "Player" not in out["resume"], out["resume"]


# ---------------------------------------------------------------- the sealed shuffle in a player's words

SEAL = """() => {
  const seal = [...document.querySelectorAll('[data-testid=seal]')].filter((e) => e.getClientRects().length).pop();
  const words = seal.querySelector('summary');
  const link = seal.querySelector('a');
  const w = words.getBoundingClientRect(), l = link.getBoundingClientRect(), s = seal.getBoundingClientRect();
  return {text: seal.innerText.replace(/\\s+/g, ' ').trim(), words: words.innerText.trim(), title: words.title,
          link: link.innerText.trim(), last: seal.lastElementChild === link,
          // the link at the end of the words' line (or under them on a line of its own when they fill it)
          after: l.left >= w.right - 1 || l.top >= w.bottom - 1,
          inside: s.left >= -0.5 && s.right <= innerWidth + 0.5, wide: document.documentElement.scrollWidth > innerWidth,
          open: seal.querySelector('details').open};
}"""

HEX = r"[0-9a-f]{8}"


@pytest.mark.parametrize("look", [((360, 740), "dark"), ((390, 844), "light"), ((1440, 900), "dark")],
                         ids=lambda x: f"{x[0][0]}-{x[1]}")
def test_the_seal_says_in_a_players_words_that_the_deal_is_sealed(server: Any, look: Any) -> None:  # noqa: F811
    """The score sheet's seal line reads "Deal sealed · check it after the match", then "Verify" (the link to how
    to check it) at its end: no hex on the line itself. The commitment is its tooltip and, opened (by a tap or by
    the keyboard, as a screen reader opens it), the whole figure shows under the words; it stays open when the
    next state redraws the score sheet. At the match's end: "Deal sealed · check it now", the seed and salt under it."""
    import re

    from pinochle.verify import commitment

    from .test_browser_match_end import match_end_view
    from .web_fixtures import Scripted, fixtures

    size, theme = look
    seed, salt = 9_007_199_254_740_993, "0123456789abcdef0123456789abcdef"
    sealed = commitment(seed, salt)

    def run(browser: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        playing, ended = fixtures()["hand-12"], match_end_view("table", 1)
        for name, v, extra in (("playing", playing, {"commitment": sealed}),
                               ("ended", ended, {"commitment": sealed, "seed": str(seed), "salt": salt})):
            ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, reduced_motion="reduce",
                                      color_scheme=theme)
            ctx.set_default_timeout(15_000)
            page = ctx.new_page()
            script = Scripted(v, None, extra)
            page.add_init_script("sessionStorage.setItem('pinochle.screen', 'table')")
            page.route_web_socket("**/ws", script.handler)
            page.goto(server.url)
            if name == "playing":
                page.get_by_test_id("table").wait_for()
                settle(page)
                page.get_by_test_id("scores-button").click()
            else:
                page.wait_for_function("() => document.body.dataset.screen === 'result'")
                settle(page)
            seal = page.get_by_test_id("seal").last
            seal.scroll_into_view_if_needed()
            settle(page)
            got = {"closed": page.evaluate(SEAL)}
            shot(page, f"seal-{name}-{size[0]}-{theme}")
            # opened by the keyboard, as a screen reader's user would
            seal.locator("summary").focus()
            page.keyboard.press("Enter")
            settle(page)
            got["opened"] = page.evaluate(SEAL)
            got["figures"] = seal.get_by_test_id("seal-figures").inner_text()
            shot(page, f"seal-{name}-{size[0]}-{theme}-open")
            if name == "playing":  # the next state redraws the score sheet: still open
                script.show({**v, "version": v["version"] + 1})
                page.wait_for_function("n => document.body.dataset.version === n", arg=str(v["version"] + 1))
                settle(page)
                got["redrawn"] = page.evaluate(SEAL)
            out[name] = got
            ctx.close()
        return out

    out = in_browser(run)
    for name, words in (("playing", "Deal sealed \u00b7 check it after the match"),
                        ("ended", "Deal sealed \u00b7 check it now")):
        got = out[name]
        closed, opened = got["closed"], got["opened"]
        # "Verify" once the match has ended; before, "How it works" (then words for a screen reader)
        assert closed["words"] == words and closed["link"].startswith("Verify" if name == "ended" else "How it works"), closed
        assert closed["last"] and closed["after"], closed  # "Verify" at the end
        assert not re.search(HEX, closed["text"]), closed["text"]  # no figures on the line itself
        assert closed["title"] == f"Seal {sealed}", closed
        assert closed["inside"] and not closed["wide"], closed
        assert opened["open"] and sealed in got["figures"].replace("\n", ""), got
        assert opened["inside"] and not opened["wide"], opened
    assert str(seed) in out["ended"]["figures"] and salt in out["ended"]["figures"], out["ended"]
    assert out["playing"]["redrawn"]["open"], out["playing"]


# ---------------------------------------------------------------- two-handed's melds on the felt, on a phone

def melds_and_a_draw(a: View, b: View) -> bool:
    """``b``: North has two melds on the table (five cards or more), you have melded four cards or more, you have
    just drawn (the hand shows a card "new") and it is your turn."""
    t = b.get("table") or {}
    return (b["hand_number"] == a["hand_number"] and len(t.get("N", [])) >= 5 and len(t.get("S", [])) >= 4
            and (b.get("stock_left") or 0) < (a.get("stock_left") or 0) and b["turn"] == "S")


BOARD = """() => {
  const felt = document.getElementById('felt').getBoundingClientRect();
  const cards = [...document.querySelectorAll('#felt .board-top .card.oboard')].map((c) => {
    const r = c.getBoundingClientRect();
    const next = c.nextElementSibling?.getBoundingClientRect();
    // the part of the card in sight: up to the next card of its meld (which lies over it), else all of it
    return {card: c.dataset.card, width: r.width, height: r.height, seen: next ? next.left - r.left : r.width,
            inside: r.left >= felt.left - 0.5 && r.right <= felt.right + 0.5};
  });
  const names = [...document.querySelectorAll('#felt .group-name')].map((n) => {
    const r = n.getBoundingClientRect();
    return {text: n.innerText, cut: n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1,
            inside: r.left >= felt.left - 0.5 && r.right <= felt.right + 0.5};
  });
  // a card just drawn wears "new" over its top edge (a ::after): whole in sight, no box of the page clipping it
  // and nothing lying over it
  const badges = [...document.querySelectorAll('#hand .card.drawn, #hand .card.returned')].map((c) => {
    const r = c.getBoundingClientRect();
    const after = getComputedStyle(c, '::after');
    const top = r.top + parseFloat(after.top);
    let clip = null;
    for (let e = c.parentElement; e && e !== document.body; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.overflowY !== 'visible' || s.overflowX !== 'visible') {
        const q = e.getBoundingClientRect();
        if (top < q.top - 0.5) clip = e.id || e.className;
      }
    }
    const x = r.left + r.width / 2, y = top + 4;
    const hit = document.elementFromPoint(x, y);
    return {card: c.dataset.card, top, clip, onTop: hit === c, inView: top >= 0};
  });
  return {cards, names, badges, scroll: document.scrollingElement.scrollHeight - innerHeight};
}"""


@pytest.mark.parametrize("size", [(320, 568), (360, 740), (390, 844)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_two_handeds_melds_on_a_phone_can_be_read(server: Any, size: tuple[int, int]) -> None:  # noqa: F811
    """Two-handed on a phone, North's melds on the table and yours, a card just drawn: North's melded cards are at
    least 36 px wide, each meld's cards fanned so that at least 20 px of each (its corner index) is in sight;
    every meld's name is whole and on the felt; the "new" on the card drawn is whole, over everything, and no
    box clips it; the page does not scroll (at 360 and 390). Light at 320 and 390, dark at 360."""
    a, b = pair("two-handed", melds_and_a_draw)
    theme = "dark" if size[0] == 360 else "light"

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, page, script = moving_page(browser, server.url, a, errors, size=size, theme=theme)
        script.view = b
        script.send("move")
        page.wait_for_function("n => document.body.dataset.version === n", arg=str(b["version"]))
        page.wait_for_function(IDLE)
        settle(page)
        shot(page, f"two-handed-melds-{size[0]}-{theme}")
        out: dict[str, Any] = page.evaluate(BOARD)
        out["errors"] = errors
        ctx.close()
        return out

    out = in_browser(run)
    assert out["errors"] == []
    assert len(out["cards"]) >= 5, out["cards"]
    assert all(c["width"] >= 36 and c["seen"] >= 20 and c["inside"] for c in out["cards"]), out["cards"]
    assert out["names"] and all(not n["cut"] and n["inside"] for n in out["names"]), out["names"]
    assert out["badges"], "no card drawn shows new"
    assert all(b["clip"] is None and b["onTop"] and b["inView"] for b in out["badges"]), out["badges"]
    if size[0] > 320:  # at 320x568 this table (two melds each, the Hint) still scrolls, by 14 px (29 before): not fixed here
        assert out["scroll"] <= 1, out["scroll"]


# ---------------------------------------------------------------- the rules open at once

ARTICLE_DONE = """(path) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(path) && e.responseEnd > 0)"""

FIRST_SECTION = """() => {
  const dialog = document.getElementById('rules-dialog');
  const body = document.getElementById('rules-body');
  const heading = body.querySelector('h3');
  const para = heading && heading.nextElementSibling;
  const d = dialog.getBoundingClientRect();
  const seen = (e) => { if (!e) return false; const r = e.getBoundingClientRect();
    return r.height > 0 && r.top >= d.top - 0.5 && r.top < d.bottom; };
  return {open: dialog.open, title: document.getElementById('rules-title').textContent,
          heading: heading ? heading.textContent : null, first: seen(heading) && seen(para),
          sections: body.querySelectorAll('h3').length, busy: body.getAttribute('aria-busy')};
}"""


@pytest.mark.parametrize("look", [((1440, 900), "light"), ((390, 844), "dark")], ids=lambda x: f"{x[0][0]}-{x[1]}")
def test_the_rules_open_with_their_title_and_first_section_at_once(server: Any, look: Any) -> None:  # noqa: F811
    """The table's Rules (?) open without waiting for the server: the game's rules are fetched ahead while the table
    is idle, so that once the page has settled, with the server's answers to the rules held back from then on, a
    tap on Rules shows the dialog with the game's title and its first section in sight within a second (the held
    answer would take far longer), and the rest of the rules under it. (The fetch was nearly all of the 1-2 s
    the dialog took to open; the rest, the layout of the page, is tens of milliseconds.)"""
    from .web_fixtures import Scripted, fixtures

    size, theme = look

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, color_scheme=theme,
                                  reduced_motion="reduce")
        ctx.set_default_timeout(15_000)
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        v = fixtures()["hand-12"]
        page.add_init_script("sessionStorage.setItem('pinochle.screen', 'table')")
        page.route_web_socket("**/ws", Scripted(v).handler)
        page.goto(server.url)
        page.get_by_test_id("table").wait_for()
        settle(page)
        page.wait_for_function(ARTICLE_DONE, arg="/how-to-play/table/article", timeout=10_000)
        held: list[Any] = []
        page.route("**/how-to-play/**/article", lambda route: held.append(route))
        page.get_by_test_id("rules-link").click()
        out: dict[str, Any] = {}
        try:
            page.wait_for_function(f"() => ({FIRST_SECTION})().first", timeout=1000)
        except Exception as e:  # noqa: BLE001  (the dialog did not show its rules in time: say what it showed)
            out["late"] = str(e).splitlines()[0]
        out.update(page.evaluate(FIRST_SECTION))
        shot(page, f"rules-{size[0]}-{theme}")
        out["held"] = len(held)
        for route in held:
            route.continue_()
        out["errors"] = errors
        ctx.close()
        return out

    out = in_browser(run)
    assert out["errors"] == []
    assert "late" not in out, out
    assert out["open"] and out["title"] == "How to play Pinochle" and out["first"], out
    assert out["sections"] > 3 and out["busy"] is None, out  # the rest of the rules under it


# ---------------------------------------------------------------- the Hint's reason covers nothing of yours

HINT_CLASH = """() => {
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const reason = document.getElementById('hint-reason');
  const r = reason.getBoundingClientRect();
  const seen = (e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden';
  const others = [
    ...[...document.querySelectorAll('#felt > .seat, #bench [data-testid^=bench-chair-]')].map((e) => [e, `seat ${e.dataset.seat ?? e.dataset.testid}`]),
    ...[...document.querySelectorAll('#hand button.card')].map((e) => [e, `card ${e.dataset.card}`]),
    ...[...document.querySelectorAll('button, a.btn, [role=button]')].filter((e) => !e.closest('#hint-box') && !e.closest('dialog'))
      .map((e) => [e, `button ${e.dataset.testid || e.id || e.textContent.trim()}`]),
  ].filter(([e]) => seen(e));
  return {reason: reason.textContent, box: [r.left, r.top, r.right, r.bottom], inside: r.left >= 0 && r.right <= innerWidth && r.top >= 0 && r.bottom <= innerHeight,
          over: others.filter(([e]) => meet(r, e.getBoundingClientRect())).map(([, name]) => name)};
}"""


@pytest.mark.parametrize("game", ["table", "cutthroat"])
def test_the_hints_reason_covers_no_seat_card_or_button(server: Any, game: str) -> None:  # noqa: F811
    """A solo match from Home on a phone and a tablet (360x740 dark, 390x844 light, 768x1024 dark): at your first move the Hint's reason lies
    over no seat, no card of your hand and no button (but the Hint's own), whole on the screen."""
    from .test_browser_hints import hint_once

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for size, theme in (((360, 740), "dark"), ((390, 844), "light"), ((768, 1024), "dark")):
            ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, reduced_motion="reduce",
                                      color_scheme=theme)
            ctx.set_default_timeout(15_000)
            page = ctx.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(server.url)
            page.get_by_test_id(f"game-{game}").click()
            page.get_by_test_id("level-easy").click()
            page.wait_for_function("() => document.body.dataset.screen === 'table'")
            hint_once(page)
            shot(page, f"hint-{game}-{size[0]}-{theme}")
            out[f"{size[0]}-{theme}"] = page.evaluate(HINT_CLASH)
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for look, got in out.items():
        assert got["reason"], (look, got)
        assert got["over"] == [] and got["inside"], (look, got)


# ---------------------------------------------------------------- Home after a Quick Match's first hand

quick_server = module_server("polish2-quick", "--search-seconds", "0")

TO_HAND_END = """() => { const b = document.body.dataset; return b.phase === 'hand_end' || b.phase === 'match_end'; }"""


def play_to_hand_end(page: Any) -> None:
    """Your moves (pass, name the first trump, the first card you may play) to the hand's end."""
    from .test_browser import body

    for _ in range(80):
        page.wait_for_function("() => { const b = document.body.dataset; return b.busy !== '1' && ((b.legal || '') !== ''"
                               " || b.phase === 'hand_end' || b.phase === 'match_end'); }")
        if page.evaluate(TO_HAND_END):
            return
        dialog = page.get_by_test_id("meld-dialog")
        if dialog.is_visible():
            page.get_by_test_id("meld-close").click()
            dialog.wait_for(state="hidden")
        legal = body(page, "legal").split(",")
        version = body(page, "version")
        if "pass" in legal:
            page.get_by_test_id("pass-button").click()
        elif "trump" in legal:
            page.locator("[data-testid^=trump-]").first.click()
        elif "play" in legal:
            page.locator("#hand button.card[data-legal=true]").first.click()
        else:
            raise AssertionError(f"an unexpected move: {legal}")
        page.wait_for_function("v => document.body.dataset.version !== v || document.body.dataset.phase === 'hand_end'",
                               arg=version)
    raise AssertionError("the hand did not end")


def test_home_says_where_a_quick_match_stands_after_its_first_hand(quick_server: Any) -> None:  # noqa: F811
    """A Quick Match (computers fill the table at once) played to its first hand's end: Home then says "Hand 1 over
    · next hand soon"; after "Leave table" Home offers no way back to it, nor after a reload. (A reviewer saw
    "Hand 1" there after the first hand had ended; not seen again here, nor after "Next hand" then Home, which says
    "Hand 2": this test keeps watch.)"""

    def run(browser: Any) -> dict[str, Any]:
        from .test_browser_home import open_home

        errors: list[str] = []
        out: dict[str, Any] = {}
        page = open_home(browser, quick_server.url, (1440, 900), errors, color_scheme="light", reduced_motion="reduce")
        page.get_by_test_id("name-input").fill("Kate")
        page.get_by_test_id("quick-match").click()
        page.wait_for_function("() => document.body.dataset.screen === 'table'")
        play_to_hand_end(page)
        summary = page.get_by_test_id("hand-summary")
        if summary.is_visible():
            page.keyboard.press("Escape")
            summary.wait_for(state="hidden")
        page.get_by_test_id("home-button").click()
        page.get_by_test_id("seat-resume-detail").wait_for()
        settle(page)
        out["over"] = page.get_by_test_id("seat-resume-detail").inner_text()
        shot(page, "quick-home-after-hand-1")
        # leave the table from Home: no way back to it is offered, now nor after a reload
        page.get_by_test_id("seat-leave").click()
        confirm = page.locator("dialog[open] .btn.primary, dialog[open] [data-testid=confirm-ok]")
        if confirm.count():
            confirm.first.click()
        page.wait_for_timeout(1500)
        out["left"] = page.evaluate("() => [document.getElementById('seat-box').hidden, document.getElementById('seat-resume-detail').textContent]")
        shot(page, "quick-home-after-leave")
        page.reload()
        page.get_by_test_id("home").wait_for()
        page.wait_for_timeout(1500)
        out["reloaded"] = page.evaluate("() => [document.getElementById('seat-box').hidden, document.getElementById('seat-resume-detail').textContent]")
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out["errors"] == []
    assert out["over"] == "Hand 1 over \u00b7 next hand soon", out
    assert out["left"][0] is True and out["reloaded"][0] is True, out


def test_rules_not_yet_fetched_say_they_are_loading(server: Any) -> None:  # noqa: F811
    """With the server's answers to the rules held back from the start (a tap before they are fetched ahead), the
    dialog opens at once and says "Loading the rules…"; once the answer comes, the game's rules replace it."""
    from .web_fixtures import Scripted, fixtures

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, reduced_motion="reduce")
        ctx.set_default_timeout(15_000)
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        held: list[Any] = []
        page.route("**/how-to-play/**/article", lambda route: held.append(route))
        page.add_init_script("sessionStorage.setItem('pinochle.screen', 'table')")
        page.route_web_socket("**/ws", Scripted(fixtures()["hand-12"]).handler)
        page.goto(server.url)
        page.get_by_test_id("table").wait_for()
        settle(page)
        page.get_by_test_id("rules-link").click()
        page.get_by_test_id("rules-dialog").wait_for(timeout=1000)
        out: dict[str, Any] = {"loading": page.get_by_test_id("rules-body").inner_text(),
                               "title": page.locator("#rules-title").inner_text()}
        for route in held:
            route.continue_()
        page.wait_for_function("() => document.getElementById('rules-title').textContent !== 'Rules'")
        out["after"] = page.locator("#rules-title").inner_text()
        out["sections"] = page.locator("#rules-body h3").count()
        out["errors"] = errors
        ctx.close()
        return out

    out = in_browser(run)
    assert out["errors"] == []
    assert out["loading"] == "Loading the rules\u2026" and out["title"] == "Rules", out
    assert out["after"] == "How to play Pinochle" and out["sections"] > 3, out
