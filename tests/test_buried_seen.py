"""What everyone sees of the declarer's burial (VARIANTS.md ``cutthroat``: the declarer "buries 3 cards
not used in meld"; ``auction`` buries as cutthroat does, docs/games/auction.md).

Once the declarer has buried, every seat's view says how many cards lie buried (``buried_down``, 3), so
that the table lays a face-down pile by the declarer and takes the widow from the felt; which cards, only
the declarer's view says (``buried``). No other seat's view names a buried card that it could not see
otherwise (soak/secrecy.py, the secrecy checks every soak makes), from the burial to the end of the hand.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle.game import Action, State, apply, new_match, view
from soak.secrecy import check_seat_view

from .test_score_parts import random_action


def to_play(game: str, seed: int) -> State | None:
    """A random match of ``game`` from ``seed`` to the first trick's lead after a burial (``None`` when its
    first two hands were conceded, made with the meld alone, or thrown in)."""
    rng = random.Random(seed)
    state = new_match(seed=seed, game=game)
    while state.hand_no < 2 and state.phase != "match_end":
        if state.phase == "play" and state.buried:
            return state
        state = apply(state, random_action(state, rng))
    return None


def test_every_seat_sees_how_many_cards_were_buried_and_only_the_declarer_which() -> None:
    for game in ("cutthroat", "auction"):
        state = next(s for seed in range(1, 60) if (s := to_play(game, seed)) is not None)
        declarer = state.declarer
        assert declarer is not None
        buried = sorted(str(c) for c in state.buried)
        for seat in state.game.seating.seats:
            j = view(state, seat).to_json()
            assert j["buried_down"] == 3, (game, seat, j.get("buried_down"))
            if seat == declarer:
                assert sorted(j["buried"]) == buried, (game, j["buried"])
            else:
                assert "buried" not in j, (game, seat)  # the opponents learn the count, never the cards
                check_seat_view(state, seat)  # and no buried card they could not see otherwise, anywhere


def test_nothing_is_counted_as_buried_before_the_burial_or_after_a_concession() -> None:
    for seed in range(1, 80):
        rng = random.Random(seed)
        s = new_match(seed=seed, game="cutthroat")
        while s.phase not in ("bury", "hand_end", "match_end"):
            s = apply(s, random_action(s, rng))
        if s.phase != "bury":
            continue
        seat = s.declarer
        assert seat is not None
        assert all("buried_down" not in view(s, x).to_json() for x in s.game.seating.seats)  # not yet buried
        s = apply(s, Action.concede_(seat))
        assert s.phase == "hand_end"
        assert all("buried_down" not in view(s, x).to_json() for x in s.game.seating.seats)  # nothing buried
        return
    raise AssertionError("no burial in the seeds tried")


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10_000), game=st.sampled_from(("cutthroat", "auction")))
def test_the_count_is_the_burial_and_the_cards_stay_the_declarers(seed: int, game: str) -> None:
    """From the burial to the hand's end, every seat's ``buried_down`` is the number of cards buried, and only
    the declarer's view lists them."""
    rng = random.Random(seed)
    state = new_match(seed=seed, game=game)
    while state.hand_no < 1 and state.phase != "match_end":
        for seat in state.game.seating.seats:
            j = view(state, seat).to_json()
            assert j.get("buried_down", 0) == len(state.buried), (state.phase, seat)
            assert ("buried" in j) == (bool(state.buried) and seat == state.declarer), (state.phase, seat)
        state = apply(state, random_action(state, rng))
