"""SimplePlayer: legal, deterministic, plainly sensible; its matches finish."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from pinochle.auction import bid_problem
from pinochle.bots import Player, SimplePlayer
from pinochle.bots.simple import LONG_TRUMP, bid_estimate, trump_choice
from pinochle.cards import CARDS, Card, Seat, Suit, pack, parse_cards
from pinochle.game import Action, State, View, apply, legal, new_match, turn, view
from pinochle.meld import meld_points


def is_legal(action: Action, v: View) -> bool:
    """Whether ``action`` is one of the moves ``v.legal`` offers ``v.seat``."""
    lg = v.legal
    if action.seat != v.seat:
        return False
    if action.type == "bid":
        return (lg.min_bid is not None and action.bid is not None
                and lg.min_bid <= action.bid <= lg.bid_limit and bid_problem(lg, action.bid) is None)
    if action.type == "pass":
        return lg.pass_
    if action.type == "trump":
        return action.suit in lg.trumps
    if action.type == "meld":
        return lg.meld
    if action.type == "play":
        return action.card in lg.cards
    return action.type == "deal" and lg.deal


def play_match(seed: int, players: Sequence[Player] | None = None) -> tuple[State, list[tuple[View, Action]]]:
    """A whole match of four players, each given only its own view."""
    ps = players if players is not None else [SimplePlayer(f"{seed}/{s}") for s in range(4)]
    state = new_match(seed=seed)
    moves: list[tuple[View, Action]] = []
    steps = 0
    while state.phase != "match_end":
        seat = turn(state)
        assert seat is not None
        v = view(state, seat)
        action = ps[seat].act(v)
        assert is_legal(action, v), (action, v.legal)
        moves.append((v, action))
        state = apply(state, action)
        steps += 1
        assert steps < 20_000, "the match does not finish"
    return state, moves


@pytest.mark.parametrize("block", range(4))
def test_only_legal_actions_and_matches_finish(block: int) -> None:
    for seed in range(block * 10, block * 10 + 10):
        state, moves = play_match(seed)
        assert state.winner in (0, 1)
        assert max(state.totals) >= 1500
        assert len(state.history) < 60
        kinds = {a.type for _, a in moves}
        assert {"pass", "trump", "meld", "play", "deal"} <= kinds


def test_some_matches_have_real_bids_and_both_sides_win() -> None:
    winners = set()
    bids = 0
    for seed in range(40, 52):
        state, moves = play_match(seed)
        winners.add(state.winner)
        bids += sum(1 for _, a in moves if a.type == "bid")
    assert winners == {0, 1}
    assert bids > 0


def test_deterministic_for_a_seed() -> None:
    a, moves_a = play_match(7)
    b, moves_b = play_match(7)
    assert [m for _, m in moves_a] == [m for _, m in moves_b]
    assert a.totals == b.totals
    p, q = SimplePlayer(3), SimplePlayer(3)
    for v, _ in moves_a[:200]:
        assert p.act(v) == q.act(v) == p.act(v)


def test_player_protocol_and_view_only() -> None:
    p = SimplePlayer(0)
    assert isinstance(p, Player)
    s = new_match(seed=1)
    seat = turn(s)
    assert seat is not None
    with pytest.raises(ValueError):
        p.act(view(s, (seat + 1) % 4))  # not this seat's turn: no move offered


def test_bids_stay_within_the_estimate_and_trump_has_the_most_meld_of_the_long_suits() -> None:
    for seed in range(3):
        state, moves = play_match(100 + seed)
        for v, a in moves:
            if a.type == "bid":
                assert a.bid == v.legal.min_bid  # no jump bids
                assert a.bid is not None and a.bid <= bid_estimate(v.hand, 20)
            if a.type == "trump":
                packed = pack(v.hand)
                long = [s for s in Suit if sum(1 for c in v.hand if c.suit == s) >= LONG_TRUMP] or list(Suit)
                best = max(meld_points(packed, s) for s in long)
                assert a.suit in long and meld_points(packed, a.suit) == best


def test_a_short_suit_is_not_named_for_its_meld() -> None:
    # Spades would meld 40 (a royal marriage) with two cards; the five clubs meld 30 and win tricks.
    assert trump_choice(parse_cards("KS QS AH TH JH AD TD AC TC KC JC 9C")) == (Suit.C, 30)
    # four suits of three: the most meld, as before
    assert trump_choice(parse_cards("KS QS 9S AH TH JH AD TD 9D AC TC JC"))[0] == Suit.S


def test_a_hand_of_four_threes_bids_only_the_minimum() -> None:
    hand = parse_cards("AS AS KS AH AH KH AD AD KD AC AC KC")  # aces around twice: 1000, and no long suit
    s = new_match(seed=1)
    seat = turn(s)
    assert seat is not None
    first = SimplePlayer(0).act(replace(view(s, seat), hand=tuple(hand)))
    assert first == Action.bid_(seat, 250)  # it may open at the minimum
    s = apply(s, Action.bid_(seat, 250))
    nxt = turn(s)
    assert nxt is not None
    assert SimplePlayer(0).act(replace(view(s, nxt), hand=tuple(hand))) == Action.pass_(nxt)  # never above it


def test_trump_choice_ties_go_to_the_longer_suit() -> None:
    # Hearts and clubs both give a royal marriage and a marriage (60); clubs is longer.
    hand = parse_cards("KH QH KC QC JC 9S")
    assert meld_points(pack(hand), Suit.H) == meld_points(pack(hand), Suit.C) == 60
    assert trump_choice(hand) == (Suit.C, 60)
    assert trump_choice(parse_cards("KH QH JH KC QC")) == (Suit.H, 60)


def test_bid_estimate_grows_with_meld_aces_and_length() -> None:
    weak = parse_cards("9S JS QH JH 9D JD QC JC 9C QD 9H JS")
    strong = parse_cards("AH TH KH QH JH 9H AS AD KC QC 9C 9D")
    assert bid_estimate(weak) < 250 <= bid_estimate(strong)
    assert bid_estimate(strong, 20) == bid_estimate(strong) + 20


def _deal(**held: str) -> tuple[int, int, int, int]:
    """A legal deal with the given cards in the named seats and the rest spread N E S W."""
    hands: dict[int, list[Card]] = {s: parse_cards(held.get(str(Seat(s)), "")) for s in range(4)}
    rest = [CARDS[c] for c in range(24) for _ in range(2)]
    for cards in hands.values():
        for c in cards:
            rest.remove(c)
    for s in range(4):
        while len(hands[s]) < 12:
            hands[s].append(rest.pop())
    return (pack(hands[0]), pack(hands[1]), pack(hands[2]), pack(hands[3]))


def _to_play(deal: tuple[int, int, int, int], trump: Suit, lead: Sequence[str]) -> State:
    """N deals and is stuck with the bid, names ``trump``, and the first cards are ``lead``."""
    s = new_match(seed=0, first_dealer=Seat.N, deals=[deal])
    for passer in (Seat.E, Seat.S, Seat.W):
        s = apply(s, Action.pass_(passer))
    s = apply(s, Action.trump_(Seat.N, trump))
    while s.phase == "meld":
        seat = turn(s)
        assert seat is not None
        s = apply(s, Action.meld_(seat))
    for tok in lead:
        seat = turn(s)
        assert seat is not None
        s = apply(s, Action.play_(seat, Card.parse(tok)))
    return s


def _bot_card(state: State) -> str:
    seat = turn(state)
    assert seat is not None
    a = SimplePlayer(0).act(view(state, seat))
    assert a.type == "play" and a.card is not None and legal(state, seat).cards
    return str(a.card)


def test_wins_cheaply_when_it_can() -> None:
    deal = _deal(N="KS 9H 9H", E="AS TS 9S JH")
    assert _bot_card(_to_play(deal, Suit.H, ["KS"])) == "TS"


def test_throws_lowest_when_it_cannot_win() -> None:
    deal = _deal(N="AS AS 9H", E="KS QS 9S JH 9D")
    assert _bot_card(_to_play(deal, Suit.H, ["AS"])) == "9S"


def test_trumps_cheaply_when_void() -> None:
    deal = _deal(N="AD 9C", E="AH TH 9H 9S AS KS QS JS TS 9C AC TC")
    assert _bot_card(_to_play(deal, Suit.H, ["AD"])) == "9H"


def test_leads_an_ace_then_low() -> None:
    deal = _deal(N="AC 9S QS JD KH 9H JC TD KD QD 9D 9C")
    assert _bot_card(_to_play(deal, Suit.H, [])) == "AC"
    deal = _deal(N="QC 9S QS JD KH 9H JC TD KD QD JD 9D")
    assert _bot_card(_to_play(deal, Suit.H, [])) == "9S"


def test_gives_a_counter_to_a_partner_who_takes_the_trick() -> None:
    # N leads 9♠, E (W's partner) takes it with A♠, S follows; W plays last, void in ♠ and trump.
    deal = _deal(N="9S", E="AS", S="JS", W="KD 9D KC 9C TD AD QD JD QC JC TC AC")
    assert _bot_card(_to_play(deal, Suit.H, ["9S", "AS", "JS"])) == "KD"
