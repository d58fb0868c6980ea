"""A decision whose loss is under a point is not a mistake (pinochle.bots.review.CLOSE_LOSS): the review reports
it as 0 ("about as well as your ..."), the browser folds it as "about as good as Hard's" (tests/test_browser_aids7.py),
and the statistics count it 0, a review kept before the rule included."""

from __future__ import annotations

from pinochle.bots.evaluate import evaluate_decision
from pinochle.bots.review import CLOSE_LOSS, hand_steps, review_hand, review_json
from pinochle.cards import Seat
from pinochle.game import view
from pinochle.records import hand_record
from pinochle.server.aids import by_close_rule
from pinochle.stats import par_per_decision, review_losses

from .test_review import first_hand

SAMPLES = 8


def test_a_loss_under_a_point_is_not_a_mistake() -> None:
    s = first_hand("cutthroat", 2)  # South played by Easy
    record = hand_record(s.history[0], s.game, s.rules)
    steps = list(hand_steps(record))
    close = []
    for d in review_hand(record, "S", SAMPLES):
        state, action = steps[d.index]
        e = evaluate_decision(view(state, Seat.S), "review", 1, d.index, SAMPLES, also=(action,))
        mine = e.option_for(action)
        if d.action == d.best or mine is None or mine.points is None or e.best.points is None:
            continue
        raw = e.best.points - mine.points
        if 0 < raw < CLOSE_LOSS:
            close.append(d.index)
            assert d.loss == 0, (d.index, raw, d.loss)
            assert "about as well as your" in d.reason and "better off" not in d.reason, d.reason
        elif raw >= CLOSE_LOSS:
            assert d.loss is not None and abs(d.loss - raw) < 1e-9
    assert close, "the hand should have a move Hard rates under a point below its own"
    out = review_json(record, "S", SAMPLES)
    assert not [x for x in out["decisions"] if isinstance(x["loss"], float) and 0 < x["loss"] < CLOSE_LOSS]  # type: ignore[index,union-attr,operator]


def test_a_kept_review_and_the_statistics_follow_the_rule() -> None:
    kept = {"type": "review", "match": "m", "hand": 1,
            "decisions": [{"loss": 0.4, "reason": "x"}, {"loss": 7.5}, {"loss": None}, {"loss": 0}]}
    assert [d["loss"] for d in by_close_rule(kept)["decisions"]] == [0.0, 7.5, None, 0]  # type: ignore[index,union-attr]
    assert review_losses(kept) == [0.0, 7.5, 0.0]
    assert par_per_decision(review_losses(kept)) == 2.5
