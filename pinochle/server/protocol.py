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
from dataclasses import dataclass
from enum import Enum, IntEnum

#: Largest accepted frame, in bytes.
MAX_MESSAGE_BYTES = 16 * 1024

CLIENT_TYPES = ("hello", "new_match", "resume", "action")
LEVELS = ("easy", "normal", "hard")
_DEVICE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


class CloseCode(IntEnum):
    """WebSocket close codes the server uses."""

    NORMAL = 1000
    TOO_BIG = 1009
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
        device = data.get("device")
        if device is not None and not isinstance(device, str):
            raise ProtocolError(ErrorCode.BAD_MESSAGE, "hello.device is a string or null")
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


def valid_device(token: object) -> bool:
    """Whether ``token`` has the shape of a device token (16-64 URL-safe characters)."""
    return isinstance(token, str) and bool(_DEVICE.match(token))
