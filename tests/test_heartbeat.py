"""The browser's heartbeat and the invitation check, over Starlette's TestClient.

- The welcome says how often the browser pings; a ping is answered with a pong.
- A connection that has pinged and then goes silent is closed by the server
  after ``HEARTBEAT_TIMEOUT`` (here made short), and the others at its table
  see that person away at once; a connection that never pinged is never timed out.
- ``GET /rooms/CODE`` says whether a room has that code, with one answer for
  every wrong code.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pinochle.server import app as app_module
from pinochle.server.app import create_app

from .redis_support import redis_server  # noqa: F401
from .service_support import Open, service  # noqa: F401
from .test_rooms_server import hello, make_room, of_type, until

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "hb.db"


def test_the_welcome_offers_a_heartbeat_and_a_ping_gets_a_pong(service: Open) -> None:
    with service(bot_delay=0) as client, client.connect() as ws:
        welcome = hello(ws)
        assert welcome["heartbeat"] == app_module.HEARTBEAT_SECONDS == 2
        assert welcome["heartbeat_timeout"] == app_module.HEARTBEAT_TIMEOUT == 7
        assert app_module.HEARTBEAT_SECONDS * 2 < app_module.HEARTBEAT_TIMEOUT <= 8  # away seen within 10 s
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


def test_a_ping_before_the_hello_gets_a_pong_and_the_hello_still_comes(service: Open) -> None:
    """docs/protocol.md: a ping is never refused, not even before the hello (found by a client written
    from the document alone: it was refused with unknown_type and the socket closed)."""
    with service(bot_delay=0) as client, client.connect() as ws:
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}
        ws.send_text('{"type": "ping"}')
        assert ws.receive_json() == {"type": "pong"}
        assert hello(ws)["type"] == "welcome"


def test_a_silent_connection_after_pings_is_closed_and_shows_as_away(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_module, "HEARTBEAT_TIMEOUT", 0.6)
    with TestClient(create_app(db, bot_delay=0)) as client, \
            client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        make_room(a, b)
        for ws in (a, b):
            ws.send_json({"type": "ready", "ready": True})
        a.send_json({"type": "start"})
        until(a, lambda m: m["type"] == "state")
        until(b, lambda m: m["type"] == "state")
        b_seat = "N"  # Bob joined second: opposite Ann (tests/test_rooms_server.py)
        b.send_json({"type": "ping"})
        until(b, of_type("pong"))
        started = time.monotonic()
        # Bob says nothing more (Ann never started a heartbeat, so she is never timed out); Ann sees Bob away
        until(a, lambda m: m["type"] == "state" and m["table"]["seats"][b_seat]["connected"] is False)
        assert time.monotonic() - started < 5
        # the server closed Bob's socket with "going away"
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(200):
                b.receive_json()
        assert closed.value.code == app_module.GONE_AWAY


def test_a_connection_that_never_pinged_is_not_timed_out(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_module, "HEARTBEAT_TIMEOUT", 0.3)
    with TestClient(create_app(db, bot_delay=0)) as client, client.websocket_connect("/ws") as ws:
        hello(ws)
        time.sleep(0.8)
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


def test_an_invitation_code_is_checked_before_a_name_is_asked(service: Open) -> None:
    with service(bot_delay=0) as client, \
            client.connect() as a, client.connect() as b:
        ja, _ = make_room(a, b)
        code = ja["room"]["code"]
        assert client.get(f"/rooms/{code}").json() == {"exists": True}
        assert client.get(f"/rooms/{code.lower()[:3]}-{code.lower()[3:]}").json() == {"exists": True}
        for wrong in ("ZZZZZZZZZZ", "!!", "A" * 39, code[:-1], "%3Cb%3Ex%3C%2Fb%3E", "a/b"):
            resp = client.get(f"/rooms/{wrong}")
            assert resp.status_code == 200 and resp.json() == {"exists": False}, wrong
        assert client.get(f"/rooms/{code}").headers["cache-control"] == "no-store"


def test_wrong_codes_asked_over_http_count_as_wrong_joins(service: Open) -> None:
    with service(bot_delay=0, guard_limits={"bad_codes": 3}) as client, \
            client.connect() as ws:
        device = hello(ws)["device"]
        for wrong in ("AAAAAAAAAA", "BBBBBBBBBB", "CCCCCCCCCC"):
            assert client.get(f"/rooms/{wrong}?device={device}").json() == {"exists": False}
        refused = client.get(f"/rooms/DDDDDDDDDD?device={device}")
        assert refused.status_code == 429 and "too many wrong room codes" in refused.json()["error"]
        # the same device's next join over the socket is refused as well
        ws.send_json({"type": "join_room", "code": "EEEEEEEEEE", "name": "Bob"})
        err = until(ws, lambda m: m["type"] == "error")
        assert err["code"] == "rate_limited", err


def test_a_review_being_worked_out_holds_up_nothing_else_on_the_socket(service: Open,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A decision review (or a hint) is worked out beside the socket's loop: a ping sent after it is answered
    at once, not after the review (a review of seconds made the browser's heartbeat give up and reconnect,
    and its answer went to the closed socket: found by a read-through of the code)."""
    from pinochle.server import aids

    async def slow_review(table: object, seat: int, hand: int) -> dict[str, object]:
        import asyncio
        await asyncio.sleep(1.5)
        return {"type": "review", "match": "m", "hand": hand, "decisions": []}

    monkeypatch.setattr(aids, "review", slow_review)
    with service(bot_delay=0) as client, client.connect() as ws:
        hello(ws)
        ws.send_json({"type": "new_match", "level": "easy"})
        state = until(ws, of_type("state"))
        ws.send_json({"type": "review", "match": state["match"]["id"], "hand": 1})
        ws.send_json({"type": "ping"})
        got: list[str] = []
        while "review" not in got:
            got.append(ws.receive_json()["type"])
        assert got.index("pong") < got.index("review"), got
