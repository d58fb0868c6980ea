"""The golden corpus: the ``table`` game, frozen (docs/design.md, "Tests that guard the design").

The corpus in ``tests/data/golden/`` was made by ``tests/data/golden/make.py``
from the engine at the commit named in its ``meta.json``. Every test here
replays it against the engine in the tree:

* **views**: every stored action log (``Action.to_json``) is run through
  ``game.apply`` from ``new_match(seed=..., first_dealer=...)``; at every
  version, every seat's ``view(state, seat).to_json()`` is projected onto the
  keys frozen below (:data:`VIEW_KEYS`, and :data:`LEGAL_KEYS` inside
  ``legal``) and hashed. The views may gain keys ("game", "scale",
  "decision", "teams", ...) but today's keys must keep their values.
* **records**: ``match_record`` (or ``hand_record``) of the replayed state
  equals the stored record on today's keys, the stored record replays
  (``records.replay``) to the stored summary, and the totals, winner and
  number of hands are the stored ones.
* **bots**: at every decision of an Easy or Normal seat, ``for_level(level,
  seed).act(view)`` chooses the stored action again; Hard is re-asked only at
  the few decisions listed in the corpus (it is slow).
* **frozen functions**: ``game.shuffle_deal``, the first-dealer draw of
  ``new_match``, ``sim.random_hand`` and ``meld.meld`` / ``meld_by_trump`` /
  ``meld_points`` give the stored outputs.

A view is hashed as ``sha256(json.dumps(projection, sort_keys=True,
separators=(",", ":")))``, where the projection keeps only the frozen keys
(nested objects other than ``legal`` are hashed whole). The corpus stores, per
seat, the first 4 bytes of that digest at every version (to say where a
replay first differs) and one full sha256 over the seat's whole sequence of
projections (so nothing escapes). On today's views the projection is the
identity, so a frozen key list for another nested object (say each entry of
``history``) can be added here later without regenerating the corpus.

The replays run in one worker process per core (``GOLDEN_JOBS=1`` runs them
in the test process; ``-k match-easy-01`` replays one entry only). They take
about 60 s of CPU, so about 30 s on the two-core machine when it is idle.

When a test fails, the engine has changed the ``table`` game. Fix the engine;
regenerate the corpus (``python tests/data/golden/make.py``) only for a change
that is *meant* to change the table game, and say so in the commit.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import multiprocessing
import os
import random
import sys
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from pinochle import game, records, sim
from pinochle.bots import for_level
from pinochle.cards import Seat, pack, parse_cards, unpack
from pinochle.game import Action, State, View, apply, new_match, view
from pinochle.meld import meld, meld_by_trump, meld_points

GOLDEN = Path(__file__).parent / "data" / "golden"

#: The keys of ``View.to_json()`` today (commit 8e0492c). Never remove one;
#: keys added by later code are left out of the hash.
VIEW_KEYS: tuple[str, ...] = (
    "seat", "version", "rules", "phase", "hand_number", "dealer", "turn", "hand", "hand_sizes",
    "auction", "high_bid", "high_bidder", "declarer", "bid", "trump", "stuck", "melds", "tricks",
    "tricks_won", "counters", "meld_shown", "totals", "history", "last_hand", "winner", "legal",
)
#: The keys ``Legal.to_json()`` may hold today (each only when that move is open).
LEGAL_KEYS: tuple[str, ...] = ("pass", "bid", "trump", "meld", "play", "deal")
#: Nested objects projected on frozen keys; everything else is hashed whole.
#: A finished hand's summary (``history`` entries, ``last_hand``) on the keys it had when the corpus
#: was made (the summaries have since gained ``parts`` and ``stake_steps``: the score's explanation).
SUMMARY_KEYS: tuple[str, ...] = (
    "number", "dealer", "declarer", "bid", "trump", "stuck", "meld", "kept_meld", "tricks", "counters", "made",
    "score", "totals", "transfers", "played", "earned", "chairs", "chair_transfers", "lineup", "chair_totals")
NESTED_KEYS: dict[str, tuple[str, ...]] = {"legal": LEGAL_KEYS, "last_hand": SUMMARY_KEYS}
#: Lists of objects projected entry by entry on frozen keys.
LIST_KEYS: dict[str, tuple[str, ...]] = {"tricks": ("leader", "cards", "winner"), "history": SUMMARY_KEYS}

#: Today's keys of a match record, a hand record, and their replay summaries.
MATCH_RECORD_KEYS: tuple[str, ...] = ("format", "hands")
HAND_RECORD_KEYS: tuple[str, ...] = ("format", "dealer", "hands", "auction", "trump", "play")
MATCH_SUMMARY_KEYS: tuple[str, ...] = ("hands", "totals", "winner")
HAND_SUMMARY_KEYS: tuple[str, ...] = ("declarer", "bid", "trump", "meld", "tricks", "counters", "made", "score")
#: Today's keys of ``Action.to_json()``.
ACTION_KEYS: tuple[str, ...] = ("type", "seat", "bid", "suit", "card")
#: Today's keys of ``HandScore.to_json()`` and of a hand's score-sheet summary (``HandResult.summary()``).
SCORE_KEYS: tuple[str, ...] = ("bid", "meld", "kept_meld", "tricks", "counters", "made", "score")
SCORE_SHEET_KEYS: tuple[str, ...] = (
    "number", "dealer", "declarer", "bid", "trump", "stuck", "meld", "kept_meld", "tricks", "counters", "made",
    "score", "totals",
)
#: Today's keys of ``Meld.to_json()`` (plus the view's ``shown``) and of each meld item.
MELD_KEYS: tuple[str, ...] = ("total", "melds")
MELD_ITEM_KEYS: tuple[str, ...] = ("name", "points", "cards")

#: Bytes of each per-version digest kept in the corpus (hex: twice as many characters).
SHORT = 4

#: The action types a computer player chooses (meld and deal are made by the driver, as in the arena).
DECISION_TYPES = ("bid", "pass", "trump", "play")


# ---------------------------------------------------------------- projections and hashes (shared with make.py)


def view_projection(data: Mapping[str, Any]) -> dict[str, Any]:
    """``view(...).to_json()`` restricted to :data:`VIEW_KEYS` (and ``legal`` to :data:`LEGAL_KEYS`).

    Raises:
        KeyError: a frozen key is missing from the view.
    """
    out = {k: data[k] for k in VIEW_KEYS}
    for k, keys in NESTED_KEYS.items():
        inner = out[k]
        if isinstance(inner, Mapping):
            out[k] = {x: inner[x] for x in keys if x in inner}
    for k, keys in LIST_KEYS.items():
        entries = out[k]
        if isinstance(entries, list):
            out[k] = [{x: e[x] for x in keys if x in e} if isinstance(e, Mapping) else e for e in entries]
    return out


def canonical(v: View) -> bytes:
    """The canonical bytes of a view: its projection as compact JSON with sorted keys."""
    return json.dumps(view_projection(v.to_json()), sort_keys=True, separators=(",", ":")).encode()


def view_bytes(state: State, seat: int) -> bytes:
    """The canonical bytes of ``seat``'s view of ``state``."""
    return canonical(view(state, seat))


class ViewHasher:
    """Per seat: a short digest at every version and a full sha256 over all of them."""

    def __init__(self) -> None:
        self.short: list[list[str]] = [[], [], [], []]
        self.full = [hashlib.sha256() for _ in range(4)]

    def add(self, state: State) -> list[str]:
        """Hash the four views of ``state``; returns their short digests, N E S W."""
        out = []
        for s in range(4):
            b = view_bytes(state, s)
            self.full[s].update(b)
            self.full[s].update(b"\n")
            d = hashlib.sha256(b).hexdigest()[: 2 * SHORT]
            self.short[s].append(d)
            out.append(d)
        return out

    def to_json(self) -> tuple[dict[str, str], dict[str, str]]:
        """``({"N": concatenated short digests, ...}, {"N": full sha256, ...})``."""
        return (
            {str(Seat(s)): "".join(self.short[s]) for s in range(4)},
            {str(Seat(s)): self.full[s].hexdigest() for s in range(4)},
        )


def project(data: Mapping[str, Any], keys: Sequence[str]) -> dict[str, Any]:
    """``data`` on ``keys`` only (a missing key reads as the marker ``"<missing>"``)."""
    return {k: data.get(k, "<missing>") for k in keys}


def project_match_record(rec: Mapping[str, Any]) -> dict[str, Any]:
    """A match record on today's keys, its hands too."""
    out = project(rec, MATCH_RECORD_KEYS)
    out["hands"] = [project(h, HAND_RECORD_KEYS) for h in rec.get("hands", [])]
    return out


def project_match_summary(summary: Mapping[str, Any]) -> dict[str, Any]:
    """``records.replay`` output of a match on today's keys."""
    out = project(summary, MATCH_SUMMARY_KEYS)
    out["hands"] = [project(h, HAND_SUMMARY_KEYS) for h in summary.get("hands", [])]
    return out


def action_projection(action: Action) -> dict[str, Any]:
    """``action.to_json()`` on today's keys (those present)."""
    data = action.to_json()
    return {k: data[k] for k in ACTION_KEYS if k in data}


def start(entry: Mapping[str, Any]) -> State:
    """The entry's first state: ``new_match(seed=..., first_dealer=...)`` (the dealer drawn when not given)."""
    if entry["first_dealer"] is None:
        return new_match(seed=entry["seed"])
    return new_match(seed=entry["seed"], first_dealer=Seat.parse(entry["first_dealer"]))


def make_player(level: str, seed: str) -> Any:
    """The computer player of a seat (``None`` for a seat that played random legal moves)."""
    return None if level == "random" else for_level(level, seed)


# ---------------------------------------------------------------- the corpus


def _read_jsonl(name: str) -> list[dict[str, Any]]:
    with gzip.open(GOLDEN / name, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


@lru_cache(maxsize=None)
def corpus(name: str) -> tuple[dict[str, Any], ...]:
    """The entries of ``matches.jsonl.gz`` or ``hands.jsonl.gz``."""
    return tuple(_read_jsonl(name))


def _ids(name: str) -> list[str]:
    # a missing file collects no cases here; test_corpus_is_whole then fails
    return [e["id"] for e in corpus(name)] if (GOLDEN / name).exists() else []


def _entry(name: str, ident: str) -> dict[str, Any]:
    return next(e for e in corpus(name) if e["id"] == ident)


def _load_json(name: str) -> Any:
    path = GOLDEN / name
    if name.endswith(".gz"):
        with gzip.open(path, "rt", encoding="utf-8") as f:
            return json.load(f)
    return json.loads(path.read_text(encoding="utf-8"))


# ---------------------------------------------------------------- replay


def replay_entry(entry: Mapping[str, Any]) -> Iterator[str]:
    """Replay one entry with every check but Hard's; yields a description of each problem.

    Only public surfaces are read: ``new_match``, ``apply``, ``view(...).to_json()``,
    ``Action.from_json``/``to_json``, the players' ``act`` and ``records``. Stops at the
    first view that differs (the rest would differ too) and at the first action refused.
    """
    ident = entry["id"]
    state = start(entry)
    players = [make_player(lv, sd) for lv, sd in zip(entry["players"], entry["player_seeds"])]
    short = {s: entry["views"][str(Seat(s))] for s in range(4)}
    full = [hashlib.sha256() for _ in range(4)]
    actions = entry["actions"]
    width = 2 * SHORT
    last: dict[str, Any] = {}
    for i in range(len(actions) + 1):
        views = [view(state, s) for s in range(4)]
        for s in range(4):
            proj = view_projection(views[s].to_json())
            b = json.dumps(proj, sort_keys=True, separators=(",", ":")).encode()
            full[s].update(b)
            full[s].update(b"\n")
            want = short[s][i * width:(i + 1) * width]
            got = hashlib.sha256(b).hexdigest()[:width]
            if got != want:
                yield (f"{ident}: {Seat(s)}'s view differs at version {i} (after action {i - 1}: "
                       f"{actions[i - 1] if i else 'none'}): digest {got}, stored {want}; the view now is "
                       f"{b.decode()[:3000]}")
                return
            last = proj
        if i == len(actions):
            break
        raw = actions[i]
        seat = Seat.parse(raw["seat"])
        level = entry["players"][seat]
        action = Action.from_json(raw)
        if raw["type"] in DECISION_TYPES and level not in ("random", "hard"):
            chosen = action_projection(players[seat].act(views[seat]))
            if chosen != raw:
                yield f"{ident}: the {level} player at {seat} chose {chosen} instead of {raw} (action {i})"
        try:
            state = apply(state, action, version=i)
        except ValueError as err:
            yield f"{ident}: action {i} {raw} is refused at version {i}: {err}"
            return
    for s in range(4):
        if full[s].hexdigest() != entry["views_sha256"][str(Seat(s))]:
            yield f"{ident}: {Seat(s)}'s whole sequence of views hashes differently"
    yield from _check_results(entry, state, last)


def _check_results(entry: Mapping[str, Any], state: State, last: Mapping[str, Any]) -> Iterator[str]:
    """Totals, winner, hands (from the last view, W's) and the records."""
    ident = entry["id"]
    over = last["phase"] == "match_end" if entry["kind"] == "match" else len(last["history"]) == 1
    if not over:
        yield f"{ident}: not over after its {len(entry['actions'])} actions (phase {last['phase']})"
    if last["totals"] != entry["totals"]:
        yield f"{ident}: totals {last['totals']} != {entry['totals']}"
    if last["winner"] != entry["winner"]:
        yield f"{ident}: winner {last['winner']} != {entry['winner']}"
    if len(last["history"]) != entry["hands"]:
        yield f"{ident}: {len(last['history'])} hands != {entry['hands']}"
    if entry["kind"] == "match":
        sheet = [project(h, SCORE_SHEET_KEYS) for h in last["history"]]
        if sheet != entry["score_sheet"]:
            yield f"{ident}: the score sheet (the view's history) differs"
        rec = project_match_record(records.match_record(state))
        if rec != project_match_record(entry["record"]):
            yield f"{ident}: match_record of the replayed match differs from the stored record"
        summary = project_match_summary(records.replay(entry["record"]))
        if summary != project_match_summary(entry["summary"]):
            yield f"{ident}: replaying the stored record gives {summary}, not {entry['summary']}"
    else:
        hands: Any = records.match_record(state)["hands"]
        rec = project(hands[0], HAND_RECORD_KEYS) if len(hands) == 1 else {"hands": hands}
        if rec != project(entry["record"], HAND_RECORD_KEYS):
            yield f"{ident}: the replayed hand's record differs from the stored record"
        summary = project(records.replay(entry["record"]), HAND_SUMMARY_KEYS)
        if summary != project(entry["summary"], HAND_SUMMARY_KEYS):
            yield f"{ident}: replaying the stored record gives {summary}, not {entry['summary']}"


def hard_problems(name: str, ident: str, index: int) -> Iterator[str]:
    """Ask the Hard player again at action ``index`` of an entry; yields the problem, if any."""
    entry = _entry(name, ident)
    raw = entry["actions"][index]
    seat = Seat.parse(raw["seat"])
    if entry["players"][seat] != "hard" or raw["type"] not in DECISION_TYPES:
        yield f"{ident}: action {index} ({raw}) is not a Hard decision"
        return
    state = start(entry)
    for k in range(index):
        state = apply(state, Action.from_json(entry["actions"][k]), version=k)
    chosen = action_projection(make_player("hard", entry["player_seeds"][seat]).act(view(state, seat)))
    if chosen != raw:
        yield f"{ident}: the hard player at {seat} chose {chosen} instead of {raw} (action {index})"


Case = tuple[str, str, str, int]  # (kind "replay" | "hard", file name, entry id, action index)


def run_case(case: Case) -> list[str]:
    """The problems of one case (a worker's job; never raises)."""
    kind, name, ident, index = case
    try:
        if kind == "replay":
            return list(replay_entry(_entry(name, ident)))[:10]
        return list(hard_problems(name, ident, index))
    except Exception as err:  # noqa: BLE001 - reported as the case's failure
        return [f"{ident}: {type(err).__name__}: {err}"]


def _cost(case: Case) -> int:
    kind, name, ident, _ = case
    return 10_000 if kind == "hard" else len(_entry(name, ident)["actions"]) * (3 if name.startswith("m") else 1)


def _jobs() -> int:
    """Worker processes for the replays: ``GOLDEN_JOBS``, or the cores shared among the run's pytest
    workers (the README's two: one each, so the other worker's live servers keep a core); 1: in this process."""
    try:
        return max(1, int(os.environ.get("GOLDEN_JOBS", "")))
    except ValueError:
        workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1") or 1)
        return max(1, len(os.sched_getaffinity(0)) // max(1, workers))


@pytest.fixture(scope="module")
def results(request: pytest.FixtureRequest) -> dict[Case, list[str]]:
    """The problems of every selected replay and Hard case, computed at once on every core.

    Only the cases of this run are computed (``-k match-easy-01`` replays one match).
    """
    cases: list[Case] = []
    for item in request.session.items:
        spec = getattr(item, "callspec", None)
        if spec is None or getattr(item, "module", None) is not sys.modules[__name__]:
            continue
        test = getattr(item, "originalname", "")
        if test in ("test_match", "test_hand"):
            name = "matches.jsonl.gz" if test == "test_match" else "hands.jsonl.gz"
            cases.append(("replay", name, spec.params["ident"], 0))
        elif test == "test_hard_decision":
            cases.append(("hard", spec.params["name"], spec.params["ident"], spec.params["index"]))
    cases.sort(key=_cost, reverse=True)
    jobs = min(_jobs(), len(cases))
    if jobs <= 1:
        return {c: run_case(c) for c in cases}
    # spawn, not fork: earlier tests may have left threads (servers) running in this process
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        return dict(zip(cases, pool.map(run_case, cases)))


def _fail_on(problems: Sequence[str]) -> None:
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


# ---------------------------------------------------------------- the tests


def test_corpus_is_whole() -> None:
    """The corpus holds what make.py promises (so a truncated file cannot pass quietly)."""
    meta = _load_json("meta.json")
    assert len(corpus("matches.jsonl.gz")) == meta["counts"]["matches"] >= 30
    assert len(corpus("hands.jsonl.gz")) == meta["counts"]["hands"] >= 150
    levels = {lv for name in ("matches.jsonl.gz", "hands.jsonl.gz") for e in corpus(name) for lv in e["players"]}
    assert levels == {"easy", "normal", "hard", "random"}
    assert sum(len(e["hard_checks"]) for e in corpus("hands.jsonl.gz")) >= 10


def test_frozen_keys_are_today_s() -> None:
    """A fresh view still has every frozen key (a missing one would fail every replay)."""
    data = view(new_match(seed=1), 0).to_json()
    assert set(VIEW_KEYS) <= set(data)


@pytest.mark.parametrize("ident", _ids("matches.jsonl.gz"))
def test_match(ident: str, results: dict[Case, list[str]]) -> None:
    """A whole match replays with the same views, records, totals and Easy/Normal choices."""
    _fail_on(results[("replay", "matches.jsonl.gz", ident, 0)])


@pytest.mark.parametrize("ident", _ids("hands.jsonl.gz"))
def test_hand(ident: str, results: dict[Case, list[str]]) -> None:
    """A single hand replays with the same views, record, score and Easy/Normal choices."""
    _fail_on(results[("replay", "hands.jsonl.gz", ident, 0)])


def _hard_cases() -> list[tuple[str, str, int]]:
    return [(name, e["id"], i) for name in ("matches.jsonl.gz", "hands.jsonl.gz") if (GOLDEN / name).exists()
            for e in corpus(name) for i in e["hard_checks"]]


@pytest.mark.parametrize("name,ident,index", _hard_cases(), ids=[f"{c[1]}@{c[2]}" for c in _hard_cases()])
def test_hard_decision(name: str, ident: str, index: int, results: dict[Case, list[str]]) -> None:
    """The Hard player makes the stored choice at the few decisions the corpus lists."""
    _fail_on(results[("hard", name, ident, index)])


def test_shuffle_deal() -> None:
    """``shuffle_deal(seed, i)`` and the first-dealer draw never change: stored matches are rebuilt from them."""
    data = _load_json("functions.json.gz")
    for case in data["shuffle_deal"]:
        hands = game.shuffle_deal(case["seed"], case["hand"])
        assert list(hands) == case["packed"], case
        assert {str(Seat(s)): [str(c) for c in game.sort_hand(unpack(h))] for s, h in enumerate(hands)} == case["cards"]
    for case in data["first_dealer"]:
        assert str(new_match(seed=case["seed"]).dealer) == case["dealer"], case


def _sim_json(r: sim.SimHand) -> dict[str, Any]:
    return {
        "dealer": r.dealer, "dealt": list(r.dealt), "calls": list(r.calls), "declarer": r.declarer,
        "bid": r.bid, "trump": r.trump, "meld": list(r.meld), "play": list(r.play),
        "tricks": list(r.tricks), "counters": list(r.counters), "score": project(r.score.to_json(), SCORE_KEYS),
    }


def sim_outputs() -> list[dict[str, Any]]:
    """``sim.random_hand`` for fixed RNG seeds: five hands in a row from each (so the draws it uses are pinned)."""
    out = []
    for seed in range(10):
        rng = random.Random(seed)
        for k in range(5):
            dealer = None if k < 3 else (seed + k) % 4
            out.append({"rng": seed, "call": k, "dealer": dealer, "hand": _sim_json(sim.random_hand(rng, dealer=dealer))})
    return out


def test_sim_random_hand() -> None:
    """``sim.random_hand`` (the benchmark's unit and the bots' rules) gives the stored hands."""
    stored = _load_json("functions.json.gz")["random_hand"]
    got = sim_outputs()
    for a, b in zip(got, stored):
        assert a == b
    assert len(got) == len(stored)


def _meld_json(m: Any) -> dict[str, Any]:
    data = project(m.to_json(), MELD_KEYS)
    data["melds"] = [project(item, MELD_ITEM_KEYS) for item in data["melds"]]
    return {**data, "shown": [str(c) for c in m.shown()]}


def meld_outputs(hands: Sequence[Sequence[str]]) -> list[dict[str, Any]]:
    """``meld_by_trump`` and ``meld`` (with the shown cards) of each hand for each trump."""
    out = []
    for cards in hands:
        h = pack(parse_cards(list(cards)))
        out.append({
            "hand": list(cards),
            "packed": h,
            "by_trump": list(meld_by_trump(h)),
            "meld": [_meld_json(meld(h, t)) for t in range(4)],
        })
    return out


def test_meld() -> None:
    """``meld`` and ``meld_by_trump`` give the stored melds for 500 hands and four trumps; ``meld_points`` agrees."""
    stored = _load_json("functions.json.gz")["meld"]
    got = meld_outputs([case["hand"] for case in stored])
    for a, b in zip(got, stored):
        assert a == b
        assert [meld_points(a["packed"], t) for t in range(4)] == a["by_trump"]
    assert len(stored) >= 500
