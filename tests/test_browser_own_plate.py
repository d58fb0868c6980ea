"""Your own meld on the felt names your melds, by your seat (issue 30, the fourteenth review): in double-deck at
360x740 your plate showed only "needs a trick 28", with no meld name, under West's plate at the left, away from your
"You" pill, while the others' plates named theirs; and "Royal marriage ♦" wrapped its suit onto a line of its own.

The plates' rule (views/felt.js layFans): names first, cards where room allows. Before the first lead of double-deck's
largest melds and of the table game, at 360x740 (dark) and 390x844 (light): your plate shows every one of its rows
whole, above your seat (the plate spans the seat's middle), over no other plate; and no meld's suit sits on a line
apart from its name, on any plate. At 320x568 (dark) the same holds unless the middle is a sliver (each plate its
total) or too low for your names (your cards are in your hand). Screenshots go to $PINOCHLE_SHOTS when set.
"""

from __future__ import annotations

from typing import Any

import pytest

from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import first_of, south
from .test_browser_layout import server  # noqa: F401  (server: the module's live server)
from .test_browser_meld_plate_names import LARGEST, largest
from .test_browser_summary5 import PLATE
from .test_browser_summary_rows import server_url  # noqa: F401  (filled by the fixture below)


@pytest.fixture(autouse=True)
def _url(server: Any) -> None:  # noqa: F811
    server_url[:] = [server.url]


#: double-deck with Partner declaring and your five melds (seed 10): at 360 your plate showed its total alone
REVIEWED = 10

#: your plate against your seat and the other plates; each suit against the word before it, on every plate
OWN = """() => {
  const layer = document.getElementById('felt-melds');
  const mine = layer.querySelector('.felt-meld.at-bottom');
  const r = mine.getBoundingClientRect();
  const seat = document.querySelector('#felt > .seat.pos-bottom').getBoundingClientRect();
  const mid = seat.left + seat.width / 2;
  const covers = [...layer.querySelectorAll('.felt-meld:not(.at-bottom)')].filter((p) => {
    const b = p.getBoundingClientRect();
    return r.left < b.right - 0.5 && b.left < r.right - 0.5 && r.top < b.bottom - 0.5 && b.top < r.bottom - 0.5;
  }).map((p) => p.dataset.seat);
  const apart = [];
  for (const suit of layer.querySelectorAll('.fm-row .fm-suit')) {
    if (!suit.getClientRects().length) continue;
    const name = suit.closest('.fm-name');
    // the last letter of the name before the suit
    const walker = document.createTreeWalker(name, NodeFilter.SHOW_TEXT);
    let last = null, at = -1;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (suit.contains(n)) break;
      const i = n.textContent.search(/\\S\\s*$/);
      if (i >= 0) { last = n; at = i; }
    }
    if (!last) continue;
    const range = document.createRange();
    range.setStart(last, at); range.setEnd(last, at + 1);
    const a = range.getBoundingClientRect(), b = suit.getBoundingClientRect();
    if (Math.abs(a.top - b.top) > 3) apart.push(name.textContent);
  }
  return { covers, apart, spans: r.left <= mid && r.right >= mid, above: r.bottom <= seat.top + 1,
           short: layer.dataset.short === 'true', tall: layer.dataset.tall ?? null };
}"""

SIZES = (("dark", (360, 740)), ("light", (390, 844)), ("dark", (320, 568)))


def views() -> dict[str, dict[str, Any]]:
    """South's views before the first lead: double-deck's largest melds and the reviewed hand, and the table game's
    first hand where you meld three kinds or more."""
    out = {f"double-deck-{seed}": largest(seed) for seed in (REVIEWED, *LARGEST)}
    out["table"] = south(first_of("table", lambda s: s.phase == "play" and not s.tricks and len(s.melds[2].items) >= 3))
    return out


def test_your_plate_names_your_melds_above_your_seat_on_a_phone() -> None:
    from .browser_support import in_browser, shot
    from .test_browser_layout import open_fixture, settle

    vs = views()
    assert len(vs[f"double-deck-{REVIEWED}"]["melds"]["S"]["melds"]) == 5

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for key, v in vs.items():
            for theme, size in SIZES:
                ctx, page, _ = open_fixture(browser, server_url[0], v, errors, theme=theme, size=size)
                page.wait_for_selector("#felt-melds .felt-meld.at-bottom")
                settle(page)
                out[f"{key}-{size[0]}"] = {**page.evaluate(PLATE, "S"), **page.evaluate(OWN)}
                shot(page, f"own-plate-{key}-{size[0]}-{theme}")
                ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for key, got in out.items():
        assert got["apart"] == [], (key, got)  # "Royal marriage" with "♦" on a line of its own
        assert got["whole"] and got["cut"] == [] and got["over"] == [] and got["covers"] == [], (key, got)
        if key.endswith("-320") and (got["short"] or got["shown"] == 0):
            continue  # a sliver, or too low a middle: your plate says its total (your cards are in your hand)
        assert got["rows"] >= 1 and got["shown"] == got["rows"], (key, got)  # every meld of yours named
        assert got["spans"] and got["above"], (key, got)  # by your seat
