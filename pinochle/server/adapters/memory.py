"""Short locks (:class:`~.base.Locks`) and the link (:class:`~.base.Link`) of a service of one, in this
process's memory."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from typing import Any

from .base import Handler, spawn

#: Seconds a fact of a table lives after its last change (as in Redis).
FACTS_TTL = 24 * 3600.0


class MemoryLocks:
    """:class:`~.base.Locks` for one process: an ``asyncio.Lock`` per name, forgotten when nobody holds or
    waits for it.

    >>> import asyncio
    >>> locks = MemoryLocks()
    >>> async def twice() -> list[str]:
    ...     said: list[str] = []
    ...     async def one(who: str) -> None:
    ...         async with locks.lock("room:ABC"):
    ...             said.append(who + " in"); await asyncio.sleep(0); said.append(who + " out")
    ...     await asyncio.gather(one("a"), one("b"))
    ...     return said
    >>> asyncio.run(twice()), locks._locks
    (['a in', 'a out', 'b in', 'b out'], {})
    """

    def __init__(self) -> None:
        self._locks: dict[str, tuple[asyncio.Lock, list[int]]] = {}

    @contextlib.asynccontextmanager
    async def lock(self, name: str) -> AsyncIterator[None]:
        """Hold the lock ``name`` inside the block."""
        entry = self._locks.get(name)
        if entry is None:
            entry = self._locks[name] = (asyncio.Lock(), [0])
        lock, users = entry
        users[0] += 1
        try:
            async with lock:
                yield
        finally:
            users[0] -= 1
            if not users[0]:
                del self._locks[name]


class MemoryLink(MemoryLocks):
    """:class:`~.base.Link` for one process, a service of one: nobody else to tell, nobody else's sockets,
    every lease its own (until released), facts in memory.

    Args:
        lease_seconds: a lease's time to live (seconds).
        clock: a monotonic clock in seconds.
    """

    def __init__(self, lease_seconds: float = 3.0, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.pid = "this-process"
        self.shared = False
        self.lease_seconds = lease_seconds
        self.clock = clock
        self._leases: set[str] = set()
        self._values: dict[str, str] = {}
        self._expiry: dict[str, float] = {}
        self._writes = 0
        self._background: set[asyncio.Task[Any]] = set()

    def key(self, *parts: str) -> str:
        """``parts`` joined by ``:``."""
        return ":".join(parts)

    channel = key

    def spawn(self, coro: Awaitable[Any], what: str = "background task") -> None:
        """Run ``coro`` as a background task; an exception is logged, never raised."""
        spawn(self._background, coro, what)

    def on_reconnect(self, hook: Callable[[], Awaitable[None]]) -> None:
        """Never called: memory is never lost."""

    async def publish(self, channel: str, msg: dict[str, Any]) -> None:
        """Nobody else to tell."""

    def listen(self, channel: str, handler: Handler) -> None:
        """No other process publishes."""

    def unlisten(self, channel: str, handler: Handler) -> None:
        """No other process publishes."""

    async def settle(self) -> None:
        """Nothing to wait for."""

    def watch(self, callback: Callable[[str], None]) -> None:
        """No other process has sockets: :meth:`elsewhere` never changes."""

    def elsewhere(self, token: str) -> bool:
        """No other process has sockets."""
        return False

    def token_up(self, token: str) -> None:
        """Nobody else to tell."""

    def token_down(self, token: str) -> None:
        """Nobody else to tell."""

    async def acquire(self, name: str, seconds: float | None = None) -> bool:
        """Take the lease ``name``: this process is the only one. A lease here never runs out (nobody else
        could take over from a stalled process): it is held until released."""
        self._leases.add(name)
        return True

    async def renew_many(self, names: Iterable[str], seconds: float | None = None) -> set[str]:
        """The names of ``names`` no longer held (released)."""
        return {n for n in names if n not in self._leases}

    async def release(self, name: str) -> bool:
        """Give up the lease ``name``; whether it was held."""
        held = name in self._leases
        self._leases.discard(name)
        return held

    async def holders(self, names: Iterable[str]) -> dict[str, str | None]:
        """This process for each lease it holds, else ``None``."""
        return {n: self.pid if n in self._leases else None for n in names}

    def _touch(self, name: str) -> None:
        """``name`` changed: it lives :data:`FACTS_TTL` more seconds; every 1,000 changes the expired go."""
        now = self.clock()
        self._expiry[name] = now + FACTS_TTL
        self._writes += 1
        if self._writes % 1000 == 0:
            for old in [n for n, at in self._expiry.items() if at <= now]:
                del self._expiry[old]
                self._values.pop(old, None)

    def _live(self, name: str) -> bool:
        at = self._expiry.get(name)
        return at is not None and at > self.clock()

    async def put_fact(self, name: str, value: str) -> None:
        """Set the value ``name``."""
        self._values[name] = value
        self._touch(name)

    async def fact(self, name: str) -> str | None:
        """The value ``name``, or ``None``."""
        return self._values.get(name) if self._live(name) else None
