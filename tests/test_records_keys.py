"""Every key of a record is used or refused by name, in every game (docs/records.md).

A key that docs/records.md gives to another game's records is refused in this
game's, with the key as the error's field; a key of this game's records is
read: leaving it out or changing it changes the replay or is refused. Nothing
is accepted and ignored. The two-handed record (its own format: a stock and
melds between tricks, no auction) gets the same checks as the others, and so
does a two-handed match record (its hands' game, scale and rules; zero totals
when it has no hands).
"""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path

import pytest

from pinochle.errors import BadRecord
from pinochle.game import State, apply, auto_action, legal_actions, new_match, turn
from pinochle.games import GAMES
from pinochle.records import match_record, replay
from pinochle.stock_records import random_match as stock_match

DOC = (Path(__file__).resolve().parent.parent / "docs" / "records.md").read_text(encoding="utf-8")

#: The keys every record of the four-handed format (RULES.md's, extended by adding keys) may hold.
COMMON = {"format", "game", "scale", "rules", "dealer", "hands", "auction", "trump", "play"}
#: docs/records.md, "A hand record" (the column "in which records") and "Two-handed records".
MAY_HOLD: dict[str, set[str]] = {
    "table": COMMON | {"thrown_in"},  # with no_bid=redeal or annul
    "partnership-pass": COMMON | {"exchange", "thrown_in"},
    "racehorse": COMMON | {"exchange", "conceded", "thrown_in"},
    "turned-trump": COMMON | {"turned", "dix_exchange"},  # its auction is []
    "britannica": COMMON,
    "double-deck": COMMON,
    "cutthroat": COMMON | {"widow", "buried", "conceded", "thrown_in"},
    "auction": COMMON | {"widow", "buried", "conceded", "thrown_in", "players", "lineup"},
    "two-handed": {"format", "game", "scale", "rules", "dealer", "hands", "stock", "trump", "play", "melds"},
}


def _default(game: str, key: str) -> bool:
    """Whether a reader fills ``key`` in when it is left out (docs/records.md): the format, the game's
    own scale, ``table`` for a record without a game, and trump where the turned card or the stock names
    it. A wrong value is still refused or changes the replay."""
    return key in ("format", "scale") or (key, game) in (("game", "table"), ("trump", "turned-trump"),
                                                          ("trump", "two-handed"))

WRONG = {"format": "pinochle-hand/2", "scale": "metric", "rules": {"not_a_rule": "x"}, "dealer": "X", "trump": "X",
         "game": "poker"}


def _doc_keys() -> set[str]:
    """Every key docs/records.md gives a hand record: its table, and the two-handed section's."""
    table = DOC.split("## A hand record", 1)[1].split("##", 1)[0]
    keys = set(re.findall(r"^\| `(\w+)` \|", table, flags=re.M))
    two = DOC.split("## Two-handed records", 1)[1].split("##", 1)[0]
    return keys | set(re.findall(r'`"(stock|melds)"`', two)) | {"melds"}


KEYS = _doc_keys()


def test_the_keys_are_those_of_docs_records_md() -> None:
    assert KEYS == set().union(*MAY_HOLD.values())
    assert set(MAY_HOLD) == set(GAMES)


def _played(game: str, seed: int, players: int | None = None) -> State:
    """Six hands of ``game`` by random legal moves (in the auction: the minimum bid or a pass)."""
    rng = random.Random(seed)
    state = new_match(seed=seed, game=game, **({"players": players} if players else {}))
    while state.phase != "match_end" and len(state.history) < 6:
        seat = turn(state)
        assert seat is not None
        actions = legal_actions(state)
        if state.phase == "auction" and len(actions) > 1:  # a pass, or the minimum bid
            actions = [a for a in actions if a.type == "pass"] * 2 + [a for a in actions if a.type == "bid"]
        state = apply(state, auto_action(state) or rng.choice(actions))
    return state


def _sample(game: str) -> dict[str, object]:
    """A played hand of ``game`` (its play and, where the game has them, its pass, widow and burial)."""
    if game == "two-handed":
        hands = match_record(stock_match(3, hands=1))["hands"]
        assert isinstance(hands, list)
        return dict(hands[0])
    # a thrown-in or conceded hand has no play; a dix exchange needs its house rule (tests/test_dix_exchange.py)
    want = MAY_HOLD[game] - {"thrown_in", "conceded", "dix_exchange"} - COMMON
    for seed in range(200):
        state = _played(game, seed, 5 if game == "auction" else None)
        hands = match_record(state)["hands"]
        assert isinstance(hands, list)
        for h in hands:
            bid = any(c != "pass" for c in h.get("auction", [])) or "turned" in h
            if want <= set(h) and h.get("play") and "conceded" not in h and bid:
                return dict(h)
    raise AssertionError(f"no played {game} hand in 200 matches")


SAMPLES = {g: _sample(g) for g in GAMES}


def _values(key: str) -> list[object]:
    """The values ``key`` takes in the other games' records, and one no game writes."""
    values = [s[key] for s in SAMPLES.values() if key in s]
    values.append(WRONG.get(key, True))
    out: list[object] = []
    for v in values:
        if v not in out:
            out.append(v)
    return out


@pytest.mark.parametrize("game", list(GAMES))
def test_every_key_is_used_or_refused_by_name(game: str) -> None:
    record = SAMPLES[game]
    want = replay(record)
    for key in sorted(KEYS):
        if key in record:  # left out: refused, or replayed differently, or read as the game's default
            less = {k: v for k, v in record.items() if k != key}
            try:
                assert replay(less) != want or _default(game, key), f"{game}: {key} left out is ignored"
            except BadRecord:
                pass
        for value in _values(key):
            if record.get(key) == value:
                continue
            changed = {**copy.deepcopy(record), key: value}
            try:
                got = replay(changed)
            except BadRecord as err:
                if key not in MAY_HOLD[game]:
                    assert err.field == key, f"{game}: {key}={json.dumps(value)} refused as {err}"
                continue
            assert key in MAY_HOLD[game] and got != want, f"{game}: {key}={json.dumps(value)} accepted and ignored"


# ---------------------------------------------------------------- two-handed, the faults found


TWO = SAMPLES["two-handed"]


def _refusal(record: object) -> dict[str, object]:
    with pytest.raises(BadRecord) as err:
        replay(record)
    return {"field": err.value.field, "index": err.value.index, "reason": err.value.reason, "hand": err.value.hand}


@pytest.mark.parametrize(("key", "value", "reason"), [
    ("exchange", {"to_declarer": ["AS", "AS", "TS", "TS"], "to_partner": ["KS", "KS", "QS", "QS"]},
     "the two-handed game passes no cards"),
    ("conceded", True, "the two-handed game has no concession"),
    ("thrown_in", True, "the two-handed game throws in no hand: it has no auction"),
    ("buried", ["AS", "TS", "KS"], "the two-handed game buries no cards"),
    ("widow", ["AS", "TS", "KS"], "the two-handed game deals no widow"),
    ("auction", ["pass", "pass"], "the two-handed game has no auction"),
    ("auction", [], "the two-handed game has no auction"),
    ("turned", "9S", "the two-handed game turns no card for trump (the stock's first card is its turned card)"),
])
def test_a_key_of_another_game_in_a_two_handed_record_is_refused(key: str, value: object, reason: str) -> None:
    assert _refusal({**TWO, key: value}) == {"field": key, "index": None, "reason": reason, "hand": None}


def test_stock_and_melds_in_a_four_handed_record_are_refused() -> None:
    table = SAMPLES["table"]
    assert _refusal({**table, "stock": TWO["stock"]}) == {
        "field": "stock", "index": None, "reason": "the table game deals no stock", "hand": None}
    assert _refusal({**table, "melds": []}) == {
        "field": "melds", "index": None,
        "reason": "the table game declares no melds between tricks: each side's meld follows from its hand",
        "hand": None}


def test_a_two_handed_match_checks_each_hands_game_scale_and_rules() -> None:
    match = match_record(stock_match(5, hands=2))
    assert len(match["hands"]) == 2  # type: ignore[arg-type]
    for key, value, reason in (
            ("game", "table", "hand 2 is a 'table' hand in a two-handed match"),
            ("scale", "ones", 'hand 2 names scale "ones" in a match of scale "tens": every hand of a match is '
                              "played by the match's"),
            ("rules", {"draw_first": "winner"}, 'hand 2 names rules {"draw_first": "winner"} in a match of rules '
                                                "null: every hand of a match is played by the match's")):
        bad = copy.deepcopy(match)
        bad["hands"][1][key] = value  # type: ignore[index]
        assert _refusal(bad) == {"field": key, "index": None, "reason": reason, "hand": 2}
    assert _refusal({**match, "players": 5}) == {
        "field": "players", "index": None, "reason": "the two-handed game is played by 2 players, not 5", "hand": None}
    bad = copy.deepcopy(match)
    bad["hands"][0]["lineup"] = {"N": 0, "S": 1}  # type: ignore[index]
    assert _refusal(bad) == {"field": "lineup", "index": None,
                             "reason": "a lineup is for a table of 4 or 5: give \"players\"", "hand": 1}


def test_an_empty_two_handed_match_answers_zero_totals() -> None:
    # as the other games do: {"game": "cutthroat", "hands": []} -> {"E": 0, "S": 0, "W": 0}
    assert replay({"format": "pinochle-match/1", "game": "two-handed", "hands": []}) == {
        "hands": [], "totals": {"N": 0, "S": 0}, "winner": None}
    assert replay({"game": "two-handed", "scale": "tens", "hands": []}) == {
        "hands": [], "totals": {"N": 0, "S": 0}, "winner": None}
    assert _refusal({"game": "two-handed", "scale": "metric", "hands": []})["field"] == "scale"
    assert _refusal({"game": "two-handed", "rules": {"min_bid": "300"}, "hands": []})["field"] == "rules"
    for game in ("table", "two-handed"):  # two-handed raised a KeyError
        assert _refusal({"format": "pinochle-match/1", "game": game}) == {
            "field": "hands", "index": None, "reason": "hands is a list of hand records", "hand": None}


def test_a_bad_two_handed_hand_is_reported_under_hands() -> None:
    hands = dict(TWO["hands"])  # type: ignore[call-overload]
    assert _refusal({**TWO, "hands": {**hands, "N": hands["N"][:11]}}) == {
        "field": "hands", "index": 11, "reason": "N's hand has 11 cards, not 12", "hand": None}
    assert _refusal({**TWO, "hands": {**hands, "S": [*hands["S"][:3], "XX", *hands["S"][4:]]}}) == {
        "field": "hands", "index": 3, "hand": None,
        "reason": "S's hand: unknown card 'XX': a card is a rank (A K Q J 9, and T or 10) and a suit (S H D C, "
                  "or ♠ ♥ ♦ ♣), e.g. QS, 10♥ or q♠"}
    assert _refusal({**TWO, "hands": {**hands, "S": None}}) == {
        "field": "hands", "index": None, "reason": "S's hand is missing: give a list of 12 cards", "hand": None}


def test_a_melds_after_is_an_integer_true_is_not_trick_1() -> None:
    record = match_record(stock_match(5, hands=1))["hands"][0]  # type: ignore[index]
    k = 0
    assert record["melds"][k] == {"after": 1, "seat": "N", "cards": ["KS", "QS"]}  # type: ignore[index]
    assert replay(record)["melds"][0] == {  # type: ignore[index]
        "seat": "N", "name": "marriage", "points": 20, "cards": ["KS", "QS"], "after": 1}
    for value, text in ((True, "true"), (1.0, "1.0"), ("1", '"1"'), (0, "0"), (None, "null")):
        bad = copy.deepcopy(record)
        bad["melds"][k]["after"] = value  # type: ignore[index]
        assert _refusal(bad) == {
            "field": "melds", "index": k, "hand": None,
            "reason": f"after is the number of the trick the meld follows, from 1, not {text}"}
    bad = copy.deepcopy(record)
    bad["melds"][k] = ["KS", "QS"]  # type: ignore[index]
    assert _refusal(bad)["reason"] == ('a meld is an object such as {"after": 1, "seat": "N", "cards": ["KS", "QS"]} '
                                       'or {"after": 1, "seat": "N", "dix": true}')


def test_thrown_in_on_a_hand_with_a_bid_is_refused_by_name() -> None:
    for game in ("table", "racehorse", "britannica", "cutthroat"):
        record = SAMPLES[game]
        bids = [c for c in record["auction"] if c != "pass"]  # type: ignore[union-attr]
        assert _refusal({**record, "thrown_in": True}) == {
            "field": "thrown_in", "index": None, "hand": None,
            "reason": f"somebody bid ({bids[0]}), so the hand is not thrown in: leave \"thrown_in\" out"}


def test_the_replay_command_names_the_field(tmp_path: Path) -> None:
    import io

    from pinochle.cli import main

    out = io.StringIO()
    assert main(["replay", "-"], stdin=io.StringIO(json.dumps({**TWO, "conceded": True}) + "\n"), stdout=out) == 1
    assert json.loads(out.getvalue())["error"] == {
        "field": "conceded", "index": None, "reason": "the two-handed game has no concession"}


def test_thrown_in_after_a_stuck_dealer_or_an_unfinished_auction_is_refused() -> None:
    """RULES.md, Deal and auction 3: when the first three pass the dealer is stuck at 250, so the hand
    is played, not thrown in (the refusal said "somebody bid")."""
    record = {k: v for k, v in SAMPLES["table"].items() if k not in ("trump", "play")}
    assert _refusal({**record, "auction": ["pass"] * 3, "thrown_in": True}) == {
        "field": "thrown_in", "index": None, "hand": None,
        "reason": "everyone before the dealer passed, so the dealer is stuck at 250: the hand is not thrown in"}
    racehorse = {k: v for k, v in SAMPLES["racehorse"].items() if k not in ("trump", "play", "exchange")}
    third = ["N", "E", "S", "W"][(["N", "E", "S", "W"].index(str(racehorse["dealer"])) + 3) % 4]
    assert _refusal({**racehorse, "auction": ["pass"] * 2, "thrown_in": True}) == {
        "field": "auction", "index": 2, "hand": None,
        "reason": f"the hand is marked thrown in, but the auction is not finished: {third} is still to call"}


def test_every_phase_of_every_game_says_what_its_records_hold() -> None:
    """A game's record keys follow from its phases (pinochle.records.PHASE_KEYS, docs/records.md "What each
    phase records"): a phase is listed there, or is one that records nothing because a replay recomputes it."""
    from pinochle.records import PHASE_KEYS, record_keys

    # trump_marriage: the replay finds again whether the declarer held the marriage (docs/records.md)
    silent = {"meld", "draw", "trump_marriage", "hand_end", "match_end"}
    for g in GAMES.values():
        assert {ph.name for ph in g.phases} <= set(PHASE_KEYS) | silent, g.name
        # britannica and double-deck have an auction that the seat left of the dealer must open: their
        # records may say thrown_in, and the auction refuses the pass it would take
        head = {"players", "lineup", "thrown_in"}
        assert record_keys(g) - head == MAY_HOLD[g.name] - head, g.name
