"""What a client hears on coming back to its solo match, and the view's ``scale`` (docs/protocol.md,
"Connecting" and "Server → client"), in both service modes.

- After ``welcome`` with a solo match in progress (and no seat token), the server resyncs nothing of its
  own: until the client sends ``resume`` it may hear only ``state``s of that match, and of those, with the
  match waiting for South, at most one, with event ``"presence"``, showing the same table as the ``resume``
  that answers (South connected). Whether it comes depends on which process the socket reached (it does
  in a service of one: the table is in that process), so the test asks only that in ``two``.
- With another tab of the device open, the new tab hears no ``presence`` state (the device was already
  connected).
- Every view names its ``scale``, the game's own: ``"tens"`` for ``table``, ``"ones"`` for ``britannica``
  and ``cutthroat``; the numbers of the view are in it (the first bid a South may make, in tens a
  multiple of 10, in ones at most 100).
"""

from __future__ import annotations

from typing import Any

import pytest

from .redis_support import redis_server  # noqa: F401
from .service_support import Open, service  # noqa: F401
from .support import hello, until

Msg = dict[str, Any]
pytestmark = pytest.mark.timeout(300)
FAST = (1000.0, 1000)


def souths_turn(ws: Any) -> Msg:
    """The next state in which South (this person) has a move."""
    return until(ws, lambda m: m["type"] == "state" and m["view"]["turn"] == "S" and bool(m["view"]["legal"]),
                 limit=20000)


def until_resume(ws: Any) -> tuple[list[Msg], Msg]:
    """Send ``resume`` and read to its answer: what came before it, and the answer."""
    ws.send_json({"type": "resume"})
    before: list[Msg] = []
    for _ in range(50):
        msg: Msg = ws.receive_json()
        if msg["type"] == "state" and msg["event"] == "resume":
            return before, msg
        before.append(msg)
    raise AssertionError(f"no resume: {before}")


def test_after_welcome_only_a_presence_state_of_the_solo_match_comes_before_resume(service: Open) -> None:
    with service(bot_delay=0, rate=FAST) as svc:
        with svc.connect() as ws:
            device = hello(ws)["device"]
            ws.send_json({"type": "new_match", "level": "easy"})
            waiting = souths_turn(ws)  # nothing moves until South does
        match = waiting["match"]["id"]
        heard_presence = []
        for _ in range(3):  # a reload, again and again (in two: to each process in turn)
            with svc.connect() as ws:
                welcome = hello(ws, device)
                assert welcome["match"]["id"] == match and welcome["match"]["phase"] == waiting["match"]["phase"]
                before, resumed = until_resume(ws)
                assert resumed["match"]["id"] == match and resumed["view"]["version"] == waiting["view"]["version"]
                assert resumed["table"]["seats"]["S"]["connected"] is True
                for msg in before:  # this socket's arrival, or (two processes) the last one's leaving heard late
                    assert msg["type"] == "state" and msg["event"] == "presence", msg
                    assert msg["match"]["id"] == match and msg["view"] == resumed["view"], msg
                heard_presence.append(bool(before))
        if svc.mode == "one":
            assert heard_presence == [True, True, True]  # the table is in this process: it hears the return


def test_a_second_tab_of_the_device_hears_no_presence_state(service: Open) -> None:
    with service(bot_delay=0, rate=FAST) as svc, svc.connect() as first:
        device = hello(first)["device"]
        first.send_json({"type": "new_match", "level": "easy"})
        souths_turn(first)
        if svc.mode == "two":  # the second tab on the process that holds the table, as the first
            second_cm = svc.clients[0].websocket_connect("/ws")
        else:
            second_cm = svc.connect()
        with second_cm as second:
            hello(second, device)
            before, resumed = until_resume(second)
            assert before == [], before
            assert resumed["view"]["seat"] == "S"


@pytest.mark.parametrize(("game", "scale"), [("table", "tens"), ("britannica", "ones"), ("cutthroat", "ones")])
def test_every_view_names_its_games_scale(service: Open, game: str, scale: str) -> None:
    with service(bot_delay=0, rate=FAST) as svc, svc.connect() as ws:
        hello(ws)
        ws.send_json({"type": "new_match", "level": "easy", "game": game})
        seen: list[Msg] = []

        def souths_move(m: Msg) -> bool:
            if m["type"] == "state":
                seen.append(m)
            return m["type"] == "state" and m["view"]["turn"] == "S" and bool(m["view"]["legal"])

        turn = until(ws, souths_move, limit=20000)
        assert {(m["view"]["scale"], m["view"]["game"]) for m in seen} == {(scale, game)}
        if "bid" in turn["view"]["legal"]:
            low = turn["view"]["legal"]["bid"]["min"]
        else:  # South dealt and the others all passed: South is declarer at the opening bid, with no call
            assert turn["view"]["declarer"] == "S" and turn["view"]["stuck"], turn["view"]
            low = turn["view"]["bid"]
        if scale == "tens":
            assert low % 10 == 0 and low >= 200, low
        else:
            assert low <= 100, low
