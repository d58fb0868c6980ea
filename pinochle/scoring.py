"""Scoring a hand and deciding the match (RULES.md, Scoring a hand).

Sides are indexed as the game's seating lists them (0 = NS, 1 = EW in the partnership
games); points are in the rule set's scale (tens in the examples below).

>>> s = score_hand(declarer_side=0, bid=280, meld=(120, 60), tricks=(8, 4), counters=(170, 80))
>>> s.made, s.score
(True, (290, 140))
>>> score_hand(declarer_side=0, bid=300, meld=(40, 60), tricks=(5, 7), counters=(100, 150)).score
(-300, 210)
>>> match_winner((1510, 1490), declarer_side=1)
0
>>> match_winner((1520, 1520), declarer_side=1)
1
>>> match_result((1520, 1520), declarer_side=1).why
"Both sides reached 1500 with the same total: a tie goes to the declarer's side."
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import SIDES
from .rules import TABLE, RuleSet


class Part(NamedTuple):
    """One labelled part of a hand's score: what the hand summary shows as a row, with its rule.

    A side's parts add up to what it scores in the hand (:attr:`HandScore.parts`); a stake's
    steps end at the stake paid (:attr:`HandScore.stake_steps`, where ``points`` is the stake
    after the step). ``who`` names the other party of a payment (a seat letter, or a chair's
    number at a table of 4 or 5): the browser writes it as a name. ``why`` says, in a few words, why
    this party has the part when that is not plain from the label (a player sitting the hand out who
    pays or is paid: "as an opponent").

    >>> Part("Meld kept", 120, "RULES.md, Scoring a hand").to_json()
    {'label': 'Meld kept', 'points': 120, 'rule': 'RULES.md, Scoring a hand'}
    """

    label: str
    points: int
    rule: str
    who: str = ""
    why: str = ""
    says: str = ""

    def to_json(self) -> dict[str, object]:
        """``{"label", "points", "rule"}``, and ``"who"`` when the part names another party, ``"why"`` when it
        says why, ``"says"`` when the part is a stake's step: the step as a sentence a player reads, its
        number in it (the hand summary's list of how the stake arises)."""
        out: dict[str, object] = {"label": self.label, "points": self.points, "rule": self.rule}
        if self.who:
            out["who"] = self.who
        if self.why:
            out["why"] = self.why
        if self.says:
            out["says"] = self.says
        return out


#: The rule of a partnership hand's score (RULES.md, Scoring a hand).
SCORING_RULE = "RULES.md, Scoring a hand"


def side_parts(declarer_side: int, bid: int, meld: tuple[int, ...], kept: tuple[int, ...],
               counters: tuple[int, ...], last: tuple[int, ...], made: bool,
               rule: str = SCORING_RULE) -> tuple[tuple[Part, ...], ...]:
    """The parts of a hand scored as RULES.md scores it: each side adds its kept meld, its counters
    and the last trick's bonus (``last``: per side, the bonus if it took the last trick, included
    in ``counters``); a declaring side that is set loses the bid instead (``declarer_side`` -1: no
    contract): its parts still say what it took, then that none of it is scored
    (:func:`set_parts`), then the bid taken off.

    >>> [[(p.label, p.points) for p in side] for side in side_parts(0, 300, (40, 60), (40, 60),
    ...  (100, 150), (0, 10), False)]
    [[('Meld kept', 40), ('Counters', 100), ('Set: what it took is not scored', -140), ('Set: the bid, 300, is taken off', -300)], [('Meld kept', 60), ('Counters', 140), ('Last trick', 10)]]
    """
    out: list[tuple[Part, ...]] = []
    for i in range(len(meld)):
        earned = earned_parts(meld[i], kept[i], counters[i], last[i], rule)
        if i == declarer_side and not made:
            out.append((*set_parts(earned, "Set: what it took is not scored", rule),
                        Part(f"Set: the bid, {bid}, is taken off", -bid, rule)))
            continue
        out.append(earned)
    return tuple(out)


def set_parts(earned: tuple[Part, ...], label: str, rule: str) -> tuple[Part, ...]:
    """A set (or conceding) side's parts: what it took (``earned``: its meld, counters and last trick,
    each a row, as a side that made its bid shows them), then one row ``label`` taking all of it
    off, so that every number the side took is shown and the rows still add up.

    >>> [(p.label, p.points) for p in set_parts(earned_parts(40, 40, 90, 10), "Set", "r")]
    [('Meld kept', 40), ('Counters', 80), ('Last trick', 10), ('Set', -130)]
    >>> [(p.label, p.points) for p in set_parts((Part("Meld kept", 0, "r"), Part("Counters", 0, "r")), "Set", "r")]
    [('Meld kept', 0), ('Counters', 0), ('Set', 0)]
    """
    took = sum(p.points for p in earned)
    return (*earned, Part(label, -took, rule))


def earned_parts(meld: int, kept: int, counters: int, last: int, rule: str = SCORING_RULE) -> tuple[Part, ...]:
    """A side's kept meld, counters and last-trick bonus as parts (a meld not kept: a row of 0 saying so)."""
    parts = [Part("Meld kept", kept, rule) if kept == meld or kept else
             Part(f"Meld {meld} not kept: no trick taken", 0, "RULES.md, Meld: a side keeps its meld only with a trick")]
    parts.append(Part("Counters", counters - last, rule))
    if last:
        parts.append(Part("Last trick", last, rule))
    return tuple(parts)


#: A side's meld that needs a trick and has none yet (:func:`meld_secured`).
MELD_PENDING = "pending"
#: A side's meld that a trick has secured (or that needed none: the hand ended without play).
MELD_SECURED = "secured"
#: A side's meld lost for want of a trick: the hand is over and the side took none.
MELD_LOST = "lost"


def meld_secured(meld: tuple[int, ...], tricks: tuple[int, ...], needs_trick: bool, over: bool,
                 kept: tuple[int, ...] | None = None) -> tuple[str | None, ...]:
    """Per side, whether the meld it has shown is secured by a trick: RULES.md, Meld and Scoring a hand ("A
    partnership that takes no trick keeps no meld"), the rule set's ``meld_needs_trick`` (VARIANTS.md and
    docs/games/: on in ``table``, ``partnership-pass``, ``britannica`` and ``double-deck``; off in
    ``racehorse``, ``turned-trump``, ``cutthroat``, ``auction`` and ``two-handed``, where meld counts
    without a trick).

    Each side's entry: ``None`` when it showed no meld or the game's meld needs no trick;
    :data:`MELD_PENDING` while it has taken no trick and the hand is not over (``over``);
    :data:`MELD_SECURED` once it has taken one; :data:`MELD_LOST` when the hand is over and it took none.
    A hand over without play (``kept``: the meld each side kept, from the hand's result) keeps the meld the
    result kept: racehorse's conceded hand and double-deck's set at once leave the opponents their meld.
    A trick secures the meld only against this rule: a declaring side that is set loses it all the same
    (:func:`score_hand`).

    >>> meld_secured((60, 20), (0, 0), True, False)
    ('pending', 'pending')
    >>> meld_secured((60, 0), (1, 0), True, False)
    ('secured', None)
    >>> meld_secured((60, 20), (12, 0), True, True)
    ('secured', 'lost')
    >>> meld_secured((60, 20), (0, 0), True, True, kept=(0, 20))
    ('lost', 'secured')
    >>> meld_secured((60, 20), (0, 0), False, False)
    (None, None)
    """
    out: list[str | None] = []
    for i, m in enumerate(meld):
        if not needs_trick or m <= 0:
            out.append(None)
        elif tricks[i] > 0 or (over and kept is not None and kept[i] > 0):
            out.append(MELD_SECURED)
        else:
            out.append(MELD_LOST if over else MELD_PENDING)
    return tuple(out)


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

        last_trick: per side, the last trick's bonus included in ``counters`` (RULES.md, Scoring a hand:
            10 in tens, 1 in ones), given where the parts do not show it as a row of their own: a hand
            settled by stakes and played out (VARIANTS.md ``cutthroat``, ``auction``), whose summary shows the
            counters and the last trick apart; else empty.
        buried: per side, the counters of the cards the declarer buried, included in ``counters``
            (VARIANTS.md ``cutthroat``: the buried cards count as the declarer's taken cards), given for a hand
            settled by stakes and played out whose declarer buried a counter (``cutthroat``, ``auction``), whose
            summary shows them as a row of their own under the counters taken in tricks; else empty.

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
    parts: tuple[tuple[Part, ...], ...] = ()
    stake_steps: tuple[Part, ...] = ()
    chair_parts: tuple[tuple[Part, ...], ...] = ()
    last_trick: tuple[int, ...] = ()
    buried: tuple[int, ...] = ()

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
        if self.parts:
            extra["parts"] = {name: [p.to_json() for p in ps] for name, ps in zip(names, self.parts)}
        if self.stake_steps:
            extra["stake_steps"] = [p.to_json() for p in self.stake_steps]
        if self.chair_parts:
            extra["chair_parts"] = [[p.to_json() for p in ps] for ps in self.chair_parts]
        if self.last_trick:
            extra["last_trick"] = sides(self.last_trick)
        if any(self.buried):
            extra["buried"] = sides(self.buried)
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
    last: tuple[int, ...] = (),
) -> HandScore:
    """Score one hand (RULES.md, Scoring a hand).

    Args:
        declarer_side: 0 (NS) or 1 (EW).
        bid: the contract in points.
        meld: meld shown by each side.
        tricks: tricks taken by each side.
        counters: counters taken by each side, last trick included.
        rules: ``meld_needs_trick`` (a side that takes no trick keeps no meld).
        last: per side, the last trick's bonus it took (included in ``counters``), for the
            score's parts (:func:`side_parts`); none given: the counters are one part.

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
    parts = side_parts(declarer_side, bid, meld, kept, counters, last or (0,) * len(meld), made)
    return HandScore(declarer_side, bid, meld, kept, tricks, counters, made, (score[0], score[1]), parts=parts)


class Won(NamedTuple):
    """The match's winner and why it won, in a player's words: what a game's scorer returns when a
    hand ends the match (:attr:`pinochle.game.Game.score`), kept in the state
    (:attr:`pinochle.game.State.won`) and sent in the view at ``match_end`` (``why_won``,
    docs/protocol.md).

    Attributes:
        side: the winning side (0 NS, 1 EW; the winning player when each plays alone, a chair at a
            table of 4 or 5).
        why: one sentence saying why that side won, with the game's own numbers (its target, its
            number of deals); it names no side, so it reads the same from every seat.

    >>> Won(0, reached_alone(1500))
    Won(side=0, why='Only the winning side reached 1500.')
    """

    side: int
    why: str


def reached_alone(target: int, who: str = "side") -> str:
    """Why a match ended when exactly one side (or player, ``who``) reached the target (RULES.md,
    Scoring a hand: "if exactly one side has ≥ 1500 it wins"; VARIANTS.md ``two-handed``: "Game 1000").

    >>> reached_alone(1500), reached_alone(1000, "player")
    ('Only the winning side reached 1500.', 'Only the winning player reached 1000.')
    """
    return f"Only the winning {who} reached {target}."


def reached_both(target: int, who: str = "sides") -> str:
    """Why a match ended when both sides (or players, ``who``) reached the target in the same hand
    with different totals (RULES.md, Scoring a hand: "if both do, the higher total wins";
    VARIANTS.md ``two-handed``: "if both reach it, the higher total wins").

    >>> reached_both(1500)
    'Both sides reached 1500 in the same hand: the higher total wins.'
    """
    return f"Both {who} reached {target} in the same hand: the higher total wins."


def tie_to_declarer(target: int) -> str:
    """Why a match ended when both sides reached the target with equal totals (RULES.md, Scoring a
    hand: "a tie goes to the declarer's side").

    >>> tie_to_declarer(1500)
    "Both sides reached 1500 with the same total: a tie goes to the declarer's side."
    """
    return f"Both sides reached {target} with the same total: a tie goes to the declarer's side."


def match_result(totals: tuple[int, ...], declarer_side: int, rules: RuleSet = TABLE) -> Won | None:
    """The side that has won the match after a hand and why, or ``None`` to play on.

    Args:
        totals: each side's total after the hand (may be negative).
        declarer_side: the side that declared the hand just scored.

    If exactly one side has reached the target it wins; if both have, the
    higher total wins and a tie goes to the declaring side (RULES.md, Scoring
    a hand: "The match is to 1500. After a hand, if exactly one side has ≥ 1500
    it wins; if both do, the higher total wins and a tie goes to the
    declarer's side"); without ``tie_goes_to_declarer`` a tie plays on.

    >>> match_result((1510, 1490), declarer_side=1)
    Won(side=0, why='Only the winning side reached 1500.')
    >>> match_result((1490, 1480), declarer_side=1) is None
    True
    """
    target = rules.target
    reached = [t >= target for t in totals]
    if reached[0] and reached[1]:
        if totals[0] == totals[1]:
            return Won(declarer_side, tie_to_declarer(target)) if rules.tie_goes_to_declarer else None
        return Won(0 if totals[0] > totals[1] else 1, reached_both(target))
    if reached[0]:
        return Won(0, reached_alone(target))
    if reached[1]:
        return Won(1, reached_alone(target))
    return None


def match_winner(totals: tuple[int, ...], declarer_side: int, rules: RuleSet = TABLE) -> int | None:
    """The side that has won the match after a hand, or ``None`` to play on: the side of
    :func:`match_result` (RULES.md, Scoring a hand).

    Args:
        totals: each side's total after the hand (may be negative).
        declarer_side: the side that declared the hand just scored.
    """
    won = match_result(totals, declarer_side, rules)
    return None if won is None else won.side
