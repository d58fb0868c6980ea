"""The ``stats`` message on the server, in both modes (one process on SQLite, two on Redis: tests/service_support.py).

- a device that has played nothing gets ``"games": {}``;
- a solo hand played to its end is counted once: asking again, reconnecting, resuming, and writing its
  lines again (a replay) change nothing; a restart of the service keeps the figures;
- a room hand and a Quick Match hand count for the device that held the seat token;
- a solo match played to its end counts as one match, won or not as its summary says, with every hand,
  its bids and what its total gained (the score sheet);
- a match marked assisted (``Storage.mark_assisted``, set directly here) is counted as assisted;
- ``par_per_decision`` is null until a hand is reviewed, then the mean measured loss of the reviews kept.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from pinochle.server.stats import finished_lines, keep_lines
from pinochle.server.table import rebuild

from .redis_support import redis_server  # noqa: F401
from .service_support import Open, service  # noqa: F401
from .support import hello, of_type, until

Msg = dict[str, Any]
pytestmark = pytest.mark.timeout(300)
CARD = re.compile(r'"[ATKQJ9][SHDC]"')
FIELDS = ["matches", "won", "hands", "bids", "made", "set", "meld_per_hand", "points_per_hand",
          "par_per_decision", "assisted", "stuck", "stuck_made", "conceded", "auction", "sat_out"]


def move_for(v: Msg) -> Msg | None:
    """A move from the view's legal moves alone: pass (or the lowest bid), the first trump, cards, play or deal."""
    legal = v["legal"]
    if legal.get("pass") and not legal.get("dix") and not legal.get("melds"):
        return {"type": "pass"}
    if "bid" in legal:
        return {"type": "bid", "bid": legal["bid"]["min"]}
    if "trump" in legal:
        return {"type": "trump", "suit": legal["trump"][0]}
    if "give" in legal:
        return {"type": "give", "cards": v["hand"][:legal["give"]["count"]]}
    if "bury" in legal:
        return {"type": "bury", "cards": legal["bury"]["cards"][:legal["bury"]["count"]]}
    if legal.get("play_on"):
        return {"type": "play_on"}
    if "play" in legal:
        return {"type": "play", "card": legal["play"][0]}
    if legal.get("pass"):
        return {"type": "pass"}
    return None


def play_to_hand_end(ws: Any, match: str | None, first: Msg | None = None) -> Msg:
    """Answer every state (``first``, already read, then each one read) with a legal move until the first
    hand has ended; that state. A state already read must be passed in: when it is the seat's move, no other
    state need follow it."""
    acted: set[int] = set()
    for _ in range(5000):
        msg, first = first or until(ws, of_type("state")), None
        v = msg["view"]
        if v["phase"] in ("hand_end", "match_end"):
            return msg
        if v["legal"] and v["version"] not in acted:
            move = move_for(v)
            if move is not None:
                acted.add(v["version"])
                ws.send_json({"type": "action", "match": match, "version": v["version"], "action": move})
    raise AssertionError("the hand never ended")


def stats(ws: Any) -> Msg:
    ws.send_json({"type": "stats"})
    msg = until(ws, of_type("stats"))
    assert set(msg) == {"type", "games"}
    for figures in msg["games"].values():
        assert list(figures) == FIELDS
    assert not CARD.search(json.dumps(msg))  # figures only: never a card
    return dict(msg["games"])


def test_a_device_that_has_played_nothing_has_no_figures(service: Open) -> None:
    with service(bot_delay=0) as svc, svc.connect() as ws:
        hello(ws)
        assert stats(ws) == {}


def test_a_solo_hand_is_counted_once_and_survives_a_restart(service: Open) -> None:
    device = "stats-device-0123456789"
    with service(bot_delay=0, rate=(10_000.0, 10_000)) as svc:
        with svc.connect() as ws:
            hello(ws, device)
            ws.send_json({"type": "new_match", "level": "easy", "game": "cutthroat"})
            end = play_to_hand_end(ws, None)
            match_id = end["match"]["id"]
            got = stats(ws)["cutthroat"]
            hand = end["view"]["last_hand"]
            mine = hand["score"]["S"]
            assert (got["hands"], got["matches"], got["won"], got["assisted"]) == (1, 0, 0, 0)
            assert got["points_per_hand"] == float(mine)
            assert got["meld_per_hand"] == float(hand["meld"]["S"])
            assert got["bids"] == (1 if hand["declarer"] == "S" else 0)
            assert got["made"] + got["set"] + got["conceded"] == got["bids"]
            assert got["par_per_decision"] is None
            assert stats(ws)["cutthroat"] == got  # asking again changes nothing
        with svc.connect() as ws2:  # another tab of the device (the other process, in two): a resync
            hello(ws2, device)
            ws2.send_json({"type": "resume", "match": None})
            until(ws2, lambda m: m["type"] == "state" and m["event"] == "resume")
            assert stats(ws2)["cutthroat"] == got
            # the hand's lines written again (a replay of the log): counted once
            storage = svc.clients[-1].app.state.tables.storage
            stored = storage.load(match_id)
            state = rebuild(stored)
            lines = finished_lines(state, match_id, stored.seats, (1, 2, 3), False)
            assert [holder for holder, _, _ in lines] == [device]
            keep_lines(storage, match_id, lines)
            assert stats(ws2)["cutthroat"] == got
    with service(bot_delay=0) as svc, svc.connect() as ws:  # a restart: the figures are kept
        hello(ws, device)
        assert stats(ws) == {"cutthroat": got}


def test_a_room_hand_and_a_quick_match_hand_count_for_the_device(service: Open) -> None:
    device = "stats-device-room-0123456"
    with service(bot_delay=0, search_seconds=0.2, quick_move_timer=None, rate=(10_000.0, 10_000)) as svc:
        with svc.connect() as ws:
            hello(ws, device)
            ws.send_json({"type": "create_room", "name": "Ann", "game": "two-handed"})
            until(ws, of_type("joined"))
            ws.send_json({"type": "ready", "ready": True})
            until(ws, lambda m: m["type"] == "room" and m["room"]["seats"]["S"]["ready"])
            ws.send_json({"type": "start"})
            first = until(ws, of_type("state"))
            assert first["match"]["kind"] == "room"
            play_to_hand_end(ws, first["match"]["id"], first)
            got = stats(ws)
            assert got["two-handed"]["hands"] == 1 and got["two-handed"]["bids"] == 0  # no auction in two-handed
            ws.send_json({"type": "leave"})
            until(ws, of_type("left"))
            ws.send_json({"type": "quick_match", "name": "Ann", "game": "table"})
            until(ws, of_type("matched"))
            start = until(ws, of_type("state"))
            assert start["match"]["kind"] == "quick"
            end = play_to_hand_end(ws, start["match"]["id"], start)
            got = stats(ws)
            assert got["two-handed"]["hands"] == 1 and got["table"]["hands"] == 1
            assert got["table"]["points_per_hand"] == float(end["view"]["last_hand"]["score"]["NS"])
        with svc.connect() as other:  # another device: none of it
            hello(other)
            assert stats(other) == {}


def test_an_assisted_match_is_counted_as_assisted(service: Open) -> None:
    device = "stats-device-aid-01234567"
    with service(bot_delay=0) as svc, svc.connect() as ws:
        hello(ws, device)
        ws.send_json({"type": "new_match", "level": "easy"})
        match_id = until(ws, of_type("state"))["match"]["id"]
        storage = svc.clients[0].app.state.tables.storage
        # the match's end, as the table keeps it, and the mark a hint or an undo sets
        storage.record_match(device, match_id, {"game": "table", "match": match_id, "won": True})
        assert stats(ws)["table"]["assisted"] == 0
        storage.mark_assisted(match_id)
        got = stats(ws)["table"]
        assert (got["matches"], got["won"], got["assisted"], got["hands"]) == (1, 1, 1, 0)


def play_to_match_end(ws: Any) -> Msg:
    """Answer every state of the solo match with a legal move, the next hand included, until its end."""
    acted: set[int] = set()
    for _ in range(40000):
        msg = until(ws, of_type("state"))
        v = msg["view"]
        if v["phase"] == "match_end":
            return msg
        if v["legal"] and v["version"] not in acted:
            move = {"type": "deal"} if v["legal"].get("deal") else move_for(v)
            if move is not None:
                acted.add(v["version"])
                ws.send_json({"type": "action", "match": None, "version": v["version"], "action": move})
    raise AssertionError("the match never ended")


def test_a_finished_match_is_counted_with_its_result_and_every_hand(service: Open) -> None:
    device = "stats-device-match-012345"
    with service(bot_delay=0, rate=(10_000.0, 10_000)) as svc, svc.connect() as ws:
        hello(ws, device)
        ws.send_json({"type": "new_match", "level": "easy", "game": "cutthroat"})
        end = play_to_match_end(ws)
        got = stats(ws)["cutthroat"]
        history = end["view"]["history"]
        assert got["matches"] == 1 and got["won"] == (1 if end["match"]["winner"] == "S" else 0)
        assert got["hands"] == len(history) and got["assisted"] == 0
        # the score sheet: the points per hand times the hands is your final total (to the rounding)
        assert abs(got["points_per_hand"] * got["hands"] - end["match"]["totals"]["S"]) <= 0.05 * got["hands"]
        assert got["bids"] == sum(1 for h in history if h["declarer"] == "S")
        assert got["made"] == sum(1 for h in history if h["declarer"] == "S" and h["made"])


def test_par_per_decision_averages_the_reviews_kept(service: Open) -> None:
    """``par_per_decision`` is null until a hand of the device is reviewed; then the mean measured ``loss``
    of the decisions of its reviews kept (null losses left out), on either process, after a restart too."""
    device = "stats-par-device-0123456789"
    with service(bot_delay=0, rate=(10_000.0, 10_000)) as svc:
        with svc.connect() as ws:
            hello(ws, device)
            ws.send_json({"type": "new_match", "level": "easy"})
            play_to_hand_end(ws, None)
            assert stats(ws)["table"]["par_per_decision"] is None  # played, not reviewed
            ws.send_json({"type": "review", "match": None, "hand": 1})
            review = until(ws, of_type("review"), limit=20000)
            losses = [d["loss"] for d in review["decisions"] if d["loss"] is not None]
            assert losses, "South's cards are measured"
            want = round(sum(losses) / len(losses), 1)  # one decimal, as every figure of the statistics
            assert stats(ws)["table"]["par_per_decision"] == want
        with svc.connect() as ws2:  # another connection (the other process, in two)
            hello(ws2, device)
            assert stats(ws2)["table"]["par_per_decision"] == want
