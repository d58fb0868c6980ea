"""Quick Match grouping (issue 5; seed 003: "Quick Match searches for 20 seconds
and fills empty seats with computers").

A plain class with an injectable clock and no I/O: the server asks it, on a
timer, which tables to start. Players are grouped in the order they asked;
four waiting players start a table at once, and a group that has waited the
search time starts with whoever is there, the empty seats going to computers.

>>> clock = [0.0]
>>> mm = Matchmaker(search_seconds=20, clock=lambda: clock[0])
>>> mm.enqueue("a"); mm.enqueue("b")
>>> mm.ready()
[]
>>> clock[0] = 20.0
>>> [(t.players, t.computers) for t in mm.ready()]
[(('a', 'b'), 2)]
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

#: The default search time (seconds), a setting so that tests can shorten it.
SEARCH_SECONDS = 20.0


@dataclass(frozen=True)
class QuickTable:
    """A table to start: the players (in the order they asked) and how many computer guests fill it."""

    players: tuple[str, ...]
    computers: int


class Matchmaker:
    """Groups Quick Match players into tables of four.

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
        self._waiting: dict[str, float] = {}  # player -> when they asked, in asking order

    def enqueue(self, player: str) -> None:
        """Start searching for ``player`` (asking again keeps the original place)."""
        self._waiting.setdefault(player, self.clock())

    def cancel(self, player: str) -> bool:
        """Stop searching for ``player``; whether they were searching."""
        return self._waiting.pop(player, None) is not None

    def waiting(self) -> tuple[str, ...]:
        """The players searching, in the order they asked."""
        return tuple(self._waiting)

    def seconds_left(self, player: str) -> float | None:
        """Seconds until ``player``'s group starts with computers at the latest, or ``None`` if not searching."""
        since = self._waiting.get(player)
        if since is None:
            return None
        first = self._group_start(player)
        return max(0.0, first + self.search_seconds - self.clock())

    def _group_start(self, player: str) -> float:
        order = list(self._waiting)
        i = order.index(player)
        group = order[i - i % 4: i - i % 4 + 4]
        return self._waiting[group[0]]

    def ready(self) -> list[QuickTable]:
        """The tables to start now; their players stop searching.

        Full groups of four start at once; a partial group starts once its
        first player has searched ``search_seconds``.
        """
        now = self.clock()
        order = list(self._waiting)
        tables: list[QuickTable] = []
        for i in range(0, len(order), 4):
            group = order[i:i + 4]
            if len(group) == 4 or now - self._waiting[group[0]] >= self.search_seconds:
                tables.append(QuickTable(tuple(group), 4 - len(group)))
        for table in tables:
            for p in table.players:
                del self._waiting[p]
        return tables
