"""``pinochle arena --game auction --players 4|5`` (the arena at a table of 4 or 5): every
duplicate deal is played with the players rotated through the chairs, so that each player sits in
each chair (the dealer's, sitting out, included); the settlements sum to zero; a deal's value is
what A's players won over the rotations; the records name the table and replay."""

from __future__ import annotations

import io
import json
import math
from collections import defaultdict
from pathlib import Path

import pytest

from pinochle.arena import arrangements, play_deal, player_factory, players_at, run_arena
from pinochle.cli import main
from pinochle.chairs import lineup_for
from pinochle.games import GAMES
from pinochle.records import replay_hand

#: What A's players win over a deal's plays is divided by this to give the deal's value: a play's
#: margin is A's mean per chair minus B's, so sA * (1/nA + 1/nB) with nA, nB = 2, 2 (4 chairs) or
#: 2, 3 and 3, 2 (5 chairs), averaged over 4 or 10 plays.
DIVISOR = {4: 4, 5: 12}


@pytest.mark.parametrize("chairs", [3, 4, 5])
def test_every_player_sits_in_every_chair_once_per_rotation(chairs: int) -> None:
    plays = arrangements(chairs)
    assert len(plays) == len(set(plays)) == {3: 6, 4: 4, 5: 10}[chairs]
    held: dict[tuple[int, str], set[int]] = defaultdict(set)
    for j, roles in enumerate(plays):
        at = players_at(chairs, j)
        assert sorted(at) == sorted(set(at))  # one player a chair
        assert [{"A": 0, "B": 1}[p[0]] for p in at] == list(roles)
        for chair, player in enumerate(at):
            held[(j // chairs, player)].add(chair)
    assert all(c == set(range(chairs)) for c in held.values()), held
    for chair in range(chairs):  # each kind holds each chair as often as the other
        assert sum(p[chair] for p in plays) * 2 == len(plays)


def _records(chairs: int, deals: int, seed: int) -> tuple[list[dict[str, object]], tuple[float, ...]]:
    out = io.StringIO()
    result = run_arena("easy", "normal", deals, seed=seed, matches=0, workers=1, game="auction",
                       players=chairs, records=out)
    assert result.players == chairs and result.plays == len(arrangements(chairs))
    assert result.to_json()["hands"] == deals * result.plays
    return [json.loads(line) for line in out.getvalue().splitlines()], result.values


@pytest.mark.parametrize(("chairs", "seed"), [(4, 3), (5, 7)])
def test_the_deals_rotate_the_players_through_the_chairs_and_settle_to_zero(chairs: int, seed: int) -> None:
    records, values = _records(chairs, 3, seed)
    plays = len(arrangements(chairs))
    assert len(records) == 3 * plays  # one hand a play (a thrown-in hand ends the play)
    seating = GAMES["auction"].seating
    held: dict[tuple[int, int, str], set[int]] = defaultdict(set)
    sitting: dict[tuple[int, str], int] = defaultdict(int)
    a_won: dict[int, float] = defaultdict(float)
    for rec in records:
        info = rec["arena"]
        assert isinstance(info, dict) and info["kind"] == "deal"
        number, play, at = int(info["number"]), int(info["play"]), list(info["at"])
        assert rec["players"] == chairs
        assert list(info["roles"]) == list(arrangements(chairs)[play])
        # the deal's dealer is chair 0, whoever sits there; the lineup is the engine's
        lineup = lineup_for(chairs, 0, seating)
        assert rec["lineup"] == {"NESW"[i]: c for i, c in enumerate(lineup)}
        for chair, player in enumerate(at):
            held[(number, play // chairs, player)].add(chair)
            if chair not in lineup[1:]:
                sitting[(number, player[0])] += 1
        summary = replay_hand(rec)
        if summary.get("thrown_in"):
            continue
        settled = summary["chairs"]
        assert isinstance(settled, list) and len(settled) == chairs
        assert sum(settled) == 0  # stakes move between the chairs, the ones sitting out included
        a_won[number] += sum(x for x, p in zip(settled, at) if p[0] == "A")
    assert len(held) == 3 * plays // chairs * chairs  # every player of every rotation of every deal
    assert all(c == set(range(chairs)) for c in held.values())
    for number in range(3):  # sitting out is shared: each kind as often as it holds chairs
        assert sitting[(number, "A")] == sitting[(number, "B")] == plays * (chairs - 3) // 2
        assert values[number] == pytest.approx(a_won[number] / DIVISOR[chairs])


def test_a_deal_s_value_is_a_s_players_winnings_over_the_rotations() -> None:
    f, g = player_factory("normal"), player_factory("easy")
    for i in range(4):
        d = play_deal([f, g], 11, i, game="auction", players=5)
        assert len(d.chair_points) == len(d.scores) == 10
        won = 0
        for j, points in enumerate(d.chair_points):
            assert sum(points) == 0
            won += sum(x for x, p in zip(points, players_at(5, j)) if p[0] == "A")
        assert d.value == pytest.approx(won / DIVISOR[5])
        assert all(c.role in (0, 1) for c in d.contracts)


def test_self_play_at_a_table_of_four_scores_exactly_zero() -> None:
    r = run_arena("easy", "easy", deals=3, seed=2, matches=1, workers=1, game="auction", players=4)
    assert r.values == (0.0,) * 3 and r.match_win_rate == 0.5 and sum(r.match_wins) + r.unfinished == 4
    a, b = r.stats
    assert (a.contracts, a.made, a.avg_bid) == (b.contracts, b.made, b.avg_bid)


def test_the_command_line_writes_records_that_replay(tmp_path: Path) -> None:
    path = tmp_path / "arena.jsonl"
    out = io.StringIO()
    status = main(["arena", "--a", "easy", "--b", "easy", "--game", "auction", "--players", "5", "--deals", "1",
                   "--matches", "0", "--workers", "1", "--json", "--records", str(path)],
                  stdin=io.StringIO(""), stdout=out)
    assert status == 0, out.getvalue()
    result = json.loads(out.getvalue())
    assert result["players"] == 5 and result["hands"] == 10
    replayed = io.StringIO()
    text = path.read_text(encoding="utf-8")
    assert main(["replay", "-"], stdin=io.StringIO(text), stdout=replayed) == 0
    lines = [json.loads(x) for x in replayed.getvalue().splitlines()]
    assert len(lines) == 10 and not any("error" in x for x in lines)
    assert all(math.fsum(x.get("chairs", [0])) == 0 for x in lines)


def test_a_size_the_game_does_not_take_is_refused() -> None:
    for args in (["--game", "auction", "--players", "6"], ["--game", "cutthroat", "--players", "4"]):
        out = io.StringIO()
        assert main(["arena", "--a", "easy", "--b", "easy", "--deals", "1", *args],
                    stdin=io.StringIO(""), stdout=out) == 1
        err = json.loads(out.getvalue())["error"]
        assert err["field"] == "players" and "played by" in err["reason"] and args[-1] in err["reason"], err
