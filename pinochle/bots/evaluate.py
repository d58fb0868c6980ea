"""The evaluation interface: every candidate move of a seat, with Hard's value and a reason.

Given one seat's :class:`~pinochle.game.View` (never the hidden cards) and a budget,
:func:`evaluate` answers the moves the Hard player weighs, each with the points its search
expects for it and a short reason in the game's own words, best first. Hints and the
decision review are built on it.

* **Cards** (RULES.md, Play): Hard's own search (:meth:`~pinochle.bots.hard.HardPlayer.card_values`,
  or :meth:`~pinochle.bots.hard.HardPlayer.card_values_teams` in the widow games) gives each
  candidate card its mean value over the sampled deals: the hand score of the seat's side less
  the other side's by the game's own scoring (a widow game: the team's settlement). The best
  is the card Hard plays (its ties broken as Hard breaks them).
* **Trump** (RULES.md, Auction): Hard's simulation of the hand for each playable trump
  (:meth:`~pinochle.bots.hard.HardPlayer._simulate_trumps`) gives each suit the lower third of its
  sampled points (the cautious statistic Hard names trump by); in a
  widow game each suit near the best its mean settlement
  (:meth:`~pinochle.bots.hard.HardPlayer.widow_trump_values`).
* **A bid or pass** (RULES.md, Auction): the lowest bid and the pass with their mean points from Hard's
  simulation of the auction (:meth:`~pinochle.bots.hard.HardPlayer.call_values`; a widow game: the bid's
  expected settlement, the pass 0), also where Hard calls by a rule (its call is unchanged). Their reasons
  name what decides the call (:func:`call_facts`): how often declaring at the lowest bid would be set over Hard's
  deals and what a set costs, what the side would make there on average, its meld named as whose it is
  (:func:`call_estimate`), and where they bear the call out the two calls' values; a partner's bid that stands;
  the opponents' bid let go or pushed; a run's worth of meld.
* **A burial or conceding** (VARIANTS.md ``cutthroat``, ``auction``): the burials Hard plays out and
  conceding, with their expected settlement (:meth:`~pinochle.bots.hard.HardPlayer.bury_values`).
* **Racehorse's conceding** (VARIANTS.md ``racehorse``): conceding by the game's scorer, playing on by
  the mean of sampled deals played out (:meth:`~pinochle.bots.hard.HardPlayer.concede_values`).
* **The dix exchange** (``turned-trump``'s ``dix_exchange``): exchanging is worth the meld it adds to
  the seat's own (:func:`~pinochle.bots.base.dix_exchange_gain`), keeping the nine 0.
* **A game's family's own values** (:attr:`pinochle.bots.base.Strategy.values`): two-handed's cards
  (VARIANTS.md ``two-handed``), the mean score margin of each card Hard plays out while the stock
  lasts, the exact search's in the endgame (:func:`pinochle.bots.stock.stock_values`).
* **The card pass** (VARIANTS.md ``partnership-pass``): Hard's pass and those asked for, each played out
  over the same sampled deals (:meth:`~pinochle.bots.hard.HardPlayer.give_values`).
* **Every other move** (meld, drawing, dealing, a jump bid,
  the calls Hard makes by a rule rather than a simulation, two-handed's meld turn): Hard's
  move, with no value (``points`` is ``None``).

``also`` asks for moves Hard does not weigh to be valued too, over the same deals (a card it leaves
out, a burial outside its candidates, a trump it does not simulate); they never change
Hard's move or the others' values.

A reason is built only from facts the view and the search give (:class:`Fact`): who is winning
the trick, the counters a card gives, a card that beats the winning one, a partner known to be
void, the trump held, the meld with a suit as trump, the meld kept, how much better off the move
leaves the seat on average than the next best move (Hard's search, in a player's words). Each fact has a kind (:data:`FACT_KINDS`) so that tests can check it.

>>> from pinochle.game import new_match, turn, view
>>> s = new_match(seed=3)
>>> e = evaluate(view(s, turn(s)), samples=8)
>>> e.best.action.type in ("bid", "pass"), e.reason.endswith(".")
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..cards import ABOVE, DECKS, SUIT_NAMES, Card, remove
from ..game import Action, BidAction, CardsAction, PlayAction, TrumpAction, View, action_cards, game_named
from ..games.scorers import contract_outcome
from ..meld import meld, meld_by_trump
from ..rules import SCALES, RuleSet
from ..tricks import beats, winner_index
from .base import STRATEGIES, dix_exchange_gain, in_scale, married_trump, mates, pack_cards, strategy_of, wide_rules
from .card_reasons import separating
from .hard import HardPlayer
from .knowledge import play_inferences
from .normal import BID_CUSHION_WIDE, PARTNER_MELD_WIDE, choose_trump_wide, trump_value_wide
from .partners import double_marriage_suit, may_stick_the_dealer, saves_the_dealer
from .pimc import deals_of
from .widow import settlement

#: Every kind of fact a reason may name.
FACT_KINDS = (
    "only",            # the only legal move of its kind
    "partner_winning",  # a teammate's card is winning the trick
    "counters",        # the counters the card adds to the side's tricks
    "beats",           # the card beats the card winning the trick now
    "cannot_beat",     # the card cannot beat the winning card
    "lowest",          # the card is the lowest the seat holds in its suit
    "high_card",       # no card of the suit above it is left unseen: it wins the trick led
    "partner_void",    # the partner has shown a void in the suit led and may trump it
    "trump_length",    # the trumps (or cards of the named suit) held
    "meld_in_suit",    # the seat's meld with the named suit as trump (a bid by a rule: a run's worth, a double marriage)
    "meld_kept",       # a run, pinochle, marriage... still in the hand after the cards leave it, or its meld whole
    "meld_points",     # the meld laid down or declared, its points
    "contract",        # what the declarer still needs to make the bid
    "estimate",        # a bid or pass: what the seat's side would make declaring at the lowest bid, on average
    "high_bid",        # a pass: the high bid that stands (the partner's, or the other side's let go)
    "save",            # an opening at the lowest bid for the partner, the dealer, who would be stuck if all passed
    "search",          # on average the move leaves the seat better off than the next best one (Hard's search)
    "cheapest",        # the cheapest card to throw on a trick let go (pinochle.bots.card_reasons)
    "draws",           # the lowest trump led to draw the other side's trumps
    "keeps",           # a high card kept to win a trick later (against that card alone: the decision review)
    "trump_suit",      # a suit to name trump, against another: its length, its aces and tens, the meld with it as trump
)

#: The sampled deals a card behind a hint: Hard's own budget (:class:`~pinochle.bots.hard.HardPlayer`).
DEFAULT_SAMPLES = 192


@dataclass(frozen=True)
class Fact:
    """One thing true of a position that a reason names.

    Attributes:
        kind: one of :data:`FACT_KINDS`.
        text: the fact in a player's words, e.g. ``"your partner's A♠ is winning"``.
    """

    kind: str
    text: str


@dataclass(frozen=True)
class Option:
    """One candidate move.

    Attributes:
        action: the move (an action as ``"action"`` takes it, for the view's seat).
        points: the points Hard's search expects for it (the side's hand score less the
            other side's; a widow game: the team's settlement), or ``None`` when the move
            was not valued (a move with no alternative searched).
        facts: what the reason says, in order.
    """

    action: Action
    points: float | None
    facts: tuple[Fact, ...] = ()

    @property
    def reason(self) -> str:
        """One or two sentences: the move, then its facts (at most two).

        >>> Option(Action.play_(2, Card.parse("TS")), 3.0, (Fact("counters", "this gives your side 10 more counters"),)).reason
        'Play the 10♠: this gives your side 10 more counters.'
        """
        head = describe(self.action)
        texts = [f.text for f in self.facts[:2]]
        if not texts:
            return head + "."
        return f"{head}: {', and '.join(texts)}."


@dataclass(frozen=True)
class Evaluation:
    """The candidate moves of one seat, the best (Hard's move) first, then by points.

    Attributes:
        seat: whose moves these are.
        options: the candidates; ``options[0]`` is the move Hard makes.
    """

    seat: int
    options: tuple[Option, ...]

    @property
    def best(self) -> Option:
        """Hard's move."""
        return self.options[0]

    @property
    def reason(self) -> str:
        """Why the best move (:attr:`Option.reason`)."""
        return self.best.reason

    def option_for(self, action: Action) -> Option | None:
        """The candidate for ``action`` (cards passed or buried in any order), or ``None`` when it was
        not weighed."""
        return next((o for o in self.options if same_move(o.action, action)), None)


def same_move(a: Action, b: Action) -> bool:
    """Whether ``a`` and ``b`` are the same move: equal, the cards of a pass or a burial in any order.

    >>> same_move(Action.bury_(0, [Card.parse("KS"), Card.parse("9H")]), Action.bury_(0, [Card.parse("9H"), Card.parse("KS")]))
    True
    """
    if a == b:
        return True
    return (isinstance(a, CardsAction) and isinstance(b, CardsAction) and (a.type, a.seat) == (b.type, b.seat)
            and sorted(a.cards) == sorted(b.cards))


def _cards_text(cards: Sequence[Card]) -> str:
    labels = [c.label for c in cards]
    if len(labels) == 1:
        return "the " + labels[0]
    return "the " + ", ".join(labels[:-1]) + " and " + labels[-1]


def describe(action: Action) -> str:
    """The move in a player's words, e.g. ``"Play the 10♠"``, ``"Bid 250"``, ``"Name hearts trump"``.

    >>> describe(Action.trump_(0, 1)), describe(Action.bid_(0, 250))
    ('Name hearts trump', 'Bid 250')
    """
    t = action.type
    if isinstance(action, PlayAction):
        return "Play " + _cards_text([action.card])
    if isinstance(action, BidAction):
        return f"Bid {action.bid}"
    if t == "pass":
        return "Pass"
    if isinstance(action, TrumpAction):
        return f"Name {SUIT_NAMES[action.suit]} trump"
    cards = action_cards(action)
    if t == "give":
        return "Pass " + _cards_text(cards)
    if t == "bury":
        return "Bury " + _cards_text(cards)
    if t == "meld":
        return "Declare " + _cards_text(cards) if cards else "Lay down your meld"
    return {"concede": "Concede the hand", "play_on": "Play the hand out", "deal": "Deal the next hand",
            "dix": "Take the dix", "draw": "Draw from the stock"}.get(t, t)


def _counters(n: int) -> str:
    """``"10 more counters"``, ``"1 more counter"``."""
    return f"{n} more counter{'' if n == 1 else 's'}"


def _mate_word(view: View) -> str:
    """"your partner", or in a widow game (the declarer alone against two) "the other defender"."""
    return "your partner" if view.seating.players == 4 else "the other defender"


def _taker(view: View) -> str:
    """Who the counters of a trick won go to, in a player's words: "your side" with a partner, and for a
    defender in a widow game (the two defenders' counters count together against the declarer); "you"
    alone (two-handed, the declarer in a widow game)."""
    if view.seating.players == 2 or (view.rules_set().widow and view.declarer == view.seat):
        return "you"
    return "your side"


def card_facts(view: View, card: Card) -> list[Fact]:
    """The facts of the view that bear on playing ``card`` (see :data:`FACT_KINDS`)."""
    facts: list[Fact] = []
    if view.trump is None:
        return facts
    rules = view.rules_set()
    trump = int(view.trump)
    players = view.seating.players
    current = view.tricks[-1] if view.tricks and len(view.tricks[-1].cards) < players else None
    worth = rules.counters[card % 6]
    team = set(mates(view))
    if current is None or not current.cards:
        held = sum(1 for c in view.hand if c // 6 == trump)
        if card // 6 == trump:
            facts.append(Fact("trump_length", f"you hold {held} trump{'s' if held != 1 else ''}"))
        unseen = DECKS[rules.deck].full  # the cards neither in this hand nor played (as Hard's table counts them)
        for c in view.hand:
            unseen = remove(unseen, c)
        for t in view.tricks:
            for c in t.cards:
                unseen = remove(unseen, c)
        if not unseen & ABOVE[card]:
            # the cards above it may be in this hand: the fact is that no other player can hold one
            facts.append(Fact("high_card", f"nobody else can hold a {SUIT_NAMES[card // 6][:-1]} above it"))
        # a card nobody else can beat in its suit needs no partner's trump: a void is named for a lower card
        mates_void = set() if any(f.kind == "high_card" for f in facts) else team
        voids = play_inferences(view).voids if mates_void else ()
        for m in mates_void:
            if card // 6 != trump and voids[m] >> (card // 6) & 1 and not voids[m] >> trump & 1:
                facts.append(Fact("partner_void", f"{_mate_word(view)} is void in {SUIT_NAMES[card // 6]}"
                                  " and may trump it"))
        suit = [c for c in view.hand if c // 6 == card // 6]
        if not facts and all(c % 6 >= card % 6 for c in suit):
            facts.append(Fact("lowest", f"it is your lowest {SUIT_NAMES[card // 6][:-1]}"))
        return facts
    cards = list(current.cards)
    at = winner_index(cards, trump)
    winning = cards[at]
    winner = int(current.seat_of(at))
    last = len(cards) == players - 1
    if winner in team and beats(card, winning, trump):
        # the card takes the trick from the partner: forced (every legal card beats it, e.g. a void that must
        # trump) or chosen, never "the partner's card is winning" as if it stayed so
        forced = all(beats(c, winning, trump) for c in view.legal.cards)
        facts.append(Fact("partner_winning", f"{'every card you may play beats' if forced else 'it takes the trick from'}"
                                             f" {_mate_word(view)}'s {Card(winning).label}"))
        if worth:
            facts.append(Fact("counters", f"this gives {_taker(view)} {_counters(worth)}"))
    elif winner in team:
        facts.append(Fact("partner_winning", f"{_mate_word(view)}'s {Card(winning).label} is winning"))
        if worth:
            facts.append(Fact("counters", f"this gives {_taker(view)} {_counters(worth)}"))
    elif beats(card, winning, trump):
        facts.append(Fact("beats", f"it beats the {Card(winning).label}"
                          + (" and wins the trick" if last else "")))
        if last and worth + sum(rules.counters[c % 6] for c in cards):
            gained = worth + sum(rules.counters[c % 6] for c in cards)
            facts.append(Fact("counters", f"this gives {_taker(view)} {_counters(gained)}"))
    elif any(beats(c, winning, trump) for c in view.legal.cards):
        # a legal card beats the winning card (in two-handed while the stock lasts, any trump):
        # this one is held back on purpose
        facts.append(Fact("cannot_beat", f"it does not try to beat the {Card(winning).label}"))
    else:
        facts.append(Fact("cannot_beat", f"you cannot beat the {Card(winning).label}"))
        if not worth:
            facts.append(Fact("counters", "it gives away no counters"))
    return facts


def _meld_facts(view: View, hand: Sequence[Card], trump: int, kept: bool) -> list[Fact]:
    """The runs, pinochles and marriages of ``hand`` with ``trump`` as trump (``kept``: still held)."""
    rules = view.rules_set()
    m = meld(pack_cards(hand, DECKS[rules.deck]), trump, rules)
    names = list(dict.fromkeys(i.name for i in m.items if i.kind in ("run", "pinochle", "marriage")
                               or i.kind.startswith("around")))
    if not names:
        return []
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return [Fact("meld_kept", f"you keep your {listed}" if kept else f"you hold a {listed}")]


def _give_kept_facts(view: View, rest: Sequence[Card], cards: Sequence[Card]) -> list[Fact]:
    """What a card pass with no run, pinochle, marriage or around to name keeps (VARIANTS.md
    ``partnership-pass``: the declarer passes back 4 cards; RULES.md, Meld): the meld left whole (every point
    of the hand's meld in trump still in the cards kept), and every trump kept when none is passed.
    """
    rules = view.rules_set()
    assert view.trump is not None
    trump = int(view.trump)
    deck = DECKS[rules.deck]
    before = meld(pack_cards(view.hand, deck), trump, rules).total
    after = meld(pack_cards(rest, deck), trump, rules).total
    facts = []
    if before and after == before:
        facts.append(Fact("meld_kept", f"your meld of {before} stays whole"))
    held = sum(1 for c in view.hand if c // 6 == trump)
    if held and not any(c // 6 == trump for c in cards):
        facts.append(Fact("trump_length", f"you keep all {held} of your trumps"))
    return facts


def _trump_facts(view: View, suit: int) -> list[Fact]:
    rules = view.rules_set()
    held = sum(1 for c in view.hand if c // 6 == suit)
    points = meld_by_trump(pack_cards(view.hand, DECKS[rules.deck]), rules)[suit]
    return [Fact("meld_in_suit", f"your meld with {SUIT_NAMES[suit]} as trump is {points}"),
            Fact("trump_length", f"you hold {held} {SUIT_NAMES[suit]}")]


def suit_words(view: View, suit: int, named: bool = True) -> str:
    """A suit as a trump to name, in a player's words (RULES.md, Auction: the declarer names trump; Meld: the meld
    with each suit as trump): how many cards of it the seat holds, its aces and tens (the cards that win and count),
    and the seat's meld with it as trump, e.g. ``"hearts: 5 trumps with both A♥ and a 10♥, meld 40"`` (``named``
    False: without the suit's name, where the move names it: ``"5 trumps with both A♥ and a 10♥, meld 40"``).

    >>> from pinochle.game import new_match, view
    >>> v = view(new_match(seed=1), 0)
    >>> suit_words(v, 1), suit_words(v, 0)
    ('hearts: 4 trumps with an A♥ and a 10♥, meld 160', 'spades: 2 trumps with no A♠ or 10♠, meld 140')
    """
    rules = view.rules_set()
    deck = DECKS[rules.deck]
    cards = [c for c in view.hand if c // 6 == suit]
    sign = Card(suit * 6).label[-1]
    highs = []
    for rank, name in ((5, "A"), (4, "10")):
        k = sum(1 for c in cards if c % 6 == rank)
        copies = deck.copies[suit * 6 + rank]
        if k:
            highs.append(f"{'an' if name == 'A' else 'a'} {name}{sign}" if k == 1
                         else f"both {name}{sign}" if k == copies == 2 else f"{k} {name}{sign}")
    high = " and ".join(highs) if highs else f"no A{sign} or 10{sign}"
    points = meld_by_trump(pack_cards(view.hand, deck), rules)[suit]
    n = len(cards)
    said = f"{n} trump{'s' if n != 1 else ''} with {high}, meld {points}"
    return f"{SUIT_NAMES[suit]}: {said}" if named else said


def trump_choice_facts(view: View, suit: int, against: Sequence[int] = ()) -> list[Fact]:
    """Why name ``suit`` trump rather than the suits of ``against`` (a hint: the next best suit; the decision
    review: the suit named instead), in a player's words: each suit's length, aces and tens and meld with it as
    trump (:func:`suit_words`), ``suit`` first, the others after, so that the reason separates the suit from the
    one it is compared with, ``suit`` unnamed as the move names it ("Name hearts trump: 5 trumps with an A♥ and both
    10♥, meld 40; spades: 2 trumps with no A♠ or 10♠, meld 20"). RULES.md, Auction and Meld."""
    said = [suit_words(view, t, i > 0) for i, t in enumerate((suit, *dict.fromkeys(a for a in against if a != suit)))]
    return [Fact("trump_suit", "; ".join(said))]


@dataclass(frozen=True)
class CallEstimate:
    """What a bid at the lowest legal bid counts on: the seat declaring there, on average over the deals Hard's
    simulation of the hand plays out (the hand as declarer with its best trump, :meth:`HardPlayer._simulate_trumps`,
    the card pass dealt in the games with one; in a widow game, the deals Hard's call is valued on, the widow taken).

    Attributes:
        bid: the bid (the lowest legal one).
        meld: the declaring side's meld (a widow game: the declarer's, with the widow), on average.
        counters: the counters it takes in the play (the last trick's included), on average.
        made: the share of the deals in which meld and counters reach ``bid``.
        deals: how many deals the estimate is the mean of.
        coming: the cards the seat would get as declarer, in words ("your partner's 4 cards", "the widow"),
            or ``""``.
        who: whose points they are: ``"your side"`` or ``"you"``.
        own: the seat's own meld now (its hand before any card comes) in the trump it declares with (a widow game,
            whose declarer names trump after seeing the widow: the trump named most often, ``trumps[0]``): the
            figure the hand's "meld if trump" shows for that suit; the rest of ``meld`` comes from the partner's
            hand and the pass, or the widow (and, in a widow game, from another trump the widow leads to).
        trumps: the trumps it declares with over the deals, the most often first (one in a partnership game; a
            widow game's declarer names trump after seeing the widow).
    """

    bid: int
    meld: float
    counters: float
    made: float
    coming: str
    who: str
    deals: int = 0
    own: float = 0.0
    trumps: tuple[int, ...] = ()

    @property
    def total(self) -> float:
        """Meld and counters together: what the side makes on average."""
        return self.meld + self.counters


def _about(points: float, view: View) -> int:
    """``points`` rounded as the game counts them: to tens in the tens scale, to ones in the ones scale.

    >>> from pinochle.game import new_match, view
    >>> _about(207.5, view(new_match(seed=1), 0)), _about(14.6, view(new_match(seed=1, game="cutthroat"), 1))
    (210, 15)
    """
    unit = SCALES[view.rules_set().scale].unit
    return int(math.floor(points / unit + 0.5)) * unit


def call_estimate(view: View, player: HardPlayer) -> CallEstimate | None:
    """The :class:`CallEstimate` of ``view``'s lowest bid, from ``player``'s own simulation (its seed, so the
    numbers are the ones its call was made on where its call is that simulation), or ``None`` where the game
    has no such simulation (a deck of four copies, no bid to make)."""
    low = view.legal.min_bid
    rules = view.rules_set()
    if low is None or strategy_of(view) is not STRATEGIES["tricks"] or wide_rules(view) is not None:
        return None
    if rules.widow:
        widow = player._normal._widow_outcomes(view, player.widow_call_samples)
        if not widow:
            return None
        n = len(widow)
        mine = meld_by_trump(pack_cards(view.hand, DECKS[rules.deck]), rules)
        named = [o.trump for o in widow]
        trumps = tuple(sorted(set(named), key=lambda t: (-named.count(t), t)))
        return CallEstimate(low, sum(o.meld for o in widow) / n, sum(o.points or 0 for o in widow) / n,
                            sum(1 for o in widow if o.meld + (o.points or 0) >= low) / n,
                            # the hand's meld in the trump named most often, as its "meld if trump" shows it (an
                            # average over the trumps named read "14 of your own" beside a chip of 15: the thirteenth
                            # review); what the widow and the trump it leads to add is the rest
                            "the widow", "you", n, float(mine[trumps[0]]), trumps)
    melds: list[list[int]] = []
    best, outcomes = player._simulate_trumps(view, melds)
    results, side_melds = outcomes[best], melds[best]
    if not results:
        return None
    n = len(results)
    # a side's points are its meld (kept with a trick) and its counters: without a trick both are 0
    counters = [max(0, r - m) for r, m in zip(results, side_melds)]
    coming = f"your partner's {rules.pass_cards} cards" if rules.pass_cards else ""
    own = meld_by_trump(pack_cards(view.hand, DECKS[rules.deck]), rules)[int(best)]
    return CallEstimate(low, sum(side_melds) / n, sum(counters) / n, sum(1 for r in results if r >= low) / n,
                        coming, who_gains(view), n, float(own), (int(best),))


def _set_deals(est: CallEstimate) -> str:
    """How often declaring at the bid is set, in the deals the estimate was worked out on (the deals in which meld
    and counters fall short of the bid): ``"your side would be set in 10 of 24 deals"``, ``"you would be set in
    none of 48 deals"``.

    >>> _set_deals(CallEstimate(250, 100.0, 150.0, 14 / 24, "", "your side", 24))
    'your side would be set in 10 of 24 deals'
    >>> _set_deals(CallEstimate(30, 20.0, 12.0, 1.0, "the widow", "you", 48))
    'you would be set in none of 48 deals'
    """
    k = est.deals - round(est.made * est.deals)
    said = "none of" if k == 0 else "all" if k == est.deals else f"{k} of"
    return f"{est.who} would be set in {said} {est.deals} deals"


def set_cost(view: View, bid: int, trumps: Sequence[int] = ()) -> str:
    """What a set costs the declarer at ``bid``, from the game's own scorer, in a player's words (RULES.md,
    Scoring a hand: the bid is subtracted; VARIANTS.md ``racehorse``: the other side scores 250 more;
    ``cutthroat``, ``auction``: the declarer pays each opponent, double when set after play, and a made bid wins
    from each, single when conceded): ``"a set costs 250"``, ``"a set gives the other side 250"``, ``"a set pays each
    opponent 2, 1 if conceded, a make wins 1 from each"``; ``""`` where a set costs nothing more. ``trumps``: a widow game's trumps the estimate
    declares with, the most often first (the stake may depend on the trump: auction's spades).

    >>> from pinochle.game import new_match, view
    >>> set_cost(view(new_match(seed=1), 0), 250), set_cost(view(new_match(seed=1, game="racehorse"), 0), 250)
    ('a set costs 250', 'a set gives the other side 250')
    >>> set_cost(view(new_match(seed=1, game="cutthroat"), 1), 30, [1])
    'a set pays each opponent 2, 1 if conceded, a make wins 1 from each'
    >>> set_cost(view(new_match(seed=1, game="auction"), 1), 250, [1, 0])
    'a set pays each opponent 10, 5 if conceded, a make wins 5 from each (twice in spades)'
    """
    rules = view.rules_set()
    if rules.widow:
        named = list(dict.fromkeys(trumps or (0,)))
        stakes = {t: settlement(view, bid, t) for t in named}
        first = min(stakes.values(), key=lambda x: (x.set, x.made))
        conceded = f", {first.conceded} if conceded" if first.conceded != first.set else ""
        said = f"a set pays each opponent {first.set}{conceded}, a make wins {first.made} from each"
        for stake in dict.fromkeys(x for x in stakes.values() if x != first):
            suits = " or ".join(SUIT_NAMES[t] for t in named if stakes[t] == stake)
            times = stake.set // first.set if first.set and stake.set % first.set == 0 else 0
            if times and stake.made == times * first.made:
                said += f" ({'twice' if times == 2 else f'{times} times'} in {suits})"
            else:
                said += f" ({stake.set} and {stake.made} in {suits})"
        return said
    outcome = game_named(view.game).outcome or contract_outcome
    side = view.seating.side_of[int(view.seat)]
    # the declaring side taking no points at all: what the scorer does to it and to the other side for the set
    score = outcome(side, bid, (0, 0), (1, 1), (0, 0), rules)
    if score[side] < 0:
        return f"a set costs {-score[side]}"
    if score[1 - side] > 0:
        return f"a set gives the other side {score[1 - side]}"
    return ""


def _meld_parts(view: View, est: CallEstimate) -> tuple[int, str]:
    """The estimate's meld named as whose it is, as the game rounds it: ``(meld, "your 10 meld in hearts, 50 from
    your partner")``: the seat's own in the trump it declares with (the figure its "meld if trump" shows for that
    suit; a widow game: the trump named most often), then what the partner's hand, the pass or the widow adds on
    average (the two add up to ``meld``)."""
    meld, own = _about(est.meld, view), _about(est.own, view)
    suit = f" in {SUIT_NAMES[est.trumps[0]]}" if est.trumps else ""
    words = ("none of your own" if own == 0 else f"your {own} meld" if suit else f"{own} of your own") + suit
    extra = meld - own
    widow = est.coming == "the widow"
    # the partner's hand, and with a card pass the cards it passes and gets back; or the widow
    source = "from the widow" if widow else "from your partner"
    if extra > 0:
        words += f", {extra} {source}"
    elif extra < 0:  # the widow leading to a trump of less meld, or cards passed away
        words += f", {-extra} less {'with the trump the widow leads to' if widow else 'after the pass'}"
    return meld, words


def _estimate_words(view: View, est: CallEstimate, bidding: bool) -> str:
    """The estimate a call counts on, its numbers the evaluation's own (each rounded as the game counts), the most
    telling first: how often a bid is set and what a set costs, then what the side makes on average, its meld named
    as whose it is, e.g. ``"bidding 250, your side would be set in 12 of 24 deals (a set costs 250) and on average make
    260 (your 10 meld in hearts, 50 from your partner, 200 counters)"`` (``bidding``: a pass's words; a bid's
    start at "your side")."""
    cost = set_cost(view, est.bid, est.trumps) if est.made < 1 else ""
    meld, parts = _meld_parts(view, est)
    counters = _about(est.counters, view)
    lead = f"bidding {est.bid}, " if bidding else ""
    return (f"{lead}{_set_deals(est)}{f' ({cost})' if cost else ''} and on average make {meld + counters} ({parts},"
            f" {counters} counters)")


def _makes(view: View, est: CallEstimate) -> int:
    """What the estimate says the side makes, as its words round it (meld and counters each rounded)."""
    return _about(est.meld, view) + _about(est.counters, view)


def _margin(points: float, view: View, them: str) -> str:
    """A hand's mean score margin in words: ``"130 behind the other side"`` (``them``: ``"the other side"``; ``""``
    for a second mention: ``"120 ahead"``)."""
    n = _about(abs(points), view)
    if n == 0:
        return f"level with {them}" if them else "level"
    if them:
        return f"{n} {'ahead of' if points > 0 else 'behind'} {them}"
    return f"{n} {'ahead' if points > 0 else 'behind'}"


def call_values_words(view: View, bid: float, passed: float, after_estimate: bool) -> str:
    """What Hard's simulation of the auction weighs, in a player's words: the mean outcome of bidding the lowest bid
    and of passing (:meth:`~pinochle.bots.hard.HardPlayer.call_values`), so that what a review charges is seen to
    come from them. With a partner, the hand's score margin; in a widow game, the expected settlement (a pass is 0:
    when all pass the deal is thrown in, VARIANTS.md ``cutthroat``). ``after_estimate``: the words go on the
    estimate's (:func:`_estimate_words`, whose subject they share): ``" and end the hand 130 behind the other side (120
    ahead if you pass)"``, ``" and lose 1.8 on the settlement"`` (a pass: nothing); else a fact of their own:
    ``"on average your side would end the hand 130 behind the other side if you bid, 120 ahead if you pass"``."""
    if view.rules_set().widow:
        n = f"{abs(bid):.1f}"
        if n == "0.0":  # nothing either way: the estimate says it all
            return "" if after_estimate else "on average a bid would win you nothing on the settlement, as a pass"
        won = f"{'win' if bid > 0 else 'lose'} {n}"
        if after_estimate:
            return f" and {won} on the settlement"
        return f"on average you would {won} on the settlement if you bid, nothing if you pass"
    them = "the other side" if who_gains(view) == "your side" else "the others"
    if after_estimate:
        return f" and end the hand {_margin(bid, view, them)} ({_margin(passed, view, '')} if you pass)"
    return (f"on average {who_gains(view)} would end the hand {_margin(bid, view, them)} if you bid,"
            f" {_margin(passed, view, '')} if you pass")


def _high_bid_words(view: View) -> tuple[str, str] | None:
    """Who holds the high bid, as ``("partner" | "opponent", words)``: ``"your partner's 250"``, ``"the opponents'
    250"`` (an opponent alone: ``"an opponent's 30"``); ``None`` before any bid or when it is the seat's own."""
    if view.high_bidder is None or view.high_bid is None or int(view.high_bidder) == int(view.seat):
        return None
    if int(view.high_bidder) in mates(view):
        return "partner", f"your partner's {view.high_bid}"
    side = "the opponents'" if view.seating.players == 4 else "an opponent's"
    return "opponent", f"{side} {view.high_bid}"


def wide_worth(view: View) -> float | None:
    """In a deck of four copies (VARIANTS.md ``double-deck``), where Hard calls as Normal does: what the hand is
    worth as declarer by Normal's valuation (:meth:`pinochle.bots.normal.NormalPlayer.call`: its meld and trick
    value with its best trump, less the cushion, more after a partner's bid, less after its pass), the figure its
    call compares with the bid; ``None`` in another game."""
    wide = wide_rules(view)
    if wide is None:
        return None
    worth = choose_trump_wide(view.hand, wide)[1] - BID_CUSHION_WIDE
    partner = [call for who, call in view.calls if int(who) in mates(view)]
    unit = wide.total_counters / 50
    if partner and partner[-1] is not None:
        worth += 4 * unit
    elif partner:
        worth -= 4 * unit
    return worth


def wide_worth_words(view: View, worth: float) -> str:
    """Double-deck's worth of the hand (:func:`wide_worth`) in whole points rounded down, with its parts as Normal's
    valuation counts them (:func:`pinochle.bots.normal.trump_value_wide`): the seat's own meld in its trump (the figure
    its "meld if trump" shows), the counters it expects, the partner's meld it counts on (more after the partner's
    bid, less after its pass), less the cushion a bid keeps (:data:`pinochle.bots.normal.BID_CUSHION_WIDE`), adding up:
    ``"your hand is worth about 57 as declarer (your 20 meld in hearts, 33 counters, 12 from your partner, less 8)"``."""
    wide = wide_rules(view)
    assert wide is not None
    suit, _ = choose_trump_wide(view.hand, wide)
    own = meld_by_trump(pack_cards(view.hand, DECKS[wide.deck]), wide)[int(suit)]
    partner = math.floor(worth + BID_CUSHION_WIDE - _trump_value_wide_counters(view, wide, int(suit), own) - own + 1e-9)
    total = math.floor(worth)
    counters = total + BID_CUSHION_WIDE - own - partner
    mine = f"your {own} meld" if own else "none of your own"
    return (f"your hand is worth about {total} as declarer ({mine} in {SUIT_NAMES[int(suit)]}, {counters} counters,"
            f" {partner} from your partner, less {BID_CUSHION_WIDE})")


def _trump_value_wide_counters(view: View, wide: RuleSet, suit: int, own: int) -> float:
    """The counters double-deck's valuation expects with ``suit`` as trump: its value less the meld and the partner's."""
    return trump_value_wide(view.hand, suit, own, wide) - own - PARTNER_MELD_WIDE


def call_facts(view: View, action: Action, est: CallEstimate | None, player: HardPlayer | None = None) -> list[Fact]:
    """The facts that decide a bid at the lowest bid or a pass (RULES.md, Auction; VARIANTS.md for each game), each
    the evaluation's own numbers (``est``: :func:`call_estimate`; ``player``: the Hard player whose rules of the
    call are named):

    * a bid: the estimate (:func:`_estimate_words`: how often the bid would be set and what a set costs, then what
      the side would make as declarer on average, its meld named as whose it is: the seat's own, then the partner's
      hand and the card pass or the widow); over an opponent's bid, that bid named; a bid Hard makes by a rule (a
      run's worth of meld opened, a double marriage) names the rule;
    * a pass: the partner's high bid that stands; the other side's bid let go; the estimate of bidding (unless the
      partner's bid stands and the side would make the next bid: the partners' rule decides). The two calls' values
      are added after (:func:`_with_call_facts`) where they bear the call out: never the meld as an argument to bid.

    Without an estimate (a game whose call Hard makes as Normal does): the meld with the best trump, as a bid's
    reason, and for a pass only who holds the bid.
    """
    rules = view.rules_set()
    low = view.legal.min_bid
    high = _high_bid_words(view)
    facts: list[Fact] = []
    if action.type == "pass":
        if high is not None and high[0] == "partner":
            gets = f", with {rules.pass_cards} cards from you to come" if rules.pass_cards else ""
            facts.append(Fact("high_bid", f"{high[1]} stands{gets}"))
        elif high is not None:
            facts.append(Fact("high_bid", f"let {high[1]} stand"))
        if low is None:
            return facts
        if est is None:
            worth = wide_worth(view)
            if worth is not None and worth < low:
                facts.append(Fact("estimate", f"{wide_worth_words(view, worth)}, short of {low}"))
            return facts
        if high is not None and high[0] == "partner" and _makes(view, est) >= low:
            return facts  # the partner's bid stands by the partners' rule (pinochle.bots.partners): never a case to bid over it
        facts.append(Fact("estimate", _estimate_words(view, est, True)))
        return facts
    if not isinstance(action, BidAction):
        return facts
    by_suit = meld_by_trump(pack_cards(view.hand, DECKS[rules.deck]), rules)
    best = max(range(4), key=lambda s: (by_suit[s], sum(1 for c in view.hand if c // 6 == s)))
    worth = wide_worth(view) if est is None else None
    if worth is not None and action.bid == low and worth >= low:  # a deck of four copies: Normal's valuation
        # whole points rounded down, so that "worth about 57" is never said of a hand short of 58
        return [Fact("estimate", f"{wide_worth_words(view, worth)}, enough for {low}")]
    if player is not None and est is not None and not rules.widow and action.bid == low and not any(
            int(w) == int(view.seat) for w, _ in view.calls) and player._opens_a_run(view):
        # the suit the estimate declares with where it melds a run's worth too: one trump named in the reason
        run = next((t for t in est.trumps[:1] if by_suit[t] >= in_scale(150, view)), best)
        facts.append(Fact("meld_in_suit", f"your meld with {SUIT_NAMES[run]} as trump is {by_suit[run]}, a run's worth"))
    elif player is not None and not rules.widow and action.bid == low and player.saves and saves_the_dealer(view):
        # Hard's save (pinochle.bots.partners.saves_the_dealer), made by a rule: the estimate that follows is the contract's
        facts.append(Fact("save", "your partner, the dealer, would be stuck if all passed: open for your side"))
    elif not rules.widow and may_stick_the_dealer(view) and double_marriage_suit(view.hand) is not None:
        suit = double_marriage_suit(view.hand)
        assert suit is not None
        facts.append(Fact("meld_in_suit", f"your meld with {SUIT_NAMES[suit]} as trump is {by_suit[suit]}, a double"
                                          " marriage: open it rather than stick the dealer"))
    if est is not None and action.bid == low and high is not None and high[0] == "opponent" and not facts:
        # over the other side's bid (after a rule's fact, the estimate alone: a reason stays short)
        facts.append(Fact("estimate", f"over {high[1]}, {_estimate_words(view, est, False)}"))
    elif est is not None and action.bid == low:
        facts.append(Fact("estimate", _estimate_words(view, est, False)))
    if not facts:
        return _trump_facts(view, best)
    return facts


def whole(points: float) -> int:
    """Points in whole points as a player is shown them, rounded half up.

    >>> whole(23.5), whole(0.4)
    (24, 0)
    """
    return math.floor(round(points, 1) + 0.5)


def action_facts(view: View, action: Action) -> list[Fact]:
    """The facts of the view that bear on ``action`` (any move; see :data:`FACT_KINDS`)."""
    rules = view.rules_set()
    t = action.type
    if isinstance(action, PlayAction):
        return card_facts(view, action.card)
    if isinstance(action, TrumpAction):
        return trump_choice_facts(view, int(action.suit))
    cards = action_cards(action)
    if t in ("bid", "pass") and view.legal.min_bid is not None:
        by_suit = meld_by_trump(pack_cards(view.hand, DECKS[rules.deck]), rules)
        best = max(range(4), key=lambda s: (by_suit[s], sum(1 for c in view.hand if c // 6 == s)))
        return _trump_facts(view, best)
    if t in ("give", "bury") and view.trump is not None:
        rest = list(view.hand)
        for c in cards:
            rest.remove(c)
        facts = _meld_facts(view, rest, int(view.trump), kept=True)
        trumps = [c for c in cards if c // 6 == int(view.trump)]
        if t == "give" and trumps:
            facts.append(Fact("trump_length", f"{_cards_text(trumps)} {'is' if len(trumps) == 1 else 'are'}"
                              " trump for your partner"))
        if t == "bury":
            worth = sum(rules.counters[c % 6] for c in cards)
            if worth:
                facts.append(Fact("counters", f"the buried cards count {worth} for you"))
        if t == "give" and not facts:
            facts = _give_kept_facts(view, rest, cards)
        return facts
    if t == "meld":
        items = view.legal.melds
        if cards:
            item = next((i for i in items if tuple(sorted(i.cards)) == tuple(sorted(cards))), None)
            return [Fact("meld_points", f"the {item.name} scores {item.points}")] if item else []
        if view.trump is not None:
            m = meld(pack_cards(view.hand, DECKS[rules.deck]), int(view.trump), rules)
            return [Fact("meld_points", f"your meld is worth {m.total}")]
        return []
    if t in ("concede", "play_on") and view.bid is not None and view.declarer is not None:
        side = view.seating.side_of[int(view.declarer)]
        need = max(0, view.bid - view.meld_shown[side] - view.counters[side])
        if need == 0:
            return [Fact("contract", f"your meld and counters already make {view.bid}")]
        if need > rules.total_counters - sum(view.counters):
            return [Fact("contract", f"{view.bid} cannot be made: it needs {need} more counters, and only "
                         f"{rules.total_counters - sum(view.counters)} are left to take")]
        return [Fact("contract", f"you need {need} more counters to make {view.bid}, of the "
                     f"{rules.total_counters} in a hand")]
    if t == "dix":
        if view.legal.dix_points:
            return [Fact("meld_points", f"the dix scores {view.legal.dix_points}")]
        if view.turned is not None:
            return [Fact("meld_points", f"the {view.turned.label} adds {dix_exchange_gain(view)} to your meld")]
        return []
    if t in ("deal", "draw"):
        return [Fact("only", "it is the only move")]
    return []


def who_gains(view: View) -> str:
    """Whom a move's points go to, in a player's words: ``"your side"`` with a partner, else ``"you"``."""
    seat = int(view.seat)
    side = view.seating.side_of[seat]
    return "your side" if sum(1 for s in view.seating.side_of if s == side) > 1 else "you"


def other_move(action: Action) -> str:
    """A move not made, as the end of "better off than ...": ``"the K♣"``, ``"a bid of 250"``, ``"passing"``.

    >>> other_move(Action.play_(0, Card.parse("KC"))), other_move(Action.bid_(0, 250)), other_move(Action.trump_(0, 1))
    ('the K♣', 'a bid of 250', 'hearts as trump')
    """
    t = action.type
    if t == "play":
        return describe(action).split(" ", 1)[1]
    if isinstance(action, BidAction):
        return f"a bid of {action.bid}"
    if isinstance(action, TrumpAction):
        return f"{SUIT_NAMES[action.suit]} as trump"
    if t in ("give", "bury"):
        return ("passing " if t == "give" else "burying ") + describe(action).split(" ", 1)[1]
    return {"pass": "passing", "concede": "conceding", "play_on": "playing the hand out", "dix": "taking the dix"}.get(
        t, describe(action)[:1].lower() + describe(action)[1:])


def better_off(who: str, points: float, than: str) -> str:
    """What the search's values mean to a player: the points a move leaves ``who`` better off than another
    move (``than``), averaged over the sampled deals, in whole points; under one point (within the noise of the
    sampled deals, not a mistake: :data:`pinochle.bots.review.CLOSE_LOSS`), "about as well".

    >>> better_off("your side", 76, "your 9♦")
    'on average it leaves your side about 76 points better off than your 9♦'
    >>> better_off("you", 0.3, "the K♣"), better_off("you", 0, "the K♣")
    ('on average it does about as well as the K♣', 'on average it does as well as the K♣')
    """
    if points >= 1:
        whole = math.floor(round(points, 1) + 0.5)
        return f"on average it leaves {who} about {whole} point{'' if whole == 1 else 's'} better off than {than}"
    if points > 0:
        return f"on average it does about as well as {than}"
    return f"on average it does as well as {than}"


def by_rule_words(action: Action, behind: float, other: str) -> str:
    """Hard's move made by a rule though its own values put ``other`` (a move not made, :func:`other_move`) ``behind``
    points ahead (at least 1), in a player's words, the figure as a review shows it (whole points, half up): the
    hint says what the decision review of ``other`` says (:func:`pinochle.bots.review.ahead_reason`).

    >>> by_rule_words(Action.pass_(0), 75.2, "a bid of 260")
    'Hard passes here by a rule, though its own values put a bid of 260 about 75 points ahead'
    >>> by_rule_words(Action.play_(0, Card.parse("AH")), 1.0, "the 9♥")
    'Hard plays it here by a rule, though its own values put the 9♥ about 1 point ahead'
    """
    n = whole(behind)
    verb = {"play": "plays it", "pass": "passes", "bid": "bids"}.get(action.type, "chooses it")
    return f"Hard {verb} here by a rule, though its own values put {other} about {n} point{'s' if n != 1 else ''} ahead"


def _with_search_fact(options: list[Option], who: str = "you") -> list[Option]:
    """``options`` with the best's lead over the next best named (when both were valued), in a player's
    words (:func:`better_off`: ``who`` is better off by it on average). Where Hard makes its move by a rule and its
    own values put another a point or more ahead (a conventional card, a partner's trick fed), that is said as it is
    (:func:`by_rule_words`), never "does best"; within a point below, "about as well as" the other."""
    if len(options) < 2 or options[0].points is None or options[1].points is None:
        return options
    lead = options[0].points - options[1].points
    if lead <= -1:
        fact = Fact("search", by_rule_words(options[0].action, -lead, other_move(options[1].action)))
        return [Option(options[0].action, options[0].points, (*options[0].facts[:1], fact)), *options[1:]]
    if lead < 1:
        if options[0].facts:
            return options
        fact = Fact("search", f"on average it does best of the {len(options)} moves over the deals Hard tried"
                    if lead >= 0 else better_off(who, 0.5, other_move(options[1].action)))
        return [Option(options[0].action, options[0].points, (fact,)), *options[1:]]
    fact = Fact("search", better_off(who, round(lead), other_move(options[1].action)))
    return [Option(options[0].action, options[0].points, (*options[0].facts, fact)), *options[1:]]


def evaluate(view: View, samples: int | None = None, seed: int | str = 0,
             also: Sequence[Action] = ()) -> Evaluation:
    """Every candidate move of ``view.seat`` with Hard's value and a reason, Hard's move first.

    Args:
        view: the acting seat's view (its turn); nothing else is read, so the answer never
            depends on cards the seat cannot see.
        samples: the budget, in sampled deals a card (Hard's 192 by default: within 1 s a move,
            docs/strength.md); fewer is faster and rougher.
        seed: makes the answer reproducible (the same view and seed give the same answer).
        also: moves to value besides the ones Hard weighs, where its search can value them over the
            same deals (a legal card it leaves out, a burial it does not rank among its candidates);
            they never change Hard's move or the values of the others (the decision review values
            the move made: :mod:`pinochle.bots.review`).

    Returns:
        An :class:`Evaluation`.

    Raises:
        ValueError: the view offers this seat no move.
    """
    player = HardPlayer(seed, samples=DEFAULT_SAMPLES if samples is None else samples)
    player.rules = view.rules_set()
    seat = int(view.seat)
    legal = view.legal
    family = strategy_of(view).values(view, seed, also)  # a family's own values (two-handed's stock play)
    if family is not None:
        move, by_move = family
        if len(legal.cards) > 1 and move in by_move and isinstance(move, PlayAction):
            # the hint's reason separates its card from every other legal card, or is its value alone, as the
            # tricks family's (pinochle.bots.card_reasons)
            order = [move, *sorted((m for m in by_move if m != move), key=lambda m: -by_move[m])]
            options = [Option(m, by_move[m], tuple(action_facts(view, m))) for m in order]
            options[0] = Option(move, by_move[move],
                                tuple(Fact(k, t) for group in separating(view, move.card, legal.cards) for k, t in group))
            return Evaluation(seat, tuple(_with_search_fact(options, who_gains(view))))
        if len(legal.cards) > 1 and move in by_move:
            return _valued(view, move, list(by_move.items()))
    if legal.cards and strategy_of(view) is STRATEGIES["tricks"] and view.trump is not None:
        resampler = strategy_of(view).resampler  # the game's resampler, as Hard's own card search
        extra = [a.card for a in also if isinstance(a, PlayAction)]
        values = (player.card_values_teams if player.rules.widow else player.card_values)(
            view, deals_of(resampler, resampler.infostate(view)), extra)
        own = player.candidates(view, teams=bool(player.rules.widow))
        best = player._pick(view, [cv for cv in values if cv[0] in own] or values)
        searched = len(values) > 1
        ranked = sorted(values, key=lambda cv: (cv[0] != best, -cv[1]))
        options = [Option(Action.play_(seat, c), v if searched else None, tuple(card_facts(view, c)))
                   for c, v in ranked]
        if len(legal.cards) == 1:
            # an only legal card needs no second reason: what it beats or gives is no choice of the seat's
            options[0] = Option(options[0].action, None, (Fact("only", "it is your only legal card"),))
        else:
            # the hint's reason separates its card from every other legal card, or is its value alone
            options[0] = Option(options[0].action, options[0].points,
                                tuple(Fact(k, t) for group in separating(view, best, legal.cards) for k, t in group))
        return Evaluation(seat, tuple(_with_search_fact(options, who_gains(view))))
    if legal.bury and strategy_of(view) is STRATEGIES["tricks"] and player.rules.widow:
        buried = [a.cards for a in also if isinstance(a, CardsAction) and a.type == "bury"]
        choice, burials = player.bury_values(view, buried)
        action = Action.concede_(seat) if choice is None else Action.bury_(seat, choice)
        moves = [(Action.concede_(seat) if b is None else Action.bury_(seat, list(b)), v) for b, v in burials]
        return _with_widow_chance(view, _valued(view, action, moves), [v for b, v in burials if b is not None])
    if legal.trumps and len(legal.trumps) > 1 and strategy_of(view) is STRATEGIES["tricks"] \
            and (player.rules.widow or DECKS[player.rules.deck].layers <= 2):
        # Hard's trump (HardPlayer.trump, tricks_action) from the one simulation that values the suits
        wanted = [int(a.suit) for a in also if isinstance(a, TrumpAction)]
        if player.rules.widow:
            suit, by_suit = player.widow_trump_values(view, wanted)
            valued = {int(t): v for t, v in by_suit.items()}
        else:
            # each suit by the statistic Hard names trump by (the lower third of its sampled points: a
            # cautious estimate), so that Hard's suit is the best valued and a loss is measured as it chooses
            suit, outcomes = player._simulate_trumps(view, also=wanted)
            valued = {t: float(sorted(o)[len(o) // 3]) for t, o in enumerate(outcomes) if o}
        if player.rules.trump_needs_marriage:
            suit = married_trump(view, suit)
        action = Action.trump_(seat, suit)
        if not valued:
            return Evaluation(seat, (Option(action, None, tuple(action_facts(view, action))),))
        # the hint's reason sets Hard's suit against the next best valued one (where Hard plays out its suit alone,
        # the legal suit with the most meld, then cards): what separates them
        rest = sorted((t for t in valued if t != int(suit)), key=lambda t: -valued[t])
        if not rest:
            melds = meld_by_trump(pack_cards(view.hand, DECKS[player.rules.deck]), player.rules)
            rest = sorted((int(t) for t in legal.trumps if int(t) != int(suit)),
                          key=lambda t: (-melds[t], -sum(1 for c in view.hand if c // 6 == t), t))
        e = _valued(view, action, [(Action.trump_(seat, t), v) for t, v in valued.items()])
        first = e.options[0]
        facts = (*trump_choice_facts(view, int(suit), rest[:1]), *(f for f in first.facts if f.kind == "search"))
        return Evaluation(seat, (Option(first.action, first.points, facts), *e.options[1:]))
    action = Action.deal_(seat) if legal.deal else player.act(view)
    if action.type in ("bid", "pass") and legal.min_bid is not None and strategy_of(view) is STRATEGIES["tricks"]:
        calls = player.call_values(view)
        low = Action.bid_(seat, legal.min_bid)
        if (calls is None and legal.pass_ and not player.rules.widow and wide_rules(view) is None
                and action in (low, Action.pass_(seat))):
            # a call Hard makes by a rule (a partner's bid left standing, a run's worth opened, a double marriage,
            # the games with a card pass) is still valued by its simulation of the auction, so that a review
            # measures the other call against it (Hard's own call is unchanged)
            if (view.rules, view.scale) != (player.rules.name, player.rules.scale):
                player.rules = view.rules_set()
            calls = player._call_values(view, legal.min_bid)
        est = call_estimate(view, player)
        if calls is not None and action in (low, Action.pass_(seat)):
            e = _valued(view, action, [(low, calls[0]), (Action.pass_(seat), calls[1])])
        else:
            e = Evaluation(seat, (Option(action, None, ()),))
        return _with_call_facts(view, e, est, player)
    if action.type == "give" and legal.give and strategy_of(view) is STRATEGIES["tricks"]:
        gives = [action_cards(action)] + [action_cards(a) for a in also
                                          if a.type == "give" and not same_move(a, action)]
        passed = player.give_values(view, gives)
        if passed is not None:
            return _valued(view, action, [(Action.give_(seat, g), v) for g, v in zip(gives, passed)])
    if action.type in ("concede", "play_on") and legal.concede and not legal.bury:
        chances = player.concede_values(view)
        if chances is not None:
            return _valued(view, action, [(Action.concede_(seat), chances[0]), (Action.play_on_(seat), chances[1])])
    if action.type in ("dix", "pass") and legal.dix and not legal.dix_points and view.turned is not None:
        # turned-trump's exchange: the meld it adds to the seat's own (dix_exchange_gain), keeping it 0
        gain = float(dix_exchange_gain(view))
        return _valued(view, action, [(Action.dix_(seat), gain), (Action.pass_(seat), 0.0)])
    return Evaluation(seat, (Option(action, None, tuple(action_facts(view, action))),))


#: The budget of every decision evaluated for a person (a hint, and the review of the same decision):
#: Hard's own, so that a hint is Hard's move and the review of that decision is the same evaluation.
DECISION_SAMPLES = DEFAULT_SAMPLES


def decision_seed(match: str, hand: int, index: int) -> str:
    """The seed of a decision's evaluation: the match's id, the hand (its number in the match, from 1) and the
    decision's place in the hand (``index``: the actions since the deal, 0 for the first).

    >>> decision_seed("m1", 2, 17)
    'm1/2/17'
    """
    return f"{match}/{hand}/{index}"


def decision_view(view: View, hand: int, index: int) -> View:
    """``view`` as one decision of a hand: its ``hand_number`` the hand's and its ``version`` the decision's place
    in the hand (``index``). Hard's search reads no other field of the match (its totals, its hands before), so a
    seat's view at a live table and the same position replayed from the hand's record
    (:func:`pinochle.records.hand_steps`, which knows neither the match's version nor its earlier hands) give the
    same view, and so the same evaluation."""
    return replace(view, version=index, hand_number=hand)


def evaluate_decision(view: View, match: str, hand: int, index: int, samples: int = DECISION_SAMPLES,
                      also: Sequence[Action] = ()) -> Evaluation:
    """The one evaluation of a person's decision that a hint gives and the decision review measures: :func:`evaluate`
    of :func:`decision_view` with :func:`decision_seed` and the budget :data:`DECISION_SAMPLES`. A hint followed is
    the review's best move, so the review charges it nothing (``also`` never changes Hard's move or the values of
    the others).

    Args:
        view: the seat's view at the decision. match: the match's id. hand: the hand's number (from 1).
        index: the decision's place in the hand (the actions since the deal). samples, also: as :func:`evaluate`.
    """
    return evaluate(decision_view(view, hand, index), samples, decision_seed(match, hand, index), also)


#: The longest reason a call's values are added to (characters): a hint reads in a few lines on a phone.
REASON_LIMIT = 240


def _with_call_facts(view: View, e: Evaluation, est: CallEstimate | None, player: HardPlayer) -> Evaluation:
    """``e``, a bid or pass, with each option's facts those that decide the call (:func:`call_facts`), and for the
    best, where both calls were valued and the values bear the call out, what Hard's simulation of the auction
    weighs (:func:`call_values_words`: the two calls' mean outcomes, so that the difference a review charges is seen
    to come from them), on the estimate's words where the best names the estimate, while the reason stays under
    :data:`REASON_LIMIT`. A call Hard makes by a rule against its values (a partner's bid left standing, a share of
    deals made) names the rule, then that its values put the other call ahead, by the figure the decision review of
    that call gives (:func:`by_rule_words`), where the reason stays under :data:`REASON_LIMIT`."""
    options = []
    values = {o.action.type: o.points for o in e.options}
    bid, passed = values.get("bid"), values.get("pass")
    for i, o in enumerate(e.options):
        facts = call_facts(view, o.action, est, player)
        if i == 0 and bid is not None and passed is not None and any(f.kind == "save" for f in facts):
            options.append(Option(o.action, o.points, tuple(save_facts(view, bid, passed))))
            continue
        if i == 0 and bid is not None and passed is not None and len(e.options) > 1 and o.points is not None \
                and e.options[1].points is not None and o.points >= e.options[1].points:
            at = next((j for j, f in enumerate(facts) if f.kind == "estimate"), None)
            if at is not None and at < 2:
                said = Fact("estimate", facts[at].text + call_values_words(view, bid, passed, True))
                more = [*facts[:at], said, *facts[at + 1:]]
                # too long with the other side's bid let go: the values say more than "let it stand"
                tries = [more, [f for f in more if not (f.kind == "high_bid" and f.text.startswith("let "))]]
            else:
                tries = [[*facts, Fact("search", call_values_words(view, bid, passed, False))]]
            facts = next((t for t in tries if len(Option(o.action, o.points, tuple(t)).reason) < REASON_LIMIT), facts)
        elif i == 0 and len(e.options) > 1 and o.points is not None and e.options[1].points is not None \
                and e.options[1].points - o.points >= 1 and facts:
            # Hard's call by a rule (a partner's bid left standing, a run's worth opened) against its own values: the
            # rule, then the values as they are, as the decision review of the other call says them
            said = Fact("search", by_rule_words(o.action, e.options[1].points - o.points, other_move(e.options[1].action)))
            if len(Option(o.action, o.points, (facts[0], said)).reason) < REASON_LIMIT:
                facts = [facts[0], said]
        if len(Option(o.action, o.points, tuple(facts)).reason) >= REASON_LIMIT:
            facts = [f for f in facts if not (f.kind == "high_bid" and f.text.startswith("let "))]
        options.append(Option(o.action, o.points, tuple(facts)))
    return Evaluation(e.seat, tuple(options))


def save_facts(view: View, bid: float, passed: float) -> list[Fact]:
    """Why Hard opens at the lowest bid for its partner, the dealer, while nobody has bid (its save,
    :attr:`pinochle.bots.hard.HardPlayer.saves`; RULES.md, Deal and auction 3: when the first three pass, the dealer
    is the declarer at the lowest bid), set against the pass in the same numbers: Hard's values of the two calls
    (``bid``, ``passed``: :meth:`~pinochle.bots.hard.HardPlayer.call_values`, whose pass here has the opponent after
    the seat pass too, to stick the dealer, unless it opens a run's worth, and the partner then declare at the
    lowest bid), as the hand's mean score margin (:func:`call_values_words`).

    Where the values put the bid ahead, what a pass would bring about, and the values: ``"if you pass and the next
    opponent passes too, your partner, the dealer, is stuck at 250"``, ``"on average your side would end the hand 130
    behind the other side if you bid, 190 behind if you pass"``. Where they put the pass ahead, the hint does not
    pretend otherwise (``"Hard opens by rule so that your partner, the dealer, is not stuck at 250 if the next opponent
    passes too"``, ``"its values favour a pass: on average ..."``, "on average" left out where the reason would pass
    :data:`REASON_LIMIT`): Hard opens by its rule, measured in play (docs/strength.md, "The table's auction at each
    level": the save with the dealer's bid over it and a run's worth competing, +1.4 (-6.8 to +9.6) points a hand
    over 800 duplicate deals against Hard without them, and the save alone +1.1 over 300), and the values that favour
    a pass are said as they are. The decision review of a pass there names the first fact and the same values'
    difference (:func:`pinochle.bots.review.review_reason`), so hint and review agree."""
    low = view.legal.min_bid
    assert low is not None  # the save is an opening at the lowest bid
    values = call_values_words(view, bid, passed, False)
    if bid >= passed:
        return [Fact("save", f"if you pass and the next opponent passes too, your partner, the dealer, is stuck at {low}"),
                Fact("search", values)]
    rule = Fact("save", f"Hard opens by rule so that your partner, the dealer, is not stuck at {low} if the next opponent"
                        " passes too")
    said = [rule, Fact("search", f"its values favour a pass: {values}")]
    if len(Option(Action.bid_(view.seat, low), bid, tuple(said)).reason) >= REASON_LIMIT:
        said = [rule, Fact("search", f"its values favour a pass: {values.removeprefix('on average ')}")]
    return said


def _with_widow_chance(view: View, e: Evaluation, burials: Sequence[float]) -> Evaluation:
    """Conceding in a widow game with the chance of making the bid that it weighs: the best burial's, from its
    expected settlement (``burials``: each burial's, all opponents together; :func:`pinochle.bots.widow.widow_bury_values`),
    in a player's words ("you would make it about 1 time in 10"). Hard concedes only when that chance is below
    what paying single is worth (a third in cutthroat: being set costs double), never on a hand it makes on
    average."""
    if e.best.action.type != "concede" or not burials or view.bid is None or view.trump is None:
        return e
    s = settlement(view, view.bid, int(view.trump))
    opponents = len(view.seating.seats) - 1
    chance = min(1.0, max(0.0, (max(burials) / opponents + s.set) / (s.made + s.set)))
    tenths = round(chance * 10)
    said = "hardly ever" if tenths == 0 else f"about {tenths} time{'s' if tenths > 1 else ''} in 10"
    facts = list(e.best.facts)
    at = next((i for i, f in enumerate(facts) if f.kind == "contract" and "cannot be made" not in f.text), None)
    if at is None:
        return e
    facts[at] = Fact("contract", f"{facts[at].text}; you would make it {said}")
    return Evaluation(e.seat, (Option(e.best.action, e.best.points, tuple(facts)), *e.options[1:]))


def _valued(view: View, best: Action, moves: Sequence[tuple[Action, float]]) -> Evaluation:
    """The evaluation of Hard's move ``best`` among ``moves`` with their values (``best`` first,
    the others by value; ``best`` is one of the moves)."""
    seat = int(view.seat)
    points = {m: v for m, v in moves}
    rest = sorted((m for m in points if m != best), key=lambda m: -points[m])
    options = [Option(m, points.get(m), tuple(action_facts(view, m))) for m in (best, *rest)]
    return Evaluation(seat, tuple(_with_search_fact(options, who_gains(view))))


def hint(view: View, seed: int | str = 0, samples: int | None = None) -> tuple[Action, str]:
    """Hard's move for ``view.seat`` and why, from the view alone (:func:`evaluate`)."""
    e = evaluate(view, samples, seed)
    return e.best.action, e.reason


__all__ = ["DECISION_SAMPLES", "by_rule_words", "DEFAULT_SAMPLES", "FACT_KINDS", "CallEstimate", "Evaluation", "Fact", "Option", "action_facts",
           "call_estimate", "call_facts", "card_facts", "save_facts", "suit_words", "trump_choice_facts", "wide_worth",
           "decision_seed", "decision_view", "describe", "evaluate", "evaluate_decision", "hint", "same_move"]
