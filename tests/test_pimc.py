"""The one sampling search (pinochle.bots.pimc): every family's Hard searches with it, over the game's
resampler (docs/design.md, "Computer players")."""

from __future__ import annotations

import ast
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

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


def functions_calling(module: str, name: str) -> list[str]:
    """The functions of the players' ``module`` (a file of pinochle/bots) that call ``name``, a function or
    a method of any object, innermost and outer alike, in the order they are written."""
    callers = []
    for node in ast.walk(ast.parse((BOTS / module).read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Call) and name in (getattr(inner.func, "id", None),
                                                            getattr(inner.func, "attr", None)):
                    callers.append(node.name)
    return callers


def test_hards_auction_deals_come_from_the_auction_resampler_alone() -> None:
    """Hard's bid and trump simulations search with the one loop over the auction's resampler: the hidden
    hands are dealt (``_deal_unseen``) only inside :class:`AuctionResampler`, never by a simulation's own
    loop."""
    from pinochle.bots import hard

    assert functions_calling("hard.py", "_deal_unseen") == ["resample"]
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


def test_the_widow_games_deal_their_hidden_cards_only_in_the_widow_resampler() -> None:
    """The widow games' call, trump and burial search with the one loop over the resampler their family
    carries: widow.py shuffles the unseen cards only inside :meth:`WidowResampler.resample`, and draws no
    deal in a loop of its own."""
    from pinochle.bots import widow

    assert functions_calling("widow.py", "shuffle") == ["resample"]
    assert isinstance(STRATEGIES["tricks"].widow, widow.WidowResampler)
    assert STRATEGIES["stock"].widow is None


class Recorder:
    """A widow resampler that counts its deals (each the plain resampler's)."""

    def __init__(self) -> None:
        from pinochle.bots.widow import WidowResampler

        self.inner = WidowResampler()
        self.deals = 0

    def infostate(self, view: object) -> object:
        return self.inner.infostate(view)  # type: ignore[arg-type]

    def resample(self, info: object, rng: random.Random) -> object:
        self.deals += 1
        return self.inner.resample(info, rng)  # type: ignore[arg-type]


def test_the_widow_simulations_draw_every_deal_from_the_resampler_they_are_given() -> None:
    """Every level's widow call, trump and burial weigh the deals of the resampler the game's family carries
    (:attr:`pinochle.bots.base.Strategy.widow`), one a sample."""
    from pinochle.bots import widow
    from pinochle.bots.base import widow_resampler
    from pinochle.game import Action, apply, new_match, turn, view

    state = new_match(seed=2, game="cutthroat")  # after the widow, three suits come near the best
    seat = turn(state)
    assert seat is not None
    v = view(state, seat)
    assert widow_resampler(v) is STRATEGIES["tricks"].widow
    rec = Recorder()
    outcomes = widow.declarer_samples(v, rec, 7, random.Random(2))  # type: ignore[arg-type]
    assert rec.deals == 7 and outcomes == widow.declarer_samples(v, widow_resampler(v), 7, random.Random(2))
    state = apply(state, Action.bid_(seat, 30))
    while (s := turn(state)) is not None and state.phase == "auction":
        state = apply(state, Action.pass_(s))
    assert state.phase == "trump" and turn(state) == seat
    v = view(state, seat)
    rec = Recorder()
    suit, values = widow.widow_trump_values(v, rec, 5, random.Random(2), also=[0, 1, 2, 3])  # type: ignore[arg-type]
    assert rec.deals == 5 and set(values) == {0, 1, 2, 3}
    assert (suit, values) == widow.widow_trump_values(v, widow_resampler(v), 5, random.Random(2), also=[0, 1, 2, 3])


@settings(max_examples=40, deadline=None)
@given(game=st.sampled_from(["cutthroat", "auction"]), seed=st.integers(0, 10_000), seat=st.integers(0, 3),
       draw=st.integers(0, 2**32))
def test_the_widow_resampler_deals_exactly_the_unseen_cards(game: str, seed: int, seat: int, draw: int) -> None:
    """A deal keeps the seat's own cards out and gives the widow (3 cards while hidden) and each other seat
    in play (a full hand) exactly the cards the seat cannot see (VARIANTS.md ``cutthroat``, ``auction``)."""
    from collections import Counter as Count

    from pinochle.bots.widow import WidowResampler
    from pinochle.cards import DECKS, unpack
    from pinochle.game import game_named, new_match, view

    seats = game_named(game).seating.seats
    v = view(new_match(seed=seed, game=game), seats[seat % len(seats)])
    rules = v.rules_set()
    info = WidowResampler().infostate(v)
    deal = WidowResampler().resample(info, random.Random(draw))
    assert info.seats[0] == int(v.seat) and len(info.seats) == len(v.seating.seats)
    assert len(deal.widow) == rules.widow and [len(h) for h in deal.others] == [rules.hand_size] * (len(info.seats) - 1)
    dealt = Count(list(info.mine) + deal.widow + [c for h in deal.others for c in h])
    assert dealt == Count(int(c) for c in unpack(DECKS[rules.deck].full))
