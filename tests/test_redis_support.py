"""The Redis test fixture (tests/redis_support.py) and scripts/need-redis: a real server on a free
port that keeps its port across a stop and start, a key prefix per test, and a missing
``redis-server`` that is skipped only when PINOCHLE_REQUIRE_REDIS is unset."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
import redis

from . import redis_support
from .redis_support import RedisServer, RedisTarget, redis_server, redis_target  # noqa: F401

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.timeout(60)


def test_the_server_answers_and_each_test_has_its_own_prefix(redis_target: RedisTarget,
                                                             redis_server: RedisServer) -> None:
    assert redis_target.url == redis_server.url and redis_target.prefix.endswith(":")
    assert redis_support.fresh_prefix() != redis_target.prefix
    with redis_server.client() as c:
        assert c.ping() and c.set(redis_target.prefix + "k", "v")


def test_stop_and_start_keep_the_port_and_the_data_or_lose_it(redis_target: RedisTarget) -> None:
    server, key = redis_target.server, redis_target.prefix + "k"
    with server.client() as c:
        c.set(key, "kept")
    with server.down():
        assert not server.running()
        with pytest.raises(redis.ConnectionError), server.client() as c:
            c.ping()
    assert server.url == redis_target.url
    with server.client() as c:
        assert c.get(key) == b"kept"
    with server.down(keep_data=False):
        pass
    with server.client() as c:
        assert c.get(key) is None


def test_read_only_and_out_of_memory_refuse_writes_and_keep_the_data(redis_target: RedisTarget) -> None:
    server, key = redis_target.server, redis_target.prefix + "k"
    with server.client() as c:
        c.set(key, "kept")
        with server.read_only(), pytest.raises(redis.ReadOnlyError):
            c.set(key, "lost")
        with server.out_of_memory(), pytest.raises(redis.ResponseError, match="OOM|maxmemory"):
            c.set(key, "lost")
        assert c.get(key) == b"kept"
        c.set(key, "written")  # writable again
        assert c.get(key) == b"written"


def test_a_paused_server_times_the_client_out(redis_target: RedisTarget) -> None:
    c = redis.Redis.from_url(redis_target.url, socket_timeout=0.3)
    with redis_target.server.paused(), pytest.raises(redis.TimeoutError):
        c.ping()
    assert c.ping()


def test_missing_redis_server_skips_unless_it_is_required(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(redis_support, "REDIS_SERVER", str(tmp_path / "no-redis-server"))
    monkeypatch.delenv("PINOCHLE_REQUIRE_REDIS", raising=False)
    with pytest.raises(pytest.skip.Exception, match="scripts/need-redis"):
        redis_support.require_redis_server()
    monkeypatch.setenv("PINOCHLE_REQUIRE_REDIS", "1")
    with pytest.raises(pytest.fail.Exception, match="PINOCHLE_REQUIRE_REDIS"):
        redis_support.require_redis_server()


def test_need_redis_says_what_is_missing(tmp_path: Path) -> None:
    env = {**os.environ, "REDIS_SERVER": str(tmp_path / "no-redis"), "APT_GET": str(tmp_path / "no-apt-get")}
    done = subprocess.run(["sh", str(ROOT / "scripts" / "need-redis")], env=env, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 3
    assert done.stderr.startswith(f"Missing: {tmp_path / 'no-redis'}")
    assert "sudo apt-get install redis-server" in done.stderr


def test_the_test_command_installs_redis_and_requires_it() -> None:
    script = (ROOT / "scripts" / "test").read_text()
    assert "sh scripts/need-redis\n" in script and "export PINOCHLE_REQUIRE_REDIS=1\n" in script
    assert script.index("need-redis") < script.index("exec .venv/bin/python -m pytest")
