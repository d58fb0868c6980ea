"""``pinochle play --game auction --players 4|5``:
the person is chair 0; every deal says who sits out and who plays where; a hand the person sits
out is played by the computers and shown; the settlement is between every chair, the totals and the
winner are per chair, and the saved record replays to them. A size the game does not take is
refused (the arena at 4 or 5: tests/test_arena_chairs.py).
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from pinochle.cli import main
from pinochle.chairs import lineup_for
from pinochle.games import GAMES
from pinochle.records import replay

SEATING = GAMES["auction"].seating


def play(players: int, seed: int, save: Path | None = None) -> tuple[int, str]:
    """A whole match with Easy computers, Enter at every prompt."""
    out = io.StringIO()
    args = ["play", "--game", "auction", "--players", str(players), "--seed", str(seed), "--level", "easy"]
    status = main(args + (["--save", str(save)] if save else []), stdin=io.StringIO("\n" * 20000), stdout=out)
    return status, out.getvalue()


def name(chair: int) -> str:
    return "you" if chair == 0 else f"Player {chair + 1}"


@pytest.mark.parametrize(("players", "seed"), [(5, 3), (4, 8)])
def test_a_match_at_a_table_of_chairs_plays_to_its_end(players: int, seed: int, tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    status, text = play(players, seed, path)
    assert status == 0, text[-2000:]
    assert text.startswith(f"Pinochle (auction): a table of {players} players, three playing each hand")
    # every deal: who deals, who sits out and who plays where, as the engine's lineup has it
    deals = re.findall(r"^Sitting out: (.+)\.   Playing: E (.+), S (.+), W (.+)\.\n(.+)$", text, re.M)
    assert len(deals) >= GAMES["auction"].deals * players // 3
    sat_out = played = 0
    dealer = 0  # chair 0 deals first
    for out, e, s, w, after in deals:
        names = [n.removesuffix(" (the dealer)") for n in out.split(", ")]
        lineup = lineup_for(players, dealer, SEATING)
        assert [e, s, w] == [name(c) for c in lineup[1:]], (dealer, lineup, e, s, w)
        assert f"{name(dealer)} (the dealer)" in out.split(", ") and len(names) == players - 3
        if "you" in names:
            assert after == "You sit this hand out: the computer players play it, shown here."
            sat_out += 1
        else:
            assert after.startswith("Your hand: ")
            played += 1
        dealer = lineup[1]  # the chair at E deals next (an annulled deal passes the deal too)
    assert sat_out and played
    # the settlement is between every chair, the ones sitting out too
    settle = re.findall(r"^  Settlement at the table: (.+)\.$", text, re.M)
    assert settle and all(len(line.split(", ")) == players - 1 for line in settle if "nobody" not in line)
    m = re.search(r"^Final totals: (.+)$", text, re.M)
    assert m, text[-1500:]
    totals = [int(x.rsplit(" ", 1)[1]) for x in m.group(1).split(", ")]
    assert len(totals) == players and sum(totals) == 0  # stakes move between players
    best = max(range(players), key=lambda c: totals[c])
    assert totals.count(max(totals)) == 1
    winner = "Winner: you win the match!" if best == 0 else f"Winner: {name(best)}."
    assert winner in text
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["players"] == players and replay(record)["totals"] == totals


def test_sizes_the_game_does_not_take_are_refused() -> None:
    for args in (["--game", "auction", "--players", "6"], ["--game", "cutthroat", "--players", "4"]):
        out = io.StringIO()
        assert main(["play", *args], stdin=io.StringIO(""), stdout=out) == 1
        err = json.loads(out.getvalue())["error"]
        assert err["field"] == "players" and "played by" in err["reason"] and args[-1] in err["reason"], err

