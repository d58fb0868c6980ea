"""Load as people make it: private-room tables of people who each move 1-3 s after their turn comes.

Each table is a private room (docs/protocol.md, Rooms): one person creates it,
the others join with its code, everyone says Ready and the creator starts. With
``--people 4`` every seat is a person; with fewer, the open seats are computer
guests (``--level``) moving at the server's pace (``--bot-delay``, 0.7 s by
default). Every person is a WebSocket client (the ``websockets`` library) that
behaves as the browser does: it says hello, sends the heartbeat's
``{"type":"ping"}`` as the browser does (docs/protocol.md, "Heartbeat": after
2 s without a message, or 5 s without sending one; ``--heartbeat every`` for a
ping every 2 s whatever it hears, as the browser did before, ``--heartbeat none``
to leave it out), offers per-message deflate, and answers its turn after a delay
drawn uniformly from ``--think`` (1-3 s) with a random legal move (a pass more
often than a bid, so that auctions end). At a hand's end every person asks for
the next hand in the same way.

Measured over a window (``--seconds``) that starts ``--warmup`` seconds after
every table was opened (``--ramp``):

- action->update latency p50/p95/p99/max: from sending a move to receiving the
  ``state`` with the higher version (for ``deal`` at a hand's end: the state that
  shows this person's ``next_ready``);
- server CPU per action: user+system time of the server processes
  (/proc/PID/stat, all threads) over the window, divided by the actions the
  tables made in it (every version step: people's, computers' and the automatic
  meld) and by the people's moves alone;
- memory per table: the server's RSS growth from before the first table to the
  window's end, divided by the tables (4 sockets each);
- messages: received by the clients per second and per person's move, and their
  mean size (the JSON text, before any compression);
- the clients' own event-loop lag (p99, max), so that a saturated load
  generator is not mistaken for a slow server.

The server is started here (``pinochle serve`` on a free port, SQLite in a
temporary directory) unless ``--url`` is given; ``--url`` may be repeated for a
service of several processes (the members of one table are spread over the
URLs, so that a room created through one process is joined through the
others), with ``--pid`` for each process whose CPU and memory are read
(optional), and ``--redis-pid`` for the redis-server they share, whose CPU and
memory are reported apart from the server's. Every client connects to 127.0.0.1 only; each table presents its
own client address in ``X-Forwarded-For`` (trusted from 127.0.0.1, uvicorn's
default), so that the per-address limit on new devices (100 an hour) is not
what is measured. ``--profile FILE`` records the server with py-spy during the
window (``py-spy record -f raw -r 200``). ``--workers`` spreads the clients over
several client processes.

    .venv/bin/python benchmarks/load.py --tables 100 [--people 4] [--seconds 60] [--warmup 10]
        [--ramp 20] [--workers 1] [--uvloop-path DIR] [--level easy] [--profile prof.txt] [--json]
        [--serve-arg=--bot-delay=0.7]
    .venv/bin/python benchmarks/load.py --tables 200 --url ws://127.0.0.1:8001/ws --pid 1234 \\
        --url ws://127.0.0.1:8002/ws --pid 1235 --redis-pid 1233
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parent.parent
TICKS = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")
PING = json.dumps({"type": "ping"}, separators=(",", ":"))  # as the browser's JSON.stringify writes it


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> tuple[float, float]:
    """User and system CPU seconds of process ``pid`` (all its threads), from /proc/PID/stat."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) / TICKS, int(fields[12]) / TICKS  # utime, stime (fields 14 and 15)


def rss_bytes(pid: int) -> int:
    """Resident memory of process ``pid`` (bytes), from /proc/PID/statm."""
    with open(f"/proc/{pid}/statm") as f:
        return int(f.read().split()[1]) * PAGE


def loadavg() -> float:
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def choose(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal move from the view's ``legal`` (docs/protocol.md): a pass three times in four
    when bidding is open, so that auctions end; play on rather than concede."""
    legal = view["legal"]
    if "deal" in legal:
        return {"type": "deal"}
    if "bid" in legal and legal["bid"] and ("pass" not in legal or rng.random() < 0.25):
        return {"type": "bid", "bid": legal["bid"]["min"]}
    if "pass" in legal:
        return {"type": "pass"}
    if "trump" in legal:
        return {"type": "trump", "suit": rng.choice(legal["trump"])}
    if "play" in legal:
        return {"type": "play", "card": rng.choice(legal["play"])}
    if "give" in legal:
        return {"type": "give", "cards": rng.sample(view["hand"], legal["give"]["count"])}
    if "play_on" in legal:
        return {"type": "play_on"}
    if "bury" in legal:
        return {"type": "bury", "cards": rng.sample(legal["bury"]["cards"], legal["bury"]["count"])}
    if "concede" in legal:
        return {"type": "concede"}
    raise ValueError(f"no move in {legal}")


@dataclass
class Stats:
    """What one client process saw (times are Unix seconds)."""

    samples: list[tuple[float, float, str]] = field(default_factory=list)  # (sent at, latency s, move type)
    received: list[tuple[float, int]] = field(default_factory=list)  # (at, characters) per message
    sent: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    lag: list[tuple[float, float]] = field(default_factory=list)  # (at, seconds late)
    started: int = 0  # tables whose match started
    failed: int = 0  # tables that could not be set up
    versions: dict[int, int] = field(default_factory=dict)  # table -> highest version seen
    snapshots: dict[str, int] = field(default_factory=dict)  # "start"/"end" -> sum of versions
    cpu: dict[str, float] = field(default_factory=dict)  # "start"/"end" -> this client process's CPU seconds


class Person:
    """One browser tab at one table."""

    def __init__(self, table: TableRun, member: int, url: str) -> None:
        self.table = table
        self.member = member
        self.url = url
        self.ws: ClientConnection | None = None
        self.rng = random.Random(table.rng.random())
        self.version = -1  # the latest state's version
        self.view: dict[str, Any] | None = None
        self.match: str | None = None
        self.you: str | None = None
        self.scheduled: tuple[int, bool] | None = None  # (version, ready asked) a move is planned for
        self.pending: tuple[float, float, int, str] | None = None  # (perf, wall, version, type) awaiting its update
        self.last_heard = time.monotonic()  # when a message last came (the heartbeat pings after 2 s of silence)
        self.last_sent = time.monotonic()
        self.joined = asyncio.Event()
        self.started_sent = False
        self.tasks: set[asyncio.Task[None]] = set()

    async def send(self, msg: dict[str, Any] | str) -> None:
        assert self.ws is not None
        await self.ws.send(msg if isinstance(msg, str) else json.dumps(msg))
        self.table.stats.sent += 1
        self.last_sent = time.monotonic()

    async def beat(self) -> None:
        """The heartbeat until the window ends: every 2 s (``every``), or as the browser pings (``browser``)."""
        t = self.table
        last_ping = 0.0
        while time.time() < t.end:
            if t.heartbeat == "every":
                await asyncio.sleep(min(2.0, max(0.0, t.end - time.time())))
                if time.time() < t.end:
                    await self.send(PING)
                continue
            await asyncio.sleep(0.5)
            now = time.monotonic()
            quiet = now - self.last_heard >= 2.0 and now - last_ping >= 2.0
            if time.time() < t.end and (quiet or now - self.last_sent >= 5.0):
                last_ping = now
                await self.send(PING)

    async def run(self) -> None:
        t = self.table
        headers = {"X-Forwarded-For": t.address}
        async with connect(self.url, max_size=2**20, additional_headers=headers, open_timeout=60,
                           compression=None if t.plain else "deflate", ping_interval=None) as ws:
            self.ws = ws
            await self.send({"type": "hello", "device": None})
            if self.member == 0:
                await self.send({"type": "create_room", "name": f"T{t.index}", "level": t.level})
            else:
                code = await t.code
                await self.send({"type": "join_room", "code": code, "name": f"T{t.index}p{self.member}"})
            reader = asyncio.create_task(self.read())
            try:
                await asyncio.wait_for(self.joined.wait(), 60)
                await self.send({"type": "ready", "ready": True})
                if t.heartbeat != "none":
                    await self.beat()
                else:
                    await asyncio.sleep(max(0.0, t.end - time.time()))
            finally:
                reader.cancel()
                for task in list(self.tasks):
                    task.cancel()

    async def read(self) -> None:
        assert self.ws is not None
        stats = self.table.stats
        async for raw in self.ws:
            now = time.time()
            self.last_heard = time.monotonic()
            stats.received.append((now, len(raw)))
            msg = json.loads(raw)
            kind = msg.get("type")
            if kind == "pong":
                continue
            if kind == "joined":
                if self.member == 0 and not self.table.code.done():
                    self.table.code.set_result(msg["room"]["code"])
                self.joined.set()
            elif kind == "room":
                self.room(msg["room"])
            elif kind == "state":
                self.state(msg, now)
            elif kind == "error":
                stats.errors[str(msg.get("code"))] += 1
                if self.pending is not None:
                    self.pending = None
                    self.scheduled = None
                    if self.view is not None and self.view["legal"]:
                        self.plan(self.view, self.version)

    def room(self, room: dict[str, Any]) -> None:
        if self.member != 0 or self.started_sent:
            return
        members = [m for m in room["seats"].values() if m is not None]
        if len(members) == self.table.people and all(m["ready"] for m in members) and room["phase"] == "lobby":
            self.started_sent = True
            self.spawn(self.send({"type": "start"}))

    def spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def state(self, msg: dict[str, Any], now: float) -> None:
        t = self.table
        view = msg["view"]
        version = int(view["version"])
        if msg.get("event") == "start" and not t.started:
            t.started = True
            t.stats.started += 1
        t.stats.versions[t.index] = max(t.stats.versions.get(t.index, 0), version)
        self.match = msg["match"]["id"]
        self.you = msg["table"]["you"]
        asked = bool(self.you is not None and msg["table"]["seats"].get(self.you, {}).get("next_ready"))
        if self.pending is not None:
            perf, wall, sent_version, move = self.pending
            if version > sent_version or (move == "deal" and asked):
                t.stats.samples.append((wall, time.perf_counter() - perf, move))
                self.pending = None
        self.version, self.view = version, view
        if view["legal"] and self.pending is None and msg["match"]["phase"] != "match_end":
            if self.scheduled != (version, asked):
                self.plan(view, version)

    def plan(self, view: dict[str, Any], version: int) -> None:
        self.scheduled = (version, False)
        delay = self.rng.uniform(*self.table.think)
        self.spawn(self.move_after(delay, version))

    async def move_after(self, delay: float, version: int) -> None:
        await asyncio.sleep(delay)
        if self.version != version or self.view is None or not self.view["legal"] or self.pending is not None:
            return
        if time.time() >= self.table.end:
            return
        action = choose(self.view, self.rng)
        self.pending = (time.perf_counter(), time.time(), version, action["type"])
        await self.send({"type": "action", "match": self.match, "version": version, "action": action})


class TableRun:
    """One room: its people, its code, when it opens."""

    def __init__(self, index: int, urls: list[str], people: int, level: str, think: tuple[float, float],
                 end: float, stats: Stats, heartbeat: str, plain: bool, seed: int) -> None:
        self.index = index
        self.urls = urls
        self.people = people
        self.level = level
        self.think = think
        self.end = end
        self.stats = stats
        self.heartbeat = heartbeat
        self.plain = plain
        self.rng = random.Random(seed * 1_000_003 + index)
        self.address = f"10.{(index >> 16) & 255}.{(index >> 8) & 255}.{index & 255}"
        self.code: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        self.started = False

    async def run(self, at: float) -> None:
        await asyncio.sleep(max(0.0, at - time.time()))
        people = [Person(self, m, self.urls[(self.index + m) % len(self.urls)]) for m in range(self.people)]
        results = await asyncio.gather(*(p.run() for p in people), return_exceptions=True)
        failures = [r for r in results if isinstance(r, BaseException)]
        if failures:
            self.stats.failed += 1
            self.stats.errors[f"client: {type(failures[0]).__name__}: {str(failures[0])[:80]}"] += 1


@dataclass
class Plan:
    """What one client process runs (times are Unix seconds)."""

    tables: list[int]
    urls: list[str]
    people: int
    level: str
    think: tuple[float, float]
    begin: float  # the first table opens
    ramp: float  # tables open evenly over this many seconds
    window: tuple[float, float]
    heartbeat: str
    plain: bool
    seed: int
    total_tables: int


async def run_plan(plan: Plan) -> Stats:
    stats = Stats()
    end = plan.window[1]

    async def lag() -> None:
        while time.time() < end:
            before = time.perf_counter()
            await asyncio.sleep(0.05)
            stats.lag.append((time.time(), time.perf_counter() - before - 0.05))

    async def snapshot(name: str, at: float) -> None:
        await asyncio.sleep(max(0.0, at - time.time()))
        stats.snapshots[name] = sum(stats.versions.values())
        stats.cpu[name] = time.process_time()

    tables = [TableRun(i, plan.urls, plan.people, plan.level, plan.think, end, stats, plan.heartbeat,
                       plan.plain, plan.seed) for i in plan.tables]
    step = plan.ramp / max(1, plan.total_tables)
    await asyncio.gather(lag(), snapshot("start", plan.window[0]), snapshot("end", plan.window[1]),
                         *(t.run(plan.begin + t.index * step) for t in tables))
    return stats


def worker(plan: Plan, out: Any, uvloop_path: str | None) -> None:
    if uvloop_path is not None:  # a cheaper event loop for the clients only (the server's venv decides its own)
        sys.path.insert(0, uvloop_path)
        import uvloop

        uvloop.install()
    out.send(asyncio.run(run_plan(plan)))
    out.close()


def pct(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def start_server(db: str, extra: list[str]) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "pinochle.cli", "serve", "--port", str(port), "--db", db, *extra],
                            cwd=ROOT, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1).read()
            return proc, f"ws://127.0.0.1:{port}/ws"
        except OSError:
            if proc.poll() is not None:
                raise SystemExit("the server did not start") from None
            time.sleep(0.1)
    proc.terminate()
    raise SystemExit("the server did not answer /health")


def measure(args: argparse.Namespace, urls: list[str], pids: list[int], redis: int | None = None) -> dict[str, Any]:
    begin = time.time() + 1.0
    window = (begin + args.ramp + args.warmup, begin + args.ramp + args.warmup + args.seconds)
    workers = max(1, min(args.workers, args.tables))
    plans = [Plan(list(range(w, args.tables, workers)), urls, args.people, args.level, (args.think[0], args.think[1]),
                  begin, args.ramp, window, args.heartbeat, args.no_compression, args.seed, args.tables)
             for w in range(workers)]
    rss0 = [rss_bytes(p) for p in pids]
    redis_rss0 = rss_bytes(redis) if redis is not None else 0
    redis_cpu0: tuple[float, float] | None = None
    ctx = multiprocessing.get_context("fork")
    pipes, procs = [], []
    for plan in plans:
        mine, theirs = ctx.Pipe(duplex=False)
        proc = ctx.Process(target=worker, args=(plan, theirs, args.uvloop_path), daemon=True)
        proc.start()
        pipes.append(mine)
        procs.append(proc)
    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

    profiler = None
    cpu0: list[float] = []
    loads: list[float] = []
    total = window[1] - time.time()
    with Progress(TextColumn("{task.description}"), BarColumn(), TimeRemainingColumn(),
                  disable=args.json or not sys.stderr.isatty(), transient=True) as bar:
        task = bar.add_task(f"{args.tables} tables: opening", total=total)
        while time.time() < window[1]:
            now = time.time()
            if not cpu0 and now >= window[0]:
                cpu0 = [cpu_seconds(p) for p in pids]
                redis_cpu0 = cpu_seconds(redis) if redis is not None else None
                bar.update(task, description=f"{args.tables} tables: measuring")
                if args.profile and pids:
                    profiler = subprocess.Popen(
                        [str(Path(sys.executable).parent / "py-spy"), "record", "-p", str(pids[0]), "-d",
                         str(int(args.seconds)), "-r", "200", "-f", "raw", "-o", args.profile, "--nonblocking"],
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if cpu0:
                loads.append(loadavg())
            bar.update(task, completed=total - (window[1] - now))
            time.sleep(min(0.5, max(0.0, window[1] - now)))
    cpu1 = [cpu_seconds(p) for p in pids]
    rss1 = [rss_bytes(p) for p in pids]
    redis_cpu = sum(cpu_seconds(redis)) - sum(redis_cpu0) if redis is not None and redis_cpu0 else None
    redis_rss1 = rss_bytes(redis) if redis is not None else 0
    parts: list[Stats] = []
    for pipe, proc in zip(pipes, procs):
        if pipe.poll(120):
            parts.append(pipe.recv())
        proc.join(30)
    if profiler is not None:
        profiler.wait(60)
    lo, hi = window
    lat = sorted(s for p in parts for (at, s, _) in p.samples if lo <= at < hi)
    moves = len(lat)
    actions = sum(p.snapshots.get("end", 0) - p.snapshots.get("start", 0) for p in parts)
    recv = [(at, n) for p in parts for (at, n) in p.received if lo <= at < hi]
    lags = sorted(s for p in parts for (at, s) in p.lag if lo <= at < hi)
    cpu = sum(map(sum, cpu1)) - sum(map(sum, cpu0)) if cpu0 else float("nan")
    system = sum(c[1] for c in cpu1) - sum(c[1] for c in cpu0) if cpu0 else float("nan")
    errors: Counter[str] = Counter()
    for p in parts:
        errors.update(p.errors)
    return {
        "tables": args.tables,
        "people": args.people,
        "processes": len(urls),
        "heartbeat": args.heartbeat,
        "seconds": args.seconds,
        "started": sum(p.started for p in parts),
        "failed": sum(p.failed for p in parts),
        "moves": moves,
        "moves_per_s": round(moves / args.seconds, 1),
        "actions": actions,
        "p50_ms": round(1000 * pct(lat, 0.50), 1),
        "p95_ms": round(1000 * pct(lat, 0.95), 1),
        "p99_ms": round(1000 * pct(lat, 0.99), 1),
        "max_ms": round(1000 * lat[-1], 1) if lat else None,
        "cpu_percent": round(100 * cpu / args.seconds, 1) if pids else None,
        "system_percent": round(100 * system / args.seconds, 1) if pids else None,
        "cpu_ms_per_action": round(1000 * cpu / actions, 2) if pids and actions else None,
        "cpu_ms_per_move": round(1000 * cpu / moves, 2) if pids and moves else None,
        "rss_mb": round(sum(rss1) / 2**20, 1) if pids else None,
        "kb_per_table": round((sum(rss1) - sum(rss0)) / 1024 / args.tables, 1) if pids else None,
        "redis_cpu_percent": round(100 * redis_cpu / args.seconds, 1) if redis_cpu is not None else None,
        "redis_cpu_ms_per_action": round(1000 * redis_cpu / actions, 2) if redis_cpu is not None and actions else None,
        "redis_kb_per_table": round((redis_rss1 - redis_rss0) / 1024 / args.tables, 1) if redis is not None else None,
        "messages_per_s": round(len(recv) / args.seconds, 1),
        "messages_per_move": round(len(recv) / moves, 1) if moves else None,
        "mean_message_chars": round(statistics.fmean(n for _, n in recv)) if recv else None,
        "client_cpu_percent": round(100 * sum(p.cpu.get("end", 0) - p.cpu.get("start", 0) for p in parts)
                                    / args.seconds, 1),
        "client_lag_p99_ms": round(1000 * pct(lags, 0.99), 1),
        "client_lag_max_ms": round(1000 * lags[-1], 1) if lags else None,
        "load_avg": round(statistics.fmean(loads), 2) if loads else None,
        "errors": dict(errors),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--people", type=int, default=4, choices=(1, 2, 3, 4),
                    help="people per table; the other seats are computer guests (default 4)")
    ap.add_argument("--level", default="easy", choices=("easy", "normal", "hard"), help="computer guests' level")
    ap.add_argument("--think", type=float, nargs=2, default=(1.0, 3.0), metavar=("MIN", "MAX"),
                    help="a person moves this many seconds after their turn comes, uniformly (default 1 3)")
    ap.add_argument("--seconds", type=float, default=60.0, help="the measured window (default 60)")
    ap.add_argument("--warmup", type=float, default=10.0, help="seconds between the last table opening and the window")
    ap.add_argument("--ramp", type=float, default=None, help="tables open evenly over this many seconds "
                    "(default: tables / 25, at least 2)")
    ap.add_argument("--workers", type=int, default=1, help="client processes (default 1)")
    ap.add_argument("--url", action="append", default=[], help="a running server's WebSocket URL (repeatable)")
    ap.add_argument("--pid", action="append", type=int, default=[], help="a server process to read CPU and memory of")
    ap.add_argument("--redis-pid", type=int, default=None,
                    help="the redis-server behind --url: its CPU and memory are reported apart from the servers'")
    ap.add_argument("--serve-arg", action="append", default=[], help="an argument for the started `pinochle serve`")
    ap.add_argument("--profile", default=None, help="py-spy raw profile of the (first) server over the window")
    ap.add_argument("--heartbeat", choices=("browser", "every", "none"), default="browser",
                    help="ping as the browser does (after 2 s without a message or 5 s without sending one), "
                         "every 2 s whatever comes (as the browser did before), or never")
    ap.add_argument("--no-compression", action="store_true", help="do not offer per-message deflate")
    ap.add_argument("--uvloop-path", default=None, metavar="DIR",
                    help="run the clients on uvloop imported from DIR (pip install --target DIR uvloop): cheaper "
                         "clients, while the server runs on whatever loop its own environment has")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()
    if args.ramp is None:
        args.ramp = max(2.0, args.tables / 25)
    if any(not u.startswith(("ws://127.0.0.1", "ws://localhost")) for u in args.url):
        raise SystemExit("load is sent to 127.0.0.1 only")
    if args.url:
        result = measure(args, args.url, args.pid, args.redis_pid)
    else:
        tmp = tempfile.mkdtemp(prefix="pinochle-load-")
        proc, url = start_server(f"{tmp}/load.db", args.serve_arg)
        try:
            result = measure(args, [url], [proc.pid])
        finally:
            proc.terminate()
            proc.wait(10)
            shutil.rmtree(tmp, ignore_errors=True)
    if args.json:
        print(json.dumps(result))
        return
    print(f"{result['tables']} tables of {result['people']} people ({result['started']} started, {result['failed']} failed), "
          f"{result['seconds']:.0f} s, load average {result['load_avg']}")
    print(f"  {result['moves']} moves ({result['moves_per_s']}/s), {result['actions']} actions: "
          f"p50 {result['p50_ms']} ms, p95 {result['p95_ms']} ms, p99 {result['p99_ms']} ms, max {result['max_ms']} ms")
    print(f"  server CPU {result['cpu_percent']}% ({result['system_percent']}% in the kernel) = {result['cpu_ms_per_action']} ms per action, "
          f"{result['cpu_ms_per_move']} ms per move; RSS {result['rss_mb']} MB, {result['kb_per_table']} KiB per table")
    print(f"  {result['messages_per_s']} messages/s received, {result['messages_per_move']} per move, "
          f"{result['mean_message_chars']} characters each; clients' CPU {result['client_cpu_percent']}%, lag p99 {result['client_lag_p99_ms']} ms, "
          f"max {result['client_lag_max_ms']} ms")
    if result["redis_cpu_percent"] is not None:
        print(f"  redis-server CPU {result['redis_cpu_percent']}% = {result['redis_cpu_ms_per_action']} ms per action; "
              f"{result['redis_kb_per_table']} KiB per table")
    if result["errors"]:
        print(f"  errors: {result['errors']}")


if __name__ == "__main__":
    main()
