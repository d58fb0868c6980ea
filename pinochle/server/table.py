"""Tables: one match each, people and computer players in its seats (the game's seating:
four in two partnerships, three players alone at E, S and W with N an empty place, or two facing
each other at N and S with E and W empty places: VARIANTS.md ``two-handed``).

A :class:`Table` owns one match. It validates every person's move with the
engine, appends every move to storage before telling anyone (storage is the
truth), runs the computer players off the event loop (``asyncio.to_thread``)
at a pace a person can follow, and sends each seat's sockets a message built
from ``view(state, seat)`` alone.

A solo match (RULES.md "Players and partnerships"; seed 003 "solo matches
against Easy, Normal or Hard computer players") is a table whose South is the
device and whose other seats are computers. A room or Quick Match table seats
people by seat token. One driver task per table decides what
happens next and when:

- a computer guest moves after ``bot_delay`` seconds (:data:`MELD_PAUSE` times that for
  the first move after the meld, the opening lead or a concession, so that
  the meld on the felt can be read: the page keeps it there as long, web/felt-anim.js);
- a move without a choice (laying meld; a two-handed draw from the stock) is made at
  once for every seat alike (:func:`~pinochle.game.auto_action`); every move with a choice (a bid,
  trump, the cards to pass, conceding, a card) is the seat's own: its
  person's, or its computer player's;
- a person who has been disconnected for ``away_seconds`` (60 s by default
  in rooms and Quick Match, off in solo) is played by a computer until they
  reconnect and take the seat back;
- with a move timer (off in private rooms, 30 s in Quick Match), the
  computer plays for a person who does not move in time (:func:`timed_out_move`: in the auction a
  pass), and everyone is told so (the state's ``table.timed_out``);
- at a hand's end the next hand is dealt once every person present has
  asked for it (the move timer and the away rule apply here too);
- a table with no person connected waits: nobody is there to be kept waiting.

:class:`Tables` finds tables, rebuilds them from storage and keeps the
sockets of every token (:class:`Hub`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from ..bots import Player, for_level
from ..cards import Seat
from ..errors import IllegalAction
from ..game import (Action, BidAction, State, View, apply, auto_action, current_trick, deal_number, legal_actions,
                    lineup_json, match_deals, new_match, turn, view)
from ..chairs import apply_for_chair, seat_of_chair, view_for_chair
from ..games import find as find_game
from ..verify import commitment, new_salt
from .adapters import Link
from .hub import Hub, Send
from .protocol import ErrorCode, ProtocolError
from .stats import keep_finished
from .storage import SeatRecord, StaleWrite, Storage, StorageFault, StoredMatch
from .undo import Line, fold, is_undo, undo_entry

R = TypeVar("R")

log = logging.getLogger("pinochle.server")

Clock = Callable[[], float]

__all__ = ["Hub", "Send", "Table", "Tables"]

#: The seat a solo player sits in.
SOLO_SEAT = Seat.S
#: Seconds the driver waits before trying a computer or automatic move again after it failed (storage full or locked).
RETRY_SECONDS = 1.0
#: The first computer move once the meld is laid (the opening lead, a declarer's concession) waits this many
#: ``bot_delay`` s, in every game alike: the meld pause, so that the meld on the felt can be read (Normal pace's
#: 0.7 s: 4.2 s; the page keeps the meld on the felt 4 s at Normal pace, pinochle/web/felt-anim.js MELD_MS.read).
MELD_PAUSE = 6


def timed_out_move(state: State, seat: Seat) -> Action | None:
    """The move made for a person whose move timer ran out when the table decides it: a pass wherever a pass is
    legal (a call in the auction; two-handed's meld turn: nothing more declared; turned-trump's dix exchange: the
    nine kept), or ``None`` where the seat's computer player chooses (the trump, the cards, the card to play;
    docs/protocol.md, "The move timer").

    In the auction a time-out is a pass whenever a pass is legal: an absent player does not take on a
    contract, as the commercial card rooms do (Trickster Cards passes for a player who runs out of time), and
    nobody comes back to find themself declarer. A seat that may not pass (Britannica's opener, who "must open
    with at least 10", VARIANTS.md ``britannica``; a dealer forced to bid by a house switch, VARIANTS.md
    ``auction``) bids the lowest bid allowed.

    Args:
        state: the match, at ``seat``'s move.
        seat: the seat whose timer ran out.

    Returns:
        The pass, or in the auction the lowest legal bid when no pass is legal; ``None`` for any other move.
    """
    moves = legal_actions(state, seat)
    passes = [a for a in moves if a.type == "pass"]
    if passes:
        return passes[0]
    bids = [a for a in moves if isinstance(a, BidAction)]
    return min(bids, key=lambda a: a.bid) if bids else None
SEAT_WORD = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}


def rebuild(stored: StoredMatch) -> State:
    """The match state: the reducer folded over the stored action log from the seed, in the stored game.

    Raises:
        ValueError: the stored game is unknown or not playable (a database written by a newer server).
    """
    return line_of(stored).state


def line_of(stored: StoredMatch) -> Line:
    """The match's line of play (:class:`~.undo.Line`): the stored action log folded from the seed, its undo
    entries taken into account (docs/protocol.md, "Undo in solo").

    Raises:
        ValueError: the stored game is unknown or not playable, or the log does not replay.
    """
    start = new_match(seed=stored.seed, first_dealer=stored.first_dealer, game=stored.game,
                      players=TableOptions.from_json(stored.options).players)
    return fold(start, stored.actions)


def new_match_id() -> str:
    """A fresh random match id (16 URL-safe characters)."""
    return secrets.token_urlsafe(12)


def seats_in_play(game: str) -> tuple[Seat, ...]:
    """The seats of ``game``'s table, clockwise (its definition's seating: N E S W for the
    partnership games; E S W for the three-handed games, whose N is an empty place; N S for
    two-handed, whose E and W are empty places).

    >>> [str(s) for s in seats_in_play("cutthroat")], [str(s) for s in seats_in_play("two-handed")]
    (['E', 'S', 'W'], ['N', 'S'])

    Raises:
        ValueError: ``game`` is unknown or not built yet.
    """
    return tuple(Seat(s) for s in find_game(game).seating.seats)


def seat_order(game: str) -> tuple[Seat, ...]:
    """The order people fill the seats of ``game``: South, then South's partners, then the
    others (N, E, S, W order): S N E W in a partnership game, S E W at a table of three.

    >>> [str(s) for s in seat_order("table")], [str(s) for s in seat_order("auction")]
    (['S', 'N', 'E', 'W'], ['S', 'E', 'W'])
    """
    seating = find_game(game).seating
    seats = seats_in_play(game)
    partners = tuple(Seat(s) for s in seating.partners(SOLO_SEAT))
    return (SOLO_SEAT, *partners, *(s for s in seats if s != SOLO_SEAT and s not in partners))


#: The record of an empty place (a three-handed game's N): nobody sits there and it never acts.
EMPTY_PLACE = SeatRecord(None, "")


def has_chairs(game: str, players: int | None) -> bool:
    """Whether a table of ``players`` for ``game`` seats its people in chairs rather than seats:
    more players than the game's seating (VARIANTS.md ``auction`` at 4 or 5: each hand three of
    the chairs play, at E, S and W, and the others sit it out; docs/design.md, "Seats, sides and chairs").

    >>> has_chairs("auction", 5), has_chairs("auction", 3), has_chairs("auction", None)
    (True, False, False)
    """
    return players is not None and players > find_game(game).seating.players


def chair_word(chair: int) -> str:
    """A computer guest's name in chair ``chair`` (chairs numbered from 0, named from 1).

    >>> chair_word(0)
    'Player 1'
    """
    return f"Player {chair + 1}"


#: The places round a table of 4 or 5 chairs from chair 0's (South), clockwise as the chairs are numbered
#: (docs/protocol.md, "A table of 4 or 5"): the names of the computer players in a solo match and in Quick
#: Match, as the other games name their seats (the chair after yours in play sits on your left, West).
CHAIR_PLACES: dict[int, tuple[str, ...]] = {
    4: ("South", "West", "North", "East"),
    5: ("South", "West", "North-west", "North-east", "East"),
}


def chair_place(chair: int, players: int) -> str:
    """The place of chair ``chair`` round a table of ``players`` chairs (:data:`CHAIR_PLACES`).

    >>> [chair_place(c, 5) for c in range(1, 5)]
    ['West', 'North-west', 'North-east', 'East']
    >>> chair_place(2, 4)
    'North'
    >>> chair_place(5, 5)
    Traceback (most recent call last):
    ...
    ValueError: there is no chair 5 at a table of 5 (chairs 0 to 4)
    """
    places = CHAIR_PLACES.get(players)
    if places is None:
        raise ValueError(f"a table of {players} has no chairs (4 or 5)")
    if not 0 <= chair < players:
        raise ValueError(f"there is no chair {chair} at a table of {players} (chairs 0 to {players - 1})")
    return places[chair]


def solo_seats(device: str, game: str = "table", players: int | None = None) -> tuple[SeatRecord, ...]:
    """The seats of a solo match of ``game``: the device at South, computers in the other seats
    in play, an empty place where the game seats nobody (N, E, S, W order).

    At a table of more players than seats (:func:`has_chairs`) one record per chair
    instead: the device in chair 0, computers in the others, named by their places (:func:`chair_place`).

    >>> [r.name for r in solo_seats("d", "auction", 5)]
    ['You', 'West', 'North-west', 'North-east', 'East']
    """
    if players is not None and has_chairs(game, players):
        return tuple(SeatRecord(device if c == 0 else None, "You" if c == 0 else chair_place(c, players))
                     for c in range(players))
    seats = seats_in_play(game)
    return tuple(SeatRecord(device if s == SOLO_SEAT else None, SEAT_WORD[s]) if s in seats else EMPTY_PLACE
                 for s in Seat)


@dataclass(frozen=True)
class TableOptions:
    """How a table treats people who are slow or gone.

    Attributes:
        move_timer: seconds a person has to move before the computer plays
            that move for them; ``None`` for no timer.
        away_seconds: seconds a disconnected person keeps the seat before a
            computer plays for them (until they come back); ``None`` to wait forever.
        players: the players at the table when the game seats more than one number
            (``Game.table_sizes``: auction at 3, 4 or 5); ``None``: its seating's players.
        hints: a room's creator turned hints on (docs/protocol.md, ``hint``).
    """

    move_timer: float | None = None
    away_seconds: float | None = None
    players: int | None = None
    hints: bool = False

    def to_json(self) -> dict[str, object]:
        """``{"move_timer", "away_seconds"}`` (seconds or null), and ``"players"`` when set."""
        out: dict[str, object] = {"move_timer": self.move_timer, "away_seconds": self.away_seconds}
        if self.players is not None:
            out["players"] = self.players
        if self.hints:
            out["hints"] = True
        return out

    @classmethod
    def from_json(cls, data: dict[str, object]) -> TableOptions:
        """The inverse of :meth:`to_json`; missing fields are ``None``."""
        def num(key: str) -> float | None:
            v = data.get(key)
            return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None
        players = data.get("players")
        return cls(num("move_timer"), num("away_seconds"),
                   players if isinstance(players, int) and not isinstance(players, bool) else None,
                   data.get("hints") is True)


class Table:
    """One match in memory, backed by storage (the truth)."""

    def __init__(self, stored: StoredMatch, storage: Storage, hub: Hub, bot_delay: float,
                 clock: Clock = time.monotonic,
                 on_finish: Callable[[Table], Awaitable[None]] | None = None, tables: Tables | None = None) -> None:
        """Rebuild the table of ``stored``.

        Args:
            stored: the match as stored.
            storage: where every move is appended.
            hub: the sockets of every token (and the link to the service's other processes).
            bot_delay: seconds between computer moves.
            clock: a monotonic clock in seconds (tests pass a fake one).
            on_finish: awaited once the match ends (a room shows its result).
            tables: the tables of this process, which take the match's lease for it; ``None``: a table
                on its own (tests), which drives the match from the start.
        """
        self.id = stored.id
        self.owner = stored.device
        self.kind = stored.kind
        self.level = stored.level
        self.seed = stored.seed
        #: the shuffle's salt ("" for a match stored before the shuffle was sealed: it has no commitment)
        self.salt = stored.salt
        #: SHA-256 of "{seed}:{salt}", shown from the first state (docs/records.md, "A verifiable shuffle")
        self.commitment = commitment(stored.seed, stored.salt) if stored.salt else None
        #: the game's name (pinochle.games.GAMES)
        self.game = stored.game
        self.storage = storage
        self.hub = hub
        self.bot_delay = bot_delay
        self.clock = clock
        self.on_finish = on_finish
        self.options = TableOptions.from_json(stored.options)
        #: the line of play: the state, and the moves of the current hand an undo can take back
        self.line = line_of(stored)
        self.state = self.line.state
        #: a hint was given or a move undone in this match (docs/protocol.md, "Statistics"): it is assisted
        self.assisted = stored.assisted
        #: a table of more players than seats (auction at 4 or 5): people hold chairs, not seats
        self.chaired = self.state.table_size > self.state.game.seating.players
        size = self.state.table_size if self.chaired else 4
        self.seats: list[SeatRecord] = list(stored.seats) if len(stored.seats) == size \
            else list(solo_seats(stored.device, stored.game, self.state.table_size if self.chaired else None))
        #: the places people hold: the seats in play (the game's seating; an empty place, a
        #: three-handed game's N, is not one), or the chairs 0 .. players - 1 at a table of 4 or 5
        self.in_play: tuple[int, ...] = tuple(range(size)) if self.chaired \
            else tuple(Seat(s) for s in self.state.game.seating.seats)
        #: ended before its last hand (replaced, or everyone left): it never moves again
        self.abandoned = stored.finished and self.state.phase != "match_end"
        self.players: dict[int, Player] = {
            p: for_level(stored.level, f"{stored.seed}/chair{p}" if self.chaired else f"{stored.seed}/{Seat(p)}")
            for p in self.in_play}
        self.lock = asyncio.Lock()
        self.closed = False
        now = clock()
        self.turn_since = now
        #: when each disconnected person's last socket closed (a restart counts as a disconnect)
        self.away_since: dict[int, float] = {
            seat: now for seat in self.people() if not hub.connected(self.seats[seat].token)
        }
        #: people who asked for the next hand at this hand's end
        self.next_ready: set[int] = set()
        self._changed = asyncio.Event()
        self._driver: asyncio.Task[None] | None = None
        #: the seats shown as played by a stand-in in the last broadcast
        self._shown_stand_ins: frozenset[int] = frozenset()
        self.tables = tables
        self.link: Link = hub.link
        #: this process holds the match's lease: it drives the table (a table on its own always does)
        self.owned = tables is None
        #: the places a computer plays for someone away, as the owner last said
        self.remote_stand_ins: frozenset[int] = frozenset()
        self._published_stand_ins: frozenset[int] | None = None
        self._notices: deque[dict[str, Any]] = deque()
        #: the last move the computer made for a person whose timer ran out: ``{"seat", "version", "action"}``
        #: (the version it was made at), kept until that person moves again or the next hand is dealt; ``None`` for none
        self.timed_out: dict[str, object] | None = None
        #: every move made for a person out of time in this hand, oldest first (each as ``timed_out``), for the
        #: hand's summary; emptied when the next hand is dealt
        self.timed_out_hand: list[dict[str, object]] = []
        #: the move the timer running now would make (:meth:`_then`), for the version it was worked out at
        self._then_at: tuple[int, dict[str, object] | None] = (-1, None)
        self._syncing = False
        #: actions known beyond the version reached, from storage or a notice (``_ahead_from``: the first one's index)
        self._ahead: list[dict[str, object]] = []
        self._ahead_from = 0
        #: the actions this process stored since its last notice (``_outbox_from``: the first one's index), sent
        #: with the notice so that the other replicas need not read them back from storage
        self._outbox: list[dict[str, object]] = []
        self._outbox_from = 0

    @property
    def channel(self) -> str:
        """The match's channel of notices."""
        return self.link.channel("match", self.id)

    @property
    def stand_ins_key(self) -> str:
        """The fact naming the places the owner's computers play for people away (JSON)."""
        return f"standins:{self.id}"

    # ---------------------------------------------------------------- places: seats or chairs

    def seat_at(self, place: int, state: State | None = None) -> Seat | None:
        """The seat where the person or computer of ``place`` plays this hand: the place itself
        at a table of seats; at a table of chairs the chair's seat, ``None`` while it sits out."""
        state = self.state if state is None else state
        return seat_of_chair(state, place) if self.chaired else Seat(place)

    def place_at(self, seat: Seat, state: State | None = None) -> int:
        """Whose place plays ``seat`` this hand: the seat itself, or the chair there (``State.lineup``)."""
        state = self.state if state is None else state
        return state.lineup[seat] if self.chaired else seat

    def view_of(self, place: int, state: State | None = None) -> View:
        """What ``place`` sees: ``view`` of its seat, or ``view_for_chair`` (a spectator's view while it sits out)."""
        state = self.state if state is None else state
        return view_for_chair(state, place) if self.chaired else view(state, Seat(place))

    def place_word(self, place: int) -> str:
        """The key of ``place`` in messages: the seat letter (``"S"``) or the chair number (``"3"``)."""
        return str(place) if self.chaired else str(Seat(place))

    # ---------------------------------------------------------------- seats

    def people(self) -> list[int]:
        """The seats held by people."""
        return [s for s in self.in_play if self.seats[s].token is not None]

    def home(self) -> int:
        """Where a solo match's device sits: South, or chair 0 at a table of 4 or 5."""
        return 0 if self.chaired else SOLO_SEAT

    def seat_of(self, tokens: Iterable[str | None]) -> int | None:
        """The place (seat, or chair at a table of 4 or 5) held by one of ``tokens``, or ``None``."""
        held = set(tokens) - {None}
        for s in self.in_play:
            if self.seats[s].token in held:
                return s
        return None

    def tokens(self) -> set[str]:
        """The tokens of the people at this table."""
        return {r.token for r in self.seats if r.token is not None}

    def _gone_at(self, seat: int) -> float | None:
        """When a disconnected person's seat passes to a computer, or ``None``."""
        since = self.away_since.get(seat)
        if since is None or self.options.away_seconds is None:
            return None
        return since + self.options.away_seconds

    def stand_in(self, seat: int, now: float | None = None) -> bool:
        """Whether a computer is playing for the person in ``seat`` (away too long).

        The owner decides stand-ins from presence; another replica shows what the owner said, but
        never for a person connected now (the owner stops standing in as soon as it hears of it)."""
        if not self.owned:
            return seat in self.remote_stand_ins and not self.hub.connected(self.seats[seat].token)
        at = self._gone_at(seat)
        return at is not None and (self.clock() if now is None else now) >= at

    def presence(self, token: str) -> None:
        """A token connected or disconnected: track who is away and re-plan."""
        for seat in self.in_play:
            if self.seats[seat].token != token:
                continue
            if self.hub.connected(token):
                self.away_since.pop(seat, None)
            else:
                self.away_since.setdefault(seat, self.clock())
        self._changed.set()
        if not self.closed:
            asyncio.get_running_loop().create_task(self._presence_broadcast())

    async def _presence_broadcast(self) -> None:
        """Tell this process's sockets that a person connected or left: every replica sees a presence change
        by itself. The owner also tells the other replicas when the stand-ins change, since only it decides them."""
        if self.owned and self._stand_ins() != self._published_stand_ins:
            await self.broadcast("presence")
        else:
            await self.tell("presence")

    async def leave(self, seat: int) -> None:
        """The person in ``seat`` left for good: a computer takes the seat for the rest of the match."""
        async with self.lock:
            record = SeatRecord(None, self.seats[seat].name)
            await asyncio.to_thread(self.storage.set_seat, self.id, int(seat), record)
            self.seats[seat] = record
            self.away_since.pop(seat, None)
            self.next_ready.discard(seat)
        self._changed.set()
        await self.broadcast("presence")

    # ---------------------------------------------------------------- messages

    def summary(self) -> dict[str, object]:
        """The match summary of docs/protocol.md: the totals per side of the game's seating
        (``{"NS", "EW"}``; ``{"E", "S", "W"}`` for players alone), the shuffle's ``commitment``, and
        once the match has ended its ``seed`` and ``salt`` (docs/records.md, "A verifiable shuffle")."""
        s = self.state
        names = tuple(str(c) for c in range(s.table_size)) if self.chaired else s.game.seating.side_names
        return {
            "id": self.id,
            "kind": self.kind,
            "game": self.game,
            "level": self.level,
            "hand_number": s.hand_no + 1,
            # a match of a number of deals counts its deals ("Deal 4 of 9"), as the view does (deals, deal_number)
            **({"deals": deals, "deal_number": deal_number(s)} if (deals := match_deals(s)) else {}),
            "phase": s.phase,
            "totals": dict(zip(names, s.totals)),
            "winner": None if s.winner is None else names[s.winner],
            **({"players": s.table_size} if self.chaired else {}),
            **self.seal(),
            # a hint was given or a move undone (docs/protocol.md, "Statistics"): the statistics count it as assisted
            "assisted": self.assisted,
        }

    def seal(self) -> dict[str, object]:
        """The shuffle's seal as the match summary and the match's record show it (docs/records.md, "A
        verifiable shuffle"): ``{"commitment"}`` (null for a match stored before the seal), and once the match
        has ended, never before, ``"seed"`` (its decimal digits as text: up to 63 bits, more than a JavaScript
        number holds exactly) and ``"salt"``, so that anyone can check it (``pinochle verify``)."""
        ended = self.state.phase == "match_end" and bool(self.salt)
        return {"commitment": self.commitment, **({"seed": str(self.seed), "salt": self.salt} if ended else {})}

    def _seats_json(self, now: float) -> dict[str, object]:
        out: dict[str, object] = {
            self.place_word(s): {
                "name": self.seats[s].name,
                "computer": self.seats[s].token is None,
                "connected": self.seats[s].token is None or self.hub.connected(self.seats[s].token),
                "stand_in": self.seats[s].token is not None and self.stand_in(s, now),
                "next_ready": s in self.next_ready,
                **({"seat": None if (at := self.seat_at(s)) is None else str(at),
                    "total": self.state.totals[s]} if self.chaired else {}),
            }
            for s in self.in_play
        }
        return out

    def _then(self, whose: Seat) -> dict[str, object] | None:
        """What the server does when the running timer of ``whose`` (a person's move) runs out, when the table
        decides it (:func:`timed_out_move`: in the auction a pass, or the lowest bid), as an action object; ``None``
        where the seat's computer player chooses (trump, the cards to pass or bury, meld, a card). Worked out once
        per version."""
        version, then = self._then_at
        if version != self.state.version:
            move = timed_out_move(self.state, whose)
            then = None if move is None else move.to_json()
            self._then_at = (self.state.version, then)
        return then

    def message(self, seat: int, event: str | None,
                shared: tuple[dict[str, object], dict[str, object]] | None = None) -> dict[str, object]:
        """The ``state`` message for ``seat``: built from ``view(state, seat)`` alone plus public table facts.

        At a table of 4 or 5 ``seat`` is a chair and the view is ``view_for_chair``
        (a chair sitting the hand out sees what a spectator sees); ``table.you`` is
        then the chair's seat this hand (``None`` while it sits out), ``table.chair``
        the chair, and ``table.seats`` is keyed by chair.

        At a hand's end each person is offered ``deal`` (ask for the next
        hand) until they have asked; the hand is dealt when everyone present has.

        ``shared``: the match summary and the seats' JSON (:meth:`_shared`), the same for every
        person, when a broadcast has built them already.
        """
        now = self.clock()
        summary, seats = self._shared(now) if shared is None else shared
        v = self.view_of(seat).to_json()
        if self.state.phase == "hand_end":
            v["legal"] = {} if seat in self.next_ready else {"deal": True}
        timer: dict[str, object] | None = None
        whose = turn(self.state)
        at_hand_end = self.state.phase == "hand_end"
        timed = whose is not None and (at_hand_end or (
            self.seats[self.place_at(whose)].token is not None
            and not self.stand_in(self.place_at(whose), now)))  # computers need no countdown
        if self.options.move_timer is not None and self.state.phase != "match_end" and timed:
            left = max(0.0, self.turn_since + self.options.move_timer - now)
            timer = {"seat": None if at_hand_end else str(whose), "seconds": round(left, 1),
                     "then": None if at_hand_end or whose is None else self._then(whose)}
        table: dict[str, object] = {
            "kind": self.kind,
            "room": self.owner if self.kind == "room" else None,
            "you": self.place_word(seat) if not self.chaired else (
                None if (here := self.seat_at(seat)) is None else str(here)),
            "seats": seats,
            "timer": timer,
            "timed_out": self.timed_out,
            "timed_out_hand": self.timed_out_hand,
        }
        if self.chaired:
            table["chair"] = seat
            table["players"] = self.state.table_size
            table["lineup"] = lineup_json(self.state.lineup)
        if self.kind == "solo":  # whether an undo would be taken now (docs/protocol.md, "Undo in solo")
            table["undo"] = not self.abandoned and self.line.undo_point(self.seat_at(seat)) is not None
        return {"type": "state", "match": summary, "view": v, "event": event, "table": table}

    def _shared(self, now: float) -> tuple[dict[str, object], dict[str, object]]:
        """The parts of the ``state`` message that are the same for every person: the match summary
        and the seats (names, computers, connected, stand-ins, who asked for the next hand)."""
        return self.summary(), self._seats_json(now)

    async def send_to(self, seat: int, event: str | None) -> None:
        """Send the state to every socket of the person in ``seat``."""
        await self._deliver(seat, self.message(seat, event))

    async def _deliver(self, seat: int, msg: dict[str, object]) -> None:
        """Send ``msg`` to the sockets of the person in ``seat`` on this process (each process tells its own)."""
        await self.hub.send_local(self.seats[seat].token, msg)

    def _listens(self, seat: int) -> bool:
        """Whether the person in ``seat`` has a socket on this process (no view is built for the others)."""
        return self.hub.local(self.seats[seat].token)

    def _stand_ins(self) -> frozenset[int]:
        now = self.clock()
        return frozenset(s for s in self.people() if self.stand_in(s, now))

    async def broadcast(self, event: str | None) -> None:
        """This process changed the table: tell the other replicas, then this process's sockets.

        The process that starts a match drives it (it takes the lease before anyone hears of the match)."""
        if self.closed:
            return
        if event == "start" and not self.owned and self.tables is not None:
            with contextlib.suppress(StorageFault):
                await self.tables.claim(self, start=False)  # the caller starts the driver once everyone is told
        await self.publish(event)
        await self.tell(event)

    async def tell(self, event: str | None) -> None:
        """Send every person with a socket on this process their own state."""
        if self.closed:
            return
        self._shown_stand_ins = self._stand_ins()
        shared = self._shared(self.clock())
        # every message is built before any is sent: one moment of the table for everyone, and no view is
        # built for a person with no socket open (nobody would read it)
        out = [(seat, self.message(seat, event, shared)) for seat in self.people() if self._listens(seat)]
        for seat, msg in out:
            await self._deliver(seat, msg)

    # ---------------------------------------------------------------- moves

    async def person_action(self, seat: int, version: int, data: dict[str, object]) -> None:
        """Apply a person's move.

        Args:
            seat: the person's seat.
            version: the view version the move was made against.
            data: the action object without a seat (docs/protocol.md).

        The checks are made in this order: the match has not ended early
        (``no_match``), the chair plays this hand (``illegal``), ``version`` is the current one (``stale``), it is this
        seat's move (``not_your_turn``, whoever's move it is, a person's or a
        computer's), and the engine accepts the move (``illegal``, with the
        engine's reason). At a hand's end only ``deal`` is a move, and any
        person may make it. At a table of 4 or 5 ``seat`` is a chair; a chair
        that sits the hand out has no move but ``deal`` (``illegal``, with the
        engine's reason: "chair 3 (the dealer) sits this hand out ...").

        Raises:
            ProtocolError: ``no_match``, ``stale``, ``not_your_turn`` or ``illegal``; the match is unchanged.
        """
        async with self.lock:
            if self.closed or self.abandoned:
                raise ProtocolError(ErrorCode.NO_MATCH, "this match has ended without a result: it goes no further")
            state = self.state
            if state.phase != "hand_end" and self.seat_at(seat) is None:
                # a chair sitting this hand out, whatever the version: the engine says why
                try:
                    apply_for_chair(state, seat, Action.from_json({**data, "seat": "N"}))
                except IllegalAction as err:
                    raise ProtocolError(ErrorCode.ILLEGAL, str(err)) from None
                raise ProtocolError(ErrorCode.ILLEGAL, f"chair {seat} sits this hand out")  # pragma: no cover
            if version != state.version:
                raise ProtocolError(ErrorCode.STALE, f"the table has moved on (version {state.version}, your move was for {version})")
            if state.phase == "hand_end":
                if data.get("type") != "deal":
                    raise ProtocolError(ErrorCode.ILLEGAL, 'the hand is over: ask for the next hand with {"type": "deal"}')
                await self._mark_ready(seat)
                self._changed.set()
                await self.broadcast("next_ready")
                return
            whose = turn(state)
            here = self.seat_at(seat)
            if whose != here and whose is not None:
                who = self.seats[self.place_at(whose)].name
                if self.seats[self.place_at(whose)].token is None and "computer" not in who:
                    who += " (computer)"
                raise ProtocolError(ErrorCode.NOT_YOUR_TURN, f"it is not your move: wait for {who}")
            try:
                action = Action.from_json({**data, "seat": str(here)})
                await self._apply(action, seat if self.chaired else None)
            except IllegalAction as err:
                raise ProtocolError(ErrorCode.ILLEGAL, str(err)) from None
            if self.timed_out is not None and self.timed_out["seat"] == str(here):
                self.timed_out = None  # back at the table: their own move
            try:
                await self._auto()
            except StorageFault:  # the person's move is saved; the driver retries the rest
                log.warning("storage refused an automatic move in match %s; retrying", self.id)
            await self.broadcast("move")
        await self._after_change()

    async def _apply(self, action: Action, chair: int | None = None) -> None:
        """Apply (a person's move at a table of 4 or 5 through ``apply_for_chair`` for their
        ``chair``), store, then adopt the new state (called with the lock held)."""
        new = apply(self.state, action) if chair is None else apply_for_chair(self.state, chair, action)
        at = self.state.version
        hand_over = len(new.history) > len(self.state.history)
        try:
            await asyncio.to_thread(
                self.storage.append_action, self.id, self.state.version, action.to_json(), new.phase == "match_end"
            )
        except StaleWrite:
            await self._stale()
            raise ProtocolError(ErrorCode.STALE, "the table has moved on") from None
        except StorageFault:
            if self.tables is not None:  # a write that timed out may still be carried out: the sweep checks
                self.tables.doubtful.add(self.id)
            raise
        self.line.take(action, new)
        self._adopt(new)
        if action.type == "deal":
            self.timed_out = None  # a new hand: a move made out of time in the last one is old news
            self.timed_out_hand = []
        if hand_over:  # the hand's statistics, kept by the process that stored its last move (docs/protocol.md)
            await keep_finished(self.storage, new, self.id, self.seats, self.in_play, self.chaired)
        if self.link.shared:  # kept for the next notice (a service of one has nobody to tell)
            if not self._outbox:
                self._outbox_from = at
            self._outbox.append(action.to_json())

    async def undo(self, place: int, version: int) -> None:
        """Take back the most recent move of the person at ``place`` in the current hand, and the
        computers' moves after it (docs/protocol.md, "Undo in solo"); everyone is told with the event ``"undo"``.

        The undo is stored as an entry of the log (:func:`~.undo.undo_entry`): the undone moves stay
        stored, and the match is assisted from then on.

        The checks are made in this order: the match has not ended early (``no_match``), it is a solo
        match (``no_undo``), ``version`` is the current one (``stale``), and the person has a move of
        this hand to take back (``no_undo``: the hand is over, or no move of theirs yet).

        Raises:
            ProtocolError: ``no_match``, ``no_undo`` or ``stale``; the match is unchanged.
        """
        async with self.lock:
            if self.closed or self.abandoned:
                raise ProtocolError(ErrorCode.NO_MATCH, "this match has ended without a result: it goes no further")
            if self.kind != "solo":
                raise ProtocolError(ErrorCode.NO_UNDO, "undo is for solo matches only: at a room or Quick Match "
                                                       "table every move stands")
            state = self.state
            if version != state.version:
                raise ProtocolError(ErrorCode.STALE, f"the table has moved on (version {state.version}, your undo was for {version})")
            if state.phase in ("hand_end", "match_end"):
                raise ProtocolError(ErrorCode.NO_UNDO, "the hand is over: a finished hand's moves stand")
            to = self.line.undo_point(self.seat_at(place))
            if to is None:
                raise ProtocolError(ErrorCode.NO_UNDO, "nothing to undo: you have made no move in this hand yet")
            entry = undo_entry(to)
            try:
                await asyncio.to_thread(self.storage.append_action, self.id, state.version, entry, False)
            except StaleWrite:
                await self._stale()
                raise ProtocolError(ErrorCode.STALE, "the table has moved on") from None
            except StorageFault:
                if self.tables is not None:
                    self.tables.doubtful.add(self.id)
                raise
            self._ahead = []
            self._step(entry)
            if self.link.shared:
                if not self._outbox:
                    self._outbox_from = state.version
                self._outbox.append(entry)
            await self.mark_assisted()
            await self.broadcast("undo")

    async def mark_assisted(self) -> None:
        """The match has been helped (a hint given or a move undone: docs/protocol.md, "Statistics"): the
        summary says ``assisted`` from now on, and storage keeps the mark (:meth:`Storage.mark_assisted`)
        so that the statistics count the match as assisted. A storage fault is logged: the aid stands."""
        self.assisted = True
        try:
            await asyncio.to_thread(self.storage.mark_assisted, self.id)
        except StorageFault:
            log.warning("match %s: the assisted mark could not be stored", self.id)

    def _step(self, raw: dict[str, object]) -> None:
        """Fold the stored log entry ``raw`` (a move, or an undo) into the line of play and take the new state."""
        if is_undo(raw):
            self.assisted = True
        self._take(self.line.step(raw))

    def _adopt(self, new: State) -> None:
        """Make ``new`` (stored) the table's state: a new hand or a hand's end clears who asked to deal
        (what was read ahead is then out of date)."""
        self._ahead = []
        self._take(new)

    def _take(self, new: State) -> None:
        if new.hand_no != self.state.hand_no or new.phase == "hand_end":
            self.next_ready = set()
        self.state = new
        self.turn_since = self.clock()
        self._changed.set()

    async def _stale(self) -> None:
        """Storage already holds an action at this version (called with the lock held): another process
        stored this version first, or a write of this process that failed on a timeout was carried out
        after all (then no process was told of it, so this one tells them)."""
        found = await self.catch_up()
        await self.tell("move")
        if found:
            await self.publish("move")

    async def _mark_ready(self, place: int) -> None:
        """The person at ``place`` asked for the next hand (called with the lock held); the owner deals.

        Stored (:meth:`~.storage.Storage.mark_ready`), so that it outlives a restart and a failover alike.
        """
        # the number, never a Seat (an IntEnum whose str is its letter)
        await asyncio.to_thread(self.storage.mark_ready, self.id, self.state.version, int(place))
        self.next_ready.add(place)

    async def _auto(self) -> None:
        """Make every move that holds no choice (laying meld: RULES.md, Meld), as the phase gives it.

        Only :func:`~pinochle.game.auto_action` is made here: a move with a
        choice (a bid, trump, the cards to pass, conceding, a card) is always
        the seat's own, a person's or their computer player's.
        """
        while (action := auto_action(self.state)) is not None:
            await self._apply(action)

    async def _after_change(self) -> None:
        if self.state.phase == "match_end" and self.on_finish is not None:
            hook, self.on_finish = self.on_finish, None
            await hook(self)

    # ---------------------------------------------------------------- the other replicas

    async def _read(self, fn: Callable[..., R], *args: object) -> R:
        """A storage read, where the tables make them (:meth:`Tables.read`; on its own, in a worker thread)."""
        if self.tables is not None:
            return await self.tables.read(fn, *args)
        return await asyncio.to_thread(fn, *args)

    def _facts(self) -> dict[str, Any]:
        return {"v": self.state.version, "ready": sorted(self.next_ready),
                "seats": [[r.token, r.name] for r in self.seats]}

    async def publish(self, event: str | None) -> None:
        """Tell the other replicas that the table changed (a failure of the link is logged: they resync later).

        The notice carries the version reached, the event, who asked for the next hand, the seats, the
        actions this process stored since its last notice, and from the owner the stand-ins. A service of one
        has nobody to tell."""
        if not self.link.shared:
            return
        notice: dict[str, Any] = {**self._facts(), "e": event, "to": self.timed_out, "toh": self.timed_out_hand}
        if self._outbox and self._outbox_from + len(self._outbox) == self.state.version:
            notice["b"], notice["a"] = self._outbox_from, self._outbox
        self._outbox = []
        if self.owned:
            stand_ins = self._stand_ins()
            notice["si"] = sorted(stand_ins)
            if stand_ins != self._published_stand_ins:
                with contextlib.suppress(StorageFault):
                    await self.link.put_fact(self.stand_ins_key, json.dumps(sorted(stand_ins)))
                    self._published_stand_ins = stand_ins  # only once written: a failed write is made again next time
        try:
            await self.link.publish(self.channel, notice)
            if self.tables is not None:
                self.tables.unsent.discard(self.id)
            if event == "start":  # processes with a person's socket and no replica yet open one
                for token in self.tokens():
                    await self.hub.publish_control(token, {"type": "_table", "match": self.id})
        except StorageFault as err:
            if self.tables is not None:
                self.tables.unsent.add(self.id)  # the sweep tells them again
            log.info("match %s: other processes were not told (%s); told again by the sweep", self.id, err)

    async def load_facts(self) -> None:
        """Read who asked for the next hand at this version (from storage), and the owner's stand-ins (with the
        lock held)."""
        if self.state.phase == "hand_end":
            self.next_ready.update(await self._read(self.storage.ready_seats, self.id, self.state.version))
        stand_ins = await self.link.fact(self.stand_ins_key)
        if stand_ins is not None and not self.owned:
            self.remote_stand_ins = frozenset(int(p) for p in json.loads(stand_ins))

    async def recheck(self) -> None:
        """Read the log again after a write of this process failed (the store may have carried it out once it
        answered again, unannounced): tell this process's sockets and the other processes what it finds.

        Raises:
            StorageFault: storage cannot be read now.
        """
        async with self.lock:
            if self.closed or not await self.catch_up():
                return
            await self.tell("move")
            await self.publish("move")
        if self.owned:
            await self._after_change()

    async def catch_up(self, target: int | None = None) -> int:
        """Apply the stored actions this replica lacks, up to version ``target`` (``None``: all); how
        many (called with the lock held).

        Raises:
            StorageFault: storage cannot be read now.
        """
        n = 0
        read = False
        while target is None or self.state.version < target:
            if not (self._ahead and self._ahead_from == self.state.version):
                if read:
                    break
                self._ahead = list(await self._read(self.storage.actions_since, self.id, self.state.version))
                self._ahead_from = self.state.version
                read = True
                if not self._ahead:
                    break
            raw = self._ahead.pop(0)
            self._ahead_from += 1
            self._step(raw)
            self._outbox = []  # another process's action: what this one stored before is told already
            n += 1
        return n

    def notice(self, msg: dict[str, Any]) -> None:
        """A notice from another process (the listener calls it): queue it and catch up in order."""
        if msg.get("ended"):
            self.abandoned = True
            if self.tables is not None:
                self.link.spawn(self.tables.ended_here(self), f"ending match {self.id}")
            return
        self._notices.append(msg)
        if not self._syncing:
            self._syncing = True
            self.link.spawn(self._sync(), f"catching up match {self.id}")

    async def _sync(self) -> None:
        try:
            while self._notices and not self.closed:
                msg = self._notices.popleft()
                try:
                    await self._apply_notice(msg)
                except StorageFault as err:  # the log cannot be read now: try again (the notice stays first)
                    log.info("match %s: catching up waits for storage (%s)", self.id, err)
                    self._notices.appendleft(msg)
                    await asyncio.sleep(RETRY_SECONDS)
        finally:
            self._syncing = False

    async def _apply_notice(self, msg: dict[str, Any]) -> None:
        target = msg.get("v")
        if not isinstance(target, int):
            return
        async with self.lock:
            before = (self._facts(), self.remote_stand_ins)
            carried, base = msg.get("a"), msg.get("b")
            if isinstance(carried, list) and isinstance(base, int) and base <= self.state.version < base + len(carried):
                self._ahead = list(carried[self.state.version - base:])  # the actions came with the notice
                self._ahead_from = self.state.version
            if target > self.state.version:
                await self.catch_up(target)
            if target == self.state.version and self.state.phase == "hand_end":
                self.next_ready |= {int(p) for p in msg.get("ready", ())}
            seats = msg.get("seats")
            if isinstance(seats, list) and len(seats) == len(self.seats):
                for i, (token, name) in enumerate(seats):
                    if token is None and self.seats[i].token is not None:  # a person left: a computer took the seat
                        self.seats[i] = SeatRecord(None, str(name))
                        self.away_since.pop(i, None)
                        self.next_ready.discard(i)
            timed_out = msg.get("to")
            if timed_out is None or isinstance(timed_out, dict):  # the move made for a person out of time
                self.timed_out = timed_out
            in_hand = msg.get("toh")
            if isinstance(in_hand, list):  # and every such move of the hand
                self.timed_out_hand = [t for t in in_hand if isinstance(t, dict)]
            stand_ins = msg.get("si")
            if isinstance(stand_ins, list) and not self.owned:
                self.remote_stand_ins = frozenset(int(p) for p in stand_ins)
            if (self._facts(), self.remote_stand_ins) == before:
                return
            self._changed.set()
            await self.tell(msg.get("e") if isinstance(msg.get("e"), str) else "presence")
        if self.owned:
            await self._after_change()

    async def resync(self, event: str | None = "move") -> None:
        """Reload what this replica may have missed (when it opens, and after the link came back): the
        log, whether the match ended early, and the shared facts; tell this process's sockets if
        anything changed.

        Raises:
            StorageFault: storage cannot be read now.
        """
        async with self.lock:
            before = (self._facts(), self.remote_stand_ins)
            stored = await self._read(self.storage.load, self.id)
            if stored is None:
                return
            self._ahead = []
            for raw in stored.actions[self.state.version:]:
                self._step(raw)
            if stored.finished and self.state.phase != "match_end":
                self.abandoned = True
            self.assisted = self.assisted or stored.assisted  # a hint asked at another process marks it too
            await self.load_facts()
            if (self._facts(), self.remote_stand_ins) != before:
                self._changed.set()
                await self.tell(event)

    # ---------------------------------------------------------------- the driver

    def next_stand_in(self, now: float) -> float | None:
        """When the next away person's seat passes to a computer (after ``now``), or ``None``."""
        times = [at for p in self.people() if (at := self._gone_at(p)) is not None and at > now]
        return min(times, default=None)

    def decide(self, now: float) -> tuple[str | None, float | None]:
        """What the table does next: ``(what, None)`` now, or ``(None, when)`` to decide again at ``when``;
        a replica that does not hold the match's lease decides nothing.

        ``what`` is ``"bot"`` (a computer moves for the seat to act),
        ``"deal"`` (the next hand is dealt) or ``"auto"`` (a move without a
        choice, such as laying meld: :func:`~pinochle.game.auto_action`); ``when`` ``None``
        means wait for a change (a move, a connection). ``when`` is never
        later than the moment an away person's seat passes to a computer,
        so that the table can tell everyone at once (a ``presence`` state
        with ``stand_in`` true), whoever's move it is.
        """
        if not self.owned:
            return None, None
        what, when = self._decide(now)
        s = self.state
        if what is not None or self.closed or self.abandoned or s.phase == "match_end":
            return what, when
        if not any(self.hub.connected(self.seats[p].token) for p in self.people()):
            return what, when  # nobody is there to be told
        soon = self.next_stand_in(now)
        return None, soon if when is None or (soon is not None and soon < when) else when

    def _decide(self, now: float) -> tuple[str | None, float | None]:
        s = self.state
        if self.closed or self.abandoned or s.phase == "match_end":
            return None, None
        people = self.people()
        if people and not any(self.hub.connected(self.seats[p].token) for p in people):
            return None, None  # nobody is at the table: nobody is kept waiting
        seat = turn(s)
        timer = self.options.move_timer
        timer_at = None if timer is None else self.turn_since + timer
        if auto_action(s) is not None:
            return "auto", None
        if s.phase == "hand_end":
            if timer_at is not None and now >= timer_at:
                return "deal", None
            blockers = [p for p in people if p not in self.next_ready and not self.stand_in(p, now)]
            if not blockers:
                return "deal", None
            wakes = [t for t in [timer_at, *(self._gone_at(p) for p in blockers)] if t is not None]
            return None, min(wakes, default=None)
        if seat is None:
            return None, None
        place = self.place_at(seat)
        # the first move once every meld is laid (the opening lead, or a declarer's concession) waits
        # MELD_PAUSE times longer, so that the meld on the felt can be read
        review = not s.tricks and all(m is not None for m in s.melds)
        pace = self.bot_delay * (MELD_PAUSE if review else 1)
        if self.seats[place].token is None or self.stand_in(place, now):
            start = self.turn_since
            gone = self._gone_at(place)
            if self.seats[place].token is not None and gone is not None:
                start = max(start, gone)
            at = start + pace
            return ("bot", None) if now >= at else (None, at)
        if timer_at is not None and now >= timer_at:
            return "bot", None
        wakes = [t for t in (timer_at, self._gone_at(place)) if t is not None]
        return None, min(wakes, default=None)

    def start(self) -> None:
        """Start the driver task if it is not running (an abandoned match never starts), and try to take the
        match's lease: the driver is idle until this process holds it."""
        if not self.closed and not self.abandoned and (self._driver is None or self._driver.done()):
            self._driver = asyncio.get_running_loop().create_task(self._drive())
        self._changed.set()
        if not self.owned and self.tables is not None and not self.closed and not self.abandoned \
                and self.state.phase != "match_end":
            self.link.spawn(self.tables.claim(self), f"claiming match {self.id}")

    def close(self) -> None:
        """Stop the driver; no move or message follows."""
        self.closed = True
        if self._driver is not None:
            self._driver.cancel()

    def _fallback(self, state: State, seat: Seat) -> Action:
        moves = legal_actions(state, seat)
        return next((a for a in moves if a.type == "pass"), moves[0])

    async def _drive(self) -> None:
        while not self.closed:
            self._changed.clear()
            async with self.lock:
                what, wake = self.decide(self.clock())
                before = self.state
                ply = self.line.ply
                if self._stand_ins() != self._shown_stand_ins:
                    await self.broadcast("presence")  # a computer now plays for someone away, or stopped
            if what is None:
                timeout = None if wake is None else max(0.0, wake - self.clock())
                try:
                    await asyncio.wait_for(self._changed.wait(), timeout)
                except TimeoutError:
                    pass
                continue
            seat = turn(before)
            assert seat is not None
            timed_out = False
            if what == "bot":
                place = self.place_at(seat, before)
                # a person's timer ran out (a computer's or a stand-in's move is no time-out)
                timed_out = self.seats[place].token is not None and not self.stand_in(place, self.clock())
                # the view's version is the line of play's ply: the same position brings the same choice, however
                # many moves were undone before it (docs/protocol.md, "Undo in solo")
                seen = view(before, seat)
                if ply != seen.version:
                    seen = replace(seen, version=ply)
                chosen = timed_out_move(before, seat) if timed_out else None
                try:
                    action = chosen if chosen is not None else await asyncio.to_thread(self.players[place].act, seen)
                except Exception:
                    log.exception("computer player failed in match %s; playing the first legal move", self.id)
                    action = self._fallback(before, seat)
            elif what == "deal":
                action = Action.deal_(seat)
            else:
                auto = auto_action(before)
                if auto is None:
                    continue
                action = auto
            failed = False
            async with self.lock:
                if self.closed or self.state.version != before.version:
                    continue
                try:
                    await self._apply(action)
                    if timed_out:  # said at the table until that person moves again (docs/protocol.md)
                        self.timed_out = {"seat": str(seat), "version": before.version, "phase": before.phase,
                                          "action": action.to_json(),
                                          **({"trick": len(before.tricks) + (current_trick(before) is None)}
                                             if action.type == "play" else {})}
                        self.timed_out_hand = [*self.timed_out_hand, self.timed_out]
                    await self._auto()
                except StorageFault as err:  # nothing saved, nothing adopted: try again when storage is back
                    log.warning("storage refused a move in match %s: %s", self.id, err.__cause__ or err)
                    failed = True
                except ProtocolError:  # stale: another process stored a move first (cluster); decide again
                    pass
                except Exception:
                    log.exception("move failed in match %s", self.id)
                    failed = True
                if self.state.version != before.version:
                    await self.broadcast("move")  # what was saved is told, even when a later move was not
            if failed:
                await asyncio.sleep(RETRY_SECONDS)  # the lock is free meanwhile: people may resume
                continue
            await self._after_change()


class Tables:
    """The tables of one process: created on demand, rebuilt from storage, driven under leases.

    Each table in memory is a **replica** of its match; the action log in storage is the truth. The
    process holding the match's lease (``lease:{id}``), its **owner**, drives it: computer moves, moves
    without a choice, the move timer, the next hand's deal and stand-ins for people away. Whoever changes
    a table stores the move (a :class:`~.storage.StaleWrite` means another process stored one first: the
    replica reads the log again), then publishes a notice on ``match:{id}``, and every other replica
    catches up from the notice or the log and tells its own sockets. Every second (:meth:`run`) this
    process renews its leases and claims the unfinished matches nobody drives (so a killed process's
    tables go on elsewhere within a second of their leases running out), and forgets the replicas
    nobody here needs.

    One process runs the same code on a :class:`~.adapters.memory.MemoryLink`: every lease is its own,
    nobody else is told, and the notices go nowhere. The processes of a service share a
    :class:`~.adapters.redis_link.RedisLink` on Redis (docs/server.md).

    Args:
        storage: the store.
        bot_delay: seconds between computer moves.
        clock: a monotonic clock in seconds.
        link: this process's link to the others (default: a service of one).
        read_off_loop: make the reads of messages in a worker thread (:meth:`read`): for a store across
            the network, whose hang must not hold up the event loop (Redis).
    """

    def __init__(self, storage: Storage, bot_delay: float = 0.7, clock: Clock = time.monotonic,
                 link: Link | None = None, read_off_loop: bool = False) -> None:
        self.storage = storage
        self.bot_delay = bot_delay
        self.clock = clock
        self.hub = Hub(link)
        self.link: Link = self.hub.link
        self.read_off_loop = read_off_loop
        self.tables: dict[str, Table] = {}
        self._by_token: dict[str, set[str]] = {}
        #: stored matches whose log no longer replays under today's rules (:meth:`open`)
        self.unreadable: set[str] = set()
        #: awaited when a match ends, by kind (a room shows its result)
        self.finish_hooks: dict[str, Callable[[Table], Awaitable[None]]] = {}
        self.hub.watch(self._presence)
        self.hub.control = self._control
        #: the matches whose lease this process holds
        self.owned: set[str] = set()
        self._claiming: set[str] = set()
        #: matches whose last notice could not be published (the sweep publishes one again)
        self.unsent: set[str] = set()
        #: matches where a write of this process failed (the sweep reads their log again: see Table.recheck)
        self.doubtful: set[str] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self.link.on_reconnect(self.resync_all)

    def _presence(self, token: str) -> None:
        for match_id in self._by_token.get(token, ()):
            table = self.tables.get(match_id)
            if table is not None:
                table.presence(token)

    def get(self, match_id: str) -> Table | None:
        """The table of ``match_id`` (rebuilt from storage if not in memory), or ``None``."""
        table = self.tables.get(match_id)
        if table is None:
            stored = self.storage.load(match_id)
            if stored is None:
                return None
            made = self.open(stored)
            if made is None:
                return None
            table = made
            self._adopt(table)
        return table

    def open(self, stored: StoredMatch) -> Table | None:
        """A table for ``stored``, or ``None`` when its log no longer replays: the match was stored
        under rules that have changed since (a game's default reading, docs/games/NAME.md). Its log
        stays in storage untouched; the server logs why once and goes on without it (a person
        holding its seat is welcomed without a match)."""
        if stored.id in self.unreadable:
            return None
        try:
            return self._make(stored)
        except ValueError as err:  # IllegalAction, BadCard: the stored log against today's rules
            self.unreadable.add(stored.id)
            log.warning("match %s (%s) does not replay under today's rules and is not reopened: %s",
                        stored.id, stored.game, err)
            return None

    def _make(self, stored: StoredMatch) -> Table:
        """A replica of ``stored``."""
        return Table(stored, self.storage, self.hub, self.bot_delay, self.clock,
                     None if stored.finished else self.finish_hooks.get(stored.kind), self)

    def table(self, match_id: str) -> Table | None:
        """The replica of ``match_id`` in memory, or ``None``."""
        return self.tables.get(match_id)

    def _adopt(self, table: Table) -> None:
        self.tables[table.id] = table
        for token in table.tokens():
            self._by_token.setdefault(token, set()).add(table.id)
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is not None:
            self._watch(table)
        elif self._loop is not None:  # made in a worker thread (Tables.create through asyncio.to_thread)
            self._loop.call_soon_threadsafe(self._watch, table)

    def _watch(self, table: Table) -> None:
        """Listen to the match's notices, and read what the replica may have missed meanwhile."""
        if table.closed or self.tables.get(table.id) is not table:
            return
        self.link.listen(table.channel, table.notice)
        if not self.link.shared:  # nobody else writes: the table was built from storage as it is
            return

        async def first_sync() -> None:
            await self.link.settle()
            if not table.closed:
                await table.resync()
        self.link.spawn(first_sync(), f"opening match {table.id}")

    def forget(self, table: Table) -> None:
        """Close this process's replica (storage and the other processes keep the match)."""
        if table.owned or table.id in self.owned:
            table.owned = False
            self.owned.discard(table.id)
            self.link.spawn(self.link.release(table.id), f"releasing match {table.id}")
        self.link.unlisten(table.channel, table.notice)
        table.close()
        self.tables.pop(table.id, None)
        for token in table.tokens():
            ids = self._by_token.get(token)
            if ids is not None:
                ids.discard(table.id)
                if not ids:
                    del self._by_token[token]

    def drop(self, table: Table) -> None:
        """Close ``table`` here; if it ended for good (``abandoned``) tell every process to close it."""
        if table.abandoned:
            self.link.spawn(self.link.publish(self.link.channel("match", table.id), {"ended": True}),
                            f"ending match {table.id}")
        self.forget(table)

    async def ended(self, match_id: str) -> None:
        """The match ended for good (storage marks it finished): every process closes its replica."""
        table = self.table(match_id)
        if table is not None:
            table.abandoned = True
            self.forget(table)
        await self.link.publish(self.link.channel("match", match_id), {"ended": True})

    async def ended_here(self, table: Table) -> None:
        """Another process ended the match for good: close the replica here."""
        if self.tables.get(table.id) is table:
            self.forget(table)

    async def read(self, fn: Callable[..., R], *args: object) -> R:
        """``fn(*args)``, a storage read made for a message (the lookups of :meth:`aget`, :meth:`acurrent`,
        :meth:`aof_token` and ``Rooms.aget``/``aof_token``). On the event loop for SQLite: a read takes about
        10 µs, a worker thread's hop about ten times that. With ``read_off_loop`` (Redis) in a worker thread,
        so that a hung Redis (up to its 1.5 s timeout) holds up that message only.

        Raises:
            StorageFault: the store cannot answer (the person is told ``storage``).
        """
        if self.read_off_loop:
            return await asyncio.to_thread(fn, *args)
        return fn(*args)

    async def aget(self, match_id: str) -> Table | None:
        """:meth:`get`, reading storage off the event loop (:meth:`read`)."""
        table = self.tables.get(match_id)
        if table is None:
            stored = await self.read(self.storage.load, match_id)
            if stored is None:
                return None
            table = self.tables.get(match_id)  # opened meanwhile (another message): keep that one
            if table is None:
                table = self.open(stored)
                if table is None:
                    return None
                self._adopt(table)
        return table

    async def acurrent(self, device: str) -> Table | None:
        """:meth:`current`, reading storage off the event loop (:meth:`read`)."""
        match_id = await self.read(self.storage.current_match, device)
        return None if match_id is None else await self.aget(match_id)

    async def aof_token(self, token: str) -> Table | None:
        """:meth:`of_token`, reading storage off the event loop (:meth:`read`)."""
        match_id = await self.read(self.storage.match_of_token, token)
        table = None if match_id is None else await self.aget(match_id)
        return None if table is None or table.abandoned else table

    def current(self, device: str) -> Table | None:
        """The device's current solo match (in progress, else the last finished), or ``None``."""
        match_id = self.storage.current_match(device)
        return None if match_id is None else self.get(match_id)

    def of_token(self, token: str) -> Table | None:
        """The latest room or Quick Match table where ``token`` holds a seat, or ``None``."""
        match_id = self.storage.match_of_token(token)
        table = None if match_id is None else self.get(match_id)
        return None if table is None or table.abandoned else table

    def create_solo(self, device: str, level: str, game: str = "table", players: int | None = None) -> Table:
        """Start a new solo match of ``game`` for ``device`` at ``level``; an unfinished one is ended.

        ``players``: the players at the table (one of the game's ``table_sizes``; ``None``:
        its seating's). At a table of 4 or 5 the device holds chair 0 and computers the others.

        Raises:
            ValueError: an unknown game, or a number of players it does not take (nothing is stored).
        """
        g = find_game(game, at_table=True)  # refuse a game not seated yet before storing anything
        players = None if players == g.seating.players else players
        if players is not None and players not in g.sizes:
            new_match(game=game, players=players)  # raises the engine's ValueError, naming the sizes
        replaced = self.storage.current_match(device)
        for old in [t for t in self.tables.values() if t.kind == "solo" and t.owner == device]:
            self.forget(old)  # ended by the new match; storage keeps its log
        table = self.create("solo", device, level, solo_seats(device, game, players), TableOptions(players=players),
                            game=game)
        if replaced is not None and replaced != table.id:  # its driver on another process must stop
            self.link.spawn(self.link.publish(self.link.channel("match", replaced), {"ended": True}),
                            f"ending match {replaced}")
        return table

    def create(self, kind: str, owner: str, level: str, seats: Sequence[SeatRecord], options: TableOptions,
               match_id: str | None = None, game: str = "table") -> Table:
        """Store and open a new match.

        Args:
            kind: ``"solo"``, ``"room"`` or ``"quick"``.
            owner: the device (solo), the room code (room) or ``""``.
            level: the computer players' level.
            seats: four seats in N, E, S, W order (an empty place, :data:`EMPTY_PLACE`, where
                the game seats nobody); at a table of 4 or 5 (``options.players``) one per chair.
            options: the move timer, away rule and number of players.
            match_id: the new match's id (default: a fresh random one).
            game: the game's name (a playable game of :data:`pinochle.games.GAMES`).

        Returns:
            The new table; call :meth:`Table.start` on the event loop to start its driver.

        Raises:
            ValueError: ``game`` is unknown or not built yet (nothing is stored).
        """
        seats_here = seats_in_play(game)  # refuse before storing anything
        match_id = match_id or new_match_id()
        seed = secrets.randbits(63)  # secret (and fits SQLite INTEGER): the deals cannot be worked out from one hand
        first_dealer = int(seats_here[secrets.randbelow(len(seats_here))])  # a seat in play deals first
        if has_chairs(game, options.players):
            assert options.players is not None
            if len(seats) != options.players:
                raise ValueError(f"a table of {options.players} needs {options.players} chairs, not {len(seats)}")
            first_dealer = secrets.randbelow(options.players)  # a chair deals first
        self.storage.create_match(match_id, owner, level, seed, first_dealer, kind, seats, options.to_json(), game,
                                  salt=new_salt())
        table = self.get(match_id)
        assert table is not None
        return table

    # ---------------------------------------------------------------- leases

    async def claim(self, table: Table, start: bool = True) -> bool:
        """Take the lease of ``table``'s match if nobody holds it; whether this process drives it now.

        The replica first reads what it lacks, then becomes the owner and (``start``) starts deciding.

        Raises:
            StorageFault: the link cannot be reached.
        """
        if table.id in self.owned:
            return True
        if table.closed or table.abandoned or table.state.phase == "match_end" or table.id in self._claiming:
            return False
        self._claiming.add(table.id)
        try:
            if not await self.link.acquire(table.id):
                return False
            async with table.lock:
                await table.catch_up()
                await table.load_facts()
                table.owned = True
                self.owned.add(table.id)
                table._published_stand_ins = None
            log.info("match %s: driven by this process (%s)", table.id, self.link.pid)
            if start:
                table._changed.set()
                table.start()
                await table.publish(None)
            return True
        finally:
            self._claiming.discard(table.id)

    def _lost(self, match_id: str, why: str | None = None) -> None:
        """This process no longer drives ``match_id`` (``why``: the lease ran out or was taken, logged)."""
        self.owned.discard(match_id)
        table = self.table(match_id)
        if table is not None and table.owned:
            if why is not None:
                log.warning("match %s: %s; another process drives it", match_id, why)
            table.owned = False
            table._changed.set()

    async def renew(self) -> None:
        """Prolong the leases of the matches this process drives; give up those it lost, and release
        those that are over."""
        done = [m for m in self.owned if (t := self.table(m)) is None or t.closed or t.abandoned
                or t.state.phase == "match_end"]
        for match_id in done:
            self._lost(match_id)
            await self.link.release(match_id)
        for match_id in await self.link.renew_many(list(self.owned)):
            self._lost(match_id, "the lease ran out")

    async def sweep(self) -> list[str]:
        """Claim the unfinished matches whose lease nobody holds; drop replicas nobody here needs;
        the ids claimed.

        Candidates are the room and Quick Match matches in storage (``active_matches``) and every
        replica in memory (solo matches too: they have a socket here). At start this reopens every
        unfinished room and Quick Match table (a restart of one process).
        """
        for match_id in list(self.doubtful):
            replica = self.table(match_id)
            if replica is not None and not replica.closed:
                await replica.recheck()
            self.doubtful.discard(match_id)
        for match_id in list(self.unsent):
            replica = self.table(match_id)
            if replica is None or replica.closed:
                self.unsent.discard(match_id)
            else:
                await replica.publish("move")
        ids = set(await asyncio.to_thread(self.storage.active_matches))
        ids |= {m for m, t in self.tables.items() if not t.closed and not t.abandoned and t.state.phase != "match_end"}
        ids -= self.owned
        claimed = []
        for match_id, holder in (await self.link.holders(sorted(ids))).items():
            if holder is not None:
                continue
            table = self.table(match_id)
            if table is None:  # read in a worker thread: a takeover may open many tables at once
                stored = await asyncio.to_thread(self.storage.load, match_id)
                if stored is None:
                    continue
                table = self.table(match_id)
                if table is None:
                    made = self.open(stored)
                    if made is None:  # its log no longer replays: left in storage, not driven
                        continue
                    self._adopt(made)
                    table = self.table(match_id)
            if table is not None and await self.claim(table):
                claimed.append(match_id)
        for other in list(self.tables.values()):
            if not other.owned and other.id not in self._claiming and not self._needed(other):
                self.forget(other)
        return claimed

    def _needed(self, table: Table) -> bool:
        """Whether a socket on this process follows ``table`` (a person seated at it, or the solo device)."""
        return any(self.hub.local(t) for t in table.tokens()) or (table.kind == "solo" and self.hub.local(table.owner))

    async def start(self) -> None:
        """At the server's start: the first sweep (:meth:`sweep`), which reopens and drives the unfinished
        room and Quick Match tables nobody drives (a failure of the link is logged: :meth:`run` sweeps again)."""
        self._loop = asyncio.get_running_loop()
        await self._safely(self.sweep(), "reopening tables")

    async def run(self, every: float = 1.0) -> None:
        """Renew leases every third of their TTL and sweep every ``every`` seconds, until cancelled."""
        self._loop = asyncio.get_running_loop()

        async def renewing() -> None:
            while True:
                await asyncio.sleep(self.link.lease_seconds / 3)
                await self._safely(self.renew(), "renewing leases")

        renewer = asyncio.create_task(renewing())
        try:
            while True:
                await self._safely(self.sweep(), "sweeping for tables")
                await asyncio.sleep(every)
        finally:
            renewer.cancel()

    async def _safely(self, coro: Awaitable[Any], what: str) -> None:
        try:
            await coro
        except StorageFault as err:
            log.info("%s: %s", what, err)
        except Exception:
            log.exception("%s failed", what)

    async def resync_all(self) -> None:
        """After the link came back: every replica reloads what it may have missed.

        Raises:
            StorageFault: some replica could not read storage (the listener runs this again).
        """
        failed: StorageFault | None = None
        for table in list(self.tables.values()):
            if not table.closed:
                try:
                    await table.resync()
                except StorageFault as err:
                    failed = err
                except Exception:
                    log.exception("resyncing match %s failed", table.id)
        if failed is not None:
            raise failed

    async def shutdown(self) -> None:
        """Release every lease (the other processes take the tables at once) and close the tables."""
        for match_id in list(self.owned):
            self._lost(match_id)
            with contextlib.suppress(StorageFault):
                await self.link.release(match_id)
        self.close()

    # ---------------------------------------------------------------- messages of the service

    def _control(self, token: str, msg: dict[str, Any]) -> None:
        if msg.get("type") == "_table" and isinstance(msg.get("match"), str):
            self.link.spawn(self._opened(token, str(msg["match"])), "opening a table")

    async def _opened(self, token: str, match_id: str) -> None:
        """A table seating ``token`` started on another process: open a replica, send it its state."""
        if not self.hub.local(token):
            return
        table = self.get(match_id)
        if table is None:
            return
        place = table.seat_of([token])
        if place is not None:
            await table.send_to(place, "start")
        table.start()

    def close(self) -> None:
        """Stop every table."""
        for table in list(self.tables.values()):
            table.close()
