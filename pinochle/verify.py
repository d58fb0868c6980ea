"""A verifiable shuffle: the commitment that seals a match's deals, and the check of a finished match.

docs/records.md, "A verifiable shuffle". Every deal of a match follows from its seed (RULES.md, Deal;
:func:`pinochle.game.shuffle_deal` and each game's own deal). The server chooses the seed and a random
128-bit salt when the match starts, and from the first state on shows the **commitment**: the SHA-256,
in hex, of the text ``"{seed}:{salt}"``. It binds the match to its shuffle without revealing it: nobody
can work the seed out from it, and no other seed gives the same commitment. When the match ends the
server shows the seed and the salt, and anyone can check with :func:`verify` (``pinochle verify
RECORD``) that the commitment is theirs and that the seed deals every hand of the match's record.

>>> len(commitment(1, new_salt())), commitment(1, "0" * 32) == commitment(1, "0" * 32) != commitment(2, "0" * 32)
(64, True)
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Mapping

from .cards import DECKS, Card, Seat
from .errors import BadCard, BadRecord
from .game import State, deal_hand, new_match
from .record_parts import MATCH_FORMAT, players_of, record_keys
from .records import game_of_record, replay, rules_of_record

#: A salt: 128 random bits as 32 lowercase hex digits.
SALT = re.compile(r"[0-9a-f]{32}")
#: A commitment: a SHA-256 digest as 64 lowercase hex digits.
DIGEST = re.compile(r"[0-9a-f]{64}")


def new_salt() -> str:
    """A fresh random salt: 128 bits from the operating system's generator, as 32 lowercase hex digits."""
    return secrets.token_hex(16)


def commitment(seed: int, salt: str) -> str:
    """The commitment to a match's shuffle: SHA-256 of the UTF-8 text ``"{seed}:{salt}"``, in lowercase hex.

    Args:
        seed: the match seed (a whole number, written in decimal).
        salt: the match's salt (32 hex digits).

    >>> commitment(7, "0123456789abcdef0123456789abcdef") == hashlib.sha256(b"7:0123456789abcdef0123456789abcdef").hexdigest()
    True
    """
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


def _sealed(record: object) -> tuple[int, str, str]:
    """The seed, salt and commitment a match record carries.

    Raises:
        BadRecord: not a match record, or a seal field missing or malformed (``field`` names it).
    """
    if not isinstance(record, Mapping) or record.get("format") != MATCH_FORMAT:
        raise BadRecord("format", None, f"verify takes a match record: {{\"format\": {MATCH_FORMAT!r}, "
                                        "\"commitment\", \"seed\", \"salt\", \"hands\": [...]}")
    seed, salt, sealed = record.get("seed"), record.get("salt"), record.get("commitment")
    if isinstance(seed, str) and seed.isascii() and seed.isdigit() and len(seed) <= 20:
        seed = int(seed)  # as the match summary shows it: decimal digits (JavaScript numbers hold only 53 bits)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise BadRecord("seed", None, "the seed is a whole number, or its decimal digits as text (shown when the match ended)")
    if not isinstance(salt, str) or not SALT.fullmatch(salt):
        raise BadRecord("salt", None, "the salt is 32 lowercase hex digits (shown when the match ended)")
    if not isinstance(sealed, str) or not DIGEST.fullmatch(sealed):
        raise BadRecord("commitment", None, "the commitment is 64 lowercase hex digits (shown from the first deal)")
    return seed, salt, sealed


def _cards(raw: object) -> list[Card] | None:
    """A list of card tokens read as cards, or ``None`` when it is not one."""
    if not isinstance(raw, list):
        return None
    try:
        return [Card.parse(c) for c in raw]
    except BadCard:
        return None


def _shown(cards: list[Card]) -> str:
    return " ".join(c.label for c in cards) or "nothing"


def _deal_of(state: State) -> dict[str, object]:
    """The deal of ``state``'s hand as its record holds it: each seat's cards and the widow (as sorted
    lists), the turned card, the stock in order."""
    deck = DECKS[state.rules.deck]
    out: dict[str, object] = {f"hands.{Seat(s)}": sorted(deck.unpack(state.dealt[s])) for s in state.game.seating.seats}
    if state.rules.widow:
        out["widow"] = sorted(deck.unpack(state.widow))
    if state.turned is not None and "turned" in record_keys(state.game):  # two-handed's is the stock's first
        out["turned"] = [state.turned]
    if state.stock is not None:
        out["stock"] = list(state.stock.dealt)
    return out


def _deal_in(raw: Mapping[str, object], want: dict[str, object]) -> dict[str, object]:
    """The same fields of a hand record (``None`` where one is missing or unreadable)."""
    hands = raw.get("hands")
    out: dict[str, object] = {}
    for key in want:
        if key.startswith("hands."):
            cards = _cards(hands.get(key[6:]) if isinstance(hands, Mapping) else None)
            out[key] = None if cards is None else sorted(cards)
        elif key == "turned":
            turned = raw.get("turned")
            out[key] = _cards([turned]) if isinstance(turned, str) else None
        elif key == "stock":
            out[key] = _cards(raw.get("stock"))
        else:
            cards = _cards(raw.get(key))
            out[key] = None if cards is None else sorted(cards)
    return out


def verify(record: object) -> dict[str, object]:
    """Check a finished match's record against its sealed shuffle (docs/records.md, "A verifiable shuffle").

    The record is a ``pinochle-match/1`` record with ``commitment``, ``seed`` and ``salt``. It is
    verified when the commitment is SHA-256 of ``"{seed}:{salt}"``, the record replays (every move
    legal, as ``pinochle replay`` checks), and the seed deals every hand of it: each seat's cards, the
    widow, the turned card and the stock, hand ``n`` (from 1, thrown-in hands counted) being deal
    ``n - 1`` of the seed.

    Args:
        record: the match record (JSON-ready).

    Returns:
        ``{"verified": True, "hands": N}``, or ``{"verified": False, "differs": FIELD, "reason": TEXT}``
        (with ``"hand"``, from 1, when one hand's deal differs): ``FIELD`` is ``"commitment"``, or the
        hand's ``"hands"``, ``"widow"``, ``"turned"`` or ``"stock"``.

    Raises:
        BadRecord: the record is not a sealed match record, or does not replay (the first fault).
    """
    seed, salt, sealed = _sealed(record)
    assert isinstance(record, Mapping)
    made = commitment(seed, salt)
    if made != sealed:
        return {"verified": False, "differs": "commitment",
                "reason": f"SHA-256 of \"{seed}:{salt}\" is {made}, not the commitment {sealed}"}
    replay(record)
    game = game_of_record(record)
    base = new_match(seed=seed, rules=rules_of_record(None, game, record), game=game, players=players_of(record, game))
    hands = record.get("hands")
    assert isinstance(hands, list)
    for i, raw in enumerate(hands):
        assert isinstance(raw, Mapping)  # the replay has checked it
        dealer = Seat.parse(str(raw.get("dealer")))  # the turned card is the dealer's (turned-trump); N at a table of 4 or 5
        want = _deal_of(deal_hand(base, i, dealer))
        got = _deal_in(raw, want)
        for key, cards in want.items():
            if got[key] != cards:
                field, _, seat = key.partition(".")
                whose = f"{seat} holds" if seat else f"the {field} is"
                held = got[key]
                had = _shown(held) if isinstance(held, list) else "missing"
                assert isinstance(cards, list)
                return {"verified": False, "differs": field, "hand": i + 1,
                        "reason": f"hand {i + 1}: the seed deals {_shown(cards)}, but in the record {whose} {had}"}
    return {"verified": True, "hands": len(hands)}
