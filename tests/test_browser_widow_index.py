"""Cutthroat on a phone: the widow's three cards turned up are read as the hand's are, and a long meld's fan
shows every card's index (issue 30).

A fresh reviewer at 360x740 could not read the ranks of the second and third widow cards beside "You took the
widow": they were 38 px art cards, one over the next, whose corner index is too small there. Now each lies whole
beside the next, at least 85% of the hand's cards' width (58 px) on a phone of 360 px and more (the art's index grows with
the card), and on a short phone (320x568), where the felt has no height to spare, each carries its index as text
over the art's, as large as a mini card's (dom.js cardEl ``index``). An 11-card meld on the felt at 360x740 (the
reviewer: "tight") leaves each card's index uncovered by the card over it (views/felt.js ``INDEX``).
"""

from __future__ import annotations

import random
from typing import Any

from pinochle.cards import Seat
from pinochle.game import apply, new_match

from .browser_kit import Look, at_each, on_fixture
from .browser_support import module_server, serious_axe
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import auto, first_of, random_action, south

server = module_server("widow-index")

WIDOW = """() => {
  const box = (e) => e.getBoundingClientRect();
  const hand = box(document.querySelector('#hand button.card')).width;
  const cards = [...document.querySelectorAll('[data-testid=widow] .card')].map((c) => {
    const r = box(c);
    const idx = c.querySelector('.text-index');
    const shown = idx && getComputedStyle(idx).display !== 'none';
    return {card: c.dataset.card, left: r.left, right: r.right, top: r.top, bottom: r.bottom, w: r.width,
            text: shown ? idx.textContent : null,
            font: shown ? parseFloat(getComputedStyle(idx.querySelector('.rank')).fontSize) : 0,
            inside: shown ? (() => { const i = box(idx); return i.left >= r.left - .5 && i.top >= r.top - .5 && i.right <= r.right + .5; })() : null};
  });
  return {hand, cards, caption: document.querySelector('[data-testid=widow-caption]').textContent,
          scroll: document.documentElement.scrollHeight - innerHeight};
}"""


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0.5 and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0.5


def test_the_widow_turned_up_reads_as_the_hand_does(server: Any) -> None:
    v = south(first_of("cutthroat", lambda s: s.phase == "trump" and s.declarer == Seat.S))
    assert v["widow_taken_by"] == "S" and len(v["widow"]) == 3

    def measure(page: Any, _: Any) -> dict[str, Any]:
        page.get_by_test_id("widow").wait_for()
        return {**page.evaluate(WIDOW), "axe": serious_axe(page)}

    looks = [Look("dark", (360, 740)), Look("light", (390, 844)), Look("dark", (320, 568)), Look("light", (1440, 900))]
    got = at_each([(look.key, look) for look in looks], on_fixture(server.url, v), measure, "widow-index")
    for key, g in got.items():
        cards = g["cards"]
        assert g["caption"] == "You took the widow" and [c["card"] for c in cards] == v["widow"], (key, g)
        assert not any(overlap(a, b) for i, a in enumerate(cards) for b in cards[i + 1:]), (key, cards)  # each whole
        assert g["axe"] == [], (key, g["axe"])
        for c in cards:
            # the art's index as large as a phone hand's nearly (85% of its 58 px cards), or the index as text
            big = c["w"] >= 0.85 * min(g["hand"], 58)
            text = c["text"] is not None and c["font"] >= 13 and c["inside"]
            assert big or text, (key, c, g["hand"])
    assert all(c["text"] is None for key in ("dark-360", "light-390", "light-1440") for c in got[key]["cards"]), got
    assert all(c["text"] for c in got["dark-320"]["cards"]), got["dark-320"]  # the short phone: as text
    assert got["dark-360"]["scroll"] <= 0 and got["light-390"]["scroll"] <= 0, got


FAN = """() => [...document.querySelectorAll('.felt-meld')].filter((p) => p.querySelectorAll('.fm-fan .card').length)
  .map((p) => {
    const pr = p.getBoundingClientRect();
    const cards = [...p.querySelectorAll('.fm-fan .card')].map((c) => c.getBoundingClientRect());
    return {n: cards.length, fan: p.dataset.fan, plateRight: pr.right, plateLeft: pr.left,
            cards: cards.map((r) => ({left: r.left, top: r.top, right: r.right, w: r.width}))};
  })"""


def long_meld() -> dict[str, Any]:
    """South's view of a cutthroat burial whose declarer melds 11 cards or more (their meld on the felt)."""
    for seed in range(30, 200):
        rng = random.Random(seed)
        st = auto(new_match(seed=seed, game="cutthroat"))
        while st.phase not in ("bury", "play", "match_end") and st.hand_no == 0:
            st = auto(apply(st, random_action(st, rng)))
        if st.phase == "bury" and st.hand_no == 0:
            v = south(st)
            m = v["melds"][v["declarer"]]
            if m and sum(max(it["cards"].count(t) for it in m["melds"] if t in it["cards"])
                         for t in {t for it in m["melds"] for t in it["cards"]}) >= 11:
                return v
    raise AssertionError("no meld of 11 cards")


def test_an_eleven_card_meld_on_the_felt_at_360_covers_no_index(server: Any) -> None:
    v = long_meld()
    got = at_each([("dark-360", Look("dark", (360, 740)))], on_fixture(server.url, v, close_meld=True),
                  lambda page, _: page.evaluate(FAN), "widow-index-fan")["dark-360"]
    big = [p for p in got if p["n"] >= 11]
    assert big and all(p["fan"] == "shown" for p in big), got
    for p in big:
        row = sorted(p["cards"], key=lambda c: (round(c["top"]), c["left"]))
        for a, b in zip(row, row[1:]):
            if round(a["top"]) == round(b["top"]):  # the card over it shows at least its index (felt.js INDEX 0.24)
                assert b["left"] - a["left"] >= 0.24 * a["w"] - 0.5, (a, b)
        assert all(p["plateLeft"] - 0.5 <= c["left"] and c["right"] <= p["plateRight"] + 0.5 for c in p["cards"]), p
