"""The Normal computer player: legal, and free of the complaints players make of partner bots."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

import pytest

from pinochle.bots import HardPlayer, NormalPlayer, for_level
from pinochle.bots.simple import SimplePlayer
from pinochle.bots.normal import choose_trump, suit_lengths
from pinochle.cards import CARDS, Card, Seat, Suit, parse_cards
from pinochle.game import Action, State, View, apply, auto_action, new_match, turn, view
from pinochle.tricks import winner_index


def decisions(seeds: range, level: str = "normal") -> Iterator[tuple[State, View, Action]]:
    """Every decision of four computer players over whole hands, with the move made."""
    for seed in seeds:
        if level == "hard":
            players = {s: HardPlayer(f"{seed}/{s}", samples=12) for s in Seat}
        else:
            players = {s: for_level(level, f"{seed}/{s}") for s in Seat}
        state = new_match(seed=f"normal-{seed}")
        while state.phase not in ("hand_end", "match_end"):
            seat = turn(state)
            assert seat is not None
            if state.phase == "meld":
                state = apply(state, Action.meld_(seat))
                continue
            v = view(state, seat)
            action = players[seat].act(v)
            yield state, v, action
            state = apply(state, action)  # raises if the move were illegal


def test_normal_plays_only_legal_moves_through_whole_hands() -> None:
    n = sum(1 for _ in decisions(range(40)))
    assert n > 40 * 50


@settings(max_examples=300, deadline=None)
@given(st.permutations([c for c in range(24) for _ in range(2)]))
def test_trump_is_never_a_suit_of_fewer_than_four_when_a_longer_one_is_held(deck: list[int]) -> None:
    hand = [CARDS[c] for c in deck[:12]]
    suit, _ = choose_trump(hand)
    lengths = suit_lengths(hand)
    if max(lengths) >= 4:
        assert lengths[suit] >= 4, (hand, suit)


def test_trump_prefers_length_over_a_short_marriage() -> None:
    hand = parse_cards("KS QS 9H JH TH AH KD QD JD 9D AC TC")
    assert choose_trump(hand)[0] != Suit.S  # two spades: never trump


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_partner_with_a_double_marriage_keeps_bidding_after_the_opponents_pass(level: str) -> None:
    """The complaint: the partner bot passes with a double marriage because the opponents passed.
    (Easy passed it, found by a review of the computer players' bidding.)"""
    found = 0
    for seed in range(300):
        state = new_match(seed=f"dm-{seed}", first_dealer=Seat.W)  # N calls first, then E, S, W
        south = [c for c in view(state, Seat.S).hand]
        suits = [s for s in range(4) if sum(1 for c in south if c == s * 6 + 3) == 2
                 and sum(1 for c in south if c == s * 6 + 2) == 2]
        if not suits:
            continue
        state = apply(state, Action.bid_(Seat.N, 250))  # the partner opens
        state = apply(state, Action.pass_(Seat.E))  # an opponent passes
        player = {"easy": SimplePlayer, "normal": NormalPlayer, "hard": HardPlayer}[level](seed)
        action = player.act(view(state, Seat.S))
        assert action.type == "bid", (seed, [str(c) for c in south])
        found += 1
    assert found >= 3, "the sweep found too few double marriages to test"


@pytest.mark.parametrize(("level", "hands"), [("normal", 60), ("hard", 8)])
def test_a_counter_goes_to_a_partner_whose_card_cannot_be_beaten(level: str, hands: int) -> None:
    checked = 0
    for state, v, action in decisions(range(hands), level):
        trick = v.tricks[-1] if v.tricks and len(v.tricks[-1].cards) < 4 else None
        if trick is None or len(trick.cards) != 3 or v.trump is None:
            continue
        at = winner_index(trick.cards, v.trump)
        if trick.seat_of(at) != Seat(v.seat).partner:
            continue
        cards = v.legal.cards
        winning = trick.cards[at]
        from pinochle.tricks import beats

        if any(beats(c, winning, v.trump) for c in cards):
            continue  # must beat: no choice to feed
        counters = [c for c in cards if c % 6 >= 3 and c // 6 != v.trump]
        if counters:
            checked += 1
            assert action.card is not None and action.card % 6 >= 3, (
                [str(c) for c in trick.cards], [str(c) for c in cards], str(action.card))
    assert checked >= hands // 3


@pytest.mark.parametrize(("level", "hands"), [("normal", 80), ("hard", 30)])
def test_no_trump_ace_is_led_for_nothing(level: str, hands: int) -> None:
    """Never lead the trump ace as a defender while the opponents still hold trump, before the
    last two tricks (from 8 cards left both levels search exactly, and there the lead can catch
    a ten: test_normal_plays_the_last_two_tricks_exactly, test_hard_bot.py)."""
    checked = 0
    for state, v, action in decisions(range(hands), level):
        if v.phase != "play" or v.trump is None or (v.tricks and len(v.tricks[-1].cards) < 4):
            continue
        if sum(v.hand_sizes) <= 8:
            continue
        if v.declarer is None or v.declarer % 2 == v.seat % 2:
            continue  # the declaring side may draw trump
        ace = Card(v.trump * 6 + 5)
        if ace not in v.legal.cards or len(v.legal.cards) == 1:
            continue
        opponents_trump = sum(1 for s in (v.declarer, Seat(v.declarer).partner)
                              for c in state_cards(state, s) if c // 6 == v.trump)
        if opponents_trump:
            checked += 1
            assert action.card != ace
    assert checked >= 2


def state_cards(state: State, seat: int) -> list[Card]:
    """The cards ``seat`` holds (the test may look; the player may not)."""
    from pinochle.cards import unpack

    return unpack(state.hands[seat])


def _table_after(calls: list[int | None], hands: dict[Seat, str], game: str = "table", seed: int = 0) -> State:
    """A match of ``game`` dealt by W (N calls first) with ``hands`` fixed, the other cards
    shuffled from ``seed``, after ``calls`` from N (``None`` a pass)."""
    import random

    from pinochle.cards import pack

    rest = [int(c) for c in CARDS for _ in range(2)]
    for h in hands.values():
        for c in parse_cards(h):
            rest.remove(int(c))
    random.Random(seed).shuffle(rest)
    deal = []
    for s in Seat:
        if s in hands:
            deal.append(pack(parse_cards(hands[s])))
        else:
            deal.append(pack(rest[:12]))
            rest = rest[12:]
    state = new_match(seed=seed, first_dealer=Seat.W, deals=[deal], game=game)
    for c in calls:
        seat = turn(state)
        assert seat is not None
        state = apply(state, Action.pass_(seat) if c is None else Action.bid_(seat, c))
    return state


DOUBLE_MARRIAGE = "KH KH QH QH AH 9H AS TS JD QC 9C 9D"
RUN = "AH TH KH QH JH 9H AS KS QC JC 9D 9C"
ACES = "AS AH AD AC TS KS QS 9S KH 9H JD 9C"


@pytest.mark.parametrize("seed", range(3))
def test_normal_sticks_an_opposing_dealer_unless_it_names_its_own_trump(seed: int) -> None:
    """RULES.md, Deal and auction 3: when the first three pass, the dealer (here W) is stuck at
    250, and the defenders keep their meld. N (first seat) and S (third seat, after N and E
    passed) pass aces around, and open to name trump with a run, and open a double marriage
    (never passed: the complaint players make of partner bots). docs/strength.md."""
    for calls, seat in (([], Seat.N), ([None, None], Seat.S)):
        v = view(_table_after(calls, {seat: ACES}, seed=seed), seat)
        assert NormalPlayer(seed).act(v).type == "pass", seat
        for hand in (RUN, DOUBLE_MARRIAGE):
            v = view(_table_after(calls, {seat: hand}, seed=seed), seat)
            assert NormalPlayer(seed).act(v) == Action.bid_(seat, 250), (seat, hand)


@pytest.mark.parametrize("seed", range(2))
def test_hard_opens_a_double_marriage_against_a_dealer_who_would_be_stuck(seed: int) -> None:
    """The bidding review saw Hard pass a double marriage in first seat (seeds 1 and 2)."""
    for calls, seat in (([], Seat.N), ([None, None], Seat.S)):
        v = view(_table_after(calls, {seat: DOUBLE_MARRIAGE}, seed=seed), seat)
        assert HardPlayer(seed, samples=12).act(v) == Action.bid_(seat, 250), seat


@pytest.mark.parametrize("seed", range(3))
def test_the_dealers_partner_and_a_player_after_a_bid_still_bid_a_double_marriage(seed: int) -> None:
    """The pass is only for an opposing dealer before any bid: E (the dealer's partner), and S
    after E's opening bid, value the hand as before."""
    v = view(_table_after([None], {Seat.E: DOUBLE_MARRIAGE}, seed=seed), Seat.E)
    assert NormalPlayer(seed).act(v) == Action.bid_(Seat.E, 250)
    v = view(_table_after([None, 250], {Seat.S: DOUBLE_MARRIAGE}, seed=seed), Seat.S)
    assert NormalPlayer(seed).act(v) == Action.bid_(Seat.S, 260)


POOR = "9S 9S JS 9H JH QH 9D JD QD 9C JC KC"


@pytest.mark.parametrize("seed", range(3))
def test_the_dealers_partner_saves_the_dealer_whatever_its_hand(seed: int) -> None:
    """RULES.md, Deal and auction 3: W deals; after N passes, E (the dealer's partner) opens at 250
    even with nothing (no meld beyond a marriage, no ace), so that W is not stuck (the "save":
    ``partners.saves_the_dealer``; docs/strength.md, "The table's auction: stuck dealers"). After an
    opening bid, or where cards are passed (VARIANTS.md ``partnership-pass``), it values the same
    hand as before and passes."""
    from pinochle.bots.partners import saves_the_dealer

    v = view(_table_after([None], {Seat.E: POOR}, seed=seed), Seat.E)
    assert saves_the_dealer(v)
    assert NormalPlayer(seed).act(v) == Action.bid_(Seat.E, 250)
    v = view(_table_after([250], {Seat.E: POOR}, seed=seed), Seat.E)
    assert not saves_the_dealer(v) and NormalPlayer(seed).act(v).type == "pass"
    v = view(_table_after([None], {Seat.E: POOR}, game="partnership-pass", seed=seed), Seat.E)
    assert not saves_the_dealer(v) and NormalPlayer(seed).act(v).type == "pass"
    for calls, seat in (([], Seat.N), ([None, None], Seat.S)):  # the dealer's opponents: no save
        assert not saves_the_dealer(view(_table_after(calls, {seat: POOR}, seed=seed), seat))


@pytest.mark.parametrize("seed", range(3))
def test_the_auction_candidates_switches_do_what_they_say(seed: int) -> None:
    """The switches the arena's candidates of docs/strength.md ("The save at the table") set, off in
    Normal: the save only with a value (``save_value``), the dealer over its partner's save with meld or
    value (``dealer_over_save_meld``, ``dealer_over_save_value``), a real hand over an opponent's save
    (``compete_meld``). W deals; N passes; E saves; S passes: W holds aces around and a spade marriage
    (190 meld in spades with its pinochle, value 405), which Normal without the value switch passes over
    the save (no run, no long suit); Normal bids it (``dealer_over_save_value`` 300, on)."""
    from pinochle.bots.partners import partners_save_stands

    def with_(**attrs: object) -> NormalPlayer:
        return type("Candidate", (NormalPlayer,), dict(attrs))(seed)  # type: ignore[no-any-return]

    v = view(_table_after([None, 250, None], {Seat.W: ACES}, seed=seed), Seat.W)
    assert partners_save_stands(v)
    assert with_(dealer_over_save_value=None).act(v).type == "pass"
    assert NormalPlayer(seed).act(v) == Action.bid_(Seat.W, 260)
    for attrs in ({"dealer_over_save_meld": 100, "dealer_over_save_value": None}, {"dealer_over_save_value": 300}):
        assert with_(**attrs).act(v) == Action.bid_(Seat.W, 260), attrs
    assert with_(dealer_over_save_meld=200, dealer_over_save_value=410).act(v).type == "pass"
    v = view(_table_after([None], {Seat.E: POOR}, seed=seed), Seat.E)  # POOR: value 210
    assert NormalPlayer(seed).act(v) == with_(save_value=210).act(v) == Action.bid_(Seat.E, 250)
    assert with_(save_value=230).act(v).type == "pass"  # W is left stuck
    v = view(_table_after([None, 250], {Seat.S: ACES}, seed=seed), Seat.S)  # S over E's save
    assert not partners_save_stands(v)
    assert with_(compete_meld=100)._competes(v) and not with_(compete_meld=200)._competes(v)
    assert not NormalPlayer(seed)._competes(v)


@pytest.mark.parametrize("seed", range(3))
def test_the_dealer_bids_over_its_partners_save_with_a_value_of_300(seed: int) -> None:
    """The dealer answers its partner's save with a bid of its own when its hand is worth 300 or more
    (``NormalPlayer.dealer_over_save_value``; docs/strength.md, "The save at the table": -0.7 (-2.2 to
    +0.7) a hand over 2,000 duplicate deals seed 32, contracts over 250 from 21% to 28%), so that a
    player sees bidding, and names its own trump. W deals; N passes; E saves; S passes. Holding
    ``AS TS KS QS 9S 9S AH 9H JD 9C 9D KD`` (value 310, 100 meld in spades) W bids 260; holding
    ``AS AH AD 9D TS KS QS 9S KH 9H JD 9C`` (value 295, 90 meld) it passes and E plays the save; an
    opponent's opening is no save (S, after E's 250 with W passing first, is not asked as the dealer)."""
    from pinochle.bots.partners import partners_save_stands

    worth_310, worth_295 = "AS TS KS QS 9S 9S AH 9H JD 9C 9D KD", "AS AH AD 9D TS KS QS 9S KH 9H JD 9C"
    assert choose_trump(parse_cards(worth_310))[1] == 310 and choose_trump(parse_cards(worth_295))[1] == 295
    v = view(_table_after([None, 250, None], {Seat.W: worth_310}, seed=seed), Seat.W)
    assert partners_save_stands(v) and NormalPlayer(seed).act(v) == Action.bid_(Seat.W, 260)
    v = view(_table_after([None, 250, None], {Seat.W: worth_295}, seed=seed), Seat.W)
    assert partners_save_stands(v) and NormalPlayer(seed).act(v).type == "pass"
    v = view(_table_after([250, None, None], {Seat.W: worth_310}, seed=seed), Seat.W)  # N's opening: no save
    assert not partners_save_stands(v)


@pytest.mark.parametrize("seed", range(3))
def test_with_a_card_pass_normal_opens_a_double_marriage(seed: int) -> None:
    """VARIANTS.md ``partnership-pass``: the declarer's side gains the pass of four cards, so
    there is no sticking the dealer (passing so measured -31.4 a hand there)."""
    v = view(_table_after([], {Seat.N: DOUBLE_MARRIAGE}, game="partnership-pass", seed=seed), Seat.N)
    assert NormalPlayer(seed).act(v).type == "bid"


@pytest.mark.parametrize("seed", range(1, 4))
def test_britannica_bids_keep_a_cushion_below_the_value(seed: int) -> None:
    """VARIANTS.md ``britannica`` (no duty to beat): the bidding review's state, S holding
    AS JS TH 9H AD TD TD QD JD JD AC KC (valued at 23 in the ones scale) after bids of 10 to 23.
    Normal bid 24 and made it 22% of the time; it now stops 4 points (40 table points,
    ``BID_CUSHION_NO_BEAT``) below the value: it passes at 24 and still bids at 16."""
    from pinochle.bots.normal import BID_CUSHION_NO_BEAT

    assert BID_CUSHION_NO_BEAT == 40
    for top, call in ((23, "pass"), (15, "bid")):
        state = new_match(seed="c10", game="britannica")
        for b in range(10, top + 1):
            seat = turn(state)
            assert seat is not None
            state = apply(state, Action.bid_(seat, b))
        v = view(state, Seat.S)
        assert turn(state) == Seat.S and [str(c) for c in v.hand] == "AS JS TH 9H AD TD TD QD JD JD AC KC".split()
        assert NormalPlayer(seed).act(v).type == call, top


def _reach(seed: int, version: int, players: dict[Seat, object]) -> View:
    """The view of the seat to act once ``new_match(seed)`` reaches ``version``, played by ``players``
    with the auction the positions were found with: the dealer's partner not yet saving the dealer
    (``partners.saves_the_dealer``; the positions test card play)."""
    from unittest import mock

    from pinochle.bots import normal

    state = new_match(seed=seed)
    with mock.patch.object(normal, "saves_the_dealer", lambda v: False):
        while state.version < version:
            seat = turn(state)
            assert seat is not None
            action = auto_action(state) or players[seat].act(view(state, seat))  # type: ignore[attr-defined]
            state = apply(state, action)
    seat = turn(state)
    assert seat is not None
    return view(state, seat)


@pytest.mark.parametrize(("seed", "version", "hand", "old", "new"), [
    # S declared 250 in hearts and leads to trick 11: the 9 lets W's ten win and N must throw a
    # king on it, set by 250; cashing the ace first makes the contract
    (10205, 48, ["AH", "9H"], "9H", "AH"),
    # W leads QH, N throws a club, and S, last, is known from its meld to hold the other QH, which
    # cannot beat it: W's queen wins, so E feeds the ten now rather than lose it at the last trick
    (11991, 52, ["TD", "JD"], "JD", "TD"),
])
def test_normal_plays_the_last_two_tricks_exactly(seed: int, version: int, hand: list[str], old: str,
                                                  new: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """At trick 11 Normal kept a counter for the last trick
    or did not cash the trump ace, 20 times in 100 hands at 21.6 points a time. From 8 cards left
    in the four hands it now searches the deals of the unseen cards exactly."""
    from pinochle.bots import normal

    heuristic = NormalPlayer(0, endgame=0)  # the old play (melds not read), which reached these states
    monkeypatch.setattr(normal.Table, "use_melds", False)
    v = _reach(seed, version, {s: heuristic for s in Seat})
    assert [str(c) for c in v.hand] == hand
    assert str(heuristic.act(v).card) == old
    monkeypatch.setattr(normal.Table, "use_melds", True)
    for s in range(3):
        assert str(NormalPlayer(s).act(v).card) == new


@pytest.mark.parametrize(("seed", "version", "old", "new"), [
    # E leads AS, S plays KS; N, still to play, showed QS KS in its meld, so it must follow and
    # cannot trump: W, void and made to trump, wins with its jack, not its ace
    (10017, 30, "AD", "JD"),
    # E leads AD, S plays QD; N showed QD KD in its meld, so E's ace is sure to win: W feeds its king
    (10254, 32, "9C", "KC"),
])
def test_normal_counts_the_cards_shown_in_the_melds(seed: int, version: int, old: str, new: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Normal took a suit with two or fewer unseen cards
    to be possibly void anywhere, even at a seat that had shown a card of it in its meld
    (RULES.md, Meld: the meld review shows the cards that score)."""
    from pinochle.bots import normal

    monkeypatch.setattr(normal.Table, "use_melds", False)
    v = _reach(seed, version, {s: NormalPlayer(0) for s in Seat})  # the old play reached these states
    assert v.seat == Seat.W
    assert str(NormalPlayer(0).act(v).card) == old
    monkeypatch.setattr(normal.Table, "use_melds", True)
    assert str(NormalPlayer(0).act(v).card) == new


@pytest.mark.parametrize(("seed", "version", "hand", "old", "new", "cap"), [
    # spades trump, W leads JC and N trumps with 9S; E, void in clubs, must overtrump. S, still
    # to play, followed a spade lead earlier without beating a king, so holds no spade above the
    # king: the ten is sure to win, and E keeps its ace
    (12, 43, ["AS", "TS", "JH", "TD"], "AS", "TS", (Seat.S, Suit.S, 3)),
])
def test_normal_reads_a_follow_that_did_not_beat(seed: int, version: int, hand: list[str], old: str, new: str,
                                                 cap: tuple[Seat, Suit, int],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Normal ignored what a seat shows by
    following without beating. Where one must beat (RULES.md, Play 1-2), a seat that followed a
    suit without beating the winning card of that suit holds none of it above that card
    (:func:`pinochle.bots.knowledge.play_inferences`), so a lower card can be sure to win."""
    from pinochle.bots import normal

    monkeypatch.setattr(normal.Table, "use_caps", False)
    v = _reach(seed, version, {s: NormalPlayer(0) for s in Seat})  # the old play reached this state
    assert [str(c) for c in v.hand] == hand
    assert str(NormalPlayer(0).act(v).card) == old
    monkeypatch.setattr(normal.Table, "use_caps", True)
    seat, suit, rank = cap
    assert normal.Table(v).caps[seat][suit] == rank
    assert str(NormalPlayer(0).act(v).card) == new


def test_normal_infers_no_void_in_trump_where_one_need_not_trump() -> None:
    """Where a seat void in the led suit need not trump (the ``must_trump`` switch off; RULES.md,
    Play 2 makes it a duty at the table), discarding a side card shows no void in trump: Normal's
    table once took it as one whatever the rule."""
    from pinochle.bots.knowledge import play_inferences
    from pinochle.bots.normal import Table
    from pinochle.games import with_switches
    from pinochle.rules import TABLE

    for must_trump, expect_void in ((True, True), (False, False)):
        rules = with_switches(TABLE, {"must_trump": str(must_trump).lower()})
        state = new_match(seed=9, rules=rules)
        player = SimplePlayer(1)
        while True:
            seat = turn(state)
            assert seat is not None
            v = view(state, seat)
            discards = [(t.seat_of(i), c) for t in v.tricks for i, c in enumerate(t.cards)
                        if i and v.trump not in (c // 6, t.cards[0] // 6) and c // 6 != t.cards[0] // 6]
            if discards:
                break
            state = apply(state, auto_action(state) or player.act(v))
        assert v.trump is not None
        who, _ = discards[0]
        assert bool(play_inferences(v).voids[who] >> v.trump & 1) is expect_void
        assert bool(Table(v).void[who] >> v.trump & 1) is expect_void


@pytest.mark.parametrize("seed", range(3))
def test_the_opening_and_partner_switches_do_what_they_say(seed: int) -> None:
    """Normal's switches of docs/strength.md ("The table's auction at each level"), off in Normal: a
    dealer's opponent opens instead of sticking the dealer with 150 meld (``open_meld``) or a value
    (``open_value``), and the partner's bid adds ``partner_bid_bonus`` to the hand's value (20). N, the
    first seat with W dealing, holds aces around and a spade marriage (190 meld in spades, value 405)."""

    def with_(**attrs: object) -> NormalPlayer:
        return type("Candidate", (NormalPlayer,), dict(attrs))(seed)  # type: ignore[no-any-return]

    v = view(_table_after([], {Seat.N: ACES}, seed=seed), Seat.N)
    assert NormalPlayer(seed).act(v).type == "pass"  # sticking W
    assert with_(open_meld=150).act(v) == with_(open_value=400).act(v) == Action.bid_(Seat.N, 250)
    assert with_(open_meld=200).act(v).type == with_(open_value=410).act(v).type == "pass"
    value_220 = "9S 9S JS 9H JH QH AD JD QD 9C JC KC"
    assert choose_trump(parse_cards(value_220))[1] == 220
    v = view(_table_after([250, 260], {Seat.S: value_220}, seed=seed), Seat.S)  # N opened: S at 270
    assert NormalPlayer(seed).act(v).type == "pass"  # 220 + 20 < 270
    assert with_(partner_bid_bonus=60).act(v) == Action.bid_(Seat.S, 270)
