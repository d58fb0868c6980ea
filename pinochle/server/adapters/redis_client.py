"""The Redis connection that the Redis parts of a process's link share (:class:`~.redis_link.RedisLink`).

:class:`RedisClient` holds what every part needs: the process id, the key prefix, one ``redis.asyncio``
client, the background tasks, and :meth:`RedisClient.guard`, which turns every Redis error into
:class:`~..storage.StorageFault` (the player's message of :func:`~..redis_storage.redis_fault`), so that
a move refused for Redis being down is answered with the error ``storage`` like any storage failure.
Each part (:mod:`.redis_bus`, :mod:`.redis_presence`, :mod:`.redis_leases`, :mod:`.redis_facts`) is a
subclass that adds its own keys and scripts; :class:`~.redis_link.RedisLink` is all of them at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import redis
import redis.asyncio as aredis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

from ..redis_storage import redis_fault
from .base import spawn


def new_pid() -> str:
    """A process id unique across machines and restarts: host name, OS pid and 6 random bytes.

    >>> a, b = new_pid(), new_pid()
    >>> a != b and a.split("/")[1] == str(os.getpid())
    True
    """
    return f"{socket.gethostname()[:40]}/{os.getpid()}/{secrets.token_hex(6)}"


def one_retry() -> Retry:
    """One retry, at once, when a connection fails: a pooled connection that Redis closed (a restart) is
    replaced then; a Redis that is down refuses the retry just as fast. No retry on a timeout."""
    return Retry(NoBackoff(), 1, supported_errors=(redis.ConnectionError,))


class RedisClient:
    """A process's connection to the Redis of its service (see the module docstring).

    Args:
        url: the Redis URL (``redis://host:port/db``), the same for every process.
        prefix: put before every key and channel name (default ``"pin:"``; tests use one per test).
        timeout: seconds one Redis call may take before it fails (1.5 s), waiting for a free connection included.
        max_connections: connections to Redis this process opens at most (256); a call past them waits for one.
        on_call: called with the seconds each guarded Redis call took (:meth:`guard`; the app's
            ``pinochle_redis_seconds``), or ``None``.

    Attributes:
        pid: this process's id (:func:`new_pid`).
        redis: the ``redis.asyncio`` client (text replies: ``decode_responses``), one retry (:func:`one_retry`).
    """

    def __init__(self, url: str, prefix: str = "pin:", *, timeout: float = 1.5, max_connections: int = 256,
                 on_call: Callable[[float], None] | None = None) -> None:
        self.url = url
        self.prefix = prefix
        self.timeout = timeout
        self.on_call = on_call
        self.pid = new_pid()
        # a pool that WAITS for a free connection (up to ``timeout``) when all ``max_connections`` are busy:
        # redis-py's default pool refuses a command at once ("Too many connections") past 100, so a burst of
        # tables opening failed their people's moves with storage errors (benchmarks/load.py, 100 tables in 4 s)
        self.redis: aredis.Redis = aredis.Redis(connection_pool=aredis.BlockingConnectionPool.from_url(
            url, max_connections=max_connections, timeout=timeout, decode_responses=True, socket_timeout=timeout,
            socket_connect_timeout=timeout, retry=one_retry()))
        #: the long-running tasks of the parts (the listener, the heartbeat), cancelled by :meth:`stop`
        self._tasks: list[asyncio.Task[None]] = []
        self._stopping = False
        self._background: set[asyncio.Task[Any]] = set()

    def key(self, *parts: str) -> str:
        """A Redis key of this service: the prefix, then ``parts`` joined by ``:``.

        >>> RedisClient("redis://127.0.0.1:1/0", "t:").key("lease", "abc")
        't:lease:abc'
        """
        return self.prefix + ":".join(parts)

    channel = key

    def spawn(self, coro: Awaitable[Any], what: str = "cluster task") -> None:
        """Run ``coro`` as a background task of this process; an exception is logged, never raised
        (a :class:`~..storage.StorageFault` as a warning: Redis is down, and the reconnect hooks resync)."""
        spawn(self._background, coro, what)

    @contextlib.asynccontextmanager
    async def guard(self) -> AsyncIterator[None]:
        """Inside ``async with link.guard():`` a Redis error (or a socket error) becomes
        :class:`~..storage.StorageFault` with the player's message, as every method of the parts raises
        it; the time it took goes to ``on_call``."""
        start = time.perf_counter()
        try:
            yield
        except redis.RedisError as err:
            raise redis_fault(err) from err
        except OSError as err:
            raise redis_fault(redis.ConnectionError(str(err))) from err
        finally:
            if self.on_call is not None:
                self.on_call(time.perf_counter() - start)

    async def start(self) -> None:
        """Start the parts' tasks (each part adds its own)."""
        self._stopping = False

    async def stop(self) -> None:
        """Stop the tasks, withdraw this process (:meth:`_withdraw`) and close the clients (:meth:`_close`)."""
        self._stopping = True
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks = []
        for task in list(self._background):
            task.cancel()
        with contextlib.suppress(redis.RedisError, OSError):
            await self._withdraw()
        await self._close()

    async def _withdraw(self) -> None:
        """Take back what this process announced in Redis (a part that announces something extends it)."""

    async def _close(self) -> None:
        """Close the clients (a part with a client of its own extends it)."""
        with contextlib.suppress(Exception):
            await self.redis.aclose()
