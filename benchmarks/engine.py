"""Engine speed: complete random-legal hands per second and meld counts per second.

Usage: ``python benchmarks/engine.py [--seconds S] [--repeat N] [--json]``

* hands/s: deal, random legal auction, trump, meld for four seats, 12 random
  legal tricks and the hand score (:func:`pinochle.sim.random_hand`), on one core.
* meld/s: :func:`pinochle.meld.meld_points` on random 12-card hands and trumps.

Each figure is the median of ``--repeat`` runs of ``--seconds`` each: these
shared virtual machines vary by a third from run to run.

Targets (issue 2): at least 10,000 hands/s and 200,000 meld counts/s in
CPython on the 2-core development machine. Figures go in the README.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from pinochle.meld import meld_points
from pinochle.sim import deal, random_hand


def bench_hands(seconds: float) -> float:
    rng = random.Random(1)
    n = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        for _ in range(200):
            random_hand(rng)
        n += 200
        now = time.perf_counter()
        if now >= end:
            return n / (now - start)


def bench_meld(seconds: float) -> float:
    rng = random.Random(2)
    hands = [h for _ in range(2500) for h in deal(rng.random)]
    trumps = [rng.randrange(4) for _ in hands]
    pairs = list(zip(hands, trumps))
    n = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        for h, t in pairs:
            meld_points(h, t)
        n += len(pairs)
        now = time.perf_counter()
        if now >= end:
            return n / (now - start)


def main() -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--seconds", type=float, default=2.0, help="time per run (default 2)")
    p.add_argument("--repeat", type=int, default=5, help="runs per figure; the median is reported (default 5)")
    p.add_argument("--json", action="store_true", help='print {"hands_per_s": ..., "meld_per_s": ...}')
    args = p.parse_args()
    bench_hands(0.3)  # warm up the meld tables and the interpreter
    hands = [bench_hands(args.seconds) for _ in range(args.repeat)]
    melds = [bench_meld(args.seconds) for _ in range(args.repeat)]
    h, m = statistics.median(hands), statistics.median(melds)
    if args.json:
        print(json.dumps({
            "hands_per_s": round(h),
            "meld_per_s": round(m),
            "runs": {"hands_per_s": [round(x) for x in hands], "meld_per_s": [round(x) for x in melds]},
        }))
    else:
        print(f"complete random-legal hands: {h:,.0f} /s median of {args.repeat} "
              f"(range {min(hands):,.0f}-{max(hands):,.0f}; target 10,000)")
        print(f"meld counts:                 {m:,.0f} /s median of {args.repeat} "
              f"(range {min(melds):,.0f}-{max(melds):,.0f}; target 200,000)")


if __name__ == "__main__":
    main()
