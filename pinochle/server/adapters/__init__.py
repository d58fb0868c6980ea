"""What the server's parts share, as small interfaces with two implementations each (docs/server.md).

A single process is a service of one: its parts run on the in-memory implementations
(:mod:`.memory`, :mod:`.memory_counters`, :mod:`.memory_queue`); the processes of a service on Redis run the same parts on the Redis ones, one
module per interface, each holding its Redis keys and Lua scripts. The interfaces are in :mod:`.base`.

- :class:`~.base.Counters`: sliding-window counters (the limits on guessing room codes):
  :class:`~.memory_counters.MemoryCounters`, :class:`~.redis_counters.RedisCounters`;
- :class:`~.base.Queue`: the Quick Match search: :class:`~.memory_queue.MemoryQueue`, :class:`~.redis_queue.RedisQueue`;
- :class:`~.base.Locks`: short locks by name (a room's lobby changes): :class:`~.memory.MemoryLocks`,
  :class:`~.redis_leases.RedisLocks`;
- :class:`~.base.Link`: a process's link to the others, made of a :class:`~.base.Bus`
  (:mod:`.redis_bus`), :class:`~.base.Presence` (:mod:`.redis_presence`), :class:`~.base.Leases`
  (:mod:`.redis_leases`), locks and :class:`~.base.Facts` (:mod:`.redis_facts`), over one connection
  (:mod:`.redis_client`): :class:`~.memory.MemoryLink` for one process, :class:`~.redis_link.RedisLink` on Redis.
"""

from __future__ import annotations

from .base import Counters, Link, Locks, Queue
from .memory import MemoryLink, MemoryLocks
from .memory_counters import MemoryCounters
from .memory_queue import MemoryQueue

__all__ = ["Counters", "Link", "Locks", "MemoryCounters", "MemoryLink", "MemoryLocks", "MemoryQueue", "Queue"]
