"""The table protocol: message types, error codes and close codes (docs/protocol.md).

The browser's copy of these enums is ``pinochle/web/protocol.js``.

>>> parse_client('{"type": "hello", "device": null}')
ClientMessage(type='hello', data={'type': 'hello', 'device': None})
>>> try:
...     parse_client('[1]')
... except ProtocolError as err:
...     print(err.code.value, err)
bad_message a message is a JSON object with a "type"
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum, IntEnum

#: Largest accepted frame, in bytes.
MAX_MESSAGE_BYTES = 16 * 1024

CLIENT_TYPES = (
    "hello", "new_match", "resume", "action",
    "create_room", "join_room", "ready", "room_level", "room_timer", "arrange", "start", "leave",
    "back_to_lobby", "quick_match", "cancel_search", "pace",
)
#: The slowest computer pace a client may ask for (seconds between computer moves).
MAX_BOT_DELAY = 3.0
#: Messages a connection may send per second on average, and in a burst.
RATE_PER_SECOND = 10.0
RATE_BURST = 40
#: Refused messages in a row after which the connection is closed.
RATE_CLOSE_AFTER = 200
#: Rooms one connection may create.
MAX_ROOMS_PER_CONNECTION = 3
#: Wrong room codes one connection may try.
MAX_BAD_CODES = 20
LEVELS = ("easy", "normal", "hard")
_DEVICE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


class CloseCode(IntEnum):
    """WebSocket close codes the server uses."""

    NORMAL = 1000
    RATE_LIMITED = 1008
    TOO_BIG = 1009
    SERVICE_RESTART = 1012
    BAD_HELLO = 4000


class ErrorCode(str, Enum):
    """The ``code`` of an ``error`` message."""

    BAD_MESSAGE = "bad_message"
    UNKNOWN_TYPE = "unknown_type"
    NO_HELLO = "no_hello"
    NO_MATCH = "no_match"
    STALE = "stale"
    NOT_YOUR_TURN = "not_your_turn"
    ILLEGAL = "illegal"
    NO_ROOM = "no_room"
    NOT_IN_ROOM = "not_in_room"
    ROOM = "room"
    NOT_SEATED = "not_seated"
    RATE_LIMITED = "rate_limited"
    TOO_MANY_ROOMS = "too_many_rooms"
    SERVER = "server"


class ProtocolError(ValueError):
    """A message that the server refuses; ``code`` is its :class:`ErrorCode`."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        self.code = code
        super().__init__(message)

    def to_json(self) -> dict[str, object]:
        """The ``error`` message for the client."""
        return {"type": "error", "code": self.code.value, "message": str(self)}


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


@dataclass(frozen=True)
class ClientMessage:
    """A parsed client message: its ``type`` and the whole object."""

    type: str
    data: dict[str, object]


def parse_client(text: str | bytes) -> ClientMessage:
    """Parse and shape-check one client frame.

    Raises:
        ProtocolError: too large, not JSON, not an object, unknown type, or a
            field of the wrong type (``bad_message`` / ``unknown_type``).
    """
    if len(text) > MAX_MESSAGE_BYTES:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"message too large: the limit is {MAX_MESSAGE_BYTES} bytes")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):  # bad JSON or UTF-8, NaN/Infinity, nesting too deep, huge numbers
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "a message is one JSON object") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, 'a message is a JSON object with a "type"')
    kind = data["type"]
    if kind not in CLIENT_TYPES:
        raise ProtocolError(ErrorCode.UNKNOWN_TYPE, f"unknown message type {kind!r}: expected one of {', '.join(CLIENT_TYPES)}")
    if kind == "hello":
        for key in ("device", "seat"):
            value = data.get(key)
            if value is not None and not isinstance(value, str):
                raise ProtocolError(ErrorCode.BAD_MESSAGE, f"hello.{key} is a string or null")
    elif kind in ("create_room", "join_room", "quick_match"):
        if not isinstance(data.get("name"), str):
            raise ProtocolError(ErrorCode.BAD_MESSAGE, f"{kind}.name is your display name (text)")
        if kind == "join_room" and not isinstance(data.get("code"), str):
            raise ProtocolError(ErrorCode.BAD_MESSAGE, "join_room.code is the room code (text)")
        if kind == "create_room" and data.get("level", "normal") not in LEVELS:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, f"create_room.level is one of {', '.join(LEVELS)}")
    elif kind == "pace":
        delay = data.get("bot_delay")
        if not isinstance(delay, (int, float)) or isinstance(delay, bool) or not 0 <= delay <= MAX_BOT_DELAY:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, f"pace.bot_delay is 0 to {MAX_BOT_DELAY:g} seconds")
    elif kind == "ready":
        if not isinstance(data.get("ready"), bool):
            raise ProtocolError(ErrorCode.BAD_MESSAGE, "ready.ready is true or false")
    elif kind == "room_level":
        if data.get("level") not in LEVELS:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, f"room_level.level is one of {', '.join(LEVELS)}")
    elif kind == "arrange":
        if not isinstance(data.get("seats"), dict):
            raise ProtocolError(ErrorCode.BAD_MESSAGE, 'arrange.seats is {"N": member id or null, ...}')
    elif kind == "new_match":
        if data.get("level") not in LEVELS:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, f"new_match.level is one of {', '.join(LEVELS)}")
    elif kind == "action":
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise ProtocolError(ErrorCode.BAD_MESSAGE, "action.version is the view's version number")
        if data.get("match") is not None and not isinstance(data.get("match"), str):
            raise ProtocolError(ErrorCode.BAD_MESSAGE, "action.match is the match id (a string) or null")
        if not isinstance(data.get("action"), dict):
            raise ProtocolError(ErrorCode.BAD_MESSAGE, 'action.action is an object such as {"type": "pass"}')
    return ClientMessage(kind, data)


class RateLimiter:
    """A token bucket: ``rate`` messages a second on average, bursts of ``burst``.

    >>> t = [0.0]
    >>> bucket = RateLimiter(rate=1, burst=2, clock=lambda: t[0])
    >>> [bucket.allow() for _ in range(3)]
    [True, True, False]
    >>> t[0] = 1.0
    >>> bucket.allow()
    True
    """

    def __init__(self, rate: float = RATE_PER_SECOND, burst: int = RATE_BURST,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.last = clock()
        #: messages refused in a row
        self.refused = 0

    def allow(self) -> bool:
        """Whether one more message may be handled now (and count it)."""
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            self.refused = 0
            return True
        self.refused += 1
        return False


def valid_device(token: object) -> bool:
    """Whether ``token`` has the shape of a device token (16-64 URL-safe characters)."""
    return isinstance(token, str) and bool(_DEVICE.match(token))
