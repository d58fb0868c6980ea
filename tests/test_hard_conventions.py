"""Hard's card-play conventions (pinochle/bots/hard.py, ``conventional_cards``; docs/strength.md, "The audit").

The positions are from Hard against itself in the arena (``pinochle arena --a hard --b hard --deals 40
--seed 1 --matches 0 --records F``), kept in tests/data/card_conventions.jsonl: where Hard, before the
conventions, threw an ace or ten to a trick surely lost while a card worth no counters was legal, or
let the opponents keep a trick it could take as the last seat, and its search could not tell the
card it played from the conventional one. Each seat plays with the seed the arena gave it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle.arena import derive_seed
from pinochle.bots.base import strategy_of
from pinochle.bots import HardPlayer
from pinochle.bots.evaluate import evaluate
from pinochle.bots.hard import conventional_cards
from pinochle.bots.normal import trick_sure_lost
from pinochle.cards import Card
from pinochle.game import View, apply, auto_action, new_match, turn, view
from pinochle.records import hand_steps
from pinochle.tricks import beats, winner_index

from .support import random_action

DATA = Path(__file__).parent / "data" / "card_conventions.jsonl"
RECORDS = {(r["game"], r["arena"]["number"]): r for r in map(json.loads, DATA.read_text().splitlines())}


class HardBefore(HardPlayer):
    """Hard without the conventions: its search's best card, as before."""

    conventions = False


def position(game: str, deal: int, trick: int, seat: str) -> tuple[View, int]:
    """The view of ``seat`` (N E S W) at its turn in trick ``trick`` (from 1) of the recorded deal, and
    the seed the arena gave that seat."""
    record = RECORDS[game, deal]
    for state, action in hand_steps(record):
        if action.type != "play" or str(action.seat) != seat:
            continue
        v = view(state, action.seat)
        if len(v.tricks) == trick and len(v.tricks[-1].cards) < v.seating.players:
            return v, derive_seed("arena", 1, "deal", deal, "seat", int(action.seat))
    raise AssertionError(f"no turn of {seat} in trick {trick}")


# (game, deal, trick, seat, the card Hard played before, the conventional card it plays now)
CASES = [
    # Table, trumps spades: South leads the 9♠, West takes it with the A♠; North, void in trumps,
    # threw the 10♥ (its search: 9.6 points above the J♣, give or take 13).
    ("table", 33, 5, "N", "TH", "JC"),
    # Partnership-pass: East's A♥ wins, North-South cannot beat it; South, last, threw the 10♥
    # under it holding the 9♥.
    ("partnership-pass", 11, 4, "S", "TH", "9H"),
    # Cutthroat, trumps hearts: the declarer leads the A♥; West, void in hearts, threw the A♣
    # (0.12 above the 9♠, give or take 0.12 of a stake).
    ("cutthroat", 16, 10, "W", "AC", "9S"),
    # Cutthroat: the declarer leads the Q♥, West follows with the 9♥; East, last, played its
    # Q♥ (no higher than its twin) and left the trick to the declarer; its 10♥ takes it.
    ("cutthroat", 38, 7, "E", "QH", "TH"),
    # Cutthroat, the first trick: the declarer leads the Q♦; South, last, ducked with the 9♦
    # while its 10♦ and K♦ take it.
    ("cutthroat", 34, 1, "S", "9D", "TD"),
]


@pytest.mark.parametrize(("game", "deal", "trick", "seat", "before", "now"), CASES)
def test_hard_plays_the_conventional_card_where_its_search_cannot_tell(
        game: str, deal: int, trick: int, seat: str, before: str, now: str) -> None:
    v, seed = position(game, deal, trick, seat)
    assert str(HardBefore(seed).card(v)) == before  # the mistake, as the arena recorded it
    hard = HardPlayer(seed)
    card = hard.card(v)
    assert str(card) == now
    assert card in conventional_cards(v)
    values = dict(hard.card_values_teams(v, _deals(v)) if v.rules_set().widow else hard.card_values(v, _deals(v)))
    played = Card.parse(before)
    assert values[played] == max(values.values()) > values[card]  # the search's best, by a lead ...
    assert not hard._clear_lead(played, card)  # ... within its sampling's error


def _deals(v: View) -> Callable[[random.Random], Sequence[int]]:
    """The sampled deals Hard's card search draws from ``v`` (as :meth:`HardPlayer.card` does)."""
    resampler = strategy_of(v).resampler
    k = resampler.infostate(v)
    return lambda rng: resampler.resample(k, rng)


@pytest.mark.parametrize(("game", "deal", "trick", "seat", "before", "now"), CASES[:3])
def test_the_hint_names_hards_conventional_card(game: str, deal: int, trick: int, seat: str, before: str,
                                                now: str) -> None:
    """Hints and reviews use Hard's choice (pinochle/bots/evaluate.py): the conventional card is the best."""
    v, _ = position(game, deal, trick, seat)
    best = evaluate(v, seed=0).best.action.card
    assert best is not None and best in conventional_cards(v)


def test_a_lead_on_every_deal_alike_is_clear_however_small() -> None:
    hard = HardPlayer(0)
    a, b = Card.parse("TH"), Card.parse("9H")
    hard._sampled = {a: [1.0] * 10, b: [0.9] * 10}
    assert hard._clear_lead(a, b)
    hard._sampled = {a: [5.0, -4.0] * 5, b: [0.0] * 10}  # mean 0.5, standard error 1.5
    assert not hard._clear_lead(a, b)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from(["table", "partnership-pass", "racehorse", "cutthroat"]))
def test_conventional_cards_are_legal_and_keep_to_their_convention(seed: int, game: str) -> None:
    """Over a random legal hand: conventional cards are legal; in a trick surely lost they are the
    legal cards worth no counters (a counter being legal too), else they are the last seat's cards
    that beat an opponent's winning card (a card that does not being legal too)."""
    rng = random.Random(seed)
    state = new_match(seed=seed, game=game)
    while state.phase not in ("hand_end", "match_end"):
        seat = turn(state)
        assert seat is not None
        v = view(state, seat)
        if v.legal.cards and v.trump is not None:
            _check(v)
        state = apply(state, auto_action(state) or random_action(state, rng))


def _check(v: View) -> None:
    assert v.trump is not None
    cards = conventional_cards(v)
    legal = list(v.legal.cards)
    assert set(cards) <= set(legal)
    if not cards:
        return
    trick = v.tricks[-1]
    at = winner_index(trick.cards, v.trump)
    winning = trick.cards[at]
    worth = v.rules_set().counters
    if trick_sure_lost(v):
        assert cards == [c for c in dict.fromkeys(legal) if not worth[c % 6]]
        assert any(worth[c % 6] for c in legal)
    else:
        assert len(trick.cards) == v.seating.players - 1
        assert cards == [c for c in dict.fromkeys(legal) if beats(c, winning, v.trump)]
        assert any(not beats(c, winning, v.trump) for c in legal)
