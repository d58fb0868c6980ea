"""The table's labels, seats, status line and dialogs in a real browser: what is in view, and when.

Like ``tests/test_browser.py`` (whose ``Server`` this reuses): ``pinochle serve`` runs as a
subprocess on a free port, and Debian's Chromium is driven with Playwright's sync API inside a
worker thread. Some tests replace the page's socket with a scripted one (as
``tests/test_browser_rooms.py`` does) to send exactly the states they need.

- "You take the trick" lies clear of every card of the trick, at 360x740 and at 1440x900.
- The status line waits for the card played: while another player's card flies to the centre, the
  status says what that player played, neither the turn before nor the turn to come (your own card:
  tests/test_browser_status_own_card.py; tests/test_browser_status_follows.py); and
  the card flies over the felt alone (never across the status, the score line or the buttons below
  it) on a phone.
- In Quick Match, a seat's "thinking…" with the move timer's seconds is never cut at the seat's edge
  at 360 and 390 px.
- The hand summary is opaque at most 150 ms after it opens.
- A reload during the first trick does not open the meld review again; a dialog's title, which takes
  the focus when the dialog opens, shows no focus ring.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from .test_browser import (
    MY_TURN,
    TIMEOUT_MS,
    Server,
    body,
    free_port,
    in_browser,
    pytestmark,  # noqa: F401  (fail without Chromium, as test_browser does)
    wait_version_change,
)
from .test_browser_motion import with_server
from .test_browser_rooms import room_message, seat_state

TOKEN = "s" * 32

# True when two boxes ({x, y, width, height}) share more than a pixel
def box_of(page: Any, selector: str) -> dict[str, float]:
    return dict(page.evaluate(
        "(sel) => { const r = document.querySelector(sel).getBoundingClientRect(); "
        "return {x: r.x, y: r.y, width: r.width, height: r.height}; }", selector))


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["x"] + a["width"] > b["x"] + 1 and b["x"] + b["width"] > a["x"] + 1
            and a["y"] + a["height"] > b["y"] + 1 and b["y"] + b["height"] > a["y"] + 1)


def play_until(page: Any, done: Any, limit: int = 300) -> None:
    """Pass (or name trump), close the meld review and play the first legal card until `done(page)`."""
    for _ in range(limit):
        page.wait_for_function(MY_TURN, timeout=TIMEOUT_MS)
        if page.get_by_test_id("meld-dialog").is_visible():
            page.get_by_test_id("meld-close").click()
            page.get_by_test_id("meld-dialog").wait_for(state="hidden")
        if done(page):
            return
        legal = body(page, "legal")
        version = body(page, "version")
        if legal in ("bid,pass", "pass"):
            page.get_by_test_id("pass-button").click()
        elif legal == "trump":
            page.locator("[data-testid^=trump-]").first.click()
        elif legal == "play":
            page.locator("#hand button.card[data-legal=true]").first.click(position={"x": 8, "y": 30})
        elif legal == "deal":
            page.get_by_test_id("next-hand").click()
        else:
            raise AssertionError(f"unexpected legal moves {legal!r}")
        wait_version_change(page, version)
    raise AssertionError("did not get there")


def new_context(browser: Any, viewport: dict[str, int], errors: list[str], **args: Any) -> Any:
    ctx = browser.new_context(viewport=viewport, **args)
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


# ---------------------------------------------------------------- who takes the trick


def run_trick_winner(browser: Any, server: Server) -> list[dict[str, Any]]:
    seen: list[dict[str, Any]] = []
    errors: list[str] = []
    for viewport in ({"width": 360, "height": 740}, {"width": 1440, "height": 900}):
        ctx = browser.new_context(viewport=viewport, reduced_motion="reduce")
        ctx.set_default_timeout(TIMEOUT_MS)
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url)
        page.get_by_test_id("level-normal").click()
        page.get_by_test_id("table").wait_for()
        checked = 0

        def check(page: Any) -> bool:
            nonlocal checked
            if not page.locator("#centre [data-testid=trick-winner]").count():
                return False
            pill = box_of(page, "#centre [data-testid=trick-winner]")
            cards = page.eval_on_selector_all("#centre .slot .card", """els => els.map((e) => {
              const r = e.getBoundingClientRect();
              return {x: r.x, y: r.y, width: r.width, height: r.height, won: Boolean(e.closest('.won'))}; })""")
            assert len(cards) == 4 and sum(c["won"] for c in cards) == 1, cards
            covered = [c for c in cards if overlaps(pill, c)]
            assert not covered, f"at {viewport}: the trick's winner {pill} covers {covered}"
            mine = box_of(page, "#felt .seat.pos-bottom")
            assert not overlaps(pill, mine), f"at {viewport}: the trick's winner {pill} covers your seat {mine}"
            felt = box_of(page, "#felt")
            assert felt["x"] <= pill["x"] and pill["x"] + pill["width"] <= felt["x"] + felt["width"], (pill, felt)
            seen.append({"viewport": viewport, "pill": pill, "text": page.get_by_test_id("trick-winner").inner_text()})
            checked += 1
            return checked >= 2

        play_until(page, check)
        ctx.close()
    assert not errors, errors
    return seen


def test_who_takes_the_trick_covers_no_card(tmp_path: Path) -> None:
    seen = with_server(tmp_path, run_trick_winner)
    assert len(seen) == 4, seen
    assert all(s["text"].endswith("the trick") for s in seen), seen


# ---------------------------------------------------------------- scripted tables


def turn(state: Any) -> str | None:
    """Whose turn it is in `state` (N E S W), as the view says."""
    from pinochle.game import view

    seat = view(state, 1).turn
    return None if seat is None else str(seat.name)


def consecutive(pick: Any, seed_range: range = range(1, 40)) -> tuple[Any, Any]:
    """Two states one after the other in a random legal match, for which `pick(a, b)` holds."""
    from .support import random_states

    for seed in seed_range:
        prev = None
        for state in random_states(seed, max_hands=1):
            if prev is not None and pick(prev, state):
                return prev, state
            prev = state
    raise AssertionError("no such pair of states")


def scripted(page: Any, first: list[str], sockets: list[Any]) -> None:
    """Answer the page's hello with Bob's seat at room r1 and the messages `first`."""

    def handler(ws: Any) -> None:
        sockets.append(ws)

        def on_message(text: str | bytes) -> None:
            msg = json.loads(text)
            if msg["type"] == "hello":
                seat = {"token": TOKEN, "room": "ABCDEFGHJK", "match": "r1"}
                ws.send(json.dumps({"type": "welcome", "device": "d" * 22, "match": None, "seat": seat}))
                ws.send(room_message("playing", "r1"))
                for m in first:
                    ws.send(m)

        ws.on_message(on_message)

    page.add_init_script(f"localStorage.setItem('pinochle.seat', '{TOKEN}'); localStorage.setItem('pinochle.name', 'Bob')")
    page.route_web_socket("**/ws", handler)


def run_seat_timer(browser: Any, base_url: str) -> list[dict[str, Any]]:
    from .support import random_states

    # North (Bob's partner, the seat across) or a side seat to move, with the move timer counting
    states = [s for s in random_states(3, max_hands=1) if s.phase == "play" and turn(s) in ("N", "S", "W")]
    errors: list[str] = []
    seen: list[dict[str, Any]] = []
    for width, height in ((360, 740), (390, 844)):
        for state in states[:3]:
            sockets: list[Any] = []
            page = new_context(browser, {"width": width, "height": height}, errors, reduced_motion="reduce")
            seats = {k: {**v, "name": n} for (k, v), n in zip(
                json.loads(seat_state(state, "q1", "quick", "resume"))["table"]["seats"].items(),
                ("Annabelle", "Bob", "Cyrille", "Wilhelmina"))}
            seat = turn(state)
            scripted(page, [seat_state(state, "r1", "room", "resume", {"seat": seat, "seconds": 30},
                                       seats=seats)], sockets)
            page.goto(base_url)
            page.get_by_test_id(f"timer-{seat}").wait_for()
            if page.get_by_test_id("meld-dialog").is_visible():
                page.get_by_test_id("meld-close").click()
            # every piece of the seat lies inside the seat's box, and none is cut inside its own
            clipped = page.evaluate("""(seat) => {
              const box = document.querySelector(`#felt .seat[data-seat="${seat}"]`);
              const b = box.getBoundingClientRect();
              const outside = (e) => { const r = e.getBoundingClientRect();
                return r.left < b.left - 0.5 || r.right > b.right + 0.5; };
              const cut = (e) => e.scrollWidth > e.clientWidth && getComputedStyle(e).overflowX !== 'visible';
              return [box, ...box.querySelectorAll('*')].filter((e) => e.getClientRects().length
                && (cut(e) || outside(e))).map((e) => `${e.className}: ${e.textContent}`);
            }""", seat)
            note = page.evaluate("""(seat) => { const n = document.querySelector(`#felt .seat[data-seat="${seat}"] .turn-note`);
              return {text: n.textContent, sw: n.scrollWidth, cw: n.clientWidth}; }""", seat)
            seen.append({"width": width, "seat": seat, "clipped": clipped, "note": note})
            page.context.close()
    assert not errors, errors
    return seen


def test_a_seats_thinking_and_move_timer_are_never_cut(tmp_path: Path) -> None:
    server = Server(free_port(), tmp_path / "t.db", tmp_path / "server.log")
    server.start()
    try:
        seen = in_browser(lambda b: run_seat_timer(b, server.url))
    finally:
        server.stop()
    assert len(seen) == 6, seen
    for s in seen:
        assert re.fullmatch(r"thinking\d+ s", s["note"]["text"]), s  # "thinking…" (the dots are drawn) and the seconds
        assert s["note"]["sw"] <= s["note"]["cw"], s
        assert s["clipped"] == [], s


def run_summary_opaque(browser: Any, base_url: str) -> list[float]:
    # the last card of the hand: the next state is the hand's end
    a, b = consecutive(lambda a, b: a.phase == "play" and b.phase == "hand_end")
    errors: list[str] = []
    sockets: list[Any] = []
    page = new_context(browser, {"width": 360, "height": 740}, errors, reduced_motion="no-preference")
    scripted(page, [seat_state(a, "r1", "room", "resume")], sockets)
    page.goto(base_url)
    page.get_by_test_id("table").wait_for()
    page.wait_for_function("""() => !document.getAnimations().some((x) => (x.id || '').startsWith('pinochle-')
      && x.playState === 'running')""")
    # the dialog's opacity, 150 ms after it opened
    page.evaluate("""() => {
      window.__opacity = [];
      const d = document.getElementById('summary-dialog');
      new MutationObserver(() => {
        if (!d.open) return;
        const t0 = performance.now();
        const look = () => {
          const t = performance.now() - t0;
          if (t >= 150) { window.__opacity.push(parseFloat(getComputedStyle(d).opacity)); return; }
          requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }).observe(d, {attributes: true, attributeFilter: ['open']});
    }""")
    sockets[-1].send(seat_state(b, "r1", "room", "move"))
    page.get_by_test_id("hand-summary").wait_for()
    page.wait_for_function("() => window.__opacity.length > 0")
    opacity = page.evaluate("window.__opacity")
    assert not errors, errors
    return list(opacity)


def test_the_hand_summary_is_opaque_at_once(tmp_path: Path) -> None:
    server = Server(free_port(), tmp_path / "t.db", tmp_path / "server.log")
    server.start()
    try:
        opacity = in_browser(lambda b: run_summary_opaque(b, server.url))
    finally:
        server.stop()
    assert opacity and opacity[0] == 1.0, opacity


# Samples, on every frame: the status line's text, whether a card is flying (an animation of ours
# called "pinochle-play" running), and that card's box and the felt's.
SAMPLER = """() => {
  window.__frames = [];
  const sample = () => {
    const flying = document.getAnimations().filter((a) => a.id === 'pinochle-play' && a.playState === 'running'
      && a.currentTime > 0);
    const felt = document.getElementById('felt').getBoundingClientRect();
    const boxes = flying.map((a) => { const r = a.effect.target.getBoundingClientRect();
      return {x: r.x, y: r.y, width: r.width, height: r.height}; });
    window.__frames.push({status: document.getElementById('status').textContent, flying: flying.length, boxes,
      felt: {x: felt.x, y: felt.y, width: felt.width, height: felt.height}});
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
}"""


def run_status_waits(browser: Any, base_url: str) -> dict[str, Any]:
    # South plays a card that does not end the trick: the turn passes on to West (Bob, East, watches;
    # his own card: tests/test_browser_status_own_card.py)
    def pick(a: Any, b: Any) -> bool:
        # a trick already won (no meld review opens) and South's card is not the trick's last
        return (a.phase == b.phase == "play" and turn(a) == "S" and turn(b) == "W" and len(a.tricks) >= 2
                and len(a.tricks) == len(b.tricks))

    a, b = consecutive(pick)
    errors: list[str] = []
    sockets: list[Any] = []
    page = new_context(browser, {"width": 360, "height": 740}, errors, reduced_motion="no-preference")
    page.add_init_script(f"localStorage.setItem('pinochle.settings', {json.dumps(json.dumps({'pace': 'relaxed'}))})")
    scripted(page, [seat_state(a, "r1", "room", "resume")], sockets)
    page.goto(base_url)
    page.get_by_test_id("table").wait_for()
    page.wait_for_function("() => document.body.dataset.turn === 'S'")
    if page.get_by_test_id("meld-dialog").is_visible():
        page.get_by_test_id("meld-close").click()
    page.wait_for_function("""() => !document.getAnimations().some((x) => (x.id || '').startsWith('pinochle-')
      && x.playState === 'running')""")
    before = page.get_by_test_id("status").inner_text()
    page.evaluate(SAMPLER)
    sockets[-1].send(seat_state(b, "r1", "room", "move"))
    page.wait_for_function("() => document.body.dataset.turn === 'W'")
    page.wait_for_function("""() => !document.getAnimations().some((x) => (x.id || '').startsWith('pinochle-')
      && x.playState === 'running')""")
    page.wait_for_timeout(100)
    after = page.get_by_test_id("status").inner_text()
    frames = page.evaluate("window.__frames")
    assert not errors, errors
    return {"before": before, "after": after, "frames": frames}


def test_the_status_waits_for_the_card_and_the_card_flies_over_the_felt(tmp_path: Path) -> None:
    server = Server(free_port(), tmp_path / "t.db", tmp_path / "server.log")
    server.start()  # serves the page; its socket is replaced in the browser
    try:
        seen = in_browser(lambda b: run_status_waits(b, server.url))
    finally:
        server.stop()
    before, after, frames = seen["before"], seen["after"], seen["frames"]
    assert before != after, (before, after)
    flying = [f for f in frames if f["flying"]]
    assert len(flying) >= 5, f"the card played was not seen flying: {len(flying)} frames"
    # while the card flies, the status says who played what ("South plays Q♠."), never what it said before
    # (whose turn it was): the new status comes once it has landed
    said = {f["status"] for f in flying}
    assert len(said) == 1 and re.fullmatch(r".+ plays (10|[AKQJ9]).\ufe0e?\.", said.pop()), sorted({f["status"] for f in flying})
    assert all(f["status"] != before for f in flying), before
    assert frames[-1]["status"] == after
    # the card flies over the felt alone (a pixel of rounding allowed)
    for f in flying:
        felt = f["felt"]
        for b in f["boxes"]:
            assert felt["x"] - 1 <= b["x"] and b["x"] + b["width"] <= felt["x"] + felt["width"] + 1, (b, felt)
            assert felt["y"] - 1 <= b["y"] and b["y"] + b["height"] <= felt["y"] + felt["height"] + 1, (b, felt)


# ---------------------------------------------------------------- a reload during the first trick


def run_reload(browser: Any, server: Server) -> dict[str, Any]:
    errors: list[str] = []
    seen: dict[str, Any] = {}
    page = new_context(browser, {"width": 390, "height": 844}, errors, reduced_motion="reduce")
    page.goto(server.url)
    page.get_by_test_id("level-normal").click()
    page.get_by_test_id("table").wait_for()

    def first_trick(page: Any) -> bool:
        if body(page, "legal") != "play":
            return False
        seen["meld_review"] = True  # the review was opened and closed (play_until closes it)
        return True

    play_until(page, first_trick)
    assert page.get_by_test_id("trick-count").get_attribute("data-value") in ("0", None)
    page.reload()
    page.get_by_test_id("table").wait_for()
    page.wait_for_function(MY_TURN)
    page.wait_for_timeout(300)
    seen["reopened"] = page.get_by_test_id("meld-dialog").is_visible()
    # a dialog opened without a pointer (as the meld review opened by itself): its title takes
    # the focus and shows no ring
    page.evaluate("document.getElementById('meld-btn').click()")
    page.get_by_test_id("meld-dialog").wait_for()
    seen["title"] = page.evaluate("""() => { const a = document.activeElement; const s = getComputedStyle(a);
      return {id: a.id, outline: s.outlineStyle, width: parseFloat(s.outlineWidth) || 0}; }""")
    # the dialog's Close button reached with Tab still shows its ring
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    seen["close"] = page.evaluate("""() => { const a = document.activeElement; const s = getComputedStyle(a);
      return {testid: a.dataset.testid || '', outline: s.outlineStyle, width: parseFloat(s.outlineWidth) || 0}; }""")
    assert not errors, errors
    return seen


def test_a_reload_in_the_first_trick_opens_no_meld_review(tmp_path: Path) -> None:
    seen = with_server(tmp_path, run_reload)
    assert seen.get("meld_review")
    assert seen["reopened"] is False, "the meld review opened again after the reload"
    assert seen["title"]["id"] == "meld-title", seen
    assert seen["title"]["outline"] == "none" or seen["title"]["width"] == 0, seen
    assert seen["close"]["testid"] == "meld-close", seen
    assert seen["close"]["outline"] != "none" and seen["close"]["width"] >= 2, seen

