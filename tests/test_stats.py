"""Statistics as a pure function of finished hands and matches (pinochle/stats.py; docs/protocol.md, "Statistics").

- a hand's line holds the seat's own facts: a bid is the seat's own contract, made or set by the hand's
  result, the side's meld and what its total gained; a chair sitting a hand out held no cards, yet the deal counts among its deals (sat out);
- properties over random legal matches of every game: ``made + set + conceded == bids``, ``bids <= hands``,
  ``won <= matches``, ``assisted <= matches``, and the points over a seat's lines are its total on the
  score sheet (the meld, the summaries' meld);
- a hand or a match given twice counts once;
- ``par_per_decision`` is null with no review, and the hook turns reviewed losses into their mean.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle.game import Action, State, apply, auto_action, legal_actions, new_match, turn
from pinochle.games import GAMES
from pinochle.stats import (GameStats, HandLine, MatchLine, hand_line, match_line, no_review, par_per_decision,
                            stats_json, summarize)
from pinochle.parts import Contract, HandChairs

pytestmark = pytest.mark.timeout(600)


def play(game: str, seed: int, players: int | None = None, max_hands: int = 40) -> list[State]:
    """The state after each finished hand of one random legal match (to its end, or ``max_hands`` hands)."""
    rng = random.Random(seed)
    state = new_match(seed=seed, game=game, players=players)
    out: list[State] = []
    while state.phase != "match_end" and len(state.history) < max_hands:
        before = len(state.history)
        state = apply(state, auto_action(state) or random_move(state, rng))
        if len(state.history) > before:
            out.append(state)
    return out


def random_move(state: State, rng: random.Random) -> Action:
    """A random legal move; in the auction a pass more often than not, where a pass is allowed."""
    moves = legal_actions(state)
    passes = [a for a in moves if a.type == "pass"]
    return passes[0] if passes and rng.random() < 0.6 else rng.choice(moves)


def places(state: State) -> tuple[int, ...]:
    """The seats in play, or the chairs at a table of 4 or 5."""
    chaired = state.table_size > state.game.seating.players
    return tuple(range(state.table_size)) if chaired else tuple(state.game.seating.seats)


def lines_of(ends: list[State], place: int) -> tuple[list[HandLine], list[MatchLine]]:
    chaired = ends[0].table_size > ends[0].game.seating.players
    hands = [hand_line(s, "m", place, chaired) for s in ends]
    matches = [match_line(ends[-1], "m", place, chaired)] if ends[-1].phase == "match_end" else []
    return hands, matches


# ---------------------------------------------------------------- one hand's line


def test_a_line_is_the_seats_own_contract_and_its_sides_meld_and_score() -> None:
    for s in play("table", 11, max_hands=6):
        hand = s.history[-1]
        assert hand.parts.get(Contract).declarer is not None
        for seat in range(4):
            line = hand_line(s, "m", seat)
            side = seat % 2
            assert line.played and line.hand == hand.number and line.game == "table"
            assert line.declarer == (seat == hand.parts.get(Contract).declarer)  # the partner's contract is not the seat's bid
            assert line.made == (line.declarer and hand.score.made)
            assert line.meld == hand.score.meld[side]
            assert line.points == hand.score.score[side]


def test_a_chair_sitting_out_plays_no_hand_but_keeps_what_its_total_moved() -> None:
    ends = play("auction", 5, players=5, max_hands=6)
    for s in ends:
        hand = s.history[-1]
        out = [c for c in range(5) if c not in hand.parts.get(HandChairs).lineup[1:4]]
        assert len(out) == 2
        for chair in out:
            line = hand_line(s, "m", chair, chaired=True)
            assert (line.played, line.declarer, line.meld) == (False, False, 0)
        for chair in hand.parts.get(HandChairs).lineup[1:4]:
            assert hand_line(s, "m", chair, chaired=True).played


def test_a_deal_sat_out_at_a_table_of_5_counts_among_the_deals_and_the_chips_per_deal_add_up() -> None:
    """The fifteenth review: three deals of auction at a table of 5, each −5 for the device's chair, one of them
    sat out (and settled as an opponent), showed "Deals played 2" and "Chips per deal −7.5". Played, the three
    of them; −5 a deal."""
    lines = [HandLine("auction", "m", 1, True, False, False, 50, -5, 0), HandLine("auction", "m", 2, True, False, False, 0, -5, 0),
             HandLine("auction", "m", 3, False, False, False, 0, -5, 0)]
    s = summarize(lines, [])["auction"]
    assert (s.hands, s.sat_out, s.points_per_hand, s.meld_per_hand) == (3, 1, -5.0, 16.7)


def test_no_line_before_a_hand_has_finished_and_no_match_line_before_the_end() -> None:
    s = new_match(seed=1)
    with pytest.raises(ValueError, match="no hand has finished"):
        hand_line(s, "m", 0)
    with pytest.raises(ValueError, match="has not ended"):
        match_line(s, "m", 0)


def test_lines_round_trip_through_json_and_a_bad_line_is_named() -> None:
    line = HandLine("cutthroat", "m", 3, True, True, False, 150, -30)
    assert HandLine.from_json(line.to_json()) == line
    assert MatchLine.from_json(MatchLine("table", "m", True).to_json(), assisted=True) == MatchLine("table", "m", True, True)
    with pytest.raises(ValueError, match="no 'points'"):
        HandLine.from_json({k: v for k, v in line.to_json().items() if k != "points"})
    with pytest.raises(ValueError, match="whole number"):
        HandLine.from_json({**line.to_json(), "meld": "150"})


# ---------------------------------------------------------------- the summary


def test_the_summary_of_known_lines() -> None:
    hands = [HandLine("table", "a", 1, True, True, True, 120, 290), HandLine("table", "a", 2, True, True, False, 40, -300),
             HandLine("table", "a", 3, True, False, False, 60, 140), HandLine("cutthroat", "b", 1, True, False, False, 0, -15)]
    matches = [MatchLine("table", "a", True, assisted=True), MatchLine("table", "z", False)]
    got = summarize(hands, matches)
    assert got["table"] == GameStats(matches=2, won=1, hands=3, bids=2, made=1, set=1, meld_per_hand=73.3,
                                     points_per_hand=43.3, par_per_decision=None, assisted=1)
    assert got["cutthroat"] == GameStats(hands=1, meld_per_hand=0.0, points_per_hand=-15.0)
    assert list(got) == ["cutthroat", "table"]
    assert stats_json(got)["games"]["cutthroat"] == {  # type: ignore[index]
        "matches": 0, "won": 0, "hands": 1, "bids": 0, "made": 0, "set": 0, "meld_per_hand": 0.0,
        "points_per_hand": -15.0, "par_per_decision": None, "assisted": 0, "stuck": 0, "stuck_made": 0,
        "conceded": 0, "auction": True, "sat_out": 0}
    assert summarize([], []) == {} and stats_json({}) == {"type": "stats", "games": {}}


def stuck_hand(seed: int = 3) -> State:
    """The first hand of a table match in which everybody passes (the dealer stuck at the minimum), played out."""
    state = new_match(seed=seed)
    while state.phase == "auction":
        state = apply(state, Action.pass_(turn(state)))
    while state.phase not in ("hand_end", "match_end"):
        state = apply(state, auto_action(state) or legal_actions(state)[0])
    return state


def test_a_stuck_dealers_hand_is_not_a_bid_and_is_counted_apart() -> None:
    """RULES.md, Deal and auction 3: when the first three pass, the dealer is stuck at the minimum bid and makes
    no call. The dealer's line says so; the summary counts the hand apart ("Stuck as dealer"), never among
    "Your bids made / set"; the partner's line (not the declarer) has neither."""
    state = stuck_hand()
    hand = state.history[-1]
    contract = hand.parts.get(Contract)
    assert contract.stuck and contract.declarer == state.history[-1].dealer
    dealer = int(contract.declarer)
    line = hand_line(state, "m", dealer)
    assert line.declarer and line.stuck
    assert HandLine.from_json(line.to_json()) == line
    got = summarize([line], [])["table"]
    made = int(hand.score.made)
    assert (got.hands, got.bids, got.made, got.set, got.stuck, got.stuck_made) == (1, 0, 0, 0, 1, made)
    partner = hand_line(state, "m", (dealer + 2) % 4)
    assert not partner.declarer and not partner.stuck
    assert summarize([partner], [])["table"].stuck == 0
    # a line kept before lines said it reads as not stuck
    assert HandLine.from_json({k: v for k, v in line.to_json().items() if k != "stuck"}).stuck is False


def test_a_hand_or_a_match_given_twice_counts_once() -> None:
    h = HandLine("table", "a", 1, True, True, True, 120, 290)
    m = MatchLine("table", "a", True)
    assert summarize([h, h, h], [m, m]) == summarize([h], [m])


def test_a_game_with_matches_and_no_hand_has_null_rates() -> None:
    got = summarize([], [MatchLine("two-handed", "a", False)])["two-handed"]
    assert (got.matches, got.hands, got.meld_per_hand, got.points_per_hand) == (1, 0, None, None)


# ---------------------------------------------------------------- par per decision: the hook for the review


def test_par_is_null_without_a_review_and_the_mean_loss_once_reviews_exist() -> None:
    h = [HandLine("table", "a", 1, True, False, False, 0, 0)]
    assert summarize(h, [])["table"].par_per_decision is None
    assert no_review([10.0, 20.0]) is None
    losses = {"table": [0.0, 0.0, 30.0, 10.0]}
    assert summarize(h, [], losses, par_per_decision)["table"].par_per_decision == 10.0
    assert summarize(h, [], {"table": []}, par_per_decision)["table"].par_per_decision is None
    with pytest.raises(ValueError, match="never negative"):
        par_per_decision([-1.0])


@given(st.lists(st.floats(0, 500, allow_nan=False), max_size=30))
def test_par_is_never_negative_and_never_above_the_largest_loss(losses: list[float]) -> None:
    par = par_per_decision(losses)
    # to one decimal: at most half a tenth over the largest loss by the rounding
    assert par is None if not losses else 0 <= par <= max(losses) + 0.05


# ---------------------------------------------------------------- properties over random matches

SIZES = [(g, None) for g in GAMES if GAMES[g].playable] + [("auction", 4), ("auction", 5)]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(SIZES), seed=st.integers(0, 10**6))
def test_the_figures_add_up_to_the_score_sheet(game: tuple[str, int | None], seed: int) -> None:
    name, players = game
    ends = play(name, seed, players, max_hands=4)
    if not ends:
        return
    last = ends[-1]
    chaired = last.table_size > last.game.seating.players
    for place in places(last):
        hands, matches = lines_of(ends, place)
        s = summarize(hands, matches)[name]
        assert s.made + s.set + s.conceded == s.bids <= s.hands <= len(ends)
        assert s.won <= s.matches and s.assisted <= s.matches
        total = last.totals[place] if chaired else last.totals[last.game.seating.side_of[place]]
        assert sum(h.points for h in hands) == total  # the score sheet's total
        played = [h for h in hands if h.played]
        # a deal a chair sat out is one of its deals (seen, and settled as an opponent): the figures per deal
        # are over every deal, so that they add up to the total
        assert s.hands == len(hands) and s.sat_out == len(hands) - len(played)
        assert s.points_per_hand == (round(total / len(hands), 1) if hands else None)
        sides = [last.game.seating.side_of[p] for p in range(4)]
        if not chaired:
            assert sum(h.meld for h in hands) == sum(r.score.meld[sides[place]] for r in last.history)
        # a seat's bids are the hands it declared with a bid (no auction: none); a stuck dealer's contract
        # is counted apart (RULES.md, Deal and auction 3: the dealer makes no call)
        assert s.bids == sum(1 for e, h in zip(ends, hands) if h.played and e.history[-1].parts.get(Contract).declarer is not None
                             and h.declarer and not e.history[-1].parts.get(Contract).stuck)
        assert s.stuck == sum(1 for e, h in zip(ends, hands) if h.played and h.declarer and e.history[-1].parts.get(Contract).stuck)
        assert s.stuck_made <= s.stuck and s.bids + s.stuck <= s.hands


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from([("cutthroat", None), ("auction", None), ("auction", 4)]), seed=st.integers(0, 10**6))
def test_a_finished_match_has_one_winner_among_the_places(game: tuple[str, int | None], seed: int) -> None:
    name, players = game
    ends = play(name, seed, players, max_hands=60)
    last = ends[-1]
    assert last.phase == "match_end"
    won = []
    for place in places(last):
        hands, matches = lines_of(ends, place)
        s = summarize(hands, matches)[name]
        assert s.matches == 1 and s.won <= 1 and s.assisted == 0
        won.append(s.won)
    assert sum(won) == 1  # a match of a number of deals always has its winner (a tie goes on)


_hand_lines = st.builds(HandLine, st.just("table"), st.sampled_from(["a", "b"]), st.integers(1, 3), st.booleans(),
                        st.booleans(), st.booleans(), st.integers(0, 300), st.integers(-300, 300), stuck=st.booleans())
_match_lines = st.builds(MatchLine, st.just("table"), st.sampled_from(["a", "b"]), st.booleans(), assisted=st.booleans())


@settings(max_examples=200)
@given(st.lists(_hand_lines, max_size=8), st.lists(_match_lines, max_size=4), st.randoms())
def test_the_summary_does_not_depend_on_the_order_of_the_lines(hands: list[HandLine], matches: list[MatchLine],
                                                               rnd: random.Random) -> None:
    """Storage gives a device's lines in no particular order, and two lines of one hand or match may differ
    (two seat tokens of one device at one match: found by the SQLite-against-Redis property test)."""
    shuffled_hands, shuffled_matches = hands[:], matches[:]
    rnd.shuffle(shuffled_hands)
    rnd.shuffle(shuffled_matches)
    assert summarize(hands, matches) == summarize(shuffled_hands, shuffled_matches)
