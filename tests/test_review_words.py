"""A decision review's reason compares Hard's move with the seat's own move, never with a move not made
(pinochle.bots.review.review_reason), and its figure is the loss a player is shown."""

from __future__ import annotations

import re

import pytest

from pinochle.bots.review import review_hand, review_json, whole_points, your_move
from pinochle.records import hand_record
from tests.test_review import SAMPLES, first_hand


@pytest.mark.parametrize(("game", "seed"), [("table", 5), ("cutthroat", 2), ("cutthroat", 15)])
def test_a_reason_names_your_own_move_and_the_loss(game: str, seed: int) -> None:
    s = first_hand(game, seed)  # South played by Easy: it often differs from Hard
    record = hand_record(s.history[0], s.game, s.rules)
    decisions = review_hand(record, "S", SAMPLES)
    costly = [d for d in decisions if d.loss is not None and d.loss > 0]
    assert costly, "the hand should have a decision that gave points up"
    for d in costly:
        assert your_move(d.action) in d.reason, d.reason
        shown = whole_points(d.loss)  # type: ignore[arg-type]
        figure = f"about {shown} point" if shown >= 1 else "under 1 point"
        # in a player's words: how much better off Hard's move leaves you on average, never the engine's
        assert f"leaves {who(game)} {figure}" in d.reason and f"better off than {your_move(d.action)}" in d.reason, d.reason
        assert "search" not in d.reason and "rates" not in d.reason, d.reason
        # one figure only, the loss's: no other move's margin
        assert re.findall(r"leaves (?:you|your side) (?:about (\d+)|under 1) point", d.reason) == [str(shown) if shown >= 1 else ""]
    for d in decisions:
        if d.action == d.best:
            assert "better off" not in d.reason and "as well as" not in d.reason, d.reason
    # the JSON's loss and reason agree as the browser shows them
    for x in review_json(record, "S", SAMPLES)["decisions"]:  # type: ignore[union-attr]
        if x["loss"]:
            assert f"about {whole_points(x['loss'])} point" in x["reason"] or "under 1 point" in x["reason"]


def who(game: str) -> str:
    """Whom a reason's points go to: your side with a partner, else you."""
    return "your side" if game in ("table", "partnership-pass", "racehorse", "britannica", "double-deck") else "you"


def test_whole_points_rounds_as_the_browser_does() -> None:
    assert [whole_points(x) for x in (23.1, 23.5, 22.46, 0.2, 0.5, 1.0)] == [23, 24, 23, 0, 1, 1]


def test_a_two_handed_meld_is_named_as_a_meld_with_its_cards() -> None:
    """Two-handed's meld turn, set against Hard's: "your meld of the K♣ and Q♣" (it said "your declare the k♣ and
    q♣", the cards lowercased), and a move named from its description keeps its cards' capitals."""
    from pinochle.cards import Card, Seat
    from pinochle.game import Action

    meld = Action.meld_(Seat.S, (Card.parse("KC"), Card.parse("QC")))
    assert your_move(meld) == "your meld of the K♣ and Q♣"
    assert your_move(Action("meld", Seat.S)) == "your meld"
    assert your_move(Action.pass_(Seat.S), "stock_meld") == "your choice of no meld"  # its "No meld" button
