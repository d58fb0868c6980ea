"""Every event and every number explained, in the browser.

Engine-made views (random legal play, the server's automatic moves applied) are served to the real
page over a scripted socket (``web_fixtures.Scripted``), and the page is measured:

- the hand summary of every game: each column's part rows (``data-points``) add up to the hand score
  the server sent (``last_hand.score``, ``chairs`` at a table of 4 or 5); a stake shows its steps; the rows
  come in one order in every game (tricks, meld, counters, last trick, their sum, a bonus, a set or the
  payments, the hand's score, the match total), a part a column does not have reads "—", and the sum line
  names what it adds up ("Meld + counters + last trick");
- no two boxes of the summary, and of the top bar, overlap at 320x568, 360x740, 390x844, 768x1024 and
  1440x900 (``HEIGHTS``), and the
  top bar shows the hand's number, the target and trump on a phone (turned-trump too), and the card
  turned for trump does not lie over East's box;
- a hand thrown in gets a banner saying so and who deals now; the cards passed between partners are
  marked in the hand (and said in its label);
- a row of the score sheet opens that hand's summary; a match of deals says "Next deal".

Screenshots go to /tmp/explain-shots when PINOCHLE_SHOTS is set.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pinochle.game import Action, State, apply, auto_action, new_match, turn, view
from pinochle.chairs import view_for_chair
from pinochle.games import GAMES

from .browser_support import shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import in_browser, open_fixture, server, settle  # noqa: F401  (server: the module's live server)
from .test_browser_a11y import axe_runner
from .test_score_parts import random_action

WIDTHS = (320, 360, 390, 768, 1440)
#: Each width's screen as the issue names it (a 320x568 phone, a 768x1024 tablet): the boxes are measured at those sizes.
HEIGHTS = {320: 568, 360: 740, 390: 844, 768: 1024, 1440: 900}


def size_of(width: int) -> tuple[int, int]:
    """The screen of a ``width`` (:data:`HEIGHTS`)."""
    return (width, HEIGHTS[width])


def at_widths(page: Any, widths: tuple[int, ...] = WIDTHS) -> Iterator[int]:
    """The page resized to each of ``widths`` in turn (as a turned phone or a resized window is), once it
    has laid itself out again; yields the width."""
    for width in widths:
        w, h = size_of(width)
        page.set_viewport_size({"width": w, "height": h})
        settle(page)
        settle(page)
        yield width


def auto(state: State) -> State:
    """The automatic moves made, as the server makes them before a view is sent."""
    while (a := auto_action(state)) is not None:
        state = apply(state, a)
    return state


def play_until(game: str, seed: int, until: Callable[[State], bool], players: int | None = None,
               limit: int = 5000) -> State:
    """A random match of ``game`` up to the first state where ``until`` holds."""
    rng = random.Random(seed)
    state = auto(new_match(seed=seed, game=game, players=players))
    for _ in range(limit):
        if until(state):
            return state
        assert state.phase != "match_end", (game, seed)
        state = auto(apply(state, random_action(state, rng)))
    raise AssertionError(f"{game}: not reached in {limit} moves")


def first_of(game: str, until: Callable[[State], bool]) -> State:
    """The first state where ``until`` holds in the first random match of ``game`` (seeds 1, 2, ...) that has one."""
    for seed in range(1, 40):
        try:
            return play_until(game, seed, until)
        except AssertionError:
            continue
    raise AssertionError(f"{game}: no match reached it")


def all_pass(game: str, seed: int = 3) -> State:
    """The first hand of a match of ``game`` thrown in: everybody passes."""
    state = auto(new_match(seed=seed, game=game))
    while state.hand_no == 0:
        state = auto(apply(state, Action.pass_(turn(state))))
    return state


def south(state: State) -> dict[str, Any]:
    """South's view (chair 2's at a table of 4 or 5)."""
    return (view_for_chair(state, 2) if state.lineup else view(state, 2)).to_json()


def hand_end(game: str, players: int | None = None, hands: int = 1) -> dict[str, Any]:
    seed = 1
    return south(play_until(game, seed, lambda s: s.phase in ("hand_end", "match_end") and len(s.history) >= hands,
                            players))


BOXES = """(sel) => [...document.querySelectorAll(sel)].filter((e) => {
  const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
}).map((e) => { const r = e.getBoundingClientRect(); return { id: e.id || e.className || e.tagName, x: r.x, y: r.y, w: r.width, h: r.height }; })"""


def overlaps(boxes: list[dict[str, Any]], slack: float = 0.5) -> list[tuple[str, str]]:
    out = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if (a["x"] + a["w"] - slack > b["x"] and b["x"] + b["w"] - slack > a["x"]
                    and a["y"] + a["h"] - slack > b["y"] and b["y"] + b["h"] - slack > a["y"]):
                out.append((a["id"], b["id"]))
    return out


def bar_overlaps(page: Any) -> list[tuple[str, str]]:
    """The top bar's boxes that overlap: its parts, the pieces of its middle, the totals."""
    return (overlaps(page.evaluate(BOXES, ".topbar > *:not(.sr-only)"))
            + overlaps(page.evaluate(BOXES, ".topbar .info > *"))
            + overlaps(page.evaluate(BOXES, ".topbar .match-score > *")))


_AXE: list[Any] = []


def serious(page: Any) -> list[str]:
    """axe's serious and critical findings on the page (none allowed)."""
    if not _AXE:
        _AXE.append(axe_runner())
    found = _AXE[0].run(page).response["violations"]
    return [f"{v['id']}: {[n['target'] for n in v['nodes'][:3]]}" for v in found if v.get("impact") in ("serious", "critical")]


PART_SUMS = """() => {
  const sums = {};
  for (const td of document.querySelectorAll('#summary-body [data-testid=part-cell]')) {
    const p = td.dataset.points;
    if (p === '') continue;
    sums[td.dataset.col] = (sums[td.dataset.col] ?? 0) + Number(p);
  }
  return sums;
}"""

SUMMARY_GAMES = [(g, None) for g in GAMES] + [("auction", 4), ("auction", 5)]

#: the summary table's rows: each label, whether it is the sum line, and its cells' text as seen (a screen reader's
#: words apart)
ORDER_ROWS = """() => [...document.querySelectorAll('#summary-body [data-testid=summary-table] tbody tr')].map((tr) => ({
  label: tr.querySelector('th')?.firstChild?.textContent.trim() ?? '',
  sub: tr.dataset.testid === 'subtotal-row',
  cells: [...tr.querySelectorAll('td')].map((td) => [...td.childNodes]
    .filter((n) => !(n.classList && n.classList.contains('sr-only'))).map((n) => n.textContent).join('').trim()),
}))"""


def place_of(row: dict[str, Any]) -> int:
    """A summary row's place in the one order of every game: the tricks, the meld, the counters, the last trick,
    their sum, a bonus, what takes off or pays (a set, a concession, a side not scored, a payment), the hand's
    score, the match total."""
    label = row["label"]
    if row["sub"]:
        return 4
    if label == "Tricks":
        return 0
    if label in ("Meld", "Meld shown", "Meld kept") or re.match(r"Meld \d+ not kept", label):
        return 1
    if label in ("Counters", "Counters buried"):
        return 2
    if label == "Last trick":
        return 3
    if label.startswith("Bonus"):
        return 5
    if label in ("Hand score", "Chips won or paid"):
        return 7
    if label == "Match total":
        return 8
    return 6


def figure(cell: str) -> int:
    """A summary cell's number as the page writes it ("150 (bid 300)" 150, "—" 0, "−4" -4)."""
    m = re.match(r"[+\u2212-]?[\d,]+", cell)
    return 0 if m is None else int(m.group(0).replace(",", "").replace("\u2212", "-"))


def check_taken_rows(rows: list[dict[str, Any]], last: dict[str, Any]) -> None:
    """A hand settled by stakes and played: the rows of what each player took (the meld shown, the counters taken in
    tricks, the counters buried, the last trick) add up, column by column, to the sum line ("Meld + counters + last
    trick", the figure measured against the bid); the declarer's buried counters (the server's ``buried``) are a row
    of their own, "Counters buried", and only when it buried a counter."""
    labels = [r["label"] for r in rows]
    buried = {k: n for k, n in (last.get("buried") or {}).items() if n}
    assert ("Counters buried" in labels) == bool(buried), (labels, last.get("buried"))
    subs = [r for r in rows if r["sub"]]
    if not subs or last.get("played") is False:
        return
    taken = [r for r in rows if not r["sub"] and 1 <= place_of(r) <= 3]
    for i, cell in enumerate(subs[0]["cells"]):
        assert sum(figure(r["cells"][i]) for r in taken) == figure(cell), ([(r["label"], r["cells"]) for r in taken], subs[0])
    if buried:
        row = next(r for r in rows if r["label"] == "Counters buried")
        assert sorted(figure(c) for c in row["cells"] if c != "—") == sorted(buried.values()), (row, buried)


def check_order(rows: list[dict[str, Any]], declared: bool) -> None:
    """The rows in :func:`place_of`'s order, a "—" (never an empty cell) for a part a column does not have, and the
    sum line (a hand with a contract) named for what it adds up: the last trick too when a row shows it."""
    places = [place_of(r) for r in rows]
    labels = [r["label"] for r in rows]
    assert places == sorted(places), labels
    assert all(c != "" for r in rows for c in r["cells"]), [(r["label"], r["cells"]) for r in rows]
    subs = [r for r in rows if r["sub"]]
    assert len(subs) == (1 if declared else 0), labels
    if subs:
        want = "Meld + counters + last trick" if "Last trick" in labels else "Meld + counters"
        assert subs[0]["label"] == want, labels


@pytest.mark.parametrize("game,players", SUMMARY_GAMES)
def test_the_summary_rows_add_up_and_no_box_overlaps(server: Any, game: str, players: int | None) -> None:  # noqa: F811
    v = hand_end(game, players)
    last = v["last_hand"]
    want = ({str(c): n for c, n in enumerate(last["chairs"])} if players else {k: n for k, n in last["score"].items()})

    def body(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {"errors": errors, "sizes": {}}
        ctx, page, _ = open_fixture(browser, server.url, v, errors, size=size_of(WIDTHS[0]))
        page.get_by_test_id("hand-summary").wait_for(state="visible")
        for width in at_widths(page):
            out["sizes"][width] = {
                "sums": page.evaluate(PART_SUMS),
                "summary": overlaps(page.evaluate(BOXES, "#summary-dialog > *:not([hidden])"))
                + overlaps(page.evaluate(BOXES, "#summary-body > *"))
                + overlaps(page.evaluate(BOXES, "#summary-dialog .dialog-buttons > *:not([hidden])")),
                "bar": bar_overlaps(page),
                "wide": page.evaluate("() => document.documentElement.scrollWidth - innerWidth"),
                "dialog": page.evaluate("""() => { const r = document.getElementById('summary-dialog').getBoundingClientRect();
                  return r.left >= 0 && r.right <= innerWidth + 0.5; }"""),
                "steps": page.locator("[data-testid=stake-step]").count(),
                "rows": page.evaluate(ORDER_ROWS),
                "next": page.get_by_test_id("next-hand").inner_text(),
                "inline": page.get_by_test_id("next-hand-inline").inner_text() if page.get_by_test_id("next-hand-inline").count() else None,
                "axe": serious(page) if width == 360 else [],
            }
            shot(page, f"summary-{game}{players or ''}-{width}")
        ctx.close()
        return out

    out = in_browser(body)
    assert out["errors"] == [], out["errors"]
    for width, got in out["sizes"].items():
        assert got["sums"] == want, (width, got["sums"], want)
        assert got["summary"] == [], (width, got["summary"])
        assert got["bar"] == [], (width, got["bar"])
        assert got["wide"] <= 0 and got["dialog"], width
        assert got["axe"] == [], (width, got["axe"])
        # one order of the rows in every game, "—" for a part that does not apply, the sum line named for its parts
        check_order(got["rows"], bool(last["declarer"]))
        if "transfers" in last:
            assert got["steps"] == len(last["stake_steps"]) >= 2, got
            check_taken_rows(got["rows"], last)
        # the title says "Deal k over" in a match of deals, and so does the button
        assert got["next"] == ("Next deal" if v["deals"] else "Next hand"), got["next"]
        assert got["inline"] in (None, got["next"]), got


def test_the_bar_says_trump_the_hand_and_the_target_and_the_turned_card_clears_east(server: Any) -> None:  # noqa: F811
    v = south(play_until("turned-trump", 2, lambda s: s.phase == "play" and len(s.tricks) >= 2))
    assert v["trump"] and v["turned"] and not v["declarer"]

    def body(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {"errors": errors, "sizes": {}}
        for theme in ("dark", "light"):
            ctx, page, _ = open_fixture(browser, server.url, v, errors, theme=theme, size=size_of(WIDTHS[0]))
            for width in at_widths(page):
                box = page.evaluate(BOXES, "[data-testid=turned], #pos-right")
                out["sizes"][f"{width}-{theme}"] = {
                    "contract": page.get_by_test_id("contract").inner_text(),
                    "hand_no": page.get_by_test_id("hand-no").is_visible(),
                    "to": page.locator(".match-score .to").is_visible(),
                    "bar": bar_overlaps(page),
                    "turned": overlaps(box) if len(box) == 2 else "missing",
                    "bar_inside": page.evaluate("""() => [...document.querySelectorAll('.topbar > *')].every((e) => {
                      const r = e.getBoundingClientRect(); return r.width === 0 || (r.left >= -0.5 && r.right <= innerWidth + 0.5); })"""),
                }
                shot(page, f"turned-trump-{width}-{theme}")
            ctx.close()
        return out

    out = in_browser(body)
    assert out["errors"] == [], out["errors"]
    for key, got in out["sizes"].items():
        assert got["contract"].startswith("Trump"), (key, got)
        assert got["hand_no"] and got["to"], (key, got)
        assert got["bar"] == [] and got["bar_inside"], (key, got)
        assert got["turned"] == [], (key, got)


BAR_GAMES = [("table", None), ("double-deck", None), ("cutthroat", None), ("auction", 5)]


@pytest.mark.parametrize("game,players", BAR_GAMES)
def test_the_bar_keeps_the_hand_the_contract_and_the_target_on_one_line(server: Any, game: str,  # noqa: F811
                                                                         players: int | None) -> None:
    v = south(play_until(game, 1, lambda s: s.phase == "play" and len(s.tricks) >= 2, players))

    def body(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {"errors": errors, "sizes": {}}
        ctx, page, _ = open_fixture(browser, server.url, v, errors, size=size_of(WIDTHS[0]))
        for width in at_widths(page):
            out["sizes"][width] = {
                "bar": bar_overlaps(page),
                "hand_no": page.get_by_test_id("hand-no").is_visible(),
                "contract_h": page.evaluate("() => document.getElementById('contract').getBoundingClientRect().height"),
                "suit": page.locator("#contract .suit-chip").count(),
                "inside": page.evaluate("""() => [...document.querySelectorAll('.topbar > *, .topbar .info > *, .match-score > *')]
                  .every((e) => { const r = e.getBoundingClientRect(); return r.width === 0 || (r.left >= -0.5 && r.right <= innerWidth + 0.5); })"""),
            }
            shot(page, f"bar-{game}{players or ''}-{width}")
        ctx.close()
        return out

    out = in_browser(body)
    assert out["errors"] == [], out["errors"]
    for width, got in out["sizes"].items():
        assert got["bar"] == [] and got["inside"], (width, got)
        assert got["hand_no"], (width, got)
        assert got["contract_h"] <= 34, (width, got)  # one line: never the bid and trump stacked
        assert got["suit"] >= 1, (width, got)


def test_a_thrown_in_hand_is_told_and_the_partners_cards_are_marked(server: Any) -> None:  # noqa: F811
    thrown, cut = south(all_pass("racehorse")), south(all_pass("cutthroat"))
    assert thrown["thrown_in"] and cut["thrown_in"]
    passed = south(first_of("partnership-pass", lambda s: s.phase == "play" and s.declarer is not None
                            and s.declarer % 2 == 0 and len(s.exchange) == 2))
    assert passed["received"]

    def body(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {"errors": errors}
        for name, v in (("racehorse", thrown), ("cutthroat", cut)):
            ctx, page, _ = open_fixture(browser, server.url, v, errors, size=(360, 740))
            out[name] = page.get_by_test_id("thrown-in").inner_text()
            out[name + "_boxes"] = overlaps(page.evaluate(BOXES, "#centre, .seat, #hand"))
            out[name + "_axe"] = serious(page)
            shot(page, f"thrown-in-{name}-360")
            ctx.close()
        for width in (360, 1440):
            ctx, page, _ = open_fixture(browser, server.url, passed, errors, size=(width, HEIGHTS[width]))
            if page.get_by_test_id("meld-dialog").is_visible():
                page.get_by_test_id("meld-close").click()
            settle(page)
            out[f"marked{width}"] = page.locator("#hand button.card.received").count()
            out[f"axe{width}"] = serious(page)
            out[f"legend{width}"] = page.get_by_test_id("received-legend").get_attribute("data-label")
            out[f"legend_boxes{width}"] = overlaps(page.evaluate(BOXES, ".felt > .seat, #centre .centre-info"))
            out[f"label{width}"] = page.get_by_test_id("hand").get_attribute("aria-label")
            out[f"cards{width}"] = page.eval_on_selector_all("#hand button.card.received", "els => els.map((e) => e.getAttribute('aria-label'))")
            shot(page, f"received-{width}")
            ctx.close()
        return out

    out = in_browser(body)
    assert out["errors"] == [], out["errors"]
    t = thrown["thrown_in"]
    names = {"N": "Partner", "E": "East", "S": "You", "W": "West"}
    assert out["racehorse"].startswith(f"Hand {t['number']} was thrown in: nobody bid."), out["racehorse"]
    assert f"hand {thrown['hand_number']}." in out["racehorse"], out["racehorse"]
    assert out["cutthroat"].startswith(f"Deal {cut['deal_number']} was thrown in: nobody bid."), out["cutthroat"]
    assert out["cutthroat"].endswith("it again."), out["cutthroat"]
    assert out["racehorse_axe"] == out["cutthroat_axe"] == [] and out["racehorse_boxes"] == out["cutthroat_boxes"] == [], out
    del names
    n = len(passed["received"])
    declarer = passed["declarer"] == "S"
    said = "passed to you by your partner" if declarer else "passed back by your partner"
    for width in (360, 1440):
        assert out[f"marked{width}"] == n, out
        assert out[f"axe{width}"] == [], out[f"axe{width}"]
        assert out[f"legend{width}"] == (f"{n} card{'s' if n > 1 else ''} {'from' if declarer else 'back from'} Partner"), out
        assert out[f"legend_boxes{width}"] == [], out[f"legend_boxes{width}"]
        assert said in out[f"label{width}"], out[f"label{width}"]
        assert all(said in lb for lb in out[f"cards{width}"]), out[f"cards{width}"]


def test_a_score_sheet_row_opens_that_hands_summary(server: Any) -> None:  # noqa: F811
    v = hand_end("table", None, hands=2)
    first = v["history"][0]

    def body(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, page, _ = open_fixture(browser, server.url, v, errors, size=(390, 844))
        page.get_by_test_id("hand-summary").wait_for(state="visible")
        page.get_by_test_id("summary-scores").click()
        page.get_by_test_id("score-sheet").wait_for(state="visible")
        settle(page)
        sheet_axe = serious(page)
        shot(page, "score-sheet-390")
        # the sheet's columns line up: each row's number under the "#" of the head
        columns = page.evaluate("""() => [document.querySelector('#scores-body thead th'),
          document.querySelector('#scores-body tbody td')].map((e) => Math.round(e.getBoundingClientRect().width))""")
        page.locator("[data-testid=hand-open]").first.click()
        page.get_by_test_id("hand-summary").wait_for(state="visible")
        settle(page)
        out = {"errors": errors, "title": page.locator("#summary-title").inner_text(),
               "sums": page.evaluate(PART_SUMS), "next": page.get_by_test_id("next-hand").is_visible(),
               "axe": sheet_axe + serious(page), "columns": columns}
        shot(page, "past-summary-390")
        ctx.close()
        return out

    out = in_browser(body)
    assert out["errors"] == [], out["errors"]
    assert out["title"] == f"Hand {first['number']} over", out
    assert out["sums"] == first["score"], out
    assert not out["next"]  # an earlier hand's summary deals nothing
    assert out["axe"] == [], out["axe"]
    assert out["columns"][0] == out["columns"][1], out["columns"]
