"""The parts of a hand that its phases keep: plain frozen data, one part per rule.

The match's :class:`~pinochle.game.State` holds what every game has (the deal, the meld, the
tricks, the totals); what a phase adds lives in a part that phase owns, as the auction and the
contract live in :class:`Contract` and the two-handed stock in :class:`~pinochle.stock.StockPlay`
(docs/design.md, "State and its parts"). A part is reset to its empty value at every deal; only
its owning phases replace it. The rules that change a part are those phases, in
:mod:`pinochle.games.phases`; this module holds the data alone, so that the core may read it
without importing a game.

>>> from pinochle.cards import Card
>>> CardPass().passed, CardPass(((Card.parse("AS"),),)).passed
(0, 1)
>>> TurnedTrump(Card.parse("9H"), (False, True)).dix_answers
(False, True)
>>> [str(c) for c in Widow(0b111).with_buried((Card.parse("TH"),)).buried]
['TH']
>>> CONCEDED.conceded, NO_MARRIAGE_CHECK.set_at_once
(True, False)

The phases also return parts of a seat's legal moves (:class:`~pinochle.game.Legal`): the bids,
the suits to name trump, the card pass, the burial, the concession, the dix, each writing its own
keys of the legal moves' JSON (docs/protocol.md); and parts of its view (:class:`~pinochle.game.View`):
the auction as everyone sees it, the pass, the widow and the burial as the seat sees them, and its
meld with each suit as trump to bid and to name trump by.

>>> Bids(290, skip_bids=(300, 310)).to_json()
{'min': 290, 'step': 10, 'max': 10000, 'skip': [300, 310]}
>>> Burial(3, (Card.parse("9S"),)).to_json()
{'count': 3, 'cards': ['9S']}
>>> Concedes(True, play_on=True).to_json(), Dix(True, 10).to_json(), NO_DIX.to_json()
({'concede': True, 'play_on': True}, {'dix': True, 'dix_points': 10}, {})
>>> AuctionSeen(((Seat.E, 250), (Seat.S, None)), (None, None), 250, Seat.E).to_json()
{'auction': [{'seat': 'E', 'call': '250'}, {'seat': 'S', 'call': 'pass'}], 'call_kinds': [None, None], 'high_bid': 250, 'high_bidder': 'E'}
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar, cast, final

from .auction import Call, call_text
from .cards import Card, Seat, Suit

P = TypeVar("P")

#: Each part's class mapped to its empty value (:func:`empty_part`): what :meth:`Parts.get` returns
#: for a class a container does not hold.
_EMPTY: dict[type, object] = {}


def empty_part(value: P) -> P:
    """``value``, registered as the empty value of its class: the value :meth:`Parts.get` returns for
    that class when a container holds none of it, and one :meth:`Parts.set` does not keep.

    Args:
        value: a frozen part (hashable, compared by content), e.g. ``Contract()``.

    Returns:
        ``value`` itself, so that a module declares ``NO_CONTRACT = empty_part(Contract())``.
    """
    _EMPTY[type(value)] = value
    return value


@final
class Parts:
    """A frozen container of parts, at most one per class: what a core type holds of the parts its
    game's phases own (docs/design.md, "State and its parts"; boardgame.io keeps a game's ``G`` apart
    from its ``ctx``), so that the type declares one field for them, not a slot for every part any
    game uses.

    :meth:`get` takes a part's class and returns the value held, or that class's empty value
    (:func:`empty_part`), typed by the class passed; :meth:`set` returns a new container. An empty
    value is never kept, so that two containers with the same parts are equal however they were
    built; containers are hashable, and cheap: a dict from class to value, hashed once when asked.

    >>> p = Parts().set(Contract(bid=250))
    >>> p.get(Contract).bid, p.get(CardPass).passed
    (250, 0)
    >>> p.get(CardPass) is NO_CARD_PASS
    True
    >>> p == Parts(NO_CARD_PASS, Contract(bid=250)), p == Parts(), Parts(NO_CONTRACT) == Parts()
    (True, False, True)
    >>> p.set(Contract(bid=300)).get(Contract).bid, p.get(Contract).bid
    (300, 250)
    >>> len({p, Parts(Contract(bid=250)), Parts()}), len(p), bool(Parts())
    (2, 1, False)
    >>> p
    Parts(Contract(calls=(), declarer=None, bid=250, trump=None, stuck=False))
    >>> Parts().get(int)
    Traceback (most recent call last):
    ...
    KeyError: 'int has no empty part registered (parts.empty_part)'
    """

    __slots__ = ("_by_class", "_hash")

    def __init__(self, *values: object) -> None:
        """A container holding ``values``, one per class (a later value of a class replaces an earlier
        one); empty values (:func:`empty_part`) are dropped."""
        by_class: dict[type, object] = {}
        for value in values:
            _put(by_class, value)
        self._by_class = by_class
        self._hash: int | None = None

    def get(self, cls: type[P]) -> P:
        """The part of class ``cls`` held here, else the class's empty value.

        Raises:
            KeyError: ``cls`` is not held and has no empty value registered (:func:`empty_part`).
        """
        value = self._by_class.get(cls)  # a part is never None
        if value is None:
            value = _EMPTY.get(cls)
            if value is None:
                raise KeyError(f"{cls.__name__} has no empty part registered (parts.empty_part)")
        return cast(P, value)

    def set(self, *values: object) -> Parts:
        """A new container with ``values`` in place of the parts of their classes (an empty value
        removes its class's part); this one is unchanged."""
        if not values:
            return self
        out = Parts()
        out._by_class = dict(self._by_class)
        for value in values:
            _put(out._by_class, value)
        return out

    def __iter__(self) -> Iterator[object]:
        """The parts held (no empty value), in the order they were first set."""
        return iter(self._by_class.values())

    def __len__(self) -> int:
        return len(self._by_class)

    def __bool__(self) -> bool:
        return bool(self._by_class)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Parts):
            return NotImplemented
        return self._by_class == other._by_class

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._by_class.items()))
        return self._hash

    def __repr__(self) -> str:
        return f"Parts({', '.join(map(repr, self._by_class.values()))})"

    def __reduce__(self) -> tuple[type[Parts], tuple[object, ...]]:
        return Parts, tuple(self._by_class.values())


_NONE = object()  # a missing value (no part may be it)


def _put(by_class: dict[type, object], value: object) -> None:
    """``value`` put in ``by_class`` in place of its class's part, or that part removed if ``value`` is empty."""
    cls = type(value)
    if _EMPTY.get(cls, _NONE) == value:
        by_class.pop(cls, None)
    else:
        by_class[cls] = value


@dataclass(frozen=True)
class Contract:
    """The auction's calls and the contract they make: the declarer, the bid and the trump.

    Owned by the phases that make the contract: the ``auction`` (RULES.md, Deal and auction 2-3: the
    calls, then the declarer and the bid, or the dealer stuck at the minimum;
    :class:`pinochle.games.phases.Auction`) and ``trump`` (RULES.md, Deal and auction 4: the declarer
    names trump; :class:`pinochle.games.phases.NameTrump`); in the games without an auction by the
    phase that turns the trump card (VARIANTS.md ``turned-trump``: the dealer's last card,
    :class:`pinochle.games.phases.TurnTrump`; ``two-handed``: the card under the stock, two-handed's
    ``turn_up``), which leave the declarer and the bid ``None``.

    Attributes:
        calls: the auction's calls so far, from left of the dealer (a bid, or ``None`` for a pass).
        declarer: the seat that won the auction, once it has ended; else ``None``.
        bid: the contract's bid (points), once the auction has ended; else ``None``.
        trump: the trump suit, once named or turned; else ``None``.
        stuck: the dealer took the minimum bid because nobody bid (RULES.md, Deal and auction 3).

    >>> Contract().with_call(250).with_call(None).won(Seat.E, 250).with_trump(Suit.H)
    Contract(calls=(250, None), declarer=<Seat.E: 1>, bid=250, trump=<Suit.H: 1>, stuck=False)
    """

    calls: tuple[Call, ...] = ()
    declarer: Seat | None = None
    bid: int | None = None
    trump: Suit | None = None
    stuck: bool = False

    def with_call(self, call: Call) -> Contract:
        """This part with one more call (a bid, or ``None`` for a pass) made."""
        return Contract((*self.calls, call), self.declarer, self.bid, self.trump, self.stuck)

    def won(self, declarer: Seat | None, bid: int | None, stuck: bool = False) -> Contract:
        """This part with the auction won by ``declarer`` at ``bid`` (``stuck``: the dealer at the minimum)."""
        return Contract(self.calls, declarer, bid, self.trump, stuck)

    def with_trump(self, trump: Suit) -> Contract:
        """This part with ``trump`` named (or turned)."""
        return Contract(self.calls, self.declarer, self.bid, trump, self.stuck)

    def to_json(self) -> dict[str, object]:
        """The contract as a seat's view writes it: the keys ``declarer``, ``bid``, ``trump`` and ``stuck``
        (docs/protocol.md; the calls are the view's :class:`AuctionSeen`)."""
        return {"declarer": None if self.declarer is None else str(self.declarer), "bid": self.bid,
                "trump": None if self.trump is None else str(self.trump), "stuck": self.stuck}


@dataclass(frozen=True)
class CardPass:
    """The card pass between partners (VARIANTS.md ``partnership-pass``, seed 002; ``racehorse``),
    owned by the ``exchange`` phase (:class:`pinochle.games.phases.Exchange`).

    Attributes:
        exchange: the cards passed so far this hand, each pass sorted for display: first the
            partner's to the declarer, then the declarer's back to the partner.
    """

    exchange: tuple[tuple[Card, ...], ...] = ()

    @property
    def passed(self) -> int:
        """How many of the hand's two passes have been made (0, 1 or 2)."""
        return len(self.exchange)

    def with_pass(self, cards: tuple[Card, ...]) -> CardPass:
        """This part with one more pass, ``cards``, made."""
        return CardPass((*self.exchange, cards))


@dataclass(frozen=True)
class TurnedTrump:
    """The card turned face up for trump and the dix exchange offered for it.

    Owned by the ``turn_trump`` and ``dix_exchange`` phases (VARIANTS.md ``turned-trump``: the
    dealer's last card, which stays in the dealer's hand; the house switch ``dix_exchange``:
    :class:`pinochle.games.phases.DixExchange`), and by two-handed's deal (VARIANTS.md
    ``two-handed``: the card turned up under the stock).

    Attributes:
        card: the turned card; ``None`` before it is turned, or in a game that turns none.
        dix_answers: the answers so far to the offer of the dix exchange, one per seat asked in
            turn from the dealer's left: ``True`` exchanged a nine of trump for the turned card
            (the last answer), ``False`` kept it or held none.
        exchanged_by: the seat that exchanged (whose answer was ``True``), or ``None``.
    """

    card: Card | None = None
    dix_answers: tuple[bool, ...] = ()
    exchanged_by: Seat | None = None

    def with_answer(self, seat: Seat, exchanged: bool) -> TurnedTrump:
        """This part with ``seat``'s answer to the dix exchange added (the next seat asked)."""
        return TurnedTrump(self.card, (*self.dix_answers, exchanged), seat if exchanged else self.exchanged_by)


@dataclass(frozen=True)
class Widow:
    """The widow and the cards the declarer buries (VARIANTS.md ``cutthroat``, ``auction``).

    Dealt by the deal (the empty place's cards), turned up and taken by the declarer when the
    auction ends (:class:`pinochle.games.phases.TakeWidow`); the burial is the ``bury`` phase's
    (:class:`pinochle.games.phases.Bury`).

    Attributes:
        cards: the widow, packed: dealt face down, turned up and taken by the declarer when the
            auction ends; 0 in a game without one.
        buried: the cards the declarer laid aside, sorted for display; they count as the
            declarer's taken cards.
    """

    cards: int = 0
    buried: tuple[Card, ...] = ()

    def with_buried(self, cards: tuple[Card, ...]) -> Widow:
        """This part with ``cards`` buried."""
        return Widow(self.cards, cards)


@dataclass(frozen=True)
class Concession:
    """The declarer's concession: giving the hand up before the first lead.

    Owned by the ``concede`` phase (VARIANTS.md ``racehorse``: after the meld,
    :class:`pinochle.games.phases.Concede`) and the ``bury`` phase (``cutthroat``, ``auction``:
    instead of burying, :class:`pinochle.games.phases.Bury`); the game's scorer reads it.

    Attributes:
        conceded: the declarer conceded this hand.
    """

    conceded: bool = False


@dataclass(frozen=True)
class TrumpMarriageCheck:
    """The check of the declarer's marriage in trump (VARIANTS.md ``double-deck``'s switch: "a
    switch sets a declarer without one at once"), owned by the ``trump_marriage`` phase
    (:class:`pinochle.games.phases.TrumpMarriage`); the game's scorer reads it.

    Attributes:
        set_at_once: the declarer named a trump without holding its king and queen, and is set
            before the play.
    """

    set_at_once: bool = False


# ---------------------------------------------------------------- the parts of the legal moves


@dataclass(frozen=True)
class Bids:
    """The auction's part of a seat's legal moves (RULES.md, Deal and auction 2), returned by the
    ``auction`` phase (:class:`pinochle.games.phases.Auction`): every bid of the steps from
    ``min_bid`` up to ``bid_limit`` but those of ``skip_bids``.

    Attributes:
        min_bid: the lowest legal bid; ``None``: no bid is legal (:data:`NO_BIDS`).
        bid_step: the bid step (points), up to the first change of ``bid_ladder``.
        bid_limit: the highest bid the engine takes (``RuleSet.max_bid``).
        bid_ladder: where the step changes, ``(from, step)`` pairs (``RuleSet.bid_ladder``;
            VARIANTS.md ``double-deck``: ``((60, 5),)``, by 1 up to 60, then by 5).
        skip_bids: bids from ``min_bid`` up that are not legal (VARIANTS.md ``auction``'s
            ``dealer-290-320`` opening: 300 and 310).
    """

    min_bid: int | None
    bid_step: int = 10
    bid_limit: int = 10_000
    bid_ladder: tuple[tuple[int, int], ...] = ()
    skip_bids: tuple[int, ...] = ()

    def to_json(self) -> dict[str, object]:
        """``{"min", "step", "max"}``, with ``"ladder"`` and ``"skip"`` when there are any (docs/protocol.md)."""
        return {"min": self.min_bid, "step": self.bid_step, "max": self.bid_limit,
                **({"ladder": [list(p) for p in self.bid_ladder]} if self.bid_ladder else {}),
                **({"skip": list(self.skip_bids)} if self.skip_bids else {})}


@dataclass(frozen=True)
class Give:
    """The card pass's part of a seat's legal moves (VARIANTS.md ``partnership-pass``, ``racehorse``),
    returned by the ``exchange`` phase (:class:`pinochle.games.phases.Exchange`).

    Attributes:
        count: how many cards to pass to the partner.
        cards: the seat's hand, to choose them from.
    """

    count: int
    cards: tuple[Card, ...] = ()

    def to_json(self) -> dict[str, object]:
        """``{"count"}`` (the cards are the seat's hand, in the view already)."""
        return {"count": self.count}


@dataclass(frozen=True)
class Burial:
    """The burial's part of the declarer's legal moves (VARIANTS.md ``cutthroat``: "discards three
    cards not used in meld"; ``auction``), returned by the ``bury`` phase
    (:class:`pinochle.games.phases.Bury`).

    Attributes:
        count: how many cards to bury.
        cards: the cards that may be buried (not used in meld), one entry per copy.
        why_not: why the cards of the hand that ``cards`` leaves out may not be buried, in a
            player's words ("it is in your meld, ..."); empty when every card may be.
    """

    count: int
    cards: tuple[Card, ...] = ()
    why_not: str = ""

    def to_json(self) -> dict[str, object]:
        """``{"count", "cards"}``, with ``"why_not"`` when some cards may not be buried."""
        return {"count": self.count, "cards": [str(c) for c in self.cards],
                **({"why_not": self.why_not} if self.why_not else {})}


@dataclass(frozen=True)
class Trumps:
    """The naming of trump's part of the declarer's legal moves (RULES.md, Trump: "The declarer names any
    suit trump"), returned by the ``trump`` phase (:class:`pinochle.games.phases.NameTrump`).

    Attributes:
        suits: the suits that may be named trump; empty: none (:data:`NO_TRUMPS`).
    """

    suits: tuple[Suit, ...] = ()

    def to_json(self) -> list[str]:
        """The suits' tokens (``["S", "H", "D", "C"]``; docs/protocol.md, ``legal.trump``)."""
        return [str(s) for s in self.suits]


@dataclass(frozen=True)
class Concedes:
    """The concession's part of the declarer's legal moves: giving the hand up before the first lead,
    returned by the ``concede`` phase (VARIANTS.md ``racehorse``: concede or play on,
    :class:`pinochle.games.phases.Concede`) and the ``bury`` phase (``cutthroat``, ``auction``: concede
    or bury, :class:`pinochle.games.phases.Bury`, whose burial is its own part).

    Attributes:
        open: the declarer may concede now; ``False``: the empty part (:data:`NO_CONCEDES`).
        play_on: the other choice is to play the hand out (the ``concede`` phase's ``play_on`` move).
    """

    open: bool = False
    play_on: bool = False

    def to_json(self) -> dict[str, object]:
        """``{"concede": true}``, with ``"play_on": true`` when playing on is the other choice; none for the
        empty part (docs/protocol.md)."""
        if not self.open:
            return {}
        return {"concede": True, "play_on": True} if self.play_on else {"concede": True}


@dataclass(frozen=True)
class Dix:
    """The dix's part of a seat's legal moves: the nine of trump exchanged for the turned card
    (``turned-trump``'s house switch ``dix_exchange``, returned by the ``dix_exchange`` phase,
    :class:`pinochle.games.phases.DixExchange`), or scored (VARIANTS.md ``two-handed``, exchanged for the
    upcard while that is open; returned by its ``stock_meld`` phase).

    Attributes:
        open: the dix move is open to the seat; ``False``: the empty part (:data:`NO_DIX`).
        points: what the move scores (two-handed: the rule set's ``dix``), or 0 (an exchange alone).
    """

    open: bool = False
    points: int = 0

    def to_json(self) -> dict[str, object]:
        """``{"dix": true}``, with ``"dix_points"`` when the move scores; none for the empty part."""
        if not self.open:
            return {}
        return {"dix": True, "dix_points": self.points} if self.points else {"dix": True}


# ---------------------------------------------------------------- the parts of a seat's view


@dataclass(frozen=True)
class AuctionSeen:
    """The auction as everyone sees it (RULES.md, Deal and auction 2-3), returned by the ``auction``
    phase's view to every seat alike (:class:`pinochle.games.phases.Auction`); the empty part
    (:data:`NO_AUCTION_SEEN`) in a game without an auction (VARIANTS.md ``turned-trump``, ``two-handed``),
    whose JSON is an auction of no calls.

    Attributes:
        calls: the calls in order as ``(seat, call)`` pairs (a bid, or ``None`` for a pass).
        call_kinds: one entry per call: ``"save"`` for a save (:func:`pinochle.auction.save_index`), else ``None``.
        high_bid, high_bidder: the highest bid so far and who made it, or ``None``.
    """

    calls: tuple[tuple[Seat, Call], ...] = ()
    call_kinds: tuple[str | None, ...] = ()
    high_bid: int | None = None
    high_bidder: Seat | None = None

    def to_json(self) -> dict[str, object]:
        """The view's keys ``auction`` (``[{"seat", "call"}]``), ``call_kinds``, ``high_bid`` and ``high_bidder``
        (docs/protocol.md)."""
        return {
            "auction": [{"seat": str(seat), "call": call_text(call)} for seat, call in self.calls],
            "call_kinds": list(self.call_kinds) if self.call_kinds else [None] * len(self.calls),
            "high_bid": self.high_bid,
            "high_bidder": None if self.high_bidder is None else str(self.high_bidder),
        }


@dataclass(frozen=True)
class PassSeen:
    """What a seat sees of the card pass (VARIANTS.md ``partnership-pass``, ``racehorse``), returned
    by the ``exchange`` phase's view (:class:`pinochle.games.phases.Exchange`) to the two partners
    who pass; the empty part (:data:`NO_PASS_SEEN`) to everyone else and in games without a pass.

    Attributes:
        exchange: the cards passed this hand (to the declarer, back to the partner), or ``None``.
        received: the cards in the seat's hand that its partner passed to it, one entry per copy,
            while it holds them, or ``None``.
    """

    exchange: tuple[tuple[Card, ...], ...] | None = None
    received: tuple[Card, ...] | None = None


@dataclass(frozen=True)
class WidowSeen:
    """What everyone sees of the widow (VARIANTS.md ``cutthroat``: "The declarer turns the widow up,
    takes it"), returned by the ``widow`` phase's view (:class:`pinochle.games.phases.TakeWidow`)
    once the auction is over; the empty part (:data:`NO_WIDOW_SEEN`) before and in games without one.

    While the auction lasts the widow lies face down in the middle of the table, and everyone sees how
    many cards it has (``down``), never which. Once the declarer has buried (VARIANTS.md ``cutthroat``:
    "buries 3 cards not used in meld"), everyone sees how many cards it laid aside face down
    (``buried_down``), never which: the cards are the declarer's alone (:class:`BuriedSeen`).

    Attributes:
        widow: the widow's cards, face up, or ``None``.
        taken_by: the seat that took it into its hand (the declarer), or ``None``.
        down: how many cards of the widow lie face down (the auction), else 0.
        buried_down: how many cards the declarer buried, face down by its seat, else 0 (before the
            burial, a concession, a hand the meld alone made).
    """

    widow: tuple[Card, ...] | None = None
    taken_by: Seat | None = None
    down: int = 0
    buried_down: int = 0


@dataclass(frozen=True)
class BuriedSeen:
    """What the declarer sees of its burial (VARIANTS.md ``cutthroat``: the buried cards are seen by
    nobody else), returned by the ``bury`` phase's view (:class:`pinochle.games.phases.Bury`).

    Attributes:
        buried: the cards it buried, or ``None`` (to everyone else, and before the burial).
    """

    buried: tuple[Card, ...] | None = None


@dataclass(frozen=True)
class BidAid:
    """The seat's own meld with each suit as trump while the auction lasts, to bid by, returned by
    the ``auction`` phase's view (:class:`pinochle.games.phases.Auction`).

    Attributes:
        meld_if_trump: the meld of the seat's own cards with each suit as trump (S H D C), or
            ``None`` (after the auction, and to a seat holding no cards).
        meld_before: what still changes the hand before the meld: ``"widow"`` (the declarer
            takes it), ``"pass"`` (the partners pass cards), or ``None``.
    """

    meld_if_trump: tuple[int, int, int, int] | None = None
    meld_before: str | None = None


@dataclass(frozen=True)
class TrumpAid:
    """The declarer's own meld with each suit as trump while it names trump, on the buttons it names
    trump with, returned by the ``trump`` phase's view (:class:`pinochle.games.phases.NameTrump`).

    Attributes:
        trump_meld: the meld of its hand with each suit as trump (S H D C), or ``None`` (to every
            other seat, and in every other phase).
    """

    trump_meld: tuple[int, int, int, int] | None = None


@dataclass(frozen=True)
class TurnedSeen:
    """The card turned for trump and who exchanged the dix for it, as everyone sees them, returned by
    the ``turn_trump`` and ``dix_exchange`` phases' view (VARIANTS.md ``turned-trump``;
    :class:`pinochle.games.phases.TurnTrump`, :class:`pinochle.games.phases.DixExchange`) and by
    two-handed's ``turn_up`` (VARIANTS.md ``two-handed``: the card under the stock).

    Attributes:
        card: the turned card (JSON ``turned``), or ``None``.
        dix_exchange: the seat that exchanged a nine of trump for it this hand (the house switch
            ``dix_exchange``), or ``None``.
    """

    card: Card | None = None
    dix_exchange: Seat | None = None


@dataclass(frozen=True)
class ThrownInSeen:
    """The hand before this one, thrown in because nobody bid (VARIANTS.md ``racehorse``, ``cutthroat``,
    ``auction``), as everyone sees it while this hand is being played, returned by the ``auction``
    phase's view (:class:`pinochle.games.phases.Auction`, which throws the hand in).

    Attributes:
        number: the hand thrown in (from 1); 0: none (the empty part).
        dealer: its dealer; next_dealer: who deals now.
        dealer_chair, next_chair: the same as chairs at a table of 4 or 5 (VARIANTS.md ``auction``:
            the match's seat order fills them), else ``None``.
    """

    number: int = 0
    dealer: Seat | None = None
    next_dealer: Seat | None = None
    dealer_chair: int | None = None
    next_chair: int | None = None

    def to_json(self) -> dict[str, object] | None:
        """``{"number", "dealer", "next_dealer"}`` (and ``"dealer_chair"``, ``"next_chair"`` at a table of
        4 or 5), or ``None`` for the empty part."""
        if not self.number:
            return None
        out: dict[str, object] = {"number": self.number, "dealer": str(self.dealer),
                                  "next_dealer": str(self.next_dealer)}
        if self.dealer_chair is not None:
            out.update(dealer_chair=self.dealer_chair, next_chair=self.next_chair)
        return out


@dataclass(frozen=True)
class Tied:
    """The leaders tied after a match's scheduled deals, so another deal follows (docs/games/cutthroat.md:
    "Equal leaders play another deal until one leads"), returned by the ``hand_end`` phase's view
    (:class:`pinochle.games.phases.HandEnd`).

    Attributes:
        leaders: the tied sides' names (at a table of 4 or 5, ``"chair N"``); empty: not tied.
        total: their total.
        why: a sentence naming no side ("After 9 deals the leaders are tied at 9: one more deal decides.").
    """

    leaders: tuple[str, ...] = ()
    total: int = 0
    why: str = ""

    def to_json(self) -> dict[str, object] | None:
        """``{"leaders", "total", "why"}``, or ``None`` when nobody is tied."""
        if not self.leaders:
            return None
        return {"leaders": list(self.leaders), "total": self.total, "why": self.why}


# ---------------------------------------------------------------- the chairs (a match's seat order)


def lineup_json(lineup: Sequence[int]) -> dict[str, int | None]:
    """A lineup as JSON: ``{"N": 3, "E": 0, "S": 1, "W": 2}`` (``None``: nobody at that place)."""
    return {"NESW"[i]: (c if c >= 0 else None) for i, c in enumerate(lineup)}


@dataclass(frozen=True)
class HandChairs:
    """Who sat where in one hand at a table of 4 or 5 chairs (VARIANTS.md ``auction``), kept by a
    finished or thrown-in hand (:class:`pinochle.game.HandResult`, :class:`pinochle.game.ThrownIn`)
    as the match's seat order filled it (:class:`pinochle.chairs.Chairs`); empty at a table with one
    player per seat (:data:`NO_HAND_CHAIRS`).

    Attributes:
        lineup: the chair at each place N E S W (the dealer's, sitting out, at N).
        totals: every chair's total after the hand (a scored hand; JSON ``chair_totals``).
        players: the chairs at the table.
    """

    lineup: tuple[int, ...] = ()
    totals: tuple[int, ...] = ()
    players: int = 0

    def to_json(self) -> dict[str, object]:
        """A hand summary's keys: ``lineup`` and ``chair_totals`` (none for the empty part)."""
        if not self.lineup:
            return {}
        return {"lineup": lineup_json(self.lineup), "chair_totals": list(self.totals)}


@dataclass(frozen=True)
class ChairsSeen:
    """What a player sees of the chairs at a table of 4 or 5 (VARIANTS.md ``auction``), the view's part
    that the match's seat order fills (:meth:`pinochle.chairs.Chairs.view`); empty at a table with
    one player per seat (:data:`NO_CHAIRS_SEEN`).

    Attributes:
        lineup: the chair at each place N E S W this hand (the dealer, sitting out, at N).
        chair: whose view this is, as a chair.
        chair_totals: every chair's match total.
        sits_out: the viewer sits this hand out (it holds no cards and sees what everyone sees).
        chairs_out: the chairs sitting this hand out.
    """

    lineup: tuple[int, ...] = ()
    chair: int | None = None
    chair_totals: tuple[int, ...] = ()
    sits_out: bool = False
    chairs_out: tuple[int, ...] = ()

    def to_json(self) -> dict[str, object]:
        """The view's keys ``lineup``, ``chair``, ``chair_totals``, ``sits_out``, ``chairs_out`` (none for
        the empty part)."""
        if not self.lineup:
            return {}
        return {"lineup": lineup_json(self.lineup), "chair": self.chair, "chair_totals": list(self.chair_totals),
                "sits_out": self.sits_out, "chairs_out": list(self.chairs_out)}


#: The empty parts a deal starts from.
NO_CONTRACT = empty_part(Contract())
NO_CARD_PASS = empty_part(CardPass())
NOT_TURNED = empty_part(TurnedTrump())
NO_WIDOW = empty_part(Widow())
NO_CONCESSION = empty_part(Concession())
NO_MARRIAGE_CHECK = empty_part(TrumpMarriageCheck())
#: The empty parts of the legal moves (no bid, no trump to name, no card pass, no burial, no concession, no dix).
NO_BIDS = empty_part(Bids(None))
NO_GIVE = empty_part(Give(0))
NO_BURIAL = empty_part(Burial(0))
NO_TRUMPS = empty_part(Trumps())
NO_CONCEDES = empty_part(Concedes())
NO_DIX = empty_part(Dix())
#: The empty parts of a seat's view (no pass seen, no widow turned up).
NO_AUCTION_SEEN = empty_part(AuctionSeen())
NO_PASS_SEEN = empty_part(PassSeen())
NO_WIDOW_SEEN = empty_part(WidowSeen())
NO_BURIED_SEEN = empty_part(BuriedSeen())
NO_BID_AID = empty_part(BidAid())
NO_TRUMP_AID = empty_part(TrumpAid())
NOT_TURNED_SEEN = empty_part(TurnedSeen())
NOT_THROWN_IN = empty_part(ThrownInSeen())
NOT_TIED = empty_part(Tied())
#: The empty chairs' parts (a table with one player per seat).
NO_HAND_CHAIRS = empty_part(HandChairs())
NO_CHAIRS_SEEN = empty_part(ChairsSeen())
#: The container holding no part (:class:`Parts`).
NO_PARTS = Parts()
#: The parts the owning phases put in place of the empty ones.
CONCEDED = Concession(True)
SET_AT_ONCE = TrumpMarriageCheck(True)

__all__ = ["NO_PARTS", "Parts", "empty_part", "CONCEDED", "NOT_THROWN_IN", "NOT_TIED", "NOT_TURNED", "NOT_TURNED_SEEN", "NO_AUCTION_SEEN", "NO_BIDS",
           "NO_BID_AID", "NO_BURIAL", "NO_BURIED_SEEN", "NO_CARD_PASS", "NO_CHAIRS_SEEN", "NO_CONCEDES",
           "NO_CONCESSION", "NO_CONTRACT", "NO_DIX", "NO_GIVE", "NO_HAND_CHAIRS", "NO_MARRIAGE_CHECK",
           "NO_PASS_SEEN", "NO_TRUMPS", "NO_TRUMP_AID", "NO_WIDOW", "NO_WIDOW_SEEN", "SET_AT_ONCE", "AuctionSeen",
           "BidAid", "Bids", "Burial", "BuriedSeen", "CardPass", "ChairsSeen", "Concedes", "Concession", "Contract",
           "Dix", "Give", "HandChairs", "PassSeen", "ThrownInSeen", "Tied", "TrumpAid", "TrumpMarriageCheck",
           "Trumps", "TurnedSeen", "TurnedTrump", "Widow", "WidowSeen", "lineup_json"]
