"""The ASGI app (Starlette): the static table, and one WebSocket per tab.

The WebSocket endpoint is thin: it parses frames (:mod:`.protocol`), applies
the per-connection rate limit, and hands each message to a
:class:`Connection`, which delegates to :class:`~.table.Tables` (matches),
:class:`~.rooms.Rooms` (private rooms) and :class:`~.matchmaking.QuickMatch`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, cast

import orjson
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from .collector import GcWatch
from .edge import EdgePolicy, SecurityHeaders
from .help import doc_html, rules_html
from .history import history_message
from .howto import DEFAULT_GAME, fair_deal_html, howto_article, howto_html
from . import aids
from .adapters import MemoryLink
from .limits import GuessGuard, Guard, device_refusal
from .metrics import MeasuredStorage, Metrics
from .matchmaking import SEARCH_SECONDS, QuickMatch, queue_of
from .protocol import (
    MAX_MESSAGE_BYTES,
    MAX_ROOMS_PER_CONNECTION,
    RATE_BURST,
    RATE_CLOSE_AFTER,
    RATE_PER_SECOND,
    CloseCode,
    ErrorCode,
    ProtocolError,
    RateLimiter,
    DEFAULT_GAME,
    games_json,
    parse_client,
    storable,
    valid_device,
)
from .rooms import RoomError, Rooms, clean_name, normal_code
from .stats import stats_message
from .storage import SQLiteStorage, Storage, StorageFault, StoredMatch
from ..cards import Seat
from .table import Table, Tables

if TYPE_CHECKING:
    from .adapters.redis_link import RedisLink

log = logging.getLogger("pinochle.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
#: The browser's heartbeat: the welcome says after how long a silence (seconds) it sends ``{"type": "ping"}``,
#: answered by ``{"type": "pong"}``. A connection that has pinged and then stays silent for HEARTBEAT_TIMEOUT
#: seconds is closed, so that its person shows as away at once (a silently dropped network); the welcome
#: says that too, so that a client pings at least that often (docs/protocol.md, "Heartbeat").
HEARTBEAT_SECONDS = 2.0
HEARTBEAT_TIMEOUT = 7.0
#: Close code for a connection whose heartbeat stopped (1001: going away).
GONE_AWAY = CloseCode.GOING_AWAY


#: The heartbeat's frames as the browser writes them (``JSON.stringify``) and as the server answers.
PING_TEXT = '{"type":"ping"}'
PONG_TEXT = json.dumps({"type": "pong"}, separators=(",", ":"))


def is_ping(text: str | bytes) -> bool:
    """Whether a frame is the heartbeat's ``{"type": "ping"}`` (in any JSON spelling)."""
    if text == PING_TEXT:  # the browser's own spelling, every 2 s per socket: no parse
        return True
    if len(text) > 64:
        return False
    try:
        return bool(json.loads(text) == {"type": "ping"})
    except ValueError:
        return False


async def send_json(ws: WebSocket, msg: dict[str, object]) -> None:
    """Send ``msg`` as one text frame of compact JSON, readable UTF-8.

    Written by orjson (2.7 µs instead of 42 µs for a table's 2.4 KB state, the most
    frequent frame; docs/server.md, "Leaner"); the text is what ``json.dumps(msg, separators=(",", ":"),
    ensure_ascii=False)`` writes. A frame that UTF-8 cannot carry (a lone surrogate a client sent, quoted
    back: see :func:`~.protocol.printable`) is sent with ``\\uXXXX`` escapes instead, which every JSON
    reader reads as the same text: the send never fails on the text, and the socket stays open. The ASGI
    server encodes a frame whole before it writes any of it, so nothing is half sent.
    """
    try:
        text = orjson.dumps(msg).decode()
    except TypeError:  # a lone surrogate (orjson writes UTF-8 only)
        text = json.dumps(msg, separators=(",", ":"))
    await ws.send_text(text)


class FrameTooBig(Exception):
    """A frame larger than :data:`~.protocol.MAX_MESSAGE_BYTES`: the connection is closed with 1009."""


def _gone(ws: WebSocket) -> bool:
    """Whether the socket has closed (either side): a send to it can only fail."""
    return WebSocketState.DISCONNECTED in (ws.application_state, ws.client_state)


async def receive_frame(ws: WebSocket) -> str | bytes:
    """The next frame: text, or the bytes of a binary frame (read as UTF-8 by :func:`~.protocol.parse_client`).

    Raises:
        WebSocketDisconnect: the socket closed.
        FrameTooBig: the frame is larger than 16 KiB (counted in UTF-8 bytes).
    """
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    frame: str | bytes = (message.get("bytes") or b"") if text is None else str(text)
    # a character is at most 4 bytes of UTF-8: a short text needs no encoding to be counted
    size = len(frame) if isinstance(frame, bytes) or 4 * len(frame) <= MAX_MESSAGE_BYTES \
        else len(frame.encode("utf-8", errors="surrogatepass"))
    if size > MAX_MESSAGE_BYTES:
        raise FrameTooBig(f"a frame of {size} bytes: the limit is {MAX_MESSAGE_BYTES}")
    return frame


@dataclass
class Server:
    """What every connection of one app shares."""

    storage: Storage
    tables: Tables
    rooms: Rooms
    quick: QuickMatch
    #: wrong room codes per device and per address, and device tokens per address (across connections)
    guard: Guard
    #: each connection's message rate limit: (messages per second, burst)
    rate: tuple[float, int] = (RATE_PER_SECOND, RATE_BURST)
    #: the figures for an operator (served on a port of their own when asked: docs/scaling.md)
    metrics: Metrics = dataclasses.field(default_factory=Metrics)


#: The refusal of leaving a search (for a room, another search, or nothing) once its table is being set up.
TOO_LATE_TO_LEAVE = "too late to leave the search: your table has been found"


class Connection:
    """One browser tab: its device token, its seat token (a room or Quick Match seat) and the handlers of its messages.

    Every tab of a device follows the device's current solo match; every tab
    holding a seat token hears that seat's room and table.
    """

    def __init__(self, ws: WebSocket, server: Server) -> None:
        self.ws = ws
        self.server = server
        #: the client's address (behind a proxy, the address the proxy forwards, see docs/protocol.md)
        self.address = ws.client.host if ws.client is not None else "unknown"
        self.tables = server.tables
        self.hub = server.tables.hub
        self.device: str | None = None
        self.seat: str | None = None
        self.limiter = RateLimiter(*server.rate)
        self.rooms_created = 0
        #: seconds between computer moves in this device's solo match (the animation pace setting)
        self.bot_delay: float | None = None
        #: while :meth:`hello` resyncs this tab, what the hub brings its tokens meanwhile (sent after the resync)
        self._held: list[dict[str, object]] | None = None
        #: a ``welcome`` has been sent on this socket
        self._welcomed = False
        #: the aids being worked out for this tab (:meth:`aside`), one at a time (``_aid``)
        self._asides: set[asyncio.Task[None]] = set()
        self._aid = asyncio.Lock()
        #: the seat token's table as last found (:meth:`_seat_table`): a move to it while it is still open
        #: here and in play is routed without asking storage for the seat's room again
        self._seated: Table | None = None

    async def send(self, msg: dict[str, object]) -> None:
        """Send one JSON message (:func:`send_json`)."""
        await send_json(self.ws, msg)

    def aside(self, work: Callable[[], Awaitable[dict[str, object]]], what: str, request: str) -> None:
        """Work out an answer that takes a while (a hint, a decision review) beside the socket's loop, so that
        the tab's pings, moves and other messages are answered meanwhile (a long review must not look like a
        silent server: docs/protocol.md, "Heartbeat"). One aid at a time per tab, in the order asked.

        Args:
            work: makes the answer; it may raise :class:`~.protocol.ProtocolError` (sent back as an ``error``,
                as for any message) or :class:`~.storage.StorageFault` (an ``error`` ``storage``).
            what: the aid's name, for the log.
            request: the type of the message asking for it (``"hint"``, ``"review"``): every ``error`` that
                answers it says so (``request``), since it may come after the answers to later messages.
        """
        async def run() -> None:
            async with self._aid:
                try:
                    msg = await work()
                except ProtocolError as err:
                    msg = ProtocolError(err.code, str(err), request).to_json()
                    self.server.metrics.error(err.code.value)
                except StorageFault as err:
                    log.warning("storage refused %s: %s", what, err.__cause__ or err)
                    msg = ProtocolError(ErrorCode.STORAGE, str(err), request).to_json()
                    self.server.metrics.error(ErrorCode.STORAGE.value)
                except Exception:
                    log.exception("%s failed", what)
                    msg = ProtocolError(ErrorCode.SERVER, "something went wrong on the server; the match is "
                                                          "unchanged", request).to_json()
                    self.server.metrics.error(ErrorCode.SERVER.value)
                if _gone(self.ws):  # the tab left while the answer was worked out: nobody to tell
                    return
                try:
                    await self.send(msg)
                except (WebSocketDisconnect, RuntimeError):  # it closed just now
                    pass

        task = asyncio.get_running_loop().create_task(run())
        self._asides.add(task)
        task.add_done_callback(self._asides.discard)

    async def hear(self, msg: dict[str, object]) -> None:
        """A message the hub brings for this tab's device or seat token: sent at once, or held back while
        :meth:`hello` resyncs the tab, so that nothing comes between ``welcome`` and the resync."""
        if self._held is not None:
            self._held.append(msg)
        else:
            await self.send(msg)

    def _superseded(self, match_id: str) -> None:
        """Forget the held states of ``match_id``: the ``resume`` just built shows the table as it is now."""
        if self._held:
            def of_table(m: dict[str, object]) -> bool:
                summary = m.get("match")
                return m.get("type") == "state" and isinstance(summary, dict) and summary.get("id") == match_id
            self._held = [m for m in self._held if not of_table(m)]

    async def _send_held(self) -> None:
        """Send what the hub brought during the resync, in order (if anything is left of it); then send
        what it brings at once."""
        try:
            while self._held:
                await self.send(self._held.pop(0))
        finally:
            self._held = None

    # ---------------------------------------------------------------- tokens

    def _take_seat(self, token: str) -> None:
        if self.seat == token:
            return
        self._drop_seat()
        self.seat = token
        self.hub.subscribe(token, self.hear)
        if self.device is not None:  # the seat's statistics are the device's (docs/protocol.md, "Statistics")
            self.hub.link.spawn(self._hold(self.device, token), "keeping a seat token's device")

    async def _hold(self, device: str, token: str) -> None:
        """Store that ``device`` holds the seat token ``token`` (a refusal of storage is logged: it is said again
        at the next ``hello`` with the token)."""
        try:
            await asyncio.to_thread(self.server.storage.hold_token, device, token)
        except StorageFault as err:
            log.info("the device of a seat token was not kept (%s)", err)

    def _drop_seat(self) -> None:
        self._seated = None
        if self.seat is not None:
            token, self.seat = self.seat, None
            self.hub.unsubscribe(token, self.hear)
            if not self.hub.connected(token):
                self.server.quick.disconnected(token)

    async def _seat_table(self) -> Table | None:
        """The room or Quick Match table of this connection's seat token, or ``None``."""
        if self.seat is None:
            return None
        room = await self.server.rooms.aof_token(self.seat)
        if room is not None:
            found = None if room.match_id is None else await self.tables.aget(room.match_id)
        else:
            found = await self.tables.aof_token(self.seat)
        self._seated = found
        return found

    def _still_seated(self, match_id: str) -> Table | None:
        """The table last found for the seat token, if it is ``match_id``, still open in this process and
        not over: a room starts its next match only after this one ends, so the seat's room would name it
        again (storage is not asked)."""
        table = self._seated
        if (table is None or table.id != match_id or table.closed or table.abandoned
                or self.tables.table(match_id) is not table or table.state.phase == "match_end"):
            return None
        return table

    async def hello(self, device: object, seat: object) -> None:
        """Identify the device (a new token if none or a malformed one) and the seat token; welcome them.

        A seat token that holds a room membership or a match seat is taken
        again: the room and the table are sent from storage (a resync).
        Nothing the tokens hear meanwhile comes before the resync: a state of
        the table is superseded by the ``resume`` (built last), anything else
        follows it (docs/protocol.md, "Connecting").

        Raises:
            ProtocolError: ``rate_limited`` if this client address has used
                too many different device tokens in the last hour (nothing changes).
        """
        self._held = []
        try:
            await self._hello(device, seat)
        except BaseException:
            if not self._welcomed:  # the tab is told why and says hello again: nothing may come before a welcome
                self._held = None
            raise
        finally:
            await self._send_held()

    async def _hello(self, device: object, seat: object) -> None:
        """:meth:`hello`, while the hub's messages for this tab are held back."""
        token = device if isinstance(device, str) and valid_device(device) else secrets.token_urlsafe(24)
        if not await self.server.guard.admit_device(self.address, token):
            raise ProtocolError(ErrorCode.RATE_LIMITED, device_refusal(self.server.guard.devices_per_address))
        if self.device is not None:
            self.hub.unsubscribe(self.device, self.hear)
        self.device = token
        self.hub.subscribe(self.device, self.hear)
        solo = await self.tables.acurrent(self.device)  # storage reads off the event loop (Tables.read)
        room = None
        table = None
        shown: dict[str, object] | None = None
        if isinstance(seat, str) and valid_device(seat):
            room = await self.server.rooms.aof_token(seat)
            if room is not None:  # the room as read now, before the token hears anything: all it hears is newer
                shown = {"type": "room", "room": room.public(seat)}
            table = await self.tables.aof_token(seat) if room is None else (
                None if room.match_id is None or room.phase == "lobby" else await self.tables.aget(room.match_id))
            if room is not None and table is not None and room.phase == "playing" and table.state.phase == "match_end":
                # the match ended but the room was never told (its process stopped, or the store failed the
                # room's update first): it shows the result now, and everyone hears it after this resync
                room = await self.server.rooms.match_over(table) or room
                shown = {"type": "room", "room": room.public(seat)}
            if room is not None or table is not None or await self.server.quick.searching(seat):
                self._take_seat(seat)
                self.server.quick.reconnected(seat)
            else:
                self._drop_seat()
        else:
            self._drop_seat()
        seat_info = None
        if self.seat is not None:
            seat_info = {"token": self.seat, "room": None if room is None else room.code,
                         "match": None if table is None else table.id}
        await self.send({"type": "welcome", "device": self.device,
                         "match": None if solo is None else solo.summary(), "seat": seat_info,
                         "heartbeat": HEARTBEAT_SECONDS, "heartbeat_timeout": HEARTBEAT_TIMEOUT})
        self._welcomed = True
        await self.hub.settle()  # several processes: what they send the tokens reaches this socket from now on
        if self.seat is not None and await self.server.quick.searching(self.seat):
            await self.send(await self.server.quick.status(self.seat))
        elif self.seat is not None and room is None and table is None:
            table = await self.tables.aof_token(self.seat)  # the search's table was found meanwhile (by another process)
            if table is not None:
                await self.send({"type": "matched", "match": table.id})
        if shown is not None:
            await self.send(shown)
        if table is not None and self.seat is not None:
            where = table.seat_of([self.seat])
            if where is not None:
                resume = table.message(where, "resume")
                self._superseded(table.id)
                await self.send(resume)
            table.start()

    # ---------------------------------------------------------------- matches

    async def _table_for(self, match_id: str | None, what: str) -> tuple[Table, int]:
        """The table a message is for and this connection's seat at it.

        ``match_id`` ``None`` is the device's solo match. A match id that
        names an earlier match of the same seat (a room's last match, after
        the room started another) or of the same device (a replaced solo
        match) is stale: the current match's state is sent first.

        Raises:
            ProtocolError: ``no_match`` (no solo match, or a match this
                person is not seated at), ``stale`` (a replaced match).
        """
        assert self.device is not None
        if match_id is not None and self.seat is not None:
            # the usual case at a room or Quick Match table, answered without asking storage for the solo match
            # (match ids are unique: the seat's table is never the device's solo match)
            seated = self._still_seated(match_id) or await self._seat_table()
            where = None if seated is None else seated.seat_of([self.seat])
            if seated is not None and where is not None and seated.id == match_id:
                return seated, where
        solo = await self.tables.acurrent(self.device)
        if match_id is None or (solo is not None and match_id == solo.id):
            if solo is None:
                raise ProtocolError(ErrorCode.NO_MATCH, f"you have no solo match {what}: start one")
            return solo, solo.home()
        seated = await self._seat_table()
        where = None if seated is None else seated.seat_of([self.seat])
        if seated is not None and where is not None:
            if seated.id == match_id:
                return seated, where
            if await self._earlier_match(match_id, lambda m: m.kind != "solo" and self.seat in {r.token for r in m.seats}):
                await self.send(seated.message(where, "resume"))
                raise ProtocolError(ErrorCode.STALE, "that was for your room's last match: a newer one has started")
        if solo is not None and await self._earlier_match(match_id, lambda m: m.kind == "solo" and m.device == self.device):
            await self.send(solo.message(solo.home(), "resume"))
            raise ProtocolError(ErrorCode.STALE, "that was for a match that a newer one has replaced")
        raise ProtocolError(ErrorCode.NO_MATCH, "you are not seated at that match")

    async def _earlier_match(self, match_id: str, mine: Callable[[StoredMatch], bool]) -> bool:
        """Whether the stored match ``match_id`` exists and satisfies ``mine``."""
        # an id too long or not UTF-8 (a lone surrogate) names no stored match: storage is not asked
        stored = await self.tables.read(self.server.storage.load, match_id) \
            if len(match_id) <= 64 and storable(match_id) else None
        return stored is not None and mine(stored)

    # ---------------------------------------------------------------- messages

    async def handle(self, text: str | bytes) -> None:
        """Handle one frame after ``hello``.

        Raises:
            ProtocolError: the frame is refused (sent back as an ``error``).
        """
        msg = parse_client(text)
        await HANDLERS[msg.type](self, msg.data)

    async def _on_hello(self, d: dict[str, object]) -> None:
        """``hello`` again: the device and seat tokens (see :meth:`hello`)."""
        await self.hello(d.get("device"), d.get("seat"))

    async def _on_new_match(self, d: dict[str, object]) -> None:
        """``new_match``: a solo match of ``game`` (and ``players``) at ``level``; the device's unfinished one ends."""
        assert self.device is not None
        players = d.get("players")
        try:
            table = self.tables.create_solo(self.device, str(d["level"]), str(d.get("game", DEFAULT_GAME)),
                                            players if isinstance(players, int) else None)
        except ValueError as err:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, f"new_match.players: {err}") from None
        if self.bot_delay is not None:
            table.bot_delay = self.bot_delay
        await table.broadcast("start")
        table.start()

    async def _on_pace(self, d: dict[str, object]) -> None:
        """``pace``: the computer players' delay for this tab (and its solo match)."""
        assert self.device is not None
        delay = d["bot_delay"]
        assert isinstance(delay, (int, float))
        self.bot_delay = float(delay)
        solo = await self.tables.acurrent(self.device)
        if solo is not None:
            solo.bot_delay = self.bot_delay

    async def _on_resume(self, d: dict[str, object]) -> None:
        """``resume``: the state of the match named (or of the current one) again."""
        match_id = d.get("match")
        assert match_id is None or isinstance(match_id, str)
        table, seat = await self._table_for(match_id, "to resume")
        await self.send(table.message(seat, "resume"))
        table.start()

    async def _on_action(self, d: dict[str, object]) -> None:
        """``action``: a move at the match named, checked against its version."""
        match_id = d["match"]
        assert match_id is None or isinstance(match_id, str)
        table, seat = await self._table_for(match_id, "in progress")
        version = d["version"]
        action = d["action"]
        assert isinstance(version, int) and isinstance(action, dict)
        with self.server.metrics.move_update.time():  # the move, the moves it sets off, and everyone told
            await table.person_action(seat, version, action)

    async def _on_undo(self, d: dict[str, object]) -> None:
        """``undo``: take back this person's most recent move of the hand in their solo match (docs/protocol.md,
        "Undo in solo")."""
        match_id = d["match"]
        assert match_id is None or isinstance(match_id, str)
        table, seat = await self._table_for(match_id, "in progress")
        version = d["version"]
        assert isinstance(version, int)
        await table.undo(seat, version)

    async def _on_history(self, d: dict[str, object]) -> None:
        """``history``: the records of the finished hands of a match this person is seated at (docs/protocol.md,
        "Hand history")."""
        match_id = d.get("match")
        assert match_id is None or isinstance(match_id, str)
        table, _seat = await self._table_for(match_id, "to show")
        await self.send(history_message(table, table.seal()))

    async def _on_hint(self, d: dict[str, object]) -> None:
        """``hint``: Hard's move in this person's seat and why (:func:`.aids.hint`); nothing changes."""
        await self._ask_aid(d, "hint", "version", "in progress", aids.hint, "a hint")

    async def _on_review(self, d: dict[str, object]) -> None:
        """``review``: the decision review of this person's seat in a finished hand (:func:`.aids.review`)."""
        await self._ask_aid(d, "review", "hand", "to review", aids.review, "a decision review")

    async def _ask_aid(self, d: dict[str, object], request: str, key: str, wanted: str,
                   answer: Callable[[Table, int, int], Awaitable[dict[str, object]]], what: str) -> None:
        """An aid asked for by the message ``d`` of type ``request``: ``answer(table, seat, d[key])`` worked out
        beside the socket's loop (:meth:`aside`) for the match ``d["match"]`` (``wanted``: the state it must be
        in, for the refusal); a refusal to find the table names the request."""
        match_id = d["match"]
        assert match_id is None or isinstance(match_id, str)
        try:
            table, seat = await self._table_for(match_id, wanted)
        except ProtocolError as err:
            raise ProtocolError(err.code, str(err), request) from None
        value = d[key]
        assert isinstance(value, int)
        self.aside(lambda: answer(table, seat, value), what, request)

    async def _on_room_hints(self, d: dict[str, object]) -> None:
        """``room_hints``: hints on or off in the room's matches (the creator)."""
        await self.server.rooms.set_hints(self.seat, d.get("on"))

    async def _on_create_room(self, d: dict[str, object]) -> None:
        """``create_room``: a new room with this tab as its creator."""
        if self.rooms_created >= MAX_ROOMS_PER_CONNECTION:
            raise ProtocolError(ErrorCode.TOO_MANY_ROOMS,
                                f"one connection can create at most {MAX_ROOMS_PER_CONNECTION} rooms")
        await self._leave_current()
        players = d.get("players")  # checked by parse_client: one of the game's sizes, or left out
        room, token = await self.server.rooms.create(d.get("name"), d.get("level", "normal"), d.get("game", DEFAULT_GAME),
                                         players if isinstance(players, int) else None)
        self.rooms_created += 1
        self._take_seat(token)
        await self.hub.settle()  # several processes: the room's next changes reach this socket from any of them
        await self.send({"type": "joined", "token": token, "room": room.public(token)})

    async def _on_join_room(self, d: dict[str, object]) -> None:
        """``join_room``: join the room of ``code`` (wrong codes are rate-limited per device and address)."""
        assert self.device is not None
        # counted as wrong as it is checked (one step: joins at once, through any process, cannot all pass
        # the check first), taken back unless the code named no room
        refusal, ticket = await self.server.guard.try_code(self.address, self.device)
        if refusal is not None:
            raise ProtocolError(ErrorCode.RATE_LIMITED, refusal)
        wrong = False
        try:
            try:
                clean_name(d.get("name"))
            except RoomError as err:
                raise ProtocolError(ErrorCode.ROOM, str(err)) from None
            if await self.server.quick.starting(self.seat):  # refused before joining: no member left behind
                raise ProtocolError(ErrorCode.STALE, TOO_LATE_TO_LEAVE)
            mine = None if self.seat is None else await self.server.rooms.aof_token(self.seat)
            if mine is not None and self.seat is not None and mine.code == normal_code(d.get("code")):
                # already a member (e.g. the share link opened again): keep the seat
                await self.send({"type": "joined", "token": self.seat, "room": mine.public(self.seat)})
                return
            try:
                room, token = await self.server.rooms.join(d.get("code"), d.get("name"))
            except ProtocolError as err:
                wrong = err.code == ErrorCode.NO_ROOM
                raise
        finally:
            if not wrong:
                await self.server.guard.right_code(self.address, self.device, ticket)
        await self._leave_current()
        self._take_seat(token)
        await self.hub.settle()  # several processes: the room's next changes reach this socket from any of them
        await self.send({"type": "joined", "token": token, "room": room.public(token)})
        await self.send({"type": "room", "room": room.public(token)})  # the others heard it from Rooms.join

    async def _on_ready(self, d: dict[str, object]) -> None:
        """``ready``: Ready (or not) in the room's lobby."""
        await self.server.rooms.ready(self.seat, d.get("ready"))

    async def _on_room_level(self, d: dict[str, object]) -> None:
        """``room_level``: the room's computer level (the creator)."""
        await self.server.rooms.set_level(self.seat, d.get("level"))

    async def _on_room_timer(self, d: dict[str, object]) -> None:
        """``room_timer``: the room's move timer (the creator)."""
        await self.server.rooms.set_timer(self.seat, d.get("seconds"))

    async def _on_room_game(self, d: dict[str, object]) -> None:
        """``room_game``: the room's game and number of players (the creator)."""
        players = d.get("players")
        await self.server.rooms.set_game(self.seat, d.get("game"), players if isinstance(players, int) else None)

    async def _on_arrange(self, d: dict[str, object]) -> None:
        """``arrange``: the room's seats (the creator)."""
        await self.server.rooms.arrange(self.seat, d.get("seats"))

    async def _on_start(self, _d: dict[str, object]) -> None:
        """``start``: the room's match starts (the creator)."""
        await self.server.rooms.start(self.seat)

    async def _on_back_to_lobby(self, _d: dict[str, object]) -> None:
        """``back_to_lobby``: the room back to its lobby after a match."""
        await self.server.rooms.back_to_lobby(self.seat)

    async def _on_leave(self, _d: dict[str, object]) -> None:
        """``leave``: leave the room, the search or the table of the seat token."""
        await self._leave_current()
        await self.send({"type": "left"})

    async def _on_stats(self, _d: dict[str, object]) -> None:
        """``stats``: this device's statistics per game (docs/protocol.md, "Statistics")."""
        assert self.device is not None
        # in a worker thread in both modes: a device of many hands takes a while to add up, and the event loop
        # serves every table meanwhile
        await self.send(await asyncio.to_thread(stats_message, self.server.storage, self.device))

    async def _on_quick_match(self, d: dict[str, object]) -> None:
        """``quick_match``: search for a Quick Match table of ``game`` (and ``players``), or move the search to it."""
        try:
            name = clean_name(d.get("name"))
        except RoomError as err:
            raise ProtocolError(ErrorCode.ROOM, str(err)) from None
        players = d.get("players")  # checked by parse_client: one of the game's sizes, or left out
        game = queue_of(str(d.get("game", DEFAULT_GAME)), players if isinstance(players, int) else None)
        quick = self.server.quick
        if self.seat is not None and await quick.game_of(self.seat) == game:
            await self.send(await quick.status(self.seat))
            return
        if self.seat is not None and await quick.searching(self.seat) and not await quick.cancel(self.seat):
            raise ProtocolError(ErrorCode.STALE, "too late to change the game: your table has been found")
        await self._leave_current()  # a search for another game ends (left), and a new one starts
        token = secrets.token_urlsafe(24)
        self._take_seat(token)
        await self.hub.settle()  # several processes: a table formed at once elsewhere reaches this socket
        try:
            await quick.search(name, game, token)
        except BaseException:
            self._drop_seat()
            raise
        await self.send(await quick.status(token))

    async def _on_cancel_search(self, _d: dict[str, object]) -> None:
        """``cancel_search``: stop searching (too late once the table is found)."""
        quick = self.server.quick
        if self.seat is not None and await self.server.rooms.aof_token(self.seat) is not None:
            raise ProtocolError(ErrorCode.ROOM, "you are in a room, not searching: leave the room instead")
        if self.seat is not None and not await quick.cancel(self.seat) and (
                await quick.searching(self.seat) or await self.tables.aof_token(self.seat) is not None):
            raise ProtocolError(ErrorCode.STALE, "too late to cancel: your table has been found")
        self._drop_seat()
        await self.send({"type": "left"})

    async def _leave_current(self) -> None:
        """Leave the room, the search or the table of the current seat token (a computer takes a seat in play)."""
        token = self.seat
        if token is None:
            return
        if await self.server.quick.cancel(token):
            pass
        elif await self.server.quick.starting(token):  # taken for a table being set up: it seats this token
            raise ProtocolError(ErrorCode.STALE, TOO_LATE_TO_LEAVE)
        elif await self.server.rooms.aof_token(token) is not None:
            await self.server.rooms.leave(token)
        else:
            table = await self.tables.aof_token(token)
            where = None if table is None else table.seat_of([token])
            if table is not None and where is not None and table.state.phase != "match_end":
                await table.leave(where)
                stored = await self.tables.read(self.server.storage.load, table.id) if table.kind == "quick" else None
                if stored is not None and all(r.token is None for r in stored.seats):
                    # nobody is left to play for (read from storage: the others may have left through other
                    # processes at this moment): the match ends without a result, as a room's everyone left
                    await asyncio.to_thread(self.server.storage.finish_match, table.id)
                    await self.tables.ended(table.id)
        self._drop_seat()
        await self.hub.send(token, {"type": "left"})  # the token's other tabs forget it too

    def close(self) -> None:
        """The socket closed: stop following the device and the seat (the seat is kept for a reconnect), and
        the aids being worked out for it (nobody to tell)."""
        for task in list(self._asides):
            task.cancel()
        if self.device is not None:
            self.hub.unsubscribe(self.device, self.hear)
        self._drop_seat()


#: The handler of each client message type (docs/protocol.md), after ``hello``: one method of :class:`Connection` each.
HANDLERS: dict[str, Callable[[Connection, dict[str, object]], Awaitable[None]]] = {
    "hello": Connection._on_hello,
    "new_match": Connection._on_new_match,
    "pace": Connection._on_pace,
    "resume": Connection._on_resume,
    "action": Connection._on_action,
    "create_room": Connection._on_create_room,
    "join_room": Connection._on_join_room,
    "ready": Connection._on_ready,
    "room_level": Connection._on_room_level,
    "room_timer": Connection._on_room_timer,
    "room_game": Connection._on_room_game,
    "arrange": Connection._on_arrange,
    "start": Connection._on_start,
    "back_to_lobby": Connection._on_back_to_lobby,
    "leave": Connection._on_leave,
    "quick_match": Connection._on_quick_match,
    "cancel_search": Connection._on_cancel_search,
    "undo": Connection._on_undo,
    "history": Connection._on_history,
    "hint": Connection._on_hint,
    "room_hints": Connection._on_room_hints,
    "review": Connection._on_review,
    "stats": Connection._on_stats,
}


def create_app(db: str | Path, bot_delay: float = 0.7, storage: Storage | None = None, *,
               search_seconds: float = SEARCH_SECONDS, quick_move_timer: float | None = 30.0,
               away_seconds: float | None = 60.0, guard: Guard | None = None,
               rate: tuple[float, int] = (RATE_PER_SECOND, RATE_BURST),
               edge: EdgePolicy | None = None, redis: str | None = None, redis_prefix: str = "pin:",
               gc_watch: GcWatch | None = None, metrics: Metrics | None = None) -> Starlette:
    """The web app.

    Args:
        db: the SQLite file (created if needed); ignored when ``storage`` is given.
        bot_delay: seconds between computer moves (0 in tests).
        storage: a ready :class:`~.storage.Storage` to use instead of SQLite.
        search_seconds: how long Quick Match searches before filling seats with computers (20 s).
        quick_move_timer: seconds a person has to move in Quick Match (30 s; ``None``: no timer).
        away_seconds: seconds a disconnected person keeps a room or Quick Match seat before a computer plays for them (60 s).
        rate: each connection's rate limit, (messages per second, burst) (docs/protocol.md, Limits);
            scripted tests that answer every state at once raise it.
        guard: the limits on wrong room codes and device tokens (default: :class:`~.limits.GuessGuard` with
            the numbers of docs/protocol.md).
        edge: the security headers' and WebSocket origin check's allowances (:class:`~.edge.EdgePolicy`;
            default: the app's own origin only, no embedding).
        redis: a Redis URL: this process is one of a service whose processes share rooms, Quick Match
            and tables through Redis (:class:`~.redis_storage.RedisStorage`, :class:`~.adapters.redis_link.RedisLink`;
            docs/scaling.md); ``db`` is then ignored. ``None``: one process on SQLite.
        redis_prefix: the service's key prefix in Redis (several services, or tests, share one Redis).
        gc_watch: counts and times the garbage collector's runs from startup; its summary is printed as one
            JSON line (``{"gc": ...}``) on standard error at shutdown (docs/server.md). ``None``: not watched.
        metrics: where the app keeps its figures for an operator (:class:`~.metrics.Metrics`; default a new
            one, at ``app.state.metrics``). The app never serves them: ``pinochle serve --metrics-port``
            does, on a port of its own.

    Returns:
        A Starlette app: ``/`` (the table), ``/health``, ``/games`` (the games and Quick Match's search time, JSON), ``/rules`` (the rules,
        from docs/rules.md), ``/rooms/CODE`` (whether a room has that code),
        ``/how-to-play`` and ``/how-to-play/GAME`` (the games for players; ``/how-to-play/fair-deal``: how the shuffle is
        sealed and checked; ``/how-to-play/GAME/article``:
        the same as ``{"title", "html"}`` for the table's Rules dialog), ``/static/*`` (front end), ``/ws``.
    """
    policy = edge if edge is not None else EdgePolicy()
    figures = metrics if metrics is not None else Metrics()
    cluster: RedisLink | None = None
    if redis is None:  # a service of one: the same parts on the in-memory link
        store: Storage = cast(Storage, MeasuredStorage(storage if storage is not None else SQLiteStorage(db), figures))
        link = MemoryLink()
        tables = Tables(store, bot_delay, link=link)
        server = Server(store, tables, Rooms(store, tables, away_seconds, locks=link),
                        QuickMatch(tables, search_seconds, quick_move_timer, away_seconds),
                        guard if guard is not None else GuessGuard(), rate, figures)
    else:
        from .adapters.redis_counters import RedisCounters
        from .adapters.redis_link import RedisLink
        from .adapters.redis_queue import RedisQueue
        from .redis_storage import RedisStorage

        store = cast(Storage, MeasuredStorage(storage if storage is not None else RedisStorage(redis, redis_prefix),
                                              figures))
        cluster = RedisLink(redis, redis_prefix, on_call=figures.redis.observe)
        tables = Tables(store, bot_delay, link=cluster, read_off_loop=True)
        server = Server(store, tables, Rooms(store, tables, away_seconds, locks=cluster),
                        QuickMatch(tables, search_seconds, quick_move_timer, away_seconds,
                                   queue=RedisQueue(cluster.redis, redis_prefix)),
                        guard if guard is not None else GuessGuard(RedisCounters(cluster.redis, redis_prefix)), rate, figures)
    figures.tables = lambda: len(tables.tables)
    figures.people = tables.hub.held

    async def index(request: Request) -> Response:
        return FileResponse(WEB_DIR / "index.html", headers={"Cache-Control": "no-cache"})

    async def health(request: Request) -> Response:
        return Response("ok", media_type="text/plain")

    async def games(request: Request) -> Response:
        # and how long Quick Match searches here (``--search-seconds``), for Home to say it
        return JSONResponse({**games_json(), "quick_match": {"search_seconds": search_seconds}},
                            headers={"Cache-Control": "no-cache"})

    async def rules(request: Request) -> Response:
        game = request.path_params.get("game")
        name = request.path_params.get("name")
        try:
            page = doc_html(name) if name is not None else rules_html(game)
        except OSError:
            what = f"no rules page for {game!r}" if game else f"no page {name!r}" if name else \
                "the rules page needs docs/rules.md, which this installation does not have"
            return Response(what[0].upper() + what[1:] + ".", status_code=404, media_type="text/plain")
        return HTMLResponse(page, headers={"Cache-Control": "no-cache"})

    async def how_to_play(request: Request) -> Response:
        """A game's "How to play" page for players (``/how-to-play``: the table game's)."""
        try:
            page = howto_html(request.path_params.get("game", DEFAULT_GAME))
        except KeyError:
            return Response("No game has a page by that name.", status_code=404, media_type="text/plain")
        return HTMLResponse(page, headers={"Cache-Control": "no-cache"})

    async def fair_deal(request: Request) -> Response:
        """The player's page on how the shuffle is sealed and checked (``/how-to-play/fair-deal``)."""
        return HTMLResponse(fair_deal_html(), headers={"Cache-Control": "no-cache"})

    async def how_to_play_article(request: Request) -> Response:
        """A game's "How to play" page as ``{"title", "html"}``, for the table's Rules dialog."""
        try:
            article = howto_article(request.path_params["game"])
        except KeyError:
            return JSONResponse({"error": "No game has a page by that name."}, status_code=404)
        return JSONResponse(article, headers={"Cache-Control": "no-cache"})

    async def room_exists(request: Request) -> Response:
        """``{"exists": true|false}``: whether a room has this code (an invitation link is checked
        before its person types a name). One answer for every wrong code, malformed or unknown."""
        # a wrong code counts against the device and the address as a wrong join does (limits.py)
        address = request.client.host if request.client is not None else "unknown"
        device = request.query_params.get("device", "")
        refusal, ticket = await server.guard.try_code(address, device)  # checked and counted in one step
        if refusal is not None:
            return JSONResponse({"exists": None, "error": refusal}, status_code=429, headers={"Cache-Control": "no-store"})
        canon = normal_code(request.path_params["code"])
        found: bool | None = None
        try:
            found = canon is not None and await server.rooms.aget(canon) is not None
        finally:
            if found is not False:  # taken back unless the code named no room
                await server.guard.right_code(address, device, ticket)
        return JSONResponse({"exists": found}, headers={"Cache-Control": "no-store"})

    async def refuse(ws: WebSocket, err: ProtocolError) -> None:
        """Send ``err`` to the client, counted by its code."""
        figures.error(err.code.value)
        await send_json(ws, err.to_json())

    async def ws_endpoint(ws: WebSocket) -> None:
        await ws.accept()
        figures.socket_opened()
        try:
            await serve_socket(ws)
        finally:
            figures.socket_closed()

    async def serve_socket(ws: WebSocket) -> None:
        if not policy.origin_allowed(ws.headers.get("origin"), ws.headers.get("host"),
                                     "https" if ws.url.scheme == "wss" else "http"):
            # a page of another site must not act for the person whose browser it runs in
            await ws.close(CloseCode.BAD_ORIGIN, "this page's origin may not use the table's socket")
            return
        conn = Connection(ws, server)
        try:
            first = await receive_frame(ws)
            while is_ping(first):  # a ping is never refused (docs/protocol.md), not even before the hello
                await ws.send_text(PONG_TEXT)
                first = await receive_frame(ws)
            try:
                hello = parse_client(first)
                if hello.type != "hello":
                    raise ProtocolError(ErrorCode.NO_HELLO, "say hello first: {\"type\": \"hello\", \"device\": ...}")
                await conn.hello(hello.data.get("device"), hello.data.get("seat"))
            except ProtocolError as err:
                await refuse(ws, err)
                await ws.close(CloseCode.RATE_LIMITED if err.code == ErrorCode.RATE_LIMITED else CloseCode.BAD_HELLO)
                return
            except StorageFault as err:  # the shared store (Redis) is down: nothing to resync from, come back later
                log.warning("storage refused a hello: %s", err.__cause__ or err)
                await refuse(ws, ProtocolError(ErrorCode.STORAGE, str(err)))
                await ws.close(CloseCode.SERVICE_RESTART)
                return
            beating = False  # the browser has started its heartbeat: silence means it is gone
            while True:
                try:
                    if beating:  # a timeout, not wait_for: no task per frame
                        async with asyncio.timeout(HEARTBEAT_TIMEOUT):
                            text = await receive_frame(ws)
                    else:
                        text = await receive_frame(ws)
                except TimeoutError:
                    await ws.close(GONE_AWAY)
                    return
                if not conn.limiter.allow():
                    if conn.limiter.refused > RATE_CLOSE_AFTER:
                        await ws.close(CloseCode.RATE_LIMITED)
                        return
                    await refuse(ws, ProtocolError(
                        ErrorCode.RATE_LIMITED, "too many messages: slow down (the message was ignored)"))
                    continue
                if is_ping(text):
                    beating = True
                    await ws.send_text(PONG_TEXT)
                    continue
                try:
                    await conn.handle(text)
                except ProtocolError as err:
                    await refuse(ws, err)
                except WebSocketDisconnect:
                    raise
                except StorageFault as err:  # nothing was saved, nothing changed: say why, stay up
                    log.warning("storage refused a write: %s", err.__cause__ or err)
                    await refuse(ws, ProtocolError(ErrorCode.STORAGE, str(err)))
                except Exception:
                    if _gone(ws):  # the client left while its message was handled: nobody to answer
                        return
                    log.exception("message failed: %.200r", text)
                    await refuse(ws, ProtocolError(ErrorCode.SERVER, "something went wrong on the server; the match is unchanged"))
        except FrameTooBig:
            await ws.close(CloseCode.TOO_BIG)
        except WebSocketDisconnect:
            pass
        except RuntimeError:
            # a send to a socket that closed while a message was handled (a hub send found it closed and
            # swallowed the error; Starlette then refuses the next send with a RuntimeError): no failure
            if not _gone(ws):
                raise
        finally:
            conn.close()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if cluster is not None:
            await cluster.start()
        await tables.start()  # reopens the unfinished room and Quick Match tables nobody drives
        sweep = asyncio.create_task(tables.run())
        if gc_watch is not None:
            gc_watch.install()
        ticker = asyncio.create_task(server.quick.run())
        expiry = asyncio.create_task(server.rooms.run_expiry())
        lag = asyncio.create_task(figures.watch_loop())
        figures.watch_gc()
        yield
        figures.unwatch_gc()
        lag.cancel()
        ticker.cancel()
        expiry.cancel()
        await server.quick.close()
        sweep.cancel()
        await tables.shutdown()
        if cluster is not None:
            await cluster.stop()
        store.close()
        if gc_watch is not None:
            gc_watch.remove()
            print(json.dumps({"gc": gc_watch.summary()}), file=sys.stderr, flush=True)

    routes = [
        Route("/", index),
        Route("/health", health),
        Route("/games", games),
        Route("/rules", rules),
        Route("/rules/games/{game}", rules),
        Route("/rules/doc/{name}", rules),
        Route("/rooms/{code:path}", room_exists),
        Route("/how-to-play", how_to_play),
        Route("/how-to-play/fair-deal", fair_deal),
        Route("/how-to-play/{game}", how_to_play),
        Route("/how-to-play/{game}/article", how_to_play_article),
        Mount("/static", StaticFiles(directory=WEB_DIR), name="static"),
        WebSocketRoute("/ws", ws_endpoint),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(SecurityHeaders, policy=policy)])
    app.state.tables = tables
    app.state.server = server
    app.state.metrics = figures
    return app
