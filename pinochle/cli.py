"""The ``pinochle`` command. All output is JSON on stdout (one object per line),
except ``play``, ``serve`` and ``arena`` without ``--json``.

Commands:

* ``pinochle meld --trump S AS TS KS QS JS``: the melds of 1 to 12 cards (``--game double-deck``: 20).
* ``pinochle legal --trump H --hand "AS 9S KH" --trick "TS"``: the legal cards.
* ``pinochle replay FILE``: replay a hand or match record (RULES.md format).
* ``pinochle review FILE --seat S``: the decision review of one seat in a hand or match record
  (:mod:`pinochle.bots.review`): each decision against the Hard player's, and the points it gave up.
* ``pinochle verify FILE``: check a finished match's record against its sealed shuffle
  (:mod:`pinochle.verify`): ``{"verified": true, "hands": N}``, or what differs (status 1).
* ``pinochle play``: play a match in the terminal as South (``--game auction --players 4`` or 5:
  a table of 4 or 5, you in chair 0; ``--game cutthroat`` or
  ``auction``: three players, each alone, with a widow).
* ``pinochle serve``: run the web table (``--host``, ``--port``, ``--db``, ``--bot-delay``; ``--redis URL``: one process of a service on Redis).
* ``pinochle arena --a hard --b normal --deals 500 --seed 1 [--matches M] [--workers N] [--json] [--records FILE]
  [--game auction --players 4|5]``:
  measure two computer players on duplicate deals (:mod:`pinochle.arena`); a
  readable table, or one JSON object with ``--json``; ``--records FILE`` writes
  every hand played as JSON Lines of hand records (docs/records.md) to audit
  the auctions and the play.

``meld``, ``legal`` and ``replay`` read JSON Lines from standard input when
their argument is ``-``: one request per line, one result per line; a bad
(or empty) line gets its own ``{"error": ...}`` line, whose ``index`` is the
0-based line number, and the rest go on. The exit status is 1 when any
request failed, else 0; a malformed command line gives a JSON error and 2.

Output that cannot be written (:mod:`pinochle.output`) ends every command without a traceback: a
closed pipe (``| head -1``) silently with status 141, a failed write (``> /dev/full``) with one line on
standard error and status 1.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import IO, TYPE_CHECKING, NoReturn, cast

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

from .cards import CARDS, DECKS, Suit, fold, parse_cards, plain_suits
from .errors import BadCard, BadRecord, PinochleError
from .meld import meld as meld_of
from .output import OutputError, guarded, output_failed
from .game import Game
from .games import GAMES, SWITCHES, with_switches
from .games import find as find_game
from .records import replay
from .rules import TABLE, RuleSet
from .stock import TableCard
from .tricks import legal_mask


class RequestError(PinochleError):
    """A bad command-line request; ``field`` names the argument at fault."""

    def __init__(self, field: str, reason: str, index: int | None = None) -> None:
        self.field, self.reason, self.index = field, reason, index
        super().__init__(reason)

    def to_json(self) -> dict[str, object]:
        """``{"field", "index", "reason"}``."""
        return {"field": self.field, "index": self.index, "reason": self.reason}


def _cards(field: str, raw: object, low: int, high: int, what: str) -> list[int]:
    """Read cards with :func:`~pinochle.cards.parse_cards` (a string, or a list of strings
    each holding one card or several) and check that there are ``low`` to ``high`` of them.

    Raises:
        RequestError: ``field`` at fault; ``index`` is the bad card's position.
    """
    if not isinstance(raw, (str, list)):
        raise RequestError(field, f"{field} is a list of cards such as [\"AS\", \"TS\"] or a string \"AS TS\"")
    try:
        out: list[int] = list(parse_cards(raw))
    except BadCard as err:
        raise RequestError(field, str(err), err.index) from None
    if not low <= len(out) <= high:
        raise RequestError(field, f"{what} has {len(out)} cards; give {low} to {high}")
    return out


def _check_copies(field: str, cards: Sequence[int], h: int = 0, rules: RuleSet = TABLE) -> int:
    """Pack ``cards`` onto ``h``, refusing a copy more than the game's deck holds (48 cards: two of each;
    VARIANTS.md ``double-deck``: four of each, no nines)."""
    deck = DECKS[rules.deck]
    for i, c in enumerate(cards):
        try:
            h = deck.add(h, c)
        except BadCard:
            if deck.copies[c] == 2:
                raise RequestError(field, f"a third {CARDS[c].label}: the deck has two of each card", i) from None
            raise RequestError(field, deck.too_many(c), i) from None
    return h


def _trump(raw: object) -> Suit:
    if raw is None or raw == "":
        raise RequestError("trump", "name the trump suit: S, H, D or C (or ♠ ♥ ♦ ♣)")
    try:
        return Suit.parse(str(raw))
    except BadCard as err:
        raise RequestError("trump", str(err)) from None


def _line_rules(d: dict[str, object], default: Sequence[str]) -> Sequence[str]:
    """The house rules of one JSON Lines request: its ``"rules"`` object (``{"must_beat": "never"}``, as
    records write them) or, without one, the command line's ``--rule`` options.

    Raises:
        RequestError: ``rules`` is not an object of names and values (``field`` ``"rules"``).
    """
    given = d.get("rules")
    if given is None:
        return default
    if not isinstance(given, dict) or not all(isinstance(v, (str, bool, int)) for v in given.values()):
        raise RequestError("rules", 'rules is an object of house rules, such as {"must_beat": "never"}, '
                                    f"not {json.dumps(given)[:80]}")
    return [f"{k}={str(v).lower()}" for k, v in given.items()]


def game_rules(game: object = None, scale: object = None, rules: Sequence[str] = (),
               at_table: bool = False) -> tuple[Game, RuleSet]:
    """The game called ``game`` (default ``table``) and its numbers in ``scale`` (default its own),
    with the house-rule switches ``rules`` (``["must_beat=never"]``, :data:`pinochle.games.SWITCHES`);
    ``at_table``: refuse a game not seated at the table yet (see :func:`pinochle.games.find`; ``play``
    and ``arena`` take every playable game: the arena says itself which games it measures).

    Raises:
        RequestError: an unknown game, one not built yet, an unknown scale or a
            bad switch (``field`` ``"game"``, ``"scale"`` or ``"rule"``; the
            message lists the choices).
    """
    try:
        g = find_game("table" if game is None else game, at_table=at_table)
    except ValueError as err:
        raise RequestError("game", str(err)) from None
    numbers = g.rules
    if scale is not None:
        try:
            numbers = numbers.in_scale(str(scale))
        except ValueError as err:
            raise RequestError("scale", str(err)) from None
    switches: dict[str, str] = {}
    for i, item in enumerate(rules):
        key, eq, value = item.partition("=")
        if not eq:
            raise RequestError("rule", f"a house rule is NAME=VALUE, such as must_beat=never, not {item!r}", i)
        switches[key.strip()] = value.strip()
    try:
        return g, with_switches(numbers, switches)
    except ValueError as err:
        raise RequestError("rule", str(err)) from None


def _stock_game(g: Game) -> bool:
    """Whether ``g`` is played with a stock, melding one combination at a time between tricks
    (VARIANTS.md ``two-handed``), as its phases declare: a draw from the stock is one of its moves."""
    return "draw" in g.action_types


def _table_cards(raw: object, h: int, rules: RuleSet) -> list[TableCard]:
    """Read ``table``: a player's melded cards on the table with the meld kinds each has served,
    ``[{"card": "KS", "melds": ["marriage"]}, ...]``, or the string ``"KS:marriage,around-K QS:marriage"``.

    Raises:
        RequestError: ``table`` at fault, ``index`` the entry.
    """
    if raw is None:
        return []
    if isinstance(raw, str):  # "KS:marriage,around-K QS:marriage"
        raw = [{"card": c.partition(":")[0], "melds": [k for k in c.partition(":")[2].split(",") if k]}
               for c in raw.split()]
    if not isinstance(raw, list):
        raise RequestError("table", "table is a list such as [{\"card\": \"KS\", \"melds\": [\"marriage\"]}]")
    out: list[TableCard] = []
    for i, entry in enumerate(raw):
        if not isinstance(entry, dict) or not isinstance(entry.get("melds", []), list):
            raise RequestError("table", "each table entry is {\"card\": \"KS\", \"melds\": [kinds served]}", i)
        try:
            card = CARDS[parse_cards([str(entry.get("card"))])[0]] if isinstance(entry.get("card"), str) else None
        except BadCard as err:
            raise RequestError("table", str(err), i) from None
        if card is None:
            raise RequestError("table", "each table entry names its \"card\"", i)
        kinds = tuple(str(k) for k in entry.get("melds", []))
        bad = [k for k in kinds if k not in MELD_KINDS]
        if bad:
            raise RequestError("table", f"unknown meld kind {bad[0]!r}: the kinds are {', '.join(MELD_KINDS)}", i)
        out.append(TableCard(card, kinds))
    _check_copies("table", [t.card for t in out], h, rules)
    return out


#: The meld kinds a table card may have served (pinochle.meld.MeldItem.kind).
MELD_KINDS = ("run", "marriage", "dix", "pinochle", "around-A", "around-K", "around-Q", "around-J")


def stock_meld_request(trump: object, hand: object, table: object, game: Game, rules: RuleSet) -> dict[str, object]:
    """Answer a meld request of two-handed Pinochle (VARIANTS.md ``two-handed``): the single melds
    ``hand`` plus the player's ``table`` cards could declare next, with their points, given the meld
    kinds each table card has served; ``dix``: whether the 9 of trump in the hand may be scored besides.

    Returns:
        ``{"melds": [{"name", "points", "cards"}, ...], "dix": bool}``.

    Raises:
        RequestError: a bad suit, card, count, table entry or third copy.
    """
    from .games.two_handed import HAND, declarable

    suit = _trump(trump)
    cards = _cards("hand", hand, 1, HAND, "the hand")
    h = _check_copies("hand", cards, 0, rules)
    on_table = _table_cards(table, h, rules)
    found = declarable(h, on_table, suit, rules)
    nine = CARDS[suit * 6]
    return {"melds": [m.to_json() for m in found], "dix": nine in cards}


def meld_request(trump: object, hand: object, game: object = None, scale: object = None,
                 table: object = None, rules: Sequence[str] = ()) -> dict[str, object]:
    """Answer a meld request (RULES.md, Meld; the game's meld values and scale).

    Args:
        trump: the trump suit token.
        hand: 1 to a hand's worth of cards (12; ``double-deck`` 20), as a list of tokens or a
            string, at most as many copies of a card as the game's deck holds.
        game, scale: the game (default ``table``) and scale (default the game's).
        rules: house rules as ``NAME=VALUE`` (two-handed: ``double_pinochle_later=true`` lets a
            pinochle on the table grow into a double pinochle).

    Returns:
        ``{"total": points, "melds": [{"name", "points", "cards"}, ...]}``; for two-handed
        (``table``: the player's melded cards), see :func:`stock_meld_request`.

    Raises:
        RequestError: a bad game, scale, house rule, suit, card, count or third copy.
    """
    g, numbers = game_rules(game, scale, rules)
    if _stock_game(g):
        return stock_meld_request(trump, hand, table, g, numbers)
    if table is not None:
        raise RequestError("table", f"the {g.name} game has no melds on the table between tricks")
    suit = _trump(trump)
    # the declarer melds with the widow (VARIANTS.md cutthroat: 18 cards)
    cards = _cards("hand", hand, 1, numbers.hand_size + numbers.widow, "the hand")
    return meld_of(_check_copies("hand", cards, 0, numbers), suit, numbers).to_json()


def legal_request(trump: object, hand: object, trick: object, game: object = None,
                  scale: object = None, rules: Sequence[str] = (), stock: object = None) -> dict[str, object]:
    """Answer a legal-cards request (RULES.md, Play; the game's play rule).

    Args:
        trump: the trump suit token.
        hand: 1 to a hand's worth of cards held (12; ``double-deck`` 20).
        trick: 0 to 3 cards already played to the trick, lead first.
        game, scale: the game (default ``table``) and scale.
        stock: two-handed only (VARIANTS.md ``two-handed``), ``true`` while the stock lasts (no duty to
            follow: every card held is legal; ``hand`` then includes the player's cards on the table) or
            ``false`` (the endgame); required there.

    Returns:
        ``{"legal": [card, ...]}``: the distinct legal cards, high to low by suit.

    Raises:
        RequestError: a bad suit, card or count, or more copies of a card between
            the hand and the trick than the game's deck holds.
    """
    g, numbers = game_rules(game, scale, rules)
    suit = _trump(trump)
    size = numbers.hand_size
    if _stock_game(g):
        from .games.two_handed import HAND

        size = HAND
        if not isinstance(stock, bool):
            raise RequestError("stock", "two-handed play needs \"stock\": true while the stock lasts (no duty to "
                                        "follow) or false (the endgame)")
    elif stock is not None:
        raise RequestError("stock", f"the {g.name} game has no stock")
    held = _cards("hand", hand, 1, size, "the hand")
    played = _cards("trick", trick if trick is not None else [], 0, g.players - 1, "the trick")
    h = _check_copies("hand", held, 0, numbers)
    _check_copies("trick", played, h, numbers)
    mask = (h | h >> 24) & 0xFFFFFF if stock is True else legal_mask(h, played, suit, numbers)
    cards = sorted((c for c in range(24) if mask >> c & 1), key=lambda c: (c // 6, -c))
    return {"legal": [str(CARDS[c]) for c in cards]}


def games_json() -> dict[str, object]:
    """``{"games": [{"name", "players", "description", "playable", "source", "rules"}, ...]}``, VARIANTS.md
    order; ``rules``: the house rules the game takes (``--rule NAME=VALUE``), each with the values it
    takes, the game's own first (``{"must_beat": ["always", "trump_led", "never"], "min_bid": ["250",
    "number"]}``; ``head_ruffed=true`` goes with ``must_beat=always``)."""
    def values(g: Game, key: str) -> list[str]:
        own = str(getattr(g.rules, key)).lower()
        allowed = SWITCHES[key]
        if allowed == (int,):
            return [own, "number"]
        out = [own]
        for v in (str(v).lower() for v in allowed if str(v).lower() != own):
            try:  # only what the game takes (cutthroat's ones scale has no opening at 290)
                with_switches(g.rules, {key: v, **({"must_beat": "always"} if key == "head_ruffed" else {})})
            except ValueError:
                continue
            out.append(v)
        return out

    return {"games": [{"name": g.name, "players": g.players, "description": g.description,
                       "playable": g.playable, "source": g.source,
                       "rules": {k: values(g, k) for k in g.switches}} for g in GAMES.values()]}


def _read_record(path: str) -> object:
    """The JSON record in file ``path`` (UTF-8 or UTF-16, as editors save it).

    Raises:
        RequestError: the file cannot be read, or is not JSON (``field`` ``"file"``, the reason named).
    """
    try:
        with open(path, "rb") as fh:
            text = decode_text(fh.read())
    except OSError as err:
        raise RequestError("file", f"cannot read {path}: {err.strerror}") from None
    except UnicodeDecodeError:
        raise RequestError("file", f"{path} is not text in UTF-8 or UTF-16") from None
    return _decode(text, "file", f"{path} is ")


def _read_lines(path: str) -> list[str]:
    """The lines of the text file ``path`` (UTF-8 or UTF-16).

    Raises:
        RequestError: the file cannot be read, or is not text (``field`` ``"file"``).
    """
    try:
        with open(path, "rb") as fh:
            return decode_text(fh.read()).splitlines()
    except OSError as err:
        raise RequestError("file", f"cannot read {path}: {err.strerror}") from None
    except UnicodeDecodeError:
        raise RequestError("file", f"{path} is not text in UTF-8 or UTF-16") from None


def _with_game(record: object, game: str | None) -> object:
    """``record`` with ``"game"`` filled in from ``--game`` when it names none (a record's own game wins).

    Raises:
        RequestError: the record names another game than ``--game``.
    """
    if game is None or not isinstance(record, dict):
        return record
    named = record.get("game")
    if named is not None and named != game:
        raise RequestError("game", f"the record is a {named!r} record, not {game!r}")
    return {**record, "game": game}


def _emit(out: IO[str], obj: object) -> None:
    """Write one JSON line: readable UTF-8 when ``out`` takes it, else ASCII escapes.

    The output is valid JSON whatever the stream's encoding (a terminal set
    to ASCII or Latin-1, ``PYTHONIOENCODING=ascii``): a line the stream
    cannot encode is written again with ``\\uXXXX`` escapes, which every JSON
    reader decodes to the same text.
    """
    try:
        out.write(json.dumps(obj, ensure_ascii=False) + "\n")
    except UnicodeEncodeError:
        out.write(json.dumps(obj, ensure_ascii=True) + "\n")


def _error(err: Exception) -> dict[str, object]:
    if isinstance(err, (RequestError, BadRecord)):
        return {"error": err.to_json()}
    return {"error": {"field": None, "index": None, "reason": str(err)}}


_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


def decode_text(data: bytes) -> str:
    """Text from a file's bytes as editors save it: UTF-8 with or without a
    byte-order mark (Windows Notepad adds one), or UTF-16 / UTF-32 with a mark
    ("Unicode" in Windows editors). Line ends (LF, CRLF, CR) are left to the
    JSON reader, which takes them all as blanks.

    Raises:
        UnicodeDecodeError: none of these encodings.

    >>> decode_text(b"\\xef\\xbb\\xbf{}"), decode_text("{}".encode("utf-16"))
    ('{}', '{}')
    """
    if data.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        return data.decode("utf-32")
    if data.startswith(_UTF16_BOMS):
        return data.decode("utf-16")
    return data.decode("utf-8-sig")


def _lines(stream: IO[str]) -> Iterator[str | None]:
    """The lines of ``stream``; ``None`` for a line that is not UTF-8 (read from the bytes when possible).

    A byte-order mark at the start is dropped; a stream that starts with a
    UTF-16 or UTF-32 mark is read whole in that encoding.
    """
    raw = getattr(stream, "buffer", None)
    if raw is None:
        for n, line in enumerate(stream):
            yield line.removeprefix("\ufeff") if n == 0 else line
        return
    first = True
    for data in raw:
        if first and data.startswith((*_UTF16_BOMS, b"\x00\x00\xfe\xff")):
            try:
                yield from decode_text(data + raw.read()).splitlines()
            except UnicodeDecodeError:
                yield None
            return
        if first:
            data = data.removeprefix(b"\xef\xbb\xbf")
            first = False
        try:
            yield data.decode("utf-8")
        except UnicodeDecodeError:
            yield None


def _decode(text: str, field: str = "line", whose: str = "") -> object:
    """``json.loads`` with every failure as a :class:`RequestError` of ``field`` (bad JSON, too deep,
    huge numbers), its reason after ``whose`` (a file's ``"PATH is "``, which also names the line)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        where = f" at line {err.lineno}" if whose else ""
        raise RequestError(field, f"{whose}not JSON: {err.msg}{where}") from None
    except (ValueError, RecursionError) as err:
        raise RequestError(field, f"{whose}not usable JSON: {_json_fault(err)}") from None


def _json_fault(err: Exception) -> str:
    """Why JSON that parses as text cannot be used, in a user's words (not Python's advice)."""
    if isinstance(err, RecursionError):
        return "nested too deeply"
    if "digits" in str(err):
        return "a number of more than 4,300 digits"
    return str(err)


def _jsonl(lines: Iterable[str | None], out: IO[str], handle: Callable[[dict[str, object]], dict[str, object]]) -> int:
    status = 0
    for n, line in enumerate(lines):
        try:
            if line is None:
                raise RequestError("line", "not UTF-8 text")
            if not line.strip():
                raise RequestError("line", "empty line: each line is one JSON request")
            data = _decode(line)
            if not isinstance(data, dict):
                raise RequestError("line", "each line is a JSON object")
            _emit(out, handle(data))
        except RecursionError:
            _emit(out, {"error": {"field": "line", "index": n, "reason": "nested too deeply"}})
            status = 1
        except (PinochleError, ValueError) as err:
            if isinstance(err, RequestError) and err.field == "line":
                err.index = n
            _emit(out, _error(err))
            status = 1
    return status


def _number(low: float, high: float, whole: bool = True, unit: str = "",
            zero: str | None = None) -> Callable[[str], float]:
    """An argparse type for a number from ``low`` to ``high`` whose refusal names the true reason.

    Args:
        low, high: the accepted range (inclusive).
        whole: only whole numbers.
        unit: a word after the number in messages (``"seconds"``).
        zero: when 0 is accepted besides the range, what it means (``"none"``).

    Returns:
        The converter: text to ``int`` (``whole``) or ``float``.

    >>> _number(1, 64)("8"), _number(0, 60, whole=False)("0.5")
    (8, 0.5)
    >>> _number(1, 64)("100")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 100 is out of range: give a whole number from 1 to 64
    """
    kind = "a whole number" if whole else "a number"
    span = f"from {low:g} to {high:g}" + (f" {unit}" if unit else "") + (f", or 0 for {zero}" if zero else "")

    def convert(text: str) -> float:
        t = fold(text).strip()
        try:
            value: float = int(t) if whole else float(t)
        except ValueError:
            if whole and t.lstrip("+-").isascii() and t.lstrip("+-").isdigit():  # too many digits for int()
                raise argparse.ArgumentTypeError(f"{text} is out of range: give {kind} {span}") from None
            raise argparse.ArgumentTypeError(f"{text!r} is not {kind}: give {kind} {span}") from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"{text!r} is not a finite number: give {kind} {span}")
        if not (low <= value <= high or (zero is not None and value == 0)):
            raise argparse.ArgumentTypeError(f"{text} is out of range: give {kind} {span}")
        return value

    return convert


def _whole(text: str) -> int:
    """An argparse type for a whole number of up to 40 digits (a seed, or a
    count that the command itself checks for range).

    >>> _whole("-12"), _whole("１２")
    (-12, 12)
    """
    t = fold(text).strip()
    digits = t[1:] if t[:1] in "+-" else t
    if not (digits.isascii() and digits.isdigit()):
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number")
    if len(digits.lstrip("0")) > 40:
        raise argparse.ArgumentTypeError(f"a number of {len(digits)} digits is too long: give at most 40 digits")
    return int(t)


_SEED = _whole


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad command line is reported as a JSON error (exit status 2)."""

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        """Help and usage, with suit letters for a stream that cannot show the symbols."""
        if message:
            # help goes to stdout, usage to stderr (argparse's own streams): a closed pipe is no fault
            stream = guarded(cast(IO[str], file if file is not None else sys.stderr))
            try:
                stream.write(message)
            except UnicodeEncodeError:
                encoding = str(getattr(stream, "encoding", None) or "ascii")
                stream.write(plain_suits(message).encode(encoding, "replace").decode(encoding))

    def error(self, message: str) -> NoReturn:
        _emit(guarded(sys.stdout), {"error": {"field": "arguments", "index": None, "reason": f"{self.prog}: {message}"}})
        print(self.format_usage(), end="", file=sys.stderr)
        raise SystemExit(2)


def _game_options(p: argparse.ArgumentParser, scale: bool = True, switches: bool = False) -> None:
    p.add_argument("--game", default=None, help="the game (pinochle games lists them; default table)")
    if scale:
        p.add_argument("--scale", default=None, help="tens, ones or old-style (default: the game's own)")
    if switches:
        p.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                       help="a house rule, repeatable: " + ", ".join(SWITCHES))


def _STOCK(text: str) -> bool:
    """``--stock``: yes/true or no/false."""
    t = text.strip().lower()
    if t in ("yes", "true"):
        return True
    if t in ("no", "false"):
        return False
    raise argparse.ArgumentTypeError(f"--stock is yes or no, not {text!r}")


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="pinochle", description="Pinochle: four-handed partnerships (RULES.md) and the games of "
                                              "VARIANTS.md (pinochle games lists them).")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sub.add_parser("games", help="the games and their house rules: {\"games\": [{\"name\", \"players\", "
                                 "\"description\", \"playable\", \"source\", \"rules\"}]}")
    m = sub.add_parser("meld", help="the melds of a hand; '-' reads JSON Lines {\"trump\", \"hand\", \"game\", \"scale\"}")
    m.add_argument("--trump", help="trump suit: S H D C or ♠ ♥ ♦ ♣")
    m.add_argument("--table", default=None, help="two-handed: the player's melded cards on the table (JSON Lines: "
                                                 "[{\"card\", \"melds\": [kinds served]}])")
    _game_options(m, switches=True)
    m.add_argument("cards", nargs="+", help="1 to 12 cards (double-deck: 20), e.g. AS TS KS QS JS; or - for JSON Lines")
    lg = sub.add_parser("legal", help="the legal cards; '-' reads JSON Lines {\"trump\", \"hand\", \"trick\"}")
    lg.add_argument("source", nargs="?", help="- for JSON Lines on stdin")
    lg.add_argument("--trump")
    lg.add_argument("--hand")
    lg.add_argument("--trick", default="")
    lg.add_argument("--stock", type=_STOCK, default=None,
                    help="two-handed: yes while the stock lasts (no duty to follow), no in the endgame")
    _game_options(lg, switches=True)
    r = sub.add_parser("replay", help="replay a hand or match record; '-' reads one record per line")
    r.add_argument("file")
    _game_options(r, scale=False)
    rv = sub.add_parser("review", help="the decision review of one seat in a hand or match record: each decision "
                                       "against the Hard player's with the same information, and the points it gave up")
    rv.add_argument("file")
    rv.add_argument("--seat", required=True, choices=("N", "E", "S", "W"), help="the seat reviewed")
    rv.add_argument("--hand", type=_number(1, 10_000), default=None, help="a match record: only this hand (from 1)")
    rv.add_argument("--samples", type=_number(4, 10_000), default=None,
                    help="sampled deals a card behind each decision (default 96)")
    au = sub.add_parser("audit", help="the computer players' mistakes a strong player would name, counted in hand "
                                      "records (pinochle arena --records): one JSON line per game and level "
                                      "(docs/strength.md, \"The audit\")")
    au.add_argument("records", nargs="+", metavar="RECORDS",
                    help="files of JSON Lines of hand or match records; '-' reads standard input")
    vf = sub.add_parser("verify", help="check a finished match's record against its sealed shuffle "
                                       "(commitment, seed and salt; docs/records.md)")
    vf.add_argument("file")
    pl = sub.add_parser("play", help="play a match in the terminal as South against computer players "
                                     "(three; two in cutthroat and auction)")
    pl.add_argument("--seed", type=_SEED, default=None, help="make the deals reproducible (a whole number)")
    pl.add_argument("--save", default=None, help="write the match record to this file")
    pl.add_argument("--level", choices=("easy", "normal", "hard"), default="normal",
                    help="the computer players' level (default normal)")
    pl.add_argument("--players", type=_number(2, 8), default=None,
                    help="the players at the table, one of the game's sizes (auction: 3, 4 or 5; "
                         "default: the game's seating)")
    _game_options(pl, switches=True)
    sv = sub.add_parser("serve", help="run the web table (http://127.0.0.1:8000 by default)")
    sv.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    sv.add_argument("--port", type=_number(1, 65535), default=8000, help="port, 1 to 65535 (default 8000)")
    sv.add_argument("--db", default=None, help="SQLite file (default: pinochle.db in the user data directory)")
    sv.add_argument("--bot-delay", type=_number(0, 60, whole=False, unit="seconds"), default=0.7,
                    help="seconds between computer moves, 0 to 60 (default 0.7)")
    sv.add_argument("--search-seconds", type=_number(0, 3600, whole=False, unit="seconds"), default=20.0,
                    help="Quick Match search time before computers fill the table, 0 to 3600 (default 20)")
    sv.add_argument("--quick-timer", type=_number(10, 300, whole=False, unit="seconds", zero="none"), default=30.0,
                    help="Quick Match move timer in seconds, 10 to 300; 0 for none (default 30)")
    sv.add_argument("--away-seconds", type=_number(1, 86400, whole=False, unit="seconds", zero="never"), default=60.0,
                    help="seconds a disconnected person keeps a seat before a computer plays for them, "
                         "1 to 86400; 0 for never (default 60)")
    sv.add_argument("--allow-origin", action="append", default=[], metavar="URL",
                    help="a browser origin allowed to open the WebSocket besides the server's own "
                         "(behind another host name), e.g. https://cards.example; repeatable")
    sv.add_argument("--embed-from", action="append", default=[], metavar="URL",
                    help="an origin allowed to show the pages in a frame (default: none may); repeatable")
    sv.add_argument("--redis", default=None, metavar="URL",
                    help="run as one process of a service on Redis, e.g. redis://127.0.0.1:6379/0: every "
                         "process started with the same URL serves the same rooms, Quick Match and tables "
                         "(--db is then not used; docs/scaling.md)")
    sv.add_argument("--redis-prefix", default="pin:", metavar="PREFIX",
                    help="the service's key prefix in Redis (default pin:), so that several services share one Redis")
    sv.add_argument("--metrics-port", type=_number(1, 65535), default=None, metavar="PORT",
                    help="serve the figures for an operator (GET /metrics, Prometheus text format) on this "
                         "port, apart from the public one (default: not served; docs/scaling.md)")
    sv.add_argument("--forwarded-allow-ips", default=None, metavar="ADDRESSES",
                    help="the reverse proxies whose X-Forwarded-For names the client's address (comma-separated, "
                         "or *; default 127.0.0.1): the limits per address depend on it (docs/scaling.md)")
    sv.add_argument("--metrics-host", default="127.0.0.1", metavar="ADDRESS",
                    help="the address the metrics port listens on (default 127.0.0.1: this machine only)")
    ar = sub.add_parser("arena", help="measure computer player A against B on duplicate deals and matches")
    ar.add_argument("--a", required=True, help="player A: easy, normal, hard, or a registered name")
    ar.add_argument("--b", required=True, help="player B")
    ar.add_argument("--players", type=_number(2, 8), default=None,
                    help="the players at the table, one of the game's sizes (auction: 3, 4 or 5, the "
                         "players rotated through the chairs; default: the game's seating)")
    ar.add_argument("--deals", type=_whole, default=500,
                    help="duplicate deals, each played twice, 1 to 1000000 (default 500)")
    ar.add_argument("--seed", type=_SEED, default=1, help="arena seed, a whole number (default 1)")
    ar.add_argument("--matches", type=_whole, default=None,
                    help="duplicate pairs of full matches, 0 to 100000 (default max(10, deals // 25))")
    ar.add_argument("--workers", type=_whole, default=None,
                    help="worker processes, 1 to 64 (default: the CPUs available)")
    ar.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    ar.add_argument("--records", metavar="FILE", default=None,
                    help="write every hand played to FILE as JSON Lines of hand records (docs/records.md)")
    _game_options(ar, scale=False)
    return p


def serve(host: str, port: int, db: str | None, bot_delay: float, search_seconds: float = 20.0,
          quick_timer: float = 30.0, away_seconds: float = 60.0, allow_origins: Sequence[str] = (),
          embed_from: Sequence[str] = (), redis: str | None = None, redis_prefix: str = "pin:",
          metrics_port: int | None = None, metrics_host: str = "127.0.0.1",
          forwarded_allow_ips: str | None = None) -> int:
    """Run the web app under uvicorn until interrupted.

    The process's garbage collector runs less often (:func:`.server.collector.tune`; docs/server.md,
    "Garbage-collection pauses"). With the environment variable ``PINOCHLE_GC_STATS`` set, its runs and
    pauses are printed as one JSON line on standard error when the server stops.

    Args:
        host, port: where to listen.
        db: the SQLite file; default ``pinochle.db`` in the platform's user data directory.
        bot_delay: seconds between computer moves.
        search_seconds: Quick Match search time (seconds).
        quick_timer: Quick Match move timer (seconds; 0: none).
        away_seconds: seconds before a computer plays for a disconnected person (0: never).
        allow_origins: browser origins allowed to open the WebSocket besides the server's own.
        embed_from: origins allowed to frame the pages (``frame-ancestors``; none by default).
        redis: a Redis URL: run as one process of a service on Redis (``db`` is not used); ``None``: SQLite.
        redis_prefix: the service's key prefix in Redis.
        metrics_port: serve ``GET /metrics`` (the Prometheus text format: :mod:`.server.metrics`) on this
            port, apart from the public one; ``None``: the figures are not served.
        metrics_host: the address the metrics port listens on (default 127.0.0.1: this machine only).
        forwarded_allow_ips: the proxies whose ``X-Forwarded-For`` names the client's address (comma-separated
            addresses, or ``*``; uvicorn's setting). ``None``: uvicorn's default, 127.0.0.1. The limits per
            client address depend on it (docs/scaling.md, "Behind a reverse proxy").

    Raises:
        RequestError: an origin that is not ``http(s)://host[:port]``.
    """
    import platformdirs
    import uvicorn

    from .server.app import create_app
    from .server.edge import EdgeError, EdgePolicy
    from .server.protocol import MAX_MESSAGE_BYTES

    try:
        edge = EdgePolicy(frame_ancestors=tuple(embed_from), ws_origins=tuple(allow_origins))
    except EdgeError as err:
        raise RequestError("origin", str(err)) from None
    path = db if db is not None else str(platformdirs.user_data_path("pinochle") / "pinochle.db")
    where = f"sharing {redis} (keys {redis_prefix}*) with the other processes" if redis else f"saving to {path}"
    print(f"Pinochle: http://{host}:{port}  ({where})", file=sys.stderr, flush=True)
    import logging
    import os

    from .server import collector

    # fewer garbage collections: the full ones stalled every socket for up to half a second at 500
    # tables, to free almost nothing (docs/server.md, "Garbage-collection pauses")
    collector.tune()
    # PINOCHLE_GC_STATS=1: the collector's runs and pauses, printed when the server stops
    watch = collector.GcWatch() if os.environ.get("PINOCHLE_GC_STATS") else None
    from .server.metrics import Metrics

    metrics = Metrics()
    app = create_app(path, bot_delay=bot_delay, search_seconds=search_seconds,
                     quick_move_timer=quick_timer or None, away_seconds=away_seconds or None, edge=edge,
                     redis=redis, redis_prefix=redis_prefix, gc_watch=watch, metrics=metrics)
    if metrics_port is not None:
        import prometheus_client

        prometheus_client.start_http_server(metrics_port, addr=metrics_host, registry=metrics.registry)
        print(f"Figures for an operator: http://{metrics_host}:{metrics_port}/metrics", file=sys.stderr, flush=True)

    level = os.environ.get("PINOCHLE_LOG", "").upper()  # e.g. PINOCHLE_LOG=info: the server's own log, more detailed
    if level in ("DEBUG", "INFO"):
        logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s %(levelname)s %(message)s")
        logging.getLogger("pinochle").setLevel(level)
    # no per-message deflate: on our frames (1-4 KB of JSON) it cost more server CPU and memory per socket
    # than the bandwidth it saved was worth (docs/server.md, "One process")
    uvicorn.run(app, host=host, port=port, ws_max_size=MAX_MESSAGE_BYTES, ws_per_message_deflate=False,
                log_level="warning", proxy_headers=True, forwarded_allow_ips=forwarded_allow_ips)
    return 0


def main(argv: Sequence[str] | None = None, stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> int:
    """Run the ``pinochle`` command.

    Every command writes through :func:`~pinochle.output.guarded` and flushes before it ends, so that
    output that cannot be written ends it as :mod:`pinochle.output` says: silently for a closed pipe
    (``| head -1``), with one line on standard error for a failed write (``> /dev/full``).

    Args:
        argv: the arguments (default ``sys.argv[1:]``).
        stdin, stdout: streams (default the process's).

    Returns:
        The exit status: 0 on success, 1 when a request or record is bad or
        the output cannot be written, 2 for a bad command line, 141 when the
        reader of the output has gone (:data:`~pinochle.output.CLOSED_PIPE_STATUS`).
    """
    inp = stdin if stdin is not None else sys.stdin
    out = guarded(stdout if stdout is not None else sys.stdout)
    try:
        try:
            return _command(argv, inp, out)
        finally:  # what is still in the buffer is written now, while a failure can be told
            out.flush()
    except OutputError as err:
        return output_failed(err)


def _command(argv: Sequence[str] | None, inp: IO[str], out: IO[str]) -> int:
    """Run one command with its input ``inp`` and output ``out`` (see :func:`main`).

    Raises:
        OutputError: ``out`` could not be written.
    """
    args = _parser().parse_args(argv)
    try:
        if args.command == "games":
            _emit(out, games_json())
            return 0
        if args.command == "meld":
            if args.cards == ["-"]:
                return _jsonl(_lines(inp), out, lambda d: meld_request(
                    d.get("trump"), d.get("hand"), d.get("game", args.game), d.get("scale", args.scale), d.get("table"),
                    _line_rules(d, args.rule)))
            _emit(out, meld_request(args.trump, list(args.cards), args.game, args.scale, args.table, args.rule))
            return 0
        if args.command == "legal":
            if args.source == "-":
                return _jsonl(_lines(inp), out, lambda d: legal_request(
                    d.get("trump"), d.get("hand"), d.get("trick"), d.get("game", args.game), d.get("scale", args.scale),
                    _line_rules(d, args.rule), stock=d.get("stock", args.stock)))
            if args.source is not None:  # a malformed command line (README: field "arguments", exit status 2)
                _emit(out, {"error": {"field": "arguments", "index": None, "reason": f"pinochle legal: unexpected "
                                      f"argument {args.source!r}: use --hand, --trick and --trump, or - for JSON Lines"}})
                return 2
            _emit(out, legal_request(args.trump, args.hand if args.hand is not None else "", args.trick,
                                     args.game, args.scale, args.rule, stock=args.stock))
            return 0
        if args.command == "replay":
            if args.game is not None:
                game_rules(args.game)
            if args.file == "-":
                return _jsonl(_lines(inp), out, lambda d: replay(_with_game(d, args.game)))
            _emit(out, replay(_with_game(_read_record(args.file), args.game)))
            return 0
        if args.command == "review":
            from .bots.review import REVIEW_SAMPLES, review_record

            _emit(out, review_record(_read_record(args.file), args.seat, args.hand, args.samples or REVIEW_SAMPLES))
            return 0
        if args.command == "audit":
            from .audit import Audit

            audit = Audit()
            for path in args.records:
                if path == "-":
                    audit.add_lines(_lines(inp), "standard input")
                    continue
                audit.add_lines(_read_lines(path), path)
            for line in audit.lines():
                _emit(out, line)
            return 0
        if args.command == "verify":
            from .verify import verify

            checked = verify(_read_record(args.file))
            _emit(out, checked)
            return 0 if checked["verified"] else 1
        if args.command == "arena":
            from .arena import ArenaError, arena_command

            try:
                game_rules(args.game)  # every playable game: its computer players act on any view
                return arena_command(args.a, args.b, args.deals, args.seed, args.matches, args.workers, args.json, out,
                                     game=args.game or "table", records=args.records, players=args.players)
            except ArenaError as err:
                raise RequestError(err.field, err.reason) from None
            except OSError as err:
                raise RequestError("records", f"cannot write the records to {args.records}: "
                                   f"{err.strerror or err}") from None
        if args.command == "serve":
            return serve(args.host, args.port, args.db, args.bot_delay, args.search_seconds,
                         args.quick_timer, args.away_seconds, args.allow_origin, args.embed_from,
                         args.redis, args.redis_prefix, args.metrics_port, args.metrics_host,
                         args.forwarded_allow_ips)
        if args.command == "play":
            from .terminal import play_match

            game, rules = game_rules(args.game, args.scale, args.rule, at_table=True)
            if args.players is not None and args.players not in game.sizes:
                sizes = " or ".join(", ".join(map(str, game.sizes)).rsplit(", ", 1))
                raise RequestError("players", f"the {game.name} game is played by {sizes} players, not {args.players}")
            return play_match(seed=args.seed, save=args.save, stdin=inp, stdout=out, level=args.level,
                              game=game.name, rules=rules, players=args.players)
    except (PinochleError, ValueError) as err:
        _emit(out, _error(err))
        return 1
    except RecursionError:
        _emit(out, {"error": {"field": None, "index": None, "reason": "the input is nested too deeply"}})
        return 1
    return 2  # pragma: no cover - argparse rejects unknown commands


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
