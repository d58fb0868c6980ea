"""A finished hand's summary keeps its auction (docs/protocol.md: the summaries' ``auction`` and ``call_kinds``), so
that a hand opened from the score sheet tells its auction as its summary did at the hand's end ("West won the bid
at 270 over ..."), in every game with an auction; the games without one (turned-trump, two-handed) have none.
"""

from __future__ import annotations

import random

import pytest

from pinochle.chairs import view_for_chair
from pinochle.game import State, apply, new_match, view

from .test_score_parts import random_action


def seen(state: State) -> dict[str, object]:
    """The view of the first seat (chair 0's at a table of 4 or 5)."""
    if state.lineup:
        return view_for_chair(state, 0).to_json()
    return view(state, state.game.seating.seats[0]).to_json()


@pytest.mark.parametrize(("game", "players"), [("table", None), ("cutthroat", None), ("auction", None), ("auction", 5),
                                               ("racehorse", None), ("partnership-pass", None), ("britannica", None)])
def test_each_hand_keeps_the_auction_its_view_had_at_its_end(game: str, players: int | None) -> None:
    rng = random.Random(7)
    state = new_match(seed=7, game=game, players=players)
    ends: list[dict[str, object]] = []  # the view's auction at each hand's end
    while len(ends) < 3 and state.phase != "match_end":
        state = apply(state, random_action(state, rng))
        if state.phase in ("hand_end", "match_end") and len(ends) < len(state.history):
            v = seen(state)
            ends.append({"auction": v["auction"], "call_kinds": v["call_kinds"], "dealer": v["dealer"]})
            last = v["last_hand"]
            assert isinstance(last, dict)
            kinds = last.get("call_kinds", [None] * len(v["auction"]))  # left out when no call is a save
            assert last["auction"] == v["auction"] and kinds == v["call_kinds"], (game, last)
    assert len(ends) >= 2, game
    history = seen(state)["history"]
    assert isinstance(history, list)
    for hand, end in zip(history, ends):  # hands later, each summary still tells its own auction
        kinds = hand.get("call_kinds", [None] * len(hand["auction"]))
        assert {"auction": hand["auction"], "call_kinds": kinds, "dealer": hand["dealer"]} == end, game


@pytest.mark.parametrize("game", ["two-handed", "turned-trump"])
def test_a_game_without_an_auction_has_none_in_its_summaries(game: str) -> None:
    rng = random.Random(3)
    state = new_match(seed=3, game=game)
    while not state.history:
        state = apply(state, random_action(state, rng))
    last = seen(state)["last_hand"]
    assert isinstance(last, dict) and "auction" not in last and "call_kinds" not in last
