"""The server's figures for an operator, in the Prometheus text format (docs/scaling.md, "What to watch").

Every app has one :class:`Metrics` with its own ``prometheus_client`` registry (never the library's
global one: each app, and each test, counts apart). The figures are served only when the operator asks,
on a port of their own (``pinochle serve --metrics-port 9100`` serves ``GET /metrics`` there, on
127.0.0.1 unless ``--metrics-host`` says otherwise): the public port never shows them.

What is measured:

- ``pinochle_tables``, ``pinochle_sockets``, ``pinochle_people``: matches in this process's memory, open
  WebSockets, and tokens (devices and seats) with at least one socket here, read when scraped;
- ``pinochle_actions_total``: every move stored (a person's, a computer's, or one without a choice):
  ``rate(pinochle_actions_total[1m])`` is actions per second;
- ``pinochle_move_update_seconds``: from a person's ``action`` frame to the new state sent to everyone
  at the table (a histogram);
- ``pinochle_event_loop_lag_seconds``: how late a 0.25 s sleep of the event loop wakes (a histogram: the
  p99 is ``histogram_quantile(0.99, ...)``), and ``pinochle_event_loop_lag_max_seconds``, the longest in
  the last minute; every socket of the process waits that long;
- ``pinochle_gc_pause_seconds``: each garbage collection, by generation;
- ``pinochle_storage_seconds``: each storage call (SQLite, or Redis as storage), by operation;
  ``pinochle_redis_seconds``: each other Redis call of a process of a service (pub/sub, leases, locks);
- ``pinochle_errors_total``: errors sent to clients, by their ``code`` (docs/protocol.md, "Errors").

>>> m = Metrics()
>>> m.error("stale"); m.error("stale")
>>> m.value("pinochle_errors_total", code="stale")
2.0
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

#: Seconds between two wake-ups of the event-loop watch.
LAG_INTERVAL = 0.25
#: Seconds over which ``pinochle_event_loop_lag_max_seconds`` is the longest lag.
LAG_MAX_WINDOW = 60.0

#: Buckets (seconds) of the latency histograms: the server's targets sit at 20 ms (a stall) and 50 ms (p99).
LATENCY_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.15, 0.25, 0.5, 1.0, 2.5, 5.0)


class _Live(Collector):
    """The gauges read at each scrape (tables, sockets, people, the longest recent lag)."""

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics

    def collect(self) -> Iterator[GaugeMetricFamily]:
        m = self.metrics
        yield GaugeMetricFamily("pinochle_tables", "Matches in this process's memory.", value=m.tables())
        yield GaugeMetricFamily("pinochle_sockets", "Open WebSockets on this process.", value=m.sockets)
        yield GaugeMetricFamily("pinochle_people", "Tokens (devices and seats) with a socket on this process.",
                                value=m.people())
        yield GaugeMetricFamily("pinochle_event_loop_lag_max_seconds",
                                f"The longest event-loop lag in the last {LAG_MAX_WINDOW:g} seconds.",
                                value=m.lag_max())


class Metrics:
    """One app's figures (see the module docstring).

    Args:
        registry: where they are kept (default: a new registry of their own).

    Attributes:
        tables: reads the number of matches in memory (the app sets it; default 0).
        people: reads the number of tokens with a socket on this process (the app sets it; default 0).
        sockets: open WebSockets, kept by :meth:`socket_opened` and :meth:`socket_closed`.
    """

    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        self.registry = registry if registry is not None else CollectorRegistry(auto_describe=True)
        self.tables: Callable[[], int] = lambda: 0
        self.people: Callable[[], int] = lambda: 0
        self.sockets = 0
        r = self.registry
        self.actions = Counter("pinochle_actions", "Moves stored (people's, computers' and automatic).", registry=r)
        self.move_update = Histogram("pinochle_move_update_seconds",
                                     "From a person's action frame to the new state sent to the table.",
                                     buckets=LATENCY_BUCKETS, registry=r)
        self.lag = Histogram("pinochle_event_loop_lag_seconds",
                             f"How late a {LAG_INTERVAL:g} s sleep of the event loop wakes.",
                             buckets=LATENCY_BUCKETS, registry=r)
        self.gc_pause = Histogram("pinochle_gc_pause_seconds", "Garbage-collection pauses, by generation.",
                                  ["generation"], buckets=LATENCY_BUCKETS, registry=r)
        self.storage = Histogram("pinochle_storage_seconds", "Storage calls, by operation.", ["op"],
                                 buckets=LATENCY_BUCKETS, registry=r)
        self.redis = Histogram("pinochle_redis_seconds",
                               "Redis calls other than storage (pub/sub, leases, locks).",
                               buckets=LATENCY_BUCKETS, registry=r)
        self.errors = Counter("pinochle_errors", "Errors sent to clients, by code.", ["code"], registry=r)
        self._lags: deque[tuple[float, float]] = deque()
        self._gc_start = 0.0
        r.register(_Live(self))

    # ---------------------------------------------------------------- counting

    def socket_opened(self) -> None:
        """A WebSocket was accepted."""
        self.sockets += 1

    def socket_closed(self) -> None:
        """A WebSocket closed."""
        self.sockets -= 1

    def error(self, code: str) -> None:
        """An error with ``code`` (docs/protocol.md) was sent to a client."""
        self.errors.labels(code=code).inc()

    def lag_seen(self, seconds: float, now: float) -> None:
        """The event loop woke ``seconds`` late at ``now`` (monotonic seconds)."""
        self.lag.observe(seconds)
        self._lags.append((now, seconds))
        while self._lags and self._lags[0][0] < now - LAG_MAX_WINDOW:
            self._lags.popleft()

    def lag_max(self) -> float:
        """The longest lag seen in the last :data:`LAG_MAX_WINDOW` seconds (0 if none)."""
        cutoff = time.monotonic() - LAG_MAX_WINDOW
        return max((s for at, s in self._lags if at >= cutoff), default=0.0)

    # ---------------------------------------------------------------- watching

    async def watch_loop(self, interval: float = LAG_INTERVAL) -> None:
        """Measure the event loop's lag every ``interval`` seconds, until cancelled."""
        while True:
            start = time.monotonic()
            await asyncio.sleep(interval)
            now = time.monotonic()
            self.lag_seen(max(0.0, now - start - interval), now)

    def _gc(self, phase: str, info: dict[str, Any]) -> None:
        """``gc.callbacks`` hook: times each collection."""
        if phase == "start":
            self._gc_start = time.perf_counter()
        else:
            self.gc_pause.labels(generation=str(info["generation"])).observe(time.perf_counter() - self._gc_start)

    def watch_gc(self) -> None:
        """Start timing garbage collections (undo with :meth:`unwatch_gc`)."""
        if self._gc not in gc.callbacks:
            gc.callbacks.append(self._gc)

    def unwatch_gc(self) -> None:
        """Stop timing garbage collections."""
        if self._gc in gc.callbacks:
            gc.callbacks.remove(self._gc)

    # ---------------------------------------------------------------- reading

    def text(self) -> bytes:
        """The figures in the Prometheus text format (what ``GET /metrics`` answers)."""
        return generate_latest(self.registry)

    def value(self, name: str, **labels: str) -> float | None:
        """One sample's value, e.g. ``value("pinochle_errors_total", code="stale")``, or ``None`` if absent."""
        return self.registry.get_sample_value(name, labels or None)


class MeasuredStorage:
    """A storage whose every call is timed into ``pinochle_storage_seconds`` (by method name), and whose
    stored actions are counted into ``pinochle_actions_total``; everything else is the wrapped storage's.

    Args:
        inner: the storage (:class:`~.storage.Storage`).
        metrics: where the figures go.
    """

    def __init__(self, inner: Any, metrics: Metrics) -> None:
        self.inner = inner
        self.metrics = metrics
        self._wrapped: dict[str, Callable[..., Any]] = {}

    def __getattr__(self, name: str) -> Any:
        target = getattr(self.inner, name)
        if not callable(target) or name.startswith("_"):
            return target
        wrapped = self._wrapped.get(name)
        if wrapped is None:
            timer = self.metrics.storage.labels(op=name)
            actions = self.metrics.actions if name == "append_action" else None

            def wrapped(*args: Any, **kwargs: Any) -> Any:
                start = time.perf_counter()
                try:
                    result = getattr(self.inner, name)(*args, **kwargs)
                finally:
                    timer.observe(time.perf_counter() - start)
                if actions is not None:
                    actions.inc()
                return result
            self._wrapped[name] = wrapped
        return wrapped
