"""The decision review's time per hand (docs/strength.md, "Hints and the decision review"):
:func:`pinochle.bots.review.review_hand` of South at its budget
(:data:`pinochle.bots.review.REVIEW_SAMPLES`) over hands played by Easy, p50, p95 and worst per game
(wall-clock seconds), and the p50 and p95 of the processor time the review itself used (what a shared
machine's load changes least), with the load average beside them.

    PYTHONPATH=. python benchmarks/review.py [--hands 10] [--games table,cutthroat]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from pinochle.bots import SimplePlayer
from pinochle.bots.review import REVIEW_SAMPLES, review_hand
from pinochle.game import Action, apply, new_match, turn, view
from pinochle.games import GAMES
from pinochle.records import hand_record


def measure(game: str, hands: int, seed: int = 1) -> tuple[list[float], list[float]]:
    """Seconds per hand reviewed (wall clock, and the process's processor time), over the first ``hands``
    hands played of matches of ``game``."""
    times: list[float] = []
    cpu: list[float] = []
    while len(times) < hands:
        s = new_match(seed=seed, game=game)
        bot = SimplePlayer(seed)
        while not s.history:
            who = turn(s)
            assert who is not None
            v = view(s, who)
            s = apply(s, Action.deal_(who) if v.legal.deal else bot.act(v))
        record = hand_record(s.history[0], s.game, s.rules)
        t, c = time.perf_counter(), time.process_time()
        review_hand(record, "S", REVIEW_SAMPLES)
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        seed += 1
    return times, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()}")
    print("| game | hands | p50 s | p95 s | worst s | CPU p50 s | CPU p95 s |")
    print("|---|---|---|---|---|---|---|")
    for game in args.games.split(","):
        wall, used = measure(game, args.hands)
        times, cpu = sorted(wall), sorted(used)
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        cpu95 = cpu[min(len(cpu) - 1, int(0.95 * len(cpu)))]
        print(f"| {game} | {len(times)} | {statistics.median(times):.1f} | {p95:.1f} | {times[-1]:.1f} "
              f"| {statistics.median(cpu):.2f} | {cpu95:.2f} |", flush=True)
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
