"""What the server's parts share, as small interfaces with two implementations each (docs/server.md).

A single process is a service of one: its parts run on the in-memory implementations
(:mod:`.memory`); the processes of a service on Redis run the same parts on the Redis ones
(:mod:`.redis`, which holds every Redis key and Lua script of these interfaces). The interfaces
are in :mod:`.base`.

- :class:`~.base.Counters`: sliding-window counters (the limits on guessing room codes);
- :class:`~.base.Locks`: short locks by name (a room's lobby changes);
- :class:`~.base.Link`: a process's link to the others (a bus, presence, leases, locks and a table's
  facts): :class:`~.memory.MemoryLink` for one process, :class:`~..cluster.Cluster` on Redis;
- :class:`~.base.Queue`: the Quick Match search.
"""

from __future__ import annotations

from .base import Counters, Link, Locks, Queue
from .memory import MemoryCounters, MemoryLink, MemoryLocks, MemoryQueue

__all__ = ["Counters", "Link", "Locks", "MemoryCounters", "MemoryLink", "MemoryLocks", "MemoryQueue", "Queue"]
