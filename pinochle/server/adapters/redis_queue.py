"""The Quick Match queue (:class:`~.base.Queue`) on Redis: each change one Lua script.

Keys (``{p}`` is the service's prefix, ``pin:`` by default): ``{p}quick:q:{game}``, a game's searchers, a
sorted set of tokens by their place (``{p}quick:seq``, a counter); ``{p}quick:p:{token}``, a searcher's
record (a hash: name, game, since, seq, state, and while their table is being set up, players and taken);
``{p}quick:starting``, the tokens being seated, by when; ``{p}quick:games``, every game searched for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..storage import StorageFault

if TYPE_CHECKING:
    from redis.asyncio import Redis

#: Lua: ``now`` is ``ARGV[1]`` if given (tests move a clock by hand), else Redis's clock, shared by every process.
_QUEUE_NOW = """local now = tonumber(ARGV[1])
if not now then local t = redis.call('TIME'); now = tonumber(t[1]) + tonumber(t[2]) / 1000000 end
"""

#: Start a search: KEYS = (sequence, games, the game's queue, the person); ARGV = (now, token, name, game).
_ENQUEUE = _QUEUE_NOW + """local seq = redis.call('INCR', KEYS[1])
redis.call('SADD', KEYS[2], ARGV[4])
redis.call('DEL', KEYS[4])  -- a fresh record, as the memory queue's (nothing left of a table being set up)
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
_TAKE = _QUEUE_NOW + """for i = 3, #KEYS do
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
_HAND_BACK = """for i = 3, #KEYS do
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


class RedisQueue:
    """:class:`~.base.Queue` in Redis, shared by the processes of a service: each change one Lua script.

    Args:
        client: a ``redis.asyncio.Redis`` client.
        prefix: the service's key prefix (``"pin:"``).
        clock: seconds instead of Redis's clock (tests move it by hand).

    Raises:
        StorageFault: (from every method) Redis cannot be reached: "Quick Match is paused".
    """

    def __init__(self, client: Redis, prefix: str = "pin:", clock: Callable[[], float] | None = None) -> None:
        from redis.exceptions import RedisError  # imported here: one process never needs redis-py

        self.client = client
        self.prefix = prefix
        self.clock = clock
        self._faults: tuple[type[Exception], ...] = (RedisError, OSError)
        self._enqueue = client.register_script(_ENQUEUE)
        self._cancel = client.register_script(_CANCEL)
        self._take = client.register_script(_TAKE)
        self._hand_back = client.register_script(_HAND_BACK)

    def key(self, *parts: str) -> str:
        """A key of the queue: ``{p}quick:...``."""
        return self.prefix + ":".join(("quick", *parts))

    def _person(self, token: str) -> str:
        return self.key("p", token)

    def _queue(self, game: str) -> str:
        return self.key("q", game)

    def _clock_arg(self) -> str:
        return "" if self.clock is None else repr(self.clock())

    def _fault(self, err: Exception) -> StorageFault:
        return StorageFault("the shared store (Redis) cannot be reached: Quick Match is paused;"
                            " try again when it is back")

    async def _call(self, coro: Any) -> Any:
        try:
            return await coro
        except self._faults as err:
            raise self._fault(err) from err

    async def now(self) -> float:
        """Redis's clock (or the test clock)."""
        if self.clock is not None:
            return self.clock()
        seconds, micros = await self._call(self.client.time())
        return float(seconds) + float(micros) / 1_000_000

    async def enqueue(self, token: str, name: str, game: str) -> None:
        """``token`` searches for ``game`` from now, last in line."""
        keys = [self.key("seq"), self.key("games"), self._queue(game), self._person(token)]
        await self._call(self._enqueue(keys, [self._clock_arg(), token, name, game]))

    async def person(self, token: str) -> dict[str, str] | None:
        """``token``'s record, or ``None``."""
        raw = await self._call(self.client.hgetall(self._person(token)))
        return {_text(k): _text(v) for k, v in raw.items()} or None

    async def cancel(self, token: str, game: str) -> bool:
        """Stop ``token``'s search for ``game``; whether it was searching."""
        return bool(await self._call(self._cancel([self._person(token), self._queue(game)], [token, game])))

    async def games(self) -> list[str]:
        """Every game anyone has searched for."""
        return sorted(_text(g) for g in await self._call(self.client.smembers(self.key("games"))))

    async def searching(self, games: Sequence[str]) -> list[tuple[str, str, float, str]]:
        """``(game, token, since, name)`` of everyone searching for ``games``, in the order they asked."""
        async def read() -> list[tuple[str, str, float, str]]:
            async with self.client.pipeline(transaction=False) as pipe:
                for game in games:
                    pipe.zrange(self._queue(game), 0, -1)
                queues = await pipe.execute()
            entries = [(game, _text(token)) for game, queue in zip(games, queues) for token in queue]
            async with self.client.pipeline(transaction=False) as pipe:
                for _, token in entries:
                    pipe.hmget(self._person(token), "since", "name")
                rows = await pipe.execute()
            return [(game, token, float(since), "Player" if name is None else _text(name))
                    for (game, token), (since, name) in zip(entries, rows) if since is not None]
        result: list[tuple[str, str, float, str]] = await self._call(read())
        return result

    async def take(self, game: str, tokens: Sequence[str]) -> bool:
        """Take ``tokens`` for a table, all or none."""
        keys = [self._queue(game), self.key("starting"), *map(self._person, tokens)]
        return bool(await self._call(self._take(keys, [self._clock_arg(), *tokens])))

    async def hand_back(self, game: str, tokens: Sequence[str]) -> None:
        """``tokens`` search again, at their places."""
        await self._call(self._hand_back([self._queue(game), self.key("starting"), *map(self._person, tokens)],
                                         list(tokens)))

    async def seated(self, tokens: Sequence[str]) -> None:
        """Forget ``tokens``."""
        async def run() -> None:
            async with self.client.pipeline(transaction=True) as pipe:
                pipe.delete(*map(self._person, tokens))
                pipe.zrem(self.key("starting"), *tokens)
                await pipe.execute()
        await self._call(run())

    async def stale(self, before: float) -> list[str]:
        """The tokens being set up since before ``before``, the longest first (ties by token)."""
        return [_text(t) for t in await self._call(self.client.zrangebyscore(self.key("starting"), "-inf", before))]
