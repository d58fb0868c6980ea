"""The sixth review's findings on the table's timing and layout, in the real page.

- The meld on the felt lies there the meld pause in every game (Fast 2 s, Normal 4 s, Relaxed 6 s from when
  it is first drawn), as racehorse's concession step already let it: a computer declarer's opening lead waits
  for it (the server's MELD_PAUSE) and the first card gathers it up.

Screenshots go to $PINOCHLE_SHOTS when it is set (tests/browser_support.py shot).
"""

from __future__ import annotations

import json
from typing import Any

from pinochle.game import State, apply, legal_actions, turn

from pinochle.cards import Seat
from pinochle.game import Action, new_match
from pinochle.server.storage import SQLiteStorage
from pinochle.server.table import TableOptions, solo_seats

from .browser_kit import Look, ScriptedSolo, at_each, looks, on_fixture, pass_until, start_table
from .browser_support import Server, in_browser, module_server, open_page, scripted_table, shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import auto, first_of, play_until, serious, south
from .test_browser_bidding import auction_view
from .test_browser_living_felt import animated_page, show_move

server = module_server("review6")

#: when the meld's plates were first on the felt, when they left it, and when the first card of the hand was
#: drawn in the middle (performance.now(), from a frame-by-frame watch)
TIMES = """() => {
  window.__times = {shown: null, gone: null, card: null};
  const t = window.__times;
  const tick = () => {
    const now = performance.now();
    const plates = document.querySelectorAll('#felt-melds .felt-meld').length > 0;
    if (plates && t.shown === null) t.shown = now;
    if (!plates && t.shown !== null && t.gone === null) t.gone = now;
    if (t.shown !== null && t.card === null && document.querySelector('#centre .slot .card')) t.card = now;
    if (t.card === null) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""

#: the meld pause of each pace, in ms (pinochle/web/felt-anim.js MELD_MS.read at the pace's scale)
MELD_PAUSE_MS = {"fast": 2000, "normal": 4000}


def meld_on_the_felt(page: Any, server_url: str, pace: str) -> dict[str, Any] | None:
    """A solo table match at ``pace`` (South passes every bid) up to the first card; the plates' times and who
    declared, or None when South was left with the bid (then there is no computer declarer to watch)."""
    start_table(page, server_url, pace=pace)
    page.evaluate(TIMES)

    def shoot() -> None:
        if page.evaluate("() => window.__times.shown !== null && window.__times.gone === null"):
            shot(page, f"review6-meld-{pace}")

    if not pass_until(page, "() => window.__times.card !== null", shoot) and page.locator("[data-testid^=trump-]:visible").count():
        return None  # South is stuck with the bid
    views = page.evaluate("() => window.__got.filter(m => m.type === 'state').map(m => m.view)")
    laid = [v for v in views if v["phase"] == "play" and not any(t["cards"] for t in v["tricks"])]
    return {"times": page.evaluate("() => window.__times"), "declarer": laid[-1]["declarer"] if laid else None,
            "leader": next((v["tricks"][0]["seats"][0] for v in views if v["tricks"] and v["tricks"][0]["cards"]), None)}


def test_the_meld_lies_on_the_felt_the_meld_pause_before_a_computers_lead(server: Any) -> None:
    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for pace in MELD_PAUSE_MS:
            for _ in range(4):
                page = open_page(browser, (360, 740), errors, theme="dark", reduce=False)
                got = meld_on_the_felt(page, server.url, pace)
                page.context.close()
                if got is not None:
                    out[pace] = got
                    break
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    assert set(out) == set(MELD_PAUSE_MS), out
    for pace, got in out.items():
        t = got["times"]
        assert got["declarer"] not in (None, "S") and got["leader"] == got["declarer"], got
        assert None not in t.values(), (pace, t)
        # on the felt for the whole meld pause (a frame's slack), then gone once the first card comes
        assert t["gone"] - t["shown"] >= MELD_PAUSE_MS[pace] - 50, (pace, t)
        assert t["gone"] <= t["card"] <= t["gone"] + 3000, (pace, t)


def last_card_to_come(state: State) -> bool:
    """The last trick of the first hand with three cards played: the next card ends the hand."""
    return state.phase == "play" and len(state.tricks) == state.rules.hand_size and len(state.tricks[-1].cards) == 3


#: frame by frame from the state that ends the hand: when all four cards of the last trick were first on the felt
#: with none moving (and no dialog over them), when the hand summary opened, and the sweeps to the winner seen
ENDING = """() => {
  window.__end = {four: null, open: null, sweeps: 0, start: performance.now()};
  const e = window.__end;
  const tick = () => {
    const now = performance.now();
    const cards = [...document.querySelectorAll('#centre .slot .card')];
    const moving = document.getAnimations().some((a) => a.id === 'pinochle-play' && a.playState === 'running');
    const open = document.getElementById('summary-dialog').open;
    if (e.four === null && cards.length === 4 && !moving && !open) e.four = now;
    e.sweeps = Math.max(e.sweeps, document.getAnimations().filter((a) => a.id === 'pinochle-sweep').length);
    if (open && e.open === null) e.open = now;
    if (e.open === null) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""


def test_the_last_trick_is_seen_before_the_hand_summary_opens(server: Any) -> None:
    before_state = play_until("table", 2, last_card_to_come)
    seat = turn(before_state)
    assert seat is not None
    after_state = auto(apply(before_state, legal_actions(before_state, seat)[0]))
    assert after_state.phase in ("hand_end", "match_end"), after_state.phase
    before, after = south(before_state), south(after_state)

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for name, size, hurry in (("phone", (360, 740), False), ("desktop", (1440, 900), False), ("tap", (390, 844), True)):
            ctx, page, script = animated_page(browser, server.url, before, errors, size=size)
            page.evaluate(ENDING)
            script.view = after
            script.send("move")
            if hurry:
                page.wait_for_function("() => document.querySelectorAll('#centre .slot .card').length === 4")
                page.wait_for_timeout(100)
                felt = page.locator("#felt").bounding_box()
                page.mouse.click(felt["x"] + 12, felt["y"] + felt["height"] - 12)  # the felt's corner: no seat, no card
                out[f"{name}-tapped"] = page.evaluate("() => performance.now()")
            elif name == "phone":
                page.wait_for_function("() => window.__end.four !== null || window.__end.open !== null")
                shot(page, "review6-last-trick-seen")
            page.wait_for_function("() => window.__end.open !== null", timeout=10_000)
            page.wait_for_timeout(400)
            shot(page, f"review6-summary-{name}")
            out[name] = page.evaluate("() => window.__end")
            out[f"{name}-focus"] = page.evaluate("() => Boolean(document.activeElement?.closest('#summary-dialog'))")
            out[f"{name}-summary"] = page.get_by_test_id("hand-summary").is_visible()
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for name in ("phone", "desktop"):
        e = out[name]
        # the four cards were on the felt, the last one landed, before the summary opened; then swept to the winner
        assert e["four"] is not None and e["open"] is not None, (name, e)
        assert e["open"] - e["four"] >= 600, (name, e)  # on show (700 ms at Normal pace) and swept (420 ms)
        assert e["sweeps"] >= 4, (name, e)
        assert out[f"{name}-summary"] and out[f"{name}-focus"], out  # the focus in the summary, as when it opens at once
    # a tap on the felt hurries it: the summary opens at once
    tap = out["tap"]
    assert tap["open"] - out["tap-tapped"] < 300, out


#: each ⇄ badge of a passed card in your hand: its box, its card's, its card's corner index (the art's left 21 %
#: and top 43 %: views/felt.js INDEX), and whether the card is what shows at the badge's middle (nothing over it)
PASS_MARKS = """() => [...document.querySelectorAll('#hand button.card.received')].map((card) => {
  const mark = card.querySelector('.pass-mark');
  const c = card.getBoundingClientRect();
  const box = (r) => ({x: r.left, y: r.top, w: r.width, h: r.height});
  if (!mark) return {card: box(c), mark: null};
  const m = mark.getBoundingClientRect();
  const top = document.elementFromPoint(m.left + m.width / 2, m.top + m.height / 2);
  const style = getComputedStyle(mark);
  return {card: box(c), mark: box(m), index: {x: c.left, y: c.top, w: c.width * 0.21, h: c.height * 0.43},
          seen: Boolean(top && card.contains(top)), text: mark.textContent, hidden: mark.getAttribute('aria-hidden'),
          shown: style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0.9,
          said: card.getAttribute('aria-label')};
})"""


def meets(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["x"] < b["x"] + b["w"] - 0.5 and b["x"] < a["x"] + a["w"] - 0.5 and a["y"] < b["y"] + b["h"] - 0.5 \
        and b["y"] < a["y"] + a["h"] - 0.5


def inside(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["x"] >= b["x"] - 0.5 and a["y"] >= b["y"] - 0.5 and a["x"] + a["w"] <= b["x"] + b["w"] + 0.5 \
        and a["y"] + a["h"] <= b["y"] + b["h"] + 0.5


def test_the_passed_cards_carry_a_readable_mark_and_the_key_says_it_in_plain_words(server: Any) -> None:
    views = {}
    for role, declarer in (("declarer", 2), ("partner", 0)):
        views[role] = south(first_of(game := "racehorse" if role == "partner" else "partnership-pass",
                                     lambda s, d=declarer: s.phase == "play" and s.declarer == d and len(s.exchange) == 2))
        assert views[role]["received"], (role, game)
    openers = {role: on_fixture(server.url, v, close_meld=True) for role, v in views.items()}
    cases = [(f"{role}-{look.size[0]}-{look.theme}", (role, look)) for role in views
             for _, look in looks(("dark", (360, 740)), ("light", (390, 844)), ("light", (1440, 900)),
                                  ("dark", (1440, 900)))]

    def measure(page: Any, case: tuple[str, Look]) -> dict[str, Any]:
        legend = page.get_by_test_id("received-legend")
        return {
            "marks": page.evaluate(PASS_MARKS),
            "legend": legend.get_attribute("data-label"),
            "legend_seen": legend.inner_text(),
            "seat": page.get_by_test_id("seat-S").get_attribute("aria-label"),
            "axe": serious(page) if case[1].size[0] == 360 else [],
        }

    out = at_each(cases, lambda browser, case, errors: openers[case[0]](browser, case[1], errors), measure,
                  lambda key: f"review6-passed-{key}")
    for key, got in out.items():
        role = key.split("-")[0]
        n = len(views[role]["received"])
        words = f"{n} card{'s' if n > 1 else ''} {'from' if role == 'declarer' else 'back from'} Partner"
        assert got["legend"] == words, (key, got["legend"])
        assert words in got["seat"], (key, got["seat"])
        assert got["legend_seen"] in (words, f"⇄ {words}", f"⇄ {n}"), (key, got["legend_seen"])
        assert got["axe"] == [], (key, got["axe"])
        said = "passed to you by your partner" if role == "declarer" else "passed back by your partner"
        assert len(got["marks"]) == n, (key, got["marks"])
        for m in got["marks"]:
            assert m["mark"] is not None, (key, m)
            assert m["mark"]["w"] >= 12 and m["mark"]["h"] >= 12, (key, m)
            assert inside(m["mark"], m["card"]) and not meets(m["mark"], m["index"]), (key, m)
            assert m["seen"] and m["shown"] and m["text"] == "⇄" and m["hidden"] == "true", (key, m)
            assert m["said"].endswith(said), (key, m)
    # the key is read in full where a seat has the room (a desktop), never a bare count
    assert all(out[k]["legend_seen"].endswith("Partner") for k in out if "-1440-" in k), out


#: every card of your hand: whole inside the viewport (nothing scrolled off or cut at the bottom)
HAND_IN_VIEW = """() => [...document.querySelectorAll('#hand button.card')].map((c) => {
  const r = c.getBoundingClientRect();
  return {card: c.dataset.card, top: r.top, bottom: r.bottom,
          whole: r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5};
})"""


def test_the_big_jump_question_keeps_the_whole_hand_in_view(server: Any) -> None:
    games = ("table", "partnership-pass", "racehorse", "cutthroat", "double-deck")
    views = {game: auction_view(game) for game in games}
    def ask(page: Any) -> None:
        for _ in range(2):
            page.get_by_test_id("bid-jump").click()
        page.get_by_test_id("bid-button").click()
        page.get_by_test_id("bid-question").wait_for()

    openers = {game: on_fixture(server.url, v, ask) for game, v in views.items()}
    cases = [(f"{game}-{look.size[0]}", (game, look)) for game in views
             for _, look in looks(("light", (1440, 900)), ("dark", (360, 740)), ("dark", (390, 844)))]

    def measure(page: Any, case: tuple[str, Look]) -> dict[str, Any]:
        return {"hand": page.evaluate(HAND_IN_VIEW), "asked": page.get_by_test_id("bid-question").inner_text(),
                "axe": serious(page) if case[0] == "racehorse" else []}

    out = at_each(cases, lambda browser, case, errors: openers[case[0]](browser, case[1], errors), measure,
                  lambda key: f"review6-bid-question-{key}" if key.startswith("racehorse") else None)
    for key, got in out.items():
        assert got["asked"].startswith("Bid ") and "over the high bid" in got["asked"], (key, got["asked"])
        assert got["hand"] and all(c["whole"] for c in got["hand"]), (key, [c for c in got["hand"] if not c["whole"]])
        assert got["axe"] == [], (key, got["axe"])


THROWN_DEVICE = "r6thrown" + "t" * 14  # a device's token: 22 characters, as the server gives them


def stored_pass_round(server: Server, match_id: str) -> None:
    """A solo racehorse match of the device stored in the server's store, South dealing, the three others
    passed: South's pass throws the hand in (VARIANTS.md racehorse: only when the dealer passes too)."""
    store = SQLiteStorage(server.db)
    try:
        store.create_match(match_id, THROWN_DEVICE, "easy", 3, int(Seat.S), "solo", solo_seats(THROWN_DEVICE, "racehorse"),
                           TableOptions().to_json(), "racehorse")
        state = new_match(seed=3, first_dealer=int(Seat.S), game="racehorse")
        for seat in (Seat.W, Seat.N, Seat.E):
            action = Action.pass_(seat)
            store.append_action(match_id, state.version, action.to_json())
            state = apply(state, action)
        assert turn(state) == Seat.S and state.phase == "auction"
    finally:
        store.close()


def test_a_racehorse_hand_thrown_in_is_said_on_the_felt(server: Any) -> None:
    stored_pass_round(server, "review6-thrown")

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        page = open_page(browser, (360, 740), errors, theme="dark", reduce=False)
        page.add_init_script(f"localStorage.setItem('pinochle.device', '{THROWN_DEVICE}'); "
                             "sessionStorage.setItem('pinochle.screen', 'table')")
        page.goto(server.url)
        page.wait_for_function("() => document.body.dataset.screen === 'table' && document.body.dataset.phase === 'auction'")
        page.evaluate("""() => { window.__said = []; const tick = () => { const t = document.getElementById('status').textContent;
          if (window.__said.at(-1) !== t) window.__said.push(t); if (window.__said.length < 50) requestAnimationFrame(tick); };
          requestAnimationFrame(tick); }""")
        page.get_by_test_id("pass-button").click()
        page.get_by_test_id("thrown-in").wait_for(state="visible", timeout=10_000)
        page.wait_for_function("() => !document.getAnimations().some((a) => (a.id || '').startsWith('pinochle-'))")
        shot(page, "review6-thrown-in-racehorse")
        out["banner"] = page.get_by_test_id("thrown-in").inner_text()
        out["hand"] = page.evaluate("() => document.getElementById('hand-no')?.textContent")
        out["said"] = page.evaluate("() => window.__said")
        out["axe"] = serious(page)
        page.context.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    assert " ".join(out["banner"].split()) == "Hand 1 was thrown in: nobody bid. West deals hand 2.", out
    # and the status line says it while the cards are dealt (where the eye is then), before the turn to come
    assert "Hand 1 was thrown in: nobody bid. West deals hand 2." in out["said"], out["said"]
    assert out["axe"] == [], out


class Hinting(ScriptedSolo):
    """A scripted solo table, South to play, that keeps a ``hint`` unanswered until South's move has been answered
    (``order``): ``"move-then-hint-refused"``: the move's state, then the hint's refusal as stale (named
    ``request: "hint"``, as the server sends it); ``"move-refused-then-hint"``: the move refused as stale (no
    ``request``: the move's), then the hint's answer."""

    def __init__(self, order: str) -> None:
        from .web_fixtures import base_play_view

        super().__init__(base_play_view())
        self.order = order
        self.hint: dict[str, Any] | None = None

    def answer(self, msg: dict[str, Any]) -> None:
        if msg["type"] == "hint":
            self.hint = msg  # worked out aside: answered after the move
        elif msg["type"] == "action":
            v = self.view
            if self.order == "move-then-hint-refused":
                played = msg["action"]["card"]
                hand = list(v["hand"])
                hand.remove(played)
                self.view = {**v, "version": v["version"] + 1, "hand": hand, "legal": {}, "turn": "W"}
                self.state(self.view, "move")
                self.message({"type": "error", "code": "stale", "request": "hint",
                           "message": f"the table has moved on (version {v['version'] + 1}, your hint was for {v['version']})"})
            else:
                self.message({"type": "error", "code": "stale",
                           "message": "the table has moved on (version 99, your move was for 1)"})
                assert self.hint is not None
                card = v["legal"]["play"][0]
                self.message({"type": "hint", "match": "fx", "version": v["version"],
                           "action": {"type": "play", "card": card}, "reason": "Play this card: it is the hint."})


def test_a_refusal_is_matched_to_its_request_a_hint_or_a_move(server: Any) -> None:
    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for order in ("move-then-hint-refused", "move-refused-then-hint"):
            script = Hinting(order)
            page = open_page(browser, (390, 844), errors)
            scripted_table(page, script.handler)
            page.goto(server.url)
            page.wait_for_function("() => document.body.dataset.screen === 'table' && document.body.dataset.busy !== '1'"
                                   " && (document.body.dataset.legal || '') !== ''")
            page.get_by_test_id("hint-button").click()
            out[f"{order}-pending"] = page.get_by_test_id("hint-button").get_attribute("aria-disabled")
            page.locator("#hand button.card[data-legal=true]").first.click()
            page.wait_for_timeout(800)
            shot(page, f"review6-{order}")
            out[order] = {
                "toasts": page.evaluate("() => [...document.querySelectorAll('#toasts .toast')].map(t => t.textContent)"),
                "resumes": sum(1 for m in script.received if m["type"] == "resume"),
                "busy": page.evaluate("() => document.body.dataset.busy"),
                "reason": page.evaluate("() => document.getElementById('hint-reason')?.textContent || ''"),
                "hint_pending": page.evaluate("() => document.querySelector('[data-testid=hint-button]')?.getAttribute('aria-disabled') ?? null"),
            }
            page.context.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    assert out["move-then-hint-refused-pending"] == "true", out
    # the hint's refusal after the move's state: the hint's alone, nothing said, no reload of the table
    late = out["move-then-hint-refused"]
    assert late["toasts"] == [] and late["resumes"] == 1 and late["busy"] == "0", late  # the one resume: the page's opening
    # the move's refusal while the hint is on its way: the move's (said, the table asked for again); the hint's answer
    # still comes and is shown
    moved = out["move-refused-then-hint"]
    assert moved["resumes"] == 2, moved
    assert moved["reason"].startswith("Play this card: it is the hint.") and moved["hint_pending"] is None, moved


#: each meld plate on the felt: its visible text, whether the layer is a sliver, the plate's height and each meld
#: name's box against the plate's (a name shown: drawn, inside the plate's width)
PLATE_LINES = """() => [...document.querySelectorAll('#felt-melds .felt-meld')].map((p) => {
  const r = p.getBoundingClientRect();
  return {text: p.innerText, short: p.closest('#felt-melds').dataset.short, height: r.height,
          names: [...p.querySelectorAll('.fm-name')].map((n) => {
            const b = n.getBoundingClientRect();
            return {name: n.textContent, drawn: b.width > 0 && b.height > 0 && getComputedStyle(n).visibility !== 'hidden',
                    inside: b.left >= r.left - 0.5 && b.left < r.right - 8};
          })};
})"""


def test_a_sliver_of_felt_names_the_melds_on_each_plates_line(server: Any) -> None:
    v = south(first_of("cutthroat", lambda s: s.phase == "bury" and s.declarer == Seat.S))
    rows = [it["name"] for it in v["melds"]["S"]["melds"]]
    assert rows

    out = at_each(looks(("dark", (320, 568))), on_fixture(server.url, v, close_meld=True),
                  lambda page, _: {"plates": page.evaluate(PLATE_LINES), "axe": serious(page)},
                  "review6-bury")["dark-320"]
    assert out["axe"] == [], out
    (plate,) = out["plates"]
    assert plate["short"] == "true", plate  # the sliver this is about
    assert plate["height"] <= 24, plate  # still one line
    first = plate["names"][0]
    assert first["drawn"] and first["inside"] and first["name"].lower().startswith(rows[0].lower()), plate
    assert str(v["melds"]["S"]["total"]) in plate["text"] and rows[0].lower() in plate["text"].lower(), plate
