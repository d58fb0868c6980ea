"""Two people in one private room, end to end in real browsers.

Like ``tests/test_browser.py``: ``pinochle serve`` runs as a subprocess on a
free port with a fresh SQLite file, and Debian's Chromium is driven with
Playwright's sync API inside a worker thread. Two browser contexts are two
people (their own localStorage, so their own device and seat tokens):

- Ann (whose name holds markup, ``Ann <b>``) creates a room from the home
  screen and copies its share link;
- Bob opens the link, which fills in the code and focuses the join form,
  types his name and joins;
- both see each other in the lobby (the name shown as text, never markup);
  Ann seats Bob opposite her as her partner, both click Ready, Ann starts;
- both reach the table, each with their own twelve cards at their own seat,
  drawn at the bottom; the computer guests play the two open seats;
- each plays the auction and one whole trick by clicking only what the page
  offers as legal when it is their turn; every ``action`` names the match;
- Bob reloads the page and is back at the same seat with the same hand.

Screenshots of the lobby and the table at 390x844 and 1440x900 go to
``tests/artifacts/``.

Two quicker tests replace the server's socket in the browser
(``page.route_web_socket``): the review, the lobby return and Quick Match;
and an invitation ("Join" is the highlighted button), news of people joining,
leaving, going away and coming back (one notice per change, never your own),
a set hand's summary, and a review each person leaves in their own time.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

from .test_browser import (
    ARTIFACTS,
    MY_TURN,
    TIMEOUT_MS,
    Server,
    assert_no_horizontal_scroll,
    body,
    click_card,
    free_port,
    in_browser,
    pytestmark,  # noqa: F401  (fail without Chromium, as test_browser does)
    wait_version_change,
)

ANN = "Ann <b>"
BOB = "Bob"
DESKTOP = {"width": 1440, "height": 900}
PHONE = {"width": 390, "height": 844}


def is_my_turn(page: Any) -> bool:
    return bool(page.evaluate(f"({MY_TURN})()"))


def tricks_done(page: Any) -> int:
    return int(page.get_by_test_id("trick-count").get_attribute("data-value") or 0)


def cards(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("[data-testid=card]", "els => els.map(e => e.dataset.card)"))


def close_meld_review(page: Any) -> None:
    dialog = page.get_by_test_id("meld-dialog")
    if dialog.is_visible():
        page.get_by_test_id("meld-close").click()
        dialog.wait_for(state="hidden")


def one_move(page: Any) -> str:
    """Make the move the page offers (pass in the auction, a suit, a legal card); return its kind."""
    close_meld_review(page)
    legal = body(page, "legal")
    version = body(page, "version")
    if legal in ("bid,pass", "pass"):
        page.get_by_test_id("pass-button").click()
    elif legal == "trump":
        held = cards(page)
        suit = max("SHDC", key=lambda s: sum(c[1] == s for c in held))
        page.get_by_test_id(f"trump-{suit}").click()
    elif legal == "play":
        assert page.locator("[data-testid=card][data-legal=true]").count() >= 1
        click_card(page, "[data-testid=card][data-legal=true]")
    else:
        raise AssertionError(f"unexpected legal moves {legal!r} before the first trick is over")
    wait_version_change(page, version)
    return legal


def snapshot(page: Any) -> dict[str, Any]:
    return {
        "you": body(page, "you"),
        "cards": cards(page),
        "tricks": tricks_done(page),
        "hand_no": page.get_by_test_id("hand-no").inner_text(),
        "version": body(page, "version"),
        "bottom": page.locator("#pos-bottom").get_attribute("data-testid"),
    }


def text(page: Any, testid: str) -> str:
    """An element's text as written (CSS may show it in capitals)."""
    return str(page.get_by_test_id(testid).text_content() or "")


def no_markup(page: Any, testid: str) -> None:
    """A name with markup in it made no element: it is shown as text."""
    assert page.locator(f"[data-testid={testid}] b").count() == 0


def record_frames(page: Any, sent: list[dict[str, Any]]) -> None:
    def on_ws(ws: Any) -> None:
        def on_frame(payload: str | bytes) -> None:
            try:
                sent.append(json.loads(payload))
            except ValueError:
                pass
        ws.on("framesent", on_frame)
    page.on("websocket", on_ws)


def run_rooms(browser: Any, server: Server) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    errors: list[str] = []
    sent_a: list[dict[str, Any]] = []
    sent_b: list[dict[str, Any]] = []
    ctx_a = browser.new_context(viewport=DESKTOP, reduced_motion="reduce",
                                permissions=["clipboard-read", "clipboard-write"])
    ctx_b = browser.new_context(viewport=PHONE, reduced_motion="reduce")
    for ctx in (ctx_a, ctx_b):
        ctx.set_default_timeout(TIMEOUT_MS)
    a = ctx_a.new_page()
    b = ctx_b.new_page()
    for page in (a, b):
        page.on("pageerror", lambda e: errors.append(str(e)))
    record_frames(a, sent_a)
    record_frames(b, sent_b)

    # Ann creates a room.
    a.goto(server.url)
    a.get_by_test_id("home").wait_for()
    # first with no name: Home says so under the name field (no toast), and nothing follows Ann into the
    # lobby (where a toast would lie over her own seat)
    a.get_by_test_id("create-room").click()
    a.get_by_test_id("name-error").wait_for()
    assert "name" in a.get_by_test_id("name-error").inner_text()
    assert a.get_by_test_id("toast").count() == 0
    a.wait_for_timeout(500)  # older than the screen change that follows
    a.get_by_test_id("name-input").fill(ANN)
    a.get_by_test_id("create-room").click()
    a.get_by_test_id("lobby").wait_for()
    assert a.get_by_test_id("toast").count() == 0
    # the creator's seat picker for an open seat says "Open", whole (it read "Open (c" on a phone)
    assert a.locator("[data-testid=arrange-W] option:checked").inner_text() == "Open"
    code = a.get_by_test_id("room-code").inner_text().strip()
    assert len(code) == 10 and code.isalnum(), code
    assert a.evaluate("localStorage.getItem('pinochle.name')") == ANN
    assert a.evaluate("localStorage.getItem('pinochle.seat')"), "no seat token kept"
    link = f"{server.url}?room={code}"
    assert a.get_by_test_id("room-link").inner_text().strip() == link
    a.get_by_test_id("copy-link").click()
    a.get_by_test_id("toast").last.wait_for()
    assert a.evaluate("navigator.clipboard.readText()") == link
    assert a.get_by_test_id("lobby-name-S").inner_text() == ANN
    no_markup(a, "lobby")
    assert a.get_by_test_id("start-match").is_disabled()

    # Bob opens the share link: the code is filled in and the join form has the focus.
    b.goto(link)
    b.get_by_test_id("home").wait_for()
    assert b.get_by_test_id("join-code").input_value() == code
    assert b.evaluate("document.activeElement && document.activeElement.dataset.testid") == "name-input"
    b.keyboard.type(BOB)
    b.get_by_test_id("join-room").click()
    b.get_by_test_id("lobby").wait_for()

    # Both see each other; Ann's name is text on Bob's screen. Bob, second in, partners Ann (North).
    a.wait_for_function("() => document.querySelector('[data-testid=lobby-name-N]')?.textContent === 'Bob'")
    b.wait_for_function("n => document.querySelector('[data-testid=lobby-name-S]')?.textContent === n", arg=ANN)
    no_markup(b, "lobby")
    assert "You" in text(b, "lobby-seat-N")
    assert "Creator" in text(b, "lobby-seat-S")
    assert "Computer guest (Normal)" in text(b, "lobby-seat-W")
    # Bob sits at the bottom of his own lobby, Ann at the bottom of hers.
    assert b.locator("#lobby-bottom").get_attribute("data-testid") == "lobby-seat-N"
    assert a.locator("#lobby-bottom").get_attribute("data-testid") == "lobby-seat-S"
    assert b.get_by_test_id("start-match").is_hidden()  # only the creator starts
    assert b.get_by_test_id("room-level").is_hidden()

    # Ann seats Bob at West (an opponent), then back opposite her; both lobbies follow.
    a.get_by_test_id("arrange-W").select_option(label=BOB)
    a.wait_for_function("() => document.querySelector('[data-testid=lobby-name-W]')?.textContent === 'Bob'")
    b.wait_for_function("() => document.querySelector('#lobby-bottom')?.dataset.seat === 'W'")
    assert "Open seat" in text(a, "lobby-seat-N")
    a.get_by_test_id("arrange-N").select_option(label=BOB)
    a.wait_for_function("() => document.querySelector('[data-testid=lobby-name-N]')?.textContent === 'Bob'")
    b.wait_for_function("() => document.querySelector('#lobby-bottom')?.dataset.seat === 'N'")
    assert b.locator("#lobby-top").get_attribute("data-testid") == "lobby-seat-S"
    assert "Open seat" in text(a, "lobby-seat-W")
    # the creator's level and timer choices reach everyone
    a.get_by_test_id("room-level").select_option("easy")
    b.wait_for_function("() => document.querySelector('[data-testid=lobby-seat-E]')?.textContent.includes('(Easy)')")
    a.get_by_test_id("room-timer").select_option("60")
    b.wait_for_function("() => document.querySelector('[data-testid=settings-text]')?.textContent.includes('60 s')")
    a.get_by_test_id("room-timer").select_option("off")
    b.wait_for_function("() => document.querySelector('[data-testid=settings-text]')?.textContent.includes('timer: off')")

    # Ready up.
    toggle = a.get_by_test_id("ready-toggle")
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    a.wait_for_function("() => document.querySelector('[data-testid=ready-toggle]').getAttribute('aria-pressed') === 'true'")
    assert a.get_by_test_id("start-match").is_disabled()  # Bob is not Ready yet
    b.get_by_test_id("ready-toggle").click()
    b.wait_for_function("() => document.querySelector('[data-testid=ready-N]')?.textContent.includes('Ready')"
                        " && !document.querySelector('[data-testid=ready-N]').textContent.includes('Not')")
    a.wait_for_function("() => !document.querySelector('[data-testid=start-match]').disabled")

    ARTIFACTS.mkdir(exist_ok=True)
    for page, size in ((a, DESKTOP), (b, PHONE)):
        assert_no_horizontal_scroll(page)
        page.screenshot(path=str(ARTIFACTS / f"lobby-{size['width']}x{size['height']}.png"), full_page=True)

    # Ann starts: both at the table, each with their own hand at their own seat.
    a.get_by_test_id("start-match").click()
    for page in (a, b):
        page.get_by_test_id("table").wait_for()
        page.wait_for_function("() => document.querySelectorAll('[data-testid=card]').length === 12")
    assert body(a, "you") == "S" and body(b, "you") == "N"
    assert body(a, "kind") == body(b, "kind") == "room"
    assert a.locator("#pos-bottom").get_attribute("data-testid") == "seat-S"
    assert b.locator("#pos-bottom").get_attribute("data-testid") == "seat-N"
    assert b.locator("#pos-top").get_attribute("data-testid") == "seat-S"
    assert a.get_by_test_id("seat-name-S").inner_text() == "You"
    assert a.get_by_test_id("seat-name-N").inner_text() == BOB
    assert b.get_by_test_id("seat-name-N").inner_text() == "You"
    assert b.get_by_test_id("seat-name-S").inner_text() == ANN
    no_markup(b, "table")
    for seat, word in (("E", "East"), ("W", "West")):  # the computer guests
        assert a.get_by_test_id(f"seat-name-{seat}").inner_text() == word
        assert "Computer" in text(a, f"seat-{seat}")
    assert cards(a) != cards(b)
    assert f"Room {code}" in a.get_by_test_id("room-tag").inner_text()

    # The auction and one whole trick: each clicks only what the page offers, on their turn.
    deadline = time.monotonic() + 90
    moves: dict[str, list[str]] = {"A": [], "B": []}
    while not (tricks_done(a) >= 1 and tricks_done(b) >= 1):
        assert time.monotonic() < deadline, f"no trick after 90 s; moves {moves}"
        moved = False
        for who, page in (("A", a), ("B", b)):
            if is_my_turn(page) and body(page, "phase") != "hand_end":
                moves[who].append(one_move(page))
                moved = True
        if not moved:
            time.sleep(0.05)
    seen["moves"] = moves
    assert any(m == "play" for m in moves["A"] + moves["B"]), moves

    # Wait until the table rests on a person's move; then everything is stable.
    end = time.monotonic() + 30
    while not (is_my_turn(a) or is_my_turn(b)):
        assert time.monotonic() < end, "the table did not come to rest on a person's move"
        time.sleep(0.05)
    for page in (a, b):
        close_meld_review(page)
    before = snapshot(b)
    assert before["bottom"] == "seat-N" and before["you"] == "N"
    assert 11 - before["tricks"] <= len(before["cards"]) <= 12 - before["tricks"], before

    for page, size in ((a, DESKTOP), (b, PHONE)):
        assert_no_horizontal_scroll(page)
        page.screenshot(path=str(ARTIFACTS / f"room-table-{size['width']}x{size['height']}.png"))
    # the other sizes too (the lobby and the table at both sizes for each person)
    a.set_viewport_size(PHONE)
    b.set_viewport_size(DESKTOP)
    a.wait_for_timeout(150)
    assert_no_horizontal_scroll(a)
    assert_no_horizontal_scroll(b)

    # Every move named the room's match.
    actions = [m for m in sent_a + sent_b if m.get("type") == "action"]
    assert actions and all(isinstance(m.get("match"), str) and m["match"] for m in actions), actions
    assert len({m["match"] for m in actions}) == 1
    hellos = [m for m in sent_a if m.get("type") == "hello"]
    assert hellos and "seat" in hellos[0]

    # Bob reloads: same seat, same hand, same table.
    b.reload()
    b.get_by_test_id("table").wait_for()
    b.wait_for_function("v => document.body.dataset.version === v && document.body.dataset.connected === '1'",
                        arg=before["version"])
    after = snapshot(b)
    assert after == before, (before, after)
    assert b.get_by_test_id("seat-name-S").inner_text() == ANN
    # Ann sees Bob back (not away).
    a.wait_for_function("() => !document.querySelector('[data-testid=away-N]')")

    # Home keeps the seat: Ann goes home and comes back to the same table.
    a.get_by_test_id("home-button").click()
    a.get_by_test_id("seat-resume").wait_for()
    assert code in a.get_by_test_id("seat-resume-detail").inner_text()
    a.get_by_test_id("seat-resume").click()
    a.get_by_test_id("table").wait_for()
    assert body(a, "you") == "S"
    assert not errors, f"errors in the page: {errors}"
    return seen


def test_two_people_meet_in_a_room_and_play_a_trick(tmp_path: Path) -> None:
    server = Server(free_port(), tmp_path / "t.db", tmp_path / "server.log")
    server.start()
    try:
        in_browser(lambda b: run_rooms(b, server))
    finally:
        server.stop()
    for name in ("lobby-1440x900.png", "lobby-390x844.png", "room-table-1440x900.png", "room-table-390x844.png"):
        assert (ARTIFACTS / name).stat().st_size > 10_000, name


# ---------------------------------------------------------------- review, lobby return and Quick Match, with a scripted socket


def room_summary(state: Any, match_id: str, kind: str) -> dict[str, object]:
    return {
        "id": match_id, "kind": kind, "level": "normal", "hand_number": state.hand_no + 1, "phase": state.phase,
        "totals": {"NS": state.totals[0], "EW": state.totals[1]},
        "winner": None if state.winner is None else ("NS", "EW")[state.winner],
    }


TABLE_SEATS = {
    "N": {"name": "Ann", "computer": False, "connected": True, "stand_in": False, "next_ready": False},
    "E": {"name": "Bob", "computer": False, "connected": True, "stand_in": False, "next_ready": True},
    "S": {"name": "Cy <i>", "computer": False, "connected": False, "stand_in": True, "next_ready": False},
    "W": {"name": "West (computer, Normal)", "computer": True, "connected": True, "stand_in": False, "next_ready": False},
}


def seat_state(state: Any, match_id: str, kind: str, event: str, timer: dict[str, object] | None = None,
               seats: dict[str, Any] | None = None) -> str:
    """A ``state`` message for Bob, sitting East, with table facts (``seats``, by default ``TABLE_SEATS``)."""
    from pinochle.game import view

    v = view(state, 1).to_json()
    if state.phase == "hand_end":
        v["legal"] = {}  # Bob has asked for the next hand
    table = {"kind": kind, "room": "ABCDEFGHJK" if kind == "room" else None, "you": "E",
             "seats": TABLE_SEATS if seats is None else seats, "timer": timer}
    return json.dumps({"type": "state", "match": room_summary(state, match_id, kind), "view": v, "event": event, "table": table})


def room_message(phase: str, match_id: str | None) -> str:
    seats = {"N": {"id": "ann", "name": "Ann", "ready": False}, "E": {"id": "bob", "name": "Bob", "ready": False},
             "S": {"id": "cy", "name": "Cy <i>", "ready": False}, "W": None}
    return json.dumps({"type": "room", "room": {"code": "ABCDEFGHJK", "phase": phase, "level": "normal", "move_timer": None,
                                                "creator": "ann", "you": "bob", "seats": seats, "match": match_id}})


def run_review(browser: Any, base_url: str) -> list[dict[str, Any]]:
    from .support import random_match, random_states

    hand_end = next(s for s in random_states(3) if s.phase == "hand_end")
    ended = random_match(5)
    assert ended.phase == "match_end"
    received: list[dict[str, Any]] = []
    errors: list[str] = []
    sockets: list[Any] = []
    token = "s" * 32

    def handler(ws: Any) -> None:
        sockets.append(ws)

        def on_message(text: str | bytes) -> None:
            msg = json.loads(text)
            received.append(msg)
            kind = msg["type"]
            if kind == "hello":
                seat = {"token": token, "room": "ABCDEFGHJK", "match": "r1"} if msg.get("seat") == token else None
                ws.send(json.dumps({"type": "welcome", "device": "d" * 22, "match": None, "seat": seat}))
                if seat:
                    ws.send(room_message("playing", "r1"))
                    ws.send(seat_state(hand_end, "r1", "room", "resume", {"seat": None, "seconds": 20}))
            elif kind == "back_to_lobby":
                ws.send(room_message("lobby", "r1"))
            elif kind == "leave":
                ws.send(json.dumps({"type": "left"}))
            elif kind == "quick_match":
                ws.send(json.dumps({"type": "searching", "token": "q" * 32, "players": 1, "seconds_left": 12}))

        ws.on_message(on_message)

    ctx = browser.new_context(viewport=PHONE, reduced_motion="reduce")
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script(f"localStorage.setItem('pinochle.seat', '{token}'); localStorage.setItem('pinochle.name', 'Bob')")
    page.route_web_socket("**/ws", handler)
    page.goto(base_url)

    # Back at a room table, seated East: East at the bottom, West (the partner) on top.
    page.get_by_test_id("table").wait_for()
    assert received[0] == {"type": "hello", "device": None, "seat": token}
    assert page.locator("#pos-bottom").get_attribute("data-testid") == "seat-E"
    assert page.locator("#pos-top").get_attribute("data-testid") == "seat-W"
    assert page.locator("#pos-left").get_attribute("data-testid") == "seat-S"
    assert page.locator("#pos-right").get_attribute("data-testid") == "seat-N"
    assert page.get_by_test_id("seat-name-S").inner_text() == "Cy <i>"
    assert page.locator("[data-testid=table] i").count() == 0
    assert page.get_by_test_id("seat-name-W").inner_text() == "West"
    assert page.get_by_test_id("stand-in-S").is_visible()
    # the hand is over and Bob asked for the next one: waiting for Ann (Cy is played by a computer)
    summary = page.get_by_test_id("hand-summary")
    summary.wait_for()
    assert page.get_by_test_id("summary-waiting").inner_text() == "Waiting for Ann…"
    assert page.get_by_test_id("next-hand").is_hidden()
    page.get_by_test_id("summary-close").click()
    assert page.get_by_test_id("status").inner_text() == "Waiting for Ann…"
    assert page.get_by_test_id("move-timer").inner_text().startswith("Next hand in ")
    assert_no_horizontal_scroll(page)

    # The match ends: the review shows the winner, the score and every hand.
    ws = sockets[-1]
    ws.send(seat_state(ended, "r1", "room", "move"))
    ws.send(room_message("review", "r1"))
    page.get_by_test_id("review").wait_for()
    ours, theirs = ended.totals[1], ended.totals[0]  # Bob sits East: East-West is "us"
    title = page.get_by_test_id("review-title").inner_text()
    assert title == ("You and your partner win!" if ended.winner == 1 else "Cy <i> and Ann win"), title
    score = page.get_by_test_id("review-score").inner_text().replace("\u2212", "-")
    assert score.startswith("You & West") and str(ours) in score and str(theirs) in score, score
    assert page.locator("[data-testid=review] [data-testid=scores-table] tbody tr").count() == len(ended.history)
    assert page.get_by_test_id("back-to-lobby").is_visible() and page.get_by_test_id("review-leave").is_visible()
    assert page.get_by_test_id("review-home").is_hidden()
    assert_no_horizontal_scroll(page)
    page.screenshot(path=str(ARTIFACTS / "review-390x844.png"), full_page=True)

    # Return to lobby; the room's old match (sent again, as after a reconnect) does not pull the page away.
    page.get_by_test_id("back-to-lobby").click()
    page.get_by_test_id("lobby").wait_for()
    assert received[-1] == {"type": "back_to_lobby"}
    ws.send(seat_state(ended, "r1", "room", "resume"))
    page.wait_for_timeout(200)
    assert body(page, "screen") == "lobby"
    assert page.get_by_test_id("lobby-name-S").inner_text() == "Cy <i>"
    assert page.get_by_test_id("ready-toggle").get_attribute("aria-pressed") == "false"

    # Leave: home, and the seat token is forgotten.
    page.get_by_test_id("leave-room").click()
    page.get_by_test_id("home").wait_for()
    assert page.evaluate("localStorage.getItem('pinochle.seat')") is None

    # Quick Match: searching, matched, a finished table, Home leaves it.
    assert page.get_by_test_id("name-input").input_value() == "Bob"
    page.get_by_test_id("quick-match").click()
    page.get_by_test_id("searching").wait_for()
    assert received[-1] == {"type": "quick_match", "name": "Bob", "game": "table"}
    assert "1" in page.get_by_test_id("search-players").inner_text()
    assert "Starting in" in page.get_by_test_id("search-countdown").inner_text()
    assert page.evaluate("localStorage.getItem('pinochle.seat')") == "q" * 32
    ws.send(json.dumps({"type": "searching", "token": "q" * 32, "players": 3, "seconds_left": 8}))
    page.wait_for_function("() => document.getElementById('search-count').textContent === '3'")
    ws.send(json.dumps({"type": "matched", "match": "q1"}))
    ws.send(seat_state(ended, "q1", "quick", "resume"))
    page.get_by_test_id("review").wait_for()
    assert page.get_by_test_id("review-home").is_visible() and page.get_by_test_id("back-to-lobby").is_hidden()
    page.get_by_test_id("review-home").click()
    page.get_by_test_id("home").wait_for()
    assert received[-1] == {"type": "leave"}
    assert not errors, f"errors in the page: {errors}"
    return received


def test_review_lobby_return_and_quick_match_with_a_scripted_socket(tmp_path: Path) -> None:
    server = Server(free_port(), tmp_path / "t.db", tmp_path / "server.log")
    server.start()  # serves the page; its socket is replaced in the browser
    try:
        ARTIFACTS.mkdir(exist_ok=True)
        in_browser(lambda b: run_review(b, server.url))
    finally:
        server.stop()


# ---------------------------------------------------------------- an invitation, who comes and goes, a review of one's own

# Every notice (a toast about people) and every polite announcement the page makes, in order.
RECORD_NEWS = """(() => {
  window.__notices = [];
  window.__spoken = [];
  new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.addedNodes) {
        if (!(n instanceof HTMLElement)) continue;
        if (n.classList.contains('notice')) window.__notices.push(n.textContent);
        if (n.parentElement && n.parentElement.id === 'announcer') window.__spoken.push(n.textContent);
      }
    }
  }).observe(document, {childList: true, subtree: true});
})();"""


def member(mid: str, name: str, ready: bool = False) -> dict[str, object]:
    return {"id": mid, "name": name, "ready": ready}


def room_of(phase: str, match_id: str | None, seats: dict[str, Any]) -> str:
    """A ``room`` message for Bob (member ``bob``) in room ABCDEFGHJK, created by Ann."""
    return json.dumps({"type": "room", "room": room_body(phase, match_id, seats)})


def room_body(phase: str, match_id: str | None, seats: dict[str, Any]) -> dict[str, object]:
    return {"code": "ABCDEFGHJK", "phase": phase, "level": "normal", "move_timer": None, "creator": "ann",
            "you": "bob", "seats": {s: seats.get(s) for s in "NESW"}, "match": match_id}


def facts(name: str, *, computer: bool = False, connected: bool = True, stand_in: bool = False) -> dict[str, object]:
    return {"name": name, "computer": computer, "connected": connected, "stand_in": stand_in, "next_ready": False}


def run_news(browser: Any, base_url: str) -> dict[str, Any]:
    from .support import random_match, random_states

    auction = next(iter(random_states(3)))  # the first auction of a match
    set_hand = next(s for s in random_states(1, 6) if s.phase == "hand_end")  # South bid 290 and went set
    ended = random_match(5)
    received: list[dict[str, Any]] = []
    errors: list[str] = []
    sockets: list[Any] = []
    token = "t" * 32
    ann, bob, cy = member("ann", "Ann"), member("bob", "Bob"), member("cy", "Cy <i>")
    out: dict[str, Any] = {}

    def handler(ws: Any) -> None:
        sockets.append(ws)

        def on_message(text: str | bytes) -> None:
            msg = json.loads(text)
            received.append(msg)
            if msg["type"] == "hello":
                seat = {"token": token, "room": "ABCDEFGHJK", "match": None} if msg.get("seat") == token else None
                ws.send(json.dumps({"type": "welcome", "device": "d" * 22, "match": None, "seat": seat}))
            elif msg["type"] == "join_room":
                ws.send(json.dumps({"type": "joined", "token": token, "room": room_body("lobby", None, {"S": ann, "N": bob})}))

        ws.on_message(on_message)

    def notices(page: Any) -> list[str]:
        return list(page.evaluate("window.__notices"))

    def spoken(page: Any) -> list[str]:
        return list(page.evaluate("window.__spoken"))

    def wait_notices(page: Any, n: int) -> list[str]:
        page.wait_for_function("n => window.__notices.length >= n", arg=n)
        page.wait_for_timeout(150)  # and no second message for the same change
        return notices(page)

    ctx = browser.new_context(viewport=PHONE, reduced_motion="reduce")
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script("localStorage.setItem('pinochle.name', 'Bob')")
    page.add_init_script(RECORD_NEWS)
    page.route_web_socket("**/ws", handler)
    # the scripted room exists (the page asks the server before it asks for a name)
    page.route("**/rooms/*", lambda route: route.fulfill(
        json={"exists": route.request.url.split("?")[0].endswith("/ABCDEFGHJK")}))

    # Opened from an invitation: "Join" is the highlighted button, not "Create room".
    page.goto(f"{base_url}?room=ABCDEFGHJK")
    page.get_by_test_id("home").wait_for()
    page.get_by_test_id("invite-note").wait_for()
    classes = page.evaluate("['join-room', 'create-room'].map((id) => document.getElementById(id).className)")
    assert "primary" in classes[0].split() and "primary" not in classes[1].split(), classes
    assert page.evaluate("document.activeElement && document.activeElement.id") == "join-room"
    page.get_by_test_id("join-room").click()
    page.get_by_test_id("lobby").wait_for()
    assert received[-1] == {"type": "join_room", "code": "ABCDEFGHJK", "name": "Bob"}
    ws = sockets[-1]

    # Someone joins, then leaves the lobby: one notice each, shown and spoken, the name as text.
    ws.send(room_of("lobby", None, {"S": ann, "N": bob, "E": cy}))
    assert wait_notices(page, 1) == ["Cy <i> joined the room."]
    assert page.get_by_test_id("notice").last.inner_text() == "Cy <i> joined the room."
    assert page.locator("#toasts i").count() == 0
    assert page.get_by_test_id("notice").last.get_attribute("aria-hidden") == "true"  # spoken once, politely
    assert "Cy <i> joined the room." in spoken(page)
    # Ready toggles (Bob's own and Ann's) are not news.
    ws.send(room_of("lobby", None, {"S": ann, "N": member("bob", "Bob", True), "E": cy}))
    ws.send(room_of("lobby", None, {"S": member("ann", "Ann", True), "N": member("bob", "Bob", True), "E": cy}))
    page.wait_for_function("() => document.querySelector('[data-testid=ready-S]')?.textContent.includes('✓')")
    ws.send(room_of("lobby", None, {"S": ann, "N": bob}))
    assert wait_notices(page, 2) == ["Cy <i> joined the room.", "Cy <i> left the room."]
    ws.send(room_of("lobby", None, {"S": ann, "N": bob, "W": cy}))
    assert wait_notices(page, 3)[-1] == "Cy <i> joined the room."
    out["lobby"] = notices(page)

    # The match starts: Bob (East) at the table with Ann (North) and Cy (South).
    seats = {"N": facts("Ann"), "E": facts("Bob"), "S": facts("Cy <i>"),
             "W": facts("West (computer, Normal)", computer=True)}
    ws.send(room_of("playing", "r1", {"N": ann, "E": bob, "S": cy}))
    ws.send(seat_state(auction, "r1", "room", "start", seats=seats))
    page.get_by_test_id("table").wait_for()
    assert len(notices(page)) == 3

    # Ann's connection drops; a computer plays for her; she comes back: one notice per change.
    for change, expected in (
        ({"N": facts("Ann", connected=False)}, "Ann is away."),
        ({"N": facts("Ann", connected=False, stand_in=True)},
         "Ann is still away: a computer plays for them until they are back."),
        ({"N": facts("Ann")}, "Ann is back."),
    ):
        seats = {**seats, **change}
        shown = len(notices(page))
        ws.send(seat_state(auction, "r1", "room", "presence", seats=seats))
        assert wait_notices(page, shown + 1)[-1] == expected
    page.wait_for_function("() => !document.querySelector('[data-testid=away-N]')")
    # Bob's own seat is not news to Bob.
    ws.send(seat_state(auction, "r1", "room", "presence", seats={**seats, "E": facts("Bob", connected=False)}))
    ws.send(seat_state(auction, "r1", "room", "presence", seats=seats))
    # Cy leaves the table: the table says it once (the room's message that follows adds nothing).
    seats = {**seats, "S": facts("Cy <i>", computer=True)}
    ws.send(seat_state(auction, "r1", "room", "presence", seats=seats))
    ws.send(room_of("playing", "r1", {"N": ann, "E": bob}))
    assert wait_notices(page, 7)[-1] == "Cy <i> left the table; a computer plays the seat."
    page.wait_for_timeout(200)
    out["table"] = notices(page)[3:]
    assert len(out["table"]) == 4, out["table"]
    assert "Cy <i> left the table; a computer plays the seat." in spoken(page)

    # A hand the declarers (South, "them" for Bob) went set: their meld and counters are shown
    # against the bid, and the hand score says "Set".
    ws.send(seat_state(set_hand, "r1", "room", "resume", seats=seats))
    page.get_by_test_id("hand-summary").wait_for()
    sheet = page.get_by_test_id("summary-table").inner_text()
    assert "Meld + counters" in sheet and re.search(r"240\s*\(bid 290\)", sheet), sheet  # the bid on a line of its own
    assert page.get_by_test_id("hand-score-NS").inner_text().replace("\u2212", "-") == "Set -290"
    assert page.get_by_test_id("hand-score-EW").inner_text() == "+210"
    assert "meld and counters came to 240" in page.get_by_test_id("verdict").inner_text()
    page.get_by_test_id("summary-close").click()

    # The match ends: Bob reads the review. Ann takes the room back to the lobby; Bob stays on
    # the review, with a polite note, until he goes back himself.
    ws.send(seat_state(ended, "r1", "room", "move", seats=seats))
    ws.send(room_of("review", "r1", {"N": ann, "E": bob}))
    page.get_by_test_id("review").wait_for()
    assert page.get_by_test_id("review-lobby-note").is_hidden()
    ws.send(room_of("lobby", "r1", {"N": ann, "E": bob}))
    page.get_by_test_id("review-lobby-note").wait_for()
    assert "back in the lobby" in page.get_by_test_id("review-lobby-note").inner_text()
    page.wait_for_function("() => window.__spoken.some((t) => t.includes('back in the lobby'))")
    # more lobby news and the old match sent again (as after a reconnect) leave him on the review
    ws.send(room_of("lobby", "r1", {"N": ann, "E": bob, "S": member("di", "Di")}))
    assert wait_notices(page, 8)[-1] == "Di joined the room."
    ws.send(seat_state(ended, "r1", "room", "resume", seats=seats))
    page.wait_for_timeout(300)
    assert body(page, "screen") == "review"
    assert page.get_by_test_id("review-lobby-note").is_visible()
    assert page.evaluate("document.activeElement && document.activeElement.dataset.testid") == "back-to-lobby"
    assert_no_horizontal_scroll(page)
    page.screenshot(path=str(ARTIFACTS / "review-lobby-note-390x844.png"), full_page=True)
    # "Return to lobby" now just shows the lobby: the room is already there, nothing is sent.
    sent_before = len(received)
    page.get_by_test_id("back-to-lobby").click()
    page.get_by_test_id("lobby").wait_for()
    page.wait_for_timeout(200)
    assert received[sent_before:] == []
    assert not any(m["type"] == "back_to_lobby" for m in received)
    assert page.get_by_test_id("lobby-name-S").inner_text() == "Di"
    out["spoken"] = spoken(page)
    assert not errors, f"errors in the page: {errors}"
    return out


def test_invitation_news_of_people_and_a_review_of_ones_own_with_a_scripted_socket(tmp_path: Path) -> None:
    server = Server(free_port(), tmp_path / "t.db", tmp_path / "server.log")
    server.start()  # serves the page; its socket is replaced in the browser
    try:
        ARTIFACTS.mkdir(exist_ok=True)
        out = in_browser(lambda b: run_news(b, server.url))
    finally:
        server.stop()
    # one notice per change, never for Bob's own doings
    assert out["lobby"] == ["Cy <i> joined the room.", "Cy <i> left the room.", "Cy <i> joined the room."]
    assert not any("Bob" in t for t in out["lobby"] + out["table"])
