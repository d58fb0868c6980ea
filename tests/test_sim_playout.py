"""The one playout loop (:func:`pinochle.sim.playout`): every policy at a table of four, and the
play teams of a widow game at a table of three (RULES.md, Play; VARIANTS.md ``cutthroat``)."""

from __future__ import annotations

import random

import pytest

from pinochle.cards import ALL_TYPES
from pinochle.game import new_match
from pinochle.games import GAMES
from pinochle.sim import GREEDY, PARTNERS, RANDOM, TEAMS, Policy, deal, playout
from pinochle.tricks import legal_function


def _counted(play: list[int], counters: tuple[int, ...], last_trick: int) -> int:
    return sum(counters[c % 6] for c in play) + last_trick


@pytest.mark.parametrize("policy", [RANDOM, GREEDY, TEAMS, PARTNERS])
def test_every_policy_plays_the_whole_hand_at_four_seats(policy: Policy) -> None:
    rules = GAMES["table"].rules
    rng = random.Random(policy)
    for trump in range(4):
        hands = deal(rng.random)
        tricks, pts, play = playout(list(hands), trump, trump, rng.random, rules, policy=policy)
        assert sum(tricks) == 12 and len(play) == 48
        assert sum(pts) == _counted(play, rules.counters, rules.last_trick) == rules.total_counters
        assert sorted(play) == sorted(c % 24 for h in hands for c in range(48) if h >> c & 1)


def test_the_teams_policy_plays_a_table_of_three_by_its_seating() -> None:
    """The declarer (E) against the defenders (S, W): tricks of three cards in the seating's order,
    tricks and counters to the winner's team; the widow at N stays out of the play."""
    game = GAMES["cutthroat"]
    rules = game.rules
    legal = legal_function(rules)
    for seed in range(6):
        s = new_match(seed=seed, game=game)
        hands = list(s.hands)
        assert hands[0] == 0
        next_seat = (0, 2, 3, 1)
        team_of = (-1, 0, 1, 1)
        tricks, pts, play = playout(list(hands), seed % 4, 1, random.Random(seed).random, rules, (), TEAMS,
                                    next_seat, team_of)
        assert sum(tricks) == rules.hand_size and len(play) == 3 * rules.hand_size
        assert sum(pts) == _counted(play, rules.counters, rules.last_trick)
        # the first trick: E leads, then S, then W, each with a card it held and may play
        lead, second, third = play[:3]
        assert hands[1] >> lead & 1 and hands[2] >> second & 1 and hands[3] >> third & 1
        assert legal(hands[2] & ALL_TYPES, lead // 6, lead, seed % 4) >> second & 1


def test_random_hand_takes_its_sides_from_the_seating() -> None:
    """``sim.random_hand`` adds meld, tricks, counters and the declarer's side up by the seating's
    sides, not by seat parity: the same hands with the sides listed EW first give every per-side
    figure mirrored (RULES.md, Notation: partnerships NS and EW)."""
    from pinochle.cards import FOUR_PARTNERS, Seating
    from pinochle.sim import random_hand

    ew_first = Seating((0, 1, 2, 3), ((1, 3), (0, 2)), ("EW", "NS"))
    for seed in range(40):
        ns = random_hand(random.Random(seed), seating=FOUR_PARTNERS)
        ew = random_hand(random.Random(seed), seating=ew_first)
        assert ew.dealt == ns.dealt and ew.play == ns.play and ew.declarer == ns.declarer
        assert ew.meld == ns.meld[::-1] and ew.tricks == ns.tricks[::-1] and ew.counters == ns.counters[::-1]
        assert ew.score.declarer_side == 1 - ns.score.declarer_side
        assert ew.score.score == ns.score.score[::-1] and ew.score.made == ns.score.made
