"""The computer players on the 80-card game (VARIANTS.md ``double-deck``: four copies of A T K Q J
in each suit, 20 cards a hand): every level plays legally and reproducibly, Hard's sampler deals
only what the deck and the table allow, no player sees a hidden card, and the endgame search is
exact with duplicate copies."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle.bots import HardPlayer, NormalPlayer, SimplePlayer, for_level
from pinochle.bots.knowledge import Knowledge, explain, knowledge, meld_exclusions, sample_hands, sample_hands_ex
from pinochle.bots.search import solve
from pinochle.cards import CARDS, DOUBLE_DECK, LAYER, SPREAD, Card, Seat, parse_cards, size
from pinochle.game import Action, State, apply, auto_action, legal, new_match, turn, view
from pinochle.meld import meld, meld_points
from pinochle.rules import DOUBLE_DECK_RULES as DD
from pinochle.tricks import legal_mask, winner_index
from pinochle.parts import Contract

from .support import moves_ignore_hidden_cards, random_action

GAME = "double-deck"
SEEDS = st.integers(min_value=0, max_value=2**32)
FAST = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def copies(hand: int, card: int) -> int:
    return (hand >> card & SPREAD[4]).bit_count()


def well_formed(hand: int) -> bool:
    """A packed hand of the double deck: at most four nested layers, no nines."""
    return hand >= 0 and not hand >> (4 * LAYER) and not (hand >> LAYER) & ~hand and not hand & 0x41041 * SPREAD[4]


def play_match(players: list[object], seed: int, max_hands: int | None = None) -> tuple[State, list[Action]]:
    """A double-deck match (or its first ``max_hands`` hands); every move is checked against ``legal``."""
    state = new_match(seed=seed, game=GAME)
    actions: list[Action] = []
    while state.phase != "match_end" and (max_hands is None or len(state.history) < max_hands):
        a = auto_action(state)
        if a is None:
            seat = turn(state)
            assert seat is not None
            if state.phase == "hand_end":
                a = Action.deal_(seat)
            else:
                v = view(state, seat)
                a = players[seat].act(v)  # type: ignore[attr-defined]
                assert a in legal(state, seat).actions(seat), (state.phase, a)
        actions.append(a)
        state = apply(state, a)
    return state, actions


def random_states(seed: int, max_hands: int = 1) -> list[State]:
    """Every state of the first hands of a random legal double-deck match."""
    rng = random.Random(seed)
    state = new_match(seed=seed, game=GAME)
    out = [state]
    while state.phase != "match_end" and len(state.history) < max_hands:
        a = auto_action(state) or random_action(state, rng, p_bid=0.3)
        state = apply(state, a)
        out.append(state)
    return out


# ---------------------------------------------------------------- whole matches


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_easy_and_normal_play_whole_matches_legally_and_reproducibly(level: str) -> None:
    for seed in (3, 8):
        a, acts_a = play_match([for_level(level, f"{seed}/{s}") for s in range(4)], seed)
        b, acts_b = play_match([for_level(level, f"{seed}/{s}") for s in range(4)], seed)
        assert a.phase == "match_end" and acts_a == acts_b
        for h in a.history:
            assert sum(h.score.counters) == DD.total_counters == 50
            assert sum(h.score.tricks) == 20
        assert max(a.totals) >= DD.target


def test_hard_plays_a_whole_match_legally_and_reproducibly() -> None:
    def players() -> list[object]:
        return [HardPlayer(f"h{s}", samples=4) if s % 2 == 0 else NormalPlayer(s) for s in range(4)]

    a, acts_a = play_match(players(), 3)
    b, acts_b = play_match(players(), 3)
    assert a.phase == "match_end" and acts_a == acts_b
    assert all(sum(h.score.tricks) == 20 for h in a.history)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_contracts_are_sensible(level: str) -> None:
    """Not everybody at the minimum of 50 every hand, and no bid beyond what a side can make."""
    make = (lambda s: HardPlayer(f"c{s}", samples=8)) if level == "hard" else (lambda s: for_level(level, s))
    state, _ = play_match([make(s) for s in range(4)], 11, max_hands=6 if level == "hard" else 12)
    bids = [h.parts.get(Contract).bid for h in state.history]
    assert all(DD.min_bid <= b <= 200 for b in bids), bids
    assert any(b > DD.min_bid for b in bids), bids


# ---------------------------------------------------------------- the sampler


def deck_ok(k: Knowledge, hands: tuple[int, ...]) -> bool:
    """The four hands and the played cards are the 80-card deck exactly, each hand well formed."""
    n: Counter[int] = Counter()
    for h in (*hands, *k.played):
        assert well_formed(h)
        n.update(DOUBLE_DECK.unpack(h))
    return all(n[c] == DOUBLE_DECK.copies[c] for c in range(24))


def check_sample(state: State, k: Knowledge, hands: tuple[int, ...], relaxed: bool) -> None:
    me = k.seat
    assert hands[me] == state.hands[me]
    assert deck_ok(k, hands)
    assert [size(h) for h in hands] == [size(h) for h in state.hands]
    for s in range(4):
        assert not any(copies(hands[s], c) > 4 for c in range(24))
        # voids and caps: no card of a suit the seat is known to lack
        assert not hands[s] & ((1 << 24) - 1) & ~k.allowed(s)
        if s == me or k.shown[s] is None:
            continue
        # the meld shown: the seat still holds what it laid down and has not played
        assert not k.known[s] & ~hands[s]
        if not relaxed and k.trump is not None:
            dealt = DOUBLE_DECK.pack(DOUBLE_DECK.unpack(hands[s]) + DOUBLE_DECK.unpack(k.played[s]))
            m = meld(dealt, k.trump, DD)
            assert m.total == k.meld_totals[s]
            assert DOUBLE_DECK.pack(m.shown()) == k.shown[s]
    assert explain(k, hands, meld_check=not relaxed) is None


@FAST
@given(SEEDS)
def test_the_true_deal_fits_and_every_sample_respects_the_deck(seed: int) -> None:
    rng = random.Random(seed)
    states = [s for s in random_states(seed) if s.phase == "play"]
    assert states
    for state in states[::7]:
        for me in range(4):
            k = knowledge(view(state, me))
            assert explain(k, state.hands) is None
            for _ in range(2):
                smp = sample_hands_ex(k, rng)
                check_sample(state, k, smp.hands, smp.relaxed)


def test_samples_keep_the_meld_shown_and_the_voids() -> None:
    """Mid-hand positions from players' own matches: the laid-down meld and the voids shown hold
    in every sample, and at most a few deals are drawn without the meld check."""
    relaxed = total = voids = 0
    for seed in range(3):
        players = [NormalPlayer(s) for s in range(4)]
        state = new_match(seed=seed, game=GAME)
        while state.phase != "play" or len(state.tricks) < 9:
            seat = turn(state)
            assert seat is not None
            state = apply(state, auto_action(state) or players[seat].act(view(state, seat)))
        rng = random.Random(seed)
        for me in range(4):
            k = knowledge(view(state, me))
            voids += sum(bin(v).count("1") for v in k.voids)
            for _ in range(10):
                smp = sample_hands_ex(k, rng)
                check_sample(state, k, smp.hands, smp.relaxed)
                relaxed += smp.relaxed
                total += 1
    assert voids > 0
    assert relaxed <= total // 4


def test_the_sampler_is_reproducible() -> None:
    state = [s for s in random_states(4) if s.phase == "play"][30]
    k = knowledge(view(state, 1))
    assert sample_hands(k, random.Random(9)) == sample_hands(k, random.Random(9))
    assert len({sample_hands(k, random.Random(i)) for i in range(10)}) > 1


@settings(max_examples=40, deadline=None)
@given(st.permutations(DOUBLE_DECK.cards()), st.integers(0, 3))
def test_meld_exclusions_count_up_to_four_copies(deck: list[Card], trump: int) -> None:
    """A card type is ruled out exactly when one more copy of it beside the laid-down cards
    melds differently; a type of which all four copies were laid down never is."""
    m = meld(DOUBLE_DECK.pack(deck[:20]), trump, DD)
    shown = DOUBLE_DECK.pack(m.shown())
    excl = meld_exclusions(shown, m.total, trump, DD)
    for c in range(24):
        if copies(shown, c) >= DOUBLE_DECK.copies[c]:
            assert not excl >> c & 1
            continue
        bigger = meld(DOUBLE_DECK.add(shown, c), trump, DD)
        differs = bigger.total != m.total or DOUBLE_DECK.pack(bigger.shown()) != shown
        assert bool(excl >> c & 1) == differs, CARDS[c]
    run = DOUBLE_DECK.pack(parse_cards("AH TH KH QH JH"))
    assert meld_exclusions(run, meld_points(run, 1, DD), 1, DD) >> Card.parse("KH") & 1


# ---------------------------------------------------------------- hidden cards


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_players_cannot_see_hidden_cards(level: str) -> None:
    """A player's move is the same whatever the other seats' hidden cards are."""
    assert moves_ignore_hidden_cards(random_states(17), level, random.Random(5), skip=0.8) >= 5


# ---------------------------------------------------------------- the endgame search


def _minimax(hands: list[int], trump: int, leader: int, trick: list[int], side: int) -> int:
    """Plain minimax of the double deck's counters (no pruning), independent of pinochle.bots.search."""
    if len(trick) == 4:
        who = (leader + winner_index(trick, trump)) % 4
        pts = sum(1 for c in trick if c % 6 >= 3) + (DD.last_trick if not any(hands) else 0)
        gain = pts if who % 2 == side else -pts
        return gain + (0 if not any(hands) else _minimax(hands, trump, who, [], side))
    seat = (leader + len(trick)) % 4
    mask = legal_mask(hands[seat], trick, trump, DD)
    results = []
    for c in range(24):
        if mask >> c & 1:
            hs = list(hands)
            hs[seat] = DOUBLE_DECK.remove(hs[seat], c)
            results.append(_minimax(hs, trump, leader, [*trick, c], side))
    return max(results) if seat % 2 == side else min(results)


#: Four copies each of a few cards of two suits: hands full of duplicates.
FEW = [c for c in parse_cards("AS TS KS JS AH QH") for _ in range(4)]


@settings(max_examples=60, deadline=None)
@given(st.permutations(FEW), st.integers(0, 3), st.integers(0, 3), st.integers(1, 3))
def test_endgame_search_equals_plain_minimax_with_duplicate_copies(
        deck: list[Card], trump: int, leader: int, tricks_left: int) -> None:
    hands = [DOUBLE_DECK.pack(deck[i * tricks_left:(i + 1) * tricks_left]) for i in range(4)]
    got = solve(hands, trump, leader, [], 0, lambda p, t: p[0] - p[1], DD)
    assert got == _minimax(hands, trump, leader, [], 0)


def test_simple_and_normal_value_hands_in_the_games_own_meld() -> None:
    from pinochle.bots.normal import choose_trump_wide
    from pinochle.bots.simple import bid_estimate_wide, trump_choice

    strong = parse_cards("AH TH KH QH JH AH TH KH QH JH AS KS QS JD AD KC QC JC TC TD")
    weak = parse_cards("JS JS QS TH JH JH QD QD JD KD JC JC QC TC KS JH QH TD JC QD")
    assert trump_choice(strong, DD)[0] == 1 and choose_trump_wide(strong, DD)[0] == 1
    assert bid_estimate_wide(strong, DD) > 150 > bid_estimate_wide(weak, DD)
    assert choose_trump_wide(strong, DD)[1] > 150 > 50 > choose_trump_wide(weak, DD)[1] - 20
    assert isinstance(SimplePlayer(1), SimplePlayer) and Seat.N == 0
