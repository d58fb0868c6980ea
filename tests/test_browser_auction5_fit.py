"""The bidding at an auction table of 5 on a phone: the widow's backs lie over no word of the felt's heading.

A fresh reviewer (360x740, dark) saw the widow's three backs and their "Widow" label lie over the start of the
felt's heading, "Auction 250 · high bid · North-west", while the others bid. Here the real engine deals the first
deal of a match of the auction game at 5 (seed 7, chair 1 dealing): North-west bids 250, East passes, and it is
your turn (chair 0); the page shows the view the server sends and is measured at 320x568, 360x740 and 390x844,
light and dark: the widow, each piece of the auction's lines (its title, the high bid, the calls), every seat and
the bench: no two overlap, and the widow lies whole on the felt.

Screenshots: ``auction5-fit-<theme>-<width>.png`` under $PINOCHLE_SHOTS.
"""

from __future__ import annotations

import json
from typing import Any

from pinochle.game import Action, BidAction, State, apply, legal_actions, new_match, turn

from .browser_kit import Look, at_each, looks
from .test_browser import MY_TURN, pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_chairs import open_table
from .test_browser_layout import server, settle  # noqa: F401  (server: the module's live server)
from .test_browser_thrown_in_fit import MEASURE, ThrownIn, auto


def bidding() -> State:
    """Seed 7 at 5 players, chair 1 dealing: North-west (chair 2) bids 250, East (chair 4) passes: chair 0's turn."""
    state = auto(new_match(seed=7, game="auction", players=5, first_dealer=1))
    bid = False
    while state.lineup[turn(state)] != 0:
        seat = turn(state)
        opening = next((a for a in legal_actions(state) if isinstance(a, BidAction)), None)
        state = auto(apply(state, Action.pass_(seat) if bid or opening is None else opening))
        bid = True
    return state


class Bidding(ThrownIn):
    """The page's socket at that moment: it never moves on; the solo table's names."""

    def __init__(self) -> None:
        super().__init__()
        self.state = bidding()


def test_the_widow_lies_over_no_word_of_the_auction_at_a_table_of_five_on_a_phone(server: Any) -> None:  # noqa: F811
    def open_case(browser: Any, look: Look, errors: list[str]) -> Any:
        _, page = open_table(browser, server.url, Bidding(), look.theme, look.size, errors, MY_TURN)
        settle(page)
        return page

    def measure(page: Any, _: Look) -> dict[str, Any]:
        m = dict(page.evaluate(MEASURE))
        m["title"] = page.evaluate("() => document.querySelector('#centre > .centre-info')?.innerText ?? ''")
        return m

    cases = looks(*((theme, size) for size in ((320, 568), (360, 740), (390, 844)) for theme in ("light", "dark")))
    got = at_each(cases, open_case, measure, "auction5-fit")
    assert len(got) == 6, sorted(got)
    wrong = {}
    for key, m in got.items():
        assert m["widow"] and "high bid" in m["title"] and "North-west" in m["title"], (key, m)
        found = {"clashes": m["clashes"], "outside the felt": [a for a in m["outside"] if a == "widow"]}
        if any(found.values()):
            wrong[key] = {k: v for k, v in found.items() if v}
    assert wrong == {}, json.dumps(wrong, indent=1)
