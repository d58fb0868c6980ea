"""Chairs: a table with more players than seats, as a match-level seat order.

VARIANTS.md ``auction`` (Hoyle's auction Pinochle) is played by three active players, at a
table of 3, 4 or 5: "if there are four players, the dealer receives no cards; if five people
play, the dealer and the player second from his left receive no cards". The people hold
**chairs** 0 to P-1, clockwise; each hand is played by the three-seat hand engine unchanged,
with the dealer (and at 5 the chair second to the dealer's left) sitting out at the empty
place N and the three active chairs, from the dealer's left, at E, S and W
(docs/design.md, "Seats, sides and chairs").

:class:`Chairs` is that seat order: a :class:`~pinochle.game.SeatOrder` the auction game
gives as its :attr:`~pinochle.game.Game.seat_order` (:func:`seat_order`). The core calls it
through that hook and never imports this module. The totals are per chair; the hand's own
engine scores seats and sides.

>>> from pinochle.game import new_match
>>> s = new_match(seed=1, game="auction", players=4, first_dealer=2)
>>> s.order, sitting_out(s), seat_of_chair(s, 3)
(Chairs(players=4, lineup=(2, 3, 0, 1)), (2,), <Seat.E: 1>)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from .cards import Seat, Seating
from .errors import IllegalAction
from .game import ONE_PER_SEAT, Action, SeatOrder, Standing, State, ThrownIn, View, apply, deal_hand, view
from .parts import ChairsSeen, HandChairs, ThrownInSeen
from .scoring import HandScore

_SEATS = tuple(Seat)


def lineup_for(players: int, dealer: int, seating: Seating) -> tuple[int, int, int, int]:
    """Who sits where in a hand at a table of ``players`` chairs with more players than seats.

    VARIANTS.md ``auction`` (Hoyle's auction Pinochle): "if there are four
    players, the dealer receives no cards; if five people play, the dealer
    and the player second from his left receive no cards". The dealer is
    placed at the seating's empty place (N) and the active chairs,
    clockwise from the dealer's left, take the seats in play (E, S, W).

    Args:
        players: chairs at the table (4 or 5), numbered clockwise from 0.
        dealer: the dealer's chair.
        seating: the game's seats (three in play and one empty place).

    Returns:
        For each place N E S W, the chair there.

    Raises:
        ValueError: a table size with no sitting-out rule.

    >>> from pinochle.cards import THREE_ALONE
    >>> lineup_for(4, 0, THREE_ALONE), lineup_for(5, 0, THREE_ALONE), lineup_for(5, 4, THREE_ALONE)
    ((0, 1, 2, 3), (0, 1, 3, 4), (4, 0, 2, 3))
    """
    if players == 4:
        out = {dealer}
    elif players == 5:
        out = {dealer, (dealer + 2) % players}
    else:
        raise ValueError(f"a table of {players}: sitting out is settled for 4 or 5 players")
    active = iter(c for c in ((dealer + k) % players for k in range(1, players)) if c not in out)
    places = [-1, -1, -1, -1]
    for place in range(4):
        places[place] = next(active) if place in seating.seats else dealer
    return (places[0], places[1], places[2], places[3])


def _empty_place(seating: Seating) -> Seat:
    """The place with no seat in the game (N in a three-handed game): the dealer's, who sits out."""
    return _SEATS[next(i for i in range(4) if i not in seating.seats)]


@dataclass(frozen=True)
class Chairs(SeatOrder):
    """The seat order of a table of 4 or 5 chairs round three seats (VARIANTS.md ``auction``).

    Attributes:
        players: the chairs at the table (4 or 5), numbered clockwise from 0.
        lineup: the chair at each place N E S W this hand: the dealer, who sits out, at the
            empty place N, and the three active chairs clockwise from the dealer's left at E,
            S and W (:func:`lineup_for`); empty before the first deal.
    """

    def start(self, state: State, first_dealer: int | None) -> State:
        """The first hand dealt by chair ``first_dealer`` (default 0: the players' draw for seats
        seats the first dealer at chair 0, the next on the dealer's left at chair 1, and so on;
        Hoyle's auction Pinochle); the totals start at 0 for every chair.

        Raises:
            IllegalAction: no such chair (the message gives the chairs).
        """
        chair = 0 if first_dealer is None else first_dealer
        if not isinstance(chair, int) or isinstance(chair, bool) or not 0 <= chair < self.players:
            raise IllegalAction(f"the first dealer is a chair from 0 to {self.players - 1}, not {chair!r}")
        empty = _empty_place(state.game.seating)
        first = replace(self, lineup=lineup_for(self.players, chair, state.game.seating))
        return deal_hand(replace(state, totals=(0,) * self.players, order=first), 0, empty)

    def deal(self, state: State, dealer: Seat) -> tuple[Seat, SeatOrder]:
        """The next hand is dealt by the chair at place ``dealer`` in this hand's lineup (after a
        hand, the chair on the dealer's left, at E); that chair sits out at the empty place, which
        is the hand's dealer, and the others move round (:func:`lineup_for`)."""
        seating = state.game.seating
        return _empty_place(seating), replace(self, lineup=lineup_for(self.players, self.lineup[dealer], seating))

    def no_seat(self, state: State, seat: Seat) -> str:
        """The empty place is the dealer's: its chair sits this hand out."""
        names = ", ".join(state.game.seating.names)
        return (f"{seat} is the dealer's place: chair {self.lineup[seat]}, the dealer, sits this hand out "
                f"(the seats in play are {names})")

    def add(self, state: State, score: HandScore) -> tuple[tuple[int, ...], tuple[int, ...], tuple[object, ...]]:
        """Every chair's total after the hand: the scorer's own per chair when it settles the
        chairs sitting out (:attr:`~pinochle.scoring.HandScore.chairs`), else the sides' points
        given to the chairs playing them (:func:`chair_score`). The hand's ``totals`` are those
        of the chairs at its seats; its :class:`~pinochle.parts.HandChairs` part says who sat where
        (``lineup``) and every chair's total."""
        totals = tuple(t + d for t, d in zip(state.totals, score.chairs or chair_score(state, score.score)))
        shown = tuple(totals[self.lineup[side[0]]] for side in state.game.seating.sides)
        return totals, shown, (HandChairs(self.lineup, totals, self.players),)

    def public(self, state: State) -> Standing:
        """The totals of the chairs at the seats in play, and the winner as ``"chair N"``."""
        totals = tuple(state.totals[self.lineup[side[0]]] for side in state.game.seating.sides)
        return Standing(totals, None if state.winner is None else f"chair {state.winner}")

    def view(self, state: State, seat: Seat, player: int | None) -> tuple[object, ...]:
        """The chairs as ``player`` sees them (:class:`~pinochle.parts.ChairsSeen`): ``lineup``, ``chair``
        (``player``, or the chair at ``seat``), ``chair_totals``, ``sits_out`` (``seat`` is the empty place)
        and ``chairs_out``."""
        return ChairsSeen(self.lineup, self.lineup[seat] if player is None else player, state.totals,
                          seat not in state.game.seating.seats, sitting_out(state)),

    def deals(self, state: State) -> int:
        """As many deals per player as the game's own table has (VARIANTS.md ``auction``: three
        deals per player, 9, 12 or 15; docs/games/auction.md)."""
        g = state.game
        return g.deals * self.players // g.seating.players

    def name(self, state: State, holder: int) -> str:
        """``"chair N"``."""
        return f"chair {holder}"

    def thrown(self, state: State, thrown: ThrownIn, seen: ThrownInSeen) -> ThrownInSeen:
        """``seen`` with ``dealer_chair`` (who dealt the hand thrown in) and ``next_chair`` (who deals now)."""
        lineup = thrown.parts.get(HandChairs).lineup
        if not lineup:
            return seen
        return replace(seen, dealer_chair=lineup[thrown.dealer], next_chair=self.lineup[state.dealer])


def seat_order(players: int) -> SeatOrder:
    """The seat order of an auction table of ``players`` (VARIANTS.md ``auction``): one player per
    seat at three (:data:`~pinochle.game.ONE_PER_SEAT`), else :class:`Chairs` (4 or 5)."""
    return Chairs(players) if players > 3 else ONE_PER_SEAT


def chair_lineup(state: State) -> tuple[int, ...]:
    """The chair at each place N E S W in this hand: ``state.lineup`` at a table of 4 or 5,
    else the fixed one (the seats in play are chairs 0, 1, ... clockwise; -1 for an empty place)."""
    if state.lineup:
        return state.lineup
    seats = state.game.seating.seats
    return tuple(seats.index(i) if i in seats else -1 for i in range(4))


def seat_of_chair(state: State, chair: int) -> Seat | None:
    """The seat where ``chair`` plays this hand, or ``None`` when it sits the hand out.

    Raises:
        ValueError: no such chair (the message gives the chairs).
    """
    if not isinstance(chair, int) or isinstance(chair, bool) or not 0 <= chair < state.table_size:
        raise ValueError(f"chair {chair!r}: the chairs are 0 to {state.table_size - 1}")
    lineup = chair_lineup(state)
    for seat in state.game.seating.seats:
        if lineup[seat] == chair:
            return Seat(seat)
    return None


def sitting_out(state: State) -> tuple[int, ...]:
    """The chairs that sit this hand out, in chair order (none at a table of three)."""
    if not state.lineup:
        return ()
    active = {state.lineup[s] for s in state.game.seating.seats}
    return tuple(c for c in range(state.table_size) if c not in active)


def chair_score(state: State, per_side: Sequence[int]) -> tuple[int, ...]:
    """A hand's per-side points given to the chairs playing it (at a table of 4 or 5; the
    chairs sitting out get 0). A stakes scorer that settles the sitters gives its own
    (:attr:`pinochle.scoring.HandScore.chairs`)."""
    out = [0] * state.table_size
    lineup = chair_lineup(state)
    for side, points in zip(state.game.seating.sides, per_side):
        for seat in side:
            out[lineup[seat]] += points
    return tuple(out)


def apply_for_chair(state: State, chair: int, action: Action, version: int | None = None) -> State:
    """:func:`~pinochle.game.apply` for the player in ``chair``, checking that the chair plays this
    hand at ``action.seat`` (at a table of 4 or 5 the chairs move from hand to hand).

    Raises:
        IllegalAction: no such chair; the chair sits this hand out (VARIANTS.md
            ``auction``: "chair 3 sits this hand out"); the action names
            another seat than the chair's; or anything :func:`~pinochle.game.apply` refuses.
        StaleAction: as :func:`~pinochle.game.apply`.
    """
    try:
        seat = seat_of_chair(state, chair)
    except ValueError as err:
        raise IllegalAction(str(err)) from None
    if seat is None:
        dealer = " (the dealer)" if state.lineup and state.lineup[state.dealer] == chair else ""
        raise IllegalAction(f"chair {chair}{dealer} sits this hand out: the players are chairs "
                            f"{', '.join(str(state.lineup[x]) for x in state.game.seating.seats)}")
    if action.seat != seat:
        known = isinstance(action.seat, int) and not isinstance(action.seat, bool) and 0 <= action.seat <= 3
        raise IllegalAction(f"chair {chair} sits at {seat} this hand, not {Seat(action.seat)}"
                            if known else f"unknown seat {action.seat!r}")
    return apply(state, action, version)


def view_for_chair(state: State, chair: int) -> View:
    """The view of the player in ``chair`` (chairs 0 to ``players - 1``, clockwise).

    A chair that plays this hand gets its seat's :func:`~pinochle.game.view`. At a table of 4
    or 5 (VARIANTS.md ``auction``) a chair that sits the hand out gets a
    spectator's view: no hand and no hidden card, only what everyone sees
    (the calls, the widow once turned up, the melds, the played cards), who
    sits where (``lineup``), every chair's total, and ``sits_out``; it has no
    legal move.

    Raises:
        ValueError: no such chair (the message gives the chairs).
    """
    seat = seat_of_chair(state, chair)
    if seat is not None:
        return view(state, seat, chair)
    return view(state, _empty_place(state.game.seating), chair)  # holds no cards (the dealer's place)
