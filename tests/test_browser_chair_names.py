"""At an auction table of 5 every player is called by the name the table gives it, everywhere, in every hand.

The page talks to a socket driven by the real engine (tests/test_browser_chairs.py ``ChairSocket``) whose
table facts name the chairs as a room does: people by their names, a computer guest as "Cy (computer,
Normal)". Every chair, the page's too, plays as Easy up to the end of the second hand (the players change
places from hand to hand). The page is read at the end of hand 2 and on hand 1's summary opened from the
score sheet: the seats, the bench, the summary's columns, contract line, verdict, settlement and payment
rows use those names (a computer guest without its "(computer, ...)"), never "Player 2" .. "Player 5", and
hand 1's summary names hand 1's declarer, not whoever sits at that place in hand 2. At 390x844 (light) and
1440x900 (dark); screenshots in /tmp/chair-names-shots when PINOCHLE_SHOTS is set.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from pinochle.game import apply, auto_action, turn, view
from pinochle.chairs import view_for_chair

from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_chairs import ME, PLAYERS, ChairSocket, open_table
from .test_browser_layout import in_browser, server, settle  # noqa: F401  (server: the module's live server)

SHOTS = Path("/tmp/chair-names-shots") if os.environ.get("PINOCHLE_SHOTS") else None
NAMES = {1: "Ann", 2: "Bob", 3: "Cy (computer, Normal)", 4: "Dee"}
SHORT = {0: "You", 1: "Ann", 2: "Bob", 3: "Cy", 4: "Dee"}
HAND_END = """() => document.body.dataset.screen === 'table' && document.body.dataset.phase === 'hand_end'"""


class NamedChairs(ChairSocket):
    """A table of 5 whose chairs have names; every chair plays as Easy to the end of ``hands`` hands."""

    hands = 2

    def advance(self) -> None:
        from pinochle.game import Action

        while len(self.state.history) < self.hands:
            a = auto_action(self.state)
            if a is None:
                seat = turn(self.state)
                assert seat is not None
                a = (Action.deal_(seat) if self.state.phase == "hand_end"
                     else self.bots[self.state.lineup[seat]].act(view(self.state, seat)))
            self.state = apply(self.state, a)

    def message(self) -> dict[str, Any]:
        msg = super().message()
        for c, name in NAMES.items():
            msg["table"]["seats"][str(c)]["name"] = name
            msg["table"]["seats"][str(c)]["computer"] = "computer" in name
        return msg


def test_the_chairs_names_everywhere(server: Any) -> None:  # noqa: F811
    sock = NamedChairs(first_dealer=1)
    s = sock.state
    hist = view_for_chair(s, ME).to_json()["history"]
    first, second = hist[0], hist[1]
    # the players change places: hand 1's declarer's place holds another player in hand 2
    assert first["lineup"] != second["lineup"]

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for size, theme in (((390, 844), "light"), ((1440, 900), "dark")):
            key = f"{theme}-{size[0]}"
            ctx, page = open_table(browser, server.url, sock, theme, size, errors, HAND_END)
            summary = page.get_by_test_id("hand-summary")
            summary.wait_for(state="visible")
            settle(page)
            got: dict[str, Any] = {"summary": page.locator("#summary-body").inner_text(),
                                   "contract2": page.locator("#summary-body .contract-line").inner_text()}
            if SHOTS is not None:
                SHOTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(SHOTS / f"summary2-{key}.png"))
            page.get_by_test_id("summary-close").click()
            summary.wait_for(state="hidden")
            got["table"] = page.locator("#screen-table").inner_text()
            got["labels"] = page.evaluate("() => [...document.querySelectorAll('#screen-table [aria-label]')].map((e) => e.getAttribute('aria-label')).join(' | ')")
            if SHOTS is not None:
                page.screenshot(path=str(SHOTS / f"table2-{key}.png"))
            page.get_by_test_id("scores-button").click()
            page.get_by_test_id("score-sheet").wait_for(state="visible")
            settle(page)
            got["scores"] = page.locator("#scores-body").inner_text()
            # a phone's score sheet heads its columns with initials: the names are their titles
            got["scores_titles"] = " ".join(t or "" for t in page.eval_on_selector_all("#scores-body thead th", "els => els.map((e) => e.title)"))
            page.locator("#scores-body [data-testid=hand-open]").first.click()
            summary.wait_for(state="visible")
            settle(page)
            got["summary1"] = page.locator("#summary-body").inner_text()
            got["contract1"] = page.locator("#summary-body .contract-line").inner_text()
            if SHOTS is not None:
                page.screenshot(path=str(SHOTS / f"summary1-{key}.png"))
            ctx.close()
            out[key] = got
        out["errors"] = errors + sock.errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for key, got in out.items():
        for part, text in got.items():
            assert "Player " not in text and "(computer" not in text, (key, part, text[:400])
        # the contract lines: each hand's declarer by its name in that hand
        for hand, line in ((first, got["contract1"]), (second, got["contract2"])):
            chair = hand["lineup"][hand["declarer"]]
            assert line.split(" ")[0] == SHORT[chair] and str(hand["bid"]) in line, (key, line, chair)
        for name in ("Ann", "Bob", "Cy", "Dee"):
            assert name in got["summary"] and name in got["scores_titles"], (key, name)
