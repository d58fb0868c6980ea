"""Storage: the truth the server rebuilds every table and room from.

A match is stored as its game, seed, first dealer, level, seats and options
plus its action log; the state is the engine's reducer folded over the log
(``pinochle.game``), so a reload, a reconnect or a restart resumes exactly.
At a hand's end, who asked for the next hand is stored beside the log
(:meth:`Storage.mark_ready`), so that a restart keeps it as a takeover does.
A room is stored as one JSON document (``pinochle.server.rooms.Room.to_json``)
and each of its seat tokens points at it. SQLite (the standard library's
``sqlite3``) is the embedded default; :class:`Storage` is the small interface
the second backend, :class:`~pinochle.server.redis_storage.RedisStorage` (the
scale-out to several processes, docs/server.md), implements with the same behaviour.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
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
CREATE TABLE IF NOT EXISTS match_seats (
    match_id TEXT NOT NULL REFERENCES matches (id),
    seat INTEGER NOT NULL,
    token TEXT,
    name TEXT NOT NULL,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX IF NOT EXISTS match_seats_token ON match_seats (token);
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    data TEXT NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS room_tokens (
    token TEXT PRIMARY KEY,
    code TEXT NOT NULL REFERENCES rooms (code)
);
CREATE TABLE IF NOT EXISTS ready (
    match_id TEXT NOT NULL REFERENCES matches (id),
    seat INTEGER NOT NULL,
    version INTEGER NOT NULL,
    PRIMARY KEY (match_id, seat)
);
CREATE TABLE IF NOT EXISTS reviews (
    match_id TEXT NOT NULL REFERENCES matches (id),
    hand INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    review TEXT NOT NULL,
    PRIMARY KEY (match_id, hand, seat)
);
"""
# A table added after the first release (``ready``: who asked for the next hand) is made in an old file
# on open by its ``CREATE TABLE IF NOT EXISTS``; a column added to ``matches`` is in _MATCH_COLUMNS.

#: Columns added to ``matches`` after the first release (added to old files on open).
_MATCH_COLUMNS = {
    "kind": "TEXT NOT NULL DEFAULT 'solo'",
    "options": "TEXT NOT NULL DEFAULT '{}'",
    # the game (pinochle.games); a file written before the column existed holds table matches only
    "game": "TEXT NOT NULL DEFAULT 'table'",
    "salt": "TEXT NOT NULL DEFAULT ''",
    # a hint or an undo was used in the match (mark_assisted; the statistics count it)
    "assisted": "INTEGER NOT NULL DEFAULT 0",
}

#: The statistics' tables (docs/protocol.md, "Statistics"), made in an old file on open as ``ready`` is:
#: one line per finished hand and per finished match for each person's seat token (``holder``: the device
#: itself in a solo match), kept once whatever writes it again; and the seat tokens each device has held.
_STATS_SCHEMA = """
CREATE TABLE IF NOT EXISTS stat_hands (
    holder TEXT NOT NULL,
    match_id TEXT NOT NULL,
    hand INTEGER NOT NULL,
    line TEXT NOT NULL,
    PRIMARY KEY (holder, match_id, hand)
);
CREATE TABLE IF NOT EXISTS stat_matches (
    holder TEXT NOT NULL,
    match_id TEXT NOT NULL,
    line TEXT NOT NULL,
    PRIMARY KEY (holder, match_id)
);
CREATE TABLE IF NOT EXISTS held_tokens (
    device TEXT NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (device, token)
);
"""


@dataclass(frozen=True)
class SeatRecord:
    """Who sits in one seat of a match: a person's seat token and name, or a computer (``token`` None)."""

    token: str | None
    name: str


@dataclass(frozen=True)
class StoredMatch:
    """A match as stored: identity, settings, seats and the action log (JSON objects, in order).

    Attributes:
        id: the match id.
        device: the device that owns a solo match; the room code of a room match; "" for Quick Match.
        level: the computer players' level.
        seed: the match seed (every deal follows from it).
        first_dealer: the first dealer's seat number (N=0 ... W=3).
        finished: the match is over (or was replaced).
        actions: the action log.
        kind: "solo", "room" or "quick".
        seats: the four seats, N, E, S, W, in order (empty for a solo match of the first release: South is the device).
        options: table options, e.g. ``{"move_timer": 30.0, "away_seconds": 60.0}``.
        game: the game's name (:data:`pinochle.games.GAMES`); ``"table"`` for a match stored before games.
        salt: the shuffle's secret salt, 32 hex digits (docs/records.md, "A verifiable shuffle"); ``""``
            for a match stored before the shuffle was sealed (it has no commitment).
        marked: the match's assisted mark (:meth:`Storage.mark_assisted`: a hint was given in it, or a move
            undone); see :attr:`assisted`.
    """

    id: str
    device: str
    level: str
    seed: int
    first_dealer: int
    finished: bool
    actions: tuple[dict[str, object], ...]
    kind: str = "solo"
    seats: tuple[SeatRecord, ...] = ()
    options: dict[str, object] = field(default_factory=dict)
    game: str = "table"
    salt: str = ""
    marked: bool = False

    @property
    def assisted(self) -> bool:
        """Whether the match was helped: it carries the assisted mark (a hint or an undo), or an undo was
        made in it (docs/protocol.md, "Undo in solo"): its log holds an undo entry, ``{"type": "undo", "to": K}``, stored after the moves it took back, which stay in the log.

        An undo is an entry of the log as a move is, so neither backend's schema changed for it: a
        file or a Redis key space written before undo reads the same (no undo, not assisted).
        """
        return self.marked or any(raw.get("type") == "undo" for raw in self.actions)


class StaleWrite(Exception):
    """An action was appended at an index that is already taken (a concurrent or stale move), or past
    the end of the log (a gap: the writer missed actions). Nothing was written."""


class StorageFault(Exception):
    """The store cannot write now (the disk is full, the database is locked or read-only, an I/O
    error): the whole write was refused and nothing of it was kept, so the caller's change must not
    be adopted either. The message names the cause for the player ("the server's storage is full").
    Play resumes by itself once the store writes again (docs/protocol.md, error ``storage``)."""


def _fault(err: sqlite3.Error) -> StorageFault:
    """A :class:`StorageFault` naming the cause of the SQLite error ``err`` in a player's words."""
    text = str(err).lower()
    cause = ("the server's storage is full" if "full" in text
             else "the server's database is busy (locked)" if "locked" in text or "busy" in text
             else "the server's database is read-only" if "readonly" in text or "read-only" in text
             else "the server cannot write to its database")
    return StorageFault(f"{cause}: the move was not saved and nothing changed; try again in a moment")


class Storage(Protocol):
    """What the server needs from a store of matches and rooms.

    Every method may be called from a worker thread; implementations are thread-safe.
    """

    def create_match(self, match_id: str, device: str, level: str, seed: int, first_dealer: int,
                     kind: str = "solo", seats: Sequence[SeatRecord] = (),
                     options: dict[str, object] | None = None, game: str = "table", salt: str = "") -> None:
        """Store a new match of ``game``; for a solo match any earlier unfinished match of ``device`` is marked finished.

        ``salt`` seals the shuffle of ``seed`` (:attr:`StoredMatch.salt`).

        Raises:
            ValueError: a match ``match_id`` exists already (nothing is written).
            StorageFault: the store cannot write now (nothing is written).
        """

    def append_action(self, match_id: str, n: int, action: dict[str, object], finished: bool = False) -> None:
        """Append action number ``n`` (0-based) to the log, and mark the match finished if ``finished``.

        The append is atomic and checked by version: it is kept only if the log holds exactly ``n``
        actions, so of two writers racing for the same index exactly one wins.

        Raises:
            StaleWrite: ``n`` is taken, or the log is shorter than ``n`` (nothing is written).
            StorageFault: the store cannot write now (nothing is written).
        """

    def actions_since(self, match_id: str, n: int) -> tuple[dict[str, object], ...]:
        """The action log from index ``n`` (0-based; below 0 counts as 0) to its end, in order: empty if the log
        is not that long or the match is unknown. A replica of a table catches up with it without a reload."""

    def set_seat(self, match_id: str, seat: int, record: SeatRecord) -> None:
        """Change who sits in ``seat`` (a person who left becomes a computer); nothing for an unknown match."""

    def finish_match(self, match_id: str) -> None:
        """Mark a match finished (ended before its last hand, e.g. replaced)."""

    def mark_ready(self, match_id: str, version: int, seat: int) -> None:
        """The person in ``seat`` asked for the next hand while the log holds ``version`` actions (a hand's end).

        A match keeps the marks of one version: those of another (an earlier hand's end) are dropped, and so
        are all of them when the match finishes. Nothing happens for an unknown match.

        Raises:
            StorageFault: the store cannot write now (nothing is written).
        """

    def ready_seats(self, match_id: str, version: int) -> list[int]:
        """The seats that asked for the next hand at ``version`` (:meth:`mark_ready`), in order; empty for an
        unknown match or another version."""

    def load(self, match_id: str) -> StoredMatch | None:
        """The stored match, or ``None``."""

    def save_review(self, match_id: str, hand: int, seat: int, review: dict[str, object]) -> None:
        """Keep the decision review of the person in ``seat`` (a place: a seat, or a chair at a table of
        4 or 5) for hand ``hand`` (counted from 1) of a match, computed once (docs/protocol.md, ``review``).
        A second save of the same hand and seat replaces the first.

        Raises:
            StorageFault: the store cannot write now (nothing is written).
        """

    def load_review(self, match_id: str, hand: int, seat: int) -> dict[str, object] | None:
        """The review kept by :meth:`save_review`, or ``None``."""

    def load_reviews(self, keys: Sequence[tuple[str, int, int]]) -> list[dict[str, object] | None]:
        """The reviews kept for each ``(match_id, hand, seat)`` of ``keys``, in order (``None`` where none is
        kept): :meth:`load_review` of many at once (the statistics' ``par_per_decision``).

        Raises:
            StorageFault: the store cannot be read now.
        """

    def current_match(self, device: str) -> str | None:
        """The id of the device's most recent solo match that is not finished (or finished last), or ``None``."""

    def match_of_token(self, token: str) -> str | None:
        """The most recent match (room or Quick Match) with a seat held by ``token``, or ``None``."""

    def active_matches(self) -> list[str]:
        """The ids of unfinished room and Quick Match matches (to restart their tables)."""

    def save_room(self, code: str, data: dict[str, object], tokens: Sequence[str]) -> None:
        """Store a room's document; ``tokens`` (its members' seat tokens) find it again."""

    def load_room(self, code: str) -> dict[str, object] | None:
        """A room's document, or ``None``."""

    def room_of_token(self, token: str) -> str | None:
        """The code of the room whose member holds ``token``, or ``None``."""

    def delete_room(self, code: str) -> None:
        """Forget a room (its last member left)."""

    def idle_rooms(self, before: float) -> list[str]:
        """The codes of rooms not changed since ``before`` (a Unix time)."""

    def hold_token(self, device: str, token: str) -> None:
        """``device`` holds the seat token ``token`` (a room or Quick Match seat): the statistics of the hands played
        with it are the device's too (:meth:`stats_lines`). Kept once however often it is said.

        Raises:
            StorageFault: the store cannot write now (nothing is written).
        """

    def record_hand(self, holder: str, match_id: str, hand: int, line: dict[str, object]) -> bool:
        """Keep the statistics line of hand ``hand`` (from 1) of ``match_id`` for the seat held by ``holder`` (a seat
        token, or the device in a solo match); a line already kept for that holder, match and hand stays as it
        is (a hand recorded again is counted once).

        Returns:
            True if the line is new.

        Raises:
            StorageFault: the store cannot write now (nothing is written).
        """

    def record_match(self, holder: str, match_id: str, line: dict[str, object]) -> bool:
        """Keep the statistics line of the finished match ``match_id`` for ``holder``, once (as :meth:`record_hand`).

        Returns:
            True if the line is new.

        Raises:
            StorageFault: the store cannot write now (nothing is written).
        """

    def mark_assisted(self, match_id: str) -> None:
        """Mark the match as assisted: a hint or an undo was used in it (the statistics' ``assisted``). Kept for
        good; nothing happens for an unknown match.

        Raises:
            StorageFault: the store cannot write now (nothing is written).
        """

    def stats_lines(self, device: str) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
        """The statistics lines of ``device``: those held by the device itself and by every seat token it has held
        (:meth:`hold_token`), as ``(hand lines, match lines)``; each match line carries ``"assisted"``, the match's
        mark (:meth:`mark_assisted`) as it is now. In no particular order."""

    def close(self) -> None:
        """Release the store."""


class SQLiteStorage:
    """:class:`Storage` in one SQLite file (WAL mode; safe across threads).

    Every write is one transaction: a write that fails (disk full, locked past ``busy_ms``,
    read-only, I/O error) is rolled back whole and raises :class:`StorageFault`.
    """

    def __init__(self, path: str | Path, busy_ms: int = 5000, clock: Callable[[], float] = time.time) -> None:
        """Open (creating if needed) the database at ``path``.

        Args:
            path: the SQLite file, or ``":memory:"``.
            busy_ms: how long a write waits for another process's lock before it fails (milliseconds).
            clock: the time a match or room is created or changed (Unix seconds; tests pass their own).

        Raises:
            sqlite3.Error: the file cannot be opened as a database.
        """
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._clock = clock
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute(f"PRAGMA busy_timeout={int(busy_ms)}")
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)
        self._db.executescript(_STATS_SCHEMA)
        have = {row[1] for row in self._db.execute("PRAGMA table_info(matches)")}
        for name, decl in _MATCH_COLUMNS.items():
            if name not in have:
                self._db.execute(f"ALTER TABLE matches ADD COLUMN {name} {decl}")

    def _write(self, *statements: tuple[str, tuple[object, ...]],
               check: Callable[[sqlite3.Connection], None] | None = None) -> None:
        """Run statements in one transaction: all of them are kept, or none.

        Args:
            statements: SQL and its arguments, run in order.
            check: called first inside the transaction; what it raises refuses the write (nothing kept).

        Raises:
            sqlite3.IntegrityError: a constraint refused a statement (nothing kept).
            StorageFault: the database cannot write now (nothing kept).
        """
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as err:
                raise _fault(err) from err
            try:
                if check is not None:
                    check(self._db)
                for sql, args in statements:
                    self._db.execute(sql, args)
                self._db.execute("COMMIT")
            except BaseException as err:
                if self._db.in_transaction:
                    try:
                        self._db.execute("ROLLBACK")
                    except sqlite3.Error:  # SQLite may have rolled back already (a full disk)
                        pass
                if isinstance(err, sqlite3.Error) and not isinstance(err, sqlite3.IntegrityError):
                    raise _fault(err) from err
                raise

    def create_match(self, match_id: str, device: str, level: str, seed: int, first_dealer: int,
                     kind: str = "solo", seats: Sequence[SeatRecord] = (),
                     options: dict[str, object] | None = None, game: str = "table", salt: str = "") -> None:
        now = self._clock()
        statements: list[tuple[str, tuple[object, ...]]] = []
        if kind == "solo":
            statements.append(("UPDATE matches SET finished = 1 WHERE device = ? AND finished = 0 AND kind = 'solo'",
                               (device,)))
        statements.append((
            "INSERT INTO matches (id, device, level, seed, first_dealer, created, updated, kind, options, game, salt)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (match_id, device, level, seed, first_dealer, now, now, kind, json.dumps(options or {}), game, salt),
        ))
        for i, rec in enumerate(seats):
            statements.append(("INSERT INTO match_seats (match_id, seat, token, name) VALUES (?, ?, ?, ?)",
                               (match_id, i, rec.token, rec.name)))
        try:
            self._write(*statements)
        except sqlite3.IntegrityError:
            raise ValueError(f"match {match_id} exists already") from None

    def append_action(self, match_id: str, n: int, action: dict[str, object], finished: bool = False) -> None:
        def in_order(db: sqlite3.Connection) -> None:
            """Refuse an append anywhere but at the end of the log (a taken index, or a gap)."""
            size = int(db.execute("SELECT COALESCE(MAX(n) + 1, 0) FROM actions WHERE match_id = ?",
                                  (match_id,)).fetchone()[0])
            if n < size:
                raise StaleWrite(f"action {n} of match {match_id} is already stored")
            if n > size:
                raise StaleWrite(f"action {n} of match {match_id} is out of order: the log holds {size}")

        statements: list[tuple[str, tuple[object, ...]]] = [
            ("INSERT INTO actions (match_id, n, action) VALUES (?, ?, ?)", (match_id, n, json.dumps(action))),
            ("UPDATE matches SET updated = ?, finished = MAX(finished, ?) WHERE id = ?",
             (self._clock(), int(finished), match_id)),
        ]
        if finished:
            statements.append(("DELETE FROM ready WHERE match_id = ?", (match_id,)))
        try:
            self._write(*statements, check=in_order)
        except sqlite3.IntegrityError:
            raise StaleWrite(f"action {n} of match {match_id} is already stored") from None

    def set_seat(self, match_id: str, seat: int, record: SeatRecord) -> None:
        # an unknown match gets no seat (a row without its match would block creating it later)
        self._write(("INSERT OR REPLACE INTO match_seats (match_id, seat, token, name)"
                     " SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM matches WHERE id = ?)",
                     (match_id, seat, record.token, record.name, match_id)))

    def finish_match(self, match_id: str) -> None:
        self._write(("UPDATE matches SET finished = 1 WHERE id = ?", (match_id,)),
                    ("DELETE FROM ready WHERE match_id = ?", (match_id,)))

    def mark_ready(self, match_id: str, version: int, seat: int) -> None:
        self._write(("DELETE FROM ready WHERE match_id = ? AND version != ?", (match_id, version)),
                    ("INSERT OR REPLACE INTO ready (match_id, seat, version)"
                     " SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM matches WHERE id = ?)",
                     (match_id, seat, version, match_id)))

    def save_review(self, match_id: str, hand: int, seat: int, review: dict[str, object]) -> None:
        self._write(("INSERT OR REPLACE INTO reviews (match_id, hand, seat, review) VALUES (?, ?, ?, ?)",
                     (match_id, hand, seat, json.dumps(review))))

    def load_review(self, match_id: str, hand: int, seat: int) -> dict[str, object] | None:
        with self._lock:
            row = self._db.execute("SELECT review FROM reviews WHERE match_id = ? AND hand = ? AND seat = ?",
                                   (match_id, hand, seat)).fetchone()
        if row is None:
            return None
        review: dict[str, object] = json.loads(row[0])
        return review

    def load_reviews(self, keys: Sequence[tuple[str, int, int]]) -> list[dict[str, object] | None]:
        out: list[dict[str, object] | None] = []
        with self._lock:
            for match_id, hand, seat in keys:
                row = self._db.execute("SELECT review FROM reviews WHERE match_id = ? AND hand = ? AND seat = ?",
                                       (match_id, hand, seat)).fetchone()
                out.append(None if row is None else json.loads(row[0]))
        return out

    def ready_seats(self, match_id: str, version: int) -> list[int]:
        with self._lock:
            rows = self._db.execute("SELECT seat FROM ready WHERE match_id = ? AND version = ? ORDER BY seat",
                                    (match_id, version)).fetchall()
        return [int(r[0]) for r in rows]

    def load(self, match_id: str) -> StoredMatch | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, device, level, seed, first_dealer, finished, kind, options, game, salt, assisted FROM matches WHERE id = ?",
                (match_id,),
            ).fetchone()
            if row is None:
                return None
            acts: Sequence[tuple[str]] = self._db.execute(
                "SELECT action FROM actions WHERE match_id = ? ORDER BY n", (match_id,)
            ).fetchall()
            seat_rows = self._db.execute(
                "SELECT token, name FROM match_seats WHERE match_id = ? ORDER BY seat", (match_id,)
            ).fetchall()
        return StoredMatch(
            row[0], row[1], row[2], row[3], row[4], bool(row[5]), tuple(json.loads(a[0]) for a in acts),
            kind=row[6], seats=tuple(SeatRecord(t, n) for t, n in seat_rows), options=json.loads(row[7]),
            game=str(row[8]), salt=str(row[9]), marked=bool(row[10]),
        )

    def actions_since(self, match_id: str, n: int) -> tuple[dict[str, object], ...]:
        with self._lock:
            if self._db.execute("SELECT 1 FROM matches WHERE id = ?", (match_id,)).fetchone() is None:
                return ()
            rows: Sequence[tuple[str]] = self._db.execute(
                "SELECT action FROM actions WHERE match_id = ? AND n >= ? ORDER BY n", (match_id, max(n, 0))
            ).fetchall()
        return tuple(json.loads(a[0]) for a in rows)

    def current_match(self, device: str) -> str | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id FROM matches WHERE device = ? AND kind = 'solo' ORDER BY finished ASC, updated DESC LIMIT 1",
                (device,),
            ).fetchone()
        return None if row is None else str(row[0])

    def match_of_token(self, token: str) -> str | None:
        with self._lock:
            row = self._db.execute(
                "SELECT m.id FROM match_seats s JOIN matches m ON m.id = s.match_id"
                " WHERE s.token = ? AND m.kind != 'solo' ORDER BY m.finished ASC, m.updated DESC LIMIT 1",
                (token,),
            ).fetchone()
        return None if row is None else str(row[0])

    def active_matches(self) -> list[str]:
        with self._lock:
            rows = self._db.execute("SELECT id FROM matches WHERE finished = 0 AND kind != 'solo'").fetchall()
        return [str(r[0]) for r in rows]

    def save_room(self, code: str, data: dict[str, object], tokens: Sequence[str]) -> None:
        statements: list[tuple[str, tuple[object, ...]]] = [
            ("INSERT OR REPLACE INTO rooms (code, data, updated) VALUES (?, ?, ?)", (code, json.dumps(data), self._clock())),
            ("DELETE FROM room_tokens WHERE code = ?", (code,)),
        ]
        statements += [("INSERT OR REPLACE INTO room_tokens (token, code) VALUES (?, ?)", (t, code)) for t in tokens]
        self._write(*statements)

    def load_room(self, code: str) -> dict[str, object] | None:
        with self._lock:
            row = self._db.execute("SELECT data FROM rooms WHERE code = ?", (code,)).fetchone()
        if row is None:
            return None
        data: dict[str, object] = json.loads(row[0])
        return data

    def room_of_token(self, token: str) -> str | None:
        with self._lock:
            row = self._db.execute("SELECT code FROM room_tokens WHERE token = ?", (token,)).fetchone()
        return None if row is None else str(row[0])

    def delete_room(self, code: str) -> None:
        self._write(("DELETE FROM room_tokens WHERE code = ?", (code,)), ("DELETE FROM rooms WHERE code = ?", (code,)))

    def idle_rooms(self, before: float) -> list[str]:
        with self._lock:
            rows = self._db.execute("SELECT code FROM rooms WHERE updated < ?", (before,)).fetchall()
        return [str(r[0]) for r in rows]

    def hold_token(self, device: str, token: str) -> None:
        self._write(("INSERT OR IGNORE INTO held_tokens (device, token) VALUES (?, ?)", (device, token)))

    def _keep(self, table: str, key: tuple[object, ...], line: dict[str, object]) -> bool:
        """Insert ``key`` + the line into ``table`` unless the key is there; whether it was new (one transaction)."""
        cols = ("holder", "match_id", "hand")[:len(key)]
        found: list[bool] = []

        def present(db: sqlite3.Connection) -> None:
            where = " AND ".join(f"{c} = ?" for c in cols)
            found.append(db.execute(f"SELECT 1 FROM {table} WHERE {where}", key).fetchone() is not None)

        self._write((f"INSERT OR IGNORE INTO {table} ({', '.join(cols)}, line) VALUES ({', '.join('?' * (len(key) + 1))})",
                     (*key, json.dumps(line))), check=present)
        return not found[0]

    def record_hand(self, holder: str, match_id: str, hand: int, line: dict[str, object]) -> bool:
        return self._keep("stat_hands", (holder, match_id, hand), line)

    def record_match(self, holder: str, match_id: str, line: dict[str, object]) -> bool:
        return self._keep("stat_matches", (holder, match_id), line)

    def mark_assisted(self, match_id: str) -> None:
        self._write(("UPDATE matches SET assisted = 1 WHERE id = ?", (match_id,)))

    def stats_lines(self, device: str) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
        holders = "(SELECT ? UNION SELECT token FROM held_tokens WHERE device = ?)"
        with self._lock:
            hands = self._db.execute(f"SELECT line FROM stat_hands WHERE holder IN {holders}", (device, device)).fetchall()
            matches = self._db.execute(
                f"SELECT s.line, COALESCE(m.assisted, 0) FROM stat_matches s LEFT JOIN matches m ON m.id = s.match_id"
                f" WHERE s.holder IN {holders}", (device, device)).fetchall()
        return ([json.loads(r[0]) for r in hands],
                [{**json.loads(r[0]), "assisted": bool(r[1])} for r in matches])

    def close(self) -> None:
        with self._lock:
            self._db.close()
