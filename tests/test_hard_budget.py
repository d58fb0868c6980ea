"""Hard uses its budget: the baseline kept for the arena, the new Hard's moves,
and the partner-aware playout."""

from __future__ import annotations

import random

from pinochle.arena import make_player, player_names
from pinochle.bots import LEVELS, HardPlayer, SimplePlayer, for_level
from pinochle.bots.hard import hard_baseline
from pinochle.game import Action, State, apply, new_match, turn, view
from pinochle.sim import GREEDY, PARTNERS, deal, playout


def _to_play(seed: int, tricks: int = 0) -> State:
    """A table game played by Easy seats until ``tricks`` cards have been played this hand."""
    s = new_match(seed=seed)
    players = [SimplePlayer(i) for i in range(4)]
    while s.phase != "play" or sum(len(t.cards) for t in s.tricks) < tricks:
        seat = turn(s)
        assert seat is not None
        s = apply(s, Action.meld_(seat) if s.phase == "meld" else players[seat].act(view(s, seat)))
    return s


def test_the_baseline_is_registered_in_the_arena_only_and_differs_from_hard() -> None:
    assert "hard-baseline" in player_names() and "hard-baseline" not in LEVELS
    base = make_player("hard-baseline", 3)
    new = for_level("hard", 3)
    assert isinstance(base, HardPlayer) and isinstance(new, HardPlayer)
    assert (base.samples, base.rollout, base.endgame) == (48, "greedy", 8)
    assert (new.samples, new.rollout) != (base.samples, base.rollout)
    assert repr(hard_baseline(3)) == repr(base)


def test_new_hard_plays_a_legal_card_reproducibly_from_its_seed() -> None:
    for seed, played in ((4, 0), (9, 5), (12, 22)):
        s = _to_play(seed, played)
        seat = turn(s)
        assert seat is not None
        v = view(s, seat)
        first = for_level("hard", f"budget/{seed}").act(v)
        again = for_level("hard", f"budget/{seed}").act(v)
        assert first == again
        assert first.type == "play" and first.card in v.legal.cards


def test_the_partner_playout_deals_every_card_and_counter() -> None:
    rng = random.Random(3)
    for trump in range(4):
        hands = deal(rng.random)
        tricks, pts, _ = playout(list(hands), trump, trump, rng.random, policy=PARTNERS)
        greedy = playout(list(hands), trump, trump, rng.random, policy=GREEDY)
        assert sum(tricks) == 12 and sum(pts) == 250 == sum(greedy[1])
