"""The in-memory adapters of the server (pinochle/server/adapters/memory*.py); the Redis ones are checked
against them op by op (tests/test_redis_limits.py)."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pinochle.server.adapters import memory_counters
from pinochle.server.adapters.memory_counters import MemoryCounters


def test_memory_counters_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memory_counters, "MAX_NAMES", 50)
    t = [0.0]
    counters = MemoryCounters(clock=lambda: t[0])

    async def spray() -> None:
        for i in range(500):  # a spray of addresses, one new name each
            t[0] += 1
            await counters.add([(f"address:{i}", 3)], 3600)
    asyncio.run(spray())
    assert len(counters._events) <= 50
    assert asyncio.run(counters.count(["address:499", "address:0"], 3600)) == [1, 0]  # the oldest went first


@given(st.lists(st.tuples(st.sampled_from(["add", "all", "wait"]), st.integers(0, 2), st.integers(1, 3)), max_size=40))
def test_a_name_never_holds_more_than_its_limit_and_add_all_is_all_or_none(ops: list[tuple[str, int, int]]) -> None:
    t = [0.0]
    counters = MemoryCounters(clock=lambda: t[0])

    async def run() -> None:
        for op, who, limit in ops:
            names = [(f"n{who}", limit), (f"n{(who + 1) % 3}", limit)]
            before = await counters.count([n for n, _ in names], 10)
            if op == "add":
                await counters.add(names, 10)
                after = await counters.count([n for n, _ in names], 10)
                assert after == [b + (b < limit) for b in before]
            elif op == "all":
                full, ticket = await counters.add_all(names, 10)
                after = await counters.count([n for n, _ in names], 10)
                if full:
                    assert after == before and before[full - 1] >= limit and ticket == ""
                else:
                    assert after == [b + 1 for b in before] and all(b < limit for b in before)
                    await counters.take_back([n for n, _ in names], ticket)
                    assert await counters.count([n for n, _ in names], 10) == before
            else:
                t[0] += limit * 4
    asyncio.run(run())


def test_the_memory_link_is_a_service_of_one() -> None:
    from pinochle.server.adapters import MemoryLink

    async def run() -> None:
        link = MemoryLink()
        assert await link.acquire("m1") and await link.acquire("m1")  # its own, again
        assert await link.holders(["m1", "m2"]) == {"m1": link.pid, "m2": None}
        assert await link.renew_many(["m1", "m2"]) == {"m2"}
        assert await link.release("m1") and not await link.release("m1")
        assert await link.renew_many(["m1"]) == {"m1"}
        await link.put_fact("standins:m1", "[1]")
        assert await link.fact("standins:m1") == "[1]" and await link.fact("standins:m2") is None
        await link.publish(link.channel("match", "m1"), {"v": 1})  # nobody else: nothing happens
        assert not link.elsewhere("tok")
    asyncio.run(run())


def test_memory_facts_expire_after_a_day() -> None:
    from pinochle.server.adapters import MemoryLink
    from pinochle.server.adapters.memory import FACTS_TTL

    t = [0.0]
    link = MemoryLink(clock=lambda: t[0])

    async def run() -> None:
        await link.put_fact("standins:m0", "[3]")
        t[0] += FACTS_TTL + 1
        assert await link.fact("standins:m0") is None
        for i in range(1, 1001):  # every 1,000 changes the expired go
            await link.put_fact(f"standins:m{i}", "[]")
        assert "standins:m0" not in link._values
    asyncio.run(run())
