"""Loose ends of the table, in the browser: each measured on the real page with engine-made views
served over a scripted socket (``web_fixtures.Scripted``), few page loads.

- two-handed: the hand's summary, the match's result and a Quick Match's review show each part of each
  score (the server's ``last_hand.parts``, each row's rule on its head) and each player's parts add up to
  the hand score;
- a big jump's question ("Bid 370? …") goes with Escape, as with Back: nothing is sent and the focus is on
  the Bid button again;
- toasts lie over no control (the tools row, the bid buttons, the hand: they stay above it) on a phone, a
  tablet and a desktop, and a tap
  on a tool under where a toast could be reaches the tool;
- Home says the server's own Quick Match search time (GET /games ``quick_match.search_seconds``; this
  module's server runs with ``--search-seconds 12``);
- the declarer of a widow game is told why a card may not be buried (the view's ``legal.bury.why_not``), on
  the card and when it is tapped;
- two-handed's Dix button says what the dix scores (the view's ``legal.dix_points``): "Dix +10".
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from pinochle.game import legal

from .test_browser import Server, free_port
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import BOXES, first_of, overlaps, play_until, serious, south
from .test_browser_layout import in_browser, open_fixture, settle
from .web_fixtures import Scripted, room_table

SEARCH_SECONDS = 12


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the module, searching Quick Match for ``SEARCH_SECONDS`` (not the default 20)."""
    tmp = tmp_path_factory.mktemp("loose")
    srv = Server(free_port(), tmp / "t.db", tmp / "server.log", ("--search-seconds", str(SEARCH_SECONDS)))
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


PART_SUMS = """(root) => {
  const sums = {};
  for (const td of document.querySelectorAll(`${root} [data-testid=part-cell]`)) {
    if (td.dataset.points === '') continue;
    sums[td.dataset.col] = (sums[td.dataset.col] ?? 0) + Number(td.dataset.points);
  }
  return sums;
}"""

RULES = """(root) => [...document.querySelectorAll(`${root} tr.part-row > th`)].map((th) => [th.innerText, th.title])"""


def open_screen(browser: Any, url: str, v: dict[str, Any], errors: list[str], screen: str,
                size: tuple[int, int] = (360, 740), table: dict[str, Any] | None = None) -> tuple[Any, Any]:
    """The page showing view ``v`` on ``screen`` (the match's result has no hand to wait for); ``table``: the
    table facts of a room or Quick Match (web_fixtures.room_table), else a solo match."""
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, reduced_motion="reduce")
    ctx.set_default_timeout(15_000)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    if table:
        page.add_init_script("localStorage.setItem('pinochle.seat', 's'.repeat(32))")
    page.add_init_script("sessionStorage.setItem('pinochle.screen', 'table')")
    page.route_web_socket("**/ws", Scripted(v, table).handler)
    page.goto(url)
    page.wait_for_function("s => document.body.dataset.screen === s", arg=screen)
    settle(page)
    return ctx, page


def test_two_handed_summaries_show_every_part_and_add_up(server: Server) -> None:
    hand = south(play_until("two-handed", 1, lambda s: s.phase == "hand_end"))
    end = south(play_until("two-handed", 1, lambda s: s.phase == "match_end", limit=20_000))
    for v in (hand, end):
        assert v["last_hand"]["parts"], v["last_hand"]

    def body(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, page, _ = open_fixture(browser, server.url, hand, errors)
        page.get_by_test_id("hand-summary").wait_for(state="visible")
        settle(page)
        out: dict[str, Any] = {"hand": page.evaluate(PART_SUMS, "#summary-body"),
                               "hand_rules": page.evaluate(RULES, "#summary-body")}
        ctx.close()
        ctx, page = open_screen(browser, server.url, end, errors, "result")
        out["end"] = page.evaluate(PART_SUMS, "#result-last")
        out["end_rules"] = page.evaluate(RULES, "#result-last")
        out["end_boxes"] = overlaps(page.evaluate(BOXES, "#screen-result .result-card > *"))
        out["axe"] = serious(page)
        ctx.close()
        # a Quick Match's review shows the last hand too (the table never showed its summary)
        quick = {**room_table({"N": "Ann", "S": "Bob"}), "kind": "quick"}
        ctx, page = open_screen(browser, server.url, end, errors, "review", table=quick)
        out["review"] = page.evaluate(PART_SUMS, "#review-hands [data-testid=review-last]")
        out["review_title"] = page.locator("[data-testid=review-last] h2").inner_text()
        out["review_axe"] = serious(page)
        ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(body)
    assert out["errors"] == [], out["errors"]
    assert out["hand"] == hand["last_hand"]["score"], (out["hand"], hand["last_hand"])
    assert out["end"] == end["last_hand"]["score"], (out["end"], end["last_hand"])
    assert out["review"] == end["last_hand"]["score"], (out["review"], end["last_hand"])
    assert out["review_title"] == f"Last hand ({end['last_hand']['number']})" and out["review_axe"] == [], out
    rule = "VARIANTS.md two-handed (seed 000)"
    for rows in (out["hand_rules"], out["end_rules"]):
        assert [r[0] for r in rows][:2] == ["Meld", "Counters"] and "Last trick" in [r[0] for r in rows], rows
        assert all(r[1] == rule for r in rows if r[0] != "Last trick" or r[1]), rows
    assert out["end_boxes"] == [] and out["axe"] == [], out


def test_escape_takes_back_a_big_jump_and_the_focus_returns_to_bid(server: Server) -> None:
    v = south(first_of("table", lambda s: s.phase == "auction" and legal(s, 2).min_bid is not None))
    start = v["legal"]["bid"]["min"]

    def body(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, page, script = open_fixture(browser, server.url, v, errors, size=(360, 740))
        for _ in range(2):
            page.get_by_test_id("bid-jump").click()  # +50 twice: 100 over the lowest bid, or more
        page.get_by_test_id("bid-button").click()
        page.get_by_test_id("bid-confirm-group").wait_for(state="visible")
        out: dict[str, Any] = {"question": page.get_by_test_id("bid-question").inner_text(),
                               "focus_ask": page.evaluate("() => document.activeElement?.dataset.testid"),
                               "keys": page.get_by_test_id("bid-back").get_attribute("aria-keyshortcuts")}
        page.keyboard.press("Escape")
        page.get_by_test_id("bid-confirm-group").wait_for(state="detached")
        settle(page)
        out["focus_back"] = page.evaluate("() => document.activeElement?.dataset.testid")
        out["value"] = page.get_by_test_id("bid-value").inner_text()
        # asked again and answered with Back: the same place
        page.get_by_test_id("bid-button").click()
        page.get_by_test_id("bid-back").click()
        settle(page)
        out["focus_back2"] = page.evaluate("() => document.activeElement?.dataset.testid")
        out["sent"] = [m for m in script.received if m["type"] == "action"]
        ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(body)
    assert out["errors"] == [], out["errors"]
    high = v["high_bid"]
    value = start + 100
    assert out["value"] == str(value), out
    assert out["question"] == (f"Bid {value}? That is {value - high} over the high bid of {high}." if high
                               else f"Bid {value}? That is 100 over the lowest bid, {start}."), out
    assert out["focus_ask"] == "bid-confirm" and out["keys"] == "Escape", out
    assert out["focus_back"] == "bid-button" and out["focus_back2"] == "bid-button", out
    assert out["sent"] == [], out["sent"]


TOAST_OVER = """() => {
  const toasts = [...document.querySelectorAll('#toasts .toast')].map((e) => e.getBoundingClientRect());
  const controls = [...document.querySelectorAll('#screen-table :is(button, a[href], input, select, [role=button])')]
    .filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; });
  const out = [];
  for (const a of toasts) for (const e of controls) {
    const b = e.getBoundingClientRect();
    if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
      out.push(e.dataset.testid || e.id || e.className);
  }
  const hand = document.getElementById('hand').getBoundingClientRect();
  return { over: out, shown: toasts.length, inside: toasts.every((r) => r.top >= 0 && r.bottom <= innerHeight),
           above_hand: toasts.every((r) => r.bottom <= hand.top + 1) };
}"""

THREE_TOASTS = """async () => {
  const m = await import('/static/announcer.js');
  m.toast("It is West's turn."); m.toast('Not connected to the table — reconnecting…'); m.notice(['Bob joined the room.']);
}"""


def test_toasts_cover_no_control(server: Server) -> None:
    play = south(play_until("table", 1, lambda s: s.phase == "play" and len(s.tricks) >= 2))
    bid = south(first_of("table", lambda s: s.phase == "auction" and legal(s, 2).min_bid is not None))

    def body(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for name, v, size in (("play", play, (320, 568)), ("bid", bid, (360, 740)), ("play", play, (390, 844)),
                              ("bid", bid, (768, 1024)), ("play", play, (1440, 900))):
            ctx, page, _ = open_fixture(browser, server.url, v, errors, size=size)
            if page.get_by_test_id("meld-dialog").is_visible():
                page.get_by_test_id("meld-close").click()
            page.evaluate(THREE_TOASTS)
            settle(page)
            got = page.evaluate(TOAST_OVER)
            # a tap on the Scores tool reaches it, toasts or not
            got["tap"] = page.evaluate("""() => { const b = document.querySelector('[data-testid=scores-button]').getBoundingClientRect();
              return document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2)?.closest('button')?.dataset.testid ?? null; }""")
            out[f"{name}-{size[0]}"] = got
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(body)
    assert out.pop("errors") == []
    for key, got in out.items():
        # one toast at a time (a second replaces the first), and the notice beside it
        assert got["shown"] == 2 and got["inside"] and got["above_hand"], (key, got)
        assert got["over"] == [], (key, got)
        assert got["tap"] == "scores-button", (key, got)


def test_home_says_the_servers_quick_match_search_time(server: Server) -> None:
    with urllib.request.urlopen(server.url + "games", timeout=5) as resp:
        said = json.load(resp)["quick_match"]
    assert said == {"search_seconds": float(SEARCH_SECONDS)}

    def body(browser: Any) -> str:
        ctx = browser.new_context(viewport={"width": 360, "height": 740})
        page = ctx.new_page()
        page.goto(server.url)
        page.wait_for_function("() => document.getElementById('quick-wait').textContent.includes('12')")
        text: str = page.get_by_test_id("quick-wait").inner_text()
        ctx.close()
        return text

    assert in_browser(body) == f"After {SEARCH_SECONDS} seconds computers fill the empty seats."


def test_the_bury_says_why_and_the_dix_says_its_points(server: Server) -> None:
    bury = south(first_of("cutthroat", lambda s: s.phase == "bury" and s.declarer == 2
                          and legal(s, 2).bury_why_not != ""))
    why = bury["legal"]["bury"]["why_not"]
    assert why == "it is in your meld, and only cards not used in meld may be buried"
    dix = south(first_of("two-handed", lambda s: s.phase == "stock_meld" and legal(s, 2).dix))
    assert dix["legal"]["dix_points"] == 10

    def body(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, page, script = open_fixture(browser, server.url, bury, errors, size=(360, 740))
        kept = page.locator("#hand button.card[data-legal=false]")
        out: dict[str, Any] = {"kept": kept.count(), "labels": kept.evaluate_all("els => els.map((e) => e.getAttribute('aria-label'))"),
                               "titles": kept.evaluate_all("els => els.map((e) => e.title)")}
        card = kept.first.get_attribute("data-card")
        kept.first.click()
        out["toast"] = page.get_by_test_id("toast").last.inner_text()
        out["card"] = card
        out["chosen"] = page.get_by_test_id("choose-count").inner_text()
        out["axe_bury"] = serious(page)
        ctx.close()
        ctx, page, script = open_fixture(browser, server.url, dix, errors, size=(360, 740))
        button = page.get_by_test_id("meld-dix")
        out["dix"] = button.inner_text().split()
        out["dix_label"] = button.get_attribute("aria-label")
        out["dix_boxes"] = overlaps(page.evaluate(BOXES, "[data-testid=meld-dix] > *"))
        button.click()
        for _ in range(50):  # the scripted socket hears the move
            if any(m["type"] == "action" for m in script.received):
                break
            page.wait_for_timeout(20)
        out["sent"] = [m["action"] for m in script.received if m["type"] == "action"]
        ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(body)
    assert out["errors"] == [], out["errors"]
    offered = set(bury["legal"]["bury"]["cards"])
    # the cards the view leaves out of the bury, each told why
    assert out["kept"] == sum(1 for c in bury["hand"] if c not in offered) > 0, out
    assert all(lb.endswith(f", cannot be buried: {why}") for lb in out["labels"]), out["labels"]
    assert all(t == f"Cannot be buried: {why}" for t in out["titles"]), out["titles"]
    short = {"A": "A", "T": "10", "K": "K", "Q": "Q", "J": "J", "9": "9"}[out["card"][0]]
    assert out["toast"].startswith(f"You cannot bury the {short}") and out["toast"].endswith(f": {why}."), out["toast"]
    assert out["chosen"].startswith("0 of 3"), out
    assert out["axe_bury"] == [], out["axe_bury"]
    assert out["dix"][:2] == ["Dix", "+10"], out["dix"]
    assert out["dix_label"].endswith(", 10 points"), out["dix_label"]
    assert out["dix_boxes"] == [], out
    assert out["sent"] == [{"type": "dix"}], out["sent"]
