"""Several processes on Redis: the :class:`~pinochle.server.adapters.redis_link.RedisLink` link itself
(leases, presence, locks, pub/sub), then two real ``pinochle serve --redis`` processes sharing one real
``redis-server``: a room across them, a kill -9 of the process driving a table, the secrecy audit over
the whole multi-process match, and Redis stopped in the middle of a match.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from pinochle.server.adapters.redis_link import RedisLink
from pinochle.server.storage import StorageFault

from .live_support import run_async
from .redis_support import RedisTarget, redis_server, redis_target  # noqa: F401
from .redis_support import two_clusters as shared_two_clusters

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


def quick_cluster(target: RedisTarget) -> RedisLink:
    """A cluster with short timings, so that expiry happens within a test."""
    return RedisLink(target.url, target.prefix, lease_seconds=0.4, beat=0.1, process_ttl=0.5)


def two_clusters(target: RedisTarget) -> contextlib.AbstractAsyncContextManager[tuple[RedisLink, RedisLink]]:
    """Two started :func:`quick_cluster` processes of one service, stopped at the end."""
    return shared_two_clusters(target, lease_seconds=0.4, beat=0.1, process_ttl=0.5)


async def crash(c: RedisLink) -> None:
    """Stop ``c`` as a kill -9 would: its tasks end, nothing is withdrawn from Redis."""
    for task in c._tasks:
        task.cancel()
    await asyncio.wait(c._tasks, timeout=5)
    await c.redis.aclose()
    await c._sub.aclose()


# ---------------------------------------------------------------- the Redis link


def test_lease_is_held_by_one_process_and_taken_over_when_it_runs_out(redis_target: RedisTarget) -> None:
    async def go() -> None:
        async with two_clusters(redis_target) as (a, b):
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
        inside = 0
        most = 0
        counter = {"n": 0}

        async def bump(c: RedisLink) -> None:
            nonlocal inside, most
            async with c.lock("room:ABC", seconds=5, wait=20):
                inside += 1
                most = max(most, inside)
                n = counter["n"]
                await asyncio.sleep(0.005)  # a read-modify-write that another process could interleave
                counter["n"] = n + 1
                inside -= 1

        async with two_clusters(redis_target) as (a, b):
            await asyncio.gather(*(bump(c) for _ in range(15) for c in (a, b)))
            assert (most, counter["n"]) == (1, 30)
            # a lock held elsewhere for longer than the wait: refused, with a message for the player
            async with a.lock("room:XYZ"):
                with pytest.raises(StorageFault, match="busy"):
                    async with b.lock("room:XYZ", wait=0.1):
                        pass

    run_async(go, 60)


def test_a_burst_past_the_connection_pool_waits_instead_of_failing(redis_target: RedisTarget) -> None:
    """More Redis calls at once than the process's connections: each waits for a free one (bug: redis-py's
    default pool refused them at once, "Too many connections", and tables opening in a burst failed)."""
    async def go() -> None:
        a = RedisLink(redis_target.url, redis_target.prefix, max_connections=4)
        await a.start()
        try:
            async def hold_then_write(i: int) -> None:
                async with a.guard():
                    await a.redis.blpop([a.key("nothing")], timeout=0.1)  # holds its connection a while
                    await a.redis.set(a.key(f"burst{i}"), "1")
            await asyncio.gather(*(hold_then_write(i) for i in range(12)))
            assert await a.redis.exists(*(a.key(f"burst{i}") for i in range(12))) == 12
        finally:
            await a.stop()

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


# ---------------------------------------------------------------- two processes of one service

from pinochle.server.redis_storage import RedisStorage  # noqa: E402

from .live_support import Client, Msg, Server, check_secrecy  # noqa: E402


def serve_pair(tmp_path: Path, target: RedisTarget, *extra: str) -> tuple[Server, Server]:
    """Two ``pinochle serve --redis`` processes on one Redis (computers move at once: bot delay 0)."""
    opts = ("--redis", target.url, "--redis-prefix", target.prefix, *extra)
    a, b = Server(tmp_path, *opts, name="a"), Server(tmp_path, *opts, name="b")
    a.start()
    try:
        b.start()
    except BaseException:
        a.stop()
        raise
    return a, b


def stop_all(*servers: Server) -> None:
    for s in servers:
        if s.proc is not None:
            s.stop()


async def room_across(ann: Client, bob: Client) -> str:
    """Ann creates a room through her process, Bob joins through his; both Ready, Ann starts (computers at E
    and W); both get the match's first state. The match id."""
    await ann.hello()
    await bob.hello()
    await ann.send({"type": "create_room", "name": "Ann", "level": "easy"})
    joined = await ann.expect("joined")
    ann.token = joined["token"]
    await bob.send({"type": "join_room", "code": joined["room"]["code"], "name": "Bob"})
    joined = await bob.expect("joined")
    bob.token = joined["token"]
    # Ann hears Bob arrive through the other process
    await ann.expect("room", lambda m: m["room"]["seats"]["N"] is not None and m["room"]["seats"]["N"]["name"] == "Bob")
    for c in (ann, bob):
        await c.send({"type": "ready", "ready": True})
    await ann.expect("room", lambda m: all(s is None or s["ready"] for s in m["room"]["seats"].values()),
                     skip=("room",))
    await ann.send({"type": "start"})
    first = [await c.expect("state", lambda m: m["event"] == "start", skip=("room",)) for c in (ann, bob)]
    assert first[0]["match"]["id"] == first[1]["match"]["id"]
    for c, msg in zip((ann, bob), first):
        c.unread(msg)  # to be played from
    return str(first[0]["match"]["id"])


def hand_over(msg: Msg) -> bool:
    return bool(msg["view"]["phase"] in ("hand_end", "match_end"))


def public(view: dict[str, Any]) -> dict[str, Any]:
    """The part of a view every seat sees alike."""
    return {k: view[k] for k in ("version", "phase", "tricks", "totals", "melds", "auction", "declarer", "trump",
                                 "bid", "hand_sizes", "last_hand")}


def test_room_across_two_processes_plays_a_hand_and_keeps_every_secret(tmp_path: Path,
                                                                      redis_target: RedisTarget) -> None:
    a, b = serve_pair(tmp_path, redis_target)
    ann, bob = Client(a.ws_url, "Ann", seed=1), Client(b.ws_url, "Bob", seed=2)

    async def go() -> None:
        await room_across(ann, bob)
        ends = await asyncio.gather(ann.play(hand_over), bob.play(hand_over))
        assert [e["view"]["phase"] for e in ends] == ["hand_end", "hand_end"]
        assert public(ends[0]["view"]) == public(ends[1]["view"]), "the two processes showed different tables"
        assert (ends[0]["table"]["you"], ends[1]["table"]["you"]) == ("S", "N")
        for c, msg in zip((ann, bob), ends):
            c.unread(msg)
        # each asks for the next hand through their own process; the driving process deals once both have
        nexts = await asyncio.gather(*(c.play(lambda m: m["view"]["hand_number"] == 2) for c in (ann, bob)))
        assert [n["view"]["phase"] for n in nexts] == ["auction", "auction"]
        asked = [m for m in ann.messages if m["type"] == "state" and m["event"] == "next_ready"]
        assert asked and asked[-1]["table"]["seats"]["N"]["next_ready"], "Ann was not told that Bob asked to deal"
        for c in (ann, bob):
            await c.close()

    try:
        run_async(go, 60)
    finally:
        stop_all(a, b)
    storage = RedisStorage(redis_target.url, redis_target.prefix)
    try:
        counts = check_secrecy(None, [ann, bob], storage=storage)
    finally:
        storage.close()
    assert counts["states"] >= 20 and counts["matches"] == 1, counts
    for c, other in ((ann, bob), (bob, ann)):
        text = json.dumps(c.messages)
        assert other.device is not None and other.device not in text, f"{c.name} was sent {other.name}'s device token"


async def play_tolerating_stale(c: Client, stop: Callable[[Msg], bool]) -> Msg:
    """:meth:`Client.play`, except that a move answered ``stale`` is let go: after a reconnect the process
    driving the table may still have been playing for the person when their first move came (it had
    not yet heard of the reconnect), and the fresh state follows the error."""
    while True:
        try:
            return await c.play(stop)
        except AssertionError as err:
            if "'code': 'stale'" not in str(err):
                raise


def ann_mid_trick(msg: Msg) -> bool:
    """Stop when South (Ann) is to play a card to a trick others have begun."""
    v = msg["view"]
    return bool(v["phase"] == "play" and v["turn"] == "S" and v["tricks"] and 0 < len(v["tricks"][-1]["cards"]) < 4)


def audit(target: RedisTarget, clients: list[Client]) -> dict[str, int]:
    """The secrecy audit of every message the clients got, against the stored log (tests/live_support.py);
    it also finds any version a client was shown that storage does not hold (an acknowledged action lost)."""
    storage = RedisStorage(target.url, target.prefix)
    try:
        counts = check_secrecy(None, clients, storage=storage)
    finally:
        storage.close()
    for c in clients:
        text = json.dumps(c.messages)
        for other in clients:
            assert other.device == c.device or other.device not in text, f"{c.name} was sent {other.name}'s device token"
    return counts


def test_kill_9_of_the_driving_process_loses_nothing_and_the_table_goes_on(tmp_path: Path,
                                                                         redis_target: RedisTarget) -> None:
    a, b = serve_pair(tmp_path, redis_target)
    ann, bob = Client(a.ws_url, "Ann", seed=3), Client(b.ws_url, "Bob", seed=4)
    lease_seconds = RedisLink(redis_target.url).lease_seconds
    took: list[float] = []

    async def go() -> None:
        match_id = await room_across(ann, bob)
        await asyncio.gather(ann.play(ann_mid_trick), bob.play(ann_mid_trick))
        before = ann.last_state
        assert before is not None and bob.last_state is not None
        assert bob.last_state["view"]["version"] == before["view"]["version"]
        holder = redis_target.server.client().get(f"{redis_target.prefix}lease:{match_id}")
        assert a.proc is not None and holder is not None and f"/{a.proc.pid}/" in holder.decode(), \
            "the process Ann's room was started on does not drive its table"
        killed = time.monotonic()
        a.kill()
        # Ann reconnects to the other process: the same seat, the same view
        ann.url = b.ws_url
        resync = await ann.reconnect()
        assert resync[0]["seat"]["match"] == match_id
        assert resync[-1]["table"]["you"] == "S"
        assert resync[-1]["view"] == before["view"], "the view after the reconnect is not the view before the kill"
        # her card, then a computer's: the surviving process drives the table once the lease has run out
        v = before["view"]["version"]
        await ann.send({"type": "action", "match": match_id, "version": v,
                        "action": {"type": "play", "card": before["view"]["legal"]["play"][0]}})
        # (the lease runs out 3 s after the kill and the sweep comes each second; the margin is for a
        # machine shared with the other test worker: the time taken is printed, and measured in docs/)
        moved = await ann.expect("state", lambda m: m["view"]["version"] >= v + 2, skip=("state",),
                                 timeout=lease_seconds + 12)
        took.append(time.monotonic() - killed)
        ann.unread(moved)
        await asyncio.gather(ann.play(hand_over), bob.play(hand_over))
        for c in (ann, bob):
            await c.close()

    try:
        run_async(go, 60)
    finally:
        stop_all(a, b)
    counts = audit(redis_target, [ann, bob])
    assert counts["matches"] == 1 and counts["states"] >= 20, counts
    print(f"failover: the table moved on {took[0]:.2f} s after the kill -9 (lease {lease_seconds} s)")


#: What a reconnect with a seat token at a room's table gets before anything else (docs/protocol.md,
#: "Connecting", item 3): the welcome, the room, and the table's state with event "resume".
RESYNC = [("welcome", None), ("room", None), ("state", "resume")]


async def table_of_three(urls: tuple[str, str, str]) -> tuple[Client, Client, Client]:
    """Ann creates a room, Bob and Carl join it (each through the process of their ``urls``: Ann, Bob,
    Carl), all three Ready, Ann starts (a computer at West); each gets the match's first state."""
    people = (Client(urls[0], "Ann", seed=21), Client(urls[1], "Bob", seed=22), Client(urls[2], "Carl", seed=23))
    ann = people[0]
    for c in people:
        await c.hello()
    await ann.send({"type": "create_room", "name": "Ann", "level": "easy"})
    joined = await ann.expect("joined")
    ann.token = joined["token"]
    for c in people[1:]:
        await c.send({"type": "join_room", "code": joined["room"]["code"], "name": c.name})
        c.token = (await c.expect("joined", skip=("room",)))["token"]
    for c in people:
        await c.send({"type": "ready", "ready": True})
    await ann.expect("room", lambda m: sum(bool(s and s["ready"]) for s in m["room"]["seats"].values()) == 3,
                     skip=("room",))
    await ann.send({"type": "start"})
    for c in people:
        await c.expect("state", lambda m: m["event"] == "start", skip=("room",))
    return people


async def settled(people: tuple[Client, ...]) -> int:
    """Read every person's messages until the table waits for a person (nothing comes for a moment); the
    version they all see."""
    for c in people:
        with contextlib.suppress(AssertionError):  # no message within the moment: the table waits
            while True:
                await c.recv(0.5)
    versions = {c.last_state["view"]["version"] for c in people if c.last_state is not None}
    assert len(versions) == 1, f"the people were shown different versions: {versions}"
    return versions.pop()


async def resyncs(moves: list[tuple[Client, str]]) -> list[list[tuple[str, str | None]]]:
    """Each client reconnects through its url, all at once (each one's hello sent before anyone's answer is
    read); what each gets, as (type, event), from its welcome up to its first state."""
    for c, url in moves:
        await c.close()
        c.url = url
        await c.connect()
        await c.send({"type": "hello", "device": c.device, "seat": c.token})
    got = []
    for c, _ in moves:
        seen = [await c.recv()]
        while seen[-1]["type"] != "state":
            seen.append(await c.recv())
        assert seen[0]["type"] != "welcome" or seen[0]["seat"] is not None, f"{c.name} lost the seat: {seen[0]}"
        got.append([(m["type"], m.get("event")) for m in seen])
    return got


def test_a_failover_resyncs_each_person_as_one_process_does(tmp_path: Path, redis_target: RedisTarget) -> None:
    """Found by a tester: three people at a room's table on process A; A is killed (SIGKILL) and each
    reconnects through B with the device and seat tokens. They were sent a ``presence`` state before
    the room and their ``resume`` (the table announcing their own return, or another's, overtook the
    resync). One process, killed and started again, resyncs each with welcome, room, resume: the
    service must do the same."""
    one = Server(tmp_path, name="one")
    one.start()
    try:
        async def alone() -> list[list[tuple[str, str | None]]]:
            people = await table_of_three((one.ws_url,) * 3)
            await settled(people)
            one.kill()
            one.start()
            got = await resyncs([(c, one.ws_url) for c in people])
            for c in people:
                await c.close()
            return got

        single = run_async(alone, 60)
    finally:
        stop_all(one)
    assert single == [RESYNC] * 3, single

    a, b = serve_pair(tmp_path, redis_target)
    people: tuple[Client, ...] = ()

    async def go() -> list[list[tuple[str, str | None]]]:
        nonlocal people
        people = await table_of_three((a.ws_url,) * 3)
        version = await settled(people)
        a.kill()
        got = await resyncs([(c, b.ws_url) for c in people])
        for c in people:
            assert c.last_state is not None and c.last_state["view"]["version"] == version, c.name
            assert c.room is not None and c.room["phase"] == "playing"
        for c in people:
            await c.close()
        return got

    try:
        cluster = run_async(go, 60)
    finally:
        stop_all(a, b)
    assert cluster == single, cluster
    audit(redis_target, list(people))


def test_people_reconnecting_crosswise_after_a_redis_outage_are_resynced_as_by_one_process(
        tmp_path: Path, redis_target: RedisTarget) -> None:
    """Found by a tester: Ann and Bob at a room's table through process A, Carl through B; Redis goes down
    and comes back; then Ann and Bob reconnect through B and Carl through A. Each must get welcome, room
    and the state with event "resume" first, as from one process, and the table go on."""
    a, b = serve_pair(tmp_path, redis_target)
    people: tuple[Client, ...] = ()

    async def go() -> None:
        nonlocal people
        people = await table_of_three((a.ws_url, a.ws_url, b.ws_url))
        ann, bob, carl = people
        version = await settled(people)
        await asyncio.to_thread(redis_target.server.stop)  # SHUTDOWN SAVE: its data comes back with it
        await asyncio.sleep(0.5)
        await asyncio.to_thread(redis_target.server.start)
        # both processes are back once a hello through each is answered (one during the outage is closed, 1012);
        # one device for every try, which the limit of device tokens per address never refuses
        for url in (a.ws_url, b.ws_url):
            async def answered(url: str = url) -> bool:
                probe = Client(url, "probe")
                await probe.connect()
                await probe.send({"type": "hello", "device": "probe-device-0123456789", "seat": None})
                first = await probe.recv()
                await probe.close()
                return bool(first["type"] == "welcome")
            await eventually(answered, "a process answers hello again after Redis came back")
        got = await resyncs([(ann, b.ws_url), (bob, b.ws_url), (carl, a.ws_url)])
        assert got == [RESYNC] * 3, got
        for c in people:
            assert c.last_state is not None and c.last_state["view"]["version"] == version, c.name
        # the table goes on: whoever's move it is makes it, and everyone is shown it
        mover = next(c for c in people if c.last_state is not None
                     and c.last_state["view"]["turn"] == c.last_state["table"]["you"])
        for c in people:
            assert c.last_state is not None
            c.unread(c.last_state)
        await mover.play(lambda m: m["view"]["version"] > version)
        for c in people:
            if c is not mover:
                await c.expect("state", lambda m: m["view"]["version"] > version, skip=("state", "room"))
        for c in people:
            await c.close()

    try:
        run_async(go, 90)
    finally:
        stop_all(a, b)
    audit(redis_target, list(people))


def test_redis_stopped_mid_match_refuses_the_move_and_play_resumes_when_it_is_back(
        tmp_path: Path, redis_target: RedisTarget) -> None:
    a, b = serve_pair(tmp_path, redis_target)
    ann, bob = Client(a.ws_url, "Ann", seed=5), Client(b.ws_url, "Bob", seed=6)

    async def go() -> None:
        match_id = await room_across(ann, bob)
        await asyncio.gather(ann.play(ann_mid_trick), bob.play(ann_mid_trick))
        assert ann.last_state is not None
        v = ann.last_state["view"]["version"]
        move = {"type": "action", "match": match_id, "version": v,
                "action": {"type": "play", "card": ann.last_state["view"]["legal"]["play"][0]}}
        await asyncio.to_thread(redis_target.server.stop)  # SHUTDOWN SAVE: its data comes back with it
        try:
            await ann.send(move)
            refused = await ann.expect("error", skip=("state",))
            assert refused["code"] == "storage" and "Redis" in refused["message"], refused
            # a new connection meanwhile: its hello cannot be answered; it is told why, and to come back
            carl = Client(b.ws_url, "Carl")
            await carl.connect()
            await carl.send({"type": "hello", "device": None, "seat": None})
            assert (await carl.expect("error"))["code"] == "storage"
            assert (await carl.wait_closed()).code == 1012
        finally:
            await asyncio.to_thread(redis_target.server.start)
        await ann.send(move)  # the same move, once Redis is back
        done = await ann.expect("state", skip=("state",), where=lambda m: m["view"]["version"] > v)
        assert done["view"]["tricks"][-1]["cards"][-1] == move["action"]["card"]  # type: ignore[index]
        ann.unread(done)
        await asyncio.gather(ann.play(hand_over), bob.play(hand_over))  # the computers move again too
        for c in (ann, bob):
            await c.close()

    try:
        run_async(go, 60)
    finally:
        stop_all(a, b)
    counts = audit(redis_target, [ann, bob])
    assert counts["matches"] == 1, counts


def test_a_person_away_is_played_for_and_takes_the_seat_back_on_the_other_process(
        tmp_path: Path, redis_target: RedisTarget) -> None:
    a, b = serve_pair(tmp_path, redis_target, "--away-seconds", "1")
    ann, bob = Client(a.ws_url, "Ann", seed=7), Client(b.ws_url, "Bob", seed=8)

    def south(msg: Msg) -> dict[str, Any]:
        return dict(msg["table"]["seats"]["S"])

    async def go() -> None:
        match_id = await room_across(ann, bob)  # Ann's process drives the table
        await asyncio.gather(ann.play(ann_mid_trick), bob.play(ann_mid_trick))
        assert ann.last_state is not None
        v = ann.last_state["view"]["version"]
        await ann.close()
        # Bob, on the other process, sees Ann go, then a computer play for her once the away time has run out
        played_for = await bob.play(lambda m: south(m)["stand_in"] and m["view"]["version"] > v)
        shown = [south(m) for m in bob.messages if m["type"] == "state" and m["match"]["id"] == match_id]
        assert {"connected": False, "stand_in": False} in [{k: s[k] for k in ("connected", "stand_in")} for s in shown]
        # (at version v it was Ann's move: the table went past it only through the computer playing for her)
        # Ann comes back through Bob's process: her seat at once, no computer for her any more, for both
        ann.url = b.ws_url
        resync = await ann.reconnect()
        assert resync[-1]["table"]["you"] == "S" and not south(resync[-1])["stand_in"]
        ann.unread(resync[-1])
        bob.unread(played_for)
        back = await bob.play(lambda m: not south(m)["stand_in"] and south(m)["connected"])
        assert back["table"]["seats"]["S"]["name"] == "Ann"
        bob.unread(back)
        await asyncio.gather(play_tolerating_stale(ann, hand_over), bob.play(hand_over))
        for c in (ann, bob):
            await c.close()

    try:
        run_async(go, 60)
    finally:
        stop_all(a, b)
    audit(redis_target, [ann, bob])


def test_a_solo_match_followed_through_both_processes_goes_on_after_its_process_dies(
        tmp_path: Path, redis_target: RedisTarget) -> None:
    a, b = serve_pair(tmp_path, redis_target)
    here, there = Client(a.ws_url, "Dev on A", seed=9), Client(b.ws_url, "Dev on B", seed=9)

    async def go() -> None:
        await here.hello()
        await here.send({"type": "new_match", "level": "easy"})
        start = await here.expect("state", lambda m: m["event"] == "start")
        # the device's other tab, on the other process, follows the same match and plays it from there
        there.device = here.device
        welcome = await there.hello()
        assert welcome["match"]["id"] == start["match"]["id"]
        await there.send({"type": "resume", "match": None})
        mid = await there.play(lambda m: m["view"]["version"] >= 12 and m["view"]["turn"] == "S")
        seen = await here.expect("state", lambda m: m["view"]["version"] == mid["view"]["version"], skip=("state",))
        assert seen["view"] == mid["view"], "the two tabs of one device were shown different tables"
        a.kill()  # the process that started (and drives) the match
        there.unread(mid)
        end = await there.play(hand_over, timeout=RedisLink(redis_target.url).lease_seconds + 10)
        assert end["view"]["phase"] == "hand_end"
        for c in (here, there):
            await c.close()

    try:
        run_async(go, 60)
    finally:
        stop_all(a, b)
    audit(redis_target, [here, there])


def test_a_redis_hang_does_not_hold_up_the_other_sockets(tmp_path: Path, redis_target: RedisTarget) -> None:
    """Found by a tester: a message's lookups (the device's match, the room, the table) read Redis on the event
    loop, so during a Redis hang 3 ``resume`` messages held every other socket of the process for 4.5 s (a
    browser takes 3.5 s of silence for a dropped connection). They read in a worker thread now: another
    socket's ping is answered while redis-server is still frozen, and the resumes are answered ``storage``
    (or with the state, once it answers again)."""
    server = Server(tmp_path, "--redis", redis_target.url, "--redis-prefix", redis_target.prefix, name="a")
    server.start()
    ann, bob = Client(server.ws_url, "Ann"), Client(server.ws_url, "Bob")
    redis = redis_target.server.proc
    assert redis is not None
    thawed = threading.Event()

    def thaw() -> None:
        thawed.set()  # before SIGCONT: a pong read while this is unset came while Redis was frozen
        redis.send_signal(signal.SIGCONT)

    async def go() -> None:
        await ann.hello()
        await bob.hello()
        await ann.send({"type": "new_match", "level": "easy"})
        await ann.expect("state")
        timer = threading.Timer(3.0, thaw)  # the hang: 3 s, less than the 4 resumes' 4 × 1.5 s timeouts
        redis.send_signal(signal.SIGSTOP)
        timer.start()
        try:
            for _ in range(4):
                await ann.send({"type": "resume", "match": None})
            await asyncio.sleep(0.3)  # the resumes are being handled
            await bob.send({"type": "ping"})
            await bob.expect("pong")
            assert not thawed.is_set(), "the pong waited for Redis: the resumes blocked the event loop"
        finally:
            timer.join()
            if not thawed.is_set():
                thaw()
        answers = 0
        while answers < 4:
            msg = await ann.recv()
            if msg["type"] == "error":
                assert msg["code"] == "storage", msg
                answers += 1
            elif msg["type"] == "state" and msg["event"] == "resume":
                answers += 1
        for c in (ann, bob):
            await c.close()

    try:
        run_async(go, 60)
    finally:
        stop_all(server)
