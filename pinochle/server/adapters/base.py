"""The interfaces the server's parts are written against (see the package docstring)."""

from __future__ import annotations

import asyncio
import logging

from collections.abc import Awaitable, Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from ..storage import StorageFault

log = logging.getLogger("pinochle.server")


def spawn(tasks: set[asyncio.Task[Any]], coro: Awaitable[Any], what: str) -> None:
    """Run ``coro`` as a background task kept in ``tasks`` until it ends: an exception is logged, never
    raised (a :class:`~..storage.StorageFault` as a warning: the shared store is down, and its link resyncs
    when it is back). Both links' :meth:`Link.spawn`."""
    async def run() -> None:
        try:
            await coro
        except StorageFault as err:
            log.warning("%s: %s", what, err)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("%s failed", what)
    task = asyncio.get_running_loop().create_task(run())
    tasks.add(task)
    task.add_done_callback(tasks.discard)


class Counters(Protocol):
    """Events per name in a sliding window: an event counts for ``window`` seconds from when it happened,
    and a name never holds more events than the limit a call gives it.

    A failure of the shared store is :class:`~..storage.StorageFault` (the in-memory counters never fail).
    """

    async def count(self, names: Sequence[str], window: float) -> list[int]:
        """The events of each of ``names`` in the last ``window`` seconds."""

    async def add(self, limits: Sequence[tuple[str, int]], window: float) -> None:
        """One event more for each ``(name, limit)`` that is below its limit (the others are left as they are)."""

    async def add_all(self, limits: Sequence[tuple[str, int]], window: float) -> tuple[int, str]:
        """One event more for every ``(name, limit)``, or for none, in one step (atomic across processes).

        Returns:
            ``(0, ticket)``: counted, ``ticket`` names the events for :meth:`take_back`; or
            ``(i, "")``: nothing counted, the ``i``-th name (from 1) is at its limit.
        """

    async def take_back(self, names: Sequence[str], ticket: str) -> None:
        """Forget the event ``ticket`` (from :meth:`add_all`) of each of ``names``, where it still counts."""


class Locks(Protocol):
    """Short mutual exclusion by name (a room's read-change-write), across the processes of a service."""

    def lock(self, name: str) -> AbstractAsyncContextManager[None]:
        """``async with locks.lock(name):`` holds the lock ``name`` inside the block; keep it short.

        Raises:
            StorageFault: the lock could not be taken (the shared store cannot be reached, or stayed busy).
        """


#: A handler of the messages of one channel, called with the decoded object; it must not block.
Handler = Callable[[dict[str, Any]], None]


class Bus(Protocol):
    """Publish and subscribe between the processes of a service (a process never hears its own messages)."""

    def on_reconnect(self, hook: Callable[[], Awaitable[None]]) -> None:
        """Await ``hook()`` each time the bus is back after it was lost (what was published meanwhile is lost)."""

    async def publish(self, channel: str, msg: dict[str, Any]) -> None:
        """Send ``msg`` to the listeners of ``channel`` on every other process (never this one)."""

    def listen(self, channel: str, handler: Handler) -> None:
        """Call ``handler(msg)`` for every message another process publishes on ``channel``."""

    def unlisten(self, channel: str, handler: Handler) -> None:
        """Stop calling ``handler`` for ``channel``."""

    async def settle(self) -> None:
        """Wait until the channels listened to so far hear every process."""


class Presence(Protocol):
    """Which tokens (devices, seats) have a socket on another live process of the service."""

    def watch(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(token)`` when :meth:`elsewhere` changes for ``token``."""

    def elsewhere(self, token: str) -> bool:
        """Whether another live process holds a socket of ``token``."""

    def token_up(self, token: str) -> None:
        """``token`` has its first socket on this process."""

    def token_down(self, token: str) -> None:
        """``token``'s last socket on this process closed."""


class Leases(Protocol):
    """Who does one thing at a time (drives a table, forms Quick Match tables): a lease by name, held by one
    process until it is released or, unrenewed, runs out.

    Attributes:
        lease_seconds: a lease's time to live (seconds); its holder renews it every third of that.
    """

    lease_seconds: float

    async def acquire(self, name: str, seconds: float | None = None) -> bool:
        """Take the lease ``name`` if nobody else holds it; whether this process holds it now."""

    async def renew_many(self, names: Iterable[str], seconds: float | None = None) -> set[str]:
        """Prolong the leases of ``names`` this process holds; the names it no longer holds."""

    async def release(self, name: str) -> bool:
        """Give up the lease ``name`` if this process holds it; whether it did."""

    async def holders(self, names: Iterable[str]) -> dict[str, str | None]:
        """The holder of each lease of ``names`` (``None``: nobody)."""


class Facts(Protocol):
    """Facts of a table that are neither in its log nor in storage (the owner's stand-ins): a value by name
    that lives a day after its last change."""

    async def put_fact(self, name: str, value: str) -> None:
        """Set the value ``name``."""

    async def fact(self, name: str) -> str | None:
        """The value ``name``, or ``None``."""


class Link(Bus, Presence, Leases, Locks, Facts, Protocol):
    """A process's link to the other processes of its service: what the tables and their sockets share.

    One process is a service of one (:class:`~.memory.MemoryLink`: nobody else to tell, every lease its
    own); the processes of a service on Redis share it through :class:`~.redis_link.RedisLink`.

    Attributes:
        pid: this process's id.
        shared: whether other processes may be listening (``False`` for a service of one: the notices and
            facts meant for them can be skipped).
    """

    pid: str
    shared: bool

    def key(self, *parts: str) -> str:
        """The name of a key (a lease, a fact) of this service: ``parts`` joined by ``:``, prefixed."""

    def channel(self, *parts: str) -> str:
        """The name of a channel of this service."""

    def spawn(self, coro: Awaitable[Any], what: str = "background task") -> None:
        """Run ``coro`` as a background task; an exception is logged, never raised."""


class Queue(Protocol):
    """The Quick Match search (pinochle/server/matchmaking.py): who searches for which game, in the order
    they asked, and whose table is being set up.

    A person is a record of ``name``, ``game`` (a queue of :func:`~..matchmaking.queue_of`), ``since``
    (when they asked, on :meth:`now`'s clock), ``seq`` (their place) and ``state``: ``searching``, or
    ``starting`` while their table is being set up (then also ``players``, the people of that table).
    Each change is one step, atomic across processes: a cancel and a table's forming never both win.

    Raises:
        StorageFault: (from every method) the shared store cannot be reached.
    """

    async def now(self) -> float:
        """The clock every process shares (seconds)."""

    async def enqueue(self, token: str, name: str, game: str) -> None:
        """``token`` (called ``name``) searches for ``game`` from now, last in line."""

    async def person(self, token: str) -> dict[str, str] | None:
        """``token``'s record (every value as text), or ``None`` if it is neither searching nor starting."""

    async def cancel(self, token: str, game: str) -> bool:
        """Stop ``token``'s search for ``game``; whether it was searching (``False`` once its table is being set up)."""

    async def games(self) -> list[str]:
        """Every game anyone has searched for."""

    async def searching(self, games: Sequence[str]) -> list[tuple[str, str, float, str]]:
        """``(game, token, since, name)`` of everyone searching for ``games``, each game in the order they asked."""

    async def take(self, game: str, tokens: Sequence[str]) -> bool:
        """Take ``tokens`` (searching for ``game``) for a table, all or none (none if any stopped searching)."""

    async def hand_back(self, game: str, tokens: Sequence[str]) -> None:
        """Their table could not be set up: ``tokens`` search again, at their places."""

    async def seated(self, tokens: Sequence[str]) -> None:
        """``tokens`` are seated: forget them."""

    async def stale(self, before: float) -> list[str]:
        """The tokens whose table has been being set up since before ``before``."""
