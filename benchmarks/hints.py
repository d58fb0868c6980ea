"""The hint's time per game (docs/strength.md, "Hints"): :func:`pinochle.bots.evaluate.evaluate` at the
server's budget (:data:`pinochle.server.aids.HINT_SAMPLES`) on every move of a seat in matches played by
Easy, the p50, p95 and worst per game, with the load average beside them.

    PYTHONPATH=. python benchmarks/hints.py [--moves 60] [--games table,cutthroat]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from pinochle.bots import HardPlayer, SimplePlayer
from pinochle.bots.evaluate import evaluate
from pinochle.game import Action, apply, new_match, turn, view
from pinochle.games import GAMES
from pinochle.server.aids import HINT_SAMPLES


def measure(game: str, moves: int, seed: int = 1) -> tuple[list[float], list[float]]:
    """Seconds per hint, and per Hard move on the same views, over ``moves`` moves (every seat's, in
    order) of matches of ``game``."""
    times: list[float] = []
    hard: list[float] = []
    s = new_match(seed=seed, game=game)
    bot = SimplePlayer(seed)
    while len(times) < moves:
        who = turn(s)
        if s.phase == "match_end" or who is None:
            seed += 1
            s = new_match(seed=seed, game=game)
            continue
        v = view(s, who)
        if v.legal.deal:
            s = apply(s, Action.deal_(who))
            continue
        t = time.perf_counter()
        evaluate(v, HINT_SAMPLES, f"bench/{seed}")
        times.append(time.perf_counter() - t)
        t = time.perf_counter()
        HardPlayer(f"bench/{seed}").act(v)
        hard.append(time.perf_counter() - t)
        s = apply(s, bot.act(v))
    return times, hard


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()}")
    print("| game | hints | p50 ms | p95 ms | worst ms | Hard's move p95 ms |")
    print("|---|---|---|---|---|---|")

    def p95(xs: list[float]) -> float:
        return sorted(xs)[min(len(xs) - 1, int(0.95 * len(xs)))]

    for game in args.games.split(","):
        times, hard = measure(game, args.moves)
        print(f"| {game} | {len(times)} | {statistics.median(times) * 1000:.0f} | {p95(times) * 1000:.0f} | "
              f"{max(times) * 1000:.0f} | {p95(hard) * 1000:.0f} |", flush=True)
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
