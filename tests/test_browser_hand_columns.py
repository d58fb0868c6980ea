"""A hand in rows of unequal length stands in even columns (issue 30, the fourteenth review): after the card pass the
declarer holds 16 cards (partnership-pass, racehorse), laid at 360 and 390 px in rows of 6, 5 and 5; each row of 5 was
centred on its own, so that the rows stood staggered, each card half over two of the row behind. Every row now lies
on the longest row's columns (views/hand.js layoutHand: a shorter row keeps the places it has no card for).

The declarer's 16 cards at 360x740 (dark and light) and 390x844 (light and dark): each card stands exactly over the
card in the same place of the first row, each shows at least 44 px across and down (a target), and each card's
corner index is on top (nothing laid over it). Screenshots go to $PINOCHLE_SHOTS when set.
"""

from __future__ import annotations

from typing import Any

import pytest

from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import play_until, south
from .test_browser_layout import server  # noqa: F401  (server: the module's live server)
from .test_browser_summary_rows import server_url  # noqa: F401  (filled by the fixture below)


@pytest.fixture(autouse=True)
def _url(server: Any) -> None:  # noqa: F811
    server_url[:] = [server.url]


def sixteen(game: str) -> dict[str, Any]:
    """South's view of the first hand of ``game`` in which South, the declarer, holds the partner's four cards too."""
    for seed in range(1, 60):
        try:
            return south(play_until(game, seed, lambda s: len(south(s)["hand"]) == 16, limit=400))
        except AssertionError:
            continue
    raise AssertionError(game)


#: each row's cards' boxes, and whether each card's corner index is on top
CARDS = """() => [...document.querySelectorAll('#hand .hand-row')].map((row) => [...row.querySelectorAll('button.card')].map((c) => {
  const r = c.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + 7, r.top + 12);
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, index: Boolean(top && c.contains(top)) };
}))"""


@pytest.mark.parametrize("game", ["partnership-pass", "racehorse"])
def test_a_hand_of_sixteen_stands_in_even_columns_on_a_phone(game: str) -> None:
    from .browser_support import in_browser, shot
    from .test_browser_layout import open_fixture, settle

    v = sixteen(game)
    assert len(v["hand"]) == 16

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for theme, size in (("dark", (360, 740)), ("light", (360, 740)), ("light", (390, 844)), ("dark", (390, 844))):
            ctx, page, _ = open_fixture(browser, server_url[0], v, errors, theme=theme, size=size)
            settle(page)
            out[f"{size[0]}-{theme}"] = page.evaluate(CARDS)
            shot(page, f"hand-columns-{game}-{size[0]}-{theme}")
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for key, rows in out.items():
        assert sum(len(r) for r in rows) == 16 and len(rows) >= 2, (key, [len(r) for r in rows])
        first = rows[0]
        assert all(len(r) <= len(first) for r in rows), (key, [len(r) for r in rows])
        for n, row in enumerate(rows):
            for i, card in enumerate(row):
                assert abs(card["left"] - first[i]["left"]) < 1, (key, n, i)  # in the first row's column
                assert card["index"], (key, n, i)  # its corner index on top
                across = (row[i + 1]["left"] if i + 1 < len(row) else card["right"]) - card["left"]
                down = (rows[n + 1][0]["top"] if n + 1 < len(rows) else card["bottom"]) - card["top"]
                assert across >= 44 and down >= 44, (key, n, i, across, down)  # a 44 px target
