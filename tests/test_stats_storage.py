"""The statistics' storage behaves the same on SQLite and Redis (docs/protocol.md, "Statistics").

- a hand's line and a match's line are kept once per holder, match and hand: written again, they stay
  as they were (``record_*`` says it was not new);
- a device's lines are its own (solo: the device is the holder) and those of the seat tokens it has held;
- ``mark_assisted`` marks a match for good (an unknown match: nothing), and each match line reads the
  mark as it is now;
- a hypothesis property drives both backends with the same calls and compares the answers;
- an SQLite file written before the statistics opens with their tables and the ``assisted`` column added,
  its matches intact.
"""

from __future__ import annotations

import itertools
import json
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle.cards import Seat
from pinochle.server.redis_storage import RedisStorage
from pinochle.server.stats import device_stats
from pinochle.server.storage import SeatRecord, SQLiteStorage, Storage
from pinochle.stats import GameStats, par_per_decision

from .redis_support import RedisServer, RedisTarget, fresh_prefix, redis_server, redis_target  # noqa: F401
from .test_redis_storage import OLD_SCHEMA

pytestmark = pytest.mark.timeout(120)


def ticking() -> Callable[[], float]:
    counter = itertools.count(1_000)
    return lambda: float(next(counter))


@pytest.fixture(params=["sqlite", "redis"])
def store(request: pytest.FixtureRequest) -> Iterator[Storage]:
    """A fresh, empty store of each backend."""
    s: Storage
    if request.param == "sqlite":
        s = SQLiteStorage(":memory:", clock=ticking())
    else:
        target: RedisTarget = request.getfixturevalue("redis_target")
        s = RedisStorage(target.url, target.prefix, clock=ticking())
    yield s
    s.close()


def hand(match: str, n: int, game: str = "table", points: int = 10, declarer: bool = False, made: bool = False) -> dict[str, object]:
    return {"game": game, "match": match, "hand": n, "played": True, "declarer": declarer, "made": made,
            "meld": 20, "points": points}


def match(m: str, won: bool, game: str = "table") -> dict[str, object]:
    return {"game": game, "match": m, "won": won}


def test_a_line_is_kept_once_whoever_writes_it_again(store: Storage) -> None:
    assert store.record_hand("dev", "m1", 1, hand("m1", 1, points=30)) is True
    assert store.record_hand("dev", "m1", 1, hand("m1", 1, points=999)) is False  # a replay: the first one stays
    assert store.record_hand("dev", "m1", 2, hand("m1", 2)) is True
    assert store.record_match("dev", "m1", match("m1", True)) is True
    assert store.record_match("dev", "m1", match("m1", False)) is False
    hands, matches = store.stats_lines("dev")
    assert sorted(h["points"] for h in hands) == [10, 30]  # type: ignore[type-var]
    assert matches == [{**match("m1", True), "assisted": False}]


def test_a_device_gathers_its_own_lines_and_its_seat_tokens(store: Storage) -> None:
    store.record_hand("dev", "solo", 1, hand("solo", 1))
    store.record_hand("tok-room", "r", 1, hand("r", 1, "cutthroat"))
    store.record_hand("tok-quick", "q", 1, hand("q", 1, "two-handed"))
    store.record_hand("tok-else", "x", 1, hand("x", 1))  # another device's seat
    assert {h["match"] for h in store.stats_lines("dev")[0]} == {"solo"}
    store.hold_token("dev", "tok-room")
    store.hold_token("dev", "tok-quick")
    store.hold_token("dev", "tok-room")  # said again: held once
    hands, _ = store.stats_lines("dev")
    assert sorted(str(h["match"]) for h in hands) == ["q", "r", "solo"]
    assert store.stats_lines("nobody") == ([], [])
    assert set(device_stats(store, "dev")) == {"table", "cutthroat", "two-handed"}


def test_an_assisted_mark_is_read_by_each_match_line(store: Storage) -> None:
    store.create_match("m1", "dev", "easy", 1, 0)
    store.create_match("m2", "dev", "easy", 2, 0)
    store.record_match("dev", "m1", match("m1", True))
    store.record_match("dev", "m2", match("m2", False))
    store.mark_assisted("m2")
    store.mark_assisted("m2")
    store.mark_assisted("unknown")  # nothing happens
    assert store.load("unknown") is None
    _, matches = store.stats_lines("dev")
    assert sorted((str(m["match"]), m["assisted"]) for m in matches) == [("m1", False), ("m2", True)]
    assert device_stats(store, "dev")["table"] == GameStats(matches=2, won=1, assisted=1)
    store.mark_assisted("m1")  # marked after the match line was kept: read as it is now
    assert device_stats(store, "dev")["table"].assisted == 2


def test_the_review_hook_turns_reviewed_losses_into_par_per_decision(store: Storage) -> None:
    store.record_hand("dev", "m1", 1, hand("m1", 1))
    assert device_stats(store, "dev")["table"].par_per_decision is None  # no review exists yet
    got = device_stats(store, "dev", {"table": [0.0, 20.0, 10.0]}, par_per_decision)
    assert got["table"].par_per_decision == 10.0


def test_par_per_decision_is_the_mean_loss_of_the_reviews_kept(store: Storage) -> None:
    """``par_per_decision``: the mean measured ``loss`` over the decisions of the reviews kept for the device's
    hands (a review kept for the match, the hand and the line's place); a null loss, a hand without a review,
    another place's review and a line kept before lines named their place add nothing."""
    for n in (1, 2, 3):
        store.create_match(f"m{n}", "dev", "easy", 1, 0)
    store.record_hand("dev", "m1", 1, {**hand("m1", 1), "place": 2})
    store.record_hand("dev", "m1", 2, {**hand("m1", 2), "place": 2})  # no review
    store.record_hand("dev", "m2", 1, {**hand("m2", 1, game="cutthroat"), "place": 1})
    store.record_hand("dev", "m3", 1, hand("m3", 1))  # no place: kept before lines named it
    assert device_stats(store, "dev")["table"].par_per_decision is None  # no review kept yet

    def review(*losses: float | None) -> dict[str, object]:
        return {"type": "review", "decisions": [{"loss": x} for x in losses]}

    store.save_review("m1", 1, Seat.S, review(0, 20.5, None, 10))  # a Seat is kept as its number (2)
    store.save_review("m1", 1, 0, review(500))  # another place's (North's) review
    store.save_review("m3", 1, 2, review(300))
    store.save_review("m2", 1, 1, review(None))
    assert store.load_reviews([("m1", 1, 2), ("m1", 2, 2), ("nope", 1, 0)]) == [review(0, 20.5, None, 10), None, None]
    assert store.load_reviews([]) == []
    got = device_stats(store, "dev")
    assert got["table"].par_per_decision == 10.2  # (0 + 20.5 + 10) / 3 = 10.1666..., to one decimal as the other figures
    assert got["cutthroat"].par_per_decision is None  # its one decision was not measured


def test_the_assisted_mark_is_kept_by_a_match_loaded_again(store: Storage) -> None:
    store.create_match("m1", "dev", "easy", 1, 0)
    store.mark_assisted("m1")
    loaded = store.load("m1")
    assert loaded is not None and loaded.id == "m1"  # the mark does not disturb the match


# ---------------------------------------------------------------- both backends answer alike

HOLDERS = ["dev", "t1", "t2"]
calls = st.one_of(
    st.tuples(st.just("hand"), st.sampled_from(HOLDERS), st.sampled_from(["a", "b"]), st.integers(1, 3),
              st.integers(-50, 50)),
    st.tuples(st.just("match"), st.sampled_from(HOLDERS), st.sampled_from(["a", "b"]), st.booleans()),
    st.tuples(st.just("hold"), st.sampled_from(["dev", "dev2"]), st.sampled_from(HOLDERS)),
    st.tuples(st.just("assist"), st.sampled_from(["a", "b", "c"])),
    st.tuples(st.just("stats"), st.sampled_from(["dev", "dev2"])),
)


def run(store: Storage, call: tuple[Any, ...]) -> object:
    kind = call[0]
    if kind == "hand":
        return store.record_hand(call[1], call[2], call[3], hand(call[2], call[3], points=call[4]))
    if kind == "match":
        return store.record_match(call[1], call[2], match(call[2], call[3]))
    if kind == "hold":
        return store.hold_token(call[1], call[2])
    if kind == "assist":
        return store.mark_assisted(call[1])
    hands, matches = store.stats_lines(call[1])
    return (sorted(json.dumps(h, sort_keys=True) for h in hands), sorted(json.dumps(m, sort_keys=True) for m in matches),
            device_stats(store, call[1]))


def test_any_sequence_of_calls_gets_the_same_answers_from_both(redis_server: RedisServer) -> None:  # noqa: F811
    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.lists(calls, max_size=25))
    def same(seq: list[tuple[Any, ...]]) -> None:
        sql = SQLiteStorage(":memory:", clock=ticking())
        red = RedisStorage(redis_server.url, fresh_prefix(), clock=ticking())
        try:
            for s in (sql, red):
                s.create_match("a", "dev", "easy", 1, 0)
                s.create_match("b", "ROOM", "easy", 2, 0, "room", (SeatRecord("t1", "Ann"),) * 4)
            for call in seq:
                assert run(sql, call) == run(red, call), call
        finally:
            sql.close()
            red.close()
    same()


# ---------------------------------------------------------------- an old file


def test_an_sqlite_file_from_before_the_statistics_opens_with_them(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    db.executescript(OLD_SCHEMA)
    db.execute("INSERT INTO matches (id, device, level, seed, first_dealer, created, updated, kind, game)"
               " VALUES ('s', 'dev', 'easy', 7, 1, 1.0, 1.0, 'solo', 'table')")
    db.commit()
    db.close()
    store = SQLiteStorage(path)
    try:
        assert store.stats_lines("dev") == ([], [])
        old = store.load("s")
        assert old is not None and old.device == "dev"
        store.record_match("dev", "s", match("s", True))
        store.mark_assisted("s")
    finally:
        store.close()
    store = SQLiteStorage(path)  # opened again: the lines and the mark are there
    try:
        assert store.stats_lines("dev")[1] == [{**match("s", True), "assisted": True}]
    finally:
        store.close()
