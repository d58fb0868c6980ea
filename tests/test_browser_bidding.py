"""Bidding for people, in the browser (views/bidding.js, views/controls.js):

- jump buttons in the game's steps (+10 and +50 in tens, +1 and +5 in ones), landing only on bids there
  are (double-deck's ladder: by 1 up to 60, then by 5);
- a question before a bid ten steps or more over the high bid (100 in tens, 10 in ones), with Back;
- the hand's calls in order, who made each (in the felt's centre, under the high bid), and your own meld with each suit as trump (the view's
  ``meld_if_trump``, the engine's meld of your hand), "before the widow" or "before the pass" where the
  hand still changes;
- all of it on a 360 px phone and a desktop without covering the cards, with axe at 0 serious or critical.

The views are the engine's own (South's turn in the auction after the others called).
"""

from __future__ import annotations

from typing import Any

import pytest

from pinochle.cards import Seat
from pinochle.game import Action, apply, legal, new_match, turn, view

from .test_browser import Server
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_a11y import axe_runner
from .test_browser_layout import in_browser, open_fixture, server  # noqa: F401  (the module's server)
from .web_fixtures import double_deck_view


def auction_view(game: str, seed: int = 4, opener_bids: bool = True) -> dict[str, Any]:
    """South's view at its first call: the first seat to call opens at the lowest bid (when
    ``opener_bids``), the others pass."""
    for s_seed in range(seed, seed + 40):
        state = new_match(seed=s_seed, game=game)
        while state.phase == "auction" and turn(state) != Seat.S:
            seat = turn(state)
            assert seat is not None
            low = legal(state, seat).min_bid
            first = not state.calls
            state = apply(state, Action.bid_(seat, low) if first and opener_bids and low else Action.pass_(seat))
        if state.phase == "auction" and state.calls:
            return view(state, Seat.S).to_json()
    raise AssertionError(f"no auction with calls before South in {game}")


def bid_controls(page: Any) -> dict[str, Any]:
    return page.evaluate("""() => {
      const t = (id) => document.querySelector(`[data-testid="${id}"]`);
      return {value: t('bid-value')?.textContent, plus: t('bid-plus')?.textContent, jump: t('bid-jump')?.textContent,
              jumpLabel: t('bid-jump')?.getAttribute('aria-label'), jumpOff: t('bid-jump')?.disabled,
              focus: document.activeElement?.dataset?.testid ?? null,
              question: t('bid-question')?.textContent ?? null};
    }""")


def actions(script: Any) -> list[dict[str, Any]]:
    return [m["action"] for m in script.received if m.get("type") == "action"]


def test_the_jumps_go_in_tens_and_a_jump_of_100_over_the_high_bid_asks_first(server: Server) -> None:  # noqa: F811
    v = auction_view("table")
    assert v["high_bid"] == 250 and v["legal"]["bid"]["min"] == 260 and v["scale"] == "tens"

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        ctx, page, script = open_fixture(browser, server.url, v, errors)
        out["start"] = bid_controls(page)
        page.get_by_test_id("bid-jump").click()
        out["one"] = bid_controls(page)
        page.get_by_test_id("bid-jump").click()
        page.get_by_test_id("bid-button").click()
        out["asked"] = bid_controls(page)
        out["sent_before"] = actions(script)
        out["axe_asked"] = [(x["id"], x["impact"]) for x in axe_runner().run(page).response["violations"]
                            if x["impact"] in ("serious", "critical")]
        page.get_by_test_id("bid-back").click()
        out["back"] = bid_controls(page)
        for _ in range(3):
            page.get_by_test_id("bid-minus").click()
        page.get_by_test_id("bid-button").click()  # 330: 80 over 250, sent at once
        page.wait_for_function("() => document.body.dataset.busy === '1'")
        out["sent_small"] = actions(script)
        ctx.close()
        ctx, page, script = open_fixture(browser, server.url, v, errors, theme="light", size=(1440, 900))
        page.get_by_test_id("bid-jump").click()
        page.get_by_test_id("bid-jump").click()
        page.keyboard.press("Tab")  # from the jump to Bid 360: keyboard only
        page.keyboard.press("Enter")
        out["asked_keys"] = bid_controls(page)
        page.keyboard.press("Enter")  # the focus is on the question's Bid 360
        page.wait_for_function("() => document.body.dataset.busy === '1'")
        out["sent_big"] = actions(script)
        ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out["errors"] == []
    assert out["start"]["value"] == "260" and out["start"]["plus"] == "+10" and out["start"]["jump"] == "+50"
    assert out["start"]["jumpLabel"] == "Raise the bid by 50"
    assert out["one"]["value"] == "310" and out["one"]["focus"] == "bid-jump"
    assert out["asked"]["question"] == "Bid 360? That is 110 over the high bid of 250."
    assert out["asked"]["focus"] == "bid-confirm" and out["sent_before"] == [] and out["axe_asked"] == []
    assert out["back"]["value"] == "360" and out["back"]["question"] is None and out["back"]["focus"] == "bid-button"
    assert out["sent_small"] == [{"type": "bid", "bid": 330}]
    assert out["asked_keys"]["question"] == "Bid 360? That is 110 over the high bid of 250."
    assert out["sent_big"] == [{"type": "bid", "bid": 360}]


def test_the_jumps_in_ones_land_on_the_double_deck_ladder(server: Server) -> None:  # noqa: F811
    """Double-deck bids by 1 up to 60, then by 5 (legal.bid.ladder [[60, 5]]): from 58 a jump of five
    steps would be 63, which is no bid, so it lands on the ladder at 60; from 60 it goes by 5s, never
    over legal.bid.max. A bid ten steps or more over the high bid asks first: 10 over 57, 50 over 60."""
    v = double_deck_view()
    v.update(phase="auction", tricks=[], trump=None, bid=None, declarer=None, high_bid=57, high_bidder="W",
             auction=[{"seat": "W", "call": "57"}], melds={s: None for s in v["seats"]},
             meld_shown={k: 0 for k in v["meld_shown"]},
             legal={"bid": {"min": 58, "step": 1, "max": 70, "ladder": [[60, 5]]}, "pass": True})

    above = {**v, "high_bid": 60, "auction": [{"seat": "W", "call": "60"}],
             "legal": {"bid": {"min": 65, "step": 1, "max": 1000, "ladder": [[60, 5]]}, "pass": True}}

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, page, script = open_fixture(browser, server.url, v, errors)
        seen = [bid_controls(page)]
        for _ in range(2):
            page.get_by_test_id("bid-jump").click()
            seen.append(bid_controls(page))
        page.get_by_test_id("bid-button").click()
        asked = bid_controls(page)
        page.get_by_test_id("bid-confirm").click()
        page.wait_for_function("() => document.body.dataset.busy === '1'")
        sent = actions(script)
        ctx.close()
        # from 60 up the steps are 5s: 70 over a high bid of 60 is two steps, sent at once
        ctx, page, script = open_fixture(browser, server.url, above, errors)
        page.get_by_test_id("bid-plus").click()
        page.get_by_test_id("bid-button").click()
        page.wait_for_function("() => document.body.dataset.busy === '1'")
        small = actions(script)
        ctx.close()
        return {"seen": seen, "asked": asked, "sent": sent, "small": small, "errors": errors}

    out = in_browser(run)
    assert out["errors"] == []
    assert [(s["value"], s["plus"], s["jump"], s["jumpOff"]) for s in out["seen"]] == [
        ("58", "+1", "+2", False), ("60", "+5", "+10", False), ("70", "+5", "+25", True)]
    assert out["asked"]["question"] == "Bid 70? That is 13 over the high bid of 57."
    assert out["sent"] == [{"type": "bid", "bid": 70}]
    assert out["small"] == [{"type": "bid", "bid": 70}]


@pytest.mark.parametrize("game, note", [
    ("table", None),
    ("cutthroat", "your hand alone, before the widow"),
    ("partnership-pass", "your hand alone, before the partners pass cards"),
])
def test_the_calls_and_your_meld_per_suit_show_while_you_bid(server: Server, game: str, note: str | None) -> None:  # noqa: F811
    v = auction_view(game)
    want_calls = [(c["seat"], c["call"]) for c in v["auction"]]
    assert len(want_calls) >= 2 and v["meld_if_trump"]

    def look(page: Any) -> dict[str, Any]:
        return page.evaluate("""() => {
          const box = (el) => { const r = el.getBoundingClientRect(); return {l: r.left, t: r.top, r: r.right, b: r.bottom}; };
          const q = (s) => [...document.querySelectorAll(s)];
          const hand = document.querySelector('#hand').getBoundingClientRect();
          const cards = q('#hand button.card').map(box);
          const parts = ['bid-aid', 'meld-if-trump', 'bid-calls'].map(id => document.querySelector(`[data-testid="${id}"]`));
          const group = document.querySelector('#controls .auction');
          return {
            calls: q('[data-testid="bid-call"]').map(li => [li.dataset.seat, li.dataset.call, li.querySelector('.sr-only').textContent]),
            chips: q('[data-testid="bid-call"]').map(li => li.querySelector('.who').textContent + ' ' + li.querySelector('.what').textContent),
            meld: Object.fromEntries(q('.meld-if-suit').map(li => [li.dataset.testid.slice(-1), [li.querySelector('.pts').textContent, li.querySelector('.sr-only').textContent]])),
            best: q('.meld-if-suit.best').map(li => li.dataset.testid.slice(-1)),
            note: document.querySelector('[data-testid="meld-if-note"]')?.textContent ?? null,
            boxes: [...parts, group].map(el => el ? box(el) : null),
            row: [...group.children].map(k => k.getBoundingClientRect().top),
            cards, width: document.documentElement.clientWidth, scrollW: document.documentElement.scrollWidth,
          };
        }""")

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for size, theme in (((360, 740), "dark"), ((390, 844), "light"), ((1440, 900), "light")):
            ctx, page, _ = open_fixture(browser, server.url, v, errors, theme=theme, size=size)
            out[f"{size[0]}"] = look(page)
            if size[0] != 390:
                res = axe_runner().run(page)
                out[f"axe{size[0]}"] = [(x["id"], x["impact"]) for x in res.response["violations"]
                                        if x["impact"] in ("serious", "critical")]
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out["errors"] == []
    names = {"S": "You", "N": "Partner", "E": "East", "W": "West"}
    for width in ("360", "390", "1440"):
        got = out[width]
        assert [(s, c) for s, c, _ in got["calls"]] == want_calls
        assert [words for _, _, words in got["calls"]] == [
            f"{names[s]} passed" if c == "pass" else f"{names[s]} bid {c}" for s, c in want_calls]
        assert got["meld"] == {t: [str(n), f"If {word} were trump: {n} meld"] for (t, n), word in
                               zip(v["meld_if_trump"].items(), ("spades", "hearts", "diamonds", "clubs"))}
        best = max(v["meld_if_trump"].values())
        assert got["best"] == ([t for t, n in v["meld_if_trump"].items() if n == best] if best else [])
        assert got["note"] == note
        # inside the page, one under the other, and none over a card of the hand
        assert got["scrollW"] <= got["width"]
        assert max(got["row"]) - min(got["row"]) < 10, (width, got["row"])  # − value +step +jump Bid Pass: one line
        aid, _, calls, group = got["boxes"]
        assert aid and group and aid["b"] <= group["t"] + 0.5 and aid["l"] >= 0 and aid["r"] <= got["width"]
        assert calls and calls["l"] >= 0 and calls["r"] <= got["width"] and calls["b"] <= aid["t"]  # in the felt's centre
        for card in got["cards"]:
            for b in (aid, calls, group):
                assert b["b"] <= card["t"] + 0.5 or b["t"] >= card["b"] - 0.5 or b["r"] <= card["l"] or b["l"] >= card["r"], (width, b, card)
    assert out["axe360"] == [] and out["axe1440"] == []
