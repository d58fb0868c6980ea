"""The computer players in the three-handed widow games (VARIANTS.md ``cutthroat``, ``auction``).

Every level acts legally in every phase of both games (a hypothesis property over seeds and
seatings of levels, and a forced contract that reaches the burial and the play at each level);
worked examples of the burial, the concession and a defender feeding its co-defender; the
hidden-card sampler of Hard is consistent with what a seat saw (the widow turned up, the buried
cards seen only by the declarer, N holding nothing).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle.bots import HardPlayer, NormalPlayer, Player, SimplePlayer, for_level
from pinochle.bots.base import mates, teams
from pinochle.bots.knowledge import consistent, knowledge, sample_hands
from pinochle.bots.widow import bury_choice, settlement
from pinochle.cards import Seat, Suit, pack, parse_cards, unpack
from pinochle.game import Action, State, apply, auto_action, legal_actions, new_match, turn, view

E, S, W, N = Seat.E, Seat.S, Seat.W, Seat.N
GAMES = ("cutthroat", "auction")
#: E's hand in the worked examples: with the widow 9♥ 9♦ J♠ and spades trump it melds a run,
#: the dix, the K-Q of hearts and a pinochle; T♣ and K♣ have no ace to guard them.
LONE_TEN = "AS TS KS QS 9S KH QH AH TH TC KC 9C QD JD JC"
LEVELS = ("easy", "normal", "hard")


def deal(east: str, widow: str, west: str = "") -> tuple[int, int, int, int]:
    """A preset deal: E's and the widow's cards (W's too when given); the rest to S then W."""
    deck = Counter({c: 2 for c in range(24)})
    for c in parse_cards(f"{east} {widow} {west}"):
        deck[c] -= 1
        assert deck[c] >= 0
    rest = sorted(deck.elements())
    if west:
        return pack(parse_cards(widow)), pack(parse_cards(east)), pack(rest), pack(parse_cards(west))
    return pack(parse_cards(widow)), pack(parse_cards(east)), pack(rest[0::2]), pack(rest[1::2])


def contract(hands: tuple[int, int, int, int], bid: int, trump: Suit = Suit.S, game: str = "cutthroat") -> State:
    """W deals, E bids ``bid``, S and W pass; E names ``trump`` and melds: the burial is next."""
    s = new_match(seed=1, game=game, first_dealer=W, deals=[hands])
    s = apply(s, Action.bid_(E, bid))
    s = apply(s, Action.pass_(S))
    s = apply(s, Action.pass_(W))
    s = apply(s, Action.trump_(E, trump))
    a = auto_action(s)
    assert a is not None
    return apply(s, a)


def step(s: State, players: Mapping[Seat, Player]) -> State:
    """One move: the automatic one, or the seat's player's, which must be legal."""
    a = auto_action(s)
    if a is None:
        seat = turn(s)
        assert seat is not None
        a = players[seat].act(view(s, seat))
        assert a.seat == seat
        if a.type in ("pass", "trump", "meld", "play", "deal", "concede", "play_on"):
            assert a in legal_actions(s, seat), (s.phase, a)
    return apply(s, a)  # raises IllegalAction on an illegal move


# ---------------------------------------------------------------- legal in every phase


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), game=st.sampled_from(GAMES),
       levels=st.tuples(st.sampled_from(LEVELS), st.sampled_from(LEVELS), st.sampled_from(LEVELS)))
def test_every_level_acts_legally_through_a_hand(seed: int, game: str, levels: tuple[str, str, str]) -> None:
    players = {seat: for_level(level, seed + seat) for seat, level in zip((E, S, W), levels)}
    s = new_match(seed=seed, game=game)
    phases = set()
    for _ in range(400):
        if s.phase in ("hand_end", "match_end"):
            break
        phases.add(s.phase)
        s = step(s, players)
    assert s.phase in ("hand_end", "match_end") or s.hand_no > 0  # played out, or annulled and redealt
    assert "auction" in phases


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_each_level_names_trump_buries_and_plays_a_forced_contract(game: str, level: str) -> None:
    # E holds the contract at the minimum with a meld that leaves a few counters to take: every
    # phase after the auction is the bot's, and every level buries and plays it out
    hands = deal(LONE_TEN, "9H 9D JS")
    low = new_match(seed=1, game=game).rules.min_bid
    s = new_match(seed=1, game=game, first_dealer=W, deals=[hands])
    s = apply(apply(apply(s, Action.bid_(E, low)), Action.pass_(S)), Action.pass_(W))
    players = {seat: for_level(level, 7) for seat in (E, S, W)}
    seen = []
    while s.phase != "hand_end":
        seen.append(s.phase)
        s = step(s, players)
    assert "trump" in seen and "bury" in seen and seen.count("play") == 45  # 15 tricks of three cards
    last = s.history[-1]
    assert not last.score.conceded and len(s.buried) == 3
    assert sum(last.score.score) == 0  # the settlement sums to zero


def test_hard_plays_the_hand_that_crashed_it() -> None:
    # Hard raised "min() arg is an empty sequence" in both games from seed 3
    for game in GAMES:
        s = new_match(seed=3, game=game)
        players: dict[Seat, Player] = {seat: HardPlayer(seat, samples=12) for seat in (E, S, W)}
        start = len(s.history)
        while len(s.history) == start:
            s = step(s, players)
        assert s.history[-1].score.transfers


# ---------------------------------------------------------------- the burial and the concession


def test_the_burial_lays_aside_the_counters_the_defenders_would_catch() -> None:
    # E melds 22: the spade run (the widow's J♠), the dix, the K-Q of hearts and a pinochle. T♣ and
    # K♣ have no ace to guard them and T♥ sits behind the A♥: burying T♣ K♣ T♥ banks three
    # counters that play would most likely lose to the defenders (VARIANTS.md cutthroat)
    s = contract(deal(LONE_TEN, "9H 9D JS"), 35)
    assert s.phase == "bury"
    v = view(s, E)
    assert set(v.legal.bury_from) >= set(parse_cards("TC KC TH AH"))
    assert sorted(bury_choice(v)) == sorted(parse_cards("TC KC TH"))
    for player in (SimplePlayer(1), NormalPlayer(1)):
        a = player.act(v)
        assert a.type == "bury" and sorted(a.cards) == sorted(parse_cards("TC KC TH"))
    a = HardPlayer(1).act(v)
    assert a.type == "bury" and parse_cards("TC")[0] in a.cards and not any(c.suit == Suit.S for c in a.cards)


def test_a_hopeless_contract_is_conceded_and_a_near_one_is_played() -> None:
    hands = deal(LONE_TEN, "9H 9D JS")
    meld_total = contract(hands, 35).melds[E]
    assert meld_total is not None and meld_total.total == 22
    # bid 55 with this meld: 25 counters and more are missing, and a hand holds 25; conceding pays
    # single, a set pays double: every level concedes
    s = contract(hands, 55)
    for level in LEVELS:
        assert for_level(level, 1).act(view(s, E)).type == "concede", level
    st = settlement(view(s, E), 55, Suit.S)
    assert (st.made, st.set, st.conceded) == (6, 12, 6)
    # at the lowest bid the hand needs a few counters: Normal and Hard bury and play
    s = contract(hands, 30)
    for level in ("normal", "hard"):
        assert for_level(level, 1).act(view(s, E)).type == "bury", level


# ---------------------------------------------------------------- defenders together


def test_a_defender_feeds_a_counter_to_its_co_defender_who_is_sure_to_win() -> None:
    # W holds only diamonds and clubs: when E (declarer) leads a heart and S takes it with the
    # ace, W cannot follow and holds no trump, so it may throw anything: a counter for S
    west = "AD AD TD TD KD KD QD QD JD 9D 9C JC QC KC TC"
    hands = deal("AS TS KS QS 9S 9S JS 9H 9H JH QH QC JC 9C 9D", "KS QS JD", west)
    s = contract(hands, 33)
    assert s.phase == "bury"
    s = apply(s, Action.bury_(E, parse_cards("QC 9C 9D")))
    s = apply(s, Action.play_(E, parse_cards("9H")[0]))
    s = apply(s, Action.play_(S, parse_cards("AH")[0]))
    v = view(s, W)
    assert teams(v) == ((E,), (S, W)) and mates(v) == (S,)
    for level in LEVELS:
        card = for_level(level, 2).act(v).card
        assert card is not None and card.rank >= 3 and card.suit != Suit.S, (level, card)  # K, T or A


# ---------------------------------------------------------------- what Hard may assume


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), game=st.sampled_from(GAMES), tricks=st.integers(0, 12))
def test_the_sampled_deals_fit_what_each_seat_saw(seed: int, game: str, tricks: int) -> None:
    players: dict[Seat, Player] = {seat: NormalPlayer(seat) for seat in (E, S, W)}
    s = new_match(seed=seed, game=game)
    while not (s.phase == "play" and len(s.tricks) > tricks) and s.phase not in ("hand_end", "match_end"):
        s = step(s, players)
    if s.phase != "play":
        return  # no play this hand (annulled, conceded, or made on meld)
    assert s.declarer is not None
    truth = list(s.hands)
    truth[N] = pack(s.buried)  # the buried cards, counted at the empty place
    rng = random.Random(seed)
    for seat in (E, S, W):
        v = view(s, seat)
        assert v.hand_sizes[N] == 0
        k = knowledge(v)
        assert k.counts[N] == 3
        assert consistent(k, truth)
        widow_left = Counter(unpack(s.widow))
        for trick in s.tricks:
            for i, c in enumerate(trick.cards):
                if trick.seat_of(i) == s.declarer and widow_left[c]:
                    widow_left[c] -= 1
        for _ in range(5):
            hands = sample_hands(k, rng)
            assert consistent(k, hands)
            if seat == s.declarer:
                assert hands[N] == pack(s.buried)  # the declarer knows what it buried
            else:
                # the widow's cards not yet played are with the declarer or buried, never with the co-defender
                both = Counter(unpack(hands[s.declarer])) + Counter(unpack(hands[N]))
                for c, n in widow_left.items():
                    assert both[c] >= n, (c, n)
