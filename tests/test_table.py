"""The table driver's decisions: who moves next and when, under a fake clock.

``Table.decide`` is pure given the state, the clock and who is connected, so
the away rule, the move timer, the pacing of computer guests and the
next-hand readiness are checked here without sockets or sleeping.
"""

from __future__ import annotations

from typing import Any

import pytest

from pinochle.cards import Seat
from pinochle.game import Action, State, apply, legal_actions, turn
from pinochle.server.storage import SeatRecord, SQLiteStorage
from pinochle.server.table import MELD_PAUSE, Hub, Table, TableOptions, timed_out_move


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


async def _noop(msg: dict[str, object]) -> None:
    return None


def make_table(options: TableOptions, people: dict[Seat, str], connected: set[str], bot_delay: float = 1.0,
               seed: int = 7) -> tuple[Table, Clock, Hub]:
    store = SQLiteStorage(":memory:")
    seats = [SeatRecord(people.get(s), f"seat {s}") for s in Seat]
    store.create_match("m1", "ROOM", "easy", seed, 0, "room", seats, options.to_json())
    hub = Hub()
    for token in connected:
        hub.subscribe(token, _noop)
    clock = Clock()
    stored = store.load("m1")
    assert stored is not None
    return Table(stored, store, hub, bot_delay, clock), clock, hub


def advance_to(table: Table, pred: Any) -> None:
    """Drive the table's state directly (no storage) until ``pred(state)``."""
    state: State = table.state
    while not pred(state):
        seat = turn(state)
        assert seat is not None
        moves = legal_actions(state, seat)
        passes = [a for a in moves if a.type == "pass"]
        state = apply(state, (passes or moves)[0])
    table.state = state


def test_a_computer_guest_moves_after_the_bot_delay() -> None:
    table, clock, _ = make_table(TableOptions(), {Seat.S: "ann"}, {"ann"})
    advance_to(table, lambda s: turn(s) != Seat.S and s.phase == "auction")
    table.turn_since = clock.now
    assert table.decide(clock.now) == (None, clock.now + 1.0)
    clock.now += 1.0
    assert table.decide(clock.now) == ("bot", None)


def test_the_opening_lead_waits_the_meld_pause() -> None:
    """The first computer move once the meld is laid waits MELD_PAUSE (6) bot delays, so that the meld on the felt
    can be read (4.2 s at Normal pace: the page's 4 s, web/felt-anim.js), then a card is played at the usual pace."""
    assert MELD_PAUSE == 6
    for seed in range(7, 40):
        table, clock, _ = make_table(TableOptions(), {Seat.S: "ann"}, {"ann"}, seed=seed)
        advance_to(table, lambda s: s.phase == "play")
        if turn(table.state) != Seat.S:
            break
    table.turn_since = clock.now
    assert table.decide(clock.now) == (None, clock.now + 6.0)
    clock.now += 5.9
    assert table.decide(clock.now) == (None, table.turn_since + 6.0)
    clock.now += 0.1
    assert table.decide(clock.now) == ("bot", None)
    # after the lead, the next card at the usual pace
    advance_to(table, lambda s: bool(s.tricks) and len(s.tricks[0].cards) == 1)
    table.turn_since = clock.now
    if turn(table.state) != Seat.S:
        assert table.decide(clock.now) == (None, clock.now + 1.0)


def test_a_present_person_is_waited_for_without_a_timer() -> None:
    table, clock, _ = make_table(TableOptions(), {s: f"p{s}" for s in Seat}, {f"p{s}" for s in Seat})
    assert table.decide(clock.now) == (None, None)
    clock.now += 10_000
    assert table.decide(clock.now) == (None, None)


def test_the_move_timer_lets_the_computer_play_for_a_slow_person() -> None:
    table, clock, _ = make_table(TableOptions(move_timer=30), {s: f"p{s}" for s in Seat}, {f"p{s}" for s in Seat})
    table.turn_since = clock.now
    assert table.decide(clock.now) == (None, clock.now + 30)
    clock.now += 29.9
    assert table.decide(clock.now)[0] is None
    clock.now += 0.1
    assert table.decide(clock.now) == ("bot", None)
    msg = table.message(Seat.S, None)
    timer = msg["table"]["timer"]  # type: ignore[index]
    whose = turn(table.state)
    assert whose is not None
    move = timed_out_move(table.state, whose)  # and what its running out does, when the table decides it
    assert timer == {"seat": str(whose), "seconds": 0.0, "then": None if move is None else move.to_json()}


def test_an_away_person_is_played_by_a_computer_after_the_away_time_and_takes_the_seat_back() -> None:
    people = {Seat.S: "ann", Seat.N: "bob"}
    table, clock, hub = make_table(TableOptions(away_seconds=60), people, {"ann", "bob"})
    advance_to(table, lambda s: turn(s) == Seat.N)
    table.turn_since = clock.now
    assert table.decide(clock.now) == (None, None)
    hub.unsubscribe("bob", _noop)
    table.away_since[Seat.N] = clock.now  # what Table.presence records
    assert table.decide(clock.now) == (None, clock.now + 60)
    assert not table.stand_in(Seat.N)
    clock.now += 60
    assert table.stand_in(Seat.N)
    # the computer moves for Bob after the usual pause, measured from when he became "gone"
    assert table.decide(clock.now) == (None, clock.now + 1.0)
    clock.now += 1.0
    assert table.decide(clock.now) == ("bot", None)
    # Bob is back: his seat is his again, and the table waits for him
    hub.subscribe("bob", _noop)
    table.away_since.pop(Seat.N)
    assert not table.stand_in(Seat.N) and table.decide(clock.now) == (None, None)


def test_a_table_with_nobody_connected_waits() -> None:
    table, clock, _ = make_table(TableOptions(away_seconds=60, move_timer=30), {Seat.S: "ann"}, set())
    advance_to(table, lambda s: turn(s) != Seat.S)
    clock.now += 1000
    assert table.decide(clock.now) == (None, None)


def test_a_restart_counts_as_a_disconnect() -> None:
    table, clock, _ = make_table(TableOptions(away_seconds=60), {Seat.S: "ann", Seat.N: "bob"}, {"ann"})
    assert table.away_since == {Seat.N: clock.now}


@pytest.mark.parametrize("timer", [None, 30.0])
def test_next_hand_waits_for_every_present_person(timer: float | None) -> None:
    people = {Seat.S: "ann", Seat.N: "bob", Seat.E: "cy"}
    table, clock, _ = make_table(TableOptions(move_timer=timer, away_seconds=60), people, {"ann", "bob"})
    table.away_since = {Seat.E: clock.now - 61}  # Cy left a while ago: not waited for
    advance_to(table, lambda s: s.phase == "hand_end")
    table.turn_since = clock.now
    legal_s = table.message(Seat.S, None)["view"]["legal"]  # type: ignore[index]
    assert legal_s == {"deal": True}
    table.next_ready = {Seat.S}
    assert table.message(Seat.S, None)["view"]["legal"] == {}  # type: ignore[index]
    what, when = table.decide(clock.now)
    assert what is None and when == (None if timer is None else clock.now + timer)
    table.next_ready = {Seat.S, Seat.N}
    assert table.decide(clock.now) == ("deal", None)
    if timer is not None:
        table.next_ready = set()
        clock.now += timer
        assert table.decide(clock.now) == ("deal", None)


def test_the_deal_is_made_by_the_next_dealer() -> None:
    table, clock, _ = make_table(TableOptions(), {Seat.S: "ann"}, {"ann"})
    advance_to(table, lambda s: s.phase == "hand_end")
    table.next_ready = {Seat.S}
    assert table.decide(clock.now) == ("deal", None)
    dealer = turn(table.state)
    assert dealer is not None
    after = apply(table.state, Action.deal_(dealer))
    assert after.phase == "auction" and after.hand_no == table.state.hand_no + 1


def test_no_countdown_is_shown_for_a_computer() -> None:
    table, clock, _ = make_table(TableOptions(move_timer=30), {Seat.S: "ann"}, {"ann"})
    advance_to(table, lambda s: s.phase == "auction" and turn(s) != Seat.S)
    assert table.message(Seat.S, None)["table"]["timer"] is None  # type: ignore[index]
    advance_to(table, lambda s: s.phase == "auction" and turn(s) == Seat.S or s.phase != "auction")
    if turn(table.state) == Seat.S:
        assert table.message(Seat.S, None)["table"]["timer"]["seat"] == "S"  # type: ignore[index]


def test_the_table_wakes_when_an_away_persons_seat_passes_to_a_computer() -> None:
    """The stand-in was announced only at the next move; the driver now wakes at the away time."""
    people = {Seat.S: "ann", Seat.N: "bob"}
    table, clock, hub = make_table(TableOptions(away_seconds=60), people, {"ann", "bob"})
    advance_to(table, lambda s: turn(s) == Seat.S and s.phase == "auction")  # Ann's move, no move timer
    table.turn_since = clock.now
    assert table.decide(clock.now) == (None, None)
    hub.unsubscribe("bob", _noop)
    table.away_since[Seat.N] = clock.now  # Bob drops while Ann thinks
    assert table.next_stand_in(clock.now) == clock.now + 60
    assert table.decide(clock.now) == (None, clock.now + 60)
    clock.now += 60
    assert table.stand_in(Seat.N) and table.next_stand_in(clock.now) is None
    assert table.decide(clock.now) == (None, None)  # then it waits for Ann again
    # nobody connected: nobody to tell, no wake
    hub.unsubscribe("ann", _noop)
    table.away_since = {Seat.S: clock.now, Seat.N: clock.now}
    assert table.decide(clock.now) == (None, None)


def test_a_stand_in_is_broadcast_when_it_happens() -> None:
    """The driver sends every connected person the table with ``stand_in`` true when the away time runs out."""
    import asyncio
    import concurrent.futures
    import time

    async def scenario() -> list[dict[str, Any]]:
        got: list[dict[str, Any]] = []

        async def ann(msg: dict[str, object]) -> None:
            got.append(msg)

        store = SQLiteStorage(":memory:")
        seats = [SeatRecord({Seat.S: "ann", Seat.N: "bob"}.get(s), f"seat {s}") for s in Seat]
        store.create_match("m1", "ROOM", "easy", 7, 0, "room", seats, TableOptions(away_seconds=0.3).to_json())
        hub = Hub()
        hub.subscribe("ann", ann)
        stored = store.load("m1")
        assert stored is not None
        table = Table(stored, store, hub, 0.0, time.monotonic)  # Bob is away from the start (a restart)
        advance_to(table, lambda s: turn(s) == Seat.S and s.phase == "auction")
        version = table.state.version
        table.start()
        await asyncio.sleep(1.0)
        table.close()
        assert table.state.version == version, "nobody moved: it is Ann's move"
        return got

    got = concurrent.futures.ThreadPoolExecutor(1).submit(asyncio.run, scenario()).result(timeout=30)
    assert [(m["event"], m["table"]["seats"]["N"]["stand_in"], m["table"]["seats"]["S"]["stand_in"])
            for m in got] == [("presence", True, False)]
    assert got[0]["view"]["turn"] == "S" and got[0]["view"]["legal"]
