"""What a move costs the server (docs/server.md, "Leaner"), as behaviour.

A move at a room table is routed to the seat's table without asking storage again which room the seat
belongs to, while that table is open and in play; once the match has ended, a move naming it is
answered as before (the next lookup goes to storage).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pinochle.server.app import create_app
from pinochle.server.storage import SQLiteStorage

from .support import of_type, until
from .test_protocol_errors import latest_states, make_room, ready_and_start
from .test_rooms_server import first_legal


def test_moves_at_a_room_table_do_not_look_the_room_up_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    lookup = SQLiteStorage.room_of_token

    def counted(self: SQLiteStorage, token: str) -> str | None:
        asked.append(token)
        return lookup(self, token)

    monkeypatch.setattr(SQLiteStorage, "room_of_token", counted)
    with TestClient(create_app(tmp_path / "lean.db", bot_delay=0)) as client, \
            client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        make_room(a, b)
        sa, sb = latest_states(a, b, ready_and_start(a, b))
        before = len(asked)
        moves = 0
        for _ in range(6):  # Ann's and Bob's moves, each answered by a state
            mover, state = (a, sa) if sa["view"]["legal"] else (b, sb)
            action = first_legal(state["view"])
            assert action is not None
            mover.send_json({"type": "action", "match": state["match"]["id"], "version": state["view"]["version"],
                             "action": action})
            moves += 1
            sa, sb = latest_states(a, b, (until(a, of_type("state")), until(b, of_type("state"))))
        # one lookup at most per socket (the first move after the start, if the start did not find it)
        assert len(asked) - before <= 2, (moves, len(asked) - before)
