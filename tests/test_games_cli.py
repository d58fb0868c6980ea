"""The command line takes ``--game`` (and ``--scale``); records carry the game.

Every expected value below is worked out from VARIANTS.md and the seeds by
hand, not read back from the engine.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from pinochle.bots import for_level
from pinochle.cli import main
from pinochle.game import Action, apply, auto_action, new_match, turn, view
from pinochle.games import find as find_game
from pinochle.games import with_switches
from pinochle.records import match_record, replay
from pinochle.parts import Concession


def run(*argv: str, stdin: str = "") -> tuple[int, list[dict[str, object]]]:
    out = io.StringIO()
    code = main(list(argv), stdin=io.StringIO(stdin), stdout=out)
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


def test_games_lists_the_nine_games_of_the_seeds() -> None:
    code, out = run("games")
    games = out[0]["games"]
    assert code == 0 and isinstance(games, list)
    assert [(g["name"], g["players"], g["playable"]) for g in games] == [
        ("table", 4, True), ("partnership-pass", 4, True), ("racehorse", 4, True), ("turned-trump", 4, True),
        ("britannica", 4, True), ("double-deck", 4, True), ("cutthroat", 3, True), ("auction", 3, True),
        ("two-handed", 2, True),
    ]
    assert all(isinstance(g["description"], str) and g["description"] for g in games)
    # each game's house rules, its own value first; another game's switch is not listed
    rules = {g["name"]: g["rules"] for g in games}
    assert rules["table"]["no_bid"] == ["dealer", "redeal", "annul"]
    assert rules["cutthroat"]["no_bid"] == ["annul", "dealer", "redeal"] and "meld_needs_trick" not in rules["cutthroat"]
    assert rules["britannica"]["min_bid"] == ["10", "number"] and "no_bid" not in rules["britannica"]
    assert set(rules["two-handed"]) == {"must_beat", "must_trump", "head_ruffed", "draw_first", "double_pinochle_later"}
    assert rules["two-handed"]["double_pinochle_later"] == ["false", "true"]
    for name, offered in rules.items():  # every value offered is taken
        for key, values in offered.items():
            for v in values:
                if v != "number":  # head_ruffed goes with must_beat=always
                    with_switches(find_game(name).rules, {key: v, **({"must_beat": "always"} if v == "true"
                                                                      and key == "head_ruffed" else {})})


def test_meld_in_the_games_scale() -> None:
    hand = ["AS", "TS", "KS", "QS", "JS", "9S"]
    # britannica is in the ones scale (seed 001): run 15, dix 1
    assert run("meld", "--game", "britannica", "--trump", "S", *hand)[1][0]["total"] == 16
    # the table in ones (seed 002: "run 15"), and old-style keeps the tens meld (VARIANTS.md, Scales)
    assert run("meld", "--scale", "ones", "--trump", "S", *hand)[1][0]["total"] == 16
    assert run("meld", "--scale", "old-style", "--trump", "S", *hand)[1][0]["total"] == 160
    assert run("meld", "--trump", "S", *hand)[1][0]["total"] == 160
    lines = "\n".join(json.dumps(d) for d in (
        {"trump": "S", "hand": hand, "game": "britannica"}, {"trump": "S", "hand": hand, "scale": "ones"},
        {"trump": "S", "hand": hand}))
    assert [r["total"] for r in run("meld", "-", stdin=lines)[1]] == [16, 16, 160]


def test_legal_by_the_games_play_rule() -> None:
    # a non-trump lead: the table must beat (RULES.md, Play 1); racehorse need not (VARIANTS.md)
    assert run("legal", "--trump", "H", "--hand", "AS 9S", "--trick", "TS")[1] == [{"legal": ["AS"]}]
    assert run("legal", "--game", "racehorse", "--trump", "H", "--hand", "AS 9S", "--trick", "TS")[1] == [
        {"legal": ["AS", "9S"]}]
    # trump led: racehorse must head it
    assert run("legal", "--game", "racehorse", "--trump", "H", "--hand", "AH 9H", "--trick", "TH")[1] == [
        {"legal": ["AH"]}]
    # britannica: no duty to beat at all
    assert run("legal", "--game", "britannica", "--trump", "H", "--hand", "AH 9H", "--trick", "TH")[1] == [
        {"legal": ["AH", "9H"]}]


@pytest.mark.parametrize(("argv", "field", "reason"), [
    (["play", "--game", "whist"], "game",
     "unknown game 'whist': the games are table, partnership-pass, racehorse, turned-trump, britannica, "
     "double-deck, cutthroat, auction, two-handed"),
    (["meld", "--game", "poker", "--trump", "S", "AS"], "game",
     "unknown game 'poker': the games are table, partnership-pass, racehorse, turned-trump, britannica, "
     "double-deck, cutthroat, auction, two-handed"),
    (["meld", "--scale", "hundreds", "--trump", "S", "AS"], "scale",
     "unknown scale 'hundreds': the scales are tens, ones, old-style"),
])
def test_a_bad_game_or_scale_is_named(argv: list[str], field: str, reason: str) -> None:
    code, out = run(*argv)
    assert code == 1 and out[0]["error"] == {"field": field, "index": None, "reason": reason}


def _played(game: str, seed: int, hands: int = 4) -> object:
    state = new_match(seed=seed, game=game)
    players = {s: for_level("normal", f"{seed}/{s}") for s in range(4)}
    while state.phase != "match_end" and len(state.history) < hands:
        seat = turn(state)
        assert seat is not None
        state = apply(state, auto_action(state) or players[seat].act(view(state, seat)))
    return state


@pytest.mark.parametrize("game", ["partnership-pass", "racehorse", "britannica"])
def test_records_of_every_game_replay_from_the_command_line(game: str, tmp_path: Path) -> None:
    state = _played(game, 3)
    record = match_record(state)  # type: ignore[arg-type]
    assert record["game"] == game and all(h["game"] == game for h in record["hands"])  # type: ignore[union-attr]
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record))
    code, out = run("replay", str(path))
    totals = state.totals  # type: ignore[attr-defined]
    assert code == 0 and out[0]["totals"] == {"NS": totals[0], "EW": totals[1]}
    # a record without its game is a table record, so --game says which
    del record["game"]
    for h in record["hands"]:  # type: ignore[union-attr]
        del h["game"]
    path.write_text(json.dumps(record))
    assert run("replay", "--game", game, str(path))[1][0]["totals"] == out[0]["totals"]
    code, out = run("replay", "--game", "table" if game != "table" else "racehorse", str(match_path(tmp_path, game)))
    assert code == 1 and out[0]["error"]["field"] == "game"  # type: ignore[index]


def match_path(tmp_path: Path, game: str) -> Path:
    path = tmp_path / "named.json"
    path.write_text(json.dumps(match_record(_played(game, 3, 1))))  # type: ignore[arg-type]
    return path


def test_a_partnership_pass_record_holds_the_pass_and_a_bad_pass_is_named() -> None:
    state = _played("partnership-pass", 5, 1)
    record = match_record(state)["hands"][0]  # type: ignore[attr-defined,index]
    ex = record["exchange"]
    assert len(ex["to_declarer"]) == 4 and len(ex["to_partner"]) == 4
    bad = {**record, "exchange": {"to_declarer": ex["to_declarer"][:3], "to_partner": ex["to_partner"]}}
    code, out = run("replay", "-", stdin=json.dumps(bad))
    assert code == 1 and out[0]["error"]["field"] == "exchange"  # type: ignore[index]
    assert "pass exactly 4 cards, not 3" in out[0]["error"]["reason"]  # type: ignore[index]


def test_a_racehorse_concession_and_a_thrown_in_hand_replay() -> None:
    # seed 000 / VARIANTS.md racehorse: no bid in the first round throws the hand in; the next dealer deals
    state = new_match(seed=11, game="racehorse")
    dealer = state.dealer
    for _ in range(4):
        seat = turn(state)
        assert seat is not None
        state = apply(state, Action.pass_(seat))
    assert state.phase == "auction" and state.dealer == dealer.left and state.hand_no == 1
    assert len(state.thrown) == 1 and state.thrown[0].number == 1
    # hand 2: the first seat bids, the rest pass; the declarer names trump, the partners pass, all meld, it concedes
    seat = turn(state)
    assert seat is not None
    state = apply(state, Action.bid_(seat, 250))
    for _ in range(3):
        state = apply(state, Action.pass_(turn(state)))  # type: ignore[arg-type]
    declarer = state.declarer
    assert declarer == seat and state.phase == "trump"
    state = apply(state, Action.trump_(declarer, 0))
    for _ in range(2):
        who = turn(state)
        assert who is not None
        state = apply(state, Action.give_(who, view(state, who).legal.give_from[:4]))
    while (auto := auto_action(state)) is not None:
        state = apply(state, auto)
    assert state.phase == "concede" and turn(state) == declarer
    state = apply(state, Action.concede_(declarer))
    hand = state.history[-1]
    side = declarer % 2
    meld = hand.score.meld
    assert hand.parts.get(Concession).conceded and hand.score.score[side] == 0 and hand.score.score[1 - side] == meld[1 - side] + 250
    record = match_record(state)
    assert [h.get("thrown_in", False) for h in record["hands"]] == [True, False]  # type: ignore[union-attr]
    assert record["hands"][1]["conceded"] is True and record["hands"][1]["play"] == []  # type: ignore[index]
    out = replay(json.loads(json.dumps(record)))
    assert out["hands"][0] == {"thrown_in": True, "dealer": str(dealer)}  # type: ignore[index]
    assert out["totals"] == {"NS": state.totals[0], "EW": state.totals[1]}


def test_play_and_arena_take_the_game() -> None:
    out = io.StringIO()
    assert main(["play", "--seed", "2", "--game", "racehorse"], stdin=io.StringIO(""), stdout=out) == 0
    assert out.getvalue().startswith("Pinochle (racehorse): four hands, two partnerships, the match is to 1500.")
    code, res = run("arena", "--a", "easy", "--b", "normal", "--deals", "2", "--matches", "0", "--workers", "1",
                    "--game", "partnership-pass", "--json")
    assert code == 0 and res[0]["game"] == "partnership-pass" and res[0]["hands"] == 4


@pytest.mark.parametrize("game", ["cutthroat", "auction"])
def test_play_and_arena_take_the_three_handed_games(game: str) -> None:
    # --game cutthroat and auction for play and arena
    out = io.StringIO()
    assert main(["play", "--seed", "2", "--game", game, "--level", "easy"], stdin=io.StringIO(""), stdout=out) == 0
    text = out.getvalue()
    assert text.startswith(f"Pinochle ({game}): 3 players, each alone, a widow of 3;")
    assert "partner" not in text and "Input ended" in text
    # the arena's duplicate for three players rotates each deal through the seats: A and B each hold
    # every hand in each seat against two of the other (3 seats x 2 = 6 hands a deal)
    code, res = run("arena", "--a", "easy", "--b", "normal", "--deals", "2", "--matches", "0", "--workers", "1",
                    "--game", game, "--json")
    assert code == 0 and res[0]["game"] == game and res[0]["hands"] == 12


def test_play_and_arena_take_two_handed() -> None:
    """The terminal and the arena seat two-handed (it was refused while only the engine took it)."""
    out = io.StringIO()
    code = main(["play", "--game", "two-handed", "--seed", "3", "--level", "easy"], stdin=io.StringIO(""), stdout=out)
    text = out.getvalue()
    assert code == 0 and text.startswith("Pinochle (two-handed): two players") and "Input ended" in text
    code, res = run("arena", "--a", "easy", "--b", "easy", "--game", "two-handed", "--deals", "1", "--matches", "0",
                    "--workers", "1", "--json")
    assert code == 0 and res[0]["game"] == "two-handed" and res[0]["players"] == 2 and res[0]["hands"] == 2


def test_two_handed_meld_and_legal_from_the_command_line() -> None:
    """VARIANTS.md two-handed: the single melds a hand plus its table cards could declare next, and the
    legal cards while the stock lasts (no duty to follow) and in the endgame."""
    code, out = run("meld", "--game", "two-handed", "--trump", "H", "--table", "KS:marriage QS:marriage",
                    "QS", "KH", "KD", "KC", "9H")
    assert code == 0 and out == [{"melds": [{"name": "kings around", "points": 80,
                                             "cards": ["KS", "KH", "KD", "KC"]}], "dix": True}]
    code, out = run("meld", "--game", "two-handed", "--trump", "H", "KS", "QS", "JD")
    assert code == 0 and [(m["name"], m["points"]) for m in out[0]["melds"]] == [  # type: ignore[union-attr]
        ("marriage", 20), ("pinochle", 40)] and out[0]["dix"] is False
    code, out = run("meld", "--game", "two-handed", "--trump", "H", "--table", "KS:wedding", "QS")
    assert code == 1 and out[0]["error"]["field"] == "table"  # type: ignore[index]
    assert run("legal", "--game", "two-handed", "--trump", "H", "--hand", "AS KH 9D", "--trick", "TD",
               "--stock", "yes")[1] == [{"legal": ["AS", "KH", "9D"]}]
    assert run("legal", "--game", "two-handed", "--trump", "H", "--hand", "AS KH 9D", "--trick", "TD",
               "--stock", "no")[1] == [{"legal": ["9D"]}]
    code, out = run("legal", "--game", "two-handed", "--trump", "H", "--hand", "AS KH", "--trick", "TD")
    assert code == 1 and out[0]["error"]["field"] == "stock"  # type: ignore[index]
    lines = '{"trump": "H", "hand": "AS KH", "trick": "TD", "stock": false, "game": "two-handed"}\n'
    assert run("legal", "-", stdin=lines)[1] == [{"legal": ["KH"]}]


def test_two_handed_replay_of_a_match_record(tmp_path: Path) -> None:
    from pinochle.records import match_record
    from pinochle.stock_records import random_match

    s = random_match(5)
    path = tmp_path / "m.json"
    path.write_text(json.dumps(match_record(s)), encoding="utf-8")
    code, out = run("replay", str(path))
    assert code == 0 and out[0]["totals"] == {"N": s.totals[0], "S": s.totals[1]}  # type: ignore[index]
    assert out[0]["winner"] == ("N" if s.totals[0] > s.totals[1] else "S")  # type: ignore[index]


def test_the_in_app_rules_link_every_game_page(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from pinochle.games import GAMES
    from pinochle.server.app import create_app

    with TestClient(create_app(tmp_path / "r.db", bot_delay=0)) as client:
        index = client.get("/rules").text
        for name, g in GAMES.items():
            if g.playable and name != "table":
                assert f'href="/rules/games/{name}"' in index
                page = client.get(f"/rules/games/{name}")
                assert page.status_code == 200 and "<h1" in page.text
                assert re.findall(r'href="[^"]*\.md[#"]', page.text) == [], "every link to a rules page is in-app"
        assert client.get("/rules/games/poker").status_code == 404
        assert client.get("/rules/doc/records").status_code == 200
        assert client.get("/rules/games/..%2Frules").status_code == 404


def test_house_rule_switches() -> None:
    # VARIANTS.md, House-rule switches: must-beat always / only when trump is led / never
    hand = ["--trump", "H", "--hand", "AS 9S", "--trick", "TS"]
    assert run("legal", *hand)[1] == [{"legal": ["AS"]}]
    assert run("legal", *hand, "--rule", "must_beat=never")[1] == [{"legal": ["AS", "9S"]}]
    assert run("legal", "--game", "racehorse", *hand, "--rule", "must_beat=always")[1] == [{"legal": ["AS"]}]
    # void: trump if you can, unless the table plays without that duty
    void = ["--trump", "H", "--hand", "9H KC", "--trick", "TS"]
    assert run("legal", *void)[1] == [{"legal": ["9H"]}]
    assert run("legal", *void, "--rule", "must_trump=false")[1] == [{"legal": ["9H", "KC"]}]
    code, out = run("legal", *hand, "--rule", "must_beat=sometimes")
    assert code == 1 and out[0]["error"] == {
        "field": "rule", "index": None, "reason": "must_beat is one of always, trump_led, never, not 'sometimes'"}
    code, out = run("legal", *hand, "--rule", "min_bid=255")
    assert out[0]["error"]["reason"] == (  # type: ignore[index]
        "min_bid is a multiple of 10 from 10 to 10,000 (the highest bid), not '255'")
    code, out = run("legal", *hand, "--rule", "min_bid=10010")
    assert out[0]["error"]["reason"] == (  # type: ignore[index]
        "min_bid is a multiple of 10 from 10 to 10,000 (the highest bid), not '10010'")
    # britannica's opening at 15 (seed 001: "15 or 20 as a switch"), and the stuck dealer vs a redeal
    from pinochle.games import BRITANNICA, TABLE_GAME, with_switches

    r = with_switches(BRITANNICA.rules, {"min_bid": "15"})
    assert (r.min_bid, r.name) == (15, "britannica[min_bid=15]")
    s = new_match(seed=4, rules=with_switches(TABLE_GAME.rules, {"no_bid": "redeal"}))
    for _ in range(4):  # the dealer has its call too
        s = apply(s, Action.pass_(turn(s)))  # type: ignore[arg-type]
    assert s.phase == "auction" and s.hand_no == 1 and len(s.thrown) == 1, "nobody bid: a redeal, not a stuck dealer"
    assert view(s, 0).rules_set() is s.rules, "players find the switched rules by name"


@pytest.mark.parametrize("switch", ["min_bid=300", "must_beat=never", "first_lead=left_of_dealer", "no_bid=redeal",
                                    "head_ruffed=true"])
def test_a_match_played_with_house_rules_replays_by_them(switch: str, tmp_path: Path) -> None:
    # found by an adversarial review: records did not carry the house rules, so they failed to replay
    path = tmp_path / "m.json"
    out = io.StringIO()
    assert main(["play", "--seed", "5", "--rule", switch, "--save", str(path)], stdin=io.StringIO("\n" * 3000),
                stdout=out) == 0
    record = json.loads(path.read_text())
    key, value = switch.split("=")
    assert record["rules"] == {key: value} and all(h["rules"] == {key: value} for h in record["hands"])
    code, res = run("replay", str(path))
    assert code == 0 and len(res[0]["hands"]) == len(record["hands"])
    last = re.findall(r"Final score: NS (-?\d+), EW (-?\d+)", out.getvalue())[-1]
    assert res[0]["totals"] == {"NS": int(last[0]), "EW": int(last[1])}


def test_record_flags_and_a_thrown_in_hand_are_checked(tmp_path: Path) -> None:
    state = new_match(seed=11, game="racehorse")
    for _ in range(4):
        state = apply(state, Action.pass_(turn(state)))  # type: ignore[arg-type]
    thrown = match_record(state)["hands"][0]  # type: ignore[index]
    assert thrown["thrown_in"] is True
    for extra, value in (("trump", "S"), ("play", []), ("turned", "AS")):
        code, out = run("replay", "-", stdin=json.dumps({**thrown, extra: value}))
        reason = ("the racehorse game turns no card for trump" if extra == "turned"  # in no hand of the game
                  else f"a thrown-in hand has no {extra}: nobody bid")
        assert code == 1 and out[0]["error"] == {"field": extra, "index": None, "reason": reason}
    code, out = run("replay", "-", stdin=json.dumps({**thrown, "thrown_in": "true"}))
    assert out[0]["error"]["reason"] == "thrown_in is true when it applies, and left out otherwise, not 'true'"  # type: ignore[index]
    unmarked = {k: v for k, v in thrown.items() if k != "thrown_in"}
    code, out = run("replay", "-", stdin=json.dumps(unmarked))
    assert out[0]["error"]["field"] == "play" and "mark the hand \"thrown_in\": true" in out[0]["error"]["reason"]  # type: ignore[index]


def test_a_turned_card_in_a_game_without_one_and_a_turned_trump_record_without_trump() -> None:
    table = match_record(_played("table", 3, 1))["hands"][0]  # type: ignore[attr-defined,index]
    code, out = run("replay", "-", stdin=json.dumps({**table, "turned": "AS"}))
    assert out[0]["error"] == {"field": "turned", "index": None, "reason": "the table game turns no card for trump"}
    turned = match_record(_played("turned-trump", 3, 1))["hands"][0]  # type: ignore[attr-defined,index]
    want = run("replay", "-", stdin=json.dumps(turned))[1]
    assert run("replay", "-", stdin=json.dumps({k: v for k, v in turned.items() if k != "trump"}))[1] == want


def test_huge_numbers_are_named_by_their_size() -> None:
    code, out = run("meld", "-", stdin='{"trump": "S", "hand": "AS", "x": 1' + "0" * 5000 + "}")
    assert out[0]["error"]["reason"] == "not usable JSON: a number of more than 4,300 digits"  # type: ignore[index]
    record = json.loads(json.dumps(match_record(_played("table", 3, 1))["hands"][0]))  # type: ignore[attr-defined,index]
    record["auction"] = ["9" * 5000]
    code, out = run("replay", "-", stdin=json.dumps(record))
    assert out[0]["error"]["reason"].endswith(  # type: ignore[index]
        "the highest bid is 10,000: a bid of more than 30 digits is more than any side can take in one hand")


def test_play_refuses_to_save_over_a_folder(tmp_path: Path) -> None:
    out = io.StringIO()
    assert main(["play", "--seed", "1", "--save", str(tmp_path)], stdin=io.StringIO(""), stdout=out) == 1
    assert out.getvalue().startswith(f"Cannot save the match record to {tmp_path}")


def test_two_handed_meld_with_the_house_rule_double_pinochle_later() -> None:
    """docs/games/two-handed.md: a pinochle on the table and the second Q♠ J♦ in hand make a second
    pinochle (40) by default, and also the double pinochle (300) with ``--rule double_pinochle_later=true``
    (Hoyle); JSON Lines take the rule in ``"rules"``; another game refuses it by name."""
    table = "QS:pinochle JD:pinochle"
    code, out = run("meld", "--game", "two-handed", "--trump", "H", "--table", table, "QS", "JD")
    assert code == 0 and out == [{"melds": [{"name": "pinochle", "points": 40, "cards": ["QS", "JD"]}], "dix": False}]
    code, out = run("meld", "--game", "two-handed", "--trump", "H", "--rule", "double_pinochle_later=true",
                    "--table", table, "QS", "JD")
    assert code == 0 and out[0]["melds"] == [  # type: ignore[comparison-overlap]
        {"name": "pinochle", "points": 40, "cards": ["QS", "JD"]},
        {"name": "double pinochle", "points": 300, "cards": ["QS", "QS", "JD", "JD"]}]
    line = json.dumps({"trump": "H", "hand": "QS JD", "table": table, "game": "two-handed",
                       "rules": {"double_pinochle_later": True}})
    assert run("meld", "-", stdin=line + "\n")[1] == out
    code, out = run("meld", "--trump", "H", "--rule", "double_pinochle_later=true", "QS", "JD")
    assert code == 1 and out[0]["error"]["field"] == "rule"  # type: ignore[index]
    assert "the double_pinochle_later switch is for two-handed" in out[0]["error"]["reason"]  # type: ignore[index]
