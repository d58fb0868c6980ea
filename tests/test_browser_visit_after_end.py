"""Opening the site again after a solo match's result has been seen goes Home; a reload shows the result again.

A fresh reviewer (1440x900, light) finished a match, read its result, and opened the site again in the same tab: the
page showed the old result screen, not Home, though Home has a line for it ("Last match's result"). Here a scripted
server holds a finished match (the engine's, table, seed 1): the tab at the table opens on the result (the match
ended while it was away); the site opened again shows Home, its "Last match's result" line naming the winner, which
leads to the result; a reload of the result shows the result again.
"""

from __future__ import annotations

from typing import Any

from .browser_support import TIMEOUT_MS, in_browser, shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import server, settle  # noqa: F401  (server: the fixture)
from .test_browser_match_end import match_end_view
from .web_fixtures import Scripted

SCREEN = "() => document.body.dataset.screen"


def test_a_visit_after_the_result_goes_home_and_a_reload_shows_the_result(server: Any) -> None:  # noqa: F811
    v = match_end_view("table", 1)

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        ctx = browser.new_context(viewport={"width": 1440, "height": 900}, reduced_motion="reduce", color_scheme="light")
        ctx.set_default_timeout(TIMEOUT_MS)
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        # the tab was at the table when the match ended (set once: what the page writes afterwards is kept)
        page.add_init_script("if (!sessionStorage.getItem('pinochle.screen')) sessionStorage.setItem('pinochle.screen', 'table')")
        page.route_web_socket("**/ws", Scripted(v, None).handler)
        page.goto(server.url)
        page.wait_for_function(f"() => ({SCREEN})() === 'result'")
        out["first"] = page.evaluate(SCREEN)
        # the site opened again in the same tab
        page.goto(server.url)
        page.wait_for_function(f"() => ['home', 'result', 'table'].includes(({SCREEN})())"
                               " && document.body.dataset.connected === '1'")
        settle(page)
        page.wait_for_timeout(300)  # a resume answered would have moved the page on by now (a local socket)
        out["visit"] = page.evaluate(SCREEN)
        out["label"] = page.locator("#resume-label").inner_text() if out["visit"] == "home" else None
        shot(page, "visit-after-end-1440-light")
        if out["visit"] == "home":
            page.get_by_test_id("resume").click()
            page.wait_for_function(f"() => ({SCREEN})() === 'result'")
        out["from_home"] = page.evaluate(SCREEN)
        page.reload()
        page.wait_for_function(f"() => ({SCREEN})() === 'result'")
        out["reload"] = page.evaluate(SCREEN)
        out["errors"] = errors
        ctx.close()
        return out

    got = in_browser(run)
    assert got["errors"] == []
    assert got["first"] == "result", got
    assert got["visit"] == "home" and got["label"] == "Last match's result", got
    assert got["from_home"] == "result" and got["reload"] == "result", got
