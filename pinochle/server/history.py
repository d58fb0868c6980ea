"""Hand history: the records of a match's finished hands for the people seated at it (docs/protocol.md,
"Hand history").

A hand in progress is never in the history: the records come from the match state's finished hands
(:func:`~pinochle.records.match_record`), which a hand joins only once its last trick is taken (or it
was thrown in or conceded). Moves taken back by an undo are not in them: a record is the line of play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..auction import call_text, callers
from ..game import HandResult, State, ThrownIn, _meld_json
from ..records import match_record

if TYPE_CHECKING:
    from .table import Table


def history_message(table: Table) -> dict[str, object]:
    """The ``history`` message of ``table``'s match: ``{"type": "history", "match", "hands": [...],
    "replays": [...]}`` and the match record's other keys (``format``, ``game``, ``scale``, and ``rules``
    and ``players`` when set).

    Without ``type``, ``match`` and ``replays`` the message is the match's ``pinochle-match/1`` record of
    its finished hands (docs/records.md), which ``pinochle replay`` reads; ``replays`` (:func:`replays`)
    holds what a replay viewer shows of each of those hands, worked out by the engine.
    """
    return {"type": "history", "match": table.id, **match_record(table.state), "replays": replays(table.state)}


def finished_hands(state: State) -> list[HandResult | ThrownIn]:
    """The match's finished hands in the order played, thrown-in hands in their place (as the match record)."""
    out: list[HandResult | ThrownIn] = []
    thrown = list(state.thrown)
    for i, h in enumerate(state.history):
        while thrown and thrown[0].after <= i:
            out.append(thrown.pop(0))
        out.append(h)
    out.extend(thrown)
    return out


def replays(state: State) -> list[dict[str, object]]:
    """What a replay viewer shows of each finished hand, in the order of the record's ``hands``: ``{"number",
    "dealer", "auction": [{"seat", "call"}], "thrown_in"}`` and, for a hand with a contract, ``"declarer",
    "bid", "trump", "melds"`` (per seat, as the view's), ``"tricks"`` (as the view's, with the seat of
    each card), ``"summary"`` (the score sheet's) and ``"stock"`` (true in a game with a stock, whose
    hands also take cards from it between tricks).

    The seats of the calls and of the cards come from the engine (the browser holds no rules); the cards
    a seat holds before a trick of a hand played out are those it plays in that trick and the ones after.
    """
    seating = state.game.seating
    stock = state.game.records == "stock"  # the game's record format: a stock, melds between tricks
    out: list[dict[str, object]] = []
    for h in finished_hands(state):
        auction = [{"seat": str(s), "call": call_text(c)}
                   for s, c in zip(callers(h.calls, h.dealer, state.rules, seating), h.calls)]
        item: dict[str, object] = {"number": h.number, "dealer": str(h.dealer), "auction": auction,
                                   "thrown_in": isinstance(h, ThrownIn)}
        if isinstance(h, HandResult):
            item.update({
                "declarer": None if h.declarer is None else str(h.declarer),
                "bid": h.bid,
                "trump": str(h.trump),
                "melds": {seating.names[i]: _meld_json(h.melds[s]) for i, s in enumerate(seating.seats)},
                "tricks": [{**t.to_json(), "seats": [str(t.seat_of(i)) for i in range(len(t.cards))]}
                           for t in h.tricks],
                "summary": h.summary(),
                "stock": stock,
            })
        out.append(item)
    return out
