"""The secrecy audit of tests/live_support.py over ``history`` messages: a real history passes, and a
history holding the hand in progress, or a card changed in a finished hand, is caught."""

from __future__ import annotations

import copy
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from starlette.testclient import TestClient

from pinochle.server.app import create_app

from .live_support import Truth, check_secrecy
from .support import hello, of_type, until
from .test_undo_server import move, south_decides, south_to_bid

pytestmark = pytest.mark.timeout(180)


def test_the_audit_passes_a_history_and_catches_a_hand_in_progress(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    with TestClient(create_app(db, bot_delay=0)) as client, client.websocket_connect("/ws") as ws:
        hello(ws)
        now = south_to_bid(ws)
        while now["view"]["phase"] != "hand_end":
            now = move(ws, now["view"])
        ws.send_json({"type": "action", "match": None, "version": now["view"]["version"], "action": {"type": "deal"}})
        second = south_decides(ws, now["view"]["version"])
        ws.send_json({"type": "history", "match": None})
        history: dict[str, Any] = until(ws, of_type("history"))
    match_id = second["match"]["id"]
    other = SimpleNamespace(name="other", tokens=set(), messages=[])
    probe = SimpleNamespace(name="probe", tokens=set(), messages=[history])
    assert check_secrecy(db, [probe, other])["histories"] == 1  # type: ignore[list-item]
    truth = Truth(db, None)
    try:
        state = truth.states(match_id)[-1]
    finally:
        truth.close()
    in_progress = copy.deepcopy(history)
    extra = copy.deepcopy(history["hands"][0])
    extra["hands"] = {s: sorted(str(c) for c in cards) for s, cards in zip("NESW", [[] for _ in range(4)])}
    extra["dealer"] = str(state.dealer)
    in_progress["hands"].append(extra)
    changed = copy.deepcopy(history)
    south = changed["hands"][0]["hands"]["S"]
    south[0] = next(c for c in ("AS", "AH", "AD") if c != south[0])
    for bad in (in_progress, changed):
        probe.messages = [bad]
        with pytest.raises(AssertionError):
            check_secrecy(db, [probe, other])  # type: ignore[list-item]
