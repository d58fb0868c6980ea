"""Sliding-window counters (:class:`~.base.Counters`) in this process's memory: the limits on guessing room
codes of one process."""

from __future__ import annotations

import itertools
import time
from collections import deque
from collections.abc import Callable, Sequence

#: Names a :class:`MemoryCounters` keeps at most before dropping the oldest (bounds memory under a spray
#: of addresses).
MAX_NAMES = 100_000


class MemoryCounters:
    """:class:`~.base.Counters` in this process's memory: each name a queue of (time, ticket), oldest first.

    Memory stays bounded: a name holds at most its limit of events, names whose events have all expired
    are dropped, and past :data:`MAX_NAMES` names the one whose newest event is oldest is forgotten.

    Args:
        clock: a monotonic clock in seconds.

    >>> import asyncio
    >>> t = [0.0]
    >>> c = MemoryCounters(clock=lambda: t[0])
    >>> asyncio.run(c.add([("a", 2), ("b", 1)], 60)); asyncio.run(c.add([("a", 2), ("b", 1)], 60))
    >>> asyncio.run(c.count(["a", "b"], 60))
    [2, 1]
    >>> asyncio.run(c.add_all([("b", 5), ("a", 2)], 60))
    (2, '')
    >>> t[0] = 61.0
    >>> asyncio.run(c.count(["a", "b"], 60))
    [0, 0]
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._events: dict[str, deque[tuple[float, str]]] = {}
        self._tickets = itertools.count(1)
        #: the longest window a call has used (an event older than it counts for nobody)
        self._horizon = 0.0

    def _live(self, name: str, window: float) -> deque[tuple[float, str]] | None:
        self._horizon = max(self._horizon, window)
        events = self._events.get(name)
        if events is None:
            return None
        cutoff = self.clock() - window
        while events and events[0][0] <= cutoff:
            events.popleft()
        if not events:
            del self._events[name]
            return None
        return events

    def _room(self) -> None:
        if len(self._events) < MAX_NAMES:
            return
        cutoff = self.clock() - self._horizon  # names whose every event has expired for every caller
        for name in [n for n, events in self._events.items() if events[-1][0] <= cutoff]:
            del self._events[name]
        while len(self._events) >= MAX_NAMES:
            oldest = min(self._events, key=lambda n: self._events[n][-1][0])
            del self._events[oldest]

    def _push(self, name: str, ticket: str) -> None:
        events = self._events.get(name)
        if events is None:
            self._room()
            events = self._events[name] = deque()
        events.append((self.clock(), ticket))

    async def count(self, names: Sequence[str], window: float) -> list[int]:
        """The events of each of ``names`` in the window."""
        return [len(events) if (events := self._live(n, window)) is not None else 0 for n in names]

    async def add(self, limits: Sequence[tuple[str, int]], window: float) -> None:
        """One event more for each name below its limit."""
        ticket = str(next(self._tickets))
        for name, limit in limits:
            events = self._live(name, window)
            if events is None or len(events) < limit:
                self._push(name, ticket)

    async def add_all(self, limits: Sequence[tuple[str, int]], window: float) -> tuple[int, str]:
        """One event more for every name, or for none (see :meth:`.base.Counters.add_all`)."""
        for i, (name, limit) in enumerate(limits, 1):
            events = self._live(name, window)
            if events is not None and len(events) >= limit:
                return i, ""
        ticket = str(next(self._tickets))
        for name, _ in limits:
            self._push(name, ticket)
        return 0, ticket

    async def take_back(self, names: Sequence[str], ticket: str) -> None:
        """Forget the event ``ticket`` of each of ``names``."""
        for name in names:
            events = self._events.get(name)
            if events is None:
                continue
            for event in events:
                if event[1] == ticket:
                    events.remove(event)
                    break
            if not events:
                del self._events[name]
