"""The save's hint set against a pass in the same numbers (issue 30, the eleventh review; RULES.md, Deal and auction
3: when the first three pass, the dealer is the declarer at the lowest bid).

The reviewer read "Bid 250: your partner, the dealer, would be stuck if all passed: open for your side, and your side
would be set in 16 of 24 deals ... make 240" with nothing said of a pass. The hint of Hard's save
(:attr:`pinochle.bots.hard.HardPlayer.saves`) now gives Hard's values of both calls, its pass valued as the pass is
played at the table (the next opponent passes too, to stick the dealer, unless it opens a run's worth, and the
partner declares at the lowest bid), and where those values favour a pass it says so and that Hard opens by rule
(docs/strength.md, "The table's auction at each level": +1.4 over 800 deals). The decision review of a pass there
agrees with the hint.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pinochle.bots import for_level
from pinochle.bots.evaluate import Evaluation, _about, evaluate_decision
from pinochle.bots.partners import saves_the_dealer
from pinochle.bots.review import review_reason, whole_points
from pinochle.game import Action, View, apply, auto_action, new_match, turn, view

SEEDS = range(1, 13)


def save_view(seed: int) -> tuple[int, View] | None:
    """The dealer's partner's view at its first call of the first auction of the table game ``seed`` (the first seat
    passes, Easy's calls otherwise), where it saves the dealer; ``None`` when the spot does not arise."""
    s = new_match(seed=seed, game="table")
    bot = for_level("easy", seed)
    index = 0
    while s.phase == "auction":
        seat = turn(s)
        assert seat is not None
        a = auto_action(s)
        if a is None:
            v = view(s, seat)
            if v.legal.min_bid is not None and saves_the_dealer(v):
                return index, v
            a = Action.pass_(seat) if index == 0 else bot.act(v)
        s = apply(s, a)
        index += 1
    return None


def save_decisions() -> Iterator[tuple[int, View, Evaluation]]:
    for seed in SEEDS:
        found = save_view(seed)
        assert found is not None
        index, v = found
        e = evaluate_decision(v, f"m{seed}", 1, index)
        if e.best.facts and e.best.facts[0].kind == "save":
            yield seed, v, e


def margin(x: float, v: View, them: str) -> str:
    n = _about(abs(x), v)
    if n == 0:
        return f"level with {them}" if them else "level"
    return f"{n} {('ahead of' if them else 'ahead') if x > 0 else 'behind'}{' ' + them if them else ''}"


def test_the_save_hint_says_what_a_pass_comes_to() -> None:
    """Every save hint over twelve deals gives Hard's values of both calls, the pass's as the partner stuck; where
    the bid is ahead the pass's consequence leads, where the pass is ahead the hint says Hard opens by rule and that
    its values favour a pass: the answer never contradicts its numbers."""
    seen = {True: 0, False: 0}
    for seed, v, e in save_decisions():
        points = {o.action.type: o.points for o in e.options}
        bid, passed = points["bid"], points["pass"]
        assert bid is not None and passed is not None
        reason = e.reason
        assert len(reason) < 240, reason
        said = f"your side would end the hand {margin(bid, v, 'the other side')} if you bid, {margin(passed, v, '')} if you pass."
        assert reason.endswith(said), reason
        if bid >= passed:
            assert reason.startswith("Bid 250: if you pass and the next opponent passes too, your partner, the dealer,"
                                     " is stuck at 250, and on average "), reason
        else:
            assert reason.startswith("Bid 250: Hard opens by rule so that your partner, the dealer, is not stuck at 250"
                                     " if the next opponent passes too, and its values favour a pass: "), reason
        seen[bid >= passed] += 1
    assert seen[True] >= 2 and seen[False] >= 2, seen


def test_the_reviewers_save_compares_with_the_pass() -> None:
    """The table game, seed 2, the dealer's partner's first call: bidding leaves the side 130 behind on average,
    passing (the partner stuck at 250) 190 behind."""
    found = save_view(2)
    assert found is not None
    index, v = found
    e = evaluate_decision(v, "m2", 1, index)
    assert e.reason == ("Bid 250: if you pass and the next opponent passes too, your partner, the dealer, is stuck at"
                        " 250, and on average your side would end the hand 130 behind the other side if you bid, 190"
                        " behind if you pass.")


def test_the_review_of_a_pass_agrees_with_the_save_hint() -> None:
    """On every save hand, the decision review of a pass names the hint's first fact and the difference of the same
    two values the hint gives: a charge where the hint's bid is ahead; where its values favour a pass, the pass is
    the better valued and the review says so, the bid named as the call Hard makes by its rule, never as the better
    one (each figure within the rounding of the hint's margins to the game's tens)."""
    for seed, v, e in save_decisions():
        points = {o.action.type: o.points for o in e.options}
        bid, passed = points["bid"], points["pass"]
        assert bid is not None and passed is not None
        loss, ahead = max(0.0, bid - passed), max(0.0, passed - bid)
        said = review_reason(e, Action.pass_(v.seat), loss, "your side", "auction", ahead)
        first = e.best.facts[0].text
        hinted = abs(_about(abs(bid), v) * (1 if bid > 0 else -1) - _about(abs(passed), v) * (1 if passed > 0 else -1))
        if bid >= passed or ahead < 1:
            assert said.startswith(f"Bid 250: {first}, and "), said
            n = whole_points(loss)
            assert said.endswith(f"about {n} points better off than your pass."), said
        else:
            n = whole_points(ahead)
            assert said.startswith(f"Pass: by Hard's own values it leaves your side about {n} points better off than a"
                                   " bid of 250, the call Hard itself makes here by a rule (so that your partner"), said
        assert abs(n - hinted) <= 10, (said, e.reason)
