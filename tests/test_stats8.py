"""Statistics from the eighth fresh review (issue 30; docs/protocol.md, "Statistics"; pinochle/stats.py).

- A cutthroat concession is its own count, ``conceded`` ("Your hands conceded"), never one of the bids set
  (VARIANTS.md ``cutthroat``: the declarer may concede at once, a single loss, apart from being set after play).
- A game without an auction (VARIANTS.md ``two-handed``, ``turned-trump``) says so (``auction`` false, from its
  definition), so the page shows no bid rows there.
"""

from __future__ import annotations

from pinochle.bots import for_level
from pinochle.cards import Seat
from pinochle.game import Action, State, apply, auto_action, new_match, turn, view
from pinochle.stats import hand_line, summarize
from pinochle.parts import Concession, Contract


def conceded_by_south(seed: int = 1) -> State:
    """A cutthroat match of Easy players in which South, once it declares, concedes: the state at that hand's end."""
    s = new_match(seed=seed, game="cutthroat")
    bot = for_level("easy", seed)
    for _ in range(20000):
        assert s.phase != "match_end"
        seat = turn(s)
        assert seat is not None
        v = view(s, seat)
        if seat == Seat.S and v.legal.concede and s.declarer == Seat.S:
            return apply(s, Action.concede_(seat))
        s = apply(s, auto_action(s) or bot.act(v))
    raise AssertionError("South never declared")


def finished_hand(game: str, seed: int = 1) -> State:
    """The first hand of ``game`` played to its end by Easy players."""
    s = new_match(seed=seed, game=game)
    bot = for_level("easy", seed)
    while s.phase not in ("hand_end", "match_end"):
        seat = turn(s)
        assert seat is not None
        s = apply(s, auto_action(s) or bot.act(view(s, seat)))
    return s


def test_a_concession_is_counted_apart_from_the_bids_set() -> None:
    s = conceded_by_south()
    hand = s.history[-1]
    assert hand.parts.get(Concession).conceded and hand.parts.get(Contract).declarer == Seat.S and not hand.score.made
    line = hand_line(s, "c1", int(Seat.S))
    assert line.declarer and line.conceded and not line.made
    assert type(line).from_json(line.to_json()) == line
    f = summarize([line], [])["cutthroat"]
    assert (f.bids, f.made, f.set, f.conceded, f.auction) == (1, 0, 0, 1, True)
    # a line kept before lines said it (no "conceded") still counts as set
    old = {k: v for k, v in line.to_json().items() if k != "conceded"}
    f = summarize([type(line).from_json(old)], [])["cutthroat"]
    assert (f.bids, f.set, f.conceded) == (1, 1, 0)


def test_a_game_without_an_auction_says_so() -> None:
    for game in ("two-handed", "turned-trump"):
        s = finished_hand(game)
        f = summarize([hand_line(s, "g1", int(Seat.S))], [])[game]
        assert f.to_json()["auction"] is False and f.bids == 0, game
    f = summarize([hand_line(finished_hand("table"), "t1", int(Seat.S))], [])["table"]
    assert f.to_json()["auction"] is True
