"""Private rooms, Quick Match, stand-ins and limits over Starlette's TestClient WebSocket.

The protocol tests run in both modes (tests/service_support.py): one process on SQLite, and two processes
on a real Redis with the sockets spread over them.

The real-network versions (uvicorn, the ``websockets`` client, restarts) are in
tests/test_live.py; these check the protocol's answers in-process.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pinochle.server.app import create_app
from pinochle.server.protocol import MAX_ROOMS_PER_CONNECTION

from .redis_support import redis_server  # noqa: F401
from .service_support import Open, service  # noqa: F401
from .support import error, hello, of_type, until

Msg = dict[str, Any]
pytestmark = pytest.mark.timeout(90)






@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "rooms.db"


def make_room(a: Any, b: Any, level: str = "easy") -> tuple[Msg, Msg]:
    hello(a)
    hello(b)
    a.send_json({"type": "create_room", "name": "Ann", "level": level})
    joined_a = until(a, of_type("joined"))
    code = joined_a["room"]["code"]
    b.send_json({"type": "join_room", "code": code.lower()[:4] + "-" + code.lower()[4:], "name": "  <b>Bob</b> "})
    joined_b = until(b, of_type("joined"))
    return joined_a, joined_b


def test_a_room_from_lobby_to_table(service: Open) -> None:
    with service(bot_delay=0) as client, \
            client.connect() as a, client.connect() as b:
        ja, jb = make_room(a, b)
        room = jb["room"]
        assert ja["token"] != jb["token"] and len(ja["token"]) >= 16
        assert room["seats"]["S"]["name"] == "Ann" and room["seats"]["N"]["name"] == "<b>Bob</b>"
        assert room["creator"] == ja["room"]["you"] != room["you"]
        assert ja["token"] not in str(room) and jb["token"] not in str(until(a, of_type("room"))), "tokens stay private"
        bob_id = room["you"]
        # only the creator starts, and only when everyone is Ready
        b.send_json({"type": "start"})
        assert "creator" in error(b)["message"]
        a.send_json({"type": "ready", "ready": True})
        a.send_json({"type": "start"})
        assert error(a)["message"] == "waiting for <b>Bob</b> to be Ready"
        # the creator makes Bob an opponent (East): Ready is cleared
        a.send_json({"type": "arrange", "seats": {"S": ja["room"]["you"], "E": bob_id, "N": None, "W": None}})
        arranged = until(a, lambda m: m["type"] == "room" and m["room"]["seats"]["E"] is not None)
        assert arranged["room"]["seats"]["N"] is None and not arranged["room"]["seats"]["S"]["ready"]
        for ws in (a, b):
            ws.send_json({"type": "ready", "ready": True})
        until(a, lambda m: m["type"] == "room" and all(s is None or s["ready"] for s in m["room"]["seats"].values()))
        a.send_json({"type": "start"})
        playing = until(a, lambda m: m["type"] == "room" and m["room"]["phase"] == "playing")
        sa = until(a, of_type("state"))
        sb = until(b, of_type("state"))
        assert sa["event"] == sb["event"] == "start" and sa["match"]["kind"] == "room"
        assert sa["table"]["you"] == "S" and sb["table"]["you"] == "E"
        assert sa["view"]["seat"] == "S" and sb["view"]["seat"] == "E"
        assert len(sa["view"]["hand"]) == len(sb["view"]["hand"]) == 12
        seats = sa["table"]["seats"]
        assert seats["E"]["name"] == "<b>Bob</b>" and seats["N"]["computer"] and not seats["E"]["computer"]
        assert sa["table"]["room"] == ja["room"]["code"] and sa["table"]["timer"] is None
        # the room shows the match in play and refuses newcomers
        assert playing["room"]["match"] == sa["match"]["id"]
        with client.connect() as c:
            hello(c)
            c.send_json({"type": "join_room", "code": ja["room"]["code"], "name": "Cy"})
            assert error(c)["code"] == "room"


def test_wrong_codes_reveal_nothing_and_are_limited(service: Open) -> None:
    with service(bot_delay=0) as client, client.connect() as ws:
        hello(ws)
        answers = set()
        for code in ("ABCDEFGHJK", "nope", "x" * 500, "", "23456789AB"):
            ws.send_json({"type": "join_room", "code": code, "name": "Eve"})
            err = error(ws)
            assert err["code"] == "no_room"
            answers.add(err["message"])
        assert len(answers) == 1
        for _ in range(30):
            ws.send_json({"type": "join_room", "code": "ABCDEFGHJK", "name": "Eve"})
            if error(ws)["code"] == "rate_limited":
                break
        else:
            raise AssertionError("wrong codes were never limited")


def test_bad_names_and_room_caps(service: Open) -> None:
    with service(bot_delay=0) as client, client.connect() as ws:
        hello(ws)
        for name in ("", "   ", "x" * 21, "a\u0007b"):
            ws.send_json({"type": "create_room", "name": name})
            assert error(ws)["code"] == "room"
        ws.send_json({"type": "create_room", "name": 7})
        assert error(ws)["code"] == "bad_message"
        codes = []
        for _ in range(MAX_ROOMS_PER_CONNECTION):
            ws.send_json({"type": "create_room", "name": "Ann"})
            codes.append(until(ws, of_type("joined"))["room"]["code"])
        ws.send_json({"type": "create_room", "name": "Ann"})
        assert error(ws)["code"] == "too_many_rooms"
        assert len(set(codes)) == MAX_ROOMS_PER_CONNECTION
        # creating a new room left the previous ones, which were then empty and deleted
        with client.connect() as other:
            hello(other)
            other.send_json({"type": "join_room", "code": codes[0], "name": "Bob"})
            assert error(other)["code"] == "no_room"
            other.send_json({"type": "join_room", "code": codes[-1], "name": "Bob"})
            assert until(other, of_type("joined"))["room"]["code"] == codes[-1]


def test_creator_role_passes_on_and_reconnect_resyncs_the_lobby(service: Open) -> None:
    with service(bot_delay=0) as client:
        with client.connect() as a, client.connect() as b:
            ja, jb = make_room(a, b)
            device_b = None
            b.send_json({"type": "ready", "ready": True})
            until(b, lambda m: m["type"] == "room" and m["room"]["seats"]["N"]["ready"])
            a.send_json({"type": "leave"})
            assert until(a, of_type("left"))
            after = until(b, lambda m: m["type"] == "room" and m["room"]["seats"]["S"] is None)
            assert after["room"]["creator"] == jb["room"]["you"]
        # Bob comes back on a new socket with his seat token: the lobby is resent from storage
        with client.connect() as b2:
            w = hello(b2, device_b, jb["token"])
            assert w["seat"] == {"token": jb["token"], "room": jb["room"]["code"], "match": None}
            room = until(b2, of_type("room"))["room"]
            assert room["you"] == room["creator"] and room["seats"]["N"]["ready"]
        # an unknown seat token is forgotten
        with client.connect() as c:
            assert hello(c, None, ja["token"])["seat"] is None


def first_legal(view: Msg) -> Msg | None:
    legal = view["legal"]
    if "pass" in legal:
        return {"type": "pass"}
    if "trump" in legal:
        return {"type": "trump", "suit": legal["trump"][0]}
    if "play" in legal:
        return {"type": "play", "card": legal["play"][0]}
    if "deal" in legal:
        return {"type": "deal"}
    return None


def test_away_person_is_played_by_a_computer_until_they_return(service: Open) -> None:
    with service(bot_delay=0, away_seconds=0.3) as client:
        with client.connect() as a:
            b = client.connect().__enter__()
            ja, jb = make_room(a, b)
            for ws in (a, b):
                ws.send_json({"type": "ready", "ready": True})
            until(a, lambda m: m["type"] == "room" and all(s is None or s["ready"] for s in m["room"]["seats"].values()))
            a.send_json({"type": "start"})
            until(b, of_type("state"))
            b.__exit__(None, None, None)  # Bob drops
            # Ann plays on; Bob's seat (N) is played by a computer after 0.3 s, so the auction and play go on
            msg = until(a, of_type("state"))
            seen_stand_in = False
            acted: set[int] = set()
            deadline = time.monotonic() + 20
            while msg["view"]["phase"] in ("auction", "trump", "meld") or len(msg["view"]["tricks"]) < 3:
                assert time.monotonic() < deadline, "the table stalled waiting for a person who is gone"
                seen_stand_in |= msg["table"]["seats"]["N"]["stand_in"]
                move = first_legal(msg["view"])
                if move is not None and msg["view"]["turn"] == "S" and msg["view"]["version"] not in acted:
                    acted.add(msg["view"]["version"])
                    a.send_json({"type": "action", "match": msg["match"]["id"], "version": msg["view"]["version"],
                                 "action": move})
                msg = until(a, of_type("state"))
            assert seen_stand_in and not msg["table"]["seats"]["N"]["connected"]
            # Bob returns with his seat token and takes the seat back at once
            with client.connect() as b2:
                w = hello(b2, None, jb["token"])
                assert w["seat"]["match"] == msg["match"]["id"]
                # the resync comes first (docs/protocol.md, "Connecting"): the room, then the full view; the
                # seat's return announced, or a computer's move made, in the same instant follows it
                room = b2.receive_json()
                assert room["type"] == "room" and room["room"]["phase"] == "playing", room
                back = b2.receive_json()
                assert back["type"] == "state" and back["event"] == "resume", back
                assert back["table"]["you"] == "N"
                assert back["view"]["seat"] == "N" and back["view"]["hand"]
                here = until(a, lambda m: m["type"] == "state" and m["table"]["seats"]["N"]["connected"])
                assert not here["table"]["seats"]["N"]["stand_in"]


def test_quick_match_alone_fills_with_computers_and_the_move_timer_plays_for_you(service: Open) -> None:
    with service(bot_delay=0, search_seconds=0.2, quick_move_timer=0.3) as client, \
            client.connect() as ws:
        hello(ws)
        ws.send_json({"type": "quick_match", "name": "Sam"})
        searching = until(ws, of_type("searching"))
        assert searching["players"] == 1 and 0 <= searching["seconds_left"] <= 0.2
        matched = until(ws, of_type("matched"))
        start = until(ws, of_type("state"))
        assert start["match"]["id"] == matched["match"] and start["match"]["kind"] == "quick"
        seats = start["table"]["seats"]
        assert start["table"]["you"] == "S" and sum(s["computer"] for s in seats.values()) == 3
        # Sam never moves: the timer lets the computer play for Sam, so the hand goes on
        deadline = time.monotonic() + 20
        msg = start
        while not (msg["view"]["phase"] == "play" and msg["view"]["tricks"] and
                   any(t["cards"] and t["leader"] == "S" or len(t["cards"]) == 4 for t in msg["view"]["tricks"])):
            assert time.monotonic() < deadline, "the move timer never played for Sam"
            if msg["table"]["timer"] is not None:
                assert 0 <= msg["table"]["timer"]["seconds"] <= 0.3
            msg = until(ws, of_type("state"))
        assert msg["view"]["hand_sizes"]  # the table moved on without Sam


def test_cancel_search(service: Open) -> None:
    with service(bot_delay=0, search_seconds=30) as client, client.connect() as ws:
        hello(ws)
        ws.send_json({"type": "quick_match", "name": "Sam"})
        token = until(ws, of_type("searching"))["token"]
        ws.send_json({"type": "cancel_search"})
        until(ws, of_type("left"))
        assert hello(ws, None, token)["seat"] is None


def test_flooding_is_rate_limited(service: Open) -> None:
    with service(bot_delay=0) as client, client.connect() as ws:
        hello(ws)
        for _ in range(60):
            ws.send_json({"type": "resume"})
        codes = [ws.receive_json().get("code") for _ in range(60)]
        assert "rate_limited" in codes and codes.count("no_match") >= 30


# ---------------------------------------------------------------- regressions from the adversarial review


def test_a_cancel_while_tables_start_loses_nobody() -> None:
    """Regression: a cancel from a later group while the first table was being set up lost every later group."""
    import asyncio
    import concurrent.futures

    from pinochle.server.matchmaking import QuickMatch
    from pinochle.server.storage import SQLiteStorage
    from pinochle.server.table import Tables

    async def scenario() -> None:
        tables = Tables(SQLiteStorage(":memory:"), bot_delay=0)
        quick = QuickMatch(tables, search_seconds=100)
        tokens = [await quick.search(f"p{i}") for i in range(8)]
        create = tables.create

        def slow_create(*args: Any, **kwargs: Any) -> Any:
            time.sleep(0.05)
            return create(*args, **kwargs)

        tables.create = slow_create  # type: ignore[method-assign]
        ticking = asyncio.create_task(quick.tick())
        await asyncio.sleep(0.01)  # the tick is setting up the first table
        assert not await quick.cancel(tokens[5]), "too late: its table is being set up"
        assert await quick.searching(tokens[5]) and (await quick.status(tokens[5]))["players"] == 4
        started = await ticking
        assert len(started) == 2
        assert {r.token for t in started for r in t.seats} == set(tokens)
        assert not any([await quick.searching(t) for t in tokens])
        tables.close()

    concurrent.futures.ThreadPoolExecutor(1).submit(asyncio.run, scenario()).result(timeout=30)


def start_room(client: Any, a: Any, b: Any) -> tuple[Msg, Msg, str]:
    ja, jb = make_room(a, b)
    for ws in (a, b):
        ws.send_json({"type": "ready", "ready": True})
    until(a, lambda m: m["type"] == "room" and all(s is None or s["ready"] for s in m["room"]["seats"].values()))
    a.send_json({"type": "start"})
    match_id = until(a, of_type("state"))["match"]["id"]
    until(b, of_type("state"))
    return ja, jb, match_id


def test_a_match_everyone_left_stays_ended(db: Path) -> None:
    """Regression: the last person's seat token brought an ended match back to life (computers played on)."""
    app = create_app(db, bot_delay=0)
    with TestClient(app) as client:
        with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b, \
                client.websocket_connect("/ws") as b2:
            ja, jb, match_id = start_room(client, a, b)
            hello(b2, None, jb["token"])  # Bob's second tab
            a.send_json({"type": "leave"})
            until(a, of_type("left"))
            b.send_json({"type": "leave"})
            until(b, of_type("left"))
            until(b2, of_type("left"))  # the other tab is told too
        store = app.state.server.storage
        n = len(store.load(match_id).actions)
        with client.websocket_connect("/ws") as again:
            w = hello(again, None, jb["token"])
            assert w["seat"] is None
            again.send_json({"type": "resume", "match": match_id})
            assert error(again)["code"] == "no_match"
        time.sleep(0.3)
        stored = store.load(match_id)
        assert stored.finished and len(stored.actions) == n, "the ended match moved"


def test_start_and_leave_together_leave_no_ghost_seat(db: Path) -> None:
    """Regression: a leave landing while the table was created left the leaver seated as a disconnected person."""
    app = create_app(db, bot_delay=0)
    with TestClient(app) as client:
        for _ in range(4):
            with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
                ja, jb = make_room(a, b)
                for ws in (a, b):
                    ws.send_json({"type": "ready", "ready": True})
                until(a, lambda m: m["type"] == "room" and all(s is None or s["ready"] for s in m["room"]["seats"].values()))
                a.send_json({"type": "start"})
                b.send_json({"type": "leave"})
                until(b, of_type("left"))
                room = app.state.server.rooms.get(ja["room"]["code"])
                table = app.state.tables.get(room.match_id) if room.match_id else None
                assert table is None or table.seat_of([jb["token"]]) is None
                a.send_json({"type": "leave"})
                until(a, of_type("left"))


def test_idle_rooms_expire(db: Path) -> None:
    app = create_app(db, bot_delay=0)
    with TestClient(app) as client, client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        ja, jb = make_room(a, b)
        expired = client.portal.call(app.state.server.rooms.expire, -1.0)  # type: ignore[union-attr]
        assert expired == [ja["room"]["code"]]
        until(a, of_type("left"))
        with client.websocket_connect("/ws") as c:
            hello(c)
            c.send_json({"type": "join_room", "code": ja["room"]["code"], "name": "Cy"})
            assert error(c)["code"] == "no_room"


def test_resume_of_someone_elses_match_is_no_match(service: Open) -> None:
    """Regression: with a solo match of your own, another match's id was answered "stale ... replaced"."""
    with service(bot_delay=0) as client, \
            client.connect() as a, client.connect() as b, \
            client.connect() as c:
        _, _, match_id = start_room(client, a, b)
        hello(c)
        c.send_json({"type": "new_match", "level": "easy"})
        until(c, of_type("state"))
        c.send_json({"type": "resume", "match": match_id})
        assert error(c)["code"] == "no_match"
