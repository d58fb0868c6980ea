"""The middle of the felt, in the browser (a living table).

Engine-made views (random legal play, the server's automatic moves applied: test_browser_explain's
``play_until``) are served to the real page over a scripted socket (``web_fixtures.Scripted``):

- once the meld is laid it lies face up on the felt in front of each seat that laid one, before the
  first card: one plate per seat, exactly the view's melds (each meld's name and points, the seat's
  total), in the table game (4), double-deck, turned-trump (beside the card turned for trump),
  cutthroat (3: the declarer alone) and the auction at a table of 5;
  the plates lie clear of every seat and of each other, no text runs over its box, nothing moves the
  table (the hand keeps its place), and axe finds nothing serious; the meld details open on a tap on
  a plate (or Enter on it), never by themselves; two-handed keeps its own melds on the table (no plate);
- the first card played gathers the melds up (an animation back to the seats, then none on the
  felt) once they have lain long enough to be read (a tap on the felt hurries that); laying them down is animated seat after seat and the status line waits for it (saying that the
  meld is being laid, never the phase before it); under
  reduced motion nothing is animated; a reload during the first trick shows no meld and no dialog;
- a screen reader hears each seat's meld, its rows and points, when it is laid;
- the widow turned up lies in the middle of the felt until the first lead; afterwards it is small
  and each of its cards is whole (a ten reads "10", not "1").

Screenshots go to /tmp/living-felt when PINOCHLE_SHOTS is set.
"""

from __future__ import annotations

import json
from typing import Any

from pinochle.game import State

from .browser_checks import OVERFLOW
from .test_browser import TIMEOUT_MS, Server
from .browser_support import shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import play_until, serious, south
from .test_browser_layout import in_browser, open_fixture, server, settle  # noqa: F401  (server: the module's live server)
from .web_fixtures import Scripted


def meld_laid(state: State) -> bool:
    """The meld is laid and no card of the hand has been played."""
    return state.phase == "play" and not any(t.cards for t in state.tricks) and any(m is not None for m in state.melds)


def first_card(state: State) -> bool:
    return state.phase == "play" and len(state.tricks) == 1 and len(state.tricks[0].cards) == 1


def first_meld(game: str, players: int | None = None, *, declarer_not: str | None = None) -> dict[str, Any]:
    """South's view (chair 2's at a table of chairs) of the first meld laid in a random match of ``game``."""
    for seed in range(1, 60):
        try:
            v = south(play_until(game, seed, meld_laid, players))
        except AssertionError:
            continue
        if declarer_not is None or v["declarer"] != declarer_not:
            return v
    raise AssertionError(f"{game}: no meld found")


def expected_plates(v: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """What the felt must show, from the view alone: per seat that laid a meld, its total and its rows, each
    run or marriage with its suit (the view's ``meld_suits``: "Marriage ♥"); the same meld twice is one row with
    its points added up ("Dix ×2", "Two marriages ♥")."""
    out = {}
    words = {2: "Two", 3: "Three", 4: "Four"}
    for seat in v["seats"]:
        m = v["melds"].get(seat)
        if m is None or seat in (v.get("sitting_out") or []):
            continue
        suits = (v.get("meld_suits") or {}).get(seat) or [None] * len(m["melds"])
        rows: dict[tuple[str, int, tuple[str, ...], str | None], int] = {}
        for it, suit in zip(m["melds"], suits):
            key = (it["name"], it["points"], tuple(sorted(it["cards"])), suit)
            rows[key] = rows.get(key, 0) + 1

        def name_of(name: str, n: int, suit: str | None) -> str:
            sym = f" {'♠♥♦♣'['SHDC'.index(suit)]}\ufe0e" if suit else ""
            if n > 1 and suit:
                return f"{words[n]} {name}s{sym}"
            return name[0].upper() + name[1:] + (f" ×{n}" if n > 1 else "") + sym

        out[seat] = {"total": m["total"], "rows": [(name_of(name, n, suit), points * n)
                                                   for (name, points, _, suit), n in rows.items()]}
    return out


PLATES = """() => {
  const felt = document.getElementById('felt').getBoundingClientRect();
  const box = (e) => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; };
  return {
    plates: [...document.querySelectorAll('#felt-melds .felt-meld')].map((p) => ({
      seat: p.dataset.seat, total: Number(p.querySelector('.fm-total').textContent.replace('\\u2212', '-')),
      rows: [...p.querySelectorAll('.fm-row')].map((r) => [r.querySelector('.fm-name').textContent, Number(r.dataset.points),
                                                          Number(r.querySelector('.fm-pts').textContent)]),
      cards: [...p.querySelectorAll('.fm-card')].map((c) => c.dataset.card),
      label: p.getAttribute('aria-label'), box: box(p),
      inside: (() => { const r = p.getBoundingClientRect();
        return r.left >= felt.left && r.right <= felt.right && r.top >= felt.top && r.bottom <= felt.bottom; })(),
    })),
    seats: [...document.querySelectorAll('#felt > .seat, #felt > .piles:not([hidden]), #felt > .bench:not([hidden])')]
      .map((s) => ({id: s.id, box: box(s)})),
    dialog: document.querySelector('dialog[open]')?.id ?? null,
    hand: document.getElementById('hand').getBoundingClientRect().top,
  };
}"""


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["x"] + a["w"] - 0.5 > b["x"] and b["x"] + b["w"] - 0.5 > a["x"] and a["y"] + a["h"] - 0.5 > b["y"] and b["y"] + b["h"] - 0.5 > a["y"]


def clashes(m: dict[str, Any]) -> list[str]:
    """The plates over a seat (or a pile), or over each other, or outside the felt."""
    out = [f"{p['seat']} over {s['id']}" for p in m["plates"] for s in m["seats"] if overlap(p["box"], s["box"])]
    plates = m["plates"]
    out += [f"{a['seat']} over {b['seat']}" for i, a in enumerate(plates) for b in plates[i + 1:] if overlap(a["box"], b["box"])]
    out += [f"{p['seat']} outside the felt" for p in plates if not p["inside"]]
    return out


def test_the_meld_lies_on_the_felt_as_the_view_has_it(server: Server) -> None:
    """Every game's meld on the felt lists exactly the view's melds and points, each seat's total; the plates
    keep clear of the seats and of each other; no dialog opens; a tap on a plate opens the meld details."""
    cases = {
        "table": (first_meld("table"), (390, 844), "dark"),
        "table-wide": (first_meld("table"), (1440, 900), "light"),
        "double-deck": (first_meld("double-deck"), (360, 740), "light"),
        "cutthroat": (first_meld("cutthroat", declarer_not="S"), (360, 740), "dark"),
        "auction-5": (first_meld("auction", 5), (1440, 900), "dark"),
        "small": (first_meld("table"), (320, 568), "dark"),
        "turned-trump": (first_meld("turned-trump"), (390, 844), "light"),
    }

    def run(browser: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, (v, size, theme) in cases.items():
            errors: list[str] = []
            ctx, page, _ = open_fixture(browser, server.url, v, errors, theme=theme, size=size)
            page.wait_for_function("() => document.querySelectorAll('#felt-melds .felt-meld').length > 0")
            settle(page)
            shot(page, f"meld-{name}-{size[0]}x{size[1]}-{theme}")
            got = page.evaluate(PLATES)
            got["overflow"] = page.evaluate(OVERFLOW)
            got["errors"] = errors
            # the same table without the meld: the hand keeps its place (the melds take no room)
            bare = json.loads(json.dumps(v))
            bare["melds"] = {seat: None for seat in bare["melds"]}
            bare["version"] = v["version"] + 1
            if name in ("table", "small"):
                got["axe"] = serious(page)
            page.locator("#felt-melds .felt-meld").first.click()
            page.get_by_test_id("meld-dialog").wait_for()
            got["opened"] = page.locator("dialog[open]").get_attribute("id")
            page.get_by_test_id("meld-close").click()
            page.get_by_test_id("meld-dialog").wait_for(state="hidden")
            # the keyboard: a seat's meld is a button; Enter opens the details, Escape closes them
            page.locator("#felt-melds .felt-meld").last.focus()
            page.keyboard.press("Enter")
            page.get_by_test_id("meld-dialog").wait_for()
            page.keyboard.press("Escape")
            page.get_by_test_id("meld-dialog").wait_for(state="hidden")
            ctx.close()
            ctx, page, _ = open_fixture(browser, server.url, bare, errors, theme=theme, size=size)
            got["bare_hand"] = page.evaluate("() => document.getElementById('hand').getBoundingClientRect().top")
            got["bare_plates"] = page.locator("#felt-melds .felt-meld").count()
            ctx.close()
            out[name] = got
        return out

    out = in_browser(run)
    for name, got in out.items():
        v = cases[name][0]
        assert got["errors"] == [], (name, got["errors"])
        want = expected_plates(v)
        seen = {p["seat"]: {"total": p["total"], "rows": [(r[0], r[1]) for r in p["rows"]]} for p in got["plates"]}
        assert seen == want, (name, seen, want)
        for p in got["plates"]:
            m = v["melds"][p["seat"]]
            # the points shown are the points sent; the rows add up to the seat's total
            assert all(r[1] == r[2] for r in p["rows"]), (name, p["rows"])
            assert sum(r[1] for r in p["rows"]) == m["total"], (name, p)
            # face up: every card that scores (a card in two melds once; double-deck's two copies both)
            assert sorted(p["cards"]) == sorted(m["shown"]), (name, p["cards"], m["shown"])
            said = f" {m['total']}:" if m["melds"] else " no meld."
            assert said in p["label"] and p["label"].endswith("Open the meld details."), p["label"]
        if name == "cutthroat":
            assert list(want) == [v["declarer"]], want  # players alone: the declarer melds alone
        assert clashes(got) == [], (name, clashes(got))
        assert got["overflow"] == [], (name, got["overflow"])
        assert got["dialog"] is None, (name, got["dialog"])  # the details are not the first thing
        assert got["opened"] == "meld-dialog", name
        assert got["bare_plates"] == 0 and abs(got["bare_hand"] - got["hand"]) < 1, (name, got["bare_hand"], got["hand"])
        assert got.get("axe", []) == [], (name, got.get("axe"))


def test_two_handed_keeps_its_melds_on_the_table_without_plates(server: Server) -> None:
    """Two-handed melds lie on the table through play (views/stock.js): the felt shows no plate."""
    v = south(play_until("two-handed", 1, lambda s: s.phase == "stock_play" and len(s.tricks) >= 4))

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, page, _ = open_fixture(browser, server.url, v, errors, size=(390, 844))
        out = {"plates": page.locator("#felt-melds").count(), "boards": page.locator("#felt > .board").count(),
               "upcard": page.locator("[data-testid=upcard]").count(), "errors": errors}
        ctx.close()
        return out

    out = in_browser(run)
    assert out["errors"] == [] and out["plates"] == 0, out
    assert out["boards"] == 2, out  # each player's melds (or the room for them) in front of them
    assert out["upcard"] == (1 if v.get("upcard") and v.get("stock_left") else 0), (out, v.get("upcard"))


RECORDER = """(() => {
  window.__anims = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) { const a = animate.apply(this, args); window.__anims.push(a); return a; };
})();"""


def animated_page(browser: Any, url: str, v: dict[str, Any], errors: list[str], size: tuple[int, int] = (390, 844),
                  motion: str = "no-preference") -> tuple[Any, Any, Scripted]:
    """The table with ``v`` at ``size`` with animations on (``motion``), every element.animate recorded."""
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, reduced_motion=motion, color_scheme="dark")
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    script = Scripted(v)
    page.add_init_script("sessionStorage.setItem('pinochle.screen', 'table')")
    page.add_init_script(RECORDER)
    page.route_web_socket("**/ws", script.handler)
    page.goto(url)
    page.wait_for_function("n => document.body.dataset.screen === 'table' && document.querySelectorAll('#hand button.card').length === n",
                           arg=len(v["hand"]))
    return ctx, page, script


def show_move(page: Any, script: Scripted, v: dict[str, Any]) -> None:
    """Send ``v`` as a move (what a player's move brings) and wait until the page has drawn it."""
    script.view = v
    script.send("move")
    page.wait_for_function("n => document.body.dataset.version === n", arg=str(v["version"]))


def test_the_meld_is_laid_seat_after_seat_and_gathered_at_the_first_card(server: Server) -> None:
    """With motion: the meld laid (trump named, then the meld) comes from the seats one after another while the
    status line says that it is being laid; the first card played gathers it back to the seats; a screen reader hears each
    seat's meld. Under reduced motion nothing animates. A reload during the first trick shows neither the melds nor
    the meld details."""
    state = play_until("table", 1, meld_laid)
    # the view before the meld: trump still to be named (the declarer's turn), the melds not laid
    before = south(state)
    before.update(phase="trump", trump=None, melds={seat: None for seat in before["melds"]}, version=before["version"] - 1,
                  legal={}, turn=before["declarer"])
    laid = south(state)
    played = south(play_until("table", 1, first_card))
    assert played["hand_number"] == laid["hand_number"] and played["version"] > laid["version"]

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        ctx, page, script = animated_page(browser, server.url, before, errors)
        status_before = page.locator("#status").inner_text()
        show_move(page, script, laid)
        out["status_laying"] = (status_before, page.locator("#status").inner_text())
        page.wait_for_function("() => window.__anims.some((a) => a.id === 'pinochle-meld')")
        out["laid"] = page.evaluate("() => window.__anims.filter((a) => a.id === 'pinochle-meld').map((a) => a.effect.target.dataset.seat)")
        out["delays"] = page.evaluate("() => window.__anims.filter((a) => a.id === 'pinochle-meld').map((a) => a.effect.getTiming().delay)")
        page.wait_for_function("() => !document.getAnimations().some((a) => (a.id || '').startsWith('pinochle-'))")
        out["status_after"] = page.locator("#status").inner_text()
        out["spoken"] = page.locator("#announcer").inner_text()
        out["plates"] = page.locator("#felt-melds .felt-meld").count()
        script.view = played
        script.send("move")
        # the melds stay to be read a while before the first card gathers them; a tap on the felt hurries that
        page.wait_for_function("() => window.__anims.some((a) => a.id === 'pinochle-meld-gather')")
        out["hold"] = page.evaluate("() => Math.max(...window.__anims.filter((a) => a.id === 'pinochle-meld-gather').map((a) => a.effect.getTiming().delay))")
        felt = page.locator("#felt").bounding_box()
        page.mouse.click(felt["x"] + 12, felt["y"] + felt["height"] - 12)  # the felt's corner: no seat, no card, no button
        page.wait_for_function("n => document.body.dataset.version === n", arg=str(played["version"]), timeout=1500)
        out["gathered"] = page.evaluate("() => window.__anims.filter((a) => a.id === 'pinochle-meld-gather').map((a) => a.effect.target.dataset.seat)")
        out["after_card"] = page.locator("#felt-melds").count()
        # a reload in the first trick: no meld on the felt, no dialog
        page.reload()
        page.wait_for_function("n => document.body.dataset.version === n", arg=str(played["version"]))
        settle(page)
        out["reload"] = {"plates": page.locator("#felt-melds").count(), "dialog": page.locator("dialog[open]").count()}
        ctx.close()
        # reduced motion: the same moves, nothing animated
        ctx, page, script = animated_page(browser, server.url, before, errors, motion="reduce")
        show_move(page, script, laid)
        out["reduced_plates"] = page.locator("#felt-melds .felt-meld").count()
        show_move(page, script, played)
        out["reduced_anims"] = page.evaluate("() => window.__anims.map((a) => a.id).filter((id) => (id || '').startsWith('pinochle-meld'))")
        ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out["errors"] == [], out["errors"]
    seats = [s for s in ("S", "W", "N", "E") if laid["melds"][s] is not None]  # round the table from yours
    assert out["laid"] == seats and out["delays"] == sorted(out["delays"]) and len(set(out["delays"])) == len(seats), out
    # the status line waits for the meld: while it is laid it says so (never the turn to come, nor the words of
    # the phase before, which has moved on)
    was, laying = out["status_laying"]
    assert laying == "The meld is laid on the table\u2026" and laying != was, out["status_laying"]
    assert out["status_after"] != laying, out["status_after"]
    assert out["plates"] == len(seats)
    assert sorted(out["gathered"]) == sorted(seats) and out["after_card"] == 0, out
    assert out["hold"] > 500, out["hold"]  # read first (about 2.6 s from the laying at Normal pace), unless hurried
    assert out["reload"] == {"plates": 0, "dialog": 0}, out["reload"]
    assert out["reduced_plates"] == len(seats) and out["reduced_anims"] == [], out
    # the screen reader: each seat's meld, its rows and its total; then the sides
    spoken = out["spoken"]
    partner = laid["melds"]["N"]
    assert f"Your partner melds {partner['total']}:" in spoken or (partner["melds"] == [] and "Your partner has no meld." in spoken), spoken
    for it in partner["melds"]:
        assert f"{it['name']} " in spoken, (it, spoken)
    assert f"Meld: us {laid['meld_shown']['NS']}, them {laid['meld_shown']['EW']}." in spoken, spoken


WIDOW = """() => {
  const w = document.querySelector('[data-testid=widow]');
  if (!w) return null;
  const cards = [...w.querySelectorAll('.card')];
  const seats = [...document.querySelectorAll('#felt > .seat')];
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  return {
    in_centre: Boolean(w.closest('#centre')), up: w.classList.contains('up'),
    cards: cards.map((c) => c.dataset.card),
    // each card whole: no card over the one before it, the rank's text inside its card and the topmost thing at its middle
    whole: cards.map((c, i) => {
      const r = c.getBoundingClientRect();
      const next = cards[i + 1]?.getBoundingClientRect();
      const rank = c.querySelector('.rank');
      const k = rank ? rank.getBoundingClientRect() : r;
      const top = document.elementFromPoint(k.left + k.width / 2, k.top + k.height / 2);
      return {card: c.dataset.card, text: rank ? rank.textContent : null, clear: !next || next.left >= r.right - 0.5,
              inside: k.left >= r.left - 0.5 && k.right <= r.right + 0.5, seen: Boolean(top && c.contains(top)),
              fits: !rank || rank.scrollWidth <= rank.clientWidth + 1};
    }),
    over_seat: seats.filter((s) => meet(w.getBoundingClientRect(), s.getBoundingClientRect())).map((s) => s.id),
  };
}"""


def test_the_widow_turned_up_lies_in_the_middle_then_small_with_each_card_whole(server: Server) -> None:
    """Cutthroat: the widow turned up after the auction lies in the middle of the felt (in the centre, clear of the
    seats); once the meld lies on the felt (the declarer burying) it is small beside the seats and each card is
    whole: a ten reads "10" (after the burial it leaves the felt: test_browser_burial)."""
    up = south(play_until("cutthroat", 1, lambda s: s.phase == "trump" and s.declarer is not None))
    mid = south(play_until("cutthroat", 1, lambda s: s.phase == "bury"))
    mid["widow"] = ["TH", "TS", "9D"]  # tens, the cards whose index is widest

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for size in ((360, 740), (1440, 900)):
            ctx, page, script = open_fixture(browser, server.url, up, errors, size=size)
            shot(page, f"widow-up-{size[0]}")
            out[f"up-{size[0]}"] = page.evaluate(WIDOW)
            script.show(mid)
            page.wait_for_function("n => document.body.dataset.version === n", arg=str(mid["version"]))
            settle(page)
            shot(page, f"widow-small-{size[0]}")
            out[f"small-{size[0]}"] = page.evaluate(WIDOW)
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    widow = up["widow"]
    for size in (360, 1440):
        u = out[f"up-{size}"]
        assert u["in_centre"] and u["up"] and sorted(u["cards"]) == sorted(widow), u
        assert u["over_seat"] == [], u
        s = out[f"small-{size}"]
        assert not s["in_centre"] and not s["up"] and s["cards"] == ["TH", "TS", "9D"], s
        assert [c["text"] for c in s["whole"]] == ["10", "10", "9"], s["whole"]
        assert all(c["clear"] and c["inside"] and c["seen"] and c["fits"] for c in s["whole"]), s["whole"]
        assert s["over_seat"] == [], s
