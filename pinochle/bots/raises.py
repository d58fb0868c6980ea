"""Partner raises measured over many auctions played by the computer players (RULES.md, Deal and
auction; the rule in :mod:`pinochle.bots.partners`): ``benchmarks/partner_raises.py`` and
``tests/test_partner_raises.py`` use it. It seats the levels (:func:`pinochle.bots.for_level`), so it
sits above the players, apart from the rule they use.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..auction import Call
from ..cards import Seat
from ..game import apply, auto_action, new_match, turn, view
from . import for_level
from .partners import audit_calls


@dataclass(frozen=True)
class SweepResult:
    """Partner raises over many auctions of one game and level.

    Attributes:
        auctions: auctions played.
        with_raise: auctions holding a raise over one's own partner after both opponents had passed.
        raises: such raises in all.
        in_a_row: auctions in which a side raised over its own partner twice in a row.
    """

    auctions: int
    with_raise: int
    raises: int
    in_a_row: int

    @property
    def rate(self) -> float:
        """The share of auctions with a raise over one's partner after both opponents passed (0 to 1)."""
        return self.with_raise / self.auctions if self.auctions else 0.0


def auction_calls(game: str, level: str, seed: int | str) -> tuple[
        tuple[tuple[int, Call], ...], tuple[tuple[int, ...], ...], bool, bool]:
    """The first auction of a match of ``game`` dealt by ``seed``, four computers of ``level``
    at every seat (seeded as the terminal seeds them: ``"{seed}/{seat}"``).

    Args:
        game: a game name (:data:`pinochle.games.GAMES`).
        level: ``"easy"``, ``"normal"`` or ``"hard"``.
        seed: the match seed.

    Returns:
        The calls as ``(seat, call)`` pairs, the game's sides, its ``reenter_after_pass``, and whether
        its dealer's partner saves the dealer (the ``saves`` of :func:`~pinochle.bots.partners.audit_calls`).

    Raises:
        ValueError: an unknown game or level.
    """
    state = new_match(seed=seed, game=game)
    seating = state.game.seating
    players = {s: for_level(level, f"{seed}/{Seat(s)}") for s in seating.seats}
    while state.phase == "auction":
        action = auto_action(state)
        if action is None:
            seat = turn(state)
            assert seat is not None
            action = players[int(seat)].act(view(state, seat))
        state = apply(state, action)
    v = view(state, seating.seats[0])
    rules = state.rules
    saves = (rules.no_bid == "dealer" and not rules.pass_cards and rules.deck == "pinochle"
             and len(seating.seats) == 4 and len(seating.sides) == 2)  # where the players save (partners.saves_the_dealer)
    return (tuple((int(w), c) for w, c in v.calls), tuple(tuple(s) for s in seating.sides), rules.reenter_after_pass,
            saves)


def sweep(game: str, level: str, auctions: int, seed: int | str = 1) -> SweepResult:
    """Play ``auctions`` first auctions (match seeds ``"{seed}/{k}"``) of ``game`` with four
    ``level`` computers and count their partner raises (:func:`audit_calls`).

    Args:
        game: a game name with partnerships (:data:`pinochle.games.GAMES`).
        level: ``"easy"``, ``"normal"`` or ``"hard"``.
        auctions: how many auctions (at least 0).
        seed: the sweep seed.

    Returns:
        A :class:`SweepResult`.
    """
    with_raise = raises = in_a_row = 0
    for k in range(auctions):
        audit = audit_calls(*auction_calls(game, level, f"{seed}/{k}"))
        with_raise += audit.raises_after_out > 0
        raises += audit.raises_after_out
        in_a_row += audit.in_a_row > 0
    return SweepResult(auctions, with_raise, raises, in_a_row)
