"""The replay viewer (docs/protocol.md, "Hand history"), in the real page with a scripted socket.

A whole match is played in the engine by Easy computer players; the page shows its end and the socket
answers ``history`` with the server's own message for that match (pinochle/server/history.py). The viewer
opens from the match's end and from the score sheet, steps trick by trick with the buttons and the arrow
keys, shows every seat's cards, the auction and the meld, and its download is a record that
``pinochle replay`` reads to the match's totals. At 360x740, 390x844 and 1440x900, light and dark, nothing
in it overflows its box (tests/browser_checks.py). Screenshots go to /tmp/replay-shots.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

from pinochle.cards import Seat
from pinochle.game import State, new_match, view
from pinochle.records import replay
from pinochle.server.history import history_message
from pinochle.server.table import Table

from .browser_checks import OVERFLOW
from .browser_support import in_browser, open_page, scripted_table, serious_axe
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import server, settle  # noqa: F401  (server: the fixture)
from .test_browser_match_end import easy_to_the_end
from .web_fixtures import Scripted

SIZES = {"360x740": (360, 740), "390x844": (390, 844), "1440x900": (1440, 900)}
SHOTS = Path("/tmp/replay-shots")


def whole_match(seed: int) -> State:
    """A whole table match played by Easy computer players."""
    return easy_to_the_end(new_match(seed=seed))[0]


class WithHistory(Scripted):
    """A scripted socket that answers ``history`` as the server does for the match ``state``."""

    def __init__(self, state: State) -> None:
        super().__init__(view(state, Seat.S).to_json())
        self.history = history_message(cast(Table, SimpleNamespace(id="fx", state=state)))

    def handler(self, ws: Any) -> None:
        self.ws = ws
        ws.on_message(lambda text: self.answer(ws, text))  # the route keeps one handler: it answers every kind

    def answer(self, ws: Any, text: str | bytes) -> None:
        msg = json.loads(text)
        if msg["type"] == "history":
            self.received.append(msg)
            ws.send(json.dumps(self.history))
            return
        self.received.append(msg)
        if msg["type"] == "hello":
            ws.send(json.dumps({"type": "welcome", "device": "d" * 22, "match": self.match_summary(), "seat": None}))
        elif msg["type"] == "resume":
            self.send()

    def match_summary(self) -> dict[str, Any]:
        from .web_fixtures import summary

        return summary(self.view)


def viewer(url: str, state: State, size: tuple[int, int], theme: str, name: str) -> dict[str, Any]:
    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        page = open_page(browser, size, errors, theme=theme)
        script = WithHistory(state)
        scripted_table(page, script.handler)
        page.goto(url)
        page.get_by_test_id("result").wait_for()
        out: dict[str, Any] = {}
        # from the match's end
        page.get_by_test_id("result-replay").click()
        dialog = page.get_by_test_id("replay-dialog")
        dialog.wait_for()
        where = page.get_by_test_id("replay-where")
        out["start"] = where.inner_text()
        # at the deal "‹ Trick" is disabled: it wears the theme's disabled grey (the twelfth review: in the dark theme
        # a dialog's disabled buttons were cream, brighter than the enabled "Trick ›")
        out["off"] = page.evaluate("""() => { const b = document.getElementById('replay-prev'), cs = getComputedStyle(b);
          return {disabled: b.disabled, bg: cs.backgroundColor, dashed: cs.borderTopStyle,
                  want: getComputedStyle(document.documentElement).getPropertyValue('--btn-off').trim()}; }""")
        out["auction"] = page.locator(".replay-auction li").count()
        out["seats"] = page.locator(".replay-seat").count()
        out["cards_at_deal"] = page.locator(".replay-seat .card").count()
        page.get_by_test_id("replay-body").focus()
        page.keyboard.press("ArrowRight")
        out["after_right"] = where.inner_text()
        out["cards_at_trick_1"] = page.locator(".replay-seat .card").count()
        out["played_marked"] = page.locator(".replay-played").count()
        settle(page)
        out["overflow"] = page.evaluate(OVERFLOW)
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"))
        out["axe"] = serious_axe(page)
        page.get_by_test_id("replay-next").click()
        out["after_next"] = where.inner_text()
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowLeft")
        out["back_to_deal"] = where.inner_text()
        page.keyboard.press("End")
        out["end"] = where.inner_text()
        out["cards_at_end"] = page.locator(".replay-seat .card").count()
        page.get_by_test_id("replay-prev-hand").click()
        out["prev_hand"] = page.get_by_test_id("replay-hand").inner_text()
        with page.expect_download() as got:
            page.get_by_test_id("replay-download").click()
        out["download"] = got.value.suggested_filename
        out["record"] = Path(got.value.path()).read_text(encoding="utf-8")
        page.get_by_test_id("replay-close").click()
        dialog.wait_for(state="hidden")
        # from the score sheet
        page.get_by_test_id("result-scores").click()
        page.get_by_test_id("scores-replay").click()
        dialog.wait_for()
        out["from_scores"] = page.get_by_test_id("replay-hand").inner_text()
        sent = [m["type"] for m in script.received]
        out["asked"] = sent.count("history")
        page.context.close()
        out["errors"] = errors
        return out

    return in_browser(run)


def test_the_replay_viewer_steps_a_finished_hand_and_downloads_its_record(server: Any) -> None:  # noqa: F811
    state = whole_match(5)
    hands = len(state.history) + len(state.thrown)
    for size_name, size in SIZES.items():
        for theme in ("light", "dark"):
            out = viewer(server.url, state, size, theme, f"{size_name}-{theme}")
            where = f"{size_name} {theme}"
            assert out["errors"] == [], where
            assert out["start"] == "The deal, the auction and the meld", where
            off = out["off"]
            want = tuple(int(off["want"][i:i + 2], 16) for i in (1, 3, 5))
            assert off["disabled"] and off["dashed"] == "dashed" and off["bg"] == "rgb({}, {}, {})".format(*want), (where, off)
            assert out["auction"] > 0 and out["seats"] == 4 and out["cards_at_deal"] == 48, (where, out)
            assert out["after_right"] == "Trick 1 of 12" and out["cards_at_trick_1"] == 48, (where, out)
            assert out["played_marked"] == 4, where
            assert out["after_next"] == "Trick 2 of 12" and out["back_to_deal"].startswith("The deal"), where
            assert out["end"] == "Trick 12 of 12" and out["cards_at_end"] == 4, (where, out)
            assert out["prev_hand"].endswith(f"of {hands}"), (where, out["prev_hand"])
            assert out["from_scores"] == f"Hand {state.history[-1].number} of {hands}" or out["from_scores"].endswith(f"of {hands}")
            assert out["overflow"] == [], (where, out["overflow"])
            assert out["axe"] == [], (where, out["axe"])
            assert out["asked"] == 2 and out["download"] == "pinochle-fx.json", where
    record = json.loads(out["record"])
    assert "replays" not in record and "type" not in record
    assert list(replay(record)["totals"].values()) == list(state.totals)
