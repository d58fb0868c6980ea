"""Hand history: the records of a match's finished hands for the people seated at it (docs/protocol.md,
"Hand history").

A hand in progress is never in the history: the records come from the match state's finished hands
(:func:`~pinochle.records.match_record`), which a hand joins only once its last trick is taken (or it
was thrown in or conceded). Moves taken back by an undo are not in them: a record is the line of play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..records import match_record

if TYPE_CHECKING:
    from .table import Table


def history_message(table: Table) -> dict[str, object]:
    """The ``history`` message of ``table``'s match: ``{"type": "history", "match", "hands": [...]}`` and the
    match record's other keys (``format``, ``game``, ``scale``, and ``rules`` and ``players`` when set).

    Without ``type`` and ``match`` the message is the match's ``pinochle-match/1`` record of its finished
    hands (docs/records.md), which ``pinochle replay`` reads.
    """
    return {"type": "history", "match": table.id, **match_record(table.state)}
