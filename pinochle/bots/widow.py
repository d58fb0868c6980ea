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

The simulation (:func:`declarer_samples`) deals the cards the seat cannot see at
random -- the widow and the two other hands -- and for each deal takes the widow,
names the trump of the best meld (ties to the longer suit), buries the
:func:`quick_bury` cards and, when the meld alone does not make the bid, plays the
hand out with the greedy team playouts of :func:`pinochle.sim.playout` (:data:`~pinochle.sim.TEAMS`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from ..cards import DECKS, Card, Seat, Suit, pack, remove, unpack
from ..game import State, Trick, View, game_named, new_match
from ..meld import meld, meld_by_trump
from ..parts import CONCEDED, Contract
from ..rules import RuleSet
from ..sim import TEAMS, playout

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
    base = replace(new_match(seed=0, game=g, rules=rules),
                   contract=Contract(declarer=Seat(g.seating.seats[0]), bid=bid, trump=Suit(trump)), phase="hand_end")
    d = g.seating.seats[0]
    other = g.seating.seats[1]

    def paid(state: State) -> int:
        hs, _ = g.score(state)  # type: ignore[misc]
        return sum(amount if payee == d else -amount for payer, payee, amount in hs.transfers) // max(
            1, len(g.seating.seats) - 1)

    made = paid(base)  # no play: the meld alone makes the bid (here: nothing was played)
    lost = Trick(Seat(d), (Card(0), Card(1), Card(2)), Seat(other), tuple(Seat(s) for s in g.seating.seats))
    set_ = -paid(replace(base, tricks=(lost,)))  # played, nothing taken: set
    conceded = -paid(replace(base, concession=CONCEDED))
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
        points: its counters after play (buried cards and last trick included); ``None``
            when no play was simulated.
    """

    trump: int
    meld: int
    points: int | None


def _deal_rest(unseen: Sequence[int], sizes: Sequence[int], rng: random.Random) -> list[list[int]]:
    cards = list(unseen)
    rng.shuffle(cards)
    out, at = [], 0
    for n in sizes:
        out.append(cards[at:at + n])
        at += n
    return out


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


def declarer_samples(view: View, samples: int, rng: random.Random, play: bool = True) -> list[Outcome]:
    """Simulate ``view.seat`` declaring with the widow unseen: ``samples`` deals of the
    cards it cannot see into the widow and the other two hands (the sizes of the view's
    rule set), each taken, melded, buried and played out (:func:`play_as_declarer`).
    With ``play=False`` only the meld is valued (``points`` is ``None``)."""
    rules = view.rules_set()
    mine = [int(c) for c in view.hand]
    unseen, seats = _unseen_and_round(view, rules)
    sizes = [rules.widow] + [rules.hand_size] * (len(seats) - 1)
    out = []
    for _ in range(samples):
        widow, *others = _deal_rest(unseen, sizes, rng)
        held = mine + widow
        if play:
            out.append(play_as_declarer(held, others, seats, rules, rng))
        else:
            t = int(choose_trump(held, rules))
            out.append(Outcome(t, meld_by_trump(pack(held), rules)[t], None))
    return out


def _unseen_and_round(view: View, rules: RuleSet) -> tuple[list[Card], list[int]]:
    """The cards ``view.seat`` cannot see (the deck less its hand: the widow and the other hands)
    and the seats in play from it clockwise (VARIANTS.md ``cutthroat``)."""
    me = int(view.seat)
    unseen = list(unpack(remove_all(DECKS[rules.deck].full, [int(c) for c in view.hand])))
    seats = [me]
    s = view.seating.left(me)
    while s != me:
        seats.append(int(s))
        s = view.seating.left(s)
    return unseen, seats


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
        p = chance_from_margin(o.meld + (o.points or 0) - bid, rules) if o.points is not None else 0.0
        total += expected_result(s, p, opponents)
    return total / max(1, len(outcomes))


def playing_samples(view: View, trump: int, buries: Sequence[Sequence[int]], samples: int,
                    rng: random.Random) -> list[list[float]]:
    """For the declarer holding its cards with the widow (``view.hand``): per choice of
    ``buries``, the chance of making the bid in each of ``samples`` deals of the unseen cards
    to the other two seats (the same deals for every choice), read from one greedy playout
    each (:func:`chance_from_margin`)."""
    rules = view.rules_set()
    mine = [int(c) for c in view.hand]
    unseen, seats = _unseen_and_round(view, rules)
    assert view.bid is not None
    m = view.melds[seats[0]]
    meld_total = m.total if m is not None else meld_by_trump(pack(mine), rules)[trump]
    out: list[list[float]] = [[] for _ in buries]
    for _ in range(samples):
        others = _deal_rest(unseen, [rules.hand_size] * (len(seats) - 1), rng)
        seed = rng.random()
        for k, bury in enumerate(buries):
            o = play_as_declarer(mine, others, seats, rules, random.Random(seed), trump, list(bury))
            out[k].append(chance_from_margin(meld_total + (o.points or 0) - view.bid, rules))
    return out


def widow_call(view: View, outcomes: Sequence[Outcome], margin: float = 0.0) -> bool:
    """Whether to bid ``view.legal.min_bid``: its expected settlement over ``outcomes``
    (:func:`bid_value`) is above ``margin`` (points). A pass costs nothing: when all pass the
    hand is annulled (VARIANTS.md ``cutthroat``)."""
    low = view.legal.min_bid
    return low is not None and bid_value(outcomes, view, low) > margin


def widow_bury(view: View, samples: int, rng: random.Random, candidates: int = 1) -> list[Card] | None:
    """The cards to bury, or ``None`` to concede (VARIANTS.md ``cutthroat``: "the declarer may
    concede at once (a single loss), or buries 3 cards that were not used in meld").

    The ``candidates`` best burials of :func:`bury_ranking` are each played out over the same
    ``samples`` deals of the unseen cards (:func:`playing_samples`); the one with the best
    chance of making the bid is kept, and the declarer concedes when paying single is worth
    more than playing with that chance (:func:`expected_result`).
    """
    return widow_bury_values(view, samples, rng, candidates)[0]


def widow_bury_values(view: View, samples: int, rng: random.Random, candidates: int = 1,
                      also: Sequence[Sequence[Card]] = ()) -> tuple[list[Card] | None, list[tuple[tuple[Card, ...] | None, float]]]:
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
    chances = playing_samples(view, int(view.trump), [[int(c) for c in b] for b in buries], samples, rng)
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


def widow_trump(view: View, samples: int, rng: random.Random) -> Suit:
    """The trump to name with the widow taken: of the suits whose meld plus a counter a card
    (:func:`trump_key`) comes within 4 counters of the best, the one whose simulated hand
    (:func:`play_as_declarer`, the same deals for each) is worth the most settlement."""
    return widow_trump_values(view, samples, rng)[0]


def widow_trump_values(view: View, samples: int, rng: random.Random,
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
    unseen, seats = _unseen_and_round(view, rules)
    opponents = len(seats) - 1
    weighed = suits + [int(s) for s in dict.fromkeys(also) if int(s) not in suits]
    value = {s: 0.0 for s in weighed}
    for _ in range(samples):
        others = _deal_rest(unseen, [rules.hand_size] * opponents, rng)
        seed = rng.random()
        for s in weighed:
            st = settlement(view, view.bid, s)
            if melds[s] >= view.bid:
                value[s] += opponents * st.made
                continue
            o = play_as_declarer(hand, others, seats, rules, random.Random(seed), s)
            p = chance_from_margin(o.meld + (o.points or 0) - view.bid, rules)
            value[s] += expected_result(st, p, opponents)
    best = Suit(max(suits, key=lambda s: (value[s], keys[s], -s)))
    return best, {s: v / samples for s, v in value.items()}


def make_chance(outcomes: Sequence[Outcome], bid: int) -> float:
    """The share of ``outcomes`` whose meld and points reach ``bid``."""
    if not outcomes:
        return 0.0
    return sum(1 for o in outcomes if o.meld + (o.points or 0) >= bid) / len(outcomes)


__all__ = ["Outcome", "Settlement", "bid_value", "bury_choice", "bury_value", "choose_trump",
           "declarer_samples", "expected_result", "make_chance", "play_as_declarer", "quick_bury",
           "settlement", "widow_bury_values", "widow_trump_values"]
