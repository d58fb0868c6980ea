"""A seat's name inside a sentence (pinochle/web/words.js ``midName``): your seat is "You" at a sentence's start
and "you" inside one, after a comma, a semicolon or a word ("to you; you passed back", "Got from you",
"passed by you"; the fourteenth review found "…to you; You passed back…" in the replay).

Every game's replay, each step of a hand (the deal, the pass or the widow, every trick), with you at each seat in
turn: its words on the page, what a screen reader hears of the step, and every card's label; and the other lines
built from a seat's name (the review's "where", the turned card's label, the bid prompt, the trick's label).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from pinochle.games import GAMES

from .test_replay_view_js import held_by_engine
from .test_settings_js import base_url, in_browser

__all__ = ["base_url"]

pytestmark = pytest.mark.usefixtures("needs_chromium")

#: "You" where a sentence goes on: after a comma or a semicolon, or after a word ("to You", "by You").
MID_YOU = re.compile(r"(?:[,;]|\b(?:to|by|from|for|over|at|and|with)) You\b")

#: Every step of hand 1 in words (page text, the step said, the cards' labels), with `you` named "You".
STEPS = """async ([history, you]) => {
  const m = await import('/views/replay.js');
  const names = {N: 'North', E: 'East', S: 'South', W: 'West'};
  const nameAt = (seat) => (seat === you ? 'You' : names[seat] ?? seat);
  const steps = m.renderReplay(history, 0, 0, nameAt).steps;
  const out = [];
  for (let k = 0; k <= steps; k++) {
    const r = m.renderReplay(history, 0, k, nameAt);
    out.push(r.body.textContent, r.said,
      ...[...r.body.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')));
  }
  return out;
}"""


def test_every_replay_step_names_you_in_lower_case_inside_a_sentence(base_url: str) -> None:
    lines: list[str] = []
    for game, g in GAMES.items():
        if not g.playable:
            continue
        history, _ = held_by_engine(game)
        seats = list(history["hands"][0]["hands"])

        def script(page: Any, history: Any = history, seats: list[str] = seats) -> Any:
            return [page.evaluate(STEPS, [history, you]) for you in seats]

        for got in in_browser(base_url, script):
            lines += got
    assert any("passed back" in line for line in lines)  # a pass was among them
    assert any(" you" in line for line in lines)
    bad = [line for line in lines if MID_YOU.search(line)]
    assert not bad, bad[:5]


OTHER_LINES = """async () => {
  const w = await import('/words.js');
  const rv = await import('/views/review.js');
  const name = (seat) => (seat === 'S' ? 'You' : {N: 'North', E: 'East', W: 'West'}[seat]);
  const text = (pieces) => pieces.map((p) => (typeof p === 'string' ? p : p.textContent)).join('');
  return [
    // the review's "where" at a trick you played into, and in the auction with you the high bidder
    text(rv.wherePieces({seat: 'N', phase: 'play', context: {trick: 3, trump: 'S',
      table: [{seat: 'E', card: 'KH'}, {seat: 'S', card: 'AH'}]}}, name)),
    text(rv.wherePieces({seat: 'N', phase: 'auction', context: {high_bid: 300, high_bidder: 'S'}}, name)),
    // the turned card's label when you exchanged the dix for it
    w.DIX.turnedLabel('the ten of clubs', 'You'),
  ];
}"""


def test_other_lines_name_you_in_lower_case_inside_a_sentence(base_url: str) -> None:
    got = in_browser(base_url, lambda page: page.evaluate(OTHER_LINES))
    assert got[0] == "Trick 3: East led K♥, you played A♥; Spades trump." or ", you played" in got[0], got
    assert got[1] == "Bidding: high bid 300, you.", got
    assert got[2] == "Turned for trump: the ten of clubs; you exchanged the dix for it", got
    assert not [line for line in got if MID_YOU.search(line)], got
