"""Take the README's screenshots of the table (docs/table-*.jpg, JPEG at quality 82) from a real server.

    .venv/bin/python scripts/readme-shots.py [OUT_DIR]

Starts ``pinochle serve`` on a free port with a fresh database, plays a solo match of the table game
against Normal in Debian's Chromium (South passes or names trump, then plays its first legal card), and
takes three pictures once every animation has finished:

- ``table-meld.jpg``: the meld laid on the felt before the first card (desktop, 1440x900, light);
- ``table-phone.jpg``: South to play into a trick (phone, 390x844, dark, drawn at 2x);
- ``table-desktop.jpg``: South to play into a trick (desktop, 1440x900, light).

OUT_DIR defaults to docs/. Deals are random, so each run shows another hand.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser_support import CHROMIUM, CHROMIUM_ARGS, Server, free_port  # noqa: E402

IDLE = """() => {
  const b = document.body;
  return b.dataset.screen === 'table' && b.dataset.busy !== '1' && b.dataset.connected === '1'
    && document.getAnimations().filter((a) => a.playState === 'running').length === 0;
}"""


def legal(page: Any) -> list[str]:
    return str(page.evaluate("document.body.dataset.legal || ''")).split(",")


def south_turn(page: Any) -> list[str]:
    """Wait until the page is idle on South's move; the moves South may make."""
    page.wait_for_function(f"() => ({IDLE})() && (document.body.dataset.legal || '') !== ''", timeout=60_000)
    return legal(page)


def still(page: Any) -> None:
    """Wait until nothing moves and the status has its words."""
    page.wait_for_function(f"() => ({IDLE})()", timeout=60_000)
    page.wait_for_timeout(400)


def shoot(browser: Any, url: str, out: Path, size: tuple[int, int], theme: str, scale: int,
          meld: Path | None) -> Path:
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, color_scheme=theme,
                              device_scale_factor=scale)
    ctx.set_default_timeout(60_000)
    page = ctx.new_page()
    page.goto(url)
    page.get_by_test_id("level-normal").click()
    page.get_by_test_id("table").wait_for()
    for _ in range(60):
        if meld is not None and not meld.exists():
            # the meld lies on the felt from the end of the auction until the first card: catch it there
            page.wait_for_function("""() => (document.body.dataset.legal || '') !== ''
              || document.querySelectorAll('#felt-melds .felt-meld').length > 0""", timeout=60_000)
            if page.locator("#felt-melds .felt-meld").count():
                page.wait_for_timeout(1200)  # the plates laid, seat after seat
                page.screenshot(path=str(meld), type="jpeg", quality=82)
        moves = south_turn(page)
        if "play" in moves:
            break
        if "pass" in moves:
            page.get_by_test_id("pass-button").click()
        elif page.locator("[data-testid^=trump-]").count():
            page.locator("[data-testid^=trump-]").first.click()
        else:
            page.locator("dialog[open] button").first.click()
        page.wait_for_timeout(300)
    # into a trick: play the first legal card until South follows a card already led
    for _ in range(12):
        if page.locator("#centre [data-testid^=trick-] .card").count() >= 2:
            break
        page.locator("[data-testid=card][data-legal=true]").first.click(position={"x": 8, "y": 30})
        south_turn(page)
    still(page)
    page.screenshot(path=str(out), type="jpeg", quality=82)
    ctx.close()
    return out


def main() -> None:
    from playwright.sync_api import sync_playwright

    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs"
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(free_port(), Path(tmp) / "t.db", Path(tmp) / "server.log", ("--bot-delay", "0.4"))
        server.start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    shoot(browser, server.url, out / "table-desktop.jpg", (1440, 900), "light", 1,
                          out / "table-meld.jpg")
                    shoot(browser, server.url, out / "table-phone.jpg", (390, 844), "dark", 2, None)
                finally:
                    browser.close()
        finally:
            server.stop()
    for name in ("table-meld.jpg", "table-desktop.jpg", "table-phone.jpg"):
        path = out / name
        print(path, path.stat().st_size if path.exists() else "not taken")


if __name__ == "__main__":
    main()
