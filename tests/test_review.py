"""The decision review (pinochle.bots.review; ``pinochle review RECORD --seat S``)."""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path

import pytest

from pinochle.bots import SimplePlayer
from pinochle.bots.evaluate import evaluate_decision
from pinochle.bots.review import hand_steps, review_hand, review_json
from pinochle.cards import Seat
from pinochle.cli import main
from pinochle.game import Action, PlayAction, State, action_cards, apply, new_match, turn, view
from pinochle.records import hand_record, match_record, replay_hand

SAMPLES = 8


def first_hand(game: str, seed: int, south: object = None) -> State:
    """A match of ``game`` played to the end of its first scored hand by Easy, South by ``south(view, index)``."""
    s = new_match(seed=seed, game=game)
    bot = SimplePlayer(seed)
    index = 0
    while not s.history:
        who = turn(s)
        assert who is not None
        v = view(s, who)
        if v.legal.deal:
            s, index = apply(s, Action.deal_(who)), 0
            continue
        act = south(v, index) if south is not None and who == Seat.S else bot.act(v)
        s = apply(s, act)
        index += 1
    return s


@pytest.mark.parametrize("game", ["table", "partnership-pass", "racehorse", "turned-trump", "britannica",
                                  "double-deck", "cutthroat", "auction"])
def test_the_review_of_a_hand(game: str) -> None:
    s = first_hand(game, 5)
    record = hand_record(s.history[0], s.game, s.rules)
    steps = list(hand_steps(record))
    # the steps replay the hand: the last one leads to the hand's end with the record's score
    last_state, last_action = steps[-1]
    end = apply(last_state, last_action)
    assert dataclasses.replace(end.history[-1], number=s.history[0].number) == s.history[0]  # hands thrown in before
    assert replay_hand(record) is not None
    decisions = review_hand(record, "S", SAMPLES)
    for d in decisions:
        state, action = steps[d.index]
        assert d.seat == Seat.S == action.seat and d.action == action
        assert d.loss is None or d.loss >= 0
        if d.action == d.best:
            assert d.loss == 0
        elif d.loss is not None:
            assert d.loss >= 0 and d.action.type in ("play", "trump", "bid", "pass", "bury", "concede", "dix", "give", "play_on")
        assert d.reason.endswith(".")
    out = review_json(record, "S", SAMPLES)
    losses = [x["loss"] for x in out["decisions"] if x["loss"] is not None]  # type: ignore[union-attr,index]
    assert losses == sorted(losses, reverse=True)
    assert all("seat" not in x["action"] for x in out["decisions"])  # type: ignore[union-attr]


def test_playing_as_hard_loses_nothing() -> None:
    """Luck-neutral: South playing Hard's own choices (the same evaluation, seed and budget) has no
    loss, whatever cards it was dealt."""
    def hard(v: object, index: int) -> Action:
        return evaluate_decision(v, "review", 1, index, SAMPLES).best.action  # type: ignore[arg-type]

    for seed in (1, 2):
        s = first_hand("table", seed, hard)
        record = hand_record(s.history[0], s.game, s.rules)
        decisions = review_hand(record, "S", SAMPLES)
        assert decisions and all(d.loss == 0 and d.action == d.best for d in decisions)


def test_the_command_line(tmp_path: Path) -> None:
    s = first_hand("table", 3)
    hand = tmp_path / "hand.json"
    hand.write_text(json.dumps(hand_record(s.history[0], s.game, s.rules)))
    out = io.StringIO()
    assert main(["review", str(hand), "--seat", "E", "--samples", "8"], stdout=out) == 0
    got = json.loads(out.getvalue())
    assert got["seat"] == "E" and got["decisions"] and all(d["seat"] == "E" for d in got["decisions"])
    match = tmp_path / "match.json"
    match.write_text(json.dumps(match_record(s)))
    out = io.StringIO()
    main(["review", str(match), "--seat", "N", "--hand", "2", "--samples", "8"], stdout=out)
    assert "there is no hand 2" in out.getvalue()


def test_a_two_handed_hand_is_reviewed() -> None:
    """Two-handed: the steps replay the hand to its record's score; South's cards are each reviewed with a
    loss (the stock play's rollouts, the endgame's exact search), its meld turns too (loss null when they
    differ: Hard melds by a rule); the losses are as the evaluation gives them."""
    s = first_hand("two-handed", 5)
    record = hand_record(s.history[0], s.game, s.rules)
    steps = list(hand_steps(record))
    last_state, last_action = steps[-1]
    assert apply(last_state, last_action).history[-1].score == s.history[0].score
    decisions = review_hand(record, "S", SAMPLES)
    cards = [d for d in decisions if d.action.type == "play"]
    assert len(cards) >= 12 and all(d.loss is not None and d.loss >= 0 for d in cards)
    endgame = [d for d in cards if steps[d.index][0].phase == "stock_endgame" or not steps[d.index][0].stock.stock]
    assert endgame and any(d.loss == 0 for d in endgame)
    for d in decisions:
        state, action = steps[d.index]
        e = evaluate_decision(view(state, Seat.S), "review", 1, d.index, SAMPLES, also=(action,))
        mine = e.option_for(action)
        if d.action == d.best:
            assert d.loss == 0
        elif mine is not None and mine.points is not None and e.best.points is not None:
            assert d.loss == max(0.0, e.best.points - mine.points)
        else:
            assert d.loss is None and d.action.type in ("meld", "dix", "pass")
    assert any(d.loss and d.loss > 0 for d in cards), "Easy's cards give up something to Hard's"


@pytest.mark.parametrize("game", ["table", "partnership-pass", "cutthroat", "two-handed"])
def test_a_review_names_only_cards_its_seat_could_see_then(game: str) -> None:
    """Secrecy: each decision's ``best`` and reason name only cards the seat could see at that moment
    (soak.secrecy.allowed_cards of the position it was made in)."""
    import re

    from soak.secrecy import allowed_cards

    from pinochle.cards import Card

    s = first_hand(game, 6)
    record = hand_record(s.history[0], s.game, s.rules)
    steps = list(hand_steps(record))
    for d in review_hand(record, "S", SAMPLES):
        state, _ = steps[d.index]
        named = {str(Card.parse(a + b)) for a, b in re.findall(r"(10|[9JQKA])([♠♥♦♣])", d.reason)}
        best_cards = (*((d.best.card,) if isinstance(d.best, PlayAction) else ()), *action_cards(d.best))
        named |= {str(c) for c in best_cards}
        assert named <= allowed_cards(state, int(Seat.S)), (d, named - allowed_cards(state, int(Seat.S)))
