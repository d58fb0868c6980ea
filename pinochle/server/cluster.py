"""The link between the processes of one service on Redis (docs/server.md, "Several
processes on Redis").

Every process started with ``pinochle serve --redis URL`` holds one :class:`Cluster`: its own process
id, a heartbeat, one pub/sub listener, the presence of tokens on every process, leases and short
locks. It is the Redis implementation of :class:`~.adapters.base.Link`; one process (SQLite) runs the same
parts on :class:`~.adapters.memory.MemoryLink`.

What a :class:`Cluster` offers (every name below is in Redis under the prefix, default ``"pin:"``):

- **Process id and heartbeat.** :attr:`Cluster.pid` is unique per process (host, pid and a random
  part). :meth:`Cluster.start` begins a loop that refreshes the key ``{p}proc:{pid}`` (TTL
  :attr:`Cluster.process_ttl` seconds) every :attr:`Cluster.beat` seconds and keeps ``pid`` in the
  set ``{p}procs``. A process whose key has expired is dead: the first live process to notice drops
  its presence (``{p}present:{pid}``) and tells the others.
- **Pub/sub.** One listener task reads every channel this process listens to
  (:meth:`Cluster.listen`, :meth:`Cluster.unlisten`); :meth:`Cluster.publish` sends a JSON object to a
  channel of every process. A process never hears its own messages. If Redis goes away the listener
  reconnects (with backoff), subscribes again and runs the :meth:`Cluster.on_reconnect` hooks: pub/sub
  drops what was published meanwhile, so whoever relies on it resyncs from storage there.
- **Presence.** :meth:`Cluster.token_up` / :meth:`Cluster.token_down` say that a token (a device or
  seat token) has its first socket on this process, or its last one closed. They are kept in the set
  ``{p}present:{pid}`` and published on the channel ``{p}presence``; every process caches all of it,
  so :meth:`Cluster.elsewhere` answers at once, without a round trip, whether another live process
  holds a socket of a token. :meth:`Cluster.watch` registers a callback run when that answer changes.
- **Leases** (``{p}lease:{name}``): :meth:`Cluster.acquire` (``SET NX PX``), :meth:`Cluster.renew`
  and :meth:`Cluster.renew_many` (one Lua script: prolong only the leases whose value is still this
  process id), :meth:`Cluster.release` (compare-and-delete in Lua) and :meth:`Cluster.holder`. A lease
  says who does one thing at a time (drives a table, forms Quick Match tables); its holder renews it
  well inside its TTL, so a lease runs out only when its holder died or lost Redis.
- **Locks** (``{p}lock:{name}``): ``async with cluster.lock(name):`` is a short mutual exclusion
  between processes (a lease with a random value that is retried until it is free), for changes that
  read, modify and write one document (a room).
- **Keys and channels** of one's own: :meth:`Cluster.key` and :meth:`Cluster.channel` put the prefix
  on a name; :attr:`Cluster.redis` is the ``redis.asyncio`` client for scripts of one's own (Quick
  Match's queue).

Every Redis error a caller can meet becomes :class:`~pinochle.server.storage.StorageFault` (the
player's message of :func:`~pinochle.server.redis_storage.redis_fault`), so a move refused for
Redis being down is answered with the error ``storage`` like any storage failure.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from typing import Any, cast

import redis
import redis.asyncio as aredis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

from .adapters.base import Handler, spawn
from .redis_storage import redis_fault
from .storage import StorageFault

log = logging.getLogger("pinochle.server")

#: Seconds the facts of a table (who asked for the next hand, the stand-ins) live after their last change.
FACTS_TTL = 24 * 3600

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


def new_pid() -> str:
    """A process id unique across machines and restarts: host name, OS pid and 6 random bytes.

    >>> a, b = new_pid(), new_pid()
    >>> a != b and a.split("/")[1] == str(os.getpid())
    True
    """
    return f"{socket.gethostname()[:40]}/{os.getpid()}/{secrets.token_hex(6)}"


class Cluster:
    """This process's link to the other processes of the service (see the module docstring).

    Args:
        url: the Redis URL (``redis://host:port/db``), the same for every process.
        prefix: put before every key and channel name (default ``"pin:"``; tests use one per test).
        lease_seconds: a table's lease TTL, the default of :meth:`acquire` (3 s); a lease is renewed
            every third of it.
        beat: seconds between heartbeats (1 s); the sweep of dead processes runs with it.
        process_ttl: seconds a process counts as alive after its last heartbeat (3 s).
        timeout: seconds one Redis call may take before it fails (1.5 s), waiting for a free connection included.
        max_connections: connections to Redis this process opens at most (256); a call past them waits for one.
        on_call: called with the seconds each guarded Redis call took (:meth:`guard`; the app's
            ``pinochle_redis_seconds``), or ``None``.

    Attributes:
        pid: this process's id (:func:`new_pid`).
        redis: the ``redis.asyncio`` client (text replies: ``decode_responses``), no retries.
        up: whether the listener is connected to Redis now.
    """

    def __init__(self, url: str, prefix: str = "pin:", *, lease_seconds: float = 3.0, beat: float = 1.0,
                 process_ttl: float = 3.0, timeout: float = 1.5, max_connections: int = 256,
                 on_call: Callable[[float], None] | None = None) -> None:
        self.url = url
        self.on_call = on_call
        #: other processes may be listening (the Link interface)
        self.shared = True
        self.prefix = prefix
        self.lease_seconds = lease_seconds
        self.beat = beat
        self.process_ttl = process_ttl
        self.pid = new_pid()
        # one retry, at once, when a connection fails: a pooled connection that Redis closed (a restart)
        # is replaced then; a Redis that is down refuses the retry just as fast. No retry on a timeout.
        # a pool that WAITS for a free connection (up to ``timeout``) when all ``max_connections`` are busy:
        # redis-py's default pool refuses a command at once ("Too many connections") past 100, so a burst of
        # tables opening failed their people's moves with storage errors (benchmarks/load.py, 100 tables in 4 s)
        self.redis: aredis.Redis = aredis.Redis(connection_pool=aredis.BlockingConnectionPool.from_url(
            url, max_connections=max_connections, timeout=timeout, decode_responses=True, socket_timeout=timeout,
            socket_connect_timeout=timeout, retry=Retry(NoBackoff(), 1, supported_errors=(redis.ConnectionError,))))
        # the listener's own client: its reads wait for messages, so no socket timeout; a health check
        # (PING) after 10 s of silence finds a connection that died without a word
        self._sub: aredis.Redis = aredis.Redis.from_url(
            url, decode_responses=True, socket_connect_timeout=timeout, health_check_interval=10,
            retry=Retry(NoBackoff(), 1, supported_errors=(redis.ConnectionError,)))
        self._renew = self.redis.register_script(_RENEW)
        self._release = self.redis.register_script(_RELEASE)
        self.up = False
        self._handlers: dict[str, list[Handler]] = {}
        self._pubsub: Any = None
        self._sub_lock = asyncio.Lock()
        self._pending = 0
        self._settled = asyncio.Event()
        self._settled.set()
        self._connected = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._stopping = False
        self._reconnect_hooks: list[Callable[[], Awaitable[None]]] = []
        self._watchers: list[Callable[[str], None]] = []
        #: tokens with a socket on this process (as announced)
        self._mine: set[str] = set()
        #: tokens whose last change here could not be told (Redis failed): told again by the heartbeat
        self._unannounced: set[str] = set()
        #: the tokens of every other live process, by process id
        self._others: dict[str, set[str]] = {}
        #: for each token, the other processes holding one of its sockets
        self._where: dict[str, set[str]] = {}
        self._background: set[asyncio.Task[Any]] = set()

    # ---------------------------------------------------------------- names

    def key(self, *parts: str) -> str:
        """A Redis key of this service: the prefix, then ``parts`` joined by ``:``.

        >>> Cluster("redis://127.0.0.1:1/0", "t:").key("lease", "abc")
        't:lease:abc'
        """
        return self.prefix + ":".join(parts)

    channel = key

    @property
    def presence_channel(self) -> str:
        """The channel of presence changes and process deaths."""
        return self.key("presence")

    # ---------------------------------------------------------------- life

    async def start(self) -> None:
        """Announce this process, load everyone's presence and start the heartbeat and the listener.

        If Redis cannot be reached now the process starts anyway and connects when it can (the
        listener retries; moves are refused meanwhile with the error ``storage``).
        """
        self._stopping = False
        try:
            await self._heartbeat()
            await self._load_presence()
        except StorageFault as err:
            log.warning("Redis is not reachable at start: %s", err)
        self._tasks = [asyncio.create_task(self._listen_loop(), name="cluster-listener"),
                       asyncio.create_task(self._beat_loop(), name="cluster-heartbeat")]
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self._connected.wait(), 3.0)

    async def stop(self) -> None:
        """Stop the tasks, withdraw this process (its presence and heartbeat) and close the clients."""
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
            async with self.redis.pipeline(transaction=True) as pipe:
                pipe.delete(self.key("proc", self.pid), self.key("present", self.pid))
                pipe.srem(self.key("procs"), self.pid)
                await pipe.execute()
            await self.redis.publish(self.presence_channel, self._envelope({"dead": self.pid}))
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
        with contextlib.suppress(Exception):
            await self.redis.aclose()
        with contextlib.suppress(Exception):
            await self._sub.aclose()

    def spawn(self, coro: Awaitable[Any], what: str = "cluster task") -> None:
        """Run ``coro`` as a background task of this process; an exception is logged, never raised
        (a :class:`StorageFault` as a warning: Redis is down, and the reconnect hooks resync)."""
        spawn(self._background, coro, what)

    def on_reconnect(self, hook: Callable[[], Awaitable[None]]) -> None:
        """Await ``hook()`` each time the listener is connected again after losing Redis. A hook that raises
        :class:`StorageFault` (Redis failed again) makes the listener reconnect and run every hook again."""
        self._reconnect_hooks.append(hook)

    @contextlib.asynccontextmanager
    async def guard(self) -> AsyncIterator[None]:
        """Inside ``async with cluster.guard():`` a Redis error (or a socket error) becomes
        :class:`StorageFault` with the player's message, as every method of the cluster raises it; the time
        it took goes to ``on_call``."""
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

    # ---------------------------------------------------------------- pub/sub

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
                    log.debug("subscribing to %d channels", len(self._handlers) + 1)
                    await ps.subscribe(self.presence_channel, *self._handlers)
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
                    await asyncio.wait_for(ps.aclose(), 1.0)  # type: ignore[no-untyped-call]
            if not self._stopping:
                await asyncio.sleep(backoff)
                backoff = min(1.0, backoff * 2)

    async def _resync(self) -> None:
        """After a reconnect: announce this process and its tokens again, reload presence, run the hooks.

        Raises:
            StorageFault: Redis failed again meanwhile (the listener then reconnects and runs it again).
        """
        await self._heartbeat()
        await self._announce_all()
        await self._load_presence()
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
        if channel == self.presence_channel:
            self._presence_message(str(sender), msg)
        for handler in list(self._handlers.get(channel, ())):
            try:
                handler(msg)
            except Exception:
                log.exception("a handler of %s failed", channel)

    # ---------------------------------------------------------------- heartbeat and presence

    async def _heartbeat(self) -> bool:
        """Refresh this process's heartbeat; whether it had to add itself to the live processes again (at
        the start, or after another process took it for dead: then its presence was dropped)."""
        async with self.guard():
            async with self.redis.pipeline(transaction=True) as pipe:
                pipe.set(self.key("proc", self.pid), "1", px=int(self.process_ttl * 1000))
                pipe.sadd(self.key("procs"), self.pid)
                pipe.expire(self.key("present", self.pid), int(self.process_ttl * 10) + 60)
                _, added, _ = await pipe.execute()
        return bool(added)

    async def _announce_all(self) -> None:
        """Make this process's presence set exactly the tokens with a socket here now and tell the others: a
        token whose socket closed while Redis could not be told (down, or hung past the timeout) would
        otherwise stay "connected" for ever, and after this process was taken for dead (frozen longer than
        :attr:`process_ttl`) the others have dropped all its tokens.

        Raises:
            StorageFault: Redis cannot be reached (the tokens not told are told at the next try).
        """
        mine = set(self._mine)
        unsure, self._unannounced = self._unannounced, set()
        key = self.key("present", self.pid)
        try:
            async with self.guard():
                before = {str(t) for t in await self.redis.smembers(key)}
                async with self.redis.pipeline(transaction=True) as pipe:
                    pipe.delete(key)
                    if mine:
                        pipe.sadd(key, *mine)
                        pipe.expire(key, int(self.process_ttl * 10) + 60)
                    await pipe.execute()
            for token in (before | unsure) - mine:
                if token not in self._mine:  # not back meanwhile (that announces itself)
                    await self.publish(self.presence_channel, {"t": token, "on": False})
            for token in mine:
                await self.publish(self.presence_channel, {"t": token, "on": True})
        except StorageFault:
            self._unannounced |= unsure | mine
            raise

    async def _beat_loop(self) -> None:
        while not self._stopping:
            await asyncio.sleep(self.beat)
            try:
                if await self._heartbeat() or self._unannounced:
                    await self._announce_all()  # taken for dead meanwhile, or a presence change not told
                await self.sweep_processes()
            except StorageFault as err:
                log.info("heartbeat: %s", err)
            except Exception:
                log.exception("heartbeat failed")

    async def alive(self) -> list[str]:
        """The ids of the live processes (this one included), sorted.

        Raises:
            StorageFault: Redis cannot be reached.
        """
        async with self.guard():
            pids = sorted(str(p) for p in await self.redis.smembers(self.key("procs")))
            if not pids:
                return []
            beats = await self.redis.mget([self.key("proc", p) for p in pids])
        return [p for p, b in zip(pids, beats) if b is not None]

    async def sweep_processes(self) -> list[str]:
        """Forget the processes whose heartbeat has expired (their presence goes); the ids forgotten.

        Raises:
            StorageFault: Redis cannot be reached.
        """
        async with self.guard():
            pids = [str(p) for p in await self.redis.smembers(self.key("procs"))]
            if not pids:
                return []
            beats = await self.redis.mget([self.key("proc", p) for p in pids])
            dead = [p for p, b in zip(pids, beats) if b is None and p != self.pid]
            for pid in dead:
                async with self.redis.pipeline(transaction=True) as pipe:
                    pipe.srem(self.key("procs"), pid)
                    pipe.delete(self.key("present", pid))
                    removed, _ = await pipe.execute()
                if removed:  # the first process to notice tells the others
                    await self.redis.publish(self.presence_channel, self._envelope({"dead": pid}))
        for pid in dead:
            self._forget_process(pid)
        return dead

    async def _load_presence(self) -> None:
        """Read every live process's tokens into the cache (at the start, and after a reconnect)."""
        alive = [p for p in await self.alive() if p != self.pid]
        others: dict[str, set[str]] = {}
        async with self.guard():
            if alive:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for pid in alive:
                        pipe.smembers(self.key("present", pid))
                    sets = await pipe.execute()
                others = {pid: {str(t) for t in tokens} for pid, tokens in zip(alive, sets)}
        before = set(self._where)
        self._others = others
        self._where = {}
        for pid, tokens in others.items():
            for token in tokens:
                self._where.setdefault(token, set()).add(pid)
        for token in before ^ set(self._where):
            self._notify(token)

    def _presence_message(self, sender: str, msg: dict[str, Any]) -> None:
        dead = msg.get("dead")
        if isinstance(dead, str):
            if dead != self.pid:
                self._forget_process(dead)
            return
        token = msg.get("t")
        if not isinstance(token, str):
            return
        before = bool(self._where.get(token))
        if msg.get("on"):
            self._others.setdefault(sender, set()).add(token)
            self._where.setdefault(token, set()).add(sender)
        else:
            self._others.get(sender, set()).discard(token)
            where = self._where.get(token)
            if where is not None:
                where.discard(sender)
                if not where:
                    del self._where[token]
        if before != bool(self._where.get(token)):
            self._notify(token)

    def _forget_process(self, pid: str) -> None:
        tokens = self._others.pop(pid, set())
        for token in tokens:
            where = self._where.get(token)
            if where is not None:
                where.discard(pid)
                if not where:
                    del self._where[token]
                    self._notify(token)

    def _notify(self, token: str) -> None:
        for watcher in list(self._watchers):
            try:
                watcher(token)
            except Exception:
                log.exception("a presence watcher failed")

    def watch(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(token)`` when :meth:`elsewhere` changes for ``token`` (a socket of it opened on
        another process where none was, or the last one elsewhere closed, or its process died)."""
        self._watchers.append(callback)

    def elsewhere(self, token: str) -> bool:
        """Whether another live process holds a socket of ``token`` (from the cache: no round trip)."""
        return bool(self._where.get(token))

    def token_up(self, token: str) -> None:
        """``token`` has its first socket on this process: tell the others (in the background)."""
        self._mine.add(token)
        self.spawn(self._announce(token, True), "presence")

    def token_down(self, token: str) -> None:
        """The last socket of ``token`` on this process closed: tell the others (in the background)."""
        self._mine.discard(token)
        self.spawn(self._announce(token, False), "presence")

    async def _announce(self, token: str, on: bool) -> None:
        if on != (token in self._mine):
            return  # changed again meanwhile: that change announces itself
        try:
            async with self.guard():
                if on:
                    await self.redis.sadd(self.key("present", self.pid), token)
                else:
                    await self.redis.srem(self.key("present", self.pid), token)
                await self.redis.publish(self.presence_channel, self._envelope({"t": token, "on": on}))
        except StorageFault:
            self._unannounced.add(token)  # the heartbeat tells it once Redis answers (_announce_all)
            raise

    # ---------------------------------------------------------------- leases

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
        async with self.guard():
            value = await self.redis.get(self.lease_key(name))
        return None if value is None else str(value)

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

    # ---------------------------------------------------------------- facts of a table

    async def add_fact(self, name: str, member: str) -> None:
        """Add ``member`` to the set ``{p}{name}``, which lives :data:`FACTS_TTL` seconds after its last change.

        Raises:
            StorageFault: Redis cannot be reached.
        """
        async with self.guard():
            async with self.redis.pipeline(transaction=True) as pipe:
                pipe.sadd(self.key(name), member)
                pipe.expire(self.key(name), FACTS_TTL)
                await pipe.execute()

    async def facts(self, name: str) -> set[str]:
        """The members of the set ``{p}{name}``.

        Raises:
            StorageFault: Redis cannot be reached.
        """
        async with self.guard():
            return {str(m) for m in await self.redis.smembers(self.key(name))}

    async def put_fact(self, name: str, value: str) -> None:
        """Set ``{p}{name}`` to ``value`` for :data:`FACTS_TTL` seconds.

        Raises:
            StorageFault: Redis cannot be reached.
        """
        async with self.guard():
            await self.redis.set(self.key(name), value, ex=FACTS_TTL)

    async def fact(self, name: str) -> str | None:
        """The value of ``{p}{name}``, or ``None``.

        Raises:
            StorageFault: Redis cannot be reached.
        """
        async with self.guard():
            value = await self.redis.get(self.key(name))
        return None if value is None else str(value)

    # ---------------------------------------------------------------- locks

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
                await self._release(keys=[key], args=[value])
