"""The terminal game (``pinochle play --game two-handed``; VARIANTS.md ``two-handed``), driven
with scripted input against an Easy computer player at N.

Each transcript is checked against the engine: the saved record's replay (the totals), the melds the
rules allow right now (:func:`pinochle.games.two_handed.declarable` of the person's view), and what the
person may see (the other player's draws are never named, but for the upcard everyone saw).
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from pinochle.cli import main
from pinochle.records import replay
from pinochle.terminal import play_match

from .test_terminal import Answer, Scripted

GAME = "two-handed"


def run(seed: int, answer: Answer, save: str | None = None) -> tuple[int, str]:
    """Play a two-handed match against Easy, answering each prompt with ``answer``."""
    out = io.StringIO()
    status = play_match(seed=seed, save=save, stdin=Scripted(out, answer), stdout=out, level="easy", game=GAME)
    return status, out.getvalue()


def one_hand(meld: str = "1", dix: bool = True) -> Answer:
    """Play the first hand: at a meld question the meld ``meld`` when offered (else pass), the dix when
    offered and ``dix``; Enter at every card; leave once the first hand is scored."""
    def answer(prompt: str, text: str) -> str | None:
        if re.search(r"^Hand 1 summary", text, re.M):
            return None
        if prompt.lstrip().startswith("Your meld"):
            block = text[text.rfind("You won the trick"):]
            if dix and "d) the dix" in block:
                return "d"
            return meld if f"  {meld}) " in block else "p"
        return ""
    return answer


def hand_one(text: str) -> str:
    """The transcript of the first hand, from its header to its summary's last line."""
    start = text.index("Hand 1   dealer")
    return text[start:text.index("=" * 64, text.index("Hand 1 summary"))]


def test_one_hand_shows_the_stock_the_tables_the_melds_offered_and_the_endgame(tmp_path: Path) -> None:
    path = tmp_path / "two.json"
    status, text = run(9, one_hand(), save=str(path))
    assert status == 0 and "Input ended: you left the table." in text
    assert text.startswith("Pinochle (two-handed): two players, 12 cards each and a stock;")
    assert "the match is to 1000" in text
    hand = hand_one(text)
    assert re.search(r"^Your hand: (\S+ *){12}$", hand, re.M)
    # the stock shrinks by two after each trick of the first 12, down to the endgame
    left = [int(n) for n in re.findall(r"^    Stock: (\d+) cards? face down", hand, re.M)]
    assert left[0] == 24 and left == sorted(left, reverse=True) and all(n % 2 == 0 for n in left)
    drawn = [int(n) for n in re.findall(r"^  Draw: .*; (\d+) left in the stock$", hand, re.M)]
    assert drawn == list(range(22, -1, -2))
    # both tables are shown at every card while the stock lasts, each card with the melds it served
    assert len(re.findall(r"^    On the table: N .*   \|   you ", hand, re.M)) == len(left)
    # a meld question only after a trick the person won, before the draw
    lines = hand.splitlines()
    for i, line in enumerate(lines):
        if "You won the trick" in line:
            trick = next(x for x in reversed(lines[:i]) if x.startswith("  Trick ") and "takes it" in x)
            assert trick.endswith(")") and "-> S (you) takes it" in trick, trick
    # every meld the person declared is one of those offered just before: name, cards and points
    offered: set[tuple[str, str]] = set()
    melded = 0
    for line in lines:
        if "You won the trick" in line:
            offered = set()
        if (o := re.match(r"^      \d+\) (.+) (\d+): (.+)$", line)) is not None:
            offered.add((f"{o[1]} {o[3]}", o[2]))
        if (d := re.match(r"^  S \(you\)      melds (.+) \(\+(\d+)\)$", line)) is not None:
            assert (d[1], d[2]) in offered, (line, offered)
            melded += 1
    assert melded >= 1
    # one endgame marker, after the last draw; then the endgame's 12 tricks follow suit
    assert hand.count("The stock is gone: the endgame.") == 1
    after = hand[hand.index("The stock is gone: the endgame."):]
    assert "Draw:" not in after and "You won the trick" not in after
    assert len(re.findall(r"^  Trick +\d+: .* takes it", after, re.M)) == 12
    assert "(+" in after and ", last trick)" in after
    # the other player's draws are never named, but for the upcard (everyone saw it)
    for theirs in re.findall(r"^  Draw: you \S+, N (.+); \d+ left", hand, re.M):
        assert theirs == "a card" or theirs.startswith("the upcard "), theirs
    # the dix: exchanged for the upcard the first time
    assert re.search(r"^  S \(you\)      scores the dix 9\S \(\+10\) and exchanges it for the upcard \S+$", hand, re.M)
    # the record of the hand replays to the totals the terminal gave
    m = re.search(r"The match stops after 1 finished hand: N (\d+), S (\d+)\.", text)
    assert m, text[-500:]
    assert replay(json.loads(path.read_text(encoding="utf-8")))["totals"] == {"N": int(m[1]), "S": int(m[2])}
    summary = hand[hand.index("Hand 1 summary"):]
    row = re.search(r"^  S +(\d+) +(\d+) +(\d+) +([+-]?\d+)$", summary, re.M)
    assert row and int(row[1]) + int(row[3]) == int(m[2])  # meld + counters
    points = [int(p) for p in re.findall(r"^  S \(you\)      (?:melds .+|scores the dix .+) \(\+(\d+)\)", hand, re.M)]
    assert sum(points) == int(row[1])  # every meld told as it was declared


def test_a_bad_meld_answer_names_the_problem_and_asks_again() -> None:
    asked: list[str] = []

    def answer(prompt: str, text: str) -> str | None:
        if prompt.lstrip().startswith("Your meld"):
            asked.append(text[text.rfind("You won the trick"):])
            if len(asked) == 1:
                return "9"  # no such number
            if len(asked) == 2:
                return "AS AS"  # not a meld
            return None
        return ""
    status, text = run(9, answer)
    assert status == 0 and len(asked) == 3
    assert "There is no meld 9: choose 1 to" in asked[1]
    assert "    Not allowed: " in asked[2]
    assert asked[2].count("You won the trick") == 1  # the same question again: nothing was declared


def test_a_match_plays_to_1000_from_the_command_line(tmp_path: Path) -> None:
    out = io.StringIO()
    path = tmp_path / "m.json"
    status = main(["play", "--game", GAME, "--seed", "7", "--level", "easy", "--save", str(path)],
                  stdin=io.StringIO("\n" * 5000), stdout=out)
    text = out.getvalue()
    assert status == 0
    m = re.search(r"^Final totals: N (\d+), S (\d+)$", text, re.M)
    w = re.search(r"^Winner: ([NS]) - ", text, re.M)
    hands = re.search(r"^Match over after (\d+) hands\.$", text, re.M)
    assert m and w and hands, text[-1500:]
    totals = {"N": int(m[1]), "S": int(m[2])}
    assert max(totals.values()) >= 1000 and totals[w[1]] == max(totals.values()) and totals["N"] != totals["S"]
    assert replay(json.loads(path.read_text(encoding="utf-8")))["totals"] == totals
    assert text.count("Hand ") >= int(hands[1]) and text.count("The stock is gone: the endgame.") == int(hands[1])
    sheet = text[text.rindex("Score sheet:"):]
    assert len(re.findall(r"^ +\d+  [NS] ", sheet, re.M)) == int(hands[1])
