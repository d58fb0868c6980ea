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

import time
from typing import Any

from pinochle.bots import for_level
from pinochle.cards import Seat
from pinochle.game import State, apply, auto_action, new_match, turn, view

from .browser_support import in_browser, module_server, open_page, scripted_table, shot
from .test_browser_layout import settle, wait_cards
from .web_fixtures import Scripted
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_review6 import WATCH

server = module_server("felt7")

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
    page.add_init_script(f"({WATCH})({pace!r})")
    page.goto(url)
    page.get_by_test_id("home").wait_for()
    page.get_by_test_id("game-table").click()
    page.get_by_test_id("level-easy").click()
    page.get_by_test_id("table").wait_for()
    page.evaluate(STILL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if page.evaluate("() => window.__still.moved !== null"):
            break
        if page.locator("[data-testid^=trump-]:visible").count():
            return None  # South is stuck with the bid: no computer leads
        passing = page.locator("[data-testid=pass-button]:visible")
        if passing.count() and page.evaluate("() => document.body.dataset.busy !== '1'"):
            try:
                passing.first.click(timeout=500)
            except Exception:  # redrawn under the click: tried again
                pass
        page.wait_for_timeout(100)
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
    # Fast's meld pause is 2 s: every plate whole and still for all of it (a frame's slack)
    assert t["moved"] - t["landed"] >= 2000 - 50, t


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

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for size, theme in (((360, 740), "dark"), ((1440, 900), "light")):
            page = open_page(browser, size, errors, theme=theme)
            script = Scripted(auction)
            scripted_table(page, script.handler)
            page.goto(server.url)
            wait_cards(page, len(auction["hand"]))
            shot(page, f"felt7-widow-auction-{size[0]}-{theme}")
            down = page.evaluate("""() => {
              const w = document.querySelector('#centre [data-testid=widow]');
              return w && {backs: w.querySelectorAll('.pile-cards > *').length,
                           faces: w.querySelectorAll('[data-card]').length, label: w.getAttribute('aria-label'),
                           inMiddle: Boolean(w.closest('#centre'))};
            }""")
            script.show(naming)
            page.wait_for_function("() => document.querySelector('#centre [data-testid=widow].up')")
            settle(page)
            shot(page, f"felt7-widow-up-{size[0]}-{theme}")
            up = page.evaluate("""() => {
              const w = document.querySelector('#centre [data-testid=widow]');
              return {cards: [...w.querySelectorAll('[data-card]')].map(c => c.dataset.card),
                      caption: w.querySelector('figcaption').textContent};
            }""")
            out[f"{size[0]}-{theme}"] = {"down": down, "up": up}
            page.context.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for where, got in out.items():
        assert got["down"] == {"backs": 3, "faces": 0, "label": "Widow: 3 cards face down", "inMiddle": True}, where
        assert sorted(got["up"]["cards"]) == sorted(naming["widow"]), where
        assert got["up"]["caption"] == f"{'East' if naming['widow_taken_by'] == 'E' else 'West'} took the widow", where


def test_a_deal_made_with_the_meld_alone_lies_on_the_felt_the_meld_pause_before_its_summary(server: Any) -> None:
    before, end = meld_alone_deal(2)
    naming, over = view(before, Seat.S).to_json(), view(end, Seat.S).to_json()
    declarer = over["declarer"]
    assert over["last_hand"]["played"] is False and over["last_hand"]["made"] is True

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        page = open_page(browser, (360, 740), errors, theme="dark", reduce=False)
        script = Scripted(naming)
        scripted_table(page, script.handler)
        page.goto(server.url)
        wait_cards(page, len(naming["hand"]))
        page.wait_for_timeout(300)
        page.evaluate(SUMMARY_WAITS)
        script.show(over)
        page.wait_for_function("() => window.__t.plates !== null")
        page.wait_for_timeout(1500)
        shot(page, "felt7-meld-alone")
        mid = page.evaluate("""() => ({
          summary: document.getElementById('summary-dialog').open,
          plates: [...document.querySelectorAll('#felt-melds .felt-meld')].map(p => p.dataset.seat),
          widow: document.querySelector('[data-testid=widow]')?.getAttribute('aria-label') ?? null})""")
        page.wait_for_function("() => window.__t.summary !== null", timeout=15000)
        shot(page, "felt7-meld-alone-summary")
        t = page.evaluate("() => window.__t")
        page.context.close()
        return {"mid": mid, "t": t, "errors": errors}

    out = in_browser(run)
    assert out["errors"] == []
    # the declarer's meld on the felt, the widow beside it, and no summary over them yet
    assert out["mid"]["summary"] is False and out["mid"]["plates"] == [declarer], out
    assert out["mid"]["widow"] is not None and "took the widow" in out["mid"]["widow"], out
    # the summary waits the meld pause (Normal: 4 s) from the plates (their lay and a frame's slack inside it)
    assert out["t"]["summary"] - out["t"]["plates"] >= 4000 - 50, out


def test_choosing_another_game_asks_before_the_unfinished_match_is_resumed_or_abandoned(server: Any) -> None:
    """A solo cutthroat match unfinished on the device; Home, the table game chosen, a level: the page names the
    unfinished match and offers both ways, each doing what it says (nothing reopened or lost without a word)."""
    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        page = open_page(browser, (360, 740), errors, theme="light")
        page.add_init_script(f"({WATCH})('normal')")
        page.goto(server.url)
        page.get_by_test_id("game-cutthroat").click()
        page.get_by_test_id("level-easy").click()
        page.get_by_test_id("table").wait_for()
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
                   "ok": page.locator("#confirm-ok").inner_text(), "cancel": page.locator("#confirm-cancel").inner_text()}
            page.evaluate("() => { window.__sent = []; const send = WebSocket.prototype.send;"
                          " WebSocket.prototype.send = function (d) { window.__sent.push(JSON.parse(d)); return send.call(this, d); }; }")
            page.locator("#confirm-cancel" if answer == "resume" else "#confirm-ok").click()
            page.wait_for_function("() => document.body.dataset.screen === 'table'")
            page.wait_for_function("() => (window.__got || []).some(m => m.type === 'state')")
            got["sent"] = [{k: m.get(k) for k in ("type", "game", "level")} for m in page.evaluate("() => window.__sent")]
            got["game"] = page.evaluate("() => window.__got.filter(m => m.type === 'state').at(-1).view.game")
            out[answer] = got
            page.evaluate("() => { window.__got = []; }")
        page.context.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for answer, got in out.items():
        assert got["title"] == "You have an unfinished Cutthroat match", got
        # where it stands, in the words of Home's "Continue your match"
        assert got["text"].startswith("Hand 1, score You 0 · East 0 · West 0 (Easy). Resume it, or abandon it and start a new Normal Table match"), got
        assert got["cancel"] == "Resume it" and got["ok"] == "Abandon it and start Table", got
    assert out["resume"]["sent"][-1] == {"type": "resume", "game": None, "level": None} and out["resume"]["game"] == "cutthroat"
    assert out["abandon"]["sent"][-1] == {"type": "new_match", "game": "table", "level": "normal"}, out
    assert out["abandon"]["game"] == "table", out
