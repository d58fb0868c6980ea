"""What a seat knows about the hidden cards, and the sampler of deals that fit it."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle.bots import knowledge as kn
from pinochle.bots.knowledge import (
    NO_CAP,
    VOID_CAP,
    Knowledge,
    consistent,
    explain,
    knowledge,
    meld_exclusions,
    sample_hands,
    sample_hands_ex,
)
from pinochle.cards import FULL_DECK, LAYER, Card, Suit, add, pack, parse_cards, remove, size, unpack
from pinochle.game import Action, State, apply, new_match, turn, view
from pinochle.meld import meld, meld_points

from .support import random_states

SEEDS = st.integers(min_value=0, max_value=2**32)
FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
S, C = Suit.S, Suit.C


def deck_ok(k: Knowledge, hands: tuple[int, ...]) -> bool:
    """The four hands and the played cards hold every card of the deck exactly twice."""
    n: Counter[int] = Counter()
    for h in (*hands, *k.played):
        n.update(unpack(h))
    return all(n[c] == 2 for c in range(24))


def play_states(seed: int) -> list[State]:
    """Every play-phase state of the first hand of a random legal match."""
    return [s for s in random_states(seed, max_hands=1) if s.phase == "play"]


# ------------------------------------------------------------------ random matches


@FAST
@given(SEEDS)
def test_the_true_deal_fits_every_seats_knowledge(seed: int) -> None:
    for state in play_states(seed):
        for me in range(4):
            k = knowledge(view(state, me))
            assert explain(k, state.hands) is None, (state.version, me)
            assert k.known[me] == state.hands[me] and k.counts == tuple(size(h) for h in state.hands)
            for s in range(4):
                # voids and caps hold for the true hand
                assert not state.hands[s] & ((1 << 24) - 1) & ~k.allowed(s)
                for u in range(4):
                    assert (k.voids[s] >> u & 1) == (k.caps[s][u] == VOID_CAP)


@FAST
@given(SEEDS)
def test_every_sample_fits_and_keeps_the_deck_and_the_own_hand(seed: int) -> None:
    rng = random.Random(seed)
    for state in play_states(seed):
        for me in range(4):
            k = knowledge(view(state, me))
            for _ in range(2):
                smp = sample_hands_ex(k, rng)
                hands = smp.hands
                assert hands[me] == state.hands[me]
                assert deck_ok(k, hands)
                assert explain(k, hands, meld_check=not smp.relaxed) is None, (state.version, me)
                assert 1 <= smp.tries <= kn.MAX_TRIES


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS)
def test_every_phase_of_a_match_gives_knowledge_the_true_deal_fits(seed: int) -> None:
    """Auction, trump, meld review, play and hand end, over two hands."""
    rng = random.Random(seed)
    phases = set()
    for state in random_states(seed, max_hands=2):
        if state.phase == "play" and rng.random() < 0.8:
            continue  # the play phase is covered above
        me = rng.randrange(4)
        k = knowledge(view(state, me))
        phases.add(state.phase)
        assert consistent(k, state.hands), (state.phase, state.version)
        smp = sample_hands_ex(k, rng)
        assert smp.hands[me] == state.hands[me] and deck_ok(k, smp.hands)
        assert consistent(k, smp.hands, meld_check=not smp.relaxed)
    assert {"auction", "meld", "play", "hand_end"} <= phases


@FAST
@given(SEEDS)
def test_the_sampler_is_reproducible_and_varies(seed: int) -> None:
    states = play_states(seed)
    for state in (states[0], states[len(states) // 2]):
        me = random.Random(seed).randrange(4)
        k = knowledge(view(state, me))
        a = [sample_hands(k, random.Random(seed)) for _ in range(3)]
        r1, r2 = random.Random(seed + 1), random.Random(seed + 1)
        assert [sample_hands(k, r1) for _ in range(5)] == [sample_hands(k, r2) for _ in range(5)]
        assert a[0] == a[1] == a[2]
        deals = {sample_hands(k, r1) for _ in range(30)}
        assert len(deals) > 1 and deals != {state.hands}


@FAST
@given(SEEDS)
def test_knowledge_comes_from_the_view_alone(seed: int) -> None:
    """Swapping hidden cards between two other seats changes nothing a seat knows."""
    rng = random.Random(seed)
    for state in play_states(seed)[::5]:
        me = rng.randrange(4)
        a, b = rng.sample([s for s in range(4) if s != me], 2)
        swapped = _swap_hidden(state, a, b, rng)
        if swapped is None:
            continue
        assert swapped.hands != state.hands
        assert knowledge(view(swapped, me)) == knowledge(view(state, me))


def _hidden(state: State, seat: int) -> Counter[int]:
    """Cards ``seat`` holds and has not laid down in meld."""
    held: Counter[int] = Counter(unpack(state.hands[seat]))
    m = state.melds[seat]
    if m is not None:
        played = Counter(c for t in state.tricks for i, c in enumerate(t.cards) if t.seat_of(i) == seat)
        held -= Counter(m.shown()) - played
    return held


def _swap_hidden(state: State, a: int, b: int, rng: random.Random) -> State | None:
    options = [(x, y) for x in _hidden(state, a) for y in _hidden(state, b) if x != y]
    if not options:
        return None
    x, y = rng.choice(options)
    hands, dealt = list(state.hands), list(state.dealt)
    for hs in (hands, dealt):
        hs[a] = add(remove(hs[a], x), y)
        hs[b] = add(remove(hs[b], y), x)
    return replace(state, hands=tuple(hands), dealt=tuple(dealt))  # type: ignore[arg-type]


# ------------------------------------------------------------------ the meld check


@st.composite
def meld_case(draw: st.DrawFn) -> tuple[int, int, int]:
    """A dealt hand, a trump, and a bigger hand made of its laid-down meld and other cards."""
    cards = draw(st.permutations([c for c in range(24) for _ in range(2)]))
    trump = draw(st.integers(0, 3))
    dealt = pack(cards[:12])
    shown = pack(meld(dealt, trump).shown())
    rest = list(unpack(_minus(FULL_DECK, shown)))
    extra = draw(st.lists(st.sampled_from(rest), max_size=12, unique_by=lambda c: c))
    other = shown
    for c in extra:
        if not other >> (LAYER + c) & 1:
            other = add(other, c)
    return dealt, trump, other


def _minus(a: int, b: int) -> int:
    for c in unpack(b):
        a = remove(a, c)
    return a


@settings(max_examples=400, deadline=None)
@given(meld_case())
def test_meld_exclusions_are_sound_and_make_points_enough(case: tuple[int, int, int]) -> None:
    """No dealt hand holds an excluded card beyond its meld; past them, equal points mean equal meld.

    The second half is why the sampler may check meld with the fast
    meld_points: a hand holding the laid-down cards and no excluded card
    that melds the same points lays down the same cards.
    """
    dealt, trump, other = case
    m = meld(dealt, trump)
    shown = pack(m.shown())
    excl = meld_exclusions(shown, m.total, trump)
    assert not _minus(dealt, shown) & excl & ((1 << 24) - 1)
    if not _minus(other, shown) & excl & ((1 << 24) - 1) and meld_points(other, trump) == m.total:
        assert pack(meld(other, trump).shown()) == shown


# ------------------------------------------------------------------ hand-built positions


def deal(n: str, e: str, s: str) -> tuple[int, int, int, int]:
    """N E S as given, W the rest of the deck."""
    hands = [pack(parse_cards(x)) for x in (n, e, s)]
    assert all(size(h) == 12 for h in hands)
    w = FULL_DECK
    for h in hands:
        w = _minus(w, h)
    return hands[0], hands[1], hands[2], w


def start(hands: tuple[int, int, int, int], trump: Suit) -> State:
    """N declares 250 (dealer W), names ``trump``; every seat lays down its meld."""
    state = new_match(seed=0, first_dealer=3, deals=[hands])
    state = apply(state, Action.bid_(0, 250))
    for other in (1, 2, 3):
        state = apply(state, Action.pass_(other))
    state = apply(state, Action.trump_(0, trump))
    while state.phase == "meld":
        seat = turn(state)
        assert seat is not None
        state = apply(state, Action.meld_(seat))
    return state


def play(state: State, cards: str) -> State:
    for c in parse_cards(cards):
        seat = turn(state)
        assert seat is not None
        state = apply(state, Action.play_(seat, c))
    return state


def check_samples(state: State, k: Knowledge, n: int = 40) -> None:
    assert consistent(k, state.hands)
    rng = random.Random(7)
    for _ in range(n):
        smp = sample_hands_ex(k, rng)
        assert not smp.relaxed
        assert consistent(k, smp.hands) and deck_ok(k, smp.hands)


# Clubs trump. N holds every spade; E trumps N's A♠ with K♣, S cannot
# overtrump and under-trumps with J♣, W has no club and throws K♥ (meld).
TRUMPING = deal(
    "AS AS TS TS KS KS QS QS JS JS 9S 9S",
    "AC AC TC TC KC KC 9C 9C AH AD TH TD",
    "QC QC JC JC AH AD TH TD KH KD JH 9D",
)


def test_void_from_not_following_trump_void_from_throwing_and_trump_cap_from_under_trumping() -> None:
    state = play(start(TRUMPING, C), "AS KC JC KH")
    k = knowledge(view(state, 0))
    assert k.voids[1] == 1 << S and k.caps[1] == (VOID_CAP, NO_CAP, NO_CAP, NO_CAP)
    # S under-trumped K♣ with J♣: it holds no A♣ or T♣ (K♣ itself would not beat)
    assert k.voids[2] == 1 << S and k.caps[2] == (VOID_CAP, NO_CAP, NO_CAP, Card.parse("KC").rank)
    # W neither followed nor trumped: void in spades and in clubs
    assert k.voids[3] == 1 << S | 1 << C and k.caps[3][S] == k.caps[3][C] == VOID_CAP
    assert not k.allowed(2) & (1 << Card.parse("AC") | 1 << Card.parse("TC"))
    assert k.allowed(2) >> Card.parse("KC") & 1 and k.allowed(2) >> Card.parse("QC") & 1
    check_samples(state, k)
    for smp in (sample_hands(k, random.Random(i)) for i in range(30)):
        assert not smp[3] & (0x3F << 18 | 0x3F) and not smp[2] & (1 << Card.parse("AC") | 1 << Card.parse("TC"))


def test_meld_cards_are_known_until_played() -> None:
    state = start(TRUMPING, C)
    k0 = knowledge(view(state, 0))
    # E laid down its dix (two 9♣), W its marriages in hearts and diamonds
    assert k0.known[1] == pack(parse_cards("9C 9C")) and k0.meld_totals[1] == 20
    assert k0.known[3] == pack(parse_cards("KH QH KD QD"))
    assert k0.known[0] == state.hands[0] and k0.known[2] == 0 and k0.meld_totals[2] == 0
    state = play(state, "AS KC JC KH")
    k = knowledge(view(state, 0))
    assert k.known[3] == pack(parse_cards("QH KD QD")) and k.shown[3] == pack(parse_cards("KH QH KD QD"))
    assert k.played[3] == pack(parse_cards("KH"))
    assert size(k.unseen) == 48 - 11 - 4
    # what the meld review proves: S showed nothing, so it holds no nine of
    # clubs (a dix); E showed no royal marriage, so it never holds both a
    # K♣ and a Q♣ (rejected by the meld check, not excluded card by card)
    assert k.meld_excluded[2] >> Card.parse("9C") & 1
    check_samples(state, k)
    kc, qc, nine = Card.parse("KC"), Card.parse("QC"), Card.parse("9C")
    for i in range(30):
        hands = sample_hands(k, random.Random(i))
        assert not {Card.parse("QH"), Card.parse("KD"), Card.parse("QD")} - set(unpack(hands[3]))
        assert not (hands[1] >> kc & 1 and hands[1] >> qc & 1)
        assert not hands[2] >> nine & 1


# Clubs trump. N leads T♠; E follows with the twin T♠ (it does not beat, so E
# has no A♠); S can only play under, with Q♠ (no A♠ either); W beats with A♠.
FOLLOWING = deal(
    "AS TS KS AH AH TH TH KH KH QH QH JH",
    "TS JS 9S JH 9H 9H AD AD TD TD KD KD",
    "KS QS QS QD QD JD JD 9D 9D AC AC TC",
)


def test_cap_from_following_without_beating_and_an_identical_card_does_not_beat() -> None:
    state = play(start(FOLLOWING, C), "TS TS QS AS")
    k = knowledge(view(state, 0))
    ten = Card.parse("TS").rank
    assert k.caps[1][S] == ten and k.caps[2][S] == ten and k.caps[3][S] == NO_CAP
    assert k.voids == (0, 0, 0, 0)
    check_samples(state, k)
    # the other A♠ is N's: nobody else may hold it, and the T♠s are gone
    k3 = knowledge(view(state, 3))
    assert k3.caps[1][S] == ten and k3.caps[2][S] == ten
    check_samples(state, k3)
    for i in range(30):
        hands = sample_hands(k3, random.Random(i))
        assert hands[0] >> Card.parse("AS") & 1


def test_trump_lead_followed_without_beating_caps_trump() -> None:
    # Clubs trump; N leads K♣, E follows with 9♣... E holds only 9♣ and J♣ in clubs
    hands = deal(
        "KC AS AS TS TS KS KS QS JS JS 9S 9S",
        "9C JC AH AH TH TH KH KH AD AD TD TD",
        "AC AC TC TC QC QC KD KD QD JD JD 9D",
    )
    state = play(start(hands, C), "KC 9C AC")
    k = knowledge(view(state, 3))
    assert k.caps[1][C] == Card.parse("KC").rank and k.caps[2][C] == NO_CAP
    check_samples(state, k)


def test_impossible_knowledge_raises_a_clear_error() -> None:
    state = play(start(TRUMPING, C), "AS KC JC KH")
    k = knowledge(view(state, 0))
    # pretend E is void in all but clubs: it needs nine more cards, and only
    # eight clubs are hidden (12 less K♣ J♣ played, less E's 9♣ 9♣ laid down)
    bad = replace(k, voids=(k.voids[0], 7, k.voids[2], k.voids[3]),
                  caps=(k.caps[0], (VOID_CAP, VOID_CAP, VOID_CAP, NO_CAP), k.caps[2], k.caps[3]))
    with pytest.raises(ValueError, match="no deal"):
        sample_hands(bad, random.Random(1))
    assert not consistent(bad, state.hands)


# ------------------------------------------------------------------ uniformity


def all_deals(k: Knowledge) -> Counter[tuple[int, int, int, int]]:
    """Every consistent deal with its number of physical deals (copies of a card told apart)."""
    phys = [c for c in unpack(k.hidden())]
    others = [s for s in range(4) if s != k.seat]
    free = [k.counts[s] - size(k.known[s]) for s in others]
    out: Counter[tuple[int, int, int, int]] = Counter()
    idx = range(len(phys))
    for a in itertools.combinations(idx, free[0]):
        rest = [i for i in idx if i not in a]
        for b in itertools.combinations(rest, free[1]):
            c = [i for i in rest if i not in b]
            hands = list(k.known)
            for seat, part in zip(others, (a, b, c)):
                for i in part:
                    hands[seat] = add(hands[seat], phys[i])
            deal_ = (hands[0], hands[1], hands[2], hands[3])
            if deal_ in out or consistent(k, deal_):
                out[deal_] += 1
    return out


def test_accepted_samples_are_uniform_over_consistent_deals() -> None:
    """Late in a hand, sample frequencies match the count of physical deals (a chi-square bound)."""
    checked = 0
    for seed in range(40):
        for state in play_states(seed):
            done = sum(len(t.cards) for t in state.tricks)
            if done != 38:
                continue
            me = seed % 4
            k = knowledge(view(state, me))
            deals = all_deals(k)
            if not 4 <= len(deals) <= 40:
                continue
            assert state.hands in deals
            total = sum(deals.values())
            n = 200 * len(deals)
            rng = random.Random(seed)
            seen = Counter(sample_hands(k, rng) for _ in range(n))
            assert set(seen) <= set(deals)
            chi2 = sum((seen[d] - n * w / total) ** 2 / (n * w / total) for d, w in deals.items())
            df = len(deals) - 1
            assert chi2 < df + 6 * (2 * df) ** 0.5 + 10, (seed, chi2, df)
            checked += 1
            if checked >= 6:
                return
    assert checked >= 3
