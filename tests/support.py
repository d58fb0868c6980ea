"""Shared test helpers: random legal matches through the reducer."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from pinochle.auction import next_bid
from pinochle.game import Action, State, apply, legal, new_match, turn


def random_action(state: State, rng: random.Random, p_bid: float = 0.4) -> Action:
    """A uniformly random legal action; in the auction, bid (minimum or a jump) with ``p_bid``."""
    seat = turn(state)
    assert seat is not None
    lg = legal(state, seat)
    if lg.min_bid is not None:
        if rng.random() < p_bid or not lg.pass_:  # a forced opening (britannica's first seat) must bid
            bid = lg.min_bid
            for _ in range(rng.choice([0, 0, 0, 1, 5])):  # a jump of that many steps of the game's ladder
                bid = next_bid(lg, bid)
            return Action.bid_(seat, bid)
        return Action.pass_(seat)
    return rng.choice(lg.actions(seat))


def random_states(seed: int, max_hands: int | None = None) -> Iterator[State]:
    """Every state of one random legal match (or of its first ``max_hands`` hands)."""
    rng = random.Random(seed)
    state = new_match(seed=seed)
    yield state
    while state.phase != "match_end":
        if max_hands is not None and len(state.history) >= max_hands:
            return
        state = apply(state, random_action(state, rng))
        yield state


def random_match(seed: int, max_hands: int | None = None) -> State:
    """The last state of :func:`random_states`."""
    last = None
    for last in random_states(seed, max_hands):
        pass
    assert last is not None
    return last


def luminance(hex_colour: str) -> float:
    """The WCAG relative luminance of a ``#rgb`` or ``#rrggbb`` colour (0 black .. 1 white)."""
    h = hex_colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    channels = [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours (1 .. 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


# ---------------------------------------------------------------- in-process WebSocket clients (Starlette's TestClient)

#: A protocol message as the client sees it.
WsMsg = dict[str, Any]


def hello(ws: Any, device: str | None = None, seat: str | None = None) -> WsMsg:
    """Say hello as ``device`` (holding ``seat``) and return the ``welcome``."""
    ws.send_json({"type": "hello", "device": device, "seat": seat})
    for _ in range(2000):
        msg: WsMsg = ws.receive_json()
        if msg["type"] == "welcome":
            return msg
    raise AssertionError("no welcome")


@contextlib.contextmanager
def greeted(client: Any, n: int) -> Iterator[list[Any]]:
    """``n`` sockets of the test client ``client`` on ``/ws``, each past :func:`hello` (a device of its own),
    closed when the block ends."""
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(client.websocket_connect("/ws")) for _ in range(n)]
        for ws in sockets:
            hello(ws)
        yield sockets


def until(ws: Any, pred: Callable[[WsMsg], bool], limit: int = 5000) -> WsMsg:
    """Read messages until one satisfies ``pred``; an error on the way fails the test."""
    for _ in range(limit):
        msg: WsMsg = ws.receive_json()
        if pred(msg):
            return msg
        assert msg["type"] != "error", msg
    raise AssertionError("no such message")


def of_type(kind: str) -> Callable[[WsMsg], bool]:
    """A predicate for :func:`until`: a message of type ``kind``."""
    return lambda m: m["type"] == kind


def error(ws: Any) -> WsMsg:
    """Read messages until an ``error`` and return it."""
    for _ in range(2000):
        msg: WsMsg = ws.receive_json()
        if msg["type"] == "error":
            return msg
    raise AssertionError("no error")


def swap_hidden(state: State, me: int, rng: random.Random) -> State | None:
    """``state`` with one card swapped between two seats other than ``me``, neither card shown in
    meld (any deck), or ``None`` when there is no such pair."""
    from collections import Counter
    from dataclasses import replace

    from pinochle.cards import DECKS

    deck = DECKS[state.rules.deck]

    def shown(seat: int) -> Counter[int]:
        m = state.melds[seat]
        return Counter(m.shown()) if m is not None else Counter()

    a, b = rng.sample([s for s in range(4) if s != me], 2)
    xa = [c for c in set(deck.unpack(state.hands[a])) if c not in shown(a)]
    xb = [c for c in set(deck.unpack(state.hands[b])) if c not in shown(b) and c not in xa]
    if not xa or not xb:
        return None
    x, y = rng.choice(xa), rng.choice(xb)
    hands, dealt = list(state.hands), list(state.dealt)
    for arr in (hands, dealt):
        arr[a] = deck.add(deck.remove(arr[a], x), y)
        arr[b] = deck.add(deck.remove(arr[b], y), x)
    return replace(state, hands=tuple(hands), dealt=tuple(dealt))  # type: ignore[arg-type]


def moves_ignore_hidden_cards(states: Iterable[State], level: str, rng: random.Random, skip: float) -> int:
    """Check that a ``level`` player's move is the same whatever the other seats' hidden cards are,
    on the auction and play states of ``states`` (each skipped with probability ``skip``).

    Returns:
        How many states were checked.
    """
    from pinochle.bots import HardPlayer, for_level
    from pinochle.game import view

    checked = 0
    for state in states:
        seat = turn(state)
        if seat is None or state.phase not in ("auction", "play") or rng.random() < skip:
            continue
        other = swap_hidden(state, seat, rng)
        if other is None:
            continue
        player = for_level(level, "x") if level != "hard" else HardPlayer("x", samples=4)
        assert view(other, seat) == view(state, seat)
        assert player.act(view(state, seat)) == player.act(view(other, seat))
        checked += 1
    return checked
