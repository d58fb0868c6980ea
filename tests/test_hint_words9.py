"""Hints whose numbers lead to their answer (issue 30, a fresh reviewer at 360x740; RULES.md, Auction and Scoring a
hand; VARIANTS.md ``racehorse``, ``cutthroat``, ``auction``, ``double-deck``).

The reviewer read "Pass: bidding 250, your side would make about 260 on average ... 250 or more in 12 of 24 deals,
and on average it leaves your side about 257 points better off than a bid of 250": the average beats the bid, yet
Pass, and nothing says where 257 comes from; "60 meld" counted the partner's expected meld while the "meld if trump"
chips showed the player's own 10. A bid or pass now says first how often the bid would be set and what a set costs
(the game's own scorer), then what the side makes on average with its meld named as whose it is (the seat's own, the
figure its chips show, then what the partner or the widow adds), and, where Hard's simulation of the auction valued
both calls and the values bear the call out, the two calls' mean outcomes (with a partner the hand's score margin,
in a widow game the settlement), so that the difference a review charges is seen to come from them. A card hint whose
card is the only legal one says just that.

The positions are the first auctions of matches of Easy players (seeds 1-4, :mod:`tests.test_hint_words8`), each hint
the server's evaluation of the decision (:func:`pinochle.bots.evaluate.evaluate_decision`, match id ``m<seed>``).
"""

from __future__ import annotations

import re

import pytest

from pinochle.bots import HardPlayer, for_level
from pinochle.bots.base import pack_cards
from pinochle.bots.evaluate import (DECISION_SAMPLES, _about, call_estimate, decision_seed, decision_view, evaluate,
                                    evaluate_decision, set_cost)
from pinochle.bots.review import review_reason, whole_points
from pinochle.cards import DECKS, SUIT_NAMES
from pinochle.game import Action, apply, auto_action, new_match, turn, view
from pinochle.meld import meld_by_trump
from pinochle.tricks import beats, winner_index

from .test_hint_words8 import auction_views, decision_at


_decision = decision_at


def test_a_save_names_itself_and_what_a_pass_comes_to() -> None:
    """The table game, seed 2, the second call: North's partner South deals and West passed: Hard opens for the
    side by its save (HardPlayer.saves), and the hint's reason says what a pass would bring about (the partner stuck
    at 250) and Hard's values of both calls, bidding ahead (tests/test_save_hint.py for every save)."""
    v, e, est = _decision("table", 2, 1)
    assert e.best.action.type == "bid" and e.best.action.bid == 250
    assert e.reason == ("Bid 250: if you pass and the next opponent passes too, your partner, the dealer, is stuck at"
                        " 250, and on average your side would end the hand 130 behind the other side if you bid, 190"
                        " behind if you pass.")
    assert len(e.reason) <= 240


def test_the_reviewers_pass_says_how_often_it_is_set_what_that_costs_and_what_each_call_comes_to(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The table game, seed 2, the second call, with Hard's save off (as when the reviewer played): the side would
    make 270 on average, over the bid of 250, and the hint is Pass. Its reason now leads with the 9 deals of 24 set at 250 each, and ends with the two calls' values:
    the hand 130 behind the other side bidding, 120 ahead passing (Hard's own values, -134.6 and +115.8: the 250 a
    review charges a bid)."""
    monkeypatch.setattr(HardPlayer, "saves", False)
    v, e, est = _decision("table", 2, 1)
    assert e.best.action.type == "pass"
    points = {o.action.type: o.points for o in e.options}
    bid, passed = points["bid"], points["pass"]
    assert bid is not None and passed is not None and passed > bid
    own = meld_by_trump(pack_cards(v.hand, DECKS[v.rules_set().deck]), v.rules_set())[est.trumps[0]]
    m, c = _about(est.meld, v), _about(est.counters, v)
    set_deals = est.deals - round(est.made * est.deals)
    assert (set_deals, est.deals, own, m, c) == (9, 24, 90, 120, 150)
    assert e.reason == (f"Pass: bidding 250, your side would be set in 9 of 24 deals (a set costs 250) and on average make"
                        f" 270 (your 90 meld in {SUIT_NAMES[est.trumps[0]]}, 30 from your partner, 150 counters) and end the"
                        f" hand {_about(-bid, v)} behind the other side ({_about(passed, v)} ahead if you pass).")
    assert (_about(-bid, v), _about(passed, v)) == (130, 120)
    # the review of a bid there: the same words, and the loss it charges is the two values' difference
    said = review_reason(e, Action.bid_(v.seat, 250), passed - bid, "your side")
    assert said.startswith(e.reason[:-1] + ", and on average it leaves your side about 250 points better off")
    assert whole_points(passed - bid) == 250


def test_the_meld_is_named_as_whose_it_is() -> None:
    """The seat's own meld in the estimate's trump is the figure its "meld if trump" chips show; the rest is the
    partner's, and the two add up to the side's meld the estimate counts."""
    for game, seed, index in [("table", 1, 0), ("table", 4, 2), ("partnership-pass", 2, 1), ("racehorse", 2, 1)]:
        v, e, est = _decision(game, seed, index)
        rules = v.rules_set()
        suit = est.trumps[0]
        own = meld_by_trump(pack_cards(v.hand, DECKS[rules.deck]), rules)[suit]
        m = _about(est.meld, v)
        mine = "none of your own" if own == 0 else f"your {own} meld"
        assert f"({mine} in {SUIT_NAMES[suit]}, {m - own} from your partner, " in e.reason, e.reason
        assert f"{m} meld" not in e.reason, e.reason  # never the side's meld as if it were the seat's


@pytest.mark.parametrize("game,seed,cost", [
    ("table", 1, "a set costs 250"),
    ("partnership-pass", 1, "a set costs 250"),
    ("racehorse", 1, "a set gives the other side 250"),  # the other side scores every counter's 250 more
    ("cutthroat", 1, "a set pays each opponent 2, 1 if conceded, a make wins 1 from each"),  # conceding pays single
])
def test_a_set_costs_what_the_games_scorer_says(game: str, seed: int, cost: str) -> None:
    """Every pass or bid hint of the first auction that may be set names the set's cost from the game's own scorer."""
    said = 0
    for index, v in auction_views(game, seed):
        e = evaluate_decision(v, f"m{seed}", 1, index)
        if " would be set in " in e.reason and " in none of " not in e.reason:
            assert f"({cost})" in e.reason, e.reason
            said += 1
    assert said >= 2


def test_auction_stakes_in_spades_are_named() -> None:
    """Auction's stakes double in spades (VARIANTS.md ``auction``): a set's cost names the lower stake and the
    double, never one stake for every trump."""
    v = view(new_match(seed=1, game="auction"), 1)
    assert set_cost(v, 250, [1]) == "a set pays each opponent 10, 5 if conceded, a make wins 5 from each"
    assert set_cost(v, 250, [0, 1]) == "a set pays each opponent 10, 5 if conceded, a make wins 5 from each (twice in spades)"


@pytest.mark.parametrize("game", ["table", "partnership-pass", "racehorse", "cutthroat", "britannica"])
def test_a_pass_follows_from_its_numbers(game: str) -> None:
    """Each pass hinted in four first auctions that names the estimate gives a number that leads to Pass: short of
    the bid on average, set in at least 40% of the deals, or the two calls' values with passing ahead."""
    passes = 0
    for seed in range(1, 5):
        for index, v in auction_views(game, seed):
            e = evaluate_decision(v, f"m{seed}", 1, index)
            if e.best.action.type != "pass" or "bidding " not in e.reason:
                continue
            passes += 1
            r = e.reason
            made = re.search(r"set in (\d+ of|all|none of) (\d+) deals", r)
            total = re.search(r"on average make (\d+) ", r)
            low = v.legal.min_bid
            assert made and total and low is not None, r
            said = made.group(1)
            k = int(made.group(2)) if said == "all" else 0 if said == "none of" else int(said.split()[0])
            values = re.search(r"and (end the hand (\d+) (ahead of|behind|level with)|(win|lose) (\d+\.\d) on the settlement)", r)
            if values and values.group(2):
                bid_margin = int(values.group(2)) * (1 if values.group(3) == "ahead of" else -1)
                after = re.search(r"\((\d+) (ahead|behind) if you pass\)|\(level if you pass\)", r)
                assert after, r
                pass_margin = int(after.group(1) or 0) * (1 if after.group(2) == "ahead" else -1)
                assert pass_margin >= bid_margin, r
            elif values:
                assert values.group(4) == "lose" or values.group(5) == "0.0", r
            else:
                assert int(total.group(1)) < low or k / int(made.group(2)) >= 0.4, r
    assert passes >= 3, passes


def test_double_deck_never_says_a_hand_short_of_the_bid_is_worth_it() -> None:
    """Double-deck's calls compare Normal's valuation with the bid: the worth is said in whole points rounded down,
    so a pass never reads "worth about 58 ..., short of 58" (seed 4, a hand worth 57.6 against 58), and with its parts
    named, the seat's own meld first."""
    seen = 0
    for seed in range(1, 5):
        for index, v in auction_views("double-deck", seed):
            e = evaluate_decision(v, f"m{seed}", 1, index)
            m = re.search(r"worth about (\d+) as declarer(?: \([^)]*\))?, (short of|enough for) (\d+)", e.reason)
            if not m:
                continue
            seen += 1
            worth, low = int(m.group(1)), int(m.group(3))
            assert (worth < low) == (m.group(2) == "short of"), e.reason
            # its parts, adding up: the seat's own meld (its "meld if trump" figure), counters, the partner's, a cushion
            parts = re.search(r"as declarer \((your (\d+) meld|none of your own) in (\w+), (\d+) counters, (\d+) from your "
                              r"partner, less (\d+)\)", e.reason)
            assert parts, e.reason
            own = int(parts.group(2) or 0)
            rules = v.rules_set()
            assert own == meld_by_trump(pack_cards(v.hand, DECKS[rules.deck]), rules)[SUIT_NAMES.index(parts.group(3))]
            assert own + int(parts.group(4)) + int(parts.group(5)) - int(parts.group(6)) == worth, e.reason
    assert seen >= 20


def _play_positions(game: str, seed: int):  # type: ignore[no-untyped-def]
    """Each card play of one hand of a match of Normal players, the view of the seat to play."""
    s = new_match(seed=seed, game=game)
    bot = for_level("normal", seed)
    while s.phase not in ("hand_end", "match_end"):
        seat = turn(s)
        assert seat is not None
        a = auto_action(s)
        if a is None:
            v = view(s, seat)
            if v.legal.cards and v.trump is not None:
                yield v
            a = bot.act(v)
        s = apply(s, a)


def test_an_only_legal_card_needs_no_second_reason() -> None:
    """"Play the Q♠: it is your only legal card, and you cannot beat the A♠" read as if the seat had chosen it:
    an only legal card is hinted with that alone."""
    only = 0
    for v in _play_positions("table", 1):
        if len(v.legal.cards) != 1:
            continue
        e = evaluate(v, samples=8, seed=1)
        assert e.reason == f"Play the {v.legal.cards[0].label}: it is your only legal card.", e.reason
        only += 1
    assert only >= 5


@pytest.mark.parametrize("game,seed", [("table", 1), ("partnership-pass", 3)])
def test_a_card_that_takes_the_partners_trick_never_says_the_partner_is_winning(game: str, seed: int) -> None:
    """A card that beats the partner's winning card takes the trick from it (forced when every legal card does, as a
    void that must trump): never "your partner's A♦ is winning". A card nobody else can beat in its suit is never
    led for the partner's void (the partner's trump would be wasted on it)."""
    checked = 0
    for v in _play_positions(game, seed):
        e = evaluate(v, samples=8, seed=1)
        r = e.reason
        assert not ("nobody else can hold" in r and " is void in " in r), r
        trick = v.tricks[-1] if v.tricks and len(v.tricks[-1].cards) < v.seating.players else None
        card = getattr(e.best.action, "card", None)
        if trick is None or not trick.cards or card is None or v.trump is None or len(v.legal.cards) == 1:
            continue
        at = winner_index(trick.cards, int(v.trump))
        if int(trick.seat_of(at)) == int(v.seat.partner) and beats(card, trick.cards[at], int(v.trump)):
            checked += 1
            assert "is winning" not in r, r
            forced = all(beats(c, trick.cards[at], int(v.trump)) for c in v.legal.cards)
            assert ("every card you may play beats your partner's" if forced else "it takes the trick from your partner's") in r, r
    assert checked >= 1


def test_a_runs_worth_and_its_estimate_name_one_trump() -> None:
    """Racehorse, seed 1, the fourth call: a bid by the rule of a run's worth read "your meld with diamonds as trump
    is 170, a run's worth" beside an estimate declaring in hearts (160, also a run's worth). Where the estimate's
    trump melds a run's worth, the rule names it: one trump in the reason."""
    v, e, est = _decision("racehorse", 1, 3)
    suit = SUIT_NAMES[est.trumps[0]]
    own = meld_by_trump(pack_cards(v.hand, DECKS[v.rules_set().deck]), v.rules_set())[est.trumps[0]]
    assert (suit, own) == ("hearts", 160)
    assert e.reason.startswith("Bid 250: your meld with hearts as trump is 160, a run's worth, and your side would"), e.reason
    assert "(your 160 meld in hearts, " in e.reason and "diamonds" not in e.reason, e.reason
