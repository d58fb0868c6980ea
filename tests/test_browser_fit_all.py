"""The whole table on the screen, in every game and every phase, on the smallest phone.

A fresh reviewer found the table page scrolling at 320x568: double-deck by 25 px, the auction game at
a table of 5 by 24 px. Here South's views of a real hand of every game (the auction at 3, 4 and 5
players) are served to the real page over a scripted socket (tests/web_fixtures.py), one view after
the other on one page: every phase in which South acts (the auction, trump, the pass, the meld, bury
or concede, the first card and a card five tricks in; two-handed's play, meld, draw and endgame) and
the hand's end with its summary closed. Twice a game: once South declares, once another player does.

At 320x568 (and at 360x740, 390x844, 768x1024 and 1440x900) the page never scrolls:
``document.scrollingElement.scrollHeight`` is at most ``innerHeight`` (a pixel of rounding allowed).
Screenshots of the 320x568 tables go to ``tests/artifacts/fit-all-*.png``. A meld laid on the felt lies in a
plate at least 80 px wide (under the seats on a short phone, never squeezed into a sliver between them).
"""

from __future__ import annotations

import json
from typing import Any

from pinochle.bots import SimplePlayer
from pinochle.cards import Seat
from pinochle.errors import IllegalAction
from pinochle.game import Action, apply, auto_action, new_match, turn, view
from pinochle.games import GAMES

from .browser_support import ARTIFACTS
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import in_browser, open_fixture, server, settle  # noqa: F401  (server: the module's live server)

SIZES = ((320, 568), (360, 740), (390, 844), (768, 1024), (1440, 900))

#: every game, and the auction at each of its table sizes
TABLES = [(name, players) for name in GAMES for players in ([3, 4, 5] if name == "auction" else [None])]


def south_views(game: str, players: int | None, declare: bool, seed: int = 1) -> dict[str, dict[str, Any]]:
    """South's view (as JSON) at the first turn of South's in each phase of a hand of ``game`` (seed 1),
    a card five tricks in, and the hand's end: South bids whenever it may (``declare``) or only when it
    must, and otherwise the first other player bids once; the rest is a simple computer player's."""
    s = new_match(seed=seed, game=game, players=players)
    got: dict[str, dict[str, Any]] = {}
    for _ in range(5000):
        if s.phase in ("hand_end", "match_end"):
            break
        seat = turn(s)
        assert seat is not None, s.phase
        if seat == Seat.S:
            key = s.phase
            if s.phase in ("play", "stock_play") and len(s.tricks) >= 5:
                key += "-5"
            got.setdefault(key, view(s, Seat.S).to_json())
        a = auto_action(s)
        if a is None:
            v = view(s, seat)
            if s.phase == "auction":
                bids = seat == Seat.S and declare or (seat != Seat.S and not declare and not s.calls)
                a = Action.bid_(seat, v.legal.min_bid) if bids and v.legal.min_bid else Action.pass_(seat)
                try:
                    s = apply(s, a)
                    continue
                except IllegalAction:  # the first seat must open (britannica): the least bid
                    a = Action.bid_(seat, v.legal.min_bid)
            else:
                a = SimplePlayer(1).act(v)
        s = apply(s, a)
    got["hand_end"] = view(s, Seat.S).to_json()
    return got


def over(page: Any) -> int:
    return int(page.evaluate("document.scrollingElement.scrollHeight - innerHeight"))


def narrowest_plate(page: Any) -> int | None:
    """The width of the narrowest meld plate on the felt (None without one)."""
    got = page.evaluate("""() => { const w = [...document.querySelectorAll('#felt-melds .felt-meld')]
      .map((p) => p.getBoundingClientRect().width); return w.length ? Math.round(Math.min(...w)) : null; }""")
    return None if got is None else int(got)


def close_dialogs(page: Any) -> None:
    """Close what opened over the table (the meld review, the hand's summary)."""
    for _ in range(3):
        if not page.locator("dialog[open]").count():
            return
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.querySelector('dialog[open]')")
        settle(page)


def test_every_game_in_every_phase_fits_the_smallest_phone(server: Any) -> None:  # noqa: F811
    cases = [(f"{name}{players or ''}/{'declares' if declare else 'defends'}/{key}", v)
             for name, players in TABLES for declare in (True, False)
             for key, v in south_views(name, players, declare).items()]

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        seen: dict[str, dict[str, int]] = {}
        plates: dict[str, int] = {}
        page = script = ctx = None
        for i, (name, v) in enumerate(cases):
            v = json.loads(json.dumps(v))
            if ctx is None or name.split("/")[0] != cases[i - 1][0].split("/")[0]:
                if ctx is not None:
                    ctx.close()
                ctx, page, script = open_fixture(browser, server.url, v, errors, theme="dark" if i % 2 else "light",
                                                 size=SIZES[0])
            else:
                page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
                v["version"] = 10_000 + i  # a new state for the page
                script.show(v)
                page.wait_for_function("v => document.body.dataset.version === String(v)", arg=v["version"])
                settle(page)
            close_dialogs(page)
            seen[name] = {}
            for w, h in SIZES:
                page.set_viewport_size({"width": w, "height": h})
                settle(page)
                seen[name][f"{w}x{h}"] = over(page)
                plate = narrowest_plate(page)
                if plate is not None:
                    plates[f"{name} at {w}x{h}"] = plate
                if w == 320:
                    page.screenshot(path=str(ARTIFACTS / f"fit-all-{name.replace('/', '-')}.png"))
        if ctx is not None:
            ctx.close()
        return {"seen": seen, "plates": plates, "errors": errors}

    ARTIFACTS.mkdir(exist_ok=True)
    out = in_browser(run)
    assert out["errors"] == []
    seen = out["seen"]
    (ARTIFACTS / "fit-all.json").write_text(json.dumps(seen, indent=1))
    # every game and table size, South declaring and defending, several phases each
    assert {n.split("/")[0] for n in seen} == {f"{g}{p or ''}" for g, p in TABLES}, sorted(seen)
    assert any(n.endswith("/hand_end") for n in seen) and any("/play" in n for n in seen), sorted(seen)
    scrolled = {f"{name} at {size}": px for name, sizes in seen.items() for size, px in sizes.items() if px > 1}
    assert scrolled == {}, json.dumps(scrolled, indent=1)
    # a meld on the felt lies in a plate under the seats, never squeezed into a sliver between them
    assert out["plates"] and {k: w for k, w in out["plates"].items() if w < 80} == {}, out["plates"]


# what lies on the felt beyond its edges (a card, a pile, a seat, a meld plate), and a seat's name set on two lines
INSIDE = r"""() => {
  const felt = document.getElementById('felt');
  const f = felt.getBoundingClientRect();
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const what = (e) => e.dataset.card || e.dataset.seat || e.dataset.testid || e.className;
  const out = [];
  for (const e of felt.querySelectorAll('.card, .pile, :scope > .seat, .seat-name, .felt-meld')) {
    if (!shown(e)) continue;
    const r = e.getBoundingClientRect();
    if (r.width >= 2 && (r.left < f.left - 1 || r.right > f.right + 1 || r.top < f.top - 1 || r.bottom > f.bottom + 1)) {
      out.push(`${what(e)} beyond the felt`);
    }
  }
  for (const e of felt.querySelectorAll('.seat-name')) {
    if (!shown(e)) continue;
    const range = document.createRange();
    range.selectNodeContents(e);
    const rects = [...range.getClientRects()].filter((q) => q.width > 0);
    if (rects.some((a) => rects.some((b) => b.top >= a.bottom - 0.5))) out.push(`${e.textContent} on two lines`);
  }
  return out;
}"""


def test_a_tablets_and_a_desktops_felt_holds_every_card_and_seat(server: Any) -> None:  # noqa: F811
    """At 768x1024 and 1440x900, five tricks into a hand of every game: every card, pile, seat and meld plate lies
    inside the felt and each seat's name on one line. Two-handed at 768 px laid North's melds in the middle column
    and left the corners 76 px: the stock lay past the felt's left edge and the seats a word a line."""
    def five_in(name: str, players: int | None) -> dict[str, Any]:
        got = [south_views(name, players, declare) for declare in (True, False)]
        return next(g[k] for k in ("play-5", "stock_play-5", "play", "stock_play") for g in got if k in g)

    cases = {f"{name}{players or ''}": five_in(name, players) for name, players in TABLES}

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for i, (name, v) in enumerate(cases.items()):
            ctx, page, _ = open_fixture(browser, server.url, v, errors, theme="dark" if i % 2 else "light", size=SIZES[3])
            close_dialogs(page)
            for w, h in SIZES[3:]:
                page.set_viewport_size({"width": w, "height": h})
                settle(page)
                out[f"{name} at {w}x{h}"] = page.evaluate(INSIDE)
                if w == 768:
                    page.screenshot(path=str(ARTIFACTS / f"fit-inside-{name}-{w}.png"))
            ctx.close()
        out["errors"] = errors
        return out

    ARTIFACTS.mkdir(exist_ok=True)
    out = in_browser(run)
    assert out.pop("errors") == []
    assert len(out) == 2 * len(TABLES), sorted(out)
    assert {k: got for k, got in out.items() if got} == {}, out
