"""Private rooms: the Ready lobby of issue 5 (seed 003: "Private rooms open in a
Ready lobby: the creator starts once everyone is ready, and open seats become
computer guests").

This module is the lobby's rules as a plain class with no I/O; the WebSocket
wiring and storage come on top of it.

>>> room = Room.create("Ann", level="normal")
>>> ann = room.creator
>>> bob = room.join("  Bob ")
>>> room.members[bob].name, room.seat_of(bob)
('Bob', <Seat.W: 3>)
>>> room.set_ready(ann, True); room.set_ready(bob, True)
>>> sorted(str(s) for s in room.start(ann).guests)
['E', 'N']
"""

from __future__ import annotations

import secrets
import unicodedata
from dataclasses import dataclass, field

from ..bots import LEVELS
from ..cards import Seat

#: Room codes: 10 characters from an alphabet without look-alikes (0/O, 1/I/L): 50 bits.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 10
NAME_MAX = 20


class RoomError(ValueError):
    """A lobby request that cannot be granted; the message is for the player."""


def new_code() -> str:
    """A fresh, unguessable room code (10 characters, about 49.5 bits).

    >>> len(new_code()), all(c in CODE_ALPHABET for c in new_code())
    (10, True)
    """
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def clean_name(raw: object) -> str:
    """A display name: trimmed, 1 to 20 characters, no control characters.

    The name is kept as text; clients must show it as text, never as markup.

    Raises:
        RoomError: not a string, empty after trimming, too long, or with control characters.

    >>> clean_name("  Sylvie  ")
    'Sylvie'
    """
    if not isinstance(raw, str):
        raise RoomError("a name is text")
    name = unicodedata.normalize("NFC", raw).strip()
    if not name:
        raise RoomError("choose a name of 1 to 20 characters")
    if len(name) > NAME_MAX:
        raise RoomError(f"a name has at most {NAME_MAX} characters")
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise RoomError("a name cannot hold control characters")
    return name


@dataclass
class Member:
    """A person in a room: their seat token (secret), name and Ready flag."""

    token: str
    name: str
    ready: bool = False


@dataclass(frozen=True)
class Start:
    """What starting a room decides: who sits where, and the computer guests."""

    seats: dict[Seat, str | None]
    guests: tuple[Seat, ...]
    level: str


@dataclass
class Room:
    """A private room's lobby.

    Attributes:
        code: the room code people join with.
        creator: the seat token of the person who may arrange seats and start.
        level: the computer guests' level for open seats.
        members: the people present, by seat token, in joining order.
        seats: who sits where (``None``: open, a computer guest at the start).
        phase: ``"lobby"``, ``"playing"`` or ``"review"`` (the result after a match).
    """

    code: str
    creator: str
    level: str = "normal"
    members: dict[str, Member] = field(default_factory=dict)
    seats: dict[Seat, str | None] = field(default_factory=lambda: {s: None for s in Seat})
    phase: str = "lobby"

    @classmethod
    def create(cls, name: str, level: str = "normal") -> Room:
        """A new room whose creator sits South.

        Raises:
            RoomError: a bad name or level.
        """
        if level not in LEVELS:
            raise RoomError(f"unknown level {level!r}: choose easy, normal or hard")
        token = secrets.token_urlsafe(24)
        room = cls(new_code(), token, level)
        room.members[token] = Member(token, clean_name(name))
        room.seats[Seat.S] = token
        return room

    def seat_of(self, token: str) -> Seat | None:
        """The seat of ``token``, or ``None``."""
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
        """Seat a new person in the first open seat (clockwise from South); return their token.

        Raises:
            RoomError: a bad name, the room is full, or a match is being played.
        """
        if self.phase != "lobby":
            raise RoomError("a match is being played in this room: wait for the lobby")
        clean = clean_name(name)
        for k in range(4):
            seat = Seat((Seat.S + k) % 4)
            if self.seats[seat] is None:
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

    def arrange(self, token: str, seats: dict[Seat, str | None]) -> None:
        """The creator seats the people present (who partners whom); unnamed seats are open.

        Raises:
            RoomError: not the creator, someone unknown or seated twice, or someone left out.
        """
        self._creator_only(token)
        placed = [who for who in seats.values() if who is not None]
        if len(placed) != len(set(placed)):
            raise RoomError("a person can sit in one seat only")
        if set(placed) != set(self.members):
            raise RoomError("every person in the room needs a seat")
        self.seats = {s: seats.get(s) for s in Seat}
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
        guests = tuple(s for s in Seat if self.seats[s] is None)
        return Start(dict(self.seats), guests, self.level)

    def finish(self) -> None:
        """The match is over: everyone reviews the result."""
        self.phase = "review"

    def back_to_lobby(self) -> None:
        """Return the same people to the lobby, to ready up for another match."""
        self.phase = "lobby"
        for m in self.members.values():
            m.ready = False
