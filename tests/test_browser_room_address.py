"""A room's address in the address bar (views/controller.js showAddress): in a room's lobby and at its table
the bar reads `/?room=CODE`, the address Copy link gives, so that a reload or the address shared returns to
the room; back Home the `room` part goes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .test_browser import TIMEOUT_MS, Server, free_port, in_browser, pytestmark  # noqa: F401  (skip without Chromium)


def run(browser: Any, server: Server) -> dict[str, Any]:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, reduced_motion="reduce")
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url)
    page.get_by_test_id("home").wait_for()
    page.get_by_test_id("name-input").fill("Ann")
    page.get_by_test_id("create-room").click()
    page.get_by_test_id("lobby").wait_for()
    code = page.get_by_test_id("room-code").inner_text().strip()
    page.wait_for_function("c => location.search === `?room=${c}`", arg=code)
    out: dict[str, Any] = {"code": code, "lobby": page.evaluate("location.pathname + location.search")}
    page.reload()  # the address in the bar returns to the room's lobby, not to a join form
    page.get_by_test_id("lobby").wait_for()
    out["reloaded"] = page.evaluate("location.pathname + location.search")
    out["join_form_shown"] = page.get_by_test_id("join-room").is_visible()
    page.get_by_test_id("ready-toggle").click()
    page.get_by_test_id("start-match").click()  # the computers fill the other seats
    page.get_by_test_id("table").wait_for()
    out["table"] = page.evaluate("location.pathname + location.search")
    page.get_by_test_id("home-button").click()
    page.get_by_test_id("home").wait_for()
    page.wait_for_function("() => location.search === ''")
    out["home"] = page.evaluate("location.pathname + location.search")
    out["errors"] = errors
    ctx.close()
    return out


def test_the_address_bar_names_the_room(tmp_path: Path) -> None:
    server = Server(free_port(), tmp_path / "t.db", tmp_path / "server.log")
    server.start()
    try:
        out = in_browser(lambda b: run(b, server))
    finally:
        server.stop()
    room = f"/?room={out['code']}"
    assert (out["lobby"], out["reloaded"], out["table"], out["home"]) == (room, room, room, "/"), out
    assert out["join_form_shown"] is False and not out["errors"], out
