"""Words and numbers from the sixth review of issue 30, in the browser.

- Statistics: a hand the device's seat was stuck with as the dealer (RULES.md, Deal and auction 3: the first
  three pass, the dealer is stuck at the minimum and makes no call) is not one of "Your bids": it is counted
  apart, "Stuck as dealer 3, made 0", with a note saying why.
- Once a hand is over its summary says so in the past tense ("West was stuck at 250", "the bid was taken off
  your total"), and after the match its result tells the last hand so too ("You paid East 10").
- The hand summary: a stakes hand shows the last trick apart from the counters (the server's ``last_trick``), on
  the felt's sides line too, and its stake in plain words ("Made: the bid reached after the play"); a set verdict
  names what its figure adds up as the sum line does ("meld, counters and last trick came to 290"); the trump
  buttons say "meld 40" on a phone.
- The replay: each seat's row at trick k holds the cards it held before the trick, the one played ringed, and its
  heading says so ("Partner · 8 cards before trick 5, played Q♦").

The figures are the server's (pinochle/stats.py), from lines the engine's own stuck hands give
(``hand_line``), written into the live server's store. Screenshots go to $PINOCHLE_SHOTS when it is set.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from pinochle.server.storage import SQLiteStorage
from pinochle.stats import hand_line
from pinochle.parts import Contract

from .browser_kit import Look, at_each, looks, on_fixture, visible
from .browser_support import Server, module_server
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import first_of, south
from .test_browser_layout import settle
from .test_browser_match_end import match_end_view, open_end
from .test_browser_stats import rows, stats_opener
from .test_replay_view_js import held_by_engine
from .test_settings_js import base_url
from .test_settings_js import in_browser as js_page
from .test_stats import stuck_hand

server = module_server("words6")

__all__ = ["base_url"]

STUCK_DEVICE = "words6stuckdealerdevice0001"


# ---------------------------------------------------------------- statistics: a stuck dealer made no bid


def seed_stuck(srv: Server) -> int:
    """Three table hands the device's seat was stuck with as the dealer (the engine's, one match each), and one
    hand it did not declare; returns how many of the stuck hands were made."""
    store = SQLiteStorage(srv.db)
    made = 0
    try:
        for i, seed in enumerate((3, 4, 5)):
            state = stuck_hand(seed)
            contract = state.history[-1].parts.get(Contract)
            assert contract.stuck and contract.declarer is not None
            line = hand_line(state, f"stuck-m{i}", int(contract.declarer))
            assert line.declarer and line.stuck
            made += line.made
            store.record_hand(STUCK_DEVICE, line.match, line.hand, line.to_json())
            partner = hand_line(state, f"stuck-p{i}", (int(contract.declarer) + 2) % 4)
            store.record_hand(STUCK_DEVICE, partner.match, partner.hand, partner.to_json())
    finally:
        store.close()
    return made


def test_a_stuck_dealers_hands_are_not_counted_as_your_bids(server: Server) -> None:
    made = seed_stuck(server)

    open_stats = stats_opener(server, STUCK_DEVICE)

    def measure(page: Any, look: Look) -> dict[str, Any]:
        return {
            "rows": rows(page, "table"),
            "notes": page.evaluate("""() => [...document.querySelectorAll('[data-testid="stats-table"] [data-testid=stats-note]')]
              .map((n) => n.textContent)"""),
            "wide": page.evaluate("() => document.documentElement.scrollWidth - innerWidth"),
        }

    out = at_each(looks(("dark", (360, 740)), ("light", (1440, 900))), open_stats, measure, "words6-stats-stuck")
    for key, got in out.items():
        r = got["rows"]
        # never "0 of 3, set 3 of 3" for hands nobody bid: they are no bids of yours
        assert r["Hands played"] == "6", (key, r)
        assert r["Your bids made"] == "no bids yet" and r["Your bids set"] == "no bids yet", (key, r)
        assert r["Stuck as dealer"] == f"3, made {made}", (key, r)
        assert any("not counted among your bids" in n for n in got["notes"]), (key, got["notes"])
        assert got["wide"] <= 0, key


# ---------------------------------------------------------------- the hand and the match over: the past tense

#: words of a hand still being played, wrong once it is over ("West is stuck at 250", "You pay East 10")
PRESENT = re.compile(r"\b(is|are) stuck\b|\bpays?\b|\bis taken off your\b|\bscores? nothing\b")

END_WORDS = """() => ({
  last: document.getElementById('result-last')?.innerText ?? '',
  contract: document.querySelector('#result-last p')?.innerText ?? '',
  settlement: [...document.querySelectorAll('#result-last [data-testid=settlement-line]')].map((e) => e.innerText),
  payments: [...document.querySelectorAll('#result-last [data-testid=part-row].payment-row th')].map((e) => e.firstChild.textContent),
  bar: document.getElementById('contract')?.textContent ?? '',
})"""


@pytest.mark.parametrize("game,seed", [("table", 1), ("cutthroat", 4), ("racehorse", 1)])
def test_the_result_tells_the_last_hand_in_the_past_tense(server: Server, game: str, seed: int) -> None:
    """After the match the last hand is over: "East was stuck at 250" (table, seed 1: the engine's last hand was
    a stuck dealer's), "You paid East 10" (cutthroat's settlement and its payment rows), never "is stuck" or
    "pays"; the top bar behind the result says the contract so too."""
    v = match_end_view(game, seed)
    last = v["last_hand"]
    if game == "table":
        assert last["stuck"], "seed 1's last hand was a stuck dealer's"

    def open_result(browser: Any, look: Look, errors: list[str]) -> Any:
        _, page = open_end(browser, server.url, v, look.theme, look.size, errors)
        page.wait_for_function("() => document.body.dataset.screen === 'result'")
        settle(page)
        return page

    out = at_each(looks(("dark", (360, 740)), ("light", (1440, 900))), open_result,
                  lambda page, _: page.evaluate(END_WORDS), f"words6-result-{game}")
    for key, got in out.items():
        assert not PRESENT.search(got["last"]), (key, got["last"])
        if last["stuck"]:
            who = "You were" if last["declarer"] == "S" else "was"
            assert f"{who} stuck at {last['bid']}" in got["contract"], (key, got["contract"])
            assert "stuck at" not in got["bar"] or "was stuck at" in got["bar"] or "were stuck at" in got["bar"], (key, got["bar"])
        if "transfers" in last:
            assert got["settlement"] and all(" paid " in line for line in got["settlement"]), (key, got["settlement"])
            assert got["payments"] and all(" paid " in label for label in got["payments"]), (key, got["payments"])


def test_a_stuck_hands_summary_says_the_dealer_was_stuck(server: Server) -> None:
    """The hand summary comes once the hand is over: "West was stuck at 250", and a set's verdict "the bid was taken
    off" (RULES.md, Deal and auction 3; Scoring a hand)."""
    v = south(first_of("table", lambda s: s.phase == "hand_end" and s.history[-1].parts.get(Contract).stuck))
    last = v["last_hand"]

    words = """() => ({ contract: document.querySelector('#summary-body .contract-line').innerText,
          verdict: document.querySelector('#summary-body [data-testid=verdict]').innerText,
          body: document.getElementById('summary-body').innerText })"""
    got = at_each(looks(("light", (390, 844))), on_fixture(server.url, v, visible("hand-summary")),
                  lambda page, _: page.evaluate(words), "words6-summary-stuck")["light-390"]
    assert "stuck at" in got["contract"] and re.search(r"\b(was|were) stuck at\b", got["contract"]), got["contract"]
    assert not PRESENT.search(got["verdict"]), got["verdict"]
    if not last["made"]:
        assert "was taken off" in got["verdict"] or "scored nothing" in got["verdict"], got["verdict"]


# ---------------------------------------------------------------- the replay: each row says what it holds


@pytest.mark.parametrize("game", ["table", "cutthroat"])
def test_a_replay_row_says_it_holds_the_cards_before_the_trick_and_which_was_played(base_url: str, game: str) -> None:
    """At trick k a seat's row shows the cards it held before the trick (the server's ``held``), the one it played
    ringed: its heading says so, "8 cards before trick 5, played Q♦", never a bare "played" over 8 cards."""
    history, _ = held_by_engine(game)
    tricks = history["replays"][0]["tricks"]
    step = 5

    def script(page: Any) -> Any:
        return page.evaluate("""async ([history, step]) => {
          const m = await import('/views/replay.js');
          const dom = await import('/dom.js');
          // a hand with a widow or a card pass shows it as a step of its own before the tricks
          const rp = history.replays[0];
          const r = m.renderReplay(history, 0, step + (m.replaySteps(rp) - rp.tricks.length), (seat) => seat);
          const t = history.replays[0].tricks[step - 1];
          return [...r.body.querySelectorAll('.replay-seat')].map((e) => ({ seat: e.dataset.seat,
            head: e.querySelector('h3').textContent, cards: e.querySelectorAll('.replay-cards > *').length,
            ringed: e.querySelectorAll('.replay-played').length,
            played: dom.cardShort(t.cards[t.seats.indexOf(e.dataset.seat)]) }));
        }""", [history, step])

    got = js_page(base_url, script)
    assert len(got) == len(tricks[step - 1]["held"])
    for row in got:
        n = len(tricks[step - 1]["held"][row["seat"]])
        assert row["cards"] == n > 1 and row["ringed"] == 1, row
        assert row["head"] == f"{row['seat']} · {n} cards before trick {step}, played {row['played']}" \
            or row["head"] == f"{row['seat']} · dealer · {n} cards before trick {step}, played {row['played']}", row


# ---------------------------------------------------------------- naming trump: "meld 40" on a phone too

TRUMP_BUTTONS = """() => [...document.querySelectorAll('.controls .suit-btn')].map((b) => {
  const r = b.getBoundingClientRect(); const m = b.querySelector('.trump-meld');
  return { suit: b.dataset.testid, meld: m ? m.innerText.trim() : null, label: b.getAttribute('aria-label'),
    left: r.left, right: r.right, top: r.top, bottom: r.bottom, over: b.scrollWidth - b.clientWidth,
    mOver: m ? m.scrollWidth - m.clientWidth : 0 };
})"""


@pytest.mark.parametrize("game", ["cutthroat", "auction"])
def test_the_trump_buttons_say_meld_beside_each_figure_on_a_phone(server: Server, game: str) -> None:
    """After the widow the declarer names trump: each suit's button says what its figure is, "meld 40" (the view's
    ``trump_meld``), at 320, 360 and 390 px as on a desktop, the four buttons side by side within the screen."""
    from pinochle.game import turn

    from .test_browser_explain import play_until
    v = south(play_until(game, 1, lambda s: s.phase == "trump" and turn(s) == 2))
    want = v["trump_meld"]
    assert v["legal"]["trump"] and want

    def measure(page: Any, look: Look) -> dict[str, Any]:
        return {"buttons": page.evaluate(TRUMP_BUTTONS), "w": look.size[0],
                "wide": page.evaluate("() => document.documentElement.scrollWidth - innerWidth")}

    out = at_each(looks(("light", (320, 568)), ("dark", (360, 740)), ("light", (390, 844)), ("dark", (1440, 900))),
                  on_fixture(server.url, v, lambda page: page.locator(".controls .suit-btn").first.wait_for()),
                  measure, f"words6-trump-{game}")
    for key, got in out.items():
        buttons = got["buttons"]
        assert len(buttons) == 4, (key, buttons)
        for b in buttons:
            suit = b["suit"].split("-")[-1]
            assert b["meld"] == f"meld {want[suit]}", (key, b)
            assert b["over"] <= 0 and b["mOver"] <= 0 and b["left"] >= 0 and b["right"] <= got["w"], (key, b)
        assert got["wide"] <= 0, key


# ---------------------------------------------------------------- cutthroat's summary: the last trick and the stake in words

CUT_ROWS = """() => ({
  rows: [...document.querySelectorAll('#summary-body [data-testid=summary-table] tbody tr')].map((tr) => ({
    label: tr.querySelector('th').firstChild.textContent.trim(), how: tr.querySelector('[data-testid=paid-how]')?.innerText ?? null,
    cells: [...tr.querySelectorAll('td')].map((td) => [...td.childNodes].filter((n) => !(n.classList && n.classList.contains('sr-only')))
      .map((n) => n.textContent).join('').trim()) })),
  cols: [...document.querySelectorAll('#summary-body [data-testid=summary-table] thead th')].map((th) => th.dataset.testid.split('-').pop()),
  steps: [...document.querySelectorAll('#summary-body [data-testid=stake-step] .step-label')].map((e) => e.innerText),
  sides: Object.fromEntries([...document.querySelectorAll('#sides [data-testid^=side-]')].filter((e) => /-(counters|buried|last-trick)$/.test(e.dataset.testid))
    .map((e) => [e.dataset.testid, e.textContent.replace(/\\D+/g, ' ').trim()])),
  wide: document.documentElement.scrollWidth - innerWidth,
})"""


@pytest.mark.parametrize("game", ["cutthroat", "auction"])
def test_a_stakes_summary_shows_the_last_trick_apart_and_the_stake_in_plain_words(server: Server, game: str) -> None:
    """A hand settled by stakes, made after the play: the counters, then "Last trick" as a row of its own (the
    server's ``last_trick``; together they are the hand's counters), then their sum "Meld + counters + last trick";
    the stake's last step and the payment rows say "Made: the bid reached after the play", never "Made after play";
    the sides' line under the felt splits the counters and the last trick as the summary does."""
    v = south(first_of(game, lambda s: s.phase == "hand_end" and s.history[-1].score.made and s.history[-1].score.played))
    last = v["last_hand"]
    assert last["last_trick"]

    out = at_each(looks(("dark", (360, 740)), ("light", (390, 844)), ("light", (1440, 900))),
                  on_fixture(server.url, v, visible("hand-summary")), lambda page, _: page.evaluate(CUT_ROWS),
                  f"words6-summary-{game}-made")
    for key, got in out.items():
        labels = [r["label"] for r in got["rows"]]
        # the counters of the cards the declarer buried a row of their own (the server's ``buried``)
        buried = last.get("buried") or {}
        assert labels[:6] == ["Tricks", "Meld shown", "Counters", *(["Counters buried"] if buried else []), "Last trick",
                              "Meld + counters + last trick"][:6], (key, labels)
        by = {r["label"]: dict(zip(got["cols"], r["cells"])) for r in got["rows"]}
        for seat, n in last["counters"].items():
            took = last["last_trick"][seat]
            under = buried.get(seat, 0)
            assert by["Last trick"][seat] == (str(took) if took else "—"), (key, by["Last trick"])
            assert int(by["Counters"][seat]) + under + took == n, (key, by["Counters"], last["counters"])
            if buried:
                assert by["Counters buried"][seat] == (str(under) if under else "—"), (key, by["Counters buried"])
        assert got["steps"][-1] == ("The declarer made the bid in the play: each opponent pays the declarer"
                                    f" {last['stake_steps'][-1]['points']}."), (key, got["steps"])
        hows = [r["how"] for r in got["rows"] if r["how"]]
        assert hows and all(h == "Made: the bid reached after the play" for h in hows), (key, hows)
        assert "Made after play" not in " ".join(got["steps"] + hows) and got["wide"] <= 0, key
        # the sides' line under the felt splits them as the summary does: never two numbers for one thing
        for seat, n in last["counters"].items():
            took = last["last_trick"][seat]
            under = (last.get("buried") or {}).get(seat, 0)
            assert got["sides"][f"side-{seat}-counters"] == str(n - took - under), (key, got["sides"])
            assert got["sides"].get(f"side-{seat}-buried") == (str(under) if under else None), (key, got["sides"])
            assert got["sides"].get(f"side-{seat}-last-trick") == (str(took) if took else None), (key, got["sides"])


# ---------------------------------------------------------------- the verdict names what its figure adds up


@pytest.mark.parametrize("game", ["table", "cutthroat"])
def test_a_set_verdict_names_the_last_trick_in_its_figure_as_the_sum_line_does(server: Server, game: str) -> None:
    """A declaring side set after play that took the last trick: "went set at 320: meld, counters and last trick came
    to 290", the words of the sum line ("Meld + counters + last trick") over the same figure."""
    def took_last(s: Any) -> bool:
        hand = s.history[-1]
        seating = s.game.seating
        return bool(hand.tricks) and seating.side_of[int(hand.tricks[-1].winner)] == seating.side_of[int(hand.parts.get(Contract).declarer)]

    v = south(first_of(game, lambda s: s.phase == "hand_end" and not s.history[-1].score.made and not s.conceded
                       and s.history[-1].score.played and took_last(s)))
    last = v["last_hand"]
    decl = next(k for k, seats in v["sides"].items() if last["declarer"] in seats)

    words = """() => ({ verdict: document.querySelector('#summary-body [data-testid=verdict]').innerText,
          sum: document.querySelector('#summary-body [data-testid=subtotal-row] th').textContent.trim() })"""
    got = at_each(looks(("dark", (390, 844))), on_fixture(server.url, v, visible("hand-summary")),
                  lambda page, _: page.evaluate(words), f"words6-verdict-{game}")["dark-390"]
    assert got["sum"] == "Meld + counters + last trick", got
    assert f"meld, counters and last trick came to {last['measured'][decl]}" in got["verdict"], got
