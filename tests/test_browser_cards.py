"""The card art on the real page (pinochle/web/cards/, dom.js cardEl and cardBack; docs/cards.md).

- Every card on the table (the hand, the trick, the stock and its upcard, the widow) is one
  picture of the shipped art, loaded, named for a screen reader by the card's own name; a mini
  card (a list in a dialog, the turned-up trump by the stock) shows its index as text.
- In the hand each card's corner index (rank and suit) is in sight, not covered by the next
  card or the row in front, and at least 12 px tall, at 360x740, 390x844 and 1440x900.
- The playable cards are marked on the art (raised and ringed), the others dimmed; in flat mode
  the ring is a border.
- Settings: the card back and the four-colour deck change the cards on the page at once, and
  hold across a reload.
- A first visit (Home, then a solo table) transfers at most 1.5 MB; a second visit takes the
  card pictures from the browser's cache.

Fixture views (tests/web_fixtures.py) are served by a scripted socket, as in
tests/test_browser_layout.py; the transfer is measured against a real server.
"""

from __future__ import annotations

import json
from typing import Any

from .test_browser import ARTIFACTS, Server
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import in_browser, open_fixture, server, settle, wait_cards  # noqa: F401  (fixture)
from .web_fixtures import fixtures

#: Where the corner index lies on a card of the art, as fractions of its width and height
#: (Kennard's large-index faces: the rank from 4 % to 24 % of the height, the suit below it to 43 %).
INDEX = {"left": 0.02, "right": 0.22, "rank_top": 0.04, "rank_bottom": 0.24, "suit_bottom": 0.43}

CARDS = r"""() => [...document.querySelectorAll('.card')].filter((c) => c.getClientRects().length).map((c) => {
  const img = c.querySelector(':scope > img.card-art');
  return {card: c.dataset.card ?? null, cls: c.className, label: c.getAttribute('aria-label'),
          hidden: c.getAttribute('aria-hidden'), imgs: c.querySelectorAll('img').length,
          text: c.querySelector('.rank')?.textContent ?? null,
          src: img ? img.getAttribute('src') : null, alt: img ? img.getAttribute('alt') : null,
          loaded: img ? img.complete && img.naturalWidth > 0 : null,
          where: c.closest('#hand') ? 'hand' : c.closest('.pile') ? 'pile' : c.closest('#centre') ? 'trick' : 'other'};
})"""

# each hand card: is its corner index in sight (the card itself is what is under the rank's and the
# suit's middle), and how tall is the rank in px
INDEX_SEEN = r"""(ix) => {
  // a focused card comes to the front (keyboard play): measure the hand at rest, as HAND_TARGETS does
  if (document.activeElement && document.activeElement.closest('#hand')) document.activeElement.blur();
  return [...document.querySelectorAll('#hand button.card')].map((c) => {
  const b = c.getBoundingClientRect();
  const x = b.left + b.width * (ix.left + ix.right) / 2;
  const at = (y) => { const e = document.elementFromPoint(x, b.top + b.height * y); return Boolean(e && c.contains(e)); };
  return {card: c.dataset.card, rank: at((ix.rank_top + ix.rank_bottom) / 2),
          suit: at((ix.rank_bottom + ix.suit_bottom) / 2), rank_px: b.height * (ix.rank_bottom - ix.rank_top)};
  });
}"""

MARKS = r"""() => [...document.querySelectorAll('#hand button.card')].map((c) => {
  const s = getComputedStyle(c), i = getComputedStyle(c.querySelector('img.card-art'));
  return {legal: c.dataset.legal, shadow: s.boxShadow, transform: s.transform, border: s.borderTopWidth,
          opacity: i.opacity, background: s.backgroundColor};
})"""


def test_every_card_on_the_table_is_a_loaded_picture_of_the_art_with_its_name(server: Server) -> None:
    fx = fixtures()

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        ctx, page, script = open_fixture(browser, server.url, fx["hand-12"], errors, theme="light")
        for name in ("hand-12", "two-players-stock", "choose-bury"):
            script.show(fx[name])
            wait_cards(page, len(fx[name]["hand"]))
            page.wait_for_function("() => [...document.querySelectorAll('img.card-art')].every((i) => i.complete)")
            out[name] = page.evaluate(CARDS)
        ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    names = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    ranks = {"A": "Ace", "T": "Ten", "K": "King", "Q": "Queen", "J": "Jack", "9": "Nine"}
    for view, cards in out.items():
        where = {c["where"] for c in cards}
        assert "hand" in where, view
        for c in cards:
            if " mini" in c["cls"] and "back-card" not in c["cls"]:
                # a mini face (a list in a dialog, the turned-up trump by the stock): its index as text
                assert c["imgs"] == 0 and c["text"] == ("10" if c["card"][0] == "T" else c["card"][0])
                assert f"{ranks[c['card'][0]]} of {names[c['card'][1]]}" in c["label"], (view, c)
                continue
            assert c["imgs"] == 1 and c["loaded"] and c["alt"] == "", (view, c)
            if "back-card" in c["cls"]:
                assert c["src"] == "/static/cards/back-red.svg" and c["hidden"] == "true", (view, c)
                continue
            assert c["src"] == f"/static/cards/{c['card']}.svg", (view, c)
            # the accessible name is the card's (with what the view adds: "playable", the seat...)
            assert f"{ranks[c['card'][0]]} of {names[c['card'][1]]}" in c["label"], (view, c)
    assert any(c["where"] == "trick" for c in out["hand-12"])
    stock = [c for c in out["two-players-stock"] if c["where"] == "pile"]
    assert any("back-card" in c["cls"] for c in stock)
    assert any(c["card"] == "9D" for c in stock)  # the upcard
    widow = [c for c in out["choose-bury"] if c["where"] == "pile"]
    assert sorted(c["card"] for c in widow) == ["9C", "AS", "TH"]


def test_the_corner_index_of_every_hand_card_is_in_sight_and_12px_tall(server: Server) -> None:
    fx = fixtures()
    sizes = {"360x740": (360, 740), "390x844": (390, 844), "1440x900": (1440, 900)}

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        ctx, page, script = open_fixture(browser, server.url, fx["hand-12"], errors, theme="light")
        for size, (w, h) in sizes.items():
            page.set_viewport_size({"width": w, "height": h})
            for n in (12, 20):
                script.show(fx[f"hand-{n}"])
                wait_cards(page, n)
                out[f"{size}/{n}"] = page.evaluate(INDEX_SEEN, INDEX)
            if size == "360x740":
                page.screenshot(path=str(ARTIFACTS / "card-art-360x740.png"))
        ctx.close()
        out["errors"] = errors
        return out

    ARTIFACTS.mkdir(exist_ok=True)
    out = in_browser(run)
    assert out.pop("errors") == []
    problems = {k: [c for c in cards if not (c["rank"] and c["suit"] and c["rank_px"] >= 12)] for k, cards in out.items()}
    assert not any(problems.values()), json.dumps(problems, indent=1)


def test_playable_cards_are_marked_on_the_art_and_the_others_dimmed(server: Server) -> None:
    fx = fixtures()

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, page, _ = open_fixture(browser, server.url, fx["hand-12"], errors, theme="light", size=(1440, 900))
        page.wait_for_function("() => document.querySelector('#hand.my-play')")
        settle(page)
        out = {"plain": page.evaluate(MARKS)}
        page.evaluate("document.documentElement.dataset.flat = 'true'")
        settle(page)
        out["flat"] = page.evaluate(MARKS)
        ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    plain, flat = out["plain"], out["flat"]
    assert {c["legal"] for c in plain} == {"true", "false"}
    for c in plain:
        if c["legal"] == "true":  # raised (one row at 1440 px) and ringed, the art at full strength
            assert c["shadow"] != "none" and c["transform"] != "none" and c["opacity"] == "1", c
        else:  # the art faded over a grey paper
            assert c["opacity"] == "0.6" and c["background"] == "rgb(119, 119, 119)", c
    for c in flat:  # flat mode: no shadow; the playable cards get a border instead
        assert c["shadow"] == "none", c
        assert (c["border"] == "3px") == (c["legal"] == "true"), c
        assert c["opacity"] == ("1" if c["legal"] == "true" else "0.6"), c


def test_card_back_and_four_colour_deck_change_the_cards_at_once_and_hold_across_a_reload(server: Server) -> None:
    fx = fixtures()
    srcs = "() => [...document.querySelectorAll('img.card-art')].map((i) => i.getAttribute('src'))"

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        v = fx["two-players-stock"]
        ctx, page, script = open_fixture(browser, server.url, v, errors, theme="light")
        out: dict[str, Any] = {"before": page.evaluate(srcs)}
        page.get_by_test_id("settings-button").click()
        page.get_by_test_id("back-blue").check()
        page.get_by_test_id("four-colour-toggle").check()
        page.get_by_test_id("settings-close").click()
        out["after"] = page.evaluate(srcs)
        out["attrs"] = page.evaluate("() => [document.documentElement.dataset.cardBack, document.documentElement.dataset.fourColour]")
        page.reload()
        wait_cards(page, len(v["hand"]))
        out["reloaded"] = page.evaluate(srcs)
        ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    assert out["attrs"] == ["blue", "true"]
    hand = fx["two-players-stock"]["hand"]
    for key in ("after", "reloaded"):
        got = out[key]
        assert "/static/cards/back-blue.svg" in got and "/static/cards/back-red.svg" not in got, key
        for card in hand:
            four = f"/static/cards/four/{card}.svg" if card[1] in "DC" else f"/static/cards/{card}.svg"
            assert four in got, (key, card)
    assert "/static/cards/back-red.svg" in out["before"]
    assert not any("/four/" in s for s in out["before"])


def test_a_first_visit_transfers_at_most_1_5_mb_and_a_second_takes_the_cards_from_the_cache(server: Server) -> None:
    """Home, then a solo table with its cards, in a fresh browser: the sum of every response's
    size (headers and body as sent). The same browser's second visit fetches no card picture."""

    def run(browser: Any) -> dict[str, Any]:
        ctx = browser.new_context(viewport={"width": 360, "height": 740}, reduced_motion="reduce")
        sent: list[tuple[str, int]] = []

        def done(req: Any) -> None:
            sizes = req.sizes()
            sent.append((req.url, sizes["responseBodySize"] + sizes["responseHeadersSize"]))

        page = ctx.new_page()
        page.on("requestfinished", done)
        page.goto(server.url)
        page.get_by_test_id("level-normal").click()
        page.wait_for_function("() => document.querySelectorAll('#hand img.card-art').length >= 12")
        page.wait_for_load_state("networkidle")
        page.wait_for_function("() => [...document.querySelectorAll('img.card-art')].every((i) => i.complete)")
        first = list(sent)
        sent.clear()
        again = ctx.new_page()
        again.on("requestfinished", done)
        cached: list[str] = []
        again.on("response", lambda r: cached.append(r.url) if "/static/cards/" in r.url else None)
        again.goto(server.url)
        again.wait_for_function("() => document.querySelector('#hand img.card-art')"
                                " || document.querySelector('[data-testid=resume]:not([hidden])')?.offsetParent")
        if again.get_by_test_id("resume").is_visible():
            again.get_by_test_id("resume").click()
        again.wait_for_function("() => document.querySelectorAll('#hand img.card-art').length >= 12")
        again.wait_for_load_state("networkidle")
        out = {"first": first, "second": list(sent), "second_cards": cached,
               "second_from_cache": again.evaluate(
                   "() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/static/cards/'))"
                   ".map((e) => [e.name, e.transferSize])")}
        ctx.close()
        return out

    out = in_browser(run)
    total = sum(n for _, n in out["first"])
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "first-visit.json").write_text(json.dumps({"bytes": total, "requests": out["first"]}, indent=1))
    assert any("/static/cards/" in url for url, _ in out["first"])
    assert total <= 1_500_000, total
    # the second visit: every card picture comes from the cache (nothing transferred)
    assert out["second_from_cache"], out
    assert all(size == 0 for _, size in out["second_from_cache"]), out["second_from_cache"]
