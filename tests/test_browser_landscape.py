"""A phone held in landscape: the whole table on one screen.

A fresh reviewer turned a phone on its side (740x360) and found the page 615 px tall: on South's turn the
felt (the trick, the widow, the other players) scrolled off the top and the hand was cut at the bottom; the
hand's summary scrolled its breakdown in a strip about 10 px tall; cutthroat's refusal of a card to bury lay
above the visible area; the "W Pass" chip of the calls lay over South's seat plate. Card apps held in
landscape (Trickster Cards) lay the table out short and wide, every part in sight (pinochle/web/landscape.css).

South's views of a real hand (``test_browser_fit_all.south_views``: the table game, cutthroat, two-handed and
the auction at 5; South declaring and defending; every phase in which South acts, a card five tricks in and the
hand's end) are served to the real page over a scripted socket, at 740x360 and 844x390, in the light and the
dark theme. In each:

- the page does not scroll (``scrollHeight <= innerHeight``, a pixel of rounding allowed), and the status and
  moves column shows all it holds (it does not scroll either);
- every card of the hand and of the trick lies whole inside the window; every card, pile and seat of the felt
  lies inside the felt;
- nothing in the felt's centre (the calls, the widow, the high bid, a card) lies over a seat plate;
- at the hand's end the summary opens with the hand's score in sight, inside the window and the dialog;
- cutthroat's refusal of a card to bury (a toast) lies whole in the window, over no card of the hand.
"""

from __future__ import annotations

import json
from typing import Any

from .browser_support import ARTIFACTS
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_fit_all import close_dialogs, over, south_views
from .test_browser_layout import in_browser, open_fixture, server, settle  # noqa: F401  (server: the module's live server)

SIZES = ((740, 360), (844, 390))
THEMES = ("light", "dark")
#: the games a phone most often plays, and the auction at its largest table
TABLES = (("table", None), ("cutthroat", None), ("two-handed", None), ("auction", 5))
#: the server's refusal of a card in meld chosen to bury (its words are the engine's)
REFUSAL = {"type": "error", "code": "illegal", "message": "only cards not used in meld may be buried"}

#: what does not fit: a box beyond the window or its container, a column that scrolls, the centre over a seat
MEASURE = r"""() => {
  const out = [];
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden'
    && e.getBoundingClientRect().width >= 2 && e.getBoundingClientRect().height >= 2;
  const what = (e) => e.dataset.card || e.dataset.seat || e.dataset.testid || e.className;
  const inside = (r, f, slack = 1) => r.left >= f.left - slack && r.right <= f.right + slack
    && r.top >= f.top - slack && r.bottom <= f.bottom + slack;
  const win = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
  for (const e of document.querySelectorAll('#hand button.card, #centre .card')) {
    if (shown(e) && !inside(e.getBoundingClientRect(), win)) out.push(`${what(e)} beyond the window`);
  }
  const felt = document.getElementById('felt');
  const f = felt.getBoundingClientRect();
  for (const e of felt.querySelectorAll('.card, .pile, :scope > .seat')) {
    if (shown(e) && !inside(e.getBoundingClientRect(), f)) out.push(`${what(e)} beyond the felt`);
  }
  for (const sel of ['#screen-table > .panel', '#screen-table > .felt']) {
    const e = document.querySelector(sel);
    if (e && e.scrollHeight > e.clientHeight + 1) out.push(`${sel} holds ${e.scrollHeight - e.clientHeight} px more than it shows`);
  }
  for (const e of document.querySelectorAll('#screen-table > .panel button, #screen-table > .tools .btn, #home-btn')) {
    if (shown(e) && !inside(e.getBoundingClientRect(), win)) out.push(`button ${e.textContent.trim()} beyond the window`);
  }
  const seats = [...felt.querySelectorAll(':scope > .seat')].filter(shown).map((e) => [e, e.getBoundingClientRect()]);
  for (const e of document.querySelectorAll('#centre .bid-call, #centre .card, #centre .pile, #centre .ci-big, #centre .ci-title, #centre .trick-winner')) {
    if (!shown(e)) continue;
    const r = e.getBoundingClientRect();
    for (const [s, q] of seats) {
      if (r.right - 1 > q.left && q.right - 1 > r.left && r.bottom - 1 > q.top && q.bottom - 1 > r.top) {
        out.push(`${e.textContent.trim() || what(e)} over the seat of ${s.dataset.seat}`);
      }
    }
  }
  return out;
}"""

#: the hand's summary: where its score of the hand lies, against the window and the dialog
SUMMARY = r"""() => {
  const d = document.querySelector('#summary-dialog[open]');
  if (!d) return ['no summary open'];
  const out = [];
  const box = d.getBoundingClientRect();
  const hands = [...d.querySelectorAll('.score-box .sb-hand')];
  if (!hands.length) out.push('no hand score in the summary');
  for (const e of hands) {
    const r = e.getBoundingClientRect();
    if (r.top < Math.max(0, box.top) - 1 || r.bottom > Math.min(innerHeight, box.bottom) + 1) {
      out.push(`the hand's score ${e.textContent.trim()} out of sight (${Math.round(r.top)}-${Math.round(r.bottom)})`);
    }
  }
  for (const e of d.querySelectorAll('.dialog-body, .score-box')) {
    const r = e.getBoundingClientRect();
    if (r.height > 0 && e.scrollHeight > e.clientHeight + 1 && e.clientHeight < 120) {
      out.push(`${e.className} scrolls in a strip ${Math.round(e.clientHeight)} px tall`);
    }
  }
  return out;
}"""


def cases() -> list[tuple[str, dict[str, Any]]]:
    """South's views: every game of :data:`TABLES`, South declaring and defending, every phase it acts in."""
    return [(f"{name}{players or ''}/{'declares' if declare else 'defends'}/{key}", v)
            for name, players in TABLES for declare in (True, False)
            for key, v in south_views(name, players, declare).items()]


def test_a_phone_in_landscape_holds_the_whole_table(server: Any) -> None:  # noqa: F811
    todo = cases()

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        bad: dict[str, list[str]] = {}
        summaries = toasts = 0
        for i, (name, v) in enumerate(todo):
            ctx, page, script = open_fixture(browser, server.url, json.loads(json.dumps(v)), errors, size=SIZES[0])
            if name.endswith("/hand_end"):
                page.wait_for_selector("#summary-dialog[open]")
                for w, h in SIZES:
                    for theme in THEMES:
                        page.emulate_media(color_scheme=theme)
                        page.set_viewport_size({"width": w, "height": h})
                        settle(page)
                        settle(page)
                        page.evaluate("() => { document.getElementById('summary-dialog').scrollTop = 0; }")
                        found = page.evaluate(SUMMARY)
                        summaries += 1
                        if found:
                            bad[f"{name} at {w}x{h} {theme} (summary)"] = found
                        if w == 740 and theme == THEMES[i % 2]:
                            page.screenshot(path=str(ARTIFACTS / f"landscape-{name.replace('/', '-')}-summary.png"))
                close_dialogs(page)
            for w, h in SIZES:
                for theme in THEMES:
                    page.emulate_media(color_scheme=theme)
                    page.set_viewport_size({"width": w, "height": h})
                    settle(page)
                    settle(page)
                    at = f"{name} at {w}x{h} {theme}"
                    found = page.evaluate(MEASURE)
                    px = over(page)
                    if px > 1:
                        found.append(f"the page scrolls {px} px")
                    if found:
                        bad[at] = found
                    if theme == THEMES[i % 2]:
                        page.screenshot(path=str(ARTIFACTS / f"landscape-{name.replace('/', '-')}-{w}.png"))
                    if name.startswith("cutthroat/declares/bury"):
                        page.locator("#hand button.card").first.click()
                        script.ws.send(json.dumps(REFUSAL))
                        toast = page.get_by_test_id("toast").last
                        toast.wait_for()
                        settle(page)
                        settle(page)
                        toasts += 1
                        found = page.evaluate(r"""() => {
                          const t = [...document.querySelectorAll('#toasts .toast')].pop().getBoundingClientRect();
                          const out = [];
                          if (t.top < 0 || t.left < 0 || t.bottom > innerHeight + 1 || t.right > innerWidth + 1) {
                            out.push(`the toast beyond the window (${Math.round(t.top)}-${Math.round(t.bottom)})`);
                          }
                          for (const c of document.querySelectorAll('#hand button.card')) {
                            const r = c.getBoundingClientRect();
                            if (r.right - 1 > t.left && t.right - 1 > r.left && r.bottom - 1 > t.top && t.bottom - 1 > r.top) {
                              out.push(`the toast over ${c.dataset.card}`);
                            }
                          }
                          return out;
                        }""")
                        if w == 740:
                            page.screenshot(path=str(ARTIFACTS / f"landscape-bury-refused-{theme}.png"))
                        page.evaluate("() => document.querySelectorAll('#toasts .toast').forEach((t) => t.remove())")
                        if page.locator("#hand button.card[aria-pressed=true]").count():
                            page.locator("#hand button.card[aria-pressed=true]").first.click()
                        if found:
                            bad[f"{at} (toast)"] = found
            ctx.close()
        return {"bad": bad, "errors": errors, "summaries": summaries, "toasts": toasts}

    ARTIFACTS.mkdir(exist_ok=True)
    out = in_browser(run)
    (ARTIFACTS / "landscape.json").write_text(json.dumps(out["bad"], indent=1))
    assert out["errors"] == []
    assert {n.split("/")[0] for n, _ in todo} == {f"{g}{p or ''}" for g, p in TABLES}
    assert any(n.endswith("/auction") for n, _ in todo) and any("/play" in n for n, _ in todo)
    assert out["summaries"] == len(TABLES) * 2 * len(SIZES) * len(THEMES), out["summaries"]
    assert out["toasts"] == len(SIZES) * len(THEMES), out["toasts"]
    assert out["bad"] == {}, json.dumps(out["bad"], indent=1)
