"""VARIANTS.md ``cutthroat`` (seeds 001, 002) and ``auction`` (seed 000): three players
each alone, a widow.

Worked examples of each phase on one fixed deal (docs/games/cutthroat.md
shows the same deal), property tests over random matches (hypothesis), and
bad input: every refusal names the fault and leaves the state unchanged.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle.cards import Seat, Suit, pack, parse_cards, unpack
from pinochle.errors import BadRecord, IllegalAction
from pinochle.game import (
    Action,
    State,
    apply,
    auto_action,
    deck_check,
    legal,
    legal_actions,
    new_match,
    turn,
    view,
)
from pinochle.bots import for_level
from pinochle.games import GAMES, find
from pinochle.games.scorers import auction_stake, stake
from pinochle.meld import Meld
from pinochle.records import hand_record, match_record, replay
from pinochle.parts import Contract, Widow
from soak.secrecy import check_seat_view

E, S, W, N = Seat.E, Seat.S, Seat.W, Seat.N
OPPONENTS = (S, W)

#: The worked deal: E holds a spade run, aces around, the K-Q of hearts; the widow
#: brings the second A♠ and the pinochle's J♦ (docs/games/cutthroat.md).
EAST = "AS TS KS QS JS AH AD AC KH QH 9S TH TD TC 9H"
WIDOW = "AS JD QD"


def worked_deal() -> tuple[int, int, int, int]:
    deck = Counter({c: 2 for c in range(24)})
    for c in parse_cards(EAST + " " + WIDOW):
        deck[c] -= 1
    rest = sorted(deck.elements())
    return pack(parse_cards(WIDOW)), pack(parse_cards(EAST)), pack(rest[0::2]), pack(rest[1::2])


def start(game: str = "cutthroat") -> State:
    """W deals, so E (left of W) calls first."""
    return new_match(seed=1, game=game, first_dealer=W, deals=[worked_deal()])


def after_meld(bid: int, game: str = "cutthroat") -> State:
    s = start(game)
    s = apply(s, Action.bid_(E, bid))
    s = apply(s, Action.pass_(S))
    s = apply(s, Action.pass_(W))
    s = apply(s, Action.trump_(E, Suit.S))
    a = auto_action(s)
    assert a is not None and a.seat == E
    return apply(s, a)


def play_out(s: State) -> State:
    while s.phase == "play":
        who = turn(s)
        assert who is not None
        s = apply(s, Action.play_(who, legal(s, who).cards[0]))
    return s


# ---------------------------------------------------------------- the game's definition


def test_cutthroat_is_a_game_of_three_at_the_table() -> None:
    g = find("cutthroat")
    assert g.players == 3 and g.seating.names == ("E", "S", "W")
    assert [ph.name for ph in g.phases] == ["auction", "widow", "trump", "meld", "bury", "play", "hand_end",
                                            "match_end"]
    r = g.rules
    assert (r.scale, r.hand_size, r.widow, r.min_bid, r.bid_step, r.no_bid, r.must_beat, r.must_trump,
            r.total_counters) == ("ones", 15, 3, 30, 1, "annul", "trump_led", True, 25)
    assert find("cutthroat", at_table=True) is g and find("auction", at_table=True) is GAMES["auction"]
    assert GAMES["cutthroat"].at_table and GAMES["auction"].at_table


def test_the_deal_15_each_and_a_widow_of_3() -> None:
    for seed in range(5):
        s = new_match(seed=seed, game="cutthroat")
        assert s.dealer in (E, S, W)
        assert [len(unpack(h)) for h in s.hands] == [0, 15, 15, 15]
        assert len(unpack(s.widow)) == 3 and deck_check(s)


def test_stakes_by_bid() -> None:
    # VARIANTS.md: "1 for 30, plus 1 for each further 5: a switch for 2"
    assert [stake(b) for b in (30, 34, 35, 39, 40, 45, 60)] == [1, 1, 2, 2, 3, 4, 7]
    assert [stake(b, per_band=2) for b in (30, 35, 40)] == [1, 3, 5]


# ---------------------------------------------------------------- worked examples, phase by phase


def test_auction_a_pass_is_final_and_the_widow_stays_hidden() -> None:
    s = start()
    assert turn(s) == E and legal(s, E).min_bid == 30 and legal(s, E).pass_
    s = apply(s, Action.bid_(E, 30))
    s = apply(s, Action.pass_(S))
    assert turn(s) == W  # S passed: it is out for good
    s = apply(s, Action.bid_(W, 31))
    assert turn(s) == E
    for seat in (E, S, W):
        assert "widow" not in view(s, seat).to_json() and "widow_taken_by" not in view(s, seat).to_json()
        assert view(s, seat).widow_taken_by is None
    s = apply(s, Action.pass_(E))
    assert s.declarer == W and s.bid == 31 and s.phase == "trump"
    # the widow is turned up for everyone and is now in W's hand: every view says W took it
    assert all(view(s, seat).to_json()["widow"] == ["AS", "QD", "JD"] for seat in (E, S, W))
    assert all(view(s, seat).to_json()["widow_taken_by"] == "W" for seat in (E, S, W))
    assert view(s, E).widow_taken_by == W
    assert len(unpack(s.hands[W])) == 18 and deck_check(s)


def test_auction_all_pass_annuls_the_hand_and_the_next_seat_deals() -> None:
    s = start()
    for seat in (E, S, W):
        s = apply(s, Action.pass_(seat))
    assert s.hand_no == 1 and s.dealer == E and s.phase == "auction" and s.history == ()
    assert len(s.thrown) == 1 and s.thrown[0].parts.get(Widow).cards == pack(parse_cards(WIDOW))
    assert turn(s) == S


@pytest.mark.parametrize("game", ["table", "cutthroat", "auction"])
def test_with_the_redeal_switch_the_dealer_calls_before_the_hand_is_thrown_in(game: str) -> None:
    """``no_bid=redeal`` (VARIANTS.md house switches; racehorse: "no bid in the first round: the hand is
    thrown in"): the dealer has its call like everyone; only when every seat passed is the hand thrown in.
    (Found by a rules review: the hand was thrown in once the others passed, the dealer never calling.)"""
    from pinochle.games import find, with_switches

    rules = with_switches(find(game).rules, {"no_bid": "redeal"})
    s = new_match(seed=2, game=game, rules=rules, first_dealer=W)
    others = [x for x in s.game.seating.seats if x != W]
    for _ in others:
        s = apply(s, Action.pass_(turn(s)))  # type: ignore[arg-type]
    assert s.phase == "auction" and turn(s) == W and s.hand_no == 0, "the dealer calls"
    lg = legal(s, W)
    assert lg.pass_ and lg.min_bid == rules.min_bid
    bid = apply(s, Action.bid_(W, rules.min_bid + rules.bid_step))
    assert bid.declarer == W and bid.bid == rules.min_bid + rules.bid_step, "the dealer may bid above the minimum"
    thrown = apply(s, Action.pass_(W))
    assert thrown.phase == "auction" and thrown.hand_no == 1 and len(thrown.thrown) == 1 and thrown.declarer is None
    assert thrown.dealer == thrown.game.seating.next_seat[W], "the next dealer deals"


def test_with_the_stuck_dealer_switch_the_dealer_takes_the_minimum_without_a_call() -> None:
    """``no_bid=dealer`` in a game of three (RULES.md, Deal and auction 3, at a table of three): the two
    others passed, the dealer declares at the minimum without a call."""
    from pinochle.games import find, with_switches

    rules = with_switches(find("cutthroat").rules, {"no_bid": "dealer"})
    s = apply(apply(new_match(seed=2, game="cutthroat", rules=rules, first_dealer=W), Action.pass_(E)), Action.pass_(S))
    assert s.declarer == W and s.bid == rules.min_bid and s.phase == "trump"


@pytest.mark.parametrize("players", [3, 4])
def test_the_views_auction_names_the_seat_of_each_call(players: int) -> None:
    """The view's auction (what the table lists) at a table of three: E, S, W in turn from the dealer's
    left, the empty N never calling. Found by a review: it named N 30, E pass, S 31 (the four-seat order)."""
    from pinochle.chairs import view_for_chair

    s = new_match(seed=5, game="cutthroat" if players == 3 else "auction", players=players,
                  first_dealer=W if players == 3 else 0)
    first = turn(s)
    assert first is not None
    low = legal(s, first).min_bid
    assert low is not None
    s = apply(s, Action.bid_(first, low))
    second = turn(s)
    assert second is not None
    s = apply(s, Action.pass_(second))
    third = turn(s)
    assert third is not None
    step = s.rules.bid_step
    s = apply(s, Action.bid_(third, low + step))
    j = view(s, third).to_json() if players == 3 else view_for_chair(s, 1).to_json()
    assert [c["seat"] for c in j["auction"]] == [str(first), str(second), str(third)]
    assert [c["call"] for c in j["auction"]] == [str(low), "pass", str(low + step)] and j["high_bidder"] == str(third)


def test_two_passes_leave_the_last_seat_to_bid_or_pass() -> None:
    s = apply(apply(start(), Action.pass_(E)), Action.pass_(S))
    assert s.phase == "auction" and turn(s) == W and legal(s, W).pass_
    s = apply(s, Action.bid_(W, 30))
    assert s.declarer == W and s.bid == 30


def test_only_the_declarer_melds_from_18_cards() -> None:
    s = after_meld(35)
    m = s.melds[E]
    assert m is not None and m.total == 32  # run 15 + aces around 10 + pinochle 4 + marriage 2 + dix 1
    assert [x.name for x in m.items] == ["run", "dix", "marriage", "pinochle", "aces around"]
    assert s.melds[S] is None and s.melds[W] is None
    assert s.phase == "bury" and turn(s) == E


def test_no_play_when_the_meld_alone_makes_the_bid() -> None:
    s = after_meld(32)
    assert s.phase == "hand_end" and s.tricks == ()
    score = s.history[-1].score
    assert score.made and not score.played
    # stake(32) = 1: each opponent pays E one
    assert score.transfers == ((S, E, 1), (W, E, 1)) and s.totals == (2, -1, -1)


def test_bury_legal_choices_are_the_cards_not_in_meld() -> None:
    s = after_meld(35)
    lg = legal(s, E)
    assert lg.bury == 3 and lg.concede
    # 18 cards less the 12 shown; the second A♠ is not in meld and may go
    assert [str(c) for c in lg.bury_from] == ["AS", "TH", "9H", "TD", "QD", "TC"]
    assert lg.to_json() == {"concede": True, "bury": {"count": 3, "cards": ["AS", "TH", "9H", "TD", "QD", "TC"],
                                                      "why_not": "it is in your meld, and only cards not used in meld "
                                                                 "may be buried"}}
    assert [a.type for a in lg.actions(E)].count("concede") == 1 and "play_on" not in lg.to_json()


def meld_of_16() -> State:
    """Found by the secrecy soak (cutthroat seed 1075): S bids 30 and melds 29 with 16 of its 18 cards (aces,
    kings and jacks around, three marriages, the dix): only 2 cards lie outside the meld. At the bury."""
    south = "9S JS JH QH KH AH JD QD KD AD JC QC KC TC AC"
    widow = "KS AS TH"
    east = "QS QS KS TS AS QH AH 9D TD AD 9C 9C JC QC KC"
    deck = Counter({c: 2 for c in range(24)})
    for c in parse_cards(" ".join((south, widow, east))):
        deck[c] -= 1
    s = new_match(seed=1, game="cutthroat", first_dealer=W,
                  deals=[(pack(parse_cards(widow)), pack(parse_cards(east)), pack(parse_cards(south)),
                          pack(sorted(deck.elements())))])
    for action in (Action.pass_(E), Action.bid_(S, 30), Action.pass_(W), Action.trump_(S, Suit.S)):
        s = apply(s, action)
    meld = auto_action(s)
    assert meld is not None and meld.seat == S
    s = apply(s, meld)
    m = s.melds[S]
    assert s.phase == "bury" and m is not None and m.total == 29 and len(m.shown()) == 16
    return s


def test_a_meld_of_16_cards_leaves_any_3_to_bury() -> None:
    """The bury asked for 3 cards from the 2 outside the meld: the declarer could only concede. When fewer
    than 3 cards lie outside the meld, any 3 cards of the hand may be buried (docs/games/cutthroat.md)."""
    s = meld_of_16()
    lg = legal(s, S)
    assert lg.bury == 3 and len(lg.bury_from) == 18 and lg.concede
    s = apply(s, Action.bury_(S, parse_cards("TH TC 9S")))  # the two free cards and the dix's 9♠
    assert s.phase == "play" and sorted(str(c) for c in s.buried) == ["9S", "TC", "TH"] and deck_check(s)
    played = play_out(s)
    assert played.phase == "hand_end" and played.history[-1].score.played


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_computer_declarer_buries_from_a_meld_of_16_cards(level: str) -> None:
    """The same hand with a computer declarer: it buries 3 cards or concedes (it failed with 2 to choose from)."""
    s = meld_of_16()
    action = for_level(level, seed=1).act(view(s, S))
    assert action.type in ("bury", "concede") and action.seat == S
    after = apply(s, action)
    assert after.phase == ("play" if action.type == "bury" else "hand_end")


def test_bury_then_play_made() -> None:
    s = apply(after_meld(35), Action.bury_(E, parse_cards("TH TD TC")))
    assert s.phase == "play" and turn(s) == E and len(unpack(s.hands[E])) == 15
    assert s.buried == tuple(parse_cards("TH TD TC")) and deck_check(s)
    assert view(s, E).to_json()["buried"] == ["TH", "TD", "TC"]
    for seat in OPPONENTS:
        assert "buried" not in view(s, seat).to_json()
        assert view(s, seat).to_json()["counters"] == {"E": 0, "S": 0, "W": 0}  # buried points stay hidden
    s = play_out(s)
    h = s.history[-1]
    assert len(h.tricks) == 15 and all(len(t.cards) == 3 for t in h.tricks)
    assert sum(h.score.counters) == 25  # the buried T♥ T♦ T♣ count for E
    assert h.score.made and h.score.played
    assert h.score.transfers == ((S, E, 2), (W, E, 2)) and s.totals == (4, -2, -2)


def test_set_after_play_pays_each_opponent_double() -> None:
    s = play_out(apply(after_meld(60), Action.bury_(E, parse_cards("TH TD TC"))))
    h = s.history[-1].score
    assert not h.made  # 32 meld + at most 25 counters < 60
    assert h.transfers == ((E, S, 14), (E, W, 14)) and s.totals == (-28, 14, 14)  # stake(60) = 7


def test_concede_pays_each_opponent_single() -> None:
    s = apply(after_meld(60), Action.concede_(E))
    h = s.history[-1].score
    assert s.phase == "hand_end" and h.conceded and not h.made and s.tricks == ()
    assert h.transfers == ((E, S, 7), (E, W, 7)) and s.totals == (-14, 7, 7)


def test_play_rule_beat_a_trump_lead_trump_when_void_no_overtrump() -> None:
    s = apply(after_meld(35), Action.bury_(E, parse_cards("TH TD TC")))
    s = apply(s, Action.play_(E, parse_cards("JS")[0]))  # trump led
    # S holds 9S QS TS: it must beat the J♠ (Q♠ or T♠, not the 9♠)
    assert sorted(str(c) for c in legal(s, S).cards) == ["QS", "TS"]


def test_match_ends_after_nine_scored_deals() -> None:
    s = new_match(seed=3, game="cutthroat")
    rng = random.Random(3)
    while s.phase != "match_end":
        s = apply(s, _random_action(s, rng))
    assert len(s.history) >= 9 and s.winner is not None
    assert s.totals[s.winner] == max(s.totals) and s.totals.count(max(s.totals)) == 1
    assert sum(s.totals) == 0
    assert view(s, S).to_json()["winner"] == "ESW"[s.winner]


# ---------------------------------------------------------------- bad input: refused by name, state unchanged


def refused(s: State, action: Action, message: str) -> None:
    before = json.dumps([view(s, seat).to_json() for seat in (E, S, W)])
    with pytest.raises(IllegalAction, match=message):
        apply(s, action)
    assert json.dumps([view(s, seat).to_json() for seat in (E, S, W)]) == before


def test_bury_the_wrong_number_of_cards() -> None:
    s = after_meld(35)
    refused(s, Action.bury_(E, parse_cards("TH TD")), "bury exactly 3 cards, not 2")
    refused(s, Action.bury_(E, parse_cards("TH TD TC 9H")), "bury exactly 3 cards, not 4")


def test_bury_a_melded_card() -> None:
    s = after_meld(35)
    refused(s, Action.bury_(E, parse_cards("TH TD KS")), "the K♠ is in your meld: bury cards not used in meld")
    # one A♠ is free, the other is in the run and the aces
    refused(s, Action.bury_(E, parse_cards("AS AS TC")), "the A♠ is in your meld")


def test_bury_a_card_not_held() -> None:
    refused(after_meld(35), Action.bury_(E, parse_cards("TH TD 9C")), "you do not hold the 9♣")


def test_concede_after_play_started() -> None:
    s = apply(apply(after_meld(35), Action.bury_(E, parse_cards("TH TD TC"))), Action.play_(E, parse_cards("AS")[0]))
    refused(s, Action.concede_(E), "a concede is not possible now: the tricks are being played")


def test_bury_by_an_opponent_or_out_of_turn() -> None:
    s = after_meld(35)
    refused(s, Action.bury_(S, parse_cards("9S QS TS")), "it is E's turn, not S's")
    refused(start(), Action.bid_(W, 30), "it is E's turn, not W's")


def test_the_empty_place_cannot_act() -> None:
    refused(start(), Action.pass_(N), "N has no seat in the cutthroat game: the seats are E, S, W")


def test_bury_in_another_phase_or_game() -> None:
    refused(start(), Action.bury_(E, parse_cards("TH TD TC")), "a bury is not possible now: the auction is on")
    table = new_match(seed=1)
    refused(table, Action.bury_(turn(table) or N, parse_cards("TH TD TC")), "the table game has no bury")


def test_a_preset_deal_must_hold_a_widow_of_three() -> None:
    widow, e, s_, w = worked_deal()
    with pytest.raises(IllegalAction, match=r"the widow \(in N's place\) has 0 cards, not 3"):
        new_match(game="cutthroat", deals=[(0, e, s_, w)])
    with pytest.raises(IllegalAction, match="N has no seat in the cutthroat game"):
        new_match(game="cutthroat", first_dealer=N)


# ---------------------------------------------------------------- records


def test_a_hand_record_names_the_widow_and_the_buried_cards_and_replays() -> None:
    s = play_out(apply(after_meld(35), Action.bury_(E, parse_cards("TH TD TC"))))
    rec = hand_record(s.history[-1], s.game)
    assert set(rec["hands"]) == {"E", "S", "W"}  # type: ignore[arg-type]
    assert rec["widow"] == ["AS", "QD", "JD"] and rec["buried"] == ["TH", "TD", "TC"]
    assert len(rec["play"]) == 45  # type: ignore[arg-type]
    out = replay(rec)
    assert out["made"] is True and out["score"] == {"E": 4, "S": -2, "W": -2}
    assert out["transfers"] == [{"from": "S", "to": "E", "amount": 2}, {"from": "W", "to": "E", "amount": 2}]


def test_records_of_no_play_and_concession_replay() -> None:
    rec = hand_record(after_meld(32).history[-1], GAMES["cutthroat"])
    assert "play" in rec and rec["play"] == [] and "buried" not in rec
    assert replay(rec)["played"] is False
    rec = hand_record(apply(after_meld(60), Action.concede_(E)).history[-1], GAMES["cutthroat"])
    assert rec["conceded"] is True
    assert replay(rec)["score"] == {"E": -14, "S": 7, "W": 7}


@pytest.mark.parametrize(("change", "field", "reason"), [
    ({"buried": ["TH", "TD", "KS"]}, "buried", "E cannot bury these cards: the K♠ is in your meld"),
    ({"buried": None}, "buried", "the declarer buries 3 cards"),
    ({"widow": None}, "widow", "the widow is missing"),
    ({"widow": ["AS", "QD"]}, "widow", "the widow has 2 cards, not 3"),
    ({"dealer": "N"}, "dealer", "the seats are E, S, W"),
])
def test_bad_cutthroat_records(change: dict[str, object], field: str, reason: str) -> None:
    s = play_out(apply(after_meld(35), Action.bury_(E, parse_cards("TH TD TC"))))
    rec = hand_record(s.history[-1], s.game)
    for k, v in change.items():
        if v is None:
            del rec[k]
        else:
            rec[k] = v
    with pytest.raises(BadRecord) as err:
        replay(rec)
    assert err.value.field == field and reason in str(err.value)


# ---------------------------------------------------------------- properties over random matches


def _random_action(s: State, rng: random.Random) -> Action:
    auto = auto_action(s)
    if auto is not None:
        return auto
    who = turn(s)
    assert who is not None
    lg = legal(s, who)
    if lg.min_bid is not None and rng.random() < 0.45:
        return Action.bid_(who, lg.min_bid + lg.bid_step * rng.choice([0, 0, 1, 5]))
    if lg.pass_:
        return Action.pass_(who)
    if lg.bury:
        if rng.random() < 0.2:
            return Action.concede_(who)
        return Action.bury_(who, rng.sample(lg.bury_from, lg.bury))
    return rng.choice(legal_actions(s, who))


QUICK = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("game", ["cutthroat", "auction"])
@QUICK
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_random_matches_keep_every_rule(game: str, seed: int) -> None:
    rng = random.Random(seed)
    s = new_match(seed=seed, game=game)
    total_counters = 25 if game == "cutthroat" else 250  # VARIANTS.md: ones 25, tens 250
    steps = 0
    while s.phase != "match_end" and steps < 3000:
        who = turn(s)
        assert who is not None and who in (E, S, W)
        assert legal(s, who).any(), f"{who} has no legal action in {s.phase}"
        for other in (N, E, S, W):
            if other != who:
                assert not legal(s, other).any()
        # privacy: the widow before the auction ends, the buried cards to the opponents (soak/secrecy.py)
        for seat in (E, S, W):
            check_seat_view(s, seat)
        # who took the widow: the declarer, in every view from the end of the auction, exactly while it is shown
        seen = view(s, who)
        assert seen.widow_taken_by == (s.declarer if seen.widow is not None else None), (s.phase, seen.widow_taken_by)
        assert (seen.widow is None) == (s.phase == "auction")
        s = apply(s, _random_action(s, rng))
        assert deck_check(s)
        if s.phase in ("hand_end", "match_end") and s.history and s.history[-1].number == s.hand_no + 1:
            h = s.history[-1]
            assert sum(n for _, _, n in h.score.transfers) > 0
            assert sum(h.score.score) == 0 and sum(s.totals) == 0
            assert len(h.score.transfers) == 2 and all(h.parts.get(Contract).declarer in (a, b) for a, b, _ in h.score.transfers)
            if h.score.played:
                assert sum(h.score.counters) == total_counters and len(h.tricks) == 15
                assert sorted(unpack(h.dealt[1]) + unpack(h.dealt[2]) + unpack(h.dealt[3]) + unpack(h.parts.get(Widow).cards)) \
                    == sorted([c for t in h.tricks for c in t.cards] + list(h.parts.get(Widow).buried))
        steps += 1
    assert s.phase == "match_end"
    rec = json.loads(json.dumps(match_record(s)))
    out = replay(rec)
    assert out["totals"] == dict(zip("ESW", s.totals)) and out["winner"] == "ESW"[s.winner or 0]


# ---------------------------------------------------------------- auction (seed 000), at a table of three


def test_auction_is_cutthroat_in_tens_with_a_schedule() -> None:
    g = find("auction")
    assert g.seating.names == ("E", "S", "W") and [ph.name for ph in g.phases] == [ph.name for ph in
                                                                                   find("cutthroat").phases]
    r = g.rules
    assert (r.scale, r.hand_size, r.widow, r.min_bid, r.bid_step, r.no_bid, r.total_counters) == (
        "tens", 15, 3, 250, 10, "annul", 250)
    assert [auction_stake(b, Suit.H) for b in (250, 290, 300, 340, 350, 390, 400, 440, 450, 500, 550)] == [
        5, 5, 10, 10, 15, 15, 25, 25, 35, 45, 55]


def _made_405_in_spades(bid: int) -> State:
    """E declares ``bid`` in spades on the worked deal and ends with 405: the meld is set to 155
    before the last card, and E takes every trick (250 with the buried 10s)."""
    s = apply(after_meld(bid, "auction"), Action.bury_(E, parse_cards("TH TD TC")))
    while len(s.tricks) < 15 or len(s.tricks[-1].cards) < 2:
        who = turn(s)
        assert who is not None
        s = apply(s, Action.play_(who, legal(s, who).cards[0]))
    s = replace(s, melds=(None, Meld((), 155), None, None))
    who = turn(s)
    assert who is not None
    s = apply(s, Action.play_(who, legal(s, who).cards[0]))
    h = s.history[-1].score
    assert h.meld[0] + h.counters[0] == 405 and h.counters[0] == 250
    return s


@pytest.mark.parametrize(("bid", "made", "each"), [
    (370, True, 30),    # seed 000: "370 made with 405 in spades -> 30 from each"
    (400, True, 50),    # "400 made with 405 in spades -> 50 each"
    (410, False, 100),  # "410 bid, 405 made, in spades -> 100 to each"
])
def test_auction_the_seeds_three_examples(bid: int, made: bool, each: int) -> None:
    s = _made_405_in_spades(bid)
    h = s.history[-1].score
    assert h.made is made
    want = ((S, E, each), (W, E, each)) if made else ((E, S, each), (E, W, each))
    assert h.transfers == want and sum(s.totals) == 0


def test_auction_concede_pays_single_and_spades_still_double() -> None:
    s = apply(after_meld(400, "auction"), Action.concede_(E))
    assert s.history[-1].score.transfers == ((E, S, 50), (E, W, 50))


def test_auction_no_play_when_the_meld_makes_the_bid() -> None:
    s = after_meld(320, "auction")  # meld 320 in spades (tens): run, aces, pinochle, marriage, dix
    assert s.phase == "hand_end" and s.history[-1].score.transfers == ((S, E, 20), (W, E, 20))  # 10, doubled


def test_auction_all_pass_throws_the_hand_in() -> None:
    s = start("auction")
    for seat in (E, S, W):
        s = apply(s, Action.pass_(seat))
    assert s.hand_no == 1 and s.dealer == E and s.history == () and len(s.thrown) == 1


def test_bury_more_copies_than_held() -> None:
    # E holds one Q♦ (from the widow); burying two is refused by the count
    refused(after_meld(35), Action.bury_(E, parse_cards("QD QD TC")), "you hold only 1 Q♦")


def test_a_thrown_in_record_buries_nothing() -> None:
    s = start()
    for seat in (E, S, W):
        s = apply(s, Action.pass_(seat))
    rec = hand_record(s.thrown[-1], s.game)
    assert rec["thrown_in"] is True and rec["widow"] == ["AS", "QD", "JD"] and replay(rec) == {
        "thrown_in": True, "dealer": "W"}
    with pytest.raises(BadRecord, match="a thrown-in hand has no buried"):
        replay({**rec, "buried": ["TH", "TD", "TC"]})


@pytest.mark.parametrize(("game", "scale", "bid", "each"), [
    ("cutthroat", "tens", 600, 7),     # the ones bid 60: stake 7, as docs/games/cutthroat.md's table
    ("cutthroat", "ones", 60, 7),
    ("auction", "ones", 40, 50),       # the tens bid 400 in spades: 25, doubled
    ("auction", "tens", 400, 50),
])
def test_a_concession_in_another_scale_pays_the_games_own_stake(game: str, scale: str, bid: int,
                                                                each: int) -> None:
    """A stake schedule is written in its game's own scale (VARIANTS.md ``cutthroat``: "1 for 30,
    plus 1 for each further 5"; ``auction``: "400-440 -> 25"); ``--scale`` converts the bid
    back first (bug: cutthroat in tens staked a bid of 600 as 115)."""
    rules = GAMES[game].rules.in_scale(scale)
    s = new_match(seed=1, game=game, rules=rules, first_dealer=W, deals=[worked_deal()])
    s = apply(s, Action.bid_(E, bid))
    s = apply(apply(s, Action.pass_(S)), Action.pass_(W))
    s = apply(s, Action.trump_(E, Suit.S))
    a = auto_action(s)
    assert a is not None
    s = apply(s, a)
    assert s.phase == "bury", "the meld alone must not make these bids"
    s = apply(s, Action.concede_(E))
    assert s.history[-1].score.transfers == ((E, S, each), (E, W, each))
