"""Leases (:class:`~.base.Leases`) and short locks (:class:`~.base.Locks`) on Redis.

Keys (``{p}`` is the prefix):

- ``{p}lease:{name}``: the holder of a lease (its process id), with the lease's TTL. A lease says who
  does one thing at a time (drives a table, forms Quick Match tables); its holder renews it well inside
  its TTL, so a lease runs out only when its holder died or lost Redis.
- ``{p}lock:{name}``: a short lock (``room:{code}``), a random value with a TTL.

Both are taken with ``SET NX PX`` and given up by compare-and-delete (:data:`_RELEASE`), so a process
never frees what another one holds.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import AsyncIterator, Iterable
from typing import Any, cast

import redis

from ..storage import StorageFault
from .redis_client import RedisClient

#: Lua: prolong the leases (KEYS) still held by this process (ARGV[1]) by ARGV[2] ms; returns 1/0 per key.
_RENEW = """
local out = {}
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
    out[i] = 1
  else
    out[i] = 0
  end
end
return out
"""

#: Lua: delete KEYS[1] if its value is ARGV[1] (release a lease or lock held by this process); 1 if deleted.
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""


class RedisLeases(RedisClient):
    """:class:`~.base.Leases` on Redis.

    Args:
        url, prefix: as :class:`~.redis_client.RedisClient`'s (and its keyword arguments).
        lease_seconds: a lease's TTL, the default of :meth:`acquire` (3 s); a lease is renewed every third of it.
    """

    def __init__(self, url: str, prefix: str = "pin:", *, lease_seconds: float = 3.0, **kw: Any) -> None:
        super().__init__(url, prefix, **kw)
        self.lease_seconds = lease_seconds
        self._renew = self.redis.register_script(_RENEW)
        self._release = self.redis.register_script(_RELEASE)

    def lease_key(self, name: str) -> str:
        """The key of the lease ``name``."""
        return self.key("lease", name)

    async def acquire(self, name: str, seconds: float | None = None) -> bool:
        """Take the lease ``name`` for ``seconds`` (default :attr:`lease_seconds`) if nobody holds it;
        whether this process holds it now (``True`` also if it already did: then it is prolonged).

        Raises:
            StorageFault: Redis cannot be reached.
        """
        ms = int((self.lease_seconds if seconds is None else seconds) * 1000)
        async with self.guard():
            if await self.redis.set(self.lease_key(name), self.pid, nx=True, px=ms):
                return True
            return bool((await self._renew(keys=[self.lease_key(name)], args=[self.pid, ms]))[0])

    async def renew(self, name: str, seconds: float | None = None) -> bool:
        """Prolong the lease ``name`` if this process still holds it; whether it does.

        Raises:
            StorageFault: Redis cannot be reached.
        """
        return name not in await self.renew_many([name], seconds)

    async def renew_many(self, names: Iterable[str], seconds: float | None = None) -> set[str]:
        """Prolong every lease of ``names`` this process still holds (one script call); the names it
        no longer holds (expired, or taken by another process).

        Raises:
            StorageFault: Redis cannot be reached.
        """
        names = list(names)
        if not names:
            return set()
        ms = int((self.lease_seconds if seconds is None else seconds) * 1000)
        async with self.guard():
            kept = await self._renew(keys=[self.lease_key(n) for n in names], args=[self.pid, ms])
        return {n for n, k in zip(names, cast(list[int], kept)) if not k}

    async def release(self, name: str) -> bool:
        """Give the lease ``name`` up if this process holds it (so another can take it at once); whether it did.

        Raises:
            StorageFault: Redis cannot be reached.
        """
        async with self.guard():
            return bool(await self._release(keys=[self.lease_key(name)], args=[self.pid]))

    async def holder(self, name: str) -> str | None:
        """The id of the process holding the lease ``name``, or ``None``.

        Raises:
            StorageFault: Redis cannot be reached.
        """
        return (await self.holders([name]))[name]

    async def holders(self, names: Iterable[str]) -> dict[str, str | None]:
        """The holder of each lease of ``names`` (one round trip).

        Raises:
            StorageFault: Redis cannot be reached.
        """
        names = list(names)
        if not names:
            return {}
        async with self.guard():
            values = await self.redis.mget([self.lease_key(n) for n in names])
        return {n: None if v is None else str(v) for n, v in zip(names, values)}


class RedisLocks(RedisClient):
    """:class:`~.base.Locks` on Redis (arguments: :class:`~.redis_client.RedisClient`'s)."""

    def __init__(self, url: str, prefix: str = "pin:", **kw: Any) -> None:
        super().__init__(url, prefix, **kw)
        self._unlock = self.redis.register_script(_RELEASE)

    @contextlib.asynccontextmanager
    async def lock(self, name: str, seconds: float = 5.0, wait: float = 5.0) -> AsyncIterator[None]:
        """Hold the lock ``name`` across processes inside the block.

        The lock is a key with a random value and a TTL of ``seconds`` (so a process that dies holding
        it frees it by then); it is taken with ``SET NX`` retried every few milliseconds for at most
        ``wait`` seconds, and released by compare-and-delete. Keep the block short: ``seconds`` is
        its budget.

        Raises:
            StorageFault: Redis cannot be reached, or the lock stayed taken for ``wait`` seconds
                ("busy": nothing was done, try again).
        """
        key = self.key("lock", name)
        value = f"{self.pid}/{secrets.token_hex(8)}"
        deadline = time.monotonic() + wait
        pause = 0.002
        async with self.guard():
            while not await self.redis.set(key, value, nx=True, px=int(seconds * 1000)):
                if time.monotonic() >= deadline:
                    raise StorageFault("the shared store (Redis) is busy: nothing was changed; try again in a moment")
                await asyncio.sleep(pause)
                pause = min(0.05, pause * 2)
        try:
            yield
        finally:
            with contextlib.suppress(redis.RedisError, OSError):
                await self._unlock(keys=[key], args=[value])
