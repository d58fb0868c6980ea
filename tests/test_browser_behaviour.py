"""Behaviour of the browser table, with scripted sockets and the real server.

- A bad room link says that no room has that code before asking for a name (one
  answer for every wrong code; the code shown as plain text); a good one asks for
  the name.
- "Keep playing" in the "Start a new match?" dialog returns to the table.
- A refused move names seats as the table does ("Partner", not "North").
- A connection that goes silent after its welcome offered a heartbeat shows
  "Reconnecting…" within 5 s, and the page connects again.
"""

from __future__ import annotations

import json
import time
from typing import Any

from .test_browser import TIMEOUT_MS, Server
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import in_browser, open_fixture, server  # noqa: F401  (server: the module's live server)
from .web_fixtures import Scripted, fixtures, summary


def test_a_bad_room_link_says_so_before_asking_for_a_name(server: Server) -> None:
    def run(browser: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        page = browser.new_page(viewport={"width": 360, "height": 740})
        page.set_default_timeout(TIMEOUT_MS)
        page.add_init_script("localStorage.removeItem('pinochle.name')")
        for raw in ("ZZZZZZZZZZ", "<b>x</b>", "ab"):
            page.goto(f"{server.url}?room={raw}")
            page.wait_for_function("() => document.getElementById('invite-note').dataset.state === 'unknown'")
            out[raw] = {
                "note": page.get_by_test_id("invite-note").inner_text(),
                "bold": page.locator("#invite-note b").count(),
                "code": page.get_by_test_id("join-code").input_value(),
                "focus": page.evaluate("document.activeElement.id"),
            }
        # a good link: the page asks for a name
        other = browser.new_page()
        other.goto(server.url)
        other.get_by_test_id("name-input").fill("Ann")
        other.get_by_test_id("create-room").click()
        other.get_by_test_id("lobby").wait_for()
        code = other.get_by_test_id("room-code").inner_text().strip()
        page.goto(f"{server.url}?room={code.lower()}")
        page.wait_for_function("() => document.getElementById('invite-note').dataset.state === 'known'")
        out["good"] = {"note": page.get_by_test_id("invite-note").inner_text(), "code": page.get_by_test_id("join-code").input_value(),
                       "focus": page.evaluate("document.activeElement.id")}
        return out

    out = in_browser(run)
    for raw, shown in (("ZZZZZZZZZZ", "ZZZZZZZZZZ"), ("<b>x</b>", "<B>X</B>"), ("ab", "AB")):
        got = out[raw]
        assert got["note"] == f"No room has the code {shown}. Check the link, or ask for a new one.", got
        assert got["bold"] == 0 and got["code"] == "" and got["focus"] == "invite-note", got
    assert out["good"]["note"].startswith("You are invited to room ")
    assert out["good"]["focus"] == "name-input" and len(out["good"]["code"]) == 10


def test_keep_playing_returns_to_the_table(server: Server) -> None:
    v = fixtures()["hand-12"]

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, page, script = open_fixture(browser, server.url, v, errors)
        page.get_by_test_id("home-button").click()
        page.get_by_test_id("resume").wait_for()
        page.get_by_test_id("level-hard").click()
        page.get_by_test_id("confirm-dialog").wait_for()
        page.get_by_test_id("confirm-cancel").click()
        page.wait_for_function("() => document.body.dataset.screen === 'table'")
        sent = [m["type"] for m in script.received]
        # Escape in the dialog keeps playing too
        page.get_by_test_id("home-button").click()
        page.get_by_test_id("level-easy").click()
        page.get_by_test_id("confirm-dialog").wait_for()
        page.keyboard.press("Escape")
        page.wait_for_function("() => document.body.dataset.screen === 'table'")
        ctx.close()
        return {"sent": sent, "errors": errors, "all": [m["type"] for m in script.received]}

    out = in_browser(run)
    assert out["errors"] == []
    assert "new_match" not in out["all"] and out["sent"][-1] == "resume"


def test_a_refused_move_names_seats_as_the_table_does(server: Server) -> None:
    v = json.loads(json.dumps(fixtures()["hand-12"]))
    v["turn"] = "N"  # Partner's turn, yet the page offers nothing: a click is sent and refused
    v["legal"] = {}

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, page, script = open_fixture(browser, server.url, v, errors)

        page.locator("[data-testid=card]").first.click()
        page.wait_for_function("() => document.body.dataset.busy === '1'")
        script.ws.send(json.dumps({"type": "error", "code": "not_your_turn", "message": "wait for North to play"}))
        toast = page.get_by_test_id("toast").last
        toast.wait_for()
        text = toast.inner_text()
        ctx.close()
        return {"text": text, "errors": errors}

    out = in_browser(run)
    assert out["errors"] == []
    assert out["text"] == "It is Partner's turn."  # any kind of move (it said "to play" in the auction too)


def test_a_silent_connection_shows_reconnecting_within_5_seconds(server: Server) -> None:
    v = fixtures()["hand-12"]

    def run(browser: Any) -> dict[str, Any]:
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, reduced_motion="reduce")
        ctx.set_default_timeout(TIMEOUT_MS)
        page = ctx.new_page()
        sockets: list[Any] = []
        pings: list[float] = []
        hellos: list[float] = []
        last_sent: list[float] = []  # when the first connection last heard from the server (wall clock)

        def handler(ws: Any) -> None:
            sockets.append(ws)

            def on_message(text: str | bytes) -> None:
                msg = json.loads(text)
                if msg["type"] == "hello":
                    hellos.append(time.monotonic())
                    ws.send(json.dumps({"type": "welcome", "device": "d" * 22, "match": summary(v), "seat": None,
                                        "heartbeat": 1}))
                elif msg["type"] == "resume":
                    ws.send(json.dumps({"type": "state", "match": summary(v), "view": v, "event": "resume", "table": None}))
                    if len(sockets) == 1:
                        last_sent[:] = [time.time()]
                elif msg["type"] == "ping":
                    pings.append(time.monotonic())
                    if len(sockets) > 1:  # the second connection answers; the first went silent
                        ws.send(json.dumps({"type": "pong"}))

            ws.on_message(on_message)

        page.add_init_script("sessionStorage.setItem('pinochle.screen', 'table')")
        # every time the banner is shown or hidden, with the wall-clock time (the banner may be up only briefly)
        page.add_init_script("""document.addEventListener('DOMContentLoaded', () => {
          window.__banner = [];
          const el = document.getElementById('conn');
          new MutationObserver(() => window.__banner.push([el.hidden, Date.now(), el.textContent]))
            .observe(el, {attributes: true, attributeFilter: ['hidden']});
        });""")
        page.route_web_socket("**/ws", handler)
        page.goto(server.url)
        page.get_by_test_id("table").wait_for()
        page.wait_for_function("() => (window.__banner || []).some(([hidden]) => !hidden) && document.getElementById('conn').hidden",
                               timeout=12000)
        events = page.evaluate("window.__banner")
        ctx.close()
        shown = [e for e in events if not e[0]]
        return {"banner_at": shown[0][1] / 1000 - last_sent[0], "banner": shown[0][2], "hellos": len(hellos), "pings": len(pings)}

    out = in_browser(run)
    assert out["pings"] >= 2 and out["hellos"] >= 2
    assert "Reconnecting…" in out["banner"]
    assert out["banner_at"] < 5.0, out


def test_the_lobby_opens_at_the_top_with_its_code_and_copy_link_on_show(server: Server) -> None:
    def run(browser: Any) -> dict[str, Any]:
        page = browser.new_page(viewport={"width": 360, "height": 740})
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(server.url)
        page.get_by_test_id("home").wait_for()
        page.get_by_test_id("name-input").fill("Ann")
        page.get_by_test_id("quick-match").scroll_into_view_if_needed()  # home scrolled down, as after typing
        page.get_by_test_id("create-room").click()
        page.get_by_test_id("lobby").wait_for()
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        out = page.evaluate("""() => ({scroll: scrollY, ...Object.fromEntries(['room-code', 'copy-link'].map(id => {
          const r = document.querySelector(`[data-testid=${id}]`).getBoundingClientRect();
          return [id, r.top >= 0 && r.bottom <= innerHeight]; }))})""")
        page.close()
        return out

    out = in_browser(run)
    assert out == {"scroll": 0, "room-code": True, "copy-link": True}


def test_home_chooses_the_game_of_the_match(server: Server) -> None:
    """A person chooses the game on Home (from GET /games, kept on the device), and the
    match the server starts is of that game."""

    def run(browser: Any) -> dict[str, Any]:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(server.url)
        page.wait_for_function("() => document.querySelectorAll('#game-tiles .game-tile').length > 1")
        options = page.eval_on_selector_all("#game-tiles input[name=game]", "os => os.map(o => o.value)")
        page.get_by_test_id("game-partnership-pass").click()
        page.get_by_test_id("level-easy").click()
        page.get_by_test_id("table").wait_for()
        stored = page.evaluate("localStorage.getItem('pinochle.game')")
        page.reload()
        page.wait_for_function("() => document.querySelectorAll('#game-tiles .game-tile').length > 1")
        kept = page.eval_on_selector("#game-tiles input[name=game]:checked", "e => e.value")
        return {"options": options, "stored": stored, "kept": kept}

    out = in_browser(run)
    from pinochle.server.protocol import playable_games

    assert out["options"] == list(playable_games())  # every game the server seats, cutthroat and auction included
    assert {"table", "partnership-pass", "cutthroat", "auction"} <= set(out["options"])
    assert out["stored"] == "partnership-pass" == out["kept"]
    # the server holds a partnership-pass match for the device (storage keeps each match's game)
    import sqlite3

    with sqlite3.connect(server.db) as db:
        games = [row[0] for row in db.execute("SELECT game FROM matches")]
    assert "partnership-pass" in games


def test_the_browser_pings_only_when_it_hears_nothing_or_has_sent_nothing_for_a_while(server: Server) -> None:
    """docs/protocol.md, "Heartbeat": with ``heartbeat`` 1 and ``heartbeat_timeout`` 5, the page pings once
    a second of silence, and while states keep coming only to keep its own side alive (every 3 s)."""
    v = fixtures()["hand-12"]

    def run(browser: Any) -> dict[str, Any]:
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, reduced_motion="reduce")
        ctx.set_default_timeout(TIMEOUT_MS)
        page = ctx.new_page()
        sockets: list[Any] = []
        pings: list[float] = []
        resumed: list[float] = []
        answer = [False]

        def handler(ws: Any) -> None:
            sockets.append(ws)

            def on_message(text: str | bytes) -> None:
                msg = json.loads(text)
                if msg["type"] == "hello":
                    ws.send(json.dumps({"type": "welcome", "device": "d" * 22, "match": summary(v), "seat": None,
                                        "heartbeat": 1, "heartbeat_timeout": 5}))
                elif msg["type"] == "resume":
                    ws.send(json.dumps({"type": "state", "match": summary(v), "view": v, "event": "resume", "table": None}))
                    resumed.append(time.monotonic())
                elif msg["type"] == "ping":
                    pings.append(time.monotonic())
                    if answer[0]:
                        ws.send(json.dumps({"type": "pong"}))

            ws.on_message(on_message)

        page.add_init_script("sessionStorage.setItem('pinochle.screen', 'table')")
        page.route_web_socket("**/ws", handler)
        page.goto(server.url)
        page.get_by_test_id("table").wait_for()
        while not resumed:
            page.wait_for_timeout(50)
        start = resumed[0]
        while time.monotonic() - start < 5.0:  # a table in play: something comes every 0.4 s
            sockets[0].send(json.dumps({"type": "pong"}))
            page.wait_for_timeout(400)
        busy = [p - start for p in pings]
        answer[0] = True
        quiet_from = time.monotonic()
        page.wait_for_timeout(3500)  # nothing comes but the answers to its pings
        quiet = [p - quiet_from for p in pings if p >= quiet_from]
        ctx.close()
        return {"busy": busy, "quiet": quiet, "sockets": len(sockets)}

    out = in_browser(run)
    assert out["sockets"] == 1, out  # never dropped: the pongs keep it alive
    assert len(out["busy"]) == 1 and 2.5 <= out["busy"][0] <= 4.5, out  # the keep-alive, 3 s after its last message
    assert len(out["quiet"]) >= 2, out  # a second without a word, then a ping, each time
