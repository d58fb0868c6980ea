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
