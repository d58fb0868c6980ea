"""VARIANTS.md ``auction`` (seed 000) at a table of 4 or 5, its house switches for the
opening, and cutthroat's stake switch.

Worked examples (docs/games/auction.md shows the same tables): who sits out on
the first deals, a settled hand's transfers given to the chairs, the three
opening rules; refusals that name the fault and leave the state unchanged;
and property tests over random matches at 4 and 5 (hypothesis).
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle.cards import CARDS, THREE_ALONE, Seat, Suit, parse_cards, unpack
from pinochle.errors import BadRecord, IllegalAction
from pinochle.game import Action, State, apply, auto_action, deck_check, legal, legal_actions, new_match, turn, view
from pinochle.chairs import apply_for_chair, lineup_for, seat_of_chair, sitting_out, view_for_chair
from pinochle.games import AUCTION, CUTTHROAT, TABLE_GAME, TWO_HANDED, find, with_switches
from pinochle.games.scorers import auction_stake, stake
from pinochle.records import hand_record, match_record, replay
from pinochle.parts import Contract, HandChairs
from tests.test_cutthroat import worked_deal

E, S, W, N = Seat.E, Seat.S, Seat.W, Seat.N


def table(players: int, dealer: int = 0, rules: dict[str, str] | None = None, deals: int = 1) -> State:
    """An auction match at a table of ``players`` with chair ``dealer`` dealing first and the worked
    deal of tests/test_cutthroat.py for its first ``deals`` hands (E holds the spade run)."""
    r = with_switches(AUCTION.rules, rules or {})
    return new_match(seed=1, game="auction", rules=r, players=players, first_dealer=dealer,
                     deals=[worked_deal()] * deals)


def declare(s: State, bid: int, trump: Suit = Suit.S) -> State:
    """E bids ``bid``, S and W pass, E names ``trump`` (spades: a meld of 320) and lays its meld."""
    s = apply(s, Action.bid_(E, bid))
    s = apply(apply(s, Action.pass_(S)), Action.pass_(W))
    s = apply(s, Action.trump_(E, trump))
    a = auto_action(s)
    assert a is not None
    return apply(s, a)


def finish_hand(s: State) -> State:
    """Play the current hand to its end: E opens at the minimum, the others pass, then the first
    legal action (trump spades; the declarer concedes when the meld does not make the bid)."""
    number = s.hand_no
    while s.hand_no == number and s.phase not in ("hand_end", "match_end"):
        who = turn(s)
        bid_made = any(c is not None for c in s.calls)
        s = apply(s, auto_action(s) or (Action.pass_(who or E) if s.phase == "auction" and bid_made
                                         else legal_actions(s)[0]))
    return s


# ---------------------------------------------------------------- the table's sizes


def test_the_games_declare_their_table_sizes() -> None:
    assert AUCTION.sizes == (3, 4, 5) and CUTTHROAT.sizes == (3,) and TABLE_GAME.sizes == (4,)
    with pytest.raises(ValueError, match="the auction game is played by 3, 4 or 5 players, not 6"):
        new_match(game="auction", players=6)
    with pytest.raises(ValueError, match="the cutthroat game is played by 3 players, not 4"):
        new_match(game="cutthroat", players=4)
    with pytest.raises(ValueError, match="the table game is played by 4 players, not 3"):
        new_match(players=3)
    with pytest.raises(IllegalAction, match="the first dealer is a chair from 0 to 3, not 4"):
        new_match(game="auction", players=4, first_dealer=4)


def test_a_table_of_three_is_unchanged() -> None:
    three = new_match(seed=5, game="auction")
    assert three == new_match(seed=5, game="auction", players=3)
    assert three.lineup == () and sitting_out(three) == () and len(three.totals) == 3
    j = view(three, S).to_json()
    assert not {"lineup", "chair", "chair_totals", "sits_out"} & set(j)
    # chairs 0, 1, 2 are E, S, W
    assert [seat_of_chair(three, c) for c in range(3)] == [E, S, W]


@pytest.mark.parametrize(("players", "want"), [
    # deal: (dealer's chair, chairs sitting out, chairs at E S W); the dealer sits at N
    (4, [(0, (0,), (1, 2, 3)), (1, (1,), (2, 3, 0)), (2, (2,), (3, 0, 1)), (3, (3,), (0, 1, 2)),
         (0, (0,), (1, 2, 3))]),
    # at 5 also the player second to the dealer's left sits out (Hoyle)
    (5, [(0, (0, 2), (1, 3, 4)), (1, (1, 3), (2, 4, 0)), (2, (2, 4), (3, 0, 1)), (3, (0, 3), (4, 1, 2)),
         (4, (1, 4), (0, 2, 3))]),
])
def test_who_sits_out_on_the_first_five_deals(players: int, want: list[tuple[int, tuple[int, ...],
                                                                               tuple[int, ...]]]) -> None:
    s = new_match(seed=2, game="auction", players=players)
    seen = []
    for _ in range(5):
        assert s.phase == "auction" and s.dealer == N and turn(s) == E
        seen.append((s.lineup[N], sitting_out(s), s.lineup[1:]))
        assert [seat_of_chair(s, c) for c in s.lineup[1:]] == [E, S, W]
        assert all(seat_of_chair(s, c) is None for c in sitting_out(s))
        s = finish_hand(s)
        if s.phase == "hand_end":
            s = apply(s, Action.deal_(turn(s) or E))  # the chair on the dealer's left, at E, deals next
    assert seen == want


def test_lineup_for_refuses_other_sizes() -> None:
    with pytest.raises(ValueError, match="sitting out is settled for 4 or 5 players"):
        lineup_for(6, 0, THREE_ALONE)


# ---------------------------------------------------------------- settlement per chair


def test_a_conceded_hand_at_four_settles_with_the_dealer_sitting_out() -> None:
    s = table(4, dealer=2)  # chair 2 deals and sits out; E S W are chairs 3, 0, 1
    assert s.lineup == (2, 3, 0, 1)
    s = apply(declare(s, 400), Action.concede_(E))
    h = s.history[-1]
    # the hand between the three players: E pays S and W 25, doubled in spades
    assert h.score.transfers == ((E, S, 50), (E, W, 50)) and h.score.score == (-100, 50, 50)
    # the table: chair 3 (at E) pays chairs 0 and 1, and the dealer (chair 2) as a defender (Hoyle)
    assert h.score.chair_transfers == ((3, 0, 50), (3, 1, 50), (3, 2, 50))
    assert s.totals == h.parts.get(HandChairs).totals == (50, 50, 50, -150) and h.totals == (-150, 50, 50)
    assert h.parts.get(HandChairs).lineup == (2, 3, 0, 1)
    assert view_for_chair(s, 2).to_json()["chair_totals"] == [50, 50, 50, -150]


def test_the_seeds_370_made_in_spades_at_five() -> None:
    # seed 000: "370 made with 405 in spades -> 30 from each": at 5, from each of four players
    s = table(5, dealer=0)  # chairs 0 and 2 sit out; E S W are chairs 1, 3, 4
    s = apply(declare(s, 370), Action.bury_(E, parse_cards("TH TD TC")))
    while s.phase == "play":  # E takes every trick: 250 counters
        s = apply(s, Action.play_(turn(s) or E, legal(s, turn(s) or E).cards[0]))
    h = s.history[-1].score
    assert h.made and auction_stake(370, Suit.S) == 30
    assert h.chair_transfers == ((0, 1, 30), (2, 1, 30), (3, 1, 30), (4, 1, 30))
    assert h.chairs == (-30, 120, -30, -30, -30) and sum(s.totals) == 0


def test_sitters_settle_switch_off() -> None:
    s = apply(declare(table(4, dealer=2, rules={"sitters_settle": "false"}), 400), Action.concede_(E))
    h = s.history[-1]
    assert h.score.chair_transfers == ((3, 0, 50), (3, 1, 50)) and s.totals == (50, 50, 0, -100)


def test_the_match_is_three_deals_per_player() -> None:
    for players in (4, 5):
        s = new_match(seed=9, game="auction", players=players)
        rng = random.Random(players)
        while s.phase != "match_end":
            s = apply(s, _random_action(s, rng))
        assert len(s.history) >= 3 * players and len(s.totals) == players
        assert s.winner is not None and s.totals[s.winner] == max(s.totals) and s.totals.count(max(s.totals)) == 1
        assert view_for_chair(s, 0).to_json()["winner"] == f"chair {s.winner}"
        assert view_for_chair(s, 0).deals == 3 * players


# ---------------------------------------------------------------- views and actions of the chairs


def test_a_chair_sitting_out_sees_only_what_everyone_sees() -> None:
    s = table(5, dealer=0)  # chairs 0 (the dealer) and 2 sit out
    for chair in (0, 2):
        v = view_for_chair(s, chair)
        j = v.to_json()
        assert v.sits_out and v.chair == chair and v.hand == () and not v.legal.any()
        assert j["hand"] == [] and "widow" not in j and j["sits_out"] is True and j["chairs_out"] == [0, 2]
        assert j["lineup"] == {"N": 0, "E": 1, "S": 3, "W": 4} and j["chair"] == chair
    active = view_for_chair(s, 3)
    assert active.seat == S and not active.sits_out and len(active.hand) == 15 and active.legal == legal(s, S)
    s = declare(s, 350)  # the meld (320) does not make it: E buries
    # the widow is turned up for everyone, the sitters too; the meld is shown
    assert view_for_chair(s, 2).to_json()["widow"] == ["AS", "QD", "JD"]
    assert view_for_chair(s, 2).melds[E] is not None
    s = apply(s, Action.bury_(E, parse_cards("TH TD TC")))
    assert "buried" not in view_for_chair(s, 2).to_json()
    assert view_for_chair(s, 1).to_json()["buried"] == ["TH", "TD", "TC"]


def refused(s: State, chair: int, action: Action, message: str) -> None:
    before = json.dumps([view_for_chair(s, c).to_json() for c in range(s.table_size)])
    with pytest.raises(IllegalAction, match=message):
        apply_for_chair(s, chair, action)
    assert json.dumps([view_for_chair(s, c).to_json() for c in range(s.table_size)]) == before


def test_a_chair_sitting_out_cannot_act() -> None:
    s = table(4, dealer=2)
    refused(s, 2, Action.pass_(N), r"chair 2 \(the dealer\) sits this hand out: the players are chairs 3, 0, 1")
    refused(s, 2, Action.bid_(E, 250), r"chair 2 \(the dealer\) sits this hand out")
    with pytest.raises(IllegalAction, match="N is the dealer's place: chair 2, the dealer, sits this hand out"):
        apply(s, Action.pass_(N))
    five = table(5, dealer=0)
    refused(five, 2, Action.pass_(E), "chair 2 sits this hand out: the players are chairs 1, 3, 4")
    refused(five, 3, Action.pass_(E), "chair 3 sits at S this hand, not E")
    refused(five, 7, Action.pass_(E), "chair 7: the chairs are 0 to 4")
    assert apply_for_chair(five, 1, Action.pass_(E)).calls == (None,)
    with pytest.raises(ValueError, match="chair 5: the chairs are 0 to 4"):
        view_for_chair(five, 5)


# ---------------------------------------------------------------- the opening house rules (seed 000)


def test_dealer_forced_after_two_passes() -> None:
    s = new_match(seed=1, game="auction", first_dealer=W, deals=[worked_deal()],
                  rules=with_switches(AUCTION.rules, {"opening": "dealer-forced"}))
    assert legal(s, E).pass_  # the rule is the dealer's only
    s = apply(apply(s, Action.pass_(E)), Action.pass_(S))
    assert turn(s) == W and not legal(s, W).pass_ and legal(s, W).min_bid == 250
    with pytest.raises(IllegalAction, match="after two passes the dealer's seat must bid 250 or more"):
        apply(s, Action.pass_(W))
    s = apply(s, Action.bid_(W, 270))  # at least 250: W may bid more
    assert s.declarer == W and s.bid == 270


def test_dealer_forced_at_four_applies_to_the_seat_that_calls_last() -> None:
    s = table(4, dealer=0, rules={"opening": "dealer-forced"})  # the dealer sits out; W calls last
    s = apply(apply(s, Action.pass_(E)), Action.pass_(S))
    assert turn(s) == W and not legal(s, W).pass_
    refused(s, 3, Action.pass_(W), "after two passes the dealer's seat must bid 250 or more")


def test_dealer_opens_at_290_or_from_320() -> None:
    rules = with_switches(AUCTION.rules, {"opening": "dealer-290-320"})
    s = new_match(seed=1, game="auction", first_dealer=W, deals=[worked_deal()], rules=rules)
    s = apply(apply(s, Action.pass_(E)), Action.pass_(S))
    lg = legal(s, W)
    assert lg.pass_ and lg.min_bid == 290 and lg.skip_bids == (300, 310)
    assert lg.to_json()["bid"] == {"min": 290, "step": 10, "max": 10_000, "skip": [300, 310]}
    assert [a.bid for a in lg.actions(W, max_bid=330) if a.type == "bid"] == [290, 320, 330]
    for bad in (250, 280, 300, 310):
        with pytest.raises(IllegalAction, match="may pass or open at 290, or at 320 and up"):
            apply(s, Action.bid_(W, bad))
    assert apply(s, Action.bid_(W, 290)).bid == 290 and apply(s, Action.bid_(W, 320)).bid == 320
    assert apply(s, Action.pass_(W)).hand_no == 1  # a pass throws the hand in
    # after a bid the dealer overcalls as usual
    s = apply(apply(new_match(seed=1, game="auction", first_dealer=W, rules=rules), Action.bid_(E, 250)),
              Action.pass_(S))
    assert legal(s, W).min_bid == 260 and legal(s, W).skip_bids == ()


def test_first_bid_of_300() -> None:
    s = new_match(seed=1, game="auction", first_dealer=W, deals=[worked_deal()] * 2,
                  rules=with_switches(AUCTION.rules, {"opening": "first-300"}))
    assert not legal(s, E).pass_ and legal(s, E).min_bid == 300
    with pytest.raises(IllegalAction, match="the seat left of the dealer must open at 300 or more"):
        apply(s, Action.pass_(E))
    with pytest.raises(IllegalAction, match="must open at 300 or more"):
        apply(s, Action.bid_(E, 250))
    # the forced 300 stands and E, in hearts (a meld of 210), concedes: the minimum stake, 5 to each
    conceded = apply(declare(s, 300, Suit.H), Action.concede_(E))
    assert conceded.history[-1].score.transfers == ((E, S, 5), (E, W, 5))
    assert auction_stake(250, Suit.H) == 5 and auction_stake(300, Suit.H) == 10
    # a higher opening is the bidder's choice: conceded, it pays as usual
    assert apply(declare(s, 310, Suit.H), Action.concede_(E)).history[-1].score.transfers == ((E, S, 10), (E, W, 10))
    # without the rule, conceding 300 pays 10
    free = new_match(seed=1, game="auction", first_dealer=W, deals=[worked_deal()])
    assert apply(declare(free, 300, Suit.H), Action.concede_(E)).history[-1].score.transfers == (
        (E, S, 10), (E, W, 10))
    rec = hand_record(conceded.history[-1], AUCTION, conceded.rules)
    assert rec["rules"] == {"opening": "first-300"} and replay(rec)["score"] == {"E": -10, "S": 5, "W": 5}


@pytest.mark.parametrize(("rules", "switches", "message"), [
    (TABLE_GAME.rules, {"opening": "first-300"},
     "the opening switch is for double-deck, cutthroat, auction; the table rules have no such rule"),
    (CUTTHROAT.rules, {"opening": "dealer-290-320"},
     "the opening dealer-290-320 bids 29, which is not a bid of the cutthroat rules"),
    (AUCTION.rules, {"opening": "dealer-300"}, "opening is one of free, dealer-forced, dealer-290-320, first-300"),
    (AUCTION.rules, {"stake_step": "2"}, "the stake_step switch is for cutthroat; the auction rules have no such"),
    (TABLE_GAME.rules, {"sitters_settle": "false"}, "the sitters_settle switch is for auction; the table rules"),
    # found by rules reviews: accepted, named in the rules, and then ignored by the game's scoring or flow
    (CUTTHROAT.rules, {"meld_needs_trick": "true"}, "the meld_needs_trick switch is for table, partnership-pass, "
     "racehorse, turned-trump, britannica, double-deck; the cutthroat rules have no such rule"),
    (AUCTION.rules, {"meld_needs_trick": "true"}, "the auction rules have no such rule"),
    (TWO_HANDED.rules, {"meld_needs_trick": "true"}, "the two-handed rules have no such rule"),
    (TWO_HANDED.rules, {"no_bid": "redeal"}, "the two-handed rules have no such rule"),
    (TWO_HANDED.rules, {"min_bid": "300"}, "the two-handed rules have no such rule"),
    (TWO_HANDED.rules, {"first_lead": "declarer"},
     r"the two-handed rules have no such rule \(theirs: must_beat, must_trump, head_ruffed, draw_first, "
     r"double_pinochle_later\)"),
    (find("racehorse").rules, {"no_bid": "dealer"}, "the racehorse rules have no such rule"),
    (find("britannica").rules, {"no_bid": "redeal"}, "the britannica rules have no such rule"),
    (find("turned-trump").rules, {"first_lead": "declarer"}, "the turned-trump rules have no such rule"),
    (find("turned-trump").rules, {"min_bid": "300"}, "the turned-trump rules have no such rule"),
    (TABLE_GAME.rules, {"head_ruffed": "true", "must_beat": "never"}, "head_ruffed is a rule of must_beat=always"),
])
def test_switches_for_another_game_are_refused(rules: object, switches: dict[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        with_switches(rules, switches)  # type: ignore[arg-type]


@pytest.mark.parametrize(("game", "switches"), [
    ("table", {"meld_needs_trick": "false"}), ("racehorse", {"meld_needs_trick": "true"}),
    ("double-deck", {"meld_needs_trick": "false"}), ("cutthroat", {"no_bid": "redeal", "first_lead": "left_of_dealer"}),
    ("auction", {"min_bid": "300"}), ("two-handed", {"draw_first": "winner", "must_trump": "false"}),
    ("two-handed", {"double_pinochle_later": "true"}),
    ("table", {"head_ruffed": "true"}), ("turned-trump", {"meld_needs_trick": "true"}),
])
def test_switches_a_game_uses_are_taken(game: str, switches: dict[str, str]) -> None:
    rules = with_switches(find(game).rules, switches)
    assert {k: str(getattr(rules, k)).lower() for k in switches} == switches


def test_every_switch_is_taken_by_some_game_and_every_game_names_real_switches() -> None:
    """VARIANTS.md's house switches "for any game where they make sense": each game declares its own."""
    from pinochle.games import GAMES, SWITCHES

    taken = {k for g in GAMES.values() if g.playable for k in g.switches}
    assert taken == set(SWITCHES)
    assert all(set(g.switches) <= set(SWITCHES) for g in GAMES.values())


# ---------------------------------------------------------------- cutthroat's stake switch


def test_cutthroat_two_per_five() -> None:
    # VARIANTS.md cutthroat: "1 for 30, plus 1 for each further 5: a switch for 2"
    rules = with_switches(CUTTHROAT.rules, {"stake_step": "2"})
    assert rules.stake_step == 2 and [stake(b, per_band=2) for b in (30, 35, 45)] == [1, 3, 7]
    for r, each in ((CUTTHROAT.rules, 2), (rules, 3)):
        s = new_match(seed=1, game="cutthroat", rules=r, first_dealer=W, deals=[worked_deal()])
        s = apply(declare(s, 35), Action.concede_(E))
        assert s.history[-1].score.transfers == ((E, S, each), (E, W, each))
    rec = hand_record(s.history[-1], CUTTHROAT, s.rules)
    assert rec["rules"] == {"stake_step": "2"} and replay(rec)["score"] == {"E": -6, "S": 3, "W": 3}


# ---------------------------------------------------------------- records


def test_a_match_record_at_four_stores_the_lineups_and_replays() -> None:
    s = finish_hand(table(4, dealer=1, deals=2))
    s = finish_hand(apply(s, Action.deal_(E)))
    rec = json.loads(json.dumps(match_record(s)))
    assert rec["players"] == 4
    assert [h["lineup"] for h in rec["hands"]] == [{"N": 1, "E": 2, "S": 3, "W": 0},
                                                  {"N": 2, "E": 3, "S": 0, "W": 1}]
    assert all(h["dealer"] == "N" and h["players"] == 4 for h in rec["hands"])
    out = replay(rec)
    assert out["players"] == 4 and out["totals"] == list(s.totals) and out["winner"] is None
    assert out["hands"][0]["chairs"] == list(s.history[0].score.chairs)  # type: ignore[index]
    # a lineup that skips a chair, a missing lineup, a dealer at a seat in play
    bad = json.loads(json.dumps(rec))
    bad["hands"][1]["lineup"] = {"N": 3, "E": 0, "S": 1, "W": 2}
    with pytest.raises(BadRecord, match="the deal passes left: hand 2 is dealt by chair 2"):
        replay(bad)
    del bad["hands"][1]["lineup"]
    with pytest.raises(BadRecord, match="a table of 4 or 5 names who sits where"):
        replay(bad)
    bad = json.loads(json.dumps(rec))
    bad["hands"][0]["lineup"]["S"] = 0
    with pytest.raises(BadRecord, match="when chair 1 deals the lineup is") as bad_lineup:
        replay(bad)
    # the lineups in the message are JSON, as the record writes them (null: nobody there)
    assert '{"N": 1, "E": 2, "S": 3, "W": 0}, not {"N": 1, "E": 2, "S": 0, "W": 0}' in str(bad_lineup.value)
    bad["hands"][0]["lineup"]["S"] = 3
    bad["hands"][0]["dealer"] = "E"
    with pytest.raises(BadRecord, match="at a table of 4 or 5 the dealer sits out at N, not E"):
        replay(bad)
    with pytest.raises(BadRecord, match="the auction game is played by 3, 4, 5 players, not 6"):
        replay({**rec, "players": 6})


def test_old_records_read_as_before() -> None:
    s = finish_hand(new_match(seed=1, game="auction", first_dealer=W, deals=[worked_deal()]))
    rec = match_record(s)
    assert "players" not in rec and all("lineup" not in h for h in rec["hands"])  # type: ignore[attr-defined]
    assert replay(rec)["totals"] == dict(zip("ESW", s.totals))
    with pytest.raises(BadRecord, match="a lineup is for a table of 4 or 5"):
        replay({**hand_record(s.history[-1], AUCTION), "lineup": {"N": 0, "E": 1, "S": 2, "W": 3}})


# ---------------------------------------------------------------- properties at 4 and 5


def _random_action(s: State, rng: random.Random) -> Action:
    auto = auto_action(s)
    if auto is not None:
        return auto
    who = turn(s)
    assert who is not None
    lg = legal(s, who)
    if lg.min_bid is not None and (rng.random() < 0.45 or not lg.pass_):
        return rng.choice([a for a in lg.actions(who, lg.min_bid + 5 * lg.bid_step) if a.type == "bid"])
    if lg.pass_:
        return Action.pass_(who)
    if lg.bury:
        if rng.random() < 0.2:
            return Action.concede_(who)
        return Action.bury_(who, rng.sample(lg.bury_from, lg.bury))
    return rng.choice(legal_actions(s, who))


CARD_NAMES = frozenset(str(c) for c in CARDS)


def _tokens(obj: object) -> list[str]:
    """Every card token in a view's JSON (strings that are card names)."""
    if isinstance(obj, dict):
        return [t for v in obj.values() for t in _tokens(v)]
    if isinstance(obj, list):
        return [t for v in obj for t in _tokens(v)]
    return [obj] if isinstance(obj, str) and obj in CARD_NAMES else []


QUICK = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize(("players", "opening"), [
    (4, "free"), (5, "free"), (4, "dealer-forced"), (5, "dealer-290-320"), (5, "first-300")])
@QUICK
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_random_matches_at_four_and_five(players: int, opening: str, seed: int) -> None:
    rng = random.Random(seed)
    rules = with_switches(AUCTION.rules, {"opening": opening})
    s = new_match(seed=seed, game="auction", players=players, rules=rules)
    dealer = 0
    deals = 0
    while s.phase != "match_end":
        if s.phase == "auction" and not s.calls and deals < len(s.history) + len(s.thrown) + 1:
            # a new deal: the next chair deals and sits out with (at 5) the chair second to its left
            assert s.lineup[N] == dealer and s.lineup == lineup_for(players, dealer, THREE_ALONE)
            assert sitting_out(s) == tuple(sorted({dealer} | ({(dealer + 2) % 5} if players == 5 else set())))
            dealer = (dealer + 1) % players
            deals += 1
        _check_views(s, players)
        s = apply(s, _random_action(s, rng))
        assert deck_check(s) and sum(s.totals) == 0
        if s.phase in ("hand_end", "match_end") and s.history and s.history[-1].number == s.hand_no + 1:
            h = s.history[-1].score
            assert sum(h.chairs) == 0 and len(h.chairs) == players
            dc = s.history[-1].parts.get(HandChairs).lineup[s.history[-1].parts.get(Contract).declarer or 0]
            assert all(dc in (a, b) for a, b, _ in h.chair_transfers) and len(h.chair_transfers) == players - 1
            assert len({n for _, _, n in h.chair_transfers}) == 1  # the sitters settle as each opponent
    assert len(s.history) >= 3 * players
    rec = json.loads(json.dumps(match_record(s)))
    out = replay(rec)
    assert out["totals"] == list(s.totals) and out["winner"] == f"chair {s.winner}"
    assert [h.get("lineup") for h in out["hands"]] == [h["lineup"] for h in rec["hands"]]  # type: ignore[attr-defined]


def _check_views(s: State, players: int) -> None:
    """No chair's view shows a card it may not see; a chair sitting out holds none and has no move."""
    public = {str(c) for t in s.tricks for c in t.cards} | {
        str(c) for m in s.melds if m is not None for c in m.shown()} | (
        {str(c) for c in unpack(s.widow)} if s.declarer is not None else set())
    for chair in range(players):
        v = view_for_chair(s, chair)
        seat = seat_of_chair(s, chair)
        j = v.to_json()
        mine = {str(c) for c in unpack(s.hands[seat])} if seat is not None else set()
        buried = {str(c) for c in s.buried} if seat is not None and seat == s.declarer else set()
        assert set(_tokens(j)) <= mine | public | buried, f"chair {chair} sees a hidden card"
        assert v.sits_out is (seat is None) and v.chair == chair and list(v.chair_totals) == list(s.totals)
        if seat is None:
            assert v.hand == () and not v.legal.any()


def test_a_thrown_in_hand_at_five_passes_the_deal_and_replays() -> None:
    s = table(5, dealer=3, deals=2)
    for seat in (E, S, W):
        s = apply(s, Action.pass_(seat))
    assert s.hand_no == 1 and s.lineup == lineup_for(5, 4, THREE_ALONE) and s.thrown[0].parts.get(HandChairs).lineup == (3, 4, 1, 2)
    s = finish_hand(s)
    rec = json.loads(json.dumps(match_record(s)))
    assert rec["hands"][0]["thrown_in"] is True and rec["hands"][0]["lineup"] == {"N": 3, "E": 4, "S": 1, "W": 2}
    out = replay(rec)
    first: object = out["hands"][0]  # type: ignore[index]
    assert first == {"thrown_in": True, "dealer": "N", "lineup": {"N": 3, "E": 4, "S": 1, "W": 2}}
    assert out["totals"] == list(s.totals)


def test_views_at_a_table_of_four_keep_the_three_seat_shape() -> None:
    s = replace(table(4, dealer=0), totals=(1, 2, 3, -6))  # chairs 1, 2, 3 at E S W
    j = view(s, S).to_json()
    assert j["totals"] == {"E": 2, "S": 3, "W": -6} and j["chair_totals"] == [1, 2, 3, -6]
    assert j["chair"] == 2 and j["sits_out"] is False
    assert set(j["hand_sizes"]) == {"E", "S", "W"}  # type: ignore[call-overload]
