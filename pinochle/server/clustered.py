"""Tables, sockets and rooms shared by several processes on Redis (issue 16; docs/scaling.md, "Several
processes on Redis"). Single-process mode never imports this module.

Three classes replace their single-process parents when ``pinochle serve --redis URL`` runs:

- :class:`ClusterHub` (a :class:`~.table.Hub`): ``send(token, msg)`` reaches the token's sockets on
  every process (local sockets at once, the others through the channel ``{p}tok:{token}``, which a
  process listens to while it holds a socket of the token); ``connected(token)`` is true if any live
  process holds a socket of it (:meth:`~.cluster.Cluster.elsewhere`).
- :class:`ClusterTable` (a :class:`~.table.Table`): a **replica** of a match. Any process may hold one:
  the process of each person's socket does, and so does the process holding the match's lease
  ``{p}lease:{id}``, the **owner**. The action log in storage is the truth:

  * a person's move is checked and applied where the person's socket is, then appended with the
    versioned append (a :class:`~.storage.StaleWrite` means another process stored a move first: the
    replica reloads the log and the person is answered ``stale``);
  * whoever changed the table publishes a notice on ``{p}match:{id}`` (the version reached, the
    event, who asked for the next hand, the seats, and from the owner the seats a computer plays for
    someone away); every other replica reads the actions it lacks (``storage.actions_since``) up to
    that version and sends its own sockets their states, so each process builds the views of its
    own sockets only;
  * only the owner drives the table: computer moves, moves without a choice, the move timer, the
    deal of the next hand and stand-ins for people away (:meth:`ClusterTable.decide` is idle
    elsewhere);
  * the facts of a table that are not in the log are shared too: who asked for the next hand (the
    Redis set ``{p}ready:{id}``, members ``"{version}:{place}"``; any process adds to it, the owner
    deals), and the stand-ins (decided by the owner from presence, published with its notices and
    kept in ``{p}standins:{id}`` for replicas that open later). When a table changes owner, the new
    owner counts away time from the takeover, as a restarted single process counts it from the restart.
- :class:`ClusterTables` (a :class:`~.table.Tables`): makes replicas, and every second renews this
  process's leases and claims the unfinished matches (room and Quick Match matches in storage, and
  the replicas it holds) whose lease nobody holds, so a killed process's tables continue elsewhere
  within a second of their leases running out. Replicas nobody needs here (no socket, not owned)
  are dropped.
- the rooms are :class:`~.rooms.Rooms`, as in one process, taking their locks in Redis
  (``{p}lock:room:{code}``).

When Redis goes away, writes fail with :class:`~.storage.StorageFault` (the error ``storage``), and the
pub/sub listener reconnects; once it is back every replica reloads the log (pub/sub dropped what was
published meanwhile) and leases are renewed or claimed again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from ..game import Action, State, apply
from .cluster import Cluster, Handler
from .rooms import Rooms
from .storage import SeatRecord, Storage, StorageFault, StoredMatch
from .table import RETRY_SECONDS, Clock, Hub, R, Send, Table, Tables

log = logging.getLogger("pinochle.server")

#: Seconds the Redis keys of a table's shared facts live after their last change.
FACTS_TTL = 24 * 3600


class ClusterHub(Hub):
    """The sockets of every token on every process (see the module docstring).

    Args:
        cluster: this process's link to the others.
    """

    def __init__(self, cluster: Cluster) -> None:
        super().__init__()
        self.cluster = cluster
        self._listeners: dict[str, Handler] = {}
        self._deliveries: dict[str, asyncio.Task[None]] = {}
        #: called with ``(token, msg)`` for the service's own messages on a token channel (type ``_...``)
        self.control: Callable[[str, dict[str, Any]], None] | None = None
        cluster.watch(self._elsewhere_changed)

    def channel(self, token: str) -> str:
        """The channel of ``token``'s messages."""
        return self.cluster.channel("tok", token)

    def subscribe(self, token: str, send: Send) -> None:
        first = token not in self._sockets
        super().subscribe(token, send)
        if first:
            handler = self._listeners[token] = self._handler(token)
            self.cluster.listen(self.channel(token), handler)
            self.cluster.token_up(token)

    def unsubscribe(self, token: str, send: Send) -> None:
        had = token in self._sockets
        super().unsubscribe(token, send)
        if had and token not in self._sockets:
            handler = self._listeners.pop(token, None)
            if handler is not None:
                self.cluster.unlisten(self.channel(token), handler)
            self.cluster.token_down(token)

    def local(self, token: str | None) -> bool:
        """Whether ``token`` has a socket on this process."""
        return token is not None and token in self._sockets

    def connected(self, token: str | None) -> bool:
        """Whether ``token`` has an open socket on any live process."""
        return token is not None and (token in self._sockets or self.cluster.elsewhere(token))

    def _elsewhere_changed(self, token: str) -> None:
        if token not in self._sockets:  # with a socket here it stays connected whatever happens elsewhere
            self._changed(token)

    async def settle(self) -> None:
        await self.cluster.settle()

    async def send(self, token: str | None, msg: dict[str, object]) -> None:
        """Send ``msg`` to every socket of ``token`` on every process (a Redis failure only loses the
        remote copies: their clients resync when they reconnect)."""
        if token is None:
            return
        try:
            await self.cluster.publish(self.channel(token), msg)
        except StorageFault as err:
            log.warning("a message for other processes was lost: %s", err)
        await super().send(token, msg)

    async def send_local(self, token: str | None, msg: dict[str, object]) -> None:
        """Send ``msg`` to the sockets of ``token`` on this process only."""
        await super().send(token, msg)

    async def publish_control(self, token: str, msg: dict[str, object]) -> None:
        """Send a message of the service (``type`` starting with ``_``) to the processes holding ``token``."""
        await self.cluster.publish(self.channel(token), msg)

    def _handler(self, token: str) -> Handler:
        def handle(msg: dict[str, Any]) -> None:
            if str(msg.get("type", "")).startswith("_"):
                if self.control is not None:
                    self.control(token, msg)
                return
            self._deliver(token, msg)
        return handle

    def _deliver(self, token: str, msg: dict[str, object]) -> None:
        """Send a message from another process to the local sockets, in the order it came, without
        holding up the listener."""
        prev = self._deliveries.get(token)

        async def run() -> None:
            if prev is not None:
                with contextlib.suppress(BaseException):
                    await prev
            await super(ClusterHub, self).send(token, msg)

        task = asyncio.get_running_loop().create_task(run())
        self._deliveries[token] = task

        def done(t: asyncio.Task[None]) -> None:
            if self._deliveries.get(token) is t:
                del self._deliveries[token]
        task.add_done_callback(done)


class ClusterTable(Table):
    """A replica of one match (see the module docstring); it drives the match only while this process
    holds the match's lease (:attr:`owned`)."""

    hub: ClusterHub

    def __init__(self, stored: StoredMatch, storage: Storage, hub: ClusterHub, bot_delay: float, clock: Clock,
                 on_finish: Callable[[Table], Awaitable[None]] | None, tables: ClusterTables) -> None:
        super().__init__(stored, storage, hub, bot_delay, clock, on_finish)
        self.tables = tables
        self.cluster = tables.cluster
        #: this process holds the match's lease: it drives the table
        self.owned = False
        #: the places a computer plays for someone away, as the owner last said
        self.remote_stand_ins: frozenset[int] = frozenset()
        self._published_stand_ins: frozenset[int] | None = None
        self._notices: deque[dict[str, Any]] = deque()
        self._syncing = False
        #: actions known beyond the version reached, from storage or a notice (``_ahead_from``: the first one's index)
        self._ahead: list[dict[str, object]] = []
        self._ahead_from = 0
        #: the actions this process stored since its last notice (``_outbox_from``: the first one's index), sent
        #: with the notice so that the other replicas need not read them back from storage
        self._outbox: list[dict[str, object]] = []
        self._outbox_from = 0

    @property
    def channel(self) -> str:
        """The match's channel of notices."""
        return self.cluster.channel("match", self.id)

    @property
    def ready_key(self) -> str:
        return self.cluster.key("ready", self.id)

    @property
    def stand_ins_key(self) -> str:
        return self.cluster.key("standins", self.id)

    # ---------------------------------------------------------------- who decides

    def decide(self, now: float) -> tuple[str | None, float | None]:
        """The owner's :meth:`Table.decide`; a replica that does not hold the lease decides nothing."""
        if not self.owned:
            return None, None
        return super().decide(now)

    def stand_in(self, seat: int, now: float | None = None) -> bool:
        """The owner decides stand-ins from presence; another replica shows what the owner said, but
        never for a person connected now (the owner stops standing in as soon as it hears of it)."""
        if self.owned:
            return super().stand_in(seat, now)
        return seat in self.remote_stand_ins and not self.hub.connected(self.seats[seat].token)

    def start(self) -> None:
        """Start the driver (idle until this process holds the lease) and try to take the lease."""
        super().start()
        if not self.owned and not self.closed and not self.abandoned and self.state.phase != "match_end":
            self.cluster.spawn(self.tables.claim(self), f"claiming match {self.id}")

    # ---------------------------------------------------------------- telling

    def _facts(self) -> dict[str, Any]:
        return {"v": self.state.version, "ready": sorted(self.next_ready),
                "seats": [[r.token, r.name] for r in self.seats]}

    async def publish(self, event: str | None) -> None:
        """Tell the other replicas that the table changed (a Redis failure is logged: they resync later)."""
        notice: dict[str, Any] = {**self._facts(), "e": event}
        if self._outbox and self._outbox_from + len(self._outbox) == self.state.version:
            notice["b"], notice["a"] = self._outbox_from, self._outbox
        self._outbox = []
        if self.owned:
            stand_ins = self._stand_ins()
            notice["si"] = sorted(stand_ins)
            if stand_ins != self._published_stand_ins:
                with contextlib.suppress(StorageFault):
                    async with self.cluster.guard():  # a Redis error is a StorageFault (was a `server` error)
                        await self.cluster.redis.set(self.stand_ins_key, json.dumps(sorted(stand_ins)), ex=FACTS_TTL)
                    self._published_stand_ins = stand_ins  # only once written: a failed write is made again next time
        try:
            await self.cluster.publish(self.channel, notice)
            self.tables.unsent.discard(self.id)
            if event == "start":  # processes with a person's socket and no replica yet open one
                for token in self.tokens():
                    await self.hub.publish_control(token, {"type": "_table", "match": self.id})
        except StorageFault as err:
            self.tables.unsent.add(self.id)  # the sweep tells them again
            log.info("match %s: other processes were not told (%s); told again by the sweep", self.id, err)

    async def broadcast(self, event: str | None) -> None:
        """This process changed the table: tell the other replicas, then this process's sockets.

        The process that starts a match drives it (it takes the lease before anyone hears of the match)."""
        if self.closed:
            return
        if event == "start" and not self.owned:
            with contextlib.suppress(StorageFault):
                await self.tables.claim(self, start=False)  # the caller starts the driver once everyone is told
        await self.publish(event)
        await super().broadcast(event)

    async def tell(self, event: str | None) -> None:
        """Send the state to this process's sockets only (after catching up with another process's change)."""
        await super().broadcast(event)

    async def _deliver(self, seat: int, msg: dict[str, object]) -> None:
        """Send a state to the sockets of the person in ``seat`` on this process (each process tells its own;
        :meth:`Table.send_to` and :meth:`Table.broadcast` send through here)."""
        await self.hub.send_local(self.seats[seat].token, msg)

    def _listens(self, seat: int) -> bool:
        """Whether the person in ``seat`` has a socket on this process (no view is built for the others)."""
        return self.hub.local(self.seats[seat].token)

    async def _presence_broadcast(self) -> None:
        # every replica sees a presence change by itself: each tells its own sockets; the owner also
        # publishes when the stand-ins change, since only it decides them
        if self.owned and self._stand_ins() != self._published_stand_ins:
            await self.broadcast("presence")
        else:
            await self.tell("presence")

    # ---------------------------------------------------------------- shared facts

    async def _mark_ready(self, place: int) -> None:
        async with self.cluster.guard():
            async with self.cluster.redis.pipeline(transaction=True) as pipe:
                # the number, never str(place): a Seat prints as its letter ("58:S"), which load_facts cannot read
                pipe.sadd(self.ready_key, f"{self.state.version}:{int(place)}")
                pipe.expire(self.ready_key, FACTS_TTL)
                await pipe.execute()
        self.next_ready.add(place)

    async def load_facts(self) -> None:
        """Read who asked for the next hand at this version, and the owner's stand-ins (with the lock held)."""
        async with self.cluster.guard():
            members, stand_ins = await asyncio.gather(self.cluster.redis.smembers(self.ready_key),
                                                      self.cluster.redis.get(self.stand_ins_key))
        if self.state.phase == "hand_end":
            prefix = f"{self.state.version}:"
            for member in map(str, members):
                if member.startswith(prefix) and member[len(prefix):].isdigit():
                    self.next_ready.add(int(member[len(prefix):]))
        if stand_ins is not None and not self.owned:
            self.remote_stand_ins = frozenset(int(p) for p in json.loads(stand_ins))

    # ---------------------------------------------------------------- catching up

    async def _stale(self) -> None:
        # another process stored this version first, or a write of this process that failed on a timeout was
        # carried out by Redis after all: then no process was told of it, so this one tells them
        found = await self.catch_up()
        await self.tell("move")
        if found:
            await self.publish("move")

    async def recheck(self) -> None:
        """Read the log again after a write of this process failed (Redis may have carried it out once it
        answered again, unannounced): tell this process's sockets and the other processes what it finds.

        Raises:
            StorageFault: storage cannot be read now.
        """
        async with self.lock:
            if self.closed or not await self.catch_up():
                return
            await self.tell("move")
            await self.publish("move")
        if self.owned:
            await self._after_change()

    async def catch_up(self, target: int | None = None) -> int:
        """Apply the stored actions this replica lacks, up to version ``target`` (``None``: all); how
        many (called with the lock held).

        Raises:
            StorageFault: storage cannot be read now.
        """
        n = 0
        read = False
        while target is None or self.state.version < target:
            if not (self._ahead and self._ahead_from == self.state.version):
                if read:
                    break
                self._ahead = list(await asyncio.to_thread(self.storage.actions_since, self.id, self.state.version))
                self._ahead_from = self.state.version
                read = True
                if not self._ahead:
                    break
            raw = self._ahead.pop(0)
            self._ahead_from += 1
            super()._adopt(apply(self.state, Action.from_json(raw)))
            self._outbox = []  # another process's action: what this one stored before is told already
            n += 1
        return n

    async def _apply(self, action: Action, chair: int | None = None) -> None:
        at = self.state.version
        try:
            await super()._apply(action, chair)
        except StorageFault:
            self.tables.doubtful.add(self.id)  # a write that timed out may still be carried out: the sweep checks
            raise
        if not self._outbox:
            self._outbox_from = at
        self._outbox.append(action.to_json())

    def _adopt(self, new: State) -> None:
        """Adopt a move this process stored (what was read ahead is then out of date)."""
        self._ahead = []
        super()._adopt(new)

    def notice(self, msg: dict[str, Any]) -> None:
        """A notice from another process (the listener calls it): queue it and catch up in order."""
        if msg.get("ended"):
            self.abandoned = True
            self.cluster.spawn(self.tables.ended_here(self), f"ending match {self.id}")
            return
        self._notices.append(msg)
        if not self._syncing:
            self._syncing = True
            self.cluster.spawn(self._sync(), f"catching up match {self.id}")

    async def _sync(self) -> None:
        try:
            while self._notices and not self.closed:
                msg = self._notices.popleft()
                try:
                    await self._apply_notice(msg)
                except StorageFault as err:  # the log cannot be read now: try again (the notice stays first)
                    log.info("match %s: catching up waits for storage (%s)", self.id, err)
                    self._notices.appendleft(msg)
                    await asyncio.sleep(RETRY_SECONDS)
        finally:
            self._syncing = False

    async def _apply_notice(self, msg: dict[str, Any]) -> None:
        target = msg.get("v")
        log.debug("match %s at %d: notice %s", self.id, self.state.version, msg.get("v"))
        if not isinstance(target, int):
            return
        async with self.lock:
            before = (self._facts(), self.remote_stand_ins)
            carried, base = msg.get("a"), msg.get("b")
            if isinstance(carried, list) and isinstance(base, int) and base <= self.state.version < base + len(carried):
                self._ahead = list(carried[self.state.version - base:])  # the actions came with the notice
                self._ahead_from = self.state.version
            if target > self.state.version:
                await self.catch_up(target)
            if target == self.state.version and self.state.phase == "hand_end":
                self.next_ready |= {int(p) for p in msg.get("ready", ())}
            seats = msg.get("seats")
            if isinstance(seats, list) and len(seats) == len(self.seats):
                for i, (token, name) in enumerate(seats):
                    if token is None and self.seats[i].token is not None:  # a person left: a computer took the seat
                        self.seats[i] = SeatRecord(None, str(name))
                        self.away_since.pop(i, None)
                        self.next_ready.discard(i)
            stand_ins = msg.get("si")
            if isinstance(stand_ins, list) and not self.owned:
                self.remote_stand_ins = frozenset(int(p) for p in stand_ins)
            if (self._facts(), self.remote_stand_ins) == before:
                return
            self._changed.set()
            await self.tell(msg.get("e") if isinstance(msg.get("e"), str) else "presence")
        if self.owned:
            await self._after_change()

    async def resync(self, event: str | None = "move") -> None:
        """Reload what this replica may have missed (when it opens, and after Redis came back): the
        log, whether the match ended early, and the shared facts; tell this process's sockets if
        anything changed.

        Raises:
            StorageFault: storage cannot be read now.
        """
        async with self.lock:
            before = (self._facts(), self.remote_stand_ins)
            stored = await asyncio.to_thread(self.storage.load, self.id)
            if stored is None:
                return
            self._ahead = []
            for raw in stored.actions[self.state.version:]:
                super()._adopt(apply(self.state, Action.from_json(raw)))
            if stored.finished and self.state.phase != "match_end":
                self.abandoned = True
            await self.load_facts()
            if (self._facts(), self.remote_stand_ins) != before:
                self._changed.set()
                await self.tell(event)


class ClusterTables(Tables):
    """The tables of one process of a service (see the module docstring).

    Args:
        storage: the shared store (RedisStorage).
        cluster: this process's link to the others.
        bot_delay: seconds between computer moves.
        clock: a monotonic clock in seconds.
    """

    hub: ClusterHub

    def __init__(self, storage: Storage, cluster: Cluster, bot_delay: float = 0.7,
                 clock: Clock = time.monotonic) -> None:
        super().__init__(storage, bot_delay, clock)
        self.cluster = cluster
        self.hub = ClusterHub(cluster)
        self.hub.watch(self._presence)
        self.hub.control = self._control
        #: the matches whose lease this process holds
        self.owned: set[str] = set()
        self._claiming: set[str] = set()
        #: matches whose last notice could not be published (the sweep publishes one again)
        self.unsent: set[str] = set()
        #: matches where a write of this process failed (the sweep reads their log again: see ClusterTable.recheck)
        self.doubtful: set[str] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: list[asyncio.Task[None]] = []
        cluster.on_reconnect(self.resync_all)

    async def read(self, fn: Callable[..., R], *args: object) -> R:
        """``fn(*args)`` in a worker thread: a hung Redis (up to its 1.5 s timeout) holds up the one message that
        reads, never the event loop and every other socket of the process (their pings, their moves).

        Raises:
            StorageFault: Redis cannot answer (the person is told ``storage``).
        """
        return await asyncio.to_thread(fn, *args)

    def table(self, match_id: str) -> ClusterTable | None:
        """The replica of ``match_id`` in memory, or ``None``."""
        table = self.tables.get(match_id)
        return table if isinstance(table, ClusterTable) else None

    def _make(self, stored: StoredMatch) -> Table:
        return ClusterTable(stored, self.storage, self.hub, self.bot_delay, self.clock,
                            None if stored.finished else self.finish_hooks.get(stored.kind), self)

    def _adopt(self, table: Table) -> None:
        super()._adopt(table)
        assert isinstance(table, ClusterTable)
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is not None:
            self._watch(table)
        elif self._loop is not None:  # made in a worker thread (Tables.create through asyncio.to_thread)
            self._loop.call_soon_threadsafe(self._watch, table)

    def _watch(self, table: ClusterTable) -> None:
        if table.closed or self.tables.get(table.id) is not table:
            return
        self.cluster.listen(table.channel, table.notice)

        async def first_sync() -> None:
            await self.cluster.settle()
            if not table.closed:
                await table.resync()
        self.cluster.spawn(first_sync(), f"opening match {table.id}")

    def forget(self, table: Table) -> None:
        """Close this process's replica (storage and the other processes keep the match)."""
        assert isinstance(table, ClusterTable)
        if table.owned or table.id in self.owned:
            table.owned = False
            self.owned.discard(table.id)
            self.cluster.spawn(self.cluster.release(table.id), f"releasing match {table.id}")
        self.cluster.unlisten(table.channel, table.notice)
        super().drop(table)

    def drop(self, table: Table) -> None:
        """Close ``table`` here; if it ended for good (``abandoned``) tell every process to close it."""
        if table.abandoned:
            self.cluster.spawn(self.cluster.publish(self.cluster.channel("match", table.id), {"ended": True}),
                               f"ending match {table.id}")
        self.forget(table)

    async def ended(self, match_id: str) -> None:
        """The match ended for good (storage marks it finished): every process closes its replica."""
        table = self.table(match_id)
        if table is not None:
            table.abandoned = True
            self.forget(table)
        await self.cluster.publish(self.cluster.channel("match", match_id), {"ended": True})

    async def ended_here(self, table: ClusterTable) -> None:
        """Another process ended the match for good: close the replica here."""
        if self.tables.get(table.id) is table:
            self.forget(table)

    def create_solo(self, device: str, level: str, game: str = "table", players: int | None = None) -> Table:
        old = self.storage.current_match(device)
        table = super().create_solo(device, level, game, players)
        if old is not None and old != table.id:  # replaced: its driver elsewhere must stop
            self.cluster.spawn(self.cluster.publish(self.cluster.channel("match", old), {"ended": True}),
                               f"ending match {old}")
        return table

    def restore(self) -> int:
        """Nothing at start: the sweep claims the unfinished tables nobody drives (:meth:`run`)."""
        return 0

    # ---------------------------------------------------------------- leases

    async def claim(self, table: ClusterTable, start: bool = True) -> bool:
        """Take the lease of ``table``'s match if nobody holds it; whether this process drives it now.

        The replica first reads what it lacks, then becomes the owner and (``start``) starts deciding.

        Raises:
            StorageFault: Redis cannot be reached.
        """
        if table.id in self.owned:
            return True
        if table.closed or table.abandoned or table.state.phase == "match_end" or table.id in self._claiming:
            return False
        self._claiming.add(table.id)
        try:
            if not await self.cluster.acquire(table.id):
                return False
            async with table.lock:
                await table.catch_up()
                await table.load_facts()
                table.owned = True
                self.owned.add(table.id)
                table._published_stand_ins = None
            log.info("match %s: driven by this process (%s)", table.id, self.cluster.pid)
            if start:
                table._changed.set()
                table.start()
                await table.publish(None)
            return True
        finally:
            self._claiming.discard(table.id)

    def _lost(self, match_id: str, why: str | None = None) -> None:
        """This process no longer drives ``match_id`` (``why``: the lease ran out or was taken, logged)."""
        self.owned.discard(match_id)
        table = self.table(match_id)
        if table is not None and table.owned:
            if why is not None:
                log.warning("match %s: %s; another process drives it", match_id, why)
            table.owned = False
            table._changed.set()

    async def renew(self) -> None:
        """Prolong the leases of the matches this process drives; give up those it lost, and release
        those that are over."""
        done = [m for m in self.owned if (t := self.table(m)) is None or t.closed or t.abandoned
                or t.state.phase == "match_end"]
        for match_id in done:
            self._lost(match_id)
            await self.cluster.release(match_id)
        for match_id in await self.cluster.renew_many(list(self.owned)):
            self._lost(match_id, "the lease ran out")

    async def sweep(self) -> list[str]:
        """Claim the unfinished matches whose lease nobody holds; drop replicas nobody here needs;
        the ids claimed.

        Candidates are the room and Quick Match matches in storage (``active_matches``) and every
        replica in memory (solo matches too: they have a socket here).
        """
        for match_id in list(self.doubtful):
            replica = self.table(match_id)
            if replica is not None and not replica.closed:
                await replica.recheck()
            self.doubtful.discard(match_id)
        for match_id in list(self.unsent):
            replica = self.table(match_id)
            if replica is None or replica.closed:
                self.unsent.discard(match_id)
            else:
                await replica.publish("move")
        ids = set(await asyncio.to_thread(self.storage.active_matches))
        ids |= {m for m, t in self.tables.items() if not t.closed and not t.abandoned and t.state.phase != "match_end"}
        ids -= self.owned
        claimed = []
        for match_id, holder in (await self.cluster.holders(sorted(ids))).items():
            if holder is not None:
                continue
            table = self.table(match_id)
            if table is None:  # read in a worker thread: a takeover may open many tables at once
                stored = await asyncio.to_thread(self.storage.load, match_id)
                if stored is None:
                    continue
                table = self.table(match_id)
                if table is None:
                    made = self.open(stored)
                    if made is None:  # its log no longer replays: left in storage, not driven
                        continue
                    self._adopt(made)
                    table = self.table(match_id)
            if table is not None and await self.claim(table):
                claimed.append(match_id)
        for other in list(self.tables.values()):
            assert isinstance(other, ClusterTable)
            if not other.owned and other.id not in self._claiming and not self._needed(other):
                self.forget(other)
        return claimed

    def _needed(self, table: ClusterTable) -> bool:
        """Whether a socket on this process follows ``table`` (a person seated at it, or the solo device)."""
        return any(self.hub.local(t) for t in table.tokens()) or (table.kind == "solo" and self.hub.local(table.owner))

    async def run(self, every: float = 1.0) -> None:
        """Renew leases every third of their TTL and sweep every ``every`` seconds, until cancelled."""
        self._loop = asyncio.get_running_loop()

        async def renewing() -> None:
            while True:
                await asyncio.sleep(self.cluster.lease_seconds / 3)
                await self._safely(self.renew(), "renewing leases")

        renewer = asyncio.create_task(renewing())
        try:
            while True:
                await self._safely(self.sweep(), "sweeping for tables")
                await asyncio.sleep(every)
        finally:
            renewer.cancel()

    async def _safely(self, coro: Awaitable[Any], what: str) -> None:
        try:
            await coro
        except StorageFault as err:
            log.info("%s: %s", what, err)
        except Exception:
            log.exception("%s failed", what)

    async def resync_all(self) -> None:
        """After Redis came back: every replica reloads what it may have missed.

        Raises:
            StorageFault: some replica could not read storage (the listener runs this again).
        """
        failed: StorageFault | None = None
        for table in list(self.tables.values()):
            if isinstance(table, ClusterTable) and not table.closed:
                try:
                    await table.resync()
                except StorageFault as err:
                    failed = err
                except Exception:
                    log.exception("resyncing match %s failed", table.id)
        if failed is not None:
            raise failed

    async def shutdown(self) -> None:
        """Release every lease (the other processes take the tables at once) and close the tables."""
        for match_id in list(self.owned):
            self._lost(match_id)
            with contextlib.suppress(StorageFault):
                await self.cluster.release(match_id)
        self.close()

    # ---------------------------------------------------------------- messages of the service

    def _control(self, token: str, msg: dict[str, Any]) -> None:
        if msg.get("type") == "_table" and isinstance(msg.get("match"), str):
            self.cluster.spawn(self._opened(token, str(msg["match"])), "opening a table")

    async def _opened(self, token: str, match_id: str) -> None:
        """A table seating ``token`` started on another process: open a replica, send it its state."""
        if not self.hub.local(token):
            return
        table = self.get(match_id)
        if table is None:
            return
        place = table.seat_of([token])
        if place is not None:
            await table.send_to(place, "start")
        table.start()


def cluster_parts(storage: Storage, cluster: Cluster, bot_delay: float,
                  away_seconds: float | None) -> tuple[ClusterTables, Rooms]:
    """The tables and rooms of one process of a service on ``cluster`` (the rooms take their locks there)."""
    tables = ClusterTables(storage, cluster, bot_delay)
    return tables, Rooms(storage, tables, away_seconds, locks=cluster)

