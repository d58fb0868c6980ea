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

import time
from collections import deque
from collections.abc import Callable
from typing import Protocol

from .protocol import GUESS_WINDOW, MAX_BAD_CODES, MAX_BAD_CODES_PER_ADDRESS, MAX_DEVICES_PER_ADDRESS

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

    def add(self, key: str) -> None:
        """Record an event of ``key`` (nothing once the limit is reached)."""
        events = self._live(key)
        if events is None:
            self._prune()
            events = self._events[key] = deque()
        if len(events) < self.limit:
            events.append(self.clock())

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
