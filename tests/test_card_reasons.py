"""A card's reason separates it from the cards it is compared with (pinochle.bots.card_reasons): the hint's from every
other legal card, the decision review's from the card played instead. The fourteenth review read "Play the 9♣: you
hold 5 trumps" (true whichever trump is led) and "it beats the 10♦" (the 9♥ beat it too). Each claim of a reason is
read back from its words and checked here, independently of the patterns, against the position: true of the hinted
card, false of each compared card; where none separates, the value alone is said."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

import pytest

from pinochle.bots import for_level
from pinochle.bots.base import mates
from pinochle.bots.card_reasons import separating
from pinochle.bots.knowledge import play_inferences
from pinochle.bots.evaluate import evaluate
from pinochle.bots.review import hand_steps, review_hand
from pinochle.cards import ABOVE, DECKS, SUIT_NAMES, Card, remove
from pinochle.game import PlayAction, View, apply, auto_action, new_match, turn, view
from pinochle.records import hand_record
from pinochle.tricks import beats, winner_index

from .test_review import first_hand

SAMPLES = 8
CARD = r"(?:10|[9JQKA])[♠♥♦♣]"
#: The value said where no pattern separates the card (pinochle.bots.evaluate.better_off and its hint's fallback).
VALUE = re.compile(r"on average it (?:leaves (?:your side|you) about \d+ points? better off than .+|does (?:about )?as"
                   r" well as .+|does best of the \d+ moves over the deals Hard tried)"
                   rf"|Hard plays it here by a rule, though its own values put the {CARD} about \d+ points? ahead")


def _card(text: str) -> Card:
    m = re.search(CARD, text)
    assert m, text
    return Card.parse(m.group(0))


def _unseen(v: View) -> int:
    unseen = DECKS[v.rules_set().deck].full
    for c in v.hand:
        unseen = remove(unseen, c)
    for t in v.tricks:
        for c in t.cards:
            unseen = remove(unseen, c)
    return unseen


def claim(v: View, text: str) -> tuple[bool, object]:
    """``(context, holds)``: whether the clause ``text`` is a fact of the position said of every card (``context``),
    and ``holds(card)``: whether its claim is true of a legal card of ``v``. Fails on words no claim reads."""
    assert v.trump is not None
    rules = v.rules_set()
    trump = int(v.trump)
    worth = rules.counters
    legal = set(v.legal.cards)
    players = v.seating.players
    cur = v.tricks[-1] if v.tricks and len(v.tricks[-1].cards) < players else None
    cards = list(cur.cards) if cur is not None else []
    w = cards[winner_index(cards, trump)] if cards else None
    mine = cur is not None and bool(cards) and int(cur.seat_of(winner_index(cards, trump))) in mates(v)
    last = len(cards) == players - 1
    unseen = _unseen(v)

    def key(c: Card) -> tuple[bool, int, int]:
        return (c // 6 == trump, worth[c % 6], c % 6)

    def beat(c: Card) -> bool:
        return w is not None and beats(c, w, trump)

    beaters = [c for c in legal if beat(c)]
    others = [c for c in legal if not beat(c)]
    if text == "it is your only legal card":
        return False, lambda c: len(legal) == 1
    if m := re.fullmatch(rf"every card you may play beats (?:your partner|the other defender)'s ({CARD})", text):
        assert mine and _card(m.group(1)) == w and not others, text
        return True, lambda c: True
    if re.fullmatch(rf"it takes the trick from (?:your partner|the other defender)'s {CARD} with the cheapest card"
                    " that can", text):
        assert mine and _card(text) == w and others, text
        return False, lambda c: beat(c) and key(c) == min(map(key, beaters))
    if text == "it is the cheapest of them":  # after "every card you may play beats your partner's ..."
        assert mine and not others, text
        return False, lambda c: beat(c) and key(c) == min(map(key, beaters))
    if m := re.fullmatch(rf"it is (?:the|your) cheapest card that beats the ({CARD})(?: and wins the trick| and is"
                         r" sure to win the trick)?", text):
        assert not mine and _card(m.group(1)) == w, text
        if text.endswith("wins the trick"):
            assert last, text
        if text.endswith("sure to win the trick"):
            assert all(c // 6 == trump and not unseen & ABOVE[c] for c in beaters if key(c) == min(map(key, beaters)))
        return False, lambda c: beat(c) and key(c) == min(map(key, beaters))
    if m := re.fullmatch(rf"it beats the ({CARD})( and wins the trick)?", text):
        assert not mine and _card(m.group(1)) == w and (not m.group(2) or last), text
        return False, beat
    if m := re.fullmatch(rf"(?:your partner|the other defender)'s ({CARD}) is winning", text):
        assert mine and _card(m.group(1)) == w, text
        return True, lambda c: True
    if m := re.fullmatch(r"this gives (?:your side|you) (\d+) more counters?", text):
        n = int(m.group(1))
        if mine:  # fed to the partner's trick, the most any card that leaves it the partner's can give
            return False, lambda c: not beat(c) and worth[c % 6] == n == max(worth[x % 6] for x in others)
        assert last, text
        return False, lambda c: beat(c) and worth[c % 6] + sum(worth[x % 6] for x in cards) == n
    if re.fullmatch(rf"it gives no counters to a trick (?:your partner|the other defender)'s {CARD} may yet lose", text):
        assert mine and not last, text
        return False, lambda c: not beat(c) and not worth[c % 6]
    if m := re.fullmatch(rf"it is the cheapest card you can throw on the ({CARD})|it lets the ({CARD}) win with your"
                         " cheapest card", text):
        assert not mine and _card(text) == w and (bool(beaters) == text.startswith("it lets")), text
        low = min((worth[c % 6], c // 6 == trump, c % 6) for c in others)
        return False, lambda c: not beat(c) and (worth[c % 6], c // 6 == trump, c % 6) == low
    if text in ("it gives the other side no counters", "it gives the others no counters"):
        return False, lambda c: not beat(c) and not worth[c % 6]
    # a lead
    if text in ("leading your lowest trump draws the other side's trumps", "leading your lowest trump draws the others'"
                " trumps"):
        assert not cards
        low = min(c % 6 for c in v.hand if c // 6 == trump)
        return False, lambda c: c // 6 == trump and c % 6 == low
    if m := re.fullmatch(r"nobody else can hold an? (\w+) above it", text):
        suit = SUIT_NAMES.index(m.group(1) + "s")
        return False, lambda c: c // 6 == suit and not unseen & ABOVE[c]
    if m := re.fullmatch(r"(?:your partner|the other defender) is void in (\w+) and may trump it", text):
        suit = SUIT_NAMES.index(m.group(1))
        return False, lambda c: c // 6 == suit
    if m := re.fullmatch(rf"it keeps your ({CARD}) to win a trick later", text):
        kept = _card(m.group(1))
        assert kept in legal and (not unseen & ABOVE[kept] or kept % 6 == 5), text
        return False, lambda c: c != kept
    if m := re.fullmatch(r"it is your lowest (\w+)", text):
        suit = SUIT_NAMES.index(m.group(1) + "s")
        return False, lambda c: c // 6 == suit and all(h % 6 >= c % 6 for h in v.hand if h // 6 == suit)
    if text == "it puts no counters at risk":
        return False, lambda c: not worth[c % 6]
    raise AssertionError(f"a claim no pattern makes: {text!r}")


def check(v: View, reason: str, card: Card, against: Sequence[Card]) -> int:
    """Check each claim of the card reason ``reason`` (``"Play the X: ..."``) against the position: true of ``card``,
    false of each of ``against`` (a fact of the position said of every card excepted); the number of claims
    checked."""
    head, _, rest = reason.rstrip(".").partition(": ")
    assert head == f"Play the {card.label}", reason
    rivals = [c for c in dict.fromkeys(against) if c != card]
    checked = 0
    for part in re.split(r",? and (?=on average)|, and (?=Hard plays)|, and |(?:(?<=counter)|(?<=counters)|(?<=winning)) and ", rest):
        if VALUE.fullmatch(part):
            continue
        context, holds = claim(v, part)
        assert holds(card), (reason, part)  # type: ignore[operator]
        if not context:
            for c in rivals:
                assert not holds(c), (reason, part, c.label)  # type: ignore[operator]
        checked += 1
    assert "you hold" not in reason, reason  # "you hold 5 trumps" separates no trump from another
    return checked


def _play_positions(game: str, seed: int) -> Iterator[View]:
    """Each card play with a choice in one hand of a match of Normal players, the view of the seat to play."""
    s = new_match(seed=seed, game=game)
    bot = for_level("normal", seed)
    while s.phase not in ("hand_end", "match_end"):
        seat = turn(s)
        assert seat is not None
        a = auto_action(s)
        if a is None:
            v = view(s, seat)
            if v.legal.cards and v.trump is not None and len(set(v.legal.cards)) > 1:
                yield v
            a = bot.act(v)
        s = apply(s, a)


@pytest.mark.parametrize(("game", "seed"), [("table", 1), ("table", 2), ("partnership-pass", 3), ("racehorse", 4),
                                            ("cutthroat", 5), ("auction", 6), ("double-deck", 7),
                                            ("two-handed", 1), ("two-handed", 2)])
def test_a_hints_reason_separates_its_card_from_every_other_legal_card(game: str, seed: int) -> None:
    claims = hints = 0
    for v in _play_positions(game, seed):
        e = evaluate(v, samples=SAMPLES, seed=1)
        assert isinstance(e.best.action, PlayAction)
        claims += check(v, e.reason, e.best.action.card, v.legal.cards)
        hints += 1
    assert hints >= 10 and claims >= hints // 3, (hints, claims)  # most hints give a player's reason


@pytest.mark.parametrize(("game", "seed"), [("table", 1), ("table", 3), ("partnership-pass", 2), ("cutthroat", 1),
                                            ("cutthroat", 3), ("auction", 1)])
def test_a_reviews_card_reason_separates_hards_card_from_yours(game: str, seed: int) -> None:
    """Every card decision of South (played by Easy) that differs from Hard's: the reason's claims are true of Hard's
    card and false of the card South played; at least some are a player's reason, not the value alone."""
    s = first_hand(game, seed)
    record = hand_record(s.history[0], s.game, s.rules)
    steps = list(hand_steps(record))
    differ = 0
    for d in review_hand(record, "S", SAMPLES, f"m{seed}", 1):
        if not isinstance(d.action, PlayAction) or d.action == d.best:
            continue
        assert isinstance(d.best, PlayAction)
        state, _ = steps[d.index]
        check(view(state, d.seat), d.reason, d.best.card, [d.action.card])
        differ += 1
    assert differ >= 1


def test_the_fourteenth_reviews_lead_of_the_nine_of_trump() -> None:
    """A lead of the lowest trump against the ace of trump played: drawing trumps, never "you hold 5 trumps"."""
    found = 0
    for game, seed in (("table", 1), ("table", 2), ("table", 3), ("cutthroat", 1), ("cutthroat", 2)):
        for v in _play_positions(game, seed):
            if v.tricks and len(v.tricks[-1].cards) < v.seating.players:
                continue  # a lead
            assert v.trump is not None
            trumps = sorted(c for c in set(v.legal.cards) if c // 6 == v.trump)
            voids = play_inferences(v).voids
            theirs = [x for x in range(v.seating.players) if x != int(v.seat) and x not in mates(v) and v.hand_sizes[x]]
            if len(trumps) < 2 or trumps[0] % 6 == trumps[-1] % 6 or all(voids[x] >> v.trump & 1 for x in theirs):
                continue  # no choice of trump, or no trump left to draw
            said = separating(v, trumps[0], [trumps[-1]], 1)
            assert said and said[0][0][1].startswith("leading your lowest trump draws"), (said, v.hand)
            found += 1
    assert found
