"""Presence (:class:`~.base.Presence`) on Redis: which live process holds a socket of which token.

Keys and channel (``{p}`` is the prefix):

- ``{p}proc:{pid}``: a live process's heartbeat, refreshed every :attr:`~RedisPresence.beat` seconds
  with a TTL of :attr:`~RedisPresence.process_ttl`; ``{p}procs``: the set of processes that announced
  themselves. A process whose heartbeat has expired is dead: the first live process to notice drops its
  presence and tells the others.
- ``{p}present:{pid}``: the tokens (device and seat tokens) with a socket on that process.
- channel ``{p}presence``: a token's first socket on a process or its last one closed
  (``{"t": token, "on": bool}``), and a process gone (``{"dead": pid}``).

Every process caches everyone's presence, so :meth:`RedisPresence.elsewhere` answers at once, without a
round trip.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from ..storage import StorageFault
from .redis_bus import RedisBus

log = logging.getLogger("pinochle.server")


class RedisPresence(RedisBus):
    """:class:`~.base.Presence` on Redis, and the heartbeat of this process (it tells the others on the bus).

    Args:
        url, prefix: as :class:`~.redis_client.RedisClient`'s (and its keyword arguments).
        beat: seconds between heartbeats (1 s); the sweep of dead processes runs with it.
        process_ttl: seconds a process counts as alive after its last heartbeat (3 s).
    """

    def __init__(self, url: str, prefix: str = "pin:", *, beat: float = 1.0, process_ttl: float = 3.0,
                 **kw: Any) -> None:
        super().__init__(url, prefix, **kw)
        self.beat = beat
        self.process_ttl = process_ttl
        self._own_channels.append(self.presence_channel)
        self._watchers: list[Callable[[str], None]] = []
        #: tokens with a socket on this process (as announced)
        self._mine: set[str] = set()
        #: tokens whose last change here could not be told (Redis failed): told again by the heartbeat
        self._unannounced: set[str] = set()
        #: the tokens of every other live process, by process id
        self._others: dict[str, set[str]] = {}
        #: for each token, the other processes holding one of its sockets
        self._where: dict[str, set[str]] = {}

    @property
    def presence_channel(self) -> str:
        """The channel of presence changes and process deaths."""
        return self.key("presence")

    async def start(self) -> None:
        """Announce this process, load everyone's presence, then start the listener and the heartbeat."""
        try:
            await self._heartbeat()
            await self._load_presence()
        except StorageFault as err:
            log.warning("Redis is not reachable at start: %s", err)
        await super().start()
        self._tasks.append(asyncio.create_task(self._beat_loop(), name="cluster-heartbeat"))

    async def _withdraw(self) -> None:
        """Withdraw this process: its heartbeat and presence go, and the others are told."""
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.delete(self.key("proc", self.pid), self.key("present", self.pid))
            pipe.srem(self.key("procs"), self.pid)
            await pipe.execute()
        await self.redis.publish(self.presence_channel, self._envelope({"dead": self.pid}))
        await super()._withdraw()

    async def _resync(self) -> None:
        """After a reconnect: announce this process and its tokens again and reload presence, then the hooks."""
        await self._heartbeat()
        await self._announce_all()
        await self._load_presence()
        await super()._resync()

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

    def _heard(self, channel: str, sender: str, msg: dict[str, Any]) -> None:
        if channel == self.presence_channel:
            self._presence_message(sender, msg)
        super()._heard(channel, sender, msg)

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
