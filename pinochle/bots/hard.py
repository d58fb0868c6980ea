""":class:`HardPlayer`: determinized sampling (perfect-information Monte Carlo).

For each decision it deals the hidden cards many times in ways consistent
with everything its seat knows (:mod:`pinochle.bots.knowledge`: the melds
shown, the voids and must-beat caps revealed by play), and scores every
legal move on every sampled deal:

* with an exact search of the rest of the hand once few cards are left
  (:func:`pinochle.bots.search.solve`);
* otherwise with fast rollouts in which every seat plays a greedy policy
  (win as cheaply as possible, else throw the cheapest card).

In the widow games (VARIANTS.md ``cutthroat``, ``auction``) the declarer plays
alone against the two defenders, a team (:func:`pinochle.bots.base.teams`): the
sampled deals hold the buried cards at the empty place, the playouts and the
search follow the seating (:func:`pinochle.sim.playout`, :data:`~pinochle.sim.TEAMS`,
:func:`pinochle.bots.search.solve`), a move is worth its team's settlement,
and the auction, the trump and the burial are simulated over the unseen cards
(:mod:`pinochle.bots.widow`).

A move's value is the hand score it leads to for its side minus the other
side's (RULES.md, Scoring a hand: made or set, meld kept with a trick), so
the declarer plays to make the bid and the defenders to set it. Bids and
trump are chosen by simulating the hand with the same rollouts over sampled
deals. A fixed number of samples makes every decision reproducible from the
seed; ``samples`` is the budget.

>>> from pinochle.game import new_match, turn, view
>>> s = new_match(seed=3)
>>> HardPlayer(seed=1, samples=4).act(view(s, turn(s))).type in ("bid", "pass")
True
"""

from __future__ import annotations

import functools
import math
import random
from dataclasses import dataclass, replace
from collections.abc import Callable, Sequence
from typing import ClassVar

from ..cards import DECKS, PINOCHLE_DECK, Card, Deck, Seat, Suit, add, count, layer_add, remove, unpack
from .base import (TablePlayer, in_scale, mates, pack_cards, pass_cards, strategy_of, team_index, wide_rules,
                   widow_resampler)
from ..game import Action, State, View, game_named, new_match, view
from ..games.scorers import contract_outcome
from ..meld import meld_by_trump
from ..parts import CONCEDED, Contract
from ..rules import TABLE, RuleSet
from ..sim import GREEDY, TEAMS, Policy, playout
from ..tricks import beats, winner_index
from .normal import NormalPlayer, Table, choose_trump, counters_to_feed, partner_sure_to_win, trick_sure_lost
from .pimc import deals_of, sampled_values
from .search import solve
from .widow import bid_value, settlement, widow_bury, widow_bury_values, widow_call, widow_trump, widow_trump_values
from .partners import (double_marriage_suit, may_bid_over_partner, may_stick_the_dealer, names_own_trump,
                       partners_save_stands, saves_the_dealer)


def greedy_playout(
    hands: list[int], trump: int, leader: int, rnd: Callable[[], float], rules: RuleSet = TABLE,
    trick: Sequence[int] = (),
) -> tuple[list[int], list[int]]:
    """Finish the hand with every seat playing greedily (:func:`pinochle.sim.playout`, :data:`~pinochle.sim.GREEDY`).

    Returns:
        ``(tricks, counters)`` per side from the current trick on, last trick included.
    """
    tricks, pts, _ = playout(hands, trump, leader, rnd, rules, trick, GREEDY)
    return tricks, pts


def _after_pass(hands: Sequence[int], me: int, partner: int, trump: int, n: int,
                deck: Deck = PINOCHLE_DECK) -> list[int]:
    """``hands`` after a quick card pass with ``me`` declaring (VARIANTS.md ``partnership-pass``):
    the partner sends its ``n`` strongest cards (trumps high first, then aces and tens), and the
    declarer sends back its ``n`` weakest non-trumps (low first). A cheap stand-in for the
    players' real pass, so the auction simulation values the cards the declarer will get.
    """
    def strength(c: int) -> int:
        return (100 if c // 6 == trump else 0) + (20 if c % 6 >= 4 else 0) + c % 6

    out = list(hands)
    given = sorted(unpack(out[partner]), key=strength, reverse=True)[:n]
    wide = deck is not PINOCHLE_DECK
    for c in given:
        out[partner] = remove(out[partner], c)
        out[me] = layer_add(out[me], c, deck) if wide else add(out[me], c)
    back = sorted(unpack(out[me]), key=strength)[:n]
    for c in back:
        out[me] = remove(out[me], c)
        out[partner] = layer_add(out[partner], c, deck) if wide else add(out[partner], c)
    return out


def _deal_unseen(mine: int, me: int, rnd: Callable[[], float], deck: Deck = PINOCHLE_DECK) -> list[int]:
    """The other three hands dealt at random from the cards of ``deck`` not in ``mine`` (auction sampling)."""
    rest: list[int] = []
    copies = deck.copies
    for c in range(24):
        rest.extend([c] * (copies[c] - count(mine, c)))
    rest.sort(key=lambda _: rnd())
    hands = [0, 0, 0, 0]
    hands[me] = mine
    others = [s for s in range(4) if s != me]
    size = len(rest) // 3
    for k, s in enumerate(others):
        hands[s] = pack_cards(rest[k * size:(k + 1) * size], deck)
    return hands


@dataclass(frozen=True)
class AuctionInfo:
    """What a seat knows of the hidden hands in the auction (:class:`AuctionResampler`): its own
    packed hand, and that each seat that has bid holds some meld (RULES.md, Auction)."""

    #: the seat's packed hand
    mine: int
    #: the seat
    me: int
    #: the game's rules (its deck and meld values)
    rules: RuleSet
    #: the other seats that have bid: each holds at least :attr:`least` meld in its best trump
    bidders: frozenset[int]
    #: a bidder's least meld (a marriage's worth in the game's scale)
    least: float
    #: per seat, the chance of keeping a deal given that seat's meld in its best trump (its calls weighed:
    #: :meth:`HardPlayer._calls_accept`); empty: every deal that fits the bids is kept
    accept: tuple[tuple[int, Callable[[int], float]], ...] = ()


class AuctionResampler:
    """The hidden hands dealt again for Hard's auction and trump simulations (a
    :class:`~pinochle.bots.pimc.Resampler` searched by :func:`~pinochle.bots.pimc.sampled_values`):
    the other hands dealt at random from the unseen cards, again (up to 20 times) until every seat
    that has bid holds some meld and the seats whose calls are weighed accept the deal."""

    def infostate(self, view: View, rules: RuleSet | None = None) -> AuctionInfo:
        """What ``view.seat`` knows in the auction: its hand and who has bid (``rules``: the player's,
        by default the view's)."""
        rules = rules if rules is not None else view.rules_set()
        return AuctionInfo(pack_cards(view.hand, DECKS[rules.deck]), int(view.seat), rules,
                           frozenset(int(who) for who, call in view.calls if call is not None and who != view.seat),
                           in_scale(40, view))

    def resample(self, info: AuctionInfo, rng: random.Random) -> list[int]:
        """The four packed hands N E S W of one deal that fits ``info`` (the last one drawn after 20
        that do not)."""
        deck, rules = DECKS[info.rules.deck], info.rules
        for _try in range(20):
            hands = _deal_unseen(info.mine, info.me, rng.random, deck)
            if (all(max(meld_by_trump(hands[b], rules)) >= info.least for b in info.bidders)
                    and (not info.accept or rng.random() < math.prod(
                        a(max(meld_by_trump(hands[s], rules))) for s, a in info.accept))):
                break
        return hands


#: The auction's resampler (:class:`AuctionResampler`): Hard's bids and trump are simulated over its deals.
AUCTION_RESAMPLER = AuctionResampler()


def conventional_cards(view: View) -> list[Card]:
    """The legal cards a strong player's convention plays here, or ``[]`` where none applies:

    * **a trick surely lost** (:func:`~pinochle.bots.normal.trick_sure_lost`): the cards worth no
      counter points, when the seat may also play a counter: a counter thrown to the other team's
      trick is theirs (RULES.md, Scoring a hand);
    * **the last seat to a trick an opponent is winning**: the cards that beat the winning card
      (RULES.md, Play), when one is legal: the trick and its counters are the seat's side's for the
      taking.

    The principle: play counters only to a trick your side is likely to take, non-counters to one it
    will lose, and never a card stronger than needed to win or lose a trick ("Appropriate counters",
    "Conserve strength": Power Pinochle forums, "Principles for choosing which card to throw";
    Pagat, "Pinochle Tactics", David Dailey: the counters a hand pulls in tricks are its worth). The
    issue's players name the breaches: a ten thrown to a lost trick while a nine or jack was legal,
    the last seat playing its ten on the opponent's ten instead of taking the trick with its ace.
    Hard follows the convention unless its search finds another card clearly better
    (:meth:`HardPlayer._pick`).
    """
    if view.trump is None or not view.legal.cards:
        return []
    players = view.seating.players
    trick = view.tricks[-1] if view.tricks and len(view.tricks[-1].cards) < players else None
    if trick is None or not trick.cards:
        return []
    trump = int(view.trump)
    worth = view.rules_set().counters
    legal = list(dict.fromkeys(view.legal.cards))
    at = winner_index(trick.cards, trump)
    if trick.seat_of(at) in mates(view):
        return []
    if trick_sure_lost(view):
        plain = [c for c in legal if not worth[c % 6]]
        return plain if len(plain) < len(legal) else []
    if len(trick.cards) == players - 1:
        winning = trick.cards[at]
        take = [c for c in legal if beats(c, winning, trump)]
        return take if len(take) < len(legal) else []
    return []


class HardPlayer(TablePlayer):
    """The strongest player: determinized sampling with rollouts and endgame search.

    Args:
        seed: makes every decision reproducible.
        samples: sampled deals per card played (the budget; 192, four times the 48 of
            :func:`hard_baseline`: the setting that bought the most strength per millisecond
            in docs/strength.md, "Hard uses its budget"; a deck of four copies keeps
            :attr:`wide_samples`).
        endgame: search exactly once at most this many cards are left in all hands.
        rules: the table's rules.
        bid_samples: the budget of the auction and the trump (half of it in deals simulated).
        rollout: the playout policy after each candidate card (:func:`pinochle.sim.playout`):
            :data:`~pinochle.sim.GREEDY` or :data:`~pinochle.sim.PARTNERS` (partner-aware,
            measured: docs/strength.md, "Hard uses its budget").

    Deals weighed by how well each seat's calls fit its hand were measured and did not pay
    (docs/strength.md, "Hard uses its budget"): every sampled deal counts alike.
    """

    level: ClassVar[str] = "hard"

    def __init__(self, seed: int | str = 0, samples: int = 192, endgame: int = 8, rules: RuleSet = TABLE,
                 bid_samples: int = 48, rollout: Policy = GREEDY) -> None:
        self.seed = seed
        self.samples = samples
        self.endgame = endgame
        self.rules = rules
        self.bid_samples = bid_samples
        self.rollout = rollout
        self._normal = NormalPlayer(seed, endgame=0)  # its heuristics only: the ties of the search

    def __repr__(self) -> str:
        return (f"HardPlayer(seed={self.seed!r}, samples={self.samples}, endgame={self.endgame}, "
                f"rollout={self.rollout!r})")

    def act(self, view: View) -> Action:
        """As :meth:`TablePlayer.act`, with the rules of the view's game (its meld values and counters)."""
        if (view.rules, view.scale) != (self.rules.name, self.rules.scale):
            self.rules = view.rules_set()
        return super().act(view)

    def _rng(self, view: View) -> random.Random:
        return random.Random(f"{self.seed}/{view.hand_number - 1}/{view.version}/{view.seat}")

    def _simulate_trumps(self, view: View, side_melds: list[list[int]] | None = None,
                         also: Sequence[int] = ()) -> tuple[Suit, list[list[int]]]:
        """Simulate the hand as declarer for each playable trump.

        The other hands are dealt at random from the unseen cards, consistent
        with the auction: a seat that has bid holds at least 40 meld for its
        best trump (resampled up to 20 times).

        Args:
            view: the seat's view in the auction.
            side_melds: when given, filled with the side's meld after the pass, per trump, of each
                sampled deal (the same deals, in order).
            also: suits to play out too that Hard does not weigh (the decision review's trump named
                instead), on the same deals, each deal's rollout drawn from a copy of the random numbers
                the first weighed suit's rollout draws there: they never change the deals, the other suits'
                values or the suit chosen.

        Returns:
            The best trump and, per trump, the side's points (meld + counters,
            0 when set would not apply) of each sampled deal.
        """
        rng = self._rng(view)
        me = int(view.seat)
        deck, rules, seating = DECKS[self.rules.deck], self.rules, view.seating
        lengths = [sum(1 for c in view.hand if c // 6 == s) for s in range(4)]
        longest = max(lengths)
        suits = [s for s in range(4) if lengths[s] >= 4 or lengths[s] == longest]
        melds_out: list[list[int]] = side_melds if side_melds is not None else []
        melds_out[:] = [[] for _ in range(4)]
        n = max(8, self.bid_samples // 2)
        # the auction so far: a seat that bid is taken to hold some meld (at least a marriage)
        info = AUCTION_RESAMPLER.infostate(view, rules)
        partner = seating.partners(me)[0]
        side = seating.side_of[me]
        inferred = [partner] if self.partner_inference and rules.pass_cards else []
        accept = {s: a for s in inferred if (a := self._calls_accept(view, Seat(s))) is not None}
        if accept:  # the partner's calls weigh its deals instead
            info = replace(info, bidders=info.bidders - set(accept), accept=tuple(accept.items()))

        extra = [s for s in dict.fromkeys(also) if s not in suits]
        extra_rows: list[list[int]] = [[] for _ in extra]

        def play_out(hands: Sequence[int], rng: random.Random) -> Callable[[int], float]:
            def as_declarer(s: int, draw: random.Random = rng) -> float:
                deal = _after_pass(hands, me, partner, s, rules.pass_cards, deck) if rules.pass_cards else hands
                side_meld = meld_by_trump(deal[me], rules)[s] + meld_by_trump(deal[partner], rules)[s]
                tricks, pts = greedy_playout(list(deal), s, me, draw.random, rules)
                melds_out[s].append(side_meld)
                return (side_meld if tricks[side] else 0) + pts[side]
            if extra:
                state = rng.getstate()  # before the weighed suits' rollouts draw: the extra suits' own copy
                for row, s in zip(extra_rows, extra):
                    copy = random.Random()
                    copy.setstate(state)
                    row.append(int(as_declarer(s, copy)))
            return as_declarer

        rows = sampled_values(deals_of(AUCTION_RESAMPLER, info), rng, suits, n, play_out)
        assert rows is not None  # every auction deal fits
        outcomes: list[list[int]] = [[] for _ in range(4)]
        for s, row in zip(suits, rows):
            outcomes[s] = [int(v) for v in row]
        for s, extra_row in zip(extra, extra_rows):
            outcomes[s] = extra_row
        best = max(suits, key=lambda s: (sorted(outcomes[s])[len(outcomes[s]) // 3], lengths[s], -s))
        return Suit(best), outcomes

    #: The widow games' budgets (VARIANTS.md ``cutthroat``, ``auction``; :mod:`pinochle.bots.widow`):
    #: simulated deals behind a call, behind the trump, and behind a burial (with how many
    #: of the best-ranked burials are played out against each other).
    widow_call_samples = 48
    widow_trump_samples = 24
    widow_bury_samples = 32
    widow_bury_candidates = 4

    def bury(self, view: View) -> list[Card] | None:
        """The burial with the best simulated chance of making the bid among the
        :attr:`widow_bury_candidates` best-ranked ones, or ``None`` to concede when paying single
        is worth more (:func:`pinochle.bots.widow.widow_bury`)."""
        return widow_bury(view, widow_resampler(view), self.widow_bury_samples, self._widow_rng(view, "bury"),
                          self.widow_bury_candidates)

    def bury_values(self, view: View, also: Sequence[Sequence[Card]] = ()) -> tuple[
            list[Card] | None, list[tuple[tuple[Card, ...] | None, float]]]:
        """:meth:`bury`'s choice and the expected settlement of each burial it plays out, then of
        conceding (``None``); the burials of ``also`` are played out too, over the same deals, and
        never change the choice (:func:`pinochle.bots.widow.widow_bury_values`)."""
        return widow_bury_values(view, widow_resampler(view), self.widow_bury_samples, self._widow_rng(view, "bury"),
                                 self.widow_bury_candidates, also)

    def widow_trump_values(self, view: View, also: Sequence[int] = ()) -> tuple[Suit, dict[int, float]]:
        """In a widow game, :meth:`trump`'s suit and the mean settlement of each suit it simulates, and
        of the suits of ``also`` (:func:`pinochle.bots.widow.widow_trump_values`)."""
        return widow_trump_values(view, widow_resampler(view), self.widow_trump_samples, self._widow_rng(view, "trump"),
                                  also)

    def _widow_rng(self, view: View, what: str) -> random.Random:
        return random.Random(f"{self.seed}/{view.hand_number - 1}/{view.seat}/{what}")

    def trump(self, view: View) -> Suit:
        """The suit to name trump (see the module docstring); with a deck of four copies
        (VARIANTS.md ``double-deck``) Normal's choice (see :meth:`call`); in a widow game the
        suit whose simulated hand is worth the most settlement (:func:`pinochle.bots.widow.widow_trump`)."""
        if view.rules_set().widow:
            return widow_trump(view, widow_resampler(view), self.widow_trump_samples, self._widow_rng(view, "trump"))
        if wide_rules(view) is not None:
            return self._normal.trump(view)
        return self._simulate_trumps(view)[0]

    def call(self, view: View) -> Action:
        """Bid the lowest legal bid when declaring there is worth more than passing.

        Over ``samples // 2`` deals of the unseen cards (consistent with the
        auction: a seat that bid holds some meld), it plays the hand out twice
        with the greedy rollouts and scores it with the game's own outcome
        (its side's points minus the other side's):

        * **bid**: this seat declares at the lowest legal bid with its best
          trump (the best mean over the sampled deals);
        * **pass**: the likely declarer plays instead: the other seat still
          in the auction with the most meld, at that same bid, or, once
          everyone else has passed, the high bidder at the high bid (the
          partner, so a player outbids its own partner only when that is
          worth more than letting the partner play).

        It bids when the first is worth more on average (VARIANTS.md, each
        game's scoring; RULES.md, Auction).

        With a deck of four copies (VARIANTS.md ``double-deck``) it bids as
        Normal does: there the greedy rollouts of 20-card hands misjudge the
        contract. Hard's bids and trumps with Normal's cards, against Normal,
        300 duplicate deals seed 2: bids -2.8 (-6.1 to 0.4), declaring 172
        hands to Normal's 428; trumps -0.9 (-1.9 to 0.1); bidding when
        either Hard or Normal would: -5.5 (-8.4 to -2.6), 53 of 308 set.

        At its first call it opens, without simulating, a hand that melds a run's
        worth (150) in its best trump (:meth:`_opens_a_run`), and such a hand bids on at its
        later calls up to Normal's estimate of it (:attr:`compete_cushion`). In a game that
        sticks the dealer, the dealer's partner saves it (:attr:`saves`) and the dealer bids over
        that save with a hand worth 300 (:attr:`dealer_over_save_value`), without simulating. It opens a double marriage while nobody has bid and the dealer is an
        opponent who would be stuck (RULES.md, Deal and auction 3), where its
        simulation may prefer to stick the dealer: players take a partner who
        passes a double marriage for a blunder
        (:func:`~pinochle.bots.partners.sticks_the_dealer`).

        With a card pass (VARIANTS.md ``partnership-pass``, ``racehorse``) it
        leaves a partner who holds the bid the contract unless it names its own
        trump (:func:`~pinochle.bots.partners.names_own_trump`, or a double
        marriage): the partner gets four cards from this hand (on 200 duplicate
        deals against Normal, seed 2: +95.1 -> +99.6 a hand, 61 sets -> 51).
        Otherwise it keeps the call it had before (:meth:`_call_by_made_share`): there the
        comparison above measured Hard over Normal at -2.7 (-44.1 to 38.7)
        in partnership-pass, 600 deals seed 2, against +44.1 (24.0 to 64.3)
        with the earlier call (docs/strength.md).
        """
        if wide_rules(view) is not None:
            return self._normal.call(view)
        if view.rules_set().widow:  # each alone with a widow: the expected settlement (pinochle.bots.widow)
            if view.legal.min_bid is None:
                return Action.pass_(view.seat)
            outcomes = self._normal._widow_outcomes(view, self.widow_call_samples)
            return Action.bid_(view.seat, view.legal.min_bid) if widow_call(view, outcomes) else Action.pass_(view.seat)
        seat, low = view.seat, view.legal.min_bid
        if low is not None and self._bids_over_save(view):
            return Action.bid_(seat, low)  # the dealer names its own trump over its partner's save
        if low is None or not may_bid_over_partner(view):
            return Action.pass_(seat)  # partners cooperate (pinochle.bots.partners)
        if not view.legal.pass_:
            return Action.bid_(seat, low)  # a forced opening (VARIANTS.md ``britannica``)
        if self.rules.pass_cards:
            if (view.high_bidder is not None and view.high_bidder == seat.partner
                    and not names_own_trump(view.hand, self.rules) and double_marriage_suit(view.hand) is None):
                # the partner holds the bid and gets four cards from this hand: leave it the contract
                # (taking it cost 154 points a hand in a review's paired measurement; docs/reviews)
                return Action.pass_(seat)
            return self._call_by_made_share(view, low)
        if may_stick_the_dealer(view) and double_marriage_suit(view.hand) is not None:
            # never pass a double marriage to stick the dealer (pinochle.bots.partners.sticks_the_dealer)
            return Action.bid_(seat, low)
        if self.saves and saves_the_dealer(view):
            return Action.bid_(seat, low)  # the dealer, its partner, is not left stuck (pinochle.bots.partners)
        if self._opens_a_run(view):
            return Action.bid_(seat, low)  # a run's worth of meld is opened (docs/strength.md)
        bid_value, pass_value = self._call_values(view, low)
        return Action.bid_(seat, low) if bid_value > pass_value else Action.pass_(seat)

    def call_values(self, view: View) -> tuple[float, float] | None:
        """What :meth:`call` weighs when it simulates the auction: the mean value of bidding
        ``view.legal.min_bid`` and of passing (points: the side's hand score less the other side's),
        or ``None`` where its call is not a comparison of the two (a forced opening, a partner left
        the contract, a double marriage opened, a game with a card pass, a deck of four copies: see
        :meth:`call`). The same simulation, with the same deals, as :meth:`call`. In a widow game
        (VARIANTS.md ``cutthroat``, ``auction``): the expected settlement of the bid
        (:func:`pinochle.bots.widow.bid_value`) and 0 for the pass, as :func:`pinochle.bots.widow.widow_call`
        weighs them."""
        if (view.rules, view.scale) != (self.rules.name, self.rules.scale):
            self.rules = view.rules_set()
        low = view.legal.min_bid
        if low is not None and self._bids_over_save(view):
            return None
        if view.rules_set().widow and wide_rules(view) is None and low is not None and view.legal.pass_:
            # a pass costs nothing (all pass: the hand is annulled), a bid its expected settlement
            return bid_value(self._normal._widow_outcomes(view, self.widow_call_samples), view, low), 0.0
        if (wide_rules(view) is not None or view.rules_set().widow or low is None or not may_bid_over_partner(view)
                or not view.legal.pass_ or self.rules.pass_cards):
            return None
        if may_stick_the_dealer(view) and double_marriage_suit(view.hand) is not None:
            return None
        if (self.saves and saves_the_dealer(view)) or self._opens_a_run(view):
            return None
        return self._call_values(view, low)

    #: Whether the dealer's partner opens at the minimum while nobody has bid, whatever its hand, so
    #: that its partner, the dealer, is not stuck (:func:`~pinochle.bots.partners.saves_the_dealer`,
    #: as Normal does), instead of simulating the call. On with :attr:`dealer_over_save_value` and
    #: :attr:`compete_cushion`: the three together against Hard without them, ``table``, +1.4 (-6.8
    #: to +9.6) points a hand over 800 duplicate deals (100 each of seeds 31 to 38;
    #: docs/strength.md, "The table's auction at each level"), not worse: Hard's side stuck as dealer
    #: in 77% of its deals before, 0 after; 0.12 bids a hand of its seats before, 0.60 after.
    saves: ClassVar[bool] = True
    #: The dealer bids the minimum over its partner's save when its hand is worth this much or more
    #: (Normal's estimate, :func:`pinochle.bots.normal.choose_trump`, tens scale: meld, the counters a
    #: trump and aces bring, 40 for the partner), naming its own trump, as Normal's
    #: :attr:`~pinochle.bots.normal.NormalPlayer.dealer_over_save_value`; ``None``: only as the
    #: partners' rule allows (a run or a long suit, :func:`~pinochle.bots.partners.may_bid_over_partner`).
    dealer_over_save_value: ClassVar[int | None] = 300
    #: The meld in the best trump (table points) that :meth:`_opens_a_run` opens at the first call.
    open_meld: ClassVar[int] = 150
    #: With this set, a hand of :attr:`open_meld` or more in its best trump also bids at its later
    #: calls (not over its partner: the partners' rule first) while the minimum bid is at most its
    #: Normal estimate (:func:`pinochle.bots.normal.choose_trump`) plus this cushion (table points),
    #: without simulating; ``None``: later calls are simulated. 20: a run's worth competes as far as
    #: Normal's value of it, with Normal's 20 for a partner (see :attr:`saves` for the measure).
    compete_cushion: ClassVar[int | None] = 20

    def _bids_over_save(self, view: View) -> bool:
        """Whether the dealer bids over its partner's save (:attr:`dealer_over_save_value`; only in
        the table's deck of two copies, :func:`~pinochle.bots.partners.partners_save_stands`)."""
        worth = self.dealer_over_save_value
        if worth is None or wide_rules(view) is not None or not partners_save_stands(view):
            return False
        return choose_trump(view.hand)[1] >= worth  # both in the tens scale

    def _opens_a_run(self, view: View) -> bool:
        """Whether this is the seat's first call and its hand melds a run's worth (150 in the tens
        scale) in its best trump (RULES.md, Meld), a hand Hard bids at the minimum without simulating
        the call: its simulation passed such hands in 16 of 24 first calls (the audit), which a player
        names as a mistake, and bidding them is not measurably worse: a variant bidding them against
        Hard, ``table``, 500 duplicate deals seed 31: -1.6 (-5.5 to +2.4) points a hand
        (docs/strength.md, "Hard's first-call passes with a run's worth of meld"). With
        :attr:`compete_cushion` set, also at a later call while the minimum bid is within Normal's
        estimate of the hand plus the cushion."""
        best = max(meld_by_trump(pack_cards(view.hand, DECKS[self.rules.deck]), self.rules))
        big = best >= in_scale(self.open_meld, view)
        if not any(int(who) == int(view.seat) for who, _ in view.calls):
            return big
        if self.compete_cushion is None or not big or view.legal.min_bid is None:
            return False
        return view.legal.min_bid <= in_scale(choose_trump(view.hand)[1] + self.compete_cushion, view)

    def _call_values(self, view: View, low: int) -> tuple[float, float]:
        """The mean value of bidding ``low`` with the best trump and of passing (see :meth:`call`), worked
        out once a position (kept for :meth:`call_values` after :meth:`call`)."""
        key = (view.hand_number, view.version, int(view.seat), low, view.hand)
        kept: dict[object, tuple[float, float]] = self.__dict__.setdefault("_calls", {})
        if key not in kept:
            kept.clear()
            kept[key] = self._simulate_call(view, low)
        return kept[key]

    def _simulate_call(self, view: View, low: int) -> tuple[float, float]:
        """:meth:`_call_values` worked out: the auction simulated over sampled deals."""
        rules, me, seating = self.rules, int(view.seat), view.seating
        side = seating.side_of[me]
        outcome = game_named(view.game).outcome or contract_outcome
        rng = self._rng(view)
        deck = DECKS[rules.deck]
        lengths = [sum(1 for c in view.hand if c // 6 == s) for s in range(4)]
        suits = [s for s in range(4) if lengths[s] >= 4 or lengths[s] == max(lengths)]
        passed = set() if rules.reenter_after_pass else {int(w) for w, c in view.calls if c is None}
        others_in = [s for s in seating.seats if s != me and s not in passed]
        high_seat = int(view.high_bidder) if view.high_bidder is not None else None
        leader_left = int(seating.left(view.dealer)) if rules.first_lead == "left_of_dealer" else None
        # the save spot (partners.saves_the_dealer): after this seat's pass the opponent after it passes to stick
        # the dealer (partners.may_stick_the_dealer) unless it opens a run's worth (_opens_a_run), and the dealer, the
        # partner, is then stuck at the lowest bid (RULES.md, Deal and auction 3)
        # (only with the save on: Hard then never calls by this simulation there, and its values are the hint's and
        # the review's comparison with the save; with it off, Hard's call stays the one measured without it)
        save = ((int(seating.left(me)), int(view.dealer))
                if self.saves and saves_the_dealer(view) and view.dealer is not None else None)

        def played(hands: Sequence[int], melds: Sequence[Sequence[int]], decl: int, trump: int, bid: int) -> int:
            partner = seating.partners(decl)[0]
            deal = _after_pass(hands, decl, partner, trump, rules.pass_cards, deck) if rules.pass_cards else hands
            shown = [meld_by_trump(h, rules)[trump] for h in deal] if rules.pass_cards else [m[trump] for m in melds]
            leader = leader_left if leader_left is not None else decl
            tricks, pts = greedy_playout(list(deal), trump, leader, rng.random, rules)
            sc = outcome(seating.side_of[decl], bid, tuple(sum(shown[s] for s in team) for team in seating.sides),
                         (tricks[0], tricks[1]), (pts[0], pts[1]), rules)
            return sc[side] - sc[1 - side]

        def play_out(hands: Sequence[int], rng: random.Random) -> Callable[[int | None], float]:
            melds = [meld_by_trump(h, rules) for h in hands]

            def value(trump: int | None) -> float:
                if trump is not None:  # this seat declares at ``low`` with that trump
                    return played(hands, melds, me, trump, low)
                if save is not None:  # a pass where the partner deals and nobody has bid: see above
                    after, dealer = save
                    decl = after if max(melds[after]) >= in_scale(self.open_meld, view) else dealer
                    at = low
                elif others_in:  # a pass: the likely declarer plays instead
                    decl, at = max(others_in, key=lambda x: max(melds[x])), low
                elif high_seat is not None and view.high_bid is not None:
                    decl, at = high_seat, view.high_bid
                else:
                    decl, at = me, low  # everyone else passed without a bid: this seat is stuck anyway
                return played(hands, melds, decl, max(range(4), key=lambda t: melds[decl][t]), at)
            return value

        n = max(8, self.bid_samples // 2)
        moves: list[int | None] = [*suits, None]
        rows = sampled_values(deals_of(AUCTION_RESAMPLER, AUCTION_RESAMPLER.infostate(view, rules)), rng, moves, n,
                              play_out)
        assert rows is not None  # every auction deal fits
        bid_values = {s: sum(row) for s, row in zip(suits, rows)}
        pass_value = sum(rows[-1])
        n = max(8, self.bid_samples // 2)
        return max(bid_values.values()) / n, pass_value / n

    def concede_values(self, view: View) -> tuple[float, float] | None:
        """The declarer's choice after the meld (VARIANTS.md ``racehorse``: concede or play on) valued in
        points (its side's hand score less the other side's): conceding, by the game's own scorer; playing
        on, the mean over ``max(8, bid_samples // 2)`` deals of the hidden cards (the game's resampler)
        played out with the greedy rollouts of the auction's simulation and scored by the game's outcome.
        ``None`` when the view offers no such choice (a widow game's burial has its own values:
        :meth:`bury_values`). Hard itself concedes by a rule (:func:`pinochle.bots.base.should_concede`):
        these values are the review's estimate of what each choice is worth."""
        legal = view.legal
        if not legal.concede or legal.bury or view.bid is None or view.declarer is None or view.trump is None:
            return None
        g = game_named(view.game)
        if g.score is None:
            return None
        rules = view.rules_set()
        side = view.seating.side_of[int(view.seat)]
        other = 1 - side
        base = replace(new_match(seed=0, game=g, rules=rules).with_parts(
            Contract(declarer=view.declarer, bid=view.bid, trump=view.trump), CONCEDED),
            dealer=view.dealer, melds=tuple(view.melds), phase="hand_end")
        conceded = g.score(base)[0].score
        resampler = strategy_of(view).resampler
        rng = self._rng(view)
        outcome = g.outcome or contract_outcome
        d = int(view.declarer)
        leader = int(view.seating.left(view.dealer)) if rules.first_lead == "left_of_dealer" else d
        trump, bid = int(view.trump), view.bid
        n = max(8, self.bid_samples // 2)

        def play_out(hands: Sequence[int], rng: random.Random) -> Callable[[None], float]:
            def played_on(_: None) -> float:
                tricks, pts = greedy_playout(list(hands), trump, leader, rng.random, rules)
                sc = outcome(view.seating.side_of[d], bid, view.meld_shown, (tricks[0], tricks[1]),
                             (pts[0], pts[1]), rules)
                return float(sc[side] - sc[other])
            return played_on

        rows = sampled_values(deals_of(resampler, resampler.infostate(view)), rng, [None], n, play_out)
        assert rows is not None  # the tricks family's deals always fit
        return float(conceded[side] - conceded[other]), sum(rows[0]) / n

    #: What a plain ace and ten weigh in Hard's pass back (:func:`pinochle.bots.base.pass_cards`): the
    #: partner's weights, under which Hard measured stronger than with Easy's and Normal's 9 and 4
    #: (docs/strength.md, "The declarer's pass back keeps its meld"). They choose among the passes back
    #: that give up less than a pinochle's worth of its own meld (docs/strength.md, "Hard's pass back
    #: keeps a pinochle's worth of meld").
    pass_back_weights: ClassVar[dict[int, int]] = {5: 30, 4: 12}

    #: What each point of its own meld kept weighs in Hard's pass to the declarer
    #: (:func:`pinochle.bots.base.pass_cards`): 1, the weight Hard was measured with. Easy and Normal
    #: pass with 2 (docs/strength.md, "The partner's pass keeps its own meld"); Hard is not yet
    #: measured with it.
    partner_keeps_meld: ClassVar[float] = 1

    def give(self, view: View) -> list[Card]:
        """The card pass (:func:`pinochle.bots.base.pass_cards`) with :attr:`pass_back_weights` and
        :attr:`partner_keeps_meld`."""
        return pass_cards(view, self.pass_back_weights, self.partner_keeps_meld)

    def give_values(self, view: View, gives: Sequence[Sequence[Card]]) -> list[float] | None:
        """Each card pass of ``gives`` (VARIANTS.md ``partnership-pass``: the partner's to the declarer, or the
        declarer's back) valued in points (its side's hand score less the other side's): the mean over
        ``max(8, bid_samples // 2)`` deals of the hidden cards (the game's resampler, the same deals and
        rollouts for every pass) of the hand after the pass, the declarer's pass back made as the auction's
        simulation makes it (its weakest non-trumps: :func:`_after_pass`), the meld of each hand counted,
        played out with the greedy rollouts and scored by the game's outcome. ``None`` when the view offers
        no card pass. Hard itself passes by a weighing of meld kept and cards given
        (:func:`pinochle.bots.base.pass_cards`): these values are the review's estimate of each pass."""
        legal = view.legal
        if not legal.give or view.bid is None or view.declarer is None or view.trump is None:
            return None
        rules = view.rules_set()
        deck = DECKS[rules.deck]
        wide = deck is not PINOCHLE_DECK
        me, d, trump, n = int(view.seat), int(view.declarer), int(view.trump), legal.give
        to = d if me != d else view.seating.partners(d)[0]
        side = view.seating.side_of[me]
        outcome = game_named(view.game).outcome or contract_outcome
        leader = int(view.seating.left(view.dealer)) if rules.first_lead == "left_of_dealer" else d
        resampler = strategy_of(view).resampler
        rng = self._rng(view)
        bid = view.bid

        def strength(c: int) -> int:
            return (100 if c // 6 == trump else 0) + (20 if c % 6 >= 4 else 0) + c % 6

        def play_out(hands: Sequence[int], rng: random.Random) -> Callable[[Sequence[Card]], float]:
            seed = rng.random()  # every pass's rollouts on this deal alike

            def passed(cards: Sequence[Card]) -> float:
                hs = list(hands)
                for c in cards:
                    hs[me] = remove(hs[me], c)
                    hs[to] = layer_add(hs[to], c, deck) if wide else add(hs[to], c)
                if me != d:  # the declarer passes back, as the auction's simulation has it
                    for c in sorted(unpack(hs[d]), key=strength)[:n]:
                        hs[d] = remove(hs[d], c)
                        hs[me] = layer_add(hs[me], c, deck) if wide else add(hs[me], c)
                shown = [meld_by_trump(h, rules)[trump] for h in hs]
                tricks, pts = greedy_playout(hs, trump, leader, random.Random(seed).random, rules)
                sides_shown = tuple(sum(shown[s] for s in team) for team in view.seating.sides)
                sc = outcome(view.seating.side_of[d], bid, sides_shown, (tricks[0], tricks[1]), (pts[0], pts[1]), rules)
                return float(sc[side] - sc[1 - side])
            return passed

        samples = max(8, self.bid_samples // 2)
        rows = sampled_values(deals_of(resampler, resampler.infostate(view)), rng, gives, samples, play_out)
        assert rows is not None  # the tricks family's deals always fit
        return [sum(r) / samples for r in rows]

    #: Whether the auction's deals follow the partner's calls in the games with a card pass
    #: (:meth:`_calls_accept`) instead of taking a partner that bid to hold 40 meld. Off: it did not
    #: lower Hard's contracts beyond reach, alone or with :attr:`reach_share` 0.9 (docs/strength.md,
    #: "The partner's calls as evidence, and the check at 0.5").
    partner_inference: bool = False

    #: The partner's calls as evidence of its meld (:meth:`_calls_accept`): per highest bid (none,
    #: from 250, 300, 350, 400; tens scale), the chance of keeping a sampled deal whose partner's
    #: meld in its best trump is from 0, 20, 40, 70, 100, 150 (a run's worth). It is P(meld | calls)
    #: over P(meld), scaled to a top of 1 (rejection sampling), measured on Hard's own calls: 2,000
    #: hands each of racehorse and partnership-pass (arena seed 31, docs/strength.md, "The partner's
    #: calls as evidence"). A Hard that bid 250 to 340 holds under 20 meld about as often as any
    #: hand (17% to 24%, against 22%): its bids show little meld; one that bid 350 or more holds a
    #: run's worth two to five times as often as any hand (13% to 31%, against 6%), one that only
    #: passed a quarter as often (1.4% to 1.6%).
    PARTNER_MELD_BINS: ClassVar[tuple[int, ...]] = (0, 20, 40, 70, 100, 150)
    PARTNER_BID_BINS: ClassVar[tuple[int, ...]] = (0, 250, 300, 350, 400)
    PARTNER_ACCEPT: ClassVar[tuple[tuple[float, ...], ...]] = (
        (0.85, 1.0, 0.65, 0.6, 0.5, 0.15),
        (0.9, 0.85, 0.9, 0.9, 1.0, 0.65),
        (0.55, 0.5, 0.65, 0.7, 0.8, 1.0),
        (0.3, 0.35, 0.5, 0.5, 0.35, 1.0),
        (0.12, 0.1, 0.3, 0.2, 0.2, 1.0),
    )

    def _calls_accept(self, view: View, seat: Seat) -> Callable[[int], float] | None:
        """The chance of keeping a sampled deal given ``seat``'s meld in its best trump, from its
        calls so far (:attr:`PARTNER_ACCEPT`: policy-based inference, as Skat's Kermit
        weighs the deals by how likely each seat's calls were with its hand), or ``None`` before
        its first call (every deal is kept)."""
        calls = [call for who, call in view.calls if who == seat]
        if not calls:
            return None
        high = max((c for c in calls if c is not None), default=0)
        row = self.PARTNER_ACCEPT[max(i for i, b in enumerate(self.PARTNER_BID_BINS) if high >= in_scale(b, view))]
        bins = [in_scale(m, view) for m in self.PARTNER_MELD_BINS]

        def accept(meld: int) -> float:
            return row[max(i for i, b in enumerate(bins) if meld >= b)]
        return accept

    #: The share of the sampled deals in which a bid must be within reach (:meth:`_call_by_made_share`);
    #: 0: no such check. Off: 0.9 measured below the Hard without it in racehorse, -10.7 (-21.1 to
    #: -0.3) a hand over 1,000 duplicate deals (docs/strength.md, "Hard's contracts beyond reach").
    reach_share: float = 0.0

    #: The cap on a bid from the seat's own hand (:meth:`_call_by_made_share`): ``K`` to bid at most
    #: its own meld in its best trump plus ``K`` (tens scale; the partner's meld and the pass) plus
    #: every counter and the last trick (RULES.md, Scoring a hand: 250); ``None``: no cap. 100: a
    #: player stops between its hand's worth with no help from its partner and with perfect help
    #: (Pagat, "Pinochle Tactics"). Against Hard without it, duplicate deals seed 31: racehorse +0.5
    #: (-11.1 to +12.1) a hand over 306 deals, partnership-pass +5.9 (-5.3 to +17.1) over 250;
    #: contracts beyond reach 14.7% -> 12.5% and 9.5% -> 7.0%, concessions in racehorse 27.4% ->
    #: 25.4% (docs/strength.md, "Hard's own-meld cap").
    own_meld_cap: int | None = 100

    def _over_own_meld_cap(self, view: View, low: int) -> bool:
        """Whether ``low`` is over :attr:`own_meld_cap`: the seat's own meld in its best trump plus
        the cap's allowance plus every counter (docs/strength.md, "Hard's contracts beyond reach":
        Hard bids up to 390 in racehorse holding no meld in the trump it names)."""
        if self.own_meld_cap is None:
            return False
        own = max(meld_by_trump(pack_cards(view.hand, DECKS[self.rules.deck]), self.rules))
        return low > own + in_scale(self.own_meld_cap, view) + self.rules.total_counters

    def _call_by_made_share(self, view: View, low: int) -> Action:
        """Bid ``low`` when the simulated hand as declarer (:meth:`_simulate_trumps`, the card pass
        dealt) makes it in 60% of the sampled deals, or 40% once the partner has bid: the partner's
        meld backs the contract (RULES.md, Auction; used in the games with a card pass).

        With :attr:`reach_share` set, only while the bid is within reach: the side's meld after the
        pass plus every counter and the last trick (RULES.md, Scoring a hand: 250) reaches it in that
        share of the sampled deals. A contract beyond the side's meld and every counter is lost before a card is
        played (docs/strength.md, "The audit": ``beyond_reach``); a player stops bidding between
        what its hand is worth with no help from its partner and with perfect help (Pagat, "Pinochle
        Tactics", David Dailey), not at the luckiest deals' worth.

        First of all it passes a bid over :attr:`own_meld_cap` (its own meld + 100 + 250), without
        simulating."""
        seat = view.seat
        if self._over_own_meld_cap(view, low):
            return Action.pass_(seat)
        melds: list[list[int]] = []
        best, outcomes = self._simulate_trumps(view, melds)
        results = outcomes[best]
        total = self.rules.total_counters
        if self.reach_share and sum(1 for m in melds[best] if m + total >= low) < self.reach_share * len(results):
            return Action.pass_(seat)
        made = sum(1 for r in results if r >= low) / len(results)
        partner = Seat(seat).partner
        partner_bid = any(who == partner and call is not None for who, call in view.calls)
        return Action.bid_(seat, low) if made >= (0.4 if partner_bid else 0.6) else Action.pass_(seat)

    # ---------------------------------------------------------------- play

    #: Sampled deals a card with a deck of four copies (VARIANTS.md ``double-deck``): 20-card
    #: hands cost about four times as much a deal, so it keeps the earlier budget there.
    wide_samples = 48

    def _card_samples(self, rules: RuleSet) -> int:
        """Deals sampled for a card: :attr:`samples`, at most :attr:`wide_samples` with a deck of
        more than two copies (the 1 s budget; docs/strength.md, "Hard uses its budget")."""
        return self.samples if DECKS[rules.deck] is PINOCHLE_DECK else min(self.samples, self.wide_samples)

    def card(self, view: View) -> Card:
        """The card with the best simulated value over sampled deals.

        When the partner is sure to take the trick, only the counters that
        could be fed to it are considered (if it holds any); a defender on lead
        never leads the trump ace while the declarers may still hold trump,
        until the exact search takes over (:attr:`endgame` cards left). Where
        the search's best card breaks a convention (:func:`conventional_cards`: no
        counter to a trick surely lost; the last seat takes an opponent's trick)
        by a lead within its sampling error, the best conventional card
        (:meth:`_pick`).
        """
        resampler = strategy_of(view).resampler  # the hidden cards as the game's family deals them
        deals = deals_of(resampler, resampler.infostate(view))
        if view.rules_set().widow:
            return self._best_card_teams(view, deals)
        return self._best_card(view, deals)

    def _best_card_teams(self, view: View, deals: Callable[[random.Random], Sequence[int]]) -> Card:
        """The card of :meth:`card_values_teams` with the best value (ties: Normal's choice, else the cheapest)."""
        return self._pick(view, self.card_values_teams(view, deals))

    def card_values_teams(self, view: View, deals: Callable[[random.Random], Sequence[int]],
                          also: Sequence[Card] = ()) -> list[tuple[Card, float]]:
        """Each candidate card with its mean settlement over ``self.samples`` deals drawn by ``deals``,
        in a game where the declarer plays alone against the defenders (VARIANTS.md ``cutthroat``).

        Each deal's hidden cards include the declarer's buried ones (at the empty place: see
        :func:`pinochle.bots.knowledge.knowledge`), which count as the declarer's. A deal is
        played out with the greedy team playouts (:func:`pinochle.sim.playout`, :data:`~pinochle.sim.TEAMS`), or
        searched exactly once few cards are left (:func:`pinochle.bots.search.solve`).
        A move's value is its team's settlement (made: each opponent pays the stake; set
        after play: the declarer pays each double; from the game's scorer,
        :func:`pinochle.bots.widow.settlement`), plus a twentieth of a counter for each
        counter the team takes, so that a decided hand is still played sensibly.
        """
        assert view.trump is not None and view.declarer is not None and view.bid is not None
        self._sampled = {}
        cards = self.candidates(view, teams=True)
        cards += [c for c in dict.fromkeys(also) if c in view.legal.cards and c not in cards]
        if len(cards) == 1:
            return [(cards[0], 0.0)]
        rules = view.rules_set()
        trump, me = int(view.trump), int(view.seat)
        team_of = team_index(view)
        mine = team_of[me]
        d = int(view.declarer)
        next_seat = view.seating.next_seat
        players = view.seating.players
        empty = [s for s in range(4) if s not in view.seating.seats]
        rng = self._rng(view)
        current = view.tricks[-1] if view.tricks and len(view.tricks[-1].cards) < players else None
        trick = list(current.cards) if current else []
        leader = int(current.leader) if current else me
        m = view.melds[d]
        so_far = view.counters[view.seating.side_of[d]] + (m.total if m is not None else 0)
        stakes = settlement(view, view.bid, trump)
        opponents = players - 1
        unit = rules.total_counters / 25
        bid = view.bid

        def value(pts: Sequence[int], tricks: Sequence[int], buried: int) -> float:
            made = so_far + buried + pts[0] >= bid
            declarer = opponents * (stakes.made if made else -stakes.set)
            v = declarer if mine == 0 else -declarer
            return v + 0.05 * (pts[mine] - pts[1 - mine]) / unit

        exact = sum(view.hand_sizes) <= self.endgame

        def play_out(dealt: Sequence[int], rng: random.Random) -> Callable[[Card], float]:
            hands = list(dealt)
            buried = sum(rules.counters[c % 6] for e in empty for c in unpack(hands[e]))
            for e in empty:
                hands[e] = 0
            seed = rng.random()  # every card's rollouts on this deal alike

            def card_value(c: Card) -> float:
                hs = list(hands)
                hs[me] = remove(hs[me], c)
                if exact:
                    return solve(hs, trump, leader, [*trick, c], mine, functools.partial(value, buried=buried),
                                 rules, next_seat, team_of)
                tricks, pts, _ = playout(hs, trump, leader, random.Random(seed).random, rules, [*trick, c],
                                         TEAMS, next_seat, team_of)
                return value(pts, tricks, buried)
            return card_value

        rows = sampled_values(deals, rng, cards, self.samples, play_out)
        assert rows is not None  # the tricks family's deals always fit
        self._sampled = dict(zip(cards, rows))
        return [(c, sum(r) / self.samples) for c, r in zip(cards, rows)]

    def candidates(self, view: View, teams: bool = False) -> list[Card]:
        """The cards Hard searches among (:meth:`card_values`; with ``teams``, :meth:`card_values_teams`):
        the legal cards, only the counters to feed when the partner is sure to take the trick (if it holds
        any), and, but with ``teams``, never a defender's lead of the trump ace while the declarers may
        still hold trump, until the exact search takes over."""
        assert view.trump is not None
        cards = list(view.legal.cards)
        if partner_sure_to_win(view):
            cards = counters_to_feed(cards, view.trump) or cards
        if teams:
            return cards  # the declarer alone against two: no partnership's lead of the trump ace
        leading = not view.tricks or len(view.tricks[-1].cards) == 4
        side_of = view.seating.side_of
        if (leading and view.declarer is not None and side_of[view.declarer] != side_of[view.seat]
                and sum(view.hand_sizes) > self.endgame):
            # a defender's trump ace lead gains nothing while the declarers still hold trump (until
            # the exact search decides: leading it at trick 11 can catch a ten)
            table = Table(view)
            declarers = (view.declarer, Seat(view.declarer).partner)
            if table.in_suit(view.trump) and not all(table.void[d] >> view.trump & 1 for d in declarers):
                cards = [c for c in cards if c != view.trump * 6 + 5] or cards
        return cards

    #: Whether Hard follows the conventions of :func:`conventional_cards` where its search does not
    #: clearly prefer another card (:meth:`_pick`). Off: Hard as before (docs/strength.md, "Hard's
    #: card play: the conventions where its search cannot tell"), the Omniscient reference, and
    #: Normal's exact search of the last cards (which plays as it did: :mod:`pinochle.bots`).
    conventions: bool = True
    #: How clearly the search must prefer a card over the conventional one to play it: its mean
    #: lead over the sampled deals, in standard errors of the paired differences (the deals are the
    #: same for every card). 2: a lead the sampling alone gives about one time in forty.
    convention_z: ClassVar[float] = 2.0

    #: The sampled values of each card of the last :meth:`card_values` or :meth:`card_values_teams`
    #: (card -> the value on each sampled deal, in order), which :meth:`_pick` weighs.
    _sampled: dict[Card, list[float]] = {}

    def _clear_lead(self, best: Card, other: Card) -> bool:
        """Whether the last search's values put ``best`` clearly above ``other``: its mean lead over
        the same sampled deals is above :attr:`convention_z` standard errors of the paired
        differences (a lead on every deal alike, as the exact search gives, is clear however small)."""
        a, b = self._sampled.get(best), self._sampled.get(other)
        if not a or not b or len(a) != len(b):
            return True
        d = [x - y for x, y in zip(a, b)]
        n = len(d)
        mean = sum(d) / n
        var = sum((x - mean) ** 2 for x in d) / n
        return mean > self.convention_z * math.sqrt(var / n) + 1e-9

    def _pick(self, view: View, values: Sequence[tuple[Card, float]]) -> Card:
        """The card of ``values`` with the best value; among equal ones Normal's choice, else the
        cheapest (a plain card before a trump, low before high).

        With :attr:`conventions`, where :func:`conventional_cards` names cards and the best is not
        one of them, the best of them instead unless the search's lead is clear
        (:meth:`_clear_lead`): the conventional play a strong player would not be blamed for, over a
        difference the sampled deals cannot tell from chance."""
        if len(values) == 1:
            return values[0][0]
        assert view.trump is not None
        trump = int(view.trump)
        best = max(v for _, v in values)
        if self.conventions:
            top = max(values, key=lambda cv: cv[1])[0]
            usual = [(c, v) for c, v in values if c in conventional_cards(view)]
            if usual and top not in dict(usual):
                alt = max(v for _, v in usual)
                pick = [c for c, v in usual if v >= alt - 1e-9][0]
                if not self._clear_lead(top, pick):
                    values, best = usual, alt
        ties = [c for c, v in values if v >= best - 1e-9]
        if len(ties) == 1:
            return ties[0]
        fallback = self._normal.card(view)
        return fallback if fallback in ties else min(ties, key=lambda c: (c // 6 == trump, c % 6))

    def _best_card(self, view: View, deals: Callable[[random.Random], Sequence[int]]) -> Card:
        """The card of :meth:`card_values` with the best value (ties: Normal's choice, else the cheapest)."""
        return self._pick(view, self.card_values(view, deals))

    def card_values(self, view: View, deals: Callable[[random.Random], Sequence[int]],
                    also: Sequence[Card] = ()) -> list[tuple[Card, float]]:
        """Each candidate card (:meth:`candidates`) with its mean value over ``self.samples`` deals
        drawn by ``deals`` (:meth:`_card_samples`): the hand score of the seat's side less the other
        side's, by the game's own scoring. A single candidate is not searched (value 0.0).

        The legal cards of ``also`` that are not candidates are valued too, after them, over the
        same deals (each card's playouts are seeded alike whatever the others, so they change no
        candidate's value): the decision review values the card played (:mod:`pinochle.bots.review`)."""
        assert view.trump is not None
        self._sampled = {}
        cards = self.candidates(view)
        cards += [c for c in dict.fromkeys(also) if c in view.legal.cards and c not in cards]
        if len(cards) == 1:
            return [(cards[0], 0.0)]
        trump, me, rules = int(view.trump), int(view.seat), self.rules
        side = view.seating.side_of[me]
        rng = self._rng(view)
        current = view.tricks[-1] if view.tricks and len(view.tricks[-1].cards) < 4 else None
        trick = list(current.cards) if current else []
        leader = int(current.leader) if current else me
        meld, so_far_pts, so_far_tricks = view.meld_shown, view.counters, view.tricks_won
        declarer_side = view.seating.side_of[view.declarer] if view.declarer is not None else None
        bid = view.bid
        outcome = game_named(view.game).outcome or contract_outcome

        scored: dict[tuple[int, int, int, int], float] = {}  # a hand's end scored once (a pure function of it)

        def value(pts: Sequence[int], tricks: Sequence[int]) -> float:
            key = (pts[0], pts[1], tricks[0], tricks[1])
            got = scored.get(key)
            if got is None:
                counters = (so_far_pts[0] + pts[0], so_far_pts[1] + pts[1])
                taken = (so_far_tricks[0] + tricks[0], so_far_tricks[1] + tricks[1])
                sc = outcome(declarer_side, bid, meld, taken, counters, rules)  # the game's own scoring
                got = scored[key] = sc[side] - sc[1 - side]
            return got

        exact = sum(view.hand_sizes) <= self.endgame

        def play_out(hands: Sequence[int], rng: random.Random) -> Callable[[Card], float]:
            seed = rng.random()  # every card's rollouts on this deal alike

            def card_value(c: Card) -> float:
                hs = list(hands)
                hs[me] = remove(hs[me], c)
                if exact:
                    return solve(hs, trump, leader, [*trick, c], side, value, rules)
                tricks, pts, _ = playout(hs, trump, leader, random.Random(seed).random, rules, [*trick, c],
                                         self.rollout)
                return value(pts, tricks)
            return card_value

        n = self._card_samples(rules)
        rows = sampled_values(deals, rng, cards, n, play_out)
        assert rows is not None  # the tricks family's deals always fit
        self._sampled = dict(zip(cards, rows))
        return [(c, sum(r) / n) for c, r in zip(cards, rows)]


def hard_baseline(seed: int | str = 0) -> HardPlayer:
    """The Hard player as it was before it used its budget (docs/strength.md, "Hard uses its
    budget"): 48 samples a card, greedy rollouts, the exact search from 8 cards left.

    Registered in the arena as ``hard-baseline`` (``pinochle arena --a hard --b hard-baseline``)
    so the comparison can be rerun; never offered in the app (:data:`pinochle.bots.LEVELS`).

    Args:
        seed: makes every decision reproducible.

    Returns:
        A :class:`HardPlayer` with the earlier settings (its auction is the current Hard's).
    """
    return HardPlayer(seed, samples=48, endgame=8, bid_samples=48, rollout="greedy")


class OmniscientPlayer(HardPlayer):
    """A reference player that sees all four hands: for measurement only, never in the app.

    It is the Hard player with the true deal in place of every sampled one,
    so the gap between the two is what hidden information costs Hard.
    It implements the arena's ``FullInfoPlayer``: ``act_full(state, seat)``.
    """

    def __init__(self, seed: int | str = 0, samples: int = 48, endgame: int = 8, rules: RuleSet = TABLE) -> None:
        # the reference of docs/strength.md stays fixed: the baseline's settings (:func:`hard_baseline`)
        super().__init__(seed, samples, endgame, rules, bid_samples=48, rollout="greedy")

    #: The reference of docs/strength.md stays fixed: the search's own choice, no conventions.
    conventions: bool = False

    def __repr__(self) -> str:
        return f"OmniscientPlayer(seed={self.seed!r}, samples={self.samples})"

    def act_full(self, state: State, seat: int) -> Action:
        """Choose ``seat``'s move seeing the whole ``state``."""
        v = view(state, seat)
        if v.legal.cards:
            hands = state.hands
            return Action.play_(v.seat, self._best_card(v, lambda rng: hands))
        return self.act(v)
