"""The fifth review's findings on behaviour and words, in the real page against a live server.

- Undo pressed while the computers' cards are still being shown (the page draws the states it has received
  one after another, anim.js) always takes the move back, or says in the status line why it cannot: the
  page sends the newest version it has received, not the one drawn, and tries once more on a stale refusal.

Screenshots go to $PINOCHLE_SHOTS when it is set (tests/browser_support.py shot).
"""

from __future__ import annotations

from typing import Any

import json

from .browser_support import in_browser, module_server, open_page, scripted_table, shot, start_solo
from .test_browser import MY_TURN, body, pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import settle, to_souths_first_card
from .web_fixtures import base_play_view, summary

# the computers at the Relaxed pace's 1.1 s a move (the page says its pace after the welcome)
server = module_server("review5")

#: the page's socket, watched: every message the server sends is kept in window.__got (newest last)
WATCH = """(() => {
  const Real = window.WebSocket;
  window.__got = [];
  window.WebSocket = class extends Real {
    constructor(...a) {
      super(...a);
      this.addEventListener('message', (e) => { try { window.__got.push(JSON.parse(e.data)); } catch {} });
    }
  };
  localStorage.setItem('pinochle.settings', JSON.stringify({pace: 'relaxed'}));
})()"""

#: the newest state the page has received is newer than the one it has drawn (cards still to be shown)
BEHIND = """() => {
  const got = (window.__got || []).filter(m => m.type === 'state');
  const last = got[got.length - 1];
  return Boolean(last && String(last.view.version) !== document.body.dataset.version);
}"""


def test_undo_while_the_computers_cards_are_shown_always_takes_the_move_back(server: Any) -> None:
    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        page = open_page(browser, (390, 844), errors, reduce=False)
        page.add_init_script(WATCH)
        start_solo(page, server.url, "normal")
        to_souths_first_card(page, lambda legal: None)
        presses: list[dict[str, Any]] = []
        undo = page.get_by_test_id("undo-button")
        for n in range(10):
            page.wait_for_function(MY_TURN)
            settle(page)
            hand = page.evaluate("() => [...document.querySelectorAll('#hand button.card')].map(e => e.dataset.card)")
            page.locator("#hand button.card[data-legal=true]").first.click()
            # the card is played; press Undo as soon as the page is behind the server (a card still to be shown)
            page.wait_for_function("() => document.body.dataset.busy !== '1'")
            try:
                page.wait_for_function(BEHIND, timeout=4000)
                behind = True
            except Exception:
                behind = False
            undos = page.evaluate("() => window.__got.filter(m => m.event === 'undo').length")
            page.wait_for_function("() => !document.getElementById('undo-btn').disabled")
            undo.click()
            if n == 0:
                shot(page, "undo-pressed")
            page.wait_for_function(
                """n => window.__got.filter(m => m.event === 'undo').length > n
                   || /undo/i.test(document.getElementById('status').textContent)""", arg=undos, timeout=10_000)
            took = page.evaluate("n => window.__got.filter(m => m.event === 'undo').length > n", undos)
            page.wait_for_function(MY_TURN)
            settle(page)
            after = page.evaluate("() => [...document.querySelectorAll('#hand button.card')].map(e => e.dataset.card)")
            presses.append({"behind": behind, "took": took, "back": after == hand,
                            "status": page.get_by_test_id("status").inner_text()})
        page.context.close()
        return {"presses": presses, "errors": errors}

    out = in_browser(run)
    assert out["errors"] == []
    presses = out["presses"]
    assert sum(p["behind"] for p in presses) >= 5, f"Undo was pressed while cards were still shown too rarely: {presses}"
    for p in presses:
        # every press takes the move back (or says why not in the status line)
        assert p["took"] and p["back"] or "undo" in p["status"].lower(), presses
    assert all(p["took"] for p in presses), presses


class Undoing:
    """A scripted solo table (South to play, Undo offered) whose server answers each ``undo`` with the next of
    ``answers``: ``"undo"`` (the state taken back, event ``"undo"``) or an error code."""

    def __init__(self, answers: list[str]) -> None:
        self.view = base_play_view()
        self.answers = list(answers)
        self.received: list[dict[str, Any]] = []
        self.ws: Any = None

    def state(self, event: str, version: int) -> None:
        v = {**self.view, "version": version}
        self.ws.send(json.dumps({"type": "state", "match": summary(v), "view": v, "event": event,
                                 "table": {"kind": "solo", "undo": True}}))

    def handler(self, ws: Any) -> None:
        self.ws = ws

        def on_message(text: str | bytes) -> None:
            msg = json.loads(text)
            self.received.append(msg)
            if msg["type"] == "hello":
                ws.send(json.dumps({"type": "welcome", "device": "d" * 22, "match": summary(self.view), "seat": None}))
            elif msg["type"] == "resume":
                self.state("resume", self.view["version"])
            elif msg["type"] == "undo":
                answer = self.answers.pop(0)
                if answer == "undo":
                    self.state("undo", msg["version"] + 1)
                    return
                # a computer moved meanwhile: the newer state first, then the refusal of the older version
                if answer == "stale":
                    self.view = {**self.view, "version": self.view["version"] + 1}
                    self.state("move", self.view["version"])
                words = {"stale": "the table has moved on",
                         "no_undo": "the hand is over: a finished hand's moves stand"}[answer]
                ws.send(json.dumps({"type": "error", "code": answer, "message": words}))

        ws.on_message(on_message)


def test_a_refused_undo_is_tried_again_once_then_said_in_the_status_line(server: Any) -> None:
    cases = {"stale-then-taken": ["stale", "undo"], "stale-twice": ["stale", "stale"], "hand-over": ["no_undo"]}

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for name, answers in cases.items():
            script = Undoing(answers)
            page = open_page(browser, (390, 844), errors)
            scripted_table(page, script.handler)
            page.goto(server.url)
            page.get_by_test_id("table").wait_for()
            page.wait_for_function("() => document.body.dataset.screen === 'table' && !document.getElementById('undo-btn').disabled")
            page.get_by_test_id("undo-button").click()
            page.wait_for_timeout(600)
            shot(page, f"undo-{name}")
            out[name] = {
                "sent": [m["version"] for m in script.received if m["type"] == "undo"],
                "status": page.get_by_test_id("status").inner_text(),
                "said": page.evaluate("() => document.getElementById('announcer')?.textContent || ''"),
                "toasts": page.evaluate("() => [...document.querySelectorAll('#toasts .toast')].map(t => t.textContent)"),
                "undo_disabled": page.get_by_test_id("undo-button").is_disabled(),
            }
            page.context.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out["errors"] == []
    v0 = base_play_view()["version"]
    taken = out["stale-then-taken"]
    # tried again once, for the version received since; taken back: nothing said about a refusal
    assert taken["sent"] == [v0, v0 + 1], taken
    assert "Undo:" not in taken["status"] and "Undone" in taken["said"], taken
    twice = out["stale-twice"]
    assert twice["sent"] == [v0, v0 + 1], twice  # once more, never a third time
    assert twice["status"].startswith("Undo: the computers played on before it arrived"), twice
    assert not twice["undo_disabled"], twice  # it may be pressed again
    over = out["hand-over"]
    assert over["sent"] == [v0], over
    assert over["status"].startswith("Undo: the hand is over: a finished hand's moves stand."), over
    assert "Undo: the hand is over" in over["said"], over
