"""A hinted card in a hand of several rows hides no other card's index (issue 30, eleventh review: at the
bury of a three-handed auction, 18 cards in three rows at 360 px, the hinted 10♠ 10♠ K♥ rose over the row in
front, hiding Q♥, A♦ and J♦). In a hand of rows a card is marked by a ring, not lifted over its neighbours.

Cutthroat's bury (tests/test_browser_summary5.py ``cutthroat_long_meld``: South holds 18 cards) at 360x740
(dark) and 390x844 (light); the cards the Hint names wear the class ``hinted`` (views/hint.js), put here on
three cards of the middle row. Each other card's corner index (its left 21 %, top 43 %) is that card's at
every point, and the hinted cards still show their ring.
"""

from __future__ import annotations

from typing import Any

from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import server  # noqa: F401  (server: the module's live server)
from .test_browser_summary5 import cutthroat_long_meld

#: mark three cards of the middle row hinted, then find every point of another card's index that is not that card's
HIDDEN = """() => {
  const hand = document.getElementById('hand');
  const rows = [...hand.querySelectorAll(':scope > .hand-row')];
  const middle = rows[Math.floor(rows.length / 2)];
  const marked = [...middle.querySelectorAll('button.card')].filter((_, i) => i % 2 === 0).slice(0, 3);
  marked.forEach((c) => c.classList.add('hinted'));
  void hand.offsetWidth;
  const hidden = [];
  for (const c of hand.querySelectorAll('button.card')) {
    if (c.classList.contains('hinted')) continue;
    const r = c.getBoundingClientRect();
    for (const fx of [0.05, 0.12, 0.19]) for (const fy of [0.05, 0.2, 0.4]) {
      const top = document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy);
      if (!top || !c.contains(top)) hidden.push(`${c.dataset.card} under ${top?.closest('.card')?.dataset.card ?? top?.tagName}`);
    }
  }
  // the ring on the card's face (its art, which lies over the card's own outline)
  const ring = marked.map((c) => { const cs = getComputedStyle(c.querySelector('.card-art') ?? c);
    return cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 3; });
  return { rows: rows.length, marked: marked.length, hidden: [...new Set(hidden)], ring };
}"""


def test_a_hinted_card_in_a_hand_of_rows_hides_no_other_cards_index(server: Any) -> None:  # noqa: F811
    from .browser_support import in_browser, shot
    from .test_browser_layout import open_fixture, settle
    v = cutthroat_long_meld("bury")

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for theme, size in (("dark", (360, 740)), ("light", (390, 844))):
            ctx, page, _ = open_fixture(browser, server.url, v, errors, theme=theme, size=size)
            settle(page)
            out[f"{size[0]}"] = page.evaluate(HIDDEN)
            settle(page)
            shot(page, f"hinted-rows-{size[0]}-{theme}")
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for key, got in out.items():
        assert got["rows"] >= 3 and got["marked"] == 3, (key, got)
        assert got["hidden"] == [] and all(got["ring"]), (key, got)
