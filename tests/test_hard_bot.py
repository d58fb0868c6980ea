"""The Hard player and the endgame search; every level sees only its view."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle.bots import HardPlayer, for_level
from pinochle.bots.hard import OmniscientPlayer
from pinochle.bots.search import solve
from pinochle.cards import Seat, add, pack, remove, unpack
from pinochle.game import Action, State, apply, new_match, turn, view
from pinochle.tricks import legal_mask, winner_index

from .support import random_states


def play_hand(players: dict[Seat, object], seed: str) -> State:
    state = new_match(seed=seed)
    while state.phase not in ("hand_end", "match_end"):
        seat = turn(state)
        assert seat is not None
        if state.phase == "meld":
            state = apply(state, Action.meld_(seat))
        else:
            state = apply(state, players[seat].act(view(state, seat)))  # type: ignore[attr-defined]
    return state


def test_hard_plays_whole_hands_legally_and_reproducibly() -> None:
    for seed in range(3):
        a = play_hand({s: HardPlayer(f"{seed}/{s}", samples=6) for s in Seat}, f"h{seed}")
        b = play_hand({s: HardPlayer(f"{seed}/{s}", samples=6) for s in Seat}, f"h{seed}")
        assert a.history[-1] == b.history[-1], "same seed, same play"
        assert sum(a.history[-1].score.counters) == 250


def _swap_hidden(state: State, me: int, rng: random.Random) -> State | None:
    """Swap one card between two other seats where neither card was shown in meld."""
    a, b = rng.sample([s for s in range(4) if s != me], 2)
    shown = [set(m.shown()) if m is not None else set() for m in state.melds]
    xa = [c for c in set(unpack(state.hands[a])) if c not in shown[a]]
    xb = [c for c in set(unpack(state.hands[b])) if c not in shown[b] and c not in xa]
    if not xa or not xb:
        return None
    x, y = rng.choice(xa), rng.choice(xb)
    hands, dealt = list(state.hands), list(state.dealt)
    for arr in (hands, dealt):
        arr[a] = add(remove(arr[a], x), y)
        arr[b] = add(remove(arr[b], y), x)
    return replace(state, hands=tuple(hands), dealt=tuple(dealt))  # type: ignore[arg-type]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_players_cannot_see_hidden_cards(level: str) -> None:
    """A player's move is the same whatever the other seats' hidden cards are."""
    rng = random.Random(5)
    checked = 0
    for state in random_states(17, max_hands=1):
        seat = turn(state)
        if seat is None or state.phase not in ("auction", "play") or rng.random() < 0.7:
            continue
        other = _swap_hidden(state, seat, rng)
        if other is None:
            continue
        player = for_level(level, "x") if level != "hard" else HardPlayer("x", samples=4)
        assert view(other, seat) == view(state, seat)
        assert player.act(view(state, seat)) == player.act(view(other, seat))
        checked += 1
    assert checked >= 5


def _minimax(hands: list[int], trump: int, leader: int, trick: list[int], side: int) -> int:
    """Plain minimax of counters (no pruning), written independently of pinochle.bots.search."""
    if len(trick) == 4:
        who = (leader + winner_index(trick, trump)) % 4
        pts = sum(10 for c in trick if c % 6 >= 3) + (10 if not any(hands) else 0)
        gain = pts if who % 2 == side else -pts
        return gain + (0 if not any(hands) else _minimax(hands, trump, who, [], side))
    seat = (leader + len(trick)) % 4
    mask = legal_mask(hands[seat], trick, trump)
    results = []
    for c in range(24):
        if mask >> c & 1:
            hs = list(hands)
            hs[seat] = remove(hs[seat], c)
            results.append(_minimax(hs, trump, leader, [*trick, c], side))
    return max(results) if seat % 2 == side else min(results)


@settings(max_examples=40, deadline=None)
@given(st.permutations([c for c in range(24) for _ in range(2)]), st.integers(0, 3), st.integers(0, 3),
       st.integers(1, 2))
def test_endgame_search_equals_plain_minimax(deck: list[int], trump: int, leader: int, tricks_left: int) -> None:
    hands = [pack(deck[i * tricks_left:(i + 1) * tricks_left]) for i in range(4)]
    got = solve(hands, trump, leader, [], 0, lambda p, t: p[0] - p[1])
    assert got == _minimax(hands, trump, leader, [], 0)


def test_omniscient_player_sees_the_state_and_plays_legally() -> None:
    state = new_match(seed="omni")
    p = OmniscientPlayer("o", samples=3)
    while state.phase not in ("hand_end", "match_end"):
        seat = turn(state)
        assert seat is not None
        a = Action.meld_(seat) if state.phase == "meld" else p.act_full(state, seat)
        state = apply(state, a)
    assert sum(state.history[-1].score.tricks) == 12
