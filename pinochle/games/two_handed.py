"""Two-handed Pinochle: the stock, one meld after each trick won, the dix, the endgame
(VARIANTS.md ``two-handed``; seeds 000 and 002; the stated choices are in docs/games/two-handed.md).

A hand runs through these phases::

    turn_up -> stock_play <-> stock_meld -> draw -> stock_play ... -> endgame (12 tricks) -> hand_end

* ``turn_up``: the card after the deal is turned for trump and laid under the
  stock (a 9 there scores 10 for the dealer). Nobody moves.
* ``stock_play``: a trick of two cards, from the hand or the table, with no
  duty to follow; the non-dealer leads the first.
* ``stock_meld``: the trick's winner may declare one meld (``meld`` with its
  cards), score the dix besides it (``dix``), or declare nothing more (``pass``).
  The phase is skipped when there is nothing to declare.
* ``draw``: both draw from the stock (``draw``, a move without a choice).
* ``endgame``: the melds are back in the hands; 12 tricks with follow suit,
  beat a trump lead, trump when void.

>>> from pinochle.game import new_match, turn
>>> s = new_match(seed=3, game="two-handed", first_dealer=0)
>>> s.phase, str(turn(s)), s.stock is not None and s.stock.left()
('stock_play', 'S', 24)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from ..cards import CARDS, DECKS, Card, Seat, Seating, Suit, add, count, pack, remove, unpack
from ..errors import IllegalAction
from ..game import (Action, CardsAction, Legal, PhaseDef, PlayAction, State, Trick, current_trick, last_trick_bonus,
                    new_match, side_meld, taken)
from ..meld import NINE, Meld, MeldItem, meld
from ..parts import NO_DIX, Contract, Dix, Parts
from ..rules import TABLE, RuleSet
from ..scoring import HandScore, Won, earned_parts, reached_alone, reached_both
from ..stock import Declared, StockMoves, StockPlay, StockSeen, TableCard
from ..tricks import explain_illegal, legal_mask, winner_index
from .phases import turned_seen, turned_up

#: Two players facing each other at N and S (a stated choice, docs/games/two-handed.md:
#: a person plays at S, the bottom of the table as in every game, and faces the opponent at N).
TWO_FACING = Seating((0, 2), ((0,), (2,)), ("N", "S"))

#: Cards dealt to each player (seed 000: "until every player holds 12 cards").
HAND = 12

#: The numbers of VARIANTS.md ``two-handed`` (seeds 000, 002): two players, tens, game 1000; the 24
#: tricks of a hand (``hand_size``: 12 while the stock lasts, 12 in the endgame; 12 cards are dealt
#: each, :data:`HAND`); the endgame's play rule: follow suit, beat only when trump is led, trump when
#: void (seed 000); meld needs no trick (it is declared after a trick won); equal totals over the
#: target play another hand.
TWO_HANDED_RULES = replace(
    TABLE, name="two-handed", players=2, hand_size=24, must_beat="trump_led", must_trump=True,
    first_lead="left_of_dealer", meld_needs_trick=False, target=1000, tie_goes_to_declarer=False,
    description="two-handed: two players, a stock, one meld after each trick won, the dix; tens, game 1000 "
                "(seeds 000, 002)",
)

_RUN = (5, 4, 3, 2, 1)  # A T K Q J
_QS = Card.parse("QS")
_JD = Card.parse("JD")


def stock_deal(seed: int | str, hand_no: int, rules: RuleSet) -> tuple[int, int, int, int]:
    """The two hands of deal ``hand_no``: the deck shuffled by ``Random(f"{seed}/{hand_no}")``,
    12 cards to N and 12 to S; E and W are empty places, the rest is the stock (seed 000).

    Dealing in packets of three or four gives each player the same chances as
    this cut of a uniform shuffle, so the packets are not simulated (as the
    other games, docs/design.md, "The deal").

    >>> from pinochle.cards import size
    >>> [size(h) for h in stock_deal(1, 0, TWO_HANDED_RULES)]
    [12, 0, 12, 0]
    """
    cards = DECKS[rules.deck].cards()
    random.Random(f"{seed}/{hand_no}").shuffle(cards)
    return pack(cards[:HAND]), 0, pack(cards[HAND:2 * HAND]), 0


def _stock_order(state: State) -> list[Card]:
    """The 24 cards after the deal, the top first: the shuffle's own order when the hands are the
    shuffle's, else the remaining cards in an order drawn from ``Random(f"{seed}/{hand}/stock")``."""
    cards = DECKS[state.rules.deck].cards()
    random.Random(f"{state.seed}/{state.hand_no}").shuffle(cards)
    if (pack(cards[:HAND]), pack(cards[HAND:2 * HAND])) == (state.hands[0], state.hands[2]):
        return cards[2 * HAND:]
    rest = DECKS[state.rules.deck].cards()
    for h in (state.hands[0], state.hands[2]):
        for c in unpack(h):
            rest.remove(c)
    random.Random(f"{state.seed}/{state.hand_no}/stock").shuffle(rest)
    return rest


def _other(seat: int) -> Seat:
    return TWO_FACING.left(seat)


def _sp(state: State) -> StockPlay:
    assert state.stock is not None, "not a two-handed state"
    return state.stock


def _with_meld(state: State, seat: Seat, item: MeldItem, sp: StockPlay) -> State:
    """``item`` scored for ``seat``: added to its running meld and to the declared list."""
    old = state.melds[seat]
    items = (*(old.items if old is not None else ()), item)
    melds = list(state.melds)
    melds[seat] = Meld(items, sum(i.points for i in items), tuple(c for i in items for c in i.cards))
    after = sum(1 for t in state.tricks if t.winner is not None)
    sp = replace(sp, declared=(*sp.declared, Declared(seat, item, after)))
    return replace(state, melds=tuple(melds), parts=state.parts.set(sp))


# ---------------------------------------------------------------- the melds one may declare


def _shapes(trump: int, rules: RuleSet) -> list[tuple[Card, ...]]:
    """Every single meld's cards that may be declared at once (RULES.md, Meld; seed 002's table):
    a run or double run of trump, a marriage in each suit, a pinochle or double pinochle, and each
    rank's arounds single or double. The dix is scored apart (:class:`MeldTurn`)."""
    out: list[tuple[Card, ...]] = []
    for c in range(1, len(rules.run) + 1):
        out.append(tuple(CARDS[trump * 6 + r] for r in _RUN for _ in range(c)))
    for s in range(4):
        out.append((CARDS[s * 6 + 3], CARDS[s * 6 + 2]))
    for c in range(1, len(rules.pinochle) + 1):
        out.append((_QS,) * c + (_JD,) * c)
    for letter, row in rules.arounds:
        rank = "9JQKTA".index(letter)
        for c in range(1, len(row) + 1):
            out.append(tuple(CARDS[s * 6 + rank] for s in range(4) for _ in range(c)))
    return out


def single_meld(cards: Sequence[int], trump: int, rules: RuleSet) -> MeldItem | None:
    """The one meld that exactly ``cards`` make, scored by :func:`pinochle.meld.meld` (the one
    definition of meld), or ``None`` when they are no single meld (or only the dix).

    >>> from pinochle.cards import parse_cards
    >>> single_meld(parse_cards("KS QS"), 0, TWO_HANDED_RULES).name
    'royal marriage'
    >>> single_meld(parse_cards("KS QH"), 0, TWO_HANDED_RULES) is None
    True
    """
    if not cards:
        return None
    m = meld(pack(cards), trump, rules)
    if len(m.items) != 1 or m.items[0].kind == "dix" or sorted(m.items[0].cards) != sorted(cards):
        return None
    return m.items[0]


def grows(name: str, kind: str, rules: RuleSet) -> bool:
    """Whether a meld called ``name`` of ``kind`` may take table cards that have already served a
    meld of its own kind: under the house rule ``double_pinochle_later`` (Hoyle's two-hand rules), the
    double pinochle, which grows from a pinochle on the table. Off (seed 000: "A card used in a meld
    can be reused in another meld, but not for the same type of meld"), no meld does.

    Hoyle: "A card already melded may be melded again so long as it is in a different class, or in a
    higher-scoring meld of the same class"; the pinochle (40) and the double pinochle (300) are one
    class. The switch takes that reading for the pinochle only (docs/games/two-handed.md). A card
    that served the double pinochle never serves a second one: it would need a third Q♠ or J♦ from
    the hand, and the deck has two.

    >>> grows("double pinochle", "pinochle", TWO_HANDED_RULES)
    False
    >>> on = replace(TWO_HANDED_RULES, double_pinochle_later=True)
    >>> grows("double pinochle", "pinochle", on), grows("pinochle", "pinochle", on), grows("double run", "run", on)
    (True, False, False)
    """
    if not rules.double_pinochle_later or kind != "pinochle":
        return False
    return any(name == n for entry in rules.pinochle[1:] for n, _ in entry)


def _may_serve(t: TableCard, item: MeldItem, rules: RuleSet) -> bool:
    """Whether the table card ``t`` may serve ``item``: a meld of a kind it has not served, or one that
    :func:`grows` from its kind."""
    return not t.served(item.kind) or grows(item.name, item.kind, rules)


def _sources(hand: int, table: Sequence[TableCard], item: MeldItem,
             rules: RuleSet) -> tuple[list[Card], list[int]] | None:
    """Where the cards of ``item`` come from: (cards from the hand, indexes of table cards), or
    ``None`` when the hand and the table cannot make it under the rules of seed 000 (and the house
    rule ``double_pinochle_later``, :func:`grows`).

    A stated choice (docs/games/two-handed.md): a card on the table that may serve this kind is
    used first (it keeps the hand hidden), and one card comes from the hand when the table alone
    could make the meld (seed 000: "At least one card from the player's hand must be used").
    """
    need: dict[int, int] = {}
    for card in item.cards:
        need[card] = need.get(card, 0) + 1
    from_hand: list[Card] = []
    from_table: list[int] = []
    for c, n in need.items():
        free = [i for i, t in enumerate(table) if t.card == c and _may_serve(t, item, rules)]
        use = free[:n]
        held = count(hand, c)
        if len(use) + held < n:
            return None
        from_table.extend(use)
        from_hand.extend([CARDS[c]] * (n - len(use)))
    if not from_hand:
        for c in need:
            if count(hand, c):
                i = next(i for i in from_table if table[i].card == c)
                from_table.remove(i)
                from_hand.append(CARDS[c])
                break
        else:
            return None
    return from_hand, from_table


def declarable(hand: int, table: Sequence[TableCard], trump: int, rules: RuleSet) -> tuple[MeldItem, ...]:
    """The single melds a player could declare next from ``hand`` and its cards on ``table``
    (VARIANTS.md ``two-handed``): at least one card from the hand, and no table card in a meld of
    a kind it has already served. Each item carries its name, kind, points and cards.

    >>> from pinochle.cards import parse_cards
    >>> table = (TableCard(Card.parse("KS"), ("marriage",)), TableCard(Card.parse("QS"), ("marriage",)))
    >>> [(m.name, m.points) for m in declarable(pack(parse_cards("QS KH KD KC")), table, 1, TWO_HANDED_RULES)]
    [('kings around', 80)]
    """
    out: list[MeldItem] = []
    for shape in _shapes(trump, rules):
        item = single_meld(shape, trump, rules)
        if item is not None and _sources(hand, table, item, rules) is not None:
            out.append(item)
    return tuple(out)


def why_not_meld(hand: int, table: Sequence[TableCard], trump: int, rules: RuleSet,
                 cards: Sequence[int]) -> str | None:
    """Why ``cards`` may not be declared as one meld now, in a player's words, or ``None`` if they may.

    The reasons: the cards are no single meld; a card is neither in the hand nor
    on the table; every card lies on the table already; a table card has
    already served this kind of meld (seed 000), which for a double pinochle on
    a pinochle names the house rule that allows it (``double_pinochle_later``).
    """
    labels = " ".join(CARDS[c].label for c in cards)
    item = single_meld(cards, trump, rules)
    if item is None:
        return f"{labels or 'no cards'} is not one meld: declare one meld at a time, such as K♠ Q♠"
    mine = pack(t.card for t in table) if table else 0
    for c in set(cards):
        if count(hand, c) + count(mine, c) < list(cards).count(c):
            return f"you have no {CARDS[c].label} to meld, in your hand or on the table"
    if _sources(hand, table, item, rules) is not None:
        return None
    if all(count(hand, c) == 0 for c in cards):
        return f"a meld needs at least one card from your hand: {labels} all lie on the table"
    used = next(CARDS[c] for c in cards if any(t.card == c and not _may_serve(t, item, rules) for t in table))
    why = (f"the {used.label} on the table has already served a meld of this kind ({item.kind}): a card may be "
           f"used again only in a meld of another kind")
    if not rules.double_pinochle_later and grows(item.name, item.kind, replace(rules, double_pinochle_later=True)):
        why += (f", so a pinochle on the table does not grow into a {item.name} (the house rule "
                f"double_pinochle_later=true allows it, as Hoyle does)")
    return why


def _dix_possible(state: State, seat: Seat) -> bool:
    """The winner holds a 9 of trump in hand and has not scored a dix this turn (seed 000)."""
    sp = _sp(state)
    assert state.trump is not None
    return not sp.dixed and count(state.hands[seat], state.trump * 6 + NINE) > 0


# ---------------------------------------------------------------- the phases


class TurnUp(PhaseDef):
    """The card after the deal is turned up for trump and laid under the stock (seed 000: "the dealer
    reveals the top card from the stockpile; this faceup card determines the trump suit. This card is
    then partially revealed at the stock's base. If it's a 9, the dealer instantly earns 10 points").

    Nobody moves: the phase is over on entry. Its :meth:`public` shows the stock, the upcard and the
    table in every phase of the hand (never the stock's order).
    """

    name = "turn_up"
    text = "the trump card is turned up"

    def enter(self, state: State) -> State:
        rest = _stock_order(state)
        up = rest[0]
        sp = StockPlay(stock=tuple(rest[1:]), upcard=up, dealt=tuple(rest))
        state = replace(turned_up(state, up).with_parts(sp), melds=(None, None, None, None))
        if up.rank == NINE:
            state = _with_meld(state, state.dealer, MeldItem("dix turned", "dix", state.rules.dix, (up,)), sp)
        return state.game.advance(state)

    def public(self, state: State) -> tuple[object, ...]:
        """The card turned up (:func:`~pinochle.games.phases.turned_seen`), the stock and the table
        (:class:`~pinochle.stock.StockSeen`) and the contract, its trump the upcard's suit and no declarer or
        bid (the state's :class:`~pinochle.parts.Contract`), to every seat alike."""
        turned, contract = turned_seen(state), state.parts.get(Contract)
        sp = state.stock
        if sp is None:
            return turned, contract
        return (StockSeen(sp.left(), sp.upcard, TWO_FACING.seats, sp.table, sp.declared, sp.endgame, sp.exchanged),
                turned, contract)


def _trick_turn(state: State) -> Seat:
    """Who plays next: the second player of a trick in progress, else the last trick's winner, else
    the non-dealer (seed 000: "After the nondealer makes the first move"; "The winner of a trick
    leads the next one")."""
    trick = current_trick(state)
    if trick is not None:
        return _other(trick.seats[-1])
    if state.tricks:
        last = state.tricks[-1].winner
        assert last is not None
        return last
    return _other(state.dealer)


def _add_to_trick(state: State, seat: Seat, card: Card) -> tuple[tuple[Trick, ...], bool]:
    """The tricks with ``card`` played by ``seat``, and whether that completed the trick (seed 000:
    "The highest card wins the trick unless a trump card is played. If identical cards are played,
    the first one played takes the trick")."""
    assert state.trump is not None
    trick = current_trick(state)
    if trick is None:
        return (*state.tricks, Trick(seat, (card,), seats=(seat,))), False
    cards = (*trick.cards, card)
    seats = (*trick.seats, seat)
    winner = seats[winner_index(cards, state.trump)]
    return (*state.tricks[:-1], Trick(trick.leader, cards, winner, seats)), True


class StockTricks(PhaseDef):
    """A trick while the stock lasts (seed 000: "Until the stock is exhausted, players aren't required
    to follow suit"; melded cards "can be played at any point during the game in place of a card from
    your hand"). A card held both in the hand and on the table is played from the table, the copy that
    has served the most melds first (a stated choice: the hand's copy can still serve any meld).
    """

    name = "stock_play"
    actions = ("play",)
    text = "a trick is being played while the stock lasts"
    decision = "card"

    def turn(self, state: State) -> Seat | None:
        return _trick_turn(state)

    def legal(self, state: State, seat: Seat) -> Legal:
        sp = _sp(state)
        held = {*unpack(state.hands[seat]), *(t.card for t in sp.table[seat])}
        cards = tuple(sorted(held, key=lambda c: (c // 6, -c)))
        return Legal(cards=cards)

    def apply(self, state: State, action: Action) -> State:
        assert isinstance(action, PlayAction)
        seat, card = action.seat, action.card
        sp = _sp(state)
        mine = sp.table[seat]
        on_table = [i for i, t in enumerate(mine) if t.card == card]
        hands = list(state.hands)
        table = list(sp.table)
        if on_table:
            i = max(on_table, key=lambda j: len(mine[j].kinds))
            table[seat] = (*mine[:i], *mine[i + 1:])
        elif count(state.hands[seat], card):
            hands[seat] = remove(state.hands[seat], card)
        else:
            raise IllegalAction(f"you have no {card.label} in your hand or on the table")
        tricks, done = _add_to_trick(state, seat, card)
        state = replace(state, hands=(hands[0], hands[1], hands[2], hands[3]), tricks=tricks,
                        parts=state.parts.set(replace(sp, table=tuple(table), melded=False, dixed=False, drawn=())))
        return state.game.advance(state) if done else state


class MeldTurn(PhaseDef):
    """The trick's winner may meld before drawing (seed 000: "Melds can only be declared one at a time
    during a player's turn, provided they've won a trick but haven't drawn from the stock yet. The
    exception is the 9 of trumps, which can be scored independently. At least one card from the
    player's hand must be used"; "A card used in a meld can be reused in another meld, but not for the
    same type of meld"; the house rule ``double_pinochle_later``, Hoyle's reading: a pinochle on the
    table grows into a double pinochle, :func:`grows`).

    Moves: ``meld`` with the meld's cards (one per turn), ``dix`` (the 9 of trump, besides it: the first
    dix is exchanged for the upcard, seed 000: "The first player to receive the Dix ... swaps it with the
    upcard at the stock's base. The player holding the second 9 of trumps simply reveals it"), and
    ``pass`` (declare nothing more). The phase is skipped when nothing can be declared.
    """

    name = "stock_meld"
    actions = ("meld", "dix", "pass")
    text = "the trick's winner may meld before drawing"
    decision = "meld"

    def _open(self, state: State, seat: Seat) -> tuple[tuple[MeldItem, ...], bool]:
        sp = _sp(state)
        assert state.trump is not None
        melds = () if sp.melded else declarable(state.hands[seat], sp.table[seat], state.trump, state.rules)
        return melds, _dix_possible(state, seat)

    def enter(self, state: State) -> State:
        melds, dix = self._open(state, self.winner(state))
        return state if melds or dix else state.game.advance(state)

    @staticmethod
    def winner(state: State) -> Seat:
        """The last trick's winner: the only player who may meld now."""
        w = state.tricks[-1].winner
        assert w is not None
        return w

    def turn(self, state: State) -> Seat | None:
        return self.winner(state)

    def legal(self, state: State, seat: Seat) -> Legal:
        melds, dix = self._open(state, seat)
        # the dix scores the rule set's dix (seed 000; docs/games/two-handed.md rule 6: 10), exchanged or shown
        return Legal(pass_=True, parts=Parts(Dix(True, state.rules.dix) if dix else NO_DIX, StockMoves(melds)))

    def apply(self, state: State, action: Action) -> State:
        seat = action.seat
        sp = _sp(state)
        assert state.trump is not None
        if action.type == "pass":
            return state.game.advance(state)
        if action.type == "dix":
            if sp.dixed:
                raise IllegalAction("you have scored a dix this turn already")
            nine = CARDS[state.trump * 6 + NINE]
            if not count(state.hands[seat], nine):
                raise IllegalAction(f"you hold no {nine.label} (the dix) in your hand")
            hands = list(state.hands)
            hands[seat] = remove(hands[seat], nine)
            table = list(sp.table)
            up = sp.upcard
            if not sp.exchanged and up is not None and up.rank != NINE:
                hands[seat] = add(hands[seat], up)  # the exchange: the turned card for the dix
                sp = replace(sp, upcard=nine, exchanged=True, dixed=True)
            else:
                table[seat] = (*table[seat], TableCard(nine, ("dix",)))  # the second dix: shown
                sp = replace(sp, table=tuple(table), dixed=True)
            state = replace(state, hands=(hands[0], hands[1], hands[2], hands[3]))
            state = _with_meld(state, seat, MeldItem("dix", "dix", state.rules.dix, (nine,)), sp)
        else:
            if not isinstance(action, CardsAction) or not action.cards:
                raise IllegalAction("declare a meld with its cards, such as {\"type\": \"meld\", \"cards\": [\"KS\", "
                                    "\"QS\"]}")
            if sp.melded:
                raise IllegalAction("you have declared your one meld this turn: score the dix or pass")
            assert state.trump is not None
            trump: int = state.trump
            reason = why_not_meld(state.hands[seat], sp.table[seat], trump, state.rules, action.cards)
            if reason is not None:
                raise IllegalAction(reason)
            item = single_meld(action.cards, trump, state.rules)
            assert item is not None
            got = _sources(state.hands[seat], sp.table[seat], item, state.rules)
            assert got is not None
            from_hand, from_table = got
            hand = state.hands[seat]
            for c in from_hand:
                hand = remove(hand, c)
            # a card lists each kind it served once (a pinochle's card in the double pinochle it grew into)
            mine = [replace(t, kinds=(*t.kinds, item.kind)) if i in from_table and not t.served(item.kind) else t
                    for i, t in enumerate(sp.table[seat])]
            mine.extend(TableCard(c, (item.kind,)) for c in from_hand)
            table = list(sp.table)
            table[seat] = tuple(mine)
            hands = list(state.hands)
            hands[seat] = hand
            sp = replace(sp, table=tuple(table), melded=True)
            state = _with_meld(replace(state, hands=(hands[0], hands[1], hands[2], hands[3])), seat, item, sp)
        melds, dix = self._open(state, seat)
        return state if melds or dix else state.game.advance(state)


class Draw(PhaseDef):
    """Both draw from the stock after each trick (seed 000: "Following each trick, both players draw a
    card from the stock, with the dealer drawing last"; the rule set's ``draw_first`` switch
    ``"winner"``: the trick's winner first, a common house rule). When one face-down card is left, the
    winner takes it and the loser takes the upcard (seed 000: "When only the upcard and one stock card
    remain, the winner of the previous trick takes the stock card, while the loser takes the upcard").
    Then the melds go back to the hands and the endgame starts (seed 000: "Players return all melded
    cards to their hands").

    A draw has no choice: drivers make it with :meth:`automatic`.
    """

    name = "draw"
    actions = ("draw",)
    text = "both players draw from the stock"
    decision = None

    def order(self, state: State) -> tuple[Seat, Seat]:
        """Who draws first and second after the last trick."""
        sp = _sp(state)
        winner = state.tricks[-1].winner
        assert winner is not None
        if len(sp.stock) == 1 or state.rules.draw_first == "winner":
            return winner, _other(winner)
        first = _other(state.dealer)
        return first, state.dealer

    def turn(self, state: State) -> Seat | None:
        sp = _sp(state)
        first, second = self.order(state)
        return second if first in sp.drawn else first

    def legal(self, state: State, seat: Seat) -> Legal:
        return Legal(parts=Parts(StockMoves(draw=True)))

    def automatic(self, state: State) -> Action | None:
        who = self.turn(state)
        return None if who is None else Action.draw_(who)

    def apply(self, state: State, action: Action) -> State:
        sp = _sp(state)
        seat = action.seat
        if sp.stock:
            card, sp = sp.stock[0], replace(sp, stock=sp.stock[1:])
        else:
            assert sp.upcard is not None
            card, sp = sp.upcard, replace(sp, upcard=None)
        hands = list(state.hands)
        hands[seat] = add(hands[seat], card)
        sp = replace(sp, drawn=(*sp.drawn, seat))
        if len(sp.drawn) < 2:
            return replace(state, hands=(hands[0], hands[1], hands[2], hands[3]), parts=state.parts.set(sp))
        if sp.left():
            return replace(state, hands=(hands[0], hands[1], hands[2], hands[3]), parts=state.parts.set(sp),
                           phase="stock_play")
        for s in TWO_FACING.seats:  # the melds return to the hands
            for t in sp.table[s]:
                hands[s] = add(hands[s], t.card)
        sp = replace(sp, table=((), (), (), ()), endgame=True)
        return state.game.advance(replace(state, hands=(hands[0], hands[1], hands[2], hands[3]),
                                          parts=state.parts.set(sp)))


# ---------------------------------------------------------------- scoring


def stock_score(state: State) -> tuple[HandScore, Won | None]:
    """A two-handed hand scored (VARIANTS.md ``two-handed``; docs/games/two-handed.md): each player adds
    the meld declared in the hand (the turned nine included) and the counters of the tricks taken, A T K
    10 each and 10 for the last of the 24 tricks (RULES.md, Scoring a hand). The match ends after the
    hand in which a player reaches the target (1000); if both do, the higher total wins, and equal totals
    play another hand (seed 000: "one or both participants achieve or exceed 1,000 points, with the
    player holding the highest total declared the victor").

    Returns:
        ``(HandScore, won)``: the winner, the side index (0 N, 1 S), with why it won in a player's
        words (:func:`~pinochle.scoring.reached_alone`, :func:`~pinochle.scoring.reached_both`, the
        rule set's target), or ``None`` to play on.
    """
    tricks, pts = taken(state)
    meld_pts = side_meld(state)
    score = tuple(m + p for m, p in zip(meld_pts, pts))
    last = last_trick_bonus(state)
    rule = "VARIANTS.md two-handed (seed 000)"
    parts = tuple(earned_parts(m, m, p, x, rule) for m, p, x in zip(meld_pts, pts, last))
    hs = HandScore(-1, 0, meld_pts, meld_pts, tricks, pts, True, score, names=TWO_FACING.side_names, parts=parts)
    totals = tuple(t + d for t, d in zip(state.totals, score))
    target = state.rules.target
    won: Won | None = None
    if max(totals) >= target and totals[0] != totals[1]:
        both = min(totals) >= target
        won = Won(0 if totals[0] > totals[1] else 1,
                  reached_both(target, "players") if both else reached_alone(target, "player"))
    return hs, won


# ---------------------------------------------------------------- helpers for tests and records


def cards_everywhere(state: State) -> list[int]:
    """How many copies of each card type are in the hands, on the table, in the stock, the upcard
    and the tricks (24 counts; the deck's copies in every reachable state)."""
    sp = _sp(state)
    counts = [0] * 24
    for h in state.hands:
        for c in unpack(h):
            counts[c] += 1
    for t in state.tricks:
        for c in t.cards:
            counts[c] += 1
    for s in sp.table:
        for tc in s:
            counts[tc.card] += 1
    for c in sp.stock:
        counts[c] += 1
    if sp.upcard is not None:
        counts[sp.upcard] += 1
    return counts


def set_deal(state: State, north: Sequence[int], south: Sequence[int], stock: Sequence[int]) -> State:
    """``state``'s current hand dealt again as given: N's and S's 12 cards and the 24 cards left,
    ``stock[0]`` the card turned up (then laid under the stock) and ``stock[1]`` the first drawn.
    ``state`` must be at the start of a hand (no trick played).

    Raises:
        IllegalAction: hands that are not 12 cards, cards that are not exactly the deck,
            or a hand already under way.
    """
    hands = [list(north), list(south), list(stock)]
    for name, cards, n in (("N", hands[0], HAND), ("S", hands[1], HAND), ("the stock", hands[2], 2 * HAND)):
        if len(cards) != n:
            raise IllegalAction(f"{name} has {len(cards)} cards; the deal gives {n}")
    counts = [0] * 24
    for c in (*hands[0], *hands[1], *hands[2]):
        counts[c] += 1
    for t, n in enumerate(counts):
        if n != 2:
            raise IllegalAction(f"the deal has {n} {CARDS[t].label}; the deck has exactly two")
    if state.tricks or state.phase != "stock_play":
        raise IllegalAction("a deal is set only at the start of a hand")
    dealt = (pack(north), 0, pack(south), 0)
    up = CARDS[stock[0]]
    sp = StockPlay(stock=tuple(CARDS[c] for c in stock[1:]), upcard=up, dealt=tuple(CARDS[c] for c in stock))
    state = replace(turned_up(state, up).with_parts(sp), hands=dealt, dealt=dealt, phase="turn_up",
                    melds=(None, None, None, None))
    if up.rank == NINE:
        state = _with_meld(state, state.dealer, MeldItem("dix turned", "dix", state.rules.dix, (up,)), sp)
    return state.game.advance(state)


def deal_two(seed: int | str, north: Sequence[int], south: Sequence[int], stock: Sequence[int],
             dealer: int = 0, rules: RuleSet | None = None) -> State:
    """A two-handed match whose first hand is the given deal (see :func:`set_deal`), dealt by ``dealer``.

    Raises:
        IllegalAction: a bad deal (see :func:`set_deal`), or a dealer who is not N or S.
    """
    if dealer not in TWO_FACING.seats:
        raise IllegalAction(f"{Seat(dealer)} has no seat in the two-handed game: the seats are N, S")
    return set_deal(new_match(seed, rules=rules, first_dealer=dealer, game="two-handed"), north, south, stock)


__all__ = ["Draw", "MeldTurn", "StockTricks", "TWO_FACING", "TWO_HANDED_RULES", "TurnUp", "cards_everywhere",
           "declarable", "deal_two", "grows", "set_deal", "single_meld", "stock_deal", "stock_score", "why_not_meld"]
