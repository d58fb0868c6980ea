"""The move timer runs out (pinochle/server/table.py timed_out_move; docs/protocol.md, "The move timer").

In the auction the computer passes for the person out of time whenever a pass is legal (an absent player
takes on no contract, as Trickster Cards passes for one), and bids the minimum for a seat that may not pass
(Britannica's opener);
every move made on a time-out is told at the table (``table.timed_out``) until that person moves again.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import time
from typing import Any

from pinochle.bots import for_level
from pinochle.cards import Seat
from pinochle.game import Action, BidAction, apply, auto_action, legal_actions, new_match, turn, view
from pinochle.server.storage import SeatRecord, SQLiteStorage
from pinochle.server.table import Hub, Table, TableOptions, timed_out_move


def auction_table(stuck: bool) -> tuple[Table, Seat, Any]:
    """A room table in the first hand's auction, at the first call of a person whose computer would bid there
    (``stuck``: at Britannica's opener, who may not pass); the table, the person's seat and the move its
    computer would make."""
    game = "britannica" if stuck else "table"
    for s in range(1, 400):
        state = new_match(seed=s, first_dealer=0, game=game)
        log: list[dict[str, object]] = []
        while True:
            action = auto_action(state)
            seat = turn(state)
            if action is None:
                assert seat is not None
                moves = legal_actions(state, seat)
                break
            log.append(action.to_json())
            state = apply(state, action)
        person = turn(state)
        assert person is not None and state.phase == "auction"
        wanted = for_level("easy", f"{s}/{person}").act(view(state, person))
        if not stuck and wanted.type != "bid":
            continue  # a seat whose computer would bid: the time-out's pass is the table's choice, not the bot's
        store = SQLiteStorage(":memory:")
        seats = [SeatRecord("ann" if x == person else None, f"seat {x}") for x in Seat]
        store.create_match("m1", "ROOM", "easy", s, 0, "quick", seats, TableOptions(move_timer=0.2).to_json(), game)
        for n, a in enumerate(log):
            store.append_action("m1", n, a)
        stored = store.load("m1")
        assert stored is not None
        hub = Hub()

        async def noop(msg: dict[str, object]) -> None:
            return None

        hub.subscribe("ann", noop)
        return Table(stored, store, hub, 0.0, time.monotonic), person, wanted
    raise AssertionError("no seed found")


def run_out_of_time(table: Table) -> dict[str, Any]:
    """Start the driver, wait for the timer to run out and the move to be made; the first move stored."""
    async def scenario() -> dict[str, Any]:
        version = table.state.version
        table.start()
        for _ in range(200):
            await asyncio.sleep(0.05)
            if table.state.version > version:
                break
        table.close()
        stored = table.storage.load(table.id)
        assert stored is not None and len(stored.actions) > version, "the computer never moved"
        return dict(stored.actions[version])

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, scenario()).result(timeout=60)


def test_a_call_out_of_time_is_a_pass_and_is_told() -> None:
    table, person, wanted = auction_table(stuck=False)
    assert wanted.type == "bid"  # the computer would have bid for them
    version = table.state.version
    # the timer says beforehand what its running out does: a pass (the page: "then you pass")
    timer = table.message(person, None)["table"]["timer"]  # type: ignore[index]
    assert timer["seat"] == str(person) and timer["then"] == {"type": "pass", "seat": str(person)}, timer
    made = run_out_of_time(table)
    assert made == {"type": "pass", "seat": str(person)}
    told = {"seat": str(person), "version": version, "phase": "auction", "action": {"type": "pass", "seat": str(person)}}
    assert table.timed_out == told
    for seat in Seat:  # everyone at the table is told, the person first of all, and the hand keeps it for its summary
        facts = table.message(seat, "move")["table"]
        assert facts["timed_out"] == told and facts["timed_out_hand"] == [told]  # type: ignore[index]


def test_a_seat_that_may_not_pass_bids_the_minimum_out_of_time() -> None:
    table, person, _ = auction_table(stuck=True)
    moves = legal_actions(table.state, person)
    assert not any(a.type == "pass" for a in moves)  # Britannica's opener must open
    lowest = min(a.bid for a in moves if isinstance(a, BidAction))
    timer = table.message(person, None)["table"]["timer"]  # type: ignore[index]
    assert timer["then"] == {"type": "bid", "seat": str(person), "bid": lowest}, timer
    made = run_out_of_time(table)
    assert made == {"type": "bid", "seat": str(person), "bid": lowest}
    assert table.timed_out is not None and table.timed_out["action"] == made


def test_the_time_out_move_outside_the_auction_is_the_computers() -> None:
    """Trump, cards to pass and card play stay the seat's computer player's choice (only told)."""
    state = new_match(seed=3, first_dealer=0, game="table")
    while state.phase != "play":
        seat = turn(state)
        assert seat is not None
        action = auto_action(state) or timed_out_move(state, seat) or legal_actions(state, seat)[0]
        if state.phase == "auction":
            assert action.type in ("pass", "bid")
        else:
            assert timed_out_move(state, seat) is None
        state = apply(state, action)
    seat = turn(state)
    assert seat is not None and timed_out_move(state, seat) is None


def test_the_notice_stays_until_that_person_moves_again() -> None:
    table, person, _ = auction_table(stuck=False)
    told = {"seat": str(person), "version": 0, "action": Action.pass_(person).to_json()}
    table.timed_out = dict(told)
    table.timed_out_hand = [dict(told)]

    async def own_move() -> None:
        await table.person_action(person, table.state.version, {"type": "pass"})
        table.close()

    assert table.message(person, None)["table"]["timed_out"] == told  # type: ignore[index]
    asyncio.run(own_move())
    assert table.timed_out is None and table.message(person, None)["table"]["timed_out"] is None  # type: ignore[index]
    # the hand's summary still says it: the hand's time-outs last until the next hand is dealt
    assert table.message(person, None)["table"]["timed_out_hand"] == [told]  # type: ignore[index]


def test_a_card_played_out_of_time_says_its_trick() -> None:
    """A card played for a person out of time names its trick (from 1) in ``timed_out``, for the hand's summary
    ("played the ten of spades at trick 3"); the hand's list keeps it."""
    state = new_match(seed=3, first_dealer=0, game="table")
    log: list[dict[str, object]] = []
    bot = for_level("easy", "t")
    while True:  # to a card of South's in trick 3 or later
        seat = turn(state)
        assert seat is not None
        if state.phase == "play" and seat == Seat.S and len(state.tricks) >= 3:
            break
        action = auto_action(state) or bot.act(view(state, seat))
        log.append(action.to_json())
        state = apply(state, action)
    store = SQLiteStorage(":memory:")
    seats = [SeatRecord("ann" if x == Seat.S else None, f"seat {x}") for x in Seat]
    store.create_match("m1", "ROOM", "easy", 3, 0, "quick", seats, TableOptions(move_timer=0.2).to_json(), "table")
    for n, a in enumerate(log):
        store.append_action("m1", n, a)
    stored = store.load("m1")
    assert stored is not None
    hub = Hub()

    async def noop(msg: dict[str, object]) -> None:
        return None

    hub.subscribe("ann", noop)
    table = Table(stored, store, hub, 0.0, time.monotonic)
    assert table.message(Seat.S, None)["table"]["timer"]["then"] is None  # type: ignore[index]  # the computer's card
    made = run_out_of_time(table)
    assert made["type"] == "play"
    # the first card out of time names its trick; the timer ran out again at each of South's later cards while the
    # driver ran on, each kept with its trick (the hand's last ends it: then the next hand's deal is asked for)
    # (the trick in progress, or the next when South leads)
    trick = len(state.tricks) + (len(state.tricks[-1].cards) == 4)
    first = table.timed_out_hand[0]
    assert first["trick"] == trick and first["phase"] == "play" and first["action"] == made, (first, trick)
    tricks = [t["trick"] for t in table.timed_out_hand if t["phase"] == "play"]
    assert tricks == list(range(trick, trick + len(tricks))), tricks
