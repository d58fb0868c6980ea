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
from dataclasses import dataclass
from typing import Protocol

from ..cards import Seat
from ..games import find as find_game
from .storage import SeatRecord
from .table import EMPTY_PLACE, SEAT_WORD, Table, TableOptions, Tables, seat_order

log = logging.getLogger("pinochle.server")

#: The default search time (seconds), a setting so that tests can shorten it.
SEARCH_SECONDS = 20.0
#: Seconds a searching person may be disconnected (a reload) before the search is dropped.
RECONNECT_GRACE = 5.0


@dataclass(frozen=True)
class QuickTable:
    """A table to start: the players (in the order they asked), how many computer guests fill it, and its game."""

    players: tuple[str, ...]
    computers: int
    game: str = "table"


def seats_of(game: str) -> int:
    """How many seats a table of ``game`` has (``players`` of its definition: 4, 3 or 2)."""
    return find_game(game, at_table=True).players


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

    def enqueue(self, player: str, game: str = "table") -> None:
        """Start searching for ``player`` at a table of ``game`` (asking again keeps the original place and game).

        Raises:
            ValueError: ``game`` is unknown or not built yet.
        """
        seats_of(game)
        self._waiting.setdefault(player, (game, self.clock()))

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


class QuickSearch(Protocol):
    """What a server's connections ask of Quick Match: :class:`QuickMatch` keeps the search in one process,
    :class:`RedisQuickMatch` in Redis, shared by the processes of one service (``create_app`` picks one)."""

    async def search(self, name: str, game: str = "table") -> str:
        """Start searching for a person called ``name`` for a table of ``game``; their new seat token.

        Raises:
            ValueError: ``game`` is unknown or not built yet.
        """

    async def searching(self, token: str | None) -> bool:
        """Whether ``token`` is searching (or its table is being set up)."""

    async def game_of(self, token: str | None) -> str | None:
        """The game ``token`` is searching for (or whose table is being set up), or ``None``."""

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
        game = self.games.get(token, "table")
        group = self.matchmaker.group(token)
        seats = seats_of(game)
        if not group:  # its table is being set up
            return {"type": "searching", "token": token, "game": game, "players": self.starting.get(token, 1),
                    "seats": seats, "seconds_left": 0.0}
        left = self.matchmaker.seconds_left(token)
        return {"type": "searching", "token": token, "game": game, "players": len(group), "seats": seats,
                "seconds_left": None if left is None else round(left, 1)}

    async def game_of(self, token: str | None) -> str | None:
        """The game ``token`` is searching for (or whose table is being set up), or ``None``."""
        return None if token is None or not self._searching(token) else self.games.get(token)

    async def search(self, name: str, game: str = "table") -> str:
        """Start searching for a person called ``name`` for a table of ``game``; returns their new seat token.

        Raises:
            ValueError: ``game`` is unknown or not built yet.
        """
        token = secrets.token_urlsafe(24)
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

    async def _start(self, people: list[tuple[str, str]], game: str = "table") -> Table:
        # people fill the game's seats in order (S N E W: the first two are partners; S E W at a table
        # of three), computers the rest; a place the game seats nobody at stays empty
        order = seat_order(game)
        seats: dict[Seat, SeatRecord] = {}
        for seat, (token, name) in zip(order, people):
            seats[seat] = SeatRecord(token, name)
        for seat in order[len(people):]:
            seats[seat] = SeatRecord(None, f"{SEAT_WORD[seat]} (computer)")
        table = await asyncio.to_thread(
            self.tables.create, "quick", "", self.level, [seats.get(s, EMPTY_PLACE) for s in Seat], self.options,
            None, game)
        for token, _ in people:
            self.starting.pop(token, None)
            self.games.pop(token, None)
        for token, _ in people:
            await self.tables.hub.send(token, {"type": "matched", "match": table.id})
        await table.broadcast("start")
        table.start()
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
