"""Hints over the protocol (docs/protocol.md, ``hint``), in both service modes: solo always, a room when its
creator turns hints on, never Quick Match; an old version, another's turn or another's match get the
documented error and change nothing; the hint is a legal move and its reason names it."""

from __future__ import annotations

from typing import Any

import pytest

from .redis_support import redis_server  # noqa: F401
from .service_support import Open, service  # noqa: F401
from .support import error, hello, of_type, until
from .test_protocol_errors import latest_states, make_room, ready_and_start

Msg = dict[str, Any]
pytestmark = pytest.mark.timeout(300)
FAST = (1000.0, 1000)


def my_move(ws: Any) -> Msg:
    """The next state in which South (this person) has a move."""
    return until(ws, lambda m: m["type"] == "state" and m["view"]["turn"] == "S" and bool(m["view"]["legal"])
                 and m["view"]["phase"] != "hand_end", limit=20000)


def test_a_solo_hint_is_a_legal_move_with_a_reason(service: Open) -> None:
    with service(bot_delay=0, rate=FAST) as svc, svc.connect() as ws:
        hello(ws)
        ws.send_json({"type": "new_match", "level": "easy"})
        for _ in range(6):  # a few of South's moves, each played as the hint says
            msg = my_move(ws)
            v, match = msg["view"], msg["match"]["id"]
            ws.send_json({"type": "hint", "match": match, "version": v["version"]})
            got = until(ws, of_type("hint"))
            assert set(got) == {"type", "match", "version", "action", "reason"}
            assert (got["match"], got["version"]) == (match, v["version"])
            assert "seat" not in got["action"] and got["action"]["type"] in {"bid", "pass", "trump", "meld", "play"}
            assert got["reason"].endswith(".") and got["reason"][0].isupper()
            if got["action"]["type"] == "play":
                label = got["action"]["card"]
                assert label in v["legal"]["play"]
            # the same hint again: the same answer (nothing changed, same seed)
            ws.send_json({"type": "hint", "match": None, "version": v["version"]})
            assert until(ws, of_type("hint")) == got
            ws.send_json({"type": "action", "match": match, "version": v["version"], "action": got["action"]})


def test_a_hint_for_an_old_version_or_another_match_changes_nothing(service: Open) -> None:
    with service(bot_delay=0, rate=FAST) as svc, svc.connect() as ws:
        hello(ws)
        ws.send_json({"type": "new_match", "level": "easy"})
        v = my_move(ws)["view"]
        # a hint's refusal names its request (it may come after the answers to later messages: the page matches it)
        ws.send_json({"type": "hint", "match": None, "version": v["version"] + 1})
        err = error(ws)
        assert err["code"] == "stale" and err["request"] == "hint", err
        ws.send_json({"type": "hint", "match": "no-such-match", "version": v["version"]})
        err = error(ws)
        assert err["code"] == "no_match" and err["request"] == "hint", err
        ws.send_json({"type": "hint", "match": None})
        err = error(ws)
        assert err["code"] == "bad_message" and "hint.version" in err["message"]
        # a move's refusal names none
        ws.send_json({"type": "action", "match": None, "version": v["version"] + 5, "action": {"type": "pass"}})
        err = error(ws)
        assert err["code"] == "stale" and "request" not in err, err
        ws.send_json({"type": "resume", "match": None})
        assert until(ws, of_type("state"))["view"]["version"] == v["version"]


def test_hints_in_a_room_only_when_its_creator_turns_them_on(service: Open) -> None:
    with service(bot_delay=0, rate=FAST) as svc, svc.connect() as a, svc.connect() as b:
        ja, _ = make_room(a, b)
        assert ja["room"]["hints"] is False
        b.send_json({"type": "room_hints", "on": True})
        assert error(b)["code"] == "room"  # only the creator
        a.send_json({"type": "room_hints", "on": True})
        assert until(a, lambda m: m["type"] == "room" and m["room"]["hints"] is True)
        assert until(b, lambda m: m["type"] == "room" and m["room"]["hints"] is True)
        sa, sb = latest_states(a, b, ready_and_start(a, b))
        mover, waiter, state = (a, b, sa) if sa["view"]["turn"] == "S" else (b, a, sb)
        match, version = state["match"]["id"], state["view"]["version"]
        waiter.send_json({"type": "hint", "match": match, "version": version})
        assert error(waiter)["code"] == "not_your_turn"
        mover.send_json({"type": "hint", "match": match, "version": version})
        got = until(mover, of_type("hint"))
        assert got["version"] == version and got["reason"]


def test_hints_cannot_be_turned_on_during_a_room_match(service: Open) -> None:
    """A room's match keeps the hints setting it started with: turning them on during it is refused (it was
    accepted, the room then said hints were on while every hint was refused: found by a read-through)."""
    with service(bot_delay=0, rate=FAST) as svc, svc.connect() as a, svc.connect() as b:
        make_room(a, b)
        sa, sb = latest_states(a, b, ready_and_start(a, b))
        a.send_json({"type": "room_hints", "on": True})
        err = error(a)
        assert err["code"] == "room" and "between matches" in err["message"]
        mover, state = (a, sa) if sa["view"]["turn"] == "S" else (b, sb)
        mover.send_json({"type": "hint", "match": state["match"]["id"], "version": state["view"]["version"]})
        assert error(mover)["code"] == "no_hints"


def test_no_hints_in_a_room_by_default(service: Open) -> None:
    with service(bot_delay=0, rate=FAST) as svc, svc.connect() as a, svc.connect() as b:
        make_room(a, b)
        sa, sb = latest_states(a, b, ready_and_start(a, b))
        mover, state = (a, sa) if sa["view"]["turn"] == "S" else (b, sb)
        mover.send_json({"type": "hint", "match": state["match"]["id"], "version": state["view"]["version"]})
        err = error(mover)
        assert err["code"] == "no_hints" and "room" in err["message"]


def test_no_hints_in_quick_match(service: Open) -> None:
    with service(bot_delay=0, rate=FAST, search_seconds=0.1, quick_move_timer=None) as svc, svc.connect() as ws:
        hello(ws)
        ws.send_json({"type": "quick_match", "name": "Tess"})
        matched = until(ws, of_type("matched"))
        msg = until(ws, lambda m: m["type"] == "state" and m["match"]["id"] == matched["match"])
        ws.send_json({"type": "hint", "match": msg["match"]["id"], "version": msg["view"]["version"]})
        err = error(ws)
        assert err["code"] == "no_hints" and "Quick Match" in err["message"]


def test_a_hint_at_a_table_of_four_chairs(service: Open) -> None:
    """Auction at a table of 4 (chairs): the hint is for the seat your chair plays this hand."""
    with service(bot_delay=0, rate=FAST) as svc, svc.connect() as ws:
        hello(ws)
        ws.send_json({"type": "new_match", "level": "easy", "game": "auction", "players": 4})
        for _ in range(2000):  # on to a move of chair 0's (a hand it sits out ends with the next hand asked for)
            msg = until(ws, of_type("state"))
            v = msg["view"]
            if v["phase"] == "hand_end" and v["legal"].get("deal"):
                ws.send_json({"type": "action", "match": None, "version": v["version"], "action": {"type": "deal"}})
            elif not v["sits_out"] and v["legal"] and v["turn"] == v["seat"] and v["phase"] != "hand_end":
                break
        ws.send_json({"type": "hint", "match": None, "version": v["version"]})
        got = until(ws, lambda m: m["type"] in ("hint", "error"))
        assert got["type"] == "hint" and got["version"] == v["version"] and got["reason"], (got, v)
        ws.send_json({"type": "action", "match": None, "version": v["version"], "action": got["action"]})
        after = until(ws, lambda m: m["type"] in ("state", "error"))
        assert after["type"] == "state" and after["view"]["version"] > v["version"], (after, got)  # a legal move


def test_a_hint_marks_the_match_assisted_for_the_statistics(service: Open) -> None:
    """docs/protocol.md, "Statistics": a match in which a hint was given counts as assisted (the mark is
    stored, so it holds after a restart and on every process)."""
    with service(bot_delay=0, rate=FAST) as svc, svc.connect() as ws:
        hello(ws)
        ws.send_json({"type": "new_match", "level": "easy"})
        msg = my_move(ws)
        match_id = msg["match"]["id"]
        storage = svc.clients[0].app.state.tables.storage
        stored = storage.load(match_id)
        assert stored is not None and not stored.assisted
        ws.send_json({"type": "hint", "match": match_id, "version": msg["view"]["version"]})
        until(ws, of_type("hint"))
        stored = storage.load(match_id)
        assert stored is not None and stored.assisted and stored.marked
