"""The match reducer: phases, turns, hand and match end, and the view."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pinochle.cards import Card, Seat, Suit, pack, parse_cards, unpack
from pinochle.errors import IllegalAction, StaleAction
from pinochle.game import (Action, BidAction, CardsAction, PlayAction, State, TrumpAction, apply, legal, new_match, turn,
                           view)

from .support import random_action


def cards(text: str) -> int:
    return pack(parse_cards(text))


# A deal where N holds a spade run and the pinochle; every seat has 12 cards.
DEAL = (
    cards("AS TS KS QS JS 9S AH TH KH QH JD AD"),
    cards("AS TS KS QS JS 9S AH TH KH QH JD AD"),
    cards("9H JH AC TC KC QC JC 9C TD KD QD 9D"),
    cards("9H JH AC TC KC QC JC 9C TD KD QD 9D"),
)


def to_play(state: State) -> State:
    """From the auction with W dealing: N bids 250, the others pass, N names spades, all meld."""
    s = state
    s = apply(s, Action.bid_(Seat.N, 250))
    for seat in (Seat.E, Seat.S, Seat.W):
        s = apply(s, Action.pass_(seat))
    assert s.phase == "trump" and s.declarer == Seat.N and s.bid == 250
    s = apply(s, Action.trump_(Seat.N, Suit.S))
    order = []
    while s.phase == "meld":
        seat = turn(s)
        assert seat is not None
        order.append(seat)
        s = apply(s, Action.meld_(seat))
    assert order == [Seat.N, Seat.E, Seat.S, Seat.W], "meld is laid down from the declarer, clockwise"
    return s


def test_phases_run_in_order_and_the_declarer_leads() -> None:
    s = new_match(seed=1, first_dealer=Seat.W, deals=[DEAL])
    assert s.phase == "auction" and turn(s) == Seat.N, "the auction starts left of the dealer"
    s = to_play(s)
    assert s.phase == "play" and turn(s) == Seat.N
    m = s.melds[0]
    assert m is not None
    # N: run 150 + pinochle 40 + dix 10 + heart marriage 20 = 220
    assert m.total == 220
    assert [i.name for i in m.items] == ["run", "dix", "marriage", "pinochle"]


def test_winner_of_a_trick_leads_the_next() -> None:
    s = to_play(new_match(seed=1, first_dealer=Seat.W, deals=[DEAL]))
    s = apply(s, Action.play_(Seat.N, Card.parse("AH")))
    # E must follow hearts and cannot beat the A♥: any heart
    assert set(legal(s, Seat.E).cards) == {Card.parse("AH"), Card.parse("TH"), Card.parse("KH"), Card.parse("QH")}
    s = apply(s, Action.play_(Seat.E, Card.parse("AH")))  # identical card: does not beat
    s = apply(s, Action.play_(Seat.S, Card.parse("JH")))
    s = apply(s, Action.play_(Seat.W, Card.parse("9H")))
    assert s.tricks[-1].winner == Seat.N, "of two identical cards the first played wins"
    assert turn(s) == Seat.N


def test_must_beat_the_winning_card_with_a_clear_reason() -> None:
    s = to_play(new_match(seed=1, first_dealer=Seat.W, deals=[DEAL]))
    s = apply(s, Action.play_(Seat.N, Card.parse("KH")))
    with pytest.raises(IllegalAction, match="you must beat the K♥: play A♥ or 10♥"):
        apply(s, Action.play_(Seat.E, Card.parse("QH")))
    with pytest.raises(IllegalAction, match="you must follow suit"):
        apply(s, Action.play_(Seat.E, Card.parse("AS")))
    with pytest.raises(IllegalAction, match="you do not hold the A♣"):
        apply(s, Action.play_(Seat.E, Card.parse("AC")))
    s = apply(s, Action.play_(Seat.E, Card.parse("AH")))
    # S holds J♥ 9♥ only in hearts: cannot beat the A♥, so either heart
    assert set(legal(s, Seat.S).cards) == {Card.parse("JH"), Card.parse("9H")}
    s = apply(s, Action.play_(Seat.S, Card.parse("9H")))
    with pytest.raises(IllegalAction, match="follow suit"):
        apply(s, Action.play_(Seat.W, Card.parse("AC")))


def test_view_holds_own_hand_and_legal_moves_only() -> None:
    s = new_match(seed=1, first_dealer=Seat.W, deals=[DEAL])
    v = view(s, Seat.S)
    assert v.hand == tuple(sorted(unpack(DEAL[2]), key=lambda c: (c // 6, -(c % 6))))
    assert not v.legal.any(), "not S's turn"
    vn = view(s, Seat.N)
    assert vn.legal.min_bid == 250 and vn.legal.pass_
    j = vn.to_json()
    assert j["legal"] == {"pass": True, "bid": {"min": 250, "step": 10, "max": 10000}}
    assert j["turn"] == "N" and j["phase"] == "auction"


def test_hand_end_scores_and_next_dealer_deals() -> None:
    rng = random.Random(4)
    s = new_match(seed=9, first_dealer=Seat.E)
    while s.phase != "hand_end":
        s = apply(s, random_action(s, rng))
    assert turn(s) == Seat.S, "the next dealer (left of E) deals"
    h = s.history[-1]
    assert s.totals == h.totals == h.score.score
    with pytest.raises(IllegalAction, match="S's turn"):
        apply(s, Action.deal_(Seat.W))
    s2 = apply(s, Action.deal_(Seat.S))
    assert s2.phase == "auction" and s2.dealer == Seat.S and s2.hand_no == 1 and turn(s2) == Seat.W
    assert s2.dealt != s.dealt


def _hand_from(totals: tuple[int, int], seed: int) -> State:
    """Play the DEAL hand (N declares spades at 250) from the given totals with random legal cards."""
    s = to_play(replace(new_match(seed=1, first_dealer=Seat.W, deals=[DEAL]), totals=totals))
    rng = random.Random(seed)
    while s.phase == "play":
        s = apply(s, random_action(s, rng))
    return s


def test_both_sides_over_1500_with_equal_totals_goes_to_the_declarers() -> None:
    first = _hand_from((0, 0), seed=2).history[-1].score.score
    # start each side so that this very hand brings both to exactly 1600
    s = _hand_from((1600 - first[0], 1600 - first[1]), seed=2)
    assert s.totals == (1600, 1600)
    assert s.phase == "match_end" and s.winner == 0, "N declared: the tie goes to NS"


def test_both_over_1500_the_higher_total_wins() -> None:
    first = _hand_from((0, 0), seed=2).history[-1].score.score
    s = _hand_from((1600 - first[0], 1610 - first[1]), seed=2)
    assert s.totals == (1600, 1610) and s.phase == "match_end" and s.winner == 1


def test_one_side_over_1500_wins_and_below_plays_on() -> None:
    first = _hand_from((0, 0), seed=2).history[-1].score.score
    s = _hand_from((1500 - first[0], 1490 - first[1]), seed=2)
    assert s.totals == (1500, 1490) and s.phase == "match_end" and s.winner == 0
    assert view(s, 1).winner == "NS" and not view(s, 1).legal.any()
    with pytest.raises(IllegalAction, match="over"):
        apply(s, Action.deal_(Seat.N))
    s = _hand_from((1490 - first[0], 1490 - first[1]), seed=2)
    assert s.totals == (1490, 1490) and s.phase == "hand_end" and s.winner is None


def test_stale_version_is_rejected_and_state_unchanged() -> None:
    s = new_match(seed=5, first_dealer=Seat.W)
    s1 = apply(s, Action.pass_(Seat.N), version=0)
    with pytest.raises(StaleAction):
        apply(s1, Action.pass_(Seat.E), version=0)
    assert s1.version == 1 and len(s1.calls) == 1


def test_action_json_round_trip_and_errors() -> None:
    for a in (Action.bid_(0, 300), Action.pass_(1), Action.trump_(2, 3), Action.meld_(3), Action.play_(0, 5), Action.deal_(1)):
        assert Action.from_json(a.to_json()) == a
    for bad, needle in (
        ("x", "JSON object"),
        ({"type": "fold", "seat": "N"}, "unknown action type"),
        ({"type": "bid", "seat": "N", "bid": "lots"}, "whole number"),
        ({"type": "play", "seat": "Q", "card": "AS"}, "unknown seat"),
        ({"type": "play", "seat": "N", "card": "1S"}, "unknown card"),
        ({"type": "trump", "seat": "N", "suit": "X"}, "unknown suit"),
    ):
        with pytest.raises(IllegalAction, match=needle):
            Action.from_json(bad)


def test_meld_review_shows_the_spare_trump_king_of_a_190() -> None:
    """Regression: a run with a spare K showed only the five run cards, hiding the scoring second K."""
    from pinochle.meld import meld

    m = meld(cards("AS TS KS QS JS KS 9H"), Suit.S)
    assert m.total == 190
    assert sorted(str(c) for c in m.shown()) == sorted(["AS", "TS", "KS", "KS", "QS", "JS"])
    m = meld(cards("AS TS KS QS JS KS QS"), Suit.S)
    assert m.total == 190 and sorted(str(c) for c in m.shown()) == sorted(["AS", "TS", "KS", "KS", "QS", "JS"])


@pytest.mark.parametrize(
    ("action", "needle"),
    [
        (TrumpAction("trump", Seat.W, suit=7), "name trump"),  # type: ignore[arg-type]
        (TrumpAction("trump", Seat.W, suit="S"), "name trump"),  # type: ignore[arg-type]
        (Action("trump", Seat.W), "name trump"),
        (TrumpAction("trump", 9, suit=Suit.S), "unknown seat"),  # type: ignore[arg-type]
        (Action("fold", Seat.W), "unknown action type"),  # type: ignore[arg-type]
        ("trump", "not an action"),
    ],
)
def test_apply_checks_every_field_of_an_action(action: Action, needle: str) -> None:
    """Regression: apply trusted hand-built actions (trump suit 7 was accepted and corrupted the match)."""
    s = new_match(seed=1, first_dealer=Seat.W, deals=[DEAL])
    for seat in (Seat.N, Seat.E, Seat.S):
        s = apply(s, Action.pass_(seat))
    assert s.phase == "trump"
    with pytest.raises(IllegalAction, match=needle):
        apply(s, action)


@pytest.mark.parametrize(("action", "kind", "fields"), [
    (Action.bid_(Seat.N, 250), BidAction, {"bid"}),
    (Action.pass_(Seat.N), Action, set()),
    (Action.trump_(Seat.N, Suit.H), TrumpAction, {"suit"}),
    (Action.play_(Seat.N, Card.parse("AS")), PlayAction, {"card"}),
    (Action.give_(Seat.N, parse_cards("AS TS")), CardsAction, {"cards"}),
    (Action.bury_(Seat.N, parse_cards("AS TS 9C")), CardsAction, {"cards"}),
    (Action.meld_(Seat.N), Action, set()),
    (Action.meld_(Seat.N, parse_cards("KS QS")), CardsAction, {"cards"}),
    (Action.concede_(Seat.N), Action, set()),
    (Action.play_on_(Seat.N), Action, set()),
    (Action.deal_(Seat.N), Action, set()),
    (Action.dix_(Seat.N), Action, set()),
    (Action.draw_(Seat.N), Action, set()),
])
def test_an_action_carries_only_its_own_fields(action: Action, kind: type, fields: set[str]) -> None:
    """Each action type is its own kind with its own fields; the JSON (docs/protocol.md) is unchanged and
    reads back as the same action."""
    from dataclasses import fields as fields_of

    assert type(action) is kind
    assert {f.name for f in fields_of(action)} == {"type", "seat"} | fields
    for other in {"bid", "suit", "card", "cards"} - fields:
        assert not hasattr(action, other)
    data = action.to_json()
    assert set(data) == {"type", "seat"} | fields
    assert Action.from_json(data) == action


def test_apply_checks_bid_and_card_fields() -> None:
    s = new_match(seed=1, first_dealer=Seat.W, deals=[DEAL])
    with pytest.raises(IllegalAction, match="whole number"):
        apply(s, Action("bid", Seat.N))  # used to be recorded as a pass
    s = to_play(s)
    for bad in (None, 30, -1, "AS", 2.0):
        with pytest.raises(IllegalAction, match="play a card"):
            apply(s, PlayAction("play", Seat.N, card=bad))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        new_match(deals=[[1, 2, 3]])


def test_view_credits_each_call_to_the_seat_that_made_it() -> None:
    """Regression: the view labelled calls by plain rotation, so after a pass later bids went to the wrong seat."""
    from pinochle.cards import Seat
    from pinochle.game import Action, apply, new_match, turn, view

    state = new_match(seed=3, first_dealer=Seat.W)
    made: list[tuple[str, object]] = []
    for call in (250, None, 260, None, 270):
        seat = turn(state)
        assert seat is not None
        state = apply(state, Action.pass_(seat) if call is None else Action.bid_(seat, call))
        made.append((str(seat), "pass" if call is None else str(call)))
    shown = [(c["seat"], c["call"]) for c in view(state, Seat.S).to_json()["auction"]]  # type: ignore[union-attr]
    assert shown == made == [("N", "250"), ("E", "pass"), ("S", "260"), ("W", "pass"), ("N", "270")]
