"""Make the golden corpus of the ``table`` game (checked by tests/test_golden.py).

    .venv/bin/python tests/data/golden/make.py [--jobs N] [--out DIR]

**Rerun this only when a change is MEANT to change the table game** (its
deal, rules, scores, views, records or computer players), and say so in the
commit message. The corpus is the safety net of every refactor of the engine
(docs/design.md): while the engine is reshaped, the tests must pass against the
corpus as it is, never against a regenerated one. To regenerate from a known
commit while the tree is being edited, use a separate work tree::

    git worktree add --detach /tmp/golden-src <commit>
    cd /tmp/golden-src && PYTHONPATH=/tmp/golden-src /work/main/.venv/bin/python \\
        tests/data/golden/make.py --out /work/main/tests/data/golden

It writes, from fixed seeds only (the same commit gives the same files):

* ``matches.jsonl.gz``: complete matches to 1500, one JSON object a line;
* ``hands.jsonl.gz``: single hands (from ``new_match`` to the first hand's end);
* ``functions.json.gz``: ``shuffle_deal`` outputs, first-dealer draws,
  ``sim.random_hand`` outputs and the melds of 500 hands;
* ``meta.json``: the commit, the date, counts and sizes.

Each match or hand holds its ``id``, ``kind``, ``seed``, ``first_dealer``
(``null``: drawn from the seed), the level of each seat N E S W (``easy``,
``normal``, ``hard`` from ``pinochle.bots.for_level``, or ``random``: a
uniformly random legal move with bids at random), each seat's player seed,
the action log (``Action.to_json``), the record (``match_record`` or
``hand_record``), its replay summary, the score sheet, totals, winner and
number of hands, the view digests (see tests/test_golden.py) and
``hard_checks``: the indices of the actions at which the test asks the Hard
player again.
"""

from __future__ import annotations

import argparse
import datetime
import gzip
import json
import os
import random
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pinochle import game, records  # noqa: E402
from pinochle.cards import CARDS, Seat, unpack  # noqa: E402
from pinochle.game import Action, State, apply, legal, legal_actions, turn, view  # noqa: E402

from tests import test_golden as g  # noqa: E402

#: A match still unfinished after this many hands is refused (choose another seed).
MAX_HANDS = 60
SEATS = "NESW"

E, N_, H, R = "easy", "normal", "hard", "random"


def _dealer(i: int) -> str | None:
    """The first dealers cycle N E S W, with every fifth drawn from the seed."""
    return None if i % 5 == 4 else SEATS[i % 4]


def match_specs() -> list[dict[str, Any]]:
    """The matches: all Easy, all Normal, Easy against Normal, random legal play, mixtures, Hard."""
    groups: list[tuple[str, list[tuple[str, str, str, str]], int]] = [
        ("easy", [(E, E, E, E)], 6),
        ("normal", [(N_, N_, N_, N_)], 6),
        ("easy-normal", [(E, N_, E, N_), (N_, E, N_, E)], 6),
        ("random", [(R, R, R, R)], 5),
        ("mixed", [(R, N_, E, N_), (E, R, N_, E), (N_, E, R, R)], 4),
        ("hard", [(H, N_, H, N_), (E, H, N_, H), (H, H, H, H)], 3),
    ]
    out = []
    k = 0
    for name, seatings, n in groups:
        for i in range(n):
            k += 1
            seed: int | str = 1000 + k if k % 3 else f"golden-match-{k}"
            out.append({"id": f"match-{name}-{i + 1:02d}", "kind": "match", "seed": seed,
                        "first_dealer": _dealer(k), "players": list(seatings[i % len(seatings)])})
    return out


def hand_specs() -> list[dict[str, Any]]:
    """The single hands: mostly Easy, Normal and random play, with Hard at some seats of 30."""
    groups: list[tuple[str, list[tuple[str, str, str, str]], int]] = [
        ("easy", [(E, E, E, E)], 45),
        ("normal", [(N_, N_, N_, N_)], 45),
        ("random", [(R, R, R, R)], 60),
        ("mixed", [(R, E, N_, E), (N_, R, E, R), (E, N_, R, N_), (N_, E, N_, E)], 20),
        ("hard", [(H, E, H, N_), (N_, H, E, H), (H, H, H, H), (H, R, N_, R), (R, N_, R, H)], 30),
    ]
    out = []
    k = 0
    for name, seatings, n in groups:
        for i in range(n):
            k += 1
            seed: int | str = 5000 + k if k % 4 else f"golden-hand-{k}"
            out.append({"id": f"hand-{name}-{i + 1:03d}", "kind": "hand", "seed": seed,
                        "first_dealer": _dealer(k), "players": list(seatings[i % len(seatings)])})
    return out


def finished(entry: dict[str, Any], state: State) -> bool:
    """Whether the entry is over: a match at ``match_end``, a single hand once scored."""
    if entry["kind"] == "match":
        return state.phase == "match_end"
    return len(state.history) == 1


def random_move(state: State, seat: Seat, rng: random.Random) -> Action:
    """A random legal move: in the auction a bid 40% of the time (the minimum or a jump), else a pass."""
    lg = legal(state, seat)
    if state.phase == "auction":
        if lg.min_bid is not None and rng.random() < 0.4:
            bid = lg.min_bid + lg.bid_step * rng.choice((0, 0, 0, 0, 1, 2, 5))
            return Action.bid_(seat, min(bid, lg.bid_limit))
        return Action.pass_(seat)
    return rng.choice(legal_actions(state, seat))


def play(spec: dict[str, Any]) -> dict[str, Any]:
    """Play one spec to its end and return the corpus entry."""
    entry = dict(spec)
    entry["player_seeds"] = [f"golden/{spec['id']}/{s}" for s in SEATS]
    state = g.start(entry)
    players = [g.make_player(lv, sd) for lv, sd in zip(entry["players"], entry["player_seeds"])]
    rng = random.Random(f"golden/{spec['id']}/random")
    hasher = g.ViewHasher()
    actions: list[dict[str, Any]] = []
    hard: list[tuple[int, str, int]] = []  # Hard's decisions: (action index, phase, cards played this hand)
    while True:
        hasher.add(state)
        if finished(entry, state):
            break
        if len(state.history) >= MAX_HANDS:
            raise RuntimeError(f"{spec['id']}: unfinished after {MAX_HANDS} hands; choose another seed")
        seat = turn(state)
        assert seat is not None
        level = entry["players"][seat]
        if state.phase == "meld":
            action = Action.meld_(seat)
        elif state.phase == "hand_end":
            action = Action.deal_(seat)
        elif level == "random":
            action = random_move(state, seat, rng)
        else:
            action = players[seat].act(view(state, seat))
            if level == "hard":
                hard.append((len(actions), state.phase, sum(len(t.cards) for t in state.tricks)))
        actions.append(g.action_projection(action))
        state = apply(state, action)
    entry["actions"] = actions
    entry["hands"] = len(state.history)
    entry["totals"] = {"NS": state.totals[0], "EW": state.totals[1]}
    entry["winner"] = None if state.winner is None else ("NS", "EW")[state.winner]
    if entry["kind"] == "match":
        entry["record"] = records.match_record(state)
        entry["score_sheet"] = [g.project(h.summary(), g.SCORE_SHEET_KEYS) for h in state.history]
    else:
        entry["record"] = records.hand_record(state.history[-1])
    entry["summary"] = records.replay(entry["record"])
    entry["views"], entry["views_sha256"] = hasher.to_json()
    entry["hard_checks"] = _hard_checks(spec, hard)
    return entry


def _hard_checks(spec: dict[str, Any], hard: list[tuple[int, str, int]]) -> list[int]:
    """A few Hard decisions to ask again: in a match one of each kind; in a hand one, by turns.

    The kinds are a call, the trump, a lead of the first trick, a card in mid-hand and
    a card in the endgame search (the last eight cards of the play).
    """
    def kind(h: tuple[int, str, int]) -> str:
        _, phase, played = h
        if phase != "play":
            return phase
        return "first" if played < 4 else "end" if played >= 40 else "mid"

    kinds = ["auction", "trump", "first", "mid", "end"]
    # the first of each kind (never chosen by time, so that the corpus is the same on every run)
    firsts: dict[str, int] = {}
    for h in hard:
        firsts.setdefault(kind(h), h[0])
    if spec["kind"] == "match":
        return sorted(firsts[k] for k in kinds if k in firsts)
    n = int(spec["id"].rsplit("-", 1)[1])
    for k in kinds[n % len(kinds):] + kinds[:n % len(kinds)]:
        if k in firsts:
            return [firsts[k]]
    return []


# ---------------------------------------------------------------- frozen functions


def shuffle_cases() -> list[dict[str, Any]]:
    """``shuffle_deal(seed, i)`` for 50 (seed, i) pairs, as packed ints and as cards."""
    seeds: list[int | str] = [0, 1, 2, 7, 42, 1234567, 2**64 + 3, "a", "golden", "room/ABCD"]
    out = []
    for seed in seeds:
        for i in (0, 1, 2, 9, 31):
            hands = game.shuffle_deal(seed, i)
            out.append({
                "seed": seed, "hand": i, "packed": list(hands),
                "cards": {str(Seat(s)): [str(c) for c in game.sort_hand(unpack(h))] for s, h in enumerate(hands)},
            })
    return out


def dealer_cases() -> list[dict[str, Any]]:
    """The first dealer ``new_match`` draws from 24 seeds."""
    seeds: list[int | str] = [*range(16), 99, 2**40, "a", "b", "golden", "room/ABCD", "x/1", ""]
    return [{"seed": s, "dealer": str(game.new_match(seed=s).dealer)} for s in seeds]


def meld_hands() -> list[list[str]]:
    """500 hands of 12: 400 from the whole deck, 96 from meld-rich decks, and 4 made by hand."""
    rng = random.Random("golden/meld")
    deck = [str(CARDS[c]) for c in range(24) for _ in range(2)]
    out = [sorted(rng.sample(deck, 12)) for _ in range(400)]
    rich = [c for c in deck if c[0] in "AKQJ"]
    for k in range(96):
        pool = list(rich)
        if k % 2:  # a run's ten in one suit
            pool += ["T" + "SHDC"[k % 4]] * 2
        out.append(sorted(rng.sample(pool, 12)))
    out += [
        sorted("AS TS KS QS JS AS TS KS QS JS QH KH".split()),  # a double run and a marriage
        sorted("QS QS JD JD AS AH AD AC KS KH KD KC".split()),  # double pinochle, aces and kings around
        sorted("AS AS AH AH AD AD AC AC JS JH JD JC".split()),  # double aces around, jacks around
        sorted("9S 9S 9H 9H 9D 9D 9C 9C JS JH QD KC".split()),  # nothing but dix
    ]
    return out


# ---------------------------------------------------------------- main


def _commit() -> str:
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True, check=True)
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--", "pinochle"],
                               capture_output=True, text=True, check=True).stdout.strip()
        return out.stdout.strip() + (" (pinochle/ modified)" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def _write_jsonl(path: Path, entries: list[dict[str, Any]]) -> None:
    # mtime=0: the same entries give the same bytes
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9, mtime=0) as f:
        for e in entries:
            f.write(json.dumps(e, separators=(",", ":")).encode() + b"\n")


def _write_json_gz(path: Path, data: object) -> None:
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9, mtime=0) as f:
        f.write(json.dumps(data, separators=(",", ":")).encode())


def main() -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: all cores)")
    p.add_argument("--out", type=Path, default=Path(__file__).resolve().parent, help="where to write")
    p.add_argument("--only", choices=("matches", "hands", "functions"), help="write one file only")
    args = p.parse_args()
    out: Path = args.out
    t0 = time.time()
    counts: dict[str, int] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        for name, specs in (("matches", match_specs()), ("hands", hand_specs())):
            if args.only not in (None, name):
                continue
            entries = list(pool.map(play, specs))
            _write_jsonl(out / f"{name}.jsonl.gz", entries)
            counts[name] = len(entries)
            print(f"{name}: {len(entries)} entries, {sum(len(e['actions']) for e in entries)} actions, "
                  f"{sum(len(e['hard_checks']) for e in entries)} Hard checks, {time.time() - t0:.0f} s", file=sys.stderr)
    if args.only in (None, "functions"):
        _write_json_gz(out / "functions.json.gz", {
            "shuffle_deal": shuffle_cases(),
            "first_dealer": dealer_cases(),
            "random_hand": g.sim_outputs(),
            "meld": g.meld_outputs(meld_hands()),
        })
    meta_path = out / "meta.json"
    meta = json.loads(meta_path.read_text()) if meta_path.exists() else {"counts": {}}
    meta["commit"] = _commit()
    meta["date"] = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    meta["python"] = sys.version.split()[0]
    meta["counts"].update(counts)
    meta["bytes"] = {f.name: f.stat().st_size for f in sorted(out.iterdir()) if f.suffix in (".gz", ".json")}
    meta_path.write_text(json.dumps(meta, indent=1) + "\n")
    print(json.dumps(meta), file=sys.stderr)


if __name__ == "__main__":
    main()
