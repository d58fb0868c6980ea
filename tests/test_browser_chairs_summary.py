"""The browser at an auction table of 5: the contract in the top bar on a phone, and the
hand summary with every player, the ones who sat the hand out too.

The page talks to ``ChairSocket`` (tests/test_browser_chairs.py: the real engine, chair 0 is the
page, the others play as Easy) in a hand chair 0 sits out (the dealer is chair 3, chairs 0 and 3
sit out), watched to the fourth card played, then played on to its end:

- the bar, at 360x740 (dark) and 1440x900 (light), shows the contract (who, the bid, trump) beside
  every player's total, inside the bar and the screen, nothing over anything, no sideways scroll;
- the summary has one column per player (5), the two who sat out marked "Sits out" and no one
  else; each player's "Chips won or paid" is the view's settlement of that chair and the net of the
  settlement's lines ("Player 3 pays you 5"), which are the hand's chair transfers; each match
  total is the chair's total; no text overflows and axe finds nothing (on the phone).

Screenshots go to tests/artifacts/chairs-bar-*.png and chairs-summary-all-*.png.
"""

from __future__ import annotations

import re
from typing import Any

from pinochle.chairs import view_for_chair

from .browser_checks import OVERFLOW
from .test_browser import ARTIFACTS, Server
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_a11y import SCROLL, axe_runner
from .test_browser_chairs import ME, PLAYERS, WATCHING, ChairSocket, expected_settlement, open_table
from .test_browser_layout import in_browser, server, settle  # noqa: F401  (server: the module's live server)

CASES = {"360x740-dark": ((360, 740), "dark"), "1440x900-light": ((1440, 900), "light")}

#: the bar's parts: the contract and each total, their boxes, the bar's and the screen's width
BAR = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return {l: r.left, r: r.right, t: r.top, b: r.bottom, w: r.width}; };
  const c = document.getElementById('contract');
  const avatar = c.querySelector('[data-initials]');
  return {
    text: c.innerText.replace(/\\s+/g, ' ').trim(),
    visible: c.checkVisibility(),
    initials: avatar && getComputedStyle(avatar.parentElement).display !== 'none' ? avatar.dataset.initials : null,
    suit: c.querySelectorAll('.suit-chip').length,
    contract: box(c),
    totals: [...document.querySelectorAll('#match-score [data-testid^=total-chair-]')].map(box),
    bar: box(document.querySelector('.topbar')),
    width: document.documentElement.clientWidth,
  };
}"""


#: the summary's cells of one row, by chair: {"3": "+20"}
CELLS = "els => Object.fromEntries(els.map(e => [e.dataset.testid.split('-').pop(), e.innerText]))"


def number(text: str) -> int:
    """'−5' / '+20' / '1,240' as the page writes them."""
    return int(re.sub(r"[+,\s]", "", text.replace("\u2212", "-")))


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["l"] < b["r"] - 1 and b["l"] < a["r"] - 1 and a["t"] < b["b"] - 1 and b["t"] < a["b"] - 1


def test_the_contract_in_the_bar_and_every_player_in_the_summary(server: Server) -> None:
    def run(browser: Any) -> dict[str, Any]:
        axe = axe_runner()
        errors: list[str] = []
        results: dict[str, Any] = {}
        for name, (size, theme) in CASES.items():
            out: dict[str, Any] = {}
            sock = ChairSocket(first_dealer=3,
                               pause=lambda s: s.phase == "play" and sum(len(t.cards) for t in s.tricks) >= 4)
            ctx, page = open_table(browser, server.url, sock, theme, size, errors, WATCHING)
            s = sock.state
            declarer = s.lineup[s.declarer]
            out["want"] = {"bid": str(s.bid), "name": f"Player {declarer + 1}", "initials": f"P{declarer + 1}"}
            out["bar"] = page.evaluate(BAR)
            out["bar_overflow"] = page.evaluate(OVERFLOW)
            out["bar_scroll"] = page.evaluate(SCROLL)
            page.screenshot(path=str(ARTIFACTS / f"chairs-bar-{name}.png"))

            sock.go_on()
            page.wait_for_function("() => document.body.dataset.phase === 'hand_end'")
            summary = page.get_by_test_id("hand-summary")
            summary.wait_for(state="visible")
            settle(page)
            last = view_for_chair(sock.state, ME).to_json()["last_hand"]
            out["last"] = {"chairs": last["chairs"], "totals": last["chair_totals"],
                           "out": sorted(c for c in range(PLAYERS) if c not in (last["lineup"][p] for p in "ESW"))}
            cols = summary.locator("[data-testid^=summary-col-chair-]")
            out["cols"] = {cols.nth(i).get_attribute("data-testid").rsplit("-", 1)[1]:
                           {"sits_out": cols.nth(i).get_attribute("data-sits-out"), "text": cols.nth(i).inner_text()}
                           for i in range(cols.count())}
            out["won"] = page.eval_on_selector_all("[data-testid^=hand-score-chair-]", CELLS)
            out["total"] = page.eval_on_selector_all("[data-testid^=summary-total-chair-]", CELLS)
            out["settlement"] = page.locator("[data-testid=settlement-line]").all_inner_texts()
            out["want_settlement"] = expected_settlement(sock)
            out["overflow"] = page.evaluate(OVERFLOW)
            out["axe"] = ([f"{v['id']}: {[n['target'] for n in v['nodes'][:3]]}" for v in axe.run(page).response["violations"]]
                          if size[0] < 720 else [])
            page.screenshot(path=str(ARTIFACTS / f"chairs-summary-all-{name}.png"))
            out["errors"] = sock.errors
            results[name] = out
            ctx.close()
        results["page_errors"] = errors
        return results

    ARTIFACTS.mkdir(exist_ok=True)
    results = in_browser(run)
    assert results.pop("page_errors") == []
    for name, out in results.items():
        assert out["errors"] == [], (name, out["errors"])
        # the bar: the contract on show, inside the bar and the screen, beside every player's total
        bar, want = out["bar"], out["want"]
        assert bar["visible"] and bar["contract"]["w"] > 0 and want["bid"] in bar["text"] and bar["suit"] == 1, (name, bar)
        if name.startswith("360"):
            assert bar["initials"] == want["initials"], (name, bar)  # a phone names the declarer by initials
        else:
            assert bar["text"].startswith(f"{want['name']} bid {want['bid']}"), (name, bar)
        assert len(bar["totals"]) == PLAYERS, (name, bar)
        for part in [bar["contract"], *bar["totals"]]:
            assert 0 <= part["l"] and part["r"] <= bar["width"], (name, part, bar["width"])
            assert bar["bar"]["t"] <= part["t"] and part["b"] <= bar["bar"]["b"], (name, part, bar["bar"])
        assert not any(overlaps(bar["contract"], t) for t in bar["totals"]), (name, bar)
        assert out["bar_overflow"] == [] and out["bar_scroll"] <= 0, (name, out["bar_overflow"], out["bar_scroll"])
        # the summary: every player a column, the ones who sat out (chair 0, you, and chair 3) marked
        last = out["last"]
        assert last["out"] == [0, 3], last
        assert sorted(out["cols"]) == [str(c) for c in range(PLAYERS)], out["cols"]
        for c, col in out["cols"].items():
            sat = int(c) in last["out"]
            assert col["sits_out"] == ("true" if sat else "false"), (name, c, col)
            assert ("sits out" in col["text"].lower()) == sat, (name, c, col)
        assert out["cols"]["0"]["text"].startswith("You"), out["cols"]["0"]
        # who pays whom: the lines are the hand's chair transfers, and each player's won-or-paid is
        # both the view's settlement of the chair and the net of those lines
        assert sorted(out["settlement"]) == out["want_settlement"] and out["settlement"], (name, out["settlement"])
        net = dict.fromkeys(range(PLAYERS), 0)
        you = {"You": 0, "you": 0}
        for line in out["settlement"]:
            m = re.fullmatch(r"(You|Player (\d)) pays? (you|Player (\d)) (\d+)", line)
            assert m, line
            payer = you[m[1]] if m[2] is None else int(m[2]) - 1
            payee = you[m[3]] if m[4] is None else int(m[4]) - 1
            net[payer] -= int(m[5])
            net[payee] += int(m[5])
        won = {int(c): number(t) for c, t in out["won"].items()}
        assert won == dict(enumerate(last["chairs"])) == net, (name, won, last["chairs"], net)
        assert any(won[c] != 0 for c in last["out"]), won  # the sitters settle as opponents (the default)
        assert {int(c): number(t) for c, t in out["total"].items()} == dict(enumerate(last["totals"])), out["total"]
        assert out["overflow"] == [] and out["axe"] == [], (name, out["overflow"], out["axe"])
