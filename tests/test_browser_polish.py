"""Finishing touches of the table, from a fresh reviewer's findings, checked in the real page (Chromium).

1. The next decision appears with its prompt. While the status line says what the moving cards show (anim.js
   holds it: "The meld is laid on the table…", "North plays K♠."), the controls of the next decision and the
   move timer are not seen (nor reachable); they appear on the frame the status line turns to the prompt. With
   reduced motion (nothing held) the prompt and its controls appear at once. Sampled on every frame.
2. The turn ring follows the same moment as the status line: while it says a seat's card is moving, the ring
   is on that seat; once it says "Your turn", the ring is on yours.

Screenshots go to /tmp/polish-shots when PINOCHLE_SHOTS is set.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from .browser_support import TIMEOUT_MS, shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import Scripted, in_browser, server, settle  # noqa: F401  (server: the module's live server)
from .test_browser_status_follows import CASES, IDLE, View, pair, played, views


def quick_table(v: View, seconds: int = 30) -> dict[str, Any]:
    """Table facts of a Quick Match table where South is you, with the move timer counting South's move."""
    seats = [s for s in v["seats"]] if isinstance(v.get("seats"), list) else list(v["meld_shown"])
    return {"kind": "quick", "room": None, "you": "S", "timer": {"seat": "S", "seconds": seconds},
            "seats": {seat: {"name": "You" if seat == "S" else f"Player {seat}", "computer": seat != "S",
                             "connected": True, "stand_in": False, "next_ready": False} for seat in seats}}


# On every frame: the status line, whether the controls and the move timer are seen, and the seats ringed (by
# their classes, and as drawn: the plate's edge in the accent colour, seats.css).
SAMPLER = """() => {
  window.__frames = [];
  const seen = (el) => Boolean(el) && !el.hidden && getComputedStyle(el).visibility === 'visible'
    && el.getBoundingClientRect().height > 0;
  const probe = document.createElement('i');
  probe.style.color = 'var(--accent)';
  document.body.append(probe);
  const accent = getComputedStyle(probe).color;
  const sample = () => {
    const controls = document.getElementById('controls');
    const held = document.body.dataset.held === 'true';
    window.__frames.push({
      version: document.body.dataset.version,
      status: document.getElementById('status').textContent,
      controls: seen(controls) && controls.querySelectorAll('button').length > 0,
      timer: seen(document.getElementById('move-timer')),
      ring: [...document.querySelectorAll('#felt > .seat')].filter((s) => held ? s.classList.contains('held-turn')
        : s.classList.contains('is-turn')).map((s) => s.dataset.seat),
      drawn: [...document.querySelectorAll('#felt > .seat')].filter((s) => getComputedStyle(s).borderTopColor === accent)
        .map((s) => s.dataset.seat),
      moving: document.getAnimations().filter((a) => /^pinochle-(deal|play|meld)$/.test(a.id || '')
        && a.playState === 'running').map((a) => a.id),
    });
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
}"""

# the seats whose plate is ringed (its edge in the accent colour, seats.css), as drawn
RINGED = """() => {
  const probe = document.createElement('i');
  probe.style.color = 'var(--accent)';
  document.body.append(probe);
  const accent = getComputedStyle(probe).color;
  probe.remove();
  return [...document.querySelectorAll('#felt > .seat')]
    .filter((s) => getComputedStyle(s).borderTopColor === accent).map((s) => s.dataset.seat);
}"""


def watch(browser: Any, url: str, a: View, b: View, name: str, size: tuple[int, int], theme: str,
          motion: bool = True, table: dict[str, Any] | None = None) -> dict[str, Any]:
    """Show ``a`` (motion on unless ``motion`` is false, at the Relaxed pace), then ``b`` as a move; every frame
    from ``b`` drawn until all is still."""
    errors: list[str] = []
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, color_scheme=theme,
                              reduced_motion="no-preference" if motion else "reduce")
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    script = Scripted(a, table)
    if table:
        page.add_init_script("localStorage.setItem('pinochle.seat', 's'.repeat(32))")
    page.add_init_script("sessionStorage.setItem('pinochle.screen', 'table')")
    page.add_init_script(f"localStorage.setItem('pinochle.settings', {json.dumps(json.dumps({'pace': 'relaxed'}))})")
    page.route_web_socket("**/ws", script.handler)
    page.goto(url)
    page.wait_for_function("n => document.body.dataset.version === n", arg=str(a["version"]))
    page.wait_for_function(IDLE)
    settle(page)
    # the ring's colour as set, not part way through its fade (.2 s)
    page.evaluate("() => document.styleSheets[0].insertRule('#felt > .seat { transition: none !important; }', 0)")
    page.evaluate(SAMPLER)
    script.view = b
    script.send("move")
    page.wait_for_function("n => document.body.dataset.version === n", arg=str(b["version"]))
    page.wait_for_timeout(150)
    shot(page, f"{name}-moving")
    out: dict[str, Any] = {}
    page.wait_for_function(IDLE)
    settle(page)
    shot(page, f"{name}-after")
    out["ringed_after"] = page.evaluate(RINGED)
    out["after"] = page.locator("#status").inner_text()
    out["frames"] = [f for f in page.evaluate("window.__frames") if f["version"] == str(b["version"])]
    out["errors"] = errors
    ctx.close()
    return out


LOOKS = [((390, 844), "light"), ((360, 740), "dark"), ((1440, 900), "light")]


@pytest.mark.parametrize("look", LOOKS, ids=lambda x: f"{x[0][0]}-{x[1]}")
def test_the_bury_controls_and_the_move_timer_appear_with_their_prompt(server: Any, look: Any) -> None:  # noqa: F811
    """Cutthroat, Quick Match: you name trump, the meld is laid, then you bury or concede. While the status line
    says the meld is laid, neither the Bury/Concede controls nor "30 s left for your move" are seen; on the
    frame it says "Your turn: choose 3 cards to bury, or concede the hand." both are."""
    size, theme = look
    a, b = pair("cutthroat", CASES["bury-after-trump"][1])
    out = in_browser(lambda browser: watch(browser, server.url, a, b, f"bury-{size[0]}-{theme}", size, theme,
                                           table=quick_table(b)))
    assert out["errors"] == [], out["errors"]
    frames = out["frames"]
    lay = "The meld is laid on the table\u2026"
    laying = [f for f in frames if f["status"] == lay]
    prompt = [f for f in frames if f["status"] == out["after"]]
    assert laying and prompt, sorted({f["status"] for f in frames})
    assert "bury" in out["after"] and "concede" in out["after"], out["after"]
    assert not any(f["controls"] or f["timer"] for f in laying), [(f["controls"], f["timer"]) for f in laying]
    assert all(f["controls"] and f["timer"] for f in prompt), [(f["controls"], f["timer"]) for f in prompt]
    # the prompt comes once, after the lay: never the controls first
    first_prompt = frames.index(prompt[0])
    assert all(f["status"] == out["after"] for f in frames[first_prompt:]), [f["status"] for f in frames[first_prompt:]]


def test_with_reduced_motion_the_prompt_and_its_controls_appear_at_once(server: Any) -> None:  # noqa: F811
    a, b = pair("cutthroat", CASES["bury-after-trump"][1])
    out = in_browser(lambda browser: watch(browser, server.url, a, b, "bury-reduced", (390, 844), "light",
                                           motion=False, table=quick_table(b)))
    assert out["errors"] == [], out["errors"]
    frames = out["frames"]
    assert frames and all(f["status"] == out["after"] and f["controls"] and f["timer"] for f in frames), frames[:3]


@pytest.mark.parametrize("look", LOOKS, ids=lambda x: f"{x[0][0]}-{x[1]}")
def test_the_turn_ring_follows_the_status_line(server: Any, look: Any) -> None:  # noqa: F811
    """Two-handed: North plays a card, then it is your turn. While the status line says "North plays …" the ring
    is on North (and the play is not yours yet); once it says "Your turn" the ring is on your seat."""
    size, theme = look
    a, b = pair("two-handed", CASES["north-plays"][1])
    out = in_browser(lambda browser: watch(browser, server.url, a, b, f"ring-{size[0]}-{theme}", size, theme))
    assert out["errors"] == [], out["errors"]
    card, seat = played(b)
    assert seat == "N"
    frames = out["frames"]
    north = [f for f in frames if f["status"].startswith("North plays")]
    yours = [f for f in frames if f["status"] == out["after"]]
    assert north and yours, sorted({f["status"] for f in frames})
    assert out["after"].startswith(("Your turn", "Your lead")), out["after"]
    assert all(f["ring"] == f["drawn"] == ["N"] for f in north), [(f["ring"], f["drawn"]) for f in north]
    assert all(f["ring"] == f["drawn"] == ["S"] for f in yours), [(f["ring"], f["drawn"]) for f in yours]
    assert out["ringed_after"] == ["S"], out["ringed_after"]


# ---------------------------------------------------------------- choosing cards to bury

def bury_with_a_copy_in_meld() -> View:
    """A cutthroat view of your bury where you hold two copies of a card and the view offers only one of them (the
    other is in your meld), and some card of your hand is offered not at all."""
    def pick(a: View, b: View) -> bool:
        bury = (b.get("legal") or {}).get("bury")
        if not bury or b["turn"] != b["seat"]:
            return False
        offered = bury["cards"]
        return (any(b["hand"].count(c) == 2 and offered.count(c) == 1 for c in set(b["hand"]))
                and any(c not in offered for c in b["hand"]))
    return pair("cutthroat", pick)[1]


def open_bury(browser: Any, url: str, v: View, errors: list[str], size: tuple[int, int], theme: str) -> tuple[Any, Any]:
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, color_scheme=theme, reduced_motion="reduce")
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    script = Scripted(v)
    page.add_init_script("sessionStorage.setItem('pinochle.screen', 'table')")
    page.route_web_socket("**/ws", script.handler)
    page.goto(url)
    page.wait_for_function("n => document.body.dataset.version === n", arg=str(v["version"]))
    settle(page)
    return ctx, page


CARDS = "() => [...document.querySelectorAll('#hand button.card')].map((b) => [b.dataset.card, b.dataset.legal, b.getAttribute('aria-pressed'), b.getAttribute('aria-label')])"


@pytest.mark.parametrize("look", [((390, 844), "light"), ((360, 740), "dark"), ((1440, 900), "dark")],
                         ids=lambda x: f"{x[0][0]}-{x[1]}")
def test_a_copy_that_cannot_be_buried_is_dimmed_once_the_other_is_chosen(server: Any, look: Any) -> None:  # noqa: F811
    """Two K♦ of which your meld needs one: both may be chosen at first (the view offers one copy); once one is
    chosen, the other is marked unavailable (dimmed, and its label says why) before it is tapped; put the first
    back and the second is available again."""
    size, theme = look
    v = bury_with_a_copy_in_meld()
    offered = v["legal"]["bury"]["cards"]
    twin = next(c for c in v["hand"] if v["hand"].count(c) == 2 and offered.count(c) == 1)
    first, second = [i for i, c in enumerate(v["hand"]) if c == twin]

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, page = open_bury(browser, server.url, v, errors, size, theme)
        out: dict[str, Any] = {"start": page.evaluate(CARDS)}
        page.locator("#hand button.card").nth(first).click()
        settle(page)
        shot(page, f"bury-twin-{size[0]}-{theme}")
        out["picked"] = page.evaluate(CARDS)
        out["dimmed"] = page.locator("#hand button.card").nth(second).evaluate(
            "(b) => ({cls: b.className, opacity: getComputedStyle(b).opacity, filter: getComputedStyle(b).filter})")
        page.locator("#hand button.card").nth(first).click()
        settle(page)
        out["back"] = page.evaluate(CARDS)
        out["errors"] = errors
        ctx.close()
        return out

    out = in_browser(run)
    assert out["errors"] == [], out["errors"]
    start, picked, back = out["start"], out["picked"], out["back"]
    # before: both copies may be chosen; a card the view does not offer is marked already
    assert start[first][1] == start[second][1] == "true", (start[first], start[second])
    assert all((c in offered) == (legal == "true") for c, legal, _, _ in start), start
    # one chosen: the other copy is unavailable, and says why
    assert picked[first][1:3] == ["true", "true"], picked[first]
    assert picked[second][1:3] == ["false", "false"], picked[second]
    assert "cannot be buried" in picked[second][3] and "meld" in picked[second][3], picked[second][3]
    assert "illegal" in out["dimmed"]["cls"], out["dimmed"]
    # put back: both available again
    assert back[first][1] == back[second][1] == "true", (back[first], back[second])


# the toasts shown, and what they lie over of the table's controls
TOASTS = """() => {
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const toasts = [...document.querySelectorAll('#toasts .toast')];
  const controls = [...document.querySelectorAll('#controls button, #controls input')];
  return {texts: toasts.map((t) => t.textContent),
          over: toasts.flatMap((t) => controls.filter((c) => meet(t.getBoundingClientRect(), c.getBoundingClientRect()))
            .map((c) => c.textContent))};
}"""


@pytest.mark.parametrize("look", [((360, 740), "dark"), ((390, 844), "light"), ((1440, 900), "light")],
                         ids=lambda x: f"{x[0][0]}-{x[1]}")
def test_a_refusal_tapped_again_replaces_its_toast(server: Any, look: Any) -> None:  # noqa: F811
    """Tapping a card that may not be buried three times (and a refusal from the server after it) shows one toast
    at a time, the last one, never stacked over Bury and Concede."""
    size, theme = look
    v = bury_with_a_copy_in_meld()
    offered = v["legal"]["bury"]["cards"]
    kept = next(i for i, c in enumerate(v["hand"]) if c not in offered)

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, page = open_bury(browser, server.url, v, errors, size, theme)
        out: dict[str, Any] = {}
        for k in range(3):
            page.locator("#hand button.card").nth(kept).click()
            settle(page)
            out[f"tap{k}"] = page.evaluate(TOASTS)
        shot(page, f"toast-bury-{size[0]}-{theme}")
        page.evaluate("""() => window.dispatchEvent(new Event('resize'))""")
        out["errors"] = errors
        ctx.close()
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for k, got in out.items():
        assert len(got["texts"]) == 1, (k, got["texts"])
        assert "cannot bury" in got["texts"][0], got["texts"]
        assert got["over"] == [], (k, got["over"])


# ---------------------------------------------------------------- the hand's summary: words and rows

def hand_end(game: str, players: int | None = None) -> View:
    """South's view of the first hand over of a random match of ``game`` that was played out (tricks taken)."""
    for seed in range(1, 40):
        for v in views(game, seed, players):
            lh = v.get("last_hand")
            if v["phase"] == "hand_end" and lh and sum(lh["tricks"].values()) > 0:
                return v
    raise AssertionError(f"{game}: no hand played out")


def open_summary(browser: Any, url: str, v: View, errors: list[str], size: tuple[int, int], theme: str) -> tuple[Any, Any]:
    ctx, page = open_bury(browser, url, v, errors, size, theme)
    page.get_by_test_id("hand-summary").wait_for()
    settle(page)
    return ctx, page


ROWS = """() => [...document.querySelectorAll('[data-testid=summary-table] tbody tr')].map((tr) =>
  [...tr.children].map((c) => c.textContent.trim()))"""


@pytest.mark.parametrize("game,players,look", [("cutthroat", None, ((390, 844), "light")),
                                               ("cutthroat", None, ((1440, 900), "dark")),
                                               ("auction", 5, ((360, 740), "dark")),
                                               ("auction", 5, ((1440, 900), "light"))],
                         ids=["cutthroat-390-light", "cutthroat-1440-dark", "auction5-360-dark", "auction5-1440-light"])
def test_a_hand_settled_by_stakes_shows_each_players_counters(server: Any, game: str, players: int | None,  # noqa: F811
                                                              look: Any) -> None:
    """Cutthroat and the auction: the hand's summary has a Counters row (the hand result's counters, seat by seat)
    beside "Meld shown" and "Meld + counters", as the partnership games' summaries do."""
    size, theme = look
    v = hand_end(game, players)
    lh = v["last_hand"]

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, page = open_summary(browser, server.url, v, errors, size, theme)
        shot(page, f"summary-{game}-{size[0]}-{theme}")
        out = {"rows": page.evaluate(ROWS), "counters": page.get_by_test_id("counters-row").count(), "errors": errors}
        ctx.close()
        return out

    out = in_browser(run)
    assert out["errors"] == [], out["errors"]
    assert out["counters"] == 1, out["rows"]
    labels = [r[0] for r in out["rows"]]
    # the counters, then the last trick's bonus as a row of its own, then their sum named for both (the server's
    # last_trick: the counters include it)
    assert labels.index("Meld shown") < labels.index("Counters") < labels.index("Last trick") \
        < labels.index("Meld + counters + last trick"), labels
    counters = out["rows"][labels.index("Counters")][1:]
    last = out["rows"][labels.index("Last trick")][1:]
    # the counters of the cards the declarer buried, a row of their own (the server's ``buried``)
    buried = out["rows"][labels.index("Counters buried")][1:] if "Counters buried" in labels else [""] * len(counters)
    assert ("Counters buried" in labels) == any((lh.get("buried") or {}).values()), labels
    played = [int(c) + (int(t) if t.isdigit() else 0) + (int(b) if b.isdigit() else 0)
              for c, t, b in zip(counters, last, buried) if c not in ("", "\u2014")]
    # each player who played the hand: their counters with the buried ones and the last trick, and together every counter of the deck's
    assert sorted(played) == sorted(lh["counters"].values()), (counters, last, lh["counters"])


def test_a_hand_without_a_contract_names_the_sides_as_the_table_does(server: Any) -> None:  # noqa: F811
    """Turned trump (partners): the summary's sentence names the sides as its columns do ("You & Partner scored
    250, West & East 220."), never "You scored" for a partnership."""
    v = hand_end("turned-trump")

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, page = open_summary(browser, server.url, v, errors, (360, 740), "dark")
        shot(page, "summary-turned-trump-360-dark")
        out = {"verdict": page.get_by_test_id("verdict").inner_text(),
               "cols": page.locator("[data-testid^=summary-col-]").all_inner_texts(), "errors": errors}
        ctx.close()
        return out

    out = in_browser(run)
    assert out["errors"] == [], out["errors"]
    mine, theirs = out["cols"][:2]
    assert mine.startswith("You & "), out["cols"]
    lh = v["last_hand"]
    score = sorted(lh["score"].values(), reverse=True)
    assert mine in out["verdict"] and theirs in out["verdict"], (out["verdict"], out["cols"])
    assert not out["verdict"].startswith("You scored"), out["verdict"]
    assert all(f"{n:,}" in out["verdict"] for n in score), (out["verdict"], score)


# ---------------------------------------------------------------- the match's result on a phone

END = """() => {
  const lines = (el) => {
    const r = document.createRange();
    r.selectNodeContents(el);
    // a new line: a box wholly under every box before it (the name and a larger total share a line)
    // (a screen reader's words, clipped out of the element's box, are no line: the winner's "(winner)")
    const own = el.getBoundingClientRect();
    const inside = (b) => b.top + b.height / 2 >= own.top && b.top + b.height / 2 <= own.bottom && b.left >= own.left - 1;
    const boxes = [...r.getClientRects()].filter((b) => b.width > 0 && inside(b)).sort((a, b) => a.top - b.top);
    let n = 0;
    let bottom = -Infinity;
    for (const b of boxes) {
      if (b.top >= bottom - 1) n += 1;
      bottom = Math.max(bottom, b.bottom);
    }
    return n;
  };
  const score = document.getElementById('result-score');
  const sides = [...score.children].filter((c) => !c.classList.contains('dash') && c.getClientRects().length);
  return {
    scrollY: window.scrollY,
    titleTop: document.getElementById('result-title').getBoundingClientRect().top,
    cardTop: document.querySelector('#screen-result .result-card').getBoundingClientRect().top,
    sides: sides.map((c) => ({text: c.textContent, lines: lines(c)})),
    // as read on the screen: left to right
    order: sides.map((c) => [...c.childNodes].filter((n) => n.textContent.trim() && !n.classList?.contains('sr-only')).map((n) => {
      const r = document.createRange();
      r.selectNodeContents(n);
      return [r.getBoundingClientRect().left, n.textContent.trim()];
    }).sort((a, b) => a[0] - b[0]).map((x) => x[1])),
    dashShown: [...score.querySelectorAll('.dash')].some((d) => d.getClientRects().length > 0),
    handScores: [...document.querySelectorAll('#result-last [data-testid^=hand-score-]')].map((td) => ({text: td.textContent, lines: lines(td)})),
  };
}"""


@pytest.mark.parametrize("look", [((390, 844), "light"), ((360, 740), "dark")], ids=lambda x: f"{x[0][0]}-{x[1]}")
def test_the_match_result_on_a_phone_opens_at_its_top_and_keeps_each_result_whole(server: Any, look: Any) -> None:  # noqa: F811
    """The result screen opens at its top (the title clear of the top edge, not scrolled to Play again); each
    side's name and total are on one line of their own ("You & Partner −320", then "West & East 1570"), and a
    hand score such as "Set −250" stays on one line."""
    from .test_browser_match_end import match_end_view, open_end
    size, theme = look
    v = match_end_view("table", 1)

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, page = open_end(browser, server.url, v, theme, size, errors)
        page.wait_for_function("() => document.body.dataset.screen === 'result'")
        settle(page)
        shot(page, f"end-{size[0]}-{theme}")
        out = {**page.evaluate(END), "errors": errors}
        ctx.close()
        return out

    out = in_browser(run)
    assert out["errors"] == [], out["errors"]
    assert out["scrollY"] == 0 and out["cardTop"] >= 8, (out["scrollY"], out["cardTop"])
    assert len(out["sides"]) == 2 and all(s["lines"] == 1 for s in out["sides"]), out["sides"]
    assert not out["dashShown"], out
    # both lines read name, then total (on the screen)
    assert [o[0] for o in out["order"]] == ["You & Partner", "West & East"], out["order"]
    assert out["handScores"] and all(h["lines"] == 1 for h in out["handScores"]), out["handScores"]


# ---------------------------------------------------------------- Home: the games' strip says it scrolls

DOTS = """() => {
  const dots = document.getElementById('tile-dots');
  const strip = document.getElementById('game-tiles');
  const box = strip.getBoundingClientRect();
  return {shown: Boolean(dots) && !dots.hidden && dots.getClientRects().length > 0,
          dots: dots ? dots.children.length : 0, on: dots ? [...dots.children].map((d) => d.classList.contains('on')) : [],
          tiles: document.querySelectorAll('#game-tiles .game-tile').length,
          // how much of each tile lies within the strip's box (1: wholly in view)
          seen: [...strip.querySelectorAll('.game-tile')].map((t) => { const r = t.getBoundingClientRect();
            return Math.max(0, Math.min(r.right, box.right) - Math.max(r.left, box.left)) / r.width; }),
          left: strip.scrollLeft, room: strip.scrollWidth - strip.clientWidth,
          under: dots ? dots.getBoundingClientRect().top >= strip.getBoundingClientRect().bottom - 0.5 : false};
}"""

# the strip scrolled `part` of the way (0 to 1), then left to come to rest
SCROLL_TO = """(part) => { const s = document.getElementById('game-tiles'); s.style.scrollBehavior = 'auto';
  s.scrollLeft = part * (s.scrollWidth - s.clientWidth); }"""
RESTED = """() => new Promise((done) => { const s = document.getElementById('game-tiles'); let last = -1, same = 0;
  const look = () => { same = s.scrollLeft === last ? same + 1 : 0; last = s.scrollLeft;
    if (same >= 6) requestAnimationFrame(() => requestAnimationFrame(done)); else requestAnimationFrame(look); };
  look(); })"""


@pytest.mark.parametrize("look", [((360, 740), "light"), ((390, 844), "dark"), ((320, 568), "dark"),
                                  ((1440, 900), "light")], ids=lambda x: f"{x[0][0]}-{x[1]}")
def test_home_on_a_phone_shows_that_the_games_row_scrolls(server: Any, look: Any) -> None:  # noqa: F811
    """Home on a phone: a dot per game under the strip of games, exactly one of them filled (the twelfth review
    saw two at once): the first game's at the start, the last game's at the end, and between them the filled
    dot moves on as the strip is scrolled on and always names a game wholly in view. A dot taken scrolls its game
    into view and is then the filled one. A wide window shows every game and no dots."""
    from .test_browser_home import open_home
    size, theme = look

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        page = open_home(browser, server.url, size, errors, color_scheme=theme)
        settle(page)
        out: dict[str, Any] = {"start": page.evaluate(DOTS), "steps": []}
        shot(page, f"home-dots-{size[0]}-{theme}")
        if out["start"]["shown"]:
            for step in range(1, 11):
                page.evaluate(SCROLL_TO, step / 10)
                page.evaluate(RESTED)
                out["steps"].append(page.evaluate(DOTS))
            shot(page, f"home-dots-{size[0]}-{theme}-end")
            page.locator("#tile-dots .tile-dot").nth(4).click()
            page.evaluate(RESTED)
            out["taken"] = page.evaluate(DOTS)
            page.locator("#tile-dots .tile-dot").nth(1).click()
            page.evaluate(RESTED)
            out["taken1"] = page.evaluate(DOTS)
        out["errors"] = errors
        page.context.close()
        return out

    out = in_browser(run)
    assert out["errors"] == [], out["errors"]
    start = out["start"]
    if size[0] >= 1000:
        assert not start["shown"], start
        return
    assert start["shown"] and start["under"] and start["dots"] == start["tiles"] >= 9, start
    assert start["on"] == [True] + [False] * (start["tiles"] - 1), start
    lit = [0]
    for at in out["steps"]:
        assert sum(at["on"]) == 1, at
        i = at["on"].index(True)
        assert at["seen"][i] > 0.99, (i, at)
        lit.append(i)
    assert lit == sorted(lit), lit  # it follows the scroll on
    assert lit[-1] == start["tiles"] - 1 and out["steps"][-1]["left"] >= out["steps"][-1]["room"] - 1, out["steps"][-1]
    assert len(set(lit)) >= 5, lit  # it moves along the row, not only at its ends
    for name, i in (("taken", 4), ("taken1", 1)):
        taken = out[name]
        assert sum(taken["on"]) == 1 and taken["on"][i] and taken["seen"][i] > 0.99, (name, taken)


def test_home_says_a_quick_match_hand_is_over(server: Any) -> None:  # noqa: F811
    """Home's way back to a Quick Match table says where its match stands: "Hand 1 over" while the first hand's
    summary waits for the next deal (never "Hand 1" as if it were still played), "Hand 2" once it is dealt."""
    from .test_browser_home import open_home

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        page = open_home(browser, server.url, (390, 844), errors)
        said = page.evaluate("""async () => {
          const { renderHome } = await import('/static/views/home.js');
          const at = (phase, n) => {
            renderHome({ solo: null, seat: { held: true, room: null, search: null,
              match: { id: 'q', kind: 'quick', game: 'table', phase, hand_number: n, totals: { NS: 0, EW: 0 } } } });
            return [document.getElementById('seat-resume-label').textContent, document.getElementById('seat-resume-detail').textContent];
          };
          return { over: at('hand_end', 1), next: at('auction', 2), end: at('match_end', 9) };
        }""")
        page.context.close()
        return {**said, "errors": errors}

    out = in_browser(run)
    assert out["errors"] == [], out["errors"]
    assert out["over"] == ["Back to your Quick Match table", "Hand 1 over · next hand soon"], out["over"]
    assert out["next"] == ["Back to your Quick Match table", "Hand 2"], out["next"]
    assert out["end"][1] == "Match over", out["end"]


# ---------------------------------------------------------------- the auction stays in sight while trump is named

@pytest.mark.parametrize("look", [((390, 844), "light"), ((360, 740), "dark"), ((1440, 900), "light")],
                         ids=lambda x: f"{x[0][0]}-{x[1]}")
def test_the_closed_auction_stays_in_sight_while_trump_is_named(server: Any, look: Any) -> None:  # noqa: F811
    """The table game, you name trump: the hand's calls (who passed, who bid what) are still on the felt, every
    one of them in order, on a phone as on a desktop, clear of the seats."""
    size, theme = look
    a, v = pair("table", lambda a, b: "trump" in legal_of(b) and any(c["call"] == "pass" for c in b["auction"]))

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, page = open_bury(browser, server.url, v, errors, size, theme)
        shot(page, f"trump-calls-{size[0]}-{theme}")
        out = page.evaluate("""() => {
          const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
          const calls = [...document.querySelectorAll('#centre [data-testid=bid-call]')];
          const seats = [...document.querySelectorAll('#felt > .seat')];
          return {calls: calls.filter((c) => c.getClientRects().length).map((c) => [c.dataset.seat, c.dataset.call]),
                  over: calls.flatMap((c) => seats.filter((s) => meet(c.getBoundingClientRect(), s.getBoundingClientRect())).map((s) => s.dataset.seat))};
        }""")
        ctx.close()
        return {**out, "errors": errors}

    out = in_browser(run)
    assert out["errors"] == [], out["errors"]
    assert out["calls"] == [[c["seat"], str(c["call"])] for c in v["auction"]], (out["calls"], v["auction"])
    assert out["over"] == [], out["over"]


def legal_of(v: View) -> list[str]:
    return sorted((v.get("legal") or {}).keys())


def test_a_hurry_shows_the_prompt_and_its_controls_together(server: Any) -> None:  # noqa: F811
    """Escape (a hurry) while the meld is laid: the status line turns to the prompt and the Bury/Concede controls
    and the move timer appear with it, on the same frame."""
    a, b = pair("cutthroat", CASES["bury-after-trump"][1])

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="light", reduced_motion="no-preference")
        ctx.set_default_timeout(TIMEOUT_MS)
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        script = Scripted(a, quick_table(b))
        page.add_init_script("localStorage.setItem('pinochle.seat', 's'.repeat(32))")
        page.add_init_script("sessionStorage.setItem('pinochle.screen', 'table')")
        page.add_init_script(f"localStorage.setItem('pinochle.settings', {json.dumps(json.dumps({'pace': 'relaxed'}))})")
        page.route_web_socket("**/ws", script.handler)
        page.goto(server.url)
        page.wait_for_function("n => document.body.dataset.version === n", arg=str(a["version"]))
        page.wait_for_function(IDLE)
        settle(page)
        page.evaluate(SAMPLER)
        script.view = b
        script.send("move")
        page.wait_for_function("() => document.body.dataset.held === 'true'")
        page.keyboard.press("Escape")
        page.wait_for_function(IDLE)
        settle(page)
        out = {"frames": [f for f in page.evaluate("window.__frames") if f["version"] == str(b["version"])],
               "after": page.locator("#status").inner_text(), "errors": errors}
        ctx.close()
        return out

    out = in_browser(run)
    assert out["errors"] == [], out["errors"]
    frames = out["frames"]
    lay = "The meld is laid on the table\u2026"
    assert any(f["status"] == lay for f in frames), frames[:2]
    # every frame: the lay's words without the controls, or the prompt with them
    assert all((f["status"] == lay and not f["controls"] and not f["timer"])
               or (f["status"] == out["after"] and f["controls"] and f["timer"]) for f in frames), \
        [(f["status"], f["controls"], f["timer"]) for f in frames]
    assert frames[-1]["status"] == out["after"] and "bury" in out["after"], out["after"]
