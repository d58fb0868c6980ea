"""Cards, suits, seats and the compact hand representation.

Notation (RULES.md, Notation): a card is a rank and a suit. Ranks, high to
low, are ``A T K Q J 9`` (input also accepts ``10``); suits are ``S H D C``
(input also accepts ``♠ ♥ ♦ ♣``, any case). Output is canonical ASCII.

>>> c = Card.parse("10♠")
>>> str(c), c.label, c.spoken
('TS', '10♠', 'ten of spades')
>>> Card.parse("qs") == Card.parse("Q♠")
True
>>> [str(c) for c in parse_cards("AS, 9h  10d")]
['AS', '9H', 'TD']

Internally a card *type* is an int 0..23: ``suit * 6 + rank`` with rank
0 = 9, 1 = J, 2 = Q, 3 = K, 4 = T, 5 = A, so a higher rank index is a
stronger card within its suit. A hand (a multiset with at most two copies of
each type) is one int: bit ``c`` is set when the hand holds at least one
``c``, bit ``24 + c`` when it holds two. Those "layers" make legal-move masks,
meld lookups and card removal a few integer operations each.

>>> h = pack(parse_cards("AS AS 9H"))
>>> count(h, Card.parse("AS")), count(h, Card.parse("9H")), size(h)
(2, 1, 3)
>>> [str(c) for c in unpack(remove(h, Card.parse("AS")))]
['AS', '9H']
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

from .errors import BadCard

#: Suit letters in index order (RULES.md, Notation).
SUIT_LETTERS = "SHDC"
#: Suit symbols in index order.
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
#: Rank letters in index (strength) order, low to high.
RANK_LETTERS = "9JQKTA"
RANK_NAMES = ("nine", "jack", "queen", "king", "ten", "ace")
RANK_LABELS = ("9", "J", "Q", "K", "10", "A")

#: Number of card types (6 ranks x 4 suits).
NTYPES = 24
#: Bit offset of the second-copy layer in a packed hand.
LAYER = 24
ALL_TYPES = (1 << NTYPES) - 1


class Suit(IntEnum):
    """A suit; the value is its index (S=0, H=1, D=2, C=3)."""

    S = 0
    H = 1
    D = 2
    C = 3

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse ``S H D C``, ``♠ ♥ ♦ ♣`` or a suit's name (any case, surrounding blanks ignored).

        Raises:
            BadCard: the text names no suit.

        >>> Suit.parse("♥"), Suit.parse(" d "), Suit.parse("Clubs")
        (<Suit.H: 1>, <Suit.D: 2>, <Suit.C: 3>)
        """
        t = text.strip()
        if not all(ch.isascii() or ch in SUIT_SYMBOLS for ch in t):
            t = "?"
        t = t.upper()
        if len(t) == 1:
            if t in SUIT_LETTERS:
                return cls(SUIT_LETTERS.index(t))
            if t in SUIT_SYMBOLS:
                return cls(SUIT_SYMBOLS.index(t))
        if t.lower() in SUIT_NAMES:
            return cls(SUIT_NAMES.index(t.lower()))
        raise BadCard(f"unknown suit {text!r}: a suit is S, H, D or C (or ♠ ♥ ♦ ♣, or its name)")

    @property
    def letter(self) -> str:
        """Canonical ASCII letter, e.g. ``"S"``."""
        return SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        """The suit symbol, e.g. ``"♠"``."""
        return SUIT_SYMBOLS[self]

    def __str__(self) -> str:
        return SUIT_LETTERS[self]


class Card(int):
    """One card type: an int 0..23 with the notation of RULES.md.

    The two copies of a card share one value (RULES.md, Notation). Cards
    compare as ints; use :func:`pinochle.tricks.beats` for trick strength.
    """

    __slots__ = ()

    def __new__(cls, value: int) -> Card:
        if not 0 <= value < NTYPES:
            raise BadCard(f"card index {value} is out of range 0..23")
        return super().__new__(cls, value)

    @classmethod
    def of(cls, rank: int, suit: int) -> Card:
        """The card of ``rank`` (0 = 9 .. 5 = A) and ``suit`` (0..3)."""
        return cls(suit * 6 + rank)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a card token: rank then suit, any case.

        Args:
            text: e.g. ``"QS"``, ``"10♠"``, ``"th"``.

        Returns:
            The card.

        Raises:
            BadCard: an unknown token, with the expected notation.

        >>> str(Card.parse("10h")), str(Card.parse("A♣"))
        ('TH', 'AC')
        """
        t = text.strip()
        if not all(ch.isascii() or ch in SUIT_SYMBOLS for ch in t):
            t = "?"  # e.g. a long s that .upper() would turn into S
        t = t.upper()
        if t.startswith("10"):
            t = "T" + t[2:]
        if len(t) == 2 and t[0] in RANK_LETTERS:
            suit = t[1]
            if suit in SUIT_LETTERS:
                return cls(SUIT_LETTERS.index(suit) * 6 + RANK_LETTERS.index(t[0]))
            if suit in SUIT_SYMBOLS:
                return cls(SUIT_SYMBOLS.index(suit) * 6 + RANK_LETTERS.index(t[0]))
        raise BadCard(
            f"unknown card {text!r}: a card is a rank (A T K Q J 9, or 10) "
            "and a suit (S H D C or ♠ ♥ ♦ ♣), e.g. QS"
        )

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return Suit(self // 6)

    @property
    def rank(self) -> int:
        """Rank index, 0 = 9 (lowest) .. 5 = A (highest)."""
        return self % 6

    @property
    def label(self) -> str:
        """Label for players, e.g. ``"10♠"``, ``"K♥"``."""
        return RANK_LABELS[self % 6] + SUIT_SYMBOLS[self // 6]

    @property
    def spoken(self) -> str:
        """Spoken name, e.g. ``"ace of spades"``."""
        return f"{RANK_NAMES[self % 6]} of {SUIT_NAMES[self // 6]}"

    def __str__(self) -> str:
        return RANK_LETTERS[self % 6] + SUIT_LETTERS[self // 6]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


#: All 24 card types, by index.
CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(NTYPES))


def parse_cards(cards: str | Iterable[str]) -> list[Card]:
    """Parse cards from a string (blanks or commas between) or from tokens.

    Raises:
        BadCard: the first unknown token.

    >>> [str(c) for c in parse_cards(["ks", "10D"])]
    ['KS', 'TD']
    """
    if isinstance(cards, str):
        tokens = cards.replace(",", " ").split()
    else:
        tokens = list(cards)
    out = []
    for tok in tokens:
        if not isinstance(tok, str):
            raise BadCard(f"unknown card {tok!r}: cards are written as text, e.g. QS")
        out.append(Card.parse(tok))
    return out


#: SUIT_MASK[s]: the six bits of suit s in one layer.
SUIT_MASK = tuple(0x3F << (6 * s) for s in range(4))
#: ABOVE[c]: bits of the same suit ranked strictly above card type c.
ABOVE = tuple(SUIT_MASK[c // 6] & ~((2 << c) - 1) for c in range(NTYPES))


def add(hand: int, card: int) -> int:
    """``hand`` with one more copy of ``card`` (at most two copies in all).

    Raises:
        BadCard: the hand already holds both copies.
    """
    if hand >> card & 1:
        if hand >> (LAYER + card) & 1:
            raise BadCard(f"there are only two {CARDS[card].label} in the deck")
        return hand | 1 << (LAYER + card)
    return hand | 1 << card


def remove(hand: int, card: int) -> int:
    """``hand`` with one copy of ``card`` taken out.

    Raises:
        BadCard: the hand does not hold ``card``.
    """
    if hand >> (LAYER + card) & 1:
        return hand ^ 1 << (LAYER + card)
    if hand >> card & 1:
        return hand ^ 1 << card
    raise BadCard(f"{CARDS[card].label} is not in the hand")


def count(hand: int, card: int) -> int:
    """Copies (0, 1 or 2) of ``card`` in ``hand``."""
    return (hand >> card & 1) + (hand >> (LAYER + card) & 1)


def size(hand: int) -> int:
    """Number of cards in ``hand``."""
    return hand.bit_count()


def presence(hand: int) -> int:
    """Mask of the card types held at least once."""
    return hand & ALL_TYPES


def pack(cards: Iterable[int]) -> int:
    """Pack cards into a hand int.

    Raises:
        BadCard: a third copy of a card.

    >>> pack(parse_cards("9S 9S")) == (1 | 1 << 24)
    True
    """
    h = 0
    for c in cards:
        h = add(h, c)
    return h


def unpack(hand: int) -> list[Card]:
    """The cards of a hand int, sorted by type index (suit, then rank)."""
    out: list[Card] = []
    for c in range(NTYPES):
        n = (hand >> c & 1) + (hand >> (LAYER + c) & 1)
        if n:
            card = CARDS[c]
            out.extend([card] * n)
    return out


def mask_cards(mask: int) -> list[Card]:
    """The card types whose bits are set in a one-layer mask, in index order."""
    return [CARDS[c] for c in range(NTYPES) if mask >> c & 1]


#: The full 48-card deck as a hand int: two copies of every type.
FULL_DECK = ALL_TYPES | ALL_TYPES << LAYER


def deck() -> list[Card]:
    """The 48-card deck (RULES.md, Deal): two of each of the 24 types, ordered."""
    return [CARDS[c] for c in range(NTYPES) for _ in range(2)]


class Seat(IntEnum):
    """A seat; play goes clockwise N -> E -> S -> W (RULES.md, Notation)."""

    N = 0
    E = 1
    S = 2
    W = 3

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Parse ``N E S W`` (any case).

        Raises:
            ValueError: not a seat letter.
        """
        t = str(text).strip().upper()
        if len(t) == 1 and t in "NESW":
            return cls("NESW".index(t))
        raise ValueError(f"unknown seat {text!r}: seats are N, E, S and W")

    @property
    def left(self) -> Seat:
        """The next seat clockwise ("left of" this seat)."""
        return Seat((self + 1) % 4)

    @property
    def partner(self) -> Seat:
        """The seat opposite."""
        return Seat((self + 2) % 4)

    @property
    def side(self) -> int:
        """0 for NS, 1 for EW."""
        return self % 2

    def __str__(self) -> str:
        return "NESW"[self]


#: Side names by index: 0 = NS, 1 = EW (RULES.md, Notation).
SIDES = ("NS", "EW")
