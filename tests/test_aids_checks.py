"""The aids' checks that need a table in a given condition (docs/protocol.md, "Hints")."""

from __future__ import annotations

import asyncio

import pytest

from pinochle.server import aids
from pinochle.server.protocol import ProtocolError
from pinochle.server.storage import SQLiteStorage
from pinochle.server.table import Hub, Table, solo_seats


def test_a_hint_for_a_match_ended_without_a_result_is_no_match_and_marks_nothing() -> None:
    """A match that ended without a result goes no further: a hint is refused ``no_match`` (as a move or an
    undo is), and the match is not marked assisted (it was answered and marked: found by a read-through)."""
    store = SQLiteStorage(":memory:")
    store.create_match("m1", "dev", "easy", 5, 1, "solo", solo_seats("dev"), {}, "table")
    stored = store.load("m1")
    assert stored is not None
    table = Table(stored, store, Hub(), 0.0)
    table.abandoned = True
    with pytest.raises(ProtocolError) as err:
        asyncio.run(aids.hint(table, table.home(), table.state.version))
    assert err.value.code.value == "no_match" and "ended without a result" in str(err.value)
    again = store.load("m1")
    assert again is not None and not again.assisted and not table.assisted
