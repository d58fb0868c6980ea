"""``pinochle/web/views/felt.js`` ``fanLayout``: a seat's meld on the felt laid out as a fanned hand.

The function runs in Debian's Chromium (the harness of tests/test_settings_js.py). Over every meld size
from 1 to 30 cards and every fan width from 60 to 420 px, at the felt's card sizes: the fan never runs
wider than its room when a card's index fits in it, each card shows at least its corner index (the art's
left 21 % and top 43 %), the rows hold every card and are even (they differ by one card at most), and
cards that fit side by side are not overlapped.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from .test_settings_js import base_url, in_browser

__all__ = ["base_url"]  # the fixture, imported for the tests below

pytestmark = pytest.mark.usefixtures("needs_chromium")

SWEEP = """async (sizes) => {
  const { fanLayout } = await import('/views/felt.js');
  const out = [];
  for (const [fw, fh] of sizes)
    for (let n = 1; n <= 30; n++)
      for (let width = 60; width <= 420; width += 7) out.push({ n, room: width, fw, fh, ...fanLayout(n, width, fw, fh) });
  return out;
}"""


def test_fan_layout_shows_every_index_within_its_room(base_url: str) -> None:
    sizes = [(34, 48), (30, 42), (38, 54), (54, 76)]
    got: list[dict[str, Any]] = in_browser(base_url, lambda page: page.evaluate(SWEEP, sizes))
    assert len(got) == len(sizes) * 30 * 52
    for lay in got:
        n, room, fw, fh = lay["n"], lay["room"], lay["fw"], lay["fh"]
        assert lay["rows"] * lay["perRow"] >= n > (lay["rows"] - 1) * lay["perRow"], lay  # every card, no empty row
        if lay["perRow"] > 1:
            assert lay["step"] >= fw * 0.21, lay  # the index of the card under the next one shows
        if lay["rows"] > 1:
            assert lay["band"] >= fh * 0.43, lay  # the index of the row behind shows
            assert lay["height"] == fh + (lay["rows"] - 1) * lay["band"], lay
        if fw + math.ceil(fw * 0.3) <= room:
            assert lay["width"] <= room + 0.01, lay  # within its room
        if n * fw + (n - 1) * 3 <= room:
            assert lay["rows"] == 1 and (n == 1 or lay["step"] == fw + 3), lay  # room for all: side by side
