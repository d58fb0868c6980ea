"""Helpers for ``tests/test_live.py``: a real ``pinochle serve`` subprocess, real
WebSocket clients (the ``websockets`` library, asyncio) and the secrecy check
that replays a match's stored action log with the engine.

Every receive has a timeout, so a server that goes quiet fails a test instead
of hanging it.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import json
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:  # websockets >= 13
    from websockets.asyncio.client import connect as ws_connect
except ImportError:  # pragma: no cover - websockets 12
    from websockets.client import connect as ws_connect  # type: ignore[attr-defined,no-redef]
from websockets.exceptions import ConnectionClosed

from pinochle.cards import Card, Seat, unpack
from pinochle.errors import BadCard
from pinochle.game import Action, State, apply, new_match, view
from pinochle.records import match_record
from pinochle.server.storage import SQLiteStorage

ROOT = Path(__file__).resolve().parent.parent
#: seconds to wait for any one message
RECV_TIMEOUT = 20.0

Msg = dict[str, Any]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run_async(make: Callable[[], Awaitable[Any]], timeout: float = 240.0) -> Any:
    """Run a coroutine with ``asyncio.run`` in a worker thread (other tests leave a loop on the main thread)."""

    async def capped() -> Any:
        return await asyncio.wait_for(make(), timeout)

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, capped()).result()


# ---------------------------------------------------------------- the server


class Server:
    """``pinochle serve`` as a subprocess; restartable on the same port and database."""

    def __init__(self, tmp: Path, *options: str, name: str = "server") -> None:
        self.port = free_port()
        self.db = tmp / f"{name}.db"
        self.log = tmp / f"{name}.log"
        self.options = options
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self) -> None:
        cmd = [
            sys.executable, "-m", "pinochle.cli", "serve", "--host", "127.0.0.1", "--port", str(self.port),
            "--db", str(self.db), "--bot-delay", "0", *self.options,
        ]
        with open(self.log, "ab") as out:
            out.write(f"---- start {self.starts}: {' '.join(cmd[3:])}\n".encode())
            out.flush()
            self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
        self.starts += 1
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}:\n{self.log_text()}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/health", timeout=1) as resp:
                    if resp.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            time.sleep(0.05)
        raise RuntimeError(f"the server did not answer within 20 s:\n{self.log_text()}")

    def alive(self) -> bool:
        if self.proc is None or self.proc.poll() is not None:
            return False
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/health", timeout=2) as resp:
                return bool(resp.status == 200)
        except (urllib.error.URLError, ConnectionError, OSError):
            return False

    def stop(self, sig: int = signal.SIGTERM) -> int:
        """Stop the server with ``sig``; return its exit status."""
        if self.proc is None:
            return 0
        self.proc.send_signal(sig)
        try:
            code = self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = self.proc.wait(timeout=5)
            self.proc = None
            raise AssertionError(f"the server did not stop within 15 s of signal {sig}:\n{self.log_text()}")
        self.proc = None
        return code

    def kill(self) -> int:
        return self.stop(signal.SIGKILL)

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


# ---------------------------------------------------------------- clients


@dataclass
class Closed:
    """The connection closed (put on a client's queue by its reader)."""

    code: int | None
    reason: str


class ClientClosed(AssertionError):
    pass


def choose(v: Msg, rng: random.Random, bid_up_to: int = 260) -> Msg | None:
    """A simple legal move from ``view.legal``, or ``None`` if there is none.

    Bid the minimum while it is at most ``bid_up_to``, else pass; name the
    longest suit in hand trump; pass four random cards of the hand when a
    card pass is asked for (``give``); play on rather than concede; play the
    first legal card. (Simulated with the
    engine against Easy players, this ends a match in about 6 hands, 8 at the
    90th percentile: the pace of a test is the server's rate limit times the
    number of moves.)
    """
    legal = v["legal"]
    if "bid" in legal and legal["bid"]["min"] <= bid_up_to:
        return {"type": "bid", "bid": legal["bid"]["min"]}
    if "pass" in legal:
        return {"type": "pass"}
    if "trump" in legal:
        counts = {s: sum(c[-1] == s for c in v["hand"]) for s in legal["trump"]}
        best = max(counts.values())
        return {"type": "trump", "suit": rng.choice([s for s in legal["trump"] if counts[s] == best])}
    if "give" in legal:
        return {"type": "give", "cards": rng.sample(v["hand"], legal["give"]["count"])}
    if "play_on" in legal:
        return {"type": "play_on"}
    if "play" in legal:
        return {"type": "play", "card": legal["play"][0]}
    if "deal" in legal:
        return {"type": "deal"}
    return None


class Client:
    """One person: a device token, a seat token, and every message received on every connection.

    Sends are paced under the server's rate limit (10 a second, bursts of 40)
    so that a fast test client is never refused.
    """

    def __init__(self, url: str, name: str, seed: int = 0, pace: bool = True) -> None:
        self.url = url
        self.name = name
        self.device: str | None = None
        self.token: str | None = None
        self.tokens: set[str] = set()  # every seat token this client was given
        self.messages: list[Msg] = []  # every message received, all connections, in order
        self.ws: Any = None
        self.queue: asyncio.Queue[Msg | Closed] | None = None
        self.reader: asyncio.Task[None] | None = None
        self.closed: Closed | None = None
        self.last_state: Msg | None = None
        self.room: Msg | None = None
        self.acted: set[tuple[str, int]] = set()
        self.pending: list[Msg] = []  # messages put back to be read again first
        self.moves = 0
        self.rng = random.Random(seed)
        self.pace = pace
        self._bucket = 30.0
        self._bucket_at = time.monotonic()

    def __repr__(self) -> str:
        return f"Client({self.name!r})"

    # -------------------------------------------------------------- connection

    async def connect(self) -> None:
        self.ws = await ws_connect(self.url, open_timeout=10, max_size=None, ping_interval=None, close_timeout=2)
        self.queue = asyncio.Queue()
        self.pending = []
        self.closed = None
        self._bucket, self._bucket_at = 30.0, time.monotonic()
        self.reader = asyncio.get_running_loop().create_task(self._read(self.ws, self.queue))

    async def _read(self, ws: Any, queue: asyncio.Queue[Msg | Closed]) -> None:
        try:
            async for raw in ws:
                msg = json.loads(raw)
                self.messages.append(msg)
                for key in ("token",):
                    if msg.get("type") in ("joined", "searching") and isinstance(msg.get(key), str):
                        self.tokens.add(msg[key])
                queue.put_nowait(msg)
        except ConnectionClosed:
            pass
        finally:
            rcvd = getattr(ws, "close_code", None)
            queue.put_nowait(Closed(rcvd, str(getattr(ws, "close_reason", "") or "")))

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            await asyncio.wait_for(self.reader, 10)

    async def _throttle(self) -> None:
        if not self.pace:
            return
        while True:
            now = time.monotonic()
            self._bucket = min(30.0, self._bucket + (now - self._bucket_at) * 9.0)
            self._bucket_at = now
            if self._bucket >= 1.0:
                self._bucket -= 1.0
                return
            await asyncio.sleep((1.0 - self._bucket) / 9.0 + 0.005)

    async def send(self, msg: Msg) -> None:
        await self._throttle()
        await self.ws.send(json.dumps(msg))

    def unread(self, msg: Msg) -> None:
        """Put ``msg`` back: the next :meth:`recv` returns it again (it is not recorded twice)."""
        self.pending.append(msg)

    async def recv(self, timeout: float = RECV_TIMEOUT) -> Msg:
        """The next message; fails on a timeout or a closed connection."""
        assert self.queue is not None
        try:
            item = self.pending.pop() if self.pending else await asyncio.wait_for(self.queue.get(), timeout)
        except (TimeoutError, asyncio.TimeoutError):
            raise AssertionError(f"{self.name}: no message within {timeout} s; last: {self.messages[-3:]}") from None
        if isinstance(item, Closed):
            self.closed = item
            raise ClientClosed(f"{self.name}: the connection closed ({item.code} {item.reason!r})")
        if item.get("type") == "state":
            self.last_state = item
        elif item.get("type") == "room":
            self.room = item["room"]
        return item

    async def wait_closed(self, timeout: float = RECV_TIMEOUT, allow: Callable[[Msg], bool] = lambda m: True) -> Closed:
        """Read until the connection closes (every message read must pass ``allow``); the close."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                msg = await self.recv(max(0.05, deadline - time.monotonic()))
            except ClientClosed:
                assert self.closed is not None
                return self.closed
            assert allow(msg), f"{self.name}: unexpected {msg}"

    async def expect(self, kind: str, where: Callable[[Msg], bool] = lambda m: True, skip: tuple[str, ...] = (),
                     timeout: float = RECV_TIMEOUT) -> Msg:
        """The next message of type ``kind`` satisfying ``where``; messages of a type in ``skip`` are passed over, anything else fails."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{self.name}: no {kind} within {timeout} s; last: {self.messages[-3:]}")
            msg = await self.recv(left)
            if msg["type"] == kind and where(msg):
                return msg
            if msg["type"] not in skip:
                raise AssertionError(f"{self.name}: expected {kind}, got {msg}")

    async def hello(self, seat: str | None = None) -> Msg:
        """Connect (if needed) and say hello with this client's device and ``seat`` token; the welcome."""
        if self.ws is None or self.closed is not None or self.reader is None or self.reader.done():
            await self.connect()
        await self.send({"type": "hello", "device": self.device, "seat": seat})
        welcome = await self.expect("welcome")
        self.device = welcome["device"]
        return welcome

    async def reconnect(self) -> list[Msg]:
        """A new connection with the kept device and seat token: ``welcome``, then the resync (room and/or state).

        Returns the messages from ``welcome`` to the table's ``resume`` state, in order.
        """
        await self.connect()
        self.acted.clear()  # a move sent to a server that died may be lost: offer it again
        await self.send({"type": "hello", "device": self.device, "seat": self.token})
        got = [await self.recv()]
        assert got[0]["type"] == "welcome", f"{self.name}: the first answer to hello is {got[0]}"
        while not (got[-1]["type"] == "state" and got[-1]["event"] == "resume"):
            got.append(await self.recv())
        return got

    # -------------------------------------------------------------- playing

    async def play(self, stop: Callable[[Msg], bool] | None = None, timeout: float = RECV_TIMEOUT) -> Msg:
        """Play from ``view.legal`` until ``stop(state)`` (checked before moving) or the match's end; that state.

        Room messages are kept in ``self.room``; any other message type fails.
        """
        while True:
            msg = await self.recv(timeout)
            kind = msg["type"]
            if kind == "room":
                continue
            assert kind == "state", f"{self.name}: unexpected message while playing: {msg}"
            v = msg["view"]
            if stop is not None and stop(msg):
                return msg
            if v["phase"] == "match_end":
                return msg
            key = (msg["match"]["id"], v["version"])
            if key in self.acted:
                continue
            move = choose(v, self.rng)
            if move is None:
                continue
            self.acted.add(key)
            self.moves += 1
            await self.send({"type": "action", "match": msg["match"]["id"], "version": v["version"], "action": move})


def my_turn(who: str, *, hand_no: int = 0, tricks: int = 0) -> Callable[[Msg], bool]:
    """A stop condition: it is ``who``'s turn to play a card, in hand ``hand_no`` or later, after ``tricks`` tricks."""

    def stop(msg: Msg) -> bool:
        v = msg["view"]
        return (v["phase"] == "play" and v["turn"] == who
                and (v["hand_number"] - 1, len(v["tricks"])) >= (hand_no, tricks + 1))

    return stop


# ---------------------------------------------------------------- secrecy


def replay(stored: Any) -> list[State]:
    """Every state of a stored match, in its game: ``states[v]`` is the state at version ``v``."""
    from pinochle.server.undo import Line  # an undo entry (solo) takes the state back: docs/protocol.md, "Undo in solo"

    line = Line(new_match(seed=stored.seed, first_dealer=stored.first_dealer, game=stored.game))
    states = [line.state]
    for raw in stored.actions:
        states.append(line.step(raw))
    for i, s in enumerate(states):
        assert s.version == i
    return states


@functools.lru_cache(maxsize=4096)
def as_card(text: str) -> Card | None:
    """The card a string names (any case, ``10`` or ``T``, suit letters or symbols), or ``None``."""
    try:
        return Card.parse(text)
    except BadCard:
        return None


def walk(node: Any) -> list[tuple[tuple[Any, ...], str]]:
    """Every string in a JSON value (dict keys included, as ``(*path, "<key>")``) with its path."""
    out: list[tuple[tuple[Any, ...], str]] = []
    stack: list[tuple[tuple[Any, ...], Any]] = [((), node)]
    while stack:
        path, x = stack.pop()
        if isinstance(x, dict):
            for k, v in x.items():
                out.append(((*path, "<key>"), str(k)))
                stack.append(((*path, k), v))
        elif isinstance(x, list):
            stack.extend(((*path, i), v) for i, v in enumerate(x))
        elif isinstance(x, str):
            out.append((path, x))
    return out


def norm(x: Any) -> Any:
    return json.loads(json.dumps(x))


class Truth:
    """The true states of the matches in one database, replayed from their logs."""

    def __init__(self, db: Path | None, storage: Any = None) -> None:
        self.db = db
        self.own = storage is None  # a storage passed in (Redis: tests/test_cluster.py) stays open
        self.storage = SQLiteStorage(db) if storage is None else storage
        self.matches: dict[str, list[State]] = {}
        self.stored: dict[str, Any] = {}

    def states(self, match_id: str) -> list[State]:
        if match_id not in self.matches:
            stored = self.storage.load(match_id)
            assert stored is not None, f"match {match_id} is not in the database"
            self.stored[match_id] = stored
            self.matches[match_id] = replay(stored)
        return self.matches[match_id]

    def close(self) -> None:
        if self.own:
            self.storage.close()


@dataclass(frozen=True)
class Where:
    """A card's place in a message, for failure messages (formatted only when a check fails)."""

    text: str
    path: tuple[Any, ...]
    seat: Seat
    version: int

    def __str__(self) -> str:
        return f"card {self.text!r} at {'.'.join(map(str, self.path))} in the state for {self.seat} (version {self.version})"


def melding_hand(true: State, x: Seat) -> Counter[Card]:
    """The cards ``x`` held when it laid down its meld: as dealt, plus the cards passed to it, less those it passed."""
    held = Counter(unpack(true.dealt[x]))
    if true.declarer is not None and len(true.exchange) == 2 and x in (true.declarer, true.declarer.partner):
        got, gave = (true.exchange[0], true.exchange[1]) if x == true.declarer else (true.exchange[1], true.exchange[0])
        held = (held + Counter(got)) - Counter(gave)
    return held


def check_card_paths(msg: Msg, true: State, seat: Seat) -> int:
    """Every card string in a ``state`` message sits at a public path or in the recipient's own hand; how many cards.

    Allowed: ``view.hand`` and ``view.legal.play`` (within the recipient's true
    hand), ``view.melds[X]`` (within the cards X really laid down, which were
    dealt to X), ``view.tricks[t].cards[i]`` (the true play),
    ``view.exchange[i][j]`` (the cards really passed, and only to the declarer
    and its partner: the opponents never see them), ``view.received[i]`` (the
    passed cards the declarer or its partner still holds), and ``view.last_hand`` /
    ``view.history`` (finished hands).
    """
    own = Counter(unpack(true.hands[seat]))
    n = 0
    shown_by: dict[Seat, Counter[Card]] = {}
    for path, text in walk(msg):
        card = as_card(text)
        if card is None:
            continue
        n += 1
        where = Where(text, path, seat, true.version)
        assert len(path) >= 3 and path[0] == "view" and path[-1] != "<key>", f"a card outside the view: {where}"
        field = path[1]
        if field == "hand" and len(path) == 3:
            assert own[card] > 0, f"not in the recipient's hand: {where}"
        elif field == "legal" and path[2] == "play" and len(path) == 4:
            assert own[card] > 0, f"a legal card not in the recipient's hand: {where}"
        elif field == "melds" and len(path) >= 4:
            x = Seat.parse(str(path[2]))
            meld = true.melds[x]
            assert meld is not None, f"a meld card of a seat that has not melded: {where}"
            if x not in shown_by:
                shown_by[x] = Counter(meld.shown())
                held = melding_hand(true, x)
                assert all(held[c] >= k for c, k in shown_by[x].items()), f"{x} showed cards it did not hold"
            assert (path[3] == "shown" and len(path) == 5) or (
                path[3] == "melds" and path[5] == "cards" and len(path) == 7), f"unexpected meld path: {where}"
            assert shown_by[x][card] > 0, f"a meld card {x} did not lay down: {where}"
        elif field == "tricks" and len(path) == 5 and path[3] == "cards":
            t, i = int(path[2]), int(path[4])
            assert t < len(true.tricks) and i < len(true.tricks[t].cards), f"a trick card never played: {where}"
            assert true.tricks[t].cards[i] == card, f"not the card played: {where}"
        elif field == "exchange" and len(path) == 4:
            partners = () if true.declarer is None else (true.declarer, true.declarer.partner)
            assert seat in partners, f"passed cards sent to an opponent of the declarer: {where}"
            i, j = int(path[2]), int(path[3])
            assert i < len(true.exchange) and j < len(true.exchange[i]), f"a card never passed: {where}"
            assert true.exchange[i][j] == card, f"not the card passed: {where}"
        elif field == "received" and len(path) == 3:
            partners = () if true.declarer is None else (true.declarer, true.declarer.partner)
            assert seat in partners, f"received cards marked for an opponent of the declarer: {where}"
            assert own[card] > 0, f"a received card not in the recipient's hand: {where}"
            assert any(card in cards for cards in true.exchange), f"a received card never passed: {where}"
        elif field in ("last_hand", "history"):
            pass
        else:
            raise AssertionError(f"a card at a path that is not public: {where}")
    return n


def check_secrecy(db: Path | None, clients: list[Client], seats: dict[tuple[str, str], str] | None = None,
                  storage: Any = None) -> dict[str, int]:
    """Check every message every client received against the stored matches.

    For each ``state``: the versions a person is sent never go back, the view is the engine's ``view(true_state, seat)`` (but
    ``legal`` at a hand's end), its hand is the recipient's true hand, every card
    string sits at a public path or the recipient's own (see
    :func:`check_card_paths`), and the match summary is true. A ``history`` holds the records of
    finished hands only (those the stored match's last state holds, in order). No other message
    holds a card. No message holds another person's seat token.

    Args:
        db: the server's SQLite file (``None`` with ``storage``).
        clients: the people whose messages to check.
        seats: optional ``(client name, match id) -> seat`` each person must be told.
        storage: the store to read the matches from instead of ``db`` (the Redis of several processes).

    Returns:
        Counts: states checked, cards seen, messages seen, matches; and, in
        hands with a card pass, states sent to a partner with the passed cards
        (``exchange_shown``) and to an opponent without them (``exchange_hidden``).
    """
    truth = Truth(db, storage)
    counts = Counter[str]()
    try:
        for c in clients:
            others = set().union(*(o.tokens for o in clients if o is not c))
            assert not (others & c.tokens)
            client_seat: dict[str, str] = {}
            newest: dict[str, int] = {}
            for msg in c.messages:
                counts["messages"] += 1
                text = json.dumps(msg)
                for tok in others:
                    assert tok not in text, f"{c.name} was sent another person's seat token in {msg['type']}: {text[:300]}"
                if msg["type"] == "history":  # finished hands only: the records the match's end holds, in order
                    final = truth.states(msg["match"])[-1]
                    want = match_record(final)["hands"]
                    assert isinstance(want, list) and msg["hands"] == want[:len(msg["hands"])], (
                        f"{c.name}: a history of match {msg['match']} holds a hand that is not a finished hand of it")
                    counts["histories"] += 1
                    continue
                if msg["type"] != "state":
                    for path, s in walk(msg):
                        assert as_card(s) is None, f"{c.name}: card {s!r} at {path} in a {msg['type']} message"
                    continue
                mid = msg["match"]["id"]
                v = msg["view"]
                states = truth.states(mid)
                assert isinstance(v["version"], int) and 0 <= v["version"] < len(states), (
                    f"{c.name}: version {v['version']} of match {mid} is not in the stored log ({len(states) - 1} actions)")
                true = states[v["version"]]
                seat_name = msg["table"]["you"]
                assert v["seat"] == seat_name, msg["table"]
                if seats is not None and (c.name, mid) in seats:
                    assert seat_name == seats[(c.name, mid)], f"{c.name} was sent the view of {seat_name}"
                assert client_seat.setdefault(mid, seat_name) == seat_name, f"{c.name} was sent two seats' views"
                assert v["version"] >= newest.get(mid, 0), (
                    f"{c.name} was sent version {v['version']} of match {mid} after version {newest[mid]}")
                newest[mid] = v["version"]
                seat = Seat.parse(seat_name)
                counts["cards"] += check_card_paths(msg, true, seat)
                if true.exchange:  # a hand with a card pass: only the two partners are told the cards
                    assert true.declarer is not None
                    partner = seat in (true.declarer, true.declarer.partner)
                    assert ("exchange" in v) == partner, (
                        f"{c.name} ({seat_name}) {'was not' if partner else 'was'} sent the passed cards"
                        f" at version {true.version}")
                    counts["exchange_shown" if partner else "exchange_hidden"] += 1
                assert Counter(Card.parse(x) for x in v["hand"]) == Counter(unpack(true.hands[seat])), (
                    f"{c.name}: the hand is not the true hand at version {true.version}")
                expected = norm(view(true, seat).to_json())
                got = dict(v)
                if true.phase == "hand_end":
                    assert got["legal"] in ({}, {"deal": True}), got["legal"]
                    got["legal"] = expected["legal"]
                assert got == expected, (
                    f"{c.name}: the view at version {true.version} differs from view(state, {seat_name}): "
                    + str({k: (got.get(k), expected[k]) for k in expected if got.get(k) != expected[k]}))
                summary = msg["match"]
                assert (summary["hand_number"], summary["phase"]) == (true.hand_no + 1, true.phase)
                assert summary["totals"] == {"NS": true.totals[0], "EW": true.totals[1]}
                assert summary["game"] == v["game"] == truth.stored[mid].game, (summary["game"], v["game"])
                counts["states"] += 1
        counts["matches"] = len(truth.matches)
    finally:
        truth.close()
    return dict(counts)
