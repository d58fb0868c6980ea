"""The review's row of a move Hard's own values put ahead of the move Hard makes by a rule (the server's ``rule``:
docs/protocol.md, "The decision review"), drawn by pinochle/web/views/review.js in Debian's Chromium (the harness of
tests/test_settings_js.py): "better by Hard's own values", never "Hard agrees" nor "matched Hard's choice" (the
fourteenth review: "You: Bid 260  Hard: Pass — about as good as Hard's choice ... your bid of 260 does about 75 points
better by Hard's own values")."""

from __future__ import annotations

from typing import Any

import pytest

from .test_settings_js import base_url, in_browser

__all__ = ["base_url"]

pytestmark = pytest.mark.usefixtures("needs_chromium")

AHEAD = {"index": 1, "seat": "S", "phase": "auction", "action": {"type": "bid", "bid": 260},
         "best": {"type": "bid", "bid": 260}, "loss": 0,
         "reason": "Bid 260: by Hard's own values it leaves your side about 75 points better off than passing, the call"
                   " Hard itself makes here by a rule (your partner's 250 stands).",
         "context": {"trick": None, "table": [], "high_bid": 250, "high_bidder": "N", "declarer": None, "bid": None,
                     "trump": None},
         "rule": {"type": "pass"}}
MATCHED = {"index": 5, "seat": "S", "phase": "play", "action": {"type": "play", "card": "9C"},
           "best": {"type": "play", "card": "9C"}, "loss": 0, "reason": "Play the 9♣: it is your lowest club.",
           "context": None, "rule": None}


def test_a_move_ahead_of_hards_rule_is_said_so(base_url: str) -> None:
    def script(page: Any) -> Any:
        return page.evaluate("""async ([ahead, matched]) => {
          for (const id of ['decision-title', 'review-body', 'review-said']) {
            const el = document.createElement('div'); el.id = id; document.body.append(el);
          }
          const m = await import('/views/review.js');
          m.renderDecisionReview(2, {match: 'm', hand: 2, decisions: [ahead, matched]});
          const body = document.getElementById('review-body');
          const rows = [...body.querySelectorAll('li')].map((li) => li.textContent);
          return {folded: m.foldedLine([ahead, matched]), only: m.foldedLine([ahead]),
                  total: body.querySelector('[data-testid=review-total]')?.textContent ?? null, rows,
                  said: document.getElementById('review-said').textContent};
        }""", [AHEAD, MATCHED])

    got = in_browser(base_url, script)
    assert got["folded"] == "1 decision matched Hard's choice; 1 better by Hard's own values than its rule."
    assert got["only"] == "1 decision better by Hard's own values than its rule."
    assert got["total"] == "No decision gave up a point or more.", got
    row = next(r for r in got["rows"] if "Bid 260" in r)
    assert "better by Hard's own values" in row and "Hard agrees" not in row and "Hard: " not in row, row
    assert "about as good as" not in row and "given up" not in row, row
    assert "All 2 of your decisions matched" not in got["said"], got["said"]
