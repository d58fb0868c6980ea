"""The decision review's ``context`` (pinochle.bots.review.decision_context): where each decision was made, as the
seat saw the table then, so that a review row can say "Trick 5: East led the K♠, Partner played the A♠" or
"Bidding: high bid 300, West"; and a reason whose move differs from Hard's always names the move it is set
against (with its figure where Hard measured it, else that it is not measured, and why)."""

from __future__ import annotations

import pytest

from pinochle.bots.review import hand_steps, review_hand, review_json, your_move
from pinochle.records import hand_record
from tests.test_review import SAMPLES, first_hand


@pytest.mark.parametrize(("game", "seed"), [("table", 5), ("partnership-pass", 3), ("cutthroat", 2), ("two-handed", 5)])
def test_each_decision_says_where_it_was_made(game: str, seed: int) -> None:
    s = first_hand(game, seed)
    record = hand_record(s.history[0], s.game, s.rules)
    steps = list(hand_steps(record))
    decisions = review_hand(record, "S", SAMPLES)
    assert decisions
    for d in decisions:
        state, _ = steps[d.index]
        c = d.context
        assert c is not None
        if d.phase in ("play", "stock_play", "endgame"):
            # the trick being played and the cards already on it, in order, each with its seat
            last = state.tricks[-1] if state.tricks else None
            if last is not None and last.winner is None:
                assert c["trick"] == len(state.tricks)
                assert c["table"] == [{"seat": str(last.seat_of(i)), "card": str(x)} for i, x in enumerate(last.cards)]
            else:
                assert c["trick"] == len(state.tricks) + 1 and c["table"] == []
        else:
            assert c["table"] == []
        if d.phase == "auction":
            assert c["declarer"] is None and c["bid"] is None
        if d.phase in ("trump", "bury", "exchange", "concede"):
            assert c["declarer"] is not None and c["bid"] == state.bid
    out = review_json(record, "S", SAMPLES)
    assert all("context" in x for x in out["decisions"])  # type: ignore[union-attr]


@pytest.mark.parametrize(("game", "seed"), [("table", 5), ("partnership-pass", 3), ("racehorse", 4), ("double-deck", 2)])
def test_a_reason_of_another_move_names_it(game: str, seed: int) -> None:
    s = first_hand(game, seed)
    record = hand_record(s.history[0], s.game, s.rules)
    for d in review_hand(record, "S", SAMPLES):
        if d.action == d.best:
            continue
        assert your_move(d.action) in d.reason, d.reason
        if d.loss is None:
            # named as not measured, with why (never a bare "could not measure")
            assert f"{your_move(d.action)} is not measured: " in d.reason, d.reason
