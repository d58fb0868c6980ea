"""The players' rules open over the table, in a room, without marking anyone away.

The table's "?" (Rules) used to be a link: following it left the table page, which
closed the socket, and in a room or Quick Match the server then showed the player
as away to everyone else. Now the rules open in a dialog over the table
(``pinochle/web/rules-dialog.js``, fed by ``GET /how-to-play/GAME/article``).

Two people in one private room, in real browsers (``pinochle serve`` as a
subprocess, Debian's Chromium, as in ``tests/test_browser_rooms.py``): Ann (a
phone) opens the rules at the table, reads them, tabs round them and closes
them with Escape; then opens them again and closes them with the close button.
Throughout:

- Ann's page stays at the table (same address, the table on show) and her one
  socket never closes, nor does a second one open;
- the server never tells Bob that Ann is disconnected (no ``"connected": false``
  in what Bob receives) and Bob's table never shows her seat as away;
- the dialog has the game's rules (its title, its meld table), the focus starts on
  its title, stays inside it while it is open (Tab goes round) and returns to the
  Rules button when it closes.

Last, as a check that the test can see the problem at all, Ann follows the page's
own address instead (what the link did before): Bob's table shows her away.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .browser_support import TIMEOUT_MS, Server, free_port, in_browser
from .test_browser import pytestmark  # noqa: F401  (fail without Chromium, as test_browser does)

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1440, "height": 900}
AWAY = "() => document.querySelector('[data-testid^=away-]') !== null"


def received(page: Any, into: list[dict[str, Any]], sockets: list[Any]) -> None:
    """Keep every frame the page receives from the server, and each socket it opens."""
    def on_ws(ws: Any) -> None:
        sockets.append(ws)

        def on_frame(payload: str | bytes) -> None:
            try:
                into.append(json.loads(payload))
            except ValueError:
                pass
        ws.on("framereceived", on_frame)
    page.on("websocket", on_ws)


def disconnected_people(frames: list[dict[str, Any]]) -> list[str]:
    """Every frame that says a seat's person is not connected (computers are always connected)."""
    return [json.dumps(f)[:200] for f in frames if '"connected": false' in json.dumps(f)]


def run(browser: Any, server: Server) -> dict[str, Any]:
    out: dict[str, Any] = {}
    errors: list[str] = []
    bob_frames: list[dict[str, Any]] = []
    ann_sockets: list[Any] = []
    bob_sockets: list[Any] = []
    ctx_a = browser.new_context(viewport=PHONE, reduced_motion="reduce")
    ctx_b = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    for ctx in (ctx_a, ctx_b):
        ctx.set_default_timeout(TIMEOUT_MS)
    a = ctx_a.new_page()
    b = ctx_b.new_page()
    for page in (a, b):
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    received(a, [], ann_sockets)
    received(b, bob_frames, bob_sockets)

    # Ann opens a room, Bob joins it by its code; both Ready, Ann starts.
    a.goto(server.url)
    a.get_by_test_id("name-input").fill("Ann")
    a.get_by_test_id("create-room").click()
    a.get_by_test_id("lobby").wait_for()
    code = a.get_by_test_id("room-code").inner_text().strip()
    b.goto(f"{server.url}?room={code}")
    b.get_by_test_id("home").wait_for()
    b.get_by_test_id("name-input").fill("Bob")
    b.get_by_test_id("join-room").click()
    b.get_by_test_id("lobby").wait_for()
    a.wait_for_function("() => document.querySelector('[data-testid=lobby-name-N]')?.textContent === 'Bob'")
    a.get_by_test_id("ready-toggle").click()
    b.get_by_test_id("ready-toggle").click()
    a.wait_for_function("() => !document.querySelector('[data-testid=start-match]').disabled")
    a.get_by_test_id("start-match").click()
    for page in (a, b):
        page.get_by_test_id("table").wait_for()
        page.wait_for_function("() => document.querySelectorAll('[data-testid=card]').length === 12")
    assert not b.evaluate(AWAY)
    table_url = a.url
    sockets_before = len(ann_sockets)
    frames_before = len(bob_frames)

    # Ann opens the rules: the game's, over the table, the focus on their title.
    rules = a.get_by_test_id("rules-link")
    out["link"] = {"href": rules.get_attribute("href"), "name": rules.get_attribute("aria-label")}
    rules.click()
    dialog = a.get_by_test_id("rules-dialog")
    dialog.wait_for()
    a.wait_for_function("() => document.querySelector('#rules-body table')")
    out["title"] = a.locator("#rules-title").inner_text()
    out["focus-open"] = a.evaluate("document.activeElement.id")
    out["modal"] = a.evaluate("document.getElementById('rules-dialog').matches(':modal')")
    out["meld-rows"] = a.locator("#rules-body table tbody tr").count()
    # Tab goes round inside the dialog, forwards and backwards
    inside = []
    for key in ["Tab"] * 40 + ["Shift+Tab"] * 5:
        a.keyboard.press(key)
        inside.append(a.evaluate("document.getElementById('rules-dialog').contains(document.activeElement)"))
    out["focus-trapped"] = all(inside)
    a.locator("#rules-body").evaluate("e => e.scrollTop = e.scrollHeight")
    a.wait_for_timeout(1500)  # long enough for the server to have said so, had the socket closed
    out["open-stays"] = {"url": a.url == table_url, "table": a.get_by_test_id("table").is_visible(),
                         "bob-away": b.evaluate(AWAY)}
    a.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    out["focus-closed"] = a.evaluate("document.activeElement.dataset.testid")

    # again, closed with the close button this time
    rules.click()
    dialog.wait_for()
    a.get_by_test_id("rules-x").click()
    dialog.wait_for(state="hidden")
    out["focus-closed-x"] = a.evaluate("document.activeElement.dataset.testid")
    a.wait_for_timeout(1000)

    out["after"] = {
        "url": a.url == table_url,
        "table": a.get_by_test_id("table").is_visible(),
        "new-sockets": len(ann_sockets) - sockets_before,
        "socket-closed": any(ws.is_closed() for ws in ann_sockets[-1:]),
        "bob-away": b.evaluate(AWAY),
        "bob-told-disconnected": disconnected_people(bob_frames[frames_before:]),
        "bob-frames": len(bob_frames) - frames_before,
    }

    # The check sees the problem: leaving the table for the page (what the link did) marks Ann away.
    a.goto(server.url + "how-to-play")
    a.locator("h1").wait_for()
    b.wait_for_function(AWAY)
    out["leaving-marks-away"] = True
    out["bob-told-after-leaving"] = bool(disconnected_people(bob_frames[frames_before:]))
    out["errors"] = errors
    return out


def test_reading_the_rules_in_a_room_never_marks_the_player_away(tmp_path: Path) -> None:
    server = Server(free_port(), tmp_path / "t.db", tmp_path / "server.log")
    server.start()
    try:
        out = in_browser(lambda b: run(b, server))
    finally:
        server.stop()
    assert out["errors"] == [], out["errors"]
    assert out["link"] == {"href": "/how-to-play", "name": "Rules"}
    assert out["title"] == "How to play Pinochle" and out["meld-rows"] >= 10
    assert out["modal"] and out["focus-open"] == "rules-title"
    assert out["focus-trapped"]
    assert out["open-stays"] == {"url": True, "table": True, "bob-away": False}
    assert out["focus-closed"] == "rules-link" and out["focus-closed-x"] == "rules-link"
    after = out["after"]
    assert after["url"] and after["table"]
    assert after["new-sockets"] == 0 and not after["socket-closed"]
    assert not after["bob-away"] and after["bob-told-disconnected"] == []
    assert out["leaving-marks-away"] and out["bob-told-after-leaving"]


# ---------------------------------------------------------------- the pages' length on a phone

PAGE_HEIGHT_LIMIT = 10_000  # px at 360 px wide: the engineering specification (/rules) is about 43,000


def run_heights(browser: Any, server: Server) -> dict[str, int]:
    from pinochle.server.howto import DEFAULT_GAME, games

    out: dict[str, int] = {}
    page = browser.new_page(viewport={"width": 360, "height": 740})
    for name in games():
        page.goto(server.url + "how-to-play" + ("" if name == DEFAULT_GAME else f"/{name}"))
        page.locator("h1").wait_for()
        out[name] = int(page.evaluate("document.documentElement.scrollHeight"))
    return out


def test_every_players_page_is_short_on_a_phone(tmp_path: Path) -> None:
    """Each game's rules for players fit well under 10,000 px at 360 px (README gives each height)."""
    server = Server(free_port(), tmp_path / "t.db", tmp_path / "server.log")
    server.start()
    try:
        heights = in_browser(lambda b: run_heights(b, server))
    finally:
        server.stop()
    assert len(heights) >= 9, heights
    too_tall = {name: h for name, h in heights.items() if h >= PAGE_HEIGHT_LIMIT}
    assert not too_tall, too_tall
