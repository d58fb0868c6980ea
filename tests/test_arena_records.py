"""``pinochle arena ... --records FILE``: every hand the arena plays is written
as a hand record (docs/records.md), and the records replay to the arena's results."""

from __future__ import annotations

import io
import json
import math
from collections import defaultdict
from pathlib import Path

import pytest

from pinochle.arena import arrangements, run_arena
from pinochle.cli import main
from pinochle.games import find as find_game
from pinochle.records import replay_hand, replay_match


def _lines(text: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _a_minus_b(score: list[float], roles: list[int]) -> float:
    """A's mean score per side held minus B's, as the arena measures one play."""
    a = [x for x, r in zip(score, roles) if r == 0]
    b = [x for x, r in zip(score, roles) if r == 1]
    return math.fsum(a) / len(a) - math.fsum(b) / len(b)


@pytest.mark.parametrize("game", ["table", "partnership-pass", "cutthroat"])
def test_the_deal_records_replay_to_the_arena_s_values(game: str) -> None:
    out = io.StringIO()
    result = run_arena("easy", "normal", 4, seed=3, matches=0, workers=1, game=game, records=out)
    records = _lines(out.getvalue())
    plays = len(arrangements(len(find_game(game).seating.sides)))
    assert len(records) == 4 * plays
    per_deal: dict[int, list[float]] = defaultdict(list)
    for rec in records:
        info = rec["arena"]
        assert isinstance(info, dict)
        assert info["kind"] == "deal" and info["players"] == ["easy", "normal"] and info["seed"] == 3
        assert rec["game"] == game
        summary = replay_hand(rec)
        if summary.get("thrown_in"):
            per_deal[int(info["number"])].append(0.0)
            continue
        score = summary["score"]
        assert isinstance(score, dict)
        per_deal[int(info["number"])].append(_a_minus_b(list(score.values()), list(info["roles"])))
    assert sorted(per_deal) == [0, 1, 2, 3]
    for number, diffs in per_deal.items():
        assert len(diffs) == plays
        assert math.fsum(diffs) / plays == pytest.approx(result.values[number])


def test_the_match_records_replay_to_the_arena_s_match_wins() -> None:
    out = io.StringIO()
    result = run_arena("easy", "normal", 1, seed=5, matches=2, workers=1, records=out)
    matches: dict[tuple[int, int], list[dict[str, object]]] = defaultdict(list)
    for rec in _lines(out.getvalue()):
        info = rec["arena"]
        assert isinstance(info, dict)
        if info["kind"] == "match":
            matches[(int(info["number"]), int(info["play"]))].append(rec)
    assert sorted(matches) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    wins = [0, 0]
    for (number, play), hands in matches.items():
        assert [int(h["arena"]["hand"]) for h in hands] == list(range(1, len(hands) + 1))  # type: ignore[index]
        replayed = replay_match({"format": "pinochle-match/1", "game": "table", "hands": hands})
        winner = replayed["winner"]
        names = list(find_game("table").seating.side_names)
        roles = hands[0]["arena"]["roles"]  # type: ignore[index]
        assert winner in names
        wins[roles[names.index(winner)]] += 1
    assert tuple(wins) == result.match_wins


def test_the_records_do_not_depend_on_the_workers() -> None:
    one, two = io.StringIO(), io.StringIO()
    run_arena("easy", "easy", 6, seed=7, matches=1, workers=1, records=one)
    run_arena("easy", "easy", 6, seed=7, matches=1, workers=2, records=two)
    assert one.getvalue() == two.getvalue() != ""


def test_cli_records_option(tmp_path: Path) -> None:
    path = tmp_path / "hands.jsonl"
    out = io.StringIO()
    assert main(["arena", "--a", "easy", "--b", "normal", "--deals", "2", "--matches", "0", "--workers", "1",
                 "--json", "--records", str(path)], stdout=out) == 0
    records = _lines(path.read_text(encoding="utf-8"))
    assert len(records) == 4 and all(r["format"] == "pinochle-hand/1" and r["auction"] for r in records)
    replay_out = io.StringIO()
    assert main(["replay", "-"], stdin=io.StringIO(path.read_text(encoding="utf-8")), stdout=replay_out) == 0
    assert len(_lines(replay_out.getvalue())) == 4


def test_cli_records_to_a_folder_that_does_not_exist_is_refused(tmp_path: Path) -> None:
    out = io.StringIO()
    code = main(["arena", "--a", "easy", "--b", "easy", "--deals", "1", "--matches", "0", "--workers", "1",
                 "--records", str(tmp_path / "nowhere" / "x.jsonl")], stdout=out)
    assert code != 0
    assert "records" in out.getvalue()
