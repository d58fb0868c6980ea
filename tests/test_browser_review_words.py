"""The decision review's losses in whole points (views/review.js): a game is scored in tens or ones, so a
loss the server gives to one decimal (docs/protocol.md) is shown rounded half up, a loss above 0 but under
half a point as "under 1 point given up", and the total likewise; on the scripted socket of
tests/test_browser_review.py."""

from __future__ import annotations

from typing import Any

import pytest

from . import test_browser_review as base
from .browser_support import Server, in_browser, module_server, open_page, scripted_table
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)

server = module_server("review-words")

ONE_DECIMAL = [
    {"index": 25, "seat": "S", "phase": "play", "action": {"type": "play", "card": "KC"},
     "best": {"type": "play", "card": "TD"}, "loss": 23.1,
     "reason": "Play the 10♦: it beats the Q♦, and on average it leaves your side about 23 points better off than your K♣."},
    {"index": 26, "seat": "S", "phase": "play", "action": {"type": "play", "card": "QS"},
     "best": {"type": "play", "card": "AS"}, "loss": 0.5,
     "reason": "Play the A♠: on average it leaves your side about 1 point better off than your Q♠."},
    {"index": 27, "seat": "S", "phase": "play", "action": {"type": "play", "card": "9S"},
     "best": {"type": "play", "card": "JS"}, "loss": 0.3,
     "reason": "Play the J♠: on average it leaves your side under 1 point better off than your 9♠."},
]
UNDER_ONE = [ONE_DECIMAL[2]]


def shown(monkeypatch: pytest.MonkeyPatch, server: Server, decisions: list[dict[str, Any]]) -> dict[str, Any]:
    """The review dialog's items and total when the server answers ``decisions``."""
    monkeypatch.setattr(base, "DECISIONS", decisions)
    v = base.hand_end_view()

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        page = open_page(browser, (390, 844), errors)
        scripted_table(page, base.Reviewing(v).handler)
        page.goto(server.url)
        page.get_by_test_id("hand-summary").wait_for()
        page.get_by_test_id("summary-review").click()
        page.get_by_test_id("review-list").wait_for()
        out = page.evaluate("""() => ({
          losses: [...document.querySelectorAll('.rv-loss')].map((e) => e.textContent),
          total: document.querySelector('[data-testid=review-total]').textContent,
        })""")
        page.context.close()
        return {"errors": errors, **out}

    return in_browser(run)


def test_losses_in_whole_points(monkeypatch: pytest.MonkeyPatch, server: Server) -> None:
    out = shown(monkeypatch, server, ONE_DECIMAL)
    assert out["errors"] == []
    assert out["losses"] == ["23 points given up", "1 point given up", "under 1 point given up"]
    # the sum of the rows as shown, 23 + 1 + 0 (the thirteenth review: a total of "about 62" over rows of 63)
    assert out["total"] == "In all 24 points given up, the costliest first."


def test_a_total_under_half_a_point(monkeypatch: pytest.MonkeyPatch, server: Server) -> None:
    out = shown(monkeypatch, server, UNDER_ONE)
    assert out["losses"] == ["under 1 point given up"]
    assert out["total"] == "In all under 1 point given up, the costliest first."


#: three losses each rounded down: the rows show 20, 20 and 20, their sum 60 (the unrounded sum is 61.2)
ROUNDED_DOWN = [{**d, "loss": 20.4, "reason": d["reason"].replace("23 points", "20 points")} for d in ONE_DECIMAL]


def test_the_total_is_the_sum_of_the_rows_as_shown(monkeypatch: pytest.MonkeyPatch, server: Server) -> None:
    out = shown(monkeypatch, server, ROUNDED_DOWN)
    assert out["losses"] == ["20 points given up"] * 3
    assert out["total"] == "In all 60 points given up, the costliest first.", out["total"]
