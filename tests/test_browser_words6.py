"""Words and numbers from the sixth review of issue 30, in the browser.

- Statistics: a hand the device's seat was stuck with as the dealer (RULES.md, Deal and auction 3: the first
  three pass, the dealer is stuck at the minimum and makes no call) is not one of "Your bids": it is counted
  apart, "Stuck as dealer 3, made 0", with a note saying why.

The figures are the server's (pinochle/stats.py), from lines the engine's own stuck hands give
(``hand_line``), written into the live server's store. Screenshots go to $PINOCHLE_SHOTS when it is set.
"""

from __future__ import annotations

from typing import Any

import pytest

from pinochle.server.storage import SQLiteStorage
from pinochle.stats import hand_line

from .browser_support import Server, in_browser, module_server, shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_stats import open_as, open_stats_by_keyboard, rows
from .test_stats import stuck_hand

server = module_server("words6")

STUCK_DEVICE = "words6stuckdealerdevice0001"


# ---------------------------------------------------------------- statistics: a stuck dealer made no bid


def seed_stuck(srv: Server) -> int:
    """Three table hands the device's seat was stuck with as the dealer (the engine's, one match each), and one
    hand it did not declare; returns how many of the stuck hands were made."""
    store = SQLiteStorage(srv.db)
    made = 0
    try:
        for i, seed in enumerate((3, 4, 5)):
            state = stuck_hand(seed)
            hand = state.history[-1]
            assert hand.stuck and hand.declarer is not None
            line = hand_line(state, f"stuck-m{i}", int(hand.declarer))
            assert line.declarer and line.stuck
            made += line.made
            store.record_hand(STUCK_DEVICE, line.match, line.hand, line.to_json())
            partner = hand_line(state, f"stuck-p{i}", (int(hand.declarer) + 2) % 4)
            store.record_hand(STUCK_DEVICE, partner.match, partner.hand, partner.to_json())
    finally:
        store.close()
    return made


def test_a_stuck_dealers_hands_are_not_counted_as_your_bids(server: Server) -> None:
    made = seed_stuck(server)

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for theme, size in (("dark", (360, 740)), ("light", (1440, 900))):
            page = open_as(browser, server, STUCK_DEVICE, size, errors)
            page.emulate_media(color_scheme=theme)
            open_stats_by_keyboard(page, "home-stats")
            out[f"{theme}-{size[0]}"] = {
                "rows": rows(page, "table"),
                "notes": page.evaluate("""() => [...document.querySelectorAll('[data-testid="stats-table"] [data-testid=stats-note]')]
                  .map((n) => n.textContent)"""),
                "wide": page.evaluate("() => document.documentElement.scrollWidth - innerWidth"),
            }
            shot(page, f"words6-stats-stuck-{theme}-{size[0]}")
            page.context.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for key, got in out.items():
        r = got["rows"]
        # never "0 of 3, set 3 of 3" for hands nobody bid: they are no bids of yours
        assert r["Hands played"] == "6", (key, r)
        assert r["Your bids made"] == "no bids yet" and r["Your bids set"] == "no bids yet", (key, r)
        assert r["Stuck as dealer"] == f"3, made {made}", (key, r)
        assert any("not counted among your bids" in n for n in got["notes"]), (key, got["notes"])
        assert got["wide"] <= 0, key
