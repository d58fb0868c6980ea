"""The ninth finishing fixes of issue 30 (a commercial-grade table) in the browser.

- Two-handed plays from your hand or your melds: when the hint's card is one of your melded cards lying face up on
  the felt, the ring goes on that card (views/hint.js looks for the card where it is shown, the hand then your
  board), as it does on a card in your hand; it rang nothing. South's view comes from a deal played by the simple
  computer player (tests/test_browser_aids7.py ``south_at``), the hint's answer is a test's naming that card.
"""

from __future__ import annotations

from typing import Any

from pinochle.cards import Seat
from pinochle.game import State, view

from .browser_kit import Hinting, at_each, hinted, looks, on_fixture
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_aids7 import south_at
from .test_browser_layout import server  # noqa: F401  (server: the module's live server)
from .web_fixtures import Scripted

RINGED = """() => [...document.querySelectorAll('.hinted')].map((e) => ({
  testid: e.dataset.testid || '', card: e.dataset.card || '', onBoard: Boolean(e.closest('.board.mine')),
  outline: getComputedStyle(e).outlineStyle, described: (e.getAttribute('aria-describedby') || '').split(' ') }))"""


def melded_only_playable(s: State) -> bool:
    """South plays a trick with a playable melded card that is in no copy in its hand."""
    j = view(s, Seat.S).to_json()
    return s.phase == "stock_play" and any(t["card"] in j["legal"].get("play", []) and t["card"] not in j["hand"]
                                           for t in j["table"].get("S", []))


def test_the_hint_rings_a_melded_card_on_the_felt(server: Any) -> None:  # noqa: F811
    v = view(south_at(13, melded_only_playable), Seat.S).to_json()
    card = next(t["card"] for t in v["table"]["S"] if t["card"] in v["legal"]["play"] and t["card"] not in v["hand"])
    answer = {"type": "hint", "action": {"type": "play", "card": card}, "reason": "Play from your melds."}

    def script(s: Scripted) -> None:
        s.reply = answer  # type: ignore[attr-defined]

    got = at_each(looks(("light", (360, 740)), ("dark", (360, 740)), ("light", (1440, 900)), ("dark", (1440, 900))),
                  on_fixture(server.url, v, ready=hinted, scripted=Hinting, script=script),
                  lambda page, _: page.evaluate(RINGED), "aids9-melded-ring")
    for key, ringed in got.items():
        assert len(ringed) == 1, (key, ringed)
        r = ringed[0]
        assert (r["testid"], r["card"], r["onBoard"], r["outline"]) == ("table-card", card, True, "solid"), (key, r)
        assert "hint-reason" in r["described"], (key, r)
