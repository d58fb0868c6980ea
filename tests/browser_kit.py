"""What the browser tests that look at a page in several sizes and themes share: the loop.

A test names its looks (a theme and a window size each, or any cases with a key), how a page is
opened for one, and what it measures there; :func:`at_each` opens a page for each in the run's one
Chromium, measures it, takes its screenshot (under $PINOCHLE_SHOTS, :func:`~tests.browser_support.shot`),
closes it, and fails on any uncaught error of any page. The test then asserts on what was measured,
by key.

>>> Look("dark", (360, 740)).key
'dark-360'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple, TypeVar

from .browser_support import in_browser, shot
from .web_fixtures import Scripted, summary

C = TypeVar("C")
V = TypeVar("V")


class Look(NamedTuple):
    """A page's theme (``"light"`` or ``"dark"``) and window size (CSS px)."""

    theme: str
    size: tuple[int, int]

    @property
    def key(self) -> str:
        """``"<theme>-<width>"``: the key of what was measured in this look."""
        return f"{self.theme}-{self.size[0]}"


def looks(*pairs: tuple[str, tuple[int, int]]) -> list[tuple[str, Look]]:
    """The cases of :func:`at_each` for ``(theme, size)`` pairs, each keyed by :attr:`Look.key`."""
    return [(look.key, look) for look in (Look(theme, size) for theme, size in pairs)]


def at_each(cases: Iterable[tuple[str, C]], open_case: Callable[[Any, C, list[str]], Any],
            measure: Callable[[Any, C], V], shot_name: str | Callable[[str], str | None] | None = None) -> dict[str, V]:
    """Open a page for each case, measure it, shoot it and close it, in the run's one browser.

    Args:
        cases: ``(key, case)`` pairs (:func:`looks`, or a test's own).
        open_case: ``(browser, case, errors) -> page``, the page ready to measure; the page's uncaught
            errors go into ``errors``.
        measure: ``(page, case) -> value``: what the test asserts on.
        shot_name: the screenshot's name, a prefix to which ``-<key>`` is added, or a function of the key
            (``None``: no screenshot).

    Returns:
        The values by key, in the order of ``cases``.

    Raises:
        AssertionError: a page had an uncaught error (the errors are the message).
    """
    def run(browser: Any) -> tuple[dict[str, V], list[str]]:
        errors: list[str] = []
        out: dict[str, V] = {}
        for key, case in cases:
            page = open_case(browser, case, errors)
            try:
                out[key] = measure(page, case)
                name = shot_name(key) if callable(shot_name) else None if shot_name is None else f"{shot_name}-{key}"
                if name is not None:
                    shot(page, name)
            finally:
                page.context.close()
        return out, errors

    out, errors = in_browser(run)
    assert errors == [], errors
    return out


def on_fixture(url: str, v: dict[str, Any], ready: Callable[[Any], None] | None = None,
               close_meld: bool = False, scripted: type[Scripted] = Scripted,
               script: Callable[[Scripted], None] | None = None) -> Callable[[Any, Look, list[str]], Any]:
    """An ``open_case`` of :func:`at_each` for a view the server never dealt: the table page in the look's
    theme and size fed ``v`` (:func:`tests.test_browser_layout.open_fixture`) over a socket of class
    ``scripted`` (``script(socket)`` sets it up), then ``ready(page)`` (waits for what the test measures), the
    meld review closed when ``close_meld``, and a settled frame."""
    from .test_browser_layout import open_fixture, settle

    def open_case(browser: Any, look: Look, errors: list[str]) -> Any:
        _, page, socket = open_fixture(browser, url, v, errors, theme=look.theme, size=look.size, scripted=scripted)
        if script is not None:
            script(socket)
        if ready is not None:
            ready(page)
        if close_meld and page.get_by_test_id("meld-dialog").is_visible():
            page.get_by_test_id("meld-close").click()
        settle(page)
        return page
    return open_case


def on_scripted(url: str, v: dict[str, Any], ready: Callable[[Any], None] | None = None, *, reduce: bool = True,
                scripted: Callable[[dict[str, Any]], Scripted] = Scripted,
                script: Callable[[Scripted], None] | None = None) -> Callable[[Any, Look, list[str]], Any]:
    """An ``open_case`` of :func:`at_each` for a scripted table in motion or still (``reduce``): a page in the look
    (:func:`~tests.browser_support.open_page`) whose socket a ``scripted(v)`` serves, opened on ``v``'s table (its
    hand drawn), then ``script(socket)`` (a test keeps the socket to :meth:`Scripted.show` the next view, or sets
    what it answers) and ``ready(page)``."""
    from .browser_support import open_page, scripted_table
    from .test_browser_layout import wait_cards

    def open_case(browser: Any, look: Look, errors: list[str]) -> Any:
        page = open_page(browser, look.size, errors, theme=look.theme, reduce=reduce)
        socket = scripted(v)
        scripted_table(page, socket.handler)
        page.goto(url)
        wait_cards(page, len(v["hand"]))
        if script is not None:
            script(socket)
        if ready is not None:
            ready(page)
        return page
    return open_case


def on_home(url: str, ready: Callable[[Any], None] | None = None, init: str | None = None) -> Callable[[Any, Look, list[str]], Any]:
    """An ``open_case`` of :func:`at_each` for Home from the real server: a fresh page in the look (``init``: an
    init script for its context, e.g. a device token), Home shown and connected, then ``ready(page)``."""
    from .browser_support import open_page

    def open_case(browser: Any, look: Look, errors: list[str]) -> Any:
        page = open_page(browser, look.size, errors, theme=look.theme)
        if init is not None:
            page.context.add_init_script(init)
        page.goto(url)
        page.get_by_test_id("home").wait_for()
        page.wait_for_function("() => document.body.dataset.connected === '1'")
        if ready is not None:
            ready(page)
        return page
    return open_case


class Hinting(Scripted):
    """A scripted table's socket that answers a ``hint`` with :attr:`reply` (the server's answer, or a test's),
    for the version of the view it shows."""

    reply: dict[str, Any] = {}

    def answer(self, msg: dict[str, Any]) -> None:
        if msg["type"] == "hint":
            self.ws.send(json.dumps({**self.reply, "match": "fx", "version": self.view["version"]}))


def hinted(page: Any) -> None:
    """A ``ready``: press the Hint and wait for its reason."""
    page.get_by_test_id("hint-button").click()
    page.wait_for_function("() => (document.getElementById('hint-reason')?.textContent || '') !== ''")


#: A page's init script (its argument the pace, as saved in the settings): every message the server sends
#: is kept in ``window.__got`` (newest last), and the pace is saved as a setting (so the page says it).
#: Use as ``page.add_init_script(watch_socket("relaxed"))``.
WATCH_SOCKET = """pace => {
  const Real = window.WebSocket;
  window.__got = [];
  window.WebSocket = class extends Real {
    constructor(...a) {
      super(...a);
      this.addEventListener('message', (e) => { try { window.__got.push(JSON.parse(e.data)); } catch {} });
    }
  };
  localStorage.setItem('pinochle.settings', JSON.stringify({pace}));
}"""


def watch_socket(pace: str) -> str:
    """:data:`WATCH_SOCKET` as an init script for the pace ``pace`` (``"fast"``, ``"relaxed"``...).

    >>> watch_socket("relaxed").endswith("})('relaxed')")
    True
    """
    return f"({WATCH_SOCKET})({pace!r})"


def start_table(page: Any, url: str | None, game: str = "table", level: str = "easy", pace: str | None = None) -> None:
    """A solo match of ``game`` at ``level`` started from Home, as a player does (its tile, then the level), and
    its table shown. ``url``: Home is opened first (``None``: the page is on Home already); ``pace``: every message
    the server sends kept in ``window.__got`` and the pace saved (:func:`watch_socket`), before the page opens."""
    if pace is not None:
        page.add_init_script(watch_socket(pace))
    if url is not None:
        page.goto(url)
        page.get_by_test_id("home").wait_for()
    page.get_by_test_id(f"game-{game}").click()
    page.get_by_test_id(f"level-{level}").click()
    page.get_by_test_id("table").wait_for()


def pass_until(page: Any, done: str, each: Callable[[], None] | None = None, seconds: float = 60) -> bool:
    """South passes every bid of a solo table (when the page is not busy) until the script ``done`` is true; then
    ``True``; ``False`` when South is left with the bid (naming trump: no computer declares) or after
    ``seconds``. ``each()`` runs every tick (a test shoots a moment it watches for)."""
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if page.evaluate(done):
            return True
        if page.locator("[data-testid^=trump-]:visible").count():
            return False  # South is stuck with the bid
        passing = page.locator("[data-testid=pass-button]:visible")
        if passing.count() and page.evaluate("() => document.body.dataset.busy !== '1'"):
            try:
                passing.first.click(timeout=500)
            except Exception:  # redrawn under the click: tried again
                pass
        if each is not None:
            each()
        page.wait_for_timeout(100)
    return False


def seed_stats(db: Any, device: str, match: str) -> None:
    """One finished table match of 4 hands (``match``; 2 bids of the device, 1 made) and one match won for
    ``device`` in the server's store ``db`` (SQLite), for a test of the Statistics."""
    from pinochle.server.storage import SQLiteStorage

    store = SQLiteStorage(db)
    try:
        for n in range(1, 5):
            store.record_hand(device, match, n, {"game": "table", "match": match, "hand": n, "played": True,
                                                 "declarer": n <= 2, "made": n == 1, "meld": 50, "points": 20})
        store.create_match(f"{match}-won", "elsewhere", "easy", 0, 0)
        store.record_match(device, f"{match}-won", {"game": "table", "match": f"{match}-won", "won": True})
    finally:
        store.close()


class ScriptedSolo(Scripted):
    """A scripted solo table's server for a page's socket (``page.route_web_socket("**/ws", s.handler)``):
    :class:`~tests.web_fixtures.Scripted` (it keeps what the page sends, welcomes it, answers ``resume``
    with :attr:`view`'s state) with the solo table's facts (:attr:`solo`) in every state; a test's
    subclass answers the rest (:meth:`answer`)."""

    #: the ``table`` of every state sent
    solo: dict[str, Any] = {"kind": "solo"}

    def __init__(self, view: dict[str, Any]) -> None:
        super().__init__(view)

    def send(self, event: str = "resume") -> None:
        """Send :attr:`view`'s state after ``event``."""
        self.state(self.view, event)

    def state(self, v: dict[str, Any], event: str) -> None:
        """Send the state of view ``v`` after ``event`` (``"resume"``, ``"move"``, ``"undo"``...)."""
        self.message({"type": "state", "match": summary(v), "view": v, "event": event, "table": self.solo})

    def message(self, msg: dict[str, Any]) -> None:
        """Send ``msg`` to the page."""
        self.ws.send(json.dumps(msg))


def visible(test_id: str) -> Callable[[Any], None]:
    """A ``ready`` of :func:`on_fixture`: wait until the element of ``test_id`` is shown."""
    return lambda page: page.get_by_test_id(test_id).wait_for(state="visible")


__all__ = ["WATCH_SOCKET", "Hinting", "Look", "ScriptedSolo", "at_each", "hinted", "looks", "on_fixture", "on_home", "on_scripted",
           "pass_until", "seed_stats", "start_table", "visible", "watch_socket"]
