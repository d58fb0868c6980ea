"""Player aids at a table: the hint (docs/protocol.md, ``hint``).

A hint is the move the Hard player would make in the person's seat, from that seat's view
alone (:func:`pinochle.bots.evaluate.evaluate`), with its reason. It is offered in solo matches
always, in a room's matches when its creator turned hints on, and never in Quick Match.
"""

from __future__ import annotations

import asyncio

from ..bots.evaluate import evaluate
from ..game import View, turn
from .protocol import ErrorCode, ProtocolError
from .table import Table

#: Sampled deals a card behind a hint: Hard's own budget (p95 within 1 s: docs/strength.md).
HINT_SAMPLES = 192


def hint_answer(v: View, match: str, samples: int = HINT_SAMPLES) -> dict[str, object]:
    """The ``hint`` message for the seat of ``v`` at the match ``match`` (its id seeds the search):
    ``{"type": "hint", "match", "version", "action", "reason"}``, the action without its seat.
    It reads ``v`` and ``match`` alone."""
    e = evaluate(v, samples, match)
    action = e.best.action.to_json()
    action.pop("seat", None)
    return {"type": "hint", "match": match, "version": v.version, "action": action, "reason": e.reason}


def hints_allowed(table: Table) -> bool:
    """Whether people at ``table`` may ask for hints: solo always, a room when its creator turned
    them on, Quick Match never."""
    return table.kind == "solo" or (table.kind == "room" and table.options.hints)


async def hint(table: Table, place: int, version: int) -> dict[str, object]:
    """The ``hint`` answer for the person at ``place`` (a seat, or a chair at a table of 4 or 5).

    The checks are made in this order: hints are allowed at this table (``no_hints``), ``version``
    is the current one (``stale``), it is this place's move (``not_your_turn``). The answer depends
    on the place's view and the match id alone (the seed of the search), so two deals the seat cannot
    tell apart get the same hint. Nothing at the table changes.

    Raises:
        ProtocolError: ``no_hints``, ``stale`` or ``not_your_turn``.
    """
    if not hints_allowed(table):
        where = "Quick Match" if table.kind == "quick" else "this room (its creator may turn them on)"
        raise ProtocolError(ErrorCode.NO_HINTS, f"hints are off in {where}")
    state = table.state
    if version != state.version:
        raise ProtocolError(ErrorCode.STALE, f"the table has moved on (version {state.version}, your hint was for {version})")
    here = table.seat_at(place)
    whose = turn(state)
    if state.phase in ("hand_end", "match_end") or here is None or whose != here:
        raise ProtocolError(ErrorCode.NOT_YOUR_TURN, "a hint is for your own move: it is not your move now")
    return await asyncio.to_thread(hint_answer, table.view_of(place), table.id)
