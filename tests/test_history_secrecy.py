"""Secrecy of the hand history (docs/protocol.md, "Hand history"): the ``history`` message holds the
finished hands only, and nothing of the hand in progress. Checked over random matches of every game
seated at a table with the secrecy soak's oracle (soak/secrecy.py): shuffling every card face down to a
seat (:func:`~soak.secrecy.permute_hidden`) never changes the history a seat is sent."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import cast

import pytest

from pinochle.server.history import history_message
from pinochle.server.table import Table
from soak.secrecy import permute_hidden, states, viewers

GAMES = [("table", None), ("partnership-pass", None), ("racehorse", None), ("turned-trump", None),
         ("double-deck", None), ("cutthroat", None), ("auction", None), ("auction", 5), ("two-handed", None)]


def sent(state: object) -> dict[str, object]:
    """The ``history`` message of a table in ``state``."""
    return history_message(cast(Table, SimpleNamespace(id="m1", state=state)))


@pytest.mark.parametrize("game, players", GAMES, ids=[f"{g}-{p or ''}" for g, p in GAMES])
def test_the_history_holds_finished_hands_only_and_nothing_hidden_now(game: str, players: int | None) -> None:
    rng = random.Random(11)
    checked = 0
    for n, state in enumerate(states(game, 11, players, max_hands=3)):
        if n % 5:
            continue
        msg = sent(state)
        hands = msg["hands"]
        assert isinstance(hands, list) and len(hands) == len(state.history) + len(state.thrown)
        for _chair, seat in viewers(state):
            other = permute_hidden(state, seat, rng)
            if other is not None:
                assert sent(other) == msg, (game, state.phase, seat)
                checked += 1
    assert checked > 20
