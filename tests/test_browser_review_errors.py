"""The decision review's dialog and the errors around it (views/review.js, messages.js), on a scripted
socket: a refused review closes the dialog and says why, without a script error; an error that comes once
the review is answered (another message's refusal) leaves the answered review open."""

from __future__ import annotations

from typing import Any

from .browser_support import Server, in_browser, module_server, open_page, scripted_table
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_review import DECISIONS, Reviewing, hand_end_view

server = module_server("review-errors")
REFUSAL = {"type": "error", "code": "illegal", "message": "hand 1 was thrown in: nothing to review"}
LATER = {"type": "error", "code": "stale", "message": "the table has moved on (version 9, your move was for 8)"}


def answering(v: dict[str, Any], answers: list[dict[str, Any]]) -> Reviewing:
    """The review's scripted socket, answering ``review`` with ``answers`` in order."""
    script = Reviewing(v)
    script.answers = answers
    return script


def test_a_refused_review_closes_its_dialog_and_an_answered_one_stays_open(server: Server) -> None:
    v = hand_end_view()
    answered = {"type": "review", "match": "fx", "hand": v["last_hand"]["number"], "decisions": DECISIONS}

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for name, answers in (("refused", [REFUSAL]), ("answered", [answered, LATER])):
            page = open_page(browser, (390, 844), errors)
            scripted_table(page, answering(v, answers).handler)
            page.goto(server.url)
            page.get_by_test_id("hand-summary").wait_for()
            page.get_by_test_id("summary-review").click()
            if name == "answered":
                page.get_by_test_id("review-list").wait_for()
            page.wait_for_timeout(500)
            out[name] = page.evaluate("""() => ({
              open: document.getElementById('review-dialog').open,
              items: document.querySelectorAll('[data-testid=review-item]').length,
              toast: document.body.innerText.includes('nothing to review'),
            })""")
            page.context.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out["errors"] == []  # the refusal's handling raised "$ is not defined" before
    assert out["refused"]["open"] is False and out["refused"]["toast"] is True
    # the two that cost points and the one not measured (named, never folded); the one that matched folded
    assert out["answered"] == {"open": True, "items": 3, "toast": False}
