"""The dealer's partner's lone opening is marked in the view (docs/protocol.md, the view's ``call_kinds``).

Kitchen-table players call the dealer's partner's opening at the lowest bid, after the first seat passed,
a save: it is made so that the dealer is not stuck (RULES.md, Deal and auction 3), whatever the saver holds.
The engine marks that call in every view (``call_kinds``: ``"save"`` or ``null``, one per call of
``auction``), so that the browser, which holds no rules, can tell that auction in plain words in the hand
summary (it never labels the call "save": tests/test_browser_save.py).
"""

from __future__ import annotations

from typing import Any

import pytest

from pinochle.auction import save_index
from pinochle.cards import Seat
from pinochle.game import apply, new_match, turn, view
from pinochle.bots import for_level
from pinochle.games import GAMES

from .redis_support import redis_server  # noqa: F401
from .service_support import Open, service  # noqa: F401
from .support import until
from .test_server import hello, play_until

Msg = dict[str, Any]
pytestmark = pytest.mark.timeout(300)


@pytest.mark.parametrize("calls, dealer, expected", [
    ((None, 250, None, None), Seat.W, 1),  # N passes, E (the dealer W's partner) opens 250, S and W pass: a save
    ((None, 250), Seat.W, None),          # ... while S and the dealer may still bid: an opening like any other
    ((None, 250, None), Seat.W, None),    # ... while the dealer may still bid
    ((None, 250, 260, None), Seat.N, None),  # E passes, S opens for N; W bids over it: no save
    ((None, 260), Seat.W, None),         # a jump is no save
    ((250,), Seat.W, None),              # the first seat opens: no save
    ((None, None, 250), Seat.W, None),   # the seat after the dealer's partner: an opponent's opening
])
def test_save_index_by_where_the_call_is_made(calls: tuple[int | None, ...], dealer: Seat,
                                             expected: int | None) -> None:
    assert save_index(calls, dealer) == expected


@pytest.mark.parametrize("game, saves", [("table", True), ("partnership-pass", False), ("racehorse", False)])
def test_the_view_marks_the_save_only_where_the_dealer_is_stuck(game: str, saves: bool) -> None:
    """Where cards are passed (VARIANTS.md ``partnership-pass``, ``racehorse``) the opening is no save; where the
    dealer is stuck it is one once it has stood, and while the others may still bid it is a plain opening."""
    g = GAMES[game]
    for seed in range(1, 40):
        state = new_match(seed=seed, rules=g.rules, game=g)
        players = [for_level("normal", seed) for _ in range(4)]
        during: list[str | None] | None = None
        while state.phase == "auction":
            seat = turn(state)
            assert seat is not None
            state = apply(state, players[seat].act(view(state, seat)))
            if state.phase == "auction" and len(state.calls) == 2:
                during = view(state, 0).to_json()["call_kinds"]
        kinds = view(state, 0).to_json()["call_kinds"]
        if not saves:
            assert "save" not in kinds, (seed, state.calls)
        elif state.calls == (None, g.rules.min_bid, None, None):  # the opening at the minimum after a pass stood
            assert during == [None, None]  # the seat after it and the dealer still to speak: no save yet
            assert kinds == [None, "save", None, None]
            return
        else:
            assert "save" not in kinds, (seed, state.calls)
    assert not saves, "no opening at the minimum after a pass that stood in 39 seeds"


def test_the_server_sends_the_save_of_a_computer(service: Open) -> None:
    """A solo match at Normal, South passing: a computer's save reaches South's view marked, and stays
    marked in the hand's last view (the hand summary tells it: "West passed, North opened at the lowest bid, 250, ...")."""
    with service(bot_delay=0) as client, client.connect() as ws:
        hello(ws)
        ws.send_json({"type": "new_match", "level": "normal"})
        msg = until(ws, lambda m: m["type"] == "state")
        for _ in range(4):  # a save comes in most hands: the dealer's partner opens when the first seat passes
            msg = play_until(ws, msg, lambda m: m["view"]["phase"] != "auction" or "save" in m["view"]["call_kinds"])
            v = msg["view"]
            if "save" in v["call_kinds"]:
                at = v["call_kinds"].index("save")
                auction = v["auction"]
                assert at == 1 and auction[0]["call"] == "pass" and auction[1]["call"] == "250"
                seats = "NESW"
                assert seats.index(auction[1]["seat"]) == (seats.index(v["dealer"]) + 2) % 4  # the dealer's partner
                assert auction[1]["seat"] != "S"  # South passes: the save is a computer's
                assert [k for i, k in enumerate(v["call_kinds"]) if i != at] == [None] * (len(auction) - 1)
                end = play_until(ws, msg, lambda m: m["view"]["phase"] == "hand_end")["view"]
                assert end["call_kinds"][1] == "save" and end["auction"][:2] == auction[:2]
                return
            msg = play_until(ws, msg, lambda m: m["view"]["phase"] == "hand_end")
            msg = play_until(ws, msg, lambda m: m["view"]["phase"] == "auction")
        raise AssertionError("no save in four hands")
