"""The computer players under auction's ``dealer-290-320`` opening (VARIANTS.md ``auction``,
seed 000: "the dealer may pass or open only at 290, or at 320 and up"): a bid the rule skips
is never sent; the player takes the highest legal bid below it, or passes."""

from __future__ import annotations

import pytest

from pinochle.bots import for_level
from pinochle.bots.base import TablePlayer
from pinochle.game import apply, new_match, turn, view
from pinochle.games import GAMES, with_switches


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_no_skipped_bid_is_ever_sent(level: str) -> None:
    rules = with_switches(GAMES["auction"].rules, {"opening": "dealer-290-320"})
    offered = 0
    for seed in range(60):
        s = new_match(seed=seed, game="auction", rules=rules)
        players = {k: for_level(level, seed * 4 + k) for k in range(4)}
        while s.phase == "auction":
            who = turn(s)
            assert who is not None
            v = view(s, who)
            p = players[who]
            if v.legal.skip_bids:
                offered += 1
                assert isinstance(p, TablePlayer)
            a = p.act(v)
            assert not (a.type == "bid" and a.bid in v.legal.skip_bids)
            s = apply(s, a)  # raises IllegalAction on a skipped bid
    assert offered > 0  # the dealer met the rule after two passes


def test_a_player_that_wants_a_skipped_bid_takes_290_instead() -> None:
    """A player whose own choice is 310 (skipped) bids 290, the highest legal bid below it."""
    from pinochle.bots.simple import SimplePlayer
    from pinochle.game import Action, View

    class Jumper(SimplePlayer):
        def call(self, view: View) -> Action:
            return Action.bid_(view.seat, 310) if view.legal.skip_bids else Action.pass_(view.seat)

    rules = with_switches(GAMES["auction"].rules, {"opening": "dealer-290-320"})
    s = new_match(seed=1, game="auction", rules=rules)
    p = Jumper(0)
    seen = False
    while s.phase == "auction":
        who = turn(s)
        assert who is not None
        v = view(s, who)
        a = p.act(v)
        if v.legal.skip_bids:
            seen = True
            assert 310 in v.legal.skip_bids and a.type == "bid" and a.bid == 290
        s = apply(s, a)
    assert seen and s.bid == 290
