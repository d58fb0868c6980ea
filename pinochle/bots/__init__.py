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

Each game names its strategy family (:attr:`pinochle.game.Game.strategy`), found
here by name (:data:`STRATEGIES`): how the players move, the resampler of the
hidden cards Hard searches with, and, for its games with a widow, the resampler of the
widow and the other hands that every level's call, trump and burial weigh
(:attr:`Strategy.widow <pinochle.bots.base.Strategy.widow>`). In two-handed Pinochle (VARIANTS.md ``two-handed``,
the ``stock`` family) every level's ``act`` hands the view to
:func:`pinochle.bots.stock.stock_action`: the stock play, the meld after a trick won,
the dix and the exact endgame, at the player's level (its ``level`` value).
"""

from .base import STRATEGIES, Player, Strategy
from .hard import HardPlayer
from .normal import NormalPlayer
from .simple import SimplePlayer


def _hard_endgame(seed: int | str, samples: int, endgame: int) -> Player:
    player = HardPlayer(seed, samples=samples, endgame=endgame)
    player.conventions = False  # Normal's endgame as measured (docs/strength.md): the search's own card
    return player


# Normal plays its last cards with Hard's exact search; hard.py builds on normal.py, so the two meet here.
NormalPlayer.endgame_player = _hard_endgame

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


__all__ = ["LEVELS", "STRATEGIES", "HardPlayer", "NormalPlayer", "Player", "SimplePlayer", "Strategy", "for_level"]
