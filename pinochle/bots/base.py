"""The computer-player interface.

A player sees the table only through a :class:`~pinochle.game.View` (its own
hand and everything public) and answers with one :class:`~pinochle.game.Action`
for the seat it plays. It is never given the :class:`~pinochle.game.State`, so
it cannot see another seat's unplayed cards.

>>> from pinochle.game import Action, View
>>> class Passer:
...     def act(self, view: View) -> Action:
...         return Action.pass_(view.seat)
>>> isinstance(Passer(), Player)
True
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..cards import Card, Suit
from ..game import Action, View


@runtime_checkable
class Player(Protocol):
    """Anything that chooses a move for a seat from that seat's view."""

    def act(self, view: View) -> Action:
        """Choose the move of ``view.seat``.

        Args:
            view: the acting seat's :class:`~pinochle.game.View`; it is that
                seat's turn (``view.turn == view.seat``) and ``view.legal``
                lists its legal moves.

        Returns:
            An :class:`~pinochle.game.Action` for ``view.seat`` that is legal
            in ``view``.
        """
        ...


class TablePlayer:
    """A base for players: :meth:`act` dispatches on the phase to three choices.

    Subclasses implement :meth:`call` (bid or pass), :meth:`trump` and
    :meth:`card`; laying down meld and dealing have no choice.
    """

    def act(self, view: View) -> Action:
        """Choose the move of ``view.seat`` (see :class:`Player`).

        Args:
            view: the seat's view; it must be that seat's turn.

        Returns:
            A legal :class:`~pinochle.game.Action` for ``view.seat``.

        Raises:
            ValueError: the view offers this seat no move.
        """
        seat, legal = view.seat, view.legal
        if legal.min_bid is not None or legal.pass_:
            return self.call(view)
        if legal.trumps:
            return Action.trump_(seat, self.trump(view))
        if legal.meld:
            return Action.meld_(seat)
        if legal.cards:
            return Action.play(seat, self.card(view))
        if legal.deal:
            return Action.deal(seat)
        raise ValueError(f"{seat} has no move in phase {view.phase!r}")

    def call(self, view: View) -> Action:
        """A bid or a pass (``view.legal`` offers them)."""
        raise NotImplementedError

    def trump(self, view: View) -> Suit:
        """The suit to name trump."""
        raise NotImplementedError

    def card(self, view: View) -> Card:
        """The card to play, one of ``view.legal.cards``."""
        raise NotImplementedError
