"""A hint followed is never charged by the review, over the protocol (docs/protocol.md, "Hints" and "The decision
review"): South plays the first hand of a solo match as every hint says, and the review of that hand charges
none of its decisions (the hint and the review are one evaluation: the view, the seed from the match's id, the
hand and the decision's place in it on the server's line of play, and the budget)."""

from __future__ import annotations

from typing import Any

import pytest

from .redis_support import redis_server  # noqa: F401
from .service_support import Open, service  # noqa: F401
from .support import hello, of_type, until

Msg = dict[str, Any]
pytestmark = pytest.mark.timeout(900)
FAST = (1000.0, 1000)


@pytest.mark.parametrize("game", ["table", "cutthroat"])
def test_every_hint_followed_is_charged_nothing(service: Open, game: str) -> None:
    with service(bot_delay=0, rate=FAST) as svc, svc.connect() as ws:
        hello(ws)
        ws.send_json({"type": "new_match", "level": "easy", "game": game})
        hinted = 0
        for _ in range(600):
            msg = until(ws, lambda m: m["type"] == "state", limit=20000)
            v, match = msg["view"], msg["match"]["id"]
            if v["phase"] in ("hand_end", "match_end") and v["history"]:
                hand = v["history"][-1]["number"]  # hands thrown in before it have numbers too
                break
            if v["turn"] != "S" or not v["legal"]:
                continue
            ws.send_json({"type": "hint", "match": match, "version": v["version"]})
            got = until(ws, lambda m: m["type"] in ("hint", "error"), limit=20000)
            if got["type"] == "error":  # the table moved on meanwhile (a computer's move): ask again
                assert got["code"] == "stale", got
                continue
            ws.send_json({"type": "action", "match": match, "version": v["version"], "action": got["action"]})
            hinted += 1
        else:
            raise AssertionError("the first hand did not end")
        ws.send_json({"type": "review", "match": match, "hand": hand})
        review = until(ws, of_type("review"), limit=60000)
    assert hinted and review["decisions"], (hinted, review)
    for d in review["decisions"]:
        assert d["loss"] == 0, d
