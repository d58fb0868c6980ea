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
