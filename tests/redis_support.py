"""A real ``redis-server`` for the tests that need Redis (no fakeredis).

Use it by importing the fixtures into a test module::

    from .redis_support import RedisServer, RedisTarget, redis_server, redis_target  # noqa: F401

- ``redis_server`` (module scope): one ``redis-server`` on a free port of 127.0.0.1, started as
  TOOLING.md says (``--save '' --appendonly no``, nothing written to disk), ready once it answers
  PING, and stopped when the module's tests are done, whether they passed or failed. It is a
  child process of pytest (not daemonized), so it is killed by its own handle, never by name.
- ``redis_target`` (function scope): the URL and a fresh key prefix per test (``"t1a2b3c4d:"``),
  so every test has its own key space on the shared server without a flush; the server is
  restarted first if an earlier test left it stopped.
- :meth:`RedisServer.stop` / :meth:`RedisServer.start` stop and restart that same server on the
  same port in the middle of a test ("Redis down"), with its data kept (``SHUTDOWN SAVE``, loaded
  again on start) or lost; :meth:`RedisServer.down` does both around a ``with`` block.
  :meth:`RedisServer.paused` freezes it (SIGSTOP: clients time out instead of being refused);
  :meth:`RedisServer.read_only` and :meth:`RedisServer.out_of_memory` make a live server refuse
  writes (READONLY, OOM) while it keeps its data.

Missing ``redis-server``: the tests are skipped, unless ``PINOCHLE_REQUIRE_REDIS`` is set (the
README's test command ``sh scripts/test`` installs it with ``scripts/need-redis`` and sets it), in
which case they fail, so CI can never pass over them silently.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
import redis

if TYPE_CHECKING:
    from pinochle.server.adapters.redis_link import RedisLink

#: The binary; ``PINOCHLE_REDIS_SERVER`` may point elsewhere.
REDIS_SERVER = os.environ.get("PINOCHLE_REDIS_SERVER", "redis-server")


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def require_redis_server() -> str:
    """The path of ``redis-server``; skip the test if it is missing, or fail if ``PINOCHLE_REQUIRE_REDIS`` is set."""
    path = shutil.which(REDIS_SERVER)
    if path is None:
        why = (f"{REDIS_SERVER} is not installed: run the README's test command (sh scripts/test), which installs "
               "it (scripts/need-redis), or apt-get install redis-server")
        if os.environ.get("PINOCHLE_REQUIRE_REDIS"):
            pytest.fail(f"PINOCHLE_REQUIRE_REDIS is set and {why}", pytrace=False)
        pytest.skip(why)
    return path


class RedisServer:
    """One ``redis-server`` child process on a fixed port of 127.0.0.1.

    Attributes:
        binary: the ``redis-server`` path.
        port: its TCP port (kept across :meth:`stop` and :meth:`start`).
        url: ``redis://127.0.0.1:{port}/0``.
        workdir: its working directory (its log, ``redis.log``, is there).
    """

    def __init__(self, binary: str, port: int, workdir: Path) -> None:
        self.binary, self.port, self.workdir = binary, port, workdir
        self.url = f"redis://127.0.0.1:{port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def client(self) -> redis.Redis:
        """A new synchronous client of this server (short timeouts)."""
        return redis.Redis.from_url(self.url, socket_timeout=2, socket_connect_timeout=2)

    def running(self) -> bool:
        """The process is alive and answers PING."""
        if self.proc is None or self.proc.poll() is not None:
            return False
        try:
            with self.client() as c:
                return bool(c.ping())
        except redis.RedisError:
            return False

    def start(self, wait: float = 10.0) -> None:
        """Start the server on :attr:`port` (no-op if it runs) and wait until it answers PING.

        Raises:
            RuntimeError: it exited or did not answer within ``wait`` seconds (its log is in the message).
        """
        if self.proc is not None and self.proc.poll() is None:
            return
        log = open(self.workdir / "redis.log", "ab")
        try:
            self.proc = subprocess.Popen(
                [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                 "--daemonize", "no", "--dir", str(self.workdir), "--loglevel", "warning"],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        finally:
            log.close()
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                break
            if self.running():
                return
            time.sleep(0.02)
        self.stop(keep_data=False)
        text = (self.workdir / "redis.log").read_text(errors="replace")[-2000:]
        raise RuntimeError(f"redis-server on port {self.port} did not start:\n{text}")

    def stop(self, keep_data: bool = True) -> None:
        """Stop the server and wait for it to exit.

        Args:
            keep_data: ``True``: ``SHUTDOWN SAVE`` (it writes its data to ``dump.rdb`` in :attr:`workdir` and exits,
                atomically, so no write slips in between) and the next :meth:`start` loads it again, as a Redis
                with persistence comes back; ``False``: SIGKILL and the data is gone (the next start is empty).
        """
        proc, self.proc = self.proc, None
        if proc is None or proc.poll() is not None:
            return
        if keep_data:
            try:
                with self.client() as c:
                    c.execute_command("SHUTDOWN", "SAVE")
            except redis.RedisError:  # the server closes the connection as it exits
                pass
        else:
            (self.workdir / "dump.rdb").unlink(missing_ok=True)
            proc.kill()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
        if not keep_data:
            (self.workdir / "dump.rdb").unlink(missing_ok=True)

    @contextmanager
    def down(self, keep_data: bool = True) -> Iterator[None]:
        """Redis is stopped inside the block (connections are refused) and runs again on the same port after it,
        also on failure; ``keep_data`` as in :meth:`stop`."""
        self.stop(keep_data=keep_data)
        try:
            yield
        finally:
            self.start()

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Inside the block the process is frozen (SIGSTOP): it accepts no reply, so a client only times out, as
        with a hung or unreachable host; after it (SIGCONT) it goes on with its data. A write sent while it was
        frozen may still be carried out when it resumes (it was already in the socket)."""
        assert self.proc is not None and self.proc.poll() is None, "redis-server is not running"
        self.proc.send_signal(signal.SIGSTOP)
        try:
            yield
        finally:
            self.proc.send_signal(signal.SIGCONT)

    @contextmanager
    def read_only(self) -> Iterator[None]:
        """Inside the block the server is a replica of a master that does not exist: every write is refused
        with READONLY while the data stays readable; after it, a master again with the same data."""
        with self.client() as c:
            c.execute_command("REPLICAOF", "127.0.0.1", str(free_port()))
        try:
            yield
        finally:
            with self.client() as c:
                c.execute_command("REPLICAOF", "NO", "ONE")

    @contextmanager
    def out_of_memory(self) -> Iterator[None]:
        """Inside the block every write that needs memory is refused with OOM (``maxmemory`` 1 byte, noeviction)."""
        with self.client() as c:
            old = c.config_get("maxmemory")["maxmemory"]
            policy = c.config_get("maxmemory-policy")["maxmemory-policy"]
            c.config_set("maxmemory-policy", "noeviction")
            c.config_set("maxmemory", 1)
        try:
            yield
        finally:
            with self.client() as c:
                c.config_set("maxmemory", old)
                c.config_set("maxmemory-policy", policy)


@dataclass(frozen=True)
class RedisTarget:
    """What a test gets: the server's URL, a key prefix of its own, and the server (to stop or start it)."""

    url: str
    prefix: str
    server: RedisServer


def fresh_prefix() -> str:
    """A key prefix no other test uses, e.g. ``"t1a2b3c4d5e:"``."""
    return f"t{uuid.uuid4().hex[:10]}:"


@contextmanager
def started_redis() -> Iterator[RedisServer]:
    """A started :class:`RedisServer` on a free port, stopped (killed) when the block ends, also on failure."""
    binary = require_redis_server()
    with tempfile.TemporaryDirectory(prefix="pinochle-redis-") as tmp:
        last: Exception | None = None
        for _ in range(3):  # a free port may be taken between the probe and redis-server's bind
            server = RedisServer(binary, free_port(), Path(tmp))
            try:
                server.start()
            except RuntimeError as err:
                last = err
                continue
            try:
                yield server
            finally:
                if server.proc is not None and server.proc.poll() is None:
                    server.proc.send_signal(signal.SIGCONT)  # a test that failed while it was paused
                server.stop(keep_data=False)
            return
        raise RuntimeError(f"could not start redis-server: {last}")


@pytest.fixture(scope="module")
def redis_server() -> Iterator[RedisServer]:
    """One real ``redis-server`` for a test module (see the module docstring)."""
    with started_redis() as server:
        yield server


@pytest.fixture
def redis_target(redis_server: RedisServer) -> RedisTarget:
    """The module's server (restarted if a test left it stopped) and a fresh key prefix for this test."""
    if not redis_server.running():
        redis_server.start()
    return RedisTarget(redis_server.url, fresh_prefix(), redis_server)


@asynccontextmanager
async def two_clusters(target: RedisTarget, **timings: Any) -> AsyncIterator[tuple[RedisLink, RedisLink]]:
    """Two started :class:`~pinochle.server.adapters.redis_link.RedisLink` links of one service (``timings``: its
    ``lease_seconds``, ``beat``, ``process_ttl``), stopped at the end."""
    from pinochle.server.adapters.redis_link import RedisLink

    a, b = RedisLink(target.url, target.prefix, **timings), RedisLink(target.url, target.prefix, **timings)
    await a.start()
    await b.start()
    try:
        yield a, b
    finally:
        await a.stop()
        await b.stop()
