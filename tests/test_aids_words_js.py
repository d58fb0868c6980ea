"""What a screen reader is given for the aids, as words (pinochle/web/dom.js ``cardsInWords``,
pinochle/web/views/replay.js ``saidAt``).

The functions run in Debian's Chromium (the harness of tests/test_settings_js.py).

- ``cardsInWords``: the server's reasons name cards as "10♠" (docs/protocol.md, "Hints"); read aloud,
  a suit symbol is "black spade suit", so the words given to a screen reader are "ten of spades", with
  a suit on its own named too and the text presentation selector (U+FE0E) dropped.
- ``saidAt``: each step of the replay viewer in words: the deal with the contract, or a trick with
  each seat's card named in full and who won it.
"""

from __future__ import annotations

from typing import Any

import pytest

from .test_settings_js import base_url, in_browser

__all__ = ["base_url"]

pytestmark = pytest.mark.usefixtures("needs_chromium")

REASONS = {
    "Play the 10♠: your partner's A♠ is winning, and this gives your side 10 more counters.":
        "Play the ten of spades: your partner's ace of spades is winning, and this gives your side 10 more counters.",
    "Pass back the A♥ and 10♥: your partner is void in hearts and you keep your run.":
        "Pass back the ace of hearts and ten of hearts: your partner is void in hearts and you keep your run.",
    "Play the J\u2663\ufe0e: it is your lowest club.": "Play the jack of clubs: it is your lowest club.",
    "Play the 9♦: no ♦ above it is left.": "Play the nine of diamonds: no diamonds above it is left.",
    "Name spades trump: your meld with spades as trump is 190.": "Name spades trump: your meld with spades as trump is 190.",
    "": "",
}


def test_cards_in_words(base_url: str) -> None:
    def script(page: Any) -> Any:
        return page.evaluate("""async (texts) => {
          const m = await import('/dom.js');
          return texts.map((t) => m.cardsInWords(t));
        }""", list(REASONS))

    assert in_browser(base_url, script) == list(REASONS.values())


def test_each_replay_step_in_words(base_url: str) -> None:
    names = {"N": "Partner", "E": "East", "S": "You", "W": "West"}

    def script(page: Any) -> Any:
        return page.evaluate("""async (names) => {
          const m = await import('/views/replay.js');
          const name = (s) => names[s];
          const rp = {number: 3, declarer: "W", bid: 250, trump: "H"};
          const trick = {seats: ["W", "N", "E", "S"], cards: ["AS", "KS", "9S", "TS"], winner: "W"};
          return [
            m.saidAt(rp, null, "The deal, the auction and the meld", name),
            m.saidAt(rp, trick, "Trick 1 of 12", name),
            m.saidAt({number: 4, thrown_in: true}, null, "The deal, the auction and the meld", name),
          ];
        }""", names)

    assert in_browser(base_url, script) == [
        "The deal, the auction and the meld of hand 3. West took the bid at 250, hearts trump.",
        "Trick 1 of 12. West: Ace of spades, Partner: King of spades, East: Nine of spades, you: Ten of spades."
        " West won the trick.",
        "The deal, the auction and the meld of hand 4. Thrown in: nobody bid.",
    ]
