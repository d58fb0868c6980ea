"""Hand and match records in the interchange format of RULES.md ("Hand record"; docs/records.md).

A hand record::

    {"format": "pinochle-hand/1", "game": "table", "scale": "tens", "dealer": "W",
     "hands": {"N": [12 cards], "E": [...], "S": [...], "W": [...]},
     "auction": ["250", "pass", ...], "trump": "S", "play": [48 cards]}

Each phase of a game adds its part: ``"exchange": {"to_declarer": [4 cards],
"to_partner": [4 cards]}`` (the card pass), ``"conceded": true`` (the
declarer gave up after the meld; ``play`` is then empty), ``"thrown_in":
true`` (nobody bid; the record holds the deal and the passes only),
``"widow": [3 cards]`` and ``"buried": [3 cards]`` (VARIANTS.md
``cutthroat``: ``hands`` then has the three seats E, S, W). At a table of 4
or 5 (VARIANTS.md ``auction``) a record adds ``"players"`` and each hand its
``"lineup"`` (the chair at each place; the dealer, sitting out, at N). A
record without ``game`` is a ``table`` record (RULES.md); one without
``players`` is of a table with one player per seat.

A match record is ``{"format": "pinochle-match/1", "game": ..., "hands": [hand, ...]}``
with the dealer moving left each hand. Replaying runs the record through the
same reducer (:mod:`pinochle.game`) as a live match, so a record is judged by
exactly the rules of play; the first illegal call or card is reported as a
:class:`~pinochle.errors.BadRecord` with its field, index and reason.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import NamedTuple

from .auction import call_text, parse_call
from .cards import DECKS, FOUR_PARTNERS, SIDES, Card, Seat, Seating, Suit, parse_cards, unpack
from .errors import BadCard, BadRecord, IllegalAction
from .game import (
    Action,
    Game,
    HandResult,
    State,
    ThrownIn,
    apply,
    auto_action,
    deal_hand,
    view,
    default_game,
    lineup_json,
    new_match,
    sort_hand,
    turn,
)
from .chairs import lineup_for
from .games import with_switches
from .games import find as find_game
from .games.phases import turned_up
from .record_parts import HAND_FORMAT as HAND_FORMAT
from .record_parts import HEAD_KEYS as HEAD_KEYS
from .record_parts import MATCH_FORMAT as MATCH_FORMAT
from .record_parts import PHASE_KEYS as PHASE_KEYS
from .record_parts import RECORD_KEYS as RECORD_KEYS
from .record_parts import check_keys as check_keys
from .record_parts import record_keys as record_keys
from .record_parts import check_hands_match, lineup_of, players_of, record_head, switches_text
from .rules import TABLE, RuleSet
from .stock_records import replay_stock, replayed_stock_hand, stock_hand_record, stock_hand_steps, stock_match_record
from .parts import CardPass, Concession, Contract, HandChairs, TurnedTrump, Widow

def _dealt(dealt: tuple[int, ...], seating: Seating = FOUR_PARTNERS) -> dict[str, list[str]]:
    return {str(Seat(i)): [str(c) for c in sort_hand(unpack(h))] for i, h in enumerate(dealt) if i in seating.seats}


def hand_record(result: HandResult | ThrownIn, game: Game | None = None, rules: RuleSet | None = None) -> dict[str, object]:
    """The record of a finished hand (RULES.md, Hand record; docs/records.md).

    Args:
        result: a :class:`~pinochle.game.HandResult` from a match's history,
            or a :class:`~pinochle.game.ThrownIn` hand.
        game: its game (default ``table``); rules: its numbers (default the game's).

    Returns:
        A JSON-ready dict in the ``pinochle-hand/1`` format.
    """
    g = game if game is not None else default_game()
    return FORMATS[g.records].hand_record(result, g, rules)


def _hand_record(result: HandResult | ThrownIn, g: Game, rules: RuleSet | None) -> dict[str, object]:
    """The ``standard`` record of a finished hand (:func:`hand_record`)."""
    table: dict[str, object] = {}
    chairs, widow, calls = result.parts.get(HandChairs), result.parts.get(Widow), result.parts.get(Contract).calls
    if chairs.lineup:  # a table of 4 or 5 (VARIANTS.md auction): who sat where
        table = {"players": chairs.players, "lineup": lineup_json(chairs.lineup)}
    if isinstance(result, ThrownIn):
        return {**record_head(g, rules), **table, "dealer": str(result.dealer), "hands": _dealt(result.dealt, g.seating),
                **({"widow": [str(c) for c in sort_hand(unpack(widow.cards))]} if widow.cards else {}),
                "auction": [call_text(c) for c in calls], "thrown_in": True}
    out: dict[str, object] = {
        **record_head(g, rules),
        **table,
        "dealer": str(result.dealer),
        "hands": _dealt(result.dealt, g.seating),
        **({"widow": [str(c) for c in sort_hand(unpack(widow.cards))]} if widow.cards else {}),
        "auction": [call_text(c) for c in calls],
        "trump": str(result.trump),
    }
    exchange, turned = result.parts.get(CardPass).exchange, result.parts.get(TurnedTrump)
    if exchange:
        out["exchange"] = {"to_declarer": [str(c) for c in exchange[0]],
                           "to_partner": [str(c) for c in exchange[1]]}
    if widow.buried:
        out["buried"] = [str(c) for c in widow.buried]
    if result.parts.get(Concession).conceded:
        out["conceded"] = True
    if turned.card is not None:
        out["turned"] = str(turned.card)
    if turned.exchanged_by is not None:
        out["dix_exchange"] = str(turned.exchanged_by)
    out["play"] = [str(c) for c in result.play]
    return out


def match_record(state: State) -> dict[str, object]:
    """The ``pinochle-match/1`` record of a match's finished hands, in its game's format
    (:attr:`~pinochle.game.Game.records`, :data:`FORMATS`).

    A hand still in progress is not included.
    """
    return FORMATS[state.game.records].match_record(state)


def finished_hands(state: State) -> list[HandResult | ThrownIn]:
    """The match's finished hands in the order played, thrown-in hands in their place: the order of a match
    record's ``hands`` (docs/records.md)."""
    out: list[HandResult | ThrownIn] = []
    thrown = list(state.thrown)
    for i, h in enumerate(state.history):
        while thrown and thrown[0].after <= i:
            out.append(thrown.pop(0))
        out.append(h)
    out.extend(thrown)
    return out


def _match_record(state: State) -> dict[str, object]:
    """The ``standard`` match record: the hands in order, thrown-in hands in their place."""
    hands = [hand_record(h, state.game, state.rules) for h in finished_hands(state)]
    out: dict[str, object] = {"format": MATCH_FORMAT, "game": state.game.name, "scale": state.rules.scale}
    if state.lineup:
        out["players"] = state.table_size
    switches = switches_text(state.game, state.rules)
    if switches:
        out["rules"] = switches
    out["hands"] = hands
    return out


@dataclass(frozen=True)
class ParsedHand:
    """A hand record parsed into engine values (not yet checked against the rules of play)."""

    dealer: Seat
    hands: tuple[int, int, int, int]
    auction: list[object]
    trump: object
    play: list[Card]
    exchange: tuple[tuple[Card, ...], ...] = ()
    conceded: bool = False
    thrown_in: bool = False
    turned: Card | None = None
    widow: int = 0
    buried: tuple[Card, ...] = ()
    dix_exchange: Seat | None = None


def _is_bid(raw: object) -> bool:
    """Whether an auction call of a record is a bid (a call that does not parse is not: the auction's
    own check reports it)."""
    try:
        return parse_call(raw) is not None
    except ValueError:
        return False


def _sides(pair: tuple[int, ...], names: tuple[str, ...] = SIDES) -> dict[str, int]:
    return dict(zip(names, pair))


def hand_summary(result: HandResult | ThrownIn) -> dict[str, object]:
    """The replay output of one hand (see ``pinochle replay``).

    Returns:
        ``{"declarer", "bid", "trump", "meld", "tricks", "counters", "made",
        "score"}``, where ``meld`` is what each side showed and ``score`` what
        it adds to its total; ``{"thrown_in": true, "dealer"}`` for a hand
        thrown in. A turned-trump hand in which a seat exchanged the dix for
        the turned card adds ``"dix_exchange"``: that seat.
    """
    lineup = result.parts.get(HandChairs).lineup
    table: dict[str, object] = {"lineup": lineup_json(lineup)} if lineup else {}
    if isinstance(result, ThrownIn):
        return {"thrown_in": True, "dealer": str(result.dealer), **table}
    s = result.score
    contract, conceded = result.parts.get(Contract), result.parts.get(Concession).conceded
    exchanged_by = result.parts.get(TurnedTrump).exchanged_by
    out: dict[str, object] = {
        "declarer": None if contract.declarer is None else str(contract.declarer),
        "bid": contract.bid,
        "trump": str(contract.trump),
        "meld": _sides(s.meld, s.names),
        "tricks": _sides(s.tricks, s.names),
        "counters": _sides(s.counters, s.names),
        "made": s.made,
        "score": _sides(s.score, s.names),
    }
    if conceded:
        out["conceded"] = True
    if exchanged_by is not None:
        out["dix_exchange"] = str(exchanged_by)
    if not s.played and not conceded:
        out["played"] = False  # the meld alone made the bid (VARIANTS.md cutthroat), or set at once
    if s.set_at_once:
        out["set_at_once"] = True  # no marriage in trump (the trump_needs_marriage switch)
    if s.transfers:
        out["transfers"] = [{"from": str(Seat(a)), "to": str(Seat(b)), "amount": n} for a, b, n in s.transfers]
    if s.chairs:  # a table of 4 or 5: the settlement of every chair, the sitters included
        out.update(table)
        out["chairs"] = list(s.chairs)
        out["chair_transfers"] = [{"from": a, "to": b, "amount": n} for a, b, n in s.chair_transfers]
    return out


def _apply_or_bad(state: State, move: Callable[[Seat], Action], field: str, index: int | None,
                  fault: Callable[[Seat], str], hand: int | None) -> State:
    """The record's ``move`` for the seat to act applied through the reducer, or a
    :class:`BadRecord` of ``field`` at ``index`` naming the fault (``fault(seat)``, then the reducer's reason).
    """
    seat = turn(state)
    assert seat is not None
    try:
        return apply(state, move(seat))
    except IllegalAction as err:
        raise BadRecord(field, index, f"{fault(seat)}{err}", hand) from None


def parse_hand(record: object, hand: int | None = None, rules: RuleSet = TABLE,
               seating: Seating = FOUR_PARTNERS, dealer_sits_out: bool = False) -> ParsedHand:
    """Check a hand record's shape, dealer and cards (RULES.md, Hand record; Deal).

    Args:
        record: the decoded JSON object.
        hand: its number within a match record, counted from 1, for error reports.
        rules: the game's rules: its deck and hand size (48 cards and 12 a hand;
            VARIANTS.md ``double-deck``: 80 and 20; ``cutthroat``: 15 and a widow of 3).
        seating: the game's seats (N E S W; ``cutthroat``: E S W).
        dealer_sits_out: a table of 4 or 5 (VARIANTS.md ``auction``): the
            dealer sits out at the empty place, ``"dealer": "N"``.

    Returns:
        The :class:`ParsedHand`.

    Raises:
        BadRecord: ``format``, ``dealer`` or ``hands`` at fault. For ``hands``,
            ``index`` is the position of the first bad card in that seat's list
            (or the list's length for a short hand), and the reason names the seat.
    """
    if not isinstance(record, Mapping):
        raise BadRecord("format", None, "a hand record is a JSON object", hand)
    fmt = record.get("format", HAND_FORMAT)
    if fmt != HAND_FORMAT:
        raise BadRecord("format", None, f"unknown format {fmt!r}: expected {HAND_FORMAT!r}", hand)
    four = seating.players == 4
    names = ", ".join(f'"{x}"' for x in seating.names)
    if "dealer" not in record:
        what = "\"N\", \"E\", \"S\" or \"W\"" if four else names
        raise BadRecord("dealer", None, f"the record has no dealer: give \"dealer\": {what}", hand)
    try:
        dealer = Seat.parse(str(record.get("dealer", ""))) if four or dealer_sits_out \
            else seating.parse(str(record.get("dealer", "")))
    except ValueError as err:
        raise BadRecord("dealer", None, str(err), hand) from None
    if dealer_sits_out and dealer in seating.seats:
        empty = next(s for s in Seat if s not in seating.seats)
        raise BadRecord("dealer", None, f"at a table of 4 or 5 the dealer sits out at {empty}, not {dealer}", hand)
    raw_hands = record.get("hands")
    if not isinstance(raw_hands, Mapping):
        what = "{\"N\": [...], \"E\": [...], \"S\": [...], \"W\": [...]}" if four else \
            "{" + ", ".join(f'"{x}": [...]' for x in seating.names) + "}"
        raise BadRecord("hands", None, f"hands is an object {what}", hand)
    extra = sorted(set(map(str, raw_hands)) - set(seating.names))
    if extra:
        seats_text = "N, E, S and W" if four else ", ".join(seating.names)
        raise BadRecord("hands", None, f"unknown seat {extra[0]!r} in hands: seats are {seats_text}", hand)
    packed = [0, 0, 0, 0]
    seen = 0  # the whole deal so far, to find a copy more than the deck holds
    deck, n = DECKS[rules.deck], rules.hand_size
    places: list[tuple[Seat, object, int, str]] = [
        (seat, raw_hands.get(str(seat)), n, f"{seat}'s hand") for seat in Seat if seat in seating.seats]
    if rules.widow:  # the widow goes in the empty place (see pinochle.game.check_deal)
        empty = next(s for s in Seat if s not in seating.seats)
        places.append((empty, record.get("widow"), rules.widow, "the widow"))
    elif "widow" in record:
        raise BadRecord("widow", None, "this game deals no widow: leave \"widow\" out", hand)
    for seat, raw, n, whose in places:
        widow = whose == "the widow"
        field = "widow" if widow else "hands"
        if not isinstance(raw, (list, str)):
            give = '"widow": ' if widow else ""
            raise BadRecord(field, None, f"{whose} is missing: give {give}a list of {n} cards", hand)
        try:
            cards = parse_cards(raw)
        except BadCard as err:
            raise BadRecord(field, err.index, f"{whose}: {err}", hand) from None
        miscount = (f"the widow has {len(cards)} cards, not {n}" if widow
                    else f"{seat} has {len(cards)} cards; each seat is dealt {n}")
        if widow and len(cards) != n:  # the widow's size first; a hand's cards are checked in order
            raise BadRecord(field, min(len(cards), n), miscount, hand)
        for i, card in enumerate(cards):
            if i >= n:
                raise BadRecord(field, i, miscount, hand)
            try:
                seen = deck.add(seen, card)
            except BadCard:
                why = f"a third {card.label}; the deck has two of each card" if deck.copies[card] == 2 \
                    else deck.too_many(card)
                raise BadRecord(field, i, f"{whose}: {why}", hand) from None
            packed[seat] = deck.add(packed[seat], card)
        if len(cards) < n:
            raise BadRecord(field, len(cards), miscount, hand)
    auction = record.get("auction")
    if not isinstance(auction, list):
        raise BadRecord("auction", None, "auction is a list of calls such as [\"250\", \"pass\"]", hand)
    for flag in ("thrown_in", "conceded"):
        if flag in record and record[flag] is not True:
            raise BadRecord(flag, None, f"{flag} is true when it applies, and left out otherwise, "
                                        f"not {record[flag]!r}", hand)
    thrown_in = record.get("thrown_in", False) is True
    bid = next((c for c in auction if _is_bid(c)), None)
    if thrown_in and bid is not None:
        raise BadRecord("thrown_in", None, f"somebody bid ({call_text(parse_call(bid))}), so the hand is not "
                                           f"thrown in: leave \"thrown_in\" out", hand)
    if thrown_in:
        extra = [k for k in ("trump", "exchange", "conceded", "buried", "play", "turned", "dix_exchange")
                 if k in record]
        if extra:
            raise BadRecord(extra[0], None, f"a thrown-in hand has no {extra[0]}: nobody bid", hand)
    raw_play = record.get("play", [] if thrown_in else None)
    if raw_play is None and isinstance(record.get("auction"), list) and record.get("auction") and all(
            str(c).strip().lower() == "pass" for c in record["auction"]):
        if rules.no_bid == "dealer" and not rules.reenter_after_pass:  # RULES.md, Deal and auction 3
            raise BadRecord("play", None, f"the first three passed, so the dealer is stuck at {rules.min_bid}: give "
                                          f"the hand's \"play\" ({seating.players * rules.hand_size} cards)", hand)
        raise BadRecord("play", None, "nobody bid, so no card is played: mark the hand \"thrown_in\": true", hand)
    if not isinstance(raw_play, (list, str)):
        raise BadRecord("play", None, f"play is a list of the {seating.players * rules.hand_size} cards in the order "
                                      f"played", hand)
    try:
        play = parse_cards(raw_play)
    except BadCard as err:
        raise BadRecord("play", err.index, str(err), hand) from None
    exchange: tuple[tuple[Card, ...], ...] = ()
    raw_ex = record.get("exchange")
    if raw_ex is not None:
        if not isinstance(raw_ex, Mapping):
            raise BadRecord("exchange", None, "exchange is {\"to_declarer\": [4 cards], \"to_partner\": [4 cards]}", hand)
        parts = []
        for key in ("to_declarer", "to_partner"):
            raw = raw_ex.get(key)
            if not isinstance(raw, (list, str)):
                raise BadRecord("exchange", None, f"exchange.{key} is a list of the cards passed", hand)
            try:
                parts.append(tuple(parse_cards(raw)))
            except BadCard as err:
                raise BadRecord("exchange", err.index, f"{key}: {err}", hand) from None
        exchange = tuple(parts)
    turned: Card | None = None
    if record.get("turned") is not None:
        try:
            turned = Card.parse(record.get("turned"))
        except BadCard as err:
            raise BadRecord("turned", None, str(err), hand) from None
    dix_exchange: Seat | None = None
    if record.get("dix_exchange") is not None:
        try:
            dix_exchange = Seat.parse(str(record.get("dix_exchange")))
        except ValueError:
            raise BadRecord("dix_exchange", None, f"dix_exchange is the seat that exchanged the dix for the turned "
                                                  f"card, \"N\", \"E\", \"S\" or \"W\", not "
                                                  f"{json.dumps(record.get('dix_exchange'))}", hand) from None
    buried: tuple[Card, ...] = ()
    raw_buried = record.get("buried")
    if raw_buried is not None:
        if not isinstance(raw_buried, (list, str)):
            raise BadRecord("buried", None, "buried is a list of the cards the declarer buried", hand)
        try:
            buried = tuple(parse_cards(raw_buried))
        except BadCard as err:
            raise BadRecord("buried", err.index, str(err), hand) from None
    return ParsedHand(dealer, (packed[0], packed[1], packed[2], packed[3]), auction, record.get("trump"), play,
                      exchange, record.get("conceded", False) is True, thrown_in, turned, packed[0], buried,
                      dix_exchange)


def _play_hand(state: State, parsed: ParsedHand, hand: int | None) -> State:
    """Run one parsed hand through the reducer from its ``auction`` phase to its end."""
    number = state.hand_no
    if state.turned is None and parsed.turned is not None:
        raise BadRecord("turned", None, f"the {state.game.name} game turns no card for trump", hand)
    if state.turned is not None:  # the dealer's turned card is the record's (VARIANTS.md turned-trump)
        if parsed.turned is None:
            raise BadRecord("turned", None, "this game turns a card for trump: give \"turned\": the dealer's card", hand)
        if not state.hands[state.dealer] >> parsed.turned & 1:
            raise BadRecord("turned", None, f"the turned {parsed.turned.label} is not in the dealer's hand", hand)
        # the hand goes on from the record's card (the phases after the turn, the dix exchange, enter again)
        state = state.game.advance(turned_up(replace(state, phase=state.game.phases[0].name), parsed.turned))
    state = _dix_exchange(state, parsed, hand)
    for i, raw in enumerate(parsed.auction):
        try:
            call = parse_call(raw)
        except ValueError as err:
            raise BadRecord("auction", i, str(err), hand) from None
        if state.phase != "auction" or state.hand_no != number:
            raise BadRecord("auction", i, "the auction is over: no more calls", hand)
        state = _apply_or_bad(state, lambda seat: Action.pass_(seat) if call is None else Action.bid_(seat, call),
                              "auction", i, lambda seat: f"{seat}: ", hand)
    if parsed.thrown_in:
        if state.hand_no == number and state.phase == "auction":
            raise BadRecord("auction", len(parsed.auction), f"the hand is marked thrown in, but the auction is not "
                                                            f"finished: {turn(state)} is still to call", hand)
        if state.hand_no == number:  # RULES.md, Deal and auction 3: nobody bid, and the dealer is stuck
            raise BadRecord("thrown_in", None, f"everyone before the dealer passed, so the dealer is "
                                               f"stuck at {state.bid}: the hand is not thrown in", hand)
        return state
    if state.hand_no != number or state.phase == "auction":
        where = len(parsed.auction)
        if state.hand_no != number:
            raise BadRecord("auction", where, "nobody bid: the hand is thrown in; mark it \"thrown_in\": true", hand)
        raise BadRecord("auction", where, f"the auction is not finished: {turn(state)} is still to call", hand)
    if parsed.trump is None and state.phase != "trump" and state.trump is not None:
        trump = state.trump  # the turned card named it
    elif parsed.trump is None:
        raise BadRecord("trump", None, "the record names no trump: give \"trump\": \"S\", \"H\", \"D\" or \"C\"", hand)
    else:
        try:
            trump = Suit.parse(str(parsed.trump))
        except ValueError as err:
            raise BadRecord("trump", None, str(err), hand) from None
    if state.phase == "trump":
        seat = turn(state)
        assert seat is not None
        state = apply(state, Action.trump_(seat, trump))
    elif state.trump != trump:
        raise BadRecord("trump", None, f"trump is {state.trump} here (the turned card), not {trump}", hand)
    if state.phase == "exchange":
        if len(parsed.exchange) != 2:
            raise BadRecord("exchange", None, "this game passes cards: give \"exchange\": "
                            "{\"to_declarer\": [...], \"to_partner\": [...]}", hand)
        for part, cards in zip(("to_declarer", "to_partner"), parsed.exchange):
            state = _apply_or_bad(state, lambda seat: Action.give_(seat, cards), "exchange", None,
                                  lambda seat: f"{part}: {seat} cannot pass these cards: ", hand)
    elif parsed.exchange:
        raise BadRecord("exchange", None, f"the {state.game.name} game passes no cards", hand)
    while (auto := auto_action(state)) is not None:
        state = apply(state, auto)
    if state.phase == "concede":
        seat = turn(state)
        assert seat is not None
        state = apply(state, Action.concede_(seat) if parsed.conceded else Action.play_on_(seat))
    elif state.phase == "bury":  # VARIANTS.md cutthroat: bury 3, or concede
        seat = turn(state)
        assert seat is not None
        if parsed.conceded:
            if parsed.buried:
                raise BadRecord("buried", None, "the declarer conceded: nothing is buried", hand)
            state = apply(state, Action.concede_(seat))
        else:
            if not parsed.buried:
                raise BadRecord("buried", None, f"the declarer buries {state.rules.widow} cards: give \"buried\"",
                                hand)
            state = _apply_or_bad(state, lambda seat: Action.bury_(seat, parsed.buried), "buried", None,
                                  lambda seat: f"{seat} cannot bury these cards: ", hand)
    elif parsed.conceded:
        what = "the meld made the bid: there is no play" if state.rules.widow else "the game has no concession"
        raise BadRecord("conceded", None, f"the {state.game.name} game: {what}" if state.rules.widow
                        else f"the {state.game.name} game has no concession", hand)
    elif parsed.buried:
        why = "the meld made the bid: there is no play" if state.rules.widow else "nothing is buried in this game"
        raise BadRecord("buried", None, why, hand)
    if parsed.conceded or state.phase != "play" and not parsed.play:
        if parsed.play:
            raise BadRecord("play", 0, "the declarer conceded: no card is played", hand)
        return state
    for i, card in enumerate(parsed.play):
        if state.phase != "play":
            if state.set_at_once:
                raise BadRecord("play", i, "the declarer named trump without its king and queen and is set at "
                                           "once: there is no play", hand)
            if not state.tricks:
                raise BadRecord("play", i, "the meld made the bid: there is no play", hand)
            done = len(state.tricks) * state.game.seating.players
            raise BadRecord("play", i, f"the hand is over after {done} cards", hand)
        state = _apply_or_bad(state, lambda seat: Action.play_(seat, card), "play", i,
                              lambda seat: f"{seat} cannot play {card.label}: ", hand)
    if state.phase == "play":
        raise BadRecord("play", len(parsed.play), f"the play stops after {len(parsed.play)} cards; "
                                                  f"a hand has {state.game.seating.players * state.rules.hand_size}",
                        hand)
    return state


def _dix_exchange(state: State, parsed: ParsedHand, hand: int | None) -> State:
    """The dix exchange of a turned-trump hand played with the house switch ``dix_exchange``: the
    seats are asked in turn from the dealer's left, the record's ``dix_exchange`` seat exchanges
    and every seat before it keeps its nine (or holds none); without the key nobody exchanged.

    Raises:
        BadRecord: a ``dix_exchange`` in a hand without the exchange (the switch off, or the
            turned card itself a nine of trump), or naming the dealer or a seat that holds no
            nine of trump (``field`` ``"dix_exchange"``).
    """
    want = parsed.dix_exchange
    if state.phase != "dix_exchange":
        if want is None:
            return state
        if state.turned is None or not state.rules.dix_exchange:
            raise BadRecord("dix_exchange", None, f"the {state.game.name} game is played here without the dix "
                                                  f"exchange: it is the house rule dix_exchange=true", hand)
        raise BadRecord("dix_exchange", None, f"the turned card is the {state.turned.label} itself: there is no "
                                              f"dix to exchange for it", hand)
    if want == state.dealer:
        raise BadRecord("dix_exchange", None, f"{want} is the dealer, who holds the turned card: the other seats "
                                              f"may exchange the dix for it", hand)
    while state.phase == "dix_exchange":
        state = _apply_or_bad(state, lambda seat: Action.dix_(seat) if seat == want else Action.pass_(seat),
                              "dix_exchange", None, lambda seat: f"{seat}: ", hand)
    return state


def replay_hand(record: object, rules: RuleSet | None = None) -> dict[str, object]:
    """Replay one hand record and return its summary (see :func:`hand_summary`).

    Raises:
        BadRecord: the first fault, with its field, index and reason.
    """
    return hand_summary(_replayed_standard(record, game_of_record(record), rules))


def replayed_hand(record: object, rules: RuleSet | None = None) -> HandResult | ThrownIn:
    """Replay one hand record of any game (its format, :data:`FORMATS`) and return the finished hand:
    the deal, the calls, the contract, each seat's meld, the tricks and the score, as the engine kept them.

    Raises:
        BadRecord: the first fault, with its field, index and reason.
    """
    game = game_of_record(record)
    return FORMATS[game.records].hand(record, game, rules)


def _at_deal(record: object, game: Game, rules: RuleSet | None) -> tuple[State, ParsedHand]:
    """A ``standard`` hand record read (its keys checked) and the match state at its deal: a match of one
    hand, dealt the record's cards by the record's dealer (at a table of 4 or 5, its lineup's chair)."""
    ruleset = rules_of_record(rules, game, record)
    players = players_of(record, game)
    lineup = lineup_of(record, game, players, None)
    check_keys(record, game)
    parsed = parse_hand(record, None, ruleset, game.seating, dealer_sits_out=bool(lineup))
    state = new_match(seed=0, rules=ruleset, first_dealer=lineup[parsed.dealer] if lineup else parsed.dealer,
                      deals=[parsed.hands], game=game, players=players)
    return state, parsed


def _replayed_standard(record: object, game: Game, rules: RuleSet | None) -> HandResult | ThrownIn:
    """One hand record of the ``standard`` format replayed through the reducer: the finished hand."""
    state, parsed = _at_deal(record, game, rules)
    state = _play_hand(state, parsed, None)
    return state.thrown[-1] if parsed.thrown_in else state.history[-1]


def replay_match(record: object, rules: RuleSet | None = None) -> dict[str, object]:
    """Replay a match record: ``{"hands": [summary, ...], "totals", "winner"}``.

    The dealer must move left each hand, and no hand may follow the one that
    won the match.

    Raises:
        BadRecord: the first fault; ``hand`` says which hand.
    """
    if not isinstance(record, Mapping) or record.get("format", MATCH_FORMAT) != MATCH_FORMAT:
        raise BadRecord("format", None, f"a match record is {{\"format\": {MATCH_FORMAT!r}, \"hands\": [...]}}")
    raw_hands = record.get("hands")
    if not isinstance(raw_hands, list):
        raise BadRecord("hands", None, "hands is a list of hand records")
    game = game_of_record(record)
    ruleset = rules_of_record(rules, game, record)
    players = players_of(record, game)
    if not raw_hands:  # nothing played: zero totals, in the game's own shape
        if players > game.seating.players:
            return {"hands": [], "players": players, "totals": [0] * players, "winner": None}
        return {"hands": [], "totals": _sides((0,) * len(game.seating.side_names), game.seating.side_names),
                "winner": None}
    check_hands_match(raw_hands, record, game)
    # hand by hand, so that the first fault in play order is the one reported
    lineup = lineup_of(raw_hands[0], game, players, 1)
    check_keys(raw_hands[0], game, 1)
    first = parse_hand(raw_hands[0], 1, ruleset, game.seating, dealer_sits_out=bool(lineup))
    state = new_match(seed=0, rules=ruleset, first_dealer=lineup[first.dealer] if lineup else first.dealer,
                      deals=[first.hands], game=game, players=players)
    state = _play_hand(state, first, 1)
    summaries: list[dict[str, object]] = [hand_summary(state.thrown[-1] if first.thrown_in else state.history[-1])]
    for i in range(1, len(raw_hands)):
        if state.phase == "match_end":
            won = _winner(state)
            raise BadRecord("hands", i, f"the match was already won by {won} after hand {i}", i + 1)
        lineup = lineup_of(raw_hands[i], game, players, i + 1)
        check_keys(raw_hands[i], game, i + 1)
        p = parse_hand(raw_hands[i], i + 1, ruleset, game.seating, dealer_sits_out=bool(lineup))
        after_throw = state.phase == "auction"  # the hand before was thrown in: its redeal is this record
        if lineup:  # a table of 4 or 5: the deal passes to the next chair
            want = state.lineup if after_throw else lineup_for(players, (state.lineup[p.dealer] + 1) % players,
                                                               game.seating)
            if lineup != want:
                raise BadRecord("lineup", None, f"the deal passes left: hand {i + 1} is dealt by chair "
                                                f"{want[p.dealer]}, with {lineup_json(want)}, not "
                                                f"{lineup_json(lineup)}", i + 1)
        dealer = state.dealer if after_throw or lineup else state.game.seating.left(state.dealer)
        if p.dealer != dealer:
            raise BadRecord("dealer", None, f"the deal passes left: hand {i + 1} is dealt by {dealer}, not {p.dealer}", i + 1)
        state = replace(state, preset=(*state.preset, p.hands))
        if after_throw:
            state = deal_hand(state, state.hand_no, state.dealer)
        else:
            state = apply(state, Action.deal_(state.game.seating.left(state.dealer)))
        state = _play_hand(state, p, i + 1)
        summaries.append(hand_summary(state.thrown[-1] if p.thrown_in else state.history[-1]))
    names = state.game.seating.side_names
    if state.lineup:  # a table of 4 or 5: totals per chair
        return {"hands": summaries, "players": players, "totals": list(state.totals), "winner": _winner(state)}
    return {
        "hands": summaries,
        "totals": _sides(state.totals, names),
        "winner": _winner(state),
    }


def _winner(state: State) -> str | None:
    """The match's winner as a side's name, or at a table of 4 or 5 ``"chair 2"``; ``None`` before."""
    if state.winner is None:
        return None
    return f"chair {state.winner}" if state.lineup else state.game.seating.side_names[state.winner]


def game_of_record(record: object) -> Game:
    """The game a record names (``table`` when it names none).

    Raises:
        BadRecord: an unknown game, or one not built yet (``field`` ``"game"``).
    """
    name = record.get("game", "table") if isinstance(record, Mapping) else "table"
    try:
        return find_game(name)
    except ValueError as err:
        raise BadRecord("game", None, str(err)) from None


def rules_of_record(rules: RuleSet | None, game: Game, record: object = None) -> RuleSet:
    """The numbers to replay ``record`` with: ``rules`` when given, else the game's in the
    record's ``scale`` with the record's house ``rules`` (docs/records.md).

    Raises:
        BadRecord: an unknown scale or house rule (``field`` ``"scale"`` or ``"rules"``).
    """
    if rules is not None and rules is not TABLE:
        return rules
    base = game.rules
    if not isinstance(record, Mapping):
        return base
    scale = record.get("scale")
    if scale is not None:
        try:
            base = base.in_scale(str(scale))
        except ValueError as err:
            raise BadRecord("scale", None, str(err)) from None
    switches = record.get("rules")
    if switches is None:
        return base
    if not isinstance(switches, Mapping):
        raise BadRecord("rules", None, "rules is an object of house rules, such as {\"must_beat\": \"never\"}")
    try:
        return with_switches(base, {str(k): str(v).lower() for k, v in switches.items()})
    except ValueError as err:
        raise BadRecord("rules", None, str(err)) from None


def replay(record: object, rules: RuleSet | None = None) -> dict[str, object]:
    """Replay a hand or a match record, told apart by ``format`` (or a ``hands`` list).

    Raises:
        BadRecord: the first fault.
    """
    game = game_of_record(record)
    return FORMATS[game.records].replay(record, game, rules)


def hand_steps(record: object) -> list[tuple[State, Action]]:
    """Each position of a hand record's replay (any game: its record format, :data:`FORMATS`) after the
    deal, and the action taken there, in order: what the decision review weighs (:mod:`pinochle.bots.review`).

    Raises:
        BadRecord: the record breaks a rule (its first fault).
    """
    game = game_of_record(record)
    return FORMATS[game.records].steps(record)


def _replay(record: object, game: Game, rules: RuleSet | None) -> dict[str, object]:
    """Replay a ``standard`` hand or match record (``game`` is the one it names)."""
    if isinstance(record, Mapping) and (
        record.get("format") == MATCH_FORMAT or (record.get("format") is None and isinstance(record.get("hands"), list))
    ):
        return replay_match(record, rules)
    return replay_hand(record, rules)


def _replay_stock(record: object, game: Game, rules: RuleSet | None) -> dict[str, object]:
    """Replay a ``stock`` hand or match record (VARIANTS.md ``two-handed``; :mod:`pinochle.stock_records`)."""
    return replay_stock(record, game, rules_of_record(rules, game, record))


def _steps(record: object) -> list[tuple[State, Action]]:
    """Each position of a ``standard`` hand record's replay and the action taken there, in order.

    The record is replayed first (:func:`replay_hand`: a record that breaks a rule is refused with its
    first fault); the actions are then read from it by what each position's legal moves ask for (a
    call, trump, cards to pass or bury, conceding, a card), the moves without a choice made as the
    engine makes them.
    """
    game = game_of_record(record)
    replay_hand(record)
    state, parsed = _at_deal(record, game, None)
    if parsed.turned is not None:
        state = game.advance(turned_up(replace(state, phase=game.phases[0].name), parsed.turned))
    calls = iter(parsed.auction)
    cards = iter(parsed.play)
    gives = iter(parsed.exchange)
    number = state.hand_no
    out: list[tuple[State, Action]] = []
    while state.hand_no == number and state.phase not in ("hand_end", "match_end"):
        seat = turn(state)
        assert seat is not None
        legal = view(state, seat).legal
        action: Action | None
        if legal.dix:
            action = Action.dix_(seat) if parsed.dix_exchange == seat else Action.pass_(seat)
        elif legal.min_bid is not None or (legal.pass_ and not legal.cards):
            call = parse_call(next(calls))
            action = Action.pass_(seat) if call is None else Action.bid_(seat, call)
        elif legal.trumps:
            action = Action.trump_(seat, Suit.parse(str(parsed.trump)))
        elif legal.give:
            action = Action.give_(seat, next(gives))
        elif legal.bury:
            action = Action.concede_(seat) if parsed.conceded else Action.bury_(seat, parsed.buried)
        elif legal.concede:
            action = Action.concede_(seat) if parsed.conceded else Action.play_on_(seat)
        elif legal.cards:
            action = Action.play_(seat, next(cards))
        else:
            action = auto_action(state)
            if action is None:
                break
        out.append((state, action))
        state = apply(state, action)
    return out


def _stock_hand_record(result: HandResult | ThrownIn, game: Game, rules: RuleSet | None) -> dict[str, object]:
    """The ``stock`` record of a finished two-handed hand (:func:`pinochle.stock_records.stock_hand_record`)."""
    assert isinstance(result, HandResult)  # two-handed has no auction: no hand is thrown in
    ruleset = rules if rules is not None else game.rules
    return stock_hand_record(result, game, ruleset, record_head(game, ruleset))


def _stock_steps(record: object) -> list[tuple[State, Action]]:
    """Each position of a ``stock`` hand record's replay and the action taken there
    (:func:`pinochle.stock_records.stock_hand_steps`)."""
    game = game_of_record(record)
    return stock_hand_steps(record, game, rules_of_record(None, game, record))


class RecordFormat(NamedTuple):
    """How the records of a family of games are written and replayed (docs/records.md)."""

    #: The match record of a state's finished hands.
    match_record: Callable[[State], dict[str, object]]
    #: The record of one finished hand (its game; its rules, ``None``: the game's).
    hand_record: Callable[[HandResult | ThrownIn, Game, RuleSet | None], dict[str, object]]
    #: Replay a hand or match record of the game it names, with the rules given (``None``: the record's).
    replay: Callable[[object, Game, RuleSet | None], dict[str, object]]
    #: Each position of a hand record's replay and the action taken there, in order (the decision review).
    steps: Callable[[object], list[tuple[State, Action]]]
    #: Replay one hand record of the game it names (``None``: the record's rules): the finished hand.
    hand: Callable[[object, Game, RuleSet | None], HandResult | ThrownIn]


#: The record formats by the name a game gives (:attr:`pinochle.game.Game.records`): ``standard``, the
#: deal, the auction and each phase's part (this module); ``stock``, two-handed's stock and the melds
#: declared between tricks (VARIANTS.md ``two-handed``; :mod:`pinochle.stock_records`).
FORMATS: dict[str, RecordFormat] = {
    "standard": RecordFormat(_match_record, _hand_record, _replay, _steps, _replayed_standard),
    "stock": RecordFormat(stock_match_record, _stock_hand_record, _replay_stock, _stock_steps,
                          lambda record, game, rules: replayed_stock_hand(record, game, rules_of_record(rules, game, record))),
}

