"""The decision review in the browser (views/review.js), on a scripted socket: at a hand's end the summary
offers "Review your decisions"; it asks the server (``review`` with the hand's number), waits in words, then
lists the decisions that cost points as the answer orders them (the costliest first), each with your move
and Hard's as cards, the points given up and the reason; the others are folded into one line ("1 decision
matched Hard's choice"), and no row reads "0 points given up". Screenshots at 360x740, 390x844 and 1440x900, light and dark
(tests/artifacts/review-*.png), nothing wider than the window."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .browser_support import ARTIFACTS, Server, in_browser, module_server, open_page, scripted_table, shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import settle
from .web_fixtures import Scripted

server = module_server("review")
SIZES = [(360, 740), (390, 844), (1440, 900)]

DECISIONS = [
    {"index": 25, "seat": "S", "phase": "play", "action": {"type": "play", "card": "KD"},
     "best": {"type": "play", "card": "TD"}, "loss": 27.7,
     "reason": "Play the 10♦: it beats the Q♦, and on average it leaves your side about 28 points better off than your K♦."},
    {"index": 7, "seat": "S", "phase": "trump", "action": {"type": "trump", "suit": "H"},
     "best": {"type": "trump", "suit": "S"}, "loss": 12.5,
     "reason": "Name spades trump: your meld with spades as trump is 190, and you hold 6 spades."},
    {"index": 3, "seat": "S", "phase": "auction", "action": {"type": "bid", "bid": 300},
     "best": {"type": "pass"}, "loss": None, "reason": "Pass: let the opponents' 250 stand, and your bid of 300 is not "
     "measured: Hard values only the lowest bid, 260, against a pass, and 300 is above it."},
    {"index": 30, "seat": "S", "phase": "play", "action": {"type": "play", "card": "JC"},
     "best": {"type": "play", "card": "JC"}, "loss": 0, "reason": "Play the J♣: it is your lowest club."},
]


def hand_end_view() -> dict[str, Any]:
    """South's view at the end of the first hand of a real match (Easy everywhere)."""
    from pinochle.bots import SimplePlayer
    from pinochle.game import apply, new_match, turn, view

    s = new_match(seed=2)
    bot = SimplePlayer(1)
    while s.phase != "hand_end":
        who = turn(s)
        assert who is not None
        s = apply(s, bot.act(view(s, who)))
    return view(s, 2).to_json()


class Reviewing(Scripted):
    """The scripted socket, answering ``review`` with :data:`DECISIONS` (or with ``answers``, sent in order)."""

    answers: list[dict[str, Any]] | None = None

    def handler(self, ws: Any) -> None:
        inner: dict[str, Any] = {}

        class Tap:
            """The socket as the scripted one sees it: its message handler is kept to be called below."""

            def on_message(self, fn: Any) -> None:
                inner["fn"] = fn

            def send(self, text: str) -> None:
                ws.send(text)

        super().handler(Tap())

        def on_message(text: str | bytes) -> None:
            msg = json.loads(text)
            if msg["type"] == "review":
                self.received.append(msg)
                for answer in self.answers or [{"type": "review", "match": "fx", "hand": msg["hand"], "decisions": DECISIONS}]:
                    ws.send(json.dumps(answer))
            else:
                inner["fn"](text)

        ws.on_message(on_message)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_review_after_a_hand(server: Server, size: tuple[int, int]) -> None:
    v = hand_end_view()

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for theme in ("light", "dark"):
            page = open_page(browser, size, errors, theme=theme)
            script = Reviewing(v)
            scripted_table(page, script.handler)
            page.goto(server.url)
            page.get_by_test_id("hand-summary").wait_for()
            button = page.get_by_test_id("summary-review")
            button.focus()
            page.keyboard.press("Enter")
            page.get_by_test_id("review-dialog").wait_for()
            page.get_by_test_id("review-list").wait_for()
            settle(page)
            page.screenshot(path=str(ARTIFACTS / f"review-{size[0]}x{size[1]}-{theme}.png"))
            out[theme] = page.evaluate("""() => ({
              title: document.getElementById('decision-title').textContent,
              items: [...document.querySelectorAll('[data-testid=review-item]')].map((li) => li.textContent),
              cards: [...document.querySelectorAll('.rv-card')].map((c) => c.getAttribute('aria-label')),
              total: document.querySelector('[data-testid=review-total]').textContent,
              folded: document.querySelector('[data-testid=review-folded-line]')?.textContent ?? null,
              folded_items: [...document.querySelectorAll('[data-testid=review-folded-item]')].map((li) => li.textContent),
              zero: /(^|[^0-9])0 points given up/.test(document.getElementById('review-body').innerText),
              wide: document.documentElement.scrollWidth > innerWidth,
            })""")
            out[f"sent-{theme}"] = [m for m in script.received if m["type"] == "review"]
            page.context.close()
        out["errors"] = errors
        return out

    ARTIFACTS.mkdir(exist_ok=True)
    out = in_browser(run)
    assert out["errors"] == []
    number = v["last_hand"]["number"]
    for theme in ("light", "dark"):
        got = out[theme]
        assert out[f"sent-{theme}"] == [{"type": "review", "match": "fx", "hand": number}]  # the shown match
        assert got["title"] == f"Your decisions in hand {number}"
        # the decisions that cost points are rows, then the one not measured (named, never folded away); the others
        # are one line (opened on demand)
        assert len(got["items"]) == 3 and "28 points given up" in got["items"][0] and "13 points given up" in got["items"][1]
        assert "not measured" in got["items"][2] and "Bid 300" in got["items"][2] and "is above it" in got["items"][2]
        assert "K♦" in got["items"][0] and "10♦" in got["items"][0]
        assert got["folded"] == "1 decision matched Hard's choice.", got["folded"]
        assert len(got["folded_items"]) == 1 and "Hard agrees" in got["folded_items"][0]
        assert not got["zero"]
        assert "King of diamonds" in got["cards"] and "Ten of diamonds" in got["cards"]
        assert "41 points given up" in got["total"] and not got["wide"]  # the rows as shown, 28 + 13


def match_end_view() -> dict[str, Any]:
    """South's view at the end of a real match (Easy everywhere)."""
    from pinochle.bots import SimplePlayer
    from pinochle.game import Action, apply, new_match, turn, view

    s = new_match(seed=3)
    bot = SimplePlayer(1)
    while s.phase != "match_end":
        who = turn(s)
        assert who is not None
        v = view(s, who)
        s = apply(s, Action.deal_(who) if v.legal.deal else bot.act(v))
    return view(s, 2).to_json()


def test_the_review_at_a_matchs_end(server: Server) -> None:
    """At a match's end the result offers the last hand's review, by keyboard too."""
    v = match_end_view()

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        page = open_page(browser, (390, 844), errors)
        script = Reviewing(v)
        scripted_table(page, script.handler)
        page.goto(server.url)
        page.wait_for_function("() => document.body.dataset.screen === 'result' || document.getElementById('summary-dialog').open")
        if page.get_by_test_id("hand-summary").is_visible():
            page.get_by_test_id("next-hand").click()  # on to the match's result
        page.get_by_test_id("result").wait_for()
        page.get_by_test_id("result-review").focus()
        page.keyboard.press("Enter")
        page.get_by_test_id("review-list").wait_for()
        items = page.locator("[data-testid=review-item]").count()
        page.screenshot(path=str(ARTIFACTS / "review-match-end-390x844.png"))
        page.context.close()
        return {"errors": errors, "items": items, "sent": [m for m in script.received if m["type"] == "review"]}

    ARTIFACTS.mkdir(exist_ok=True)
    out = in_browser(run)
    assert out["errors"] == [] and out["items"] == len([d for d in DECISIONS if d["loss"] or d["loss"] is None])
    assert out["sent"] == [{"type": "review", "match": "fx", "hand": v["last_hand"]["number"]}]


#: ten decisions of a hand, each Hard's own move (the server's loss 0)
ALL_MATCHED = [
    {"index": 20 + i, "seat": "S", "phase": "play", "action": {"type": "play", "card": card},
     "best": {"type": "play", "card": card}, "loss": 0, "reason": "Play it: Hard would too."}
    for i, card in enumerate(["AS", "TS", "KS", "QS", "JS", "AH", "TH", "KH", "QH", "JH"])
]


@pytest.mark.parametrize("look", [((360, 740), "dark"), ((1440, 900), "light")], ids=lambda x: f"{x[0][0]}-{x[1]}")
def test_a_hand_whose_every_decision_matched_hard_says_so_once(server: Server, look: Any) -> None:
    """Every decision of the hand Hard's own move: the review's verdict is one sentence, "All 10 of your decisions
    matched Hard's choice.", the line that opens the list of them (the twelfth review read "Hard agrees with every
    decision it measured." above "▸ 10 decisions matched Hard's choice."); the status says the same once."""
    v = hand_end_view()
    size, theme = look

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        page = open_page(browser, size, errors, theme=theme)
        script = Reviewing(v)
        script.answers = [{"type": "review", "match": "fx", "hand": v["last_hand"]["number"], "decisions": ALL_MATCHED}]
        scripted_table(page, script.handler)
        page.goto(server.url)
        page.get_by_test_id("summary-review").click()
        page.get_by_test_id("review-folded").wait_for()
        settle(page)
        shot(page, f"review-all-matched-{size[0]}-{theme}")
        out: dict[str, Any] = page.evaluate("""() => ({
          text: document.getElementById('review-body').innerText,
          said: document.getElementById('review-said').textContent,
          line: document.querySelector('[data-testid=review-folded-line]').textContent,
          total: document.querySelectorAll('[data-testid=review-total]').length })""")
        page.get_by_test_id("review-folded-line").click()
        settle(page)
        out["opened"] = page.locator("[data-testid=review-folded-item]").evaluate_all(
            "(els) => els.filter((e) => e.getBoundingClientRect().height > 0).length")
        shot(page, f"review-all-matched-{size[0]}-{theme}-open")
        page.context.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out["errors"] == [], out["errors"]
    assert out["line"] == "All 10 of your decisions matched Hard's choice.", out
    assert out["total"] == 0 and "agrees" not in out["text"], out
    assert out["text"].count("matched Hard") == 1, out["text"]
    assert out["said"] == "All 10 of your decisions matched Hard's choice.", out
    assert out["opened"] == 10, out
