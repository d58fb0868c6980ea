"""The hand summary's words, from the eighth fresh review (issue 30: every number explained).

- A stake's steps (VARIANTS.md ``cutthroat``, ``auction``) are sentences a player reads, each with its
  number in it: "The meld alone made the bid, so the hand was not played: each opponent pays the declarer 1.",
  never the cryptic "The meld alone made the bid: no play 1".
"""

from __future__ import annotations

import re

import pytest

from pinochle.cards import Seat, Suit
from pinochle.game import view

from .test_browser_meld_alone import made_with_meld_alone
from .test_concede_spades import conceded
from .test_score_parts import finished_hands


@pytest.mark.parametrize("game,players", [("cutthroat", None), ("auction", None), ("auction", 5)])
def test_every_stake_step_is_a_sentence_with_its_number(game: str, players: int | None) -> None:
    """Each step says its stake in a sentence ending in a full stop; the last says who pays whom, and how much."""
    seen = set()
    for seed in range(6):
        for last in finished_hands(game, seed, 6, players):
            steps = last["stake_steps"]
            assert isinstance(steps, list) and steps
            for step in steps:
                says = step["says"]
                assert says.endswith(".") and says[0].isupper(), step
                assert re.search(rf"\b{step['points']}\.$", says), step  # the stake after the step closes it
                assert "no play" not in says and "×" not in says, step
            end = steps[-1]["says"]
            assert ("each opponent pays the declarer" in end or "pays each opponent" in end), end
            seen.add(end.split(",")[0].split(":")[0])
    assert len(seen) >= 2, seen  # made and set (or conceded) hands were both seen


def test_the_meld_alone_step_says_the_hand_was_not_played() -> None:
    """Cutthroat, seed 2: East's meld of 31 made the bid of 30; each opponent pays East the stake of 1."""
    last = view(made_with_meld_alone(2), Seat.S).to_json()["last_hand"]
    assert isinstance(last, dict)
    assert [p["says"] for p in last["stake_steps"]] == [  # type: ignore[index]
        "The bid was 30; bids 30 to 34 stake 1.",
        "The meld alone made the bid, so the hand was not played: each opponent pays the declarer 1."]


def test_a_concession_in_spades_says_each_step() -> None:
    """Auction, 370 in spades conceded: the band's stake 15, doubled to 30 by spades, paid once."""
    last = view(conceded(370, Suit.S, None), Seat.S).to_json()["last_hand"]
    assert isinstance(last, dict)
    assert [p["says"] for p in last["stake_steps"]] == [  # type: ignore[index]
        "The bid was 370; bids 350 to 390 stake 15.",
        "Spades are trump, so the stake doubles to 30.",
        "The declarer conceded before play, so pays each opponent the stake once: 30."]
