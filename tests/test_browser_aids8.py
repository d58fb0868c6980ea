"""The eighth fresh review's findings in the browser (issue 30: every number explained).

- Two-handed: the turned card you take for your dix came from the exchange, not the stock. The page's news of the
  move (views/stock.js ``stockNews``/``newsWords``: the status line's second sentence and the screen reader) says
  "You exchanged the dix (9♥) for the K♥, the trump card turned up." and "You drew A♥." (it said
  "You drew K♥ and A♥."). The views are the engine's own, of a real deal (the simple player, seed 9).
- Statistics: two-handed has no auction, so its figures show no bid rows (it said "Your bids made: no bids yet"),
  from the server's ``auction`` (the game's definition), no game's name in the page; a cutthroat concession is its
  own row, "Your hands conceded 1 of 1 (100%)", never one of "Your bids set". The lines are the engine's
  (:func:`pinochle.stats.hand_line` of real hands), written into the live server's store.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from pinochle.bots import SimplePlayer
from pinochle.cards import Seat
from pinochle.game import apply, auto_action, new_match, turn, view

from pinochle.server.storage import SQLiteStorage
from pinochle.stats import hand_line

from .browser_kit import Look, at_each, looks
from .browser_support import Server, module_server
from .test_browser_stats import open_as, open_stats_by_keyboard, rows
from .test_settings_js import base_url, in_browser
from .test_stats8 import conceded_by_south, finished_hand

server = module_server("aids8")

__all__ = ["base_url"]

pytestmark = pytest.mark.usefixtures("needs_chromium")

#: The page's names of the seats, as the announcer's ``s`` gives them (you at South).
SPOKEN = """{spoken: (x) => ({N: 'North', S: 'You'})[x], verb: (x, one, other) => (x === 'S' ? one : other),
             isMe: (x) => x === 'S'}"""


def exchanged_then_drew(seed: int = 9) -> tuple[dict[str, Any], dict[str, Any]]:
    """South's views of a two-handed deal (the simple player) before South exchanges its dix for the turned card,
    and after both players drew."""
    s = new_match(seed=seed, game="two-handed")
    bot = SimplePlayer(seed)
    for _ in range(2000):
        seat = turn(s)
        assert seat is not None and s.phase not in ("hand_end", "match_end")
        a = auto_action(s) or bot.act(view(s, seat))
        after = apply(s, a)
        if a.type == "dix" and seat == Seat.S and view(s, Seat.S).to_json()["upcard"] != view(after, Seat.S).to_json()["upcard"]:
            prev = view(s, Seat.S).to_json()
            s = after
            while s.phase == "draw":
                s = apply(s, auto_action(s) or bot.act(view(s, turn(s) or Seat.S)))
            return prev, view(s, Seat.S).to_json()
        s = after
    raise AssertionError("South never exchanged its dix")


def test_the_dix_exchange_is_said_and_the_draw_names_only_the_drawn_card(base_url: str) -> None:
    prev, v = exchanged_then_drew()
    assert (prev["upcard"], v["upcard"], v["dix_exchanged"]) == ("KH", "9H", True)
    assert Counter(v["hand"]) - Counter(prev["hand"]) == Counter({"KH": 1, "AH": 1})  # the K♥ taken, the A♥ drawn

    def script(page: Any) -> Any:
        return page.evaluate("""async ([prev, v]) => {
          const m = await import('/views/stock.js');
          const s = """ + SPOKEN + """;
          const news = m.stockNews(prev, v);
          return {said: m.newsWords(s, prev, v, news), drawn: [...news.drawn.keys()]};
        }""", [prev, v])

    got = in_browser(base_url, script)
    assert got["drawn"] == ["AH"], got
    said = [t.replace("\ufe0e", "") for t in got["said"]]  # the suits' text-style selector aside
    assert said == ["You exchanged the dix (9♥) for the K♥, the trump card turned up.", "You drew A♥."], got


# ---------------------------------------------------------------- statistics: no auction, no bid rows; a concession apart

STATS_DEVICE = "aids8statsdevice000000001"


def test_statistics_show_no_bids_without_an_auction_and_a_concession_apart(server: Server) -> None:
    store = SQLiteStorage(server.db)
    try:
        for game, state in (("two-handed", finished_hand("two-handed")), ("cutthroat", conceded_by_south())):
            line = hand_line(state, f"{game}-m1", int(Seat.S))
            store.record_hand(STATS_DEVICE, line.match, line.hand, line.to_json())
    finally:
        store.close()

    def open_stats(browser: Any, look: Look, errors: list[str]) -> Any:
        page = open_as(browser, server, STATS_DEVICE, look.size, errors)
        page.emulate_media(color_scheme=look.theme)
        open_stats_by_keyboard(page, "home-stats")
        return page

    def measure(page: Any, look: Look) -> dict[str, Any]:
        return {"two": rows(page, "two-handed"), "cut": rows(page, "cutthroat"),
                "wide": page.evaluate("() => document.documentElement.scrollWidth - innerWidth")}

    out = at_each(looks(("dark", (360, 740)), ("light", (1440, 900))), open_stats, measure, "aids8-stats")
    for key, got in out.items():
        two, cut = got["two"], got["cut"]
        assert two["Hands played"] == "1" and not any("bid" in label.lower() for label in two), (key, two)
        assert cut["Your bids made"] == "0 of 1 (0%)" and cut["Your bids set"] == "0 of 1 (0%)", (key, cut)
        assert cut["Your hands conceded"] == "1 of 1 (100%)", (key, cut)
        assert got["wide"] <= 0, key
