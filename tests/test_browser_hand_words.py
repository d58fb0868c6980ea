"""The words and numbers around a hand, in the browser (every event and number explained).

Engine-made views (random legal play: ``tests/test_browser_explain.py``) are served to the real page over a
scripted socket, and the page is read:

- cutthroat: once the declarer has taken the widow, the cards turned up say who took them ("West took the
  widow", from the view's ``widow_taken_by``), in the middle of the felt and, once play has begun, small beside
  the seats; never "Widow" as if they still lay on the felt;
- the sides' lines under the felt say only what means something: during the auction each seat's call (no
  "Tricks 0 Counters 0 Meld 0"), the meld once laid, tricks and counters once play has begun;
- the hand summary shows the meld in one row when every side kept what it showed, and "Meld shown" and
  "Meld kept" with why ("set", "no trick") when a side did not; the part rows still add up to the hand score;
- two consecutive cutthroat summaries keep their columns: the same players in the same order, at the same
  places and widths.

Screenshots go to /tmp/hand-words-shots when PINOCHLE_SHOTS is set (any value).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from pinochle.game import State

from .browser_support import shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import PART_SUMS, first_of, hand_end, play_until, serious, south
from .test_browser_layout import in_browser, open_fixture, server, settle  # noqa: F401  (server: the module's live server)

SIZES = ((360, 740), (1440, 900))
THEMES = ("light", "dark")


WIDOW = """() => {
  const w = document.querySelector('[data-testid=widow]');
  if (!w) return null;
  return { label: w.getAttribute('aria-label'), caption: w.querySelector('figcaption').innerText.trim(),
           up: w.classList.contains('up'), by: w.dataset.takenBy, cards: w.querySelectorAll('.card').length,
           // no visible text on the felt calls the taken cards "Widow"
           widowWord: [...document.querySelectorAll('#felt *')].some((e) => e.childElementCount === 0
             && e.offsetParent !== null && /^widow$/i.test(e.textContent.trim())) };
}"""


def _taken_by_west(s: State) -> bool:
    return s.phase == "trump" and s.declarer == 3


def test_the_widow_once_taken_says_who_took_it(server: Any) -> None:  # noqa: F811
    """West declares: the three cards say "West took the widow", turned up in the middle; once West has buried and
    play has begun they are gone from the felt, and West's seat holds the buried pile, "Buried 3" (the view's
    ``buried_down``); when you declare, "You took the widow". The view's ``widow_taken_by`` names the seat."""
    west = south(first_of("cutthroat", _taken_by_west))
    west_play = south(first_of("cutthroat", lambda s: s.phase == "play" and s.declarer == 3 and len(s.tricks) >= 2))
    mine = south(first_of("cutthroat", lambda s: s.phase == "trump" and s.declarer == 2))
    auction = south(play_until("cutthroat", 1, lambda s: s.phase == "auction" and len(s.calls) >= 1))
    assert west["widow_taken_by"] == west_play["widow_taken_by"] == "W" and mine["widow_taken_by"] == "S"
    assert "widow" not in auction and "widow_taken_by" not in auction

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for theme in THEMES:
            for size in SIZES:
                key = f"{theme}-{size[0]}"
                ctx, page, script = open_fixture(browser, server.url, west, errors, theme=theme, size=size)
                settle(page)
                out[f"west-{key}"] = page.evaluate(WIDOW)
                if theme == "light" and size[0] == 360:
                    out["axe"] = serious(page)
                shot(page, f"widow-taken-{key}")
                script.show(west_play)
                page.wait_for_function("n => document.body.dataset.version === n", arg=str(west_play["version"]))
                settle(page)
                out[f"play-{key}"] = page.evaluate(WIDOW)
                out[f"pile-{key}"] = page.locator("#pos-left [data-testid=buried-W], #pos-right [data-testid=buried-W]").all_inner_texts()
                shot(page, f"widow-play-{key}")
                ctx.close()
        ctx, page, _ = open_fixture(browser, server.url, mine, errors, size=(390, 844))
        out["mine"] = page.evaluate(WIDOW)
        ctx.close()
        ctx, page, _ = open_fixture(browser, server.url, auction, errors, size=(390, 844))
        out["auction"] = page.evaluate(WIDOW)
        ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    assert out.pop("axe") == []
    # face down in the middle through the auction: nobody sees its cards before the auction ends
    down = out.pop("auction")
    assert down is not None and down["label"] == "Widow: 3 cards face down" and not down["up"], down
    mine = out.pop("mine")
    assert mine["caption"] == "You took the widow" and mine["label"].startswith("You took the widow: "), mine
    for key, got in out.items():
        if key.startswith("pile-"):  # in play, West's buried cards lie face down by its seat
            assert got == ["Buried 3"], (key, got)
            continue
        if key.startswith("play-"):  # the widow's cards are in West's hand or buried: gone from the felt
            assert got is None, (key, got)
            continue
        assert got is not None, key
        assert got["caption"] == "West took the widow", (key, got)
        assert got["label"].startswith("West took the widow: ") and got["by"] == "W" and got["cards"] == 3, (key, got)
        assert got["up"], (key, got)  # in the middle until the burial
        assert not got["widowWord"], (key, got)


SIDES = """() => [...document.querySelectorAll('#sides .side-box')].map((b) => ({
  side: b.dataset.testid, text: b.innerText.replace(/\\s+/g, ' ').trim(),
  items: [...b.querySelectorAll('[data-testid]')].map((e) => e.dataset.testid) }))"""


def test_the_sides_lines_say_only_what_means_something(server: Any) -> None:  # noqa: F811
    """The auction: each seat's call, no tricks, counters or meld; play: tricks and counters, and the meld of a
    side that laid one (cutthroat: the declarer alone melds)."""
    cut_auction = south(play_until("cutthroat", 1, lambda s: s.phase == "auction" and len(s.calls) >= 2))
    table_auction = south(play_until("table", 1, lambda s: s.phase == "auction" and len(s.calls) >= 2))
    cut_play = south(play_until("cutthroat", 1, lambda s: s.phase == "play" and len(s.tricks) >= 2))
    table_play = south(play_until("table", 1, lambda s: s.phase == "play" and len(s.tricks) >= 2))

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for name, v in (("cut_auction", cut_auction), ("table_auction", table_auction), ("cut_play", cut_play),
                        ("table_play", table_play)):
            ctx, page, _ = open_fixture(browser, server.url, v, errors, theme="light", size=(1440, 900))
            out[name] = page.evaluate(SIDES)
            shot(page, f"sides-{name}")
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    calls = {c["seat"]: c["call"] for c in cut_auction["auction"]}
    for box in out["cut_auction"]:
        seat = box["side"].removeprefix("side-")
        assert not any(w in box["text"] for w in ("Tricks", "Counters", "Meld")), box
        want = "no call yet" if seat not in calls else "Pass" if calls[seat] == "pass" else f"Bid {calls[seat]}"
        assert box["text"].endswith(want), (box, want)
    assert {b["side"] for b in out["cut_auction"]} == {"side-S", "side-E", "side-W"}
    for box in out["table_auction"]:
        assert not any(w in box["text"] for w in ("Tricks", "Counters", "Meld")), box
    for name, v in (("cut_play", cut_play), ("table_play", table_play)):
        for box in out[name]:
            side = box["side"].removeprefix("side-")
            melded = any(v["melds"].get(seat) for seat in v["sides"][side])
            assert f"Tricks {v['tricks_won'][side]}" in box["text"] and f"Counters {v['counters'][side]}" in box["text"], box
            assert ("Meld" in box["text"]) == melded, (name, box)
            if melded:
                assert f"Meld {v['meld_shown'][side]}" in box["text"], box
            assert "Bid" not in box["text"] and "Pass" not in box["text"], box
    # cutthroat: only the declarer melds, so only the declarer's line has a meld
    declarer = cut_play["declarer"]
    assert [b["side"] for b in out["cut_play"] if "Meld" in b["text"]] == [f"side-{declarer}"]


MELD_ROWS = """() => {
  const rows = [...document.querySelectorAll('#summary-body [data-testid=summary-table] tbody tr')];
  const label = (r) => r.querySelector('th').innerText.trim();
  const cells = (r) => [...r.querySelectorAll('td')].map((td) => [...td.childNodes].filter((n) => !(n.classList && n.classList.contains('sr-only')))
    .map((n) => n.textContent).join('').replace(/\\s+/g, ' ').trim());
  return { labels: rows.map(label), rows: Object.fromEntries(rows.map((r) => [label(r), cells(r)])),
           cols: [...document.querySelectorAll('#summary-body [data-testid=summary-table] thead th')].map((th) => th.dataset.testid) };
}"""

#: Hands of the partnership games, and of the games of stakes, summarised: a meld kept whole by every side and one not.
MELD_GAMES = ["table", "partnership-pass", "racehorse", "britannica", "double-deck", "turned-trump", "cutthroat"]
#: What the first four hands of each game's random match (seed 1) show. A set side shows the meld it took, then
#: the set takes it off (tests/test_browser_summary_rows.py), so a set keeps the meld in one row; a meld lost for
#: want of a trick (two rows) is in tests/test_browser_summary_rows.py.
MELD_KINDS = {"table": {"one row"}, "partnership-pass": {"one row"}, "racehorse": {"one row"},
              "britannica": {"one row"}, "double-deck": {"one row"}, "turned-trump": {"one row"},
              "cutthroat": {"stakes"}}


def taken_off(parts: list[dict[str, Any]]) -> bool:
    """Whether a side's parts end in one that takes off all it took (a set, a concession, a side not scored:
    the summary strikes what it took through)."""
    before = 0
    for i, p in enumerate(parts):
        if i > 0 and not p.get("who") and p["points"] <= 0 and p["points"] == -before \
                and p["label"].startswith(("Set", "Conceded", "Not scored")):
            return True
        before += p["points"]
    return False


def _hands(game: str, hands: int = 4) -> list[dict[str, Any]]:
    return [hand_end(game, None, n) for n in range(1, hands + 1)]


@pytest.mark.parametrize("game", MELD_GAMES)
def test_the_meld_in_one_row_when_kept_whole_else_shown_and_kept_with_why(server: Any, game: str) -> None:  # noqa: F811
    views = _hands(game)

    def run(browser: Any) -> list[dict[str, Any]]:
        errors: list[str] = []
        got = []
        for i, v in enumerate(views):
            ctx, page, _ = open_fixture(browser, server.url, v, errors, size=(390, 844))
            page.get_by_test_id("hand-summary").wait_for(state="visible")
            got.append({**page.evaluate(MELD_ROWS), "sums": page.evaluate(PART_SUMS)})
            shot(page, f"meld-rows-{game}-{i + 1}")
            ctx.close()
        assert errors == [], errors
        return got

    out = in_browser(run)
    kinds = set()
    for v, got in zip(views, out):
        last = v["last_hand"]
        order = [c.removeprefix("summary-col-") for c in got["cols"]]
        shown = [str(last["meld"][side]) if last["meld"][side] else "—" for side in order]  # no meld shown: a dash
        if "transfers" in last:
            # a hand of stakes keeps no meld and loses none: the meld shown, once
            assert got["rows"]["Meld shown"] == shown and "Meld kept" not in got["labels"] and "Meld" not in got["labels"]
            kinds.add("stakes")
            continue
        # the rows still add up to the hand score
        assert got["sums"] == {k: n for k, n in last["score"].items()}, (got["sums"], last["score"])
        # what each side kept of its meld (a set side: the meld it took, which the set then takes off)
        kept_of = {side: sum(p["points"] for p in last["parts"][side] if p["label"] == "Meld kept") for side in order}
        whole = all(kept_of[side] == last["meld"][side] for side in order)
        if whole:
            kinds.add("one row")
            assert "Meld shown" not in got["labels"] and "Meld kept" not in got["labels"], got["labels"]
            # a side whose parts are all taken off (a set) shows its meld struck through, "not scored"
            struck = [f"{cell} not scored" if cell != "—" and taken_off(last["parts"][side]) else cell
                      for side, cell in zip(order, shown)]
            assert got["rows"]["Meld"] == struck, got["rows"]
        else:
            kinds.add("two rows")
            assert "Meld" not in got["labels"] and got["rows"]["Meld shown"] == shown, got
            kept = got["rows"]["Meld kept"]
            for side, cell in zip(order, kept):
                if kept_of[side] < last["meld"][side]:
                    declaring = last["declarer"] in v["sides"][side] and not last["made"]
                    why = ("conceded" if last.get("played") is False else "set") if declaring else "no trick"
                    assert cell == f"0 ({why})", (side, cell, why)
                else:
                    assert cell == str(kept_of[side]), (side, cell)
    assert kinds == MELD_KINDS[game], kinds


PART_LABELS = """() => [...document.querySelectorAll('#summary-body [data-testid=part-row] th')].map((th) => th.innerText.trim())"""


def test_two_consecutive_cutthroat_summaries_keep_their_columns(server: Any) -> None:  # noqa: F811
    """Deal 1's summary and deal 2's (another declarer, other numbers): the same players in the same order, each
    column at the same place and of the same width, at 360 and 1440 px, light and dark."""
    first, second = hand_end("cutthroat", None, 1), hand_end("cutthroat", None, 2)
    assert first["last_hand"]["declarer"] != second["last_hand"]["declarer"]  # the widest cell moves between columns
    cols = """() => [...document.querySelectorAll('#summary-body [data-testid=summary-table] thead th, #summary-body [data-testid=summary-table] tbody tr:first-child > *')]
      .map((e) => { const r = e.getBoundingClientRect(); return { id: e.dataset.testid || e.tagName, x: Math.round(r.x * 2) / 2, w: Math.round(r.width * 2) / 2 }; })"""

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for theme in THEMES:
            for size in SIZES:
                key = f"{theme}-{size[0]}"
                ctx, page, script = open_fixture(browser, server.url, first, errors, theme=theme, size=size)
                page.get_by_test_id("hand-summary").wait_for(state="visible")
                settle(page)
                a = page.evaluate(cols)
                shot(page, f"cut-summary-1-{key}")
                script.show(second)
                page.wait_for_function("() => document.getElementById('summary-title').textContent === 'Deal 2 over'")
                settle(page)
                b = page.evaluate(cols)
                shot(page, f"cut-summary-2-{key}")
                out[key] = (a, b)
                out.setdefault("parts", []).append(page.evaluate(PART_LABELS))
                if key == "dark-360":
                    out["axe"] = serious(page)
                ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == [] and out.pop("axe") == []
    # the payments: one row per payment, naming who pays whom, in the columns' order of the party other than
    # the declarer (you, East, West), whoever declared
    for labels in out.pop("parts"):
        heads = [label.split("\n")[0] for label in labels]
        assert len(heads) == 2 and all(re.fullmatch(r"(You pay|\w+ pays) (you|East|West)", h) for h in heads), heads
    for key, (a, b) in out.items():
        assert [c["id"] for c in a][:4] == ["summary-col-S", "summary-col-E", "summary-col-W", "TH"], (key, a)
        assert a == b, (key, a, b)
