"""The review's headline where Hard chose another move that it has no figure for (the server's ``loss`` null):
never "Hard agrees with every decision it measured." above that row (the fifteenth review: "Hard agrees with every
decision it measured." over "You: Spades trump / Hard: Hearts trump / not measured"), drawn by
pinochle/web/views/review.js in Debian's Chromium (the harness of tests/test_settings_js.py)."""

from __future__ import annotations

from typing import Any

import pytest

from .test_settings_js import base_url, in_browser

__all__ = ["base_url"]

pytestmark = pytest.mark.usefixtures("needs_chromium")

TRUMP = {"index": 4, "seat": "S", "phase": "trump", "action": {"type": "trump", "suit": "S"},
         "best": {"type": "trump", "suit": "H"}, "loss": None,
         "reason": "Name hearts trump: Hard did not play the hand out with spades as trump.",
         "context": {"trick": None, "table": [], "high_bid": 250, "high_bidder": "S", "declarer": "S", "bid": 250,
                     "trump": None},
         "rule": None}
MATCHED = {"index": 9, "seat": "S", "phase": "play", "action": {"type": "play", "card": "9C"},
           "best": {"type": "play", "card": "9C"}, "loss": 0, "reason": "Play the 9♣: it is your lowest club.",
           "context": None, "rule": None}


def test_a_move_hard_chose_otherwise_is_never_under_hard_agrees(base_url: str) -> None:
    def script(page: Any) -> Any:
        return page.evaluate("""async ([trump, matched]) => {
          for (const id of ['decision-title', 'review-body', 'review-said']) {
            const el = document.createElement('div'); el.id = id; document.body.append(el);
          }
          const m = await import('/views/review.js');
          m.renderDecisionReview(1, {match: 'm', hand: 1, decisions: [trump, matched, matched]});
          const body = document.getElementById('review-body');
          return {total: body.querySelector('[data-testid=review-total]')?.textContent ?? null,
                  two: m.differsHead([trump, trump]),
                  said: document.getElementById('review-said').textContent};
        }""", [TRUMP, MATCHED])

    got = in_browser(base_url, script)
    assert got["total"] == "Hard chose differently once, on the trump: no figure for it.", got
    assert "agrees" not in got["said"], got["said"]
    assert got["two"] == "Hard chose differently 2 times: no figure for them."
