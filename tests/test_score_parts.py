"""Every number of a hand summary is explained: the parts each scorer gives a side add up to
what the side scores (HandScore.parts), in every game; a stake's steps end at the stake paid;
at a table of 4 or 5 each chair's parts add up to what it won or paid (HandScore.chair_parts).

The hands are played by the engine with random legal moves, many per game (the nine games), and
the sums are checked on the summary the browser is sent (``last_hand`` of the view's JSON).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle.auction import ladder_bids
from pinochle.game import Action, State, apply, legal, new_match, turn, view
from pinochle.games import GAMES
from pinochle.parts import Contract, Widow


def random_action(state: State, rng: random.Random) -> Action:
    """A random legal action (cards to pass or bury drawn at random; bids the minimum or a jump)."""
    seat = turn(state)
    assert seat is not None
    lg = legal(state, seat)
    if lg.min_bid is not None and (not lg.pass_ or rng.random() < 0.5):
        bids = list(ladder_bids(state.rules, lg.min_bid, lg.bid_limit))[:4]  # the game's steps (a ladder too)
        return Action.bid_(seat, bids[min(rng.choice([0, 0, 1, 3]), len(bids) - 1)])
    if lg.give:
        return Action.give_(seat, rng.sample(list(lg.give_from), lg.give))
    if lg.bury and not (lg.concede and rng.random() < 0.2):
        return Action.bury_(seat, rng.sample(list(lg.bury_from), lg.bury))
    return rng.choice(lg.actions(seat))


def finished_hands(game: str, seed: int, hands: int, players: int | None = None) -> list[dict[str, object]]:
    """The summaries (``last_hand`` of a view's JSON) of ``hands`` hands of ``game`` played at random."""
    rng = random.Random(seed)
    state = new_match(seed=seed, game=game, players=players)
    out: list[dict[str, object]] = []
    while len(out) < hands and state.phase != "match_end":
        state = apply(state, random_action(state, rng))
        if state.phase in ("hand_end", "match_end"):
            last = view(state, 0 if 0 in state.game.seating.seats else 1).to_json()["last_hand"]
            assert isinstance(last, dict)
            out.append(last)
    return out


@pytest.mark.parametrize("game", list(GAMES))
def test_the_parts_add_up_to_the_hand_score(game: str) -> None:
    """In every game, each side's parts sum to its hand score, over many engine-played hands."""
    seen = 0
    for seed in range(4):
        for last in finished_hands(game, seed, 8):
            parts, score = last["parts"], last["score"]
            assert isinstance(parts, dict) and isinstance(score, dict)
            assert set(parts) == set(score)
            for side, points in score.items():
                rows = parts[side]
                assert rows, (game, side)
                assert all(isinstance(r["label"], str) and r["label"] and r["rule"] for r in rows)
                assert sum(r["points"] for r in rows) == points, (game, side, rows, points)
            seen += 1
    assert seen >= 12


@pytest.mark.parametrize("game,players", [("cutthroat", None), ("auction", None), ("auction", 4), ("auction", 5)])
def test_a_stake_is_derived_and_every_chair_adds_up(game: str, players: int | None) -> None:
    """A stake's last step is what each opponent pays or is paid; at 4 or 5, every chair's parts add up."""
    for seed in range(4):
        for last in finished_hands(game, seed, 6, players):
            steps = last["stake_steps"]
            assert isinstance(steps, list) and steps
            amounts = {t["amount"] for t in last["transfers"]}  # type: ignore[attr-defined]
            assert amounts == {steps[-1]["points"]}, (steps, last["transfers"])
            if players:
                chair_parts = last["chair_parts"]
                assert isinstance(chair_parts, list)
                for c, rows in enumerate(chair_parts):
                    assert sum(r["points"] for r in rows) == last["chairs"][c]  # type: ignore[index]


def test_racehorse_shows_its_bonus_and_britannica_says_who_reached_first() -> None:
    """Racehorse's 250 for a failed or conceded declarer is a row; britannica's side that is not
    scored because the declaring side reached the target first says so."""
    labels = {"racehorse": set(), "britannica": set()}  # type: dict[str, set[str]]
    for game in labels:
        for seed in range(30):
            for last in finished_hands(game, seed, 40):
                for rows in last["parts"].values():  # type: ignore[attr-defined]
                    labels[game].update(r["label"] for r in rows)
    assert any(lb.startswith("Bonus 250: the declarer") for lb in labels["racehorse"])
    assert "Not scored: the declaring side reached 100 first" in labels["britannica"]


def test_an_auction_stake_in_spades_set_after_play_is_derived_step_by_step() -> None:
    """VARIANTS.md auction (seed 000): the bid's band gives the stake, spades double it, a set after
    play doubles it again; each step is a row, the last the amount each opponent is paid."""
    from pinochle.games.scorers import auction_stake

    for seed in range(200):
        for last in finished_hands("auction", seed, 9):
            if last["trump"] != "S" or last["made"] or last.get("played") is False:
                continue
            bid = last["bid"]
            assert isinstance(bid, int)
            steps = [(s["label"], s["points"]) for s in last["stake_steps"]]  # type: ignore[attr-defined]
            base = auction_stake(bid, 1)
            assert steps[0][0].startswith(f"Bid {bid}: bids ") and steps[0][1] == base, steps
            assert steps[1] == ("Spades are trump: ×2", 2 * base), steps
            assert steps[-1] == ("Set after play: paid double", 4 * base), steps
            assert {t["amount"] for t in last["transfers"]} == {4 * base}  # type: ignore[attr-defined]
            return
    raise AssertionError("no auction hand in spades was set after play")


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(GAMES)), seed=st.integers(min_value=0, max_value=2**32))
def test_the_parts_always_add_up(game: str, seed: int) -> None:
    """A property: whatever the game and the shuffle, every side's parts sum to its hand score."""
    for last in finished_hands(game, seed, 3):
        for side, points in last["score"].items():  # type: ignore[attr-defined]
            assert sum(r["points"] for r in last["parts"][side]) == points  # type: ignore[index]


@pytest.mark.parametrize("players", [4, 5])
def test_a_player_sitting_out_who_pays_or_is_paid_is_told_why(players: int) -> None:
    """Hoyle (the switch ``sitters_settle``, on): a player sitting the hand out settles as an opponent; the
    summary says so beside each amount ("as an opponent", under the column marked "Sits out"); the players who played have no such note."""
    seen = 0
    for seed in range(4):
        for last in finished_hands("auction", seed, 6, players):
            lineup = last["lineup"]
            assert isinstance(lineup, dict)
            played = {lineup[p] for p in ("E", "S", "W")}  # the sitters are listed at N, the empty place
            for c, rows in enumerate(last["chair_parts"]):  # type: ignore[arg-type]
                paid = [r for r in rows if r.get("who") not in (None, "")]
                if c in played:
                    assert all("why" not in r for r in rows), rows
                else:
                    assert all(r["why"] == "as an opponent" and "Hoyle" in r["rule"] for r in paid), rows
                    seen += len(paid)
    assert seen > 0


@pytest.mark.parametrize("game", ["table", "partnership-pass", "racehorse", "britannica"])
def test_a_set_side_shows_what_it_took_then_the_set(game: str) -> None:
    """RULES.md, Scoring a hand (VARIANTS.md racehorse: meld and counters lost): a declaring side that is set
    shows its meld, its counters and its last trick as a side that made it does, then a row taking all of it
    off, then (RULES.md) the bid taken off; the rows add up to its score."""
    seen = 0
    for seed in range(12):
        for last in finished_hands(game, seed, 8):
            if last["made"] or last.get("set_at_once") or "declarer" not in last or last.get("played") is False:
                continue
            parts = last["parts"]
            assert isinstance(parts, dict)
            for side, rows in parts.items():
                labels = [r["label"] for r in rows]
                if not any(lb.startswith("Set") for lb in labels):
                    continue
                took = [r for r in rows if not r["label"].startswith(("Set", "Not scored"))]
                assert [r["label"] for r in took][:2] in (["Meld kept", "Counters"],) or took[0]["label"].startswith("Meld "), rows
                off = next(r for r in rows if r["label"] in ("Set: what it took is not scored",
                                                             f"Set: bid {last['bid']} not made, meld and counters lost"))
                assert off["points"] == -sum(r["points"] for r in took), rows
                if game != "racehorse":
                    bid_off = f"Set: the bid, {last['bid']}, is taken off"
                    assert rows[-1 if game != "britannica" else labels.index(bid_off)] == {
                        "label": bid_off, "points": -last["bid"], "rule": rows[-1]["rule"]}, rows
                assert sum(r["points"] for r in rows) == last["score"][side], rows  # type: ignore[index]
                seen += 1
    assert seen >= 2, game


@pytest.mark.parametrize("game,players", [("cutthroat", None), ("auction", None), ("auction", 5)])
def test_every_payment_is_in_both_parties_columns(game: str, players: int | None) -> None:
    """A hand of stakes: each payment is a part of the payer (minus the amount, naming the payee) and of the
    payee (the amount, naming the payer), and nothing else: the summary's one row per payment reads the same
    from both columns, and the payments are the hand's transfers."""
    for seed in range(4):
        for last in finished_hands(game, seed, 6, players):
            cols: dict[str, list[dict[str, object]]] = (
                {str(c): rows for c, rows in enumerate(last["chair_parts"])} if players  # type: ignore[arg-type]
                else last["parts"])  # type: ignore[assignment]
            paid = sorted((k, str(r["who"]), r["points"]) for k, rows in cols.items() for r in rows if "who" in r)
            pairs = {(k, w, p) for k, w, p in paid}
            assert all((w, k, -p) in pairs for k, w, p in paid), paid  # type: ignore[operator]
            transfers = last["chair_transfers"] if players else last["transfers"]
            want = sorted([(str(t["to"]), str(t["from"]), t["amount"]) for t in transfers]  # type: ignore[attr-defined]
                          + [(str(t["from"]), str(t["to"]), -t["amount"]) for t in transfers])  # type: ignore[attr-defined]
            assert paid == want, (paid, want)


@pytest.mark.parametrize("game,players", [("cutthroat", None), ("auction", None), ("auction", 5)])
def test_the_counters_buried_are_given_apart(game: str, players: int | None) -> None:
    """A hand settled by stakes and played out says how many of the declarer's counters lie in the cards it buried
    (``buried``, per side; VARIANTS.md cutthroat: the buried cards count as the declarer's): the counter points of the
    hand's buried cards, all the declarer's, part of its ``counters``; absent when it buried none or the hand was not
    played. The summary shows them as a row of their own (its "Counters 14" held them unsaid)."""
    from pinochle.tricks import counters as counter_points

    seen = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = new_match(seed=seed, game=game, players=players)
        while len(state.history) < 5 and state.phase != "match_end":
            state = apply(state, random_action(state, rng))
            if state.phase not in ("hand_end", "match_end"):
                continue
            hand = state.history[-1]
            last = hand.summary()
            want = counter_points(hand.parts.get(Widow).buried, state.rules) if hand.parts.get(Widow).buried and hand.tricks else 0
            decl = last["declarer"]
            side = state.game.seating.side_names[state.game.seating.side_of[hand.parts.get(Contract).declarer]] if hand.parts.get(Contract).declarer is not None else None
            if not want:
                assert "buried" not in last, last
                continue
            buried = last["buried"]
            assert isinstance(buried, dict) and decl is not None and side is not None
            assert buried == {k: (want if k == side else 0) for k in last["counters"]}, (buried, want)  # type: ignore[union-attr]
            lt = last.get("last_trick") or {}
            assert buried[side] + lt.get(side, 0) <= last["counters"][side]  # type: ignore[index,union-attr]
            seen += 1
    assert seen >= 3, seen
