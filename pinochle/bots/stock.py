"""Computer players for two-handed Pinochle (VARIANTS.md ``two-handed``; seeds 000, 002;
docs/games/two-handed.md): the stock, one meld after each trick won, the dix, the endgame.

The game names this family (``Game.strategy == "stock"``): every level's
:meth:`~pinochle.bots.base.TablePlayer.act` hands its view to :func:`stock_action`, which
plays the choices of the player's level (:attr:`~pinochle.bots.base.TablePlayer.level`):

* **Easy** (:class:`~pinochle.bots.SimplePlayer`). While the stock lasts it wins a trick
  with its cheapest winning card when a meld is waiting (or a counter is led), else it
  throws its lowest card that is in no meld. After a trick won it declares its biggest
  meld and scores the dix. In the endgame it cashes an ace or leads low, and wins as
  cheaply as it can.
* **Normal** (:class:`~pinochle.bots.NormalPlayer`). It values every card it holds (in
  the hand or on the table) by what the card adds to the melds it could still make
  (runs, marriages, pinochles, arounds, each weighted by how near complete it is) and
  by its strength for the endgame. Following a lead it weighs winning (the counters of
  the trick, the best meld it could then declare, the opponent kept from melding)
  against the value of the card it gives up; on lead it weighs the chance that the
  opponent holds a card that beats the lead (counted from the unseen cards). It melds
  its biggest meld first, except a royal marriage before the run it grows into while
  the stock is long, and always scores the dix (the first takes the upcard). In the
  endgame every card is known, and it plays the exact best line (:func:`endgame_values`).
* **Hard** (:class:`~pinochle.bots.HardPlayer`). While the stock lasts it deals the
  unseen cards (the other hand and the stock) at random many times, consistently with
  everything shown (:func:`sample_unseen`: cards played, both tables, the upcard, the
  turned card the opponent took in a dix exchange), and plays each of Normal's best
  candidate cards out to the end of the hand with fast Normal-like rollouts in every
  sample; it keeps the card with the best mean score margin. Melds and the endgame are
  Normal's (the endgame search is exact).

All choices are reproducible from the player's seed and the view.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..cards import ABOVE, CARDS, DECKS, SUIT_MASK, Card, Seat, add, count, pack, remove, unpack
from ..game import Action, PlayAction, View
from ..games.two_handed import declarable, grows
from ..meld import NINE, MeldItem
from ..rules import RuleSet
from ..stock import StockSeen
from ..tricks import beats, legal_function
from .knowledge import NO_CAP, Knowledge, StockKnown, TableCards, sample_hands, trick_in_progress
from .pimc import deals_of, sampled_values

JACK, QUEEN, KING, TEN, ACE = 1, 2, 3, 4, 5


# ---------------------------------------------------------------- what the view shows


def _table_of(st: StockSeen, seat: int) -> list[tuple[int, tuple[str, ...]]]:
    """The melded cards on ``seat``'s table in a two-handed view's stock part, as ``(card, meld kinds served)``."""
    return [(int(t.card), t.kinds) for t in st.table[seat]]


def stock_knowledge(view: View) -> Knowledge:
    """What the seat of a two-handed view knows (trump named), as the one model of every game's
    players (:class:`~pinochle.bots.knowledge.Knowledge` with its stock part,
    :class:`~pinochle.bots.knowledge.StockKnown`; docs/games/two-handed.md, The view).

    Each seat holds its hand and its melded cards on the table; the stock, the upcard last, is
    dealt to the empty place E. The cards known in the opponent's hand are its table and, after
    a dix exchange by the opponent (the first dix scored while the upcard was not a nine, seed
    000), the turned card, unless it has since played a copy of it or laid one on the table. No
    voids or caps: while the stock lasts any card may be played, and in the endgame every card
    is known.
    """
    assert view.stock.seats and view.trump is not None
    st = view.stock
    me = int(view.seat)
    opp = 2 - me
    table = _table_of(st, me)
    opp_table = _table_of(st, opp)
    upcard = None if st.upcard is None else int(st.upcard)
    played = [0, 0, 0, 0]
    for t in view.tricks:
        for card, who in zip(t.cards, t.seats):
            played[int(who)] = add(played[int(who)], card)
    unseen = [2] * 24  # the cards in the opponent's hand or the face-down stock
    for c in (*(int(x) for x in view.hand), *(c for c, _ in table), *(c for c, _ in opp_table),
              *(int(x) for x in unpack(played[me])), *(int(x) for x in unpack(played[opp]))):
        unseen[c] -= 1
    if upcard is not None:
        unseen[upcard] -= 1
    turned_known: list[int] = []
    turned = view.turned
    if st.exchanged and turned is not None and turned.rank != NINE:
        first = next((d for d in st.declared if d.item.name == "dix"), None)
        if first is not None and first.seat == opp:
            after = first.after
            gone = any(c == turned for t in view.tricks[after:] for c, s in zip(t.cards, t.seats) if s == opp)
            gone = gone or any(c == turned for c, _ in opp_table)
            if not gone and unseen[turned] > 0:
                turned_known.append(int(turned))
    stock_left = st.left
    pile = next(s for s in range(4) if s not in view.seating.seats)  # E: the stock's place
    mine = pack([*view.hand, *(c for c, _ in table)])
    theirs = pack(c for c, _ in opp_table)
    unknown = list(unseen)  # the deck less my cards and the cards played: the opponent's table still in it
    for t_card, _ in opp_table:
        unknown[t_card] += 1
    if upcard is not None:
        unknown[upcard] += 1
    known = [0, 0, 0, 0]
    known[me] = mine
    known[opp] = pack([*(c for c, _ in opp_table), *turned_known])
    known[pile] = 0 if upcard is None else pack([upcard])
    counts = [0, 0, 0, 0]
    counts[me] = view.hand_sizes[me] + len(table)
    counts[opp] = view.hand_sizes[opp] + len(opp_table)
    counts[pile] = stock_left
    on_table: list[TableCards] = [(), (), (), ()]
    on_table[me], on_table[opp] = tuple(table), tuple(opp_table)
    meld_held = [0, 0, 0, 0]
    meld_held[opp] = theirs
    no_cap = (NO_CAP, NO_CAP, NO_CAP, NO_CAP)
    no_meld: tuple[int | None, int | None, int | None, int | None] = (None, None, None, None)
    return Knowledge(
        seat=Seat(me), trump=view.trump, rules=view.rules_set(),
        unseen=pack(c for c in range(24) for _ in range(unknown[c])),
        known=(known[0], known[1], known[2], known[3]),
        counts=(counts[0], counts[1], counts[2], counts[3]),
        voids=(0, 0, 0, 0), caps=(no_cap, no_cap, no_cap, no_cap),
        played=(played[0], played[1], played[2], played[3]),
        shown=no_meld, meld_totals=no_meld, meld_excluded=(0, 0, 0, 0),
        meld_held=(meld_held[0], meld_held[1], meld_held[2], meld_held[3]),
        trick=trick_in_progress(view),
        stock=StockKnown(
            tables=(on_table[0], on_table[1], on_table[2], on_table[3]), stock_left=stock_left, upcard=upcard,
            endgame=st.endgame, exchanged=st.exchanged, dealer=int(view.dealer)),
    )


def _part(k: Knowledge) -> StockKnown:
    """The stock part of a two-handed seat's knowledge."""
    assert k.stock is not None
    return k.stock


def _trump(k: Knowledge) -> int:
    """The trump suit (named before the first trick in two-handed: the turned card)."""
    assert k.trump is not None
    return int(k.trump)


def _counts_of(hand: int) -> list[int]:
    """Copies (0-2) of each of the 24 card types in a packed hand."""
    return [count(hand, c) for c in range(24)]


def _opp(k: Knowledge) -> int:
    """The opponent's place (N and S face each other)."""
    return 2 - k.seat


def _table(k: Knowledge) -> list[tuple[int, tuple[str, ...]]]:
    """The seat's own melded cards on the table, as ``(card, meld kinds served)``."""
    return list(_part(k).tables[k.seat])


def _in_hand(k: Knowledge) -> list[int]:
    """24 counts: the seat's cards in its hand (its table cards not counted)."""
    out = _counts_of(k.known[k.seat])
    for c, _ in _part(k).tables[k.seat]:
        out[c] -= 1
    return out


def _opp_known(k: Knowledge) -> list[int]:
    """Cards known in the opponent's hand beyond its table (the turned card it took for the dix)."""
    opp = _opp(k)
    out = _counts_of(k.known[opp])
    for c, _ in _part(k).tables[opp]:
        out[c] -= 1
    return [c for c in range(24) for _ in range(out[c])]


def _opp_size(k: Knowledge) -> int:
    """Cards in the opponent's hand (its table not counted)."""
    opp = _opp(k)
    return k.counts[opp] - len(_part(k).tables[opp])


def _unseen(k: Knowledge) -> list[int]:
    """24 counts: the cards in no place the seat sees (the opponent's hand and the face-down stock)."""
    out = _counts_of(k.hidden())
    for c in _opp_known(k):
        out[c] += 1
    return out


# ---------------------------------------------------------------- melds


@dataclass(frozen=True)
class Shape:
    """One single meld that may be declared (a stated choice of docs/games/two-handed.md: a run, a
    marriage, a pinochle, an around, single or double), with its cards counted.

    ``blocked``: the meld kind that keeps a table card out of this meld (its own kind: seed 000), or
    ``None`` when a table card of any kind may serve it (the double pinochle under the house rule
    ``double_pinochle_later``, :func:`pinochle.games.two_handed.grows`)."""

    name: str
    kind: str
    points: int
    cards: tuple[Card, ...]
    need: tuple[tuple[int, int], ...]
    blocked: str | None = None


@functools.lru_cache(maxsize=32)
def shapes(trump: int, rules: RuleSet) -> tuple[Shape, ...]:
    """Every single meld of the game with ``trump`` (:func:`pinochle.games.two_handed.declarable` of a
    hand holding the whole deck), biggest first."""
    full = pack(DECKS[rules.deck].cards())
    out = []
    for item in declarable(full, (), trump, rules):
        need: dict[int, int] = {}
        for c in item.cards:
            need[int(c)] = need.get(int(c), 0) + 1
        blocked = None if grows(item.name, item.kind, rules) else item.kind
        out.append(Shape(item.name, item.kind, item.points, tuple(item.cards), tuple(sorted(need.items())), blocked))
    return tuple(sorted(out, key=lambda s: -s.points))


@functools.lru_cache(maxsize=32)
def _by_card(trump: int, rules: RuleSet) -> tuple[tuple[int, ...], ...]:
    """Card -> indexes of the shapes that hold it."""
    out: list[list[int]] = [[] for _ in range(24)]
    for i, s in enumerate(shapes(trump, rules)):
        for c, _ in s.need:
            out[c].append(i)
    return tuple(tuple(x) for x in out)


def can_declare(hand: Sequence[int], table: Sequence[tuple[int, tuple[str, ...]]], shape: Shape) -> bool:
    """Whether ``shape`` may be declared from ``hand`` (24 counts) and ``table`` (seed 000: at least one
    card from the hand; a table card only in a meld of a kind it has not served, :attr:`Shape.blocked`)."""
    from_hand = False
    for c, n in shape.need:
        free = 0
        for tc, kinds in table:
            if tc == c and shape.blocked not in kinds:
                free += 1
        if free + hand[c] < n:
            return False
        if hand[c]:
            from_hand = True
    return from_hand


def best_meld(hand: Sequence[int], table: Sequence[tuple[int, tuple[str, ...]]], trump: int,
              rules: RuleSet) -> Shape | None:
    """The biggest meld that could be declared now from ``hand`` (24 counts) and ``table``."""
    for s in shapes(trump, rules):
        if can_declare(hand, table, s):
            return s
    return None


def potential(hand: Sequence[int], table: Sequence[tuple[int, tuple[str, ...]]], trump: int, rules: RuleSet,
              only: Sequence[int] | None = None) -> float:
    """The melds these cards may still make, in points: each shape's points times the cube of the
    share of its cards at hand (a table card counts only for a kind it has not served); over the
    shapes ``only`` (indexes) when given."""
    sh = shapes(trump, rules)
    total = 0.0
    for i in (range(len(sh)) if only is None else only):
        s = sh[i]
        have = 0
        size = 0
        from_hand = False
        for c, n in s.need:
            free = hand[c]
            if free:
                from_hand = True
            for tc, kinds in table:
                if tc == c and s.blocked not in kinds:
                    free += 1
            have += min(free, n)
            size += n
        if have == size and not from_hand:
            continue
        f = have / size
        total += s.points * f * f * f
    return total


def take_card(hand: list[int], table: list[tuple[int, tuple[str, ...]]], card: int) -> None:
    """Remove ``card`` as the engine plays it: from the table first, the copy that served the most melds
    (docs/games/two-handed.md, Which copy is played), else from the hand."""
    on = [i for i, (c, _) in enumerate(table) if c == card]
    if on:
        i = max(on, key=lambda j: len(table[j][1]))
        del table[i]
    else:
        hand[card] -= 1


def strength(card: int, trump: int) -> float:
    """A card's worth for the endgame's tricks (points): trumps most, then aces, tens."""
    rank = card % 6
    if card // 6 == trump:
        return 6 + 2 * rank
    return (0, 0, 0, 1, 3, 8)[rank]


def keep_value(hand: list[int], table: list[tuple[int, tuple[str, ...]]], card: int, trump: int,
               rules: RuleSet) -> float:
    """What playing ``card`` costs in melds still to make and in endgame strength (points)."""
    only = _by_card(trump, rules)[card]
    before = potential(hand, table, trump, rules, only)
    h, t = list(hand), list(table)
    take_card(h, t, card)
    return before - potential(h, t, trump, rules, only) + strength(card, trump)


@functools.lru_cache(maxsize=32)
def _quick_shapes(trump: int, rules: RuleSet) -> tuple[tuple[tuple[int, int, int, tuple[tuple[int, int], ...]], ...], ...]:
    """Card -> per shape holding it: (its copies needed, the shape's size, points, the shape's needs)."""
    out: list[list[tuple[int, int, int, tuple[tuple[int, int], ...]]]] = [[] for _ in range(24)]
    for sh in shapes(trump, rules):
        size = sum(n for _, n in sh.need)
        for c, n in sh.need:
            out[c].append((n, size, sh.points, sh.need))
    return tuple(tuple(x) for x in out)


def quick_keep(hold: Sequence[int], card: int, trump: int, rules: RuleSet) -> float:
    """A fast :func:`keep_value` for rollouts: the cards held in the hand and on the table counted alike
    (24 counts ``hold``), whatever melds the table cards have served."""
    loss = 0.0
    for n, size, points, need in _quick_shapes(trump, rules)[card]:
        if hold[card] > n:
            continue
        have = 0
        for c, k in need:
            have += hold[c] if hold[c] < k else k
        loss += points * (have ** 3 - (have - 1) ** 3) / size ** 3
    return loss + strength(card, trump)


def _counter(card: int, rules: RuleSet) -> int:
    return rules.counters[card % 6]


# ---------------------------------------------------------------- the meld turn (every level)


def meld_action(view: View, normal: bool) -> Action:
    """The move after a trick won (seed 000): the biggest meld (Normal: while the stock is long, a
    royal marriage before the run that can follow it, and, under the house rule
    ``double_pinochle_later``, a pinochle before the double pinochle it can grow into when no
    pinochle lies on its table yet), then the dix, then nothing more."""
    legal = view.legal
    seat = view.seat
    if legal.melds:
        best = max(legal.melds, key=lambda m: (m.points, -len(m.cards)))
        if normal and view.stock.left >= 10:
            first: list[MeldItem] = []
            if best.kind == "run":
                first = [m for m in legal.melds if m.name == "royal marriage"]
            elif grows(best.name, best.kind, view.rules_set()):
                mine = _table_of(view.stock, seat)
                if not any(best.kind in kinds for _, kinds in mine):  # no pinochle laid yet to grow now
                    first = [m for m in legal.melds if m.kind == best.kind and m.points < best.points]
            if first:
                best = first[0]
        return Action.meld_(seat, best.cards)
    if legal.dix:
        return Action.dix_(seat)
    return Action.pass_(seat)


# ---------------------------------------------------------------- Easy


def _easy_card(k: Knowledge, cards: Sequence[Card]) -> Card:
    trump, rules = _trump(k), k.rules
    hand = _in_hand(k)
    table = _table(k)
    trick = k.trick
    endgame = _part(k).endgame
    in_meld: set[int] = set()
    for sh in shapes(trump, rules):
        if can_declare(hand, table, sh):
            in_meld.update(int(c) for c in sh.cards)

    def low(c: int) -> tuple[int, int, int, int]:
        return (c in in_meld, c // 6 == trump, c % 6, c // 6)

    if not trick:
        if endgame:
            aces = [c for c in cards if c % 6 == ACE]
            if aces:
                return min(aces, key=lambda c: (c // 6 == trump, c // 6))
        return min(cards, key=low)
    led = trick[0]
    winners = [c for c in cards if beats(c, led, trump)]
    if endgame:
        return min(winners or cards, key=low)
    if winners:
        w = min(winners, key=low)
        h = list(hand)
        t = list(table)
        take_card(h, t, w)
        if best_meld(h, t, trump, rules) is not None or (_counter(led, rules) and led % 6 >= TEN
                                                          and (w // 6 != trump or w % 6 <= QUEEN)):
            return w
    return min(cards, key=low)


def _counts(cards: Sequence[int]) -> list[int]:
    out = [0] * 24
    for c in cards:
        out[c] += 1
    return out


# ---------------------------------------------------------------- Normal

#: The meld the opponent may declare after a trick it wins (points): Normal's estimate.
OPP_MELD = 20.0
#: What a trick won is worth besides its counters and the meld it allows (the lead, a draw of hope).
WIN_BONUS = 4.0


def _beat_chance(kn: Knowledge, card: int) -> float:
    """The chance that the opponent holds a card that beats ``card`` (from the unseen cards)."""
    trump = _trump(kn)
    unseen = _unseen(kn)
    opp_size = _opp_size(kn)
    pool = sum(unseen)
    if pool <= 0 or opp_size <= 0:
        return 0.0
    k = 0
    for c in range(24):
        if unseen[c] and beats(c, card, trump):
            k += unseen[c]
    if any(beats(c, card, trump) for c in _opp_known(kn)):
        return 1.0
    miss = 1.0
    for i in range(opp_size):
        if pool - i <= 0:
            break
        miss *= max(0.0, (pool - k - i) / (pool - i))
    return 1.0 - miss


def _meld_after(k: Knowledge, hand: list[int], table: list[tuple[int, tuple[str, ...]]]) -> float:
    """The meld turn's worth with these cards: the biggest meld, and the dix (10) held."""
    trump = _trump(k)
    best = best_meld(hand, table, trump, k.rules)
    value = float(best.points) if best is not None else 0.0
    if hand[trump * 6 + NINE]:
        value += k.rules.dix
    return value


def normal_options(s: Knowledge, cards: Sequence[Card]) -> list[tuple[float, int]]:
    """Normal's value of each distinct legal card while the stock lasts, best first (points).

    Following: winning is worth the trick's counters, the meld turn it opens (the biggest meld
    then declarable and the dix held), the opponent kept from melding (:data:`OPP_MELD`) and
    :data:`WIN_BONUS`; losing gives the counters away. On lead the same, weighted by the chance
    that the opponent holds a card that beats the lead. Each card costs its :func:`keep_value`.
    """
    trump, rules = _trump(s), s.rules
    hand = _in_hand(s)
    table = _table(s)
    options = []
    for c in dict.fromkeys(int(x) for x in cards):
        k = keep_value(hand, table, c, trump, rules)
        h, t = list(hand), list(table)
        take_card(h, t, c)
        meld = _meld_after(s, h, t)
        ctr = _counter(c, rules)
        if s.trick:
            led = s.trick[0]
            pts = ctr + _counter(led, rules)
            if beats(c, led, trump):
                v = pts + meld + WIN_BONUS + OPP_MELD - k
            else:
                v = -pts - k
        else:
            p = _beat_chance(s, c)
            v = (1 - p) * (ctr + meld + WIN_BONUS + OPP_MELD) - p * ctr - k
        options.append((v, c))
    options.sort(key=lambda o: (-o[0], o[1]))
    return options


def _normal_stock_card(s: Knowledge, cards: Sequence[Card]) -> Card:
    return CARDS[normal_options(s, cards)[0][1]]


# ---------------------------------------------------------------- Hard: sampling and rollouts

#: Hard's sampled deals per decision and candidate cards (Normal's best) played out in each.
HARD_SAMPLES = 20
HARD_CANDIDATES = 3


def sample_unseen(s: Knowledge, rng: random.Random) -> tuple[list[int], list[int]] | None:
    """One deal of the unseen cards consistent with the view: the opponent's hand (its known cards
    included) and the face-down stock in order; ``None`` when the counts do not fit (never in play).

    The deal is every family's (:func:`~pinochle.bots.knowledge.sample_hands` over the seat's
    :class:`~pinochle.bots.knowledge.Knowledge`: the stock at its place, the upcard known there, the
    opponent's table and known cards in its hand), read as this family's: the opponent's hand less its
    table, and the stock's face-down cards in a random order (the upcard is drawn last, seed 000).
    Every card is one the seat has not seen: no card the view shows elsewhere (hands, tables, tricks,
    the upcard) is ever dealt.
    """
    try:
        hands = sample_hands(s, rng)
    except ValueError:
        return None
    part = _part(s)
    opp = _counts_of(hands[_opp(s)])
    for c, _ in part.tables[_opp(s)]:
        opp[c] -= 1
    stock = [int(c) for c in unpack(hands[_stock_place(s)])]
    if part.upcard is not None:
        stock.remove(int(part.upcard))
    rng.shuffle(stock)
    return [c for c in range(24) for _ in range(opp[c])], stock


def _stock_place(k: Knowledge) -> int:
    """The place the stock is dealt to in a seat's knowledge (the empty place: :func:`stock_knowledge`)."""
    return next(p for p in range(4) if p not in (k.seat, _opp(k)))


class StockResampler:
    """The two-handed family's resampler of the hidden cards (:class:`pinochle.bots.pimc.Resampler`):
    what a seat knows is its :class:`~pinochle.bots.knowledge.Knowledge` with the stock part
    (:func:`stock_knowledge`), dealt by every family's sampler, and a deal is the opponent's hand and
    the face-down stock in order (:func:`sample_unseen`)."""

    def infostate(self, view: View) -> Knowledge:
        """The :class:`~pinochle.bots.knowledge.Knowledge` of a two-handed view (:func:`stock_knowledge`)."""
        return stock_knowledge(view)

    def resample(self, info: Knowledge, rng: random.Random) -> tuple[list[int], list[int]] | None:
        """One deal of the unseen cards (:func:`sample_unseen`)."""
        return sample_unseen(info, rng)


#: The resampler Hard's stock play searches with (the one :data:`pinochle.bots.base.STRATEGIES` names).
RESAMPLER = StockResampler()


class _Sim:
    """A two-handed hand from a sampled deal, played fast to its end (the rules of
    :mod:`pinochle.games.two_handed`); player 0 is the deciding seat, 1 the opponent."""

    def __init__(self, s: Knowledge, hand: list[int], opp: list[int], stock: list[int], exchanged: bool) -> None:
        part = _part(s)
        self.trump, self.rules = _trump(s), s.rules
        self.hands = [list(hand), _counts(opp)]
        self.tables = [list(part.tables[s.seat]), list(part.tables[_opp(s)])]
        self.stock = stock
        self.upcard = part.upcard
        self.exchanged = exchanged
        self.dealer = 0 if part.dealer == s.seat else 1
        self.score = [0.0, 0.0]
        self.legal = legal_function(s.rules)

    def cards(self, p: int) -> list[int]:
        return [c for c in range(24) if self.hands[p][c]] + [c for c, _ in self.tables[p] if not self.hands[p][c]]

    def options(self, p: int, led: int | None) -> list[tuple[float, int]]:
        """Normal's rule of thumb for player ``p`` (the rollout policy), best first: as
        :func:`normal_options`, with :func:`quick_keep` for the card's worth, the opponent's
        real hand for the chance of a lead beaten, and the meld turn's best meld."""
        trump, rules = self.trump, self.rules
        hand, table = self.hands[p], self.tables[p]
        other = self.hands[1 - p]
        hold = list(hand)
        for c, _ in table:
            hold[c] += 1
        now = best_meld(hand, table, trump, rules)
        theirs = 0  # the opponent's cards, one bit a card (a card it holds that beats: beats() by masks)
        for x in range(24):
            if other[x]:
                theirs |= 1 << x
        trumps = SUIT_MASK[trump]
        out = []
        for c in range(24):
            if not hold[c]:
                continue
            k = quick_keep(hold, c, trump, rules)
            ctr = _counter(c, rules)
            if led is not None and not beats(c, led, trump):
                out.append((-ctr - _counter(led, rules) - k, c))
                continue
            if now is not None and c in now.cards:
                h, t = list(hand), list(table)
                take_card(h, t, c)
                best = best_meld(h, t, trump, rules)
                meld = best.points if best is not None else 0
            else:
                meld = now.points if now is not None else 0
            if led is not None:
                v = ctr + _counter(led, rules) + meld + WIN_BONUS + OPP_MELD - k
            else:
                beaten = theirs & (ABOVE[c] | (trumps if c // 6 != trump else 0))
                p_beat = 0.8 if beaten else 0.0
                v = (1 - p_beat) * (ctr + meld + WIN_BONUS + OPP_MELD) - p_beat * ctr - k
            out.append((v, c))
        out.sort(key=lambda o: (-o[0], o[1]))
        return out

    def play(self, p: int, c: int) -> None:
        take_card(self.hands[p], self.tables[p], c)

    def meld(self, p: int) -> None:
        """The winner's meld turn: the biggest meld, then the dix (seed 000)."""
        trump, rules = self.trump, self.rules
        hand, table = self.hands[p], self.tables[p]
        best = best_meld(hand, table, trump, rules)
        if best is not None:
            need = dict(best.need)
            use: list[int] = []
            for c, n in best.need:  # table copies that may serve this kind first, one card from the hand
                free = [i for i, (tc, kinds) in enumerate(table) if tc == c and best.blocked not in kinds][:n]
                use.extend(free)
                need[c] = n - len(free)
            if not any(need.values()):
                c = next(c for c, _ in best.need if hand[c])
                use.remove(next(i for i in use if table[i][0] == c))
                need[c] = 1
            for i in use:
                tc, kinds = table[i]
                if best.kind not in kinds:
                    table[i] = (tc, (*kinds, best.kind))
            for c, n in need.items():
                for _ in range(n):
                    hand[c] -= 1
                    table.append((c, (best.kind,)))
            self.score[p] += best.points
        nine = trump * 6 + NINE
        if hand[nine]:
            hand[nine] -= 1
            up = self.upcard
            if not self.exchanged and up is not None and up % 6 != NINE:
                hand[up] += 1
                self.upcard = nine
                self.exchanged = True
            else:
                table.append((nine, ("dix",)))
            self.score[p] += rules.dix

    def draw(self, winner: int) -> None:
        if len(self.stock) == 1 or self.rules.draw_first == "winner":
            order = (winner, 1 - winner)
        else:
            order = (1 - self.dealer, self.dealer)
        for p in order:
            if self.stock:
                self.hands[p][self.stock.pop(0)] += 1
            elif self.upcard is not None:
                self.hands[p][self.upcard] += 1
                self.upcard = None

    def trick(self, leader: int, a: int, b: int) -> int:
        """Score the trick (``a`` led by ``leader``); returns the winner."""
        w = 1 - leader if beats(b, a, self.trump) else leader
        self.score[w] += _counter(a, self.rules) + _counter(b, self.rules)
        return w

    def run(self, leader: int, led: int | None, mine: int) -> float:
        """Play on from a trick where player 0 plays ``mine`` (``led``: the opponent's lead, or None when
        player 0 leads); returns player 0's points minus player 1's from now on."""
        if led is None:
            self.play(0, mine)
            b = self.options(1, mine)[0][1]
            self.play(1, b)
            w = self.trick(0, mine, b)
        else:
            self.play(0, mine)
            w = self.trick(1, led, mine)
        while True:
            self.meld(w)
            self.draw(w)
            if not self.stock and self.upcard is None:
                break
            a = self.options(w, None)[0][1]
            self.play(w, a)
            b = self.options(1 - w, a)[0][1]
            self.play(1 - w, b)
            w = self.trick(w, a, b)
        return self._endgame(w)

    def _endgame(self, leader: int) -> float:
        """The melds back in the hands, 12 tricks played with a plain rule of thumb (win cheaply, else
        throw low; lead an ace or a low card)."""
        trump, rules = self.trump, self.rules
        for p in (0, 1):
            for c, _ in self.tables[p]:
                self.hands[p][c] += 1
            self.tables[p] = []
        hands = self.hands
        left = sum(hands[0])
        while left:
            h = hands[leader]
            mine = [c for c in range(24) if h[c]]
            aces = [c for c in mine if c % 6 == ACE]
            a = max(aces, key=lambda c: c // 6 != trump) if aces else min(
                mine, key=lambda c: (c // 6 == trump, c % 6))
            h[a] -= 1
            f = hands[1 - leader]
            present = sum(1 << c for c in range(24) if f[c])
            mask = self.legal(present, a // 6, a, trump)
            moves = [c for c in range(24) if mask >> c & 1]
            wins = [c for c in moves if beats(c, a, trump)]
            b = min(wins or moves, key=lambda c: (c // 6 == trump, c % 6))
            f[b] -= 1
            left -= 1
            w = self.trick(leader, a, b)
            if not left:
                self.score[w] += rules.last_trick
            leader = w
        return self.score[0] - self.score[1]


def hard_stock_card(s: Knowledge, cards: Sequence[Card], view: View, seed: int | str) -> Card:
    """Hard's card while the stock lasts: Normal's :data:`HARD_CANDIDATES` best cards, each played out
    in the same :data:`HARD_SAMPLES` deals of the unseen cards (:func:`sample_unseen`) with Normal-like
    rollouts to the end of the hand; the best mean margin wins (ties: Normal's order)."""
    return hard_stock_values(s, cards, view, seed)[0]


def hard_stock_values(s: Knowledge, cards: Sequence[Card], view: View, seed: int | str,
                      also: Sequence[int] = ()) -> tuple[Card, dict[int, float]]:
    """:func:`hard_stock_card`'s card and the mean score margin of each card it plays out (empty when it
    has one candidate, or no deal fits), and of the legal cards of ``also`` too, over the same deals
    (each card's rollout is played alone: they never change the choice or the others' values).

    The search is the one every family's Hard uses (:func:`pinochle.bots.pimc.sampled_values`), over
    the game's resampler (:data:`RESAMPLER`, the one :data:`pinochle.bots.base.STRATEGIES` names for
    the family), with this family's rollouts (:class:`_Sim`)."""
    options = normal_options(s, cards)
    candidates = [c for _, c in options[:HARD_CANDIDATES]]
    legal = {int(c) for c in cards}
    extra = [int(c) for c in dict.fromkeys(also) if int(c) in legal and int(c) not in candidates]
    if len(candidates) == 1 and not extra:
        return CARDS[candidates[0]], {}
    weighed = candidates + extra
    rng = random.Random(f"{seed}/{view.hand_number - 1}/{view.version}/{view.seat}")
    exchanged = _part(s).exchanged
    hand = _in_hand(s)
    leader, led = (1, s.trick[0]) if s.trick else (0, None)

    def play_out(deal: tuple[list[int], list[int]], rng: random.Random) -> Callable[[int], float]:
        opp, stock = deal
        return lambda c: _Sim(s, hand, opp, list(stock), exchanged).run(leader, led, c)

    rows = sampled_values(deals_of(RESAMPLER, s), rng, weighed, HARD_SAMPLES, play_out)
    if rows is None:
        return CARDS[candidates[0]], {}
    totals = [sum(r) for r in rows]
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return CARDS[candidates[best]], {c: t / HARD_SAMPLES for c, t in zip(weighed, totals)}


# ---------------------------------------------------------------- the endgame: exact search


def endgame_values(mine: int, theirs: int, trick: Sequence[int], trump: int, rules: RuleSet,
                   i_lead: bool, exact: Sequence[int] = ()) -> dict[int, float]:
    """The endgame's legal cards valued exactly (seed 000: follow suit, beat a trump lead, trump when
    void): my counters minus the opponent's over the tricks left, the last trick's 10 included, both
    playing perfectly. Every card is known here: the opponent holds all the cards not seen.

    Alpha-beta search with a table of bounds, one card of each class of equal cards: so only the
    values of the best cards are exact (every card of the best value, so ties are true ties); every
    other card's value is at least its true value and below the best's (it is proven worse, not
    measured).

    Args:
        mine, theirs: the packed hands (:func:`pinochle.cards.pack`).
        trick: the card led to the trick in progress (empty when I lead).
        trump: the trump suit; rules: counters and the last trick.
        i_lead: I lead now (``trick`` is empty).
        exact: legal cards whose value is measured exactly too (searched in a full window after the
            others; the decision review's card played).

    Returns:
        Card -> value (points) for each distinct legal card; the best card has the highest.
    """
    legal = legal_function(rules)
    ctr = [rules.counters[c % 6] for c in range(24)]
    last = rules.last_trick
    types = (1 << 24) - 1
    table: dict[tuple[int, int], tuple[float, float]] = {}
    inf = float("inf")

    def bits(mask: int) -> list[int]:
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out

    def distinct(moves: int, other: int, led: int = -1, same: dict[int, int] | None = None) -> list[int]:
        """One card of each class of equal cards: same suit and counters, no card of ``other``
        ranked from the lower to the higher, both included, nor the card led ranked from the lower
        up to below the higher (they win and lose the same tricks, now and later).

        The other side's card equal to either one splits them (the first played of two equal
        cards wins): equal to the higher, it heads the lower when I lead and ties the higher and
        loses; equal to the lower, when it leads later the lower ties it and loses, the higher
        beats it. The led card equal to the lower splits them too; equal to the higher, both lose
        this trick and the led card is gone. ``same`` (if given) gets each card left out -> the
        card of its class kept."""
        out: list[int] = []
        prev = -1
        for c in bits(moves):
            if prev >= 0 and c // 6 == prev // 6 and ctr[c] == ctr[prev]:
                span = ((2 << c) - 1) & ~((1 << prev) - 1)
                if not (other & span) and not (prev <= led < c):
                    if same is not None:
                        same[c] = prev
                    continue  # c plays as prev
            out.append(c)
            prev = c
        return out

    def present(hand: int) -> int:
        return hand & types | hand >> 24 & types

    def trick_value(lead: int, follow: int, a: int, alpha: float, beta: float) -> float:
        """The leader's value after leading ``a``: the follower's best answer (fail-soft in the window)."""
        la = remove(lead, a)
        worst = inf
        answers = distinct(legal(present(follow), a // 6, a, trump), present(la), a)
        if len(answers) > 1:  # the likely best answers first: win cheaply, else throw low
            answers.sort(key=lambda b: (0, b % 6 + 6 * (b // 6 == trump)) if beats(b, a, trump)
                         else (1, ctr[b], b % 6))
        for b in answers:
            fb = remove(follow, b)
            pts = ctr[a] + ctr[b] + (last if not la else 0)
            hi = min(beta, worst)
            if beats(b, a, trump):
                v = -pts - search(fb, la, -hi - pts, -alpha - pts)
            else:
                v = pts + search(la, fb, alpha - pts, hi - pts)
            if v < worst:
                worst = v
                if worst <= alpha:
                    break
        return worst

    def search(lead: int, follow: int, alpha: float, beta: float) -> float:
        """The leader's counters minus the follower's from here, both perfect (fail-soft alpha-beta)."""
        if not lead:
            return 0.0
        key = (lead, follow)
        lo, hi = table.get(key, (-inf, inf))
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        a0, b0 = max(alpha, lo), min(beta, hi)
        alpha, beta = a0, b0
        best = -inf
        leads = distinct(present(lead), present(follow))
        leads.sort(key=lambda c: -(c % 6) - (6 if c // 6 == trump else 0))
        for a in leads:
            v = trick_value(lead, follow, a, alpha, beta)
            if v > best:
                best = v
                if best > alpha:
                    alpha = best
                if best >= beta:
                    break
        if best <= a0:
            table[key] = (lo, best)
        elif best >= b0:
            table[key] = (best, hi)
        else:
            table[key] = (best, best)
        return best

    def card_value(c: int, alpha: float, beta: float) -> float:
        """My value after playing ``c`` now (fail-soft in the window)."""
        if i_lead:
            return trick_value(mine, theirs, c, alpha, beta)
        led = trick[0]
        fc = remove(mine, c)
        pts = ctr[led] + ctr[c] + (last if not fc else 0)
        if beats(c, led, trump):
            return pts + search(fc, theirs, alpha - pts, beta - pts)
        return -pts - search(theirs, fc, -beta - pts, -alpha - pts)

    # One card of each class is searched, the others are worth the same. Points are whole numbers:
    # after the first card, each is searched in the window one point either side of the best so
    # far, so a card worth the best is measured exactly (ties stay exact for the caller's
    # tie-break), a worse one fails low to a bound below the best, and a better one fails high and
    # is searched again above the best.
    same: dict[int, int] = {}
    if i_lead:
        cards = sorted(distinct(present(mine), present(theirs), same=same),
                       key=lambda c: -(c % 6) - (6 if c // 6 == trump else 0))
    else:
        cards = distinct(legal(present(mine), trick[0] // 6, trick[0], trump), present(theirs), trick[0], same)
    out: dict[int, float] = {}
    best = -inf
    for c in cards:
        if best == -inf:
            v = card_value(c, -inf, inf)
        else:
            v = card_value(c, best - 1, best + 1)
            if v >= best + 1:
                v = card_value(c, best, inf)
        out[c] = v
        best = max(best, v)
    for c in exact:
        if c in out or c in same:
            out[same.get(c, c)] = card_value(same.get(c, c), -inf, inf)
    for c, kept in same.items():
        out[c] = out[kept]
    return out


def endgame_card(s: Knowledge, cards: Sequence[Card]) -> Card:
    """The best endgame card by :func:`endgame_values` (ties: the lowest card)."""
    return endgame_choice(s, cards)[0]


def endgame_choice(s: Knowledge, cards: Sequence[Card], exact: Sequence[int] = ()) -> tuple[Card, dict[int, float]]:
    """:func:`endgame_card`'s card and the values of :func:`endgame_values` of the legal cards (those of
    ``exact`` measured exactly too)."""
    unseen = _unseen(s)
    theirs_cards = [c for c in range(24) for _ in range(unseen[c])]
    vals = endgame_values(s.known[s.seat], pack(theirs_cards), s.trick, _trump(s), s.rules, not s.trick, exact)
    legal = {int(c) for c in cards}
    best = max((v, -(c % 6), -c, c) for c, v in vals.items() if c in legal)
    return CARDS[best[3]], {c: v for c, v in vals.items() if c in legal}


def stock_values(view: View, seed: int | str = 0, also: Sequence[Action] = ()) -> tuple[Action, dict[Action, float]] | None:
    """Hard's card in a two-handed view and the values it weighs (points: the seat's score margin from
    here to the end of the hand), with the cards played of ``also`` valued too, or ``None`` when the
    move is not a card (the draw; the meld turn, which Hard plays by a rule: :func:`meld_action`).

    While the stock lasts: the mean margin of each card Hard plays out (:func:`hard_stock_values`);
    in the endgame every card is known, and each is valued by the exact search
    (:func:`endgame_values`): Hard's card and those of ``also`` exactly, the others as bounds
    below the best (proven worse, not measured).
    """
    legal = view.legal
    if not legal.cards or legal.draw or legal.melds or legal.dix:
        return None
    s = stock_knowledge(view)
    wanted = [int(a.card) for a in also if isinstance(a, PlayAction)]
    if _part(s).endgame:
        card, by_card = endgame_choice(s, legal.cards, wanted)
    else:
        card, by_card = hard_stock_values(s, legal.cards, view, seed, wanted)
    return Action.play_(view.seat, card), {Action.play_(view.seat, c): v for c, v in by_card.items()}


# ---------------------------------------------------------------- dispatch


def stock_action(view: View, level: str, seed: int | str = 0) -> Action:
    """The move at ``level`` (``"easy"``, ``"normal"`` or ``"hard"``) in a two-handed view; ``seed``
    seeds Hard's deals.

    Raises:
        ValueError: the view offers this seat no move.
    """
    legal = view.legal
    seat = view.seat
    if legal.draw:
        return Action.draw_(seat)
    if legal.melds or legal.dix or (legal.pass_ and not legal.cards):
        return meld_action(view, level != "easy")
    if not legal.cards:
        raise ValueError(f"{seat} has no move in phase {view.phase!r}")
    s = stock_knowledge(view)
    if level == "easy":
        return Action.play_(seat, _easy_card(s, legal.cards))
    if _part(s).endgame:
        return Action.play_(seat, endgame_card(s, legal.cards))
    if level == "hard":
        return Action.play_(seat, hard_stock_card(s, legal.cards, view, seed))
    return Action.play_(seat, _normal_stock_card(s, legal.cards))


__all__ = ["HARD_CANDIDATES", "HARD_SAMPLES", "OPP_MELD", "Shape", "StockResampler", "WIN_BONUS", "best_meld",
           "can_declare", "endgame_card", "endgame_choice", "endgame_values", "hard_stock_card", "hard_stock_values",
           "keep_value", "meld_action", "normal_options", "potential", "quick_keep", "sample_unseen", "shapes",
           "stock_action", "stock_knowledge", "stock_values", "take_card"]
