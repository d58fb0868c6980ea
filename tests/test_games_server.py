"""Every game on the server, in-process over Starlette's TestClient.

- solo: a hand of ``partnership-pass`` played from ``view.legal`` (the four
  cards passed when ``legal`` has ``give``), a ``racehorse`` hand the
  declarer concedes, and games refused by name;
- rooms: the creator chooses the game (``create_room``, ``room_game``), shown
  in the room and kept by the match;
- Quick Match groups people by game;
- storage: a database from before games opens and resumes as ``table``;
- ``GET /games``;
- the table driver makes only the moves without a choice: the card pass and
  the concession are the person's, or the computer's on the move timer.

The real-network test of a partnership-pass room (secrecy of the passed
cards) is in tests/test_live.py.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import sqlite3
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pinochle.bots import for_level
from pinochle.cards import Seat
from pinochle.game import Action, apply, auto_action, new_match, turn, view
from pinochle.games import GAMES
from pinochle.server.app import create_app
from pinochle.server.howto import games as howto_games
from pinochle.server.matchmaking import Matchmaker
from pinochle.server.protocol import playable_games
from pinochle.server.rooms import Room
from pinochle.server.storage import SeatRecord, SQLiteStorage
from pinochle.server.table import Hub, Table, TableOptions

from .redis_support import redis_server  # noqa: F401
from .service_support import Open, service  # noqa: F401
from .support import error, hello, of_type, until

Msg = dict[str, Any]
pytestmark = pytest.mark.timeout(120)
PLAYABLE = list(playable_games())  # the games the server seats (every playable game, by its seating)

#: These scripted clients answer every state at once: a rate limit far above a person's (docs/protocol.md, Limits).
FAST = (1000.0, 1000)






def move(ws: Any, msg: Msg, action: Msg) -> None:
    ws.send_json({"type": "action", "match": msg["match"]["id"] if msg["match"]["kind"] != "solo" else None,
                  "version": msg["view"]["version"], "action": action})


def bidder(cap: int) -> Callable[[Msg], Msg]:
    """South's moves: bid the minimum up to ``cap`` (else pass), name its longest suit, pass four cards
    (the lowest of its longest other suit first), play the first legal card, ask for the next hand."""

    def choose(v: Msg) -> Msg:
        legal = v["legal"]
        if "bid" in legal and legal["bid"]["min"] <= cap:
            return {"type": "bid", "bid": legal["bid"]["min"]}
        if "pass" in legal:
            return {"type": "pass"}
        if "trump" in legal:
            counts = Counter(c[-1] for c in v["hand"])
            return {"type": "trump", "suit": max(legal["trump"], key=lambda s: counts[s])}
        if "give" in legal:
            return {"type": "give", "cards": v["hand"][-legal["give"]["count"]:]}
        if "play_on" in legal:
            return {"type": "play_on"}
        if "play" in legal:
            return {"type": "play", "card": legal["play"][0]}
        if "deal" in legal:
            return {"type": "deal"}
        raise AssertionError(f"no move in {legal}")

    return choose


# ---------------------------------------------------------------- GET /games and refusals


def test_games_lists_every_game_and_which_are_playable(service: Open) -> None:
    with service(bot_delay=0, rate=FAST) as client:
        resp = client.get("/games")
    assert resp.status_code == 200 and resp.headers["content-type"].startswith("application/json")
    games = resp.json()["games"]
    assert [g["name"] for g in games] == list(GAMES)
    assert [g["name"] for g in games if g["playable"]] == PLAYABLE == [
        n for n, g in GAMES.items() if g.playable and g.at_table]
    assert {"table", "cutthroat", "auction", "two-handed"} <= set(PLAYABLE)
    for g in games:
        assert set(g) == {"name", "players", "sizes", "description", "playable", "how_to_play", "table"}
        page = "/how-to-play" if g["name"] == "table" else f"/how-to-play/{g['name']}"
        assert g["how_to_play"] == (page if g["name"] in howto_games() else None)
        assert g["description"] == GAMES[g["name"]].description and g["players"] == GAMES[g["name"]].players
        assert g["sizes"] == list(GAMES[g["name"]].sizes) and (g["players"] in g["sizes"] or not g["playable"])
    # what Home draws each game's table from (a picture per game): read from the definitions
    facts = {g["name"]: g["table"] for g in games}
    assert [n for n, f in facts.items() if f["partners"]] == [
        "table", "partnership-pass", "racehorse", "turned-trump", "britannica", "double-deck"]
    assert {n: f["widow"] for n, f in facts.items() if f["widow"]} == {"cutthroat": 3, "auction": 3}
    assert {n: f["pass"] for n, f in facts.items() if f["pass"]} == {"partnership-pass": 4, "racehorse": 4}
    assert [n for n, f in facts.items() if f["stock"]] == ["two-handed"]
    assert [n for n, f in facts.items() if not f["auction"]] == ["turned-trump", "two-handed"]
    assert {n: f["deck"] for n, f in facts.items() if f["deck"] != 48} == {"double-deck": 80}
    assert {n: (f["target"], f["deals"]) for n, f in facts.items()} == {
        "table": (1500, None), "partnership-pass": (1500, None), "racehorse": (1500, None),
        "turned-trump": (1500, None), "britannica": (100, None), "double-deck": (500, None),
        "cutthroat": (None, 9), "auction": (None, 9), "two-handed": (1000, None)}


@pytest.mark.parametrize("msg", [
    {"type": "new_match", "level": "easy"},
    {"type": "create_room", "name": "Ann"},
    {"type": "quick_match", "name": "Ann"},
    {"type": "room_game"},
])
@pytest.mark.parametrize("game, says", [
    ("whist", 'game is the name of a playable game: table, partnership-pass, racehorse, turned-trump, britannica, double-deck, '
              'cutthroat, auction, two-handed; the text "whist" is not a game'),
    (3, "game is the name of a playable game: table, partnership-pass, racehorse, turned-trump, britannica, double-deck, "
        "cutthroat, auction, two-handed, not 3"),
    (None, "not null"),
    ("Racehorse", "is not a game"),
])
def test_an_unknown_or_unbuilt_game_is_refused_naming_the_playable_games(
        tmp_path: Path, msg: Msg, game: object, says: str) -> None:
    with TestClient(create_app(tmp_path / "g.db", bot_delay=0, rate=FAST)) as client, client.websocket_connect("/ws") as ws:
        hello(ws)
        ws.send_json({**msg, "game": game})
        err = error(ws)
        assert err["code"] == "bad_message"
        assert says.replace("new_match", msg["type"]) in err["message"], err["message"]
        ws.send_json({"type": "resume"})
        assert error(ws)["code"] == "no_match"  # nothing was started
        assert client.app.state.server.quick.queue.waiting() == ()  # type: ignore[attr-defined]
        assert client.app.state.server.storage.idle_rooms(float("inf")) == []  # type: ignore[attr-defined]


def test_room_game_is_required() -> None:
    from pinochle.server.protocol import ProtocolError, parse_client

    with pytest.raises(ProtocolError, match="room_game.game is missing: it is the name of a playable game"):
        parse_client(json.dumps({"type": "room_game"}))
    for kind in ("new_match", "create_room", "quick_match"):  # these default to table
        extra = {"level": "easy"} if kind == "new_match" else {"name": "Ann"}
        assert "game" not in parse_client(json.dumps({"type": kind, **extra})).data


# ---------------------------------------------------------------- solo


def play_solo(ws: Any, msg: Msg, choose: Callable[[Msg], Msg], stop: Callable[[Msg], bool]) -> tuple[Msg, list[Msg]]:
    """South plays ``choose`` until ``stop(state)``; the stopping state and every state seen."""
    seen = [msg]
    while not stop(msg):
        if msg["view"]["legal"]:
            move(ws, msg, choose(msg["view"]))
        msg = until(ws, of_type("state"))
        seen.append(msg)
    return msg, seen


def test_a_solo_partnership_pass_hand_by_the_legal_moves(service: Open) -> None:
    with service(bot_delay=0, rate=FAST) as client, client.connect() as ws:
        hello(ws)
        ws.send_json({"type": "new_match", "level": "easy", "game": "partnership-pass"})
        msg = until(ws, of_type("state"))
        assert msg["event"] == "start" and msg["match"]["game"] == "partnership-pass" == msg["view"]["game"]
        gave = False
        for _ in range(8):  # until South has passed cards (South bids high, so it declares soon)
            hand_no = msg["view"]["hand_number"]
            msg, seen = play_solo(ws, msg, bidder(400), lambda m: m["view"]["phase"] == "hand_end"
                                  and m["view"]["hand_number"] == hand_no)
            last = msg["view"]["last_hand"]
            assert sum(last["counters"].values()) == 250 and sum(last["tricks"].values()) == 12
            giving = [m for m in seen if "give" in m["view"]["legal"]]
            if giving:
                gave = True
                m = giving[0]
                v = m["view"]
                assert v["phase"] == "exchange" and v["legal"] == {"give": {"count": 4}}
                assert v["declarer"] in ("S", "N") and v["turn"] == "S"
                after = next(x for x in seen if x["view"]["version"] > v["version"])
                me_first = v["declarer"] == "N"  # South is the partner: it passes first
                passed = after["view"]["exchange"][0 if me_first else 1]
                assert Counter(passed) == Counter(v["hand"][-4:]), "the four cards South chose"
                assert not Counter(passed) - Counter(v["hand"])
                # the partners see both passes once made (the meld is laid at once: the next state is the
                # opening lead's); South's hand is what it held, less what it passed, plus what it was passed
                # back (a declarer passes with the partner's cards already in hand)
                final = next(x for x in seen if len(x["view"].get("exchange", ())) == 2)
                assert final["view"]["phase"] == "play" and final["view"]["tricks"] == []
                assert final["view"]["hand_sizes"] == {"N": 12, "E": 12, "S": 12, "W": 12}
                assert all(m is not None for m in final["view"]["melds"].values())
                assert [len(cs) for cs in final["view"]["exchange"]] == [4, 4]
                received = final["view"]["exchange"][1 if me_first else 0]
                expected = Counter(v["hand"]) - Counter(passed) + (Counter(received) if me_first else Counter())
                assert Counter(final["view"]["hand"]) == expected
            else:
                assert all("exchange" not in m["view"] or m["view"]["declarer"] in ("S", "N") for m in seen)
            if gave:
                break
            msg, _ = play_solo(ws, msg, bidder(400), lambda m: m["view"]["phase"] != "hand_end")
        assert gave, "South never passed cards in eight hands"


def test_bad_passes_are_illegal_and_change_nothing(service: Open) -> None:
    with service(bot_delay=0, rate=FAST) as client, client.connect() as ws:
        hello(ws)
        ws.send_json({"type": "new_match", "level": "easy", "game": "partnership-pass"})
        msg = until(ws, of_type("state"))
        for _ in range(8):
            msg, _ = play_solo(ws, msg, bidder(400), lambda m: "give" in m["view"]["legal"]
                               or m["view"]["phase"] == "hand_end")
            if "give" in msg["view"]["legal"]:
                break
            msg, _ = play_solo(ws, msg, bidder(400), lambda m: m["view"]["phase"] != "hand_end")
        v = msg["view"]
        assert "give" in v["legal"], "South never had to pass cards"
        hand = v["hand"]
        missing = next(f"{r}{s}" for s in "SHDC" for r in "ATKQJ9" if f"{r}{s}" not in hand)
        for cards, says in [(hand[:3], "pass exactly 4 cards, not 3"), (hand[:5], "pass exactly 4 cards, not 5"),
                            ([*hand[:3], missing], "you do not hold the"), ("AS", None), (7, "give the cards as a list")]:
            move(ws, msg, {"type": "give", "cards": cards})
            err = error(ws)
            assert err["code"] == "illegal", err
            if says:
                assert says in err["message"], err["message"]
        move(ws, msg, {"type": "give"})
        assert 'needs "cards"' in error(ws)["message"]
        move(ws, msg, {"type": "concede"})
        assert error(ws)["code"] == "illegal"
        ws.send_json({"type": "resume"})
        again = until(ws, of_type("state"))
        assert again["view"] == v, "the refused passes changed nothing"
        move(ws, msg, {"type": "give", "cards": hand[:4]})
        after = until(ws, of_type("state"))
        assert after["view"]["version"] > v["version"] and after["event"] == "move"
        assert Counter(hand[:4]) in [Counter(cs) for cs in after["view"]["exchange"]]


def test_a_solo_racehorse_hand_the_declarer_concedes(service: Open) -> None:
    def concede(v: Msg) -> Msg:
        return {"type": "concede"} if "concede" in v["legal"] else bidder(300)(v)

    with service(bot_delay=0, rate=FAST) as client, client.connect() as ws:
        hello(ws)
        ws.send_json({"type": "new_match", "level": "normal", "game": "racehorse"})
        msg = until(ws, of_type("state"))
        assert msg["match"]["game"] == "racehorse" == msg["view"]["game"]
        for _ in range(10):
            before = msg["match"]["totals"]
            msg, seen = play_solo(ws, msg, concede, lambda m: m["view"]["phase"] in ("hand_end", "match_end"))
            offered = [m for m in seen if "concede" in m["view"]["legal"]]
            if offered:
                v = offered[0]["view"]
                assert v["phase"] == "concede" and v["declarer"] == "S"
                assert v["legal"] == {"concede": True, "play_on": True}
                assert all(m is not None for m in v["melds"].values()), "the declarer concedes after seeing the meld"
                end = msg["view"]
                # a concession that puts the other side past the target ends the match there
                assert end["conceded"] is True and end["tricks"] == [] and end["phase"] in ("hand_end", "match_end")
                after = msg["match"]["totals"]
                assert after["NS"] == before["NS"], "a concession scores nothing for the declarer's side"
                assert after["EW"] - before["EW"] >= 250, "the opponents score their meld + 250"
                assert end["last_hand"]["score"]["NS"] == 0
                break
            msg, _ = play_solo(ws, msg, concede, lambda m: m["view"]["phase"] != "hand_end")
        else:
            raise AssertionError("South never declared in ten hands")
        # the next hand goes on
        msg, _ = play_solo(ws, msg, concede, lambda m: m["view"]["phase"] == "auction")
        assert "conceded" not in msg["view"]


# ---------------------------------------------------------------- rooms


def test_a_room_of_a_chosen_game(tmp_path: Path) -> None:
    db = tmp_path / "rooms.db"
    with TestClient(create_app(db, bot_delay=0, rate=FAST)) as client, \
            client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        hello(a)
        hello(b)
        a.send_json({"type": "create_room", "name": "Ann", "level": "easy", "game": "racehorse"})
        joined = until(a, of_type("joined"))
        assert joined["room"]["game"] == "racehorse"
        b.send_json({"type": "join_room", "code": joined["room"]["code"], "name": "Bob"})
        jb = until(b, of_type("joined"))
        assert jb["room"]["game"] == "racehorse"
        b.send_json({"type": "room_game", "game": "britannica"})
        err = error(b)
        assert err["code"] == "room" and "creator" in err["message"]
        a.send_json({"type": "room_game", "game": "partnership-pass"})
        for ws in (a, b):
            assert until(ws, lambda m: m["type"] == "room" and m["room"]["game"] != "racehorse")["room"]["game"] \
                == "partnership-pass"
        for ws in (a, b):
            ws.send_json({"type": "ready", "ready": True})
        until(a, lambda m: m["type"] == "room" and all(s is None or s["ready"] for s in m["room"]["seats"].values()))
        a.send_json({"type": "start"})
        st = until(a, of_type("state"))
        assert st["match"]["game"] == st["view"]["game"] == "partnership-pass" and st["match"]["kind"] == "room"
        until(b, of_type("state"))
        a.send_json({"type": "room_game", "game": "table"})
        err = error(a)
        assert err["code"] == "room" and "between matches" in err["message"]
        code = joined["room"]["code"]
        token = joined["token"]
        match_id = st["match"]["id"]
    # a restart: the room and its match keep their game
    store = SQLiteStorage(db)
    stored = store.load(match_id)
    data = store.load_room(code)
    store.close()
    assert stored is not None and stored.game == "partnership-pass" and stored.kind == "room"
    assert data is not None and data["game"] == "partnership-pass"
    with TestClient(create_app(db, bot_delay=0, rate=FAST)) as client, client.websocket_connect("/ws") as a:
        welcome = hello(a, None, token)
        assert welcome["seat"]["room"] == code
        room = until(a, of_type("room"))["room"]
        assert room["game"] == "partnership-pass"
        st = until(a, lambda m: m["type"] == "state" and m["event"] == "resume")
        assert st["match"]["game"] == "partnership-pass" == st["view"]["game"]


def test_a_room_stored_before_games_is_a_table_room() -> None:
    room = Room.create("Ann")
    data = room.to_json()
    assert data["game"] == "table" and room.public(room.creator)["game"] == "table"
    del data["game"]
    assert Room.from_json(data).game == "table"
    racehorse = Room.create("Ann", game="racehorse")
    assert Room.from_json(racehorse.to_json()) == racehorse
    with pytest.raises(ValueError, match="unknown game 'whist'"):
        Room.create("Ann", game="whist")


# ---------------------------------------------------------------- Quick Match


def test_the_matchmaker_groups_by_game() -> None:
    now = [0.0]
    mm = Matchmaker(search_seconds=10, clock=lambda: now[0])
    for p, g in [("t1", "table"), ("r1", "racehorse"), ("t2", "table"), ("r2", "racehorse"), ("t3", "table"),
                 ("r3", "racehorse"), ("t4", "table"), ("p1", "partnership-pass")]:
        mm.enqueue(p, g)
    assert mm.group("r2") == ("r1", "r2", "r3") and mm.group("p1") == ("p1",)
    started = mm.ready()
    assert [(t.game, t.players, t.computers) for t in started] == [("table", ("t1", "t2", "t3", "t4"), 0)]
    mm.enqueue("r1", "table")  # asking again keeps the place and the game
    assert mm.game_of("r1") == "racehorse"
    now[0] = 10.0
    assert [(t.game, t.players, t.computers) for t in mm.ready()] == [
        ("racehorse", ("r1", "r2", "r3"), 1), ("partnership-pass", ("p1",), 3)]
    assert mm.waiting() == ()
    with pytest.raises(ValueError, match="unknown game"):
        mm.enqueue("x", "whist")
    # a table of three: three searchers of cutthroat start at once
    for p in ("c1", "c2", "c3", "c4"):
        mm.enqueue(p, "cutthroat")
    assert [(t.game, t.players, t.computers) for t in mm.ready()] == [("cutthroat", ("c1", "c2", "c3"), 0)]
    assert mm.waiting() == ("c4",)


def test_quick_match_groups_people_by_game(service: Open) -> None:
    with service(bot_delay=0, rate=FAST, search_seconds=1.0, quick_move_timer=0.2) as client, \
            client.connect() as t, client.connect() as r1, \
            client.connect() as r2:
        for ws in (t, r1, r2):
            hello(ws)
        t.send_json({"type": "quick_match", "name": "Tess"})
        st = until(t, of_type("searching"))
        assert st["game"] == "table" and st["players"] == 1
        r1.send_json({"type": "quick_match", "name": "Rae", "game": "racehorse"})
        assert until(r1, of_type("searching"))["game"] == "racehorse"
        r2.send_json({"type": "quick_match", "name": "Rex", "game": "racehorse"})
        s2 = until(r2, of_type("searching"))
        assert s2["game"] == "racehorse" and s2["players"] == 2, "the two racehorse players are grouped"
        # asking again for the same game keeps the search
        r2.send_json({"type": "quick_match", "name": "Rex", "game": "racehorse"})
        assert until(r2, of_type("searching"))["token"] == s2["token"]
        starts = {}
        for name, ws in (("t", t), ("r1", r1), ("r2", r2)):
            matched = until(ws, of_type("matched"))
            starts[name] = until(ws, lambda m: m["type"] == "state" and m["match"]["id"] == matched["match"])
        assert starts["t"]["match"]["game"] == starts["t"]["view"]["game"] == "table"
        assert starts["r1"]["match"]["id"] == starts["r2"]["match"]["id"] != starts["t"]["match"]["id"]
        assert starts["r1"]["match"]["game"] == starts["r1"]["view"]["game"] == "racehorse"
        seats_t = starts["t"]["table"]["seats"]
        seats_r = starts["r1"]["table"]["seats"]
        assert sum(s["computer"] for s in seats_t.values()) == 3 and sum(s["computer"] for s in seats_r.values()) == 2
        assert (starts["r1"]["table"]["you"], starts["r2"]["table"]["you"]) == ("S", "N")
        # the computers play racehorse with the people (played for on the move timer here) to its card pass
        msg = until(r1, lambda m: m["type"] == "state" and m["view"]["phase"] not in ("auction", "trump"),
                    limit=20000)
        assert msg["view"]["game"] == "racehorse" and msg["view"]["phase"] in ("exchange", "play", "concede")


def test_quick_match_for_another_game_moves_the_search(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "q.db", bot_delay=0, rate=FAST, search_seconds=60)) as client, \
            client.websocket_connect("/ws") as ws:
        hello(ws)
        ws.send_json({"type": "quick_match", "name": "Sam"})
        first = until(ws, of_type("searching"))
        ws.send_json({"type": "quick_match", "name": "Sam", "game": "britannica"})
        second = until(ws, of_type("searching"))
        assert second["game"] == "britannica" and second["token"] != first["token"]
        mm = client.app.state.server.quick.queue  # type: ignore[attr-defined]
        assert mm.waiting() == (second["token"],) and mm.game_of(second["token"]) == "britannica"


# ---------------------------------------------------------------- storage from before games


OLD_SCHEMA = """
CREATE TABLE matches (
    id TEXT PRIMARY KEY, device TEXT NOT NULL, level TEXT NOT NULL, seed INTEGER NOT NULL,
    first_dealer INTEGER NOT NULL, created REAL NOT NULL, updated REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0, kind TEXT NOT NULL DEFAULT 'solo', options TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE actions (match_id TEXT NOT NULL, n INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY (match_id, n));
CREATE TABLE match_seats (match_id TEXT NOT NULL, seat INTEGER NOT NULL, token TEXT, name TEXT NOT NULL,
    PRIMARY KEY (match_id, seat));
"""


def old_database(path: Path, device: str, seed: int, moves: int) -> list[Msg]:
    """A database written before games: one solo table match of ``moves`` actions (computers' choices)."""
    state = new_match(seed=seed, first_dealer=1)
    players = {s: for_level("easy", f"old/{s}") for s in Seat}
    log: list[Msg] = []
    while len(log) < moves:
        action = auto_action(state)
        if action is None:
            seat = turn(state)
            assert seat is not None
            action = Action.deal_(seat) if state.phase == "hand_end" else players[seat].act(view(state, seat))
        log.append(action.to_json())
        state = apply(state, action)
    db = sqlite3.connect(path)
    db.executescript(OLD_SCHEMA)
    db.execute("INSERT INTO matches (id, device, level, seed, first_dealer, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?)",
               ("oldmatch", device, "easy", seed, 1, time.time(), time.time()))
    db.executemany("INSERT INTO actions VALUES (?, ?, ?)", [("oldmatch", n, json.dumps(a)) for n, a in enumerate(log)])
    db.commit()
    db.close()
    return log


def test_a_database_from_before_games_opens_and_resumes_as_table(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    device = "OldDevice_0123456789abcdef"
    log = old_database(db, device, seed=12345, moves=40)
    state = new_match(seed=12345, first_dealer=1)
    for a in log:
        state = apply(state, Action.from_json(a))
    with TestClient(create_app(db, bot_delay=0, rate=FAST)) as client, client.websocket_connect("/ws") as ws:
        welcome = hello(ws, device)
        assert welcome["match"]["id"] == "oldmatch" and welcome["match"]["game"] == "table"
        ws.send_json({"type": "resume"})
        msg = until(ws, of_type("state"))
        assert msg["view"]["game"] == "table" and msg["view"]["version"] == len(log) == state.version
        assert msg["view"] == json.loads(json.dumps(view(state, Seat.S).to_json()))
        # it plays on as the table game
        msg, _ = play_solo(ws, msg, bidder(0), lambda m: m["view"]["version"] > len(log) + 4)
        assert msg["match"]["game"] == "table"
    columns = {row[1]: row for row in sqlite3.connect(db).execute("PRAGMA table_info(matches)")}
    assert "game" in columns and columns["game"][4] == "'table'", "the file was migrated in place"
    store = SQLiteStorage(db)
    stored = store.load("oldmatch")
    store.close()
    assert stored is not None and stored.game == "table" and len(stored.actions) > len(log)


# ---------------------------------------------------------------- the table makes no choice for anyone


def table_at(game: str, phase: str, options: TableOptions, seed: int = 1) -> tuple[Table, Seat]:
    """A room table of ``game`` advanced (by computer moves stored in its log) to the first ``phase`` whose
    seat to move is then given to a connected person; the table and that seat."""
    for s in range(seed, seed + 200):
        state = new_match(seed=s, first_dealer=0, game=game)
        players = {x: for_level("easy", f"{s}/{x}") for x in Seat}
        log: list[Msg] = []
        while state.phase != phase and state.hand_no == 0:
            seat = turn(state)
            assert seat is not None
            action = auto_action(state) or players[seat].act(view(state, seat))
            log.append(action.to_json())
            state = apply(state, action)
        if state.phase == phase:
            break
    else:
        raise AssertionError(f"no first hand of {game} reached {phase}")
    person = turn(state)
    assert person is not None
    store = SQLiteStorage(":memory:")
    seats = [SeatRecord("ann" if x == person else None, f"seat {x}") for x in Seat]
    store.create_match("m1", "ROOM", "easy", s, 0, "room", seats, options.to_json(), game)
    for n, a in enumerate(log):
        store.append_action("m1", n, a)
    stored = store.load("m1")
    assert stored is not None and stored.game == game
    hub = Hub()

    async def noop(msg: dict[str, object]) -> None:
        return None

    hub.subscribe("ann", noop)
    table = Table(stored, store, hub, 0.0, time.monotonic)
    assert table.state.phase == phase and turn(table.state) == person
    return table, person


@pytest.mark.parametrize("game, phase", [("partnership-pass", "exchange"), ("racehorse", "concede")])
def test_the_table_waits_for_the_person_to_pass_or_concede(game: str, phase: str) -> None:
    table, person = table_at(game, phase, TableOptions())
    assert auto_action(table.state) is None
    assert table.decide(time.monotonic() + 10_000) == (None, None), "the person's choice is waited for"
    assert "give" in table.message(person, None)["view"]["legal"] or phase == "concede"  # type: ignore[index]


@pytest.mark.parametrize("game, phase, kind", [("partnership-pass", "exchange", "give"),
                                               ("racehorse", "concede", None)])
def test_the_move_timer_lets_the_computer_pass_or_concede(game: str, phase: str, kind: str | None) -> None:
    async def scenario() -> list[Msg]:
        table, person = table_at(game, phase, TableOptions(move_timer=0.2))
        version = table.state.version
        table.start()
        for _ in range(100):
            await asyncio.sleep(0.05)
            if table.state.version > version:
                break
        table.close()
        stored = table.storage.load(table.id)
        assert stored is not None
        return [dict(a) for a in stored.actions[version:]]

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        after = pool.submit(asyncio.run, scenario()).result(timeout=60)
    assert after, "the computer never moved for the slow person"
    first = after[0]
    if kind == "give":
        assert first["type"] == "give" and len(first["cards"]) == 4
    else:
        assert first["type"] in ("concede", "play_on")


# ---------------------------------------------------------------- the document


def test_docs_protocol_documents_the_games() -> None:
    from pinochle.server.protocol import CLIENT_TYPES

    text = (Path(__file__).resolve().parent.parent / "docs" / "protocol.md").read_text(encoding="utf-8")
    client_table = text[text.index("## Client → server"):text.index("## Server → client")]
    for kind in CLIENT_TYPES:
        assert f"| `{kind}` |" in client_table, kind
    for kind in ("new_match", "create_room", "quick_match", "room_game"):
        row = next(line for line in client_table.splitlines() if line.startswith(f"| `{kind}` |"))
        assert "`game`" in row, row
    games = text[text.index("## Games"):text.index("## Rooms, Quick Match")]
    assert "GET /games" in games and "bad_message" in games
    for name in PLAYABLE:
        assert f"`{name}`" in games, name
    for action in ("give", "concede", "play_on"):
        assert f'{{"type": "{action}"' in text, action
    for field in ('"game"', "`exchange`", "`conceded`", '{"give": {"count": 4}}', '{"concede": true, "play_on": true}'):
        assert field in text, field
