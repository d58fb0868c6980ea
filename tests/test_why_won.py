"""Why the match was won: the sentence each game's scorer decides with the winner (``Won``), kept in the
state (``State.won``, read as ``State.winner`` and ``State.why_won``) and sent in the view at ``match_end`` (``why_won``, docs/protocol.md).

Each kind of ending has its exact sentence, with the game's own numbers: RULES.md, Scoring a hand ("if
exactly one side has ≥ 1500 it wins; if both do, the higher total wins and a tie goes to the declarer's
side"); VARIANTS.md ``britannica`` (the declaring side counts first, to 100), ``turned-trump`` (a tie plays
another hand), ``cutthroat`` and ``auction`` (stakes, a match of a number of deals: docs/games/cutthroat.md,
docs/games/auction.md) and ``two-handed`` (game 1000, "if both reach it, the higher total wins").
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle.bots import for_level
from pinochle.cards import DECKS, Card, Seat, Suit
from pinochle.game import Action, State, Trick, apply, auto_action, new_match, turn, view
from pinochle.meld import Meld
from pinochle.games import GAMES
from pinochle.parts import CONCEDED, Contract
from pinochle.rules import TABLE
from pinochle.scoring import Won, match_result

SEED = "why-won"


def _tricks(state: State, split: int) -> tuple[Trick, ...]:
    """A whole hand's tricks made of the game's deck: the first ``split`` won by the second side's
    first seat, the rest (the last trick with them) by the first side's first seat."""
    g = state.game
    rules = g.rules
    n = g.seating.players
    cards = [Card(c) for c in DECKS[rules.deck].cards()][:n * rules.hand_size]
    first, second = Seat(g.seating.sides[0][0]), Seat(g.seating.sides[1][0])
    out = []
    for i in range(rules.hand_size):
        who = second if i < split else first
        seats = tuple(Seat(g.seating.seats[(g.seating.seats.index(who) + k) % n]) for k in range(n))
        out.append(Trick(who, tuple(cards[n * i:n * i + n]), who, seats))
    return tuple(out)


def _hand(game: str, *, declarer: Seat | None = Seat.N, bid: int | None = None, meld: int = 0,
          split: int = 6) -> State:
    """A hand of ``game`` played out (tricks split as :func:`_tricks`), about to be scored: the
    declarer's side showed ``meld``."""
    g = GAMES[game]
    state = new_match(seed=SEED, game=g, first_dealer=g.seating.seats[-1])
    melds = [Meld((), 0)] * 4
    if declarer is not None:
        melds[declarer] = Meld((), meld)
    contract = replace(state.parts.get(Contract), declarer=declarer, bid=bid, trump=Suit.S)
    return replace(state.with_parts(contract), phase="play", melds=tuple(melds),
                   tricks=_tricks(state, split), hands=(0, 0, 0, 0))


def _scored(state: State, before: tuple[int, ...]) -> State:
    """``state``'s hand scored by its game's scorer, the match totals ``before`` it as given."""
    return state.game.goto(replace(state, totals=before), "hand_end")


def _score(state: State) -> tuple[int, ...]:
    """What each side scores in ``state``'s hand, from totals of 0."""
    return _scored(state, (0,) * len(state.totals)).history[-1].score.score


def _why(state: State) -> str | None:
    """The view's ``why_won``, from South's seat (North's in a game of two)."""
    seat = Seat.S if Seat.S in state.game.seating.seats else Seat(state.game.seating.seats[0])
    why = view(state, seat).to_json()["why_won"]
    assert why is None or isinstance(why, str)
    assert why == state.why_won
    # the state keeps the scorer's result whole (``State.won``), read as ``winner`` and ``why_won``
    assert state.won == (None if why is None else Won(state.winner, why))  # type: ignore[arg-type]
    assert (state.phase == "match_end") == (state.won is not None)
    return why


# ---------------------------------------------------------------- the 1500 rule (RULES.md)


def test_exactly_one_side_reached_the_target() -> None:
    hand = _hand("table", bid=250, meld=100)
    ns, ew = _score(hand)
    end = _scored(hand, (1500 - ns, 1400 - ew))
    assert end.phase == "match_end" and end.winner == 0
    assert _why(end) == "Only the winning side reached 1500."


def test_both_sides_reached_the_target_the_higher_total_wins() -> None:
    hand = _hand("table", bid=250, meld=100)
    ns, ew = _score(hand)
    end = _scored(hand, (1500 - ns, 1520 - ew))
    assert end.phase == "match_end" and end.winner == 1 and end.totals == (1500, 1520)
    assert _why(end) == "Both sides reached 1500 in the same hand: the higher total wins."


def test_both_sides_reached_the_target_with_the_same_total_the_declarers_side_wins() -> None:
    hand = _hand("table", declarer=Seat.E, bid=250, meld=200)
    ns, ew = _score(hand)
    end = _scored(hand, (1510 - ns, 1510 - ew))
    assert end.phase == "match_end" and end.winner == 1 and end.totals == (1510, 1510)
    assert _why(end) == "Both sides reached 1500 with the same total: a tie goes to the declarer's side."


def test_the_rule_sets_target_is_the_number_said() -> None:
    race = replace(TABLE, target=1000)
    assert match_result((1010, 900), 1, race) == Won(0, "Only the winning side reached 1000.")
    assert match_result((1010, 1010), 0, replace(race, tie_goes_to_declarer=False)) is None


def test_racehorse_says_the_same_rule() -> None:
    hand = _hand("racehorse", bid=250, meld=100)
    ns, ew = _score(hand)
    end = _scored(hand, (1490 - ns, 1600 - ew))
    assert end.winner == 1
    assert _why(end) == "Only the winning side reached 1500."


def test_before_the_match_ends_there_is_no_reason() -> None:
    hand = _hand("table", bid=250, meld=100)
    end = _scored(hand, (0, 0))
    assert end.phase == "hand_end" and end.why_won is None and _why(end) is None


# ---------------------------------------------------------------- britannica: the declaring side counts first


def test_britannica_the_declaring_side_counts_first_and_reached_100() -> None:
    hand = _hand("britannica", bid=10, meld=5)
    ns, _ = _score(hand)
    end = _scored(hand, (100 - ns, 99))
    # the opponents, at 99, would have reached 100 too: the declaring side, counted first, won
    assert end.phase == "match_end" and end.winner == 0 and end.totals == (100, 99)
    assert _why(end) == "The declaring side counts first and reached 100."


def test_britannica_the_opponents_reach_100_when_the_declaring_side_does_not() -> None:
    hand = _hand("britannica", bid=10, meld=5)
    ns, ew = _score(hand)
    assert ew > 0
    end = _scored(hand, (50, 100 - ew))
    assert end.phase == "match_end" and end.winner == 1
    assert _why(end) == "The declaring side counts first and stayed under 100; then the opponents reached 100."


def test_double_deck_counts_first_to_its_own_target() -> None:
    hand = _hand("double-deck", bid=50, meld=30)
    ns, _ = _score(hand)
    end = _scored(hand, (500 - ns, 0))
    assert end.winner == 0
    assert _why(end) == "The declaring side counts first and reached 500."


# ---------------------------------------------------------------- turned-trump: no declarer


def test_turned_trump_one_side_reached_1500() -> None:
    hand = _hand("turned-trump", declarer=None)
    ns, ew = _score(hand)
    end = _scored(hand, (1520 - ns, 1000 - ew))
    assert end.winner == 0
    assert _why(end) == "Only the winning side reached 1500."


def test_turned_trump_both_reached_1500_the_higher_total_wins() -> None:
    hand = _hand("turned-trump", declarer=None)
    ns, ew = _score(hand)
    end = _scored(hand, (1520 - ns, 1530 - ew))
    assert end.winner == 1
    assert _why(end) == "Both sides reached 1500 in the same hand: the higher total wins."


def test_turned_trump_a_tie_over_1500_plays_another_hand() -> None:
    hand = _hand("turned-trump", declarer=None)
    ns, ew = _score(hand)
    end = _scored(hand, (1520 - ns, 1520 - ew))
    assert end.phase == "hand_end" and end.winner is None and _why(end) is None


# ---------------------------------------------------------------- stakes games: a number of deals


def _conceded(game: str, deal: int, before: tuple[int, ...]) -> State:
    """Deal ``deal`` of a stakes game, conceded by East at the minimum bid (East pays each opponent
    the stake), scored with the totals ``before`` it."""
    g = GAMES[game]
    state = new_match(seed=SEED, game=g, first_dealer=g.seating.seats[-1])
    contract = replace(state.parts.get(Contract), declarer=Seat.E, bid=g.rules.min_bid, trump=Suit.H)
    state = replace(state.with_parts(contract, CONCEDED), phase="play", tricks=(), hands=(0, 0, 0, 0),
                    melds=(Meld((), 0),) * 4)
    earlier = g.goto(state, "hand_end").history[-1]
    return _scored(replace(state, history=(earlier,) * (deal - 1)), before)


def test_cutthroat_the_last_deal_the_highest_total_wins() -> None:
    assert GAMES["cutthroat"].deals == 9
    end = _conceded("cutthroat", 9, (0, 0, 5))
    assert end.phase == "match_end" and end.winner == 2
    assert _why(end) == "After 9 deals, the highest total wins."
    assert _conceded("cutthroat", 8, (0, 0, 5)).why_won is None


def test_cutthroat_equal_leaders_play_on_and_the_deal_that_breaks_the_tie_is_named() -> None:
    assert _conceded("cutthroat", 9, (0, 0, 0)).phase == "hand_end"  # South and West lead together
    end = _conceded("cutthroat", 10, (0, 0, 3))
    assert end.winner == 2
    assert _why(end) == "After 9 deals the leaders were tied; deal 10 broke the tie: the highest total wins."


def test_auction_the_last_of_its_deals() -> None:
    end = _conceded("auction", 9, (0, 40, 0))
    assert end.winner == 1
    assert _why(end) == "After 9 deals, the highest total wins."


# ---------------------------------------------------------------- two-handed: game 1000


def test_two_handed_one_player_reached_1000() -> None:
    hand = _hand("two-handed", declarer=None, split=10)
    n, s = _score(hand)
    end = _scored(hand, (1000 - n, 500))
    assert end.phase == "match_end" and end.winner == 0
    assert _why(end) == "Only the winning player reached 1000."


def test_two_handed_both_players_reached_1000() -> None:
    hand = _hand("two-handed", declarer=None, split=10)
    n, s = _score(hand)
    end = _scored(hand, (1000 - n, 1100 - s))
    assert end.winner == 1
    assert _why(end) == "Both players reached 1000 in the same hand: the higher total wins."


# ---------------------------------------------------------------- every game, random matches


def _play(name: str, seed: int, players: int) -> None:
    """A whole match of ``name`` by computer players: no reason before ``match_end``, one sentence at it."""
    state = new_match(seed=seed, game=GAMES[name], players=players)
    while state.phase != "match_end":
        assert state.why_won is None
        assert view(state, turn(state) or Seat.S).to_json()["why_won"] is None
        action = auto_action(state)
        if action is None:
            seat = turn(state)
            assert seat is not None
            action = Action.deal_(seat) if state.phase == "hand_end" else \
                for_level("easy", f"x{int(seat)}").act(view(state, seat))
        state = apply(state, action)
    why = state.why_won
    assert isinstance(why, str) and why.strip() and why[0].isupper() and why.endswith(".")
    for place in state.game.seating.seats:
        assert view(state, place).to_json()["why_won"] == why  # it names no side: the same from every seat


PLAYABLE = [(name, n) for name, g in GAMES.items() if g.playable for n in g.sizes]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PLAYABLE), st.integers(min_value=0, max_value=10**6))
def test_every_game_ends_with_a_sentence_saying_why(game: tuple[str, int], seed: int) -> None:
    _play(game[0], seed, game[1])
