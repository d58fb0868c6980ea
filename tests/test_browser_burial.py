"""The declarer's burial on the table (cutthroat, auction; VARIANTS.md ``cutthroat``: the declarer "buries 3
cards not used in meld"), as the twelfth review asked for it:

- the cards chosen to bury (or to pass, partnership-pass) are marked so that they cannot be taken for the
  cards of the meld: in a hand of rows each wears a strong ring, a tint and a tag in its top band (the part of
  the card a row in front leaves showing), in a single row it rises too; a screen reader hears the choice
  (``aria-pressed`` and the card's label), at 360x740, 390x844 and 1440x900 in both themes;
- once the declarer has buried (the view's ``buried_down``), the widow leaves the felt and a face-down pile of
  that many cards lies by the declarer's seat, "Buried 3"; the declarer's pile names the cards (its label and
  a tap), an opponent's shows backs and the count only.

Fixture views come from the engine (a cutthroat deal where South must bury: tests/test_browser_three.py) and a
scripted socket serves them to the real page. Screenshots go to $PINOCHLE_SHOTS when it is set.
"""

from __future__ import annotations

from typing import Any

from pinochle.cards import Seat
from pinochle.game import Action, State, apply, auto_action, legal, new_match, turn, view

from .browser_support import shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .browser_checks import OVERFLOW
from .test_browser_layout import FELT_CLASH, in_browser, open_fixture, server, settle  # noqa: F401  (server: the module's live server)
from .test_browser_three import declarer_deal

SIZES = ((320, 568), (360, 740), (390, 844), (1440, 900))
THEMES = ("dark", "light")


def at_burial() -> State:
    """South, the declarer of a cutthroat deal its meld does not make, at the burial."""
    seed, suit = declarer_deal()
    s = new_match(seed=seed, game="cutthroat", first_dealer=Seat.E)
    s = apply(s, Action.bid_(Seat.S, legal(s, Seat.S).min_bid or 0))
    while s.phase == "auction":
        s = apply(s, Action.pass_(turn(s) or 0))
    while (a := auto_action(s)) is not None:
        s = apply(s, a)
    s = apply(s, Action.trump_(Seat.S, legal(s, Seat.S).trumps[0]))
    while (a := auto_action(s)) is not None:
        s = apply(s, a)
    assert s.phase == "bury" and s.declarer == Seat.S
    return s


def after_burial() -> State:
    """The same deal once South has buried the first three cards it may."""
    s = at_burial()
    s = apply(s, Action.bury_(Seat.S, legal(s, Seat.S).bury_from[:3]))
    while (a := auto_action(s)) is not None:
        s = apply(s, a)
    assert s.phase == "play"
    return s



LOOKS = tuple((theme, size) for size in SIZES for theme in THEMES)

#: each chosen card of the hand: pressed, its label, and its tag (text, whether the point at its middle is the tag
#: or the card, so that no other card covers it), and its tint (the ::after over the face)
CHOSEN = """() => [...document.querySelectorAll('#hand button.card')].map((c) => {
  const tag = c.querySelector('[data-testid=chosen-mark]');
  let seen = false;
  if (tag) {
    const r = tag.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    seen = Boolean(at && (at === tag || at === c || c.contains(at)));
  }
  const after = getComputedStyle(c, '::after');
  return { card: c.dataset.card, pressed: c.getAttribute('aria-pressed'), label: c.getAttribute('aria-label'),
    tag: tag ? tag.textContent : null, tagSeen: seen, tint: after.content !== 'none' ? after.backgroundColor : null,
    ring: getComputedStyle(c).boxShadow };
})"""


def test_the_cards_chosen_to_bury_are_marked_and_said(server: Any) -> None:  # noqa: F811
    v = view(at_burial(), Seat.S).to_json()
    offered = list(v["legal"]["bury"]["cards"])

    def run(browser: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for theme, size in LOOKS:
            errors: list[str] = []
            ctx, page, _ = open_fixture(browser, server.url, v, errors, theme=theme, size=size)
            tokens = page.eval_on_selector_all("#hand button.card", "els => els.map(e => e.dataset.card)")
            picked: list[int] = []
            for card in (offered[0], offered[len(offered) // 2], offered[-1]):
                i = next(j for j, t in enumerate(tokens) if t == card and j not in picked)
                picked.append(i)
                page.locator("#hand button.card").nth(i).click()
            settle(page)
            shot(page, f"burial-chosen-{size[0]}-{theme}")
            out[f"{theme}-{size[0]}"] = {"cards": page.evaluate(CHOSEN), "picked": picked, "errors": errors,
                                         "count": page.get_by_test_id("choose-count").inner_text()}
            ctx.close()
        return out

    out = in_browser(run)
    for key, o in out.items():
        assert o["errors"] == [], (key, o["errors"])
        assert o["count"] == "3 of 3 chosen", (key, o["count"])
        for i, c in enumerate(o["cards"]):
            if i in o["picked"]:
                # pressed and said, tagged where the tag is seen (no card over it), tinted and ringed
                assert c["pressed"] == "true" and c["label"].endswith(", chosen to bury"), (key, c)
                assert c["tag"] == "Bury" and c["tagSeen"], (key, c)
                assert c["tint"] and c["tint"] not in ("rgba(0, 0, 0, 0)", "transparent"), (key, c)
                assert c["ring"] != "none", (key, c)
            else:
                assert c["pressed"] == "false" and "chosen" not in c["label"] and c["tag"] is None and c["tint"] is None, (key, c)


#: the buried pile of each seat: its seat, what it is, its words and its box against its seat's
PILES = """() => [...document.querySelectorAll('[data-testid^=buried-]')].map((p) => {
  const seat = p.closest('.seat');
  const r = p.getBoundingClientRect(), s = seat ? seat.getBoundingClientRect() : null;
  return { id: p.dataset.testid, seat: seat ? seat.dataset.seat : null, tag: p.tagName, text: p.textContent,
    label: p.getAttribute('aria-label'), title: p.getAttribute('title'), faces: p.querySelectorAll('[data-card]').length,
    backs: p.querySelectorAll('.back-card').length, visible: r.width > 0 && r.height > 0,
    inside: Boolean(s) && r.left >= s.left - 0.5 && r.right <= s.right + 0.5 && r.top >= s.top - 0.5 && r.bottom <= s.bottom + 0.5,
    width: r.width, height: r.height };
})"""


def test_the_buried_cards_lie_by_the_declarer_and_the_widow_leaves_the_felt(server: Any) -> None:  # noqa: F811
    state = after_burial()
    buried = [str(c) for c in state.buried]
    views = {"mine": view(state, Seat.S).to_json(), "theirs": view(state, Seat.E).to_json()}
    names = page_words(buried)

    def run(browser: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for who, v in views.items():
            for theme, size in LOOKS:
                errors: list[str] = []
                ctx, page, _ = open_fixture(browser, server.url, v, errors, theme=theme, size=size)
                settle(page)
                o: dict[str, Any] = {"errors": errors, "widow": page.locator("[data-testid=widow]").count(),
                                     "piles": page.evaluate(PILES), "clash": page.evaluate(FELT_CLASH),
                                     "seat": page.get_by_test_id("seat-S").get_attribute("aria-label"),
                                     "overflow": page.evaluate(OVERFLOW)}
                shot(page, f"burial-pile-{who}-{size[0]}-{theme}")
                if who == "mine":
                    page.get_by_test_id("buried-S").click()
                    o["toast"] = page.get_by_test_id("toast").inner_text()
                out[f"{who}-{theme}-{size[0]}"] = o
                ctx.close()
        return out

    out = in_browser(run)
    for key, o in out.items():
        assert o["errors"] == [], (key, o["errors"])
        assert o["widow"] == 0, key  # the widow's cards are in the declarer's hand or buried: gone from the felt
        assert o["clash"] == [] and o["overflow"] == [], (key, o["clash"], o["overflow"])
        assert len(o["piles"]) == 1, (key, o["piles"])
        p = o["piles"][0]
        # by the declarer's seat, face down, "Buried 3"
        assert p["id"] == "buried-S" and p["seat"] == "S" and p["visible"] and p["inside"], (key, p)
        assert p["text"] == "Buried 3" and p["backs"] == 3 and p["faces"] == 0, (key, p)
        assert "Buried 3" in o["seat"], (key, o["seat"])
        if key.startswith("mine"):
            # the declarer's own pile names the cards: its label, its title, a tap
            assert p["tag"] == "BUTTON" and p["width"] >= 44 and p["height"] >= 44, (key, p)
            assert all(n in p["label"] for n in names), (key, p["label"], names)
            assert all(n in o["toast"] for n in names), (key, o["toast"])
        else:
            # an opponent's: the count alone, no card named
            assert p["tag"] != "BUTTON" and p["label"] == "South buried 3 cards face down", (key, p)
            assert p["title"] == p["label"], (key, p)


def page_words(tokens: list[str]) -> list[str]:
    """The cards as a screen reader hears them ("the ten of hearts"), as dom.js cardWords says them."""
    ranks = {"A": "ace", "T": "ten", "K": "king", "Q": "queen", "J": "jack", "9": "nine"}
    suits = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    return [f"the {ranks[t[0]]} of {suits[t[1]]}" for t in tokens]
