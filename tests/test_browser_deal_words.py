"""A match counted in deals says "deal" wherever a player reads it, and its stakes are chips (issue 30).

Cutthroat and auction are a number of deals ("Deal 3 of 9": the game's ``deals``, the view's ``deals`` and
``deal_number``), so the hand's summary says "This deal", its decision review "Your decisions in deal 3" ("You had
no decisions to make in this deal."), and the result's button "Review your decisions in the last deal"; the table
game keeps "hand". Under the summary the table's button says "Deal summary" and its status line "Dealing the next
deal…". Their stakes are paid in chips (VARIANTS.md cutthroat, auction; seed 001 "one chip or point
for a bid of 30"), never called points beside the meld and counter points: the summary's score row is "Chips won
or paid". The Statistics page's "Deals played" and "Chips per deal" are tests/test_browser_stats.py's.
"""

from __future__ import annotations

import json
from typing import Any

from .browser_kit import Look, at_each, on_fixture
from .browser_support import in_browser, module_server, serious_axe, shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import hand_end
from .test_browser_match_end import match_end_view, open_end
from .web_fixtures import Scripted

server = module_server("deal-words")


class Reviewed(Scripted):
    """A socket that answers a decision review with no decisions (the review's words, not its figures, are tested)."""

    def answer(self, msg: dict[str, Any]) -> None:
        if msg["type"] == "review":
            self.ws.send(json.dumps({"type": "review", "match": msg.get("match"), "hand": msg["hand"], "decisions": []}))


WORDS = """() => {
  const box = document.querySelector('[data-testid=score-box]');
  return {title: document.getElementById('summary-title').textContent,
          box: box.getAttribute('aria-label'),
          labels: [...box.querySelectorAll('[data-testid=score-box-hand] .sb-label')].map(e => e.textContent.trim()),
          score: document.querySelector('#summary-body tr.score-row th').textContent,
          status: document.getElementById('status').textContent,
          again: document.querySelector('[data-testid=show-summary]')?.textContent ?? null,
          text: document.getElementById('summary-body').innerText};
}"""


def read(page: Any, _: Any) -> dict[str, Any]:
    page.wait_for_function("() => document.getElementById('summary-dialog').open")
    page.wait_for_timeout(300)
    out = page.evaluate(WORDS)
    out["axe"] = serious_axe(page)
    # the score sheet, one row per deal (its region's name)
    page.get_by_test_id("summary-scores").click()
    page.get_by_test_id("scores-table").wait_for()
    out["sheet"] = page.evaluate("() => document.querySelector('[data-testid=scores-table]').closest('[role=region]').getAttribute('aria-label')")
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.getElementById('scores-dialog').open")
    if not page.evaluate("() => document.getElementById('summary-dialog').open"):
        page.get_by_test_id("show-summary").click()
    page.wait_for_function("() => document.getElementById('summary-dialog').open")
    page.get_by_test_id("summary-review").click()
    page.wait_for_function("() => document.getElementById('review-dialog').open"
                           " && document.getElementById('review-body').textContent.includes('no decisions')")
    out["review"] = page.get_by_test_id("review-dialog").locator("#decision-title").inner_text()
    out["review_body"] = page.locator("#review-body").inner_text()
    return out


def test_the_summary_and_the_review_of_a_deal(server: Any) -> None:
    cut = hand_end("cutthroat", hands=3)
    table = hand_end("table")
    n = cut["deal_number"]
    assert cut["deals"] == 9 and isinstance(n, int) and not table.get("deals")
    looks = [Look("dark", (360, 740)), Look("light", (1440, 900))]
    got = at_each([(f"cutthroat-{look.key}", look) for look in looks], on_fixture(server.url, cut, scripted=Reviewed),
                  read, lambda key: f"deal-words-{key}")
    got |= at_each([("table-dark-360", Look("dark", (360, 740)))], on_fixture(server.url, table, scripted=Reviewed), read)
    for key in ("cutthroat-dark-360", "cutthroat-light-1440"):
        g = got[key]
        assert g["title"] == f"Deal {n} over", g
        assert g["box"] == "This deal and the match" and set(g["labels"]) == {"This deal"}, g
        assert g["score"] == "Chips won or paid" and "This hand" not in g["text"] and "points" not in g["text"].lower(), g
        assert g["review"] == f"Your decisions in deal {n}", g
        # under the summary, the table: the button that opens it again and the status line say "deal" too
        assert g["sheet"] == "Score sheet, one row per deal", g
        assert g["again"] == "Deal summary" and "deal" in g["status"] and "hand" not in g["status"], g
        assert g["review_body"] == "You had no decisions to make in this deal.", g
        assert g["axe"] == [], g
    t = got["table-dark-360"]
    assert t["sheet"] == "Score sheet, one row per hand", t
    assert t["box"] == "This hand and the match" and t["score"] == "Hand score" and t["again"] == "Hand summary", t
    assert t["review"] == "Your decisions in hand 1" and t["review_body"] == "You had no decisions to make in this hand.", t


def test_the_result_of_a_match_of_deals_offers_the_review_of_the_last_deal(server: Any) -> None:
    views = {"cutthroat": match_end_view("cutthroat", 1), "table": match_end_view("table", 1)}

    def run(browser: Any) -> dict[str, str]:
        out = {}
        for game, v in views.items():
            errors: list[str] = []
            ctx, page = open_end(browser, server.url, v, "light", (1440, 900), errors)
            page.get_by_test_id("result-review").wait_for()
            page.wait_for_timeout(300)
            out[game] = page.get_by_test_id("result-review").inner_text()
            shot(page, f"deal-words-result-{game}-light-1440")
            ctx.close()
            assert errors == [], errors
        return out

    got = in_browser(run)
    assert got == {"cutthroat": "Review your decisions in the last deal",
                   "table": "Review your decisions in the last hand"}, got
