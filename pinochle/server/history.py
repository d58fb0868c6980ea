"""Hand history: the records of a match's finished hands for the people seated at it (docs/protocol.md,
"Hand history").

A hand in progress is never in the history: the records come from the match state's finished hands
(:func:`~pinochle.records.match_record`), which a hand joins only once its last trick is taken (or it
was thrown in or conceded). Moves taken back by an undo are not in them: a record is the line of play.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..auction import call_text, callers
from ..cards import DECKS, Seat
from ..game import Action, CardsAction, HandResult, State, ThrownIn, apply, meld_json, sort_hand, trick_json
from ..errors import BadRecord
from ..parts import Contract
from ..records import finished_hands, hand_steps, match_record

if TYPE_CHECKING:
    from .table import Table


def history_message(table: Table, seal: Mapping[str, object] | None = None) -> dict[str, object]:
    """The ``history`` message of ``table``'s match: ``{"type": "history", "match", "hands": [...],
    "replays": [...]}`` and the match record's other keys (``format``, ``game``, ``scale``, and ``rules``
    and ``players`` when set).

    Without ``type``, ``match`` and ``replays`` the message is the match's ``pinochle-match/1`` record of
    its finished hands (docs/records.md), which ``pinochle replay`` reads; ``replays`` (:func:`replays`)
    holds what a replay viewer shows of each of those hands, worked out by the engine.

    ``seal``: the shuffle's seal (docs/records.md, "A verifiable shuffle"), :meth:`.Table.seal`:
    ``commitment`` from the first deal (null for a match stored before the seal), and ``seed`` (its decimal
    digits as text) and ``salt`` once the match has ended, never before, as the match summary shows them.
    The record carries it, so that the record downloaded after the match ends is what ``pinochle verify``
    reads, as it is. ``None``: no seal (the record alone).
    """
    record = match_record(table.state)
    hands = record["hands"]
    assert isinstance(hands, list)
    return {"type": "history", "match": table.id, **record, **(seal or {}), "replays": replays(table.state, hands)}


def held_before_tricks(record: object, steps: list[tuple[State, Action]] | None = None) -> list[dict[str, list[str]]]:
    """Every seat's cards before each trick of a finished hand's record, as the engine replays it: its hand
    and, in a game with a stock (VARIANTS.md ``two-handed``), its melds on the table, which it may play
    too; sorted for display (trump first). Empty for a hand with no trick (thrown in, or conceded).
    ``steps``: the record's :func:`~pinochle.records.hand_steps`, when already worked out.

    Raises:
        BadRecord: the record breaks a rule (its first fault).
    """
    out: list[dict[str, list[str]]] = []
    for state, action in hand_steps(record) if steps is None else steps:
        seating = state.game.seating
        if action.type != "play" or (state.tricks and len(state.tricks[-1].cards) < seating.players):
            continue  # not the lead of a trick
        deck = DECKS[state.rules.deck]
        trump = None if state.trump is None else int(state.trump)
        held: dict[str, list[str]] = {}
        for s in seating.seats:
            cards = list(deck.unpack(state.hands[s]))
            if state.stock is not None:
                cards.extend(t.card for t in state.stock.table[s])
            held[str(Seat(s))] = [str(c) for c in sort_hand(cards, trump)]
        out.append(held)
    return out


def card_pass_of(record: object, steps: list[tuple[State, Action]] | None = None) -> dict[str, object] | None:
    """The card pass of a finished hand's record, as the engine replays it (VARIANTS.md
    ``partnership-pass``, seed 002; ``racehorse``: the partner passes four cards to the declarer, who
    passes four back): ``{"from": the partner's seat, "to": the declarer's seat, "to_declarer": [...],
    "to_partner": [...], "held": {SEAT: [card, ...]}}``, ``held`` being every seat's cards once both
    passes are made (the cards it melds from), sorted for display (trump first). ``None`` for a hand
    without a card pass (a game that has none, or a hand thrown in or conceded before it).
    ``steps``: the record's :func:`~pinochle.records.hand_steps`, when already worked out.

    Raises:
        BadRecord: the record breaks a rule (its first fault).
    """
    gives: list[CardsAction] = []
    after: State | None = None
    for state, action in hand_steps(record) if steps is None else steps:
        if isinstance(action, CardsAction) and action.type == "give":
            gives.append(action)
            after = apply(state, action)
    if len(gives) != 2 or after is None:
        return None
    deck = DECKS[after.rules.deck]
    trump = None if after.trump is None else int(after.trump)
    return {
        "from": str(gives[0].seat), "to": str(gives[1].seat),
        "to_declarer": [str(c) for c in gives[0].cards], "to_partner": [str(c) for c in gives[1].cards],
        "held": {str(Seat(s)): [str(c) for c in sort_hand(list(deck.unpack(after.hands[s])), trump)]
                 for s in after.game.seating.seats},
    }


def widow_of(record: object, steps: list[tuple[State, Action]] | None = None) -> dict[str, object] | None:
    """The widow of a finished hand's record as the engine replays it (VARIANTS.md ``cutthroat``,
    ``auction``: the declarer takes the widow into the hand, melds from all its cards, then buries as many):
    ``{"to": the declarer's seat, "cards": [the widow], "buried": [the cards buried, none when the declarer
    conceded instead], "held": {SEAT: [card, ...]}}``, ``held`` being every seat's cards once the widow is
    taken (the declarer's with it: the cards it melds from), sorted for display (trump first). ``None`` for
    a hand without a widow (a game that has none, or a hand thrown in).
    ``steps``: the record's :func:`~pinochle.records.hand_steps`, when already worked out.

    Raises:
        BadRecord: the record breaks a rule (its first fault).
    """
    widow = record.get("widow") if isinstance(record, dict) else None
    if not isinstance(widow, list) or not widow:
        return None
    for state, action in hand_steps(record) if steps is None else steps:
        if state.phase != "bury" or action.type not in ("bury", "concede"):
            continue
        deck = DECKS[state.rules.deck]
        trump = None if state.trump is None else int(state.trump)
        buried = action.cards if isinstance(action, CardsAction) else ()
        return {
            "to": str(action.seat), "cards": [str(c) for c in widow],
            "buried": [str(c) for c in buried],
            "held": {str(Seat(s)): [str(c) for c in sort_hand(list(deck.unpack(state.hands[s])), trump)]
                     for s in state.game.seating.seats},
        }
    return None


def replays(state: State, records: list[object] | None = None) -> list[dict[str, object]]:
    """What a replay viewer shows of each finished hand, in the order of the record's ``hands``: ``{"number",
    "dealer", "auction": [{"seat", "call"}], "thrown_in"}`` and, for a hand with a contract, ``"declarer",
    "bid", "trump", "melds"`` (per seat, as the view's), ``"tricks"`` (as the view's, with the seat of
    each card, and ``"held"``: every seat's cards before the trick, :func:`held_before_tricks`),
    ``"summary"`` (the score sheet's), ``"stock"`` (true in a game with a stock, whose hands also take
    cards from it between tricks) and, in a hand with a card pass between partners, ``"pass"``
    (:func:`card_pass_of`: the cards each way and every seat's cards after it, which it melds from); in
    a hand whose declarer took a widow, ``"widow"`` (:func:`widow_of`: the widow, the cards buried, and
    every seat's cards with the widow taken, which the declarer melds from).

    Args:
        state: the match.
        records: the hand records of its finished hands, in order (``None``: made from ``state``).

    The seats of the calls and of the cards, and the cards held, come from the engine (the browser holds
    no rules).
    """
    seating = state.game.seating
    stock = state.game.records == "stock"  # the game's record format: a stock, melds between tricks
    if records is None:
        hands = match_record(state)["hands"]
        assert isinstance(hands, list)
        records = hands
    out: list[dict[str, object]] = []
    for h, record in zip(finished_hands(state), records):
        contract = h.parts.get(Contract)
        auction = [{"seat": str(s), "call": call_text(c)}
                   for s, c in zip(callers(contract.calls, h.dealer, state.rules, seating), contract.calls)]
        item: dict[str, object] = {"number": h.number, "dealer": str(h.dealer), "auction": auction,
                                   "thrown_in": isinstance(h, ThrownIn)}
        if isinstance(h, HandResult):
            tricks = [trick_json(t) for t in h.tricks]
            try:
                steps = hand_steps(record)
                held = held_before_tricks(record, steps)
                card_pass = card_pass_of(record, steps)
                widow = widow_of(record, steps)
            except BadRecord:  # pragma: no cover - the engine's own record of a hand it played replays
                held, card_pass, widow = [], None, None
            if len(held) == len(tricks):  # each trick with the cards every seat held before it
                tricks = [{**t, "held": cards} for t, cards in zip(tricks, held)]
            item.update({
                "declarer": None if contract.declarer is None else str(contract.declarer),
                "bid": contract.bid,
                "trump": str(h.trump),
                "melds": {seating.names[i]: meld_json(h.melds[s]) for i, s in enumerate(seating.seats)},
                # each meld's one suit ("H") or null, in the order of its seat's `melds` (as the view's meld_suits)
                "meld_suits": {seating.names[i]: [it.suit for it in h.melds[s].items]
                               for i, s in enumerate(seating.seats)},
                "tricks": tricks,
                "summary": h.summary(),
                "stock": stock,
                **({"pass": card_pass} if card_pass is not None else {}),
                **({"widow": widow} if widow is not None else {}),
            })
        out.append(item)
    return out
