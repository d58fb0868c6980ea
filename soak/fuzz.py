"""Fuzzing soak: generated frames against a live server while a match
goes on elsewhere.

The server is the real app (``create_app``) under uvicorn in a thread of this process,
with the per-connection rate limit and the limits on device tokens and wrong room codes
raised out of the way (``rate=(1e9, 10**9)``, a wide :class:`GuessGuard`) so that every
frame reaches the message handlers. A seeded generator (:class:`Frames`) sends, over
several connections at once:

- valid messages of every client type of docs/protocol.md with mutated fields: wrong
  types, huge numbers (40 digits, 1e308, 2**31), ``NaN`` and ``Infinity``, deep nesting,
  unknown fields, fields left out, and other people's match ids, room codes, seat tokens,
  member ids and versions, the other match's id and version included;
- random JSON values, random text, random bytes (binary frames), valid messages as
  binary frames, a first frame that is not ``hello``;
- oversized frames (text and binary over 16 KiB), which close with 1009: the connection
  is opened again and the fuzz goes on.

Meanwhile another person (a :class:`tests.live_support.Client` with its own device) plays
a solo match, and goes on after the fuzz. Checked:

- the server never fails: its thread is alive, ``/health`` answers 200 at the end, and
  nothing it logged holds ``Traceback`` or ``message failed``; no ``error`` has the code
  ``server``;
- every answer is a message type docs/protocol.md lists (the "Server → client" table, and
  ``pong``), every ``error`` code and every close code one of its tables lists; the tables
  are read from the doc and must equal :class:`ErrorCode` and :class:`CloseCode`;
- the other match is untouched: its person got no error, and its stored action log holds
  exactly the moves that person sent, in order, at its seat (besides the moves without a
  choice the server makes for every seat, laying meld), as many deals as it asked for, and
  the computers' moves at the other seats; it plays on after the fuzz.

The other person's device token is a credential (whoever holds it is that person), so the
fuzzer never gets it; everything else about the other match (its id, its version) it uses.

Run::

    python -m soak.fuzz --frames 100000
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import random
import re
import string
import sys
import tempfile
import threading
import time
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import uvicorn

try:  # websockets >= 13
    from websockets.asyncio.client import connect as ws_connect
except ImportError:  # pragma: no cover - websockets 12
    from websockets.client import connect as ws_connect  # type: ignore[attr-defined,no-redef]
from websockets.exceptions import ConnectionClosed

from pinochle.game import ACTION_TYPES, Action, apply, auto_action, new_match
from pinochle.server.app import create_app
from pinochle.server.limits import GuessGuard
from pinochle.server.protocol import CLIENT_TYPES, LEVELS, MAX_MESSAGE_BYTES, CloseCode, ErrorCode, playable_games
from pinochle.server.storage import SQLiteStorage
from tests.live_support import Client, Msg, choose, free_port, run_async

ROOT = Path(__file__).resolve().parent.parent
PROTOCOL_DOC = ROOT / "docs" / "protocol.md"


# ---------------------------------------------------------------- what docs/protocol.md lists


def _table(doc: str, heading: str) -> list[str]:
    """The first column of the table under ``## heading`` (backticks removed)."""
    part = doc.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    return [m.group(1) for m in re.finditer(r"^\| `?([^`|]+?)`? \|", part, re.M) if m.group(1) not in ("type", "code", "---")]


@dataclass(frozen=True)
class Listed:
    """The server message types, error codes and close codes docs/protocol.md lists."""

    types: frozenset[str]
    errors: frozenset[str]
    closes: frozenset[int]


def listed(doc_path: Path = PROTOCOL_DOC) -> Listed:
    """Read the lists from the doc and check them against ``ErrorCode`` and ``CloseCode``.

    Raises:
        AssertionError: the doc's tables and the enums differ.
    """
    doc = doc_path.read_text()
    types = set(_table(doc, "Server → client"))
    if '{"type": "pong"}' in doc:  # "Heartbeat": the answer to a ping
        types.add("pong")
    errors = set(_table(doc, "Errors"))
    closes = {int(c) for c in _table(doc, "Close codes")}
    assert errors == {e.value for e in ErrorCode}, f"docs/protocol.md's error codes {sorted(errors)} != ErrorCode"
    assert closes == {int(c) for c in CloseCode}, f"docs/protocol.md's close codes {sorted(closes)} != CloseCode"
    assert {"welcome", "state", "error"} <= types, types
    return Listed(frozenset(types), frozenset(errors), frozenset(closes))


# ---------------------------------------------------------------- the server in a thread


class LogTrap(logging.Handler):
    """Every log record of the server, formatted (tracebacks included)."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []
        self.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))

    def bad(self) -> list[str]:
        return [x for x in self.lines if "Traceback" in x or "message failed" in x]


class ThreadServer:
    """The app under uvicorn in a thread (no rate limit, wide guessing limits, computers at once)."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.port = free_port()
        guard = GuessGuard(bad_codes=10**9, bad_codes_per_address=10**9, devices_per_address=10**9)
        self.app = create_app(db, bot_delay=0.0, rate=(1e9, 10**9), guard=guard)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, name="fuzzed-server", daemon=True)
        self.trap = LogTrap()

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self) -> None:
        for name in ("", "uvicorn"):  # the app's loggers, and uvicorn's (which do not propagate to the root)
            logging.getLogger(name).addHandler(self.trap)
        logging.getLogger().setLevel(logging.INFO)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert self.thread.is_alive() and time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)

    def health(self) -> bool:
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/health", timeout=5) as resp:
            return bool(resp.status == 200)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(20)
        for name in ("", "uvicorn"):
            logging.getLogger(name).removeHandler(self.trap)


# ---------------------------------------------------------------- the frames


@dataclass
class Known:
    """What the fuzzer has seen, to reuse in other connections' frames (other people's values)."""

    matches: list[str] = field(default_factory=list)
    versions: list[int] = field(default_factory=lambda: [0, 1])
    codes: list[str] = field(default_factory=list)
    tokens: list[str] = field(default_factory=list)
    members: list[str] = field(default_factory=list)
    devices: list[str] = field(default_factory=list)
    other_match: str | None = None
    other_version: int = 0

    def learn(self, msg: Any) -> None:
        if not isinstance(msg, dict):
            return
        t = msg.get("type")
        if t == "welcome" and isinstance(msg.get("device"), str):
            _keep(self.devices, msg["device"])
        if t in ("joined", "searching") and isinstance(msg.get("token"), str):
            _keep(self.tokens, msg["token"])
        room = msg.get("room")
        if isinstance(room, dict):
            if isinstance(room.get("code"), str):
                _keep(self.codes, room["code"])
            if isinstance(room.get("you"), str):
                _keep(self.members, room["you"])
        m = msg.get("match")
        if isinstance(m, dict) and isinstance(m.get("id"), str):
            _keep(self.matches, m["id"])
        elif isinstance(m, str):
            _keep(self.matches, m)
        v = msg.get("view")
        if isinstance(v, dict) and isinstance(v.get("version"), int):
            _keep(self.versions, v["version"])


def _keep(xs: list[Any], x: Any, n: int = 40) -> None:
    if x not in xs:
        xs.append(x)
        if len(xs) > n:
            del xs[0]


NAN, INF = "\x00NaN\x00", "\x00Infinity\x00"  # stand-ins, written as bare NaN / Infinity in the frame
WEIRD: list[Any] = [None, True, False, 0, -1, 1, 2.5, 2.0, 2e3, -0.0, 2**31 - 1, 2**31, 2**63, 10**40, -(10**40),
                    10**400, 1e308, -1e308, 5e-324, "", " ", "12", "null", "\u202eevil", "\u200d", "名前", "🂡" * 5,
                    "x" * 300, [], {}, [1, 2], {"a": 1}, NAN, INF, "-" + INF]


class Frames:
    """A seeded generator of frames: ``(kind, payload)``, payload ``str`` (text frame) or ``bytes`` (binary)."""

    def __init__(self, seed: int, known: Known) -> None:
        self.rng = random.Random(seed)
        self.known = known
        self.games = list(playable_games()) + ["two-handed", "whist", ""]

    # -- values
    def token(self) -> Any:
        r = self.rng.random()
        pool = self.known.tokens + self.known.devices
        if r < 0.4 and pool:
            return self.rng.choice(pool)
        if r < 0.7:
            return "".join(self.rng.choice(string.ascii_letters + string.digits + "-_") for _ in range(self.rng.randint(16, 64)))
        return self.weird()

    def match(self) -> Any:
        r = self.rng.random()
        if r < 0.3 and self.known.other_match:
            return self.known.other_match
        if r < 0.7 and self.known.matches:
            return self.rng.choice(self.known.matches)
        return None if r < 0.8 else self.weird()

    def version(self) -> Any:
        r = self.rng.random()
        if r < 0.3:
            return self.known.other_version + self.rng.choice([-1, 0, 0, 1])
        if r < 0.8:
            return self.rng.choice(self.known.versions)
        return self.weird()

    def card(self) -> Any:
        return self.rng.choice("9TJQKA") + self.rng.choice("SHDC") if self.rng.random() < 0.85 else self.weird()

    def weird(self) -> Any:
        r = self.rng.random()
        if r < 0.6:
            return self.rng.choice(WEIRD)
        if r < 0.8:
            return self.json_value(3)
        return self.nested(self.rng.choice([50, 500, 3000, 7000]))

    def nested(self, depth: int) -> Any:
        x: Any = 1
        for _ in range(min(depth, 900)):  # deeper nesting is written out as text (see frame)
            x = [x] if self.rng.random() < 0.5 else {"a": x}
        return x

    def json_value(self, depth: int) -> Any:
        r = self.rng.random()
        if depth <= 0 or r < 0.4:
            return self.rng.choice([None, True, False, self.rng.randint(-10**6, 10**6), self.rng.random() * 1e6,
                                    "".join(chr(self.rng.randint(32, 0x2FFF)) for _ in range(self.rng.randint(0, 12)))])
        if r < 0.7:
            return [self.json_value(depth - 1) for _ in range(self.rng.randint(0, 4))]
        return {self.rng.choice(["type", "match", "version", "action", "x", "seat", "device"]): self.json_value(depth - 1)
                for _ in range(self.rng.randint(0, 4))}

    def action(self) -> Any:
        kind = self.rng.choice(ACTION_TYPES + ("nope",))
        a: dict[str, Any] = {"type": kind}
        if kind == "bid":
            a["bid"] = self.rng.choice([250, 260, 300, 0, -10, 10**40, 2.5, 1e308, NAN, "260"])
        elif kind == "trump":
            a["suit"] = self.rng.choice(["S", "H", "D", "C", "X", 1, None])
        elif kind == "play":
            a["card"] = self.card()
        elif kind in ("give", "bury", "meld"):
            a["cards"] = [self.card() for _ in range(self.rng.choice([0, 3, 4, 5, 40]))]
        if self.rng.random() < 0.2:
            a["seat"] = self.rng.choice("NESW")  # the server fills the seat: a sent seat is ignored or refused
        return a

    def valid(self, kind: str) -> dict[str, Any]:
        """A message of ``kind`` as docs/protocol.md describes it (values may be anyone's)."""
        rng = self.rng
        name = rng.choice(["Ann", "Bob", " Zoë ", "x" * 20])
        game = rng.choice(self.games[:-3])
        msg: dict[str, Any] = {"type": kind}
        if kind == "hello":
            msg.update(device=self.token(), seat=self.token() if rng.random() < 0.5 else None)
        elif kind == "new_match":
            msg.update(level=rng.choice(LEVELS), game=game)
            if rng.random() < 0.3:
                msg["players"] = rng.choice([3, 4, 5, None])
        elif kind == "resume":
            msg["match"] = self.match()
        elif kind == "action":
            msg.update(match=self.match(), version=self.version(), action=self.action())
        elif kind == "create_room":
            msg.update(name=name, level=rng.choice(LEVELS), game=game)
        elif kind == "join_room":
            msg.update(code=rng.choice(self.known.codes) if self.known.codes and rng.random() < 0.7 else "ABCDE-23456", name=name)
        elif kind == "ready":
            msg["ready"] = rng.random() < 0.5
        elif kind == "room_level":
            msg["level"] = rng.choice(LEVELS)
        elif kind == "room_timer":
            msg["seconds"] = rng.choice([None, 10, 30.5, 300])
        elif kind == "room_game":
            msg.update(game=game, players=rng.choice([None, 3, 4, 5]))
        elif kind == "arrange":
            places = rng.sample(["N", "E", "S", "W", "0", "1", "2", "3", "4"], rng.randint(1, 4))
            people = self.known.members + [None]
            msg["seats"] = {p: rng.choice(people) for p in places}
        elif kind == "quick_match":
            msg.update(name=name, game=game)
            if rng.random() < 0.3:  # auction at 4 or 5 searches apart; other games take one size
                msg["players"] = rng.choice([3, 4, 5, None])
        elif kind == "pace":
            msg["bot_delay"] = rng.choice([0, 0.5, 3])
        elif kind == "undo":
            msg.update(match=self.match(), version=self.version())
        elif kind == "history":
            msg["match"] = self.match()
        return msg

    def mutate(self, msg: dict[str, Any]) -> dict[str, Any]:
        rng = self.rng
        for _ in range(rng.randint(1, 3)):
            r = rng.random()
            keys = [k for k in msg if k != "type"]
            if r < 0.45 and keys:
                msg[rng.choice(keys)] = self.weird()
            elif r < 0.6 and keys:
                del msg[rng.choice(keys)]
            elif r < 0.75:
                msg[rng.choice(["extra", "seat", "match", "version", "__proto__", "type2", "ü"])] = self.weird()
            elif r < 0.85:
                msg["type"] = rng.choice([*CLIENT_TYPES, "ping", "pong", "HELLO", "", "state", "welcome"]) if rng.random() < 0.8 else self.weird()
            elif "action" in msg and isinstance(msg["action"], dict):
                inner = msg["action"]
                inner[rng.choice(["type", "bid", "card", "cards", "suit", "seat", "extra"])] = self.weird()
        return msg

    @staticmethod
    def dump(x: Any) -> str:
        text = json.dumps(x, ensure_ascii=False)
        return text.replace(json.dumps(NAN), "NaN").replace(json.dumps(INF), "Infinity")

    def frame(self) -> tuple[str, str | bytes]:
        """The next frame: ``(category, payload)``."""
        rng = self.rng
        r = rng.random()
        if r < 0.55:
            msg = self.valid(rng.choice(CLIENT_TYPES))
            return "valid", self.dump(msg)
        if r < 0.80:
            msg = self.mutate(self.valid(rng.choice(CLIENT_TYPES)))
            try:
                text = self.dump(msg)
            except RecursionError:
                text = '{"type": "action", "action": ' + "[" * 5000 + "]" * 5000 + "}"
            return "mutated", text
        if r < 0.84:
            depth = rng.choice([100, 1000, 4000, 8000])
            opener, closer = ("[", "]") if rng.random() < 0.5 else ('{"a":', "}")
            depth = min(depth, (MAX_MESSAGE_BYTES - 100) // (len(opener) + len(closer)))  # within 16 KiB
            return "deep", '{"type": "new_match", "level": ' + opener * depth + "1" + closer * depth + "}"
        if r < 0.89:
            return "json", self.dump(self.json_value(4))
        if r < 0.93:
            n = rng.randint(0, 200)
            return "text", "".join(chr(rng.choice([rng.randint(0, 127), rng.randint(128, 0xD7FF), rng.randint(0xE000, 0x10FFFF)]))
                                   for _ in range(n))
        if r < 0.96:
            return "bytes", rng.randbytes(rng.randint(0, 300))
        if r < 0.99:
            return "binary", self.dump(self.valid(rng.choice(CLIENT_TYPES))).encode()
        size = rng.choice([MAX_MESSAGE_BYTES + 1, MAX_MESSAGE_BYTES + 100, 40_000])
        if rng.random() < 0.5:
            return "oversized", '{"type": "hello", "device": "' + "a" * size + '"}'
        return "oversized", rng.randbytes(size)


# ---------------------------------------------------------------- the soak


@dataclass
class Tally:
    frames: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    answers: Counter[str] = field(default_factory=Counter)
    closes: Counter[int] = field(default_factory=Counter)
    connections: int = 0
    marks: int = 0
    synced: int = 0
    problems: list[str] = field(default_factory=list)


async def fuzz_connection(url: str, gen: Frames, quota: int, tally: Tally, ok: Listed, total: int) -> None:
    """One connection: hello (usually), then up to ``quota`` frames (``total`` in all connections) or until the
    server closes it; then a marker frame, whose answer says every frame before it has been answered."""
    ws = await ws_connect(url, open_timeout=10, max_size=None, ping_interval=None, close_timeout=2)
    tally.connections += 1
    tally.marks += 1
    mark = f"zz{tally.marks}"
    synced = asyncio.Event()

    async def read() -> None:
        try:
            async for raw in ws:
                try:
                    msg = json.loads(raw)
                except ValueError:
                    tally.problems.append(f"an answer that is not JSON: {raw[:200]!r}")
                    continue
                t = msg.get("type") if isinstance(msg, dict) else None
                if t not in ok.types:
                    tally.problems.append(f"an unlisted message type: {str(msg)[:200]}")
                if t == "error":
                    code = msg.get("code")
                    tally.answers[f"error:{code}"] += 1
                    if code not in ok.errors or code == ErrorCode.SERVER.value:
                        tally.problems.append(f"error code {code!r}: {msg.get('message')!r}")
                else:
                    tally.answers[str(t)] += 1
                if t == "error" and f'"{mark}"' in str(msg.get("message")):
                    synced.set()
                gen.known.learn(msg)
        except ConnectionClosed:
            pass

    reader = asyncio.get_running_loop().create_task(read())

    async def sync() -> bool:
        """Send the marker frame; wait for its answer (every earlier frame was answered) or the close."""
        await ws.send(json.dumps({"type": mark}))  # unknown_type, naming it
        waiting = asyncio.get_running_loop().create_task(synced.wait())
        await asyncio.wait([waiting, reader], timeout=60, return_when=asyncio.FIRST_COMPLETED)
        waiting.cancel()
        if synced.is_set():
            tally.synced += 1
            return True
        if not reader.done():
            tally.problems.append(f"no answer within 60 s to the frame after {sent} frames")
        return False

    sent = 0
    try:
        if gen.rng.random() < 0.95:
            await ws.send(json.dumps(gen.valid("hello") if gen.rng.random() < 0.5 else {"type": "hello", "device": None}))
            tally.frames += 1
            tally.kinds["hello"] += 1
            sent = 1
        while sent < quota and tally.frames < total:
            kind, payload = gen.frame()
            if kind == "oversized" and not await sync():
                break
            await ws.send(payload)
            tally.frames += 1
            tally.kinds[kind] += 1
            sent += 1
            if kind == "oversized":  # the server closes with 1009
                await asyncio.wait([reader], timeout=30)
                if not reader.done():
                    tally.problems.append("an oversized frame did not close the connection within 30 s")
                break
            if sent % 64 == 0:
                await asyncio.sleep(0)  # let the reader keep up
        else:
            await sync()
    except ConnectionClosed:
        pass
    try:
        await asyncio.wait_for(ws.close(), 10)
    except (asyncio.TimeoutError, ConnectionClosed):
        pass
    await asyncio.wait_for(reader, 20)
    code = ws.close_code
    if code is not None:
        tally.closes[code] += 1
        if code not in ok.closes:
            tally.problems.append(f"close code {code} ({ws.close_reason!r})")


class Other:
    """The person playing elsewhere: every move it sends is recorded."""

    def __init__(self, url: str, game: str) -> None:
        self.client = Client(url, "Other", seed=5, pace=False)
        self.game = game
        self.sent: dict[str, list[dict[str, Any]]] = {}
        self.errors: list[Msg] = []
        self.match = ""
        self.moved_at = -1
        self.seat = "S"

    async def start(self) -> None:
        c = self.client
        if c.device is None:
            await c.hello()
        await c.send({"type": "new_match", "level": "easy", "game": self.game})
        st = await c.expect("state", lambda m: m["event"] == "start", skip=("state",))
        self.match = st["match"]["id"]
        self.moved_at = -1  # the last version this person sent a move for, in this match
        self.seat = st["view"]["seat"]
        self.sent[self.match] = []
        c.unread(st)

    async def play(self, stop: asyncio.Event | None, moves: int | None = None) -> int:
        """Play until ``stop`` is set (or ``moves`` more moves are made); the moves made."""
        c = self.client
        made = 0
        while (stop is None or not stop.is_set()) and (moves is None or made < moves):
            try:
                msg = await c.recv(timeout=1.0)
            except AssertionError as err:
                if "no message within" in str(err):
                    continue
                raise
            if msg["type"] == "error":
                self.errors.append(msg)
                continue
            if msg["type"] != "state" or msg["match"]["id"] != self.match:
                continue
            v = msg["view"]
            if v["phase"] == "match_end":
                await self.start()
                continue
            if v["version"] <= self.moved_at:
                # a second state of a version already answered (a presence or next_ready broadcast sent before
                # the move arrived): a person does not ask twice (a second deal ask was kept once, a second move
                # refused as stale)
                continue
            legal = v["legal"]
            move = ({"type": "bury", "cards": legal["bury"]["cards"][: legal["bury"]["count"]]} if "bury" in legal
                    else choose(v, c.rng))
            if move is None:
                continue
            await c.send({"type": "action", "match": self.match, "version": v["version"], "action": move})
            self.moved_at = v["version"]
            self.sent[self.match].append(move)
            made += 1
        return made

    async def settle(self, timeout: float = 30.0) -> None:
        """Wait until the server has answered this person's last move: a state of its match past the move's
        version (a deal asked for is dealt at once: nobody else is waited for). Without it the server could
        stop before the last move, or the deal it asked for, is stored, and :meth:`check` would miss it.

        Raises:
            AssertionError: no such state within ``timeout`` seconds.
        """
        c = self.client
        deadline = time.monotonic() + timeout
        while True:
            last = c.last_state
            if self.moved_at < 0 or (last is not None and (
                    last["match"]["id"] != self.match or last["view"]["version"] > self.moved_at)):
                return
            msg = await c.recv(timeout=max(0.1, deadline - time.monotonic()))
            if msg["type"] == "error":
                self.errors.append(msg)

    def check(self, db: Path) -> dict[str, int]:
        """Each of its matches' stored log: exactly its moves at its seat, in order; computers' at the others."""
        st = SQLiteStorage(db)
        out = Counter[str]()
        try:
            for mid, moves in self.sent.items():
                stored = st.load(mid)
                assert stored is not None
                state = new_match(seed=stored.seed, first_dealer=stored.first_dealer, game=stored.game)
                mine, auto, deals = [], 0, 0
                for raw in stored.actions:  # the person's moves: at its seat, less the server's moves without a choice
                    action = Action.from_json(raw)
                    if auto_action(state) == action:
                        auto += 1
                    elif action.type == "deal":  # asked for by the person, made by the hand's dealer
                        deals += 1
                    elif raw.get("seat") == self.seat:
                        mine.append(action)
                    state = apply(state, action)
                out["automatic_moves"] += auto
                want = [Action.from_json({**m, "seat": self.seat}) for m in moves if m["type"] != "deal"]
                asked = sum(m["type"] == "deal" for m in moves)
                assert deals == asked, f"match {mid}: {deals} deals stored, {asked} asked for"
                assert mine == want, (f"match {mid}: the stored moves at {self.seat} are not the ones its person sent "
                                      f"({len(mine)} stored, {len(want)} sent): {[(a.type, str(a.seat)) for a in mine][-6:]} vs {[(a.type, str(a.seat)) for a in want][-6:]}")
                out["person_moves"] += len(mine)
                out["deals"] += deals
                out["computer_moves"] += len(stored.actions) - len(mine) - auto - deals
                out["matches"] += 1
        finally:
            st.close()
        return dict(out)


def soak(frames: int, seed: int = 0, connections: int = 6, game: str = "partnership-pass",
         tmp: Path | None = None) -> dict[str, Any]:
    """Send ``frames`` generated frames over ``connections`` parallel connections while another person plays.

    Returns:
        ``frames``, ``seconds``, ``frames_per_second``, the tallies (frame kinds, answers, close codes),
        the other match's counts.

    Raises:
        AssertionError: a check failed.
    """
    ok = listed()
    with tempfile.TemporaryDirectory() as d:
        db = (tmp or Path(d)) / "fuzz.db"
        server = ThreadServer(db)
        server.start()
        tally = Tally()
        other = Other(server.url, game)
        known = Known()

        async def run() -> dict[str, Any]:
            await other.start()
            known.other_match = other.match
            stop = asyncio.Event()
            playing = asyncio.get_running_loop().create_task(other.play(stop))
            rng = random.Random(seed)
            t0 = time.monotonic()

            async def worker(w: int) -> None:
                gen = Frames(seed * 1000 + w, known)
                while tally.frames < frames:
                    last = other.client.last_state
                    if last is not None:
                        known.other_match, known.other_version = other.match, last["view"]["version"]
                    gen.rng.seed(rng.random())
                    await fuzz_connection(server.url, gen, rng.randint(20, 600), tally, ok, frames)

            await asyncio.gather(*(worker(w) for w in range(connections)))
            seconds = time.monotonic() - t0
            stop.set()
            during = await playing
            after = await other.play(None, moves=30)  # it plays on
            await other.settle()  # its last move (or deal asked for) is stored before the server stops
            await other.client.close()
            return {"seconds": seconds, "other_moves_during": during, "other_moves_after": after}

        try:
            timing = run_async(run, timeout=3600)
            assert server.thread.is_alive(), "the server thread died"
            assert server.health(), "/health did not answer 200"
        finally:
            server.stop()
        assert not server.trap.bad(), "the server logged a failure:\n" + "\n".join(server.trap.bad()[:5])
        assert not tally.problems, f"{len(tally.problems)} bad answers, e.g. {tally.problems[:5]}"
        assert not other.errors, f"the other person got errors: {other.errors[:3]}"
        assert timing["other_moves_during"] > 0 and timing["other_moves_after"] == 30, timing
        kept = other.check(db)
        return {"frames": tally.frames, **timing, "frames_per_second": tally.frames / timing["seconds"],
                "connections": tally.connections, "synced": tally.synced, "kinds": dict(tally.kinds), "answers": dict(tally.answers),
                "closes": {str(k): v for k, v in tally.closes.items()}, "other": kept,
                "server_log_lines": len(server.trap.lines)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--frames", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--connections", type=int, default=6)
    args = ap.parse_args(argv)
    out = soak(args.frames, args.seed, args.connections)
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
