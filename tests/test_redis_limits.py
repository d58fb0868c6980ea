"""The room-code guard across processes: :class:`GuessGuard` on :class:`RedisCounters` against a real redis-server.

Two guards on one Redis stand for two processes of one service: a device that guesses through both is
counted once, an address's device tokens are counted together, the window is the in-memory guard's
(checked against :class:`GuessGuard` op by op), and two processes admitting at the same moment cannot
both take the last place.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from redis.asyncio import Redis

from pinochle.server.adapters.redis_counters import RedisCounters
from pinochle.server.limits import GuessGuard

from .redis_support import RedisServer, RedisTarget, redis_server, redis_target  # noqa: F401
from .test_protocol_errors import joins_at_once

T = TypeVar("T")


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def with_guards(target: RedisTarget, body: Callable[[GuessGuard, GuessGuard, Clock], Awaitable[T]],
                **limits: int) -> T:
    """Run ``body(a, b, clock)``: two guards ("processes") with their own clients, one prefix, one clock."""
    async def main() -> T:
        clock = Clock()
        ca, cb = Redis.from_url(target.url), Redis.from_url(target.url)
        try:
            a = GuessGuard(RedisCounters(ca, target.prefix, clock=clock), **limits)  # type: ignore[arg-type]
            b = GuessGuard(RedisCounters(cb, target.prefix, clock=clock), **limits)  # type: ignore[arg-type]
            return await body(a, b, clock)
        finally:
            await ca.aclose()
            await cb.aclose()
    return asyncio.run(main())


def test_wrong_codes_through_two_processes_count_once(redis_target: RedisTarget) -> None:
    async def body(a: GuessGuard, b: GuessGuard, clock: Clock) -> None:
        await a.wrong_code("1.2.3.4", "dev")
        await b.wrong_code("1.2.3.4", "dev")
        assert await a.refusal("1.2.3.4", "dev") is None
        await a.wrong_code("1.2.3.4", "dev")
        for guard in (a, b):
            refusal = await guard.refusal("1.2.3.4", "dev")
            assert refusal is not None and "this device (3 in an hour)" in refusal
        assert await b.refusal("1.2.3.4", "other") is None  # another device of the address is not limited
        clock.now += 3599
        assert await b.refusal("1.2.3.4", "dev") is not None
        clock.now += 1  # an hour after the wrong codes
        assert await b.refusal("1.2.3.4", "dev") is None

    with_guards(redis_target, body, bad_codes=3, bad_codes_per_address=100)


def test_an_address_is_limited_across_devices_and_processes(redis_target: RedisTarget) -> None:
    async def body(a: GuessGuard, b: GuessGuard, clock: Clock) -> None:
        for i in range(4):
            await (a if i % 2 else b).wrong_code("5.6.7.8", f"dev{i}")
        refusal = await a.refusal("5.6.7.8", "fresh")
        assert refusal is not None and "your network (4 in an hour)" in refusal
        assert await a.refusal("9.9.9.9", "fresh") is None

    with_guards(redis_target, body, bad_codes=10, bad_codes_per_address=4)


def test_device_tokens_per_address_across_processes(redis_target: RedisTarget) -> None:
    async def body(a: GuessGuard, b: GuessGuard, clock: Clock) -> None:
        assert await a.admit_device("1.1.1.1", "d1") and await b.admit_device("1.1.1.1", "d2")
        assert not await a.admit_device("1.1.1.1", "d3") and not await b.admit_device("1.1.1.1", "d3")
        assert await b.admit_device("1.1.1.1", "d1"), "a device seen from the address through A is known to B"
        assert await a.admit_device("2.2.2.2", "d3")
        clock.now += 3600
        assert await b.admit_device("1.1.1.1", "d3")

    with_guards(redis_target, body, devices_per_address=2)


def test_two_processes_admitting_at_once_cannot_both_take_the_last_place(redis_target: RedisTarget) -> None:
    async def body(a: GuessGuard, b: GuessGuard, clock: Clock) -> list[bool]:
        return list(await asyncio.gather(*((a, b)[i % 2].admit_device("3.3.3.3", f"d{i}") for i in range(20))))

    admitted = with_guards(redis_target, body, devices_per_address=5)
    assert admitted.count(True) == 5


def test_counts_stay_bounded_and_expire(redis_target: RedisTarget) -> None:
    async def body(a: GuessGuard, b: GuessGuard, clock: Clock) -> list[tuple[int, int]]:
        for _ in range(10):
            await a.wrong_code("4.4.4.4", "dev")
        assert isinstance(a.counters, RedisCounters)
        client = a.counters.client
        keys = [k async for k in client.scan_iter(f"{redis_target.prefix}guess:*")]
        return [(await client.zcard(k), await client.pttl(k)) for k in keys]

    sizes = with_guards(redis_target, body, bad_codes=3, bad_codes_per_address=5)
    assert sorted(n for n, _ in sizes) == [3, 5]
    assert all(0 < ttl <= 3600_000 for _, ttl in sizes), "every count expires with its window"


def test_redis_down_lets_requests_through(redis_target: RedisTarget) -> None:
    """Everything the guard protects lives in the same Redis: while it is down nobody can guess, so it lets go."""
    async def body(a: GuessGuard, b: GuessGuard, clock: Clock) -> None:
        await a.wrong_code("1.2.3.4", "dev")
        assert await a.refusal("1.2.3.4", "dev") is not None
        with redis_target.server.down(keep_data=True):
            assert await a.refusal("1.2.3.4", "dev") is None
            assert await a.admit_device("1.2.3.4", "new")
            await a.wrong_code("1.2.3.4", "dev")
        assert await b.refusal("1.2.3.4", "dev") is not None  # back: the count was kept

    with_guards(redis_target, body, bad_codes=1)


def test_codes_tried_at_once_through_two_processes_never_pass_the_limit(redis_target: RedisTarget) -> None:
    """Found by a tester: 5 sockets of one device sending 6 wrong codes each through 3 processes got 23 ``no_room``
    for a limit of 20 (the check and the count were two steps). ``try_code`` is one script: of many tries at
    once, exactly the limit's pass, and a right code's count is taken back."""
    async def body(a: GuessGuard, b: GuessGuard, clock: Clock) -> None:
        tries = await asyncio.gather(*((a, b)[i % 2].try_code("8.8.8.8", "dev") for i in range(12)))
        passed = [ticket for refusal, ticket in tries if refusal is None]
        assert len(passed) == 4 and all(passed)
        assert all(refusal is not None and "this device (4 in an hour)" in refusal for refusal, _ in tries
                   if refusal is not None)
        await b.right_code("8.8.8.8", "dev", passed[0])  # tried through A, found right through B
        assert await a.refusal("8.8.8.8", "dev") is None
        assert (await b.try_code("8.8.8.8", "dev"))[0] is None
        assert (await a.try_code("8.8.8.8", "dev"))[0] is not None

    with_guards(redis_target, body, bad_codes=4, bad_codes_per_address=100)


def test_joins_at_once_never_get_more_wrong_codes_than_the_limit(redis_target: RedisTarget, tmp_path: Path) -> None:
    """The server's join with the Redis guard: every check awaits Redis, so joins at once interleaved between the
    check and the count (as across processes)."""
    async def main() -> tuple[list[str], list[str]]:
        client = Redis.from_url(redis_target.url)
        try:
            guard = GuessGuard(RedisCounters(client, redis_target.prefix), bad_codes=3, bad_codes_per_address=100)
            return await joins_at_once(tmp_path / "g.db", guard, wrong=6)
        finally:
            await client.aclose()

    at_once, later = asyncio.run(main())
    assert at_once[0] == "joined"
    assert at_once.count("no_room") + later.count("no_room") == 3, (at_once, later)
    assert later[-1] == "rate_limited"


OPS = st.lists(st.tuples(st.sampled_from(["admit", "wrong", "ask", "wait", "try", "back"]), st.sampled_from(["A", "B"]),
                         st.integers(0, 3), st.integers(0, 40)), max_size=25)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(OPS)
def test_the_same_answers_as_the_in_memory_guard(redis_server: RedisServer, ops: list[tuple[str, str, int, int]]) -> None:
    """Op by op, two guards on Redis in turn answer as one guard in memory (sliding window, limits, known devices)."""
    limits = {"bad_codes": 2, "bad_codes_per_address": 3, "devices_per_address": 2, "window": 60}
    target = RedisTarget(redis_server.url, f"h{uuid.uuid4().hex[:10]}:", redis_server)

    async def body(a: GuessGuard, b: GuessGuard, clock: Clock) -> None:
        memory = GuessGuard(clock=clock, **limits)  # type: ignore[arg-type]
        tickets: list[tuple[str, str, str, str]] = []  # tries not taken back: address, device, both tickets
        for op, which, who, seconds in ops:
            guard = a if which == "A" else b
            address, device = f"10.0.0.{who % 2}", f"dev{who}"
            if op == "admit":
                assert await guard.admit_device(address, device) == await memory.admit_device(address, device)
            elif op == "wrong":
                await guard.wrong_code(address, device)
                await memory.wrong_code(address, device)
            elif op == "ask":
                assert await guard.refusal(address, device) == await memory.refusal(address, device)
            elif op == "try":
                (refused, ticket), (refused_here, ticket_here) = (await guard.try_code(address, device),
                                                                  await memory.try_code(address, device))
                assert refused == refused_here and bool(ticket) == bool(ticket_here) == (refused is None)
                if ticket:
                    tickets.append((address, device, ticket, ticket_here))
            elif op == "back":
                if tickets:  # a try not taken back was right (some time later, through either)
                    address, device, ticket, ticket_here = tickets.pop(seconds % len(tickets))
                    await guard.right_code(address, device, ticket)
                    await memory.right_code(address, device, ticket_here)
            else:
                clock.now += seconds

    with_guards(target, body, **limits)  # type: ignore[arg-type]
