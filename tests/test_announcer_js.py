"""``pinochle/web/announcer.js``: what the screen reader hears as a hand begins and as the widow is taken.

The functions run in Debian's Chromium (the harness of tests/test_settings_js.py), on views shaped as
docs/protocol.md describes them: turned-trump's ``turned`` and two-handed's ``upcard`` are said with the
view's trump; cutthroat's widow is named card by card as the declarer takes it, the burial confirmed to the
declarer; two-handed's draws in words, not suit signs; a match's end ends its sentence.
"""

from __future__ import annotations

from typing import Any

import pytest

from .test_settings_js import base_url, in_browser

__all__ = ["base_url"]

pytestmark = pytest.mark.usefixtures("needs_chromium")

# A table's names as the page's seat helper gives them (the parts announceChanges reads), and an #announcer box.
STUB = """
  document.body.append(Object.assign(document.createElement('div'), { id: 'announcer' }));
  const names = { S: 'You', N: 'Partner', E: 'East', W: 'West' };
  const s = { spoken: (x) => names[x], name: (x) => names[x], verb: (x, you, other) => (x === 'S' ? you : other),
              isMe: (x) => x === 'S', order: ['N', 'E', 'S', 'W'], sidesOrder: ['E', 'S', 'W'], seats: ['E', 'S', 'W'],
              sideWords: (x) => names[x], sideSeats: () => ['W'], mySide: 'S' };
  const heard = () => [...document.getElementById('announcer').children].map((p) => p.textContent).join(' | ');
"""

BASE = {"hand_number": 1, "dealer": "W", "auction": [], "tricks": [], "melds": {}, "phase": "play",
        "legal": {}, "seat": "S"}


def run(base_url: str, body: str, arg: Any = None) -> Any:
    """Evaluate ``body`` with ``m`` = the announcer module, the stub ``s`` and ``heard()``."""
    script = f"async (arg) => {{ const m = await import('/announcer.js'); {STUB} {body} }}"
    return in_browser(base_url, lambda page: page.evaluate(script, arg))


def test_the_turned_card_is_said_with_its_trump(base_url: str) -> None:
    got = run(base_url, """return [m.turnedWords({ turned: 'AD', trump: 'D' }), m.turnedWords({ upcard: 'TS', trump: 'S' }),
      m.turnedWords({ trump: 'S' }), m.turnedWords({ upcard: '9H' })];""")
    assert got == ["The ace of diamonds is turned: diamonds are trump.", "The ten of spades is turned: spades are trump.",
                   None, "The nine of hearts is turned."]


def test_a_new_hand_says_the_turned_card(base_url: str) -> None:
    got = run(base_url, """m.announceChanges(s, arg.prev, arg.next); return heard();""",
              {"prev": BASE, "next": {**BASE, "hand_number": 2, "dealer": "N", "turned": "KC", "trump": "C",
                                      "phase": "meld", "legal": {}}})
    assert "The king of clubs is turned: clubs are trump." in got, got


def test_the_widow_is_named_as_it_is_taken_and_the_burial_confirmed(base_url: str) -> None:
    before = {**BASE, "phase": "widow", "widow_down": 3}
    taken = {**BASE, "phase": "bury", "widow": ["JS", "JH", "QC"], "widow_taken_by": "S"}
    buried = {**taken, "phase": "trump", "buried": ["9D", "9C", "JD"]}
    got = run(base_url, """m.announceChanges(s, arg.before, arg.taken); const a = heard();
      document.getElementById('announcer').replaceChildren(); m.announceChanges(s, arg.taken, arg.buried);
      return [a, heard(), m.widowWords(s, { ...arg.taken, widow_taken_by: 'W' })];""",
              {"before": before, "taken": taken, "buried": buried})
    assert "You took the widow: the jack of spades, the jack of hearts and the queen of clubs." in got[0], got
    assert "You buried the nine of diamonds, the nine of clubs and the jack of diamonds." in got[1], got
    assert got[2] == "West took the widow: the jack of spades, the jack of hearts and the queen of clubs."


def test_two_handed_draws_are_said_in_words(base_url: str) -> None:
    got = run(base_url, """const { newsWords } = await import('/views/stock.js');
      const news = { drawn: new Map([['KD', 1]]) };
      return [newsWords(s, { seat: 'S' }, { seat: 'S' }, news, (await import('/dom.js')).cardWords),
              newsWords(s, { seat: 'S' }, { seat: 'S' }, news).join('').replace('\\ufe0e', '')];""")
    assert got[0] == ["You drew the king of diamonds."], got
    assert got[1] == "You drew K♦.", got


def test_the_match_end_is_a_sentence(base_url: str) -> None:
    got = run(base_url, """m.announceChanges(s, { ...arg, phase: 'play' }, { ...arg, phase: 'match_end', winner: 'W',
        why_won: 'Only the winning side reached 1500.' }); return heard();""", BASE)
    assert "West wins. Only the winning side reached 1500." in got, got
