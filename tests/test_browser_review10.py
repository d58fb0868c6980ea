"""The tenth fresh review's leftovers in the browser (issue 30: every number explained).

- Racehorse, partnership pass: the hand summary's card pass names the cards each way ("You passed Partner 10♦,
  J♦, A♥ and A♣; Partner passed back ..."); a card is an inline block, after which a line may break, and at some
  widths a line began with the comma after it. Each comma (and the ";" and "." ending a list) stays on the line of
  its card: measured at every width of the line from 120 to 700 px.

The views are the engine's own (tests/test_browser_aids8.py ``passed_hand``), sent to the real page by a
scripted socket. Screenshots go under $PINOCHLE_SHOTS when it is set.
"""

from __future__ import annotations

from typing import Any

import pytest

from .browser_kit import at_each, looks, on_fixture, visible
from .browser_support import Server, module_server
from .test_browser_aids8 import passed_hand

server = module_server("review10")

pytestmark = pytest.mark.usefixtures("needs_chromium")


#: The pass line laid out at each width from 120 to 700 px: every line's first visible character, and where a
#: line starts with a comma, a semicolon or a full stop, the width and the text around it.
PASS_LINE_STARTS = """() => {
  const p = document.querySelector('[data-testid=pass-line]');
  const bad = [];
  const starts = new Set();
  for (let w = 120; w <= 700; w += 1) {
    p.style.width = `${w}px`;
    p.style.maxWidth = 'none';
    const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
    let prevBottom = -Infinity;
    let prevTop = -Infinity;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.data.length; i++) {
        const ch = node.data[i];
        if (ch.trim() === '') continue;
        const r = document.createRange();
        r.setStart(node, i);
        r.setEnd(node, i + 1);
        const box = r.getBoundingClientRect();
        if (!box.width && !box.height) continue;
        // a new line: the character lies wholly below the one before it
        if (box.top >= prevBottom - 1) {
          starts.add(ch);
          if (',;.'.includes(ch)) bad.push([w, node.data]);
        }
        prevTop = box.top;
        prevBottom = Math.max(box.bottom, box.top + 1);
      }
    }
  }
  p.style.width = '';
  p.style.maxWidth = '';
  return { bad: bad.slice(0, 5), starts: [...starts] };
}"""


@pytest.mark.parametrize("game", ["racehorse", "partnership-pass"])
def test_no_line_of_the_card_pass_starts_with_a_comma(server: Server, game: str) -> None:
    v = passed_hand(game, True)
    assert len(v["exchange"]) == 2 and len(v["exchange"][0]) == 4

    def measure(page: Any, _: Any) -> dict[str, Any]:
        return {"text": page.get_by_test_id("pass-line").inner_text().replace("\ufe0e", ""),
                **page.evaluate(PASS_LINE_STARTS)}

    out = at_each(looks(("dark", (360, 740)), ("light", (1440, 900))), on_fixture(server.url, v, visible("hand-summary")),
                  measure, f"review10-pass-{game}")
    for key, got in out.items():
        # the words are as before: a list of four cards each way, "and" before the last
        assert got["text"].count(",") == 4 and got["text"].count(" and ") == 2 and ";" in got["text"], (key, got["text"])
        assert got["bad"] == [], (key, got)
        # the measure saw lines start (a card's rank or a word), so it did look at wrapped lines
        assert len(got["starts"]) > 1, (key, got)
