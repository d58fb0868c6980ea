"""``turned-trump``'s house switch ``dix_exchange`` (docs/games/turned-trump.md, "The dix exchange").

Off (the project's choice: the seeds are silent) the turned card stays with the dealer. On (the
Hoyle of the United States Playing Card Company, Partnership Pinochle; Parlett's Three-hand
Pinochle): before the meld the seats but the dealer are asked in turn from the dealer's left; a
seat holding a nine of trump may exchange it for the turned card, the first exchange ends the
offer, and the dix scores for the seat that gave it up. Worked examples on fixed deals, the
record, the computer players, what each seat knows, and properties over random hands.
"""

from __future__ import annotations

import io
import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle.bots import for_level
from pinochle.bots.base import dix_exchange_gain, should_exchange_dix
from pinochle.bots.knowledge import (_contains, explain, knowledge, laid_down, meld_unplayed, play_inferences,
                                     sample_hands)
from pinochle.cards import CARDS, Card, Seat, count, pack, parse_cards, unpack
from pinochle.errors import BadRecord, IllegalAction
from pinochle.game import (Action, State, apply, auto_action, deck_check, dix_exchanger, legal, legal_actions,
                           new_match, turn, view)
from pinochle.games import GAMES, TURNED_TRUMP, with_switches
from pinochle.games.phases import turned_up
from pinochle.records import hand_record, match_record, replay
from pinochle.terminal import play_match
from pinochle.parts import TurnedTrump

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
ON = with_switches(TURNED_TRUMP.rules, {"dix_exchange": "true"})


def deal(turned: str, dealer: Seat, nines: dict[Seat, int], extra: dict[Seat, str] | None = None) -> State:
    """A turned-trump hand with the switch on: ``dealer`` turns ``turned``; ``nines`` says how many
    nines of trump each seat holds; ``extra`` gives seats more cards; the rest of the deck in card
    order to the seats with room."""
    card = Card.parse(turned)
    nine = Card(card.suit * 6)
    hands: dict[Seat, list[Card]] = {s: [] for s in Seat}
    pool = Counter(range(24)) + Counter(range(24))
    for s, c in [(dealer, card), *((s, nine) for s, n in nines.items() for _ in range(n)),
                 *((s, c) for s, text in (extra or {}).items() for c in parse_cards(text))]:
        hands[s].append(Card(c))
        pool[c] -= 1
    assert pool[nine] == 0 and all(n >= 0 for n in pool.values())
    i = 0
    for c in sorted(pool.elements()):
        while len(hands[Seat(i % 4)]) >= 12:
            i += 1
        hands[Seat(i % 4)].append(Card(c))
        i += 1
    s = new_match(seed=1, game="turned-trump", rules=ON, first_dealer=dealer,
                  deals=[tuple(pack(hands[x]) for x in Seat)])  # type: ignore[arg-type]
    # the dealer's turned card is this one (as a record replays it)
    return TURNED_TRUMP.advance(turned_up(replace(s, phase="turn_trump"), card))


def through_offer(s: State, answers: dict[Seat, bool]) -> State:
    """Answer the offer in turn: ``answers[seat]`` True exchanges, False keeps; seats without a
    nine pass as the engine makes them."""
    while s.phase == "dix_exchange":
        a = auto_action(s)
        if a is None:
            who = turn(s)
            assert who is not None
            a = Action.dix_(who) if answers[who] else Action.pass_(who)
        s = apply(s, a)
    return s


def laid(s: State) -> State:
    while (a := auto_action(s)) is not None:
        s = apply(s, a)
    return s


def dixes(s: State, seat: Seat) -> int:
    m = s.melds[seat]
    assert m is not None
    return sum(1 for i in m.items if i.kind == "dix")


# ---------------------------------------------------------------- off: the game's own rule


def test_off_the_turned_card_stays_with_the_dealer() -> None:
    s = new_match(seed=1, game="turned-trump")
    assert not s.rules.dix_exchange and s.phase == "meld" and s.dix_answers == ()
    assert [ph.name for ph in TURNED_TRUMP.phases][:3] == ["turn_trump", "dix_exchange", "meld"]
    with pytest.raises(IllegalAction, match="a dix is not possible now: the meld is being laid down"):
        apply(s, Action.dix_(turn(s) or E))
    s = laid(s)
    assert s.phase == "play" and view(s, E).dix_exchange is None and "dix_exchange" not in view(s, E).to_json()


# ---------------------------------------------------------------- on: worked examples


def test_the_seats_are_asked_in_turn_from_the_dealers_left() -> None:
    # N deals and turns A♠; E and W hold a nine each; S holds none and passes without a choice
    s = deal("AS", N, {E: 1, W: 1})
    assert s.phase == "dix_exchange" and turn(s) == E
    assert legal(s, E).to_json() == {"pass": True, "dix": True} and legal(s, S).to_json() == {}
    assert auto_action(s) is None  # E has a choice
    s = apply(s, Action.pass_(E))  # E keeps its nine
    assert turn(s) == S and auto_action(s) == Action.pass_(S) and legal(s, S).to_json() == {"pass": True}
    s = apply(s, Action.pass_(S))
    assert turn(s) == W and legal(s, W).dix
    before = s.hands
    s = apply(s, Action.dix_(W))
    assert s.phase == "meld" and dix_exchanger(s) == W and s.dix_answers == (False, False, True)
    assert count(s.hands[W], Card.parse("AS")) == count(before[W], Card.parse("AS")) + 1
    assert count(s.hands[W], Card.parse("9S")) == 0 and count(s.hands[N], Card.parse("9S")) == 1
    assert count(s.hands[N], Card.parse("AS")) == count(before[N], Card.parse("AS")) - 1
    assert all(len(unpack(h)) == 12 for h in s.hands) and deck_check(s)
    for seat in Seat:  # the exchange is public
        assert view(s, seat).dix_exchange == W and view(s, seat).to_json()["dix_exchange"] == "W"
        assert view(s, seat).to_json()["turned"] == "AS"
    s = laid(s)
    # the dix scores for W, who gave it up, and for E, who kept its own; not for N, who holds W's
    assert (dixes(s, N), dixes(s, E), dixes(s, S), dixes(s, W)) == (0, 1, 0, 1)


def test_the_first_exchange_ends_the_offer() -> None:
    s = through_offer(deal("AS", N, {E: 1, W: 1}), {E: True, W: True})
    assert dix_exchanger(s) == E and s.dix_answers == (True,) and s.phase == "meld"
    s = laid(s)
    assert (dixes(s, N), dixes(s, E), dixes(s, W)) == (0, 1, 1)


def test_the_turned_card_makes_meld_for_the_exchanger() -> None:
    # E holds Q♥ and the 9♥; N turns the K♥: E's royal marriage and the dix it gave up, 50
    s = laid(through_offer(deal("KH", N, {E: 1, S: 1}, {E: "QH"}), {E: True, S: True}))
    m = s.melds[E]
    assert m is not None and sorted(i.name for i in m.items if i.points in (10, 40)) == ["dix", "royal marriage"]
    assert Card.parse("9H") in m.shown() and count(s.hands[E], Card.parse("9H")) == 0


def test_both_nines_one_exchanged() -> None:
    s = laid(through_offer(deal("AS", N, {S: 2}), {S: True}))
    assert dix_exchanger(s) == S and count(s.hands[S], Card.parse("9S")) == 1
    assert (dixes(s, S), dixes(s, N)) == (2, 0)


def test_the_dealers_own_nine_scores_and_the_dealer_is_never_asked() -> None:
    s = deal("KH", N, {N: 2})
    assert s.phase == "dix_exchange" and turn(s) == E and auto_action(s) == Action.pass_(E)
    s = through_offer(s, {})
    assert s.dix_answers == (False, False, False) and dix_exchanger(s) is None
    assert dixes(laid(s), N) == 2


def test_a_turned_nine_is_not_offered() -> None:
    # Hoyle: "If the dealer turns a dix as the trump card, he scores 10 points for it"
    s = deal("9D", E, {W: 1})
    assert s.phase == "meld" and s.dix_answers == ()
    s = laid(s)
    assert (dixes(s, E), dixes(s, W)) == (1, 1)


def test_refusals_name_the_fault_and_change_nothing() -> None:
    s = deal("AS", N, {E: 1, W: 1})
    with pytest.raises(IllegalAction, match="it is E's turn, not W's"):
        apply(s, Action.dix_(W))
    s2 = apply(s, Action.pass_(E))
    with pytest.raises(IllegalAction, match=r"you hold no 9♠ \(the dix\) to exchange for the turned A♠"):
        apply(s2, Action.dix_(S))
    with pytest.raises(IllegalAction, match="a play is not possible now: the dix may be exchanged"):
        apply(s2, Action.play_(S, Card.parse("AH")))


def test_the_switch_is_turned_trumps_alone() -> None:
    assert [g for g, x in GAMES.items() if "dix_exchange" in x.switches] == ["turned-trump"]
    for name in ("table", "racehorse", "auction", "two-handed"):
        with pytest.raises(ValueError, match=f"the dix_exchange switch is for turned-trump; the {name} rules"):
            with_switches(GAMES[name].rules, {"dix_exchange": "true"})


# ---------------------------------------------------------------- records


def test_records_hold_the_exchanger_and_replay() -> None:
    s = through_offer(deal("AS", N, {E: 1, W: 1}), {E: False, W: True})
    rng = random.Random(3)
    while s.phase not in ("hand_end", "match_end"):
        s = apply(s, auto_action(s) or rng.choice(legal_actions(s)))
    rec = json.loads(json.dumps(hand_record(s.history[-1], TURNED_TRUMP, s.rules)))
    assert rec["rules"] == {"dix_exchange": "true"} and rec["dix_exchange"] == "W" and rec["turned"] == "AS"
    out = replay(rec)
    assert out["dix_exchange"] == "W" and out["score"] == dict(zip(("NS", "EW"), s.history[-1].score.score))
    # nobody exchanged: the key is left out, and every holder kept its nine
    kept = through_offer(deal("AS", N, {E: 1, W: 1}), {E: False, W: False})
    while kept.phase not in ("hand_end", "match_end"):
        kept = apply(kept, auto_action(kept) or rng.choice(legal_actions(kept)))
    assert "dix_exchange" not in hand_record(kept.history[-1], TURNED_TRUMP, kept.rules)
    bad = [
        ({**rec, "dix_exchange": "S"}, "S: you hold no 9♠ (the dix) to exchange for the turned A♠"),
        ({**rec, "dix_exchange": "N"}, "N is the dealer, who holds the turned card"),
        ({**rec, "dix_exchange": "X"}, "dix_exchange is the seat that exchanged the dix for the turned card"),
        ({k: v for k, v in rec.items() if k != "rules"},
         "the turned-trump game is played here without the dix exchange: it is the house rule dix_exchange=true"),
    ]
    for record, message in bad:
        with pytest.raises(BadRecord, match=message.replace("(", r"\(").replace(")", r"\)")) as err:
            replay(record)
        assert err.value.field == "dix_exchange"


def test_a_match_record_replays_every_exchange() -> None:
    rng = random.Random(7)
    s = new_match(seed=7, game="turned-trump", rules=ON)
    while len(s.history) < 5 and s.phase != "match_end":
        s = apply(s, auto_action(s) or rng.choice(legal_actions(s)))
    rec = json.loads(json.dumps(match_record(s)))
    out = replay(rec)
    assert out["totals"] == dict(zip(("NS", "EW"), s.totals))
    assert [h.get("dix_exchange") for h in out["hands"]] == [
        None if by is None else str(by) for by in (h.parts.get(TurnedTrump).exchanged_by for h in s.history)]


# ---------------------------------------------------------------- the computer players


def test_the_computer_players_exchange_when_the_card_is_worth_more() -> None:
    # the dealer N is E's opponent: E always takes the turned card
    s = deal("JS", N, {E: 1, W: 1})
    assert turn(s) == E and should_exchange_dix(view(s, E))
    # the dealer N is S's partner: S takes it only when it adds meld to S's own hand
    s = deal("JS", N, {S: 1, W: 1})
    s = apply(s, auto_action(s) or Action.pass_(E))  # E holds no nine: it passes
    assert turn(s) == S and dix_exchange_gain(view(s, S)) == 0 and not should_exchange_dix(view(s, S))
    # S holds A♥ Q♥ Q♥ 9♥ A♠ K♠ J♠ A♦ K♦ J♦ K♣ J♣: the turned K♥ marries a Q♥ (40) and completes
    # kings around (80)
    s = deal("KH", N, {S: 1, W: 1}, {S: "QH"})
    s = apply(s, auto_action(s) or Action.pass_(E))
    assert turn(s) == S and dix_exchange_gain(view(s, S)) == 120 and should_exchange_dix(view(s, S))
    for level in ("easy", "normal", "hard"):
        assert for_level(level, "x").act(view(s, S)) == Action.dix_(S)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_plays_a_hand_with_the_exchange_legally(level: str) -> None:
    s = new_match(seed=11, game="turned-trump", rules=ON)
    players = {x: for_level(level, f"11/{x}") for x in range(4)}
    seen = set()
    hands = 0
    while hands < 2 and s.phase != "match_end":
        a = auto_action(s)
        if a is None:
            who = turn(s)
            assert who is not None
            a = players[who].act(view(s, who))
            assert a in legal_actions(s, who, max_bid=10_000), f"{level} chose {a} in {s.phase}"
            seen.add(s.phase)
        s = apply(s, a)
        if s.phase == "hand_end":
            hands += 1
            s = apply(s, Action.deal_(turn(s) or N))
    assert "play" in seen


# ---------------------------------------------------------------- what each seat knows


@pytest.mark.parametrize("seed", range(8))
def test_every_seat_knows_where_the_exchanged_cards_went(seed: int) -> None:
    """After an exchange every seat knows the exchanger holds the turned card and the dealer a
    nine of trump (until played), the meld review's cards are read as held by the right seats,
    and the true deal fits every seat's knowledge, so the sampler deals hands that fit too."""
    rng = random.Random(seed)
    s = laid(through_offer(new_match(seed=seed, game="turned-trump", rules=ON), {x: True for x in Seat}))
    for _ in range(rng.randrange(0, 24)):  # some cards played
        s = apply(s, rng.choice(legal_actions(s)))
    who, turned = dix_exchanger(s), s.turned
    assert turned is not None
    nine = CARDS[turned.suit * 6]
    played = {x: [c for t in s.tricks for i, c in enumerate(t.cards) if t.seat_of(i) == x] for x in Seat}
    for seat in Seat:
        v = view(s, seat)
        k = knowledge(v)
        assert explain(k, list(s.hands)) is None, (seat, explain(k, list(s.hands)))
        assert explain(k, list(sample_hands(k, random.Random(seed)))) is None
        unplayed = meld_unplayed(v, play_inferences(v).played)
        assert all(_contains(s.hands[x], unplayed[x]) for x in Seat)  # shown and not played: held
        if who is not None and seat != who and turned not in played[who]:
            assert count(k.known[who], turned) >= 1
        if who is not None and seat != s.dealer and nine not in played[s.dealer]:
            assert count(k.known[s.dealer], nine) >= 1
    if who is not None:
        cards = laid_down(view(s, E))
        md = cards[s.dealer]
        assert md is not None and nine in md[0]


# ---------------------------------------------------------------- properties


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), keep=st.floats(min_value=0, max_value=1))
def test_random_hands_with_the_exchange(seed: int, keep: float) -> None:
    """Every hand deals the 48 cards, 12 to each seat, before and after the offer; the turns go
    round from the dealer's left whatever the cards; the exchanger holds the turned card and the
    dealer its nine; each seat's meld scores one dix per nine of trump it was dealt; both sides
    score meld and counters (250 a hand)."""
    rng = random.Random(seed)
    s = new_match(seed=seed, game="turned-trump", rules=ON)
    dealt = s.hands
    turned = s.turned
    assert turned is not None
    nine = CARDS[turned.suit * 6]
    asked = []
    while s.phase == "dix_exchange":
        who = turn(s)
        assert who is not None
        asked.append(who)
        a = auto_action(s) or (Action.pass_(who) if rng.random() < keep else Action.dix_(who))
        s = apply(s, a)
        assert deck_check(s) and all(len(unpack(h)) == 12 for h in s.hands)
    order = [Seat((s.dealer + k) % 4) for k in (1, 2, 3)]
    if turned.rank != 0:
        assert asked == order[:len(asked)] and (len(asked) == 3 or dix_exchanger(s) == asked[-1])
    else:
        assert asked == []
    who = dix_exchanger(s)
    if who is not None:
        assert count(s.hands[who], turned) == count(dealt[who], turned) + 1
        assert count(s.hands[s.dealer], nine) == count(dealt[s.dealer], nine) + 1
    s = laid(s)
    for seat in Seat:
        assert dixes(s, seat) == count(dealt[seat], nine)
    while s.phase == "play":
        s = apply(s, rng.choice(legal_actions(s)))
    h = s.history[-1]
    assert sum(h.score.counters) == 250 and h.parts.get(TurnedTrump).exchanged_by == who
    assert h.score.score == tuple(m + c for m, c in zip(h.score.meld, h.score.counters))


# ---------------------------------------------------------------- the terminal


def _terminal(seed: int, answer: Callable[[str], str], tmp_path: Path) -> tuple[str, dict[str, object]]:
    """The first hand of a terminal match with the switch on (``pinochle play --game turned-trump
    --rule dix_exchange=true``): ``answer(prompt)`` types the line; the person leaves at hand 2."""
    from tests.test_terminal import Scripted

    out = io.StringIO()

    def reply(prompt: str, text: str) -> str | None:
        return None if "Hand 2" in text else answer(prompt)

    save = tmp_path / "match.json"
    status = play_match(seed=seed, save=str(save), stdin=Scripted(out, reply), stdout=out, level="easy",
                        game="turned-trump", rules=ON)
    assert status == 0
    return out.getvalue(), json.loads(save.read_text(encoding="utf-8"))


def test_the_terminal_asks_the_person_holding_the_dix(tmp_path: Path) -> None:
    # seed 0: North deals and turns the A♣; South, first asked, holds a 9♣ and exchanges it
    text, rec = _terminal(0, lambda prompt: "y" if "Exchange your" in prompt else "", tmp_path)
    assert "House rule, the dix exchange: from E round, a player holding the 9♣ may exchange it for the A♣" in text
    assert "Exchange your 9♣ (the dix) for the turned A♣? The dix still scores 10 for you (y/n)" in text
    assert "S (you) exchanges the 9♣ (the dix) for the turned A♣; N (partner) takes the 9♣." in text
    hand = text.split("S (you) exchanges the 9♣")[1].splitlines()[1]
    assert hand.startswith("Your hand: ") and "A♣" in hand and "9♣" not in hand
    first = rec["hands"][0]  # type: ignore[index]
    assert rec["rules"] == {"dix_exchange": "true"} and first["dix_exchange"] == "S" and first["turned"] == "AC"
    assert replay(rec)["hands"][0]["dix_exchange"] == "S"  # type: ignore[index]


def test_the_terminal_tells_a_computer_players_exchange_and_not_a_kept_dix(tmp_path: Path) -> None:
    # seed 0, South keeps its nine: West, asked next, exchanges; nobody is told that South kept it
    text, rec = _terminal(0, lambda prompt: "n" if "Exchange your" in prompt else "", tmp_path)
    assert "S (you) exchanges" not in text and "keeps" not in text
    assert "W exchanges the 9♣ (the dix) for the turned A♣; N (partner) takes the 9♣." in text
    assert rec["hands"][0]["dix_exchange"] == "W"  # type: ignore[index]
    # a refused answer is asked again
    answers = iter(["maybe", "n"])
    text, _ = _terminal(0, lambda prompt: next(answers) if "Exchange your" in prompt else "", tmp_path)
    assert "Answer y to exchange the 9♣ or n to keep it." in text


# ---------------------------------------------------------------- secrecy


@pytest.mark.parametrize("seed", range(3))
def test_no_view_shows_a_hidden_card_with_the_exchange(seed: int) -> None:
    """The secrecy soak's checks (soak/secrecy.py) on the first hand of a match with the switch on,
    every state, every seat: only cards the seat may see (the exchanger's meld shows the nine it
    gave the dealer, a public card by then), and the view unchanged when the hidden cards move
    (the offer's turns are the same whatever the cards)."""
    from soak.secrecy import Memo, check_state, random_action

    rng = random.Random(seed)
    s = new_match(seed=seed, game="turned-trump", rules=ON)
    memo = Memo()
    views = perms = 0
    while not s.history:
        v, _, p = check_state(s, rng, memo)
        views, perms = views + v, perms + p
        s = apply(s, random_action(s, rng))
    assert views > 200 and perms > 50
