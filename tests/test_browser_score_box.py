"""The hand summary opens on its score: a box per side (per player at a table of three, per chair at a
table of 4 or 5), yours first, with this hand's score and the match total, in view without scrolling on
a phone (the match total was below the fold at 360x740), each word whole and inside its box (five boxes at
320 px name each chair by its initials, "P1", as the table under them heads its columns). A contract nobody bid says so: a "Stuck" tag and
a sentence in the summary, and "stuck" in the score sheet's row (RULES.md, Bidding: the dealer is stuck
with the lowest bid).

The summaries are the engine's (random legal play, tests/test_browser_explain.py), sent to the real page by
a scripted socket. Screenshots go under $PINOCHLE_SHOTS.
"""

from __future__ import annotations

from typing import Any

import pytest

from pinochle.parts import Contract

from .browser_support import shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import first_of, hand_end, serious, south
from .test_browser_layout import in_browser, open_fixture, server, settle  # noqa: F401  (server: the module's live server)
from .test_browser_summary_rows import number

# each box: its figures, its place, and its words as drawn (text that a screen reader alone reads, clipped to a
# pixel, left out): any beyond the box's edges, and any broken across two lines ("Playe / r 1")
BOX = r"""() => [...document.querySelectorAll('#summary-body [data-testid=score-box] > div')].map((d) => {
  const r = d.getBoundingClientRect();
  const outside = [], broken = [];
  const walk = document.createTreeWalker(d, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (n.parentElement.getBoundingClientRect().width <= 1) continue;
    for (const m of n.textContent.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(n, m.index);
      range.setEnd(n, m.index + m[0].length);
      const rects = [...range.getClientRects()].filter((q) => q.width > 0);
      if (rects.length > 1) broken.push(m[0]);
      if (rects.some((q) => q.left < r.left - 0.5 || q.right > r.right + 0.5)) outside.push(m[0]);
    }
  }
  return { id: d.dataset.testid.replace('score-box-', ''), hand: d.querySelector('[data-testid=score-box-hand] strong').textContent,
    total: d.querySelector('[data-testid=score-box-total] strong').textContent, top: r.top, bottom: r.bottom,
    left: r.left, right: r.right, h: innerHeight, w: innerWidth, outside, broken };
})"""


@pytest.mark.parametrize("game,players", [("table", None), ("cutthroat", None), ("auction", 5)])
def test_the_summary_opens_on_this_hand_and_the_match_per_side(server: Any, game: str, players: int | None) -> None:  # noqa: F811
    v = hand_end(game, players)
    last = v["last_hand"]
    if players:
        hand = {str(c): n for c, n in enumerate(last["chairs"])}
        total = {str(c): n for c, n in enumerate(last["chair_totals"])}
    else:
        hand, total = dict(last["score"]), dict(last["totals"])

    def body(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {"errors": errors}
        for theme, size in (("light", (320, 568)), ("dark", (360, 740)), ("light", (390, 844)), ("dark", (1440, 900))):
            ctx, page, _ = open_fixture(browser, server.url, v, errors, theme=theme, size=size)
            page.get_by_test_id("hand-summary").wait_for(state="visible")
            settle(page)
            out[f"{theme}-{size[0]}"] = {"box": page.evaluate(BOX), "axe": serious(page) if size[0] == 360 else []}
            shot(page, f"score-box-{game}{players or ''}-{theme}-{size[0]}")
            ctx.close()
        return out

    out = in_browser(body)
    assert out.pop("errors") == []
    for key, got in out.items():
        assert got["axe"] == [], (key, got["axe"])
        box = got["box"]
        assert {b["id"] for b in box} == set(hand), (key, box)
        for b in box:
            assert number(b["hand"]) == hand[b["id"]] and number(b["total"]) == total[b["id"]], (key, b)
            # whole, on the screen as the summary opens: no scrolling to find the match total
            assert b["top"] >= 0 and b["bottom"] <= b["h"] and b["left"] >= 0 and b["right"] <= b["w"] + 0.5, (key, b)
            # every word whole and inside its box (five boxes at 320 px: "Playe / r 1", "This hand" past the edges)
            assert b["outside"] == [] and b["broken"] == [], (key, b)
        # yours first
        mine = str(v["chair"]) if players else next(k for k, seats in v["sides"].items() if v["seat"] in seats)
        assert box[0]["id"] == mine, (key, box[0])


def test_a_stuck_contract_says_so_in_the_summary_and_the_score_sheet(server: Any) -> None:  # noqa: F811
    v = south(first_of("table", lambda s: s.phase == "hand_end" and s.history[-1].parts.get(Contract).stuck))
    last = v["last_hand"]
    assert last["stuck"] and v["history"][-1]["stuck"]

    def body(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, page, _ = open_fixture(browser, server.url, v, errors, theme="light", size=(360, 740))
        page.get_by_test_id("hand-summary").wait_for(state="visible")
        settle(page)
        out = {"tag": page.get_by_test_id("stuck-tag").inner_text(), "line": page.get_by_test_id("stuck-line").inner_text(),
               "axe": serious(page)}
        shot(page, "stuck-summary-light-360")
        page.get_by_test_id("summary-scores").click()
        page.get_by_test_id("score-sheet").wait_for()
        out["sheet"] = page.locator("[data-testid=scores-table] tbody tr").last.inner_text()
        out["sheet_word"] = page.locator("[data-testid=scores-table] tbody tr").last.get_by_test_id("sheet-stuck").count()
        shot(page, "stuck-sheet-light-360")
        ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(body)
    assert out["errors"] == [] and out["axe"] == [], out
    assert out["tag"].lower() == "stuck", out
    assert "Nobody bid" in out["line"] and "dealer" in out["line"] and str(last["bid"]) in out["line"], out
    assert out["sheet_word"] == 1 and "stuck" in out["sheet"], out
