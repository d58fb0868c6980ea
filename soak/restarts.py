"""Restart soak: a person's move, its acknowledgement, then at once
``kill -9`` of the server, a restart on the same port and database, and a reconnect.

Each cycle:

1. the person whose move it is (a room of two people and two computer guests for the
   first half of the cycles, then solo matches of several games) sends a move (any but
   ``deal``) and waits for its acknowledgement: the ``state`` that follows it (a higher
   version: the move, and the automatic moves without a choice, such as laying meld);
2. the server process is killed with SIGKILL the moment it arrives;
3. the stored action log is read from the database the dead server left;
4. ``pinochle serve`` starts again on the same port and database, and every person
   reconnects (``hello`` with the same device and seat token) and gets ``resume``.

Checked every cycle:

- the acknowledged move is in the stored log, at its version, with the sender's seat;
- the log at the kill extends the log of the cycle before (nothing rewritten or lost),
  and the log after the restart extends the log at the kill;
- the ``resume`` each person gets is at a version the log holds (never below the log at
  the kill) and its view equals the engine's view of the replayed log at that version;
- every state a person got before the kill is at a version the log holds, and equals the
  replayed view there (what anyone was told was never lost);
- when nothing more was stored after what a person last saw, the resumed view is
  identical to it, and every seat's view (``pinochle.game.view`` of the replayed state,
  computers' seats included) is identical before the kill and after the restart;
- the server never logs a traceback.

Run::

    python -m soak.restarts --cycles 100
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pinochle.cards import Seat
from pinochle.game import Action, State, view
from pinochle.server.storage import SQLiteStorage
from tests.live_support import Client, Msg, Server, choose, norm, replay, run_async

#: the games of the solo part, in turn (a new solo match every SOLO_BLOCK cycles)
SOLO_GAMES = ("table", "cutthroat", "partnership-pass", "racehorse", "double-deck", "auction", "turned-trump", "britannica")
SOLO_BLOCK = 10


def pick(v: Msg, c: Client) -> Msg | None:
    """A legal move of ``v.legal`` other than ``deal`` (:func:`tests.live_support.choose`, plus bury)."""
    legal = v["legal"]
    if "bury" in legal:
        return {"type": "bury", "cards": legal["bury"]["cards"][: legal["bury"]["count"]]}
    move = choose(v, c.rng)
    return None if move is None or move["type"] == "deal" else move


async def solo_reconnect(c: Client) -> list[Msg]:
    """A new connection with the kept device token, then ``resume`` of the solo match: welcome .. the resumed state."""
    await c.connect()
    await c.send({"type": "hello", "device": c.device, "seat": None})
    got = [await c.expect("welcome")]
    await c.send({"type": "resume", "match": None})
    while not (got[-1]["type"] == "state" and got[-1]["event"] == "resume"):
        got.append(await c.recv())
    return got


def stored_log(db: Path, match_id: str) -> Any:
    st = SQLiteStorage(db)
    try:
        stored = st.load(match_id)
    finally:
        st.close()
    assert stored is not None, f"match {match_id} is not in the database"
    return stored


def expected_view(states: list[State], msg: Msg) -> Msg:
    """The engine's view for the recipient of ``msg`` at its version (``legal`` as sent at a hand's end,
    where it says whether this person has asked for the next deal)."""
    v = msg["view"]
    true = states[v["version"]]
    want = norm(view(true, Seat.parse(v["seat"])).to_json())
    if true.phase == "hand_end":
        assert v["legal"] in ({}, {"deal": True}), v["legal"]
        want["legal"] = v["legal"]
    return want


@dataclass
class Soak:
    server: Server
    cycles: int
    room_cycles: int
    counts: Counter[str] = field(default_factory=Counter)
    seconds: list[float] = field(default_factory=list)
    people: list[Client] = field(default_factory=list)
    match_id: str = ""
    game: str = ""
    log_before: list[dict[str, Any]] = field(default_factory=list)

    # ------------------------------------------------------------ reading
    async def drain(self, c: Client) -> None:
        """Read every message already received by ``c`` (states update ``c.last_state``)."""
        assert c.queue is not None
        while c.pending or not c.queue.empty():
            msg = await c.recv()
            if msg["type"] == "error":
                raise AssertionError(f"{c.name}: unexpected error {msg}")

    async def turn(self, timeout: float = 30.0) -> tuple[Client, Msg]:
        """Wait for a person's move in the current match (asking for the next deal when offered); who and the state."""
        deadline = time.monotonic() + timeout
        asked: set[tuple[str, int]] = set()
        while time.monotonic() < deadline:
            for c in self.people:
                await self.drain(c)
            states = [c.last_state for c in self.people if c.last_state is not None
                      and c.last_state["match"]["id"] == self.match_id]
            if states:
                newest = max(s["view"]["version"] for s in states)
                for c in self.people:
                    st = c.last_state
                    if st is None or st["match"]["id"] != self.match_id or st["view"]["version"] != newest:
                        continue
                    v = st["view"]
                    if v["phase"] == "match_end":
                        return c, st
                    if v["legal"].get("deal") and (c.name, newest) not in asked:
                        asked.add((c.name, newest))
                        await c.send({"type": "action", "match": self.match_id, "version": newest, "action": {"type": "deal"}})
                        continue
                    if pick(v, c) is not None:
                        return c, st
            await asyncio.sleep(0.01)
        raise AssertionError(f"no person's move within {timeout} s: {[c.last_state and c.last_state['view']['phase'] for c in self.people]}")

    # ------------------------------------------------------------ matches
    async def start_room(self) -> None:
        url = self.server.ws_url
        a, b = Client(url, "Ann", seed=1, pace=False), Client(url, "Bob", seed=2, pace=False)
        await a.hello()
        await b.hello()
        await a.send({"type": "create_room", "name": "Ann", "level": "easy"})
        joined = await a.expect("joined")
        a.token = joined["token"]
        await b.send({"type": "join_room", "code": joined["room"]["code"], "name": "Bob"})
        jb = await b.expect("joined", skip=("room",))
        b.token = jb["token"]
        for c in (a, b):
            await c.send({"type": "ready", "ready": True})
            await asyncio.sleep(0.1)
        await a.send({"type": "start"})
        for c in (a, b):
            st = await c.expect("state", skip=("room",))
            self.match_id = st["match"]["id"]
            c.unread(st)
        self.people = [a, b]
        self.game = "table"
        self.log_before = []

    async def start_solo(self, game: str) -> None:
        if not self.people or len(self.people) != 1:
            for c in self.people:
                await c.close()
            c = Client(self.server.ws_url, "Sol", seed=3, pace=False)
            await c.hello()
            self.people = [c]
        c = self.people[0]
        await self.drain(c)
        await c.send({"type": "new_match", "level": "easy", "game": game})
        st = await c.expect("state", lambda m: m["event"] == "start" and m["match"]["game"] == game, skip=("state",))
        self.match_id = st["match"]["id"]
        c.unread(st)
        c.last_state = None
        self.game = game
        self.log_before = []

    # ------------------------------------------------------------ one cycle
    async def cycle(self, i: int) -> None:
        c, st = await self.turn()
        v = st["view"]
        if v["phase"] == "match_end":
            assert len(self.people) == 1, "a room match ended during the soak"
            await self.start_solo(self.game)
            c, st = await self.turn()
            v = st["view"]
        move = pick(v, c)
        assert move is not None
        seat = v["seat"]
        version = v["version"]
        t0 = time.monotonic()
        await c.send({"type": "action", "match": self.match_id, "version": version, "action": move})
        # the state that follows the move (the server's automatic moves, laying meld, may come with it); a copy of
        # the state the move was made in (a room's resync after the restart, arriving late) is passed over, and
        # no newer state within the wait fails
        await c.expect("state", lambda m: int(m["view"]["version"]) >= version + 1, skip=("room", "state"))
        self.server.proc.kill()  # type: ignore[union-attr]  # SIGKILL the moment the acknowledgement arrives
        self.server.proc.wait()  # type: ignore[union-attr]
        self.server.proc = None
        seen: dict[str, list[Msg]] = {}
        for p in self.people:
            try:
                await p.wait_closed(allow=lambda m: m["type"] == "state", timeout=10)
            except AssertionError:
                raise
            seen[p.name] = [m for m in p.messages if m.get("type") == "state" and m["match"]["id"] == self.match_id]
        # the log the dead server left
        at_kill = list(stored_log(self.server.db, self.match_id).actions)
        assert at_kill[: len(self.log_before)] == self.log_before, f"cycle {i}: the log lost or changed actions"
        assert len(at_kill) >= version + 1, f"cycle {i}: the acknowledged move (version {version}) is not stored"
        sent = Action.from_json({**move, "seat": seat})
        assert Action.from_json(at_kill[version]) == sent, f"cycle {i}: stored {at_kill[version]}, sent {move} from {seat}"
        self.counts["acknowledged"] += 1
        self.counts["computer_moves_after_ack"] += len(at_kill) - (version + 1)

        self.server.start()
        resumed: dict[str, Msg] = {}
        for p in self.people:
            got = await p.reconnect() if p.token else await solo_reconnect(p)
            assert got[0]["seat"] is None or got[0]["seat"]["token"] == p.token
            resumed[p.name] = got[-1]
            assert got[-1]["match"]["id"] == self.match_id, f"{p.name} resumed another match"
        stored = stored_log(self.server.db, self.match_id)
        after = list(stored.actions)
        assert after[: len(at_kill)] == at_kill, f"cycle {i}: the restart changed the stored log"
        states = replay(stored)
        for p in self.people:
            r = resumed[p.name]
            rv = r["view"]["version"]
            assert len(at_kill) <= rv <= len(after), f"cycle {i}: {p.name} resumed at {rv}; log at the kill {len(at_kill)}"
            assert rv == states[rv].version and r["view"] == expected_view(states, r), (
                f"cycle {i}: {p.name}'s resumed view is not the replayed log's")
            for m in seen[p.name]:  # everything told before the kill is in the log
                assert m["view"]["version"] <= len(at_kill), f"cycle {i}: {p.name} was told version {m['view']['version']}, lost"
                assert m["view"] == expected_view(states, m), f"cycle {i}: {p.name} was told a state the log does not give"
            last = seen[p.name][-1]
            if last["view"]["version"] == len(at_kill) == rv:
                assert r["view"] == last["view"], f"cycle {i}: {p.name}'s view changed across the restart"
                self.counts["identical_resumes"] += 1
            self.counts["resumes"] += 1
            p.unread(r)
            p.last_state = None
            p.messages = [m for m in p.messages if m is r]  # keep memory flat; only the new connection counts
        kill_state, restart_state = replay(_with(stored, at_kill))[-1], states[len(at_kill)]
        for s in restart_state.game.seating.seats:  # every seat's view, the computers' too
            assert view(kill_state, s).to_json() == view(restart_state, s).to_json()
            self.counts["seat_views_compared"] += 1
        self.log_before = at_kill
        self.counts["cycles"] += 1
        self.counts[f"cycles_{self.game}"] += 1
        self.seconds.append(time.monotonic() - t0)

    async def run(self) -> None:
        for i in range(self.cycles):
            if i == 0 and self.room_cycles > 0:
                await self.start_room()
            elif i >= self.room_cycles and (i - self.room_cycles) % SOLO_BLOCK == 0:
                await self.start_solo(SOLO_GAMES[(i - self.room_cycles) // SOLO_BLOCK % len(SOLO_GAMES)])
            try:
                await self.cycle(i)
            except AssertionError as err:
                raise AssertionError(f"cycle {i} ({self.game}, match {self.match_id}): {err}") from err
        for c in self.people:
            await c.close()


def _with(stored: Any, actions: list[dict[str, Any]]) -> Any:
    from dataclasses import replace

    return replace(stored, actions=tuple(actions))


def soak(cycles: int, room_cycles: int | None = None, tmp: Path | None = None) -> dict[str, Any]:
    """Run ``cycles`` kill -9 cycles (the first ``room_cycles`` in a room of two people; default half).

    Returns:
        Counts (``cycles``, ``acknowledged``, ``resumes``, ``identical_resumes``, ...), ``seconds`` (wall)
        and ``per_cycle`` (mean seconds from a move to the reconnected resume).

    Raises:
        AssertionError: a check failed (the message says which cycle and what).
    """
    with tempfile.TemporaryDirectory() as d:
        server = Server(tmp or Path(d), name="restarts")
        server.start()
        s = Soak(server, cycles, cycles // 2 if room_cycles is None else room_cycles)
        t0 = time.monotonic()
        try:
            run_async(s.run, timeout=60 + 30 * cycles)
        finally:
            if server.proc is not None:
                server.stop()
        log = server.log_text()
        assert "Traceback" not in log, f"the server logged a traceback:\n{log[-3000:]}"
        return {**s.counts, "seconds": time.monotonic() - t0,
                "per_cycle": sum(s.seconds) / max(1, len(s.seconds)), "starts": server.starts}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cycles", type=int, default=100)
    ap.add_argument("--room-cycles", type=int, default=None, help="cycles in the room before the solo ones (default: half)")
    args = ap.parse_args(argv)
    out = soak(args.cycles, args.room_cycles)
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
