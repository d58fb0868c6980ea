"""The figures for an operator (pinochle/server/metrics.py; docs/scaling.md, "What to watch").

- Moves, the move-to-update latency, storage calls, sockets, people, tables and errors by code are
  counted as a solo match is played over the protocol.
- The public port never serves them; ``pinochle serve --metrics-port`` serves ``GET /metrics`` in the
  Prometheus text format on a port of its own.
- The event loop's lag and garbage-collection pauses are measured.
"""

from __future__ import annotations

import asyncio
import gc
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families
from starlette.testclient import TestClient

from pinochle.server.app import create_app
from pinochle.server.metrics import LAG_MAX_WINDOW, Metrics

from .browser_support import free_port
from .redis_support import RedisServer, RedisTarget, redis_server, redis_target  # noqa: F401
from .support import until
from .test_server import choose, hello, my_move

pytestmark = pytest.mark.timeout(120)


def samples(text: bytes) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a Prometheus text page, by (name, sorted labels)."""
    out = {}
    for family in text_string_to_metric_families(text.decode()):
        for s in family.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


def test_a_solo_match_is_counted(tmp_path: Path) -> None:
    app = create_app(tmp_path / "m.db", bot_delay=0)
    metrics: Metrics = app.state.metrics
    with TestClient(app) as client, client.websocket_connect("/ws") as ws:
        hello(ws)
        ws.send_json({"type": "new_match", "level": "easy"})
        msg = until(ws, my_move)
        before = metrics.value("pinochle_actions_total")
        assert before == msg["view"]["version"]  # every move stored so far (none if South calls first)
        v = msg["view"]
        ws.send_json({"type": "action", "match": None, "version": v["version"], "action": choose(v)})
        until(ws, lambda m: m["type"] == "state" and m["view"]["version"] > v["version"])
        ws.send_json({"type": "action", "match": None, "version": v["version"], "action": choose(v)})
        assert until(ws, lambda m: m["type"] == "error")["code"] == "stale"
        got = samples(metrics.text())
        assert got[("pinochle_actions_total", ())] >= before + 1
        assert got[("pinochle_move_update_seconds_count", ())] == 2  # the move, and the stale one answered
        assert got[("pinochle_errors_total", (("code", "stale"),))] == 1
        assert got[("pinochle_sockets", ())] == 1
        assert got[("pinochle_people", ())] == 1  # the device token
        assert got[("pinochle_tables", ())] == 1
        assert got[("pinochle_storage_seconds_count", (("op", "append_action"),))] == got[("pinochle_actions_total", ())]
        assert got[("pinochle_storage_seconds_count", (("op", "create_match"),))] == 1
    assert metrics.sockets == 0  # the socket closed


def test_a_process_of_a_service_on_redis_times_its_redis_calls(redis_target: RedisTarget, tmp_path: Path) -> None:
    app = create_app(tmp_path / "unused.db", bot_delay=0, redis=redis_target.url, redis_prefix=redis_target.prefix)
    metrics: Metrics = app.state.metrics
    with TestClient(app) as client, client.websocket_connect("/ws") as ws:
        hello(ws)
        ws.send_json({"type": "new_match", "level": "easy"})
        msg = until(ws, my_move)
        got = samples(metrics.text())
        assert got[("pinochle_redis_seconds_count", ())] >= 1  # presence, the lease, the notices
        assert got.get(("pinochle_storage_seconds_count", (("op", "append_action"),)), 0.0) == \
            got[("pinochle_actions_total", ())] == msg["view"]["version"]


def test_the_public_port_does_not_serve_the_figures(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "m.db", bot_delay=0)) as client:
        assert client.get("/metrics").status_code == 404


def test_the_event_loops_lag_is_measured() -> None:
    metrics = Metrics()

    async def stall() -> None:
        watch = asyncio.create_task(metrics.watch_loop(interval=0.05))
        await asyncio.sleep(0.01)
        time.sleep(0.2)  # a stall: every socket of the process would wait this long
        await asyncio.sleep(0.1)
        watch.cancel()

    asyncio.run(stall())
    assert 0.1 <= metrics.lag_max() < 1.0
    assert (metrics.value("pinochle_event_loop_lag_seconds_count") or 0) >= 2
    assert (metrics.value("pinochle_event_loop_lag_seconds_bucket", le="0.1") or 0) < \
        (metrics.value("pinochle_event_loop_lag_seconds_count") or 0)  # the stall is above 0.1 s
    metrics.lag_seen(0.5, time.monotonic() - LAG_MAX_WINDOW - 1)  # older than the window: not the max
    assert metrics.lag_max() < 0.5


def test_garbage_collections_are_timed_by_generation() -> None:
    metrics = Metrics()
    metrics.watch_gc()
    try:
        gc.collect(2)
    finally:
        metrics.unwatch_gc()
    assert metrics.value("pinochle_gc_pause_seconds_count", generation="2") == 1
    gc.collect(2)  # no longer watched
    assert metrics.value("pinochle_gc_pause_seconds_count", generation="2") == 1


def test_pinochle_serve_serves_the_figures_on_their_own_port(tmp_path: Path) -> None:
    port, figures = free_port(), free_port()
    proc = subprocess.Popen([sys.executable, "-m", "pinochle.cli", "serve", "--port", str(port),
                             "--db", str(tmp_path / "s.db"), "--metrics-port", str(figures)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        text = b""
        for _ in range(150):
            try:
                text = urllib.request.urlopen(f"http://127.0.0.1:{figures}/metrics", timeout=2).read()
                break
            except OSError:
                time.sleep(0.1)
        names = {f.name for f in text_string_to_metric_families(text.decode())}
        assert {"pinochle_tables", "pinochle_sockets", "pinochle_people", "pinochle_actions",
                "pinochle_move_update_seconds", "pinochle_event_loop_lag_seconds",
                "pinochle_event_loop_lag_max_seconds", "pinochle_gc_pause_seconds", "pinochle_storage_seconds",
                "pinochle_redis_seconds", "pinochle_errors"} <= names
        for _ in range(100):  # the public port answers, and never with the figures
            try:
                public = urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2).read()
                break
            except OSError:
                time.sleep(0.1)
        assert public == b"ok"
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=2)
        assert missing.value.code == 404
    finally:
        proc.terminate()
        proc.wait(10)


def test_pinochle_serve_trusts_the_proxies_it_is_told(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--forwarded-allow-ips`` reaches uvicorn, which then takes the client's address from the proxy's
    ``X-Forwarded-For`` (the limits per address depend on it: docs/scaling.md, "Behind a reverse proxy")."""
    import uvicorn

    from pinochle.cli import main

    seen: dict[str, object] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(kw))
    thresholds = gc.get_threshold()  # `serve` tunes the collector of its process: this one's is put back
    try:
        assert main(["serve", "--db", str(tmp_path / "p.db"), "--forwarded-allow-ips", "10.0.0.2"]) == 0
        assert seen["proxy_headers"] is True and seen["forwarded_allow_ips"] == "10.0.0.2"
        assert main(["serve", "--db", str(tmp_path / "p.db")]) == 0
        assert seen["forwarded_allow_ips"] is None  # uvicorn's default: 127.0.0.1
    finally:
        gc.set_threshold(*thresholds)
