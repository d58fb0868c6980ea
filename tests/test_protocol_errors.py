"""Every error code and close code of docs/protocol.md, provoked by the situation the document names.

``ERROR_CASES`` maps each :class:`ErrorCode` to the tests that provoke it;
``test_every_error_code_has_a_case`` fails when a code is added without one,
and ``test_the_document_and_the_browser_list_the_same_codes`` when
docs/protocol.md or pinochle/web/protocol.js fall out of step with
``pinochle/server/protocol.py``. The numbers a message carries (part 3) are
checked field by field: each refusal names the field, its range and what was
sent.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pinochle.game import Action, turn, view
from pinochle.server.app import HANDLERS, Connection, create_app
from pinochle.server.limits import GuessGuard, Guard
from pinochle.server.protocol import CLIENT_TYPES, MAX_VERSION, CloseCode, ErrorCode, ProtocolError, parse_client
from pinochle.server.table import Table

from .service_support import Open, service  # noqa: F401
from .redis_support import RedisServer, RedisTarget, redis_server, redis_target  # noqa: F401
from .support import error, hello, of_type, until

Msg = dict[str, Any]
ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.timeout(120)


# ---------------------------------------------------------------- helpers



def south_to_bid(ws: Any) -> Msg:
    """Start solo matches until South may bid (a deal where South deals and three pass never offers a bid)."""
    for _ in range(40):
        ws.send_json({"type": "new_match", "level": "easy"})
        msg = until(ws, lambda m: m["type"] == "state" and m["view"]["turn"] == "S" and bool(m["view"]["legal"]))
        if "bid" in msg["view"]["legal"]:
            return msg
    raise AssertionError("South never had a bid in 40 deals")





def closed_with(ws: Any) -> int:
    """Read until the server closes the socket; the close code."""
    with pytest.raises(WebSocketDisconnect) as info:
        for _ in range(100):
            ws.receive_json()
    return int(info.value.code)


@pytest.fixture
def app(tmp_path: Path) -> Any:
    return create_app(tmp_path / "e.db", bot_delay=0)


@pytest.fixture
def client(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as c:
        yield c


def make_room(a: Any, b: Any) -> tuple[Msg, Msg]:
    """Ann creates a room (South), Bob joins (North); their ``joined`` messages."""
    hello(a)
    hello(b)
    a.send_json({"type": "create_room", "name": "Ann", "level": "easy"})
    ja = until(a, of_type("joined"))
    b.send_json({"type": "join_room", "code": ja["room"]["code"], "name": "Bob"})
    jb = until(b, of_type("joined"))
    return ja, jb


def ready_and_start(a: Any, b: Any) -> tuple[Msg, Msg]:
    """Both Ready, Ann starts; each one's first state of the new match."""
    for ws in (a, b):
        ws.send_json({"type": "ready", "ready": True})
    until(a, lambda m: m["type"] == "room" and all(s is None or s["ready"] for s in m["room"]["seats"].values()))
    a.send_json({"type": "start"})
    return until(a, of_type("state")), until(b, of_type("state"))


def latest_states(a: Any, b: Any, first: tuple[Msg, Msg]) -> tuple[Msg, Msg]:
    """Read on until it is a person's move (computers move at once): both people's newest state."""
    sa, sb = first
    while sa["view"]["turn"] not in ("S", "N") or sa["view"]["phase"] not in ("auction", "trump", "play"):
        sa = until(a, of_type("state"))
    while sb["view"]["version"] != sa["view"]["version"]:
        sb = until(b, of_type("state"))
    return sa, sb


async def play_out(table: Table) -> None:
    """Play the rest of ``table``'s match with its own (Easy) computer players, as the driver would."""
    async with table.lock:
        while table.state.phase != "match_end":
            seat = turn(table.state)
            assert seat is not None
            if table.state.phase == "hand_end":
                action = Action.deal_(seat)
            else:
                action = table.players[seat].act(view(table.state, seat))
            await table._apply(action)
            await table._auto()
    await table.broadcast("move")
    await table._after_change()


# ---------------------------------------------------------------- bad_message: one case per field and kind of fault

BAD_FRAMES: list[tuple[str, str]] = [
    ("not json", "a message is one JSON object"),
    ('{"type": "resume", "x": NaN}', "NaN is not a JSON number"),
    ('{"type": "resume", "x": -Infinity}', "-Infinity is not a JSON number"),
    ("[1, 2]", 'a message is a JSON object with a "type", not a list'),
    ('{"type": 7}', 'a "type" (text)'),
    ("[" * 5000 + "]" * 5000, "nested too deeply"),
    ('{"type": "new_match"}', "new_match.level is missing"),
    ('{"type": "new_match", "level": "grandmaster"}', 'new_match.level is one of "easy", "normal", "hard", not the text "grandmaster"'),
    ('{"type": "create_room", "name": 7}', "create_room.name is your display name (text), not 7"),
    ('{"type": "create_room", "name": "Ann", "level": null}', "create_room.level is one of"),
    ('{"type": "join_room", "name": "Ann"}', "join_room.code is missing"),
    ('{"type": "quick_match"}', "quick_match.name is missing"),
    ('{"type": "ready", "ready": "yes"}', 'ready.ready is true or false, not the text "yes"'),
    ('{"type": "ready", "ready": 1}', "ready.ready is true or false, not 1"),
    ('{"type": "room_level", "level": 2}', "room_level.level is one of"),
    ('{"type": "arrange", "seats": ["N"]}', "arrange.seats is {"),
    ('{"type": "arrange", "seats": {"X": null}}', 'arrange.seats has the seat the text "X": seats are N, E, S and W'),
    ('{"type": "arrange", "seats": {"n": null}}', 'the seat the text "n"'),
    ('{"type": "arrange", "seats": {"N": 5}}', "arrange.seats.N is a member id (text) or null, not 5"),
    ('{"type": "hello", "device": 5}', "hello.device is a token (text) or null, not 5"),
    ('{"type": "resume", "match": 7}', "resume.match is the match id (text), or null for your solo match, not 7"),
    ('{"type": "resume", "match": true}', "resume.match is the match id (text), or null for your solo match, not true"),
    ('{"type": "action", "version": 0, "action": {"type": "pass"}}', "action.match is missing"),
    ('{"type": "action", "match": 3, "version": 0, "action": {}}', "action.match is the id of the match"),
    ('{"type": "action", "match": null, "action": {}}', "action.version is missing"),
    ('{"type": "action", "match": null, "version": ' + "9" * 5000 + ', "action": {}}',
     "action.version is a whole number from 0 to 2147483647: a 5000-digit number is out of range"),
    ('{"type": "action", "match": null, "version": 0}', "action.action is missing"),
    ('{"type": "action", "match": null, "version": 0, "action": "pass"}', 'action.action is the move, an object such as {"type": "pass"}, not the text "pass"'),
]

RANGE = f"action.version is a whole number from 0 to {MAX_VERSION}"
NUMBER_FRAMES: list[tuple[Msg, str]] = [
    # version: a whole number from 0 to 2^31 - 1
    ({"version": "3"}, f'{RANGE}, not the text "3"'),
    ({"version": True}, f"{RANGE}, not true"),
    ({"version": None}, f"{RANGE}, not null"),
    ({"version": 2.5}, f"{RANGE}: 2.5 is not a whole number"),
    ({"version": 3.0}, f"{RANGE}, written without a fraction or an exponent: 3, not 3.0"),
    ({"version": -1}, f"{RANGE}: -1 is out of range"),
    ({"version": MAX_VERSION + 1}, f"{RANGE}: {MAX_VERSION + 1} is out of range"),
    ({"version": 10**40}, f"{RANGE}: a 41-digit number is out of range"),
    ({"version": -(10**4000)}, f"{RANGE}: a 4001-digit negative number is out of range"),
    ({"version": float("inf")}, f"{RANGE}: an infinite number is out of range"),
]
TIMER = "room_timer.seconds is 10 to 300 seconds"
PACE = "pace.bot_delay is 0 to 3 seconds"
FIELD_FRAMES: list[tuple[Msg, str]] = [
    ({"type": "room_timer"}, "room_timer.seconds is missing: it is null (no timer) or 10 to 300 seconds"),
    ({"type": "room_timer", "seconds": 5}, f"{TIMER}: 5 is out of range (null: no timer)"),
    ({"type": "room_timer", "seconds": 300.5}, f"{TIMER}: 300.5 is out of range"),
    ({"type": "room_timer", "seconds": "30"}, f'{TIMER}, not the text "30"'),
    ({"type": "room_timer", "seconds": True}, f"{TIMER}, not true"),
    ({"type": "room_timer", "seconds": 10**100}, f"{TIMER}: a 101-digit number is out of range"),
    ({"type": "pace"}, "pace.bot_delay is missing: it is 0 to 3 seconds"),
    ({"type": "pace", "bot_delay": 5}, f"{PACE}: 5 is out of range"),
    ({"type": "pace", "bot_delay": -0.5}, f"{PACE}: -0.5 is out of range"),
    ({"type": "pace", "bot_delay": False}, f"{PACE}, not false"),
    ({"type": "pace", "bot_delay": "1"}, f'{PACE}, not the text "1"'),
    ({"type": "pace", "bot_delay": float("inf")}, f"{PACE}: an infinite number is out of range"),
]


def _frame(msg: Msg) -> str:
    """JSON text for ``msg`` (infinity written as ``1e999``, which JSON allows and reads as infinite)."""
    return json.dumps(msg).replace("Infinity", "1e999")


def test_every_client_message_type_has_exactly_one_handler() -> None:
    """The connection's handler map (no if/elif chain) answers every type docs/protocol.md lists, and no other."""
    assert sorted(HANDLERS) == sorted(CLIENT_TYPES)
    assert all(inspect.iscoroutinefunction(h) and h.__name__ == f"_on_{t}" for t, h in HANDLERS.items())


@pytest.mark.parametrize("frame, says", BAD_FRAMES, ids=[f[0][:40] for f in BAD_FRAMES])
def test_bad_message_says_what_is_wrong(frame: str, says: str) -> None:
    """Each fault of a message's shape is ``bad_message``, and the message says which."""
    from pinochle.server.protocol import ProtocolError

    with pytest.raises(ProtocolError) as info:
        parse_client(frame)
    assert info.value.code == ErrorCode.BAD_MESSAGE
    assert says in str(info.value), str(info.value)


@pytest.mark.parametrize("fields, says", NUMBER_FRAMES, ids=[repr(f[0])[:40] for f in NUMBER_FRAMES])
def test_version_refusals_name_the_field_and_the_range(fields: Msg, says: str) -> None:
    from pinochle.server.protocol import ProtocolError

    with pytest.raises(ProtocolError) as info:
        parse_client(_frame({"type": "action", "match": None, "action": {"type": "pass"}, **fields}))
    assert info.value.code == ErrorCode.BAD_MESSAGE and str(info.value) == says


@pytest.mark.parametrize("msg, says", FIELD_FRAMES, ids=[repr(f[0])[:40] for f in FIELD_FRAMES])
def test_number_refusals_name_the_field_and_the_range(msg: Msg, says: str) -> None:
    from pinochle.server.protocol import ProtocolError

    with pytest.raises(ProtocolError) as info:
        parse_client(_frame(msg))
    assert info.value.code == ErrorCode.BAD_MESSAGE and str(info.value).startswith(says), str(info.value)


@pytest.mark.parametrize("msg", [
    {"type": "room_timer", "seconds": None},
    {"type": "room_timer", "seconds": 10},
    {"type": "room_timer", "seconds": 300},
    {"type": "room_timer", "seconds": 42.5},
    {"type": "pace", "bot_delay": 0},
    {"type": "pace", "bot_delay": 3},
    {"type": "pace", "bot_delay": 0.35},
    {"type": "action", "match": None, "version": 0, "action": {"type": "pass"}},
    {"type": "action", "match": "abc", "version": MAX_VERSION, "action": {"type": "pass"}},
    {"type": "resume"},
    {"type": "resume", "match": None},
    {"type": "create_room", "name": "Ann"},
    {"type": "arrange", "seats": {"N": None, "S": "id"}},
])
def test_the_ends_of_every_range_are_accepted(msg: Msg) -> None:
    assert parse_client(json.dumps(msg)).type == msg["type"]


def test_bad_message_over_the_socket_keeps_the_connection(client: TestClient) -> None:
    with client.websocket_connect("/ws") as ws:
        hello(ws)
        ws.send_json({"type": "room_timer", "seconds": 5})
        err = error(ws)
        assert err["code"] == "bad_message" and err["message"].startswith(f"{TIMER}: 5 is out of range")
        ws.send_bytes(b'{"type": "resume", "match": "\xff"}')  # not UTF-8
        assert error(ws) == {"type": "error", "code": "bad_message",
                             "message": "a binary frame must hold UTF-8 text (one JSON object)"}
        ws.send_json({"type": "hello", "device": None})
        assert ws.receive_json()["type"] == "welcome"


def test_huge_and_odd_bids_reach_the_engine_and_get_illegal(client: TestClient) -> None:
    """Numbers inside ``action`` are the engine's to check: ``illegal``, never ``server`` or a traceback."""
    with client.websocket_connect("/ws") as ws:
        hello(ws)
        v = south_to_bid(ws)["view"]
        for frame in ('{"type": "bid", "bid": ' + "9" * 5000 + "}", '{"type": "bid", "bid": 1e999}',
                      '{"type": "bid", "bid": true}', '{"type": "bid", "bid": 1000000010}',
                      '{"type": "bid", "bid": -250}', '{"type": "bid", "bid": "a lot"}', '{"type": "bid"}',
                      '{"type": "play", "card": 7}', '{"type": "trump", "suit": null}', '{"type": "fold"}'):
            ws.send_text(f'{{"type": "action", "match": null, "version": {v["version"]}, "action": {frame}}}')
            err = ws.receive_json()
            assert err["type"] == "error" and err["code"] == "illegal" and err["message"], (frame, err)
            # a huge number is named by its size: never repeated, never shown as another number
            assert "9999999999" not in err["message"] and "000,000,000,000" not in err["message"], err
        ws.send_json({"type": "resume"})
        assert until(ws, of_type("state"))["view"] == v, "nothing changed"


# ---------------------------------------------------------------- one situation per error code


def case_bad_message(client: TestClient, app: Any) -> None:
    """An ``action`` without ``match`` (``bad_message``, not ``no_match``), and ``resume`` with a wrong-typed one."""
    with client.websocket_connect("/ws") as ws:
        hello(ws)
        ws.send_json({"type": "action", "version": 0, "action": {"type": "pass"}})
        assert error(ws)["code"] == "bad_message"
        ws.send_json({"type": "resume", "match": 12})
        assert error(ws)["code"] == "bad_message"


def case_unknown_type(client: TestClient, app: Any) -> None:
    with client.websocket_connect("/ws") as ws:
        hello(ws)
        ws.send_json({"type": "explode"})
        err = error(ws)
        assert err["code"] == "unknown_type" and "explode" in err["message"]


def case_no_hello(client: TestClient, app: Any) -> None:
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "resume"})
        assert error(ws)["code"] == "no_hello"
        assert closed_with(ws) == CloseCode.BAD_HELLO


def case_no_match_without_a_solo_match(client: TestClient, app: Any) -> None:
    """``resume`` (``match`` left out or null) and ``action`` with ``match`` null, when the device has no solo match."""
    with client.websocket_connect("/ws") as ws:
        hello(ws)
        for msg in ({"type": "resume"}, {"type": "resume", "match": None},
                    {"type": "action", "match": None, "version": 0, "action": {"type": "pass"}}):
            ws.send_json(msg)
            assert error(ws)["code"] == "no_match", msg


def case_no_match_not_seated(client: TestClient, app: Any) -> None:
    """A move naming a match the sender is not seated at, even with a solo match of their own."""
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b, \
            client.websocket_connect("/ws") as c:
        make_room(a, b)
        sa, _ = ready_and_start(a, b)
        hello(c)
        c.send_json({"type": "new_match", "level": "easy"})
        until(c, of_type("state"))
        for msg in ({"type": "action", "match": sa["match"]["id"], "version": sa["view"]["version"],
                     "action": {"type": "pass"}},
                    {"type": "resume", "match": sa["match"]["id"]},
                    {"type": "resume", "match": "no-such-match"}):
            c.send_json(msg)
            err = error(c)
            assert err["code"] == "no_match" and err["message"] == "you are not seated at that match", msg


def case_stale_version(client: TestClient, app: Any) -> None:
    with client.websocket_connect("/ws") as ws:
        hello(ws)
        ws.send_json({"type": "new_match", "level": "easy"})
        v = until(ws, of_type("state"))["view"]
        ws.send_json({"type": "action", "match": None, "version": v["version"] + 7, "action": {"type": "pass"}})
        err = until(ws, of_type("error"))
        assert err["code"] == "stale" and f"your move was for {v['version'] + 7}" in err["message"]


def case_stale_room_match(client: TestClient, app: Any) -> None:
    """In a room, after a match ends, back_to_lobby, Ready and Start, a move naming the finished
    match is ``stale`` with the current match's state sent first (it was ``no_match`` with no state)."""
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        make_room(a, b)
        first, _ = ready_and_start(a, b)
        old_id = first["match"]["id"]
        table = app.state.tables.get(old_id)
        client.portal.call(play_out, table)  # type: ignore[union-attr]
        stored = app.state.server.storage.load(old_id)
        assert table.state.phase == "match_end" and stored.finished and stored.actions
        until(a, lambda m: m["type"] == "room" and m["room"]["phase"] == "review")
        until(b, lambda m: m["type"] == "room" and m["room"]["phase"] == "review")
        b.send_json({"type": "back_to_lobby"})
        until(a, lambda m: m["type"] == "room" and m["room"]["phase"] == "lobby")
        until(b, lambda m: m["type"] == "room" and m["room"]["phase"] == "lobby")
        sa, sb = ready_and_start(a, b)
        new_id = sa["match"]["id"]
        assert new_id != old_id
        sa, sb = latest_states(a, b, (sa, sb))
        for ws, seen in ((a, sa), (b, sb)):
            for msg in ({"type": "action", "match": old_id, "version": 7, "action": {"type": "pass"}},
                        {"type": "resume", "match": old_id}):
                ws.send_json(msg)
                resent = ws.receive_json()
                assert resent["type"] == "state" and resent["event"] == "resume", resent
                assert resent["match"]["id"] == new_id and resent["view"] == seen["view"]
                err = ws.receive_json()
                assert err["type"] == "error" and err["code"] == "stale", err


def case_stale_solo_match(client: TestClient, app: Any) -> None:
    with client.websocket_connect("/ws") as ws:
        hello(ws)
        ws.send_json({"type": "new_match", "level": "easy"})
        old = until(ws, of_type("state"))
        ws.send_json({"type": "new_match", "level": "hard"})
        new = until(ws, lambda m: m["type"] == "state" and m["match"]["id"] != old["match"]["id"])
        ws.send_json({"type": "action", "match": old["match"]["id"], "version": 0, "action": {"type": "pass"}})
        resent = until(ws, lambda m: m["type"] in ("state", "error") and m.get("event") != "move")
        assert resent["type"] == "state" and resent["match"]["id"] == new["match"]["id"]
        assert until(ws, lambda m: m["type"] == "error")["code"] == "stale"


def case_not_your_turn_a_persons_move(client: TestClient, app: Any) -> None:
    """A person's move on another person's turn is ``not_your_turn`` (the document now says so)."""
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        make_room(a, b)
        sa, sb = latest_states(a, b, ready_and_start(a, b))
        waiting, state = (b, sb) if sa["view"]["turn"] == "S" else (a, sa)
        assert not state["view"]["legal"]
        waiting.send_json({"type": "action", "match": state["match"]["id"], "version": state["view"]["version"],
                           "action": {"type": "pass"}})
        err = error(waiting)
        assert err["code"] == "not_your_turn" and ("Ann" in err["message"] or "Bob" in err["message"])


def case_not_your_turn_a_computers_move(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "slow.db", bot_delay=30)) as client, client.websocket_connect("/ws") as ws:
        hello(ws)
        ws.send_json({"type": "new_match", "level": "easy"})
        v = until(ws, of_type("state"))["view"]
        if v["turn"] == "S":  # South passes: the computers (30 s each) are to call next
            ws.send_json({"type": "action", "match": None, "version": v["version"], "action": {"type": "pass"}})
            v = until(ws, of_type("state"))["view"]
        assert v["turn"] != "S"
        ws.send_json({"type": "action", "match": None, "version": v["version"], "action": {"type": "pass"}})
        err = error(ws)
        assert err["code"] == "not_your_turn" and "computer" in err["message"]


def case_illegal(client: TestClient, app: Any) -> None:
    with client.websocket_connect("/ws") as ws:
        hello(ws)
        ws.send_json({"type": "new_match", "level": "easy"})
        # South's first move: a call, or (stuck as dealer after three passes) trump
        v = until(ws, lambda m: m["type"] == "state" and m["view"]["turn"] == "S" and bool(m["view"]["legal"]))["view"]
        ws.send_json({"type": "action", "match": None, "version": v["version"], "action": {"type": "bid", "bid": 255}})
        err = error(ws)
        why = "multiple of 10" if "bid" in v["legal"] else "not possible now"
        assert err["code"] == "illegal" and why in err["message"], (v["phase"], err)


def case_no_room(client: TestClient, app: Any) -> None:
    with client.websocket_connect("/ws") as ws:
        hello(ws)
        ws.send_json({"type": "join_room", "code": "ABCDEFGHJK", "name": "Eve"})
        assert error(ws)["code"] == "no_room"


def case_not_in_room(client: TestClient, app: Any) -> None:
    with client.websocket_connect("/ws") as ws:
        hello(ws)
        for kind in ({"type": "ready", "ready": True}, {"type": "room_level", "level": "hard"},
                     {"type": "room_timer", "seconds": 30}, {"type": "arrange", "seats": {}},
                     {"type": "start"}, {"type": "back_to_lobby"}):
            ws.send_json(kind)
            assert error(ws)["code"] == "not_in_room", kind
        # leave and cancel_search from someone in no room are answered left (docs/protocol.md)
        for kind in ({"type": "leave"}, {"type": "cancel_search"}):
            ws.send_json(kind)
            assert ws.receive_json() == {"type": "left"}, kind


def case_room(client: TestClient, app: Any) -> None:
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        make_room(a, b)
        b.send_json({"type": "start"})
        err = error(b)
        assert err["code"] == "room" and "creator" in err["message"]
        a.send_json({"type": "create_room", "name": "   "})
        assert error(a)["code"] == "room"


def case_rate_limited_flood(client: TestClient, app: Any) -> None:
    with client.websocket_connect("/ws") as ws:
        hello(ws)
        for _ in range(60):
            ws.send_json({"type": "resume"})
        codes = [ws.receive_json().get("code") for _ in range(60)]
        assert "rate_limited" in codes and codes.count("no_match") >= 40


def case_too_many_rooms(client: TestClient, app: Any) -> None:
    with client.websocket_connect("/ws") as ws:
        hello(ws)
        for _ in range(3):
            ws.send_json({"type": "create_room", "name": "Ann"})
            until(ws, of_type("joined"))
        ws.send_json({"type": "create_room", "name": "Ann"})
        assert error(ws)["code"] == "too_many_rooms"


def case_server(client: TestClient, app: Any) -> None:
    """A fault inside the server is ``server``; the connection stays open and nothing changed."""
    tables = app.state.tables

    def broken(device: str, level: str) -> Any:
        raise RuntimeError("the disk is on fire")

    real, tables.create_solo = tables.create_solo, broken
    try:
        with client.websocket_connect("/ws") as ws:
            hello(ws)
            ws.send_json({"type": "new_match", "level": "easy"})
            err = error(ws)
            assert err["code"] == "server" and "fire" not in err["message"]
            ws.send_json({"type": "resume"})
            assert error(ws)["code"] == "no_match"
    finally:
        tables.create_solo = real


def case_storage(client: TestClient, app: Any) -> None:
    """Storage that cannot write refuses the move as ``storage``; the match is unchanged
    (every kind of fault, and play resuming: tests/test_storage_faults.py)."""
    store = app.state.tables.storage
    with client.websocket_connect("/ws") as ws:
        hello(ws)
        msg = south_to_bid(ws)
        store._db.execute("PRAGMA query_only = ON")
        try:
            ws.send_json({"type": "action", "match": None, "version": msg["view"]["version"], "action": {"type": "pass"}})
            err = error(ws)
        finally:
            store._db.execute("PRAGMA query_only = OFF")
        assert err["code"] == "storage" and "read-only" in err["message"]
        ws.send_json({"type": "resume"})
        assert until(ws, of_type("state"))["view"]["version"] == msg["view"]["version"]


def case_no_undo(client: TestClient, app: Any) -> None:
    """Undo with nothing to undo (South's first move of the hand is still to come): ``no_undo``; the
    rooms, Quick Match and a hand's end: tests/test_undo_server.py."""
    with client.websocket_connect("/ws") as ws:
        hello(ws)
        msg = south_to_bid(ws)
        ws.send_json({"type": "undo", "match": None, "version": msg["view"]["version"]})
        err = error(ws)
        assert err["code"] == "no_undo" and "nothing to undo" in err["message"]
def case_no_hints(client: TestClient, app: Any) -> None:
    """A hint in a room whose creator has not turned hints on is ``no_hints`` (more: tests/test_service_hints.py)."""
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        make_room(a, b)
        sa, sb = latest_states(a, b, ready_and_start(a, b))
        ws, state = (a, sa) if sa["view"]["turn"] == "S" else (b, sb)
        ws.send_json({"type": "hint", "match": state["match"]["id"], "version": state["view"]["version"]})
        assert error(ws)["code"] == "no_hints"


ERROR_CASES: dict[ErrorCode, list[Callable[..., None]]] = {
    ErrorCode.BAD_MESSAGE: [case_bad_message],
    ErrorCode.UNKNOWN_TYPE: [case_unknown_type],
    ErrorCode.NO_HELLO: [case_no_hello],
    ErrorCode.NO_MATCH: [case_no_match_without_a_solo_match, case_no_match_not_seated],
    ErrorCode.STALE: [case_stale_version, case_stale_room_match, case_stale_solo_match],
    ErrorCode.NOT_YOUR_TURN: [case_not_your_turn_a_persons_move, case_not_your_turn_a_computers_move],
    ErrorCode.ILLEGAL: [case_illegal],
    ErrorCode.NO_ROOM: [case_no_room],
    ErrorCode.NOT_IN_ROOM: [case_not_in_room],
    ErrorCode.ROOM: [case_room],
    ErrorCode.RATE_LIMITED: [case_rate_limited_flood],  # the wrong-code and device limits: tests below
    ErrorCode.TOO_MANY_ROOMS: [case_too_many_rooms],
    ErrorCode.SERVER: [case_server],
    ErrorCode.STORAGE: [case_storage],
    ErrorCode.NO_UNDO: [case_no_undo],
    ErrorCode.NO_HINTS: [case_no_hints],
}
_CASES = [(code, case) for code, cases in ERROR_CASES.items() for case in cases]


def test_every_error_code_has_a_case() -> None:
    """A new ErrorCode fails here until a situation that produces it is added to ERROR_CASES."""
    assert set(ERROR_CASES) == set(ErrorCode)
    assert all(ERROR_CASES[code] for code in ErrorCode)


@pytest.mark.parametrize("code, case", _CASES, ids=[f"{c.value}-{f.__name__[5:]}" for c, f in _CASES])
def test_error_code(code: ErrorCode, case: Callable[..., None], client: TestClient, app: Any, tmp_path: Path) -> None:
    if list(inspect.signature(case).parameters) == ["tmp_path"]:
        case(tmp_path)
    else:
        case(client, app)


# ---------------------------------------------------------------- the limits that hold across reconnects


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def guarded_app(tmp_path: Path, clock: FakeClock, **limits: int) -> Any:
    return create_app(tmp_path / "g.db", bot_delay=0, guard=GuessGuard(clock=clock, **limits))


def wrong_code(ws: Any) -> str:
    ws.send_json({"type": "join_room", "code": "ABCDEFGHJK", "name": "Eve"})
    return str(error(ws)["code"])


def test_wrong_codes_are_counted_per_device_across_reconnects(service: Open) -> None:
    """The limit of wrong codes was per connection, so a reconnect got 20 more."""
    clock = FakeClock()
    with service(bot_delay=0, guard_limits={"bad_codes": 3, "bad_codes_per_address": 100}, guard_clock=clock) as client:
        with client.connect() as ws:
            device = hello(ws)["device"]
            assert [wrong_code(ws) for _ in range(3)] == ["no_room"] * 3
            assert wrong_code(ws) == "rate_limited"
        with client.connect() as ws:  # the same device on a new connection
            hello(ws, device)
            ws.send_json({"type": "join_room", "code": "ABCDEFGHJK", "name": "Eve"})
            err = error(ws)
            assert err["code"] == "rate_limited" and "this device (3 in an hour)" in err["message"]
            # a right code too is refused while the limit holds
            with client.connect() as owner:
                hello(owner)
                owner.send_json({"type": "create_room", "name": "Owner"})
                code = until(owner, of_type("joined"))["room"]["code"]
                ws.send_json({"type": "join_room", "code": code, "name": "Eve"})
                assert error(ws)["code"] == "rate_limited"
                # an hour after the first wrong codes, they no longer count
                clock.now += 3600
                ws.send_json({"type": "join_room", "code": code, "name": "Eve"})
                assert until(ws, of_type("joined"))["room"]["code"] == code
        with client.connect() as other:  # another device from the same address was never limited
            hello(other)
            assert wrong_code(other) == "no_room"


def test_wrong_codes_are_counted_per_address_across_devices(service: Open) -> None:
    clock = FakeClock()
    with service(bot_delay=0, guard_limits={"bad_codes": 3, "bad_codes_per_address": 5}, guard_clock=clock) as client:
        got = []
        for _ in range(3):  # three fresh devices from one address
            with client.connect() as ws:
                hello(ws)
                got += [wrong_code(ws) for _ in range(2)]
        assert got == ["no_room"] * 5 + ["rate_limited"]
        with client.connect() as ws:
            hello(ws)
            ws.send_json({"type": "join_room", "code": "ABCDEFGHJK", "name": "Eve"})
            assert "your network (5 in an hour)" in error(ws)["message"]


class StubSocket:
    """The WebSocket a :class:`Connection` is given: one client address; what is sent is kept."""

    def __init__(self) -> None:
        self.client = type("Address", (), {"host": "7.7.7.7"})()
        self.sent: list[dict[str, Any]] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(json.loads(text))


async def joins_at_once(db: Path, guard: Guard, wrong: int) -> tuple[list[str], list[str]]:
    """One device's sockets at once (``asyncio.gather``): the first joins a room with its right code while
    ``wrong`` others try a wrong one; then the device tries wrong codes one by one until it is refused.
    The answers of both rounds (``joined`` or the error's code)."""
    server = create_app(db, bot_delay=0, guard=guard).state.server
    owner = Connection(StubSocket(), server)  # type: ignore[arg-type]
    await owner.hello(None, None)
    await owner.handle(json.dumps({"type": "create_room", "name": "Owner"}))
    code = owner.ws.sent[-1]["room"]["code"]  # type: ignore[attr-defined]
    sockets: list[Connection] = []
    device = None
    for _ in range(wrong + 1):
        sockets.append(Connection(StubSocket(), server))  # type: ignore[arg-type]
        await sockets[-1].hello(device, None)
        device = sockets[-1].device

    async def join(c: Connection, code: str) -> str:
        try:
            await c.handle(json.dumps({"type": "join_room", "code": code, "name": "Eve"}))
        except ProtocolError as err:
            return err.code.value
        return "joined"

    at_once = list(await asyncio.gather(join(sockets[0], code), *(join(c, "ABCDEFGHJK") for c in sockets[1:])))
    later = []
    while not later or later[-1] == "no_room":
        later.append(await join(sockets[-1], "ABCDEFGHJK"))
    return at_once, later


def test_wrong_codes_tried_at_once_never_pass_the_limit(tmp_path: Path) -> None:
    """Found by a tester: the limit was checked before the join and counted after it failed, so attempts made
    at the same moment all passed the check (here while a right join held the rooms' lock; across processes
    while the join awaited Redis). Each attempt is now counted as it is checked, and a right code taken back."""
    at_once, later = asyncio.run(joins_at_once(tmp_path / "g.db", GuessGuard(bad_codes=3, bad_codes_per_address=100),
                                               wrong=6))
    assert at_once[0] == "joined"
    assert set(at_once[1:]) <= {"no_room", "rate_limited"}
    assert at_once.count("no_room") + later.count("no_room") == 3, (at_once, later)  # the right code did not count
    assert later[-1] == "rate_limited"


def test_an_address_may_use_a_limited_number_of_device_tokens(tmp_path: Path) -> None:
    """Made-up or fresh device tokens beyond the cap are refused (rate_limited, then close 1008); known ones are not."""
    clock = FakeClock()
    with TestClient(guarded_app(tmp_path, clock, devices_per_address=3)) as client:
        devices = []
        for i in range(3):
            with client.websocket_connect("/ws") as ws:
                devices.append(hello(ws, None if i == 0 else f"made-up-device-{i:04d}")["device"])
        for token in (None, "made-up-device-9999"):
            with client.websocket_connect("/ws") as ws:
                ws.send_json({"type": "hello", "device": token, "seat": None})
                err = ws.receive_json()
                assert err["code"] == "rate_limited" and "new devices from your network (3 in an hour)" in err["message"]
                assert closed_with(ws) == CloseCode.RATE_LIMITED
        with client.websocket_connect("/ws") as ws:  # a device already used from this address still works
            assert hello(ws, devices[0])["device"] == devices[0]
            ws.send_json({"type": "hello", "device": "made-up-device-8888"})  # a later hello is refused, the socket stays
            assert error(ws)["code"] == "rate_limited"
            ws.send_json({"type": "new_match", "level": "easy"})
            assert until(ws, of_type("state"))["match"]["kind"] == "solo"
        clock.now += 3600
        with client.websocket_connect("/ws") as ws:
            assert hello(ws)["device"] not in devices


# ---------------------------------------------------------------- close codes


def close_rate_limited(client: TestClient, tmp_path: Path) -> None:
    test_an_address_may_use_a_limited_number_of_device_tokens(tmp_path)


def close_too_big(client: TestClient, tmp_path: Path) -> None:
    with client.websocket_connect("/ws") as ws:
        hello(ws)
        ws.send_text(json.dumps({"type": "resume", "pad": "x" * 16 * 1024}))
        assert closed_with(ws) == CloseCode.TOO_BIG


def close_bad_hello(client: TestClient, tmp_path: Path) -> None:
    for first in ("not json", '{"type": "explode"}', '{"type": "hello", "device": 5}', '{"type": "resume"}'):
        with client.websocket_connect("/ws") as ws:
            ws.send_text(first)
            assert ws.receive_json()["type"] == "error"
            assert closed_with(ws) == CloseCode.BAD_HELLO, first


#: Each close code, and the test that shows the server closing with it (None: the server never sends it).
CLOSE_CASES: dict[CloseCode, Callable[[TestClient, Path], None] | str | None] = {
    CloseCode.NORMAL: None,
    CloseCode.RATE_LIMITED: close_rate_limited,  # also after 200 refusals: tests/test_live.py::test_burst_is_rate_limited_and_closed
    CloseCode.TOO_BIG: close_too_big,
    CloseCode.SERVICE_RESTART: "tests/test_live.py::test_shutdown_close_code",
    CloseCode.BAD_HELLO: close_bad_hello,
    CloseCode.GOING_AWAY: "tests/test_heartbeat.py::test_a_silent_connection_after_pings_is_closed_and_shows_as_away",
    CloseCode.BAD_ORIGIN: "tests/test_edge.py::test_a_socket_from_another_origin_is_refused_with_its_close_code",
}


def test_every_close_code_has_a_case() -> None:
    assert set(CLOSE_CASES) == set(CloseCode)
    for code, case in CLOSE_CASES.items():
        if isinstance(case, str):
            path, name = case.split("::")
            assert f"def {name}(" in (ROOT / path).read_text(), case


@pytest.mark.parametrize("code", [c for c, f in CLOSE_CASES.items() if callable(f)], ids=lambda c: c.name)
def test_close_code(code: CloseCode, client: TestClient, tmp_path: Path) -> None:
    case = CLOSE_CASES[code]
    assert callable(case)
    case(client, tmp_path)


# ---------------------------------------------------------------- the document and the browser's copy


def _doc_table(section: str) -> list[str]:
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    body = text.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    return [line for line in body.splitlines() if line.startswith("| ") and not line.startswith("| code")]


def _js_enum(name: str) -> dict[str, str]:
    text = (ROOT / "pinochle" / "web" / "protocol.js").read_text(encoding="utf-8")
    body = text.split(f"export const {name} = Object.freeze({{", 1)[1].split("});", 1)[0]
    return dict(re.findall(r"(\w+): \"?([\w]+)\"?,", body))


def test_the_document_and_the_browser_list_the_same_codes() -> None:
    rows = _doc_table("Errors")
    documented = [re.match(r"\| `(\w+)` \| (.+) \|$", row) for row in rows]
    assert all(documented), rows
    assert [m.group(1) for m in documented if m] == [c.value for c in ErrorCode]
    assert all(len(m.group(2)) > 20 for m in documented if m), "every code says what causes it"
    closes = [re.match(r"\| (\d+) \| `(\w+)` \| (.+) \|$", row) for row in _doc_table("Close codes")]
    assert all(closes)
    assert [(int(m.group(1)), m.group(2)) for m in closes if m] == [(c.value, c.name) for c in CloseCode]
    assert _js_enum("ErrorCode") == {c.name: c.value for c in ErrorCode}
    assert _js_enum("CloseCode") == {c.name: str(c.value) for c in CloseCode}


def test_protocol_error_paths_never_answer_server(client: TestClient) -> None:
    """Every malformed message gets its documented code; none reaches the catch-all ``server``."""
    with client.websocket_connect("/ws") as ws:
        hello(ws)
        frames = [f for f, _ in BAD_FRAMES] + [_frame({"type": "action", "match": None, "action": {}, **f})
                                              for f, _ in NUMBER_FRAMES] + [_frame(m) for m, _ in FIELD_FRAMES]
        for i, frame in enumerate(frames):
            if i % 30 == 29:
                time.sleep(1.0)  # stay under the rate limit (10 a second, bursts of 40)
            ws.send_text(frame)
            err = ws.receive_json()
            assert err["type"] == "error" and err["code"] == "bad_message", (frame[:80], err)


# ---------------------------------------------------------------- any JSON in any field, lone surrogates included

def _documented(section: str, pattern: str = r"^\| `(\w+)` \|") -> list[str]:
    """The names in the first column of a table of docs/protocol.md's ``section`` (its message types)."""
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    body = text.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    return [m.group(1) for line in body.splitlines() if (m := re.match(pattern, line))]


def _utf8_json(text: str) -> Msg:
    """A frame the server sent: UTF-8 must carry it (the ASGI server encodes every text frame so;
    the test client does not), and it is one JSON object."""
    text.encode("utf-8")  # UnicodeEncodeError: the frame that dropped the socket (1006) in a real server
    msg: Msg = json.loads(text)
    return msg


def test_a_lone_surrogate_as_the_type_is_unknown_type_and_the_socket_stays_open(client: TestClient) -> None:
    """Regression: ``{"type":"\\ud800"}`` (valid JSON) raised UnicodeEncodeError while the error quoting
    the type was sent, and the socket closed with 1006. The type is quoted as JSON writes it."""
    with client.websocket_connect("/ws") as ws:
        hello(ws)
        ws.send_text('{"type":"\\ud800"}')
        err = _utf8_json(ws.receive_text())
        assert err["code"] == "unknown_type"
        assert err["message"].startswith('unknown message type the text "\\ud800": expected one of hello, ')
        ws.send_text('{"type":"hello","device":null,"seat":"\\udfff"}')
        assert _utf8_json(ws.receive_text())["type"] == "welcome"
    with client.websocket_connect("/ws") as ws:  # as the first frame: the documented close, after the error
        ws.send_text('{"type":"\\ud800"}')
        assert _utf8_json(ws.receive_text())["code"] == "unknown_type"
        assert closed_with(ws) == CloseCode.BAD_HELLO


#: Frames quoting, naming or looking up a lone surrogate: the error answering each, and what its message says
#: (``@V``: the version of the table, where South may bid).
SURROGATE_FRAMES = [
    ('{"type":"new_match","level":"\\ud800"}', "bad_message", 'not the text "\\ud800"'),
    ('{"type":"room_game","game":"x\\udc00"}', "bad_message", 'the text "x\\udc00" is not a game'),
    ('{"type":"arrange","seats":{"\\ud83d":null}}', "bad_message", 'has the seat the text "\\ud83d"'),
    ('{"type":"action","match":null,"version":@V,"action":{"type":"bid","bid":"\\ud800"}}', "illegal",
     "a bid needs a whole number of points, not '\\ud800'"),
    ('{"type":"create_room","name":"Sylvie\\ud83d"}', "room", "half a character"),
    ('{"type":"quick_match","name":"\\ude00"}', "room", "half a character"),
    ('{"type":"join_room","code":"ABCDEFGHJK","name":"\\ud800"}', "room", "half a character"),
    ('{"type":"resume","match":"\\ud800"}', "no_match", "not seated at that match"),
    ('{"type":"action","match":"\\ud800","version":0,"action":{"type":"pass"}}', "no_match", "not seated"),
    ('{"type":"join_room","code":"\\ud800","name":"Ann"}', "no_room", "no room has that code"),
]


def _answer_surrogates(client: TestClient) -> None:
    """Send each of :data:`SURROGATE_FRAMES` at a socket whose solo match waits for South's bid (a match id
    is then looked up in storage), and check its answer; then the socket is still open (a ``hello`` is welcomed)."""
    with client.websocket_connect("/ws") as ws:
        hello(ws)
        version = south_to_bid(ws)["view"]["version"]
        for frame, code, quoted in SURROGATE_FRAMES:
            ws.send_text(frame.replace("@V", str(version)))
            msg = _utf8_json(ws.receive_text())
            while msg["type"] == "state":
                msg = _utf8_json(ws.receive_text())
            assert (msg["type"], msg["code"]) == ("error", code) and quoted in msg["message"], (frame, msg)
        ws.send_json({"type": "hello", "device": None})
        assert until(ws, of_type("welcome"))["device"]


def test_client_text_with_a_lone_surrogate_is_quoted_safely_or_refused_by_name(client: TestClient) -> None:
    """Regression: quoted back, a lone surrogate made an unsendable frame; as a match id it reached
    SQLite, which cannot take it (``server``). A name holding one is refused (``room``): never saved."""
    _answer_surrogates(client)


def test_lone_surrogates_on_redis(redis_target: RedisTarget, tmp_path: Path) -> None:
    """The same on a process of a service on Redis (``pinochle serve --redis``), whose keys are UTF-8 too."""
    app = create_app(tmp_path / "unused.db", bot_delay=0, redis=redis_target.url, redis_prefix=redis_target.prefix)
    with TestClient(app) as client:
        _answer_surrogates(client)


def test_send_json_never_fails_on_the_text(tmp_path: Path) -> None:
    """A frame UTF-8 cannot carry is sent with JSON escapes instead of failing (as uvicorn's send would,
    encoding the frame before writing any of it): the socket stays usable whatever a message quotes."""
    from pinochle.server.app import send_json

    class Encoding:
        """A socket that encodes each text frame to UTF-8, as the ASGI server does (Starlette's JSON)."""

        def __init__(self) -> None:
            self.sent: list[bytes] = []

        async def send_text(self, text: str) -> None:
            self.sent.append(text.encode("utf-8"))

    ws = Encoding()
    asyncio.run(send_json(ws, {"type": "error", "code": "illegal", "message": "not \ud800 but ♠"}))  # type: ignore[arg-type]
    asyncio.run(send_json(ws, {"type": "left", "note": "K♠"}))  # type: ignore[arg-type]
    assert ws.sent[0] == b'{"type":"error","code":"illegal","message":"not \\ud800 but \\u2660"}'
    assert json.loads(ws.sent[0])["message"] == "not \ud800 but ♠"
    assert ws.sent[1] == '{"type":"left","note":"K♠"}'.encode()  # readable UTF-8 when it can be


#: Text of every kind, with lone surrogates often (JSON may hold "\ud800" alone; UTF-8 cannot): a list of
#: characters, each from one of the three kinds (``st.text`` would merge them, and draw a surrogate rarely).
ANY_TEXT = st.lists(st.one_of(st.characters(categories=["Cs"]), st.characters(max_codepoint=0x7F), st.characters()),
                    max_size=24).map("".join)
#: Any JSON value.
ANY_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
                        | ANY_TEXT, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(ANY_TEXT, inner, max_size=3),
                        max_leaves=6)
CARD_TEXT = st.sampled_from(["AS", "TS", "KH", "QD", "JC", "9S", "10♠", "A♥"])
#: Stand-ins the test replaces with what the socket knows: its solo match's id and version, its own member
#: id in its room.
SOLO, VERSION, MEMBER = "@solo-match", "@version", "@member"


def _field(plausible: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """A value inside a field: one it could hold, any JSON value, or any text."""
    return st.one_of(plausible, ANY_JSON, ANY_TEXT)


LEVEL = st.sampled_from(["easy", "normal", "hard"])
GAME = st.sampled_from(["table", "cutthroat", "auction", "two-handed", "racehorse"])
PLAYERS = st.sampled_from([None, 2, 3, 4, 5])
NAME = st.sampled_from(["Ann", "Bob", "Zoë", "👨\u200d👩\u200d👧"]) | ANY_TEXT  # a name is any text
MATCH = st.sampled_from([None, SOLO])
#: A move: the engine reads what is inside (a card, a suit, a bid of any text or value).
ACTION = st.fixed_dictionaries(
    {"type": _field(st.sampled_from(["bid", "pass", "trump", "give", "bury", "concede", "play_on", "play", "deal"]))},
    optional={"bid": _field(st.sampled_from([250, 260, 1000])), "suit": _field(st.sampled_from(["S", "H", "♦"])),
              "card": _field(CARD_TEXT), "cards": _field(st.lists(_field(CARD_TEXT), max_size=4)), "seat": ANY_JSON})
#: The fields of every client message type of docs/protocol.md ("Client → server"), with values they could hold.
FIELDS: dict[str, dict[str, st.SearchStrategy[Any]]] = {
    "hello": {"device": st.sampled_from([None, "d" * 24]), "seat": st.none()},
    "new_match": {"level": LEVEL, "game": GAME, "players": PLAYERS},
    "resume": {"match": MATCH},
    "action": {"match": MATCH, "version": st.just(VERSION) | st.integers(0, 40), "action": ACTION},
    "create_room": {"name": NAME, "level": LEVEL, "game": GAME, "players": PLAYERS},
    "join_room": {"code": st.sampled_from(["ABCDEFGHJK", "abcd-efgh-jk"]) | ANY_TEXT, "name": NAME},
    "ready": {"ready": st.booleans()},
    "room_level": {"level": LEVEL},
    "room_timer": {"seconds": st.none() | st.integers(10, 300)},
    "room_game": {"game": GAME, "players": PLAYERS},
    "arrange": {"seats": st.dictionaries(st.sampled_from(["N", "E", "S", "W", "0", "4"]) | ANY_TEXT,
                                         _field(st.sampled_from([None, MEMBER])), max_size=4)},
    "start": {},
    "back_to_lobby": {},
    "leave": {},
    "quick_match": {"name": NAME, "game": GAME, "players": PLAYERS},
    "cancel_search": {},
    "pace": {"bot_delay": st.floats(0, 3)},
    "undo": {"match": MATCH, "version": st.just(VERSION) | st.integers(0, 40)},
    "history": {"match": MATCH},
    "hint": {"match": MATCH, "version": st.just(VERSION) | st.integers(0, 40)},
    "room_hints": {"on": st.booleans()},
    "review": {"match": MATCH, "hand": st.integers(1, 3)},
    "stats": {},
}


@st.composite
def client_messages(draw: st.DrawFn, kind: str) -> Msg:
    """A message of type ``kind`` whose fields hold values they could hold (each may be left out), but
    one: one of its fields, a field of any name, or its type holds any JSON value or any text (or none
    does: then only what is inside ``action`` and ``seats`` may be odd)."""
    msg: Msg = {key: draw(value) for key, value in FIELDS[kind].items() if draw(st.integers(0, 7))}
    odd = "type" if draw(st.integers(0, 7)) == 7 else draw(st.sampled_from([*FIELDS[kind], "any name", "none"]))
    if odd == "any name":
        msg[draw(ANY_TEXT)] = draw(ANY_JSON)
    elif odd not in ("type", "none"):
        msg[odd] = draw(st.one_of(ANY_JSON, ANY_TEXT))
    msg["type"] = draw(ANY_TEXT) if odd == "type" else kind
    return msg


def _fill(value: Any, known: dict[str, Any]) -> Any:
    """``value`` with the stand-ins replaced (:data:`SOLO`, :data:`VERSION`, :data:`MEMBER`; ``VERSION``
    without a solo match: 0)."""
    if isinstance(value, str):
        return known.get(value, 0 if value == VERSION else value)
    if isinstance(value, dict):
        return {k: _fill(v, known) for k, v in value.items()}
    return value


def test_the_document_lists_the_client_types_the_property_sends() -> None:
    assert sorted(_documented("Client → server")) == sorted(FIELDS) == sorted(CLIENT_TYPES)


@pytest.mark.parametrize("kind", sorted(FIELDS))
def test_any_json_in_any_field_is_answered_and_the_socket_stays_open(kind: str, tmp_path: Path) -> None:
    """Any JSON value (text with lone surrogates included) in any field of any client message, at a
    socket with no match, a solo match or a room: every answer is a documented message (an ``error``
    with a documented code other than ``server``, which would mean the handler raised), sent as UTF-8
    JSON; nothing raises out of the handler; and the socket stays open: a ``hello`` after it is welcomed."""
    server_types = set(_documented("Server → client")) | {"pong"}
    codes = set(_documented("Errors")) - {"server"}
    app = create_app(tmp_path / "any.db", bot_delay=0, rate=(10_000.0, 10_000),
                     guard=GuessGuard(bad_codes=10**6, bad_codes_per_address=10**6, devices_per_address=10**6))
    device = "fuzzing-device-0123456789"

    def answers(ws: Any, frame: str, aid: bool = False) -> list[Msg]:
        """Send ``frame``, then a ping; every message before the pong (a message is handled whole before the
        next), and for a hint or a review (``aid``) its one answer, which may come after the pong (docs/protocol.md,
        "Hints": they are worked out beside the other messages)."""
        ws.send_text(frame)
        ws.send_text('{"type":"ping"}')
        out: list[Msg] = []
        while (msg := _utf8_json(ws.receive_text()))["type"] != "pong":
            out.append(msg)
        if aid:
            while not any(m["type"] in (kind, "error") for m in out):
                out.append(_utf8_json(ws.receive_text()))
        return out

    with TestClient(app) as client:

        @settings(max_examples=50 if kind == "action" else 20, deadline=None, derandomize=True,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
        # a move needs a match to reach the engine: moves are sent at a solo match (a room has none yet)
        @given(setup=st.sampled_from(["solo"] if kind == "action" else ["greeted", "solo", "room"]),
               msg=client_messages(kind))
        def answered(setup: str, msg: Msg) -> None:
            with client.websocket_connect("/ws") as ws:
                hello(ws, device=device)
                known: dict[str, Any] = {}
                if setup == "solo":
                    started = [m for m in answers(ws, json.dumps({"type": "new_match", "level": "easy"}))
                               if m["type"] == "state"]
                    known[SOLO], known[VERSION] = started[0]["match"]["id"], started[-1]["view"]["version"]
                elif setup == "room":
                    joined = answers(ws, json.dumps({"type": "create_room", "name": "Ann"}))
                    known[MEMBER] = next(m for m in joined if m["type"] == "joined")["room"]["you"]
                frame = json.dumps(_fill(msg, known))  # ASCII escapes: a lone surrogate is sent as \ud800
                for reply in answers(ws, frame, aid=kind in ("hint", "review")):
                    assert reply["type"] in server_types, (frame, reply)
                    if reply["type"] == "error":
                        assert reply["code"] in codes and reply["message"], (frame, reply)
                ws.send_json({"type": "hello", "device": device})
                assert until(ws, of_type("welcome"))["device"] == device

        answered()
