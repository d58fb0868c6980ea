"""The browser at a table of three: a cutthroat hand where the person is the
declarer, at 360x800 and 1440x900, in light and dark.

The page talks to a socket driven by the real engine (``EngineSocket``): every move the page sends
is applied with ``pinochle.game.apply`` and answered with ``view(state, S)``, the computers at East
and West pass in the auction and play Easy's cards, so that South is the declarer in a deal chosen
for it (its meld alone does not make the bid: the hand is played). Pages, styles and ``/games``
come from a real ``pinochle serve``.

- bid, the widow turned up for everyone in the centre, name trump, bury 3 chosen from the hand
  (only the view's ``legal.bury.cards``; the confirm button counts them), play the hand out,
  the summary with the settlement as who pays whom ("East pays you 2" / "You pay East 4") and
  one column per player, the score sheet per player; "Deal 1 of 9" in the bar, no target;
- the same hand conceded at the burial: no play, the declarer pays each opponent;
- three seats (you at the bottom, West left, East right; no North), none overlapping another or
  the centre, every button and card a 44 px target, no sideways scroll, no axe violation;
- Home offers cutthroat and auction, and leaves the "How to play" link out while a game has no page.

Screenshots go to tests/artifacts/three-*.png.
"""

from __future__ import annotations

import json
from typing import Any

from pinochle.bots import for_level
from pinochle.cards import Seat
from pinochle.game import Action, apply, auto_action, legal, new_match, turn, view
from pinochle.server.howto import games as howto_games

from .browser_checks import HAND_TARGETS, OVERFLOW
from .test_browser import ARTIFACTS, MY_TURN, TIMEOUT_MS, Server, body
from .engine_socket import EngineDriven, solo_message
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_a11y import SCROLL, TARGETS, axe_runner
from .test_browser_layout import FELT_CLASH, in_browser, server, settle  # noqa: F401  (server: the module's live server)

SIZES = {"360x800": (360, 800), "1440x900": (1440, 900)}
THEMES = ("light", "dark")
GAME = "cutthroat"

#: the seat boxes round the felt against one another
SEAT_CLASH = """() => {
  const seats = [...document.querySelectorAll('#felt > .seat')];
  const out = [];
  for (let i = 0; i < seats.length; i++) for (let j = i + 1; j < seats.length; j++) {
    const a = seats[i].getBoundingClientRect(), b = seats[j].getBoundingClientRect();
    if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
      out.push(`${seats[i].id} over ${seats[j].id}`);
  }
  return out;
}"""


def declarer_deal() -> tuple[int, str]:
    """A seed (East deals, so South calls first) where South, bidding the minimum with the others
    passing and naming the first suit offered, melds less than the bid: the hand is played."""
    for seed in range(200):
        s = new_match(seed=seed, game=GAME, first_dealer=Seat.E)
        s = apply(s, Action.bid_(Seat.S, legal(s, Seat.S).min_bid or 0))
        while s.phase == "auction":
            s = apply(s, Action.pass_(turn(s) or 0))
        while (a := auto_action(s)) is not None:
            s = apply(s, a)
        suit = legal(s, Seat.S).trumps[0]
        s = apply(s, Action.trump_(Seat.S, suit))
        while (a := auto_action(s)) is not None:
            s = apply(s, a)
        if s.phase == "bury":
            return seed, str(suit)
    raise AssertionError("no deal where South must play")


class EngineSocket(EngineDriven):
    """A socket for one page, driven by the engine: South is the page; East and West pass in the
    auction and play as Easy. Every state is South's view, as the server builds it."""

    def __init__(self, seed: int) -> None:
        self.bots = {s: for_level("easy", f"{seed}/{s}") for s in (Seat.E, Seat.W)}
        super().__init__(new_match(seed=seed, game=GAME, first_dealer=Seat.E))

    def advance(self) -> None:
        while self.state.phase not in ("hand_end", "match_end"):
            a = auto_action(self.state)
            if a is None:
                seat = turn(self.state)
                if seat is None or seat == Seat.S:
                    return
                if self.state.phase == "auction":
                    a = Action.pass_(seat)  # South is the declarer
                else:
                    a = self.bots[seat].act(view(self.state, seat))
            self.state = apply(self.state, a)

    def message(self) -> dict[str, Any]:
        return solo_message(self.state, "three", GAME)


def open_table(browser: Any, url: str, sock: EngineSocket, theme: str, size: tuple[int, int],
               errors: list[str]) -> tuple[Any, Any]:
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, reduced_motion="reduce",
                              color_scheme=theme)
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script("sessionStorage.setItem('pinochle.screen', 'table')")
    page.route_web_socket("**/ws", sock.handler)
    page.goto(url)
    page.wait_for_function(MY_TURN)
    settle(page)
    return ctx, page


def act(page: Any, testid: str) -> None:
    """Press a control and wait for the table's next version."""
    version = body(page, "version")
    page.get_by_test_id(testid).click()
    page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
    settle(page)


def checks(page: Any, axe: Any) -> dict[str, Any]:
    """The measurements made at every step: seats, targets, overflow, scroll, axe."""
    return {
        "places": page.eval_on_selector_all("#felt > .seat", "els => Object.fromEntries(els.map(e => [e.dataset.seat, e.id.slice(4)]))"),
        "seat_clash": page.evaluate(SEAT_CLASH),
        "felt_clash": page.evaluate(FELT_CLASH),
        "targets": page.evaluate(TARGETS),
        "hand": [c for c in page.evaluate(HAND_TARGETS)["cards"] if c["width"] < 44 or c["height"] < 44 or not c["hit"]],
        "overflow": page.evaluate(OVERFLOW),
        "scroll": page.evaluate(SCROLL),
        # no JavaScript value written out as text ("null", "undefined", "NaN")
        "raw": page.evaluate("() => (document.body.innerText.match(/\\b(null|undefined|NaN)\\b/g) || [])"),
        "axe": [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]}"
                for v in axe.run(page).response["violations"]],
    }


def declare(page: Any, sock: EngineSocket, shot: str, axe: Any, out: dict[str, Any]) -> None:
    """Bid, see the widow, name trump: to the burial."""
    out["auction"] = checks(page, axe)
    out["hand_no"] = page.locator("#hand-no").inner_text()
    out["score_label"] = page.get_by_test_id("match-score").get_attribute("aria-label")
    # the widow lies face down in the middle: its cards' faces are nobody's to see before the auction ends
    out["widow_in_auction"] = page.locator("[data-testid=widow] [data-card]").count()
    out["widow_down"] = page.locator("#centre [data-testid=widow]").get_attribute("aria-label")
    page.screenshot(path=str(ARTIFACTS / f"three-auction-{shot}.png"))
    act(page, "bid-button")
    page.wait_for_function(MY_TURN)
    out["after_bid"] = body(page, "legal")
    widow = page.locator("[data-testid=widow]")
    out["widow"] = widow.get_attribute("aria-label") if widow.count() else None
    out["widow_cards"] = widow.locator(".card").count() if widow.count() else 0
    out["trump"] = checks(page, axe)
    page.screenshot(path=str(ARTIFACTS / f"three-trump-{shot}.png"))
    page.locator("[data-testid^=trump-]").first.click()
    page.wait_for_function("() => (document.body.dataset.legal || '').includes('bury')")
    settle(page)


def test_a_cutthroat_hand_declared_buried_and_played(server: Server) -> None:
    seed, _ = declarer_deal()

    def run(browser: Any) -> dict[str, Any]:
        axe = axe_runner()
        errors: list[str] = []
        results: dict[str, Any] = {}
        for theme in THEMES:
            for size_name, size in SIZES.items():
                shot = f"{size_name}-{theme}"
                out: dict[str, Any] = {}
                sock = EngineSocket(seed)
                ctx, page = open_table(browser, server.url, sock, theme, size, errors)
                declare(page, sock, shot, axe, out)
                # the burial: the view's bury cards only; the confirm button waits for three
                bury_from = legal(sock.state, Seat.S).bury_from
                out["bury_status"] = page.locator("#status").inner_text()
                out["bury"] = checks(page, axe)
                out["confirm_disabled"] = page.get_by_test_id("choose-confirm").is_disabled()
                out["concede_shown"] = page.get_by_test_id("concede").is_visible()
                tokens = page.evaluate("() => [...document.querySelectorAll('#hand button.card')].map(e => e.dataset.card)")
                offered = {str(c) for c in bury_from}
                out["unoffered"] = (page.locator("#hand button.card.illegal").count(),
                                    sum(t not in offered for t in tokens))
                kept = next((j for j, t in enumerate(tokens) if t not in offered), None)
                if kept is not None:  # a card the view does not offer is not chosen
                    page.locator("#hand button.card").nth(kept).click()
                    out["kept_chosen"] = page.get_by_test_id("choose-count").inner_text()
                wanted = [str(c) for c in bury_from[:3]]
                picked: list[int] = []
                for card in wanted:
                    i = next(j for j, t in enumerate(tokens) if t == card and j not in picked)
                    picked.append(i)
                    page.locator("#hand button.card").nth(i).click()
                out["chosen"] = page.get_by_test_id("choose-count").inner_text()
                page.screenshot(path=str(ARTIFACTS / f"three-bury-{shot}.png"))
                act(page, "choose-confirm")
                out["buried"] = [str(c) for c in sock.state.buried]
                out["wanted"] = wanted
                # the play: South plays the first playable card each time, to the hand's end
                played = 0
                while True:
                    page.wait_for_function("() => { const b = document.body.dataset;"
                                           " return b.busy !== '1' && ((b.legal || '').includes('play') || b.phase === 'hand_end'); }")
                    if body(page, "phase") == "hand_end":
                        break
                    dialog = page.get_by_test_id("meld-dialog")
                    if dialog.is_visible():
                        if played == 0:
                            page.screenshot(path=str(ARTIFACTS / f"three-meld-{shot}.png"))
                        page.get_by_test_id("meld-close").click()
                        dialog.wait_for(state="hidden")
                    if played == 1:
                        out["play"] = checks(page, axe)
                        page.screenshot(path=str(ARTIFACTS / f"three-play-{shot}.png"))
                    version = body(page, "version")
                    page.locator("#hand button.card[data-legal=true]").first.click()
                    page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
                    played += 1
                out["played"] = played
                summary = page.get_by_test_id("hand-summary")
                summary.wait_for(state="visible")
                settle(page)
                out["settlement"] = page.locator("[data-testid=settlement-line]").all_inner_texts()
                out["summary_cols"] = page.locator("#summary-body thead th").all_inner_texts()
                out["summary_title"] = page.locator("#summary-title").inner_text()
                out["summary"] = checks(page, axe)
                page.screenshot(path=str(ARTIFACTS / f"three-summary-{shot}.png"))
                last = sock.message()["view"]["last_hand"]
                out["transfers"] = last["transfers"]
                page.keyboard.press("Escape")
                summary.wait_for(state="hidden")
                page.get_by_test_id("scores-button").click()
                page.get_by_test_id("score-sheet").wait_for(state="visible")
                settle(page)
                out["scores_cols"] = page.locator("#scores-body thead th").all_inner_texts()
                out["scores"] = checks(page, axe)
                page.screenshot(path=str(ARTIFACTS / f"three-scores-{shot}.png"))
                out["errors"] = sock.errors
                results[shot] = out
                ctx.close()
        results["page_errors"] = errors
        return results

    ARTIFACTS.mkdir(exist_ok=True)
    results = in_browser(run)
    assert results.pop("page_errors") == []
    for shot, out in results.items():
        assert out["errors"] == [], (shot, out["errors"])
        assert out["hand_no"] == "Deal 1 of 9", shot
        assert "first to" not in (out["score_label"] or "") and "deal 1 of 9" in out["score_label"], out["score_label"]
        assert out["widow_in_auction"] == 0, shot  # nobody sees the widow before the auction ends
        assert out["widow_down"] == "Widow: 3 cards face down", shot
        assert "trump" in out["after_bid"].split(","), (shot, out["after_bid"])
        # the widow turned up is in your hand now: it says you took it, not "Widow"
        assert out["widow"] and out["widow"].startswith("You took the widow: ") and out["widow_cards"] == 3, (shot, out["widow"])
        assert "choose 3 cards to bury, or concede" in out["bury_status"], out["bury_status"]
        assert out["confirm_disabled"] and out["concede_shown"], shot
        assert out["chosen"] == "3 of 3 chosen"
        assert out["unoffered"][0] == out["unoffered"][1] > 0, out["unoffered"]  # the melded cards, dimmed
        assert out.get("kept_chosen", "0 of 3 chosen") == "0 of 3 chosen"
        assert sorted(out["buried"]) == sorted(out["wanted"]), shot
        assert out["played"] == 15, shot  # every trick of the hand
        assert out["summary_title"] == "Deal 1 over", out["summary_title"]
        # who pays whom, as the view's transfers say, with "you" for South
        names = {"E": "East", "W": "West", "S": "You"}
        want = sorted(f"{names[t['from']]} {'pay' if t['from'] == 'S' else 'pays'} "
                      f"{'you' if t['to'] == 'S' else names[t['to']]} {t['amount']}" for t in out["transfers"])
        assert sorted(out["settlement"]) == want, (shot, out["settlement"], out["transfers"])
        assert out["summary_cols"] == ["You", "East", "West"] or out["summary_cols"] == ["You", "West", "East"], out["summary_cols"]
        assert out["scores_cols"][2:] == out["summary_cols"], out["scores_cols"]
        for step in ("auction", "trump", "bury", "play", "summary", "scores"):
            c = out[step]
            assert c["places"] == {"S": "bottom", "W": "left", "E": "right"}, (shot, step, c["places"])
            for key in ("seat_clash", "felt_clash", "targets", "hand", "overflow", "raw", "axe"):
                if step in ("summary", "scores") and key == "felt_clash":
                    continue  # a dialog is open over the table
                assert c[key] == [], (shot, step, key, c[key])
            assert c["scroll"] <= 0, (shot, step)


def test_the_declarer_concedes_at_the_burial(server: Server) -> None:
    seed, _ = declarer_deal()

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        sock = EngineSocket(seed)
        ctx, page = open_table(browser, server.url, sock, "dark", SIZES["360x800"], errors)
        declare(page, sock, "concede-360x800-dark", axe_runner(), out)
        page.get_by_test_id("concede").click()
        act(page, "confirm-new")  # the question before a concession: Concede (the confirm dialog's ok)
        page.get_by_test_id("hand-summary").wait_for(state="visible")
        settle(page)
        out["settlement"] = page.locator("[data-testid=settlement-line]").all_inner_texts()
        out["verdict"] = page.get_by_test_id("verdict").inner_text()
        out["transfers"] = sock.message()["view"]["last_hand"]["transfers"]
        out["tricks"] = len(sock.state.tricks)
        page.screenshot(path=str(ARTIFACTS / "three-conceded-360x800-dark.png"))
        ctx.close()
        out["errors"] = errors + sock.errors
        return out

    ARTIFACTS.mkdir(exist_ok=True)
    out = in_browser(run)
    assert out["errors"] == []
    assert out["tricks"] == 0  # no play after a concession
    assert all(t["from"] == "S" for t in out["transfers"]) and len(out["transfers"]) == 2
    assert sorted(out["settlement"]) == sorted(f"You pay {'East' if t['to'] == 'E' else 'West'} {t['amount']}"
                                               for t in out["transfers"])
    assert "conceded" in out["verdict"], out["verdict"]


def test_home_offers_the_games_of_three(server: Server) -> None:
    def run(browser: Any) -> dict[str, Any]:
        ctx = browser.new_context(viewport={"width": 360, "height": 800}, reduced_motion="reduce")
        ctx.set_default_timeout(TIMEOUT_MS)
        page = ctx.new_page()
        page.goto(server.url)
        page.wait_for_function("() => document.querySelectorAll('#game-tiles .game-tile').length > 2")
        out: dict[str, Any] = {"games": page.eval_on_selector_all("#game-tiles input[name=game]", "els => els.map(e => e.value)"),
                               "room_games": page.eval_on_selector_all("#room-game option", "els => els.map(e => e.value)"),
                               "links": {}}
        for game in ("table", "cutthroat", "auction"):
            page.get_by_test_id(f"game-{game}").click()
            link = page.get_by_test_id("home-rules")
            out["links"][game] = link.get_attribute("href") if link.is_visible() else None
            out.setdefault("solo", {})[game] = page.locator("#solo-who").inner_text()
        ctx.close()
        return out

    out = in_browser(run)
    assert {"cutthroat", "auction"} <= set(out["games"]) and {"cutthroat", "auction"} <= set(out["room_games"])
    pages = set(howto_games())
    for game in ("table", "cutthroat", "auction"):
        want = None if game not in pages else "/how-to-play" if game == "table" else f"/how-to-play/{game}"
        assert out["links"][game] == want, (game, out["links"])
    assert "partner" in out["solo"]["table"] and "partner" not in out["solo"]["cutthroat"]


def room_of_three() -> dict[str, Any]:
    """A cutthroat room as Ann (South, its creator) sees it: Bob at East, West open, the game's sides."""
    return {"code": "ABCDEFGHJK", "phase": "lobby", "level": "easy", "game": GAME, "move_timer": None,
            "creator": "ann", "you": "ann", "match": None,
            "seats": {"E": {"id": "bob", "name": "Bob", "ready": True}, "S": {"id": "ann", "name": "Ann", "ready": False},
                      "W": None},
            "sides": {"E": ["E"], "S": ["S"], "W": ["W"]}}


def test_the_lobby_of_a_room_of_three(server: Server) -> None:
    def run(browser: Any) -> dict[str, Any]:
        axe = axe_runner()
        errors: list[str] = []
        results: dict[str, Any] = {}
        for theme in THEMES:
            for size_name, size in SIZES.items():
                ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, reduced_motion="reduce",
                                          color_scheme=theme)
                ctx.set_default_timeout(TIMEOUT_MS)
                page = ctx.new_page()
                page.on("pageerror", lambda e: errors.append(str(e)))
                page.add_init_script("localStorage.setItem('pinochle.seat', 's'.repeat(32));"
                                     "sessionStorage.setItem('pinochle.screen', 'seat')")

                def handler(ws: Any) -> None:
                    def on_message(text: str | bytes) -> None:
                        if json.loads(text)["type"] == "hello":
                            ws.send(json.dumps({"type": "welcome", "device": "d" * 22, "match": None, "heartbeat": 3600,
                                                "seat": {"token": "s" * 32, "room": "ABCDEFGHJK", "match": None}}))
                            ws.send(json.dumps({"type": "room", "room": room_of_three()}))
                    ws.on_message(on_message)

                page.route_web_socket("**/ws", handler)
                page.goto(server.url)
                page.wait_for_function("() => document.body.dataset.screen === 'lobby'")
                settle(page)
                shot = f"{size_name}-{theme}"
                page.screenshot(path=str(ARTIFACTS / f"three-lobby-{shot}.png"), full_page=True)
                results[shot] = {
                    "seats": page.eval_on_selector_all(".lobby-seats > .lseat:not([hidden])",
                                                       "els => els.map(e => [e.id, e.dataset.seat])"),
                    "relations": page.locator(".lobby-seats > .lseat:not([hidden]) .relation").all_inner_texts(),
                    "label": page.locator("#lobby-seats").get_attribute("aria-label"),
                    "status": page.get_by_test_id("lobby-status").inner_text(),
                    "arrange": page.eval_on_selector_all("[data-testid^=arrange-]", "els => els.map(e => e.dataset.testid)"),
                    "targets": page.evaluate(TARGETS), "overflow": page.evaluate(OVERFLOW), "scroll": page.evaluate(SCROLL),
                    "axe": [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]}"
                            for v in axe.run(page).response["violations"]],
                }
                ctx.close()
        results["errors"] = errors
        return results

    results = in_browser(run)
    assert results.pop("errors") == []
    for shot, out in results.items():
        assert sorted(out["seats"]) == [["lobby-bottom", "S"], ["lobby-left", "W"], ["lobby-right", "E"]], (shot, out["seats"])
        assert sorted(out["relations"]) == ["opponent", "opponent", "your seat"], out["relations"]
        assert out["label"] == "Seats at the table (each player alone)"
        assert "The open seat is played by computer guests" in out["status"], out["status"]
        assert sorted(out["arrange"]) == ["arrange-E", "arrange-S", "arrange-W"]
        for key in ("targets", "overflow", "axe"):
            assert out[key] == [], (shot, key, out[key])
        assert out["scroll"] <= 0


def test_quick_match_for_three_counts_three_seats(server: Server) -> None:
    def run(browser: Any) -> str:
        ctx = browser.new_context(viewport={"width": 360, "height": 800}, reduced_motion="reduce")
        ctx.set_default_timeout(TIMEOUT_MS)
        page = ctx.new_page()
        page.add_init_script("localStorage.setItem('pinochle.seat', 'q'.repeat(32));"
                             "sessionStorage.setItem('pinochle.screen', 'seat')")

        def handler(ws: Any) -> None:
            def on_message(text: str | bytes) -> None:
                if json.loads(text)["type"] == "hello":
                    ws.send(json.dumps({"type": "welcome", "device": "d" * 22, "match": None, "heartbeat": 3600,
                                        "seat": {"token": "q" * 32, "room": None, "match": None}}))
                    ws.send(json.dumps({"type": "searching", "token": "q" * 32, "game": GAME, "players": 2, "seats": 3,
                                        "seconds_left": 12}))
            ws.on_message(on_message)

        page.route_web_socket("**/ws", handler)
        page.goto(server.url)
        page.wait_for_function("() => document.body.dataset.screen === 'searching'")
        text = str(page.get_by_test_id("search-players").inner_text())
        ctx.close()
        return text

    assert in_browser(run) == "Players found: 2 of 3"


def test_quick_match_for_auction_at_five_asks_for_five_and_says_so(server: Server) -> None:
    """Home's Players picker reaches Quick Match: auction at 5 sends ``players: 5``, and the search shows the
    game and its size (Quick Match seated every auction table at 3)."""
    def run(browser: Any) -> dict[str, Any]:
        ctx = browser.new_context(viewport={"width": 360, "height": 800}, reduced_motion="reduce")
        ctx.set_default_timeout(TIMEOUT_MS)
        page = ctx.new_page()
        page.add_init_script("localStorage.setItem('pinochle.name', 'Ann')")
        sent: list[dict[str, Any]] = []

        def handler(ws: Any) -> None:
            def on_message(text: str | bytes) -> None:
                msg = json.loads(text)
                sent.append(msg)
                if msg["type"] == "hello":
                    ws.send(json.dumps({"type": "welcome", "device": "d" * 22, "match": None, "heartbeat": 3600,
                                        "seat": None}))
                elif msg["type"] == "quick_match":
                    ws.send(json.dumps({"type": "searching", "token": "q" * 32, "game": "auction", "players": 1,
                                        "seats": msg.get("players", 3), "seconds_left": 12}))
            ws.on_message(on_message)

        page.route_web_socket("**/ws", handler)
        page.goto(server.url)
        page.wait_for_function("() => document.querySelectorAll('#game-tiles .game-tile').length > 1")
        page.get_by_test_id("game-auction").click()
        page.get_by_test_id("players-select").select_option("5")
        page.get_by_test_id("quick-match").click()
        page.wait_for_function("() => document.body.dataset.screen === 'searching'")
        out = {"asked": [m for m in sent if m["type"] == "quick_match"],
               "game": page.get_by_test_id("search-game").inner_text(),
               "found": page.get_by_test_id("search-players").inner_text()}
        ctx.close()
        return out

    out = in_browser(run)
    assert out["asked"] == [{"type": "quick_match", "name": "Ann", "game": "auction", "players": 5}], out["asked"]
    assert out["game"] == "Auction · 5 players" and out["found"] == "Players found: 1 of 5", out


def test_the_result_of_a_match_of_three(server: Server) -> None:
    """A whole cutthroat match played by Easy at every seat: the result names the winner and every
    player's total, highest first, and the last deal's settlement."""
    sock = EngineSocket(5)
    bots = {s: for_level("easy", f"5/{s}") for s in (Seat.E, Seat.S, Seat.W)}
    while sock.state.phase != "match_end":
        a = auto_action(sock.state)
        if a is None:
            seat = turn(sock.state)
            assert seat is not None
            a = Action.deal_(seat) if sock.state.phase == "hand_end" else bots[seat].act(view(sock.state, seat))
        sock.state = apply(sock.state, a)
    v = sock.message()["view"]

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for size_name, size in SIZES.items():
            ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, reduced_motion="reduce",
                                      color_scheme="dark")
            ctx.set_default_timeout(TIMEOUT_MS)
            page = ctx.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.add_init_script("sessionStorage.setItem('pinochle.screen', 'table')")
            page.route_web_socket("**/ws", sock.handler)
            page.goto(server.url)
            page.get_by_test_id("result").wait_for()
            settle(page)
            page.screenshot(path=str(ARTIFACTS / f"three-result-{size_name}-dark.png"), full_page=True)
            out[size_name] = {
                "title": page.get_by_test_id("result-title").inner_text(),
                "score": page.get_by_test_id("result-score").inner_text(),
                "settlement": page.locator("#result-last [data-testid=settlement-line]").all_inner_texts(),
                "last": page.locator("#result-last h2").inner_text(),
                "targets": page.evaluate(TARGETS), "overflow": page.evaluate(OVERFLOW),
                "axe": [f"{x['id']} ({x['impact']})" for x in axe_runner().run(page).response["violations"]],
            }
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    names = {"S": "You", "E": "East", "W": "West"}
    winner = v["winner"]
    ranked = sorted(v["totals"], key=lambda s: -v["totals"][s])
    for size_name, got in out.items():
        assert got["title"] == ("You win!" if winner == "S" else f"{names[winner]} wins"), got["title"]
        words = got["score"].replace("\u2212", "-").split()
        assert [w for w in words if w in ("You", "East", "West")] == [names[s] for s in ranked], got["score"]
        assert len(got["settlement"]) == 2, got["settlement"]
        assert got["last"] == f"Last deal ({len(v['history'])})", got["last"]
        for key in ("targets", "overflow", "axe"):
            assert got[key] == [], (size_name, key, got[key])


def test_a_solo_cutthroat_match_from_home_on_the_real_server(server: Server) -> None:
    """Home, cutthroat, Easy: the server seats three (computers at East and West) and the page plays
    South's moves from its controls until a card is played or the deal ends."""

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx = browser.new_context(viewport={"width": 360, "height": 800}, reduced_motion="reduce")
        ctx.set_default_timeout(TIMEOUT_MS)
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url)
        page.wait_for_function("() => document.querySelectorAll('#game-tiles .game-tile').length > 2")
        page.get_by_test_id(f"game-{GAME}").click()
        page.get_by_test_id("level-easy").click()
        page.wait_for_function("() => document.body.dataset.screen === 'table' && document.querySelectorAll('#hand button.card').length >= 15")
        out: dict[str, Any] = {"cards": page.locator("#hand button.card").count(), "moves": []}
        for _ in range(40):
            page.wait_for_function("() => { const b = document.body.dataset; return b.busy !== '1' && b.connected === '1'"
                                   " && ((b.legal || '') !== '' || b.phase === 'hand_end'); }", timeout=60_000)
            settle(page)
            out.setdefault("places", page.eval_on_selector_all(
                "#felt > .seat", "els => Object.fromEntries(els.map(e => [e.dataset.seat, e.id.slice(4)]))"))
            legal = body(page, "legal").split(",")
            if body(page, "phase") == "hand_end" or "play" in legal:
                break
            if page.get_by_test_id("meld-dialog").is_visible():
                page.get_by_test_id("meld-close").click()
            version = body(page, "version")
            if "bid" in legal:
                page.get_by_test_id("bid-button").click()
            elif "trump" in legal:
                page.locator("[data-testid^=trump-]").first.click()
            elif "bury" in legal:
                offered = page.locator("#hand button.card[data-legal=true]")
                for i in range(offered.count()):
                    if page.get_by_test_id("choose-count").inner_text().startswith("3 of"):
                        break
                    offered.nth(i).click()
                out["buried"] = page.get_by_test_id("choose-count").inner_text()
                page.get_by_test_id("choose-confirm").click()
            elif "pass" in legal:
                page.get_by_test_id("pass-button").click()
            out["moves"].append(legal)
            page.wait_for_function("v => document.body.dataset.version !== v", arg=version, timeout=60_000)
        out["hand_no"] = page.locator("#hand-no").inner_text()
        out["phase"] = body(page, "phase")
        out["legal"] = body(page, "legal")
        ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out["errors"] == []
    assert out["cards"] in (15, 18)  # the deal, or the declarer's hand with the widow
    assert out["places"] == {"S": "bottom", "W": "left", "E": "right"}, out["places"]
    assert out["hand_no"].startswith("Deal ") and out["hand_no"].endswith(" of 9"), out["hand_no"]
    assert out["phase"] == "hand_end" or "play" in out["legal"].split(","), out
    assert out.get("buried", "3 of 3 chosen") == "3 of 3 chosen"
