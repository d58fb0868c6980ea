"""Two-handed with the Meld choice open fits the window (issue 30: everything in view without scrolling).

A fresh reviewer saw the hand's bottom row below the window at 360x740 while the Meld choice (the
melds a player may declare after winning a trick, the dix and "No meld") was open. The table's fit
test (tests/test_browser_fit_all.py) missed it: its two-handed hand reaches the meld with nothing to
declare but the dix, so the choice held two buttons. Here South's views with the most choices
in deals played by the simple computer player are served to the real page over a scripted socket: three
melds, the dix and "No meld" (seed 13), and three melds with cards already laid on the table (seed 28).

At 320x568, 360x740, 390x844, 768x1024 and 1440x900 the page never scrolls, and every card of the
hand and every button of the Meld choice lies whole in the window.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from pinochle.bots import SimplePlayer
from pinochle.cards import Seat
from pinochle.game import apply, auto_action, new_match, turn, view

from .browser_support import ARTIFACTS
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import in_browser, open_fixture, server, settle  # noqa: F401  (server: the module's live server)

SIZES = ((320, 568), (360, 740), (390, 844), (768, 1024), (1440, 900))

#: the deals (seed) and the trick after which South's Meld choice is richest
RICH = {"three-melds-and-the-dix": (13, 2), "three-melds-after-a-meld": (28, 2)}

#: what lies outside the window: the page's own scroll, and each hand card or Meld choice button cut off
OUTSIDE = """() => {
  const cut = (sel) => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length).map((e) => {
    const r = e.getBoundingClientRect();
    return r.top < -0.5 || r.left < -0.5 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5
      ? `${e.dataset.testid || e.dataset.card || e.textContent.trim()} ${Math.round(r.top)}..${Math.round(r.bottom)}` : null;
  }).filter(Boolean);
  return { scroll: Math.round(document.scrollingElement.scrollHeight - innerHeight),
           hand: cut('#hand button.card'), choice: cut('[data-testid=meld-choice] button'),
           buttons: document.querySelectorAll('[data-testid=meld-choice] button').length };
}"""


def meld_choice_view(seed: int, tricks: int) -> dict[str, Any]:
    """South's view at its Meld choice after ``tricks`` tricks of deal ``seed`` (the simple player's moves)."""
    s = new_match(seed=seed, game="two-handed")
    for _ in range(3000):
        seat = turn(s)
        assert seat is not None and s.phase not in ("hand_end", "match_end"), s.phase
        if seat == Seat.S and s.phase == "stock_meld" and len(s.tricks) == tricks:
            return view(s, Seat.S).to_json()
        s = apply(s, auto_action(s) or SimplePlayer(1).act(view(s, seat)))
    raise AssertionError(f"no Meld choice after trick {tricks} in deal {seed}")


@pytest.mark.parametrize("name", list(RICH))
def test_the_meld_choice_and_the_whole_hand_fit_at_every_size(server: Any, name: str) -> None:  # noqa: F811
    v = meld_choice_view(*RICH[name])
    assert len(v["legal"]["melds"]) == 3, v["legal"]

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        seen: dict[str, Any] = {}
        for theme in ("light", "dark"):
            ctx, page, _ = open_fixture(browser, server.url, v, errors, theme=theme, size=SIZES[0])
            page.get_by_test_id("meld-choice").wait_for()
            for w, h in SIZES:
                page.set_viewport_size({"width": w, "height": h})
                settle(page)
                seen[f"{w}x{h} {theme}"] = page.evaluate(OUTSIDE)
                if w in (320, 360, 1440):
                    page.screenshot(path=str(ARTIFACTS / f"meld-choice-{name}-{w}x{h}-{theme}.png"))
            ctx.close()
        return {"seen": seen, "errors": errors}

    ARTIFACTS.mkdir(exist_ok=True)
    out = in_browser(run)
    assert out["errors"] == []
    seen = out["seen"]
    assert all(s["buttons"] >= 4 for s in seen.values()), seen  # three melds and "No meld" (and the dix)
    bad = {k: s for k, s in seen.items() if s["scroll"] > 1 or s["hand"] or s["choice"]}
    assert bad == {}, json.dumps(bad, indent=1)
