"""Quick Match grouping with a fake clock: 1 to 5 players, timeouts, cancelling."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pinochle.server.matchmaking import Matchmaker


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize(("n", "expected"), [
    (1, [(1, 3)]),
    (2, [(2, 2)]),
    (3, [(3, 1)]),
    (4, [(4, 0)]),
    (5, [(4, 0), (1, 3)]),
])
def test_one_to_five_players(n: int, expected: list[tuple[int, int]]) -> None:
    clock = Clock()
    mm = Matchmaker(search_seconds=20, clock=clock)
    for i in range(n):
        mm.enqueue(f"p{i}")
    started = mm.ready()
    assert [(len(t.players), t.computers) for t in started] == [e for e in expected if e[0] == 4]
    clock.now = 19.9
    assert mm.ready() == []
    clock.now = 20.0
    started += mm.ready()
    assert [(len(t.players), t.computers) for t in started] == expected
    assert sorted(p for t in started for p in t.players) == sorted(f"p{i}" for i in range(n))
    assert mm.waiting() == ()


def test_cancel_and_asking_twice_keeps_the_place() -> None:
    clock = Clock()
    mm = Matchmaker(search_seconds=5, clock=clock)
    mm.enqueue("a")
    clock.now = 3
    mm.enqueue("b")
    mm.enqueue("a")  # asking again keeps a's place and time
    assert mm.waiting() == ("a", "b") and mm.seconds_left("b") == 2
    assert mm.cancel("a") and not mm.cancel("a")
    assert mm.seconds_left("a") is None
    clock.now = 5
    assert mm.ready() == []  # b's own search started at 3
    clock.now = 8
    assert [t.players for t in mm.ready()] == [("b",)]


@given(st.lists(st.sampled_from(["join", "cancel", "tick"]), max_size=60), st.integers(0, 9))
def test_nobody_is_seated_twice_or_lost(ops: list[str], seed: int) -> None:
    clock = Clock()
    mm = Matchmaker(search_seconds=2, clock=clock)
    seated: list[str] = []
    cancelled: set[str] = set()
    joined: list[str] = []
    for k, op in enumerate(ops):
        if op == "join":
            joined.append(f"p{k}")
            mm.enqueue(f"p{k}")
        elif op == "cancel" and mm.waiting():
            who = mm.waiting()[(k + seed) % len(mm.waiting())]
            mm.cancel(who)
            cancelled.add(who)
        else:
            clock.now += 1
        for t in mm.ready():
            assert 1 <= len(t.players) <= 4 and t.computers == 4 - len(t.players)
            seated.extend(t.players)
    assert len(seated) == len(set(seated))
    assert set(seated) | set(mm.waiting()) | cancelled == set(joined)
