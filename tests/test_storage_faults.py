"""Storage faults: when SQLite cannot write (the disk full, the database locked by
another process past the busy timeout, or read-only), a move is refused with the ``storage`` error
naming the cause; nothing is half-written (the action log and the match row are as before), the
process stays up, and play, the computers' moves included, resumes once storage writes again.

The locked and read-only faults are real SQLite refusals (a second connection holding an exclusive
lock; ``PRAGMA query_only``); the full disk is SQLite's own "database or disk is full" error injected
at the connection, since a real full file system needs a mount that these machines do not allow.
"""
from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pinochle.server.app import create_app
from pinochle.server.storage import SQLiteStorage, StorageFault

from .support import hello, of_type, until
from .test_rooms_server import first_legal

pytestmark = pytest.mark.timeout(120)


class FullDisk:
    """The server's SQLite connection, with every INSERT failing as on a full disk while ``armed``."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.armed = False

    def execute(self, sql: str, args: Any = ()) -> Any:
        if self.armed and sql.lstrip().upper().startswith("INSERT"):
            raise sqlite3.OperationalError("database or disk is full")
        return self.db.execute(sql, args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)


class Fault:
    """Turns one kind of fault on and off for a :class:`SQLiteStorage` at ``path``."""

    def __init__(self, kind: str, storage: SQLiteStorage, path: Path) -> None:
        self.kind, self.storage, self.path = kind, storage, path
        self.other: sqlite3.Connection | None = None
        self.full: FullDisk | None = None

    def on(self) -> None:
        if self.kind == "locked":
            self.other = sqlite3.connect(self.path, isolation_level=None)
            self.other.execute("BEGIN EXCLUSIVE")
        elif self.kind == "read-only":
            self.storage._db.execute("PRAGMA query_only = ON")
        else:
            self.full = FullDisk(self.storage._db)  # type: ignore[arg-type]
            self.full.armed = True
            self.storage._db = self.full  # type: ignore[assignment]

    def off(self) -> None:
        if self.other is not None:
            self.other.execute("ROLLBACK")
            self.other.close()
            self.other = None
        elif self.kind == "read-only":
            self.storage._db.execute("PRAGMA query_only = OFF")
        elif self.full is not None:
            self.storage._db = self.full.db
            self.full = None


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[TestClient, SQLiteStorage, Path]]:
    path = tmp_path / "s.db"
    storage = SQLiteStorage(path, busy_ms=100)
    with TestClient(create_app(path, bot_delay=0.4, storage=storage)) as client:
        yield client, storage, path


def my_turn(ws: Any) -> dict[str, Any]:
    """Read on until South has a move in the auction, naming trump or the play; that state message."""
    return until(ws, lambda m: m["type"] == "state" and m["view"]["turn"] == "S" and bool(m["view"]["legal"])
                 and m["view"]["phase"] in ("auction", "trump", "play"))


def a_move(v: dict[str, Any]) -> dict[str, Any]:
    legal = v["legal"]
    if "pass" in legal:
        return {"type": "pass"}
    if "bid" in legal:
        return {"type": "bid", "bid": legal["bid"]["min"]}
    if "trump" in legal:
        return {"type": "trump", "suit": legal["trump"][0]}
    return {"type": "play", "card": legal["play"][0]}


def stored(path: Path) -> tuple[int, float]:
    with sqlite3.connect(path) as db:
        n = db.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
        updated = db.execute("SELECT MAX(updated) FROM matches").fetchone()[0]
    return int(n), float(updated)


CAUSES = {"full": "storage is full", "locked": "busy (locked)", "read-only": "read-only"}


@pytest.mark.parametrize("kind", list(CAUSES))
def test_a_move_is_refused_by_name_nothing_is_written_and_play_resumes(
        served: tuple[TestClient, SQLiteStorage, Path], kind: str) -> None:
    client, storage, path = served
    fault = Fault(kind, storage, path)
    with client.websocket_connect("/ws") as ws:
        hello(ws)
        ws.send_json({"type": "new_match", "level": "easy"})
        msg = my_turn(ws)
        v = msg["view"]
        move = {"type": "action", "match": msg["match"]["id"], "version": v["version"], "action": a_move(v)}
        before = stored(path)
        fault.on()
        try:
            ws.send_json(move)
            err = until(ws, of_type("error"))
            assert err["code"] == "storage" and CAUSES[kind] in err["message"], err
            assert "nothing changed" in err["message"]
            ws.send_json({"type": "resume", "match": msg["match"]["id"]})
            again = until(ws, of_type("state"))["view"]
        finally:
            fault.off()
        assert again == v  # the table did not adopt the refused move
        assert stored(path) == before  # nothing half-written: no action row, no touched match row
        ws.send_json(move)  # storage writes again: the same move is taken, and the computers go on
        after = until(ws, lambda m: m["type"] == "state" and m["view"]["version"] > v["version"] + 1)
        assert after["view"]["version"] > v["version"] + 1
        assert stored(path)[0] > before[0]


def test_the_computers_wait_for_storage_and_then_go_on(served: tuple[TestClient, SQLiteStorage, Path]) -> None:
    """A computer's move that cannot be saved is not adopted; the table retries it every second."""
    client, storage, path = served
    fault = Fault("locked", storage, path)
    with client.websocket_connect("/ws") as ws:
        hello(ws)
        ws.send_json({"type": "new_match", "level": "easy"})
        msg = my_turn(ws)
        v = msg["view"]
        ws.send_json({"type": "action", "match": msg["match"]["id"], "version": v["version"], "action": a_move(v)})
        mine = until(ws, lambda m: m["type"] == "state" and m["view"]["version"] > v["version"])["view"]
        fault.on()  # before the next computer's move (0.4 s of pacing)
        time.sleep(2.5)  # two retries refused
        count = stored(path)[0]
        fault.off()
        assert count == mine["version"]  # nothing after the person's move was saved while locked
        if mine["turn"] != "S" and mine["phase"] not in ("hand_end", "match_end"):
            nxt = until(ws, lambda m: m["type"] == "state" and m["view"]["version"] > mine["version"])
            assert nxt["view"]["version"] > mine["version"]
        ws.send_json({"type": "resume", "match": msg["match"]["id"]})
        assert until(ws, of_type("state"))["view"]["version"] == stored(path)[0]


def test_a_failed_write_keeps_nothing(tmp_path: Path) -> None:
    storage = SQLiteStorage(tmp_path / "u.db", busy_ms=50)
    storage.create_match("m1", "dev", "easy", 1, 0)
    storage.append_action("m1", 0, {"type": "pass", "seat": "E"})
    storage._db.execute("PRAGMA query_only = ON")
    with pytest.raises(StorageFault, match="read-only"):
        storage.append_action("m1", 1, {"type": "pass", "seat": "S"})
    storage._db.execute("PRAGMA query_only = OFF")
    loaded = storage.load("m1")
    assert loaded is not None and len(loaded.actions) == 1
    storage.append_action("m1", 1, {"type": "pass", "seat": "S"})
    loaded = storage.load("m1")
    assert loaded is not None and len(loaded.actions) == 2


def test_asking_for_the_next_hand_is_refused_by_name_while_storage_fails(tmp_path: Path) -> None:
    """Who asked for the next hand is stored (``Storage.mark_ready``): while SQLite cannot write, the ask is
    refused with ``storage`` and nothing is marked; once it writes again the same ask deals the next hand."""
    path = tmp_path / "s.db"
    storage = SQLiteStorage(path, busy_ms=100)
    with TestClient(create_app(path, bot_delay=0, storage=storage)) as client, client.websocket_connect("/ws") as ws:
        hello(ws)
        ws.send_json({"type": "new_match", "level": "easy"})
        msg = until(ws, of_type("state"))
        deadline = time.monotonic() + 60
        while msg["view"]["phase"] != "hand_end":
            assert time.monotonic() < deadline, "the hand did not end"
            v = msg["view"]
            if v["turn"] == "S" and (move := first_legal(v)) is not None:  # the table waits for South: the latest
                ws.send_json({"type": "action", "match": msg["match"]["id"], "version": v["version"], "action": move})
            msg = until(ws, of_type("state"))
        match_id, version = msg["match"]["id"], msg["view"]["version"]
        deal = {"type": "action", "match": match_id, "version": version, "action": {"type": "deal"}}
        fault = Fault("full", storage, path)
        fault.on()
        try:
            ws.send_json(deal)
            err = until(ws, of_type("error"))
        finally:
            fault.off()
        assert err["code"] == "storage" and CAUSES["full"] in err["message"], err
        assert storage.ready_seats(match_id, version) == []
        ws.send_json(deal)
        nxt = until(ws, lambda m: m["type"] == "state" and m["view"]["version"] > version)
        assert nxt["view"]["phase"] != "hand_end"
