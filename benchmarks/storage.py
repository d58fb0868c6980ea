"""Storage calls on the hot path: SQLite (a file) against Redis (a local ``redis-server``).

Times, in one thread, ``--appends`` appends of a typical action to one room match
(``append_action``: SQLite's transaction, Redis's Lua script), then ``load`` of that
match and ``actions_since`` of its last 10 actions (a replica catching up). Redis is a
``redis-server`` started on a free port of 127.0.0.1 for the run (tests/redis_support.py),
reached over TCP as the processes of a service reach it.

    .venv/bin/python benchmarks/storage.py [--appends 3000] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pinochle.server.redis_storage import RedisStorage  # noqa: E402
from pinochle.server.storage import SeatRecord, SQLiteStorage, Storage  # noqa: E402
from tests.redis_support import started_redis  # noqa: E402

SEATS = [SeatRecord("tok-n", "Ann"), SeatRecord(None, "Easy"), SeatRecord("tok-s", "Bob"), SeatRecord(None, "Easy")]


def measure(s: Storage, appends: int) -> dict[str, float]:
    """Append p50/p99 (microseconds), a load of the whole log (milliseconds), actions_since of 10 (microseconds)."""
    s.create_match("m", "ROOM", "easy", 1, 0, "room", SEATS)
    times = []
    for i in range(appends):
        t = time.perf_counter()
        s.append_action("m", i, {"type": "play", "card": "AS", "seat": "N"})
        times.append(time.perf_counter() - t)
    times.sort()
    t = time.perf_counter()
    for _ in range(100):
        s.load("m")
    load = (time.perf_counter() - t) / 100
    t = time.perf_counter()
    for _ in range(1000):
        s.actions_since("m", appends - 10)
    since = (time.perf_counter() - t) / 1000
    return {"append_p50_us": times[len(times) // 2] * 1e6, "append_p99_us": times[int(len(times) * 0.99)] * 1e6,
            "load_ms": load * 1e3, "actions_since_10_us": since * 1e6}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--appends", type=int, default=3000)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out = {}
    with tempfile.TemporaryDirectory() as d:
        sqlite = SQLiteStorage(Path(d) / "bench.db")
        out["sqlite"] = measure(sqlite, args.appends)
        sqlite.close()
    with started_redis() as server:
        red = RedisStorage(server.url)
        out["redis"] = measure(red, args.appends)
        red.close()
    if args.json:
        print(json.dumps(out, indent=2))
        return
    for name, r in out.items():
        print(f"{name:7} append p50 {r['append_p50_us']:5.0f} us  p99 {r['append_p99_us']:6.0f} us   "
              f"load ({args.appends} actions) {r['load_ms']:6.2f} ms   actions_since(10) {r['actions_since_10_us']:4.0f} us")


if __name__ == "__main__":
    main()
