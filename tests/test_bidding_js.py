"""``pinochle/web/views/bidding.js``: the bid jumps land only on bids the engine takes, and a big jump is
ten steps over the high bid, for every game with an auction.

The functions run in Debian's Chromium (the harness of tests/test_settings_js.py: the web folder served,
the module imported in a blank page). The data are the engine's own: each game's ``legal.bid`` (its step,
its ladder, its top) from a real view, and the bids :func:`pinochle.auction.ladder_bids` lists.
"""

from __future__ import annotations

from typing import Any

import pytest

from pinochle.auction import check_call, ladder_bids
from pinochle.cards import Seat
from pinochle.errors import IllegalAction
from pinochle.game import new_match, turn, view
from pinochle.games import GAMES

from .test_settings_js import base_url, in_browser

__all__ = ["base_url"]  # the fixture, imported for the tests below

# Debian's Chromium is required: without it these tests fail with what to do (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("needs_chromium")

AUCTION_GAMES = sorted(name for name, g in GAMES.items() if g.playable and any(ph.name == "auction" for ph in g.phases))


def legal_bid(game: str) -> dict[str, Any]:
    """The first caller's ``legal.bid`` in ``game`` (a real view), its top lowered to keep the walk short."""
    s = new_match(seed=1, game=game)
    seat = turn(s)
    assert seat is not None
    bid = view(s, seat).to_json()["legal"]["bid"]
    return {**bid, "max": min(bid["max"], bid["min"] + 60 * bid["step"])}


@pytest.mark.parametrize("game", AUCTION_GAMES)
def test_every_jump_lands_on_a_bid_the_engine_takes(base_url: str, game: str) -> None:
    bid = legal_bid(game)
    rules = GAMES[game].rules
    bids = list(ladder_bids(rules, bid["min"], bid["max"]))

    def script(page: Any) -> Any:
        return page.evaluate("""async ([bid, bids]) => {
          const m = await import('/views/bidding.js');
          return bids.map((b) => [b, m.jumpTarget(bid, b), m.bidStepAt(bid, b)]);
        }""", [bid, bids])

    got = in_browser(base_url, script)
    s = new_match(seed=1, game=game)
    seat = turn(s)
    assert seat is not None
    for value, to, step in got:
        assert to in bids and to >= value, (value, to)
        if to > value:  # a bid the engine takes, as the opening call
            try:
                check_call(s.calls, s.dealer, seat, to, s.rules, s.game.seating)
            except IllegalAction as e:  # pragma: no cover - the assertion says which
                raise AssertionError(f"{game}: a jump from {value} to {to} is refused: {e}") from e
        # five steps up where the step does not change on the way, else the last bid before 5 steps' worth
        if value + 5 * step <= bid["max"]:
            assert to == max(b for b in bids if b <= value + 5 * step), (value, to)
        else:
            assert to == max(b for b in bids if b <= bid["max"])


def test_a_big_jump_is_ten_steps_over_the_high_bid(base_url: str) -> None:
    tens = {"min": 260, "step": 10, "max": 650}
    ladder = {"min": 58, "step": 1, "max": 1000, "ladder": [[60, 5]]}

    def script(page: Any) -> Any:
        return page.evaluate("""async ([tens, ladder]) => {
          const m = await import('/views/bidding.js');
          const ask = (bid, high, value) => m.bigJump({legal: {bid}, high_bid: high}, value);
          return {
            tens: [ask(tens, 250, 340), ask(tens, 250, 350), ask(tens, null, 340), ask({...tens, min: 250}, null, 350)],
            ladder: [ask(ladder, 57, 66), ask(ladder, 57, 67), ask(ladder, 60, 105), ask(ladder, 60, 110)],
            words: [m.bigJumpQuestion(350, ask(tens, 250, 350)), m.bigJumpQuestion(350, ask({...tens, min: 250}, null, 350))],
          };
        }""", [tens, ladder])

    got = in_browser(base_url, script)
    assert got["tens"] == [None, {"from": 250, "over": 100, "opening": False}, None, {"from": 250, "over": 100, "opening": True}]
    assert got["ladder"] == [None, {"from": 57, "over": 10, "opening": False}, None, {"from": 60, "over": 50, "opening": False}]
    assert got["words"] == ["Bid 350? That is 100 over the high bid of 250.", "Bid 350? That is 100 over the lowest bid, 250."]


def test_the_first_callers_view_carries_the_steps_the_jumps_read() -> None:
    """The jumps read only legal.bid: its step, and where the step changes its ladder (double-deck)."""
    for game in AUCTION_GAMES:
        bid = view(new_match(seed=1, game=game), turn(new_match(seed=1, game=game)) or Seat.S).to_json()["legal"]["bid"]
        rules = GAMES[game].rules
        assert bid["step"] == rules.bid_step and bid.get("ladder", []) == [list(p) for p in rules.bid_ladder], game
