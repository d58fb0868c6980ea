"""The duplicate arena: how much better one computer player is than another.

Two players, *A* and *B*, are compared on the same cards (duplicate), so the
luck of the deal cancels out:

* **Duplicate deals.** Deal ``i`` (its cards and its dealer come from a seed
  derived from the arena seed and ``i``) is played twice, from the auction to
  the hand score: once with A as NS and B as EW, once with the seats swapped
  (same cards, same dealer). The deal's value for A, in points, is::

      ((A's side score - B's side score) in play 1 + (same) in play 2) / 2

  The arena reports the mean of those values (A's points per hand over B)
  with a 95% confidence interval (normal approximation over deals), the
  contracts each player's side won (made, set, stuck dealers, average bid)
  and each player's think time (every ``act`` call is timed).
* **Full matches.** Match pair ``j`` is one match to 1500 played twice from
  the same seed (same deals, same first dealer) with the seats swapped; A's
  match-win rate is the share of those matches A's side wins.
* **Three players, each alone** (VARIANTS.md ``cutthroat``, ``auction``). A
  deal is played six times, the kinds arranged over the seats E S W as
  A B B, B A B, B B A, B A A, A B A and A A B (:func:`arrangements`): every
  kind sits in every seat, alone and paired, and so plays every hand of the
  deal. A play's margin is A's mean stake per seat it holds minus B's mean
  stake per seat it holds (stake points of the game's settlement), and the
  deal's value is the mean margin over the six plays. Stakes sum to zero in
  a play, so the value is a quarter of what A's seats won in all six plays;
  the 95% interval is the same normal approximation over deals. A hand that
  everyone passes is annulled (VARIANTS.md ``cutthroat``): that play scores
  0 for every seat and has no contract. A match pair is one match played
  in the six arrangements; A scores 1 when the winner sits in one of its
  seats, so two equal players score 0.5.
* **A table of 4 or 5 chairs** (VARIANTS.md ``auction``: each hand the dealer,
  and at 5 also the player second to the dealer's left, sits out and settles
  as an opponent). The same rotation is made over the chairs instead of the
  seats: A's players in the first half of the chairs (rounded down), B's in
  the rest, and the players move one chair to the left from play to play
  until each has sat in every chair of the deal, the dealer's (sitting out)
  included; then the same with the kinds swapped when that is not already one
  of the rotations. At 4 that is 4 plays (A A B B and its rotations), at 5
  ten (A A B B B and B B A A A, each rotated five times), so sitting out is
  shared evenly by every player. A play's margin is A's mean settlement per
  chair it holds minus B's, over every chair, the ones sitting out included
  (:attr:`DealRecord.chair_points`): at 4 the deal's value is what A's
  players won over the four rotations, divided by 4; at 5 divided by 12. A
  match pair is one match in each rotation; the winner is a chair.

Seeds mirror: the player in seat X gets the same seed in both plays of a deal
(or of a match pair), whoever sits there. So a deterministic player against
itself plays the two plays identically and scores a ``mean_diff`` of exactly
0 and a ``match_win_rate`` of exactly 0.5.

Players are named (:func:`make_player`): a name registered with
:func:`register_player`, else a level of :func:`pinochle.bots.for_level`.
A player is either a :class:`~pinochle.bots.Player` (``act(view)``: it sees
only its seat's view) or a :class:`FullInfoPlayer` (``act_full(state, seat)``:
it sees the whole state; a reference player, not a fair opponent).

The work is spread over worker processes (:class:`~concurrent.futures.ProcessPoolExecutor`)
in chunks of deals and match pairs. Every deal and match depends only on its
own seeds, so the results (think times and wall time aside) are the same
whatever the number of workers.

>>> r = run_arena("easy", "easy", deals=2, seed=3, matches=0, workers=1)
>>> r.mean_diff, r.values
(0.0, (0.0, 0.0))
"""

from __future__ import annotations

import functools
import hashlib
import math
import multiprocessing
import os
import pickle
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import IO, Literal, NamedTuple, Protocol, TypeAlias, TypeVar, runtime_checkable

from .bots import LEVELS, Player, for_level
from .bots.hard import OmniscientPlayer, hard_baseline
from . import parts
from .cards import Seat
from .errors import IllegalAction, PinochleError
from .game import Action, State, apply, auto_action, new_match, turn, view
from .games import find as find_game
from .parts import HandChairs

__all__ = [
    "AnyPlayer",
    "ArenaError",
    "ArenaResult",
    "Contract",
    "DealRecord",
    "FullInfoPlayer",
    "MatchRecord",
    "PlayerFactory",
    "PlayerStats",
    "arena_command",
    "default_matches",
    "default_workers",
    "derive_seed",
    "make_player",
    "percentile",
    "play_deal",
    "play_match_pair",
    "player_factory",
    "player_names",
    "players_at",
    "register_player",
    "render_table",
    "run_arena",
    "unregister_player",
]

_T = TypeVar("_T")

#: A hand with more player moves than this is stopped as broken (an endless auction).
MAX_ACTIONS_PER_HAND = 2000
#: A match not won after this many hands is stopped and counted as a draw (half a win each).
MAX_MATCH_HANDS = 500
#: z for a two-sided 95% normal confidence interval.
Z95 = 1.959963984540054


# ---------------------------------------------------------------- players


@runtime_checkable
class FullInfoPlayer(Protocol):
    """A player that chooses its move from the whole state (every hand visible).

    Such a player is a reference (for example an omniscient player that bounds
    what any player could score), not a fair opponent: it sees the other seats'
    cards. The arena gives it the :class:`~pinochle.game.State` instead of a
    :class:`~pinochle.game.View` (an object with both ``act`` and ``act_full``
    is asked through ``act_full``).

    >>> class FirstLegal:
    ...     def act_full(self, state: State, seat: Seat) -> Action:
    ...         from pinochle.game import legal_actions
    ...         return legal_actions(state, seat)[0]
    >>> isinstance(FirstLegal(), FullInfoPlayer)
    True
    """

    def act_full(self, state: State, seat: Seat) -> Action:
        """Choose the move of ``seat``.

        Args:
            state: the whole match; it is ``seat``'s turn (``turn(state) == seat``).
            seat: the seat to move.

        Returns:
            An :class:`~pinochle.game.Action` for ``seat`` that is legal in ``state``.
        """
        ...


#: Either kind of player: one that sees its view, or one that sees the whole state.
AnyPlayer: TypeAlias = "Player | FullInfoPlayer"
#: Makes a player from a seed (a non-negative int below 2**63).
PlayerFactory: TypeAlias = Callable[[int], "Player | FullInfoPlayer"]

_REGISTRY: dict[str, PlayerFactory] = {}


class ArenaError(PinochleError):
    """A bad arena request, or a player that broke the rules.

    Attributes:
        field: what is at fault: ``"a"``, ``"b"`` (a player name, or that
            player's move), ``"game"``, ``"players"`` (a table size the game does
            not take), ``"deals"``, ``"matches"``, ``"workers"`` or ``"name"``
            (a registration).
        reason: the readable reason.
    """

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        self.reason = reason
        super().__init__(reason)

    def __reduce__(self) -> tuple[type[ArenaError], tuple[str, str]]:
        # so that an error raised in a worker process reaches the parent intact
        return (ArenaError, (self.field, self.reason))

    def to_json(self) -> dict[str, object]:
        """``{"field", "index", "reason"}`` (the command line's error shape; ``index`` is ``None``)."""
        return {"field": self.field, "index": None, "reason": self.reason}


def register_player(name: str, factory: PlayerFactory, *, replace: bool = False) -> None:
    """Make ``factory`` the player called ``name`` in the arena.

    A registered name is looked up before the levels of
    :func:`pinochle.bots.for_level`, so a registration can also replace a level.
    To run with more than one worker the factory must be picklable: a
    module-level function or class, registered when its module is imported.

    Args:
        name: the name used with ``--a`` / ``--b`` (non-empty, no spaces).
        factory: makes the player from a seed (an int); it may return a
            :class:`~pinochle.bots.Player` or a :class:`FullInfoPlayer`.
        replace: allow replacing an existing registration.

    Raises:
        ArenaError: an empty name or one with spaces (field ``"name"``), or a
            name already registered without ``replace``.

    >>> from pinochle.bots import SimplePlayer
    >>> register_player("doc-simple", SimplePlayer)
    >>> make_player("doc-simple", 5)
    SimplePlayer(seed=5)
    >>> unregister_player("doc-simple")
    """
    if not isinstance(name, str) or not name or name != name.strip() or " " in name:
        raise ArenaError("name", f"a player name is a non-empty word, not {name!r}")
    if name in _REGISTRY and not replace:
        raise ArenaError("name", f"a player called {name!r} is already registered (pass replace=True)")
    _REGISTRY[name] = factory


def unregister_player(name: str) -> None:
    """Remove the registration of ``name`` (nothing happens when there is none)."""
    _REGISTRY.pop(name, None)


def player_names() -> tuple[str, ...]:
    """The known player names: the registered ones and the levels of :mod:`pinochle.bots`, sorted.

    >>> {"easy", "normal", "hard"} <= set(player_names())
    True
    """
    return tuple(sorted(set(_REGISTRY) | set(LEVELS)))


def player_factory(name: str, field: str = "a") -> PlayerFactory:
    """The factory of the player called ``name``.

    Args:
        name: a registered name, or a level :func:`pinochle.bots.for_level` accepts.
        field: the field to name in the error (``"a"`` or ``"b"``).

    Returns:
        The registered factory, or ``functools.partial(for_level, name)``.

    Raises:
        ArenaError: an unknown name; the reason lists the known names.
    """
    if name in _REGISTRY:
        return _REGISTRY[name]
    try:
        for_level(name, 0)
    except ValueError:
        raise ArenaError(field, f"unknown player {name!r}: choose one of {', '.join(player_names())}") from None
    return functools.partial(for_level, name)


def make_player(name: str, seed: int) -> AnyPlayer:
    """A new player called ``name``, seeded ``seed``.

    Args:
        name: a registered name (:func:`register_player`) or a level of
            :func:`pinochle.bots.for_level` (``"easy"``, ``"normal"``, ``"hard"``, ...).
        seed: the player's seed (an int); the same seed gives the same player.

    Returns:
        A :class:`~pinochle.bots.Player` or a :class:`FullInfoPlayer`.

    Raises:
        ArenaError: an unknown name (field ``"a"``).

    >>> make_player("easy", 1)
    SimplePlayer(seed=1)
    """
    return player_factory(name)(seed)


def derive_seed(*parts: object) -> int:
    """A seed in ``[0, 2**63)`` derived from ``parts`` (stable across processes and runs).

    >>> derive_seed(1, "deal", 0) == derive_seed(1, "deal", 0) != derive_seed(1, "deal", 1)
    True
    """
    text = "/".join(str(p) for p in parts)
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest(), "big") >> 1


def default_matches(deals: int) -> int:
    """The default number of match pairs for ``deals`` duplicate deals: ``max(10, deals // 25)``."""
    return max(10, deals // 25)


def default_workers() -> int:
    """The CPUs this process may use (at least 1): the default number of workers."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


# ---------------------------------------------------------------- playing


class Contract(NamedTuple):
    """The contract of one played hand, from the arena's point of view.

    Attributes:
        role: the declaring side's player: 0 = A, 1 = B.
        bid: the contract (points).
        made: the declaring side reached its bid.
        stuck: the dealer took the minimum bid without a call.
    """

    role: int
    bid: int
    made: bool
    stuck: bool


class DealRecord(NamedTuple):
    """One duplicate deal, played twice (six times with three players alone: :func:`arrangements`).

    Attributes:
        number: the deal number (0-based).
        scores: per play, ``(A's side score, B's side score)`` for the hand (points); with
            players alone, A's and B's mean score per side held (:func:`arrangements`); at a
            table of 4 or 5, their mean settlement per chair held.
        contracts: per play, the :class:`Contract` (none in a game without an auction).
        chair_points: at a table of 4 or 5, per play, each chair's settlement (stake points;
            they sum to zero in a play); else empty.
    """

    number: int
    scores: tuple[tuple[float, float], ...]
    contracts: tuple[Contract, ...]
    chair_points: tuple[tuple[int, ...], ...] = ()

    @property
    def value(self) -> float:
        """A's points over B for this deal: the mean over the plays of A's score minus B's
        (per side held, in a game of players alone: see the module docstring)."""
        if len(self.scores) == 2:
            (a1, b1), (a2, b2) = self.scores
            return ((a1 - b1) + (a2 - b2)) / 2
        return math.fsum(a - b for a, b in self.scores) / len(self.scores)


class MatchRecord(NamedTuple):
    """One duplicate pair of full matches.

    Attributes:
        number: the pair number (0-based).
        a_points: per play, 1.0 when A's side won, 0.0 when B's did, 0.5 when
            the match was stopped unfinished after :data:`MAX_MATCH_HANDS` hands.
        hands: per play, the number of hands played.
    """

    number: int
    a_points: tuple[float, ...]
    hands: tuple[int, ...]


def arrangements(sides: int) -> tuple[tuple[int, ...], ...]:
    """The plays of one duplicate deal: per play, the player (0 = A, 1 = B) at each place.

    A place is a scoring side (two partnerships, or three players alone), or a chair at a
    table of 4 or 5 (VARIANTS.md ``auction``). A's players take the first half of the places
    (rounded down) and B's the rest; they move one place to the left from play to play until
    every player has held every place; then the same with A and B swapped, unless those
    are already among the rotations (two sides; four chairs). So each kind holds each place
    as often as the other, and each player every place once (:func:`players_at`).

    >>> arrangements(2)
    ((0, 1), (1, 0))
    >>> arrangements(3)
    ((0, 1, 1), (1, 0, 1), (1, 1, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1))
    >>> arrangements(4)
    ((0, 0, 1, 1), (1, 0, 0, 1), (1, 1, 0, 0), (0, 1, 1, 0))
    >>> len(arrangements(5))
    10

    Raises:
        ValueError: fewer than two places.
    """
    if sides < 2:
        raise ValueError(f"a duplicate deal needs two places or more, not {sides}")
    base = tuple(0 if i < sides // 2 else 1 for i in range(sides))
    out: list[tuple[int, ...]] = []
    for pattern in (base, tuple(1 - k for k in base)):
        for r in range(sides):
            play = _rotate(pattern, r)
            if play not in out:
                out.append(play)
    return tuple(out)


def _rotate(pattern: Sequence[_T], r: int) -> tuple[_T, ...]:
    """``pattern`` with every entry moved ``r`` places on (the entry at place ``k`` to ``k + r``)."""
    n = len(pattern)
    return tuple(pattern[(i - r) % n] for i in range(n))


def players_at(sides: int, play: int) -> tuple[str, ...]:
    """Who holds each place in play ``play`` of :func:`arrangements` (``sides``), as the players
    of that rotation: ``A1``, ``A2``, ... ``B1``, ... numbered in the order they sit in its first
    play. Each player holds each place once in the rotation's plays.

    >>> players_at(4, 0), players_at(4, 1), players_at(4, 3)
    (('A1', 'A2', 'B1', 'B2'), ('B2', 'A1', 'A2', 'B1'), ('A2', 'B1', 'B2', 'A1'))

    Raises:
        IndexError: no such play.
    """
    plays = arrangements(sides)
    if not 0 <= play < len(plays):
        raise IndexError(f"play {play}: a deal over {sides} places has plays 0 to {len(plays) - 1}")
    first = plays[play - play % sides]
    labels = ["AB"[k] + str(1 + first[:i].count(k)) for i, k in enumerate(first)]
    return _rotate(labels, play % sides)


def _margin(score: Sequence[int], roles: Sequence[int]) -> tuple[float, float]:
    """A's and B's mean score per side held in one play (an int when a kind holds one side)."""
    a = [x for x, r in zip(score, roles) if r == 0]
    b = [x for x, r in zip(score, roles) if r == 1]
    return (a[0] if len(a) == 1 else math.fsum(a) / len(a), b[0] if len(b) == 1 else math.fsum(b) / len(b))


class _Table:
    """The players of one play, one per chair, and the think times they add to.

    At a table with one chair per place the chairs are the places N E S W (an empty
    place: B, never asked); at a table of 4 or 5 they are the table's chairs, and each
    hand's lineup says who plays where (:func:`pinochle.chairs.lineup_for`).
    """

    def __init__(self, factories: Sequence[PlayerFactory], names: Sequence[str], roles: Sequence[int],
                 chair_seeds: Sequence[int], think_ns: tuple[list[int], list[int]]) -> None:
        self.roles = list(roles)  # per chair: 0 = A, 1 = B
        self.names = [names[r] for r in self.roles]
        self.players: list[AnyPlayer] = [factories[r](chair_seeds[c]) for c, r in enumerate(self.roles)]
        self.think_ns = think_ns

    @staticmethod
    def chair(state: State, seat: Seat) -> int:
        """The chair playing ``seat`` this hand (the place itself at a table of one chair per place)."""
        return state.lineup[seat] if state.lineup else int(seat)

    def run(self, state: State, where: str, whole_match: bool) -> State:
        """Play from ``state`` to the end of the hand (or of the match when ``whole_match``).

        Meld and deal steps are made by the arena; every other move is asked of
        the seat's player and timed.

        Raises:
            ArenaError: a player made an illegal move, or a hand went on past
                :data:`MAX_ACTIONS_PER_HAND` moves.
        """
        moves = 0
        hands = len(state.history)
        thrown = len(state.thrown)
        annul = state.rules.no_bid == "annul"
        while True:
            phase = state.phase
            if phase == "match_end" or (phase == "hand_end" and not whole_match):
                return state
            if annul and not whole_match and len(state.thrown) > thrown:
                return state  # everyone passed: the hand is annulled (VARIANTS.md ``cutthroat``)
            if whole_match and len(state.history) >= MAX_MATCH_HANDS:
                return state
            seat = turn(state)
            assert seat is not None
            auto = auto_action(state)
            if auto is not None:
                action = auto
            elif phase == "hand_end":
                action = Action.deal_(seat)
            else:
                action = self._ask(state, seat)
                moves += 1
            chair = self.chair(state, seat)
            try:
                state = apply(state, action)
            except IllegalAction as err:
                raise ArenaError("ab"[self.roles[chair]],
                                 f"player {self.names[chair]!r} ({seat}) made an illegal move in {where}, "
                                 f"hand {state.hand_no + 1}: {err}") from None
            if len(state.history) != hands:
                hands, moves = len(state.history), 0
            elif moves > MAX_ACTIONS_PER_HAND:
                raise ArenaError("ab"[self.roles[chair]],
                                 f"{where}, hand {state.hand_no + 1}: more than {MAX_ACTIONS_PER_HAND} moves in one hand")

    def _ask(self, state: State, seat: Seat) -> Action:
        chair = self.chair(state, seat)
        player = self.players[chair]
        if isinstance(player, FullInfoPlayer):
            t0 = time.perf_counter_ns()
            action = player.act_full(state, seat)
        else:
            v = view(state, seat)
            t0 = time.perf_counter_ns()
            action = player.act(v)
        self.think_ns[self.roles[chair]].append(time.perf_counter_ns() - t0)
        return action


def _new_think() -> tuple[list[int], list[int]]:
    return ([], [])


def _records_of(state: State, kind: str, seed: int | str, index: int, play: int, sides: Sequence[int],
                names: Sequence[str]) -> list[dict[str, object]]:
    """Every hand ``state`` finished, as hand records (docs/records.md, :func:`pinochle.records.hand_record`;
    thrown-in hands in their place), each with an ``arena`` key saying where the arena played it:
    ``{"seed", "kind": "deal" | "match", "number", "play", "hand", "players": [A's name, B's name],
    "roles": per scoring side (in the record's score order) 0 = A or 1 = B}`` (so that
    anyone can audit the auctions and the play). At a table of 4 or 5 (the record's ``players``
    and ``lineup``) ``roles`` is per chair, and ``at`` names the player in each chair
    (:func:`players_at`: ``"A1"``, ``"B2"``, ...). A replay ignores the ``arena`` key."""
    from .records import match_record

    hands = match_record(state)["hands"]
    assert isinstance(hands, list)
    at = {"at": list(players_at(len(sides), play))} if state.order.players else {}
    return [{**h, "arena": {"seed": seed, "kind": kind, "number": index, "play": play, "hand": k + 1,
                            "players": list(names), "roles": list(sides), **at}}
            for k, h in enumerate(hands)]


def _chairs(game: str, players: int | None) -> int:
    """The chairs of an arena table of ``players`` for ``game``: ``players`` at a table with more
    players than seats (VARIANTS.md ``auction`` at 4 or 5), else 0 (one chair per place).

    Raises:
        ArenaError: an unknown game, or a size it does not take (field ``"players"``).
    """
    try:
        g = find_game(game)
    except ValueError as err:
        raise ArenaError("game", str(err)) from None
    if players is None or players == g.seating.players:
        return 0
    if players not in g.sizes:
        sizes = " or ".join(", ".join(map(str, g.sizes)).rsplit(", ", 1))
        raise ArenaError("players", f"the {g.name} game is played by {sizes} players, not {players!r}")
    return players


def _duplicate_plays(factories: Sequence[PlayerFactory], names: Sequence[str], think: tuple[list[int], list[int]],
                     game: str, chairs: int, seed: int | str, kind: Literal["deal", "match"], index: int,
                     records: list[dict[str, object]] | None) -> Iterator[tuple[Sequence[int], list[int], _Table, State]]:
    """Play deal (or match) ``index`` of an arena seeded ``seed`` once for each arrangement of A and B
    over the sides (duplicate: the same cards, the seats swapped), with the same seat seeds each time.

    Yields:
        ``(sides, roles, table, state)`` after each play: the arrangement, each seat's player, the
        table that ran it and the state at its end (the hand's, or with ``kind="match"`` the match's);
        each play's records are appended to ``records`` first (:func:`_records_of`).
    """
    start_seed = derive_seed("arena", seed, kind, index)
    seat_seeds = [derive_seed("arena", seed, kind, index, "seat", s) for s in range(max(4, chairs))]
    for play, sides in enumerate(arrangements(chairs or len(find_game(game).seating.sides))):
        roles = _roles(game, chairs, sides)
        table = _Table(factories, names, roles, seat_seeds, think)
        start = new_match(seed=start_seed, game=game, players=chairs or None)
        state = table.run(start, f"{kind} {index}", whole_match=kind == "match")
        if records is not None:
            records.extend(_records_of(state, kind, seed, index, play, sides, names))
        yield sides, roles, table, state


def _roles(game: str, chairs: int, sides: Sequence[int]) -> list[int]:
    """Per chair, 0 = A or 1 = B, for the play ``sides`` of :func:`arrangements`: at a table of
    4 or 5 ``sides`` is already per chair; else per place N E S W from its scoring side."""
    if chairs:
        return list(sides)
    seating = find_game(game).seating
    return [sides[seating.side_of[s]] if seating.side_of[s] >= 0 else 1 for s in range(4)]


def play_deal(factories: Sequence[PlayerFactory], seed: int | str, index: int,
              names: Sequence[str] = ("A", "B"),
              think_ns: tuple[list[int], list[int]] | None = None, game: str = "table",
              records: list[dict[str, object]] | None = None, players: int | None = None) -> DealRecord:
    """Play duplicate deal ``index`` of an arena seeded ``seed``: two plays, seats swapped
    (:func:`arrangements`: six with three players alone; at a table of 4 or 5, the players
    rotated through the chairs).

    Args:
        factories: the factories of A and B.
        seed: the arena seed.
        index: the deal number.
        names: A's and B's names (for error messages).
        think_ns: when given, each player's think times (ns) are appended to
            ``think_ns[0]`` (A) and ``think_ns[1]`` (B).
        records: when given, each play's hand is appended as a record (:func:`_records_of`).
        players: the players at the table (``None``: the game's seating); at 4 or 5
            (VARIANTS.md ``auction``) chair 0 deals and the margins are per chair.

    Returns:
        The :class:`DealRecord`.

    Raises:
        ArenaError: a player made an illegal move, or a table size the game does not take.

    >>> f = player_factory("easy")
    >>> play_deal([f, f], 1, 0).value
    0.0
    """
    think = think_ns if think_ns is not None else _new_think()
    chairs = _chairs(game, players)
    scores: list[tuple[float, float]] = []
    contracts: list[Contract] = []
    chair_points: list[tuple[int, ...]] = []
    for sides, roles, table, state in _duplicate_plays(factories, names, think, game, chairs, seed, "deal", index,
                                                       records):
        if not state.history:  # annulled: everyone passed (VARIANTS.md ``cutthroat``)
            scores.append((0, 0))
            if chairs:
                chair_points.append((0,) * chairs)
            continue
        hand = state.history[-1]
        if chairs:  # the match started at zero: its totals are the hand's settlement per chair
            chair_totals = hand.parts.get(HandChairs).totals
            chair_points.append(chair_totals)
            scores.append(_margin(chair_totals, sides))
        else:
            scores.append(_margin(hand.score.score, sides))
        made = hand.parts.get(parts.Contract)
        if made.declarer is not None and made.bid is not None:  # a game without an auction has no contract
            contracts.append(Contract(roles[table.chair(state, made.declarer)], made.bid, hand.score.made,
                                      made.stuck))
    return DealRecord(index, tuple(scores), tuple(contracts), tuple(chair_points))


def play_match_pair(factories: Sequence[PlayerFactory], seed: int | str, index: int,
                    names: Sequence[str] = ("A", "B"),
                    think_ns: tuple[list[int], list[int]] | None = None, game: str = "table",
                    records: list[dict[str, object]] | None = None, players: int | None = None) -> MatchRecord:
    """Play duplicate match pair ``index`` of an arena seeded ``seed``: two matches to 1500, seats swapped.

    Args:
        factories: the factories of A and B.
        seed: the arena seed.
        index: the pair number.
        names: A's and B's names (for error messages).
        think_ns: when given, think times (ns) are appended as in :func:`play_deal`.
        records: when given, every hand of both matches is appended as a record (:func:`_records_of`).
        players: the players at the table, as for :func:`play_deal` (the winner is then a chair).

    Returns:
        The :class:`MatchRecord`.

    Raises:
        ArenaError: a player made an illegal move, or a table size the game does not take.
    """
    think = think_ns if think_ns is not None else _new_think()
    chairs = _chairs(game, players)
    points: list[float] = []
    hands: list[int] = []
    for sides, _, _, state in _duplicate_plays(factories, names, think, game, chairs, seed, "match", index, records):
        if state.winner is None:
            points.append(0.5)
        else:
            points.append(1.0 if sides[state.winner] == 0 else 0.0)
        hands.append(len(state.history))
    return MatchRecord(index, tuple(points), tuple(hands))


# ---------------------------------------------------------------- work in chunks


@dataclass(frozen=True)
class _Task:
    """A chunk of work for one process: deals or match pairs ``start`` to ``stop - 1``."""

    kind: Literal["deals", "matches"]
    start: int
    stop: int
    seed: int | str
    factories: tuple[PlayerFactory, PlayerFactory]
    names: tuple[str, str]
    game: str = "table"
    records: bool = False
    players: int | None = None


@dataclass(frozen=True)
class _Done:
    """What a chunk gives back."""

    task: _Task
    deals: tuple[DealRecord, ...]
    matches: tuple[MatchRecord, ...]
    think_ns: tuple[list[int], list[int]]
    records: tuple[dict[str, object], ...] = ()


def _run_task(task: _Task) -> _Done:
    """Run one chunk (in a worker process or in this one)."""
    think = _new_think()
    records: list[dict[str, object]] | None = [] if task.records else None
    if task.kind == "deals":
        deals = tuple(play_deal(task.factories, task.seed, i, task.names, think, task.game, records, task.players)
                      for i in range(task.start, task.stop))
        return _Done(task, deals, (), think, tuple(records or ()))
    matches = tuple(play_match_pair(task.factories, task.seed, i, task.names, think, task.game, records,
                                    task.players)
                    for i in range(task.start, task.stop))
    return _Done(task, (), matches, think, tuple(records or ()))


def _tasks(deals: int, matches: int, workers: int, seed: int | str,
           factories: tuple[PlayerFactory, PlayerFactory], names: tuple[str, str], game: str = "table",
           records: bool = False, players: int | None = None) -> list[_Task]:
    """The chunks: match pairs one by one first (the longest work), then deals in chunks of up to 25."""
    size = max(1, min(25, math.ceil(deals / (4 * workers))))
    out = [_Task("matches", j, j + 1, seed, factories, names, game, records, players) for j in range(matches)]
    out += [_Task("deals", i, min(deals, i + size), seed, factories, names, game, records, players)
            for i in range(0, deals, size)]
    return out


def _execute(tasks: list[_Task], workers: int, progress: bool) -> Iterator[_Done]:
    """Run the chunks (in ``workers`` processes when more than one), yielding each as it finishes.

    With ``progress`` a :mod:`rich.progress` bar on standard error shows the
    deals and match pairs done.
    """
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TimeElapsedColumn(), TimeRemainingColumn(), console=Console(stderr=True), disable=not progress)
    n_deals = sum(t.stop - t.start for t in tasks if t.kind == "deals")
    n_matches = sum(t.stop - t.start for t in tasks if t.kind == "matches")
    ids = {"deals": bar.add_task("duplicate deals", total=n_deals)}
    if n_matches:
        ids["matches"] = bar.add_task("match pairs", total=n_matches)
    with bar:
        if workers <= 1:
            for task in tasks:
                done = _run_task(task)
                bar.advance(ids[task.kind], task.stop - task.start)
                yield done
            return
        # spawn, not fork: the progress bar runs a thread, and forking a threaded process is unsafe
        with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn")) as pool:
            pending: set[Future[_Done]] = {pool.submit(_run_task, t) for t in tasks}
            try:
                while pending:
                    finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for fut in finished:
                        done = fut.result()
                        bar.advance(ids[done.task.kind], done.task.stop - done.task.start)
                        yield done
            finally:
                for fut in pending:
                    fut.cancel()


# ---------------------------------------------------------------- results


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile of ``values``, interpolating linearly between ranks.

    Args:
        values: at least one number (any order).
        q: 0 to 100.

    Raises:
        ValueError: no values, or ``q`` outside 0..100.

    >>> percentile([1, 2, 3, 4], 50), percentile([5], 95), percentile(range(101), 95)
    (2.5, 5.0, 95.0)
    """
    if not values:
        raise ValueError("percentile of no values")
    if not 0 <= q <= 100:
        raise ValueError(f"a percentile is 0 to 100, not {q}")
    s = sorted(values)
    pos = (len(s) - 1) * q / 100
    lo = math.floor(pos)
    hi = min(lo + 1, len(s) - 1)
    return float(s[lo] + (s[hi] - s[lo]) * (pos - lo))


@dataclass(frozen=True)
class PlayerStats:
    """One player's contracts and think time in the duplicate deals.

    Contracts count the hands whose declaring side was this player's side
    (stuck dealers included, and also counted in ``stuck``).

    Attributes:
        name: the player's name.
        contracts: contracts won by this player's side.
        made, set: of those, made and set.
        stuck: of those, stuck dealers (the dealer took the minimum bid).
        avg_bid: the mean contract (points), stuck dealers included; ``None``
            with no contract.
        think_calls: moves timed (duplicate deals and full matches).
        think_p50_ms, think_p95_ms: median and 95th percentile of the time
            of one move (milliseconds); ``None`` with no move.
    """

    name: str
    contracts: int
    made: int
    set: int
    stuck: int
    avg_bid: float | None
    think_calls: int
    think_p50_ms: float | None
    think_p95_ms: float | None


@dataclass(frozen=True)
class ArenaResult:
    """The arena's measurement of A against B.

    Attributes:
        a, b: the players' names.
        seed: the arena seed.
        deals: duplicate deals played (each ``plays`` times: twice, or six times with three
            players alone).
        values: A's points over B per deal (:attr:`DealRecord.value`), in deal order.
        mean_diff: the mean of ``values``: A's points per hand over B.
        stdev: the sample standard deviation of ``values`` (``None`` for one deal).
        ci95: the 95% confidence interval of ``mean_diff``, normal
            approximation over deals (``None`` for one deal).
        stats: A's and B's :class:`PlayerStats`.
        matches: duplicate match pairs played (``plays * matches`` matches).
        match_wins: matches won by A's side and by B's side.
        match_win_rate: A's share of the ``plays * matches`` matches, a match
            stopped unfinished counting a half; ``None`` with no match.
        match_ci95: its 95% interval (normal approximation over pairs); ``None``
            with fewer than two pairs.
        unfinished: matches stopped after :data:`MAX_MATCH_HANDS` hands.
        workers: the worker processes used.
        seconds: the wall time.
        game: the game played.
        plays: the plays of each deal and each match pair (:func:`arrangements`).
        players: the players at the table (the game's seating's, or 4 or 5 in ``auction``).
    """

    a: str
    b: str
    seed: int | str
    deals: int
    values: tuple[float, ...]
    mean_diff: float
    stdev: float | None
    ci95: tuple[float, float] | None
    stats: tuple[PlayerStats, PlayerStats]
    matches: int
    match_wins: tuple[int, int]
    match_win_rate: float | None
    match_ci95: tuple[float, float] | None
    unfinished: int
    workers: int
    seconds: float
    game: str = "table"
    plays: int = 2
    players: int = 4

    def to_json(self) -> dict[str, object]:
        """The result as JSON (points and rates to 4 decimals, times to 3)::

            {"game", "players", "a", "b", "deals", "hands", "mean_diff", "stdev", "ci95": [lo, hi],
             "think_ms": {"a": {"p50", "p95", "calls"}, "b": {...}},
             "match_win_rate", "match_ci95", "matches", "match_wins": {"a", "b", "unfinished"},
             "bids": {"a": {"made", "set", "avg_bid", "contracts", "stuck"}, "b": {...}},
             "seed", "workers", "seconds"}

        ``ci95`` and ``match_ci95`` are ``[null, null]`` when undefined (one
        deal, fewer than two match pairs); ``match_win_rate`` is ``null``
        with no match.
        """

        def r(x: float | None, nd: int = 4) -> float | None:
            return None if x is None else round(x, nd)

        def pair(p: tuple[float, float] | None) -> list[float | None]:
            return [None, None] if p is None else [r(p[0]), r(p[1])]

        sa, sb = self.stats
        return {
            "game": self.game,
            "players": self.players,
            "a": self.a,
            "b": self.b,
            "deals": self.deals,
            "hands": self.plays * self.deals,
            "mean_diff": r(self.mean_diff),
            "stdev": r(self.stdev),
            "ci95": pair(self.ci95),
            "think_ms": {
                k: {"p50": r(s.think_p50_ms, 3), "p95": r(s.think_p95_ms, 3), "calls": s.think_calls}
                for k, s in (("a", sa), ("b", sb))
            },
            "match_win_rate": r(self.match_win_rate),
            "match_ci95": pair(self.match_ci95),
            "matches": self.matches,
            "match_wins": {"a": self.match_wins[0], "b": self.match_wins[1], "unfinished": self.unfinished},
            "bids": {
                k: {"made": s.made, "set": s.set, "avg_bid": r(s.avg_bid), "contracts": s.contracts, "stuck": s.stuck}
                for k, s in (("a", sa), ("b", sb))
            },
            "seed": self.seed,
            "workers": self.workers,
            "seconds": round(self.seconds, 3),
        }


def _interval(values: Sequence[float]) -> tuple[float, float | None, tuple[float, float] | None]:
    """Mean, sample standard deviation and 95% normal interval of ``values`` (at least one)."""
    mean = math.fsum(values) / len(values)
    if len(values) < 2:
        return mean, None, None
    sd = statistics.stdev(values)
    half = Z95 * sd / math.sqrt(len(values))
    return mean, sd, (mean - half, mean + half)


def _stats(name: str, role: int, deals: Sequence[DealRecord], think_ns: Sequence[int]) -> PlayerStats:
    mine = [c for d in deals for c in d.contracts if c.role == role]
    ms = [t / 1e6 for t in think_ns]
    return PlayerStats(
        name=name,
        contracts=len(mine),
        made=sum(c.made for c in mine),
        set=sum(not c.made for c in mine),
        stuck=sum(c.stuck for c in mine),
        avg_bid=math.fsum(c.bid for c in mine) / len(mine) if mine else None,
        think_calls=len(ms),
        think_p50_ms=percentile(ms, 50) if ms else None,
        think_p95_ms=percentile(ms, 95) if ms else None,
    )


#: The most duplicate deals one arena run takes (a million deals is days of Hard play).
MAX_DEALS = 1_000_000
#: The most duplicate match pairs one run takes.
MAX_MATCHES = 100_000
#: The most worker processes: more than this only adds start-up cost on any machine we run on.
MAX_WORKERS = 64


def _check_count(field: str, value: object, low: int, high: int) -> int:
    """``value`` when it is a whole number from ``low`` to ``high``.

    Raises:
        ArenaError: the field, with the range and the true fault.
    """
    if not isinstance(value, int) or isinstance(value, bool):
        raise ArenaError(field, f"--{field} must be a whole number from {low:,} to {high:,}, not {value!r}")
    if not low <= value <= high:
        raise ArenaError(field, f"--{field} is {value:,}: give a whole number from {low:,} to {high:,}")
    return value


def run_arena(a: str, b: str, deals: int, seed: int | str = 1, matches: int | None = None,
              workers: int | None = None, progress: bool = False, game: str = "table",
              records: IO[str] | None = None, players: int | None = None) -> ArenaResult:
    """Measure player ``a`` against player ``b`` on duplicate deals and duplicate match pairs.

    Args:
        a, b: player names (:func:`make_player`); they may be the same.
        deals: duplicate deals (at least 1); each is played twice (six times with three
            players alone: :func:`arrangements`).
        seed: the arena seed: the same seed gives the same deals, matches and
            results (think and wall times aside), whatever ``workers``.
        matches: duplicate pairs of full matches to 1500 (0 for none);
            default :func:`default_matches`.
        workers: processes to use (at least 1; 1 runs in this process);
            default :func:`default_workers`.
        progress: show a :mod:`rich.progress` bar on standard error.
        game: the game played (:data:`pinochle.games.GAMES`, default ``table``).
        records: when given, every hand played is written to it as one JSON line, a hand
            record of docs/records.md with an ``arena`` key (:func:`_records_of`): the duplicate
            deals in order (each deal's plays in turn), then the match pairs' hands in order.
            ``pinochle replay -`` replays them; the same seed writes the same lines.
        players: the players at the table, one of the game's sizes (default its seating's);
            ``auction`` at 4 or 5 rotates the players through the chairs (module docstring).

    Returns:
        The :class:`ArenaResult`.

    Raises:
        ArenaError: an unknown player or game, a table size the game does not take
            (field ``"players"``), ``deals`` < 1, ``matches`` < 0,
            ``workers`` < 1, a registered player that cannot be sent to a
            worker process, or a player that made an illegal move.
    """
    fa, fb = player_factory(a, "a"), player_factory(b, "b")
    chairs = _chairs(game, players)
    seating = find_game(game).seating
    plays = len(arrangements(chairs or len(seating.sides)))
    n = _check_count("deals", deals, 1, MAX_DEALS)
    m = default_matches(n) if matches is None else _check_count("matches", matches, 0, MAX_MATCHES)
    w = default_workers() if workers is None else _check_count("workers", workers, 1, MAX_WORKERS)
    tasks = _tasks(n, m, w, seed, (fa, fb), (a, b), game, records is not None, chairs or None)
    w = min(w, len(tasks))
    if w > 1:
        for field, name, f in (("a", a, fa), ("b", b, fb)):
            try:
                pickle.dumps(f)
            except Exception:
                raise ArenaError(field, f"player {name!r} cannot be sent to worker processes: register a "
                                        "module-level function or class, or use one worker") from None
    t0 = time.perf_counter()
    done = sorted(_execute(tasks, w, progress), key=lambda d: (d.task.kind, d.task.start))
    seconds = time.perf_counter() - t0
    if records is not None:
        import json

        for chunk in done:
            for rec in chunk.records:
                records.write(json.dumps(rec, ensure_ascii=False) + "\n")

    deal_records = [d for chunk in done for d in chunk.deals]
    match_records = [r for chunk in done for r in chunk.matches]
    think: tuple[list[int], list[int]] = ([], [])
    for chunk in done:
        think[0].extend(chunk.think_ns[0])
        think[1].extend(chunk.think_ns[1])
    values = tuple(d.value for d in deal_records)
    mean, sd, ci = _interval(values)
    pair_rates = [sum(r.a_points) / len(r.a_points) for r in match_records]
    outcomes = [p for r in match_records for p in r.a_points]
    rate, _, match_ci = _interval(pair_rates) if pair_rates else (None, None, None)
    return ArenaResult(
        a=a, b=b, seed=seed, deals=n, values=values, mean_diff=mean, stdev=sd, ci95=ci,
        stats=(_stats(a, 0, deal_records, think[0]), _stats(b, 1, deal_records, think[1])),
        matches=m, match_wins=(outcomes.count(1.0), outcomes.count(0.0)), match_win_rate=rate,
        match_ci95=match_ci, unfinished=outcomes.count(0.5),
        workers=w, seconds=seconds, game=game, plays=plays, players=chairs or seating.players,
    )


# ---------------------------------------------------------------- output


def render_table(result: ArenaResult, out: IO[str]) -> None:
    """Write ``result`` to ``out`` as a readable summary and a per-player table (:mod:`rich`)."""
    from rich.console import Console
    from rich.table import Table

    console = Console(file=out, highlight=False, soft_wrap=True)
    r = result
    table_of = f"{r.game} at a table of {r.players}; "
    console.print(f"Duplicate arena: {table_of}A = {r.a}, B = {r.b}; seed {r.seed}; {r.deals} deals ({r.plays * r.deals} hands), "
                  f"{r.matches} match pairs; {r.workers} worker(s), {r.seconds:.1f} s", markup=False)
    ci = "undefined (one deal)" if r.ci95 is None else f"[{r.ci95[0]:+.2f}, {r.ci95[1]:+.2f}]"
    console.print(f"A over B: {r.mean_diff:+.2f} points per hand, 95% CI {ci}", markup=False)
    if r.match_win_rate is not None:
        mci = "" if r.match_ci95 is None else f", 95% CI [{r.match_ci95[0]:.1%}, {r.match_ci95[1]:.1%}]"
        extra = f"; {r.unfinished} unfinished (half a win each)" if r.unfinished else ""
        console.print(f"A won {r.match_win_rate:.1%} of {r.plays * r.matches} matches{mci}{extra}", markup=False)
    table = Table(caption="contracts won by the player's side (stuck dealers included); think time of one move")
    for head in ("player", "name", "contracts", "made", "set", "stuck", "avg bid", "p50 ms", "p95 ms"):
        table.add_column(head, justify="left" if head in ("player", "name") else "right", no_wrap=True)

    def num(x: float | None, fmt: str) -> str:
        return "-" if x is None else format(x, fmt)

    for label, s in zip(("A", "B"), r.stats):
        table.add_row(label, s.name, str(s.contracts), str(s.made), str(s.set), str(s.stuck),
                      num(s.avg_bid, ".1f"), num(s.think_p50_ms, ".3f"), num(s.think_p95_ms, ".3f"))
    console.print(table)


def arena_command(a: str, b: str, deals: int, seed: int, matches: int | None, workers: int | None,
                  as_json: bool, out: IO[str], progress: bool = True, game: str = "table",
                  records: str | None = None, players: int | None = None) -> int:
    """The ``pinochle arena`` command: run the arena and print the result.

    Args:
        a, b, deals, seed, matches, workers, game, players: as for :func:`run_arena`.
        as_json: print one JSON object (:meth:`ArenaResult.to_json`) instead of the table.
        out: where to print.
        records: a file to write every hand played to, as JSON Lines of hand records
            (``run_arena``'s ``records``); it is replaced.
        progress: show the progress bar on standard error.

    Returns:
        0.

    Raises:
        ArenaError: as :func:`run_arena`.
    """
    import json

    if records is None:
        result = run_arena(a, b, deals, seed=seed, matches=matches, workers=workers, progress=progress, game=game,
                           players=players)
    else:
        with open(records, "w", encoding="utf-8") as fh:
            result = run_arena(a, b, deals, seed=seed, matches=matches, workers=workers, progress=progress,
                               game=game, records=fh, players=players)
    if as_json:
        out.write(json.dumps(result.to_json(), ensure_ascii=False) + "\n")
    else:
        render_table(result, out)
    return 0


# The omniscient reference player: for measurement only, never offered in the app.
register_player("omniscient", OmniscientPlayer)
# Hard before it used its budget: the baseline the new Hard is measured against (docs/strength.md), not in the app.
register_player("hard-baseline", hard_baseline)
