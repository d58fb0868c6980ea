"""Quick Match across two server processes on one Redis: ``pinochle serve --redis URL``.

Two real ``pinochle serve`` processes share a real redis-server. Four people searching through
different processes sit at one table; a lone searcher connected to the process that does not form
tables (the other holds the lease ``quick``) gets computer guests after the search time, after a
cancel and a reload through the other process. Wrong room codes count once whichever process
they reach.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pinochle.server.app import create_app
from pinochle.server.protocol import MAX_BAD_CODES

from .live_support import Client, Server, run_async
from .redis_support import RedisServer, redis_server  # noqa: F401
from .support import hello, of_type, until

#: The search time of both processes (seconds): short, but long enough for four searches to meet.
SEARCH = 2.0


@pytest.fixture(scope="module")
def pair(redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Server, str]]:
    """Processes A and B of one service, and the key prefix they share."""
    tmp: Path = tmp_path_factory.mktemp("cluster-quick")
    prefix = f"q{uuid.uuid4().hex[:8]}:"
    options = ("--redis", redis_server.url, "--redis-prefix", prefix, "--search-seconds", str(SEARCH))
    servers = [Server(tmp, *options, name=name) for name in ("a", "b")]
    try:
        for s in servers:
            s.start()
        yield servers[0], servers[1], prefix
    finally:
        for s in servers:
            s.stop()


def forming(pair: tuple[Server, Server, str], redis_server: RedisServer) -> tuple[Server, Server]:
    """(the process holding the lease ``quick``, the other one): the lease's value names its process id."""
    a, b, prefix = pair
    with redis_server.client() as r:
        holder = r.get(f"{prefix}lease:quick")
    assert holder is not None, "nobody forms Quick Match tables"
    pid = int(holder.decode().split("/")[1])
    assert a.proc is not None and b.proc is not None and pid in (a.proc.pid, b.proc.pid)
    return (a, b) if pid == a.proc.pid else (b, a)


def test_four_people_through_two_processes_sit_at_one_table(pair: tuple[Server, Server, str]) -> None:
    a, b, _ = pair

    async def scenario() -> None:
        clients = [Client((a, b)[i % 2].ws_url, f"P{i}", seed=i) for i in range(4)]
        try:
            for c in clients:
                await c.hello()
            for c in clients:
                await c.send({"type": "quick_match", "name": c.name})
                c.token = (await c.expect("searching"))["token"]
            ids = set()
            for k, c in enumerate(clients):
                ids.add((await c.expect("matched", skip=("searching",), timeout=SEARCH + 10))["match"])
                # another person's arrival on the other process may reach this socket first (a presence state)
                state = await c.expect("state", where=lambda m: m["event"] != "presence", skip=("state",))
                table = state["table"]
                assert state["event"] == "start" and table["kind"] == "quick" and table["you"] == "SNEW"[k]
                assert [table["seats"][s]["name"] for s in "SNEW"] == [p.name for p in clients]
                assert not any(table["seats"][s]["computer"] for s in "SNEW")
            assert len(ids) == 1, "the four were not seated together"
        finally:
            for c in clients:
                await c.close()

    run_async(scenario, timeout=60)
    assert a.alive() and b.alive()


def test_a_lone_searcher_on_the_other_process_gets_computer_guests(pair: tuple[Server, Server, str],
                                                                   redis_server: RedisServer) -> None:
    leader, other = forming(pair, redis_server)

    async def scenario() -> None:
        x = Client(other.ws_url, "Cancelled")
        y = Client(other.ws_url, "Alone")
        try:
            await x.hello()
            await x.send({"type": "quick_match", "name": x.name})
            x.token = (await x.expect("searching"))["token"]
            await x.send({"type": "cancel_search"})
            await x.expect("left", skip=("searching",))
            await y.hello()
            await y.send({"type": "quick_match", "name": y.name})
            status = await y.expect("searching")
            y.token = status["token"]
            assert status["players"] == 1 and 0 < status["seconds_left"] <= SEARCH
            await y.close()  # a reload, back through the process that forms the tables
            y.url = leader.ws_url
            welcome = await y.hello(seat=y.token)
            assert welcome["seat"] is not None and welcome["seat"]["token"] == y.token
            assert (await y.expect("searching"))["token"] == y.token
            matched = await y.expect("matched", skip=("searching",), timeout=SEARCH + 10)
            state = await y.expect("state")
            seats = state["table"]["seats"]
            assert state["match"]["id"] == matched["match"] and state["table"]["you"] == "S"
            assert [seats[s]["computer"] for s in "SNEW"] == [False, True, True, True]
            assert "Cancelled" not in [seats[s]["name"] for s in "SNEW"]
            welcome = await x.hello(seat=x.token)
            assert welcome["seat"] is None, "a cancelled search holds nothing"
        finally:
            await x.close()
            await y.close()

    run_async(scenario, timeout=60)


def test_wrong_room_codes_are_counted_across_processes(pair: tuple[Server, Server, str]) -> None:
    """The room-code limit (20 wrong codes a device an hour) holds whichever process the guesses reach."""
    a, b, _ = pair
    device = "guesser-" + uuid.uuid4().hex

    def ask(server: Server, code: str, who: str = device) -> tuple[int, dict[str, object]]:
        url = f"http://127.0.0.1:{server.port}/rooms/{code}?device={who}"
        try:
            with urllib.request.urlopen(url, timeout=5) as resp:
                return resp.status, json.loads(resp.read())
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read())

    answers = [ask((a, b)[i % 2], f"ZZZZZZZZ{i:02d}") for i in range(MAX_BAD_CODES)]
    assert answers == [(200, {"exists": False})] * MAX_BAD_CODES
    for server in (a, b):
        status, body = ask(server, "ZZZZZZZZZZ")
        assert status == 429 and "this device (20 in an hour)" in str(body["error"])
    assert ask(b, "ZZZZZZZZZZ", "another-device") == (200, {"exists": False})


def test_a_searchers_socket_hears_its_token_before_the_search_starts(tmp_path: Path) -> None:
    """Regression: the search became visible before the socket was subscribed to its token, so a table formed
    at once by another process sent its ``matched`` to a channel nobody on this process listened to yet."""
    app = create_app(tmp_path / "o.db", bot_delay=0)
    server = app.state.server
    hub = server.tables.hub
    events: list[tuple[str, str]] = []
    subscribe, settle, search = hub.subscribe, hub.settle, server.quick.search

    def record_subscribe(token: str, send: Any) -> None:
        events.append(("subscribe", token))
        subscribe(token, send)

    async def record_settle() -> None:
        events.append(("settle", ""))
        await settle()

    async def record_search(name: str, game: str = "table", token: str | None = None) -> str:
        token = await search(name, game, token)
        events.append(("search", token))
        return token

    hub.subscribe, hub.settle, server.quick.search = record_subscribe, record_settle, record_search
    with TestClient(app) as client, client.websocket_connect("/ws") as ws:
        hello(ws)
        ws.send_json({"type": "quick_match", "name": "Ann"})
        token = until(ws, of_type("searching"))["token"]
    at = events.index(("search", token))
    assert ("subscribe", token) in events[:at] and ("settle", "") in events[events.index(("subscribe", token)):at]


def test_a_reload_while_another_process_forms_its_table_still_reaches_the_table(tmp_path: Path) -> None:
    """Regression: a searcher reloading through one process while another formed its table lost the table's
    ``matched`` and first state (published before this process listened to the token) and kept searching."""
    app = create_app(tmp_path / "r.db", bot_delay=0, search_seconds=100)
    server = app.state.server
    hub = server.tables.hub
    with TestClient(app) as client:
        with client.websocket_connect("/ws") as ws:
            hello(ws)
            ws.send_json({"type": "quick_match", "name": "Ann"})
            token = until(ws, of_type("searching"))["token"]
        settle, send = hub.settle, hub.send

        async def unheard(to: str | None, msg: dict[str, object]) -> None:
            if to != token:  # this process does not listen to the token yet: its messages are lost
                await send(to, msg)

        async def formed_meanwhile() -> None:  # the table is formed while the reload's hello waits
            hub.send = unheard
            server.quick.search_seconds = 0
            try:
                assert len(await server.quick.tick()) == 1
            finally:
                hub.send = send
            await settle()

        hub.settle = formed_meanwhile
        with client.websocket_connect("/ws") as ws:
            welcome = hello(ws, None, token)
            hub.settle = settle
            assert welcome["seat"] == {"token": token, "room": None, "match": None}
            ws.send_json({"type": "ping"})  # answered after everything the hello sends
            got = []
            while not got or got[-1]["type"] != "pong":
                got.append(ws.receive_json())
            # the resync comes first; a computer moving at once (bot_delay=0) may add states before the pong
            assert [m["type"] for m in got[:2]] == ["matched", "state"] and got[-1]["type"] == "pong", got
            assert all(m["type"] == "state" and m["event"] != "resume" for m in got[2:-1]), got
            matched, state = got[:2]
            assert state["event"] == "resume" and state["match"]["id"] == matched["match"]
            assert state["table"]["you"] == "S" and state["table"]["seats"]["S"]["name"] == "Ann"
