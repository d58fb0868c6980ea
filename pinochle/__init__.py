"""Pinochle: an exact rules engine for the nine games of VARIANTS.md (pinochle.games).

The engine (cards, rules, meld, auction, tricks, scoring, game, records)
imports nothing from the computer players, the server or the command line.
The default game's rules, ``table``, are those of RULES.md; ``docs/rules.md`` is the
project's own account of them, and ``docs/games/`` of the others.
"""

from .cards import Card, Seat, Suit
from .errors import BadCard, BadRecord, IllegalAction, PinochleError, StaleAction
from .rules import TABLE, RuleSet
from . import games as games  # defines the games and gives the core their lookup by name (game.install_games)

__all__ = ["BadCard", "BadRecord", "Card", "IllegalAction", "PinochleError", "RuleSet", "Seat", "StaleAction", "Suit", "TABLE"]
__version__ = "0.1.0"
