""":class:`SimplePlayer`: a computer player that follows the rules plainly.

It looks only at its own :class:`~pinochle.game.View` and makes the choices a
careful beginner would:

* **Auction.** It estimates what its side can take: its own best meld
  (:func:`pinochle.meld.meld_points` over the four possible trumps) plus a
  rough allowance for counters and its partner's meld (more for aces and for
  a long trump suit). It bids the lowest legal bid while that is within the
  estimate, and passes otherwise. It does not bid over its partner unless its
  own estimate is well above the bid.
* **Trump.** Of its suits of four cards or more, the one that gives it the
  most meld; ties go to the longer suit, then to the suit with more high
  cards, then S H D C order. Only a hand without such a suit names a shorter
  one: a trump of two or three cards wins few tricks, whatever meld it adds
  (Pagat, "Pinochle Tactics": the trump suit's cards are the powerful ones,
  and non-aces out of trump are almost always losers). So a hand of four
  suits of three bids no more than the minimum.
* **Play.** On lead it cashes an ace (a non-trump ace first), otherwise it
  leads its lowest card. Following, it wins the trick as cheaply as it can;
  when it cannot win (or its partner already holds the trick and it plays
  last) it throws its lowest card, giving a king or ten to a partner who is
  sure to take the trick.

Given the same seed and the same view it always makes the same move: the
seed only varies, hand by hand, how boldly it bids (0 to 20 points).

>>> from pinochle.game import apply, new_match, turn, view
>>> s = new_match(seed=3)
>>> p = SimplePlayer(seed=1)
>>> a = p.act(view(s, turn(s)))
>>> a.type in ("bid", "pass"), a == p.act(view(s, turn(s)))
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from ..cards import DECKS, Card, Seat, Suit, pack
from .base import TablePlayer, in_scale, mates, wide_rules
from ..game import Action, Trick, View
from ..meld import meld_points
from ..rules import RuleSet
from ..tricks import beats, winner_index
from .partners import double_marriage_suit, may_bid_over_partner
from .widow import bury_choice

#: Rank indexes (see :mod:`pinochle.cards`): 9=0 J=1 Q=2 K=3 T=4 A=5.
_ACE, _TEN, _KING = 5, 4, 3

#: The fewest cards of a suit the player names trump with, when it holds such a suit.
LONG_TRUMP = 4


def trump_choice(hand: Sequence[Card], rules: RuleSet | None = None) -> tuple[Suit, int]:
    """The suit to name trump with ``hand``, and the meld it gives.

    Args:
        hand: the cards held (12 at the start of a hand).
        rules: ``None``: the table's meld in tens, for a 48-card hand; else the
            game's own deck and meld table (:func:`~pinochle.bots.base.wide_rules`).

    Returns:
        ``(suit, meld points)``: of the suits of :data:`LONG_TRUMP` cards or
        more (any suit when there is none), the one with the most meld; ties
        go to the longer suit, then to more cards ranked ten or ace, then
        S H D C order. A beginner names its long suit: the meld a short
        trump adds, such as a royal marriage's 20 over a plain one, is worth
        less than the tricks that trump cannot take (Pagat, "Pinochle
        Tactics", David Dailey: the trump suit's cards are the powerful ones).

    >>> from pinochle.cards import parse_cards
    >>> trump_choice(parse_cards("9H 9H JH KS QS AC"))
    (<Suit.H: 1>, 40)

    Spades would meld 40 (a royal marriage) with two cards; the five clubs meld 30 (the spade marriage
    and the dix) and win tricks:

    >>> trump_choice(parse_cards("KS QS AH TH JH AD TD AC TC KC JC 9C"))
    (<Suit.C: 3>, 30)
    """
    if rules is None:
        packed = pack(hand)

        def points(suit: Suit) -> int:
            return meld_points(packed, suit)
    else:
        wide, table = DECKS[rules.deck].pack(hand), rules

        def points(suit: Suit) -> int:
            return meld_points(wide, suit, table)

    def key(suit: Suit) -> tuple[int, int, int, int]:
        length = sum(1 for c in hand if c.suit == suit)
        high = sum(1 for c in hand if c.suit == suit and c.rank >= _TEN)
        return (points(suit), length, high, -suit)

    long = [s for s in Suit if sum(1 for c in hand if c.suit == s) >= LONG_TRUMP]
    best = max(long or list(Suit), key=key)
    return best, points(best)


def bid_estimate(hand: Sequence[Card], boldness: int = 0) -> int:
    """The highest bid worth making with ``hand`` (a multiple of 10).

    Args:
        hand: the 12 cards held.
        boldness: extra points the player is willing to risk (0 to 20).

    Returns:
        The best meld of the hand plus an allowance of 140 for counters and
        the partner's meld, 10 more per ace and 10 more per trump beyond four,
        plus ``boldness``, rounded down to a multiple of 10.

    >>> from pinochle.cards import parse_cards
    >>> bid_estimate(parse_cards("AH TH KH QH JH 9H AS AD KC QC 9C 9D"))
    370
    """
    suit, meld = trump_choice(hand)
    aces = sum(1 for c in hand if c.rank == _ACE)
    length = sum(1 for c in hand if c.suit == suit)
    estimate = meld + 140 + 10 * aces + 10 * max(0, length - 4) + boldness
    return estimate - estimate % 10


def bid_estimate_wide(hand: Sequence[Card], rules: RuleSet, boldness: int = 0) -> int:
    """The highest bid worth making with ``hand`` in a game whose deck holds more than two
    copies of a card (VARIANTS.md ``double-deck``), in that game's points.

    As :func:`bid_estimate`, scaled to the game: the best meld of the game's
    own table, plus 56% of the hand's trick points for counters and the
    partner's meld (the table's 140 of 250), one counter per ace and per trump
    beyond the fifth (a 20-card hand averages five a suit), plus
    ``boldness`` (given in tens, 0 to 20) in the game's scale.

    >>> from pinochle.cards import parse_cards
    >>> from pinochle.rules import DOUBLE_DECK_RULES
    >>> bid_estimate_wide(parse_cards("AH TH KH QH JH AH TH KH QH JH AS KS QS JD AD KC QC JC TC TD"), DOUBLE_DECK_RULES)
    195
    """
    suit, meld = trump_choice(hand, rules)
    total = rules.total_counters
    unit = total / 50  # one counter of the ones scale
    aces = sum(1 for c in hand if c.rank == _ACE)
    length = sum(1 for c in hand if c.suit == suit)
    estimate = meld + 0.56 * total + unit * (aces + max(0, length - 5)) + boldness * total / 250
    return int(estimate)


def widow_estimate(hand: Sequence[Card], rules: RuleSet) -> float:
    """The bid a hand is worth before the widow is seen, a plain average (VARIANTS.md
    ``cutthroat``, ``auction``; points of the game): the best meld of the hand, plus 2
    counters for what the widow adds on average, plus 7 counters of tricks, half a counter
    per ace and a counter per trump beyond five (25 counters a hand).

    >>> from pinochle.cards import parse_cards
    >>> from pinochle.games import CUTTHROAT_RULES
    >>> widow_estimate(parse_cards("AS TS KS QS JS 9S AH KH QH AD AC TC 9C JD KD"), CUTTHROAT_RULES)
    44.0
    """
    unit = rules.total_counters / 25
    packed = pack(hand)
    melds = [meld_points(packed, s, rules) for s in range(4)]
    best = max(range(4), key=lambda s: (melds[s], sum(1 for c in hand if c.suit == s)))
    aces = sum(1 for c in hand if c.rank == _ACE)
    length = sum(1 for c in hand if c.suit == best)
    return melds[best] + unit * (2 + 7 + 0.5 * aces + max(0, length - 5))


def current_trick(view: View) -> Trick | None:
    """The trick in progress in ``view`` (fewer than four cards), or ``None``."""
    if view.tricks and len(view.tricks[-1].cards) < view.seating.players:
        return view.tricks[-1]
    return None


def _low_key(card: Card, trump: int) -> tuple[int, int, int]:
    """Order for throwing away: non-trump before trump, then rank low to high, then suit."""
    return (card.suit == trump, card.rank, card.suit)


class SimplePlayer(TablePlayer):
    """A rule-following computer player (see the module docstring).

    Args:
        seed: makes the player's choices reproducible (an int or a str).

    Attributes:
        seed: the seed given.
    """

    level: ClassVar[str] = "easy"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed

    def __repr__(self) -> str:
        return f"SimplePlayer(seed={self.seed!r})"

    def boldness(self, hand_no: int) -> int:
        """Extra points (0, 10 or 20) this player risks in the auction of hand ``hand_no``."""
        return random.Random(f"{self.seed}/{hand_no}").choice((0, 10, 20))

    def trump(self, view: View) -> Suit:
        """The suit to name trump (see the module docstring)."""
        return trump_choice(view.hand, wide_rules(view))[0]

    def call(self, view: View) -> Action:
        """A bid of the lowest legal amount while it is within the estimate, else a pass; a hand of
        twelve without a suit of :data:`LONG_TRUMP` cards bids no more than the game's minimum."""
        seat, low = view.seat, view.legal.min_bid
        if low is None or not may_bid_over_partner(view):
            return Action.pass_(seat)  # partners cooperate (pinochle.bots.partners)
        rules = view.rules_set()
        if rules.widow:  # a widow game (VARIANTS.md ``cutthroat``): each alone, a plain average
            worth = widow_estimate(view.hand, rules) + self.boldness(view.hand_number - 1) * rules.total_counters / 250
            return Action.bid_(seat, low) if low <= worth else Action.pass_(seat)
        wide = wide_rules(view)
        if wide is not None:  # a deck of four copies: valued in the game's own meld and scale
            value: float = bid_estimate_wide(view.hand, wide, self.boldness(view.hand_number - 1))
            if view.high_bidder is not None and view.high_bidder == seat.partner:
                value -= 10 * wide.total_counters / 50  # leave the contract to the partner
            return Action.bid_(seat, low) if low <= value else Action.pass_(seat)
        if low > rules.min_bid and max(sum(1 for c in view.hand if c.suit == s) for s in Suit) < LONG_TRUMP:
            return Action.pass_(seat)  # no suit of four to name: the minimum at most (see trump_choice)
        estimate = bid_estimate(view.hand, self.boldness(view.hand_number - 1))
        if view.high_bidder is not None and view.high_bidder == seat.partner:
            if double_marriage_suit(view.hand) is not None:
                # take the contract to name the double marriage trump (80 as royal marriages, 40
                # otherwise): worth +94 points a hand at a table of Easy players, measured by a review
                estimate = max(estimate, 300)
            else:
                estimate -= 50  # leave the contract to the partner unless this hand is much stronger
        if low <= in_scale(estimate, view):
            return Action.bid_(seat, low)
        return Action.pass_(seat)

    def bury(self, view: View) -> list[Card] | None:
        """The plain burial (:func:`pinochle.bots.widow.bury_choice`), or a concession when the
        counters still needed after the meld exceed 60% of a hand's (VARIANTS.md ``cutthroat``)."""
        rules = view.rules_set()
        m = view.melds[view.seat]
        need = (view.bid or 0) - (m.total if m is not None else 0)
        if need > 0.6 * rules.total_counters:
            return None
        return bury_choice(view)

    def card(self, view: View) -> Card:
        """The card to play (see the module docstring)."""
        assert view.trump is not None
        trump = view.trump
        cards = view.legal.cards
        trick = current_trick(view)
        if trick is None:
            return self._lead(cards, trump)
        win_at = winner_index(trick.cards, trump)
        winning = trick.cards[win_at]
        partner_winning = trick.seat_of(win_at) in mates(view)
        last_to_play = len(trick.cards) == view.seating.players - 1
        if partner_winning and last_to_play:
            # The partner takes the trick: give it a counter that is not an ace.
            gifts = [c for c in cards if c.suit != trump and c.rank in (_KING, _TEN)]
            if gifts:
                return min(gifts, key=lambda c: _low_key(c, trump))
            return min(cards, key=lambda c: _low_key(c, trump))
        winners = [c for c in cards if beats(c, winning, trump)]
        if winners:
            return min(winners, key=lambda c: _low_key(c, trump))
        return min(cards, key=lambda c: _low_key(c, trump))

    @staticmethod
    def _lead(cards: Sequence[Card], trump: int) -> Card:
        """The lead: an ace (non-trump first), else the lowest card."""
        aces = [c for c in cards if c.rank == _ACE]
        if aces:
            return min(aces, key=lambda c: (c.suit == trump, c.suit))
        return min(cards, key=lambda c: _low_key(c, trump))
