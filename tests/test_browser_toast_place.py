"""Where the table's toast lies (labels never cover what a player reads or taps).

Engine-made views of your turn in the middle of a trick, with cards you may not play, are served to
the real page over a scripted socket (``web_fixtures.Scripted``); a card you may not play is tapped
and the server's refusal is sent back. At 320, 360, 390, 768 and 1440 px, at tables of four, three
and two, the toast that says why:

- covers neither the status line nor the score line, no card of the trick, no card of your hand
  and no button (it lies over the felt above the status line on a phone);
- lies whole in the window.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from pinochle.game import State, view

from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import BOXES, at_widths, overlaps, play_until, size_of, south
from .test_browser_layout import in_browser, open_fixture, server, settle  # noqa: F401  (server: the module's live server)

WIDTHS = (320, 360, 390, 768, 1440)
TABLES = [("table", 4), ("cutthroat", 3), ("two-handed", 2)]
#: the server's refusal of a card you may not play (its words are the engine's)
REFUSAL = {"type": "error", "code": "illegal", "message": "you must follow suit, and head the trick if you can"}


def your_turn_with_cards_you_may_not_play(game: str) -> dict[str, Any]:
    """Your view at your turn in the middle of a trick, with some cards of your hand not playable."""
    def done(s: State) -> bool:
        if len(s.tricks) < 2:
            return False
        v = view(s, 2).to_json()
        play = v["legal"].get("play") or []
        t = v["tricks"][-1] if v["tricks"] else None
        return bool(play and t and not t["winner"] and t["cards"] and len(set(play)) < len(set(v["hand"])))
    return south(play_until(game, 1, done))


@pytest.mark.parametrize("game,n", TABLES)
def test_the_toast_covers_no_status_score_trick_card_or_button(server: Any, game: str, n: int) -> None:  # noqa: F811
    v = your_turn_with_cards_you_may_not_play(game)

    def body(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {"errors": errors, "bad": {}, "shown": 0}
        ctx, page, script = open_fixture(browser, server.url, v, errors, size=size_of(WIDTHS[0]))
        for width in at_widths(page, WIDTHS):
            page.locator("#hand button.card[data-legal=false]").first.click()
            script.ws.send(json.dumps(REFUSAL))
            toast = page.get_by_test_id("toast").last
            toast.wait_for()
            settle(page)
            settle(page)
            box = page.evaluate(BOXES, "#toasts .toast")[-1]
            out["shown"] += 1
            found = []
            for sel in ("#status", "#sides > *", "#centre .slot .card", "#hand button.card", "#screen-table button"):
                for b in page.evaluate(BOXES, sel):
                    if overlaps([{**box, "id": "toast"}, b]):
                        found.append(f"{sel}: {b}")
            w, h = size_of(width)
            if box["x"] < 0 or box["y"] < 0 or box["x"] + box["w"] > w or box["y"] + box["h"] > h:
                found.append(f"outside the window: {box}")
            if found:
                out["bad"][width] = found
            page.evaluate("() => document.querySelectorAll('#toasts .toast').forEach((t) => t.remove())")
        ctx.close()
        return out

    out = in_browser(body)
    assert out["errors"] == [], out["errors"]
    assert out["shown"] == len(WIDTHS)
    assert out["bad"] == {}, out["bad"]
