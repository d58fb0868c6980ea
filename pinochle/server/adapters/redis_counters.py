"""Sliding-window counters (:class:`~.base.Counters`) on Redis: the limits on guessing room codes.

Keys (``{p}`` is the service's prefix, ``pin:`` by default): ``{p}{space}:{name}``, a sorted set of event
times (the score; the member a ticket), expiring ``window`` seconds after its newest event (``space`` is
``guess`` for the limits on guessing room codes). Every check-and-count is one of the Lua scripts below.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..redis_storage import redis_fault

if TYPE_CHECKING:
    from redis.asyncio import Redis

#: Redis's own clock when ARGV[1] is empty: the one clock every process shares.
_NOW = """
local now = tonumber(ARGV[1])
if not now then local t = redis.call('TIME'); now = tonumber(t[1]) + tonumber(t[2]) / 1000000 end
local window = tonumber(ARGV[2])
"""

#: One event more in each of ``KEYS`` below its limit (``ARGV[3..]``); ARGV = (now, window, limits..., ticket).
_ADD = _NOW + """
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  if redis.call('ZCARD', key) < tonumber(ARGV[2 + i]) then
    redis.call('ZADD', key, now, ARGV[3 + #KEYS])
    redis.call('PEXPIRE', key, math.ceil(window * 1000))
  end
end
return 0
"""

#: One event more in every one of ``KEYS``, or in none: i if the i-th is at its limit, 0 if counted.
_ADD_ALL = _NOW + """
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  if redis.call('ZCARD', key) >= tonumber(ARGV[2 + i]) then return i end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[3 + #KEYS])
  redis.call('PEXPIRE', key, math.ceil(window * 1000))
end
return 0
"""

#: The events of each of ``KEYS`` in the window; ARGV = (now, window).
_COUNT = _NOW + """
local counts = {}
for i, key in ipairs(KEYS) do
  counts[i] = redis.call('ZCOUNT', key, '(' .. (now - window), '+inf')
end
return counts
"""

#: Take back the event ``ARGV[1]`` from each of ``KEYS``.
_TAKE_BACK = """
for _, key in ipairs(KEYS) do redis.call('ZREM', key, ARGV[1]) end
return 1
"""


class RedisCounters:
    """:class:`~.base.Counters` in Redis, shared by the processes of a service.

    A sliding window, exactly :class:`~.memory_counters.MemoryCounters`' (rather than fixed windows, which would
    let twice the limit through around a window's edge). Every check-and-count is one Lua script, so two
    processes counting at the same moment cannot both take a name's last place; the times are Redis's
    own clock (``TIME``). A set holds at most its limit, and expires with its window.

    Args:
        client: a ``redis.asyncio.Redis`` client.
        prefix: the service's key prefix (``"pin:"``).
        space: the names' part of the keys (``"guess"``).
        clock: seconds for the event times instead of Redis's clock (tests move it by hand).

    Raises:
        StorageFault: (from every method) Redis cannot be reached.
    """

    def __init__(self, client: Redis, prefix: str = "pin:", space: str = "guess",
                 clock: Callable[[], float] | None = None) -> None:
        self.client = client
        self.prefix = f"{prefix}{space}:"
        self.clock = clock
        self._add = client.register_script(_ADD)
        self._add_all = client.register_script(_ADD_ALL)
        self._count = client.register_script(_COUNT)
        self._take_back = client.register_script(_TAKE_BACK)

    def _now(self) -> str:
        return "" if self.clock is None else repr(self.clock())

    def key(self, name: str) -> str:
        """The Redis key of ``name``."""
        return self.prefix + name

    async def _run(self, script: object, keys: list[str], args: list[object]) -> object:
        from redis.exceptions import RedisError  # imported here: one process never needs redis-py

        try:
            return await script(keys, args)  # type: ignore[operator]
        except RedisError as err:
            raise redis_fault(err) from err
        except OSError as err:
            from redis.exceptions import ConnectionError as Lost

            raise redis_fault(Lost(str(err))) from err

    async def count(self, names: Sequence[str], window: float) -> list[int]:
        """The events of each of ``names`` in the window."""
        counts = await self._run(self._count, [self.key(n) for n in names], [self._now(), window])
        assert isinstance(counts, list)
        return [int(c) for c in counts]

    async def add(self, limits: Sequence[tuple[str, int]], window: float) -> None:
        """One event more for each name below its limit."""
        await self._run(self._add, [self.key(n) for n, _ in limits],
                        [self._now(), window, *(limit for _, limit in limits), secrets.token_hex(8)])

    async def add_all(self, limits: Sequence[tuple[str, int]], window: float) -> tuple[int, str]:
        """One event more for every name, or for none, in one script (see :meth:`.base.Counters.add_all`)."""
        ticket = secrets.token_hex(8)
        full = await self._run(self._add_all, [self.key(n) for n, _ in limits],
                               [self._now(), window, *(limit for _, limit in limits), ticket])
        assert isinstance(full, int)
        return (full, "") if full else (0, ticket)

    async def take_back(self, names: Sequence[str], ticket: str) -> None:
        """Forget the event ``ticket`` of each of ``names``."""
        await self._run(self._take_back, [self.key(n) for n in names], [ticket])
