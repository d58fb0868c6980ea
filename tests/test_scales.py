"""Scales (VARIANTS.md, Scales; design step 4): tens, ones and old-style, and a
rule set expressed exactly in another scale; the play rules as a value."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle import sim
from pinochle.cards import DOUBLE_DECK, PINOCHLE_DECK, deck, pack, parse_cards
from pinochle.meld import meld, meld_by_trump
from pinochle.rules import DOUBLE_DECK_RULES, OLD_STYLE, ONES, SCALES, TABLE, TENS, PlayRules, RuleSet, in_scale
from pinochle.tricks import counters, legal_function

from .test_deck import held

ONES_TABLE = TABLE.in_scale("ones")
OLD_TABLE = TABLE.in_scale("old-style")


def test_the_three_scales_of_variants_md() -> None:
    assert list(SCALES) == ["tens", "ones", "old-style"]
    # counters indexed 9 J Q K T A
    assert (TENS.unit, TENS.counters, TENS.last_trick) == (10, (0, 0, 0, 10, 10, 10), 10)
    assert (ONES.unit, ONES.counters, ONES.last_trick) == (1, (0, 0, 0, 1, 1, 1), 1)
    # seed 002: "aces 11, tens 10, kings 4, queens 3 and jacks 2, with 10 for the last trick"
    assert (OLD_STYLE.unit, OLD_STYLE.counters, OLD_STYLE.last_trick) == (10, (0, 2, 3, 4, 10, 11), 10)
    assert TABLE.scale == "tens" and TABLE.counters == TENS.counters


def test_the_table_in_ones_is_rules_md_divided_by_ten() -> None:
    """Seed 002 "Ones scoring": counters 1, run 15, minimum bid 25, game 150; seed 001's ones meld table."""
    o = ONES_TABLE
    assert (o.scale, o.min_bid, o.bid_step, o.max_bid, o.target) == ("ones", 25, 1, 1000, 150)
    assert (o.royal_marriage, o.marriage, o.dix) == (4, 2, 1)
    assert o.run == ((("run", 15),), (("double run", 150),))
    assert o.pinochle == ((("pinochle", 4),), (("double pinochle", 30),))
    assert dict(o.arounds) == {
        "A": ((("aces around", 10),), (("double aces", 100),)),
        "K": ((("kings around", 8),), (("double kings", 80),)),
        "Q": ((("queens around", 6),), (("double queens", 60),)),
        "J": ((("jacks around", 4),), (("double jacks", 40),)),
    }
    assert (o.counters, o.last_trick, o.total_counters) == ((0, 0, 0, 1, 1, 1), 1, 25)
    # everything else is the table's
    same = ("name", "players", "hand_size", "no_bid", "first_lead", "must_beat", "must_trump", "meld_needs_trick",
            "tie_goes_to_declarer", "deck")
    assert all(getattr(o, f) == getattr(TABLE, f) for f in same)


def test_old_style_changes_only_the_counters() -> None:
    o = OLD_TABLE
    assert o.counters == (0, 2, 3, 4, 10, 11) and o.last_trick == 10
    assert o.total_counters == 250  # 8 x (11 + 10 + 4 + 3 + 2) + 10
    assert counters(deck(), o) + o.last_trick == 250
    assert replace(o, counters=TABLE.counters, scale="tens") == TABLE


def test_conversions_are_exact_and_round_trip() -> None:
    for a in SCALES:
        for b in SCALES:
            assert TABLE.in_scale(a).in_scale(b) == TABLE.in_scale(b)
            assert DOUBLE_DECK_RULES.in_scale(a).in_scale(b) == DOUBLE_DECK_RULES.in_scale(b)
    assert TABLE.in_scale("tens") is TABLE
    assert TABLE.in_scale("ones") is TABLE.in_scale(ONES)  # cached: one object, one set of meld tables


def test_double_deck_in_tens() -> None:
    """Seed 001 "two bonus points": the last trick keeps its two units in any scale."""
    t = DOUBLE_DECK_RULES.in_scale("tens")
    assert (t.min_bid, t.bid_step, t.last_trick, t.target, t.total_counters) == (500, 10, 20, 5000, 500)
    assert t.pinochle[3] == (("quadruple pinochle", 3000),)
    assert DOUBLE_DECK_RULES.in_scale("old-style").total_counters == 4 * 4 * 30 + 20


def test_an_inexact_conversion_is_refused() -> None:
    with pytest.raises(ValueError, match=r"min_bid 255 \(tens\) is 25.5 in ones"):
        RuleSet(min_bid=255).in_scale("ones")
    with pytest.raises(ValueError, match=r"dix 15 \(tens\) is 1.5 in ones"):
        in_scale(RuleSet(dix=15), "ones")
    with pytest.raises(ValueError, match=r"run \(double run\) 1505"):
        RuleSet(run=((("run", 150),), (("double run", 1505),))).in_scale("ones")
    with pytest.raises(ValueError, match="last_trick 15 is not a whole number of tens units"):
        RuleSet(last_trick=15).in_scale("ones")
    with pytest.raises(ValueError, match="unknown scale 'fives': the scales are tens, ones, old-style"):
        TABLE.in_scale("fives")
    with pytest.raises(ValueError, match="unknown scale"):
        RuleSet(scale="fives")
    with pytest.raises(ValueError, match="unknown deck"):
        RuleSet(deck="tarot")


def test_new_fields_default_to_the_table() -> None:
    assert RuleSet() == TABLE
    assert (TABLE.scale, TABLE.deck, TABLE.copies, TABLE.max_bid) == ("tens", "pinochle", 2, 10_000)
    assert TABLE.play == PlayRules("always", True)


def test_total_counters_come_from_the_deck() -> None:
    for scale in SCALES.values():
        for rules, d in ((TABLE, PINOCHLE_DECK), (DOUBLE_DECK_RULES, DOUBLE_DECK)):
            r = rules.in_scale(scale)
            assert r.total_counters == counters(d.cards(), r) + r.last_trick


# ------------------------------------------------------------------ properties


@st.composite
def table_hand(draw: st.DrawFn) -> int:
    return pack(draw(held(PINOCHLE_DECK)))


@settings(max_examples=300, deadline=None)
@given(table_hand(), st.integers(0, 3))
def test_meld_in_ones_is_the_tens_meld_divided_by_ten(hand: int, trump: int) -> None:
    tens, ones, old = meld(hand, trump), meld(hand, trump, ONES_TABLE), meld(hand, trump, OLD_TABLE)
    assert [(i.name, i.points * 10, i.cards) for i in ones.items] == [(i.name, i.points, i.cards) for i in tens.items]
    assert ones.shown_cards == tens.shown_cards
    assert old == tens  # old-style keeps the tens meld
    assert tuple(10 * p for p in meld_by_trump(hand, ONES_TABLE)) == meld_by_trump(hand)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 23), max_size=48))
def test_counters_in_each_scale(cards: list[int]) -> None:
    assert counters(cards, ONES_TABLE) * 10 == counters(cards)
    want = sum({"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}["9JQKTA"[c % 6]] for c in cards)
    assert counters(cards, OLD_TABLE) == want


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["tens", "ones", "old-style"]))
def test_every_simulated_hand_has_the_scales_counters(seed: int, scale: str) -> None:
    """Old-style counters total 250 a hand, ones 25, tens 250 (VARIANTS.md, Scales)."""
    rules = TABLE.in_scale(scale)
    r = sim.random_hand(random.Random(seed), rules=rules)
    assert sum(r.counters) == rules.total_counters == {"tens": 250, "ones": 25, "old-style": 250}[scale]
    assert sum(r.tricks) == 12


# ------------------------------------------------------------------ play rules as a value


def test_legal_function_is_shared_by_equal_play_rules() -> None:
    table_fn = legal_function(TABLE)
    assert legal_function(ONES_TABLE) is table_fn
    assert legal_function(replace(TABLE, name="copy")) is table_fn
    assert legal_function(PlayRules()) is table_fn
    assert legal_function(DOUBLE_DECK_RULES) is legal_function(PlayRules("never", True)) is not table_fn
    hand = pack(parse_cards("AS 9S KH"))
    assert table_fn(hand, 0, parse_cards("KS")[0], 1) == pack(parse_cards("AS"))
    assert legal_function(DOUBLE_DECK_RULES)(hand, 0, parse_cards("KS")[0], 1) == pack(parse_cards("AS 9S"))
