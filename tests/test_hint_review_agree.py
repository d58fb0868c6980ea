"""A hint and the decision review are one evaluation (pinochle.bots.evaluate.evaluate_decision): the same view,
the same seed (the match's id, the hand and the decision's place in it) and the same budget, so a move the hint
recommended is never charged by the review of that hand, in any hand of the match."""

from __future__ import annotations

import pytest

from pinochle.bots import SimplePlayer
from pinochle.bots.evaluate import DECISION_SAMPLES
from pinochle.bots.review import REVIEW_SAMPLES, review_json
from pinochle.cards import Seat
from pinochle.game import Action, apply, auto_action, new_match, turn, view
from pinochle.records import hand_record
from pinochle.server.aids import HINT_SAMPLES, hint_answer
from pinochle.server.undo import Line

SAMPLES = 10  # the same small budget for both (the server's: HINT_SAMPLES == REVIEW_SAMPLES)


def test_the_hint_and_the_review_have_one_budget() -> None:
    assert HINT_SAMPLES == REVIEW_SAMPLES == DECISION_SAMPLES == 192


@pytest.mark.parametrize(("game", "seed"), [("table", 11), ("cutthroat", 12), ("two-handed", 13)])
def test_a_hint_followed_is_never_charged_by_the_review(game: str, seed: int) -> None:
    """South follows every hint for three hands (the server's line of play gives the decision's place in the
    hand: :attr:`pinochle.server.undo.Line.steps`); the review of each hand, as the server makes it (the match's
    id and the hand's number), charges none of those decisions anything."""
    match = f"m-agree-{game}"
    line = Line(new_match(seed=seed, game=game))
    bot = SimplePlayer(seed)
    hinted: dict[tuple[int, int], dict[str, object]] = {}
    while len(line.state.history) < 3 and line.state.phase != "match_end":
        st = line.state
        a = auto_action(st)
        if a is None:
            who = turn(st)
            assert who is not None
            v = view(st, who)
            if v.legal.deal:
                a = Action.deal_(who)
            elif who == Seat.S:
                answer = hint_answer(v, match, len(line.steps), samples=SAMPLES)
                a = Action.from_json({**answer["action"], "seat": "S"})  # type: ignore[dict-item]
                hinted[(v.hand_number, len(line.steps))] = answer
            else:
                a = bot.act(v)
        line.take(a, apply(st, a))
    assert len(line.state.history) >= 2 and hinted
    reviewed = 0
    for result in line.state.history:
        record = hand_record(result, line.state.game, line.state.rules)
        out = review_json(record, "S", SAMPLES, match, result.number)
        for d in out["decisions"]:  # type: ignore[union-attr]
            assert (result.number, d["index"]) in hinted, d
            assert d["loss"] == 0 and d["best"] == d["action"], (result.number, d)
            reviewed += 1
    assert reviewed >= 10
