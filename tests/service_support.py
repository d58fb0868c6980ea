"""One protocol suite, two modes: a service of one process on SQLite, and a service of two processes on a
real Redis (docs/server.md). A behaviour that differs between the modes is a bug, unless docs/protocol.md
says so.

A test asks for the ``service`` fixture (parametrised ``one`` and ``two``) and opens the service with the
server options it needs::

    def test_x(service: Open) -> None:
        with service(bot_delay=0) as svc, svc.connect() as a, svc.connect() as b:
            ...

In ``two``, the sockets go to the two processes in turn (the first to A, the second to B, ...): two apps
in this test process, each with its own event loop (Starlette's TestClient), sharing one Redis and one
key prefix, exactly as two ``pinochle serve --redis`` processes would.
"""

from __future__ import annotations

import contextlib
import itertools
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ContextManager

import pytest
from starlette.testclient import TestClient

from pinochle.server.adapters.redis_counters import RedisCounters
from pinochle.server.app import create_app
from pinochle.server.limits import GuessGuard

from .redis_support import RedisServer, fresh_prefix

#: The modes a ``service`` test runs in.
MODES = ("one", "two")


class Service:
    """An open service: its processes' clients, and sockets to them in turn.

    Attributes:
        mode: ``"one"`` or ``"two"``.
        clients: one TestClient per process.
    """

    def __init__(self, mode: str, clients: list[TestClient]) -> None:
        self.mode = mode
        self.clients = clients
        self._turn = itertools.cycle(clients)

    @property
    def client(self) -> TestClient:
        """The first process's client (HTTP requests; in ``one`` the only one)."""
        return self.clients[0]

    def __getattr__(self, name: str) -> Any:
        """Anything else (``get``, ``post``: HTTP requests) goes to the first process."""
        return getattr(self.clients[0], name)

    def connect(self) -> Any:
        """A new WebSocket to the next process in turn (a context manager)."""
        return next(self._turn).websocket_connect("/ws")


Open = Callable[..., ContextManager[Service]]


@pytest.fixture(params=MODES)
def service(request: pytest.FixtureRequest, tmp_path: Path) -> Open:
    """Open the service of this run's mode with ``create_app`` options (``db`` is made here)."""
    mode = str(request.param)
    redis: RedisServer | None = request.getfixturevalue("redis_server") if mode == "two" else None
    prefix = fresh_prefix()  # one per test: a service opened again (a restart) finds what it stored

    @contextlib.contextmanager
    def open_service(guard_limits: dict[str, int] | None = None, guard_clock: Callable[[], float] | None = None,
                     **options: Any) -> Iterator[Service]:
        """``guard_limits``: the room-code guard's limits (:class:`~pinochle.server.limits.GuessGuard`'s
        keyword arguments), in the mode's counters; ``guard_clock``: their clock (tests move it by hand)."""
        if redis is None:
            if guard_limits is not None:
                options["guard"] = GuessGuard(clock=guard_clock or time.monotonic, **guard_limits)  # type: ignore[arg-type]
            with TestClient(create_app(tmp_path / "one.db", **options)) as client:
                yield Service(mode, [client])
            return
        if not redis.running():
            redis.start()
        apps = [create_app(tmp_path / "unused.db", redis=redis.url, redis_prefix=prefix, **options)
                for _ in range(2)]
        if guard_limits is not None:
            for app in apps:  # each process its own guard, counting in the one Redis
                app.state.server.guard = GuessGuard(RedisCounters(app.state.tables.link.redis, prefix, clock=guard_clock),
                                                    **guard_limits)  # type: ignore[arg-type]
        with TestClient(apps[0]) as a, TestClient(apps[1]) as b:
            yield Service(mode, [a, b])
    return open_service
