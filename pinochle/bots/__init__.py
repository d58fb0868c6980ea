"""Computer players.

Every player implements :class:`Player`: ``act(view) -> Action``, given only
the acting seat's :class:`~pinochle.game.View`. The engine never imports this
package.

* :class:`SimplePlayer`: follows the rules with plain, sensible choices.
"""

from .base import Player
from .simple import SimplePlayer

__all__ = ["Player", "SimplePlayer"]
