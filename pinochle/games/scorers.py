"""How each game scores a hand and decides the match (the games' scorers).

A scorer takes the finished hand's :class:`~pinochle.game.State` and returns
``(HandScore, won)``: what each side adds, and the side that has won the
match with why it won, in a player's words (a :class:`~pinochle.scoring.Won`;
``None`` to play on). The reason is decided where the winner is, by the
game's own rule and numbers. The shared arithmetic is in
:mod:`pinochle.scoring`; each scorer cites its rule source.
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import Suit
from ..game import State, buried_counters, last_trick_bonus, side_meld, taken
from ..chairs import chair_lineup, sitting_out
from ..rules import SCALES, RuleSet
from ..scoring import (HandScore, Part, Won, earned_parts, match_result, reached_alone, reached_both, score_hand,
                       set_parts)

#: A played-out hand's score per side, ``(NS, EW)`` points, from the contract
#: (``declarer_side`` and ``bid``, or ``None`` without one) and what each side
#: melded, took in tricks and in counters: what a computer player weighs in
#: its simulations. Each game's scorer uses its own.
Pair = tuple[int, ...]


def contract_outcome(declarer_side: int | None, bid: int | None, meld: Pair, tricks: Pair, counters: Pair,
                     rules: RuleSet) -> Pair:
    """RULES.md, Scoring a hand (``table``, ``partnership-pass``; per hand also ``britannica``)."""
    assert declarer_side is not None and bid is not None
    s = score_hand(declarer_side, bid, meld, tricks, counters, rules).score
    return s[0], s[1]


def racehorse_outcome(declarer_side: int | None, bid: int | None, meld: Pair, tricks: Pair, counters: Pair,
                      rules: RuleSet) -> Pair:
    """VARIANTS.md ``racehorse``, a hand played out (see :func:`racehorse`)."""
    assert declarer_side is not None and bid is not None
    side, other = declarer_side, 1 - declarer_side
    kept = [0 if rules.meld_needs_trick and tricks[i] == 0 else meld[i] for i in (0, 1)]
    if kept[side] + counters[side] >= bid:
        return kept[0] + counters[0], kept[1] + counters[1]
    score = [0, 0]
    score[other] = kept[other] + rules.total_counters + counters[other]
    return score[0], score[1]


def open_outcome(declarer_side: int | None, bid: int | None, meld: Pair, tricks: Pair, counters: Pair,
                 rules: RuleSet) -> Pair:
    """VARIANTS.md ``turned-trump``: both sides score (kept) meld + counters."""
    kept = [0 if rules.meld_needs_trick and tricks[i] == 0 else meld[i] for i in (0, 1)]
    return kept[0] + counters[0], kept[1] + counters[1]


def declaring_side(state: State) -> int:
    """The declarer's side, as the game's seating gives it (:attr:`pinochle.cards.Seating.side_of`: N-S is
    side 0 and E-W side 1 in the partnership games, RULES.md, Players)."""
    assert state.declarer is not None
    return state.game.seating.side_of[state.declarer]


def contract(state: State) -> tuple[HandScore, Won | None]:
    """RULES.md, Scoring a hand (``table``; VARIANTS.md ``partnership-pass``: "Meld counts only
    with a trick. Set: the bid is subtracted and the side scores nothing else").
    """
    assert state.declarer is not None and state.bid is not None
    tricks, pts = taken(state)
    side = declaring_side(state)
    score = score_hand(side, state.bid, side_meld(state), tricks, pts, state.rules, last=last_trick_bonus(state))
    totals = (state.totals[0] + score.score[0], state.totals[1] + score.score[1])
    return score, match_result(totals, side, state.rules)


def racehorse(state: State) -> tuple[HandScore, Won | None]:
    """VARIANTS.md ``racehorse`` (seed 000).

    * Conceded after the meld: the declarer's side scores nothing; the
      opponents score their meld + 250 (all the counters of a hand).
    * Played and failed: the declarer's side scores nothing (meld and tricks
      lost); the opponents score their meld + 250 + the counters they took.
    * Made (meld + counters reach the bid): both sides score meld + counters.

    Meld counts without a trick here (the rule set's ``meld_needs_trick`` is
    off: a stated choice, docs/games/racehorse.md, seed 000 never asks for
    one); a declaring side that concedes or fails keeps none of it. With the
    switch on, the opponents of a conceded hand still keep their meld (no
    trick is played). The match: RULES.md's 1500 rule.
    """
    assert state.declarer is not None and state.bid is not None
    side = declaring_side(state)
    other = 1 - side
    tricks, pts = taken(state)
    meld = side_meld(state)
    needs = state.rules.meld_needs_trick
    kept = [0 if needs and tricks[i] == 0 else meld[i] for i in (0, 1)]
    if state.conceded:
        made = False
        kept[other] = meld[other]  # no trick is played: "the opponents score their meld + 250" (seed 000)
        score = [0, 0]
        score[other] = kept[other] + state.rules.total_counters
    else:
        made = kept[side] + pts[side] >= state.bid
        score = list(racehorse_outcome(side, state.bid, meld, tricks, pts, state.rules))
    earned = (kept[0] + pts[0], kept[1] + pts[1])  # what was measured against the bid
    if not made:
        kept[side] = 0  # "the declarer's side scores nothing (meld and tricks lost)"
    rule = "VARIANTS.md racehorse (seed 000)"
    last = last_trick_bonus(state)
    parts: list[tuple[Part, ...]] = [(), ()]
    if made:
        parts = [earned_parts(meld[i], kept[i], pts[i], last[i], rule) for i in (0, 1)]
    else:
        # what the declaring side took (its meld, counted toward the bid, and its counters), then that it is lost
        took = earned_parts(meld[side], earned[side] - pts[side], pts[side], last[side], rule)
        parts[side] = set_parts(took, "Conceded: nothing scored" if state.conceded
                                else f"Set: bid {state.bid} not made, meld and counters lost", rule)
        bonus = Part(f"Bonus {state.rules.total_counters}: the declarer "
                     + ("conceded" if state.conceded else "went set"), state.rules.total_counters, rule)
        parts[other] = (*earned_parts(meld[other], kept[other], pts[other], last[other], rule), bonus)
    hs = HandScore(side, state.bid, meld, (kept[0], kept[1]), tricks, pts, made, (score[0], score[1]),
                   conceded=state.conceded, played=not state.conceded,
                   earned=earned if kept[side] + pts[side] != earned[side] else (),
                   parts=(parts[0], parts[1]))
    totals = (state.totals[0] + score[0], state.totals[1] + score[1])
    return hs, match_result(totals, side, state.rules)


def open_hand(state: State) -> tuple[HandScore, Won | None]:
    """VARIANTS.md ``turned-trump`` (seed 000's variation): no contract, no set;
    both sides score meld + counters every hand.

    Meld counts without a trick here (a stated choice: there is no contract
    to make, and seed 000 asks for none). The match: the first side to reach
    the target wins; if both reach it in the same hand, the higher total wins,
    and equal totals play another hand (there is no declarer to break the tie).
    """
    tricks, pts = taken(state)
    meld = side_meld(state)
    needs = state.rules.meld_needs_trick
    kept = (0 if needs and tricks[0] == 0 else meld[0], 0 if needs and tricks[1] == 0 else meld[1])
    score = open_outcome(None, None, meld, tricks, pts, state.rules)
    last = last_trick_bonus(state)
    rule = "VARIANTS.md turned-trump (seed 000)"
    hs = HandScore(-1, 0, meld, kept, tricks, pts, True, score,
                   parts=tuple(earned_parts(meld[i], kept[i], pts[i], last[i], rule) for i in (0, 1)))
    totals = (state.totals[0] + score[0], state.totals[1] + score[1])
    target = state.rules.target
    reached = [t >= target for t in totals]
    won: Won | None = None
    if reached[0] and reached[1]:
        won = None if totals[0] == totals[1] else Won(0 if totals[0] > totals[1] else 1, reached_both(target))
    elif reached[0] or reached[1]:
        won = Won(0 if reached[0] else 1, reached_alone(target))
    return hs, won


def declarer_reached(target: int) -> str:
    """Why a match of VARIANTS.md ``britannica`` ended for the declaring side (seed 001: "The
    declarer's side counts first [...] If that brings it to 100 or more it wins, and the opponents
    add nothing").

    >>> declarer_reached(100)
    'The declaring side counts first and reached 100.'
    """
    return f"The declaring side counts first and reached {target}."


def opponents_reached(target: int) -> str:
    """Why a match of VARIANTS.md ``britannica`` ended for the opponents (seed 001: "otherwise the
    opponents score what they made"): the declaring side, counted first, stayed under the target.

    >>> opponents_reached(100)
    'The declaring side counts first and stayed under 100; then the opponents reached 100.'
    """
    return f"The declaring side counts first and stayed under {target}; then the opponents reached {target}."


def after_deals(deals: int, dealt: int) -> str:
    """Why a match of a number of deals ended (VARIANTS.md ``cutthroat``, ``auction``: stakes games,
    played for a fixed number of deals; docs/games/cutthroat.md, docs/games/auction.md: "the
    highest stake total wins. Equal leaders play another deal until one leads"): ``deals`` make
    the match, and it ended after deal ``dealt``.

    >>> after_deals(9, 9)
    'After 9 deals, the highest total wins.'
    >>> after_deals(9, 10)
    'After 9 deals the leaders were tied; deal 10 broke the tie: the highest total wins.'
    """
    if dealt <= deals:
        return f"After {deals} deals, the highest total wins."
    return f"After {deals} deals the leaders were tied; deal {dealt} broke the tie: the highest total wins."


def declarer_first(state: State) -> tuple[HandScore, Won | None]:
    """VARIANTS.md ``britannica`` (seed 001).

    The declaring side counts first: made, it scores what it made (kept meld +
    counters); not made, it loses the bid. If that brings it to the target it
    wins, and the opponents add nothing; otherwise the opponents score what
    they made, unless they took no trick (then nothing). A side's meld needs a
    trick (RULES.md's rule, the consistent reading of seed 001).

    A declarer set at once for naming a trump without its king and queen
    (``state.set_at_once``: the rule set's ``trump_needs_marriage``,
    VARIANTS.md ``double-deck``'s switch) loses the bid, and the opponents
    score their meld: no trick is played, so their meld needs none (a stated
    choice, docs/games/double-deck.md, as racehorse's concession).
    """
    assert state.declarer is not None and state.bid is not None
    side = declaring_side(state)
    other = 1 - side
    tricks, pts = taken(state)
    meld = side_meld(state)
    if state.set_at_once:
        kept = [0, 0]
        kept[other] = meld[other]
        set_score = [0, 0]
        set_score[side], set_score[other] = -state.bid, meld[other]
        marriage = "VARIANTS.md double-deck: trump_needs_marriage (a declarer without K and Q of trump is set at once)"
        set_parts: list[tuple[Part, ...]] = [(), ()]
        set_parts[side] = (Part("Set at once: no marriage in trump, the bid is taken off", -state.bid, marriage),)
        set_parts[other] = (Part("Meld kept", meld[other], marriage),)
        hs = HandScore(side, state.bid, meld, (kept[0], kept[1]), tricks, pts, False, (set_score[0], set_score[1]),
                       played=False, set_at_once=True, parts=(set_parts[0], set_parts[1]))
    else:
        hs = score_hand(side, state.bid, meld, tricks, pts, state.rules, last=last_trick_bonus(state))
    score = list(hs.score)
    parts = list(hs.parts)
    target = state.rules.target
    rule = "VARIANTS.md britannica (seed 001): the declaring side counts first"
    won: Won | None = None
    if state.totals[side] + score[side] >= target:
        if score[other]:
            parts[other] = (*parts[other], Part(f"Not scored: the declaring side reached {target} first",
                                                -score[other], rule))
        score[other] = 0
        won = Won(side, declarer_reached(target))
    else:
        if tricks[other] == 0 and not state.set_at_once:
            if score[other]:
                parts[other] = (*parts[other], Part("Not scored: no trick taken", -score[other], rule))
            score[other] = 0
        if state.totals[other] + score[other] >= target:
            won = Won(other, opponents_reached(target))
    return hs._replace(score=(score[0], score[1]), parts=(parts[0], parts[1])), won


def stake(bid: int, base: int = 30, band: int = 5, per_band: int = 1) -> int:
    """The stake of a bid (VARIANTS.md ``cutthroat``: "1 for 30, plus 1 for each
    further 5: a switch for 2"): ``1 + (bid - base) // band * per_band``.

    >>> stake(30), stake(34), stake(35), stake(52), stake(52, per_band=2)
    (1, 1, 2, 5, 9)
    """
    return 1 + max(0, bid - base) // band * per_band


def auction_stake(bid: int, trump: int) -> int:
    """The stake of a bid in VARIANTS.md ``auction`` (seed 000; tens), paid to or by each opponent.

    The seed's two rows are exact: 350-390 -> 15, 400-440 -> 25. The rest is a
    stated choice (docs/games/auction.md): 250-290 -> 5, 300-340 -> 10, then
    +10 for each band of 50 from 450 (450-490 -> 35, 500-540 -> 45, ...).
    Spades double it.

    >>> [auction_stake(b, 1) for b in (250, 300, 370, 400, 440, 450, 500)]
    [5, 10, 15, 25, 25, 35, 45]
    >>> auction_stake(370, 0), auction_stake(400, 0)
    (30, 50)
    """
    if bid < 300:
        value = 5
    elif bid < 350:
        value = 10
    elif bid < 400:
        value = 15
    elif bid < 450:
        value = 25
    else:
        value = 35 + 10 * ((bid - 450) // 50)
    return 2 * value if trump == 0 else value


#: A trump suit that does not double a stake (any suit but spades: VARIANTS.md ``auction``).
_PLAIN = Suit.H


def _stake_of(state: State, bid: int, trump: int, per_band: int,
              value_of: Callable[[int, int], int] | None) -> int:
    """The stake of ``bid`` in ``state``'s game, the bid read in the game's own scale.

    The schedules are written in each game's own scale (cutthroat in ones,
    VARIANTS.md "1 for 30, plus 1 for each further 5"; auction in tens, seed
    000 "350-390 -> 15"). A match played in another scale (``--scale``) has
    its bids converted back first, so a tens cutthroat bid of 350 is the
    ones bid 35 and stakes 2, not 65.
    """
    own = SCALES[state.game.rules.scale].unit
    unit = SCALES[state.rules.scale].unit
    native = bid * own // unit
    return stake(native, per_band=per_band) if value_of is None else value_of(native, trump)


def stake_band(bid: int, trump: int, step: int, floor: int,
               value_of: Callable[[int, int], int]) -> tuple[int, int]:
    """The band of bids around ``bid`` (in steps of ``step``, from ``floor``) that stake as ``bid``
    does, ``(lowest, highest)``, read off the game's schedule ``value_of``; the highest is capped
    at ten bands' width (the schedule's last band is open).

    >>> stake_band(370, 1, 10, 250, auction_stake), stake_band(37, 1, 1, 30, lambda b, t: stake(b))
    ((350, 390), (35, 39))
    """
    value = value_of(bid, trump)
    lo = bid
    while lo - step >= floor and value_of(lo - step, trump) == value:
        lo -= step
    hi = bid
    while value_of(hi + step, trump) == value and hi - bid < 100 * step:
        hi += step
    return lo, hi


def _stake_steps(state: State, value: int, per_band: int, value_of: Callable[[int, int], int] | None,
                 made: bool, played: bool) -> tuple[Part, ...]:
    """How the stake ``value`` of ``state``'s hand arises, step by step, in the match's scale: the bid's
    band and its stake in the game's schedule, spades doubling it, a set after play doubling it
    (VARIANTS.md ``cutthroat``, ``auction``; :func:`stakes`). Each step holds the stake after it."""
    assert state.bid is not None and state.trump is not None
    own = SCALES[state.game.rules.scale].unit
    unit = SCALES[state.rules.scale].unit
    native = state.bid * own // unit
    schedule: Callable[[int, int], int] = value_of or (lambda b, t: stake(b, per_band=per_band))
    source = "VARIANTS.md auction (seed 000)" if value_of is not None else "VARIANTS.md cutthroat (seeds 001, 002)"
    step = state.game.rules.bid_step
    plain = 1 if state.trump == 0 else state.trump  # the schedule without the doubling for spades
    base = schedule(native, plain)
    lo, hi = stake_band(native, plain, step, state.game.rules.min_bid, schedule)
    band = f"{lo * unit // own}" if lo == hi else f"{lo * unit // own}–{hi * unit // own}"
    bands = f"a bid of {band}" if lo == hi else f"bids {lo * unit // own} to {hi * unit // own}"
    steps = [Part(f"Bid {state.bid}: bids {band} stake", base, source,
                  says=f"The bid was {state.bid}; {bands} stake {base}.")]
    full = schedule(native, state.trump)
    if full != base:
        steps.append(Part(f"Spades are trump: ×{full // base}" if full % base == 0 else "Spades are trump", full, source,
                          says=f"Spades are trump, so the stake doubles to {full}." if full == 2 * base
                          else f"Spades are trump, so the stake is {full}."))
        if state.conceded and state.rules.concede_spades == "single":
            full = base
            steps.append(Part("Conceded in spades: not doubled (house rule concede_spades=single)", base,
                              "Scarne, Auction Pinochle with Widow: a concession in spades pays the single amount",
                              says=f"Conceded in spades, which this table's house rule does not double: {base}."))
    if value != full:
        steps.append(Part(f"The forced opening of {state.bid} was conceded: the minimum stake", value,
                          "VARIANTS.md auction (seed 000): a minimum-stake loss if thrown in",
                          says=f"The forced opening of {state.bid} was conceded, so only the minimum stake is paid:"
                               f" {value}."))
    if state.conceded:
        steps.append(Part("Conceded before play: paid once", value, source,
                          says=f"The declarer conceded before play, so pays each opponent the stake once: {value}."))
    elif not played:
        steps.append(Part("The meld alone made the bid: no play", value, source,
                          says="The meld alone made the bid, so the hand was not played: each opponent pays the"
                               f" declarer {value}."))
    elif made:
        steps.append(Part("Made: the bid reached after the play", value, source,
                          says=f"The declarer made the bid in the play: each opponent pays the declarer {value}."))
    else:
        steps.append(Part("Set after play: paid double", 2 * value, source,
                          says=f"The declarer was set in the play, so pays each opponent double: {2 * value}."))
    return tuple(steps)


def _paid_parts(who: int, transfers: tuple[tuple[int, int, int], ...], name: Callable[[int], str],
                rule: str, why: str = "") -> tuple[Part, ...]:
    """What ``who`` won or paid in a hand settled by stakes, one part per payment it was party to (``why``:
    why it is a party, when it did not play)."""
    parts = []
    for payer, payee, amount in transfers:
        if payee == who:
            parts.append(Part("Paid by {who}", amount, rule, name(payer), why))
        elif payer == who:
            parts.append(Part("Paid to {who}", -amount, rule, name(payee), why))
    return tuple(parts)


#: Why a player sitting the hand out pays or is paid (``RuleSet.sitters_settle``; docs/games/auction.md).
SITTER_SETTLES = "Hoyle, auction pinochle: the inactive players participate in the settlement (switch sitters_settle)"
#: The same, in the few words the hand summary shows beside the amount.
SITTER_WHY = "as an opponent"


def stakes(state: State, deals: int = 9, per_band: int = 1,
           value_of: Callable[[int, int], int] | None = None) -> tuple[HandScore, Won | None]:
    """VARIANTS.md ``cutthroat`` (seeds 001, 002): stakes paid to and by the declarer.

    * The meld alone reaches the bid (no play), or the declarer makes the bid
      after play (meld + counters, buried cards included): each opponent pays
      the declarer the stake.
    * Set after play: the declarer pays each opponent double.
    * Conceded before play: the declarer pays each opponent the stake (single:
      not doubled for bete). In spades the schedule's stake is doubled
      (``concede_spades="double"``, the project's reading of VARIANTS.md
      ``auction``, "conceding before play pays single", beside "doubled when
      spades are trump"); the house switch ``concede_spades="single"`` pays
      the stake without the spade doubling (Scarne: a player who makes spades
      trump and throws the hand in before playing a card pays each other
      player a single amount; docs/games/auction.md).
      With the ``first-300`` opening (VARIANTS.md ``auction``, seed 000: "a
      first bid of 300 with a minimum-stake loss if thrown in"), a declarer
      who concedes the forced opening bid of 300 pays only the minimum stake:
      the stake of the minimum bid, not doubled in spades (a stated choice,
      docs/games/auction.md).

    At a table of 4 or 5 (VARIANTS.md ``auction``) the transfers are also
    given per chair (``HandScore.chairs``, ``chair_transfers``), and the
    chairs sitting the hand out settle with the declarer as each opponent does
    (``RuleSet.sitters_settle``; Hoyle: the inactive players "participate in
    the settlement"); the match is ``deals`` hands and the totals are per chair.

    The declarer's meld counts without a trick (docs/games/cutthroat.md). A
    side's score is its net stake; the transfers sum to zero. The match is
    ``deals`` scored hands (annulled hands do not count); the highest total
    wins, and equal leaders play another hand (docs/games/cutthroat.md).

    ``value_of(bid, trump)``: the stake (default :func:`stake` with
    ``per_band``; VARIANTS.md ``auction``: :func:`auction_stake`).
    """
    assert state.declarer is not None and state.bid is not None
    seating = state.game.seating
    d = state.declarer
    ds = seating.side_of[d]
    tricks, pts = taken(state)
    meld = side_meld(state)
    played = bool(state.tricks)
    assert state.trump is not None
    rules = state.rules
    trump = state.trump
    if state.conceded and rules.concede_spades == "single":
        trump = _PLAIN  # Scarne: a concession in spades pays the single amount
    value = _stake_of(state, state.bid, trump, per_band, value_of)
    if state.conceded and rules.opening == "first-300" and (state.bid,) == rules.opening_bids:
        # the forced opening of 300 stood (only the first call can bid it): the minimum stake
        value = _stake_of(state, rules.min_bid, _PLAIN, per_band, value_of)
    if state.conceded:
        made, pay = False, -value
    elif not played:
        made, pay = True, value
    else:
        made = meld[ds] + pts[ds] >= state.bid
        pay = value if made else -2 * value
    transfers = tuple((o, d, pay) if pay > 0 else (d, o, -pay) for o in seating.seats if o != d)
    score = [0] * len(seating.sides)
    for payer, payee, amount in transfers:
        score[seating.side_of[payer]] -= amount
        score[seating.side_of[payee]] += amount
    chairs: tuple[int, ...] = ()
    chair_transfers: tuple[tuple[int, int, int], ...] = ()
    if state.lineup:  # a table of 4 or 5: settle per chair, the sitters as opponents
        lineup = chair_lineup(state)
        dc = lineup[d]
        others = [lineup[o] for o in seating.seats if o != d]
        if rules.sitters_settle:
            others += sitting_out(state)
        chair_transfers = tuple((o, dc, pay) if pay > 0 else (dc, o, -pay) for o in sorted(others))
        per_chair = [0] * state.table_size
        for payer, payee, amount in chair_transfers:
            per_chair[payer] -= amount
            per_chair[payee] += amount
        chairs = tuple(per_chair)
    kept = tuple(meld[i] if i == ds and made else 0 for i in range(len(meld)))
    rule = "VARIANTS.md auction (seed 000)" if value_of is not None else "VARIANTS.md cutthroat (seeds 001, 002)"
    seat_name = "NESW".__getitem__
    parts = tuple(
        sum((_paid_parts(p, transfers, seat_name, rule) for p in side), ()) for side in seating.sides)
    chair_parts: tuple[tuple[Part, ...], ...] = ()
    if state.lineup:
        out = set(sitting_out(state))
        chair_parts = tuple((_paid_parts(c, chair_transfers, str, SITTER_SETTLES, SITTER_WHY) if c in out
                             else _paid_parts(c, chair_transfers, str, rule))
                            or (Part("Sat this hand out", 0, "VARIANTS.md auction (seed 000)"),)
                            for c in range(state.table_size))
    hs = HandScore(ds, state.bid, meld, kept, tricks, pts, made, tuple(score), seating.side_names,
                   transfers, state.conceded, played, chairs, chair_transfers, parts=parts,
                   stake_steps=_stake_steps(state, value, per_band, value_of, made, played),
                   chair_parts=chair_parts,
                   # the counters include the last trick's bonus: the summary shows it as a row of its own
                   last_trick=last_trick_bonus(state) if played else (),
                   # and the counters of the cards the declarer buried, another row (VARIANTS.md cutthroat)
                   buried=buried_counters(state) if played else ())
    totals = [t + x for t, x in zip(state.totals, chairs or score)]
    won: Won | None = None
    dealt = len(state.history) + 1
    if dealt >= deals:
        best = max(totals)
        if totals.count(best) == 1:
            won = Won(totals.index(best), after_deals(deals, dealt))
    return hs, won
