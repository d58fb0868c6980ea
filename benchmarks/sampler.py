"""Speed of the hidden-card sampler (:mod:`pinochle.bots.knowledge`).

Usage: ``python benchmarks/sampler.py [--deals N] [--samples M] [--seed S] [--game G]``

Plays ``N`` hands with four :class:`~pinochle.bots.SimplePlayer` seats and,
in each, takes the view of the seat to play at three moments: the start of
play (no card played), mid-hand (24 cards played) and late in the hand (40
cards played); for a game of another deck (``--game double-deck``: 80 cards)
the same shares of its cards (0, 40 and 66 played). For each view it times
:func:`~pinochle.bots.knowledge.knowledge`
(with the sampler's tables, built on the first sample) and then ``M`` calls
of :func:`~pinochle.bots.knowledge.sample_hands`. Prints one JSON object:
per moment, the mean time per sample over all samples (microseconds), the
median and worst per-position means, the mean number of draws per sample
(draws that fail the meld check are redrawn), the share of samples whose meld
check was relaxed, and the mean time to build the knowledge (milliseconds).

Target (the Hard player draws about 100 samples per decision): well under
500 µs per sample in CPython.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from pinochle.bots import SimplePlayer
from pinochle.bots.knowledge import STATS, Knowledge, knowledge, sample_hands
from pinochle.game import State, View, apply, game_named, new_match, turn, view

MOMENTS = {"start": 0, "mid": 24, "late": 40}


def moments(game: str) -> dict[str, int]:
    """:data:`MOMENTS` (cards played, of 48) scaled to the cards of ``game``'s hands."""
    cards = 4 * game_named(game).rules.hand_size
    return {m: n * cards // 48 for m, n in MOMENTS.items()}


def positions(deals: int, seed: int, game: str = "table") -> dict[str, list[View]]:
    """The views of the seat to play at each moment of ``deals`` hands of SimplePlayer matches."""
    at = moments(game)
    out: dict[str, list[View]] = {m: [] for m in at}
    players = [SimplePlayer(f"{seed}/{s}") for s in range(4)]
    match = 0
    state: State = new_match(seed=f"{seed}/0", game=game)
    hands = 0
    while hands < deals:
        if state.phase == "match_end":
            match += 1
            state = new_match(seed=f"{seed}/{match}", game=game)
        seat = turn(state)
        assert seat is not None
        if state.phase == "play":
            played = sum(len(t.cards) for t in state.tricks)
            for name, n in at.items():
                if played == n:
                    out[name].append(view(state, seat))
        before = len(state.history)
        state = apply(state, players[seat].act(view(state, seat)))
        hands += len(state.history) - before
    return out


def measure(views: list[View], samples: int, rng: random.Random) -> dict[str, float]:
    """Time ``samples`` samples for each view; the figures described in the module docstring."""
    per_position: list[float] = []
    build: list[float] = []
    draws = relaxed = 0
    total = 0.0
    for v in views:
        t0 = time.perf_counter()
        k: Knowledge = knowledge(v)
        sample_hands(k, rng)  # builds the sampler's tables
        build.append(time.perf_counter() - t0)
        STATS.reset()
        t0 = time.perf_counter()
        for _ in range(samples):
            sample_hands(k, rng)
        dt = time.perf_counter() - t0
        draws += STATS.tries
        relaxed += STATS.relaxed
        total += dt
        per_position.append(dt / samples)
    n = len(views) * samples
    return {
        "positions": len(views),
        "mean_us_per_sample": round(total / n * 1e6, 1),
        "median_position_us": round(statistics.median(per_position) * 1e6, 1),
        "p95_position_us": round(sorted(per_position)[int(0.95 * (len(per_position) - 1))] * 1e6, 1),
        "worst_position_us": round(max(per_position) * 1e6, 1),
        "draws_per_sample": round(draws / n, 2),
        "relaxed_share": round(relaxed / n, 5),
        "knowledge_ms": round(statistics.mean(build) * 1e3, 2),
    }


def main() -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--deals", type=int, default=60, help="hands to take positions from (default 60)")
    p.add_argument("--samples", type=int, default=100, help="samples per position (default 100)")
    p.add_argument("--seed", type=int, default=1, help="seed of the matches and the sampler (default 1)")
    p.add_argument("--game", default="table", help="the game whose hands are sampled (default table)")
    args = p.parse_args()
    views = positions(args.deals, args.seed, args.game)
    rng = random.Random(args.seed)
    measure(views["mid"][:5], 20, rng)  # warm up
    print(json.dumps({name: measure(vs, args.samples, rng) for name, vs in views.items()}, indent=2))


if __name__ == "__main__":
    main()
