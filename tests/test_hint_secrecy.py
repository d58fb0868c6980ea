"""A hint never depends on, nor names, a card its seat cannot see (docs/protocol.md, "Hints").

Over the first hand of a random match of every game (soak/secrecy.py's states), at every few moves the
seat to move asks for a hint (pinochle.server.aids.hint_answer, the server's own answer):

- every card the answer names, in its action or in its reason's words, is one the seat may see
  (soak.secrecy.allowed_cards: its hand, the tricks, the melds shown...);
- with the cards face down to that seat shuffled among their places (soak.secrecy.permute_hidden), the
  seat's view is the same and so is the hint, word for word.
"""

from __future__ import annotations

import random
import re

import pytest

from pinochle.cards import Card
from pinochle.game import turn, view
from pinochle.games import GAMES
from pinochle.server.aids import hint_answer
from soak import secrecy

LABEL = re.compile(r"(10|[9JQKA])([♠♥♦♣])")


def named_cards(msg: dict[str, object]) -> dict[str, object]:
    """The answer with its reason's cards as tokens (``"10♠"`` -> ``"TS"``), for the token scan."""
    reason = str(msg["reason"])
    return {**msg, "reason_cards": [str(Card.parse(a + b)) for a, b in LABEL.findall(reason)]}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_hint_never_depends_on_a_hidden_card(game: str) -> None:
    rng = random.Random(7)
    checked = 0
    for k, state in enumerate(secrecy.states(game, 3, max_hands=1)):
        seat = turn(state)
        if seat is None or k % 3 or state.phase in ("hand_end", "match_end"):
            continue
        v = view(state, seat)
        if not v.legal.any() or v.legal.deal:
            continue
        msg = hint_answer(v, "m-secrecy", 0, samples=6)
        assert msg["version"] == state.version and msg["action"]
        secrecy.check_tokens(state, int(seat), named_cards(msg))
        moved = secrecy.permute_hidden(state, int(seat), rng)
        if moved is not None:
            w = view(moved, seat)
            assert w == v
            assert hint_answer(w, "m-secrecy", 0, samples=6) == msg
        checked += 1
    assert checked >= 3
