"""The match's last hand shows its meld and summary before the match's result, as every hand does.

A match is played to its end by the engine (Easy computer players, tests/test_browser_match_end.py), and
South's views just before the last move and at the end are sent to the real page by a scripted socket, the
end as a move (as a live table sends it). The page stays at the table with the last hand's summary open
(its title, its rows, and a button "Match result" where the next hand's would be); that button
opens the result. A page opened on a match already over (a reload) goes straight to the result. Checked
in every game at 390x844, and for cutthroat (whose last deal may end at the meld, before any trick) at
360x740, 390x844 and 1440x900, light and dark; screenshots go to /tmp/last-hand-shots when PINOCHLE_SHOTS
is set.
"""

from __future__ import annotations

from typing import Any

import pytest

from pinochle.games import GAMES

from .browser_support import shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import in_browser, open_fixture, server, settle  # noqa: F401  (server: the module's live server)
from .test_browser_match_end import match_end_views


def last_hand_then_result(url: str, game: str, cases: list[tuple[tuple[int, int], str]]) -> dict[str, Any]:
    before, end = match_end_views(game, 1)

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for size, theme in cases:
            key = f"{theme}-{size[0]}"
            ctx, page, script = open_fixture(browser, url, before, errors, theme=theme, size=size)
            script.view = end
            script.send("move")
            page.get_by_test_id("hand-summary").wait_for(state="visible")
            settle(page)
            got: dict[str, Any] = {
                "screen": page.evaluate("document.body.dataset.screen"),
                "title": page.locator("#summary-title").inner_text(),
                "rows": page.locator("#summary-body [data-testid=summary-table] tbody tr").count(),
                "button": page.get_by_test_id("next-hand").inner_text(),
                "visible": page.get_by_test_id("next-hand").is_visible(),
            }
            shot(page, f"{game}-summary-{key}")
            # "See the table": the table of the last hand, with the summary and the result a tap away
            page.get_by_test_id("summary-close").click()
            got["inline"] = page.get_by_test_id("next-hand-inline").inner_text()
            shot(page, f"{game}-table-{key}")
            page.get_by_test_id("next-hand-inline").click()
            page.wait_for_function("() => document.body.dataset.screen === 'result'")
            settle(page)
            got["result"] = page.get_by_test_id("result-title").inner_text()
            shot(page, f"{game}-result-{key}")
            ctx.close()
            out[key] = got
        # a reload of a match over: the result at once
        ctx, page, script = open_fixture(browser, url, before, errors, size=(390, 844))
        script.show(end)
        page.wait_for_function("() => document.body.dataset.screen === 'result'")
        out["reload"] = page.get_by_test_id("hand-summary").is_visible()
        ctx.close()
        out["errors"] = errors
        out["want"] = {"deals": end["deals"], "number": end["last_hand"]["number"], "deal": end.get("deal_number")}
        return out

    return in_browser(run)


def check(out: dict[str, Any], game: str) -> None:
    assert out.pop("errors") == []
    assert out.pop("reload") is False
    want = out.pop("want")
    title = f"Deal {want['deal']} over" if want["deals"] else f"Hand {want['number']} over"
    for key, got in out.items():
        assert got["screen"] == "table" and got["title"] == title, (game, key, got)
        assert got["rows"] >= 3, (game, key, got)
        assert got["button"] == got["inline"] == "Match result" and got["visible"], (game, key, got)
        assert got["result"], (game, key, got)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_last_hand_shows_its_summary_before_the_result(server: Any, game: str) -> None:  # noqa: F811
    check(last_hand_then_result(server.url, game, [((390, 844), "light")]), game)


def test_cutthroats_last_deal_at_every_size(server: Any) -> None:  # noqa: F811
    cases = [(size, theme) for theme in ("light", "dark") for size in ((360, 740), (390, 844), (1440, 900))]
    check(last_hand_then_result(server.url, "cutthroat", cases), "cutthroat")
