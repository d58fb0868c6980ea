"""The eighth review's findings on the table's layout, in the real page (tests/browser_kit.py's loop).

- Two-handed's Meld choice: the hint's ring round a meld button (a meld, the Dix, "No meld" or "Done") covers no
  text: not the choice's title ("Melded pinochle", which the Dix button's ring half hid), not a neighbouring
  button's words, not the hint's reason, at every size.

Screenshots go to $PINOCHLE_SHOTS when it is set (tests/browser_support.py shot).
"""

from __future__ import annotations

from typing import Any


from pinochle.cards import Seat
from pinochle.game import Action, State, apply, view

from .browser_kit import Hinting, Look, at_each, hinted, on_fixture, on_home, start_table
from .test_browser_aids7 import south_at
from .browser_support import module_server, serious_axe, shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .web_fixtures import Scripted

server = module_server("felt8")

#: every size of the issue's "Done when", a phone's in the dark theme and the others in the light
ALL_SIZES = [Look("light", (320, 568)), Look("dark", (360, 740)), Look("dark", (390, 844)),
             Look("light", (768, 1024)), Look("light", (1440, 900))]


#: the hint's ring: the ringed element's box grown by the ring's reach (its outline and each outer shadow's offset
#: and spread), and every text on the page outside the ringed element, seen (not transparent, not clipped away),
#: that lies inside it
RING_COVERS = """() => {
  const ringed = [...document.querySelectorAll('.hinted')];
  const out = {ringed: ringed.map(e => e.dataset.testid || e.dataset.card || ''), covered: [], reach: 0};
  for (const el of ringed) {
    const cs = getComputedStyle(el);
    let reach = cs.outlineStyle === 'none' ? 0 : parseFloat(cs.outlineWidth) + parseFloat(cs.outlineOffset);
    for (const sh of cs.boxShadow === 'none' ? [] : cs.boxShadow.split(/,(?![^(]*\\))/)) {
      if (/inset/.test(sh)) continue;
      const n = (sh.replace(/rgba?\\([^)]*\\)/, '').match(/-?[\\d.]+px/g) || []).map(parseFloat);
      reach = Math.max(reach, Math.max(Math.abs(n[0] || 0), Math.abs(n[1] || 0)) + (n[3] || 0));
    }
    out.reach = Math.max(out.reach, reach);
    const r = el.getBoundingClientRect();
    const box = {l: r.left - reach, t: r.top - reach, r: r.right + reach, b: r.bottom + reach};
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
      const host = t.parentElement;
      if (!t.textContent.trim() || !host || el.contains(host) || !host.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
      const hs = getComputedStyle(host);
      if (hs.color === 'rgba(0, 0, 0, 0)' || host.closest('.sr-only, [aria-hidden=true] .sr-only')) continue;
      const hr = host.getBoundingClientRect();
      if (host.closest('dialog:not([open])') || hr.width <= 1 || hr.height <= 1) continue;  // shut, or clipped away
      const range = document.createRange();
      range.selectNodeContents(t);
      for (const q of range.getClientRects()) {
        const clipped = host.closest('.sr-only') || (q.width < 2 && q.height < 2);
        if (clipped) continue;
        const ix = Math.min(q.right, box.r) - Math.max(q.left, box.l);
        const iy = Math.min(q.bottom, box.b) - Math.max(q.top, box.t);
        if (ix > 0.5 && iy > 0.5) out.covered.push(`${(host.dataset.testid || host.className || host.tagName)}: "${t.textContent.trim().slice(0, 30)}" ${Math.round(ix)}x${Math.round(iy)}`);
      }
    }
  }
  // the hint's reason lies on none of the Meld choice's words or buttons
  const why = document.getElementById('hint-reason')?.getBoundingClientRect();
  out.under = why && why.width ? [...document.querySelectorAll('.meld-choice .mc-title, .meld-choice .btn')].filter(e => {
    const r = e.getBoundingClientRect();
    return r.width > 1 && Math.min(r.right, why.right) - Math.max(r.left, why.left) > 0.5 && Math.min(r.bottom, why.bottom) - Math.max(r.top, why.top) > 0.5;
  }).map(e => e.dataset.testid || e.className) : [];
  return out;
}"""


def meld_turns() -> dict[str, dict[str, Any]]:
    """South's Meld choices: one with three melds, the Dix and "No meld" (seed 13), and one after a pinochle
    melded this turn, "Melded pinochle" over the Dix and "Done" (seed 21)."""
    first = south_at(13, lambda s: s.phase == "stock_meld" and len(s.tricks) == 2)

    def after_pinochle(s: State) -> bool:
        declared: list[dict[str, Any]] = view(s, Seat.S).to_json()["declared"]  # type: ignore[assignment]
        return s.phase == "stock_meld" and bool(declared) and declared[-1]["name"] == "pinochle" and declared[-1]["seat"] == "S"

    melded = south_at(21, after_pinochle)
    out = {"melds": view(first, Seat.S), "melded": view(melded, Seat.S)}
    assert len(out["melds"].legal.melds) == 3 and out["melds"].legal.dix
    assert not out["melded"].legal.melds and out["melded"].legal.dix
    return {k: v.to_json() for k, v in out.items()}


def answers_for(v: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """A hint naming each button of the Meld choice ``v`` in turn, by its test id."""
    base = {"type": "hint", "reason": "Declare the K♠, K♥, K♦ and K♣: the kings around scores 80.", "points": 0}
    out = {f"meld-option-{i}": {**base, "action": {"type": "meld", "cards": m["cards"]}}
           for i, m in enumerate(v["legal"].get("melds", []))}
    if v["legal"].get("dix"):
        out["meld-dix"] = {**base, "action": {"type": "dix"}}
    out["meld-pass"] = {**base, "action": {"type": "pass"}}
    return out


def test_two_handed_the_hints_ring_on_a_meld_button_covers_no_text(server: Any) -> None:
    views = meld_turns()
    assert views["melded"]["declared"][-1]["name"] == "pinochle"

    def ringed(page: Any) -> None:
        page.get_by_test_id("meld-choice").wait_for()
        page.get_by_test_id("hint-button").click()
        page.wait_for_function("() => document.querySelector('.hinted') !== null")

    got: dict[str, Any] = {}
    for name, v in views.items():
        for button, answer in answers_for(v).items():
            def script(s: Scripted, answer: dict[str, Any] = answer) -> None:
                s.reply = answer  # type: ignore[attr-defined]
            got.update(at_each([(f"{name}-{button}-{look.key}", look) for look in ALL_SIZES],
                               on_fixture(server.url, v, ready=ringed, scripted=Hinting, script=script),
                               lambda page, _: page.evaluate(RING_COVERS), lambda key: f"felt8-ring-{key}"))
    assert len(got) == 7 * len(ALL_SIZES)
    assert all(len(g["ringed"]) == 1 and g["reach"] > 0 for g in got.values()), got
    assert {k: g["covered"] for k, g in got.items() if g["covered"]} == {}
    assert {k: g["under"] for k, g in got.items() if g["under"]} == {}


# ---------------------------------------------------------------- a meld plate names each meld's suit

#: each meld plate on the felt: its seat, its rows' names (with their suit) and points, its spoken words
PLATE_ROWS = """() => [...document.querySelectorAll('#felt-melds .felt-meld')].map((p) => ({
  seat: p.dataset.seat, label: p.getAttribute('aria-label'),
  rows: [...p.querySelectorAll('.fm-row')].map((r) => [r.querySelector('.fm-name').textContent.replace(/\\uFE0E/g, ''),
                                                      r.querySelector('.fm-pts').textContent]),
  lines: (() => { const ys = new Set([...p.querySelectorAll('.fm-row')].map((r) => Math.round(r.getBoundingClientRect().top)));
                  return ys.size; })(),
}))"""


def marriages_of_one_suit() -> dict[str, Any]:
    """South's view of a cutthroat deal at its first lead whose declarer melded two royal marriages of one suit
    beside marriages of two others (and kings around)."""
    from collections import Counter

    from .test_browser_explain import first_of, south

    def two_of_a_suit(s: State) -> bool:
        if s.phase != "play" or any(t.cards for t in s.tricks):
            return False
        for m in s.melds:
            if m is not None:
                c = Counter((it.name, it.suit) for it in m.items if it.kind == "marriage")
                if any(n >= 2 for n in c.values()) and len(c) >= 3:
                    return True
        return False

    return south(first_of("cutthroat", two_of_a_suit))


def test_the_view_names_each_melds_suit() -> None:
    """The view's ``meld_suits``: per seat, each meld's suit (a run's, a marriage's) in the order of its melds."""
    v = marriages_of_one_suit()
    (seat,) = [seat for seat, m in v["melds"].items() if m]
    names = [it["name"] for it in v["melds"][seat]["melds"]]
    suits = v["meld_suits"][seat]
    assert len(suits) == len(names)
    for it, suit in zip(v["melds"][seat]["melds"], suits):
        if it["name"].endswith("marriage"):
            assert suit is not None and {c[1] for c in it["cards"]} == {suit}, (it, suit)
        else:
            assert suit is None, (it, suit)
    assert all(v["meld_suits"][s] is None for s, m in v["melds"].items() if m is None)


def test_a_cutthroat_meld_plate_names_each_melds_suit(server: Any) -> None:
    v = marriages_of_one_suit()
    (seat,) = [seat for seat, m in v["melds"].items() if m]
    items = list(zip(v["melds"][seat]["melds"], v["meld_suits"][seat]))
    out = at_each([(look.key, look) for look in ALL_SIZES[1:3] + ALL_SIZES[4:]], on_fixture(server.url, v, close_meld=True),
                  lambda page, _: {"plates": page.evaluate(PLATE_ROWS), "axe": serious_axe(page)}, "felt8-suits")
    # what a player says: each marriage its suit, two of one suit "Two royal marriages ♦", never "×2"
    seen: dict[tuple[str, str | None], int] = {}
    for it, suit in items:
        seen[(it["name"], suit)] = seen.get((it["name"], suit), 0) + 1
    words = {2: "Two", 3: "Three"}
    want = []
    for (name, suit), n in seen.items():
        sym = f" {'♠♥♦♣'['SHDC'.index(suit)]}" if suit else ""
        pts = next(it["points"] for it, s in items if it["name"] == name and s == suit) * n
        want.append([(f"{words[n]} {name}s" if n > 1 else name[0].upper() + name[1:]) + sym, str(pts)])
    assert any(w[0].startswith("Two royal marriages") for w in want), want
    for key, got in out.items():
        assert got["axe"] == [], (key, got)
        (plate,) = got["plates"]
        assert plate["rows"] == want, (key, plate)
        assert "×" not in "".join(r[0] for r in plate["rows"]), (key, plate)
        assert "two royal marriages in " in plate["label"], (key, plate)


# ---------------------------------------------------------------- a concession asks first

#: the question open: its words, which button is gold, where the keyboard is, whether it is a modal dialog
QUESTION = """() => {
  const d = document.getElementById('confirm-dialog');
  return {open: d.open, modal: d.matches(':modal'), title: document.getElementById('confirm-title').textContent,
          text: document.getElementById('confirm-text').textContent,
          ok: document.getElementById('confirm-ok').textContent, cancel: document.getElementById('confirm-cancel').textContent,
          gold: [...d.querySelectorAll('.btn.primary')].map((b) => b.id), focus: document.activeElement?.id ?? null,
          labelled: document.getElementById(d.getAttribute('aria-labelledby'))?.textContent ?? null};
}"""


def conceding_views() -> dict[str, dict[str, Any]]:
    """South as the declarer who may concede: cutthroat's burial (concede instead of burying) and racehorse's
    choice after the meld (concede or play on)."""
    from .test_browser_explain import first_of, south

    return {"cutthroat": south(first_of("cutthroat", lambda s: s.phase == "bury" and s.declarer == Seat.S)),
            "racehorse": south(first_of("racehorse", lambda s: s.phase == "concede" and s.declarer == Seat.S))}


def test_the_view_says_what_a_concession_costs() -> None:
    """``concede_cost`` is the engine's settlement of the concession (what the hand's summary would say)."""
    from .test_browser_explain import first_of

    s = first_of("cutthroat", lambda s: s.phase == "bury" and s.declarer == Seat.S)
    cost = view(s, Seat.S).to_json()["concede_cost"]
    after = apply(s, Action.concede_(Seat.S))
    last = after.history[-1].summary()
    assert cost == {"score": last["score"], "transfers": last["transfers"]}, (cost, last)
    assert all(t["from"] == "S" for t in cost["transfers"]) and sum(cost["score"].values()) == 0
    assert "concede_cost" not in view(s, Seat.E).to_json()  # only the seat that may concede


def test_conceding_asks_first_naming_the_cost_with_the_safe_choice_the_default(server: Any) -> None:
    views = conceding_views()

    def ask(page: Any, look: Look) -> dict[str, Any]:
        page.get_by_test_id("concede").click()
        page.wait_for_function("() => document.getElementById('confirm-dialog').open")
        game = page.evaluate("() => document.getElementById('hand-no').textContent.split(' ')[0].toLowerCase()")
        shot(page, f"felt8-concede-question-{game}-{look.key}")  # "deal": cutthroat, "hand": racehorse
        first = page.evaluate(QUESTION)
        first["axe"] = serious_axe(page)
        page.keyboard.press("Escape")  # the safe way out: nothing sent
        page.wait_for_function("() => !document.getElementById('confirm-dialog').open")
        page.wait_for_timeout(200)
        back = page.evaluate("() => document.activeElement?.dataset.testid ?? null")
        page.get_by_test_id("concede").focus()
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.getElementById('confirm-dialog').open")
        page.keyboard.press("Enter")  # Enter on the focused choice: the safe one, nothing sent
        page.wait_for_function("() => !document.getElementById('confirm-dialog').open")
        page.wait_for_timeout(200)
        sent_before = page.evaluate("() => window.__sent.filter((m) => m.type === 'action').length")
        page.get_by_test_id("concede").click()
        page.wait_for_function("() => document.getElementById('confirm-dialog').open")
        page.locator("#confirm-ok").click()
        page.wait_for_function("() => window.__sent.some((m) => m.type === 'action')")
        return {"question": first, "back": back, "sent_before": sent_before,
                "sent": page.evaluate("() => window.__sent.filter((m) => m.type === 'action').map((m) => m.action)")}

    def opened(v: dict[str, Any]) -> Any:
        def open_case(browser: Any, look: Look, errors: list[str]) -> Any:
            page = on_fixture(server.url, v, ready=lambda p: p.get_by_test_id("concede").wait_for())(browser, look, errors)
            page.evaluate("() => { window.__sent = []; const send = WebSocket.prototype.send;"
                          " WebSocket.prototype.send = function (d) { window.__sent.push(JSON.parse(d)); return send.call(this, d); }; }")
            return page
        return open_case

    got = {}
    for game, v in views.items():
        got[game] = at_each([(look.key, look) for look in (Look("dark", (360, 740)), Look("light", (1440, 900)))],
                            opened(v), ask, f"felt8-concede-{game}")
    for game, by_look in got.items():
        for key, g in by_look.items():
            q = g["question"]
            assert q["open"] and q["modal"] and q["title"] == "Concede the hand?" and q["labelled"] == q["title"], (game, key, q)
            assert q["ok"] == "Concede" and q["cancel"] == "Keep the hand", (game, key, q)
            assert q["gold"] == ["confirm-cancel"] and q["focus"] == "confirm-cancel", (game, key, q)
            assert q["axe"] == [], (game, key, q)
            assert g["back"] == "concede" and g["sent_before"] == 0, (game, key, g)
            assert [a["type"] for a in g["sent"]] == ["concede"], (game, key, g)
    cost = views["cutthroat"]["concede_cost"]
    payees = " and ".join(f"{'East' if t['to'] == 'E' else 'West'} {t['amount']}" for t in cost["transfers"])
    assert got["cutthroat"]["dark-360"]["question"]["text"] == f"You pay {payees}.", got["cutthroat"]
    score = views["racehorse"]["concede_cost"]["score"]
    assert got["racehorse"]["dark-360"]["question"]["text"] == (
        f"The hand would score: You & Partner {score['NS']}, West & East {score['EW']}."), got["racehorse"]


# ---------------------------------------------------------------- one word and one count: "Deal 4 of 9"

def test_a_match_of_deals_says_deal_and_its_count_on_home_in_the_question_and_the_top_bar(server: Any) -> None:
    """A cutthroat match: the top bar, Home's "Continue your match" and the question before it is abandoned all
    say "Deal 1 of 9" (Home said "Hand 1"); after a deal thrown in (hand 5 is deal 4) Home counts the deal, as
    the table does, and a Quick Match's seat says "Deal 4 over · next deal soon"."""
    def run(page: Any, _: Look) -> dict[str, Any]:
        start_table(page, None, game="cutthroat")
        page.wait_for_function("() => document.getElementById('hand-no').textContent !== ''")
        out: dict[str, Any] = {"bar": page.locator("#hand-no").text_content()}
        page.get_by_test_id("home-button").click()
        page.get_by_test_id("resume").wait_for()
        out["home"] = page.locator("#resume-detail").text_content()
        page.get_by_test_id("game-table").click()
        page.get_by_test_id("level-normal").click()
        page.get_by_test_id("confirm-dialog").wait_for()
        out["question"] = page.locator("#confirm-text").text_content()
        out["rendered"] = page.evaluate("""async () => {
          const { matchLine, unfinishedLine, renderHome } = await import('/static/views/home.js');
          const m = { id: 'q', kind: 'quick', game: 'cutthroat', level: 'easy', phase: 'hand_end', hand_number: 5, deals: 9,
                      deal_number: 4, totals: { E: 0, S: 0, W: 0 } };
          renderHome({ solo: null, seat: { held: true, room: null, search: null, match: m } });
          return { line: matchLine({ ...m, phase: 'auction' }), question: unfinishedLine(m),
                   seat: document.getElementById('seat-resume-detail').textContent };
        }""")
        return out

    out = at_each([("dark-360", Look("dark", (360, 740)))], on_home(server.url), run, "felt8-deals")["dark-360"]
    assert out["bar"] == "Deal 1 of 9", out
    assert out["home"].startswith("Deal 1 of 9 · You 0"), out
    assert out["question"].startswith("Deal 1 of 9, score You 0"), out
    r = out["rendered"]
    assert r["line"].startswith("Deal 4 of 9 · ") and r["question"].startswith("Deal 4 of 9 over, score"), r
    assert r["seat"] == "Deal 4 over · next deal soon", r


def test_the_match_summary_of_a_match_of_deals_counts_its_deals() -> None:
    """The server's match summary carries ``deals`` and ``deal_number`` as the view does (none for a match to a
    target)."""
    from pinochle.game import deal_number, match_deals

    from .test_browser_explain import first_of

    s = first_of("cutthroat", lambda s: len(s.history) >= 2 and s.phase == "auction")
    v = view(s, Seat.S).to_json()
    assert (match_deals(s), deal_number(s)) == (v["deals"], v["deal_number"]) == (9, len(s.history) + 1)


# ---------------------------------------------------------------- the hint's reason does not squeeze the meld plates

#: the meld plates on the felt: the layer's short flag, each plate's height, its fan shown or not, its rows' lines
PLATES_FIT = """() => ({
  short: document.getElementById('felt-melds')?.dataset.short ?? null,
  plates: [...document.querySelectorAll('#felt-melds .felt-meld')].map((p) => ({
    seat: p.dataset.seat, fan: p.dataset.fan ?? null, lay: p.dataset.lay ?? null, height: Math.round(p.getBoundingClientRect().height),
    lines: new Set([...p.querySelectorAll('.fm-row')].map((r) => Math.round(r.getBoundingClientRect().top))).size,
    rows: p.querySelectorAll('.fm-row').length})),
  scroll: Math.round(document.scrollingElement.scrollHeight - innerHeight),
})"""


def big_meld_burial() -> dict[str, Any]:
    """South's view of a cutthroat burial (South the declarer, who may concede) with a meld of seven rows."""
    from .test_browser_explain import play_until, south

    def big(s: State) -> bool:
        m = s.melds[Seat.S]
        return s.phase == "bury" and s.declarer == Seat.S and m is not None and len(m.items) >= 7

    return south(play_until("cutthroat", 4, big))


def test_the_concession_hint_does_not_squeeze_the_meld_plates(server: Any) -> None:
    v = big_meld_burial()
    # the server's own hint there: "Concede the hand: you need 9 more counters to make 37, of the 25 in a hand; you
    # would make it about 2 times in 10, and on average it leaves you about 2 points better off than burying ..."
    answer = {"type": "hint", "action": {"type": "concede"}, "points": 0,
              "reason": "Concede the hand: you need 9 more counters to make 37, of the 25 in a hand; you would make it "
                        "about 2 times in 10, and on average it leaves you about 2 points better off than burying the "
                        "J♠, 10♠ and 10♦."}

    def script(s: Scripted) -> None:
        s.reply = answer  # type: ignore[attr-defined]

    cases = [Look("dark", (360, 740)), Look("light", (390, 844))]
    plain = at_each([(look.key, look) for look in cases], on_fixture(server.url, v, close_meld=True),
                    lambda page, _: page.evaluate(PLATES_FIT), "felt8-concede-plain")
    hint = at_each([(look.key, look) for look in cases],
                   on_fixture(server.url, v, ready=hinted, close_meld=True, scripted=Hinting, script=script),
                   lambda page, _: page.evaluate(PLATES_FIT), "felt8-concede-hint")
    for key in plain:
        assert plain[key]["plates"], (key, plain[key])
        # the plates as they were without the hint: as tall, their cards shown alike, their rows on as many lines
        assert hint[key]["short"] == plain[key]["short"], (key, plain[key], hint[key])
        for a, b in zip(plain[key]["plates"], hint[key]["plates"]):
            assert (b["fan"], b["lines"], b["rows"]) == (a["fan"], a["lines"], a["rows"]) and b["height"] >= a["height"] - 2, (key, a, b)
        assert hint[key]["scroll"] <= 0, (key, hint[key])


# ---------------------------------------------------------------- the hand's summary: the score in view

#: the hand's summary as opened: the "Hand score" ("Chips won or paid") row's box against the visible part of the dialog's
#: body (nothing scrolled), and the dialog's own scroll
SCORE_ROW = """() => {
  const d = document.getElementById('summary-dialog');
  const body = document.getElementById('summary-body');
  const row = body.querySelector('tr.score-row') || body.querySelector('[data-testid^=hand-score-]')?.closest('tr');
  const b = body.getBoundingClientRect();
  // where the row shows: its cells (a phone pins them at the body's foot: summary.css), not the row's own place
  const r = row ? { bottom: Math.max(...[...row.children].map((c) => c.getBoundingClientRect().bottom)) } : null;
  const dr = d.getBoundingClientRect();
  return {row: row ? row.querySelector('th')?.textContent ?? '' : null,
          rowBottom: r ? Math.round(r.bottom) : null, bodyBottom: Math.round(Math.min(b.bottom, innerHeight)),
          bodyScroll: body.scrollTop, dialogTop: Math.round(dr.top), dialogBottom: Math.round(dr.bottom), vh: innerHeight,
          cut: body.scrollWidth > body.clientWidth + 1 || [...(row?.children ?? [])].some((c) => c.scrollWidth > c.clientWidth + 1)};
}"""

SUMMARY_GAMES = ["table", "partnership-pass", "racehorse", "turned-trump", "britannica", "double-deck", "cutthroat",
                 "auction", "two-handed"]


def test_the_hand_summary_shows_the_hand_score_without_scrolling_at_360x740(server: Any) -> None:
    from .test_browser_explain import hand_end

    def opened(page: Any) -> None:
        page.wait_for_function("() => document.getElementById('summary-dialog').open")
        page.wait_for_timeout(300)

    got: dict[str, Any] = {}
    for game in SUMMARY_GAMES:
        v = hand_end(game)
        got.update(at_each([(f"{game}-{look.key}", look) for look in (Look("light", (360, 740)), Look("dark", (390, 844)))],
                           on_fixture(server.url, v, ready=opened),
                           lambda page, _: {**page.evaluate(SCORE_ROW), "axe": serious_axe(page)},
                           lambda key: f"felt8-summary-{key}"))
    assert all(g["row"] is not None and g["bodyScroll"] == 0 and g["axe"] == [] for g in got.values()), got
    # the score row in view as the summary opens, nothing cut
    bad = [f"{k}: row {g['rowBottom']} body {g['bodyBottom']} cut {g['cut']} dialog {g['dialogBottom']}" for k, g in got.items()
           if g["rowBottom"] > g["bodyBottom"] or g["cut"] or g["dialogBottom"] > g["vh"]]
    assert bad == [], "; ".join(bad)


#: at 320x568: the score row scrolled into view inside the summary's body, whole, and nothing cut across
SCORE_REACHED = """() => {
  const d = document.getElementById('summary-dialog');
  const body = document.getElementById('summary-body');
  const row = body.querySelector('tr.score-row');
  row.scrollIntoView({block: 'nearest'});
  const b = body.getBoundingClientRect(), r = row.getBoundingClientRect(), dr = d.getBoundingClientRect();
  const cells = [...row.children].filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent);
  return {whole: r.top >= b.top - 1 && r.bottom <= b.bottom + 1, cut: body.scrollWidth > body.clientWidth + 1, cells,
          inside: dr.top >= 0 && dr.bottom <= innerHeight && dr.left >= 0 && dr.right <= innerWidth};
}"""


def test_the_hand_summary_reaches_its_hand_score_at_320x568(server: Any) -> None:
    from .test_browser_explain import hand_end

    got: dict[str, Any] = {}
    for game in SUMMARY_GAMES:
        got.update(at_each([(f"{game}-{look.key}", look) for look in (Look("dark", (320, 568)),)],
                           on_fixture(server.url, hand_end(game), ready=lambda p: p.wait_for_function(
                               "() => document.getElementById('summary-dialog').open")),
                           lambda page, _: page.evaluate(SCORE_REACHED), lambda key: f"felt8-summary-{key}"))
    bad = {k: g for k, g in got.items() if not g["whole"] or g["cut"] or g["cells"] or not g["inside"]}
    assert bad == {}, bad
