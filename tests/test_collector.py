"""The server and Python's garbage collector (pinochle/server/collector.py; docs/server.md,
"Garbage-collection pauses")."""

from __future__ import annotations

import gc
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from starlette.testclient import TestClient

from pinochle.cli import main
from pinochle.server.app import create_app
from pinochle.server.collector import SERVER_THRESHOLDS, GcWatch


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
    assert 0 < summary["cpu_ms"][2] and all(0 <= ms for ms in summary["cpu_ms"])
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


@pytest.fixture
def default_thresholds() -> Iterator[tuple[int, int, int]]:
    """Python's default thresholds for the test, and whatever the process had put back afterwards."""
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    try:
        yield gc.get_threshold()
    finally:
        gc.set_threshold(*before)


def serve_without_listening(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, during: Any = None) -> dict[str, Any]:
    """``pinochle serve`` with uvicorn.run replaced: what the process looked like when it would have listened."""
    seen: dict[str, Any] = {}

    def run(app: Any, **kwargs: Any) -> None:
        seen["threshold"] = gc.get_threshold()
        seen["app"] = app
        if during is not None:
            during(app)

    monkeypatch.setattr(uvicorn, "run", run)
    assert main(["serve", "--port", "8999", "--db", str(tmp_path / "x.db")]) == 0
    return seen


def test_serve_raises_the_collector_thresholds_before_it_listens(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, default_thresholds: tuple[int, int, int]) -> None:
    monkeypatch.delenv("PINOCHLE_GC_STATS", raising=False)
    seen = serve_without_listening(tmp_path, monkeypatch)
    assert seen["threshold"] == SERVER_THRESHOLDS
    young, middle, full = seen["threshold"]
    assert young > default_thresholds[0] and full > default_thresholds[2] and middle >= default_thresholds[1]


def test_serve_prints_the_collector_figures_at_shutdown_when_asked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        default_thresholds: tuple[int, int, int]) -> None:
    def start_and_stop(app: Any) -> None:
        with TestClient(app) as client:
            client.get("/health")
            gc.collect()

    monkeypatch.setenv("PINOCHLE_GC_STATS", "1")
    serve_without_listening(tmp_path, monkeypatch, start_and_stop)
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith('{"gc"')]
    assert len(lines) == 1 and json.loads(lines[0])["gc"]["gen2"] >= 1
    monkeypatch.delenv("PINOCHLE_GC_STATS")
    serve_without_listening(tmp_path, monkeypatch, start_and_stop)
    assert '{"gc"' not in capsys.readouterr().err
