"""The eighth fresh review's findings in the browser (issue 30: every number explained).

- Two-handed: the turned card you take for your dix came from the exchange, not the stock. The page's news of the
  move (views/stock.js ``stockNews``/``newsWords``: the status line's second sentence and the screen reader) says
  "You exchanged the dix (9♥) for the K♥, the trump card turned up." and "You drew A♥." (it said
  "You drew K♥ and A♥."). The views are the engine's own, of a real deal (the simple player, seed 9).
- Statistics: two-handed has no auction, so its figures show no bid rows (it said "Your bids made: no bids yet"),
  from the server's ``auction`` (the game's definition), no game's name in the page; a cutthroat concession is its
  own row, "Your hands conceded 1 of 1 (100%)", never one of "Your bids set". The lines are the engine's
  (:func:`pinochle.stats.hand_line` of real hands), written into the live server's store.
- Partnership pass and racehorse: the hand's summary says the card pass (the server's ``passed``), to the two
  partners with the cards each way (the view's ``exchange``: "Partner passed you 10♦, J♦, A♥ and A♣; you passed back
  ..."), to the others that it was made ("East passed West 4 cards, and 4 came back."); it said nothing of it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from pinochle.bots import SimplePlayer
from pinochle.cards import Seat
from pinochle.game import apply, auto_action, new_match, turn, view
from pinochle.parts import CardPass, Contract

from pinochle.server.storage import SQLiteStorage
from pinochle.stats import hand_line

from .browser_kit import Look, at_each, looks
from .browser_support import Server, module_server
from .test_browser_stats import rows, stats_opener
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

    open_stats = stats_opener(server, STATS_DEVICE)

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


# ---------------------------------------------------------------- the hand summary says the card pass


def passed_hand(game: str, ours: bool) -> dict[str, Any]:
    """South's view at the end of the first hand of an Easy match (seeds 1-20) with a card pass, declared by
    South's side (``ours``) or by the other side."""
    for seed in range(1, 21):
        s = new_match(seed=seed, game=game)
        bot = SimplePlayer(seed)
        while s.phase not in ("hand_end", "match_end"):
            seat = turn(s)
            assert seat is not None
            s = apply(s, auto_action(s) or bot.act(view(s, seat)))
        parts = s.history[-1].parts if s.history else None
        declarer = None if parts is None else parts.get(Contract).declarer
        if parts is None or declarer is None or not parts.get(CardPass).exchange:
            continue
        if (int(declarer) % 2 == 0) == ours:
            return view(s, Seat.S).to_json()
    raise AssertionError(f"no {game} hand with a pass declared by {'our' if ours else 'the other'} side")


PASS_WORDS = """() => ({
  line: document.querySelector('[data-testid=pass-line]')?.innerText ?? null,
  cards: [...document.querySelectorAll('[data-testid=pass-line] .pass-card')].map((c) => c.getAttribute('aria-label')),
  wide: document.documentElement.scrollWidth - innerWidth,
})"""


@pytest.mark.parametrize("game", ["partnership-pass", "racehorse"])
def test_the_hand_summary_says_the_card_pass(server: Server, game: str) -> None:
    from pinochle.cards import Card

    from .browser_kit import on_fixture, visible

    names = {"N": "Partner", "E": "East", "W": "West"}
    for ours in (True, False):
        v = passed_hand(game, ours)
        last = v["last_hand"]
        assert last["passed"] == 4
        decl = last["declarer"]
        partner = {"N": "S", "S": "N", "E": "W", "W": "E"}[decl]
        out = at_each(looks(("dark", (360, 740)), ("light", (1440, 900))), on_fixture(server.url, v, visible("hand-summary")),
                      lambda page, _: page.evaluate(PASS_WORDS), f"aids8-pass-{game}-{'ours' if ours else 'theirs'}")
        for key, got in out.items():
            line = (got["line"] or "").replace("\ufe0e", "")
            assert got["wide"] <= 0, key
            if ours:  # the two partners see which cards went each way
                to, back = v["exchange"]
                who = lambda seat: "you" if seat == "S" else names[seat]  # noqa: E731
                said = lambda cards: ", ".join(Card.parse(c).label for c in cards[:-1]) + " and " + Card.parse(cards[-1]).label  # noqa: E731
                want = (f"The pass {who(partner)[0].upper()}{who(partner)[1:]} passed {who(decl)} {said(to)}; "
                        f"{who(decl)} passed back {said(back)}.")
                assert line == want, (key, line, want)
                assert len(got["cards"]) == 8, (key, got["cards"])
            else:  # the others see that the pass was made, never which cards
                assert v.get("exchange") is None
                assert line == f"The pass {names[partner]} passed {names[decl]} 4 cards, and 4 came back.", (key, line)
                assert got["cards"] == [], key


# ---------------------------------------------------------------- a bid hint on the page says what decides it


HINT_SHOWN = """() => ({
  reason: document.querySelector('#hint-reason .hint-shown')?.textContent ?? '',
  box: (() => { const b = document.getElementById('hint-box').getBoundingClientRect(); return [b.left, b.right]; })(),
  width: innerWidth, wide: document.documentElement.scrollWidth - innerWidth,
})"""


@pytest.mark.parametrize("game,seed,index", [("partnership-pass", 3, 0), ("table", 2, 3)])
def test_a_bid_hint_on_the_page_says_the_estimate(server: Server, game: str, seed: int, index: int) -> None:
    """South's call (an Easy match's first auction): the page shows the server's hint, whose reason names the
    estimate or the partner's bid that decides it (tests/test_hint_words8.py checks the words), whole on a phone."""
    from pinochle.server.aids import hint_answer

    from .test_browser_aids7 import Hinting
    from .test_browser_layout import open_fixture, settle
    from .test_hint_words8 import auction_views

    v = next(v for i, v in auction_views(game, seed) if i == index)
    assert v.seat == Seat.S
    answer = hint_answer(v, f"m{seed}", index)
    reason = str(answer["reason"])
    assert (" would be set in " in reason and " on average make " in reason) or ("your partner's 250 stands" in reason), reason

    def open_case(browser: Any, look: Look, errors: list[str]) -> Any:
        _, page, script = open_fixture(browser, server.url, v.to_json(), errors, theme=look.theme, size=look.size,
                                       scripted=Hinting)
        script.reply = answer
        if page.get_by_test_id("meld-dialog").is_visible():
            page.get_by_test_id("meld-close").click()
        page.get_by_test_id("hint-button").click()
        page.wait_for_function("() => (document.getElementById('hint-reason')?.textContent || '') !== ''")
        settle(page)
        return page

    out = at_each(looks(("dark", (360, 740)), ("light", (1440, 900))), open_case, lambda page, _: page.evaluate(HINT_SHOWN),
                  f"aids8-bid-hint-{game}")
    for key, got in out.items():
        assert got["reason"].replace("\ufe0e", "") == reason, (key, got["reason"])
        assert got["box"][0] >= 0 and got["box"][1] <= got["width"] and got["wide"] <= 0, (key, got)
