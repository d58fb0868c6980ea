"""Solo tables: one person (South) against three computer players.

A :class:`SoloTable` owns one match: it validates the person's moves with the
engine, appends every move to storage before telling anyone, runs the
computer players off the event loop (``asyncio.to_thread``) at a pace a
person can follow, and sends each connected socket ``view(state, S)``.
:class:`Tables` finds or rebuilds tables from storage.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable

from ..bots import Player, for_level
from ..cards import Seat
from ..errors import IllegalAction
from ..game import Action, State, apply, new_match, turn, view
from .protocol import ErrorCode, ProtocolError
from .storage import StaleWrite, Storage, StoredMatch

log = logging.getLogger("pinochle.server")

HUMAN = Seat.S
#: How the other seats are named to the person at South.
SEAT_NAMES = {Seat.N: "your partner", Seat.E: "East", Seat.W: "West", Seat.S: "you"}
Send = Callable[[dict[str, object]], Awaitable[None]]


def rebuild(stored: StoredMatch) -> State:
    """The match state: the reducer folded over the stored action log from the seed."""
    state = new_match(seed=stored.seed, first_dealer=stored.first_dealer)
    for raw in stored.actions:
        state = apply(state, Action.from_json(raw))
    return state


class SoloTable:
    """One solo match in memory, backed by storage (the truth)."""

    def __init__(self, stored: StoredMatch, storage: Storage, bot_delay: float,
                 audience: Callable[[], set[Send]] = set) -> None:
        """Rebuild the table of ``stored``.

        Args:
            stored: the match as stored.
            storage: where every move is appended.
            bot_delay: seconds between computer moves.
            audience: the sockets to tell of every change (the device's open tabs).
        """
        self.id = stored.id
        self.device = stored.device
        self.level = stored.level
        self.storage = storage
        self.bot_delay = bot_delay
        self.state = rebuild(stored)
        self.players: dict[Seat, Player] = {
            seat: for_level(stored.level, f"{stored.seed}/{seat}") for seat in Seat if seat != HUMAN
        }
        self.lock = asyncio.Lock()
        self.audience = audience
        self.closed = False
        self._bots: asyncio.Task[None] | None = None

    # ---------------------------------------------------------------- messages

    def summary(self) -> dict[str, object]:
        """The match summary of docs/protocol.md."""
        s = self.state
        return {
            "id": self.id,
            "level": self.level,
            "hand_no": s.hand_no,
            "phase": s.phase,
            "totals": {"NS": s.totals[0], "EW": s.totals[1]},
            "winner": None if s.winner is None else ("NS", "EW")[s.winner],
        }

    def message(self, event: str | None) -> dict[str, object]:
        """The ``state`` message for South: built from ``view(state, S)`` alone.

        At a hand's end South is offered the next deal whoever deals: in a
        solo match the person starts the next hand when done reading the summary.
        """
        v = view(self.state, HUMAN).to_json()
        if self.state.phase == "hand_end":
            v["legal"] = {"deal": True}
        return {"type": "state", "match": self.summary(), "view": v, "event": event}

    async def broadcast(self, event: str | None) -> None:
        """Send the current state to every open tab of the device; drop sockets that fail."""
        if self.closed:
            return
        msg = self.message(event)
        sockets = self.audience()
        for send in list(sockets):
            try:
                await send(msg)
            except Exception:  # a closed socket: forget it
                sockets.discard(send)

    # ---------------------------------------------------------------- moves

    async def human_action(self, version: int, data: dict[str, object]) -> None:
        """Apply the person's move.

        Args:
            version: the view version the move was made against.
            data: the action object without a seat (docs/protocol.md).

        Raises:
            ProtocolError: ``stale``, ``not_your_turn`` or ``illegal``; the match is unchanged.
        """
        async with self.lock:
            if self.closed:
                raise ProtocolError(ErrorCode.NO_MATCH, "this match was replaced by a newer one on this device")
            state = self.state
            if version != state.version:
                raise ProtocolError(ErrorCode.STALE, f"the table has moved on (version {state.version}, your move was for {version})")
            whose = turn(state)
            if data.get("type") == "deal" and state.phase == "hand_end":
                seat = whose  # in a solo match the person always starts the next hand
            else:
                seat = HUMAN
                if whose != HUMAN and state.phase != "match_end":
                    name = SEAT_NAMES[whose] if whose is not None else "another player"
                    raise ProtocolError(ErrorCode.NOT_YOUR_TURN, f"wait for {name} to play")
            try:
                action = Action.from_json({**data, "seat": str(seat)})
                await self._apply(action)
            except IllegalAction as err:
                raise ProtocolError(ErrorCode.ILLEGAL, str(err)) from None
            await self._auto_meld()
            await self.broadcast("move")
        self.kick()

    async def _apply(self, action: Action) -> None:
        """Apply, store, then adopt the new state (called with the lock held)."""
        new = apply(self.state, action)
        try:
            await asyncio.to_thread(
                self.storage.append_action, self.id, self.state.version, action.to_json(), new.phase == "match_end"
            )
        except StaleWrite:
            raise ProtocolError(ErrorCode.STALE, "the table has moved on") from None
        self.state = new

    async def _auto_meld(self) -> None:
        """Lay down every seat's meld: the meld phase holds no choice (RULES.md, Meld)."""
        while self.state.phase == "meld":
            seat = turn(self.state)
            assert seat is not None
            await self._apply(Action.meld_(seat))

    # ---------------------------------------------------------------- computer players

    def close(self) -> None:
        """Stop the computer players; no move or message follows."""
        self.closed = True
        if self._bots is not None:
            self._bots.cancel()

    def kick(self) -> None:
        """Start the computer players if one of them is to move and they are not running."""
        if not self.closed and (self._bots is None or self._bots.done()):
            self._bots = asyncio.create_task(self._run_bots())

    def _bot_to_move(self) -> Seat | None:
        s = self.state
        seat = turn(s)
        if seat is None or seat == HUMAN or s.phase in ("hand_end", "match_end"):
            return None
        return seat

    async def _run_bots(self) -> None:
        try:
            while True:
                async with self.lock:
                    seat = self._bot_to_move()
                    if seat is None:
                        return
                    before = self.state
                first_lead = before.phase == "play" and not before.tricks
                await asyncio.sleep(self.bot_delay * (3 if first_lead else 1))
                action = await asyncio.to_thread(self.players[seat].act, view(before, seat))
                async with self.lock:
                    if self.closed:
                        return
                    if self.state.version != before.version:
                        continue
                    await self._apply(action)
                    await self._auto_meld()
                    await self.broadcast("move")
        except Exception:
            log.exception("computer player failed in match %s", self.id)


class Tables:
    """The solo tables of a server: created on demand, rebuilt from storage."""

    def __init__(self, storage: Storage, bot_delay: float = 0.7) -> None:
        self.storage = storage
        self.bot_delay = bot_delay
        self.tables: dict[str, SoloTable] = {}
        #: the open sockets of each device: every tab of a device follows its current match
        self.sockets: dict[str, set[Send]] = {}

    def subscribe(self, device: str, send: Send) -> None:
        """Tell ``send`` of every change to the device's current match."""
        self.sockets.setdefault(device, set()).add(send)

    def unsubscribe(self, device: str, send: Send) -> None:
        """Stop telling ``send``."""
        sockets = self.sockets.get(device)
        if sockets is not None:
            sockets.discard(send)
            if not sockets:
                del self.sockets[device]

    def get(self, match_id: str) -> SoloTable | None:
        """The table of ``match_id`` (rebuilt from storage if not in memory), or ``None``."""
        table = self.tables.get(match_id)
        if table is None:
            stored = self.storage.load(match_id)
            if stored is None:
                return None
            device = stored.device
            table = SoloTable(stored, self.storage, self.bot_delay, lambda: self.sockets.get(device, set()))
            self.tables[match_id] = table
        return table

    def current(self, device: str) -> SoloTable | None:
        """The device's current match (in progress, else the last finished), or ``None``."""
        match_id = self.storage.current_match(device)
        return None if match_id is None else self.get(match_id)

    def create(self, device: str, level: str) -> SoloTable:
        """Start a new solo match for ``device`` at ``level``; an unfinished one is ended."""
        for old in [t for t in self.tables.values() if t.device == device]:
            old.close()  # ended by the new match; storage keeps its log
            del self.tables[old.id]
        match_id = secrets.token_urlsafe(12)
        seed = secrets.randbits(63)  # secret (and fits SQLite INTEGER): the deals cannot be worked out from one hand
        first_dealer = secrets.randbelow(4)
        self.storage.create_match(match_id, device, level, seed, first_dealer)
        table = self.get(match_id)
        assert table is not None
        return table
