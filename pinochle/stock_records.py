"""Hand and match records of two-handed Pinochle (VARIANTS.md ``two-handed``; docs/records.md).

A two-handed hand record::

    {"format": "pinochle-hand/1", "game": "two-handed", "scale": "tens", "dealer": "N",
     "hands": {"N": [12 cards], "S": [12 cards]},
     "stock": [24 cards: the turned card first, then the stock from its top],
     "trump": "H", "play": [48 cards in play order],
     "melds": [{"after": 1, "seat": "N", "cards": ["KS", "QS"]}, {"after": 3, "seat": "S", "dix": true}, ...]}

``melds`` lists the melds declared after a trick won, in order, each with the
number of the trick it followed (1 to 12); the turned nine of the deal is not
listed (it follows from ``stock``). Who plays each card, when to draw and when
a player declares nothing more follow from the rules, so they are not stored.
A match record holds the hands in order (the non-dealer of one hand deals the
next). Replaying runs the record through the same reducer as a live match.

>>> s = random_match(7, hands=1)
>>> rec = stock_match_record(s)
>>> replay_stock(rec, s.game, s.rules)["totals"] == {"N": s.totals[0], "S": s.totals[1]}
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping

from .cards import Card, Seat, parse_cards, unpack
from .errors import BadCard, BadRecord, IllegalAction
from .game import Action, Game, HandResult, State, apply, auto_action, legal_actions, new_match, sort_hand, turn
from .games import TWO_HANDED
from .games.two_handed import TWO_FACING, set_deal
from .record_parts import HAND_FORMAT, MATCH_FORMAT, check_hands_match, check_keys, lineup_of, players_of, record_head
from .stock import StockPlay
from .rules import RuleSet


def stock_hand_record(result: HandResult, game: Game, rules: RuleSet, head: Mapping[str, object]) -> dict[str, object]:
    """The record of a finished two-handed hand (see the module's docstring).

    Args:
        result: the hand from a match's history.
        game, rules: its game and numbers; head: the record's first keys (format, game, scale, rules).
    """
    melds: list[dict[str, object]] = []
    stock = result.parts.get(StockPlay)
    for d in stock.declared:
        if d.after == 0:
            continue  # the turned nine: it follows from the stock
        entry: dict[str, object] = {"after": d.after, "seat": str(d.seat)}
        if d.item.kind == "dix":
            entry["dix"] = True
        else:
            entry["cards"] = [str(c) for c in d.item.cards]
        melds.append(entry)
    return {
        **head,
        "dealer": str(result.dealer),
        "hands": {str(Seat(s)): [str(c) for c in sort_hand(unpack(result.dealt[s]))] for s in game.seating.seats},
        "stock": [str(c) for c in stock.dealt],
        "trump": str(result.trump),
        "play": [str(c) for c in result.play],
        "melds": melds,
    }


def stock_match_record(state: State) -> dict[str, object]:
    """The ``pinochle-match/1`` record of a two-handed match's finished hands."""
    return {
        "format": MATCH_FORMAT,
        **{k: v for k, v in record_head(state.game, state.rules).items() if k != "format"},
        "hands": [stock_hand_record(h, state.game, state.rules, record_head(state.game, state.rules))
                  for h in state.history],
    }


def _cards(raw: object, field: str, n: int, hand: int | None, what: str) -> list[Card]:
    """``n`` cards of the record's ``field`` (``hands``: one seat's, named by ``what``).

    Raises:
        BadRecord: missing, not cards, or not ``n`` of them (index: the first bad card, or the list's end).
    """
    if not isinstance(raw, (list, str)):
        raise BadRecord(field, None, f"{what} is missing: give a list of {n} cards", hand)
    try:
        cards = parse_cards(raw)
    except BadCard as err:
        raise BadRecord(field, err.index, f"{what}: {err}", hand) from None
    if len(cards) != n:
        raise BadRecord(field, min(len(cards), n), f"{what} has {len(cards)} cards, not {n}", hand)
    return cards


def _check_melds(raw: object, hand: int | None) -> list[tuple[int, Mapping[str, object]]]:
    """The record's ``melds`` as ``(after, entry)``: each entry an object whose ``after`` is a trick's
    number, an integer from 1 (``true`` is not trick 1).

    Raises:
        BadRecord: ``melds`` at fault (index: the entry).
    """
    if not isinstance(raw, list):
        raise BadRecord("melds", None, "melds is a list such as [{\"after\": 1, \"seat\": \"N\", \"cards\": "
                                       "[\"KS\", \"QS\"]}]", hand)
    out: list[tuple[int, Mapping[str, object]]] = []
    for k, entry in enumerate(raw):
        if not isinstance(entry, Mapping):
            raise BadRecord("melds", k, "a meld is an object such as {\"after\": 1, \"seat\": \"N\", \"cards\": "
                                        "[\"KS\", \"QS\"]} or {\"after\": 1, \"seat\": \"N\", \"dix\": true}", hand)
        after = entry.get("after")
        if not isinstance(after, int) or isinstance(after, bool) or after < 1:
            raise BadRecord("melds", k, f"after is the number of the trick the meld follows, from 1, not "
                                        f"{json.dumps(after)}", hand)
        out.append((after, entry))
    return out


def _play_hand(state: State, record: object, hand: int | None,
               steps: list[tuple[State, Action]] | None = None) -> State:
    """Set the record's deal on ``state`` (at the start of a hand) and play the hand out (``steps``, when
    given, gets each position after the deal and the action taken there, in order).

    Raises:
        BadRecord: the first fault: field ``format``, ``lineup``, a key of another game's records
            (``auction``, ``exchange``, ``conceded``, ...: :func:`pinochle.record_parts.check_keys`),
            ``dealer``, ``hands``, ``stock``, ``trump``, ``play`` (index: the card) or ``melds``
            (index: the entry), with the reason.
    """
    if not isinstance(record, Mapping):
        raise BadRecord("format", None, "a hand record is a JSON object", hand)
    if record.get("format", HAND_FORMAT) != HAND_FORMAT:
        raise BadRecord("format", None, f"unknown format {record.get('format')!r}: expected {HAND_FORMAT!r}", hand)
    lineup_of(record, state.game, state.game.seating.players, hand)
    check_keys(record, state.game, hand)
    try:
        dealer = TWO_FACING.parse(str(record.get("dealer", "")))
    except ValueError as err:
        raise BadRecord("dealer", None, str(err), hand) from None
    if dealer != state.dealer:
        raise BadRecord("dealer", None, f"hand {hand or 1} is dealt by {state.dealer}, not {dealer}", hand)
    hands = record.get("hands")
    if not isinstance(hands, Mapping) or set(map(str, hands)) != {"N", "S"}:
        raise BadRecord("hands", None, "hands is an object {\"N\": [12 cards], \"S\": [12 cards]}", hand)
    north = _cards(hands.get("N"), "hands", 12, hand, "N's hand")
    south = _cards(hands.get("S"), "hands", 12, hand, "S's hand")
    stock = _cards(record.get("stock"), "stock", 24, hand, "the stock")
    try:
        state = set_deal(state, north, south, stock)
    except IllegalAction as err:
        raise BadRecord("hands", None, str(err), hand) from None
    if "trump" in record and str(record.get("trump")).upper() != str(state.trump):
        raise BadRecord("trump", None, f"the turned card {stock[0]} makes {state.trump} trump, not "
                                       f"{record.get('trump')!r}", hand)
    play = _cards(record.get("play"), "play", 48, hand, "the play")
    melds = _check_melds(record.get("melds", []), hand)
    k = 0  # the next meld entry
    for i, card in enumerate(play):
        while True:
            auto = auto_action(state)
            if auto is not None:
                state = _step(state, auto, steps)
                continue
            if state.phase != "stock_meld":
                break
            done = sum(1 for t in state.tricks if t.winner is not None)
            if k < len(melds) and melds[k][0] == done:
                state = _declare(state, melds[k][1], k, hand, steps)
                k += 1
            else:
                state = _step(state, Action.pass_(Seat(turn(state) or 0)), steps)
        if k < len(melds):
            done = sum(1 for t in state.tricks if t.winner is not None)
            if melds[k][0] < done:
                raise BadRecord("melds", k, f"this meld comes after trick {melds[k][0]}, when its player could "
                                f"not meld (after trick {done}, {len(state.tricks)} tricks begun)", hand)
        seat = turn(state)
        assert seat is not None
        try:
            state = _step(state, Action.play_(seat, card), steps)
        except IllegalAction as err:
            raise BadRecord("play", i, f"{seat} cannot play the {card.label}: {err}", hand) from None
    if k < len(melds):
        raise BadRecord("melds", k, "this meld comes after the stock is gone: no meld is possible then", hand)
    return state


def _step(state: State, action: Action, steps: list[tuple[State, Action]] | None) -> State:
    """``action`` applied to ``state``, the pair kept in ``steps`` (when given)."""
    if steps is not None:
        steps.append((state, action))
    return apply(state, action)


def _declare(state: State, entry: Mapping[str, object], k: int, hand: int | None,
             steps: list[tuple[State, Action]] | None = None) -> State:
    seat = turn(state)
    assert seat is not None
    if str(entry.get("seat")) != str(seat):
        raise BadRecord("melds", k, f"{seat} won trick {entry.get('after')}: only {seat} may meld", hand)
    try:
        if entry.get("dix") is True:
            return _step(state, Action.dix_(seat), steps)
        raw = entry.get("cards")
        if not isinstance(raw, (list, str)):
            raise BadRecord("melds", k, "a meld entry has \"cards\" (or \"dix\": true)", hand)
        return _step(state, Action.meld_(seat, parse_cards(raw)), steps)
    except (IllegalAction, BadCard) as err:
        raise BadRecord("melds", k, str(err), hand) from None


def _summary(result: HandResult) -> dict[str, object]:
    s = result.score
    names = s.names
    return {
        "dealer": str(result.dealer),
        "trump": str(result.trump),
        "meld": dict(zip(names, s.meld)),
        "tricks": dict(zip(names, s.tricks)),
        "counters": dict(zip(names, s.counters)),
        "score": dict(zip(names, s.score)),
        "melds": [d.to_json() for d in result.parts.get(StockPlay).declared],
    }


def replay_stock(record: object, game: Game, rules: RuleSet) -> dict[str, object]:
    """Replay a two-handed hand or match record.

    Returns:
        For a hand: its summary (``dealer``, ``trump``, ``meld``, ``tricks``, ``counters``,
        ``score``, ``melds``); for a match: ``{"hands": [summary, ...], "totals", "winner"}``.

    Raises:
        BadRecord: the first fault, with its field, index, hand and reason.
    """
    is_match = isinstance(record, Mapping) and (
        record.get("format") == MATCH_FORMAT or (record.get("format") is None and isinstance(record.get("hands"), list)))
    players_of(record, game)
    hands: object = record.get("hands") if is_match and isinstance(record, Mapping) else [record]
    if not isinstance(hands, list):
        raise BadRecord("hands", None, "hands is a list of hand records")
    names = TWO_FACING.side_names
    if not hands:  # nothing played: zero totals, as in every game
        return {"hands": [], "totals": dict.fromkeys(names, 0), "winner": None}
    if is_match and isinstance(record, Mapping):
        check_hands_match(hands, record, game)
    first = hands[0]
    try:
        dealer = TWO_FACING.parse(str(first.get("dealer", "") if isinstance(first, Mapping) else ""))
    except ValueError as err:
        raise BadRecord("dealer", None, str(err), 1 if is_match else None) from None
    state = new_match(0, rules=rules, first_dealer=dealer, game=game)
    summaries: list[dict[str, object]] = []
    for i, h in enumerate(hands):
        number = i + 1 if is_match else None
        if i:
            if state.phase == "match_end":
                won = TWO_FACING.side_names[state.winner or 0]
                raise BadRecord("hands", i, f"the match was already won by {won} after hand {i}", i + 1)
            state = apply(state, Action.deal_(TWO_FACING.left(state.dealer)))
        state = _play_hand(state, h, number)
        summaries.append(_summary(state.history[-1]))
    if not is_match:
        return summaries[0]
    return {"hands": summaries, "totals": dict(zip(names, state.totals)),
            "winner": None if state.winner is None else names[state.winner]}


def stock_hand_steps(record: object, game: Game, rules: RuleSet) -> list[tuple[State, Action]]:
    """Each position of a two-handed hand record's replay after the deal and the action taken there, in
    order (the draws, the melds and passes of the meld turns, each card; the decision review:
    :mod:`pinochle.bots.review`).

    Raises:
        BadRecord: the record breaks a rule (the first fault, as :func:`replay_stock`).
    """
    first = record if isinstance(record, Mapping) else {}
    try:
        dealer = TWO_FACING.parse(str(first.get("dealer", "")))
    except ValueError as err:
        raise BadRecord("dealer", None, str(err), None) from None
    players_of(record, game)
    steps: list[tuple[State, Action]] = []
    _play_hand(new_match(0, rules=rules, first_dealer=dealer, game=game), record, None, steps)
    return steps


def replayed_stock_hand(record: object, game: Game, rules: RuleSet) -> HandResult:
    """Replay one two-handed hand record and return the finished hand (its stock, melds and tricks).

    Raises:
        BadRecord: the first fault, with its field, index and reason.
    """
    if not isinstance(record, Mapping):
        raise BadRecord("format", None, "a hand record is a JSON object")
    players_of(record, game)
    try:
        dealer = TWO_FACING.parse(str(record.get("dealer", "")))
    except ValueError as err:
        raise BadRecord("dealer", None, str(err)) from None
    state = _play_hand(new_match(0, rules=rules, first_dealer=dealer, game=game), record, None)
    return state.history[-1]


def random_match(seed: int, hands: int = 100) -> State:
    """A two-handed match played by random legal moves (for tests and examples): up to ``hands`` hands."""
    state = new_match(seed, game=TWO_HANDED)
    rng = random.Random(seed)
    while state.phase != "match_end" and len(state.history) < hands:
        action = auto_action(state) or rng.choice(legal_actions(state))
        state = apply(state, action)
    return state


__all__ = ["random_match", "replay_stock", "stock_hand_record", "stock_hand_steps", "stock_match_record"]
