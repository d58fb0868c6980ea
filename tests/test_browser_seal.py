"""The sealed shuffle in the browser (docs/records.md, "A verifiable shuffle"; views/dialogs.js sealLine).

During a match the score sheet shows the commitment (shortened, whole in its title) and says that the
seed comes at the end; at the match's end the result shows the commitment, the seed and the salt, with a
link to how anyone checks them ("Verify the shuffle"), opened in a new tab (which a screen reader is told) (reading it never leaves the table). It wraps
inside a 320 px phone rather than widening it.
"""

from __future__ import annotations

from typing import Any

from pinochle.verify import commitment

from .browser_support import in_browser, open_page, scripted_table
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import server, settle  # noqa: F401  (server: the fixture)
from .test_browser_match_end import match_end_view
from .web_fixtures import Scripted, fixtures

SEED = 9_007_199_254_740_993  # above 2**53: a JavaScript number would show it wrong
SALT = "0123456789abcdef0123456789abcdef"
SEALED = commitment(SEED, SALT)


def test_the_score_sheet_shows_the_commitment_and_the_result_shows_seed_and_salt(server: Any) -> None:
    playing = fixtures()["hand-12"]
    ended = match_end_view("table", 1)

    def run(browser: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, v, sealed in (("playing", playing, {"commitment": SEALED}),
                                ("ended", ended, {"commitment": SEALED, "seed": str(SEED), "salt": SALT})):
            page = open_page(browser, (320, 568))
            scripted_table(page, Scripted(v, None, sealed).handler)
            page.goto(server.url)
            if name == "playing":
                page.get_by_test_id("table").wait_for()
                settle(page)
                page.get_by_test_id("scores-button").click()
            else:
                page.wait_for_function("() => document.body.dataset.screen === 'result'")
                settle(page)
            seal = page.get_by_test_id("seal").last
            seal.scroll_into_view_if_needed()
            link = seal.locator("a")
            # the words, whatever the lines (the screen reader's "opens in a new tab" is a line of its own)
            out[name] = {"text": " ".join(seal.inner_text().split()),
                         "title": seal.locator("code").first.get_attribute("title"),
                         "href": link.get_attribute("href"), "target": link.get_attribute("target"),
                         "box": seal.bounding_box(), "width": page.evaluate("innerWidth"),
                         "wide": page.evaluate("document.documentElement.scrollWidth > innerWidth")}
            page.context.close()
        return out

    out = in_browser(run)
    short = f"{SEALED[:8]}…{SEALED[-4:]}"
    playing_seal, ended_seal = out["playing"], out["ended"]
    assert playing_seal["text"] == (f"Shuffle sealed before the first deal: {short} (its seed is shown when the "
                                    "match ends). How to check it (opens in a new tab)")
    assert ended_seal["text"] == (f"Shuffle sealed before the first deal: {short}. Seed {SEED}, salt {SALT}. "
                                  "Verify the shuffle (opens in a new tab)")
    for got in (playing_seal, ended_seal):
        assert got["title"] == SEALED
        assert got["href"] == "/rules/doc/records#a-verifiable-shuffle" and got["target"] == "_blank"
        box = got["box"]  # inside the phone's width (the long hex wraps anywhere)
        assert box["x"] >= 0 and box["x"] + box["width"] <= got["width"] + 0.5 and got["wide"] is False, got
