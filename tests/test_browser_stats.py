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

from .browser_support import ARTIFACTS, Server, in_browser, module_server, open_page, shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_a11y import Matrix

server = module_server("stats")

DEVICE = "statsbrowserdevice0000001"
EMPTY_DEVICE = "statsbrowserdevice0000002"
FIVE_DEVICE = "statsbrowserdevice0000005"


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
        # auction at a table of 5: three deals at −5 each, the third sat out and settled as an opponent
        for n in range(1, 4):
            store.record_hand(FIVE_DEVICE, "am1", n, {"game": "auction", "match": "am1", "hand": n, "played": n != 3,
                                                       "declarer": False, "made": False, "meld": 0, "points": -5, "place": 0})
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
            "unplayed": page.evaluate("""() => [...document.querySelectorAll('[data-testid=stats-unplayed] li')]
              .map(li => [li.dataset.game, li.textContent])"""),
            "unplayed_head": page.evaluate("() => document.getElementById('stats-h-unplayed')?.textContent ?? null"),
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
        "Finished matches with a hint or undo": "1 of 3 (33%)"}
    assert got["cutthroat"]["Your bids made"] == "0 of 1 (0%)" and got["cutthroat"]["Chips per deal"] == "\u22126"
    # cutthroat counts its match in deals ("Deal 3 of 9") and pays stakes in chips: so do its figures
    assert "Hands played" not in got["cutthroat"] and "Meld per deal" in got["cutthroat"], got["cutthroat"]
    # a match in progress is counted when it ends: said in words, never "none yet" (the thirteenth review)
    assert got["cutthroat"]["Matches won"] == "no match finished yet"
    assert got["cutthroat"]["Finished matches with a hint or undo"] == "no match finished yet"
    assert got["order"][:2] == ["table", "cutthroat"]  # the games played first, most hands first
    # the games not played here: one list under the figures, named as Home names them, in the server's order
    assert got["order"] == ["table", "cutthroat"] and len(got["unplayed"]) == 7, got
    assert ["two-handed", "Two-handed"] in got["unplayed"] and got["unplayed_head"] == "Not played yet", got
    assert got["headings"] == ["Table", "Cutthroat", "Not played yet"]
    assert got["back"] == "home-stats"


def test_a_deal_sat_out_at_a_table_of_5_is_played_and_the_chips_per_deal_add_up(seeded: Server) -> None:
    """The fifteenth review: after three deals of −5, one sat out, the page said "Deals played 2" and "Chips per
    deal −7.5"; the deal sat out was seen and settled, so it is played, and the chips are per the deals shown."""
    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {"errors": errors}
        for theme, size in (("dark", (360, 740)), ("light", (360, 740)), ("light", (1440, 900))):
            page = open_as(browser, seeded, FIVE_DEVICE, size, errors)
            page.emulate_media(color_scheme=theme)
            open_stats_by_keyboard(page, "home-stats")
            out[f"{theme}-{size[0]}"] = rows(page, "auction")
            shot(page, f"stats-sat-out-{theme}-{size[0]}")
            page.context.close()
        return out

    got = in_browser(run)
    assert got.pop("errors") == []
    for key, auction in got.items():
        assert auction["Deals played"] == "3, sat out 1" and auction["Chips per deal"] == "\u22125", (key, auction)


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


ONE_GAME_DEVICE = "statsbrowserdevice0000003"

#: the played games' cards and the list of the others, as laid out: each card's box, the played games' box, the
#: list's box and its lines
LAYOUT = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width}; };
  const played = document.querySelector('[data-testid=stats-played]');
  const list = document.querySelector('[data-testid=stats-unplayed]');
  return {played: box(played), cards: [...played.querySelectorAll('.stats-game')].map(box),
          list: list ? box(list) : null, lines: list ? list.getClientRects().length && Math.round(list.getBoundingClientRect().height
            / parseFloat(getComputedStyle(list).lineHeight)) : 0,
          // as read on screen: the heading, its colon and the names with a comma between (stats.css draws those)
          text: list ? list.querySelector('h3').textContent + JSON.parse(getComputedStyle(list.querySelector('h3'), '::after').content)
            + ' ' + [...list.querySelectorAll('li')].map((li, i) => (i ? JSON.parse(getComputedStyle(li, '::before').content) : '')
              + li.textContent).join('') : null,
          boxes: document.querySelectorAll('#stats-body .stats-game').length,
          wide: document.getElementById('stats-body').scrollWidth > document.getElementById('stats-body').clientWidth + 1};
}"""


@pytest.mark.parametrize("look", [((1440, 900), "light"), ((1440, 900), "dark"), ((360, 740), "dark"), ((360, 740), "light")],
                         ids=lambda x: f"{x[0][0]}-{x[1]}")
def test_the_games_played_fill_the_page_and_the_others_are_one_short_list(seeded: Server, look: Any) -> None:
    """The twelfth review at 1440x900: the one game played (Table) was a tall card beside "Partnership pass: Not
    played yet.", with an empty block under that. Now a game played alone takes the page's whole width; two or
    more share columns (side by side at 1440, one under the other at 360); the games never played are one list
    under them, "Not played yet: Partnership pass, Racehorse, …", a line or two at 1440, no box per game."""
    size, theme = look
    store = SQLiteStorage(seeded.db)
    try:
        for n in range(1, 5):
            store.record_hand(ONE_GAME_DEVICE, "om1", n, {"game": "table", "match": "om1", "hand": n, "played": True,
                                                          "declarer": n == 1, "made": False, "meld": 70, "points": -5})
    finally:
        store.close()

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for name, device in (("one", ONE_GAME_DEVICE), ("two", DEVICE)):
            page = open_as(browser, seeded, device, size, errors)
            page.emulate_media(color_scheme=theme)
            open_stats_by_keyboard(page, "home-stats")
            out[name] = page.evaluate(LAYOUT)
            shot(page, f"stats-{name}-{size[0]}-{theme}")
            page.context.close()
        out["errors"] = errors
        return out

    got = in_browser(run)
    assert got["errors"] == [], got["errors"]
    one, two = got["one"], got["two"]
    # a game played alone: the whole width, the others listed under it
    assert one["boxes"] == 1 and abs(one["cards"][0]["width"] - one["played"]["width"]) <= 1, one
    assert one["text"].startswith("Not played yet: Partnership pass, Racehorse,"), one["text"]
    assert one["list"]["top"] >= one["cards"][0]["bottom"] and one["list"]["top"] - one["cards"][0]["bottom"] <= 24, one
    assert one["lines"] <= (2 if size[0] >= 1000 else 4), one
    assert two["boxes"] == 2 and not one["wide"] and not two["wide"], two
    a, b = two["cards"]
    if size[0] >= 1000:  # side by side, the list under the taller
        assert abs(a["top"] - b["top"]) <= 1 and b["left"] > a["right"], two
    else:  # one under the other, each the whole width
        assert b["top"] >= a["bottom"] and abs(a["width"] - two["played"]["width"]) <= 1, two
    assert 0 <= two["list"]["top"] - max(a["bottom"], b["bottom"]) <= 24, two
    assert two["lines"] <= (2 if size[0] >= 1000 else 4), two
