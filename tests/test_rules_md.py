"""The statements and worked examples of the shared RULES.md, as tests.

RULES.md is not read at test time: each example is written out here, under
the RULES.md section it comes from, so the suite runs wherever the package
does. docs/rules.md restates the same rules; tests/test_rules_doc.py checks
that page's examples.
"""

from __future__ import annotations

import json
from dataclasses import replace
from itertools import product

import pytest

from pinochle.auction import AuctionStatus, check_call, parse_call, status
from pinochle.cards import FULL_DECK, Card, Seat, Suit, deck, pack, parse_cards, unpack
from pinochle.cli import legal_request, meld_request
from pinochle.errors import BadCard, BadRecord, IllegalAction
from pinochle.game import Action, State, apply, legal, legal_actions, new_match, turn, view
from pinochle.meld import meld
from pinochle.records import MATCH_FORMAT, hand_record, match_record, replay
from pinochle.rules import TABLE
from pinochle.scoring import match_winner, score_hand
from pinochle.tricks import beats, counters, legal_mask, winner_index
from pinochle.parts import Contract

NS, EW = 0, 1


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def melds_of(trump: str, hand: str) -> tuple[int, list[tuple[str, int]]]:
    """``(total, [(name, points), ...])`` of a hand, through the command's request."""
    got = meld_request(trump, hand)
    return got["total"], sorted((m["name"], m["points"]) for m in got["melds"])  # type: ignore[index,union-attr]


def legal_cards(trump: str, hand: str, trick: str) -> set[str]:
    return set(legal_request(trump, hand, trick)["legal"])  # type: ignore[arg-type]


def after_calls(dealer: int, calls: list[int | None]) -> AuctionStatus:
    """Status after ``calls``, each one checked as the game checks it."""
    made: list[int | None] = []
    for call in calls:
        st = status(made, dealer)
        # After the end there is no turn; check_call then refuses any call.
        check_call(made, dealer, st.turn if st.turn is not None else dealer, call)
        made.append(call)
    return status(made, dealer)


def play_out(state: State) -> State:
    """Finish the current hand: first listed legal move for trump, meld and play."""
    while state.phase in ("trump", "meld", "play"):
        state = apply(state, legal_actions(state)[0])
    return state


def hand_with(calls: list[int | None], dealer: int = Seat.W, seed: object = "rules-md", trump: int = Suit.S) -> State:
    """A new match whose first auction is ``calls``, then trump named and the hand played out."""
    state = new_match(seed=seed, first_dealer=dealer)  # type: ignore[arg-type]
    for call in calls:
        who = turn(state)
        assert who is not None
        state = apply(state, Action.pass_(who) if call is None else Action.bid_(who, call))
    assert state.phase == "trump"
    state = apply(state, Action.trump_(state.declarer, trump))  # type: ignore[arg-type]
    return play_out(state)


# ================================================================ Notation


def test_seats_go_clockwise_and_partners_sit_opposite() -> None:
    assert [Seat.N.left, Seat.E.left, Seat.S.left, Seat.W.left] == [Seat.E, Seat.S, Seat.W, Seat.N]
    assert Seat.N.partner == Seat.S and Seat.E.partner == Seat.W
    assert Seat.N.side == Seat.S.side == NS and Seat.E.side == Seat.W.side == EW


@pytest.mark.parametrize(
    "text, canonical",
    [("AS", "AS"), ("TS", "TS"), ("10S", "TS"), ("10♠", "TS"), ("t♠", "TS"), ("qs", "QS"), ("Q♠", "QS"),
     ("9h", "9H"), ("K♥", "KH"), ("j♦", "JD"), ("10♣", "TC"), ("a♣", "AC")],
)
def test_card_input_forms_and_canonical_output(text: str, canonical: str) -> None:
    assert str(Card.parse(text)) == canonical


@pytest.mark.parametrize("text", ["XS", "1S", "11S", "AX", "A", "", "10"])
def test_unknown_card_tokens_are_rejected(text: str) -> None:
    with pytest.raises(BadCard):
        Card.parse(text)


def test_suits_accept_letters_and_symbols_in_any_case() -> None:
    assert [Suit.parse(s) for s in "SHDC"] == [Suit.parse(s) for s in "♠♥♦♣"] == [Suit.parse(s) for s in "shdc"]


def test_both_copies_of_a_card_share_one_token() -> None:
    assert [str(c) for c in unpack(pack(cards("AS AS")))] == ["AS", "AS"]
    assert meld_request("S", "9S 9S")["melds"][0]["cards"] == ["9S"]  # type: ignore[index]


def test_rank_order_high_to_low_is_A_T_K_Q_J_9() -> None:
    for s in "SHDC":
        order = [Card.parse(r + s) for r in "ATKQJ9"]
        for hi, lo in zip(order, order[1:]):
            assert beats(hi, lo, trump=Suit.S if s != "S" else Suit.H)
            assert not beats(lo, hi, trump=Suit.S if s != "S" else Suit.H)


# ================================================================ Deal and auction


def test_the_deck_is_48_cards_two_of_each() -> None:
    d = deck()
    assert len(d) == 48 and pack(d) == FULL_DECK
    assert sorted({str(c) for c in d}) == sorted(r + s for r in "ATKQJ9" for s in "SHDC")


def test_each_seat_is_dealt_twelve_cards_of_the_whole_deck() -> None:
    state = new_match(seed=3)
    assert [len(unpack(h)) for h in state.hands] == [12, 12, 12, 12]
    assert sorted(c for h in state.hands for c in unpack(h)) == sorted(deck())


def test_the_first_dealer_is_chosen_at_random() -> None:
    assert {new_match(seed=s).dealer for s in range(40)} == set(Seat)


def test_the_deal_passes_left_after_every_hand() -> None:
    state = hand_with([None, None, None], dealer=Seat.E)
    assert state.phase == "hand_end"
    assert turn(state) == Seat.S  # the next dealer deals
    state = apply(state, Action.deal_(Seat.S))
    assert state.phase == "auction" and state.dealer == Seat.S and state.hand_no == 1
    assert turn(state) == Seat.W  # the auction starts left of the new dealer


def test_the_auction_starts_left_of_the_dealer() -> None:
    for dealer in Seat:
        assert status((), dealer).turn == dealer.left


def test_the_first_bid_is_at_least_250() -> None:
    with pytest.raises(IllegalAction):
        after_calls(Seat.W, [240])
    assert after_calls(Seat.W, [250]).high_bid == 250


def test_bids_are_multiples_of_10_and_at_least_10_above_the_high_bid() -> None:
    for calls in ([250, 255], [250, 250], [250, 265], [250, None, 240], [255]):
        with pytest.raises(IllegalAction):
            after_calls(Seat.W, calls)
    assert after_calls(Seat.W, [250, 260]).high_bid == 260


def test_jumps_are_allowed_and_there_is_no_maximum() -> None:
    assert after_calls(Seat.W, [250, 400]).high_bid == 400
    st = after_calls(Seat.W, [250, 5000, None, None, None])
    assert (st.declarer, st.bid) == (Seat.E, 5000)


def test_a_pass_is_final() -> None:
    # Dealer W: N 250, E pass, S 260, W pass, N 270 -> E is skipped, S calls next.
    st = after_calls(Seat.W, [250, None, 260, None, 270])
    assert not st.done and st.turn == Seat.S
    assert st.passed == (False, True, False, True)


def test_three_passes_make_the_bidder_declarer_at_their_last_bid() -> None:
    # The RULES.md record's auction: dealer W; N 250, E pass, S 260, W pass, N pass.
    st = after_calls(Seat.W, [250, None, 260, None, None])
    assert st.done and (st.declarer, st.bid, st.stuck) == (Seat.S, 260, False)


def test_three_passes_without_a_bid_stick_the_dealer_at_250_with_no_call() -> None:
    for dealer in Seat:
        st = after_calls(dealer, [None, None, None])
        assert st.done and (st.declarer, st.bid, st.stuck) == (dealer, 250, True)
        assert st.last_call[dealer] == "none"  # the dealer made no call
    with pytest.raises(IllegalAction):
        after_calls(Seat.W, [None, None, None, 250])


def test_the_declarer_names_any_suit_and_there_is_no_kitty() -> None:
    state = new_match(seed=5, first_dealer=Seat.N)
    for _ in range(3):
        state = apply(state, Action.pass_(turn(state)))  # type: ignore[arg-type]
    assert state.phase == "trump" and turn(state) == Seat.N
    assert set(legal(state, Seat.N).trumps) == set(Suit)
    hands = state.hands
    state = apply(state, Action.trump_(Seat.N, Suit.D))
    assert state.trump == Suit.D and state.hands == hands  # no cards change hands


# ================================================================ Meld: the table

MELD_TABLE = [
    ("run", "S", "AS TS KS QS JS", 150),
    ("double run", "S", "AS AS TS TS KS KS QS QS JS JS", 1500),
    ("royal marriage", "H", "KH QH", 40),
    ("marriage", "H", "KC QC", 20),
    ("dix", "D", "9D", 10),
    ("pinochle", "H", "QS JD", 40),
    ("double pinochle", "H", "QS QS JD JD", 300),
    ("aces around", "C", "AS AH AD AC", 100),
    ("kings around", "C", "KS KH KD KC", 80),
    ("queens around", "H", "QS QH QD QC", 60),
    ("jacks around", "S", "JS JH JD JC", 40),
    ("double aces", "S", "AS AS AH AH AD AD AC AC", 1000),
    ("double kings", "S", "KS KS KH KH KD KD KC KC", 800),
    ("double queens", "S", "QS QS QH QH QD QD QC QC", 600),
    ("double jacks", "S", "JS JS JH JH JD JD JC JC", 400),
]


@pytest.mark.parametrize("name, trump, hand, points", MELD_TABLE, ids=[row[0] for row in MELD_TABLE])
def test_meld_table(name: str, trump: str, hand: str, points: int) -> None:
    assert melds_of(trump, hand) == (points, [(name, points)])


def test_each_trump_nine_is_a_dix() -> None:
    assert melds_of("D", "9D 9D") == (20, [("dix", 10), ("dix", 10)])
    assert melds_of("D", "9S 9H 9C") == (0, [])


# ================================================================ Meld: kinds, doubles, runs


def test_queen_of_spades_in_a_run_a_marriage_a_pinochle_and_queens_around_at_once() -> None:
    got = meld_request("S", "AS TS KS KS QS JS JD QH QD QC")
    items = {m["name"]: sorted(m["cards"]) for m in got["melds"]}  # type: ignore[index,union-attr]
    assert got["total"] == 150 + 40 + 40 + 60
    assert items == {
        "run": sorted(["AS", "TS", "KS", "QS", "JS"]),
        "royal marriage": sorted(["KS", "QS"]),
        "pinochle": sorted(["QS", "JD"]),
        "queens around": sorted(["QS", "QH", "QD", "QC"]),
    }
    assert all("QS" in c for c in items.values())


def test_a_card_never_serves_two_melds_of_the_same_kind() -> None:
    assert melds_of("S", "KH QH QH") == (20, [("marriage", 20)])  # one king, one marriage
    assert melds_of("H", "QS JD JD") == (40, [("pinochle", 40)])  # one Q♠, one pinochle
    assert melds_of("S", "KS KS QS") == (40, [("royal marriage", 40)])


def test_a_double_meld_replaces_its_singles() -> None:
    assert melds_of("H", "QS QS JD JD") == (300, [("double pinochle", 300)])  # not 80
    assert melds_of("S", "AS AS AH AH AD AD AC AC") == (1000, [("double aces", 1000)])


def test_seven_aces_are_one_aces_around() -> None:
    assert melds_of("C", "AS AS AH AH AD AD AC") == (100, [("aces around", 100)])


def test_run_plus_an_extra_king_is_190() -> None:
    assert melds_of("S", "AS TS KS QS JS KS") == (190, [("royal marriage", 40), ("run", 150)])


def test_run_plus_an_extra_queen_is_190() -> None:
    assert melds_of("S", "AS TS KS QS JS QS") == (190, [("royal marriage", 40), ("run", 150)])


def test_run_plus_an_extra_king_and_queen_is_190() -> None:
    assert melds_of("S", "AS TS KS QS JS KS QS") == (190, [("royal marriage", 40), ("run", 150)])


def test_double_run_is_1500_with_no_marriage_on_top() -> None:
    assert melds_of("S", "AS AS TS TS KS KS QS QS JS JS") == (1500, [("double run", 1500)])


@pytest.mark.parametrize("k, q, r", [(k, q, r) for k, q, r in product(range(3), range(3), range(3)) if r <= min(k, q)])
def test_royal_marriage_count_formula(k: int, q: int, r: int) -> None:
    """min(k, q) royal marriages when r = 0, max(k, q) - r when r >= 1 (trump hearts)."""
    hand = ["AH", "TH", "JH"] * r + ["KH"] * k + ["QH"] * q
    got = meld(pack(cards(" ".join(hand))), Suit.H)
    royals = sum(i.name == "royal marriage" for i in got.items)
    assert royals == (min(k, q) if r == 0 else max(k, q) - r)
    runs = {0: 0, 1: 150, 2: 1500}[r]
    assert got.total == runs + 40 * royals


@pytest.mark.parametrize("k, q", list(product(range(3), range(3))))
def test_non_trump_marriages_score_min_k_q_times_20(k: int, q: int) -> None:
    hand = " ".join(["AC", "TC", "JC"] + ["KC"] * k + ["QC"] * q)
    assert melds_of("H", hand)[0] == min(k, q) * 20


def test_two_marriages_in_one_suit() -> None:
    assert melds_of("S", "KH KH QH QH") == (40, [("marriage", 20), ("marriage", 20)])


def test_marriage_in_trump_and_out_of_trump() -> None:
    assert melds_of("D", "KD QD") == (40, [("royal marriage", 40)])
    assert melds_of("S", "KD QD") == (20, [("marriage", 20)])


def test_a_non_trump_run_is_only_its_marriage() -> None:
    assert melds_of("S", "AH TH KH QH JH") == (20, [("marriage", 20)])


def test_the_meld_review_shows_melds_and_scoring_cards_only() -> None:
    state = new_match(seed=11, first_dealer=Seat.W)
    for _ in range(3):
        state = apply(state, Action.pass_(turn(state)))  # type: ignore[arg-type]
    state = apply(state, Action.trump_(Seat.W, Suit.H))
    assert state.phase == "meld"
    order = []
    while state.phase == "meld":
        who = turn(state)
        assert who is not None
        order.append(who)
        state = apply(state, Action.meld_(who))
    assert order == [Seat.W, Seat.N, Seat.E, Seat.S]  # the declarer first, then clockwise
    assert state.phase == "play"
    seen_by_n = view(state, Seat.N).to_json()
    assert sorted(seen_by_n["hand"]) == sorted(str(c) for c in unpack(state.hands[Seat.N]))  # type: ignore[arg-type]
    for other in (Seat.E, Seat.S, Seat.W):
        shown = seen_by_n["melds"][str(other)]["shown"]  # type: ignore[index]
        m = state.melds[other]
        assert m is not None
        scoring = {str(c) for item in m.items for c in item.cards}
        assert set(shown) == scoring  # every scoring card is shown, and nothing else
        assert len(shown) <= 12
    # Nothing else in the view names another seat's unplayed cards.
    text = json.dumps({k: v for k, v in seen_by_n.items() if k not in ("hand", "melds")})
    for other in (Seat.E, Seat.S, Seat.W):
        hidden = set(str(c) for c in unpack(state.hands[other])) - set(seen_by_n["hand"])  # type: ignore[arg-type]
        m = state.melds[other]
        assert m is not None
        hidden -= {str(c) for c in m.shown()}
        assert not any(f'"{c}"' in text for c in hidden)


# ================================================================ Play


def test_the_declarer_leads_the_first_trick_and_the_winner_leads_the_next() -> None:
    state = new_match(seed=2, first_dealer=Seat.N)
    state = apply(state, Action.bid_(Seat.E, 250))
    for _ in range(3):
        state = apply(state, Action.pass_(turn(state)))  # type: ignore[arg-type]
    assert state.declarer == Seat.E
    state = apply(state, Action.trump_(Seat.E, Suit.C))
    while state.phase == "meld":
        state = apply(state, legal_actions(state)[0])
    assert turn(state) == Seat.E
    for _ in range(4):
        state = apply(state, legal_actions(state)[0])
    trick = state.tricks[0]
    assert trick.leader == Seat.E
    assert trick.winner == Seat((Seat.E + winner_index(trick.cards, Suit.C)) % 4)
    assert turn(state) == trick.winner


def test_beating_is_strict_and_an_identical_card_does_not_beat_its_twin() -> None:
    AS, KS, AH, NH = (Card.parse(t) for t in ("AS", "KS", "AH", "9H"))
    assert beats(AS, KS, Suit.H) and not beats(KS, AS, Suit.H)
    assert not beats(AS, AS, Suit.H) and not beats(NH, NH, Suit.H)
    assert beats(NH, AS, Suit.H)  # any trump beats a non-trump
    assert not beats(AH, AS, Suit.D)  # a card of another non-trump suit never beats


def test_follow_suit() -> None:
    assert legal_cards("H", "QS 9S KD", "AS") == {"QS", "9S"}
    assert legal_cards("H", "QS 9S AH", "KS") == {"QS", "9S"}  # no trumping while you can follow


def test_must_beat_the_winning_card() -> None:
    assert legal_cards("H", "AS 9S KH", "TS") == {"AS"}  # the example of RULES.md's engine docs
    assert legal_cards("H", "AS TS 9S", "KS") == {"AS", "TS"}
    assert legal_cards("H", "AH QH AS", "KH") == {"AH"}


def test_must_beat_even_when_partner_is_winning() -> None:
    assert legal_cards("H", "AS KS 9D", "TS 9S") == {"AS"}  # partner led T♠
    assert legal_cards("H", "AS QS", "9S TS JS") == {"AS"}  # partner played T♠ second
    assert legal_cards("H", "AH 9H KD", "AS KH 9S") == {"AH"}  # partner trumped with K♥


def test_a_trumped_lead_lets_any_card_of_the_led_suit_be_played() -> None:
    assert legal_cards("H", "AS 9S KD", "KS 9H") == {"AS", "9S"}


def test_void_in_the_led_suit_means_trump() -> None:
    assert legal_cards("H", "9H KD QC", "AS") == {"9H"}
    assert legal_cards("H", "AH 9H KD", "AS") == {"AH", "9H"}


def test_must_overtrump() -> None:
    assert legal_cards("H", "AH QH KD", "AS KH") == {"AH"}
    assert legal_cards("H", "AH TH 9H", "AS 9H KS") == {"AH", "TH"}  # the twin 9♥ does not overtrump


def test_cannot_overtrump_so_any_trump() -> None:
    assert legal_cards("H", "QH 9H KD", "AS AH") == {"QH", "9H"}


def test_void_and_no_trump_so_any_card() -> None:
    assert legal_cards("H", "KD QC 9D", "AS") == {"KD", "QC", "9D"}
    assert legal_cards("H", "AS KD", "TH") == {"AS", "KD"}


def test_holding_only_the_twin_of_the_winning_card_any_card_of_the_suit() -> None:
    assert legal_cards("H", "AS KS", "AS") == {"AS", "KS"}


def test_the_leader_may_lead_anything() -> None:
    assert legal_cards("H", "AS KH 9D", "") == {"AS", "KH", "9D"}


@pytest.mark.parametrize(
    "trump, trick, index",
    [
        ("H", "KS AS 9S TS", 1),  # highest card of the led suit
        ("H", "AS AS KS 9S", 0),  # identical cards: the first played wins
        ("H", "KS 9H 9H AS", 1),  # identical trumps: the first played wins
        ("H", "AS 9H KH AD", 2),  # highest trump wins
        ("S", "JD 9D QD 9S", 3),  # the lowest trump beats the led suit
        ("H", "9S AD AC AD", 0),  # an off-suit card never wins
        ("H", "9H AS AD AC", 0),
    ],
)
def test_who_wins_the_trick(trump: str, trick: str, index: int) -> None:
    assert winner_index(cards(trick), Suit.parse(trump)) == index


def test_legal_moves_are_the_same_in_the_game_and_the_request() -> None:
    hand = pack(cards("AH 9H KD"))
    assert legal_mask(hand, cards("AS KH 9S"), Suit.H) == 1 << Card.parse("AH")


# ================================================================ Scoring a hand


def test_there_are_always_250_counters() -> None:
    assert TABLE.total_counters == 250
    assert counters(deck()) + TABLE.last_trick == 250
    for seed in range(3):
        state = hand_with([None, None, None], seed=seed, trump=Suit(seed % 4))
        score = state.history[-1].score
        assert sum(score.counters) == 250 and sum(score.tricks) == 12


def test_a_side_with_no_trick_keeps_no_meld() -> None:
    s = score_hand(NS, 300, meld=(200, 80), tricks=(12, 0), counters=(250, 0))
    assert s.kept_meld == (200, 0) and s.score == (450, 0)
    s = score_hand(EW, 250, meld=(60, 300), tricks=(12, 0), counters=(250, 0))
    assert s.kept_meld == (60, 0) and not s.made and s.score == (310, -250)


def test_made_bid_adds_meld_and_counters() -> None:
    s = score_hand(NS, 280, meld=(120, 60), tricks=(8, 4), counters=(170, 80))
    assert s.made and s.score == (290, 140)
    s = score_hand(EW, 250, meld=(100, 150), tricks=(6, 6), counters=(150, 100))
    assert s.made and s.score == (250, 250)  # exactly the bid is enough


def test_set_loses_the_bid_and_defenders_still_score() -> None:
    s = score_hand(NS, 300, meld=(40, 60), tricks=(5, 7), counters=(100, 150))
    assert not s.made and s.score == (-300, 210)
    s = score_hand(NS, 350, meld=(150, 0), tricks=(7, 5), counters=(190, 60))
    assert not s.made and s.score == (-350, 60)


def test_no_sweep_bonus() -> None:
    s = score_hand(NS, 250, meld=(100, 40), tricks=(12, 0), counters=(250, 0))
    assert s.score == (350, 0)


def test_the_game_scores_hands_by_these_rules() -> None:
    for seed in range(4):
        state = hand_with([250, None, None, None], seed=seed, trump=Suit(seed % 4))
        h = state.history[-1]
        s = h.score
        kept = tuple(0 if s.tricks[i] == 0 else s.meld[i] for i in (0, 1))
        assert s.meld == (h.melds[0].total + h.melds[2].total, h.melds[1].total + h.melds[3].total)
        contract = h.parts.get(Contract)
        d = contract.declarer.side
        assert s.made == (kept[d] + s.counters[d] >= contract.bid)
        assert s.score[1 - d] == kept[1 - d] + s.counters[1 - d]
        assert s.score[d] == (kept[d] + s.counters[d] if s.made else -contract.bid)
        assert state.totals == s.score


# ================================================================ The match


@pytest.mark.parametrize(
    "totals, declarer, winner",
    [
        ((1510, 1490), EW, NS),  # exactly one side over
        ((1490, 1510), NS, EW),
        ((1500, 1200), EW, NS),  # 1500 itself is enough
        ((1499, 1499), NS, None),  # play on
        ((1600, 1520), EW, NS),  # both over: the higher total
        ((1520, 1550), NS, EW),
        ((1520, 1520), EW, EW),  # both over and tied: the declarer's side
        ((1520, 1520), NS, NS),
        ((-300, 1490), NS, None),  # scores may be negative
        ((-250, 1500), NS, EW),
    ],
)
def test_match_end(totals: tuple[int, int], declarer: int, winner: int | None) -> None:
    assert match_winner(totals, declarer) == winner


def test_the_match_ends_after_the_hand_that_reaches_1500() -> None:
    state = replace(new_match(seed=9, first_dealer=Seat.N), totals=(2000, -1000))
    for _ in range(3):
        state = apply(state, Action.pass_(turn(state)))  # type: ignore[arg-type]
    state = apply(state, Action.trump_(Seat.N, Suit.S))
    state = play_out(state)
    assert state.phase == "match_end" and state.winner == NS and turn(state) is None
    with pytest.raises(IllegalAction):
        apply(state, Action.deal_(Seat.E))


def test_phase_names() -> None:
    """The table game's phases in order (RULES.md: auction, trump, meld, play), as its definition declares them."""
    from pinochle.games import GAMES

    assert [ph.name for ph in GAMES["table"].phases] == ["auction", "trump", "meld", "play", "hand_end", "match_end"]


# ================================================================ Hand record

#: The RULES.md example, with its elisions ("...") kept as written.
RULES_EXAMPLE = {
    "format": "pinochle-hand/1",
    "dealer": "W",
    "hands": {"N": ["AS", "..."], "E": ["..."], "S": ["..."], "W": ["..."]},
    "auction": ["250", "pass", "260", "pass", "pass"],
    "trump": "S",
    "play": ["AS", "9S", "..."],
}


def test_the_rules_example_record_shape() -> None:
    rec = RULES_EXAMPLE
    assert set(rec) == {"format", "dealer", "hands", "auction", "trump", "play"}
    assert rec["format"] == "pinochle-hand/1"
    assert Seat.parse(rec["dealer"]) == Seat.W  # type: ignore[arg-type]
    assert set(rec["hands"]) == set("NESW")  # type: ignore[arg-type]
    assert Suit.parse(rec["trump"]) == Suit.S  # type: ignore[arg-type]
    assert [parse_call(c) for c in rec["auction"]] == [250, None, 260, None, None]  # type: ignore[union-attr]


def test_the_engine_writes_records_of_the_same_shape() -> None:
    state = hand_with([250, None, 260, None, None], dealer=Seat.W, trump=Suit.S)
    rec = hand_record(state.history[-1])
    # RULES.md's keys, plus the game and its scale that every record now names (docs/records.md)
    assert set(rec) == set(RULES_EXAMPLE) | {"game", "scale"}
    assert (rec["game"], rec["scale"]) == ("table", "tens")
    assert rec["format"] == RULES_EXAMPLE["format"] and rec["dealer"] == "W" and rec["trump"] == "S"
    assert rec["auction"] == ["250", "pass", "260", "pass", "pass"]
    assert {k: len(v) for k, v in rec["hands"].items()} == {"N": 12, "E": 12, "S": 12, "W": 12}  # type: ignore[union-attr]
    assert len(rec["play"]) == 48  # type: ignore[arg-type]
    assert all(str(Card.parse(c)) == c for c in rec["play"])  # type: ignore[union-attr]
    out = replay(json.loads(json.dumps(rec)))
    assert out["declarer"] == "S" and out["bid"] == 260 and out["trump"] == "S"


def test_a_call_after_the_rules_example_auction_ended_is_refused() -> None:
    """RULES.md's sample auction ends at its fifth call: dealer W, N 250, E pass, S 260, W pass, N pass is
    the third pass, so S declares at 260. A sixth call would come after the end; the engine refuses it at
    auction[5]. (An older RULES.md showed that sixth pass in its sample.)"""
    assert status((250, None, 260, None, None), Seat.W).done
    state = hand_with([250, None, 260, None, None], dealer=Seat.W, trump=Suit.S)
    rec = hand_record(state.history[-1])
    rec["auction"] = [*RULES_EXAMPLE["auction"], "pass"]  # type: ignore[misc]
    with pytest.raises(BadRecord) as err:
        replay(rec)
    assert (err.value.field, err.value.index) == ("auction", 5)


def test_a_bid_may_be_a_string_or_a_number() -> None:
    state = hand_with([250, None, 260, None, None], dealer=Seat.W, trump=Suit.S)
    rec = hand_record(state.history[-1])
    expected = replay(rec)
    rec["auction"] = [250, "pass", 260, "pass", "pass"]
    assert replay(rec) == expected


def test_a_stuck_dealer_makes_no_call_in_the_record() -> None:
    state = hand_with([None, None, None], dealer=Seat.N, trump=Suit.H)
    rec = hand_record(state.history[-1])
    assert rec["auction"] == ["pass", "pass", "pass"]
    out = replay(rec)
    assert (out["declarer"], out["bid"]) == ("N", 250)


def test_a_record_that_breaks_a_rule_names_the_first_illegal_call() -> None:
    state = hand_with([250, None, 260, None, None], dealer=Seat.W, trump=Suit.S)
    rec = hand_record(state.history[-1])
    rec["auction"] = ["250", "pass", "255", "pass", "pass"]
    with pytest.raises(BadRecord) as err:
        replay(rec)
    assert (err.value.field, err.value.index) == ("auction", 2)
    assert "multiple of 10" in err.value.reason


def test_a_record_that_breaks_a_rule_names_the_first_illegal_card() -> None:
    state = hand_with([250, None, None, None], dealer=Seat.W, seed="illegal", trump=Suit.S)
    rec = hand_record(state.history[-1])
    # Walk the hand again and replace the first card that had an illegal alternative.
    walk = new_match(seed=0, first_dealer=Seat.W, deals=[state.history[-1].dealt])
    walk = apply(walk, Action.bid_(Seat.N, 250))
    for _ in range(3):
        walk = apply(walk, Action.pass_(turn(walk)))  # type: ignore[arg-type]
    walk = apply(walk, Action.trump_(Seat.N, Suit.S))
    while walk.phase == "meld":
        walk = apply(walk, legal_actions(walk)[0])
    for i, tok in enumerate(rec["play"]):  # type: ignore[arg-type]
        who = turn(walk)
        assert who is not None
        ok = {str(c) for c in legal(walk, who).cards}
        wrong = sorted({str(c) for c in unpack(walk.hands[who])} - ok)
        if wrong:
            break
        walk = apply(walk, Action.play_(who, Card.parse(tok)))
    else:
        pytest.fail("no trick in this hand had an illegal card to try")
    rec["play"][i] = wrong[0]  # type: ignore[index]
    with pytest.raises(BadRecord) as err:
        replay(rec)
    assert (err.value.field, err.value.index) == ("play", i)
    assert "must" in err.value.reason


def test_a_match_record_moves_the_dealer_left() -> None:
    state = hand_with([None, None, None], dealer=Seat.S, trump=Suit.C)
    state = apply(state, Action.deal_(Seat.W))
    for _ in range(3):
        state = apply(state, Action.pass_(turn(state)))  # type: ignore[arg-type]
    state = apply(state, Action.trump_(Seat.W, Suit.D))
    state = play_out(state)
    rec = match_record(state)
    assert rec["format"] == MATCH_FORMAT == "pinochle-match/1"
    assert [h["dealer"] for h in rec["hands"]] == ["S", "W"]  # type: ignore[index,union-attr]
    out = replay(rec)
    assert [h["declarer"] for h in out["hands"]] == ["S", "W"]  # type: ignore[index,union-attr]
    rec["hands"][1]["dealer"] = "E"  # type: ignore[index]
    with pytest.raises(BadRecord) as err:
        replay(rec)
    # the second hand is hand 2, in the field and the reason alike (one numbering, from 1)
    assert err.value.field == "dealer" and err.value.hand == 2
    assert str(err.value) == "hand 2: dealer: the deal passes left: hand 2 is dealt by W, not E"
