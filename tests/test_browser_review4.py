"""A reviewer's last findings on the table, checked in the real page (Chromium).

1. The score line under the felt never names a side's meld before that side's meld has landed on the felt:
   sampled on every frame while the plates are laid one seat after another (motion on, the Relaxed pace).

Screenshots go to $PINOCHLE_SHOTS when it is set.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from .browser_support import in_browser
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import server, settle  # noqa: F401  (server: the module's live server)
from .test_browser_status_follows import IDLE, melds_laid, moving_page, triple

SHOTS = Path(os.environ["PINOCHLE_SHOTS"]) if os.environ.get("PINOCHLE_SHOTS") else None


def shot(page: Any, name: str) -> None:
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"))


# ---------------------------------------------------------------- the score line waits for the meld laid

# On every frame of the lay: each side's meld figure in the score line that shows (opacity above 0), against the
# plates of that side's seats (each must have landed: opaque, its own animation over).
MELD_LINE_SAMPLER = """(sides) => {
  window.__early = []; window.__laying = 0;
  const sample = () => {
    const laying = document.getAnimations().filter((a) => a.id === 'pinochle-meld' && a.playState === 'running');
    if (laying.length) {
      window.__laying += 1;
      for (const [side, seats] of Object.entries(sides)) {
        const item = document.querySelector(`[data-testid=side-${side}-meld]`);
        if (!item || !item.getClientRects().length || getComputedStyle(item).visibility === 'hidden') continue;
        let shown = 1;
        for (let e = item; e && e !== document.body; e = e.parentElement) shown *= Number(getComputedStyle(e).opacity);
        if (shown <= 0.01) continue;
        for (const seat of seats) {
          const p = document.querySelector(`#felt-melds .felt-meld[data-seat="${seat}"]`);
          if (!p) continue;
          const moving = laying.some((a) => a.effect && a.effect.target === p);
          const op = Number(getComputedStyle(p).opacity);
          if (moving || op < 0.99) window.__early.push(`${side} meld ${item.textContent} while ${seat}'s plate at opacity ${op.toFixed(2)}`);
        }
      }
    }
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
}"""


@pytest.mark.parametrize("game", ["table", "double-deck"])
def test_the_score_line_names_a_sides_meld_only_once_its_plates_have_landed(server: Any, game: str) -> None:  # noqa: F811
    """The meld laid (motion on): while the plates open out seat after seat, the score line's "Meld N" of a side
    shows only once every plate of that side's seats lies whole on the felt; once all is still every side's
    meld shows."""
    a, b, _ = triple(game, lambda a, b: melds_laid(a, b) and sum(1 for m in b["melds"].values() if m) >= 2)

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for size, theme in (((390, 844), "dark"), ((1440, 900), "light")):
            ctx, page, script = moving_page(browser, server.url, a, errors, size=size, theme=theme)
            page.evaluate(MELD_LINE_SAMPLER, b["sides"])
            script.view = b
            script.send("move")
            page.wait_for_function("n => document.body.dataset.version === n", arg=str(b["version"]))
            page.wait_for_timeout(250)
            shot(page, f"meld-line-{game}-{size[0]}-laying")
            page.wait_for_function(IDLE)
            settle(page)
            shot(page, f"meld-line-{game}-{size[0]}-laid")
            out[f"{size[0]}"] = {"early": page.evaluate("window.__early"), "frames": page.evaluate("window.__laying"),
                                 "after": {side: page.locator(f"[data-testid=side-{side}-meld]").evaluate(
                                     "e => getComputedStyle(e).visibility === 'visible' ? Number(getComputedStyle(e).opacity) : 0") for side in b["sides"]
                                     if page.locator(f"[data-testid=side-{side}-meld]").count()}}
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for size, got in out.items():
        assert got["frames"] >= 3, (size, got)
        assert got["early"] == [], (size, sorted(set(got["early"]))[:6])
        assert got["after"] and all(op == 1 for op in got["after"].values()), (size, got["after"])
