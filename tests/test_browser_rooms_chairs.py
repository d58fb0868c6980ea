"""A private room of auction at a table of 5 in the browser, on a real ``pinochle serve``.

At 360x740: Ann picks Auction and 5 players on Home and creates a room; the lobby lists five places,
"Player 1" .. "Player 5", with Ann in the first and the others open for computer guests; the
Players picker offers the sizes the server sends (3, 4 or 5 players) and 4 gives four places.
Bob joins with the code and takes the first open place; Ann moves him to Player 5. No sideways
scroll, no text out of its box. Both Ready, Ann starts: each reaches the table of five chairs.
A screenshot goes to tests/artifacts/rooms-chairs-360.png.
"""

from __future__ import annotations

from typing import Any

from .browser_checks import OVERFLOW
from .test_browser import ARTIFACTS, TIMEOUT_MS, Server, assert_no_horizontal_scroll
from .test_browser import pytestmark  # noqa: F401  (fail without Chromium, as test_browser does)
from .test_browser_layout import in_browser, server, settle  # noqa: F401  (server: the module's live server)

PHONE = {"width": 360, "height": 740}


def places(page: Any) -> list[str]:
    """The lobby's chairs on show, as (chair, name shown) in order."""
    return list(page.eval_on_selector_all(
        "#lobby-chairs:not([hidden]) [data-chair]",
        "els => els.map(e => e.dataset.chair + ' ' + e.querySelector('.compass').textContent + ': '"
        " + e.querySelector('.lseat-name').textContent)"))


def test_a_room_of_auction_for_five_lists_five_places(server: Server) -> None:
    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        pages = []
        for _ in range(2):
            ctx = browser.new_context(viewport=PHONE, reduced_motion="reduce")
            ctx.set_default_timeout(TIMEOUT_MS)
            page = ctx.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            pages.append(page)
        a, b = pages
        a.goto(server.url)
        a.get_by_test_id("home").wait_for()
        a.wait_for_function("() => [...document.querySelectorAll('#game-tiles input[name=game]')].some(o => o.value === 'auction')")
        a.get_by_test_id("game-auction").click()
        a.get_by_test_id("players-select").select_option("5")
        a.get_by_test_id("name-input").fill("Ann")
        a.get_by_test_id("create-room").click()
        a.get_by_test_id("lobby-chairs").wait_for()
        out: dict[str, Any] = {"five": places(a), "seats_shown": a.get_by_test_id("lobby-seat-S").is_visible()}
        pick = a.get_by_test_id("room-players")
        out["offered"] = pick.locator("option").all_inner_texts()
        out["chosen"] = pick.input_value()
        out["status"] = a.get_by_test_id("lobby-status").inner_text()
        pick.select_option("4")
        a.wait_for_function("() => document.querySelectorAll('#lobby-chairs [data-chair]').length === 4")
        out["four"] = places(a)
        a.get_by_test_id("room-players").select_option("5")
        a.wait_for_function("() => document.querySelectorAll('#lobby-chairs [data-chair]').length === 5")

        code = a.get_by_test_id("room-code").inner_text().strip()
        b.goto(server.url)
        b.get_by_test_id("home").wait_for()
        b.get_by_test_id("name-input").fill("Bob")
        b.get_by_test_id("join-code").fill(code)
        b.get_by_test_id("join-room").click()
        b.get_by_test_id("lobby-chairs").wait_for()
        b.wait_for_function("() => document.querySelectorAll('#lobby-chairs [data-chair]').length === 5")
        out["bob_sees"] = places(b)
        out["bob_settings"] = b.get_by_test_id("settings-text").inner_text()
        a.wait_for_function("() => document.querySelector('[data-testid=lobby-name-1]').textContent === 'Bob'")
        bob_id = a.eval_on_selector("[data-testid=arrange-1]", "s => s.value")
        a.get_by_test_id("arrange-4").select_option(bob_id)
        b.wait_for_function("() => document.querySelector('[data-testid=lobby-name-4]').textContent === 'Bob'")
        out["arranged"] = places(b)
        for page in (a, b):
            settle(page)
            assert_no_horizontal_scroll(page)
        out["overflow"] = [f for page in (a, b) for f in page.evaluate(OVERFLOW)]
        ARTIFACTS.mkdir(exist_ok=True)
        a.screenshot(path=str(ARTIFACTS / "rooms-chairs-360.png"), full_page=True)
        # both Ready, Ann starts: each reaches the table of five chairs the solo match already plays
        for page in (b, a):
            page.get_by_test_id("ready-toggle").click()
        a.wait_for_function("() => !document.querySelector('[data-testid=start-match]').disabled")
        a.get_by_test_id("start-match").click()
        for page in (a, b):
            page.wait_for_function("() => document.body.dataset.screen === 'table'"
                                   " && document.querySelector('.felt')?.dataset.chairs === '5'")
        out["errors"] = errors
        return out

    seen = in_browser(run)
    assert seen["five"] == ["0 Player 1: Ann", "1 Player 2: Open place", "2 Player 3: Open place",
                            "3 Player 4: Open place", "4 Player 5: Open place"]
    assert not seen["seats_shown"]  # a room of chairs lists places instead of the seats round a table
    assert seen["offered"] == ["3 players", "4 players", "5 players"] and seen["chosen"] == "5"
    assert "The 4 open places are played by computer guests" in seen["status"]
    assert [p.split(":")[0] for p in seen["four"]] == ["0 Player 1", "1 Player 2", "2 Player 3", "3 Player 4"]
    assert seen["bob_sees"][:2] == ["0 Player 1: Ann", "1 Player 2: Bob"]
    assert "5 players" in seen["bob_settings"] and "Auction" in seen["bob_settings"]
    assert seen["arranged"] == ["0 Player 1: Ann", "1 Player 2: Open place", "2 Player 3: Open place",
                                "3 Player 4: Open place", "4 Player 5: Bob"]
    assert seen["overflow"] == [] and seen["errors"] == []
