"""The table facts ``view`` gives the browser so that it holds no rules.

The browser shows who played each card of a trick, the seats and sides around
the table, what a side earned in a finished hand, how many tricks a hand has,
the target and the meld rule; each comes from the view, checked here against
the engine.
"""

from __future__ import annotations

from pinochle.cards import SIDES, Seat
from pinochle.game import view
from pinochle.parts import Contract

from .support import random_states


def test_seats_and_sides_are_listed_in_play_order() -> None:
    v = view(next(random_states(1)), 2).to_json()
    assert v["seats"] == ["N", "E", "S", "W"]
    assert v["sides"] == {"NS": ["N", "S"], "EW": ["E", "W"]}
    assert v["tricks_in_hand"] == 12 and v["target"] == 1500
    assert v["meld_note"] == "A side keeps its meld only if it takes at least one trick."
    assert v["last_earned"] is None


def test_every_card_of_a_trick_names_the_seat_that_played_it() -> None:
    checked = 0
    for state in random_states(3, max_hands=1):
        v = view(state, 0).to_json()
        for trick, raw in zip(v["tricks"], state.tricks):
            assert len(trick["seats"]) == len(trick["cards"])
            # the leader plays first, then clockwise; the winner played one of the cards
            assert trick["seats"][0] == trick["leader"]
            assert trick["seats"] == [str(Seat((raw.leader + i) % 4)) for i in range(len(raw.cards))]
            assert len(set(trick["seats"])) == len(trick["seats"])
            if trick["winner"]:
                assert trick["winner"] in trick["seats"]
            checked += 1
    assert checked > 100


def test_a_finished_hand_says_what_each_side_earned() -> None:
    seen = 0
    for state in random_states(5, max_hands=3):
        if state.phase != "hand_end":
            continue
        v = view(state, 2).to_json()
        last = state.history[-1].score
        assert v["last_earned"] == {s: last.kept_meld[i] + last.counters[i] for i, s in enumerate(SIDES)}
        # a set side: what it earned fell short of its bid
        side = SIDES[int(state.history[-1].parts.get(Contract).declarer) % 2]
        assert (v["last_earned"][side] >= v["last_hand"]["bid"]) == v["last_hand"]["made"]
        seen += 1
    assert seen >= 2

