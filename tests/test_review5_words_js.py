"""The fifth review's words, from the page's own modules (run in Debian's Chromium: the harness of
tests/test_settings_js.py).

- ``agree`` (pinochle/web/words.js): a name as a sentence's subject takes its verb in agreement, "You win",
  "West wins"; the replay viewer's trick line says "— You win" when your card took the trick (it said
  "You wins"), and a settlement's line "You pay West 10".
"""

from __future__ import annotations

from typing import Any

import pytest

from .test_replay_view_js import held_by_engine
from .test_settings_js import base_url, in_browser

__all__ = ["base_url"]

pytestmark = pytest.mark.usefixtures("needs_chromium")

NAMES = {"N": "Partner", "E": "East", "S": "You", "W": "West"}


def test_a_name_and_its_verb_agree(base_url: str) -> None:
    def script(page: Any) -> Any:
        return page.evaluate("""async () => {
          const m = await import('/words.js');
          return [m.agree('You', 'win', 'wins'), m.agree('West', 'win', 'wins'), m.agree('Partner', 'take', 'takes'),
                  m.agree('You', 'pay', 'pays'), m.agree('Bob', 'pass', 'passes')];
        }""")

    assert in_browser(base_url, script) == ["You win", "West wins", "Partner takes", "You pay", "Bob passes"]


def test_the_replays_trick_line_says_you_win(base_url: str) -> None:
    history, _ = held_by_engine("table")
    tricks = history["replays"][0]["tricks"]
    winners = [t["winner"] for t in tricks]
    assert "S" in winners and set(winners) - {"S"}, winners  # both kinds of trick in this hand

    def script(page: Any) -> Any:
        return page.evaluate("""async ([history, names, steps]) => {
          const m = await import('/views/replay.js');
          return steps.map((k) => {
            const r = m.renderReplay(history, 0, k, (seat) => names[seat]);
            return {line: r.body.querySelector('.replay-trick').textContent,
                    heads: [...r.body.querySelectorAll('.replay-seat h3')].map(e => e.textContent)};
          });
        }""", [history, NAMES, list(range(1, len(tricks) + 1))])

    got = in_browser(base_url, script)
    for trick, out in zip(tricks, got):
        want = "You win" if trick["winner"] == "S" else f"{NAMES[trick['winner']]} wins"
        assert out["line"].endswith(f"— {want}"), (trick["winner"], out["line"])
        assert "wins" not in out["line"] or not out["line"].endswith("You wins")
        assert all(not h.endswith("plays") for h in out["heads"]), out["heads"]
