"""Computer players.

Every player implements :class:`Player`: ``act(view) -> Action``, given only
the acting seat's :class:`~pinochle.game.View`. The engine never imports this
package.

* :class:`SimplePlayer`: follows the rules with plain, sensible choices.
* :func:`for_level`: the player the app uses for a level (Easy, Normal, Hard).
"""

from .base import Player
from .simple import SimplePlayer

#: The levels offered in the app and the terminal game.
LEVELS = ("easy", "normal", "hard")


def for_level(level: str, seed: int | str = 0) -> Player:
    """The computer player for ``level``.

    Args:
        level: ``"easy"``, ``"normal"`` or ``"hard"``.
        seed: makes the player's choices reproducible.

    Returns:
        A :class:`Player`. Until the levels of issue 4 are built, every level
        is the :class:`SimplePlayer`.

    Raises:
        ValueError: an unknown level.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: choose easy, normal or hard")
    return SimplePlayer(seed)


__all__ = ["LEVELS", "Player", "SimplePlayer", "for_level"]
