"""Decks and the layered hand (docs/design.md, "Cards and decks"): the 48-card deck and the
80-card double deck (VARIANTS.md ``double-deck``), one thermometer layer per
copy, and the generic helpers against today's two-layer ones."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle.cards import (
    ALL_TYPES, CARDS, DECKS, DOUBLE_DECK, FULL_DECK, LAYER, PINOCHLE_DECK, SPREAD, Card, Deck, add, count, deck,
    layer_add, layer_count, layer_remove, layer_unpack, pack, pack_deck, parse_cards, remove, size, unpack,
)
from pinochle.errors import BadCard

NINES = [c for c in range(24) if c % 6 == 0]


@st.composite
def held(draw: st.DrawFn, d: Deck) -> list[int]:
    """A multiset of cards ``d`` can deal to one hand, in a random order."""
    counts = [draw(st.integers(0, n)) for n in d.copies]
    cards = [c for c, n in enumerate(counts) for _ in range(n)]
    return list(draw(st.permutations(cards)))


def thermometer_ok(h: int, layers: int) -> bool:
    """Layer k+1 is inside layer k, and nothing lies above the top layer."""
    if h >> (LAYER * layers):
        return False
    return all(not (h >> (LAYER * (k + 1)) & ~(h >> (LAYER * k)) & ALL_TYPES) for k in range(layers - 1))


# ------------------------------------------------------------------ the decks


def test_the_two_decks() -> None:
    """RULES.md, Deal 1: 48 cards, two of each; VARIANTS.md double-deck: 80 cards, four of A T K Q J, no nines."""
    assert DECKS == {"pinochle": PINOCHLE_DECK, "double-deck": DOUBLE_DECK}
    assert (PINOCHLE_DECK.size, PINOCHLE_DECK.layers) == (48, 2)
    assert (DOUBLE_DECK.size, DOUBLE_DECK.layers) == (80, 4)
    assert PINOCHLE_DECK.full == FULL_DECK == pack(deck())
    assert PINOCHLE_DECK.cards() == deck()
    dd = Counter(DOUBLE_DECK.cards())
    assert all(dd[CARDS[c]] == (0 if c % 6 == 0 else 4) for c in range(24))
    assert DOUBLE_DECK.full == pack_deck(DOUBLE_DECK.cards(), DOUBLE_DECK)
    assert size(DOUBLE_DECK.full) == 80 and thermometer_ok(DOUBLE_DECK.full, 4)


def test_a_deck_is_a_value() -> None:
    again = Deck("double-deck", DOUBLE_DECK.copies)
    assert again == DOUBLE_DECK and hash(again) == hash(DOUBLE_DECK)
    assert pickle.loads(pickle.dumps(DOUBLE_DECK)) == DOUBLE_DECK
    with pytest.raises(AttributeError):
        DOUBLE_DECK.size = 3  # type: ignore[misc]
    with pytest.raises(ValueError):
        Deck("five", (5,) * 24)
    with pytest.raises(ValueError):
        Deck("short", (2,) * 23)


def test_refusals_name_the_card_and_the_deck() -> None:
    ks = Card.parse("KS")
    four = pack_deck([ks] * 4, DOUBLE_DECK)
    with pytest.raises(BadCard, match="^there are only four K♠ in the double-deck deck$"):
        layer_add(four, ks, DOUBLE_DECK)
    with pytest.raises(BadCard, match="^there are only two K♠ in the pinochle deck$"):
        layer_add(pack([ks, ks]), ks, PINOCHLE_DECK)
    for nine in NINES:
        with pytest.raises(BadCard, match="^the double-deck deck has no nines$"):
            DOUBLE_DECK.add(0, nine)
    with pytest.raises(BadCard, match="^9♥ is not in the hand$"):
        layer_remove(four, Card.parse("9H"), 4)
    # today's two-layer message is unchanged
    with pytest.raises(BadCard, match="^there are only two K♠ in the deck$"):
        add(pack([ks, ks]), ks)


def test_check_refuses_what_is_not_a_hand_of_the_deck() -> None:
    DOUBLE_DECK.check(DOUBLE_DECK.full)
    PINOCHLE_DECK.check(FULL_DECK)
    with pytest.raises(BadCard, match="no nines"):
        DOUBLE_DECK.check(1)  # a 9♠
    with pytest.raises(BadCard, match="a third copy of A♠ without a second"):
        DOUBLE_DECK.check(1 << 5 | 1 << (2 * LAYER + 5))
    with pytest.raises(BadCard, match="more than 2 layers"):
        PINOCHLE_DECK.check(1 << (2 * LAYER + 5))


# ------------------------------------------------------------------ the 48-card deck: the two-layer functions


@settings(max_examples=300, deadline=None)
@given(held(PINOCHLE_DECK))
def test_generic_helpers_are_todays_on_the_48_card_deck(cards: list[int]) -> None:
    """With two layers the encoding is bit for bit today's (docs/design.md, "Cards and decks")."""
    h = pack(cards)
    assert pack_deck(cards, PINOCHLE_DECK) == h
    assert layer_unpack(h, 2) == unpack(h) == PINOCHLE_DECK.unpack(h)
    for c in range(24):
        assert layer_count(h, c, 2) == count(h, c) == PINOCHLE_DECK.count(h, c)
        if count(h, c):
            assert layer_remove(h, c, 2) == remove(h, c) == PINOCHLE_DECK.remove(h, c)
        if count(h, c) < 2:
            assert layer_add(h, c, PINOCHLE_DECK) == add(h, c)


# ------------------------------------------------------------------ up to four copies


@settings(max_examples=300, deadline=None)
@given(held(DOUBLE_DECK))
def test_pack_and_unpack_round_trip(cards: list[int]) -> None:
    h = pack_deck(cards, DOUBLE_DECK)
    assert DOUBLE_DECK.unpack(h) == sorted(cards)
    assert size(h) == len(cards)
    assert thermometer_ok(h, 4)
    DOUBLE_DECK.check(h)
    n = Counter(cards)
    for c in range(24):
        assert DOUBLE_DECK.count(h, c) == layer_count(h, c, 4) == n[c]
        # layer k holds c exactly when at least k + 1 copies are held
        assert all(bool(h >> (c + LAYER * k) & 1) == (n[c] > k) for k in range(4))
    assert h & ALL_TYPES == pack_deck(set(cards), DOUBLE_DECK)  # presence is layer 0


@settings(max_examples=300, deadline=None)
@given(held(DOUBLE_DECK), st.integers(0, 23))
def test_add_and_remove_are_inverse(cards: list[int], card: int) -> None:
    h = pack_deck(cards, DOUBLE_DECK)
    n = DOUBLE_DECK.count(h, card)
    if n < DOUBLE_DECK.copies[card]:
        more = DOUBLE_DECK.add(h, card)
        assert DOUBLE_DECK.count(more, card) == n + 1 and size(more) == size(h) + 1
        assert DOUBLE_DECK.remove(more, card) == h
    else:
        with pytest.raises(BadCard):
            DOUBLE_DECK.add(h, card)  # the 5th copy, or a nine
    if n:
        less = DOUBLE_DECK.remove(h, card)
        assert DOUBLE_DECK.count(less, card) == n - 1 and thermometer_ok(less, 4)
        assert DOUBLE_DECK.add(less, card) == h
    else:
        with pytest.raises(BadCard):
            DOUBLE_DECK.remove(h, card)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 23).filter(lambda c: c % 6 != 0), st.sampled_from([PINOCHLE_DECK, DOUBLE_DECK]))
def test_one_copy_more_than_the_deck_is_refused(card: int, d: Deck) -> None:
    """The 3rd copy on one deck, the 5th on the double deck (bad input)."""
    h = pack_deck([card] * d.copies[card], d)
    with pytest.raises(BadCard, match=f"only {('two', 'four')[d.layers // 2 - 1]} {CARDS[card].label} in the {d.name} deck"):
        pack_deck([card] * (d.copies[card] + 1), d)
    assert layer_remove(h, card, d.layers) == pack_deck([card] * (d.copies[card] - 1), d)


def test_spread_columns() -> None:
    assert SPREAD[2] == 1 | 1 << 24 and SPREAD[4] == 1 | 1 << 24 | 1 << 48 | 1 << 72
    h = pack_deck(parse_cards("AS AS AS"), DOUBLE_DECK)
    assert (h >> Card.parse("AS") & SPREAD[4]).bit_count() == 3
