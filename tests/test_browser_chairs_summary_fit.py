"""The hand summary at an auction table of 5 fits its dialog at every width (VARIANTS.md ``auction``,
five players, the dealer and one more sitting out): no column is cut ("East SITS OU", "(as an
opponen"), and the table never runs past its box, at 1440, 768, 390 and 360 px.

The page talks to ``ChairSocket`` (tests/test_browser_chairs.py: the real engine, chair 0 is the page),
its players named as a solo table names them ("North-west", the longest), in a hand chair 0 sits out;
the summary opens at the hand's end and the viewport is narrowed step by step. Screenshots go to
tests/artifacts/chairs-summary-fit-*.png.
"""

from __future__ import annotations

from typing import Any

import pytest

from .test_browser import ARTIFACTS, Server
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_chairs import WATCHING, ChairSocket, open_table
from .test_browser_layout import in_browser, server, settle  # noqa: F401  (server: the module's live server)

#: the names a solo table of five gives the computers, chair by chair
NAMES = {1: "West", 2: "North-west", 3: "North-east", 4: "East"}

WIDTHS = [(1440, 900), (768, 1024), (390, 844), (360, 740)]

#: the table's box and the table, and every cell whose text runs past it
FIT = """() => {
  const table = document.querySelector('#summary-dialog [data-testid=summary-table]');
  const wrap = table.closest('.table-wrap') ?? table.parentElement;
  const body = document.getElementById('summary-body');
  const cut = [...table.querySelectorAll('th, td, th *, td *')]
    .filter((e) => e.getClientRects().length && !e.closest('.sr-only') && e.scrollWidth > e.clientWidth + 1
      && getComputedStyle(e).display !== 'inline')
    .map((e) => `${e.tagName} ${e.textContent.trim().slice(0, 30)} ${e.scrollWidth}>${e.clientWidth}`);
  return {table: Math.round(table.getBoundingClientRect().width), wrap: wrap.clientWidth,
          wrapScroll: wrap.scrollWidth, body: body.clientWidth, bodyScroll: body.scrollWidth, cut};
}"""


class NamedChairs(ChairSocket):
    def message(self) -> dict[str, Any]:
        out = super().message()
        for c, name in NAMES.items():
            out["table"]["seats"][str(c)]["name"] = name
        return out


@pytest.mark.parametrize("first_dealer", [0, 3])
def test_the_summary_of_a_table_of_five_fits_at_every_width(server: Server, first_dealer: int) -> None:
    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        sock = NamedChairs(first_dealer=first_dealer, pause=lambda s: s.phase == "play")
        ctx, page = open_table(browser, server.url, sock, "light", WIDTHS[0], errors, WATCHING)
        sock.go_on()
        page.wait_for_function("() => document.body.dataset.phase === 'hand_end'")
        page.get_by_test_id("hand-summary").wait_for(state="visible")
        out: dict[str, Any] = {}
        for w, hgt in WIDTHS:
            page.set_viewport_size({"width": w, "height": hgt})
            settle(page)
            out[str(w)] = page.evaluate(FIT)
            page.screenshot(path=str(ARTIFACTS / f"chairs-summary-fit-{first_dealer}-{w}.png"))
        ctx.close()
        out["errors"] = errors + sock.errors
        return out

    ARTIFACTS.mkdir(exist_ok=True)
    out = in_browser(run)
    assert out.pop("errors") == []
    for w, fit in out.items():
        assert fit["wrapScroll"] <= fit["wrap"] + 1 and fit["table"] <= fit["wrap"] + 1, (w, fit)
        assert fit["bodyScroll"] <= fit["body"] + 1, (w, fit)
        assert fit["cut"] == [], (w, fit)
