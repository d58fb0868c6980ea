"""Hard uses its budget: the baseline kept for the arena, the new Hard's moves,
and the auction read as evidence about the hidden hands (pinochle.bots.knowledge)."""

from __future__ import annotations

import random

from pinochle.arena import make_player, player_names
from pinochle.bots import LEVELS, HardPlayer, SimplePlayer, for_level
from pinochle.bots.hard import hard_baseline
from pinochle.bots.knowledge import (auction_bounds, auction_likelihood, consistent, hand_worth, knowledge,
                                     sample_hands_by_auction)
from pinochle.cards import pack, parse_cards
from pinochle.game import Action, State, apply, new_match, turn, view
from pinochle.sim import deal, playout, playout_partners


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
    assert (base.samples, base.rollout, base.inference, base.endgame) == (48, "greedy", False, 8)
    assert (new.samples, new.rollout, new.inference) != (base.samples, base.rollout, base.inference)
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


def test_a_bid_the_hand_cannot_back_is_weighed_down() -> None:
    s = _to_play(5)
    me = int(turn(s))  # type: ignore[arg-type]
    v = view(s, me)
    k = knowledge(v)
    bounds: list[tuple[int | None, int | None]] = [(None, None)] * 4
    other = (me + 1) % 4
    bounds[other] = (380, None)  # that seat bid 380
    strong = pack(parse_cards("AH TH KH QH JH 9H AS AD KC QC 9C 9D"))  # a run, a dix, two more aces
    weak = pack(parse_cards("9S JS 9H JH QD 9D JD JC 9C QS JS QC"))  # a pinochle, no ace, no ten
    assert hand_worth(strong) > 380 > 300 > hand_worth(weak)
    hands_strong = [0, 0, 0, 0]
    hands_weak = [0, 0, 0, 0]
    hands_strong[other], hands_weak[other] = strong, weak
    w_strong = auction_likelihood(hands_strong, k, tuple(bounds))
    w_weak = auction_likelihood(hands_weak, k, tuple(bounds))
    assert w_strong > 0.5 and w_weak < 0.01
    # a pass says the opposite: the strong hand declined 260
    bounds[other] = (None, 260)
    assert auction_likelihood(hands_strong, k, tuple(bounds)) < 0.01 < auction_likelihood(hands_weak, k, tuple(bounds))


def test_the_calls_are_read_per_seat_and_the_resampled_deals_fit_the_view() -> None:
    s = _to_play(7, 4)
    me = int(turn(s))  # type: ignore[arg-type]
    v = view(s, me)
    bounds = auction_bounds(v)
    assert bounds[me] == (None, None)
    for who, call in v.calls:
        made = bounds[int(who)][0]
        if call is not None and int(who) != me:
            assert made is not None and made >= call
    k = knowledge(v)
    deals = sample_hands_by_auction(k, bounds, random.Random(1), 12, 24)
    assert len(deals) == 12 and all(consistent(k, h) for h in deals)
    assert deals == sample_hands_by_auction(k, bounds, random.Random(1), 12, 24)


def test_the_partner_playout_deals_every_card_and_counter() -> None:
    rng = random.Random(3)
    for trump in range(4):
        hands = deal(rng.random)
        tricks, pts = playout_partners(list(hands), trump, trump, rng.random)
        greedy = playout(list(hands), trump, trump, rng.random, greedy=True)
        assert sum(tricks) == 12 and sum(pts) == 250 == sum(greedy[1])
