"""Who takes the trick, said in a caption of its own (labels never cover cards).

Engine-made views of a trick just won (random legal play, South's view; chair 2's at a table of
five) are served to the real page over a scripted socket (``web_fixtures.Scripted``), at tables of
four (the table game, racehorse), three (cutthroat; the auction's three players of five chairs) and
two (two-handed), for each winner: the player on your left, on your right, across, and you. At 320,
360, 390, 768 and 1440 px, light and dark:

- the caption names the winner ("East takes the trick", "You take the trick");
- it covers no card of the trick, no seat, no pile, and neither the status line nor the score line,
  and it stays on the felt;
- it sits on the winner's side of the trick: from the trick's left edge (under the left card) when the
  player on the left takes it (in two-handed the other player, whose card lies on the left); to its
  right edge for the player on the right (in two-handed, you: from under your card, past it); in the
  middle for the player across and for you;
- a name of twenty letters (a room's longest) still fits at 320 px, cut short if need be;
- axe finds nothing serious or critical.

Screenshots go to $PINOCHLE_SHOTS/trick-caption when PINOCHLE_SHOTS is set.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from pinochle.game import State, view
from pinochle.chairs import view_for_chair

from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import BOXES, at_widths, overlaps, play_until, serious, size_of, south
from .test_browser_layout import in_browser, open_fixture, server, settle  # noqa: F401  (server: the module's live server)
from .web_fixtures import room_table

SHOTS = Path(os.environ["PINOCHLE_SHOTS"]) / "trick-caption" if os.environ.get("PINOCHLE_SHOTS") else None
WIDTHS = (320, 360, 390, 768, 1440)

#: (game, players, seats in play): each table size
TABLES = [("table", None, 4), ("racehorse", None, 4), ("cutthroat", None, 3), ("auction", 5, 3), ("two-handed", None, 2)]
#: the winners looked at, by where they sit from you (two-handed: the other player sits across)
WINNERS = {4: ("left", "right", "across", "you"), 3: ("left", "right", "you"), 2: ("across", "you")}


def winner_at(v: dict[str, Any], where: str) -> str:
    """The seat that sits ``where`` from the player whose view ``v`` is (seats in play order, clockwise)."""
    seats = v["seats"]
    i = seats.index(v["seat"])
    step = {"you": 0, "left": 1, "across": len(seats) // 2, "right": len(seats) - 1}[where]
    return str(seats[(i + step) % len(seats)])


def trick_won(game: str, players: int | None, n: int, where: str) -> dict[str, Any]:
    """Your view right after a trick (not the hand's first) that the player ``where`` took."""
    def done(s: State) -> bool:
        if s.phase == "hand_end" or len(s.tricks) < 2:
            return False
        v = (view_for_chair(s, 2) if s.lineup else view(s, 2)).to_json()
        t = v["tricks"][-1] if v["tricks"] else None
        return bool(t and t["winner"] and len(t["cards"]) == n and v["seat"] in v["seats"]
                    and t["winner"] == winner_at(v, where))
    return south(play_until(game, 1, done, players))


def expected_side(n: int, where: str) -> str:
    """Where the caption's middle lies from the trick's: "left", "right" or "middle"."""
    if n == 2:  # the other player's card lies on the left, yours on the right
        return "left" if where == "across" else "right"
    return {"left": "left", "right": "right"}.get(where, "middle")


MEASURE = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; };
  const all = (sel) => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length).map(box);
  const cap = document.querySelector('[data-testid=trick-winner]');
  return {caption: cap ? {...box(cap), text: cap.textContent} : null, cards: all('#centre .slot .card'),
          seats: all('#felt > .seat, #bench .benched, #felt > .board:not([data-cards="0"])'),
          piles: all('#piles .pile'), felt: box(document.getElementById('felt')),
          lines: all('#status, #sides > *')};
}"""


def check(m: dict[str, Any], n: int, where: str, name: str) -> list[str]:
    """What is wrong with the caption measured (``m``: MEASURE's result) at a table of ``n``."""
    cap = m["caption"]
    if cap is None:
        return ["no caption"]
    bad = []
    want = "You take the trick" if where == "you" else f"{name} takes the trick"
    if cap["text"].strip() != want:
        bad.append(f"says {cap['text']!r}, not {want!r}")
    if len(m["cards"]) != n:
        bad.append(f"{len(m['cards'])} cards in the trick")
    for kind in ("cards", "seats", "piles", "lines"):
        for b in m[kind]:
            if overlaps([{"id": "caption", **cap}, {"id": kind, **b}]):
                bad.append(f"covers {kind[:-1]} {b}")
    felt = m["felt"]
    if cap["x"] < felt["x"] - 0.5 or cap["x"] + cap["w"] > felt["x"] + felt["w"] + 0.5:
        bad.append(f"off the felt {felt}")
    middle = cap["x"] + cap["w"] / 2
    lo = min(c["x"] for c in m["cards"])
    hi = max(c["x"] + c["w"] for c in m["cards"])
    trick = (lo + hi) / 2
    side = expected_side(n, where)
    # under the winner's card: from the trick's left edge, or to its right edge (a card turned a little,
    # as two-handed's are, reaches a few pixels past its place)
    if side == "left" and abs(cap["x"] - lo) > 8:
        bad.append(f"not from the trick's left edge: {cap['x']} vs {lo}")
    right = cap["x"] + cap["w"]
    if side == "right" and not (abs(right - hi) <= 8 or (cap["x"] >= lo + 8 and right >= hi - 8)):
        bad.append(f"not on the right: {cap['x']} to {cap['x'] + cap['w']} vs the trick's {lo} to {hi}")
    if side == "middle" and abs(middle - trick) > 2:
        bad.append(f"not in the middle: {middle} vs the trick's {trick}")
    return bad


@pytest.mark.parametrize("game,players,n", TABLES)
def test_who_takes_the_trick_is_said_on_the_winners_side_and_covers_nothing(server: Any, game: str,  # noqa: F811
                                                                             players: int | None, n: int) -> None:
    views = {where: trick_won(game, players, n, where) for where in WINNERS[n]}

    def body(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {"errors": errors, "bad": {}, "axe": []}
        for where, v in views.items():
            for theme in ("light", "dark"):
                ctx, page, _ = open_fixture(browser, server.url, v, errors, theme=theme, size=size_of(WIDTHS[0]))
                name = page.evaluate("(seat) => document.querySelector(`#felt .seat[data-seat='${seat}'] .seat-name`)"
                                     "?.textContent ?? ''", winner_at(v, where))
                for width in at_widths(page, WIDTHS):
                    bad = check(page.evaluate(MEASURE), n, where, name)
                    if bad:
                        out["bad"][f"{where}/{theme}/{width}"] = bad
                    if SHOTS is not None:
                        SHOTS.mkdir(parents=True, exist_ok=True)
                        page.screenshot(path=str(SHOTS / f"{game}{players or ''}-{where}-{theme}-{width}.png"))
                    if theme == "dark" and width in (360, 1440):
                        out["axe"] += serious(page)
                ctx.close()
        return out

    out = in_browser(body)
    assert out["errors"] == [], out["errors"]
    assert out["bad"] == {}, out["bad"]
    assert out["axe"] == [], out["axe"]


def test_a_name_of_twenty_letters_fits_at_320(server: Any) -> None:  # noqa: F811
    # a room's names are at most 20 characters (pinochle/server/rooms.py NAME_MAX)
    names = {"N": "Annabelle Fairweathe", "E": "Maximiliana Ashworth", "S": "Christopher", "W": "Wilhelmina Blackwood"}
    views = {where: trick_won("table", None, 4, where) for where in ("left", "right", "across")}

    def body(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {"errors": errors, "bad": {}}
        for where, v in views.items():
            ctx, page, _ = open_fixture(browser, server.url, v, errors, size=size_of(320), table=room_table(names))
            page.get_by_test_id("trick-winner").wait_for()
            settle(page)
            bad = check(page.evaluate(MEASURE), 4, where, names[winner_at(v, where)])
            if bad:
                out["bad"][where] = bad
            if SHOTS is not None:
                SHOTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(SHOTS / f"long-{where}-320.png"))
            ctx.close()
        return out

    out = in_browser(body)
    assert out["errors"] == [], out["errors"]
    assert out["bad"] == {}, out["bad"]
