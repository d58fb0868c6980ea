"""The trick at an auction table of 5 (VARIANTS.md ``auction``, five players): the card you play lies
clear of your own seat's plate, at 1440x900, 768x1024, 390x844 and 360x740 (the card played over the
plate "You · 3 cards" at 1440 px), and clear of the other players' plates too.

The page talks to ``ChairSocket`` (tests/test_browser_chairs.py: the real engine, chair 0 is the page),
in a hand chair 0 plays (the dealer is chair 1); every chair's moves are made by the Easy bots, and the
socket stops once chair 0 has played the last card of a trick. Screenshots go to
tests/artifacts/chairs-trick-fit-*.png.
"""

from __future__ import annotations

from typing import Any

import pytest

from pinochle.game import apply, auto_action, turn

from .test_browser import ARTIFACTS, Server
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_chairs import ME, ChairSocket, open_table
from .test_browser_layout import in_browser, server, settle  # noqa: F401  (server: the module's live server)

SIZES = [(1440, 900), (768, 1024), (390, 844), (360, 740)]

READY = """() => document.body.dataset.screen === 'table' && document.body.dataset.busy !== '1'
  && document.querySelectorAll('#centre .slot .card').length >= 1"""

#: the boxes of the seats' plates and of the trick's cards, by seat
BOXES = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return {l: r.left, r: r.right, t: r.top, b: r.bottom}; };
  return {
    seats: [...document.querySelectorAll('#felt > .seat')].filter((e) => e.getClientRects().length)
      .map((e) => ({id: e.id, box: box(e)})),
    cards: [...document.querySelectorAll('#centre .slot')].map((e) => ({id: e.dataset.testid, box: box(e.querySelector('.card'))})),
  };
}"""


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["l"] < b["r"] - 1 and b["l"] < a["r"] - 1 and a["t"] < b["b"] - 1 and b["t"] < a["b"] - 1


class EveryChairPlays(ChairSocket):
    """Chair 0's moves too are made by its bot; stops once chair 0 has played a trick's last card."""

    def advance(self) -> None:
        while self.state.phase not in ("hand_end", "match_end"):
            s = self.state
            # the trick's last card, chair 0's (the caption "X takes the trick" under the cards)
            last = s.tricks[-1] if s.phase == "play" and s.tricks else None
            if last is not None and len(last.cards) == 3 and s.lineup[last.seats[-1]] == ME:
                return
            a = auto_action(s)
            if a is None:
                seat = turn(s)
                assert seat is not None
                a = self.bots[s.lineup[seat]].act(__import__("pinochle.game", fromlist=["view"]).view(s, seat))
            self.state = apply(s, a)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_your_card_in_the_trick_is_clear_of_the_plates(server: Server, size: tuple[int, int]) -> None:
    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        sock = EveryChairPlays(first_dealer=1)
        ctx, page = open_table(browser, server.url, sock, "light", size, errors, READY)
        settle(page)
        out = page.evaluate(BOXES)
        page.screenshot(path=str(ARTIFACTS / f"chairs-trick-fit-{size[0]}.png"))
        ctx.close()
        out["errors"] = errors + sock.errors
        return out

    ARTIFACTS.mkdir(exist_ok=True)
    out = in_browser(run)
    assert out["errors"] == []
    assert len(out["seats"]) == 3 and out["cards"], out
    hits = [(c["id"], s["id"]) for c in out["cards"] for s in out["seats"] if overlaps(c["box"], s["box"])]
    assert hits == [], (size, hits, out)
