"""Two-handed Pinochle on the server (VARIANTS.md ``two-handed``): the person at S
and a computer at N in a solo match, rooms of two and Quick Match for two, in-process over
Starlette's TestClient.

- a solo match played to 1000 through the WebSocket, the person answering from ``view.legal``
  alone (a card, the melds offered after a trick won, the dix, the next hand); the draws are the
  table's own (no choice: :func:`pinochle.game.auto_action`);
- secrecy: every card in every message sent to S is one S may see at that moment (S's hand, both
  tables, the cards played, the upcard while face up): never the stock's order nor N's hand. The
  ground truth is the match rebuilt from storage, version by version;
- a room of two: the second person sits N; a third cannot join;
- Quick Match for two: two people searching for two-handed are seated together.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pinochle.cards import Seat, unpack
from pinochle.game import State
from pinochle.server.app import create_app
from pinochle.server.rooms import Room, RoomError
from pinochle.server.table import rebuild, seat_order, seats_in_play

from .redis_support import redis_server  # noqa: F401
from .service_support import Open, service  # noqa: F401
from .support import greeted, hello, of_type, until

Msg = dict[str, Any]
pytestmark = pytest.mark.timeout(300)
FAST = (1000.0, 1000)
CARD = re.compile(r"^[ATKQJ9][SHDC]$")


def south(v: Msg) -> Msg | None:
    """S's move from the view's legal moves alone: the first meld offered, else the dix, else pass;
    the first legal card; the next hand."""
    legal = v["legal"]
    if legal.get("melds"):
        return {"type": "meld", "cards": legal["melds"][0]["cards"]}
    if legal.get("dix"):
        return {"type": "dix"}
    if "pass" in legal:
        return {"type": "pass"}
    if "play" in legal:
        return {"type": "play", "card": legal["play"][0]}
    if "deal" in legal:
        return {"type": "deal"}
    return None


def cards_in(value: object) -> set[str]:
    """Every card (``"KS"``) named anywhere in a JSON value."""
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


def seen_by_south(state: State) -> set[str]:
    """The cards S may see in ``state``: S's hand, both players' table cards, the cards played this
    hand, the upcard while face up and the card turned for trump."""
    out = set(_hand(state, Seat.S))
    sp = state.stock
    if sp is not None:
        out |= {str(t.card) for s in (Seat.N, Seat.S) for t in sp.table[s]}
        if sp.upcard is not None:
            out.add(str(sp.upcard))
    out |= {str(c) for t in state.tricks for c in t.cards}
    if state.turned is not None:
        out.add(str(state.turned))
    return out


def _hand(state: State, seat: Seat) -> list[str]:
    """The cards in ``seat``'s hand (not its table cards), from the state itself."""
    return [str(c) for c in unpack(state.hands[seat])]


def states_by_version(client: TestClient, match_id: str) -> list[State]:
    """Every state of the stored match, indexed by its version (storage is the truth)."""
    from pinochle.game import Action, apply

    stored = client.app.state.tables.storage.load(match_id)  # type: ignore[attr-defined]
    assert stored is not None
    state = rebuild(type(stored)(**{**stored.__dict__, "actions": []}))
    out = [state]
    for raw in stored.actions:
        state = apply(state, Action.from_json(raw))
        out.append(state)
    assert [s.version for s in out] == list(range(len(out)))
    return out


def leaks(msg: Msg, states: list[State]) -> set[str]:
    """The cards of ``msg`` (a ``state`` message to S) that S may not see: the current hand's
    facts checked against what S has seen so far this hand, the earlier hands' (``history``,
    ``last_hand``) against what S saw in them."""
    v = msg["view"]
    now = states[v["version"]]
    hand_states = [s for s in states[:v["version"] + 1] if s.hand_no == now.hand_no]
    allowed = set().union(*(seen_by_south(s) for s in hand_states))
    earlier = set().union(set(), *(seen_by_south(s) for s in states[:v["version"] + 1] if s.hand_no < now.hand_no))
    current = {k: x for k, x in v.items() if k not in ("history", "last_hand")}
    past = {k: v.get(k) for k in ("history", "last_hand")}
    if now.phase in ("hand_end", "match_end"):
        earlier |= allowed  # the hand just scored is last_hand
    return (cards_in(current) | cards_in(msg["match"]) | cards_in(msg["table"])) - allowed | cards_in(past) - earlier


def play_solo(ws: Any, *, until_phase: str = "match_end", limit: int = 40000) -> list[Msg]:
    """Play S's moves in the solo match until a state in ``until_phase``; every state message sent."""
    sent: list[Msg] = []
    for _ in range(limit):
        msg = ws.receive_json()
        assert msg["type"] != "error", msg
        if msg["type"] != "state":
            continue
        sent.append(msg)
        v = msg["view"]
        if v["phase"] == until_phase:
            return sent
        if v["turn"] == "S" or "deal" in v["legal"]:
            action = south(v)
            if action is not None:
                ws.send_json({"type": "action", "match": None, "version": v["version"], "action": action})
    raise AssertionError(f"never reached {until_phase}")


def test_the_seats_of_two_handed() -> None:
    assert [str(s) for s in seats_in_play("two-handed")] == ["N", "S"]
    assert [str(s) for s in seat_order("two-handed")] == ["S", "N"]


def test_a_solo_match_plays_to_1000_and_no_message_shows_a_hidden_card(service: Open) -> None:
    with service(bot_delay=0, rate=FAST) as client, \
            client.connect() as ws:
        hello(ws)
        ws.send_json({"type": "new_match", "level": "easy", "game": "two-handed"})
        sent = play_solo(ws)
        match_id = sent[-1]["match"]["id"]
        states = states_by_version(client, match_id)
    end = sent[-1]
    v, m, t = end["view"], end["match"], end["table"]
    assert m["game"] == "two-handed" and m["phase"] == "match_end" and t["you"] == "S"
    assert {s: f["computer"] for s, f in t["seats"].items()} == {"N": True, "S": False}
    assert set(m["totals"]) == {"N", "S"} and m["totals"] == v["totals"]
    assert max(v["totals"].values()) >= 1000 and v["totals"][v["winner"]] == max(v["totals"].values())
    assert v["winner"] == m["winner"] and len(v["history"]) >= 2
    phases = {msg["view"]["phase"] for msg in sent}
    assert {"stock_play", "stock_meld", "endgame", "hand_end"} <= phases
    assert any(d["seat"] == "S" for msg in sent for d in msg["view"]["declared"])  # S melded from legal
    assert any(msg["view"]["endgame"] for msg in sent)
    for msg in sent:
        vv = msg["view"]
        assert vv["seat"] == "S" and set(vv["hand_sizes"]) == {"N", "S"} and set(vv["table"]) == {"N", "S"}
        state = states[vv["version"]]
        assert sorted(vv["hand"]) == sorted(_hand(state, Seat.S)) and vv["stock_left"] == (state.stock.left() if state.stock else 0)
        assert vv["hand_sizes"]["N"] == len(_hand(state, Seat.N))  # the other hand: a number, never its cards
        assert leaks(msg, states) == set(), (vv["version"], vv["phase"])
    # the checker sees a leak: N's hand or the stock's next card in S's view at the first state
    first = sent[0]
    assert first["view"]["version"] == 0 and states[0].stock is not None
    north = _hand(states[0], Seat.N)
    assert leaks({**first, "view": {**first["view"], "north": north}}, states) <= set(north)
    assert leaks({**first, "view": {**first["view"], "north": north}}, states)
    stock_next = str(states[0].stock.stock[0])
    assert leaks({**first, "table": {**first["table"], "x": stock_next}}, states) == (
        {stock_next} - seen_by_south(states[0]))


# ---------------------------------------------------------------- rooms of two


def test_a_room_of_two_seats_the_second_person_at_north(service: Open) -> None:
    with service(bot_delay=0, rate=FAST) as client, \
            client.connect() as a, client.connect() as b:
        hello(a)
        hello(b)
        a.send_json({"type": "create_room", "name": "Ann", "level": "easy", "game": "two-handed"})
        room = until(a, of_type("joined"))["room"]
        assert room["game"] == "two-handed" and sorted(room["seats"]) == ["N", "S"]
        b.send_json({"type": "join_room", "code": room["code"], "name": "Bob"})
        bob = until(b, of_type("joined"))["room"]
        assert bob["seats"]["N"]["name"] == "Bob" and bob["seats"]["S"]["name"] == "Ann"
        for ws in (a, b):
            ws.send_json({"type": "ready", "ready": True})
        until(a, lambda m: m["type"] == "room" and all(x is not None and x["ready"] for x in m["room"]["seats"].values()))
        a.send_json({"type": "start"})
        st_a = until(a, of_type("state"))
        st_b = until(b, of_type("state"))
    for msg, me in ((st_a, "S"), (st_b, "N")):
        t, v = msg["table"], msg["view"]
        assert t["you"] == me == v["seat"] and msg["match"]["kind"] == "room" and msg["match"]["game"] == "two-handed"
        assert {s: f["computer"] for s, f in t["seats"].items()} == {"N": False, "S": False}
        assert v["seats"] == ["N", "S"] and v["stock_left"] == 24 and len(v["hand"]) == 12


def test_a_room_of_two_is_full_with_two() -> None:
    room = Room.create("Ann", game="two-handed")
    bob = room.join("Bob")
    assert str(room.seat_of(bob)) == "N"
    with pytest.raises(RoomError, match="full"):
        room.join("Cy")
    assert Room.from_json(room.to_json()) == room
    table = Room.create("Ann")
    for name in ("Bob", "Cy"):
        table.join(name)
    with pytest.raises(RoomError):
        table.set_game(table.creator, "two-handed")  # three people: too many for a table of two
    assert table.game == "table"


# ---------------------------------------------------------------- Quick Match


def test_quick_match_seats_two_people_for_two_handed(tmp_path: Path) -> None:
    app = create_app(tmp_path / "q.db", bot_delay=0, rate=FAST, search_seconds=60, quick_move_timer=None)
    with TestClient(app) as client, greeted(client, 3) as (a, b, c):
        c.send_json({"type": "quick_match", "name": "Cy", "game": "cutthroat"})  # another game: never grouped
        until(c, of_type("searching"))
        a.send_json({"type": "quick_match", "name": "Ann", "game": "two-handed"})
        first = until(a, of_type("searching"))
        assert first["game"] == "two-handed" and first["seats"] == 2 and first["players"] == 1
        b.send_json({"type": "quick_match", "name": "Bob", "game": "two-handed"})  # the second: the table starts
        states = [until(ws, of_type("state")) for ws in (a, b)]
        matchmaker = client.app.state.server.quick.queue  # type: ignore[attr-defined]
        assert matchmaker.waiting("two-handed") == () and matchmaker.waiting("cutthroat") != ()
    assert len({m["match"]["id"] for m in states}) == 1
    for msg, me, name in zip(states, ("S", "N"), ("Ann", "Bob")):
        t = msg["table"]
        assert msg["match"]["kind"] == "quick" and msg["match"]["game"] == "two-handed"
        assert t["you"] == me and t["seats"][me]["name"] == name
        assert sorted(t["seats"]) == ["N", "S"] and not any(f["computer"] for f in t["seats"].values())
