"""The match-end screen says why the winner won: the view's ``why_won`` under the final score.

A match is played to its end in the engine by computer players (Easy), and South's view of its end is
served to the real page by a scripted socket (tests/web_fixtures.py). The result screen (and a room's
review) shows the title, the totals, and under them the engine's sentence as it is (the browser holds
no rules: views/dialogs.js ``showWhyWon``), at 360x740 and 1440x900 in both themes; nothing overlaps
and no text overflows its box (tests/browser_checks.py). Screenshots go to /tmp/match-end-shots.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pinochle.bots import for_level
from pinochle.cards import Seat
from pinochle.game import Action, State, apply, auto_action, new_match, turn, view
from pinochle.games import GAMES

from .browser_checks import OVERFLOW
from .browser_support import TIMEOUT_MS, in_browser
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import server, settle  # noqa: F401  (server: the fixture)
from .web_fixtures import Scripted, room_table

SIZES = {"360x740": (360, 740), "1440x900": (1440, 900)}
SHOTS = Path("/tmp/match-end-shots")

#: the parts of the result screen, in reading order: none may overlap another
PARTS = {"result": ("result-title", "result-score", "result-why", "result-last", "play-again"),
         "review": ("review-title", "review-score", "review-why", "review-hands", "review-note")}


def easy_to_the_end(st: State) -> tuple[State, State]:
    """``st`` played on by Easy computer players to the match's end: the end, and the state just before its last
    move."""
    before = st
    while st.phase != "match_end":
        a = auto_action(st)
        if a is None:
            seat = turn(st)
            assert seat is not None
            a = Action.deal_(seat) if st.phase == "hand_end" else for_level("easy", f"x{int(seat)}").act(view(st, seat))
        st, before = apply(st, a), st
    return st, before


def match_end_views(game: str, seed: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """South's views (JSON) of a whole match of ``game`` played by Easy computer players: just before the
    last move, and at its end."""
    st, before = easy_to_the_end(new_match(seed=seed, game=GAMES[game]))
    v = view(st, Seat.S).to_json()
    assert isinstance(v["why_won"], str) and v["why_won"]
    return view(before, Seat.S).to_json(), v


def match_end_view(game: str, seed: int) -> dict[str, Any]:
    """South's view (JSON) of the end of a whole match of ``game`` played by Easy computer players."""
    return match_end_views(game, seed)[1]


BOXES = """ids => ids.map(id => {
  const el = document.getElementById(id);
  if (!el || el.hidden || !el.getClientRects().length) return null;
  const r = el.getBoundingClientRect();
  return {id, top: r.top, bottom: r.bottom, left: r.left, right: r.right, text: el.innerText};
})"""


def measure(page: Any, screen: str) -> dict[str, Any]:
    """The boxes of the screen's parts, the overlaps between them, and any overflowing text."""
    page.wait_for_function("s => document.body.dataset.screen === s", arg=screen)
    settle(page)
    boxes = [b for b in page.evaluate(BOXES, list(PARTS[screen])) if b is not None]
    overlaps = [(a["id"], b["id"]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
                if a["top"] < b["bottom"] - 0.5 and b["top"] < a["bottom"] - 0.5
                and a["left"] < b["right"] - 0.5 and b["left"] < a["right"] - 0.5]
    order = [b["id"] for b in sorted(boxes, key=lambda b: b["top"])]
    return {"boxes": {b["id"]: b for b in boxes}, "overlaps": overlaps, "order": order,
            "overflow": page.evaluate(OVERFLOW)}


def open_end(browser: Any, url: str, v: dict[str, Any], theme: str, size: tuple[int, int], errors: list[str],
             table: dict[str, Any] | None = None) -> tuple[Any, Any]:
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, reduced_motion="reduce",
                              color_scheme=theme)
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    if table:
        page.add_init_script("localStorage.setItem('pinochle.seat', 's'.repeat(32))")
    page.add_init_script("sessionStorage.setItem('pinochle.screen', 'table')")
    page.route_web_socket("**/ws", Scripted(v, table).handler)
    page.goto(url)
    return ctx, page


@pytest.mark.parametrize("game, seed", [("table", 1), ("britannica", 2), ("cutthroat", 4), ("two-handed", 1)])
def test_the_result_says_why_under_the_final_score(server: Any, game: str, seed: int) -> None:
    v = match_end_view(game, seed)
    SHOTS.mkdir(exist_ok=True)

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for theme in ("light", "dark"):
            for size, wh in SIZES.items():
                ctx, page = open_end(browser, server.url, v, theme, wh, errors)
                out[f"{size}-{theme}"] = measure(page, "result")
                page.screenshot(path=str(SHOTS / f"{game}-{size}-{theme}.png"), full_page=True)
                ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for where, m in out.items():
        why = m["boxes"].get("result-why")
        assert why is not None, f"{where}: the reason is not shown"
        assert why["text"] == v["why_won"], where
        score = m["boxes"]["result-score"]
        assert why["top"] >= score["bottom"] - 0.5, f"{where}: the reason is not under the score"
        assert m["order"][:3] == ["result-title", "result-score", "result-why"], where
        assert m["overlaps"] == [], where
        assert m["overflow"] == [], where


def test_a_rooms_review_says_why_too(server: Any) -> None:
    v = match_end_view("table", 2)
    table = room_table({"N": "Ada", "E": "Bea", "S": "Cy", "W": "Dee"})

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, page = open_end(browser, server.url, v, "dark", SIZES["360x740"], errors, table)
        m = measure(page, "review")
        page.screenshot(path=str(SHOTS / "review-360x740-dark.png"), full_page=True)
        ctx.close()
        return {"m": m, "errors": errors}

    SHOTS.mkdir(exist_ok=True)
    out = in_browser(run)
    assert out["errors"] == []
    m = out["m"]
    assert m["boxes"]["review-why"]["text"] == v["why_won"]
    assert m["order"][:3] == ["review-title", "review-score", "review-why"]
    assert m["overlaps"] == [] and m["overflow"] == []


def test_no_reason_no_line(server: Any) -> None:
    """A view without ``why_won`` (an older server) shows the result without an empty line."""
    v = match_end_view("table", 1)
    v["why_won"] = None

    def run(browser: Any) -> bool:
        errors: list[str] = []
        ctx, page = open_end(browser, server.url, v, "light", SIZES["360x740"], errors)
        page.wait_for_function("() => document.body.dataset.screen === 'result'")
        settle(page)
        hidden: bool = page.locator("#result-why").is_hidden()
        ctx.close()
        assert errors == []
        return hidden

    assert in_browser(run)


def test_the_reason_is_announced_with_the_result(server: Any) -> None:
    """The last move of the match: the live region says who won and why (the view's sentence)."""
    last, end = match_end_views("table", 1)

    def run(browser: Any) -> str:
        errors: list[str] = []
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, reduced_motion="reduce")
        ctx.set_default_timeout(TIMEOUT_MS)
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.add_init_script("sessionStorage.setItem('pinochle.screen', 'table')")
        script = Scripted(last, None)
        page.route_web_socket("**/ws", script.handler)
        page.goto(server.url)
        page.wait_for_function("() => document.body.dataset.screen === 'table'")
        settle(page)
        script.view = end
        script.send("move")
        page.wait_for_function("s => document.getElementById('announcer').textContent.includes(s)", arg=end["why_won"])
        said: str = page.locator("#announcer").inner_text()
        ctx.close()
        assert errors == []
        return said

    said = in_browser(run)
    assert end["why_won"] == "Only the winning side reached 1500."
    assert "You and your partner win! Only the winning side reached 1500." in said


def chairs_match_end_view(players: int, seed: int = 1) -> dict[str, Any]:
    """South's view (JSON) of the end of a whole auction match at a table of ``players`` played by Easy
    computer players."""
    return view(easy_to_the_end(new_match(seed=seed, game="auction", players=players))[0], Seat.S).to_json()


# the result's last hand: its table's width against its box's (a cut column scrolls out of sight), and every
# final total's words, any broken across two lines ("West &" / "East")
WHOLE = r"""() => {
  const wrap = document.querySelector('#result-last .table-wrap');
  const broken = [];
  for (const el of document.querySelectorAll('#result-score [data-testid^=final-]')) {
    const rects = [];
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (n.parentElement.closest('.sr-only')) continue;  // a screen reader's "(winner)"
      const range = document.createRange();
      range.selectNodeContents(n);
      rects.push(...[...range.getClientRects()].filter((q) => q.width > 0));
    }
    // on two lines: one piece wholly under another
    if (rects.some((a) => rects.some((b) => b.top >= a.bottom - 0.5))) broken.push(el.textContent);
  }
  return { table: wrap ? wrap.scrollWidth : 0, box: wrap ? wrap.clientWidth : 0, broken };
}"""


@pytest.mark.parametrize("size", [(768, 1024), (1440, 900)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_result_shows_every_player_whole(server: Any, size: tuple[int, int]) -> None:  # noqa: F811
    """On a tablet and a desktop: the last deal's table of a table of five shows every player's column (it
    was cut after the third at the card's edge), and a side's final total keeps its name on one line ("1420
    West & East", never "West &" over "East")."""
    ends = {"auction5": chairs_match_end_view(5), "table": match_end_view("table", 1)}

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for (name, v), theme in zip(ends.items(), ("light", "dark")):
            ctx, page = open_end(browser, server.url, v, theme, size, errors)
            page.wait_for_function("() => document.body.dataset.screen === 'result'")
            settle(page)
            out[name] = page.evaluate(WHOLE)
            page.screenshot(path=str(SHOTS / f"whole-{name}-{size[0]}x{size[1]}-{theme}.png"), full_page=True)
            ctx.close()
        out["errors"] = errors
        return out

    SHOTS.mkdir(exist_ok=True)
    out = in_browser(run)
    assert out.pop("errors") == []
    assert out["auction5"]["box"] > 0 and out["auction5"]["table"] <= out["auction5"]["box"], out
    assert {name: got["broken"] for name, got in out.items()} == {"auction5": [], "table": []}, out
