"""Private rooms: the Ready lobby (seed 003: "Private rooms open in a
Ready lobby: the creator starts once everyone is ready, and open seats become
computer guests").

:class:`Room` is the lobby's rules as a plain class with no I/O;
:class:`Rooms` wires it to storage, tables and sockets.

>>> room = Room.create("Ann", level="normal")
>>> ann = room.creator
>>> bob = room.join("  Bob ")
>>> room.members[bob].name, room.seat_of(bob)
('Bob', <Seat.N: 0>)
>>> room.set_ready(ann, True); room.set_ready(bob, True)
>>> sorted(str(s) for s in room.start(ann).guests)
['E', 'W']
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
import secrets
import unicodedata
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

from ..bots import LEVELS
from ..cards import Seat
from ..games import find as find_game
from .adapters import Locks, MemoryLocks
from .protocol import ErrorCode, ProtocolError
from .storage import SeatRecord, Storage
from .table import (EMPTY_PLACE, SEAT_WORD, Table, TableOptions, Tables, chair_word, has_chairs, new_match_id,
                    seat_order)

#: Room codes: 10 characters from an alphabet without look-alikes (0/O, 1/I/L): 50 bits.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 10
NAME_MAX = 20
#: A room nobody has changed for this long (seconds) is deleted.
ROOM_IDLE_SECONDS = 24 * 3600.0

log = logging.getLogger("pinochle.server")


class RoomError(ValueError):
    """A lobby request that cannot be granted; the message is for the player."""


def _check_game(game: str) -> None:
    """Refuse a game that is unknown or not built yet (the message names the playable games)."""
    try:
        find_game(game, at_table=True)
    except ValueError as err:
        raise RoomError(str(err)) from None


def _table_size(game: str, players: object) -> int | None:
    """The number of players a room of ``game`` seats, as the room keeps it: ``None`` for the
    game's seating (``players`` left out, or its seating's number), else one of ``Game.sizes``
    (auction: 4 or 5; VARIANTS.md ``auction``, docs/games/auction.md).

    >>> _table_size("auction", 5), _table_size("auction", 3), _table_size("table", None)
    (5, None, None)

    Raises:
        RoomError: a number the game's table does not take (the message names the numbers it takes).
    """
    g = find_game(game)
    if players is None or players == g.seating.players:
        return None
    if not isinstance(players, int) or isinstance(players, bool) or players not in g.sizes:
        sizes = " or ".join(", ".join(map(str, g.sizes)).rsplit(", ", 1))
        raise RoomError(f"the {game} game is played by {sizes} players, not {players!r}")
    return players


def _places(game: str, players: int | None) -> tuple[int, ...]:
    """The places of a room's table in the order people fill them: the seats (:func:`seat_order`),
    or the chairs 0 .. ``players`` - 1 at a table of more players than seats (:func:`has_chairs`)."""
    return tuple(range(players)) if players is not None and has_chairs(game, players) else seat_order(game)


def _sides(game: str, players: int | None = None) -> dict[str, list[str]]:
    """The scoring sides of ``game``'s table, as the view writes them (``{"NS": ["N", "S"], ...}``;
    ``{"E": ["E"], ...}`` for players alone; ``{"0": ["0"], ...}`` for chairs at a table of 4 or 5),
    so that the lobby shows partners without a rule of its own."""
    if players is not None and has_chairs(game, players):
        return {str(c): [str(c)] for c in range(players)}
    seating = find_game(game).seating
    return {name: [str(Seat(s)) for s in side] for name, side in zip(seating.side_names, seating.sides)}


def new_code() -> str:
    """A fresh, unguessable room code (10 characters, about 49.5 bits).

    >>> len(new_code()), all(c in CODE_ALPHABET for c in new_code())
    (10, True)
    """
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


#: Format characters a name may hold: the zero-width joiner and non-joiner (emoji sequences, Persian names).
_NAME_FORMAT_OK = frozenset("\u200c\u200d")
#: Characters that are letters or symbols by category but show nothing.
_BLANKS = frozenset("\u115f\u1160\u2800\u3164\uffa0")


def clean_name(raw: object) -> str:
    """A display name: trimmed, 1 to 20 characters, something visible, no control characters.

    Control, private-use, unassigned and line-separator characters are
    refused, and so are lone surrogates (half a character: valid JSON, but
    not text that can be sent or saved) and direction overrides (which could disguise a name);
    the zero-width joiner and non-joiner are allowed. The name is kept as
    text; clients must show it as text, never as markup.

    Raises:
        RoomError: not a string, empty after trimming, too long, nothing
            visible, or with control characters or a lone surrogate.

    >>> clean_name("  Sylvie  ")
    'Sylvie'
    >>> clean_name("\U0001F468\u200d\U0001F469\u200d\U0001F467")  # a family emoji
    '👨\u200d👩\u200d👧'
    """
    if not isinstance(raw, str):
        raise RoomError("a name is text")
    name = unicodedata.normalize("NFC", raw).strip()
    if not name:
        raise RoomError("choose a name of 1 to 20 characters")
    if len(name) > NAME_MAX:
        raise RoomError(f"a name has at most {NAME_MAX} characters")
    for ch in name:
        cat = unicodedata.category(ch)
        if cat == "Cs":  # JSON can carry "\ud83d" alone (an emoji cut in two); UTF-8, SQLite and Redis cannot
            raise RoomError("a name cannot hold half a character (a lone surrogate, such as an emoji cut in two)")
        if (cat.startswith("C") and ch not in _NAME_FORMAT_OK) or cat in ("Zl", "Zp"):
            raise RoomError("a name cannot hold control characters")
    if not any(unicodedata.category(ch)[0] in "LNPS" and ch not in _BLANKS for ch in name):
        raise RoomError("a name needs at least one visible letter, digit or symbol")
    return name


@dataclass
class Member:
    """A person in a room: their seat token (secret), public id, name and Ready flag.

    The token is known only to its holder's browser; others see the ``id``.
    """

    token: str
    name: str
    ready: bool = False
    id: str = field(default_factory=lambda: secrets.token_urlsafe(6))


@dataclass(frozen=True)
class Start:
    """What starting a room decides: who sits where (seats, or chairs at a table of 4 or 5), and the computer guests."""

    seats: dict[int, str | None]
    guests: tuple[int, ...]
    level: str
    game: str = "table"
    #: the players at a table of chairs (auction at 4 or 5: ``seats`` and ``guests`` are chairs), else ``None``
    players: int | None = None


@dataclass
class Room:
    """A private room's lobby.

    Attributes:
        code: the room code people join with.
        creator: the seat token of the person who may arrange seats and start.
        level: the computer guests' level for open seats.
        members: the people present, by seat token, in joining order.
        seats: who sits where (``None``: open, a computer guest at the start), one entry per place
            of the game's table: its seats (:class:`Seat`: N E S W; E S W for a three-handed game),
            or at a table of 4 or 5 (``players``) the chairs 0 .. ``players`` - 1 (plain ints).
        phase: ``"lobby"``, ``"playing"`` or ``"review"`` (the result after a match).
        game: the game the room's next match is of (a playable game of
            :data:`pinochle.games.GAMES`; ``"table"`` in a room stored before games).
        players: the players at the room's table when it seats more than its game's seating
            (auction at 4 or 5, in chairs); ``None``: the seating's (and in a room stored before chairs).
    """

    code: str
    creator: str
    level: str = "normal"
    members: dict[str, Member] = field(default_factory=dict)
    seats: dict[int, str | None] = field(default_factory=lambda: {s: None for s in Seat})
    phase: str = "lobby"
    match_id: str | None = None
    move_timer: float | None = None
    game: str = "table"
    players: int | None = None
    hints: bool = False

    @property
    def chaired(self) -> bool:
        """Whether the room's places are chairs (auction at 4 or 5), not seats."""
        return has_chairs(self.game, self.players)

    def place_word(self, place: int) -> str:
        """The key of ``place`` in messages and storage: the seat letter (``"S"``) or the chair number (``"3"``)."""
        return str(place) if self.chaired else str(Seat(place))

    def places_text(self) -> str:
        """The room's places for a message: ``"chairs 0, 1, 2, 3"`` or ``"seats E, S, W"``."""
        if self.chaired:
            return "chairs " + ", ".join(str(c) for c in sorted(self.seats))
        return "seats " + ", ".join(str(Seat(s)) for s in sorted(self.seats))

    def parse_place(self, key: object) -> int:
        """The place named ``key`` in an ``arrange`` message (a seat letter, or a chair number at a table of 4 or 5).

        Raises:
            RoomError: the room has no such place (the message names its places).
        """
        for place in self.seats:
            if key == self.place_word(place):
                return place
        example = ", ".join(f'"{self.place_word(p)}": ...' for p in sorted(self.seats))
        raise RoomError(f"this room has no place {key!r}: its places are {self.places_text()} "
                        f"(arrange them as {{{example}}}, each a member id or null)")

    def to_json(self) -> dict[str, object]:
        """The whole room, tokens included, for storage (never sent to a client)."""
        return {
            "code": self.code, "creator": self.creator, "level": self.level, "phase": self.phase,
            "match_id": self.match_id, "move_timer": self.move_timer, "game": self.game,
            "members": [{"token": m.token, "id": m.id, "name": m.name, "ready": m.ready} for m in self.members.values()],
            "seats": {self.place_word(s): t for s, t in self.seats.items()},
            **({"players": self.players} if self.players is not None else {}),
            **({"hints": True} if self.hints else {}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Room:
        """The inverse of :meth:`to_json`.

        >>> room = Room.create("Ann")
        >>> Room.from_json(room.to_json()) == room
        True
        >>> room = Room.create("Ann", game="auction", players=5)
        >>> sorted(room.to_json()["seats"]), Room.from_json(room.to_json()) == room
        (['0', '1', '2', '3', '4'], True)
        """
        room = cls(str(data["code"]), str(data["creator"]), str(data["level"]), phase=str(data["phase"]),
                   match_id=data.get("match_id"), move_timer=data.get("move_timer"),
                   game=str(data.get("game", "table")), players=data.get("players"),
                   hints=data.get("hints") is True)
        for m in data["members"]:
            room.members[m["token"]] = Member(m["token"], m["name"], bool(m["ready"]), m["id"])
        room.seats = {int(k) if room.chaired else Seat.parse(k): v for k, v in data["seats"].items()}
        return room

    def public(self, token: str | None) -> dict[str, object]:
        """The room as its members see it (no tokens): docs/protocol.md, ``room``.

        Args:
            token: the seat token of the member it is for (``you`` names them).
        """
        def member(t: str | None) -> dict[str, object] | None:
            if t is None:
                return None
            m = self.members[t]
            return {"id": m.id, "name": m.name, "ready": m.ready}
        return {
            "code": self.code,
            "phase": self.phase,
            "level": self.level,
            "game": self.game,
            "move_timer": self.move_timer,
            "creator": self.members[self.creator].id if self.creator in self.members else None,
            "you": self.members[token].id if token in self.members else None,
            "seats": {self.place_word(s): member(t) for s, t in self.seats.items()},
            "players": len(self.seats),
            "sides": _sides(self.game, self.players),
            "match": self.match_id,
            "hints": self.hints,
        }

    def token_of(self, member_id: str) -> str:
        """The token of the member with public id ``member_id``.

        Raises:
            RoomError: nobody in the room has that id.
        """
        for m in self.members.values():
            if m.id == member_id:
                return m.token
        raise RoomError("that person is not in this room")

    @classmethod
    def create(cls, name: str, level: str = "normal", game: str = "table", players: object = None) -> Room:
        """A new room of ``game`` whose creator sits South (chair 0 at a table of 4 or 5).

        Args:
            players: the players at its table, one of the game's ``sizes`` (auction: 3, 4 or 5);
                ``None``: its seating's.

        Raises:
            RoomError: a bad name, level, game or number of players.
        """
        if level not in LEVELS:
            raise RoomError(f"unknown level {level!r}: choose easy, normal or hard")
        _check_game(game)
        size = _table_size(game, players)
        token = secrets.token_urlsafe(24)
        room = cls(new_code(), token, level, game=game, players=size)
        room.members[token] = Member(token, clean_name(name))
        order = _places(game, size)
        room.seats = {p: None for p in sorted(order)}
        room.seats[order[0]] = token
        return room

    def seat_of(self, token: str) -> int | None:
        """The place of ``token`` (its :class:`Seat`, or its chair at a table of 4 or 5), or ``None``."""
        for seat, who in self.seats.items():
            if who == token:
                return seat
        return None

    def _member(self, token: str) -> Member:
        try:
            return self.members[token]
        except KeyError:
            raise RoomError("you are not in this room") from None

    def _creator_only(self, token: str) -> None:
        self._member(token)
        if token != self.creator:
            raise RoomError("only the room's creator can do that")

    def join(self, name: str) -> str:
        """Seat a new person in the first open seat (:func:`~pinochle.server.table.seat_order`:
        South, North, East, West; South, East, West at a table of three; the first open chair
        at a table of 4 or 5); return their token.

        In a partnership game the second person partners the creator (North),
        the usual "two friends against the computer"; the creator can rearrange.

        Raises:
            RoomError: a bad name, the room is full, or a match is being played.
        """
        if self.phase != "lobby":
            raise RoomError("a match is being played in this room: wait for the lobby")
        clean = clean_name(name)
        for seat in _places(self.game, self.players):
            if self.seats.get(seat, "") is None:
                token = secrets.token_urlsafe(24)
                self.members[token] = Member(token, clean)
                self.seats[seat] = token
                return token
        raise RoomError("this room is full")

    def leave(self, token: str) -> None:
        """Take a person out of the room; the creator's role passes to the next person who joined."""
        self._member(token)
        del self.members[token]
        seat = self.seat_of(token)
        if seat is not None:
            self.seats[seat] = None
        if token == self.creator and self.members:
            self.creator = next(iter(self.members))

    def set_ready(self, token: str, ready: bool) -> None:
        """Set a person's Ready toggle."""
        self._member(token).ready = bool(ready)

    def set_level(self, token: str, level: str) -> None:
        """The creator sets the computer guests' level.

        Raises:
            RoomError: not the creator, or an unknown level.
        """
        self._creator_only(token)
        if level not in LEVELS:
            raise RoomError(f"unknown level {level!r}: choose easy, normal or hard")
        self.level = level

    def set_game(self, token: str, game: str, players: object = None) -> None:
        """The creator chooses the game of the room's next match (not while one is being played),
        and the players at its table (one of the game's ``sizes``: auction 3, 4 or 5; ``None``: its seating's).

        Raises:
            RoomError: not the creator, a match in play, a game that is unknown or not built yet,
                a number of players it does not take, or more people here than its table seats.
        """
        self._creator_only(token)
        if self.phase == "playing":
            raise RoomError("the game can be changed between matches, not during one")
        _check_game(game)
        size = _table_size(game, players)
        order = _places(game, size)
        if len(self.members) > len(order):
            table = f" at a table of {size}" if size is not None else ""
            raise RoomError(f"the {game} game{table} seats {len(order)}, and {len(self.members)} people are in this room")
        chairs = size is not None and has_chairs(game, size)
        if chairs != self.chaired or set(order) != set(self.seats):
            if chairs == self.chaired:
                # a table of another size: people keep their places where the new table has them
                kept = {s: t for s, t in self.seats.items() if s in order and t is not None}
            else:
                kept = {}  # seats to chairs or back: nobody keeps a place, everyone moves in order
            # the others take the open places in the order they sat (the old table's filling order)
            old_order = _places(self.game, self.players)
            moving = [t for s in old_order if (t := self.seats.get(s)) is not None and t not in kept.values()]
            moving += [t for t in self.members if t not in kept.values() and t not in moving]
            self.seats = {s: kept.get(s) for s in sorted(order)}
            for seat in order:
                if moving and self.seats[seat] is None:
                    self.seats[seat] = moving.pop(0)
            for m in self.members.values():
                m.ready = False  # everyone agrees to the new table afresh
        self.game = game
        self.players = size

    def arrange(self, token: str, seats: dict[int, str | None]) -> None:
        """The creator seats the people present (who partners whom); unnamed seats are open.
        At a table of 4 or 5 the keys are chairs (0 .. players - 1).

        Raises:
            RoomError: not the creator, a place the room does not have, someone unknown or seated
                twice, or someone left out.
        """
        self._creator_only(token)
        here = tuple(sorted(self.seats))
        extra = [s for s in seats if s not in here]
        if extra and self.chaired:
            raise RoomError(f"this room has no chair {', '.join(str(s) for s in extra)}: "
                            f"its places are {self.places_text()}")
        if extra:
            raise RoomError(f"the {self.game} game has no seat {', '.join(str(Seat(s)) for s in extra)}: "
                            f"its seats are {', '.join(str(Seat(s)) for s in here)}")
        placed = [who for who in seats.values() if who is not None]
        if len(placed) != len(set(placed)):
            raise RoomError("a person can sit in one seat only")
        if set(placed) != set(self.members):
            raise RoomError("every person in the room needs a seat")
        self.seats = {s: seats.get(s) for s in here}
        for m in self.members.values():
            m.ready = False  # a new arrangement is agreed afresh

    def start(self, token: str) -> Start:
        """The creator starts: everyone present must be Ready; open seats become computer guests.

        Raises:
            RoomError: not the creator, not in the lobby, or someone is not Ready.
        """
        self._creator_only(token)
        if self.phase != "lobby":
            raise RoomError("the match has already started")
        waiting = [m.name for m in self.members.values() if not m.ready]
        if waiting:
            raise RoomError("waiting for " + ", ".join(waiting) + " to be Ready")
        self.phase = "playing"
        guests = tuple(s for s in self.seats if self.seats[s] is None)
        return Start(dict(self.seats), guests, self.level, self.game, self.players if self.chaired else None)

    def finish(self) -> None:
        """The match is over: everyone reviews the result."""
        self.phase = "review"

    def back_to_lobby(self) -> None:
        """Return the same people to the lobby, to ready up for another match."""
        self.phase = "lobby"
        for m in self.members.values():
            m.ready = False


# ---------------------------------------------------------------- the service

_CODE_CHARS = re.compile(r"[\s-]+")


def normal_code(raw: object) -> str | None:
    """A typed or linked room code in canonical form (upper case, no spaces or dashes), or ``None`` if it cannot be one.

    >>> normal_code(" abcd-efgh 23 ")
    'ABCDEFGH23'
    >>> normal_code("nope") is None
    True
    """
    if not isinstance(raw, str) or len(raw) > 40:
        return None
    code = _CODE_CHARS.sub("", raw).upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        return None
    return code


class Rooms:
    """The private rooms of a server: the lobby rules of :class:`Room` wired to storage, tables and sockets.

    Storage holds the truth: every change takes the room's lock (``room:{code}``), reads the room as
    stored, changes it, saves it, and only then tells each member, with a ``room`` message built by
    :meth:`Room.public` (no tokens but their own). One process and the processes of a service on Redis
    run this same code; only the locks differ (:class:`~.adapters.memory.MemoryLocks`, or the service's
    locks in Redis).

    Args:
        storage: the store (rooms persist across restarts).
        tables: the server's tables (a started room gets one).
        away_seconds: seconds before a disconnected person is played by a computer.
        locks: the rooms' locks (default: in this process's memory).
    """

    def __init__(self, storage: Storage, tables: Tables, away_seconds: float | None = 60.0,
                 locks: Locks | None = None) -> None:
        self.storage = storage
        self.tables = tables
        self.away_seconds = away_seconds
        self.locks: Locks = locks if locks is not None else MemoryLocks()
        tables.finish_hooks["room"] = self._finished

    def get(self, code: str) -> Room | None:
        """The room with ``code`` as stored now, or ``None``."""
        data = self.storage.load_room(code)
        return None if data is None else Room.from_json(data)

    def of_token(self, token: str) -> Room | None:
        """The room in which ``token`` is a member, or ``None``."""
        code = self.storage.room_of_token(token)
        room = None if code is None else self.get(code)
        return room if room is not None and token in room.members else None

    async def aget(self, code: str) -> Room | None:
        """:meth:`get`, reading storage off the event loop (:meth:`Tables.read`)."""
        data = await self.tables.read(self.storage.load_room, code)
        return None if data is None else Room.from_json(data)

    async def aof_token(self, token: str) -> Room | None:
        """:meth:`of_token`, reading storage off the event loop (:meth:`Tables.read`)."""
        code = await self.tables.read(self.storage.room_of_token, token)
        room = None if code is None else await self.aget(code)
        return room if room is not None and token in room.members else None

    @contextlib.asynccontextmanager
    async def _locked(self, code: str | None) -> AsyncIterator[None]:
        """Hold the lock of room ``code`` (nothing to hold for ``None``: no such room)."""
        if code is None:
            yield
            return
        async with self.locks.lock(f"room:{code}"):
            yield

    async def _code_of(self, token: str | None) -> str | None:
        return None if token is None else await self.tables.read(self.storage.room_of_token, token)

    async def _save(self, room: Room) -> None:
        await asyncio.to_thread(self.storage.save_room, room.code, room.to_json(), list(room.members))

    async def broadcast(self, room: Room) -> None:
        """Send every member the room as they see it."""
        for token in list(room.members):
            await self.tables.hub.send(token, {"type": "room", "room": room.public(token)})

    async def _room_of(self, token: str | None) -> Room:
        room = None if token is None else await self.aof_token(token)
        if room is None or token is None:
            raise ProtocolError(ErrorCode.NOT_IN_ROOM, "you are not in a room: create one or join one with its code")
        return room

    async def _changed(self, room: Room) -> None:
        await self._save(room)
        await self.broadcast(room)

    async def create(self, name: object, level: object, game: object = "table",
                     players: object = None) -> tuple[Room, str]:
        """A new room of ``game`` (at a table of ``players``: auction 3, 4 or 5; ``None``: the
        game's seating) with its creator; returns the room and the creator's seat token.

        Raises:
            ProtocolError: ``room`` for a bad name, level, game or number of players.
        """
        try:
            room = Room.create(clean_name(name), str(level) if level is not None else "normal", str(game), players)
        except RoomError as err:
            raise ProtocolError(ErrorCode.ROOM, str(err)) from None
        await self._save(room)
        return room, room.creator

    async def join(self, code: object, name: object) -> tuple[Room, str]:
        """Join the room with ``code``; returns the room and the new member's seat token.

        Raises:
            ProtocolError: ``no_room`` for a code that names no room (the
                same answer whatever the code), ``room`` for a bad name, a
                full room or a match in play.
        """
        canon = normal_code(code)
        async with self._locked(canon):
            room = None if canon is None else await self.aget(canon)
            if room is None:
                raise ProtocolError(ErrorCode.NO_ROOM, "no room has that code: check it with the person who shared it")
            try:
                token = room.join(clean_name(name))
            except RoomError as err:
                raise ProtocolError(ErrorCode.ROOM, str(err)) from None
            await self._changed(room)
            return room, token

    async def _lobby_call(self, token: str | None, fn: Callable[[Room, str], object]) -> Room:
        async with self._locked(await self._code_of(token)):
            room = await self._room_of(token)
            assert token is not None
            try:
                fn(room, token)
            except RoomError as err:
                raise ProtocolError(ErrorCode.ROOM, str(err)) from None
            await self._changed(room)
            return room

    async def ready(self, token: str | None, ready: object) -> None:
        """Set the member's Ready toggle."""
        await self._lobby_call(token, lambda r, t: r.set_ready(t, bool(ready)))

    async def set_level(self, token: str | None, level: object) -> None:
        """The creator sets the computer guests' level."""
        await self._lobby_call(token, lambda r, t: r.set_level(t, str(level)))

    async def set_timer(self, token: str | None, seconds: object) -> None:
        """The creator sets the move timer (``None``: off; 10 to 300 seconds)."""
        def fn(r: Room, t: str) -> None:
            r._creator_only(t)
            if seconds is None:
                r.move_timer = None
            elif isinstance(seconds, (int, float)) and not isinstance(seconds, bool) and 10 <= seconds <= 300:
                r.move_timer = float(seconds)
            else:
                raise RoomError("the move timer is off (null) or 10 to 300 seconds")
        await self._lobby_call(token, fn)

    async def set_hints(self, token: str | None, on: object) -> None:
        """The creator turns hints on or off for the room's matches (docs/protocol.md, ``hint``): between
        matches only, as the game (a match keeps the setting it started with).

        Raises:
            ProtocolError: ``room`` during a match, or from someone other than the creator.
        """
        def fn(r: Room, t: str) -> None:
            r._creator_only(t)
            if r.phase == "playing":
                raise RoomError("hints can be turned on or off between matches, not during one")
            r.hints = on is True
        await self._lobby_call(token, fn)

    async def set_game(self, token: str | None, game: object, players: object = None) -> None:
        """The creator chooses the game of the room's next match and the players at its table
        (``None``: the game's seating)."""
        await self._lobby_call(token, lambda r, t: r.set_game(t, str(game), players))

    async def arrange(self, token: str | None, seats: object) -> None:
        """The creator seats the members: ``{"N": member id or null, ...}``, or ``{"0": ..., "1": ...}``
        by chair at a table of 4 or 5."""
        def fn(r: Room, t: str) -> None:
            if r.phase != "lobby":
                raise RoomError("seats can be arranged in the lobby only")
            if r.chaired:
                if not isinstance(seats, dict):
                    raise RoomError(f"arrange the chairs as {{\"0\": member id or null, ...}}: "
                                    f"this room's places are {r.places_text()}")
                places = {r.parse_place(k): v for k, v in seats.items()}
                r.arrange(t, {p: None if v is None else r.token_of(str(v)) for p, v in places.items()})
                return
            if not isinstance(seats, dict) or not set(seats) <= {"N", "E", "S", "W"}:
                raise RoomError('arrange seats as {"N": member id or null, "E": ..., "S": ..., "W": ...} '
                                f'(the seats of the room\'s game: {r.places_text()})')
            r.arrange(t, {Seat.parse(k): None if v is None else r.token_of(str(v)) for k, v in seats.items()})
        await self._lobby_call(token, fn)

    async def start(self, token: str | None) -> Table:
        """The creator starts the match: open seats become computer guests.

        Raises:
            ProtocolError: ``room`` if not the creator, not all Ready, or not in the lobby.
        """
        async with self._locked(await self._code_of(token)):
            room = await self._room_of(token)
            assert token is not None
            try:
                begun = room.start(token)
            except RoomError as err:
                raise ProtocolError(ErrorCode.ROOM, str(err)) from None
            level_name = begun.level.capitalize()

            def record(place: int, word: str) -> SeatRecord:
                who = begun.seats[place]
                return SeatRecord(None, f"{word} (computer, {level_name})") if who is None \
                    else SeatRecord(who, room.members[who].name)

            if begun.players is not None:  # a table of 4 or 5: one record per chair
                seats = [record(c, chair_word(c)) for c in range(begun.players)]
            else:
                seats = [
                    EMPTY_PLACE if s not in begun.seats  # a place the game seats nobody at (a table of three's N)
                    else record(s, SEAT_WORD[s])
                    for s in Seat
                ]
            room.match_id = new_match_id()  # set before any await: the room is never "playing" without its match
            table = await asyncio.to_thread(
                self.tables.create, "room", room.code, begun.level, seats,
                TableOptions(move_timer=room.move_timer, away_seconds=self.away_seconds, players=begun.players,
                             hints=room.hints),
                room.match_id, begun.game,
            )
            await self._changed(room)
            await table.broadcast("start")
            table.start()
            return table

    async def leave(self, token: str | None) -> None:
        """The member leaves the room (a computer takes their seat in a match in play)."""
        async with self._locked(await self._code_of(token)):
            room = await self._room_of(token)
            assert token is not None
            seat = room.seat_of(token)
            room.leave(token)
            table = None if room.match_id is None else await self.tables.aget(room.match_id)
            if not room.members:
                if table is not None and room.phase == "playing":
                    await asyncio.to_thread(self.storage.finish_match, table.id)
                    table.abandoned = True
                    self.tables.drop(table)
                await asyncio.to_thread(self.storage.delete_room, room.code)
                return
            if table is not None and room.phase == "playing" and seat is not None:
                await table.leave(seat)
            await self._changed(room)

    async def expire(self, idle_seconds: float = ROOM_IDLE_SECONDS) -> list[str]:
        """Delete the rooms nobody has changed for ``idle_seconds`` (their match, if any, ends); their codes.

        Rooms cost storage, and anyone can create them: a room left alone for a day is gone, like a table
        nobody came back to. Each is checked again under its lock.
        """
        done = []
        for code in await asyncio.to_thread(self.storage.idle_rooms, time.time() - idle_seconds):
            async with self._locked(code):
                if code in await asyncio.to_thread(self.storage.idle_rooms, time.time() - idle_seconds):
                    await self._expire_one(code)
                    done.append(code)
        return done

    async def _expire_one(self, code: str) -> None:
        """Delete the room ``code`` (its match, if in play, ends everywhere; its members get ``left``)."""
        room = await self.aget(code)
        if room is not None and room.match_id is not None and room.phase == "playing":
            await asyncio.to_thread(self.storage.finish_match, room.match_id)
            await self.tables.ended(room.match_id)
        if room is not None:
            for token in list(room.members):
                await self.tables.hub.send(token, {"type": "left"})
        await asyncio.to_thread(self.storage.delete_room, code)

    async def run_expiry(self, every: float = 600.0) -> None:
        """Expire idle rooms now and every ``every`` seconds (cancel the task to stop)."""
        while True:
            try:
                await self.expire()
            except Exception:
                log.exception("expiring rooms failed")
            await asyncio.sleep(every)

    async def back_to_lobby(self, token: str | None) -> None:
        """After the result review: the room returns to its lobby for another match."""
        def fn(r: Room, t: str) -> None:
            if r.phase != "review":
                raise RoomError("the room is not showing a result")
            r.back_to_lobby()
        await self._lobby_call(token, fn)

    async def match_over(self, table: Table) -> Room | None:
        """``table``'s match is over: its room, if still playing it, shows the result (see :meth:`_finished`);
        the room as it is now, or ``None`` if it is gone."""
        await self._finished(table)
        return await self.aget(table.owner)

    async def _finished(self, table: Table) -> None:
        """The room's match ended: the room shows its result."""
        async with self._locked(table.owner):
            room = await self.aget(table.owner)
            if room is not None and room.match_id == table.id and room.phase == "playing":
                room.finish()
                await self._changed(room)
