"""The dealer's partner's opening at the lowest bid after the first seat passed, once it has stood (the server's
mark, docs/protocol.md, the view's ``call_kinds``), is said in plain words, never labelled a "save": a fresh
reviewer read "250 (save)" as wrong, since a player saves the dealer only when every other player has passed,
and here the seat after it and the dealer still had a call. The calls list shows "250" ("Partner bid 250"), and
the hand summary tells the auction call by call: "West passed, Partner opened at the lowest bid, 250, and East
and you, the dealer, passed.", then why as the rule gives it (not as the player's reason: Easy or a person may open
there for the hand's own worth): "Had Partner and East passed too, you would have been stuck with 250."

The views are the engine's (North saves South, the dealer; then random legal play to the hand's end), sent
to the real page by a scripted socket. The browser holds no rules: without the server's ``call_kinds`` the
words are the same with or without the mark.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

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


def test_the_calls_list_shows_the_lone_opening_as_a_plain_bid(server: Any) -> None:  # noqa: F811
    """Once the opening has stood (South, the dealer, passed too) the server marks it, while North names trump;
    the calls list shows it as the bid it was, no "(save)" and no "to save the dealer"."""
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
                 [li.dataset.seat, li.querySelector('.what').textContent, li.querySelector('.sr-only').textContent,
                  li.title])"""), "text": page.locator("body").inner_text(), "axe": serious(page)}
        shot(page, "lone-opening-calls-light-360")
        ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(body)
    assert out["errors"] == [] and out["axe"] == [], out
    assert out["chips"] == [["W", "Pass", "West passed", "West passed"],
                            ["N", "250", "Partner bid 250", "Partner bid 250"],
                            ["E", "Pass", "East passed", "East passed"],
                            ["S", "Pass", "You passed", "You passed"]], out
    assert "save" not in out["text"].lower(), out["text"]


def saved_for(dealer: Seat, seed: int = 5) -> State:
    """The table game dealt by ``dealer``: the seat after it passes, the dealer's partner opens at 250, and the two
    others pass (the dealer last); then random legal play to the hand's end."""
    first, partner, third = (Seat((int(dealer) + k) % 4) for k in (1, 2, 3))
    return auctioned([Action.pass_(first), Action.bid_(partner, 250), Action.pass_(third), Action.pass_(dealer)],
                     dealer, seed)


def auctioned(calls: list[Action], dealer: Seat = Seat.S, seed: int = 5) -> State:
    """The table game dealt by ``dealer`` with these calls, then random legal play to the hand's end."""
    state = auto(new_match(seed=seed, game="table", first_dealer=int(dealer)))
    for action in calls:
        assert turn(state) == action.seat
        state = auto(apply(state, action))
    rng = random.Random(1)
    while state.phase != "hand_end":
        state = auto(apply(state, random_action(state, rng)))
    return state


#: The summary's auction line for each dealer, South's view: the calls, then why the dealer's partner opened as the
#: rule gives it (RULES.md, Deal and auction 3: the dealer is stuck at 250 when the other three pass).
LINES = {
    Seat.S: "West passed, Partner opened at the lowest bid, 250, and East and you, the dealer, passed."
            " Had Partner and East passed too, you would have been stuck with 250.",
    Seat.N: "East passed, you opened at the lowest bid, 250, and West and Partner, the dealer, passed."
            " Had you and West passed too, Partner would have been stuck with 250.",
    Seat.E: "You passed, West opened at the lowest bid, 250, and Partner and East, the dealer, passed."
            " Had West and Partner passed too, East would have been stuck with 250.",
}


@pytest.mark.parametrize("dealer", [Seat.S, Seat.N, Seat.E], ids=["you-deal", "you-open", "they-open"])
def test_the_summary_tells_the_lone_opening_call_by_call_and_why(server: Any, dealer: Seat) -> None:  # noqa: F811
    """The auction in plain words, and why the dealer's partner opened: had it passed, and the seat after it, the
    dealer would have been stuck (said as the rule, never as the player's reason, and never named a "save")."""
    state = saved_for(dealer)
    v = view(state, Seat.S).to_json()
    opener = Seat((int(dealer) + 2) % 4)
    assert v["last_hand"]["declarer"] == str(opener) and v["last_hand"]["bid"] == 250 and v["call_kinds"][1] == "save"

    def body(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, page, _ = open_fixture(browser, server.url, v, errors, theme="dark", size=(360, 740))
        page.get_by_test_id("hand-summary").wait_for(state="visible")
        settle(page)
        out = {"line": page.get_by_test_id("opening-line").inner_text(),
               # under the score table, where any other auction is told (the twelfth review: one above, one below)
               "below": page.evaluate("""() => document.querySelector('[data-testid=opening-line]').getBoundingClientRect().top
                   >= document.querySelector('#summary-body .summary-table').getBoundingClientRect().bottom - 0.5"""),
               "text": page.get_by_test_id("hand-summary").inner_text(), "axe": serious(page)}
        shot(page, f"lone-opening-summary-{dealer}-dark-360")
        ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(body)
    assert out["errors"] == [] and out["axe"] == [], out
    assert out["line"] == LINES[dealer] and out["below"], out
    assert "save" not in out["text"].lower(), out["text"]


#: Any other auction in one sentence under the score table (the eleventh review: only the lone opening was told,
#: so one hand's summary told its auction and the next, with several bids, said nothing): who won the bid over
#: whose last bid, after how many bids, and who never bid; one bid: who opened and who passed. South's view.
AUCTIONS = {
    "won-over-partner": ([Action.bid_(Seat.W, 250), Action.bid_(Seat.N, 260), Action.pass_(Seat.E),
                          Action.bid_(Seat.S, 270), Action.pass_(Seat.W), Action.pass_(Seat.N)],
                         "You won the bid at 270 over Partner's 260, after 3 bids; East never bid."),
    "won-over-you": ([Action.bid_(Seat.W, 250), Action.pass_(Seat.N), Action.pass_(Seat.E),
                      Action.bid_(Seat.S, 260), Action.bid_(Seat.W, 270), Action.pass_(Seat.S)],
                     "West won the bid at 270 over your 260, after 3 bids; Partner and East never bid."),
    "one-bid": ([Action.bid_(Seat.W, 250), Action.pass_(Seat.N), Action.pass_(Seat.E), Action.pass_(Seat.S)],
                "West opened at 250, and Partner, East and you passed."),
}


@pytest.mark.parametrize("case", list(AUCTIONS))
def test_every_summary_tells_its_auction(server: Any, case: str) -> None:  # noqa: F811
    """Every bid hand's summary tells its auction, under the score table (which stays first on a phone); a
    stuck dealer's or a lone opening's hand has its own line and no second one."""
    calls, line = AUCTIONS[case]
    v = view(auctioned(calls), Seat.S).to_json()

    def body(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, page, _ = open_fixture(browser, server.url, v, errors, theme="light", size=(360, 740))
        page.get_by_test_id("hand-summary").wait_for(state="visible")
        settle(page)
        out = {"line": page.get_by_test_id("auction-line").inner_text(),
               "lines": page.get_by_test_id("auction-line").count() + page.get_by_test_id("opening-line").count(),
               "below": page.evaluate("""() => document.querySelector('[data-testid=auction-line]').getBoundingClientRect().top
                   >= document.querySelector('#summary-body .summary-table').getBoundingClientRect().bottom - 0.5"""),
               "axe": serious(page)}
        shot(page, f"auction-line-{case}-light-360")
        ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(body)
    assert out["errors"] == [] and out["axe"] == [], out
    assert out["line"] == line and out["lines"] == 1 and out["below"], out


def test_a_lone_opening_or_a_stuck_dealer_has_no_second_auction_line(server: Any) -> None:  # noqa: F811
    """The lone opening's sentence (above) and the stuck dealer's stand alone: no auction line beside them."""
    views = [view(saved_for(Seat.S), Seat.S).to_json(),
             view(auctioned([Action.pass_(s) for s in (Seat.W, Seat.N, Seat.E)]), Seat.S).to_json()]
    assert views[1]["last_hand"]["stuck"]

    def body(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for i, v in enumerate(views):
            ctx, page, _ = open_fixture(browser, server.url, v, errors, theme="dark", size=(390, 844))
            page.get_by_test_id("hand-summary").wait_for(state="visible")
            settle(page)
            out[str(i)] = page.get_by_test_id("auction-line").count()
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(body)
    assert out == {"0": 0, "1": 0, "errors": []}, out
