"""Partner raises in the auction, per game and level.

Usage: ``python benchmarks/partner_raises.py [--auctions N] [--seed S] [--games G,G] [--levels L,L] [--json]``

For every game with partnerships and an auction (default: all of them; from
the games' seating, not their names) and every level, plays the first auction
of ``N`` matches (match seeds ``"S/k"``) with four computers of that level and
counts, with :func:`pinochle.bots.partners.audit_calls`:

- auctions holding a raise over one's own partner after both opponents had
  passed for good (RULES.md, Deal and auction: a pass is final; VARIANTS.md
  ``racehorse``: a seat that passed may bid again, so there nobody is out);
- auctions in which a side raised over its own partner twice in a row.

Bar: fewer than 2% of auctions with such a raise, and none with
two raises in a row. Prints a table (or one JSON object with ``--json``) and
exits 1 when a level misses the bar. Results are in docs/strength.md.
"""

from __future__ import annotations

import argparse
import json
import sys

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from pinochle.bots import LEVELS
from pinochle.bots.partners import audit_calls
from pinochle.bots.raises import SweepResult, auction_calls
from pinochle.games import GAMES

#: The share of auctions with a partner raise after both opponents passed that the issue allows.
BAR = 0.02


def partnership_games() -> list[str]:
    """The games whose seating has a side of two and whose first phase is the auction."""
    out = []
    for name, g in GAMES.items():
        try:
            sides, phases = g.seating.sides, [p.name for p in g.phases]
        except (AttributeError, ValueError):
            continue
        if phases and phases[0] == "auction" and any(len(side) > 1 for side in sides):
            out.append(name)
    return out


def main(argv: list[str] | None = None) -> int:
    """Run the sweep; returns 0 when every game and level meets the bar, else 1."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--auctions", type=int, default=1000)
    ap.add_argument("--seed", default="17")
    ap.add_argument("--games", default=",".join(partnership_games()))
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    games, levels = args.games.split(","), args.levels.split(",")
    results: dict[str, dict[str, SweepResult]] = {}
    with Progress(console=Console(stderr=True), transient=True) as progress:
        for game in games:
            for level in levels:
                task = progress.add_task(f"{game} {level}", total=args.auctions)
                with_raise = raises = in_a_row = 0
                for k in range(args.auctions):
                    audit = audit_calls(*auction_calls(game, level, f"{args.seed}/{k}"))
                    with_raise += audit.raises_after_out > 0
                    raises += audit.raises_after_out
                    in_a_row += audit.in_a_row > 0
                    progress.advance(task)
                results.setdefault(game, {})[level] = SweepResult(args.auctions, with_raise, raises, in_a_row)
                progress.remove_task(task)
    ok = all(r.rate < BAR and r.in_a_row == 0 for per in results.values() for r in per.values())
    if args.json:
        print(json.dumps({g: {lv: {"auctions": r.auctions, "with_raise": r.with_raise, "raises": r.raises,
                                   "in_a_row": r.in_a_row, "rate": round(r.rate, 4)} for lv, r in per.items()}
                          for g, per in results.items()} | {"seed": args.seed, "bar": BAR, "ok": ok}))
    else:
        table = Table(title=f"Partner raises after both opponents passed (seed {args.seed})")
        for col in ("game", "level", "auctions", "with a raise", "rate", "raises", "two in a row"):
            table.add_column(col)
        for g, per in results.items():
            for lv, r in per.items():
                table.add_row(g, lv, str(r.auctions), str(r.with_raise), f"{100 * r.rate:.1f}%", str(r.raises),
                              str(r.in_a_row))
        Console().print(table)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
