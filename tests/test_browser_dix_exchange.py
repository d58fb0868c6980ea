"""The browser at a turned-trump table played with the house rule ``dix_exchange`` (docs/games/turned-trump.md,
"The dix exchange"): the person at S holds the nine of trump and is asked first.

The page talks to a socket driven by the real engine (``EngineDriven``, as tests/test_browser_two_handed.py
does): every move the page sends is applied with ``pinochle.game.apply`` and answered with ``view(state, S)``;
the other seats play as Easy, and the moves without a choice are made as the server makes them
(``auto_action``). Seed 0: North (the partner) deals and turns the A♣; South holds a 9♣.

Checked: the choice offered (exchange or keep, named with the cards), the status line and the centre; the
exchange made through the page's button: the A♣ in the hand and the 9♣ gone, the turned card's pile naming
who took it, the announcement, the dix in South's meld; no page error, no move the engine refused, no axe
violation.
"""

from __future__ import annotations

from typing import Any

from pinochle.bots import for_level
from pinochle.cards import Seat
from pinochle.game import State, apply, auto_action, new_match, turn, view
from pinochle.games import TURNED_TRUMP, with_switches

from .engine_socket import EngineDriven, solo_message
from .test_browser import ARTIFACTS, TIMEOUT_MS, Server, body
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_a11y import axe_runner
from .test_browser_layout import in_browser, server, settle  # noqa: F401  (server: the module's live server)

GAME = "turned-trump"
ON = with_switches(TURNED_TRUMP.rules, {"dix_exchange": "true"})

MOVE_READY = """() => { const b = document.body.dataset;
  return b.screen === 'table' && b.busy !== '1' && b.connected === '1' && ((b.legal || '') !== '' || b.phase === 'hand_end'); }"""


def plain(x: Any) -> Any:
    """``x`` with the text-presentation selector the page adds after a suit sign (U+FE0E) left out."""
    if isinstance(x, str):
        return x.replace("\ufe0e", "")
    if isinstance(x, list):
        return [plain(v) for v in x]
    if isinstance(x, dict):
        return {k: plain(v) for k, v in x.items()}
    return x


class TurnedSocket(EngineDriven):
    """S is the page; N, E and W play as Easy; the moves without a choice are made at once."""

    def __init__(self, seed: int) -> None:
        self.bots = {s: for_level("easy", f"{seed}/{s}") for s in (Seat.N, Seat.E, Seat.W)}
        super().__init__(new_match(seed=seed, game=GAME, rules=ON))

    def advance(self) -> None:
        while self.state.phase not in ("hand_end", "match_end"):
            a = auto_action(self.state)
            if a is None:
                who = turn(self.state)
                if who == Seat.S or who is None:
                    return
                a = self.bots[who].act(view(self.state, who))
            self.state = apply(self.state, a)

    def message(self) -> dict[str, Any]:
        return solo_message(self.state, "tt", GAME)


def test_the_person_exchanges_the_dix_through_the_page(server: Server) -> None:
    def run(browser: Any) -> dict[str, Any]:
        axe = axe_runner()
        errors: list[str] = []
        sock = TurnedSocket(0)
        first: State = sock.state
        ctx = browser.new_context(viewport={"width": 360, "height": 740}, reduced_motion="reduce", color_scheme="dark")
        ctx.set_default_timeout(TIMEOUT_MS)
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.add_init_script("sessionStorage.setItem('pinochle.screen', 'table')")
        page.route_web_socket("**/ws", sock.handler)
        page.goto(server.url)
        page.wait_for_function(MOVE_READY)
        settle(page)
        out: dict[str, Any] = {
            "phase": first.phase, "turn": str(turn(first)), "turned": str(first.turned), "dealer": str(first.dealer),
            "buttons": page.locator("#controls button").all_inner_texts(),
            "exchange_label": page.get_by_test_id("dix-exchange").get_attribute("aria-label"),
            "keep_label": page.get_by_test_id("dix-keep").get_attribute("aria-label"),
            "status": page.get_by_test_id("status").inner_text() if page.get_by_test_id("status").count()
            else page.locator("#status").inner_text(),
            "centre": page.locator("#centre").inner_text(),
            "pile": page.get_by_test_id("turned").get_attribute("aria-label"),
            "axe_before": [v["id"] for v in axe.run(page).response["violations"]],
        }
        page.screenshot(path=str(ARTIFACTS / "turned-trump-dix-offer.png"))
        version = body(page, "version")
        page.get_by_test_id("dix-exchange").click()
        page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
        page.wait_for_function(MOVE_READY)
        settle(page)
        # the meld details (the Meld button; the meld lay on the felt until the first card): read, then closed
        dialog = page.get_by_test_id("meld-dialog")
        page.get_by_test_id("meld-button").click()
        dialog.wait_for()
        out["meld_dialog"] = dialog.inner_text()
        page.get_by_test_id("meld-close").click()
        dialog.wait_for(state="hidden")
        out.update({
            "hand": page.eval_on_selector_all("#hand button.card", "els => els.map(e => e.dataset.card)"),
            "pile_after": page.get_by_test_id("turned").get_attribute("aria-label"),
            "caption": page.get_by_test_id("turned-caption").inner_text(),
            "to": page.get_by_test_id("turned-to").inner_text(),
            "announced": page.locator("#announcer").inner_text(),
            "exchanger": str(view(sock.state, Seat.S).dix_exchange),
            "axe_after": [v["id"] for v in axe.run(page).response["violations"]],
        })
        page.screenshot(path=str(ARTIFACTS / "turned-trump-dix-taken.png"))
        ctx.close()
        out["errors"] = errors + sock.errors
        return out

    ARTIFACTS.mkdir(exist_ok=True)
    out = plain(in_browser(run))
    assert out["errors"] == [], out["errors"]
    assert out["exchanger"] == "S", out
    assert (out["phase"], out["turn"], out["turned"], out["dealer"]) == ("dix_exchange", "S", "AC", "N"), out
    assert out["buttons"] == ["Exchange 9♣ ⇄ A♣", "Keep it"], out["buttons"]
    assert out["exchange_label"] == "Exchange your Nine of clubs, the dix, for the turned Ace of clubs", out
    assert out["keep_label"] == "Keep your Nine of clubs", out
    assert out["status"].startswith("Your turn: exchange your 9♣ (the dix) for the turned A♣, or keep it"), out
    assert "The dix exchange" in out["centre"], out["centre"]
    assert out["pile"] == "Turned for trump: Ace of clubs", out["pile"]
    assert "AC" in out["hand"] and "9C" not in out["hand"] and len(out["hand"]) == 12, out["hand"]
    assert out["to"] == "→ You" and out["caption"].startswith("Turned"), out
    assert out["pile_after"] == "Turned for trump: Ace of clubs; you exchanged the dix for it", out
    assert "You exchange the dix, the nine of clubs, for the ace of clubs, the turned card." in out["announced"], out

    assert "9♣" in out["meld_dialog"] or "Dix" in out["meld_dialog"], out["meld_dialog"]
    assert out["axe_before"] == [] and out["axe_after"] == [], out
