"""The match's end as a result screen (views/dialogs.js renderResult, renderReview):

- the winner's total in a gold box with a star, which a screen reader hears as "(winner)"; the loser's is
  plain;
- a heading calling to another match, and its buttons New match, Score sheet, Replay and Home whole on the
  screen as it opens at 360x740 (they were under the last hand, below the fold);
- the sealed shuffle's Verify link in the theme's accent colour (light and dark), readable on the card;
- a room's result review fits a 320 px screen: nothing wider than the window;
- axe: no serious or critical finding.

Whole matches played by Easy computer players in the engine, sent to the real page by a scripted socket
(tests/test_browser_match_end.py). Screenshots under $PINOCHLE_SHOTS.
"""

from __future__ import annotations

from typing import Any

import pytest

from .browser_kit import Look, at_each, looks
from .browser_support import in_browser, shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import serious
from .test_browser_layout import server, settle  # noqa: F401  (server: the fixture)
from .test_browser_match_end import match_end_view, open_end
from .test_browser_hint_ring import luminance
from .browser_support import TIMEOUT_MS
from .web_fixtures import Scripted, room_table

#: a sealed match's figures once it has ended (the result shows the seal and its Verify link)
SEALED = {"commitment": "ab" * 32, "seed": "1234", "salt": "cd" * 16}


def open_sealed(browser: Any, url: str, v: dict[str, Any], theme: str, size: tuple[int, int], errors: list[str]) -> tuple[Any, Any]:
    """The page on ``v`` (a match's end) from a scripted socket whose match is sealed."""
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, reduced_motion="reduce", color_scheme=theme)
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script("sessionStorage.setItem('pinochle.screen', 'table')")
    page.route_web_socket("**/ws", Scripted(v, None, SEALED).handler)
    page.goto(url)
    return ctx, page

RESULT = """() => {
  const rgb = (c) => c.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number);
  const box = (el) => { const r = el.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; };
  const winners = [...document.querySelectorAll('#result-score .final-winner')];
  const others = [...document.querySelectorAll('#result-score [data-testid^=final-]:not(.final-winner)')];
  const link = document.querySelector('#screen-result [data-testid=seal-link]');
  const card = document.querySelector('#screen-result .result-card');
  const accent = getComputedStyle(document.documentElement).getPropertyValue('--accent-ink').trim();
  const probe = document.createElement('span'); probe.style.color = accent; document.body.append(probe);
  const accentRgb = rgb(getComputedStyle(probe).color); probe.remove();
  return {
    winners: winners.map((w) => ({ text: w.textContent, bg: rgb(getComputedStyle(w).backgroundColor),
      star: Boolean(w.querySelector('.win-star[aria-hidden=true]')), sr: w.querySelector('.sr-only')?.textContent ?? '' })),
    others: others.map((o) => ({ star: Boolean(o.querySelector('.win-star')), bg: getComputedStyle(o).backgroundColor })),
    next: document.getElementById('result-next')?.textContent ?? null,
    nextTag: document.getElementById('result-next')?.tagName ?? null,
    buttons: ['play-again', 'result-scores', 'result-replay', 'result-home'].map((id) => {
      const el = document.querySelector(`[data-testid=${id}]`); return { id, text: el.textContent.trim(), ...box(el) }; }),
    h: innerHeight, w: innerWidth, scrollY,
    link: link ? { color: rgb(getComputedStyle(link).color), text: link.textContent } : null,
    accent: accentRgb, cardBg: rgb(getComputedStyle(card).backgroundColor),
    wide: document.documentElement.scrollWidth - innerWidth,
  };
}"""


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("game,seed", [("table", 1), ("cutthroat", 4)])
def test_the_match_end_is_a_result_screen(server: Any, game: str, seed: int) -> None:  # noqa: F811
    v = match_end_view(game, seed)

    def open_result(browser: Any, look: Look, errors: list[str]) -> Any:
        _, page = open_sealed(browser, server.url, v, look.theme, look.size, errors)
        page.wait_for_function("() => document.body.dataset.screen === 'result'")
        settle(page)
        return page

    out = at_each(looks(("light", (360, 740)), ("dark", (360, 740)), ("dark", (390, 844)), ("light", (1440, 900))),
                  open_result,
                  lambda page, look: {**page.evaluate(RESULT), "axe": serious(page) if look.size[0] == 360 else []},
                  f"result-{game}")
    for key, got in out.items():
        assert got["axe"] == [] and got["wide"] <= 0, (key, got["axe"])
        # one winner, gold, starred, "(winner)" for a screen reader; nobody else
        assert len(got["winners"]) == 1, (key, got["winners"])
        win = got["winners"][0]
        assert win["star"] and win["sr"].strip() == "(winner)" and tuple(win["bg"]) == (255, 213, 74), (key, win)
        assert got["others"] and not any(o["star"] for o in got["others"]), (key, got["others"])
        assert got["nextTag"] == "H2" and got["next"], key
        # the four buttons, whole on the screen as it opens
        assert [b["text"] for b in got["buttons"]] == ["New match", "Score sheet", "Replay", "Home"], key
        assert got["scrollY"] == 0, key
        for b in got["buttons"]:
            assert b["top"] >= 0 and b["bottom"] <= got["h"] and b["right"] <= got["w"] + 0.5, (key, b)
        # the Verify link in the theme's accent, readable on the card
        assert got["link"] is not None, key
        if got["link"] is not None:
            assert got["link"]["color"] == got["accent"], (key, got["link"], got["accent"])
            assert contrast(tuple(got["link"]["color"]), tuple(got["cardBg"])) >= 4.5, (key, got["link"], got["cardBg"])


def test_a_rooms_result_review_fits_320(server: Any) -> None:  # noqa: F811
    v = match_end_view("table", 2)
    table = room_table({"N": "Ada", "E": "Bea", "S": "Cy", "W": "Dee"})

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for theme in ("light", "dark"):
            ctx, page = open_end(browser, server.url, v, theme, (320, 568), errors, table)
            page.wait_for_function("() => document.body.dataset.screen === 'review'")
            settle(page)
            out[theme] = page.evaluate("""() => {
              const card = document.querySelector('#screen-review .review-card').getBoundingClientRect();
              const over = [...document.querySelectorAll('#screen-review .review-card *')].filter((e) => {
                const r = e.getBoundingClientRect(); return r.width > 0 && (r.right > innerWidth + 0.5 || r.left < -0.5)
                  && !e.closest('.table-wrap'); }).map((e) => e.className || e.tagName);
              return { left: card.left, right: card.right, w: innerWidth, wide: document.documentElement.scrollWidth - innerWidth,
                       over, winner: document.querySelectorAll('#review-score .final-winner').length };
            }""")
            out[theme]["axe"] = serious(page)
            shot(page, f"room-review-{theme}-320")
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for theme, got in out.items():
        assert got["wide"] <= 0 and got["left"] >= 0 and got["right"] <= got["w"] + 0.5 and got["over"] == [], (theme, got)
        assert got["winner"] == 1 and got["axe"] == [], (theme, got)
