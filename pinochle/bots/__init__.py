"""Computer players.

Every player implements :class:`Player`: ``act(view) -> Action``, given only
the acting seat's :class:`~pinochle.game.View`. The engine never imports this
package.

* :class:`SimplePlayer` (Easy): follows the rules with plain, sensible choices.
* :class:`NormalPlayer` (Normal): counts cards, tracks voids, plays for its partner.
* :class:`HardPlayer` (Hard): determinized sampling with rollouts and endgame search.
* :func:`for_level`: the player the app uses for a level (Easy, Normal, Hard).

In the three-handed widow games (VARIANTS.md ``cutthroat``, ``auction``) every
level bids, names trump, buries and concedes with :mod:`pinochle.bots.widow`, and
plays with the declarer against the two defenders as a team
(:func:`pinochle.bots.base.teams`).

In two-handed Pinochle (VARIANTS.md ``two-handed``) every level's ``act`` hands the
view (``view.stock`` set) to :func:`pinochle.bots.stock.stock_action`: the stock
play, the meld after a trick won, the dix and the exact endgame, at the level's
strength.
"""

from .base import Player
from .hard import HardPlayer
from .normal import NormalPlayer
from .simple import SimplePlayer

#: The levels offered in the app and the terminal game.
LEVELS = ("easy", "normal", "hard")


def for_level(level: str, seed: int | str = 0) -> Player:
    """The computer player for ``level``.

    Args:
        level: ``"easy"``, ``"normal"`` or ``"hard"``.
        seed: makes the player's choices reproducible.

    Returns:
        A :class:`Player`: Easy is the :class:`SimplePlayer`, Normal the
        :class:`NormalPlayer`, Hard the :class:`HardPlayer`.

    Raises:
        ValueError: an unknown level.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: choose easy, normal or hard")
    if level == "easy":
        return SimplePlayer(seed)
    if level == "normal":
        return NormalPlayer(seed)
    return HardPlayer(seed)


__all__ = ["LEVELS", "HardPlayer", "NormalPlayer", "Player", "SimplePlayer", "for_level"]
