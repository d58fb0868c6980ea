"""A hand opened from a row of the score sheet shows the summary it had at its end, its auction told ("West won the
bid at 270 over ..."), with a way back to the sheet and nothing to deal (the twelfth review: the hand opened from
the sheet had no auction line, and its buttons differed).

For a table game, cutthroat and two-handed (no auction: its summary has none either way), at 360x740 dark and
1440x900 light: the summary of hand 1 as the page showed it at hand 1's end, and as it shows it opened from the
sheet's first row at hand 2's end, are the same text; the opened one has "Back to score sheet" (which goes back to
the sheet) and "See the table", and no "Next hand". The views come from the engine (random play, fixed seeds).
"""

from __future__ import annotations

from typing import Any

import pytest

from .browser_support import shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import play_until, serious, south
from .test_browser_layout import in_browser, open_fixture, server, settle  # noqa: F401  (server: the module's live server)

LOOKS = (("dark", (360, 740)), ("light", (1440, 900)))


def ends(game: str, seed: int = 1) -> tuple[dict[str, Any], dict[str, Any]]:
    """South's views at the end of hand 1 and of hand 2 of one match."""
    def at(n: int) -> dict[str, Any]:
        return south(play_until(game, seed, lambda s: s.phase in ("hand_end", "match_end") and len(s.history) >= n))
    return at(1), at(2)


def summary_text(page: Any) -> str:
    return str(page.locator("#summary-title").inner_text() + "\n" + page.locator("#summary-body").inner_text())


@pytest.mark.parametrize("game", ["table", "cutthroat", "two-handed"])
def test_a_hand_opened_from_the_score_sheet_is_told_as_at_its_end(server: Any, game: str) -> None:  # noqa: F811
    first, second = ends(game)

    def run(browser: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for theme, size in LOOKS:
            key = f"{theme}-{size[0]}"
            errors: list[str] = []
            # hand 1's summary as the page showed it at hand 1's end
            ctx, page, _ = open_fixture(browser, server.url, first, errors, theme=theme, size=size)
            page.get_by_test_id("hand-summary").wait_for(state="visible")
            settle(page)
            at_end = summary_text(page)
            end_auction = page.locator("#summary-body [data-testid=auction-line]").all_inner_texts()
            shot(page, f"past-summary-{game}-end-{key}")
            ctx.close()
            # the same hand opened from the score sheet at hand 2's end
            ctx, page, _ = open_fixture(browser, server.url, second, errors, theme=theme, size=size)
            page.get_by_test_id("hand-summary").wait_for(state="visible")
            page.get_by_test_id("summary-scores").click()
            page.get_by_test_id("score-sheet").wait_for(state="visible")
            page.locator("#scores-body [data-testid=hand-open]").first.click()
            page.get_by_test_id("hand-summary").wait_for(state="visible")
            settle(page)
            opened = summary_text(page)
            axe = serious(page)
            shot(page, f"past-summary-{game}-opened-{key}")
            buttons = page.eval_on_selector_all("#summary-dialog .dialog-buttons button",
                                                "els => els.filter(e => e.getClientRects().length && !e.hidden).map(e => e.textContent.trim())")
            page.get_by_test_id("summary-scores").click()
            page.get_by_test_id("score-sheet").wait_for(state="visible")
            settle(page)
            back = {"sheet": page.get_by_test_id("score-sheet").is_visible(),
                    "summary": page.get_by_test_id("hand-summary").is_visible()}
            ctx.close()
            out[key] = {"at_end": at_end, "opened": opened, "end_auction": end_auction, "buttons": buttons,
                        "back": back, "errors": errors, "axe": axe}
        return out

    out = in_browser(run)
    for key, o in out.items():
        assert o["errors"] == [] and o["axe"] == [], (game, key, o["errors"], o["axe"])
        assert o["opened"] == o["at_end"], (game, key, o["opened"], o["at_end"])
        if game != "two-handed":  # a game with an auction tells it, at the hand's end and opened from the sheet
            assert len(o["end_auction"]) == 1 and " bid" in o["end_auction"][0] or "opened" in o["end_auction"][0], o
            assert o["end_auction"][0] in o["opened"], (game, key)
        assert o["buttons"] == ["Back to score sheet", "See the table"], (game, key, o["buttons"])
        assert o["back"] == {"sheet": True, "summary": False}, (game, key, o["back"])
