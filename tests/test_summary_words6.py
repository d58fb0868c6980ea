"""The hand summary's facts for the sixth review of issue 30 (the server's side; the browser only shows them).

- A hand settled by stakes and played out (VARIANTS.md ``cutthroat``, ``auction``) says who took the last
  trick's bonus, ``last_trick`` per seat (RULES.md, Scoring a hand: the last trick counts 10 in tens, 1 in
  ones), so that the summary shows the counters and the last trick as rows of their own, as the partnership
  games' parts do; the counters still include it. A hand not played (conceded, or made with the meld alone)
  has none, and a hand scored by sides never needs it (its parts carry a "Last trick" row).
- A stake made after play says so in plain words: "Made: the bid reached after the play", never the jargon
  "Made after play".
"""

from __future__ import annotations

import pytest

from pinochle.games import GAMES

from .test_score_parts import finished_hands

#: the last trick's bonus in each game's own scale (RULES.md, Scoring a hand; VARIANTS.md: cutthroat in ones)
BONUS = {"cutthroat": GAMES["cutthroat"].rules.last_trick, "auction": GAMES["auction"].rules.last_trick}


@pytest.mark.parametrize("game,players", [("cutthroat", None), ("auction", None), ("auction", 5)])
def test_a_played_hand_settled_by_stakes_says_who_took_the_last_trick(game: str, players: int | None) -> None:
    played = unplayed = 0
    for seed in range(6):
        for last in finished_hands(game, seed, 9, players):
            counters = last["counters"]
            assert isinstance(counters, dict)
            if last.get("played") is False:
                assert "last_trick" not in last, last
                unplayed += 1
                continue
            lt = last["last_trick"]
            assert isinstance(lt, dict) and set(lt) == set(counters), lt
            # one seat took it, the bonus of the game's scale, and its counters include it
            assert sorted(lt.values()) == [0] * (len(lt) - 1) + [BONUS[game]], lt
            assert all(0 <= lt[k] <= counters[k] for k in lt), (lt, counters)
            played += 1
    assert played, game
    assert BONUS["cutthroat"] == 1 and BONUS["auction"] == 10


@pytest.mark.parametrize("game", ["table", "racehorse", "two-handed"])
def test_a_hand_scored_by_sides_carries_the_last_trick_in_its_parts(game: str) -> None:
    for last in finished_hands(game, 1, 4):
        assert "last_trick" not in last
        parts = last["parts"]
        assert isinstance(parts, dict)
        if last.get("played") is not False:
            assert any(p["label"] == "Last trick" for ps in parts.values() for p in ps), parts


def test_a_stake_made_after_play_says_so_in_plain_words() -> None:
    labels: set[str] = set()
    for game in ("cutthroat", "auction"):
        for seed in range(8):
            for last in finished_hands(game, seed, 9):
                steps = last.get("stake_steps")
                assert isinstance(steps, list)
                if last["made"] and last.get("played") is not False:
                    assert steps[-1]["label"] == "Made: the bid reached after the play", steps
                labels.update(s["label"] for s in steps)
    assert "Made: the bid reached after the play" in labels
    assert "Made after play" not in labels
