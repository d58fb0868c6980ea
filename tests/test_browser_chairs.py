"""The browser at an auction table of 5: the person holds chair 0, at 360x800
and 1440x900, in light and dark.

The page talks to a socket driven by the real engine (``ChairSocket``): every state is
``view_for_chair(state, 0)`` with the table facts the server sends at a table of chairs (names,
seat this hand and total per chair), every move the page sends goes through
``apply_for_chair``, and the other chairs play as Easy. Pages and styles come from a real
``pinochle serve``.

- a hand chair 0 plays (the dealer is chair 1, so chair 0 plays West): its seat at the bottom, the
  two others left and right, chairs 1 and 3 on the bench with "Sits out" and their totals; the
  person passes and plays every card; the summary's settlement is the hand's chair transfers
  as who pays whom ("Player 3 pays you 5"); the score sheet has one column per player (5);
- a hand chair 0 sits out (the dealer is chair 3): "You sit this hand out" on the status line and
  in place of the hand, no card and no move, the three players round the table (South at the
  bottom), chair 0 on the bench as "You" with "Sits out"; the settlement follows at the hand's end;
- every step: no seat over another or the centre, 44 px targets, no sideways scroll, no text
  "null"/"undefined"/"NaN", no axe violation.

Screenshots go to tests/artifacts/chairs-*.png.
"""

from __future__ import annotations

import json
from typing import Any

from pinochle.bots import for_level
from pinochle.game import Action, State, apply, auto_action, new_match, turn, view
from pinochle.chairs import apply_for_chair, view_for_chair

from .test_browser import ARTIFACTS, MY_TURN, TIMEOUT_MS, Server, body
from .engine_socket import EngineDriven
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_a11y import axe_runner
from .test_browser_layout import in_browser, server, settle  # noqa: F401  (server: the module's live server)
from .test_browser_three import SIZES, THEMES
from .test_browser_three import checks as three_checks

PLAYERS = 5
ME = 0


class ChairSocket(EngineDriven):
    """A socket for one page at an auction table of 5, driven by the engine: chair 0 is the page,
    the other chairs play as Easy. ``pause(state)``: stop advancing there (the page watches)."""

    def __init__(self, first_dealer: int, pause: Any = None) -> None:
        self.bots = {c: for_level("easy", f"7/chair{c}") for c in range(PLAYERS)}
        self.pause = pause
        super().__init__(new_match(seed=7, game="auction", players=PLAYERS, first_dealer=first_dealer))

    def advance(self) -> None:
        while self.state.phase not in ("hand_end", "match_end"):
            if self.pause is not None and self.pause(self.state):
                return
            a = auto_action(self.state)
            if a is None:
                seat = turn(self.state)
                if seat is None or self.state.lineup[seat] == ME:
                    return
                a = self.bots[self.state.lineup[seat]].act(view(self.state, seat))
            self.state = apply(self.state, a)

    def go_on(self) -> None:
        """Stop pausing: play on to the hand's end and tell the page."""
        self.pause = None
        self.advance()
        self.ws.send(json.dumps(self.message()))

    def message(self) -> dict[str, Any]:
        s = self.state
        v = view_for_chair(s, ME).to_json()
        if s.phase == "hand_end":
            v["legal"] = {"deal": True}
        seat_of = {c: p for p, c in zip("NESW", s.lineup) if p != "N"}
        seats = {str(c): {"name": "You" if c == ME else f"Player {c + 1}", "computer": c != ME, "connected": True,
                          "stand_in": False, "next_ready": False, "seat": seat_of.get(c), "total": s.totals[c]}
                 for c in range(PLAYERS)}
        match = {"id": "chairs", "kind": "solo", "game": "auction", "level": "easy", "hand_number": s.hand_no + 1,
                 "phase": s.phase, "totals": {str(c): t for c, t in enumerate(s.totals)},
                 "winner": None if s.winner is None else str(s.winner), "players": PLAYERS}
        table = {"kind": "solo", "room": None, "you": seat_of.get(ME), "seats": seats, "timer": None,
                 "chair": ME, "players": PLAYERS, "lineup": v["lineup"]}
        return {"type": "state", "match": match, "view": v, "event": "move", "table": table}

    def apply_page(self, action: dict[str, Any], version: int) -> State:
        here = next((p for p, c in zip("NESW", self.state.lineup) if c == ME and p != "N"), "N")
        return apply_for_chair(self.state, ME, Action.from_json({**action, "seat": here}), version=version)


def open_table(browser: Any, url: str, sock: ChairSocket, theme: str, size: tuple[int, int],
               errors: list[str], ready: str) -> tuple[Any, Any]:
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, reduced_motion="reduce",
                              color_scheme=theme)
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script("sessionStorage.setItem('pinochle.screen', 'table')")
    page.route_web_socket("**/ws", sock.handler)
    page.goto(url)
    page.wait_for_function(ready)
    settle(page)
    return ctx, page


WATCHING = """() => { const b = document.body;
  return b.dataset.screen === 'table' && b.dataset.busy !== '1' && b.dataset.sitsOut === 'true'; }"""


def checks(page: Any, axe: Any) -> dict[str, Any]:
    """The checks of a table of three (seats, targets, overflow, scroll, axe), and where you sit."""
    return {**three_checks(page, axe), "you": body(page, "you"), "sits_out": body(page, "sitsOut")}


def bench(page: Any) -> dict[str, str]:
    """Each player on the bench: the initials in its circle, then its text (lower case); and the bench's
    own label under ``"label"`` (a phone shows initials, total and dealer only, and "Sitting out" once)."""
    chips = {e.get_attribute("data-testid"): (e.locator(".avatar").get_attribute("data-initials") + " "
                                              + e.inner_text().replace("\n", " ")).lower()
             for e in page.locator("#bench [data-testid^=bench-chair-]").all()}
    return {**chips, "label": page.locator("#bench").get_attribute("aria-label") or ""}


def summary_and_scores(page: Any, axe: Any, shot: str, out: dict[str, Any]) -> None:
    """The hand's summary (settlement) and the score sheet, with their checks and screenshots."""
    summary = page.get_by_test_id("hand-summary")
    summary.wait_for(state="visible")
    settle(page)
    out["settlement"] = page.locator("[data-testid=settlement-line]").all_inner_texts()
    out["summary"] = checks(page, axe)
    page.screenshot(path=str(ARTIFACTS / f"chairs-summary-{shot}.png"))
    page.keyboard.press("Escape")
    summary.wait_for(state="hidden")
    page.get_by_test_id("scores-button").click()
    page.get_by_test_id("score-sheet").wait_for(state="visible")
    settle(page)
    out["scores_cols"] = page.locator("#scores-body thead th").all_inner_texts()
    out["scores"] = checks(page, axe)
    page.screenshot(path=str(ARTIFACTS / f"chairs-scores-{shot}.png"))


def expected_settlement(sock: ChairSocket) -> list[str]:
    """The last hand's chair transfers (every chair settles) as the page should word them."""
    last = view_for_chair(sock.state, ME).to_json()["history"][-1]
    name = {c: "You" if c == ME else f"Player {c + 1}" for c in range(PLAYERS)}
    return sorted(f"{name[t['from']]} {'pay' if t['from'] == ME else 'pays'} "
                  f"{'you' if t['to'] == ME else name[t['to']]} {t['amount']}" for t in last["chair_transfers"])


def test_a_table_of_five_where_the_person_plays_and_sits_out(server: Server) -> None:
    def run(browser: Any) -> dict[str, Any]:
        axe = axe_runner()
        errors: list[str] = []
        results: dict[str, Any] = {}
        for theme in THEMES:
            for size_name, size in SIZES.items():
                shot = f"{size_name}-{theme}"
                # a hand chair 0 plays (West), the dealer chair 1 and chair 3 sitting out
                out: dict[str, Any] = {"kind": "plays"}
                sock = ChairSocket(first_dealer=1)
                ctx, page = open_table(browser, server.url, sock, theme, size, errors, MY_TURN)
                out["you"] = body(page, "you")
                out["bench"] = bench(page)
                out["totals"] = page.locator("#match-score [data-testid^=total-chair-]").count()
                out["auction"] = checks(page, axe)
                page.screenshot(path=str(ARTIFACTS / f"chairs-auction-{shot}.png"))
                played = 0
                while body(page, "phase") != "hand_end":
                    dialog = page.get_by_test_id("meld-dialog")
                    if dialog.is_visible():
                        page.get_by_test_id("meld-close").click()
                        dialog.wait_for(state="hidden")
                    legal = body(page, "legal").split(",")
                    version = body(page, "version")
                    if "pass" in legal:
                        page.get_by_test_id("pass-button").click()
                    elif "play" in legal:
                        if played == 1:
                            out["play"] = checks(page, axe)
                            page.screenshot(path=str(ARTIFACTS / f"chairs-play-{shot}.png"))
                        page.locator("#hand button.card[data-legal=true]").first.click()
                        played += 1
                    else:
                        raise AssertionError(f"an unexpected move for chair 0: {legal}")
                    page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
                    page.wait_for_function("() => { const b = document.body.dataset; return b.busy !== '1'"
                                           " && ((b.legal || '') !== '' || b.phase === 'hand_end'); }")
                    settle(page)
                out["played"] = played
                summary_and_scores(page, axe, shot, out)
                out["want_settlement"] = [] if not sock.state.history else expected_settlement(sock)
                out["errors"] = sock.errors
                results[f"plays-{shot}"] = out
                ctx.close()

                # a hand chair 0 sits out (the dealer is chair 3): watched to the fourth card played
                out = {"kind": "watches"}
                sock = ChairSocket(first_dealer=3,
                                   pause=lambda s: s.phase == "play" and sum(len(t.cards) for t in s.tricks) >= 4)
                ctx, page = open_table(browser, server.url, sock, theme, size, errors, WATCHING)
                out["status"] = page.locator("#status").inner_text()
                out["note"] = page.get_by_test_id("sits-out-note").inner_text()
                out["cards"] = page.locator("#hand button.card").count()
                out["legal"] = body(page, "legal")
                out["bench"] = bench(page)
                out["watch"] = checks(page, axe)
                page.screenshot(path=str(ARTIFACTS / f"chairs-watch-{shot}.png"))
                sock.go_on()
                page.wait_for_function("() => document.body.dataset.phase === 'hand_end'")
                settle(page)
                summary_and_scores(page, axe, f"out-{shot}", out)
                out["want_settlement"] = expected_settlement(sock)
                out["errors"] = sock.errors
                results[f"watches-{shot}"] = out
                ctx.close()
        results["page_errors"] = errors
        return results

    ARTIFACTS.mkdir(exist_ok=True)
    results = in_browser(run)
    assert results.pop("page_errors") == []
    for shot, out in results.items():
        assert out["errors"] == [], (shot, out["errors"])
        steps: tuple[str, ...]
        if out["kind"] == "plays":
            assert out["you"] == "W", shot  # chair 0 plays West this hand, at the bottom
            assert out["totals"] == PLAYERS, shot  # every player's total in the bar
            assert sorted(out["bench"]) == ["bench-chair-1", "bench-chair-3", "label"], out["bench"]
            assert out["bench"]["label"] == "Sitting out this hand: Player 2 (dealer), total 0; Player 4, total 0", out["bench"]
            # the dealer's button on chair 1's avatar (its "D"), no "Dealer" badge (test below)
            assert out["bench"]["bench-chair-1"].startswith("p2 d ") and "dealer" not in out["bench"]["bench-chair-1"], out["bench"]
            assert out["played"] >= 1, shot
            steps = ("auction", "play", "summary", "scores")
            places = {}
        else:
            assert out["status"].startswith("You sit this hand out"), out["status"]
            assert "You sit this hand out" in out["note"] and out["cards"] == 0 and out["legal"] == "", shot
            assert sorted(out["bench"]) == ["bench-chair-0", "bench-chair-3", "label"], out["bench"]
            assert out["bench"]["label"].startswith("Sitting out this hand: You, total"), out["bench"]
            assert out["bench"]["bench-chair-0"].startswith("you "), out["bench"]
            steps = ("watch", "summary", "scores")
            places = {"S": "bottom", "W": "left", "E": "right"}
        # the settlement is the hand's chair transfers as who pays whom, every chair included
        assert sorted(out["settlement"]) == out["want_settlement"] and out["settlement"], (shot, out["settlement"])
        # the score sheet: #, Contract, then one column per player, yours first
        assert out["scores_cols"][:3] == ["#", "Contract", "You"] and len(out["scores_cols"]) == 2 + PLAYERS, out["scores_cols"]
        for step in steps:
            c = out[step]
            assert len(c["places"]) == 3 and "N" not in c["places"], (shot, step, c["places"])
            if not places:  # you play: your seat at the bottom (the deal may be thrown in and dealt again)
                assert c["sits_out"] == "false" and c["places"][c["you"]] == "bottom", (shot, step, c)
            for seat, place in places.items():
                assert c["places"][seat] == place, (shot, step, c["places"])
            for key in ("seat_clash", "felt_clash", "targets", "hand", "overflow", "raw", "axe"):
                if step in ("summary", "scores") and key == "felt_clash":
                    continue  # a dialog is open over the table
                assert c[key] == [], (shot, step, key, c[key])
            assert c["scroll"] <= 0, (shot, step)


BENCH = """() => {
  const bench = document.getElementById('bench');
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const chips = [...bench.querySelectorAll('[data-testid^=bench-chair-]')];
  return {
    label: bench.getAttribute('aria-label') || '',
    dealers: [...bench.querySelectorAll('[data-testid^=dealer-chair-]')].filter(shown).map(e => ({
      id: e.dataset.testid, chip: e.closest('[data-testid^=bench-chair-]').dataset.testid, text: e.textContent})),
    // what the bench says on the screen: its heading ("Sitting out", a phone) and each chip's words
    heading: getComputedStyle(bench, '::before').content,
    words: chips.map(c => c.innerText.replace(/\\s+/g, ' ').trim()),
    badges: [...bench.querySelectorAll('.badge')].filter(shown).map(e => e.textContent),
    fans: {bench: bench.querySelectorAll('.fan:not(.card)').length,
           seats: Object.fromEntries([...document.querySelectorAll('#felt > .seat')].map(s => [s.dataset.seat, s.querySelectorAll('.fan:not(.card)').length]))},
    seatLabels: [...document.querySelectorAll('#felt > .seat')].map(s => s.getAttribute('aria-label')),
  };
}"""


def test_the_dealer_sitting_out_wears_the_dealers_button_and_sits_out_plainly(server: Server) -> None:
    """A fresh reviewer: at a table of 5 the dealer, who sits the hand out, wore the word
    "Dealer" on the bench as a player at the table does. The bench now marks the dealer with the dealer's
    button on its avatar, as the seats do, and says plainly that both sit out ("Sitting out" once on a
    phone, "Sits out" on each from 720 px); no seat at the table is the dealer's, and only the players
    in the hand hold a fan of cards."""

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for size in ((320, 568), (390, 844), (1440, 900)):
            sock = ChairSocket(first_dealer=1)  # chair 1 deals and sits out with chair 3; chair 0 plays West
            ctx, page = open_table(browser, server.url, sock, "dark", size, errors, MY_TURN)
            out[f"{size[0]}x{size[1]}"] = page.evaluate(BENCH)
            page.screenshot(path=str(ARTIFACTS / f"chairs-bench-{size[0]}x{size[1]}.png"))
            ctx.close()
        out["errors"] = errors
        return out

    ARTIFACTS.mkdir(exist_ok=True)
    out = in_browser(run)
    assert out.pop("errors") == []
    for size, b in out.items():
        assert b["dealers"] == [{"id": "dealer-chair-1", "chip": "bench-chair-1", "text": "D"}], (size, b)
        assert not any("dealer" in w.lower() for w in b["words"]), (size, b["words"])
        assert "Dealer" not in b["badges"], (size, b["badges"])
        if size == "1440x900":
            assert b["badges"] == ["Sits out", "Sits out"], (size, b["badges"])
        else:  # a phone: the bench's heading says it once
            assert "Sitting out" in b["heading"], (size, b["heading"])
        assert b["label"] == "Sitting out this hand: Player 2 (dealer), total 0; Player 4, total 0", (size, b["label"])
        # the three players in the hand: you (West, no fan: your cards are in front of you) and two with a fan
        assert b["fans"]["bench"] == 0 and b["fans"]["seats"] == {"W": 0, "S": 1, "E": 1}, (size, b["fans"])
        assert not any("Dealer" in label for label in b["seatLabels"]), (size, b["seatLabels"])
