"""Storage of solo matches: the truth the server rebuilds every table from.

A match is stored as its seed, first dealer and level plus its action log; the
state is the engine's reducer folded over the log (``pinochle.game``), so a
reload or a restart resumes exactly. SQLite (the standard library's
``sqlite3``) is the embedded default; :class:`Storage` is the interface a
second backend implements.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

_SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    device TEXT NOT NULL,
    level TEXT NOT NULL,
    seed INTEGER NOT NULL,
    first_dealer INTEGER NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS matches_device ON matches (device, finished, updated);
CREATE TABLE IF NOT EXISTS actions (
    match_id TEXT NOT NULL REFERENCES matches (id),
    n INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (match_id, n)
);
"""


@dataclass(frozen=True)
class StoredMatch:
    """A match as stored: identity, settings and the action log (JSON objects, in order)."""

    id: str
    device: str
    level: str
    seed: int
    first_dealer: int
    finished: bool
    actions: tuple[dict[str, object], ...]


class StaleWrite(Exception):
    """An action was appended at an index that is already taken (a concurrent or stale move)."""


class Storage(Protocol):
    """What the server needs from a store of matches."""

    def create_match(self, match_id: str, device: str, level: str, seed: int, first_dealer: int) -> None:
        """Store a new match; any earlier unfinished match of ``device`` is marked finished."""

    def append_action(self, match_id: str, n: int, action: dict[str, object], finished: bool = False) -> None:
        """Append action number ``n`` (0-based) to the log; raise :class:`StaleWrite` if ``n`` is taken."""

    def load(self, match_id: str) -> StoredMatch | None:
        """The stored match, or ``None``."""

    def current_match(self, device: str) -> str | None:
        """The id of the device's most recent match that is not finished (or finished last), or ``None``."""

    def close(self) -> None:
        """Release the store."""


class SQLiteStorage:
    """:class:`Storage` in one SQLite file (WAL mode; safe across threads)."""

    def __init__(self, path: str | Path) -> None:
        """Open (creating if needed) the database at ``path``.

        Raises:
            sqlite3.Error: the file cannot be opened as a database.
        """
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)

    def create_match(self, match_id: str, device: str, level: str, seed: int, first_dealer: int) -> None:
        now = time.time()
        with self._lock:
            self._db.execute("BEGIN")
            try:
                self._db.execute("UPDATE matches SET finished = 1 WHERE device = ? AND finished = 0", (device,))
                self._db.execute(
                    "INSERT INTO matches (id, device, level, seed, first_dealer, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (match_id, device, level, seed, first_dealer, now, now),
                )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def append_action(self, match_id: str, n: int, action: dict[str, object], finished: bool = False) -> None:
        with self._lock:
            self._db.execute("BEGIN")
            try:
                self._db.execute(
                    "INSERT INTO actions (match_id, n, action) VALUES (?, ?, ?)", (match_id, n, json.dumps(action))
                )
                self._db.execute(
                    "UPDATE matches SET updated = ?, finished = MAX(finished, ?) WHERE id = ?",
                    (time.time(), int(finished), match_id),
                )
                self._db.execute("COMMIT")
            except sqlite3.IntegrityError:
                self._db.execute("ROLLBACK")
                raise StaleWrite(f"action {n} of match {match_id} is already stored") from None
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def load(self, match_id: str) -> StoredMatch | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, device, level, seed, first_dealer, finished FROM matches WHERE id = ?", (match_id,)
            ).fetchone()
            if row is None:
                return None
            acts: Sequence[tuple[str]] = self._db.execute(
                "SELECT action FROM actions WHERE match_id = ? ORDER BY n", (match_id,)
            ).fetchall()
        return StoredMatch(row[0], row[1], row[2], row[3], row[4], bool(row[5]), tuple(json.loads(a[0]) for a in acts))

    def current_match(self, device: str) -> str | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id FROM matches WHERE device = ? ORDER BY finished ASC, updated DESC LIMIT 1", (device,)
            ).fetchone()
        return None if row is None else str(row[0])

    def close(self) -> None:
        with self._lock:
            self._db.close()
