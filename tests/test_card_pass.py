"""The computer players' card pass (pinochle/bots/base.py ``pass_cards``; VARIANTS.md ``partnership-pass``).

The declarer's pass back keeps its own meld before plain aces: an ace passed back still takes its trick
in the partner's hand, a pinochle's worth of meld given up is gone (docs/strength.md, "The audit").
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle.bots import HardPlayer, NormalPlayer, SimplePlayer
from pinochle.bots.base import pass_cards
from pinochle.cards import Card, Suit, deck, pack, parse_cards
from pinochle.game import Action, State, apply, new_match, turn, view
from pinochle.meld import meld_points
from tests.support import random_action


def declarers_pass_back(declarer: str, partner: str, gift: str, trump: Suit = Suit.D) -> tuple[State, int]:
    """A partnership-pass hand where the first caller bids 250 and the others pass, names ``trump`` and
    receives ``gift`` from its partner: the state at its pass back, and the declarer's seat."""
    s, partner_seat = at_partners_pass(declarer, partner, trump)
    first = (partner_seat + 2) % 4
    s = apply(s, Action.give_(partner_seat, parse_cards(gift)))
    assert turn(s) == first
    return s, first


def at_partners_pass(declarer: str, partner: str, trump: Suit) -> tuple[State, int]:
    """A partnership-pass hand where the first caller bids 250, the others pass and it names ``trump``: the
    state at its partner's pass to it, and the partner's seat."""
    first = turn(new_match(seed=3, game="partnership-pass"))
    assert first is not None
    mine, theirs = parse_cards(declarer), parse_cards(partner)
    rest = sorted((Counter(deck()) - Counter(mine) - Counter(theirs)).elements())
    hands: list[list[Card]] = [[], [], [], []]
    hands[first], hands[(first + 2) % 4] = mine, theirs
    hands[(first + 1) % 4], hands[(first + 3) % 4] = rest[:12], rest[12:]
    s = new_match(seed=3, game="partnership-pass", deals=[tuple(pack(h) for h in hands)])
    s = apply(s, Action.bid_(first, 250))
    for _ in range(3):
        who = turn(s)
        assert who is not None
        s = apply(s, Action.pass_(who))
    s = apply(s, Action.trump_(first, trump))
    assert turn(s) == (first + 2) % 4
    return s, (first + 2) % 4


def own_meld_kept(s: State, seat: int, back: list[Card]) -> int:
    """The meld (RULES.md, Meld) of ``seat``'s hand after it passes ``back``."""
    assert s.trump is not None
    kept = Counter(view(s, seat).legal.give_from) - Counter(back)
    return meld_points(pack(kept.elements()), s.trump, s.rules)


def test_the_declarer_returns_three_aces_to_keep_jacks_around() -> None:
    # Holding J♠ J♥ J♦ J♦ J♣ (jacks around, 40) beside a double pinochle and both dixes (320), the
    # declarer returns the 10♠ and three plain aces (360 kept), not three jacks and the 10♠ (320).
    s, first = declarers_pass_back("JS QS QS TS JH AH AH 9D 9D JD JC AC",
                                   "JS TS 9H 9H KH KH JC TC KD TD AD JD", "KD TD AD JD")
    back = pass_cards(view(s, first))
    assert sorted(back) == sorted(parse_cards("TS AH AH AC"))
    assert own_meld_kept(s, first, back) == 360


def test_the_partner_keeps_its_pinochle_rather_than_pass_the_queen_of_trump() -> None:
    # Normal's arena, partnership-pass seed 31 (spades trump): the partner held A♠ 10♠ Q♠ and a pinochle
    # (Q♠ J♦, 40), and passed A♠ 10♠ Q♠ 10♦; the declarer held a Q♠ but no J♦, so the side lost its
    # 40. Easy and Normal now keep the pinochle and pass the other 10♦ instead of the Q♠.
    s, partner = at_partners_pass("KC QC JC AD AD QD 9D KH AS TS KS QS",
                                  "JC TD TD QD JD JD QH QH JH AS TS QS", Suit.S)
    for player in (SimplePlayer(0), NormalPlayer(0)):
        passed = player.give(view(s, partner))
        assert sorted(passed) == sorted(parse_cards("AS TS TD TD"))
        assert own_meld_kept(s, partner, passed) == own_meld_kept(s, partner, []) == 40
    assert Card.parse("QS") in HardPlayer(0).give(view(s, partner))  # Hard keeps the weight it was measured with


def test_hards_pass_back_keeps_its_pinochle_before_two_aces() -> None:
    # Hard's arena, partnership-pass seed 31 deal 855 (clubs trump): the declarer held a pinochle (Q♠ J♦)
    # beside A♠ A♠ A♦ A♦, 9♠ and J♥, none of them meld, and passed back Q♠ 9♠ J♥ J♦ to keep its four
    # aces: 40 of its own meld given up where four cards of no meld were free.
    s, first = declarers_pass_back("AS AS QS 9S JH AD AD JD TC JC 9C 9C",
                                   "TC KC QC JC KS KS 9H 9H QH QH KD KD", "TC KC QC JC", Suit.C)
    back = HardPlayer(0).give(view(s, first))
    assert not {Card.parse("QS"), Card.parse("JD")} & set(back)
    assert own_meld_kept(s, first, back) == own_meld_kept(s, first, []) == 100  # all its meld kept
    assert all(c // 6 != Suit.C for c in back)  # and all its trumps


def test_hards_pass_back_keeps_kings_around_before_four_aces() -> None:
    # Hard's arena, partnership-pass seed 31 deal 769 (hearts trump): holding K♠ K♥ K♦ K♣ (kings around,
    # 80), the declarer passed back K♠ K♦ K♣ J♣ to keep A♦ A♦ A♣ A♣, which still take their tricks in
    # the partner's hand.
    s, first = declarers_pass_back("KS AH TH KH QH JH AD AD KD AC AC KC",
                                   "TH KH 9H JC 9S 9S JS JS QD QD 9D 9D", "TH KH 9H JC", Suit.H)
    v = view(s, first)
    back = HardPlayer(0).give(v)
    kept = Counter(v.legal.give_from) - Counter(back)
    assert {Card.parse(k) for k in ("KS", "KH", "KD", "KC")} <= set(kept)
    assert own_meld_kept(s, first, back) == own_meld_kept(s, first, parse_cards("AD AD AC JC"))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), game=st.sampled_from(["partnership-pass", "racehorse"]),
       hard=st.booleans())
def test_the_pass_back_never_gives_up_a_pinochles_worth_of_its_own_meld(seed: int, game: str, hard: bool) -> None:
    """Whatever the deal, the partner's pass and the level's weights (Easy's and Normal's, or Hard's
    :attr:`HardPlayer.pass_back_weights`), the declarer's own meld after its pass back is less than 40
    below the best return that keeps its trumps (the audit's ``pass_back_loses_meld``)."""
    rng = random.Random(seed)
    s = new_match(seed=seed, game=game)
    while s.phase in ("auction", "trump") or (s.phase == "exchange" and s.exchange == ()):
        s = apply(s, random_action(s, rng))
    if s.phase != "exchange" or s.declarer is None or s.trump is None:
        return  # thrown in, or conceded before the pass: no pass back in this deal
    v = view(s, s.declarer)
    held = list(v.legal.give_from)
    plain = [c for c in held if c // 6 != s.trump]
    trumps = [c for c in held if c // 6 == s.trump]
    n = v.legal.give
    returns = (list(r) for r in itertools.combinations(plain, n)) if len(plain) >= n else (
        plain + list(extra) for extra in itertools.combinations(trumps, n - len(plain)))
    best = max(own_meld_kept(s, s.declarer, r) for r in returns)
    back = pass_cards(v, HardPlayer.pass_back_weights if hard else None)
    assert best - own_meld_kept(s, s.declarer, back) < 40


@settings(max_examples=200, deadline=None)
@given(cards=st.permutations(deck()), trump=st.sampled_from(list(Suit)))
def test_hards_pass_back_never_gives_up_a_pinochles_worth_on_any_deal(cards: list[Card], trump: Suit) -> None:
    """Over random deals (the declarer's and its partner's 12 cards, any trump, the partner's own pass),
    Hard's pass back keeps its own meld within less than 40 of the best return that keeps its trumps.
    Its weights (a plain ace 30) alone gave up 40 or more in about 2% of its pass backs
    (docs/strength.md, "Hard's pass back keeps a pinochle's worth of meld")."""
    mine, theirs = cards[:12], cards[12:24]
    partner_pass = [str(c) for c in sorted(theirs, key=lambda c: (c // 6 == trump, c % 6), reverse=True)[:4]]
    s, first = declarers_pass_back(" ".join(str(c) for c in mine), " ".join(str(c) for c in theirs),
                                   " ".join(partner_pass), trump)
    v = view(s, first)
    held = list(v.legal.give_from)
    plain = [c for c in held if c // 6 != trump]
    trumps = [c for c in held if c // 6 == trump]
    returns = (list(r) for r in itertools.combinations(plain, 4)) if len(plain) >= 4 else (
        plain + list(extra) for extra in itertools.combinations(trumps, 4 - len(plain)))
    best = max(own_meld_kept(s, first, r) for r in returns)
    assert best - own_meld_kept(s, first, HardPlayer(0).give(v)) < 40
