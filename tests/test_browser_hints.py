"""The Hint at the table (views/hint.js; docs/protocol.md, "Hints"), in a real solo match from Home.

- On South's move the Hint button is there, labelled, and reachable by keyboard; pressing it (Enter)
  shows the reason in words (said by the page's announcer for screen readers) and rings the card or
  button it names, which is one of the moves the view offers.
- Playing the move takes the hint away (it was for that version only).
- Screenshots at 360x740, 390x844 and 1440x900, light and dark (tests/artifacts/hint-*.png), with
  nothing of the panel cut or wider than the window.
"""

from __future__ import annotations

from typing import Any

import pytest

from .browser_support import ARTIFACTS, Server, in_browser, module_server, open_page, start_solo
from .test_browser import MY_TURN, body, pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import settle

server = module_server("hints")

SIZES = [(360, 740), (390, 844), (1440, 900)]


def hint_once(page: Any) -> dict[str, Any]:
    """At South's move: ask for a hint by keyboard; what the page shows."""
    page.wait_for_function(MY_TURN)
    dialog = page.get_by_test_id("meld-dialog")
    if dialog.is_visible():
        page.get_by_test_id("meld-close").click()
        dialog.wait_for(state="hidden")
    button = page.get_by_test_id("hint-button")
    button.wait_for()
    button.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => (document.getElementById('hint-reason')?.textContent || '') !== ''")
    settle(page)
    return page.evaluate("""() => {
      const marked = [...document.querySelectorAll('.hinted')];
      const box = document.getElementById('hint-box').getBoundingClientRect();
      return {
        reason: document.querySelector('#hint-reason .hint-shown').textContent,
        words: document.querySelector('#hint-reason .sr-only').textContent,
        said: [...document.querySelectorAll('#announcer > p')].map((p) => p.textContent),
        label: document.querySelector('[data-testid=hint-button]').getAttribute('aria-label'),
        marked: marked.map((e) => e.dataset.card || e.dataset.testid),
        legal: document.body.dataset.legal,
        box: [box.left, box.right, box.top, box.bottom], width: window.innerWidth,
        scrollWidth: document.documentElement.scrollWidth,
      };
    }""")


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_hint_button_shows_the_move_and_why(server: Server, size: tuple[int, int]) -> None:
    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for theme in ("light", "dark"):
            page = open_page(browser, size, errors, theme=theme)
            start_solo(page, server.url)
            first = hint_once(page)
            page.screenshot(path=str(ARTIFACTS / f"hint-{size[0]}x{size[1]}-{theme}.png"))
            # play the hinted move where it is a card or a button: the hint goes with its version
            version = body(page, "version")
            marked = page.locator(".hinted").first
            if marked.count():
                marked.click()
                page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
                settle(page)
                out[f"after-{theme}"] = page.evaluate(
                    "() => [document.querySelectorAll('.hinted').length, document.getElementById('hint-reason')?.textContent || '']")
            out[theme] = first
            page.context.close()
        out["errors"] = errors
        return out

    ARTIFACTS.mkdir(exist_ok=True)
    out = in_browser(run)
    assert out["errors"] == []
    for theme in ("light", "dark"):
        got = out[theme]
        assert got["reason"].endswith(".") and got["reason"][0].isupper(), got
        assert f"Hint: {got['words']}" in got["said"] and got["label"].startswith("Hint")  # the announcer says it
        assert got["box"][0] >= 0 and got["box"][1] <= got["width"] and got["scrollWidth"] <= got["width"], got
        assert len(got["marked"]) >= 1, got  # the card or the button is ringed
        if f"after-{theme}" in out:
            assert out[f"after-{theme}"] == [0, ""]
