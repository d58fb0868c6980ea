"""Layout finishing touches from a reviewer's comparison with other card tables, checked in the real page (Chromium).

1. On a phone the floating Hint button covers no seat (box, name or badge), no card of your hand and no other
   button, at 320x568, 360x740 and 390x844: the table game, turned trump, double deck, cutthroat and auction at
   a table of 5 (the declarer's bury).

Screenshots go to $PINOCHLE_SHOTS when it is set.
"""

from __future__ import annotations

from typing import Any

import pytest

from .browser_support import in_browser, shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import open_fixture, server, settle, widow_table_view  # noqa: F401  (server: the module's live server)

PHONES = [(320, 568), (360, 740), (390, 844)]


# ---------------------------------------------------------------- the Hint button covers nothing

HINT_BUTTON_CLASH = """() => {
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const button = document.querySelector('[data-testid=hint-button]');
  if (!button) return {over: ['no Hint button'], inside: false};
  const r = button.getBoundingClientRect();
  const seen = (e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden';
  const others = [
    ...[...document.querySelectorAll('#felt > .seat, #felt > .seat .seat-name, #felt > .seat .badge, #felt > .seat .seat-meld, #bench [data-testid^=bench-chair-]')]
      .map((e) => [e, `seat ${e.closest('.seat')?.dataset.seat ?? e.dataset.testid} (${e.className})`]),
    ...[...document.querySelectorAll('#felt .plate, #felt .meld-plate, #felt [class*=turned], #felt [data-testid*=turned], #felt .widow, #felt [data-testid*=widow]')]
      .map((e) => [e, `felt ${e.dataset.testid || e.className}`]),
    ...[...document.querySelectorAll('#hand button.card')].map((e) => [e, `card ${e.dataset.card}`]),
    ...[...document.querySelectorAll('button, a.btn, [role=button]')].filter((e) => !e.closest('#hint-box') && !e.closest('dialog'))
      .map((e) => [e, `button ${e.dataset.testid || e.id || e.textContent.trim()}`]),
  ].filter(([e]) => seen(e));
  return {box: [r.left, r.top, r.right, r.bottom], inside: r.left >= 0 && r.right <= innerWidth && r.top >= 0 && r.bottom <= innerHeight,
          over: [...new Set(others.filter(([e]) => meet(r, e.getBoundingClientRect())).map(([, name]) => name))]};
}"""

HINT_GAMES = {
    "table": ("table", None, "auction", True),
    "table-play": ("table", None, "play", True),
    "turned-trump": ("turned-trump", None, "play", True),
    "double-deck": ("double-deck", None, "play", True),
    "cutthroat": ("cutthroat", None, "bury", True),
    "auction5-bury": ("auction", 5, "bury", True),
    "auction5-play": ("auction", 5, "play", True),
}


@pytest.mark.parametrize("case", list(HINT_GAMES))
def test_the_hint_button_covers_no_seat_card_or_button_on_a_phone(server: Any, case: str) -> None:  # noqa: F811
    """South to move on a phone (320x568, 360x740 and 390x844, light and dark): the Hint button, floating over the
    felt, lies over no seat (its box, name, badges, melds), no card of your hand and no other button, whole on the
    screen. It lay over your own seat's bid ("Bid 250") at a table of 5 and over the turned trump's label."""
    game, players, phase, declare = HINT_GAMES[case]
    v = widow_table_view(game, players, phase, declare)

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for size in PHONES:
            for theme in ("light", "dark"):
                ctx, page, _ = open_fixture(browser, server.url, v, errors, theme=theme, size=size)
                if page.locator("dialog[open]").count():
                    page.locator("dialog[open] .btn.primary").first.click()
                    page.wait_for_function("() => !document.querySelector('dialog[open]')")
                page.get_by_test_id("hint-button").wait_for()
                settle(page)
                shot(page, f"hintbtn-{case}-{size[0]}-{theme}")
                out[f"{size[0]}-{theme}"] = page.evaluate(HINT_BUTTON_CLASH)
                ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    bad = {look: got for look, got in out.items() if got["over"] or not got["inside"]}
    assert bad == {}, bad


# ---------------------------------------------------------------- the hand's summary at a table of 5 on a phone

def hand_end_view(game: str, players: int | None) -> dict[str, Any]:
    """South's view (as JSON) of a real deal of ``game`` (seed 1) at its first hand's end, every move a simple
    computer player's."""
    from pinochle.bots import SimplePlayer
    from pinochle.game import apply, auto_action, new_match, turn, view

    s = new_match(seed=1, game=game, players=players)
    while s.phase != "hand_end":
        seat = turn(s)
        assert seat is not None, s.phase
        a = auto_action(s)
        s = apply(s, a if a is not None else SimplePlayer(1).act(view(s, seat)))
    from pinochle.cards import Seat
    return view(s, Seat.S).to_json()


SUMMARY_FIT = """() => {
  const d = document.querySelector('dialog[open]');
  const t = d.querySelector('[data-testid=summary-table]');
  const wrap = t.closest('.table-wrap') || t.parentElement;
  const r = t.getBoundingClientRect(), w = wrap.getBoundingClientRect(), dr = d.getBoundingClientRect();
  const cut = [...t.querySelectorAll('th, td')].filter((c) => { const b = c.getBoundingClientRect(); return b.width && (b.right > w.right + 0.5 || b.left < w.left - 0.5); })
    .map((c) => c.textContent.trim());
  const clipped = [...t.querySelectorAll('th, td')].filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent.trim());
  return {scroll: wrap.scrollWidth - wrap.clientWidth, page: document.documentElement.scrollWidth - innerWidth,
          dialog: d.scrollWidth - d.clientWidth, cut, clipped, table: [r.left, r.right], wrap: [w.left, w.right], box: [dr.left, dr.right]};
}"""


def test_the_hand_summary_at_a_table_of_5_fits_a_phone_without_scrolling_sideways(server: Any) -> None:  # noqa: F811
    """Auction at a table of 5, the hand's end at 320x568, 360x740 and 390x844: the summary's table, one column
    per player, fits its dialog whole (at 360 the fifth player's column was cut and scrolled sideways)."""
    v = hand_end_view("auction", 5)

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for size, theme in (((320, 568), "light"), ((360, 740), "dark"), ((390, 844), "light")):
            ctx, page, _ = open_fixture(browser, server.url, v, errors, theme=theme, size=size)
            page.get_by_test_id("summary-table").wait_for()
            settle(page)
            shot(page, f"summary5-{size[0]}-{theme}")
            out[f"{size[0]}-{theme}"] = page.evaluate(SUMMARY_FIT)
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for look, got in out.items():
        assert got["scroll"] <= 0 and got["page"] <= 0 and got["dialog"] <= 0, (look, got)
        assert got["cut"] == [] and got["clipped"] == [], (look, got)


# ---------------------------------------------------------------- the replay viewer's caption, clear of its buttons

REPLAY_NAV_CLASH = """() => {
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const where = document.querySelector('[data-testid=replay-where]');
  const w = where.getBoundingClientRect();
  const dialog = document.querySelector('[data-testid=replay-dialog]');
  const buttons = [...dialog.querySelectorAll('button, a.btn')].filter((e) => e.getClientRects().length);
  return {text: where.textContent, cut: where.scrollWidth > where.clientWidth + 1,
          over: buttons.filter((b) => meet(w, b.getBoundingClientRect())).map((b) => b.dataset.testid || b.textContent.trim()),
          buttons: buttons.flatMap((a, i) => buttons.slice(i + 1).filter((b) => meet(a.getBoundingClientRect(), b.getBoundingClientRect()))
            .map((b) => `${a.dataset.testid} over ${b.dataset.testid}`))};
}"""


def test_the_replay_viewers_caption_lies_under_no_button(server: Any) -> None:  # noqa: F811
    """The replay viewer at 320x568, 360x740, 390x844 and 1440x900, at the deal ("The deal, the auction and the
    meld"), the first trick and the last: the caption between ‹ Trick and Trick › lies under neither button,
    whole (at 390 it ran under Trick ›), and no button of the viewer lies over another."""
    from .test_browser_replay import WithHistory, whole_match
    from .browser_support import open_page, scripted_table

    state = whole_match(3)

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for size, theme in (((320, 568), "light"), ((360, 740), "dark"), ((390, 844), "dark"), ((1440, 900), "light")):
            page = open_page(browser, size, errors, theme=theme)
            scripted_table(page, WithHistory(state).handler)
            page.goto(server.url)
            page.get_by_test_id("result").wait_for()
            page.get_by_test_id("result-replay").click()
            page.get_by_test_id("replay-dialog").wait_for()
            settle(page)
            shot(page, f"replay-{size[0]}-{theme}")
            out[f"{size[0]}-deal"] = page.evaluate(REPLAY_NAV_CLASH)
            page.get_by_test_id("replay-next").click()
            settle(page)
            out[f"{size[0]}-trick1"] = page.evaluate(REPLAY_NAV_CLASH)
            page.get_by_test_id("replay-body").focus()
            page.keyboard.press("End")
            settle(page)
            out[f"{size[0]}-end"] = page.evaluate(REPLAY_NAV_CLASH)
            page.context.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    assert out["390-deal"]["text"] == "The deal, the auction and the meld", out["390-deal"]
    for look, got in out.items():
        assert got["over"] == [] and got["buttons"] == [] and not got["cut"], (look, got)


# ---------------------------------------------------------------- the match's end: its buttons apart

RESULT_BUTTONS = """() => {
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const card = document.querySelector('#screen-result .result-card');
  const buttons = [...card.querySelectorAll('button, a.btn')].filter((e) => e.getClientRects().length);
  const review = document.getElementById('result-review').getBoundingClientRect();
  // the match's buttons (New match, Score sheet, Replay, Home) come first, the review of the last hand under the last hand
  const row = Math.max(...[...card.querySelectorAll('.result-buttons > .btn')].filter((e) => e.getClientRects().length)
    .map((e) => e.getBoundingClientRect().bottom));
  return {review: review.height > 0, gap: review.top - row, page: document.documentElement.scrollWidth - innerWidth,
          over: buttons.flatMap((a, i) => buttons.slice(i + 1).filter((b) => meet(a.getBoundingClientRect(), b.getBoundingClientRect()))
            .map((b) => `${a.dataset.testid} over ${b.dataset.testid}`))};
}"""


def test_the_match_ends_buttons_stand_apart(server: Any) -> None:  # noqa: F811
    """The match's end at 320x568, 360x740, 390x844 and 1440x900: "Review your decisions in the last hand" stands
    at least 12 px clear of the match's buttons (at 1440 it pressed against Play again), and no button lies over another."""
    from .test_browser_replay import WithHistory, whole_match
    from .browser_support import open_page, scripted_table

    state = whole_match(3)

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for size, theme in (((320, 568), "dark"), ((360, 740), "light"), ((390, 844), "dark"), ((1440, 900), "light")):
            page = open_page(browser, size, errors, theme=theme)
            scripted_table(page, WithHistory(state).handler)
            page.goto(server.url)
            page.get_by_test_id("result").wait_for()
            page.get_by_test_id("result-review").wait_for()
            settle(page)
            shot(page, f"result-{size[0]}-{theme}")
            out[f"{size[0]}"] = page.evaluate(RESULT_BUTTONS)
            page.context.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for look, got in out.items():
        assert got["review"] and got["gap"] >= 12 and got["over"] == [] and got["page"] <= 0, (look, got)
