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
