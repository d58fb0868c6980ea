"""Undo in solo and the hand history over the protocol (docs/protocol.md, "Undo in solo" and "Hand history"),
in both modes of the service: one process on SQLite, two processes on Redis (tests/service_support.py)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from pinochle.cli import main
from pinochle.records import replay
from pinochle.server.undo import assisted, is_undo, undone

from .redis_support import RedisServer, redis_server  # noqa: F401
from .service_support import Open, service  # noqa: F401
from .support import error, hello, of_type, until

Msg = dict[str, Any]
pytestmark = pytest.mark.timeout(180)


def same_position(a: Msg, b: Msg) -> bool:
    """Whether two views show the same position (everything but the version)."""
    return {k: v for k, v in a.items() if k != "version"} == {k: v for k, v in b.items() if k != "version"}


def south_decides(ws: Any, after: int = -1) -> Msg:
    """Read until South has a choice (or the hand is over) at a version past ``after``; that state."""
    return until(ws, lambda m: m["type"] == "state" and m["view"]["version"] > after and (
        m["view"]["phase"] in ("hand_end", "match_end") or (m["view"]["turn"] == "S" and bool(m["view"]["legal"]))))


def south_to_bid(ws: Any, level: str = "normal") -> Msg:
    """Start solo matches until South may bid (South's first move of the hand)."""
    for _ in range(40):
        ws.send_json({"type": "new_match", "level": level})
        msg = until(ws, lambda m: m["type"] == "state" and m["event"] == "start")
        if not (msg["view"]["turn"] == "S" and msg["view"]["legal"]):
            msg = south_decides(ws, msg["view"]["version"])
        if "bid" in msg["view"]["legal"]:
            return msg
    raise AssertionError("South never had a bid in 40 deals")


def a_move(view: Msg) -> Msg:
    """South's first legal move in ``view``: a pass, else the first card, else a deal."""
    legal = view["legal"]
    if "pass" in legal:
        return {"type": "pass"}
    if "play" in legal:
        return {"type": "play", "card": legal["play"][0]}
    if "trump" in legal:
        return {"type": "trump", "suit": legal["trump"][0]}
    assert "deal" in legal, legal
    return {"type": "deal"}


def move(ws: Any, view: Msg, action: Msg | None = None) -> Msg:
    """Make ``action`` (default :func:`a_move`) and return South's next decision."""
    ws.send_json({"type": "action", "match": None, "version": view["version"], "action": action or a_move(view)})
    return south_decides(ws, view["version"])


def undo(ws: Any, version: int) -> Msg:
    ws.send_json({"type": "undo", "match": None, "version": version})
    return until(ws, lambda m: m["type"] == "error" or (m["type"] == "state" and m["event"] == "undo"))


def test_undo_takes_back_your_move_and_the_computers_moves_and_they_answer_the_same(service: Open) -> None:
    with service(bot_delay=0) as svc, svc.connect() as ws, svc.connect() as tab:
        device = hello(ws)["device"]
        hello(tab, device)  # the device's second tab (in the two-process mode, on the other process)
        first = south_to_bid(ws, "hard")
        ws.send_json({"type": "undo", "match": None, "version": first["view"]["version"]})
        err = error(ws)
        assert err["code"] == "no_undo" and "nothing to undo" in err["message"]
        after = move(ws, first["view"])
        assert after["view"]["version"] > first["view"]["version"] + 1, "the computers moved after South's pass"
        back = undo(ws, after["view"]["version"])
        assert back["type"] == "state", back
        assert same_position(back["view"], first["view"])
        assert back["view"]["version"] == after["view"]["version"] + 1
        assert back["match"]["assisted"] is True and first["match"]["assisted"] is False
        assert first["table"]["undo"] is False and after["table"]["undo"] is True and back["table"]["undo"] is False
        told = until(tab, lambda m: m["type"] == "state" and m["event"] == "undo")
        assert told["view"] == back["view"]
        # the same move again: the computers answer as before (no fishing for another answer)
        again = move(ws, back["view"])
        assert same_position(again["view"], after["view"])
        # the stored log keeps the undone moves, marked by the undo entry after them
        table = svc.clients[0].app.state.tables
        stored = table.storage.load(back["match"]["id"])
        log = list(stored.actions)
        assert log[after["view"]["version"]] == {"type": "undo", "to": first["view"]["version"]}
        assert undone(log) == list(range(first["view"]["version"], after["view"]["version"]))
        assert assisted(log) and sum(is_undo(a) for a in log) == 1
    with service(bot_delay=0) as svc, svc.connect() as ws:  # a restart folds the log to the same state
        hello(ws, device)
        ws.send_json({"type": "resume"})
        resumed = until(ws, of_type("state"))
        assert resumed["view"] == again["view"] and resumed["match"]["assisted"] is True


def test_undo_refusals_change_nothing(service: Open) -> None:
    with service(bot_delay=0) as svc, svc.connect() as ws:
        hello(ws)
        first = south_to_bid(ws)
        after = move(ws, first["view"])
        for version in (first["view"]["version"], after["view"]["version"] + 1):
            ws.send_json({"type": "undo", "match": None, "version": version})
            err = error(ws)
            assert err["code"] == "stale" and f"your undo was for {version}" in err["message"]
        ws.send_json({"type": "undo", "match": None})
        assert error(ws)["code"] == "bad_message"
        ws.send_json({"type": "undo", "match": "someone-else", "version": 0})
        assert error(ws)["code"] == "no_match"
        ws.send_json({"type": "resume"})
        assert until(ws, of_type("state"))["view"] == after["view"]


def test_undo_goes_back_one_move_of_yours_at_a_time_within_the_hand_only(service: Open, tmp_path: Path) -> None:
    with service(bot_delay=0) as svc, svc.connect() as ws:
        hello(ws)
        first = south_to_bid(ws)
        views = [first["view"]]
        now = move(ws, first["view"])
        while now["view"]["phase"] != "hand_end":
            views.append(now["view"])
            now = move(ws, now["view"])
        ws.send_json({"type": "undo", "match": None, "version": now["view"]["version"]})
        err = error(ws)
        assert err["code"] == "no_undo" and "the hand is over" in err["message"]
        # the history holds the finished hand, which replays to its score
        ws.send_json({"type": "history", "match": None})
        history = until(ws, of_type("history"))
        assert history["match"] == now["match"]["id"] and len(history["hands"]) == 1
        record = {k: v for k, v in history.items() if k not in ("type", "match")}
        replayed = replay(record)
        assert replayed["totals"] == now["match"]["totals"]
        saved = tmp_path / "history.json"  # the browser's download: pinochle replay reads it
        saved.write_text(json.dumps(record), encoding="utf-8")
        out = io.StringIO()
        assert main(["replay", str(saved)], stdout=out) == 0
        assert json.loads(out.getvalue())["totals"] == now["match"]["totals"]
        assert sorted(history["hands"][0]["hands"]["S"]) == sorted(first["view"]["hand"])
        # next hand: nothing of it is in the history, and the last hand's moves cannot be undone
        ws.send_json({"type": "action", "match": None, "version": now["view"]["version"], "action": {"type": "deal"}})
        second = south_decides(ws, now["view"]["version"])
        assert second["match"]["hand_number"] == 2
        ws.send_json({"type": "undo", "match": None, "version": second["view"]["version"]})
        assert error(ws)["code"] == "no_undo"
        ws.send_json({"type": "history", "match": second["match"]["id"]})
        assert until(ws, of_type("history"))["hands"] == history["hands"]
        # back in the first hand's moves, one of South's moves at a time (a fresh match for a short hand)
        first = south_to_bid(ws)
        a = move(ws, first["view"])
        b = move(ws, a["view"])
        if b["view"]["phase"] == "hand_end":
            return
        back = undo(ws, b["view"]["version"])
        assert same_position(back["view"], a["view"])
        back = undo(ws, back["view"]["version"])
        assert same_position(back["view"], first["view"])
        ws.send_json({"type": "undo", "match": None, "version": back["view"]["version"]})
        assert error(ws)["code"] == "no_undo"


def test_undo_is_refused_in_a_room_and_history_to_anyone_not_seated(service: Open) -> None:
    with service(bot_delay=0) as svc, svc.connect() as a, svc.connect() as other:
        hello(a)
        hello(other)
        a.send_json({"type": "create_room", "name": "Ann", "level": "easy"})
        until(a, of_type("joined"))
        a.send_json({"type": "ready", "ready": True})
        until(a, lambda m: m["type"] == "room" and m["room"]["seats"]["S"]["ready"])
        a.send_json({"type": "start"})
        state = until(a, lambda m: m["type"] == "state" and m["view"]["turn"] == "S" and bool(m["view"]["legal"]))
        a.send_json({"type": "undo", "match": state["match"]["id"], "version": state["view"]["version"]})
        err = error(a)
        assert err["code"] == "no_undo" and "solo matches only" in err["message"]
        assert "undo" not in state["table"]
        a.send_json({"type": "history", "match": state["match"]["id"]})
        assert until(a, of_type("history"))["hands"] == []
        other.send_json({"type": "history", "match": state["match"]["id"]})
        assert error(other)["code"] == "no_match"


def test_after_an_undo_the_computers_see_the_same_version_as_before(tmp_path: Path) -> None:
    """The computers' views carry the line of play's ply, not the log's version: the same position after an
    undo is the same view for them, version included (so Hard's draws, seeded by it, are the same)."""
    from starlette.testclient import TestClient

    from pinochle.server.app import create_app

    seen: list[tuple[str, int]] = []

    class Recorder:
        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def act(self, v: Any) -> Any:
            seen.append((str(v.seat), v.version))
            return self.inner.act(v)

    with TestClient(create_app(tmp_path / "r.db", bot_delay=0)) as client, client.websocket_connect("/ws") as ws:
        hello(ws)
        first = south_to_bid(ws)
        table = client.app.state.tables.tables[first["match"]["id"]]  # type: ignore[attr-defined]
        for place, player in list(table.players.items()):
            table.players[place] = Recorder(player)
        seen.clear()
        after = move(ws, first["view"])
        once = list(seen)
        back = undo(ws, after["view"]["version"])
        seen.clear()
        again = move(ws, back["view"])
        assert once and seen == once, (once, seen)
        played = after["view"]["version"] - first["view"]["version"]
        assert same_position(again["view"], after["view"]) and again["view"]["version"] == back["view"]["version"] + played
