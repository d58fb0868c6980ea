"""The match as a pure reducer, and the per-seat view.

``apply(state, action) -> state`` runs a match through its declared phases
(RULES.md, all sections)::

    auction -> trump -> meld -> play (12 tricks) -> hand_end -> (deal) -> auction ...
                                                 -> match_end

* ``auction``: seats call in turn from left of the dealer (bid or pass).
* ``trump``: the declarer names trump.
* ``meld``: starting with the declarer, each seat in turn lays down its meld
  (the action carries no choice: the meld is what the hand holds).
* ``play``: 12 tricks; the declarer leads the first.
* ``hand_end``: the hand is scored; the next dealer deals the next hand.
* ``match_end``: a side has won (1500).

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
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from . import auction as auction_mod
from .auction import AuctionStatus, Call
from .cards import CARDS, FULL_DECK, SIDES, Card, Seat, Suit, pack, remove, shown, size, unpack
from .errors import IllegalAction, StaleAction
from .meld import Meld, meld
from .rules import TABLE, RuleSet
from .scoring import HandScore, match_winner, score_hand
from .tricks import counters as counter_points
from .tricks import explain_illegal, legal_mask, winner_index

Phase = Literal["auction", "trump", "meld", "play", "hand_end", "match_end"]
PHASES: tuple[Phase, ...] = ("auction", "trump", "meld", "play", "hand_end", "match_end")
ActionType = Literal["bid", "pass", "trump", "meld", "play", "deal"]
ACTION_TYPES: tuple[str, ...] = ("bid", "pass", "trump", "meld", "play", "deal")


@dataclass(frozen=True)
class Action:
    """One move by one seat.

    Attributes:
        type: ``"bid"``, ``"pass"``, ``"trump"``, ``"meld"`` (lay down your
            meld), ``"play"`` (a card) or ``"deal"`` (the next dealer deals
            the next hand).
        seat: who acts.
        bid: the bid in points, for ``"bid"``.
        suit: the trump suit, for ``"trump"``.
        card: the card, for ``"play"``.

    >>> Action.from_json({"type": "play", "seat": "S", "card": "10h"})
    Action(type='play', seat=<Seat.S: 2>, bid=None, suit=None, card=Card.parse('TH'))
    >>> Action.bid_(Seat.N, 260).to_json()
    {'type': 'bid', 'seat': 'N', 'bid': 260}
    """

    type: ActionType
    seat: Seat
    bid: int | None = None
    suit: Suit | None = None
    card: Card | None = None

    @classmethod
    def bid_(cls, seat: int, points: int) -> Action:
        """A bid of ``points``."""
        return cls("bid", Seat(seat), bid=points)

    @classmethod
    def pass_(cls, seat: int) -> Action:
        """A pass in the auction."""
        return cls("pass", Seat(seat))

    @classmethod
    def trump_(cls, seat: int, suit: int) -> Action:
        """The declarer names ``suit`` trump."""
        return cls("trump", Seat(seat), suit=Suit(suit))

    @classmethod
    def meld_(cls, seat: int) -> Action:
        """The seat lays down its meld."""
        return cls("meld", Seat(seat))

    @classmethod
    def play(cls, seat: int, card: int) -> Action:
        """The seat plays ``card``."""
        return cls("play", Seat(seat), card=Card(card))

    @classmethod
    def deal(cls, seat: int) -> Action:
        """The next dealer deals the next hand."""
        return cls("deal", Seat(seat))

    def to_json(self) -> dict[str, object]:
        """``{"type", "seat", ...}`` with ``bid``, ``suit`` or ``card`` as the type needs."""
        out: dict[str, object] = {"type": self.type, "seat": str(self.seat)}
        if self.type == "bid":
            out["bid"] = self.bid
        elif self.type == "trump":
            out["suit"] = str(self.suit)
        elif self.type == "play":
            out["card"] = str(self.card)
        return out

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
        needs = {"bid": "bid", "trump": "suit", "play": "card"}.get(str(kind))
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
                return cls.play(seat, Card.parse(data.get("card")))
        except IllegalAction:
            raise
        except ValueError as err:
            raise IllegalAction(str(err)) from None
        return cls(kind, seat)


@dataclass(frozen=True)
class Trick:
    """A trick: who led, the cards in play order, and the winner once complete."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat | None = None

    def seat_of(self, i: int) -> Seat:
        """The seat that played the ``i``-th card of this trick."""
        return Seat((self.leader + i) % 4)

    def to_json(self) -> dict[str, object]:
        """``{"leader", "cards", "winner"}``."""
        return {
            "leader": str(self.leader),
            "cards": [str(c) for c in self.cards],
            "winner": None if self.winner is None else str(self.winner),
        }


@dataclass(frozen=True)
class HandResult:
    """A finished hand: everything the hand record and the score sheet need.

    Attributes:
        number: the hand's number in the match, counted from 1 (as people read it).
        dealer: the dealer.
        dealt: the four packed hands as dealt, N E S W.
        calls: the auction calls from left of the dealer.
        declarer, bid, trump: the contract.
        stuck: the dealer took the minimum bid without a call.
        tricks: the 12 tricks.
        melds: each seat's meld, N E S W.
        score: the :class:`~pinochle.scoring.HandScore`.
        totals: both sides' totals after this hand.
    """

    number: int
    dealer: Seat
    dealt: tuple[int, int, int, int]
    calls: tuple[Call, ...]
    declarer: Seat
    bid: int
    trump: Suit
    stuck: bool
    tricks: tuple[Trick, ...]
    melds: tuple[Meld, Meld, Meld, Meld]
    score: HandScore
    totals: tuple[int, int]

    @property
    def play(self) -> list[Card]:
        """The 48 cards in the order played."""
        return [c for t in self.tricks for c in t.cards]

    def summary(self) -> dict[str, object]:
        """The hand summary for the score sheet (no hidden cards)."""
        return {
            "number": self.number,
            "dealer": str(self.dealer),
            "declarer": str(self.declarer),
            "bid": self.bid,
            "trump": str(self.trump),
            "stuck": self.stuck,
            **{k: v for k, v in self.score.to_json().items() if k != "bid"},
            "totals": {SIDES[0]: self.totals[0], SIDES[1]: self.totals[1]},
        }


@dataclass(frozen=True)
class State:
    """A whole match at one moment. Immutable: :func:`apply` returns a new one.

    Attributes:
        rules: the :class:`~pinochle.rules.RuleSet`.
        seed: the match's seed; deal ``i`` is shuffled by ``Random(f"{seed}/{i}")``.
        version: 0 at the start, +1 for every action.
        phase: one of :data:`PHASES`.
        hand_no: the current deal's index from 0 (the key of its shuffle);
            people read hands numbered from 1 (:attr:`View.hand_number`).
        dealer: the current dealer.
        dealt: the four packed hands as dealt (N E S W).
        hands: the four packed hands now.
        calls: the auction calls so far, from left of the dealer.
        declarer, bid, trump: the contract, once known.
        stuck: the dealer took the minimum bid without a call.
        melds: each seat's meld once laid down (``None`` before).
        tricks: the tricks of this hand; the last may be in progress.
        totals: the sides' totals (NS, EW), finished hands included.
        history: the finished hands.
        winner: the winning side (0 NS, 1 EW) at match end.
        preset: hands for the next deals instead of shuffling (for replays
            and tests): deal ``i`` uses ``preset[i]`` when present.
    """

    rules: RuleSet
    seed: int | str
    version: int
    phase: Phase
    hand_no: int
    dealer: Seat
    dealt: tuple[int, int, int, int]
    hands: tuple[int, int, int, int]
    calls: tuple[Call, ...] = ()
    declarer: Seat | None = None
    bid: int | None = None
    trump: Suit | None = None
    stuck: bool = False
    melds: tuple[Meld | None, ...] = (None, None, None, None)
    tricks: tuple[Trick, ...] = ()
    totals: tuple[int, int] = (0, 0)
    history: tuple[HandResult, ...] = ()
    winner: int | None = None
    preset: tuple[tuple[int, int, int, int], ...] = field(default=(), repr=False)


def shuffle_deal(seed: int | str, hand_no: int, rules: RuleSet = TABLE) -> tuple[int, int, int, int]:
    """The four packed hands of deal ``hand_no`` of a match seeded ``seed`` (RULES.md, Deal 1).

    >>> shuffle_deal(1, 0) == shuffle_deal(1, 0) != shuffle_deal(1, 1)
    True
    """
    cards = [CARDS[c] for c in range(24) for _ in range(2)]
    random.Random(f"{seed}/{hand_no}").shuffle(cards)
    n = rules.hand_size
    return (pack(cards[0:n]), pack(cards[n:2 * n]), pack(cards[2 * n:3 * n]), pack(cards[3 * n:4 * n]))


def check_deal(hands: Sequence[int], rules: RuleSet = TABLE) -> None:
    """Check that four packed hands are a legal deal: 12 cards each, the whole deck.

    Raises:
        IllegalAction: a hand of the wrong size, or cards that are not exactly
            the 48-card deck.
    """
    if len(hands) != 4:
        raise IllegalAction(f"a deal has four hands, not {len(hands)}")
    for seat, h in enumerate(hands):
        if not isinstance(h, int) or isinstance(h, bool) or h < 0 or h >> (2 * 24):
            raise IllegalAction(f"{Seat(seat)}'s hand is not a packed hand (see pinochle.cards.pack)")
        if size(h) != rules.hand_size:
            raise IllegalAction(f"{Seat(seat)} has {size(h)} cards; each seat is dealt {rules.hand_size}")
    counts = [0] * 24
    for h in hands:
        for card in unpack(h):
            counts[card] += 1
    for t, n in enumerate(counts):
        if n != 2:
            raise IllegalAction(f"the deal has {n} {CARDS[t].label}; the deck has exactly two")


def new_match(
    seed: int | str = 0,
    rules: RuleSet = TABLE,
    first_dealer: int | None = None,
    deals: Sequence[Sequence[int]] = (),
) -> State:
    """A new match, with the first hand dealt and the auction open.

    Args:
        seed: seeds the first dealer and every shuffle (int or str).
        rules: the table's rules.
        first_dealer: the first dealer; by default drawn from the seed
            (RULES.md, Deal 1: chosen at random).
        deals: optional packed hands (N E S W) for the first deals, used
            instead of shuffling (replays, tests).

    Returns:
        The :class:`State` at version 0 in the ``auction`` phase.

    Raises:
        IllegalAction: a preset deal that is not a legal deal.
    """
    checked: list[tuple[int, int, int, int]] = []
    for d in deals:
        hands = tuple(d)
        check_deal(hands, rules)
        checked.append((hands[0], hands[1], hands[2], hands[3]))
    preset = tuple(checked)
    dealer = Seat(random.Random(f"{seed}/dealer").randrange(4) if first_dealer is None else first_dealer)
    hands = preset[0] if preset else shuffle_deal(seed, 0, rules)
    return State(rules, seed, 0, "auction", 0, dealer, hands, hands, preset=preset)


def auction_status(state: State) -> AuctionStatus:
    """The auction's :class:`~pinochle.auction.AuctionStatus` for the current hand."""
    return auction_mod.status(state.calls, state.dealer, state.rules)


def current_trick(state: State) -> Trick | None:
    """The trick in progress (fewer than four cards), or ``None``."""
    if state.tricks and len(state.tricks[-1].cards) < 4:
        return state.tricks[-1]
    return None


def turn(state: State) -> Seat | None:
    """The seat to act, or ``None`` at match end."""
    phase = state.phase
    if phase == "auction":
        return auction_status(state).turn
    if phase == "trump":
        return state.declarer
    if phase == "meld":
        assert state.declarer is not None
        shown = sum(m is not None for m in state.melds)
        return Seat((state.declarer + shown) % 4)
    if phase == "play":
        if not state.tricks:
            if state.rules.first_lead == "declarer":
                return state.declarer
            return state.dealer.left
        last = state.tricks[-1]
        if len(last.cards) < 4:
            return last.seat_of(len(last.cards))
        return last.winner
    if phase == "hand_end":
        return state.dealer.left
    return None


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
    whose = turn(state)
    if whose is None:
        raise IllegalAction("the match is over")
    expected = _EXPECTED[state.phase]
    if action.type not in expected:
        raise IllegalAction(f"a {action.type} is not possible now: {_PHASE_TEXT[state.phase]}")
    if action.seat != whose:
        raise IllegalAction(f"it is {whose}'s turn, not {action.seat}'s")
    handler = _HANDLERS[action.type]
    return replace(handler(state, action), version=state.version + 1)


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
        if not isinstance(action.bid, int) or isinstance(action.bid, bool):
            raise IllegalAction(f"a bid needs a whole number of points, not {action.bid!r}")
        return Action("bid", seat, bid=action.bid)
    if action.type == "trump":
        if not _is_int(action.suit, 0, 3):
            raise IllegalAction(f"name trump as a suit: S, H, D or C, not {action.suit!r}")
        return Action("trump", seat, suit=Suit(action.suit))  # type: ignore[arg-type]
    if action.type == "play":
        if not _is_int(action.card, 0, 23):
            raise IllegalAction(f"play a card such as AS, not {action.card!r}")
        return Action("play", seat, card=Card(action.card))  # type: ignore[arg-type]
    return Action(action.type, seat)


_EXPECTED: dict[str, tuple[str, ...]] = {
    "auction": ("bid", "pass"),
    "trump": ("trump",),
    "meld": ("meld",),
    "play": ("play",),
    "hand_end": ("deal",),
    "match_end": (),
}
_PHASE_TEXT = {
    "auction": "the auction is on: bid or pass",
    "trump": "the declarer is naming trump",
    "meld": "the meld is being laid down",
    "play": "the tricks are being played",
    "hand_end": "the hand is over: the next dealer deals",
    "match_end": "the match is over",
}


def _call(state: State, action: Action) -> State:
    call = action.bid if action.type == "bid" else None
    st = auction_mod.check_call(state.calls, state.dealer, action.seat, call, state.rules)
    state = replace(state, calls=(*state.calls, call))
    if not st.done:
        return state
    if st.redeal:
        return _deal(state, state.hand_no + 1, state.dealer.left)
    return replace(state, phase="trump", declarer=st.declarer, bid=st.bid, stuck=st.stuck)


def _name_trump(state: State, action: Action) -> State:
    assert action.suit is not None
    return replace(state, phase="meld", trump=action.suit)


def _show_meld(state: State, action: Action) -> State:
    assert state.trump is not None
    melds = list(state.melds)
    melds[action.seat] = meld(state.dealt[action.seat], state.trump, state.rules)
    phase: Phase = "play" if all(m is not None for m in melds) else "meld"
    return replace(state, melds=tuple(melds), phase=phase)


def _play_card(state: State, action: Action) -> State:
    assert action.card is not None and state.trump is not None
    seat, card, trump = action.seat, action.card, state.trump
    hand = state.hands[seat]
    trick = current_trick(state)
    played = trick.cards if trick is not None else ()
    reason = explain_illegal(hand, played, trump, card, state.rules)
    if reason is not None:
        raise IllegalAction(reason)
    hands = list(state.hands)
    hands[seat] = remove(hand, card)
    if trick is None:
        trick = Trick(seat, (card,))
        tricks = (*state.tricks, trick)
    else:
        cards = (*trick.cards, card)
        winner = Seat((trick.leader + winner_index(cards, trump)) % 4) if len(cards) == 4 else None
        tricks = (*state.tricks[:-1], Trick(trick.leader, cards, winner))
    state = replace(state, hands=(hands[0], hands[1], hands[2], hands[3]), tricks=tricks)
    if len(tricks) == state.rules.hand_size and tricks[-1].winner is not None:
        return _score(state)
    return state


def taken(state: State) -> tuple[tuple[int, int], tuple[int, int]]:
    """Tricks and counters (last-trick bonus included) taken so far by each side.

    Returns:
        ``((tricks_NS, tricks_EW), (counters_NS, counters_EW))``.
    """
    n = [0, 0]
    pts = [0, 0]
    complete = [t for t in state.tricks if t.winner is not None]
    for t in complete:
        assert t.winner is not None
        side = t.winner % 2
        n[side] += 1
        pts[side] += counter_points(t.cards, state.rules)
    if len(complete) == state.rules.hand_size:
        last = complete[-1].winner
        assert last is not None
        pts[last % 2] += state.rules.last_trick
    return (n[0], n[1]), (pts[0], pts[1])


def side_meld(state: State) -> tuple[int, int]:
    """Meld laid down so far by each side (points), kept or not."""
    pts = [0, 0]
    for seat, m in enumerate(state.melds):
        if m is not None:
            pts[seat % 2] += m.total
    return pts[0], pts[1]


def _score(state: State) -> State:
    assert state.declarer is not None and state.bid is not None and state.trump is not None
    tricks, pts = taken(state)
    score = score_hand(state.declarer % 2, state.bid, side_meld(state), tricks, pts, state.rules)
    totals = (state.totals[0] + score.score[0], state.totals[1] + score.score[1])
    melds = tuple(m for m in state.melds if m is not None)
    assert len(melds) == 4
    result = HandResult(
        state.hand_no + 1, state.dealer, state.dealt, state.calls, state.declarer, state.bid, state.trump,
        state.stuck, state.tricks, (melds[0], melds[1], melds[2], melds[3]), score, totals,
    )
    winner = match_winner(totals, state.declarer % 2, state.rules)
    return replace(
        state,
        phase="hand_end" if winner is None else "match_end",
        totals=totals,
        history=(*state.history, result),
        winner=winner,
    )


def _deal(state: State, hand_no: int, dealer: Seat) -> State:
    hands = state.preset[hand_no] if hand_no < len(state.preset) else shuffle_deal(state.seed, hand_no, state.rules)
    return replace(
        state, phase="auction", hand_no=hand_no, dealer=dealer, dealt=hands, hands=hands, calls=(),
        declarer=None, bid=None, trump=None, stuck=False, melds=(None, None, None, None), tricks=(),
    )


def _next_hand(state: State, action: Action) -> State:
    return _deal(state, state.hand_no + 1, state.dealer.left)


_HANDLERS = {
    "bid": _call,
    "pass": _call,
    "trump": _name_trump,
    "meld": _show_meld,
    "play": _play_card,
    "deal": _next_hand,
}


# ---------------------------------------------------------------- legal actions


@dataclass(frozen=True)
class Legal:
    """What one seat may do now (empty when it is not that seat's turn).

    Attributes:
        pass_: a pass is legal.
        min_bid: the lowest legal bid (any multiple of ``bid_step`` from it
            up to ``bid_limit`` is legal), or ``None``.
        bid_step: the bid step (points).
        bid_limit: the highest bid the engine takes (RuleSet.max_bid).
        trumps: the suits that may be named trump.
        meld: laying down meld is the move.
        cards: the distinct cards that may be played, high to low by suit.
        deal: dealing the next hand is the move.
    """

    pass_: bool = False
    min_bid: int | None = None
    bid_step: int = 10
    bid_limit: int = 10_000
    trumps: tuple[Suit, ...] = ()
    meld: bool = False
    cards: tuple[Card, ...] = ()
    deal: bool = False

    def any(self) -> bool:
        """Whether the seat has any move."""
        return self.pass_ or self.min_bid is not None or bool(self.trumps) or self.meld or bool(self.cards) or self.deal

    def actions(self, seat: int, max_bid: int | None = None) -> list[Action]:
        """The legal actions as a list; bids from ``min_bid`` up to ``max_bid`` only.

        Args:
            seat: the seat (for the actions' ``seat``).
            max_bid: the highest bid to list (default: only ``min_bid``).
        """
        out: list[Action] = []
        if self.min_bid is not None:
            top = self.min_bid if max_bid is None else max_bid
            out.extend(Action.bid_(seat, b) for b in range(self.min_bid, top + 1, self.bid_step))
        if self.pass_:
            out.append(Action.pass_(seat))
        out.extend(Action.trump_(seat, s) for s in self.trumps)
        if self.meld:
            out.append(Action.meld_(seat))
        out.extend(Action.play(seat, c) for c in self.cards)
        if self.deal:
            out.append(Action.deal(seat))
        return out

    def to_json(self) -> dict[str, object]:
        """JSON form: only the moves that are open."""
        out: dict[str, object] = {}
        if self.pass_:
            out["pass"] = True
        if self.min_bid is not None:
            out["bid"] = {"min": self.min_bid, "step": self.bid_step, "max": self.bid_limit}
        if self.trumps:
            out["trump"] = [str(s) for s in self.trumps]
        if self.meld:
            out["meld"] = True
        if self.cards:
            out["play"] = [str(c) for c in self.cards]
        if self.deal:
            out["deal"] = True
        return out


def legal(state: State, seat: int) -> Legal:
    """The legal moves of ``seat`` in ``state`` (empty when it is not its turn)."""
    if turn(state) != seat:
        return Legal(bid_step=state.rules.bid_step)
    phase = state.phase
    rules = state.rules
    if phase == "auction":
        st = auction_status(state)
        low = st.min_bid(rules)
        return Legal(pass_=True, min_bid=low if low <= rules.max_bid else None, bid_step=rules.bid_step,
                     bid_limit=rules.max_bid)
    if phase == "trump":
        return Legal(trumps=tuple(Suit), bid_step=rules.bid_step)
    if phase == "meld":
        return Legal(meld=True, bid_step=rules.bid_step)
    if phase == "play":
        assert state.trump is not None
        trick = current_trick(state)
        mask = legal_mask(state.hands[seat], trick.cards if trick else (), state.trump, rules)
        cards = tuple(sorted((CARDS[c] for c in range(24) if mask >> c & 1), key=lambda c: (c // 6, -c)))
        return Legal(cards=cards, bid_step=rules.bid_step)
    if phase == "hand_end":
        return Legal(deal=True, bid_step=rules.bid_step)
    return Legal(bid_step=rules.bid_step)


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
        calls: the auction calls as ``(seat, call)`` pairs in order.
        high_bid, high_bidder: the auction so far.
        declarer, bid, trump, stuck: the contract once known.
        melds: each seat's meld once laid down (its scoring cards only).
        tricks: the tricks of this hand, the last possibly in progress.
        tricks_won, counters: per side (NS, EW) so far.
        meld_shown: meld laid down per side so far.
        totals: the match totals, finished hands included.
        history: the finished hands' summaries (no cards).
        last_hand: the summary of the hand just finished, in ``hand_end``
            and ``match_end``.
        winner: the winning side's name at match end.
        legal: this seat's legal moves.
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
    calls: tuple[tuple[Seat, Call], ...]
    high_bid: int | None
    high_bidder: Seat | None
    declarer: Seat | None
    bid: int | None
    trump: Suit | None
    stuck: bool
    melds: tuple[Meld | None, ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, int]
    counters: tuple[int, int]
    meld_shown: tuple[int, int]
    totals: tuple[int, int]
    history: tuple[dict[str, object], ...]
    last_hand: dict[str, object] | None
    winner: str | None
    legal: Legal

    def to_json(self) -> dict[str, object]:
        """The view as a JSON-ready dict (cards, seats and suits as tokens)."""

        def sides(p: tuple[int, int]) -> dict[str, int]:
            return {SIDES[0]: p[0], SIDES[1]: p[1]}

        def s(x: object) -> str | None:
            return None if x is None else str(x)

        return {
            "seat": str(self.seat),
            "version": self.version,
            "rules": self.rules,
            "phase": self.phase,
            "hand_number": self.hand_number,
            "dealer": str(self.dealer),
            "turn": s(self.turn),
            "hand": [str(c) for c in self.hand],
            "hand_sizes": {str(Seat(i)): n for i, n in enumerate(self.hand_sizes)},
            "auction": [{"seat": str(seat), "call": auction_mod.call_text(call)} for seat, call in self.calls],
            "high_bid": self.high_bid,
            "high_bidder": s(self.high_bidder),
            "declarer": s(self.declarer),
            "bid": self.bid,
            "trump": s(self.trump),
            "stuck": self.stuck,
            "melds": {
                str(Seat(i)): None if m is None else {**m.to_json(), "shown": [str(c) for c in m.shown()]}
                for i, m in enumerate(self.melds)
            },
            "tricks": [t.to_json() for t in self.tricks],
            "tricks_won": sides(self.tricks_won),
            "counters": sides(self.counters),
            "meld_shown": sides(self.meld_shown),
            "totals": sides(self.totals),
            "history": list(self.history),
            "last_hand": self.last_hand,
            "winner": self.winner,
            "legal": self.legal.to_json(),
        }


def sort_hand(cards: Sequence[int], trump: int | None = None) -> tuple[Card, ...]:
    """Cards sorted for display: trump first (once named), then S H D C, high to low."""
    def key(c: int) -> tuple[int, int, int]:
        return (0 if trump is not None and c // 6 == trump else 1, c // 6, -(c % 6))

    return tuple(CARDS[c] for c in sorted(cards, key=key))


def view(state: State, seat: int) -> View:
    """The view of ``seat``: its own hand and everything public, nothing else.

    Args:
        state: the match.
        seat: the seat (0..3 or a :class:`~pinochle.cards.Seat`).

    Returns:
        A :class:`View`. It never holds another seat's unplayed cards beyond
        those it laid down in meld (RULES.md, Meld: "The meld review shows each
        player's melds and the cards that score in them, never the rest").
    """
    me = Seat(seat)
    st = auction_status(state)
    calls = tuple(zip(auction_mod.callers(state.calls, state.dealer, state.rules), state.calls))
    tricks_won, pts = taken(state)
    last = state.history[-1].summary() if state.phase in ("hand_end", "match_end") and state.history else None
    return View(
        seat=me,
        version=state.version,
        rules=state.rules.name,
        phase=state.phase,
        hand_number=state.hand_no + 1,
        dealer=state.dealer,
        turn=turn(state),
        hand=sort_hand(unpack(state.hands[me]), state.trump),
        hand_sizes=(size(state.hands[0]), size(state.hands[1]), size(state.hands[2]), size(state.hands[3])),
        calls=calls,
        high_bid=st.high_bid,
        high_bidder=st.high_bidder,
        declarer=state.declarer,
        bid=state.bid,
        trump=state.trump,
        stuck=state.stuck,
        melds=state.melds,
        tricks=state.tricks,
        tricks_won=tricks_won,
        counters=pts,
        meld_shown=side_meld(state),
        totals=state.totals,
        history=tuple(h.summary() for h in state.history),
        last_hand=last,
        winner=None if state.winner is None else SIDES[state.winner],
        legal=legal(state, me),
    )


def deck_check(state: State) -> bool:
    """Whether every card of the deck is in exactly one place: a hand or a played trick.

    An invariant of every reachable state (used by the property tests).
    """
    played = [c for t in state.tricks for c in t.cards]
    counts = [0] * 24
    for h in state.hands:
        for c in unpack(h):
            counts[c] += 1
    for c in played:
        counts[c] += 1
    return all(n == 2 for n in counts) and pack(c for h in state.dealt for c in unpack(h)) == FULL_DECK
