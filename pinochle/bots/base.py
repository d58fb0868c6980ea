"""The computer-player interface.

A player sees the table only through a :class:`~pinochle.game.View` (its own
hand and everything public) and answers with one :class:`~pinochle.game.Action`
for the seat it plays. It is never given the :class:`~pinochle.game.State`, so
it cannot see another seat's unplayed cards.

>>> from pinochle.game import Action, View
>>> class Passer:
...     def act(self, view: View) -> Action:
...         return Action.pass_(view.seat)
>>> isinstance(Passer(), Player)
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import combinations
from typing import Any, ClassVar, NamedTuple, Protocol, runtime_checkable

from ..auction import ladder_bids
from ..cards import DECKS, PINOCHLE_DECK, Card, Deck, Seat, Suit, pack, remove
from ..game import Action, BidAction, View
from ..games import find as find_game
from ..meld import meld_points
from ..rules import TABLE, RuleSet
from .knowledge import TricksResampler
from .pimc import Resampler
from .stock import RESAMPLER as STOCK_RESAMPLER, stock_action, stock_values
from .widow import WidowDeal, WidowInfo, WidowResampler, bury_choice


@runtime_checkable
class Player(Protocol):
    """Anything that chooses a move for a seat from that seat's view."""

    def act(self, view: View) -> Action:
        """Choose the move of ``view.seat``.

        Args:
            view: the acting seat's :class:`~pinochle.game.View`; it is that
                seat's turn (``view.turn == view.seat``) and ``view.legal``
                lists its legal moves.

        Returns:
            An :class:`~pinochle.game.Action` for ``view.seat`` that is legal
            in ``view``.
        """
        ...


class TablePlayer:
    """A base for players: :meth:`act` answers the move the view's ``legal`` offers.

    Subclasses implement :meth:`call` (bid or pass), :meth:`trump` and
    :meth:`card`; :meth:`give`, :meth:`exchange_dix`, :meth:`concede` and
    :meth:`bury` have plain defaults; laying down meld and dealing have no choice.
    The game's strategy family chooses how (:data:`STRATEGIES`): two-handed plays
    :func:`pinochle.bots.stock.stock_action` at the player's :attr:`level`.
    """

    #: The level whose choices the player makes where a family of games plays by level rather than
    #: by the player's own methods (two-handed's stock: :func:`pinochle.bots.stock.stock_action`):
    #: ``"easy"``, ``"normal"`` or ``"hard"``.
    level: ClassVar[str] = "easy"
    #: Seeds the player's choices (each level sets its own).
    seed: int | str = 0

    def act(self, view: View) -> Action:
        """Choose the move of ``view.seat`` (see :class:`Player`) by the strategy of the view's game
        (:func:`strategy_of`).

        Args:
            view: the seat's view; it must be that seat's turn.

        Returns:
            A legal :class:`~pinochle.game.Action` for ``view.seat``.

        Raises:
            ValueError: the view offers this seat no move.
        """
        return strategy_of(view).act(self, view)

    def call(self, view: View) -> Action:
        """A bid or a pass (``view.legal`` offers them)."""
        raise NotImplementedError

    def trump(self, view: View) -> Suit:
        """The suit to name trump."""
        raise NotImplementedError

    def card(self, view: View) -> Card:
        """The card to play, one of ``view.legal.cards``."""
        raise NotImplementedError

    def give(self, view: View) -> list[Card]:
        """The cards to pass to the partner: ``view.legal.give`` of ``view.legal.give_from``
        (VARIANTS.md ``partnership-pass``). See :func:`pass_cards` for the default."""
        return pass_cards(view)

    def exchange_dix(self, view: View) -> bool:
        """Whether to exchange the nine of trump for the turned card (``turned-trump`` with the
        house switch ``dix_exchange``); see :func:`should_exchange_dix` for the default."""
        return should_exchange_dix(view)

    def concede(self, view: View) -> bool:
        """Whether the declarer concedes after the meld (VARIANTS.md ``racehorse``);
        see :func:`should_concede` for the default."""
        return should_concede(view)

    def bury(self, view: View) -> list[Card] | None:
        """The ``view.legal.bury`` cards to bury from ``view.legal.bury_from``, or ``None`` to
        concede (VARIANTS.md ``cutthroat``: "the declarer may concede at once, or buries 3
        cards that were not used in meld"). The default buries the plain choice of
        :func:`pinochle.bots.widow.bury_choice` and never concedes."""
        return bury_choice(view)


def tricks_action(player: TablePlayer, view: View) -> Action:
    """The move of ``player`` in a game of the ``tricks`` family (an auction or a turned trump, the
    meld, the tricks; every game but two-handed): the move ``view.legal`` offers, chosen by the
    player's :meth:`~TablePlayer.call`, :meth:`~TablePlayer.trump`, :meth:`~TablePlayer.card` and the others.

    Raises:
        ValueError: the view offers this seat no move.
    """
    seat, legal = view.seat, view.legal
    if legal.dix:  # turned-trump's dix exchange (house switch dix_exchange): exchange or keep
        return Action.dix_(seat) if player.exchange_dix(view) else Action.pass_(seat)
    if legal.min_bid is not None or legal.pass_:
        action = player.call(view)
        if action.type == "pass" and not legal.pass_ and legal.min_bid is not None:
            # a forced opening (VARIANTS.md ``britannica``): the lowest bid instead of a pass
            return Action.bid_(seat, legal.min_bid)
        if action.type == "bid" and legal.pass_ and not marriage_suits(view) \
                and view.rules_set().trump_needs_marriage:
            return Action.pass_(seat)  # no marriage to name trump in: declaring is set at once
        if isinstance(action, BidAction) and action.bid in legal.skip_bids:
            return skip_to_legal_bid(view, action.bid)
        return action
    if legal.trumps:
        suit = player.trump(view)
        if view.rules_set().trump_needs_marriage:
            suit = married_trump(view, suit)
        return Action.trump_(seat, suit)
    if legal.meld:
        return Action.meld_(seat)
    if legal.cards:
        return Action.play_(seat, player.card(view))
    if legal.deal:
        return Action.deal_(seat)
    if legal.give:
        return Action.give_(seat, player.give(view))
    if legal.bury:
        buried = player.bury(view)
        return Action.concede_(seat) if buried is None else Action.bury_(seat, buried)
    if legal.concede:
        return Action.concede_(seat) if player.concede(view) else Action.play_on_(seat)
    raise ValueError(f"{seat} has no move in phase {view.phase!r}")


class Strategy(NamedTuple):
    """How the computer players play a family of games, found by the name a game gives
    (:attr:`pinochle.game.Game.strategy`; :data:`STRATEGIES`)."""

    #: The move of a player for a view of the family's games.
    act: Callable[[TablePlayer, View], Action]
    #: The family's resampler of the hidden cards.
    resampler: Resampler[Any, Any]
    #: Hard's move for a view and the values it weighs (points, by move), the moves of ``also`` valued too,
    #: from the view, a seed and ``also``; ``None`` where the family has no values of its own for the move
    #: (the ``tricks`` family's are :func:`pinochle.bots.evaluate.evaluate`'s).
    values: Callable[[View, int | str, Sequence[Action]], tuple[Action, dict[Action, float]] | None]
    #: The family's resampler of the cards a seat cannot see before the play in its games with a widow
    #: (VARIANTS.md ``cutthroat``, ``auction``: the widow and the other hands, behind every level's call,
    #: trump and burial: :mod:`pinochle.bots.widow`); ``None`` in a family without such a game.
    widow: Resampler[WidowInfo, WidowDeal] | None = None


def _no_values(view: View, seed: int | str, also: Sequence[Action]) -> None:
    """No values of the family's own (the ``tricks`` family: :func:`pinochle.bots.evaluate.evaluate`)."""
    return None


def _stock_action(player: TablePlayer, view: View) -> Action:
    return stock_action(view, player.level, player.seed)


#: The strategy families by name (:attr:`pinochle.game.Game.strategy`; the engine never imports the
#: players), each with its resampler (a :class:`~pinochle.bots.pimc.Resampler`): ``tricks`` for the
#: games with an auction or a turned trump, the meld and the tricks
#: (:class:`pinochle.bots.knowledge.TricksResampler`, and for its widow games before the play
#: :class:`pinochle.bots.widow.WidowResampler`); ``stock`` for two-handed (VARIANTS.md
#: ``two-handed``: :mod:`pinochle.bots.stock`, :class:`pinochle.bots.stock.StockResampler`).
STRATEGIES: dict[str, Strategy] = {
    "tricks": Strategy(tricks_action, TricksResampler(), _no_values, WidowResampler()),
    "stock": Strategy(_stock_action, STOCK_RESAMPLER, stock_values),
}


def strategy_of(view: View) -> Strategy:
    """The strategy of ``view``'s game's family (:attr:`pinochle.game.Game.strategy`).

    >>> from pinochle.game import new_match, view
    >>> strategy_of(view(new_match(seed=1, game="two-handed"), 0)) is STRATEGIES["stock"]
    True
    """
    return STRATEGIES[find_game(view.game).strategy]


def widow_resampler(view: View) -> Resampler[WidowInfo, WidowDeal]:
    """The resampler of the cards ``view.seat`` cannot see before the play in a game with a widow: the one
    its game's family carries (:attr:`Strategy.widow`).

    Raises:
        ValueError: the family has no game with a widow.
    """
    resampler = strategy_of(view).widow
    if resampler is None:
        raise ValueError(f"{view.game} has no widow to resample")
    return resampler


def teams(view: View) -> tuple[tuple[int, ...], ...]:
    """The play teams of ``view``'s hand (docs/design.md, "Seats, sides and chairs"): the scoring sides when they are
    partnerships; in a game where every player is alone (VARIANTS.md ``cutthroat``,
    ``auction``) the declarer against the other seats in play once the contract is known,
    and before it every seat alone.

    >>> from pinochle.game import new_match, view
    >>> teams(view(new_match(seed=1), 0))
    ((0, 2), (1, 3))
    """
    seating = view.seating
    if any(len(side) > 1 for side in seating.sides) or view.declarer is None:
        return seating.sides
    d = int(view.declarer)
    return (d,), tuple(s for s in seating.seats if s != d)


def mates(view: View, seat: int | None = None) -> tuple[int, ...]:
    """The other seats of ``seat``'s play team (default ``view.seat``): the partner in a
    partnership game; in a widow game the other defender (none for the declarer)."""
    me = int(view.seat if seat is None else seat)
    for team in teams(view):
        if me in team:
            return tuple(s for s in team if s != me)
    return ()


def team_index(view: View) -> tuple[int, ...]:
    """Place (N E S W) -> the index of its play team in :func:`teams` (-1 for an empty place)."""
    out = [-1, -1, -1, -1]
    for k, team in enumerate(teams(view)):
        for s in team:
            out[s] = k
    return tuple(out)


def pack_cards(cards: Iterable[int], deck: Deck = PINOCHLE_DECK) -> int:
    """``cards`` packed as a hand of ``deck`` (the fast two-layer :func:`~pinochle.cards.pack`
    for the 48-card deck, :meth:`~pinochle.cards.Deck.pack` for a deck with more copies)."""
    return pack(cards) if deck is PINOCHLE_DECK else deck.pack(cards)


def wide_rules(view: View) -> RuleSet | None:
    """The rules of ``view``'s game when its deck holds more than two copies of a card
    (VARIANTS.md ``double-deck``), else ``None``.

    Easy and Normal value a 48-card hand with the table's meld in tens and
    convert (:func:`in_scale`); a deck of four copies has melds the table
    lacks (triples, quadruples) and 20-card hands, so there they value it with
    the game's own meld table and its own counters, in its own scale.
    """
    rules = view.rules_set()
    return rules if DECKS[rules.deck].layers > 2 else None


def in_scale(points: float, view: View) -> float:
    """``points`` of the table's tens scale expressed in the scale of ``view``'s game.

    Hand valuations are written in tens (RULES.md); a game in the ones scale
    (VARIANTS.md, Scales: 25 counters a hand instead of 250) values the same
    hand at a tenth. The factor is the ratio of the counters in a hand, so
    for ``table`` it is exactly 1.
    """
    rules = view.rules_set()
    if rules.total_counters == TABLE.total_counters:
        return points
    return points * rules.total_counters / TABLE.total_counters


#: What a plain ace and a plain ten weigh in a card pass (:func:`pass_cards`): to the declarer, and
#: back to the partner, where it still takes its trick for the side.
_PLAIN_ACE_TEN = {True: {5: 30, 4: 12}, False: {5: 9, 4: 4}}

#: A pinochle (Q♠ J♦, RULES.md, Meld): its value is the meld a declarer's pass back never gives up.
_PINOCHLE = (Card(Suit.S * 6 + 2), Card(Suit.D * 6 + 1))


#: What each point of its own meld kept weighs in the partner's pass to the declarer (:func:`pass_cards`),
#: against what the cards passed weigh (a trump 60 to 85): twice its value, so the partner keeps a
#: pinochle or a marriage (40 and 20 in trump: 80 and 40 here) rather than break it for one trump of
#: 60 to 75, and passes a trump ace (85) or a card of no meld instead. Meld the partner keeps is the
#: side's for sure; a trump given adds to the declarer's meld only if it completes something there,
#: which the partner cannot see. Measured at Easy and Normal, 300 deals of seed 31 per game: the
#: exchanges that leave the side less meld than it was dealt fall from 3-5% to 0.3-0.5%, at no
#: measured cost in duplicate (docs/strength.md, "The partner's pass keeps its own meld").
PARTNER_KEEPS_MELD: float = 2


def _give_value(card: Card, trump: int | None, to_declarer: bool = True, back: Mapping[int, int] | None = None) -> int:
    """How much a card helps the hand that receives it: trumps most, then aces, then tens.

    A plain ace or ten passed back by the declarer weighs far less than one passed to it: in the
    partner's hand it still takes a trick for the side, so it is worth keeping before low cards but
    never before the declarer's own meld of a pinochle's worth (four plain aces weigh 36, less than
    40), (pinochle.net, "Tips for passing when your partner wins the bid": aces passed to the
    declarer keep control of the tricks; Pagat, "Pinochle Tactics": non-aces out of trump are the
    losers to pass back).
    """
    rank = card % 6
    if trump is not None and card // 6 == trump:
        return 60 + 5 * rank
    weights = _PLAIN_ACE_TEN[to_declarer] if to_declarer or back is None else back
    return weights.get(rank, rank)


def pass_cards(view: View, back: Mapping[int, int] | None = None, keep: float = PARTNER_KEEPS_MELD) -> list[Card]:
    """A sound card pass (VARIANTS.md ``partnership-pass``; the common convention of seed 002's game).

    The declarer's partner sends strength (trumps, then aces), giving up as
    little of its own meld as it can: each point of meld it keeps weighs
    ``keep`` against the cards' weights (a trump 60 to 85), so at the default 2
    it does not break its pinochle or a marriage to send one more trump
    (:data:`PARTNER_KEEPS_MELD`); the declarer sends back the cards that cost it least: no meld, no trump, no aces, preferring low cards. Meld is
    counted on the hands after the pass, so each side weighs the meld it
    keeps (:func:`pinochle.meld.meld_points`). Tries every choice of
    ``view.legal.give`` cards (at most 1,820 for 16 cards).

    Whatever the weights, the declarer never gives back a pinochle's worth of its own
    meld (40 in the tens scale) or more to keep plain cards: it passes back from the
    choices whose meld kept is within less than a pinochle of its best pass back that
    keeps its trumps (four cards of no trump; with fewer than four, as few trumps as it
    can), as the audit measures it (``pass_back_loses_meld``, docs/strength.md). Meld
    passed back is gone, while a plain ace passed back still takes its trick in the
    partner's hand (pinochle.net, "Tips for passing when your partner wins the bid";
    Pagat, "Pinochle Tactics": the non-aces out of trump are the losers to pass back);
    a declarer that keeps four plain aces by passing back its kings around makes the
    mistake players name in commercial bots ("Why does the computer pass legs of
    pinochle when it has 300?!"). The weights choose only among those choices.

    Args:
        view: the passing seat's view (``view.legal.give`` offers the pass).
        back: what a plain ace (rank 5) and ten (rank 4) weigh in the declarer's pass back
            (default: :data:`_PLAIN_ACE_TEN`'s, 9 and 4; Hard passes back with 30 and 12, the
            weights it was measured stronger with: docs/strength.md).
        keep: what each point of the partner's own meld kept weighs in its pass to the declarer
            (default :data:`PARTNER_KEEPS_MELD`, 2; Hard passes with 1, the weight it was measured with).

    Returns:
        ``view.legal.give`` cards from ``view.legal.give_from``.
    """
    rules = view.rules_set()
    held = list(view.legal.give_from)
    n = view.legal.give
    trump = view.trump
    whole = pack_cards(held, DECKS[rules.deck])
    to_declarer = view.declarer is not None and view.seat != view.declarer
    choices: list[tuple[float, int, tuple[Card, ...]]] = []  # (score, meld kept, cards)
    for combo in dict.fromkeys(combinations(held, n)):
        rest = whole
        for c in combo:
            rest = remove(rest, c)
        kept = meld_points(rest, trump, rules) if trump is not None else 0
        value = sum(_give_value(c, trump, to_declarer, back) for c in combo)
        choices.append((keep * kept + value if to_declarer else kept - value, kept, combo))
    if not to_declarer and trump is not None:  # the pass back keeps its meld (see above)
        fewest = max(0, n - sum(1 for c in held if c // 6 != trump))  # trumps it must pass back
        best_kept = max(kept for _, kept, combo in choices if sum(1 for c in combo if c // 6 == trump) == fewest)
        worth = meld_points(pack_cards(_PINOCHLE, DECKS[rules.deck]), trump, rules)
        choices = [ch for ch in choices if best_kept - ch[1] < worth]
    best = max(choices, key=lambda ch: ch[0])  # the first of the best: the order of combinations()
    return list(best[2])


def dix_exchange_gain(view: View) -> int:
    """The meld the exchange of a nine of trump for the turned card adds to the seat's own
    (``turned-trump`` with the house switch ``dix_exchange``): the meld of the hand with the
    turned card in place of the nine, plus the nine's dix (it still scores for the seat that
    gives it up, docs/games/turned-trump.md), less the meld of the hand as it is. Never
    negative: the dix is kept and the turned card can only add meld.

    >>> from pinochle.game import new_match, view, legal, turn, apply, auto_action
    >>> from pinochle.games import find, with_switches
    >>> rules = with_switches(find("turned-trump").rules, {"dix_exchange": "true"})
    >>> s = new_match(seed=1, game="turned-trump", rules=rules)  # N deals and turns the Q♥
    >>> v = view(s, turn(s))
    >>> str(v.turned), str(v.seat), v.legal.dix, dix_exchange_gain(v)  # East holds the 9♥ and the K♥
    ('QH', 'E', True, 40)
    """
    assert view.turned is not None and view.trump is not None
    rules = view.rules_set()
    deck = DECKS[rules.deck]
    hand = pack_cards(view.hand, deck)
    nine = int(view.trump) * 6
    after = deck.add(remove(hand, nine), view.turned)
    return meld_points(after, view.trump, rules) + rules.dix - meld_points(hand, view.trump, rules)


def should_exchange_dix(view: View) -> bool:
    """Whether a seat holding a nine of trump exchanges it for the turned card (``turned-trump``
    with the house switch ``dix_exchange``).

    The turned card is a trump above the nine, and the nine's dix still scores for the seat
    that gives it up, so the exchange is worth more to the seat whenever it takes the card from
    an opponent: always then. When the dealer is the seat's partner, the card only moves within
    the side, and may be part of the partner's meld (a run, a marriage): exchange only when it
    adds meld to the seat's own hand (:func:`dix_exchange_gain`).
    """
    if not view.legal.dix or view.turned is None:
        return False
    if view.seating.side_of[int(view.dealer)] != view.seating.side_of[int(view.seat)]:
        return True
    return dix_exchange_gain(view) > 0


def should_concede(view: View) -> bool:
    """Whether the declarer gives the hand up after the meld (VARIANTS.md ``racehorse``).

    Conceding costs the opponents' counters less than failing after play, and
    gains nothing when the bid can still be made; so concede only when the
    counters still needed exceed 80% of all the counters of a hand.
    """

    if view.bid is None or view.declarer is None:
        return False
    rules = view.rules_set()
    side = view.seating.side_of[int(view.declarer)]
    need = view.bid - view.meld_shown[side]
    return need > 0.8 * rules.total_counters


def marriage_suits(view: View) -> list[Suit]:
    """The suits in which ``view``'s hand holds a king and a queen (a marriage)."""
    held = set(view.hand)
    return [s for s in Suit if Card(s * 6 + 3) in held and Card(s * 6 + 2) in held]


def married_trump(view: View, wanted: Suit) -> Suit:
    """The trump to name where the declarer must hold the king and queen of trump (the rule set's
    ``trump_needs_marriage``, VARIANTS.md ``double-deck``'s switch): ``wanted`` when it holds them,
    else the suit of a marriage it holds most cards of (none: ``wanted``, and the declarer is set)."""
    married = marriage_suits(view)
    if wanted in married or not married:
        return wanted
    return max(married, key=lambda s: sum(1 for c in view.hand if c // 6 == s))


def skip_to_legal_bid(view: View, wanted: int | None) -> Action:
    """The call for a seat that wants to bid ``wanted`` (points) where that bid is not legal
    (``view.legal.skip_bids``: VARIANTS.md ``auction``'s ``dealer-290-320`` opening, seed 000:
    "the dealer may pass or open only at 290, or at 320 and up").

    Returns the highest legal bid not above ``wanted``; when there is none, a pass if a pass
    is legal, else the lowest legal bid (never a raise the player did not want when it may pass).

    >>> from pinochle.game import Legal
    >>> from pinochle.parts import Bids, Parts
    >>> class V:  # a stand-in view: only ``seat`` and ``legal`` are read
    ...     seat = 3
    ...     legal = Legal(pass_=True, parts=Parts(Bids(290, skip_bids=(300, 310))))
    >>> skip_to_legal_bid(V(), 310).bid, skip_to_legal_bid(V(), 280).type  # type: ignore[arg-type]
    (290, 'pass')
    """
    legal = view.legal
    assert legal.min_bid is not None
    want = legal.min_bid if wanted is None else wanted
    below = [b for b in ladder_bids(legal, legal.min_bid, want) if b not in legal.skip_bids]
    if below:
        return Action.bid_(view.seat, below[-1])
    if legal.pass_:
        return Action.pass_(view.seat)
    return Action.bid_(view.seat, next(b for b in ladder_bids(legal, legal.min_bid, legal.bid_limit)
                                       if b not in legal.skip_bids))
