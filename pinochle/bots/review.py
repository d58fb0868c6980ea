"""The decision review, par: each of one seat's decisions in a hand against Hard's with the same
information (:func:`pinochle.bots.evaluate.evaluate`).

For every decision of the seat (a bid or pass, trump, the card pass, the burial, conceding, the dix,
each card) it gives what was done, Hard's choice (``best``) from the seat's view at that moment, and
``loss``: the points Hard's search expects the decision gave up against ``best`` (0 when they agree,
never negative). It is luck-neutral: the cards dealt do not count, only what was done with them.
Moves without a choice (one legal move, laying down meld, dealing) are not decisions.

``loss`` is measured where Hard values the move made and its own with the same deals
(:func:`pinochle.bots.evaluate.evaluate`, the move made asked for with ``also``): each card (its card
search), trump (its simulation of the hand for each suit), a bid at the lowest bid or a pass where
Hard's call is a simulation of the auction, a burial or conceding in the widow games, racehorse's
conceding or playing on (:meth:`~pinochle.bots.hard.HardPlayer.concede_values`: Hard concedes by a rule,
the values are the game's scorer and Hard's playouts), the card pass between partners
(:meth:`~pinochle.bots.hard.HardPlayer.give_values`: Hard passes by a weighing of meld kept and cards
given, the values are each pass played out over the same deals), and turned-trump's dix exchange. It is ``max(0, value(best) - value(action))``.
Where Hard makes its move by a rule (a partner's bid left standing, a save, a run's worth opened, a conventional card)
and its own values put the move made :data:`CLOSE_LOSS` or more ahead of it, ``best`` is the move made (the better
valued, ``loss`` 0) and Hard's move is kept as ``rule``, named in the reason as the move Hard makes by a rule: the
review never names as Hard's choice a move its own values put below the seat's (tests/test_review_agrees.py). A decision Hard does not
value has ``loss`` ``None`` when it differs from ``best``: not measured, never guessed, and its reason says why
(:func:`why_unmeasured`). These are:

* a jump bid above the lowest, a forced opening, and the calls in a deck of four copies (Hard calls there as
  Normal does). A call Hard makes by a rule (leaving a partner the contract, opening a run's worth or a double
  marriage, the games with a card pass) is measured all the same by its simulation of the auction (the bid at the
  lowest against the pass, over the same deals): a pass against a "Bid" hint has its loss;
* in double-deck any trump but Hard's (Hard names it as Normal does there, without a simulation). A trump
  Hard's simulation leaves out in the partnership games is played out too, on the same deals, with a copy of
  the random numbers of each deal's rollout, so that Hard's choice and its other values do not change
  (:meth:`~pinochle.bots.hard.HardPlayer._simulate_trumps`'s ``also``).

Two-handed (VARIANTS.md ``two-handed``) is reviewed the same way, its record read by its own format
(:func:`pinochle.records.hand_steps`) and its cards valued by its family's values
(:attr:`pinochle.bots.base.Strategy.values`): while the stock lasts the mean score margin of Hard's
rollouts, in the endgame the exact search. Its meld turn (which meld to declare, the dix, or nothing
more) has ``loss`` ``None`` when it differs: Hard declares by a rule (the biggest meld first, a royal
marriage before the run while the stock is long), not by a value.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import math

from ..cards import SUIT_NAMES, Card, Seat
from ..errors import BadRecord
from ..game import Action, BidAction, PlayAction, State, TrumpAction, View, action_cards, view
from ..records import hand_steps as record_steps
from .card_reasons import separating
from .evaluate import (DECISION_SAMPLES, Evaluation, Fact, Option, better_off, describe, evaluate_decision, other_move,
                       same_move, trump_choice_facts, who_gains)

#: The sampled deals a card behind each decision reviewed: the hint's (Hard's 192), so that the review of a
#: decision is the evaluation its hint gave (:func:`pinochle.bots.evaluate.evaluate_decision`; the cost of a
#: hand's review: docs/strength.md, "Hints and the decision review").
REVIEW_SAMPLES = DECISION_SAMPLES

#: A loss under this many points is not a mistake: the review reports it as 0 (the move does about as well as
#: Hard's). A player is shown whole points, and a difference under one is within the noise of the sampled deals
#: (docs/strength.md, "Hints and the decision review").
CLOSE_LOSS = 1.0


def counted_loss(loss: float | None) -> float | None:
    """The loss a review reports and the statistics count: ``loss``, or 0 under :data:`CLOSE_LOSS` (not a
    mistake); ``None`` (not measured) stays ``None``.

    >>> counted_loss(0.7), counted_loss(1.0), counted_loss(23.4), counted_loss(None)
    (0.0, 1.0, 23.4, None)
    """
    return None if loss is None else 0.0 if loss < CLOSE_LOSS else loss


@dataclass(frozen=True)
class Decision:
    """One decision of the seat reviewed.

    Attributes:
        index: the action's index in the hand (0: the first action after the deal).
        seat: who decided. phase: the phase it was made in.
        action: what was done; best: Hard's choice with the same information.
        loss: the points given up against ``best`` (0 when they agree), or ``None`` when not measured.
        rule: Hard's own move where its values put the move made at least :data:`CLOSE_LOSS` ahead of it (a move Hard
            makes by a rule): ``best`` is then the move made, the better valued, with ``loss`` 0, so that the review never
            names as Hard's choice a move its own values put below yours; else ``None``.
        reason: why ``best``, in the game's words: its facts (:attr:`pinochle.bots.evaluate.Option.facts`)
            and, where the move made differs, how much better off ``best`` leaves the seat on average
            (Hard's search), the figure ``loss`` as a player sees it (:func:`whole_points`); never a comparison with a move not made.
    """

    index: int
    seat: Seat
    phase: str
    action: Action
    best: Action
    loss: float | None
    reason: str
    context: dict[str, object] | None = None
    rule: Action | None = None

    def to_json(self) -> dict[str, object]:
        """``{"index", "seat", "phase", "action", "best", "loss", "reason", "context", "rule"}`` (actions without their
        seat; ``context``: :func:`decision_context`; ``rule``: Hard's own move where ``best`` is the move made because
        Hard's values put it ahead of the move Hard makes by a rule, else ``None``)."""
        def bare(a: Action) -> dict[str, object]:
            j = a.to_json()
            j.pop("seat", None)
            return j
        return {"index": self.index, "seat": str(self.seat), "phase": self.phase, "action": bare(self.action),
                "best": bare(self.best), "loss": None if self.loss is None else round(self.loss, 1),
                "reason": self.reason, "context": self.context, "rule": None if self.rule is None else bare(self.rule)}


def decision_context(v: View) -> dict[str, object]:
    """Where a decision was made, as its seat saw the table then (``v``: its view at that moment), for a review
    to say it in a player's words ("Trick 5: East led the K♠", "high bid 300, West"):

    ``{"trick", "table", "high_bid", "high_bidder", "declarer", "bid", "trump"}``: ``trick`` the number of the
    trick being played (from 1; ``None`` before the first lead), ``table`` the cards already on the table in that
    trick, in order (``[{"seat", "card"}]``; empty when the seat leads), then the auction and the contract as the
    view shows them (``None`` where not known yet). Only what everyone at the table saw.

    >>> from pinochle.game import new_match
    >>> decision_context(view(new_match(seed=1), Seat.S))
    {'trick': None, 'table': [], 'high_bid': None, 'high_bidder': None, 'declarer': None, 'bid': None, 'trump': None}
    """
    trick: int | None = None
    table: list[dict[str, str]] = []
    if v.tricks:
        last = v.tricks[-1]
        if last.winner is None:
            trick = len(v.tricks)
            table = [{"seat": str(last.seat_of(i)), "card": str(c)} for i, c in enumerate(last.cards)]
        else:
            trick = len(v.tricks) + 1
    elif v.phase in ("play", "stock_play", "endgame"):
        trick = 1
    def s(x: object) -> str | None:
        return None if x is None else str(x)

    return {"trick": trick, "table": table, "high_bid": v.high_bid, "high_bidder": s(v.high_bidder),
            "declarer": s(v.declarer), "bid": v.bid, "trump": s(v.trump)}


def hand_steps(record: object) -> Iterator[tuple[State, Action]]:
    """Each position of a hand record's replay and the action taken there, in order
    (:func:`pinochle.records.hand_steps`: any game, by its record format).

    Raises:
        BadRecord: the record breaks a rule.
    """
    yield from record_steps(record)


def whole_points(loss: float) -> int:
    """A loss in whole points as a player sees it: the JSON ``loss`` (one decimal) rounded half up, as the
    browser shows it (``Math.round``).

    >>> whole_points(23.1), whole_points(22.5), whole_points(0.4)
    (23, 23, 0)
    """
    return math.floor(round(loss, 1) + 0.5)


def your_move(action: Action, phase: str | None = None) -> str:
    """The seat's own move as a review names it, e.g. ``"your K♣"``, ``"your bid of 250"``, ``"your pass"``.

    >>> your_move(Action.play_(0, Card.parse("KC"))), your_move(Action.trump_(0, 1))
    ('your K♣', 'your choice of hearts')
    >>> your_move(Action.meld_(Seat.S, (Card.parse("KC"), Card.parse("QC"))))
    'your meld of the K♣ and Q♣'
    >>> your_move(Action.pass_(0)), your_move(Action.pass_(0), "stock_meld")
    ('your pass', 'your choice of no meld')
    """
    t = action.type
    if isinstance(action, PlayAction):
        return "your " + Card(action.card).label
    if isinstance(action, BidAction):
        return f"your bid of {action.bid}"
    if isinstance(action, TrumpAction):
        return f"your choice of {SUIT_NAMES[action.suit]}"
    if t in ("give", "bury"):
        cards = describe(action).split(" ", 1)[1]
        return f"your {'pass' if t == 'give' else 'burial'} of {cards}"
    if t == "pass" and phase == "stock_meld":  # two-handed's meld turn: its "No meld" button
        return "your choice of no meld"
    if t == "meld" and action_cards(action):  # two-handed's meld turn: "Declare the K♣ and Q♣"
        return "your meld of " + describe(action).split(" ", 1)[1]
    words = {"pass": "your pass", "concede": "your conceding", "play_on": "your playing on",
             "dix": "your exchange for the dix", "meld": "your meld"}
    said = describe(action)
    return words.get(t, "your " + said[:1].lower() + said[1:])


def review_reason(e: Evaluation, action: Action, loss: float | None, who: str = "you", phase: str | None = None,
                  ahead: float = 0.0, v: View | None = None) -> str:
    """Why Hard's move, said against the move made (``action``, which gave up ``loss``): Hard's move and
    its first fact, then, where the moves differ and both were valued, how much better off Hard's move
    leaves ``who`` ("you", or "your side" with a partner) on average than the seat's own, with the figure
    a player is shown for ``loss`` (:func:`whole_points`); a loss under :data:`CLOSE_LOSS`: that it does about as
    well as the seat's own. ``phase`` names the move as its phase offers it (a pass at two-handed's meld turn:
    "your choice of no meld"). ``ahead``: how much Hard's values put the move made above Hard's own (a move Hard makes
    by a rule, such as opening a run's worth, valued by its simulation all the same): from :data:`CLOSE_LOSS`, the move
    made is the better one and the reason says so (:func:`ahead_reason`), never "Hard: <its move>" beside it.
    Never the comparison with the runner-up a hint makes (:attr:`pinochle.bots.evaluate.Evaluation.reason`):
    that move was not the seat's. ``v``: the seat's view at the decision; with it, a card's reason is what separates
    Hard's card from the card played (:func:`pinochle.bots.card_reasons.separating`: true of Hard's card and not of
    yours), or the value alone where no pattern of play does; a trump's reason sets Hard's suit against yours, the length,
    aces and tens and meld of each (:func:`pinochle.bots.evaluate.trump_choice_facts`)."""
    best = e.best
    own = [f for f in best.facts if f.kind != "search"]
    if (v is not None and isinstance(best.action, PlayAction) and isinstance(action, PlayAction)
            and not same_move(action, best.action)):
        # one pattern, its words as one fact: the comparison with your card follows it
        own = [Fact(g[-1][0], " and ".join(t for _, t in g)) for g in separating(v, best.action.card, [action.card], 1)]
    if (v is not None and isinstance(best.action, TrumpAction) and isinstance(action, TrumpAction)
            and not same_move(action, best.action)):
        # Hard's suit set against yours: the length, aces and tens and meld of each (never against a suit not named)
        own = trump_choice_facts(v, int(best.action.suit), [int(action.suit)])
    if same_move(action, best.action):
        # the hint's own words where its only reason is the value: never a bare "Play the A♠."
        return Option(best.action, best.points, tuple(own)).reason if own else e.reason
    if loss is None:
        # not measured: the reason still names the move it is set against, and says why no figure is given
        unmeasured = Fact("unmeasured", f"{why_unmeasured(e, action, phase)}, so there is no figure for"
                                        f" {your_move(action, phase)}" if isinstance(action, TrumpAction)
                          else f"{your_move(action, phase)} is not measured: {why_unmeasured(e, action, phase)}")
        return Option(best.action, best.points, (*own[:1], unmeasured)).reason
    if ahead >= CLOSE_LOSS:
        return ahead_reason(e, action, ahead, who)
    compare = Fact("search", better_off(who, loss, your_move(action, phase)))
    return Option(best.action, best.points, (*own[:1], compare)).reason


def ahead_reason(e: Evaluation, action: Action, ahead: float, who: str = "you") -> str:
    """Why the move made is the review's choice where Hard's own values put it ``ahead`` points (at least
    :data:`CLOSE_LOSS`) above the move Hard makes by a rule (a partner's bid left standing, a save, a run's worth
    opened, a conventional card where its search cannot tell the cards apart): the move made, how much better off
    it leaves ``who`` by those values than Hard's move, and that Hard makes its move by a rule, with the rule's first
    fact where it has one. Hard's move is never named as the better one beside a figure that favours the move made.

    >>> e = Evaluation(0, (Option(Action.pass_(0), 10.0, (Fact("high_bid", "your partner's 250 stands"),)),
    ...                    Option(Action.bid_(0, 260), 85.0)))
    >>> ahead_reason(e, Action.bid_(0, 260), 75.0, "your side")
    "Bid 260: by Hard's own values it leaves your side about 75 points better off than passing, the call Hard itself makes here by a rule (your partner's 250 stands)."
    """
    hard = e.best
    n = whole_points(ahead)
    rule = next((f.text for f in hard.facts if f.kind not in ("search", "estimate")), None)
    kind = ("card" if isinstance(hard.action, PlayAction) else "call" if hard.action.type in ("bid", "pass")
            else "choice")
    verb = "plays" if kind == "card" else "makes"
    said = (f"by Hard's own values it leaves {who} about {n} point{'s' if n != 1 else ''} better off than"
            f" {other_move(hard.action)}, the {kind} Hard itself {verb} here by a rule")
    if rule and kind != "card":  # a card's facts say what it does, not the rule Hard plays it by
        said += f" ({rule.removeprefix('Hard opens by rule ')})"
    return f"{describe(action)}: {said}."


def why_unmeasured(e: Evaluation, action: Action, phase: str | None = None) -> str:
    """Why a move other than Hard's has no loss (the module docstring's list), in a player's words.

    >>> e = Evaluation(0, (Option(Action.bid_(0, 250), -40.0), Option(Action.pass_(0), -60.0)))
    >>> why_unmeasured(e, Action.bid_(0, 300))
    'Hard values only the lowest bid, 250, against a pass, and 300 is above it'
    >>> why_unmeasured(Evaluation(0, (Option(Action.trump_(0, 1), 80.0),)), Action.trump_(0, 2))
    'Hard did not play the hand out with diamonds as trump'
    """
    valued = [o for o in e.options if o.points is not None]
    if isinstance(action, BidAction):
        low = next((o.action.bid for o in valued if isinstance(o.action, BidAction)), None)
        if low is not None and action.bid > low:
            return f"Hard values only the lowest bid, {low}, against a pass, and {action.bid} is above it"
        return "in this game Hard bids by its meld, without a value for each bid"
    if isinstance(action, TrumpAction):
        # a deck of four copies: Hard names trump as Normal does, without playing the hand out (evaluate's trump)
        return f"Hard did not play the hand out with {SUIT_NAMES[action.suit]} as trump"
    if action.type == "pass" and phase != "stock_meld":
        return "in this game Hard calls by its meld, without a value for each call"
    if phase == "stock_meld" or action.type in ("meld", "dix"):
        # two-handed's meld after a trick won (VARIANTS.md two-handed): a meld not declared now may still be
        # declared after a later trick won, so its points are not a cost the review can charge
        best = e.options[0] if e.options else None
        said = next((f.text for f in best.facts if f.kind == "meld_points"), None) if best is not None else None
        head = f"Hard takes its biggest meld first ({said})" if said else "Hard takes its biggest meld first"
        return (f"{head}; a meld you leave is given no cost here, as you may still declare it after a trick you"
                " win")
    return "Hard makes this choice by a rule, without a value to compare"


def _choices(state: State, seat: Seat) -> int:
    """How many moves ``seat`` could choose from (2 for any call, trump or pass of cards)."""
    legal = view(state, seat).legal
    if legal.cards:
        return len(legal.cards)
    if legal.trumps:
        return len(legal.trumps)
    if legal.melds:  # two-handed's meld turn: a meld, the dix, or nothing more
        return len(legal.melds) + 1 + legal.dix
    if legal.min_bid is not None or legal.give or legal.bury or legal.concede or legal.dix:
        return 2
    return 1


def review_hand(record: object, seat: Seat | str, samples: int = REVIEW_SAMPLES, seed: str = "review",
                hand: int = 1) -> list[Decision]:
    """Every decision of ``seat`` in the hand record, in order (see the module docstring).

    Args:
        record: a hand record (docs/records.md).
        seat: the seat reviewed (``"S"``, or a :class:`~pinochle.cards.Seat`).
        samples: the budget of each evaluation (sampled deals a card).
        seed: makes the review reproducible: at a table, the match's id.
        hand: the hand's number in its match (from 1). With the match's id as ``seed``, each decision is the
            evaluation a hint gave at that point (:func:`pinochle.bots.evaluate.evaluate_decision`).

    Raises:
        BadRecord: the record breaks a rule, or cannot be reviewed.
    """
    me = seat if isinstance(seat, Seat) else Seat.parse(seat)
    out: list[Decision] = []
    for index, (state, action) in enumerate(hand_steps(record)):
        if action.seat != me or action.type in ("deal", "draw") or _choices(state, me) < 2:
            continue
        v = view(state, me)
        e = evaluate_decision(v, seed, hand, index, samples, also=(action,))
        best = e.best.action
        loss: float | None = 0.0
        ahead = 0.0
        if not same_move(action, best):
            mine = e.option_for(action)
            top = e.best.points
            loss = (max(0.0, top - mine.points) if mine is not None and mine.points is not None and top is not None
                    else None)
            if loss is not None and mine is not None and mine.points is not None and top is not None:
                ahead = max(0.0, mine.points - top)
        reason = review_reason(e, action, loss, who_gains(v), str(state.phase), ahead, v)
        if ahead >= CLOSE_LOSS:  # Hard's own values put the move made ahead of Hard's rule: the better valued is best
            out.append(Decision(index, me, str(state.phase), action, action, 0.0, reason, decision_context(v), best))
            continue
        out.append(Decision(index, me, str(state.phase), action, best, counted_loss(loss), reason, decision_context(v)))
    return out


def review_json(record: object, seat: Seat | str, samples: int = REVIEW_SAMPLES, seed: str = "review",
                hand: int = 1) -> dict[str, object]:
    """``{"seat", "decisions": [...], "loss"}``: :func:`review_hand` as JSON (``seed``, ``hand``: as there), the
    costliest decisions first (those not measured last), ``loss`` their measured total."""
    decisions = review_hand(record, seat, samples, seed, hand)
    ranked = sorted(decisions, key=lambda d: (d.loss is None, -(d.loss or 0.0), d.index))
    return {"seat": str(seat), "decisions": [d.to_json() for d in ranked],
            "loss": round(sum(d.loss or 0.0 for d in decisions), 1)}


def review_record(record: object, seat: Seat | str, hand: int | None = None,
                  samples: int = REVIEW_SAMPLES) -> dict[str, object]:
    """The review of a hand record (:func:`review_json`), or of a match record's hands:
    ``{"seat", "hands": [{"hand", "decisions", "loss"}, ...]}`` (``hand``: only that one, from 1).

    Raises:
        BadRecord: the record breaks a rule, names no such hand, or cannot be reviewed.
    """
    hands = record.get("hands") if isinstance(record, dict) else None
    if not isinstance(hands, list):  # a hand record's "hands" are the cards dealt, by seat
        return review_json(record, seat, samples)
    if hand is not None and not 1 <= hand <= len(hands):
        raise BadRecord("hands", None, f"the match has {len(hands)} hands: there is no hand {hand}", None)
    picked = [(hand, hands[hand - 1])] if hand is not None else list(enumerate(hands, 1))
    out = []
    for number, h in picked:
        if isinstance(h, dict) and h.get("thrown_in"):
            continue
        out.append({"hand": number, **{k: v for k, v in review_json(h, seat, samples, hand=number).items()
                                       if k != "seat"}})
    return {"seat": str(seat), "hands": out}


__all__ = ["CLOSE_LOSS", "ahead_reason", "REVIEW_SAMPLES", "Decision", "counted_loss", "decision_context", "hand_steps", "review_hand", "review_json", "review_reason", "review_record",
           "whole_points", "why_unmeasured", "your_move"]
