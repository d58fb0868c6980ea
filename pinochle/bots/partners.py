"""Partners cooperate in the auction (RULES.md, Deal and auction).

In a game with partnerships the side that holds the contract scores its
partners' meld and tricks together (RULES.md, Deal and auction: "the high
bidder's side"), so once both opponents have passed for good, a player that
bids over its own partner only raises its side's contract. The shared rule,
used by Easy, Normal and Hard alike (:mod:`pinochle.bots.simple`,
:mod:`pinochle.bots.normal`, :mod:`pinochle.bots.hard`):

- once both opponents have passed for good, a player bids over its partner
  only to name its own trump for a run or for a long suit with meld
  (:func:`names_own_trump`), and then at the lowest legal bid (the bots bid
  ``view.legal.min_bid``);
- a side never makes two raises in a row over its own partner: a player never
  bids over a partner whose high bid was itself a raise over this player.

Partnerships come from the game's seating (``view.seating.sides``); in a game
where every player is alone (VARIANTS.md ``cutthroat``, ``auction``) the rule
never applies. In a game where a seat that passed may bid again (VARIANTS.md
``racehorse``) nobody is out for good, and a player bids over its partner only to
name its own trump (:func:`names_own_trump`): a run counts only in trump, and the
partner who declares is passed four cards anyway (passing a run there measured
119 points a hand worse than bidding 260; docs/reviews/2026-12-01-bidding.md).

In the table game (the dealer stuck at 250 when all pass, no card pass) the dealer's opponents pass
to stick the dealer (:func:`sticks_the_dealer`), and Normal, as the dealer's partner, saves it
(:func:`saves_the_dealer`).

:func:`audit_calls` counts, in a finished auction, the raises this rule
forbids; :mod:`pinochle.bots.raises` (``benchmarks/partner_raises.py``,
``tests/test_partner_raises.py``) measures them over many auctions.

>>> from pinochle.game import new_match, view
>>> may_bid_over_partner(view(new_match(seed=1), 1))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..auction import Call
from ..game import View
from ..rules import RuleSet

#: Card ranks within a suit (``card % 6``): 9 J Q K 10 A (pinochle.cards.RANK_LETTERS).
_JACK, _QUEEN, _KING, _TEN, _ACE = 1, 2, 3, 4, 5
#: A run in trump: A 10 K Q J (RULES.md, Meld: 150 in the table's scale).
_RUN = (_JACK, _QUEEN, _KING, _TEN, _ACE)


def side_of(sides: Sequence[Sequence[int]], seat: int) -> tuple[int, ...]:
    """The seats of ``seat``'s side in ``sides`` (a game's ``Seating.sides``; RULES.md, Deal and
    auction: partners sit opposite), ``(seat,)`` when it is not seated on any side.

    >>> side_of(((0, 2), (1, 3)), 3)
    (1, 3)
    """
    for side in sides:
        if seat in side:
            return tuple(side)
    return (seat,)


def double_marriage_suit(hand: Iterable[int]) -> int | None:
    """The suit of a double marriage in ``hand`` (both kings and both queens of one suit: 80 as royal
    marriages when that suit is trump, 40 when it is not; RULES.md, Meld), or ``None``.

    >>> from pinochle.cards import parse_cards
    >>> double_marriage_suit(parse_cards("AS TS AH KH KH QH QH 9H JD 9D QC 9C"))
    1
    >>> double_marriage_suit(parse_cards("KS QS KH QH KD QD KC QC 9S 9H 9D 9C")) is None
    True
    """
    held = list(hand)
    for suit in range(4):
        if held.count(suit * 6 + _KING) >= 2 and held.count(suit * 6 + _QUEEN) >= 2:
            return suit
    return None


def names_own_trump(hand: Iterable[int], rules: RuleSet | None = None) -> bool:
    """Whether ``hand`` is worth taking the contract from its partner to name its own trump
    (RULES.md, Deal and auction: the declarer names trump; Meld: a run).

    True when the hand holds a run (A 10 K Q J of one suit: a run is meld only in trump) in a
    suit of at least 5 of every 12 cards of the hand (any run of a 12-card hand; 9 of a
    double-deck hand of 20, where a run in some suit is in 47% of the hands against 4.6% of
    the table's: with any run, 3 and 4 of 100 double-deck auctions held a raise over a
    partner at Easy and Normal, over the issue's 2% bar), or a suit of more than half the
    hand's cards (7 of 12) holding a marriage (K Q of that suit: a royal marriage in trump).
    (At least half the hand, 6 of 12, let Normal raise its partner in 2.3% of 1,000 table
    auctions, over the issue's 2% bar; 7 of 12: 1.1%.) ``rules`` is accepted for games
    whose hands differ in size; the measure is relative to the hand, so it is the same in
    every deck.

    Args:
        hand: the player's cards (card numbers, ``suit * 6 + rank``).
        rules: the game's rules (unused beyond documentation of the scale).

    Returns:
        Whether the hand names its own trump with a run or a long suit with meld.

    >>> from pinochle.cards import parse_cards
    >>> names_own_trump(parse_cards("AH TH KH QH JH 9S AS AD KC QC 9C 9D"))
    True
    >>> names_own_trump(parse_cards("AH TH KH 9H JH 9S AS AD KC QC 9C 9D"))
    False
    >>> names_own_trump(parse_cards("AH KH QH 9H 9H JH AS AD KC QC 9C 9D")), names_own_trump(parse_cards("AH KH QH 9H 9H JH JH AD KC QC 9C 9D"))
    (False, True)
    """
    cards = [int(c) for c in hand]
    long = len(cards) // 2 + 1
    for suit in range(4):
        ranks = {c % 6 for c in cards if c // 6 == suit}
        length = sum(1 for c in cards if c // 6 == suit)
        if all(r in ranks for r in _RUN) and 12 * length >= 5 * len(cards):
            return True
        if length >= long and _KING in ranks and _QUEEN in ranks:
            return True
    return False


def _bids(calls: Sequence[tuple[int, Call]]) -> list[tuple[int, int]]:
    return [(int(who), call) for who, call in calls if call is not None]


def opponents_out(calls: Sequence[tuple[int, Call]], sides: Sequence[Sequence[int]], seat: int,
                  reenter_after_pass: bool = False) -> bool:
    """Whether every opponent of ``seat`` has passed for good (RULES.md, Deal and auction: "a
    player who passes is out of the auction"; VARIANTS.md ``racehorse``: there a seat that
    passed may bid again, so it is never out for good).

    Args:
        calls: the auction so far as ``(seat, call)`` pairs, ``None`` for a pass.
        sides: the game's sides (``Seating.sides``).
        seat: the player.
        reenter_after_pass: the game's ``RuleSet.reenter_after_pass``.

    Returns:
        True when the game has opponents of ``seat``, each has passed, and a pass is final.
    """
    if reenter_after_pass:
        return False
    mine = side_of(sides, seat)
    others = [s for side in sides for s in side if s not in mine]
    passed = {int(who) for who, call in calls if call is None}
    return bool(others) and all(s in passed for s in others)


def may_bid_over_partner(view: View) -> bool:
    """Whether the player of ``view`` may bid at all under the partners' rule
    (RULES.md, Deal and auction: the high bidder's side plays the contract together).

    False when the partner holds the high bid and either
    - the partner's high bid was itself a raise over this player (no back and forth: a side
      never makes two raises in a row over its own partner), or
    - both opponents have passed for good, or a seat that passed may bid again (VARIANTS.md
      ``racehorse``), and the hand does not name its own trump with a run or a long suit
      with meld (:func:`names_own_trump`).
    True otherwise (the player's own valuation then decides), and always in a game where
    every player is alone (VARIANTS.md ``cutthroat``, ``auction``).

    Args:
        view: the acting seat's view in the auction.

    Returns:
        Whether a bid is allowed by the rule.
    """
    sides = view.seating.sides
    me = int(view.seat)
    mine = side_of(sides, me)
    if len(mine) < 2 or view.high_bidder is None or int(view.high_bidder) == me or int(view.high_bidder) not in mine:
        return True
    rules = view.rules_set()
    bids = _bids(view.calls)
    if len(bids) >= 2 and bids[-2][0] in mine:
        return False  # the partner raised over this side already: no raise back
    if rules.reenter_after_pass or opponents_out(view.calls, sides, me):
        return names_own_trump(view.hand, rules)
    return True


def may_stick_the_dealer(view: View) -> bool:
    """Whether a pass by the player of ``view`` keeps alive the chance to stick an opposing dealer
    (RULES.md, Deal and auction 3: when the first three pass, the dealer is the declarer at 250;
    Scoring a hand: the defenders keep their meld and counters).

    True when nobody has bid yet, a pass is legal, the game sticks the dealer (``no_bid`` is
    ``"dealer"``) with no card pass (a card pass makes declaring worth more: VARIANTS.md
    ``partnership-pass``), and the dealer sits on the other side. Normal then bids only
    to name its own trump (:func:`names_own_trump`) or with a double marriage
    (:func:`sticks_the_dealer`): with aces around the meld is kept anyway, and a stuck
    dealer with a poor hand is often set. Measured (Normal passing so, against Normal,
    ``table``): +53.5 (45.3 to 61.6) points a hand over 1,000 duplicate deals seed 2,
    +52.7 (47.1 to 58.3) over 2,000 seed 3; the same pass in partnership-pass measured
    -31.4 (-38.7 to -24.0), hence the card-pass condition.

    Args:
        view: the acting seat's view in the auction.

    Returns:
        Whether the dealer is an opponent who is stuck if this seat (and any seat still
        to call before the dealer) passes.
    """
    if not _dealer_may_be_stuck(view):
        return False
    me = int(view.seat)
    return int(view.dealer) not in side_of(view.seating.sides, me)


def _dealer_may_be_stuck(view: View) -> bool:
    """Whether nobody has bid yet, a pass is legal, and the game sticks the dealer when all pass
    (``no_bid`` is ``"dealer"``; RULES.md, Deal and auction 3) with no card pass (VARIANTS.md
    ``partnership-pass``)."""
    rules = view.rules_set()
    if rules.no_bid != "dealer" or rules.pass_cards or not view.legal.pass_ or view.dealer is None:
        return False
    return all(call is None for _, call in view.calls)


def saves_the_dealer(view: View) -> bool:
    """Whether the player of ``view`` opens at the minimum to save its own partner, the dealer, from
    being stuck (RULES.md, Deal and auction 3: when the first three pass, the dealer is the declarer
    at 250; kitchen-table players call this spot "a save situation": the dealer's partner bids so
    that the dealer is not stuck, e.g. the powerpinochle.com forum's "Partner passes in a save
    situation (e.g. you're dealer; LHO passes, partner passes)", and a "save bid" when "the
    bidder's partner is bidding last", angelfire.com "Pinochle Basics").

    True when nobody has bid, a pass is legal, the game sticks the dealer with no card pass (as
    :func:`may_stick_the_dealer`), and the dealer is this seat's partner. The opponents pass such
    hands to stick the dealer (:func:`sticks_the_dealer`); the dealer's partner then opens whatever
    its hand, since the side plays a contract at 250 either way and the opening also gives the seat
    after it (an opponent) and the dealer a call. Measured (Normal saving so, against Normal,
    ``table``): +9.9 (3.7 to 16.1) points a hand over 1,000 duplicate deals seed 31, +5.9 (1.0 to
    10.7) over 2,000 seed 32; the side's dealers stuck 624 of 1,000 hands dealt -> 0 (seed 31).
    Opening only with a value of 210 or more (Normal's estimate, :func:`pinochle.bots.normal.trump_value`)
    measured +6.3 and +5.6 with 239 dealers still stuck (docs/strength.md, "The table's auction:
    stuck dealers"). Against this save, the save only with a value of 210 or 190 measured -3.6 and
    -1.3, the dealer bidding over it with 100 meld -3.2 (1,000 deals seed 31; docs/strength.md, "The
    save at the table"). The view marks the call as a save (:func:`pinochle.auction.save_index`).

    Args:
        view: the acting seat's view in the auction.

    Returns:
        Whether the dealer is this seat's partner, who is stuck if this seat and the opponent after
        it pass.
    """
    if not _dealer_may_be_stuck(view):
        return False
    me = int(view.seat)
    dealer = int(view.dealer) if view.dealer is not None else me
    return dealer != me and dealer in side_of(view.seating.sides, me)


def partners_save_stands(view: View) -> bool:
    """Whether the only bid so far is a save by the partner of the player of ``view`` (the opening
    of the dealer's partner after the seat before it passed: :func:`saves_the_dealer`), and the
    player is the dealer (RULES.md, Deal and auction: the dealer calls last).

    A save shows nothing of the saver's hand, so the dealer may bid over it to name a trump of its
    own (:meth:`pinochle.bots.normal.NormalPlayer.call`).

    Args:
        view: the acting seat's view in the auction.

    Returns:
        True when the dealer, to call, sees its partner's save as the high bid and no other bid.
    """
    rules = view.rules_set()
    if rules.no_bid != "dealer" or rules.pass_cards or view.dealer is None or view.high_bidder is None:
        return False
    me = int(view.seat)
    bids = _bids(view.calls)
    return (int(view.dealer) == me and len(bids) == 1 and len(view.calls) >= 2 and view.calls[0][1] is None
            and int(view.calls[1][0]) == bids[0][0] == int(view.high_bidder)
            and bids[0][0] != me and bids[0][0] in side_of(view.seating.sides, me))


def sticks_the_dealer(view: View) -> bool:
    """Whether a computer player passes to stick an opposing dealer (:func:`may_stick_the_dealer`):
    the hand neither names its own trump (:func:`names_own_trump`) nor holds a double
    marriage (:func:`double_marriage_suit`).

    A double marriage is always opened: a partner who passes one is the complaint players
    make of partner bots (the product brief), and opening it costs little: Normal opening it
    against Normal that passes it, ``table``, 3,000 duplicate deals seed 3: -1.4 (-2.2 to
    -0.6) points a hand.

    Args:
        view: the acting seat's view in the auction.

    Returns:
        True when the player passes whatever its valuation says.
    """
    return (may_stick_the_dealer(view) and not names_own_trump(view.hand, view.rules_set())
            and double_marriage_suit(view.hand) is None)


@dataclass(frozen=True)
class CallsAudit:
    """What :func:`audit_calls` found in one auction.

    Attributes:
        raises_after_out: bids over one's own partner made after both opponents had passed for good.
        in_a_row: times a side bid over its own partner twice in a row (a raise over a raise).
    """

    raises_after_out: int
    in_a_row: int


def audit_calls(calls: Sequence[tuple[int, Call]], sides: Sequence[Sequence[int]],
                reenter_after_pass: bool = False, saves: bool = False) -> CallsAudit:
    """Count the partner raises of a finished auction (RULES.md, Deal and auction).

    A raise over one's partner is a bid made while the partner holds the high bid. It is
    counted in ``raises_after_out`` when every opponent had passed for good before it
    (:func:`opponents_out`), and in ``in_a_row`` when the previous bid was also a raise over
    a partner by the same side. With ``saves`` (a game that sticks the dealer, without a card
    pass: :func:`saves_the_dealer`), a bid over a partner's save (the opening bid of the second
    seat to call, the dealer's partner, after the first passed) is not a raise: the save shows
    nothing of the saver's hand, and the dealer bids over it only to name its own trump
    (:func:`may_bid_over_partner`, or Normal's hand worth 300:
    :attr:`pinochle.bots.normal.NormalPlayer.dealer_over_save_value`).

    Args:
        calls: the auction as ``(seat, call)`` pairs in order, ``None`` for a pass.
        sides: the game's sides (``Seating.sides``).
        reenter_after_pass: the game's ``RuleSet.reenter_after_pass``.
        saves: whether the game's dealer's partner may save the dealer (four seats in two sides).

    Returns:
        A :class:`CallsAudit`.

    >>> audit_calls([(1, 250), (2, None), (3, 260), (0, None), (1, 270), (3, 280), (1, None)],
    ...             ((0, 2), (1, 3)))
    CallsAudit(raises_after_out=2, in_a_row=2)
    >>> save = [(1, None), (2, 250), (3, None), (0, 260), (2, None)]  # S saves N, the dealer, who names trump
    >>> audit_calls(save, ((0, 2), (1, 3))), audit_calls(save, ((0, 2), (1, 3)), saves=True)
    (CallsAudit(raises_after_out=1, in_a_row=0), CallsAudit(raises_after_out=0, in_a_row=0))
    """
    after_out = in_a_row = 0
    high: int | None = None
    high_is_save = False
    last_was_raise = False
    for k, (who_, call) in enumerate(calls):
        who = int(who_)
        if call is None:
            continue
        mine = side_of(sides, who)
        is_raise = (len(mine) > 1 and high is not None and high != who and high in mine
                    and not high_is_save)
        high_is_save = saves and k == 1 and calls[0][1] is None
        if is_raise:
            if opponents_out(calls[:k], sides, who, reenter_after_pass):
                after_out += 1
            if last_was_raise:
                in_a_row += 1
        last_was_raise = is_raise
        high = who
    return CallsAudit(after_out, in_a_row)
