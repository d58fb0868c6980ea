"""Bad input for every new action of the games: the card pass (``give``),
the concession (``concede``, ``play_on``), britannica's forced opening and bids in the
ones scale.

Each refusal is an :class:`~pinochle.errors.IllegalAction` with a message that says what
is wrong, and the state is unchanged: same version, same views for all four seats, and
the legal moves still apply. Where the engine's answer is not yet what it should be, the
test is a strict ``xfail`` naming the problem until the engine is fixed.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pinochle.cards import Card, Seat, Suit, count, unpack
from pinochle.errors import IllegalAction
from pinochle.game import Action, State, apply, auto_action, legal, new_match, turn, view
from pinochle.games import GAMES, with_switches
from pinochle.games import find as find_game
from pinochle.rules import TABLE, RuleSet
from pinochle.parts import Concession

PASS_GAMES = [n for n, g in GAMES.items() if g.playable and any(ph.name == "exchange" for ph in g.phases)]
CONCEDE_GAMES = [n for n, g in GAMES.items() if g.playable and any(ph.name == "concede" for ph in g.phases)]
# four-handed games (the three-handed ones' bad input: tests/test_cutthroat.py)
NO_CONCEDE_GAMES = [n for n, g in GAMES.items() if g.playable and g.players == 4 and n not in CONCEDE_GAMES]
NO_PASS_GAMES = [n for n, g in GAMES.items() if g.playable and g.players == 4 and n not in PASS_GAMES]


def test_the_games_under_test() -> None:
    assert PASS_GAMES == ["partnership-pass", "racehorse"]
    assert CONCEDE_GAMES == ["racehorse"]


def refused(state: State, action: Action | Callable[[], Action]) -> str:
    """Apply ``action``; it must be refused with IllegalAction and leave the state as it was.

    Returns:
        The refusal's message.
    """
    views = [view(state, s).to_json() for s in Seat]
    version = state.version
    with pytest.raises(IllegalAction) as err:
        apply(state, action() if callable(action) else action)
    assert state.version == version
    assert [view(state, s).to_json() for s in Seat] == views
    who = turn(state)
    if who is not None:  # the match goes on from the same state
        legal_moves = legal(state, who).actions(who)
        assert legal_moves
        apply(state, legal_moves[0])
    return str(err.value)


# ---------------------------------------------------------------- getting to a phase


def declared(game: str, seed: str = "bad-input") -> State:
    """West deals, North declares at the minimum (the others pass; a forced opener opens
    for North, who is the forced opener here), spades are trump. In a game without an
    auction (turned-trump), the state after the deal."""
    s = new_match(seed=seed, game=game, first_dealer=Seat.W)
    if s.phase != "auction":
        return s
    s = apply(s, Action.bid_(Seat.N, s.rules.min_bid))
    for x in (Seat.E, Seat.S, Seat.W):
        s = apply(s, Action.pass_(x))
    assert s.phase == "trump" and s.declarer == Seat.N
    return apply(s, Action.trump_(Seat.N, Suit.S))


def after_partner(game: str) -> State:
    s = declared(game)
    return apply(s, Action.give_(Seat.S, unpack(s.hands[Seat.S])[:4]))


def after_exchange(game: str) -> State:
    s = after_partner(game)
    return apply(s, Action.give_(Seat.N, unpack(s.hands[Seat.N])[:4]))


def after_meld(game: str) -> State:
    s = declared(game)
    while s.phase == "exchange":
        who = turn(s)
        assert who is not None
        s = apply(s, Action.give_(who, unpack(s.hands[who])[:4]))
    while s.phase == "meld":
        a = auto_action(s)
        assert a is not None
        s = apply(s, a)
    return s


def after_first_card(game: str) -> State:
    s = after_meld(game)
    if s.phase == "concede":
        s = apply(s, Action.play_on_(Seat.N))
    who = turn(s)
    assert s.phase == "play" and who is not None
    return apply(s, Action.play_(who, legal(s, who).cards[0]))


def single(hand: int) -> int:
    """A card held once."""
    return next(c for c in unpack(hand) if count(hand, c) == 1)


def not_held(hand: int) -> int:
    return next(c for c in range(24) if count(hand, c) == 0)


# ---------------------------------------------------------------- the card pass


@pytest.mark.parametrize("game", PASS_GAMES)
@pytest.mark.parametrize("n", [0, 3, 5, 12])
def test_a_pass_of_the_wrong_size(game: str, n: int) -> None:
    s = declared(game)
    msg = refused(s, Action.give_(Seat.S, unpack(s.hands[Seat.S])[:n]))
    assert msg == f"pass exactly 4 cards, not {n}"


@pytest.mark.parametrize("game", PASS_GAMES)
@pytest.mark.parametrize("n", [3, 5])
def test_a_pass_back_of_the_wrong_size(game: str, n: int) -> None:
    s = after_partner(game)
    msg = refused(s, Action.give_(Seat.N, unpack(s.hands[Seat.N])[:n]))
    assert msg == f"pass exactly 4 cards, not {n}"


@pytest.mark.parametrize("game", PASS_GAMES)
def test_passing_a_card_not_held(game: str) -> None:
    s = declared(game)
    hand = s.hands[Seat.S]
    missing = not_held(hand)
    msg = refused(s, Action.give_(Seat.S, [*unpack(hand)[:3], missing]))
    assert msg == f"you do not hold the {Card(missing).label}"


@pytest.mark.parametrize("game", PASS_GAMES)
def test_passing_back_a_card_not_held(game: str) -> None:
    s = after_partner(game)
    hand = s.hands[Seat.N]
    missing = not_held(hand)
    msg = refused(s, Action.give_(Seat.N, [missing, *unpack(hand)[:3]]))
    assert msg == f"you do not hold the {Card(missing).label}"


@pytest.mark.parametrize("game", PASS_GAMES)
def test_passing_two_copies_of_a_card_held_once(game: str) -> None:
    s = declared(game)
    hand = s.hands[Seat.S]
    once = single(hand)
    others = [c for c in unpack(hand) if c != once][:2]
    msg = refused(s, Action.give_(Seat.S, [once, once, *others]))
    assert msg == f"you hold only 1 {Card(once).label}, not 2"


@pytest.mark.parametrize("game", PASS_GAMES)
@pytest.mark.parametrize("giver", [Seat.E, Seat.W])
def test_an_opponent_cannot_pass(game: str, giver: Seat) -> None:
    s = declared(game)
    msg = refused(s, Action.give_(giver, unpack(s.hands[giver])[:4]))
    assert msg == f"it is S's turn, not {giver}'s"


@pytest.mark.parametrize("game", PASS_GAMES)
def test_the_declarer_cannot_pass_before_the_partner(game: str) -> None:
    s = declared(game)
    msg = refused(s, Action.give_(Seat.N, unpack(s.hands[Seat.N])[:4]))
    assert msg == "it is S's turn, not N's"


@pytest.mark.parametrize("game", PASS_GAMES)
@pytest.mark.parametrize("giver", [Seat.S, Seat.E])
def test_after_the_partners_pass_only_the_declarer_passes(game: str, giver: Seat) -> None:
    s = after_partner(game)
    msg = refused(s, Action.give_(giver, unpack(s.hands[giver])[:4]))
    assert msg == f"it is N's turn, not {giver}'s"


@pytest.mark.parametrize("game", PASS_GAMES)
def test_no_pass_after_the_exchange(game: str) -> None:
    s = after_exchange(game)
    assert s.phase == "meld"
    msg = refused(s, Action.give_(Seat.N, unpack(s.hands[Seat.N])[:4]))
    assert msg == "a give is not possible now: the meld is being laid down"


@pytest.mark.parametrize("game", PASS_GAMES)
@pytest.mark.parametrize("data, message", [
    ({"type": "give", "seat": "S"}, 'a give action needs "cards"'),
    ({"type": "give", "seat": "S", "cards": 4}, 'give the cards as a list such as ["AS", "TS"], not 4'),
    ({"type": "give", "seat": "S", "cards": ["AS", "XS", "KS", "QS"]}, "XS"),
])
def test_a_pass_that_is_not_a_list_of_cards(game: str, data: dict[str, object], message: str) -> None:
    s = declared(game)
    msg = refused(s, lambda: Action.from_json(data))
    assert message in msg


@pytest.mark.parametrize("game", PASS_GAMES)
def test_a_pass_written_as_one_string_is_read(game: str) -> None:
    s = declared(game)
    cards = " ".join(str(Card(c)) for c in unpack(s.hands[Seat.S])[:4])
    after = apply(s, Action.from_json({"type": "give", "seat": "S", "cards": cards}))
    assert after.phase == "exchange" and turn(after) == Seat.N


@pytest.mark.parametrize("game", NO_PASS_GAMES)
def test_no_pass_in_a_game_without_one(game: str) -> None:
    s = declared(game)
    msg = refused(s, Action.give_(Seat.S, unpack(s.hands[Seat.S])[:4]))
    assert msg.startswith(f"the {game} game has no give: its moves are ")


# ---------------------------------------------------------------- conceding


@pytest.mark.parametrize("game", CONCEDE_GAMES)
@pytest.mark.parametrize("who", [Seat.S, Seat.E, Seat.W])
def test_only_the_declarer_concedes(game: str, who: Seat) -> None:
    s = after_meld(game)
    assert s.phase == "concede" and turn(s) == Seat.N
    assert refused(s, Action.concede_(who)) == f"it is N's turn, not {who}'s"
    assert refused(s, Action.play_on_(who)) == f"it is N's turn, not {who}'s"


@pytest.mark.parametrize("game", CONCEDE_GAMES)
@pytest.mark.parametrize("where, text", [
    (lambda g: new_match(seed="bad-input", game=g, first_dealer=Seat.W), "the auction is on: bid or pass"),
    (lambda g: declared(g), "the partners are passing cards"),
    (lambda g: after_exchange(g), "the meld is being laid down"),
], ids=["auction", "exchange", "meld"])
def test_no_concession_before_the_meld_is_down(game: str, where: Callable[[str], State], text: str) -> None:
    s = where(game)
    assert refused(s, Action.concede_(Seat.N)) == f"a concede is not possible now: {text}"
    assert refused(s, Action.play_on_(Seat.N)) == f"a play_on is not possible now: {text}"


@pytest.mark.parametrize("game", CONCEDE_GAMES)
def test_no_concession_once_the_declarer_plays_on(game: str) -> None:
    s = apply(after_meld(game), Action.play_on_(Seat.N))
    assert s.phase == "play"
    assert refused(s, Action.concede_(Seat.N)) == "a concede is not possible now: the tricks are being played"
    assert refused(s, Action.play_on_(Seat.N)) == "a play_on is not possible now: the tricks are being played"


@pytest.mark.parametrize("game", CONCEDE_GAMES)
def test_no_concession_after_the_first_card(game: str) -> None:
    s = after_first_card(game)
    assert refused(s, Action.concede_(Seat.N)) == "a concede is not possible now: the tricks are being played"


@pytest.mark.parametrize("game", CONCEDE_GAMES)
def test_no_second_concession(game: str) -> None:
    s = apply(after_meld(game), Action.concede_(Seat.N))
    assert s.phase == "hand_end" and s.history[-1].parts.get(Concession).conceded
    msg = refused(s, Action.concede_(Seat.N))
    assert msg == "a concede is not possible now: the hand is over: the next dealer deals"


@pytest.mark.parametrize("game", NO_CONCEDE_GAMES)
@pytest.mark.parametrize("when", ["after meld", "after lead"])
@pytest.mark.parametrize("kind", ["concede", "play_on"])
def test_no_concession_in_a_game_without_one(game: str, when: str, kind: str) -> None:
    s = after_meld(game) if when == "after meld" else after_first_card(game)
    action = Action.concede_(Seat.N) if kind == "concede" else Action.play_on_(Seat.N)
    assert refused(s, action).startswith(f"the {game} game has no {kind}: its moves are ")


@pytest.mark.parametrize("game, kind", [
    ("table", "concede"), ("partnership-pass", "concede"), ("britannica", "play_on"), ("britannica", "give"),
])
def test_an_action_the_game_does_not_have_is_refused_as_such(game: str, kind: str) -> None:
    s = after_meld(game)
    action = {"concede": Action.concede_(Seat.N), "play_on": Action.play_on_(Seat.N),
              "give": Action.give_(Seat.N, unpack(s.hands[Seat.N])[:4])}[kind]
    msg = refused(s, action)
    assert "not possible now" not in msg and game in msg


@pytest.mark.parametrize("how", ["conceded", "set"])
def test_racehorse_declarers_keep_no_meld_when_conceding_or_set(how: str) -> None:
    for seed in range(200):
        s = after_meld_seeded("racehorse", f"kept-{seed}")
        if how == "conceded":
            s = apply(s, Action.concede_(Seat.N))
        else:
            s = apply(s, Action.play_on_(Seat.N))
            while s.phase == "play":
                who = turn(s)
                assert who is not None
                s = apply(s, Action.play_(who, legal(s, who).cards[-1]))
        h = s.history[-1]
        if h.score.meld[0] and not h.score.made:
            assert h.score.kept_meld[0] == 0, h.score
            assert s.history[-1].summary()["kept_meld"] == {"NS": 0, "EW": h.score.meld[1]}
            return
    pytest.fail("no hand found")


def test_racehorse_with_meld_needing_a_trick_a_concession_leaves_the_opponents_their_meld() -> None:
    """``racehorse[meld_needs_trick=true]``: no trick is played after a concession, so the opponents still
    score "their meld + 250" (seed 000). Found by a rules review: their meld was lost (250, not 470)."""
    rules = with_switches(find_game("racehorse").rules, {"meld_needs_trick": "true"})
    s = after_meld_seeded("racehorse", "kept-3", rules)
    h = apply(s, Action.concede_(Seat.N)).history[-1].score
    ew = s.melds[Seat.E].total + s.melds[Seat.W].total  # type: ignore[union-attr]
    assert ew > 0 and h.kept_meld == (0, ew) and h.score == (0, ew + 250), h


def after_meld_seeded(game: str, seed: str, rules: RuleSet | None = None) -> State:
    s = new_match(seed=seed, game=game, first_dealer=Seat.W, rules=rules)
    s = apply(s, Action.bid_(Seat.N, 400))
    for x in (Seat.E, Seat.S, Seat.W):
        s = apply(s, Action.pass_(x))
    s = apply(s, Action.trump_(Seat.N, Suit.S))
    while s.phase != "concede":
        a = auto_action(s)
        if a is None:
            who = turn(s)
            assert who is not None
            a = Action.give_(who, unpack(s.hands[who])[:4])
        s = apply(s, a)
    return s


# ---------------------------------------------------------------- britannica's auction, ones


def test_britannica_the_first_seat_cannot_pass() -> None:
    s = new_match(seed="bad-input", game="britannica", first_dealer=Seat.W)
    assert not legal(s, Seat.N).pass_
    assert refused(s, Action.pass_(Seat.N)) == "the first seat must open the bidding: bid 10 or more"
    # the seat after the opening may pass
    s = apply(s, Action.bid_(Seat.N, 10))
    assert legal(s, Seat.E).pass_
    apply(s, Action.pass_(Seat.E))


@pytest.mark.parametrize("bid", [0, 1, 9])
def test_britannica_a_bid_below_the_minimum(bid: int) -> None:
    s = new_match(seed="bad-input", game="britannica", first_dealer=Seat.S)
    assert refused(s, Action.bid_(Seat.W, bid)) == f"the lowest bid is 10: {bid} is too low"


def test_britannica_a_bid_not_above_the_high_bid() -> None:
    s = apply(new_match(seed="bad-input", game="britannica", first_dealer=Seat.W), Action.bid_(Seat.N, 12))
    assert refused(s, Action.bid_(Seat.E, 12)) == "the bid must be at least 13, 1 above the high bid of 12"
    assert refused(s, Action.bid_(Seat.E, 11)) == "the bid must be at least 13, 1 above the high bid of 12"
    apply(s, Action.bid_(Seat.E, 13))


def test_britannica_the_highest_bid_is_1000() -> None:
    s = apply(new_match(seed="bad-input", game="britannica", first_dealer=Seat.W), Action.bid_(Seat.N, 10))
    msg = refused(s, Action.bid_(Seat.E, 1001))
    assert msg == "the highest bid is 1,000: 1,001 is more than any side can take in one hand"


@pytest.mark.parametrize("data, message", [
    ({"type": "bid", "seat": "N", "bid": 10.5}, "a bid needs a whole number of points, not 10.5"),
    ({"type": "bid", "seat": "N", "bid": "ten"}, "a bid needs a whole number of points, not 'ten'"),
    ({"type": "bid", "seat": "N", "bid": -10}, "the lowest bid is 10: -10 is too low"),
])
def test_britannica_bids_that_are_not_bids(data: dict[str, object], message: str) -> None:
    s = new_match(seed="bad-input", game="britannica", first_dealer=Seat.W)
    assert refused(s, lambda: Action.from_json(data)) == message


@pytest.mark.parametrize("bid", [24, 1])
def test_a_bid_below_the_minimum_of_the_table_in_ones(bid: int) -> None:
    s = new_match(seed="bad-input", rules=TABLE.in_scale("ones"), first_dealer=Seat.W)
    assert s.rules.min_bid == 25 and s.rules.bid_step == 1
    assert refused(s, Action.bid_(Seat.N, bid)) == f"the lowest bid is 25: {bid} is too low"
    apply(s, Action.bid_(Seat.N, 26))  # ones: steps of 1
