"""What one seat knows about the hidden cards, and deals of them that fit it.

A computer player sees the table only through its :class:`~pinochle.game.View`.
:func:`knowledge` reads from that view everything the rules let a seat infer
about the cards it cannot see, as a :class:`Knowledge`:

* the **unseen** cards: the game's deck (48 cards; VARIANTS.md
  ``double-deck``: 80, four copies of a card) less its own hand and every
  card played this hand (RULES.md, Deal 1 and Play);
* the cards each seat is **known** to hold: its meld cards laid down in the
  meld review and not played since (RULES.md, Meld: "The meld review shows
  each player's melds and the cards that score in them"); for the seat
  itself, its own hand;
* how many cards each seat holds now (``View.hand_sizes``);
* **voids** and **caps**, from replaying every trick of the hand card by
  card (:func:`play_inferences`: a seat that did not follow, did not trump,
  or followed without beating; RULES.md, Play 1-3);

* the **meld** each seat laid down: its whole 12-card hand as dealt (the
  cards it holds now plus those it has played) melds exactly that total and
  lays down exactly those cards (RULES.md, Meld; docs/rules.md, "The meld
  review"). So, for example, a seat that showed no dix holds no nine of
  trump, and a seat that showed K♥ Q♥ holds no second K♥ Q♥ pair.

* in a game with a widow (VARIANTS.md ``cutthroat``, ``auction``), the cards in no hand
  and not played -- the widow before the auction ends, the declarer's buried cards after
  -- form a **pile** counted at the empty place N (``Knowledge.counts[N]``; N itself
  holds no cards in the view). The declarer knows its buried cards; everyone else knows
  that the widow, turned up for all, went to the declarer: its cards not yet played are
  in the declarer's hand or buried (``Knowledge.confined``), never with a defender, and
  the pile counts with the declarer's hand in its meld check (``Knowledge.pile_of``).

* in ``turned-trump`` the dealer holds the turned card; after a **dix exchange** (the
  house switch ``dix_exchange``, public: ``View.dix_exchange``) the seat that exchanged
  holds it and the dealer holds that seat's nine of trump, which scored in the meld of
  the seat that gave it up (:func:`laid_down` counts it with the dealer's meld).

:func:`sample_hands` deals the hidden cards at random among the other seats
so that every one of those facts holds: the "resample hidden cards
consistent with this view" step of a determinized Monte Carlo player, which
calls it about a hundred times per decision. :func:`consistent` checks a deal
against a :class:`Knowledge` (used by the tests, and handy for a player's
own assertions).

>>> import random
>>> from pinochle.bots import SimplePlayer
>>> from pinochle.game import apply, new_match, turn, view
>>> s = new_match(seed=5)
>>> p = SimplePlayer(1)
>>> while s.phase != "play" or len(s.tricks) < 3:
...     s = apply(s, p.act(view(s, turn(s))))
>>> k = knowledge(view(s, 0))
>>> consistent(k, s.hands)
True
>>> hands = sample_hands(k, random.Random(1))
>>> hands[0] == s.hands[0], consistent(k, hands), hands == sample_hands(k, random.Random(1))
(True, True, True)
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from dataclasses import dataclass
from collections.abc import Callable
from functools import cached_property, lru_cache
from typing import NamedTuple

from ..cards import (ALL_TYPES, CARDS, DECKS, LAYER, MAX_COPIES, NTYPES, PINOCHLE_DECK, SPREAD, SUIT_NAMES, Card,
                     Deck, Seat, Suit, pack, size, unpack)
from ..game import View
from ..meld import meld, meld_by_trump, meld_points
from ..rules import TABLE, RuleSet
from ..tricks import beats

#: The cap of a suit in which nothing is known: any rank (ace = 5) may be held.
NO_CAP = 5
#: The cap of a suit the seat is void in: no rank may be held.
VOID_CAP = -1
#: Default number of deals :func:`sample_hands` tries against the meld check
#: before it relaxes that check (see :func:`sample_hands_ex`).
MAX_TRIES = 200

Hands = tuple[int, int, int, int]


# ---------------------------------------------------------------- packed multisets


def _add_mask(hand: int, mask: int) -> int:
    """``hand`` with one more copy of each card type of the one-layer ``mask`` (any deck:
    a copy goes to the lowest layer that lacks the type)."""
    k = 0
    while mask:
        layer = hand >> k & ALL_TYPES
        hand |= (mask & ~layer) << k
        mask &= layer
        k += LAYER
    return hand


def _sub_mask(hand: int, mask: int) -> int:
    """``hand`` with one copy fewer of each card type of the one-layer ``mask`` that it holds (any deck)."""
    out = 0
    k = 0
    while hand >> k:
        out |= (hand >> k & (hand >> (k + LAYER) | ~mask) & ALL_TYPES) << k
        k += LAYER
    return out


def _union(a: int, b: int) -> int:
    """The multiset sum of two packed hands (any deck; ``b``'s layers need not be nested:
    each of its layers adds one copy of the types it holds)."""
    while b:
        a = _add_mask(a, b & ALL_TYPES)
        b >>= LAYER
    return a


def _counts(hand: int) -> list[int]:
    """Copies of each of the 24 card types in a packed hand (any deck)."""
    spread = SPREAD[MAX_COPIES]
    return [(hand >> c & spread).bit_count() for c in range(NTYPES)]


def _from_counts(counts: list[int]) -> int:
    """The packed hand holding ``counts[c]`` copies (0..4) of each type ``c``."""
    h = 0
    for c, n in enumerate(counts):
        for k in range(n):
            h |= 1 << (LAYER * k + c)
    return h


def _minus(a: int, b: int) -> int:
    """``a`` less the cards of ``b`` (a multiset difference; missing cards are ignored; any deck)."""
    while b:
        a = _sub_mask(a, b & ALL_TYPES)
        b >>= LAYER
    return a


def _contains(a: int, b: int) -> bool:
    """Whether the multiset ``a`` holds every card of ``b`` (with multiplicity): layer by
    layer, ``b``'s types are among ``a``'s (the layers are nested)."""
    return not b & ~a


def _deck(rules: RuleSet) -> Deck:
    """The deck of ``rules`` (the 48-card deck unless the game says otherwise)."""
    return DECKS[rules.deck]


def _pack(cards: list[Card] | tuple[Card, ...], deck: Deck) -> int:
    """Cards packed as a hand of ``deck`` (the fast two-layer :func:`~pinochle.cards.pack` for 48 cards)."""
    return pack(cards) if deck is PINOCHLE_DECK else deck.pack(cards)


def _rank_mask(suit: int, cap: int) -> int:
    """One-layer mask of the ranks 0..``cap`` of ``suit`` (empty for a void, cap -1)."""
    return ((1 << (cap + 1)) - 1) << (6 * suit)


def _labels(hand_or_mask: int) -> str:
    return " ".join(CARDS[c].label for c in unpack(hand_or_mask)) or "nothing"


# ---------------------------------------------------------------- knowledge


@dataclass(frozen=True)
class Knowledge:
    """What ``seat`` knows about where the cards are, from its view alone.

    Packed hands are ints as in :mod:`pinochle.cards` (bit ``c``: at least one
    card of type ``c``; bit ``24 + c``: two). Tuples indexed by seat are in
    the order N E S W.

    Attributes:
        seat: whose knowledge this is.
        trump: the trump suit, or ``None`` before it is named.
        rules: the table's :class:`~pinochle.rules.RuleSet` (the legal-play
            rules behind the inferences, and the meld values).
        unseen: packed multiset of the cards ``seat`` has not seen played:
            the game's deck less its own hand and every card played this
            hand. It includes other seats' meld cards still held.
        known: per seat, packed cards it is known still to hold. The seat's
            own entry is its whole hand; another seat's entry is the meld
            it laid down less the cards it has played since.
        counts: per seat, cards held now (``View.hand_sizes``).
        voids: per seat, a 4-bit mask of the suits (bit ``s`` for suit
            ``s``, S H D C) it is known to hold none of.
        caps: per seat, per suit (S H D C), the highest rank index (0 = 9 ..
            5 = A) it may still hold: :data:`NO_CAP` (5) when nothing is
            known, :data:`VOID_CAP` (-1) for a void suit.
        played: per seat, packed cards it has played this hand.
        shown: per seat, packed cards it laid down in the meld review, or
            ``None`` while it has not laid down yet.
        meld_totals: per seat, the meld it laid down (points), or ``None``.
        meld_excluded: per seat, a one-layer mask of the card types of which
            it can hold no copy beyond those it laid down: one more such card
            would have made a different meld or shown different cards (for
            example a nine of trump when it showed no dix). Implied by the
            meld equality; 0 for the seat itself and for seats without meld.
        meld_held: per seat, packed cards it laid down in the meld review and has not played
            since (RULES.md, Meld: the meld review shows the cards that score): the part of
            ``known`` the meld alone tells; 0 for the seat itself, and before trump is named.

    The constraints on a deal ``hands`` (N E S W packed, cards held now) are:
    the seat's own hand exact; each seat's count; each seat's known cards;
    every held card within its seat's voids and caps; the four hands and the
    played cards together exactly the game's deck ("hard" constraints); and
    each other seat's dealt hand (``hands[s]`` plus ``played[s]``) melding
    exactly ``meld_totals[s]`` and laying down exactly ``shown[s]`` (the meld
    constraint). :func:`consistent` checks them all.
    """

    seat: Seat
    trump: Suit | None
    rules: RuleSet
    unseen: int
    known: Hands
    counts: Hands
    voids: Hands
    caps: tuple[Hands, Hands, Hands, Hands]
    played: Hands
    shown: tuple[int | None, int | None, int | None, int | None]
    meld_totals: tuple[int | None, int | None, int | None, int | None]
    meld_excluded: Hands
    meld_held: Hands = (0, 0, 0, 0)
    #: ``(place, owner)`` of a pile of cards out of play that the seat ``owner``'s dealt hand
    #: includes (VARIANTS.md ``cutthroat``: the declarer's buried cards, counted at the empty
    #: place N), or ``None``; the meld check then counts the pile with the owner's cards.
    pile_of: tuple[int, int] | None = None
    #: ``(packed cards, seat mask)`` pairs: copies known to lie among the seats of the mask
    #: (bit ``s`` for seat ``s``): the widow's cards, seen by everyone, are with the declarer
    #: or among its buried cards.
    confined: tuple[tuple[int, int], ...] = ()
    #: The cards of the trick in progress, lead first (empty between tricks).
    trick: tuple[int, ...] = ()
    #: What the seat sees of the stock and the tables (VARIANTS.md ``two-handed``): a
    #: :class:`StockKnown`, or ``None`` in a game without a stock.
    stock: StockKnown | None = None

    def allowed(self, seat: int) -> int:
        """One-layer mask of the card types ``seat`` may hold, by its voids and caps."""
        caps = self.caps[seat]
        return (_rank_mask(0, caps[0]) | _rank_mask(1, caps[1])
                | _rank_mask(2, caps[2]) | _rank_mask(3, caps[3]))

    def hidden(self) -> int:
        """Packed cards whose place ``seat`` does not know: ``unseen`` less the others' known cards."""
        h = self.unseen
        for s in range(4):
            if s != self.seat:
                h = _minus(h, self.known[s])
        return h

    def describe(self) -> str:
        """A few lines for people: known cards, voids and caps of every other seat."""
        lines = [f"{Seat(self.seat)} knows ({size(self.unseen)} cards unseen):"]
        for s in range(4):
            if s == self.seat:
                continue
            parts = [f"{self.counts[s]} cards"]
            if self.known[s]:
                parts.append("holds " + _labels(self.known[s]))
            voids = [SUIT_NAMES[u] for u in range(4) if self.voids[s] >> u & 1]
            if voids:
                parts.append("void in " + ", ".join(voids))
            caps = [f"{SUIT_NAMES[u]} to {'9JQKTA'[c]}" for u, c in enumerate(self.caps[s]) if 0 <= c < NO_CAP]
            if caps:
                parts.append("at most " + ", ".join(caps))
            if self.meld_excluded[s]:
                parts.append("no more " + " ".join(CARDS[c].label for c in range(NTYPES)
                                                    if self.meld_excluded[s] >> c & 1))
            lines.append(f"  {Seat(s)}: " + "; ".join(parts))
        return "\n".join(lines)

    @cached_property
    def _plan(self) -> _Plan:
        """The sampler's tables, built on first use (once per Knowledge)."""
        return _build_plan(self)


#: A seat's melded cards on the table as ``(card, meld kinds served)`` (VARIANTS.md ``two-handed``).
TableCards = tuple[tuple[int, tuple[str, ...]], ...]


@dataclass(frozen=True)
class StockKnown:
    """What a seat of two-handed Pinochle sees of the stock and the tables besides the hands
    (VARIANTS.md ``two-handed``; docs/games/two-handed.md, The view): the part of
    :class:`Knowledge` its game adds, filled by the stock family's reader of the view
    (:func:`pinochle.bots.stock.stock_knowledge`).

    In such a :class:`Knowledge` a seat holds its hand and its melded cards on the table
    (it may play either), so ``known``, ``counts`` and ``unseen`` count the table cards with
    the hands; ``meld_held`` is each seat's table; the stock (the upcard included, last) is
    dealt to the empty place E, which ``known`` says holds the upcard.

    Attributes:
        tables: per place N E S W, the melded cards lying face up (:data:`TableCards`).
        stock_left: cards still to draw, the upcard included.
        upcard: the card under the stock, face up, or ``None`` once taken.
        endgame: the stock is gone and the melds are back in the hands.
        exchanged: the first dix has been exchanged for the turned card this hand.
        dealer: the dealer's place (the other seat draws first, seed 000).
    """

    tables: tuple[TableCards, TableCards, TableCards, TableCards]
    stock_left: int
    upcard: int | None
    endgame: bool
    exchanged: bool
    dealer: int


class PlayInferences(NamedTuple):
    """What the tricks of a hand show about each seat's cards (:func:`play_inferences`).

    Tuples are indexed by seat N E S W.

    Attributes:
        played: per seat, packed cards it has played this hand.
        voids: per seat, a 4-bit mask of the suits (bit ``s`` for suit ``s``, S H D C) it is
            known to hold none of.
        caps: per seat, per suit, the highest rank index (0 = 9 .. 5 = A) it may still hold:
            :data:`NO_CAP` when nothing is known, :data:`VOID_CAP` for a void suit.
    """

    played: Hands
    voids: Hands
    caps: tuple[Hands, Hands, Hands, Hands]


def play_inferences(view: View) -> PlayInferences:
    """Replay every trick of the hand card by card, with the trick's led suit and the card
    winning before each card, and note what the rules of play say about the seat that played
    it (RULES.md, Play 1-3, under the table's :class:`~pinochle.rules.PlayRules`; an
    identical card does not beat its twin):

    - not following the led suit: void in it (Play 1);
    - void in the led suit and playing a non-trump: void in trump too, where one must trump
      (``must_trump``; Play 2);
    - following the led suit without beating a winning card of that suit: no card of the
      suit above the winning card, where one must beat (``must_beat`` ``"always"``, or
      ``"trump_led"`` in a trump lead; Play 1);
    - void and trumping without beating a winning trump: no trump above it (Play 2).

    Args:
        view: any seat's :class:`~pinochle.game.View`.

    Returns:
        A :class:`PlayInferences`: cards played, voids and caps of every seat.

    Raises:
        ValueError: tricks before trump is named, or more copies of a card played than the
            deck holds: the view cannot come from a real hand.

    >>> from pinochle.bots import SimplePlayer
    >>> from pinochle.game import apply, new_match, turn, view
    >>> s = new_match(seed=9)
    >>> p = SimplePlayer(1)
    >>> while s.phase != "play" or len(s.tricks) < 3:
    ...     s = apply(s, p.act(view(s, turn(s))))
    >>> [" ".join(f"{t.seat_of(i)}:{c}" for i, c in enumerate(t.cards)) for t in s.tricks[:2]], s.trump
    (['S:AH W:TH N:9S E:9H', 'S:JD W:QD N:TD E:QD'], <Suit.H: 1>)
    >>> inf = play_inferences(view(s, 0))
    >>> inf.caps[0]  # N played 9S to a trump lead: void in hearts (trump), so -1
    (5, -1, 5, 5)
    >>> inf.caps[1]  # E played QD under N's TD: no diamond above the ten
    (5, 5, 4, 5)
    """
    rules = view.rules_set()
    deck = _deck(rules)
    trump = view.trump
    played = [0, 0, 0, 0]
    voids = [0, 0, 0, 0]
    caps = [[NO_CAP] * 4 for _ in range(4)]
    beat_always = rules.must_beat == "always"
    beat_trump_led = rules.must_beat == "trump_led"
    must_trump = rules.must_trump
    if view.tricks and trump is None:
        raise ValueError("the view has tricks but no trump: it is not a real hand")
    t = -1 if trump is None else int(trump)
    for trick in view.tricks:
        cards = trick.cards
        if not cards:
            continue
        led = cards[0] // 6
        win = cards[0]
        played[trick.leader] = _checked_add(played[trick.leader], cards[0], deck)
        for i in range(1, len(cards)):
            c = cards[i]
            who = int(trick.seat_of(i))
            played[who] = _checked_add(played[who], c, deck)
            suit = c // 6
            if suit == led:
                # Play 1: holding the led suit you must beat a winning card of that suit if you can
                if (win // 6 == led and (beat_always or (beat_trump_led and led == t))
                        and not beats(c, win, t)):
                    caps[who][led] = min(caps[who][led], win % 6)
            else:
                voids[who] |= 1 << led  # Play 1: you must follow suit
                if must_trump:
                    if suit != t:
                        voids[who] |= 1 << t  # Play 2: void in the led suit, holding trump, you must trump
                    elif beat_always and win // 6 == t and not beats(c, win, t):
                        caps[who][t] = min(caps[who][t], win % 6)  # Play 2: overtrump if you can
            if beats(c, win, t):
                win = c
    for s in range(4):
        for u in range(4):
            if voids[s] >> u & 1:
                caps[s][u] = VOID_CAP
    return PlayInferences(
        played=(played[0], played[1], played[2], played[3]),
        voids=(voids[0], voids[1], voids[2], voids[3]),
        caps=((caps[0][0], caps[0][1], caps[0][2], caps[0][3]), (caps[1][0], caps[1][1], caps[1][2], caps[1][3]),
              (caps[2][0], caps[2][1], caps[2][2], caps[2][3]), (caps[3][0], caps[3][1], caps[3][2], caps[3][3])),
    )


def laid_down(view: View) -> tuple[tuple[tuple[Card, ...], int] | None, ...]:
    """Per seat, the cards its meld review showed and its meld total, as the cards it holds and
    has played meld them: the view's ``melds`` (``None`` for a seat without meld), except after
    a dix exchange (``turned-trump`` with the house switch ``dix_exchange``): the nine of trump
    the exchanger gave the dealer scored in the exchanger's meld (docs/games/turned-trump.md)
    but is the dealer's card, so it and its points count with the dealer's meld here, not the
    exchanger's.
    """
    out: list[tuple[tuple[Card, ...], int] | None] = [
        None if m is None else (tuple(m.shown()), m.total) for m in view.melds[:4]]
    who = view.dix_exchange
    if who is not None and view.trump is not None:
        nine, dix = CARDS[int(view.trump) * 6], view.rules_set().dix
        mine, theirs = out[int(who)], out[int(view.dealer)]
        if mine is not None and nine in mine[0]:
            rest = list(mine[0])
            rest.remove(nine)
            out[int(who)] = (tuple(rest), mine[1] - dix)
        if theirs is not None:
            out[int(view.dealer)] = ((*theirs[0], nine), theirs[1] + dix)
    return tuple(out)


def meld_unplayed(view: View, played: Hands) -> Hands:
    """Per seat, packed: the cards it laid down in the meld review less those it has played since
    (RULES.md, Meld: the meld review shows the cards that score); 0 for a seat without meld.

    Args:
        view: any seat's :class:`~pinochle.game.View`.
        played: per seat, packed cards played this hand (:attr:`PlayInferences.played`).
    """
    deck = _deck(view.rules_set())
    out = [0, 0, 0, 0]
    for s, laid in enumerate(laid_down(view)):
        if laid is not None:
            out[s] = _minus(_pack(laid[0], deck), played[s])
    return (out[0], out[1], out[2], out[3])


def knowledge(view: View) -> Knowledge:
    """Everything ``view.seat`` can infer about the hidden cards, from ``view`` alone.

    Args:
        view: any seat's :class:`~pinochle.game.View`, in any phase. The
            inferences need the play phase (tricks) and the meld review
            (``view.melds``); before trump is named only the unseen cards and
            the counts are known.

    Returns:
        A :class:`Knowledge` (see there for the fields and the rules each
        inference comes from: RULES.md, Meld and Play 1-3).

    Raises:
        ValueError: the view cannot come from a real hand: more copies of a
            card than the deck holds among the own hand and the played
            cards, or tricks before trump is named.
    """
    rules = view.rules_set()
    deck = _deck(rules)
    me = Seat(view.seat)
    trump = view.trump
    own = _pack(view.hand, deck)
    inferred = play_inferences(view)
    played = inferred.played
    gone = own
    for s in range(4):
        gone = _union_checked(gone, played[s], deck)
    unseen = _minus(deck.full, gone)
    shown: list[int | None] = [None] * 4
    totals: list[int | None] = [None] * 4
    known = [0, 0, 0, 0]
    excluded = [0, 0, 0, 0]
    meld_held = [0, 0, 0, 0]
    laid = laid_down(view)
    for s in range(4):
        m = laid[s] if s < len(laid) else None
        if m is not None:
            shown[s] = _pack(m[0], deck)
            totals[s] = m[1]
        if s == me:
            known[s] = own
        elif m is not None and trump is not None:
            sh = _pack(m[0], deck)
            known[s] = meld_held[s] = _minus(sh, played[s])
            excluded[s] = meld_exclusions(sh, m[1], int(trump), rules)
    for s, told in _told(view, me, deck):
        # cards a seat was seen to receive (the pass, the turned card) and has not played since
        known[s] = _minus(known[s] | told, played[s])
    counts = list(view.hand_sizes)
    pile_of: tuple[int, int] | None = None
    confined: tuple[tuple[int, int], ...] = ()
    empty = [s for s in range(4) if s not in view.seating.seats]
    pile = deck.size - sum(counts) - sum(size(p) for p in played)
    if pile > 0 and empty:
        # cards in no hand and not played: the widow before the auction ends, or the declarer's
        # buried cards (VARIANTS.md ``cutthroat``); they are dealt to the empty place
        e = empty[0]
        counts[e] = pile
        d = view.declarer
        if d is not None and view.widow is not None:
            pile_of = (e, int(d))
            if me == d:
                known[e] = _pack(view.buried or (), deck)
            else:
                excluded[e] = excluded[d]
                confined = _widow_confined(view, int(d), e, played[d], deck)
    return Knowledge(
        seat=me,
        trump=trump,
        rules=rules,
        unseen=unseen,
        known=(known[0], known[1], known[2], known[3]),
        counts=(counts[0], counts[1], counts[2], counts[3]),
        voids=inferred.voids,
        caps=inferred.caps,
        played=played,
        shown=(shown[0], shown[1], shown[2], shown[3]),
        meld_totals=(totals[0], totals[1], totals[2], totals[3]),
        meld_excluded=(excluded[0], excluded[1], excluded[2], excluded[3]),
        meld_held=(meld_held[0], meld_held[1], meld_held[2], meld_held[3]),
        pile_of=pile_of,
        confined=confined,
        trick=trick_in_progress(view),
    )


def trick_in_progress(view: View) -> tuple[int, ...]:
    """The cards of ``view``'s trick in progress, lead first (empty between tricks)."""
    last = view.tricks[-1] if view.tricks else None
    return tuple(int(c) for c in last.cards) if last is not None and last.winner is None else ()


def _widow_confined(view: View, declarer: int, pile: int, played: int, deck: Deck) -> tuple[tuple[int, int], ...]:
    """The widow's cards still with the declarer or buried (VARIANTS.md ``cutthroat``: everyone
    saw the widow, the declarer took it, then buried cards that nobody else sees).

    The declarer's 18 cards hold the widow and the cards it laid down in meld, so for each
    card type at least the larger of the two counts; less those it played, less the meld
    cards still in its hand (known already), the rest is in its hand or among the buried cards.
    """
    widow = [0] * NTYPES
    for c in view.widow or ():
        widow[c] += 1
    m = view.melds[declarer] if declarer < len(view.melds) else None
    shown = [0] * NTYPES
    for c in (m.shown() if m is not None else ()):
        shown[c] += 1
    gone = _counts(played)
    extra = [max(0, max(widow[c], shown[c]) - gone[c]) - max(0, shown[c] - gone[c]) for c in range(NTYPES)]
    if not any(extra):
        return ()
    return ((_from_counts(extra) if deck.layers > 2 else _pack([CARDS[c] for c in range(NTYPES) for _ in range(extra[c])],
                                                                 deck), 1 << declarer | 1 << pile),)


def _told(view: View, me: int, deck: Deck = PINOCHLE_DECK) -> list[tuple[int, int]]:
    """Per seat, packed cards ``me`` saw go into its hand (VARIANTS.md ``partnership-pass``, ``turned-trump``).

    * The declarer knows its partner holds the cards it passed back.
    * The partner knows the declarer holds what the partner gave, less what
      came back (a multiset difference).
    * Everyone knows the dealer holds the turned card; after a dix exchange
      (``View.dix_exchange``), the seat that exchanged holds it, and the
      dealer holds a nine of trump.

    Returns ``(seat, packed cards)`` pairs; merged into the meld's known cards
    by taking the larger count of each card (a card may be both melded and
    passed), then less the cards the seat has played.
    """
    out: list[tuple[int, int]] = []
    if view.exchange is not None and view.declarer is not None and len(view.exchange) == 2:
        to_declarer, to_partner = _pack(view.exchange[0], deck), _pack(view.exchange[1], deck)
        partner = Seat(view.declarer).partner
        if me == view.declarer:
            out.append((int(partner), to_partner))
        elif me == partner:
            out.append((int(view.declarer), _minus(to_declarer, to_partner)))
    who = view.dix_exchange
    if view.turned is not None and who is not None and view.trump is not None:
        if who != me:
            out.append((int(who), _pack([view.turned], deck)))
        if view.dealer != me:
            out.append((int(view.dealer), _pack([CARDS[int(view.trump) * 6]], deck)))
    elif view.turned is not None and view.dealer != me:
        out.append((int(view.dealer), _pack([view.turned], deck)))
    return out


_NTH = ("first", "second", "third", "fourth", "fifth")


def _checked_add(hand: int, card: int, deck: Deck = PINOCHLE_DECK) -> int:
    n = (hand >> card & SPREAD[MAX_COPIES]).bit_count()
    if n >= deck.copies[card]:
        why = f"a {_NTH[n]} {CARDS[card].label}" if deck.copies[card] else f"a {CARDS[card].label}"
        raise ValueError(f"the view shows {why}: it is not a real hand")
    return hand | 1 << (LAYER * n + card)


def _union_checked(a: int, b: int, deck: Deck = PINOCHLE_DECK) -> int:
    for c in unpack(b):
        a = _checked_add(a, c, deck)
    return a


@lru_cache(maxsize=4096)
def meld_exclusions(shown: int, total: int, trump: int, rules: RuleSet = TABLE) -> int:
    """Card types of which a seat that laid down ``shown`` (``total`` points) holds no further copy.

    Args:
        shown: packed cards the seat laid down in the meld review.
        total: the meld it scored (points).
        trump: the trump suit index.
        rules: the meld values.

    Returns:
        A one-layer mask: bit ``c`` when the seat's dealt hand cannot hold
        more copies of type ``c`` than ``shown`` does. Cached per argument set.

    A type is excluded when the shown cards plus one more copy of it meld a
    different total or lay down different cards (RULES.md, Meld). Meld points
    never fall when a card is added (every kind of meld only grows with the
    hand), so a higher total rules out every hand holding that card too; the
    one case where the shown cards change at equal points (a run laid down
    with a spare trump queen: a second trump king would have been laid down
    instead, docs/rules.md "The meld review") is ruled out the same way.
    Returns 0 when ``shown`` itself does not meld ``total`` (no real meld
    review does that).

    A run with a spare queen of spades (trump) laid down: no nine of trump
    (dix), no second king of trump (it would have been laid down instead of
    the spare queen), no J♦ (pinochle with the Q♠):

    >>> from pinochle.cards import mask_cards, parse_cards
    >>> [str(c) for c in mask_cards(meld_exclusions(pack(parse_cards("AS TS KS QS QS JS")), 190, 0))]
    ['9S', 'KS', 'JD']
    """
    deck = _deck(rules)
    base = meld(shown, trump, rules)
    if base.total != total or _pack(base.shown(), deck) != shown:
        return 0
    out = 0
    spread = SPREAD[MAX_COPIES]
    for c in range(NTYPES):
        n = (shown >> c & spread).bit_count()
        if n >= deck.copies[c]:
            continue  # every copy already shown (or the deck has none)
        bigger = shown | 1 << (LAYER * n + c)
        if meld_points(bigger, trump, rules) != total or meld(bigger, trump, rules).shown_cards != base.shown_cards:
            out |= 1 << c
    return out


# ---------------------------------------------------------------- checking a deal


def explain(k: Knowledge, hands: tuple[int, ...] | list[int], meld_check: bool = True) -> str | None:
    """Why the deal ``hands`` breaks ``k``, or ``None`` when it fits every constraint.

    Args:
        k: the knowledge.
        hands: four packed hands N E S W (the cards held now).
        meld_check: also check the meld constraint (``meld_excluded`` and
            each other seat's dealt hand melding exactly what it laid down);
            ``False`` checks only the hard constraints.

    Returns:
        A sentence naming the first broken constraint, or ``None``.
    """
    if len(hands) != 4:
        return f"a deal has four hands, not {len(hands)}"
    deck = _deck(k.rules)
    me = k.seat
    if hands[me] != k.known[me]:
        return f"{Seat(me)}'s own hand differs"
    counts = [0] * NTYPES
    for s in range(4):
        h = hands[s]
        if not isinstance(h, int) or h < 0 or h >> (deck.layers * LAYER) or (h >> LAYER) & ~h:
            return f"{Seat(s)}'s hand is not a packed hand"
        if size(h) != k.counts[s]:
            return f"{Seat(s)} holds {size(h)} cards, not {k.counts[s]}"
        if not _contains(h, k.known[s]):
            return f"{Seat(s)} does not hold its known cards {_labels(k.known[s])}"
        bad = h & ALL_TYPES & ~k.allowed(s)
        if bad:
            return f"{Seat(s)} holds {_labels(bad)} against its voids or caps"
        for c, n in enumerate(_counts(h)):
            counts[c] += n
    for s in range(4):
        for c, n in enumerate(_counts(k.played[s])):
            counts[c] += n
    if counts != list(deck.copies):
        return f"the hands and the played cards are not the {deck.size}-card deck"
    for cards, seats in k.confined:
        among = 0
        for s in range(4):
            if seats >> s & 1:
                among = _union(among, hands[s])
        if not _contains(among, cards):
            return f"the cards {_labels(cards)} are not among {', '.join(str(Seat(s)) for s in range(4) if seats >> s & 1)}"
    if not meld_check or k.trump is None:
        return None
    for s in range(4):
        sh, total = k.shown[s], k.meld_totals[s]
        if s == me or sh is None or total is None:
            continue
        extra = _minus(hands[s], k.known[s])
        if extra & k.meld_excluded[s]:
            return f"{Seat(s)} holds {_labels(extra & k.meld_excluded[s])}, which its meld rules out"
        dealt = _union(hands[s], k.played[s])
        if k.pile_of is not None and k.pile_of[1] == s:
            dealt = _union(dealt, hands[k.pile_of[0]])
        m = meld(dealt, k.trump, k.rules)
        if m.total != total or _pack(m.shown(), deck) != sh:
            return f"{Seat(s)}'s dealt hand melds {m.total}, showing {_labels(_pack(m.shown(), deck))}, " \
                   f"not the {total} it laid down"
    return None


def consistent(k: Knowledge, hands: tuple[int, ...] | list[int], meld_check: bool = True) -> bool:
    """Whether the deal ``hands`` (N E S W, packed, cards held now) fits every constraint of ``k``.

    See :class:`Knowledge` for the constraints and :func:`explain` for the
    arguments; ``meld_check=False`` checks only the hard constraints.
    """
    return explain(k, hands, meld_check) is None


# ---------------------------------------------------------------- the sampler


class Sample(NamedTuple):
    """One deal from :func:`sample_hands_ex`.

    Attributes:
        hands: packed hands N E S W (cards held now).
        relaxed: the meld check was given up for this deal (see
            :func:`sample_hands_ex`); the hard constraints still hold.
        tries: deals drawn to get this one (1 when the first fitted).
    """

    hands: Hands
    relaxed: bool
    tries: int


@dataclass
class SamplerStats:
    """Counters of the sampler since the last :meth:`reset` (module-wide :data:`STATS`).

    Attributes:
        samples: deals returned.
        tries: deals drawn (a deal that fails the meld check is drawn again).
        relaxed: deals returned without the meld check.
    """

    samples: int = 0
    tries: int = 0
    relaxed: int = 0

    def reset(self) -> None:
        """Set every counter to 0."""
        self.samples = self.tries = self.relaxed = 0


#: The sampler's counters.
STATS = SamplerStats()


@dataclass(frozen=True)
class _Plan:
    """A :class:`Knowledge` turned into tables for fast sampling.

    The hidden cards fall into classes by the set of other seats that may
    hold them (voids, caps, meld exclusions, and room left). A class with one
    seat goes to it whole (``base``). For the others, every way of splitting
    each class's size among its seats that fills every seat exactly is listed
    in ``splits`` with weight ``prod(multinomial(class size; split))`` -- the
    number of ways to deal the physical cards so -- and ``cum`` holds the
    running total of the weights.
    """

    base: Hands
    classes: tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...]  # (seats, physical card bits, their sum)
    splits: tuple[tuple[tuple[int, ...], ...], ...]
    cum: tuple[int, ...]
    checks: tuple[tuple[int, int, int, int, bool], ...]  # (seat, played, total, shown, exact) per meld check
    relaxed: bool
    wide: bool = False  # a deck of more than two copies of a card (VARIANTS.md ``double-deck``)
    pile: tuple[int, int] | None = None  # (place, owner) of a pile the owner's meld check counts (the buried cards)


def _build_plan(k: Knowledge) -> _Plan:
    """The sampling tables of ``k``.

    Raises:
        ValueError: no deal satisfies the hard constraints.
    """
    me = k.seat
    deck = _deck(k.rules)
    wide = deck.layers > 2
    others = [s for s in range(4) if s != me]
    free = {}
    for s in others:
        free[s] = k.counts[s] - size(k.known[s])
        if free[s] < 0:
            raise ValueError(f"{Seat(s)} is known to hold {size(k.known[s])} cards but holds only {k.counts[s]}")
        bad = k.known[s] & ALL_TYPES & ~k.allowed(s)
        if bad:
            raise ValueError(f"{Seat(s)} is known to hold {_labels(bad)} against its voids or caps")
    if size(k.known[me]) != k.counts[me]:
        raise ValueError(f"{Seat(me)}'s own hand has {size(k.known[me])} cards, not {k.counts[me]}")
    pool = k.unseen
    for s in others:
        if not _contains(pool, k.known[s]):
            raise ValueError(f"{Seat(s)}'s known cards {_labels(k.known[s])} are not all unseen")
        pool = _minus(pool, k.known[s])
    if size(pool) != sum(free.values()):
        raise ValueError(f"{size(pool)} hidden cards do not fill the {sum(free.values())} places left in the hands")
    checks = []
    if k.trump is not None:
        for s in others:
            sh, total = k.shown[s], k.meld_totals[s]
            if sh is not None and total is not None:
                base = meld(sh, k.trump, k.rules)
                exact = base.total != total or _pack(base.shown(), deck) != sh
                checks.append((s, k.played[s], total, sh, exact))
    plan = _plan_with(k, others, free, pool, use_meld=True)
    if plan is not None:
        return _Plan(plan[0], plan[1], plan[2], plan[3], tuple(checks), False, wide, k.pile_of)
    plan = _plan_with(k, others, free, pool, use_meld=False)
    if plan is None:
        raise ValueError("no deal of the hidden cards fits the counts, known cards, voids and caps: "
                         "the knowledge does not come from a real hand\n" + k.describe())
    return _Plan(plan[0], plan[1], plan[2], plan[3], tuple(checks), True, wide, k.pile_of)


def _plan_with(
    k: Knowledge, others: list[int], free0: dict[int, int], pool: int, use_meld: bool
) -> tuple[Hands, tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...],
           tuple[tuple[tuple[int, ...], ...], ...], tuple[int, ...]] | None:
    """Base hands, classes, splits and cumulative weights (see :class:`_Plan`); ``None`` when no deal fits."""
    free = dict(free0)
    allowed = {s: k.allowed(s) & ~(k.meld_excluded[s] if use_meld else 0) for s in others}
    by_class: dict[tuple[int, ...], list[int]] = {}
    confined = [0] * NTYPES  # per type: copies confined to some seats, and those seats
    among = [0] * NTYPES
    for cards, mask in k.confined:
        for c, n in enumerate(_counts(cards)):
            if n:
                confined[c] += n
                among[c] = mask
    for c in range(NTYPES):
        if not pool >> c & 1:
            continue
        seats = tuple(s for s in others if free0[s] > 0 and allowed[s] >> c & 1)
        if not seats:
            return None
        k_ = 0
        while pool >> (k_ + c) & 1:
            # one physical copy per layer held: bit 24k + c for copy k; the first copies of a
            # confined type go only to the seats it is confined to
            where = seats if k_ // LAYER >= confined[c] else tuple(s for s in seats if among[c] >> s & 1)
            if not where:
                return None
            by_class.setdefault(where, []).append(1 << (k_ + c))
            k_ += LAYER
    base = list(k.known)
    multi: list[tuple[tuple[int, ...], tuple[int, ...], int]] = []
    for seats, bits in by_class.items():
        if len(seats) == 1:
            s = seats[0]
            free[s] -= len(bits)
            if free[s] < 0:
                return None
            base[s] = _union(base[s], sum(bits))
        else:
            multi.append((seats, tuple(bits), sum(bits)))
    multi.sort(key=lambda sc: (len(sc[0]), sc[0]))  # the widest class last: its split is forced
    splits: list[tuple[tuple[int, ...], ...]] = []
    weights: list[int] = []

    def rec(i: int, rem: dict[int, int], weight: int, acc: tuple[tuple[int, ...], ...]) -> None:
        if i == len(multi):
            if all(v == 0 for v in rem.values()):
                splits.append(acc)
                weights.append(weight)
            return
        seats, bits, _ = multi[i]
        n = len(bits)
        for xs in _compositions(n, [rem[s] for s in seats], last=i == len(multi) - 1):
            nxt = dict(rem)
            w = weight
            left = n
            for s, x in zip(seats, xs):
                nxt[s] -= x
                w *= math.comb(left, x)
                left -= x
            rec(i + 1, nxt, w, (*acc, xs))

    rec(0, free, 1, ())
    if not splits:
        return None
    cum: list[int] = []
    total = 0
    for w in weights:
        total += w
        cum.append(total)
    return (base[0], base[1], base[2], base[3]), tuple(multi), tuple(splits), tuple(cum)


def _compositions(n: int, caps: list[int], last: bool) -> list[tuple[int, ...]]:
    """Ways to write ``n`` as ``len(caps)`` parts, part ``i`` at most ``caps[i]``.

    With ``last`` only the one that takes every cap in full (the class must
    fill the remaining room), if it sums to ``n``.
    """
    if last:
        return [tuple(caps)] if sum(caps) == n else []
    out: list[tuple[int, ...]] = []

    def go(i: int, left: int, acc: tuple[int, ...]) -> None:
        if i == len(caps) - 1:
            if left <= caps[i]:
                out.append((*acc, left))
            return
        rest = sum(caps[i + 1:])
        for x in range(max(0, left - rest), min(left, caps[i]) + 1):
            go(i + 1, left - x, (*acc, x))

    go(0, n, ())
    return out


def _draw(plan: _Plan, rnd: Callable[[], float], randrange: Callable[[int], int]) -> list[int]:
    """One deal satisfying the plan's hard constraints, uniform over physical deals.

    Each hidden physical card is one bit (type ``c``: bit ``24k + c`` for its
    copy ``k``), so a share of a class is the sum of its bits; with two
    copies ``lo | hi | (lo & hi) << 24`` packs it, with more each layer of the
    share adds one copy of its types (:func:`_union`).
    """
    hands = list(plan.base)
    cum = plan.cum
    split = plan.splits[bisect_right(cum, randrange(cum[-1])) if len(cum) > 1 else 0]
    for (seats, bits, whole), xs in zip(plan.classes, split):
        n = len(bits)
        if n in xs:  # the whole class goes to one seat
            parts = [(seats[xs.index(n)], whole)]
        else:
            deck = sorted(bits, key=lambda _: rnd())  # a uniformly random order
            parts = []
            pos = 0
            for s, x in zip(seats, xs):
                if x:
                    parts.append((s, sum(deck[pos:pos + x])))
                    pos += x
        if plan.wide:
            for s, phys in parts:
                hands[s] = _union(hands[s], phys)
            continue
        for s, phys in parts:
            lo = phys & ALL_TYPES
            hi = phys >> LAYER
            b1 = lo | hi
            b2 = lo & hi
            h = hands[s]
            h1 = h & ALL_TYPES
            hands[s] = h1 | b1 | ((h >> LAYER) | b2 | (h1 & b1)) << LAYER
    return hands


def _meld_ok(plan: _Plan, hands: list[int], trump: int, rules: RuleSet) -> bool:
    """Whether every checked seat's dealt hand melds what it laid down.

    The plan already keeps out every card whose one extra copy would change
    the meld (``Knowledge.meld_excluded``). Given that, and that the dealt
    hand contains the cards laid down, equal points imply equal laid-down
    cards (meld points only grow with the hand, each kind separately, and the
    one equal-points change of laid-down cards is an excluded card), so the
    fast :func:`~pinochle.meld.meld_points` is enough; the full
    :func:`~pinochle.meld.meld` is used only for a seat whose laid-down cards
    do not meld their own total (never in a real hand). The tests check the
    result against :func:`~pinochle.meld.meld` on every sample.
    """
    wide = plan.wide
    for s, played, total, shown, exact in plan.checks:
        h = hands[s]
        if wide:
            dealt = _union(h, played)
        else:
            p1 = played & ALL_TYPES
            h1 = h & ALL_TYPES
            dealt = h1 | p1 | ((h >> LAYER) | (played >> LAYER) | (h1 & p1)) << LAYER
        if meld_by_trump(dealt, rules)[trump] != total:
            return False
        if exact and _pack(meld(dealt, trump, rules).shown(), _deck(rules)) != shown:
            return False
    return True


def _meld_ok_with_pile(plan: _Plan, hands: list[int], trump: int, rules: RuleSet) -> bool:
    """:func:`_meld_ok` when a pile out of play belongs to a seat's dealt hand (VARIANTS.md
    ``cutthroat``: the declarer's buried cards count with its hand in its meld check)."""
    assert plan.pile is not None
    at, owner = plan.pile
    moved = list(hands)
    moved[owner] = _union(hands[owner], hands[at])
    return _meld_ok(plan, moved, trump, rules)


def sample_hands_ex(k: Knowledge, rng: random.Random, max_tries: int = MAX_TRIES) -> Sample:
    """A random deal of the hidden cards that fits ``k``, with how it was found.

    Args:
        k: the knowledge (from :func:`knowledge`).
        rng: the source of randomness; the same ``rng`` state gives the same
            deal.
        max_tries: deals to draw against the meld check before relaxing it.

    Returns:
        A :class:`Sample`. ``hands`` are the packed hands N E S W of the
        cards held now: the own hand exactly, every other seat exactly its
        count, its known cards, and only cards its voids and caps allow, and
        the hidden cards (``k.unseen`` less the others' known cards) shared
        among them. The deal is drawn uniformly over the ways to deal the
        physical cards under those hard constraints and the single-card meld
        exclusions, then redrawn until every other seat's dealt hand (held
        now plus played) melds exactly what it laid down -- so an accepted
        deal is uniform over all deals consistent with ``k``. After
        ``max_tries`` failed draws the meld check is relaxed: the last draw
        is returned with ``relaxed=True`` (it keeps every hard constraint),
        and :data:`STATS` counts it. When the hard constraints leave no room
        for the meld exclusions at all, every deal is relaxed.

    Raises:
        ValueError: no deal satisfies the hard constraints (counts, known
            cards, voids, caps); a :class:`Knowledge` built from a real view
            never does this.
    """
    plan = k._plan
    trump = -1 if k.trump is None else int(k.trump)
    checks = bool(plan.checks) and not plan.relaxed
    tries = 0
    rnd, randrange = rng.random, rng.randrange
    meld_ok = _meld_ok if plan.pile is None else _meld_ok_with_pile
    while True:
        hands = _draw(plan, rnd, randrange)
        tries += 1
        if not checks or meld_ok(plan, hands, trump, k.rules):
            relaxed = plan.relaxed and bool(plan.checks)
            break
        if tries >= max_tries:
            relaxed = True
            break
    STATS.samples += 1
    STATS.tries += tries
    STATS.relaxed += relaxed
    return Sample((hands[0], hands[1], hands[2], hands[3]), relaxed, tries)


def sample_hands(k: Knowledge, rng: random.Random) -> Hands:
    """A random deal of the cards held now that fits ``k`` (see :func:`sample_hands_ex`).

    Args:
        k: the knowledge of one seat.
        rng: the source of randomness (a seeded ``random.Random`` makes the
            deals reproducible).

    Returns:
        Packed hands N E S W: the own hand exact, and a deal of the hidden
        cards to the other seats that satisfies every constraint of ``k``
        (the meld check relaxed, and counted in :data:`STATS`, only after
        :data:`MAX_TRIES` failed draws).

    Raises:
        ValueError: no deal satisfies the hard constraints.
    """
    return sample_hands_ex(k, rng).hands



class TricksResampler:
    """The resampler of the hidden cards of the ``tricks`` family (every game but two-handed;
    :class:`pinochle.bots.pimc.Resampler`): what a seat knows is its :class:`Knowledge`
    (:func:`knowledge`), and a deal is the packed hands N E S W held now (:func:`sample_hands`)."""

    def infostate(self, view: View) -> Knowledge:
        """The :class:`Knowledge` of ``view``'s seat."""
        return knowledge(view)

    def resample(self, info: Knowledge, rng: random.Random) -> Hands:
        """One deal of the hidden cards that fits ``info`` (:func:`sample_hands`)."""
        return sample_hands(info, rng)


__all__ = [
    "MAX_TRIES",
    "NO_CAP",
    "STATS",
    "VOID_CAP",
    "Knowledge",
    "Sample",
    "SamplerStats",
    "StockKnown",
    "TableCards",
    "TricksResampler",
    "consistent",
    "explain",
    "knowledge",
    "meld_exclusions",
    "sample_hands",
    "sample_hands_ex",
    "trick_in_progress",
]
