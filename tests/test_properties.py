"""Property tests (hypothesis) of the engine's invariants."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle import sim
from pinochle.cards import CARDS, Card, Suit, add, count, pack, unpack
from pinochle.game import Action, State, apply, deck_check, legal, new_match, turn, view
from pinochle.games import with_switches
from pinochle.meld import meld, meld_by_trump, meld_points
from pinochle.records import match_record, replay
from pinochle.rules import TABLE
from pinochle.tricks import legal_mask, winner_index
from pinochle.parts import Contract

from .support import random_states

SEEDS = st.integers(min_value=0, max_value=2**32)
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def deals(draw: st.DrawFn) -> list[int]:
    """A random deal: the 48 cards shuffled into four packed hands."""
    cards = draw(st.permutations([c for c in range(24) for _ in range(2)]))
    return [pack(cards[i * 12:(i + 1) * 12]) for i in range(4)]


@st.composite
def hands(draw: st.DrawFn, min_size: int = 1, max_size: int = 12) -> int:
    cards = draw(st.permutations([c for c in range(24) for _ in range(2)]))
    n = draw(st.integers(min_size, max_size))
    return pack(cards[:n])


# ------------------------------------------------------------------ matches


@FAST
@given(SEEDS)
def test_random_matches_never_create_or_lose_a_card(seed: int) -> None:
    for state in random_states(seed, max_hands=3):
        assert deck_check(state), f"card count broken at version {state.version}"
        played = sum(len(t.cards) for t in state.tricks)
        assert sum(len(unpack(h)) for h in state.hands) + played == 48


@FAST
@given(SEEDS)
def test_every_complete_hand_has_250_counters_and_12_tricks(seed: int) -> None:
    last: State | None = None
    for last in random_states(seed, max_hands=4):
        pass
    assert last is not None and last.history
    for h in last.history:
        assert sum(h.score.counters) == 250
        assert sum(h.score.tricks) == 12
        assert h.score.meld == (h.melds[0].total + h.melds[2].total, h.melds[1].total + h.melds[3].total)


@FAST
@given(SEEDS)
def test_a_seat_to_play_always_has_a_legal_card(seed: int) -> None:
    for state in random_states(seed, max_hands=2):
        seat = turn(state)
        if state.phase == "play":
            assert seat is not None
            lg = legal(state, seat)
            assert lg.cards, "no legal card"
            held = set(unpack(state.hands[seat]))
            assert set(lg.cards) <= held
            for other in range(4):
                if other != seat:
                    assert not legal(state, other).any()


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS)
def test_replaying_a_generated_record_reproduces_its_result(seed: int) -> None:
    final: State | None = None
    for final in random_states(seed):
        pass
    assert final is not None and final.phase == "match_end"
    record = json.loads(json.dumps(match_record(final)))
    out = replay(record)
    assert out["totals"] == {"NS": final.totals[0], "EW": final.totals[1]}
    assert out["winner"] == ("NS", "EW")[final.winner or 0]
    hands = out["hands"]
    assert isinstance(hands, list) and len(hands) == len(final.history)
    for summary, result in zip(hands, final.history):
        assert summary["score"] == {"NS": result.score.score[0], "EW": result.score.score[1]}
        assert summary["bid"] == result.parts.get(Contract).bid and summary["declarer"] == str(result.parts.get(Contract).declarer)
    # each hand alone replays to the same summary
    for h, summary in zip(record["hands"], hands):
        assert replay(h) == summary


def _hidden(state: State, seat: int) -> Counter[int]:
    """Cards that ``seat`` still holds and has not shown in meld (what others must not see)."""
    held = Counter(unpack(state.hands[seat]))
    m = state.melds[seat]
    if m is not None:
        shown = Counter(m.shown())
        played = Counter(c for t in state.tricks for i, c in enumerate(t.cards) if t.seat_of(i) == seat)
        still_shown = shown - played
        held = held - still_shown
    return held


def _swap_hidden(state: State, a: int, b: int, rng: random.Random) -> State | None:
    """Swap one hidden card of seat a with a different hidden card of seat b (in hands and dealt)."""
    ha, hb = _hidden(state, a), _hidden(state, b)
    options = [(x, y) for x in ha for y in hb if x != y]
    if not options:
        return None
    x, y = rng.choice(options)
    from pinochle.cards import remove

    hands = list(state.hands)
    dealt = list(state.dealt)
    hands[a] = add(remove(hands[a], x), y)
    hands[b] = add(remove(hands[b], y), x)
    dealt[a] = add(remove(dealt[a], x), y)
    dealt[b] = add(remove(dealt[b], y), x)
    return replace(state, hands=tuple(hands), dealt=tuple(dealt))  # type: ignore[arg-type]


@FAST
@given(SEEDS)
def test_view_never_holds_another_seats_hidden_cards(seed: int) -> None:
    """A seat's view is the same whatever the hidden cards of the others are."""
    rng = random.Random(seed)
    for state in random_states(seed, max_hands=2):
        if state.phase == "match_end":
            continue
        for me in range(4):
            mine = view(state, me).to_json()
            others = [s for s in range(4) if s != me]
            a, b = rng.sample(others, 2)
            swapped = _swap_hidden(state, a, b, rng)
            if swapped is not None:
                assert view(swapped, me).to_json() == mine
            # and the JSON holds no other seat's hand field
            assert set(mine) >= {"hand", "tricks", "melds"}
            assert "hands" not in mine and "dealt" not in mine


@FAST
@given(SEEDS)
def test_view_shows_only_own_hand_and_public_cards(seed: int) -> None:
    """Card counts: a view's cards are own hand + played + shown meld, nothing more."""
    for state in random_states(seed, max_hands=1):
        for me in range(4):
            v = view(state, me)
            assert Counter(v.hand) == Counter(unpack(state.hands[me]))
            assert v.hand_sizes == tuple(len(unpack(h)) for h in state.hands)


# ------------------------------------------------------------------ meld


def _oracle_meld(cards: list[int], trump: int) -> int:
    """RULES.md, Meld, written out plainly from card counts (independent of pinochle.meld)."""
    n = Counter(cards)

    def c(rank: str, suit: int) -> int:
        return n[Card.parse(rank + "SHDC"[suit])]

    total = 0
    runs = min(c(r, trump) for r in "ATKQJ")
    runs = min(runs, 2)
    total += {0: 0, 1: 150, 2: 1500}[runs]
    k, q = c("K", trump), c("Q", trump)
    total += 40 * (min(k, q) if runs == 0 else max(k, q) - runs)
    total += 10 * c("9", trump)
    for s in range(4):
        if s != trump:
            total += 20 * min(c("K", s), c("Q", s))
    p = min(n[Card.parse("QS")], n[Card.parse("JD")])
    total += {0: 0, 1: 40, 2: 300}[p]
    for rank, single in (("A", 100), ("K", 80), ("Q", 60), ("J", 40)):
        around = min(c(rank, s) for s in range(4))
        total += {0: 0, 1: single, 2: single * 10}[around]
    return total


@settings(max_examples=400, deadline=None)
@given(hands(), st.integers(0, 3))
def test_meld_matches_an_independent_count_of_rules_md(hand: int, trump: int) -> None:
    assert meld(hand, trump).total == _oracle_meld(unpack(hand), trump)


@settings(max_examples=400, deadline=None)
@given(hands(), st.integers(0, 3))
def test_meld_shown_and_scored_agree(hand: int, trump: int) -> None:
    m = meld(hand, trump)
    assert m.total == sum(i.points for i in m.items)
    assert meld_points(hand, trump) == m.total == meld_by_trump(hand)[trump]
    shown = Counter(m.shown())
    held = Counter(unpack(hand))
    assert not shown - held, "meld shows a card the hand does not hold"
    for item in m.items:
        assert not Counter(item.cards) - held
        assert set(item.cards) <= set(shown), "a scoring card is not shown"
        if item.name.startswith("double"):
            assert not Counter(item.cards) - shown, "both copies of a double meld are shown"
    assert bool(shown) == bool(m.items)


# ------------------------------------------------------------------ play


def _oracle_legal(hand: list[int], trick: list[int], trump: int, head_ruffed: bool = False) -> set[int]:
    """RULES.md, Play 1-3, written out plainly (independent of pinochle.tricks); ``head_ruffed``: the house
    rule that a trumped lead's suit must still be headed (VARIANTS.md, House-rule switches)."""
    held = set(hand)
    if not trick:
        return held

    def strength(c: int) -> tuple[int, int]:
        led = trick[0] // 6
        return (2 if c // 6 == trump else 1 if c // 6 == led else 0, c % 6)

    winning = trick[0]
    for c in trick[1:]:
        if strength(c) > strength(winning):
            winning = c
    led = trick[0] // 6
    follow = {c for c in held if c // 6 == led}
    if follow:
        if winning // 6 == led:
            higher = {c for c in follow if c % 6 > winning % 6}
            return higher or follow
        if head_ruffed:  # the lead was trumped: still beat the best card of the led suit
            best = max(c % 6 for c in trick if c // 6 == led)
            return {c for c in follow if c % 6 > best} or follow
        return follow
    trumps = {c for c in held if c // 6 == trump}
    if trumps:
        if winning // 6 == trump:
            higher = {c for c in trumps if c % 6 > winning % 6}
            return higher or trumps
        return trumps
    return held


@st.composite
def hand_and_trick(draw: st.DrawFn) -> tuple[list[int], list[int], int]:
    cards = draw(st.permutations([c for c in range(24) for _ in range(2)]))
    n = draw(st.integers(1, 12))
    t = draw(st.integers(0, 3))
    return cards[:n], cards[n:n + t], draw(st.integers(0, 3))


@settings(max_examples=600, deadline=None)
@given(hand_and_trick())
def test_legal_cards_match_an_independent_reading_of_the_play_rules(case: tuple[list[int], list[int], int]) -> None:
    hand, trick, trump = case
    mask = legal_mask(pack(hand), trick, trump)
    got = {c for c in range(24) if mask >> c & 1}
    assert got == _oracle_legal(hand, trick, trump)
    assert got, "a hand with cards always has a legal card"


HEAD_RUFFED = with_switches(TABLE, {"head_ruffed": "true"})


@settings(max_examples=600, deadline=None)
@given(hand_and_trick())
def test_with_head_ruffed_the_legal_cards_still_head_a_trumped_suit(case: tuple[list[int], list[int], int]) -> None:
    hand, trick, trump = case
    mask = legal_mask(pack(hand), trick, trump, HEAD_RUFFED)
    got = {c for c in range(24) if mask >> c & 1}
    assert got == _oracle_legal(hand, trick, trump, head_ruffed=True)
    assert got, "a hand with cards always has a legal card"


def test_head_ruffed_by_example() -> None:
    """Spades led with the K, trumped with a heart: RULES.md lets any spade follow; the house rule asks the
    ace (it beats the K) and says why the 9 may not be played."""
    from pinochle.cards import parse_cards
    from pinochle.tricks import explain_illegal

    hand, trick, hearts = pack(parse_cards("AS 9S KD")), parse_cards("KS 9H"), 1
    assert {str(CARDS[c]) for c in range(24) if legal_mask(hand, trick, hearts) >> c & 1} == {"AS", "9S"}
    assert {str(CARDS[c]) for c in range(24) if legal_mask(hand, trick, hearts, HEAD_RUFFED) >> c & 1} == {"AS"}
    assert explain_illegal(hand, trick, hearts, Card.parse("9S"), HEAD_RUFFED) == (
        "the lead was trumped, but you must still beat the K♠: play A♠")
    with pytest.raises(ValueError, match="head_ruffed is a rule of must_beat=always"):
        with_switches(TABLE, {"head_ruffed": "true", "must_beat": "trump_led"})


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 23), min_size=1, max_size=4), st.integers(0, 3))
def test_trick_winner_is_highest_trump_else_highest_of_led_suit_first_played_on_ties(trick: list[int], trump: int) -> None:
    w = winner_index(trick, trump)
    led = trick[0] // 6
    trumps = [c for c in trick if c // 6 == trump]
    pool = trumps if trumps else [c for c in trick if c // 6 == led]
    best = max(pool, key=lambda c: c % 6)
    assert trick[w] == best
    assert trick.index(best) == w  # first of identical cards


# ------------------------------------------------------------------ fast path = reducer


@settings(max_examples=60, deadline=None)
@given(SEEDS)
def test_simulated_hand_scores_like_the_reducer(seed: int) -> None:
    r = sim.random_hand(random.Random(seed))
    assert sum(r.counters) == 250 and sum(r.tricks) == 12
    state = new_match(seed=0, first_dealer=r.dealer, deals=[r.dealt])
    for call in r.calls:
        seat = turn(state)
        assert seat is not None
        state = apply(state, Action.pass_(seat) if call is None else Action.bid_(seat, call))
    assert state.phase == "trump" and state.declarer == r.declarer and state.bid == r.bid
    state = apply(state, Action.trump_(r.declarer, r.trump))
    while state.phase == "meld":
        seat = turn(state)
        assert seat is not None
        state = apply(state, Action.meld_(seat))
    for c in r.play:
        seat = turn(state)
        assert seat is not None
        state = apply(state, Action.play_(seat, c))
    result = state.history[-1]
    # the simulator scores for the computer players: the same numbers, without the summary's parts
    bare = {"parts": (), "stake_steps": (), "chair_parts": ()}
    assert result.score._replace(**bare) == r.score._replace(**bare)


def test_deal_is_reproducible_from_the_seed() -> None:
    a, b = new_match(seed=42), new_match(seed=42)
    assert a == b
    assert new_match(seed=43).dealt != a.dealt
    assert sorted(c for h in a.dealt for c in unpack(h)) == sorted(c for c in range(24) for _ in range(2))
    assert all(count(h, c) <= 2 for h in a.dealt for c in range(24))
    assert str(CARDS[0]) == "9S" and Suit.parse("S") == 0


@settings(max_examples=40, deadline=None)
@given(SEEDS, st.integers(1, 40))
def test_playout_from_mid_hand_finishes_the_hand_like_the_reducer(seed: int, cut: int) -> None:
    """sim.playout started mid-trick plays on legally and counts the rest of the hand."""
    rng = random.Random(seed)
    r = sim.random_hand(rng)
    state = new_match(seed=0, first_dealer=r.dealer, deals=[r.dealt])
    for call in r.calls:
        seat = turn(state)
        assert seat is not None
        state = apply(state, Action.pass_(seat) if call is None else Action.bid_(seat, call))
    state = apply(state, Action.trump_(r.declarer, r.trump))
    while state.phase == "meld":
        seat = turn(state)
        assert seat is not None
        state = apply(state, Action.meld_(seat))
    for c in r.play[:cut]:
        seat = turn(state)
        assert seat is not None
        state = apply(state, Action.play_(seat, c))
    current = state.tricks[-1] if len(state.tricks[-1].cards) < 4 else None
    leader = current.leader if current else turn(state)
    assert leader is not None
    hands = list(state.hands)
    tricks, pts, play = sim.playout(hands, r.trump, leader, rng.random, trick=current.cards if current else ())
    assert not any(hands)
    # replay the simulated rest through the reducer: legal, and the same counters
    done_before = [t for t in state.tricks if t.winner is not None]
    for c in play[len(current.cards) if current else 0:]:
        seat = turn(state)
        assert seat is not None
        state = apply(state, Action.play_(seat, c))
    after = state.history[-1]
    from pinochle.tricks import counters as counter_points

    before = [0, 0]
    for t in done_before:
        assert t.winner is not None
        before[t.winner % 2] += counter_points(t.cards)
    assert [after.score.counters[0] - before[0], after.score.counters[1] - before[1]] == pts
    assert sum(tricks) + len(done_before) == 12
