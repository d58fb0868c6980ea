"""Two-handed's aids in the browser (issue 30, the seventh reviewer): the hint rings the Meld choice's button it
recommends (views/hint.js: a meld by its cards, the dix, "No meld"), and the status line is a whole sentence when
your melded cards are playable ("Lead from your hand or melds.", "Play from your hand or melds."; it was
"Your lead: from hand or melds.", a fragment), one line beside the Hint on a 320 px phone as before.

South's views come from deals played by the simple computer player, served to the real page over a scripted
socket (tests/web_fixtures.py); the hint is the server's own answer for that view
(:func:`pinochle.server.aids.hint_answer`). Screenshots under $PINOCHLE_SHOTS."""

from __future__ import annotations

import re
from typing import Any

from pinochle.bots import SimplePlayer
from pinochle.cards import Seat
from pinochle.game import State, apply, auto_action, new_match, turn, view
from pinochle.server.aids import hint_answer

from .browser_kit import Hinting, Look, at_each, hinted, looks, on_fixture, on_scripted
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import server, settle  # noqa: F401  (server: the module's live server)
from .web_fixtures import Scripted

RINGED = """() => [...document.querySelectorAll('.hinted')].map((e) => ({
  testid: e.dataset.testid || '', cards: e.dataset.cards || '', card: e.dataset.card || '',
  inChoice: Boolean(e.closest('[data-testid=meld-choice]')), outline: getComputedStyle(e).outlineStyle }))"""


def south_at(seed: int, stop: Any) -> State:
    """The two-handed deal ``seed`` played by the simple player until ``stop(state)`` holds at South's turn."""
    s = new_match(seed=seed, game="two-handed")
    for _ in range(3000):
        seat = turn(s)
        assert seat is not None and s.phase not in ("hand_end", "match_end"), s.phase
        if seat == Seat.S and auto_action(s) is None and stop(s):
            return s
        s = apply(s, auto_action(s) or SimplePlayer(1).act(view(s, seat)))
    raise AssertionError(f"deal {seed}: never came to the position asked for")


def ring_at_meld_turn(v: dict[str, Any], answers: list[dict[str, Any]], shots: str) -> list[Any]:
    """What the Hint rings at South's Meld choice ``v``, for each answer in turn, at 360x740 and 1440x900 in
    both themes (each a fresh page)."""
    out: list[Any] = []
    for answer in answers:
        def script(s: Scripted, answer: dict[str, Any] = answer) -> None:
            s.reply = answer  # type: ignore[attr-defined]

        def ready(page: Any) -> None:
            page.get_by_test_id("meld-choice").wait_for()
            hinted(page)

        got = at_each(looks(("light", (360, 740)), ("dark", (360, 740)), ("light", (1440, 900)), ("dark", (1440, 900))),
                      on_fixture(server_url[0], v, ready=ready, scripted=Hinting, script=script),
                      lambda page, _: page.evaluate(RINGED),
                      f"aids7-{shots}-{answer['action']['type']}")
        out += got.values()
    return out


server_url: list[str] = []


def test_the_hint_rings_the_meld_button_it_recommends(server: Any) -> None:  # noqa: F811
    server_url[:] = [server.url]
    s = south_at(13, lambda s: s.phase == "stock_meld" and len(s.tricks) == 2)
    v = view(s, Seat.S)
    assert len(v.legal.melds) == 3 and v.legal.dix, v.legal
    answer = hint_answer(v, "fx", 0, samples=8)
    assert answer["action"]["type"] == "meld", answer  # type: ignore[index]  # Hard declares its biggest meld
    pass_ = {**answer, "action": {"type": "pass"}, "reason": "Declare no more meld."}
    dix = {**answer, "action": {"type": "dix"}, "reason": "Exchange the dix."}
    seen = ring_at_meld_turn(v.to_json(), [answer, pass_, dix], "meld")
    cards = sorted(answer["action"]["cards"])  # type: ignore[index]
    for ringed in seen[:4]:
        assert len(ringed) == 1 and ringed[0]["inChoice"] and ringed[0]["outline"] == "solid", ringed
        assert ringed[0]["testid"].startswith("meld-option-") and sorted(ringed[0]["cards"].split()) == cards, ringed
    for ringed in seen[4:8]:
        assert [r["testid"] for r in ringed] == ["meld-pass"], ringed
    for ringed in seen[8:]:
        assert [r["testid"] for r in ringed] == ["meld-dix"], ringed


def test_the_status_line_says_a_whole_sentence_when_melds_are_playable(server: Any) -> None:  # noqa: F811
    def melds_playable(s: State) -> bool:
        j = view(s, Seat.S).to_json()
        return s.phase == "stock_play" and any(t["card"] in j["legal"].get("play", []) for t in j["table"].get("S", []))

    v = view(south_at(13, melds_playable), Seat.S).to_json()

    def measure(page: Any, _: Look) -> dict[str, Any]:
        # the longer sentence still fits: the page does not scroll and the status lies clear of the Hint
        return {"status": page.get_by_test_id("status").text_content(), **page.evaluate("""() => {
          const a = document.getElementById('status').getBoundingClientRect();
          const b = document.querySelector('[data-testid=hint-button]').getBoundingClientRect();
          const apart = a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
          return { scroll: Math.round(document.scrollingElement.scrollHeight - innerHeight), apart };
        }""")}

    got = at_each(looks(("light", (320, 568)), ("light", (360, 740)), ("dark", (1440, 900))), on_fixture(server.url, v),
                  measure, "aids7-status")
    fit = {key: {"scroll": g["scroll"], "apart": g["apart"]} for key, g in got.items()}
    out = {key: g["status"] for key, g in got.items()}
    assert all(f["scroll"] <= 0 and f["apart"] for f in fit.values()), fit
    for key, text in out.items():
        assert re.fullmatch(r"(Lead|Play) from your hand or melds\.", text or ""), (key, text)


#: two-handed's meld turns as the review gives them (pinochle.bots.review: not measured when they differ)
MELD_DECISIONS = [
    {"index": 12, "seat": "S", "phase": "stock_meld", "action": {"type": "meld", "cards": ["KC", "QC"]},
     "best": {"type": "meld", "cards": ["JS", "JH", "JD", "JC"]}, "loss": None,
     "reason": "Declare the J♠, J♥, J♦ and J♣: the jacks around scores 40, and Hard puts no number on your meld of the K♣ and Q♣ to compare.",
     "context": {"trick": 3, "table": [], "high_bid": None, "high_bidder": None, "declarer": None, "bid": None, "trump": "S"}},
    {"index": 20, "seat": "S", "phase": "stock_meld", "action": {"type": "pass"},
     "best": {"type": "meld", "cards": ["KD", "QD"]}, "loss": None,
     "reason": "Declare the K♦ and Q♦: the marriage scores 20, and Hard puts no number on your choice of no meld to compare.",
     "context": {"trick": 5, "table": [], "high_bid": None, "high_bidder": None, "declarer": None, "bid": None, "trump": "S"}},
]


def review_open(page: Any) -> None:
    """A ``ready``: the hand's summary open, its "Review your decisions" pressed, the folded decisions opened."""
    page.get_by_test_id("hand-summary").wait_for()
    page.get_by_test_id("summary-review").click()
    page.get_by_test_id("review-folded").wait_for()
    page.get_by_test_id("review-folded-line").click()
    settle(page)


def review_listed(page: Any) -> None:
    """A ``ready``: the hand's summary open, its "Review your decisions" pressed, the first decision listed
    (a decision not measured is listed and named, never folded)."""
    page.get_by_test_id("hand-summary").wait_for()
    page.get_by_test_id("summary-review").click()
    page.get_by_test_id("review-item").first.wait_for()
    settle(page)


def reviewing(decisions: list[dict[str, Any]], v: dict[str, Any]) -> Any:
    """A ``script`` of :func:`~tests.browser_kit.on_scripted`: the socket answers the review of ``v``'s last hand
    with ``decisions``."""
    def script(s: Scripted) -> None:
        s.answers = [{"type": "review", "match": "fx", "hand": v["last_hand"]["number"], "decisions": decisions}]  # type: ignore[attr-defined]
    return script


def test_the_review_names_two_handed_melds_by_their_cards(server: Any) -> None:  # noqa: F811
    """A meld turn in the review: "You: Meld K♣ Q♣", "Hard: Meld J♠ J♥ J♦ J♣", and a pass there "No meld" (the
    Meld choice's own words): it said "You: meld" and "You: Pass"."""
    from .test_browser_review import Reviewing, hand_end_view

    v = hand_end_view()
    out = at_each(looks(("light", (360, 740)), ("dark", (1440, 900))),
                  on_scripted(server.url, v, review_listed, scripted=Reviewing, script=reviewing(MELD_DECISIONS, v)),
                  lambda page, _: page.evaluate("""() => [...document.querySelectorAll('.rv-item')].map(li => ({
                    you: li.querySelector('.rv-you').textContent, best: li.querySelector('.rv-best')?.textContent ?? null,
                    cards: [...li.querySelectorAll('.rv-you .rv-card, .rv-best .rv-card')].map(c => c.getAttribute('aria-label')) }))"""),
                  "aids7-review-meld")
    for key, rows in out.items():
        plain = [(r["you"].replace("\ufe0e", ""), (r["best"] or "").replace("\ufe0e", "")) for r in rows]
        assert plain == [
            ("You: Meld K♣Q♣", "Hard: Meld J♠J♥J♦J♣"), ("You: No meld", "Hard: Meld K♦Q♦")], (key, rows)
        assert rows[0]["cards"][:2] == ["King of clubs", "Queen of clubs"], (key, rows)


#: a move within a point of Hard's (the server gives its loss as 0: pinochle.bots.review.CLOSE_LOSS) and Hard's own
CLOSE_DECISIONS = [
    {"index": 30, "seat": "S", "phase": "play", "action": {"type": "play", "card": "AD"},
     "best": {"type": "play", "card": "TS"}, "loss": 0.0,
     "reason": "Play the 10♠: nobody else can hold a spade above it, and on average it does about as well as your A♦.",
     "context": {"trick": 7, "table": [], "high_bid": None, "high_bidder": None, "declarer": "N", "bid": 260, "trump": "C"}},
    {"index": 34, "seat": "S", "phase": "play", "action": {"type": "play", "card": "JC"},
     "best": {"type": "play", "card": "JC"}, "loss": 0.0, "reason": "Play the J♣: it is your lowest club.",
     "context": {"trick": 8, "table": [], "high_bid": None, "high_bidder": None, "declarer": "N", "bid": 260, "trump": "C"}},
]


def test_a_move_within_a_point_of_hards_is_not_a_mistake_nor_a_match(server: Any) -> None:  # noqa: F811
    """A different move that gave up under a point is folded as "about as good as Hard's", never listed as a
    mistake nor counted as matching Hard's choice, and the head does not say Hard agrees."""
    from .test_browser_review import Reviewing, hand_end_view

    v = hand_end_view()
    out = at_each(looks(("dark", (360, 740))),
                  on_scripted(server.url, v, review_open, scripted=Reviewing, script=reviewing(CLOSE_DECISIONS, v)),
                  lambda page, _: page.evaluate("""() => ({
                    head: document.querySelector('[data-testid=review-total]').textContent,
                    listed: document.querySelectorAll('[data-testid=review-item]').length,
                    folded: document.querySelector('[data-testid=review-folded-line]').textContent,
                    losses: [...document.querySelectorAll('.rv-item .rv-loss')].map(e => e.textContent) })"""),
                  "aids7-review-close")["dark-360"]
    assert out["listed"] == 0, out
    assert out["head"] == "No decision gave up a point or more.", out
    assert out["folded"] == "1 decision matched Hard's choice; 1 about as good as Hard's.", out
    assert out["losses"] == ["about as good as Hard's choice", "Hard agrees"], out
