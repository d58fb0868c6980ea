"""Scoring a hand and deciding the match (RULES.md, Scoring a hand).

Sides are indexed 0 = NS, 1 = EW; points are in tens.

>>> s = score_hand(declarer_side=0, bid=280, meld=(120, 60), tricks=(8, 4), counters=(170, 80))
>>> s.made, s.score
(True, (290, 140))
>>> score_hand(declarer_side=0, bid=300, meld=(40, 60), tricks=(5, 7), counters=(100, 150)).score
(-300, 210)
>>> match_winner((1510, 1490), declarer_side=1)
0
>>> match_winner((1520, 1520), declarer_side=1)
1
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import SIDES
from .rules import TABLE, RuleSet


class HandScore(NamedTuple):
    """The result of one hand, per side (index 0 = NS, 1 = EW). An immutable tuple.

    Attributes:
        declarer_side: the declaring side's index.
        bid: the contract (points).
        meld: the meld each side showed (points).
        kept_meld: the meld each side keeps (0 for a side with no trick).
        tricks: tricks taken by each side (0..12).
        counters: counter points taken by each side, last trick included
            (they add up to 250).
        made: whether the declaring side reached its bid.
        score: what each side adds to its total (negative when set).
        names: how the sides are written in JSON (``("NS", "EW")``; in a game
            of players alone, their seats: VARIANTS.md ``cutthroat``).
        transfers: stakes paid, as ``(payer, payee, amount)`` seats (games
            settled by stakes: VARIANTS.md ``cutthroat``); they sum to zero.
        conceded: the declarer gave the hand up.
        played: the hand was played out (no play when the meld alone made the
            bid, or after a concession).
        chairs: at a table of 4 or 5 (VARIANTS.md ``auction``), what each
            chair adds to its total (the chairs sitting out included); else empty.
        chair_transfers: at a table of 4 or 5, the stakes paid as ``(payer,
            payee, amount)`` chairs, the chairs sitting out included when they
            settle (``RuleSet.sitters_settle``); else empty.
        earned: per side, the meld and counters measured against the bid, when
            that differs from ``kept_meld + counters`` (VARIANTS.md ``racehorse``:
            a failed declaring side keeps no meld, but its meld counted toward
            the bid); else empty.

    Per-side tuples hold one entry per side of the game's seating (two for
    the partnership games).
    """

    declarer_side: int
    bid: int
    meld: tuple[int, ...]
    kept_meld: tuple[int, ...]
    tricks: tuple[int, ...]
    counters: tuple[int, ...]
    made: bool
    score: tuple[int, ...]
    names: tuple[str, ...] = SIDES
    transfers: tuple[tuple[int, int, int], ...] = ()
    conceded: bool = False
    played: bool = True
    chairs: tuple[int, ...] = ()
    chair_transfers: tuple[tuple[int, int, int], ...] = ()
    earned: tuple[int, ...] = ()
    set_at_once: bool = False

    def to_json(self) -> dict[str, object]:
        """Side-keyed JSON: ``{"meld": {"NS": .., "EW": ..}, ...}`` (with ``"transfers"``
        as ``[{"from": "E", "to": "S", "amount": 2}, ...]`` when the hand was settled by stakes)."""
        names = self.names

        def sides(pair: tuple[int, ...]) -> dict[str, int]:
            return dict(zip(names, pair))

        extra: dict[str, object] = {}
        if self.transfers:
            extra["transfers"] = [{"from": "NESW"[a], "to": "NESW"[b], "amount": n} for a, b, n in self.transfers]
        if not self.played:
            extra["played"] = False
        if self.set_at_once:
            extra["set_at_once"] = True
        if self.earned:
            extra["earned"] = sides(self.earned)
        if self.chairs:
            extra["chairs"] = list(self.chairs)
            extra["chair_transfers"] = [{"from": a, "to": b, "amount": n} for a, b, n in self.chair_transfers]
        return {
            "bid": self.bid,
            "meld": sides(self.meld),
            "kept_meld": sides(self.kept_meld),
            "tricks": sides(self.tricks),
            "counters": sides(self.counters),
            "made": self.made,
            "score": sides(self.score),
            **extra,
        }


def score_hand(
    declarer_side: int,
    bid: int,
    meld: tuple[int, ...],
    tricks: tuple[int, ...],
    counters: tuple[int, ...],
    rules: RuleSet = TABLE,
) -> HandScore:
    """Score one hand (RULES.md, Scoring a hand).

    Args:
        declarer_side: 0 (NS) or 1 (EW).
        bid: the contract in points.
        meld: meld shown by each side.
        tricks: tricks taken by each side.
        counters: counters taken by each side, last trick included.
        rules: ``meld_needs_trick`` and the set penalty.

    Returns:
        The :class:`HandScore`.

    A side with no trick keeps no meld. The declaring side adds kept meld +
    counters if that reaches the bid, else it is set and loses the bid. The
    defenders add kept meld + counters. No sweep bonus, no concession.
    """
    needs = rules.meld_needs_trick
    kept = (0 if needs and tricks[0] == 0 else meld[0], 0 if needs and tricks[1] == 0 else meld[1])
    made = kept[declarer_side] + counters[declarer_side] >= bid
    score = [kept[0] + counters[0], kept[1] + counters[1]]
    if not made:
        score[declarer_side] = -bid
    return HandScore(declarer_side, bid, meld, kept, tricks, counters, made, (score[0], score[1]))


def match_winner(totals: tuple[int, ...], declarer_side: int, rules: RuleSet = TABLE) -> int | None:
    """The side that has won the match after a hand, or ``None`` to play on.

    Args:
        totals: each side's total after the hand (may be negative).
        declarer_side: the side that declared the hand just scored.

    If exactly one side has reached the target it wins; if both have, the
    higher total wins and a tie goes to the declaring side (RULES.md, Scoring
    a hand).
    """
    reached = [t >= rules.target for t in totals]
    if reached[0] and reached[1]:
        if totals[0] == totals[1]:
            return declarer_side if rules.tie_goes_to_declarer else None
        return 0 if totals[0] > totals[1] else 1
    if reached[0]:
        return 0
    if reached[1]:
        return 1
    return None
