"""Cutthroat's bid hint and conceding hint come from one estimate and say so (VARIANTS.md ``cutthroat``).

A reviewer was told "Bid 30" on 14 meld, then "Concede the hand" after the widow. Reproduced here with the
server's own hints (seed 112, South following every hint): Hard's bid counts on the widow (its value is the
expected settlement over deals of the widow and the other hands, conceding after a poor widow included:
:func:`pinochle.bots.widow.bid_value`), and the widow brought nothing. The bid's reason now says what it
counts on, the meld with the widow on average over those deals; the concession's says how often the hand
would be made with the best burial, from the very values it weighs, and a hand is never conceded that the
same playouts make on average."""

from __future__ import annotations

from dataclasses import replace
import random
import re
import statistics

from pinochle.bots import SimplePlayer
from pinochle.bots import widow as W
from pinochle.bots.base import widow_resampler
from pinochle.bots.evaluate import action_facts
from pinochle.cards import Seat
from pinochle.game import Action, View, apply, auto_action, new_match, turn, view
from pinochle.server.aids import hint_answer
from pinochle.server.undo import Line


def hints_of_south(seed: int) -> list[tuple[View, dict[str, object]]]:
    """The first hand of a cutthroat match, South following every hint: South's views and hints."""
    line = Line(new_match(seed=seed, game="cutthroat"))
    bot = SimplePlayer(seed)
    out: list[tuple[View, dict[str, object]]] = []
    while not line.state.history and not line.state.thrown:
        st = line.state
        a = auto_action(st)
        if a is None:
            who = turn(st)
            assert who is not None
            v = view(st, who)
            if v.legal.deal:
                a = Action.deal_(who)
            elif who == Seat.S:
                answer = hint_answer(v, f"m{seed}", len(line.steps), samples=8)
                out.append((v, answer))
                a = Action.from_json({**answer["action"], "seat": "S"})  # type: ignore[dict-item]
                if a.type == "concede":
                    break
            else:
                a = bot.act(v)
        line.take(a, apply(st, a))
    return out


def test_bid_30_on_14_meld_then_concede_say_what_they_count_on() -> None:
    said = hints_of_south(112)
    bid = [(v, h) for v, h in said if h["action"] == {"type": "bid", "bid": 30}]
    concede = [(v, h) for v, h in said if h["action"] == {"type": "concede"}]
    assert bid and concede, [h["reason"] for _, h in said]
    m = re.fullmatch(r"Bid 30: you would be set in \d+ of \d+ deals \(a set pays each opponent 2, 1 if conceded, a make "
                     r"wins 1 from each\) and on average make (\d+) \(your (\d+) meld in \w+, (\d+) from the widow, (\d+) "
                     r"counters\)( and win \d\.\d on the settlement)?\.", str(bid[0][1]["reason"]))
    # the bid counts on the widow (South's own meld is 14 in its best trump; the trump named after the widow varies)
    assert m and int(m.group(2)) <= 14 and int(m.group(3)) > 0, bid[0][1]["reason"]
    assert int(m.group(1)) == int(m.group(2)) + int(m.group(3)) + int(m.group(4)) >= 30
    v, h = concede[0]
    m = re.fullmatch(r"Concede the hand: you need 16 more counters to make 30, of the 25 in a hand; you would make it "
                     r"(hardly ever|about ([123]) times? in 10), and on average it leaves you about \d+ points? better "
                     r"off than burying .*\.", str(h["reason"]))
    assert m, h["reason"]
    # the same playouts (the hint's burials played out over deals of the other hands) miss 30 on average
    rules = v.rules_set()
    resampler = widow_resampler(v)
    info = resampler.infostate(v)
    rng = random.Random(1)
    shown = v.melds[int(v.seat)]
    assert v.bid == 30 and v.trump is not None and shown is not None
    best = W.bury_ranking(v)[0][1]
    margins = []
    for _ in range(200):
        deal = resampler.resample(info, rng)
        o = W.play_as_declarer(list(info.mine), deal.others, info.seats, rules, random.Random(rng.random()),
                               int(v.trump), [int(c) for c in best])
        margins.append(shown.total + o.points - v.bid)
    assert statistics.mean(margins) < 0, statistics.mean(margins)


def test_a_concession_says_when_the_bid_cannot_be_made_or_is_made_already() -> None:
    """The concession's reason counts what the bid still needs against what is left to take: a bid that needs more
    counters than are left says it cannot be made (never "you would make it hardly ever"), and one the meld and
    counters already make says so (never "you need 0 more counters")."""
    v, _ = next((v, h) for v, h in hints_of_south(112) if h["action"] == {"type": "concede"})
    assert v.declarer is not None and v.bid == 30
    side = v.seating.side_of[int(v.declarer)]
    have = v.meld_shown[side] + v.counters[side]
    left = v.rules_set().total_counters - sum(v.counters)
    concede = Action.from_json({"type": "concede", "seat": "S"})
    too_high = replace(v, parts=v.parts.set(replace(v.contract, bid=have + left + 4)))
    assert [f.text for f in action_facts(too_high, concede)] == [
        f"{have + left + 4} cannot be made: it needs {left + 4} more counters, and only {left} are left to take"]
    made = replace(v, parts=v.parts.set(replace(v.contract, bid=have)))
    assert [f.text for f in action_facts(made, concede)] == [f"your meld and counters already make {have}"]
    assert [f.text for f in action_facts(v, concede)] == [f"you need {30 - have} more counters to make 30, of the 25 in a hand"]
