"""The fifth review's words, from the page's own modules (run in Debian's Chromium: the harness of
tests/test_settings_js.py).

- ``wherePieces`` (pinochle/web/views/review.js): where a reviewed decision was made, from the server's
  ``context``, in a player's words for every kind of decision (a card, a call, trump, the pass, the burial,
  conceding, two-handed's meld turn), and nothing for a review kept before it had a context.
- ``agree`` (pinochle/web/words.js): a name as a sentence's subject takes its verb in agreement, "You win",
  "West wins"; the replay viewer's trick line says "— You win" when your card took the trick (it said
  "You wins"), and a settlement's line "You pay West 10".
"""

from __future__ import annotations

from typing import Any

import pytest

from .test_replay_view_js import held_by_engine
from .test_settings_js import base_url, in_browser

__all__ = ["base_url"]

pytestmark = pytest.mark.usefixtures("needs_chromium")

NAMES = {"N": "Partner", "E": "East", "S": "You", "W": "West"}


def test_a_name_and_its_verb_agree(base_url: str) -> None:
    def script(page: Any) -> Any:
        return page.evaluate("""async () => {
          const m = await import('/words.js');
          return [m.agree('You', 'win', 'wins'), m.agree('West', 'win', 'wins'), m.agree('Partner', 'take', 'takes'),
                  m.agree('You', 'pay', 'pays'), m.agree('Bob', 'pass', 'passes')];
        }""")

    assert in_browser(base_url, script) == ["You win", "West wins", "Partner takes", "You pay", "Bob passes"]


def test_the_replays_trick_line_says_you_win(base_url: str) -> None:
    history, _ = held_by_engine("table")
    tricks = history["replays"][0]["tricks"]
    winners = [t["winner"] for t in tricks]
    assert "S" in winners and set(winners) - {"S"}, winners  # both kinds of trick in this hand

    def script(page: Any) -> Any:
        return page.evaluate("""async ([history, names, steps]) => {
          const m = await import('/views/replay.js');
          return steps.map((k) => {
            const r = m.renderReplay(history, 0, k, (seat) => names[seat]);
            return {line: r.body.querySelector('.replay-trick').textContent,
                    heads: [...r.body.querySelectorAll('.replay-seat h3')].map(e => e.textContent)};
          });
        }""", [history, NAMES, list(range(1, len(tricks) + 1))])

    got = in_browser(base_url, script)
    for trick, out in zip(tricks, got):
        want = "You win" if trick["winner"] == "S" else f"{NAMES[trick['winner']]} wins"
        assert out["line"].endswith(f"— {want}"), (trick["winner"], out["line"])
        assert "wins" not in out["line"] or not out["line"].endswith("You wins")
        assert all(not h.endswith("plays") for h in out["heads"]), out["heads"]


def ctx(**kw: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"trick": None, "table": [], "high_bid": None, "high_bidder": None, "declarer": None,
                           "bid": None, "trump": None}
    out.update(kw)
    return out


WHERE = [
    ({"seat": "S", "phase": "play", "context": ctx(trick=5, table=[{"seat": "E", "card": "KS"}], declarer="W", bid=250, trump="H")},
     "Trick 5: East led K♠; Hearts trump."),
    ({"seat": "S", "phase": "play", "context": ctx(trick=1, declarer="S", bid=250, trump="H")}, "Trick 1: your lead, Hearts trump."),
    ({"seat": "S", "phase": "auction", "context": ctx(high_bid=300, high_bidder="W")}, "Bidding: high bid 300, West."),
    ({"seat": "S", "phase": "auction", "context": ctx()}, "Bidding: no bid yet."),
    ({"seat": "S", "phase": "trump", "context": ctx(declarer="S", bid=300, high_bid=300, high_bidder="S")},
     "Naming trump: you won the bid at 300."),
    ({"seat": "S", "phase": "exchange", "context": ctx(declarer="N", bid=260, trump="S")},
     "Passing cards to Partner: Partner won the bid at 260, Spades trump."),
    ({"seat": "S", "phase": "exchange", "context": ctx(declarer="S", bid=260, trump="S")},
     "Passing cards back to your partner: you won the bid at 260, Spades trump."),
    ({"seat": "S", "phase": "bury", "context": ctx(declarer="S", bid=30, trump="C")}, "Burying: you won the bid at 30, Clubs trump."),
    ({"seat": "S", "phase": "concede", "context": ctx(declarer="S", bid=250, trump="D")},
     "Conceding or playing on: you won the bid at 250, Diamonds trump."),
    ({"seat": "S", "phase": "stock_meld", "context": ctx(trick=4, trump="D")}, "Melding after trick 3; Diamonds trump."),
    ({"seat": "S", "phase": "play"}, None),
]


def test_where_each_decision_was_made_in_words(base_url: str) -> None:
    def script(page: Any) -> Any:
        return page.evaluate("""async ([cases, names]) => {
          const m = await import('/views/review.js');
          return cases.map((d) => {
            const p = m.wherePieces(d, (seat) => (seat === d.seat ? 'You' : names[seat]));
            return p === null ? null : p.map((x) => (typeof x === 'string' ? x : x.textContent)).join('');
          });
        }""", [[d for d, _ in WHERE], NAMES])

    got = [None if g is None else g.replace("\ufe0e", "") for g in in_browser(base_url, script)]
    assert got == [want for _, want in WHERE]


def test_a_hand_result_spoken_keeps_you_in_lower_case_after_its_colon(base_url: str) -> None:
    """Cutthroat's spoken result: "You conceded 30: you pay East 1, you pay West 1." (it said "...: You pay East
    1"), a name other than you keeping its capital."""
    def script(page: Any) -> Any:
        return page.evaluate("""async () => {
          const m = await import('/words.js');
          const names = {E: 'East', S: 'You', W: 'West'};
          const s = {sidesOrder: ['E', 'S', 'W'], lineup: null, name: (x) => names[x], sideName: (x) => names[x],
                     isMe: (x) => x === 'S', verb: (x, one, other) => (x === 'S' ? one : other)};
          const base = {declarer: 'S', bid: 30, totals: {E: 10, S: 5, W: 7}};
          return [m.handResultWords(s, {...base, made: false, played: false,
                                        transfers: [{from: 'S', to: 'E', amount: 1}, {from: 'S', to: 'W', amount: 1}]}),
                  m.handResultWords(s, {...base, made: true, transfers: [{from: 'E', to: 'S', amount: 2}]})];
        }""")

    assert in_browser(base_url, script) == ["You conceded 30: you pay East 1, you pay West 1. Match: East 10, you 5, West 7.",
                                            "You made 30: East pays you 2. Match: East 10, you 5, West 7."]
