"""The container of parts (:class:`pinochle.parts.Parts`): a part per class, the class's empty value
for one it does not hold, equality and hash by content however it was built (docs/design.md, "State
and its parts")."""

from __future__ import annotations

import pickle

from hypothesis import given
from hypothesis import strategies as st

from pinochle.cards import Seat, Suit
from pinochle.parts import (
    CONCEDED,
    NO_CARD_PASS,
    NO_CONCESSION,
    NO_CONTRACT,
    CardPass,
    Concession,
    Contract,
    Parts,
    Widow,
)

#: A few values of a few parts' classes, empty ones among them.
VALUES: list[object] = [
    NO_CONTRACT, Contract(bid=250), Contract((250, None), Seat.E, 250, Suit.H), NO_CARD_PASS, CardPass(((),)),
    NO_CONCESSION, CONCEDED, Widow(0b1011), Widow(),
]


@given(st.lists(st.sampled_from(VALUES), max_size=12))
def test_get_is_the_last_value_set_or_the_empty_one(values: list[object]) -> None:
    one_by_one = Parts()
    for v in values:
        one_by_one = one_by_one.set(v)
    at_once = Parts(*values)
    for cls, empty in ((Contract, NO_CONTRACT), (CardPass, NO_CARD_PASS), (Concession, NO_CONCESSION),
                       (Widow, Widow())):
        last = [v for v in values if type(v) is cls]
        want = last[-1] if last else empty
        assert one_by_one.get(cls) == want == at_once.get(cls)
    assert one_by_one == at_once and hash(one_by_one) == hash(at_once)
    assert len(one_by_one) == sum(1 for v in one_by_one) and all(v is not NO_CONTRACT for v in one_by_one)
    assert pickle.loads(pickle.dumps(at_once)) == at_once


@given(st.lists(st.sampled_from(VALUES), max_size=6, unique_by=type), st.randoms())
def test_equality_and_hash_do_not_depend_on_order(values: list[object], rng: object) -> None:
    shuffled = list(values)
    rng.shuffle(shuffled)  # type: ignore[attr-defined]
    assert Parts(*values) == Parts(*shuffled) and hash(Parts(*values)) == hash(Parts(*shuffled))


def test_an_empty_value_removes_its_part_and_the_old_container_is_unchanged() -> None:
    p = Parts(Contract(bid=250), CONCEDED)
    q = p.set(NO_CONCESSION)
    assert q == Parts(Contract(bid=250)) and q.get(Concession) is NO_CONCESSION
    assert p.get(Concession) is CONCEDED and len(p) == 2 and not Parts(NO_CONTRACT)


def test_the_legal_moves_keep_their_parts_in_one_container() -> None:
    """``Legal`` holds the moves every game has and one ``parts`` container (docs/design.md, "State and its
    parts"); the flat names read the parts, and the JSON writes the parts' keys in the order of
    docs/protocol.md whatever order the phase gave them in."""
    from dataclasses import fields

    from pinochle.cards import Card
    from pinochle.game import Legal
    from pinochle.parts import NO_BIDS, Bids, Burial, Concedes, Dix, Give, Trumps
    from pinochle.stock import StockMoves

    assert [f.name for f in fields(Legal)] == ["pass_", "meld", "cards", "deal", "parts"]
    assert Legal(parts=Parts(NO_BIDS)) == Legal() and hash(Legal(parts=Parts(NO_BIDS))) == hash(Legal())
    nine = Card.parse("9S")
    every = [StockMoves(draw=True), Dix(True, 10), Burial(3, (nine,)), Concedes(True, play_on=True),
             Give(4, (nine,)), Trumps((Suit.S,)), Bids(250)]
    lg = Legal(pass_=True, parts=Parts(*every))
    assert lg == Legal(pass_=True, parts=Parts(*reversed(every)))
    assert (lg.min_bid, lg.trumps, lg.give, lg.bury, lg.concede, lg.play_on, lg.dix_points, lg.draw) == (
        250, (Suit.S,), 4, 3, True, True, 10, True)
    assert list(lg.to_json()) == ["pass", "bid", "trump", "give", "concede", "play_on", "bury", "dix", "dix_points",
                                  "draw"]


def test_a_view_keeps_its_parts_in_one_container() -> None:
    """``View`` declares no slot for any game's part: its parts are in one ``parts`` container, read whole by
    their names (``view.contract``) or field by field (``view.bid``), the seat's own parts added to those every
    seat sees; the empty ones are not kept."""
    from dataclasses import fields

    from pinochle.game import View, new_match, view
    from pinochle.parts import AuctionSeen, BidAid, PassSeen

    names = {f.name for f in fields(View)}
    assert "parts" in names and not names & {"auction", "contract", "card_pass", "widow_part", "burial", "bid_aid",
                                             "trump_aid", "turned_trump", "thrown_in", "tied", "stock", "chairs",
                                             "concession"}
    v = view(new_match(seed=3, game="table"), 1)
    assert {type(p) for p in v.parts} == {BidAid} and v.bid_aid is v.parts.get(BidAid)
    assert v.auction is v.parts.get(AuctionSeen) and not v.calls and v.card_pass == PassSeen()
