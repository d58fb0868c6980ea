"""Shared test helpers: random legal matches through the reducer."""

from __future__ import annotations

import random
from collections.abc import Iterator

from pinochle.game import Action, State, apply, legal, new_match, turn


def random_action(state: State, rng: random.Random, p_bid: float = 0.4) -> Action:
    """A uniformly random legal action; in the auction, bid (minimum or a jump) with ``p_bid``."""
    seat = turn(state)
    assert seat is not None
    lg = legal(state, seat)
    if lg.min_bid is not None:
        if rng.random() < p_bid:
            return Action.bid_(seat, lg.min_bid + lg.bid_step * rng.choice([0, 0, 0, 1, 5]))
        return Action.pass_(seat)
    return rng.choice(lg.actions(seat))


def random_states(seed: int, max_hands: int | None = None) -> Iterator[State]:
    """Every state of one random legal match (or of its first ``max_hands`` hands)."""
    rng = random.Random(seed)
    state = new_match(seed=seed)
    yield state
    while state.phase != "match_end":
        if max_hands is not None and len(state.history) >= max_hands:
            return
        state = apply(state, random_action(state, rng))
        yield state


def random_match(seed: int, max_hands: int | None = None) -> State:
    """The last state of :func:`random_states`."""
    last = None
    for last in random_states(seed, max_hands):
        pass
    assert last is not None
    return last
