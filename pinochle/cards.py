"""Cards, suits, seats and the compact hand representation.

Notation (RULES.md, Notation): a card is a rank and a suit. Ranks, high to
low, are ``A T K Q J 9`` (input also accepts ``10``); suits are ``S H D C``
(input also accepts ``♠ ♥ ♦ ♣``, any case). Output is canonical ASCII.

One reader, :func:`parse_cards`, reads cards everywhere (the command line,
JSON Lines, records, the terminal game and the server), and it reads every
common way of writing them (docs/rules.md, Notation):

* the suit symbols ``♠ ♥ ♦ ♣``, their white forms ``♤ ♡ ♢ ♧`` and the emoji
  ``❤`` and ``◆``, with or without the invisible emoji selector (U+FE0F) that
  phone keyboards add; a symbol may also come first (``♠A``);
* the playing-card characters of Unicode (``🂡`` is the ace of spades);
* full-width letters, digits and commas (``ＡＳ``, ``１０♠``), as East Asian
  keyboards type them;
* cards separated by any blanks (tabs, no-break and ideographic spaces,
  zero-width spaces), commas or semicolons.

>>> c = Card.parse("10♠")
>>> str(c), c.label, c.spoken
('TS', '10♠', 'ten of spades')
>>> Card.parse("qs") == Card.parse("Q♠") == Card.parse("Q\u2660\ufe0f") == Card.parse("♤Q")
True
>>> [str(c) for c in parse_cards("AS, 9h  10d")]
['AS', '9H', 'TD']
>>> [str(c) for c in parse_cards(["QS JD", "🂡", "ＫＨ"])]
['QS', 'JD', 'AS', 'KH']

Internally a card *type* is an int 0..23: ``suit * 6 + rank`` with rank
0 = 9, 1 = J, 2 = Q, 3 = K, 4 = T, 5 = A, so a higher rank index is a
stronger card within its suit. A hand of the 48-card deck (a multiset with at
most two copies of each type) is one int: bit ``c`` is set when the hand holds at least one
``c``, bit ``24 + c`` when it holds two. Those "layers" make legal-move masks,
meld lookups and card removal a few integer operations each.

A :class:`Deck` says how many copies of each type there are: the 48-card
deck (:data:`PINOCHLE_DECK`, two of each) or the 80-card double deck
(:data:`DOUBLE_DECK`, four of A T K Q J, no nines). Layer ``k`` (bits
``24k .. 24k+23``) holds type ``c`` when the hand has at least ``k + 1``
copies, so a two-layer hand is exactly the encoding above. ``remove``,
``count`` and ``unpack`` work for any deck (a 48-card hand simply has no
third or fourth layer); ``add`` and ``pack`` refuse a third copy, as the
48-card deck does, and the deck's own methods (``DOUBLE_DECK.add``,
``.pack``) and the ``layer_*`` functions check against any deck.

>>> h = DOUBLE_DECK.pack(parse_cards("KS KS KS QS"))
>>> DOUBLE_DECK.count(h, Card.parse("KS")), size(h), [str(c) for c in DOUBLE_DECK.unpack(h)]
(3, 4, ['QS', 'KS', 'KS', 'KS'])

>>> h = pack(parse_cards("AS AS 9H"))
>>> count(h, Card.parse("AS")), count(h, Card.parse("9H")), size(h)
(2, 1, 3)
>>> [str(c) for c in unpack(remove(h, Card.parse("AS")))]
['AS', '9H']
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
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

#: Every suit symbol read on input, by suit index: the black and white
#: card-suit signs, and the emoji a phone offers for hearts and diamonds.
SUIT_SYMBOL_INPUT = {
    "♠": 0, "♤": 0,
    "♥": 1, "♡": 1, "❤": 1,
    "♦": 2, "♢": 2, "◆": 2,
    "♣": 3, "♧": 3,
}
#: Suit words read on input (any case): names, singular and plural.
SUIT_WORDS = {"spade": 0, "spades": 0, "heart": 1, "hearts": 1,
              "diamond": 2, "diamonds": 2, "club": 3, "clubs": 3}
#: Characters that carry nothing and are dropped: emoji presentation
#: selectors, joiners, the word joiner, a byte-order mark, a soft hyphen.
_DROPPED = dict.fromkeys(map(ord, "\ufe0e\ufe0f\u200c\u200d\u2060\ufeff\u00ad"), None)
#: Characters that separate cards besides blanks: commas and semicolons
#: (full-width and ideographic ones too) and the zero-width space.
_SEPARATORS = ",;\uff0c\uff1b\u3001\u200b"
#: The Unicode playing cards (U+1F0A1..U+1F0DE): suit block, then rank nibble.
_PLAYING_CARD_SUITS = {0xA: 0, 0xB: 1, 0xC: 2, 0xD: 3}
_PLAYING_CARD_RANKS = {0x1: 5, 0xA: 4, 0xE: 3, 0xD: 2, 0xB: 1, 0x9: 0}  # A 10 K Q J 9
_ACCEPTED_CARDS = ("a card is a rank (A K Q J 9, and T or 10) and a suit (S H D C, or ♠ ♥ ♦ ♣), "
                   "e.g. QS, 10♥ or q♠")


def fold(text: str) -> str:
    """``text`` with full-width forms made plain and invisible marks dropped.

    Full-width ASCII (U+FF01..U+FF5E) becomes ASCII, the ideographic space a
    space, and the characters of :data:`_DROPPED` go. Nothing else changes:
    in particular no letter that merely looks like A..Z (a long s, a dotless
    i) becomes one.

    >>> fold("ＡＳ\u3000１０♠\ufe0f")
    'AS 10♠'
    """
    out = []
    for ch in text.translate(_DROPPED):
        o = ord(ch)
        if 0xFF01 <= o <= 0xFF5E:
            out.append(chr(o - 0xFEE0))
        elif o == 0x3000:
            out.append(" ")
        else:
            out.append(ch)
    return "".join(out)


def shown(text: object) -> str:
    """A value as an error message shows it to a player or a client author:
    a string quoted (cut at 60 characters) with invisible characters as
    ``\\uXXXX``; JSON's ``true``, ``false`` and ``null`` as JSON writes them;
    a huge number by its size.

    >>> print(shown("A\u2660\u200d"))
    'A♠\\u200d'
    """
    if isinstance(text, bool) or text is None:
        return {True: "true", False: "false", None: "null"}[text]
    if isinstance(text, float) and text != text:
        return "NaN"
    if isinstance(text, float) and text in (float("inf"), float("-inf")):
        return "a number too large to hold"
    if isinstance(text, int) and abs(text) >= 10**30:
        return f"a {len(str(abs(text)))}-digit number"
    if not isinstance(text, str):
        return repr(text)
    if len(text) > 60:
        text = text[:57] + "..."
    body = "".join(
        f"\\u{ord(ch):04x}" if unicodedata.category(ch)[0] in "CZM" and ch != " " else ch
        for ch in text
    )
    return f"'{body}'"


_PLAIN_SUITS = str.maketrans({sym: SUIT_LETTERS[s] for sym, s in SUIT_SYMBOL_INPUT.items()})


def plain_suits(text: str) -> str:
    """``text`` with every suit symbol written as its ASCII letter, for
    terminals that cannot show the symbols.

    >>> plain_suits("you must beat the K♠: play A♠ or 10♥")
    'you must beat the KS: play AS or 10H'
    """
    return text.translate(_PLAIN_SUITS)


def split_cards(text: str) -> list[str]:
    """Split text into card tokens at blanks (any kind), commas and semicolons;
    each token stays as written (:meth:`Card.parse` reads its forms).

    >>> split_cards("AS,TS;KS\u00a0QS\tJS\u3000９Ｓ，8X")
    ['AS', 'TS', 'KS', 'QS', 'JS', '９Ｓ', '8X']
    """
    t = text  # tokens stay as written, so that an error shows what was typed
    for sep in _SEPARATORS:
        t = t.replace(sep, " ")
    return t.split()


#: Number of card types (6 ranks x 4 suits).
NTYPES = 24
#: Bit offset of the second-copy layer in a packed hand.
LAYER = 24
ALL_TYPES = (1 << NTYPES) - 1
#: bit ``24k`` for each of the four layers any deck may use (see :data:`SPREAD`)
_SPREAD4 = 1 | 1 << LAYER | 1 << 2 * LAYER | 1 << 3 * LAYER


class Suit(IntEnum):
    """A suit; the value is its index (S=0, H=1, D=2, C=3)."""

    S = 0
    H = 1
    D = 2
    C = 3

    @classmethod
    def parse(cls, text: object) -> Suit:
        """Parse a suit: a letter ``S H D C``, a symbol (``♠ ♥ ♦ ♣``, ``♤ ♡ ♢ ♧``,
        ``❤``, ``◆``, with or without an emoji selector) or a name, singular or
        plural; any case, full-width forms too, blanks around ignored.

        Raises:
            BadCard: the text names no suit; the message shows it and says what is read.

        >>> Suit.parse("♥"), Suit.parse(" d "), Suit.parse("Clubs"), Suit.parse("\u2660\ufe0f")
        (<Suit.H: 1>, <Suit.D: 2>, <Suit.C: 3>, <Suit.S: 0>)
        """
        t = fold(text).strip() if isinstance(text, str) else ""
        if len(t) == 1:
            if t.isascii() and t.upper() in SUIT_LETTERS:
                return cls(SUIT_LETTERS.index(t.upper()))
            if t in SUIT_SYMBOL_INPUT:
                return cls(SUIT_SYMBOL_INPUT[t])
        if t.isascii() and t.lower() in SUIT_WORDS:
            return cls(SUIT_WORDS[t.lower()])
        raise BadCard(f"unknown suit {shown(text)}: a suit is S, H, D or C (or ♠ ♥ ♦ ♣, or its name)")

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
        # one instance per card type: a table's states and views hold thousands of cards, and each
        # distinct instance would be one more object for the garbage collector to scan (docs/server.md)
        try:
            if value >= 0:
                return _CARD_OF[value]
        except (IndexError, TypeError):
            pass
        if not 0 <= value < NTYPES:
            raise BadCard(f"card index {value} is out of range 0..23")
        return super().__new__(cls, value)

    @classmethod
    def parse(cls, text: object) -> Card:
        """Parse one card token: rank then suit (or a suit symbol then rank), any case.

        Every form listed in the module notes is read: ``"QS"``, ``"10♠"``,
        ``"th"``, ``"A♠\ufe0f"``, ``"♠A"``, ``"ＡＳ"``, ``"🂡"``.

        Args:
            text: one token.

        Returns:
            The card.

        Raises:
            BadCard: the token is not a card; the message shows it (invisible
                characters escaped) and says what is read.

        >>> str(Card.parse("10h")), str(Card.parse("A♣")), str(Card.parse("♥10"))
        ('TH', 'AC', 'TH')
        """
        card = _read_card(fold(text).strip()) if isinstance(text, str) else None
        if card is None:
            raise BadCard(f"unknown card {shown(text)}: {_ACCEPTED_CARDS}")
        return cls(card)

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


#: the 24 cards, one instance each (``Card(n)`` returns ``_CARD_OF[n]``, built here by the first calls)
_CARD_OF: list[Card] = []
_CARD_OF.extend(Card(n) for n in range(NTYPES))

#: All 24 card types, by index.
CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(NTYPES))


def _read_card(t: str) -> int | None:
    """The card type of a folded, stripped token, or ``None``."""
    if len(t) == 1:
        o = ord(t)
        suit = _PLAYING_CARD_SUITS.get(o >> 4 & 0xF) if o >> 8 == 0x1F0 else None
        rank = _PLAYING_CARD_RANKS.get(o & 0xF)
        return None if suit is None or rank is None else suit * 6 + rank
    if len(t) < 2:
        return None
    if t[0] in SUIT_SYMBOL_INPUT:  # a symbol first: ♠A, ♥10
        t = t[1:] + t[0]
    if not t.isascii() and t[-1] not in SUIT_SYMBOL_INPUT:
        return None
    rank_text, suit_char = t[:-1].upper(), t[-1]
    if rank_text == "10":
        rank_text = "T"
    if len(rank_text) != 1 or not rank_text.isascii() or rank_text not in RANK_LETTERS:
        return None
    rank = RANK_LETTERS.index(rank_text)
    if suit_char in SUIT_SYMBOL_INPUT:
        return SUIT_SYMBOL_INPUT[suit_char] * 6 + rank
    if suit_char.upper() in SUIT_LETTERS:
        return SUIT_LETTERS.index(suit_char.upper()) * 6 + rank
    return None


def parse_cards(cards: str | Iterable[object]) -> list[Card]:
    """Read cards: the one reader of hands, tricks and plays everywhere.

    Args:
        cards: a string of cards separated by blanks, commas or semicolons, or
            a sequence of such strings (command-line arguments, a JSON list);
            each string may hold one card or several.

    Returns:
        The cards in the order written.

    Raises:
        BadCard: the first token that is not a card; its ``index`` is that
            token's position among all the cards read (from 0), and its
            message shows the token and says what is read.

    >>> [str(c) for c in parse_cards(["ks", "10D QS"])]
    ['KS', 'TD', 'QS']
    >>> parse_cards("AS XS")
    Traceback (most recent call last):
    ...
    pinochle.errors.BadCard: unknown card 'XS': a card is a rank (A K Q J 9, and T or 10) and a suit (S H D C, or ♠ ♥ ♦ ♣), e.g. QS, 10♥ or q♠
    """
    parts: Iterable[object] = [cards] if isinstance(cards, str) else cards
    out: list[Card] = []
    for part in parts:
        if not isinstance(part, str):
            raise BadCard(f"unknown card {shown(part)}: cards are written as text, e.g. \"QS\"", index=len(out))
        tokens = split_cards(part)
        if not tokens and not isinstance(cards, str):
            raise BadCard(f"unknown card {shown(part)}: {_ACCEPTED_CARDS}", index=len(out))
        for tok in tokens:
            try:
                out.append(Card.parse(tok))
            except BadCard as err:
                err.index = len(out)
                raise
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
    """``hand`` with one copy of ``card`` taken out (its top layer cleared; any deck).

    Raises:
        BadCard: the hand does not hold ``card``.
    """
    top = (hand >> card & _SPREAD4).bit_length()
    if not top:
        raise BadCard(f"{CARDS[card].label} is not in the hand")
    return hand ^ 1 << (card + top - 1)


def count(hand: int, card: int) -> int:
    """Copies of ``card`` in ``hand`` (0 to 4: any deck)."""
    return (hand >> card & _SPREAD4).bit_count()


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
    """The cards of a hand int (any deck), sorted by type index (suit, then rank); only the
    card types held are visited.

    >>> [str(c) for c in unpack(pack(parse_cards("KS 9S KS")))]
    ['9S', 'KS', 'KS']
    """
    out: list[Card] = []
    types = hand & ALL_TYPES
    while types:
        low = types & -types
        c = low.bit_length() - 1
        n = (hand >> c & _SPREAD4).bit_count()
        if n == 1:
            out.append(CARDS[c])
        else:
            out.extend([CARDS[c]] * n)
        types ^= low
    return out


def mask_cards(mask: int) -> list[Card]:
    """The card types whose bits are set in a one-layer mask, in index order."""
    return [CARDS[c] for c in range(NTYPES) if mask >> c & 1]


#: The full 48-card deck as a hand int: two copies of every type.
FULL_DECK = ALL_TYPES | ALL_TYPES << LAYER


def deck() -> list[Card]:
    """The 48-card deck (RULES.md, Deal): two of each of the 24 types, ordered."""
    return [CARDS[c] for c in range(NTYPES) for _ in range(2)]


# ---------------------------------------------------------------- decks and layers
#
# docs/design.md, "Cards and decks": one thermometer layer per copy. Layer ``k`` (bits
# ``24k .. 24k+23``) holds type ``c`` when the hand has at least ``k + 1``
# copies of it, so with two layers the encoding is bit for bit the one above
# (``add``, ``remove``, ``count``, ``pack`` and ``unpack`` stay the fast
# two-layer versions for the table), and ``presence`` and ``size`` work for
# any number of layers unchanged.

#: The most copies of one card type any deck holds (VARIANTS.md ``double-deck``: 4).
MAX_COPIES = 4
#: SPREAD[L]: bit ``24k`` for each layer ``k < L``; ``hand >> c & SPREAD[L]``
#: is the column of card type ``c``, and its bit count is the copies held.
SPREAD = tuple(sum(1 << (LAYER * k) for k in range(n)) for n in range(MAX_COPIES + 1))
_COPY_WORDS = ("no", "one", "two", "three", "four")
_PLURAL_RANKS = ("nines", "jacks", "queens", "kings", "tens", "aces")


def layer_count(hand: int, card: int, layers: int = 2) -> int:
    """Copies of ``card`` in a hand of ``layers`` layers (any deck).

    >>> layer_count(pack_deck(parse_cards("KS KS KS"), DOUBLE_DECK), Card.parse("KS"), 4)
    3
    """
    return (hand >> card & SPREAD[layers]).bit_count()


def layer_remove(hand: int, card: int, layers: int = 2) -> int:
    """``hand`` with one copy of ``card`` taken out: its top layer is cleared (any deck).

    Raises:
        BadCard: the hand does not hold ``card``.

    >>> h = pack_deck(parse_cards("KS KS KS"), DOUBLE_DECK)
    >>> layer_remove(h, Card.parse("KS"), 4) == pack_deck(parse_cards("KS KS"), DOUBLE_DECK)
    True
    """
    top = (hand >> card & SPREAD[layers]).bit_length()
    if not top:
        raise BadCard(f"{CARDS[card].label} is not in the hand")
    return hand ^ 1 << (card + top - 1)


def layer_unpack(hand: int, layers: int = 2) -> list[Card]:
    """The cards of a hand of ``layers`` layers, sorted by type index (any deck)."""
    spread = SPREAD[layers]
    out: list[Card] = []
    for c in range(NTYPES):
        n = (hand >> c & spread).bit_count()
        if n:
            out.extend([CARDS[c]] * n)
    return out


def layer_add(hand: int, card: int, deck: Deck) -> int:
    """``hand`` with one more copy of ``card``, refusing more than ``deck`` holds.

    Raises:
        BadCard: the deck has no such card, or the hand already holds every
            copy of it; the message names the card and the deck.

    >>> layer_add(0, Card.parse("9S"), DOUBLE_DECK)
    Traceback (most recent call last):
    ...
    pinochle.errors.BadCard: the double-deck deck has no nines
    """
    n = (hand >> card & SPREAD[MAX_COPIES]).bit_count()
    if n >= deck.copies[card]:
        raise BadCard(deck.too_many(card))
    return hand | 1 << (card + LAYER * n)


def pack_deck(cards: Iterable[int], deck: Deck) -> int:
    """Pack cards into a hand int of ``deck``'s layers (see :func:`layer_add` for the refusals).

    >>> pack_deck(parse_cards("KS KS"), PINOCHLE_DECK) == pack(parse_cards("KS KS"))
    True
    >>> pack_deck(parse_cards("KS KS KS KS KS"), DOUBLE_DECK)
    Traceback (most recent call last):
    ...
    pinochle.errors.BadCard: there are only four K♠ in the double-deck deck
    """
    h = 0
    for c in cards:
        h = layer_add(h, c, deck)
    return h


class Deck:
    """A deck: how many copies of each of the 24 card types it holds (docs/design.md, "Cards and decks").

    A value: equal decks compare equal and hash alike (by name and copies).

    Attributes:
        name: the deck's name (a key of :data:`DECKS`), used in messages:
            "there are only four K♠ in the double-deck deck".
        copies: copies of each card type 0..23 (indexed like :data:`CARDS`).
        layers: thermometer layers a packed hand needs (the most copies of a type).
        full: the whole deck as a packed hand.
        size: the number of cards.
        description: where the deck comes from.

    >>> PINOCHLE_DECK.size, PINOCHLE_DECK.layers, PINOCHLE_DECK.full == FULL_DECK
    (48, 2, True)
    >>> DOUBLE_DECK.size, DOUBLE_DECK.layers, DOUBLE_DECK.count(DOUBLE_DECK.full, Card.parse("AS"))
    (80, 4, 4)
    """

    __slots__ = ("name", "copies", "description", "layers", "full", "size")

    name: str
    copies: tuple[int, ...]
    description: str
    layers: int
    full: int
    size: int

    def __init__(self, name: str, copies: Iterable[int], description: str = "") -> None:
        cp = tuple(copies)
        if len(cp) != NTYPES or any(not 0 <= n <= MAX_COPIES for n in cp) or not any(cp):
            raise ValueError(f"a deck gives 0 to {MAX_COPIES} copies of each of the {NTYPES} card types")
        layers = max(cp)
        full = 0
        for c, n in enumerate(cp):
            for k in range(n):
                full |= 1 << (c + LAYER * k)
        for attr, value in (("name", name), ("copies", cp), ("description", description),
                            ("layers", layers), ("full", full), ("size", sum(cp))):
            object.__setattr__(self, attr, value)

    def __setattr__(self, attr: str, value: object) -> None:
        raise AttributeError(f"a Deck is a value: {attr} cannot be changed")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deck) and (self.name, self.copies) == (other.name, other.copies)

    def __hash__(self) -> int:
        return hash((self.name, self.copies))

    def __repr__(self) -> str:
        return f"DECKS[{self.name!r}]" if DECKS.get(self.name) is self else f"Deck({self.name!r}, {self.copies!r})"

    def __reduce__(self) -> tuple[object, ...]:
        return (Deck, (self.name, self.copies, self.description))

    def too_many(self, card: int) -> str:
        """The reason one more ``card`` cannot be added: the deck has none, or only so many."""
        n = self.copies[card]
        if n:
            return f"there are only {_COPY_WORDS[n]} {CARDS[card].label} in the {self.name} deck"
        rank = card % 6
        if not any(self.copies[s * 6 + rank] for s in range(4)):
            return f"the {self.name} deck has no {_PLURAL_RANKS[rank]}"
        return f"the {self.name} deck has no {CARDS[card].label}"

    def cards(self) -> list[Card]:
        """Every card of the deck in type order, each copy once (for the 48-card
        deck exactly :func:`deck`)."""
        return [CARDS[c] for c in range(NTYPES) for _ in range(self.copies[c])]

    def count(self, hand: int, card: int) -> int:
        """Copies of ``card`` in ``hand``."""
        return (hand >> card & SPREAD[self.layers]).bit_count()

    def add(self, hand: int, card: int) -> int:
        """``hand`` with one more ``card`` (:func:`layer_add`)."""
        return layer_add(hand, card, self)

    def remove(self, hand: int, card: int) -> int:
        """``hand`` with one ``card`` fewer (:func:`layer_remove`)."""
        return layer_remove(hand, card, self.layers)

    def pack(self, cards: Iterable[int]) -> int:
        """Cards as a packed hand (:func:`pack_deck`)."""
        return pack_deck(cards, self)

    def unpack(self, hand: int) -> list[Card]:
        """The cards of ``hand`` (:func:`layer_unpack`)."""
        return layer_unpack(hand, self.layers)

    def check(self, hand: int) -> None:
        """Refuse an int that is not a hand of this deck.

        Raises:
            BadCard: the int has bits outside the deck's layers, a copy in a
                layer without the one below it, or more copies of a card than
                the deck holds (the message of :meth:`too_many`).

        >>> DOUBLE_DECK.check(pack_deck(parse_cards("AS AS AS AS"), DOUBLE_DECK))
        >>> PINOCHLE_DECK.check(1 << LAYER)
        Traceback (most recent call last):
        ...
        pinochle.errors.BadCard: not a packed hand of the pinochle deck: a second copy of 9♠ without a first
        """
        if hand < 0 or hand >> (LAYER * self.layers):
            raise BadCard(f"not a packed hand of the {self.name} deck: more than {self.layers} layers")
        for k in range(1, self.layers):
            stray = hand >> (LAYER * k) & ~(hand >> (LAYER * (k - 1))) & ALL_TYPES
            if stray:
                card = CARDS[(stray & -stray).bit_length() - 1]
                nth = ("first", "second", "third", "fourth")
                raise BadCard(f"not a packed hand of the {self.name} deck: "
                              f"a {nth[k]} copy of {card.label} without a {nth[k - 1]}")
        for c in range(NTYPES):
            if (hand >> c & SPREAD[self.layers]).bit_count() > self.copies[c]:
                raise BadCard(self.too_many(c))


#: The 48-card pinochle deck: two of each of A T K Q J 9 in each suit (RULES.md, Deal 1).
PINOCHLE_DECK = Deck("pinochle", (2,) * NTYPES,
                     "48 cards: two of each A, 10, K, Q, J and 9 in each suit (RULES.md, Deal 1)")
#: The 80-card double deck: four of each of A T K Q J in each suit, no nines
#: (VARIANTS.md ``double-deck``; seed 001: "the 9s are stripped from two
#: standard pinochle decks to produce an 80-card deck").
DOUBLE_DECK = Deck("double-deck", (0, 4, 4, 4, 4, 4) * 4,
                   "80 cards: four of each A, 10, K, Q and J in each suit, no nines (VARIANTS.md double-deck, seed 001)")
#: Decks by name.
DECKS: dict[str, Deck] = {d.name: d for d in (PINOCHLE_DECK, DOUBLE_DECK)}


class Seat(IntEnum):
    """A seat; play goes clockwise N -> E -> S -> W (RULES.md, Notation)."""

    N = 0
    E = 1
    S = 2
    W = 3

    @classmethod
    def parse(cls, text: object) -> Seat:
        """Parse ``N E S W`` (any case, full-width too).

        Raises:
            ValueError: not a seat letter; the message shows what was sent.
        """
        t = fold(text).strip().upper() if isinstance(text, str) else ""
        if len(t) == 1 and t in "NESW":
            return cls("NESW".index(t))
        raise ValueError(f"unknown seat {shown(text)}: seats are N, E, S and W")

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


@dataclass(frozen=True)
class Seating:
    """Who sits where and who scores with whom (docs/design.md, "Seats, sides and chairs").

    Seat numbers are places at a table of four named N E S W (:class:`Seat`),
    so that a seat prints, parses and keys the JSON the same in every game. A
    four-handed game seats all four in two partnerships; a three-handed game
    seats E, S and W, each alone, and N stays empty (a stated choice: the
    person plays at S with the left opponent at W and the right one at E, as
    at a table of four; the empty place holds no cards and never acts).
    Per-seat tuples keep four places; per-side tuples (totals, scores) have
    one entry per side.

    Attributes:
        seats: the seats in play, clockwise.
        sides: the scoring sides, each a tuple of seats (partners, or one player).
        side_names: how each side is written (``"NS"``; or the player's seat name).

    >>> FOUR_PARTNERS.side_of[Seat.W], FOUR_PARTNERS.left(Seat.W)
    (1, <Seat.N: 0>)
    >>> THREE_ALONE.left(Seat.W), THREE_ALONE.side_names, THREE_ALONE.players
    (<Seat.E: 1>, ('E', 'S', 'W'), 3)
    """

    seats: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    side_names: tuple[str, ...]
    #: seat -> the next seat in play clockwise (four places; an empty place maps to the next seat in play)
    next_seat: tuple[int, ...] = field(init=False, repr=False, compare=False)
    #: seat -> its side's index (four places; -1 for an empty place)
    side_of: tuple[int, ...] = field(init=False, repr=False, compare=False)
    #: how many seats are in play
    players: int = field(init=False, repr=False, compare=False)
    #: seat -> whether the place is empty (four places): an empty place never calls
    empty: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    #: seat -> the next seat in play as a :class:`Seat` (built once: the reducer asks often)
    _left: tuple[Seat, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        nxt = []
        for s in range(4):
            t = (s + 1) % 4
            while t not in self.seats:
                t = (t + 1) % 4
            nxt.append(t)
        object.__setattr__(self, "next_seat", tuple(nxt))
        object.__setattr__(self, "players", len(self.seats))
        object.__setattr__(self, "empty", tuple(s not in self.seats for s in range(4)))
        object.__setattr__(self, "_left", tuple(Seat(t) for t in nxt))
        object.__setattr__(self, "side_of", tuple(
            next((k for k, side in enumerate(self.sides) if s in side), -1) for s in range(4)))

    @property
    def names(self) -> tuple[str, ...]:
        """The seats in play by name, clockwise (``("N", "E", "S", "W")``, ``("E", "S", "W")``)."""
        return tuple("NESW"[s] for s in self.seats)

    def left(self, seat: int) -> Seat:
        """The next seat in play clockwise from ``seat``."""
        return self._left[seat]

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s side (none for a player alone)."""
        return tuple(s for s in self.sides[self.side_of[seat]] if s != seat)

    def parse(self, text: object) -> Seat:
        """A seat in play by name.

        Raises:
            ValueError: not a seat, or a seat not in play (the message lists the seats).
        """
        seat = Seat.parse(text)
        if seat not in self.seats:
            raise ValueError(f"unknown seat {shown(text)}: the seats are {', '.join(self.names)}")
        return seat


#: Four players in two partnerships, N-S against E-W (RULES.md).
FOUR_PARTNERS = Seating((0, 1, 2, 3), ((0, 2), (1, 3)), SIDES)
#: Three players, each alone, at E, S and W (VARIANTS.md ``cutthroat``, ``auction``).
THREE_ALONE = Seating((1, 2, 3), ((1,), (2,), (3,)), ("E", "S", "W"))
