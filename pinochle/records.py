"""Hand and match records in the interchange format of RULES.md ("Hand record").

A hand record::

    {"format": "pinochle-hand/1", "dealer": "W",
     "hands": {"N": [12 cards], "E": [...], "S": [...], "W": [...]},
     "auction": ["250", "pass", ...], "trump": "S", "play": [48 cards]}

A match record is ``{"format": "pinochle-match/1", "hands": [hand, ...]}``
with the dealer moving left each hand. Replaying runs the record through the
same reducer (:mod:`pinochle.game`) as a live match, so a record is judged by
exactly the rules of play; the first illegal call or card is reported as a
:class:`~pinochle.errors.BadRecord` with its field, index and reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from .auction import call_text, parse_call
from .cards import SIDES, Card, Seat, Suit, add, parse_cards, unpack
from .errors import BadCard, BadRecord, IllegalAction
from .game import Action, HandResult, State, apply, auto_action, new_match, sort_hand, turn
from .rules import TABLE, RuleSet

HAND_FORMAT = "pinochle-hand/1"
MATCH_FORMAT = "pinochle-match/1"


def hand_record(result: HandResult) -> dict[str, object]:
    """The RULES.md record of a finished hand.

    Args:
        result: a :class:`~pinochle.game.HandResult` from a match's history.

    Returns:
        A JSON-ready dict in the ``pinochle-hand/1`` format.
    """
    return {
        "format": HAND_FORMAT,
        "dealer": str(result.dealer),
        "hands": {str(Seat(i)): [str(c) for c in sort_hand(unpack(h))] for i, h in enumerate(result.dealt)},
        "auction": [call_text(c) for c in result.calls],
        "trump": str(result.trump),
        "play": [str(c) for c in result.play],
    }


def match_record(state: State) -> dict[str, object]:
    """The ``pinochle-match/1`` record of a match's finished hands.

    A hand still in progress is not included.
    """
    return {"format": MATCH_FORMAT, "hands": [hand_record(h) for h in state.history]}


@dataclass(frozen=True)
class ParsedHand:
    """A hand record parsed into engine values (not yet checked against the rules of play)."""

    dealer: Seat
    hands: tuple[int, int, int, int]
    auction: list[object]
    trump: object
    play: list[Card]


def _sides(pair: tuple[int, int]) -> dict[str, int]:
    return {SIDES[0]: pair[0], SIDES[1]: pair[1]}


def hand_summary(result: HandResult) -> dict[str, object]:
    """The replay output of one hand (see ``pinochle replay``).

    Returns:
        ``{"declarer", "bid", "trump", "meld", "tricks", "counters", "made",
        "score"}``, where ``meld`` is what each side showed and ``score`` what
        it adds to its total.
    """
    s = result.score
    return {
        "declarer": str(result.declarer),
        "bid": result.bid,
        "trump": str(result.trump),
        "meld": _sides(s.meld),
        "tricks": _sides(s.tricks),
        "counters": _sides(s.counters),
        "made": s.made,
        "score": _sides(s.score),
    }


def parse_hand(record: object, hand: int | None = None) -> ParsedHand:
    """Check a hand record's shape, dealer and cards (RULES.md, Hand record; Deal).

    Args:
        record: the decoded JSON object.
        hand: its number within a match record, counted from 1, for error reports.

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
    if "dealer" not in record:
        raise BadRecord("dealer", None, "the record has no dealer: give \"dealer\": \"N\", \"E\", \"S\" or \"W\"", hand)
    try:
        dealer = Seat.parse(str(record.get("dealer", "")))
    except ValueError as err:
        raise BadRecord("dealer", None, str(err), hand) from None
    raw_hands = record.get("hands")
    if not isinstance(raw_hands, Mapping):
        raise BadRecord("hands", None, "hands is an object {\"N\": [...], \"E\": [...], \"S\": [...], \"W\": [...]}", hand)
    extra = sorted(set(map(str, raw_hands)) - set("NESW"))
    if extra:
        raise BadRecord("hands", None, f"unknown seat {extra[0]!r} in hands: seats are N, E, S and W", hand)
    packed = [0, 0, 0, 0]
    seen = 0  # the whole deal so far, to find a third copy
    for seat in Seat:
        raw = raw_hands.get(str(seat))
        if not isinstance(raw, (list, str)):
            raise BadRecord("hands", None, f"{seat}'s hand is missing: give a list of 12 cards", hand)
        try:
            cards = parse_cards(raw)
        except BadCard as err:
            raise BadRecord("hands", err.index, f"{seat}'s hand: {err}", hand) from None
        for i, card in enumerate(cards):
            if i >= 12:
                raise BadRecord("hands", i, f"{seat} has {len(cards)} cards; each seat is dealt 12", hand)
            try:
                seen = add(seen, card)
            except BadCard:
                raise BadRecord("hands", i, f"{seat}'s hand: a third {card.label}; the deck has two of each card", hand) from None
            packed[seat] = add(packed[seat], card)
        if len(cards) < 12:
            raise BadRecord("hands", len(cards), f"{seat} has {len(cards)} cards; each seat is dealt 12", hand)
    auction = record.get("auction")
    if not isinstance(auction, list):
        raise BadRecord("auction", None, "auction is a list of calls such as [\"250\", \"pass\"]", hand)
    raw_play = record.get("play")
    if not isinstance(raw_play, (list, str)):
        raise BadRecord("play", None, "play is a list of the 48 cards in the order played", hand)
    try:
        play = parse_cards(raw_play)
    except BadCard as err:
        raise BadRecord("play", err.index, str(err), hand) from None
    return ParsedHand(dealer, (packed[0], packed[1], packed[2], packed[3]), auction, record.get("trump"), play)


def _play_hand(state: State, parsed: ParsedHand, hand: int | None) -> State:
    """Run one parsed hand through the reducer from its ``auction`` phase to its end."""
    for i, raw in enumerate(parsed.auction):
        try:
            call = parse_call(raw)
        except ValueError as err:
            raise BadRecord("auction", i, str(err), hand) from None
        if state.phase != "auction":
            raise BadRecord("auction", i, "the auction is over: no more calls", hand)
        seat = turn(state)
        assert seat is not None
        action = Action.pass_(seat) if call is None else Action.bid_(seat, call)
        try:
            state = apply(state, action)
        except IllegalAction as err:
            raise BadRecord("auction", i, f"{seat}: {err}", hand) from None
    if state.phase == "auction":
        raise BadRecord("auction", len(parsed.auction), f"the auction is not finished: {turn(state)} is still to call", hand)
    try:
        trump = Suit.parse(str(parsed.trump))
    except ValueError as err:
        raise BadRecord("trump", None, str(err), hand) from None
    seat = turn(state)
    assert seat is not None
    state = apply(state, Action.trump_(seat, trump))
    while (auto := auto_action(state)) is not None:
        state = apply(state, auto)
    for i, card in enumerate(parsed.play):
        if state.phase != "play":
            raise BadRecord("play", i, "the hand is over after 48 cards", hand)
        seat = turn(state)
        assert seat is not None
        try:
            state = apply(state, Action.play(seat, card))
        except IllegalAction as err:
            raise BadRecord("play", i, f"{seat} cannot play {card.label}: {err}", hand) from None
    if state.phase == "play":
        raise BadRecord("play", len(parsed.play), f"the play stops after {len(parsed.play)} cards; a hand has 48", hand)
    return state


def replay_hand(record: object, rules: RuleSet = TABLE) -> dict[str, object]:
    """Replay one hand record and return its summary (see :func:`hand_summary`).

    Raises:
        BadRecord: the first fault, with its field, index and reason.
    """
    parsed = parse_hand(record)
    state = new_match(seed=0, rules=rules, first_dealer=parsed.dealer, deals=[parsed.hands])
    state = _play_hand(state, parsed, None)
    return hand_summary(state.history[-1])


def replay_match(record: object, rules: RuleSet = TABLE) -> dict[str, object]:
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
    if not raw_hands:
        return {"hands": [], "totals": _sides((0, 0)), "winner": None}
    # hand by hand, so that the first fault in play order is the one reported
    first = parse_hand(raw_hands[0], 1)
    state = new_match(seed=0, rules=rules, first_dealer=first.dealer, deals=[first.hands])
    state = _play_hand(state, first, 1)
    for i in range(1, len(raw_hands)):
        if state.phase == "match_end":
            won = SIDES[state.winner or 0]
            raise BadRecord("hands", i, f"the match was already won by {won} after hand {i}", i + 1)
        p = parse_hand(raw_hands[i], i + 1)
        if p.dealer != state.dealer.left:
            raise BadRecord("dealer", None, f"the deal passes left: hand {i + 1} is dealt by {state.dealer.left}, not {p.dealer}", i + 1)
        state = replace(state, preset=(*state.preset, p.hands))
        state = apply(state, Action.deal(state.dealer.left))
        state = _play_hand(state, p, i + 1)
    winner = None if state.winner is None else SIDES[state.winner]
    return {
        "hands": [hand_summary(h) for h in state.history],
        "totals": _sides(state.totals),
        "winner": winner,
    }


def replay(record: object, rules: RuleSet = TABLE) -> dict[str, object]:
    """Replay a hand or a match record, told apart by ``format`` (or a ``hands`` list).

    Raises:
        BadRecord: the first fault.
    """
    if isinstance(record, Mapping) and (
        record.get("format") == MATCH_FORMAT or (record.get("format") is None and isinstance(record.get("hands"), list))
    ):
        return replay_match(record, rules)
    return replay_hand(record, rules)

