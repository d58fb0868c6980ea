"""A stored match whose log no longer replays under today's rules (a game's default reading changed
since it was stored: docs/games/double-deck.md, "Records written before") never stops the server: it
starts, leaves the log in storage untouched, and welcomes the people of that match without it."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from pinochle.game import Action
from pinochle.server.app import create_app
from pinochle.server.storage import SeatRecord, SQLiteStorage
from pinochle.server.table import TableOptions

from .support import hello


def _old_double_deck(db: Path, kind: str) -> SQLiteStorage:
    """A double-deck match stored when bids went up by 1 throughout: East 60, then South 61 (today a
    bid above 60 goes up by 5, VARIANTS.md double-deck)."""
    store = SQLiteStorage(db)
    seats = [SeatRecord("ann" if x == 2 else None, f"seat {x}") for x in range(4)]
    store.create_match("m1", "dev-ann-0000000000000000", "easy", 5, 0, kind, seats, TableOptions().to_json(),
                       "double-deck")
    store.append_action("m1", 0, Action.bid_(1, 60).to_json())
    store.append_action("m1", 1, Action.bid_(2, 61).to_json())
    return store


@pytest.mark.parametrize("kind", ["room", "solo"])
def test_a_match_stored_under_old_rules_does_not_stop_the_server(tmp_path: Path, kind: str,
                                                                 caplog: pytest.LogCaptureFixture) -> None:
    db = tmp_path / "p.db"
    store = _old_double_deck(db, kind)
    app = create_app(db, bot_delay=0)
    with caplog.at_level(logging.WARNING, logger="pinochle.server"), TestClient(app) as client:
        with client.websocket_connect("/ws") as ws:  # the server started (restore skipped the match)
            welcome = hello(ws, "dev-ann-0000000000000000", "ann")
            assert welcome["match"] is None
            ws.send_json({"type": "ping"})
            assert ws.receive_json()["type"] == "pong"
            ws.send_json({"type": "new_match", "level": "easy", "game": "double-deck"})
            for _ in range(100):
                msg = ws.receive_json()
                if msg["type"] == "state":
                    break
            assert msg["type"] == "state" and msg["match"]["game"] == "double-deck"
    warned = [r.getMessage() for r in caplog.records if "does not replay" in r.getMessage()]
    assert warned == ["match m1 (double-deck) does not replay under today's rules and is not reopened: "
                      "above 60, bids go up in steps of 5: 61 is not a bid"]
    stored = store.load("m1")
    assert stored is not None and len(stored.actions) == 2  # nothing lost
