"""Undo in solo: the line of play of a stored match, and the undo entry of its action log.

A stored match's log only grows (docs/protocol.md, "Undo in solo"): an undo appends the entry
``{"type": "undo", "to": K}``, which takes the match back to the state it had at version ``K``,
just before the person's most recent move in the current hand, with the computers' moves after it
taken back too. The entries from ``K`` to the undo itself stay in the log, undone; the state after
the undo has the undo's own version plus one, so that a move made against the earlier version is
stale and every replica of the table (one per process, docs/server.md) folds the same log to the
same state. A match whose log holds an undo is *assisted* (:func:`assisted`).

The computers play the same way from the same position: a computer's choice depends on the
match's seed, the hand, what its seat sees and the number of moves of the line of play that led
there (:attr:`Line.ply`, given to it as its view's ``version``), never on how many moves were undone.
So taking a move back and making it again brings the same answers, and the deal of a hand never
changes (it follows from the seed alone: docs/records.md, "A verifiable shuffle").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from ..cards import Seat
from ..game import Action, State, apply, auto_action, turn

#: The ``type`` of an undo entry in a stored action log.
UNDO = "undo"


def undo_entry(to: int) -> dict[str, object]:
    """The log entry of an undo back to version ``to``.

    >>> undo_entry(7)
    {'type': 'undo', 'to': 7}
    """
    return {"type": UNDO, "to": to}


def is_undo(raw: Mapping[str, object]) -> bool:
    """Whether the log entry ``raw`` is an undo (not a move).

    >>> is_undo({"type": "undo", "to": 3}), is_undo({"type": "pass", "seat": "S"})
    (True, False)
    """
    return raw.get("type") == UNDO


def assisted(actions: Iterable[Mapping[str, object]]) -> bool:
    """Whether a match with the log ``actions`` was helped by an undo (the statistics count it as assisted).

    >>> assisted([{"type": "pass", "seat": "S"}]), assisted([{"type": "pass", "seat": "S"}, undo_entry(0)])
    (False, True)
    """
    return any(is_undo(raw) for raw in actions)


def undone(actions: Iterable[Mapping[str, object]]) -> list[int]:
    """The indices of the log entries taken back by an undo, the undo entries themselves left out.

    Raises:
        ValueError: an undo entry whose ``to`` is not the index of an entry before it (a damaged log).

    >>> undone([{"type": "pass", "seat": "S"}, {"type": "pass", "seat": "W"}, undo_entry(0),
    ...         {"type": "bid", "seat": "S", "points": 250}])
    [0, 1]
    """
    log = list(actions)
    out: set[int] = set()
    for n, raw in enumerate(log):
        if is_undo(raw):
            to = raw.get("to")
            if not isinstance(to, int) or isinstance(to, bool) or not 0 <= to <= n:
                raise ValueError(f"log entry {n}: an undo's \"to\" must be the index of an earlier entry, "
                                 f"not {to!r}")
            out.update(i for i in range(to, n) if not is_undo(log[i]))
    return sorted(out)


@dataclass(frozen=True)
class Step:
    """A move on the line of play of the current hand.

    Attributes:
        version: the state's version before the move (its index in the log).
        before: the state before the move.
        ply: :attr:`Line.ply` before the move.
        chooser: the seat that chose the move, or ``None`` for a move without a choice
            (laying meld: :func:`~pinochle.game.auto_action`) or the deal of a new hand.
    """

    version: int
    before: State
    ply: int
    chooser: Seat | None


@dataclass
class Line:
    """A match's line of play: its state, its ply, and the moves of the current hand that an undo can take back.

    Attributes:
        state: the match state (its ``version`` counts every log entry, undone ones and undos too).
        ply: the moves of the line of play from the first deal to ``state``: the version the state would
            have had without any undo (a computer's view carries it: see the module's docstring).
        steps: the current hand's moves on the line of play, in order.
    """

    state: State
    ply: int = 0
    steps: list[Step] = field(default_factory=list)

    def step(self, raw: Mapping[str, object]) -> State:
        """Fold the log entry ``raw`` (a move, or an undo) into the line; the new state.

        Raises:
            IllegalAction: a move the rules refuse.
            ValueError: an undo to a version that is not a move of the current hand's line of play.
        """
        before = self.state
        if is_undo(raw):
            to = raw.get("to")
            at = next((i for i, s in enumerate(self.steps) if s.version == to), None)
            if at is None:
                raise ValueError(f"undo to version {to!r}: not a move of the current hand at version {before.version}")
            back = self.steps[at]
            del self.steps[at:]
            self.state = replace(back.before, version=before.version + 1)
            self.ply = back.ply
            return self.state
        action = Action.from_json(dict(raw))
        return self.take(action, apply(before, action))

    def take(self, action: Action, new: State) -> State:
        """Record the move ``action``, already applied to :attr:`state` to give ``new``; ``new``."""
        before = self.state
        if new.hand_no != before.hand_no or before.phase == "hand_end":
            self.steps = []  # a new hand: nothing before it can be taken back
        else:
            choice = auto_action(before) is None and turn(before) == action.seat
            self.steps.append(Step(before.version, before, self.ply, action.seat if choice else None))
        self.state = new
        self.ply += 1
        return new

    def undo_point(self, seat: Seat | None) -> int | None:
        """The version just before ``seat``'s most recent move of the current hand, or ``None``:
        nothing to undo (no move of ``seat`` this hand, or the hand is over)."""
        if seat is None or self.state.phase in ("hand_end", "match_end"):
            return None
        return next((s.version for s in reversed(self.steps) if s.chooser == seat), None)


def fold(start: State, actions: Iterable[Mapping[str, object]]) -> Line:
    """The line of play of the log ``actions`` from ``start`` (a new match).

    Raises:
        IllegalAction: a move the rules refuse.
        ValueError: an undo entry that takes back no move of its hand.
    """
    line = Line(start)
    for raw in actions:
        line.step(raw)
    return line
