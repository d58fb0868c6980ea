"""The pages under their Content-Security-Policy, in Chromium against a real
``pinochle serve``, with no ``bypass_csp``: Home, a solo match over the socket, the rules and the
"How to play" pages load, their scripts run (the theme is set before the first paint by
``/static/boot.js``; the rules pages follow the saved theme by ``/static/rules-page.js``), and the
browser reports no policy violation."""
from __future__ import annotations

from typing import Any

from .test_browser import TIMEOUT_MS, Server
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import in_browser, server  # noqa: F401  (server: the module's live server)

WATCH = """document.addEventListener('securitypolicyviolation',
  e => (window.__csp = window.__csp || []).push(e.violatedDirective + ' ' + e.blockedURI));"""


def test_pages_run_under_the_policy(server: Server) -> None:
    def run(browser: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"console": [], "violations": []}
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, reduced_motion="reduce", color_scheme="dark")
        ctx.set_default_timeout(TIMEOUT_MS)
        ctx.add_init_script(WATCH)
        page = ctx.new_page()
        page.on("console", lambda m: out["console"].append(m.text) if "Content Security Policy" in m.text else None)
        response = page.goto(server.url)
        out["csp"] = response.headers.get("content-security-policy", "")
        page.get_by_test_id("home").wait_for()
        out["theme"] = page.evaluate("document.documentElement.dataset.theme")
        page.get_by_test_id("level-easy").click()
        page.get_by_test_id("table").wait_for()
        page.wait_for_function("() => document.querySelectorAll('[data-testid=card]').length === 12")
        out["violations"] += page.evaluate("window.__csp || []")
        # the saved light theme beats the system's dark one on a rules page: rules-page.js ran
        page.evaluate("localStorage.setItem('pinochle.settings', JSON.stringify({theme: 'light'}))")
        for path in ("rules", "how-to-play"):
            page.goto(server.url + path)
            page.wait_for_function("() => document.documentElement.dataset.theme === 'light'")
            out["violations"] += page.evaluate("window.__csp || []")
        ctx.close()
        return out

    out = in_browser(run)
    assert "script-src 'self'" in out["csp"] and "frame-ancestors 'none'" in out["csp"]
    assert out["theme"] == "dark"
    assert out["violations"] == [] and out["console"] == [], out
