"""The Statistics page in the browser (pinochle/web/stats-ui.js, views/stats.js; docs/protocol.md, "Statistics").

``pinochle serve`` runs as a subprocess; the device's figures are written into its SQLite file through
the Storage interface (lines of finished hands and matches, and an assisted mark), and the browser is
given that device's token, so the page shows known numbers:

- Home's "Statistics" opens the page by keyboard; it names each game played with its figures in plain
  words ("Your bids made 12 of 15 (80%)"), each game never played with its empty state, and
  "not reviewed yet" for the points given up per decision (no review exists yet); Escape closes it and
  the focus goes back to the button;
- a device that has played nothing is told so;
- Home's row of help links (How to play, Settings, Statistics) stays one row down to 320 px;
- at 360x740, 390x844, 768x1024 and 1440x900, light and dark: no serious or critical axe violation, no
  sideways scrolling, no overflowing text, every button 44 px (the checks of tests/test_browser_a11y.py);
  screenshots in ``tests/artifacts/stats-*.png``.
"""

from __future__ import annotations

from typing import Any

import pytest

from pinochle.server.storage import SQLiteStorage

from .browser_support import ARTIFACTS, Server, in_browser, module_server, open_page
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_a11y import Matrix

server = module_server("stats")

DEVICE = "statsbrowserdevice0000001"
EMPTY_DEVICE = "statsbrowserdevice0000002"


def seed(srv: Server) -> None:
    """The device's figures: table 20 hands (15 bids, 12 made), 3 matches (2 won, 1 assisted); cutthroat 4 hands."""
    store = SQLiteStorage(srv.db)
    try:
        for n in range(1, 21):
            bid = n <= 15
            store.record_hand(DEVICE, "tm1", n, {"game": "table", "match": "tm1", "hand": n, "played": True,
                                                  "declarer": bid, "made": bid and n <= 12, "meld": 60 + n,
                                                  "points": 40 if n % 2 else -10})
        for n in range(1, 5):
            store.record_hand(DEVICE, "cm1", n, {"game": "cutthroat", "match": "cm1", "hand": n, "played": True,
                                                  "declarer": n == 1, "made": False, "meld": 30, "points": -6})
        for i, won in enumerate((True, True, False)):
            store.create_match(f"stats-m{i}", "elsewhere", "easy", i, 0)
            store.record_match(DEVICE, f"stats-m{i}", {"game": "table", "match": f"stats-m{i}", "won": won})
        store.mark_assisted("stats-m2")
    finally:
        store.close()


def open_as(browser: Any, srv: Server, device: str, size: tuple[int, int], errors: list[str]) -> Any:
    page = open_page(browser, size, errors)
    page.context.add_init_script(f"try {{ localStorage.setItem('pinochle.device', '{device}'); }} catch (e) {{}}")
    page.goto(srv.url)
    page.get_by_test_id("home").wait_for()
    page.wait_for_function("() => document.body.dataset.connected === '1'")
    return page


def open_stats_by_keyboard(page: Any, button: str) -> None:
    page.get_by_test_id(button).focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('stats-dialog').dataset.ready === '1'")


def stats_opener(server: Server, device: str) -> Any:
    """An ``open`` of :func:`~tests.browser_kit.at_each`: Home as ``device`` in the look's size and theme, its
    Statistics opened by the keyboard."""
    def open_stats(browser: Any, look: Any, errors: list[str]) -> Any:
        page = open_as(browser, server, device, look.size, errors)
        page.emulate_media(color_scheme=look.theme)
        open_stats_by_keyboard(page, "home-stats")
        return page
    return open_stats


def rows(page: Any, game: str) -> dict[str, str]:
    return dict(page.evaluate("""(g) => [...document.querySelectorAll(`[data-testid="stats-${g}"] .stats-row`)]
      .map(r => [r.querySelector('th').textContent, r.querySelector('td').textContent])""", game))


@pytest.fixture(scope="module")
def seeded(server: Server) -> Server:
    seed(server)
    return server


def test_home_opens_the_statistics_page_by_keyboard_with_each_figure_in_words(seeded: Server) -> None:
    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        page = open_as(browser, seeded, DEVICE, (390, 844), errors)
        open_stats_by_keyboard(page, "home-stats")
        out = {
            "focused": page.evaluate("() => document.activeElement.id"),
            "name": page.get_by_role("dialog", name="Statistics").count(),
            "table": rows(page, "table"), "cutthroat": rows(page, "cutthroat"),
            "order": page.evaluate("() => [...document.querySelectorAll('#stats-body .stats-game')].map(s => s.dataset.game)"),
            "empty": page.evaluate("""() => [...document.querySelectorAll('#stats-body .stats-empty')]
              .map(s => [s.dataset.game, s.querySelector('.stats-none').textContent])"""),
            "headings": page.evaluate("""() => [...document.querySelectorAll('#stats-body section')]
              .map(s => document.getElementById(s.getAttribute('aria-labelledby')).textContent)"""),
        }
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.getElementById('stats-dialog').open")
        out["back"] = page.evaluate("() => document.activeElement.dataset.testid")
        out["errors"] = errors
        page.context.close()
        return out

    got = in_browser(run)
    assert got["errors"] == []
    assert got["focused"] == "stats-title" and got["name"] == 1
    assert got["table"] == {
        "Matches won": "2 of 3 (67%)", "Hands played": "20", "Your bids made": "12 of 15 (80%)", "Your bids set": "3 of 15 (20%)",
        "Meld per hand": "70.5", "Points per hand": "+15", "Points given up per decision": "not reviewed yet",
        "Matches with a hint or undo": "1 of 3 (33%)"}
    assert got["cutthroat"]["Your bids made"] == "0 of 1 (0%)" and got["cutthroat"]["Chips per deal"] == "\u22126"
    # cutthroat counts its match in deals ("Deal 3 of 9") and pays stakes in chips: so do its figures
    assert "Hands played" not in got["cutthroat"] and "Meld per deal" in got["cutthroat"], got["cutthroat"]
    assert got["cutthroat"]["Matches won"] == "none yet"
    assert got["order"][:2] == ["table", "cutthroat"]  # the games played first, most hands first
    assert len(got["order"]) == 9 and ["two-handed", "Not played yet."] in got["empty"]
    assert got["headings"][:2] == ["Table", "Cutthroat"]
    assert got["back"] == "home-stats"


def test_a_device_that_has_played_nothing_is_told_so(seeded: Server) -> None:
    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        page = open_as(browser, seeded, EMPTY_DEVICE, (360, 740), errors)
        open_stats_by_keyboard(page, "home-stats")
        text = page.get_by_test_id("stats-empty").text_content()
        played = page.evaluate("() => document.querySelectorAll('#stats-body .stats-game:not(.stats-empty)').length")
        page.context.close()
        return {"text": text, "played": played, "errors": errors}

    got = in_browser(run)
    assert got["errors"] == [] and got["played"] == 0
    assert got["text"].startswith("No finished hands on this device yet.")


def test_home_keeps_its_help_links_on_one_row_on_the_narrowest_phone(seeded: Server) -> None:
    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        page = open_as(browser, seeded, DEVICE, (320, 640), errors)
        tops = page.evaluate("() => [...document.querySelectorAll('.home-links .btn')].map(b => Math.round(b.getBoundingClientRect().top))")
        widths = page.evaluate("() => [...document.querySelectorAll('.home-links .btn')].map(b => b.scrollWidth <= b.clientWidth)")
        page.context.close()
        return {"tops": tops, "widths": widths, "errors": errors}

    got = in_browser(run)
    assert got["errors"] == [] and len(got["tops"]) == 3 and len(set(got["tops"])) == 1 and all(got["widths"])


def test_the_statistics_page_at_every_size_in_both_themes(seeded: Server) -> None:
    def run(browser: Any) -> list[str]:
        ARTIFACTS.mkdir(exist_ok=True)
        matrix = Matrix()
        errors: list[str] = []
        page = open_as(browser, seeded, DEVICE, (390, 844), errors)
        open_stats_by_keyboard(page, "home-stats")
        matrix.check(page, "stats")
        page.context.close()
        page = open_as(browser, seeded, EMPTY_DEVICE, (390, 844), errors)
        open_stats_by_keyboard(page, "home-stats")
        matrix.check(page, "stats-empty")
        page.context.close()
        return matrix.failures + [f"page error: {e}" for e in errors]

    failures = in_browser(run)
    assert failures == [], "\n".join(failures)
