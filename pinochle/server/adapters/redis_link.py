"""The link between the processes of one service on Redis (docs/server.md, "Several processes on Redis").

Every process started with ``pinochle serve --redis URL`` holds one :class:`RedisLink`, the Redis
implementation of :class:`~.base.Link` (one process on SQLite runs the same parts on
:class:`~.memory.MemoryLink`). It is its parts together, each in its module with its keys and scripts:

- :class:`~.redis_client.RedisClient`: the process id, the prefix, the client, errors as ``StorageFault``;
- :class:`~.redis_bus.RedisBus`: pub/sub, one listener task, resync after Redis comes back;
- :class:`~.redis_presence.RedisPresence`: the heartbeat, and the tokens with a socket on each process;
- :class:`~.redis_leases.RedisLeases` and :class:`~.redis_leases.RedisLocks`: leases and short locks;
- :class:`~.redis_facts.RedisFacts`: the facts of a table that live beside its log (the stand-ins).
"""

from __future__ import annotations

from collections.abc import Callable

from .redis_facts import RedisFacts
from .redis_leases import RedisLeases, RedisLocks
from .redis_presence import RedisPresence


class RedisLink(RedisPresence, RedisLeases, RedisLocks, RedisFacts):
    """This process's link to the other processes of the service on Redis (see the module docstring).

    :meth:`start` announces the process and starts its listener and heartbeat; :meth:`stop` withdraws it.

    Args:
        url: the Redis URL (``redis://host:port/db``), the same for every process.
        prefix: put before every key and channel name (default ``"pin:"``; tests use one per test).
        lease_seconds: a table's lease TTL (3 s); a lease is renewed every third of it.
        beat: seconds between heartbeats (1 s); the sweep of dead processes runs with it.
        process_ttl: seconds a process counts as alive after its last heartbeat (3 s).
        timeout: seconds one Redis call may take before it fails (1.5 s), waiting for a free connection included.
        max_connections: connections to Redis this process opens at most (256).
        on_call: called with the seconds each Redis call took (the app's ``pinochle_redis_seconds``), or ``None``.
    """

    def __init__(self, url: str, prefix: str = "pin:", *, lease_seconds: float = 3.0, beat: float = 1.0,
                 process_ttl: float = 3.0, timeout: float = 1.5, max_connections: int = 256,
                 on_call: Callable[[float], None] | None = None) -> None:
        super().__init__(url, prefix, lease_seconds=lease_seconds, beat=beat, process_ttl=process_ttl,
                         timeout=timeout, max_connections=max_connections, on_call=on_call)
        #: other processes may be listening (the Link interface)
        self.shared = True
