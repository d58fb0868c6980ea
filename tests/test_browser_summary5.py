"""The hand summary read as a sum, and the meld on the felt (a fifth reviewer's findings on issue 30).

- The hand summary lays its rows as a player adds them: what each side took (meld, counters, last trick),
  then their sum, "Meld + counters", as a sum line under them (never above its parts), then a bonus or the
  set, then the hand score as "= N". A set in the table game is said once: the bid taken off, "Set: the
  bid, 320, is taken off −320" (the struck figures above it say that none of what the side took scored).
  RULES.md, Scoring a hand; VARIANTS.md racehorse (the 250 bonus).

The summaries are the engine's (random legal play), served to the real page by a scripted socket.
Screenshots go to $PINOCHLE_SHOTS when it is set.
"""

from __future__ import annotations

from typing import Any

import pytest

from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import first_of, south
from .test_browser_layout import server  # noqa: F401  (server: the module's live server)
from .test_browser_summary_rows import server_url, summary_rows  # noqa: F401  (server_url: filled by its fixture)

#: the labels of what a side took in the hand (scoring.py earned_parts), as the summary shows them
TAKEN = ("Meld", "Meld kept", "Counters", "Last trick")


@pytest.fixture(autouse=True)
def _url(server: Any) -> None:  # noqa: F811
    server_url[:] = [server.url]


def set_hand(game: str) -> dict[str, Any]:
    """South's view of the first hand of ``game`` whose declaring side went set after play with counters."""
    return south(first_of(game, lambda s: s.phase == "hand_end" and not s.history[-1].score.made
                          and bool(s.tricks) and not s.conceded and s.history[-1].score.counters[s.declarer % 2] > 0))


@pytest.mark.parametrize("game", ["table", "racehorse"])
def test_the_summary_reads_parts_then_their_sum_then_the_set_then_the_score(game: str) -> None:
    v = set_hand(game)
    last = v["last_hand"]
    out = summary_rows(v, f"sum5-{game}", sizes=((360, 740), (1440, 900)), themes=("light",))
    assert out.pop("errors") == []
    for key, got in out.items():
        rows = got["rows"]
        labels = [r["label"] for r in rows]
        assert got["sums"] == last["score"], (key, got["sums"])
        sub = next(i for i, r in enumerate(rows) if r["testid"] == "subtotal-row")
        assert labels[sub] == "Meld + counters", labels
        taken = [i for i, lb in enumerate(labels) if lb in TAKEN]
        after = [i for i, lb in enumerate(labels) if lb.startswith(("Set", "Bonus", "Not scored", "Conceded"))]
        score = labels.index("Hand score")
        # the parts, then their sum, then what the contract makes of it, then the hand's score
        assert taken and max(taken) < sub, labels
        assert after and sub < min(after) and max(after) < score, labels
        # the sum line adds up the parts above it: the declaring side's meld and counters against the bid
        decl = next(k for k, seats in v["sides"].items() if last["declarer"] in seats)
        cell = next(c for c in rows[sub]["cells"] if c["col"] == decl)
        assert cell["text"].startswith(str(last["measured"][decl])) and f"bid {last['bid']}" in cell["text"], cell
        # the hand score reads as the result of the sum: "= Set −320", "= +160"
        assert all(c["text"].startswith("=") for c in rows[score]["cells"]), rows[score]
        if game == "table":
            # the set said once: the bid taken off, with the bid in words; no row repeating "not scored"
            assert f"Set: the bid, {last['bid']}, is taken off" in labels, labels
            assert not any("not scored" in lb for lb in labels), labels
        else:
            # racehorse: the other side's 250 comes below the sum line, as a bonus
            assert any(lb.startswith("Bonus 250") for lb in labels[sub + 1:score]), labels
