"""The ninth finishing fixes of issue 30 (a commercial-grade table) in the browser.

- Two-handed plays from your hand or your melds: when the hint's card is one of your melded cards lying face up on
  the felt, the ring goes on that card (views/hint.js looks for the card where it is shown, the hand then your
  board), as it does on a card in your hand; it rang nothing. South's view comes from a deal played by the simple
  computer player (tests/test_browser_aids7.py ``south_at``), the hint's answer is a test's naming that card.
- On a phone a long hint reason scrolls inside three lines (felt8.css): it now shows that there is more, its last
  line fading under a "more" chevron at the bottom edge (hint.css, the reason's ``::after``, a scroll-state query)
  until it is scrolled to the end, with reduced motion too; a reason that fits shows no cue. The reason stays in the tab order, axe 0 serious or critical, at
  360x740 light and dark.
"""

from __future__ import annotations

from typing import Any

from pinochle.cards import Seat
from pinochle.game import State, view

from .browser_kit import Hinting, Look, at_each, hinted, looks, on_fixture
from .browser_support import serious_axe
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


#: A long reason, as a concession's reckoning is (three lines hold a part of it at 360 px).
LONG = ("Play the K\u2660 from your melds: it wins this trick, your side then has 150 of the 250 it needs with the "
        "last trick still to come, the opponent holds the A\u2660 and the 10\u2660 it can no longer save, and "
        "leading trump now draws the last of them before the stock runs out, so every counter left falls to you.")

CUE = """() => {
  const r = document.getElementById('hint-reason');
  const cue = () => { const a = getComputedStyle(r, '::after');  // drawn: a box with the chevron
    return a.content !== 'none' && a.display !== 'none' && parseFloat(a.height) > 0 ? 1 : 0; };
  const box = r.getBoundingClientRect();
  const out = { over: r.scrollHeight - r.clientHeight, top: cue(), tab: r.tabIndex,
                lines: Math.round(r.clientHeight / parseFloat(getComputedStyle(r).lineHeight)),
                inView: box.top >= 0 && box.bottom <= innerHeight };
  r.scrollTop = r.scrollHeight;
  return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
    out.end = cue(); r.scrollTop = 0; done(out);
  })));
}"""


def test_a_long_hint_reason_on_a_phone_shows_there_is_more(server: Any) -> None:  # noqa: F811
    v = view(south_at(13, melded_only_playable), Seat.S).to_json()
    card = next(t["card"] for t in v["table"]["S"] if t["card"] in v["legal"]["play"] and t["card"] not in v["hand"])
    got: dict[str, Any] = {}
    for name, reason in (("long", LONG), ("short", "Play from your melds.")):
        def script(s: Scripted, reason: str = reason) -> None:
            s.reply = {"type": "hint", "action": {"type": "play", "card": card}, "reason": reason}  # type: ignore[attr-defined]

        def measure(page: Any, _: Look) -> dict[str, Any]:
            return {**page.evaluate(CUE), "axe": serious_axe(page)}

        for key, m in at_each(looks(("light", (360, 740)), ("dark", (360, 740))),
                              on_fixture(server.url, v, ready=hinted, scripted=Hinting, script=script),
                              measure, f"aids9-more-{name}").items():
            got[f"{name}-{key}"] = m
    for key, m in got.items():
        assert m["tab"] == 0 and m["inView"] and m["axe"] == [], (key, m)
        if key.startswith("long"):  # more below: the cue shows at the top, and is gone at the end
            assert m["over"] > 0 and m["lines"] == 3 and m["top"] > 0.9 and m["end"] < 0.1, (key, m)
        else:  # it fits: no cue
            assert m["over"] <= 0 and m["top"] < 0.1, (key, m)
