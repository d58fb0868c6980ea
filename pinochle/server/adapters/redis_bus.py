"""The bus (:class:`~.base.Bus`) on Redis pub/sub.

Channels are named as keys (``{p}match:{id}``, ``{p}tok:{token}``); a message is the JSON text
``{"p": process id, "m": object}``, and a process never hears its own. One listener task per process
reads every channel it listens to, on a client of its own. If Redis goes away the listener reconnects
(with backoff), subscribes again and runs the :meth:`RedisBus.on_reconnect` hooks: pub/sub drops what
was published meanwhile, so whoever relies on it resyncs from storage there.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import redis
import redis.asyncio as aredis

from ..storage import StorageFault
from .base import Handler
from .redis_client import RedisClient, one_retry

log = logging.getLogger("pinochle.server")


class RedisBus(RedisClient):
    """:class:`~.base.Bus` on Redis pub/sub (arguments: :class:`~.redis_client.RedisClient`'s).

    Attributes:
        up: whether the listener is connected to Redis now.
    """

    def __init__(self, url: str, prefix: str = "pin:", **kw: Any) -> None:
        super().__init__(url, prefix, **kw)
        # the listener's own client: its reads wait for messages, so no socket timeout; a health check
        # (PING) after 10 s of silence finds a connection that died without a word
        self._sub: aredis.Redis = aredis.Redis.from_url(
            url, decode_responses=True, socket_connect_timeout=self.timeout, health_check_interval=10,
            retry=one_retry())
        self.up = False
        #: channels the link itself listens to, always (a part's own; their messages go to :meth:`_heard`)
        self._own_channels: list[str] = []
        self._handlers: dict[str, list[Handler]] = {}
        self._pubsub: Any = None
        self._sub_lock = asyncio.Lock()
        self._pending = 0
        self._settled = asyncio.Event()
        self._settled.set()
        self._connected = asyncio.Event()
        self._reconnect_hooks: list[Callable[[], Awaitable[None]]] = []

    async def start(self) -> None:
        """Start the listener; wait (at most 3 s) until it is connected.

        If Redis cannot be reached now the process starts anyway and connects when it can (the listener
        retries; moves are refused meanwhile with the error ``storage``).
        """
        await super().start()
        self._tasks.append(asyncio.create_task(self._listen_loop(), name="cluster-listener"))
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self._connected.wait(), 3.0)

    async def _close(self) -> None:
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
        await super()._close()
        with contextlib.suppress(Exception):
            await self._sub.aclose()

    def on_reconnect(self, hook: Callable[[], Awaitable[None]]) -> None:
        """Await ``hook()`` each time the listener is connected again after losing Redis. A hook that raises
        :class:`~..storage.StorageFault` (Redis failed again) makes the listener reconnect and run every hook again."""
        self._reconnect_hooks.append(hook)

    def _envelope(self, msg: dict[str, Any]) -> str:
        return json.dumps({"p": self.pid, "m": msg}, separators=(",", ":"))

    async def publish(self, channel: str, msg: dict[str, Any]) -> None:
        """Send ``msg`` (a JSON object) to the listeners of ``channel`` on every other process.

        Raises:
            StorageFault: Redis cannot be reached.
        """
        async with self.guard():
            await self.redis.publish(channel, self._envelope(msg))

    def listen(self, channel: str, handler: Handler) -> None:
        """Call ``handler(msg)`` for every message another process publishes on ``channel``.

        Returns at once; the subscription reaches Redis in the background (:meth:`settle` waits for it).
        """
        handlers = self._handlers.setdefault(channel, [])
        first = not handlers
        handlers.append(handler)
        if first:
            self._change(subscribe=[channel])

    def unlisten(self, channel: str, handler: Handler) -> None:
        """Stop calling ``handler`` for ``channel`` (the subscription ends with its last handler)."""
        handlers = self._handlers.get(channel)
        if handlers is None or handler not in handlers:
            return
        handlers.remove(handler)
        if not handlers:
            del self._handlers[channel]
            self._change(unsubscribe=[channel])

    def _change(self, subscribe: Sequence[str] = (), unsubscribe: Sequence[str] = ()) -> None:
        self._pending += 1
        self._settled.clear()

        async def run() -> None:
            try:
                async with self._sub_lock:
                    ps = self._pubsub
                    if ps is None or not self.up:
                        return  # the listener subscribes to everything wanted when it connects
                    if subscribe:
                        log.debug("subscribe %s", subscribe)
                        await ps.subscribe(*[c for c in subscribe if c in self._handlers])
                        log.debug("subscribed %s", subscribe)
                    if unsubscribe:
                        await ps.unsubscribe(*[c for c in unsubscribe if c not in self._handlers])
            except (redis.RedisError, OSError) as err:
                log.info("a subscription waits for Redis: %s", err)
            finally:
                self._pending -= 1
                if self._pending == 0:
                    self._settled.set()

        task = asyncio.get_running_loop().create_task(run())
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def settle(self, timeout: float = 2.0) -> None:
        """Wait (at most ``timeout`` seconds) until every :meth:`listen` so far has reached Redis."""
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self._settled.wait(), timeout)

    async def _listen_loop(self) -> None:
        backoff = 0.05
        first = True
        while not self._stopping:
            ps = self._sub.pubsub(ignore_subscribe_messages=True)
            try:
                async with self._sub_lock:
                    log.debug("subscribing to %d channels", len(self._handlers) + len(self._own_channels))
                    await ps.subscribe(*self._own_channels, *self._handlers)
                    self._pubsub = ps
                    self.up = True
                if not first:
                    log.warning("Redis is back: resyncing")
                    await self._resync()
                first = False
                backoff = 0.05
                self._connected.set()
                while not self._stopping:
                    msg = await ps.get_message(timeout=1.0)
                    if msg is not None and msg.get("type") == "message":
                        self._dispatch(str(msg["channel"]), str(msg["data"]))
            except asyncio.CancelledError:
                raise
            except (redis.RedisError, OSError, StorageFault) as err:
                if self.up:
                    log.warning("lost Redis (pub/sub): %s", err)
                first = False
            finally:
                self.up = False
                self._connected.clear()
                self._pubsub = None
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(ps.aclose(), 1.0)  # type: ignore[no-untyped-call,unused-ignore]  # typed from redis-py 8
            if not self._stopping:
                await asyncio.sleep(backoff)
                backoff = min(1.0, backoff * 2)

    async def _resync(self) -> None:
        """After a reconnect: run the hooks (a part that keeps a cache of Redis extends it to reload it first).

        Raises:
            StorageFault: Redis failed again meanwhile (the listener then reconnects and runs it again).
        """
        for hook in self._reconnect_hooks:
            try:
                await hook()
            except StorageFault:
                raise
            except Exception:
                log.exception("resync after a reconnect failed")

    def _dispatch(self, channel: str, data: str) -> None:
        try:
            env = json.loads(data)
            sender, msg = env["p"], env["m"]
        except (ValueError, KeyError, TypeError):
            log.warning("an unreadable message on %s: %.100r", channel, data)
            return
        if sender == self.pid:
            return
        log.debug("heard on %s: %.120s", channel, data)
        self._heard(channel, str(sender), msg)
        for handler in list(self._handlers.get(channel, ())):
            try:
                handler(msg)
            except Exception:
                log.exception("a handler of %s failed", channel)

    def _heard(self, channel: str, sender: str, msg: dict[str, Any]) -> None:
        """A message from the process ``sender`` (a part that listens to channels of its own extends it)."""
