"""The web edge: security headers on every HTTP response, and the WebSocket origin check
(docs/protocol.md, "Security headers" and "Close codes").

Headers (one policy for the whole app, set by :class:`SecurityHeaders`, a pure ASGI
middleware built on Starlette's :class:`~starlette.datastructures.MutableHeaders`):

- ``Content-Security-Policy``: only the app's own scripts, styles, images (and ``data:``
  images: the favicon), fonts and connections (``'self'`` covers the same-origin ``ws:``/``wss:``
  socket in CSP Level 3); no inline script, no inline style attribute, no plugins;
  ``frame-ancestors 'none'`` unless :attr:`EdgePolicy.frame_ancestors` allows embedders.
- ``X-Content-Type-Options: nosniff``, ``Referrer-Policy: no-referrer`` (a room link carries
  its code, so no referrer ever leaves the page), ``X-Frame-Options: DENY`` for old browsers
  when no embedding is allowed, ``Cross-Origin-Opener-Policy: same-origin``.
- Caching: ``/static/*`` files may be kept 5 minutes and are then revalidated by their
  ``ETag`` (a 304 costs no body); the card art (``/static/cards/*``, most of the bytes of a
  first visit and never changed by an upgrade of the code) may be kept a week; everything
  else keeps what its route set, and pages without a ``Cache-Control`` get ``no-cache`` so
  they are always fresh.

>>> policy = EdgePolicy()
>>> "frame-ancestors 'none'" in policy.csp(), "script-src 'self'" in policy.csp()
(True, True)
>>> policy.origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000", "http")
True
>>> policy.origin_allowed("https://evil.example", "127.0.0.1:8000", "http")
False
>>> policy.origin_allowed(None, "127.0.0.1:8000", "http")   # not a browser: no Origin, nothing to forge
True
>>> EdgePolicy(ws_origins=("https://cards.example",)).origin_allowed("https://cards.example", "10.0.0.2:8000", "http")
True
"""
from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: How long a browser may keep a static file before revalidating it (seconds).
STATIC_MAX_AGE = 300
#: How long a browser may keep a card picture (``/static/cards/*``) before revalidating it (seconds):
#: a week. A new picture gets a new file name (docs/cards.md).
CARD_ART_MAX_AGE = 7 * 24 * 3600


class EdgeError(ValueError):
    """A malformed edge setting (an allowed origin or an embedder that is not a URL origin)."""


def _origin(url: str) -> str:
    """``scheme://host[:port]`` of ``url``, lower-cased, default ports dropped.

    Raises:
        EdgeError: ``url`` is not an http(s) origin.
    """
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise EdgeError(f"{url!r} is not an origin: write it as https://host or http://host:port")
    try:
        port = parts.port
    except ValueError:
        raise EdgeError(f"{url!r} has a bad port") from None
    default = 443 if parts.scheme == "https" else 80
    host = parts.hostname.lower()
    if ":" in host:  # an IPv6 literal
        host = f"[{host}]"
    return f"{parts.scheme}://{host}" + (f":{port}" if port not in (None, default) else "")


@dataclass(frozen=True)
class EdgePolicy:
    """What the edge allows beyond the app's own origin.

    Attributes:
        frame_ancestors: origins that may embed the pages in a frame (``()``: none may,
            ``frame-ancestors 'none'``). ``pinochle serve --embed-from URL``.
        ws_origins: browser origins allowed to open the WebSocket besides the server's own
            (deployments behind another host name). ``pinochle serve --allow-origin URL``.

    Raises:
        EdgeError: an entry that is not an http(s) origin.
    """

    frame_ancestors: tuple[str, ...] = ()
    ws_origins: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "frame_ancestors", tuple(_origin(o) for o in self.frame_ancestors))
        object.__setattr__(self, "ws_origins", tuple(_origin(o) for o in self.ws_origins))

    def csp(self) -> str:
        """The Content-Security-Policy header value (a string of ``;``-separated directives)."""
        ancestors = " ".join(self.frame_ancestors) if self.frame_ancestors else "'none'"
        return ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
                f"form-action 'self'; frame-ancestors {ancestors}")

    def origin_allowed(self, origin: str | None, host: str | None, scheme: str) -> bool:
        """Whether a WebSocket opened from ``origin`` may connect.

        Args:
            origin: the request's ``Origin`` header (``None``: absent, as from a program that
                is not a browser, which no page can make act for a person).
            host: the request's ``Host`` header (``host[:port]``).
            scheme: ``"http"`` or ``"https"`` (the ``ws``/``wss`` socket's page scheme).

        Returns:
            True for no ``Origin``, the server's own origin, or one of :attr:`ws_origins`;
            False otherwise (``"null"`` and malformed origins included).
        """
        if origin is None:
            return True
        try:
            seen = _origin(origin)
        except EdgeError:
            return False
        if seen in self.ws_origins:
            return True
        if not host:
            return False
        try:
            own = _origin(f"{scheme}://{host}")
        except EdgeError:
            return False
        return seen == own


class SecurityHeaders:
    """ASGI middleware: the :class:`EdgePolicy` headers on every HTTP response (WebSocket
    and lifespan traffic pass through untouched).

    Args:
        app: the wrapped ASGI app.
        policy: the policy (default: nothing beyond the app's own origin).
    """

    def __init__(self, app: ASGIApp, policy: EdgePolicy | None = None) -> None:
        self.app = app
        self.policy = policy if policy is not None else EdgePolicy()
        self._csp = self.policy.csp()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = str(scope.get("path", ""))
        static = path.startswith("/static/")
        max_age = CARD_ART_MAX_AGE if path.startswith("/static/cards/") else STATIC_MAX_AGE

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers["Content-Security-Policy"] = self._csp
                headers["X-Content-Type-Options"] = "nosniff"
                headers["Referrer-Policy"] = "no-referrer"
                headers["Cross-Origin-Opener-Policy"] = "same-origin"
                if not self.policy.frame_ancestors:
                    headers["X-Frame-Options"] = "DENY"
                if static:
                    headers["Cache-Control"] = f"public, max-age={max_age}"
                elif "cache-control" not in headers:
                    headers["Cache-Control"] = "no-cache"
            await send(message)

        await self.app(scope, receive, with_headers)
