"""The match as a pure reducer over a game's declared phases, and the per-seat view.

A :class:`Game` (found by name in :data:`pinochle.games.GAMES`) declares its
phases in one place; each :class:`PhaseDef` owns whose turn it is, its legal
actions, how an action changes the state, when it ends, and what each seat may
see of it (docs/design.md). ``apply(state, action) -> state`` hands the action
to the current phase. The ``table`` game of RULES.md runs::

    auction -> trump -> meld -> play (12 tricks) -> hand_end -> (deal) -> auction ...
                                                 -> match_end

* ``auction``: seats call in turn from left of the dealer (bid or pass).
* ``trump``: the declarer names trump.
* ``meld``: starting with the declarer, each seat in turn lays down its meld
  (the action carries no choice: the meld is what the hand holds).
* ``play``: 12 tricks; the declarer leads the first.
* ``hand_end``: the hand is scored; the next dealer deals the next hand.
* ``match_end``: a side has won (1500).

Other games add phases (``exchange``: the partners pass four cards each way;
``concede``: the declarer may give up the hand) or drop them (no auction).

Who plays at each seat over the match is the state's seat order
(:class:`SeatOrder`, the one hook of a match-level order): one player per seat,
or, given by the game as a value, VARIANTS.md ``auction``'s chairs at a table
of 4 or 5 (:mod:`pinochle.chairs`, which this module never imports).

The state is immutable; every action returns a new state whose ``version`` is
one higher. The seed that shuffles every deal lives in the state, so a match
replays exactly from its seed and its actions.

>>> s = new_match(seed=7)
>>> s.phase, s.version, len(unpack(s.hands[0]))
('auction', 0, 12)
>>> s2 = apply(s, Action.pass_(turn(s)))
>>> s2.version, s.version
(1, 0)
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import combinations
from typing import Any, Generic, Literal, NamedTuple, TypeVar, overload

from . import auction as auction_mod
from .auction import AuctionStatus, Call, call_text
from .cards import CARDS, DECKS, FOUR_PARTNERS, SIDES, Card, Seat, Seating, Suit, pack, parse_cards, shown, size, unpack
from .errors import IllegalAction, StaleAction
from .meld import Meld, MeldItem, meld
from .parts import (NO_PARTS, AuctionSeen, BidAid, Bids, Burial, BuriedSeen, CardPass, ChairsSeen, Concedes,
                    Concession, Contract, Dix, Give, HandChairs, PassSeen, Parts, ThrownInSeen, Tied, TrumpAid,
                    TrumpMarriageCheck, Trumps, TurnedSeen, TurnedTrump, Widow, WidowSeen)
from .parts import lineup_json as lineup_json  # the records and the server write lineups too
from .stock import NO_STOCK_PLAY, StockMoves, StockPlay, StockSeen
from .rules import TABLE, RuleSet
from .scoring import HandScore, Won, match_winner, meld_secured, score_hand
from .tricks import counters as counter_points
from .tricks import explain_illegal, legal_mask, winner_index

#: A phase's name (``"auction"``, ``"exchange"``, ``"play"``...): the ``State.phase`` value.
Phase = str
ActionType = Literal["bid", "pass", "trump", "give", "meld", "bury", "concede", "play_on", "play", "deal", "dix",
                     "draw"]
#: Every action type of every game; each phase accepts its own few.
ACTION_TYPES: tuple[str, ...] = ("bid", "pass", "trump", "give", "meld", "bury", "concede", "play_on", "play", "deal",
                                 "dix", "draw")


T = TypeVar("T")


@dataclass(frozen=True)
class Action:
    """One move by one seat: its type and who acts. An action carries only its own fields: the
    types without any (``"pass"``, ``"meld"`` of the whole hand, ``"concede"``, ``"play_on"``,
    ``"deal"``, ``"dix"``, ``"draw"``) are this class; the others are its kinds
    :class:`BidAction` (``"bid"``), :class:`TrumpAction` (``"trump"``), :class:`PlayAction`
    (``"play"``) and :class:`CardsAction` (``"give"``, ``"bury"``, and a ``"meld"`` that names
    its cards).

    Attributes:
        type: ``"bid"``, ``"pass"``, ``"trump"``, ``"give"`` (pass cards to
            the partner), ``"meld"`` (lay down your meld), ``"concede"`` or
            ``"play_on"`` (the declarer's choice after the meld), ``"play"``
            (a card) or ``"deal"`` (the next dealer deals the next hand);
            ``"bury"`` (VARIANTS.md ``cutthroat``: the declarer lays 3 aside);
            ``"dix"`` scores the 9 of trump and ``"draw"`` takes a card from the
            stock (VARIANTS.md ``two-handed``).
        seat: who acts.

    Each type has one constructor, named after the type with a trailing underscore
    (``Action.bid_``, ``Action.pass_``, ``Action.play_``, ``Action.play_on_``...): ``pass`` is a
    Python keyword and ``bid`` a field, so every constructor takes the underscore, and a name
    ending in ``_`` always builds an action while a plain name reads a field. The JSON is one
    object for every kind (docs/protocol.md).

    >>> Action.from_json({"type": "play", "seat": "S", "card": "10h"})
    PlayAction(type='play', seat=<Seat.S: 2>, card=Card.parse('TH'))
    >>> Action.pass_(Seat.N)
    Action(type='pass', seat=<Seat.N: 0>)
    >>> Action.bid_(Seat.N, 260).to_json()
    {'type': 'bid', 'seat': 'N', 'bid': 260}
    """

    type: ActionType
    seat: Seat

    @classmethod
    def bid_(cls, seat: int, points: int) -> Action:
        """A bid of ``points``."""
        return BidAction("bid", Seat(seat), points)

    @classmethod
    def pass_(cls, seat: int) -> Action:
        """A pass in the auction."""
        return cls("pass", Seat(seat))

    @classmethod
    def trump_(cls, seat: int, suit: int) -> Action:
        """The declarer names ``suit`` trump."""
        return TrumpAction("trump", Seat(seat), Suit(suit))

    @classmethod
    def meld_(cls, seat: int, cards: Sequence[int] = ()) -> Action:
        """The seat lays down its meld: the whole hand's, or the one meld of ``cards`` (VARIANTS.md
        ``two-handed``)."""
        if cards:
            return CardsAction("meld", Seat(seat), tuple(Card(c) for c in cards))
        return cls("meld", Seat(seat))

    @classmethod
    def play_(cls, seat: int, card: int) -> Action:
        """The seat plays ``card``."""
        return PlayAction("play", Seat(seat), Card(card))

    @classmethod
    def deal_(cls, seat: int) -> Action:
        """The next dealer deals the next hand."""
        return cls("deal", Seat(seat))

    @classmethod
    def give_(cls, seat: int, cards: Sequence[int]) -> Action:
        """The seat passes ``cards`` to its partner (VARIANTS.md ``partnership-pass``)."""
        return CardsAction("give", Seat(seat), tuple(Card(c) for c in cards))

    @classmethod
    def bury_(cls, seat: int, cards: Sequence[int]) -> Action:
        """The declarer lays ``cards`` aside, face down (VARIANTS.md ``cutthroat``, ``auction``)."""
        return CardsAction("bury", Seat(seat), tuple(Card(c) for c in cards))

    @classmethod
    def concede_(cls, seat: int) -> Action:
        """The declarer gives up the hand after seeing the meld (VARIANTS.md ``racehorse``)."""
        return cls("concede", Seat(seat))

    @classmethod
    def play_on_(cls, seat: int) -> Action:
        """The declarer plays the hand out instead of conceding."""
        return cls("play_on", Seat(seat))

    @classmethod
    def dix_(cls, seat: int) -> Action:
        """The seat scores the dix, or takes the turned card for its nine of trump (VARIANTS.md
        ``two-handed``, ``turned-trump``'s switch ``dix_exchange``)."""
        return cls("dix", Seat(seat))

    @classmethod
    def draw_(cls, seat: int) -> Action:
        """The seat draws its card from the stock (VARIANTS.md ``two-handed``)."""
        return cls("draw", Seat(seat))

    def to_json(self) -> dict[str, object]:
        """``{"type", "seat"}``, and a kind's own field (``bid``, ``suit``, ``card`` or ``cards``)."""
        return {"type": self.type, "seat": str(self.seat)}

    @classmethod
    def from_json(cls, data: object) -> Action:
        """Parse an action object (see :meth:`to_json`).

        Raises:
            IllegalAction: not an object, an unknown type, or a missing or bad
                field; the message names it.
        """
        if not isinstance(data, dict):
            raise IllegalAction("an action is a JSON object such as {\"type\": \"pass\", \"seat\": \"S\"}")
        kind = data.get("type")
        if kind not in ACTION_TYPES:
            raise IllegalAction(f"unknown action type {shown(kind)}: expected one of {', '.join(ACTION_TYPES)}")
        needs = {"bid": "bid", "trump": "suit", "play": "card", "give": "cards", "bury": "cards"}.get(str(kind))
        if needs is not None and needs not in data:
            raise IllegalAction(f"a {kind} action needs \"{needs}\"")
        try:
            seat = Seat.parse(data.get("seat", ""))
            if kind == "bid":
                points = auction_mod.parse_points(data.get("bid"))
                if points is None:
                    raise IllegalAction(f"a bid needs a whole number of points, not {shown(data.get('bid'))}")
                return cls.bid_(seat, points)
            if kind == "trump":
                return cls.trump_(seat, Suit.parse(data.get("suit")))
            if kind == "play":
                return cls.play_(seat, Card.parse(data.get("card")))
            if kind == "meld" and "cards" in data:  # one meld declared (VARIANTS.md two-handed)
                raw = data.get("cards")
                if not isinstance(raw, (str, list)):
                    raise IllegalAction(f"meld the cards as a list such as [\"KS\", \"QS\"], not {shown(raw)}")
                return cls.meld_(seat, parse_cards(raw))
            if kind in ("give", "bury"):
                raw = data.get("cards")
                if not isinstance(raw, (str, list)):
                    raise IllegalAction(f"{kind} the cards as a list such as [\"AS\", \"TS\"], not {shown(raw)}")
                return cls.give_(seat, parse_cards(raw)) if kind == "give" else cls.bury_(seat, parse_cards(raw))
        except IllegalAction:
            raise
        except ValueError as err:
            raise IllegalAction(str(err)) from None
        return cls(kind, seat)


@dataclass(frozen=True)
class BidAction(Action):
    """A bid (``"bid"``) of ``bid`` points: :meth:`Action.bid_`."""

    bid: int

    def to_json(self) -> dict[str, object]:
        """``{"type": "bid", "seat", "bid"}``."""
        return {"type": self.type, "seat": str(self.seat), "bid": self.bid}


@dataclass(frozen=True)
class TrumpAction(Action):
    """The declarer names ``suit`` trump (``"trump"``): :meth:`Action.trump_`."""

    suit: Suit

    def to_json(self) -> dict[str, object]:
        """``{"type": "trump", "seat", "suit"}``."""
        return {"type": self.type, "seat": str(self.seat), "suit": str(self.suit)}


@dataclass(frozen=True)
class PlayAction(Action):
    """The seat plays ``card`` (``"play"``): :meth:`Action.play_`."""

    card: Card

    def to_json(self) -> dict[str, object]:
        """``{"type": "play", "seat", "card"}``."""
        return {"type": self.type, "seat": str(self.seat), "card": str(self.card)}


@dataclass(frozen=True)
class CardsAction(Action):
    """An action with its cards: the cards given (``"give"``, VARIANTS.md ``partnership-pass``),
    buried (``"bury"``, VARIANTS.md ``cutthroat``) or of the one meld declared (``"meld"``,
    VARIANTS.md ``two-handed``): :meth:`Action.give_`, :meth:`Action.bury_`, :meth:`Action.meld_`."""

    cards: tuple[Card, ...]

    def to_json(self) -> dict[str, object]:
        """``{"type", "seat", "cards"}``."""
        return {"type": self.type, "seat": str(self.seat), "cards": [str(c) for c in self.cards]}


def action_cards(action: Action) -> tuple[Card, ...]:
    """The cards an action carries (a :class:`CardsAction`'s), else ``()``."""
    return action.cards if isinstance(action, CardsAction) else ()


#: The seats by number: ``_SEATS[i]`` is ``Seat(i)`` without an Enum call (the view's hot path).
_SEATS: tuple[Seat, ...] = tuple(Seat)


class _SameObject:
    """A pure function of an immutable object, remembered for the last ``size`` objects by identity.

    The server builds every person's view of the same state in a row, and a
    finished trick or a laid meld stays the same object from move to move, so
    their JSON is built once and then shared (the result must not be changed:
    it is the same object for every view). Thread-safe (bots may build views
    in worker threads)."""

    def __init__(self, fn: Callable[..., Any], size: int = 4096) -> None:
        self.fn = fn
        self.size = size
        self._memo: dict[int, tuple[object, Any]] = {}
        self._lock = threading.Lock()

    def __call__(self, obj: object, *fixed: Any) -> Any:
        """``fn(obj, *fixed)``, remembered by ``obj`` alone: ``fixed`` are values that ``obj`` always comes
        with (a finished hand's match rules and seating)."""
        hit = self._memo.get(id(obj))
        if hit is not None and hit[0] is obj:
            return hit[1]
        out = self.fn(obj, *fixed)
        with self._lock:
            if len(self._memo) >= self.size:
                del self._memo[next(iter(self._memo))]  # the oldest
            self._memo[id(obj)] = (obj, out)  # the object is kept: its id is not reused meanwhile
        return out


@dataclass(frozen=True)
class Trick:
    """A trick: who led, the cards in play order, and the winner once complete."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat | None = None
    #: who played each card, when not the four seats clockwise from the leader
    #: (a three-handed game: docs/design.md, "Seats, sides and chairs"); not compared, not in the JSON
    seats: tuple[Seat, ...] = field(default=(), compare=False, repr=False)

    def seat_of(self, i: int) -> Seat:
        """The seat that played the ``i``-th card of this trick."""
        if self.seats:
            return self.seats[i]
        return _SEATS[(self.leader + i) % 4]

    def to_json(self) -> dict[str, object]:
        """``{"leader", "cards", "winner"}``."""
        return {
            "leader": str(self.leader),
            "cards": [str(c) for c in self.cards],
            "winner": None if self.winner is None else str(self.winner),
        }


class PartField(Generic[T]):
    """A read-only attribute that reads one of its object's parts, or a field of it: the flat name the
    readers use, so that a type is composed of its parts without every reader knowing which part holds
    what. ``part`` is the part's class, held in the object's ``parts`` (:class:`~pinochle.parts.Parts`:
    ``State.declarer`` is ``State.parts.get(Contract).declarer``, ``Legal.min_bid`` is
    ``Legal.parts.get(Bids).min_bid``); without a ``name`` the part whole (``View.contract`` is
    ``View.parts.get(Contract)``).

    >>> from pinochle.parts import Bids, Contract, Parts
    >>> Legal(parts=Parts(Bids(250))).min_bid, Legal().min_bid
    (250, None)
    >>> replace(new_match(seed=1), parts=Parts(Contract(bid=300))).bid, new_match(seed=1).bid
    (300, None)
    >>> replace(view(new_match(seed=1), 0), parts=Parts(Contract(bid=300))).contract.bid
    300
    """

    def __init__(self, part: type, name: str | None = None) -> None:
        self.part, self.name = part, name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> PartField[T]: ...

    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...

    def __get__(self, obj: object | None, owner: type | None = None) -> PartField[T] | T:
        if obj is None:
            return self
        parts: Parts = getattr(obj, "parts")
        part: Any = parts.get(self.part)
        value: T = part if self.name is None else getattr(part, self.name)
        return value


@dataclass(frozen=True)
class HandResult:
    """A finished hand: everything the hand record and the score sheet need.

    Attributes:
        number: the hand's number in the match, counted from 1 (as people read it).
        dealer: the dealer.
        dealt: the four packed hands as dealt, N E S W.
        tricks: the 12 tricks.
        melds: each seat's meld, N E S W.
        score: the :class:`~pinochle.scoring.HandScore`.
        totals: every side's total after this hand (one per side of the seating).
        parts: the hand's parts as its phases left them (:class:`~pinochle.parts.Parts`): the
            contract (:class:`~pinochle.parts.Contract`: the auction's calls from left of the
            dealer, ``declarer``, ``bid`` and ``trump``, ``declarer`` and ``bid`` ``None`` in a game
            without an auction, VARIANTS.md ``turned-trump``, ``two-handed``; ``stuck``, the dealer
            took the minimum bid without a call), the card pass (:class:`~pinochle.parts.CardPass`:
            the cards passed, to the declarer then back to the partner), the concession
            (:class:`~pinochle.parts.Concession`), the turned card (:class:`~pinochle.parts.TurnedTrump`:
            ``card``, VARIANTS.md ``turned-trump``, two-handed's upcard; ``exchanged_by``, the seat
            that exchanged a nine of trump for it), the widow (:class:`~pinochle.parts.Widow`:
            as dealt, packed, and the cards buried; VARIANTS.md ``cutthroat``), two-handed's stock
            (:class:`~pinochle.stock.StockPlay`: the 24 cards left after the deal in order, the
            turned card first, and the melds scored with the trick each followed) and, at a table
            of 4 or 5 (VARIANTS.md ``auction``), who sat where (:class:`~pinochle.parts.HandChairs`:
            ``lineup``, the chair at each place N E S W, the dealer's, sitting out, at N; the
            chairs' ``totals`` after this hand; ``totals`` above then holds those of the chairs
            at the hand's seats). A part none of the game's phases owns reads as its empty value
            (``hand.parts.get(Contract).bid``). The match's seat order fills ``totals`` and the
            chairs' part (:meth:`SeatOrder.add`; the chairs': :meth:`pinochle.chairs.Chairs.add`).
    """

    number: int
    dealer: Seat
    dealt: tuple[int, int, int, int]
    tricks: tuple[Trick, ...]
    melds: tuple[Meld, Meld, Meld, Meld]
    score: HandScore
    totals: tuple[int, ...]
    parts: Parts = NO_PARTS

    @property
    def trump(self) -> Suit:
        """The hand's trump: every game's hand is scored once trump is known (:func:`record_hand`),
        so its contract's trump is never ``None`` here."""
        trump = self.parts.get(Contract).trump
        assert trump is not None
        return trump

    @property
    def play(self) -> list[Card]:
        """The cards in the order played (48 when the hand was played out)."""
        return [c for t in self.tricks for c in t.cards]

    def summary(self) -> dict[str, object]:
        """The hand summary for the score sheet (no hidden cards). A hand with a card pass between the
        partners (VARIANTS.md ``partnership-pass``, ``racehorse``) says how many cards went each way
        (``passed``: everyone saw the pass; which cards, only the two partners: the view's ``exchange``)."""
        contract, exchange = self.parts.get(Contract), self.parts.get(CardPass).exchange
        return {
            "number": self.number,
            "dealer": str(self.dealer),
            "declarer": None if contract.declarer is None else str(contract.declarer),
            "bid": contract.bid,
            "trump": str(self.trump),
            "stuck": contract.stuck,
            **{k: v for k, v in self.score.to_json().items() if k != "bid"},
            "totals": dict(zip(self.score.names, self.totals)),
            **self.parts.get(HandChairs).to_json(),
            **({"passed": len(exchange[0])} if exchange and exchange[0] else {}),
        }


@dataclass(frozen=True)
class ThrownIn:
    """A hand thrown in because nobody bid (VARIANTS.md ``racehorse``): it is
    numbered and recorded like any hand, and the next dealer deals.

    Attributes:
        number: the hand's number, counted from 1.
        dealer: its dealer.
        dealt: the four packed hands as dealt.
        after: how many scored hands came before it (its place in the match).
        parts: its parts (:class:`~pinochle.parts.Parts`): its auction
            (:class:`~pinochle.parts.Contract`, its ``calls``, all passes), its widow
            (:class:`~pinochle.parts.Widow`, packed; VARIANTS.md ``cutthroat``: an annulled hand)
            and, at a table of 4 or 5, who sat where (:class:`~pinochle.parts.HandChairs`:
            ``lineup``, the chair at each place, and ``players``, the chairs at the table); each
            empty where the game has none.
    """

    number: int
    dealer: Seat
    dealt: tuple[int, int, int, int]
    after: int
    parts: Parts = NO_PARTS


class Standing(NamedTuple):
    """The match's standing as every seat sees it (:attr:`View.totals`, :attr:`View.winner`), as the
    match's seat order gives it (:meth:`SeatOrder.public`; RULES.md, Scoring).

    Attributes:
        totals: the totals the view shows, one per side (at a table of 4 or 5, VARIANTS.md ``auction``:
            those of the chairs at the seats in play).
        winner: the winner's name (a side's, or ``"chair N"``) once the match is won, else ``None``.
    """

    totals: tuple[int, ...]
    winner: str | None


@dataclass(frozen=True)
class SeatOrder:
    """The match-level seat order: which player sits at each seat, hand by hand, and whose totals
    the match keeps (docs/design.md, "Seats, sides and chairs").

    This class is the core's own order, one player per seat for the whole match: the totals are
    the sides' (RULES.md, Scoring). A game whose table may hold more players than seats gives its
    own order as a value (:attr:`Game.seat_order`); VARIANTS.md ``auction`` at 4 or 5 uses
    :class:`pinochle.chairs.Chairs`, whose players rotate through the places. The core calls the
    order at five points, and at no other: the first deal (:meth:`start`), every deal
    (:meth:`deal`), a move from a place with no seat (:meth:`no_seat`), the end of a hand
    (:meth:`add`) and the views (:meth:`public`, :meth:`view`, :meth:`deals`, :meth:`name`,
    :meth:`thrown`). The core never imports an order other than this one.

    Attributes:
        players: the players at the table when more than the seating's (0: one per seat).
        lineup: the player at each place N E S W this hand when the order moves them between
            hands (``-1``: nobody); empty when each seat is its own player.
    """

    players: int = 0
    lineup: tuple[int, ...] = ()

    def start(self, state: State, first_dealer: int | None) -> State:
        """The first hand of the match dealt: ``state`` is the match at version 0 with no cards,
        ``first_dealer`` the first dealer (``None``: drawn from the seed, RULES.md, Deal 1:
        chosen at random); the totals start at 0 for every side.

        Raises:
            IllegalAction: a first dealer with no seat in the game.
        """
        g = state.game
        seats = g.seating.seats
        if first_dealer is not None and first_dealer not in seats:
            raise IllegalAction(f"{Seat(first_dealer)} has no seat in the {g.name} game: "
                                f"the seats are {', '.join(g.seating.names)}")
        dealer = Seat(seats[random.Random(f"{state.seed}/dealer").randrange(len(seats))] if first_dealer is None
                      else first_dealer)
        return deal_hand(replace(state, totals=(0,) * len(g.seating.sides)), 0, dealer)

    def deal(self, state: State, dealer: Seat) -> tuple[Seat, SeatOrder]:
        """The seat that deals the next hand when ``dealer`` is due to, and the order for that hand
        (here: ``dealer`` and this order)."""
        return dealer, self

    def no_seat(self, state: State, seat: Seat) -> str:
        """Why a move from ``seat``, a place with no seat in the game, is refused (a player's words)."""
        seating = state.game.seating
        return f"{seat} has no seat in the {state.game.name} game: the seats are {', '.join(seating.names)}"

    def add(self, state: State, score: HandScore) -> tuple[tuple[int, ...], tuple[int, ...], tuple[object, ...]]:
        """The match's totals after the hand just scored (``score``), the :class:`HandResult`'s
        ``totals`` and the parts this order adds to the hand's (here each side's totals twice,
        RULES.md, Scoring, and no part)."""
        totals = tuple(t + d for t, d in zip(state.totals, score.score))
        return totals, totals, ()

    def public(self, state: State) -> Standing:
        """The standing every seat sees (:attr:`View.totals` and :attr:`View.winner`): here each side's
        totals and the winning side's name, or ``None``."""
        winner = None if state.winner is None else state.game.seating.side_names[state.winner]
        return Standing(state.totals, winner)

    def view(self, state: State, seat: Seat, player: int | None) -> tuple[object, ...]:
        """The :class:`View` parts of this order for ``seat`` as seen by ``player`` (here none; the
        chairs': :class:`~pinochle.parts.ChairsSeen`)."""
        return ()

    def deals(self, state: State) -> int:
        """The scored deals that make the match (:attr:`Game.deals`; 0: played to the target)."""
        return state.game.deals

    def name(self, state: State, holder: int) -> str:
        """How a player names the holder of ``state.totals[holder]`` (here a side's name)."""
        return state.game.seating.side_names[holder]

    def thrown(self, state: State, thrown: ThrownIn, seen: ThrownInSeen) -> ThrownInSeen:
        """What everyone sees of the hand ``thrown`` (:attr:`View.thrown_in`), ``seen`` with the fields
        of this order filled (here none; the chairs' from the hand's :class:`~pinochle.parts.HandChairs`)."""
        return seen


#: The core's seat order: one player per seat all match (:class:`SeatOrder`).
ONE_PER_SEAT = SeatOrder()


def one_per_seat(players: int) -> SeatOrder:
    """The seat order of a table of ``players`` with one player per seat: :data:`ONE_PER_SEAT`
    (the default :attr:`Game.seat_order`)."""
    return ONE_PER_SEAT


@dataclass(frozen=True)
class State:
    """A whole match at one moment. Immutable: :func:`apply` returns a new one.

    Attributes:
        rules: the :class:`~pinochle.rules.RuleSet`.
        seed: the match's seed; deal ``i`` is shuffled by ``Random(f"{seed}/{i}")``.
        version: 0 at the start, +1 for every action.
        phase: the current phase's name: one of the game's (:attr:`Game.phases`, each a
            :class:`PhaseDef`'s ``name``).
        hand_no: the current deal's index from 0 (the key of its shuffle);
            people read hands numbered from 1 (:attr:`View.hand_number`).
        dealer: the current dealer.
        dealt: the four packed hands as dealt (N E S W).
        hands: the four packed hands now.
        melds: each seat's meld once laid down (``None`` before).
        tricks: the tricks of this hand; the last may be in progress.
        totals: the sides' totals (NS, EW; one per side of the game's
            seating), finished hands included.
        history: the finished hands.
        won: the match's result at match end, as the game's scorer decided it
            (:class:`~pinochle.scoring.Won`: the winning side and why it won, in a player's
            words), kept by the hand's end (:func:`record_hand`); ``None`` before. Read as
            ``winner`` (0 NS, 1 EW) and ``why_won``.
        preset: hands for the next deals instead of shuffling (for replays
            and tests): deal ``i`` uses ``preset[i]`` when present.
        thrown: the hands thrown in so far (nobody bid), in order: kept over the match (the
            thrown-in hand is shown at the next deal, and the match's record lists them).
        order: the match-level seat order (:class:`SeatOrder`): one player per seat
            (:data:`ONE_PER_SEAT`), or the game's for a table of more players than seats
            (VARIANTS.md ``auction`` at 4 or 5: :class:`pinochle.chairs.Chairs`, whose
            ``totals`` are then per player).
        game: the :class:`Game` (default: ``table``).
        parts: what the game's phases add, one frozen part each (:class:`~pinochle.parts.Parts`),
            owned by the phases that make it and reset at every deal (docs/design.md, "State and its
            parts"): the auction's calls and the contract they make (:class:`~pinochle.parts.Contract`:
            ``calls``, ``declarer``, ``bid``, ``trump``, ``stuck``; the ``auction`` and ``trump``
            phases, or in the games without an auction the phase that turns the trump card:
            VARIANTS.md ``turned-trump``, ``two-handed``), the card pass between partners
            (:class:`~pinochle.parts.CardPass`; ``partnership-pass``, ``racehorse``: the ``exchange``
            phase), the card turned up for trump and the answers to the dix exchange
            (:class:`~pinochle.parts.TurnedTrump`; ``turned-trump``, ``two-handed``), the widow and
            the cards buried (:class:`~pinochle.parts.Widow`; ``cutthroat``, ``auction``: dealt by the
            deal, then the ``widow`` and ``bury`` phases), the declarer's concession
            (:class:`~pinochle.parts.Concession`; ``racehorse``, ``cutthroat``, ``auction``: ``concede``
            and ``bury``), the declarer set before the play without the trump marriage
            (:class:`~pinochle.parts.TrumpMarriageCheck`; the rule set's ``trump_needs_marriage``,
            ``double-deck``'s switch: ``trump_marriage``) and two-handed's stock, upcard and table
            melds (:class:`~pinochle.stock.StockPlay`). A part none of the game's phases owns reads as
            its empty value: ``state.parts.get(Contract)``; :meth:`with_parts` puts parts in place.

    The flat names ``calls``, ``declarer``, ``bid``, ``trump``, ``stuck``, ``exchange``, ``turned``,
    ``dix_answers``, ``widow``, ``buried``, ``conceded`` and ``set_at_once`` (:class:`PartField`) and
    ``stock`` read the parts for the readers outside their phases.
    """

    rules: RuleSet
    seed: int | str
    version: int
    phase: Phase
    hand_no: int
    dealer: Seat
    dealt: tuple[int, int, int, int]
    hands: tuple[int, int, int, int]
    melds: tuple[Meld | None, ...] = (None, None, None, None)
    tricks: tuple[Trick, ...] = ()
    totals: tuple[int, ...] = (0, 0)
    history: tuple[HandResult, ...] = ()
    won: Won | None = None
    preset: tuple[tuple[int, int, int, int], ...] = field(default=(), repr=False)
    thrown: tuple[ThrownIn, ...] = ()
    order: SeatOrder = ONE_PER_SEAT
    game: Game = field(default=None, repr=False, compare=False)  # type: ignore[assignment]
    parts: Parts = NO_PARTS

    def __post_init__(self) -> None:
        if self.game is None:
            object.__setattr__(self, "game", default_game())

    #: The parts' fields under the names their readers outside the phases use (records, the scorers,
    #: the terminal, the view, the computer players): the auction's calls so far (from left of the
    #: dealer), the contract once known (declarer, bid, trump), the dealer stuck at the minimum bid
    #: without a call (RULES.md, Deal and auction 3), the cards passed so far this hand (to the declarer, then back to the partner;
    #: VARIANTS.md ``partnership-pass``), the card turned face up for trump (``turned-trump``: the
    #: dealer's, which stays in its hand; ``two-handed``: the one under the stock), the answers so far
    #: to the offer of the dix exchange (:func:`dix_exchanger`), the widow packed and the cards buried
    #: (``cutthroat``), the declarer's concession (``racehorse``, ``cutthroat``) and the declarer set
    #: before the play without the trump marriage (``double-deck``'s switch).
    calls = PartField[tuple[Call, ...]](Contract, "calls")
    declarer = PartField[Seat | None](Contract, "declarer")
    bid = PartField[int | None](Contract, "bid")
    trump = PartField[Suit | None](Contract, "trump")
    stuck = PartField[bool](Contract, "stuck")
    exchange = PartField[tuple[tuple[Card, ...], ...]](CardPass, "exchange")
    turned = PartField[Card | None](TurnedTrump, "card")
    dix_answers = PartField[tuple[bool, ...]](TurnedTrump, "dix_answers")
    widow = PartField[int](Widow, "cards")
    buried = PartField[tuple[Card, ...]](Widow, "buried")
    conceded = PartField[bool](Concession, "conceded")
    set_at_once = PartField[bool](TrumpMarriageCheck, "set_at_once")

    @property
    def stock(self) -> StockPlay | None:
        """Two-handed's stock, upcard and table melds (:class:`~pinochle.stock.StockPlay`; VARIANTS.md
        ``two-handed``), else ``None``."""
        sp = self.parts.get(StockPlay)
        return None if sp is NO_STOCK_PLAY else sp

    def with_parts(self, *parts: object) -> State:
        """This state with ``parts`` in place of the parts of their classes (:meth:`Parts.set`): what a
        phase that owns a part calls (``state.with_parts(state.parts.get(Contract).with_call(call))``)."""
        return replace(self, parts=self.parts.set(*parts))

    @property
    def winner(self) -> int | None:
        """The winning side (0 NS, 1 EW; a player or chair when each plays alone) at match end, else ``None``."""
        return None if self.won is None else self.won.side

    @property
    def why_won(self) -> str | None:
        """Why :attr:`winner` won, in a player's words (the game's scorer's sentence), at match end, else ``None``."""
        return None if self.won is None else self.won.why

    @property
    def current(self) -> PhaseDef:
        """The current phase's definition in this state's game."""
        return self.game.phase(self.phase)

    @property
    def table_size(self) -> int:
        """The players at the table: the seat order's, or the seating's players."""
        return self.order.players or self.game.seating.players

    @property
    def lineup(self) -> tuple[int, ...]:
        """The player at each place N E S W this hand when the seat order moves them
        (:attr:`SeatOrder.lineup`); empty when each seat is its own player."""
        return self.order.lineup


class PhaseDef:
    """One phase of a hand, declared once in a :class:`Game` (docs/design.md, "Games and phases").

    A phase owns: whose turn it is (:meth:`turn`), the legal moves
    (:meth:`legal`), how a move changes the state (:meth:`apply`, which also
    moves to the next phase when this one ends, with :meth:`Game.advance`),
    what it does on entry (:meth:`enter`), what each seat may see of it
    (:meth:`view`), and the move that needs no choice (:meth:`automatic`).
    Subclasses live in :mod:`pinochle.games.phases`; each cites its rule source.

    Attributes:
        name: the ``State.phase`` value, e.g. ``"auction"``.
        actions: the action types the phase accepts.
        text: what is happening, for refusals ("the auction is on: bid or pass").
        decision: the player's choice here (``"call"``, ``"trump"``, ``"give"``,
            ``"settle"``, ``"card"``), or ``None`` when the move needs no
            choice (laying meld, dealing): drivers then apply :meth:`automatic`.
    """

    name: str = ""
    actions: tuple[str, ...] = ()
    text: str = ""
    decision: str | None = None

    def enter(self, state: State) -> State:
        """The state on entering this phase (default: unchanged)."""
        return state

    def turn(self, state: State) -> Seat | None:
        """The seat to act, or ``None`` (nobody: the match is over)."""
        return None

    def legal(self, state: State, seat: Seat) -> Legal:
        """The legal moves of ``seat``, whose turn it is."""
        return NO_MOVES

    def apply(self, state: State, action: Action) -> State:
        """``action`` (checked: right type, right seat) applied; the rules of the phase are checked here.

        Raises:
            IllegalAction: the move breaks a rule of this phase.
        """
        raise IllegalAction(f"a {action.type} is not possible now: {self.text}")

    def view(self, state: State, seat: Seat) -> tuple[object, ...]:
        """The :class:`View` parts this phase shows ``seat`` alone, at most one of a class (default: none):
        the meld to bid and to name trump by, the card pass, the burial. An empty part
        (:func:`~pinochle.parts.empty_part`) shows nothing."""
        return ()

    def public(self, state: State) -> tuple[object, ...]:
        """The :class:`View` parts this phase shows every seat alike, at most one of a class, built once for
        all the seats' views of ``state`` (default: none): the auction and the contract, a hand thrown in,
        the widow, the turned card, the concession, the leaders tied, two-handed's stock. A later phase's
        part of a class replaces an earlier one's (an empty part removes it)."""
        return ()

    def automatic(self, state: State) -> Action | None:
        """The move to make for the seat to act when it has no choice, else ``None``."""
        return None


@dataclass(frozen=True, eq=False)
class Game:
    """A game of the seeds as a definition: found by name in :data:`pinochle.games.GAMES`.

    Attributes:
        name: e.g. ``"table"``, ``"partnership-pass"`` (VARIANTS.md).
        description: one line for players.
        players: seats at the table.
        seating: who sits where and who scores with whom (:class:`~pinochle.cards.Seating`).
        rules: the numbers (a :class:`~pinochle.rules.RuleSet`, in the game's scale).
        phases: the hand's phases, declared in order: after a deal the match
            enters ``phases[0]``; each phase ends into the next one.
        score: the scorer: ``score(state) -> (HandScore, Won or None)``, called on
            entering ``hand_end``: the hand's score, and the side that has won the match
            with why it won (:class:`~pinochle.scoring.Won`; see :mod:`pinochle.games.scorers`).
        deal: the shuffle: ``deal(seed, hand_no, rules) -> four packed hands``.
        outcome: a played-out hand's score per side from the contract and what
            each side melded and took (:mod:`pinochle.games.scorers`): what a
            computer player weighs in its simulations.
        playable: built and playable; a game listed but not built yet is refused.
        at_table: the computer players, the arena, the terminal and the
            server seat it too (``False``: the engine, records and the
            command line's ``meld``, ``legal`` and ``replay`` only, for a game
            whose players are not built; every game of :data:`pinochle.games.GAMES` is seated).
        source: where its rules come from (seed and VARIANTS.md row).
        title: how the terminal names it (default ``"Pinochle (NAME)"``).
        table_sizes: how many players may sit at the table (``new_match(players=...)``);
            ``()``: exactly the seating's players. More players than seats
            take turns to sit a hand out (VARIANTS.md ``auction``: 3, 4 or 5), as
            ``seat_order`` seats them.
        seat_order: the match-level seat order for a table of ``players`` (one of
            ``table_sizes``): :func:`one_per_seat` by default; VARIANTS.md ``auction``'s
            is :func:`pinochle.chairs.seat_order` (chairs rotating through the places).
        deals: the number of scored deals that make a match (VARIANTS.md ``cutthroat``,
            ``auction``: a stated choice); 0 for a match played to the rule set's target.
        switches: the house-rule switches the game takes (names of
            :data:`pinochle.games.SWITCHES`; VARIANTS.md, House-rule switches: "any game
            where they make sense"); another is refused rather than accepted and ignored.
        records: the format of its hand and match records, by name in
            :data:`pinochle.records.FORMATS` (docs/records.md): ``"standard"`` (the deal, the auction
            and each phase's part), ``"stock"`` (VARIANTS.md ``two-handed``: the stock and the melds
            declared between tricks; :mod:`pinochle.stock_records`).
        strategy: the family of its computer players' strategy, by name in
            :data:`pinochle.bots.STRATEGIES` (the engine never imports the players): ``"tricks"`` (an
            auction or a turned trump, meld, then the tricks), ``"stock"`` (VARIANTS.md ``two-handed``:
            the stock, the melds between tricks, the endgame). The family also names the resampler of
            the hidden cards its Hard player searches with.
    """

    name: str
    description: str
    players: int = 4
    rules: RuleSet = TABLE
    seating: Seating = FOUR_PARTNERS
    phases: tuple[PhaseDef, ...] = ()
    score: Callable[[State], tuple[HandScore, Won | None]] | None = None
    deal: Callable[[int | str, int, RuleSet], tuple[int, int, int, int]] | None = None
    outcome: Callable[[int | None, int | None, tuple[int, ...], tuple[int, ...], tuple[int, ...], RuleSet],
                      tuple[int, ...]] | None = None
    playable: bool = True
    at_table: bool = True
    source: str = ""
    title: str = ""
    table_sizes: tuple[int, ...] = ()
    deals: int = 0
    switches: tuple[str, ...] = ()
    records: str = "standard"
    strategy: str = "tricks"
    seat_order: Callable[[int], SeatOrder] = one_per_seat

    def __post_init__(self) -> None:
        if not self.title:
            object.__setattr__(self, "title", f"Pinochle ({self.name})")

    @property
    def sizes(self) -> tuple[int, ...]:
        """The numbers of players the game seats (:attr:`table_sizes`, or the seating's players)."""
        return self.table_sizes or (self.seating.players,)

    @property
    def action_types(self) -> tuple[str, ...]:
        """Every action type some phase of this game accepts, in phase order."""
        return tuple(dict.fromkeys(a for ph in self.phases for a in ph.actions))

    def phase(self, name: str) -> PhaseDef:
        """The phase called ``name``.

        Raises:
            IllegalAction: the game has no such phase.
        """
        for ph in self.phases:
            if ph.name == name:
                return ph
        raise IllegalAction(f"the {self.name} game has no {name!r} phase")

    def advance(self, state: State) -> State:
        """Leave the current phase for the next declared one, and enter it."""
        names = [ph.name for ph in self.phases]
        nxt = self.phases[names.index(state.phase) + 1]
        return nxt.enter(replace(state, phase=nxt.name))

    def goto(self, state: State, name: str) -> State:
        """Jump to phase ``name`` (e.g. a concession skips the play) and enter it."""
        return self.phase(name).enter(replace(state, phase=name))

    def __reduce__(self) -> tuple[Callable[[str], Game], tuple[str]]:
        return (game_named, (self.name,))


#: How the core finds a game by its name, and the game of a match that names none (``table``): set by
#: :mod:`pinochle.games` when it defines the games (:func:`install_games`). The games import the core,
#: never the reverse (docs/design.md, "Modules"); :mod:`pinochle` imports the games first.
_games: tuple[Callable[[str], Game], Game] | None = None


def install_games(find: Callable[[str], Game], default: Game) -> None:
    """Give the core the games' lookup by name and the default game (called by :mod:`pinochle.games`).

    Args:
        find: the game called a name (:func:`pinochle.games.find`); raises ``ValueError`` for none.
        default: the game of a match or a state that names none (``table``, RULES.md).
    """
    global _games
    _games = (find, default)


def _installed() -> tuple[Callable[[str], Game], Game]:
    if _games is None:  # pragma: no cover: importing pinochle imports pinochle.games, which installs them
        raise RuntimeError("no games are installed: import pinochle.games first")
    return _games


def game_named(name: str) -> Game:
    """The game called ``name`` (see :data:`pinochle.games.GAMES`).

    Raises:
        ValueError: no game has that name; the message lists them.
    """
    return _installed()[0](name)


def default_game() -> Game:
    """The ``table`` game of RULES.md."""
    return _installed()[1]


def shuffle_deal(seed: int | str, hand_no: int, rules: RuleSet = TABLE) -> tuple[int, int, int, int]:
    """The four packed hands of deal ``hand_no`` of a match seeded ``seed`` (RULES.md, Deal 1).

    The deck is ``rules.deck`` (48 cards, or VARIANTS.md ``double-deck``'s 80), shuffled
    from the seed and cut into four hands of ``rules.hand_size``.

    >>> shuffle_deal(1, 0) == shuffle_deal(1, 0) != shuffle_deal(1, 1)
    True
    """
    deck = DECKS[rules.deck]
    cards = deck.cards()
    random.Random(f"{seed}/{hand_no}").shuffle(cards)
    n = rules.hand_size
    pack_ = pack if deck.layers <= 2 else deck.pack
    return (pack_(cards[0:n]), pack_(cards[n:2 * n]), pack_(cards[2 * n:3 * n]), pack_(cards[3 * n:4 * n]))


def check_deal(hands: Sequence[int], rules: RuleSet = TABLE, seating: Seating = FOUR_PARTNERS) -> None:
    """Check that four packed hands are a legal deal: ``rules.hand_size`` cards each, the whole deck.

    In a game with a widow, the empty place of the seating (N) holds the
    widow's ``rules.widow`` cards (VARIANTS.md ``cutthroat``).

    Raises:
        IllegalAction: a hand of the wrong size, or cards that are not exactly
            the deck of ``rules`` (48 cards; VARIANTS.md ``double-deck``: 80).
    """
    deck = DECKS[rules.deck]
    if len(hands) != 4:
        raise IllegalAction(f"a deal has four hands, not {len(hands)}")
    for seat, h in enumerate(hands):
        if not isinstance(h, int) or isinstance(h, bool) or h < 0 or h >> (deck.layers * 24):
            raise IllegalAction(f"{Seat(seat)}'s hand is not a packed hand (see pinochle.cards.pack)")
        if seat not in seating.seats:
            if size(h) != rules.widow:
                raise IllegalAction(f"the widow (in {Seat(seat)}'s place) has {size(h)} cards, not {rules.widow}")
        elif size(h) != rules.hand_size:
            raise IllegalAction(f"{Seat(seat)} has {size(h)} cards; each seat is dealt {rules.hand_size}")
    counts = [0] * 24
    for h in hands:
        for card in unpack(h):
            counts[card] += 1
    for t, n in enumerate(counts):
        if n != deck.copies[t]:
            words = ("no", "one", "two", "three", "four")
            raise IllegalAction(f"the deal has {n} {CARDS[t].label}; the {deck.name} deck has exactly "
                                f"{words[deck.copies[t]]}")


def new_match(
    seed: int | str = 0,
    rules: RuleSet | None = None,
    first_dealer: int | None = None,
    deals: Sequence[Sequence[int]] = (),
    game: Game | str | None = None,
    players: int | None = None,
) -> State:
    """A new match, with the first hand dealt and its first phase open.

    Args:
        seed: seeds the first dealer and every shuffle (int or str).
        rules: the numbers (default: the game's own).
        first_dealer: the first dealer; by default drawn from the seed
            (RULES.md, Deal 1: chosen at random). At a table with more
            players than seats, as the game's seat order numbers its players
            (:meth:`SeatOrder.start`; VARIANTS.md ``auction``: a chair).
        deals: optional packed hands (N E S W) for the first deals, used
            instead of shuffling (replays, tests); in a game with a widow
            the empty place (N) holds the widow.
        game: the game or its name (default ``table``).
        players: the players at the table, one of the game's
            :attr:`Game.sizes` (default: its seating's players). With more
            players than seats, the game's :attr:`Game.seat_order` seats them
            hand by hand (VARIANTS.md ``auction``: :mod:`pinochle.chairs`).

    Returns:
        The :class:`State` at version 0 in the game's first phase
        (``auction`` for ``table``).

    Raises:
        IllegalAction: a preset deal that is not a legal deal, or a first
            dealer who has no seat (no chair) at the table.
        ValueError: an unknown game, one that is not built yet, or a number of
            players the game does not take (the message names its sizes).
    """
    g = default_game() if game is None else game_named(game) if isinstance(game, str) else game
    if not g.playable:
        raise ValueError(f"the {g.name} game is not built yet")
    sizes = g.sizes
    size_ = g.seating.players if players is None else players
    if not isinstance(size_, int) or isinstance(size_, bool) or size_ not in sizes:
        words = " or ".join(", ".join(map(str, sizes)).rsplit(", ", 1))
        raise ValueError(f"the {g.name} game is played by {words} players, not {players!r}")
    rules = g.rules if rules is None else rules
    checked: list[tuple[int, int, int, int]] = []
    for d in deals:
        hands = tuple(d)
        check_deal(hands, rules, g.seating)
        checked.append((hands[0], hands[1], hands[2], hands[3]))
    preset = tuple(checked)
    order = g.seat_order(size_)
    start = State(rules, seed, 0, g.phases[0].name, 0, Seat(0), (0, 0, 0, 0), (0, 0, 0, 0), preset=preset, game=g,
                  order=order)
    return order.start(start, first_dealer)


def match_deals(state: State) -> int:
    """The scored deals that make this match, as its seat order counts them (:meth:`SeatOrder.deals`:
    ``Game.deals``, 0 for a match played to the target; VARIANTS.md ``auction`` at 4 or 5: three
    deals per player, :meth:`pinochle.chairs.Chairs.deals`)."""
    return state.order.deals(state)


def deal_number(state: State) -> int:
    """The scored deal being played (or just finished), from 1: the finished hands of the history and the
    one in play (the view's and the match summary's ``deal_number``; "Deal 4 of 9")."""
    return len(state.history) + (0 if state.phase in ("hand_end", "match_end") else 1)


def deal_hand(state: State, hand_no: int, dealer: Seat) -> State:
    """Deal hand ``hand_no`` (from 0) by ``dealer`` and enter the game's first phase.

    The hand comes from ``state.preset`` when there is one for it, else the
    game's shuffle of the match's seed (RULES.md, Deal; VARIANTS.md per game).

    The match's seat order says who deals and who sits where this hand
    (:meth:`SeatOrder.deal`: ``dealer`` itself, or at a table of 4 or 5 the
    empty place N with the chairs moved round, VARIANTS.md ``auction``).
    """
    g = state.game
    dealer, order = state.order.deal(state, dealer)
    if hand_no < len(state.preset):
        hands = state.preset[hand_no]
    else:
        hands = (g.deal or shuffle_deal)(state.seed, hand_no, state.rules)
    widow = 0
    if state.rules.widow:  # the empty place holds the widow (see check_deal)
        empty = next(i for i in range(4) if i not in g.seating.seats)
        widow = hands[empty]
        hands = tuple(0 if i == empty else h for i, h in enumerate(hands))  # type: ignore[assignment]
    first = g.phases[0]
    state = replace(
        state, phase=first.name, hand_no=hand_no, dealer=dealer, dealt=hands, hands=hands,
        melds=(None, None, None, None), tricks=(), order=order,
        parts=Parts(Widow(widow)) if widow else NO_PARTS,
    )
    return first.enter(state)


def auction_status(state: State) -> AuctionStatus:
    """The auction's :class:`~pinochle.auction.AuctionStatus` for the current hand (its game's auction rule)."""
    seating = state.game.seating
    if state.rules.reenter_after_pass:
        return auction_mod.status_reentry(state.calls, state.dealer, state.rules, seating)
    return auction_mod.status(state.calls, state.dealer, state.rules, seating)


def current_trick(state: State) -> Trick | None:
    """The trick in progress (fewer cards than players), or ``None``."""
    if state.tricks and len(state.tricks[-1].cards) < state.game.seating.players:
        return state.tricks[-1]
    return None


def turn(state: State) -> Seat | None:
    """The seat to act, or ``None`` at match end (the current phase decides)."""
    return state.current.turn(state)


def auto_action(state: State) -> Action | None:
    """The move of a seat that has no choice now (laying meld), else ``None``.

    Drivers (the server, the arena, the terminal, record replays) make it
    for every seat alike; a move with a choice is always the seat's own.
    """
    return state.current.automatic(state)


def apply(state: State, action: Action, version: int | None = None) -> State:
    """Apply one action and return the new state (the reducer).

    Args:
        state: the current state (not changed).
        action: the action.
        version: when given, the state version the action was made against.

    Returns:
        The next state, with ``version`` one higher.

    Raises:
        StaleAction: ``version`` is not the current version.
        IllegalAction: the action breaks a rule; the message says which and
            what is legal.
    """
    if version is not None and version != state.version:
        raise StaleAction(f"that move was made against version {version}; the table is at version {state.version}")
    action = _checked(action)
    phase = state.current
    whose = phase.turn(state)
    if whose is None:
        raise IllegalAction("the match is over")
    if action.type not in state.game.action_types:
        raise IllegalAction(f"the {state.game.name} game has no {action.type}: its moves are "
                            f"{', '.join(state.game.action_types)}")
    if action.type not in phase.actions:
        raise IllegalAction(f"a {action.type} is not possible now: {phase.text}")
    if action.seat != whose:
        if action.seat not in state.game.seating.seats:
            raise IllegalAction(state.order.no_seat(state, Seat(action.seat)))
        raise IllegalAction(f"it is {whose}'s turn, not {action.seat}'s")
    return replace(phase.apply(state, action), version=state.version + 1)


def _is_int(x: object, low: int, high: int) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and low <= x <= high


def _checked(action: object) -> Action:
    """The action with its fields checked and normalized (Seat, Suit, Card).

    Raises:
        IllegalAction: not an :class:`Action`, or a field of the wrong type or range.
    """
    if not isinstance(action, Action):
        raise IllegalAction(f"not an action: {action!r}")
    if action.type not in ACTION_TYPES:
        raise IllegalAction(f"unknown action type {action.type!r}: expected one of {', '.join(ACTION_TYPES)}")
    if not _is_int(action.seat, 0, 3):
        raise IllegalAction(f"unknown seat {action.seat!r}: seats are N, E, S and W")
    seat = Seat(action.seat)
    if action.type == "bid":
        bid = getattr(action, "bid", None)
        if not isinstance(bid, int) or isinstance(bid, bool):
            raise IllegalAction(f"a bid needs a whole number of points, not {bid!r}")
        return Action.bid_(seat, bid)
    if action.type == "trump":
        suit = getattr(action, "suit", None)
        if not _is_int(suit, 0, 3):
            raise IllegalAction(f"name trump as a suit: S, H, D or C, not {suit!r}")
        return Action.trump_(seat, suit)  # type: ignore[arg-type]
    if action.type == "play":
        card = getattr(action, "card", None)
        if not _is_int(card, 0, 23):
            raise IllegalAction(f"play a card such as AS, not {card!r}")
        return Action.play_(seat, card)  # type: ignore[arg-type]
    cards = getattr(action, "cards", ())
    if action.type in ("give", "bury") or (action.type == "meld" and cards):
        if not isinstance(cards, tuple) or not all(_is_int(c, 0, 23) for c in cards):
            raise IllegalAction(f"{action.type} cards such as AS, not {cards!r}")
        return CardsAction(action.type, seat, tuple(Card(c) for c in cards))
    return Action(action.type, seat)


def taken(state: State, buried: bool = True) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Tricks and counters (last-trick bonus included) taken so far by each side.

    Buried cards count as the declarer's taken cards (VARIANTS.md ``cutthroat``);
    ``buried=False`` leaves them out (what the opponents may see during the play).

    Returns:
        ``((tricks_NS, tricks_EW), (counters_NS, counters_EW))``: one entry per side.
    """
    seating = state.game.seating
    side_of = seating.side_of
    n = [0] * len(seating.sides)
    pts = [0] * len(seating.sides)
    complete = [t for t in state.tricks if t.winner is not None]
    for t in complete:
        assert t.winner is not None
        side = side_of[t.winner]
        n[side] += 1
        pts[side] += counter_points(t.cards, state.rules)
    if len(complete) == state.rules.hand_size:
        last = complete[-1].winner
        assert last is not None
        pts[side_of[last]] += state.rules.last_trick
    if buried and state.buried and state.declarer is not None:
        pts[side_of[state.declarer]] += counter_points(state.buried, state.rules)
    return tuple(n), tuple(pts)


def last_trick_bonus(state: State) -> tuple[int, ...]:
    """Per side, the last trick's bonus it took (RULES.md, Scoring a hand: 10), once the hand's
    tricks are all played (else 0): the part of :func:`taken`'s counters that is no card's."""
    seating = state.game.seating
    out = [0] * len(seating.sides)
    complete = [t for t in state.tricks if t.winner is not None]
    if len(complete) == state.rules.hand_size and complete[-1].winner is not None:
        out[seating.side_of[complete[-1].winner]] += state.rules.last_trick
    return tuple(out)


def buried_counters(state: State) -> tuple[int, ...]:
    """Per side, the counters of the cards the declarer buried (VARIANTS.md ``cutthroat``: they
    count as the declarer's taken cards): the part of :func:`taken`'s counters never played."""
    seating = state.game.seating
    out = [0] * len(seating.sides)
    if state.buried and state.declarer is not None:
        out[seating.side_of[state.declarer]] += counter_points(state.buried, state.rules)
    return tuple(out)


def side_meld(state: State) -> tuple[int, ...]:
    """Meld laid down so far by each side (points), kept or not."""
    seating = state.game.seating
    pts = [0] * len(seating.sides)
    for seat, m in enumerate(state.melds):
        if m is not None:
            pts[seating.side_of[seat]] += m.total
    return tuple(pts)


def dix_exchanger(state: State) -> Seat | None:
    """The seat that exchanged a nine of trump for the turned card this hand, or ``None``
    (``turned-trump`` with the house switch ``dix_exchange``: the seats are asked in turn from
    the dealer's left, and the exchange, the last answer, ends the offer): the turned card's part
    keeps it (:attr:`~pinochle.parts.TurnedTrump.exchanged_by`)."""
    return state.parts.get(TurnedTrump).exchanged_by


def record_hand(state: State, score: HandScore, won: Won | None) -> State:
    """The hand just finished, scored: history, totals, and ``hand_end`` or ``match_end``.

    Called by the ``hand_end`` phase on entry with the game's scorer's result: ``won``, the
    side that has won the match and why (``None`` to play on), is kept as ``State.won``.
    """
    assert state.trump is not None
    totals, shown, order_parts = state.order.add(state, score)
    melds = tuple(m if m is not None else Meld((), 0) for m in state.melds)
    parts = state.parts.set(*order_parts)
    result = HandResult(
        state.hand_no + 1, state.dealer, state.dealt, state.tricks, (melds[0], melds[1], melds[2], melds[3]), score,
        shown, parts,
    )
    return replace(
        state,
        phase="hand_end" if won is None else "match_end",
        totals=totals,
        history=(*state.history, result),
        won=won,
    )


# ---------------------------------------------------------------- legal actions


@dataclass(frozen=True)
class Legal:
    """What one seat may do now (empty when it is not that seat's turn): the moves every game
    has, and the parts that only some games' phases return (as :class:`State`'s parts).

    Attributes:
        pass_: a pass is legal.
        meld: laying down meld is the move.
        cards: the distinct cards that may be played, high to low by suit.
        deal: dealing the next hand is the move.
        parts: the parts the phase returns (:class:`~pinochle.parts.Parts`, at most one of each; the
            empty ones are not kept): the auction's bids (:class:`~pinochle.parts.Bids`; RULES.md,
            Deal and auction 2), the suits that may be named trump (:class:`~pinochle.parts.Trumps`,
            the ``trump`` phase's; RULES.md, Trump), the card pass (:class:`~pinochle.parts.Give`;
            VARIANTS.md ``partnership-pass``), the burial (:class:`~pinochle.parts.Burial`; VARIANTS.md
            ``cutthroat``), the concession (:class:`~pinochle.parts.Concedes`, the ``concede`` phase's,
            or play it out: VARIANTS.md ``racehorse``; the ``bury`` phase's, or bury: VARIANTS.md
            ``cutthroat``), the dix (:class:`~pinochle.parts.Dix`: the 9 of trump scored now, exchanged
            for the upcard while that exchange is open: VARIANTS.md ``two-handed``, its ``stock_meld``
            phase's; or exchanged for the turned card: ``turned-trump``'s switch ``dix_exchange``, the
            ``dix_exchange`` phase's) and two-handed's meld turn and draw
            (:class:`~pinochle.stock.StockMoves`). ``legal.parts.get(Bids)`` returns a part, or its
            empty value (``NO_BIDS``) when the phase returned none.

    Read-only :class:`PartField` names keep the flat names the readers use: ``trumps`` (the naming
    of trump's suits), ``min_bid``, ``bid_step``, ``bid_limit``, ``bid_ladder``, ``skip_bids`` (the
    bids'), ``give``, ``give_from`` (the pass's), ``bury``, ``bury_from``, ``bury_why_not`` (the
    burial's), ``concede``, ``play_on`` (the concession's), ``dix``, ``dix_points`` (the dix's),
    ``melds``, ``draw`` (the stock's); each is empty (``None``, 0, ``()``, ``False``) in an empty part.
    """

    pass_: bool = False
    meld: bool = False
    cards: tuple[Card, ...] = ()
    deal: bool = False
    parts: Parts = NO_PARTS

    concede = PartField[bool](Concedes, "open")
    play_on = PartField[bool](Concedes, "play_on")
    dix = PartField[bool](Dix, "open")
    dix_points = PartField[int](Dix, "points")
    trumps = PartField[tuple[Suit, ...]](Trumps, "suits")
    min_bid = PartField[int | None](Bids, "min_bid")
    bid_step = PartField[int](Bids, "bid_step")
    bid_limit = PartField[int](Bids, "bid_limit")
    bid_ladder = PartField[tuple[tuple[int, int], ...]](Bids, "bid_ladder")
    skip_bids = PartField[tuple[int, ...]](Bids, "skip_bids")
    give = PartField[int](Give, "count")
    give_from = PartField[tuple[Card, ...]](Give, "cards")
    bury = PartField[int](Burial, "count")
    bury_from = PartField[tuple[Card, ...]](Burial, "cards")
    bury_why_not = PartField[str](Burial, "why_not")
    melds = PartField[tuple[MeldItem, ...]](StockMoves, "melds")
    draw = PartField[bool](StockMoves, "draw")

    def any(self) -> bool:
        """Whether the seat has any move."""
        return (self.pass_ or self.min_bid is not None or bool(self.trumps) or self.meld or bool(self.cards)
                or self.deal or self.give > 0 or self.concede or self.bury > 0 or bool(self.melds) or self.dix
                or self.draw)

    def actions(self, seat: int, max_bid: int | None = None) -> list[Action]:
        """The legal actions as a list; bids from ``min_bid`` up to ``max_bid`` only.

        Args:
            seat: the seat (for the actions' ``seat``).
            max_bid: the highest bid to list (default: only ``min_bid``).
        """
        out: list[Action] = []
        if self.min_bid is not None:
            top = self.min_bid if max_bid is None else min(max_bid, self.bid_limit)
            out.extend(Action.bid_(seat, b) for b in auction_mod.ladder_bids(self, self.min_bid, top)
                       if b not in self.skip_bids)
        if self.pass_:
            out.append(Action.pass_(seat))
        out.extend(Action.trump_(seat, s) for s in self.trumps)
        if self.meld:
            out.append(Action.meld_(seat))
        out.extend(Action.play_(seat, c) for c in self.cards)
        if self.deal:
            out.append(Action.deal_(seat))
        if self.concede:
            out.extend((Action.play_on_(seat), Action.concede_(seat)) if self.play_on else (Action.concede_(seat),))
        if self.give:
            out.extend(Action.give_(seat, cs) for cs in dict.fromkeys(combinations(self.give_from, self.give)))
        if self.bury:
            out.extend(Action.bury_(seat, cs) for cs in dict.fromkeys(combinations(self.bury_from, self.bury)))
        out.extend(Action.meld_(Seat(seat), m.cards) for m in self.melds)
        if self.dix:
            out.append(Action.dix_(Seat(seat)))
        if self.draw:
            out.append(Action.draw_(Seat(seat)))
        return out

    def to_json(self) -> dict[str, object]:
        """JSON form: only the moves that are open."""
        out: dict[str, object] = {}
        if self.pass_:
            out["pass"] = True
        if self.min_bid is not None:
            out["bid"] = self.parts.get(Bids).to_json()
        if self.trumps:
            out["trump"] = self.parts.get(Trumps).to_json()
        if self.meld:
            out["meld"] = True
        if self.cards:
            out["play"] = [str(c) for c in self.cards]
        if self.deal:
            out["deal"] = True
        if self.give:
            out["give"] = self.parts.get(Give).to_json()
        if self.concede:
            out.update(self.parts.get(Concedes).to_json())
        if self.bury:
            out["bury"] = self.parts.get(Burial).to_json()
        if self.melds:
            out["melds"] = [m.to_json() for m in self.melds]
        if self.dix:
            out.update(self.parts.get(Dix).to_json())
        if self.draw:
            out["draw"] = True
        return out


def legal(state: State, seat: int) -> Legal:
    """The legal moves of ``seat`` in ``state`` (empty when it is not its turn): the current phase's."""
    if turn(state) != seat:
        return NO_MOVES
    return state.current.legal(state, Seat(seat))


#: The empty :class:`Legal` of a seat whose turn it is not.
NO_MOVES = Legal()


def legal_actions(state: State, seat: int | None = None, max_bid: int | None = None) -> list[Action]:
    """The legal actions of ``seat`` (default: the seat to act) as a list.

    Bids are listed from the minimum up to ``max_bid`` (default: the minimum only).
    """
    who = turn(state) if seat is None else Seat(seat)
    if who is None:
        return []
    return legal(state, who).actions(who, max_bid)


# ---------------------------------------------------------------- the view


@dataclass(frozen=True)
class View:
    """What one seat may know: the only object given to a player or a client.

    Attributes:
        seat: whose view this is.
        version: the state version (send it back with an action).
        rules: the rule set's name.
        phase, dealer, turn: where the match stands.
        hand_number: the current hand, counted from 1.
        hand: this seat's cards now, sorted (suit, then rank high to low).
        hand_sizes: cards left in each seat's hand (N E S W).
        melds: each seat's meld once laid down (its scoring cards only).
        tricks: the tricks of this hand, the last possibly in progress.
        tricks_won, counters: per side (NS, EW) so far.
        meld_shown: meld laid down per side so far.
        meld_secured: per side, whether its meld shown is secured by a trick (RULES.md, Meld: "A
            partnership that takes no trick keeps no meld"): ``"pending"`` (no trick yet), ``"secured"``,
            ``"lost"`` (the hand over without a trick), or ``None`` (no meld shown, or the game's meld
            needs no trick) (:func:`pinochle.scoring.meld_secured`).
        totals: the match totals, finished hands included.
        history: the finished hands' summaries (no cards).
        last_hand: the summary of the hand just finished, in ``hand_end``
            and ``match_end``.
        winner: the winning side's name at match end.
        why_won: why ``winner`` won, one sentence in a player's words naming no
            side, at match end (the game's rule with its own numbers: "Only the
            winning side reached 1500."); ``None`` before.
        legal: this seat's legal moves.
        game: the game's name (``"table"``...).
        concession: whether the declarer conceded this hand (``conceded``; the state's
            :class:`~pinochle.parts.Concession`, public, returned by the ``concede`` and ``bury``
            phases' view: VARIANTS.md ``racehorse``, ``cutthroat``, ``auction``).
        scale: the scale of the numbers (``"tens"``, ``"ones"``, ``"old-style"``).
        turned_trump: the card turned for trump, seen by everyone (``turned``; VARIANTS.md
            ``turned-trump``, two-handed's card under the stock), and the seat that exchanged a nine
            of trump (the dix) for it this hand (``dix_exchange``: ``turned-trump`` with the house
            switch ``dix_exchange``; ``None`` when nobody has): :class:`~pinochle.parts.TurnedSeen`,
            returned by the ``turn_trump`` and ``dix_exchange`` phases' view and two-handed's
            ``turn_up``.
        players, tricks_in_hand, target, meld_needs_trick: the rule set's
            numbers the table shows (seats, tricks a hand, the match target,
            whether meld needs a trick), so that the browser works none out.
        seating: the game's seats and sides (per-side tuples follow its sides).
        chairs: at a table of 4 or 5 (VARIANTS.md ``auction``), the chairs as this player sees
            them (:class:`~pinochle.parts.ChairsSeen`, read as ``lineup``, ``chair``, ``chair_totals``,
            ``sits_out`` and ``chairs_out``): the chair at each place N E S W this hand (the dealer,
            sitting out, at N; ``totals`` are then those of the chairs at E, S and W), whose view this
            is as a chair (:func:`pinochle.chairs.view_for_chair`), every chair's match total, whether
            the viewer sits this hand out (it holds no cards and sees only what everyone sees) and the
            chairs sitting out; empty at a table with one player per seat. The match's seat order
            fills it (:meth:`SeatOrder.view`; the chairs': :meth:`pinochle.chairs.Chairs.view`).
        deals: the scored deals that make the match (``Game.deals``), or ``None``
            for a match played to ``target``.
        deal_number: the scored deal being played (or just finished), from 1: an
            annulled deal is dealt again under its number.
        stock: the stock and the table as everyone sees them (VARIANTS.md ``two-handed``;
            :class:`~pinochle.stock.StockSeen`, the ``turn_up`` phase's view): the JSON keys
            ``stock_left`` (the cards left to draw), ``upcard`` (the card under the stock),
            ``table`` (each seat's melded cards with the meld kinds each has served),
            ``declared`` (the melds scored, in order), ``endgame`` and ``dix_exchanged``;
            ``NO_STOCK_SEEN`` (no keys) in the other games.
        thrown_in: the hand before this one when it was thrown in because nobody bid
            (VARIANTS.md ``racehorse``, ``cutthroat``, ``auction``), while this hand is being played
            (:class:`~pinochle.parts.ThrownInSeen`, the ``auction`` phase's view; JSON ``{"number",
            "dealer", "next_dealer"}``, at a table of 4 or 5 also ``"dealer_chair"`` and
            ``"next_chair"``); else the empty part (no key).
        tied: in ``hand_end`` after the match's scheduled deals (``deals``), when the leaders are tied
            and so another deal follows (docs/games/cutthroat.md: "Equal leaders play another deal until
            one leads"): the tied sides' names (at a table of 4 or 5 ``"chair N"``), their total and a
            sentence naming no side ("After 9 deals the leaders are tied at 9: one more deal
            decides."): :class:`~pinochle.parts.Tied`, the ``hand_end`` phase's view; else the empty
            part (no key).
        card_pass: the card pass as this seat sees it (:class:`~pinochle.parts.PassSeen`, the
            ``exchange`` phase's view): ``exchange``, the cards passed this hand (to the declarer,
            back to the partner), and ``received``, the cards in this seat's hand that its partner
            passed to it, one entry per copy, while it holds them; both shown only to the two
            partners who passed, ``None`` to everyone else and in games without a pass.
        widow_part: the widow as everyone sees it (:class:`~pinochle.parts.WidowSeen`, the
            ``widow`` phase's view): ``widow``, its cards face up once the auction is over
            (VARIANTS.md ``cutthroat``), and ``widow_taken_by``, the declarer that took it into
            its hand; ``None`` before and in games without a widow; while the auction lasts
            ``widow_down``, how many of its cards lie face down in the middle (0 otherwise); once the
            declarer has buried, ``buried_down``, how many cards it buried (face down by its seat: which
            ones, ``burial``, to the declarer alone).
        burial: the cards the declarer buried, shown to the declarer only (``buried``;
            :class:`~pinochle.parts.BuriedSeen`, the ``bury`` phase's view); ``None`` to everyone else.
        bid_aid: during the auction, this seat's own meld with each suit as trump (S H D C), to
            bid by (``meld_if_trump``), and what still changes the hand before the meld
            (``meld_before``: ``"widow"``, ``"pass"`` or ``None``; :class:`~pinochle.parts.BidAid`,
            the ``auction`` phase's view); ``None`` otherwise and to a seat holding no cards.
        trump_aid: while the declarer names trump, its own hand's meld with each suit as trump
            (``trump_meld``; :class:`~pinochle.parts.TrumpAid`, the ``trump`` phase's view), on the
            buttons it names trump with; ``None`` otherwise and to every other seat.
        auction: the auction as everyone sees it (:class:`~pinochle.parts.AuctionSeen`, the ``auction``
            phase's, read as ``calls``, ``call_kinds``, ``high_bid`` and ``high_bidder``): the calls as
            ``(seat, call)`` pairs in order; one kind per call, ``"save"`` for a save (the dealer's partner's
            opening at the minimum after the first seat passed, once every other seat passed after it,
            where the dealer is stuck when all pass: :func:`pinochle.auction.save_index`), else ``None``
            (the hand summary tells that auction in plain words); the high bid so far and its bidder.
            Empty (no calls) in a game without an auction.
        contract: the contract once known (the state's :class:`~pinochle.parts.Contract`, read as
            ``declarer``, ``bid``, ``trump`` and ``stuck``), returned by the phases that make it: the
            ``auction`` and ``trump`` phases, or the phase that turns the trump card (``turn_trump``,
            two-handed's ``turn_up``), which leave the declarer and the bid ``None``.
        concede_cost: while this seat may concede (``legal.concede``), what the concession would settle: the
            hand's summary after it, cut to ``score`` (per side), ``transfers`` and ``chair_transfers`` (who pays
            whom, in the games settled by stakes): the engine's own settlement, so that the browser can ask
            "Concede the hand? You pay East 15 and West 15." without working a stake out (VARIANTS.md
            ``racehorse``, ``cutthroat``, ``auction``: the declarer may concede); ``None`` otherwise.
        parts: the parts the game's phases and the match's seat order return for this view
            (:class:`~pinochle.parts.Parts`; the empty ones are not kept): those every seat sees alike
            (:meth:`PhaseDef.public`, built once a state) and this seat's own (:meth:`PhaseDef.view`,
            :meth:`SeatOrder.view`). ``concession``, ``turned_trump``, ``chairs``, ``stock``,
            ``thrown_in``, ``tied``, ``card_pass``, ``widow_part``, ``burial``, ``bid_aid``, ``trump_aid``,
            ``auction`` and ``contract`` above are read-only names of these parts (a :class:`PartField` without a field name),
            each its empty value where no phase returned it.
    """

    seat: Seat
    version: int
    rules: str
    phase: Phase
    hand_number: int
    dealer: Seat
    turn: Seat | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, int, int, int]
    melds: tuple[Meld | None, ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    counters: tuple[int, ...]
    meld_shown: tuple[int, ...]
    totals: tuple[int, ...]
    history: tuple[dict[str, object], ...]
    last_hand: dict[str, object] | None
    winner: str | None
    legal: Legal
    why_won: str | None = None
    game: str = "table"
    scale: str = "tens"
    players: int = 4
    tricks_in_hand: int = 12
    target: int = 1500
    meld_needs_trick: bool = True
    seating: Seating = FOUR_PARTNERS
    deals: int | None = None
    deal_number: int = 1
    meld_secured: tuple[str | None, ...] = ()
    concede_cost: dict[str, object] | None = None
    parts: Parts = NO_PARTS

    #: The parts under the names their readers use (a :class:`PartField` without a field name: ``view.contract`` is
    #: ``view.parts.get(Contract)``).
    concession = PartField[Concession](Concession)
    turned_trump = PartField[TurnedSeen](TurnedSeen)
    chairs = PartField[ChairsSeen](ChairsSeen)
    stock = PartField[StockSeen](StockSeen)
    thrown_in = PartField[ThrownInSeen](ThrownInSeen)
    tied = PartField[Tied](Tied)
    card_pass = PartField[PassSeen](PassSeen)
    widow_part = PartField[WidowSeen](WidowSeen)
    burial = PartField[BuriedSeen](BuriedSeen)
    bid_aid = PartField[BidAid](BidAid)
    trump_aid = PartField[TrumpAid](TrumpAid)
    auction = PartField[AuctionSeen](AuctionSeen)
    contract = PartField[Contract](Contract)

    calls = PartField[tuple[tuple[Seat, Call], ...]](AuctionSeen, "calls")
    call_kinds = PartField[tuple[str | None, ...]](AuctionSeen, "call_kinds")
    high_bid = PartField[int | None](AuctionSeen, "high_bid")
    high_bidder = PartField[Seat | None](AuctionSeen, "high_bidder")
    declarer = PartField[Seat | None](Contract, "declarer")
    bid = PartField[int | None](Contract, "bid")
    trump = PartField[Suit | None](Contract, "trump")
    stuck = PartField[bool](Contract, "stuck")
    exchange = PartField[tuple[tuple[Card, ...], ...] | None](PassSeen, "exchange")
    received = PartField[tuple[Card, ...] | None](PassSeen, "received")
    widow = PartField[tuple[Card, ...] | None](WidowSeen, "widow")
    widow_taken_by = PartField[Seat | None](WidowSeen, "taken_by")
    widow_down = PartField[int](WidowSeen, "down")
    buried_down = PartField[int](WidowSeen, "buried_down")
    buried = PartField[tuple[Card, ...] | None](BuriedSeen, "buried")
    meld_if_trump = PartField[tuple[int, int, int, int] | None](BidAid, "meld_if_trump")
    meld_before = PartField[str | None](BidAid, "meld_before")
    trump_meld = PartField[tuple[int, int, int, int] | None](TrumpAid, "trump_meld")
    conceded = PartField[bool](Concession, "conceded")
    turned = PartField[Card | None](TurnedSeen, "card")
    dix_exchange = PartField[Seat | None](TurnedSeen, "dix_exchange")
    lineup = PartField[tuple[int, ...]](ChairsSeen, "lineup")
    chair = PartField[int | None](ChairsSeen, "chair")
    chair_totals = PartField[tuple[int, ...]](ChairsSeen, "chair_totals")
    sits_out = PartField[bool](ChairsSeen, "sits_out")
    chairs_out = PartField[tuple[int, ...]](ChairsSeen, "chairs_out")

    def rules_set(self) -> RuleSet:
        """The numbers of this view's game: its rule set (by ``rules``) in its ``scale``."""
        return RuleSet.by_name(self.rules).in_scale(self.scale)

    def to_json(self) -> dict[str, object]:
        """The view as a JSON-ready dict (cards, seats and suits as tokens).

        The fields that are the same for every seat of a state are turned into JSON once per
        state and shared by every seat's dict (a view built by :func:`view`); the nested
        values must not be changed (a top-level key may be replaced)."""
        pub = self.__dict__.get("_public")
        a, b, c, t = _public_json(pub) if pub is not None else _public_json_parts(self)
        get = self.parts.get  # each part once (the flat names read the container at every call)
        ps, bid_aid, trump_meld = get(PassSeen), get(BidAid), get(TrumpAid).trump_meld
        widow, turned = get(WidowSeen), get(TurnedSeen)
        buried = get(BuriedSeen).buried
        thrown_in, tied = get(ThrownInSeen).to_json(), get(Tied).to_json()
        return {
            "seat": str(self.seat),
            **a,
            "hand": [str(c) for c in self.hand],
            **b,
            "legal": self.legal.to_json(),
            **c,
            **({} if ps.exchange is None else {"exchange": [[str(c) for c in cs] for cs in ps.exchange]}),
            **({} if bid_aid.meld_if_trump is None else {
                "meld_if_trump": {str(Suit(i)): n for i, n in enumerate(bid_aid.meld_if_trump)},
                "meld_before": bid_aid.meld_before}),
            **({} if trump_meld is None else {
                "trump_meld": {str(Suit(i)): n for i, n in enumerate(trump_meld)}}),
            **({"conceded": True} if get(Concession).conceded else {}),
            **({} if self.concede_cost is None else {"concede_cost": self.concede_cost}),
            **({} if turned.card is None else {"turned": str(turned.card)}),
            **({} if turned.dix_exchange is None else {"dix_exchange": str(turned.dix_exchange)}),
            **({} if thrown_in is None else {"thrown_in": thrown_in}),
            **({} if tied is None else {"tied": tied}),
            **({} if widow.widow is None else {"widow": [str(c) for c in widow.widow]}),
            **({} if widow.taken_by is None else {"widow_taken_by": str(widow.taken_by)}),
            **({"widow_down": widow.down} if widow.down else {}),
            **({"buried_down": widow.buried_down} if widow.buried_down else {}),
            **({} if buried is None else {"buried": [str(c) for c in buried]}),
            **({} if ps.received is None else {"received": [str(c) for c in ps.received]}),
            **get(ChairsSeen).to_json(),
            **get(StockSeen).to_json(),
            # Table facts the browser shows but must not work out itself (it holds no rules):
            **t,
        }

    def _table_json(self) -> dict[str, object]:
        """The table facts of :meth:`to_json` (:func:`_table_json`)."""
        return _table_json(self)


_Parts = tuple[dict[str, object], dict[str, object], dict[str, object], dict[str, object]]


def _public_json_parts(v: Any) -> _Parts:
    """The JSON of the seat-independent fields of a view ``v`` (a :class:`View`, or a namespace of
    :func:`_public_fields`' fields) in four parts, in :meth:`View.to_json`'s key order: after
    ``seat``, after ``hand``, after ``legal``, and the table facts."""
    names = v.seating.side_names
    seats = v.seating.seats

    def sides(p: tuple[int, ...]) -> dict[str, int]:
        return dict(zip(names, p))

    def s(x: object) -> str | None:
        return None if x is None else str(x)

    a = {
        "version": v.version,
        "rules": v.rules,
        "phase": v.phase,
        "hand_number": v.hand_number,
        "dealer": str(v.dealer),
        "turn": s(v.turn),
    }
    b = {
        "hand_sizes": {str(_SEATS[i]): n for i, n in enumerate(v.hand_sizes) if i in seats},
        **v.parts.get(AuctionSeen).to_json(),
        **v.parts.get(Contract).to_json(),
        "melds": {str(_SEATS[i]): None if m is None else meld_json(m) for i, m in enumerate(v.melds) if i in seats},
        # each laid meld's one suit ("H"), or null, in the order of its seat's `melds` (MeldItem.suit)
        "meld_suits": {str(_SEATS[i]): None if m is None else [it.suit for it in m.items]
                       for i, m in enumerate(v.melds) if i in seats},
        "tricks": [trick_json(t) for t in v.tricks],
        "tricks_won": sides(v.tricks_won),
        "counters": sides(v.counters),
        "meld_shown": sides(v.meld_shown),
        "meld_secured": dict(zip(names, v.meld_secured)),
        "totals": sides(v.totals),
        "history": list(v.history),
        "last_hand": v.last_hand,
        "winner": v.winner,
        "why_won": v.why_won,
    }
    c = {"game": v.game, "scale": v.scale}
    return a, b, c, _table_json(v)


#: :func:`_public_json_parts` of the fields :func:`_public_fields` built for one state (the same
#: dict for every seat's view of it: its JSON is built once).
_public_json = _SameObject(lambda pub: _public_json_parts(_Fields(pub)), size=256)


class _Fields:
    """A dict's items as attributes (the public fields of a view, for :func:`_public_json_parts`)."""

    def __init__(self, d: dict[str, Any]) -> None:
        self.__dict__.update(d)


def _table_json(v: Any) -> dict[str, object]:
    """The seats and sides, a finished hand's earned points, the number of tricks in a hand,
    the target (or the number of deals and the deal being played) and the meld rule in words."""
    seats = list(v.seating.names)
    names = v.seating.side_names

    return {
        "seats": seats,
        "sides": {side: [str(_SEATS[s]) for s in members] for side, members in zip(names, v.seating.sides)},
        "tricks_in_hand": v.tricks_in_hand,
        # a match of a number of deals has no target: the browser shows "deal k of n"
        "target": None if v.deals else v.target,
        "deals": v.deals,
        "deal_number": v.deal_number,
        "meld_note": "A side keeps its meld only if it takes at least one trick." if v.meld_needs_trick else None,
        "last_earned": None if v.last_hand is None else _measured(v.last_hand, names),
    }


def _measured(summary: dict[str, object], names: tuple[str, ...]) -> dict[str, int] | None:
    """Per side, the kept meld + counters of a finished hand: what a side's play earned, toward its bid
    when it declared. A hand settled by stakes measures the meld shown (scorers.stakes: kept only when
    the bid is made); a scorer that measured otherwise says so (HandScore.earned: racehorse's failed
    declarers)."""
    given = summary.get("earned")
    if isinstance(given, dict):
        return {s: int(given[s]) for s in names}
    kept = summary.get("meld" if "transfers" in summary else "kept_meld")
    ctr = summary.get("counters")
    if not isinstance(kept, dict) or not isinstance(ctr, dict):
        return None
    return {s: kept[s] + ctr[s] for s in names}


@_SameObject
def _summary(hand: HandResult, rules: RuleSet, seating: Seating) -> dict[str, object]:
    """A finished hand's summary in a view (``HandResult.summary``, with ``measured``: per side, the
    meld and counters measured against the bid, as ``last_earned``; in a game with an auction also the
    hand's ``auction`` and (when one call is a save) ``call_kinds`` as the view had them when the hand ended, so that the hand opened
    from the score sheet tells its auction as its summary did; shared: do not change it). ``rules`` and
    ``seating`` are the match's, which find who made each call (:func:`pinochle.auction.callers`)."""
    out = hand.summary()
    out["measured"] = _measured(out, hand.score.names)
    calls = hand.parts.get(Contract).calls
    if calls:
        callers = auction_mod.callers(calls, hand.dealer, rules, seating)
        save = auction_mod.save_index(calls, hand.dealer, rules, seating)
        out["auction"] = [{"seat": str(seat), "call": call_text(call)} for seat, call in zip(callers, calls)]
        if save is not None:  # (every call's kind is null otherwise: left out, as the summaries go in every view)
            out["call_kinds"] = ["save" if i == save else None for i in range(len(calls))]
    return out


@_SameObject
def meld_json(m: Meld) -> dict[str, object]:
    """A seat's laid meld as a view's JSON gives it: ``{"total", "melds", "shown"}`` (the same object for the
    same meld: do not change it). The replay of a finished hand shows its melds so too."""
    return {**m.to_json(), "shown": [str(c) for c in m.shown()]}


@_SameObject
def trick_json(t: Trick) -> dict[str, object]:
    """A trick as a view's JSON gives it: ``{"leader", "cards", "winner", "seats"}`` (the same object for the
    same trick: do not change it). The replay of a finished hand shows its tricks so too."""
    return {**t.to_json(), "seats": [str(t.seat_of(i)) for i in range(len(t.cards))]}


def sort_hand(cards: Sequence[int], trump: int | None = None) -> tuple[Card, ...]:
    """Cards sorted for display: trump first (once named), then S H D C, high to low."""
    def key(c: int) -> tuple[int, int, int]:
        return (0 if trump is not None and c // 6 == trump else 1, c // 6, -(c % 6))

    return tuple(CARDS[c] for c in sorted(cards, key=key))


@lru_cache(maxsize=4_096)
def _hand_in_order(hand: int, trump: Suit | None) -> tuple[Card, ...]:
    """:func:`sort_hand` of a hand int, remembered (a seat's hand stays the same from move to move)."""
    return sort_hand(unpack(hand), trump)


def view(state: State, seat: int, player: int | None = None) -> View:
    """The view of ``seat``: its own hand and everything public, nothing else.

    Args:
        state: the match.
        seat: the seat (0..3 or a :class:`~pinochle.cards.Seat`).
        player: who looks, as the match's seat order numbers its players (:meth:`SeatOrder.view`);
            ``None``: the player at ``seat``. A player sitting the hand out looks from the
            empty place (VARIANTS.md ``auction`` at 4 or 5: :func:`pinochle.chairs.view_for_chair`).

    Returns:
        A :class:`View`. It never holds another seat's unplayed cards beyond
        those it laid down in meld (RULES.md, Meld: "The meld review shows each
        player's melds and the cards that score in them, never the rest").
    """
    me = Seat(seat)
    pub = _public(state)
    moves = legal(state, me)
    # the parts every seat sees (built once a state), and those the order and the phases add for this seat
    seat_parts = (*state.order.view(state, me, player), *_phases_view(state, me))
    v = View(
        seat=me,
        hand=_hand_in_order(state.hands[me], state.trump),
        legal=moves,
        **(pub if not seat_parts else {**pub, "parts": pub["parts"].set(*seat_parts)}),
        concede_cost=_concede_cost(state, me) if moves.concede else None,
    )
    object.__setattr__(v, "_public", pub)  # not a field: dataclasses.replace makes a view without it
    return v


def _concede_cost(state: State, seat: Seat) -> dict[str, object] | None:
    """What ``seat``'s concession would settle (:attr:`View.concede_cost`): the summary of the hand the
    concession ends, cut to its ``score``, ``transfers`` and ``chair_transfers``."""
    after = apply(state, Action.concede_(seat))
    if len(after.history) <= len(state.history):
        return None
    last = _summary(after.history[-1], after.rules, after.game.seating)
    return {k: last[k] for k in ("score", "transfers", "chair_transfers") if k in last}


def _public_fields(state: State) -> dict[str, Any]:
    """The fields of :class:`View` that are the same for every seat of ``state`` (everything public),
    built once for the seats' views of one state (shared: do not change them)."""
    tricks_won, pts = taken(state, buried=state.phase in ("hand_end", "match_end"))  # buried: hidden in play
    seating = state.game.seating
    last = (_summary(state.history[-1], state.rules, seating)
            if state.phase in ("hand_end", "match_end") and state.history else None)
    standing = state.order.public(state)
    return dict(
        version=state.version,
        rules=state.rules.name,
        phase=state.phase,
        hand_number=state.hand_no + 1,
        dealer=state.dealer,
        turn=turn(state),
        hand_sizes=(size(state.hands[0]), size(state.hands[1]), size(state.hands[2]), size(state.hands[3])),
        parts=Parts(*_phases_public(state)),
        melds=state.melds,
        tricks=state.tricks,
        tricks_won=tricks_won,
        counters=pts,
        meld_shown=side_meld(state),
        meld_secured=_meld_secured(state, tricks_won),
        history=tuple(_summary(h, state.rules, seating) for h in state.history),
        last_hand=last,
        totals=standing.totals,
        winner=standing.winner,
        why_won=state.why_won,
        game=state.game.name,
        scale=state.rules.scale,
        players=state.rules.players,
        tricks_in_hand=state.rules.hand_size,
        target=state.rules.target,
        meld_needs_trick=state.rules.meld_needs_trick,
        seating=state.game.seating,
        deals=match_deals(state) or None,
        deal_number=deal_number(state),
    )


_public = _SameObject(_public_fields, size=256)


def _meld_secured(state: State, tricks_won: tuple[int, ...]) -> tuple[str | None, ...]:
    """The :attr:`View.meld_secured` of ``state``: per side, whether its meld is secured by a trick under the
    game's rule (RULES.md, Meld; the rule set's ``meld_needs_trick``: :func:`pinochle.scoring.meld_secured`),
    the hand over in ``hand_end`` and ``match_end`` (its result says what each side kept)."""
    over = state.phase in ("hand_end", "match_end") and bool(state.history)
    kept = tuple(state.history[-1].score.kept_meld) if over else None
    return meld_secured(side_meld(state), tricks_won, state.rules.meld_needs_trick, over, kept)


def _phases_view(state: State, seat: Seat) -> tuple[object, ...]:
    """The view's parts every phase of the game adds for ``seat`` (:meth:`PhaseDef.view`: each decides what
    ``seat`` may see), in the game's phase order."""
    out: tuple[object, ...] = ()
    for ph in _phases_with(state.game.phases, "view"):
        out += ph.view(state, seat)
    return out


def _phases_public(state: State) -> tuple[object, ...]:
    """The view's parts every phase of the game shows every seat alike (:meth:`PhaseDef.public`), in the
    game's phase order (a later part of a class replaces an earlier one in :class:`~pinochle.parts.Parts`):
    the auction and the contract (empty parts where no phase of the game returns them)."""
    out: tuple[object, ...] = ()
    for ph in _phases_with(state.game.phases, "public"):
        out += ph.public(state)
    return out


def _phases_with(phases: tuple[PhaseDef, ...], method: str) -> tuple[PhaseDef, ...]:
    """The phases of ``phases`` whose ``method`` (:meth:`PhaseDef.view` or :meth:`PhaseDef.public`) adds
    something (the others add nothing), remembered per tuple of phases (a game's) and method."""
    key = (id(phases), method)
    hit = _WITH.get(key)
    if hit is None or hit[0] is not phases:
        base = getattr(PhaseDef, method)
        hit = _WITH[key] = (phases, tuple(p for p in phases if getattr(type(p), method) is not base))
    return hit[1]


_WITH: dict[tuple[int, str], tuple[tuple[PhaseDef, ...], tuple[PhaseDef, ...]]] = {}


def deck_check(state: State) -> bool:
    """Whether every card of the deck is in exactly one place: a hand or a played trick.

    An invariant of every reachable state (used by the property tests), for the
    game's deck (48 cards; VARIANTS.md ``double-deck``: 80).
    """
    deck = DECKS[state.rules.deck]
    played = [c for t in state.tricks for c in t.cards]
    counts = [0] * 24
    for h in state.hands:
        for c in unpack(h):
            counts[c] += 1
    for c in (*played, *state.buried):
        counts[c] += 1
    if state.widow and state.declarer is None:  # still face down (taken once the auction is over)
        for c in unpack(state.widow):
            counts[c] += 1
    dealt = [0] * 24
    for h in (*state.dealt, state.widow):
        for c in unpack(h):
            dealt[c] += 1
    return counts == list(deck.copies) == dealt
