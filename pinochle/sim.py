"""Compact whole-hand simulation for computer players and benchmarks.

The readable reducer (:mod:`pinochle.game`) is the rules' reference; this
module plays the same rules on packed ints with no objects in the loop, for
the thousands of playouts a computer player runs per decision. It uses the
engine's own rule functions (:func:`pinochle.tricks.legal_function`,
:func:`pinochle.tricks.beats`, :func:`pinochle.meld.meld_by_trump`,
:func:`pinochle.scoring.score_hand`); the tests check that its results equal
the reducer's on the same cards.

>>> import random
>>> r = random_hand(random.Random(1))
>>> sum(r.counters), sum(r.tricks)
(250, 12)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Literal, NamedTuple

from .auction import next_bid
from .cards import ABOVE, ALL_TYPES, DECKS, FOUR_PARTNERS, LAYER, MAX_COPIES, SPREAD, SUIT_MASK, Seating
from .meld import meld_by_trump
from .rules import TABLE, RuleSet
from .scoring import HandScore, score_hand
from .tricks import legal_function

_PHYSICAL = list(range(48))
_PHYS_BIT = [1 << i for i in range(48)]
_BIT = [1 << c for c in range(24)]
#: The cards of each rank (9 J Q K 10 A), one bit a suit.
_RANKS = tuple(sum(1 << (6 * s + r) for s in range(4)) for r in range(6))


def lowest_card(m: int) -> int:
    """The lowest-ranked card of the non-empty mask ``m``, the lowest suit first: the card ``min`` by
    ``(card % 6, card)`` (the lowest bit of the first rank ``m`` holds).

    >>> lowest_card(0b100000_010000), lowest_card(1 << 23 | 1 << 5)
    (4, 5)
    """
    for low in _RANKS:
        x = m & low
        if x:
            return (x & -x).bit_length() - 1
    raise ValueError("no card in the mask")
_TOP = [1 << (LAYER + c) for c in range(24)]


def deal(rnd: Callable[[], float], rules: RuleSet = TABLE) -> list[int]:
    """Shuffle and deal four packed hands (RULES.md, Deal 1).

    Args:
        rnd: a ``random()`` function (uniform in [0, 1)).

    Returns:
        ``[N, E, S, W]`` packed hands of ``rules.hand_size`` cards.
    """
    n = rules.hand_size
    if rules.deck != "pinochle":
        # any other deck (VARIANTS.md ``double-deck``): shuffle its cards and pack each hand
        cards = sorted(DECKS[rules.deck].cards(), key=lambda _: rnd())
        spread = SPREAD[MAX_COPIES]
        out = []
        for s in range(0, 4 * n, n):
            h = 0
            for c in cards[s:s + n]:  # each copy into the next free layer (the deck's cards: no check)
                h |= 1 << (c + LAYER * (h >> c & spread).bit_count())
            out.append(h)
        return out
    # physical card i (0..47) is type i % 24, copy i // 24: a hand's physical
    # bits split straight into the two layers of the packed hand
    order = sorted(_PHYSICAL, key=lambda _: rnd())
    hands = []
    bits = _PHYS_BIT.__getitem__
    for s in range(0, 4 * n, n):
        phys = sum(map(bits, order[s:s + n]))
        lo = phys & ALL_TYPES
        hi = phys >> LAYER
        hands.append(lo | hi | (lo & hi) << LAYER)
    return hands


def pick(mask: int, rnd: Callable[[], float]) -> int:
    """A uniformly random card type from a non-empty one-layer ``mask``."""
    if not mask & (mask - 1):
        return mask.bit_length() - 1
    k = int(rnd() * mask.bit_count())
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


#: The playout policies (:func:`playout`): how every seat picks its card.
Policy = Literal["random", "greedy", "teams", "partners"]
#: Every seat plays a uniformly random legal card: the benchmark and the tests against the reducer.
RANDOM: Policy = "random"
#: Leading, the highest card of a random suit held (aces are cashed); following, the cheapest card
#: that takes the trick, else the lowest-ranked legal card (aces and tens are kept).
GREEDY: Policy = "greedy"
#: :data:`GREEDY` with two team rules: a seat whose teammate holds the trick does not overtake it
#: (it throws its lowest card, or, last to play, its best non-trump counter).
TEAMS: Policy = "teams"
#: The partner-aware policy of four seats in two partnerships, seeing all four hands (a
#: determinized deal): leading, a card no opponent can beat (the most counters first), else the
#: lowest card of a random plain suit (of trump when only trumps are held); able to take the trick,
#: the cheapest such card no later opponent can beat, else the cheapest one; unable to, the best
#: counter when the partner holds the trick and no later opponent can beat it (a ten or king before
#: an ace, plain before trump), else the lowest card. Costs about twice :data:`GREEDY`.
PARTNERS: Policy = "partners"

#: Per number of seats in play, the places after the lead in a trick (1 .. players - 1).
_FOLLOWS = tuple(tuple(range(1, n)) for n in range(5))
#: Four seats in play, clockwise: place -> the next seat.
FOUR_SEATS = (1, 2, 3, 0)
#: Two partnerships, N-S (0) and E-W (1): place -> its side.
PARTNERSHIPS = (0, 1, 0, 1)


def playout(
    hands: list[int],
    trump: int,
    leader: int,
    rnd: Callable[[], float],
    rules: RuleSet = TABLE,
    trick: Sequence[int] = (),
    policy: Policy = RANDOM,
    next_seat: Sequence[int] = FOUR_SEATS,
    team_of: Sequence[int] = PARTNERSHIPS,
) -> tuple[list[int], list[int], list[int]]:
    """Play the remaining tricks with legal cards (RULES.md, Play), every seat by ``policy``.

    One loop serves every table: a trick has as many cards as there are seats in
    play (``next_seat``), and tricks and counters go to the winner's team
    (``team_of``): the partnerships of the four-handed games by default, or the
    declarer against the two defenders of a widow game (VARIANTS.md ``cutthroat``).

    Args:
        hands: packed hands by place N E S W (an empty place holds 0); changed in place (emptied).
        trump: the trump suit; leader: the seat that led (or leads) the current trick.
        rnd: a ``random()`` function.
        rules: counters, last trick, the legal-card rule, the deck.
        trick: cards already played to the current trick, lead first (their
            players' hands no longer hold them).
        policy: :data:`RANDOM`, :data:`GREEDY`, :data:`TEAMS` or :data:`PARTNERS` (four seats in
            partnerships only).
        next_seat: place -> the next seat in play clockwise (:attr:`pinochle.cards.Seating.next_seat`).
        team_of: place -> its team index (0 or 1; -1 for an empty place).

    Returns:
        ``(tricks, counters, play)``: tricks and counters (last trick
        included) taken per team from the current trick on, and the
        cards played from the current trick on.
    """
    values = [rules.counters[c % 6] for c in range(24)]
    legal = legal_function(rules)
    follows = _FOLLOWS[len(team_of) - team_of.count(-1)]  # the places after the lead in a trick
    last = follows[-1]
    tricks = [0, 0]
    pts = [0, 0]
    play: list[int] = []
    spread = SPREAD[MAX_COPIES]
    wide = DECKS[rules.deck].layers > 2
    bit, top = _BIT, _TOP
    append = play.append
    rand = policy == RANDOM
    teams = policy == TEAMS
    partners = policy == PARTNERS
    trump_mask = SUIT_MASK[trump]
    winner = leader
    forced = list(trick)  # cards already played to the current trick
    while hands[leader] or forced:
        seat = leader
        if forced:
            c = forced.pop(0)
        else:
            h = hands[seat]
            if rand:
                c = pick(h & ALL_TYPES, rnd)
            elif partners:
                c = _partners_lead(h & ALL_TYPES, hands, seat, trump, values, rnd)
            else:
                m = h & ALL_TYPES
                suits = [s for s in range(4) if m & SUIT_MASK[s]]
                c = (m & SUIT_MASK[suits[int(rnd() * len(suits))]]).bit_length() - 1
            if wide:  # a copy is taken from the card's top layer (any deck)
                hands[seat] = h ^ 1 << (c + (h >> c & spread).bit_length() - 1)
            else:  # two layers: the second copy if held, else the first
                hands[seat] = h ^ top[c] if h & top[c] else h ^ bit[c]
        append(c)
        led = win_suit = c // 6
        win = c
        winner = seat
        won = values[c]
        for k in follows:
            seat = next_seat[seat]
            if forced:
                c = forced.pop(0)
            else:
                h = hands[seat]
                m = legal(h & ALL_TYPES, led, win, trump)
                # a uniformly random card of m (pick(), inlined: this is the hot loop)
                if rand:
                    if m & (m - 1):
                        j = int(rnd() * m.bit_count())
                        while j:
                            m &= m - 1
                            j -= 1
                        c = (m & -m).bit_length() - 1
                    else:
                        c = m.bit_length() - 1
                elif partners:
                    if win_suit == trump:
                        winning = m & ABOVE[win]
                    else:
                        winning = (m & ABOVE[win]) | (0 if m & SUIT_MASK[led] else m & trump_mask)
                    if winning:
                        c = -1
                        x = winning
                        while x:  # cheapest first: the winning suit's cards upwards, then trumps upwards
                            low = x & -x
                            x ^= low
                            cand = low.bit_length() - 1
                            cs = cand // 6
                            if all(not _beats_now(hands[o] & ALL_TYPES, led, cand, cs, trump)
                                   for o in ((seat + 1) & 3, (seat + 3) & 3) if (o - leader) & 3 > k):
                                c = cand
                                break
                        if c < 0:
                            c = (winning & -winning).bit_length() - 1
                    elif (winner - seat) & 3 == 2 and (k == 3 or not _beats_now(
                            hands[(seat + 1) & 3] & ALL_TYPES, led, win, win_suit, trump)):
                        c = max((x for x in range(24) if m >> x & 1),
                                key=lambda x: (values[x], x % 6 != 5, x // 6 != trump, -x))
                    else:
                        c = lowest_card(m)
                elif teams and team_of[winner] == team_of[seat]:
                    if k == last:  # last: feed the teammate its best non-trump counter
                        c = max((x for x in range(24) if m >> x & 1),
                                key=lambda x: (x // 6 != trump, values[x], -(x % 6 == 5), -x))
                    else:
                        c = lowest_card(m & ~trump_mask or m)
                else:
                    higher = m & ABOVE[win]
                    if higher:
                        c = (higher & -higher).bit_length() - 1
                    elif win_suit != trump and m & trump_mask:
                        t = m & trump_mask
                        c = (t & -t).bit_length() - 1
                    else:
                        c = lowest_card(m)
                if wide:
                    hands[seat] = h ^ 1 << (c + (h >> c & spread).bit_length() - 1)
                else:
                    hands[seat] = h ^ top[c] if h & top[c] else h ^ bit[c]
            append(c)
            won += values[c]
            # tricks.beats(c, win, trump), inlined: higher in the winner's suit, or the first trump
            suit = c // 6
            if suit == win_suit:
                if c > win:
                    win = c
                    winner = seat
            elif suit == trump:
                win = c
                win_suit = suit
                winner = seat
        team = team_of[winner]
        tricks[team] += 1
        pts[team] += won
        leader = winner
    pts[team_of[winner]] += rules.last_trick
    return tricks, pts, play


def _partners_lead(m: int, hands: Sequence[int], seat: int, trump: int, values: Sequence[int],
                   rnd: Callable[[], float]) -> int:
    """The :data:`PARTNERS` lead of a seat holding the card types ``m``: the card no opponent can
    beat with the most counters (plain before trump), else the lowest of a random plain suit."""
    o1, o2 = hands[(seat + 1) & 3] & ALL_TYPES, hands[(seat + 3) & 3] & ALL_TYPES
    c = -1
    best = -1
    for s in range(4):
        sm = m & SUIT_MASK[s]
        if sm:
            top_card = sm.bit_length() - 1
            if not _beats_now(o1, s, top_card, s, trump) and not _beats_now(o2, s, top_card, s, trump):
                v = values[top_card] * 2 + (s != trump)
                if v > best:
                    best, c = v, top_card
    if c < 0:
        plain = [s for s in range(4) if s != trump and m & SUIT_MASK[s]] or [trump]
        sm = m & SUIT_MASK[plain[int(rnd() * len(plain))]]
        c = (sm & -sm).bit_length() - 1
    return c


class SimHand(NamedTuple):
    """One simulated hand: the deal, the contract, the play and the score."""

    dealer: int
    dealt: tuple[int, int, int, int]
    calls: tuple[int | None, ...]
    declarer: int
    bid: int
    trump: int
    meld: tuple[int, int]
    play: tuple[int, ...]
    tricks: tuple[int, int]
    counters: tuple[int, int]
    score: HandScore


def random_auction(
    dealer: int, rnd: Callable[[], float], p_pass: float = 0.6, rules: RuleSet = TABLE
) -> tuple[tuple[int | None, ...], int, int]:
    """A random legal auction: each seat passes with ``p_pass``, else bids the minimum
    (:func:`pinochle.auction.next_bid` above the high bid). Nobody bidding sticks the dealer
    (``no_bid`` ``"dealer"``; the opening house rules are not simulated).

    Returns:
        ``(calls, declarer, bid)`` (RULES.md, Deal and auction 2-3).
    """
    passed = [False, False, False, False]
    calls: list[int | None] = []
    high = 0
    high_seat = -1
    seat = (dealer + 1) & 3
    npassed = 0
    while npassed < 3:
        if rnd() < p_pass:
            calls.append(None)
            passed[seat] = True
            npassed += 1
        else:
            high = rules.min_bid if high_seat < 0 else next_bid(rules, high)
            high_seat = seat
            calls.append(high)
        if npassed < 3:
            seat = (seat + 1) & 3
            while passed[seat]:
                seat = (seat + 1) & 3
    if high_seat < 0:
        return tuple(calls), dealer, rules.min_bid
    return tuple(calls), high_seat, high


def random_hand(rng: random.Random, dealer: int | None = None, rules: RuleSet = TABLE,
                seating: Seating = FOUR_PARTNERS) -> SimHand:
    """Deal, auction, trump, meld for four seats, 12 random legal tricks and the score.

    The declarer names the trump of its best meld; every card is a uniformly
    random legal card. This is the benchmark's unit of work. The sides (whose meld
    adds up, who takes a trick, which side declared) are ``seating``'s: the table
    game's two partnerships (RULES.md, Notation: NS and EW).
    """
    rnd = rng.random
    if dealer is None:
        dealer = int(rnd() * 4)
    hands = deal(rnd, rules)
    dealt = (hands[0], hands[1], hands[2], hands[3])
    calls, declarer, bid = random_auction(dealer, rnd, rules=rules)
    by_trump = [meld_by_trump(h, rules) for h in hands]
    options = by_trump[declarer]
    trump = options.index(max(options))
    (a, b), (c, d) = seating.sides
    m0 = by_trump[a][trump] + by_trump[b][trump]
    m1 = by_trump[c][trump] + by_trump[d][trump]
    leader = declarer if rules.first_lead == "declarer" else seating.next_seat[dealer]
    tricks, pts, play = playout(hands, trump, leader, rnd, rules, next_seat=seating.next_seat,
                                team_of=seating.side_of)
    score = score_hand(seating.side_of[declarer], bid, (m0, m1), (tricks[0], tricks[1]), (pts[0], pts[1]),
                       rules)
    return SimHand(dealer, dealt, calls, declarer, bid, trump, (m0, m1), tuple(play),
                   (tricks[0], tricks[1]), (pts[0], pts[1]), score)



def _beats_now(held: int, led: int, win: int, win_suit: int, trump: int) -> bool:
    """Whether a seat holding ``held`` (card types) can take a trick led in ``led`` and now won by
    ``win`` (RULES.md, Play 1-3: a higher card of the winning suit while following, a trump when
    void in the led suit and the winner is not a trump; an identical card does not beat its twin)."""
    if held & SUIT_MASK[led]:
        return win_suit == led and bool(held & ABOVE[win])
    if win_suit == trump:
        return bool(held & ABOVE[win])
    return bool(held & SUIT_MASK[trump])
