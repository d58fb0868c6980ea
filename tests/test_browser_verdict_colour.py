"""The hand summary's verdict ("Made — ...", "Set — ...") is green or red only for your own side's contract:
another side's, made or set, reads in the summary's own ink (the thirteenth review: "Made — West and East made
the bid of 290." in green read as good news for you). Views the engine made, at 360 dark and 1440 light.
"""

from __future__ import annotations

from typing import Any

from pinochle.cards import Seat
from pinochle.parts import Contract

from .browser_kit import Look, at_each, on_fixture
from .browser_support import module_server
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import first_of, south

server = module_server("verdict_colour")

LOOKS = [(look.key, look) for look in (Look("dark", (360, 740)), Look("light", (1440, 900)))]
READ = """() => { const v = document.querySelector('[data-testid=verdict]');
  return { text: v.textContent, colour: getComputedStyle(v).color,
           ink: getComputedStyle(document.getElementById('summary-body')).color }; }"""


def ended(ours: bool) -> dict[str, Any]:
    """South's view at the end of a table game's hand whose declarer is on South's side (``ours``) or not."""
    state = first_of("table", lambda s: s.phase in ("hand_end", "match_end") and s.history != ()
                     and (s.history[-1].parts.get(Contract).declarer in (Seat.N, Seat.S)) == ours)
    return south(state)


def test_another_sides_contract_reads_in_the_summarys_ink(server: Any) -> None:
    def read(page: Any, look: Look) -> Any:
        page.wait_for_function("() => document.getElementById('summary-dialog').open")
        return page.evaluate(READ)

    for ours in (True, False):
        got = at_each(LOOKS, on_fixture(server.url, ended(ours)), read, f"verdict-colour-{ours}")
        for key, g in got.items():
            assert g["text"].startswith(("Made", "Set")), g
            assert (g["colour"] == g["ink"]) == (not ours), (ours, key, g)
