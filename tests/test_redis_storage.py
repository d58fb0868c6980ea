"""RedisStorage behaves as SQLiteStorage does.

One behaviour suite runs against both backends (the ``store`` fixture is parametrized over
SQLite and a real ``redis-server``), and a hypothesis property drives both with the same random
sequence of calls and compares every answer, so the two provably agree. Then Redis alone: when it
is down, hung, read-only or out of memory every write raises ``StorageFault`` (not a hang) and
nothing is half-written; when it is back, writes work again.
"""

from __future__ import annotations

import itertools
import json
import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle.server.redis_storage import RedisStorage
from pinochle.server.storage import SeatRecord, SQLiteStorage, StaleWrite, Storage, StorageFault, StoredMatch

from .redis_support import RedisServer, RedisTarget, fresh_prefix, redis_server, redis_target  # noqa: F401

pytestmark = pytest.mark.timeout(120)


def ticking() -> Callable[[], float]:
    """A clock that moves one second at every reading (so "changed last" never ties)."""
    counter = itertools.count(1_000)
    return lambda: float(next(counter))


@pytest.fixture(params=["sqlite", "redis"])
def store(request: pytest.FixtureRequest) -> Iterator[Storage]:
    """A fresh, empty store of each backend, on a ticking clock."""
    s: Storage
    if request.param == "sqlite":
        s = SQLiteStorage(":memory:", clock=ticking())
    else:
        target: RedisTarget = request.getfixturevalue("redis_target")
        s = RedisStorage(target.url, target.prefix, clock=ticking())
    yield s
    s.close()


SEATS = (SeatRecord("tok-n", "Ann"), SeatRecord(None, "Easy (computer)"), SeatRecord("tok-s", "Bob"),
         SeatRecord(None, "Éva (computer)"))


def act(i: int) -> dict[str, object]:
    return {"type": "play", "card": f"c{i}", "seat": "NESW"[i % 4]}


# ---------------------------------------------------------------- the shared behaviour suite


def test_a_match_round_trips(store: Storage) -> None:
    store.create_match("m1", "ROOM1", "normal", 2**62 + 7, 3, "room", SEATS, {"move_timer": 30.0, "players": None},
                       "cutthroat")
    assert store.load("m1") == StoredMatch("m1", "ROOM1", "normal", 2**62 + 7, 3, False, (), kind="room", seats=SEATS,
                                           options={"move_timer": 30.0, "players": None}, game="cutthroat")
    store.create_match("s1", "dev", "easy", 1, 0)
    assert store.load("s1") == StoredMatch("s1", "dev", "easy", 1, 0, False, ())
    assert store.load("nope") is None


def test_a_taken_match_id_is_refused_and_nothing_changes(store: Storage) -> None:
    store.create_match("s1", "dev", "easy", 1, 0)
    with pytest.raises(ValueError, match="exists"):
        store.create_match("s1", "dev", "hard", 2, 1)
    loaded = store.load("s1")
    assert loaded is not None and (loaded.level, loaded.finished) == ("easy", False)


def test_actions_append_in_order_and_read_back_from_any_index(store: Storage) -> None:
    store.create_match("m", "dev", "easy", 1, 0)
    for i in range(5):
        store.append_action("m", i, act(i))
    loaded = store.load("m")
    assert loaded is not None and loaded.actions == tuple(act(i) for i in range(5))
    assert store.actions_since("m", 0) == loaded.actions
    assert store.actions_since("m", 3) == (act(3), act(4))
    assert store.actions_since("m", -2) == loaded.actions
    assert store.actions_since("m", 5) == store.actions_since("m", 50) == ()
    assert store.actions_since("unknown", 0) == ()


@pytest.mark.parametrize("n", [0, 1, 3, 4, -1], ids=["taken-0", "taken-1", "gap-3", "gap-4", "negative"])
def test_an_append_anywhere_but_the_end_is_stale_and_writes_nothing(store: Storage, n: int) -> None:
    store.create_match("m", "dev", "easy", 1, 0)
    store.create_match("other", "dev2", "easy", 1, 0)
    store.append_action("m", 0, act(0))
    store.append_action("m", 1, act(1))
    store.append_action("other", 0, act(0))  # "other" changed last
    before = store.load("m")
    with pytest.raises(StaleWrite):
        store.append_action("m", n, act(9), finished=True)
    assert store.load("m") == before  # neither the log nor the finished mark
    store.create_match("s2", "dev2", "easy", 1, 0)  # ends "other"; "m" stays its device's current one
    assert store.current_match("dev") == "m"
    store.append_action("m", 2, act(2))  # the true next index still works
    assert store.actions_since("m", 2) == (act(2),)


def test_two_writers_racing_for_one_index_exactly_one_wins(store: Storage) -> None:
    store.create_match("m", "ROOM", "easy", 1, 0, "room", SEATS)
    for n in range(12):
        gate = threading.Barrier(2)
        won: list[int] = []
        stale: list[int] = []

        def write(who: int, n: int = n, gate: threading.Barrier = gate) -> None:
            gate.wait()
            try:
                store.append_action("m", n, {"writer": who, "n": n})
                won.append(who)
            except StaleWrite:
                stale.append(who)

        threads = [threading.Thread(target=write, args=(w,)) for w in (1, 2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(won) == 1 and len(stale) == 1, (won, stale)
        assert store.actions_since("m", n) == ({"writer": won[0], "n": n},)
    loaded = store.load("m")
    assert loaded is not None and [a["n"] for a in loaded.actions] == list(range(12))


def test_the_current_solo_match_is_the_open_one_else_the_one_changed_last(store: Storage) -> None:
    assert store.current_match("dev") is None
    store.create_match("a", "dev", "easy", 1, 0)
    store.create_match("room", "dev", "easy", 1, 0, "room", SEATS)  # a room whose code equals the device: not solo
    assert store.current_match("dev") == "a"
    store.create_match("b", "dev", "easy", 1, 0)  # a new solo match ends the open one
    a, b = store.load("a"), store.load("b")
    assert a is not None and a.finished and b is not None and not b.finished
    assert store.current_match("dev") == "b"
    store.append_action("a", 0, act(0))  # a finished match changed later still comes after an open one
    assert store.current_match("dev") == "b"
    store.finish_match("b")
    assert store.current_match("dev") == "a"  # both finished: the one changed last
    store.append_action("b", 0, act(0), finished=True)
    assert store.current_match("dev") == "b"
    assert store.current_match("other device") is None


def test_the_match_of_a_token_is_its_latest_room_or_quick_match(store: Storage) -> None:
    solo_seats = (SeatRecord(None, "N"), SeatRecord(None, "E"), SeatRecord("tok-n", "me"), SeatRecord(None, "W"))
    store.create_match("solo", "dev", "easy", 1, 0, "solo", solo_seats)
    assert store.match_of_token("tok-n") is None  # a solo match is found by its device, not a token
    store.create_match("r1", "ROOM", "easy", 1, 0, "room", SEATS)
    store.create_match("q1", "", "easy", 1, 0, "quick", SEATS)
    assert store.match_of_token("tok-n") == "q1" and store.match_of_token("tok-s") == "q1"
    store.append_action("r1", 0, act(0))
    assert store.match_of_token("tok-n") == "r1"  # changed last
    store.finish_match("r1")
    assert store.match_of_token("tok-n") == "q1"  # the open one first
    store.set_seat("q1", 0, SeatRecord(None, "Ann (computer)"))  # Ann left q1: a computer has her seat
    assert store.match_of_token("tok-n") == "r1"
    assert store.match_of_token("tok-s") == "q1"
    store.set_seat("q1", 3, SeatRecord("tok-new", "Cy"))
    q1 = store.load("q1")
    assert q1 is not None and q1.seats == (SeatRecord(None, "Ann (computer)"), SEATS[1], SEATS[2],
                                           SeatRecord("tok-new", "Cy"))
    assert store.match_of_token("tok-new") == "q1"
    store.set_seat("q1", 1, SeatRecord("tok-s", "Bob again"))  # one person in two seats, then out of one
    store.set_seat("q1", 2, SeatRecord(None, "Bob (computer)"))
    assert store.match_of_token("tok-s") == "q1"
    store.set_seat("unknown", 0, SeatRecord("tok-x", "X"))
    assert store.load("unknown") is None and store.match_of_token("tok-x") is None
    assert store.match_of_token("nobody") is None


def test_active_matches_are_the_open_room_and_quick_matches(store: Storage) -> None:
    store.create_match("s", "dev", "easy", 1, 0)
    store.create_match("r", "ROOM", "easy", 1, 0, "room", SEATS)
    store.create_match("q", "", "easy", 1, 0, "quick", SEATS)
    store.create_match("q2", "", "easy", 1, 0, "quick", SEATS)
    assert sorted(store.active_matches()) == ["q", "q2", "r"]
    store.append_action("q", 0, act(0), finished=True)  # the match's last action
    store.finish_match("r")  # replaced
    store.finish_match("unknown")
    assert store.active_matches() == ["q2"]
    r = store.load("r")
    assert r is not None and r.finished


def test_rooms_their_tokens_and_idle_rooms(store: Storage) -> None:
    assert store.load_room("ABCD") is None and store.room_of_token("t1") is None
    store.save_room("ABCD", {"code": "ABCD", "members": ["t1", "t2"], "name": "Zoë"}, ["t1", "t2"])
    store.save_room("WXYZ", {"code": "WXYZ"}, ["t3"])
    assert store.load_room("ABCD") == {"code": "ABCD", "members": ["t1", "t2"], "name": "Zoë"}
    assert (store.room_of_token("t1"), store.room_of_token("t3")) == ("ABCD", "WXYZ")
    store.save_room("ABCD", {"code": "ABCD", "members": ["t1"]}, ["t1"])  # t2 left
    assert store.room_of_token("t2") is None and store.load_room("ABCD") == {"code": "ABCD", "members": ["t1"]}
    store.save_room("WXYZ", {"code": "WXYZ"}, ["t3", "t1"])  # t1 moved to another room
    assert store.room_of_token("t1") == "WXYZ"
    store.delete_room("ABCD")  # its old member's token stays with the room it moved to
    assert store.load_room("ABCD") is None and store.room_of_token("t1") == "WXYZ"
    cut = 10_000.0  # the ticking clock reads about 1,000 here
    assert store.idle_rooms(cut) == ["WXYZ"] and store.idle_rooms(0.0) == []
    store.save_room("LATE", {}, [])
    assert sorted(store.idle_rooms(cut)) == ["LATE", "WXYZ"]
    store.delete_room("WXYZ")
    assert store.idle_rooms(cut) == ["LATE"] and store.room_of_token("t1") is None and store.room_of_token("t3") is None


def test_who_asked_for_the_next_hand_is_kept_for_one_version(store: Storage) -> None:
    store.create_match("r", "ROOM", "easy", 1, 0, "room", SEATS)
    assert store.ready_seats("r", 52) == []
    store.mark_ready("r", 52, 2)
    store.mark_ready("r", 52, 0)
    store.mark_ready("r", 52, 2)  # asked twice: once
    assert store.ready_seats("r", 52) == [0, 2] and store.ready_seats("r", 51) == []
    store.mark_ready("r", 106, 1)  # the next hand's end: the earlier marks go
    assert store.ready_seats("r", 52) == [] and store.ready_seats("r", 106) == [1]
    store.mark_ready("unknown", 52, 0)  # nothing for an unknown match
    assert store.ready_seats("unknown", 52) == []
    store.finish_match("r")  # a finished match keeps none
    assert store.ready_seats("r", 106) == []
    store.create_match("q", "", "easy", 1, 0, "quick", SEATS)
    store.append_action("q", 0, act(0))
    store.mark_ready("q", 1, 3)
    store.append_action("q", 1, act(1), finished=True)  # nor does a match that ended with its last action
    assert store.ready_seats("q", 1) == []


def test_an_sqlite_file_from_before_the_ready_marks_opens_and_keeps_them(tmp_path: Path) -> None:
    """A file written before the ``ready`` table: opening it adds the table, and its matches are intact."""
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    db.executescript(OLD_SCHEMA)
    db.execute("INSERT INTO matches (id, device, level, seed, first_dealer, created, updated, kind, game)"
               " VALUES ('r', 'ROOM', 'easy', 7, 1, 1.0, 1.0, 'room', 'table')")
    db.execute("INSERT INTO actions VALUES ('r', 0, ?)", (json.dumps(act(0)),))
    db.execute("INSERT INTO match_seats VALUES ('r', 0, 'tok-n', 'Ann')")
    db.commit()
    db.close()
    store = SQLiteStorage(path)
    try:
        old = store.load("r")
        assert old is not None and old.actions == (act(0),) and old.seats == (SeatRecord("tok-n", "Ann"),)
        store.mark_ready("r", 1, 0)
        assert store.ready_seats("r", 1) == [0]
    finally:
        store.close()
    store = SQLiteStorage(path)  # opened again: the table is there, with its marks
    try:
        assert store.ready_seats("r", 1) == [0]
    finally:
        store.close()


#: The schema of SQLite files written before the ``ready`` table.
OLD_SCHEMA = """
CREATE TABLE matches (
    id TEXT PRIMARY KEY, device TEXT NOT NULL, level TEXT NOT NULL, seed INTEGER NOT NULL,
    first_dealer INTEGER NOT NULL, created REAL NOT NULL, updated REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0, kind TEXT NOT NULL DEFAULT 'solo', options TEXT NOT NULL DEFAULT '{}',
    game TEXT NOT NULL DEFAULT 'table'
);
CREATE INDEX matches_device ON matches (device, finished, updated);
CREATE TABLE actions (match_id TEXT NOT NULL REFERENCES matches (id), n INTEGER NOT NULL, action TEXT NOT NULL,
    PRIMARY KEY (match_id, n));
CREATE TABLE match_seats (match_id TEXT NOT NULL REFERENCES matches (id), seat INTEGER NOT NULL, token TEXT,
    name TEXT NOT NULL, PRIMARY KEY (match_id, seat));
CREATE INDEX match_seats_token ON match_seats (token);
CREATE TABLE rooms (code TEXT PRIMARY KEY, data TEXT NOT NULL, updated REAL NOT NULL);
CREATE TABLE room_tokens (token TEXT PRIMARY KEY, code TEXT NOT NULL REFERENCES rooms (code));
"""


# ---------------------------------------------------------------- both backends answer alike

TOKENS = ["ta", "tb", "tc"]
IDS = ["m0", "m1", "m2", "m3"]
calls = st.one_of(
    st.tuples(st.just("create"), st.sampled_from(IDS), st.sampled_from(["solo", "room", "quick"]),
              st.sampled_from(["d0", "d1"]), st.lists(st.sampled_from([*TOKENS, None]), min_size=4, max_size=4)),
    st.tuples(st.just("append"), st.sampled_from(IDS), st.integers(-1, 1), st.booleans()),
    st.tuples(st.just("finish"), st.sampled_from(IDS)),
    st.tuples(st.just("seat"), st.sampled_from(IDS), st.integers(0, 3), st.sampled_from([*TOKENS, None])),
    st.tuples(st.just("load"), st.sampled_from(IDS)),
    st.tuples(st.just("since"), st.sampled_from(IDS), st.integers(-1, 4)),
    st.tuples(st.just("current"), st.sampled_from(["d0", "d1"])),
    st.tuples(st.just("of_token"), st.sampled_from(TOKENS)),
    st.tuples(st.just("active")),
    st.tuples(st.just("save_room"), st.sampled_from(["R1", "R2"]), st.lists(st.sampled_from(TOKENS), unique=True)),
    st.tuples(st.just("delete_room"), st.sampled_from(["R1", "R2"])),
    st.tuples(st.just("rooms"), st.sampled_from(TOKENS + ["R1", "R2"])),
    st.tuples(st.just("mark_ready"), st.sampled_from(IDS), st.integers(0, 2), st.integers(0, 3)),
    st.tuples(st.just("ready_seats"), st.sampled_from(IDS), st.integers(0, 2)),
)


def call(s: Storage, op: tuple[Any, ...], sizes: dict[str, int]) -> object:
    """Make one call on ``s``; its answer, or the name of what it raised."""
    kind = op[0]
    try:
        if kind == "create":
            _, mid, mkind, dev, toks = op
            s.create_match(mid, dev, "easy", 5, 1, mkind, [SeatRecord(t, f"p{i}") for i, t in enumerate(toks)],
                           {"n": 1})
        elif kind == "append":  # near the end of the log: a gap, the end, or a taken index
            _, mid, off, fin = op
            n = sizes.get(mid, 0) + off
            s.append_action(mid, n, act(n), fin)
        elif kind == "finish":
            s.finish_match(op[1])
        elif kind == "seat":
            s.set_seat(op[1], op[2], SeatRecord(op[3], f"s{op[2]}"))
        elif kind == "load":
            return s.load(op[1])
        elif kind == "since":
            return s.actions_since(op[1], op[2])
        elif kind == "current":
            return s.current_match(op[1])
        elif kind == "of_token":
            return s.match_of_token(op[1])
        elif kind == "active":
            return sorted(s.active_matches())
        elif kind == "save_room":
            s.save_room(op[1], {"m": op[2]}, op[2])
        elif kind == "delete_room":
            s.delete_room(op[1])
        elif kind == "mark_ready":
            s.mark_ready(op[1], op[2], op[3])
        elif kind == "ready_seats":
            return s.ready_seats(op[1], op[2])
        else:
            return (s.room_of_token(op[1]), s.load_room(op[1]), sorted(s.idle_rooms(1e12)))
    except (StaleWrite, ValueError) as err:
        return type(err).__name__
    return None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=st.lists(calls, max_size=30))
def test_any_sequence_of_calls_gets_the_same_answers_from_both(redis_server: RedisServer,  # noqa: F811
                                                               ops: list[tuple[Any, ...]]) -> None:
    sqlite = SQLiteStorage(":memory:", clock=ticking())
    red = RedisStorage(redis_server.url, fresh_prefix(), clock=ticking())
    try:
        for op in ops:
            sizes = {m: len(sqlite.actions_since(m, 0)) for m in IDS}
            assert call(red, op, sizes) == call(sqlite, op, sizes), op
        for mid in IDS:
            assert red.load(mid) == sqlite.load(mid)
            assert [red.ready_seats(mid, v) for v in range(3)] == [sqlite.ready_seats(mid, v) for v in range(3)]
    finally:
        sqlite.close()
        red.close()


# ---------------------------------------------------------------- Redis down, hung, read-only, full


def writes(s: Storage, n: int) -> list[tuple[str, Callable[[], None]]]:
    """Every kind of write, on the match "m" (whose log holds ``n`` actions) and the room "ROOM"."""
    return [
        ("create_match", lambda: s.create_match("new", "dev", "easy", 1, 0, "room", SEATS)),
        ("create_match solo", lambda: s.create_match("new-solo", "dev", "easy", 1, 0)),
        ("append_action", lambda: s.append_action("m", n, act(n), True)),
        ("set_seat", lambda: s.set_seat("m", 0, SeatRecord(None, "Ann (computer)"))),
        ("finish_match", lambda: s.finish_match("m")),
        ("mark_ready", lambda: s.mark_ready("m", n, 0)),
        ("save_room", lambda: s.save_room("ROOM", {"members": []}, [])),
        ("delete_room", lambda: s.delete_room("ROOM")),
    ]


def snapshot(s: RedisStorage) -> tuple[object, ...]:
    return (s.load("m"), s.ready_seats("m", 2), s.load("new"), s.current_match("dev"), s.match_of_token("tok-n"), s.active_matches(),
            s.load_room("ROOM"), s.room_of_token("t1"), s.idle_rooms(1e12))


@pytest.fixture
def live(redis_target: RedisTarget) -> Iterator[tuple[RedisStorage, RedisServer]]:  # noqa: F811
    """A RedisStorage with a room match "m" of two actions and a room "ROOM", and its server."""
    s = RedisStorage(redis_target.url, redis_target.prefix, timeout=0.3, clock=ticking())
    s.create_match("m", "ROOM", "easy", 1, 0, "room", SEATS)
    s.append_action("m", 0, act(0))
    s.append_action("m", 1, act(1))
    s.save_room("ROOM", {"members": ["t1"]}, ["t1"])
    yield s, redis_target.server
    s.close()


def test_redis_down_every_call_is_a_storage_fault_and_after_it_writes_work(
        live: tuple[RedisStorage, RedisServer]) -> None:
    s, server = live
    before = snapshot(s)
    with server.down():  # data kept: it comes back as a Redis with persistence does
        for name, write in writes(s, 2):
            with pytest.raises(StorageFault, match=r"^the shared store \(Redis\) cannot be reached: .*nothing changed"):
                write()
        for read in (lambda: s.load("m"), lambda: s.actions_since("m", 0), lambda: s.current_match("dev"),
                     lambda: s.match_of_token("t"), s.active_matches, lambda: s.idle_rooms(0), s.ping):
            with pytest.raises(StorageFault):
                read()
    assert snapshot(s) == before  # nothing of the refused writes
    s.append_action("m", 2, act(2))  # the pooled connections were to the old process: new ones are made
    assert s.actions_since("m", 2) == (act(2),)
    for name, write in writes(s, 3):
        write()


@pytest.mark.parametrize("fault,cause", [("read_only", "read-only"), ("out_of_memory", "full")])
def test_a_redis_that_refuses_writes_is_a_storage_fault_and_keeps_everything(
        live: tuple[RedisStorage, RedisServer], fault: str, cause: str) -> None:
    s, server = live
    before = snapshot(s)
    with getattr(server, fault)():
        for name, write in writes(s, 2):
            if name == "delete_room" and fault == "out_of_memory":
                continue  # Redis lets a full server free memory (below)
            with pytest.raises(StorageFault, match=rf"^the shared store \(Redis\) is {cause}"):
                write()
        assert snapshot(s) == before  # still readable, and nothing half-written
        if fault == "out_of_memory":
            s.delete_room("ROOM")
            assert s.load_room("ROOM") is None and s.room_of_token("t1") is None
    s.append_action("m", 2, act(2))
    assert s.actions_since("m", 0) == (act(0), act(1), act(2))


def test_a_hung_redis_times_out_and_a_write_is_whole_or_absent(live: tuple[RedisStorage, RedisServer]) -> None:
    s, server = live
    with server.paused():
        with pytest.raises(StorageFault, match="did not answer in time"):
            s.append_action("m", 2, act(2))
    log = s.actions_since("m", 0)
    # sent before Redis froze, the script may have run once it went on: whole, or not at all
    assert log in ((act(0), act(1)), (act(0), act(1), act(2)))
    if len(log) == 3:  # the writer that timed out meets StaleWrite on a retry, and reloads
        with pytest.raises(StaleWrite):
            s.append_action("m", 2, act(2))
    s.append_action("m", len(log), act(len(log)))
    loaded = s.load("m")
    assert loaded is not None and loaded.actions == tuple(act(i) for i in range(len(log) + 1))
