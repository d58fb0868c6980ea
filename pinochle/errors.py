"""The named errors of the engine.

Every error the engine raises for bad input is a :class:`ValueError`, so a
caller that only wants "bad input or not" can catch ``ValueError``. Each
message is written for a player, not a programmer: it names the card, call or
field at fault and, where there is one, what would have been legal.

>>> from pinochle.cards import Card
>>> try:
...     Card.parse("XS")
... except ValueError as err:
...     print(type(err).__name__)
BadCard
"""

from __future__ import annotations


class PinochleError(ValueError):
    """Base of every error the engine raises for bad input."""


class BadCard(PinochleError):
    """A card token or a set of cards that is not valid.

    Raised for an unknown token ("XS"), a hand of the wrong size, or more
    copies of a card than the deck holds (RULES.md, Notation).

    Attributes:
        index: when reading several cards, the position (from 0) of the bad
            one among the cards read; else ``None``.
    """

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


class BadRecord(PinochleError):
    """A hand or match record that breaks the format or a rule.

    Attributes:
        field: which part of the record is at fault, one of its keys (docs/records.md): ``"hands"``,
            ``"auction"``, ``"trump"``, ``"turned"``, ``"exchange"``, ``"conceded"``, ``"thrown_in"``, ``"rules"``, ``"scale"``,
            ``"play"``, ``"dealer"``, ``"game"``, ``"format"``, ``"players"``, ``"lineup"``, ``"widow"``,
            ``"buried"``, ``"stock"`` or ``"melds"``; a key of another game's record is refused as itself.
        index: the position of the first bad item in that field's JSON list,
            counted from 0 like every JSON position, or ``None`` when the field
            as a whole is bad.
        reason: the player-readable reason.
        hand: for a match record, the number of the hand at fault, counted
            from 1 as everywhere people read hand numbers (the terminal, the
            browser, every message).
    """

    def __init__(self, field: str, index: int | None, reason: str, hand: int | None = None) -> None:
        self.field = field
        self.index = index
        self.reason = reason
        self.hand = hand
        where = f"{field}[{index}]" if index is not None else field
        if hand is not None:
            where = f"hand {hand}: {where}"
        super().__init__(f"{where}: {reason}")

    def to_json(self) -> dict[str, object]:
        """The error as ``{"field", "index", "reason"}`` (plus ``"hand"`` in a match)."""
        out: dict[str, object] = {"field": self.field, "index": self.index, "reason": self.reason}
        if self.hand is not None:
            out["hand"] = self.hand
        return out


class IllegalAction(PinochleError):
    """An action that the rules do not allow in the current state.

    The message says why and, where it helps, what is legal, e.g.
    ``"you must beat the K♠: play A♠"``.
    """


class StaleAction(IllegalAction):
    """An action sent against an older state version than the current one."""
