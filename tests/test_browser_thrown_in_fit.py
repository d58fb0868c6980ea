"""A deal thrown in, at an auction table of 5 on a phone: no two boxes of the felt and the bid row overlap.

A fresh reviewer (360x740, dark) saw the widow's three backs lie over the start of the thrown-in banner
("l 1 was thrown in: ...body bid"), the auction's line ("Auction — no bid yet") drawn over your seat's pill,
and the Hint's ring and glow round "Bid 250" spill over "+50" and "Pass". Here the real engine deals a match
of the auction game at 5 (seed 7) whose first deal everybody passes, so that North-west deals it again; the
others pass to you in the deal again, the page (chair 0, the seats named as the server names a solo table's)
shows the view the server sends, the Hint is pressed (its answer: bid 250) and the page is measured at 320x568,
360x740 and 390x844, light and dark:

- the banner, the widow, each piece of the auction's lines (its title, the high bid, the note, the calls),
  every seat (yours too) and the bench: no two overlap, and the banner and the widow lie whole on the felt;
- the Hint's ring (its outline and a glow without blur, as drawn) round the bid button stays in that
  button's own room: it lies over no other control of the bid row.

Screenshots: ``thrown-in-fit-<theme>-<width>.png`` under $PINOCHLE_SHOTS.
"""

from __future__ import annotations

import json
from typing import Any

from pinochle.chairs import view_for_chair
from pinochle.game import Action, State, apply, auto_action, new_match, turn

from .browser_kit import Look, at_each, looks
from .test_browser import MY_TURN, pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_chairs import ChairSocket, open_table
from .test_browser_layout import server, settle  # noqa: F401  (server: the module's live server)

#: the chairs' names at a solo table of 5 (pinochle/server/table.py), yours first
NAMES = ("You", "West", "North-west", "North-east", "East")
#: as long as the server's reason for a bid of 250 (the review's)
REASON = ("Bid 250: you would be set in none of 48 deals and on average make 430 (your 260 meld in diamonds, "
          "40 from the widow, 130 counters).")


def auto(state: State) -> State:
    """The automatic moves made, as the server makes them."""
    while (a := auto_action(state)) is not None:
        state = apply(state, a)
    return state


def thrown_in_auction() -> State:
    """Seed 7 at 5 players, chair 1 dealing: everybody passes the first deal (thrown in; chair 2, North-west,
    deals it again), then the others pass until it is chair 0's turn to bid."""
    state = auto(new_match(seed=7, game="auction", players=5, first_dealer=1))
    while not view_for_chair(state, 0).to_json().get("thrown_in"):
        state = auto(apply(state, Action.pass_(turn(state))))
    while state.lineup[turn(state)] != 0:
        state = auto(apply(state, Action.pass_(turn(state))))
    return state


class ThrownIn(ChairSocket):
    """The page's socket at that moment: it never moves on; the state with the solo table's names; a ``hint``
    answered with a bid of 250."""

    def __init__(self) -> None:
        self.bots = {}
        self.pause = lambda s: True
        self.state = thrown_in_auction()
        self.ws = None
        self.errors = []

    def message(self) -> dict[str, Any]:
        msg = super().message()
        for chair, seat in msg["table"]["seats"].items():
            seat["name"] = NAMES[int(chair)]
        return msg

    def handler(self, ws: Any) -> None:
        self.ws = ws

        def on_message(text: str | bytes) -> None:
            msg = json.loads(text)
            if msg["type"] == "hello":
                ws.send(json.dumps({"type": "welcome", "device": "d" * 22, "match": self.message()["match"],
                                    "seat": None, "heartbeat": 3600}))
            elif msg["type"] == "resume":
                ws.send(json.dumps(self.message()))
            elif msg["type"] == "hint":
                ws.send(json.dumps({"type": "hint", "action": {"type": "bid", "bid": 250}, "reason": REASON,
                                    "match": "chairs", "version": self.state.version}))

        ws.on_message(on_message)


MEASURE = r"""() => {
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const box = (e, name) => { const r = e.getBoundingClientRect(); return { name, l: r.left, t: r.top, r: r.right, b: r.bottom }; };
  const info = document.querySelector('#centre > .centre-info');
  const felt = box(document.getElementById('felt'), 'felt');
  const boxes = [];
  for (const e of info.children) {
    if (!shown(e)) continue;
    const name = e.matches('.thrown-in') ? 'banner' : e.matches('.pile.widow') ? 'widow'
      : `auction: ${e.className || 'note'} "${e.textContent.trim().slice(0, 20)}"`;
    boxes.push(box(e, name));
  }
  for (const s of document.querySelectorAll('#felt > .seat')) if (shown(s)) boxes.push(box(s, `seat ${s.dataset.seat}${s.classList.contains('mine') ? ' (you)' : ''}`));
  const bench = document.getElementById('bench');
  if (shown(bench)) boxes.push(box(bench, 'bench'));
  const hit = (a, b) => a.l < b.r - 0.5 && b.l < a.r - 0.5 && a.t < b.b - 0.5 && b.t < a.b - 0.5;
  const clashes = [];
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => { if (hit(a, b)) clashes.push(`${a.name} / ${b.name}`); }));
  const outside = boxes.filter((a) => ['banner', 'widow'].includes(a.name)
    && (a.l < felt.l - 0.5 || a.r > felt.r + 0.5 || a.t < felt.t - 0.5 || a.b > felt.b + 0.5)).map((a) => a.name);
  const banner = info.querySelector('.thrown-in');
  // the Hint's ring: its outline, and each shadow drawn without blur or offset (a ring, not a shade)
  const ringOf = (e) => {
    const cs = getComputedStyle(e);
    let out = cs.outlineStyle !== 'none' ? parseFloat(cs.outlineWidth) + parseFloat(cs.outlineOffset) : 0;
    for (const s of cs.boxShadow === 'none' ? [] : cs.boxShadow.split(/,(?![^(]*\))/)) {
      if (/inset/.test(s)) continue;
      const n = (s.replace(/rgba?\([^)]*\)|color-mix\(.*\)|oklab\([^)]*\)|#[0-9a-f]+/gi, '').match(/-?[\d.]+px/g) || []).map(parseFloat);
      if (n.length >= 4 && n[0] === 0 && n[1] === 0 && n[2] === 0) out = Math.max(out, n[3]);
    }
    return out;
  };
  const row = [...document.querySelectorAll('#controls .auction > *')].filter(shown);
  const hinted = row.find((e) => e.classList.contains('hinted'));
  let ring = null, spills = [];
  if (hinted) {
    const d = ringOf(hinted), r = hinted.getBoundingClientRect();
    ring = { name: 'ring', l: r.left - d, t: r.top - d, r: r.right + d, b: r.bottom + d, by: d };
    spills = row.filter((e) => e !== hinted && hit(ring, box(e, ''))).map((e) => e.textContent.trim() || e.dataset.testid);
  }
  return { clashes, outside, spills, ring: ring && ring.by, hinted: hinted ? hinted.dataset.testid : null,
           banner: banner ? banner.textContent : null, bannerWhole: banner ? banner.scrollHeight <= banner.clientHeight + 1 : false,
           widow: !!info.querySelector('.pile.widow'), before: window.__scrollBefore,
           scroll: document.scrollingElement.scrollHeight - innerHeight };
}"""


def test_a_thrown_in_deal_at_a_table_of_five_overlaps_nothing_on_a_phone(server: Any) -> None:  # noqa: F811
    def open_case(browser: Any, look: Look, errors: list[str]) -> Any:
        _, page = open_table(browser, server.url, ThrownIn(), look.theme, look.size, errors, MY_TURN)
        page.evaluate("() => { window.__scrollBefore = document.scrollingElement.scrollHeight - innerHeight; }")
        page.get_by_test_id("hint-button").click()
        page.wait_for_function("() => (document.getElementById('hint-reason')?.textContent || '') !== ''"
                               " && !!document.querySelector('#controls .hinted')")
        settle(page)
        return page

    def measure(page: Any, _: Look) -> dict[str, Any]:
        return dict(page.evaluate(MEASURE))

    cases = looks(*((theme, size) for size in ((320, 568), (360, 740), (390, 844)) for theme in ("light", "dark")))
    got = at_each(cases, open_case, measure, "thrown-in-fit")
    assert len(got) == 6, sorted(got)
    wrong = {}
    for key, m in got.items():
        assert m["banner"] and m["banner"].startswith("Deal 1 was thrown in: nobody bid. North-west deals it again"), (key, m)
        assert m["widow"] and m["hinted"] == "bid-button", (key, m)
        found = {"clashes": m["clashes"],  # banner, widow, the auction's lines, the seats: apart
                 "outside the felt": m["outside"] + ([] if m["bannerWhole"] else ["the banner's words"]),
                 "the ring over": m["spills"],  # the hint's ring over no other button of the row
                 "scroll": [m["before"], m["scroll"]] if m["before"] > 1 or (m["scroll"] > 1 and not key.endswith("320")) else []}
        if any(found.values()):
            wrong[key] = {k: v for k, v in found.items() if v}
    assert wrong == {}, json.dumps(wrong, indent=1)
