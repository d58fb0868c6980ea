"""The auction (RULES.md, Deal and auction).

Calls are kept as a tuple in the order made, starting with the seat left of
the dealer: an int is a bid (points), ``None`` is a pass. Everything else
(whose turn, the high bid, who passed, whether it is over and who declares)
is derived from the calls by :func:`status`.

>>> from pinochle.cards import Seat
>>> s = status((250, None, 260, None, None), dealer=Seat.W)
>>> s.done, s.declarer, s.bid
(True, <Seat.S: 2>, 260)
>>> s = status((None, None, None), dealer=Seat.W)
>>> s.done, s.declarer, s.bid, s.stuck
(True, <Seat.W: 3>, 250, True)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from .cards import FOUR_PARTNERS, Seat, Seating, fold, shown
from .errors import IllegalAction
from .rules import TABLE, RuleSet

Call = int | None


class BidSteps(Protocol):
    """What says which numbers are bids: a :class:`~pinochle.rules.RuleSet`, or the
    :class:`~pinochle.game.Legal` moves a view offers (both carry the two fields)."""

    @property
    def bid_step(self) -> int:
        """The step between bids below the first change of :attr:`bid_ladder`."""

    @property
    def bid_ladder(self) -> tuple[tuple[int, int], ...]:
        """Where the step changes: ``(from, step)`` pairs (:class:`~pinochle.rules.BidLadder`)."""


def _rung(steps: BidSteps, bid: int) -> tuple[int, int]:
    """``(from, step)`` of the part of the ladder that ``bid`` lies in (from 0 below the first change)."""
    start, step = 0, steps.bid_step
    for f, s in steps.bid_ladder:
        if bid < f:
            break
        start, step = f, s
    return start, step


def next_bid(steps: BidSteps, high: int) -> int:
    """The lowest bid above ``high`` (RULES.md, Deal and auction 2: "at least 10 above the current
    high bid"; VARIANTS.md ``double-deck``: by 1 up to 60, then by 5). The engine, the computer
    players, the terminal and the view all step bids with it.

    >>> from pinochle.rules import DOUBLE_DECK_RULES as DD
    >>> next_bid(TABLE, 250), next_bid(DD, 58), next_bid(DD, 59), next_bid(DD, 60), next_bid(DD, 61)
    (260, 59, 60, 65, 65)
    """
    ladder = steps.bid_ladder
    if not ladder:  # one step throughout (the simulation's hot path)
        step = steps.bid_step
        return (high // step + 1) * step
    start, step = _rung(steps, high)
    out = start + ((high - start) // step + 1) * step
    for f, _ in ladder:  # never past the next change of step: it is a bid
        if high < f < out:
            return f
    return out


def bid_problem(steps: BidSteps, bid: int) -> str | None:
    """Why ``bid`` is not on the ladder of bids, or ``None`` when it is (the minimum and the
    maximum are checked apart: :func:`check_call`).

    >>> from pinochle.rules import DOUBLE_DECK_RULES as DD
    >>> bid_problem(TABLE, 255)
    'bids go up in steps of 10: 255 is not a multiple of 10'
    >>> bid_problem(DD, 61)
    'above 60, bids go up in steps of 5: 61 is not a bid'
    >>> bid_problem(DD, 59), bid_problem(DD, 65)
    (None, None)
    """
    start, step = _rung(steps, bid)
    if not (bid - start) % step:
        return None
    if start:
        return f"above {start}, bids go up in steps of {step}: {bid} is not a bid"
    if steps.bid_ladder:
        return f"up to {steps.bid_ladder[0][0]}, bids go up in steps of {step}: {bid} is not a multiple of {step}"
    return f"bids go up in steps of {step}: {bid} is not a multiple of {step}"


def ladder_bids(steps: BidSteps, low: int, high: int) -> Iterator[int]:
    """The bids from ``low`` (or the first bid above it, when ``low`` is not one) up to ``high``.

    >>> from pinochle.rules import DOUBLE_DECK_RULES as DD
    >>> list(ladder_bids(DD, 57, 75))
    [57, 58, 59, 60, 65, 70, 75]
    """
    bid = low if bid_problem(steps, low) is None else next_bid(steps, low)
    while bid <= high:
        yield bid
        bid = next_bid(steps, bid)


def steps_text(steps: BidSteps) -> str:
    """How bids go up, in words: ``"in steps of 10"``, ``"by 1 up to 60, then by 5"``.

    >>> from pinochle.rules import DOUBLE_DECK_RULES as DD
    >>> steps_text(TABLE), steps_text(DD)
    ('in steps of 10', 'by 1 up to 60, then by 5')
    """
    if not steps.bid_ladder:
        return f"in steps of {steps.bid_step}"
    return " ".join([f"by {steps.bid_step}"] + [f"up to {f}, then by {s}" for f, s in steps.bid_ladder])


@dataclass(frozen=True)
class AuctionStatus:
    """Where an auction stands.

    Attributes:
        done: the auction is over.
        turn: the seat to call next, or ``None`` when done.
        high_bid: the highest bid so far (points), or ``None``.
        high_bidder: the seat that made it, or ``None``.
        passed: for each seat N E S W, whether it has passed.
        last_call: for each seat, its last call (bid, ``None`` for pass) or
            ``"none"`` when it has not called yet.
        declarer: the declarer when done (``None`` for a redeal).
        bid: the contract when done (points).
        stuck: the dealer took the minimum bid because three seats passed
            with no bid (RULES.md, Deal and auction 3).
        redeal: nobody bid and the rules call for a new deal.
    """

    done: bool
    turn: Seat | None
    high_bid: int | None
    high_bidder: Seat | None
    passed: tuple[bool, bool, bool, bool]
    last_call: tuple[int | None | str, ...]
    declarer: Seat | None
    bid: int | None
    stuck: bool = False
    redeal: bool = False

    def min_bid(self, rules: RuleSet = TABLE) -> int:
        """The lowest legal bid now: ``min_bid``, or the next bid above the high bid (:func:`next_bid`)."""
        return rules.min_bid if self.high_bid is None else next_bid(rules, self.high_bid)


def _next_caller(seat: int, passed: Sequence[bool], rules: RuleSet, seating: Seating = FOUR_PARTNERS) -> int:
    """The seat after ``seat`` to call: clockwise, skipping seats that passed (RULES.md, Deal and auction 2)."""
    nxt = seating.next_seat
    seat = nxt[seat]
    while passed[seat] and not rules.reenter_after_pass:
        seat = nxt[seat]
    return seat


def _over(npassed: int, high_seat: int | None, rules: RuleSet) -> bool:
    """Whether an auction without re-entry is over: all but one seat passed (four places,
    empty ones counted as passed) after a bid, or with no bid: three seats passed when the
    dealer is stuck (RULES.md, Deal and auction 3: the dealer makes no call), every seat
    when nobody bidding throws the hand in (``annul``, VARIANTS.md ``cutthroat``: "if all
    pass"; ``redeal``, VARIANTS.md ``racehorse``: "no bid in the first round"; the dealer
    has its call)."""
    return npassed >= 3 and (high_seat is not None or rules.no_bid == "dealer") or npassed >= 4


def callers(calls: Sequence[Call], dealer: int, rules: RuleSet = TABLE,
            seating: Seating = FOUR_PARTNERS) -> tuple[Seat, ...]:
    """The seat that made each call: clockwise from the dealer's left, skipping seats that have passed.

    (RULES.md, Deal and auction 2: "a player who passes is out of the auction".)

    Args:
        calls: the calls so far (see :func:`status`).
        dealer: the dealer's seat.
        rules: the table's rules.

    Returns:
        One seat per call, in order.

    >>> [str(s) for s in callers((250, None, 260, None, 270), dealer=3)]
    ['N', 'E', 'S', 'W', 'N']
    >>> [str(s) for s in callers((250, None, None, 260, 270), dealer=3)]
    ['N', 'E', 'S', 'W', 'N']
    >>> [str(s) for s in callers((None, 250, 260, None, 270), dealer=3)]
    ['N', 'E', 'S', 'W', 'E']
    """
    if rules.reenter_after_pass:  # nobody is skipped (VARIANTS.md racehorse)
        seq: list[Seat] = []
        seat = dealer
        for _ in calls:
            seat = seating.next_seat[seat]
            seq.append(Seat(seat))
        return tuple(seq)
    passed = list(seating.empty)
    npassed = 4 - seating.players
    annul = rules.no_bid != "dealer"  # nobody bidding throws the hand in once every seat passed (_over)
    seat = seating.next_seat[dealer]
    high: int | None = None
    out: list[Seat] = []
    for call in calls:
        out.append(Seat(seat))
        if call is None:
            passed[seat] = True
            npassed += 1
        else:
            high = seat
        if npassed >= 3 and (high is not None or not annul) or npassed >= 4:  # _over, inline
            break
        seat = _next_caller(seat, passed, rules, seating)
    return tuple(out)


def save_index(calls: Sequence[Call], dealer: int, rules: RuleSet = TABLE,
               seating: Seating = FOUR_PARTNERS) -> int | None:
    """The index in ``calls`` of a save, or ``None``: the opening bid at the minimum made by the
    dealer's partner after the seat before it passed, in a game where the dealer is stuck at the
    minimum when the first three pass and no cards are passed (RULES.md, Deal and auction 3), once
    it has stood: every other seat passed and the auction is over at that bid.

    Some kitchen-table players call that spot a save: the dealer's partner bids so that the dealer
    is not stuck whatever its own hand, e.g. "The 50 bid may also be a save bid if the bidder's
    partner is bidding last" (angelfire.com, "Pinochle Basics", double deck: 50 its lowest bid);
    "Partner passes in a save situation (e.g. you're dealer; LHO passes, partner passes)"
    (powerpinochle.com forum). Others keep the word for a bid made once every other player has
    passed, and when the dealer's partner opens, the seat after it and the dealer still have a
    call: a reviewer read "250 (save)" as wrong. So the table never labels the call: the view marks
    it (``call_kinds``, docs/protocol.md) and the hand summary says the auction in plain words
    ("North passed, East opened at the lowest bid, 250, and South and West, the dealer, passed").
    While the seat after it and the dealer may still bid, it is unmarked: an opening like any other.

    Args:
        calls: the calls so far (see :func:`status`).
        dealer: the dealer's seat.
        rules: the table's rules.
        seating: the game's seats and sides.

    Returns:
        The index of the save among ``calls`` (always 1), or ``None``.

    >>> save_index((None, 250, None, None), dealer=3)       # N passes, E (the dealer's partner) saves W
    1
    >>> save_index((None, 250), dealer=3), save_index((None, 250, None), dealer=3)  # S and W may still bid
    (None, None)
    >>> save_index((None, 260), dealer=3), save_index((250,), dealer=3), save_index((None, None), dealer=3)
    (None, None, None)
    """
    if (rules.no_bid != "dealer" or rules.pass_cards or rules.reenter_after_pass or len(calls) < 2
            or calls[0] is not None or calls[1] != rules.min_bid):
        return None
    saver = int(callers(calls[:2], dealer, rules, seating)[1])
    partners = next((side for side in seating.sides if dealer in side), ())
    if len(partners) != 2 or saver not in partners or saver == dealer:
        return None
    over = status(calls, dealer, rules, seating)
    stood = over.done and over.declarer is not None and int(over.declarer) == saver and over.bid == rules.min_bid
    return 1 if stood else None


def status(calls: Sequence[Call], dealer: int, rules: RuleSet = TABLE,
           seating: Seating = FOUR_PARTNERS) -> AuctionStatus:
    """Derive the auction's state from its calls (RULES.md, Deal and auction 2-3).

    Args:
        calls: the calls so far, from the seat left of the dealer; an int is a
            bid, ``None`` a pass. They are assumed legal (see :func:`check_call`).
        dealer: the dealer's seat (0..3).
        rules: the table's rules.

    Returns:
        An :class:`AuctionStatus`.

    The auction is over when three seats have passed: the fourth is the
    declarer at its last bid or, if nobody bid, the dealer is declarer at
    ``min_bid`` without a call (``no_bid == "dealer"``). When nobody bidding
    throws the hand in (``"redeal"``, ``"annul"``) the dealer has its call too:
    every seat passed is a redeal.
    """
    passed = list(seating.empty)  # an empty place never calls
    npassed = 4 - seating.players
    annul = rules.no_bid != "dealer"  # nobody bidding throws the hand in once every seat passed (_over)
    last: list[int | None | str] = ["none"] * 4
    high: int | None = None
    high_seat: int | None = None
    seat = seating.next_seat[dealer]
    for call in calls:
        last[seat] = call
        if call is None:
            passed[seat] = True
            npassed += 1
        else:
            high, high_seat = call, seat
        if npassed >= 3 and (high_seat is not None or not annul) or npassed >= 4:  # _over, inline
            break
        seat = _next_caller(seat, passed, rules, seating)
    p4 = (passed[0], passed[1], passed[2], passed[3])
    if _over(npassed, high_seat, rules):
        if high_seat is not None:
            return AuctionStatus(True, None, high, Seat(high_seat), p4, tuple(last), Seat(high_seat), high)
        if rules.no_bid == "dealer":
            return AuctionStatus(True, None, None, None, p4, tuple(last), Seat(dealer), rules.min_bid, stuck=True)
        return AuctionStatus(True, None, None, None, p4, tuple(last), None, None, redeal=True)
    return AuctionStatus(
        False, Seat(seat), high, None if high_seat is None else Seat(high_seat), p4, tuple(last), None, None
    )


def check_call(calls: Sequence[Call], dealer: int, seat: int, call: Call, rules: RuleSet = TABLE,
               seating: Seating = FOUR_PARTNERS) -> AuctionStatus:
    """Check that ``seat`` may make ``call`` now, and return the status after it.

    Args:
        calls: the calls so far (see :func:`status`).
        dealer: the dealer's seat.
        seat: the seat calling.
        call: a bid in points, or ``None`` for pass.
        rules: the table's rules.

    Returns:
        The :class:`AuctionStatus` after the call.

    Raises:
        IllegalAction: the auction is over, it is another seat's turn, or the
            bid is below the minimum, below the next bid above the high bid, not
            a bid of the steps (RULES.md, Deal and auction 2: multiples of
            ``bid_step``; :func:`bid_problem`), or above ``max_bid``
            (docs/rules.md, The auction).

    >>> check_call((250,), dealer=3, seat=1, call=255)
    Traceback (most recent call last):
    ...
    pinochle.errors.IllegalAction: bids go up in steps of 10: 255 is not a multiple of 10
    """
    st = status(calls, dealer, rules, seating)
    _check(st, seat, call, rules)
    return status((*calls, call), dealer, rules, seating)


def _check(st: AuctionStatus, seat: int, call: Call, rules: RuleSet) -> None:
    """Refuse ``call`` by ``seat`` in an auction at ``st`` (see :func:`check_call`)."""
    if st.done:
        raise IllegalAction("the auction is over: no more calls")
    if st.turn != seat:
        raise IllegalAction(f"it is {st.turn}'s turn to call, not {Seat(seat)}'s")
    if call is not None:
        if isinstance(call, bool) or not isinstance(call, int):
            raise IllegalAction(f"a bid is a whole number of points, not {call!r}")
        if call < rules.min_bid:
            raise IllegalAction(f"the lowest bid is {rules.min_bid}: {call} is too low")
        if call > rules.max_bid:
            what = f"{call:,}" if call < 10**MAX_BID_DIGITS else f"a bid of more than {MAX_BID_DIGITS} digits"
            raise IllegalAction(
                f"the highest bid is {rules.max_bid:,}: {what} is more than any side can take in one hand"
            )
        problem = bid_problem(rules, call)
        if problem is not None:
            raise IllegalAction(problem)
        if st.high_bid is not None and call < (low := next_bid(rules, st.high_bid)):
            raise IllegalAction(f"the bid must be at least {low}, {low - st.high_bid} above the high bid of {st.high_bid}")


def status_reentry(calls: Sequence[Call], dealer: int, rules: RuleSet = TABLE,
                   seating: Seating = FOUR_PARTNERS) -> AuctionStatus:
    """Where an auction stands when a seat that passed may bid again (VARIANTS.md ``racehorse``, seed 000).

    The calls go round clockwise from left of the dealer with nobody
    skipped. If the first round (four calls) holds no bid, the hand is thrown
    in (``redeal``). After a bid, three passes in a row end the auction: the
    high bidder is the declarer at its bid.

    >>> s = status_reentry((250, None, None, 260, None, None, None), dealer=3)
    >>> s.done, str(s.declarer), s.bid
    (True, 'W', 260)
    >>> status_reentry((None,) * 4, dealer=3).redeal
    True
    >>> str(status_reentry((None, None, None), dealer=3).turn)
    'W'
    """
    high: int | None = None
    high_seat: int | None = None
    last: list[int | None | str] = ["none"] * 4
    in_a_row = 0
    nxt = seating.next_seat
    seat = nxt[dealer]
    for call in calls:
        last[seat] = call
        if call is None:
            in_a_row += 1
        else:
            high, high_seat, in_a_row = call, seat, 0
        seat = nxt[seat]
    passed = tuple(c is None for c in last)
    p4 = (passed[0], passed[1], passed[2], passed[3])
    if high_seat is None and len(calls) >= seating.players:
        return AuctionStatus(True, None, None, None, p4, tuple(last), None, None, redeal=True)
    if high_seat is not None and in_a_row >= seating.players - 1:
        return AuctionStatus(True, None, high, Seat(high_seat), p4, tuple(last), Seat(high_seat), high)
    return AuctionStatus(False, Seat(seat), high, None if high_seat is None else Seat(high_seat), p4, tuple(last),
                         None, None)


def check_call_reentry(calls: Sequence[Call], dealer: int, seat: int, call: Call,
                       rules: RuleSet = TABLE, seating: Seating = FOUR_PARTNERS) -> AuctionStatus:
    """:func:`check_call` for an auction with re-entry (:func:`status_reentry`).

    Raises:
        IllegalAction: as :func:`check_call`.
    """
    _check(status_reentry(calls, dealer, rules, seating), seat, call, rules)
    return status_reentry((*calls, call), dealer, rules, seating)


def call_text(call: Call) -> str:
    """A call as the hand record writes it: ``"pass"`` or the bid, e.g. ``"260"``."""
    return "pass" if call is None else str(call)


#: More digits than this in a bid is refused before it is read as a number
#: (it is far above :attr:`~pinochle.rules.RuleSet.max_bid` either way).
MAX_BID_DIGITS = 30


def parse_points(raw: object) -> int | None:
    """A whole number of points as a bid is written, or ``None`` when it is not one.

    Accepted: an int (not a bool); a float with no fraction (JSON does not
    tell ``260`` from ``260.0``); a string of ASCII or full-width digits with
    an optional minus sign and blanks around. A number of more than
    :data:`MAX_BID_DIGITS` digits is returned as ``10 ** MAX_BID_DIGITS``
    so that the auction refuses it by its size, not its form.

    >>> parse_points("260"), parse_points("２６０"), parse_points(270.0), parse_points("26.5"), parse_points(True)
    (260, 260, 270, None, None)
    """
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        return raw
    if isinstance(raw, float):
        return int(raw) if raw.is_integer() else None
    if isinstance(raw, str):
        t = fold(raw).strip()
        sign = -1 if t.startswith("-") else 1
        digits = t.lstrip("-") if sign < 0 else t
        if digits.isascii() and digits.isdigit() and t.count("-") <= 1:
            if len(digits.lstrip("0")) > MAX_BID_DIGITS:
                return sign * int("1" + "0" * MAX_BID_DIGITS)
            return sign * int(digits)
    return None


def parse_call(raw: object) -> Call:
    """Parse a call as records, the terminal and clients write it: ``"pass"``
    (any case, or ``"p"``), or a bid (see :func:`parse_points`).

    Raises:
        ValueError: anything else, with a message naming the call.

    >>> parse_call("260"), parse_call(270), parse_call("Pass"), parse_call(280.0)
    (260, 270, None, 280)
    """
    if isinstance(raw, str) and fold(raw).strip().lower() in ("pass", "p"):
        return None
    points = parse_points(raw)
    if points is None:
        raise ValueError(f"unknown call {shown(raw)}: a call is \"pass\" or a bid in whole points such as 260")
    return points
