"""The Quick Match queue (:class:`~.base.Queue`) in this process's memory."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

def _lua_number(x: float) -> str:
    """``x`` as Redis's Lua writes a number (``tostring``: ``%.14g``), so that both queues' records read alike.

    >>> _lua_number(1000.0), _lua_number(1000.25)
    ('1000', '1000.25')
    """
    return f"{x:.14g}"


class MemoryQueue:
    """:class:`~.base.Queue` for one process (see there).

    Args:
        clock: a monotonic clock in seconds.

    >>> import asyncio
    >>> q = MemoryQueue(clock=lambda: 5.0)
    >>> asyncio.run(q.enqueue("t1", "Ann", "table")); asyncio.run(q.enqueue("t2", "Bob", "table"))
    >>> asyncio.run(q.take("table", ["t1"])), q.waiting()
    (True, ('t2',))
    >>> asyncio.run(q.cancel("t1", "table"))  # too late: its table is being set up
    False
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._people: dict[str, dict[str, str]] = {}
        self._queues: dict[str, dict[str, int]] = {}  # game -> token -> place, in the order they asked
        self._starting: dict[str, float] = {}
        self._games: set[str] = set()
        self._seq = 0

    def waiting(self, game: str | None = None) -> tuple[str, ...]:
        """The tokens searching (for ``game``, or any game), in the order they asked."""
        entries = [(seq, t) for g, q in self._queues.items() if game is None or g == game for t, seq in q.items()]
        return tuple(t for _, t in sorted(entries))

    def game_of(self, token: str) -> str | None:
        """The game ``token`` searches for (or whose table is being set up), or ``None``."""
        person = self._people.get(token)
        return None if person is None else person["game"]

    def _queue(self, game: str, token: str, seq: int) -> None:
        queue = self._queues.setdefault(game, {})
        queue.pop(token, None)
        queue[token] = seq
        if list(queue.values()) != sorted(queue.values()):  # back at an earlier place: keep the order
            self._queues[game] = dict(sorted(queue.items(), key=lambda e: e[1]))

    async def now(self) -> float:
        """This process's clock."""
        return self.clock()

    async def enqueue(self, token: str, name: str, game: str) -> None:
        """``token`` searches for ``game`` from now, last in line."""
        self._seq += 1
        self._games.add(game)
        self._people[token] = {"name": name, "game": game, "since": _lua_number(self.clock()), "seq": str(self._seq),
                               "state": "searching"}
        self._queue(game, token, self._seq)

    async def person(self, token: str) -> dict[str, str] | None:
        """``token``'s record, or ``None``."""
        person = self._people.get(token)
        return None if person is None else dict(person)

    async def cancel(self, token: str, game: str) -> bool:
        """Stop ``token``'s search for ``game``; whether it was searching."""
        person = self._people.get(token)
        if person is None or person["state"] != "searching" or person["game"] != game:
            return False
        del self._people[token]
        self._queues.get(game, {}).pop(token, None)
        return True

    async def games(self) -> list[str]:
        """Every game anyone has searched for."""
        return sorted(self._games)

    async def searching(self, games: Sequence[str]) -> list[tuple[str, str, float, str]]:
        """``(game, token, since, name)`` of everyone searching for ``games``, in the order they asked."""
        out = []
        for game in games:
            for token in self._queues.get(game, {}):
                person = self._people.get(token)
                if person is not None:
                    out.append((game, token, float(person["since"]), person["name"]))
        return out

    async def take(self, game: str, tokens: Sequence[str]) -> bool:
        """Take ``tokens`` for a table, all or none."""
        if any(self._people.get(t, {}).get("state") != "searching" for t in tokens):
            return False
        now = self.clock()
        for t in tokens:
            self._people[t].update(state="starting", players=str(len(tokens)), taken=_lua_number(now))
            self._queues.get(game, {}).pop(t, None)
            self._starting[t] = now
        return True

    async def hand_back(self, game: str, tokens: Sequence[str]) -> None:
        """``tokens`` search again, at their places."""
        for t in tokens:
            person = self._people.get(t)
            if person is not None and person["state"] == "starting":
                person["state"] = "searching"
                person.pop("players", None)
                person.pop("taken", None)
                self._queue(game, t, int(person["seq"]))
            self._starting.pop(t, None)

    async def seated(self, tokens: Sequence[str]) -> None:
        """Forget ``tokens``."""
        for t in tokens:
            self._people.pop(t, None)
            self._starting.pop(t, None)

    async def stale(self, before: float) -> list[str]:
        """The tokens being set up since before ``before``, the longest first (those taken at the same moment
        by token, as Redis orders a sorted set's ties)."""
        return [t for at, t in sorted((at, t) for t, at in self._starting.items()) if at <= before]
