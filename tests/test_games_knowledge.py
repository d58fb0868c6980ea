"""Hard's sampling uses what a seat knows in each game.

The declarer knows the cards it passed back are in its partner's hand; the
partner knows the declarer holds what it gave less what came back; everyone
knows the dealer holds the turned card (VARIANTS.md partnership-pass,
turned-trump). The true deal must always satisfy the knowledge.
"""

from __future__ import annotations

import random

import pytest

from pinochle.bots import for_level
from pinochle.bots.knowledge import _contains, explain, knowledge, meld_unplayed, play_inferences, sample_hands
from pinochle.bots.normal import Table
from pinochle.cards import Seat, count, pack, unpack
from pinochle.game import State, apply, auto_action, legal_actions, new_match, turn, view


def _until_play(game: str, seed: int) -> State:
    s = new_match(seed=seed, game=game)
    players = {seat: for_level("normal", f"{seed}/{seat}") for seat in range(4)}
    while s.phase != "play" or (s.tricks and len(s.tricks) < 2):
        if s.phase == "play" and not s.tricks:
            break
        seat = turn(s)
        assert seat is not None
        s = apply(s, auto_action(s) or players[seat].act(view(s, seat)))
    return s


@pytest.mark.parametrize("seed", range(5))
def test_the_partners_know_where_the_passed_cards_went(seed: int) -> None:
    s = _until_play("partnership-pass", seed)
    assert s.declarer is not None and len(s.exchange) == 2
    declarer, partner = s.declarer, s.declarer.partner
    to_declarer, to_partner = pack(s.exchange[0]), pack(s.exchange[1])
    kd = knowledge(view(s, declarer))
    assert _contains(kd.known[partner], to_partner)
    kp = knowledge(view(s, partner))
    back = [c for c in range(24) for _ in range(max(0, count(to_declarer, c) - count(to_partner, c)))]
    assert _contains(kp.known[declarer], pack(back))
    # an opponent learns nothing from the pass
    opp = Seat(declarer).left
    assert knowledge(view(s, opp)).known[declarer] == knowledge(view(s, opp)).known[declarer] & kd.known[declarer] | \
        knowledge(view(s, opp)).known[declarer]
    for seat in Seat:
        k = knowledge(view(s, seat))
        assert explain(k, list(s.hands)) is None
        sample_hands(k, random.Random(seed))


@pytest.mark.parametrize("seed", range(5))
def test_everyone_knows_the_dealer_holds_the_turned_card(seed: int) -> None:
    s = _until_play("turned-trump", seed)
    assert s.turned is not None
    for seat in Seat:
        if seat == s.dealer:
            continue
        k = knowledge(view(s, seat))
        assert count(k.known[s.dealer], s.turned) >= 1
        assert explain(k, list(s.hands)) is None


@pytest.mark.parametrize("seed", range(4))
def test_the_meld_held_is_the_meld_not_yet_played_and_normal_reads_it(seed: int) -> None:
    """One model of what a seat knows: ``Knowledge.meld_held`` is each other seat's meld less the
    cards it has played (RULES.md, Meld), apart from what the pass told; Normal's table reads it."""
    s = _until_play("partnership-pass", seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(1, 20)):
        s = apply(s, rng.choice(legal_actions(s)))
    for seat in Seat:
        v = view(s, seat)
        k = knowledge(v)
        unplayed = meld_unplayed(v, play_inferences(v).played)
        assert k.meld_held == tuple(0 if x == seat else unplayed[x] for x in Seat)
        assert all(_contains(s.hands[x], k.meld_held[x]) and _contains(k.known[x], k.meld_held[x]) for x in Seat)
        t = Table(v)
        assert (t.unseen, tuple(t.void), t.caps) == (k.unseen, k.voids, k.caps)
        assert t.held == [sum(1 << u for u in range(4) if any(c // 6 == u for c in unpack(k.meld_held[x])))
                          for x in Seat]
