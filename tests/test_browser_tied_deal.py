"""Cutthroat's last scheduled deal ending with the leaders tied: the deal's summary says why another deal
follows, from the view's ``tied`` (docs/protocol.md; the browser holds no rules), before "Next deal"; on a
scripted socket with the view of a real match (tests/test_tied_leaders.py)."""

from __future__ import annotations

from typing import Any

from pinochle.cards import Seat
from pinochle.game import view

from .browser_support import ARTIFACTS, Server, in_browser, module_server, open_page, scripted_table
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_tied_leaders import tied_after_nine
from .web_fixtures import Scripted

server = module_server("tied-deal")


def test_the_summary_says_why_another_deal_follows(server: Server) -> None:
    _, s, _, before = tied_after_nine()
    v = view(s, Seat.S).to_json()
    last_card = view(before, Seat.S).to_json()
    tied = v["tied"]
    names = {"E": "East", "S": "you", "W": "West"}
    others = [names[x] for x in tied["leaders"] if x != "S"]
    said = [*others, "you"] if "S" in tied["leaders"] else others
    total = f"−{-tied['total']}" if tied["total"] < 0 else str(tied["total"])
    expected = f"{' and '.join(said)} are tied at {total}: one more deal decides."
    expected = expected[0].upper() + expected[1:]

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        page = open_page(browser, (1440, 900), errors, theme="light")
        script = Scripted(last_card)  # the deal's last card to come, then its end: said to a screen reader too
        scripted_table(page, script.handler)
        page.goto(server.url)
        page.wait_for_function(f"() => document.body.dataset.version === '{last_card['version']}'")
        script.view = v
        script.send("move")  # the last card played: the deal's end, as a move
        page.get_by_test_id("hand-summary").wait_for()
        page.wait_for_function("() => document.getElementById('announcer').textContent.includes('one more deal')")
        out = {"title": page.locator("#summary-title").text_content(),
               "tied": page.get_by_test_id("summary-tied").text_content(),
               "next": page.get_by_test_id("next-hand").text_content(),
               "said": page.locator("#announcer").text_content()}
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "tied-deal-1440x900-light.png"))
        page.context.close()
        return {"errors": errors, **out}

    out = in_browser(run)
    assert out["errors"] == []
    assert out["title"] == "Deal 9 over" and out["next"] == "Next deal"
    assert out["tied"] == expected
    assert expected in out["said"]
