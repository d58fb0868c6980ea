"""Two-handed Pinochle (VARIANTS.md ``two-handed``; seeds 000, 002; docs/games/two-handed.md):
a worked example per rule, bad input, and properties (cards conserved, views hide the stock's
order and the other hand, a match replays exactly from its actions)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pinochle.cards import Card, Seat, parse_cards, unpack
from pinochle.errors import IllegalAction
from pinochle.game import Action, State, apply, auto_action, legal, legal_actions, new_match, turn, view
from pinochle.games import find, with_switches
from pinochle.games.two_handed import TWO_HANDED_RULES, cards_everywhere, deal_two, declarable, why_not_meld
from pinochle.rules import RuleSet
from pinochle.stock import TableCard
from pinochle.stock import StockPlay
from pinochle.parts import Contract
from soak.secrecy import permute_hidden

N, S = Seat.N, Seat.S


#: The cards that fill the hands, in order, after the named ones: N's filler makes no meld (tens, and
#: jacks of three suits), nor S's (tens and jacks of clubs and diamonds, nines of spades and diamonds,
#: aces of spades and diamonds); no nine of hearts or clubs (the trumps of the examples).
FILL = parse_cards("TD TD JH JH TS TS JC JC TH TH JS JS TC TC JD JD 9D 9D 9S 9S AD AD AS AS")


def deal(north: str, south: str, stock: str, dealer: int = 0, rules: RuleSet | None = None) -> State:
    """A deal with the named cards placed: N's and S's first cards, the stock's first cards (the
    turned card first); :data:`FILL` fills N, then S; the stock gets the rest in deck order."""
    rest = [c for c in range(24) for _ in range(2)]
    placed = [list(parse_cards(x)) if x else [] for x in (north, south, stock)]
    for part in placed:
        for c in part:
            rest.remove(c)
    fill = []
    for c in FILL:
        if c in rest:
            rest.remove(c)
            fill.append(c)
    fill.extend(rest)
    n = placed[0] + fill[:12 - len(placed[0])]
    fill = fill[12 - len(placed[0]):]
    s = placed[1] + fill[:12 - len(placed[1])]
    fill = fill[12 - len(placed[1]):]
    return deal_two(5, n, s, placed[2] + sorted(fill), dealer=dealer, rules=rules)


def play(state: State, seat: Seat, card: str) -> State:
    return apply(state, Action.play_(seat, Card.parse(card)))


def meld_(state: State, seat: Seat, cards: str) -> State:
    return apply(state, Action.meld_(seat, parse_cards(cards)))


def draws(state: State) -> State:
    while state.phase == "draw":
        a = auto_action(state)
        assert a is not None and a.type == "draw"
        state = apply(state, a)
    return state


def hand(state: State, seat: Seat) -> list[str]:
    return sorted(str(c) for c in unpack(state.hands[seat]))


def table(state: State, seat: Seat) -> list[tuple[str, tuple[str, ...]]]:
    assert state.stock is not None
    return [(str(t.card), t.kinds) for t in state.stock.table[seat]]


# ---------------------------------------------------------------- the deal


def test_deal_twelve_each_the_turned_card_under_the_stock_and_the_non_dealer_leads() -> None:
    s = deal("", "", "AH", dealer=0)
    assert s.game is find("two-handed") and s.phase == "stock_play"
    assert len(unpack(s.hands[N])) == len(unpack(s.hands[S])) == 12
    assert str(s.trump) == "H" and s.stock is not None and str(s.stock.upcard) == "AH"
    assert turn(s) == S  # N dealt: the non-dealer leads (seed 000)
    v = view(s, S).to_json()
    assert v["stock_left"] == 24 and v["upcard"] == "AH" and v["trump"] == "H"
    assert s.melds == (None, None, None, None)


def test_a_nine_turned_scores_ten_for_the_dealer() -> None:
    s = deal("", "", "9H", dealer=S)
    m = s.melds[S]
    assert m is not None and m.total == 10 and s.melds[N] is None
    assert view(s, N).to_json()["declared"] == [
        {"seat": "S", "name": "dix turned", "points": 10, "cards": ["9H"], "kind": "dix", "after": 0}]


def test_a_shuffled_deal_conserves_the_deck() -> None:
    s = new_match(seed=11, game="two-handed")
    assert cards_everywhere(s) == [2] * 24 and s.stock is not None and s.stock.left() == 24


# ---------------------------------------------------------------- tricks while the stock lasts


def test_no_duty_to_follow_while_the_stock_lasts() -> None:
    s = deal("AS KH", "TH", "AC")  # clubs trump; S leads
    s = play(s, S, "TH")
    assert Card.parse("AS") in legal(s, N).cards  # N holds K♥ but may throw the A♠
    s = play(s, N, "AS")
    assert s.tricks[-1].winner == S  # an off-suit card does not win


def test_the_first_of_two_identical_cards_wins() -> None:
    s = deal("AH", "AH", "AC")
    s = play(play(s, S, "AH"), N, "AH")
    assert s.tricks[-1].winner == S


# ---------------------------------------------------------------- the meld after a trick won


def test_the_winner_melds_one_combination_before_drawing() -> None:
    s = deal("KS QS 9C", "AD", "AC")
    s = play(s, S, "AD")
    s = play(s, N, "9C")  # a club (trump) wins for N
    assert s.phase == "stock_meld" and turn(s) == N
    names = [m.name for m in legal(s, N).melds]
    assert "marriage" in names and legal(s, N).pass_
    s = meld_(s, N, "KS QS")
    assert table(s, N) == [("KS", ("marriage",)), ("QS", ("marriage",))]
    assert s.melds[N] is not None and s.melds[N].total == 20
    assert "KS" not in hand(s, N) and "QS" not in hand(s, N)
    assert s.phase == "draw"  # one meld a turn, and N holds no dix: the draw follows
    with pytest.raises(IllegalAction, match="a meld is not possible now: both players draw from the stock"):
        meld_(s, N, "KH QH")


def test_meld_without_winning_the_trick_is_refused() -> None:
    s = deal("9C KH QH", "KS QS AD", "AC")
    s = play(play(s, S, "AD"), N, "9C")
    with pytest.raises(IllegalAction, match="it is N's turn, not S's"):
        meld_(s, S, "KS QS")


def test_the_dix_exchange_then_the_second_dix_is_shown() -> None:
    s = deal("9C 9C KS QS", "AD", "AC")  # N holds both dixes; the A♣ is turned
    s = play(play(s, S, "AD"), N, "9C")  # N trumps with one dix and keeps the other
    assert s.tricks[-1].winner == N
    assert legal(s, N).dix
    s = apply(s, Action.dix_(N))
    assert s.stock is not None and str(s.stock.upcard) == "9C" and s.stock.exchanged
    assert "AC" in hand(s, N) and "9C" not in hand(s, N)
    assert s.melds[N] is not None and s.melds[N].total == 10
    with pytest.raises(IllegalAction, match="scored a dix this turn"):
        apply(s, Action.dix_(N))
    s = meld_(s, N, "KS QS")  # the meld besides the dix, in the same turn
    assert s.phase == "draw" and s.melds[N] is not None and s.melds[N].total == 30


def test_the_second_dix_is_shown_on_the_table() -> None:
    s = deal("9C TC", "9C AH 9H", "AC")  # clubs trump; S leads
    s = play(play(s, S, "AH"), N, "TD")  # S wins; N throws a ten
    assert turn(s) == S and legal(s, S).dix
    s = apply(s, Action.dix_(S))  # the first dix: exchanged for the A♣
    assert s.stock is not None and str(s.stock.upcard) == "9C" and "AC" in hand(s, S)
    s = draws(s)
    s = play(play(s, S, "9H"), N, "TC")  # N trumps and wins
    assert turn(s) == N and legal(s, N).dix
    s = apply(s, Action.dix_(N))  # the second dix: shown, no exchange left
    assert s.stock is not None and str(s.stock.upcard) == "9C" and ("9C", ("dix",)) in table(s, N)
    assert s.melds[N] is not None and s.melds[N].total == 10 and s.melds[S] is not None and s.melds[S].total == 10


# ---------------------------------------------------------------- reuse only in a meld of another kind


def test_a_king_in_a_marriage_joins_kings_around_but_never_a_second_marriage() -> None:
    s = deal("KS QS QS KH KH KD KC AC", "AD AD", "9H")  # hearts trump; N dealt, S leads
    s = play(play(s, S, "AD"), N, "KH")  # N's K♥ (trump) wins
    s = meld_(s, N, "KS QS")
    s = draws(s)
    s = play(play(s, N, "AC"), S, "AD")
    assert s.tricks[-1].winner == N
    # the K♠ of the marriage with the second Q♠ from the hand: a meld of the same kind again
    with pytest.raises(IllegalAction, match=r"K♠ on the table has already served a meld of this kind \(marriage\)"):
        meld_(s, N, "KS QS")
    assert ("marriage", 20) not in [(m.name, m.points) for m in legal(s, N).melds]
    s = meld_(s, N, "KS KH KD KC")  # the same K♠ joins kings around: another kind
    assert ("KS", ("marriage", "around-K")) in table(s, N)
    assert s.melds[N] is not None and s.melds[N].total == 10 + 20 + 80  # the turned nine, N dealt


def test_kings_around_with_the_king_of_a_marriage() -> None:
    table_ = (TableCard(Card.parse("KS"), ("marriage",)), TableCard(Card.parse("QS"), ("marriage",)))
    offered = declarable(_pack("QS KH KD KC"), table_, 1, TWO_HANDED_RULES)
    names = [(m.name, m.points) for m in offered]
    assert ("kings around", 80) in names
    assert ("marriage", 20) not in names  # K♠ Q♠ again: both have served a marriage


def _pack(text: str) -> int:
    from pinochle.cards import pack

    return pack(parse_cards(text))


def test_a_royal_marriage_grows_into_a_run_but_a_run_gives_no_royal_marriage_from_its_own_cards() -> None:
    royal = (TableCard(Card.parse("KH"), ("marriage",)), TableCard(Card.parse("QH"), ("marriage",)))
    assert ("run", 150) in [(m.name, m.points) for m in declarable(_pack("AH TH JH"), royal, 1, TWO_HANDED_RULES)]
    run = tuple(TableCard(c, ("run",)) for c in parse_cards("AH TH KH QH JH"))
    assert declarable(0, run, 1, TWO_HANDED_RULES) == ()  # at least one card from the hand
    spare = [(m.name, m.points) for m in declarable(_pack("KH"), run, 1, TWO_HANDED_RULES)]
    assert spare == [("royal marriage", 40)]  # a spare king marries the run's queen (RULES.md)


def test_a_run_with_a_spare_king_and_queen_scores_two_marriages_in_either_order() -> None:
    """docs/games/two-handed.md: melded one at a time, a spare K and a spare Q of trump each marry a run
    card (150 + 40 + 40 = 230); melding the royal marriage first, growing it into the run, then the spare
    K and Q gives the same 230 (seed 000: a card is reused only in a meld of another kind)."""
    def meld_of(hand: str, on_table: tuple[TableCard, ...]) -> list[tuple[str, int]]:
        return [(m.name, m.points) for m in declarable(_pack(hand), on_table, 1, TWO_HANDED_RULES)]

    run = tuple(TableCard(c, ("run",)) for c in parse_cards("AH TH KH QH JH"))
    assert meld_of("KH", run) == [("royal marriage", 40)]
    after_king = tuple(TableCard(t.card, ("run", "marriage")) if str(t.card) == "QH" else t for t in run) + (
        TableCard(Card.parse("KH"), ("marriage",)),)
    assert meld_of("QH", after_king) == [("royal marriage", 40)]  # with the run's king, not yet married
    royal = (TableCard(Card.parse("KH"), ("marriage",)), TableCard(Card.parse("QH"), ("marriage",)))
    assert ("run", 150) in meld_of("AH TH JH", royal)
    grown = tuple(TableCard(c, ("run",)) for c in parse_cards("AH TH JH")) + tuple(
        TableCard(t.card, ("marriage", "run")) for t in royal)
    assert meld_of("KH QH", grown) == [("royal marriage", 40)]


def test_melding_only_cards_already_on_the_table_is_refused() -> None:
    s = deal("KS QS JD AH AH TH KD QD", "TC TC JD", "9H JS JS AS AS")  # hearts trump; S holds no heart
    s = play(play(s, S, "TC"), N, "AH")
    s = meld_(s, N, "KS QS")
    s = draws(s)
    s = play(play(s, N, "TH"), S, "TC")
    s = meld_(s, N, "QS JD")  # the Q♠ of the marriage joins a pinochle
    assert ("QS", ("marriage", "pinochle")) in table(s, N)
    s = draws(s)
    s = play(play(s, N, "AH"), S, "JD")
    assert turn(s) == N and s.phase == "stock_meld"
    before = s
    with pytest.raises(IllegalAction, match="at least one card from your hand: K♠ Q♠ all lie on the table"):
        meld_(s, N, "KS QS")
    assert s == before


def test_not_one_meld_and_a_missing_card_are_named() -> None:
    s = deal("KS QH AC QS", "AD", "9C")
    s = play(play(s, S, "AD"), N, "AC")
    assert turn(s) == N and s.phase == "stock_meld"
    with pytest.raises(IllegalAction, match="K♠ Q♥ is not one meld"):
        meld_(s, N, "KS QH")
    with pytest.raises(IllegalAction, match="declare a meld with its cards"):
        apply(s, Action("meld", N))
    with pytest.raises(IllegalAction, match="no K♥ to meld"):
        meld_(s, N, "KH QH")
    assert why_not_meld(s.hands[N], (), 3, s.rules, parse_cards("KS QS")) is None


# ---------------------------------------------------------------- playing from the table, drawing


def test_a_melded_card_is_played_from_the_table() -> None:
    s = deal("KS QS KH AS", "AD AD", "9H")
    s = play(play(s, S, "AD"), N, "KH")
    s = meld_(s, N, "KS QS")
    s = draws(s)
    assert Card.parse("KS") in legal(s, N).cards
    s = play(s, N, "KS")
    assert table(s, N) == [("QS", ("marriage",))] and "KS" not in hand(s, N)
    assert view(s, S).to_json()["table"]["N"] == [{"card": "QS", "melds": ["marriage"]}]  # type: ignore[index]


def test_both_draw_the_dealer_last() -> None:
    s = deal("AS", "AD", "9H KC QC")  # N dealt: S leads the A♦, N throws the A♠, S wins
    s = play(play(s, S, "AD"), N, "AS")
    assert s.tricks[-1].winner == S and s.phase == "draw"
    assert turn(s) == S  # the non-dealer first, the dealer last (seed 000)
    with pytest.raises(IllegalAction, match="it is S's turn, not N's"):
        apply(s, Action("draw", N))
    s = draws(s)
    assert "KC" in hand(s, S) and "QC" in hand(s, N) and turn(s) == S
    t = deal("TH", "AS", "9H KC QC")  # N (the dealer) trumps and wins: S still draws first
    t = play(play(t, S, "AS"), N, "TH")
    assert t.tricks[-1].winner == N and turn(t) == S
    t = draws(t)
    assert "KC" in hand(t, S) and "QC" in hand(t, N) and turn(t) == N


def test_the_switch_the_winner_draws_first() -> None:
    rules = with_switches(TWO_HANDED_RULES, {"draw_first": "winner"})
    s = deal("TH", "AS", "9H KC QC", dealer=N, rules=rules)
    s = play(play(s, S, "AS"), N, "TH")  # N, the dealer, trumps and wins
    assert turn(s) == N
    s = draws(s)
    assert "KC" in hand(s, N) and "QC" in hand(s, S)


def _to_last_draw(s: State, rng: random.Random) -> State:
    while not (s.phase == "draw" and s.stock is not None and len(s.stock.stock) == 1 and not s.stock.drawn):
        a = auto_action(s) or (Action("pass", turn(s)) if s.phase == "stock_meld"  # type: ignore[arg-type]
                               else rng.choice(legal_actions(s)))
        s = apply(s, a)
    return s


def test_the_last_stock_card_to_the_winner_the_upcard_to_the_loser_then_the_endgame() -> None:
    s = _to_last_draw(new_match(seed=4, game="two-handed"), random.Random(4))
    assert s.stock is not None
    last, up = s.stock.stock[0], s.stock.upcard
    winner = s.tricks[-1].winner
    assert winner is not None and turn(s) == winner
    before = {seat: list(unpack(s.hands[seat])) + [t.card for t in s.stock.table[seat]] for seat in (N, S)}
    s = draws(s)
    loser = Seat(2 - winner)
    assert s.phase == "endgame" and s.stock is not None and s.stock.endgame
    assert sorted(unpack(s.hands[winner])) == sorted([*before[winner], last])
    assert sorted(unpack(s.hands[loser])) == sorted([*before[loser], up])  # melds back in the hands
    assert s.stock.table == ((), (), (), ()) and len(unpack(s.hands[N])) == len(unpack(s.hands[S])) == 12
    assert turn(s) == winner and view(s, N).to_json()["stock_left"] == 0


# ---------------------------------------------------------------- the endgame


def _endgame(north: str, south: str, trump: str, leader: Seat) -> State:
    s = _to_last_draw(new_match(seed=4, game="two-handed"), random.Random(4))
    s = draws(s)
    from pinochle.cards import Suit, pack

    hands = (pack(parse_cards(north)), 0, pack(parse_cards(south)), 0)
    return replace(s.with_parts(s.parts.get(Contract).with_trump(Suit.parse(trump))), hands=hands,
                   tricks=tuple(t for t in s.tricks[:-1]) + (replace(s.tricks[-1], winner=leader),))


def test_endgame_follow_suit() -> None:
    s = _endgame("AS 9S", "KS AH", "H", N)
    s = play(s, N, "9S")
    assert legal(s, S).cards == (Card.parse("KS"),)
    with pytest.raises(IllegalAction, match=r"must follow suit \(spades\)"):
        play(s, S, "AH")


def test_endgame_no_duty_to_beat_a_plain_lead() -> None:
    s = _endgame("KS AD", "AS 9S", "H", N)
    s = play(s, N, "KS")
    assert set(legal(s, S).cards) == {Card.parse("AS"), Card.parse("9S")}


def test_endgame_beat_a_trump_lead() -> None:
    s = _endgame("KH AD", "AH 9H", "H", N)
    s = play(s, N, "KH")
    assert legal(s, S).cards == (Card.parse("AH"),)
    with pytest.raises(IllegalAction, match="must beat the K♥"):
        play(s, S, "9H")


def test_endgame_trump_when_void() -> None:
    s = _endgame("KS AD", "9H AD", "H", N)
    s = play(s, N, "KS")
    assert legal(s, S).cards == (Card.parse("9H"),)
    with pytest.raises(IllegalAction, match="must trump"):
        play(s, S, "AD")


# ---------------------------------------------------------------- scoring and the match


def _to_last_play(seed: int) -> State:
    s = new_match(seed=seed, game="two-handed")
    rng = random.Random(seed)
    while not (s.phase == "endgame" and len(s.tricks) == 24 and len(s.tricks[-1].cards) == 1):
        a = auto_action(s) or (Action("pass", turn(s)) if s.phase == "stock_meld"  # type: ignore[arg-type]
                               else rng.choice(legal_actions(s)))
        s = apply(s, a)
    return s


def test_a_hand_scores_meld_counters_and_the_last_trick() -> None:
    s = _to_last_play(8)
    end = apply(s, legal_actions(s)[0])
    h = end.history[-1]
    assert sum(h.score.counters) == 250  # A T K 10 each, 240, and 10 for the 24th trick
    meld_n = s.melds[N].total if s.melds[N] else 0
    assert h.score.score[0] == meld_n + h.score.counters[0]
    assert end.totals == h.score.score and end.phase == "hand_end"


@pytest.mark.parametrize("totals,winner", [((995, 1000), "S"), ((1000, 995), "N"), ((500, 400), None)])
def test_the_match_ends_at_1000_the_higher_total_winning_when_both_reach_it(
        totals: tuple[int, int], winner: str | None) -> None:
    s = _to_last_play(8)
    end = apply(replace(s, totals=totals), legal_actions(s)[0])
    got = tuple(a + b for a, b in zip(totals, end.history[-1].score.score))
    assert end.totals == got
    if winner is None:
        assert end.phase == "hand_end"
    else:
        assert min(got) >= 1000 and end.phase == "match_end"
        assert view(end, N).winner == ("N" if got[0] > got[1] else "S")


def test_equal_totals_over_1000_play_another_hand() -> None:
    s = _to_last_play(8)
    end = apply(s, legal_actions(s)[0])
    sc = end.history[-1].score.score
    base = 2000 - max(sc)
    again = apply(replace(s, totals=(base + max(sc) - sc[0], base + max(sc) - sc[1])), legal_actions(s)[0])
    assert again.totals[0] == again.totals[1] >= 1000 and again.phase == "hand_end"


def test_the_game_is_at_the_table() -> None:
    """The computer players, the terminal, the server and the browser seat two-handed."""
    assert find("two-handed", at_table=True).name == "two-handed"


# ---------------------------------------------------------------- properties


def _random_actions(seed: int, steps: int) -> tuple[State, list[Action]]:
    s = new_match(seed=seed, game="two-handed")
    rng = random.Random(seed)
    done: list[Action] = []
    for _ in range(steps):
        if turn(s) is None:
            break
        a = auto_action(s) or rng.choice(legal_actions(s))
        s = apply(s, a)
        done.append(a)
    return s, done


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 140))
def test_cards_are_conserved(seed: int, steps: int) -> None:
    s, _ = _random_actions(seed, steps)
    if s.phase not in ("hand_end", "match_end"):
        assert cards_everywhere(s) == [2] * 24


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 100), st.randoms(use_true_random=False))
def test_a_view_never_shows_the_stock_order_or_the_other_hand(seed: int, steps: int, rnd: random.Random) -> None:
    s, _ = _random_actions(seed, steps)
    if s.stock is None or s.phase not in ("stock_play", "stock_meld", "draw") or len(s.stock.stock) < 2:
        return
    for me in (N, S):  # the other hand and the stock shuffled together (soak/secrecy.py)
        moved = permute_hidden(s, me, rnd)
        assert moved is not None and moved.stock is not None and len(moved.stock.stock) == len(s.stock.stock)
        assert view(moved, me).to_json() == view(s, me).to_json()


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 200))
def test_a_match_replays_exactly_from_its_seed_and_actions(seed: int, steps: int) -> None:
    s, actions = _random_actions(seed, steps)
    r = new_match(seed=seed, game="two-handed")
    for a in actions:
        r = apply(r, Action.from_json(a.to_json()))
    assert r == s and view(r, N) == view(s, N)


def test_a_view_shows_the_melds_on_the_table_and_what_they_served() -> None:
    s = deal("KS QS KH AS", "AD AD", "9H")
    s = play(play(s, S, "AD"), N, "KH")
    s = meld_(s, N, "KS QS")
    v = view(s, S).to_json()
    assert v["table"] == {"N": [{"card": "KS", "melds": ["marriage"]}, {"card": "QS", "melds": ["marriage"]}], "S": []}
    assert "KS" not in v["hand"] and v["stock_left"] == 24 and "stock" not in v


# ---------------------------------------------------------------- a pinochle grown into a double pinochle (a switch)


#: The house rule of Hoyle's two-hand reading (docs/games/two-handed.md, "Where Hoyle reads it otherwise").
LATER = with_switches(TWO_HANDED_RULES, {"double_pinochle_later": "true"})


def _pinochle_then_a_second(rules: RuleSet) -> State:
    """N melds a pinochle after the first trick and wins the second trick with the second Q♠ J♦ in
    hand: hearts trump (the 9♥ turned: 10 for N, the dealer)."""
    s = deal("QS QS JD JD KH KH AC", "AD AD", "9H", rules=rules)
    s = play(play(s, S, "AD"), N, "KH")  # N's K♥ (trump) wins
    s = meld_(s, N, "QS JD")
    assert s.melds[N] is not None and s.melds[N].total == 10 + 40
    s = draws(s)
    s = play(play(s, N, "AC"), S, "AD")  # S throws off: N wins
    assert turn(s) == N and s.phase == "stock_meld"
    return s


def test_a_pinochle_on_the_table_does_not_grow_into_a_double_pinochle() -> None:
    """The default (seed 000: "not for the same type of meld"): the table's Q♠ J♦ have served a
    pinochle, so the second Q♠ J♦ make only a second pinochle (40); the double pinochle is refused
    with the reason and the house rule that allows it."""
    s = _pinochle_then_a_second(TWO_HANDED_RULES)
    offered = [(m.name, m.points) for m in legal(s, N).melds]
    assert ("pinochle", 40) in offered and ("double pinochle", 300) not in offered
    before = s
    with pytest.raises(IllegalAction, match=(
            r"^the Q♠ on the table has already served a meld of this kind \(pinochle\): a card may be used again "
            r"only in a meld of another kind, so a pinochle on the table does not grow into a double pinochle "
            r"\(the house rule double_pinochle_later=true allows it, as Hoyle does\)$")):
        meld_(s, N, "QS QS JD JD")
    assert s == before
    s = meld_(s, N, "QS JD")  # a second pinochle, from the hand
    assert s.melds[N] is not None and s.melds[N].total == 10 + 40 + 40


def test_the_switch_a_pinochle_grows_into_a_double_pinochle_scoring_300() -> None:
    """``double_pinochle_later=true`` (Hoyle: a melded card may be melded again "in a higher-scoring meld
    of the same class"; "Melds are scored when they are declared"): the second Q♠ J♦ from the hand with
    the table's pinochle make the double pinochle, which scores its 300 besides the pinochle's 40 (the
    pinochle is not taken back): 10 + 40 + 300 = 350 for N."""
    s = _pinochle_then_a_second(LATER)
    offered = [(m.name, m.points) for m in legal(s, N).melds]
    assert ("double pinochle", 300) in offered and ("pinochle", 40) in offered
    s = meld_(s, N, "QS QS JD JD")
    assert s.melds[N] is not None and s.melds[N].total == 10 + 40 + 300
    assert sorted(table(s, N)) == [("JD", ("pinochle",))] * 2 + [("QS", ("pinochle",))] * 2  # each kind once
    assert "QS" not in hand(s, N) and "JD" not in hand(s, N)
    declared = view(s, S).to_json()["declared"]
    assert [(d["name"], d["points"], d["kind"], d["after"]) for d in declared] == [  # type: ignore[union-attr]
        ("dix turned", 10, "dix", 0), ("pinochle", 40, "pinochle", 1), ("double pinochle", 300, "pinochle", 2)]
    assert declared[-1]["cards"] == ["QS", "QS", "JD", "JD"]  # type: ignore[index]


def test_the_switch_still_needs_a_card_from_the_hand_and_grows_only_the_pinochle() -> None:
    """Under the switch, two pinochles on the table (80) make no double pinochle: every card would come
    from the table (seed 000: "At least one card from the player's hand must be used"). Other melds keep
    seed 000's rule: a K♠ in a marriage makes no second marriage, and a run no double run."""
    both = tuple(TableCard(c, ("pinochle",)) for c in parse_cards("QS JD QS JD"))
    assert declarable(0, both, 1, LATER) == ()
    assert "a meld needs at least one card from your hand" in str(why_not_meld(
        _pack("AS"), both, 1, LATER, parse_cards("QS QS JD JD")))
    one = tuple(TableCard(c, ("pinochle",)) for c in parse_cards("QS JD"))
    assert [(m.name, m.points) for m in declarable(_pack("QS JD"), one, 1, LATER)] == [
        ("pinochle", 40), ("double pinochle", 300)]
    married = (TableCard(Card.parse("KS"), ("marriage",)), TableCard(Card.parse("QS"), ("marriage",)))
    assert ("marriage", 20) not in [(m.name, m.points) for m in declarable(_pack("QS KH KD KC"), married, 1, LATER)]
    run = tuple(TableCard(c, ("run",)) for c in parse_cards("AH TH KH QH JH"))
    assert "double run" not in [m.name for m in declarable(_pack("AH TH KH QH JH"), run, 1, LATER)]


def test_the_switch_is_two_handed_only() -> None:
    with pytest.raises(ValueError, match=r"the double_pinochle_later switch is for two-handed; the table rules have "
                                         r"no such rule"):
        with_switches(find("table").rules, {"double_pinochle_later": "true"})
    with pytest.raises(ValueError, match="double_pinochle_later is one of false, true, not 'maybe'"):
        with_switches(TWO_HANDED_RULES, {"double_pinochle_later": "maybe"})
    assert not TWO_HANDED_RULES.double_pinochle_later and LATER.double_pinochle_later


_PINOCHLE_CARDS = set(parse_cards("QS JD"))


def _greedy_actions(seed: int, rules: RuleSet, singles_first: bool) -> State:
    """A whole hand of random legal moves, except that the winner of a trick always melds while it can
    (``singles_first``: the smallest pinochle first and the biggest once one is on the table, so that
    it may grow, and Q♠ and J♦ kept from the tricks while the stock lasts when another card may be
    played)."""
    s = new_match(seed=seed, rules=rules, game="two-handed")
    rng = random.Random(seed)
    while s.phase not in ("hand_end", "match_end"):
        a = auto_action(s)
        if a is None:
            seat = turn(s)
            assert seat is not None
            lg = legal(s, seat)
            if s.phase == "stock_meld" and lg.melds:
                pins = sorted((m for m in lg.melds if m.kind == "pinochle"), key=lambda m: m.points)
                assert s.stock is not None
                laid = any(t.served("pinochle") for t in s.stock.table[seat])  # then the biggest: it may grow
                m = pins[-1 if laid else 0] if singles_first and pins else rng.choice(lg.melds)
                a = Action.meld_(seat, m.cards)
            elif singles_first and s.phase == "stock_play" and set(lg.cards) - _PINOCHLE_CARDS:
                a = Action.play_(seat, rng.choice(sorted(set(lg.cards) - _PINOCHLE_CARDS)))
            else:
                a = rng.choice(legal_actions(s))
        s = apply(s, a)
        for seat in (N, S):  # at every step: the running meld is the sum of the melds declared
            assert s.stock is not None
            declared = sum(d.item.points for d in s.stock.declared if d.seat == seat) if s.phase != "hand_end" else None
            m = s.melds[seat]
            if declared is not None:
                assert (m.total if m is not None else 0) == declared
    return s


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.booleans(), st.booleans())
@example(20, True, True)  # N melds a pinochle, queens around, then grows the pinochle into a double
@example(20, False, True)
def test_a_players_declared_melds_add_up_to_the_meld_scored(seed: int, later: bool, singles_first: bool) -> None:
    """Under both settings of ``double_pinochle_later``: the points of the melds a player declared
    (the view's ``declared``) add up to the meld the hand scores for that player, and the hand's score
    (meld and counters) is what its total gains."""
    rules = LATER if later else TWO_HANDED_RULES
    s = _greedy_actions(seed, rules, singles_first)
    h = s.history[-1]
    for side, seat in enumerate((N, S)):
        declared = [d.item.points for d in h.parts.get(StockPlay).declared if d.seat == seat]
        assert sum(declared) == h.score.meld[side]
        assert h.score.score[side] == h.score.meld[side] + h.score.counters[side]
        assert s.totals[side] == h.score.score[side]
    assert sum(h.score.counters) == 250


def test_the_property_sees_a_pinochle_grown_into_a_double() -> None:
    """The hands of the property above do reach the case: a double pinochle declared after a pinochle
    by the same player, under the switch only."""
    grown = {False: 0, True: 0}
    for later in (False, True):
        for seed in range(40):
            h = _greedy_actions(seed, LATER if later else TWO_HANDED_RULES, True).history[-1]
            for seat in (N, S):
                names = [d.item.name for d in h.parts.get(StockPlay).declared if d.seat == seat]
                if "pinochle" in names and "double pinochle" in names[names.index("pinochle"):]:
                    grown[later] += 1
    assert grown[False] == 0 and grown[True] > 0


def test_a_record_made_with_the_switch_replays_to_the_same_score(tmp_path: object) -> None:
    """docs/records.md: a match played with ``double_pinochle_later`` writes ``"rules"`` and replays by
    it to the same meld and totals (the command line too); without the rule its grown double pinochle
    is refused at that meld, with the reason."""
    import io
    import json
    from pathlib import Path

    from pinochle.cli import main
    from pinochle.errors import BadRecord
    from pinochle.records import match_record, replay

    s = _greedy_actions(20, LATER, True)  # N grows its pinochle into the double pinochle after trick 6
    rec = match_record(s)
    assert rec["rules"] == {"double_pinochle_later": "true"}
    got = replay(rec)
    assert got["totals"] == {"N": s.totals[0], "S": s.totals[1]} == {"N": 640, "S": 120}
    hand_ = got["hands"][0]  # type: ignore[index]
    assert hand_["meld"] == {"N": 450, "S": 60}
    assert ("double pinochle", 300, 6) in [(m["name"], m["points"], m["after"]) for m in hand_["melds"]]
    path = Path(str(tmp_path)) / "m.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    out = io.StringIO()
    assert main(["replay", str(path)], stdout=out) == 0 and json.loads(out.getvalue()) == got
    plain = {k: v for k, v in rec.items() if k != "rules"}
    plain["hands"] = [{k: v for k, v in h.items() if k != "rules"} for h in rec["hands"]]  # type: ignore[attr-defined]
    with pytest.raises(BadRecord) as err:
        replay(plain)
    assert (err.value.field, err.value.index, err.value.hand) == ("melds", 4, 1)
    assert "does not grow into a double pinochle" in str(err.value)
