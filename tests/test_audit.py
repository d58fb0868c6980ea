"""The audit of the computer players' mistakes (pinochle/audit.py; docs/strength.md, "The audit").

Hand-made racehorse hands (the declarer concedes after the meld, so no card is played) where each
contract pattern occurs and where it does not, hand-made positions for the card-play patterns, and a
property test over random legal hands of every game.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle.audit import PATTERNS, applicable, audit_lines, audit_records, play_chances
from pinochle.cards import parse_cards
from pinochle.cli import main
from pinochle.errors import BadRecord, IllegalAction
from pinochle.game import Action, apply, auto_action, game_named, legal, new_match, turn
from pinochle.games import GAMES
from pinochle.records import match_record
from pinochle.rules import TABLE
from tests.support import random_action

# Every seat but South holds a run (150) in its best suit; South holds three marriages.
HANDS = {
    "N": ["AD", "TD", "KD", "QD", "JD", "9D", "AC", "TC", "KC", "QC", "JC", "9C"],  # diamonds: run, dix, marriage
    "E": ["AS", "TS", "KS", "QS", "JS", "9S", "AH", "TH", "AD", "TD", "AC", "TC"],  # spades: run and dix, 160
    "S": ["KH", "QH", "JH", "9H", "KD", "QD", "JD", "9D", "KC", "QC", "JC", "9C"],  # marriages in H, D, C
    "W": ["AS", "TS", "KS", "QS", "JS", "9S", "AH", "TH", "KH", "QH", "JH", "9H"],  # spades: run, dix, marriage
}
ARENA = {"seed": 1, "kind": "deal", "number": 0, "play": 0, "hand": 1, "players": ["easy", "hard"], "roles": [0, 1]}


def racehorse(bid: str, trump: str, to_south: list[str], back: list[str],
              hands: dict[str, list[str]] = HANDS) -> dict[str, object]:
    """North deals; East passes, South bids ``bid``, the others pass; North passes ``to_south``, South
    passes ``back`` and concedes. North-South are ``easy``, East-West ``hard``."""
    return {"game": "racehorse", "dealer": "N", "hands": hands, "auction": ["pass", bid, "pass", "pass", "pass"],
            "trump": trump, "exchange": {"to_declarer": to_south, "to_partner": back}, "conceded": True,
            "play": [], "arena": ARENA}


def lines_by_level(*records: dict[str, object]) -> dict[object, dict[str, dict[str, object]]]:
    return {d["level"]: d["patterns"] for d in audit_records(records)}  # type: ignore[misc]


def counts(patterns: dict[str, dict[str, object]]) -> dict[str, tuple[object, object]]:
    return {k: (v["count"], v["of"]) for k, v in patterns.items()}


def test_a_good_pass_and_an_honest_contract_count_no_pattern() -> None:
    # North passes its diamond run's top four to South, who keeps them and returns the hearts:
    # 260 before (North 180, South 80), 260 after (South 220, North 40): nothing lost.
    levels = lines_by_level(racehorse("250", "D", ["AD", "TD", "KD", "QD"], ["KH", "QH", "JH", "9H"]))
    easy, hard = counts(levels["easy"]), counts(levels["hard"])
    assert easy == {"pass_breaks_meld": (0, 1), "pass_back_loses_meld": (0, 1), "pass_back_loses_side_meld": (0, 1),
                    "short_trump": (0, 0),  # a bid of the minimum, 250
                    "beyond_reach": (0, 1), "conceded": (1, 1),
                    "first_call_pass_big_meld": (1, 1),  # North passes a diamond run; South bids with 80
                    "counter_not_fed": (0, 0), "counter_thrown": (0, 0), "last_seat_gives_trick": (0, 0)}
    # East (160 in spades) and West (180) pass at their first call
    assert hard["first_call_pass_big_meld"] == (2, 2)
    assert {k for k, v in hard.items() if v[1]} == {"first_call_pass_big_meld"}


def test_a_pass_back_that_breaks_the_run_loses_meld() -> None:
    # South returns A-T-J-9 of trump: it keeps K-K-Q-Q (80) and both marriages (40), North a pair of
    # dixes and its club marriage (40): 160 against 260 kept by returning hearts and clubs.
    levels = lines_by_level(racehorse("250", "D", ["AD", "TD", "KD", "QD"], ["AD", "TD", "JD", "9D"]))
    easy = counts(levels["easy"])
    assert easy["pass_breaks_meld"] == (1, 1)
    assert easy["pass_back_loses_meld"] == (1, 1)  # South's own meld: 120 against 240
    assert easy["pass_back_loses_side_meld"] == (1, 1)


def test_a_pass_back_that_misses_the_partners_hidden_pinochle_loses_only_side_meld() -> None:
    # South holds the Q♠ and no J♦ or Q♣ (East holds them, South East's Q♠ and 9♠) and returns J-9
    # of hearts and clubs, keeping 110 (two royal marriages, the heart marriage, the dix); North keeps
    # the J♦, so returning the Q♠ instead would have given North a pinochle (40) at no cost to South's
    # 110: a loss the declarer could not see, counted against the side's meld only.
    hands = {**HANDS, "S": ["KH", "QH", "JH", "9H", "KD", "QD", "QS", "9D", "KC", "9S", "JC", "9C"],
             "E": ["AS", "TS", "KS", "JD", "JS", "QC", "AH", "TH", "AD", "TD", "AC", "TC"]}
    levels = lines_by_level(racehorse("250", "D", ["AD", "TD", "KD", "QD"], ["JH", "9H", "JC", "9C"], hands))
    easy = counts(levels["easy"])
    assert easy["pass_back_loses_meld"] == (0, 1)
    assert easy["pass_back_loses_side_meld"] == (1, 1)
    levels = lines_by_level(racehorse("250", "D", ["AD", "TD", "KD", "QD"], ["QS", "JH", "9H", "9C"], hands))
    assert counts(levels["easy"])["pass_back_loses_side_meld"] == (0, 1)


def test_a_short_trump_bid_beyond_reach() -> None:
    # South bids 600 and names spades, of which it holds none: its side's meld in spades after the
    # pass cannot reach 350, and every counter and the last trick are 250.
    levels = lines_by_level(racehorse("600", "S", ["AD", "TD", "KD", "QD"], ["KH", "QH", "JH", "9H"]))
    easy = counts(levels["easy"])
    assert easy["short_trump"] == (1, 1)
    assert easy["beyond_reach"] == (1, 1)
    assert easy["conceded"] == (1, 1)


def test_a_bid_above_the_minimum_with_four_trumps_is_no_short_trump() -> None:
    levels = lines_by_level(racehorse("300", "H", ["AD", "TD", "KD", "QD"], ["JC", "9C", "JD", "9D"]))
    easy = counts(levels["easy"])
    assert easy["short_trump"] == (0, 1)  # South held K-Q-J-9 of hearts when it named them
    assert easy["beyond_reach"] == (0, 1)


def test_two_records_add_up_and_a_record_without_arena_has_no_level() -> None:
    a = racehorse("600", "S", ["AD", "TD", "KD", "QD"], ["KH", "QH", "JH", "9H"])
    b = racehorse("250", "D", ["AD", "TD", "KD", "QD"], ["KH", "QH", "JH", "9H"])
    easy = counts(lines_by_level(a, b)["easy"])
    assert easy["short_trump"] == (1, 1) and easy["beyond_reach"] == (1, 2) and easy["conceded"] == (2, 2)
    bare = {k: v for k, v in b.items() if k != "arena"}
    [line] = audit_records([bare])
    assert line["level"] is None and line["hands"] == 1


S9, SJ, SQ, ST, SA = parse_cards("9S JS QS TS AS")
H9, HT, HA = parse_cards("9H TH AH")
C9, CK, CA = parse_cards("9C KC AC")


@pytest.mark.parametrize("legal, card, so_far, mine, won, last, want", [
    # racehorse, no duty to beat: last, holding A-T on 9-J-T, plays its ten and gives up the trick
    ([ST, SA], ST, [S9, SJ, ST], [True, False, False], False, True, [("last_seat_gives_trick", True)]),
    ([ST, SA], SA, [S9, SJ, ST], [True, False, False], True, True, [("last_seat_gives_trick", False)]),
    # an opponent's ace of hearts led, spades trump: the ten thrown while the nine was legal
    ([HT, H9], HT, [HA], [False], False, False, [("counter_thrown", True)]),
    ([HT, H9], H9, [HA], [False], False, False, [("counter_thrown", False)]),
    # the same, but the side won the trick in the end: no chance
    ([HT, H9], HT, [HA], [False], True, False, []),
    # the partner wins, last to play: the king of clubs kept back, the nine given
    ([CK, C9], C9, [H9, HA, HT], [False, True, False], True, True, [("counter_not_fed", True)]),
    ([CK, C9], CK, [H9, HA, HT], [False, True, False], True, True, [("counter_not_fed", False)]),
    # only a counter of trump to give: no chance (it may win a trick of its own)
    ([ST, S9], S9, [H9, HA, HT], [False, True, False], True, True, []),
    # only an ace to give: no chance either
    ([CA, C9], C9, [H9, HA, HT], [False, True, False], True, True, []),
])
def test_play_chances(legal: list[int], card: int, so_far: list[int], mine: list[bool], won: bool, last: bool,
                      want: list[tuple[str, bool]]) -> None:
    assert play_chances(legal, card, so_far, mine, won, last, 0, TABLE) == want


def test_patterns_that_cannot_occur_are_absent() -> None:
    assert "pass_breaks_meld" not in applicable(game_named("table"))
    assert "conceded" not in applicable(game_named("partnership-pass"))
    assert "conceded" in applicable(game_named("cutthroat"))
    assert "short_trump" not in applicable(game_named("turned-trump"))
    assert applicable(game_named("two-handed")) == ("counter_thrown", "last_seat_gives_trick")
    # a seat that passed may bid again in racehorse: no opponent is ever out
    assert set(applicable(game_named("racehorse"))) == set(PATTERNS) - {"partner_overcall", "partner_overcall_stood"}
    assert "partner_overcall" in applicable(game_named("britannica"))
    assert "partner_overcall" not in applicable(game_named("cutthroat"))  # each plays alone


def random_hand_records(name: str, seed: int) -> list[dict[str, object]]:
    """The hand records of up to two hands of ``name`` played by random legal moves."""
    rng = random.Random(seed)
    state = new_match(seed, game=game_named(name))
    while state.phase != "match_end" and len(state.history) + len(state.thrown) < 2:
        action = auto_action(state) or random_action(state, rng)
        try:
            state = apply(state, action)
        except IllegalAction:  # a pass the opening rule refuses: the lowest bid
            low = legal(state, action.seat).min_bid
            assert low is not None
            state = apply(state, Action.bid_(action.seat, low))
    rec = match_record(state)
    hands = rec["hands"]
    assert isinstance(hands, list)
    head = {k: rec[k] for k in ("game", "scale") if k in rec}
    roles = [rng.randrange(2) for _ in game_named(name).seating.sides]
    return [{**head, **h, "arena": {"players": ["easy", "hard"], "roles": roles}} for h in hands]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(GAMES)), st.integers(0, 10**6))
def test_rates_are_shares_of_their_chances(name: str, seed: int) -> None:
    records = random_hand_records(name, seed)
    lines = audit_lines(json.dumps(r) for r in records)
    assert lines and all(d["game"] == name for d in lines)
    for d in lines:
        patterns = d["patterns"]
        assert isinstance(patterns, dict)
        assert set(patterns) == set(applicable(game_named(name)))
        for row in patterns.values():
            assert 0 <= row["count"] <= row["of"]
            assert row["rate"] is None if row["of"] == 0 else 0 <= row["rate"] <= 1
        auction = d.get("auction")
        assert (auction is not None) == ("first_call_pass_big_meld" in patterns)
        if isinstance(auction, dict):
            assert auction["bids"]["of"] == d["hands"]
            for figure, row in auction.items():
                assert 0 <= row["count"] <= (row["count"] if figure == "bids" else row["of"])


def test_the_command_prints_a_line_per_game_and_level(tmp_path: Path) -> None:
    path = tmp_path / "records.jsonl"
    path.write_text("\n".join(json.dumps(racehorse("250", "D", ["AD", "TD", "KD", "QD"], ["KH", "QH", "JH", "9H"]))
                              for _ in range(2)) + "\n\n", encoding="utf-8")
    out = io.StringIO()
    assert main(["audit", str(path)], stdout=out) == 0
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    assert [(d["game"], d["level"], d["hands"]) for d in lines] == [("racehorse", "easy", 2), ("racehorse", "hard", 2)]
    assert lines[0]["patterns"]["conceded"] == {"count": 2, "of": 2, "rate": 1.0}


def test_a_bad_line_is_refused_with_its_number(tmp_path: Path) -> None:
    path = tmp_path / "records.jsonl"
    good = json.dumps(racehorse("250", "D", ["AD", "TD", "KD", "QD"], ["KH", "QH", "JH", "9H"]))
    path.write_text(good + "\n{not json\n", encoding="utf-8")
    out = io.StringIO()
    assert main(["audit", str(path)], stdout=out) == 1
    err = json.loads(out.getvalue())["error"]
    assert err["field"] == "line" and err["index"] == 2 and "line 2 is not a JSON record" in err["reason"]
    bad = json.loads(good)
    bad["exchange"]["to_partner"] = ["KH", "QH", "JH"]
    with pytest.raises(BadRecord, match="line 1: to_partner"):
        audit_lines([json.dumps(bad)])


# A table hand of East-West (hard) outbidding North-South (easy) to 360, North (easy) dealing, and one
# where every seat passes and West, an easy dealer, is stuck (both from the arena's records).
AUCTION_HIGH = json.loads('{"format": "pinochle-hand/1", "game": "table", "scale": "tens", "dealer": "N", "hands": {"N": ["KS", "KS", "JH", "TD", "KD", "JD", "9D", "9D", "TC", "QC", "JC", "9C"], "E": ["TS", "QS", "KH", "AD", "TD", "KD", "QD", "QD", "JD", "AC", "TC", "JC"], "S": ["AS", "QS", "9S", "AH", "TH", "TH", "KH", "QH", "JH", "KC", "KC", "9C"], "W": ["AS", "TS", "JS", "JS", "9S", "AH", "QH", "9H", "9H", "AD", "AC", "QC"]}, "auction": ["250", "260", "270", "pass", "280", "290", "300", "310", "320", "330", "340", "350", "pass", "360", "pass"], "trump": "D", "play": ["AC", "9C", "AC", "9C", "TC", "KC", "QC", "JC", "AD", "9S", "AD", "9D", "TD", "JH", "TS", "9D", "JC", "KC", "9S", "TC", "JH", "KH", "AH", "9H", "AS", "JS", "KS", "QS", "QH", "AH", "JD", "QD", "TS", "QS", "AS", "KS", "9H", "KD", "JD", "KH", "QC", "KD", "TH", "JS", "QD", "TH", "QH", "TD"], "arena": {"players": ["easy", "hard"], "roles": [0, 1]}}')
AUCTION_STUCK = json.loads('{"format": "pinochle-hand/1", "game": "table", "scale": "tens", "dealer": "W", "hands": {"N": ["TS", "TS", "KS", "AH", "KH", "QH", "TD", "KD", "JD", "AC", "QC", "JC"], "E": ["AS", "KS", "QS", "QS", "JS", "JS", "QH", "JH", "9H", "QD", "9D", "9D"], "S": ["AS", "9S", "9S", "TH", "TH", "JH", "TD", "KD", "KC", "QC", "JC", "9C"], "W": ["AH", "KH", "9H", "AD", "AD", "QD", "JD", "AC", "TC", "TC", "KC", "9C"]}, "auction": ["pass", "pass", "pass"], "trump": "C", "play": ["AH", "QH", "9H", "JH", "AD", "JD", "9D", "KD", "AD", "KD", "9D", "TD", "AC", "JC", "JS", "9C", "9H", "AH", "JH", "TH", "TD", "QD", "JC", "JD", "AS", "9C", "KS", "KS", "QD", "AC", "JS", "QC", "KH", "QH", "TH", "KH", "9S", "KC", "TS", "QS", "TC", "QC", "QS", "KC", "TC", "TS", "AS", "9S"], "arena": {"players": ["easy", "hard"], "roles": [1, 0]}}')


def test_the_auction_line_counts_stuck_dealers_bids_and_high_contracts() -> None:
    lines = {d["level"]: d for d in audit_records([AUCTION_HIGH, AUCTION_STUCK])}
    figures = {level: {k: (v["count"], v["of"]) for k, v in d["auction"].items()}  # type: ignore[union-attr]
               for level, d in lines.items()}
    # East bids 250 280 310 340 360, West 270 300 330; South 260 290 320 350; West is stuck in the other
    assert figures["hard"] == {"dealer_stuck": (0, 0), "bids": (8, 2), "contract_over_250": (1, 1),
                               "contract_over_300": (1, 1), "contract_over_350": (1, 1)}
    assert figures["easy"] == {"dealer_stuck": (1, 2), "bids": (4, 2), "contract_over_250": (0, 1),
                               "contract_over_300": (0, 1), "contract_over_350": (0, 1)}
    assert lines["hard"]["auction"]["bids"]["rate"] == 4.0  # type: ignore[index]


def test_a_game_without_an_auction_has_no_auction_figures() -> None:
    lines = audit_lines(json.dumps(r) for r in random_hand_records("turned-trump", 1))
    assert lines and all("auction" not in d for d in lines)


def auction_record(name: str, calls: list[int | None], seed: int = 1) -> dict[str, object]:
    """A hand of ``name`` dealt by ``seed`` with the auction ``calls`` (``None`` a pass; the callers'
    order is the engine's), the rest played by random legal moves; North-South ``easy``, East-West ``hard``."""
    rng = random.Random(seed)
    state = new_match(seed, game=game_named(name))
    script = list(calls)
    while not state.history and not state.thrown:
        action = auto_action(state)
        if action is None and state.phase == "auction":
            seat = turn(state)
            assert seat is not None and script, "the auction ended before its calls ran out"
            call = script.pop(0)
            action = Action.pass_(seat) if call is None else Action.bid_(seat, call)
        state = apply(state, action or random_action(state, rng))
    assert not script
    rec = match_record(state)
    hands = rec["hands"]
    assert isinstance(hands, list)
    return {**{k: rec[k] for k in ("game", "scale") if k in rec}, **hands[0], "arena": ARENA}


def overcalls(record: dict[str, object]) -> dict[object, tuple[tuple[object, object], ...]]:
    return {level: tuple((p[k]["count"], p[k]["of"]) if k in p else None  # type: ignore[misc]
                         for k in ("partner_overcall", "partner_overcall_stood"))
            for level, p in lines_by_level(record).items()}


def test_a_partner_overcall_with_the_opponents_out() -> None:
    # britannica, North deals: East opens 10, South 11, West passes, North 12, East passes; South faces its
    # partner North's 12 with both opponents out and bids 13 (easy: North-South); then North passes
    record = auction_record("britannica", [10, 11, None, 12, None, 13, None])
    assert record["dealer"] == "N" and record["auction"] == ["10", "11", "pass", "12", "pass", "13", "pass"]
    got = overcalls(record)
    # North's 12 over South's 11 came with East still in, and East bid no more: it stood
    assert got["easy"] == ((1, 1), (1, 1))
    assert got["hard"] == ((0, 0), (0, 0))


def test_the_reviewers_auction_a_raise_that_stood() -> None:
    # "West won the bid at 16 over East's 15, after 7 bids": North deals; East 10, South 11, West 12,
    # North 13, East 14, South passes, West 15 over its partner East with North still in, who then passes,
    # and East passes: West declares at its own raise
    record = auction_record("britannica", [10, 11, 12, 13, 14, None, 15, None, None])
    assert record["auction"] == ["10", "11", "12", "13", "14", "pass", "15", "pass", "pass"]
    got = overcalls(record)
    # West is East-West's (hard); East then faced West's 15 with both opponents out and passed
    assert got["hard"] == ((0, 1), (1, 1))
    assert got["easy"] == ((0, 0), (0, 0))


def test_a_raise_over_the_partner_that_an_opponent_outbids_is_no_overcall() -> None:
    # as above, but North bids 16 over West's 15: the raise kept East-West in a live auction
    record = auction_record("britannica", [10, 11, 12, 13, 14, None, 15, 16, None, None])
    got = overcalls(record)
    assert got["hard"] == ((0, 0), (0, 1))
    assert got["easy"] == ((0, 0), (0, 0))  # North bid over West, an opponent


def test_a_bid_over_the_partners_save_is_no_overcall() -> None:
    # table, North deals: East passes, South saves at 250, West passes, North (the dealer) bids 260 over the
    # save to name its own trump (pinochle.bots.partners.partners_save_stands), South passes
    record = auction_record("table", [None, 250, None, 260, None])
    assert record["dealer"] == "N"
    # (South, facing North's 260 with both opponents out, passes: a chance taken well)
    assert overcalls(record)["easy"] == ((0, 1), (0, 0))
    # the same bid over an opening of 260 is an overcall
    record = auction_record("table", [None, 260, None, 270, None])
    assert overcalls(record)["easy"] == ((1, 1), (0, 0))
