"""Naming trump, each trump button shows what your hand melds with that suit as trump (the view's
``trump_meld``; the browser only renders it): "meld 190" on the button, the best suit marked, and a screen
reader hears "Spades trump: your meld 190". The four buttons stay on one row within the screen at 320, 360,
390 and 1440 px. The engine's view of a random match (tests/test_browser_explain.py) on a scripted socket;
screenshots under $PINOCHLE_SHOTS."""

from __future__ import annotations

from typing import Any

from .browser_support import shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import first_of, serious, south
from .test_browser_layout import in_browser, open_fixture, server, settle  # noqa: F401  (server: the module's live server)

BUTTONS = """() => [...document.querySelectorAll('[data-testid^=trump-]:is(button)')].map((b) => {
  const r = b.getBoundingClientRect();
  return { suit: b.dataset.testid.slice(6), meld: b.querySelector('.trump-meld')?.textContent ?? null,
           label: b.getAttribute('aria-label'), best: b.classList.contains('best-meld'),
           top: r.top, left: r.left, right: r.right, bottom: r.bottom, w: innerWidth, h: innerHeight };
})"""


def test_the_trump_buttons_show_your_meld_in_each_suit(server: Any) -> None:  # noqa: F811
    v = south(first_of("table", lambda s: s.phase == "trump" and s.declarer == 2))
    melds = v["trump_meld"]
    names = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for theme, size in (("light", (320, 568)), ("dark", (360, 740)), ("light", (390, 844)), ("dark", (1440, 900))):
            ctx, page, _ = open_fixture(browser, server_url(server), v, errors, theme=theme, size=size)
            dialog = page.get_by_test_id("meld-dialog")
            if dialog.is_visible():
                page.get_by_test_id("meld-close").click()
            page.get_by_test_id("trump-S").wait_for()
            settle(page)
            out[f"{theme}-{size[0]}"] = {"buttons": page.evaluate(BUTTONS), "axe": serious(page) if size[0] == 360 else []}
            shot(page, f"trump-meld-{theme}-{size[0]}")
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    best = max(melds.values())
    for key, got in out.items():
        assert got["axe"] == [], (key, got["axe"])
        buttons = {b["suit"]: b for b in got["buttons"]}
        assert set(buttons) == set(melds), (key, buttons)
        for suit, b in buttons.items():
            assert b["meld"] == f"meld {melds[suit]}", (key, b)
            assert b["label"] == f"{names[suit]} trump: your meld {melds[suit]}", (key, b)
            assert b["best"] == (best > 0 and melds[suit] == best), (key, b)
            assert b["left"] >= 0 and b["right"] <= b["w"] + 0.5 and b["bottom"] <= b["h"], (key, b)
        # one row
        assert len({round(b["top"]) for b in got["buttons"]}) == 1, (key, got["buttons"])


def server_url(server: Any) -> str:
    """The live server's address."""
    return str(server.url)
