"""The fifth review's findings on behaviour and words, in the real page against a live server.

- The card pass between partners (partnership-pass, racehorse) is said: "Partner passed you 4 cards", "You
  passed 4 cards back to Partner", "West passed 4 cards to East", in the status line (until your next move or
  the first card), in the middle of the felt while the pass lasts, and by the screen reader's announcer.
- Statistics: "Points given up per decision" has its meaning under it, seen on a phone (no hover), read with the
  figure; the bids are labelled as your own ("Your bids made"), as the server counts them, and the intro says so.
- The decision review's rows say where each decision was made (the server's `context`): "Trick 5: East led K♠,
  Partner played A♠; Clubs trump.", "Bidding: high bid 300, West.", with the cards as cards.
- Undo pressed while the computers' cards are still being shown (the page draws the states it has received
  one after another, anim.js) always takes the move back, or says in the status line why it cannot: the
  page sends the newest version it has received, not the one drawn, and tries once more on a stale refusal.

Screenshots go to $PINOCHLE_SHOTS when it is set (tests/browser_support.py shot).
"""

from __future__ import annotations

import json
import random
from typing import Any

from pinochle.cards import Seat
from pinochle.game import State, apply

from .browser_kit import ScriptedSolo, watch_socket
from .browser_support import in_browser, module_server, open_page, scripted_table, serious_axe, shot, start_solo
from .test_browser import MY_TURN, body, pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import auto, play_until, south
from .test_browser_layout import open_fixture, settle, to_souths_first_card
from .test_browser_review import Reviewing, hand_end_view
from .test_score_parts import random_action
from .web_fixtures import base_play_view, summary

# the computers at the Relaxed pace's 1.1 s a move in the Undo test (the page says its pace after the welcome)
server = module_server("review5")

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
        page.add_init_script(watch_socket("relaxed"))
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
                page.wait_for_function(BEHIND, timeout=10_000)  # the computers may be slow to answer on a loaded machine
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


class Undoing(ScriptedSolo):
    """A scripted solo table (South to play, Undo offered) whose server answers each ``undo`` with the next of
    ``answers``: ``"undo"`` (the state taken back, event ``"undo"``) or an error code."""

    solo = {"kind": "solo", "undo": True}

    def __init__(self, answers: list[str]) -> None:
        super().__init__(base_play_view())
        self.answers = list(answers)

    def answer(self, msg: dict[str, Any]) -> None:
        if msg["type"] != "undo":
            return
        answer = self.answers.pop(0)
        if answer == "undo":
            self.state({**self.view, "version": msg["version"] + 1}, "undo")
            return
        # a computer moved meanwhile: the newer state first, then the refusal of the older version
        if answer == "stale":
            self.view = {**self.view, "version": self.view["version"] + 1}
            self.state(self.view, "move")
        words = {"stale": "the table has moved on",
                 "no_undo": "the hand is over: a finished hand's moves stand"}[answer]
        self.message({"type": "error", "code": answer, "message": words})


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
    assert twice["status"].startswith("Undo: the computers played on first; press Undo again."), twice
    assert not twice["undo_disabled"], twice  # it may be pressed again
    over = out["hand-over"]
    assert over["sent"] == [v0], over
    assert over["status"].startswith("Undo: the hand is over: a finished hand's moves stand."), over
    assert "Undo: the hand is over" in over["said"], over


def the_pass(game: str, role: str) -> list[State]:
    """The states of a random match of ``game`` around its first card pass with South in ``role`` ("declarer",
    "partner" or "opponent"): before the pass, after the partner's, after the declarer's pass back."""
    def fits(s: State) -> bool:
        if s.phase != "exchange" or s.declarer is None or s.exchange:
            return False
        mine = {"declarer": s.declarer == Seat.S, "partner": s.declarer == Seat.N}
        return mine.get(role, s.declarer in (Seat.E, Seat.W))

    for seed in range(1, 80):
        try:
            a = play_until(game, seed, fits)
        except AssertionError:
            continue
        rng = random.Random(seed)
        b = auto(apply(a, random_action(a, rng)))
        c = auto(apply(b, random_action(b, rng)))
        return [a, b, c]
    raise AssertionError(f"{game}: no pass with South as {role}")


PASS_SAID = {
    "declarer": ("Partner passed you 4 cards, marked ⇄ in your hand.", "You passed 4 cards back to Partner."),
    "partner": ("You passed 4 cards to Partner.", "Partner passed you 4 cards back, marked ⇄ in your hand."),
}


def test_the_card_pass_between_partners_is_said(server: Any) -> None:
    cases = [(game, role) for game in ("partnership-pass", "racehorse") for role in ("declarer", "partner", "opponent")]
    runs = {(game, role): the_pass(game, role) for game, role in cases}

    def run(browser: Any) -> dict[Any, Any]:
        errors: list[str] = []
        out: dict[Any, Any] = {}
        looks = [((360, 740), "dark"), ((390, 844), "light"), ((1440, 900), "dark"),
                 ((360, 740), "light"), ((390, 844), "dark"), ((1440, 900), "light")]
        for ((game, role), states), (size, theme) in zip(runs.items(), looks):
            views = [south(st) for st in states]
            ctx, page, script = open_fixture(browser, server.url, views[0], errors, theme=theme, size=size)
            got = []
            for k, v in enumerate(views[1:], 1):
                script.view = v
                script.send("move")
                page.wait_for_function("v => document.body.dataset.version === String(v)", arg=v["version"])
                settle(page)
                got.append({
                    "status": page.get_by_test_id("status").inner_text(),
                    "log": page.eval_on_selector_all("[data-testid=pass-log]", "els => els.map(e => e.textContent)"),
                    "said": page.evaluate("() => document.getElementById('announcer').textContent"),
                    "axe": serious_axe(page) if k == 1 else [],
                })
                shot(page, f"pass-{game}-{role}-{k}-{size[0]}-{theme}")
            out[(game, role)] = {"got": got, "declarer": views[0]["declarer"],
                                 "given": views[2].get("exchange", [[], []])}
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for (game, role), o in out.items():
        first, back = o["got"]
        where = (game, role, first, back)
        assert first["axe"] == [], where
        if role in PASS_SAID:
            want1, want2 = PASS_SAID[role]
        else:
            d = {"E": "East", "W": "West"}[o["declarer"]]
            p = {"E": "West", "W": "East"}[o["declarer"]]
            want1, want2 = f"{p} passed 4 cards to {d}.", f"{d} passed 4 cards back to {p}."
        # the status line says the pass first, then what comes now
        assert first["status"].startswith(want1), where
        assert back["status"].startswith(want2), where
        # the felt's middle, while the pass lasts: the pass made and who chooses now
        assert first["log"] and first["log"][0] == want1.replace(", marked ⇄ in your hand", ""), where
        # the screen reader hears it, with the cards you were given named
        assert want1.split(",")[0].rstrip(".") in first["said"], where
        assert want2.split(",")[0].rstrip(".") in back["said"], where
        if role == "declarer":
            assert "the " in first["said"].split("Partner passed you 4 cards:")[1], where


STATS_DEVICE = "review5statsdevice0000001"


def test_the_statistics_explain_points_given_up_and_say_the_bids_are_yours(server: Any) -> None:
    from pinochle.server.storage import SQLiteStorage

    store = SQLiteStorage(server.db)
    try:
        for n in range(1, 5):
            store.record_hand(STATS_DEVICE, "r5m1", n, {"game": "table", "match": "r5m1", "hand": n, "played": True,
                                                         "declarer": n <= 2, "made": n == 1, "meld": 50, "points": 20})
    finally:
        store.close()

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for size in ((360, 740), (1440, 900)):
            for theme in ("light", "dark"):
                page = open_page(browser, size, errors, theme=theme)
                page.context.add_init_script(f"try {{ localStorage.setItem('pinochle.device', '{STATS_DEVICE}'); }} catch (e) {{}}")
                page.goto(server.url)
                page.get_by_test_id("home").wait_for()
                page.wait_for_function("() => document.body.dataset.connected === '1'")
                page.get_by_test_id("home-stats").click()
                page.wait_for_function("() => document.getElementById('stats-dialog').dataset.ready === '1'")
                note = page.locator('[data-testid="stats-table"] [data-testid=stats-note]')
                note.scroll_into_view_if_needed()
                shot(page, f"stats-{size[0]}-{theme}")
                out[f"{size[0]}-{theme}"] = page.evaluate("""() => {
                  const sec = document.querySelector('[data-testid="stats-table"]');
                  const note = sec.querySelector('[data-testid=stats-note]');
                  const r = note.getBoundingClientRect();
                  const cs = getComputedStyle(note);
                  const par = [...sec.querySelectorAll('.stats-row')].find(tr => tr.querySelector('th').textContent.startsWith('Points given up'));
                  const td = par.querySelector('td');
                  return {
                    note: note.textContent, seen: r.width > 100 && r.height > 8 && cs.visibility === 'visible' && r.top >= 0 && r.bottom <= innerHeight,
                    size: parseFloat(cs.fontSize), wide: r.width <= innerWidth,
                    described: document.getElementById(td.getAttribute('aria-describedby'))?.textContent ?? null,
                    after: par.nextElementSibling === note.closest('tr'),
                    labels: [...sec.querySelectorAll('.stats-row th')].map(th => th.textContent),
                    bids: [...sec.querySelectorAll('.stats-row')].filter(tr => /bids/i.test(tr.querySelector('th').textContent)).map(tr => tr.querySelector('td').textContent),
                    intro: document.querySelector('#stats-dialog .stats-intro').textContent,
                  };
                }""")
                out[f"{size[0]}-{theme}"]["axe"] = serious_axe(page)
                page.context.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for where, got in out.items():
        assert got["note"].startswith("On average, how many points each of your reviewed decisions cost against Hard's choice; 0 is perfect play."), (where, got)
        assert got["seen"] and got["wide"] and got["size"] >= 12, (where, got)  # seen without a hover, on a phone too
        assert got["described"] == got["note"] and got["after"], (where, got)
        assert "Your bids made" in got["labels"] and "Your bids set" in got["labels"], (where, got["labels"])
        assert "Bids made" not in got["labels"], (where, got["labels"])
        assert got["bids"] == ["1 of 2 (50%)", "1 of 2 (50%)"], (where, got["bids"])  # South's own two contracts
        assert "Your bids are the hands you won the auction yourself" in got["intro"], (where, got["intro"])
        assert got["axe"] == [], (where, got["axe"])


CONTEXT_DECISIONS = [
    {"index": 25, "seat": "S", "phase": "play", "action": {"type": "play", "card": "9D"},
     "best": {"type": "play", "card": "KD"}, "loss": 27.7,
     "reason": "Play the K♦: your partner's A♦ is winning, and on average it leaves your side about 28 points better off than your 9♦.",
     "context": {"trick": 5, "table": [{"seat": "E", "card": "QD"}, {"seat": "N", "card": "AD"}, {"seat": "W", "card": "9D"}],
                 "high_bid": None, "high_bidder": None, "declarer": "N", "bid": 260, "trump": "C"}},
    {"index": 3, "seat": "S", "phase": "auction", "action": {"type": "bid", "bid": 310},
     "best": {"type": "pass"}, "loss": 12.0, "reason": "Pass: your meld with hearts as trump is 40, and on average it leaves your side about 12 points better off than your bid of 310.",
     "context": {"trick": None, "table": [], "high_bid": 300, "high_bidder": "W", "declarer": None, "bid": None, "trump": None}},
    {"index": 30, "seat": "S", "phase": "play", "action": {"type": "play", "card": "JC"},
     "best": {"type": "play", "card": "AC"}, "loss": 3.0, "reason": "Play the A♣: nobody else can hold a club above it, and on average it leaves your side about 3 points better off than your J♣.",
     "context": {"trick": 9, "table": [], "high_bid": None, "high_bidder": None, "declarer": "N", "bid": 260, "trump": "C"}},
    {"index": 7, "seat": "S", "phase": "trump", "action": {"type": "trump", "suit": "H"},
     "best": {"type": "trump", "suit": "S"}, "loss": 2.0, "reason": "Name spades trump: your meld with spades as trump is 190, and on average it leaves you about 2 points better off than your choice of hearts.",
     "context": {"trick": None, "table": [], "high_bid": 300, "high_bidder": "S", "declarer": "S", "bid": 300, "trump": None}},
]


def test_each_review_row_says_where_the_decision_was_made(server: Any) -> None:
    v = hand_end_view()

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for size in ((360, 740), (390, 844), (1440, 900)):
            for theme in ("light", "dark"):
                script = Reviewing(v)
                script.answers = [{"type": "review", "match": "fx", "hand": v["last_hand"]["number"], "decisions": CONTEXT_DECISIONS}]
                page = open_page(browser, size, errors, theme=theme)
                scripted_table(page, script.handler)
                page.goto(server.url)
                page.get_by_test_id("hand-summary").wait_for()
                page.get_by_test_id("summary-review").click()
                page.get_by_test_id("review-list").wait_for()
                settle(page)
                shot(page, f"review-context-{size[0]}-{theme}")
                key = f"{size[0]}-{theme}"
                out[key] = page.evaluate("""() => [...document.querySelectorAll('[data-testid=review-item]')].map(li => ({
                  where: li.querySelector('[data-testid=review-where]')?.textContent ?? null,
                  cards: [...(li.querySelector('[data-testid=review-where]')?.querySelectorAll('.rv-card') ?? [])].map(c => c.getAttribute('aria-label')),
                  wide: li.scrollWidth <= li.clientWidth + 1,
                }))""")
                out[key + "-axe"] = serious_axe(page)
                page.context.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for key, got in out.items():
        if key.endswith("-axe"):
            assert got == [], (key, got)
            continue
        # the costliest first, as the server sent them; solo: North is "Partner"
        assert [g["where"].replace("\ufe0e", "") for g in got] == [
            "Trick 5: East led Q♦, Partner played A♦, West played 9♦; Clubs trump.",
            "Bidding: high bid 300, West.",
            "Trick 9: your lead, Clubs trump.",
            "Naming trump: you won the bid at 300.",
        ], (key, got)
        assert got[0]["cards"] == ["Queen of diamonds", "Ace of diamonds", "Nine of diamonds"], (key, got[0])
        assert all(g["wide"] for g in got), (key, got)
