"""Trick play: which cards are legal, which card wins (RULES.md, Play).

Cards are card-type ints (see :mod:`pinochle.cards`); a trick is the sequence
of cards played to it, the lead first. Legal sets are one-layer bit masks.

>>> from pinochle.cards import Card, Suit, pack, parse_cards, mask_cards
>>> hand = pack(parse_cards("AS 9S KH"))
>>> trick = parse_cards("TS")
>>> [str(c) for c in mask_cards(legal_mask(hand, trick, Suit.H))]
['AS']
>>> winner_index(parse_cards("TS AS 9H AS"), Suit.H)
2
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cards import ABOVE, ALL_TYPES, CARDS, SUIT_MASK, SUIT_NAMES, SUIT_SYMBOLS, mask_cards
from .rules import TABLE, PlayRules, RuleSet, built_once


def beats(card: int, winning: int, trump: int) -> bool:
    """Whether ``card`` beats the currently ``winning`` card (RULES.md, Play).

    A card beats another only by being strictly higher: a trump beats any
    non-trump; within one suit the higher rank beats; an identical card does
    not beat its twin; a card of another non-trump suit never beats.

    >>> from pinochle.cards import Card
    >>> beats(Card.parse("AS"), Card.parse("AS"), 1), beats(Card.parse("9H"), Card.parse("AS"), 1)
    (False, True)
    """
    if card // 6 == winning // 6:
        return card > winning
    return card // 6 == trump


def winner_index(trick: Sequence[int], trump: int) -> int:
    """Index in ``trick`` of the card that wins it (RULES.md, Play).

    The highest trump wins, else the highest card of the led suit; of two
    identical winning cards the first played wins.

    Args:
        trick: the cards in play order (1 to 4 of them).
        trump: the trump suit index.

    Returns:
        The 0-based position of the winning (so far) card.
    """
    best = 0
    win = trick[0]
    for i in range(1, len(trick)):
        if beats(trick[i], win, trump):
            best, win = i, trick[i]
    return best


def legal_mask(hand: int, trick: Sequence[int], trump: int, rules: RuleSet = TABLE) -> int:
    """The card types ``hand`` may play to ``trick`` (RULES.md, Play 1-3).

    Args:
        hand: a packed hand.
        trick: the cards already played to this trick, lead first (empty:
            the seat leads and may play any card).
        trump: the trump suit index.
        rules: the must-beat and must-trump rules.

    Returns:
        A one-layer bit mask of the legal card types; never empty when the
        hand holds a card.

    1. Holding the led suit, play it, and beat the winning card if you can
       (if the lead was trumped, any card of the led suit).
    2. Void in the led suit, play trump if you hold it, beating the highest
       trump in the trick if you can.
    3. Otherwise any card. The duty to beat holds when your partner is winning.
    """
    present = hand & ALL_TYPES
    if not trick:
        return present
    led = trick[0] // 6
    win = trick[winner_index(trick, trump)]
    if rules.head_ruffed:
        headed = _head_ruffed(present, trick, led, win, trump, rules)
        if headed:
            return headed
    return legal_after(present, led, win, trump, rules)


def _head_ruffed(present: int, trick: Sequence[int], led: int, win: int, trump: int, rules: RuleSet) -> int:
    """The house rule ``head_ruffed`` (:class:`~pinochle.rules.PlayRules`; VARIANTS.md, House-rule
    switches: "whether a ruffed suit must still be headed"): a non-trump lead trumped, a follower holding
    the led suit plays it, beating the highest card of that suit in the trick if able. 0 when the rule
    does not apply (the lead not trumped, the seat void in it, or ``must_beat`` not ``"always"``).

    The computer players' simulations (:func:`legal_function`) leave it out; the legal cards of the
    engine, which they choose from, keep it."""
    in_led = present & SUIT_MASK[led]
    if not in_led or led == trump or win // 6 != trump or rules.must_beat != "always":
        return 0
    best = max(c for c in trick if c // 6 == led)
    return (in_led & ABOVE[best]) or in_led


def legal_after(present: int, led: int, win: int, trump: int, rules: RuleSet = TABLE) -> int:
    """:func:`legal_mask` given the led suit and the winning card so far.

    Args:
        present: the one-layer presence mask of the hand.
        led: the led suit; win: the card winning the trick so far.
        trump: the trump suit; rules: the must-beat and must-trump rules.

    Returns:
        The one-layer mask of legal card types.
    """
    return legal_function(rules)(present, led, win, trump)


LegalFn = Callable[[int, int, int, int], int]


def legal_function(rules: RuleSet | PlayRules = TABLE) -> LegalFn:
    """The legal-cards rule of ``rules`` as a fast function ``(present, led, win, trump) -> mask``.

    This is the one definition of RULES.md, Play 1-3 in the engine;
    :func:`legal_after`, :func:`legal_mask` and the simulations all call it.
    Built once per value of the play rules (:class:`~pinochle.rules.PlayRules`):
    rule sets that play alike share one function, whatever else differs
    (another scale, another deck).

    Args:
        rules: a rule set, or its :attr:`~pinochle.rules.RuleSet.play` rules.

    >>> legal_function(TABLE) is legal_function(TABLE.in_scale("ones")) is legal_function(TABLE.play)
    True
    """
    return _legal_of(rules)


def _play_of(rules: RuleSet | PlayRules) -> PlayRules:
    """The play rules of ``rules`` (all the legal-cards rule reads)."""
    return rules if isinstance(rules, PlayRules) else rules.play


def _build_legal(rules: PlayRules) -> LegalFn:
    """The function of :func:`legal_function` for one value of the play rules."""
    beat_always = rules.must_beat == "always"
    beat_trump_led = rules.must_beat == "trump_led"
    must_trump = rules.must_trump

    def legal(present: int, led: int, win: int, trump: int,
              suit_mask: tuple[int, ...] = SUIT_MASK, above: tuple[int, ...] = ABOVE) -> int:
        in_led = present & suit_mask[led]
        if in_led:
            # 1. follow suit, and beat the winning card if it is of the led suit
            if win // 6 == led and (beat_always or (beat_trump_led and led == trump)):
                return (in_led & above[win]) or in_led
            return in_led
        if must_trump:
            # 2. void: trump, beating the highest trump in the trick if able
            trumps = present & suit_mask[trump]
            if trumps:
                if beat_always and win // 6 == trump:
                    return (trumps & above[win]) or trumps
                return trumps
        # 3. any card
        return present

    return legal


#: The legal-cards function of a rule set, built once per value of its play rules.
_legal_of = built_once(_play_of, lambda rules: _build_legal(_play_of(rules)))


def _options(mask: int) -> str:
    labels = [c.label for c in reversed(mask_cards(mask))]
    if len(labels) == 1:
        return labels[0]
    return ", ".join(labels[:-1]) + " or " + labels[-1]


def explain_illegal(hand: int, trick: Sequence[int], trump: int, card: int, rules: RuleSet = TABLE) -> str | None:
    """Why ``card`` may not be played to ``trick`` from ``hand``, or ``None`` if it may.

    The reason is written for a player and names the legal cards, e.g.
    ``"you must beat the K♠: play A♠"``.

    >>> from pinochle.cards import Card, pack, parse_cards
    >>> explain_illegal(pack(parse_cards("AS 9S KH")), parse_cards("KS"), 1, Card.parse("9S"))
    'you must beat the K♠: play A♠'
    >>> explain_illegal(pack(parse_cards("AS 9S KH")), parse_cards("KD"), 1, Card.parse("AS"))
    'you have no ♦, so you must trump: play K♥'
    """
    present = hand & ALL_TYPES
    if not present >> card & 1:
        return f"you do not hold the {CARDS[card].label}"
    legal = legal_mask(hand, trick, trump, rules)
    if legal >> card & 1:
        return None
    led = trick[0] // 6
    win = trick[winner_index(trick, trump)]
    in_led = present & SUIT_MASK[led]
    if in_led:
        if card // 6 == led and win // 6 != led:  # the house rule head_ruffed: the suit was trumped
            best = max(c for c in trick if c // 6 == led)
            return f"the lead was trumped, but you must still beat the {CARDS[best].label}: play {_options(legal)}"
        if card // 6 == led:
            return f"you must beat the {CARDS[win].label}: play {_options(legal)}"
        return f"you must follow suit ({SUIT_NAMES[led]}): play {_options(legal)}"
    if card // 6 == trump:
        return f"you must beat the {CARDS[win].label}: play {_options(legal)}"
    return f"you have no {SUIT_SYMBOLS[led]}, so you must trump: play {_options(legal)}"


def counters(cards: Sequence[int], rules: RuleSet = TABLE) -> int:
    """Counter points in ``cards`` (RULES.md, Scoring a hand: A, T, K are 10 each).

    The last-trick bonus is not included.
    """
    values = rules.counters
    return sum(values[c % 6] for c in cards)
