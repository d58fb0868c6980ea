"""Engine speed: complete random-legal hands per second and meld counts per second.

Usage: ``python benchmarks/engine.py [--seconds S] [--repeat N] [--game NAME] [--only WHAT] [--json]``

* hands/s: deal, random legal auction, trump, meld for four seats, 12 random
  legal tricks and the hand score (:func:`pinochle.sim.random_hand`), on one core.
* meld/s: :func:`pinochle.meld.meld_points` on random 12-card hands and trumps.
* ``--game double-deck``: the same two figures for the 80-card game
  (VARIANTS.md ``double-deck``): complete hands of 20 cards a seat (80 random
  legal cards; target 5,000/s) and meld counts on random 20-card hands with
  the double-deck meld table (target 150,000/s).

Each figure is the median of ``--repeat`` runs of ``--seconds`` each: these
shared virtual machines vary by a third from run to run.

Targets: at least 10,000 hands/s and 200,000 meld counts/s in
CPython on the 2-core development machine. Figures go in the README.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from pinochle.cards import DOUBLE_DECK
from pinochle.meld import meld_points
from pinochle.rules import DOUBLE_DECK_RULES, TABLE, RuleSet
from pinochle.sim import deal, random_hand

#: The games this benchmark knows: their rules and how a seat's hand is dealt.
GAMES = ("table", "double-deck")


def bench_hands(seconds: float, game: str = "table") -> float:
    rng = random.Random(1)
    rules = TABLE if game == "table" else DOUBLE_DECK_RULES
    n = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        for _ in range(200):
            random_hand(rng, rules=rules)
        n += 200
        now = time.perf_counter()
        if now >= end:
            return n / (now - start)


def meld_hands(game: str, rng: random.Random) -> tuple[list[int], RuleSet]:
    """10,000 random hands of ``game`` (2,500 deals of four seats) and its rules."""
    if game == "table":
        return [h for _ in range(2500) for h in deal(rng.random)], TABLE
    cards = DOUBLE_DECK.cards()
    hands = []
    for _ in range(2500):
        rng.shuffle(cards)
        hands.extend(DOUBLE_DECK.pack(cards[20 * s:20 * s + 20]) for s in range(4))
    return hands, DOUBLE_DECK_RULES


def bench_meld(seconds: float, game: str = "table") -> float:
    rng = random.Random(2)
    hands, rules = meld_hands(game, rng)
    trumps = [rng.randrange(4) for _ in hands]
    pairs = list(zip(hands, trumps))
    meld_points(hands[0], 0, rules)  # build the meld tables outside the timing
    n = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        if rules is TABLE:  # the table's call exactly as the engine makes it (default rules)
            for h, t in pairs:
                meld_points(h, t)
        else:
            for h, t in pairs:
                meld_points(h, t, rules)
        n += len(pairs)
        now = time.perf_counter()
        if now >= end:
            return n / (now - start)


def main() -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--seconds", type=float, default=2.0, help="time per run (default 2)")
    p.add_argument("--repeat", type=int, default=5, help="runs per figure; the median is reported (default 5)")
    p.add_argument("--game", choices=GAMES, default="table",
                   help="table (default) or double-deck (20-card hands, four copies of a card)")
    p.add_argument("--only", choices=("hands", "meld"), help="measure only one figure")
    p.add_argument("--json", action="store_true", help='print {"hands_per_s": ..., "meld_per_s": ...}')
    args = p.parse_args()
    do_hands = args.only != "meld"
    do_meld = args.only != "hands"
    bench_hands(0.3, args.game)  # warm up the meld tables and the interpreter
    hands = [bench_hands(args.seconds, args.game) for _ in range(args.repeat)] if do_hands else []
    melds = [bench_meld(args.seconds, args.game) for _ in range(args.repeat)] if do_meld else []
    h = statistics.median(hands) if hands else None
    m = statistics.median(melds) if melds else None
    meld_target = "200,000" if args.game == "table" else "150,000"
    if args.json:
        print(json.dumps({
            "game": args.game,
            "hands_per_s": None if h is None else round(h),
            "meld_per_s": None if m is None else round(m),
            "runs": {"hands_per_s": [round(x) for x in hands], "meld_per_s": [round(x) for x in melds]},
        }))
    else:
        if h is not None:
            hands_target = "10,000" if args.game == "table" else "5,000"
            print(f"complete random-legal hands: {h:,.0f} /s median of {args.repeat} "
                  f"(range {min(hands):,.0f}-{max(hands):,.0f}; target {hands_target})")
        if m is not None:
            label = "meld counts:" if args.game == "table" else "double-deck meld counts:"
            print(f"{label:<29}{m:,.0f} /s median of {args.repeat} "
                  f"(range {min(melds):,.0f}-{max(melds):,.0f}; target {meld_target})")


if __name__ == "__main__":
    main()
