"""Every player aid by keyboard alone and as a screen reader hears it (docs/protocol.md: "Hints", "Undo in
solo", "Hand history", "The decision review", "Statistics"; docs/records.md, "A verifiable shuffle").

No test here clicks: the page is driven with Tab, Enter, Space, Escape and the arrow keys only (the focus
is moved with Tab until it reaches the control, as a person does). Each aid's accessible names, roles and
the words its live regions say are asserted, and axe-core runs on each aid while it is open: no serious or
critical violation.

- **Hint** (a real solo match): Tab to the Hint button, Enter: its reason is said once by the page's polite
  announcer, a live region that was already on the page (a region made with its words in it is not read
  out), the move it names points at the reason (``aria-describedby``), and the focus stays on the button.
- **Undo** (the same match): South passes by keyboard; Tab to Undo, Enter: the table is back at South's
  call, the announcer says so, and the focus is on a control of the table, not lost.
- **Replay** (a scripted socket answering ``history`` as the server does): Enter on the result's Replay
  opens the viewer with the focus in it; the arrow keys step trick by trick and each step is said in words
  (the cards named, not only shown); Tab never leaves the dialog; Escape closes it and the focus returns
  to the Replay button; opened from the score sheet, Escape goes back to the sheet, on its Replay button.
- **Decision review** (scripted): Enter on "Review your decisions": an ordered list, the costliest first,
  each entry with its cards named in words, and the dialog's status says the total and how many; Escape closes it and the focus returns to the summary's
  Review button.
- **Statistics** (a live server with known figures): Enter on Home's Statistics: each game's figures are a
  table with row headers, named by the game's heading, and a status says in a sentence that they came
  (the tables are not one live region read all at once); Escape returns the focus.
- **The sealed shuffle** (scripted, a finished match): the commitment (shortened, whole in its title) and
  the link to check it, reached by Tab, named "Verify the shuffle" and saying that it opens in a new tab.

At 360x740 and 1440x900 (phone and desktop); screenshots with the focus ring showing go to
``tests/artifacts/aids-a11y-<aid>-<size>.png``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from pinochle.verify import commitment

from .browser_support import (ARTIFACTS, Server, in_browser, module_server, open_page, scripted_table,
                              serious_axe)
from .browser_kit import seed_stats
from .test_browser import MY_TURN, body, pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import settle
from .test_browser_match_end import match_end_view
from .test_browser_replay import WithHistory, whole_match
from .test_browser_review import DECISIONS, Reviewing, hand_end_view
from .web_fixtures import Scripted

server = module_server("aids-a11y")

SIZES = [(360, 740), (1440, 900)]
IDS = [f"{w}x{h}" for w, h in SIZES]

#: the element that has the focus, in a few words (its test id, id, or tag)
ACTIVE = """() => { const a = document.activeElement;
  return a ? (a.dataset?.testid || a.id || a.tagName.toLowerCase()) : ''; }"""


def tab_to(page: Any, testid: str, limit: int = 80) -> int:
    """Press Tab until the control ``testid`` has the focus; how many presses it took.

    Raises:
        AssertionError: it was not reached in ``limit`` presses (with where the focus went).
    """
    seen = []
    for n in range(1, limit + 1):
        page.keyboard.press("Tab")
        got = page.evaluate(ACTIVE)
        if got == testid:
            return n
        seen.append(got)
    raise AssertionError(f"Tab never reached {testid}: {seen}")


def shot(page: Any, name: str, size: tuple[int, int]) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"aids-a11y-{name}-{size[0]}x{size[1]}.png"))


RANK_WORDS = {"A": "ace", "10": "ten", "K": "king", "Q": "queen", "J": "jack", "9": "nine"}
SUIT_WORDS = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}


def cards_in_words(text: str) -> str:
    """The server's sentence with its cards in words, as a screen reader is given it (dom.js cardsInWords)."""
    text = re.sub(r"(10|[AKQJ9])([♠♥♦♣])\ufe0e?", lambda m: f"{RANK_WORDS[m[1]]} of {SUIT_WORDS[m[2]]}", text)
    return re.sub(r"([♠♥♦♣])\ufe0e?", lambda m: SUIT_WORDS[m[1]], text)


# ---------------------------------------------------------------- the Hint and Undo, in a real solo match


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_hint_and_undo_by_keyboard(server: Server, size: tuple[int, int]) -> None:
    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        page = open_page(browser, size, errors)
        page.goto(server.url)
        page.get_by_test_id("home").wait_for()
        tab_to(page, "level-easy")
        page.keyboard.press("Enter")
        page.wait_for_function(MY_TURN)
        if page.get_by_test_id("meld-dialog").is_visible():
            page.keyboard.press("Escape")
            page.get_by_test_id("meld-dialog").wait_for(state="hidden")
        # the Hint: what the page's polite announcer says from now on
        page.evaluate("() => { window.__said = []; new MutationObserver(() => window.__said.push("
                      "document.getElementById('announcer').lastElementChild?.textContent || ''))"
                      ".observe(document.getElementById('announcer'), {childList: true, subtree: true}); }")
        tab_to(page, "hint-button")
        out["hint_name"] = page.get_by_role("button", name="Hint").first.get_attribute("aria-label")
        page.keyboard.press("Enter")
        page.wait_for_function("() => (document.getElementById('hint-reason')?.textContent || '') !== ''")
        settle(page)
        out["hint"] = page.evaluate("""() => {
          const r = document.getElementById('hint-reason');
          const marked = [...document.querySelectorAll('.hinted')];
          const live = document.getElementById('announcer');
          return {
            text: r.querySelector('.hint-shown').textContent, words: r.querySelector('.sr-only').textContent,
            said: window.__said.slice(), live: live.getAttribute('aria-live'),
            described: marked.map(e => (e.getAttribute('aria-describedby') || '').split(' ').includes('hint-reason')),
            pending: document.querySelector('[data-testid=hint-button]').getAttribute('aria-disabled'),
          };
        }""")
        out["hint_focus"] = page.evaluate(ACTIVE)
        out["hint_axe"] = serious_axe(page)
        shot(page, "hint", size)
        # South calls (a pass, or trump when it must name it) by keyboard; then Undo takes it back
        legal = body(page, "legal").split(",")
        version = body(page, "version")
        if "pass" in legal:
            tab_to(page, "pass-button")
        else:
            tab_to(page, [t for t in ("trump-S", "trump-H", "trump-D", "trump-C")
                          if page.get_by_test_id(t).count()][0])
        page.keyboard.press("Enter")
        page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
        page.wait_for_function("() => !document.getElementById('undo-btn').disabled")
        page.evaluate("() => { window.__said = []; }")
        tab_to(page, "undo-button")
        out["undo_name"] = page.get_by_test_id("undo-button").get_attribute("aria-label")
        shot(page, "undo", size)
        out["undo_axe"] = serious_axe(page)
        version = body(page, "version")
        page.keyboard.press("Enter")
        page.wait_for_function("v => document.body.dataset.version !== v && document.body.dataset.busy !== '1'",
                               arg=version)
        page.wait_for_function(MY_TURN)
        settle(page)
        out["undo_legal"] = body(page, "legal").split(",")
        out["undo_said"] = page.evaluate("() => window.__said.join(' | ')")
        out["undo_focus"] = page.evaluate(
            "() => document.activeElement?.closest?.('#controls, #hand, .tools, #hint-box')?.id || document.activeElement?.tagName")
        page.context.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out["errors"] == []
    assert out["hint_name"] == "Hint: what would the Hard player do here?"
    hint = out["hint"]
    assert hint["text"].endswith(".") and hint["text"][0].isupper(), hint
    # said once by the announcer, a live region that was there before the reason came
    assert hint["live"] == "polite" and hint["said"] == [f"Hint: {hint['words']}"], hint
    assert hint["words"] == cards_in_words(hint["text"]) and not set("♠♥♦♣") & set(hint["words"]), hint  # cards in words
    assert hint["pending"] is None, hint
    assert hint["described"] and all(hint["described"]), hint  # the ringed move points at its reason
    assert out["hint_focus"] == "hint-button"
    assert out["hint_axe"] == []
    assert out["undo_name"] == "Undo your last move" and out["undo_axe"] == []
    assert {"pass", "trump"} & set(out["undo_legal"]), out["undo_legal"]
    assert "Undone: your last move and the moves after it are taken back. Your move again." in out["undo_said"], \
        out["undo_said"]
    assert out["undo_focus"] in ("controls", "hand", "tools"), out["undo_focus"]


# ---------------------------------------------------------------- the replay viewer


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_replay_viewer_by_keyboard(server: Server, size: tuple[int, int]) -> None:
    state = whole_match(5)

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        page = open_page(browser, size, errors)
        scripted_table(page, WithHistory(state).handler)
        page.goto(server.url)
        page.get_by_test_id("result").wait_for()
        tab_to(page, "result-replay")
        page.keyboard.press("Enter")
        dialog = page.get_by_test_id("replay-dialog")
        dialog.wait_for()
        out["dialog_name"] = page.get_by_role("dialog").first.evaluate(
            "d => document.getElementById(d.getAttribute('aria-labelledby')).textContent")
        out["focus_in"] = page.evaluate("() => Boolean(document.activeElement.closest('#replay-dialog'))")
        said = page.locator("#replay-said")
        out["said_0"] = said.text_content() if said.count() else None
        tab_to(page, "replay-body")
        page.keyboard.press("ArrowRight")
        page.wait_for_function("() => document.getElementById('replay-where').textContent.startsWith('Trick 1')")
        out["said_1"] = said.text_content() if said.count() else None
        out["said_attrs"] = page.evaluate("""() => { const s = document.getElementById('replay-said');
          return s ? [s.getAttribute('aria-live'), s.getAttribute('aria-atomic')] : null; }""")
        page.keyboard.press("ArrowRight")
        out["said_2"] = said.text_content() if said.count() else None
        page.keyboard.press("ArrowLeft")
        out["said_back"] = said.text_content() if said.count() else None
        out["axe"] = serious_axe(page)
        out["cards_named"] = page.evaluate("""() => [...document.querySelectorAll('#replay-body .replay-seat')]
          .map(s => s.getAttribute('aria-label'))""")
        shot(page, "replay", size)
        # Tab goes round inside the dialog, never out of it
        outside = []
        for _ in range(14):
            page.keyboard.press("Tab")
            if not page.evaluate("() => Boolean(document.activeElement.closest('#replay-dialog'))"):
                outside.append(page.evaluate(ACTIVE))
        for _ in range(3):
            page.keyboard.press("Shift+Tab")
            if not page.evaluate("() => Boolean(document.activeElement.closest('#replay-dialog'))"):
                outside.append(page.evaluate(ACTIVE))
        out["outside"] = outside
        page.keyboard.press("Escape")
        dialog.wait_for(state="hidden")
        out["back"] = page.evaluate(ACTIVE)
        # from the score sheet: closing the viewer goes back to the sheet, on its Replay button
        tab_to(page, "result-scores")
        page.keyboard.press("Enter")
        page.get_by_test_id("score-sheet").wait_for()
        tab_to(page, "scores-replay")
        page.keyboard.press("Enter")
        dialog.wait_for()
        out["sheet_axe"] = serious_axe(page)
        page.keyboard.press("Escape")
        dialog.wait_for(state="hidden")
        page.get_by_test_id("score-sheet").wait_for()
        out["back_to_sheet"] = page.evaluate(ACTIVE)
        page.context.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out["errors"] == []
    assert out["dialog_name"].startswith("Replay · Hand ")
    assert out["focus_in"]
    assert out["said_attrs"] == ["polite", "true"]
    assert out["said_0"].startswith("The deal, the auction and the meld")
    # each step in words: where it is, each seat's card named in full, who won
    assert out["said_1"].startswith("Trick 1 of 12. "), out["said_1"]
    assert " of " in out["said_1"].split(". ", 1)[1] and "won the trick" in out["said_1"], out["said_1"]
    assert not any(sym in out["said_1"] for sym in "♠♥♦♣"), out["said_1"]
    assert out["said_2"].startswith("Trick 2 of 12. ") and out["said_back"].startswith("Trick 1 of 12. ")
    assert out["axe"] == []
    assert out["outside"] == [], out["outside"]
    assert out["back"] == "result-replay"
    assert out["back_to_sheet"] == "scores-replay" and out["sheet_axe"] == []


# ---------------------------------------------------------------- the decision review


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_decision_review_by_keyboard(server: Server, size: tuple[int, int]) -> None:
    v = hand_end_view()

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        page = open_page(browser, size, errors)
        scripted_table(page, Reviewing(v).handler)
        page.goto(server.url)
        page.get_by_test_id("hand-summary").wait_for()
        tab_to(page, "summary-review")
        page.keyboard.press("Enter")
        page.get_by_test_id("review-list").wait_for()
        settle(page)
        out: dict[str, Any] = page.evaluate("""() => {
          const d = document.getElementById('review-dialog');
          const title = document.getElementById(d.getAttribute('aria-labelledby'));
          const list = d.querySelector('[data-testid=review-list]');
          return {
            title: title.textContent, title_in: d.contains(title), list: list.tagName,
            items: [...list.querySelectorAll(':scope > li')].map(li => li.innerText),
            cards: [...d.querySelectorAll('.rv-card')].map(c => [c.getAttribute('role'), c.getAttribute('aria-label')]),
            labelled_spans: [...d.querySelectorAll('span[aria-label]:not([role])')].length,
            reasons: [...d.querySelectorAll('.rv-reason .sr-only')].map(s => s.textContent),
            total: d.querySelector('[data-testid=review-total]').textContent,
            said: document.getElementById('review-said').textContent,
            said_role: document.getElementById('review-said').getAttribute('role'),
            inner_status: d.querySelectorAll('#review-body [role=status], #review-body [aria-live]').length,
          };
        }""")
        out["focus_in"] = page.evaluate("() => Boolean(document.activeElement.closest('#review-dialog'))")
        out["axe"] = serious_axe(page)
        shot(page, "review", size)
        page.keyboard.press("Escape")
        page.get_by_test_id("review-dialog").wait_for(state="hidden")
        settle(page)
        out["back"] = page.evaluate(ACTIVE)
        page.context.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out["errors"] == []
    assert out["title_in"] and out["title"] == f"Your decisions in hand {v['last_hand']['number']}"
    # the costly and the unmeasured listed, the others folded
    assert out["list"] == "OL" and len(out["items"]) == len([d for d in DECISIONS if d["loss"] or d["loss"] is None])
    losses = [d["loss"] or 0 for d in DECISIONS]
    assert losses[:2] == sorted(losses[:2], reverse=True)  # as the server orders them: the costliest first
    assert "28 points given up" in out["items"][0] and "13 points given up" in out["items"][1]
    assert ["img", "King of diamonds"] in out["cards"] and ["img", "Ten of diamonds"] in out["cards"]
    assert all(role == "img" and label for role, label in out["cards"]), out["cards"]
    assert out["reasons"] == [cards_in_words(d["reason"]) for d in DECISIONS]  # the reasons' cards in words too
    assert out["labelled_spans"] == 0  # a plain span's aria-label is read by no screen reader
    # said once by the dialog's status, there from the start (not by a region drawn with its words in it)
    assert out["said_role"] == "status" and out["inner_status"] == 0
    assert out["said"] == f"{out['total']} 3 decisions listed. 1 decision matched Hard's choice.", out["said"]
    assert out["focus_in"] and out["axe"] == []
    assert out["back"] == "summary-review", out["back"]


# ---------------------------------------------------------------- the Statistics page

DEVICE = "aidsa11ydevice00000000001"


@pytest.fixture(scope="module")
def seeded(server: Server) -> Server:
    seed_stats(server.db, DEVICE, "am1")
    return server


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_statistics_page_by_keyboard(seeded: Server, size: tuple[int, int]) -> None:
    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        page = open_page(browser, size, errors)
        page.context.add_init_script(f"try {{ localStorage.setItem('pinochle.device', '{DEVICE}'); }} catch (e) {{}}")
        page.goto(seeded.url)
        page.get_by_test_id("home").wait_for()
        page.wait_for_function("() => document.body.dataset.connected === '1'")
        tab_to(page, "home-stats")
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.getElementById('stats-dialog').dataset.ready === '1'")
        out: dict[str, Any] = page.evaluate("""() => {
          const t = document.querySelector('[data-testid=stats-table] table');
          return {
            caption: t ? document.getElementById(t.getAttribute('aria-labelledby'))?.textContent : null,
            heads: t ? [...t.querySelectorAll('th[scope=row]')].map(th => th.textContent) : [],
            cells: t ? [...t.querySelectorAll('tr')].map(tr => tr.querySelectorAll('td').length) : [],
            tables: document.querySelectorAll('#stats-body table').length,
          };
        }""")
        out["focus"] = page.evaluate(ACTIVE)
        out["said"] = page.get_by_test_id("stats-said").text_content()
        out["live"] = page.evaluate("() => [document.getElementById('stats-said').getAttribute('role'),"
                                    " document.getElementById('stats-body').getAttribute('aria-live')]")
        out["axe"] = serious_axe(page)
        shot(page, "stats", size)
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.getElementById('stats-dialog').open")
        out["back"] = page.evaluate(ACTIVE)
        page.context.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out["errors"] == []
    assert out["tables"] == 1 and out["caption"] == "Table"
    assert out["heads"][:3] == ["Matches won", "Hands played", "Your bids made"] and len(out["heads"]) == 8
    assert set(out["cells"]) == {1}  # each row: its header, then one cell
    assert out["focus"] == "stats-title" and out["axe"] == [] and out["back"] == "home-stats"
    # a sentence says the figures came; the tables are read when the reader goes to them, not all at once
    assert out["said"] == "1 match played on this device."
    assert out["live"] == ["status", None]


# ---------------------------------------------------------------- the sealed shuffle

SEED = 9_007_199_254_740_993
SALT = "0123456789abcdef0123456789abcdef"
SEALED = commitment(SEED, SALT)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_sealed_shuffle_and_its_verify_link_by_keyboard(server: Server, size: tuple[int, int]) -> None:
    ended = match_end_view("table", 1)

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        page = open_page(browser, size, errors)
        scripted_table(page, Scripted(ended, None, {"commitment": SEALED, "seed": str(SEED), "salt": SALT}).handler)
        page.goto(server.url)
        page.wait_for_function("() => document.body.dataset.screen === 'result'")
        settle(page)
        tab_to(page, "seal-link")
        out: dict[str, Any] = page.evaluate("""() => {
          const seal = document.querySelector('#screen-result [data-testid=seal]');
          const code = seal.querySelector('code');
          const a = document.activeElement;
          return {
            code_title: code.getAttribute('title') || '', code_text: code.textContent,
            link_text: a.innerText, link_href: a.getAttribute('href'),
          };
        }""")
        out["axe"] = serious_axe(page)
        shot(page, "seal", size)
        page.context.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out["errors"] == []
    assert out["code_title"] == SEALED and out["code_text"] == SEALED, out  # whole, in the figures under the words
    link = " ".join(out["link_text"].split())  # "Verify", then " the shuffle (opens in a new tab)" for a screen reader
    assert link.startswith("Verify the shuffle") and "(opens in a new tab)" in link, out
    assert out["link_href"] == "/how-to-play/fair-deal"
    assert out["axe"] == []


