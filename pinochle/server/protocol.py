"""The table protocol: message types, error codes and close codes (docs/protocol.md).

The browser's copy of these enums is ``pinochle/web/protocol.js``.

>>> parse_client('{"type": "hello", "device": null}')
ClientMessage(type='hello', data={'type': 'hello', 'device': None})
>>> try:
...     parse_client('[1]')
... except ProtocolError as err:
...     print(err.code.value, err)
bad_message a message is a JSON object with a "type", not a list
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum, IntEnum

from ..cards import DECKS
from ..game import Game
from ..games import GAMES
from ..games import find as find_game

#: Largest accepted frame, in bytes (UTF-8): a larger one closes the connection with 1009.
MAX_MESSAGE_BYTES = 16 * 1024

CLIENT_TYPES = (
    "hello", "new_match", "resume", "action",
    "create_room", "join_room", "ready", "room_level", "room_timer", "room_game", "arrange", "start", "leave",
    "back_to_lobby", "quick_match", "cancel_search", "pace",
    "undo", "history",
    "hint", "room_hints", "review",
    "stats",
)
#: The slowest computer pace a client may ask for (seconds between computer moves).
MAX_BOT_DELAY = 3.0
#: The move timer a room's creator may set, in seconds (or null: no timer).
MIN_MOVE_TIMER = 10
MAX_MOVE_TIMER = 300
#: The largest ``version`` a move may name (a match has a few hundred actions; this is 2^31 - 1).
MAX_VERSION = 2**31 - 1
#: Messages a connection may send per second on average, and in a burst.
RATE_PER_SECOND = 10.0
RATE_BURST = 40
#: Refused messages in a row after which the connection is closed.
RATE_CLOSE_AFTER = 200
#: Rooms one connection may create.
MAX_ROOMS_PER_CONNECTION = 3
#: Wrong room codes one device may try in :data:`GUESS_WINDOW` seconds (see :mod:`.limits`).
MAX_BAD_CODES = 20
#: Wrong room codes all the devices of one client address may try in :data:`GUESS_WINDOW` seconds.
MAX_BAD_CODES_PER_ADDRESS = 100
#: Different device tokens one client address may use in :data:`GUESS_WINDOW` seconds.
MAX_DEVICES_PER_ADDRESS = 100
#: The window of the three limits above: each wrong code or new device counts for an hour.
GUESS_WINDOW = 3600.0
LEVELS = ("easy", "normal", "hard")
#: The game a match is of when a message names none (RULES.md's game).
DEFAULT_GAME = "table"
SEATS = ("N", "E", "S", "W")
#: The keys of chairs at a table of more players than seats (auction at 4 or 5: "0" .. "4"), for ``arrange``.
CHAIRS = tuple(str(c) for c in range(max(max(g.sizes) for g in GAMES.values())))
_DEVICE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
#: Integers with more digits than this are read as :class:`HugeInt` (no field takes one).
_MAX_DIGITS = 30


class CloseCode(IntEnum):
    """WebSocket close codes the server uses."""

    NORMAL = 1000
    GOING_AWAY = 1001
    RATE_LIMITED = 1008
    TOO_BIG = 1009
    SERVICE_RESTART = 1012
    BAD_HELLO = 4000
    BAD_ORIGIN = 4003


class ErrorCode(str, Enum):
    """The ``code`` of an ``error`` message (docs/protocol.md, "Errors", says what causes each)."""

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
    RATE_LIMITED = "rate_limited"
    TOO_MANY_ROOMS = "too_many_rooms"
    SERVER = "server"
    STORAGE = "storage"
    NO_UNDO = "no_undo"
    NO_HINTS = "no_hints"


def printable(text: str) -> str:
    """``text`` with each lone surrogate written as its JSON escape (``\\ud800``), so that text a client
    sent can be quoted back, saved and logged.

    JSON may hold a lone surrogate (``"\\ud800"``, half of a pair with no other half); Python reads it
    into the string, but UTF-8 cannot carry it, so a frame quoting it could not be sent. Every other
    character, and a whole pair (one character once read), is kept as it is.

    >>> printable("a\\ud800b ♠ \U0001F600"), printable("plain")
    ('a\\\\ud800b ♠ 😀', 'plain')
    """
    if text.isascii():
        return text
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def storable(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8: no lone surrogate (see :func:`printable`). Storage keys
    (SQLite, Redis) are UTF-8, so a client's text that is not cannot name anything stored.

    >>> storable("AbC-12_x"), storable("\\udc00")
    (True, False)
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class ProtocolError(ValueError):
    """A message that the server refuses; ``code`` is its :class:`ErrorCode`.

    The message may quote what the client sent (a type, a value, a card): it is kept
    :func:`printable`, so that every refusal can be sent, whatever the client wrote.
    """

    def __init__(self, code: ErrorCode, message: str, request: str | None = None) -> None:
        self.code = code
        #: the type of the message refused when it is an aid (``"hint"``, ``"review"``), whose answer may come
        #: after the answers to later messages (docs/protocol.md, "Hints"): the client matches it to its request
        self.request = request
        super().__init__(printable(message))

    def to_json(self) -> dict[str, object]:
        """The ``error`` message for the client (with ``request`` when it refuses an aid)."""
        out: dict[str, object] = {"type": "error", "code": self.code.value, "message": str(self)}
        if self.request is not None:
            out["request"] = self.request
        return out


class HugeInt(int):
    """An integer of more than 30 digits in a message, kept as ``±10**30`` and shown by its size.

    No field of the protocol or the engine takes such a number, so every
    check refuses it as out of range, and the refusal can say so instead of
    repeating thousands of digits (or failing to read them at all).

    >>> n = HugeInt.parse("-" + "9" * 5000)
    >>> n < -10**29, str(n), f"{n:,}"
    (True, 'a 5000-digit negative number', 'a 5000-digit negative number')
    """

    digits: int

    @classmethod
    def parse(cls, text: str) -> HugeInt:
        """The stand-in for the JSON integer ``text``."""
        negative = text.startswith("-")
        n = cls(-(10**_MAX_DIGITS) if negative else 10**_MAX_DIGITS)
        n.digits = len(text) - negative
        return n

    def __str__(self) -> str:
        return f"a {self.digits}-digit {'negative ' if self < 0 else ''}number"

    __repr__ = __str__

    def __format__(self, spec: str) -> str:
        return str(self)  # never the stand-in's digits, whatever the format ("{:,}" included)


def _parse_int(text: str) -> int:
    return int(text) if len(text.lstrip("-")) <= _MAX_DIGITS else HugeInt.parse(text)


class _NotJSON(ValueError):
    pass


def _no_constant(name: str) -> object:
    raise _NotJSON(f"{name} is not a JSON number: every number in a message is finite, such as 260")


def describe(value: object) -> str:
    """How a refusal shows the value a client sent (short, and never the whole of a long string).

    >>> [describe(v) for v in (True, None, 2.5, float("inf"), "12", [1], {}, 10**40)]
    ['true', 'null', '2.5', 'an infinite number', 'the text "12"', 'a list', 'an object', 'a 41-digit number']

    Text is quoted as JSON writes it, a lone surrogate as its escape (see :func:`printable`):

    >>> print(describe("\\ud800"))
    the text "\\ud800"
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, HugeInt):
        return str(value)
    if isinstance(value, int):
        digits = len(str(abs(value)))
        return str(value) if digits <= 15 else f"a {digits}-digit {'negative ' if value < 0 else ''}number"
    if isinstance(value, float):
        return "an infinite number" if math.isinf(value) else repr(value)
    if isinstance(value, str):
        shown = json.dumps(value if len(value) <= 20 else value[:20] + "…", ensure_ascii=False)
        return f"the text {printable(shown)}"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _missing(data: dict[str, object], kind: str, key: str, expected: str) -> None:
    if key not in data:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"{kind}.{key} is missing: it is {expected}")


def _refuse(kind: str, key: str, expected: str, value: object) -> ProtocolError:
    return ProtocolError(ErrorCode.BAD_MESSAGE, f"{kind}.{key} is {expected}, not {describe(value)}")


def _text(data: dict[str, object], kind: str, key: str, expected: str, *,
          required: bool = True, nullable: bool = False) -> None:
    if required:
        _missing(data, kind, key, expected)
    value = data.get(key)
    if not isinstance(value, str) and not (value is None and (nullable or not required)):
        raise _refuse(kind, key, expected, value)


def _players(data: dict[str, object], kind: str) -> None:
    """Check ``data["players"]`` (optional): one of the game's ``table_sizes`` (auction: 3, 4 or 5).

    >>> _players({"game": "auction", "players": 5}, "new_match")
    >>> try:
    ...     _players({"game": "cutthroat", "players": 5}, "new_match")
    ... except ProtocolError as err:
    ...     print(err)
    new_match.players is 3 for the cutthroat game, not 5
    """
    value = data.get("players")
    if value is None:
        return
    sizes = find_game(str(data.get("game", DEFAULT_GAME))).sizes
    expected = " or ".join(", ".join(map(str, sizes)).rsplit(", ", 1)) + f" for the {data.get('game', DEFAULT_GAME)} game"
    if not isinstance(value, int) or isinstance(value, bool) or value not in sizes:
        raise _refuse(kind, "players", expected, value)


def _choice(data: dict[str, object], kind: str, key: str, choices: tuple[str, ...], *,
            default: str | None = None) -> None:
    expected = "one of " + ", ".join(f'"{c}"' for c in choices)
    if default is None:
        _missing(data, kind, key, expected)
    if data.get(key, default) not in choices:
        raise _refuse(kind, key, expected, data.get(key))


def playable_games() -> tuple[str, ...]:
    """The names of the games a match can be started in: every ``playable`` game of
    :data:`pinochle.games.GAMES`, four-, three- or two-handed (the server seats each by its
    definition's seating)."""
    return tuple(name for name, g in GAMES.items() if g.playable and g.at_table)


def table_facts(name: str) -> dict[str, object]:
    """What a game's table looks like, for Home's picture of it (the browser holds no rules): all read
    from the game's definition (:data:`pinochle.games.GAMES`), never from its name.

    ``partners``: whether a side holds two seats; ``deck``: the cards in the deck (48, or double-deck's 80);
    ``widow``: the cards dealt to the widow (cutthroat, auction: 3); ``pass``: the cards passed between
    partners (partnership-pass, racehorse: 4); ``auction``: whether the hand opens with an auction;
    ``turned``: whether trump is the dealer's last card, turned up (turned-trump); ``stock``: whether
    the players draw from a stock (two-handed); ``target``: the score that wins the match, or ``None``
    when a match is a number of ``deals`` (cutthroat, auction: 9); ``deals_each``: then the deals each
    player deals (3), the same at every size of table; ``stakes``: whether each hand is settled in stakes
    paid to or by the declarer (the rule set's ``stakes``: VARIANTS.md ``cutthroat``, ``auction``) rather
    than scored toward a target. How the auction and a set differ, so that two games alike on the table
    (partnership-pass and racehorse: partners and a card pass) say how they differ: ``stuck``: the bid the
    dealer is stuck with when the others all pass (the rule set's ``no_bid`` ``"dealer"`` and a free opening:
    RULES.md, Deal and auction 3; VARIANTS.md ``partnership-pass``: "Dealer takes 250 when the first three
    pass"), else ``None``; ``rebid``: whether a seat that passed may bid again (``reenter_after_pass``: VARIANTS.md
    ``racehorse``); ``set_bonus``: what the declarer's opponents score beyond their own meld and counters when
    the declarer's side is set (the game's ``outcome`` of a contract set with nothing melded or taken: VARIANTS.md
    ``racehorse``, "the opponents score their meld + 250 + the counters they took"), else ``None``.

    >>> table_facts("cutthroat")
    {'partners': False, 'deck': 48, 'widow': 3, 'pass': 0, 'auction': True, 'turned': False, 'stock': False, 'target': None, 'deals': 9, 'deals_each': 3, 'stakes': True, 'stuck': None, 'rebid': False, 'set_bonus': None}
    >>> {k: v for k, v in table_facts("two-handed").items() if v}
    {'deck': 48, 'turned': True, 'stock': True, 'target': 1000}
    >>> [(table_facts(n)["stuck"], table_facts(n)["rebid"], table_facts(n)["set_bonus"]) for n in ("partnership-pass", "racehorse")]
    [(250, False, None), (None, True, 250)]
    """
    g = GAMES[name]
    phases = {p.name for p in g.phases}
    partners = any(len(side) > 1 for side in g.seating.sides)
    auction = "auction" in phases
    return {"partners": partners, "deck": DECKS[g.rules.deck].size,
            "widow": g.rules.widow, "pass": g.rules.pass_cards, "auction": auction,
            "turned": bool(phases & {"turn_trump", "turn_up"}), "stock": "draw" in phases,
            "target": None if g.deals else g.rules.target, "deals": g.deals or None,
            "deals_each": g.deals // g.seating.players if g.deals else None, "stakes": g.rules.stakes != "none",
            "stuck": g.rules.min_bid if auction and g.rules.no_bid == "dealer" and g.rules.opening == "free" else None,
            "rebid": auction and g.rules.reenter_after_pass, "set_bonus": _set_bonus(g) if auction and partners else None}


def _set_bonus(g: Game) -> int | None:
    """What the declarer's opponents score in ``g`` when the declarer's side is set and nobody melded or took a
    card: a bonus beyond their meld and counters (VARIANTS.md ``racehorse``: 250), or ``None`` (0: RULES.md,
    Scoring a hand, where the opponents score only what they melded and took). Read from the game's ``outcome``,
    never from its name.

    Args:
        g: a game of two sides of partners with an auction.

    Returns:
        The bonus in the game's points, or ``None`` when there is none.
    """
    if g.outcome is None:
        return None
    score = g.outcome(0, g.rules.min_bid, (0, 0), (0, 0), (0, 0), g.rules)
    return score[1] if score[1] > 0 else None


def games_json() -> dict[str, object]:
    """``{"games": [{"name", "players", "sizes", "description", "playable", "how_to_play", "table"}, ...]}``: every
    game, in VARIANTS.md order; ``sizes`` the numbers of players its table takes (``Game.sizes``: ``[3, 4, 5]`` for
    auction); ``how_to_play`` is the path of its "How to play" page, or ``None`` while it has none; ``table``
    what its table looks like (:func:`table_facts`: Home draws each game's picture from it).

    >>> [g["name"] for g in games_json()["games"] if g["playable"]]
    ['table', 'partnership-pass', 'racehorse', 'turned-trump', 'britannica', 'double-deck', 'cutthroat', 'auction', 'two-handed']
    """
    from .howto import DEFAULT_GAME, games  # the pages shipped (pinochle/howto/)

    pages = set(games())

    def page(name: str) -> str | None:
        return None if name not in pages else "/how-to-play" if name == DEFAULT_GAME else f"/how-to-play/{name}"

    return {"games": [{"name": g.name, "players": g.players, "sizes": list(g.sizes), "description": g.description,
                       "playable": g.playable and g.at_table, "how_to_play": page(g.name),
                       "table": table_facts(g.name)}
                      for g in GAMES.values()]}


def _game(data: dict[str, object], kind: str, *, required: bool = False) -> None:
    """Check ``data["game"]``: the name of a playable game (left out: ``"table"``, unless required).

    >>> _game({"game": "two-handed"}, "new_match")
    >>> try:
    ...     _game({"game": "whist"}, "new_match")
    ... except ProtocolError as err:
    ...     print(err)
    new_match.game is the name of a playable game: table, partnership-pass, racehorse, turned-trump, britannica, double-deck, cutthroat, auction, two-handed; the text "whist" is not a game
    """
    playable = playable_games()
    names = ", ".join(playable)
    expected = f"the name of a playable game: {names}"
    if required:
        _missing(data, kind, "game", expected)
    value = data.get("game", DEFAULT_GAME)
    if not isinstance(value, str):
        raise _refuse(kind, "game", expected, value)
    if value in playable:
        return
    if value in GAMES:
        raise ProtocolError(ErrorCode.BAD_MESSAGE,
                            f"{kind}.game: the {value} game is not built yet; the playable games are {names}")
    raise ProtocolError(ErrorCode.BAD_MESSAGE, f"{kind}.game is {expected}; {describe(value)} is not a game")


def _show(bound: float) -> str:
    """A range's end as people write it: ``3`` for 3.0, ``2147483647`` (not ``2.14748e+09``)."""
    return str(int(bound)) if float(bound).is_integer() else repr(bound)


def number(value: object, kind: str, key: str, low: float, high: float, *, whole: bool = False,
           unit: str = "") -> float:
    """Check a number a client sent: a JSON number (not a boolean), finite, whole if asked, from ``low`` to ``high``.

    Returns:
        The value.

    Raises:
        ProtocolError: ``bad_message`` naming the field, the accepted range
            and what was sent.

    >>> number(12, "room_timer", "seconds", 10, 300, unit=" seconds")
    12
    >>> try:
    ...     number(5, "room_timer", "seconds", 10, 300, unit=" seconds")
    ... except ProtocolError as err:
    ...     print(err)
    room_timer.seconds is 10 to 300 seconds: 5 is out of range
    """
    span = f"{_show(low)} to {_show(high)}{unit}"
    if whole:
        span = "a whole number from " + span
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise _refuse(kind, key, span, value)
    if not low <= value <= high:  # NaN cannot get here: it is not JSON
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"{kind}.{key} is {span}: {describe(value)} is out of range")
    if whole and not isinstance(value, int):
        if value.is_integer():
            raise ProtocolError(ErrorCode.BAD_MESSAGE, f"{kind}.{key} is {span}, written without a fraction or"
                                f" an exponent: {int(value)}, not {describe(value)}")
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"{kind}.{key} is {span}: {describe(value)} is not a whole number")
    return value


@dataclass(frozen=True)
class ClientMessage:
    """A parsed client message: its ``type`` and the whole object."""

    type: str
    data: dict[str, object]


def load_json(text: str | bytes) -> object:
    """Read one frame as JSON: integers of more than 30 digits become :class:`HugeInt`; NaN and Infinity are refused.

    Raises:
        ProtocolError: ``bad_message`` saying what is wrong (not UTF-8, not
            JSON, NaN or Infinity, nested too deeply).
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, "a binary frame must hold UTF-8 text (one JSON object)") from None
    try:
        return json.loads(text, parse_constant=_no_constant, parse_int=_parse_int)
    except _NotJSON as err:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, str(err)) from None
    except RecursionError:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "the message is nested too deeply to be read") from None
    except ValueError as err:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"a message is one JSON object ({err})") from None


def parse_client(text: str | bytes) -> ClientMessage:
    """Parse and shape-check one client frame (its size is checked by the endpoint: see :data:`MAX_MESSAGE_BYTES`).

    Every field of the message itself (not of the engine's ``action``) is
    checked here: present when required, of the documented type, and within
    the documented range.

    Raises:
        ProtocolError: ``bad_message`` (not JSON, not an object, a field
            missing, of the wrong type or out of range; the message names the
            field and what it accepts) or ``unknown_type``.
    """
    data = load_json(text)
    if not isinstance(data, dict):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f'a message is a JSON object with a "type", not {describe(data)}')
    if not isinstance(data.get("type"), str):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, 'a message is a JSON object with a "type" (text), such as'
                            ' {"type": "hello", "device": null, "seat": null}')
    kind = data["type"]
    if kind not in CLIENT_TYPES:
        raise ProtocolError(ErrorCode.UNKNOWN_TYPE, f"unknown message type {describe(kind)}: expected one of {', '.join(CLIENT_TYPES)}")
    if kind == "hello":
        for key in ("device", "seat"):
            _text(data, kind, key, "a token (text) or null", required=False)
    elif kind in ("create_room", "join_room", "quick_match"):
        _text(data, kind, "name", "your display name (text)")
        if kind == "join_room":
            _text(data, kind, "code", "the room code (text)")
        if kind == "create_room":
            _choice(data, kind, "level", LEVELS, default="normal")
        if kind in ("create_room", "quick_match"):
            _game(data, kind)
        if kind in ("create_room", "quick_match"):
            _players(data, kind)
    elif kind == "pace":
        _missing(data, kind, "bot_delay", f"0 to {_show(MAX_BOT_DELAY)} seconds")
        number(data["bot_delay"], kind, "bot_delay", 0, MAX_BOT_DELAY, unit=" seconds")
    elif kind == "ready":
        _missing(data, kind, "ready", "true or false")
        if not isinstance(data["ready"], bool):
            raise _refuse(kind, "ready", "true or false", data["ready"])
    elif kind in ("room_level", "new_match"):
        _choice(data, kind, "level", LEVELS)
        if kind == "new_match":
            _game(data, kind)
            _players(data, kind)
    elif kind == "room_game":
        _game(data, kind, required=True)
        _players(data, kind)
    elif kind == "room_timer":
        expected = f"null (no timer) or {MIN_MOVE_TIMER} to {MAX_MOVE_TIMER} seconds"
        _missing(data, kind, "seconds", expected)
        if data["seconds"] is not None:
            try:
                number(data["seconds"], kind, "seconds", MIN_MOVE_TIMER, MAX_MOVE_TIMER, unit=" seconds")
            except ProtocolError as err:
                raise ProtocolError(err.code, f"{err} (null: no timer)") from None
    elif kind == "arrange":
        expected = '{"N": member id or null, "E": ..., "S": ..., "W": ...} (by chair, {"0": ..., "1": ...}, at a table of 4 or 5)'
        _missing(data, kind, "seats", expected)
        seats = data["seats"]
        if not isinstance(seats, dict):
            raise _refuse(kind, "seats", expected, seats)
        for key, value in seats.items():
            if key not in SEATS and key not in CHAIRS:
                raise ProtocolError(ErrorCode.BAD_MESSAGE,
                                    f"arrange.seats has the seat {describe(key)}: seats are N, E, S and W "
                                    f"(chairs 0 to {len(CHAIRS) - 1} at a table of 4 or 5)")
            if value is not None and not isinstance(value, str):
                raise _refuse(kind, f"seats.{key}", "a member id (text) or null", value)
    elif kind == "resume":
        _text(data, kind, "match", "the match id (text), or null for your solo match", required=False)
    elif kind == "action":
        _text(data, kind, "match", "the id of the match the move was made in (text), or null for your solo match",
              nullable=True)
        _missing(data, kind, "version", f"the view's version, a whole number from 0 to {MAX_VERSION}")
        number(data["version"], kind, "version", 0, MAX_VERSION, whole=True)
        expected = 'the move, an object such as {"type": "pass"}'
        _missing(data, kind, "action", expected)
        if not isinstance(data["action"], dict):
            raise _refuse(kind, "action", expected, data["action"])
    elif kind == "undo":
        _text(data, kind, "match", "the id of your solo match (text), or null for it", nullable=True)
        _missing(data, kind, "version", f"the view's version, a whole number from 0 to {MAX_VERSION}")
        number(data["version"], kind, "version", 0, MAX_VERSION, whole=True)
    elif kind == "history":
        _text(data, kind, "match", "the id of a match you are seated at (text), or null for your solo match",
              nullable=True)
    elif kind == "hint":
        _text(data, kind, "match", "the id of the match (text), or null for your solo match", nullable=True)
        _missing(data, kind, "version", f"the view's version, a whole number from 0 to {MAX_VERSION}")
        number(data["version"], kind, "version", 0, MAX_VERSION, whole=True)
    elif kind == "review":
        _text(data, kind, "match", "the id of the match (text), or null for your solo match", nullable=True)
        _missing(data, kind, "hand", "the hand's number, a whole number from 1")
        number(data["hand"], kind, "hand", 1, MAX_VERSION, whole=True)
    elif kind == "room_hints":
        _missing(data, kind, "on", "true or false")
        if not isinstance(data["on"], bool):
            raise _refuse(kind, "on", "true or false", data["on"])
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
