"""A phone's hand summary shows the hand score and the match total as it opens (issue 30, the fourteenth review): at
360x740 and 390x844 the "Hand score" and "Match total" rows lay below the pinned buttons in most games, so the numbers
that matter most were out of sight until a player scrolled. On a phone the two rows stay pinned at the foot of the
summary's body (summary.css; views/dialogs.js pinScore), the rows above them scrolling under them.

Each game's first finished hand (the engine's random legal play, tests/test_browser_explain.py hand_end), sent to the
real page: at 360x740 (dark) and 390x844 (light), as the summary opens, every cell of both rows lies whole in the
summary's body above the buttons, over no other row's text; scrolled to the end, the rows lie where the table has
them (its rows still add up: tests/test_browser_summary_rows.py). At 1440x900 the rows are not pinned (the desktop
layout stays as it was). Screenshots go to $PINOCHLE_SHOTS when set.
"""

from __future__ import annotations

from typing import Any

import pytest

from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import hand_end
from .test_browser_layout import server  # noqa: F401  (server: the module's live server)
from .test_browser_summary_rows import server_url  # noqa: F401  (filled by the fixture below)


@pytest.fixture(autouse=True)
def _url(server: Any) -> None:  # noqa: F811
    server_url[:] = [server.url]


GAMES = (("table", None), ("partnership-pass", None), ("racehorse", None), ("turned-trump", None),
         ("britannica", None), ("double-deck", None), ("cutthroat", None), ("auction", None), ("auction", 5),
         ("two-handed", None))

#: the hand score and match total rows' cells against the summary's body as seen (above the buttons under it)
SEEN = """() => {
  const body = document.getElementById('summary-body');
  const b = body.getBoundingClientRect();
  const foot = Math.min(b.bottom, document.querySelector('#summary-dialog .review-open').getBoundingClientRect().top);
  const rows = [...body.querySelectorAll('.summary-table tr.score-row, .summary-table tr.total-row')];
  const out = rows.map((tr) => {
    const cells = [...tr.children].map((c) => c.getBoundingClientRect());
    return { row: tr.className, top: Math.min(...cells.map((c) => c.top)), bottom: Math.max(...cells.map((c) => c.bottom)),
             pinned: getComputedStyle(tr.children[0]).position === 'sticky' };
  });
  // what lies on top at the middle of each cell of the two rows: the cell itself (or what it holds)
  const hidden = [];
  for (const tr of rows) for (const c of tr.children) {
    const r = c.getBoundingClientRect();
    const el = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!el || !c.contains(el)) hidden.push(`${tr.className}: ${c.textContent}`);
  }
  return { rows: out, top: b.top, foot, scrolled: body.scrollTop, hidden };
}"""


def test_the_hand_score_and_match_total_are_in_view_as_a_phones_summary_opens() -> None:
    from .browser_support import in_browser, shot
    from .test_browser_layout import open_fixture, settle

    views = {f"{game}{players or ''}": hand_end(game, players) for game, players in GAMES}

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for key, v in views.items():
            for theme, size in (("dark", (360, 740)), ("light", (390, 844)), ("light", (1440, 900))):
                ctx, page, _ = open_fixture(browser, server_url[0], v, errors, theme=theme, size=size)
                page.get_by_test_id("hand-summary").wait_for(state="visible")
                settle(page)
                page.wait_for_function("() => document.querySelector('#summary-body tr.total-row')")
                seen = page.evaluate(SEEN)
                shot(page, f"summary-pinned-{key}-{size[0]}-{theme}")
                # scrolled to the end, the rows lie in the table's own order, under the rows above them
                page.evaluate("() => { const b = document.getElementById('summary-body'); b.scrollTop = b.scrollHeight; }")
                settle(page)
                end = page.evaluate(SEEN)
                out[f"{key}-{size[0]}"] = {"open": seen, "end": end}
                ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for key, got in out.items():
        seen, end = got["open"], got["end"]
        assert len(seen["rows"]) == 2, (key, seen)
        if key.endswith("-1440"):
            assert not any(r["pinned"] for r in seen["rows"]), (key, seen)  # the desktop's layout as it was
            continue
        assert seen["scrolled"] == 0, (key, seen)
        for r in seen["rows"]:  # whole in view as the summary opens, above the buttons
            assert r["top"] >= seen["top"] - 1 and r["bottom"] <= seen["foot"] + 1, (key, r, seen)
        assert seen["hidden"] == [], (key, seen)
        score, total = seen["rows"]
        assert score["bottom"] <= total["top"] + 1, (key, seen)  # the hand score over the match total
        assert end["hidden"] == [], (key, end)
