"""The stock and the melds on the table of two-handed Pinochle (VARIANTS.md ``two-handed``; seeds 000, 002).

Plain data held by :attr:`pinochle.game.State.stock`; the rules that change it
are the phases of :mod:`pinochle.games.two_handed`.

>>> from pinochle.cards import Card
>>> t = TableCard(Card.parse("KS"), ("marriage",))
>>> t.served("marriage"), t.served("around-K"), t.to_json()
(True, False, {'card': 'KS', 'melds': ['marriage']})
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Seat
from .meld import MeldItem
from .parts import empty_part


@dataclass(frozen=True)
class TableCard:
    """One melded card lying face up on the table (seed 000: "Melds remain faceup on the table").

    Attributes:
        card: the card.
        kinds: the meld kinds it has served (:attr:`pinochle.meld.MeldItem.kind`):
            it may serve a meld of another kind, never of one of these
            (seed 000: "A card used in a meld can be reused in another meld,
            but not for the same type of meld").
    """

    card: Card
    kinds: tuple[str, ...]

    def served(self, kind: str) -> bool:
        """Whether this card has already served a meld of ``kind``."""
        return kind in self.kinds

    def to_json(self) -> dict[str, object]:
        """``{"card": "KS", "melds": ["marriage", ...]}``."""
        return {"card": str(self.card), "melds": list(self.kinds)}


@dataclass(frozen=True)
class Declared:
    """One meld scored in a hand: who, what, and which turn (the trick it followed, from 1).

    The turned nine of the deal (seed 000: "If it's a 9, the dealer instantly
    earns 10 points") is recorded with ``after=0``.
    """

    seat: Seat
    item: MeldItem
    after: int

    def to_json(self) -> dict[str, object]:
        """``{"seat", "name", "points", "cards", "after"}``."""
        return {"seat": str(self.seat), **self.item.to_json(), "after": self.after}


@dataclass(frozen=True)
class StockPlay:
    """The two-handed hand's cards outside the hands and the tricks, and the melding turn.

    Attributes:
        stock: the face-down stock, the next card to draw first (hidden from every view).
        upcard: the card under the stock, face up: the turned trump card, or the
            dix exchanged for it (seed 000); ``None`` once taken.
        table: per place N E S W, the melded cards lying face up (seed 000).
        declared: every meld scored this hand, in order.
        exchanged: the first dix has been exchanged for the turned card (seed 000:
            "The first player to receive the Dix ... swaps it with the upcard").
        melded: the trick's winner has declared its one combination this turn.
        dixed: the trick's winner has scored a dix this turn ("besides it").
        drawn: the seats that have drawn after the last trick.
        endgame: the stock is exhausted and the melds are back in the hands (seed 000, Endgame).
        dealt: the 24 cards left after the deal, in order: the turned card first, then the
            stock from its top (for the hand's record; hidden from every view).
    """

    stock: tuple[Card, ...]
    upcard: Card | None
    table: tuple[tuple[TableCard, ...], ...] = ((), (), (), ())
    declared: tuple[Declared, ...] = ()
    exchanged: bool = False
    melded: bool = False
    dixed: bool = False
    drawn: tuple[Seat, ...] = ()
    endgame: bool = False
    dealt: tuple[Card, ...] = ()

    def left(self) -> int:
        """Cards still to draw: the face-down stock and the upcard."""
        return len(self.stock) + (self.upcard is not None)


@dataclass(frozen=True)
class StockMoves:
    """Two-handed's part of a seat's legal moves (seed 000), returned by its ``stock_meld`` and
    ``draw`` phases (:mod:`pinochle.games.two_handed`).

    Attributes:
        melds: the single melds that may be declared now (after a trick won, before drawing),
            each with its name, kind, points and cards; a pass then declares nothing more (the dix
            beside them is the legal moves' :class:`~pinochle.parts.Dix`).
        draw: drawing from the stock is the move.
    """

    melds: tuple[MeldItem, ...] = ()
    draw: bool = False


@dataclass(frozen=True)
class StockSeen:
    """Two-handed's part of a seat's view (seed 000; docs/protocol.md, two-handed's keys), returned by
    its ``turn_up`` phase in every phase of the hand: what everyone sees of the stock and the table,
    never the stock's order.

    Attributes:
        left: the cards still to draw, the upcard among them (JSON ``stock_left``).
        upcard: the card face up under the stock, ``None`` once taken.
        seats: the places whose tables the view lists (N and S).
        table: per place N E S W, the melded cards lying face up, with the meld kinds each has served.
        declared: every meld scored this hand, in order.
        endgame: the stock is exhausted and the melds are back in the hands.
        exchanged: the first dix has been exchanged for the turned card (JSON ``dix_exchanged``).
    """

    left: int = 0
    upcard: Card | None = None
    seats: tuple[int, ...] = ()
    table: tuple[tuple[TableCard, ...], ...] = ((), (), (), ())
    declared: tuple[Declared, ...] = ()
    endgame: bool = False
    exchanged: bool = False

    def to_json(self) -> dict[str, object]:
        """The view's keys of the stock (``{}`` for the empty part): ``stock_left``, ``upcard``, ``table``,
        ``declared`` (each meld with its ``kind`` too, as the table cards list it: of two identical cards
        on the table, the view's reader tells which one served the meld), ``endgame``, ``dix_exchanged``."""
        if not self.seats:
            return {}
        return {
            "stock_left": self.left,
            "upcard": None if self.upcard is None else str(self.upcard),
            "table": {str(Seat(s)): [t.to_json() for t in self.table[s]] for s in self.seats},
            "declared": [{**d.to_json(), "kind": d.item.kind} for d in self.declared],
            "endgame": self.endgame,
            "dix_exchanged": self.exchanged,
        }


#: The empty stock part of a view (every game but two-handed).
NO_STOCK_SEEN = empty_part(StockSeen())

#: The empty stock part of the legal moves (every game but two-handed, and its other moves), and of a
#: finished hand (:attr:`pinochle.game.HandResult.stock_play`) in a game without a stock.
NO_STOCK_MOVES = empty_part(StockMoves())
NO_STOCK_PLAY = empty_part(StockPlay((), None))

__all__ = ["NO_STOCK_MOVES", "NO_STOCK_PLAY", "NO_STOCK_SEEN", "Declared", "StockMoves", "StockPlay", "StockSeen",
           "TableCard"]
