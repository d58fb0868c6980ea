"""Real-network tests: ``pinochle serve`` as a subprocess
on 127.0.0.1 and real WebSocket clients (the ``websockets`` library).

- a private room: create, join by a typed code, Ready, arrange, start and play a
  whole match with two computer guests, with a dropped connection, a SIGTERM
  restart and a SIGKILL restart in the middle, then the review and the lobby;
- Quick Match with 1 to 5 clients and a shortened search time, and cancelling;
- the limits: wrong room codes, the rate limit, rooms per connection, frame size;
- secrecy: every message received during several complete matches is checked
  against the true states replayed from the server's own database.

Each async test body runs with ``asyncio.run`` in a worker thread (other tests
leave an event loop on the main thread). Clients pace their moves under the
server's rate limit, which is what bounds the length of a match here.
"""

from __future__ import annotations

import asyncio
import copy
import json
import re
import signal
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from pinochle.cards import Card, Seat, unpack
from pinochle.server.protocol import CloseCode
from tests.live_support import (
    Client,
    Msg,
    Server,
    Truth,
    check_card_paths,
    check_secrecy,
    choose,
    my_turn,
    run_async,
)

CODE = re.compile(r"^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$")
SEARCH = 1.0  # --search-seconds of the shared server


def without(msg: Msg, *keys: str) -> Msg:
    return {k: v for k, v in msg.items() if k not in keys}


def masked_table(msg: Msg) -> Msg:
    """The table facts without who is connected (which changes as people reconnect one by one)."""
    table: Msg = json.loads(json.dumps(msg["table"]))
    for s in table["seats"].values():
        s.pop("connected")
    return table


def check_log(server: Server) -> None:
    text = server.log_text()
    assert "Traceback" not in text and "ERROR" not in text, f"the server logged an error:\n{text[-4000:]}"


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the Quick Match and limits tests (search time 1 s)."""
    server = Server(tmp_path_factory.mktemp("live"), "--search-seconds", str(SEARCH), name="shared")
    server.start()
    yield server
    server.stop()


# ---------------------------------------------------------------- 1. a room, a whole match


async def lobby_pair(url: str, level: str = "easy") -> tuple[Client, Client, str, str, str]:
    """Ann creates a room, Bob joins with the code typed lower-case with a dash; both connected and seated (S, N)."""
    a = Client(url, "Ann", seed=11)
    b = Client(url, "Bob", seed=12)
    wa = await a.hello()
    await b.hello()
    assert wa["seat"] is None and wa["match"] is None
    await a.send({"type": "create_room", "name": "  Ann ", "level": level})
    joined = await a.expect("joined")
    a.token = joined["token"]
    room = joined["room"]
    code = room["code"]
    assert CODE.match(code), code
    assert room["phase"] == "lobby" and room["level"] == level and room["creator"] == room["you"]
    assert room["seats"]["S"] == {"id": room["you"], "name": "Ann", "ready": False}
    typed = code.lower()[:5] + "-" + code.lower()[5:]
    await b.send({"type": "join_room", "code": typed, "name": "Bob"})
    jb = await b.expect("joined")
    b.token = jb["token"]
    assert jb["room"]["code"] == code and jb["token"] != a.token
    ann, bob = room["you"], jb["room"]["you"]
    ra, rb = await both_room(a, b, lambda r: r["seats"]["N"] is not None)
    for r, you in ((ra, ann), (rb, bob)):
        assert r["you"] == you and r["creator"] == ann
        assert r["seats"]["S"]["id"] == ann and r["seats"]["N"]["id"] == bob  # the second person partners the creator
    return a, b, code, ann, bob


async def both_room(a: Client, b: Client, where: Any, skip: tuple[str, ...] = ()) -> tuple[Msg, Msg]:
    """The first ``room`` message satisfying ``where`` (on the room) for each of ``a`` and ``b``; both see the same room.

    Earlier ``room`` messages are passed over (a join is announced twice), as are the types in ``skip``.
    """
    ra = (await a.expect("room", lambda m: where(m["room"]), skip=("room", *skip)))["room"]
    rb = (await b.expect("room", lambda m: where(m["room"]), skip=("room", *skip)))["room"]
    assert without(ra, "you") == without(rb, "you")
    return ra, rb


def ready(*people: str) -> Any:
    """A room condition: exactly the members with these ids are Ready."""
    return lambda r: {m["id"] for m in r["seats"].values() if m is not None and m["ready"]} == set(people)


async def ready_both(a: Client, b: Client) -> Msg:
    assert a.room is not None and b.room is not None
    ann, bob = a.room["you"], b.room["you"]
    await a.send({"type": "ready", "ready": True})
    await both_room(a, b, ready(ann))
    await b.send({"type": "ready", "ready": True})
    ra, _ = await both_room(a, b, ready(ann, bob))
    return ra


async def start_room(a: Client, b: Client, seats: dict[str, str]) -> str:
    """Ann starts; both get the room in play and their first state; the match id."""
    await a.send({"type": "start"})
    ra, _ = await both_room(a, b, lambda r: r["phase"] != "lobby")
    assert ra["phase"] == "playing" and ra["match"]
    for c, seat in ((a, seats["Ann"]), (b, seats["Bob"])):
        st = await c.expect("state")
        assert st["event"] == "start" and st["match"]["id"] == ra["match"] and st["view"]["version"] == 0
        assert st["table"]["kind"] == "room" and st["table"]["you"] == seat and st["view"]["seat"] == seat
        c.unread(st)  # played from
    return str(ra["match"])


def test_room_full_match_with_reconnect_and_restarts(tmp_path: Path) -> None:
    server = Server(tmp_path, name="room")
    server.start()
    try:
        run_async(lambda: room_match(server), timeout=150)
    finally:
        server.stop()
    check_log(server)


async def room_match(server: Server) -> None:
    url = server.ws_url
    a, b, code, ann, bob = await lobby_pair(url)

    # Ready, then arrange Bob to West and back opposite Ann: arranging clears Ready, so a start is refused until both ready again
    await ready_both(a, b)
    await a.send({"type": "arrange", "seats": {"S": ann, "W": bob, "E": None, "N": None}})
    ra, _ = await both_room(a, b, lambda r: r["seats"]["N"] is None)
    assert ra["seats"]["W"]["id"] == bob
    await a.send({"type": "arrange", "seats": {"S": ann, "N": bob, "E": None, "W": None}})
    ra, _ = await both_room(a, b, lambda r: r["seats"]["W"] is None)
    assert ra["seats"]["N"]["id"] == bob and ra["seats"]["S"]["id"] == ann
    assert ra["seats"]["E"] is None and ra["seats"]["W"] is None
    assert not ra["seats"]["N"]["ready"] and not ra["seats"]["S"]["ready"]
    await b.send({"type": "start"})
    err = await b.expect("error")
    assert err["code"] == "room"  # only the creator starts
    await a.send({"type": "start"})
    err = await a.expect("error")
    assert err["code"] == "room" and "Ready" in err["message"]
    await ready_both(a, b)
    seats = {"Ann": "S", "Bob": "N"}
    match_id = await start_room(a, b, seats)
    first = a.last_state
    assert first is not None
    table = first["table"]["seats"]
    assert (table["S"]["name"], table["N"]["name"]) == ("Ann", "Bob")
    assert [table[s]["computer"] for s in "NESW"] == [False, True, False, True]

    # -- 1. Bob's socket closes on his turn in the third trick; he comes back with his seat token
    sa, sb = await asyncio.gather(a.play(my_turn("N", hand_no=0, tricks=2)), b.play(my_turn("N", hand_no=0, tricks=2)))
    assert sa["view"]["version"] == sb["view"]["version"]
    before = b.last_state
    assert before is not None and before["view"]["legal"].get("play")
    await b.close()
    gone = await a.expect("state", lambda m: m["event"] == "presence")
    assert gone["table"]["seats"]["N"]["connected"] is False and gone["view"]["version"] == sa["view"]["version"]
    got = await b.reconnect()
    assert [m["type"] for m in got] == ["welcome", "room", "state"], [m["type"] for m in got]
    assert got[0]["seat"] == {"token": b.token, "room": code, "match": match_id}
    assert got[1]["room"]["phase"] == "playing" and got[1]["room"]["match"] == match_id
    assert got[1]["room"]["you"] == bob
    resume = got[2]
    assert resume["event"] == "resume"
    assert without(resume, "event") == without(before, "event"), "the resumed state is not what Bob last saw"
    back = await a.expect("state", lambda m: m["event"] == "presence")
    assert back["table"]["seats"]["N"]["connected"] is True
    # Bob's resumed view is his move: the match continues from it
    b.unread(resume)

    # -- 2. SIGTERM on Bob's turn in the second hand; a new server on the same port and database
    stop = my_turn("N", hand_no=1, tricks=1)
    sa, sb = await asyncio.gather(a.play(stop), b.play(stop))
    assert sa["view"]["version"] == sb["view"]["version"]
    last = {c.name: c.last_state for c in (a, b)}
    status = await asyncio.to_thread(server.stop)
    closes = [await c.wait_closed(allow=lambda m: False) for c in (a, b)]
    # uvicorn closes with 1012 "service restart" on shutdown (docs/protocol.md)
    assert all(cl.code in (1000, 1001, 1012) for cl in closes), closes
    assert status in (0, -signal.SIGTERM), f"exit status {status} after SIGTERM"  # uvicorn re-raises the signal
    await asyncio.to_thread(server.start)
    for c in (a, b):
        got = await c.reconnect()
        assert [m["type"] for m in got] == ["welcome", "room", "state"], (c.name, [m["type"] for m in got])
        assert got[0]["seat"] == {"token": c.token, "room": code, "match": match_id}
        assert got[1]["room"]["phase"] == "playing" and got[1]["room"]["match"] == match_id
        resume, seen = got[2], last[c.name]
        assert seen is not None
        assert resume["view"] == seen["view"] and resume["match"] == seen["match"], f"{c.name} resumed elsewhere"
        assert masked_table(resume) == masked_table(seen)
        c.unread(resume)

    # -- 3. SIGKILL right after Bob's move, later in the same hand, while the computers answer it
    stop = my_turn("N", hand_no=1, tricks=6)
    sa, sb = await asyncio.gather(a.play(stop), b.play(stop))
    move = choose(sb["view"], b.rng)
    assert move is not None
    await b.send({"type": "action", "match": match_id, "version": sb["view"]["version"], "action": move})
    await asyncio.to_thread(server.kill)
    seen_versions = {}
    for c in (a, b):
        closed = await c.wait_closed(allow=lambda m: m["type"] == "state")
        assert closed.code == 1006, closed
        assert c.last_state is not None
        seen_versions[c.name] = c.last_state["view"]["version"]
    await asyncio.to_thread(server.start)
    for c in (a, b):
        got = await c.reconnect()
        assert [m["type"] for m in got] == ["welcome", "room", "state"], (c.name, [m["type"] for m in got])
        assert got[1]["room"]["phase"] == "playing"
        # nothing anyone was told was lost by the kill
        assert got[2]["view"]["version"] >= seen_versions[c.name]
        c.unread(got[2])

    # -- to the end of the match, then the review and the lobby
    ea, eb = await asyncio.gather(a.play(), b.play())
    for end in (ea, eb):
        assert end["view"]["phase"] == "match_end" and end["match"]["winner"] in ("NS", "EW")
        assert max(end["view"]["totals"].values()) >= 1500
    assert ea["view"]["version"] == eb["view"]["version"]
    ra, _ = await both_room(a, b, lambda r: r["phase"] != "playing", skip=("state",))
    assert ra["phase"] == "review" and ra["match"] == match_id
    await a.send({"type": "back_to_lobby"})
    ra, rb = await both_room(a, b, lambda r: r["phase"] != "review", skip=("state",))
    assert ra["phase"] == "lobby" and ra["code"] == code and ra["creator"] == ann
    people = {s: m["id"] for s, m in ra["seats"].items() if m is not None}
    assert people == {"S": ann, "N": bob}
    assert not any(m["ready"] for m in ra["seats"].values() if m is not None)
    assert (ra["you"], rb["you"]) == (ann, bob)

    # another match in the same room: a new match id, same seats
    await ready_both(a, b)
    second = await start_room(a, b, seats)
    assert second != match_id
    await a.close()
    await b.close()

    stats = check_secrecy(server.db, [a, b], {(n, m): s for n, s in seats.items() for m in (match_id, second)})
    assert stats["matches"] == 2 and stats["states"] > 300


# ---------------------------------------------------------------- 2. Quick Match


async def quick(server: Server, n: int) -> None:
    clients = [Client(server.ws_url, f"Quick{n}-{i}", seed=i) for i in range(n)]
    try:
        for c in clients:
            await c.hello()
        sent: list[float] = []
        for i, c in enumerate(clients):
            sent.append(time.monotonic())
            await c.send({"type": "quick_match", "name": c.name})
            s = await c.expect("searching")
            c.token = s["token"]
            assert s["players"] == i % 4 + 1 and 0 < s["seconds_left"] <= SEARCH
        assert len({c.token for c in clients}) == n
        matched: list[tuple[str, float]] = []
        starts: list[Msg] = []
        for c in clients:
            m = await c.expect("matched", skip=("searching",), timeout=SEARCH + 10)
            matched.append((m["match"], time.monotonic()))
            st = await c.expect("state")
            assert st["event"] == "start" and st["match"]["id"] == m["match"] and st["match"]["kind"] == "quick"
            starts.append(st)
        groups = [list(range(i, min(i + 4, n))) for i in range(0, n, 4)]
        for group in groups:
            ids = {matched[i][0] for i in group}
            assert len(ids) == 1, f"clients {group} were not seated together"
            for i in group:
                waited = matched[i][1] - sent[group[0]]
                if len(group) == 4:
                    assert waited < SEARCH * 0.8, f"a full table waited {waited:.2f} s"
                else:
                    assert SEARCH - 0.01 <= waited < SEARCH + 3, f"a partial table started after {waited:.2f} s"
            for k, i in enumerate(group):
                st = starts[i]
                table = st["table"]
                assert table["kind"] == "quick" and table["room"] is None
                assert table["you"] == "SNEW"[k] == st["view"]["seat"]
                if table["seats"][st["view"]["turn"]]["computer"] is False:
                    assert table["timer"] is not None  # Quick Match has a move timer for people
                else:
                    assert table["timer"] is None  # computers need no countdown
                names = {s: table["seats"][s]["name"] for s in "SNEW"}
                for j, seat in enumerate("SNEW"):
                    info = table["seats"][seat]
                    if j < len(group):
                        assert (info["name"], info["computer"]) == (clients[group[j]].name, False)
                        assert info["connected"] is True
                    else:
                        assert info["computer"] is True and "computer" in info["name"], names
        if n > 4:
            assert matched[0][0] != matched[4][0]
    finally:
        for c in clients:
            await c.close()


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_quick_match(shared: Server, n: int) -> None:
    run_async(lambda: quick(shared, n), timeout=60)
    assert shared.alive()


async def cancel(server: Server) -> None:
    x = Client(server.ws_url, "Cancelled")
    y = Client(server.ws_url, "Stayed")
    await x.hello()
    await y.hello()
    await x.send({"type": "quick_match", "name": "Cancelled"})
    s = await x.expect("searching")
    x.token = s["token"]
    await x.send({"type": "cancel_search"})
    await x.expect("left", skip=("searching",))
    await y.send({"type": "quick_match", "name": "Stayed"})
    s = await y.expect("searching")
    assert s["players"] == 1
    await y.expect("matched", skip=("searching",), timeout=SEARCH + 10)
    st = await y.expect("state")
    names = [st["table"]["seats"][seat]["name"] for seat in "NESW"]
    assert "Cancelled" not in names and names.count("Stayed") == 1
    assert sum(st["table"]["seats"][seat]["computer"] for seat in "NESW") == 3
    # the cancelled client hears nothing more, and its token holds nothing
    await asyncio.sleep(0.5)
    assert x.queue is not None and x.queue.empty(), x.messages[-2:]
    welcome = await x.hello(seat=x.token)
    assert welcome["seat"] is None
    await asyncio.sleep(0.3)
    assert x.queue.empty(), x.messages[-2:]
    await x.close()
    await y.close()


def test_quick_match_cancel(shared: Server) -> None:
    run_async(lambda: cancel(shared), timeout=60)


# ---------------------------------------------------------------- 3. limits


async def wrong_codes(server: Server) -> None:
    owner = Client(server.ws_url, "Owner")
    guesser = Client(server.ws_url, "Guess")
    await owner.hello()
    await guesser.hello()
    await owner.send({"type": "create_room", "name": "Owner"})
    code = (await owner.expect("joined"))["room"]["code"]
    near = code[:-1] + ("2" if code[-1] != "2" else "3")  # a valid code, one character off a real one
    answers = []
    for guess in (near, "nope", "ZZZZZ-ZZZZZ", "x" * 39, "", code + "2", "<b>" + code[:7]):
        await guesser.send({"type": "join_room", "code": guess, "name": "Guess"})
        err = await guesser.expect("error")
        assert err["code"] == "no_room", (guess, err)
        answers.append(err["message"])
    assert len(set(answers)) == 1, answers
    assert code not in answers[0] and near not in answers[0]
    # the right code (any case, dashes) still works from the same connection
    await guesser.send({"type": "join_room", "code": f" {code[:3].lower()}-{code[3:]} ", "name": "Guess"})
    assert (await guesser.expect("joined"))["room"]["code"] == code
    # a device that keeps guessing is cut off after 20 wrong codes, even for a right one
    prober = Client(server.ws_url, "Prober")
    await prober.hello()
    for i in range(20):
        await prober.send({"type": "join_room", "code": near, "name": "Prober"})
        assert (await prober.expect("error"))["code"] == "no_room"
    for guess in (near, code):
        await prober.send({"type": "join_room", "code": guess, "name": "Prober"})
        assert (await prober.expect("error"))["code"] == "rate_limited"
    # and a reconnect (a new connection with the same device token) does not get 20 more
    await prober.close()
    await prober.hello()
    await prober.send({"type": "join_room", "code": code, "name": "Prober"})
    err = await prober.expect("error")
    assert err["code"] == "rate_limited" and "this device" in err["message"], err
    # another device from the same address is not cut off by the prober's count (the address allows 100)
    late = Client(server.ws_url, "Late")
    await late.hello()
    await late.send({"type": "join_room", "code": code, "name": "Late"})
    assert (await late.expect("joined"))["room"]["code"] == code
    for c in (owner, guesser, prober, late):
        await c.close()


def test_wrong_room_codes_say_nothing(shared: Server) -> None:
    run_async(lambda: wrong_codes(shared), timeout=60)


async def burst(server: Server) -> None:
    flood = Client(server.ws_url, "Flood", pace=False)
    calm = Client(server.ws_url, "Calm")
    await flood.hello()
    await calm.hello()
    sent = 0

    async def flood_it() -> None:
        # 300 at once; more only if the server is so slow that the bucket refilled during the burst
        # (the close needs more than 200 refusals in a row)
        nonlocal sent
        try:
            for _ in range(300):
                await flood.send({"type": "ready", "ready": True})
                sent += 1
            await asyncio.sleep(0.5)
            while flood.reader is not None and not flood.reader.done() and sent < 2000:
                await flood.send({"type": "ready", "ready": True})
                sent += 1
        except ConnectionClosed:  # the server closed the connection
            pass

    async def meanwhile() -> None:
        await calm.send({"type": "create_room", "name": "Calm"})
        assert (await calm.expect("joined"))["room"]["phase"] == "lobby"

    await asyncio.gather(flood_it(), meanwhile())
    assert sent >= 241, sent
    counts: dict[str, int] = {}
    closed = await flood.wait_closed(allow=lambda m: m["type"] == "error")
    for m in flood.messages[1:]:
        counts[m["code"]] = counts.get(m["code"], 0) + 1
    assert counts.get("rate_limited", 0) >= 200, counts
    assert counts.get("not_in_room", 0) >= 1, counts  # the first messages of the burst were handled
    assert closed.code == 1008, closed
    # another connection is not affected, during the burst (above) or after it
    await calm.send({"type": "ready", "ready": True})
    assert (await calm.expect("room"))["room"]["seats"]["S"]["ready"] is True
    await calm.close()


def test_burst_is_rate_limited_and_closed(shared: Server) -> None:
    run_async(lambda: burst(shared), timeout=60)
    assert shared.alive()


async def rooms_cap(server: Server) -> None:
    c = Client(server.ws_url, "Maker")
    await c.hello()
    codes = []
    for _ in range(3):
        await c.send({"type": "create_room", "name": "Maker"})
        codes.append((await c.expect("joined"))["room"]["code"])
    assert len(set(codes)) == 3
    await c.send({"type": "create_room", "name": "Maker"})
    err = await c.expect("error")
    assert err["code"] == "too_many_rooms", err
    # the connection stays open
    await c.send({"type": "ready", "ready": True})
    assert (await c.expect("room"))["room"]["code"] == codes[-1]
    await c.close()


def test_too_many_rooms(shared: Server) -> None:
    run_async(lambda: rooms_cap(shared), timeout=60)


async def oversized(server: Server) -> None:
    c = Client(server.ws_url, "Big")
    await c.hello()
    # just under the limit is a message like any other
    pad = 16 * 1024 - 200
    await c.send({"type": "hello", "device": c.device, "seat": None, "pad": "x" * pad})
    assert (await c.expect("welcome"))["device"] == c.device
    await c.ws.send(json.dumps({"type": "hello", "device": c.device, "pad": "x" * (16 * 1024 + 1)}))
    closed = await c.wait_closed(allow=lambda m: False)
    assert closed.code == 1009, closed
    # the server keeps running and serving others
    d = Client(server.ws_url, "After")
    assert (await d.hello())["device"]
    await d.close()


def test_oversized_frame_closes_only_that_connection(shared: Server) -> None:
    run_async(lambda: oversized(shared), timeout=60)
    assert shared.alive()


async def stand_in_announced(url: str) -> None:
    a, b, code, ann, bob = await lobby_pair(url)
    await ready_both(a, b)
    await start_room(a, b, {"Ann": "S", "Bob": "N"})

    def anns_move(m: Msg) -> bool:
        return m["view"]["turn"] == "S" and m["view"]["phase"] in ("auction", "trump", "play")

    # Bob plays his moves (the computers theirs, at once) until it is Ann's move; Ann only watches
    at_ann, _ = await asyncio.gather(a.expect("state", anns_move, skip=("state",)), b.play(anns_move))
    version = at_ann["view"]["version"]
    await b.close()  # Bob drops while Ann thinks
    gone = await a.expect("state", lambda m: not m["table"]["seats"]["N"]["connected"])
    assert gone["event"] == "presence" and not gone["table"]["seats"]["N"]["stand_in"]
    started = time.monotonic()
    # with --away-seconds 1, Ann hears the stand-in when it happens, though nobody moves
    now = await a.expect("state", timeout=5)
    waited = time.monotonic() - started
    assert now["event"] == "presence" and now["table"]["seats"]["N"]["stand_in"], now
    assert now["view"]["version"] == version and now["view"]["turn"] == "S" and now["view"]["legal"]
    assert 0.5 <= waited <= 3.0, waited
    await a.close()


def test_a_stand_in_is_announced_when_it_happens(tmp_path: Path) -> None:
    server = Server(tmp_path, "--away-seconds", "1", name="away")
    server.start()
    try:
        run_async(lambda: stand_in_announced(server.ws_url), timeout=60)
    finally:
        server.stop()
    check_log(server)


# ---------------------------------------------------------------- 4. secrecy


async def room_for_secrecy(url: str, level: str, arrangement: dict[str, str], seed: int,
                           seats: dict[tuple[str, str], str]) -> list[Client]:
    a, b, code, ann, bob = await lobby_pair(url, level)
    a.name, b.name = f"Ann{seed}", f"Bob{seed}"
    a.rng.seed(seed)
    b.rng.seed(seed + 100)
    ids = {"Ann": ann, "Bob": bob}
    await a.send({"type": "arrange", "seats": {s: ids.get(arrangement.get(s, ""), None) for s in "NESW"}})
    await both_room(a, b, lambda r: all((r["seats"][s] or {}).get("id") == ids.get(arrangement.get(s, ""))
                                        for s in "NESW"))
    await ready_both(a, b)
    where = {who: s for s, who in arrangement.items()}
    match_id = await start_room(a, b, where)
    seats[(a.name, match_id)] = where["Ann"]
    seats[(b.name, match_id)] = where["Bob"]
    ends = await asyncio.gather(a.play(), b.play())
    assert all(e["view"]["phase"] == "match_end" for e in ends)
    ra, _ = await both_room(a, b, lambda r: r["phase"] != "playing", skip=("state",))
    assert ra["phase"] == "review"
    await b.send({"type": "back_to_lobby"})  # anyone may take the room back
    ra, _ = await both_room(a, b, lambda r: r["phase"] != "review", skip=("state",))
    assert ra["phase"] == "lobby"
    await a.close()
    await b.close()
    return [a, b]


async def quick_for_secrecy(url: str, seats: dict[tuple[str, str], str]) -> list[Client]:
    people = [Client(url, "QuickS", seed=31), Client(url, "QuickN", seed=32)]
    for p in people:
        await p.hello()
    for p in people:
        await p.send({"type": "quick_match", "name": p.name})
        p.token = (await p.expect("searching"))["token"]
    for p, seat in zip(people, "SN"):
        mid = (await p.expect("matched", skip=("searching",)))["match"]
        seats[(p.name, mid)] = seat
    ends = await asyncio.gather(*(p.play() for p in people))
    assert all(e["view"]["phase"] == "match_end" for e in ends)
    await asyncio.sleep(0.2)
    for p in people:
        await p.close()
    return people


async def secrecy_matches(server: Server) -> tuple[list[Client], dict[tuple[str, str], str]]:
    url = server.ws_url
    seats: dict[tuple[str, str], str] = {}
    groups = await asyncio.gather(
        # the people are partners (a side of two simple test players against two computers ends a
        # match in about 6 hands; opponents take twice as long), in every pair of seats
        room_for_secrecy(url, "easy", {"S": "Ann", "N": "Bob"}, 1, seats),
        room_for_secrecy(url, "easy", {"E": "Ann", "W": "Bob"}, 2, seats),
        room_for_secrecy(url, "normal", {"N": "Ann", "S": "Bob"}, 3, seats),  # the creator need not sit South
        quick_for_secrecy(url, seats),
    )
    return [c for g in groups for c in g], seats


def test_no_message_reveals_a_hidden_card(tmp_path: Path) -> None:
    server = Server(tmp_path, "--search-seconds", "0.5", name="secrecy")
    server.start()
    try:
        clients, seats = run_async(lambda: secrecy_matches(server), timeout=150)
    finally:
        server.stop()
    check_log(server)
    stats = check_secrecy(server.db, clients, seats)
    assert stats["matches"] == 4, stats
    assert stats["states"] > 4 * 2 * 200, stats
    assert all(len(c.tokens) == 1 for c in clients)
    assert_checker_catches_leaks(server.db, clients)


def leaked_variants(msg: Msg, true: Any, other_token: str) -> list[tuple[str, bool, Msg]]:
    """Copies of a real ``state`` message, each with one leak that :func:`check_secrecy` must catch.

    Each is ``(what, by_path, message)``; ``by_path``: the card walk alone
    (:func:`check_card_paths`, without comparing the view to the engine's) must catch it.
    """
    me = Seat.parse(msg["table"]["you"])
    own = Counter(unpack(true.hands[me]))
    hidden = None
    for x in Seat:
        if x == me:
            continue
        shown = Counter(true.melds[x].shown()) if true.melds[x] is not None else Counter()
        held = Counter(unpack(true.hands[x]))
        for card in held:
            if held[card] > shown[card] and own[card] == 0:
                hidden = str(card)
    assert hidden is not None
    out: list[tuple[str, bool, Msg]] = []

    def variant(what: str, by_path: bool = True) -> Msg:
        m = copy.deepcopy(msg)
        out.append((what, by_path, m))
        return m

    variant("own hand")["view"]["hand"][0] = hidden
    variant("legal cards")["view"]["legal"]["play"] = [hidden]
    variant("a name")["table"]["seats"]["E"]["name"] = hidden
    variant("a new field")["view"]["peek"] = {"W": [hidden.lower()]}
    played = msg["view"]["tricks"][0]["cards"][0]
    variant("a trick")["view"]["tricks"][0]["cards"][0] = next(c for c in ("AS", "AH") if c != played)
    melder = next(s for s in "NESW" if msg["view"]["melds"][s] is not None and s != str(me))
    shown = Counter(Card.parse(c) for c in msg["view"]["melds"][melder]["shown"])
    extra = next(str(c) for c in unpack(true.hands[Seat.parse(melder)]) if shown[c] == 0)
    variant("a meld")["view"]["melds"][melder]["shown"].append(extra)
    variant("the hand's order", by_path=False)["view"]["hand"].reverse()
    out.append(("a card outside a state", False, {"type": "matched", "match": hidden}))
    out.append(("a token", False, {"type": "room", "room": {"note": other_token}}))
    return out


def assert_checker_catches_leaks(db: Path, clients: list[Client]) -> None:
    """The secrecy check itself can fail: a real message passes, each planted leak is caught."""
    c, other = clients[0], clients[1]
    msg = next(m for m in c.messages if m["type"] == "state" and m["view"]["phase"] == "play"
               and len(m["view"]["tricks"]) >= 2 and len(set(m["view"]["hand"])) > 1)
    truth = Truth(db)
    try:
        true = truth.states(msg["match"]["id"])[msg["view"]["version"]]
    finally:
        truth.close()
    fake = SimpleNamespace(name="probe", tokens=set(c.tokens), messages=[msg])
    check_secrecy(db, [fake, other])  # type: ignore[list-item]
    check_card_paths(msg, true, Seat.parse(msg["table"]["you"]))
    caught = []
    for what, by_path, bad in leaked_variants(msg, true, next(iter(other.tokens))):
        fake.messages = [bad]
        with pytest.raises(AssertionError):
            check_secrecy(db, [fake, other])  # type: ignore[list-item]
        if by_path:
            with pytest.raises(AssertionError):
                check_card_paths(bad, true, Seat.parse(msg["table"]["you"]))
        caught.append(what)
    assert len(caught) == 9


def documented_shutdown_codes() -> set[int]:
    """The close codes docs/protocol.md gives for a server that is shutting down."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "protocol.md").read_text()
    table = text[text.index("## Close codes"):]
    codes = {int(m.group(1)) for m in re.finditer(r"^\|\s*(\d{4})\s*\|[^\n]*shut[^\n]*$", table, re.M)}
    assert codes, "docs/protocol.md names no close code for a shutdown"
    return codes


def test_shutdown_close_code(tmp_path: Path) -> None:
    """The close code of a server shutting down (SIGTERM) is the one docs/protocol.md documents."""
    server = Server(tmp_path, name="shutdown")
    server.start()

    async def body() -> Any:
        c = Client(server.ws_url, "Bye")
        await c.hello()
        await asyncio.to_thread(server.stop)
        return await c.wait_closed(allow=lambda m: False)

    try:
        closed = run_async(body, timeout=30)
    finally:
        server.stop()
    documented = documented_shutdown_codes()
    assert closed.code in documented, f"the server closed with {closed.code} on shutdown; docs/protocol.md says {documented}"


# ---------------------------------------------------------------- a game with a card pass


async def partnership_pass_room(url: str) -> tuple[list[Client], str]:
    """Ann (S) and Bob (E), opponents, play two hands of partnership-pass in a room; the match id."""
    a, b, code, ann, bob = await lobby_pair(url)
    await b.send({"type": "room_game", "game": "racehorse"})  # only the creator chooses
    err = await b.expect("error")
    assert err["code"] == "room" and "creator" in err["message"]
    await a.send({"type": "room_game", "game": "partnership-pass"})
    ra, _ = await both_room(a, b, lambda r: r["game"] == "partnership-pass")
    await a.send({"type": "arrange", "seats": {"S": ann, "E": bob, "N": None, "W": None}})
    await both_room(a, b, lambda r: (r["seats"]["E"] or {}).get("id") == bob)
    await ready_both(a, b)
    match_id = await start_room(a, b, {"Ann": "S", "Bob": "E"})
    second_hand_over = await asyncio.gather(*(c.play(lambda m: m["view"]["hand_number"] >= 3) for c in (a, b)))
    for st in second_hand_over:
        assert st["match"]["game"] == st["view"]["game"] == "partnership-pass"
    gave = [m for c in (a, b) for m in c.messages if m["type"] == "state" and "give" in m["view"]["legal"]]
    assert all(m["view"]["legal"]["give"] == {"count": 4} for m in gave)
    await a.close()
    await b.close()
    return [a, b], match_id


def test_partnership_pass_room_shows_the_passed_cards_to_the_partners_only(tmp_path: Path) -> None:
    """A room of the creator's chosen game; no message to an opponent ever holds the passed cards."""
    server = Server(tmp_path, name="pass")
    server.start()
    try:
        clients, match_id = run_async(lambda: partnership_pass_room(server.ws_url), timeout=120)
    finally:
        server.stop()
    check_log(server)
    stats = check_secrecy(server.db, clients, {("Ann", match_id): "S", ("Bob", match_id): "E"})
    assert stats["matches"] == 1 and stats["exchange_shown"] > 0 and stats["exchange_hidden"] > 0, stats
    # the check itself catches the passed cards planted in an opponent's message
    truth = Truth(server.db)
    try:
        states = truth.states(match_id)
        assert truth.stored[match_id].game == "partnership-pass"
        for c in clients:
            opp = next((m for m in c.messages if m["type"] == "state" and m["view"]["phase"] == "play"
                        and "exchange" not in m["view"] and states[m["view"]["version"]].exchange), None)
            if opp is None:
                continue
            true = states[opp["view"]["version"]]
            planted = copy.deepcopy(opp)
            planted["view"]["exchange"] = [[str(x) for x in cs] for cs in true.exchange]
            with pytest.raises(AssertionError, match="passed cards"):
                check_card_paths(planted, true, Seat.parse(opp["table"]["you"]))
            fake = SimpleNamespace(name="probe", tokens=set(c.tokens), messages=[planted])
            with pytest.raises(AssertionError):
                check_secrecy(server.db, [fake])  # type: ignore[list-item]
            break
        else:
            raise AssertionError("neither person was ever an opponent of a card pass")
    finally:
        truth.close()
