"""The terminal game (``pinochle play``) for three players alone with a widow: VARIANTS.md
``cutthroat`` and ``auction``, driven with scripted input.

The person is South; West (on South's left) and East (on its right) are the computer
players at Easy. Each transcript is checked against the engine's own numbers: the
saved record's replay, :func:`pinochle.games.scorers.stake`, the game's seating.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from pinochle.cards import parse_cards
from pinochle.cli import main
from pinochle.games import GAMES
from pinochle.games.scorers import stake
from pinochle.records import replay
from pinochle.terminal import match_deals, play_match

from .test_terminal import Scripted

Answer = Callable[[str, str], "str | None"]
PLAYERS = ("E", "S", "W")


def run(game: str, seed: int, answer: Answer | None = None, stdin: str | None = None,
        save: str | None = None) -> tuple[int, str]:
    """Play a match of ``game`` with Easy computers; by default Enter at every prompt."""
    out = io.StringIO()
    inp: io.StringIO = Scripted(out, answer) if answer is not None else io.StringIO(
        stdin if stdin is not None else "\n" * 5000)
    status = play_match(seed=seed, save=save, stdin=inp, stdout=out, level="easy", game=game,
                        rules=GAMES[game].rules)
    return status, out.getvalue()


def final(text: str) -> tuple[dict[str, int], str]:
    """The printed final totals (one per player) and the winner's seat."""
    m = re.search(r"^Final totals: E (-?\d+), S (-?\d+), W (-?\d+)$", text, re.M)
    w = re.search(r"^Winner: ([ESW]) - ", text, re.M)
    assert m and w, text[-2000:]
    return dict(zip(PLAYERS, (int(x) for x in m.groups()))), w.group(1)


def bid_first(bid: int | None = None) -> Answer:
    """South bids at its first call of each deal (``bid``, or the lowest bid offered), then
    passes; Enter everywhere else."""
    def answer(prompt: str, text: str) -> str | None:
        if prompt.startswith("Your call"):
            deal = text[text.rfind("=" * 64):]
            if "S (you)      " in deal:  # South has called in this deal: a pass is final anyway
                return "p"
            m = re.search(r"bid (\d+) or more", prompt)
            assert m
            return str(max(bid or 0, int(m.group(1))))
        return ""
    return answer


# ---------------------------------------------------------------- a whole match


@pytest.mark.parametrize("game", ["cutthroat", "auction"])
def test_a_scripted_match_reaches_its_end_with_per_player_totals(game: str, tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    status, text = run(game, 2, bid_first(), save=str(path))
    assert status == 0
    totals, winner = final(text)
    assert sum(totals.values()) == 0 and totals[winner] == max(totals.values())
    assert list(totals.values()).count(max(totals.values())) == 1
    # the saved record replays to the printed totals and winner
    record = json.loads(path.read_text(encoding="utf-8"))
    result = replay(record)
    assert result["totals"] == totals and result["winner"] == winner
    summaries = re.findall(r"^Deal (\d+) summary: ", text, re.M)
    assert [int(k) for k in summaries] == list(range(1, len(record["hands"]) + 1))
    assert len(summaries) >= 9
    # every deal: a settlement as who pays whom that sums to the deal's scores
    for block in re.findall(r"^  Settlement: (.*)\.\n  Deal score: (.*)$", text, re.M):
        pays, scores = block
        net = dict.fromkeys(PLAYERS, 0)
        for payer, payee, amount in re.findall(r"([ESW])(?: \(you\))? pays? ([ESW])(?: \(you\))? (\d+)", pays):
            net[payer] -= int(amount)
            net[payee] += int(amount)
        shown = {p: int(v) for p, v in re.findall(r"([ESW]) ([+-]?\d+)", scores)}
        assert net == shown and sum(shown.values()) == 0
    # the score sheet's last row holds the final totals; no partner, no NS/EW
    sheet = text[text.rindex("Score sheet:"):]
    last = re.findall(r"^ +\d+  [ESW] .*?((?:  +-?\d+){3})$", sheet, re.M)[-1].split()
    assert [int(x) for x in last] == [totals[p] for p in PLAYERS]
    assert "partner" not in text and not re.search(r"\b(NS|EW)\b", text)
    assert "West (W) on your left and East (E) on your right" in text


def test_the_widow_is_turned_up_and_the_declarer_takes_it() -> None:
    _, text = run("cutthroat", 2, bid_first())
    shown = re.findall(r"^(\S+)(?: \(you\))? won the auction at \d+\.\nThe widow is turned up: ([^;]+); "
                       r"(you take it|[EW] takes it)\.$", text, re.M)
    assert shown
    for seat, widow, takes in shown:
        assert len(parse_cards(widow.split())) == 3
        assert takes == ("you take it" if seat == "S" else f"{seat} takes it")
    # before the auction ends the widow is face down
    first = text[:text.index("The widow is turned up")]
    assert "The widow: 3 cards face down" in first


def test_south_declares_melds_alone_and_buries_or_the_meld_makes_the_bid() -> None:
    _, text = run("cutthroat", 4, bid_first())
    assert re.search(r"^You are declarer at \d+\. Your hand: ", text, re.M)
    hands = re.findall(r"^You are declarer at \d+\. Your hand: (.*)$", text, re.M)
    assert all(len(h.split()) == 18 for h in hands)  # 15 and the widow's 3
    reviews = re.findall(r"^Meld \(trump .*\n((?:  .*\n)+)", text, re.M)
    assert reviews
    for review in reviews:
        rows = [r for r in review.splitlines() if re.match(r"  [ESW](?: \(you\))? +\d+   ", r)]
        assert len(rows) == 1, review  # only the declarer melds
    # a declarer's meld that makes the bid ends the hand: no play, single stakes
    no_play = re.findall(r"bid (\d+): the meld alone makes it \((\d+) >= \1\), so there is no play\.", text)
    assert no_play, "seed 4 has a deal whose meld makes the bid"
    assert re.search(r"made the bid with the meld alone \(\d+ >= \d+\): no play\.", text)


# ---------------------------------------------------------------- burying


def test_a_bad_burial_names_the_problem_and_asks_again() -> None:
    tried: list[str] = []

    def answer(prompt: str, text: str) -> str | None:
        if prompt.lstrip().startswith("Bury"):
            free = re.findall(r"\d+\) (\S+)", re.findall(r"You may bury \(cards not in your meld\): (.*)",
                                                          text)[-1])
            meld = re.findall(r"^  S \(you\) +\d+   (.*)$", text, re.M)[-1]
            melded = [c for c in re.findall(r"(\S+[♠♥♦♣])", meld) if c not in free]
            script = [f"{melded[0]} {free[0]} {free[1]}", f"{free[0]} {free[1]}", "1 2 99", "XX 1 2", ""]
            if len(tried) < len(script):
                tried.append(script[len(tried)])
                return tried[-1]
            return ""
        return bid_first(45)(prompt, text)

    for seed in range(1, 30):
        tried.clear()
        _, text = run("cutthroat", seed, answer)
        if tried:
            break
    else:
        pytest.fail("South never had to bury")
    melded_card = tried[0].split()[0]
    assert f"    Not allowed: the {melded_card} is in your meld: bury cards not used in meld" in text
    assert "    Not allowed: bury exactly 3 cards, not 2" in text
    assert "    Not allowed: there is no card 99: choose numbers 1 to " in text
    assert "    Not allowed: unknown card 'XX'" in text
    asked = re.findall(r"^    Bury 3 cards, or c to concede \[Enter: [^\]]+\]: (.*)$", text, re.M)
    assert asked[:5] == tried  # asked again after each refusal
    assert re.search(r"^You bury (\S+ ){2}\S+ face down \(they count as yours\)\.\nPlay \(S \(you\) leads\):$",
                     text, re.M)
    final(text)


def test_south_concedes_and_pays_each_opponent_the_stake_once() -> None:
    def answer(prompt: str, text: str) -> str | None:
        if prompt.lstrip().startswith("Bury"):
            return "c"
        return bid_first(60)(prompt, text)

    for seed in range(1, 30):
        _, text = run("cutthroat", seed, answer)
        if "S (you) concedes the hand." in text:
            break
    else:
        pytest.fail("South never conceded")
    bid = int(re.findall(r"^S \(you\) won the auction at (\d+)\.", text, re.M)[0])
    k = stake(bid)
    summary = text[text.index("S (you) concedes the hand."):]
    assert re.search(r"^  S \(you\) conceded before the play: a single loss to each opponent\.$", summary, re.M)
    assert f"  Settlement: S (you) pay E {k}, S (you) pay W {k}." in summary
    assert re.search(rf"^ +\d+  [ESW] +S {bid} +\S +conceded +\+{k} +-{2 * k} +\+{k}", summary, re.M)
    final(text)


# ---------------------------------------------------------------- the command


def test_pinochle_play_game_auction_starts() -> None:
    out = io.StringIO()
    status = main(["play", "--game", "auction", "--seed", "1", "--level", "easy"], stdin=io.StringIO(""),
                  stdout=out)
    text = out.getvalue()
    assert status == 0
    assert text.startswith("Pinochle (auction): 3 players, each alone, a widow of 3; settled by stakes;")
    assert re.search(r"^Auction \([ESW](?: \(you\))? calls first; the lowest bid is 250\):$", text, re.M)
    assert re.search(r"^Your hand: (\S+ *){15}$", text, re.M)
    assert "Input ended: you left the table." in text
    assert "The match stops after 0 finished hands: E 0, S 0, W 0." in text


def test_pinochle_play_game_cutthroat_plays_a_match_and_saves(tmp_path: Path) -> None:
    out = io.StringIO()
    path = tmp_path / "c.json"
    status = main(["play", "--game", "cutthroat", "--seed", "3", "--level", "easy", "--save", str(path)],
                  stdin=io.StringIO("\n" * 5000), stdout=out)
    assert status == 0
    totals, winner = final(out.getvalue())
    assert replay(json.loads(path.read_text(encoding="utf-8")))["totals"] == totals


def test_leaving_mid_match_gives_per_player_totals() -> None:
    status, text = run("cutthroat", 4, stdin="\n" * 60)
    assert status == 0 and "Input ended" in text
    m = re.search(r"The match stops after (\d+) finished hands?: E (-?\d+), S (-?\d+), W (-?\d+)\.", text)
    assert m and sum(int(x) for x in m.groups()[1:]) == 0


@pytest.mark.parametrize("game", ["cutthroat", "auction"])
def test_deal_k_of_the_match_length(game: str) -> None:
    deals = match_deals(GAMES[game])
    assert deals == 9 and match_deals(GAMES["table"]) is None  # docs/games/cutthroat.md, auction.md: nine deals
    _, text = run(game, 2, bid_first())
    numbers = [int(k) for k in re.findall(rf"^Deal (\d+) of {deals}   dealer ", text, re.M)]
    assert sorted(set(numbers)) == list(range(1, deals + 1))  # an annulled deal keeps its number
    assert f"a match of {deals} deals; the highest total wins" in text
    assert re.search(r"^Match over after \d+ deals", text, re.M)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_other_levels_play_the_widow_games_in_the_terminal(level: str) -> None:
    out = io.StringIO()
    status = play_match(seed=6, save=None, stdin=io.StringIO("\n" * 80), stdout=out, level=level, game="cutthroat",
                        rules=GAMES["cutthroat"].rules)
    text = out.getvalue()
    assert status == 0 and "Input ended: you left the table." in text
    assert re.search(r"^Deal 1 summary: ", text, re.M), "no deal finished in 80 answers"


def test_help_at_the_burial_prompt() -> None:
    helped: list[str] = []

    def answer(prompt: str, text: str) -> str | None:
        if prompt.lstrip().startswith("Bury") and not helped:
            helped.append(prompt)
            return "?"
        if prompt.lstrip().startswith("Bury"):
            return None  # leave the table
        return bid_first(45)(prompt, text)

    for seed in range(1, 30):
        helped.clear()
        _, text = run("cutthroat", seed, answer)
        if helped:
            break
    else:
        pytest.fail("South never had to bury")
    assert re.search(r"^    Type 3 cards such as \S+ \S+ \S+, or their numbers such as 1 2 3; the buried cards "
                     r"count as yours\. c concedes now: ", text, re.M)
    assert text.count("    Bury 3 cards, or c to concede") == 2  # asked again after the help
