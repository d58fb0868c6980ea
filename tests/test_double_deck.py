"""The double-deck game in the engine, the records and the command line.

VARIANTS.md ``double-deck`` (seed 001): two pinochle decks without the nines,
four copies of A T K Q J in each suit (80 cards), 20 to each of four players;
last trick 2, so 50 trick points a hand; game 500. Every expected value here
is worked out from those words, not read back from the engine. The meld table
is checked example by example in docs/games/double-deck.md
(tests/test_games_doc.py); the properties of every playable game, double-deck
included, in tests/test_games_properties.py.
"""

from __future__ import annotations

import io
import json
import random
from collections import Counter

import pytest

from pinochle.bots import for_level
from pinochle.cards import DOUBLE_DECK, Card, parse_cards, unpack
from pinochle.cli import main
from pinochle.errors import BadRecord, IllegalAction
from pinochle.game import Action, apply, auto_action, check_deal, new_match, shuffle_deal, turn, view
from pinochle.games import find
from pinochle.records import match_record, replay_hand, replay_match
from pinochle.rules import DOUBLE_DECK_RULES

GAME = "double-deck"
#: The 80-card deck written out from VARIANTS.md: four of each A T K Q J per suit, no nines.
DECK80 = Counter({Card.parse(r + s): 4 for r in "ATKQJ" for s in "SHDC"})


def run(*argv: str, stdin: str = "") -> tuple[int, list[dict[str, object]]]:
    out = io.StringIO()
    code = main(list(argv), stdin=io.StringIO(stdin), stdout=out)
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


def play_match(seed: int, level: str = "easy", max_hands: int = 60) -> object:
    """A whole double-deck match of four computer players (at most ``max_hands`` hands)."""
    state = new_match(seed=seed, game=GAME)
    players = [for_level(level, seed * 10 + s) for s in range(4)]
    while state.phase != "match_end" and len(state.history) < max_hands:
        action = auto_action(state)
        if action is None:
            seat = turn(state)
            assert seat is not None
            action = Action.deal_(seat) if state.phase == "hand_end" else players[seat].act(view(state, seat))
        state = apply(state, action)
    return state


# ---------------------------------------------------------------- the deal


@pytest.mark.parametrize("seed", [0, 1, "x"])
def test_the_deal_is_the_80_card_deck_in_four_hands_of_20(seed: object) -> None:
    hands = shuffle_deal(seed, 0, DOUBLE_DECK_RULES)  # type: ignore[arg-type]
    assert [len(unpack(h)) for h in hands] == [20, 20, 20, 20]
    assert sum((Counter(unpack(h)) for h in hands), Counter()) == DECK80
    assert shuffle_deal(seed, 1, DOUBLE_DECK_RULES) != hands  # type: ignore[arg-type]


def test_a_new_match_deals_20_each_and_the_seat_left_of_the_dealer_opens_at_50_or_passes() -> None:
    state = new_match(seed=4, game=GAME)
    assert state.phase == "auction" and all(len(unpack(h)) == 20 for h in state.hands)
    seat = turn(state)
    assert seat == state.dealer.left
    lg = view(state, seat).legal
    # VARIANTS.md: bids go up by 1 to 60, then by 5; if all pass, the dealer takes the hand at 50
    assert lg.min_bid == 50 and lg.pass_ and lg.bid_step == 1 and lg.bid_ladder == ((60, 5),)
    assert view(state, seat).to_json()["legal"]["bid"] == {"min": 50, "step": 1, "max": 1000,  # type: ignore[index]
                                                          "ladder": [[60, 5]]}
    before = state
    with pytest.raises(IllegalAction):
        apply(state, Action.bid_(seat, 49))
    assert state == before  # a refused action changes nothing
    apply(state, Action.pass_(seat))


def test_check_deal_refuses_a_nine_a_fifth_copy_and_21_cards() -> None:
    good = list(shuffle_deal(2, 0, DOUBLE_DECK_RULES))
    check_deal(good, DOUBLE_DECK_RULES)
    cards = [unpack(h) for h in good]
    # a nine for a jack: the double deck has none
    bad = [list(c) for c in cards]
    bad[0][0] = Card.parse("9S")
    with pytest.raises(IllegalAction, match="9♠"):
        check_deal([DOUBLE_DECK.pack(c) if Card.parse("9S") not in c else _force(c) for c in bad], DOUBLE_DECK_RULES)
    # a 21st card
    more = [list(c) for c in cards]
    moved = more[1].pop()
    more[0].append(moved)
    with pytest.raises(IllegalAction, match="21 cards; each seat is dealt 20"):
        check_deal([DOUBLE_DECK.pack(c) for c in more], DOUBLE_DECK_RULES)


def _force(cards: list[Card]) -> int:
    """Pack without the deck's check (to build a bad deal on purpose)."""
    from pinochle.cards import LAYER, SPREAD

    h = 0
    for c in cards:
        h |= 1 << (c + LAYER * (h >> c & SPREAD[4]).bit_count())
    return h


# ---------------------------------------------------------------- whole matches


def test_a_match_of_computer_players_plays_to_500_with_50_trick_points_a_hand() -> None:
    state = play_match(5)
    assert state.phase == "match_end"  # type: ignore[attr-defined]
    assert max(state.totals) >= 500  # type: ignore[attr-defined]
    for h in state.history:  # type: ignore[attr-defined]
        assert len(h.tricks) == 20 and sum(h.score.tricks) == 20
        assert sum(h.score.counters) == 50


def test_a_generated_match_record_replays_to_the_same_scores() -> None:
    state = play_match(6, max_hands=3)
    record = match_record(state)  # type: ignore[arg-type]
    assert record["game"] == GAME
    got = replay_match(json.loads(json.dumps(record)))
    want = [{"NS": h.score.score[0], "EW": h.score.score[1]} for h in state.history]  # type: ignore[attr-defined]
    assert [h["score"] for h in got["hands"]] == want  # type: ignore[index]
    assert all(len(h["play"]) == 80 for h in record["hands"])  # type: ignore[index]


# ---------------------------------------------------------------- records: bad input


def _hand_record() -> tuple[dict[str, object], dict[str, int]]:
    state = play_match(7, max_hands=1)
    record = match_record(state)  # type: ignore[arg-type]
    hand = dict(record["hands"][0])  # type: ignore[index]
    hand["game"] = GAME
    score = state.history[0].score.score  # type: ignore[attr-defined]
    return json.loads(json.dumps(hand)), {"NS": score[0], "EW": score[1]}


def test_a_hand_record_replays_and_bad_hands_are_refused_by_name() -> None:
    rec, score = _hand_record()
    assert replay_hand(rec)["score"] == score
    hands = rec["hands"]
    assert isinstance(hands, dict)
    # a nine
    nine = json.loads(json.dumps(rec))
    nine["hands"]["N"][0] = "9S"
    with pytest.raises(BadRecord, match="the double-deck deck has no nines") as err:
        replay_hand(nine)
    assert err.value.field == "hands" and err.value.index == 0
    # a fifth copy: N's first card given to E as well, in place of another card
    fifth = json.loads(json.dumps(rec))
    card = fifth["hands"]["N"][0]
    others = [c for c in fifth["hands"].values() for c in c]
    assert others.count(card) == 4
    i = next(i for i, c in enumerate(fifth["hands"]["E"]) if c != card)
    fifth["hands"]["E"][i] = card
    with pytest.raises(BadRecord, match=f"there are only four {Card.parse(card).label} in the double-deck deck"):
        replay_hand(fifth)
    # 21 cards
    long = json.loads(json.dumps(rec))
    long["hands"]["N"].append(long["hands"]["N"][0])
    with pytest.raises(BadRecord, match="N has 21 cards; each seat is dealt 20"):
        replay_hand(long)
    # 19 cards
    short = json.loads(json.dumps(rec))
    short["hands"]["W"].pop()
    with pytest.raises(BadRecord, match="W has 19 cards; each seat is dealt 20"):
        replay_hand(short)


# ---------------------------------------------------------------- the command line


def test_meld_takes_20_cards_and_four_copies_and_refuses_a_nine_a_fifth_copy_and_21_cards() -> None:
    four_aces = ["AS", "AH", "AD", "AC"] * 4
    code, out = run("meld", "--game", GAME, "--trump", "H", *four_aces)
    # VARIANTS.md: "four of each rank in every suit counts as two doubles": double aces twice
    assert code == 0 and out[0]["total"] == 200
    assert [m["name"] for m in out[0]["melds"]] == ["double aces", "double aces"]  # type: ignore[index]
    hand20 = four_aces + ["KH", "QH", "KS", "QS"]
    assert run("meld", "--game", GAME, "--trump", "H", *hand20)[1][0]["total"] == 200 + 4 + 2
    code, out = run("meld", "--game", GAME, "--trump", "H", "9H")
    assert code == 1 and out[0]["error"] == {"field": "hand", "index": 0, "reason": "the double-deck deck has no nines"}
    code, out = run("meld", "--game", GAME, "--trump", "H", *(["KH"] * 5))
    assert code == 1 and out[0]["error"] == {"field": "hand", "index": 4,
                                              "reason": "there are only four K♥ in the double-deck deck"}
    code, out = run("meld", "--game", GAME, "--trump", "H", *hand20, "JD")
    assert code == 1 and out[0]["error"]["field"] == "hand"  # type: ignore[index]
    assert "21 cards; give 1 to 20" in out[0]["error"]["reason"]  # type: ignore[index]
    # the 48-card table still refuses a third copy
    code, out = run("meld", "--trump", "H", "KH", "KH", "KH")
    assert code == 1 and "a third K♥" in out[0]["error"]["reason"]  # type: ignore[index]


def test_legal_has_no_duty_to_beat_and_counts_copies_across_hand_and_trick() -> None:
    # no duty to beat (VARIANTS.md: as britannica): any spade to a spade lead
    assert run("legal", "--game", GAME, "--trump", "H", "--hand", "AS JS KD", "--trick", "TS")[1] == [
        {"legal": ["AS", "JS"]}]
    # void in the led suit: trump
    assert run("legal", "--game", GAME, "--trump", "H", "--hand", "JH KD", "--trick", "TS")[1] == [{"legal": ["JH"]}]
    # four A♠ in hand and a fifth in the trick
    code, out = run("legal", "--game", GAME, "--trump", "H", "--hand", "AS AS AS AS", "--trick", "AS")
    assert code == 1 and out[0]["error"]["field"] == "trick"  # type: ignore[index]


def test_games_lists_double_deck_as_playable_with_four_players() -> None:
    game = next(g for g in run("games")[1][0]["games"] if g["name"] == GAME)  # type: ignore[union-attr]
    assert game["playable"] is True and game["players"] == 4
    assert find(GAME).rules.hand_size == 20 and find(GAME).rules.total_counters == 50


def test_play_in_the_terminal_reaches_the_first_auction() -> None:
    """``pinochle play --game double-deck`` deals 20 cards and asks for a bid; ``quit`` leaves."""
    out = io.StringIO()
    code = main(["play", "--game", GAME, "--seed", "3", "--level", "easy"], stdin=io.StringIO("quit\n"), stdout=out)
    text = out.getvalue()
    assert code == 0, text
    assert "the match is to 500" in text and "the lowest bid is 50" in text and "Your call" in text
    hand_line = next(line for line in text.splitlines() if line.startswith("Your hand:"))
    assert len(parse_cards(hand_line.removeprefix("Your hand:"))) == 20


def test_random_actions_never_break_the_80_cards() -> None:
    rng = random.Random(3)
    state = new_match(seed=9, game=GAME)
    for _ in range(400):
        seat = turn(state)
        assert seat is not None
        actions = view(state, seat).legal.actions(seat)
        state = apply(state, rng.choice(actions))
        held = sum((Counter(unpack(h)) for h in state.hands), Counter())
        held.update(c for t in state.tricks for c in t.cards)
        assert held == DECK80
        if state.phase != "auction" and state.phase != "play" and state.phase != "trump" and state.phase != "meld":
            break
