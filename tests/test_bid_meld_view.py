"""Bidding for people: while the auction lasts, each seat's view holds its own hand's meld with each suit
as trump (``meld_if_trump``), the numbers the meld would score (:func:`pinochle.meld.meld`), and the
hand's calls in order (``auction``)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle.cards import Seat, Suit
from pinochle.game import apply, legal_actions, new_match, view
from pinochle.chairs import view_for_chair
from pinochle.games import GAMES
from pinochle.meld import meld

#: Every playable game with an auction (its phases declare one), and the sizes its table takes.
AUCTION_GAMES = sorted(name for name, g in GAMES.items() if g.playable and any(ph.name == "auction" for ph in g.phases))
SIZES = [(name, n) for name in AUCTION_GAMES for n in GAMES[name].sizes]


def test_the_games_with_an_auction() -> None:
    assert AUCTION_GAMES == ["auction", "britannica", "cutthroat", "double-deck", "partnership-pass", "racehorse", "table"]


@settings(max_examples=60, deadline=None)
@given(game_size=st.sampled_from(SIZES), seed=st.integers(0, 10**6), calls=st.integers(0, 6))
def test_meld_if_trump_is_the_meld_of_your_own_hand_with_each_trump(game_size: tuple[str, int], seed: int,
                                                                   calls: int) -> None:
    name, players = game_size
    s = new_match(seed=seed, game=name, players=players)
    rng = random.Random(seed)
    for _ in range(calls):  # some calls of the auction (a random legal bid or pass)
        if s.phase != "auction":
            break
        s = apply(s, rng.choice(legal_actions(s, max_bid=s.rules.min_bid + 10 * s.rules.bid_step)))
    seats = s.game.seating.seats
    before = "widow" if s.rules.widow else "pass" if s.rules.pass_cards else None
    for seat in seats:
        v = view(s, seat)
        if s.phase != "auction":
            assert v.meld_if_trump is None and "meld_if_trump" not in v.to_json()
            continue
        want = tuple(meld(s.hands[seat], t, s.rules).total for t in range(4))
        assert v.meld_if_trump == want
        j = v.to_json()
        assert j["meld_if_trump"] == {str(Suit(t)): want[t] for t in range(4)}
        assert j["meld_before"] == before
        # every call of this hand, in order, with who made it
        assert [c["call"] for c in j["auction"]] == ["pass" if c is None else str(c) for c in s.calls]
    if s.lineup:  # a chair sitting the hand out holds no cards and sees no meld
        for chair in range(players):
            v = view_for_chair(s, chair)
            if v.sits_out:
                assert v.meld_if_trump is None and "meld_if_trump" not in v.to_json()


def test_meld_if_trump_is_gone_once_the_auction_is_over() -> None:
    s = new_match(seed=5, game="table")
    assert view(s, Seat.S).meld_if_trump is not None
    while s.phase == "auction":
        s = apply(s, legal_actions(s)[0] if legal_actions(s)[0].type == "pass" else legal_actions(s)[-1])
    assert all(view(s, seat).meld_if_trump is None for seat in s.game.seating.seats)
