"""Quick Match grouping (seed 003: "Quick Match searches for 20 seconds
and fills empty seats with computers").

:class:`Matchmaker` is a plain class with an injectable clock and no I/O;
:class:`QuickMatch` asks it, on a timer, which tables to start, from the search kept in a
:class:`~.adapters.base.Queue` (in memory, or in Redis for a service of several processes). Players are
grouped by the game they chose (a person searching for ``table``
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

from ..cards import Seat
from ..games import find as find_game
from .adapters import Link, MemoryQueue, Queue
from .storage import SeatRecord, StorageFault
from .table import EMPTY_PLACE, SEAT_WORD, Table, TableOptions, Tables, chair_place, has_chairs, seat_order

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
    chairs, then computers named by their places round the table (``"East (computer)"``, :func:`chair_place`).

    >>> [r.name for r in quick_seats([("t1", "Ann")], "auction@4")]
    ['Ann', 'West (computer)', 'North (computer)', 'East (computer)']
    """
    game, players = table_of(queue)
    if has_chairs(game, players):
        assert players is not None
        return [SeatRecord(*people[c]) if c < len(people) else SeatRecord(None, f"{chair_place(c, players)} (computer)")
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


class QuickMatch:
    """Quick Match on a server: the :class:`Matchmaker` wired to the search (a :class:`~.adapters.base.Queue`),
    tables and sockets. One process keeps the search in memory (:class:`~.adapters.memory_queue.MemoryQueue`); the
    processes of a service keep it in Redis (:class:`~.adapters.redis_queue.RedisQueue`), so that people connected
    to different processes sit at one table. The code is the same.

    A searching person gets a seat token at once (their browser keeps it). :meth:`tick`, run every quarter
    second by :meth:`run`, starts the tables that are ready, people first in the order they asked (S, N, E,
    W: the first two are partners), computer guests of the table's game in the empty seats.

    - One process at a time forms tables: the one holding the link's lease ``quick`` (renewed by each tick;
      when its process dies another takes it over once it runs out). It creates the table through
      :class:`~.table.Tables` and tells its people through the Hub, which reaches their sockets on any
      process; it also sends everyone's search status. Even two processes that both believed they held the
      lease could not seat a person twice (taking a group is one step of the queue).
    - A searcher with no socket on any process (the Hub's presence) for :data:`RECONNECT_GRACE` seconds is
      dropped by the forming process.
    - If the process forming a table dies between taking a group and telling it, the next forming process
      looks after the group after :data:`STARTING_STALE` seconds: seated if the table was stored, else back
      to the search.

    The shared store unreachable: the calls raise :class:`~.storage.StorageFault` (error ``storage``).

    Args:
        tables: the process's tables (their Hub reaches every process; their link holds the lease).
        search_seconds: the search time (20 s; tests shorten it).
        move_timer: seconds a person has to move (30 s).
        away_seconds: seconds before a disconnected person is played by a computer (60 s).
        level: the computer guests' level.
        queue: the search (default: in memory, on ``clock``).
        link: where the table-forming lease is taken (default: the tables' link).
        lease_seconds: the table-forming lease's length (default: the link's, 3 s).
        clock: a monotonic clock in seconds, for the default queue.
    """

    def __init__(self, tables: Tables, search_seconds: float = SEARCH_SECONDS, move_timer: float | None = 30.0,
                 away_seconds: float | None = 60.0, level: str = "normal", *, queue: Queue | None = None,
                 link: Link | None = None, lease_seconds: float | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if search_seconds < 0:
            raise ValueError("the search time cannot be negative")
        self.tables = tables
        self.link: Link = link if link is not None else tables.link
        self.queue: Queue = queue if queue is not None else MemoryQueue(clock)
        self.search_seconds = search_seconds
        self.options = TableOptions(move_timer=move_timer, away_seconds=away_seconds)
        self.level = level
        self.lease_seconds = lease_seconds
        #: searching tokens with no socket on any process, and since when (kept by the forming process)
        self.gone: dict[str, float] = {}
        self.leading = False
        self._last: tuple[str, ...] = ()

    # ------------------------------------------------------------ what connections ask

    async def search(self, name: str, game: str = "table", token: str | None = None) -> str:
        """Start searching for a person called ``name`` for a table of ``game`` (a queue of :func:`queue_of`:
        a game's name, or ``"auction@5"``); returns their new seat token (``token`` if given, else a fresh
        random one).

        Raises:
            ValueError: ``game`` is unknown or not built yet.
            StorageFault: the shared store cannot be reached (nothing is stored).
        """
        seats_of(game)
        token = token or secrets.token_urlsafe(24)
        await self.queue.enqueue(token, name, game)
        return token

    async def searching(self, token: str | None) -> bool:
        """Whether ``token`` is searching (or its table is being set up).

        Raises:
            StorageFault: the shared store cannot be reached.
        """
        return token is not None and await self.queue.person(token) is not None

    async def starting(self, token: str | None) -> bool:
        """Whether ``token``'s table is being set up (too late to stop searching, not seated yet).

        Raises:
            StorageFault: the shared store cannot be reached.
        """
        person = None if token is None else await self.queue.person(token)
        return person is not None and person.get("state") == "starting"

    async def game_of(self, token: str | None) -> str | None:
        """The queue (:func:`queue_of`) ``token`` is searching in (or whose table is being set up), or ``None``.

        Raises:
            StorageFault: the shared store cannot be reached.
        """
        person = None if token is None else await self.queue.person(token)
        return None if person is None else person.get("game")

    async def status(self, token: str) -> dict[str, object]:
        """The ``searching`` message for ``token`` (who is searching).

        Raises:
            StorageFault: the shared store cannot be reached.
        """
        person = await self.queue.person(token) or {}
        game = person.get("game", "table")
        if person.get("state") == "searching":
            mm, _ = await self._snapshot([game], await self.queue.now())
            if mm.group(token):
                return self._status_in(mm, token)
        # its table is being set up (or was just found)
        return searching_message(token, game, int(person.get("players", 1)), 0.0)

    def _status_in(self, mm: Matchmaker, token: str) -> dict[str, object]:
        return searching_message(token, mm.game_of(token) or "table", len(mm.group(token)), mm.seconds_left(token))

    async def cancel(self, token: str | None) -> bool:
        """Stop searching; whether ``token`` was searching (``False`` once its table is being set up, by any
        process).

        Raises:
            StorageFault: the shared store cannot be reached (the search goes on).
        """
        if token is None:
            return False
        self.gone.pop(token, None)
        game = await self.game_of(token)
        return game is not None and await self.queue.cancel(token, game)

    def disconnected(self, token: str) -> None:
        """Nothing: the forming process sees through the Hub's presence that a searcher has no socket anywhere."""

    def reconnected(self, token: str) -> None:
        """Nothing: see :meth:`disconnected`."""

    # ------------------------------------------------------------ forming tables

    async def _lead(self) -> bool:
        """Whether this process forms tables now: it renews the lease it holds, or takes a free one."""
        self.leading = await self.link.acquire("quick", self.lease_seconds)
        return self.leading

    async def _snapshot(self, games: list[str], now: float) -> tuple[Matchmaker, dict[str, str]]:
        """The searches of ``games`` in a :class:`Matchmaker` at time ``now``, and the searchers' names."""
        mm = Matchmaker(self.search_seconds, clock=lambda: now)
        names: dict[str, str] = {}
        for game, token, since, name in await self.queue.searching(games):
            try:
                mm.enqueue(token, game, since)
            except ValueError:  # a game this process does not know (a newer version of the server)
                continue
            names[token] = name
        return mm, names

    async def _recover(self, now: float) -> None:
        """Look after people whose table has been set up for more than :data:`STARTING_STALE` seconds."""
        for token in await self.queue.stale(now - STARTING_STALE):
            game = await self.game_of(token)
            match_id = await self.tables.read(self.tables.storage.match_of_token, token)
            if match_id is not None or game is None:
                await self.queue.seated([token])
                if match_id is not None:
                    await self.tables.hub.send(token, {"type": "matched", "match": match_id})
            else:
                log.warning("a quick match table was not set up in %.0f s: its people search again", STARTING_STALE)
                await self.queue.hand_back(game, [token])

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
        now = await self.queue.now()
        games = await self.queue.games()
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
        taken = []
        for group in mm.ready():  # every ready group is taken before any table is set up: a cancel meanwhile
            if await self.queue.take(group.game, group.players):  # says "too late" for all of them
                taken.append(group)
            else:
                changed = True  # someone of it stopped searching meanwhile: the next tick groups again
        for group in taken:
            people = [(token, names.get(token, "Player")) for token in group.players]
            game, players = table_of(group.game)
            try:
                table = await asyncio.to_thread(self.tables.create, "quick", "", self.level,
                                                quick_seats(people, group.game),
                                                replace(self.options, players=players), None, game)
            except Exception:
                log.exception("a quick match table failed to start")
                await self.queue.hand_back(group.game, group.players)  # back to the search, at their places
                changed = True
                continue
            await self.queue.seated(group.players)
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
        """Tick forever (cancel the task to stop); an outage of the shared store is logged once and waited out."""
        down = False
        while True:
            try:
                await self.tick()
                if down:
                    log.warning("Quick Match reaches its store again")
                down = False
            except StorageFault as err:
                if not down:
                    log.warning("Quick Match cannot reach its store: %s", err)
                    down = True
                self.leading = False
            except Exception:
                log.exception("quick match tick failed")
            await asyncio.sleep(every)

    async def close(self) -> None:
        """Release the lease, so that another process forms tables at once."""
        if self.leading:
            self.leading = False
            try:
                await self.link.release("quick")
            except StorageFault as err:
                log.warning("the quick match lease was not released (it runs out by itself): %s", err)


#: Seconds a table may take to be set up before its people are looked after by another tick (the process
#: setting it up died in between): seated if their table was stored, else back to the search.
STARTING_STALE = 30.0
