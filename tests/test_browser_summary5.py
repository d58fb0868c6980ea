"""The hand summary read as a sum, and the meld on the felt (a fifth reviewer's findings on issue 30).

- The hand summary lays its rows as a player adds them: what each side took (meld, counters, last trick),
  then their sum, "Meld + counters", as a sum line under them (never above its parts), then a bonus or the
  set, then the hand score as "= N". A set in the table game is said once: the bid taken off, "Set: the
  bid, 320, is taken off −320" (the struck figures above it say that none of what the side took scored).
  RULES.md, Scoring a hand; VARIANTS.md racehorse (the 250 bonus).

The summaries are the engine's (random legal play), served to the real page by a scripted socket.
Screenshots go to $PINOCHLE_SHOTS when it is set.
"""

from __future__ import annotations

from typing import Any

import pytest

from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import first_of, south
from .test_browser_layout import server  # noqa: F401  (server: the module's live server)
from .test_browser_summary_rows import server_url, summary_rows  # noqa: F401  (server_url: filled by its fixture)

#: the labels of what a side took in the hand (scoring.py earned_parts), as the summary shows them
TAKEN = ("Meld", "Meld kept", "Counters", "Last trick")


@pytest.fixture(autouse=True)
def _url(server: Any) -> None:  # noqa: F811
    server_url[:] = [server.url]


def set_hand(game: str) -> dict[str, Any]:
    """South's view of the first hand of ``game`` whose declaring side went set after play with counters."""
    return south(first_of(game, lambda s: s.phase == "hand_end" and not s.history[-1].score.made
                          and bool(s.tricks) and not s.conceded and s.history[-1].score.counters[s.declarer % 2] > 0))


@pytest.mark.parametrize("game", ["table", "racehorse"])
def test_the_summary_reads_parts_then_their_sum_then_the_set_then_the_score(game: str) -> None:
    v = set_hand(game)
    last = v["last_hand"]
    out = summary_rows(v, f"sum5-{game}", sizes=((360, 740), (1440, 900)), themes=("light",))
    assert out.pop("errors") == []
    for key, got in out.items():
        rows = got["rows"]
        labels = [r["label"] for r in rows]
        assert got["sums"] == last["score"], (key, got["sums"])
        sub = next(i for i, r in enumerate(rows) if r["testid"] == "subtotal-row")
        # the sum line names what it adds up: the last trick too when a row shows it (test_browser_words6)
        assert labels[sub] == ("Meld + counters + last trick" if "Last trick" in labels else "Meld + counters"), labels
        taken = [i for i, lb in enumerate(labels) if lb in TAKEN]
        after = [i for i, lb in enumerate(labels) if lb.startswith(("Set", "Bonus", "Not scored", "Conceded"))]
        score = labels.index("Hand score")
        # the parts, then their sum, then what the contract makes of it, then the hand's score
        assert taken and max(taken) < sub, labels
        assert after and sub < min(after) and max(after) < score, labels
        # the sum line adds up the parts above it: the declaring side's meld and counters against the bid
        decl = next(k for k, seats in v["sides"].items() if last["declarer"] in seats)
        cell = next(c for c in rows[sub]["cells"] if c["col"] == decl)
        assert cell["text"].startswith(str(last["measured"][decl])) and f"bid {last['bid']}" in cell["text"], cell
        # the hand score reads as the result of the sum: "=" at the head of each of its cells, but the set side's,
        # which says "Set −320" as a verdict and its figure (test_browser_felt7: an "=" against "Set" read as a typo)
        # on a phone no "=" at all: at a narrow column's edge a row read as an equation ("−20 = +10 = +10")
        eq = got["eq"]
        if key.endswith("-360"):
            assert eq == ["none", "none"], (key, eq)
        else:
            assert len(eq) == 2 and eq.count("none") == 1 and all(e in ('"= "', "none") for e in eq), eq
        if game == "table":
            # the set said once: the bid taken off, with the bid in words; no row repeating "not scored"
            assert f"Set: the bid, {last['bid']}, is taken off" in labels, labels
            assert not any("not scored" in lb for lb in labels), labels
        else:
            # racehorse: the other side's 250 comes below the sum line, as a bonus
            assert any(lb.startswith("Bonus 250") for lb in labels[sub + 1:score]), labels


# ---------------------------------------------------------------- a meld that needs a trick reads as pending

MELD_WORDS = """() => ({
  plates: Object.fromEntries([...document.querySelectorAll('#felt-melds .felt-meld')].map((p) => [p.dataset.seat, {
    total: Number(p.dataset.total), state: p.querySelector('.fm-state')?.innerText ?? null,
    visible: Boolean(p.querySelector('.fm-state')?.getClientRects().length), label: p.getAttribute('aria-label') }])),
  sides: Object.fromEntries([...document.querySelectorAll('#sides [data-testid$=-meld]')].map((e) => [e.dataset.side, e.innerText])),
})"""


def meld_words(v: dict[str, Any], name: str, sizes: tuple[tuple[int, int], ...] = ((360, 740), (390, 844), (1440, 900)),
               theme: str = "light") -> dict[str, Any]:
    """The felt's meld plates and the sides' meld figures of view ``v`` at each size."""
    from .browser_support import in_browser, shot
    from .test_browser_layout import open_fixture, settle

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for size in sizes:
            ctx, page, _ = open_fixture(browser, server_url[0], v, errors, theme=theme, size=size)
            settle(page)
            out[str(size[0])] = page.evaluate(MELD_WORDS)
            shot(page, f"{name}-{size[0]}-{theme}")
            ctx.close()
        out["errors"] = errors
        return out

    return in_browser(run)


def view_of(game: str, until: Any, seed: int = 1) -> dict[str, Any]:
    from .test_browser_explain import play_until
    return south(play_until(game, seed, until))


@pytest.mark.parametrize("game", ["table", "britannica"])
def test_the_meld_on_the_felt_and_in_the_sides_line_needs_a_trick_until_one_is_taken(game: str) -> None:
    """RULES.md, Meld: "A partnership that takes no trick keeps no meld" (britannica: VARIANTS.md, the same
    rule). Before the first card every meld laid reads "needs a trick", on its plate, in its label and in the
    sides' line; once a side takes a trick its meld reads "kept", while the other's still needs one."""
    from pinochle.game import view
    v = view_of(game, lambda s: s.phase == "play" and not s.tricks)
    assert set(v["meld_secured"].values()) <= {"pending", None} and "pending" in v["meld_secured"].values()
    out = meld_words(v, f"pending-{game}")
    assert out.pop("errors") == []
    for size, got in out.items():
        melded = {seat: p for seat, p in got["plates"].items() if p["total"]}
        assert melded, (size, got)
        for seat, p in melded.items():
            assert p["state"] == "needs a trick" and p["visible"] and "Needs a trick." in p["label"], (size, seat, p)
        for side, text in got["sides"].items():
            if v["meld_shown"][side]:
                assert text.endswith(f"Meld {v['meld_shown'][side]}, needs a trick"), (size, side, text)

    def one_side_has_a_trick(s: Any) -> bool:
        j = view(s, 2).to_json()
        return s.phase == "play" and sorted(j["meld_secured"].values(), key=str) == ["pending", "secured"]

    w = view_of(game, one_side_has_a_trick)
    out = meld_words(w, f"kept-{game}", sizes=((390, 844),))
    assert out.pop("errors") == []
    for side, text in out["390"]["sides"].items():
        want = {"pending": "needs a trick", "secured": "kept"}[w["meld_secured"][side]]
        assert text.endswith(f", {want}"), (side, text, w["meld_secured"])


def test_a_meld_lost_for_want_of_a_trick_says_so_and_a_game_without_the_rule_says_nothing() -> None:
    from .test_meld_secured import hand_views, lost_deal
    import random
    from pinochle.game import new_match
    end = hand_views(new_match(seed=1, game="table", deals=[lost_deal()]), random.Random(1), hands=1)[-1]
    assert end["meld_secured"]["EW"] == "lost"
    got = meld_words(end, "lost", sizes=((390, 844),))
    assert got.pop("errors") == []
    assert got["390"]["sides"]["EW"].endswith(f"Meld {end['meld_shown']['EW']}, lost: no trick"), got
    # racehorse counts meld without a trick (VARIANTS.md racehorse): no word beside any meld
    v = view_of("racehorse", lambda s: s.phase == "play" and not s.tricks)
    got = meld_words(v, "free-racehorse", sizes=((390, 844),))
    assert got.pop("errors") == []
    assert got["390"]["plates"] and all(p["state"] is None for p in got["390"]["plates"].values()), got
    assert all("trick" not in t and "kept" not in t for t in got["390"]["sides"].values()), got


# ---------------------------------------------------------------- two-handed: the meld names clear of their cards

BOARD_GAPS = """() => {
  const felt = document.getElementById('felt');
  const f = felt.getBoundingClientRect();
  const cs = getComputedStyle(felt);
  const inner = { left: f.left + parseFloat(cs.borderLeftWidth), right: f.right - parseFloat(cs.borderRightWidth),
                  top: f.top + parseFloat(cs.borderTopWidth), bottom: f.bottom - parseFloat(cs.borderBottomWidth) };
  const box = (e) => e.getBoundingClientRect();
  const names = [...document.querySelectorAll('.board .group-name')].map((e) => ({ text: e.innerText, r: box(e) }));
  const cards = [...document.querySelectorAll('.board .group-cards > .card')].map((e) => ({ card: e.dataset.card, r: box(e) }));
  const dist = (a, b) => Math.max(b.top - a.bottom, a.top - b.bottom, b.left - a.right, a.left - b.right);
  let gap = Infinity;
  const close = [];
  for (const n of names) for (const c of cards) {
    const d = dist(n.r, c.r);
    gap = Math.min(gap, d);
    if (d < 4) close.push(`${n.text} / ${c.card}: ${d.toFixed(1)}`);
  }
  const out = cards.filter((c) => c.r.left < inner.left - 0.5 || c.r.right > inner.right + 0.5 || c.r.top < inner.top - 0.5
    || c.r.bottom > inner.bottom + 0.5).map((c) => c.card);
  // a card shown whole: its art as tall as the card's box (not its top alone under the felt's rim)
  const cut = [...document.querySelectorAll('.board .group-cards > .card')].filter((e) => {
    const art = e.querySelector('.card-art');
    return art && art.getBoundingClientRect().height > box(e).height + 1;
  }).map((e) => e.dataset.card);
  return { names: names.length, cards: cards.length, gap, close, out, cut };
}"""


def two_handed_boards() -> dict[str, Any]:
    """South's view of a two-handed hand with melds on the table in front of both players, South to lead (its
    melded cards playable, raised in their ring)."""
    from pinochle.game import view
    from .test_browser_explain import play_until

    def both(s: Any) -> bool:
        if s.phase != "stock_play":
            return False
        j = view(s, 2).to_json()
        return all(len(x) >= 2 for x in j["table"].values()) and bool(j["legal"].get("play"))

    return south(play_until("two-handed", 1, both))


def test_two_handed_meld_names_keep_clear_of_the_cards_and_the_cards_lie_whole_on_the_felt() -> None:
    """At 360x740, 390x844 and 1440x900: every meld's name on the table is 4 px or more from every melded card
    (yours raised when playable), and every melded card lies inside the felt, North's too, and whole (at 360x740
    smaller and overlapped, each card's index in sight: test_browser_felt7)."""
    from .browser_kit import at_each, looks, on_fixture
    v = two_handed_boards()
    each = looks(*((theme, size) for theme in ("light", "dark") for size in ((360, 740), (390, 844), (1440, 900))))
    out = at_each(each, on_fixture(server_url[0], v), lambda page, _: page.evaluate(BOARD_GAPS), "boards")
    for key, got in out.items():
        assert got["names"] >= 2 and got["cards"] >= 4, (key, got)
        assert got["close"] == [] and got["gap"] >= 4, (key, got["close"], got["gap"])
        assert got["out"] == [], (key, got)
        # North's melded cards whole, not their tops alone: at 360x740 too (smaller, overlapped; felt7.css)
        assert got["cut"] == [], (key, got)


# ---------------------------------------------------------------- cutthroat: the declarer's long meld, named

#: South's cutthroat hand: a spade run with the dix, aces, kings and queens around (three marriages); the widow
#: brings the pinochle's J♦ (a meld of 16 cards and seven kinds, 50 with spades trump)
LONG_MELD = "AS TS KS QS JS 9S AH AD AC KH QH KD QD KC QC"
LONG_WIDOW = "JD TH TD"


def cutthroat_long_meld(phase: str = "play") -> dict[str, Any]:
    """South's view of a cutthroat hand South declares in spades, South's meld the longest a hand of 15 and the
    widow make here (:data:`LONG_MELD`): at ``phase`` ("bury": South holding 18 cards and choosing 3 to bury;
    "play": before the first lead)."""
    from collections import Counter
    from pinochle.cards import Seat, Suit, pack, parse_cards
    from pinochle.game import Action, apply, auto_action, new_match, turn, view
    deck = Counter({c: 2 for c in range(24)})
    for c in parse_cards(LONG_MELD + " " + LONG_WIDOW):
        deck[c] -= 1
    rest = sorted(deck.elements())
    deal = (pack(parse_cards(LONG_WIDOW)), pack(rest[0::2]), pack(parse_cards(LONG_MELD)), pack(rest[1::2]))
    s = new_match(seed=1, game="cutthroat", first_dealer=Seat.W, deals=[deal])
    for _ in range(200):
        while (a := auto_action(s)) is not None:
            s = apply(s, a)
        if s.phase == phase:
            break
        seat = turn(s)
        assert seat is not None
        legal = view(s, seat).legal
        if s.phase == "auction":
            # a bid the meld alone does not make, so that the hand is played
            s = apply(s, Action.bid_(seat, max(legal.min_bid, 60)) if seat == Seat.S and legal.min_bid else Action.pass_(seat))
        elif s.phase == "trump":
            s = apply(s, Action.trump_(seat, Suit.S))
        elif s.phase == "bury":
            s = apply(s, Action.bury_(seat, list(legal.bury_from)[:legal.bury]))
        else:
            raise AssertionError(s.phase)
    v = south(s)
    assert v["declarer"] == "S" and not v["tricks"] and v["phase"] == phase, v["phase"]
    return v


#: the declarer's plate: its names (every row shown, none cut), the plate whole in the layer, and its parts
#: (its line, its fan, its names) clear of each other; its cards when shown, each index in sight
PLATE = """(seat) => {
  const p = document.querySelector(`#felt-melds .felt-meld[data-seat="${seat}"]`);
  const layer = document.querySelector('#felt-melds').getBoundingClientRect();
  const r = p.getBoundingClientRect();
  const seen = (e) => e && e.getClientRects().length > 0 && getComputedStyle(e).display !== 'none';
  const rows = [...p.querySelectorAll('.fm-row')];
  const shown = rows.filter(seen);
  const cut = shown.filter((e) => { const b = e.getBoundingClientRect(); return b.right > r.right + 0.5 || b.bottom > r.bottom + 0.5
    || b.left < r.left - 0.5 || e.scrollWidth > e.clientWidth + 1; }).map((e) => e.textContent);
  const parts = ['.fm-head', '.fm-fan', '.fm-rows'].map((sel) => p.querySelector(sel)).filter(seen)
    .map((e) => ({ id: e.className, r: e.getBoundingClientRect() }));
  const over = [];
  for (let i = 0; i < parts.length; i++) for (let j = i + 1; j < parts.length; j++) {
    const a = parts[i].r, b = parts[j].r;
    if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) over.push([parts[i].id, parts[j].id]);
  }
  const fan = p.querySelector('.fm-fan');
  const cards = seen(fan) ? [...fan.querySelectorAll('.fm-card')].map((c) => c.getBoundingClientRect()) : [];
  // each card's corner index (its left 21 %, top 43 %) not under the card laid after it
  const hidden = cards.filter((c, i) => cards.slice(i + 1).some((d) => d.left < c.left + c.width * 0.21 - 0.5
    && d.right > c.left + 0.5 && d.top < c.top + c.height * 0.43 - 0.5 && d.bottom > c.top + 0.5)).length;
  return { rows: rows.length, shown: shown.length, cut, over, fan: p.dataset.fan, lay: p.dataset.lay ?? 'side',
           whole: r.top >= layer.top - 1 && r.bottom <= layer.bottom + 1 && p.scrollHeight <= p.clientHeight + 1,
           cards: cards.length, hidden, width: cards.length ? Math.round(Math.min(...cards.map((c) => c.width))) : 0 };
}"""


@pytest.mark.parametrize("phase", ["play", "bury"])
def test_the_cutthroat_declarers_long_meld_says_its_names_and_shows_its_cards_whole(phase: str) -> None:
    """Cutthroat, South declares with a meld of 16 cards and seven kinds (run, dix, three marriages, pinochle,
    aces, kings and queens around). Before the first lead at 320x568, 360x740 and 390x844 (choosing the cards to
    bury, with 18 in hand, at 360x740 and 390x844), light and dark: every meld's name and points shows whole
    in the plate, the plate lies whole in the felt's middle, its line, fan and names overlap nothing of each
    other, and the cards it shows each show their corner index, 20 px wide or more."""
    from .browser_support import in_browser, shot
    from .test_browser_layout import open_fixture, settle
    v = cutthroat_long_meld(phase)
    assert len(v["melds"]["S"]["shown"]) >= 14 and len({m["name"] for m in v["melds"]["S"]["melds"]}) >= 6
    sizes = ((320, 568), (360, 740), (390, 844)) if phase == "play" else ((360, 740), (390, 844))

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for theme in ("light", "dark"):
            for size in sizes:
                ctx, page, _ = open_fixture(browser, server_url[0], v, errors, theme=theme, size=size)
                settle(page)
                out[f"{theme}-{size[0]}"] = page.evaluate(PLATE, "S")
                out[f"{theme}-{size[0]}"]["scroll"] = page.evaluate(
                    "() => document.scrollingElement.scrollHeight - innerHeight")
                shot(page, f"cutthroat-{phase}-{size[0]}-{theme}")
                ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for key, got in out.items():
        assert got["rows"] >= 6 and got["shown"] == got["rows"] and got["cut"] == [], (key, got)
        assert got["whole"] and got["over"] == [] and got["scroll"] <= 1, (key, got)
        if got["fan"] == "shown":
            assert got["cards"] >= 14 and got["hidden"] == 0 and got["width"] >= 20, (key, got)
        else:
            # only a small phone leaves the cards to the meld details, its names in lines
            assert key.endswith("-320") and got["lay"] == "names", (key, got)


@pytest.mark.parametrize("game,players", [("cutthroat", None), ("auction", 5)])
def test_a_hand_of_stakes_reads_meld_and_counters_then_their_sum_then_the_payments(game: str, players: int | None) -> None:
    """A hand settled by stakes (cutthroat; the auction at a table of 5, a column per chair): the tricks, the meld
    shown and the counters, then their sum against the bid as a sum line, then who pays whom."""
    from .test_browser_explain import hand_end
    v = hand_end(game, players)
    out = summary_rows(v, f"sum5-{game}{players or ''}", sizes=((360, 740),), themes=("dark",))
    assert out.pop("errors") == []
    for key, got in out.items():
        rows = got["rows"]
        labels = [r["label"] for r in rows]
        sub = next(i for i, r in enumerate(rows) if r["testid"] == "subtotal-row")
        pays = [i for i, r in enumerate(rows) if r["payer"] is not None]
        assert labels.index("Tricks") < labels.index("Meld shown") < labels.index("Counters") < sub, labels
        assert pays and sub < min(pays), labels
