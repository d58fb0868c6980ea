"""The computer players' choices in the three-handed games with a widow (VARIANTS.md ``cutthroat``,
``auction``): valuing a hand before the widow is seen, naming trump from 18 cards,
burying, conceding, and the settlement a contract is worth.

Every player is alone; once the contract is known the declarer plays against the two
defenders (:func:`pinochle.bots.base.teams`). The numbers a choice weighs come from the
view's game, never from its name:

* the stakes from the game's own scorer (:func:`settlement`): what each opponent pays
  when the bid is made, when the declarer is set after play, and when it concedes
  (cutthroat: 1, 2, 1 times the stake; auction: its schedule, spades double);
* the counters and the meld from the view's rule set, so the same code bids in ones
  (cutthroat, 25 trick points a hand) and in tens (auction, 250).

The simulations search with the one PIMC search (:func:`pinochle.bots.pimc.sampled_values`) over
the deals of the game's resampler (:class:`WidowResampler`, which the ``tricks`` family carries:
:attr:`pinochle.bots.base.Strategy.widow`): the cards the seat cannot see dealt at random -- the
widow while it is hidden and the two other hands. Before the widow is seen (:func:`declarer_samples`)
each deal's widow is taken, the trump of the best meld named (ties to the longer suit), the
:func:`quick_bury` cards buried and the hand played out with the greedy team playouts of
:func:`pinochle.sim.playout` (:data:`~pinochle.sim.TEAMS`); after it, the trumps
(:func:`widow_trump_values`) and the burials (:func:`playing_samples`) are played out against each
other on the same deals.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache, partial
from itertools import combinations
from typing import NamedTuple, TypeVar

from ..cards import DECKS, Card, Seat, Suit, pack, remove, unpack
from ..game import State, Trick, View, game_named, new_match
from ..meld import meld, meld_by_trump
from ..parts import CONCEDED, Contract
from ..rules import RuleSet
from ..sim import TEAMS, playout
from .pimc import Resampler, deals_of, sampled_values

M = TypeVar("M")
V = TypeVar("V")

#: Rank indexes (see :mod:`pinochle.cards`): 9=0 J=1 Q=2 K=3 T=4 A=5.
NINE, JACK, QUEEN, KING, TEN, ACE = range(6)


# ---------------------------------------------------------------- stakes


class Settlement(NamedTuple):
    """What a contract is worth to the declarer, per opponent (points of the game's stakes).

    Attributes:
        made: paid to the declarer by each opponent when the bid is made (or no play).
        set: paid by the declarer to each opponent when set after play.
        conceded: paid by the declarer to each opponent when it concedes.
    """

    made: int
    set: int
    conceded: int


@lru_cache(maxsize=4096)
def _settlement(game: str, rules: RuleSet, bid: int, trump: int) -> Settlement:
    g = game_named(game)
    assert g.score is not None
    base = replace(new_match(seed=0, game=g, rules=rules).with_parts(
        Contract(declarer=Seat(g.seating.seats[0]), bid=bid, trump=Suit(trump))), phase="hand_end")
    d = g.seating.seats[0]
    other = g.seating.seats[1]

    def paid(state: State) -> int:
        hs, _ = g.score(state)  # type: ignore[misc]
        return sum(amount if payee == d else -amount for payer, payee, amount in hs.transfers) // max(
            1, len(g.seating.seats) - 1)

    made = paid(base)  # no play: the meld alone makes the bid (here: nothing was played)
    lost = Trick(Seat(d), (Card(0), Card(1), Card(2)), Seat(other), tuple(Seat(s) for s in g.seating.seats))
    set_ = -paid(replace(base, tricks=(lost,)))  # played, nothing taken: set
    conceded = -paid(base.with_parts(CONCEDED))
    return Settlement(made, set_, conceded)


def settlement(view: View, bid: int, trump: int) -> Settlement:
    """The stakes of ``bid`` with ``trump`` in ``view``'s game, from the game's own scorer
    (VARIANTS.md ``cutthroat``: made, each opponent pays the stake; set after play, the
    declarer pays each opponent double; conceded, single; ``auction``: the schedule).

    >>> from pinochle.game import new_match, view
    >>> v = view(new_match(seed=1, game="cutthroat"), 1)
    >>> settlement(v, 35, 1), settlement(v, 52, 1)
    (Settlement(made=2, set=4, conceded=2), Settlement(made=5, set=10, conceded=5))
    """
    return _settlement(view.game, view.rules_set(), bid, trump)


def expected_result(s: Settlement, p_make: float, opponents: int = 2) -> float:
    """The declarer's expected settlement (points, all opponents together) when it plays with
    chance ``p_make`` of making the bid, or concedes when that is worth more."""
    play = opponents * (p_make * s.made - (1 - p_make) * s.set)
    return max(play, -opponents * s.conceded)


# ---------------------------------------------------------------- burying


def _unit(rules: RuleSet) -> float:
    """One counter in the rule set's points (25 counters a hand: 1 in ones, 10 in tens)."""
    return rules.total_counters / 25


def bury_value(card: int, kept: Sequence[int], trump: int) -> float:
    """How good it is to bury ``card`` (counters; higher is better), with ``kept`` the other cards.

    A buried card counts as the declarer's (VARIANTS.md ``cutthroat``), so a counter
    the defenders would catch is the classic burial: a ten or king of a plain suit
    without the ace (+1.8, +1.4), then the same behind the ace (+1.2). An ace wins
    a trick (-0.3), and a trump is kept (-3).
    """
    suit, rank = card // 6, card % 6
    if suit == trump:
        return -3.0 + (1.0 if rank >= KING else 0.0)
    ace = any(c // 6 == suit and c % 6 == ACE for c in kept)
    if rank == ACE:
        return -0.3
    if rank == TEN:
        return 1.2 if ace else 1.8
    if rank == KING:
        return 1.0 if ace else 1.4
    return 0.1 * (QUEEN - rank + 1)


def bury_ranking(view: View) -> list[tuple[float, tuple[Card, ...]]]:
    """Every choice of ``view.legal.bury`` cards from ``view.legal.bury_from``, best first, with
    its score: the sum of :func:`bury_value`, plus 0.6 a counter for each plain suit it leaves
    empty while the hand keeps four trumps or more (a void lets the declarer trump)."""
    assert view.trump is not None
    trump = int(view.trump)
    n = view.legal.bury
    free = list(view.legal.bury_from)
    hand = [int(c) for c in view.hand]
    trumps = sum(1 for c in hand if c // 6 == trump)
    ranked: list[tuple[float, tuple[Card, ...]]] = []
    for combo in dict.fromkeys(combinations(sorted(free), n)):
        kept = list(hand)
        for c in combo:
            kept.remove(c)
        score = sum(bury_value(c, kept, trump) for c in combo)
        if trumps >= 4:
            for suit in {c // 6 for c in combo}:
                if suit != trump and not any(c // 6 == suit for c in kept):
                    score += 0.6
        ranked.append((score, tuple(Card(c) for c in combo)))
    ranked.sort(key=lambda sc: (-sc[0], sc[1]))
    return ranked


def bury_choice(view: View) -> list[Card]:
    """The ``view.legal.bury`` cards to bury: the best of :func:`bury_ranking`."""
    return list(bury_ranking(view)[0][1])


def quick_bury(cards: list[int], shown: list[int], trump: int, n: int) -> list[int]:
    """``n`` cards to bury from ``cards`` (all the declarer holds) less the cards ``shown`` in
    meld: the highest :func:`bury_value` one by one (the simulations' fast choice)."""
    free = list(cards)
    for c in shown:
        free.remove(c)
    out: list[int] = []
    for _ in range(n):
        kept = [c for c in cards if c not in out]
        if not free:  # the meld holds nearly every card (the simulation plays on anyway)
            free = [c for c in kept]
            for c in out:
                if c in free:
                    free.remove(c)
        best = max(free, key=lambda c: (bury_value(c, kept, trump), -c))
        free.remove(best)
        out.append(best)
    return out


# ---------------------------------------------------------------- trump


def trump_key(hand: Sequence[int], melds: Sequence[int], suit: int, rules: RuleSet) -> float:
    """The worth of ``suit`` as trump for an 18-card hand: its meld, plus a counter for each
    card of the suit and half a counter for each of its aces and tens (points)."""
    length = sum(1 for c in hand if c // 6 == suit)
    high = sum(1 for c in hand if c // 6 == suit and c % 6 >= TEN)
    return melds[suit] + _unit(rules) * (length + 0.5 * high)


def choose_trump(hand: Sequence[int], rules: RuleSet) -> Suit:
    """The trump to name with the declarer's 18 cards (see :func:`trump_key`; ties S H D C)."""
    melds = meld_by_trump(pack(hand), rules)
    return Suit(max(range(4), key=lambda s: (trump_key(hand, melds, s, rules), -s)))


# ---------------------------------------------------------------- the simulation


class Outcome(NamedTuple):
    """One simulated hand as declarer (points of the game).

    Attributes:
        trump: the trump named.
        meld: the declarer's meld.
        points: its counters after play (buried cards and last trick included).
    """

    trump: int
    meld: int
    points: int


@dataclass(frozen=True)
class WidowInfo:
    """What a seat knows of the hidden cards in a widow game before the play (:class:`WidowResampler`):
    its own cards, and that every card it cannot see lies in the widow (while it is hidden) or in another
    seat's hand (VARIANTS.md ``cutthroat``: 15 cards each and a widow of 3)."""

    #: the seat's cards (with the widow once it is taken)
    mine: tuple[int, ...]
    #: the cards it cannot see, in the deck's order
    unseen: tuple[int, ...]
    #: the seats in play, from the seat clockwise
    seats: tuple[int, ...]
    #: the widow's cards still hidden: the rule set's widow before it is taken, 0 after
    widow: int
    #: the game's rules (the hand's size, the meld and the counters)
    rules: RuleSet


class WidowDeal(NamedTuple):
    """One deal of the cards a seat cannot see in a widow game (:class:`WidowResampler`).

    Attributes:
        widow: the widow's cards (empty once the seat has taken it).
        others: the other seats' hands, in the order of :attr:`WidowInfo.seats` after the seat.
    """

    widow: list[int]
    others: list[list[int]]


class WidowResampler:
    """The widow games' resampler of the hidden cards before the play (a :class:`~pinochle.bots.pimc.Resampler`
    searched by :func:`~pinochle.bots.pimc.sampled_values`; the ``tricks`` family carries it,
    :attr:`pinochle.bots.base.Strategy.widow`): the cards the seat cannot see shuffled and dealt to the widow
    while it is hidden, then to the other seats in play, a full hand each. Nothing the auction shows is
    weighed: a bid in these games says little of a hand before the widow (VARIANTS.md ``cutthroat``).

    >>> import random
    >>> from pinochle.game import new_match, view
    >>> v = view(new_match(seed=1, game="cutthroat"), 1)
    >>> info = WidowResampler().infostate(v)
    >>> deal = WidowResampler().resample(info, random.Random(1))
    >>> len(deal.widow), [len(h) for h in deal.others], info.seats
    (3, [15, 15], (1, 2, 3))
    """

    def infostate(self, view: View) -> WidowInfo:
        """What ``view.seat`` knows: its cards, the cards it cannot see, the seats in play and whether the
        widow is still hidden (the unseen cards beyond the other seats' full hands)."""
        rules = view.rules_set()
        me = int(view.seat)
        mine = tuple(int(c) for c in view.hand)
        unseen = tuple(int(c) for c in unpack(remove_all(DECKS[rules.deck].full, mine)))
        seats = [me]
        s = view.seating.left(me)
        while s != me:
            seats.append(int(s))
            s = view.seating.left(s)
        widow = max(0, len(unseen) - rules.hand_size * (len(seats) - 1))
        return WidowInfo(mine, unseen, tuple(seats), widow, rules)

    def resample(self, info: WidowInfo, rng: random.Random) -> WidowDeal:
        """One deal of ``info``'s unseen cards: shuffled with ``rng``, the widow's first, then each other
        seat's hand."""
        cards = list(info.unseen)
        rng.shuffle(cards)
        n, at = info.rules.hand_size, info.widow
        return WidowDeal(cards[:at], [cards[at + k * n:at + (k + 1) * n] for k in range(len(info.seats) - 1)])


def play_as_declarer(held: list[int], others: Sequence[list[int]], seats: Sequence[int], rules: RuleSet,
                     rng: random.Random, trump: int | None = None, bury: list[int] | None = None) -> Outcome:
    """Take the cards ``held`` (the hand with the widow) at ``seats[0]``, name trump (or ``trump``),
    meld, bury (:func:`quick_bury`, or ``bury``) and play out greedily against ``others`` at
    ``seats[1:]`` (:func:`pinochle.sim.playout`, :data:`~pinochle.sim.TEAMS`); the declarer leads.
    """
    t = int(choose_trump(held, rules)) if trump is None else trump
    m = meld(pack(held), t, rules)
    shown = [int(c) for c in m.shown()]
    n = len(held) - rules.hand_size
    buried = quick_bury(held, shown, t, n) if bury is None else bury
    kept = list(held)
    for c in buried:
        kept.remove(c)
    hands = [0, 0, 0, 0]
    hands[seats[0]] = pack(kept)
    for s, h in zip(seats[1:], others):
        hands[s] = pack(h)
    next_seat = [0, 0, 0, 0]
    team_of = [-1, -1, -1, -1]
    for i, s in enumerate(seats):
        next_seat[s] = seats[(i + 1) % len(seats)]
        team_of[s] = 0 if i == 0 else 1
    _, pts, _ = playout(hands, t, seats[0], rng.random, rules, (), TEAMS, next_seat, team_of)
    buried_pts = sum(rules.counters[c % 6] for c in buried)
    return Outcome(t, m.total, pts[0] + buried_pts)


def _searched(view: View, resampler: Resampler[WidowInfo, WidowDeal], rng: random.Random, moves: Sequence[M],
              samples: int, value: Callable[[WidowInfo, WidowDeal, random.Random], Callable[[M], V]],
              ) -> list[list[V]]:
    """Each of ``moves`` valued over ``samples`` deals of ``resampler`` for ``view.seat``
    (:func:`~pinochle.bots.pimc.sampled_values`, the one search), ``value(info, deal, rng)`` the value of a
    move on one deal."""
    info = resampler.infostate(view)
    rows = sampled_values(deals_of(resampler, info), rng, moves, samples, partial(value, info))
    assert rows is not None  # every deal of the widow games fits
    return rows


def declarer_samples(view: View, resampler: Resampler[WidowInfo, WidowDeal], samples: int,
                     rng: random.Random) -> list[Outcome]:
    """Simulate ``view.seat`` declaring with the widow unseen: ``samples`` deals of the cards it cannot
    see (``resampler``, the game's: :class:`WidowResampler`), each taken, melded, buried and played out
    (:func:`play_as_declarer`)."""

    def declared(info: WidowInfo, deal: WidowDeal, rng: random.Random) -> Callable[[None], Outcome]:
        return lambda _: play_as_declarer(list(info.mine) + deal.widow, deal.others, info.seats, info.rules, rng)

    return _searched(view, resampler, rng, [None], samples, declared)[0]


def remove_all(hand: int, cards: Sequence[int]) -> int:
    """``hand`` less ``cards`` (one copy each)."""
    for c in cards:
        hand = remove(hand, c)
    return hand


#: The spread of one simulated playout's counters around what the hand is worth (counters):
#: a playout is one noisy draw, so its margin over the bid is read as a chance of making it.
PLAYOUT_SPREAD = 2.5


def chance_from_margin(margin: float, rules: RuleSet) -> float:
    """The chance of making a bid that one simulated playout beat by ``margin`` points
    (negative: missed by), a normal curve of :data:`PLAYOUT_SPREAD` counters."""
    from math import erf, sqrt

    z = (margin + 0.5 * _unit(rules)) / (PLAYOUT_SPREAD * _unit(rules))
    return 0.5 * (1 + erf(z / sqrt(2)))


def bid_value(outcomes: Sequence[Outcome], view: View, bid: int) -> float:
    """The expected settlement of declaring at ``bid`` over simulated ``outcomes`` (points, both
    opponents together). An outcome whose meld alone reaches the bid is made without play;
    otherwise its playout's margin over the bid gives the chance of making it
    (:func:`chance_from_margin`), and the declarer plays or concedes, whichever is worth
    more (:func:`expected_result`): it sees the widow before it decides, not the play."""
    total = 0.0
    rules = view.rules_set()
    opponents = len(view.seating.seats) - 1
    for o in outcomes:
        s = settlement(view, bid, o.trump)
        if o.meld >= bid:
            total += opponents * s.made
            continue
        total += expected_result(s, chance_from_margin(o.meld + o.points - bid, rules), opponents)
    return total / max(1, len(outcomes))


def playing_samples(view: View, resampler: Resampler[WidowInfo, WidowDeal], trump: int,
                    buries: Sequence[Sequence[int]], samples: int, rng: random.Random) -> list[list[float]]:
    """For the declarer holding its cards with the widow (``view.hand``): per choice of
    ``buries``, the chance of making the bid in each of ``samples`` deals of the unseen cards
    to the other two seats (``resampler``, the game's; the same deals for every choice), read from one
    greedy playout each (:func:`chance_from_margin`)."""
    rules = view.rules_set()
    assert view.bid is not None
    bid = view.bid
    m = view.melds[int(view.seat)]
    meld_total = m.total if m is not None else meld_by_trump(pack([int(c) for c in view.hand]), rules)[trump]

    def chances(info: WidowInfo, deal: WidowDeal, rng: random.Random) -> Callable[[Sequence[int]], float]:
        seed = rng.random()  # every burial's playout on this deal alike

        def chance(bury: Sequence[int]) -> float:
            o = play_as_declarer(list(info.mine), deal.others, info.seats, rules, random.Random(seed), trump,
                                 list(bury))
            return chance_from_margin(meld_total + o.points - bid, rules)
        return chance

    return _searched(view, resampler, rng, buries, samples, chances)


def widow_call(view: View, outcomes: Sequence[Outcome], margin: float = 0.0) -> bool:
    """Whether to bid ``view.legal.min_bid``: its expected settlement over ``outcomes``
    (:func:`bid_value`) is above ``margin`` (points). A pass costs nothing: when all pass the
    hand is annulled (VARIANTS.md ``cutthroat``)."""
    low = view.legal.min_bid
    return low is not None and bid_value(outcomes, view, low) > margin


def widow_bury(view: View, resampler: Resampler[WidowInfo, WidowDeal], samples: int, rng: random.Random,
               candidates: int = 1) -> list[Card] | None:
    """The cards to bury, or ``None`` to concede (VARIANTS.md ``cutthroat``: "the declarer may
    concede at once (a single loss), or buries 3 cards that were not used in meld").

    The ``candidates`` best burials of :func:`bury_ranking` are each played out over the same
    ``samples`` deals of the unseen cards (``resampler``, the game's: :func:`playing_samples`); the one
    with the best chance of making the bid is kept, and the declarer concedes when paying single is worth
    more than playing with that chance (:func:`expected_result`).
    """
    return widow_bury_values(view, resampler, samples, rng, candidates)[0]


def widow_bury_values(view: View, resampler: Resampler[WidowInfo, WidowDeal], samples: int, rng: random.Random,
                      candidates: int = 1, also: Sequence[Sequence[Card]] = (),
                      ) -> tuple[list[Card] | None, list[tuple[tuple[Card, ...] | None, float]]]:
    """:func:`widow_bury`'s choice and what it weighs: each burial played out (the ``candidates``
    best of :func:`bury_ranking`, then those of ``also`` not among them, over the same deals: the
    burials of ``also`` never change the choice) with its expected settlement (points, all
    opponents together: ``opponents * (chance * made - (1 - chance) * set)``), and conceding
    (``None``) with its single loss.

    Returns:
        ``(choice, values)``: the choice as :func:`widow_bury` makes it, and the values of the
        burials then of conceding.
    """
    assert view.trump is not None and view.bid is not None
    ranked = [b for _, b in bury_ranking(view)[:candidates]]
    extra = [tuple(sorted(Card(c) for c in b)) for b in also]
    extra = [b for k, b in enumerate(extra) if b not in ranked and b not in extra[:k]]
    buries = ranked + extra
    chances = playing_samples(view, resampler, int(view.trump), [[int(c) for c in b] for b in buries], samples, rng)
    means = [sum(ch) / len(ch) for ch in chances]
    best = max(range(len(ranked)), key=lambda k: (means[k], -k))
    s = settlement(view, view.bid, int(view.trump))
    opponents = len(view.seating.seats) - 1
    values: list[tuple[tuple[Card, ...] | None, float]] = [
        (b, opponents * (m * s.made - (1 - m) * s.set)) for b, m in zip(buries, means)]
    concede = -opponents * s.conceded
    values.append((None, float(concede)))
    if values[best][1] < concede:
        return None, values
    return list(ranked[best]), values


def widow_trump(view: View, resampler: Resampler[WidowInfo, WidowDeal], samples: int, rng: random.Random) -> Suit:
    """The trump to name with the widow taken: of the suits whose meld plus a counter a card
    (:func:`trump_key`) comes within 4 counters of the best, the one whose simulated hand
    (:func:`play_as_declarer`, the same deals of ``resampler``, the game's, for each) is worth the most
    settlement."""
    return widow_trump_values(view, resampler, samples, rng)[0]


def widow_trump_values(view: View, resampler: Resampler[WidowInfo, WidowDeal], samples: int, rng: random.Random,
                       also: Sequence[int] = ()) -> tuple[Suit, dict[int, float]]:
    """:func:`widow_trump`'s suit and the mean settlement of each suit it simulates (points, all
    opponents together), and of the suits of ``also`` too, over the same deals (each suit's playout
    is seeded alike whatever the others: they never change the choice). No suit is simulated when
    only one comes near the best, or before the bid is known: the values are then empty.
    """
    rules = view.rules_set()
    hand = [int(c) for c in view.hand]
    melds = meld_by_trump(pack(hand), rules)
    keys = {s: trump_key(hand, melds, s, rules) for s in range(4)}
    top = max(keys.values())
    suits = [s for s in range(4) if keys[s] >= top - 4 * _unit(rules)]
    if len(suits) == 1 or view.bid is None:
        return Suit(max(suits, key=lambda s: (keys[s], -s))), {}
    bid = view.bid
    weighed = suits + [int(s) for s in dict.fromkeys(also) if int(s) not in suits]

    def settlements(info: WidowInfo, deal: WidowDeal, rng: random.Random) -> Callable[[int], float]:
        seed = rng.random()  # every suit's playout on this deal alike
        opponents = len(info.seats) - 1

        def worth(s: int) -> float:
            st = settlement(view, bid, s)
            if melds[s] >= bid:
                return float(opponents * st.made)  # the meld alone makes the bid: no play
            o = play_as_declarer(hand, deal.others, info.seats, rules, random.Random(seed), s)
            return expected_result(st, chance_from_margin(o.meld + o.points - bid, rules), opponents)
        return worth

    rows = _searched(view, resampler, rng, weighed, samples, settlements)
    total = {s: sum(row) for s, row in zip(weighed, rows)}
    best = Suit(max(suits, key=lambda s: (total[s], keys[s], -s)))
    return best, {s: v / samples for s, v in total.items()}


__all__ = ["Outcome", "Settlement", "WidowDeal", "WidowInfo", "WidowResampler", "bid_value", "bury_choice",
           "bury_value", "choose_trump", "declarer_samples", "expected_result", "play_as_declarer", "quick_bury",
           "settlement", "widow_bury_values", "widow_trump_values"]
