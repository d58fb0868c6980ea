"""Player aids at a table: the hint and the decision review (docs/protocol.md, ``hint``, ``review``).

A hint is the move the Hard player would make in the person's seat, from that seat's view
alone (:func:`pinochle.bots.evaluate.evaluate`), with its reason. It is offered in solo matches
always, in a room's matches when its creator turned hints on, and never in Quick Match.
"""

from __future__ import annotations

import asyncio

from ..bots.evaluate import DECISION_SAMPLES, evaluate_decision
from ..bots.review import REVIEW_SAMPLES, counted_loss, review_json
from ..cards import Seat
from ..errors import BadRecord
from ..parts import HandChairs
from ..game import View, turn
from ..records import hand_record
from .protocol import ErrorCode, ProtocolError
from .table import Table

#: Sampled deals a card behind a hint: Hard's own budget (p95 within 1 s: docs/strength.md), the review's too.
HINT_SAMPLES = DECISION_SAMPLES


def hint_answer(v: View, match: str, index: int, samples: int = HINT_SAMPLES) -> dict[str, object]:
    """The ``hint`` message for the seat of ``v`` at the match ``match``, ``index`` actions after the deal of
    its hand: ``{"type": "hint", "match", "version", "action", "reason"}``, the action without its seat.
    It reads ``v``, ``match`` and ``index`` alone, and is the evaluation the decision review makes of the same
    decision (:func:`pinochle.bots.evaluate.evaluate_decision`), so a hint followed is never charged there."""
    e = evaluate_decision(v, match, v.hand_number, index, samples)
    action = e.best.action.to_json()
    action.pop("seat", None)
    return {"type": "hint", "match": match, "version": v.version, "action": action, "reason": e.reason}


def hints_allowed(table: Table) -> bool:
    """Whether people at ``table`` may ask for hints: solo always, a room when its creator turned
    them on, Quick Match never."""
    return table.kind == "solo" or (table.kind == "room" and table.options.hints)


async def hint(table: Table, place: int, version: int) -> dict[str, object]:
    """The ``hint`` answer for the person at ``place`` (a seat, or a chair at a table of 4 or 5).

    The checks are made in this order: the match has not ended early (``no_match``), hints are allowed at
    this table (``no_hints``), ``version``
    is the current one (``stale``), it is this place's move (``not_your_turn``). The answer depends
    on the place's view and the match id alone (the seed of the search), so two deals the seat cannot
    tell apart get the same hint. Nothing at the table changes, but the match is assisted from then on
    (:meth:`Table.mark_assisted`).

    Raises:
        ProtocolError: ``no_match`` (the match ended without a result), ``no_hints``, ``stale`` or
        ``not_your_turn``.
    """
    if table.closed or table.abandoned:
        raise ProtocolError(ErrorCode.NO_MATCH, "this match has ended without a result: it goes no further")
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
    # the decision's place in its hand: the moves since the deal on the line of play (an undo takes them back)
    answer = await asyncio.to_thread(hint_answer, table.view_of(place), table.id, len(table.line.steps))
    await table.mark_assisted()  # the statistics count a match with a hint as assisted
    return answer


def review_answer(table: Table, place: int, hand: int) -> dict[str, object]:
    """The ``review`` message for the person at ``place`` of hand ``hand`` (counted from 1) of ``table``'s
    match, worked out from the finished hand's record (:func:`pinochle.bots.review.review_json`).

    Raises:
        ProtocolError: ``illegal``: the hand is not finished (in progress, or not dealt yet), was thrown
            in, or its record cannot be reviewed.
    """
    state = table.state
    result = next((h for h in state.history if h.number == hand), None)
    if result is None:
        raise ProtocolError(ErrorCode.ILLEGAL, f"hand {hand} is not a finished hand of this match: a review is for "
                                               f"a hand once it is over (finished: {len(state.history)})")
    if table.chaired:
        lineup = result.parts.get(HandChairs).lineup
        if place not in lineup:
            return {"type": "review", "match": table.id, "hand": hand, "decisions": []}  # sat the hand out
        seat = Seat(lineup.index(place))
    else:
        seat = Seat(place)
    try:
        got = review_json(hand_record(result, state.game, state.rules), seat, REVIEW_SAMPLES, table.id, hand)
    except BadRecord as err:
        raise ProtocolError(ErrorCode.ILLEGAL, f"hand {hand} cannot be reviewed: {err.reason}") from None
    return {"type": "review", "match": table.id, "hand": hand, "decisions": got["decisions"]}


def by_close_rule(answer: dict[str, object]) -> dict[str, object]:
    """A kept ``review`` answer with its losses by the review's rule (a review kept before the rule may hold a loss
    under :data:`pinochle.bots.review.CLOSE_LOSS`, which is not a mistake: 0).

    >>> by_close_rule({"type": "review", "decisions": [{"loss": 0.4}, {"loss": 7.0}, {"loss": None}]})["decisions"]
    [{'loss': 0.0}, {'loss': 7.0}, {'loss': None}]
    """
    decisions = answer.get("decisions")
    if not isinstance(decisions, list):
        return answer
    def one(d: object) -> object:
        loss = d.get("loss") if isinstance(d, dict) else None
        if isinstance(d, dict) and isinstance(loss, (int, float)) and not isinstance(loss, bool):
            return {**d, "loss": counted_loss(float(loss))}
        return d
    return {**answer, "decisions": [one(d) for d in decisions]}


async def review(table: Table, place: int, hand: int) -> dict[str, object]:
    """The ``review`` answer (:func:`review_answer`), computed once and kept in storage for the match, the
    hand and the place; asked again, the kept one is sent.

    Raises:
        ProtocolError: as :func:`review_answer`.
    """
    kept = await asyncio.to_thread(table.storage.load_review, table.id, hand, place)
    if kept is not None:
        return by_close_rule(kept)
    answer = await asyncio.to_thread(review_answer, table, place, hand)
    await asyncio.to_thread(table.storage.save_review, table.id, hand, place, answer)
    return answer
