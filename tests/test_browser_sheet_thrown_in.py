"""The score sheet never skips a hand's number: a racehorse hand thrown in (nobody bid) has its row, "Thrown in:
nobody bid", 0 to each side and the totals unchanged, between the scored hands (the thirteenth review: the sheet
listed hands 1, 2, 3, 5 while Replay showed "Hand 4 · Thrown in: nobody bid"). A view the engine made: hand 1
thrown in, hand 2 played out, at 360 dark and 1440 light.
"""

from __future__ import annotations

import random
from typing import Any

from pinochle.game import apply
from soak.secrecy import random_action

from .browser_kit import Look, at_each, on_fixture
from .browser_support import module_server
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import all_pass, auto, south

server = module_server("sheet_thrown_in")

LOOKS = [(look.key, look) for look in (Look("dark", (360, 740)), Look("light", (1440, 900)))]


def after_a_thrown_in_hand() -> dict[str, Any]:
    """South's view at the end of racehorse's hand 2, hand 1 having been thrown in."""
    state = all_pass("racehorse")
    rng = random.Random(1)
    while state.phase not in ("hand_end", "match_end"):
        state = auto(apply(state, random_action(state, rng)))
    v = south(state)
    assert [h["number"] for h in v["history"]] == [2]
    v["legal"] = {"deal": True}
    return v


def test_a_thrown_in_hand_has_its_row_on_the_score_sheet(server: Any) -> None:
    v = after_a_thrown_in_hand()

    def read(page: Any, look: Look) -> Any:
        page.get_by_test_id("hand-summary").wait_for(state="visible")
        page.get_by_test_id("summary-scores").click()
        page.get_by_test_id("scores-table").wait_for()
        return page.eval_on_selector_all("[data-testid=scores-table] tbody tr",
                                         "rows => rows.map(r => [...r.cells].map(c => c.innerText.trim()))")

    got = at_each(LOOKS, on_fixture(server.url, v), read, "sheet-thrown-in")
    for key, rows in got.items():
        assert len(rows) == 2, (key, rows)
        assert rows[0][:4] == ["1", "Thrown in: nobody bid", "0", "0"], (key, rows)
        assert rows[0][4:] == ["0", "0"], (key, rows)
        assert rows[1][0] == "2", (key, rows)
