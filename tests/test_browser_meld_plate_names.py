"""The meld on the felt says each meld's name and points on a phone (issue 30, eleventh review): at 360 px a
plate with several melds dropped their names (North's "70" showed only cards), and double-deck's plates
squeezed 13 or 14 cards with no names. A plate short of room keeps the names and points before the cards
(views/felt.js layFans: the names in lines, the cards behind the tap), never the cards without the names.

Before the first lead of the engine's own hands (random legal play), at 360x740 (dark) and 390x844 (light),
every plate of every seat shows every row of its meld, none cut. Screenshots go to $PINOCHLE_SHOTS when set.
"""

from __future__ import annotations

from typing import Any

import pytest

from pinochle.game import State

from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import first_of, south
from .test_browser_layout import server  # noqa: F401  (server: the module's live server)
from .test_browser_summary5 import PLATE
from .test_browser_summary_rows import server_url  # noqa: F401  (filled by the fixture below)


@pytest.fixture(autouse=True)
def _url(server: Any) -> None:  # noqa: F811
    server_url[:] = [server.url]


def many_melds(game: str, kinds: int) -> State:
    """The first position of ``game`` before the first lead where a seat other than South melds ``kinds``
    kinds or more (South's hand at the foot of the screen leaves the others' plates the least room)."""
    def until(s: State) -> bool:
        if s.phase != "play" or s.tricks:
            return False
        return any(len(s.melds[p].items) >= kinds for p in s.game.seating.seats if p != 2)
    return first_of(game, until)


@pytest.mark.parametrize("game,kinds", [("partnership-pass", 3), ("double-deck", 3)])
def test_every_plate_on_a_phone_says_its_melds_names_and_points(game: str, kinds: int) -> None:
    from .browser_support import in_browser, shot
    from .test_browser_layout import open_fixture, settle
    v = south(many_melds(game, kinds))
    seats = [seat for seat, m in v["melds"].items() if m["melds"]]
    assert any(len(v["melds"][seat]["melds"]) >= kinds for seat in seats if seat != "S")

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for theme, size in (("dark", (360, 740)), ("light", (390, 844))):
            ctx, page, _ = open_fixture(browser, server_url[0], v, errors, theme=theme, size=size)
            page.wait_for_selector("#felt-melds .felt-meld")
            settle(page)
            for seat in seats:
                out[f"{size[0]}-{seat}"] = page.evaluate(PLATE, seat)
            shot(page, f"meld-plates-{game}-{size[0]}-{theme}")
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for key, got in out.items():
        assert got["rows"] >= 1 and got["shown"] == got["rows"] and got["cut"] == [], (key, got)
        assert got["whole"] and got["over"] == [], (key, got)
        if got["fan"] == "shown":  # the cards a plate shows each show their corner index
            assert got["hidden"] == 0, (key, got)
