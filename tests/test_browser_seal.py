"""The sealed shuffle in the browser (docs/records.md, "A verifiable shuffle"; views/dialogs.js sealLine).

During a match the score sheet says "Deal sealed · check it after the match" and holds the commitment (whole,
and in its title) for whoever opens it, with the seed to come at the end; at the match's end the result holds
the commitment, the seed and the salt, with a link to how anyone checks them ("Verify", to a screen reader "Verify the shuffle (opens in a
new tab)"), opened in a new tab (reading it never leaves the table). It wraps inside a 320 px phone rather than widening it.
"""

from __future__ import annotations

from typing import Any

import pytest

from pinochle.verify import commitment

from .browser_support import in_browser, open_page, scripted_table, shot
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
                                ("ended", ended, {"commitment": SEALED, "seed": str(SEED), "salt": SALT}),
                                ("forged", ended, {"commitment": SEALED, "seed": str(SEED), "salt": "f" + SALT[1:]})):
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
            if name != "playing":  # the browser's own SHA-256 of seed:salt has been compared with the seal
                seal.locator("[data-testid=seal-check][data-result]").wait_for()
            link = seal.locator("a")
            out[name] = {"text": seal.inner_text(), "title": seal.locator("code").first.get_attribute("title"),
                         "figures": seal.get_by_test_id("seal-figures").text_content(),
                         "href": link.get_attribute("href"), "target": link.get_attribute("target"),
                         "link": link.bounding_box(),
                         "box": seal.bounding_box(), "width": page.evaluate("innerWidth"),
                         "wide": page.evaluate("document.documentElement.scrollWidth > innerWidth")}
            page.context.close()
        return out

    out = in_browser(run)
    playing_seal, ended_seal, forged = out["playing"], out["ended"], out["forged"]
    # in a player's words, the figures under them on demand (tests/test_browser_polish2.py opens them)
    # nothing to verify before the end: the link says how it works (the twelfth review: a "Verify" that could not)
    assert " ".join(playing_seal["text"].split()) == ("Deal sealed \u00b7 check it after the match How it works "
                                                     "(the sealed shuffle, opens in a new tab)")
    # at the end the browser checks the seal itself (WebCrypto's SHA-256 of seed:salt), for a phone player
    assert " ".join(ended_seal["text"].split()) == ("Deal sealed \u00b7 check it now \u2713 Seal matches "
                                                   "Verify the shuffle (opens in a new tab)")
    assert " ".join(forged["text"].split()) == ("Deal sealed \u00b7 check it now \u2717 Seal does not match "
                                               "Verify the shuffle (opens in a new tab)")
    assert playing_seal["figures"] == (f"Sealed before the first deal: {SEALED} (the seed and salt that open it "
                                       "come when the match ends).")
    assert ended_seal["figures"] == f"Sealed before the first deal: {SEALED}. Seed {SEED}, salt {SALT}."
    for got in (playing_seal, ended_seal, forged):
        assert got["title"] == SEALED
        assert got["href"] == "/how-to-play/fair-deal" and got["target"] == "_blank"
        # a target a finger finds on a phone (WCAG 2.5.8: 24 px at the least; it was 45x20)
        assert got["link"]["height"] >= 24 and got["link"]["width"] >= 24, got["link"]
        box = got["box"]  # inside the phone's width (the long hex wraps anywhere)
        assert box["x"] >= 0 and box["x"] + box["width"] <= got["width"] + 0.5 and got["wide"] is False, got


@pytest.mark.parametrize("size,theme", [((360, 740), "dark"), ((1440, 900), "light")])
def test_the_seal_check_is_seen_on_the_result_without_opening_anything(server: Any, size: tuple[int, int],  # noqa: F811
                                                                       theme: str) -> None:
    """A phone player sees "✓ Seal matches" on the match's result as it is (the browser's own SHA-256 of
    seed:salt), in the theme's colour for a good result."""
    ended = match_end_view("table", 1)

    def run(browser: Any) -> dict[str, Any]:
        page = open_page(browser, size, theme=theme)
        scripted_table(page, Scripted(ended, None, {"commitment": SEALED, "seed": str(SEED), "salt": SALT}).handler)
        page.goto(server.url)
        page.wait_for_function("() => document.body.dataset.screen === 'result'")
        settle(page)
        check = page.locator("#result-seal [data-testid=seal-check][data-result]")
        check.wait_for()
        check.scroll_into_view_if_needed()
        shot(page, f"seal-check-{size[0]}-{theme}")
        out = {"text": check.inner_text(), "visible": check.is_visible(), "result": check.get_attribute("data-result")}
        page.context.close()
        return out

    out = in_browser(run)
    assert out == {"text": "\u2713 Seal matches", "visible": True, "result": "match"}, out
