"""The Hint where a player reaches for it (hint.css, views/hint.js, table-fit.css), from a fresh review:

- On a phone (360x740, 390x844) a long reason kept to three lines with a fade and a "more" chevron; players tapped
  it to read it whole. It is now a button (role, ``aria-expanded``, Enter or Space, a tap) that opens the reason
  whole and closes it again. Open, it rises over the felt from its last line: the controls under it and your
  cards stay where they were, uncovered. The longest reasons: a concession's (cutthroat, seed 112, South following
  the hints, tests/test_hint_widow.py) and a bid's with the Hard player's values. A reason that fits is no button.
- On a desktop (1100 to 1920 px) during the auction the Hint sat alone at the panel's far left; it now sits in the
  bid row, just right of Pass, and its reason beside it lies over no word, seat or card.
- On a desktop your hand lay 8 px above the window's foot; it now has room below it (16 px or more) and the page
  still never scrolls (1440x900, 1366x768, 1280x720, 1920x1080).
"""

from __future__ import annotations

from typing import Any

from .browser_kit import Hinting, Look, at_each, hinted, looks, on_fixture
from .browser_support import serious_axe
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_fit_all import south_views
from .test_browser_hint_desktop import OVER, REASONS
from .test_browser_layout import server  # noqa: F401  (server: the module's live server)
from .web_fixtures import Scripted

#: the reason's box, its shown words' box, the controls' and the hand's cards' boxes, and what lies under the words
BOXES = """() => {
  const rect = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const hit = (a, b) => a[0] < b[2] - 0.5 && b[0] < a[2] - 0.5 && a[1] < b[3] - 0.5 && b[1] < a[3] - 0.5;
  const r = document.getElementById('hint-reason');
  const shown = rect(r.querySelector('.hint-shown'));
  const under = [...document.querySelectorAll('#hand .card, #controls button, #controls output, #controls .meld-if, #hint-box .hint-btn')]
    .filter((e) => e.getClientRects().length && hit(shown, rect(e))).map((e) => e.dataset.testid || e.className);
  const top = document.elementFromPoint((shown[0] + shown[2]) / 2, shown[1] + 4);
  return { role: r.getAttribute('role'), expanded: r.getAttribute('aria-expanded'), tab: r.tabIndex,
           cut: r.scrollHeight - r.clientHeight, shown, box: rect(r), under, inView: shown[1] >= 0 && shown[3] <= innerHeight,
           onTop: Boolean(top && r.contains(top)), controls: rect(document.getElementById('controls')),
           hand: rect(document.getElementById('hand')), focused: document.activeElement === r };
}"""


def concession() -> tuple[dict[str, Any], dict[str, Any]]:
    """South's view at a cutthroat concession and its hint (the longest kind of reason a hand's play gives)."""
    from .test_hint_widow import hints_of_south

    v, h = next((v, h) for v, h in hints_of_south(112) if h["action"] == {"type": "concede"})
    return v.to_json(), h


def test_a_long_reason_on_a_phone_opens_whole_and_closes(server: Any) -> None:  # noqa: F811
    bid = south_views("table", None, False)["auction"]
    cases = {"concede": concession(),
             "bid": (bid, {"type": "hint", "action": {"type": "pass"}, "reason": REASONS["long"]}),
             "short": (bid, {"type": "hint", "action": {"type": "pass"}, "reason": "Pass: your hand is too weak."})}
    got: dict[str, Any] = {}
    for name, (v, reply) in cases.items():
        def script(s: Scripted, reply: dict[str, Any] = reply) -> None:
            s.reply = reply  # type: ignore[attr-defined]

        def measure(page: Any, _: Look, name: str = name) -> dict[str, Any]:
            reason = page.get_by_test_id("hint-reason")
            out = {"closed": page.evaluate(BOXES)}
            if name == "short":
                return out
            reason.click()
            out["open"] = page.evaluate(BOXES)
            out["axe"] = serious_axe(page)
            reason.click()
            out["closed2"] = page.evaluate(BOXES)
            reason.focus()
            page.keyboard.press("Enter")
            out["enter"] = page.evaluate(BOXES)
            page.keyboard.press("Space")
            out["space"] = page.evaluate(BOXES)
            page.keyboard.press("Space")
            out["opened-again"] = page.evaluate(BOXES)  # for the screenshot: open
            return out

        for key, m in at_each(looks(("dark", (360, 740)), ("light", (390, 844)), ("light", (320, 568))),
                              on_fixture(server.url, v, ready=hinted, scripted=Hinting, script=script, close_meld=True),
                              measure, f"hint-reach-phone-{name}").items():
            got[f"{name}-{key}"] = m
    for key, m in got.items():
        closed = m["closed"]
        if key.startswith("short"):  # it fits: nothing to open
            assert closed["cut"] <= 0 and closed["role"] is None and closed["expanded"] is None, (key, closed)
            continue
        assert closed["cut"] > 0 and closed["role"] == "button" and closed["expanded"] == "false" and closed["tab"] == 0, (key, closed)
        o = m["open"]
        assert o["expanded"] == "true" and o["role"] == "button", (key, o)
        assert o["cut"] <= 0 and o["inView"] and o["onTop"], (key, o)  # whole, in sight, on top of the felt
        assert o["under"] == [], (key, o)  # over none of your cards, the controls or the Hint button
        assert o["shown"][3] <= closed["box"][3] + 0.5, (key, o, closed)  # it rose from the closed box's foot
        assert o["controls"] == closed["controls"] and o["hand"] == closed["hand"], (key, o, closed)  # nothing moved
        assert m["axe"] == [], (key, m["axe"])
        assert m["closed2"]["expanded"] == "false" and m["closed2"]["cut"] > 0, (key, m["closed2"])  # a tap again
        assert m["enter"]["expanded"] == "true" and m["enter"]["focused"], (key, m["enter"])  # the keyboard
        assert m["space"]["expanded"] == "false" and m["space"]["focused"], (key, m["space"])


#: the Hint button's box and Pass's
BESIDE = """() => {
  const rect = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  return { hint: rect(document.querySelector('#hint-box .hint-btn')), pass: rect(document.querySelector('[data-testid=pass-button]')) };
}"""


def test_the_hint_sits_by_the_bid_controls_on_a_desktop(server: Any) -> None:  # noqa: F811
    got: dict[str, Any] = {}
    for game in ("table", "partnership-pass", "double-deck"):
        v = south_views(game, None, False)["auction"]

        def script(s: Scripted) -> None:
            s.reply = {"type": "hint", "action": {"type": "pass"}, "reason": REASONS["long"]}  # type: ignore[attr-defined]

        def measure(page: Any, _: Look) -> dict[str, Any]:
            return {**page.evaluate(BESIDE), **page.evaluate(OVER)}

        for key, m in at_each(looks(("light", (1100, 800)), ("light", (1440, 900)), ("dark", (1440, 900)), ("dark", (1920, 1080))),
                              on_fixture(server.url, v, ready=hinted, scripted=Hinting, script=script, close_meld=True),
                              measure, f"hint-reach-desktop-{game}").items():
            got[f"{game}-{key}"] = m
    for key, m in got.items():
        hint, pass_ = m["hint"], m["pass"]
        assert 0 <= hint[0] - pass_[2] <= 24, (key, hint, pass_)  # just right of Pass
        assert abs((hint[1] + hint[3]) / 2 - (pass_[1] + pass_[3]) / 2) <= 6, (key, hint, pass_)  # in its row
        assert m["over"] == [] and m["on"] == 0 and m["whole"] and m["scroll"] <= 1, (key, m)


ROOM = """() => {
  const cards = [...document.querySelectorAll('#hand .card')].map((c) => c.getBoundingClientRect());
  return { below: innerHeight - Math.max(...cards.map((c) => c.bottom)), scroll: document.scrollingElement.scrollHeight - innerHeight };
}"""


def test_the_hand_has_room_below_it_on_a_desktop(server: Any) -> None:  # noqa: F811
    got: dict[str, Any] = {}
    for game in ("table", "double-deck"):
        for phase, v in south_views(game, None, True).items():
            if phase not in ("auction", "trump", "play-5"):
                continue
            for key, m in at_each(looks(("light", (1440, 900)), ("dark", (1366, 768)), ("light", (1280, 720)), ("dark", (1920, 1080))),
                                  on_fixture(server.url, v, close_meld=True), lambda page, _: page.evaluate(ROOM),
                                  f"hint-reach-room-{game}-{phase}").items():
                got[f"{game}-{phase}-{key}"] = m
    for key, m in got.items():
        assert m["below"] >= 16 and m["scroll"] <= 1, (key, m)
