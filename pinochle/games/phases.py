"""The phases a game declares, each a small class parameterized by values
(docs/design.md, "Games and phases"): never by a game's name.

Every phase cites the rule it implements. The ``table`` game of RULES.md uses
:class:`Auction`, :class:`NameTrump`, :class:`LayMeld`, :class:`Tricks`,
:class:`HandEnd` and :class:`MatchEnd`; ``partnership-pass`` and
``racehorse`` add :class:`Exchange`; ``racehorse`` adds :class:`Concede`. The
phases of every game are mapped in docs/design.md, "The nine games".

>>> from pinochle.game import new_match, turn, legal
>>> s = new_match(seed=7)
>>> type(s.current).__name__, legal(s, turn(s)).pass_
('Auction', True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from .. import auction as auction_mod
from ..auction import AuctionStatus
from ..cards import CARDS, DECKS, Card, Seat, Suit, count, pack, remove, unpack
from ..errors import BadCard, IllegalAction
from ..game import (
    Action,
    BidAction,
    CardsAction,
    PlayAction,
    TrumpAction,
    Legal,
    PhaseDef,
    State,
    ThrownIn,
    Trick,
    auction_status,
    current_trick,
    deal_hand,
    dix_exchanger,
    match_deals,
    record_hand,
    sort_hand,
)
from ..meld import KING, NINE, QUEEN, meld, meld_by_trump
from ..parts import (CONCEDED, NO_BIDS, NO_DIX, AuctionSeen, Concedes, Dix, Trumps, NOT_THROWN_IN, NOT_TIED, SET_AT_ONCE, BidAid, Bids, Burial, BuriedSeen, Give,
                     CardPass, Concession, Contract, HandChairs, Parts, PassSeen, ThrownInSeen, Tied, TrumpAid, TurnedSeen, TurnedTrump, Widow, WidowSeen)
from ..scoring import HandScore, Won
from ..tricks import explain_illegal, legal_mask, winner_index




# ---------------------------------------------------------------- auction

#: The naming of trump's part of the legal moves: any suit (RULES.md, Trump).
ANY_SUIT = Trumps(tuple(Suit))
#: The concession's part of the legal moves: concede or play on (``concede``), concede or bury (``bury``).
CONCEDE_OR_PLAY_ON = Concedes(True, play_on=True)
CONCEDE_OR_BURY = Concedes(True)
#: The dix exchange's part of the legal moves, to a seat holding a nine of trump (``dix_exchange``).
EXCHANGE_DIX = Dix(True)


@dataclass(frozen=True)
class Auction(PhaseDef):
    """The auction (RULES.md, Deal and auction 2-3; VARIANTS.md per game).

    Seats call in turn from left of the dealer: a bid (at least ``min_bid``,
    a bid of the steps, ``bid_step`` and ``bid_ladder``, above the high bid,
    at most ``max_bid``: :func:`pinochle.auction.check_call`) or a pass.

    The rule set says the rest: ``reenter_after_pass`` (a seat that passed
    may bid again, and three passes in a row after a bid end the auction:
    VARIANTS.md ``racehorse``; else a pass is final and three passes end it,
    RULES.md), ``no_bid`` (nobody bids: the dealer is stuck at
    ``min_bid``, RULES.md, VARIANTS.md ``double-deck``; or the hand is thrown
    in and the next dealer deals, VARIANTS.md ``racehorse``) and ``opening``
    (:func:`opening_rule`: the first seat must open, VARIANTS.md
    ``britannica``; the widow games' house rules).
    """

    name: str = "auction"
    actions: tuple[str, ...] = ("bid", "pass")
    text: str = "the auction is on: bid or pass"
    decision: str | None = "call"

    def status(self, state: State) -> AuctionStatus:
        """Where the auction stands."""
        return auction_status(state)

    def turn(self, state: State) -> Seat | None:
        return self.status(state).turn

    def legal(self, state: State, seat: Seat) -> Legal:
        rules = state.rules
        low = self.status(state).min_bid(rules)
        may_pass = True
        skip: tuple[int, ...] = ()
        if rules.opening != "free":
            may_pass, low, skip, _ = opening_rule(state, may_pass, low)
        bids = Bids(low, rules.bid_step, rules.max_bid, rules.bid_ladder, skip) if low <= rules.max_bid else NO_BIDS
        return Legal(pass_=may_pass, parts=Parts(bids))

    def apply(self, state: State, action: Action) -> State:
        call = action.bid if isinstance(action, BidAction) else None
        if state.rules.opening != "free" and (call is None or isinstance(call, int)):
            plain = self.status(state).min_bid(state.rules)
            may_pass, low, skip, why = opening_rule(state, True, plain)
            # a bid is refused for the rule's own reason where the rule raised the lowest bid or skips it
            if (not may_pass and call is None) or (call is not None and (plain <= call < low or call in skip)):
                raise IllegalAction(why)
        seating = state.game.seating
        if state.rules.reenter_after_pass:
            st = auction_mod.check_call_reentry(state.calls, state.dealer, action.seat, call, state.rules, seating)
        else:
            st = auction_mod.check_call(state.calls, state.dealer, action.seat, call, state.rules, seating)
        state = state.with_parts(state.parts.get(Contract).with_call(call))
        if not st.done:
            return state
        if st.redeal:
            thrown = ThrownIn(state.hand_no + 1, state.dealer, state.dealt, len(state.history),
                              Parts(Contract(state.calls), Widow(state.widow),
                                    HandChairs(state.lineup, (), state.order.players)))
            return deal_hand(replace(state, thrown=(*state.thrown, thrown)), state.hand_no + 1,
                             seating.left(state.dealer))
        return state.game.advance(state.with_parts(state.parts.get(Contract).won(st.declarer, st.bid, st.stuck)))

    def public(self, state: State) -> tuple[object, ...]:
        """To every seat alike, the auction (:class:`~pinochle.parts.AuctionSeen`, the calls with their
        callers, a save named as one, :func:`pinochle.auction.save_index`, the high bid and its bidder) and
        the contract it makes (the state's :class:`~pinochle.parts.Contract`, which the ``trump`` phase
        completes); the hand before this one while this one is played, if the auction threw it in
        (:class:`~pinochle.parts.ThrownInSeen`: :func:`thrown_in_seen`)."""
        seating = state.game.seating
        st = self.status(state)
        calls = tuple(zip(auction_mod.callers(state.calls, state.dealer, state.rules, seating), state.calls))
        save = auction_mod.save_index(state.calls, state.dealer, state.rules, seating)
        kinds = tuple("save" if i == save else None for i in range(len(calls)))
        return AuctionSeen(calls, kinds, st.high_bid, st.high_bidder), state.parts.get(Contract), thrown_in_seen(state)

    def view(self, state: State, seat: Seat) -> tuple[object, ...]:
        """While the auction lasts, ``seat``'s own meld with each suit as trump (:class:`~pinochle.parts.BidAid`:
        ``meld_if_trump``, S H D C, :func:`pinochle.meld.meld_by_trump`, the tables filled from the one definition
        of meld that scores it), and ``meld_before``: ``"widow"`` or ``"pass"`` in a game whose declarer's hand still
        changes before the meld (the rule set's ``widow``, VARIANTS.md ``cutthroat``; its ``pass_cards``,
        VARIANTS.md ``partnership-pass``). Only the seat's own cards; nothing for a seat holding none (a
        chair sitting the hand out)."""
        if state.phase != self.name or seat not in state.game.seating.seats or not state.hands[seat]:
            return ()
        before = "widow" if state.rules.widow else "pass" if state.rules.pass_cards else None
        return BidAid(meld_by_trump(state.hands[seat], state.rules), before),


def opening_rule(state: State, may_pass: bool, low: int) -> tuple[bool, int, tuple[int, ...], str]:
    """The house rule ``state.rules.opening`` applied to the next call (VARIANTS.md ``auction``,
    seed 000: "Bidding traditions vary").

    * ``first-forced``: the seat left of the dealer must open, at the minimum
      bid or more (VARIANTS.md ``britannica``: "must open with at least 10";
      ``double-deck``'s switch).
    * ``first-300``: the seat left of the dealer must open, at 300 or more
      ("A third approach mandates the first hand to start at 300").
    * ``dealer-forced``: after two passes the dealer must bid, at least the
      minimum ("after two passes, the dealer must bid at least 250").
    * ``dealer-290-320``: after two passes the dealer may pass, or open at 290
      or at 320 and up ("the dealer can pass the hand or open at 290 (but not
      250) or 320 and above").

    "The dealer" is the seat that calls last: the dealer at a table of three;
    at a table of 4 or 5, where the dealer sits out, the active seat on the
    dealer's right, who calls last (a stated choice, docs/games/auction.md).
    The numbers are the seed's, in tens (:attr:`~pinochle.rules.RuleSet.opening_bids`).

    Returns:
        ``(may_pass, lowest bid, bids skipped, why)``: ``why`` is the refusal
        of a call the rule forbids.
    """
    rules = state.rules
    calls = state.calls
    rule = rules.opening
    bids = rules.opening_bids
    if rule == "first-forced":
        if calls:
            return may_pass, low, (), ""
        return False, low, (), f"the first seat must open the bidding: bid {rules.min_bid} or more"
    if rule == "first-300":
        if calls:
            return may_pass, low, (), ""
        return False, max(low, bids[0]), (), (f"the seat left of the dealer must open at {bids[0]} or more "
                                              f"(house rule first-300)")
    if len(calls) != state.game.seating.players - 1 or any(c is not None for c in calls):
        return may_pass, low, (), ""
    if rule == "dealer-forced":
        return False, low, (), (f"after two passes the dealer's seat must bid {low} or more "
                                f"(house rule dealer-forced)")
    gap = tuple(auction_mod.ladder_bids(rules, auction_mod.next_bid(rules, bids[0]), bids[1] - 1))
    return may_pass, max(low, bids[0]), gap, (f"after two passes the dealer's seat may pass or open at {bids[0]}, "
                                              f"or at {bids[1]} and up (house rule dealer-290-320)")


# ---------------------------------------------------------------- trump


@dataclass(frozen=True)
class NameTrump(PhaseDef):
    """The declarer names any suit trump (RULES.md, Trump)."""

    name: str = "trump"
    actions: tuple[str, ...] = ("trump",)
    text: str = "the declarer is naming trump"
    decision: str | None = "trump"

    def turn(self, state: State) -> Seat | None:
        return state.declarer

    def legal(self, state: State, seat: Seat) -> Legal:
        return Legal(parts=Parts(ANY_SUIT))

    def public(self, state: State) -> tuple[object, ...]:
        """The contract with the trump named (the state's :class:`~pinochle.parts.Contract`), to every seat
        alike."""
        return state.parts.get(Contract),

    def view(self, state: State, seat: Seat) -> tuple[object, ...]:
        """While the declarer names trump, its own hand's meld with each suit as trump (:class:`~pinochle.parts.TrumpAid`:
        ``trump_meld``, S H D C, :func:`pinochle.meld.meld_by_trump`, the one definition of meld that scores it,
        RULES.md Meld), for the buttons it names trump with; only to the declarer, and only its own cards (in a
        widow game the widow is in its hand by then: VARIANTS.md ``cutthroat``)."""
        if state.phase != self.name or seat != state.declarer or not state.hands[seat]:
            return ()
        return TrumpAid(meld_by_trump(state.hands[seat], state.rules)),

    def apply(self, state: State, action: Action) -> State:
        assert isinstance(action, TrumpAction)
        return state.game.advance(state.with_parts(state.parts.get(Contract).with_trump(action.suit)))


# ---------------------------------------------------------------- the widow


@dataclass(frozen=True)
class TakeWidow(PhaseDef):
    """The declarer turns the widow up for everyone and takes it (VARIANTS.md
    ``cutthroat``: "The declarer turns the widow up, takes it, names trump and
    melds from 18 cards"). Nobody moves: the phase is over on entry.

    Nobody sees the widow's cards before the auction is over (it lies face down in the middle: :meth:`public`'s
    ``widow_down``, how many cards); from then to the end of
    the hand every seat sees it, and who took it: the declarer (:meth:`public`:
    ``widow`` and ``widow_taken_by``; the cards are in the declarer's hand from
    the moment the auction ends, so the table names them the declarer's). The widow is the
    state's :class:`~pinochle.parts.Widow` part, dealt by the deal.
    """

    name: str = "widow"
    text: str = "the declarer takes the widow"

    def enter(self, state: State) -> State:
        assert state.declarer is not None
        deck = DECKS[state.rules.deck]
        hand = state.hands[state.declarer]
        for c in unpack(state.widow):
            hand = deck.add(hand, c)
        hands = list(state.hands)
        hands[state.declarer] = hand
        return state.game.advance(replace(state, hands=(hands[0], hands[1], hands[2], hands[3])))

    def public(self, state: State) -> tuple[object, ...]:
        """The widow as everyone sees it (:class:`~pinochle.parts.WidowSeen`): how many cards lie face down
        while the auction lasts, then its cards face up and the declarer that took them, and how many it
        buried (VARIANTS.md ``cutthroat``)."""
        widow = state.widow
        if widow and state.phase == "auction":
            # face down in the middle while the auction lasts: everyone sees how many cards, not which
            return WidowSeen(down=len(unpack(widow))),
        if state.declarer is None or not widow:
            return ()
        # the cards buried lie face down by the declarer: everyone sees how many, only the declarer which
        return WidowSeen(sort_hand(unpack(widow), state.trump), state.declarer,
                         buried_down=len(state.parts.get(Widow).buried)),


# ---------------------------------------------------------------- the turned card


@dataclass(frozen=True)
class TurnTrump(PhaseDef):
    """No auction: the dealer's last card is turned face up and its suit is
    trump; the card stays in the dealer's hand (VARIANTS.md ``turned-trump``,
    seed 000's variation). Nobody moves in this phase: it is over on entry.

    Which card is the dealer's last: the deal gives every seat a uniformly
    random set of cards, so the last card the dealer receives is a uniformly
    random card of the dealer's hand; it is drawn from the match's seed
    (``Random(f"{seed}/{hand}/turned")``), so a match replays exactly, and a
    record names it (docs/records.md). The card is kept in the state's part
    (:class:`~pinochle.parts.TurnedTrump`).
    """

    name: str = "turn_trump"
    text: str = "the dealer turns up the trump card"

    def enter(self, state: State) -> State:
        cards = unpack(state.hands[state.dealer])
        card = random.Random(f"{state.seed}/{state.hand_no}/turned").choice(cards)
        return state.game.advance(turned_up(state, card))

    def public(self, state: State) -> tuple[object, ...]:
        """The turned card (:func:`turned_seen`) and the contract, its trump the turned card's suit and no
        declarer or bid (the state's :class:`~pinochle.parts.Contract`), to every seat alike."""
        return turned_seen(state), state.parts.get(Contract)


def turned_up(state: State, card: Card) -> State:
    """``state`` with ``card`` turned face up for trump: the turned card's part holds it and its suit is the
    contract's trump (VARIANTS.md ``turned-trump``: the dealer's last card; ``two-handed``: the card under
    the stock). A record's turned card is put in place with it too (docs/records.md)."""
    return state.with_parts(TurnedTrump(card), state.parts.get(Contract).with_trump(card.suit))


# ---------------------------------------------------------------- the dix exchange


def nine_of_trump(state: State) -> Card:
    """The nine of the trump suit (the dix), once trump is known."""
    assert state.trump is not None
    return CARDS[state.trump * 6 + NINE]


def dix_offered_to(state: State) -> tuple[Seat, ...]:
    """The seats the dix exchange is offered to, in turn: every seat but the dealer, from the
    dealer's left (Hoyle: "Each player in turn, beginning with the player on the dealer's left";
    the dealer holds the turned card already)."""
    seating = state.game.seating
    out: list[Seat] = []
    seat = state.dealer
    for _ in range(seating.players - 1):
        seat = Seat(seating.left(seat))
        out.append(seat)
    return tuple(out)


def dix_exchange_open(state: State) -> bool:
    """Whether the dix exchange is still offered this hand: the house switch is on, the turned
    card is not itself a nine of trump (nothing to exchange it for), nobody has exchanged, and
    a seat is still to answer."""
    turned, answers = state.turned, state.dix_answers
    return (state.rules.dix_exchange and turned is not None and turned.rank != NINE
            and not any(answers) and len(answers) < len(dix_offered_to(state)))


def thrown_in_seen(state: State) -> ThrownInSeen:
    """What everyone sees of the hand before this one, if it was thrown in (nobody bid: VARIANTS.md
    ``racehorse``, ``cutthroat``, ``auction``) and this hand is still being played; else the empty
    part. The match's seat order adds the chairs (:meth:`pinochle.game.SeatOrder.thrown`)."""
    if not state.thrown or state.thrown[-1].number != state.hand_no or state.phase in ("hand_end", "match_end"):
        return NOT_THROWN_IN
    t = state.thrown[-1]
    return state.order.thrown(state, t, ThrownInSeen(t.number, t.dealer, state.dealer))


def tied_leaders(state: State) -> Tied:
    """The leaders tied after the match's scheduled deals, so that another deal follows (docs/games/cutthroat.md,
    docs/games/auction.md: "Equal leaders play another deal until one leads"): their names, their total
    and why another deal follows, in ``hand_end``; else the empty part."""
    deals = match_deals(state)
    dealt = len(state.history)
    if not deals or state.phase != "hand_end" or state.winner is not None or dealt < deals:
        return NOT_TIED
    best = max(state.totals)
    at = [i for i, t in enumerate(state.totals) if t == best]
    if len(at) < 2:
        return NOT_TIED
    names = tuple(state.order.name(state, i) for i in at)
    return Tied(names, best, f"After {dealt} deals the leaders are tied at {best}: one more deal decides.")


def turned_seen(state: State) -> TurnedSeen:
    """The view's part of the phases that own the turned card (:class:`~pinochle.parts.TurnedSeen`): the
    card turned for trump and the seat that exchanged the dix for it, as everyone sees them."""
    return TurnedSeen(state.turned, dix_exchanger(state))


def meld_cards(state: State, seat: int) -> int:
    """The packed cards ``seat`` melds from: its hand, with an exchanged dix counted for the seat
    that held it and gave it up, not for the dealer who took it (the Hoyle of the United States
    Playing Card Company, Partnership Pinochle: "each original holder of a dix scores 10, whether
    or not it was exchanged"; Parlett: the exchange "scores 10" for the player who makes it).

    Without an exchange: the hand.
    """
    hand = state.hands[seat]
    who = dix_exchanger(state)
    if who is None:
        return hand
    deck = DECKS[state.rules.deck]
    nine = nine_of_trump(state)
    if seat == who:
        return deck.add(hand, nine)
    if seat == state.dealer:
        return remove(hand, nine)
    return hand


@dataclass(frozen=True)
class DixExchange(PhaseDef):
    """The house switch ``dix_exchange`` (``turned-trump``; docs/games/turned-trump.md): before
    the meld, a player holding a nine of trump (the dix) may exchange it for the turned card.

    VARIANTS.md and seed 000 are silent; off is the project's choice. On: the Hoyle of the
    United States Playing Card Company (Partnership Pinochle, its game with the turned card):
    "Each player in turn, beginning with the player on the dealer's left, has the right to
    exchange the dix (nine of trumps) for the trump card"; Parlett (The Penguin Book of Card
    Games, Three-hand Pinochle): "The first player left of dealer holding a dix may exchange it
    for the turned card, the dix then being taken by dealer".

    The seats but the dealer are asked in turn from the dealer's left (:func:`dix_offered_to`):
    a seat holding a nine of trump exchanges it (``dix``) or keeps it (``pass``); a seat with
    none passes without a choice (:meth:`automatic`), so the turns are the same whatever the
    cards. The first exchange ends the offer (there is one turned card). The exchange is
    public: every view names the seat (``View.dix_exchange``); the turned card goes to that
    seat's hand and its nine to the dealer's. The dix scores for the seat that gave it up
    (:func:`meld_cards`). The phase is skipped when the switch is off or the turned card is a
    nine of trump. The answers are kept in the state's part
    (:attr:`~pinochle.parts.TurnedTrump.dix_answers`).
    """

    name: str = "dix_exchange"
    actions: tuple[str, ...] = ("dix", "pass")
    text: str = "the dix may be exchanged for the turned card"
    decision: str | None = "dix"

    def enter(self, state: State) -> State:
        return state if dix_exchange_open(state) else state.game.advance(state)

    def turn(self, state: State) -> Seat | None:
        return dix_offered_to(state)[len(state.dix_answers)]

    def legal(self, state: State, seat: Seat) -> Legal:
        return Legal(pass_=True, parts=Parts(EXCHANGE_DIX if count(state.hands[seat], nine_of_trump(state)) else NO_DIX))

    def automatic(self, state: State) -> Action | None:
        seat = self.turn(state)
        if seat is None or count(state.hands[seat], nine_of_trump(state)):
            return None
        return Action.pass_(seat)

    def apply(self, state: State, action: Action) -> State:
        if action.type == "pass":
            state = state.with_parts(state.parts.get(TurnedTrump).with_answer(action.seat, False))
            return state if dix_exchange_open(state) else state.game.advance(state)
        seat = action.seat
        nine = nine_of_trump(state)
        turned = state.turned
        assert turned is not None
        if not count(state.hands[seat], nine):
            raise IllegalAction(f"you hold no {nine.label} (the dix) to exchange for the turned {turned.label}")
        deck = DECKS[state.rules.deck]
        hands = list(state.hands)
        hands[seat] = deck.add(remove(hands[seat], nine), turned)
        hands[state.dealer] = deck.add(remove(hands[state.dealer], turned), nine)
        state = replace(state, hands=(hands[0], hands[1], hands[2], hands[3]),
                        parts=state.parts.set(state.parts.get(TurnedTrump).with_answer(seat, True)))
        return state.game.advance(state)

    def public(self, state: State) -> tuple[object, ...]:
        """The turned card and the seat that exchanged the dix for it, to everyone (:func:`turned_seen`)."""
        return turned_seen(state),


# ---------------------------------------------------------------- the card pass


@dataclass(frozen=True)
class Exchange(PhaseDef):
    """The card pass between partners (VARIANTS.md ``partnership-pass``, seed 002).

    After trump is named the declarer's partner passes the rule set's
    ``pass_cards`` (4) cards to the declarer, who then passes as many back:
    any cards, including ones just received. Only the two partners see the
    cards passed; the opponents see that they went (between the two passes
    the hand sizes show 16 and 8). The passes are the state's part
    (:class:`~pinochle.parts.CardPass`), which this phase alone changes.
    """

    name: str = "exchange"
    actions: tuple[str, ...] = ("give",)
    text: str = "the partners are passing cards"
    decision: str | None = "give"

    def turn(self, state: State) -> Seat | None:
        assert state.declarer is not None
        return Seat(state.game.seating.partners(state.declarer)[0]) if not state.parts.get(CardPass).passed else state.declarer

    def legal(self, state: State, seat: Seat) -> Legal:
        return Legal(parts=Parts(Give(state.rules.pass_cards, sort_hand(unpack(state.hands[seat]), state.trump))))

    def apply(self, state: State, action: Action) -> State:
        n = state.rules.pass_cards
        assert isinstance(action, CardsAction)
        if len(action.cards) != n:
            raise IllegalAction(f"pass exactly {n} cards, not {len(action.cards)}")
        giver = action.seat
        taker = Seat(state.game.seating.partners(giver)[0])
        hand, other = state.hands[giver], state.hands[taker]
        for c in action.cards:
            try:
                hand = remove(hand, c)
            except BadCard:
                n = sum(1 for x in action.cards if x == c)
                held = count(state.hands[giver], c)
                what = "do not hold the" if not held else f"hold only {held}"
                raise IllegalAction(f"you {what} {CARDS[c].label}" + (f", not {n}" if held else "")) from None
            other = DECKS[state.rules.deck].add(other, c)
        hands = list(state.hands)
        hands[giver], hands[taker] = hand, other
        state = replace(state, hands=(hands[0], hands[1], hands[2], hands[3]),
                        parts=state.parts.set(state.parts.get(CardPass).with_pass(sort_hand(action.cards, state.trump))))
        return state.game.advance(state) if state.parts.get(CardPass).passed == 2 else state

    def view(self, state: State, seat: Seat) -> tuple[object, ...]:
        """The card pass as ``seat`` sees it (:class:`~pinochle.parts.PassSeen`: the cards passed and those it
        was passed and still holds), to the two partners who pass alone (VARIANTS.md ``partnership-pass``)."""
        if state.declarer is None or seat not in (state.declarer, *state.game.seating.partners(state.declarer)):
            return ()
        return PassSeen(state.exchange, received(state, seat)),


def received(state: State, seat: Seat) -> tuple[Card, ...]:
    """The cards in ``seat``'s hand that its partner passed to it this hand (VARIANTS.md
    ``partnership-pass``, ``racehorse``), one entry per copy, while it holds them: the declarer's
    are the partner's four less any it passed back; the partner's are the four passed back. A copy
    the seat also held before counts once per copy it was passed and still holds.

    >>> from pinochle.game import new_match, apply, Action, legal, turn
    >>> s = new_match(seed=3, game="partnership-pass")
    >>> while s.phase == "auction":
    ...     s = apply(s, Action.bid_(turn(s), legal(s, turn(s)).min_bid) if not s.calls else Action.pass_(turn(s)))
    >>> s = apply(s, Action.trump_(turn(s), legal(s, turn(s)).trumps[0])) if s.phase == "trump" else s
    >>> giver = turn(s); s = apply(s, Action.give_(giver, unpack(s.hands[giver])[:4]))
    >>> sorted(str(c) for c in received(s, s.declarer)) == sorted(str(c) for c in s.exchange[0])
    True
    """
    exchange = state.exchange
    if not exchange or state.declarer is None:
        return ()
    if seat == state.declarer:
        got = list(exchange[0])
        for c in exchange[1] if len(exchange) > 1 else ():
            if c in got:
                got.remove(c)
    else:
        got = list(exchange[1]) if len(exchange) > 1 else []
    held: list[int] = [int(c) for c in unpack(state.hands[seat])]
    out = []
    for c in got:
        if int(c) in held:
            held.remove(int(c))
            out.append(c)
    return tuple(out)


# ---------------------------------------------------------------- meld


@dataclass(frozen=True)
class LayMeld(PhaseDef):
    """Each seat lays down its meld in turn from the declarer (RULES.md, Meld; docs/rules.md, Choices).

    The move holds no choice: the meld is what the hand holds at this moment
    (after any card pass or the widow), counted by :func:`pinochle.meld.meld`;
    after a dix exchange the dix counts for the seat that gave it up
    (:func:`meld_cards`).

    Attributes:
        only_declarer: only the declarer melds (VARIANTS.md ``cutthroat``:
            "only the declarer melds").
    """

    name: str = "meld"
    actions: tuple[str, ...] = ("meld",)
    text: str = "the meld is being laid down"
    decision: str | None = None
    only_declarer: bool = False

    def turn(self, state: State) -> Seat | None:
        if self.only_declarer:
            return state.declarer
        seating = state.game.seating
        seat = state.declarer if state.declarer is not None else seating.left(state.dealer)
        for _ in range(sum(m is not None for m in state.melds)):
            seat = seating.left(seat)
        return seat

    def legal(self, state: State, seat: Seat) -> Legal:
        return Legal(meld=True)

    def apply(self, state: State, action: Action) -> State:
        assert state.trump is not None
        melds = list(state.melds)
        melds[action.seat] = meld(meld_cards(state, action.seat), state.trump, state.rules)
        state = replace(state, melds=tuple(melds))
        done = self.only_declarer or all(melds[s] is not None for s in state.game.seating.seats)
        return state.game.advance(state) if done else state

    def automatic(self, state: State) -> Action | None:
        seat = self.turn(state)
        return None if seat is None else Action.meld_(seat)


# ---------------------------------------------------------------- concession


@dataclass(frozen=True)
class Concede(PhaseDef):
    """After seeing the meld the declarer alone may concede or play on
    (VARIANTS.md ``racehorse``; seed 000: "you don't require your partner's
    agreement"). A concession ends the hand before the first lead.
    """

    name: str = "concede"
    actions: tuple[str, ...] = ("concede", "play_on")
    text: str = "the declarer is deciding whether to concede"
    decision: str | None = "settle"

    def turn(self, state: State) -> Seat | None:
        return state.declarer

    def legal(self, state: State, seat: Seat) -> Legal:
        return Legal(parts=Parts(CONCEDE_OR_PLAY_ON))

    def apply(self, state: State, action: Action) -> State:
        if action.type == "concede":
            return state.game.goto(state.with_parts(CONCEDED), "hand_end")
        return state.game.advance(state)

    def public(self, state: State) -> tuple[object, ...]:
        """Whether the declarer conceded, to everyone (the state's :class:`~pinochle.parts.Concession`)."""
        return state.parts.get(Concession),


# ---------------------------------------------------------------- a marriage in trump


def holds_marriage(hand: int, trump: int) -> bool:
    """Whether ``hand`` (packed) holds the king and the queen of ``trump``."""
    return count(hand, Card(trump * 6 + KING)) > 0 and count(hand, Card(trump * 6 + QUEEN)) > 0


@dataclass(frozen=True)
class TrumpMarriage(PhaseDef):
    """With the rule set's ``trump_needs_marriage`` (VARIANTS.md ``double-deck``'s switch:
    "a switch sets a declarer without one at once"), a declarer who named a trump suit
    without holding its king and queen is set at once: no card is played, and the hand is
    scored as set (its part, :class:`~pinochle.parts.TrumpMarriageCheck`: ``State.set_at_once``;
    the game's scorer). Nobody moves: the phase is
    over on entry. It comes after the meld, so that everyone's meld is on the table
    (the opponents keep theirs: docs/games/double-deck.md).
    """

    name: str = "trump_marriage"
    text: str = "the declarer's marriage in trump is checked"

    def enter(self, state: State) -> State:
        assert state.declarer is not None and state.trump is not None
        if state.rules.trump_needs_marriage and not holds_marriage(state.hands[state.declarer], state.trump):
            return state.game.goto(state.with_parts(SET_AT_ONCE), "hand_end")
        return state.game.advance(state)


# ---------------------------------------------------------------- burying


def buriable(state: State) -> tuple[Card, ...]:
    """The declarer's cards that may be buried: the hand less the cards shown in
    meld, copy by copy (docs/games/cutthroat.md: a second K♠ that does not score
    may be buried; trumps may be buried), sorted for display.

    When fewer cards than the widow's lie outside the meld (a meld of 16 of the 18
    cards: aces, kings and jacks around, three marriages and the dix, with a bid
    above it), any card of the hand may be buried: the seed's rule cannot be kept,
    and the meld, already shown and scored, stands (a stated choice,
    docs/games/cutthroat.md "Bury or concede"; found by the secrecy soak,
    cutthroat seed 1075, where the declarer could only concede)."""
    assert state.declarer is not None
    held = list(unpack(state.hands[state.declarer]))
    cards = list(held)
    m = state.melds[state.declarer]
    for c in (m.shown() if m is not None else ()):
        cards.remove(c)
    if len(cards) < state.rules.widow:
        cards = held
    return sort_hand(cards, state.trump)


@dataclass(frozen=True)
class Bury(PhaseDef):
    """After the meld the declarer buries cards or concedes (VARIANTS.md ``cutthroat``).

    On entry: if the meld alone reaches the bid there is no play, and the hand
    is scored at once ("the declarer scores the game"). Otherwise the declarer
    may concede at once (a single loss), or buries the rule set's ``widow``
    (3) cards that were not used in meld; they count as the declarer's taken
    cards, and nobody but the declarer sees them. The declarer then takes the
    meld back and leads. The cards buried are kept in the state's part
    (:attr:`~pinochle.parts.Widow.buried`), which this phase alone changes.
    """

    name: str = "bury"
    actions: tuple[str, ...] = ("bury", "concede")
    text: str = "the declarer is burying cards or conceding"
    decision: str | None = "bury"

    def enter(self, state: State) -> State:
        assert state.declarer is not None and state.bid is not None
        m = state.melds[state.declarer]
        if m is not None and m.total >= state.bid:
            return state.game.goto(state, "hand_end")
        return state

    def turn(self, state: State) -> Seat | None:
        return state.declarer

    #: Why a card of the hand that :func:`buriable` leaves out may not be buried, said to the declarer with the
    #: cards it may bury (``Legal.bury_why_not``; VARIANTS.md ``cutthroat``: the declarer "buries 3 cards not used
    #: in meld"; ``auction`` buries as cutthroat does, docs/games/auction.md). Not said when every card may be
    #: buried (:func:`buriable`: fewer cards than the widow's lie outside the meld).
    why_not: str = "it is in your meld, and only cards not used in meld may be buried"

    def legal(self, state: State, seat: Seat) -> Legal:
        cards = buriable(state)
        kept = len(unpack(state.hands[seat])) > len(cards)
        return Legal(parts=Parts(CONCEDE_OR_BURY, Burial(state.rules.widow, cards, self.why_not if kept else "")))

    def apply(self, state: State, action: Action) -> State:
        if action.type == "concede":
            return state.game.goto(state.with_parts(CONCEDED), "hand_end")
        n = state.rules.widow
        assert isinstance(action, CardsAction)
        if len(action.cards) != n:
            raise IllegalAction(f"bury exactly {n} cards, not {len(action.cards)}")
        seat = action.seat
        free = list(buriable(state))
        held: list[int] = [int(c) for c in unpack(state.hands[seat])]
        for c in action.cards:
            if c in free:
                free.remove(c)
                held.remove(c)
                continue
            if c not in held:
                have = count(state.hands[seat], c)
                raise IllegalAction(f"you do not hold the {CARDS[c].label}" if not have
                                    else f"you hold only {have} {CARDS[c].label}")
            raise IllegalAction(f"the {CARDS[c].label} is in your meld: bury cards not used in meld")
        hands = list(state.hands)
        hands[seat] = DECKS[state.rules.deck].pack(held)
        state = replace(state, hands=(hands[0], hands[1], hands[2], hands[3]),
                        parts=state.parts.set(state.parts.get(Widow).with_buried(sort_hand(action.cards, state.trump))))
        return state.game.advance(state)

    def view(self, state: State, seat: Seat) -> tuple[object, ...]:
        """The burial (:class:`~pinochle.parts.BuriedSeen`), to the declarer alone."""
        buried = state.buried
        if buried and seat == state.declarer:
            return BuriedSeen(buried),
        return ()

    def public(self, state: State) -> tuple[object, ...]:
        """Whether the declarer conceded, to everyone (the state's :class:`~pinochle.parts.Concession`)."""
        return state.parts.get(Concession),


# ---------------------------------------------------------------- tricks


@dataclass(frozen=True)
class Tricks(PhaseDef):
    """The tricks (RULES.md, Play; VARIANTS.md per game for the lead and the play rule).

    The legal cards come from :func:`pinochle.tricks.legal_mask` with the
    game's ``must_beat`` and ``must_trump``.

    Who leads the first trick is the rule set's ``first_lead``: the declarer
    (RULES.md, Play) or the seat left of the dealer (VARIANTS.md ``racehorse``,
    ``britannica``, ``turned-trump``).
    """

    name: str = "play"
    actions: tuple[str, ...] = ("play",)
    text: str = "the tricks are being played"
    decision: str | None = "card"

    def turn(self, state: State) -> Seat | None:
        if not state.tricks:
            if state.rules.first_lead == "declarer" and state.declarer is not None:
                return state.declarer
            return state.game.seating.left(state.dealer)
        last = state.tricks[-1]
        seating = state.game.seating
        if len(last.cards) < seating.players:
            return seating.left(last.seats[-1]) if last.seats else last.seat_of(len(last.cards))
        return last.winner

    def legal(self, state: State, seat: Seat) -> Legal:
        assert state.trump is not None
        trick = current_trick(state)
        mask = legal_mask(state.hands[seat], trick.cards if trick else (), state.trump, state.rules)
        cards = tuple(sorted((CARDS[c] for c in range(24) if mask >> c & 1), key=lambda c: (c // 6, -c)))
        return Legal(cards=cards)

    def apply(self, state: State, action: Action) -> State:
        assert isinstance(action, PlayAction) and state.trump is not None
        seat, card, trump = action.seat, action.card, state.trump
        hand = state.hands[seat]
        trick = current_trick(state)
        played = trick.cards if trick is not None else ()
        reason = explain_illegal(hand, played, trump, card, state.rules)
        if reason is not None:
            raise IllegalAction(reason)
        hands = list(state.hands)
        hands[seat] = remove(hand, card)
        seating = state.game.seating
        if seating.players == 4:  # the four-handed games: clockwise from the leader
            if trick is None:
                tricks = (*state.tricks, Trick(seat, (card,)))
            else:
                cards = (*trick.cards, card)
                winner = Seat((trick.leader + winner_index(cards, trump)) % 4) if len(cards) == 4 else None
                tricks = (*state.tricks[:-1], Trick(trick.leader, cards, winner))
        elif trick is None:
            tricks = (*state.tricks, Trick(seat, (card,), seats=(seat,)))
        else:
            cards = (*trick.cards, card)
            seats = (*trick.seats, seat)
            winner = seats[winner_index(cards, trump)] if len(cards) == seating.players else None
            tricks = (*state.tricks[:-1], Trick(trick.leader, cards, winner, seats))
        state = replace(state, hands=(hands[0], hands[1], hands[2], hands[3]), tricks=tricks)
        if len(tricks) == state.rules.hand_size and tricks[-1].winner is not None:
            return state.game.advance(state)
        return state


# ---------------------------------------------------------------- the end of a hand and of the match


@dataclass(frozen=True)
class HandEnd(PhaseDef):
    """The hand is scored on entry by the game's scorer (RULES.md, Scoring a
    hand; VARIANTS.md per game); then the next dealer (left of this one) deals.
    """

    name: str = "hand_end"
    actions: tuple[str, ...] = ("deal",)
    text: str = "the hand is over: the next dealer deals"
    decision: str | None = None

    def enter(self, state: State) -> State:
        scorer: Callable[[State], tuple[HandScore, Won | None]] | None = state.game.score
        assert scorer is not None
        score, won = scorer(state)
        return record_hand(state, score, won)

    def turn(self, state: State) -> Seat | None:
        return state.game.seating.left(state.dealer)

    def legal(self, state: State, seat: Seat) -> Legal:
        return Legal(deal=True)

    def apply(self, state: State, action: Action) -> State:
        return deal_hand(state, state.hand_no + 1, state.game.seating.left(state.dealer))

    def public(self, state: State) -> tuple[object, ...]:
        """The leaders tied after the scheduled deals, to everyone (:class:`~pinochle.parts.Tied`:
        :func:`tied_leaders`)."""
        return tied_leaders(state),


@dataclass(frozen=True)
class MatchEnd(PhaseDef):
    """A side has won the match (RULES.md, Scoring a hand): nobody moves."""

    name: str = "match_end"
    text: str = "the match is over"


__all__ = ["Auction", "Bury", "Concede", "DixExchange", "Exchange", "HandEnd", "LayMeld", "MatchEnd", "NameTrump",
           "TakeWidow", "Tricks", "TrumpMarriage", "buriable", "holds_marriage", "Card", "dix_exchange_open",
           "dix_offered_to", "meld_cards", "nine_of_trump", "pack", "thrown_in_seen", "tied_leaders", "turned_seen",
           "turned_up"]
