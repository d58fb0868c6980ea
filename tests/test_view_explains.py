"""The view tells the browser what happened, so that it works nothing out: the cards a partner
passed (``received``) and a hand thrown in because nobody bid (``thrown_in``)."""

from __future__ import annotations

import random
from collections import Counter

from pinochle.cards import unpack
from pinochle.game import Action, apply, legal, new_match, turn, view


def _bid_then_pass(game: str, seed: int = 5):  # type: ignore[no-untyped-def]
    s = new_match(seed=seed, game=game)
    while s.phase == "auction":
        seat = turn(s)
        lg = legal(s, seat)
        s = apply(s, Action.bid_(seat, lg.min_bid) if not s.calls else Action.pass_(seat))
    return s


def test_the_declarer_and_the_partner_see_the_cards_received_for_the_rest_of_the_hand() -> None:
    rng = random.Random(1)
    for game in ("partnership-pass", "racehorse"):
        s = _bid_then_pass(game)
        declarer = s.declarer
        assert declarer is not None
        partner = (declarer + 2) % 4
        while s.phase != "exchange":
            seat = turn(s)
            s = apply(s, rng.choice(legal(s, seat).actions(seat)))
        give = unpack(s.hands[partner])[:4]
        s = apply(s, Action.give_(partner, give))
        assert Counter(view(s, declarer).to_json()["received"]) == Counter(str(c) for c in s.exchange[0])
        back = unpack(s.hands[declarer])[-4:]
        s = apply(s, Action.give_(declarer, back))
        kept = Counter(str(c) for c in s.exchange[0]) - Counter(str(c) for c in s.exchange[1])
        assert Counter(view(s, declarer).to_json()["received"]) == kept
        assert Counter(view(s, partner).to_json()["received"]) == Counter(str(c) for c in s.exchange[1])
        # the opponents are told nothing
        assert "received" not in view(s, (declarer + 1) % 4).to_json()
        # a received card played leaves the list
        while s.phase not in ("hand_end", "match_end"):
            seat = turn(s)
            s = apply(s, rng.choice(legal(s, seat).actions(seat)))
            for who in (declarer, partner):
                got = Counter(view(s, who).to_json().get("received", []))
                held = Counter(str(c) for c in unpack(s.hands[who]))
                assert not got - held


def test_a_hand_thrown_in_is_told_in_the_next_hand() -> None:
    for game in ("racehorse", "cutthroat", "auction"):
        s = new_match(seed=2, game=game)
        dealer = s.dealer
        while s.hand_no == 0:
            s = apply(s, Action.pass_(turn(s)))
        t = view(s, 1).to_json()["thrown_in"]
        assert t == {"number": 1, "dealer": str(dealer), "next_dealer": str(s.dealer)}, game
        assert view(s, 1).to_json()["hand_number"] == 2
        # the hand after a played one says nothing
        fresh = new_match(seed=2, game=game)
        assert "thrown_in" not in view(fresh, 1).to_json()


def test_a_hand_thrown_in_at_a_table_of_four_names_the_chairs() -> None:
    from pinochle.chairs import view_for_chair

    s = new_match(seed=2, game="auction", players=4)
    first = s.lineup[s.dealer]
    while s.hand_no == 0:
        s = apply(s, Action.pass_(turn(s)))
    t = view_for_chair(s, 1).to_json()["thrown_in"]
    assert t["number"] == 1 and t["dealer_chair"] == first and t["next_chair"] == s.lineup[s.dealer]
    assert t["next_chair"] != t["dealer_chair"]
