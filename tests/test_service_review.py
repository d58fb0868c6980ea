"""The decision review over the protocol (docs/protocol.md, ``review``), in both service modes: a finished
hand's review of your own decisions, computed once and kept (asked again, the same answer from storage, on
either process); a hand in progress, or a match you are not seated at, gets the documented error."""

from __future__ import annotations

from typing import Any

import pytest

from .redis_support import redis_server  # noqa: F401
from .service_support import Open, service  # noqa: F401
from .support import error, hello, of_type, until

Msg = dict[str, Any]
pytestmark = pytest.mark.timeout(600)
FAST = (1000.0, 1000)


def first_move(legal: dict[str, Any]) -> dict[str, Any]:
    """A plain legal move from a view's ``legal``: pass, the first trump, card, cards to pass or bury."""
    if "pass" in legal:
        return {"type": "pass"}
    if "trump" in legal:
        return {"type": "trump", "suit": legal["trump"][0]}
    if "play" in legal:
        return {"type": "play", "card": legal["play"][0]}
    if "play_on" in legal:
        return {"type": "play_on"}
    if "give" in legal:
        return {"type": "give", "cards": legal["give"]["from"][:legal["give"]["count"]]}
    if "bid" in legal:
        return {"type": "bid", "bid": legal["bid"]["min"]}
    raise AssertionError(f"no plain move in {legal}")


def play_first_hand(ws: Any) -> Msg:
    """South plays plain moves until the first hand is over; the state at its end."""
    for _ in range(400):
        msg = until(ws, lambda m: m["type"] == "state", limit=20000)
        v = msg["view"]
        if v["phase"] in ("hand_end", "match_end") and v["history"]:
            return msg
        if v["turn"] == "S" and v["legal"] and v["phase"] != "hand_end":
            ws.send_json({"type": "action", "match": msg["match"]["id"], "version": v["version"],
                          "action": first_move(v["legal"])})
    raise AssertionError("the hand did not end")


def test_the_review_of_a_finished_hand_is_computed_once_and_kept(service: Open) -> None:
    with service(bot_delay=0, rate=FAST) as svc, svc.connect() as ws:
        device = hello(ws)["device"]
        ws.send_json({"type": "new_match", "level": "easy"})
        end = play_first_hand(ws)
        match = end["match"]["id"]
        ws.send_json({"type": "review", "match": match, "hand": 2})
        err = error(ws)
        assert err["code"] == "illegal" and "hand 2" in err["message"]
        ws.send_json({"type": "review", "match": "not-a-match", "hand": 1})
        assert error(ws)["code"] == "no_match"
        ws.send_json({"type": "review", "match": match, "hand": 0})
        assert error(ws)["code"] == "bad_message"
        ws.send_json({"type": "review", "match": match, "hand": 1})
        got = until(ws, of_type("review"))
        assert (got["match"], got["hand"]) == (match, 1)
        assert got["decisions"], "South made decisions in the hand"
        for d in got["decisions"]:
            assert set(d) == {"index", "seat", "phase", "action", "best", "loss", "reason", "context", "rule"}
            assert set(d["context"]) == {"trick", "table", "high_bid", "high_bidder", "declarer", "bid", "trump"}
            assert d["seat"] == "S" and "seat" not in d["action"] and "seat" not in d["best"]
            assert d["loss"] is None or d["loss"] >= 0
            if d["action"] == d["best"]:
                assert d["loss"] == 0
        losses = [d["loss"] for d in got["decisions"] if d["loss"] is not None]
        assert losses == sorted(losses, reverse=True)  # the costliest first
    # asked again on another connection (the other process in two): the kept review, word for word
    with service(bot_delay=0, rate=FAST) as svc, svc.connect() as ws2:
        hello(ws2, device)
        ws2.send_json({"type": "review", "match": None, "hand": 1})
        assert until(ws2, of_type("review")) == got


def test_a_two_handed_hand_is_reviewed(service: Open) -> None:
    """Two-handed: the review of a finished hand values each card South chose (a loss of 0 or more), its
    meld turns reviewed too (loss null when they differ from Hard's)."""
    with service(bot_delay=0, rate=FAST) as svc, svc.connect() as ws:
        hello(ws)
        ws.send_json({"type": "new_match", "level": "easy", "game": "two-handed"})
        end = play_first_hand(ws)
        ws.send_json({"type": "review", "match": end["match"]["id"], "hand": 1})
        got = until(ws, of_type("review"), limit=20000)
        cards = [d for d in got["decisions"] if d["action"]["type"] == "play"]
        assert cards and all(d["seat"] == "S" and d["loss"] is not None and d["loss"] >= 0 for d in cards)
        for d in got["decisions"]:
            if d["action"] == d["best"]:
                assert d["loss"] == 0
            elif d["loss"] is None:
                assert d["action"]["type"] in ("meld", "dix", "pass")
