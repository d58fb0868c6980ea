"""Protocol tests of the solo table over Starlette's TestClient WebSocket."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pinochle.server.app import HEARTBEAT_SECONDS, create_app
from pinochle.server.protocol import MAX_MESSAGE_BYTES, CloseCode

from .redis_support import redis_server  # noqa: F401
from .service_support import Open, service  # noqa: F401
from .support import until

Msg = dict[str, Any]


def hello(ws: Any, device: str | None = None) -> Msg:
    """Say hello and return the welcome (skipping state frames still on their way)."""
    ws.send_json({"type": "hello", "device": device})
    for _ in range(400):
        msg: Msg = ws.receive_json()
        if msg["type"] == "welcome":
            return msg
        assert msg["type"] == "state", msg
    raise AssertionError("no welcome")



def my_move(msg: Msg) -> bool:
    return msg["type"] == "state" and bool(msg["view"]["legal"])


def choose(view: Msg) -> Msg:
    """A simple legal move for South from the view's legal moves."""
    legal = view["legal"]
    if "pass" in legal:
        return {"type": "pass"}
    if "trump" in legal:
        return {"type": "trump", "suit": legal["trump"][0]}
    if "play" in legal:
        return {"type": "play", "card": legal["play"][-1]}
    if "deal" in legal:
        return {"type": "deal"}
    raise AssertionError(f"no move in {legal}")


def play_until(ws: Any, msg: Msg, stop: Any) -> Msg:
    while not stop(msg):
        if my_move(msg):
            ws.send_json({"type": "action", "match": None, "version": msg["view"]["version"], "action": choose(msg["view"])})
        msg = until(ws, lambda m: m["type"] == "state")
    return msg


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "t.db"


def test_a_whole_hand_then_resume_after_restart(service: Open) -> None:
    with service(bot_delay=0) as client, client.connect() as ws:
        welcome = hello(ws)
        device = welcome["device"]
        assert welcome["match"] is None and isinstance(device, str) and len(device) >= 16
        ws.send_json({"type": "new_match", "level": "normal"})
        msg = until(ws, lambda m: m["type"] == "state")
        assert msg["event"] == "start" and msg["view"]["seat"] == "S" and len(msg["view"]["hand"]) == 12
        # the view never holds another seat's hand
        assert set(msg["view"]) >= {"hand", "legal", "version"} and "hands" not in msg["view"]
        msg = play_until(ws, msg, lambda m: m["view"]["phase"] == "hand_end")
        last = msg["view"]["last_hand"]
        assert sum(last["counters"].values()) == 250 and sum(last["tricks"].values()) == 12
        assert msg["view"]["legal"] == {"deal": True}
        # into the next hand, a few tricks deep
        msg = play_until(ws, msg, lambda m: m["view"]["phase"] == "play" and len(m["view"]["tricks"]) >= 3
                         and m["view"]["turn"] == "S")
        match_id = msg["match"]["id"]
        seen = msg["view"]
    # a new server process on the same database
    with service(bot_delay=0) as client, client.connect() as ws:
        welcome = hello(ws, device)
        assert welcome["device"] == device and welcome["match"]["id"] == match_id
        ws.send_json({"type": "resume"})
        msg = until(ws, lambda m: m["type"] == "state")
        assert msg["event"] == "resume"
        assert msg["view"] == seen, "resumed exactly where it was, mid-hand"
        # and it plays on
        ws.send_json({"type": "action", "match": None, "version": seen["version"], "action": choose(seen)})
        msg = until(ws, lambda m: m["type"] == "state")
        assert msg["view"]["version"] > seen["version"]


def errors_of(ws: Any, frames: list[str]) -> list[Msg]:
    out = []
    for f in frames:
        ws.send_text(f)
        out.append(ws.receive_json())
    return out


def test_bad_messages_get_errors_and_change_nothing(service: Open) -> None:
    with service(bot_delay=30) as client, client.connect() as ws:
        hello(ws)
        got = errors_of(ws, [
            "not json",
            "[1, 2]",
            json.dumps({"type": "explode"}),
            json.dumps({"type": "new_match", "level": "grandmaster"}),
            json.dumps({"type": "action", "match": None, "version": 0, "action": {"type": "pass"}}),
            json.dumps({"type": "resume"}),
            json.dumps({"type": "action", "match": None, "version": "0", "action": {"type": "pass"}}),
            json.dumps({"type": "action", "version": 0, "action": {"type": "pass"}}),
            json.dumps({"type": "resume", "match": 7}),
        ])
        assert [m["code"] for m in got] == [
            "bad_message", "bad_message", "unknown_type", "bad_message", "no_match", "no_match", "bad_message",
            "bad_message", "bad_message",
        ]
        assert all(m["type"] == "error" and m["message"] for m in got)
        ws.send_json({"type": "new_match", "level": "easy"})
        start = until(ws, lambda m: m["type"] == "state")
        v = start["view"]
        if v["turn"] != "S":
            # a computer player is thinking (30 s): South may not move
            ws.send_json({"type": "action", "match": None, "version": v["version"], "action": {"type": "pass"}})
            err = ws.receive_json()
            assert err["type"] == "error" and err["code"] == "not_your_turn"
        else:
            ws.send_json({"type": "action", "match": None, "version": v["version"] + 5, "action": {"type": "pass"}})
            assert ws.receive_json()["code"] == "stale"
            ws.send_json({"type": "action", "match": None, "version": v["version"], "action": {"type": "bid", "bid": 255}})
            err = ws.receive_json()
            assert err["code"] == "illegal" and "multiple of 10" in err["message"]
            ws.send_json({"type": "action", "match": None, "version": v["version"], "action": {"type": "play", "card": "AS"}})
            assert ws.receive_json()["code"] == "illegal"
        ws.send_json({"type": "resume"})
        again = until(ws, lambda m: m["type"] == "state")
        assert again["view"] == v, "nothing changed"


def test_stale_and_illegal_moves_on_souths_turn(service: Open) -> None:
    with service(bot_delay=0) as client, client.connect() as ws:
        hello(ws)
        ws.send_json({"type": "new_match", "level": "normal"})
        msg = until(ws, my_move)
        v = msg["view"]
        stale = v["version"] - 1 if v["version"] else v["version"] + 1  # an earlier version, or a later one
        ws.send_json({"type": "action", "match": None, "version": stale, "action": choose(v)})
        err = ws.receive_json()
        assert err["code"] == "stale"
        ws.send_json({"type": "action", "match": None, "version": v["version"], "action": {"type": "fold"}})
        assert ws.receive_json()["code"] == "illegal"
        ws.send_json({"type": "resume"})
        assert until(ws, lambda m: m["type"] == "state")["view"] == v


def test_first_message_must_be_hello(service: Open) -> None:
    with service(bot_delay=0) as client, client.connect() as ws:
        ws.send_json({"type": "resume"})
        err = ws.receive_json()
        assert err["code"] == "no_hello"
        with pytest.raises(WebSocketDisconnect) as info:
            ws.receive_json()
        assert info.value.code == CloseCode.BAD_HELLO


def padded_hello(device: str, size: int, pad_char: str = "x") -> str:
    """A ``hello`` frame of exactly ``size`` UTF-8 bytes (padded with ``pad_char``, 1 or 3 bytes)."""
    base = json.dumps({"type": "hello", "device": device, "seat": None, "pad": ""})
    room = size - len(base.encode())
    width = len(pad_char.encode())
    frame = base[:-2] + pad_char * (room // width) + "x" * (room % width) + base[-2:]
    assert len(frame.encode()) == size
    return frame


def test_a_frame_over_16_kib_closes_the_connection_with_1009(service: Open) -> None:
    """A frame of exactly 16 KiB is read; one byte more closes the connection (1009), counting UTF-8 bytes."""
    with service(bot_delay=0) as client:
        with client.connect() as ws:
            device = hello(ws)["device"]
            ws.send_text(padded_hello(device, MAX_MESSAGE_BYTES))
            assert ws.receive_json() == {"type": "welcome", "device": device, "match": None, "seat": None,
                                         "heartbeat": HEARTBEAT_SECONDS, "heartbeat_timeout": 7}
            ws.send_text(padded_hello(device, MAX_MESSAGE_BYTES + 1, "\u20ac"))  # 5461 characters, 16385 bytes
            with pytest.raises(WebSocketDisconnect) as info:
                ws.receive_json()
            assert info.value.code == CloseCode.TOO_BIG and int(CloseCode.TOO_BIG) == 1009
        with client.connect() as ws:  # as a first frame too, and as a binary frame
            ws.send_bytes(padded_hello(device, MAX_MESSAGE_BYTES + 1).encode())
            with pytest.raises(WebSocketDisconnect) as info:
                ws.receive_json()
            assert info.value.code == CloseCode.TOO_BIG


def test_malformed_device_token_gets_a_fresh_one_and_new_match_replaces_old(service: Open) -> None:
    with service(bot_delay=0) as client, client.connect() as ws:
        w = hello(ws, "<script>")
        assert w["device"] != "<script>" and w["match"] is None
        ws.send_json({"type": "new_match", "level": "hard"})
        first = until(ws, lambda m: m["type"] == "state")["match"]["id"]
        ws.send_json({"type": "new_match", "level": "easy"})
        second = until(ws, lambda m: m["type"] == "state" and m["match"]["id"] != first)
        assert second["match"]["level"] == "easy"
        assert hello(ws, w["device"])["match"]["id"] == second["match"]["id"]


def test_index_and_static_files_are_served(service: Open) -> None:
    with service(bot_delay=0) as client:
        r = client.get("/")
        assert r.status_code == 200 and "<html" in r.text.lower()
        assert client.get("/health").text == "ok"


def test_two_tabs_of_one_device_follow_the_newest_match(service: Open) -> None:
    """Regression: a match replaced in another tab came back to life when the first tab moved."""
    with service(bot_delay=30) as client, \
            client.connect() as a, client.connect() as b:
        device = hello(a)["device"]
        hello(b, device)
        a.send_json({"type": "new_match", "level": "easy"})
        old = until(a, lambda m: m["type"] == "state")
        assert until(b, lambda m: m["type"] == "state")["match"]["id"] == old["match"]["id"]
        b.send_json({"type": "new_match", "level": "hard"})
        new_b = until(b, lambda m: m["type"] == "state")
        new_a = until(a, lambda m: m["type"] == "state")
        assert new_a["match"]["id"] == new_b["match"]["id"] != old["match"]["id"]
        assert new_a["match"]["level"] == "hard"
        # a move made on the old table is refused and the old match stays ended
        a.send_json({"type": "action", "match": old["match"]["id"], "version": old["view"]["version"],
                     "action": {"type": "pass"}})
        resent = a.receive_json()
        assert resent["type"] == "state" and resent["match"]["id"] == new_b["match"]["id"]
        err = a.receive_json()
        assert err["type"] == "error" and err["code"] == "stale"
        assert hello(a, device)["match"]["id"] == new_b["match"]["id"]


def test_the_largest_seed_fits_the_store(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: 64-bit seeds overflowed SQLite INTEGER half of the time."""
    import secrets

    from pinochle.server.table import Tables
    from pinochle.server.storage import SQLiteStorage

    monkeypatch.setattr(secrets, "randbits", lambda k: (1 << k) - 1)
    store = SQLiteStorage(db)
    table = Tables(store, bot_delay=0).create_solo("d" * 20, "easy")
    stored = store.load(table.id)
    assert stored is not None and stored.seed == (1 << 63) - 1


def test_pathological_frames_get_bad_message_not_a_traceback(service: Open) -> None:
    """Regression: deeply nested JSON raised RecursionError in the endpoint.

    The decoder's RecursionError, kept alive by a frame until the garbage collector frees it, may come back as an
    "unraisable" exception whose traceback is too deep for pytest's own hook to print (a clean-clone run failed
    so, by timing alone): the test collects them itself, and allows only that RecursionError."""
    import gc
    import sys

    seen: list[type[BaseException] | None] = []
    before = sys.unraisablehook
    sys.unraisablehook = lambda u: seen.append(u.exc_type)
    try:
        _pathological_frames(service)
        gc.collect()
    finally:
        sys.unraisablehook = before
    assert all(t is not None and issubclass(t, RecursionError) for t in seen), seen


def _pathological_frames(service: Open) -> None:
    """Deeply nested, unfinished and out-of-range frames each get ``bad_message``; the connection lives on."""
    with service(bot_delay=0) as client:
        with client.connect() as ws:
            ws.send_text("[" * 5000 + "]" * 5000)  # as the first frame
            assert ws.receive_json()["code"] == "bad_message"
            with pytest.raises(WebSocketDisconnect) as info:
                ws.receive_json()
            assert info.value.code == CloseCode.BAD_HELLO
        with client.connect() as ws:
            hello(ws)
            for frame in ("[" * 5000, '{"type": "resume", "x": NaN}',
                          '{"type": "action", "match": null, "version": 1e999, "action": {}}'):
                ws.send_text(frame)
                assert ws.receive_json()["code"] == "bad_message", frame
            ws.send_bytes(b'{"type": "hello", "device": null}')  # binary frames are read as UTF-8
            assert ws.receive_json()["type"] == "welcome"


def test_rules_page_is_served(service: Open) -> None:
    with service(bot_delay=0) as client:
        r = client.get("/rules")
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
        assert "<h1" in r.text and "pinochle" in r.text.lower() and 'href="/"' in r.text


def test_every_page_names_an_icon_that_is_served(service: Open) -> None:
    """Regression: the How to play and Rules pages had no icon, so the browser asked for
    /favicon.ico and logged a 404."""
    import re

    with service(bot_delay=0) as client:
        for page in ("/", "/rules", "/how-to-play"):
            r = client.get(page)
            icon = re.search(r'<link rel="icon" href="([^"]+)"', r.text)
            assert r.status_code == 200 and icon, page
            got = client.get(icon.group(1))
            assert got.status_code == 200 and got.headers["content-type"].startswith("image/svg+xml"), page
            assert "<svg" in got.text


def test_pace_sets_the_solo_computer_delay(db: Path) -> None:
    app = create_app(db, bot_delay=0)
    with TestClient(app) as client, client.websocket_connect("/ws") as ws:
        device = hello(ws)["device"]
        ws.send_json({"type": "pace", "bot_delay": 5})
        assert ws.receive_json()["code"] == "bad_message"
        ws.send_json({"type": "pace", "bot_delay": 1.1})
        ws.send_json({"type": "new_match", "level": "easy"})
        until(ws, lambda m: m["type"] == "state")
        table = app.state.tables.current(device)
        assert table.bot_delay == 1.1
        ws.send_json({"type": "pace", "bot_delay": 0.35})
        ws.send_json({"type": "resume"})
        until(ws, lambda m: m["type"] == "state")
        assert table.bot_delay == 0.35
