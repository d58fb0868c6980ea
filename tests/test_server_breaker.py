"""Behaviours found wrong by a breaker's pass over the one server path (tables, rooms, Quick Match,
limits), each run where it fits in both modes: one process on SQLite, and two processes on one Redis
(tests/service_support.py)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from .redis_support import redis_server  # noqa: F401
from .service_support import Open, service  # noqa: F401
from .support import error, hello, of_type, until
from .test_protocol_errors import make_room
from .test_rooms_server import first_legal

Msg = dict[str, Any]
pytestmark = pytest.mark.timeout(120)


def start_room(a: Any, b: Any) -> tuple[Msg, Msg, Msg, Msg]:
    """A room of Ann (S) and Bob (N) started; their joins and first states."""
    ja, jb = make_room(a, b)
    for ws in (a, b):
        ws.send_json({"type": "ready", "ready": True})
    until(a, lambda m: m["type"] == "room" and all(s is None or s["ready"] for s in m["room"]["seats"].values()))
    a.send_json({"type": "start"})
    sa = until(a, of_type("state"))
    sb = until(b, of_type("state"))
    return ja, jb, sa, sb


def play_to(people: dict[str, Any], first: dict[str, Msg], done: Any, limit: float = 60) -> dict[str, Msg]:
    """Play the first legal move for every person (seat letter -> socket) whose turn it is, until
    ``done(state)`` holds for the state every person has last seen; their last states.

    At a hand's end nobody asks for the next hand (``deal`` is left to the test)."""
    last = dict(first)
    acted: set[int] = set()
    deadline = time.monotonic() + limit
    while True:
        assert time.monotonic() < deadline, "the table stalled"
        versions = {s: m["view"]["version"] for s, m in last.items()}
        top = max(versions.values())
        if all(v == top for v in versions.values()) and done(last[next(iter(last))]):
            return last
        # read the one behind, or everyone one message on
        for seat, ws in people.items():
            msg = last[seat]
            v = msg["view"]
            if versions[seat] == top and v["turn"] == seat and v["phase"] != "hand_end" and v["version"] not in acted:
                move = first_legal(v)
                if move is not None:
                    acted.add(v["version"])
                    ws.send_json({"type": "action", "match": msg["match"]["id"], "version": v["version"],
                                  "action": move})
        behind = [s for s, v in versions.items() if v < top] or list(people)
        for seat in behind:
            last[seat] = until(people[seat], of_type("state"))


def at_hand_end(m: Msg) -> bool:
    return bool(m["view"]["phase"] == "hand_end")


def test_who_asked_for_the_next_hand_survives_a_restart(service: Open) -> None:
    """Ann asks for the next hand, the service restarts, Bob comes back: Ann is still shown ready (who asked
    is stored, Storage.mark_ready, in both modes alike)."""
    with service(bot_delay=0) as svc, svc.connect() as a, svc.connect() as b:
        ja, jb, sa, sb = start_room(a, b)
        last = play_to({"S": a, "N": b}, {"S": sa, "N": sb}, at_hand_end)
        end = last["S"]
        a.send_json({"type": "action", "match": end["match"]["id"], "version": end["view"]["version"],
                     "action": {"type": "deal"}})
        ready = until(a, lambda m: m["type"] == "state" and m["table"]["seats"]["S"]["next_ready"])
        assert ready["view"]["legal"] == {}
    with service(bot_delay=0) as svc, svc.connect() as b2:
        hello(b2, None, jb["token"])
        back = until(b2, lambda m: m["type"] == "state" and m["event"] == "resume")
        assert back["view"]["phase"] == "hand_end"
        assert back["table"]["seats"]["S"]["next_ready"], "Ann's request for the next hand was forgotten"


def test_a_room_reopened_after_a_restart_is_driven(service: Open) -> None:
    """A restart mid-hand: Ann alone comes back; Bob's seat passes to a computer and the hand goes on."""
    with service(bot_delay=0, away_seconds=0.3) as svc, svc.connect() as a, svc.connect() as b:
        ja, jb, sa, sb = start_room(a, b)
        match_id = sa["match"]["id"]
    with service(bot_delay=0, away_seconds=0.3) as svc, svc.connect() as a2, svc.connect() as spare:
        hello(spare)
        hello(a2, None, ja["token"])
        back = until(a2, lambda m: m["type"] == "state" and m["event"] == "resume")
        assert back["match"]["id"] == match_id
        msg = back
        acted: set[int] = set()
        deadline = time.monotonic() + 30
        while msg["view"]["version"] < back["view"]["version"] + 8:
            assert time.monotonic() < deadline, "the reopened table was not driven"
            v = msg["view"]
            if v["turn"] == "S" and v["version"] not in acted and (move := first_legal(v)) is not None:
                acted.add(v["version"])
                a2.send_json({"type": "action", "match": match_id, "version": v["version"], "action": move})
            msg = until(a2, of_type("state"))


def test_a_room_everyone_left_stays_ended_everywhere(service: Open) -> None:
    """Both people leave a room in play (through different processes in ``two``): the match ends for good,
    no computer moves it again, and a resume of it is ``no_match``."""
    with service(bot_delay=0.05) as svc, svc.connect() as a, svc.connect() as b:
        ja, jb, sa, sb = start_room(a, b)
        match_id = sa["match"]["id"]
        a.send_json({"type": "leave"})
        until(a, of_type("left"))
        b.send_json({"type": "leave"})
        until(b, of_type("left"))
        time.sleep(0.3)
        store = svc.clients[0].app.state.server.storage
        n = len(store.load(match_id).actions)
        time.sleep(0.6)
        stored = store.load(match_id)
        assert stored.finished and len(stored.actions) == n, "the ended match moved"
        for ws in (a, b):
            ws.send_json({"type": "resume", "match": match_id})
            assert error(ws)["code"] == "no_match"


def test_an_idle_room_in_play_expires_everywhere(service: Open) -> None:
    """An idle room's match ends on every process: both people get ``left``, the match stays put, and their
    seat tokens hold nothing."""
    with service(bot_delay=0.05) as svc, svc.connect() as a, svc.connect() as b:
        ja, jb, sa, sb = start_room(a, b)
        match_id = sa["match"]["id"]
        app = svc.clients[0].app
        expired = svc.clients[0].portal.call(app.state.server.rooms.expire, -1.0)
        assert expired == [ja["room"]["code"]]
        until(a, of_type("left"))
        until(b, of_type("left"))
        time.sleep(0.3)
        store = app.state.server.storage
        n = len(store.load(match_id).actions)
        time.sleep(0.6)
        stored = store.load(match_id)
        assert stored.finished and len(stored.actions) == n, "the expired room's match moved"
        with svc.connect() as c, svc.connect() as d:
            assert hello(c, None, ja["token"])["seat"] is None
            assert hello(d, None, jb["token"])["seat"] is None


def test_a_quick_match_table_everyone_left_stays_still(service: Open) -> None:
    """The only person at a Quick Match table leaves: nobody is left to play for, so the computers do not
    play the match out among themselves (as a room everyone left, it ends)."""
    with service(bot_delay=0.02, search_seconds=0.1) as svc, svc.connect() as ws:
        hello(ws)
        ws.send_json({"type": "quick_match", "name": "Sam"})
        matched = until(ws, of_type("matched"))
        match_id = matched["match"]
        until(ws, of_type("state"))
        ws.send_json({"type": "leave"})
        until(ws, of_type("left"))
        time.sleep(0.5)
        store = svc.clients[0].app.state.server.storage
        n = len(store.load(match_id).actions)
        time.sleep(1.0)
        stored = store.load(match_id)
        assert len(stored.actions) == n, "computers played a table nobody sits at"


def play_out(storage: Any, match_id: str) -> int:
    """Store moves (the first legal one, a pass in the auction) until the match ends, as a process would
    just before it stopped; the number of actions stored."""
    from pinochle.game import apply, auto_action, legal_actions, turn
    from pinochle.server.table import rebuild

    state = rebuild(storage.load(match_id))
    while state.phase != "match_end":
        action = auto_action(state)
        if action is None:
            seat = turn(state)
            assert seat is not None
            moves = legal_actions(state, seat)
            action = next((a for a in moves if a.type == "pass"), moves[0])
        new = apply(state, action)
        storage.append_action(match_id, state.version, action.to_json(), new.phase == "match_end")
        state = new
    return state.version


def test_a_room_whose_match_ended_as_the_server_stopped_shows_the_result(service: Open) -> None:
    """The room's last move was stored, then the service stopped before the room was told (a restart, or the
    shared store failing the room's update): after the restart the room shows the result (``review``) and
    can go back to its lobby, instead of staying ``playing`` a finished match for good."""
    with service(bot_delay=0) as svc:
        with svc.connect() as a, svc.connect() as b:
            ja, jb, sa, sb = start_room(a, b)
            match_id = sa["match"]["id"]
        time.sleep(0.2)
        server = svc.clients[0].app.state.server
        for app in (c.app for c in svc.clients):  # the room's update never comes (the process stops first)
            app.state.tables.finish_hooks.pop("room", None)
            for table in list(app.state.tables.tables.values()):
                table.on_finish = None
        play_out(server.storage, match_id)
    with service(bot_delay=0) as svc, svc.connect() as a2:
        hello(a2, None, ja["token"])
        assert until(a2, of_type("room"))["room"]["phase"] == "review"
        end = until(a2, lambda m: m["type"] == "state" and m["event"] == "resume")
        assert end["view"]["phase"] == "match_end"
        time.sleep(1.5)  # a sweep or two
        a2.send_json({"type": "back_to_lobby"})
        seen = []
        while not seen or seen[-1]["type"] not in ("error", "room") or (
                seen[-1]["type"] == "room" and seen[-1]["room"]["phase"] != "lobby"):
            seen.append(a2.receive_json())
        assert seen[-1]["type"] == "room" and seen[-1]["room"]["phase"] == "lobby", seen


def test_a_leave_while_the_table_is_being_set_up_leaves_no_ghost(service: Open) -> None:
    """``leave`` lands while the searcher's table is being stored: either it is refused (too late: the table
    was found) and the person is seated, or it is answered ``left`` and the table seats a computer instead;
    never ``left`` with the person still seated (a ghost whose seat waits for someone who has gone)."""
    with service(bot_delay=0.05, search_seconds=0.1) as svc, svc.connect() as ws:
        for client in svc.clients:
            store = client.app.state.tables.storage
            create = store.create_match

            def slow(*args: Any, _create: Any = create, **kwargs: Any) -> None:
                time.sleep(0.8)  # the table is being set up
                _create(*args, **kwargs)
            store.create_match = slow
        hello(ws)
        ws.send_json({"type": "quick_match", "name": "Sam"})
        token = until(ws, of_type("searching"))["token"]
        time.sleep(0.4)  # taken for a table, not stored yet
        ws.send_json({"type": "leave"})
        answer = until(ws, lambda m: m["type"] in ("left", "error"))
        time.sleep(1.5)
        tables = svc.clients[0].app.state.tables
        match_id = tables.storage.match_of_token(token)
        if answer["type"] == "left":
            assert match_id is None, "Sam was told he left, but sits at the table the search found"
        else:
            assert answer["code"] == "stale" and match_id is not None


def test_a_quick_match_table_both_people_left_stays_still(service: Open) -> None:
    """Two people at one Quick Match table (through different processes in ``two``) both leave: the match
    ends and no computer moves it again."""
    with service(bot_delay=0.02, search_seconds=1.0) as svc, svc.connect() as a, svc.connect() as b:
        hello(a)
        hello(b)
        a.send_json({"type": "quick_match", "name": "Ann"})
        until(a, of_type("searching"))
        b.send_json({"type": "quick_match", "name": "Bob"})
        match_id = until(a, of_type("matched"))["match"]
        assert until(b, of_type("matched"))["match"] == match_id
        until(a, of_type("state"))
        until(b, of_type("state"))
        a.send_json({"type": "leave"})
        b.send_json({"type": "leave"})
        until(a, of_type("left"))
        until(b, of_type("left"))
        time.sleep(0.5)
        store = svc.clients[0].app.state.server.storage
        n = len(store.load(match_id).actions)
        time.sleep(1.0)
        stored = store.load(match_id)
        assert stored.finished and len(stored.actions) == n, "computers played a table nobody sits at"


def test_a_searcher_who_comes_back_through_another_process_keeps_searching(service: Open) -> None:
    """A searcher's socket drops and comes back (through the other process in ``two``) within the grace:
    the search goes on past the grace, and a second searcher is seated with them."""
    with service(bot_delay=0.05, search_seconds=30) as svc:
        with svc.connect() as a:
            hello(a)
            a.send_json({"type": "quick_match", "name": "Ann"})
            token = until(a, of_type("searching"))["token"]
        with svc.connect() as a2:
            w = hello(a2, None, token)
            assert w["seat"] is not None and w["seat"]["token"] == token
            assert until(a2, of_type("searching"))["players"] == 1
            time.sleep(6.5)  # past the grace of a searcher without a socket
            with svc.connect() as b:
                hello(b)
                b.send_json({"type": "quick_match", "name": "Bob"})
                until(b, of_type("searching"))
                found = until(a2, lambda m: m["type"] == "searching" and m["players"] == 2)
                assert found["token"] == token


def test_a_solo_match_goes_on_after_a_restart(service: Open) -> None:
    """A solo match mid-hand, the service restarts: the device says hello (through either process), resumes,
    moves, and the computers move again."""
    with service(bot_delay=0) as svc, svc.connect() as ws:
        device = hello(ws)["device"]
        ws.send_json({"type": "new_match", "level": "easy"})
        st = until(ws, lambda m: m["type"] == "state" and m["view"]["turn"] == "S" and m["view"]["legal"])
        match_id = st["match"]["id"]
    with service(bot_delay=0) as svc, svc.connect() as spare, svc.connect() as ws2:
        hello(spare)
        w = hello(ws2, device)
        assert w["match"]["id"] == match_id
        ws2.send_json({"type": "resume"})
        msg = until(ws2, of_type("state"))
        start = msg["view"]["version"]
        deadline = time.monotonic() + 30
        acted: set[int] = set()
        while msg["view"]["version"] < start + 10:
            assert time.monotonic() < deadline, "the solo match was not driven after the restart"
            v = msg["view"]
            if v["turn"] == "S" and v["version"] not in acted and (move := first_legal(v)) is not None:
                acted.add(v["version"])
                ws2.send_json({"type": "action", "match": match_id, "version": v["version"], "action": move})
            msg = until(ws2, of_type("state"))


def test_a_join_while_the_search_table_is_being_set_up_adds_no_member(service: Open) -> None:
    """``join_room`` from a searcher whose table is being stored is refused (too late) before the room is
    joined: the room gains no member who is not there, and the searcher is seated at the table found."""
    with service(bot_delay=0.05, search_seconds=0.1) as svc, svc.connect() as ann, svc.connect() as ws:
        hello(ann)
        ann.send_json({"type": "create_room", "name": "Ann", "level": "easy"})
        code = until(ann, of_type("joined"))["room"]["code"]
        for client in svc.clients:
            store = client.app.state.tables.storage
            create = store.create_match

            def slow(*args: Any, _create: Any = create, **kwargs: Any) -> None:
                time.sleep(0.8)  # the table is being set up
                _create(*args, **kwargs)
            store.create_match = slow
        hello(ws)
        ws.send_json({"type": "quick_match", "name": "Sam"})
        token = until(ws, of_type("searching"))["token"]
        time.sleep(0.4)  # taken for a table, not stored yet
        ws.send_json({"type": "join_room", "code": code, "name": "Sam"})
        answer = until(ws, lambda m: m["type"] in ("joined", "error"))
        assert answer["type"] == "error" and answer["code"] == "stale", answer
        time.sleep(1.5)
        server = svc.clients[0].app.state.server
        room = server.rooms.get(code)
        assert [m.name for m in room.members.values()] == ["Ann"]
        assert server.storage.match_of_token(token) is not None


def test_presence_follows_the_last_socket_of_a_seat(service: Open) -> None:
    """Bob has two tabs (on both processes in ``two``): closing one leaves him connected; closing the last
    shows him away to Ann; coming back shows him connected again."""
    with service(bot_delay=0.05) as svc, svc.connect() as a:
        b = svc.connect().__enter__()
        ja, jb, sa, sb = start_room(a, b)
        b2 = svc.connect().__enter__()
        hello(b2, None, jb["token"])
        until(b2, lambda m: m["type"] == "state" and m["event"] == "resume")
        b.__exit__(None, None, None)
        time.sleep(0.5)
        b2.send_json({"type": "resume", "match": sa["match"]["id"]})
        assert until(b2, lambda m: m["type"] == "state" and m["event"] == "resume")["table"]["you"] == "N"
        a.send_json({"type": "resume", "match": sa["match"]["id"]})
        now = until(a, lambda m: m["type"] == "state" and m["event"] == "resume")
        assert now["table"]["seats"]["N"]["connected"], "Bob shown away with a tab still open"
        b2.__exit__(None, None, None)
        until(a, lambda m: m["type"] == "state" and not m["table"]["seats"]["N"]["connected"])
        with svc.connect() as b3:
            hello(b3, None, jb["token"])
            until(a, lambda m: m["type"] == "state" and m["table"]["seats"]["N"]["connected"])


def test_the_next_hand_is_dealt_once_both_people_ask(service: Open) -> None:
    """At a hand's end Ann asks (shown ready to both), then Bob (through the other process in ``two``): the
    next hand is dealt, and each gets a hand of their own."""
    with service(bot_delay=0) as svc, svc.connect() as a, svc.connect() as b:
        ja, jb, sa, sb = start_room(a, b)
        last = play_to({"S": a, "N": b}, {"S": sa, "N": sb}, at_hand_end)
        end = last["S"]
        a.send_json({"type": "action", "match": end["match"]["id"], "version": end["view"]["version"],
                     "action": {"type": "deal"}})
        until(b, lambda m: m["type"] == "state" and m["table"]["seats"]["S"]["next_ready"])
        b.send_json({"type": "action", "match": end["match"]["id"], "version": end["view"]["version"],
                     "action": {"type": "deal"}})
        na = until(a, lambda m: m["type"] == "state" and m["match"]["hand_number"] == 2)
        nb = until(b, lambda m: m["type"] == "state" and m["match"]["hand_number"] == 2)
        assert na["view"]["hand"] and nb["view"]["hand"] and na["view"]["hand"] != nb["view"]["hand"]
        assert not na["table"]["seats"]["S"]["next_ready"] and not nb["table"]["seats"]["N"]["next_ready"]


def test_an_away_person_does_not_hold_up_the_next_hand(service: Open) -> None:
    """Bob drops at a hand's end: once his seat passes to a computer, Ann's request deals the next hand."""
    with service(bot_delay=0, away_seconds=0.5) as svc, svc.connect() as a:
        b = svc.connect().__enter__()
        ja, jb, sa, sb = start_room(a, b)
        last = play_to({"S": a, "N": b}, {"S": sa, "N": sb}, at_hand_end)
        b.__exit__(None, None, None)
        end = last["S"]
        a.send_json({"type": "action", "match": end["match"]["id"], "version": end["view"]["version"],
                     "action": {"type": "deal"}})
        dealt = until(a, lambda m: m["type"] == "state" and m["match"]["hand_number"] == 2)
        assert dealt["table"]["seats"]["N"]["stand_in"] and not dealt["table"]["seats"]["N"]["connected"]


def test_a_table_whose_lease_is_released_is_driven_again(service: Open) -> None:
    """The driving process loses the match's lease (released under it): it stops deciding once its renewal
    finds the lease gone, and a sweep (here or on the other process) takes the lease again: then exactly one
    process drives the match, it holds the lease, and the computers go on."""
    with service(bot_delay=0.02, away_seconds=0.3) as svc, svc.connect() as a:
        b = svc.connect().__enter__()
        ja, jb, sa, sb = start_room(a, b)
        match_id = sa["match"]["id"]
        b.__exit__(None, None, None)  # Bob's seat passes to a computer: only Ann's moves wait for a person
        owners = [c for c in svc.clients if match_id in c.app.state.tables.owned]
        assert len(owners) == 1
        owners[0].portal.call(owners[0].app.state.tables.link.release, match_id)

        def driver() -> Any | None:
            """The one process that drives the match and holds its lease, if the takeover has settled."""
            driving = [c for c in svc.clients if match_id in c.app.state.tables.owned]
            if len(driving) != 1:
                return None
            link = driving[0].app.state.tables.link
            held = driving[0].portal.call(link.holders, [match_id])
            return driving[0] if held.get(match_id) == link.pid else None

        settled = time.monotonic() + 30
        while (new_driver := driver()) is None:
            assert time.monotonic() < settled, "the match's lease was never taken again by exactly one process"
            time.sleep(0.05)
        msg = until(a, of_type("state"))
        start = msg["view"]["version"]
        acted: set[int] = set()
        deadline = time.monotonic() + 30
        while msg["view"]["version"] < start + 12:
            assert time.monotonic() < deadline, "nobody drove the table once its lease was taken again"
            v = msg["view"]
            if v["turn"] == "S" and v["version"] not in acted and (move := first_legal(v)) is not None:
                acted.add(v["version"])
                a.send_json({"type": "action", "match": match_id, "version": v["version"], "action": move})
            msg = until(a, of_type("state"))
        assert driver() is new_driver
