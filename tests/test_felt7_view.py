"""The facts the felt needs from the view for the seventh review (docs/protocol.md; the browser holds no rules).

- Every game with a widow (VARIANTS.md ``cutthroat``, ``auction``, and the auction at a table of 4 or 5) deals
  it face down in the middle: while the auction lasts every seat's view says how many cards lie there
  (``widow_down``), never which; from the end of the auction the view lists them (``widow``) and no longer
  counts them face down. A game without a widow says neither.
"""

from __future__ import annotations

import random

import pytest

from pinochle.game import apply, auto_action, legal_actions, new_match, turn, view


@pytest.mark.parametrize(("game", "players"), [("cutthroat", None), ("auction", None), ("auction", 4), ("auction", 5)])
def test_the_widow_lies_face_down_through_the_auction_and_is_turned_up_after_it(game: str, players: int | None) -> None:
    rng = random.Random(7)
    s = new_match(seed=3, game=game, players=players)
    seen = {"down": 0, "up": 0}
    for _ in range(400):
        if s.phase in ("hand_end", "match_end"):
            break
        for seat in s.game.seating.seats:
            j = view(s, seat).to_json()
            if s.phase == "auction":
                assert j["widow_down"] == s.rules.widow == 3 and "widow" not in j, (s.phase, seat)
                seen["down"] += 1
            else:
                assert "widow_down" not in j and len(j["widow"]) == 3, (s.phase, seat)
                seen["up"] += 1
        seat = turn(s)
        assert seat is not None
        s = apply(s, auto_action(s) or rng.choice(legal_actions(s)))
    assert seen["down"] and seen["up"], seen


def test_a_game_without_a_widow_counts_none() -> None:
    for game in ("table", "racehorse", "two-handed"):
        s = new_match(seed=3, game=game)
        seat = turn(s)
        assert seat is not None
        j = view(s, seat).to_json()
        assert "widow_down" not in j and "widow" not in j, game
