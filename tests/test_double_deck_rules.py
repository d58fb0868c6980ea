"""Double-deck where seed 001 is silent: the common double-deck rules (VARIANTS.md ``double-deck``),
each other reading a switch (docs/games/double-deck.md, with its sources).

* The declarer leads the first trick (``first_lead=left_of_dealer``: the seat left of the dealer).
* All pass: the dealer takes the hand at 50 (``opening=first-forced``: the first seat must open).
* Bids go up by 1 up to 60, then by 5, so 61 and 63 are not bids (``bid_ladder=none``: by 1).
* Three runs score 225 and four 300 (``triple_run=double-and-run``: 165 and 300; the meld tables are
  in tests/test_meld_rows.py).
* No marriage needed in trump (``trump_needs_marriage=true``: a declarer without the king and queen
  of trump is set at once).

Every expected value is worked out from those words, not read back from the engine.
"""

from __future__ import annotations

import io
import json
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle.auction import bid_problem, ladder_bids, next_bid, steps_text
from pinochle.bots import for_level
from pinochle.cards import DOUBLE_DECK, Card, Seat, Suit
from pinochle.cli import main
from pinochle.errors import BadRecord, IllegalAction
from pinochle.game import Action, State, apply, auto_action, legal, new_match, turn, view
from pinochle.games import find, with_switches
from pinochle.records import hand_record, match_record, replay, replay_match
from pinochle.rules import DOUBLE_DECK_RULES as DD
from pinochle.rules import BidLadder, RuleSet

GAME = "double-deck"
#: The readings of the double deck before it took the common double-deck rules, as switches.
OLD_READINGS = {"opening": "first-forced", "first_lead": "left_of_dealer", "bid_ladder": "none",
                "triple_run": "double-and-run"}


def on_ladder(bid: int) -> bool:
    """VARIANTS.md: "bids go up by 1 to 60, then by 5", from the minimum of 50 to the engine's 1,000."""
    return 50 <= bid <= 1000 and (bid < 60 or (bid - 60) % 5 == 0)


def rules(**switches: str) -> RuleSet:
    return with_switches(DD, switches)


def match(seed: object = 1, dealer: Seat = Seat.W, deal: tuple[int, int, int, int] | None = None,
          **switches: str) -> State:
    return new_match(seed=seed, game=GAME, first_dealer=dealer, rules=rules(**switches) if switches else None,
                     deals=[deal] if deal else ())


def calls(state: State, *made: int | None) -> State:
    for call in made:
        seat = turn(state)
        assert seat is not None
        state = apply(state, Action.pass_(seat) if call is None else Action.bid_(seat, call))
    return state


def refusal(state: State, action: Action) -> str:
    with pytest.raises(IllegalAction) as err:
        apply(state, action)
    return str(err.value)


# ---------------------------------------------------------------- bid steps: by 1 up to 60, then by 5


@pytest.mark.parametrize("high, want", [(50, 51), (55, 56), (58, 59), (59, 60), (60, 65), (65, 70), (95, 100),
                                        (995, 1000)])
def test_the_next_bid(high: int, want: int) -> None:
    assert next_bid(DD, high) == want
    s = calls(match(), high)
    assert legal(s, Seat.E).min_bid == want


@pytest.mark.parametrize("bid, message", [
    (61, "above 60, bids go up in steps of 5: 61 is not a bid"),
    (63, "above 60, bids go up in steps of 5: 63 is not a bid"),
    (64, "above 60, bids go up in steps of 5: 64 is not a bid"),
    (101, "above 60, bids go up in steps of 5: 101 is not a bid"),
    (49, "the lowest bid is 50: 49 is too low"),
])
def test_an_off_ladder_bid_is_refused_by_name(bid: int, message: str) -> None:
    assert refusal(match(), Action.bid_(Seat.N, bid)) == message


def test_after_60_the_next_bid_is_65() -> None:
    s = calls(match(), 60)
    assert refusal(s, Action.bid_(Seat.E, 61)) == "above 60, bids go up in steps of 5: 61 is not a bid"
    assert refusal(s, Action.bid_(Seat.E, 60)) == "the bid must be at least 65, 5 above the high bid of 60"
    assert calls(s, 65, None, None, None).bid == 65


def test_the_ladder_in_words_and_in_the_view() -> None:
    assert steps_text(DD) == "by 1 up to 60, then by 5"
    assert list(ladder_bids(DD, 57, 70)) == [57, 58, 59, 60, 65, 70]
    assert str(DD.bid_ladder) == "5-from-60" and DD.in_scale("tens").bid_ladder == ((600, 50),)
    got = view(match(), Seat.N).to_json()["legal"]
    assert got == {"pass": True, "bid": {"min": 50, "step": 1, "max": 1000, "ladder": [[60, 5]]}}
    # the table's bid control is as before: no ladder sent
    assert "ladder" not in view(new_match(seed=1), turn(new_match(seed=1))).to_json()["legal"]["bid"]  # type: ignore


def test_legal_lists_the_ladder() -> None:
    s = calls(match(), 57)
    assert [a.bid for a in legal(s, Seat.E).actions(Seat.E, 80) if a.type == "bid"] == [58, 59, 60, 65, 70, 75, 80]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.none(), st.integers(40, 140), st.integers(990, 1010)), max_size=12),
       st.sampled_from(list(Seat)))
def test_every_bid_the_engine_accepts_is_on_the_ladder(made: list[int | None], dealer: Seat) -> None:
    """The engine against an independent oracle: a bid is legal exactly when it is on the ladder and
    above the high bid, and the lowest legal bid it offers is the oracle's."""
    s = match(dealer=dealer)
    high: int | None = None
    for call in made:
        if s.phase != "auction":
            break
        seat = turn(s)
        assert seat is not None
        lg = legal(s, seat)
        assert lg.min_bid == min((b for b in range(50, 1001) if on_ladder(b) and (high is None or b > high)),
                                 default=None)  # none above 1,000: only a pass
        ok = call is None or (on_ladder(call) and (high is None or call > high))
        try:
            s = apply(s, Action.pass_(seat) if call is None else Action.bid_(seat, call))
        except IllegalAction:
            assert not ok, call
            continue
        assert ok, call
        if call is not None:
            high = call


def test_the_bid_ladder_switch_none_takes_every_bid() -> None:
    r = rules(bid_ladder="none")
    assert r.bid_ladder == () and str(r.bid_ladder) == "none" and steps_text(r) == "in steps of 1"
    s = calls(match(bid_ladder="none"), 60, 61, 63, None, None, None)
    assert (s.declarer, s.bid) == (Seat.S, 63)


def test_a_ladder_is_written_and_refused_by_name() -> None:
    r = rules(bid_ladder="5-from-60,10-from-100")
    assert r.bid_ladder == ((60, 5), (100, 10)) and [next_bid(r, b) for b in (59, 95, 100)] == [60, 100, 110]
    with pytest.raises(ValueError, match="a bid ladder is written STEP-from-BID"):
        rules(bid_ladder="5 from 60")
    with pytest.raises(ValueError, match="the lowest bid, 50, is not a bid"):
        rules(bid_ladder="7-from-45")
    with pytest.raises(ValueError, match="min_bid is a bid, and above 60, bids go up in steps of 5: 62 is not a bid"):
        rules(min_bid="62")
    assert rules(min_bid="65").min_bid == 65
    with pytest.raises(ValueError, match="the bid_ladder switch is for double-deck"):
        with_switches(find("table").rules, {"bid_ladder": "none"})
    with pytest.raises(ValueError, match="changes its step at 62, which is not a bid"):
        RuleSet(bid_ladder=BidLadder(((60, 5), (62, 1))))


# ---------------------------------------------------------------- all pass: the dealer takes the hand at 50


@pytest.mark.parametrize("dealer", list(Seat))
def test_all_pass_the_dealer_takes_the_hand_at_50(dealer: Seat) -> None:
    s = calls(match(dealer=dealer), None, None, None)
    assert s.phase == "trump" and (s.declarer, s.bid, s.stuck) == (dealer, 50, True)
    assert view(s, dealer).legal.trumps  # the dealer names trump, without a call of its own


def test_the_forced_opening_is_the_switch() -> None:
    s = match(opening="first-forced")
    assert not legal(s, Seat.N).pass_ and legal(s, Seat.N).min_bid == 50
    assert refusal(s, Action.pass_(Seat.N)) == "the first seat must open the bidding: bid 50 or more"
    assert refusal(s, Action.bid_(Seat.N, 49)) == "the lowest bid is 50: 49 is too low"
    s = calls(s, 50)
    assert legal(s, Seat.E).pass_
    # britannica keeps its forced opening
    b = new_match(seed=1, game="britannica", first_dealer=Seat.W)
    assert b.rules.opening == "first-forced" and not legal(b, Seat.N).pass_


# ---------------------------------------------------------------- the declarer leads


def lead_after(s: State) -> Seat | None:
    """Name spades and lay down the meld; the seat to lead the first trick."""
    assert s.declarer is not None
    s = apply(s, Action.trump_(s.declarer, Suit.S))
    while (a := auto_action(s)) is not None and s.phase == "meld":
        s = apply(s, a)
    assert s.phase == "play"
    return turn(s)


@pytest.mark.parametrize("made, declarer", [((50, None, None, None), Seat.N), ((None, None, 50, None), Seat.S),
                                            ((None, None, None), Seat.W)])
def test_the_declarer_leads_the_first_trick(made: tuple[int | None, ...], declarer: Seat) -> None:
    s = calls(match(dealer=Seat.W), *made)
    assert s.declarer == declarer and lead_after(s) == declarer
    # the switch: the seat left of the dealer (North) leads, whoever declared
    assert lead_after(calls(match(dealer=Seat.W, first_lead="left_of_dealer"), *made)) == Seat.N


# ---------------------------------------------------------------- a marriage in trump


#: North's hand: K♠ without Q♠, K♥ Q♥, K♦ Q♦, K♣ without Q♣.
NORTH = "AS AS TS KS KS JS AH AH TH KH QH JH AD TD KD QD AC TC KC JC"


def deal_for_north(cards: str) -> tuple[int, int, int, int]:
    mine = [Card.parse(c) for c in cards.split()]
    rest = DOUBLE_DECK.cards()
    for c in mine:
        rest.remove(c)
    return (DOUBLE_DECK.pack(mine), DOUBLE_DECK.pack(rest[0::3]), DOUBLE_DECK.pack(rest[1::3]),
            DOUBLE_DECK.pack(rest[2::3]))


def declared(trump: Suit, bid: int = 55, **switches: str) -> State:
    """North declares at ``bid`` (the others pass) and names ``trump``; the meld laid down."""
    s = calls(match(dealer=Seat.W, deal=deal_for_north(NORTH), **switches), bid, None, None, None)
    s = apply(s, Action.trump_(Seat.N, trump))
    while (a := auto_action(s)) is not None and s.phase == "meld":
        s = apply(s, a)
    return s


def test_no_marriage_is_needed_by_default() -> None:
    s = declared(Suit.S)
    assert s.phase == "play" and not s.set_at_once


def test_with_the_switch_a_declarer_without_king_and_queen_of_trump_is_set_at_once() -> None:
    for suit in (Suit.S, Suit.C):  # a king without a queen
        s = declared(suit, trump_needs_marriage="true")
        assert s.phase == "hand_end" and s.set_at_once and s.tricks == ()
        h = s.history[-1]
        assert h.score.set_at_once and not h.score.made and not h.score.played
        # the declarers lose the bid; the opponents score their meld, with no trick (none is played)
        assert h.score.score == (-55, h.score.meld[1]) == (-55, h.score.kept_meld[1]) and h.score.meld[1] > 0
        assert s.totals == h.score.score
        assert view(s, Seat.E).to_json()["last_hand"]["set_at_once"] is True  # type: ignore[index]
    for suit in (Suit.H, Suit.D):  # king and queen: the hand is played
        s = declared(suit, trump_needs_marriage="true")
        assert s.phase == "play" and not s.set_at_once and turn(s) == Seat.N


def test_the_opponents_meld_can_win_the_match_when_the_declarer_is_set_at_once() -> None:
    s = declared(Suit.S, trump_needs_marriage="true")
    opp = s.history[-1].score.meld[1]
    before = calls(match(dealer=Seat.W, deal=deal_for_north(NORTH), trump_needs_marriage="true"), 55, None, None, None)
    before = replace(before, totals=(0, 500 - opp))
    s = apply(before, Action.trump_(Seat.N, Suit.S))
    while (a := auto_action(s)) is not None and s.phase == "meld":
        s = apply(s, a)
    assert s.phase == "match_end" and s.winner == 1 and s.totals == (-55, 500)


def test_a_hand_set_at_once_records_and_replays() -> None:
    s = declared(Suit.S, trump_needs_marriage="true")
    rec = json.loads(json.dumps(hand_record(s.history[-1], s.game, s.rules)))
    assert rec["rules"] == {"trump_needs_marriage": "true"} and rec["play"] == [] and rec["trump"] == "S"
    out = replay(rec)
    assert out["score"] == {"NS": -55, "EW": s.history[-1].score.score[1]}
    assert out["set_at_once"] is True and out["played"] is False and out["made"] is False
    # a card played after the hand ended is refused by name
    bad = dict(rec, play=["AS"])
    with pytest.raises(BadRecord, match="without its king and queen and is set at once: there is no play"):
        replay(bad)
    # without the switch the hand is played out, so an empty play is refused
    with pytest.raises(BadRecord, match="a hand has 80"):
        replay({k: v for k, v in rec.items() if k != "rules"})
    # a match of such hands replays too
    m = json.loads(json.dumps(match_record(s)))
    assert replay_match(m)["hands"][0]["set_at_once"] is True  # type: ignore[index]


def test_the_switch_is_double_decks_own() -> None:
    with pytest.raises(ValueError, match="the trump_needs_marriage switch is for double-deck"):
        with_switches(find("britannica").rules, {"trump_needs_marriage": "true"})


# ---------------------------------------------------------------- the computer players


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.sampled_from(["easy", "normal"]),
       st.sampled_from(["", "bid_ladder=none", "opening=first-forced", "trump_needs_marriage=true"]))
def test_every_bid_the_bots_make_is_legal(seed: int, level: str, switch: str) -> None:
    """Three hands of computer players: every bid is on the game's ladder and above the high bid (the
    engine takes it), and with trump_needs_marriage a declarer holding a marriage names one."""
    sw = dict([switch.split("=")]) if switch else {}
    r = rules(**sw)
    s = new_match(seed=seed, game=GAME, rules=r)
    players = [for_level(level, f"{seed}/{i}") for i in range(4)]
    while s.phase != "match_end" and len(s.history) < 3:
        a = auto_action(s)
        if a is None:
            seat = turn(s)
            assert seat is not None
            if s.phase == "hand_end":
                a = Action.deal_(seat)
            else:
                v = view(s, seat)
                a = players[seat].act(v)
                if a.type == "bid":
                    assert a.bid is not None and bid_problem(r, a.bid) is None and a.bid >= (v.legal.min_bid or 0)
                    if not sw.get("bid_ladder"):
                        assert on_ladder(a.bid)
                if a.type == "trump" and r.trump_needs_marriage:
                    married = [x for x in Suit if Card(x * 6 + 3) in v.hand and Card(x * 6 + 2) in v.hand]
                    assert not married or a.suit in married
        s = apply(s, a)


def test_hard_bids_on_the_ladder() -> None:
    """Hard's calls in a few auctions (it is slow): every bid on the ladder, taken by the engine."""
    from pinochle.bots import HardPlayer

    for seed in (1, 2):
        s = new_match(seed=seed, game=GAME)
        players = [HardPlayer(f"h{seed}/{i}", samples=4) for i in range(4)]
        while s.phase == "auction":
            seat = turn(s)
            assert seat is not None
            a = players[seat].act(view(s, seat))
            assert a.type == "pass" or (a.bid is not None and on_ladder(a.bid))
            s = apply(s, a)


# ---------------------------------------------------------------- records of the old readings, the command line


def test_a_record_of_the_old_readings_replays_under_the_switches_that_name_them() -> None:
    """Before the common double-deck rules, the double deck forced the first seat to open, let it lead,
    bid by 1 and scored three runs 165: a record that names those switches replays to its scores."""
    r = rules(**OLD_READINGS)
    s = new_match(seed=5, game=GAME, rules=r)
    players = [for_level("easy", i) for i in range(4)]
    while len(s.history) < 2:
        a = auto_action(s)
        if a is None:
            seat = turn(s)
            assert seat is not None
            a = Action.deal_(seat) if s.phase == "hand_end" else players[seat].act(view(s, seat))
        s = apply(s, a)
    rec = json.loads(json.dumps(match_record(s)))
    assert rec["rules"] == OLD_READINGS
    assert [h["score"] for h in replay_match(rec)["hands"]] == [  # type: ignore[index]
        {"NS": h.score.score[0], "EW": h.score.score[1]} for h in s.history]


def test_the_command_line_lists_and_takes_the_switches() -> None:
    out = io.StringIO()
    assert main(["games"], stdout=out) == 0
    game = next(g for g in json.loads(out.getvalue())["games"] if g["name"] == GAME)
    assert game["rules"]["bid_ladder"] == ["5-from-60", "none"]
    assert game["rules"]["opening"][:1] == ["free"] and "first-forced" in game["rules"]["opening"]
    assert game["rules"]["first_lead"] == ["declarer", "left_of_dealer"]
    assert game["rules"]["triple_run"] == ["triple", "double-and-run"]
    assert game["rules"]["trump_needs_marriage"] == ["false", "true"]
    assert game["rules"]["no_bid"][0] == "dealer"
    out = io.StringIO()
    code = main(["meld", "--game", GAME, "--trump", "S", *(["AS", "TS", "KS", "QS", "JS"] * 3)], stdout=out)
    assert code == 0 and json.loads(out.getvalue())["total"] == 225
    out = io.StringIO()
    assert main(["play", "--game", GAME, "--rule", "bid_ladder=5 from 60"], stdin=io.StringIO(""), stdout=out) == 1
    assert "a bid ladder is written STEP-from-BID" in out.getvalue()


def test_the_terminal_says_how_bids_go_up() -> None:
    out = io.StringIO()
    code = main(["play", "--game", GAME, "--seed", "3", "--level", "easy"], stdin=io.StringIO("?\nquit\n"),
                stdout=out)
    assert code == 0 and "bids go up by 1 up to 60, then by 5" in out.getvalue()


def test_the_terminal_says_why_a_declarer_went_set_at_once() -> None:
    from pinochle.terminal import _Console, _hand_summary

    s = declared(Suit.S, trump_needs_marriage="true")
    out = io.StringIO()
    _hand_summary(_Console(io.StringIO(), out), s.history[-1])
    text = out.getvalue()
    assert ("NS went set at once: N (partner) named trump without its king and queen, so NS lose 55; no card is "
            "played, and EW keep their meld.") in text, text
    assert "took no trick" not in text


def test_a_hand_set_at_once_is_explained_in_parts_that_add_up() -> None:
    """The hand summary's parts of a hand set at once: the declarers lose the bid, the opponents
    keep their meld; each side's parts add up to its score."""
    s = declared(Suit.S, trump_needs_marriage="true")
    last = view(s, Seat.E).to_json()["last_hand"]
    assert isinstance(last, dict)
    opp = s.history[-1].score.meld[1]
    assert last["parts"] == {  # type: ignore[comparison-overlap]
        "NS": [{"label": "Set at once: no marriage in trump, the bid is taken off", "points": -55,
                "rule": "VARIANTS.md double-deck: trump_needs_marriage (a declarer without K and Q of trump is set at once)"}],
        "EW": [{"label": "Meld kept", "points": opp,
                "rule": "VARIANTS.md double-deck: trump_needs_marriage (a declarer without K and Q of trump is set at once)"}],
    }
    assert last["score"] == {"NS": -55, "EW": opp}
