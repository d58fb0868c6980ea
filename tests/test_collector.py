"""The server and Python's garbage collector (pinochle/server/collector.py; docs/scaling.md,
"Garbage-collection pauses")."""

from __future__ import annotations

import gc
import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from pinochle.server.app import create_app
from pinochle.server.collector import GcWatch


def test_the_watch_counts_and_times_each_generation_while_installed() -> None:
    watch = GcWatch()
    watch.install()
    try:
        gc.collect(0)
        cycle: list[object] = []
        cycle.append(cycle)
        del cycle  # cyclic garbage: only the collector frees it
        gc.collect(2)
        gc.collect(2)
    finally:
        watch.remove()
    gc.collect(2)  # after remove(): not counted
    summary = watch.summary()
    assert watch.collections[2] >= 2 and watch.collections[0] >= 1  # the interpreter may collect on its own too
    assert summary["gen2"] == watch.collections[2] == len(summary["full"])
    assert all(ms >= 0 for _, ms in summary["full"])
    assert summary["gen2_longest_ms"] == max(ms for _, ms in summary["full"])
    assert summary["collected"][2] >= 1
    assert summary["threshold"] == list(gc.get_threshold())
    json.dumps(summary)
    assert watch._callback not in gc.callbacks


def test_the_app_prints_the_watch_at_shutdown(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    watch = GcWatch()
    with TestClient(create_app(tmp_path / "x.db", bot_delay=0, gc_watch=watch)) as client:
        assert watch._callback in gc.callbacks
        client.get("/health")
        gc.collect()
    assert watch._callback not in gc.callbacks
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith('{"gc"')]
    assert len(lines) == 1
    printed = json.loads(lines[0])["gc"]
    assert printed["gen2"] == watch.collections[2] >= 1
