""":class:`NormalPlayer`: a computer player that counts cards and plays for its partner.

It sees only its :class:`~pinochle.game.View` and reasons from what the table
has shown (RULES.md, Play; Meld):

* **Auction.** It values its hand for each trump suit as its meld, plus the
  counters its side can expect (more with long trump and outside aces), plus
  its partner's likely help (more when the partner has bid; in a game bid in ones, less
  while the partner's bid stands: :attr:`NormalPlayer.over_partner_bonus`). It bids the
  lowest legal bid while that is within its value, so a partner with a
  double marriage keeps bidding after an opponent passes (once both
  opponents are out, :mod:`pinochle.bots.partners` leaves the contract to
  the partner unless the hand names its own trump). While nobody has bid and
  the dealer is an opponent who is stuck at 250 if everyone passes (RULES.md,
  Deal and auction 3), it bids only to name its own trump or with a double
  marriage (:func:`~pinochle.bots.partners.sticks_the_dealer`). While nobody has bid and the
  dealer is its partner, it opens at the minimum whatever its hand, so that its partner is not
  stuck (the "save": :func:`~pinochle.bots.partners.saves_the_dealer`).
* **Trump.** The suit with the most meld and trick potential, never a suit of
  fewer than four cards when it holds a longer one.
* **Play.** It counts the cards played and notes the voids shown, so it
  knows which of its cards are the highest left in their suit. On lead it
  cashes those, draws trump only when its side declared and holds the top
  trump, and never leads a trump ace that gains nothing. Following, it feeds
  counters (king, then ten, then ace) to a partner who is sure to take the
  trick, wins cheaply when it plays last, and otherwise throws its cheapest
  card, keeping aces and tens. From the last two tricks (8 cards left in the
  four hands) it plays exactly: Hard's search over deals of the unseen cards
  (:meth:`NormalPlayer._endgame_card`).

>>> from pinochle.game import new_match, turn, view
>>> s = new_match(seed=3)
>>> NormalPlayer(seed=1).act(view(s, turn(s))).type in ("bid", "pass")
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import ClassVar

from ..cards import ABOVE, DECKS, LAYER, MAX_COPIES, SUIT_MASK, Card, Seat, Suit, pack
from .base import Player, TablePlayer, in_scale, mates, teams, wide_rules, widow_resampler
from ..game import Action, PlayAction, Trick, View
from ..meld import meld_by_trump
from ..rules import RuleSet
from ..tricks import beats, winner_index
from .knowledge import knowledge
from .widow import Outcome, declarer_samples, widow_bury, widow_call
from .widow import choose_trump as widow_choose_trump
from .partners import (may_bid_over_partner, may_stick_the_dealer, names_own_trump, partners_save_stands,
                       saves_the_dealer, sticks_the_dealer)

NINE, JACK, QUEEN, KING, TEN, ACE = range(6)
_COUNTER = (0, 0, 0, 10, 10, 10)
#: SUIT_ALL[s]: the bits of suit ``s`` in every layer (any deck).
SUIT_ALL = tuple(sum(m << (LAYER * k) for k in range(MAX_COPIES)) for m in SUIT_MASK)
#: The partner's meld a double-deck hand counts on (points of the game's table): the
#: mean partner meld in the declarer's best trump is 16.6 over 3,000 random deals.
PARTNER_MELD_WIDE = 12
#: The cushion a double-deck bid keeps below the hand's value (points of the game's table):
#: a set contract loses the bid. Normal over Easy, 400 duplicate deals (seed 1): cushion 0:
#: +2.1 (-1.5 to 5.7), 4: +10.6, 8: +12.4 (9.6 to 15.2), 12: +11.7.
BID_CUSHION_WIDE = 8
#: The cushion a bid keeps below the hand's value (table points) where nobody must beat the
#: card that is winning (``must_beat="never"``: VARIANTS.md ``britannica``): the defenders
#: keep their high cards back, so the counters the value expects come in short. Against
#: Normal with no cushion, britannica, 1,000 duplicate deals seed 2: cushion 20: +6.0
#: (5.0 to 7.0) points a hand, 40: +7.8 (6.8 to 8.7), 60: +7.1; 2,000 deals seed 3: 30:
#: +7.1, 40: +7.3 (6.6 to 7.9), 50: +7.2; sets 1,040 of 3,098 contracts -> 74 of 902. The
#: same cushion where one must beat loses (-20.1 a hand in partnership-pass, -38.9 in
#: racehorse, 0 in table), so it is kept to this rule.
BID_CUSHION_NO_BEAT = 40


def suit_lengths(hand: Sequence[Card]) -> list[int]:
    """Cards held in each suit S H D C."""
    n = [0, 0, 0, 0]
    for c in hand:
        n[c // 6] += 1
    return n


def trump_value_wide(hand: Sequence[Card], trump: int, meld: int, rules: RuleSet) -> float:
    """As :func:`trump_value` for a deck of more than two copies (VARIANTS.md ``double-deck``),
    in the game's own points: the meld of the game's table, plus expected counters as
    shares of the hand's trick points (``rules.total_counters``): a base of 28%, 3.5%
    a trump, 2% an ace outside trump, 1% a trump ace or ten, at most 90%; plus
    :data:`PARTNER_MELD_WIDE` for the partner's meld.

    The counters were fitted on greedy playouts of 3,000 random double-deck deals
    (the declaring side's counters rise about 2 of 50 per trump held).
    """
    length = sum(1 for c in hand if c // 6 == trump)
    outside_aces = sum(1 for c in hand if c % 6 == ACE and c // 6 != trump)
    top_trumps = sum(1 for c in hand if c // 6 == trump and c % 6 >= TEN)
    share = 0.28 + 0.035 * length + 0.02 * outside_aces + 0.01 * top_trumps
    return meld + min(share, 0.9) * rules.total_counters + PARTNER_MELD_WIDE


def trump_value(hand: Sequence[Card], trump: int, meld: int) -> int:
    """Points the declaring side can expect with ``trump``: meld + counters + partner.

    Args:
        hand: the 12 cards held.
        trump: the suit.
        meld: this hand's meld with that trump (points).

    Returns:
        An estimate in points (tens): the meld, plus expected counters (a base
        of 110, +15 a trump beyond four, +10 for each ace outside trump, +10
        for each trump ace or ten), plus 40 for the partner's meld.
    """
    length = sum(1 for c in hand if c // 6 == trump)
    outside_aces = sum(1 for c in hand if c % 6 == ACE and c // 6 != trump)
    top_trumps = sum(1 for c in hand if c // 6 == trump and c % 6 >= TEN)
    counters = 110 + 15 * max(0, length - 4) + 10 * outside_aces + 10 * top_trumps - 20 * max(0, 3 - length)
    return meld + min(counters, 240) + 40


def choose_trump_wide(hand: Sequence[Card], rules: RuleSet) -> tuple[Suit, float]:
    """As :func:`choose_trump` for a deck of more than two copies (:func:`trump_value_wide`):
    the meld of the game's own table (:func:`~pinochle.meld.meld_by_trump`), a suit of fewer
    than five cards only when no suit is longer, ties to the longer suit."""
    melds = meld_by_trump(DECKS[rules.deck].pack(hand), rules)
    lengths = suit_lengths(hand)
    longest = max(lengths)
    unit = rules.total_counters / 50
    candidates = [s for s in range(4) if lengths[s] >= 5 or lengths[s] == longest]
    best = max(candidates,
               key=lambda s: (trump_value_wide(hand, s, melds[s], rules) + unit * lengths[s], lengths[s], -s))
    return Suit(best), trump_value_wide(hand, best, melds[best], rules)


def choose_trump(hand: Sequence[Card]) -> tuple[Suit, int]:
    """The trump to name and the hand's value with it (see :func:`trump_value`).

    A suit of fewer than four cards is never chosen when the hand holds a
    suit of four or more. (A deck with more copies: :func:`choose_trump_wide`.)

    >>> from pinochle.cards import parse_cards
    >>> choose_trump(parse_cards("KS QS 9H JH TH AH KD QD JD 9D AC TC"))[0]
    <Suit.D: 2>
    """
    melds = meld_by_trump(pack(hand))
    lengths = suit_lengths(hand)
    longest = max(lengths)
    candidates = [s for s in range(4) if lengths[s] >= 4 or lengths[s] == longest]
    best = max(candidates, key=lambda s: (trump_value(hand, s, melds[s]) + 5 * lengths[s], lengths[s], -s))
    return Suit(best), trump_value(hand, best, melds[best])


class Table:
    """What the seat has seen this hand, as Normal reads it (RULES.md, Play): the seat's
    :class:`~pinochle.bots.knowledge.Knowledge` (one model of what a seat knows) with the
    questions Normal asks of it.

    Attributes:
        seat: the seat; trump: the trump suit.
        unseen: packed multiset of the cards not in this hand and not played
            (:attr:`Knowledge.unseen <pinochle.bots.knowledge.Knowledge.unseen>`).
        void: for each seat, a 4-bit mask of the suits it has shown it lacks (``voids``).
        caps: for each seat, for each suit S H D C, the highest rank index (0 = 9 .. 5 = A) it
            may still hold: a seat that followed without beating a winning card of the suit
            holds none above it, where one must beat
            (:func:`~pinochle.bots.knowledge.play_inferences`; RULES.md, Play 1-2).
        held: for each seat, a 4-bit mask of the suits it is known to hold: a card it showed
            in its meld and has not played yet (``meld_held``; RULES.md, Meld: the meld review
            shows the cards that score).
    """

    #: Whether the cards shown in the melds count (a switch for the arena's comparisons).
    use_melds = True
    #: Whether a seat's caps count in :meth:`could_beat` (a switch for the arena's comparisons).
    use_caps = True

    def __init__(self, view: View) -> None:
        assert view.trump is not None
        self.seat = view.seat
        self.trump = int(view.trump)
        k = knowledge(view)
        self.unseen = k.unseen
        self.void = list(k.voids)
        self.caps = k.caps
        self.held = [sum(1 << u for u in range(4) if k.meld_held[s] & SUIT_ALL[u]) if self.use_melds else 0
                     for s in range(4)]

    def higher_unseen(self, card: int) -> bool:
        """Whether a card of the same suit ranked above ``card`` is still unseen."""
        return bool(self.unseen & ABOVE[card])

    def in_suit(self, suit: int) -> int:
        """How many cards of ``suit`` are unseen."""
        return (self.unseen & SUIT_ALL[suit]).bit_count()

    def may_hold_above(self, seat: int, card: int) -> bool:
        """Whether ``seat`` may hold a card of ``card``'s suit ranked above it: one is unseen and
        the seat's cap in the suit allows it."""
        return self.higher_unseen(card) and (not self.use_caps or self.caps[seat][card // 6] > card % 6)

    def could_beat(self, seat: int, led: int, winning: int) -> bool:
        """Whether ``seat``, yet to play, might beat ``winning`` in a trick led in suit ``led``.

        A seat not known to be void in the led suit is taken to follow it
        unless two or fewer of its cards are unseen and it is not known to hold one
        (a card of the suit shown in its meld and not played yet). It beats only with a
        card above the winning one that is unseen and under its cap in the suit.
        """
        trump = self.trump
        void_led = bool(self.void[seat] >> led & 1)
        void_trump = bool(self.void[seat] >> trump & 1)
        maybe_void_led = void_led or (self.in_suit(led) <= 2 and not self.held[seat] >> led & 1)
        if winning // 6 == led:
            if not void_led and self.may_hold_above(seat, winning):
                return True
            return led != trump and maybe_void_led and not void_trump and self.in_suit(trump) > 0
        # a trump winning a side-suit lead: only a higher trump from a seat void in the led suit
        return maybe_void_led and not void_trump and self.may_hold_above(seat, winning)


def trick_seats(view: View, trick: Trick) -> list[int]:
    """Every seat of ``trick`` in play order, those still to play included (the seating's
    order from the leader: four seats clockwise, or E S W at a table of three)."""
    seats = [int(trick.leader)]
    for _ in range(view.seating.players - 1):
        seats.append(int(view.seating.left(seats[-1])))
    return seats


def partner_sure_to_win(view: View, table: Table | None = None) -> bool:
    """Whether the trick in progress is surely a teammate's: a teammate (the partner; in a
    widow game the other defender) is winning and no seat still to play can beat the
    winning card (as far as ``view`` shows).
    """
    players = view.seating.players
    trick = view.tricks[-1] if view.tricks and len(view.tricks[-1].cards) < players else None
    if trick is None or view.trump is None:
        return False
    table = table if table is not None else Table(view)
    at = winner_index(trick.cards, view.trump)
    if trick.seat_of(at) not in mates(view):
        return False
    later = trick_seats(view, trick)[len(trick.cards) + 1:]
    led, winning = trick.cards[0] // 6, trick.cards[at]
    return not any(table.could_beat(s, led, winning) for s in later)


def trick_sure_lost(view: View, table: Table | None = None) -> bool:
    """Whether the trick in progress is surely the other team's whatever the seat plays: an
    opponent is winning, no legal card of the seat beats the winning card (RULES.md, Play), and no
    teammate still to play could beat it (as far as ``view`` shows: :meth:`Table.could_beat`).
    The mirror of :func:`partner_sure_to_win`; a counter played now is the other team's.
    """
    players = view.seating.players
    trick = view.tricks[-1] if view.tricks and len(view.tricks[-1].cards) < players else None
    if trick is None or not trick.cards or view.trump is None:
        return False
    trump = int(view.trump)
    at = winner_index(trick.cards, trump)
    team = mates(view)
    if trick.seat_of(at) in team:
        return False
    winning = trick.cards[at]
    if any(beats(c, winning, trump) for c in view.legal.cards):
        return False
    table = table if table is not None else Table(view)
    later = trick_seats(view, trick)[len(trick.cards) + 1:]
    led = trick.cards[0] // 6
    return not any(table.could_beat(s, led, winning) for s in later if s in team)


def counters_to_feed(cards: Sequence[Card], trump: int) -> list[Card]:
    """The non-trump counters (K, 10, A) among ``cards``, best to feed first: king, ten, then ace."""
    feed = [c for c in cards if c // 6 != trump and c % 6 >= KING]
    return sorted(feed, key=lambda c: (c % 6 == ACE, -_COUNTER[c % 6], c % 6))


class NormalPlayer(TablePlayer):
    """A card-counting computer player (see the module docstring).

    Args:
        seed: seeds the deals of the exact search of the last tricks (the rest of its play and
            its calls are deterministic).
        endgame: cards left in the four hands from which it plays exactly (0: never; Hard's own
            fallback Normal uses 0).
        endgame_samples: deals of the unseen cards searched a card then.
    """

    level: ClassVar[str] = "normal"
    #: Builds the player whose exact search plays the last cards (:meth:`_endgame_card`) from a seed, the
    #: deals a card and the cards left: Hard, which :mod:`pinochle.bots` gives when it seats the levels
    #: (hard.py builds on this module, so this module does not import it).
    endgame_player: ClassVar[Callable[[int | str, int, int], Player] | None] = None

    def __init__(self, seed: int | str = 0, endgame: int = 8, endgame_samples: int = 24) -> None:
        self.seed = seed
        self.endgame = endgame
        self.endgame_samples = endgame_samples
        self._searcher: Player | None = None

    def __repr__(self) -> str:
        return f"NormalPlayer(seed={self.seed!r})"

    def trump(self, view: View) -> Suit:
        """The suit to name trump (see the module docstring); in a widow game the suit of the
        best meld plus a counter a card (:func:`pinochle.bots.widow.choose_trump`)."""
        rules = view.rules_set()
        if rules.widow:
            return widow_choose_trump([int(c) for c in view.hand], rules)
        wide = wide_rules(view)
        return choose_trump(view.hand)[0] if wide is None else choose_trump_wide(view.hand, wide)[0]

    #: The save (:func:`~pinochle.bots.partners.saves_the_dealer`) only with this value or more
    #: (:func:`choose_trump`, table points); ``None``: whatever the hand.
    save_value: ClassVar[int | None] = None
    #: The dealer bids over its partner's save with this much meld or more in its best trump
    #: (table points); ``None``: only to name its own trump with a run or a long suit
    #: (:func:`~pinochle.bots.partners.may_bid_over_partner`).
    dealer_over_save_meld: ClassVar[int | None] = None
    #: ... or with this value or more (:func:`choose_trump`, table points); ``None``: not by value.
    #: 300, 50 over the save's 250: the dealer holding a hand worth a contract of its own answers its
    #: partner's save with a bid and names its trump, so that a player sees bidding at the table, not
    #: a save and three passes (a kitchen-table reviewer: "7 saves, 3 stuck dealers, one real bid").
    #: Measured against Normal without it (``table``): -1.2 (-2.9 to +0.5) points a hand over 1,000
    #: duplicate deals seed 31, -0.7 (-2.2 to +0.7) over 2,000 seed 32, contracts over 250 from 21% to
    #: 28% (docs/strength.md, "The save at the table").
    dealer_over_save_value: ClassVar[int | None] = 300
    #: A real hand (this much meld in its best trump, or a run) bids over an opponent's save or
    #: opening up to its value plus :attr:`compete_cushion`; ``None``: the value alone.
    compete_meld: ClassVar[int | None] = None
    compete_cushion: ClassVar[int] = 20
    #: A dealer's opponent, while nobody has bid, opens with this much meld or more in its best trump
    #: (table points) instead of passing to stick the dealer (:func:`~pinochle.bots.partners.sticks_the_dealer`);
    #: ``None``: only as that rule allows (a run, a long suit with meld, a double marriage).
    open_meld: ClassVar[int | None] = None
    #: ... or with a value (:func:`choose_trump`, table points) of this much or more; ``None``: not by value.
    open_value: ClassVar[int | None] = None
    #: Table points added to the hand's value when the partner's last call was a bid (the partner's
    #: meld it shows; RULES.md, Deal and auction: the side plays the contract together).
    partner_bid_bonus: ClassVar[int] = 20
    #: In a game bid in ones (VARIANTS.md ``britannica``; ``double-deck`` up to 60), table points added to
    #: the hand's value, instead of :attr:`partner_bid_bonus`, when the partner holds the high bid: its bid
    #: stands, and the side plays the contract together (RULES.md, Deal and auction), so a raise over it
    #: buys the side nothing but a higher contract unless this hand is much the stronger. ``None``: the
    #: partner's bonus as for any bid of the partner. With the bonus, Normal raised its own partner, the
    #: opponents then passing, in 55% of the britannica auctions and 54% of the double-deck ones where it
    #: could (a reviewer: "West won the bid at 16 over East's 15, after 7 bids"); with -40 in 16% and 30%
    #: (the audit's ``partner_overcall_stood``, 300 deals seed 31, Normal against itself). Against Normal
    #: with the bonus, duplicate, seed 31: britannica +0.57 (+0.12 to +1.02) points a hand (ones scale,
    #: 1,000 deals), double-deck +0.41 (-1.42 to +2.25) (300 deals) (docs/strength.md, "Partners who
    #: overcall each other"). Not in the table game (bids by 10; the raise stood in 12 of 600 hands): -40
    #: there measured +1.2 (-0.5 to +2.9) over 1,000 deals, and is left for a change meant to alter the
    #: golden corpus.
    over_partner_bonus: ClassVar[int | None] = -40

    #: Simulated deals of the widow and the other hands behind a call, a trump and a burial in a
    #: widow game (VARIANTS.md ``cutthroat``, ``auction``; :mod:`pinochle.bots.widow`).
    widow_samples = 16

    def _widow_rng(self, view: View, what: str) -> random.Random:
        return random.Random(f"{self.seed}/{view.hand_number - 1}/{view.seat}/{what}")

    def _widow_outcomes(self, view: View, samples: int) -> list[Outcome]:
        """The simulated hands as declarer before the widow is seen (cached per hand: every call
        of one auction weighs the same deals)."""
        key = (view.hand_number, view.hand, samples)
        cache: dict[object, list[Outcome]] = self.__dict__.setdefault("_outcomes", {})
        if key not in cache:
            cache.clear()
            cache[key] = declarer_samples(view, widow_resampler(view), samples, self._widow_rng(view, "call"))
        return cache[key]

    def bury(self, view: View) -> list[Card] | None:
        """The burial of :func:`pinochle.bots.widow.bury_ranking`, or ``None`` to concede when
        paying single beats playing at the simulated chance (:func:`pinochle.bots.widow.widow_bury`)."""
        return widow_bury(view, widow_resampler(view), self.widow_samples, self._widow_rng(view, "bury"))

    def call(self, view: View) -> Action:
        """Bid the lowest legal bid while it is within the hand's value, else pass.

        In a widow game (VARIANTS.md ``cutthroat``, ``auction``) the value is the expected
        settlement of declaring at that bid over :attr:`widow_samples` simulated deals of the
        widow and the other hands (:func:`pinochle.bots.widow.bid_value`): bid while it is positive.
        """
        seat, low = view.seat, view.legal.min_bid
        if low is None:
            return Action.pass_(seat)
        if self._bids_over_save(view):
            return Action.bid_(seat, low)  # the dealer names its own trump over its partner's save
        if not may_bid_over_partner(view):
            return Action.pass_(seat)  # partners cooperate (pinochle.bots.partners)
        if view.rules_set().widow:
            ok = widow_call(view, self._widow_outcomes(view, self.widow_samples))
            return Action.bid_(seat, low) if ok else Action.pass_(seat)
        partner = Seat(seat).partner
        partner_calls = [call for who, call in view.calls if who == partner]
        over = (self.over_partner_bonus if view.high_bidder is not None and view.high_bidder == partner
                and view.rules_set().bid_step == 1 else None)
        wide = wide_rules(view)
        if wide is not None:  # a deck of four copies: the game's own meld and scale
            worth = choose_trump_wide(view.hand, wide)[1] - BID_CUSHION_WIDE
            unit = wide.total_counters / 50
            if over is not None:
                worth += over / 10 * unit  # table points in the ones scale's units (40 -> 4)
            elif partner_calls and partner_calls[-1] is not None:
                worth += 4 * unit
            elif partner_calls:
                worth -= 4 * unit
            return Action.bid_(seat, low) if low <= worth else Action.pass_(seat)
        _, value = choose_trump(view.hand)
        if self._opens_over_stick(view, value):
            return Action.bid_(seat, low)  # a strong hand opens rather than sticking the dealer
        if sticks_the_dealer(view):
            return Action.pass_(seat)  # the opposing dealer may be stuck (pinochle.bots.partners)
        if saves_the_dealer(view):
            if self.save_value is None or value >= in_scale(self.save_value, view):
                return Action.bid_(seat, low)  # the partner, the dealer, is not left stuck (pinochle.bots.partners)
            return Action.pass_(seat)
        if over is not None:
            value += over  # the partner's bid stands: the side's contract is the partner's
        elif partner_calls and partner_calls[-1] is not None:
            value += self.partner_bid_bonus  # the partner has shown strength by bidding
        elif partner_calls:
            value -= 20  # the partner has passed: little help
        if self._competes(view):
            value += self.compete_cushion
        if view.rules_set().must_beat == "never":
            value -= BID_CUSHION_NO_BEAT
        return Action.bid_(seat, low) if low <= in_scale(value, view) else Action.pass_(seat)

    def _opens_over_stick(self, view: View, value: int) -> bool:
        """Whether a dealer's opponent opens while it could stick the dealer
        (:func:`~pinochle.bots.partners.may_stick_the_dealer`): with :attr:`open_meld` or more meld in
        its best trump or a value of :attr:`open_value` or more."""
        meld, worth = self.open_meld, self.open_value
        if (meld is None and worth is None) or not may_stick_the_dealer(view):
            return False
        if meld is not None and self._best_meld(view) >= in_scale(meld, view):
            return True
        return worth is not None and value >= in_scale(worth, view)

    def _best_meld(self, view: View) -> int:
        """The hand's meld in its best trump (RULES.md, Meld), in the game's points."""
        return max(meld_by_trump(pack(view.hand), view.rules_set()))

    def _bids_over_save(self, view: View) -> bool:
        """Whether the dealer bids over its partner's save to name its own trump
        (:func:`~pinochle.bots.partners.partners_save_stands`): with :attr:`dealer_over_save_meld`
        or more meld in its best trump, or a value (:func:`choose_trump`) of
        :attr:`dealer_over_save_value` or more. Not with a deck of four copies (VARIANTS.md
        ``double-deck``): both were measured in the table game only, and 20-card hands are valued
        by :func:`choose_trump_wide`."""
        floor, worth = self.dealer_over_save_meld, self.dealer_over_save_value
        if (floor is None and worth is None) or wide_rules(view) is not None or not partners_save_stands(view):
            return False
        if floor is not None and self._best_meld(view) >= in_scale(floor, view):
            return True
        return worth is not None and choose_trump(view.hand)[1] >= in_scale(worth, view)

    def _competes(self, view: View) -> bool:
        """Whether the hand is a real one that bids over an opponent's save or opening in a game
        that sticks the dealer (RULES.md, Deal and auction 3; no card pass): a run in a suit of
        five or a long suit with meld (:func:`~pinochle.bots.partners.names_own_trump`), or
        :attr:`compete_meld` or more meld in its best trump."""
        floor = self.compete_meld
        rules = view.rules_set()
        if (floor is None or rules.no_bid != "dealer" or rules.pass_cards or view.high_bidder is None
                or int(view.high_bidder) in mates(view) or int(view.high_bidder) == int(view.seat)):
            return False
        return names_own_trump(view.hand, rules) or self._best_meld(view) >= in_scale(floor, view)

    # ---------------------------------------------------------------- play

    def card(self, view: View) -> Card:
        """The card to play (see the module docstring); once at most :attr:`endgame` cards are left
        in the four hands (the last two tricks), the card of an exact search over
        :attr:`endgame_samples` deals of the unseen cards (:meth:`_endgame_card`)."""
        assert view.trump is not None
        cards = list(view.legal.cards)
        if len(cards) == 1:
            return cards[0]
        if (self.endgame and sum(view.hand_sizes) <= self.endgame and view.seating.players == 4
                and not view.rules_set().widow):
            return self._endgame_card(view)
        table = Table(view)
        trick = view.tricks[-1] if view.tricks and len(view.tricks[-1].cards) < view.seating.players else None
        if trick is None:
            return self._lead(view, table, cards)
        return self._follow(view, table, cards, trick)

    def _endgame_card(self, view: View) -> Card:
        """The last tricks played exactly (RULES.md, Play and Scoring a hand): Hard's search
        (:func:`pinochle.bots.search.solve`) over deals of the unseen cards consistent with what
        the table has shown (:func:`pinochle.bots.knowledge.knowledge`: voids, melds, cards
        played), ties to this player's own card.

        Without it Normal kept a counter for the last trick
        or did not cash the trump ace at trick 11 in 20 of 100 hands, at 21.6 points a time
        (docs/strength.md, "Card play review").
        """
        if self._searcher is None:
            build = NormalPlayer.endgame_player
            assert build is not None, "the endgame search is Hard's: import pinochle.bots, which gives it"
            self._searcher = build(self.seed, self.endgame_samples, self.endgame)
        action = self._searcher.act(view)  # act: the rules of the view's game
        assert isinstance(action, PlayAction)
        return action.card

    def _lead(self, view: View, table: Table, cards: list[Card]) -> Card:
        trump = table.trump
        me = Seat(view.seat)
        team = (int(me), *mates(view))
        declaring = view.declarer is not None and view.declarer in team
        opponents = tuple(s for s in view.seating.seats if s not in team)
        opponents_have_trump = bool(table.unseen & SUIT_MASK[trump]) and not all(
            table.void[o] >> trump & 1 for o in opponents)
        # 1. cash a boss card in a side suit that the opponents can still follow (or cannot trump)
        for c in sorted(cards, key=lambda c: -(c % 6)):
            suit = c // 6
            if suit == trump or any(table.may_hold_above(o, c) for o in opponents):
                continue
            if all(not table.void[o] >> suit & 1 or table.void[o] >> trump & 1 for o in opponents):
                if c % 6 >= TEN:
                    return c
        # 2. draw trump with the top trump when declaring and it gains: opponents still hold trump
        my_trumps = [c for c in cards if c // 6 == trump]
        if declaring and opponents_have_trump and len(my_trumps) >= 4:
            top = max(my_trumps)
            if not table.higher_unseen(top):
                return top
        # 3. otherwise a low card of a side suit, from the longest, not a counter
        side = [c for c in cards if c // 6 != trump]
        if not declaring and len(team) > 1 and view.declarer is not None and view.rules_set().widow:
            # defenders together (VARIANTS.md ``cutthroat``): lead through the declarer, in a suit it
            # must follow (not one it is known void in while it may hold trump), so that the other
            # defender, sitting over it, can win or let the trick go cheaply
            d = int(view.declarer)
            ruffs = bool(table.void[d] >> trump & 1) is False and bool(table.unseen & SUIT_MASK[trump])
            safe = [c for c in side if not (ruffs and table.void[d] >> (c // 6) & 1)]
            side = safe or side
        pool = side if side else cards
        lengths = suit_lengths(view.hand)
        non_counters = [c for c in pool if c % 6 < KING]
        pool = non_counters if non_counters else pool
        return min(pool, key=lambda c: (c % 6, -lengths[c // 6], c // 6))

    def _follow(self, view: View, table: Table, cards: list[Card], trick: Trick) -> Card:
        trump = table.trump
        played = trick.cards
        led = played[0] // 6
        at = winner_index(played, trump)
        winning = played[at]
        partner_winning = trick.seat_of(at) in mates(view)
        later = trick_seats(view, trick)[len(played) + 1:]
        winners = [c for c in cards if beats(c, winning, trump)]
        cheap = sorted(cards, key=lambda c: (c // 6 == trump, _COUNTER[c % 6], c % 6))
        if partner_winning and partner_sure_to_win(view, table):
            # the partner is sure to take it: feed a counter (king, ten, then ace), never a trump if avoidable
            feed = counters_to_feed(cards, trump)
            return feed[0] if feed else cheap[0]
        if winners:
            if not later:
                return min(winners, key=lambda c: (c // 6 == trump, c % 6))  # last: win cheaply
            # win with a card nobody after can beat, if there is one
            safe = [c for c in winners if not any(table.could_beat(s, led, c) for s in later)]
            if safe:
                return min(safe, key=lambda c: (c // 6 == trump, c % 6))
            if partner_winning:
                return cheap[0]
            points = sum(_COUNTER[c % 6] for c in played)
            if points >= 20:
                return min(winners, key=lambda c: (c // 6 == trump, c % 6))
            return cheap[0]
        return cheap[0]


__all__ = ["NormalPlayer", "choose_trump", "trump_value"]
