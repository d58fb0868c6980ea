"""Undo in storage: the undo entry is kept by both backends like a move, after the moves it took back
(which stay in the log), and the stored match reads as assisted (docs/protocol.md, "Undo in solo")."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from pinochle.game import Action
from pinochle.server.storage import SQLiteStorage, Storage
from pinochle.server.table import line_of
from pinochle.server.undo import undo_entry, undone

from .redis_support import RedisServer, RedisTarget, redis_server, redis_target  # noqa: F401
from .test_redis_storage import store, ticking  # noqa: F401

pytestmark = pytest.mark.timeout(120)


def test_an_undo_entry_is_kept_after_the_moves_it_took_back(store: Storage) -> None:  # noqa: F811
    store.create_match("m1", "dev", "normal", 7, 0, salt="ab" * 16)
    line = line_of(store.load("m1"))  # type: ignore[arg-type]
    moves = []
    while len(moves) < 3:  # three auction calls: a bid, then two passes
        seat = line.state.current.turn(line.state)
        assert seat is not None
        moves.append(Action.pass_(seat).to_json() if len(moves) else Action.bid_(seat, 250).to_json())
        line.step(moves[-1])
    for n, raw in enumerate(moves):
        store.append_action("m1", n, raw)
    assert store.load("m1").assisted is False  # type: ignore[union-attr]
    store.append_action("m1", 3, undo_entry(1))
    stored = store.load("m1")
    assert stored is not None and stored.assisted
    assert list(stored.actions) == [*moves, {"type": "undo", "to": 1}]
    assert undone(stored.actions) == [1, 2]
    assert store.actions_since("m1", 3) == ({"type": "undo", "to": 1},)
    folded = line_of(stored)
    assert folded.state.version == 4 and folded.ply == 1 and len(folded.state.calls) == 1


def test_an_sqlite_file_from_before_undo_reads_as_not_assisted(tmp_path: Path) -> None:
    old = SQLiteStorage(tmp_path / "old.db", clock=ticking())
    old.create_match("m1", "dev", "normal", 7, 0)
    old.append_action("m1", 0, {"type": "pass", "seat": "E"})
    old.close()
    with sqlite3.connect(tmp_path / "old.db") as db:  # the file as it was before undo: no assisted mark
        db.execute("ALTER TABLE matches DROP COLUMN assisted")
        columns = {r[1] for r in db.execute("PRAGMA table_info(matches)")}
    assert "assisted" not in columns
    again = SQLiteStorage(tmp_path / "old.db")
    stored = again.load("m1")
    assert stored is not None and stored.assisted is False and len(stored.actions) == 1
