"""Several processes on Redis (issue 16): the :class:`~pinochle.server.cluster.Cluster` link itself
(leases, presence, locks, pub/sub), then two real ``pinochle serve --redis`` processes sharing one real
``redis-server``: a room across them, a kill -9 of the process driving a table, the secrecy audit over
the whole multi-process match, and Redis stopped in the middle of a match.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from pinochle.server.cluster import Cluster
from pinochle.server.storage import StorageFault

from .live_support import run_async
from .redis_support import RedisTarget, redis_server, redis_target  # noqa: F401

#: generous bound for anything that should happen "soon" (a failure, never a measurement)
SOON = 10.0


async def eventually(check: Callable[[], bool | Awaitable[bool]], what: str, within: float = SOON) -> None:
    """Wait until ``check()`` is true; fail naming ``what`` after ``within`` seconds."""
    deadline = time.monotonic() + within
    while True:
        got = check()
        if not isinstance(got, bool):
            got = await got
        if got:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {within} s: {what}")
        await asyncio.sleep(0.02)


def quick_cluster(target: RedisTarget) -> Cluster:
    """A cluster with short timings, so that expiry happens within a test."""
    return Cluster(target.url, target.prefix, lease_seconds=0.4, beat=0.1, process_ttl=0.5)


async def crash(c: Cluster) -> None:
    """Stop ``c`` as a kill -9 would: its tasks end, nothing is withdrawn from Redis."""
    for task in c._tasks:
        task.cancel()
    await asyncio.gather(*c._tasks, return_exceptions=True)
    await c.redis.aclose()
    await c._sub.aclose()


# ---------------------------------------------------------------- the Cluster link


def test_lease_is_held_by_one_process_and_taken_over_when_it_runs_out(redis_target: RedisTarget) -> None:
    async def go() -> None:
        a, b = quick_cluster(redis_target), quick_cluster(redis_target)
        await a.start()
        await b.start()
        try:
            assert await a.acquire("m1")
            assert not await b.acquire("m1"), "a lease held by A was given to B"
            assert await a.holder("m1") == a.pid
            assert await a.renew("m1") and not await b.renew("m1")
            assert await b.renew_many(["m1", "other"]) == {"m1", "other"}
            assert not await b.release("m1") and await a.holder("m1") == a.pid, "B released A's lease"
            # A stops renewing (as if it died): B takes the lease once it runs out, and A learns it lost it
            await eventually(lambda: b.acquire("m1"), "B takes the expired lease")
            assert await a.holder("m1") == b.pid
            assert await a.renew_many(["m1"]) == {"m1"}
            assert await b.holders(["m1", "m2"]) == {"m1": b.pid, "m2": None}
            # a holder that releases hands the lease over at once
            assert await b.release("m1")
            assert await a.acquire("m1")
        finally:
            await a.stop()
            await b.stop()

    run_async(go, 60)


def test_presence_is_seen_by_another_process_and_dropped_when_its_process_dies(redis_target: RedisTarget) -> None:
    async def go() -> None:
        a, b = quick_cluster(redis_target), quick_cluster(redis_target)
        await a.start()
        await b.start()
        changes: list[str] = []
        b.watch(changes.append)
        try:
            a.token_up("tok-1")
            await eventually(lambda: b.elsewhere("tok-1"), "B sees A's socket of tok-1")
            assert not a.elsewhere("tok-1"), "a process counts its own socket as elsewhere"
            assert changes == ["tok-1"]
            a.token_down("tok-1")
            await eventually(lambda: not b.elsewhere("tok-1"), "B sees tok-1 leave A")
            assert changes == ["tok-1", "tok-1"]
            # a third process started later loads the presence already there
            a.token_up("tok-2")
            await eventually(lambda: b.elsewhere("tok-2"), "B sees tok-2")
            c = quick_cluster(redis_target)
            await c.start()
            assert c.elsewhere("tok-2")
            await c.stop()
            # A dies without a word: once its heartbeat expires, its sockets count as gone
            assert sorted(await b.alive()) == sorted([a.pid, b.pid])
            await crash(a)
            await eventually(lambda: not b.elsewhere("tok-2"), "B drops the presence of a dead process")
            assert await b.alive() == [b.pid]
        finally:
            await b.stop()

    run_async(go, 60)


def test_lock_excludes_other_processes(redis_target: RedisTarget) -> None:
    async def go() -> None:
        a, b = quick_cluster(redis_target), quick_cluster(redis_target)
        await a.start()
        await b.start()
        inside = 0
        most = 0
        counter = {"n": 0}

        async def bump(c: Cluster) -> None:
            nonlocal inside, most
            async with c.lock("room:ABC", seconds=5, wait=20):
                inside += 1
                most = max(most, inside)
                n = counter["n"]
                await asyncio.sleep(0.005)  # a read-modify-write that another process could interleave
                counter["n"] = n + 1
                inside -= 1

        try:
            await asyncio.gather(*(bump(c) for _ in range(15) for c in (a, b)))
            assert (most, counter["n"]) == (1, 30)
            # a lock held elsewhere for longer than the wait: refused, with a message for the player
            async with a.lock("room:XYZ"):
                with pytest.raises(StorageFault, match="busy"):
                    async with b.lock("room:XYZ", wait=0.1):
                        pass
        finally:
            await a.stop()
            await b.stop()

    run_async(go, 60)


def test_pubsub_reaches_other_processes_and_resumes_after_redis_restarts(redis_target: RedisTarget) -> None:
    async def go() -> None:
        a, b = quick_cluster(redis_target), quick_cluster(redis_target)
        await a.start()
        await b.start()
        got_a: list[dict[str, Any]] = []
        got_b: list[dict[str, Any]] = []
        reconnects: list[int] = []

        async def hook() -> None:
            reconnects.append(1)

        b.on_reconnect(hook)
        a.listen(a.channel("news"), got_a.append)
        b.listen(b.channel("news"), got_b.append)
        await a.settle()
        await b.settle()
        try:
            await a.publish(a.channel("news"), {"n": 1})
            await eventually(lambda: got_b == [{"n": 1}], "B hears A")
            assert got_a == [], "a process heard its own message"
            await asyncio.to_thread(redis_target.server.stop)
            with pytest.raises(StorageFault, match="cannot be reached"):
                await a.publish(a.channel("news"), {"n": 2})
            await asyncio.to_thread(redis_target.server.start)
            await eventually(lambda: bool(reconnects) and b.up and a.up, "the listeners reconnect")
            await a.publish(a.channel("news"), {"n": 3})
            await eventually(lambda: got_b == [{"n": 1}, {"n": 3}], "B hears A again")
            b.unlisten(b.channel("news"), got_b.append)
            await b.settle()
            await a.publish(a.channel("news"), {"n": 4})
            await a.publish(a.channel("other"), {})
            await asyncio.sleep(0.1)
            assert got_b == [{"n": 1}, {"n": 3}]
        finally:
            await a.stop()
            await b.stop()

    run_async(go, 60)
