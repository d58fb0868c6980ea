"""Across processes: how long a person's move takes to reach the person on the other process.

Starts a ``redis-server`` (on a free port, nothing saved to disk) and ``--processes`` processes of
``pinochle serve --redis`` (``--bot-delay 0``), then ``--rooms`` private rooms: Ann creates each
through the first process, Bob joins through the second (the same one with ``--processes 1``), and
computers take East and West. Each person plays the first legal move whenever it is their turn, for
``--moves`` moves. Every person's move is timed from sending the ``action`` to

- ``own``: the mover's own socket receiving the new version (applied where the socket is: checked,
  appended to Redis, published), and
- ``partner``: the partner's socket, on the other process, receiving it (the notice through Redis
  pub/sub, ``actions_since`` there, the partner's view built there).

    .venv/bin/python benchmarks/cluster.py [--rooms 10] [--moves 30] [--processes 2] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_http(url: str, proc: subprocess.Popen[bytes], what: str) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=1):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"{what} did not answer within 20 s")


def first_move(legal: dict[str, Any]) -> dict[str, Any] | None:
    if "pass" in legal:
        return {"type": "pass"}
    if "bid" in legal:
        return {"type": "bid", "bid": legal["bid"]["min"]}
    if "trump" in legal:
        return {"type": "trump", "suit": legal["trump"][0]}
    if "play" in legal:
        return {"type": "play", "card": legal["play"][0]}
    if "deal" in legal:
        return {"type": "deal"}
    return None


class Person:
    def __init__(self, url: str, name: str) -> None:
        self.url, self.name = url, name
        self.ws: Any = None
        self.seen: dict[tuple[str, int], float] = {}  # (match, version) -> when first received
        self.sent: dict[tuple[str, int], float] = {}  # (match, version the move was made at) -> when sent
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    async def open(self) -> None:
        self.ws = await connect(self.url, max_size=None, ping_interval=None)
        asyncio.get_running_loop().create_task(self._read())
        await self.ws.send(json.dumps({"type": "hello", "device": None, "seat": None}))
        await self.expect("welcome")

    async def _read(self) -> None:
        async for raw in self.ws:
            msg = json.loads(raw)
            if msg["type"] == "state":
                self.seen.setdefault((msg["match"]["id"], msg["view"]["version"]), time.perf_counter())
            await self.inbox.put(msg)

    async def expect(self, kind: str) -> dict[str, Any]:
        while True:
            msg = await asyncio.wait_for(self.inbox.get(), 20)
            if msg["type"] == kind:
                return msg

    async def play(self, moves: int) -> None:
        made = 0
        last = 0.0
        while made < moves:
            msg = await asyncio.wait_for(self.inbox.get(), 30)
            if msg["type"] != "state" or msg["view"]["phase"] == "match_end":
                continue
            key = (msg["match"]["id"], msg["view"]["version"])
            move = first_move(msg["view"]["legal"])
            if move is None or key in self.sent:
                continue
            await asyncio.sleep(max(0.0, last + 0.12 - time.perf_counter()))  # under the rate limit
            last = time.perf_counter()
            self.sent[key] = last
            await self.ws.send(json.dumps({"type": "action", "match": key[0], "version": key[1], "action": move}))
            made += 1


async def room(ann: Person, bob: Person) -> None:
    await ann.open()
    await bob.open()
    await ann.ws.send(json.dumps({"type": "create_room", "name": "Ann", "level": "easy"}))
    code = (await ann.expect("joined"))["room"]["code"]
    await bob.ws.send(json.dumps({"type": "join_room", "code": code, "name": "Bob"}))
    await bob.expect("joined")
    for p in (ann, bob):
        await p.ws.send(json.dumps({"type": "ready", "ready": True}))
    await asyncio.sleep(0.3)
    await ann.ws.send(json.dumps({"type": "start"}))


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))] * 1000


async def run(urls: list[str], rooms: int, moves: int) -> dict[str, Any]:
    pairs = [(Person(urls[0], "Ann"), Person(urls[1 % len(urls)], "Bob")) for _ in range(rooms)]
    await asyncio.gather(*(room(a, b) for a, b in pairs))
    await asyncio.gather(*(p.play(moves) for pair in pairs for p in pair))
    own: list[float] = []
    partner: list[float] = []
    for pair in pairs:
        for mover, other in (pair, pair[::-1]):
            for (match, version), sent in mover.sent.items():
                got = [t for (m, v), t in mover.seen.items() if m == match and v > version]
                if got:
                    own.append(min(got) - sent)
                got = [t for (m, v), t in other.seen.items() if m == match and v > version]
                if got:
                    partner.append(min(got) - sent)
    return {"processes": len(urls), "rooms": rooms, "moves": len(own),
            "own_ms": {"p50": pct(own, 50), "p95": pct(own, 95), "p99": pct(own, 99)},
            "partner_ms": {"p50": pct(partner, 50), "p95": pct(partner, 95), "p99": pct(partner, 99)}}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rooms", type=int, default=10)
    ap.add_argument("--moves", type=int, default=30, help="moves per person")
    ap.add_argument("--processes", type=int, default=2, choices=(1, 2))
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    binary = shutil.which("redis-server")
    if binary is None:
        print("redis-server is not installed (apt-get install redis-server)", file=sys.stderr)
        return 1
    procs: list[subprocess.Popen[bytes]] = []
    with tempfile.TemporaryDirectory() as tmp:
        try:
            rport = free_port()
            procs.append(subprocess.Popen([binary, "--port", str(rport), "--bind", "127.0.0.1", "--save", "",
                                           "--appendonly", "no", "--dir", tmp], stdout=subprocess.DEVNULL))
            time.sleep(0.3)
            urls = []
            for i in range(args.processes):
                port = free_port()
                proc = subprocess.Popen([sys.executable, "-m", "pinochle.cli", "serve", "--port", str(port),
                                         "--bot-delay", "0", "--redis", f"redis://127.0.0.1:{rport}/0"],
                                        cwd=ROOT, stderr=subprocess.DEVNULL)
                procs.append(proc)
                wait_http(f"http://127.0.0.1:{port}/health", proc, f"process {i}")
                urls.append(f"ws://127.0.0.1:{port}/ws")
            out = asyncio.run(run(urls, args.rooms, args.moves))
        finally:
            for proc in procs:
                proc.terminate()
            for proc in procs:
                proc.wait(timeout=15)
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{out['processes']} process(es), {out['rooms']} rooms, {out['moves']} person moves timed")
        for k in ("own_ms", "partner_ms"):
            d = out[k]
            print(f"  {k[:-3]:8} p50 {d['p50']:.1f} ms  p95 {d['p95']:.1f} ms  p99 {d['p99']:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
