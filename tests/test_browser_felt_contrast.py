"""Every word on the felt is readable: WCAG AA contrast, 4.5:1, in both themes (issue 30, the eleventh review).

A fresh reviewer at 1440x900 in the light theme read "You must follow suit (diamonds): play A♦, K♦ or Q♦" as faint
grey on the green felt: the toast that says why a card may not be played drops in from see-through (its animation
began at opacity 0), and a screenshot taken as it came showed grey words on a tinted felt. The toast now drops in by
its size alone, solid from its first frame.

Engine-made views served over a scripted socket (``web_fixtures.Scripted``): your turn in the middle of a trick with
cards you may not play (one tapped, the server's refusal shown), and your call in the auction. At 1440x900 and
360x740, light and dark, each text on the felt (and each toast over it) is walked: its colour, with the opacities
above it, against its background: the boxes under it laid over the felt's own colour (each colour of the felt's
gradient, the worst one counted), with :func:`tests.support.contrast`.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from pinochle.game import State, turn

from .support import contrast
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .browser_support import in_browser
from .test_browser_explain import at_widths, play_until, size_of, south
from .test_browser_layout import open_fixture, server, settle  # noqa: F401  (server: the module's live server)
from .test_browser_toast_place import your_turn_with_cards_you_may_not_play
from .web_fixtures import Scripted

#: the engine's own words for a card that does not follow suit (pinochle.tricks)
REFUSAL = {"type": "error", "code": "illegal", "message": "you must follow suit (diamonds): play A♦, K♦ or Q♦"}
AA = 4.5

#: Each visible text on the felt and each toast over it: its words, its colour and the colours under it (each colour
#: of the felt's gradient with the boxes between laid over it), as #rrggbb.
FELT_TEXTS = r"""() => {
  const felt = document.querySelector('#screen-table .felt');
  const rgba = (c) => {
    const srgb = /color\(srgb ([^)]*)\)/.exec(c || '');
    if (srgb) {
      const p = srgb[1].split(/[\s/]+/).filter(Boolean).map(Number);
      return { r: p[0] * 255, g: p[1] * 255, b: p[2] * 255, a: p.length > 3 ? p[3] : 1 };
    }
    const m = /rgba?\(([^)]*)\)/.exec(c || ''); if (!m) return null;
    const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const over = (top, base) => ({ r: top.r * top.a + base.r * (1 - top.a), g: top.g * top.a + base.g * (1 - top.a),
                                  b: top.b * top.a + base.b * (1 - top.a), a: 1 });
  const hex = (c) => '#' + [c.r, c.g, c.b].map((x) => Math.round(x).toString(16).padStart(2, '0')).join('');
  const fs = getComputedStyle(felt);
  // the felt's colours: its own and each solid colour of its gradients, and each with a see-through layer over it
  const stops = [rgba(fs.backgroundColor), ...(fs.backgroundImage.match(/(rgba?|color)\([^)]*\)/g) || []).map(rgba)]
    .filter((c) => c && c.a > 0);
  const solid = stops.filter((c) => c.a >= 1);
  const bases = [...solid, ...stops.filter((c) => c.a < 1).flatMap((t) => solid.map((o) => over(t, o)))];
  const feltBox = felt.getBoundingClientRect();
  const out = [];
  const seen = new Set();
  const texts = [];
  for (const root of [felt, document.getElementById('toasts')]) {
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) if (n.textContent.trim()) texts.push(n);
  }
  for (const n of texts) {
    const el = n.parentElement;
    if (!el || seen.has(el) || !el.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
    seen.add(el);
    const range = document.createRange(); range.selectNodeContents(n);
    const r = range.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) continue;  // words for a screen reader alone
    if (r.right <= feltBox.left || r.left >= feltBox.right || r.bottom <= feltBox.top || r.top >= feltBox.bottom) continue;
    const chain = [];
    for (let e = el; e && e !== felt && e !== document.body; e = e.parentElement) chain.unshift(e);
    if (chain.some((e) => /url\(/.test(getComputedStyle(e).backgroundImage))) continue;  // on a card's picture
    const results = bases.map((base) => {
      let bg = base, alpha = 1;
      for (const e of chain) {
        const s = getComputedStyle(e);
        alpha *= Number(s.opacity);
        const c = rgba(s.backgroundColor);
        if (c && c.a > 0) bg = over({ ...c, a: c.a * alpha }, bg);
      }
      const fg = rgba(getComputedStyle(el).color);
      return { fg: hex(over({ ...fg, a: fg.a * alpha }, bg)), bg: hex(bg) };
    });
    out.push({ text: n.textContent.trim().slice(0, 60), cls: el.className && String(el.className), results });
  }
  return out;
}"""


def auction_turn() -> dict[str, Any]:
    """Your call in the first auction, a seat before you having called."""
    def done(s: State) -> bool:
        return s.phase == "auction" and turn(s) == 2 and len(s.calls) >= 1
    return south(play_until("table", 1, done))


def low_contrast(page: Any) -> list[str]:
    bad = []
    for t in page.evaluate(FELT_TEXTS):
        worst = min(t["results"], key=lambda c: contrast(c["fg"], c["bg"]))
        ratio = contrast(worst["fg"], worst["bg"])
        if ratio < AA:
            bad.append(f"{t['text']!r} ({t['cls']}): {worst['fg']} on {worst['bg']} = {ratio:.2f}")
    return bad


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_text_on_the_felt_meets_aa(server: Any, theme: str) -> None:  # noqa: F811
    views = {"play": your_turn_with_cards_you_may_not_play("table"), "auction": auction_turn()}

    def body(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {"errors": errors, "bad": {}, "walked": 0}
        for name, v in views.items():
            ctx, page, script = open_fixture(browser, server.url, v, errors, theme=theme, size=size_of(1440))
            for width in at_widths(page, (1440, 360)):
                if name == "play":
                    page.locator("#hand button.card[data-legal=false]").first.click()
                    script.ws.send(json.dumps(REFUSAL))
                    page.get_by_test_id("toast").last.wait_for()
                    settle(page)
                out["walked"] += len(page.evaluate(FELT_TEXTS))
                bad = low_contrast(page)
                if bad:
                    out["bad"][f"{name} {width}"] = bad
            ctx.close()
        return out

    out = in_browser(body)
    assert out["errors"] == [], out["errors"]
    assert out["walked"] >= 20
    assert out["bad"] == {}, out["bad"]


#: Each toast, as it is added, held at the first frame of its animation.
HOLD_FIRST_FRAME = """() => {
  new MutationObserver((changes) => {
    for (const c of changes) for (const n of c.addedNodes) {
      if (n.classList && n.classList.contains('toast')) n.getAnimations().forEach((a) => { a.pause(); a.currentTime = 0; });
    }
  }).observe(document.getElementById('toasts'), { childList: true });
}"""


@pytest.mark.parametrize("theme,width", [("light", 1440), ("dark", 360)])
def test_the_toast_over_the_felt_is_readable_from_its_first_frame(server: Any, theme: str, width: int) -> None:  # noqa: F811
    """The reviewer's case, with motion: the toast that says why a card may not be played, held at the first frame
    of its animation, meets AA over the felt (it began see-through: its words at 1.0:1, the felt showing through)."""
    v = your_turn_with_cards_you_may_not_play("table")

    def body(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx = browser.new_context(viewport=dict(zip(("width", "height"), size_of(width))), reduced_motion="no-preference",
                                  color_scheme=theme)
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        script = Scripted(v, None)
        page.add_init_script("sessionStorage.setItem('pinochle.screen', 'table')")
        page.route_web_socket("**/ws", script.handler)
        page.goto(server.url)
        page.wait_for_function("n => document.querySelectorAll('#hand .hand-row button.card').length === n",
                               arg=len(v["hand"]))
        settle(page)
        page.evaluate(HOLD_FIRST_FRAME)
        page.locator("#hand button.card[data-legal=false]").first.click()
        script.ws.send(json.dumps(REFUSAL))
        page.get_by_test_id("toast").last.wait_for()
        settle(page)
        held = page.evaluate("() => [...document.querySelectorAll('#toasts .toast')].map((t) => t.getAnimations().length)")
        toasts = [t for t in page.evaluate(FELT_TEXTS) if t["text"].startswith("you must follow suit")
                  or t["text"].startswith("You must follow suit")]
        bad = low_contrast(page)
        ctx.close()
        return {"errors": errors, "held": held, "toasts": toasts, "bad": bad}

    out = in_browser(body)
    assert out["errors"] == [], out["errors"]
    assert out["toasts"], out  # the toast lies over the felt and was walked
    assert [b for b in out["bad"] if "follow suit" in b] == [], out["bad"]
