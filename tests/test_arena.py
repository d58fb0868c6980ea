"""The duplicate arena: same results whatever the workers, exact self-play symmetry, the command line."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterator

import pytest

from pinochle.arena import (
    ArenaError,
    FullInfoPlayer,
    arrangements,
    derive_seed,
    make_player,
    play_deal,
    player_factory,
    register_player,
    run_arena,
    unregister_player,
)
from pinochle.cards import Seat
from pinochle.cli import main
from pinochle.game import Action, State, View, legal_actions, new_match


class RandomPlayer:
    """Random legal moves from its seed: deterministic given the seed, and sensitive to it."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View) -> Action:
        lg = view.legal
        if lg.min_bid is not None and self.rng.random() < 0.3:
            return Action.bid_(view.seat, lg.min_bid)
        if lg.pass_:
            return Action.pass_(view.seat)
        return self.rng.choice(lg.actions(view.seat))


class PeekingPlayer:
    """A full-information player: passes, names the trump of its longest suit, plays its first legal card."""

    calls = 0

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act_full(self, state: State, seat: Seat) -> Action:
        PeekingPlayer.calls += 1
        actions = legal_actions(state, seat)
        passes = [a for a in actions if a.type == "pass"]
        return passes[0] if passes else actions[0]


class Cheater:
    """Bids below the minimum: an illegal move."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, view: View) -> Action:
        return Action.bid_(view.seat, 10)


@pytest.fixture
def registered() -> Iterator[None]:
    register_player("test-random", RandomPlayer, replace=True)
    register_player("test-peek", PeekingPlayer, replace=True)
    register_player("test-cheat", Cheater, replace=True)
    yield
    for name in ("test-random", "test-peek", "test-cheat"):
        unregister_player(name)


def run(*argv: str) -> tuple[int, list[dict[str, object]]]:
    out = io.StringIO()
    code = main(list(argv), stdout=out)
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


def comparable(d: dict[str, object]) -> dict[str, object]:
    """The JSON without what depends on the machine: think times, wall time, workers."""
    return {k: v for k, v in d.items() if k not in ("think_ms", "seconds", "workers")}


def test_same_results_with_one_or_two_workers() -> None:
    one = run_arena("normal", "easy", deals=6, seed=11, matches=2, workers=1)
    two = run_arena("normal", "easy", deals=6, seed=11, matches=2, workers=2)
    assert two.workers == 2
    assert one.values == two.values
    assert comparable(one.to_json()) == comparable(two.to_json())
    assert one.stats[0].think_calls == two.stats[0].think_calls > 0
    # the summary is consistent with the per-deal values
    assert one.mean_diff == pytest.approx(sum(one.values) / 6)
    assert one.ci95 is not None and one.ci95[0] <= one.mean_diff <= one.ci95[1]
    sa, sb = one.stats
    assert sa.contracts + sb.contracts == 12  # one contract per hand, two hands per deal
    assert sa.made + sa.set == sa.contracts and sb.made + sb.set == sb.contracts
    assert sum(one.match_wins) + one.unfinished == 4


@pytest.mark.parametrize("name", ["easy", "normal", "test-random"])
def test_a_player_against_itself_scores_exactly_zero(registered: None, name: str) -> None:
    r = run_arena(name, name, deals=8, seed=5, matches=1, workers=1)
    assert r.values == (0.0,) * 8
    assert r.mean_diff == 0.0
    assert r.ci95 == (0.0, 0.0)
    assert r.match_win_rate == 0.5
    a, b = r.stats
    assert (a.contracts, a.made, a.set, a.stuck, a.avg_bid) == (b.contracts, b.made, b.set, b.stuck, b.avg_bid)


def test_self_play_cancels_between_the_plays_of_a_deal(registered: None) -> None:
    # the exact zero above is not a degenerate player: the sides score differently
    # within a play, and the mirrored play gives back exactly the same hand
    f = player_factory("test-random")
    deals = [play_deal([f, f], 5, i) for i in range(8)]
    assert any(d.scores[0][0] != d.scores[0][1] for d in deals)
    for d in deals:
        (a1, b1), (a2, b2) = d.scores
        assert (a2, b2) == (b1, a1)
        assert d.contracts[0].role != d.contracts[1].role
        assert d.contracts[0][1:] == d.contracts[1][1:]


def test_seeds_are_stable_and_players_are_made_by_name(registered: None) -> None:
    assert derive_seed("arena", 1, "deal", 0) == derive_seed("arena", 1, "deal", 0)
    assert 0 <= derive_seed("x") < 2**63
    assert type(make_player("easy", 3)).__name__ == "SimplePlayer"
    assert isinstance(make_player("test-peek", 3), FullInfoPlayer)
    assert new_match(seed=derive_seed("arena", 1, "deal", 0)).dealt == new_match(seed=derive_seed("arena", 1, "deal", 0)).dealt


def test_a_full_information_player_is_given_the_state(registered: None) -> None:
    PeekingPlayer.calls = 0
    r = run_arena("test-peek", "easy", deals=2, seed=2, matches=0, workers=1)
    assert PeekingPlayer.calls == r.stats[0].think_calls > 0
    assert r.match_win_rate is None


def test_registered_players_run_in_worker_processes(registered: None) -> None:
    one = run_arena("test-random", "easy", deals=4, seed=3, matches=0, workers=1)
    two = run_arena("test-random", "easy", deals=4, seed=3, matches=0, workers=2)
    assert one.values == two.values


def test_a_player_that_cannot_reach_a_worker_is_refused() -> None:
    register_player("test-lambda", lambda seed: RandomPlayer(seed), replace=True)
    try:
        with pytest.raises(ArenaError, match="worker"):
            run_arena("test-lambda", "easy", deals=4, matches=0, workers=2)
        assert run_arena("test-lambda", "easy", deals=1, matches=0, workers=1).deals == 1
    finally:
        unregister_player("test-lambda")


def test_registration_errors() -> None:
    with pytest.raises(ArenaError):
        register_player("", RandomPlayer)
    with pytest.raises(ArenaError):
        register_player("easy bot", RandomPlayer)
    register_player("test-once", RandomPlayer)
    try:
        with pytest.raises(ArenaError, match="already"):
            register_player("test-once", RandomPlayer)
    finally:
        unregister_player("test-once")
    with pytest.raises(ArenaError, match="unknown player"):
        make_player("grandmaster", 1)


def test_an_illegal_move_is_an_arena_error(registered: None) -> None:
    with pytest.raises(ArenaError, match="test-cheat.*illegal move"):
        run_arena("test-cheat", "easy", deals=1, matches=0, workers=1)
    code, out = run("arena", "--a", "easy", "--b", "test-cheat", "--deals", "1", "--matches", "0", "--workers", "1")
    assert code == 1
    assert out[0]["error"]["field"] == "b"  # type: ignore[index]


def test_cli_json_has_the_documented_keys() -> None:
    code, out = run("arena", "--a", "normal", "--b", "easy", "--deals", "3", "--seed", "4",
                    "--matches", "1", "--workers", "1", "--json")
    assert code == 0 and len(out) == 1
    d = out[0]
    assert {"a", "b", "deals", "mean_diff", "ci95", "think_ms", "match_win_rate", "matches", "bids", "seed"} <= set(d)
    assert (d["a"], d["b"], d["deals"], d["matches"], d["seed"]) == ("normal", "easy", 3, 1, 4)
    assert isinstance(d["mean_diff"], float)
    ci = d["ci95"]
    assert isinstance(ci, list) and len(ci) == 2 and ci[0] <= d["mean_diff"] <= ci[1]
    for who in ("a", "b"):
        think = d["think_ms"][who]  # type: ignore[index]
        assert set(think) >= {"p50", "p95"} and 0 <= think["p50"] <= think["p95"]
        assert set(d["bids"][who]) >= {"made", "set", "avg_bid"}  # type: ignore[index]
    assert 0 <= d["match_win_rate"] <= 1  # type: ignore[operator]
    # the same run again gives the same numbers
    assert comparable(run("arena", "--a", "normal", "--b", "easy", "--deals", "3", "--seed", "4",
                          "--matches", "1", "--workers", "1", "--json")[1][0]) == comparable(d)


def test_cli_one_deal_has_no_interval() -> None:
    code, out = run("arena", "--a", "easy", "--b", "easy", "--deals", "1", "--matches", "0", "--workers", "1", "--json")
    assert code == 0
    assert out[0]["ci95"] == [None, None] and out[0]["match_win_rate"] is None and out[0]["mean_diff"] == 0.0


def test_cli_table() -> None:
    out = io.StringIO()
    code = main(["arena", "--a", "normal", "--b", "easy", "--deals", "2", "--matches", "1", "--workers", "1"], stdout=out)
    text = out.getvalue()
    assert code == 0
    assert "points per hand" in text and "normal" in text and "easy" in text and "think" in text


@pytest.mark.parametrize(
    ("argv", "field"),
    [
        (["--a", "grandmaster", "--b", "easy"], "a"),
        (["--a", "easy", "--b", "nobody"], "b"),
        (["--a", "easy", "--b", "easy", "--deals", "0"], "deals"),
        (["--a", "easy", "--b", "easy", "--deals", "-3"], "deals"),
        (["--a", "easy", "--b", "easy", "--matches", "-1"], "matches"),
        (["--a", "easy", "--b", "easy", "--workers", "0"], "workers"),
    ],
)
def test_cli_bad_values_are_json_errors(argv: list[str], field: str) -> None:
    code, out = run("arena", *argv, "--json")
    assert code == 1
    assert out[0]["error"]["field"] == field  # type: ignore[index]
    assert out[0]["error"]["reason"]  # type: ignore[index]


@pytest.mark.parametrize("argv", [["--b", "easy"], ["--a", "easy", "--b", "easy", "--deals", "many"]])
def test_cli_malformed_command_lines_are_json_errors(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["arena", *argv])
    assert exc.value.code == 2
    assert json.loads(capsys.readouterr().out)["error"]["field"] == "arguments"


# ---------------------------------------------------------------- three players alone


def test_three_handed_plays_put_every_kind_in_every_seat_alone_and_paired() -> None:
    plays = arrangements(3)
    assert len(plays) == len(set(plays)) == 6
    for seat in range(3):
        for kind in (0, 1):
            assert sum(p[seat] == kind for p in plays) == 3  # every kind holds every seat's cards, equally often
    assert {sum(p) for p in plays} == {1, 2}  # A alone against two B, and two A against one B
    assert arrangements(2) == ((0, 1), (1, 0))


@pytest.mark.parametrize("game", ["cutthroat", "auction"])
def test_three_handed_deals_are_played_six_times_and_value_a_quarter_of_a_s_stakes(registered: None,
                                                                                  game: str) -> None:
    f, g = player_factory("normal"), player_factory("test-random")
    for i in range(3):
        d = play_deal([f, g], 4, i, game=game)
        assert len(d.scores) == 6
        assert d.value == pytest.approx(sum(a - b for a, b in d.scores) / 6)
        # stakes sum to zero in a play, so A's mean per seat and B's are tied by the kinds' seat counts
        totals = []
        for (a, b), roles in zip(d.scores, arrangements(3)):
            n_a = roles.count(0)
            assert n_a * a + (3 - n_a) * b == pytest.approx(0)
            totals.append(n_a * a)
        assert d.value == pytest.approx(sum(totals) / 4)
        for c in d.contracts:
            assert c.role in (0, 1)


@pytest.mark.parametrize("game", ["cutthroat", "auction"])
@pytest.mark.parametrize("name", ["easy", "test-random"])
def test_three_handed_self_play_scores_exactly_zero(registered: None, game: str, name: str) -> None:
    r = run_arena(name, name, deals=5, seed=3, matches=1, workers=1, game=game)
    assert r.values == (0.0,) * 5 and r.ci95 == (0.0, 0.0)
    assert r.match_win_rate == 0.5
    assert r.to_json()["hands"] == 30
    a, b = r.stats
    assert (a.contracts, a.made, a.set, a.avg_bid) == (b.contracts, b.made, b.set, b.avg_bid)
    # not degenerate: the seats score differently within a play
    f = player_factory(name)
    assert any(p[0] != p[1] for i in range(5) for p in play_deal([f, f], 3, i, game=game).scores)


def test_three_handed_results_do_not_depend_on_the_workers() -> None:
    one = run_arena("normal", "easy", deals=4, seed=11, matches=1, workers=1, game="cutthroat")
    two = run_arena("normal", "easy", deals=4, seed=11, matches=1, workers=2, game="cutthroat")
    assert one.values == two.values
    assert comparable(one.to_json()) == comparable(two.to_json())
    assert one.game == "cutthroat" and one.to_json()["hands"] == 24
    assert sum(one.match_wins) + one.unfinished == 6
