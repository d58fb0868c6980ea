"""A room's table on a desktop with every notice shown at once: no page scroll, the hand's foot in view.

A fresh reviewer, at 1440x900 in a room, naming trump (stuck with the bid at 250) while the move timer ran and a
time-out notice stood ("Time ran out for Bob: the computer passed for them."), found the page scrolling 22 px
and the foot of the hand cut off. Here South's view of a real hand of the table game where everybody passed and
South, the dealer, is stuck at 250, is served to the real page with a room's table facts: Bob across, two
computers, the move timer counting South's move and Bob's time-out. At 1440x900, 1366x768 and 1280x720, light
and dark, with the status line, the timer line, the time-out line, the auction's calls and the trump buttons all
shown, the page does not scroll and the hand's last row ends inside the window.

Screenshots: ``room-fit-<theme>-<width>.png`` under $PINOCHLE_SHOTS.
"""

from __future__ import annotations

from typing import Any

from pinochle.cards import Seat
from pinochle.game import Action, apply, auto_action, new_match, turn, view

from .browser_kit import Look, at_each, looks
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import open_fixture, server, settle  # noqa: F401  (server: the module's live server)


def stuck_south() -> dict[str, Any]:
    """South's view of the table game (seed 1, South dealing) once everybody passed: South, stuck at 250,
    names trump."""
    state = new_match(seed=1, game="table", first_dealer=int(Seat.S))
    while state.phase == "auction":
        while (a := auto_action(state)) is not None:
            state = apply(state, a)
        if state.phase == "auction":
            state = apply(state, Action.pass_(turn(state)))
    assert state.phase == "trump" and turn(state) == Seat.S, (state.phase, turn(state))
    return view(state, Seat.S).to_json()


def room(v: dict[str, Any]) -> dict[str, Any]:
    """A room's table facts: Bob across (his time ran out: the computer passed for him), East and West computers,
    South's move timer running."""
    names = {"N": "Bob", "E": "East", "S": "You", "W": "West"}
    return {"kind": "room", "room": "ZW898NGNFA", "you": "S", "timer": {"seat": "S", "seconds": 25},
            "timed_out": {"seat": "N", "version": v["version"] - 2, "action": {"type": "pass", "seat": "N"}},
            "seats": {seat: {"name": name, "computer": seat in ("E", "W"), "connected": True, "stand_in": False,
                             "next_ready": False} for seat, name in names.items()}}


MEASURE = r"""() => {
  const shown = (id) => { const e = document.getElementById(id); return !!e && !e.hidden && e.getClientRects().length > 0; };
  const cards = [...document.querySelectorAll('#hand button.card')].map((c) => c.getBoundingClientRect().bottom);
  return { scroll: document.scrollingElement.scrollHeight - innerHeight, foot: Math.max(...cards) - innerHeight,
           shown: ['status', 'move-timer', 'timed-out'].filter(shown),
           trumps: document.querySelectorAll('#controls button[data-testid^=trump-]').length,
           calls: document.querySelectorAll('#felt .bid-calls > li').length,
           sides: document.getElementById('sides').innerText.replace(/\s+/g, ' ').trim() };
}"""


def test_a_rooms_table_with_every_notice_fits_a_desktop(server: Any) -> None:  # noqa: F811
    v = stuck_south()
    table = room(v)

    def open_case(browser: Any, look: Look, errors: list[str]) -> Any:
        _, page, _ = open_fixture(browser, server.url, v, errors, theme=look.theme, size=look.size, table=table)
        page.wait_for_function("() => !document.getElementById('timed-out').hidden && !document.getElementById('move-timer').hidden")
        settle(page)
        return page

    def measure(page: Any, _: Look) -> dict[str, Any]:
        return dict(page.evaluate(MEASURE))

    cases = looks(*((theme, size) for size in ((1440, 900), (1366, 768), (1280, 720)) for theme in ("light", "dark")))
    got = at_each(cases, open_case, measure, "room-fit")
    for key, m in got.items():
        assert m["shown"] == ["status", "move-timer", "timed-out"] and m["trumps"] == 4, (key, m)
        assert m["calls"] == 3 and m["sides"] == "Us Bob Pass Them West Pass East Pass", (key, m)  # the calls, twice
    # no page scroll, and the hand's last row ends inside the window (its foot was cut off)
    wrong = {key: m for key, m in got.items() if m["scroll"] > 1 or m["foot"] > 0.5}
    assert wrong == {}, wrong
