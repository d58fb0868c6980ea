"""Every number of a hand summary in rows that read the same from every column.

- A declaring side that is set shows what it took (its meld, its counters, the last trick when it took
  it) struck through, "not scored", then the bid taken off, the only number and the one statement of
  the set: its rows visibly add up to minus the bid (RULES.md, Scoring a hand); in racehorse, where no
  bid is taken off, a row that the bid was not made and its meld and counters are lost, its cell "none scored"
  (no number; VARIANTS.md racehorse).
- A side that showed no meld reads "—" (a screen reader: "no meld shown"), never a bare 0; a meld
  lost for want of a trick stays a 0 with its reason.
- A hand settled by stakes (cutthroat, auction at 3 and at 5) has one row per payment, "You pay East",
  the payer's loss and the payee's gain in their two columns and nothing in any other: each row names
  who pays whom, and its two cells agree.

The summaries are the engine's (random legal play, tests/test_browser_explain.py), sent to the real page
by a scripted socket, at 360x740, 390x844 and 1440x900, light and dark. Screenshots go to
/tmp/summary-rows-shots when PINOCHLE_SHOTS is set.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .browser_support import shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import PART_SUMS, first_of, hand_end, serious, south
from .test_browser_layout import in_browser, open_fixture, server, settle  # noqa: F401  (server: the module's live server)

SIZES = ((360, 740), (390, 844), (1440, 900))
THEMES = ("light", "dark")

#: every row of the summary table: its label and its cells' text and points, by column
ROWS = """() => {
  const cols = [...document.querySelectorAll('#summary-body [data-testid=summary-table] thead th')].map((th) => th.dataset.testid.split('-').pop());
  const visible = (td) => [...td.childNodes].filter((n) => !(n.classList && n.classList.contains('sr-only'))).map((n) => n.textContent).join('').trim();
  return [...document.querySelectorAll('#summary-body [data-testid=summary-table] tbody tr')].map((tr) => ({
  label: tr.querySelector('th').firstChild.textContent.trim(),
  how: tr.querySelector('[data-testid=paid-how]')?.innerText ?? null,
  testid: tr.dataset.testid || '',
  payer: tr.dataset.payer ?? null, payee: tr.dataset.payee ?? null,
  cells: [...tr.querySelectorAll('td')].map((td, i) => ({ text: visible(td), col: td.dataset.col ?? cols[i] ?? null,
    points: td.dataset.points ?? null, sr: td.querySelector('.sr-only')?.textContent ?? null,
    struck: td.dataset.struck ?? null, off: td.dataset.off ?? null, s: td.querySelector('s')?.textContent ?? null })),
})); }"""


#: what comes before each hand score (the "=" of a sum line)
EQ = """() => [...document.querySelectorAll('#summary-body [data-testid^=hand-score-]')].map((td) => getComputedStyle(td, '::before').content)"""


def number(text: str) -> int:
    """'−300' / '+20' / '1,240' as the page writes them."""
    return int(re.sub(r"[+,\s]", "", text.replace("\u2212", "-")))


def summary_rows(v: dict[str, Any], name: str, sizes: tuple[tuple[int, int], ...] = SIZES,
                 themes: tuple[str, ...] = THEMES) -> dict[str, Any]:
    """The summary's rows and part sums of view ``v`` at each size and theme, with axe's findings at 360."""

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for theme in themes:
            for size in sizes:
                ctx, page, _ = open_fixture(browser, server_url[0], v, errors, theme=theme, size=size)
                page.get_by_test_id("hand-summary").wait_for(state="visible")
                settle(page)
                key = f"{theme}-{size[0]}"
                out[key] = {"rows": page.evaluate(ROWS), "sums": page.evaluate(PART_SUMS),
                            "eq": page.evaluate(EQ),
                            "wide": page.evaluate("() => document.documentElement.scrollWidth - innerWidth"),
                            "axe": serious(page) if size[0] == 360 else []}
                shot(page, f"{name}-{key}")
                ctx.close()
        out["errors"] = errors
        return out

    return in_browser(run)


server_url: list[str] = []


@pytest.fixture(autouse=True)
def _url(server: Any) -> None:  # noqa: F811
    server_url[:] = [server.url]


@pytest.mark.parametrize("game,set_label", [("table", "Set: what it took is not scored"),
                                            ("racehorse", "Set: bid {bid} not made, meld and counters lost")])
def test_a_set_side_shows_what_it_took_then_the_set(game: str, set_label: str) -> None:
    v = south(first_of(game, lambda s: s.phase == "hand_end" and not s.history[-1].score.made
                       and bool(s.tricks) and not s.conceded and s.history[-1].score.counters[s.declarer % 2] > 0))
    last = v["last_hand"]
    set_label = set_label.format(bid=last["bid"])
    side = next(k for k, seats in v["sides"].items() if last["declarer"] in seats)
    parts = last["parts"][side]
    took = sum(p["points"] for p in parts if p["points"] > 0)
    assert [p["label"] for p in parts][-1] in (set_label, f"Set: the bid, {last['bid']}, is taken off") and took > 0, parts
    out = summary_rows(v, f"set-{game}")
    assert out.pop("errors") == []
    for key, got in out.items():
        assert got["axe"] == [] and got["wide"] <= 0, (key, got["axe"])
        assert got["sums"] == last["score"], (key, got["sums"], last["score"])
        by_label = {r["label"]: {c["col"]: c for c in r["cells"]} for r in got["rows"]}
        # what the set side took is a row each, as the engine gives them, struck through and "not scored":
        # no number of it counts, so the cells read as a sum (the hand score is the bid taken off, or 0)
        counters = next(p["points"] for p in parts if p["label"] == "Counters")
        cell = by_label["Counters"][side]
        assert cell["struck"] == str(counters) and number(cell["s"]) == counters and cell["points"] == "", (key, cell)
        assert "not scored" in cell["text"], (key, cell)
        last_trick = [p["points"] for p in parts if p["label"] == "Last trick"]
        if last_trick:
            assert by_label["Last trick"][side]["struck"] == str(last_trick[0]), key
        counted = [number(c["text"]) for r in got["rows"] for c in r["cells"]
                   if c["col"] == side and c["points"] not in (None, "") and c["off"] is None]
        labels = [r["label"] for r in got["rows"]]
        if game == "table":
            # one statement of the set: the bid taken off (the struck cells say that what it took is not
            # scored; a row saying so again is left out, its 0 changing no sum)
            bid_off = f"Set: the bid, {last['bid']}, is taken off"
            assert set_label not in by_label and number(by_label[bid_off][side]["text"]) == -last["bid"], (key, labels)
            assert counted == [-last["bid"]], (key, counted)
            assert labels.index("Counters") < labels.index(bid_off), labels
        else:
            # the part that takes it off shows no minus number: "meld and counters lost -190" read as a sum
            off = by_label[set_label][side]
            assert off["off"] == str(-took) and not re.search(r"\d", off["text"]) and off["points"] == "0", (key, off)
            # and says so in words: no row of the summary is dashes alone ("Set: meld and counters lost — —")
            assert off["text"] == "none scored", (key, off)
            assert not [r["label"] for r in got["rows"] if r["cells"] and all(c["text"] == "—" for c in r["cells"])], key
            assert counted == [], (key, counted)
            # the rows above the hand score, in the order the engine gives them
            assert labels.index("Counters") < labels.index(set_label), labels


def test_a_side_without_meld_reads_a_dash_and_a_lost_meld_a_zero_with_why() -> None:
    none = south(first_of("table", lambda s: s.phase == "hand_end" and min(s.history[-1].score.meld) == 0
                          and all(s.history[-1].score.tricks)))
    out = summary_rows(none, "no-meld", sizes=((390, 844),), themes=("light",))
    assert out.pop("errors") == []
    last = none["last_hand"]
    empty = next(k for k, n in last["meld"].items() if n == 0)
    for key, got in out.items():
        meld_rows = [r for r in got["rows"] if r["label"] in ("Meld", "Meld shown", "Meld kept")]
        assert meld_rows, got["rows"]
        for r in meld_rows:
            cell = next(c for c in r["cells"] if c["col"] == empty)
            assert cell["text"] == "—" and cell["sr"] == "no meld shown", (key, r)
    # a side that showed 60 and took no trick keeps none of it (RULES.md, Meld): the engine's parts for that
    # hand, written out (random play seldom leaves a side without a trick)
    decl = next(k for k, seats in none["sides"].items() if none["last_hand"]["declarer"] in seats)
    lost_hand = lost_meld(none["last_hand"], decl, 60)
    lost = {**none, "last_hand": lost_hand, "last_earned": {k: lost_hand["kept_meld"][k] + lost_hand["counters"][k] for k in lost_hand["score"]}}
    out = summary_rows(lost, "meld-lost", sizes=((390, 844),), themes=("dark",))
    assert out.pop("errors") == []
    last = lost["last_hand"]
    side = next(k for k in last["meld"] if last["meld"][k] and not last["tricks"][k])
    for key, got in out.items():
        assert got["sums"] == last["score"], (key, got["sums"])
        kept = next(r for r in got["rows"] if r["label"] == "Meld kept")
        cell = next(c for c in kept["cells"] if c["col"] == side)
        assert cell["text"] == "0 (no trick)", (key, kept)
        shown = next(r for r in got["rows"] if r["label"] == "Meld shown")
        assert next(c for c in shown["cells"] if c["col"] == side)["text"] == "60", (key, shown)


def lost_meld(last: dict[str, Any], decl: str, meld: int) -> dict[str, Any]:
    """``last`` (a hand's summary, ``decl`` the declaring side) with the defenders showing ``meld`` and taking no trick: the declaring
    side took every trick and counter, the defenders score nothing (the parts the engine gives: scoring.py
    earned_parts)."""
    sides = list(last["score"])
    other = next(k for k in sides if k != decl)
    rule = "RULES.md, Scoring a hand"
    kept = last["kept_meld"][decl]
    out = {**last, "meld": {**last["meld"], other: meld}, "kept_meld": {**last["kept_meld"], other: 0},
           "tricks": {decl: 12, other: 0}, "counters": {decl: 250, other: 0},
           "score": {decl: kept + 250, other: 0}, "made": True}
    out["parts"] = {decl: [{"label": "Meld kept", "points": kept, "rule": rule}, {"label": "Counters", "points": 240, "rule": rule},
                           {"label": "Last trick", "points": 10, "rule": rule}],
                    other: [{"label": f"Meld {meld} not kept: no trick taken", "points": 0,
                             "rule": "RULES.md, Meld: a side keeps its meld only with a trick"},
                            {"label": "Counters", "points": 0, "rule": rule}]}
    out.pop("earned", None)
    out["measured"] = {k: out["kept_meld"][k] + out["counters"][k] for k in sides}
    return out


@pytest.mark.parametrize("game,players", [("cutthroat", None), ("auction", None), ("auction", 5)])
def test_each_payment_is_one_row_naming_who_pays_whom(game: str, players: int | None) -> None:
    v = hand_end(game, players)
    last = v["last_hand"]
    out = summary_rows(v, f"pay-{game}{players or ''}")
    assert out.pop("errors") == []
    transfers = last["chair_transfers"] if players else last["transfers"]
    for key, got in out.items():
        assert got["axe"] == [] and got["wide"] <= 0, (key, got["axe"])
        pays = [r for r in got["rows"] if r["payer"] is not None]
        assert sorted((r["payer"], r["payee"]) for r in pays) == sorted((str(t["from"]), str(t["to"])) for t in transfers), pays
        amounts = {(str(t["from"]), str(t["to"])): t["amount"] for t in transfers}
        for r in pays:
            filled = {c["col"]: number(c["text"].split(" (")[0]) for c in r["cells"] if c["points"]}
            amount = amounts[(r["payer"], r["payee"])]
            # two cells only, the payer's loss and the payee's gain, and the label says who pays whom
            assert filled == {r["payer"]: -amount, r["payee"]: amount}, (key, r)
            assert re.fullmatch(r"(You pay|.+ pays) (you|.+)", r["label"]), r["label"]
            assert " pays you" in r["label"] or r["label"].startswith("You pay ") or "you" not in r["label"].lower(), r
            # and how the amount arises: the stake's last step (the steps are listed above the table)
            assert r["how"] == last["stake_steps"][-1]["label"], r
        if players:
            assert got["sums"] == {str(c): n for c, n in enumerate(last["chairs"])}, (key, got["sums"])
        else:
            assert got["sums"] == last["score"], (key, got["sums"])
