"""Home as a game lobby, and a room's lobby on a desktop.

- A tile per playable game (GET /games), each with a picture of its table drawn from the game's
  ``table`` facts (the players round the felt, partners in one colour; the widow, the stock's upcard,
  the cards passed, the turned trump) and one line; the tiles are radio buttons (arrow keys).
- "Continue your match": the solo match saved on the device is the first choice on Home.
- The levels: three buttons named Easy, Normal, Hard, each described by its line.
- The name: asked once, then "Playing as NAME" with Change; kept on the device.
- The lobby at 1440x900: "Bob joined the room." never covers your seat, and the table settings,
  Ready and Start are in the window without scrolling.
- The light theme's felt is a deeper green than the old pale mint (its contrast pairs:
  tests/test_browser_a11y.py).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .browser_support import TIMEOUT_MS, Server, module_server
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_a11y import THEME_CSS, palette
from .test_browser_layout import in_browser, settle

GAMES = ["table", "partnership-pass", "racehorse", "turned-trump", "britannica", "double-deck", "cutthroat",
         "auction", "two-handed"]


server = module_server("home")


def open_home(browser: Any, url: str, size: tuple[int, int], errors: list[str], **ctx: Any) -> Any:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, **ctx)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.get_by_test_id("home").wait_for()
    page.wait_for_function("() => document.querySelectorAll('#game-tiles .game-tile').length > 1")
    return page


def test_home_has_a_tile_per_game_with_a_picture_of_its_table_and_a_line(server: Server) -> None:
    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        page = open_home(browser, server.url, (390, 844), errors)
        tiles = page.evaluate("""() => [...document.querySelectorAll('#game-tiles .game-tile')].map(t => ({
          game: t.dataset.game, name: t.querySelector('.tile-name').textContent, line: t.querySelector('.tile-line').textContent,
          stakes: t.querySelector('.tile-stakes')?.textContent ?? null,
          auction: t.querySelector('.tile-auction')?.textContent ?? null,
          bonus: t.querySelector('.t-bonus text')?.textContent ?? null,
          described: (t.querySelector('input').getAttribute('aria-describedby') || '').split(' ')
            .map((id) => document.getElementById(id)?.textContent).join(' | '),
          seats: t.querySelectorAll('.t-seat:not(.extra)').length, extra: t.querySelectorAll('.t-seat.extra').length,
          us: t.querySelectorAll('.t-seat.us').length, them: t.querySelectorAll('.t-seat.them').length,
          backs: t.querySelectorAll('.t-back').length, faces: t.querySelectorAll('.t-face').length,
          arrows: t.querySelectorAll('.t-arrow').length, hidden: t.querySelector('svg').getAttribute('aria-hidden'),
          checked: t.querySelector('input').checked }))""")
        # the tiles are one radio group: an arrow key moves to the next game, and the line under them follows
        page.get_by_test_id("game-table").click()
        page.keyboard.press("ArrowRight")
        moved = {"checked": page.eval_on_selector("#game-tiles input:checked", "e => e.value"),
                 "about": page.get_by_test_id("game-about").inner_text(),
                 "stored": page.evaluate("localStorage.getItem('pinochle.game')"),
                 "role": page.get_by_role("radio", name=re.compile("^Partnership pass")).count()}
        page.get_by_test_id("game-two-handed").click()
        page.reload()
        page.wait_for_function("() => document.querySelectorAll('#game-tiles .game-tile').length > 1")
        kept = page.eval_on_selector("#game-tiles input:checked", "e => e.value")
        # the strip scrolls sideways on a phone: the page itself never does
        wide = page.evaluate("document.documentElement.scrollWidth - innerWidth")
        page.close()
        return {"tiles": tiles, "moved": moved, "kept": kept, "wide": wide, "errors": errors}

    out = in_browser(run)
    assert out["errors"] == []
    tiles = {t["game"]: t for t in out["tiles"]}
    assert list(tiles) == GAMES
    assert {g: t["line"] for g, t in tiles.items()} == {
        "table": "4 players · partners · game 1500",
        "partnership-pass": "4 players · partners · pass 4 cards",
        "racehorse": "4 players · partners · pass 4 cards",
        "turned-trump": "4 players · partners · trump turned up",
        "britannica": "4 players · partners · game 100",
        "double-deck": "4 players · partners · 80 cards",
        "cutthroat": "3 players · each alone · widow of 3",
        "auction": "3 to 5 players · each alone · widow of 3",
        "two-handed": "2 players · head to head · a stock",
    }
    # the games of stakes say so (VARIANTS.md cutthroat, auction: settled deal by deal, not played to 1500);
    # the others are scored toward a target and say nothing of stakes; the screen reader hears both lines
    assert {g: t["stakes"] for g, t in tiles.items() if t["stakes"]} == {
        "cutthroat": "Stakes each deal · 9 deals", "auction": "Stakes each deal · 3 deals a player"}
    assert tiles["cutthroat"]["described"] == "3 players · each alone · widow of 3 | Stakes each deal · 9 deals"
    assert tiles["table"]["described"] == "4 players · partners · game 1500 | Dealer stuck at 250"
    # partnership-pass and racehorse look alike on the table (partners, a card pass): each says how its auction and
    # its set differ (VARIANTS.md: "Dealer takes 250 when the first three pass"; racehorse: "A seat that passed may
    # bid again", the opponents score "their meld + 250"), and racehorse's picture has the 250 as a chip
    assert {g: t["auction"] for g, t in tiles.items() if t["auction"]} == {
        "table": "Dealer stuck at 250", "partnership-pass": "Dealer stuck at 250", "double-deck": "Dealer stuck at 50",
        "racehorse": "Bid again after a pass · a set gives the others 250"}
    assert tiles["racehorse"]["described"] == "4 players · partners · pass 4 cards | Bid again after a pass · a set gives the others 250"
    assert {g: t["bonus"] for g, t in tiles.items() if t["bonus"]} == {"racehorse": "250"}
    assert tiles["partnership-pass"]["name"] == "Partnership pass" and tiles["two-handed"]["name"] == "Two-handed"
    assert {g: t["seats"] for g, t in tiles.items()} == {g: 4 for g in GAMES[:6]} | {
        "cutthroat": 3, "auction": 3, "two-handed": 2}
    assert all(t["us"] == 2 and t["them"] == 2 for t in list(tiles.values())[:6])  # partners opposite
    # up to 5 round a table of 3 places: two more chairs (at 4 the dealer sits out, at 5 one more)
    assert tiles["auction"]["extra"] == 2 and sum(t["extra"] for t in tiles.values()) == 2
    assert tiles["cutthroat"]["backs"] == tiles["auction"]["backs"] == 3  # the widow, face down
    assert tiles["two-handed"]["faces"] == 1 and tiles["two-handed"]["backs"] == 2  # the stock and its upcard
    assert tiles["turned-trump"]["faces"] == 1 and tiles["turned-trump"]["backs"] == 1
    assert tiles["double-deck"]["backs"] == 4
    assert tiles["partnership-pass"]["arrows"] == tiles["racehorse"]["arrows"] == 2
    assert all(t["hidden"] == "true" for t in tiles.values())  # the picture is decoration; the line says it
    assert [g for g, t in tiles.items() if t["checked"]] == ["table"]  # a first visit: the table game
    assert out["moved"]["checked"] == "partnership-pass" == out["moved"]["stored"]
    assert out["moved"]["about"].startswith("Partnerships with a card pass") and out["moved"]["role"] == 1
    assert out["kept"] == "two-handed"
    assert out["wide"] <= 0


RINGS = """() => [...document.querySelectorAll('#game-tiles .game-tile')].map(t => {
  const s = getComputedStyle(t);
  return {game: t.dataset.game, outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0,
          dashed: [...t.querySelectorAll('svg *')].filter(e => {
            const d = getComputedStyle(e).strokeDasharray; return d && d !== 'none'; }).length};
})"""


@pytest.mark.parametrize("size", [(360, 740), (1440, 900)], ids=["360x740", "1440x900"])
def test_no_ring_shows_on_a_tile_until_the_keyboard_reaches_it(server: Server, size: tuple[int, int]) -> None:
    """A fresh reviewer saw a dotted circle over the Auction tile at load: the extra chair of its picture,
    drawn as a dashed ring across the rail, read as a focus ring. The extra chairs are solid grey seats
    now, no tile shows a ring at load (nor after a click), and the keyboard's focus still rings the tile
    (``:focus-visible``)."""

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        page = open_home(browser, server.url, size, errors, color_scheme="light")
        settle(page)
        out: dict[str, Any] = {"load": page.evaluate(RINGS)}
        page.get_by_test_id("game-auction").click()
        settle(page)
        out["clicked"] = page.evaluate(RINGS)
        # the keyboard: an arrow key moves the choice (and the focus) to the next tile and back
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowLeft")
        settle(page)
        out["keyboard"] = page.evaluate(RINGS)
        out["errors"] = errors
        page.close()
        return out

    out = in_browser(run)
    assert out["errors"] == []
    assert [t["game"] for t in out["load"] if t["outline"]] == [], out["load"]
    assert [t["game"] for t in out["load"] if t["dashed"]] == [], out["load"]  # no dashed mark in any picture
    assert [t["game"] for t in out["clicked"] if t["outline"]] == [], out["clicked"]
    assert [t["game"] for t in out["keyboard"] if t["outline"]] == ["auction"], out["keyboard"]


@pytest.mark.parametrize("size", [(360, 740), (1440, 900)])
def test_continue_your_match_is_the_first_choice_on_home(server: Server, size: tuple[int, int]) -> None:
    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        page = open_home(browser, server.url, size, errors, reduced_motion="reduce")
        before = page.get_by_test_id("resume").is_visible()
        page.get_by_test_id("game-cutthroat").click()
        page.get_by_test_id("level-easy").click()
        page.get_by_test_id("table").wait_for()
        page.get_by_test_id("home-button").click()
        page.get_by_test_id("resume").wait_for()
        settle(page)
        out = page.evaluate("""() => {
          const r = (sel) => document.querySelector(sel).getBoundingClientRect();
          const resume = r('[data-testid=resume]');
          return { label: document.getElementById('resume-label').textContent,
                   game: document.getElementById('resume-game').textContent,
                   detail: document.getElementById('resume-detail').textContent,
                   inView: resume.top >= 0 && resume.bottom <= innerHeight,
                   aboveTiles: resume.bottom <= r('#game-tiles').top,
                   aboveLevels: resume.bottom <= r('[data-testid=level-easy]').top,
                   primary: document.querySelector('[data-testid=resume]').classList.contains('primary') };
        }""")
        page.get_by_test_id("resume").click()
        page.get_by_test_id("table").wait_for()
        out["before"] = before
        out["errors"] = errors
        page.close()
        return out

    out = in_browser(run)
    assert out["errors"] == [] and out["before"] is False
    assert out["label"] == "Continue your match" and out["game"] == "Cutthroat"
    # a cutthroat match counts its deals, as its table does ("Deal 1 of 9")
    assert out["detail"].startswith("Deal 1 of 9 · You 0") and out["detail"].endswith("· Easy"), out["detail"]
    assert out["inView"] and out["aboveTiles"] and out["aboveLevels"] and out["primary"], out


def test_the_levels_are_three_choices_each_with_its_line(server: Server) -> None:
    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        page = open_home(browser, server.url, (320, 568), errors)
        out = {level: {"count": page.get_by_role("button", name=level, exact=True).count(),
                       "line": page.get_by_test_id(f"level-{level.lower()}").locator(".level-line").inner_text(),
                       "described": page.get_by_test_id(f"level-{level.lower()}").evaluate(
                           "b => document.getElementById(b.getAttribute('aria-describedby')).textContent")}
               for level in ("Easy", "Normal", "Hard")}
        page.close()
        return out

    out = in_browser(run)
    for level in ("Easy", "Normal", "Hard"):
        assert out[level]["count"] == 1 and out[level]["line"] == out[level]["described"] != "", out
    assert out["Easy"]["line"] == "Plays plainly, like a careful beginner."
    assert out["Hard"]["line"] == "Weighs many possible deals before each move."


def test_the_name_is_asked_once_and_remembered(server: Server) -> None:
    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        page = open_home(browser, server.url, (390, 844), errors)
        out: dict[str, Any] = {"first": [page.get_by_test_id("name-input").is_visible(), page.locator("#name-known").is_visible()]}
        page.get_by_test_id("name-input").fill("Ann")
        page.get_by_test_id("name-input").press("Enter")
        out["typed"] = [page.get_by_test_id("name-input").is_visible(), page.get_by_test_id("name-shown").inner_text(),
                        page.evaluate("document.activeElement.dataset.testid")]
        page.reload()
        page.get_by_test_id("home").wait_for()
        out["reloaded"] = [page.get_by_test_id("name-input").is_visible(), page.get_by_test_id("name-shown").inner_text()]
        page.get_by_test_id("name-change").click()
        out["change"] = [page.get_by_test_id("name-input").is_visible(), page.get_by_test_id("name-input").input_value(),
                         page.evaluate("document.activeElement.dataset.testid")]
        page.get_by_test_id("name-input").fill("Bea")
        page.get_by_test_id("name-input").press("Enter")
        out["changed"] = [page.get_by_test_id("name-shown").inner_text(), page.evaluate("localStorage.getItem('pinochle.name')")]
        # a room takes the name kept: no field to fill
        page.get_by_test_id("create-room").click()
        page.get_by_test_id("lobby").wait_for()
        out["lobby"] = page.get_by_test_id("lobby-seat-S").locator(".lseat-name").inner_text()
        out["errors"] = errors
        page.close()
        return out

    out = in_browser(run)
    assert out["errors"] == []
    assert out["first"] == [True, False]
    assert out["typed"] == [False, "Ann", "name-change"]
    assert out["reloaded"] == [False, "Ann"]
    assert out["change"] == [True, "Ann", "name-input"]
    assert out["changed"] == ["Bea", "Bea"]
    assert out["lobby"] == "Bea"


def test_in_the_lobby_on_a_desktop_a_toast_never_covers_your_seat_and_the_settings_are_in_view(server: Server) -> None:
    """At 1440x900 "Bob joined" lay over your own seat, and the table settings
    were below the fold."""
    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ann = open_home(browser, server.url, (1440, 900), errors)
        ann.get_by_test_id("name-input").fill("Ann")
        ann.get_by_test_id("create-room").click()
        ann.get_by_test_id("lobby").wait_for()
        code = ann.get_by_test_id("room-code").inner_text()
        bob = open_home(browser, f"{server.url}?room={code}", (390, 844), errors)
        bob.get_by_test_id("name-input").fill("Bob")
        bob.get_by_test_id("join-room").click()
        bob.get_by_test_id("lobby").wait_for()
        toast = ann.locator(".toast", has_text="Bob joined")
        toast.wait_for()
        settle(ann)
        out = ann.evaluate("""() => {
          const box = (el) => { const r = el.getBoundingClientRect(); return {l: r.left, t: r.top, r: r.right, b: r.bottom}; };
          const toast = [...document.querySelectorAll('.toast')].find(t => t.textContent.includes('Bob joined'));
          const inView = (id) => { const r = box(document.getElementById(id)); return r.t >= 0 && r.b <= innerHeight && r.l >= 0 && r.r <= innerWidth; };
          return { toast: box(toast), seat: box(document.querySelector('#lobby-seats .lseat.you')),
                   seats: [...document.querySelectorAll('#lobby-seats .lseat:not([hidden])')].map(box),
                   settings: inView('lobby-settings'), ready: inView('ready-toggle'), start: inView('start-match'),
                   code: inView('room-code'), scroll: document.documentElement.scrollHeight - innerHeight };
        }""")
        out["errors"] = errors
        return out

    out = in_browser(run)

    def meet(a: dict[str, float], b: dict[str, float]) -> bool:
        return a["l"] < b["r"] and b["l"] < a["r"] and a["t"] < b["b"] and b["t"] < a["b"]

    assert out["errors"] == []
    assert not meet(out["toast"], out["seat"]), out
    assert not any(meet(out["toast"], seat) for seat in out["seats"]), out
    assert out["settings"] and out["ready"] and out["start"] and out["code"], out
    assert out["scroll"] <= 0


def luminance(hex_colour: str) -> float:
    """WCAG relative luminance of ``#rrggbb``."""
    rgb = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def test_the_light_theme_felt_is_a_deeper_green() -> None:
    """The pale mint felt (#b2dbbd, luminance 0.64) looked washed out on a desktop."""
    light = palette(THEME_CSS.read_text(encoding="utf-8"), ":root")
    for name in ("felt", "felt-1", "felt-2", "felt-3"):
        r, g, b = (int(light[name][i:i + 2], 16) for i in (1, 3, 5))
        assert g > r + 40 and g > b + 20, f"{name} {light[name]} is a green"
        assert luminance(light[name]) < 0.47, f"{name} {light[name]} is deeper than the old mint"
    assert luminance(light["felt"]) < 0.4 and luminance(light["felt-2"]) < 0.35


def test_the_first_tab_on_home_is_not_the_skip_to_your_hand_link(server: Server) -> None:
    """Home has no hand: its first Tab goes to a control of Home, never "Skip to your hand" (the thirteenth
    review found it first), which stays the table's first stop (tests/test_browser_a11y.py's keyboard tests)."""

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        page = open_home(browser, server.url, (1440, 900), errors)
        page.keyboard.press("Tab")
        first = page.evaluate("() => ({ text: document.activeElement.textContent.trim(),"
                              " skip: document.activeElement.classList.contains('skip'),"
                              " inHome: !!document.activeElement.closest('[data-testid=home]') || "
                              "!!document.activeElement.closest('header, .topbar') })")
        page.context.close()
        return {"first": first, "errors": errors}

    out = in_browser(run)
    assert out["errors"] == [], out
    assert not out["first"]["skip"] and out["first"]["text"] != "Skip to your hand", out
