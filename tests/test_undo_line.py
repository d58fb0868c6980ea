"""The line of play of a log with undo entries (pinochle/server/undo.py): a property over random matches
with random undos, in every game seated at a table."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle.cards import Seat
from pinochle.game import auto_action, new_match, turn
from pinochle.games import GAMES as ALL_GAMES
from pinochle.records import match_record, replay
from pinochle.server.undo import Line, fold, undo_entry, undone

from .support import random_action

GAMES = sorted(ALL_GAMES)  # every game: turned-trump's turned card and dix exchange, britannica's too


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), game=st.sampled_from(GAMES), steps=st.integers(1, 400),
       undo_every=st.integers(3, 12))
def test_a_log_with_undos_folds_to_its_line_of_play(seed: int, game: str, steps: int, undo_every: int) -> None:
    """Folding the whole log (undone moves and undo entries included) gives the state of the line of play
    folded alone, but for the version (every entry counts); the ply is the line's length; South's undo
    always returns to just before one of South's own moves of the current hand."""
    rng = random.Random(seed)
    start = new_match(seed=seed, first_dealer=Seat.S if game in ("cutthroat", "auction") else Seat.N, game=game)
    line = Line(start)
    log: list[dict[str, object]] = []
    kept: list[tuple[int, dict[str, object]]] = []  # the line of play: (log index, entry)
    for i in range(steps):
        state = line.state
        if state.phase == "match_end":
            break
        point = line.undo_point(Seat.S)
        if i % undo_every == 0 and point is not None:
            assert next(raw for at, raw in kept if at == point)["seat"] == "S"
            entry = undo_entry(point)
            kept = [(at, raw) for at, raw in kept if at < point]
        else:
            auto = auto_action(state)
            entry = (auto or random_action(state, rng)).to_json()
            kept.append((state.version, entry))
        log.append(entry)
        line.step(entry)
        assert line.state.version == len(log)
        assert line.ply == len(kept)
    alone = fold(start, [raw for _, raw in kept]).state
    assert replace(line.state, version=len(kept)) == alone
    assert fold(start, log).state == line.state
    assert sorted(set(range(len(log))) - {at for at, _ in kept} - {n for n, e in enumerate(log) if e["type"] == "undo"}) \
        == undone(log)
    if line.state.history and game != "two-handed":  # the match record is the line of play: it replays to its totals
        assert replay(match_record(line.state))["totals"] == replay(match_record(alone))["totals"]


def test_an_undo_point_is_just_before_the_persons_own_choice() -> None:
    """Laying meld (a move without a choice) and the computers' moves are never an undo point."""
    rng = random.Random(3)
    line = Line(new_match(seed=3, first_dealer=Seat.N))
    while line.state.phase != "hand_end":
        state = line.state
        point = line.undo_point(Seat.S)
        if point is not None:
            step = next(s for s in line.steps if s.version == point)
            assert step.chooser == Seat.S and turn(step.before) == Seat.S and auto_action(step.before) is None
        line.step((auto_action(state) or random_action(state, rng)).to_json())
    assert line.undo_point(Seat.S) is None  # the hand is over


def test_a_damaged_undo_entry_is_named_not_asserted() -> None:
    """An undo entry whose ``to`` is not an earlier entry's index is a damaged log: a ValueError naming the
    entry (it was a bare AssertionError: found by a read-through)."""
    import pytest

    log = [{"type": "pass", "seat": "S"}, {"type": "pass", "seat": "W"}]
    for bad in ("0", None, True, -1, 5):
        with pytest.raises(ValueError, match=r"log entry 2: an undo's \"to\" must be the index of an earlier entry"):
            undone([*log, {"type": "undo", "to": bad}])
    assert undone([*log, {"type": "undo", "to": 2}]) == []  # back to where it was: nothing taken back
