"""The Undo button of a solo table (docs/protocol.md, "Undo in solo"), in the real page against a live server.

Shown in solo only, enabled when the server's table facts say an undo would be taken (``table.undo``),
reached by keyboard and named for a screen reader. South passes through the auction to its first card;
Undo (Enter on the focused button) takes the table back to South's last call: the state is drawn at once,
with no card flying (the undo is never animated, anim.js). At 360x740, 390x844 and 1440x900, light and
dark, nothing of the tools row is cut or covered (tests/browser_checks.py). Screenshots go to
/tmp/undo-shots.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .browser_support import in_browser, module_server, open_page, serious_axe, start_solo
from .test_browser import body, pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import settle, to_souths_first_card

SIZES = {"360x740": (360, 740), "390x844": (390, 844), "1440x900": (1440, 900)}
SHOTS = Path("/tmp/undo-shots")

server = module_server("undo")

#: the tools row's buttons: each wholly inside the viewport, none covering another
TOOLS = """() => {
  const els = [...document.querySelectorAll('.tools > *')].filter(e => !e.hidden && e.getClientRects().length);
  const rs = els.map(e => ({id: e.id, r: e.getBoundingClientRect()}));
  const out = [];
  for (const {id, r} of rs) {
    if (r.left < 0 || r.right > innerWidth + 0.5 || r.top < 0 || r.bottom > innerHeight + 0.5) out.push(`${id} is cut`);
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !document.getElementById(id).contains(hit)) out.push(`${id} is covered`);
  }
  for (let i = 0; i < rs.length; i++) for (let j = i + 1; j < rs.length; j++) {
    const a = rs[i].r, b = rs[j].r;
    if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
      out.push(`${rs[i].id} overlaps ${rs[j].id}`);
  }
  return out;
}"""


def undo_at(url: str, size: tuple[int, int], theme: str, name: str) -> dict[str, Any]:
    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        page = open_page(browser, size, errors, theme=theme, reduce=False)  # the cards may move: an undo moves none
        start_solo(page, url, "normal")
        btn = page.get_by_test_id("undo-button")
        out: dict[str, Any] = {"label": btn.get_attribute("aria-label"), "visible": btn.is_visible()}
        firsts: list[dict[str, Any]] = []

        def at_turn(legal: list[str]) -> None:
            firsts.append({"legal": legal, "disabled": btn.is_disabled()})

        to_souths_first_card(page, at_turn)
        out["firsts"] = firsts
        out["enabled_at_play"] = not btn.is_disabled()
        out["tools"] = page.evaluate(TOOLS)
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}-before.png"))
        out["axe"] = serious_axe(page)
        version = body(page, "version")
        btn.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("v => document.body.dataset.version !== v && document.body.dataset.busy !== '1'",
                               arg=version)
        # the cards' own animations (anim.js: pinochle-play, -deal, -meld, ...); the turn ring's colour may fade
        # to the new turn (a CSS transition of a seat's border), which is no card moving
        out["running"] = page.evaluate(
            "() => document.getAnimations().filter(a => a.playState === 'running' && (a.id || '').startsWith('pinochle-')"
            " && a.effect?.target?.closest?.('#felt, #hand')).map(a => a.id + '@' + (a.effect.target.id || a.effect.target.className))")
        settle(page)
        out["legal_after"] = body(page, "legal").split(",")
        out["disabled_after_first_undo"] = btn.is_disabled()
        out["focus_after"] = page.evaluate(
            "() => document.activeElement?.closest?.('#controls, #hand, .tools')?.id || document.activeElement?.className || ''")
        page.screenshot(path=str(SHOTS / f"{name}-after.png"))
        page.context.close()
        out["errors"] = errors
        return out

    return in_browser(run)


def test_undo_takes_souths_last_call_back_by_keyboard_at_every_size(server: Any) -> None:
    for size_name, size in SIZES.items():
        for theme in ("light", "dark"):
            out = undo_at(server.url, size, theme, f"{size_name}-{theme}")
            where = f"{size_name} {theme}"
            assert out["errors"] == [], where
            assert out["label"] == "Undo your last move" and out["visible"], where
            assert out["firsts"][0]["disabled"], f"{where}: nothing to undo before South's first move"
            assert out["enabled_at_play"], f"{where}: South has called: Undo is offered"
            assert out["tools"] == [], (where, out["tools"])
            assert out["axe"] == [], (where, out["axe"])
            assert out["running"] == [], (f"{where}: a card moved on an undo", out["running"])
            # back to South's last call of the auction (a bid or a pass: South passed every time)
            assert out["focus_after"] in ("controls", "hand") or not out["disabled_after_first_undo"], (where, out["focus_after"])
            assert {"pass", "trump"} & set(out["legal_after"]), (where, out["legal_after"])
