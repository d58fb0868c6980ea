"""The keyboard's focus follows the next decision (the thirteenth review, keyboard only at 1440x900):

- racehorse's declarer, after the pass and the meld, chooses to concede or play it out: the focus goes to
  "Play it out" (the default), not to a card of the hand it cannot play yet;
- a hand's summary closed with Escape at the hand's end gives the focus to the table's "Next hand", not to
  the empty hand.

The pages are fed views the engine made (tests/browser_kit.py's fixtures).
"""

from __future__ import annotations

from typing import Any

from .browser_kit import Look, at_each, on_fixture
from .browser_support import module_server
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import hand_end
from .test_browser_felt8 import conceding_views

server = module_server("focus_next")

LOOKS = [(look.key, look) for look in (Look("light", (1440, 900)), Look("dark", (360, 740)))]
FOCUSED = "() => document.activeElement?.dataset.testid ?? document.activeElement?.id ?? null"


def test_after_the_pass_the_focus_is_on_play_it_out(server: Any) -> None:
    v = conceding_views()["racehorse"]

    def read(page: Any, look: Look) -> Any:
        page.wait_for_function("() => document.activeElement?.dataset.testid === 'play-on'"
                               " || document.activeElement?.matches('#hand button.card')")
        page.wait_for_timeout(300)
        return page.evaluate(FOCUSED)

    got = at_each(LOOKS, on_fixture(server.url, v, ready=lambda p: p.get_by_test_id("play-on").wait_for(),
                                    close_meld=True), read, "focus-play-on")
    assert all(g == "play-on" for g in got.values()), got


def test_escape_on_the_summary_gives_the_focus_to_next_hand(server: Any) -> None:
    v = {**hand_end("table"), "legal": {"deal": True}}  # offered to each person at a hand's end (docs/protocol.md)

    def read(page: Any, look: Look) -> Any:
        page.wait_for_function("() => document.getElementById('summary-dialog').open")
        out = []
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.getElementById('summary-dialog').open")
        page.wait_for_timeout(300)
        out.append(page.evaluate(FOCUSED))
        # opened again from the empty hand (the skip link's target): closing gives the focus back to the hand,
        # which holds no card at the hand's end
        page.evaluate("() => { const hand = document.getElementById('hand'); hand.tabIndex = -1; hand.focus();"
                      " document.getElementById('summary-dialog').showModal(); }")
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.getElementById('summary-dialog').open")
        page.wait_for_function("() => document.activeElement && document.activeElement !== document.body")
        page.wait_for_timeout(300)
        return [*out, page.evaluate(FOCUSED)]

    got = at_each(LOOKS, on_fixture(server.url, v), read, "focus-next-hand")
    assert all(g == ["next-hand-inline"] * 2 for g in got.values()), got
