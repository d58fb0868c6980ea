"""The move timer ran out (docs/protocol.md, "The move timer"; web/timer.js timedOutText): the table says what
the computer did for you ("Time ran out: the computer bid 250 for you."), or for another person, on the table
until that person moves again, and once to a screen reader, never again for the same move.

Screenshots go to $PINOCHLE_SHOTS when it is set (360x740 dark, 1440x900 light).
"""

from __future__ import annotations

import json
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


def auction_and_hand_end() -> tuple[dict[str, Any], dict[str, Any]]:
    """South's view at its first call of a table match, and at the first hand's end (the engine's)."""
    from pinochle.cards import Seat
    from pinochle.game import turn

    from .test_browser_explain import first_of, south

    calling = south(first_of("table", lambda s: s.phase == "auction" and turn(s) == Seat.S and s.version > 0))
    over = south(first_of("table", lambda s: s.phase == "hand_end"))
    return calling, over


def timer(then: dict[str, Any] | None, seconds: float = 25) -> dict[str, Any]:
    """Table facts of a Quick Match with your timer running, the table to make ``then`` when it runs out."""
    return {**quick(None), "timer": {"seat": "S", "seconds": seconds, "then": then}}


#: the timer's line while the seconds count (the number aside)
TIMER_TEXT = "() => document.getElementById('move-timer').textContent.replace(/^\\d+/, 'N')"


@pytest.mark.parametrize("size,theme", [((360, 740), "dark"), ((1440, 900), "light")])
def test_the_timer_says_what_running_out_does_and_the_summary_what_was_done(server: Any, size: tuple[int, int],  # noqa: F811
                                                                            theme: str) -> None:
    """The fourteenth review: in the auction the timer said "then the computer plays it", though the table passes
    for you there. Each move's own words ("then you pass"; naming trump, the card pass, a card), and the hand's
    summary says what was done for you when time ran out."""
    calling, over = auction_and_hand_end()
    fx = fixtures()
    trump = {**fx["hand-12"], "phase": "trump", "legal": {"trump": ["S", "H", "D", "C"]}}
    cases = [("pass", calling, {"type": "pass", "seat": "S"}), ("lowest", calling, {"type": "bid", "seat": "S", "bid": 250}),
             ("trump", trump, None), ("give", fx["choose-give"], None), ("play", fx["hand-12"], None)]
    hand = [{"seat": "S", "version": 3, "phase": "auction", "action": {"type": "pass", "seat": "S"}},
            {"seat": "N", "version": 9, "phase": "trump", "action": {"type": "trump", "seat": "N", "suit": "C"}},
            {"seat": "S", "version": 20, "phase": "play", "action": {"type": "play", "seat": "S", "card": "TS"}, "trick": 3}]

    def run(browser: Any) -> dict[str, Any]:
        page = open_page(browser, size, theme=theme)
        script = Scripted(calling, timer(cases[0][2]))
        scripted_table(page, script.handler)
        page.goto(server.url)
        page.get_by_test_id("table").wait_for()
        settle(page)
        out: dict[str, Any] = {}
        prev = ""
        for name, v, then in cases:
            script.table = timer(then)
            script.show(v)
            # the line of this state (each case's words differ from the last's): then read it
            page.wait_for_function(f"() => ({TIMER_TEXT})() !== {json.dumps(out.get(prev, ''))}")
            settle(page)
            out[name] = page.evaluate(TIMER_TEXT)
            prev = name
            if name == "pass":
                shot(page, f"timer-pass-{size[0]}-{theme}")
        script.table = {**quick(None), "timer": None, "timed_out_hand": hand}
        script.show(over)
        page.get_by_test_id("hand-summary").wait_for(state="visible")
        settle(page)
        note = page.get_by_test_id("summary-timed-out")
        note.scroll_into_view_if_needed()
        out["summary"] = note.inner_text()
        shot(page, f"summary-timed-out-{size[0]}-{theme}")
        page.context.close()
        return out

    out = in_browser(run)
    assert out["pass"] == "N s left to bid, then you pass", out
    assert out["lowest"] == "N s left to bid, then you bid 250, the lowest bid", out
    assert out["trump"] == "N s left to name trump, then the computer names it for you", out
    assert out["give"] == "N s left to pass 4 cards, then the computer chooses them for you", out
    assert out["play"] == "N s left to play a card, then the computer plays one for you", out
    assert [line for line in out["summary"].splitlines() if line.strip()] == [
        "Time ran out 2 times: the computer passed in the auction and played the ten of spades at trick 3 for you.",
        "Time ran out for Bob: the computer named clubs trump for them."], out["summary"]
