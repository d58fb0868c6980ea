"""What every game's records share (docs/records.md): the formats' names, the keys each phase adds,
the head of a record (game, scale, house rules, players, lineup) and the checks of them.

:mod:`pinochle.records` writes and replays the records of the games that deal, bid and play tricks,
:mod:`pinochle.stock_records` those of two-handed's stock; a game names its format
(:attr:`pinochle.game.Game.records`), and both formats build on this module.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from .cards import Seat
from .errors import BadRecord
from .game import Game, lineup_json
from .chairs import lineup_for
from .games import SWITCHES
from .rules import RuleSet

HAND_FORMAT = "pinochle-hand/1"
MATCH_FORMAT = "pinochle-match/1"


#: The keys of a hand record that every game's records may hold (docs/records.md, "A hand record"):
#: ``players`` and ``lineup`` are read against the game's table sizes (:func:`players_of`, :func:`lineup_of`).
HEAD_KEYS: tuple[str, ...] = ("format", "game", "scale", "rules", "players", "lineup", "dealer", "hands")
#: The keys each phase of a hand adds to its record, by the phase's name (docs/records.md, "What each
#: phase records"): a game's record holds the keys of its phases (:func:`record_keys`) and no other.
PHASE_KEYS: dict[str, tuple[str, ...]] = {
    "auction": ("auction", "thrown_in"),
    "turn_trump": ("auction", "turned", "trump"),  # RULES.md's format keeps the auction, empty here
    "trump": ("trump",),
    "exchange": ("exchange",),
    "dix_exchange": ("dix_exchange",),  # turned-trump's house rule dix_exchange: who exchanged, if anyone
    "widow": ("widow",),
    "concede": ("conceded",),
    "bury": ("buried", "conceded"),
    "play": ("play",),
    "turn_up": ("stock", "trump"),  # VARIANTS.md two-handed: the stock, the turned card first
    "stock_play": ("play",),
    "stock_meld": ("melds",),
    "endgame": ("play",),
}
#: Every key any game's hand record may hold, in the order of docs/records.md.
RECORD_KEYS: tuple[str, ...] = tuple(dict.fromkeys((*HEAD_KEYS, *(k for ks in PHASE_KEYS.values() for k in ks))))
#: Why a key is refused in the record of a game that has no such phase ("the two-handed game ...").
_NOT_HERE: dict[str, str] = {
    "auction": "has no auction",
    "thrown_in": "throws in no hand: it has no auction",
    "turned": "turns no card for trump",
    "exchange": "passes no cards",
    "dix_exchange": "has no dix exchange for a turned card",
    "widow": "deals no widow",
    "conceded": "has no concession",
    "buried": "buries no cards",
    "stock": "deals no stock",
    "melds": "declares no melds between tricks: each side's meld follows from its hand",
}


def record_keys(game: Game) -> frozenset[str]:
    """The keys a hand record of ``game`` may hold: :data:`HEAD_KEYS` and those of its phases.

    >>> from pinochle.games import find
    >>> sorted(record_keys(find("two-handed")) - set(HEAD_KEYS))
    ['melds', 'play', 'stock', 'trump']
    >>> sorted(record_keys(find("racehorse")) - set(HEAD_KEYS))
    ['auction', 'conceded', 'exchange', 'play', 'thrown_in', 'trump']
    """
    return frozenset(HEAD_KEYS).union(*(PHASE_KEYS.get(ph.name, ()) for ph in game.phases))


def check_keys(record: object, game: Game, hand: int | None = None) -> None:
    """Refuse a key of :data:`RECORD_KEYS` that ``game``'s records do not hold (another game's phase):
    a record is never accepted with a part that the replay would ignore (docs/records.md).

    Raises:
        BadRecord: the first such key, as the field, e.g. ``exchange``: "the two-handed game passes no cards".
    """
    if not isinstance(record, Mapping):
        return
    keys = record_keys(game)
    for key in RECORD_KEYS:
        if key in record and key not in keys:
            why = _NOT_HERE[key]
            if key == "turned" and "stock" in keys:
                why += " (the stock's first card is its turned card)"
            raise BadRecord(key, None, f"the {game.name} game {why}", hand)


def switches_text(game: Game, rules: RuleSet) -> dict[str, str]:
    """The house rules ``rules`` sets against its game's own (:data:`pinochle.games.SWITCHES`), as text."""
    base = game.rules.in_scale(rules.scale)
    return {k: str(getattr(rules, k)).lower() for k in SWITCHES if getattr(rules, k) != getattr(base, k)}


def record_head(game: Game, rules: RuleSet | None = None) -> dict[str, object]:
    r = rules or game.rules
    out: dict[str, object] = {"format": HAND_FORMAT, "game": game.name, "scale": r.scale}
    switches = switches_text(game, r)
    if switches:
        out["rules"] = switches
    return out


def check_hands_match(raw_hands: list[object], record: Mapping[str, object], game: Game) -> None:
    """Every hand of a match record is of the match's game, scale, house rules and table size (a hand
    names them too, docs/records.md; the match replays by the match's).

    Raises:
        BadRecord: the first hand that names another (``field`` ``"game"``, ``"scale"``, ``"rules"`` or
            ``"players"``; ``hand`` its number).
    """
    def norm(key: str, value: object) -> object:
        if key == "rules":
            return {str(k): str(v).lower() for k, v in value.items()} if isinstance(value, Mapping) else value
        if key == "players":
            return game.seating.players if value is None else value
        return game.rules.scale if value is None else value

    for i, h in enumerate(raw_hands):
        if not isinstance(h, Mapping):
            continue
        if h.get("game", game.name) != game.name:
            raise BadRecord("game", None, f"hand {i + 1} is a {h.get('game')!r} hand in a {game.name} match", i + 1)
        for key in ("scale", "rules", "players"):
            if key in h and norm(key, h[key]) != norm(key, record.get(key)):
                raise BadRecord(key, None, f"hand {i + 1} names {key} {json.dumps(h[key])} in a match of "
                                           f"{key} {json.dumps(record.get(key))}: every hand of a match is "
                                           f"played by the match's", i + 1)


def players_of(record: object, game: Game) -> int:
    """The players at the table of a record (``"players"``; without it, one per seat).

    Raises:
        BadRecord: a number the game does not take (``field`` ``"players"``).
    """
    raw = record.get("players") if isinstance(record, Mapping) else None
    if raw is None:
        return game.seating.players
    if not isinstance(raw, int) or isinstance(raw, bool) or raw not in game.sizes:
        sizes = ", ".join(map(str, game.sizes))
        raise BadRecord("players", None, f"the {game.name} game is played by {sizes} players, not {raw!r}")
    return raw


def lineup_of(record: object, game: Game, players: int, hand: int | None) -> tuple[int, ...]:
    """A hand record's ``lineup`` at a table of 4 or 5 (``()`` at a table with one player per seat).

    Raises:
        BadRecord: a missing lineup, or one that is not the dealer at the empty place and
            the active chairs clockwise from the dealer's left (``field`` ``"lineup"``).
    """
    if players <= game.seating.players:
        if isinstance(record, Mapping) and "lineup" in record:
            raise BadRecord("lineup", None, "a lineup is for a table of 4 or 5: give \"players\"", hand)
        return ()
    raw = record.get("lineup") if isinstance(record, Mapping) else None
    if not isinstance(raw, Mapping):
        raise BadRecord("lineup", None, "a table of 4 or 5 names who sits where: give \"lineup\": "
                                        "{\"N\": dealer's chair, \"E\": chair, \"S\": chair, \"W\": chair}", hand)
    dealer = raw.get("N")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
        raise BadRecord("lineup", None, f"lineup.N is the dealer's chair, from 0 to {players - 1}, not {dealer!r}",
                        hand)
    want = lineup_for(players, dealer, game.seating)
    got = tuple(raw.get(str(Seat(i))) for i in range(4))
    if got != want:
        raise BadRecord("lineup", None, f"when chair {dealer} deals the lineup is "
                                        f"{json.dumps(lineup_json(want))}, not {json.dumps(dict(raw), default=repr)}",
                        hand)
    return want
