"""Quick Match grouping (issue 5; seed 003: "Quick Match searches for 20 seconds
and fills empty seats with computers").

:class:`Matchmaker` is a plain class with an injectable clock and no I/O;
:class:`QuickMatch` asks it, on a timer, which tables to start. Players are
grouped by the game they chose (issue 12: a person searching for ``table``
never meets one searching for ``racehorse``), then in the order they asked;
as many waiting players of a game as its table seats (four, three for
``cutthroat`` and ``auction``, two for ``two-handed``) start a table at once, and a group that has
waited the search time starts with whoever is there, the empty seats going
to computers playing that game.

>>> clock = [0.0]
>>> mm = Matchmaker(search_seconds=20, clock=lambda: clock[0])
>>> mm.enqueue("a"); mm.enqueue("b")
>>> mm.ready()
[]
>>> clock[0] = 20.0
>>> [(t.players, t.computers) for t in mm.ready()]
[(('a', 'b'), 2)]
>>> mm.enqueue("c", game="racehorse"); mm.enqueue("d")
>>> clock[0] = 40.0
>>> [(t.game, t.players) for t in mm.ready()]
[('racehorse', ('c',)), ('table', ('d',))]
>>> mm.enqueue("e", game="two-handed"); mm.enqueue("f", game="two-handed")
>>> [(t.game, t.players, t.computers) for t in mm.ready()]
[('two-handed', ('e', 'f'), 0)]
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from ..cards import Seat
from ..games import find as find_game
from .storage import SeatRecord, StorageFault
from .table import EMPTY_PLACE, SEAT_WORD, Table, TableOptions, Tables, chair_word, has_chairs, seat_order

if TYPE_CHECKING:
    from .cluster import Cluster

log = logging.getLogger("pinochle.server")

#: The default search time (seconds), a setting so that tests can shorten it.
SEARCH_SECONDS = 20.0
#: Seconds a searching person may be disconnected (a reload) before the search is dropped.
RECONNECT_GRACE = 5.0


@dataclass(frozen=True)
class QuickTable:
    """A table to start: the players (in the order they asked), how many computer guests fill it, and its
    game: the Quick Match queue (:func:`queue_of`: the game's name, or ``"auction@5"``)."""

    players: tuple[str, ...]
    computers: int
    game: str = "table"


def queue_of(game: str, players: int | None = None) -> str:
    """The Quick Match queue of a table of ``players`` for ``game``: people searching in one queue are
    grouped together, and only they. Its name is the game's at its own number of players, else
    ``"game@players"`` (VARIANTS.md ``auction`` at 4 or 5: a table of chairs, three of them play each hand).

    >>> queue_of("auction"), queue_of("auction", 3), queue_of("auction", 5), queue_of("table", 4)
    ('auction', 'auction', 'auction@5', 'table')

    Raises:
        ValueError: an unknown game or one not built yet, or a number of players the game does not take.
    """
    g = find_game(game, at_table=True)
    if players is None or players == g.seating.players:
        return game
    if players not in g.sizes:
        sizes = " or ".join(", ".join(map(str, g.sizes)).rsplit(", ", 1))
        raise ValueError(f"the {game} game is played by {sizes} players, not {players}")
    return f"{game}@{players}"


def table_of(queue: str) -> tuple[str, int | None]:
    """The game and number of players of a queue of :func:`queue_of` (``None``: the game's own seating).

    >>> table_of("auction@4"), table_of("racehorse")
    (('auction', 4), ('racehorse', None))

    Raises:
        ValueError: not a queue :func:`queue_of` makes (an unknown game, a size it does not take).
    """
    game, at, size = queue.partition("@")
    if not at:
        find_game(game, at_table=True)
        return game, None
    if not size.isdigit() or queue_of(game, int(size)) != queue:
        raise ValueError(f"no Quick Match queue {queue!r}")
    return game, int(size)


def seats_of(queue: str) -> int:
    """How many people a Quick Match table of ``queue`` (:func:`queue_of`) seats: ``players`` of the
    game's definition (4, 3 or 2), or the players asked for (auction at 4 or 5).

    >>> seats_of("table"), seats_of("cutthroat"), seats_of("auction@5")
    (4, 3, 5)
    """
    game, players = table_of(queue)
    return find_game(game, at_table=True).players if players is None else players


class Matchmaker:
    """Groups Quick Match players by game into tables (of four for the four-handed games, of three for the
    three-handed ones).

    Args:
        search_seconds: how long the first player of a group waits before the
            table starts with computer guests (20 s by default).
        clock: a monotonic clock in seconds (``time.monotonic`` by default).
    """

    def __init__(self, search_seconds: float = SEARCH_SECONDS, clock: Callable[[], float] = time.monotonic) -> None:
        if search_seconds < 0:
            raise ValueError("the search time cannot be negative")
        self.search_seconds = search_seconds
        self.clock = clock
        self._waiting: dict[str, tuple[str, float]] = {}  # player -> (game, when they asked), in asking order

    def enqueue(self, player: str, game: str = "table", since: float | None = None) -> None:
        """Start searching for ``player`` at a table of ``game`` (asking again keeps the original place and game).

        ``game``: the Quick Match queue (:func:`queue_of`: a game's name, or ``"auction@5"``).
        ``since``: when they asked (on :attr:`clock`; default now), for a search kept elsewhere (Redis).

        Raises:
            ValueError: ``game`` is unknown or not built yet.
        """
        seats_of(game)
        self._waiting.setdefault(player, (game, self.clock() if since is None else since))

    def cancel(self, player: str) -> bool:
        """Stop searching for ``player``; whether they were searching."""
        return self._waiting.pop(player, None) is not None

    def waiting(self, game: str | None = None) -> tuple[str, ...]:
        """The players searching (for ``game``, or for any game), in the order they asked."""
        return tuple(p for p, (g, _) in self._waiting.items() if game is None or g == game)

    def game_of(self, player: str) -> str | None:
        """The game ``player`` is searching for, or ``None`` if not searching."""
        entry = self._waiting.get(player)
        return None if entry is None else entry[0]

    def group(self, player: str) -> tuple[str, ...]:
        """The players grouped with ``player`` so far (``player`` included), or ``()`` if not searching."""
        game = self.game_of(player)
        if game is None:
            return ()
        order = self.waiting(game)
        n = seats_of(game)
        i = order.index(player)
        return order[i - i % n: i - i % n + n]

    def seconds_left(self, player: str) -> float | None:
        """Seconds until ``player``'s group starts with computers at the latest, or ``None`` if not searching."""
        group = self.group(player)
        if not group:
            return None
        first = self._waiting[group[0]][1]
        return max(0.0, first + self.search_seconds - self.clock())

    def ready(self) -> list[QuickTable]:
        """The tables to start now; their players stop searching.

        Each game's players are grouped apart, in the order they asked. Full
        groups start at once; a partial group starts once its first player
        has searched ``search_seconds``.
        """
        now = self.clock()
        tables: list[QuickTable] = []
        for game in dict.fromkeys(g for g, _ in self._waiting.values()):
            order = self.waiting(game)
            n = seats_of(game)
            for i in range(0, len(order), n):
                group = order[i:i + n]
                if len(group) == n or now - self._waiting[group[0]][1] >= self.search_seconds:
                    tables.append(QuickTable(tuple(group), n - len(group), game))
        for table in tables:
            for p in table.players:
                del self._waiting[p]
        return tables


def quick_seats(people: list[tuple[str, str]], queue: str) -> list[SeatRecord]:
    """The seats (N, E, S, W) of a Quick Match table of ``queue`` (:func:`queue_of`) for ``people``
    ((token, name), in the order they asked): people fill the game's seats in order (S N E W: the first
    two are partners; S E W at a table of three), computers the rest; a place the game seats nobody at
    stays empty. At a table of chairs (auction at 4 or 5) one record per chair: people in the first
    chairs, then computers ("Player 4 (computer)").

    >>> [r.name for r in quick_seats([("t1", "Ann")], "auction@4")]
    ['Ann', 'Player 2 (computer)', 'Player 3 (computer)', 'Player 4 (computer)']
    """
    game, players = table_of(queue)
    if has_chairs(game, players):
        assert players is not None
        return [SeatRecord(*people[c]) if c < len(people) else SeatRecord(None, f"{chair_word(c)} (computer)")
                for c in range(players)]
    order = seat_order(game)
    seats: dict[Seat, SeatRecord] = {}
    for seat, (token, name) in zip(order, people):
        seats[seat] = SeatRecord(token, name)
    for seat in order[len(people):]:
        seats[seat] = SeatRecord(None, f"{SEAT_WORD[seat]} (computer)")
    return [seats.get(s, EMPTY_PLACE) for s in Seat]


def searching_message(token: str, queue: str, people: int, seconds_left: float | None) -> dict[str, object]:
    """The ``searching`` message (docs/protocol.md) of ``token``, searching in ``queue`` (:func:`queue_of`)
    with ``people`` grouped so far (``token`` included), its table starting in at most ``seconds_left`` s.

    >>> searching_message("t", "auction@5", 2, 12.345)["seats"]
    5
    """
    game, _ = table_of(queue)
    return {"type": "searching", "token": token, "game": game, "players": people, "seats": seats_of(queue),
            "seconds_left": None if seconds_left is None else round(seconds_left, 1)}


async def announce(tables: Tables, table: Table, tokens: list[str]) -> None:
    """Tell a new Quick Match table's people it is found (``matched``), send every seat its state, start it."""
    for token in tokens:
        await tables.hub.send(token, {"type": "matched", "match": table.id})
    await table.broadcast("start")
    table.start()


class QuickSearch(Protocol):
    """What a server's connections ask of Quick Match: :class:`QuickMatch` keeps the search in one process,
    :class:`RedisQuickMatch` in Redis, shared by the processes of one service (``create_app`` picks one)."""

    async def search(self, name: str, game: str = "table", token: str | None = None) -> str:
        """Start searching for a person called ``name`` for a table of ``game``; their new seat token.

        ``game``: the Quick Match queue (:func:`queue_of`: a game's name, or ``"auction@5"``).
        ``token``: the new seat token to use (default: a fresh random one). On several processes the
        caller makes it, subscribes the person's socket to it and waits for the subscription to reach
        every process (``Hub.settle``) before the search starts, so the ``matched`` of a table formed at
        once by another process is not lost.

        Raises:
            ValueError: ``game`` is unknown or not built yet.
        """

    async def searching(self, token: str | None) -> bool:
        """Whether ``token`` is searching (or its table is being set up)."""

    async def game_of(self, token: str | None) -> str | None:
        """The queue (:func:`queue_of`) ``token`` is searching in (or whose table is being set up), or ``None``."""

    async def status(self, token: str) -> dict[str, object]:
        """The ``searching`` message for ``token``."""

    async def cancel(self, token: str | None) -> bool:
        """Stop searching; whether ``token`` was searching (``False`` once its table is being set up)."""

    def disconnected(self, token: str) -> None:
        """A searching token's last socket on this process closed."""

    def reconnected(self, token: str) -> None:
        """A searching token has a socket on this process again."""

    async def run(self, every: float = 0.25) -> None:
        """Start the tables that are ready, every ``every`` seconds, until cancelled."""

    async def close(self) -> None:
        """Stop for good (after :meth:`run` is cancelled): hand over what this process held."""


class QuickMatch:
    """Quick Match on a server: the :class:`Matchmaker` wired to tables and sockets.

    A searching person gets a seat token at once (their browser keeps it);
    :meth:`tick`, run every quarter second by :meth:`run`, starts the tables
    that are ready, people first in the order they asked (S, N, E, W: the
    first two are partners), computer guests of the table's game in the
    empty seats.

    Args:
        tables: the server's tables.
        search_seconds: the search time (20 s; tests shorten it).
        move_timer: seconds a person has to move (30 s).
        away_seconds: seconds before a disconnected person is played by a computer (60 s).
        level: the computer guests' level.
        clock: a monotonic clock in seconds.
    """

    def __init__(self, tables: Tables, search_seconds: float = SEARCH_SECONDS, move_timer: float | None = 30.0,
                 away_seconds: float | None = 60.0, level: str = "normal",
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.tables = tables
        self.matchmaker = Matchmaker(search_seconds, clock)
        self.options = TableOptions(move_timer=move_timer, away_seconds=away_seconds)
        self.level = level
        self.names: dict[str, str] = {}
        self.clock = clock
        #: searching tokens with no open socket, and since when
        self.gone: dict[str, float] = {}
        #: tokens whose table is being set up, and how many people are in it
        self.starting: dict[str, int] = {}
        #: the game each searching token asked for (kept while its table is being set up)
        self.games: dict[str, str] = {}
        self._last: tuple[str, ...] = ()

    def disconnected(self, token: str) -> None:
        """A searching token's last socket closed: the search is kept for :data:`RECONNECT_GRACE` seconds."""
        if token in self.names:
            self.gone.setdefault(token, self.clock())

    def reconnected(self, token: str) -> None:
        """A searching token is back (a reload): the search goes on."""
        self.gone.pop(token, None)

    async def searching(self, token: str | None) -> bool:
        """Whether ``token`` is searching (or its table is being set up)."""
        return self._searching(token)

    def _searching(self, token: str | None) -> bool:
        return token is not None and (token in self.names or token in self.starting)

    def _status(self, token: str) -> dict[str, object]:
        queue = self.games.get(token, "table")
        group = self.matchmaker.group(token)
        if not group:  # its table is being set up
            return searching_message(token, queue, self.starting.get(token, 1), 0.0)
        return searching_message(token, queue, len(group), self.matchmaker.seconds_left(token))

    async def game_of(self, token: str | None) -> str | None:
        """The Quick Match queue (:func:`queue_of`) ``token`` is searching in (or whose table is being set
        up), or ``None``."""
        return None if token is None or not self._searching(token) else self.games.get(token)

    async def search(self, name: str, game: str = "table", token: str | None = None) -> str:
        """Start searching for a person called ``name`` for a table of ``game`` (a queue of :func:`queue_of`:
        a game's name, or ``"auction@5"``); returns their new seat token (``token`` if given, else a fresh
        random one).

        Raises:
            ValueError: ``game`` is unknown or not built yet.
        """
        token = token or secrets.token_urlsafe(24)
        self.matchmaker.enqueue(token, game)
        self.names[token] = name
        self.games[token] = game
        return token

    async def status(self, token: str) -> dict[str, object]:
        """The ``searching`` message for ``token`` (who is searching)."""
        return self._status(token)

    async def cancel(self, token: str | None) -> bool:
        """Stop searching; whether ``token`` was searching (``False`` once its table is being set up)."""
        return self._cancel(token)

    def _cancel(self, token: str | None) -> bool:
        if token is None or token not in self.names:
            return False
        del self.names[token]
        self.games.pop(token, None)
        self.gone.pop(token, None)
        return self.matchmaker.cancel(token)

    async def tick(self) -> list[Table]:
        """Start the tables that are ready and tell their people; tell the rest how the search goes.

        Every ready group's people are taken out of the search before the
        first await, so a cancel or a reload arriving while tables are being
        set up cannot lose anyone.
        """
        started: list[Table] = []
        now = self.clock()
        for token, since in list(self.gone.items()):
            if now - since >= RECONNECT_GRACE:
                self._cancel(token)  # gone for good: nobody would sit at the table
        plans: list[tuple[str, list[tuple[str, str]]]] = []
        for group in self.matchmaker.ready():
            people = [(token, self.names.pop(token, "Player")) for token in group.players]
            for token, _ in people:
                self.gone.pop(token, None)
                self.starting[token] = len(people)
            plans.append((group.game, people))
        for game, people in plans:
            try:
                table = await self._start(people, game)
            except Exception:
                log.exception("a quick match table failed to start")
                for token, name in people:  # back to the search, first in line
                    self.starting.pop(token, None)
                    self.names[token] = name
                    self.matchmaker.enqueue(token, game)
                continue
            started.append(table)
        waiting = self.matchmaker.waiting()
        if waiting != self._last or started:
            for token in waiting:
                await self.tables.hub.send(token, self._status(token))
        self._last = waiting
        return started

    async def _start(self, people: list[tuple[str, str]], queue: str = "table") -> Table:
        game, players = table_of(queue)
        table = await asyncio.to_thread(self.tables.create, "quick", "", self.level, quick_seats(people, queue),
                                        replace(self.options, players=players), None, game)
        for token, _ in people:
            self.starting.pop(token, None)
            self.games.pop(token, None)
        await announce(self.tables, table, [token for token, _ in people])
        return table

    async def run(self, every: float = 0.25) -> None:
        """Tick forever (cancel the task to stop)."""
        while True:
            try:
                await self.tick()
            except Exception:
                log.exception("quick match tick failed")
            await asyncio.sleep(every)

    async def close(self) -> None:
        """Nothing to hand over: the search lives and ends with this process."""


# ---------------------------------------------------------------- across processes (Redis)

#: Seconds a table may take to be set up before its people are looked after by another tick (the process
#: setting it up died in between): seated if their table was stored, else back to the search.
STARTING_STALE = 30.0

#: Lua: ``now`` is ``ARGV[1]`` if given (tests move a clock by hand), else Redis's clock, shared by every process.
_NOW = """local now = tonumber(ARGV[1])
if not now then local t = redis.call('TIME'); now = tonumber(t[1]) + tonumber(t[2]) / 1000000 end
"""

#: Start a search: KEYS = (sequence, games, the game's queue, the person); ARGV = (now, token, name, game).
_ENQUEUE = _NOW + """local seq = redis.call('INCR', KEYS[1])
redis.call('SADD', KEYS[2], ARGV[4])
redis.call('HSET', KEYS[4], 'name', ARGV[3], 'game', ARGV[4], 'since', tostring(now), 'seq', seq, 'state', 'searching')
redis.call('ZADD', KEYS[3], seq, ARGV[2])
return seq
"""

#: Stop a search unless its table is being set up: KEYS = (the person, the game's queue); ARGV = (token, game).
_CANCEL = """if redis.call('HGET', KEYS[1], 'state') ~= 'searching' or redis.call('HGET', KEYS[1], 'game') ~= ARGV[2] then
  return 0
end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
return 1
"""

#: Take a group for a table, all or none (none if anyone of it stopped searching): KEYS = (the game's queue,
#: the starting set, each person); ARGV = (now, each token).
_CLAIM = _NOW + """for i = 3, #KEYS do
  if redis.call('HGET', KEYS[i], 'state') ~= 'searching' then return 0 end
end
for i = 3, #KEYS do
  redis.call('HSET', KEYS[i], 'state', 'starting', 'players', #KEYS - 2, 'taken', tostring(now))
  redis.call('ZREM', KEYS[1], ARGV[i - 1])
  redis.call('ZADD', KEYS[2], now, ARGV[i - 1])
end
return 1
"""

#: A group's table could not be set up: back to the search at their places. KEYS = (the game's queue,
#: the starting set, each person); ARGV = (each token).
_REQUEUE = """for i = 3, #KEYS do
  if redis.call('HGET', KEYS[i], 'state') == 'starting' then
    redis.call('HSET', KEYS[i], 'state', 'searching')
    redis.call('HDEL', KEYS[i], 'players', 'taken')
    redis.call('ZADD', KEYS[1], tonumber(redis.call('HGET', KEYS[i], 'seq')), ARGV[i - 2])
  end
  redis.call('ZREM', KEYS[2], ARGV[i - 2])
end
return 1
"""

def _text(value: object) -> str:
    """A Redis reply as text (the client may or may not decode replies)."""
    return value.decode() if isinstance(value, bytes) else str(value)


class RedisQuickMatch:
    """Quick Match for the processes of one service (``pinochle serve --redis URL``, issue 16): the search
    lives in Redis, so people connected to different processes sit at one table.

    It behaves as :class:`QuickMatch` (the same grouping, :class:`Matchmaker`; the same messages, search
    time, computer guests, "too late to cancel"), with the state in Redis:

    - ``{prefix}quick:q:{game}``: a sorted set of the tokens searching for ``game``, in the order they
      asked (the score a sequence number); ``{prefix}quick:p:{token}``: a hash of the person's name, game,
      when they asked (Redis's clock), place and state (``searching``, or ``starting`` while their table is
      being set up); ``{prefix}quick:starting``: the tokens being seated, by when.
    - Starting, cancelling, taking a group for a table and handing it back are each one Lua script, so a
      cancel and a table's forming never both win: a cancel after the group was taken says "too late".
    - One process at a time forms tables: the one holding the :class:`~.cluster.Cluster`'s lease
      ``quick`` (``{prefix}lease:quick``, renewed by each tick, 3 s by default; when its process dies
      another takes it over once it runs out). It
      creates the table through :class:`~.table.Tables` and tells its people through the Hub, which
      reaches their sockets on any process; it also sends everyone's search status. Even two processes
      that both believed they held the lease could not seat a person twice (taking a group is atomic).
    - A searcher with no socket on any process (the Hub's presence) for :data:`RECONNECT_GRACE` seconds
      is dropped by the forming process, so :meth:`disconnected` and :meth:`reconnected` have nothing to
      do here (and a searcher of a process that died is dropped too).
    - If the process forming a table dies between taking a group and telling it, the next forming
      process looks after the group after :data:`STARTING_STALE` seconds: seated if the table was stored,
      else back to the search.

    Redis unreachable: the calls raise :class:`~.storage.StorageFault` (error ``storage``, a clear message).

    Args:
        tables: the process's tables (their Hub reaches every process).
        cluster: this process's link to the others: its Redis client (:attr:`~.cluster.Cluster.redis`), key
            prefix and leases.
        search_seconds, move_timer, away_seconds, level: as :class:`QuickMatch`.
        lease_seconds: the table-forming lease's length (default: the cluster's, 3 s).
        clock: seconds instead of Redis's clock (tests move it by hand).
    """

    def __init__(self, tables: Tables, cluster: Cluster, search_seconds: float = SEARCH_SECONDS,
                 move_timer: float | None = 30.0, away_seconds: float | None = 60.0, level: str = "normal", *,
                 lease_seconds: float | None = None, clock: Callable[[], float] | None = None) -> None:
        from redis.exceptions import RedisError  # imported here: one process never needs redis-py

        if search_seconds < 0:
            raise ValueError("the search time cannot be negative")
        self.tables = tables
        self.cluster = cluster
        self.client = client = cluster.redis
        self.prefix = cluster.prefix
        self.search_seconds = search_seconds
        self.options = TableOptions(move_timer=move_timer, away_seconds=away_seconds)
        self.level = level
        self.lease_seconds = lease_seconds
        self.clock = clock
        #: searching tokens with no socket on any process, and since when (kept by the forming process)
        self.gone: dict[str, float] = {}
        self.leading = False
        self._faults: tuple[type[Exception], ...] = (RedisError, OSError)
        self._last: tuple[str, ...] = ()
        self._enqueue = client.register_script(_ENQUEUE)
        self._cancel = client.register_script(_CANCEL)
        self._claim = client.register_script(_CLAIM)
        self._requeue = client.register_script(_REQUEUE)

    # ------------------------------------------------------------ keys and clock

    def _key(self, *parts: str) -> str:
        return self.cluster.key(*parts)

    def _person(self, token: str) -> str:
        return self._key("quick", "p", token)

    def _queue(self, game: str) -> str:
        return self._key("quick", "q", game)

    def _clock_arg(self) -> str:
        return "" if self.clock is None else repr(self.clock())

    async def _now(self) -> float:
        if self.clock is not None:
            return self.clock()
        seconds, micros = await self.client.time()
        return seconds + micros / 1_000_000

    def _fault(self, err: Exception) -> StorageFault:
        log.warning("Quick Match cannot reach Redis: %s", err)
        return StorageFault("the shared store (Redis) cannot be reached: Quick Match is paused;"
                            " try again when it is back")

    # ------------------------------------------------------------ what connections ask

    async def search(self, name: str, game: str = "table", token: str | None = None) -> str:
        """Start searching for a person called ``name`` for a table of ``game``; their new seat token
        (``token`` if given, else a fresh random one: see :meth:`QuickSearch.search`).

        Raises:
            ValueError: ``game`` is unknown or not built yet.
            StorageFault: Redis cannot be reached (nothing is stored).
        """
        seats_of(game)
        token = token or secrets.token_urlsafe(24)
        keys = [self._key("quick", "seq"), self._key("quick", "games"), self._queue(game), self._person(token)]
        try:
            await self._enqueue(keys, [self._clock_arg(), token, name, game])
        except self._faults as err:
            raise self._fault(err) from err
        return token

    async def searching(self, token: str | None) -> bool:
        """Whether ``token`` is searching (or its table is being set up).

        Raises:
            StorageFault: Redis cannot be reached.
        """
        if token is None:
            return False
        try:
            return bool(await self.client.exists(self._person(token)))
        except self._faults as err:
            raise self._fault(err) from err

    async def game_of(self, token: str | None) -> str | None:
        """The queue (:func:`queue_of`) ``token`` is searching in (or whose table is being set up), or ``None``.

        Raises:
            StorageFault: Redis cannot be reached.
        """
        if token is None:
            return None
        try:
            game = await self.client.hget(self._person(token), "game")
        except self._faults as err:
            raise self._fault(err) from err
        return None if game is None else _text(game)

    async def status(self, token: str) -> dict[str, object]:
        """The ``searching`` message for ``token`` (who is searching).

        Raises:
            StorageFault: Redis cannot be reached.
        """
        try:
            person = {_text(k): _text(v) for k, v in (await self.client.hgetall(self._person(token))).items()}
            game = person.get("game", "table")
            if person.get("state") == "searching":
                mm, _ = await self._snapshot([game], await self._now())
                if mm.group(token):
                    return self._status_in(mm, token)
        except self._faults as err:
            raise self._fault(err) from err
        # its table is being set up (or was just found)
        return searching_message(token, game, int(person.get("players", 1)), 0.0)

    def _status_in(self, mm: Matchmaker, token: str) -> dict[str, object]:
        return searching_message(token, mm.game_of(token) or "table", len(mm.group(token)), mm.seconds_left(token))

    async def cancel(self, token: str | None) -> bool:
        """Stop searching; whether ``token`` was searching (``False`` once its table is being set up, by any
        process).

        Raises:
            StorageFault: Redis cannot be reached (the search goes on).
        """
        if token is None:
            return False
        self.gone.pop(token, None)
        try:
            game = await self.client.hget(self._person(token), "game")
            if game is None:
                return False
            return bool(await self._cancel([self._person(token), self._queue(_text(game))], [token, _text(game)]))
        except self._faults as err:
            raise self._fault(err) from err

    def disconnected(self, token: str) -> None:
        """Nothing: the forming process sees through the Hub's presence that a searcher has no socket anywhere."""

    def reconnected(self, token: str) -> None:
        """Nothing: see :meth:`disconnected`."""

    # ------------------------------------------------------------ forming tables

    async def _lead(self) -> bool:
        """Whether this process forms tables now: it renews the lease it holds, or takes a free one."""
        self.leading = await self.cluster.acquire("quick", self.lease_seconds)
        return self.leading

    async def _snapshot(self, games: list[str], now: float) -> tuple[Matchmaker, dict[str, str]]:
        """The searches of ``games`` in a :class:`Matchmaker` at time ``now``, and the searchers' names."""
        async with self.client.pipeline(transaction=False) as pipe:
            for game in games:
                pipe.zrange(self._queue(game), 0, -1)
            queues = await pipe.execute()
        entries = [(game, _text(token)) for game, queue in zip(games, queues) for token in queue]
        async with self.client.pipeline(transaction=False) as pipe:
            for _, token in entries:
                pipe.hmget(self._person(token), "since", "name")
            rows = await pipe.execute()
        mm = Matchmaker(self.search_seconds, clock=lambda: now)
        names: dict[str, str] = {}
        for (game, token), (since, name) in zip(entries, rows):
            if since is None:
                continue
            try:
                mm.enqueue(token, game, float(since))
            except ValueError:  # a game this process does not know (a newer version of the server)
                continue
            names[token] = "Player" if name is None else _text(name)
        return mm, names

    async def _hand_back(self, game: str, tokens: tuple[str, ...] | list[str]) -> None:
        await self._requeue([self._queue(game), self._key("quick", "starting"), *map(self._person, tokens)],
                            list(tokens))

    async def _seated(self, tokens: tuple[str, ...] | list[str]) -> None:
        async with self.client.pipeline(transaction=True) as pipe:
            pipe.delete(*map(self._person, tokens))
            pipe.zrem(self._key("quick", "starting"), *tokens)
            await pipe.execute()

    async def _recover(self, now: float) -> None:
        """Look after people whose table has been set up for more than :data:`STARTING_STALE` seconds."""
        stale = await self.client.zrangebyscore(self._key("quick", "starting"), "-inf", now - STARTING_STALE)
        for entry in stale:
            token = _text(entry)
            game = await self.client.hget(self._person(token), "game")
            match_id = await asyncio.to_thread(self.tables.storage.match_of_token, token)
            if match_id is not None or game is None:
                await self._seated([token])
                if match_id is not None:
                    await self.tables.hub.send(token, {"type": "matched", "match": match_id})
            else:
                log.warning("a quick match table was not set up in %.0f s: its people search again", STARTING_STALE)
                await self._hand_back(_text(game), [token])

    async def tick(self) -> list[Table]:
        """If this process forms tables (the lease): start the tables that are ready and tell their people,
        tell the rest how the search goes; else nothing.

        Returns:
            The tables started.
        """
        if not await self._lead():
            self._last = ()
            self.gone.clear()
            return []
        now = await self._now()
        games = sorted(_text(g) for g in await self.client.smembers(self._key("quick", "games")))
        await self._recover(now)
        mm, names = await self._snapshot(games, now)
        for token in mm.waiting():
            if self.tables.hub.connected(token):
                self.gone.pop(token, None)
            elif now - self.gone.setdefault(token, now) >= RECONNECT_GRACE:
                if await self.cancel(token):  # gone for good: nobody would sit at the table
                    mm.cancel(token)
        self.gone = {t: since for t, since in self.gone.items() if mm.game_of(t) is not None}
        started: list[Table] = []
        changed = False
        for group in mm.ready():
            keys = [self._queue(group.game), self._key("quick", "starting"), *map(self._person, group.players)]
            if not await self._claim(keys, [self._clock_arg(), *group.players]):
                changed = True  # someone of it stopped searching meanwhile: the next tick groups again
                continue
            people = [(token, names.get(token, "Player")) for token in group.players]
            game, players = table_of(group.game)
            try:
                table = await asyncio.to_thread(self.tables.create, "quick", "", self.level,
                                                quick_seats(people, group.game),
                                                replace(self.options, players=players), None, game)
            except Exception:
                log.exception("a quick match table failed to start")
                await self._hand_back(group.game, group.players)  # back to the search, at their places
                changed = True
                continue
            await self._seated(group.players)
            await announce(self.tables, table, list(group.players))
            started.append(table)
        if changed:
            mm, _ = await self._snapshot(games, now)
        waiting = mm.waiting()
        if waiting != self._last or started:
            for token in waiting:
                await self.tables.hub.send(token, self._status_in(mm, token))
        self._last = waiting
        return started

    async def run(self, every: float = 0.25) -> None:
        """Tick forever (cancel the task to stop); a Redis outage is logged once and waited out."""
        down = False
        while True:
            try:
                await self.tick()
                if down:
                    log.warning("Quick Match reaches Redis again")
                down = False
            except Exception as err:
                if not isinstance(err, self._faults + (StorageFault,)):
                    log.exception("quick match tick failed")
                elif not down:
                    log.warning("Quick Match cannot reach Redis: %s", err)
                    down = True
                self.leading = self.leading and not down
            await asyncio.sleep(every)

    async def close(self) -> None:
        """Release the lease, so that another process forms tables at once."""
        if self.leading:
            self.leading = False
            try:
                await self.cluster.release("quick")
            except StorageFault as err:
                log.warning("the quick match lease was not released (it runs out by itself): %s", err)
