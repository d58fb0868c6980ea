"""The card turned for trump lies by the dealer's seat (issue 30, the fourteenth review): in turned-trump the dealer
turns the last card for trump (RULES.md, VARIANTS.md turned-trump), but the turned card lay at the felt's foot, by
your seat, when Partner dealt. Now it lies beside or under the dealer's seat, whoever deals (views/felt.js
placeTurned).

For a hand dealt by each of the four seats, before the first lead (the melds on the felt) and with two cards of the
first trick down, at 360x740 (dark), 390x844 (light) and 1440x900 (light and dark): the turned card lies within 14 px
of the dealer's seat and nearer to it than to any other seat, and over no seat (no name), no meld plate, no card of
the trick and no card of your hand. Screenshots go to $PINOCHLE_SHOTS when set.
"""

from __future__ import annotations

from typing import Any

import pytest

from pinochle.game import State

from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import play_until, south
from .test_browser_layout import server  # noqa: F401  (server: the module's live server)
from .test_browser_summary_rows import server_url  # noqa: F401  (filled by the fixture below)


@pytest.fixture(autouse=True)
def _url(server: Any) -> None:  # noqa: F811
    server_url[:] = [server.url]


def before_lead(s: State) -> bool:
    return s.phase == "play" and not s.tricks


def two_down(s: State) -> bool:
    return s.phase == "play" and len(s.tricks) == 1 and len(s.tricks[0].cards) == 2


def by_dealer() -> dict[str, dict[str, Any]]:
    """South's view of turned-trump's first hand dealt by each seat (N, E, S, W), at each of the two moments."""
    out: dict[str, dict[str, Any]] = {}
    for seed in range(1, 40):
        v = south(play_until("turned-trump", seed, before_lead))
        if any(k.startswith(f"{v['dealer']}-") for k in out):
            continue
        out[f"{v['dealer']}-lead"] = v
        out[f"{v['dealer']}-trick"] = south(play_until("turned-trump", seed, two_down))
        if len(out) == 8:
            return out
    raise AssertionError(sorted(out))


#: the turned card against the dealer's seat, the other seats, the plates, the trick's cards and your hand
TURNED = """() => {
  const piles = document.getElementById('piles');
  const p = piles.querySelector('.pile.turned').getBoundingClientRect();
  const gap = (r) => Math.max(r.left - p.right, p.left - r.right, r.top - p.bottom, p.top - r.bottom, 0);
  const meets = (r) => r.width && r.height && p.left < r.right - 0.5 && r.left < p.right - 0.5 && p.top < r.bottom - 0.5 && r.top < p.bottom - 0.5;
  const seats = Object.fromEntries([...document.querySelectorAll('#felt > .seat')].map((el) => [el.id.replace('pos-', ''), el.getBoundingClientRect()]));
  const over = [...document.querySelectorAll('#felt > .seat, #felt-melds .felt-meld, #centre .card, #hand .card')]
    .filter((el) => meets(el.getBoundingClientRect())).map((el) => el.id || el.className);
  return { dealer: piles.dataset.dealer ?? null, gaps: Object.fromEntries(Object.entries(seats).map(([k, r]) => [k, gap(r)])), over };
}"""

PLACE = {"N": "top", "E": "right", "S": "bottom", "W": "left"}


def test_the_turned_card_lies_by_the_dealers_seat() -> None:
    from .browser_support import in_browser, shot
    from .test_browser_layout import open_fixture, settle

    views = by_dealer()

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for key, v in views.items():
            for theme, size in (("dark", (360, 740)), ("light", (390, 844)), ("light", (1440, 900)), ("dark", (1440, 900))):
                ctx, page, _ = open_fixture(browser, server_url[0], v, errors, theme=theme, size=size)
                page.wait_for_selector("#piles .pile.turned")
                settle(page)
                out[f"{key}-{size[0]}-{theme}"] = page.evaluate(TURNED)
                shot(page, f"turned-{key}-{size[0]}-{theme}")
                ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for key, got in out.items():
        place = PLACE[key[0]]
        near = got["gaps"][place]
        assert near <= 14, (key, place, got)  # by the dealer's seat
        assert all(near < g for at, g in got["gaps"].items() if at != place), (key, place, got)
        assert got["over"] == [], (key, got)  # over no name, plate or card
