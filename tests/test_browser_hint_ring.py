"""The hint's ring (views/hint.js, words-numbers.css): 4 px of gold with a dark edge inside and outside it and
a glow beyond, so that the ringed card or button shows on the light theme's felt and the dark theme's; a button of
the bid row wears it inside its own edge (4 px of gold, a dark line inside it), since its neighbours stand 4 px
away (hint.css). In a real solo match from Home; screenshots under $PINOCHLE_SHOTS."""

from __future__ import annotations

import re
from typing import Any

from .browser_support import Server, in_browser, module_server, open_page, shot, start_solo
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_hints import hint_once

server = module_server("hint-ring")

RING = """() => {
  const el = document.querySelector('.hinted');
  const cs = getComputedStyle(el);
  return { outline: cs.outlineWidth, style: cs.outlineStyle, color: cs.outlineColor, offset: cs.outlineOffset,
           shadow: cs.boxShadow, bidRow: !!el.closest('.auction') };
}"""


def luminance(rgb: tuple[int, ...]) -> float:
    """WCAG's relative luminance of an sRGB colour."""
    def ch(c: int) -> float:
        x = c / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4
    r, g, b = rgb[:3]
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b)


def test_the_hint_ring_is_thick_gold_with_dark_edges_and_a_glow(server: Server) -> None:
    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for theme in ("light", "dark"):
            for size in ((360, 740), (1440, 900)):
                page = open_page(browser, size, errors, theme=theme)
                start_solo(page, server.url)
                hint_once(page)
                out[f"{theme}-{size[0]}"] = page.evaluate(RING)
                shot(page, f"hint-ring-{theme}-{size[0]}")
                page.context.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for key, ring in out.items():
        assert ring["outline"] == "4px" and ring["style"] == "solid", (key, ring)
        gold = tuple(int(x) for x in re.findall(r"\d+", ring["color"])[:3])
        assert gold == (255, 213, 74), (key, ring)
        shadows = [(tuple(int(x) for x in re.findall(r"\d+(?:\.\d+)?", m.group(1))[:3]), m.group(2))
                   for m in re.finditer(r"rgba?\(([^)]*)\)\s*([^,]*)", ring["shadow"])]
        if ring["bidRow"]:
            # a button of the bid row (4 px from the next on a phone): the gold drawn inside its edge, a dark line
            # inside the gold (an inset ring), and nothing beyond the button (no glow over "+50" or "Pass")
            assert float(ring["offset"].removesuffix("px")) <= -4, (key, ring)
            inner = [s for s in shadows if luminance(s[0]) < 0.05 and re.fullmatch(r"0px 0px 0px \d+px inset", s[1].strip())]
            assert inner and all("inset" in s[1] for s in shadows), (key, ring["shadow"])
            continue
        # a dark edge: a ring (no blur) of a dark colour, and a glow: a blurred gold
        dark = [s for s in shadows if luminance(s[0]) < 0.05 and re.fullmatch(r"0px 0px 0px \d+px", s[1].strip())]
        glow = [s for s in shadows if luminance(s[0]) > 0.5 and re.match(r"0px 0px [1-9]\d*px", s[1].strip())]
        assert dark and glow, (key, ring["shadow"])
        assert max(int(re.findall(r"(\d+)px", s[1])[-1]) for s in dark) > 7, (key, ring)  # beyond the gold: 3 + 4


def test_the_hint_ring_on_the_best_suits_button_keeps_its_dark_edges_and_glow(server: Server) -> None:
    """Naming trump, the suit with the most meld has a gold bar under it (``best-meld``); when the hint rings
    that button its box shadow used to lose the ring's dark edges and glow to the bar's (seen in a clean-clone
    run, the hint's deal being random). A suit button with both classes in the page's own controls."""
    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for theme in ("light", "dark"):
            page = open_page(browser, (1440, 900), errors, theme=theme)
            start_solo(page, server.url)
            # added and measured in one task: a view arriving between two evaluations redraws the controls
            # without it (a clean-clone run at load: "getComputedStyle: parameter 1 is not of type 'Element'")
            out[theme] = page.evaluate("""() => { const b = document.createElement('button');
              b.className = 'suit-btn with-meld best-meld hinted'; b.textContent = '♠';
              document.getElementById('controls').append(b); return (""" + RING + """)(); }""")
            page.context.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for key, ring in out.items():
        assert ring["outline"] == "4px", (key, ring)
        assert "inset" in ring["shadow"], (key, ring)  # the best meld's bar stays
        assert ring["shadow"].count("0px 0px 0px") >= 2 and "16px 10px" in ring["shadow"], (key, ring)
