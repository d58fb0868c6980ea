"""The match-level seat order (docs/design.md, "Seats, sides and chairs"): the core's own, one
player per seat, and the chairs of VARIANTS.md ``auction`` at 4 or 5 (pinochle/chairs.py), which the
game gives the core as a value (``Game.seat_order``).

The order is part of the state: it is what a match replays, compares and pickles with."""

from __future__ import annotations

import pickle
import random

import pytest

from pinochle.cards import THREE_ALONE, Seat
from pinochle.chairs import Chairs, lineup_for
from pinochle.errors import IllegalAction
from pinochle.game import ONE_PER_SEAT, Action, State, apply, auto_action, legal_actions, new_match, turn
from pinochle.games import AUCTION, TABLE_GAME


def test_each_game_names_its_seat_order_and_the_table_keeps_one_player_per_seat() -> None:
    assert new_match(seed=3).order is ONE_PER_SEAT and len(new_match(seed=3).totals) == len(TABLE_GAME.seating.sides)
    assert new_match(seed=3, game="auction", players=3).order is ONE_PER_SEAT
    for players in (4, 5):
        s = new_match(seed=3, game="auction", players=players, first_dealer=1)
        assert AUCTION.seat_order(players) == Chairs(players)
        assert s.order == Chairs(players, lineup_for(players, 1, THREE_ALONE))
        assert s.totals == (0,) * players and s.table_size == players and s.dealer == Seat.N


@pytest.mark.parametrize("players", [None, 4, 5])
def test_a_state_and_its_seat_order_survive_pickling_and_replay(players: int | None) -> None:
    game = "table" if players is None else "auction"
    s = new_match(seed=11, game=game, players=players)
    moves: list[Action] = []
    rng = random.Random(5)
    for _ in range(150):
        who = turn(s)
        assert who is not None
        a = auto_action(s) or rng.choice(legal_actions(s, who))
        moves.append(a)
        s = apply(s, a)
    back = pickle.loads(pickle.dumps(s))
    assert back == s and back.order == s.order and type(back.order) is type(s.order)
    again = new_match(seed=11, game=game, players=players)
    for a in moves:
        again = apply(again, a)
    assert again == s and again.order == s.order  # a stored match reloads from its actions


def test_the_chairs_order_refuses_a_move_from_the_dealers_place() -> None:
    s = new_match(seed=2, game="auction", players=4, first_dealer=3)
    with pytest.raises(IllegalAction, match="N is the dealer's place: chair 3, the dealer, sits this hand out"):
        apply(s, Action.pass_(Seat.N))
    table = new_match(seed=2, game="auction", players=3)
    with pytest.raises(IllegalAction, match="N has no seat in the auction game"):
        apply(table, Action.pass_(Seat.N))
