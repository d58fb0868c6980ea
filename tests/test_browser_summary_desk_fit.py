"""A hand's summary on a desktop shows whole, without a scroll inside it (the thirteenth review: racehorse's
set summary at 1440x900 cut its explanation and the pass line, to be scrolled inside the dialog): the
racehorse hand that went set and the table game's made hand, each at 1440x900 and 1366x768, light and dark.
Views the engine made (tests/test_browser_explain.py's random matches).
"""

from __future__ import annotations

from typing import Any

import pytest

from pinochle.parts import Concession, Contract

from .browser_kit import Look, at_each, on_fixture
from .browser_support import module_server, shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import first_of, south

server = module_server("summary_desk_fit")

LOOKS = [(look.key, look) for look in (Look("light", (1440, 900)), Look("dark", (1366, 768)))]
READ = """() => { const b = document.getElementById('summary-body'); const d = document.getElementById('summary-dialog');
  return { over: b.scrollHeight - b.clientHeight, dialog: d.getBoundingClientRect().height,
           width: d.getBoundingClientRect().width, last: b.lastElementChild?.textContent.slice(0, 40) ?? '' }; }"""


def ended(game: str, made: bool) -> dict[str, Any]:
    """South's view at the end of the first hand of ``game`` that was (not) made, with a declarer."""
    state = first_of(game, lambda s: s.phase in ("hand_end", "match_end") and s.history != ()
                     and s.history[-1].parts.get(Contract).declarer is not None and s.history[-1].score.made == made
                     and not s.history[-1].parts.get(Concession).conceded)
    v = south(state)
    v["legal"] = {"deal": True}  # offered to each person at a hand's end (docs/protocol.md)
    return v


@pytest.mark.parametrize(("game", "made"), [("racehorse", False), ("table", False), ("partnership-pass", True)])
def test_a_summary_on_a_desktop_needs_no_scroll(server: Any, game: str, made: bool) -> None:
    def read(page: Any, look: Look) -> Any:
        page.wait_for_function("() => document.getElementById('summary-dialog').open")
        page.wait_for_timeout(400)
        shot(page, f"summary-desk-{game}-{look.key}")
        return page.evaluate(READ)

    got = at_each(LOOKS, on_fixture(server.url, ended(game, made)), read, f"summary-desk-{game}")
    for key, g in got.items():
        assert g["over"] <= 1, (game, key, g)
