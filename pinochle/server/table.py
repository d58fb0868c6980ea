"""Tables: one match each, people and computer players in its seats (the game's seating:
four in two partnerships, three players alone at E, S and W with N an empty place, or two facing
each other at N and S with E and W empty places: VARIANTS.md ``two-handed``).

A :class:`Table` owns one match. It validates every person's move with the
engine, appends every move to storage before telling anyone (storage is the
truth), runs the computer players off the event loop (``asyncio.to_thread``)
at a pace a person can follow, and sends each seat's sockets a message built
from ``view(state, seat)`` alone.

A solo match (RULES.md "Players and partnerships"; seed 003 "solo matches
against Easy, Normal or Hard computer players") is a table whose South is the
device and whose other seats are computers. A room or Quick Match table seats
people by seat token (issue 5). One driver task per table decides what
happens next and when:

- a computer guest moves after ``bot_delay`` seconds (three times that for
  the first move after the meld, the opening lead or a concession, so that
  the meld review can be read);
- a move without a choice (laying meld; a two-handed draw from the stock) is made at
  once for every seat alike (:func:`~pinochle.game.auto_action`); every move with a choice (a bid,
  trump, the cards to pass, conceding, a card) is the seat's own: its
  person's, or its computer player's;
- a person who has been disconnected for ``away_seconds`` (60 s by default
  in rooms and Quick Match, off in solo) is played by a computer until they
  reconnect and take the seat back;
- with a move timer (off in private rooms, 30 s in Quick Match), the
  computer plays for a person who does not move in time;
- at a hand's end the next hand is dealt once every person present has
  asked for it (the move timer and the away rule apply here too);
- a table with no person connected waits: nobody is there to be kept waiting.

:class:`Tables` finds tables, rebuilds them from storage and keeps the
sockets of every token (:class:`Hub`).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ..bots import Player, for_level
from ..cards import Seat
from ..errors import IllegalAction
from ..game import (Action, State, View, apply, apply_for_chair, auto_action, legal_actions, lineup_json,
                    new_match, seat_of_chair, turn, view, view_for_chair)
from ..games import find as find_game
from .protocol import ErrorCode, ProtocolError
from .storage import SeatRecord, StaleWrite, Storage, StorageFault, StoredMatch

R = TypeVar("R")

log = logging.getLogger("pinochle.server")

Send = Callable[[dict[str, object]], Awaitable[None]]
Clock = Callable[[], float]

#: The seat a solo player sits in.
SOLO_SEAT = Seat.S
#: Seconds the driver waits before trying a computer or automatic move again after it failed (storage full or locked).
RETRY_SECONDS = 1.0
SEAT_WORD = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}


def rebuild(stored: StoredMatch) -> State:
    """The match state: the reducer folded over the stored action log from the seed, in the stored game.

    Raises:
        ValueError: the stored game is unknown or not playable (a database written by a newer server).
    """
    state = new_match(seed=stored.seed, first_dealer=stored.first_dealer, game=stored.game,
                      players=TableOptions.from_json(stored.options).players)
    for raw in stored.actions:
        state = apply(state, Action.from_json(raw))
    return state


def new_match_id() -> str:
    """A fresh random match id (16 URL-safe characters)."""
    return secrets.token_urlsafe(12)


def seats_in_play(game: str) -> tuple[Seat, ...]:
    """The seats of ``game``'s table, clockwise (its definition's seating: N E S W for the
    partnership games; E S W for the three-handed games, whose N is an empty place; N S for
    two-handed, whose E and W are empty places).

    >>> [str(s) for s in seats_in_play("cutthroat")], [str(s) for s in seats_in_play("two-handed")]
    (['E', 'S', 'W'], ['N', 'S'])

    Raises:
        ValueError: ``game`` is unknown or not built yet.
    """
    return tuple(Seat(s) for s in find_game(game).seating.seats)


def seat_order(game: str) -> tuple[Seat, ...]:
    """The order people fill the seats of ``game``: South, then South's partners, then the
    others (N, E, S, W order): S N E W in a partnership game, S E W at a table of three.

    >>> [str(s) for s in seat_order("table")], [str(s) for s in seat_order("auction")]
    (['S', 'N', 'E', 'W'], ['S', 'E', 'W'])
    """
    seating = find_game(game).seating
    seats = seats_in_play(game)
    partners = tuple(Seat(s) for s in seating.partners(SOLO_SEAT))
    return (SOLO_SEAT, *partners, *(s for s in seats if s != SOLO_SEAT and s not in partners))


#: The record of an empty place (a three-handed game's N): nobody sits there and it never acts.
EMPTY_PLACE = SeatRecord(None, "")


def has_chairs(game: str, players: int | None) -> bool:
    """Whether a table of ``players`` for ``game`` seats its people in chairs rather than seats:
    more players than the game's seating (VARIANTS.md ``auction`` at 4 or 5: each hand three of
    the chairs play, at E, S and W, and the others sit it out; docs/design.md 4b).

    >>> has_chairs("auction", 5), has_chairs("auction", 3), has_chairs("auction", None)
    (True, False, False)
    """
    return players is not None and players > find_game(game).seating.players


def chair_word(chair: int) -> str:
    """A computer guest's name in chair ``chair`` (chairs numbered from 0, named from 1).

    >>> chair_word(0)
    'Player 1'
    """
    return f"Player {chair + 1}"


def solo_seats(device: str, game: str = "table", players: int | None = None) -> tuple[SeatRecord, ...]:
    """The seats of a solo match of ``game``: the device at South, computers in the other seats
    in play, an empty place where the game seats nobody (N, E, S, W order).

    At a table of more players than seats (:func:`has_chairs`) one record per chair
    instead: the device in chair 0, computers in the others."""
    if players is not None and has_chairs(game, players):
        return tuple(SeatRecord(device if c == 0 else None, "You" if c == 0 else chair_word(c)) for c in range(players))
    seats = seats_in_play(game)
    return tuple(SeatRecord(device if s == SOLO_SEAT else None, SEAT_WORD[s]) if s in seats else EMPTY_PLACE
                 for s in Seat)


@dataclass(frozen=True)
class TableOptions:
    """How a table treats people who are slow or gone.

    Attributes:
        move_timer: seconds a person has to move before the computer plays
            that move for them; ``None`` for no timer.
        away_seconds: seconds a disconnected person keeps the seat before a
            computer plays for them (until they come back); ``None`` to wait forever.
        players: the players at the table when the game seats more than one number
            (``Game.table_sizes``: auction at 3, 4 or 5); ``None``: its seating's players.
    """

    move_timer: float | None = None
    away_seconds: float | None = None
    players: int | None = None

    def to_json(self) -> dict[str, object]:
        """``{"move_timer", "away_seconds"}`` (seconds or null), and ``"players"`` when set."""
        out: dict[str, object] = {"move_timer": self.move_timer, "away_seconds": self.away_seconds}
        if self.players is not None:
            out["players"] = self.players
        return out

    @classmethod
    def from_json(cls, data: dict[str, object]) -> TableOptions:
        """The inverse of :meth:`to_json`; missing fields are ``None``."""
        def num(key: str) -> float | None:
            v = data.get(key)
            return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None
        players = data.get("players")
        return cls(num("move_timer"), num("away_seconds"),
                   players if isinstance(players, int) and not isinstance(players, bool) else None)


class Hub:
    """The open sockets of every token (a device token or a seat token).

    Every tab that said hello with a token hears every message for that token.
    ``watch`` registers a callback run when a token's first socket opens or
    its last closes.
    """

    def __init__(self) -> None:
        self._sockets: dict[str, set[Send]] = {}
        self._watchers: list[Callable[[str], None]] = []

    def subscribe(self, token: str, send: Send) -> None:
        """Add a socket for ``token``."""
        first = token not in self._sockets
        self._sockets.setdefault(token, set()).add(send)
        if first:
            self._changed(token)

    def unsubscribe(self, token: str, send: Send) -> None:
        """Remove a socket of ``token``."""
        sockets = self._sockets.get(token)
        if sockets is None:
            return
        sockets.discard(send)
        if not sockets:
            del self._sockets[token]
            self._changed(token)

    def connected(self, token: str | None) -> bool:
        """Whether ``token`` has an open socket."""
        return token is not None and token in self._sockets

    def held(self) -> int:
        """How many tokens have a socket on this process."""
        return len(self._sockets)

    def watch(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(token)`` when a token connects or its last socket closes."""
        self._watchers.append(callback)

    def _changed(self, token: str) -> None:
        for w in self._watchers:
            w(token)

    async def settle(self) -> None:
        """Wait until the sockets subscribed so far hear messages from every process (one process: at once)."""

    async def send(self, token: str | None, msg: dict[str, object]) -> None:
        """Send ``msg`` to every socket of ``token``; forget sockets that fail."""
        if token is None:
            return
        for send in list(self._sockets.get(token, ())):
            try:
                await send(msg)
            except Exception:  # a closed socket
                self.unsubscribe(token, send)


class Table:
    """One match in memory, backed by storage (the truth)."""

    def __init__(self, stored: StoredMatch, storage: Storage, hub: Hub, bot_delay: float,
                 clock: Clock = time.monotonic,
                 on_finish: Callable[[Table], Awaitable[None]] | None = None) -> None:
        """Rebuild the table of ``stored``.

        Args:
            stored: the match as stored.
            storage: where every move is appended.
            hub: the sockets of every token.
            bot_delay: seconds between computer moves.
            clock: a monotonic clock in seconds (tests pass a fake one).
            on_finish: awaited once the match ends (a room shows its result).
        """
        self.id = stored.id
        self.owner = stored.device
        self.kind = stored.kind
        self.level = stored.level
        self.seed = stored.seed
        #: the game's name (pinochle.games.GAMES)
        self.game = stored.game
        self.storage = storage
        self.hub = hub
        self.bot_delay = bot_delay
        self.clock = clock
        self.on_finish = on_finish
        self.options = TableOptions.from_json(stored.options)
        self.state = rebuild(stored)
        #: a table of more players than seats (auction at 4 or 5): people hold chairs, not seats
        self.chaired = self.state.table_size > self.state.game.seating.players
        size = self.state.table_size if self.chaired else 4
        self.seats: list[SeatRecord] = list(stored.seats) if len(stored.seats) == size \
            else list(solo_seats(stored.device, stored.game, self.state.table_size if self.chaired else None))
        #: the places people hold: the seats in play (the game's seating; an empty place, a
        #: three-handed game's N, is not one), or the chairs 0 .. players - 1 at a table of 4 or 5
        self.in_play: tuple[int, ...] = tuple(range(size)) if self.chaired \
            else tuple(Seat(s) for s in self.state.game.seating.seats)
        #: ended before its last hand (replaced, or everyone left): it never moves again
        self.abandoned = stored.finished and self.state.phase != "match_end"
        self.players: dict[int, Player] = {
            p: for_level(stored.level, f"{stored.seed}/chair{p}" if self.chaired else f"{stored.seed}/{Seat(p)}")
            for p in self.in_play}
        self.lock = asyncio.Lock()
        self.closed = False
        now = clock()
        self.turn_since = now
        #: when each disconnected person's last socket closed (a restart counts as a disconnect)
        self.away_since: dict[int, float] = {
            seat: now for seat in self.people() if not hub.connected(self.seats[seat].token)
        }
        #: people who asked for the next hand at this hand's end
        self.next_ready: set[int] = set()
        self._changed = asyncio.Event()
        self._driver: asyncio.Task[None] | None = None
        #: the seats shown as played by a stand-in in the last broadcast
        self._shown_stand_ins: frozenset[int] = frozenset()

    # ---------------------------------------------------------------- places: seats or chairs

    def seat_at(self, place: int, state: State | None = None) -> Seat | None:
        """The seat where the person or computer of ``place`` plays this hand: the place itself
        at a table of seats; at a table of chairs the chair's seat, ``None`` while it sits out."""
        state = self.state if state is None else state
        return seat_of_chair(state, place) if self.chaired else Seat(place)

    def place_at(self, seat: Seat, state: State | None = None) -> int:
        """Whose place plays ``seat`` this hand: the seat itself, or the chair there (``State.lineup``)."""
        state = self.state if state is None else state
        return state.lineup[seat] if self.chaired else seat

    def view_of(self, place: int, state: State | None = None) -> View:
        """What ``place`` sees: ``view`` of its seat, or ``view_for_chair`` (a spectator's view while it sits out)."""
        state = self.state if state is None else state
        return view_for_chair(state, place) if self.chaired else view(state, Seat(place))

    def place_word(self, place: int) -> str:
        """The key of ``place`` in messages: the seat letter (``"S"``) or the chair number (``"3"``)."""
        return str(place) if self.chaired else str(Seat(place))

    # ---------------------------------------------------------------- seats

    def people(self) -> list[int]:
        """The seats held by people."""
        return [s for s in self.in_play if self.seats[s].token is not None]

    def home(self) -> int:
        """Where a solo match's device sits: South, or chair 0 at a table of 4 or 5."""
        return 0 if self.chaired else SOLO_SEAT

    def seat_of(self, tokens: Iterable[str | None]) -> int | None:
        """The place (seat, or chair at a table of 4 or 5) held by one of ``tokens``, or ``None``."""
        held = set(tokens) - {None}
        for s in self.in_play:
            if self.seats[s].token in held:
                return s
        return None

    def tokens(self) -> set[str]:
        """The tokens of the people at this table."""
        return {r.token for r in self.seats if r.token is not None}

    def _gone_at(self, seat: int) -> float | None:
        """When a disconnected person's seat passes to a computer, or ``None``."""
        since = self.away_since.get(seat)
        if since is None or self.options.away_seconds is None:
            return None
        return since + self.options.away_seconds

    def stand_in(self, seat: int, now: float | None = None) -> bool:
        """Whether a computer is playing for the person in ``seat`` (away too long)."""
        at = self._gone_at(seat)
        return at is not None and (self.clock() if now is None else now) >= at

    def presence(self, token: str) -> None:
        """A token connected or disconnected: track who is away and re-plan."""
        for seat in self.in_play:
            if self.seats[seat].token != token:
                continue
            if self.hub.connected(token):
                self.away_since.pop(seat, None)
            else:
                self.away_since.setdefault(seat, self.clock())
        self._changed.set()
        if not self.closed:
            asyncio.get_running_loop().create_task(self._presence_broadcast())

    async def _presence_broadcast(self) -> None:
        """Tell everyone that a person connected or left (a cluster replica tells only its own sockets)."""
        await self.broadcast("presence")

    async def leave(self, seat: int) -> None:
        """The person in ``seat`` left for good: a computer takes the seat for the rest of the match."""
        async with self.lock:
            record = SeatRecord(None, self.seats[seat].name)
            await asyncio.to_thread(self.storage.set_seat, self.id, int(seat), record)
            self.seats[seat] = record
            self.away_since.pop(seat, None)
            self.next_ready.discard(seat)
        self._changed.set()
        await self.broadcast("presence")

    # ---------------------------------------------------------------- messages

    def summary(self) -> dict[str, object]:
        """The match summary of docs/protocol.md: the totals per side of the game's seating
        (``{"NS", "EW"}``; ``{"E", "S", "W"}`` for players alone)."""
        s = self.state
        names = tuple(str(c) for c in range(s.table_size)) if self.chaired else s.game.seating.side_names
        return {
            "id": self.id,
            "kind": self.kind,
            "game": self.game,
            "level": self.level,
            "hand_number": s.hand_no + 1,
            "phase": s.phase,
            "totals": dict(zip(names, s.totals)),
            "winner": None if s.winner is None else names[s.winner],
            **({"players": s.table_size} if self.chaired else {}),
        }

    def _seats_json(self, now: float) -> dict[str, object]:
        out: dict[str, object] = {
            self.place_word(s): {
                "name": self.seats[s].name,
                "computer": self.seats[s].token is None,
                "connected": self.seats[s].token is None or self.hub.connected(self.seats[s].token),
                "stand_in": self.seats[s].token is not None and self.stand_in(s, now),
                "next_ready": s in self.next_ready,
                **({"seat": None if (at := self.seat_at(s)) is None else str(at),
                    "total": self.state.totals[s]} if self.chaired else {}),
            }
            for s in self.in_play
        }
        return out

    def message(self, seat: int, event: str | None,
                shared: tuple[dict[str, object], dict[str, object]] | None = None) -> dict[str, object]:
        """The ``state`` message for ``seat``: built from ``view(state, seat)`` alone plus public table facts.

        At a table of 4 or 5 ``seat`` is a chair and the view is ``view_for_chair``
        (a chair sitting the hand out sees what a spectator sees); ``table.you`` is
        then the chair's seat this hand (``None`` while it sits out), ``table.chair``
        the chair, and ``table.seats`` is keyed by chair.

        At a hand's end each person is offered ``deal`` (ask for the next
        hand) until they have asked; the hand is dealt when everyone present has.

        ``shared``: the match summary and the seats' JSON (:meth:`_shared`), the same for every
        person, when a broadcast has built them already.
        """
        now = self.clock()
        summary, seats = self._shared(now) if shared is None else shared
        v = self.view_of(seat).to_json()
        if self.state.phase == "hand_end":
            v["legal"] = {} if seat in self.next_ready else {"deal": True}
        timer: dict[str, object] | None = None
        whose = turn(self.state)
        at_hand_end = self.state.phase == "hand_end"
        timed = whose is not None and (at_hand_end or (
            self.seats[self.place_at(whose)].token is not None
            and not self.stand_in(self.place_at(whose), now)))  # computers need no countdown
        if self.options.move_timer is not None and self.state.phase != "match_end" and timed:
            left = max(0.0, self.turn_since + self.options.move_timer - now)
            timer = {"seat": None if at_hand_end else str(whose), "seconds": round(left, 1)}
        table: dict[str, object] = {
            "kind": self.kind,
            "room": self.owner if self.kind == "room" else None,
            "you": self.place_word(seat) if not self.chaired else (
                None if (here := self.seat_at(seat)) is None else str(here)),
            "seats": seats,
            "timer": timer,
        }
        if self.chaired:
            table["chair"] = seat
            table["players"] = self.state.table_size
            table["lineup"] = lineup_json(self.state.lineup)
        return {"type": "state", "match": summary, "view": v, "event": event, "table": table}

    def _shared(self, now: float) -> tuple[dict[str, object], dict[str, object]]:
        """The parts of the ``state`` message that are the same for every person: the match summary
        and the seats (names, computers, connected, stand-ins, who asked for the next hand)."""
        return self.summary(), self._seats_json(now)

    async def send_to(self, seat: int, event: str | None) -> None:
        """Send the state to every socket of the person in ``seat``."""
        await self._deliver(seat, self.message(seat, event))

    async def _deliver(self, seat: int, msg: dict[str, object]) -> None:
        """Send ``msg`` to every socket of the person in ``seat``."""
        await self.hub.send(self.seats[seat].token, msg)

    def _listens(self, seat: int) -> bool:
        """Whether a message :meth:`_deliver` sends for the person in ``seat`` reaches a socket."""
        return self.hub.connected(self.seats[seat].token)

    def _stand_ins(self) -> frozenset[int]:
        now = self.clock()
        return frozenset(s for s in self.people() if self.stand_in(s, now))

    async def broadcast(self, event: str | None) -> None:
        """Send every person their own state."""
        if self.closed:
            return
        self._shown_stand_ins = self._stand_ins()
        shared = self._shared(self.clock())
        # every message is built before any is sent: one moment of the table for everyone, and no view is
        # built for a person with no socket open (nobody would read it)
        out = [(seat, self.message(seat, event, shared)) for seat in self.people() if self._listens(seat)]
        for seat, msg in out:
            await self._deliver(seat, msg)

    # ---------------------------------------------------------------- moves

    async def person_action(self, seat: int, version: int, data: dict[str, object]) -> None:
        """Apply a person's move.

        Args:
            seat: the person's seat.
            version: the view version the move was made against.
            data: the action object without a seat (docs/protocol.md).

        The checks are made in this order: the match has not ended early
        (``no_match``), the chair plays this hand (``illegal``), ``version`` is the current one (``stale``), it is this
        seat's move (``not_your_turn``, whoever's move it is, a person's or a
        computer's), and the engine accepts the move (``illegal``, with the
        engine's reason). At a hand's end only ``deal`` is a move, and any
        person may make it. At a table of 4 or 5 ``seat`` is a chair; a chair
        that sits the hand out has no move but ``deal`` (``illegal``, with the
        engine's reason: "chair 3 (the dealer) sits this hand out ...").

        Raises:
            ProtocolError: ``no_match``, ``stale``, ``not_your_turn`` or ``illegal``; the match is unchanged.
        """
        async with self.lock:
            if self.closed or self.abandoned:
                raise ProtocolError(ErrorCode.NO_MATCH, "this match has ended without a result: it goes no further")
            state = self.state
            if state.phase != "hand_end" and self.seat_at(seat) is None:
                # a chair sitting this hand out, whatever the version: the engine says why
                try:
                    apply_for_chair(state, seat, Action.from_json({**data, "seat": "N"}))
                except IllegalAction as err:
                    raise ProtocolError(ErrorCode.ILLEGAL, str(err)) from None
                raise ProtocolError(ErrorCode.ILLEGAL, f"chair {seat} sits this hand out")  # pragma: no cover
            if version != state.version:
                raise ProtocolError(ErrorCode.STALE, f"the table has moved on (version {state.version}, your move was for {version})")
            if state.phase == "hand_end":
                if data.get("type") != "deal":
                    raise ProtocolError(ErrorCode.ILLEGAL, 'the hand is over: ask for the next hand with {"type": "deal"}')
                await self._mark_ready(seat)
                self._changed.set()
                await self.broadcast("next_ready")
                return
            whose = turn(state)
            here = self.seat_at(seat)
            if whose != here and whose is not None:
                who = self.seats[self.place_at(whose)].name
                if self.seats[self.place_at(whose)].token is None and "computer" not in who:
                    who += " (computer)"
                raise ProtocolError(ErrorCode.NOT_YOUR_TURN, f"it is not your move: wait for {who}")
            try:
                action = Action.from_json({**data, "seat": str(here)})
                await self._apply(action, seat if self.chaired else None)
            except IllegalAction as err:
                raise ProtocolError(ErrorCode.ILLEGAL, str(err)) from None
            try:
                await self._auto()
            except StorageFault:  # the person's move is saved; the driver retries the rest
                log.warning("storage refused an automatic move in match %s; retrying", self.id)
            await self.broadcast("move")
        await self._after_change()

    async def _apply(self, action: Action, chair: int | None = None) -> None:
        """Apply (a person's move at a table of 4 or 5 through ``apply_for_chair`` for their
        ``chair``), store, then adopt the new state (called with the lock held)."""
        new = apply(self.state, action) if chair is None else apply_for_chair(self.state, chair, action)
        try:
            await asyncio.to_thread(
                self.storage.append_action, self.id, self.state.version, action.to_json(), new.phase == "match_end"
            )
        except StaleWrite:
            await self._stale()
            raise ProtocolError(ErrorCode.STALE, "the table has moved on") from None
        self._adopt(new)

    def _adopt(self, new: State) -> None:
        """Make ``new`` (stored) the table's state: a new hand or a hand's end clears who asked to deal."""
        if new.hand_no != self.state.hand_no or new.phase == "hand_end":
            self.next_ready = set()
        self.state = new
        self.turn_since = self.clock()
        self._changed.set()

    async def _stale(self) -> None:
        """Storage already holds an action at this version (another process moved the table on; called with
        the lock held): one process has nothing to do, a cluster replica reloads the log."""

    async def _mark_ready(self, place: int) -> None:
        """The person at ``place`` asked for the next hand (called with the lock held)."""
        self.next_ready.add(place)

    async def _auto(self) -> None:
        """Make every move that holds no choice (laying meld: RULES.md, Meld), as the phase gives it.

        Only :func:`~pinochle.game.auto_action` is made here: a move with a
        choice (a bid, trump, the cards to pass, conceding, a card) is always
        the seat's own, a person's or their computer player's.
        """
        while (action := auto_action(self.state)) is not None:
            await self._apply(action)

    async def _after_change(self) -> None:
        if self.state.phase == "match_end" and self.on_finish is not None:
            hook, self.on_finish = self.on_finish, None
            await hook(self)

    # ---------------------------------------------------------------- the driver

    def next_stand_in(self, now: float) -> float | None:
        """When the next away person's seat passes to a computer (after ``now``), or ``None``."""
        times = [at for p in self.people() if (at := self._gone_at(p)) is not None and at > now]
        return min(times, default=None)

    def decide(self, now: float) -> tuple[str | None, float | None]:
        """What the table does next: ``(what, None)`` now, or ``(None, when)`` to decide again at ``when``.

        ``what`` is ``"bot"`` (a computer moves for the seat to act),
        ``"deal"`` (the next hand is dealt) or ``"auto"`` (a move without a
        choice, such as laying meld: :func:`~pinochle.game.auto_action`); ``when`` ``None``
        means wait for a change (a move, a connection). ``when`` is never
        later than the moment an away person's seat passes to a computer,
        so that the table can tell everyone at once (a ``presence`` state
        with ``stand_in`` true), whoever's move it is.
        """
        what, when = self._decide(now)
        s = self.state
        if what is not None or self.closed or self.abandoned or s.phase == "match_end":
            return what, when
        if not any(self.hub.connected(self.seats[p].token) for p in self.people()):
            return what, when  # nobody is there to be told
        soon = self.next_stand_in(now)
        return None, soon if when is None or (soon is not None and soon < when) else when

    def _decide(self, now: float) -> tuple[str | None, float | None]:
        s = self.state
        if self.closed or self.abandoned or s.phase == "match_end":
            return None, None
        people = self.people()
        if people and not any(self.hub.connected(self.seats[p].token) for p in people):
            return None, None  # nobody is at the table: nobody is kept waiting
        seat = turn(s)
        timer = self.options.move_timer
        timer_at = None if timer is None else self.turn_since + timer
        if auto_action(s) is not None:
            return "auto", None
        if s.phase == "hand_end":
            if timer_at is not None and now >= timer_at:
                return "deal", None
            blockers = [p for p in people if p not in self.next_ready and not self.stand_in(p, now)]
            if not blockers:
                return "deal", None
            wakes = [t for t in [timer_at, *(self._gone_at(p) for p in blockers)] if t is not None]
            return None, min(wakes, default=None)
        if seat is None:
            return None, None
        place = self.place_at(seat)
        # the first move once every meld is laid (the opening lead, or a declarer's concession) waits
        # three times longer, so that the meld review can be read
        review = not s.tricks and all(m is not None for m in s.melds)
        pace = self.bot_delay * (3 if review else 1)
        if self.seats[place].token is None or self.stand_in(place, now):
            start = self.turn_since
            gone = self._gone_at(place)
            if self.seats[place].token is not None and gone is not None:
                start = max(start, gone)
            at = start + pace
            return ("bot", None) if now >= at else (None, at)
        if timer_at is not None and now >= timer_at:
            return "bot", None
        wakes = [t for t in (timer_at, self._gone_at(place)) if t is not None]
        return None, min(wakes, default=None)

    def start(self) -> None:
        """Start the driver task if it is not running (an abandoned match never starts)."""
        if not self.closed and not self.abandoned and (self._driver is None or self._driver.done()):
            self._driver = asyncio.get_running_loop().create_task(self._drive())
        self._changed.set()

    kick = start

    def close(self) -> None:
        """Stop the driver; no move or message follows."""
        self.closed = True
        if self._driver is not None:
            self._driver.cancel()

    def _fallback(self, state: State, seat: Seat) -> Action:
        moves = legal_actions(state, seat)
        return next((a for a in moves if a.type == "pass"), moves[0])

    async def _drive(self) -> None:
        while not self.closed:
            self._changed.clear()
            async with self.lock:
                what, wake = self.decide(self.clock())
                before = self.state
                if self._stand_ins() != self._shown_stand_ins:
                    await self.broadcast("presence")  # a computer now plays for someone away, or stopped
            if what is None:
                timeout = None if wake is None else max(0.0, wake - self.clock())
                try:
                    await asyncio.wait_for(self._changed.wait(), timeout)
                except TimeoutError:
                    pass
                continue
            seat = turn(before)
            assert seat is not None
            if what == "bot":
                try:
                    action = await asyncio.to_thread(self.players[self.place_at(seat, before)].act, view(before, seat))
                except Exception:
                    log.exception("computer player failed in match %s; playing the first legal move", self.id)
                    action = self._fallback(before, seat)
            elif what == "deal":
                action = Action.deal(seat)
            else:
                auto = auto_action(before)
                if auto is None:
                    continue
                action = auto
            failed = False
            async with self.lock:
                if self.closed or self.state.version != before.version:
                    continue
                try:
                    await self._apply(action)
                    await self._auto()
                except StorageFault as err:  # nothing saved, nothing adopted: try again when storage is back
                    log.warning("storage refused a move in match %s: %s", self.id, err.__cause__ or err)
                    failed = True
                except ProtocolError:  # stale: another process stored a move first (cluster); decide again
                    pass
                except Exception:
                    log.exception("move failed in match %s", self.id)
                    failed = True
                if self.state.version != before.version:
                    await self.broadcast("move")  # what was saved is told, even when a later move was not
            if failed:
                await asyncio.sleep(RETRY_SECONDS)  # the lock is free meanwhile: people may resume
                continue
            await self._after_change()


class Tables:
    """The tables of a server: created on demand, rebuilt from storage.

    Args:
        storage: the store.
        bot_delay: seconds between computer moves.
        clock: a monotonic clock in seconds.
    """

    def __init__(self, storage: Storage, bot_delay: float = 0.7, clock: Clock = time.monotonic) -> None:
        self.storage = storage
        self.bot_delay = bot_delay
        self.clock = clock
        self.hub = Hub()
        self.tables: dict[str, Table] = {}
        self._by_token: dict[str, set[str]] = {}
        #: stored matches whose log no longer replays under today's rules (:meth:`open`)
        self.unreadable: set[str] = set()
        #: awaited when a match ends, by kind (a room shows its result)
        self.finish_hooks: dict[str, Callable[[Table], Awaitable[None]]] = {}
        self.hub.watch(self._presence)

    def _presence(self, token: str) -> None:
        for match_id in self._by_token.get(token, ()):
            table = self.tables.get(match_id)
            if table is not None:
                table.presence(token)

    def get(self, match_id: str) -> Table | None:
        """The table of ``match_id`` (rebuilt from storage if not in memory), or ``None``."""
        table = self.tables.get(match_id)
        if table is None:
            stored = self.storage.load(match_id)
            if stored is None:
                return None
            made = self.open(stored)
            if made is None:
                return None
            table = made
            self._adopt(table)
        return table

    def open(self, stored: StoredMatch) -> Table | None:
        """A table for ``stored``, or ``None`` when its log no longer replays: the match was stored
        under rules that have changed since (a game's default reading, docs/games/NAME.md). Its log
        stays in storage untouched; the server logs why once and goes on without it (a person
        holding its seat is welcomed without a match)."""
        if stored.id in self.unreadable:
            return None
        try:
            return self._make(stored)
        except ValueError as err:  # IllegalAction, BadCard: the stored log against today's rules
            self.unreadable.add(stored.id)
            log.warning("match %s (%s) does not replay under today's rules and is not reopened: %s",
                        stored.id, stored.game, err)
            return None

    def _make(self, stored: StoredMatch) -> Table:
        """A table for ``stored`` (a cluster makes its replicas here)."""
        return Table(stored, self.storage, self.hub, self.bot_delay, self.clock,
                     None if stored.finished else self.finish_hooks.get(stored.kind))

    def _adopt(self, table: Table) -> None:
        self.tables[table.id] = table
        for token in table.tokens():
            self._by_token.setdefault(token, set()).add(table.id)

    def drop(self, table: Table) -> None:
        """Close ``table`` and forget it (storage keeps its log)."""
        table.close()
        self.tables.pop(table.id, None)
        for token in table.tokens():
            ids = self._by_token.get(token)
            if ids is not None:
                ids.discard(table.id)
                if not ids:
                    del self._by_token[token]

    async def ended(self, match_id: str) -> None:
        """The match ended for good (storage marks it finished): close its table."""
        table = self.tables.get(match_id)
        if table is not None:
            table.abandoned = True
            self.drop(table)

    async def read(self, fn: Callable[..., R], *args: object) -> R:
        """``fn(*args)``, a storage read made for a message (the lookups of :meth:`aget`, :meth:`acurrent`,
        :meth:`aof_token` and ``Rooms.aget``/``aof_token``). Here, on the event loop: a SQLite read takes about
        10 µs, a worker thread's hop about ten times that. A service on Redis reads in a worker thread
        (:meth:`.clustered.ClusterTables.read`), so that a hung Redis holds up that message only.

        Raises:
            StorageFault: the store cannot answer (the person is told ``storage``).
        """
        return fn(*args)

    async def aget(self, match_id: str) -> Table | None:
        """:meth:`get`, reading storage off the event loop (:meth:`read`)."""
        table = self.tables.get(match_id)
        if table is None:
            stored = await self.read(self.storage.load, match_id)
            if stored is None:
                return None
            table = self.tables.get(match_id)  # opened meanwhile (another message): keep that one
            if table is None:
                table = self.open(stored)
                if table is None:
                    return None
                self._adopt(table)
        return table

    async def acurrent(self, device: str) -> Table | None:
        """:meth:`current`, reading storage off the event loop (:meth:`read`)."""
        match_id = await self.read(self.storage.current_match, device)
        return None if match_id is None else await self.aget(match_id)

    async def aof_token(self, token: str) -> Table | None:
        """:meth:`of_token`, reading storage off the event loop (:meth:`read`)."""
        match_id = await self.read(self.storage.match_of_token, token)
        table = None if match_id is None else await self.aget(match_id)
        return None if table is None or table.abandoned else table

    def current(self, device: str) -> Table | None:
        """The device's current solo match (in progress, else the last finished), or ``None``."""
        match_id = self.storage.current_match(device)
        return None if match_id is None else self.get(match_id)

    def of_token(self, token: str) -> Table | None:
        """The latest room or Quick Match table where ``token`` holds a seat, or ``None``."""
        match_id = self.storage.match_of_token(token)
        table = None if match_id is None else self.get(match_id)
        return None if table is None or table.abandoned else table

    def create_solo(self, device: str, level: str, game: str = "table", players: int | None = None) -> Table:
        """Start a new solo match of ``game`` for ``device`` at ``level``; an unfinished one is ended.

        ``players``: the players at the table (one of the game's ``table_sizes``; ``None``:
        its seating's). At a table of 4 or 5 the device holds chair 0 and computers the others.

        Raises:
            ValueError: an unknown game, or a number of players it does not take (nothing is stored).
        """
        g = find_game(game, at_table=True)  # refuse a game not seated yet before storing anything
        players = None if players == g.seating.players else players
        if players is not None and players not in g.sizes:
            new_match(game=game, players=players)  # raises the engine's ValueError, naming the sizes
        for old in [t for t in self.tables.values() if t.kind == "solo" and t.owner == device]:
            self.drop(old)  # ended by the new match; storage keeps its log
        return self.create("solo", device, level, solo_seats(device, game, players), TableOptions(players=players),
                           game=game)

    def create(self, kind: str, owner: str, level: str, seats: Sequence[SeatRecord], options: TableOptions,
               match_id: str | None = None, game: str = "table") -> Table:
        """Store and open a new match.

        Args:
            kind: ``"solo"``, ``"room"`` or ``"quick"``.
            owner: the device (solo), the room code (room) or ``""``.
            level: the computer players' level.
            seats: four seats in N, E, S, W order (an empty place, :data:`EMPTY_PLACE`, where
                the game seats nobody); at a table of 4 or 5 (``options.players``) one per chair.
            options: the move timer, away rule and number of players.
            match_id: the new match's id (default: a fresh random one).
            game: the game's name (a playable game of :data:`pinochle.games.GAMES`).

        Returns:
            The new table; call :meth:`Table.start` on the event loop to start its driver.

        Raises:
            ValueError: ``game`` is unknown or not built yet (nothing is stored).
        """
        seats_here = seats_in_play(game)  # refuse before storing anything
        match_id = match_id or new_match_id()
        seed = secrets.randbits(63)  # secret (and fits SQLite INTEGER): the deals cannot be worked out from one hand
        first_dealer = int(seats_here[secrets.randbelow(len(seats_here))])  # a seat in play deals first
        if has_chairs(game, options.players):
            assert options.players is not None
            if len(seats) != options.players:
                raise ValueError(f"a table of {options.players} needs {options.players} chairs, not {len(seats)}")
            first_dealer = secrets.randbelow(options.players)  # a chair deals first
        self.storage.create_match(match_id, owner, level, seed, first_dealer, kind, seats, options.to_json(), game)
        table = self.get(match_id)
        assert table is not None
        return table

    def restore(self) -> int:
        """Reopen every unfinished room and Quick Match table after a restart; how many."""
        ids = self.storage.active_matches()
        for match_id in ids:
            table = self.get(match_id)
            if table is not None:
                table.start()
        return len(ids)

    def close(self) -> None:
        """Stop every table."""
        for table in list(self.tables.values()):
            table.close()
