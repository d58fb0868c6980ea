"""Meld as rows of the rule set, for up to four copies (docs/design.md, "Rules, scales and
switches"): the double-deck table of VARIANTS.md (seed 001), with names such as
"triple pinochle" coming from the rules, and the table's results unchanged."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle.cards import DOUBLE_DECK, PINOCHLE_DECK, Card, pack, parse_cards
from pinochle.meld import meld, meld_by_trump, meld_points, royal_marriages
from pinochle.games import with_switches
from pinochle.rules import DOUBLE_DECK_RULES, TABLE, RuleSet, meld_row_copies, run_row

from .test_deck import held

DD = DOUBLE_DECK_RULES
#: The double deck with three runs as a double run and a run (VARIANTS.md: "each other reading a switch").
DD165 = with_switches(DD, {"triple_run": "double-and-run"})
ONES_TABLE = TABLE.in_scale("ones")


def dd(cards: str) -> int:
    return DOUBLE_DECK.pack(parse_cards(cards))


def items(hand: int, trump: str, rules: RuleSet = DD) -> tuple[int, Counter[tuple[str, int]]]:
    m = meld(hand, "SHDC".index(trump), rules)
    return m.total, Counter((i.name, i.points) for i in m.items)


def times(n: int, cards: str) -> str:
    return " ".join([cards] * n)


# ------------------------------------------------------------------ every meld of the double deck


RUN = "AS TS KS QS JS"


@pytest.mark.parametrize("trump, hand, total, want", [
    # basic melds of the ones table (seed 001), no dix (there are no nines)
    ("S", RUN, 15, {("run", 15): 1}),
    ("H", "KH QH", 4, {("royal marriage", 4): 1}),
    ("S", "KH QH", 2, {("marriage", 2): 1}),
    ("H", "QS JD", 4, {("pinochle", 4): 1}),
    ("S", "AS AH AD AC", 10, {("aces around", 10): 1}),
    ("S", "KS KH KD KC", 8, {("kings around", 8): 1}),
    ("S", "QS QH QD QC", 6, {("queens around", 6): 1}),
    ("S", "JS JH JD JC", 4, {("jacks around", 4): 1}),
    # doubles (seed 001)
    ("S", times(2, RUN), 150, {("double run", 150): 1}),
    ("H", "QS QS JD JD", 30, {("double pinochle", 30): 1}),
    ("S", times(2, "AS AH AD AC"), 100, {("double aces", 100): 1}),
    ("S", times(2, "KS KH KD KC"), 80, {("double kings", 80): 1}),
    ("S", times(2, "QS QH QD QC"), 60, {("double queens", 60): 1}),
    ("S", times(2, "JS JH JD JC"), 40, {("double jacks", 40): 1}),
    # triples (seed 001: "three in each suit")
    ("S", times(3, "AS AH AD AC"), 150, {("triple aces", 150): 1}),
    ("S", times(3, "KS KH KD KC"), 120, {("triple kings", 120): 1}),
    ("S", times(3, "QS QH QD QC"), 90, {("triple queens", 90): 1}),
    ("S", times(3, "JS JH JD JC"), 60, {("triple jacks", 60): 1}),
    ("H", times(3, "QS JD"), 45, {("triple pinochle", 45): 1}),
    # four of each: "quadruple aces, kings, queens, and jacks count as two double melds"
    ("S", times(4, "AS AH AD AC"), 200, {("double aces", 100): 2}),
    ("S", times(4, "KS KH KD KC"), 160, {("double kings", 80): 2}),
    ("S", times(4, "QS QH QD QC"), 120, {("double queens", 60): 2}),
    ("S", times(4, "JS JH JD JC"), 80, {("double jacks", 40): 2}),
    ("H", times(4, "QS JD"), 300, {("quadruple pinochle", 300): 1}),
    # runs: the common double-deck rules where seed 001 is silent (VARIANTS.md): three 225, four 300
    ("S", times(3, RUN), 225, {("triple run", 225): 1}),
    ("S", times(4, RUN), 300, {("quadruple run", 300): 1}),
    # royal marriages beside runs: min(max(k, q) - r, min(k, q))
    ("S", RUN + " KS", 19, {("run", 15): 1, ("royal marriage", 4): 1}),
    ("S", RUN + " KS KS QS", 23, {("run", 15): 1, ("royal marriage", 4): 2}),  # k 3, q 2, r 1: min(2, 2)
    ("S", RUN + " KS KS KS", 19, {("run", 15): 1, ("royal marriage", 4): 1}),  # k 4, q 1, r 1: min(3, 1)
    ("S", RUN + " KS KS KS QS QS QS", 27, {("run", 15): 1, ("royal marriage", 4): 3}),  # min(3, 4)
    ("S", times(2, RUN) + " KS KS QS", 158, {("double run", 150): 1, ("royal marriage", 4): 2}),  # min(2, 3)
    ("S", times(3, RUN) + " KS QS", 229, {("triple run", 225): 1, ("royal marriage", 4): 1}),
    ("S", "KS KS KS QS QS QS QS", 12, {("royal marriage", 4): 3}),  # no run: min(k, q)
    ("S", "KH KH KH KH QH QH QH", 6, {("marriage", 2): 3}),
])
def test_every_double_deck_meld(trump: str, hand: str, total: int, want: dict[tuple[str, int], int]) -> None:
    assert items(dd(hand), trump) == (total, Counter(want))
    assert meld_points(dd(hand), "SHDC".index(trump), DD) == total


def test_four_of_a_rank_in_every_suit_shows_all_sixteen_cards() -> None:
    m = meld(dd(times(4, "AS AH AD AC")), 0, DD)
    assert [i.cards for i in m.items] == [tuple(parse_cards("AS AS AH AH AD AD AC AC"))] * 2
    assert Counter(m.shown()) == Counter(parse_cards(times(4, "AS AH AD AC")))


def test_three_runs_show_three_of_each_run_card() -> None:
    m = meld(dd(times(3, RUN) + " KS"), 0, DD)
    assert Counter(m.shown()) == Counter(parse_cards(times(3, RUN) + " KS"))
    m = meld(dd(RUN + " KS KS KS QS"), 0, DD)  # k 4, q 2, r 1: 2 marriages: 3 kings and 2 queens show
    assert Counter(m.shown()) == Counter(parse_cards(RUN + " KS KS QS"))


def test_the_rows_are_in_the_rules() -> None:
    """Names come from the rules: nothing in pinochle.meld spells "triple pinochle"."""
    assert DD.pinochle[2] == (("triple pinochle", 45),)
    assert DD.pinochle[3] == (("quadruple pinochle", 300),)
    assert dict(DD.arounds)["A"][3] == (("double aces", 100), ("double aces", 100))
    assert meld_row_copies(DD.run) == ((1,), (2,), (3,), (4,))
    assert meld_row_copies(run_row(DD165)) == ((1,), (2,), (2, 1), (2, 2))
    renamed = RuleSet(pinochle=((("binokel", 40),), (("double binokel", 300),)))
    assert items(pack(parse_cards("QS JD")), "H", renamed) == (40, Counter({("binokel", 40): 1}))
    assert (DD.copies, DD.deck, DD.scale, DD.min_bid, DD.last_trick, DD.target, DD.total_counters) == \
        (4, "double-deck", "ones", 50, 2, 500, 50)


def test_bad_rows_are_refused() -> None:
    with pytest.raises(ValueError, match="never scored on its own"):
        RuleSet(run=((("run", 150),), (("run", 150), ("extra", 1))))
    with pytest.raises(ValueError, match="uses 4 copies"):
        RuleSet(run=((("run", 150),), (("double run", 1500),), (("double run", 1500), ("double run", 1500))))


def test_the_old_row_form_is_still_read() -> None:
    """RuleSet(run=(150, 1500), ...) as callers wrote it before rows (backward compatible)."""
    old = RuleSet(run=(150, 1500), pinochle=(40, 300),  # type: ignore[arg-type]
                  arounds=(("A", 100, 1000), ("K", 80, 800), ("Q", 60, 600), ("J", 40, 400)))  # type: ignore[arg-type]
    assert old == TABLE


# ------------------------------------------------------------------ properties


def oracle_dd(cards: list[int], trump: int, three_runs: int = 225) -> int:
    """VARIANTS.md double-deck, written out plainly from card counts (independent of pinochle.meld);
    ``three_runs``: 225 (the game's own), or 165 with its ``triple_run=double-and-run`` switch."""
    n = Counter(cards)

    def c(rank: str, suit: int) -> int:
        return n[Card.parse(rank + "SHDC"[suit])]

    runs = min(c(r, trump) for r in "ATKQJ")
    total = (0, 15, 150, three_runs, 300)[runs]
    k, q = c("K", trump), c("Q", trump)
    total += 4 * min(max(k, q) - runs, min(k, q))
    total += sum(2 * min(c("K", s), c("Q", s)) for s in range(4) if s != trump)
    total += (0, 4, 30, 45, 300)[min(n[Card.parse("QS")], n[Card.parse("JD")])]
    for rank, single, double, triple in (("A", 10, 100, 150), ("K", 8, 80, 120), ("Q", 6, 60, 90), ("J", 4, 40, 60)):
        total += (0, single, double, triple, 2 * double)[min(c(rank, s) for s in range(4))]
    return total


@settings(max_examples=400, deadline=None)
@given(held(DOUBLE_DECK), st.integers(0, 3))
def test_double_deck_meld_matches_an_independent_count(cards: list[int], trump: int) -> None:
    assert meld(DOUBLE_DECK.pack(cards), trump, DD).total == oracle_dd(cards, trump)


@settings(max_examples=400, deadline=None)
@given(held(DOUBLE_DECK), st.integers(0, 3))
def test_double_deck_meld_with_the_165_switch_matches_an_independent_count(cards: list[int], trump: int) -> None:
    assert meld(DOUBLE_DECK.pack(cards), trump, DD165).total == oracle_dd(cards, trump, three_runs=165)


#: The meld of k runs of trump (k = 0 to 4), in ones: the game's own (VARIANTS.md, "three runs 225 and
#: four runs 300") and with the ``triple_run=double-and-run`` switch (165 and 300).
RUNS_225 = {0: (0, []), 1: (15, ["run"]), 2: (150, ["double run"]), 3: (225, ["triple run"]),
            4: (300, ["quadruple run"])}
RUNS_165 = {0: (0, []), 1: (15, ["run"]), 2: (150, ["double run"]), 3: (165, ["double run", "run"]),
            4: (300, ["double run", "double run"])}


@pytest.mark.parametrize("k", range(5))
@pytest.mark.parametrize("rules, table", [(DD, RUNS_225), (DD165, RUNS_165)], ids=["225", "165"])
def test_the_meld_of_k_runs(k: int, rules: RuleSet, table: dict[int, tuple[int, list[str]]]) -> None:
    """k runs alone: their points and names, the k copies of each run card shown, the fast count the same."""
    hand = dd(times(k, RUN)) if k else 0
    m = meld(hand, 0, rules)
    assert (m.total, [i.name for i in m.items]) == table[k]
    assert Counter(m.shown()) == Counter(parse_cards(times(k, RUN)) if k else [])
    assert meld_points(hand, 0, rules) == m.total


@settings(max_examples=300, deadline=None)
@given(held(DOUBLE_DECK), st.integers(0, 3), st.sampled_from(["225", "165"]))
def test_the_runs_of_any_hand_score_the_table_of_k_runs(cards: list[int], trump: int, reading: str) -> None:
    """Whatever else a hand holds, its run items are the entry for the runs it holds."""
    rules, table = (DD, RUNS_225) if reading == "225" else (DD165, RUNS_165)
    k = min(Counter(cards)[trump * 6 + r] for r in (5, 4, 3, 2, 1))
    runs = [i for i in meld(DOUBLE_DECK.pack(cards), trump, rules).items if i.kind == "run"]
    assert (sum(i.points for i in runs), [i.name for i in runs]) == table[k]


@settings(max_examples=400, deadline=None)
@given(held(DOUBLE_DECK), st.integers(0, 3), st.sampled_from([DD, DD165]))
def test_double_deck_meld_shown_and_scored_agree(cards: list[int], trump: int, rules: RuleSet) -> None:
    """One definition: the fast tables, meld() and the cards laid down agree (both run readings)."""
    hand = DOUBLE_DECK.pack(cards)
    m = meld(hand, trump, rules)
    assert m.total == sum(i.points for i in m.items)
    assert meld_points(hand, trump, rules) == m.total == meld_by_trump(hand, rules)[trump]
    shown, hold = Counter(m.shown()), Counter(cards)
    assert not shown - hold, "meld shows a card the hand does not hold"
    kinds: dict[str, Counter[Card]] = {}
    for item in m.items:
        kinds.setdefault(item.kind, Counter()).update(item.cards)
    for kind, used in kinds.items():
        assert not used - hold, f"the {kind} melds use more cards than the hand holds"
        if kind != "marriage":  # a royal marriage may use a run's card (RULES.md, Meld)
            assert not used - shown, f"a card of the {kind} melds is not shown"
    assert set(kinds.get("marriage", Counter())) <= set(shown)
    assert bool(shown) == bool(m.items)


def test_twenty_card_deals_agree_everywhere() -> None:
    rng = random.Random(13)
    for _ in range(300):
        deck = DOUBLE_DECK.cards()
        rng.shuffle(deck)
        for seat in range(4):
            cards = deck[20 * seat:20 * seat + 20]
            h = DOUBLE_DECK.pack(cards)
            by = meld_by_trump(h, DD)
            assert by == tuple(meld(h, t, DD).total for t in range(4)) == tuple(oracle_dd(cards, t) for t in range(4))


@settings(max_examples=300, deadline=None)
@given(held(PINOCHLE_DECK).map(lambda cs: [c for c in cs if c % 6]), st.integers(0, 3))
def test_up_to_two_copies_score_as_on_one_deck(cards: list[int], trump: int) -> None:
    """A double-deck hand with at most two copies of each card melds as the one-deck table in ones,
    item for item and card for card (the royal-marriage formula is RULES.md's rule on one deck)."""
    one, two = meld(pack(cards), trump, ONES_TABLE), meld(DOUBLE_DECK.pack(cards), trump, DD)
    assert one == two


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2), st.integers(0, 2), st.integers(0, 2))
def test_royal_marriage_formula_is_rules_md_on_one_deck(k: int, q: int, r: int) -> None:
    if r > min(k, q):
        return
    assert royal_marriages(k, q, r) == (min(k, q) if r == 0 else max(k, q) - r)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from("AKQJ"), st.integers(0, 3), held(DOUBLE_DECK))
def test_four_of_a_rank_everywhere_is_two_doubles(rank: str, trump: int, rest: list[int]) -> None:
    r = "9JQKTA".index(rank)
    others = [c for c in rest if c % 6 != r]
    hand = DOUBLE_DECK.pack([s * 6 + r for s in range(4) for _ in range(4)] + others)
    names = [i.name for i in meld(hand, trump, DD).items if i.kind == f"around-{rank}"]
    plural = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks"}[rank]
    assert names == [f"double {plural}"] * 2


def test_table_tables_are_unchanged() -> None:
    """The 4096-entry two-layer tables of today, filled from the row functions."""
    from pinochle.meld import _tables

    t = _tables(TABLE)
    assert not t.wide and len(t.plain) == len(t.around) == 4096 and len(t.pinochle) == 9
    assert t.pinochle == (0, 0, 0, 0, 40, 40, 0, 40, 300)
    assert meld_by_trump(pack(parse_cards("KS QS KH QH 9H"))) == (60, 70, 40, 40)


def test_the_benchmark_counts_double_deck_meld() -> None:
    """benchmarks/engine.py --game double-deck runs (the figure itself is measured by hand, README)."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    p = subprocess.run([sys.executable, str(root / "benchmarks" / "engine.py"), "--game", "double-deck",
                        "--seconds", "0.05", "--repeat", "1", "--json"], capture_output=True, text=True, cwd=root)
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["game"] == "double-deck" and out["hands_per_s"] > 0 and out["meld_per_s"] > 0


def test_rule_sets_with_the_same_meld_share_tables() -> None:
    from dataclasses import replace

    from pinochle.meld import _tables

    assert _tables(replace(TABLE, name="another", min_bid=300)) is _tables(TABLE)
    assert _tables(TABLE.in_scale("old-style")) is _tables(TABLE)
    assert _tables(ONES_TABLE) is not _tables(TABLE)
