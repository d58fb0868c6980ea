"""The view says per side whether its meld is secured by a trick (``meld_secured``; docs/protocol.md).

RULES.md, Meld and Scoring a hand: "A partnership that takes no trick keeps no meld". The rule set's
``meld_needs_trick`` says where that holds (VARIANTS.md, docs/games/): ``table``, ``partnership-pass``,
``britannica`` and ``double-deck`` (a side's meld reads "pending" until it takes a trick, "secured" after,
"lost" when the hand ends without one); ``racehorse``, ``turned-trump``, ``cutthroat``, ``auction`` and
``two-handed`` count meld without a trick (nothing to secure: ``None``), unless a house switch turns the
rule on (racehorse's ``meld_needs_trick=true``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pinochle.cards import pack, parse_cards
from pinochle.game import State, apply, new_match, view
from pinochle.games import find, with_switches

from .test_score_parts import random_action

NEEDS = ("table", "partnership-pass", "britannica", "double-deck")
FREE = ("racehorse", "turned-trump", "cutthroat", "auction", "two-handed")


def viewer(state: State) -> int:
    """A seat that plays in ``state``'s game (South)."""
    return 2


def hand_views(state: State, rng: random.Random, hands: int = 2) -> list[dict[str, Any]]:
    """The views (JSON) of every state of ``hands`` hands of random play from ``state``."""
    out = []
    done = 0
    while done < hands and state.phase != "match_end":
        out.append(view(state, viewer(state)).to_json())
        state = apply(state, random_action(state, rng))
        if state.phase in ("hand_end", "match_end"):
            out.append(view(state, viewer(state)).to_json())
            done += 1
    return out


def expected(v: dict[str, Any], side: str, needs: bool) -> str | None:
    """What the rule says of ``side``'s meld in view ``v`` (RULES.md, Meld)."""
    if not needs or not v["meld_shown"][side]:
        return None
    if v["tricks_won"][side]:
        return "secured"
    if v["phase"] in ("hand_end", "match_end"):
        return "secured" if v["last_hand"]["kept_meld"][side] else "lost"
    return "pending"


@pytest.mark.parametrize("game", NEEDS)
def test_a_sides_meld_is_pending_until_it_takes_a_trick(game: str) -> None:
    seen: set[str | None] = set()
    for seed in (1, 2):
        for v in hand_views(new_match(seed=seed, game=game), random.Random(seed)):
            assert set(v["meld_secured"]) == set(v["meld_shown"]), v["meld_secured"]
            for side in v["meld_shown"]:
                got = v["meld_secured"][side]
                assert got == expected(v, side, True), (game, v["phase"], side, v["tricks_won"], got)
                seen.add(got)
    assert {"pending", "secured"} <= seen, seen


@pytest.mark.parametrize("game", FREE)
def test_a_game_whose_meld_needs_no_trick_has_nothing_to_secure(game: str) -> None:
    views = hand_views(new_match(seed=1, game=game), random.Random(1))
    assert any(any(v["meld_shown"].values()) for v in views), game
    assert all(set(v["meld_secured"].values()) == {None} for v in views), game


def test_racehorse_with_the_switch_on_needs_a_trick_too() -> None:
    rules = with_switches(find("racehorse").rules, {"meld_needs_trick": "true"})
    seen: set[str | None] = set()
    for v in hand_views(new_match(seed=1, game="racehorse", rules=rules), random.Random(1)):
        for side in v["meld_shown"]:
            assert v["meld_secured"][side] == expected(v, side, True), (v["phase"], side)
            seen.add(v["meld_secured"][side])
    assert "pending" in seen, seen


def lost_deal() -> tuple[int, int, int, int]:
    """A deal (N E S W) where East and West can take no trick: North and South hold every ace, ten and king,
    one of each a suit each; East and West every queen, jack and nine (East: a pinochle, Q♠ J♦)."""
    ns = " ".join(f"A{s} T{s} K{s}" for s in "SHDC")
    ew = " ".join(f"Q{s} J{s} 9{s}" for s in "SHDC")
    return (pack(parse_cards(ns)), pack(parse_cards(ew)), pack(parse_cards(ns)), pack(parse_cards(ew)))


def test_a_side_that_never_takes_a_trick_loses_its_meld() -> None:
    """North and South hold every ace, ten and king, one of each a suit each; East and West every queen,
    jack and nine (East: a pinochle, Q♠ J♦). Every player holds three cards of each suit, so everyone follows
    suit to every trick and North or South wins each: East and West's meld is pending all hand, then lost."""
    state = new_match(seed=1, game="table", deals=[lost_deal()])
    views = hand_views(state, random.Random(1), hands=1)
    end = views[-1]
    assert end["phase"] in ("hand_end", "match_end") and end["tricks_won"]["EW"] == 0, end["tricks_won"]
    assert end["meld_shown"]["EW"] > 0 and end["last_hand"]["kept_meld"]["EW"] == 0
    assert end["meld_secured"]["EW"] == "lost", end["meld_secured"]
    melded = [v for v in views[:-1] if v["meld_shown"]["EW"]]
    assert melded and all(v["meld_secured"]["EW"] == "pending" for v in melded)
