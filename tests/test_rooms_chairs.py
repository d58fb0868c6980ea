"""Private rooms of auction at a table of 4 or 5: the places are chairs 0 .. P-1.

The lobby rules of :class:`~pinochle.server.rooms.Room` with chairs, then one room of 4
over the WebSocket: two people, two computer guests, each person sees their own chair.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from pinochle.cards import Seat
from pinochle.server.app import create_app
from pinochle.server import table as table_module
from pinochle.server.rooms import Room, RoomError

from .support import error, hello, of_type, until

Msg = dict[str, Any]


def test_a_room_of_five_fills_chairs_in_order_and_starts_with_chair_guests() -> None:
    room = Room.create("Ann", level="hard", game="auction", players=5)
    ann = room.creator
    assert room.chaired and sorted(room.seats) == [0, 1, 2, 3, 4] and room.seat_of(ann) == 0
    bob, cy = room.join("Bob"), room.join("Cy")
    assert (room.seat_of(bob), room.seat_of(cy)) == (1, 2)
    room.leave(bob)
    assert room.seats[1] is None
    dee = room.join("Dee")
    assert room.seat_of(dee) == 1  # the first open chair
    public = room.public(ann)
    assert list(public["seats"]) == ["0", "1", "2", "3", "4"] and public["players"] == 5  # type: ignore[arg-type]
    assert public["seats"]["1"]["name"] == "Dee" and public["seats"]["3"] is None  # type: ignore[index]
    for t in room.members:
        room.set_ready(t, True)
    begun = room.start(ann)
    assert begun.players == 5 and begun.guests == (3, 4) and begun.seats[0] == ann


def test_a_room_of_four_is_full_at_four_and_refuses_a_fifth() -> None:
    room = Room.create("Ann", game="auction", players=4)
    for name in ("Bob", "Cy", "Dee"):
        room.join(name)
    with pytest.raises(RoomError, match="full"):
        room.join("Eve")
    with pytest.raises(RoomError, match="seats 3, and 4 people"):
        room.set_game(room.creator, "auction", 3)
    assert room.players == 4 and len(room.seats) == 4


@pytest.mark.parametrize(("game", "players", "says"), [
    ("auction", 6, "the auction game is played by 3, 4 or 5 players, not 6"),
    ("cutthroat", 5, "the cutthroat game is played by 3 players, not 5"),
    ("table", 5, "the table game is played by 4 players, not 5"),
    ("auction", "4", "not '4'"),
    ("auction", True, "not True"),
])
def test_a_size_the_game_does_not_take_is_refused(game: str, players: object, says: str) -> None:
    with pytest.raises(RoomError, match=says):
        Room.create("Ann", game=game, players=players)
    room = Room.create("Ann")
    with pytest.raises(RoomError, match=says):
        room.set_game(room.creator, game, players)
    assert room.game == "table" and room.players is None


def test_arranging_chairs_checks_the_rooms_places() -> None:
    room = Room.create("Ann", game="auction", players=4)
    ann, bob = room.creator, room.join("Bob")
    room.arrange(ann, {3: ann, 0: bob})
    assert room.seat_of(ann) == 3 and room.seat_of(bob) == 0 and room.seats[1] is None
    with pytest.raises(RoomError, match="no chair 4: its places are chairs 0, 1, 2, 3"):
        room.arrange(ann, {4: ann, 0: bob})
    with pytest.raises(RoomError, match="no place 'S': its places are chairs 0, 1, 2, 3"):
        room.parse_place("S")
    with pytest.raises(RoomError, match="every person"):
        room.arrange(ann, {0: ann})
    assert room.seat_of(ann) == 3  # a refused arrangement changes nothing
    seats = Room.create("Cy", game="auction")
    with pytest.raises(RoomError, match="no place '0': its places are seats E, S, W"):
        seats.parse_place("0")


def test_changing_size_and_game_keeps_people_in_order() -> None:
    room = Room.create("Ann")  # the table game: S, then N (the partner), E, W
    ann, bob, cy = room.creator, room.join("Bob"), room.join("Cy")
    room.set_ready(bob, True)
    room.set_game(ann, "auction", 5)
    assert [room.seats[c] for c in range(5)] == [ann, bob, cy, None, None]
    assert not room.members[bob].ready  # a new table is agreed afresh
    room.arrange(ann, {0: cy, 2: bob, 4: ann})
    room.set_game(ann, "auction", 4)  # chairs 0 and 2 stay; chair 4's person takes the first open chair
    assert [room.seats[c] for c in range(4)] == [cy, ann, bob, None]
    room.set_game(ann, "auction", 3)  # back to seats, in chair order: S, E, W
    assert (room.seats[Seat.S], room.seats[Seat.E], room.seats[Seat.W]) == (cy, ann, bob)
    assert not room.chaired and room.players is None
    room.set_game(ann, "table")
    assert room.seats[Seat.S] == cy and room.public(ann)["players"] == 4


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([3, 4, 5]), st.integers(0, 4), st.lists(st.booleans(), max_size=6))
def test_a_room_round_trips_through_storage(players: int, joining: int, ready: list[bool]) -> None:
    room = Room.create("Ann", game="auction", players=players)
    for i in range(min(joining, players - 1)):
        room.join(f"P{i}")
    for t, r in zip(list(room.members), ready):
        room.set_ready(t, r)
    again = Room.from_json(room.to_json())
    assert again == room and again.public(room.creator) == room.public(room.creator)
    assert all(type(k) is int for k in again.seats) if players > 3 else all(isinstance(k, Seat) for k in again.seats)


def test_a_room_stored_before_chairs_still_loads() -> None:
    stored = {"code": "ABCDEFGH23", "creator": "t1", "level": "easy", "phase": "lobby", "match_id": None,
              "move_timer": None, "game": "auction", "members": [{"token": "t1", "id": "i1", "name": "Ann", "ready": True}],
              "seats": {"E": None, "S": "t1", "W": None}}
    room = Room.from_json(stored)
    assert room.players is None and not room.chaired and room.seat_of("t1") == Seat.S
    assert list(room.public("t1")["seats"]) == ["E", "S", "W"]  # type: ignore[arg-type]


# ---------------------------------------------------------------- over the WebSocket


def test_two_people_play_a_room_of_auction_at_four(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_module.secrets, "randbelow", lambda n: 0)  # chair 0 deals the first hand
    with TestClient(create_app(tmp_path / "rooms.db", bot_delay=0)) as client, \
            client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        hello(a)
        hello(b)
        a.send_json({"type": "create_room", "name": "Ann", "game": "auction", "players": 7})
        assert error(a)["message"] == "create_room.players is 3, 4 or 5 for the auction game, not 7"
        a.send_json({"type": "create_room", "name": "Ann", "game": "auction", "players": 4})
        room = until(a, of_type("joined"))["room"]
        assert list(room["seats"]) == ["0", "1", "2", "3"] and room["players"] == 4
        b.send_json({"type": "join_room", "code": room["code"], "name": "Bob"})
        bob = until(b, of_type("joined"))["room"]
        assert bob["seats"]["1"]["name"] == "Bob"
        a.send_json({"type": "arrange", "seats": {"N": room["you"]}})
        assert "its places are chairs 0, 1, 2, 3" in error(a)["message"]
        a.send_json({"type": "arrange", "seats": {"0": room["you"], "2": bob["you"]}})
        moved = until(b, lambda m: m["type"] == "room" and m["room"]["seats"]["2"] is not None)["room"]
        assert moved["seats"]["1"] is None
        for ws in (a, b):
            ws.send_json({"type": "ready", "ready": True})
        until(a, lambda m: m["type"] == "room" and all(x is None or x["ready"] for x in m["room"]["seats"].values()))
        a.send_json({"type": "start"})
        states = {0: until(a, of_type("state")), 2: until(b, of_type("state"))}
        for chair, msg in states.items():
            t = msg["table"]
            assert t["chair"] == chair and t["players"] == 4 and msg["match"]["kind"] == "room"
            assert sorted(t["seats"]) == ["0", "1", "2", "3"]
            assert t["seats"]["1"]["computer"] and t["seats"]["1"]["name"] == "Player 2 (computer, Normal)"
            assert t["seats"]["3"]["computer"] and t["seats"]["2"]["name"] == "Bob"
        # chair 0 (Ann) deals first and sits the hand out: a spectator's view, and her move is refused
        ann, bob = states[0], states[2]
        assert ann["view"]["sits_out"] and ann["table"]["you"] is None and ann["view"]["hand"] == []
        assert not bob["view"].get("sits_out") and bob["table"]["you"] in ("E", "S", "W") and len(bob["view"]["hand"]) == 15
        a.send_json({"type": "action", "match": ann["match"]["id"], "version": ann["view"]["version"],
                     "action": {"type": "pass"}})
        err = error(a)
        assert err["code"] == "illegal" and "chair 0 (the dealer) sits this hand out" in err["message"]
