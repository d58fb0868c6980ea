"""Take the README's screenshots of the table (docs/table-*.jpg, JPEG at quality 82) from a real server.

    .venv/bin/python scripts/readme-shots.py [OUT_DIR]

Starts ``pinochle serve`` on a free port with a fresh database, plays a solo match of the table game
against Normal in Debian's Chromium (South passes or names trump, then plays its first legal card), and
takes three pictures once every animation has finished:

- ``table-meld.jpg``: the meld laid on the felt before the first card (desktop, 1440x900, light);
- ``table-phone.jpg``: South to play into a trick (phone, 390x844, dark, drawn at 2x);
- ``table-desktop.jpg``: South to play into a trick (desktop, 1440x900, light);
- ``table-hint.jpg``: a hint at South's fifth card, the card ringed and the reason beside the Hint button
  (phone, 390x844, light);
- ``table-review.jpg``: the decision review of that hand, from its summary (phone, 390x844, light).

OUT_DIR defaults to docs/. Deals are random, so each run shows another hand. ``--aids`` takes only the
last two.
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


def shoot_aids(browser: Any, url: str, out: Path) -> tuple[Path, Path]:
    """A hand against Normal on a phone: South passes or names trump and plays its first legal card, but
    at its fifth card asks for a hint (the picture) and plays it; at the hand's end, the review."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="light", device_scale_factor=1)
    ctx.set_default_timeout(60_000)
    page = ctx.new_page()
    page.goto(url)
    page.get_by_test_id("level-normal").click()
    page.get_by_test_id("table").wait_for()
    plays = 0
    hint, review = out / "table-hint.jpg", out / "table-review.jpg"
    while True:
        page.wait_for_function(f"""() => document.getElementById('summary-dialog').open
          || (({IDLE})() && (document.body.dataset.legal || '') !== '')""", timeout=60_000)
        if page.evaluate("document.getElementById('summary-dialog').open"):
            break
        if page.get_by_test_id("meld-dialog").is_visible():
            page.get_by_test_id("meld-close").click()
        moves = legal(page)
        version = page.evaluate("document.body.dataset.version")
        if "play" in moves:
            plays += 1
            if plays == 5:
                page.get_by_test_id("hint-button").click()
                page.wait_for_function("() => (document.getElementById('hint-reason')?.textContent || '') !== ''")
                still(page)
                page.mouse.move(0, 0)
                page.screenshot(path=str(hint), type="jpeg", quality=82)
                page.locator(".hinted").first.click(position={"x": 8, "y": 30})
            else:
                page.locator("[data-testid=card][data-legal=true]").first.click(position={"x": 8, "y": 30})
        elif "pass" in moves:
            page.get_by_test_id("pass-button").click()
        elif "trump" in moves:
            page.locator("[data-testid^=trump-]").first.click()
        else:
            break
        page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
    page.get_by_test_id("hand-summary").wait_for()
    page.get_by_test_id("summary-review").click()
    page.get_by_test_id("review-list").wait_for()
    page.wait_for_timeout(400)
    page.screenshot(path=str(review), type="jpeg", quality=82)
    ctx.close()
    return hint, review


def main() -> None:
    from playwright.sync_api import sync_playwright

    aids_only = "--aids" in sys.argv[1:]
    args = [a for a in sys.argv[1:] if a != "--aids"]
    out = Path(args[0]) if args else ROOT / "docs"
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(free_port(), Path(tmp) / "t.db", Path(tmp) / "server.log", ("--bot-delay", "0.4"))
        server.start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    if not aids_only:
                        shoot(browser, server.url, out / "table-desktop.jpg", (1440, 900), "light", 1,
                              out / "table-meld.jpg")
                        shoot(browser, server.url, out / "table-phone.jpg", (390, 844), "dark", 2, None)
                    shoot_aids(browser, server.url, out)
                finally:
                    browser.close()
        finally:
            server.stop()
    for name in ("table-meld.jpg", "table-desktop.jpg", "table-phone.jpg", "table-hint.jpg", "table-review.jpg"):
        path = out / name
        print(path, path.stat().st_size if path.exists() else "not taken")


if __name__ == "__main__":
    main()
