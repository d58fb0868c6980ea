"""The seventh review's findings on the felt, Home and the nits, in the real page.

- Every game with a widow draws it face down in the middle of the felt through the auction (the view's
  ``widow_down``), and turns it up when the declarer takes it.
- Cutthroat's deal made with the meld alone (no card played): the declarer's meld lies on the felt, and the
  widow beside it, the meld pause before the hand's summary opens (it opened at once, the meld never seen).
- At Fast pace the meld's plates were still arriving when a computer led: the meld pause (Fast 2 s) counted
  from when the first plate was drawn, not from when the last had landed. Now the whole meld lies still, on
  the felt, the pace's whole pause before the first card gathers it (pinochle/web/felt-anim.js MELD_MS.read).

Screenshots go to $PINOCHLE_SHOTS when it is set (tests/browser_support.py shot).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from pinochle.bots import for_level
from pinochle.cards import Seat
from pinochle.game import State, apply, auto_action, new_match, turn, view

from .browser_support import in_browser, module_server, open_page, shot
from .test_browser_layout import settle
from .web_fixtures import Scripted
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .browser_kit import (Look, at_each, looks, on_fixture, on_home, on_scripted, pass_until, seed_stats, start_table,
                          watch_socket)

server = module_server("felt7")
#: the module's server's address, for the tests that need only it (filled by a fixture)
server_url: list[str] = []


@pytest.fixture(autouse=True)
def _url(server: Any) -> None:
    server_url[:] = [server.url]

#: when every plate of the meld had landed and lay still (no plate arriving, each whole), and when the first
#: plate then began to move again (gathered up) or left the felt (performance.now(), a frame-by-frame watch)
STILL = """() => {
  window.__still = {landed: null, moved: null};
  const t = window.__still;
  const tick = () => {
    const now = performance.now();
    const plates = [...document.querySelectorAll('#felt-melds .felt-meld')];
    const arriving = document.getAnimations().some(a => a.id === 'pinochle-meld' && a.playState === 'running');
    const whole = plates.length > 0 && plates.every(p => {
      const cs = getComputedStyle(p);
      return cs.opacity === '1' && (cs.scale === 'none' || cs.scale === '1');
    });
    if (t.landed === null && whole && !arriving) t.landed = now;
    else if (t.landed !== null && t.moved === null && !whole) t.moved = now;
    if (t.moved === null) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""


def meld_still(page: Any, url: str, pace: str) -> dict[str, Any] | None:
    """A solo table match at ``pace`` (South passes every bid) up to the first card gathering the meld; when the
    plates had landed and when they moved again, or None when South was left with the bid."""
    start_table(page, url, pace=pace)
    page.evaluate(STILL)
    if not pass_until(page, "() => window.__still.moved !== null") and page.locator("[data-testid^=trump-]:visible").count():
        return None  # South is stuck with the bid: no computer leads
    shot(page, f"felt7-meld-{pace}")
    return dict(page.evaluate("() => window.__still"))


def test_at_fast_pace_the_whole_meld_lies_still_the_meld_pause_before_a_computers_lead(server: Any) -> None:
    def run(browser: Any) -> dict[str, Any] | None:
        errors: list[str] = []
        got = None
        for _ in range(4):
            page = open_page(browser, (360, 740), errors, theme="dark", reduce=False)
            got = meld_still(page, server.url, "fast")
            page.context.close()
            if got is not None:
                break
        assert errors == []
        return got

    t = in_browser(run)
    assert t is not None and None not in t.values(), t
    # Fast's meld pause is 2 s: every plate whole and still for all of it. The slack is a few frames: on a loaded
    # machine the frame watch sees the plates land up to ~65 ms after the page's own timer starts (a clean-clone
    # run at load 15 measured 1,935 ms); counting from the plates' first drawing instead gave 1,630 ms
    assert t["moved"] - t["landed"] >= 2000 - 150, t


def meld_alone_deal(seed: int) -> tuple[State, State]:
    """The first deal of a cutthroat match of Easy players (``seed``) made with the meld alone: the state in
    which its declarer names trump, and the state at its end (no card played)."""
    s = new_match(seed=seed, game="cutthroat")
    bot = for_level("easy", seed)
    before = s
    for _ in range(20000):
        if s.phase == "hand_end" and s.declarer is not None and not s.tricks and not s.conceded:
            return before, s
        assert s.phase != "match_end"
        if s.phase == "trump":
            before = s
        seat = turn(s)
        assert seat is not None
        s = apply(s, auto_action(s) or bot.act(view(s, seat)))
    raise AssertionError(f"no deal made with the meld alone in match {seed}")


#: when the meld's plates were first on the felt, and when the hand's summary opened (performance.now())
SUMMARY_WAITS = """() => {
  window.__t = {plates: null, summary: null};
  const t = window.__t;
  const tick = () => {
    const now = performance.now();
    if (t.plates === null && document.querySelector('#felt-melds .felt-meld')) t.plates = now;
    if (t.summary === null && document.getElementById('summary-dialog').open) t.summary = now;
    if (t.summary === null) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""


def test_the_widow_lies_face_down_through_the_auction_and_is_turned_up_when_taken(server: Any) -> None:
    s = new_match(seed=2, game="cutthroat")
    while turn(s) != Seat.S:
        s = apply(s, auto_action(s) or for_level("easy", 2).act(view(s, turn(s) or Seat.S)))
    auction = view(s, Seat.S).to_json()
    before, _ = meld_alone_deal(2)
    naming = view(before, Seat.S).to_json()

    sockets: list[Scripted] = []

    def measure(page: Any, look: Look) -> dict[str, Any]:
        shot(page, f"felt7-widow-auction-{look.size[0]}-{look.theme}")
        down = page.evaluate("""() => {
          const w = document.querySelector('#centre [data-testid=widow]');
          return w && {backs: w.querySelectorAll('.pile-cards > *').length,
                       faces: w.querySelectorAll('[data-card]').length, label: w.getAttribute('aria-label'),
                       inMiddle: Boolean(w.closest('#centre'))};
        }""")
        sockets[-1].show(naming)
        page.wait_for_function("() => document.querySelector('#centre [data-testid=widow].up')")
        settle(page)
        up = page.evaluate("""() => {
          const w = document.querySelector('#centre [data-testid=widow]');
          return {cards: [...w.querySelectorAll('[data-card]')].map(c => c.dataset.card),
                  caption: w.querySelector('figcaption').textContent};
        }""")
        return {"down": down, "up": up}

    out = at_each(looks(("dark", (360, 740)), ("light", (1440, 900))), on_scripted(server.url, auction, script=sockets.append),
                  measure, lambda key: "felt7-widow-up-{1}-{0}".format(*key.split("-")))
    for where, got in out.items():
        assert got["down"] == {"backs": 3, "faces": 0, "label": "Widow: 3 cards face down", "inMiddle": True}, where
        assert sorted(got["up"]["cards"]) == sorted(naming["widow"]), where
        assert got["up"]["caption"] == f"{'East' if naming['widow_taken_by'] == 'E' else 'West'} took the widow", where


def test_a_deal_made_with_the_meld_alone_lies_on_the_felt_the_meld_pause_before_its_summary(server: Any) -> None:
    before, end = meld_alone_deal(2)
    naming, over = view(before, Seat.S).to_json(), view(end, Seat.S).to_json()
    declarer = over["declarer"]
    assert over["last_hand"]["played"] is False and over["last_hand"]["made"] is True

    sockets: list[Scripted] = []

    def measure(page: Any, _: Look) -> dict[str, Any]:
        page.wait_for_timeout(300)
        page.evaluate(SUMMARY_WAITS)
        sockets[-1].show(over)
        page.wait_for_function("() => window.__t.plates !== null")
        page.wait_for_timeout(1500)
        shot(page, "felt7-meld-alone")
        mid = page.evaluate("""() => ({
          summary: document.getElementById('summary-dialog').open,
          plates: [...document.querySelectorAll('#felt-melds .felt-meld')].map(p => p.dataset.seat),
          widow: document.querySelector('[data-testid=widow]')?.getAttribute('aria-label') ?? null})""")
        page.wait_for_function("() => window.__t.summary !== null", timeout=15000)
        return {"mid": mid, "t": page.evaluate("() => window.__t")}

    out = at_each(looks(("dark", (360, 740))), on_scripted(server.url, naming, reduce=False, script=sockets.append), measure,
                  lambda _: "felt7-meld-alone-summary")["dark-360"]
    # the declarer's meld on the felt, the widow beside it, and no summary over them yet
    assert out["mid"]["summary"] is False and out["mid"]["plates"] == [declarer], out
    assert out["mid"]["widow"] is not None and "took the widow" in out["mid"]["widow"], out
    # the summary waits the meld pause (Normal: 4 s) from the plates (their lay and a frame's slack inside it)
    assert out["t"]["summary"] - out["t"]["plates"] >= 4000 - 50, out


def test_choosing_another_game_asks_before_the_unfinished_match_is_resumed_or_abandoned(server: Any) -> None:
    """A solo cutthroat match unfinished on the device; Home, the table game chosen, a level: the page names the
    unfinished match and offers both ways, each doing what it says (nothing reopened or lost without a word)."""
    def run(page: Any, _: Look) -> dict[str, Any]:
        start_table(page, None, game="cutthroat")
        out: dict[str, Any] = {}
        for answer in ("resume", "abandon"):
            page.get_by_test_id("home-button").click()
            page.get_by_test_id("resume").wait_for()
            page.get_by_test_id("game-table").click()
            page.get_by_test_id("level-normal").click()
            dialog = page.get_by_test_id("confirm-dialog")
            dialog.wait_for()
            shot(page, f"felt7-home-unfinished-{answer}")
            got = {"title": page.locator("#confirm-title").inner_text(), "text": page.locator("#confirm-text").inner_text(),
                   "ok": page.locator("#confirm-ok").inner_text(), "cancel": page.locator("#confirm-cancel").inner_text(),
                   "gold": page.evaluate("() => [...document.querySelectorAll('#confirm-dialog .btn.primary')].map(b => b.id)")}
            page.evaluate("() => { window.__sent = []; const send = WebSocket.prototype.send;"
                          " WebSocket.prototype.send = function (d) { window.__sent.push(JSON.parse(d)); return send.call(this, d); }; }")
            page.locator("#confirm-cancel" if answer == "resume" else "#confirm-ok").click()
            page.wait_for_function("() => document.body.dataset.screen === 'table'")
            page.wait_for_function("() => (window.__got || []).some(m => m.type === 'state')")
            got["sent"] = [{k: m.get(k) for k in ("type", "game", "level")} for m in page.evaluate("() => window.__sent")]
            got["game"] = page.evaluate("() => window.__got.filter(m => m.type === 'state').at(-1).view.game")
            out[answer] = got
            page.evaluate("() => { window.__got = []; }")
        return out

    out = at_each(looks(("light", (360, 740))), on_home(server.url, init=watch_socket("normal")), run)["light-360"]
    for answer, got in out.items():
        assert got["title"] == "You have an unfinished Cutthroat match", got
        # where it stands, in the words of Home's "Continue your match"
        assert got["text"].startswith("Deal 1 of 9, score You 0 · East 0 · West 0 (Easy). Resume it, or abandon it and start a new Normal Table match"), got
        assert got["cancel"] == "Resume it" and got["ok"] == "Abandon it and start Table", got
        assert got["gold"] == ["confirm-cancel"], got  # the safe choice is the gold button, never the abandoning one
    assert out["resume"]["sent"][-1] == {"type": "resume", "game": None, "level": None} and out["resume"]["game"] == "cutthroat"
    assert out["abandon"]["sent"][-1] == {"type": "new_match", "game": "table", "level": "normal"}, out
    assert out["abandon"]["game"] == "table", out


# ---------------------------------------------------------------- cards in motion: the gathered trick, the "led" tag

#: every frame until `until` ms from now: the rects of the cards (with their opacity) of the animations named
#: `kind` and of the element `avoid`; a list of the frames where a card visible (opacity over 0.1) touches it
WATCH_OVER = """([kind, avoid, until]) => new Promise((done) => {
  const hits = [];
  let seen = 0;
  const end = performance.now() + until;
  const tick = () => {
    const a = document.querySelector(avoid)?.getBoundingClientRect();
    for (const an of document.getAnimations()) {
      if (an.id !== kind || an.playState !== 'running') continue;
      const el = an.effect?.target;
      if (!(el instanceof Element) || !el.classList.contains('card')) continue;
      seen += 1;
      const r = el.getBoundingClientRect();
      const o = Number(getComputedStyle(el).opacity);
      if (a && o > 0.1 && r.left < a.right && r.right > a.left && r.top < a.bottom && r.bottom > a.top) {
        hits.push(`${el.dataset.card} over ${avoid}: ${Math.round(r.left)},${Math.round(r.top)} o=${o.toFixed(2)}`);
      }
    }
    if (performance.now() < end) requestAnimationFrame(tick); else done({hits, seen});
  };
  requestAnimationFrame(tick);
})"""


def next_move(s: State) -> State:
    """The state after the next move of ``s`` (a simple computer player's)."""
    from pinochle.bots import SimplePlayer

    seat = turn(s)
    assert seat is not None
    return apply(s, auto_action(s) or SimplePlayer(1).act(view(s, seat)))


def test_a_trick_gathered_to_partner_never_passes_over_partners_name_at_1440(server: Any) -> None:
    """A trick Partner won, gathered when Partner leads the next (pinochle-gather), and the hand's last trick
    Partner won, swept to Partner before the summary (pinochle-sweep): no card, while it can be seen, lies over
    Partner's name at 1440x900 (the sweep ran straight onto it)."""
    from .test_browser_explain import first_of, south

    won = first_of("table", lambda s: s.phase == "play" and bool(s.tricks) and len(s.tricks[-1].cards) == 4
                   and s.tricks[-1].winner == Seat.N)

    def last_to_partner(s: State) -> bool:
        if s.phase != "play" or len(s.tricks) != 12 or len(s.tricks[-1].cards) != 3:
            return False
        after = next_move(s)
        return after.phase in ("hand_end", "match_end") and after.history[-1].tricks[-1].winner == Seat.N

    last = first_of("table", last_to_partner)
    cases = {"gather": (south(won), south(next_move(won))), "sweep": (south(last), south(next_move(last)))}
    assert len(cases["gather"][1]["tricks"]) == len(cases["gather"][0]["tricks"]) + 1

    sockets: list[Scripted] = []

    def open_case(browser: Any, case: tuple[str, Look], errors: list[str]) -> Any:
        kind, look = case
        return on_scripted(server.url, cases[kind][0], reduce=False, script=sockets.append)(browser, look, errors)

    def measure(page: Any, case: tuple[str, Look]) -> Any:
        kind = case[0]
        page.wait_for_timeout(200)
        page.evaluate(f"() => {{ window.__watch = ({WATCH_OVER})(['pinochle-{kind}', '#felt [data-testid=seat-name-N]', 3500]); }}")
        sockets[-1].show(cases[kind][1])
        page.wait_for_timeout(450 if kind == "gather" else 1300)
        shot(page, f"felt7-{kind}-1440-{case[1].theme}")
        return page.evaluate("() => window.__watch")

    out = at_each([(f"{kind}-{theme}", (kind, Look(theme, (1440, 900)))) for kind in cases for theme in ("light", "dark")],
                  open_case, measure)
    for key, got in out.items():
        assert got["seen"] > 0, key  # the trick was gathered, frame by frame
        assert got["hits"] == [], (key, got["hits"][:5])


#: every frame for `until` ms: the "led" tag, while it can be seen, lies on its card (its middle inside the card)
LED_ON_CARD = """(until) => new Promise((done) => {
  const off = [];
  let seen = 0;
  const end = performance.now() + until;
  const tick = () => {
    const tag = document.querySelector('#centre [data-testid=led-tag]');
    const card = tag?.closest('.slot')?.querySelector('.card');
    if (tag && card && Number(getComputedStyle(tag).opacity) > 0.1) {
      seen += 1;
      const t = tag.getBoundingClientRect();
      const c = card.getBoundingClientRect();
      const x = t.left + t.width / 2;
      const y = t.top + t.height / 2;
      if (!(x >= c.left && x <= c.right && y >= c.top && y <= c.bottom)) {
        off.push(`tag ${Math.round(x)},${Math.round(y)} card ${Math.round(c.left)},${Math.round(c.top)}-${Math.round(c.right)},${Math.round(c.bottom)}`);
      }
    }
    if (performance.now() < end) requestAnimationFrame(tick); else done({off, seen});
  };
  requestAnimationFrame(tick);
})"""


def test_two_handed_the_led_tag_comes_in_on_its_card(server: Any) -> None:
    from .test_browser_explain import first_of, south

    # North to lead a new trick (the trick before complete), and North's card led
    lead = first_of("two-handed", lambda s: s.phase == "stock_play" and turn(s) == Seat.N and bool(s.tricks)
                    and s.tricks[-1].winner is not None and len(s.tricks) >= 2)
    nxt = next_move(lead)
    assert nxt.tricks[-1].cards and len(nxt.tricks[-1].cards) == 1, nxt.phase
    before, after = south(lead), south(nxt)

    sockets: list[Scripted] = []

    def measure(page: Any, look: Look) -> Any:
        page.wait_for_timeout(200)
        page.evaluate(f"() => {{ window.__watch = ({LED_ON_CARD})(2500); }}")
        sockets[-1].show(after)
        page.wait_for_timeout(300)
        shot(page, f"felt7-led-flying-{look.size[0]}")
        return page.evaluate("() => window.__watch")

    out = at_each(looks(("dark", (390, 844)), ("dark", (1440, 900))),
                  on_scripted(server.url, before, reduce=False, script=sockets.append), measure,
                  lambda key: f"felt7-led-{key.split('-')[1]}")
    for size, got in out.items():
        assert got["seen"] > 0, size
        assert got["off"] == [], (size, got["off"][:5])


# ---------------------------------------------------------------- Statistics: the empty games, the sentence

STATS_DEVICE = "felt7statsdevice000000001"


def test_statistics_say_what_was_played_in_plain_words_and_the_unplayed_games_take_a_short_list(server: Any) -> None:
    seed_stats(server.db, STATS_DEVICE, "f7m1")

    def stats_open(page: Any) -> None:
        page.get_by_test_id("home-stats").click()
        page.wait_for_function("() => document.getElementById('stats-dialog').dataset.ready === '1'")

    out = at_each(looks(*[(theme, size) for size in ((360, 740), (390, 844), (1440, 900)) for theme in ("light", "dark")]),
                  on_home(server.url, stats_open, init=f"try {{ localStorage.setItem('pinochle.device', '{STATS_DEVICE}'); }} catch (e) {{}}"),
                  lambda page, _: page.evaluate("""() => {
                    const list = document.querySelector('[data-testid=stats-unplayed]');
                    return {said: document.getElementById('stats-said').textContent,
                            empty: list.querySelectorAll('li').length,
                            lines: Math.round(list.getBoundingClientRect().height / parseFloat(getComputedStyle(list).lineHeight)),
                            wide: list.scrollWidth > list.clientWidth + 1};
                  }"""), lambda key: "felt7-stats-{1}-{0}".format(*key.split("-")))
    for key, got in out.items():
        assert got["said"] == "1 match played on this device.", (key, got)
        # the eight games not played here: one list of a few lines, never a box each
        assert got["empty"] == 8 and got["lines"] <= (2 if key.endswith("1440") else 4) and not got["wide"], (key, got)


# ---------------------------------------------------------------- the nits: the top bar, the set, two-handed's melds

SIZES = {"360x740": (360, 740), "390x844": (390, 844), "1440x900": (1440, 900)}

#: the top bar's contract: its height against its trump chip's, and its right edge against the first total's left
BAR = """() => {
  const c = document.getElementById('contract');
  const chip = c.querySelector('.suit-chip');
  const side = document.querySelector('#match-score .side');
  const r = c.getBoundingClientRect();
  return {text: c.innerText, height: r.height, chip: chip ? chip.getBoundingClientRect().height : null,
          right: r.right, scoreLeft: side ? side.getBoundingClientRect().left : null};
}"""


def big_totals(v: dict[str, Any]) -> dict[str, Any]:
    """``v`` late in a match: four-figure totals of two sides (two-figure stakes of three players), hand 12 (the
    bar at its fullest)."""
    out = json.loads(json.dumps(v))
    wide = (1490, -1480) if len(out["totals"]) == 2 else (-12, 14, -26)
    out["totals"] = {side: wide[i] for i, side in enumerate(out["totals"])}
    out["hand_number"] = 12
    return out


def test_the_trump_chip_stays_on_the_contracts_line_in_the_top_bar() -> None:
    from .test_browser_explain import first_of, south

    views = {g: big_totals(south(first_of(g, lambda s: s.phase == "play" and len(s.tricks) >= 2)))
             for g in ("table", "cutthroat", "racehorse", "double-deck")}

    def open_case(browser: Any, case: tuple[str, Look], errors: list[str]) -> Any:
        return on_fixture(server_url[0], views[case[0]])(browser, case[1], errors)

    out = at_each([(f"{game}-{name}-{theme}", (game, Look(theme, size))) for game in views for name, size in SIZES.items()
                   for theme in ("light", "dark")], open_case, lambda page, _: page.evaluate(BAR),
                  lambda key: "felt7-bar-{0}-{2}".format(*key.rsplit("-", 2)) if "-360x740-" in key else None)
    for key, got in out.items():
        assert got["chip"] is not None, key
        # one line: no taller than the trump chip (and the bid beside it), and clear of the totals
        assert got["height"] <= got["chip"] + 10, (key, got)
        assert got["right"] <= got["scoreLeft"] + 0.5, (key, got)


#: the set side's hand score: the "=" before it, and the verdict's and the figure's boxes
SET_CELL = """() => {
  const td = document.querySelector('#summary-body td.set[data-testid^=hand-score-]');
  td.scrollIntoView({block: 'center'});
  const w = td.querySelector('.set-word').getBoundingClientRect();
  const p = td.querySelector('.set-pts').getBoundingClientRect();
  return {before: getComputedStyle(td, '::before').content, text: td.innerText, gap: p.left - w.right,
          oneLine: Math.abs(w.bottom - p.bottom) < 3, inside: p.right <= td.getBoundingClientRect().right + 0.5};
}"""


def test_a_set_hand_score_reads_set_then_its_figure_with_room_between() -> None:
    from .test_browser_summary5 import set_hand

    v = set_hand("table")
    bid = v["last_hand"]["bid"]

    out = at_each([(f"{name}-{theme}", Look(theme, size)) for name, size in SIZES.items() for theme in ("light", "dark")],
                  on_fixture(server_url[0], v, ready=lambda page: page.wait_for_function(
                      "() => document.getElementById('summary-dialog').open")),
                  lambda page, _: page.evaluate(SET_CELL), "felt7-set")
    for key, got in out.items():
        # (on a desktop the verdict stands at the cell's start, its figure "= −320" at the column's edge: its own line
        # for innerText; test_browser_summary_totals)
        assert got["before"] == "none" and " ".join(got["text"].replace("\u2212", "-").split()) == f"Set -{bid}", (key, got)
        assert got["gap"] >= 4 and got["oneLine"] and got["inside"], (key, got)


#: two-handed's melds on the table: each group's name, its suits and its case; the opponent's cards cut or whole
GROUPS = """() => [...document.querySelectorAll('.board .meld-group')].map((g) => {
  const n = g.querySelector('.group-name');
  return {seat: g.closest('.board').dataset.seat, text: n.innerText, suits: n.querySelectorAll('.group-suit').length,
          transform: getComputedStyle(n).textTransform};
})"""


def two_marriages() -> dict[str, Any]:
    """South's view of a two-handed hand in which one player has two marriages on the table."""
    from .test_browser_explain import first_of, south

    def both(s: State) -> bool:
        if s.phase != "stock_play":
            return False
        j = view(s, Seat.S).to_json()
        for seat in ("N", "S"):
            on = {t["card"] for t in j["table"][seat]}
            names = [d["name"] for d in j["declared"] if d["seat"] == seat and d["after"] and set(d["cards"]) <= on]
            if sum(n.endswith("marriage") for n in names) >= 2:
                return True
        return False

    return south(first_of("two-handed", both))


def test_two_handed_names_each_meld_as_a_player_would_and_shows_the_opponents_cards_whole() -> None:
    from .test_browser_summary5 import BOARD_GAPS

    v = two_marriages()

    out = at_each([(f"{name}-{theme}", Look(theme, size)) for name, size in SIZES.items() for theme in ("light", "dark")],
                  on_fixture(server_url[0], v),
                  lambda page, _: {"groups": page.evaluate(GROUPS), "boards": page.evaluate(BOARD_GAPS)}, "felt7-two")
    for key, got in out.items():
        groups = got["groups"]
        assert sum("arriage" in g["text"] for g in groups) >= 2, (key, groups)
        for g in groups:
            # "Marriage ♥ 20", "Royal marriage ♠ 40": one meld, one suit at most, in the case a player writes it
            assert g["suits"] <= 1 and g["transform"] == "none", (key, g)
            assert re.fullmatch(r"[A-Z][a-z]+( [a-z]+)*\s*([♠♥♦♣]\uFE0E?)?\s*\d+", g["text"]), (key, g)
        b = got["boards"]
        # the opponent's melded cards whole (never their tops alone), inside the felt, clear of the names
        assert b["cut"] == [] and b["out"] == [] and b["close"] == [], (key, b)
