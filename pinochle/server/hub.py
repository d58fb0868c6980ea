"""The open sockets of every token, on this process and, through the service's link, on the others.

A token is a device token or a seat token. Every tab that said hello with a token hears every message
for that token. On a service of several processes on Redis, ``send(token, msg)`` reaches the token's
sockets on every process: the local ones at once, the others through the channel ``tok:{token}``,
which a process listens to while it holds a socket of the token; ``connected(token)`` is true if any
live process holds a socket of it. One process runs the same code on a :class:`~.adapters.memory.MemoryLink`,
where there is nobody else to tell.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from .adapters import Link, MemoryLink
from .adapters.base import Handler
from .storage import StorageFault

log = logging.getLogger("pinochle.server")

Send = Callable[[dict[str, object]], Awaitable[None]]


class Hub:
    """The sockets of every token on every process of the service.

    ``watch`` registers a callback run when a token's first socket opens or its last closes (here or,
    for a token with no socket here, on another process).

    Args:
        link: this process's link to the others (default: a service of one).
    """

    def __init__(self, link: Link | None = None) -> None:
        self.link: Link = link if link is not None else MemoryLink()
        self._sockets: dict[str, set[Send]] = {}
        self._watchers: list[Callable[[str], None]] = []
        self._listeners: dict[str, Handler] = {}
        self._deliveries: dict[str, asyncio.Task[None]] = {}
        #: called with ``(token, msg)`` for the service's own messages on a token channel (type ``_...``)
        self.control: Callable[[str, dict[str, Any]], None] | None = None
        self.link.watch(self._elsewhere_changed)

    def channel(self, token: str) -> str:
        """The channel of ``token``'s messages."""
        return self.link.channel("tok", token)

    def subscribe(self, token: str, send: Send) -> None:
        """Add a socket for ``token``."""
        first = token not in self._sockets
        self._sockets.setdefault(token, set()).add(send)
        if first:
            handler = self._listeners[token] = self._handler(token)
            self.link.listen(self.channel(token), handler)
            self.link.token_up(token)
            self._changed(token)

    def unsubscribe(self, token: str, send: Send) -> None:
        """Remove a socket of ``token``."""
        sockets = self._sockets.get(token)
        if sockets is None:
            return
        sockets.discard(send)
        if not sockets:
            del self._sockets[token]
            handler = self._listeners.pop(token, None)
            if handler is not None:
                self.link.unlisten(self.channel(token), handler)
            self.link.token_down(token)
            self._changed(token)

    def held(self) -> int:
        """How many tokens have a socket on this process."""
        return len(self._sockets)

    def local(self, token: str | None) -> bool:
        """Whether ``token`` has a socket on this process."""
        return token is not None and token in self._sockets

    def connected(self, token: str | None) -> bool:
        """Whether ``token`` has an open socket on any live process."""
        return token is not None and (token in self._sockets or self.link.elsewhere(token))

    def watch(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(token)`` when a token connects or its last socket closes."""
        self._watchers.append(callback)

    def _changed(self, token: str) -> None:
        for w in self._watchers:
            w(token)

    def _elsewhere_changed(self, token: str) -> None:
        if token not in self._sockets:  # with a socket here it stays connected whatever happens elsewhere
            self._changed(token)

    async def settle(self) -> None:
        """Wait until the sockets subscribed so far hear messages from every process (one process: at once)."""
        await self.link.settle()

    async def send(self, token: str | None, msg: dict[str, object]) -> None:
        """Send ``msg`` to every socket of ``token`` on every process (a failure of the link only loses the
        remote copies: their clients resync when they reconnect)."""
        if token is None:
            return
        try:
            await self.link.publish(self.channel(token), msg)
        except StorageFault as err:
            log.warning("a message for other processes was lost: %s", err)
        await self.send_local(token, msg)

    async def send_local(self, token: str | None, msg: dict[str, object]) -> None:
        """Send ``msg`` to the sockets of ``token`` on this process only; forget sockets that fail."""
        if token is None:
            return
        for send in list(self._sockets.get(token, ())):
            try:
                await send(msg)
            except Exception:  # a closed socket
                self.unsubscribe(token, send)

    async def publish_control(self, token: str, msg: dict[str, object]) -> None:
        """Send a message of the service (``type`` starting with ``_``) to the processes holding ``token``."""
        await self.link.publish(self.channel(token), msg)

    def _handler(self, token: str) -> Handler:
        def handle(msg: dict[str, Any]) -> None:
            if str(msg.get("type", "")).startswith("_"):
                if self.control is not None:
                    self.control(token, msg)
                return
            self._deliver(token, msg)
        return handle

    def _deliver(self, token: str, msg: dict[str, object]) -> None:
        """Send a message from another process to the local sockets, in the order it came, without
        holding up the listener."""
        prev = self._deliveries.get(token)

        async def run() -> None:
            if prev is not None:
                with contextlib.suppress(BaseException):
                    await prev
            await self.send_local(token, msg)

        task = asyncio.get_running_loop().create_task(run())
        self._deliveries[token] = task

        def done(t: asyncio.Task[None]) -> None:
            if self._deliveries.get(token) is t:
                del self._deliveries[token]
        task.add_done_callback(done)
