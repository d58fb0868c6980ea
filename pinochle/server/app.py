"""The ASGI app (Starlette): the static table, and one WebSocket per tab.

The WebSocket endpoint is thin: it parses frames (:mod:`.protocol`) and hands
them to a :class:`Connection`, which talks to the :class:`~.solo.Tables`.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
from collections.abc import AsyncIterator
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from .protocol import CloseCode, ErrorCode, ProtocolError, parse_client, valid_device
from .solo import SoloTable, Tables
from .storage import SQLiteStorage, Storage

log = logging.getLogger("pinochle.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"


async def receive_frame(ws: WebSocket) -> str:
    """The next frame as text (a binary frame is decoded as UTF-8, or refused later as bad JSON).

    Raises:
        WebSocketDisconnect: the socket closed.
    """
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        data = message.get("bytes") or b""
        text = data.decode("utf-8", errors="replace")
    return str(text)


class Connection:
    """One browser tab: its device and the handlers of its messages.

    Every tab of a device follows the device's current match: a new match
    started in one tab is shown in all of them.
    """

    def __init__(self, ws: WebSocket, tables: Tables) -> None:
        self.ws = ws
        self.tables = tables
        self.device: str | None = None

    async def send(self, msg: dict[str, object]) -> None:
        """Send one JSON message."""
        await self.ws.send_json(msg)

    async def hello(self, device: object) -> None:
        """Identify the device (a new token if none or a malformed one) and welcome it."""
        if self.device is not None:
            self.tables.unsubscribe(self.device, self.send)
        self.device = device if isinstance(device, str) and valid_device(device) else secrets.token_urlsafe(24)
        self.tables.subscribe(self.device, self.send)
        table = self.tables.current(self.device)
        await self.send({"type": "welcome", "device": self.device, "match": None if table is None else table.summary()})

    def _current(self, what: str) -> SoloTable:
        assert self.device is not None
        table = self.tables.current(self.device)
        if table is None:
            raise ProtocolError(ErrorCode.NO_MATCH, f"there is no match {what}: start one")
        return table

    async def handle(self, text: str) -> None:
        """Handle one frame after ``hello``.

        Raises:
            ProtocolError: the frame is refused (sent back as an ``error``).
        """
        msg = parse_client(text)
        assert self.device is not None
        if msg.type == "hello":
            await self.hello(msg.data.get("device"))
        elif msg.type == "new_match":
            table = self.tables.create(self.device, str(msg.data["level"]))
            await table.broadcast("start")
            table.kick()
        elif msg.type == "resume":
            table = self._current("to resume")
            await self.send(table.message("resume"))
            table.kick()
        elif msg.type == "action":
            table = self._current("in progress")
            match_id = msg.data.get("match")
            if match_id is not None and match_id != table.id:
                await self.send(table.message("resume"))
                raise ProtocolError(ErrorCode.STALE, "that move was for a match that a newer one has replaced")
            version = msg.data["version"]
            action = msg.data["action"]
            assert isinstance(version, int) and isinstance(action, dict)
            await table.human_action(version, action)

    def close(self) -> None:
        """Stop following the device's match."""
        if self.device is not None:
            self.tables.unsubscribe(self.device, self.send)


def create_app(db: str | Path, bot_delay: float = 0.7, storage: Storage | None = None) -> Starlette:
    """The web app.

    Args:
        db: the SQLite file (created if needed); ignored when ``storage`` is given.
        bot_delay: seconds between computer moves (0 in tests).
        storage: a ready :class:`~.storage.Storage` to use instead of SQLite.

    Returns:
        A Starlette app: ``/`` (the table), ``/static/*`` (front end), ``/ws``.
    """
    store: Storage = storage if storage is not None else SQLiteStorage(db)
    tables = Tables(store, bot_delay)

    async def index(request: Request) -> Response:
        return FileResponse(WEB_DIR / "index.html", headers={"Cache-Control": "no-cache"})

    async def health(request: Request) -> Response:
        return Response("ok", media_type="text/plain")

    async def ws_endpoint(ws: WebSocket) -> None:
        await ws.accept()
        conn = Connection(ws, tables)
        try:
            first = await receive_frame(ws)
            try:
                hello = parse_client(first)
                if hello.type != "hello":
                    raise ProtocolError(ErrorCode.NO_HELLO, "say hello first: {\"type\": \"hello\", \"device\": ...}")
            except ProtocolError as err:
                await ws.send_json(err.to_json())
                await ws.close(CloseCode.BAD_HELLO)
                return
            await conn.hello(hello.data.get("device"))
            while True:
                text = await receive_frame(ws)
                try:
                    await conn.handle(text)
                except ProtocolError as err:
                    await ws.send_json(err.to_json())
                except WebSocketDisconnect:
                    raise
                except Exception:
                    log.exception("message failed: %.200s", text)
                    await ws.send_json(ProtocolError(ErrorCode.SERVER, "something went wrong on the server; the match is unchanged").to_json())
        except WebSocketDisconnect:
            pass
        finally:
            conn.close()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        for table in tables.tables.values():
            table.close()
        store.close()

    routes = [
        Route("/", index),
        Route("/health", health),
        Mount("/static", StaticFiles(directory=WEB_DIR), name="static"),
        WebSocketRoute("/ws", ws_endpoint),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.tables = tables
    return app
