"""A trump's reason in a player's words (pinochle.bots.evaluate.trump_choice_facts): Hard's suit set against
another, each by its length, its aces and tens and the meld with it as trump, every claim true of the hand (the
fifteenth review: "your meld with hearts as trump is 0, and your choice of spades is not measured: Hard plays the
hand out only with the trumps it weighs"); the hint's against the next best suit, the review's against the suit
named instead, which Hard now plays out on the same deals without changing its own choice or values."""

from __future__ import annotations

import re

from pinochle.bots import SimplePlayer
from pinochle.bots.base import pack_cards
from pinochle.bots.evaluate import evaluate_decision
from pinochle.bots.review import hand_steps, review_hand
from pinochle.cards import DECKS, SUIT_NAMES
from pinochle.game import Action, State, View, apply, new_match, turn, view
from pinochle.meld import meld_by_trump

from .test_review_losses import played

SAMPLES = 24
SUIT = re.compile(r"(?:(spades|hearts|diamonds|clubs): )?(\d+) trumps? with (.+?), meld (\d+)")


def check_suit_words(v: View, text: str, first: int) -> list[int]:
    """Assert that every suit's words in ``text`` (a trump_suit fact) are true of ``v``'s hand: its length, its aces
    and tens, its meld with it as trump; the first unnamed is ``first``. Returns the suits, in order."""
    rules = v.rules_set()
    deck = DECKS[rules.deck]
    by_suit = meld_by_trump(pack_cards(v.hand, deck), rules)
    suits = []
    parts = text.split("; ")
    for i, part in enumerate(parts):
        m = SUIT.fullmatch(part)
        assert m, part
        assert (m.group(1) is None) == (i == 0), text  # the move names its own suit; the others are named
        suit = first if i == 0 else SUIT_NAMES.index(m.group(1))
        cards = [c for c in v.hand if c // 6 == suit]
        assert int(m.group(2)) == len(cards), text
        assert int(m.group(4)) == by_suit[suit], text
        sign = "♠♥♦♣"[suit]
        aces, tens = (sum(1 for c in cards if c % 6 == r) for r in (5, 4))
        if m.group(3) == f"no A{sign} or 10{sign}":
            assert aces == tens == 0, text
        else:
            said = {"A": 0, "10": 0}
            for high in m.group(3).split(" and "):
                k, name = high.split(" ")
                said[name[:-1]] = {"an": 1, "a": 1, "both": 2}.get(k) or int(k)
                assert name[-1] == sign, text
            assert (said["A"], said["10"]) == (aces, tens), text
        suits.append(suit)
    return suits


def weakest_trump(v: View) -> Action | None:
    """South bids the lowest bid whenever it may and names its shortest suit trump (the lowest of equals)."""
    if v.legal.min_bid is not None:
        return Action.bid_(v.seat, v.legal.min_bid)
    if v.legal.trumps and len(v.legal.trumps) > 1:
        return Action.trump_(v.seat, min(v.legal.trumps, key=lambda t: (sum(1 for c in v.hand if c // 6 == t), t)))
    return None


def test_the_review_sets_hards_trump_against_yours_and_measures_it() -> None:
    """Table and partnership-pass: South names its shortest suit; the review's reason sets Hard's suit against
    South's, every claim true of the hand, with a figure (never "not measured", "weighs")."""
    seen = 0
    for game in ("table", "partnership-pass"):
        for seed in (1, 2, 3):
            record = played(game, seed, weakest_trump)
            steps = list(hand_steps(record))
            for d in review_hand(record, "S", SAMPLES):
                if d.action.type != "trump" or d.action == d.best:
                    continue
                seen += 1
                v = view(steps[d.index][0], d.seat)
                head = f"Name {SUIT_NAMES[d.best.suit]} trump: "  # type: ignore[attr-defined]
                assert d.reason.startswith(head), d.reason
                facts = d.reason[len(head):].split(", and ")[0]
                assert check_suit_words(v, facts, d.best.suit) == [d.best.suit, d.action.suit], d.reason  # type: ignore[attr-defined]
                assert d.loss is not None, d.reason
                assert "measured" not in d.reason and "weighs" not in d.reason, d.reason
    assert seen >= 3


def _trump_views(game: str, seeds: range) -> list[View]:
    out = []
    for seed in seeds:
        s: State = new_match(seed=seed, game=game)
        bot = SimplePlayer(seed)
        while s.phase not in ("trump", "match_end") and not s.history:
            who = turn(s)
            assert who is not None
            v = view(s, who)
            s = apply(s, Action.deal_(who) if v.legal.deal else bot.act(v))
        who = turn(s)
        if s.phase == "trump" and who is not None and len(view(s, who).legal.trumps) > 1:
            out.append(view(s, who))
    return out


def test_the_trump_hint_sets_hards_suit_against_the_next_best() -> None:
    """The hint to name trump: Hard's suit against the next best valued suit (never "you hold 4 clubs" alone),
    every claim true of the hand; playing out another suit too never changes Hard's suit or its values."""
    views = _trump_views("table", range(1, 9)) + _trump_views("partnership-pass", range(1, 5))
    assert len(views) >= 6
    for v in views:
        e = evaluate_decision(v, "m", 1, 5, SAMPLES)
        best = e.best.action
        fact = e.best.facts[0]
        assert fact.kind == "trump_suit", e.reason
        suits = check_suit_words(v, fact.text, best.suit)  # type: ignore[attr-defined]
        valued = [o for o in e.options[1:] if o.points is not None]
        # against the next best valued suit; where Hard plays out its suit alone, the other suit with the most meld
        # (then cards)
        rules = v.rules_set()
        by_suit = meld_by_trump(pack_cards(v.hand, DECKS[rules.deck]), rules)
        others = [int(t) for t in v.legal.trumps if int(t) != best.suit]  # type: ignore[attr-defined]
        runner = (max(valued, key=lambda o: o.points or 0.0).action.suit if valued  # type: ignore[attr-defined]
                  else min(others, key=lambda t: (-by_suit[t], -sum(1 for c in v.hand if c // 6 == t), t)))
        assert suits == [best.suit, runner], e.reason  # type: ignore[attr-defined]
        assert "you hold" not in e.reason, e.reason
        other = next(t for t in range(4) if t not in {int(o.action.suit) for o in e.options})  # type: ignore[attr-defined]
        more = evaluate_decision(v, "m", 1, 5, SAMPLES, also=(Action.trump_(v.seat, other),))
        assert more.best.action == best
        assert {o.action: o.points for o in e.options} == {o.action: o.points for o in more.options if o.action.suit != other}  # type: ignore[attr-defined]
        assert more.option_for(Action.trump_(v.seat, other)) is not None
