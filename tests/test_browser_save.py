"""A save is said at the table (docs/protocol.md, the view's ``call_kinds``): the calls list labels the
dealer's partner's opening at the lowest bid after the first seat passed "250 (save)" (a screen reader hears
"Partner bid 250 to save the dealer"), and the hand summary of a save that held says who saved the dealer.

The views are the engine's (North saves South, the dealer; then random legal play to the hand's end), sent
to the real page by a scripted socket. The browser holds no rules: without the server's ``call_kinds`` the
call is a plain "250".
"""

from __future__ import annotations

import random
from typing import Any

from pinochle.cards import Seat
from pinochle.game import Action, State, apply, new_match, turn, view

from .browser_support import shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import auto, random_action, serious
from .test_browser_layout import in_browser, open_fixture, server, settle  # noqa: F401  (the module's live server)


def saved_by_north(seed: int = 5) -> State:
    """The table game dealt by South: West passes, North saves at 250, East passes; South to call."""
    state = auto(new_match(seed=seed, game="table", first_dealer=int(Seat.S)))
    for action in (Action.pass_(Seat.W), Action.bid_(Seat.N, 250), Action.pass_(Seat.E)):
        assert turn(state) == action.seat
        state = auto(apply(state, action))
    return state


def test_the_calls_list_labels_the_save(server: Any) -> None:  # noqa: F811
    """Once the save has stood (South, the dealer, passed too) the calls list names it, while North names trump;
    before South's call it is an opening like any other (South may still bid)."""
    assert view(saved_by_north(), Seat.S).to_json()["call_kinds"] == [None, None, None]
    state = auto(apply(saved_by_north(), Action.pass_(Seat.S)))
    assert state.phase == "trump" and turn(state) == Seat.N
    v = view(state, Seat.S).to_json()
    assert v["call_kinds"] == [None, "save", None, None]

    def body(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, page, _ = open_fixture(browser, server.url, v, errors, theme="light", size=(360, 740))
        page.get_by_test_id("bid-calls").wait_for()
        settle(page)
        out = {"chips": page.evaluate("""() => [...document.querySelectorAll('[data-testid=bid-call]')].map(li =>
                 [li.dataset.seat, li.dataset.kind ?? null, li.querySelector('.what').textContent,
                  li.querySelector('.sr-only').textContent])"""), "axe": serious(page)}
        shot(page, "save-calls-light-360")
        ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(body)
    assert out["errors"] == [] and out["axe"] == [], out
    assert out["chips"] == [["W", None, "Pass", "West passed"],
                            ["N", "save", "250 (save)", "Partner bid 250 to save the dealer"],
                            ["E", None, "Pass", "East passed"],
                            ["S", None, "Pass", "You passed"]], out


def test_the_summary_says_who_saved_the_dealer(server: Any) -> None:  # noqa: F811
    state = auto(apply(saved_by_north(), Action.pass_(Seat.S)))
    rng = random.Random(1)
    while state.phase != "hand_end":
        state = auto(apply(state, random_action(state, rng)))
    v = view(state, Seat.S).to_json()
    assert v["last_hand"]["declarer"] == "N" and v["last_hand"]["bid"] == 250 and v["call_kinds"][1] == "save"

    def body(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, page, _ = open_fixture(browser, server.url, v, errors, theme="dark", size=(360, 740))
        page.get_by_test_id("hand-summary").wait_for(state="visible")
        settle(page)
        out = {"line": page.get_by_test_id("save-line").inner_text(), "axe": serious(page)}
        shot(page, "save-summary-dark-360")
        ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(body)
    assert out["errors"] == [] and out["axe"] == [], out
    assert out["line"] == "Partner saved you, the dealer, at 250, so that you were not stuck with the bid.", out
