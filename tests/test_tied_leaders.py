"""A match of a number of deals whose leaders are tied after the last scheduled deal plays another deal
(docs/games/cutthroat.md: "Equal leaders play another deal until one leads"); the deal's end says so in
the view (``tied``: docs/protocol.md), and the server sends it in its ``state`` message."""

from __future__ import annotations

import time
from typing import Any

from pinochle.bots import SimplePlayer
from pinochle.cards import Seat
from pinochle.game import Action, State, apply, new_match, turn, view
from pinochle.server.storage import SeatRecord, SQLiteStorage
from pinochle.server.table import Hub, Table


def tied_after_nine() -> tuple[int, State, list[dict[str, Any]], State]:
    """The first seed whose cutthroat match (Easy everywhere, East deals first) ends its ninth deal with the
    leaders tied: the seed, the state at that deal's end, the actions that led there and the state before
    the last of them."""
    for seed in range(100):
        s = new_match(seed=seed, first_dealer=int(Seat.E), game="cutthroat")
        bot = SimplePlayer(seed)
        log: list[dict[str, Any]] = []
        before = s
        while s.phase != "match_end" and not (s.phase == "hand_end" and len(s.history) >= 9):
            who = turn(s)
            assert who is not None
            v = view(s, who)
            act = Action.deal_(who) if v.legal.deal else bot.act(v)
            log.append(act.to_json())
            before, s = s, apply(s, act)
        if s.phase == "hand_end":
            return seed, s, log, before
    raise AssertionError("no tie after 9 deals in 100 seeds")


def test_the_view_says_the_leaders_are_tied() -> None:
    seed, s, _, _ = tied_after_nine()
    best = max(s.totals)
    leaders = [s.game.seating.side_names[i] for i, t in enumerate(s.totals) if t == best]
    assert len(leaders) >= 2 and s.winner is None
    for seat in (Seat.E, Seat.S, Seat.W):  # the same for every seat: it names no one's cards
        tied = view(s, seat).to_json()["tied"]
        assert tied == {"leaders": leaders, "total": best,
                        "why": f"After 9 deals the leaders are tied at {best}: one more deal decides."}
    # the next deal is the extra one; once dealt, the view says nothing of a tie until that deal ends
    nxt = apply(s, Action.deal_(turn(s)))  # type: ignore[arg-type]
    assert "tied" not in view(nxt, Seat.S).to_json()


def test_no_tie_before_the_last_deal_or_with_a_single_leader() -> None:
    s = new_match(seed=1, game="cutthroat")
    bot = SimplePlayer(1)
    while not s.history:
        who = turn(s)
        assert who is not None
        s = apply(s, bot.act(view(s, who)))
    assert s.phase == "hand_end" and "tied" not in view(s, Seat.S).to_json()  # deal 1 of 9: not the last


def test_the_server_sends_the_tie() -> None:
    seed, s, log, _ = tied_after_nine()
    store = SQLiteStorage(":memory:")
    seats = [SeatRecord("ann" if x == Seat.S else None, f"seat {x}") for x in Seat]
    store.create_match("m1", "dev", "easy", seed, int(Seat.E), "solo", seats, {}, "cutthroat")
    for n, a in enumerate(log):
        store.append_action("m1", n, a)
    stored = store.load("m1")
    assert stored is not None
    table = Table(stored, store, Hub(), 0.0, time.monotonic)
    assert table.state.phase == "hand_end" and len(table.state.history) == 9
    v = table.message(int(Seat.S), None)["view"]
    assert v["tied"]["total"] == max(s.totals) and "one more deal decides" in v["tied"]["why"]  # type: ignore[index]
