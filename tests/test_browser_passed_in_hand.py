"""The cards passed between partners are counted and marked while they are in your hand, and only then.

VARIANTS.md partnership-pass: the partner passes four cards to the declarer, who passes four back. A match
is played by the engine (random legal moves) until South, the declarer or the partner, has played some of the
cards passed to it; South's view is sent to the real page (a scripted socket). The seat's legend, the marked
cards and the hand's label for a screen reader all give the number of the passed cards still in the hand
(the server's ``received``: the cards passed, less those played), and each marked card is one of them.
At 360x740, 390x844 and 1440x900, light and dark; screenshots in /tmp/passed-shots when PINOCHLE_SHOTS is set.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path
from typing import Any

from pinochle.cards import Seat
from pinochle.game import State

from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import play_until, serious, south
from .test_browser_layout import in_browser, open_fixture, server, settle  # noqa: F401  (server: the module's live server)

SHOTS = Path("/tmp/passed-shots") if os.environ.get("PINOCHLE_SHOTS") else None
CASES = [(size, theme) for theme in ("light", "dark") for size in ((360, 740), (390, 844), (1440, 900))]


def passed_to_south(s: State) -> list[str]:
    """The cards passed to South this hand (the declarer: the partner's four less those passed back; the
    partner: the four passed back), as tokens."""
    if s.declarer is None or len(s.exchange) < 2:
        return []
    if s.declarer == Seat.S:
        got = Counter(str(c) for c in s.exchange[0]) - Counter(str(c) for c in s.exchange[1])
        return list(got.elements())
    return [str(c) for c in s.exchange[1]]


def played_by_south(s: State) -> list[str]:
    return [str(card) for t in s.tricks for i, card in enumerate(t.cards) if t.seat_of(i) == Seat.S]


def some_played(s: State) -> bool:
    """South has played at least one passed card and still holds at least one, and it is South's turn to play."""
    if s.phase != "play" or s.declarer is None or s.declarer % 2 != Seat.S % 2:
        return False
    passed = Counter(passed_to_south(s))
    gone = passed & Counter(played_by_south(s))
    return bool(gone) and sum((passed - gone).values()) >= 1


def test_the_passed_cards_still_in_hand_are_counted_and_marked(server: Any) -> None:  # noqa: F811
    state = None
    for seed in range(1, 60):
        try:
            state = play_until("partnership-pass", seed, some_played)
            break
        except AssertionError:
            continue
    assert state is not None
    v = south(state)
    hand = Counter(v["hand"])
    still = Counter(passed_to_south(state)) & hand  # each passed card South still holds
    assert sorted(v["received"]) == sorted(still.elements()), (v["received"], still)
    n = len(v["received"])
    assert 0 < n < len(passed_to_south(state))  # some were played: the count is of those in the hand
    declarer = v["declarer"] == "S"

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for size, theme in CASES:
            ctx, page, _ = open_fixture(browser, server.url, v, errors, theme=theme, size=size)
            if page.get_by_test_id("meld-dialog").is_visible():
                page.get_by_test_id("meld-close").click()
            settle(page)
            key = f"{theme}-{size[0]}"
            legend = page.get_by_test_id("received-legend")
            out[key] = {
                "marked": page.eval_on_selector_all("#hand button.card.received", "els => els.map((e) => e.dataset.card)"),
                "marked_said": page.eval_on_selector_all("#hand button.card.received", "els => els.map((e) => e.getAttribute('aria-label'))"),
                "legend": legend.get_attribute("data-label"),
                "legend_short": legend.locator(".badge-short").inner_text() if legend.locator(".badge-short").count() else None,
                "label": page.get_by_test_id("hand").get_attribute("aria-label"),
                "axe": serious(page) if size[0] == 360 else [],
            }
            if SHOTS is not None:
                SHOTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(SHOTS / f"passed-{key}.png"))
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    said = "passed to you by your partner" if declarer else "passed back by your partner"
    for key, got in out.items():
        assert got["axe"] == [], (key, got["axe"])
        assert len(got["marked"]) == n, (key, got["marked"], v["received"])
        # each marked card is one of the passed cards still held, each copy once
        assert sorted(got["marked"]) == sorted(v["received"]), (key, got["marked"], v["received"])
        assert all(lb.endswith(said) for lb in got["marked_said"]), (key, got["marked_said"])
        assert got["legend"] == (f"{n} card{'s' if n > 1 else ''} {'from' if declarer else 'back from'} Partner"), got
        assert got["legend_short"] in (None, f"⇄ {n}"), got
        cards = "1 card" if n == 1 else f"{n} cards"
        assert got["label"].endswith(f"; {cards} {said} still in your hand, marked"), (key, got["label"])
