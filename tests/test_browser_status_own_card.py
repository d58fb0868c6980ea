"""The status line waits for your own card (the status line waits for the cards).

Like ``tests/test_browser_table_fit.py``, whose scripted room this reuses: Bob sits East; the page
is served a state where it is his turn, he taps a card, and the state after his card is sent back
(the turn passes on to South, or his card ends the trick). The status line is sampled on every
frame at the Relaxed pace, with motion on:

- before the tap it says "Your turn…" (or "Your lead…");
- while his card flies it says what he did ("You play Q♠."): never "Your turn", nor the next turn;
- once the card has landed it says the next turn, as the state does.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .test_browser import Server, free_port, in_browser, pytestmark  # noqa: F401  (fail without Chromium)
from .test_browser_rooms import seat_state
from .test_browser_table_fit import SAMPLER, consecutive, new_context, scripted, turn

IDLE = """() => !document.getAnimations().some((x) => (x.id || '').startsWith('pinochle-') && x.playState === 'running')"""


def bobs_card(ends_trick: bool) -> tuple[Any, Any, str]:
    """Two states, before and after a card of Bob's (East) in play, and the card."""
    from pinochle.game import view

    def pick(a: Any, b: Any) -> bool:
        if not (a.phase == b.phase == "play" and turn(a) == "E" and len(a.tricks) >= 2):
            return False
        last = view(b, 1).to_json()["tricks"][-1]
        if last["seats"][-1:] != ["E"]:
            return False
        return bool(last["winner"]) if ends_trick else (not last["winner"] and turn(b) == "S")

    a, b = consecutive(pick)
    return a, b, str(view(b, 1).to_json()["tricks"][-1]["cards"][-1])


def run_own_card(browser: Any, base_url: str, ends_trick: bool) -> dict[str, Any]:
    a, b, card = bobs_card(ends_trick)
    errors: list[str] = []
    sockets: list[Any] = []
    page = new_context(browser, {"width": 390, "height": 844}, errors, reduced_motion="no-preference")
    page.add_init_script(f"localStorage.setItem('pinochle.settings', {json.dumps(json.dumps({'pace': 'relaxed'}))})")
    scripted(page, [seat_state(a, "r1", "room", "resume")], sockets)
    page.goto(base_url)
    page.get_by_test_id("table").wait_for()
    page.wait_for_function("() => document.body.dataset.legal === 'play'")
    if page.get_by_test_id("meld-dialog").is_visible():
        page.get_by_test_id("meld-close").click()
    page.wait_for_function(IDLE)
    before = page.get_by_test_id("status").inner_text()
    page.evaluate(SAMPLER)
    page.locator(f"#hand button.card[data-card='{card}']").first.click()
    page.wait_for_function("() => document.body.dataset.busy === '1'")  # the move went to the server
    sockets[-1].send(seat_state(b, "r1", "room", "move"))
    page.wait_for_function("() => document.body.dataset.legal === ''")
    page.wait_for_function(IDLE)
    page.wait_for_timeout(100)
    after = page.get_by_test_id("status").inner_text()
    frames = page.evaluate("window.__frames")
    names = page.evaluate("() => [...document.querySelectorAll('#felt .seat .seat-name')].map((e) => e.textContent)")
    assert not errors, errors
    return {"before": before, "after": after, "frames": frames, "card": card, "names": names}


@pytest.mark.parametrize("ends_trick", [False, True], ids=["turn-passes-on", "trick-ends"])
def test_the_status_says_what_you_played_until_your_card_has_landed(tmp_path: Path, ends_trick: bool) -> None:
    server = Server(free_port(), tmp_path / "t.db", tmp_path / "server.log")
    server.start()  # serves the page; its socket is replaced in the browser
    try:
        seen = in_browser(lambda b: run_own_card(b, server.url, ends_trick))
    finally:
        server.stop()
    before, after, frames = seen["before"], seen["after"], seen["frames"]
    assert before.startswith(("Your turn", "Your lead")), before
    flying = [f for f in frames if f["flying"]]
    assert len(flying) >= 3, f"your card was not seen flying: {len(flying)} frames"
    said = {f["status"] for f in flying}
    # the card's short name as the page writes it ("Q♠", "10♥")
    rank = {"A": "A", "T": "10", "K": "K", "Q": "Q", "J": "J", "9": "9"}[seen["card"][0]]
    assert len(said) == 1 and said.pop().startswith(f"You play {rank}"), sorted({f["status"] for f in flying})
    for f in flying:
        assert not f["status"].startswith("Your"), f["status"]
        assert not any(name in f["status"] for name in seen["names"] if name != "You"), (f["status"], seen["names"])
    # once it has landed: the next turn, as the state says it
    assert after != before and not after.startswith("You play"), after
    assert frames[-1]["status"] == after
