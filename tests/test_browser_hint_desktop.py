"""The Hint on a desktop (hint.css, from 1100 px): its reason sits at the panel's left, beside the centred status
line, and never lies over the sides' lines under it ("Us Tricks 0 Counters 0 Meld 50, needs a trick"): at 1440x900
a two-line reason ran into the "Us" line (a fresh review's finding). South's view is the table game at its first
trick with the meld on (the sides' lines at their longest), the hint's answer a test's, as long as a real one."""

from __future__ import annotations

from typing import Any

from .browser_kit import Hinting, Look, at_each, hinted, looks, on_fixture
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_fit_all import south_views
from .test_browser_layout import server  # noqa: F401  (server: the module's live server)
from .web_fixtures import Scripted

#: as long as the hint the review saw: "Play the K♥: your partner's A♥ is winning, and this gives your side 10
#: more counters." and longer (a bid's reason runs to 240 characters)
REASONS = {
    "two-lines": "Play the K\u2665: your partner's A\u2665 is winning, and this gives your side 10 more counters.",
    "long": ("Pass: bidding 260, your side would be set in 14 of 24 deals (a set costs 260) and on average make 250 "
             "(your 90 meld in hearts, 30 from your partner, 130 counters) and end the hand 80 behind."),
}

OVER = """() => {
  const rect = (q) => [q.left, q.top, q.right, q.bottom];
  const hit = (a, b) => a[0] < b[2] - 0.5 && b[0] < a[2] - 0.5 && a[1] < b[3] - 0.5 && b[1] < a[3] - 0.5;
  const reason = document.getElementById('hint-reason');
  const mine = [...reason.getClientRects()].map(rect).concat(
    [...document.querySelectorAll('#hint-box .hint-btn')].map((b) => rect(b.getBoundingClientRect())));
  const things = [...document.querySelectorAll('#felt .card, #felt .seat, #felt .felt-meld, #hand .card')]
    .filter((e) => e.getClientRects().length && mine.some((m) => hit(m, rect(e.getBoundingClientRect()))));
  const words = [...document.querySelectorAll('#sides *, #status, #controls *')]
    .filter((e) => e.childElementCount === 0 && e.textContent.trim() && e.getClientRects().length);
  const text = (e) => { const r = document.createRange(); r.selectNodeContents(e); return [...r.getClientRects()].map(rect); };
  const panel = rect(document.querySelector('.panel').getBoundingClientRect());
  const box = rect(reason.getBoundingClientRect());
  return { over: words.filter((e) => text(e).some((q) => mine.some((m) => hit(m, q)))).map((e) => e.textContent.trim()),
           whole: reason.scrollHeight <= reason.clientHeight + 1, below: box[3] <= panel[3] + 0.5, on: things.length,
           scroll: document.scrollingElement.scrollHeight - innerHeight, shown: reason.textContent, box, panel };
}"""


def test_the_hint_reason_on_a_desktop_lies_over_no_words(server: Any) -> None:  # noqa: F811
    v = south_views("table", None, False)["play"]
    card = v["legal"]["play"][0]
    got: dict[str, Any] = {}
    for name, reason in REASONS.items():
        def script(s: Scripted, reason: str = reason) -> None:
            s.reply = {"type": "hint", "action": {"type": "play", "card": card}, "reason": reason}  # type: ignore[attr-defined]

        def measure(page: Any, _: Look) -> dict[str, Any]:
            return dict(page.evaluate(OVER))

        for key, m in at_each(looks(("light", (1440, 900)), ("dark", (1440, 900)), ("light", (1280, 800)),
                                    ("light", (1100, 800)), ("dark", (1920, 1080))),
                              on_fixture(server.url, v, ready=hinted, scripted=Hinting, script=script),
                              measure, f"hint-desktop-{name}").items():
            got[f"{name}-{key}"] = m
    for key, m in got.items():
        assert m["shown"], (key, m)
        assert m["over"] == [], (key, m)  # no word of the sides' lines, the status or the controls under the reason
        # the whole reason in sight, above the panel's foot; where it is taller than the panel (a narrow desktop's
        # panel in play holds only the status and the sides' lines), it rises onto the felt's empty lower left,
        # over no card, seat or meld
        assert m["whole"] and m["below"] and m["on"] == 0, (key, m["box"], m["panel"], m["on"])
        assert m["scroll"] <= 1, (key, m)


#: the status line's box, the Hint button's, the reason's shown words' and the panel's
BY_STATUS = """() => {
  const rect = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const words = document.querySelector('#hint-reason .hint-shown') || document.getElementById('hint-reason');
  return { status: rect(document.getElementById('status')), hint: rect(document.querySelector('#hint-box .hint-btn')),
           reason: rect(words), panel: rect(document.querySelector('.panel')), text: document.getElementById('status').textContent,
           before: window.__before };
}"""

#: every kind of move without a bid row: South's view and the hint's action
NO_BID_ROW = {
    "table-play": ("table", False, "play"),
    "table-trump": ("table", True, "trump"),
    "cutthroat-bury": ("cutthroat", True, "bury"),
    "partnership-pass-exchange": ("partnership-pass", True, "exchange"),
    "two-handed-meld": ("two-handed", True, "stock_meld"),
}


def test_the_hint_sits_beside_the_status_line_in_every_move_without_a_bid_row(server: Any) -> None:  # noqa: F811
    """A fresh review (1440x900): while playing a card (and naming trump) the Hint and its reason sat alone at the
    panel's far left under the felt, far from the status line and the hand, the reason in a small bubble. Now, in
    every move without a bid row, at 1100, 1440 and 1920 px: the Hint just right of the status line, in its row;
    the status line still in the middle of the panel; the reason under the status line, centred with it (two-handed
    on a window under 860 px high, whose felt has no room to give: beside the Hint, on its right). The reason still
    lies over no word, card or seat, and the page scrolls no more than before the hint."""
    got: dict[str, Any] = {}
    for name, (game, declares, phase) in NO_BID_ROW.items():
        v = south_views(game, None, declares)[phase]

        def script(s: Scripted) -> None:
            s.reply = {"type": "hint", "action": {"type": "pass"}, "reason": REASONS["two-lines"]}  # type: ignore[attr-defined]

        def measure(page: Any, _: Look) -> dict[str, Any]:
            return {**page.evaluate(BY_STATUS), **page.evaluate(OVER)}

        def ready(page: Any) -> None:
            page.evaluate("() => { window.__before = document.scrollingElement.scrollHeight - innerHeight; }")
            hinted(page)

        for key, m in at_each(looks(("light", (1100, 800)), ("light", (1440, 900)), ("dark", (1440, 900)), ("dark", (1920, 1080))),
                              on_fixture(server.url, v, ready=ready, scripted=Hinting, script=script, close_meld=True),
                              measure, f"hint-by-status-{name}").items():
            got[f"{name}-{key}"] = m
    assert len(got) == 4 * len(NO_BID_ROW), sorted(got)
    for key, m in got.items():
        status, hint, reason, panel = m["status"], m["hint"], m["reason"], m["panel"]
        mid = lambda r: (r[0] + r[2]) / 2  # noqa: E731
        assert 0 <= hint[0] - status[2] <= 24, (key, m["text"], status, hint)  # just right of the status line
        assert abs((hint[1] + hint[3]) / 2 - (status[1] + status[3]) / 2) <= 4, (key, status, hint)  # in its row
        assert abs(mid(status) - mid(panel)) <= 2, (key, status, panel)  # the status line in the panel's middle
        if key.startswith("two-handed") and key.endswith("1100"):
            # two-handed under 860 px high (its felt has no room to give): beside the Hint, on its right, in its row
            assert reason[0] >= hint[2] and abs((reason[1] + reason[3]) / 2 - (hint[1] + hint[3]) / 2) <= 6, (key, hint, reason)
        else:
            assert reason[1] >= max(status[3], hint[3]) - 8 and reason[1] - status[3] <= 24, (key, status, reason)  # under it
            assert abs(mid(reason) - mid(status)) <= 2, (key, status, reason)  # centred with it
        # the page scrolls no more than before the hint was asked (two-handed's meld at 1100x800 scrolls 2 px without it)
        assert m["over"] == [] and m["on"] == 0 and m["whole"] and m["scroll"] <= max(1, m["before"]), (key, m)
