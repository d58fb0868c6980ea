"""Home's one place for the player's name, and toasts away from the table that cover no control (issue 30:
"the name asked once and remembered").

A fresh reviewer found Quick Match asking for the name from a field in the private rooms' section
("Play with friends"), and its toast "Type your name first" lying over the Quick Match button. Now:

- The name has a section of its own ("Your name"), outside "Play with friends" and "Quick Match",
  the one name field on Home; rooms and Quick Match both take it.
- Quick Match (or Create room) without a name raises no toast: the field says why under itself
  ("Type your name first (1 to 20 characters), then press Enter to start Quick Match."), takes the
  focus and lies whole in the window; Enter after typing the name starts the Quick Match search,
  and the name is kept (a room made afterwards takes it without asking).
- An invitation link: the name field (with the focus), the invitation and Join all in the window.
- A toast raised on Home (Join with no room code) or in a room's lobby (Copy link, with a computer
  guest in the room) covers no button, field or game tile in the window, at 320x568, 360x740,
  390x844, 768x1024 and 1440x900, light and dark; and the lobby's seat badges stay one short line
  each in your seat (Home's name section once shared a class name with the "You" badge and stretched it).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from .browser_support import ARTIFACTS, TIMEOUT_MS
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import in_browser, server, settle  # noqa: F401  (server: the module's live server)

SIZES = ((320, 568), (360, 740), (390, 844), (768, 1024), (1440, 900))

#: the toasts' boxes against the boxes of the controls of the screen shown that lie in the window
COVERED = """() => {
  const screen = document.querySelector(`#screen-${document.body.dataset.screen}`);
  const box = (e) => { const r = e.getBoundingClientRect(); return {l: r.left, t: r.top, r: r.right, b: r.bottom}; };
  const meet = (a, b) => a.l < b.r - .5 && b.l < a.r - .5 && a.t < b.b - .5 && b.t < a.b - .5;
  const toasts = [...document.querySelectorAll('#toasts .toast')].map(box);
  const controls = [...screen.querySelectorAll('button, a[href], input, select, textarea')]
    .filter((e) => e.getClientRects().length).map((e) => ({el: e.dataset.testid || e.id || e.name || e.tagName, ...box(e)}))
    .filter((c) => c.b > 0 && c.t < innerHeight && c.r > 0 && c.l < innerWidth);
  return { toasts, covered: controls.filter((c) => toasts.some((t) => meet(t, c))).map((c) => c.el),
           inWindow: toasts.every((t) => t.t >= 0 && t.b <= innerHeight && t.l >= 0 && t.r <= innerWidth) };
}"""


def open_home(browser: Any, url: str, size: tuple[int, int], theme: str, errors: list[str]) -> tuple[Any, Any]:
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, color_scheme=theme, reduced_motion="reduce")
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.get_by_test_id("home").wait_for()
    page.wait_for_function("() => document.querySelectorAll('#game-tiles .game-tile').length > 1")
    return ctx, page


@pytest.mark.parametrize("size", [(360, 740), (1440, 900)], ids=["360x740", "1440x900"])
def test_quick_match_asks_for_the_name_in_its_one_place_without_a_toast(server: Any, size: tuple[int, int]) -> None:  # noqa: F811
    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, page = open_home(browser, server.url, size, "light", errors)
        out: dict[str, Any] = {"place": page.evaluate("""() => ({
          fields: document.querySelectorAll('#screen-home input[type=text][autocomplete=nickname]').length,
          inFriends: !!document.querySelector('#friends #name-input'), inQuick: !!document.querySelector('.quick #name-input'),
          section: document.getElementById('name-input').closest('section').id,
          title: document.getElementById('you-title').textContent })""")}
        page.get_by_test_id("quick-match").click()
        settle(page)
        out["asked"] = page.evaluate("""() => { const f = document.getElementById('name-input').getBoundingClientRect();
          const e = document.getElementById('name-error');
          return { toasts: document.querySelectorAll('#toasts .toast').length, error: e.hidden ? null : e.textContent,
                   focus: document.activeElement.id, invalid: document.getElementById('name-input').getAttribute('aria-invalid'),
                   inWindow: f.top >= 0 && f.bottom <= innerHeight, errorInWindow: e.getBoundingClientRect().bottom <= innerHeight }; }""")
        page.screenshot(path=str(ARTIFACTS / f"home-name-asked-{size[0]}x{size[1]}.png"))
        page.keyboard.type("Ann")
        out["typing"] = page.get_by_test_id("name-error").inner_text()
        page.keyboard.press("Enter")
        page.get_by_test_id("searching").wait_for()
        out["kept"] = page.evaluate("localStorage.getItem('pinochle.name')")
        page.get_by_test_id("cancel-search").click()
        page.get_by_test_id("home").wait_for()
        out["home"] = [page.get_by_test_id("name-shown").inner_text(), page.get_by_test_id("name-input").is_visible()]
        page.get_by_test_id("create-room").click()
        page.get_by_test_id("lobby").wait_for()
        out["lobby"] = page.get_by_test_id("lobby-seat-S").locator(".lseat-name").inner_text()
        out["errors"] = errors
        ctx.close()
        return out

    ARTIFACTS.mkdir(exist_ok=True)
    out = in_browser(run)
    assert out["errors"] == []
    assert out["place"] == {"fields": 1, "inFriends": False, "inQuick": False, "section": "you", "title": "Your name"}
    assert out["asked"] == {
        "toasts": 0, "error": "Type your name first (1 to 20 characters), then press Enter to start Quick Match.",
        "focus": "name-input", "invalid": "true", "inWindow": True, "errorInWindow": True}
    assert out["typing"] == "Press Enter to start Quick Match."
    assert out["kept"] == "Ann"
    assert out["home"] == ["Ann", False]
    assert out["lobby"] == "Ann"


def test_a_toast_away_from_the_table_covers_no_control(server: Any) -> None:  # noqa: F811
    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        seen: dict[str, Any] = {}
        for i, size in enumerate(SIZES):
            theme = "dark" if i % 2 else "light"
            ctx, page = open_home(browser, server.url, size, theme, errors)
            ctx.grant_permissions(["clipboard-read", "clipboard-write"])
            # Home: Join with no room code (the page scrolled to the Join button)
            page.get_by_test_id("join-room").click()
            page.locator("#toasts .toast").first.wait_for()
            settle(page)
            seen[f"home {size} {theme}"] = page.evaluate(COVERED)
            page.screenshot(path=str(ARTIFACTS / f"home-toast-{size[0]}x{size[1]}-{theme}.png"))
            # a room's lobby with a computer guest: Copy link
            page.evaluate("() => document.querySelectorAll('#toasts .toast').forEach((t) => t.remove())")
            page.get_by_test_id("name-input").fill("Ann")
            page.get_by_test_id("create-room").click()
            page.get_by_test_id("lobby").wait_for()
            page.get_by_test_id("copy-link").click()
            page.locator("#toasts .toast").first.wait_for()
            settle(page)
            seen[f"lobby {size} {theme}"] = page.evaluate(COVERED)
            # your seat's badges ("You", "Creator", "Not ready") stay one short line each
            seen[f"lobby {size} {theme}"]["badges"] = page.evaluate(
                "() => Math.max(...[...document.querySelectorAll('#lobby-seats .lseat.you .badge')].map((b) => b.getBoundingClientRect().height))")
            page.screenshot(path=str(ARTIFACTS / f"lobby-toast-{size[0]}x{size[1]}-{theme}.png"))
            ctx.close()
        return {"seen": seen, "errors": errors}

    ARTIFACTS.mkdir(exist_ok=True)
    out = in_browser(run)
    assert out["errors"] == []
    seen = out["seen"]
    assert len(seen) == 2 * len(SIZES) and all(s["toasts"] for s in seen.values()), seen
    bad = {k: s for k, s in seen.items() if s["covered"] or not s["inWindow"] or s.get("badges", 0) > 30}
    assert bad == {}, json.dumps(bad, indent=1)


@pytest.mark.parametrize("size", [(320, 568), (360, 740), (1440, 900)], ids=["320x568", "360x740", "1440x900"])
def test_an_invitation_shows_the_name_field_and_the_join_button_together(server: Any, size: tuple[int, int]) -> None:  # noqa: F811
    """An invitation link asks for the name in its one place: the focus is in the name field, and the
    field, the invitation's line and Join all lie in the window (the name is no longer in the room's
    section, right above Join)."""
    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, ann = open_home(browser, server.url, (1440, 900), "light", errors)
        ann.get_by_test_id("name-input").fill("Ann")
        ann.get_by_test_id("create-room").click()
        ann.get_by_test_id("lobby").wait_for()
        code = ann.get_by_test_id("room-code").inner_text().strip()
        ctx2, page = open_home(browser, f"{server.url}?room={code}", size, "dark", errors)
        page.wait_for_function("() => document.getElementById('invite-note').dataset.state === 'known'")
        settle(page)
        out = page.evaluate("""() => { const whole = (id) => { const r = document.getElementById(id).getBoundingClientRect();
            return r.top >= 0 && r.bottom <= innerHeight; };
          return { focus: document.activeElement.id, name: whole('name-input'), note: whole('invite-note'), join: whole('join-room') }; }""")
        page.screenshot(path=str(ARTIFACTS / f"home-invite-{size[0]}x{size[1]}.png"))
        out["errors"] = errors
        ctx2.close()
        ctx.close()
        return out

    ARTIFACTS.mkdir(exist_ok=True)
    out = in_browser(run)
    assert out.pop("errors") == []
    assert out == {"focus": "name-input", "name": True, "note": True, "join": True}
