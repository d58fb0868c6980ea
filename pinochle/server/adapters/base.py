"""The interfaces the server's parts are written against (see the package docstring)."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Protocol


class Counters(Protocol):
    """Events per name in a sliding window: an event counts for ``window`` seconds from when it happened,
    and a name never holds more events than the limit a call gives it.

    A failure of the shared store is :class:`~..storage.StorageFault` (the in-memory counters never fail).
    """

    async def count(self, names: Sequence[str], window: float) -> list[int]:
        """The events of each of ``names`` in the last ``window`` seconds."""

    async def add(self, limits: Sequence[tuple[str, int]], window: float) -> None:
        """One event more for each ``(name, limit)`` that is below its limit (the others are left as they are)."""

    async def add_all(self, limits: Sequence[tuple[str, int]], window: float) -> tuple[int, str]:
        """One event more for every ``(name, limit)``, or for none, in one step (atomic across processes).

        Returns:
            ``(0, ticket)``: counted, ``ticket`` names the events for :meth:`take_back`; or
            ``(i, "")``: nothing counted, the ``i``-th name (from 1) is at its limit.
        """

    async def take_back(self, names: Sequence[str], ticket: str) -> None:
        """Forget the event ``ticket`` (from :meth:`add_all`) of each of ``names``, where it still counts."""


class Locks(Protocol):
    """Short mutual exclusion by name (a room's read-change-write), across the processes of a service."""

    def lock(self, name: str) -> AbstractAsyncContextManager[None]:
        """``async with locks.lock(name):`` holds the lock ``name`` inside the block; keep it short.

        Raises:
            StorageFault: the lock could not be taken (the shared store cannot be reached, or stayed busy).
        """
