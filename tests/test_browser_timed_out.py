"""The move timer ran out (docs/protocol.md, "The move timer"; web/timer.js timedOutText): the table says what
the computer did for you ("Time ran out: the computer bid 250 for you."), or for another person, on the table
until that person moves again, and once to a screen reader, never again for the same move.

Screenshots go to $PINOCHLE_SHOTS when it is set (360x740 dark, 1440x900 light).
"""

from __future__ import annotations

from typing import Any

import pytest

from .browser_support import in_browser, open_page, scripted_table, shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import server, settle  # noqa: F401  (server: the fixture)
from .web_fixtures import Scripted, fixtures


def quick(timed_out: dict[str, Any] | None) -> dict[str, Any]:
    """Table facts of a Quick Match where you are South, Bob North, with ``timed_out`` as the server sends it."""
    names = {"N": "Bob", "E": "East", "S": "You", "W": "West"}
    return {"kind": "quick", "room": None, "you": "S", "timer": {"seat": "S", "seconds": 25},
            "timed_out": timed_out,
            "seats": {seat: {"name": name, "computer": seat in ("E", "W"), "connected": True, "stand_in": False,
                             "next_ready": False} for seat, name in names.items()}}


MINE = {"seat": "S", "version": 7, "action": {"type": "bid", "seat": "S", "bid": 250}}
BOBS = {"seat": "N", "version": 9, "action": {"type": "trump", "seat": "N", "suit": "C"}}


@pytest.mark.parametrize("size,theme", [((360, 740), "dark"), ((1440, 900), "light")])
def test_a_move_made_on_a_time_out_is_said(server: Any, size: tuple[int, int], theme: str) -> None:  # noqa: F811
    v = fixtures()["hand-12"]

    def run(browser: Any) -> dict[str, Any]:
        page = open_page(browser, size, theme=theme)
        script = Scripted(v, quick(MINE))
        scripted_table(page, script.handler)
        page.goto(server.url)
        page.get_by_test_id("table").wait_for()
        settle(page)
        line = page.get_by_test_id("timed-out")
        out: dict[str, Any] = {"mine": line.inner_text(), "mine_visible": line.is_visible()}
        shot(page, f"timed-out-{size[0]}-{theme}")
        script.send("move")  # the same move again: not said again
        script.table = quick(BOBS)
        script.send("move")  # Bob's time ran out: said once
        page.wait_for_function("() => document.getElementById('timed-out').textContent.includes('Bob')")
        out["bobs"] = line.inner_text()
        script.table = quick(None)  # Bob moved himself: the line goes
        script.send("move")
        page.wait_for_function("() => document.getElementById('timed-out').hidden")
        out["said"] = page.evaluate("[...document.querySelectorAll('#announcer p')].map((p) => p.textContent)")
        page.context.close()
        return out

    out = in_browser(run)
    assert out["mine"] == "Time ran out: the computer bid 250 for you." and out["mine_visible"], out
    assert out["bobs"] == "Time ran out for Bob: the computer named clubs trump for them.", out
    said = [t for t in out["said"] if t.startswith("Time ran out")]
    assert said == [out["mine"], out["bobs"]], out["said"]
