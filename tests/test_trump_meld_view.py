"""While the declarer names trump its view holds its own hand's meld with each suit as trump (``trump_meld``,
S H D C: :func:`pinochle.meld.meld_by_trump`, RULES.md Meld), for the trump buttons; nobody else's view
has it, and nobody's has it once trump is named (docs/protocol.md)."""

from __future__ import annotations

import pytest

from pinochle.cards import Suit
from pinochle.game import view
from pinochle.meld import meld_by_trump

from .test_browser_explain import play_until


@pytest.mark.parametrize("game,seed", [("table", 1), ("partnership-pass", 2), ("cutthroat", 1), ("double-deck", 1)])
def test_the_declarer_naming_trump_sees_its_meld_per_suit(game: str, seed: int) -> None:
    s = play_until(game, seed, lambda st: st.phase == "trump")
    assert s.declarer is not None
    for seat in s.game.seating.seats:
        j = view(s, seat).to_json()
        if seat == s.declarer:
            want = meld_by_trump(s.hands[seat], s.rules)
            assert j["trump_meld"] == {str(Suit(i)): n for i, n in enumerate(want)}, (game, j["trump_meld"])
            assert "meld_if_trump" not in j  # the bidding aid is the auction's
        else:
            assert "trump_meld" not in j, (game, seat)
    after = play_until(game, seed, lambda st: st.phase not in ("auction", "widow", "trump") and st.trump is not None)
    assert all("trump_meld" not in view(after, seat).to_json() for seat in after.game.seating.seats)
