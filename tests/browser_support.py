"""What every browser test shares: one Chromium for the whole run, and ``pinochle serve`` as a subprocess.

Playwright's sync API is bound to the thread that started it, so the run's one browser lives in one
worker thread (:data:`BROWSER`); ``in_browser(fn)`` calls ``fn(browser)`` there. Each test opens its own
contexts (their own storage, cookies and cache), so sharing the browser shares nothing a page can see;
whatever context a test leaves open is closed after it, and a browser that has died is started again.
Starting Chromium once instead of once per test saves about a second a test.

A module's live server is one ``server`` fixture: ``server = module_server("name")`` (with more
``pinochle serve`` options when the module needs them).
"""

from __future__ import annotations

import concurrent.futures
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
import os
from pathlib import Path
from typing import Any, TypeVar

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic",
]
ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
BOT_DELAY = "0.05"
TIMEOUT_MS = 15_000

T = TypeVar("T")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``pinochle serve`` as a subprocess; restartable on the same port and database."""

    def __init__(self, port: int, db: Path, log: Path, extra: tuple[str, ...] = ()) -> None:
        self.port = port
        self.db = db
        self.log = log
        self.extra = extra  # more `pinochle serve` options
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> None:
        """Start the server and wait (up to 20 s) until it answers ``/``.

        Raises:
            RuntimeError: the server exited, or did not answer in time (with its log).
        """
        cmd = [
            sys.executable, "-m", "pinochle.cli", "serve", "--host", "127.0.0.1", "--port", str(self.port),
            "--db", str(self.db), "--bot-delay", BOT_DELAY, *self.extra,
        ]
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}:\n{self.log.read_text()}")
            try:
                with urllib.request.urlopen(self.url, timeout=1) as resp:
                    if resp.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            time.sleep(0.05)
        raise RuntimeError(f"the server did not answer within 20 s:\n{self.log.read_text()}")

    def stop(self) -> None:
        """Stop the server (terminate, then kill after 10 s)."""
        if self.proc is None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=5)
        self.proc = None


def module_server(name: str, *extra: str) -> Any:
    """A module-scoped ``server`` fixture: one live server for the module's tests (``extra``: more options)."""

    @pytest.fixture(scope="module")
    def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
        tmp = tmp_path_factory.mktemp(name)
        srv = Server(free_port(), tmp / "t.db", tmp / "server.log", tuple(extra))
        srv.start()
        try:
            yield srv
        finally:
            srv.stop()

    return server


class BrowserThread:
    """One Chromium driven from one worker thread; ``run(fn)`` calls ``fn(browser)`` there."""

    def __init__(self) -> None:
        self.pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="chromium")
        self.pw: Any = None
        self.browser: Any = None

    def _browser(self) -> Any:
        if self.browser is not None and self.browser.is_connected():
            return self.browser
        from playwright.sync_api import sync_playwright

        if self.pw is None:
            self.pw = sync_playwright().start()
        self.browser = self.pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        return self.browser

    def _call(self, fn: Callable[[Any], T]) -> T:
        browser = self._browser()
        try:
            return fn(browser)
        finally:
            for ctx in list(browser.contexts):  # what the test left open
                try:
                    ctx.close()
                except Exception:  # a context of a browser that has died
                    pass

    def run(self, fn: Callable[[Any], T]) -> T:
        """``fn(browser)`` in the browser's thread; its result, or what it raised."""
        return self.pool.submit(self._call, fn).result()

    def _stop(self) -> None:
        try:
            if self.browser is not None and self.browser.is_connected():
                self.browser.close()
        finally:
            if self.pw is not None:
                self.pw.stop()
            self.browser = self.pw = None

    def close(self) -> None:
        """Close the browser (if one was started) and the thread."""
        if self.pw is not None:
            self.pool.submit(self._stop).result()
        self.pool.shutdown()


BROWSER = BrowserThread()  # closed at the end of the run (tests/conftest.py)


def in_browser(fn: Callable[[Any], T]) -> T:
    """Run ``fn(browser)`` with the run's one Chromium, in its thread (the sync API's event loop stays there)."""
    return BROWSER.run(fn)


# ---------------------------------------------------------------- what the aids' tests share


def open_page(browser: Any, size: tuple[int, int] = (390, 844), errors: list[str] | None = None, *,
              theme: str | None = None, reduce: bool = True, **options: Any) -> Any:
    """A page in a fresh context (its own storage) at ``size``, Playwright's waits at :data:`TIMEOUT_MS`.

    Args:
        browser: the run's Chromium (:func:`in_browser`).
        size: the viewport, width and height in CSS px.
        errors: where the page's uncaught errors go (none kept when ``None``).
        theme: the system's colour scheme (``"light"`` or ``"dark"``), or ``None`` for Chromium's default.
        reduce: movement reduced (the system's setting).
        options: more ``new_context`` options.
    """
    opts: dict[str, Any] = {"viewport": {"width": size[0], "height": size[1]}, **options}
    if reduce:
        opts["reduced_motion"] = "reduce"
    if theme is not None:
        opts["color_scheme"] = theme
    ctx = browser.new_context(**opts)
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    if errors is not None:
        page.on("pageerror", lambda e: errors.append(str(e)))
    return page


def scripted_table(page: Any, handler: Callable[[Any], None]) -> None:
    """Serve the page's socket from ``handler`` (a scripted server, tests/web_fixtures.py ``Scripted``), the
    page opening on the table (as a reload of it does)."""
    page.add_init_script("sessionStorage.setItem('pinochle.screen', 'table')")
    page.route_web_socket("**/ws", handler)


def start_solo(page: Any, url: str, level: str = "easy") -> None:
    """From Home, start a solo match at ``level`` (a click) and wait for the table."""
    page.goto(url)
    page.get_by_test_id("home").wait_for()
    page.get_by_test_id(f"level-{level}").click()
    page.get_by_test_id("table").wait_for()
    page.wait_for_function("() => document.body.dataset.screen === 'table'")


def serious_axe(page: Any) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now, ``"id (impact)"`` each."""
    from .test_browser_a11y import axe_runner  # one axe-core, injected once per document

    return [f"{v['id']} ({v['impact']})" for v in axe_runner().run(page).response["violations"]
            if v["impact"] in ("serious", "critical")]


def shot(page: Any, name: str) -> None:
    """Save a screenshot of ``page`` as ``name``.png under $PINOCHLE_SHOTS when it is set (for people
    looking at the table; no test reads it)."""
    folder = os.environ.get("PINOCHLE_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))
