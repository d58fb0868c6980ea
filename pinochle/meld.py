"""Meld: every meld of a hand with its name, points and scoring cards.

The rules are those of RULES.md, "Meld". There is exactly one definition of
what a hand melds: :func:`_suit_melds`, :func:`_pinochle_melds` and
:func:`_around_melds`. :func:`meld` (what the table shows and what the game
scores) assembles their items; :func:`meld_points` (the fast path for
simulations) reads point tables that are filled from the very same functions.
A property test checks that the two agree on random hands.

The points and names come from the rule set's meld rows
(:data:`pinochle.rules.MeldRow`), for up to four copies of a card: the
double-deck table of VARIANTS.md (seed 001) is :data:`~pinochle.rules.DOUBLE_DECK_RULES`.

>>> from pinochle.cards import Suit, parse_cards, pack
>>> m = meld(pack(parse_cards("AS TS KS QS JS KS")), Suit.S)
>>> m.total, [(i.name, i.points) for i in m.items]
(190, [('run', 150), ('royal marriage', 40)])
>>> meld(pack(parse_cards("AS TS KS QS JS") * 2), Suit.S).total
1500
>>> meld(pack(parse_cards("QS QS JD JD")), Suit.H).total
300
>>> from pinochle.cards import DOUBLE_DECK
>>> from pinochle.rules import DOUBLE_DECK_RULES
>>> [(i.name, i.points) for i in meld(DOUBLE_DECK.pack(parse_cards("QS JD") * 3), Suit.H, DOUBLE_DECK_RULES).items]
[('triple pinochle', 45)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from .cards import CARDS, DECKS, LAYER, MAX_COPIES, NTYPES, RANK_LETTERS, SPREAD, Card, Suit
from .errors import BadCard
from .rules import TABLE, MeldRow, RuleSet, built_once, meld_row_copies, run_row

#: Rank indexes (see pinochle.cards): 9=0 J=1 Q=2 K=3 T=4 A=5.
NINE, JACK, QUEEN, KING, TEN, ACE = range(6)
_RUN_RANKS = (ACE, TEN, KING, QUEEN, JACK)
_QS = Card.parse("QS")
_JD = Card.parse("JD")
_COPIES = range(MAX_COPIES + 1)
#: The cards of one meld item that uses ``c`` copies of each of its cards:
#: _RUN_CARDS[suit][c], _AROUND_CARDS[rank][c], _PINOCHLE_CARDS[c] (RULES.md, Meld: high to low).
_RUN_CARDS = tuple(tuple(tuple(CARDS[s * 6 + r] for r in _RUN_RANKS for _ in range(c)) for c in _COPIES)
                   for s in range(4))
_AROUND_CARDS = tuple(tuple(tuple(CARDS[s * 6 + r] for s in range(4) for _ in range(c)) for c in _COPIES)
                      for r in range(6))
_PINOCHLE_CARDS = tuple((_QS,) * c + (_JD,) * c for c in _COPIES)


@dataclass(frozen=True)
class MeldItem:
    """One scoring meld.

    Attributes:
        name: the RULES.md name in lower case, e.g. ``"royal marriage"``.
        kind: the meld kind of RULES.md ("A card may serve melds of different
            kinds, never two melds of the same kind"): ``"run"`` (run, double
            run, royal marriage are not one kind: see below), ``"marriage"``
            (royal and common), ``"dix"``, ``"pinochle"`` or ``"around-X"``.
        points: points of this meld (tens scale).
        cards: the cards that score it, high to low; a double meld lists both
            copies.

    The run kind holds ``"run"`` and ``"double run"``; royal marriages belong
    to the marriage kind, and a royal marriage formed with a run card shares
    that card with the run (RULES.md, Meld).
    """

    name: str
    kind: str
    points: int
    cards: tuple[Card, ...]

    def to_json(self) -> dict[str, object]:
        """``{"name", "points", "cards"}`` with canonical card tokens."""
        return {"name": self.name, "points": self.points, "cards": [str(c) for c in self.cards]}

    @property
    def suit(self) -> str | None:
        """The one suit a player names this meld by ("a marriage in hearts", "a run in spades"): a run's or a
        marriage's (royal or common, and their doubles: RULES.md, Meld: "K and Q of the same suit", "A 10 K Q J
        of trump"), as its letter (``"H"``); ``None`` for a meld of several suits or of one card (the dix).

        >>> MeldItem("marriage", "marriage", 20, (Card.parse("KH"), Card.parse("QH"))).suit
        'H'
        >>> MeldItem("pinochle", "pinochle", 40, (Card.parse("QS"), Card.parse("JD"))).suit is None
        True
        """
        if self.kind not in ("run", "marriage") or not self.cards:
            return None
        suits = {str(c)[-1] for c in self.cards}
        return suits.pop() if len(suits) == 1 else None


@dataclass(frozen=True)
class Meld:
    """All melds of one hand for one trump suit.

    Attributes:
        items: the melds, trump suit first, then marriages, pinochle, arounds.
        total: the sum of the items' points (tens).
        shown_cards: the physical cards that score, sorted (see :meth:`shown`).
    """

    items: tuple[MeldItem, ...]
    total: int
    shown_cards: tuple[Card, ...] = ()

    def shown(self) -> list[Card]:
        """The cards laid down to show these melds, with multiplicity, sorted (RULES.md, Meld).

        A card that serves melds of several kinds is shown once; a second copy
        is shown only when it scores too (double pinochle, a run with a spare
        trump king). The rest of the hand is never shown.
        """
        return list(self.shown_cards)

    def to_json(self) -> dict[str, object]:
        """``{"total": points, "melds": [item, ...]}`` as the CLI prints it."""
        return {"total": self.total, "melds": [i.to_json() for i in self.items]}


def royal_marriages(k: int, q: int, runs: int) -> int:
    """Royal marriages scored besides ``runs`` runs with ``k`` trump kings and ``q`` trump queens.

    ``min(max(k, q) - r, min(k, q))`` (VARIANTS.md ``double-deck``, for any
    number of copies); for one deck this is RULES.md's rule, ``min(k, q)``
    when ``r = 0`` and ``max(k, q) - r`` when ``r >= 1`` (a run contains its
    own royal marriage; each spare trump king or queen marries a run card).

    >>> royal_marriages(2, 1, 1), royal_marriages(2, 2, 1), royal_marriages(4, 2, 1), royal_marriages(4, 4, 3)
    (1, 1, 2, 1)
    """
    return min(max(k, q) - runs, min(k, q))


def _row_items(row: MeldRow, n: int, kind: str, cards: Sequence[tuple[Card, ...]]) -> list[MeldItem]:
    """The items of ``row`` when ``n`` sets are held at once (see :data:`pinochle.rules.MeldRow`).

    Args:
        row: the meld row of the rules.
        n: sets held (0: none); more than the row has entries scores its last.
        kind: the items' meld kind.
        cards: ``cards[c]``: the cards of one item that uses ``c`` copies of each card.
    """
    if n <= 0:
        return []
    n = min(n, len(row))
    copies = meld_row_copies(row)[n - 1]
    return [MeldItem(name, kind, points, cards[c]) for (name, points), c in zip(row[n - 1], copies)]


def _suit_melds(counts: tuple[int, ...], suit: int, is_trump: bool, rules: RuleSet) -> list[MeldItem]:
    """Melds inside one suit (RULES.md, Meld: run, royal marriage, marriage, dix).

    Args:
        counts: copies held of each rank of ``suit``, indexed 9 J Q K T A.
        suit: the suit index 0..3.
        is_trump: whether ``suit`` is trump.
        rules: the point values and the run row.

    Returns:
        The melds, each with its cards.

    ``r`` runs (A T K Q J of trump, ``r`` copies of each) score the run row's
    entry for ``r`` (RULES.md: run, double run; VARIANTS.md ``double-deck``:
    a triple run 225 and a quadruple run 300, or with its ``triple_run``
    switch a double run and a run, and two double runs: :func:`pinochle.rules.run_row`).
    With ``k`` trump kings and ``q`` trump queens, :func:`royal_marriages`
    gives the royal marriages besides the runs; a run's own royal marriage is
    not scored again (RULES.md, Meld). Off trump, ``min(k, q)`` marriages.
    """
    def card(rank: int) -> Card:
        return CARDS[suit * 6 + rank]

    items: list[MeldItem] = []
    k, q = counts[KING], counts[QUEEN]
    if is_trump:
        row = run_row(rules)
        runs = min(min(counts[r] for r in _RUN_RANKS), len(row))
        items.extend(_row_items(row, runs, "run", _RUN_CARDS[suit]))
        for _ in range(royal_marriages(k, q, runs)):
            items.append(MeldItem("royal marriage", "marriage", rules.royal_marriage, (card(KING), card(QUEEN))))
        for _ in range(counts[NINE]):
            items.append(MeldItem("dix", "dix", rules.dix, (card(NINE),)))
    else:
        for _ in range(min(k, q)):
            items.append(MeldItem("marriage", "marriage", rules.marriage, (card(KING), card(QUEEN))))
    return items


def _suit_shown(counts: tuple[int, ...], is_trump: bool, rules: RuleSet) -> list[int]:
    """How many copies of each rank of one suit score in its melds (indexed 9 J Q K T A).

    The physical side of :func:`_suit_melds` (RULES.md, Meld): ``r`` runs show
    ``r`` copies of A T K Q J; the ``m`` royal marriages besides them take
    their spare cards from the longer of kings and queens, each marrying a
    card of the other rank from the runs first: with ``k >= q`` the hand shows
    ``r + m`` kings and ``max(r, m)`` queens. So a run with a spare king shows
    both kings and one queen, and a spare queen stays in the hand when a spare
    king already makes that marriage. A marriage outside the runs shows its
    king and queen; each dix its nine.
    """
    out = [0] * 6
    k, q = counts[KING], counts[QUEEN]
    if is_trump:
        runs = min(min(counts[r] for r in _RUN_RANKS), len(rules.run))  # the rows' lengths are the same
        for r in _RUN_RANKS:
            out[r] = runs
        m = royal_marriages(k, q, runs)
        if runs == 0:
            out[KING] = out[QUEEN] = m
        elif k >= q:
            out[KING], out[QUEEN] = runs + m, max(runs, m)  # the spare kings marry run queens first
        else:
            out[QUEEN], out[KING] = runs + m, max(runs, m)  # the spare queens marry run kings first
        out[NINE] = counts[NINE]
    else:
        out[KING] = out[QUEEN] = min(k, q)
    return out


def _pinochle_melds(n_qs: int, n_jd: int, rules: RuleSet) -> list[MeldItem]:
    """Pinochles (Q♠ J♦): the pinochle row's entry for ``min(n_qs, n_jd)`` (RULES.md, Meld;
    VARIANTS.md ``double-deck``: triple 45, quadruple 300); a double replaces its singles.

    Args:
        n_qs: copies of Q♠ held; n_jd: copies of J♦ held.
    """
    return _row_items(rules.pinochle, min(n_qs, n_jd), "pinochle", _PINOCHLE_CARDS)


def _around_melds(all_suits: tuple[int, ...], rules: RuleSet) -> list[MeldItem]:
    """Aces, kings, queens and jacks around: each rank's row entry for the sets held
    (RULES.md, Meld: single or double; VARIANTS.md ``double-deck``: triple, and
    four of a rank in every suit "count as two double melds").

    Args:
        all_suits: for each rank (indexed 9 J Q K T A), the copies held in
            every suit (the minimum over the four suits).

    Seven aces are one set of aces around (100); eight are double aces.
    """
    items: list[MeldItem] = []
    for letter, row in rules.arounds:
        rank = RANK_LETTERS.index(letter)
        items.extend(_row_items(row, all_suits[rank], f"around-{letter}", _AROUND_CARDS[rank]))
    return items


def _counts_key(counts: tuple[int, ...]) -> int:
    """The two-layer tables' key of per-rank copies: presence bits of the 6 ranks, second-copy bits above
    (as :func:`meld_by_trump` reads a suit of a hand)."""
    return sum(1 << (6 * k + r) for r, n in enumerate(counts) for k in range(n))


def meld(hand: int, trump: int, rules: RuleSet = TABLE) -> Meld:
    """Every meld of ``hand`` with ``trump`` as trump (RULES.md, Meld; VARIANTS.md ``double-deck``).

    Args:
        hand: a packed hand (see :mod:`pinochle.cards`) of the rules' deck, any size.
        trump: the trump suit index (or a :class:`~pinochle.cards.Suit`).
        rules: meld values; the table's by default.

    Returns:
        A :class:`Meld` whose ``total`` is the sum of its items' points.

    >>> from pinochle.cards import pack, parse_cards
    >>> [(i.name, i.points) for i in meld(pack(parse_cards("KH QH KH QH 9D")), 2).items]
    [('dix', 10), ('marriage', 20), ('marriage', 20)]
    """
    if not 0 <= trump < 4:
        raise BadCard(f"trump is a suit index 0..3 (S H D C), not {trump!r}")
    spread = SPREAD[rules.copies]
    held = [(hand >> t & spread).bit_count() for t in range(NTYPES)]
    suits = [tuple(held[s:s + 6]) for s in (0, 6, 12, 18)]
    items: list[MeldItem] = []
    need = [0] * NTYPES
    for s in (trump, *(s for s in range(4) if s != trump)):
        items.extend(_suit_melds(suits[s], s, s == trump, rules))
        need[s * 6:s * 6 + 6] = _suit_shown(suits[s], s == trump, rules)
    rest = _pinochle_melds(held[_QS], held[_JD], rules) + _around_melds(tuple(map(min, *suits)), rules)
    items.extend(rest)
    used: dict[tuple[str, int], int] = {}
    for item in rest:  # pinochle and arounds: a card shows as often as its kind uses it
        for card in item.cards:
            key = (item.kind, card)
            n = used[key] = used.get(key, 0) + 1
            if n > need[card]:
                need[card] = n
    shown = tuple(CARDS[t] for t in range(NTYPES) for _ in range(need[t]))
    return Meld(tuple(items), sum(i.points for i in items), shown)


@dataclass(frozen=True)
class _Tables:
    """Point tables of one rule set, keyed by a suit's copies (see :func:`_build_tables`).

    ``wide`` is false for up to two copies (4096-entry tuples indexed by the
    table's two-layer key, today's tables) and true for more (dicts keyed by
    a suit's 6 bits in each of four layers left in place, :func:`_wide_key`:
    the keys of every suit the deck can deal: 5^5 for the double deck, which has no nines).
    """

    wide: bool
    plain: tuple[int, ...] | dict[int, int]
    trump_extra: tuple[int, ...] | dict[int, int]
    around: tuple[int, ...] | dict[int, int]
    pinochle: tuple[int, ...]
    stride: int = 3


def _meld_numbers(rules: RuleSet) -> tuple[object, ...]:
    """Everything of ``rules`` the meld reads: rule sets that agree on it share tables."""
    return (rules.deck, run_row(rules), rules.royal_marriage, rules.marriage, rules.dix, rules.pinochle, rules.arounds)


def _build_tables(rules: RuleSet) -> _Tables:
    """Point tables filled from the meld functions above (one definition of meld).

    For each valid suit key (copies per rank), ``plain`` is the suit's meld
    off trump and ``trump_extra`` what it adds as trump; ``around`` is keyed
    the same way by the copies held in every suit; ``pinochle`` is indexed
    ``q♠ * (layers + 1) + j♦``.
    """
    deck = DECKS[rules.deck]
    layers = deck.layers
    wide = layers > 2
    # the copies of each rank the deck holds in a suit (the double deck has no nines: 5^5 keys)
    ranks = [range(max(deck.copies[s * 6 + r] for s in range(4)) + 1) for r in range(6)]
    keys = [(_wide_key(c) if wide else _counts_key(c), c) for c in product(*ranks)]
    plain: dict[int, int] = {}
    extra: dict[int, int] = {}
    around: dict[int, int] = {}
    for key, counts in keys:
        p = sum(i.points for i in _suit_melds(counts, 0, False, rules))
        t = sum(i.points for i in _suit_melds(counts, 0, True, rules))
        plain[key] = p
        extra[key] = t - p
        around[key] = sum(i.points for i in _around_melds(counts, rules))
    pin = tuple(sum(i.points for i in _pinochle_melds(a, b, rules))
                for a in range(layers + 1) for b in range(layers + 1))
    if wide:
        return _Tables(True, plain, extra, around, pin, layers + 1)

    def dense(d: dict[int, int]) -> tuple[int, ...]:
        return tuple(d.get(k, 0) for k in range(4096))

    if layers == 1:  # index the pinochle table as for two layers
        pin = (pin[0], pin[1], 0, pin[2], pin[3], 0, 0, 0, 0)
    return _Tables(False, dense(plain), dense(extra), dense(around), pin)


#: The point tables of a rule set, built once per value of its meld numbers (:func:`_meld_numbers`).
_tables = built_once(_meld_numbers, _build_tables)


def meld_points(hand: int, trump: int, rules: RuleSet = TABLE) -> int:
    """Total meld of ``hand`` for ``trump``: equal to ``meld(hand, trump, rules).total``.

    The fast path for simulations (about a microsecond); it reads tables filled
    from the same meld functions that :func:`meld` uses.

    >>> from pinochle.cards import pack, parse_cards
    >>> meld_points(pack(parse_cards("AS TS KS QS JS")), 0)
    150
    """
    return meld_by_trump(hand, rules)[trump]


def meld_by_trump(hand: int, rules: RuleSet = TABLE) -> tuple[int, int, int, int]:
    """Total meld of ``hand`` for each trump suit S, H, D, C (points).

    ``hand`` must be a hand of the rules' deck (:meth:`pinochle.cards.Deck.check`):
    this fast path does not check it (a nine looked up in the double deck's
    tables is a ``KeyError``).

    >>> from pinochle.cards import pack, parse_cards
    >>> meld_by_trump(pack(parse_cards("KS QS KH QH 9H")))
    (60, 70, 40, 40)
    """
    t = _tables(rules)
    if t.wide:
        return _wide_by_trump(hand, t)
    plain = t.plain
    extra = t.trump_extra
    k0 = (hand & 63) | (hand >> 18 & 0xFC0)
    k1 = (hand >> 6 & 63) | (hand >> 24 & 0xFC0)
    k2 = (hand >> 12 & 63) | (hand >> 30 & 0xFC0)
    k3 = (hand >> 18 & 63) | (hand >> 36 & 0xFC0)
    one = hand & hand >> 6 & hand >> 12 & hand >> 18
    base = (plain[k0] + plain[k1] + plain[k2] + plain[k3] + t.around[(one & 63) | (one >> 18 & 0xFC0)]
            + t.pinochle[((hand >> 2 & 1) + (hand >> 26 & 1)) * 3 + (hand >> 13 & 1) + (hand >> 37 & 1)])
    return (base + extra[k0], base + extra[k1], base + extra[k2], base + extra[k3])


#: The six bits of suit 0 in each of four layers: ``hand >> 6 * s & _WIDE_SUIT`` is suit
#: ``s``'s key in the wide tables (the layers left where they are).
_WIDE_SUIT = sum(63 << (LAYER * k) for k in range(MAX_COPIES))


def _wide_key(counts: tuple[int, ...]) -> int:
    """The wide tables' key of per-rank copies: rank ``r``'s ``k``-th copy at bit ``24k + r``."""
    return sum(1 << (LAYER * k + r) for r, n in enumerate(counts) for k in range(n))


def _wide_by_trump(hand: int, t: _Tables, spread: int = SPREAD[4], m: int = _WIDE_SUIT) -> tuple[int, int, int, int]:
    """:func:`meld_by_trump` for decks of up to four copies (VARIANTS.md ``double-deck``).

    A suit's key is its 6 bits in each of the four layers, left in place; the
    tables are dicts of the valid keys, filled from the same meld functions.
    """
    plain = t.plain
    extra = t.trump_extra
    k0 = hand & m
    k1 = hand >> 6 & m
    k2 = hand >> 12 & m
    k3 = hand >> 18 & m
    base = (plain[k0] + plain[k1] + plain[k2] + plain[k3]
            + t.around[hand & hand >> 6 & hand >> 12 & hand >> 18 & m]
            + t.pinochle[(hand >> 2 & spread).bit_count() * t.stride + (hand >> 13 & spread).bit_count()])
    return (base + extra[k0], base + extra[k1], base + extra[k2], base + extra[k3])


def best_trump(hand: int, rules: RuleSet = TABLE) -> tuple[int, int]:
    """The trump suit giving the most meld, and that meld: ``(suit, points)``.

    Ties go to the lower suit index (S, H, D, C).
    """
    by = meld_by_trump(hand, rules)
    best = max(by)
    return by.index(best), best


__all__ = ["Meld", "MeldItem", "best_trump", "meld", "meld_by_trump", "meld_points", "royal_marriages"]
