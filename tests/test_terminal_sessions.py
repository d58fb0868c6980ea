"""Terminal sessions keep the person's seat to themselves (the terminal at a table of 4
or 5): two matches played at once in one process, the person at different seats (a table of 5,
where the lineup moves them between E, S, W and sitting out, and a three-handed table at S), tell
exactly what each tells when played alone; and the trick prompt names the person's own seat."""

from __future__ import annotations

import io
import re
import threading

from pinochle.terminal import play_match

#: Enter at this many prompts, then the input ends: a few deals of each match.
ANSWERS = 60
SESSIONS = {"five": {"game": "auction", "players": 5, "seed": 3}, "three": {"game": "auction", "players": 3, "seed": 4}}


def _alone(name: str) -> str:
    out = io.StringIO()
    kw = SESSIONS[name]
    play_match(seed=int(kw["seed"]), save=None, stdin=io.StringIO("\n" * ANSWERS), stdout=out, level="easy",
               game=str(kw["game"]), players=int(kw["players"]))
    return out.getvalue()


class _Baton:
    """Hands the turn to read an answer back and forth between the sessions, so that each
    answers while the other is in the middle of its own hand (until one of them is done)."""

    def __init__(self, names: list[str]) -> None:
        self.cond = threading.Condition()
        self.names = names
        self.turn = names[0]
        self.done: set[str] = set()

    def wait_for(self, name: str) -> None:
        with self.cond:
            self.cond.wait_for(lambda: self.turn == name or self.done - {name}, timeout=60)

    def pass_on(self, name: str) -> None:
        with self.cond:
            self.turn = next(n for n in self.names if n != name)
            self.cond.notify_all()

    def finish(self, name: str) -> None:
        with self.cond:
            self.done.add(name)
            self.cond.notify_all()


class _TakingTurns(io.StringIO):
    """Standard input that answers Enter ``ANSWERS`` times, each when the baton says so."""

    def __init__(self, baton: _Baton, name: str) -> None:
        super().__init__("\n" * ANSWERS)
        self.baton, self.name = baton, name

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        self.baton.wait_for(self.name)
        line = super().readline()
        self.baton.pass_on(self.name)
        return line


def test_two_sessions_at_different_seats_do_not_interfere() -> None:
    alone = {name: _alone(name) for name in SESSIONS}
    baton = _Baton(list(SESSIONS))
    outs = {name: io.StringIO() for name in SESSIONS}
    status: dict[str, int] = {}

    def run(name: str) -> None:
        kw = SESSIONS[name]
        try:
            status[name] = play_match(seed=int(kw["seed"]), save=None, stdin=_TakingTurns(baton, name),
                                      stdout=outs[name], level="easy", game=str(kw["game"]),
                                      players=int(kw["players"]))
        finally:
            baton.finish(name)

    threads = [threading.Thread(target=run, args=(name,)) for name in SESSIONS]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert status == {name: 0 for name in SESSIONS}
    for name in SESSIONS:
        assert outs[name].getvalue() == alone[name], name
    # the five-handed match moved the person between seats; each trick prompt names their seat
    five = alone["five"]
    seats = set(re.findall(r"^Sitting out: .+Playing: .*([ESW]) you\b", five, re.M))
    assert len(seats) >= 2, seats
    for seat in seats:
        assert re.search(rf"^  Trick +\d+: .*  {seat} \?$", five, re.M), seat
