"""Where the news about people lies at a room's table ("Bob is away.": announcer.js placeToasts).

A room's table (engine-made views: mid-hand and at a hand's end), Bob at North goes away: at 360, 390 and
1440 px the notice covers no seat, no card (of the trick, of the felt, of your hand), no button, and neither
the status nor the score line, and lies whole in the window. At 1440 at a hand's end the felt has no room
for it: it lies under the buttons, where nothing is (it once lay over your own seat).

Screenshots go to $PINOCHLE_SHOTS when it is set.
"""

from __future__ import annotations

from typing import Any

import pytest

from .browser_support import shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import BOXES, at_widths, hand_end, overlaps, size_of
from .test_browser_layout import in_browser, open_fixture, server, settle  # noqa: F401  (server: the module's live server)
from .web_fixtures import fixtures, room_table

WIDTHS = (360, 390, 1440)
NAMES = {"N": "Bob", "E": "East", "S": "Ann", "W": "West"}
COVERS = ("#felt > .seat", "#felt .card", "#centre .card", "#hand button.card", "#screen-table button", "#status",
          "#sides > *", "#centre .trick-winner")


@pytest.mark.parametrize("when", ["mid-hand", "hand-end"])
def test_the_away_notice_covers_no_seat_card_or_button(server: Any, when: str) -> None:  # noqa: F811
    v = fixtures()["hand-12"] if when == "mid-hand" else hand_end("table")

    def body(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {"errors": errors, "bad": {}, "shown": 0}
        here = room_table(NAMES, computer=("E", "W"))
        ctx, page, script = open_fixture(browser, server.url, v, errors, theme="dark" if when == "mid-hand" else "light", size=size_of(WIDTHS[0]),
                                         table=here)
        if when == "hand-end":  # the hand's summary opens first: the player looks at the table
            page.get_by_test_id("summary-close").click()
            page.get_by_test_id("hand-summary").wait_for(state="hidden")
        for width in at_widths(page, WIDTHS):
            script.table = room_table(NAMES, computer=("E", "W"), away=("N",))
            script.send("presence")
            notice = page.get_by_test_id("notice").last
            notice.wait_for()
            settle(page)
            settle(page)
            box = page.evaluate(BOXES, "#toasts .toast")[-1]
            out["shown"] += 1
            found = []
            for sel in COVERS:
                for b in page.evaluate(BOXES, sel):
                    if overlaps([{**box, "id": "notice"}, b]):
                        found.append(f"{sel}: {b}")
            w, h = size_of(width)
            if box["x"] < 0 or box["y"] < 0 or box["x"] + box["w"] > w or box["y"] + box["h"] > h:
                found.append(f"outside the window: {box}")
            if found:
                out["bad"][width] = found
            shot(page, f"notice-{when}-{width}")
            page.evaluate("() => document.querySelectorAll('#toasts .toast').forEach((t) => t.remove())")
            script.table = here  # Bob is back (said too; removed before the next width)
            script.send("presence")
            page.get_by_test_id("notice").last.wait_for()
            page.evaluate("() => document.querySelectorAll('#toasts .toast').forEach((t) => t.remove())")
        ctx.close()
        return out

    out = in_browser(body)
    assert out["errors"] == [], out["errors"]
    assert out["shown"] == len(WIDTHS)
    assert out["bad"] == {}, out["bad"]
