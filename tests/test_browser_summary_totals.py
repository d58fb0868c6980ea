"""On a desktop each side's column of the hand summary ends with its own "= …" total (issue 30, the fourteenth review):
the sum's "=" stood before the side that made or defended ("= +230") but not before a set side's "Set −250", so one
column read as a sum and the other did not. A set side's hand score now reads "Set" at the cell's start and "= −250"
under the other columns' totals (felt7.css), its "=" and its figure aligned with theirs.

A set hand of the table game and of racehorse, and britannica's first made hand, at 1440x900 and 1366x768, light and
dark: every hand score cell shows "= " just before its figure, the figures end at one right edge and stand on one line.
"""

from __future__ import annotations

from typing import Any

import pytest

from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import hand_end
from .test_browser_layout import server  # noqa: F401  (server: the module's live server)
from .test_browser_summary5 import set_hand
from .test_browser_summary_rows import server_url  # noqa: F401  (filled by the fixture below)


@pytest.fixture(autouse=True)
def _url(server: Any) -> None:  # noqa: F811
    server_url[:] = [server.url]


#: each hand score cell: the "=" drawn before its figure (the cell's own, or its figure's), the figure's box
TOTALS = """() => [...document.querySelectorAll('#summary-body td[data-testid^=hand-score-]')].map((td) => {
  const pts = td.querySelector('.set-pts');
  const eq = [getComputedStyle(td, '::before').content, pts ? getComputedStyle(pts, '::before').content : 'none']
    .filter((c) => c !== 'none' && c !== 'normal');
  // the figure: its last text (the set's figure, or the cell's text)
  const range = document.createRange();
  range.selectNodeContents(pts ?? td);
  const r = range.getBoundingClientRect();
  return { eq, right: r.right, bottom: r.bottom, cell: td.getBoundingClientRect().right, text: td.innerText,
           set: td.classList.contains('set') };
})"""


def test_each_sides_column_ends_with_its_own_sum_on_a_desktop() -> None:
    from .browser_support import in_browser, shot
    from .test_browser_layout import open_fixture, settle

    views = {"table-set": set_hand("table"), "racehorse-set": set_hand("racehorse"), "britannica": hand_end("britannica")}

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for key, v in views.items():
            for theme, size in (("light", (1440, 900)), ("dark", (1440, 900)), ("light", (1366, 768)), ("dark", (1366, 768))):
                ctx, page, _ = open_fixture(browser, server_url[0], v, errors, theme=theme, size=size)
                page.get_by_test_id("hand-summary").wait_for(state="visible")
                settle(page)
                page.evaluate("() => document.querySelector('#summary-body tr.score-row').scrollIntoView({block: 'center'})")
                out[f"{key}-{size[0]}-{theme}"] = page.evaluate(TOTALS)
                shot(page, f"summary-totals-{key}-{size[0]}-{theme}")
                ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    assert any(c["set"] for key, cells in out.items() for c in cells)
    for key, cells in out.items():
        assert len(cells) == 2, (key, cells)
        for c in cells:
            assert c["eq"] == ['"= "'], (key, c)  # each column's own "=", a set's too
            assert abs(c["right"] - c["cell"]) < 12, (key, c)  # the figure at the column's right edge
        assert abs(cells[0]["bottom"] - cells[1]["bottom"]) < 2, (key, cells)  # on one line
        set_cells = [c for c in cells if c["set"]]
        for c in set_cells:
            assert c["text"].startswith("Set"), (key, c)
