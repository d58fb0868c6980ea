"""The in-memory implementations of :mod:`.base`, for one process."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from typing import Any

from .base import Handler, spawn

log = logging.getLogger("pinochle.server")

#: Seconds a fact of a table lives after its last change (as in Redis).
FACTS_TTL = 24 * 3600.0

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


def _lua_number(x: float) -> str:
    """``x`` as Redis's Lua writes a number (``tostring``: ``%.14g``), so that both queues' records read alike.

    >>> _lua_number(1000.0), _lua_number(1000.25)
    ('1000', '1000.25')
    """
    return f"{x:.14g}"


class MemoryQueue:
    """:class:`~.base.Queue` for one process (see there).

    Args:
        clock: a monotonic clock in seconds.

    >>> import asyncio
    >>> q = MemoryQueue(clock=lambda: 5.0)
    >>> asyncio.run(q.enqueue("t1", "Ann", "table")); asyncio.run(q.enqueue("t2", "Bob", "table"))
    >>> asyncio.run(q.take("table", ["t1"])), q.waiting()
    (True, ('t2',))
    >>> asyncio.run(q.cancel("t1", "table"))  # too late: its table is being set up
    False
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._people: dict[str, dict[str, str]] = {}
        self._queues: dict[str, dict[str, int]] = {}  # game -> token -> place, in the order they asked
        self._starting: dict[str, float] = {}
        self._games: set[str] = set()
        self._seq = 0

    def waiting(self, game: str | None = None) -> tuple[str, ...]:
        """The tokens searching (for ``game``, or any game), in the order they asked."""
        entries = [(seq, t) for g, q in self._queues.items() if game is None or g == game for t, seq in q.items()]
        return tuple(t for _, t in sorted(entries))

    def game_of(self, token: str) -> str | None:
        """The game ``token`` searches for (or whose table is being set up), or ``None``."""
        person = self._people.get(token)
        return None if person is None else person["game"]

    def _queue(self, game: str, token: str, seq: int) -> None:
        queue = self._queues.setdefault(game, {})
        queue.pop(token, None)
        queue[token] = seq
        if list(queue.values()) != sorted(queue.values()):  # back at an earlier place: keep the order
            self._queues[game] = dict(sorted(queue.items(), key=lambda e: e[1]))

    async def now(self) -> float:
        """This process's clock."""
        return self.clock()

    async def enqueue(self, token: str, name: str, game: str) -> None:
        """``token`` searches for ``game`` from now, last in line."""
        self._seq += 1
        self._games.add(game)
        self._people[token] = {"name": name, "game": game, "since": _lua_number(self.clock()), "seq": str(self._seq),
                               "state": "searching"}
        self._queue(game, token, self._seq)

    async def person(self, token: str) -> dict[str, str] | None:
        """``token``'s record, or ``None``."""
        person = self._people.get(token)
        return None if person is None else dict(person)

    async def cancel(self, token: str, game: str) -> bool:
        """Stop ``token``'s search for ``game``; whether it was searching."""
        person = self._people.get(token)
        if person is None or person["state"] != "searching" or person["game"] != game:
            return False
        del self._people[token]
        self._queues.get(game, {}).pop(token, None)
        return True

    async def games(self) -> list[str]:
        """Every game anyone has searched for."""
        return sorted(self._games)

    async def searching(self, games: Sequence[str]) -> list[tuple[str, str, float, str]]:
        """``(game, token, since, name)`` of everyone searching for ``games``, in the order they asked."""
        out = []
        for game in games:
            for token in self._queues.get(game, {}):
                person = self._people.get(token)
                if person is not None:
                    out.append((game, token, float(person["since"]), person["name"]))
        return out

    async def take(self, game: str, tokens: Sequence[str]) -> bool:
        """Take ``tokens`` for a table, all or none."""
        if any(self._people.get(t, {}).get("state") != "searching" for t in tokens):
            return False
        now = self.clock()
        for t in tokens:
            self._people[t].update(state="starting", players=str(len(tokens)), taken=_lua_number(now))
            self._queues.get(game, {}).pop(t, None)
            self._starting[t] = now
        return True

    async def hand_back(self, game: str, tokens: Sequence[str]) -> None:
        """``tokens`` search again, at their places."""
        for t in tokens:
            person = self._people.get(t)
            if person is not None and person["state"] == "starting":
                person["state"] = "searching"
                person.pop("players", None)
                person.pop("taken", None)
                self._queue(game, t, int(person["seq"]))
            self._starting.pop(t, None)

    async def seated(self, tokens: Sequence[str]) -> None:
        """Forget ``tokens``."""
        for t in tokens:
            self._people.pop(t, None)
            self._starting.pop(t, None)

    async def stale(self, before: float) -> list[str]:
        """The tokens being set up since before ``before``."""
        return [t for t, at in self._starting.items() if at <= before]
