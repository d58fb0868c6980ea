"""The two-handed computer players (pinochle/bots/stock.py) and the two-handed arena:
legal moves through whole hands at every level, the exact endgame search, Hard's samples drawn only
from the unseen cards, and the duplicate arena on two deals."""

from __future__ import annotations

import io
import json
import random

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pinochle.arena import run_arena
from pinochle.bots import for_level
from pinochle.bots import stock as bots_stock
from pinochle.bots.stock import _opp_known, endgame_values, sample_unseen, stock_knowledge
from pinochle.cards import Card, Seat, pack, parse_cards, unpack
from pinochle.game import Action, State, apply, auto_action, legal_actions, new_match, turn, view
from pinochle.games.two_handed import TWO_HANDED_RULES
from pinochle.tricks import beats, legal_function
from pinochle.stock import StockPlay


def _play_hand(state: State, levels: tuple[str, str], seed: int, check: bool = True) -> State:
    players = {0: for_level(levels[0], seed), 2: for_level(levels[1], seed + 1)}
    while state.phase not in ("hand_end", "match_end"):
        action = auto_action(state)
        if action is None:
            seat = turn(state)
            assert seat is not None
            action = players[seat].act(view(state, seat))
            if check:
                assert action in legal_actions(state, seat), (state.phase, action)
        state = apply(state, action)
    return state


@pytest.mark.parametrize("levels", [("easy", "normal"), ("normal", "hard")])
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000))
def test_every_level_plays_only_legal_moves_through_a_whole_hand(levels: tuple[str, str], seed: int,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bots_stock, "HARD_SAMPLES", 2)  # the same code path, a smaller budget
    state = _play_hand(new_match(seed=seed, game="two-handed"), levels, seed)
    hand = state.history[-1]
    assert sum(hand.score.tricks) == 24 and sum(hand.score.counters) == 250


def _brute(mine: list[int], theirs: list[int], led: int | None, i_lead: bool, trump: int) -> dict[int, int]:
    """Each legal card's value by plain minimax over every line (the oracle)."""
    rules = TWO_HANDED_RULES
    legal = legal_function(rules)
    ctr = [rules.counters[c % 6] for c in range(24)]

    def follow(hand: list[int], a: int) -> list[int]:
        mask = legal(sum(1 << c for c in set(hand)), a // 6, a, trump)
        return sorted({c for c in hand if mask >> c & 1})

    def rest(lead: list[int], fol: list[int]) -> int:
        if not lead:
            return 0
        return max(trick(lead, fol, a) for a in set(lead))

    def trick(lead: list[int], fol: list[int], a: int) -> int:
        la = list(lead)
        la.remove(a)
        out = []
        for b in follow(fol, a):
            fb = list(fol)
            fb.remove(b)
            pts = ctr[a] + ctr[b] + (rules.last_trick if not la else 0)
            out.append(-pts - rest(fb, la) if beats(b, a, trump) else pts + rest(la, fb))
        return min(out)

    if i_lead:
        return {a: trick(mine, theirs, a) for a in set(mine)}
    assert led is not None
    out = {}
    for b in follow(mine, led):
        mb = list(mine)
        mb.remove(b)
        pts = ctr[led] + ctr[b] + (rules.last_trick if not mb else 0)
        out[b] = pts + rest(mb, theirs) if beats(b, led, trump) else -pts - rest(theirs, mb)
    return out


def test_the_follower_heads_a_led_king_with_the_ace_not_the_other_king() -> None:
    # Hearts trump. Me: J♣ K♠, leading K♠; the opponent: K♠ A♠. Their K♠ only ties (the first
    # played wins), their A♠ heads it: A♠ (-20), then their K♠ takes my J♣ discard with the last
    # trick (-20): -40. Treating the two as one card valued the lead at +40.
    mine, theirs = parse_cards("JC KS"), parse_cards("KS AS")
    values = endgame_values(pack(mine), pack(theirs), [], 1, TWO_HANDED_RULES, True)
    assert values[Card.parse("KS")] <= -40 and max(values.values()) == values[Card.parse("JC")]


def test_the_endgame_search_leads_the_trump_ten_into_the_ace() -> None:
    # Hearts trump. Me: T♥ A♠; the opponent: A♥ K♠. Cashing A♠ first loses the last trick
    # (+20, then A♥ beats T♥ for 20 and the last 10: -10); leading T♥ forces A♥ out (-20), and
    # the opponent's K♠ then falls to A♠ with the last trick (+30): +10.
    mine, theirs = parse_cards("TH AS"), parse_cards("AH KS")
    values = endgame_values(pack(mine), pack(theirs), [], 1, TWO_HANDED_RULES, True)
    best = max(values, key=lambda c: values[c])
    assert best == Card.parse("TH") and values[best] == 10


def test_equal_cards_are_split_by_the_other_side_s_twin_of_the_higher() -> None:
    # Hearts trump; the opponent leads J♥ and holds A♥ 10♠ A♠; me: 9♣ 10♣ Q♦ A♠, no heart, so
    # any discard, and J♥ wins. Whatever I throw, the opponent takes every trick after: leading
    # A♠ my A♠ only ties it and loses (the first played wins), and A♥ 10♠ fall to nothing of
    # mine; every card is worth -60 (A♠ thrown: 10, then 40 and the last 10). Their 10♠ and A♠
    # are not one class: my A♠ heads the 10♠ but not their A♠. Valued as one, 9♣ 10♣ Q♦ were -20.
    mine, theirs = parse_cards("9C TC QD AS"), parse_cards("AH TS AS")
    values = endgame_values(pack(mine), pack(theirs), [Card.parse("JH")], 1, TWO_HANDED_RULES, False)
    assert values == {int(c): -60 for c in mine}


def test_a_card_valued_as_the_best_is_worth_the_best() -> None:
    # Spades trump. Me: 9♠ 10♠ J♥, leading; the opponent: 9♣ A♥ J♠. 10♠ draws J♠ (+10), then
    # J♥ gives A♥ (-10) and my 9♠ trumps the 9♣ lead with the last trick (+10): +10. J♥ first:
    # A♥ (-10), then my 10♠ heads J♠ or trumps 9♣, and the last trick is mine too: +10. 9♠
    # first: J♠ heads it (0), and the opponent leads 9♣ to draw my 10♠ (+10) and takes my J♥
    # with A♥ and the last trick (-20): -10. Valued 10 as a cut-off bound tied with the best,
    # the lowest-card tie-break played 9♠.
    mine, theirs = parse_cards("9S TS JH"), parse_cards("9C AH JS")
    values = endgame_values(pack(mine), pack(theirs), [], 0, TWO_HANDED_RULES, True)
    assert values[Card.parse("TS")] == values[Card.parse("JH")] == 10 and values[Card.parse("9S")] < 10


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 100_000), size=st.integers(1, 4), lead=st.booleans())
@example(seed=4, size=4, lead=False)  # a cut-off move's bound lies above its true value
@example(seed=27, size=4, lead=False)  # the follower's K and A of the led K's suit are not one class
@example(seed=195, size=4, lead=False)  # the leader's 10 and A are split by the follower's A (its twin)
@example(seed=18, size=3, lead=True)  # a worse card's cut-off bound tied with the best value
def test_the_endgame_search_finds_the_best_value(seed: int, size: int, lead: bool) -> None:
    rng = random.Random(seed)
    deck = [c for c in range(24) for _ in range(2)]
    rng.shuffle(deck)
    trump = rng.randrange(4)
    mine = deck[:size]
    theirs = deck[size:2 * size]
    led = None if lead else theirs.pop()
    got = endgame_values(pack(mine), pack(theirs), [] if led is None else [led], trump, TWO_HANDED_RULES, lead)
    want = _brute(mine, theirs, led, lead, trump)
    assert set(got) == set(want)
    best = max(got, key=lambda c: got[c])
    assert got[best] == max(want.values()) == want[best]
    # the others are proven no better: a cut-off move's value is an upper bound of its true value,
    # below the best (a card valued as the best is worth it: the tie-break picks among them)
    assert all(want[c] <= got[c] <= got[best] for c in got)
    assert all(want[c] == got[c] for c in got if got[c] == got[best])


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), stop=st.integers(0, 40))
def test_hard_samples_only_the_cards_the_view_does_not_show(seed: int, stop: int) -> None:
    state = new_match(seed=seed, game="two-handed")
    players = {0: for_level("easy", seed), 2: for_level("easy", seed + 1)}
    moves = 0
    checked = 0
    while state.phase not in ("hand_end", "match_end") and checked < 3:
        action = auto_action(state)
        if action is None:
            seat = turn(state)
            assert seat is not None
            v = view(state, seat)
            if state.phase == "stock_play" and moves >= stop:
                assert state.stock is not None
                s = stock_knowledge(v)
                hidden = sorted([*unpack(state.hands[2 - seat]), *state.stock.stock])
                for c in _opp_known(s):  # a card known in the opponent's hand is there
                    assert c in unpack(state.hands[2 - seat])
                rng = random.Random(moves)
                for _ in range(5):
                    sample = sample_unseen(s, rng)
                    assert sample is not None
                    opp, stock = sample
                    assert sorted(opp + stock) == hidden  # exactly the cards nobody sees
                    assert len(opp) == len(unpack(state.hands[2 - seat])) and len(stock) == len(state.stock.stock)
                    assert all(c in opp for c in _opp_known(s))
                checked += 1
            action = players[seat].act(v)
            moves += 1
        state = apply(state, action)


def test_hard_knows_the_turned_card_the_opponent_took_for_the_dix() -> None:
    from tests.test_two_handed import deal, draws, play  # the worked examples' deal builder

    state = deal("9C 9C KS QS", "AD", "AC")  # clubs trump, the A♣ turned; S leads
    state = play(play(state, Seat.S, "AD"), Seat.N, "9C")  # N trumps with a dix and wins
    state = apply(state, Action.dix_(Seat.N))  # N exchanges it for the A♣
    state = draws(apply(state, Action.pass_(Seat.N)))
    s = stock_knowledge(view(state, Seat.S))
    assert _opp_known(s) == [Card.parse("AC")]
    for k in range(5):
        sample = sample_unseen(s, random.Random(k))
        assert sample is not None and Card.parse("AC") in sample[0]


def test_the_arena_plays_two_handed_duplicate_deals_with_records() -> None:
    out = io.StringIO()
    r = run_arena("normal", "easy", deals=2, seed=3, matches=0, workers=1, game="two-handed", records=out)
    assert len(r.values) == 2 and r.plays == 2
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    assert len(lines) == 4 and all(x["arena"]["players"] == ["normal", "easy"] for x in lines)
    # a player against itself scores exactly 0 on duplicate deals (the seeds mirror)
    assert run_arena("easy", "easy", deals=2, seed=3, matches=0, workers=1, game="two-handed").mean_diff == 0


def test_pinochle_arena_game_two_handed_on_the_command_line() -> None:
    from pinochle.cli import main

    out = io.StringIO()
    code = main(["arena", "--game", "two-handed", "--a", "easy", "--b", "easy", "--deals", "1", "--matches", "0",
                 "--workers", "1", "--json"], stdout=out)
    result = json.loads(out.getvalue())
    assert code == 0 and result["game"] == "two-handed" and result["hands"] == 2 and result["mean_diff"] == 0


# ---------------------------------------------------------------- the house rule double_pinochle_later


def _counts(text: str) -> list[int]:
    out = [0] * 24
    for c in parse_cards(text):
        out[c] += 1
    return out


def test_the_players_plan_a_double_pinochle_grown_from_a_pinochle_only_under_the_switch() -> None:
    """The shapes Normal and Hard plan with follow the engine (pinochle.games.two_handed.grows): under
    ``double_pinochle_later`` a pinochle on the table and the second Q♠ J♦ in hand make the double
    pinochle; by default they do not."""
    from tests.test_two_handed import LATER

    laid = [(int(Card.parse("QS")), ("pinochle",)), (int(Card.parse("JD")), ("pinochle",))]
    hand = _counts("QS JD")
    for rules, want in ((TWO_HANDED_RULES, ("pinochle", 40)), (LATER, ("double pinochle", 300))):
        best = bots_stock.best_meld(hand, laid, 1, rules)
        assert best is not None and (best.name, best.points) == want
        double = next(s for s in bots_stock.shapes(1, rules) if s.name == "double pinochle")
        assert bots_stock.can_declare(hand, laid, double) is (rules is LATER)
    assert bots_stock.best_meld(_counts("AS"), laid + laid, 1, LATER) is None  # a card from the hand


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_grows_its_pinochle_into_the_double_under_the_switch(level: str) -> None:
    """N has a pinochle on the table and the second Q♠ J♦ in hand after a trick won: every level
    declares the double pinochle (300, the biggest meld offered; a second pinochle would lay all four
    down for 40)."""
    from tests.test_two_handed import LATER, _pinochle_then_a_second

    state = _pinochle_then_a_second(LATER)
    action = for_level(level, 1).act(view(state, Seat.N))
    assert action.type == "meld" and sorted(map(str, action.cards)) == ["JD", "JD", "QS", "QS"]


def test_normal_lays_the_pinochle_first_while_the_stock_is_long_only_under_the_switch() -> None:
    """With both Q♠ and both J♦ in hand after the first trick (24 cards to draw), Normal melds the
    pinochle first under the switch (40 now, the double pinochle's 300 later: 340) and the double
    pinochle at once without it (Hard melds as Normal); Easy always melds its biggest meld."""
    from tests.test_two_handed import LATER, deal, play

    for rules, normal_cards in ((TWO_HANDED_RULES, ["JD", "JD", "QS", "QS"]), (LATER, ["JD", "QS"])):
        state = deal("QS QS JD JD KH", "AD", "9H", rules=rules)
        state = play(play(state, Seat.S, "AD"), Seat.N, "KH")
        v = view(state, Seat.N)
        assert sorted(map(str, for_level("normal", 1).act(v).cards)) == normal_cards
        assert sorted(map(str, for_level("hard", 1).act(v).cards)) == normal_cards  # Normal's melds
        assert sorted(map(str, for_level("easy", 1).act(v).cards)) == ["JD", "JD", "QS", "QS"]


@pytest.mark.parametrize("levels", [("easy", "normal"), ("normal", "hard")])
@settings(max_examples=1, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000))
@example(seed=20)
def test_every_level_plays_only_legal_moves_under_the_switch(levels: tuple[str, str], seed: int,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.test_two_handed import LATER

    monkeypatch.setattr(bots_stock, "HARD_SAMPLES", 2)
    state = _play_hand(new_match(seed=seed, rules=LATER, game="two-handed"), levels, seed)
    hand = state.history[-1]
    assert sum(hand.score.tricks) == 24 and sum(hand.score.counters) == 250
    for side, seat in enumerate((Seat.N, Seat.S)):
        assert sum(d.item.points for d in hand.parts.get(StockPlay).declared if d.seat == seat) == hand.score.meld[side]


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), stop=st.integers(0, 45))
def test_a_two_handed_seats_knowledge_fits_the_real_deal(seed: int, stop: int) -> None:
    """Two-handed's players read the one model of what a seat knows (:class:`Knowledge` with its stock
    part): the real deal (each seat's hand with its table, the stock with the upcard at the empty place
    E) fits every constraint of it, and the hidden cards are exactly the opponent's unknown cards and
    the face-down stock."""
    from pinochle.bots.knowledge import consistent

    state = new_match(seed=seed, game="two-handed")
    players = {0: for_level("easy", seed), 2: for_level("easy", seed + 1)}
    moves = 0
    while state.phase not in ("hand_end", "match_end") and moves <= stop:
        action = auto_action(state)
        if action is None:
            seat = turn(state)
            assert seat is not None
            v = view(state, seat)
            if v.trump is not None and state.stock is not None:
                k = stock_knowledge(v)
                st_ = state.stock
                deal = [0, 0, 0, 0]
                for s in (0, 2):
                    deal[s] = pack([*unpack(state.hands[s]), *(t.card for t in st_.table[s])])
                deal[1] = pack([*st_.stock, *([st_.upcard] if st_.upcard is not None else [])])
                assert consistent(k, deal), (seed, moves)
                opp = 2 - int(seat)
                hidden = sorted([*unpack(state.hands[opp]), *st_.stock])
                assert sorted([*unpack(k.hidden()), *_opp_known(k)]) == hidden
                assert k.trick == tuple(int(c) for c in (state.tricks[-1].cards if state.tricks
                                                          and state.tricks[-1].winner is None else ()))
            action = players[seat].act(v)
            moves += 1
        state = apply(state, action)
