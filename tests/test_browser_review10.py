"""The tenth fresh review's leftovers in the browser (issue 30: every number explained).

- Home between two hands says the hand over and the next one ("Hand 12 over · next: hand 13", "Deal 4 of 9 over ·
  next: deal 5"), not "Hand 12" for a hand already over, and its line wraps between its pieces only.
- Two-handed: the upcard is fanned out from under the stock, upright, its whole corner index in sight at every width.
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

from .browser_kit import at_each, looks, on_fixture, on_home, visible
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


# ---------------------------------------------------------------- Home: where the match stands between two hands

#: Home drawn for each match summary (the server's, docs/protocol.md), and the question before a match is abandoned
HOME_LINES = """async (ms) => {
  const { renderHome, unfinishedLine } = await import('/static/views/home.js');
  return ms.map((m) => {
    renderHome({ solo: m, seat: { held: false } });
    return { label: document.getElementById('resume-label').textContent,
             detail: document.getElementById('resume-detail').textContent, question: unfinishedLine(m) };
  });
}"""


def test_home_says_a_hand_over_and_the_next_one_between_two_hands(server: Server) -> None:
    """A solo match stands between two hands once a hand is over (the server's summary: ``phase`` "hand_end",
    ``hand_number`` the hand just finished, ``deal_number`` the deals finished): continuing shows that hand's
    summary, then deals the next. Home said "Hand 12" (a hand already over); it says "Hand 12 over · next: hand
    13", and in a match of deals "Deal 4 of 9 over · next: deal 5" ("an extra deal" after the last one tied).
    During a hand it says the hand in play, as before."""
    from pinochle.game import deal_number

    from .test_browser_explain import first_of

    # the engine's facts the words rest on: between two hands the hand number is the hand just finished, the deal
    # number the deals finished (a deal thrown in is dealt again at once: it never stands between two hands)
    s = first_of("table", lambda s: s.phase == "hand_end" and len(s.history) >= 2)
    assert s.hand_no + 1 == s.history[-1].number == 2
    c = first_of("cutthroat", lambda s: s.phase == "hand_end" and len(s.history) >= 2)
    assert deal_number(c) == len(c.history) == 2
    base = {"id": "m", "kind": "solo", "level": "normal", "commitment": "x", "winner": None}
    table = {**base, "game": "table", "totals": {"NS": 420, "EW": 380}}
    deals = {**base, "game": "cutthroat", "deals": 9, "totals": {"E": -4, "S": 12, "W": -8}}
    ms = [{**table, "phase": "hand_end", "hand_number": 12},
          {**table, "phase": "play", "hand_number": 13},
          {**deals, "phase": "hand_end", "hand_number": 5, "deal_number": 4},
          {**deals, "phase": "hand_end", "hand_number": 9, "deal_number": 9},
          {**deals, "phase": "auction", "hand_number": 6, "deal_number": 5}]

    def measure(page: Any, _: Any) -> list[dict[str, str]]:
        out: list[dict[str, str]] = page.evaluate(HOME_LINES, ms)
        page.evaluate("(m) => import('/static/views/home.js').then(({ renderHome }) => renderHome({ solo: m, seat: { held: false } }))",
                      ms[0])
        page.get_by_test_id("resume").scroll_into_view_if_needed()
        return out

    out = at_each(looks(("dark", (360, 740)), ("light", (390, 844)), ("light", (1440, 900))), on_home(server.url), measure,
                  "review10-home")
    for key, got in out.items():
        assert [g["label"] for g in got] == ["Continue your match"] * 5, (key, got)
        assert [g["detail"] for g in got] == [
            "Hand 12 over · next: hand 13 · Us 420 · Them 380 · Normal",
            "Hand 13 · Us 420 · Them 380 · Normal",
            "Deal 4 of 9 over · next: deal 5 · You 12 · East \u22124 · West \u22128 · Normal",
            "Deal 9 of 9 over · next: an extra deal · You 12 · East \u22124 · West \u22128 · Normal",
            "Deal 5 of 9 · You 12 · East \u22124 · West \u22128 · Normal"], (key, got)
        assert [g["question"].split(", score")[0] for g in got] == [
            "Hand 12 over", "Hand 13", "Deal 4 of 9 over", "Deal 9 of 9 over", "Deal 5 of 9"], (key, got)


#: the lines of Home's resume line as laid out: each line's text
RESUME_LINES = """() => {
  const el = document.getElementById('resume-detail');
  const lines = new Map();
  for (const piece of el.querySelectorAll('.dot-piece')) {
    const top = Math.round(piece.getBoundingClientRect().top);
    lines.set(top, [...(lines.get(top) ?? []), piece.textContent]);
  }
  // the line laid out at every width from 100 to 400 px: a piece broken inside ("Us / 420", "next: / hand 13 ·")
  const broken = [];
  el.style.display = 'inline-block';
  for (let w = 100; w <= 400; w += 2) {
    el.style.width = `${w}px`;
    for (const piece of el.querySelectorAll('.dot-piece')) if (piece.getClientRects().length > 1) broken.push([w, piece.textContent]);
  }
  el.style.width = '';
  el.style.display = '';
  return { lines: [...lines.values()].map((l) => l.join(' ')), text: el.textContent, broken: broken.slice(0, 4) };
}"""


def test_homes_resume_line_wraps_between_its_pieces(server: Server) -> None:
    """Between two hands Home's line is longer ("Hand 12 over · next: hand 13 · Us 420 · Them 380 · Normal"): at 320
    and 360 px it wraps, between two pieces only, and no line starts with a "·"."""
    m = {"id": "m", "kind": "solo", "level": "normal", "commitment": "x", "winner": None, "game": "table",
         "totals": {"NS": 1420, "EW": 1380}, "phase": "hand_end", "hand_number": 12}

    def measure(page: Any, _: Any) -> dict[str, Any]:
        page.evaluate("(m) => import('/static/views/home.js').then(({ renderHome }) => renderHome({ solo: m, seat: { held: false } }))", m)
        page.get_by_test_id("resume").scroll_into_view_if_needed()
        return dict(page.evaluate(RESUME_LINES))

    out = at_each(looks(("dark", (320, 568)), ("dark", (360, 740)), ("light", (1440, 900))), on_home(server.url), measure,
                  "review10-home-wrap")
    for key, got in out.items():
        assert got["text"] == "Hand 12 over · next: hand 13 · Us 1420 · Them 1380 · Normal", (key, got)
        assert not any(line.startswith("·") for line in got["lines"]), (key, got)
        assert " ".join(got["lines"]) == got["text"] and got["broken"] == [], (key, got)
    assert len(out["dark-320"]["lines"]) > 1, out


# ---------------------------------------------------------------- two-handed: the upcard's index in sight

#: The upcard under the stock: its corner index (a box laid on the card at the index's place, turned with it: the art's
#: rank and suit, tests/test_browser_cards.py INDEX), whether the upcard itself is what shows at the index's middle and
#: near each of its corners (not the stock over it, nor anything else), whether the index stands upright (taller than
#: wide: a quarter turn lays it on its side), its rank's height in px; the felt's and the upcard's boxes.
UPCARD_INDEX = r"""(ix) => {
  const up = document.querySelector('[data-testid=upcard]');
  if (getComputedStyle(up).position === 'static') up.style.position = 'relative';
  // a point of the card (fractions of its width and height) where it lies on the page, turned with the card
  const at = (fx, fy) => {
    const probe = document.createElement('span');
    Object.assign(probe.style, { position: 'absolute', left: `${fx * 100}%`, top: `${fy * 100}%`, width: '1px', height: '1px',
      pointerEvents: 'none' });
    up.appendChild(probe);
    const r = probe.getBoundingClientRect();
    probe.remove();
    return [r.left + r.width / 2, r.top + r.height / 2];
  };
  const e = 0.01;
  const corners = [at(ix.left + e, ix.rank_top + e), at(ix.right - e, ix.rank_top + e), at(ix.left + e, ix.suit_bottom - e),
                   at(ix.right - e, ix.suit_bottom - e)];
  const points = [at((ix.left + ix.right) / 2, (ix.rank_top + ix.rank_bottom) / 2),
                  at((ix.left + ix.right) / 2, (ix.rank_bottom + ix.suit_bottom) / 2), ...corners];
  const seen = points.map(([x, y]) => { const el = document.elementFromPoint(x, y); return Boolean(el && up.contains(el)); });
  // upright: the index's side from its top to its bottom runs down the page (a quarter turn lays it across)
  const [tl, , bl] = corners;
  const upright = Math.abs(bl[1] - tl[1]) > 2 * Math.abs(bl[0] - tl[0]) && bl[1] > tl[1];
  const b = up.getBoundingClientRect();
  const felt = document.getElementById('felt').getBoundingClientRect();
  return { seen, upright, rank_px: up.offsetHeight * (ix.rank_bottom - ix.rank_top),
           box: [b.left, b.top, b.right, b.bottom], felt: [felt.left, felt.top, felt.right, felt.bottom] };
}"""


def test_the_two_handed_upcard_shows_its_whole_index(server: Server) -> None:
    """Two-handed (VARIANTS.md two-handed: the next card is turned for trump and lies under the stock): at 320, 360,
    390, 768 and 1440 px the upcard is fanned out from under the stock with its whole corner index (rank and suit) in
    sight and upright, and inside the felt. It lay across, a quarter turned: at 390x844 and 360x740 its index read
    sideways, a sliver of a corner (a 9 read as a 6)."""
    from pinochle.game import turn

    from .test_browser_cards import INDEX
    from .test_browser_explain import first_of, south

    # South to play a trick with the stock, the upcard under it (the engine's view of a random match)
    v = south(first_of("two-handed", lambda s: s.phase == "stock_play" and len(s.tricks) >= 2 and turn(s) is not None
                       and int(turn(s)) == 2))
    assert v["upcard"] and v["stock_left"] > 1
    sizes = [("light", (320, 568)), ("dark", (360, 740)), ("light", (390, 844)), ("light", (768, 1024)),
             ("light", (1440, 900)), ("dark", (1440, 900))]

    out = at_each(looks(*sizes), on_fixture(server.url, v, visible("upcard"), close_meld=True),
                  lambda page, _: page.evaluate(UPCARD_INDEX, INDEX), "review10-upcard")
    for key, got in out.items():
        assert all(got["seen"]) and got["upright"], (key, got)
        box, felt = got["box"], got["felt"]
        assert box[0] >= felt[0] and box[1] >= felt[1] and box[2] <= felt[2] and box[3] <= felt[3], (key, got)
