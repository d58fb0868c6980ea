"""The browser at a two-handed table: the person at S (the bottom), the computer
at N (the top, Easy), at 360x740 and 1440x900, in light and dark.

The page talks to a socket driven by the real engine (``StockSocket``, as tests/test_browser_three.py
does): every move the page sends is applied with ``pinochle.game.apply`` and answered with
``view(state, S)``; North plays as Easy, and the moves without a choice (the turn-up, the draw)
are made as the server makes them (``auto_action``). Pages and styles come from a real
``pinochle serve``. What the person does is planned in Python (``Plan``: Easy's card, a melded card
from the table once there is one, the first meld offered, the dix) and done through the page:
the card's button in the hand or on the table, the Meld choice's buttons.

In a deal chosen for it (``dix_deal``):
- the stock (a face-down pile, the number left, the upcard fanned out from under it) and the opponent's
  count; the first tricks;
- after a trick won, the Meld choice offers exactly the view's ``legal.melds`` (with their points),
  "Dix" when ``legal.dix``, and "No meld"; a meld is declared through it and its cards lie on the
  table in front of the person;
- a melded card is played from the table (its button: a 44 px target, like the hand's);
- the dix exchanged: the nine of trump lies in the upcard's place and the upcard is in the hand;
- the stock runs out: the endgame marker, the melds back in the hands;
- at every step in both sizes and themes: no sideways scroll, no text overflowing, no seat or
  meld row over another or the trick, 44 px targets (hand and table), no "null"/"undefined"/"NaN",
  no axe violation.
A hand played out by the computers: the summary per player (meld, counters, the last trick, the
hand, the match) and the score bar to 1000.

Screenshots go to tests/artifacts/two-handed-*.png.
"""

from __future__ import annotations

import json
from typing import Any

from pinochle.bots import for_level
from pinochle.cards import Seat
from pinochle.game import Action, State, apply, auto_action, legal, new_match, turn, view

from .browser_checks import HAND_TARGETS, OVERFLOW
from .test_browser import ARTIFACTS, TIMEOUT_MS, Server, body
from .engine_socket import EngineDriven, solo_message
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_a11y import SCROLL, TARGETS, axe_runner
from .test_browser_layout import in_browser, server, settle  # noqa: F401  (server: the module's live server)

GAME = "two-handed"
SIZES = {"360x740": (360, 740), "1440x900": (1440, 900)}
THEMES = ("dark", "light")

#: the boxes on the felt (seats, the melds on the table, the stock, the endgame marker, the trick's
#: cards) against one another: none may cover another
FELT_OVERLAPS = """() => {
  const sel = '#felt > .seat, #felt > .board:not([data-cards="0"]), #felt > .endgame-marker, #piles:not([hidden]), #centre .slot .card, #centre .trick-winner';
  const boxes = [...document.querySelectorAll(sel)].filter(e => e.getClientRects().length);
  const name = (e) => e.id || e.dataset.testid || e.className;
  const inside = (a, b) => b.contains(a) || a.contains(b);
  const out = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i], b = boxes[j];
    if (inside(a, b) || (a.closest('#centre') && b.closest('#centre'))) continue;  // the trick's two cards may touch
    const r = a.getBoundingClientRect(), q = b.getBoundingClientRect();
    if (r.left < q.right - 1 && q.left < r.right - 1 && r.top < q.bottom - 1 && q.top < r.bottom - 1)
      out.push(`${name(a)} over ${name(b)}`);
  }
  // and nothing of the felt outside it
  const felt = document.getElementById('felt').getBoundingClientRect();
  for (const e of boxes) {
    const r = e.getBoundingClientRect();
    if (r.left < felt.left - 1 || r.right > felt.right + 1 || r.top < felt.top - 1 || r.bottom > felt.bottom + 1)
      out.push(`${name(e)} outside the felt`);
  }
  return out;
}"""

#: the melded cards on your side of the table: each a target of 44 px or more that a tap hits
TABLE_TARGETS = """() => [...document.querySelectorAll('#felt .board button.card')].map(b => {
  const r = b.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {card: b.dataset.card, width: Math.round(r.width), height: Math.round(r.height), hit: Boolean(hit && b.contains(hit))};
})"""


class Plan:
    """What the person at S does, decided from their own view: Easy's card, except a melded card
    from the table once there is one (the first time); after a trick won, the dix first when the
    view allows it, then the first meld offered, then "No meld" (or "Done")."""

    def __init__(self, seed: int) -> None:
        self.bot = for_level("easy", f"{seed}/S")
        self.from_table = False  # a melded card has been played from the table
        self.melded = False

    def move(self, state: State) -> Action:
        lg = legal(state, Seat.S)
        sp = state.stock
        assert sp is not None
        if state.phase == "stock_meld":
            if lg.dix:
                return Action.dix_(Seat.S)
            if lg.melds:
                self.melded = True
                return Action.meld_(Seat.S, lg.melds[0].cards)
            return Action.pass_(Seat.S)
        table = [t.card for t in sp.table[Seat.S]]
        if table and not self.from_table and not sp.endgame:
            self.from_table = True
            return Action.play_(Seat.S, table[0])
        return self.bot.act(view(state, Seat.S))


class StockSocket(EngineDriven):
    """A socket for one page, driven by the engine: S is the page, N plays as Easy; the moves
    without a choice are made at once. Every state is S's view, as the server builds it."""

    def __init__(self, seed: int, first_dealer: Seat = Seat.N) -> None:
        self.bot = for_level("easy", f"{seed}/N")
        super().__init__(new_match(seed=seed, game=GAME, first_dealer=first_dealer))

    def advance(self) -> None:
        while self.state.phase not in ("hand_end", "match_end"):
            a = auto_action(self.state)
            if a is None:
                if turn(self.state) != Seat.N:
                    return
                a = self.bot.act(view(self.state, Seat.N))
            self.state = apply(self.state, a)

    def message(self) -> dict[str, Any]:
        return solo_message(self.state, "two", GAME)


def rehearse(seed: int) -> dict[str, bool]:
    """The hand's stock play as the test plays it, in the engine alone: what it shows."""
    sock = StockSocket(seed)
    plan = Plan(seed)
    seen = {"meld": False, "dix": False, "from_table": False, "endgame": False}
    while sock.state.phase not in ("hand_end", "match_end"):
        sp = sock.state.stock
        assert sp is not None
        if sp.endgame:
            seen["endgame"] = True
            break
        a = plan.move(sock.state)
        seen["meld"] |= a.type == "meld"
        seen["dix"] |= a.type == "dix" and sp.upcard is not None and not sp.exchanged and sp.upcard.rank != 0
        seen["from_table"] |= a.type == "play" and any(t.card == a.card for t in sp.table[Seat.S])
        sock.state = apply(sock.state, a)
        sock.advance()
    return seen


def dix_deal() -> int:
    """A seed where the person melds after a trick won, plays a melded card from the table, and
    exchanges the dix for the upcard, before the stock runs out."""
    for seed in range(300):
        if all(rehearse(seed).values()):
            return seed
    raise AssertionError("no deal with a meld, a card from the table and the dix exchange")


def open_table(browser: Any, url: str, sock: StockSocket, errors: list[str]) -> tuple[Any, Any]:
    w, h = SIZES["360x740"]
    ctx = browser.new_context(viewport={"width": w, "height": h}, reduced_motion="reduce", color_scheme="dark")
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script("sessionStorage.setItem('pinochle.screen', 'table')")
    page.route_web_socket("**/ws", sock.handler)
    page.goto(url)
    return ctx, page


MOVE_READY = """() => { const b = document.body.dataset;
  return b.screen === 'table' && b.busy !== '1' && b.connected === '1' && ((b.legal || '') !== '' || b.phase === 'hand_end'); }"""


def measure(page: Any, axe: Any | None) -> dict[str, Any]:
    """The checks made at every step, in the size and theme set now."""
    hand = page.evaluate(HAND_TARGETS)["cards"]
    return {
        "scroll": page.evaluate(SCROLL),
        "overflow": page.evaluate(OVERFLOW),
        "targets": page.evaluate(TARGETS),
        "hand": [c for c in hand if c["width"] < 44 or c["height"] < 44 or not c["hit"]],
        "table": [c for c in page.evaluate(TABLE_TARGETS) if c["width"] < 44 or c["height"] < 44 or not c["hit"]],
        "overlaps": page.evaluate(FELT_OVERLAPS),
        "raw": page.evaluate("() => (document.body.innerText.match(/\\b(null|undefined|NaN)\\b/g) || [])"),
        "axe": [] if axe is None else [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]}"
                                       for v in axe.run(page).response["violations"]],
    }


def everywhere(page: Any, axe: Any, stage: str, out: dict[str, Any]) -> None:
    """Measure (and photograph) the page now at both sizes in both themes; back to the phone, dark."""
    for size_name, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        for theme in THEMES:
            page.evaluate("t => { document.documentElement.dataset.theme = t; }", theme)
            settle(page)
            out[f"{stage} {size_name} {theme}"] = measure(page, axe)
            page.screenshot(path=str(ARTIFACTS / f"two-handed-{stage}-{size_name}-{theme}.png"))
    page.set_viewport_size({"width": SIZES["360x740"][0], "height": SIZES["360x740"][1]})
    page.evaluate("() => { document.documentElement.dataset.theme = 'dark'; }")
    settle(page)


def do(page: Any, sock: StockSocket, a: Action) -> None:
    """Make the person's move through the page: a card's button (on the table for a melded card,
    else in the hand), or a button of the Meld choice; wait for the next version."""
    sp = sock.state.stock
    assert sp is not None
    if a.type == "play":
        on_table = any(t.card == a.card for t in sp.table[Seat.S])
        where = "#felt .board" if on_table else "#hand"
        button = page.locator(f"{where} button.card[data-card='{a.card}']").first
    elif a.type == "meld":
        offered = [m.cards for m in legal(sock.state, Seat.S).melds]
        button = page.get_by_test_id(f"meld-option-{offered.index(a.cards)}")
    else:
        button = page.get_by_test_id("meld-dix" if a.type == "dix" else "meld-pass")
    version = body(page, "version")
    button.click()
    page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
    page.wait_for_function(MOVE_READY)
    settle(page)


def test_a_two_handed_hand_to_the_endgame(server: Server) -> None:
    seed = dix_deal()

    def run(browser: Any) -> dict[str, Any]:
        axe = axe_runner()
        errors: list[str] = []
        checks: dict[str, Any] = {}
        out: dict[str, Any] = {"checks": checks}
        sock = StockSocket(seed)
        plan = Plan(seed)
        ctx, page = open_table(browser, server.url, sock, errors)
        page.wait_for_function(MOVE_READY)
        settle(page)
        sp = sock.state.stock
        assert sp is not None and sp.upcard is not None
        out["first"] = {
            "stock": page.get_by_test_id("stock").get_attribute("aria-label"),
            "stock_left": page.get_by_test_id("stock-left").inner_text(),
            "upcard": page.get_by_test_id("upcard").get_attribute("data-card"),
            "want": [sp.left(), str(sp.upcard)],
            "count_N": page.get_by_test_id("count-N").inner_text(),
            "places": page.eval_on_selector_all("#felt > .seat", "els => Object.fromEntries(els.map(e => [e.dataset.seat, e.id.slice(4)]))"),
            "score": page.get_by_test_id("match-score").get_attribute("aria-label"),
        }
        everywhere(page, axe, "stock", checks)
        shown: set[str] = set()
        while True:
            st = sock.state
            sp = st.stock
            assert sp is not None
            if sp.endgame:
                break
            a = plan.move(st)
            if st.phase == "stock_meld" and "choice" not in shown:
                # the Meld choice: exactly the view's melds with their points, the dix if allowed, "No meld"
                lg = legal(st, Seat.S)
                shown.add("choice")
                out["choice"] = {
                    "options": page.locator("[data-testid^=meld-option-]").all_inner_texts(),
                    "want": [(m.name, m.points, [str(c) for c in m.cards]) for m in lg.melds],
                    "dix": page.get_by_test_id("meld-dix").count(), "want_dix": int(lg.dix),
                    "pass": page.get_by_test_id("meld-pass").inner_text(),
                    "status": page.get_by_test_id("status").inner_text(),
                }
                everywhere(page, axe, "meld", checks)
            if a.type == "play" and plan.from_table and "table" not in shown and any(t.card == a.card for t in sp.table[Seat.S]):
                shown.add("table")
                out["table_before"] = page.locator("#felt .board button.card[data-legal=true]").count()
                everywhere(page, axe, "table", checks)
                do(page, sock, a)
                trick = next(t for t in reversed(sock.state.tricks) if Seat.S in t.seats)
                out["table_play"] = {"card": str(a.card), "in_trick": [str(c) for c in trick.cards]}
                continue
            upcard = str(sp.upcard) if sp.upcard else None
            do(page, sock, a)
            sp2 = sock.state.stock
            assert sp2 is not None
            if a.type == "meld" and "melded" not in shown:
                shown.add("melded")
                out["melded"] = {"cards": sorted(str(c) for c in a.cards),
                                 "board": sorted(page.eval_on_selector_all("#felt .board.mine button.card", "els => els.map(e => e.dataset.card)"))}
            if a.type == "dix" and sp2.exchanged and "dix" not in shown:
                shown.add("dix")
                out["dix"] = {"upcard": page.get_by_test_id("upcard").get_attribute("data-card") if page.get_by_test_id("upcard").count() else None,
                              "nine": str(sp2.upcard), "was": upcard,
                              "hand": page.eval_on_selector_all("#hand button.card", "els => els.map(e => e.dataset.card)"),
                              "note": page.get_by_test_id("dix-note").inner_text() if page.get_by_test_id("dix-note").count() else None}
                everywhere(page, axe, "dix", checks)
        # the stock is gone: the endgame marker, the melds back in the hands
        page.get_by_test_id("endgame-marker").wait_for()
        out["endgame"] = {
            "marker": page.get_by_test_id("endgame-marker").inner_text(),
            "stock": page.get_by_test_id("stock").count(),
            "boards": page.locator("#felt > .board").count(),
            "hand": page.locator("#hand button.card").count(),
            "phase": body(page, "phase"),
        }
        everywhere(page, axe, "endgame", checks)
        ctx.close()
        out["errors"] = errors + sock.errors
        return out

    ARTIFACTS.mkdir(exist_ok=True)
    out = in_browser(run)
    assert out["errors"] == []
    first = out["first"]
    assert first["places"] == {"S": "bottom", "N": "top"}, first["places"]
    assert first["stock_left"] == str(first["want"][0]) and first["upcard"] == first["want"][1], first
    assert first["stock"].startswith(f"Stock: {first['want'][0]} cards"), first["stock"]
    assert first["count_N"] == "12 cards"
    assert first["score"] == "Match score: you 0, North 0; first to 1000", first["score"]
    choice = out["choice"]
    assert len(choice["options"]) == len(choice["want"]) and choice["dix"] == choice["want_dix"], choice
    for text, (name, points, _) in zip(choice["options"], choice["want"]):
        assert text.lower().startswith(name) and text.endswith(f"+{points}"), (text, name, points)
    assert choice["pass"] == "No meld" and choice["status"] == "Trick won: choose your meld.", choice
    assert set(out["melded"]["cards"]) <= set(out["melded"]["board"]), out["melded"]
    assert out["table_before"] >= 1 and out["table_play"]["card"] in out["table_play"]["in_trick"], out
    dix = out["dix"]
    assert dix["upcard"] == dix["nine"] and dix["was"] in dix["hand"], dix
    assert dix["note"] and dix["note"].startswith("Dix 9") and "⇄" in dix["note"], dix  # the nine in the upcard's place
    end = out["endgame"]
    assert end["marker"].startswith("Stock gone") and "Follow suit" in end["marker"], end
    assert end["stock"] == 0 and end["boards"] == 0 and end["hand"] == 12 and end["phase"] == "endgame", end
    bad = {k: {m: x for m, x in c.items() if x and m != "scroll"} for k, c in out["checks"].items()}
    bad = {k: c for k, c in bad.items() if c}
    assert not bad, json.dumps(bad, indent=1)
    assert all(c["scroll"] <= 0 for c in out["checks"].values())


def test_the_hand_summary_and_the_score_bar(server: Server) -> None:
    """A hand played out by Easy at both seats: the summary has a column per player (meld,
    counters, who took the last trick, the tricks, the hand, the match total), the bar both totals
    to 1000, the score sheet the hand."""
    seed = 3
    sock = StockSocket(seed)
    me = for_level("easy", f"{seed}/S")
    while sock.state.phase != "hand_end":
        sock.state = apply(sock.state, me.act(view(sock.state, Seat.S)))
        sock.advance()
    v = sock.message()["view"]
    last_winner = v["tricks"][-1]["winner"]

    def run(browser: Any) -> dict[str, Any]:
        axe = axe_runner()
        errors: list[str] = []
        ctx, page = open_table(browser, server.url, sock, errors)
        summary = page.get_by_test_id("hand-summary")
        summary.wait_for(state="visible")
        settle(page)
        out: dict[str, Any] = {
            "title": page.locator("#summary-title").inner_text(),
            "cols": page.locator("#summary-body thead th").all_inner_texts(),
            "rows": page.eval_on_selector_all("#summary-body tbody tr", "rs => rs.map(r => [...r.children].map(c => c.innerText))"),
            "score": page.get_by_test_id("match-score").inner_text(),
            "checks": {},
        }
        everywhere(page, axe, "summary", out["checks"])
        page.keyboard.press("Escape")
        summary.wait_for(state="hidden")
        page.get_by_test_id("scores-button").click()
        page.get_by_test_id("score-sheet").wait_for(state="visible")
        settle(page)
        out["sheet"] = page.locator("#scores-body thead th").all_inner_texts()
        everywhere(page, None, "scores", out["checks"])
        ctx.close()
        out["errors"] = errors + sock.errors
        return out

    out = in_browser(run)
    assert out["errors"] == []
    assert out["title"] == "Hand 1 over"
    assert out["cols"] == ["You", "North"], out["cols"]
    rows = {r[0]: r[1:] for r in out["rows"]}
    last = v["last_hand"]
    assert rows["Meld"] == [str(last["meld"]["S"]), str(last["meld"]["N"])], rows
    # the counters without the last trick's 10, which has its row: the rows add up to the hand
    ten = {side: 10 if side == last_winner else 0 for side in ("S", "N")}
    assert rows["Counters"] == [str(last["counters"]["S"] - ten["S"]), str(last["counters"]["N"] - ten["N"])], rows
    assert rows["Last trick"] == (["10", "—"] if last_winner == "S" else ["—", "10"]), rows
    # the rows in every game's order (tests/test_browser_explain.py), the hand's score named as everywhere
    assert list(rows)[:4] == ["Tricks", "Meld", "Counters", "Last trick"], list(rows)
    assert rows["Hand score"] == [f"+{last['score']['S']}", f"+{last['score']['N']}"], rows
    assert rows["Match total"] == [str(v["totals"]["S"]), str(v["totals"]["N"])], rows
    assert out["score"].split() == ["You", str(v["totals"]["S"]), "North", str(v["totals"]["N"])] or "1000" in out["score"], out["score"]
    assert out["sheet"][:3] == ["#", "Trump", "You"], out["sheet"]
    bad = {k: {m: x for m, x in c.items() if x and m != "scroll"} for k, c in out["checks"].items()}
    bad = {k: c for k, c in bad.items() if c}
    assert not bad, json.dumps(bad, indent=1)


def test_a_solo_two_handed_match_from_home_on_the_real_server(server: Server) -> None:
    """Home, two-handed, Easy: the real server seats the person at S against a computer at N; the
    page plays its cards (and passes its meld turns) for a few tricks: the stock counts down."""

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx = browser.new_context(viewport={"width": 360, "height": 740}, reduced_motion="reduce")
        ctx.set_default_timeout(TIMEOUT_MS)
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url)
        page.wait_for_function("() => [...document.querySelectorAll('#game-tiles input[name=game]')].some(o => o.value === 'two-handed')")
        page.get_by_test_id(f"game-{GAME}").click()
        out: dict[str, Any] = {"solo": page.locator("#solo-who").inner_text()}
        page.get_by_test_id("level-easy").click()
        page.wait_for_function("() => document.body.dataset.screen === 'table' && document.querySelectorAll('#hand button.card').length === 12")
        out["places"] = page.eval_on_selector_all("#felt > .seat", "els => Object.fromEntries(els.map(e => [e.dataset.seat, e.id.slice(4)]))")
        out["stock"] = [page.get_by_test_id("stock-left").inner_text()]
        for _ in range(8):
            page.wait_for_function(MOVE_READY, timeout=60_000)
            settle(page)
            legal_now = body(page, "legal").split(",")
            version = body(page, "version")
            if "play" in legal_now:
                page.locator("#felt .board button.card[data-legal=true], #hand button.card[data-legal=true]").first.click()
            elif page.get_by_test_id("meld-choice").count():
                out["choice"] = True
                page.get_by_test_id("meld-pass").click()
            else:
                break
            page.wait_for_function("v => document.body.dataset.version !== v", arg=version, timeout=60_000)
        page.wait_for_function(MOVE_READY, timeout=60_000)
        out["stock"].append(page.get_by_test_id("stock-left").inner_text())
        ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out["errors"] == []
    assert out["solo"] == "Your opponent is a computer player."
    assert out["places"] == {"S": "bottom", "N": "top"}, out["places"]
    assert int(out["stock"][1]) < int(out["stock"][0]) == 24, out["stock"]
