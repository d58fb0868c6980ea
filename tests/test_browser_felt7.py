"""The seventh review's findings on the felt, Home and the nits, in the real page.

- At Fast pace the meld's plates were still arriving when a computer led: the meld pause (Fast 2 s) counted
  from when the first plate was drawn, not from when the last had landed. Now the whole meld lies still, on
  the felt, the pace's whole pause before the first card gathers it (pinochle/web/felt-anim.js MELD_MS.read).

Screenshots go to $PINOCHLE_SHOTS when it is set (tests/browser_support.py shot).
"""

from __future__ import annotations

import time
from typing import Any

from .browser_support import in_browser, module_server, open_page, shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_review6 import WATCH

server = module_server("felt7")

#: when every plate of the meld had landed and lay still (no plate arriving, each whole), and when the first
#: plate then began to move again (gathered up) or left the felt (performance.now(), a frame-by-frame watch)
STILL = """() => {
  window.__still = {landed: null, moved: null};
  const t = window.__still;
  const tick = () => {
    const now = performance.now();
    const plates = [...document.querySelectorAll('#felt-melds .felt-meld')];
    const arriving = document.getAnimations().some(a => a.id === 'pinochle-meld' && a.playState === 'running');
    const whole = plates.length > 0 && plates.every(p => {
      const cs = getComputedStyle(p);
      return cs.opacity === '1' && (cs.scale === 'none' || cs.scale === '1');
    });
    if (t.landed === null && whole && !arriving) t.landed = now;
    else if (t.landed !== null && t.moved === null && !whole) t.moved = now;
    if (t.moved === null) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""


def meld_still(page: Any, url: str, pace: str) -> dict[str, Any] | None:
    """A solo table match at ``pace`` (South passes every bid) up to the first card gathering the meld; when the
    plates had landed and when they moved again, or None when South was left with the bid."""
    page.add_init_script(f"({WATCH})({pace!r})")
    page.goto(url)
    page.get_by_test_id("home").wait_for()
    page.get_by_test_id("game-table").click()
    page.get_by_test_id("level-easy").click()
    page.get_by_test_id("table").wait_for()
    page.evaluate(STILL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if page.evaluate("() => window.__still.moved !== null"):
            break
        if page.locator("[data-testid^=trump-]:visible").count():
            return None  # South is stuck with the bid: no computer leads
        passing = page.locator("[data-testid=pass-button]:visible")
        if passing.count() and page.evaluate("() => document.body.dataset.busy !== '1'"):
            try:
                passing.first.click(timeout=500)
            except Exception:  # redrawn under the click: tried again
                pass
        page.wait_for_timeout(100)
    shot(page, f"felt7-meld-{pace}")
    return dict(page.evaluate("() => window.__still"))


def test_at_fast_pace_the_whole_meld_lies_still_the_meld_pause_before_a_computers_lead(server: Any) -> None:
    def run(browser: Any) -> dict[str, Any] | None:
        errors: list[str] = []
        got = None
        for _ in range(4):
            page = open_page(browser, (360, 740), errors, theme="dark", reduce=False)
            got = meld_still(page, server.url, "fast")
            page.context.close()
            if got is not None:
                break
        assert errors == []
        return got

    t = in_browser(run)
    assert t is not None and None not in t.values(), t
    # Fast's meld pause is 2 s: every plate whole and still for all of it (a frame's slack)
    assert t["moved"] - t["landed"] >= 2000 - 50, t
