"""Limits on guessing room codes that hold across reconnects (docs/protocol.md, "Limits").

A wrong room code counts against the device that sent it and against the
client address it came from, for :data:`~.protocol.GUESS_WINDOW` seconds (an
hour). A device may try :data:`~.protocol.MAX_BAD_CODES` wrong codes in that
window, and all the devices of one address together
:data:`~.protocol.MAX_BAD_CODES_PER_ADDRESS`; since anyone can make up a new
device token, one address may also bring at most
:data:`~.protocol.MAX_DEVICES_PER_ADDRESS` different device tokens in the
window (a device seen again from the same address does not count again).

One :class:`GuessGuard` keeps the counts in sliding-window counters (:class:`~.adapters.base.Counters`):
in memory for one process (:class:`~.adapters.memory_counters.MemoryCounters`: they survive reconnects and new
connections, not a server restart, which nobody can cause from a browser), or in Redis for the
processes of a service (:class:`~.adapters.redis_counters.RedisCounters`: a device that tries codes through one
process and then another is counted once). Memory stays bounded either way: a count holds at most its
limit, and counts whose times have all expired are dropped.

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
import time
from collections.abc import Callable
from typing import Protocol

from .adapters import Counters, MemoryCounters
from .protocol import GUESS_WINDOW, MAX_BAD_CODES, MAX_BAD_CODES_PER_ADDRESS, MAX_DEVICES_PER_ADDRESS
from .storage import StorageFault

log = logging.getLogger("pinochle.server")

def device_refusal(limit: int) -> str:
    """The refusal of one more new device token from an address that has used ``limit`` in the window."""
    return f"too many new devices from your network ({limit} in an hour): try again later"


def code_refusal(by_device: bool, limit: int) -> str:
    """The refusal of one more room code from a device (``by_device``) or an address that has tried ``limit``
    wrong ones in the window."""
    where = "this device" if by_device else "your network"
    return f"too many wrong room codes from {where} ({limit} in an hour): try again later"


class Guard(Protocol):
    """What the server asks of the limits on guessing room codes (:class:`GuessGuard`; tests may stand in
    their own).

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


def _digest(text: str) -> str:
    """A short fixed-length name for a client-chosen string (an address or a device token of any length)."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


class GuessGuard:
    """Wrong room codes per device and per client address, and device tokens per address, across connections
    (and across the processes of a service when its counters are in Redis).

    Each count is named after a digest of the device or address (``device:...``, ``address:...``,
    ``devices:...``; ``pair:...`` marks a device seen from an address). If the counters fail (Redis cannot
    be reached) the guard lets the request through and logs it: everything it protects, the rooms, is in
    the same Redis, so nobody can guess a code while it is down.

    Args:
        counters: where the counts are kept (default: :class:`~.adapters.memory_counters.MemoryCounters` on ``clock``).
        bad_codes: wrong codes one device may try in the window.
        bad_codes_per_address: wrong codes one address may try in the window.
        devices_per_address: different device tokens one address may use in the window.
        window: seconds each wrong code or new device counts.
        clock: a monotonic clock in seconds, for the default counters.
    """

    def __init__(self, counters: Counters | None = None, *, bad_codes: int = MAX_BAD_CODES,
                 bad_codes_per_address: int = MAX_BAD_CODES_PER_ADDRESS,
                 devices_per_address: int = MAX_DEVICES_PER_ADDRESS, window: float = GUESS_WINDOW,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.counters: Counters = counters if counters is not None else MemoryCounters(clock)
        self.window = window
        self.bad_codes = bad_codes
        self.bad_codes_per_address = bad_codes_per_address
        self.devices_per_address = devices_per_address

    def _codes(self, address: str, device: str) -> list[tuple[str, int]]:
        """The two counts of wrong codes a code tried by ``device`` at ``address`` goes to, with their limits."""
        return [(f"device:{_digest(device)}", self.bad_codes),
                (f"address:{_digest(address)}", self.bad_codes_per_address)]

    async def admit_device(self, address: str, device: str) -> bool:
        """Whether ``address`` may use ``device`` now (and count it if it is new to the address)."""
        seen = f"{address}\n{device}"
        pair = f"pair:{_digest(seen)}"
        try:
            if (await self.counters.count([pair], self.window))[0]:
                return True
            full, _ = await self.counters.add_all(
                [(f"devices:{_digest(address)}", self.devices_per_address), (pair, 1)], self.window)
        except StorageFault as err:
            log.warning("the device limit is not checked: %s", err)
            return True
        return full != 1  # 2: the same device was admitted at this moment by another socket or process

    async def refusal(self, address: str, device: str) -> str | None:
        """Why ``device`` at ``address`` may not try another room code now, or ``None`` if it may."""
        codes = self._codes(address, device)
        try:
            counts = await self.counters.count([name for name, _ in codes], self.window)
        except StorageFault as err:
            log.warning("the room-code limit is not checked: %s", err)
            return None
        for i, ((_, limit), n) in enumerate(zip(codes, counts)):
            if n >= limit:
                return code_refusal(i == 0, limit)
        return None

    async def wrong_code(self, address: str, device: str) -> None:
        """Count a wrong room code against ``device`` and ``address``."""
        try:
            await self.counters.add(self._codes(address, device), self.window)
        except StorageFault as err:
            log.warning("a wrong room code was not counted: %s", err)

    async def try_code(self, address: str, device: str) -> tuple[str | None, str]:
        """Check and count a room code about to be tried, in one step (see :meth:`Guard.try_code`): of two
        sockets or processes trying the device's last code at the same moment, one is refused."""
        codes = self._codes(address, device)
        try:
            full, ticket = await self.counters.add_all(codes, self.window)
        except StorageFault as err:
            log.warning("the room-code limit is not checked: %s", err)
            return None, ""
        if full:
            return code_refusal(full == 1, codes[full - 1][1]), ""
        return None, ticket

    async def right_code(self, address: str, device: str, ticket: str) -> None:
        """Take back the code counted by :meth:`try_code` (see :meth:`Guard.right_code`)."""
        if not ticket:
            return
        try:
            await self.counters.take_back([name for name, _ in self._codes(address, device)], ticket)
        except StorageFault as err:
            log.warning("a right room code stays counted: %s", err)
