"""Meld: every meld of a hand with its name, points and scoring cards.

The rules are those of RULES.md, "Meld". There is exactly one definition of
what a hand melds: :func:`_suit_melds`, :func:`_pinochle_melds` and
:func:`_around_melds`. :func:`meld` (what the table shows and what the game
scores) assembles their items; :func:`meld_points` (the fast path for
simulations) reads point tables that are filled from the very same functions.
A property test checks that the two agree on random hands.

>>> from pinochle.cards import Suit, parse_cards, pack
>>> m = meld(pack(parse_cards("AS TS KS QS JS KS")), Suit.S)
>>> m.total, [(i.name, i.points) for i in m.items]
(190, [('run', 150), ('royal marriage', 40)])
>>> meld(pack(parse_cards("AS TS KS QS JS") * 2), Suit.S).total
1500
>>> meld(pack(parse_cards("QS QS JD JD")), Suit.H).total
300
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CARDS, LAYER, NTYPES, RANK_LETTERS, Card, Suit
from .errors import BadCard
from .rules import TABLE, RuleSet

#: Rank indexes (see pinochle.cards): 9=0 J=1 Q=2 K=3 T=4 A=5.
NINE, JACK, QUEEN, KING, TEN, ACE = range(6)
_RUN_RANKS = (ACE, TEN, KING, QUEEN, JACK)
_PLURAL = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks", "T": "tens", "9": "nines"}
_QS = Card.parse("QS")
_JD = Card.parse("JD")


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


def _suit_melds(counts: tuple[int, ...], suit: int, is_trump: bool, rules: RuleSet) -> list[MeldItem]:
    """Melds inside one suit (RULES.md, Meld: run, royal marriage, marriage, dix).

    Args:
        counts: copies held of each rank of ``suit``, indexed 9 J Q K T A.
        suit: the suit index 0..3.
        is_trump: whether ``suit`` is trump.
        rules: the point values.

    Returns:
        The melds, each with its cards.

    With ``r`` runs, ``k`` trump kings and ``q`` trump queens, the royal
    marriages outside the runs number ``min(k, q)`` when ``r = 0`` and
    ``max(k, q) - r`` otherwise; a run's own royal marriage is not scored
    again (RULES.md, Meld).
    """
    def card(rank: int) -> Card:
        return CARDS[suit * 6 + rank]

    items: list[MeldItem] = []
    k, q = counts[KING], counts[QUEEN]
    if is_trump:
        runs = min(min(counts[r] for r in _RUN_RANKS), len(rules.run))
        if runs == 2:
            cards = tuple(card(r) for r in _RUN_RANKS for _ in range(2))
            items.append(MeldItem("double run", "run", rules.run[1], cards))
        elif runs == 1:
            items.append(MeldItem("run", "run", rules.run[0], tuple(card(r) for r in _RUN_RANKS)))
        royals = min(k, q) if runs == 0 else max(k, q) - runs
        for _ in range(royals):
            items.append(MeldItem("royal marriage", "marriage", rules.royal_marriage, (card(KING), card(QUEEN))))
        for _ in range(counts[NINE]):
            items.append(MeldItem("dix", "dix", rules.dix, (card(NINE),)))
    else:
        for _ in range(min(k, q)):
            items.append(MeldItem("marriage", "marriage", rules.marriage, (card(KING), card(QUEEN))))
    return items


def _suit_shown(counts: tuple[int, ...], is_trump: bool, rules: RuleSet) -> list[int]:
    """How many copies of each rank of one suit score in its melds (indexed 9 J Q K T A).

    The physical side of :func:`_suit_melds` (RULES.md, Meld): a run shows its
    five cards; a royal marriage formed with a run card shows only the spare
    king (or queen), so a run with a spare king shows both kings and one
    queen; a marriage outside the runs shows its king and queen; each dix its
    nine.
    """
    out = [0] * 6
    k, q = counts[KING], counts[QUEEN]
    if is_trump:
        runs = min(min(counts[r] for r in _RUN_RANKS), len(rules.run))
        for r in _RUN_RANKS:
            out[r] = runs
        if runs == 0:
            out[KING] = out[QUEEN] = min(k, q)
        elif k >= q:
            out[KING] = k  # the spare kings marry run queens
        else:
            out[QUEEN] = q  # the spare queens marry run kings
        out[NINE] = counts[NINE]
    else:
        out[KING] = out[QUEEN] = min(k, q)
    return out


def _pinochle_melds(n_qs: int, n_jd: int, rules: RuleSet) -> list[MeldItem]:
    """Pinochle (Q♠ J♦) or double pinochle (RULES.md, Meld); a double replaces its singles.

    Args:
        n_qs: copies of Q♠ held; n_jd: copies of J♦ held.
    """
    n = min(n_qs, n_jd, len(rules.pinochle))
    if n == 0:
        return []
    name = "pinochle" if n == 1 else "double pinochle"
    return [MeldItem(name, "pinochle", rules.pinochle[n - 1], (_QS,) * n + (_JD,) * n)]


def _around_melds(all_suits: tuple[int, ...], rules: RuleSet) -> list[MeldItem]:
    """Aces, kings, queens and jacks around, single or double (RULES.md, Meld).

    Args:
        all_suits: for each rank (indexed 9 J Q K T A), the copies held in
            every suit (the minimum over the four suits, 0..2).

    Seven aces are one set of aces around (100); eight are double aces.
    """
    items: list[MeldItem] = []
    for letter, single, double in rules.arounds:
        rank = RANK_LETTERS.index(letter)
        n = all_suits[rank]
        if n >= 2:
            cards = tuple(CARDS[s * 6 + rank] for s in range(4) for _ in range(2))
            items.append(MeldItem(f"double {_PLURAL[letter]}", f"around-{letter}", double, cards))
        elif n == 1:
            cards = tuple(CARDS[s * 6 + rank] for s in range(4))
            items.append(MeldItem(f"{_PLURAL[letter]} around", f"around-{letter}", single, cards))
    return items


def _suit_key(hand: int, suit: int) -> int:
    """Table key of one suit: presence bits of its 6 ranks, second-copy bits above."""
    return (hand >> (6 * suit) & 63) | (hand >> (LAYER + 6 * suit - 6) & 0xFC0)


def _key_counts(key: int) -> tuple[int, ...]:
    return tuple((key >> r & 1) + (key >> (6 + r) & 1) for r in range(6))


def meld(hand: int, trump: int, rules: RuleSet = TABLE) -> Meld:
    """Every meld of ``hand`` with ``trump`` as trump (RULES.md, Meld).

    Args:
        hand: a packed hand (see :mod:`pinochle.cards`), any size.
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
    items: list[MeldItem] = []
    need = [0] * NTYPES
    for s in (trump, *(s for s in range(4) if s != trump)):
        counts = _key_counts(_suit_key(hand, s))
        items.extend(_suit_melds(counts, s, s == trump, rules))
        for rank, n in enumerate(_suit_shown(counts, s == trump, rules)):
            need[s * 6 + rank] = n
    qs = (hand >> _QS & 1) + (hand >> (LAYER + _QS) & 1)
    jd = (hand >> _JD & 1) + (hand >> (LAYER + _JD) & 1)
    items.extend(_pinochle_melds(qs, jd, rules))
    items.extend(_around_melds(_all_suits(hand), rules))
    for item in items:
        if item.kind == "pinochle" or item.kind.startswith("around-"):
            for card in set(item.cards):
                need[card] = max(need[card], item.cards.count(card))
    shown = tuple(CARDS[t] for t in range(NTYPES) for _ in range(need[t]))
    return Meld(tuple(items), sum(i.points for i in items), shown)


def _all_suits(hand: int) -> tuple[int, ...]:
    one = hand & hand >> 6 & hand >> 12 & hand >> 18
    two = one >> LAYER
    return tuple((one >> r & 1) + (two >> r & 1) for r in range(6))


@dataclass(frozen=True)
class _Tables:
    plain: tuple[int, ...]
    trump_extra: tuple[int, ...]
    around: tuple[int, ...]
    pinochle: tuple[int, ...]


_TABLE_CACHE: dict[int, tuple[RuleSet, _Tables]] = {}


def _tables(rules: RuleSet) -> _Tables:
    """The point tables of ``rules``, built once per rule set (cached by identity)."""
    hit = _TABLE_CACHE.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    tables = _build_tables(rules)
    _TABLE_CACHE[id(rules)] = (rules, tables)
    return tables


def _build_tables(rules: RuleSet) -> _Tables:
    """Point tables filled from the meld functions above (one definition of meld)."""
    plain = [0] * 4096
    extra = [0] * 4096
    for key in range(4096):
        if (key >> 6) & ~key & 63:
            continue  # a second copy without a first: not a valid key
        counts = _key_counts(key)
        p = sum(i.points for i in _suit_melds(counts, 0, False, rules))
        t = sum(i.points for i in _suit_melds(counts, 0, True, rules))
        plain[key] = p
        extra[key] = t - p
    around = [0] * 4096
    for key in range(4096):
        if (key >> 6) & ~key & 63:
            continue
        around[key] = sum(i.points for i in _around_melds(_key_counts(key), rules))
    pin = [sum(i.points for i in _pinochle_melds(a, b, rules)) for a in range(3) for b in range(3)]
    return _Tables(tuple(plain), tuple(extra), tuple(around), tuple(pin))


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

    >>> from pinochle.cards import pack, parse_cards
    >>> meld_by_trump(pack(parse_cards("KS QS KH QH 9H")))
    (60, 70, 40, 40)
    """
    t = _tables(rules)
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


def best_trump(hand: int, rules: RuleSet = TABLE) -> tuple[int, int]:
    """The trump suit giving the most meld, and that meld: ``(suit, points)``.

    Ties go to the lower suit index (S, H, D, C).
    """
    by = meld_by_trump(hand, rules)
    best = max(by)
    return by.index(best), best


__all__ = ["Meld", "MeldItem", "best_trump", "meld", "meld_by_trump", "meld_points"]
