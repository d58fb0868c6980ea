"""One sampling search for every family of games: perfect-information Monte Carlo (PIMC).

Hard weighs a move by dealing the hidden cards again many times, consistently with what its
seat knows (the game's **resampler**, OpenSpiel's ``ResampleFromInfostate``: :class:`Resampler`),
and playing each candidate move out in every deal as if all cards were seen (Ginsberg's GIB;
Long, Sturtevant, Buro and Furtak, "Understanding the Success of Perfect Information Monte Carlo
Sampling in Game Tree Search", AAAI 2010). :func:`sampled_values` is that loop, written once:
the ``tricks`` family's Hard (:meth:`pinochle.bots.hard.HardPlayer.card_values`, its card pass and
its concession; its bids and trump over the auction's resampler,
:class:`pinochle.bots.hard.AuctionResampler`), the widow games' call, trump and burial at every level
(:mod:`pinochle.bots.widow`, over the family's :class:`pinochle.bots.widow.WidowResampler`) and the
``stock`` family's (:func:`pinochle.bots.stock.hard_stock_values`) all search with it, each with its
resampler and its own play-out of one deal.

>>> import random
>>> class Coin:  # a resampler of one hidden bit
...     def infostate(self, view): return None
...     def resample(self, info, rng): return rng.randrange(2)
>>> rows = sampled_values(deals_of(Coin(), None), random.Random(1), ["heads", "tails"], 4,
...                       lambda deal, rng: lambda move: float((move == "heads") == (deal == 0)))
>>> [len(r) for r in rows], [a + b for a, b in zip(*rows)]
([4, 4], [1.0, 1.0, 1.0, 1.0])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, Protocol, TypeVar

Info = TypeVar("Info")
Deal = TypeVar("Deal", covariant=True)
D = TypeVar("D")
M = TypeVar("M")
V = TypeVar("V")


class Resampler(Protocol[Info, Deal]):
    """The hidden cards dealt again consistently with what one seat knows: OpenSpiel's
    ``ResampleFromInfostate``, one for each family of games (:class:`pinochle.bots.base.Strategy`).

    Hard searches by playing its moves out in many such deals (:func:`sampled_values`).
    """

    def infostate(self, view: Any) -> Info:
        """What ``view.seat`` knows of the hidden cards, read once a decision from its view."""
        ...

    def resample(self, info: Info, rng: random.Random) -> Deal:
        """One deal of the hidden cards that fits ``info``, drawn with ``rng`` (the same ``rng`` state
        gives the same deal; a family whose counts may not fit says so in its deal's type)."""
        ...


def deals_of(resampler: Resampler[Info, D], info: Info) -> Callable[[random.Random], D]:
    """The deals ``resampler`` draws for the seat that knows ``info``, one a call with an ``rng``."""
    return partial(resampler.resample, info)


def sampled_values(deals: Callable[[random.Random], D | None], rng: random.Random, moves: Sequence[M],
                   samples: int, play_out: Callable[[D, random.Random], Callable[[M], V]],
                   ) -> list[list[V]] | None:
    """Each move's value on each of ``samples`` deals drawn by ``deals`` with ``rng``: the PIMC search.

    Every move is weighed on the same deals, so two moves' values differ by the moves alone on each
    deal (the paired differences Hard's conventions weigh). For each deal, ``play_out(deal, rng)`` is
    called once, after the deal is drawn and before the next: it may draw from ``rng`` what every move
    shares on that deal (the seed of its rollouts) and returns the value of a move on it, called once
    a move, in order.

    Args:
        deals: one deal of the hidden cards a call (:func:`deals_of` the game's resampler), or ``None``
            when none fits what the seat knows (the two-handed family's counts).
        rng: the decision's random numbers (its seed makes the search reproducible).
        moves: the candidates.
        samples: how many deals.
        play_out: the value of each move on one deal (a family's rollouts or exact search): points, or
            what the caller weighs them from (the widow games' simulated hand as declarer,
            :class:`pinochle.bots.widow.Outcome`).

    Returns:
        Per move, in order, its value on each deal in the order drawn; ``None`` when a deal did not fit.
    """
    rows: list[list[V]] = [[] for _ in moves]
    for _ in range(samples):
        deal = deals(rng)
        if deal is None:
            return None
        value = play_out(deal, rng)
        for row, move in zip(rows, moves):
            row.append(value(move))
    return rows


__all__ = ["Resampler", "deals_of", "sampled_values"]
