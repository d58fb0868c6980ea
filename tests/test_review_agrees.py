"""The decision review never names as Hard's choice a move its own values put below yours (pinochle.bots.review).

The fourteenth review read "You: Bid 260  Hard: Pass — about as good as Hard's choice. Pass: your partner's 250
stands, and on average your bid of 260 does about 75 points better by Hard's own values, so nothing is given up":
Hard passes there by a rule (a partner's bid left standing), its simulation of the auction puts the bid ahead.
Where Hard's own values put the move made a point or more ahead of Hard's, the move made is the review's ``best``
(``loss`` 0) and Hard's move is its ``rule``, named as the move Hard makes by a rule; no sentence says one move is
better by N points while naming the other as Hard's choice."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pinochle.bots.evaluate import Evaluation, Fact, Option, describe, evaluate_decision, other_move, same_move
from pinochle.bots.review import CLOSE_LOSS, ahead_reason, hand_steps, review_hand, review_json
from pinochle.cards import Seat
from pinochle.game import Action, view
from pinochle.records import hand_record

from .test_review import first_hand

SAMPLES = 8
GAMES = ("table", "partnership-pass", "racehorse", "cutthroat", "auction", "turned-trump")


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), seed=st.integers(1, 400))
@example(game="table", seed=1)  # a pass against Hard's save, and a card against Hard's rule, both valued ahead
def test_hards_choice_is_never_valued_below_yours(game: str, seed: int) -> None:
    """Over each decision of a hand of South (played by Easy), by the evaluation the review makes: the review's
    ``best`` is never valued below the move made by a point or more; a move made valued that far above Hard's own is
    ``best`` with ``loss`` 0 and Hard's move kept as ``rule``; and a reason that says a move is better off than another
    names the move made or ``best`` as the better one, never the other way round."""
    s = first_hand(game, seed)
    record = hand_record(s.history[0], s.game, s.rules)
    steps = list(hand_steps(record))
    match = f"m{seed}"
    for d in review_hand(record, "S", SAMPLES, match, 1):
        state, action = steps[d.index]
        e = evaluate_decision(view(state, Seat.S), match, 1, d.index, SAMPLES, also=(action,))
        hard, mine, best = e.best, e.option_for(action), e.option_for(d.best)
        assert d.action == action
        assert d.rule is None or (same_move(d.rule, hard.action) and d.best == d.action and d.loss == 0), d
        if mine is None or mine.points is None or best is None or best.points is None:
            continue
        assert best.points >= mine.points - CLOSE_LOSS, (d, best.points, mine.points)
        if hard.points is not None and mine.points - hard.points >= CLOSE_LOSS:
            assert d.rule is not None and same_move(d.best, action), d
        # "X: ... better off than Y": X is the review's best, Y is never it unless X is the move made
        if m := re.search(r"better off than (?:your )?(.+?)(?:,| by |\.)", d.reason):
            assert d.reason.startswith(describe(d.best) + ":"), d.reason
            named = m.group(1)
            assert named != other_move(d.best).removeprefix("the "), d.reason
        assert "nothing is given up" not in d.reason, d.reason


def test_the_fourteenth_reviews_bid_over_a_partners_250() -> None:
    """The row of the fourteenth review as it is now said: the bid of 260 the better valued, the pass Hard's rule."""
    e = Evaluation(2, (Option(Action.pass_(2), -40.0, (Fact("high_bid", "your partner's 250 stands"),)),
                       Option(Action.bid_(2, 260), 35.0)))
    said = ahead_reason(e, Action.bid_(2, 260), 75.0, "your side")
    assert said == ("Bid 260: by Hard's own values it leaves your side about 75 points better off than passing, the call"
                    " Hard itself makes here by a rule (your partner's 250 stands).")


def test_the_json_names_hards_rule() -> None:
    """A decision valued ahead of Hard's rule carries ``rule`` in the review's JSON (docs/protocol.md), the others
    ``null``; the browser then says "better by Hard's own values" (tests/test_review_rule_js.py)."""
    s = first_hand("table", 1)
    out = review_json(hand_record(s.history[0], s.game, s.rules), "S", SAMPLES, "m1", 1)
    decisions = out["decisions"]
    assert isinstance(decisions, list)
    ruled = [d for d in decisions if d["rule"] is not None]
    assert ruled and all(d["best"] == d["action"] and d["loss"] == 0 and d["rule"] != d["action"] for d in ruled)
    assert all("rule" in d for d in decisions)
