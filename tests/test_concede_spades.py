"""VARIANTS.md ``auction``: what a concession in spades pays, the project's reading and Scarne's
(the house switch ``concede_spades``; docs/games/auction.md, "A concession in spades").

The project (``double``, the game's own): a declarer who concedes before play pays each opponent
the schedule's stake once, doubled in spades as every payment of seed 000 is. Scarne
(``single``): a player who names spades and throws the hand in before playing a card pays each
other player a single amount. Made, or set after play, the switch changes nothing.

On the worked deal of tests/test_cutthroat.py East bids 370 (stake 15) and names spades (a
meld of 320, so it must play or concede): conceded, each opponent is paid 30 under the
project's rule and 15 under Scarne's.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle.bots.widow import settlement
from pinochle.cards import Seat, Suit, parse_cards
from pinochle.game import Action, State, apply, deck_check, legal, new_match, turn, view
from pinochle.games import AUCTION, CUTTHROAT, GAMES, with_switches
from pinochle.games.scorers import auction_stake
from pinochle.records import hand_record, match_record, replay
from pinochle.parts import Concession, Contract
from tests.test_auction_table import _random_action, declare, table
from tests.test_cutthroat import play_out, worked_deal

E, S, W = Seat.E, Seat.S, Seat.W
SINGLE = {"concede_spades": "single"}


def at_three(rules: dict[str, str] | None = None) -> State:
    """W deals the worked deal at a table of three (E holds the spade run and calls first)."""
    return new_match(seed=1, game="auction", rules=with_switches(AUCTION.rules, rules or {}), first_dealer=W,
                     deals=[worked_deal()])


def conceded(bid: int, trump: Suit = Suit.S, rules: dict[str, str] | None = None) -> State:
    return apply(declare(at_three(rules), bid, trump), Action.concede_(E))


@pytest.mark.parametrize(("bid", "trump", "rules", "each"), [
    (370, Suit.S, None, 30),      # the project: 15, doubled in spades
    (370, Suit.S, SINGLE, 15),    # Scarne: the single amount
    (370, Suit.H, None, 15),      # not spades: the same under both
    (370, Suit.H, SINGLE, 15),
    (400, Suit.S, None, 50),
    (400, Suit.S, SINGLE, 25),
    (580, Suit.S, None, 110),     # 550-590: 55, doubled
    (580, Suit.S, SINGLE, 55),
    (250, Suit.H, SINGLE, 5),     # hearts: a meld of 210, below the bid
])
def test_a_concession_pays_each_opponent(bid: int, trump: Suit, rules: dict[str, str] | None, each: int) -> None:
    h = conceded(bid, trump, rules).history[-1]
    assert h.parts.get(Concession).conceded and not h.score.made and not h.score.played
    assert h.score.transfers == ((E, S, each), (E, W, each))
    assert h.score.score == (-2 * each, each, each)


def test_the_switch_changes_no_hand_made_or_set_after_play() -> None:
    for bid, made, each in ((370, True, 30), (580, False, 220)):
        for rules in (None, SINGLE):
            s = play_out(apply(declare(at_three(rules), bid), Action.bury_(E, parse_cards("TH TD TC"))))
            h = s.history[-1].score
            assert h.played and h.made == made
            assert h.transfers == (((S, E, each), (W, E, each)) if made else ((E, S, each), (E, W, each)))


def test_the_meld_alone_making_the_bid_is_paid_doubled_in_spades_under_both() -> None:
    # the meld of 320 makes a bid of 320: no play, each opponent pays 10, doubled (not a concession)
    for rules in (None, SINGLE):
        s = declare(at_three(rules), 320)
        assert s.phase == "hand_end" and s.history[-1].score.transfers == ((S, E, 20), (W, E, 20))


def test_at_a_table_of_four_the_dealer_sitting_out_is_paid_single_too() -> None:
    for rules, each in ((None, 50), (SINGLE, 25)):
        s = apply(declare(table(4, dealer=2, rules=rules), 400), Action.concede_(E))
        h = s.history[-1]
        assert h.score.chair_transfers == ((3, 0, each), (3, 1, each), (3, 2, each))
        assert s.totals == (each, each, each, -3 * each)


def test_the_first_300_concession_pays_the_minimum_stake_under_both() -> None:
    # seed 000: "a minimum-stake loss if the hand is thrown in": 5, not doubled, whatever the switch
    # (in hearts: the spade meld of 320 would make the 300 without play)
    for rules in ({"opening": "first-300"}, {"opening": "first-300", **SINGLE}):
        s = apply(declare(at_three(rules), 300, Suit.H), Action.concede_(E))
        assert s.history[-1].score.transfers == ((E, S, 5), (E, W, 5))


def test_the_hand_summary_sent_to_the_browser_says_what_was_paid() -> None:
    for rules, each in ((None, 30), (SINGLE, 15)):
        s = conceded(370, Suit.S, rules)
        last = view(s, S).to_json()["last_hand"]
        assert isinstance(last, dict)
        assert last["transfers"] == [{"from": "E", "to": "S", "amount": each}, {"from": "E", "to": "W", "amount": each}]
        assert last["score"] == {"E": -2 * each, "S": each, "W": each} and last["played"] is False
        assert last["made"] is False and last["bid"] == 370 and last["trump"] == "S"


def test_the_computer_players_weigh_the_concession_by_the_switch() -> None:
    for rules, paid in ((None, 30), (SINGLE, 15)):
        v = view(at_three(rules), E)
        s = settlement(v, 370, Suit.S)
        assert (s.made, s.set, s.conceded) == (30, 60, paid)
        assert settlement(v, 370, Suit.H).conceded == 15


def test_records_write_the_switch_and_replay_by_it() -> None:
    s = conceded(370, Suit.S, SINGLE)
    rec = json.loads(json.dumps(hand_record(s.history[-1], AUCTION, s.rules)))
    assert rec["rules"] == SINGLE and rec["conceded"] is True
    assert replay(rec)["score"] == {"E": -30, "S": 15, "W": 15}
    # the same hand without the switch replays by the game's own rule
    del rec["rules"]
    assert replay(rec)["score"] == {"E": -60, "S": 30, "W": 30}
    assert "rules" not in match_record(conceded(370))
    assert match_record(s)["rules"] == SINGLE


def test_the_switch_is_auctions_alone() -> None:
    assert AUCTION.switches[-1] == "concede_spades" and with_switches(AUCTION.rules, SINGLE).concede_spades == "single"
    assert [g for g, x in GAMES.items() if "concede_spades" in x.switches] == ["auction"]
    for name in ("cutthroat", "table", "racehorse", "turned-trump", "two-handed"):
        with pytest.raises(ValueError, match=f"the concede_spades switch is for auction; the {name} rules have no such"):
            with_switches(GAMES[name].rules, SINGLE)
    with pytest.raises(ValueError, match="concede_spades is one of double, single, not 'half'"):
        with_switches(AUCTION.rules, {"concede_spades": "half"})
    assert CUTTHROAT.rules.concede_spades == AUCTION.rules.concede_spades == "double"


def test_the_stake_schedule_is_unchanged() -> None:
    assert [auction_stake(370, t) for t in (Suit.S, Suit.H)] == [30, 15]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), players=st.sampled_from([3, 4, 5]))
def test_random_matches_with_scarnes_rule_settle_to_zero(seed: int, players: int) -> None:
    """Every hand of a match with the switch settles to zero, a concession pays each player the
    stake of its bid without the spade doubling, and the record replays to the same totals."""
    rng = random.Random(seed)
    rules = with_switches(AUCTION.rules, SINGLE)
    s = new_match(seed=seed, game="auction", players=players, rules=rules)
    while s.phase != "match_end":
        before = len(s.history)
        s = apply(s, _random_action(s, rng))
        assert deck_check(s) and sum(s.totals) == 0
        if len(s.history) > before:
            h = s.history[-1]
            assert sum(h.score.score) == 0 and sum(h.score.chairs) == 0
            if h.parts.get(Concession).conceded:
                assert h.parts.get(Contract).bid is not None
                stake = auction_stake(h.parts.get(Contract).bid, Suit.H)  # the single amount, whatever the trump
                assert {n for _, _, n in h.score.transfers} == {stake}
        if s.phase == "play" and turn(s) is not None:
            assert legal(s, turn(s) or E).cards  # the play goes on as usual
    out = replay(json.loads(json.dumps(match_record(s))))
    assert list(out["totals"]) == list(s.totals) or out["totals"] == dict(zip("ESW", s.totals))


def test_the_stake_steps_say_a_concession_in_spades_is_not_doubled_under_scarnes_rule() -> None:
    """The hand summary's stake steps end at the stake paid under each reading (bid 370: stake 15)."""
    for rules, steps in ((None, [("Bid 370: bids 350–390 stake", 15), ("Spades are trump: ×2", 30),
                                 ("Conceded before play: paid once", 30)]),
                         (SINGLE, [("Bid 370: bids 350–390 stake", 15), ("Spades are trump: ×2", 30),
                                   ("Conceded in spades: not doubled (house rule concede_spades=single)", 15),
                                   ("Conceded before play: paid once", 15)])):
        last = view(conceded(370, Suit.S, rules), S).to_json()["last_hand"]
        assert isinstance(last, dict)
        assert [(p["label"], p["points"]) for p in last["stake_steps"]] == steps  # type: ignore[index, union-attr]
