"""The one sampling search (pinochle.bots.pimc): every family's Hard searches with it, over the game's
resampler (docs/design.md, "Computer players")."""

from __future__ import annotations

import ast
import random
from pathlib import Path

from pinochle.bots import STRATEGIES
from pinochle.bots import stock as stock_bots
from pinochle.bots.pimc import deals_of, sampled_values

BOTS = Path(__file__).resolve().parent.parent / "pinochle" / "bots"


class Counter:
    """A resampler whose deals count up from the seat's infostate (each draws one number of the rng)."""

    def infostate(self, view: object) -> int:
        return 100

    def resample(self, info: int, rng: random.Random) -> int | None:
        rng.random()
        return None if info < 0 else info


def test_every_move_is_weighed_on_the_same_deals_in_order() -> None:
    rng = random.Random(5)
    seen: list[tuple[int, float]] = []

    def play_out(deal: int, r: random.Random) -> "object":
        shared = r.random()  # what every move shares on this deal is drawn after the deal, before the next
        seen.append((deal, shared))
        return lambda move: deal + move + shared

    rows = sampled_values(deals_of(Counter(), 7), rng, [1, 2, 3], 4, play_out)  # type: ignore[arg-type]
    assert rows is not None and [len(r) for r in rows] == [4, 4, 4]
    assert [round(b - a, 9) for a, b in zip(rows[0], rows[1])] == [1.0] * 4  # paired: only the move differs
    check = random.Random(5)
    expected = []
    for _ in range(4):
        check.random()  # the deal
        expected.append((7, check.random()))  # then the play-out's draw
    assert seen == expected


def test_a_deal_that_does_not_fit_ends_the_search() -> None:
    rows = sampled_values(deals_of(Counter(), -1), random.Random(1), ["a"], 3, lambda d, r: lambda m: 0.0)
    assert rows is None


def test_the_stock_family_searches_with_the_resampler_its_strategy_names() -> None:
    assert STRATEGIES["stock"].resampler is stock_bots.RESAMPLER


def test_only_the_search_draws_deals_from_a_resampler() -> None:
    """The sampling loop is written once: no other module of the players calls a resampler's ``resample``
    (the resamplers' own definitions aside)."""
    callers = []
    for path in sorted(BOTS.glob("*.py")):
        if path.name == "pimc.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "resample" and not (
                    isinstance(node.value, ast.Name) and node.value.id == "self"):
                callers.append(f"{path.name}:{node.lineno}")
    assert callers == []


def test_hards_auction_deals_come_from_the_auction_resampler_alone() -> None:
    """Hard's bid and trump simulations search with the one loop over the auction's resampler: the hidden
    hands are dealt (``_deal_unseen``) only inside :class:`AuctionResampler`, never by a simulation's own
    loop."""
    from pinochle.bots import hard

    tree = ast.parse((BOTS / "hard.py").read_text(encoding="utf-8"))
    dealers = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) and inner.func.id == "_deal_unseen":
                    dealers.append(node.name)
    assert dealers == ["resample"]
    assert isinstance(hard.AUCTION_RESAMPLER, hard.AuctionResampler)


def test_the_auction_resampler_deals_the_unseen_cards_and_a_bidder_some_meld() -> None:
    """Each deal keeps the seat's own hand, deals the other hands exactly the cards it cannot see, and gives
    a seat that has bid at least a marriage's worth of meld in its best trump (RULES.md, Auction)."""
    from collections import Counter as Count

    from pinochle.bots.hard import AUCTION_RESAMPLER
    from pinochle.cards import unpack
    from pinochle.game import Action, apply, new_match, turn, view
    from pinochle.meld import meld_by_trump

    state = new_match(seed=4)
    first = turn(state)
    assert first is not None
    state = apply(state, Action.bid_(first, 250))
    seat = turn(state)
    assert seat is not None
    v = view(state, seat)
    info = AUCTION_RESAMPLER.infostate(v)
    assert info.bidders == frozenset({int(first)})
    rng = random.Random(3)
    for _ in range(20):
        hands = AUCTION_RESAMPLER.resample(info, rng)
        assert sorted(unpack(hands[seat])) == sorted(v.hand)
        dealt = Count(c for s in range(4) for c in unpack(hands[s]))
        assert dealt == Count({c: 2 for c in range(24)})
        assert sorted(len(unpack(h)) for h in hands) == [12, 12, 12, 12]
        assert max(meld_by_trump(hands[first], info.rules)) >= 40
