"""The soak tests of soak/ at CI size (issue 18, item 4; the full-size results are in docs/reliability.md).

- restarts: 3 kill -9 cycles (2 in a room of two people, 1 solo);
- fuzzing: 2,000 generated frames while another person plays;
- secrecy: 22 simulated matches (2 of each game and table size), the first hand of each;
- the checks can fail: a view that shows another hand fails both secrecy checks;
- a regression found by the fuzz soak: a client that leaves while its messages are handled
  left a traceback in the server's log.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

from pinochle.cards import Seat, unpack
from pinochle.game import State, new_match, view
from soak import fuzz, restarts, secrecy
from pinochle.server.app import create_app



def test_restarts(tmp_path: Path) -> None:
    out = restarts.soak(3, room_cycles=2, tmp=tmp_path)
    assert out["cycles"] == out["acknowledged"] == 3
    assert out["resumes"] == 2 * 2 + 1  # two people in the room, one solo
    assert out["seat_views_compared"] == 3 * 4
    assert out["starts"] == 4


def test_fuzz(tmp_path: Path) -> None:
    out = fuzz.soak(2000, seed=1, tmp=tmp_path)
    assert out["frames"] >= 2000 and out["synced"] > 0
    assert out["other"]["matches"] >= 1 and out["other"]["person_moves"] > 30
    assert set(out["kinds"]) >= {"valid", "mutated", "json", "bytes", "binary", "deep", "oversized"}
    assert out["closes"].get("1009", 0) >= 1 and "error:server" not in out["answers"]


def test_the_protocol_doc_lists_the_enums() -> None:
    ok = fuzz.listed()
    assert "bad_message" in ok.errors and 1009 in ok.closes and {"pong", "matched"} <= ok.types


def test_secrecy() -> None:
    cfgs = secrecy.configs()
    assert {str(c) for c in cfgs} >= {"table", "cutthroat", "auction@3", "auction@4", "auction@5", "two-handed"}
    out = secrecy.soak(2 * len(cfgs), max_hands=1, workers=1)
    assert not out["failures"], out["failures"][:3]
    for name, c in out["per"].items():
        assert c["matches"] == 2 and c["views"] > 0 and c["permutations"] > 0, name


def _leaky(state: State, seat: int, tokens: bool = True) -> Any:
    """A view that also shows the next seat's hand (what a bug would do); ``tokens=False``: only a number
    computed from it (no card token to see)."""
    v = view(state, seat)
    other = (seat + 1) % 4
    while other not in state.game.seating.seats:
        other = (other + 1) % 4

    class Leaky:
        def to_json(self) -> dict[str, object]:
            cards = unpack(state.hands[other])
            return {**v.to_json(), "peek": [str(c) for c in cards] if tokens else sum(i * c for i, c in enumerate(cards))}

    return Leaky()


def test_the_secrecy_checks_catch_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    state = new_match(seed=3, game="cutthroat")
    j = _leaky(state, Seat.E).to_json()
    with pytest.raises(AssertionError, match="sees"):  # (a): tokens the seat may not see
        secrecy.check_tokens(state, Seat.E, j)
    # (b): the leaky view changes when the hidden cards move, even where (a) could not tell
    monkeypatch.setattr(secrecy, "view", lambda state, seat: _leaky(state, seat, tokens=False))
    with pytest.raises(AssertionError, match="changes when hidden cards move"):
        secrecy.check_state(state, random.Random(0))


def test_a_client_that_leaves_while_its_messages_are_handled_leaves_no_traceback(tmp_path: Path) -> None:
    """Found by the fuzz soak (a client that sends many frames and is gone at once): a send through the
    room's hub meets the closed socket and drops it quietly; the next answer sent directly then raised
    Starlette's RuntimeError out of the endpoint, a traceback in the server's log. Driven through ASGI
    here, the socket failing from the moment the frame ``ready`` is read."""
    app = create_app(tmp_path / "leave.db", bot_delay=0)
    frames = [{"type": "hello", "device": None}, {"type": "create_room", "name": "Ann"},
              {"type": "ready", "ready": True}, {"type": "ready", "ready": "yes"}]
    incoming: list[dict[str, Any]] = [{"type": "websocket.connect"}]
    incoming += [{"type": "websocket.receive", "text": json.dumps(f)} for f in frames]
    incoming.append({"type": "websocket.disconnect", "code": 1006})
    sent: list[dict[str, Any]] = []
    gone = False

    async def receive() -> dict[str, Any]:
        nonlocal gone
        msg = incoming.pop(0)
        gone = gone or '"ready": true' in msg.get("text", "")
        return msg

    async def send(msg: dict[str, Any]) -> None:
        if gone:
            raise OSError("the client has gone")
        sent.append(msg)

    scope = {"type": "websocket", "path": "/ws", "raw_path": b"/ws", "headers": [(b"host", b"testserver")],
             "query_string": b"", "scheme": "ws", "client": ("127.0.0.1", 5000), "server": ("testserver", 80),
             "subprotocols": [], "asgi": {"version": "3.0"}}
    asyncio.run(app(scope, receive, send))  # raised RuntimeError before the fix
    kinds = [json.loads(m["text"])["type"] for m in sent if m["type"] == "websocket.send"]
    assert kinds[:2] == ["welcome", "joined"], kinds
