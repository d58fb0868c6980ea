"""``pinochle/web/views/replay.js``: the replay viewer's view of the server's ``history`` message.

The functions run in Debian's Chromium (the harness of tests/test_settings_js.py). The data are the
server's own message for matches played by the engine (pinochle/server/history.py): the cards a seat
holds before each trick are the ones the engine says it held then; a table of 4 or 5 names each hand's
chairs by that hand's lineup.
"""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace
from typing import Any, cast

import pytest

from pinochle.cards import DECKS, Seat
from pinochle.game import State, new_match
from pinochle.server.history import history_message
from pinochle.server.table import Table
from soak.secrecy import states

from .test_settings_js import base_url, in_browser

__all__ = ["base_url"]

pytestmark = pytest.mark.usefixtures("needs_chromium")


def held_by_engine(game: str, players: int | None = None) -> tuple[dict[str, Any], list[dict[str, list[str]]]]:
    """The history of a random match's first hand, and every seat's cards before each of its tricks."""
    held: list[dict[str, list[str]]] = []
    last: State = new_match(seed=3, game=game)
    for state in states(game, 3, players, max_hands=1):
        lead = not state.tricks or len(state.tricks[-1].cards) == len(state.game.seating.seats)
        if state.phase in ("play", "stock_play", "endgame") and lead and len(held) == len(state.tricks):
            deck = DECKS[state.rules.deck]
            table = state.stock.table if state.stock is not None else ((), (), (), ())  # two-handed's melds
            held.append({str(Seat(s)): sorted([str(c) for c in deck.unpack(state.hands[s])]
                                              + [str(t.card) for t in table[s]])
                         for s in state.game.seating.seats})
        last = state
    return history_message(cast(Table, SimpleNamespace(id="m", state=last))), held


@pytest.mark.parametrize("game", ["table", "partnership-pass", "cutthroat", "double-deck", "two-handed"])
def test_the_cards_held_before_each_trick_are_the_engines(game: str) -> None:
    """The server's ``held`` of each trick is every seat's cards as the engine holds them before the trick's
    lead (two-handed: its hand after the draw and its melds on the table, which it may play too)."""
    history, held = held_by_engine(game)
    tricks = history["replays"][0]["tricks"]
    assert tricks and len(held) == len(tricks)
    assert [{s: Counter(c) for s, c in t["held"].items()} for t in tricks] == \
        [{s: Counter(c) for s, c in h.items()} for h in held]
    for t in tricks:  # each card played is among its seat's cards held
        for seat, card in zip(t["seats"], t["cards"]):
            assert card in t["held"][seat]


@pytest.mark.parametrize("game", ["table", "two-handed"])
def test_the_viewer_shows_the_cards_the_server_says_are_held(base_url: str, game: str) -> None:
    history, _ = held_by_engine(game)
    tricks = history["replays"][0]["tricks"]

    def script(page: Any) -> Any:
        return page.evaluate("""async ([history, steps]) => {
          const m = await import('/views/replay.js');
          return steps.map((k) => {
            const r = m.renderReplay(history, 0, k, (seat) => seat);
            return Object.fromEntries([...r.body.querySelectorAll('.replay-seat')].map(
              (e) => [e.dataset.seat, e.querySelectorAll('.replay-cards > *').length]));
          });
        }""", [history, [1, len(tricks) // 2, len(tricks)]])

    got = in_browser(base_url, script)
    want = [{s: len(c) for s, c in tricks[k - 1]["held"].items()} for k in (1, len(tricks) // 2, len(tricks))]
    assert got == want


def test_a_table_of_five_names_each_hands_chairs_by_its_lineup(base_url: str) -> None:
    history, _ = held_by_engine("auction", 5)
    lineup = history["hands"][0]["lineup"]

    def script(page: Any) -> Any:
        return page.evaluate("""async (history) => {
          const m = await import('/views/replay.js');
          const r = m.renderReplay(history, 0, 0, (seat, lineup) => `chair ${lineup[seat]}`);
          return [...r.body.querySelectorAll('.replay-seat h3')].map(e => e.textContent);
        }""", history)

    got = in_browser(base_url, script)
    # the dealer sits out at the empty place N: the hands from its left, E S W, as the auction's line
    assert history["hands"][0]["dealer"] == "N"
    assert [t.split(" ·")[0] for t in got] == [f"chair {lineup[s]}" for s in "ESW"]


@pytest.mark.parametrize("game, players", [("table", None), ("cutthroat", None), ("two-handed", None), ("auction", 5)])
def test_the_hands_are_listed_as_the_auction_goes_from_the_dealers_left(base_url: str, game: str, players: int | None) -> None:
    """The fifteenth review: the deal listed Partner, East, You, West (N E S W) under an auction line "You Pass,
    West 250, Partner Pass, East Pass" (East dealt). The hands are listed from the dealer's left round to the
    dealer (RULES.md, Deal and auction 2), the auction's own order."""
    history, _ = held_by_engine(game, players)
    rp = history["replays"][0]
    round_ = "NESW"
    d = round_.index(rp["dealer"])
    want = [round_[(d + k) % 4] for k in range(1, 5) if round_[(d + k) % 4] in history["hands"][0]["hands"]]

    def script(page: Any) -> Any:
        return page.evaluate("""async (history) => {
          const m = await import('/views/replay.js');
          const r = m.renderReplay(history, 0, 0, (seat) => seat);
          return [[...r.body.querySelectorAll('.replay-seat')].map((e) => e.dataset.seat),
                  [...r.body.querySelectorAll('.replay-auction li strong')].map((e) => e.textContent)];
        }""", history)

    seats, calls = in_browser(base_url, script)
    assert seats == want, (seats, want)
    # the auction's first round names them in the same order (two-handed has no auction)
    first_round = list(dict.fromkeys(calls))[:len(seats)]
    assert not calls or first_round == seats[:len(first_round)], (calls, seats)


@pytest.mark.parametrize("game", ["partnership-pass", "racehorse"])
def test_the_card_pass_is_the_engines(game: str) -> None:
    """The server's ``pass`` names the partner's four cards to the declarer and the four back, and its ``held``
    is every seat's cards after both passes: the dealt hands with the cards given and taken (VARIANTS.md
    ``partnership-pass``), which are the cards held before trick 1."""
    history, held = held_by_engine(game)
    rp = history["replays"][0]
    record = history["hands"][0]
    card_pass = rp["pass"]
    assert card_pass["to"] == rp["declarer"] and card_pass["from"] == str(Seat.parse(rp["declarer"]).partner)
    assert [card_pass["to_declarer"], card_pass["to_partner"]] == [record["exchange"]["to_declarer"],
                                                                   record["exchange"]["to_partner"]]
    for seat, cards in record["hands"].items():
        want = Counter(cards)
        if seat == card_pass["to"]:
            want += Counter(card_pass["to_declarer"])
            want -= Counter(card_pass["to_partner"])
        if seat == card_pass["from"]:
            want += Counter(card_pass["to_partner"])
            want -= Counter(card_pass["to_declarer"])
        assert Counter(card_pass["held"][seat]) == want
        if held:  # the hand was played (not conceded after the meld): its first trick's cards
            assert Counter(card_pass["held"][seat]) == Counter(held[0][seat])


def test_a_game_without_a_card_pass_has_no_pass_step() -> None:
    history, _ = held_by_engine("table")
    assert "pass" not in history["replays"][0]


#: The replay's first three steps of hand 1 (the deal, the pass or the widow, trick 1): each step's words, every
#: seat's cards, the cards marked as passed or taken, and whether a seat shows its meld.
FIRST_STEPS = """async (history) => {
  const m = await import('/views/replay.js');
  return [0, 1, 2].map((k) => {
    const r = m.renderReplay(history, 0, k, (seat) => seat);
    const seats = [...r.body.querySelectorAll('.replay-seat')];
    return {steps: r.steps, where: r.where, said: r.said, text: r.body.textContent,
      cards: Object.fromEntries(seats.map((e) => [e.dataset.seat,
        [...e.querySelectorAll('.replay-cards > *')].map((c) => c.dataset.card)])),
      marked: Object.fromEntries(seats.map((e) => [e.dataset.seat,
        [...e.querySelectorAll('.replay-passed')].map((c) => c.dataset.card)])),
      meld: seats.map((e) => e.querySelector('.replay-meld') !== null || e.querySelector('h3').textContent.includes('meld'))};
  });
}"""


def test_the_pass_is_a_step_with_its_cards_marked_and_the_meld_after_it(base_url: str) -> None:
    """A partnership-pass hand: step 0 shows the hands as dealt and no meld; step 1 is the pass, the hands
    after it, the four cards each partner received marked, with the meld made from them; step 2 is trick 1."""
    history, _ = held_by_engine("partnership-pass")
    rp = history["replays"][0]
    card_pass = rp["pass"]

    def script(page: Any) -> Any:
        return page.evaluate(FIRST_STEPS, history)

    deal, at_pass, trick1 = in_browser(base_url, script)
    assert deal["steps"] == len(rp["tricks"]) + 1
    assert deal["cards"] == history["hands"][0]["hands"] and not any(deal["meld"])
    assert not any(deal["marked"].values())
    assert at_pass["where"] == "The pass and the meld" and any(at_pass["meld"])
    assert at_pass["cards"] == card_pass["held"]
    # the declarer's marked cards: those received and kept (one passed straight back is no longer held)
    kept = Counter(card_pass["to_declarer"]) - Counter(card_pass["to_partner"])
    assert Counter(at_pass["marked"][card_pass["to"]]) == kept
    assert Counter(at_pass["marked"][card_pass["from"]]) == Counter(card_pass["to_partner"])
    assert "passed back" in at_pass["said"]
    assert trick1["where"].startswith("Trick 1 of") and trick1["cards"] == rp["tricks"][0]["held"]


@pytest.mark.parametrize("game", ["cutthroat", "auction"])
def test_the_widow_is_the_engines(game: str) -> None:
    """The server's ``widow`` is the record's widow and buried cards, and its ``held`` the hands with the widow
    taken: the declarer's dealt cards and the widow (the cards it melds from, VARIANTS.md ``cutthroat``), the
    others' as dealt; less the buried cards, they are the declarer's before trick 1."""
    history, held = held_by_engine(game)
    rp = history["replays"][0]
    record = history["hands"][0]
    widow = rp["widow"]
    assert widow["to"] == rp["declarer"] and widow["cards"] == record["widow"]
    assert widow["buried"] == record.get("buried", [])
    for seat, cards in record["hands"].items():
        want = Counter(cards) + (Counter(record["widow"]) if seat == widow["to"] else Counter())
        assert Counter(widow["held"][seat]) == want
        if held:
            gone = Counter(widow["buried"]) if seat == widow["to"] else Counter()
            assert Counter(widow["held"][seat]) - gone == Counter(held[0][seat])


def test_the_widow_is_a_step_with_its_cards_marked_and_the_meld_after_it(base_url: str) -> None:
    """A cutthroat hand: step 0 shows the hands as dealt and no meld; step 1 is the widow, the declarer's
    18 cards with the widow's three marked, the cards buried named, and the meld; step 2 is trick 1."""
    history, _ = held_by_engine("cutthroat")
    rp = history["replays"][0]
    widow = rp["widow"]

    def script(page: Any) -> Any:
        return page.evaluate(FIRST_STEPS, history)

    deal, at_widow, trick1 = in_browser(base_url, script)
    assert deal["steps"] == len(rp["tricks"]) + 1
    assert deal["cards"] == history["hands"][0]["hands"] and not any(deal["meld"])
    assert at_widow["where"] == "The widow and the meld" and any(at_widow["meld"])
    assert at_widow["cards"] == widow["held"] and len(at_widow["cards"][widow["to"]]) == 18
    assert Counter(at_widow["marked"][widow["to"]]) == Counter(widow["cards"])
    assert all(not v for s, v in at_widow["marked"].items() if s != widow["to"])
    assert "took the widow" in at_widow["said"] and "buried" in at_widow["text"]
    assert trick1["where"].startswith("Trick 1 of") and trick1["cards"] == rp["tricks"][0]["held"]


def test_the_replays_meld_line_names_each_meld_with_its_suit(base_url: str) -> None:
    """The replay names each meld as the felt does, with its suit (the twelfth review: "marriage 2, marriage 2"
    beside the felt's "Two marriages ♦"): the server's ``meld_suits`` per seat (the engine's MeldItem.suit, in
    the order of its ``melds``); a meld of one suit shows its symbol, named for a screen reader."""
    history, _ = held_by_engine("table")
    rp = history["replays"][0]
    assert set(rp["meld_suits"]) == set(rp["melds"])
    for seat, suits in rp["meld_suits"].items():
        assert len(suits) == len(rp["melds"][seat]["melds"]), seat
        for it, suit in zip(rp["melds"][seat]["melds"], suits):
            letters = {c[-1] for c in it["cards"]}
            # one suit for a run's or a marriage's cards; none for several suits or one card (the dix)
            assert suit == (letters.pop() if len(letters) == 1 and len(it["cards"]) > 1 else None), (seat, it, suit)
    want = {seat: [s for s in suits if s] for seat, suits in rp["meld_suits"].items()}
    assert any(want.values()), "some meld of the hand has one suit"

    def script(page: Any) -> Any:
        return page.evaluate("""async (history) => {
          const m = await import('/views/replay.js');
          const r = m.renderReplay(history, 0, 0, (seat) => seat);
          return Object.fromEntries([...r.body.querySelectorAll('.replay-seat')].map((e) => {
            const line = e.querySelector('[data-testid=replay-meld]');
            return [e.dataset.seat, line ? {text: line.textContent,
              suits: [...line.querySelectorAll('.row-suit')].map((s) => s.getAttribute('aria-label'))} : null];
          }));
        }""", history)

    got = in_browser(base_url, script)
    names = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    for seat, line in got.items():
        if not rp["melds"][seat]["melds"]:
            assert line is None, seat
            continue
        # one symbol a row of one suit (a doubled meld is one row: "Two marriages ♦")
        assert set(line["suits"]) == {f"in {names[s]}" for s in want[seat]}, (seat, line)
        assert "marriage 2, marriage 2" not in line["text"].lower(), line
