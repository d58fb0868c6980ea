"""Animations, tap-to-hurry, reduced motion, keyboard play and the live region, in a real browser.

Like ``tests/test_browser.py`` (whose ``Server`` this reuses): ``pinochle serve``
runs as a subprocess on a free port with a fresh SQLite file and
``--bot-delay 0.05``, and Debian's Chromium is driven with Playwright's sync API
inside a worker thread.

- A whole solo hand is played with the keyboard alone (Tab, the arrow keys,
  Home, End, Enter, Space): the auction, trump if South declares, the meld
  review, 12 tricks and the hand summary; the hand is one tab stop, the focus
  is always on something visible and sensible, and the polite live region has
  announced the plays, the trick winners and the hand's result (under reduced
  motion, to keep it quick: the focus rules do not depend on the animations).
- With the system's reduced motion, and with the in-app switch (localStorage
  ``pinochle.settings`` = ``{"reducedMotion": "on"}``) on a system that does
  not ask for it, nothing moves: no animation with a moving keyframe is ever
  made or seen running, and a card played is at its place, fully opaque, at once.
- Without reduced motion, the deal, the meld laid on the felt, a card played and a trick
  gathered are animated; a card played is a running animation, and a click on
  the felt (or Escape) finishes the running animations at once; afterwards
  nothing of them is left on the page.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from .test_browser import (
    MY_TURN,
    TIMEOUT_MS,
    Server,
    body,
    free_port,
    in_browser,
    pytestmark,  # noqa: F401  (fail without Chromium, as test_browser does)
    wait_version_change,
)

DESKTOP = {"width": 1440, "height": 900}
T = TypeVar("T")

# Runs before the page's own scripts: keeps every announcement of the live region,
# every animation made with element.animate, and every animation seen running
# with a keyframe that moves something (sampled on every frame).
RECORDER = """
(() => {
  window.__spoken = [];
  window.__anims = [];
  window.__moving = [];
  const MOVING = ["transform", "translate", "scale", "rotate", "left", "top", "right", "bottom", "inset"];
  const moves = (a) => {
    try {
      return a.effect.getKeyframes().some((k) => MOVING.some((p) => p in k));
    } catch (e) { return false; }
  };
  window.__movesOf = moves;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    const a = animate.apply(this, args);
    window.__anims.push(a);
    return a;
  };
  const sample = () => {
    for (const a of document.getAnimations()) {
      if (a.playState === "running" && moves(a)) {
        window.__moving.push({ id: a.id || a.animationName || a.transitionProperty || "?", kind: a.constructor.name });
      }
    }
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
  document.addEventListener("DOMContentLoaded", () => {
    const box = document.getElementById("announcer");
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) window.__spoken.push(n.textContent);
    }).observe(box, { childList: true });
  });
})();
"""


def with_server(tmp_path: Path, fn: Callable[[Any, Server], T]) -> T:
    """``fn(browser, server)`` with a live server of its own (tests/browser_support.py's browser)."""
    server = Server(free_port(), tmp_path / "t.db", tmp_path / "server.log")
    server.start()
    try:
        return in_browser(lambda b: fn(b, server))
    finally:
        server.stop()


def new_page(browser: Any, errors: list[str], **ctx_args: Any) -> Any:
    ctx = browser.new_context(viewport=DESKTOP, **ctx_args)
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script(RECORDER)
    return page


def active(page: Any) -> dict[str, Any]:
    """What has the focus: its test id, card, legality, tag and whether its ring shows."""
    return dict(page.evaluate("""() => {
      const a = document.activeElement;
      const s = a ? getComputedStyle(a) : null;
      return {
        testid: a?.dataset?.testid || '', card: a?.dataset?.card || '', legal: a?.dataset?.legal || '',
        tag: a ? a.tagName.toLowerCase() : '', id: a?.id || '',
        ring: Boolean(s && s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2),
        visible: Boolean(a && a !== document.body && a.getClientRects().length),
      };
    }"""))


def tab_to(page: Any, want: Callable[[dict[str, Any]], bool], what: str, limit: int = 40) -> dict[str, Any]:
    """Press Tab until the focused element is the one wanted."""
    for _ in range(limit):
        now = active(page)
        if want(now):
            return now
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {what}; focus is on {active(page)}")


def spoken(page: Any) -> list[str]:
    return list(page.evaluate("window.__spoken"))


def no_leftovers(page: Any) -> None:
    """Nothing of an animation stays behind: no animation of ours left, no inline motion styles."""
    left = page.evaluate("""() => document.getAnimations()
      .filter((a) => (a.id || '').startsWith('pinochle-')).map((a) => a.id + ':' + a.playState)""")
    assert left == [], left
    styled = page.evaluate("""() => [...document.querySelectorAll('[style]')]
      .map((e) => e.getAttribute('style')).filter((s) => /translate|opacity|scale|rotate/.test(s))""")
    assert styled == [], styled


def wait_idle_turn(page: Any) -> None:
    """Your move is on the table and no animation of ours is running."""
    page.wait_for_function(
        f"""() => ({MY_TURN})() && !document.getAnimations().some(
              (a) => (a.id || '').startsWith('pinochle-') && a.playState === 'running')""",
        timeout=TIMEOUT_MS,
    )


# ---------------------------------------------------------------- (a) a whole hand with the keyboard alone


def run_keyboard_hand(browser: Any, server: Server) -> dict[str, Any]:
    errors: list[str] = []
    seen: dict[str, Any] = {"moves": 0}
    # reduced motion keeps this long test quick; the animations are tested below
    page = new_page(browser, errors, reduced_motion="reduce")
    page.goto(server.url)
    page.get_by_test_id("home").wait_for()

    # Home: Tab to Normal, Enter.
    tab_to(page, lambda a: a["testid"] == "level-normal", "the Normal button")
    assert active(page)["ring"], "no focus ring on the Normal button"
    page.keyboard.press("Enter")
    page.get_by_test_id("table").wait_for()

    # The hand is one tab stop.
    page.wait_for_function("() => document.querySelectorAll('#hand button.card').length === 12")
    stops = page.eval_on_selector_all("#hand button.card", "els => els.filter(e => e.tabIndex === 0).length")
    assert stops == 1, f"{stops} tab stops in the hand"
    # every card has a spoken name
    labels = page.eval_on_selector_all("#hand button.card", "els => els.map(e => e.getAttribute('aria-label'))")
    ranks = ("Ace", "Ten", "King", "Queen", "Jack", "Nine")
    suits = ("spades", "hearts", "diamonds", "clubs")
    assert all(lb.split(" of ")[0] in ranks and lb.split(" of ")[1].split(",")[0] in suits for lb in labels), labels

    bid_done = False
    for _ in range(200):
        wait_idle_turn(page)
        if page.get_by_test_id("meld-dialog").is_visible():
            seen["meld_dialog_by_itself"] = True  # the details open only on a tap (views/felt.js)
        if page.locator("#felt-melds .felt-meld").count() and not seen.get("meld_review"):
            # the meld on the felt: Tab to a seat's meld, Enter opens its details; Tab to Close, Enter;
            # the focus comes back to the table
            tab_to(page, lambda a: a["testid"].startswith("felt-meld-"), "a seat's meld on the felt")
            page.keyboard.press("Enter")
            page.get_by_test_id("meld-dialog").wait_for()
            tab_to(page, lambda a: a["testid"] == "meld-close", "the meld review's Close button")
            page.keyboard.press("Enter")
            page.get_by_test_id("meld-dialog").wait_for(state="hidden")
            seen["meld_review"] = True
            # the focus is back on the meld it came from; Tab goes on to the table's controls and the hand
            page.wait_for_function("() => (document.activeElement?.dataset?.testid || '').startsWith('felt-meld-')")
            if "play" in body(page, "legal").split(","):
                tab_to(page, lambda a: bool(a["card"]) and a["legal"] == "true", "a playable card of the hand")
            # the focus comes back to the table (the dialog's close event puts it there)
            page.wait_for_function("""() => { const a = document.activeElement;
              return a && a !== document.body && a.getClientRects().length > 0 && !a.closest('dialog'); }""")
            wait_idle_turn(page)
        legal = body(page, "legal")
        version = body(page, "version")
        if legal == "deal":
            break
        now = active(page)
        assert now["visible"], f"the focus is not on anything visible at {legal!r}: {now}"
        if legal == "bid,pass":
            if not bid_done:
                # your turn: the focus is on the bid button; raise with + then lower with −
                assert now["testid"] == "bid-button", now
                assert now["ring"], "no focus ring on the bid button"
                low = int(page.get_by_test_id("bid-value").inner_text())
                tab_to(page, lambda a: a["testid"] == "bid-plus", "the + button")
                page.keyboard.press("Enter")
                assert int(page.get_by_test_id("bid-value").inner_text()) == low + 10
                assert active(page)["testid"] == "bid-plus", "the focus left the + button"
                page.keyboard.press("Shift+Tab")  # back to −, enabled now
                assert active(page)["testid"] == "bid-minus", active(page)
                page.keyboard.press("Space")
                assert int(page.get_by_test_id("bid-value").inner_text()) == low
                tab_to(page, lambda a: a["testid"] == "bid-button", "the bid button")
                page.keyboard.press("Enter")
                bid_done = True
                seen["bid"] = low
            else:
                tab_to(page, lambda a: a["testid"] == "pass-button", "the Pass button")
                page.keyboard.press("Space")
        elif legal == "pass":
            tab_to(page, lambda a: a["testid"] == "pass-button", "the Pass button")
            page.keyboard.press("Enter")
        elif legal == "trump":
            assert now["testid"].startswith("trump-"), now
            held = page.eval_on_selector_all("#hand button.card", "els => els.map(e => e.dataset.card)")
            suit = max("SHDC", key=lambda s: sum(c[1] == s for c in held))
            tab_to(page, lambda a: a["testid"] == f"trump-{suit}", f"the {suit} trump button")
            page.keyboard.press("Enter")
            seen["trump"] = suit
        elif legal == "play":
            # your turn to play: the focus is on a playable card of your hand
            assert now["card"] and now["legal"] == "true", f"the focus is not on a playable card: {now}"
            assert now["ring"], "no focus ring on the card"
            count = page.locator("#hand button.card").count()
            if not seen.get("home_end"):
                page.keyboard.press("End")
                assert active(page)["card"] == page.locator("#hand button.card").nth(count - 1).get_attribute("data-card")
                page.keyboard.press("Home")
                assert active(page)["card"] == page.locator("#hand button.card").first.get_attribute("data-card")
                seen["home_end"] = True
            illegal = page.locator("#hand button.card[data-legal=false]").count()
            if illegal and not seen.get("illegal_toast"):
                # Enter on a card that cannot be played: the server says why, nothing changes
                page.keyboard.press("Home")
                for _ in range(count):
                    if active(page)["legal"] == "false":
                        break
                    page.keyboard.press("ArrowRight")
                assert active(page)["legal"] == "false"
                page.keyboard.press("Enter")
                toast = page.get_by_test_id("toast").last
                toast.wait_for()
                seen["illegal_toast"] = toast.inner_text()
                page.wait_for_function("() => document.body.dataset.busy !== '1'")
                assert body(page, "version") == version, "an illegal card changed the table"
                assert active(page)["card"], "the focus left the hand after a refused card"
            # go right to a playable card (wrapping back with Home), and play it
            for step in range(2 * count + 1):
                if active(page)["legal"] == "true":
                    break
                page.keyboard.press("ArrowRight" if step < count else "Home")
            assert active(page)["legal"] == "true"
            page.keyboard.press("Enter" if seen["moves"] % 2 else "Space")
        else:
            raise AssertionError(f"unexpected legal moves {legal!r}")
        seen["moves"] += 1
        wait_version_change(page, version)
    else:
        raise AssertionError("the hand did not end")

    # The hand summary: 12 tricks, the focus on Next hand.
    page.get_by_test_id("hand-summary").wait_for()
    assert page.get_by_test_id("trick-count").get_attribute("data-value") == "12"
    assert page.get_by_test_id("verdict").inner_text().startswith(("Made", "Set"))
    page.wait_for_function("() => document.activeElement && document.activeElement.dataset.testid === 'next-hand'")
    seen["spoken"] = spoken(page)
    assert page.get_by_test_id("announcer").get_attribute("aria-live") == "polite"
    assert not errors, f"errors in the page: {errors}"
    return seen


def test_a_whole_hand_with_the_keyboard_alone(tmp_path: Path) -> None:
    seen = with_server(tmp_path, run_keyboard_hand)
    # the meld lies on the felt before the first card (reached with the keyboard when South's turn comes
    # first: tests/test_browser_living_felt.py does it at every table); its details never open by themselves
    assert not seen.get("meld_dialog_by_itself"), "the meld review opened by itself"
    said_text = " ".join(seen["spoken"])
    # South bids by keyboard unless the deal left South, the dealer, stuck after three passes (no call to make)
    assert seen.get("bid") or "You are stuck with the bid" in said_text, "South never bid"
    if "illegal_toast" in seen:
        assert seen["illegal_toast"].strip()
    said = seen["spoken"]
    text = " ".join(said)
    assert "played the" in text, said
    assert any(" of " in s and "played the" in s for s in said)
    assert "wins the trick" in text or "win the trick" in text, said
    assert any(w in text for w in ("bids", "passes", "You bid", "You pass")), said
    assert "trump" in text, said
    assert "to us" in text and "to them" in text, said  # the hand's result, e.g. "We made 250: +310 to us, …"
    assert any(s.startswith(("We made", "We went set", "They made", "They went set")) or " We made" in s
               or " They made" in s or " went set" in s for s in said), said
    # each state change is one message, not a flood: fewer messages than cards played
    assert len(said) <= 12 * 4 + 30, len(said)


# ---------------------------------------------------------------- (b), (d) reduced motion: nothing moves


def play_with_clicks(page: Any, tricks: int, cards: int = 13) -> None:
    """Pass (or name trump), close the meld review and play legal cards until `tricks` tricks
    are done or `cards` cards of yours are played."""
    played = 0
    for _ in range(200):
        page.wait_for_function(MY_TURN, timeout=TIMEOUT_MS)
        if page.get_by_test_id("meld-dialog").is_visible():
            page.get_by_test_id("meld-close").click()
            page.get_by_test_id("meld-dialog").wait_for(state="hidden")
        done = int(page.get_by_test_id("trick-count").get_attribute("data-value") or 0)
        legal = body(page, "legal")
        if (done >= tricks and legal == "play") or played >= cards:
            return
        version = body(page, "version")
        if legal in ("bid,pass", "pass"):
            page.get_by_test_id("pass-button").click()
        elif legal == "trump":
            held = page.eval_on_selector_all("#hand button.card", "els => els.map(e => e.dataset.card)")
            page.get_by_test_id(f"trump-{max('SHDC', key=lambda s: sum(c[1] == s for c in held))}").click()
        elif legal == "play":
            card = page.locator("#hand button.card[data-legal=true]").first
            token = card.get_attribute("data-card")
            card.click(position={"x": 8, "y": 30})
            wait_version_change(page, version)
            # the card is in the centre at once: at its place, fully opaque, not animated
            state = page.evaluate("""(token) => {
              const el = [...document.querySelectorAll('#centre .slot .card')].find((c) => c.dataset.card === token);
              if (!el) return null;
              return { opacity: getComputedStyle(el).opacity, anims: el.getAnimations().length,
                       slot: el.parentElement.getAnimations().length };
            }""", token)
            if state is not None:  # (None: the trick was already gathered by a later state)
                assert state == {"opacity": "1", "anims": 0, "slot": 0}, state
            played += 1
            continue
        else:
            raise AssertionError(f"unexpected legal moves {legal!r}")
        wait_version_change(page, version)
    raise AssertionError("did not get there")


def run_reduced(browser: Any, server: Server, how: str) -> dict[str, Any]:
    errors: list[str] = []
    if how == "system":
        page = new_page(browser, errors, reduced_motion="reduce")
    else:
        page = new_page(browser, errors, reduced_motion="no-preference")
        page.add_init_script(
            f"localStorage.setItem('pinochle.settings', {json.dumps(json.dumps({'reducedMotion': 'on'}))})"
        )
    page.goto(server.url)
    page.get_by_test_id("home").wait_for()
    assert page.evaluate("document.documentElement.dataset.reducedMotion") == "true"
    page.get_by_test_id("level-normal").click()
    page.get_by_test_id("table").wait_for()
    page.wait_for_function("() => document.querySelectorAll('#hand button.card').length === 12")
    # the hand is there at once: no card is moving or fading in
    hand = page.evaluate("""() => [...document.querySelectorAll('#hand button.card')]
      .map((c) => [getComputedStyle(c).opacity, c.getAnimations().length])""")
    assert all(h == ["1", 0] for h in hand), hand
    # (the in-app switch saved settings, so the computers play at the Normal pace: one card is enough)
    play_with_clicks(page, tricks=1, cards=1 if how == "switch" else 13)
    # no CSS animation or transition is declared anywhere
    declared = page.evaluate("""() => [...document.querySelectorAll('*')].filter((e) => [null, '::before', '::after']
      .some((pseudo) => {
        const s = getComputedStyle(e, pseudo);
        return s.animationName !== 'none' || s.transitionDuration.split(',').some((d) => parseFloat(d) > 0);
      })).map((e) => e.tagName + '.' + e.className)""")
    assert declared == [], declared[:10]
    moving_made = page.evaluate("window.__anims.filter((a) => window.__movesOf(a)).map((a) => a.id)")
    assert moving_made == [], moving_made
    made = page.evaluate("window.__anims.map((a) => a.id)")
    assert made == [], made  # not even a fade: every state change is instant
    seen_moving = page.evaluate("window.__moving")
    assert seen_moving == [], seen_moving[:10]
    running = page.evaluate("document.getAnimations().filter((a) => a.playState === 'running').length")
    assert running == 0
    no_leftovers(page)
    assert not errors, f"errors in the page: {errors}"
    return {}


def test_system_reduced_motion_moves_nothing(tmp_path: Path) -> None:
    with_server(tmp_path, lambda b, server: run_reduced(b, server, "system"))


def test_in_app_reduced_motion_moves_nothing(tmp_path: Path) -> None:
    with_server(tmp_path, lambda b, server: run_reduced(b, server, "switch"))


# ---------------------------------------------------------------- (c) a card flies in; a click on the felt hurries it

CATCH = """(kind) => {
  const list = document.getAnimations().filter((a) => a.id === kind && a.playState === 'running');
  if (!list.length) return false;
  window.__caught = list;
  window.__caughtAt = performance.now();
  // how long the soonest of them still had to run
  window.__remaining = Math.min(...list.map((a) => {
    const t = a.effect.getComputedTiming();
    return t.endTime - (a.currentTime ?? 0);
  }));
  return true;
}"""


CAUGHT = """() => ({
  finished: window.__caught.every((a) => a.playState === 'finished'),
  elapsed: performance.now() - window.__caughtAt,
  remaining: window.__remaining,
  after: window.__afterClick.at(-1),
})"""


def table_watching_clicks(browser: Any, server: Server, errors: list[str],
                          settings: dict[str, Any] | None = None) -> tuple[Any, tuple[float, float]]:
    """A solo table with animations on (``settings``: saved first), recording after each click on the felt
    how many of our animations still run (``window.__afterClick``); the page, and an empty corner of the felt."""
    page = new_page(browser, errors, reduced_motion="no-preference")
    if settings is not None:
        page.add_init_script(f"localStorage.setItem('pinochle.settings', JSON.stringify({json.dumps(settings)}))")
    page.goto(server.url)
    page.get_by_test_id("home").wait_for()
    assert page.evaluate("document.documentElement.dataset.reducedMotion") == "false"
    page.get_by_test_id("level-normal").click()
    page.get_by_test_id("table").wait_for()
    # what the felt's click leaves running, seen right after the hurry's own handler ran
    page.evaluate("""() => {
      window.__afterClick = [];
      document.addEventListener('click', (e) => {
        if (!e.target.closest || !e.target.closest('.felt')) return;
        window.__afterClick.push(document.getAnimations()
          .filter((a) => (a.id || '').startsWith('pinochle-') && a.playState === 'running').length);
      });
    }""")
    felt = page.locator("#screen-table .felt").bounding_box()
    assert felt
    return page, (felt["x"] + 40, felt["y"] + 40)  # an empty corner of the felt: no seat, no card, no button


def run_hurry(browser: Any, server: Server) -> dict[str, Any]:
    errors: list[str] = []
    out: dict[str, Any] = {}
    page, corner = table_watching_clicks(browser, server, errors)

    # the deal and the meld review are animated
    page.wait_for_function("() => window.__anims.some((a) => a.id === 'pinochle-deal')")
    hurried = 0
    for _ in range(12):
        play_once(page)
        # a card played produces a running animation
        page.wait_for_function(CATCH, arg="pinochle-play", polling="raf", timeout=TIMEOUT_MS)
        page.mouse.click(*corner)
        res = page.evaluate(CAUGHT)
        assert res["finished"], res
        assert res["after"] == 0, res  # nothing of ours runs after the click
        if res["elapsed"] < res["remaining"]:
            hurried += 1  # finished before its time: the click did it
        if hurried >= 2:
            break
    assert hurried >= 2, "the click never finished an animation before its time"
    out["hurried"] = hurried
    made = set(page.evaluate("window.__anims.map((a) => a.id)"))
    assert "pinochle-meld" in made, made  # the meld laid on the felt, seat after seat

    # Escape hurries too (when no dialog is open)
    for _ in range(6):
        play_once(page)
        page.wait_for_function(CATCH, arg="pinochle-play", polling="raf", timeout=TIMEOUT_MS)
        page.keyboard.press("Escape")
        res = page.evaluate(CAUGHT)
        assert res["finished"], res
        if res["elapsed"] < res["remaining"]:
            out["escape"] = True
            break

    # left alone, a completed trick is gathered to its winner
    for _ in range(6):
        if page.evaluate("window.__anims.some((a) => a.id === 'pinochle-gather')"):
            break
        play_once(page)
        page.wait_for_timeout(400)
    assert page.evaluate("window.__anims.some((a) => a.id === 'pinochle-gather')"), "no trick was gathered"

    # the page after the animations is the plain render: nothing left behind
    wait_idle_turn(page)
    page.wait_for_timeout(50)
    no_leftovers(page)
    assert not errors, f"errors in the page: {errors}"
    return out


def play_once(page: Any) -> None:
    """Make moves (pass, trump, close the meld review) until one card of yours has been played."""
    for _ in range(60):
        wait_idle_turn(page)
        if page.get_by_test_id("meld-dialog").is_visible():
            page.get_by_test_id("meld-close").click()
            page.get_by_test_id("meld-dialog").wait_for(state="hidden")
            continue
        legal = body(page, "legal")
        version = body(page, "version")
        if legal in ("bid,pass", "pass"):
            page.get_by_test_id("pass-button").click()
        elif legal == "trump":
            page.locator("#controls .suit-btn").first.click()
        elif legal == "play":
            page.locator("#hand button.card[data-legal=true]").first.click(position={"x": 8, "y": 30})
            return
        elif legal == "deal":
            page.get_by_test_id("next-hand").click()
        else:
            raise AssertionError(f"unexpected legal moves {legal!r}")
        wait_version_change(page, version)
    raise AssertionError("never got to play a card")


def test_a_card_flies_in_and_a_click_on_the_felt_hurries_it(tmp_path: Path) -> None:
    out = with_server(tmp_path, run_hurry)
    assert out["hurried"] >= 2
    assert out.get("escape"), "Escape never finished an animation before its time"


def run_no_hurry(browser: Any, server: Server) -> dict[str, Any]:
    """The setting "Tap to hurry" off (Settings): a tap on the felt leaves the cards moving."""
    errors: list[str] = []
    page, corner = table_watching_clicks(browser, server, errors, {"tapToHurry": False})
    assert page.evaluate("document.documentElement.dataset.tapToHurry") == "false"
    still = 0
    for _ in range(6):
        play_once(page)
        page.wait_for_function(CATCH, arg="pinochle-play", polling="raf", timeout=TIMEOUT_MS)
        page.mouse.click(*corner)
        res = page.evaluate(CAUGHT)
        if res["after"] and not res["finished"]:
            still += 1  # the tap left the card flying
        if still >= 2:
            break
    assert still >= 2, "a tap still hurried the cards with the setting off"
    assert not errors, f"errors in the page: {errors}"
    return {"still": still}


def test_with_tap_to_hurry_off_a_tap_leaves_the_cards_moving(tmp_path: Path) -> None:
    assert with_server(tmp_path, run_no_hurry)["still"] >= 2
