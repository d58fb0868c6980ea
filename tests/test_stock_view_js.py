"""``pinochle/web/views/stock.js``: the two-handed melds on the table, grouped by the melds declared.

The function runs in Debian's Chromium (the harness of tests/test_settings_js.py: the web folder served,
the module imported in a blank page). The data are the view's own fields, made by the engine: the table
cards (``table``) and the melds declared (``declared``) of a real two-handed hand.
"""

from __future__ import annotations

from typing import Any

import pytest

from pinochle.cards import Seat
from pinochle.game import apply, new_match, turn, view
from pinochle.bots import SimplePlayer

from .test_settings_js import base_url, in_browser

__all__ = ["base_url"]  # the fixture, imported for the tests below

# Debian's Chromium is required: without it these tests fail with what to do (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("needs_chromium")


def groups(page: Any, cards: list[dict[str, Any]], declared: list[dict[str, Any]]) -> Any:
    return page.evaluate("async ([c, d]) => (await import('/views/stock.js')).meldGroups(c, d)", [cards, declared])


def test_a_card_that_served_two_melds_shows_in_both_and_each_meld_has_its_own_label(base_url: str) -> None:
    """A marriage in spades, then kings around, then a marriage in clubs: the kings around show all four
    kings (K♠ again, as an echo), the clubs marriage K♣ (again, as an echo) and Q♣; each marriage is a
    group of its own with its one suit and its 20 (one "Marriage ♠ ♣ 40" mixed the suits: a seventh reviewer
    read it as a typo), and a grouping by a card's first meld would put Q♠ and Q♣ under one "Marriage" and
    three kings under "Kings around"."""
    table = [{"card": "QS", "melds": ["marriage"]},
             {"card": "KH", "melds": ["around-K"]}, {"card": "KD", "melds": ["around-K"]},
             {"card": "KC", "melds": ["around-K", "marriage"]}, {"card": "QC", "melds": ["marriage"]},
             {"card": "KS", "melds": ["marriage", "around-K"]}]
    declared = [{"seat": "S", "name": "marriage", "points": 20, "cards": ["KS", "QS"], "kind": "marriage", "after": 1},
                {"seat": "S", "name": "kings around", "points": 80, "cards": ["KS", "KH", "KD", "KC"], "kind": "around-K",
                 "after": 2},
                {"seat": "S", "name": "marriage", "points": 20, "cards": ["KC", "QC"], "kind": "marriage", "after": 3}]

    def script(page: Any) -> Any:
        return groups(page, table, declared)

    got = in_browser(base_url, script)
    shown = [(g["name"], [(p["suit"], [(c["card"], c["echo"]) for c in p["cards"]]) for p in g["parts"]]) for g in got]
    assert shown == [
        ("marriage", [("S", [("KS", False), ("QS", False)])]),
        ("kings around", [(None, [("KS", True), ("KH", False), ("KD", False), ("KC", False)])]),
        ("marriage", [("C", [("KC", True), ("QC", False)])]),
    ]
    assert [g["points"] for g in got] == [20, 80, 20]
    # every table card is shown once as itself (a button when yours); the echoes are extra
    firsts = sorted(c["index"] for g in got for p in g["parts"] for c in p["cards"] if not c["echo"])
    assert firsts == list(range(len(table)))


def test_the_nine_turned_at_the_deal_is_not_a_table_card(base_url: str) -> None:
    """North dealt and turned the 9♠ (spades trump, "dix turned", 10 points), then
    laid its other 9♠ as a dix; the table showed "Dix turned 9♠" and the dix as its echo. The turned
    card lies under the stock: the table's 9♠ is the dix's, in a group of its own."""
    table = [{"card": "9S", "melds": ["dix"]}]
    declared = [{"seat": "N", "name": "dix turned", "points": 10, "cards": ["9S"], "kind": "dix", "after": 0},
                {"seat": "N", "name": "dix", "points": 10, "cards": ["9S"], "kind": "dix", "after": 4}]
    got = in_browser(base_url, lambda page: groups(page, table, declared))
    assert [(g["name"], [[(c["card"], c["echo"]) for c in p["cards"]] for p in g["parts"]]) for g in got] == [
        ("dix", [[("9S", False)]])]


def test_every_table_card_of_real_hands_shows_once_and_every_group_is_a_declared_meld(base_url: str) -> None:
    """Over real two-handed hands (simple players, seeds 1-6), at every move: each card on a seat's
    table is shown exactly once as itself, each group bears the name of a meld that seat declared, and
    a group's part holds only cards of that meld."""
    samples = []
    for seed in range(1, 7):
        state = new_match(seed=seed, game="two-handed")
        player = SimplePlayer(seed)
        while turn(state) is not None and state.phase not in ("hand_end", "match_end"):
            v = view(state, turn(state)).to_json()
            for seat in ("N", "S"):
                table = (v.get("table") or {}).get(seat) or []
                if table:
                    samples.append((table, [d for d in v.get("declared", []) if d["seat"] == seat]))
            state = apply(state, player.act(view(state, turn(state))))
    assert len(samples) > 100

    def script(page: Any) -> Any:
        return [groups(page, t, d) for t, d in samples]

    results = in_browser(base_url, script)
    for (table, declared), got in zip(samples, results):
        firsts = sorted(c["index"] for g in got for p in g["parts"] for c in p["cards"] if not c["echo"])
        assert firsts == list(range(len(table))), (table, declared, got)
        names = {d["name"] for d in declared}
        for g in got:
            assert g["name"] in names, (g, declared)
            for p in g["parts"]:
                assert any({c["card"] for c in p["cards"]} <= set(d["cards"]) for d in declared if d["name"] == g["name"]), (p, table, declared)


def test_a_pinochle_grown_into_a_double_pinochle_shows_under_both_names(base_url: str) -> None:
    """Under the house rule double_pinochle_later (docs/games/two-handed.md), N's pinochle then its double
    pinochle, from the engine's own view: the "pinochle" group shows the first Q♠ J♦, the "double pinochle"
    group all four (the pinochle's two as echoes), and every table card shows once as itself."""
    from tests.test_two_handed import LATER, _pinochle_then_a_second, meld_

    s = meld_(_pinochle_then_a_second(LATER), Seat.N, "QS QS JD JD")
    v = view(s, Seat.S).to_json()
    table = v["table"]["N"]  # type: ignore[index]
    declared = [d for d in v["declared"] if d["seat"] == "N"]  # type: ignore[union-attr]
    got = in_browser(base_url, lambda page: groups(page, table, declared))
    shown = [(g["name"], [[(c["card"], c["echo"]) for c in p["cards"]] for p in g["parts"]]) for g in got]
    assert shown == [
        ("pinochle", [[("QS", False), ("JD", False)]]),
        ("double pinochle", [[("QS", True), ("QS", False), ("JD", True), ("JD", False)]]),
    ]
    firsts = sorted(c["index"] for g in got for p in g["parts"] for c in p["cards"] if not c["echo"])
    assert firsts == list(range(len(table)))
