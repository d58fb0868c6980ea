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


#: double-deck's largest melds before the first lead of the engine's random hands (seeds 1-59): West's eight kinds
#: (seed 36), North's seven (40), South's seven (26), West's seven beside East's six (45)
LARGEST = (36, 40, 26, 45)


def largest(seed: int) -> dict[str, Any]:
    """South's view of double-deck's hand ``seed`` (:data:`LARGEST`) as its first card is led."""
    from .test_browser_explain import play_until
    return south(play_until("double-deck", seed, lambda s: s.phase == "play" and not s.tricks))


#: each pair of a plate's meld names laid side by side on one line with less than 6 px between them
ROW_GAPS = """() => { const out = [];
  for (const rows of document.querySelectorAll('#felt-melds .fm-rows')) {
    // a list that lays its names side by side where they fit keeps a gap between them
    const cs = getComputedStyle(rows);
    if (cs.display === 'flex' && cs.flexWrap === 'wrap' && cs.flexDirection === 'row' && parseFloat(cs.columnGap || '0') < 6
        && rows.querySelectorAll('.fm-row').length > 1 && rows.getBoundingClientRect().width > 0) out.push(`column-gap ${cs.columnGap}`);
    const els = [...rows.querySelectorAll('.fm-row')].filter((r) => r.getBoundingClientRect().width > 0);
    for (let i = 1; i < els.length; i++) {
      const a = els[i - 1].getBoundingClientRect(), b = els[i].getBoundingClientRect();
      const sep = getComputedStyle(els[i], '::before').content;  // a " · " drawn before it separates them
      if (sep !== 'none' && sep !== 'normal') continue;
      if (Math.abs(a.top - b.top) < 2 && b.left - a.right < 6) out.push(`${Math.round(b.left - a.right)} px`);
    }
  }
  return out; }"""


def test_double_decks_largest_melds_name_every_meld_on_a_phone() -> None:
    """Double-deck's largest melds at 360x740 (dark) and 390x844 (light): every plate names each of its melds with
    its points, none cut, before any plate shows cards (the twelfth review saw the biggest plate's cards without a
    name at 360: a plate with no room under the row of the others' plates now takes the layer's whole height beside
    yours, and yours lists its names when that is what leaves the others theirs); a plate's cards, when shown, each
    show their corner index at 26 px across at the least. At 320x568 a layer tall enough for the plates' names
    (not a sliver of one line each) gives the others' plates theirs."""
    from .browser_support import in_browser, shot
    from .test_browser_layout import open_fixture, settle

    views = {seed: largest(seed) for seed in LARGEST}
    assert max(len(m["melds"]) for v in views.values() for m in v["melds"].values()) >= 8

    gaps: dict[str, list[str]] = {}

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for seed, v in views.items():
            seats = [seat for seat, m in v["melds"].items() if m["melds"]]
            for theme, size in (("dark", (360, 740)), ("light", (390, 844)), ("dark", (320, 568))):
                ctx, page, _ = open_fixture(browser, server_url[0], v, errors, theme=theme, size=size)
                page.wait_for_selector("#felt-melds .felt-meld")
                settle(page)
                short = page.evaluate("() => document.getElementById('felt-melds').dataset.short === 'true'")
                for seat in seats:
                    out[f"{seed}-{size[0]}-{seat}"] = {**page.evaluate(PLATE, seat), "short": short}
                gaps[f"{seed}-{size[0]}"] = page.evaluate(ROW_GAPS)
                shot(page, f"meld-plates-largest-{seed}-{size[0]}-{theme}")
                ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    # two melds named on one line stand apart ("Royal marriage ♠ 4Marriage ♥ 2" ran together: the fourteenth review)
    assert {k: g for k, g in gaps.items() if g} == {}, gaps
    for key, got in out.items():
        assert got["whole"] and got["over"] == [] and got["cut"] == [], (key, got)
        if got["fan"] == "shown" and not got["short"]:  # a sliver hides every fan (felt.css)
            assert got["hidden"] == 0 and got["width"] >= 26, (key, got)
        if "-320-" in key and (got["short"] or key.endswith("-S")):
            continue  # a sliver: each plate its total; yours may leave its names to your hand
        assert got["rows"] >= 1 and got["shown"] == got["rows"], (key, got)
