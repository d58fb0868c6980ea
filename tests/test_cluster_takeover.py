"""Regression tests found by trying to break several processes on Redis: in-process
replicas of one match on two :class:`~pinochle.server.adapters.redis_link.RedisLink` links sharing a real
``redis-server`` (tests/redis_support.py), no server processes, so each test takes a moment.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

import pytest
from redis import exceptions as redis_errors

from pinochle.cards import Seat
from pinochle.game import Action, State, apply, auto_action, legal_actions, new_match, turn
from pinochle.server.adapters.redis_link import RedisLink
from pinochle.server.table import Table, Tables
from pinochle.server.redis_storage import RedisStorage
from pinochle.server.protocol import ErrorCode, ProtocolError
from pinochle.server.storage import SeatRecord, StorageFault
from pinochle.server.table import TableOptions

from .live_support import run_async
from .redis_support import RedisTarget, redis_server, redis_target, two_clusters  # noqa: F401


#: the seats of every stored match: people at N and S, computers at E and W
SEATS = (SeatRecord("tok-north-0123456789", "Bob"), SeatRecord(None, "East"),
         SeatRecord("tok-south-0123456789", "Ann"), SeatRecord(None, "West"))


def stored_until(storage: RedisStorage, match_id: str, seed: int, reached: Callable[[State], bool]) -> State:
    """Store a room match (:data:`SEATS`) played by random legal moves until ``reached(state)``; the state
    reached."""
    storage.create_match(match_id, "ROOMCODE23", "easy", seed, 0, "room", SEATS, TableOptions().to_json())
    state = new_match(seed=seed, first_dealer=0)
    rng = random.Random(seed)
    while not reached(state):
        action = auto_action(state)
        if action is None:
            seat = turn(state)
            assert seat is not None
            action = rng.choice(legal_actions(state, seat))
        storage.append_action(match_id, state.version, action.to_json(), False)
        state = apply(state, Action.from_json(action.to_json()))
    return state


@pytest.fixture
def storage(redis_target: RedisTarget) -> Iterator[RedisStorage]:
    """The store the processes share, closed at the end."""
    store = RedisStorage(redis_target.url, redis_target.prefix)
    yield store
    store.close()


@contextlib.asynccontextmanager
async def two_processes(target: RedisTarget, storage: RedisStorage,
                        other: RedisStorage | None = None) -> AsyncIterator[tuple[Tables, Tables]]:
    """The tables (bot delay 0) of two processes on :func:`two_clusters` links, the first on ``storage`` and
    the second on ``other`` (default: ``storage``); closed and stopped at the end."""
    async with two_clusters(target) as (one, two):
        first, second = (Tables(storage, 0.0, link=one, read_off_loop=True),
                         Tables(other or storage, 0.0, link=two, read_off_loop=True))
        try:
            yield first, second
        finally:
            first.close()
            second.close()


def test_a_takeover_at_a_hand_end_keeps_who_asked_for_the_next_hand(redis_target: RedisTarget,
                                                                     storage: RedisStorage) -> None:
    """Found live: South asked for the next hand through the driving process, which was then killed; the
    other process could not take the table over (the ready set held "58:S", read back as an int), so the
    hand was never dealt. The new owner must know South asked, and open the replica without an error."""
    end = stored_until(storage, "m-ready-1", seed=11, reached=lambda s: s.phase == "hand_end")

    async def go() -> None:
        async with two_processes(redis_target, storage) as (first, second):
            a = first.get("m-ready-1")
            assert a is not None and a.state.version == end.version
            await a.person_action(Seat.S, end.version, {"type": "deal"})  # Ann asks, through process one
            assert a.next_ready == {Seat.S}
            b = second.get("m-ready-1")  # Bob's replica on process two; process one then dies
            assert isinstance(b, Table)
            await b.resync()
            assert await second.claim(b, start=False), "process two could not take the table over"
            assert b.owned and b.next_ready == {Seat.S}, b.next_ready
            # Bob (his socket on process two) asks too: everyone has asked, so the new owner deals the next hand
            got: list[dict[str, object]] = []

            async def bob_socket(msg: dict[str, object]) -> None:
                got.append(msg)
            second.hub.subscribe("tok-north-0123456789", bob_socket)
            await b.person_action(Seat.N, end.version, {"type": "deal"})
            assert b.decide(b.clock())[0] == "deal"
            assert got and got[-1]["event"] == "next_ready"

    run_async(go, 30)


class LateWrites(RedisStorage):
    """A store whose appends are carried out but reported as failed, as when Redis hangs past the client's
    timeout and then wakes and runs the write (docs/server.md, "When Redis fails")."""

    def append_action(self, match_id: str, n: int, action: dict[str, object], finished: bool = False) -> None:
        super().append_action(match_id, n, action, finished)
        raise StorageFault("the shared store (Redis) did not answer in time: the move was not taken")


async def eventually(check: Callable[[], bool], what: str, within: float = 10.0) -> None:
    deadline = time.monotonic() + within
    while not check():
        assert time.monotonic() < deadline, f"not within {within} s: {what}"
        await asyncio.sleep(0.02)


@pytest.mark.parametrize("again", [True, False], ids=["moved-again", "not-again"])
def test_a_move_stored_after_a_timeout_reaches_the_driving_process(redis_target: RedisTarget, storage: RedisStorage,
                                                                   again: bool) -> None:
    """Found live: North's move on the process that does not drive the table timed out while Redis hung, and
    Redis ran it when it woke. North is told `storage`; whether North sends the move again (answered `stale`)
    or not, nobody told the driving process, which waited for North for ever (East, a computer, never moved).
    The process that met the doubtful write must tell the others once it reads the log again."""
    late = LateWrites(redis_target.url, redis_target.prefix)
    at = stored_until(storage, "m-late-1", seed=5, reached=lambda s: s.phase == "play" and turn(s) == Seat.N)
    card = str(legal_actions(at, Seat.N)[0].to_json()["card"])

    async def go() -> None:
        async with two_processes(redis_target, storage, late) as (first, second):
            a, b = first.get("m-late-1"), second.get("m-late-1")
            assert isinstance(a, Table) and isinstance(b, Table)
            await a.resync()
            await b.resync()
            assert await first.claim(a, start=False)  # process one drives; North's socket is on process two
            with pytest.raises(StorageFault):
                await b.person_action(Seat.N, at.version, {"type": "play", "card": card})
            assert len(storage.load("m-late-1").actions) == at.version + 1, "the late write was not stored"
            if again:  # North sends the move again, as the error says: the table has moved on
                with pytest.raises(ProtocolError) as refused:
                    await b.person_action(Seat.N, at.version, {"type": "play", "card": card})
                assert refused.value.code == ErrorCode.STALE
            else:  # North waits: the sweep of process two reads the log again
                await second.sweep()
            assert b.state.version == at.version + 1
            await eventually(lambda: a.state.version == at.version + 1, "the driving process hears of North's move")
            assert turn(a.state) == Seat.E and a.decide(a.clock())[0] in ("bot", None)

    try:
        run_async(go, 30)
    finally:
        late.close()


def test_a_failed_stand_ins_write_does_not_fail_a_stored_move(redis_target: RedisTarget, storage: RedisStorage,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The owner writes its stand-ins (``pin:standins:{id}``) with its first notice after a takeover. A Redis
    error on that one write escaped the person's move as it was (no StorageFault), after the move was stored:
    the app answered it ``server`` ("the match is unchanged", untrue), and neither the mover's socket nor the
    other process was told of the move. The move must stand and be told (no error of any kind: ``storage``
    would say that nothing was saved), the process go on, and play resume once Redis writes again."""
    at = stored_until(storage, "m-si-1", seed=5, reached=lambda s: s.phase == "play" and turn(s) == Seat.N)
    card = str(legal_actions(at, Seat.N)[0].to_json()["card"])

    async def go() -> None:
        async with two_processes(redis_target, storage) as (first, second):
            a, b = first.get("m-si-1"), second.get("m-si-1")  # process one drives; Bob's socket is there too
            assert isinstance(a, Table) and isinstance(b, Table)
            await b.resync()
            got: list[dict[str, object]] = []

            async def bob_socket(msg: dict[str, object]) -> None:
                got.append(msg)
            first.hub.subscribe("tok-north-0123456789", bob_socket)
            await asyncio.sleep(0.1)  # the presence change is told before the takeover, not with Bob's move
            assert await first.claim(a, start=False)
            # only the stand-ins write fails, as a dropped connection makes it fail
            cluster, failed = first.link, []
            assert isinstance(cluster, RedisLink)
            write = cluster.redis.set

            async def set_or_fail(name: str, *args: Any, **kwargs: Any) -> Any:
                if name == cluster.key(a.stand_ins_key):
                    failed.append(name)
                    raise redis_errors.ConnectionError("Connection reset by peer (planted)")
                return await write(name, *args, **kwargs)
            monkeypatch.setattr(cluster.redis, "set", set_or_fail)
            await a.person_action(Seat.N, at.version, {"type": "play", "card": card})  # no error at all
            assert failed == [cluster.key(a.stand_ins_key)], "Bob's move did not meet the failing write"
            stored = storage.load("m-si-1")
            assert stored is not None and len(stored.actions) == at.version + 1
            shown = got[-1]["view"] if got else None
            assert isinstance(shown, dict) and shown["version"] == at.version + 1, "Bob was not shown his move"
            await eventually(lambda: b.state.version == at.version + 1, "the other process hears of Bob's move")
            assert cluster.up and a.owned and not a.closed
            monkeypatch.undo()  # Redis writes again
            a.start()  # the owner drives again: East, a computer, plays, then it is Ann's turn (South)
            await eventually(lambda: b.state.version == at.version + 2, "East's move reaches the other process")
            assert turn(b.state) == Seat.S and turn(a.state) == Seat.S
            # the failed write is made again with the next notice (it was marked written before it was tried, so
            # a replica opened later read no stand-ins until they changed)
            written = await cluster.redis.get(cluster.key(a.stand_ins_key))
            assert written is not None and json.loads(written) == sorted(a._stand_ins()), written

    run_async(go, 30)


def test_a_socket_closed_while_redis_is_down_is_not_present_after_it_comes_back(redis_target: RedisTarget) -> None:
    """Found live: Bob closed his tab while Redis was down; his process could not withdraw his token, and after
    Redis came back it announced its tokens again but left the stale one in its presence set, so the other
    processes showed Bob connected for ever (no computer stood in for him, the table waited). A reconnect must
    leave exactly the tokens that have a socket now, and the others must hear that the rest are gone."""
    async def go() -> None:
        reconnects: list[int] = []

        async def hook() -> None:
            reconnects.append(1)

        # the hooks run on a reconnect only (never at start), so they may be added once both links are up
        async with two_clusters(redis_target, lease_seconds=0.4, beat=0.1, process_ttl=0.5) as (a, b):
            a.on_reconnect(hook)
            b.on_reconnect(hook)
            a.token_up("tok-bob-0123456789")
            a.token_up("tok-ann-0123456789")
            await eventually(lambda: b.elsewhere("tok-bob-0123456789") and b.elsewhere("tok-ann-0123456789"),
                             "B sees both tokens on A")
            await asyncio.to_thread(redis_target.server.stop)
            a.token_down("tok-bob-0123456789")  # Bob's tab closes while Redis is down: nobody can be told
            await asyncio.sleep(0.2)
            await asyncio.to_thread(redis_target.server.start)
            await eventually(lambda: len(reconnects) >= 2 and a.up and b.up, "both listeners reconnect")
            await eventually(lambda: not b.elsewhere("tok-bob-0123456789"), "B sees that Bob has gone")
            assert b.elsewhere("tok-ann-0123456789"), "Ann, still connected, was dropped"
            present = await a.redis.smembers(a.key("present", a.pid))
            assert set(present) == {"tok-ann-0123456789"}, present

    run_async(go, 60)


def test_a_socket_closed_while_redis_hangs_is_withdrawn_once_it_answers(redis_target: RedisTarget) -> None:
    """Found live: Bob closed his tab while Redis hung (SIGSTOP) for a few seconds; withdrawing his token timed
    out, the pub/sub connection survived (so no reconnect resynced anything), and the other processes showed
    Bob connected for ever. The heartbeat tells what could not be told once Redis answers."""
    async def go() -> None:
        # the default lifetime of a process (3 s) outlasts the hang: nobody is taken for dead here
        async with two_clusters(redis_target, beat=0.1) as (a, b):
            a.token_up("tok-bob-0123456789")
            a.token_up("tok-ann-0123456789")
            await eventually(lambda: b.elsewhere("tok-bob-0123456789") and b.elsewhere("tok-ann-0123456789"),
                             "B sees both tokens on A")
            with redis_target.server.paused():
                a.token_down("tok-bob-0123456789")
                await asyncio.sleep(2.0)  # past the client's timeout (1.5 s)
            await eventually(lambda: not b.elsewhere("tok-bob-0123456789"), "B sees that Bob has gone")
            assert b.elsewhere("tok-ann-0123456789"), "Ann, still connected, was dropped"
            assert set(await b.redis.smembers(a.key("present", a.pid))) == {"tok-ann-0123456789"}

    run_async(go, 60)


def test_a_process_taken_for_dead_announces_its_tokens_again(redis_target: RedisTarget) -> None:
    """Found live: a process frozen for 5 s (SIGSTOP; a long pause of any kind) was taken for dead by the others,
    which dropped its presence; it came back with Ann's socket, but the others showed her away and a computer
    played for her while she played on. The process must notice at its next heartbeat and announce its tokens."""
    async def go() -> None:
        async with two_clusters(redis_target, beat=0.2) as (a, b):
            a.token_up("tok-ann-0123456789")
            await eventually(lambda: b.elsewhere("tok-ann-0123456789"), "B sees Ann on A")
            # A's heartbeat runs out (as while it was frozen): B takes it for dead and drops its presence
            while a.pid not in await b.sweep_processes():
                await a.redis.delete(a.key("proc", a.pid))
            assert not b.elsewhere("tok-ann-0123456789")
            await eventually(lambda: b.elsewhere("tok-ann-0123456789"), "B sees Ann on A again")
            assert set(await b.redis.smembers(a.key("present", a.pid))) == {"tok-ann-0123456789"}

    run_async(go, 60)
