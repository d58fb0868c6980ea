"""Limits on guessing room codes that hold across reconnects (docs/protocol.md, "Limits").

A wrong room code counts against the device that sent it and against the
client address it came from, for :data:`~.protocol.GUESS_WINDOW` seconds (an
hour). A device may try :data:`~.protocol.MAX_BAD_CODES` wrong codes in that
window, and all the devices of one address together
:data:`~.protocol.MAX_BAD_CODES_PER_ADDRESS`; since anyone can make up a new
device token, one address may also bring at most
:data:`~.protocol.MAX_DEVICES_PER_ADDRESS` different device tokens in the
window (a device seen again from the same address does not count again).

Two implementations answer the same :class:`Guard` interface (its methods are
coroutines); the server chooses one when it starts (``create_app``):

- :class:`GuessGuard` keeps the counts in memory, for one process: they survive
  reconnects and new connections, not a server restart (which nobody can cause
  from a browser). Memory stays bounded: every count is a list of at most its
  limit of times, and keys whose times have all expired are dropped.
- :class:`RedisGuessGuard` keeps them in Redis, so that they hold across the
  processes of one service (``pinochle serve --redis URL``, issue 16): a device
  that tries codes through one process and then another is counted once.

>>> from asyncio import run
>>> t = [0.0]
>>> guard = GuessGuard(bad_codes=2, bad_codes_per_address=3, devices_per_address=2, window=60, clock=lambda: t[0])
>>> [run(guard.admit_device("1.2.3.4", d)) for d in ("dev-a", "dev-b", "dev-c")]
[True, True, False]
>>> run(guard.admit_device("1.2.3.4", "dev-a"))  # seen before from this address
True
>>> run(guard.wrong_code("1.2.3.4", "dev-a")); run(guard.wrong_code("1.2.3.4", "dev-a"))
>>> run(guard.refusal("1.2.3.4", "dev-a")) is not None, run(guard.refusal("1.2.3.4", "dev-b")) is None
(True, True)
>>> t[0] = 61.0  # an hour later, in this small example a minute
>>> run(guard.refusal("1.2.3.4", "dev-a")) is None
True
"""

from __future__ import annotations

import hashlib
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from .protocol import GUESS_WINDOW, MAX_BAD_CODES, MAX_BAD_CODES_PER_ADDRESS, MAX_DEVICES_PER_ADDRESS

if TYPE_CHECKING:
    from redis.asyncio import Redis

log = logging.getLogger("pinochle.server")

#: Keys a :class:`WindowCounter` keeps at most before dropping the oldest (bounds memory under a spray of addresses).
MAX_KEYS = 100_000


class WindowCounter:
    """Events per key in a sliding window: each event counts for ``window`` seconds.

    Args:
        limit: events a key may have in the window (more are not recorded).
        window: seconds an event counts.
        clock: a monotonic clock in seconds.
    """

    def __init__(self, limit: int, window: float, clock: Callable[[], float]) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self._events: dict[str, deque[float]] = {}

    def _live(self, key: str) -> deque[float] | None:
        events = self._events.get(key)
        if events is None:
            return None
        cutoff = self.clock() - self.window
        while events and events[0] <= cutoff:
            events.popleft()
        if not events:
            del self._events[key]
            return None
        return events

    def count(self, key: str) -> int:
        """Events of ``key`` in the window."""
        events = self._live(key)
        return 0 if events is None else len(events)

    def full(self, key: str) -> bool:
        """Whether ``key`` has reached the limit."""
        return self.count(key) >= self.limit

    def add(self, key: str) -> float | None:
        """Record an event of ``key`` (nothing once the limit is reached); when it was recorded, or ``None``."""
        events = self._live(key)
        if events is None:
            self._prune()
            events = self._events[key] = deque()
        if len(events) < self.limit:
            now = self.clock()
            events.append(now)
            return now
        return None

    def discard(self, key: str, when: float) -> None:
        """Forget one event of ``key`` recorded at ``when`` (as :meth:`add` returned it), if it still counts."""
        events = self._events.get(key)
        if events is None:
            return
        try:
            events.remove(when)
        except ValueError:
            return
        if not events:
            del self._events[key]

    def _prune(self) -> None:
        if len(self._events) < MAX_KEYS:
            return
        for key in list(self._events):
            self._live(key)
        while len(self._events) >= MAX_KEYS:  # still full: forget the key whose last event is oldest
            oldest = min(self._events, key=lambda k: self._events[k][-1])
            del self._events[oldest]


def device_refusal(limit: int) -> str:
    """The refusal of one more new device token from an address that has used ``limit`` in the window."""
    return f"too many new devices from your network ({limit} in an hour): try again later"


def code_refusal(by_device: bool, limit: int) -> str:
    """The refusal of one more room code from a device (``by_device``) or an address that has tried ``limit``
    wrong ones in the window."""
    where = "this device" if by_device else "your network"
    return f"too many wrong room codes from {where} ({limit} in an hour): try again later"


class Guard(Protocol):
    """What the server asks of the limits on guessing room codes (:class:`GuessGuard` in one process,
    :class:`RedisGuessGuard` across processes).

    Attributes:
        devices_per_address: different device tokens one address may use in the window.
    """

    devices_per_address: int

    async def admit_device(self, address: str, device: str) -> bool:
        """Whether ``address`` may use ``device`` now (and count it if it is new to the address)."""

    async def refusal(self, address: str, device: str) -> str | None:
        """Why ``device`` at ``address`` may not try another room code now, or ``None`` if it may."""

    async def wrong_code(self, address: str, device: str) -> None:
        """Count a wrong room code against ``device`` and ``address``."""

    async def try_code(self, address: str, device: str) -> tuple[str | None, str]:
        """Check and count, in one step, a room code ``device`` at ``address`` is about to try.

        A code is counted as wrong before it is looked up, so that attempts made at the same moment (several
        sockets, several processes) cannot all pass the check before any is counted; a code found right is
        then taken back (:meth:`right_code`).

        Returns:
            (why it is refused, ``""``) with nothing counted, or (``None``, a ticket for :meth:`right_code`).
        """

    async def right_code(self, address: str, device: str, ticket: str) -> None:
        """The code counted by :meth:`try_code` (``ticket``) was right (or never looked up): take it back."""


class GuessGuard:
    """Wrong room codes per device and per client address, and device tokens per address, across connections.

    Args:
        bad_codes: wrong codes one device may try in the window.
        bad_codes_per_address: wrong codes one address may try in the window.
        devices_per_address: different device tokens one address may use in the window.
        window: seconds each wrong code or new device counts.
        clock: a monotonic clock in seconds.
    """

    def __init__(self, bad_codes: int = MAX_BAD_CODES, bad_codes_per_address: int = MAX_BAD_CODES_PER_ADDRESS,
                 devices_per_address: int = MAX_DEVICES_PER_ADDRESS, window: float = GUESS_WINDOW,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.window = window
        self.clock = clock
        self.devices_per_address = devices_per_address
        self.by_device = WindowCounter(bad_codes, window, clock)
        self.by_address = WindowCounter(bad_codes_per_address, window, clock)
        self.devices = WindowCounter(devices_per_address, window, clock)
        #: (address, device) pairs seen in the window, and when first seen
        self._seen = WindowCounter(1, window, clock)

    async def admit_device(self, address: str, device: str) -> bool:
        """Whether ``address`` may use ``device`` now (and count it if it is new to the address)."""
        pair = f"{address}\n{device}"
        if self._seen.count(pair):
            return True
        if self.devices.full(address):
            return False
        self.devices.add(address)
        self._seen.add(pair)
        return True

    async def refusal(self, address: str, device: str) -> str | None:
        """Why ``device`` at ``address`` may not try another room code now, or ``None`` if it may."""
        if self.by_device.full(device):
            return code_refusal(True, self.by_device.limit)
        if self.by_address.full(address):
            return code_refusal(False, self.by_address.limit)
        return None

    async def wrong_code(self, address: str, device: str) -> None:
        """Count a wrong room code against ``device`` and ``address``."""
        self.by_device.add(device)
        self.by_address.add(address)

    async def try_code(self, address: str, device: str) -> tuple[str | None, str]:
        """Check and count a room code about to be tried (see :meth:`Guard.try_code`)."""
        refusal = await self.refusal(address, device)
        if refusal is not None:
            return refusal, ""
        return None, f"{self.by_device.add(device)!r} {self.by_address.add(address)!r}"

    async def right_code(self, address: str, device: str, ticket: str) -> None:
        """Take back the code counted by :meth:`try_code` (see :meth:`Guard.right_code`)."""
        if not ticket:
            return
        by_device, by_address = ticket.split(" ")
        if by_device != "None":
            self.by_device.discard(device, float(by_device))
        if by_address != "None":
            self.by_address.discard(address, float(by_address))


# ---------------------------------------------------------------- across processes (Redis)

#: One event more in each of ``KEYS`` (sorted sets of event times), each below its own limit (``ARGV[3..]``).
_ADD = """
local now = tonumber(ARGV[1])
if not now then local t = redis.call('TIME'); now = tonumber(t[1]) + tonumber(t[2]) / 1000000 end
local window = tonumber(ARGV[2])
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  if redis.call('ZCARD', key) < tonumber(ARGV[2 + i]) then
    redis.call('ZADD', key, now, ARGV[2 + #KEYS + 1])
    redis.call('PEXPIRE', key, math.ceil(window * 1000))
  end
end
return 1
"""

#: Check and count a room code about to be tried: KEYS = (the device's, the address's wrong codes), ARGV = (now,
#: window, the two limits, the event's name). 1: the device is at its limit, 2: the address is; 0: counted.
_TRY = """
local now = tonumber(ARGV[1])
if not now then local t = redis.call('TIME'); now = tonumber(t[1]) + tonumber(t[2]) / 1000000 end
local window = tonumber(ARGV[2])
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  if redis.call('ZCARD', key) >= tonumber(ARGV[2 + i]) then return i end
end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[5])
  redis.call('PEXPIRE', key, math.ceil(window * 1000))
end
return 0
"""

#: Take back the event ``ARGV[1]`` from each of ``KEYS``.
_TAKE_BACK = """
for _, key in ipairs(KEYS) do redis.call('ZREM', key, ARGV[1]) end
return 1
"""

#: The events of each of ``KEYS`` in the window.
_COUNT = """
local now = tonumber(ARGV[1])
if not now then local t = redis.call('TIME'); now = tonumber(t[1]) + tonumber(t[2]) / 1000000 end
local counts = {}
for i, key in ipairs(KEYS) do
  counts[i] = redis.call('ZCOUNT', key, '(' .. (now - tonumber(ARGV[2])), '+inf')
end
return counts
"""

#: Admit a device at an address: KEYS = (the pair's first-seen time, the address's devices); 1 if admitted.
_ADMIT = """
local now = tonumber(ARGV[1])
if not now then local t = redis.call('TIME'); now = tonumber(t[1]) + tonumber(t[2]) / 1000000 end
local window = tonumber(ARGV[2])
local seen = tonumber(redis.call('GET', KEYS[1]))
if seen and seen > now - window then return 1 end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - window)
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[3]) then return 0 end
local ms = math.ceil(window * 1000)
redis.call('ZADD', KEYS[2], now, ARGV[4])
redis.call('PEXPIRE', KEYS[2], ms)
redis.call('SET', KEYS[1], tostring(now), 'PX', ms)
return 1
"""


def _digest(text: str) -> str:
    """A short fixed-length name for a client-chosen string (an address or a device token of any length)."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


class RedisGuessGuard:
    """:class:`GuessGuard`'s limits kept in Redis, so that they hold across the processes of one service.

    Each count is a sorted set of event times (the score; the member a random name) under a key named after a
    digest of the device or address: a sliding window, exactly :class:`GuessGuard`'s semantics (an event
    counts for ``window`` seconds from when it happened, and no more than the limit are recorded), rather
    than fixed windows, which would let twice the limit through around a window's edge. A set holds at most
    its limit of entries, and its key expires ``window`` seconds after its newest event, so Redis's memory
    stays bounded by the addresses and devices of the last hour. Every check-and-count is one Lua script
    (atomic, so two processes admitting devices of one address at the same moment cannot both pass the last
    place), and the times are Redis's own clock (``TIME``), the one clock all processes share.

    If Redis cannot be reached the guard lets the request through (and logs it): everything it protects,
    the rooms, is in the same Redis, so nobody can guess a code while it is down.

    Args:
        client: a ``redis.asyncio.Redis`` client.
        prefix: the service's key prefix (``"pin:"``).
        bad_codes, bad_codes_per_address, devices_per_address, window: as :class:`GuessGuard`.
        clock: seconds for the event times instead of Redis's clock (tests move it by hand).
    """

    def __init__(self, client: Redis, prefix: str = "pin:", bad_codes: int = MAX_BAD_CODES,
                 bad_codes_per_address: int = MAX_BAD_CODES_PER_ADDRESS,
                 devices_per_address: int = MAX_DEVICES_PER_ADDRESS, window: float = GUESS_WINDOW,
                 clock: Callable[[], float] | None = None) -> None:
        from redis.exceptions import RedisError  # imported here: one process never needs redis-py

        self.client = client
        self.prefix = prefix
        self.bad_codes = bad_codes
        self.bad_codes_per_address = bad_codes_per_address
        self.devices_per_address = devices_per_address
        self.window = window
        self.clock = clock
        self._faults: tuple[type[Exception], ...] = (RedisError, OSError)
        self._add = client.register_script(_ADD)
        self._count = client.register_script(_COUNT)
        self._admit = client.register_script(_ADMIT)
        self._try = client.register_script(_TRY)
        self._take_back = client.register_script(_TAKE_BACK)

    def _now(self) -> str:
        return "" if self.clock is None else repr(self.clock())

    def _key(self, kind: str, text: str) -> str:
        return f"{self.prefix}guess:{kind}:{_digest(text)}"

    async def admit_device(self, address: str, device: str) -> bool:
        """Whether ``address`` may use ``device`` now (and count it if it is new to the address)."""
        keys = [self._key("seen", f"{address}\n{device}"), self._key("devices", address)]
        try:
            return bool(await self._admit(keys, [self._now(), self.window, self.devices_per_address,
                                                 secrets.token_hex(8)]))
        except self._faults as err:
            log.warning("the device limit is not checked: Redis cannot be reached (%s)", err)
            return True

    async def refusal(self, address: str, device: str) -> str | None:
        """Why ``device`` at ``address`` may not try another room code now, or ``None`` if it may."""
        keys = [self._key("device", device), self._key("address", address)]
        try:
            by_device, by_address = await self._count(keys, [self._now(), self.window])
        except self._faults as err:
            log.warning("the room-code limit is not checked: Redis cannot be reached (%s)", err)
            return None
        if int(by_device) >= self.bad_codes:
            return code_refusal(True, self.bad_codes)
        if int(by_address) >= self.bad_codes_per_address:
            return code_refusal(False, self.bad_codes_per_address)
        return None

    async def wrong_code(self, address: str, device: str) -> None:
        """Count a wrong room code against ``device`` and ``address``."""
        keys = [self._key("device", device), self._key("address", address)]
        try:
            await self._add(keys, [self._now(), self.window, self.bad_codes, self.bad_codes_per_address,
                                   secrets.token_hex(8)])
        except self._faults as err:
            log.warning("a wrong room code was not counted: Redis cannot be reached (%s)", err)

    async def try_code(self, address: str, device: str) -> tuple[str | None, str]:
        """Check and count a room code about to be tried, in one script (see :meth:`Guard.try_code`): of two
        processes trying the device's last code at the same moment, one is refused."""
        keys = [self._key("device", device), self._key("address", address)]
        ticket = secrets.token_hex(8)
        try:
            full = int(await self._try(keys, [self._now(), self.window, self.bad_codes, self.bad_codes_per_address,
                                              ticket]))
        except self._faults as err:
            log.warning("the room-code limit is not checked: Redis cannot be reached (%s)", err)
            return None, ""
        if full == 1:
            return code_refusal(True, self.bad_codes), ""
        if full == 2:
            return code_refusal(False, self.bad_codes_per_address), ""
        return None, ticket

    async def right_code(self, address: str, device: str, ticket: str) -> None:
        """Take back the code counted by :meth:`try_code` (see :meth:`Guard.right_code`)."""
        if not ticket:
            return
        keys = [self._key("device", device), self._key("address", address)]
        try:
            await self._take_back(keys, [ticket])
        except self._faults as err:
            log.warning("a right room code stays counted: Redis cannot be reached (%s)", err)
