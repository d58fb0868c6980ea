"""Storage on Redis: the shared truth of a service of several processes (docs/server.md).

:class:`RedisStorage` implements :class:`~pinochle.server.storage.Storage` with the same behaviour
as :class:`~pinochle.server.storage.SQLiteStorage` (tests/test_redis_storage.py runs one suite
against both), so every process started with ``pinochle serve --redis URL`` sees the same matches,
action logs and rooms.

Key layout (every key starts with the prefix, default ``"pin:"``; one id follows each tag)::

    {p}m:{id}        hash    device level seed first_dealer created updated finished kind options game
    {p}log:{id}      list    the action log, one JSON object per action, in order (the truth)
    {p}seats:{id}    hash    seat number -> JSON [token or null, name]
    {p}next:{id}     hash    seat number -> the version at which it asked for the next hand (mark_ready)
    {p}solo:{device} set     the device's solo matches (current_match)
    {p}tok:{token}   set     room and Quick Match matches with a seat held by the token (match_of_token)
    {p}active        set     unfinished room and Quick Match matches (active_matches)
    {p}room:{code}   string  the room's JSON document
    {p}rmem:{code}   set     the room's members' seat tokens
    {p}rtok:{token}  string  the code of the token's room (room_of_token)
    {p}rooms         zset    room code, scored by the time it last changed (idle_rooms)
    {p}sh:{holder}   hash    "{match}/{hand}" -> a hand's statistics line (record_hand; HSETNX: kept once)
    {p}sm:{holder}   hash    match id -> a finished match's statistics line (record_match; HSETNX)
    {p}held:{device} set     the seat tokens the device has held (hold_token); a match's ``assisted`` is a field of m

Every write is ONE Lua script (``register_script``: EVALSHA, and EVAL again after a Redis restart),
so it is atomic: Redis runs a script whole, and refuses a script that would write while it is
read-only or out of memory before its first write, so nothing is ever half-written. The append is
checked by version: it is kept only if the log's length is exactly the action's index, which makes
the action log the arbiter of races between processes (:class:`~pinochle.server.storage.StaleWrite`).
Reads that need more than one key (a match, its log from an index, the latest match of a device or
a token) are read-only scripts too (``flags=no-writes``): a consistent snapshot, one round trip, and
still answered while Redis is full or read-only (a MULTI is refused when Redis is out of memory).
The scripts derive some keys from ids they read (a match's token sets, a device's other matches),
which one Redis server (or a primary with replicas) allows and Redis Cluster does not.

The client is redis-py's synchronous ``redis.Redis``: the ``Storage`` interface is synchronous, and
the server calls it through ``asyncio.to_thread`` on the hot path exactly as it calls SQLite, so one
implementation serves both modes; the pub/sub, leases and presence of the cluster use
``redis.asyncio`` (pinochle/server/adapters/redis_link.py). The sockets have short timeouts and no retries, so
a Redis that is down or hung fails a call within about ``timeout`` seconds instead of blocking a
worker thread; every Redis error becomes :class:`~pinochle.server.storage.StorageFault` with a
message for the player.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import cast

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from .storage import SeatRecord, StaleWrite, StorageFault, StoredMatch

_CREATE = """
-- KEYS: m, seats, solo set of the device, active | ARGV: prefix, id, device, level, seed, first_dealer, now,
-- kind, options, game, salt, then per seat: its JSON and "+token" ("" for a computer)
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local p, id, kind = ARGV[1], ARGV[2], ARGV[8]
if kind == 'solo' then
  for _, other in ipairs(redis.call('SMEMBERS', KEYS[3])) do
    local k = p .. 'm:' .. other
    if redis.call('HGET', k, 'finished') == '0' then redis.call('HSET', k, 'finished', '1') end
  end
  redis.call('SADD', KEYS[3], id)
else
  redis.call('SADD', KEYS[4], id)
end
redis.call('HSET', KEYS[1], 'device', ARGV[3], 'level', ARGV[4], 'seed', ARGV[5], 'first_dealer', ARGV[6],
           'created', ARGV[7], 'updated', ARGV[7], 'finished', '0', 'kind', kind, 'options', ARGV[9],
           'game', ARGV[10], 'salt', ARGV[11])
local seat = 0
for j = 12, #ARGV, 2 do
  redis.call('HSET', KEYS[2], tostring(seat), ARGV[j])
  if kind ~= 'solo' and ARGV[j + 1] ~= '' then
    redis.call('SADD', p .. 'tok:' .. string.sub(ARGV[j + 1], 2), id)
  end
  seat = seat + 1
end
return 1
"""

_APPEND = """
-- KEYS: m, log, active, next | ARGV: n, action JSON, finished (1/0), now, id
-- returns -1 when appended, else the log's length (the index is taken, or there would be a gap)
local size = redis.call('LLEN', KEYS[2])
if size ~= tonumber(ARGV[1]) then return size end
redis.call('RPUSH', KEYS[2], ARGV[2])
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('HSET', KEYS[1], 'updated', ARGV[4])
  if ARGV[3] == '1' then
    redis.call('HSET', KEYS[1], 'finished', '1')
    redis.call('SREM', KEYS[3], ARGV[5])
    redis.call('DEL', KEYS[4])
  end
end
return -1
"""

_SET_SEAT = """
-- KEYS: m, seats | ARGV: prefix, id, seat, seat JSON, "+token" ("" for a computer)
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local p, id = ARGV[1], ARGV[2]
local old = redis.call('HGET', KEYS[2], ARGV[3])
redis.call('HSET', KEYS[2], ARGV[3], ARGV[4])
if redis.call('HGET', KEYS[1], 'kind') ~= 'solo' then
  if old then
    local t = cjson.decode(old)[1]
    if type(t) == 'string' then
      local held = false
      for _, v in ipairs(redis.call('HVALS', KEYS[2])) do
        if cjson.decode(v)[1] == t then held = true end
      end
      if not held then redis.call('SREM', p .. 'tok:' .. t, id) end
    end
  end
  if ARGV[5] ~= '' then redis.call('SADD', p .. 'tok:' .. string.sub(ARGV[5], 2), id) end
end
return 1
"""

_FINISH = """
-- KEYS: m, active, next | ARGV: id
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HSET', KEYS[1], 'finished', '1') end
redis.call('SREM', KEYS[2], ARGV[1])
redis.call('DEL', KEYS[3])
return 1
"""

_MARK_READY = """
-- KEYS: m, next | ARGV: version, seat; the marks of another version go (an earlier hand's end)
-- (the HSET first: a Redis out of memory refuses the script there, before anything is written)
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[2], ARGV[2], ARGV[1])
local marks = redis.call('HGETALL', KEYS[2])
for i = 1, #marks, 2 do
  if marks[i + 1] ~= ARGV[1] then redis.call('HDEL', KEYS[2], marks[i]) end
end
return 1
"""

_LOAD = """#!lua flags=no-writes
-- KEYS: m, log, seats | ARGV: the first index of the log wanted
return {redis.call('HGETALL', KEYS[1]), redis.call('LRANGE', KEYS[2], ARGV[1], -1),
        redis.call('HGETALL', KEYS[3])}
"""

_SINCE = """#!lua flags=no-writes
-- KEYS: m, log | ARGV: the first index wanted; the log from there, empty for an unknown match
if redis.call('EXISTS', KEYS[1]) == 0 then return {} end
return redis.call('LRANGE', KEYS[2], ARGV[1], -1)
"""

_LATEST = """#!lua flags=no-writes
-- KEYS: a set of match ids | ARGV: prefix, kind wanted ('solo', or '' for any but solo)
-- the unfinished match changed last, else the finished one changed last (ties: the smaller id)
local best, bf, bu = false, 0, 0
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local row = redis.call('HMGET', ARGV[1] .. 'm:' .. id, 'finished', 'updated', 'kind')
  if row[1] and ((ARGV[2] == 'solo') == (row[3] == 'solo')) then
    local f, u = tonumber(row[1]), tonumber(row[2])
    if not best or f < bf or (f == bf and (u > bu or (u == bu and id < best))) then best, bf, bu = id, f, u end
  end
end
return best
"""

_SAVE_ROOM = """
-- KEYS: room, rmem, rooms | ARGV: prefix, code, data, now, tokens...
local p, code = ARGV[1], ARGV[2]
redis.call('SET', KEYS[1], ARGV[3])
redis.call('ZADD', KEYS[3], ARGV[4], code)
for _, t in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  if redis.call('GET', p .. 'rtok:' .. t) == code then redis.call('DEL', p .. 'rtok:' .. t) end
end
redis.call('DEL', KEYS[2])
for j = 5, #ARGV do
  local t = ARGV[j]
  local prev = redis.call('GET', p .. 'rtok:' .. t)
  if prev and prev ~= code then redis.call('SREM', p .. 'rmem:' .. prev, t) end
  redis.call('SET', p .. 'rtok:' .. t, code)
  redis.call('SADD', KEYS[2], t)
end
return 1
"""

_DELETE_ROOM = """
-- KEYS: room, rmem, rooms | ARGV: prefix, code
local p, code = ARGV[1], ARGV[2]
for _, t in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  if redis.call('GET', p .. 'rtok:' .. t) == code then redis.call('DEL', p .. 'rtok:' .. t) end
end
redis.call('DEL', KEYS[1], KEYS[2])
redis.call('ZREM', KEYS[3], code)
return 1
"""


_STATS = """#!lua flags=no-writes
-- KEYS: none | ARGV: prefix, device; the lines of the device and of every token it has held, and each
-- match line's match's assisted mark: {hand lines, match lines, marks}
local p = ARGV[1]
local holders = redis.call('SMEMBERS', p .. 'held:' .. ARGV[2])
table.insert(holders, ARGV[2])
local hands, matches, marks, seen = {}, {}, {}, {}
for _, h in ipairs(holders) do
  if not seen[h] then
    seen[h] = true
    for _, line in ipairs(redis.call('HVALS', p .. 'sh:' .. h)) do table.insert(hands, line) end
    local rows = redis.call('HGETALL', p .. 'sm:' .. h)
    for i = 1, #rows, 2 do
      table.insert(matches, rows[i + 1])
      table.insert(marks, redis.call('HGET', p .. 'm:' .. rows[i], 'assisted') or '0')
    end
  end
end
return {hands, matches, marks}
"""

_ASSIST = """
-- KEYS: m; the mark only on a match that exists
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'assisted', '1')
return 1
"""


def redis_fault(err: redis.RedisError) -> StorageFault:
    """A :class:`StorageFault` naming the cause of the Redis error ``err`` in a player's words.

    Args:
        err: what redis-py raised (refused or lost connection, timeout, READONLY, OOM, MISCONF ...).

    Returns:
        The fault to raise; its message starts with the cause, e.g. "the shared store (Redis) cannot be
        reached: the move was not saved and nothing changed; play resumes when it is back".
    """
    text = str(err)
    if isinstance(err, redis.TimeoutError):
        # the command may have reached Redis before it went quiet: the table does not adopt the move, and
        # if Redis did keep it, the next append meets StaleWrite and the table reloads the log
        return StorageFault("the shared store (Redis) did not answer in time: the move was not taken; "
                            "play resumes when it is back")
    cause = ("the shared store (Redis) is read-only" if isinstance(err, redis.ReadOnlyError) or "READONLY" in text
             else "the shared store (Redis) is full (out of memory)"
             if isinstance(err, redis.OutOfMemoryError) or text.startswith("OOM") or "maxmemory" in text
             else "the shared store (Redis) is starting up" if isinstance(err, redis.BusyLoadingError)
             else "the shared store (Redis) cannot be reached" if isinstance(err, redis.ConnectionError)
             else "the shared store (Redis) cannot save to its disk" if "MISCONF" in text
             else "the shared store (Redis) refused the write")
    return StorageFault(f"{cause}: the move was not saved and nothing changed; play resumes when it is back")


class RedisStorage:
    """:class:`~pinochle.server.storage.Storage` on one Redis server, shared by every process of a service.

    Behaves as :class:`~pinochle.server.storage.SQLiteStorage` does (the same orders, the same
    :class:`StaleWrite`, the same answers for unknown ids); the key layout and the scripts are in the
    module docstring. Thread-safe (redis-py's connection pool).
    """

    def __init__(self, url: str, prefix: str = "pin:", *, timeout: float = 1.5, connect_timeout: float = 1.0,
                 clock: Callable[[], float] = time.time) -> None:
        """Connect lazily to the Redis at ``url`` (nothing is sent until the first call; see :meth:`ping`).

        Args:
            url: a redis-py URL, e.g. ``"redis://127.0.0.1:6379/0"``.
            prefix: put before every key, so several services or tests share one Redis.
            timeout: how long one call waits for Redis's answer before it fails (seconds).
            connect_timeout: how long opening a connection may take (seconds).
            clock: the time a match or room is created or changed (Unix seconds; tests pass their own).

        Raises:
            ValueError: ``url`` is not a Redis URL.
        """
        self.url = url
        self.prefix = prefix
        self._clock = clock
        # no retries: a command sent again after a lost answer could be carried out twice, and a Redis
        # that is down should fail the call at once, not after several back-offs
        self._r = redis.Redis.from_url(url, decode_responses=True, socket_timeout=timeout,
                                       socket_connect_timeout=connect_timeout, retry=Retry(NoBackoff(), 0))
        self._create = self._r.register_script(_CREATE)
        self._append = self._r.register_script(_APPEND)
        self._set_seat = self._r.register_script(_SET_SEAT)
        self._finish = self._r.register_script(_FINISH)
        self._mark_ready = self._r.register_script(_MARK_READY)
        self._latest = self._r.register_script(_LATEST)
        self._load = self._r.register_script(_LOAD)
        self._since = self._r.register_script(_SINCE)
        self._save_room = self._r.register_script(_SAVE_ROOM)
        self._delete_room = self._r.register_script(_DELETE_ROOM)
        self._stats = self._r.register_script(_STATS)
        self._assist = self._r.register_script(_ASSIST)

    def _k(self, tag: str, key: str = "") -> str:
        """The full name of key ``tag`` (``"m"``, ``"log"`` ...) of ``key`` (an id), e.g. ``"pin:m:abc"``."""
        return f"{self.prefix}{tag}:{key}" if key else f"{self.prefix}{tag}"

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """Turn every Redis error raised inside into a :class:`StorageFault` (:func:`redis_fault`)."""
        try:
            yield
        except redis.RedisError as err:
            raise redis_fault(err) from err

    def ping(self) -> None:
        """Check that Redis answers.

        Raises:
            StorageFault: it does not (down, unreachable, still loading).
        """
        with self._guard():
            self._r.ping()

    def create_match(self, match_id: str, device: str, level: str, seed: int, first_dealer: int,
                     kind: str = "solo", seats: Sequence[SeatRecord] = (),
                     options: dict[str, object] | None = None, game: str = "table", salt: str = "") -> None:
        """Store a new match (one script: the match, its seats and the indexes, or nothing).

        Args: as :meth:`~pinochle.server.storage.Storage.create_match`.

        Raises:
            ValueError: ``match_id`` exists already (nothing is written).
            StorageFault: Redis cannot write now (nothing is written).
        """
        args: list[str] = [self.prefix, match_id, device, level, str(seed), str(first_dealer), repr(self._clock()),
                           kind, json.dumps(options or {}), game, salt]
        for rec in seats:
            args += [json.dumps([rec.token, rec.name]), "" if rec.token is None else "+" + rec.token]
        with self._guard():
            made = self._create(keys=[self._k("m", match_id), self._k("seats", match_id), self._k("solo", device),
                                      self._k("active")], args=args)
        if not made:
            raise ValueError(f"match {match_id} exists already")

    def append_action(self, match_id: str, n: int, action: dict[str, object], finished: bool = False) -> None:
        """Append action ``n`` if the log holds exactly ``n`` actions, and mark the match changed (and finished).

        One Lua script: the length check, the append, ``updated`` and ``finished`` happen together or not at all.

        Raises:
            StaleWrite: ``n`` is taken or the log is shorter than ``n`` (nothing is written).
            StorageFault: Redis cannot write now (nothing is written; after a timeout see :func:`redis_fault`).
        """
        with self._guard():
            size = int(self._append(
                keys=[self._k("m", match_id), self._k("log", match_id), self._k("active"), self._k("next", match_id)],
                args=[n, json.dumps(action), int(finished), repr(self._clock()), match_id]))
        if size >= 0:
            if n < size:  # also a negative n
                raise StaleWrite(f"action {n} of match {match_id} is already stored")
            raise StaleWrite(f"action {n} of match {match_id} is out of order: the log holds {size}")

    def actions_since(self, match_id: str, n: int) -> tuple[dict[str, object], ...]:
        """The action log from index ``n`` on (below 0 counts as 0); empty if there is none or the match is unknown.

        Raises:
            StorageFault: Redis cannot be read now.
        """
        with self._guard():
            acts = self._since(keys=[self._k("m", match_id), self._k("log", match_id)], args=[max(n, 0)])
        return tuple(json.loads(a) for a in acts)

    def set_seat(self, match_id: str, seat: int, record: SeatRecord) -> None:
        """Change who sits in ``seat`` (nothing happens for an unknown match).

        Raises:
            StorageFault: Redis cannot write now (nothing is written).
        """
        with self._guard():
            self._set_seat(keys=[self._k("m", match_id), self._k("seats", match_id)],
                           args=[self.prefix, match_id, str(seat), json.dumps([record.token, record.name]),
                                 "" if record.token is None else "+" + record.token])

    def finish_match(self, match_id: str) -> None:
        """Mark a match finished (nothing happens for an unknown match).

        Raises:
            StorageFault: Redis cannot write now (nothing is written).
        """
        with self._guard():
            self._finish(keys=[self._k("m", match_id), self._k("active"), self._k("next", match_id)], args=[match_id])

    def mark_ready(self, match_id: str, version: int, seat: int) -> None:
        """``seat`` asked for the next hand at ``version`` (one script: the marks of another version go).

        Raises:
            StorageFault: Redis cannot write now (nothing is written).
        """
        with self._guard():
            self._mark_ready(keys=[self._k("m", match_id), self._k("next", match_id)], args=[version, seat])

    def ready_seats(self, match_id: str, version: int) -> list[int]:
        """The seats that asked for the next hand at ``version``, in order.

        Raises:
            StorageFault: Redis cannot be read now.
        """
        with self._guard():
            marks = cast(dict[str, str], self._r.hgetall(self._k("next", match_id)))
        return sorted(int(seat) for seat, at in marks.items() if at == str(version))

    def load(self, match_id: str) -> StoredMatch | None:
        """The stored match (one read-only script, so a consistent snapshot even while Redis is full), or ``None``.

        Raises:
            StorageFault: Redis cannot be read now.
        """
        with self._guard():
            flat_row, acts, flat_seats = self._load(
                keys=[self._k("m", match_id), self._k("log", match_id), self._k("seats", match_id)], args=[0])
        if not flat_row:
            return None
        row = dict(zip(flat_row[::2], flat_row[1::2]))
        seats = []
        for _, text in sorted(zip(flat_seats[::2], flat_seats[1::2]), key=lambda kv: int(kv[0])):
            token, name = json.loads(text)
            seats.append(SeatRecord(token, name))
        return StoredMatch(
            match_id, row["device"], row["level"], int(row["seed"]), int(row["first_dealer"]), row["finished"] == "1",
            tuple(json.loads(a) for a in acts), kind=row["kind"], seats=tuple(seats),
            options=json.loads(row["options"]), game=row["game"], salt=row.get("salt", ""),
            marked=row.get("assisted") == "1",
        )

    def current_match(self, device: str) -> str | None:
        """The device's unfinished solo match changed last, else its finished one changed last, or ``None``.

        Raises:
            StorageFault: Redis cannot be read now.
        """
        return self._latest_match(self._k("solo", device), "solo")

    def match_of_token(self, token: str) -> str | None:
        """The room or Quick Match match with a seat held by ``token``: unfinished and changed last first.

        Raises:
            StorageFault: Redis cannot be read now.
        """
        return self._latest_match(self._k("tok", token), "")

    def _latest_match(self, ids: str, kind: str) -> str | None:
        """Of the match ids in the set ``ids``, those of ``kind`` (``"solo"``, or ``""`` for any but solo): the
        unfinished one changed last, else the finished one changed last, or ``None`` (the ``_LATEST`` script).

        Raises:
            StorageFault: Redis cannot be read now.
        """
        with self._guard():
            found = self._latest(keys=[ids], args=[self.prefix, kind])
        return None if found is None else str(found)

    def active_matches(self) -> list[str]:
        """The ids of unfinished room and Quick Match matches (in no particular order).

        Raises:
            StorageFault: Redis cannot be read now.
        """
        with self._guard():
            ids = cast(set[str], self._r.smembers(self._k("active")))
        return sorted(ids)

    def save_room(self, code: str, data: dict[str, object], tokens: Sequence[str]) -> None:
        """Store a room's document and its members' tokens (a token in another room moves to this one).

        Raises:
            StorageFault: Redis cannot write now (nothing is written).
        """
        with self._guard():
            self._save_room(keys=[self._k("room", code), self._k("rmem", code), self._k("rooms")],
                            args=[self.prefix, code, json.dumps(data), repr(self._clock()), *tokens])

    def save_review(self, match_id: str, hand: int, seat: int, review: dict[str, object]) -> None:
        """Keep a decision review (:meth:`~pinochle.server.storage.Storage.save_review`): one field of the
        match's hash of reviews, ``"HAND/SEAT"`` (the place as a number, as SQLite keeps it: a
        :class:`~pinochle.cards.Seat` given is its number, ``2`` for South).

        Raises:
            StorageFault: Redis cannot write now (nothing is written).
        """
        with self._guard():
            self._r.hset(self._k("review", match_id), f"{int(hand)}/{int(seat)}", json.dumps(review))

    def load_review(self, match_id: str, hand: int, seat: int) -> dict[str, object] | None:
        """The review kept by :meth:`save_review`, or ``None``.

        Raises:
            StorageFault: Redis cannot be read now.
        """
        with self._guard():
            text = cast(str | None, self._r.hget(self._k("review", match_id), f"{int(hand)}/{int(seat)}"))
        if text is None:
            return None
        review: dict[str, object] = json.loads(text)
        return review

    def load_reviews(self, keys: Sequence[tuple[str, int, int]]) -> list[dict[str, object] | None]:
        """The reviews kept for each key, in order (:meth:`~pinochle.server.storage.Storage.load_reviews`):
        one round trip (a pipeline of reads).

        Raises:
            StorageFault: Redis cannot be read now.
        """
        if not keys:
            return []
        with self._guard():
            pipe = self._r.pipeline(transaction=False)
            for match_id, hand, seat in keys:
                pipe.hget(self._k("review", match_id), f"{int(hand)}/{int(seat)}")
            texts = cast(list[str | None], pipe.execute())
        return [None if t is None else cast(dict[str, object], json.loads(t)) for t in texts]

    def load_room(self, code: str) -> dict[str, object] | None:
        """A room's document, or ``None``.

        Raises:
            StorageFault: Redis cannot be read now.
        """
        with self._guard():
            text = cast(str | None, self._r.get(self._k("room", code)))
        if text is None:
            return None
        data: dict[str, object] = json.loads(text)
        return data

    def room_of_token(self, token: str) -> str | None:
        """The code of the room whose member holds ``token``, or ``None``.

        Raises:
            StorageFault: Redis cannot be read now.
        """
        with self._guard():
            return cast(str | None, self._r.get(self._k("rtok", token)))

    def delete_room(self, code: str) -> None:
        """Forget a room and its members' tokens (those that have not moved to another room).

        Raises:
            StorageFault: Redis cannot write now (nothing is written).
        """
        with self._guard():
            self._delete_room(keys=[self._k("room", code), self._k("rmem", code), self._k("rooms")],
                              args=[self.prefix, code])

    def idle_rooms(self, before: float) -> list[str]:
        """The codes of rooms not changed since ``before`` (Unix seconds), oldest first.

        Raises:
            StorageFault: Redis cannot be read now.
        """
        with self._guard():
            return list(cast(list[str], self._r.zrangebyscore(self._k("rooms"), "-inf", f"({float(before)!r}")))

    def hold_token(self, device: str, token: str) -> None:
        """``device`` holds the seat token ``token`` (its statistics are the device's too).

        Raises:
            StorageFault: Redis cannot write now (nothing is written).
        """
        with self._guard():
            self._r.sadd(self._k("held", device), token)

    def record_hand(self, holder: str, match_id: str, hand: int, line: dict[str, object]) -> bool:
        """Keep a hand's statistics line for ``holder`` once (HSETNX); whether it was new.

        Raises:
            StorageFault: Redis cannot write now (nothing is written).
        """
        with self._guard():
            return bool(self._r.hsetnx(self._k("sh", holder), f"{match_id}/{hand}", json.dumps(line)))

    def record_match(self, holder: str, match_id: str, line: dict[str, object]) -> bool:
        """Keep a finished match's statistics line for ``holder`` once (HSETNX); whether it was new.

        Raises:
            StorageFault: Redis cannot write now (nothing is written).
        """
        with self._guard():
            return bool(self._r.hsetnx(self._k("sm", holder), match_id, json.dumps(line)))

    def mark_assisted(self, match_id: str) -> None:
        """Mark the match as assisted (a field of its hash; nothing for an unknown match).

        Raises:
            StorageFault: Redis cannot write now (nothing is written).
        """
        with self._guard():
            self._assist(keys=[self._k("m", match_id)], args=[])

    def stats_lines(self, device: str) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
        """The device's statistics lines and its matches' marks (one read-only script: a consistent snapshot).

        Raises:
            StorageFault: Redis cannot be read now.
        """
        with self._guard():
            hands, matches, marks = self._stats(keys=[], args=[self.prefix, device])
        return ([json.loads(h) for h in hands],
                [{**json.loads(m), "assisted": mark == "1"} for m, mark in zip(matches, marks)])

    def close(self) -> None:
        """Close the connections (the data stays in Redis)."""
        self._r.close()
