"""Python's cyclic garbage collector in the server: its thresholds, and watching its pauses.

At 500 tables the p99 tail of the server was its full (generation 2) garbage
collections: 8 in 80 s, up to 275 ms each, with every socket of the process
waiting (docs/server.md, "What stops 500 tables at p99 <= 20 ms" and
"Garbage-collection pauses"). The server makes almost no cyclic garbage (7-33
objects in 93 s at 500 tables), so those collections were nearly all wasted:
:func:`tune` raises the thresholds (:data:`SERVER_THRESHOLDS`) when
``pinochle serve`` starts. :class:`GcWatch` counts the collections of each
generation and times them (``gc.callbacks``), so that a change to the collector
can be measured: ``PINOCHLE_GC_STATS=1 pinochle serve`` prints its
:meth:`GcWatch.summary` as one JSON line on standard error when the server stops.
"""

from __future__ import annotations

import gc
import time
from typing import Any

#: The server's ``gc.set_threshold`` (Python's default: 700, 10, 10). A young collection after a net
#: 10,000 new container objects instead of 700, and a full one only after 100 collections of the middle
#: generation instead of 10 (and, as always, only once the objects promoted since the last full one
#: exceed a quarter of those it kept). At 500 tables this took the full collections from 9 in 93 s
#: (300-480 ms each) to none, the collector's time from 6.4-6.9 s to 1.6-1.7 s and its CPU from 5.3 s
#: to 1.2 s, at no cost in memory; the young collections are rarer but longer (up to 59 ms of CPU)
#: (docs/server.md, "Garbage-collection pauses"). ``gc.freeze()`` at startup was measured too and left
#: out: it takes only the 35,000 objects of the loaded code out of the collections, against the
#: tables' many more.
SERVER_THRESHOLDS = (10_000, 10, 100)


def tune() -> tuple[int, int, int]:
    """Set the server process's collector thresholds to :data:`SERVER_THRESHOLDS` (docs/server.md).

    Returns:
        The thresholds before (``gc.get_threshold()``), to put back with ``gc.set_threshold(*previous)``.
    """
    previous = gc.get_threshold()
    gc.set_threshold(*SERVER_THRESHOLDS)
    return previous


class GcWatch:
    """Counts and times the collector's runs per generation while installed.

    Attributes:
        collections: runs per generation (0, 1, 2) since :meth:`install`.
        longest: the longest run per generation (seconds).
        total: the time spent per generation (seconds, wall clock: what the sockets waited).
        cpu: the CPU time spent per generation (seconds, the collecting thread's): the collector's own work,
            apart from any wait for a CPU on a busy machine.
        longest_cpu: the most CPU time one run of each generation took (seconds).
        collected: the unreachable objects each generation's runs found (cyclic garbage freed).
        full: one ``(start, seconds)`` per full (generation 2) run; ``start`` is seconds since :meth:`install`.
    """

    def __init__(self) -> None:
        self.collections = [0, 0, 0]
        self.longest = [0.0, 0.0, 0.0]
        self.total = [0.0, 0.0, 0.0]
        self.collected = [0, 0, 0]
        self.cpu = [0.0, 0.0, 0.0]
        self.longest_cpu = [0.0, 0.0, 0.0]
        self.full: list[tuple[float, float]] = []
        self._began = 0.0
        self._start = 0.0
        self._start_cpu = 0.0

    def install(self) -> None:
        """Start watching (appends :meth:`_callback` to ``gc.callbacks``)."""
        self._began = time.perf_counter()
        gc.callbacks.append(self._callback)

    def remove(self) -> None:
        """Stop watching; the figures stay."""
        if self._callback in gc.callbacks:
            gc.callbacks.remove(self._callback)

    def _callback(self, phase: str, info: dict[str, Any]) -> None:
        """``gc.callbacks`` hook: ``phase`` is ``"start"`` or ``"stop"``, ``info["generation"]`` 0-2."""
        now, cpu = time.perf_counter(), time.thread_time()
        if phase == "start":
            self._start, self._start_cpu = now, cpu
            return
        generation = int(info["generation"])
        spent = now - self._start
        self.collections[generation] += 1
        self.total[generation] += spent
        self.cpu[generation] += cpu - self._start_cpu
        self.longest_cpu[generation] = max(self.longest_cpu[generation], cpu - self._start_cpu)
        self.collected[generation] += int(info.get("collected", 0))
        self.longest[generation] = max(self.longest[generation], spent)
        if generation == 2:
            self.full.append((round(self._start - self._began, 1), spent))

    def summary(self) -> dict[str, Any]:
        """The figures as JSON-ready values (times in ms; ``full``: ``[start s, ms]`` per full collection).

        Returns:
            ``{"seconds", "collections": [g0, g1, g2], "longest_ms": [...], "total_ms": [...], "cpu_ms": [...],
            "longest_cpu_ms": [...], "collected": [...], "gen2": count, "gen2_longest_ms": ms, "full": [[s, ms], ...], "threshold": [...], "frozen": n}``.
        """
        return {
            "seconds": round(time.perf_counter() - self._began, 1),
            "collections": list(self.collections),
            "longest_ms": [round(1000 * s, 1) for s in self.longest],
            "total_ms": [round(1000 * s, 1) for s in self.total],
            "cpu_ms": [round(1000 * s, 1) for s in self.cpu],
            "longest_cpu_ms": [round(1000 * s, 1) for s in self.longest_cpu],
            "collected": list(self.collected),
            "gen2": self.collections[2],
            "gen2_longest_ms": round(1000 * self.longest[2], 1),
            "full": [[at, round(1000 * s, 1)] for at, s in self.full],
            "threshold": list(gc.get_threshold()),
            "frozen": gc.get_freeze_count(),
        }
