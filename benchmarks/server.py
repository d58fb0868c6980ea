"""Server round trip: how long a person waits between sending a move and seeing it applied.

Starts ``pinochle serve`` (uvicorn, SQLite in a temp directory, ``--bot-delay 0``)
and opens ``--clients`` WebSocket clients (the ``websockets`` library), each in
its own solo match against three Easy computer players. Each client plays
``--moves`` moves (always the first legal one) and times every move from
sending the ``action`` to receiving the ``state`` with a higher version (the
move validated by the engine, appended to SQLite and broadcast). Computer
moves in between are not timed. Clients pace themselves under the
per-connection rate limit (10 messages a second).

    .venv/bin/python benchmarks/server.py [--clients 20] [--moves 40] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
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


def choose(legal: dict[str, Any]) -> dict[str, Any]:
    if "pass" in legal:
        return {"type": "pass"}
    if "trump" in legal:
        return {"type": "trump", "suit": legal["trump"][0]}
    if "play" in legal:
        return {"type": "play", "card": legal["play"][0]}
    return {"type": "deal"}


async def client(url: str, moves: int, times: list[float]) -> None:
    async with connect(url, max_size=2**20) as ws:
        await ws.send(json.dumps({"type": "hello", "device": None}))
        await ws.send(json.dumps({"type": "new_match", "level": "easy"}))
        current: dict[str, Any] | None = None
        while moves > 0:
            if current is None or current["type"] != "state" or not current["view"]["legal"]:
                current = json.loads(await asyncio.wait_for(ws.recv(), 30))
                continue
            v = current["view"]
            sent = time.perf_counter()
            await ws.send(json.dumps({"type": "action", "match": current["match"]["id"], "version": v["version"],
                                      "action": choose(v["legal"])}))
            while True:
                reply = json.loads(await asyncio.wait_for(ws.recv(), 30))
                if reply["type"] == "error":
                    raise RuntimeError(reply)
                if reply["type"] == "state" and reply["view"]["version"] > v["version"]:
                    break
            times.append(time.perf_counter() - sent)
            moves -= 1
            current = reply
            await asyncio.sleep(0.12)  # under the rate limit


async def run(url: str, clients: int, moves: int) -> list[float]:
    times: list[float] = []
    await asyncio.gather(*(client(url, moves, times) for _ in range(clients)))
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--moves", type=int, default=40)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.Popen(
            [sys.executable, "-m", "pinochle.cli", "serve", "--port", str(port), "--db", f"{tmp}/bench.db",
             "--bot-delay", "0"], cwd=ROOT, stderr=subprocess.DEVNULL)
        try:
            for _ in range(100):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1).read()
                    break
                except OSError:
                    time.sleep(0.1)
            start = time.perf_counter()
            times = asyncio.run(run(f"ws://127.0.0.1:{port}/ws", args.clients, args.moves))
            wall = time.perf_counter() - start
        finally:
            proc.terminate()
            proc.wait(10)
    times.sort()
    result = {
        "clients": args.clients,
        "moves": len(times),
        "p50_ms": round(1000 * statistics.median(times), 1),
        "p95_ms": round(1000 * times[int(0.95 * (len(times) - 1))], 1),
        "max_ms": round(1000 * times[-1], 1),
        "wall_s": round(wall, 1),
    }
    print(json.dumps(result) if args.json else
          f"{result['moves']} timed moves by {args.clients} clients: p50 {result['p50_ms']} ms, "
          f"p95 {result['p95_ms']} ms, max {result['max_ms']} ms ({result['wall_s']} s)")


if __name__ == "__main__":
    main()
