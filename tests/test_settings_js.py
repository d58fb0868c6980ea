"""``pinochle/web/settings.js`` and ``sounds.js``, run in Debian's Chromium.

A tiny static server (``http.server`` in a thread) serves ``pinochle/web`` and a
blank page at ``/blank.html``; each test loads that page in a fresh browser
context (so a fresh localStorage), imports the module with a dynamic
``import()`` and checks what it does. Playwright's sync API runs in a worker
thread, as in tests/test_browser.py, so no event loop is left on the main
thread. The system preferences are set with the context's ``color_scheme``
and ``reduced_motion`` options, or changed live with ``page.emulate_media``.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, TypeVar

import pytest

from . import browser_support

WEB = Path(__file__).resolve().parent.parent / "pinochle" / "web"
TIMEOUT_MS = 10_000
KEY = "pinochle.settings"
DEFAULTS = {
    "pace": "normal", "sounds": False, "theme": "system", "flat": False, "reducedMotion": "system",
    "cardBack": "red", "fourColour": False, "tapToHurry": True,
}
BLANK = b'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>blank</title></head><body></body></html>'

# Debian's Chromium is required: without it these tests fail with what to do (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("needs_chromium")

T = TypeVar("T")


class Handler(SimpleHTTPRequestHandler):
    """Files of pinochle/web (also under /static/, as the app serves them), plus a blank page at
    /blank.html; JS with a module-friendly type."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".js": "text/javascript", ".css": "text/css",
                      ".svg": "image/svg+xml"}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, directory=str(WEB), **kwargs)

    def do_GET(self) -> None:
        if self.path.split("?", 1)[0] == "/blank.html":
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(BLANK)))
            self.end_headers()
            self.wfile.write(BLANK)
            return
        if self.path.startswith("/static/"):  # as the app serves them (the card art's URLs)
            self.path = self.path[len("/static"):]
        super().do_GET()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def in_browser(base_url: str, script: Callable[[Any], T], init_script: str | None = None, **context: Any) -> T:
    """Open /blank.html in a fresh context (with ``context`` options) and run ``script(page)``.

    Runs in a worker thread; page errors (uncaught exceptions) fail the test.
    """

    def run(browser: Any) -> T:
        errors: list[str] = []
        ctx = browser.new_context(**context)
        ctx.set_default_timeout(TIMEOUT_MS)
        if init_script:
            ctx.add_init_script(init_script)
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{base_url}/blank.html")
        result = script(page)
        assert not errors, errors
        return result

    return browser_support.in_browser(run)


def settings(page: Any, body: str, arg: Any = None) -> Any:
    """Evaluate ``body`` (a function body with ``m`` = the settings module and ``arg``) in the page."""
    return page.evaluate(f"async (arg) => {{ const m = await import('/settings.js'); {body} }}", arg)


def html_attrs(page: Any) -> dict[str, str | None]:
    return dict(
        page.evaluate(
            """() => Object.fromEntries(['data-theme', 'data-flat', 'data-reduced-motion', 'data-pace',
                                         'data-card-back', 'data-four-colour', 'data-tap-to-hurry']
                 .map(a => [a, document.documentElement.getAttribute(a)]))"""
        )
    )


# ---------------------------------------------------------------- settings.js


def test_defaults_on_a_fresh_device(base_url: str) -> None:
    def script(page: Any) -> None:
        assert page.evaluate(f"localStorage.getItem({KEY!r})") is None
        assert settings(page, "return m.loadSettings();") == DEFAULTS
        assert settings(page, "return m.DEFAULTS;") == DEFAULTS
        assert settings(page, "return m.STORAGE_KEY;") == KEY
        # Loading does not write anything.
        assert page.evaluate(f"localStorage.getItem({KEY!r})") is None

    in_browser(base_url, script)


def test_saved_settings_survive_a_reload(base_url: str) -> None:
    chosen = {
        "pace": "fast", "sounds": True, "theme": "dark", "flat": True, "reducedMotion": "on",
        "cardBack": "blue", "fourColour": True, "tapToHurry": False,
    }

    def script(page: Any) -> None:
        assert settings(page, "return m.saveSettings(arg);", chosen) == chosen
        page.reload()
        assert settings(page, "return m.loadSettings();") == chosen
        assert json.loads(page.evaluate(f"localStorage.getItem({KEY!r})")) == chosen
        # A second change replaces the first, also across a reload.
        again = dict(chosen, pace="relaxed", sounds=False)
        settings(page, "m.saveSettings(arg);", again)
        page.reload()
        assert settings(page, "return m.loadSettings();") == again
        # What is saved is normalized: junk fields never reach storage.
        saved = settings(page, "return m.saveSettings(arg);", {"pace": "warp", "sounds": True, "extra": 1})
        assert saved == dict(DEFAULTS, sounds=True)
        assert json.loads(page.evaluate(f"localStorage.getItem({KEY!r})")) == dict(DEFAULTS, sounds=True)

    in_browser(base_url, script)


CORRUPT = [
    ("{not json", DEFAULTS),
    ("", DEFAULTS),
    ("null", DEFAULTS),
    ("[]", DEFAULTS),
    ('["fast", true]', DEFAULTS),
    ("42", DEFAULTS),
    ('"fast"', DEFAULTS),
    ("{}", DEFAULTS),
    (
        '{"pace": "warp", "sounds": "yes", "theme": "dark", "flat": true, "reducedMotion": 7}',
        dict(DEFAULTS, theme="dark", flat=True),
    ),
    (
        '{"pace": "fast", "sounds": 1, "theme": "DARK", "flat": "true", "reducedMotion": "off", "extra": {}}',
        dict(DEFAULTS, pace="fast", reducedMotion="off"),
    ),
    (
        '{"pace": "relaxed", "sounds": true, "theme": "light", "flat": null, "reducedMotion": ["on"]}',
        dict(DEFAULTS, pace="relaxed", sounds=True, theme="light"),
    ),
    # the card back is one of the backs shipped, the four-colour deck a boolean
    ('{"cardBack": "green", "fourColour": "yes"}', DEFAULTS),
    ('{"cardBack": "blue", "fourColour": true}', dict(DEFAULTS, cardBack="blue", fourColour=True)),
    ('{"cardBack": ["blue"], "fourColour": 1}', DEFAULTS),
]


def test_corrupted_storage_falls_back_field_by_field(base_url: str) -> None:
    def script(page: Any) -> list[tuple[str, Any]]:
        got = []
        for raw, _ in CORRUPT:
            page.evaluate("([k, v]) => localStorage.setItem(k, v)", [KEY, raw])
            got.append((raw, settings(page, "return m.loadSettings();")))
        return got

    got = in_browser(base_url, script)
    for (raw, expected), (_, loaded) in zip(CORRUPT, got, strict=True):
        assert loaded == expected, f"stored {raw!r}"


def test_denied_storage_never_throws(base_url: str) -> None:
    deny = """Object.defineProperty(window, 'localStorage', {
        configurable: true, get() { throw new DOMException('denied', 'SecurityError'); } });"""

    def script(page: Any) -> None:
        # The page really has no usable storage...
        assert page.evaluate("() => { try { localStorage; return false; } catch { return true; } }")
        # ...and the module still works, with the defaults.
        assert settings(page, "return m.loadSettings();") == DEFAULTS
        chosen = dict(DEFAULTS, pace="fast")
        assert settings(page, "return m.saveSettings(arg);", chosen) == chosen

    in_browser(base_url, script, init_script=deny)


def test_apply_settings_sets_the_html_attributes(base_url: str) -> None:
    def script(page: Any) -> None:
        settings(page, "m.applySettings(m.loadSettings());")
        assert html_attrs(page) == {
            "data-theme": "light", "data-flat": "false", "data-reduced-motion": "false", "data-pace": "normal",
            "data-card-back": "red", "data-four-colour": "false", "data-tap-to-hurry": "true",
        }
        chosen = {
            "pace": "fast", "sounds": True, "theme": "dark", "flat": True, "reducedMotion": "on",
            "cardBack": "blue", "fourColour": True, "tapToHurry": False,
        }
        returned = settings(page, "return m.applySettings(arg);", chosen)
        assert returned == {
            "theme": "dark", "flat": "true", "reducedMotion": "true", "pace": "fast",
            "cardBack": "blue", "fourColour": "true", "tapToHurry": "false",
        }
        assert html_attrs(page) == {
            "data-theme": "dark", "data-flat": "true", "data-reduced-motion": "true", "data-pace": "fast",
            "data-card-back": "blue", "data-four-colour": "true", "data-tap-to-hurry": "false",
        }
        settings(page, "m.applySettings(arg);", dict(chosen, theme="light", reducedMotion="off", pace="relaxed",
                                                     cardBack="red", fourColour=False, tapToHurry=True))
        assert html_attrs(page) == {
            "data-theme": "light", "data-flat": "true", "data-reduced-motion": "false", "data-pace": "relaxed",
            "data-card-back": "red", "data-four-colour": "false", "data-tap-to-hurry": "true",
        }
        # Another root element gets the attributes instead of <html>.
        on_div = settings(
            page,
            """const d = document.createElement('div');
               m.applySettings({theme: 'dark', flat: false, pace: 'fast'}, d);
               return [d.dataset.theme, d.dataset.flat, d.dataset.pace, document.documentElement.dataset.theme];""",
        )
        assert on_div == ["dark", "false", "fast", "light"]

    in_browser(base_url, script, color_scheme="light", reduced_motion="no-preference")


def test_system_dark_scheme_is_followed(base_url: str) -> None:
    def script(page: Any) -> list[str | None]:
        out = []
        for theme in ("system", "light", "dark"):
            settings(page, "m.applySettings(arg);", dict(DEFAULTS, theme=theme))
            out.append(html_attrs(page)["data-theme"])
        return out

    assert in_browser(base_url, script, color_scheme="dark") == ["dark", "light", "dark"]
    assert in_browser(base_url, script, color_scheme="light") == ["light", "light", "dark"]


def test_system_reduced_motion_is_followed(base_url: str) -> None:
    def script(page: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for choice in ("system", "on", "off"):
            s = dict(DEFAULTS, reducedMotion=choice, pace="fast")
            settings(page, "m.applySettings(arg);", s)
            out[choice] = (
                html_attrs(page)["data-reduced-motion"],
                settings(page, "return m.paceMs(arg);", s),
                settings(page, "return m.botDelaySeconds(arg);", s),
            )
        return out

    reduce = in_browser(base_url, script, reduced_motion="reduce")
    assert reduce == {"system": ("true", 0, 0.35), "on": ("true", 0, 0.35), "off": ("false", 0.5, 0.35)}
    moving = in_browser(base_url, script, reduced_motion="no-preference")
    assert moving == {"system": ("false", 0.5, 0.35), "on": ("true", 0, 0.35), "off": ("false", 0.5, 0.35)}


def test_pace_scales_animations_and_computer_moves(base_url: str) -> None:
    def script(page: Any) -> dict[str, Any]:
        return dict(
            settings(
                page,
                """const out = {};
                   for (const pace of ['relaxed', 'normal', 'fast', 'warp']) {
                     const s = {pace, reducedMotion: 'off'};
                     out[pace] = [m.paceMs(s), m.paceMs(s, 300), m.botDelaySeconds(s)];
                   }
                   out.reduced = [m.paceMs({pace: 'relaxed', reducedMotion: 'on'}, 300),
                                  m.botDelaySeconds({pace: 'relaxed', reducedMotion: 'on'})];
                   out.junk = [m.paceMs(null), m.botDelaySeconds(undefined)];
                   return out;""",
            )
        )

    got = in_browser(base_url, script, reduced_motion="no-preference")
    assert got == {
        "relaxed": [1.5, 450, 1.1],
        "normal": [1, 300, 0.7],
        "fast": [0.5, 150, 0.35],
        "warp": [1, 300, 0.7],  # an unknown pace is Normal
        "reduced": [0, 1.1],  # no movement, but the computer's moves stay readable
        "junk": [1, 0.7],
    }


def test_on_system_change_reports_both_media_queries(base_url: str) -> None:
    def script(page: Any) -> list[Any]:
        settings(
            page,
            """window.__changes = [];
               window.__stop = m.onSystemChange(c => window.__changes.push(c));""",
        )
        page.emulate_media(color_scheme="dark")
        page.wait_for_function("window.__changes.length >= 1")
        first = page.evaluate("window.__changes.at(-1)")
        page.emulate_media(reduced_motion="reduce")
        page.wait_for_function("window.__changes.some(c => c.reducedMotion)")
        second = page.evaluate("window.__changes.at(-1)")
        count = page.evaluate("window.__changes.length")
        page.evaluate("window.__stop()")
        page.emulate_media(color_scheme="light", reduced_motion="no-preference")
        page.wait_for_timeout(300)
        after = page.evaluate("window.__changes.length")
        return [first, second, count, after]

    first, second, count, after = in_browser(base_url, script, color_scheme="light", reduced_motion="no-preference")
    assert first == {"dark": True, "reducedMotion": False}
    assert second == {"dark": True, "reducedMotion": True}
    assert after == count, "the callback was called after it was removed"


# ---------------------------------------------------------------- sounds.js

FAKE_AUDIO = """
(() => {
  const log = window.__audio = {created: 0, resumed: 0, gains: [], freqs: [], starts: [], stops: [], types: []};
  const param = (list) => ({
    setValueAtTime(v, t) { list.push(['set', v, t]); },
    linearRampToValueAtTime(v, t) { list.push(['linear', v, t]); },
    exponentialRampToValueAtTime(v, t) { list.push(['exp', v, t]); },
  });
  class FakeAudioContext {
    constructor() { log.created++; this.currentTime = 10; this.state = 'suspended'; this.destination = {}; }
    resume() { log.resumed++; this.state = 'running'; return Promise.resolve(); }
    createOscillator() {
      const osc = {
        type: 'sine', frequency: param(log.freqs), connect() {}, disconnect() {},
        start(t) { log.starts.push(t); log.types.push(osc.type); }, stop(t) { log.stops.push(t); },
      };
      return osc;
    }
    createGain() { return {gain: param(log.gains), connect() {}, disconnect() {}}; }
  }
  window.AudioContext = FakeAudioContext;
  window.webkitAudioContext = undefined;
})();
"""

NO_AUDIO = "window.AudioContext = undefined; window.webkitAudioContext = undefined;"


def sounds(page: Any, body: str, arg: Any = None) -> Any:
    return page.evaluate(f"async (arg) => {{ const m = await import('/sounds.js'); {body} }}", arg)


def test_sounds_are_lazy_quiet_and_short(base_url: str) -> None:
    def script(page: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        out["off"] = sounds(page, "return [m.isEnabled(), m.play('card'), window.__audio.created];")
        out["enabled"] = sounds(page, "m.setEnabled(true); return [m.isEnabled(), window.__audio.created];")
        out["plays"] = sounds(page, "return ['card', 'trick', 'turn', 'boom', undefined].map(k => m.play(k));")
        out["log"] = page.evaluate("window.__audio")
        out["disabled"] = sounds(
            page, "const n = window.__audio.starts.length; m.setEnabled(false); m.play('turn'); return window.__audio.starts.length - n;"
        )
        return out

    got = in_browser(base_url, script, init_script=FAKE_AUDIO)
    assert got["off"] == [False, False, 0], "a sound played, or a context was made, while sounds are off"
    assert got["enabled"] == [True, 0], "the AudioContext must wait for the first sound"
    assert got["plays"] == [True, True, True, False, False]
    log = got["log"]
    assert log["created"] == 1, "one AudioContext, reused"
    assert log["resumed"] >= 1, "a suspended context is resumed"
    assert len(log["starts"]) >= 3 and len(log["stops"]) == len(log["starts"])
    levels = [v for _, v, _ in log["gains"]]
    assert max(levels) <= 0.08, f"too loud: {max(levels)}"
    assert max(levels) >= 0.02, "too quiet to hear"
    assert min(levels) > 0, "an exponential ramp cannot reach 0"
    # Short envelopes: every note is over within half a second of the sound's start (currentTime 10).
    assert all(10 <= t <= 10.5 for t in log["starts"]) and all(10 < t <= 10.5 for t in log["stops"])
    assert all(0 < f < 2000 for _, f, _ in log["freqs"]), "frequencies stay soft"
    assert got["disabled"] == 0


def test_sounds_are_a_no_op_without_web_audio(base_url: str) -> None:
    def script(page: Any) -> Any:
        return sounds(
            page,
            "m.setEnabled(true); return [m.available(), m.play('card'), m.play('trick'), m.play('turn')];",
        )

    assert in_browser(base_url, script, init_script=NO_AUDIO) == [False, False, False, False]


def test_sounds_play_with_chromium_web_audio(base_url: str) -> None:
    def script(page: Any) -> Any:
        page.mouse.click(10, 10)  # a user gesture, as in the app
        return sounds(
            page,
            """m.setEnabled(true);
               const played = ['card', 'trick', 'turn'].map(k => m.play(k));
               await new Promise(r => setTimeout(r, 400));
               return [m.available(), ...played];""",
        )

    assert in_browser(base_url, script) == [True, True, True, True]


# ---------------------------------------------------------------- the card art (dom.js)


def test_every_card_is_drawn_from_the_chosen_deck_and_back(base_url: str) -> None:
    """dom.js cardEl/cardBack draw the art of pinochle/web/cards/ as the settings on <html> say,
    keep the card's accessible name, and refreshCardArt follows a change of deck or back."""

    def script(page: Any) -> Any:
        return page.evaluate(
            """async () => {
              const d = await import('/dom.js'); const s = await import('/settings.js');
              const art = (el) => el.querySelector('img.card-art')?.getAttribute('src') ?? null;
              const out = {};
              s.applySettings(s.DEFAULTS);
              const q = d.cardEl('QS'), kd = d.cardEl('KD', {button: true, label: 'King of diamonds, playable'});
              const back = d.cardBack({size: 'trick'}), mini = d.cardEl('TH', {size: 'mini'});
              document.body.append(q, kd, back, mini);
              out.two = [art(q), art(kd), art(back), art(mini)];
              out.names = [q.getAttribute('aria-label'), q.getAttribute('role'), kd.getAttribute('aria-label'),
                           kd.tagName, kd.type, back.getAttribute('aria-hidden'), mini.getAttribute('aria-label')];
              out.alt = q.querySelector('img').getAttribute('alt');
              out.miniText = mini.textContent;
              s.applySettings({...s.DEFAULTS, fourColour: true, cardBack: 'blue'});
              out.newCards = [art(d.cardEl('KD')), art(d.cardEl('9C')), art(d.cardEl('AH')), art(d.cardBack())];
              out.before = [art(q), art(kd), art(back)];
              d.refreshCardArt();
              out.after = [art(q), art(kd), art(back)];
              out.urls = [d.cardArtUrl('TD', false), d.cardArtUrl('TD', true), d.cardBackUrl('green')];
              const loaded = await Promise.all([...document.querySelectorAll('img.card-art')].map((img) =>
                img.decode().then(() => img.naturalWidth > 0, () => false)));
              out.loaded = loaded.every(Boolean) && loaded.length === 3;
              return out;
            }"""
        )

    got = in_browser(base_url, script)
    assert got["two"] == ["/static/cards/QS.svg", "/static/cards/KD.svg", "/static/cards/back-red.svg", None]
    assert got["names"] == ["Queen of spades", "img", "King of diamonds, playable", "BUTTON", "button", "true",
                            "Ten of hearts"]
    assert got["alt"] == ""  # the picture is decoration: the card's own label names it
    assert got["miniText"] == "10♥\ufe0e"  # a mini card (a list in a dialog) shows its index as text
    assert got["newCards"] == ["/static/cards/four/KD.svg", "/static/cards/four/9C.svg", "/static/cards/AH.svg",
                               "/static/cards/back-blue.svg"]
    assert got["before"] == ["/static/cards/QS.svg", "/static/cards/KD.svg", "/static/cards/back-red.svg"]
    assert got["after"] == ["/static/cards/QS.svg", "/static/cards/four/KD.svg", "/static/cards/back-blue.svg"]
    assert got["urls"] == ["/static/cards/TD.svg", "/static/cards/four/TD.svg", "/static/cards/back-red.svg"]
    assert got["loaded"]  # the files are there and are pictures
