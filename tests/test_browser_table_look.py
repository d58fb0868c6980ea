"""The table's look, measured in the browser on fixture views (tests/web_fixtures.py) served to the real
page over a scripted socket:

- each seat's avatar draws a robot for a computer and a person for a person (yourself, a person at a
  room's table), from the package's own drawings (pinochle/web/avatars/), instead of letters, on the
  felt and on the bench of players sitting the hand out;
- the dealer's button ("D") lies beside the dealer's avatar, never over it, at 320x568 to 1440x900;
- the current trick marks its leader: a "led" tag on the trick's first card (inside it, between the
  corner indices), the card's name "West led: Queen of Diamonds" and the trick's
  region "Current trick, West led";
- a card of the hand focused from the keyboard never covers the next card's corner index;
- the Hint on a phone or tablet never lies over the felt's rim, a card or the sides' lines under the status
  line: a whole 44 px button in the status line's row on a screen 800 px high or more, within the panel on a
  shorter one (under 700 px high: drawn as high as the status line's row, its 44 px target reaching on unseen
  over the sides' line, which takes no tap);
- a desktop's trick is big on a big felt: each card at least 150 px tall at 1440x900 with a whole trick
  of four, and no card of it over a seat;
- a desktop's meld plates show the meld's cards, and double-deck's melds of twelve cards lie in one row
  in the plates across the middle.

Screenshots go to $PINOCHLE_SHOTS when it is set.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from .browser_kit import at_each
from .browser_support import shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import in_browser, open_fixture, server, settle  # noqa: F401  (server: the module's live server)
from .test_browser_fit_all import close_dialogs, south_views
from .web_fixtures import LONG_NAMES, fixtures

SIZES = [(320, 568), (360, 740), (390, 844), (768, 1024), (1440, 900)]

# each seat's avatar on the felt: what it draws (its ::before's mask and content) and where it and the
# dealer's button lie
AVATARS = """() => Object.fromEntries([...document.querySelectorAll('#felt > .seat')].map((el) => {
  const a = el.querySelector('.avatar');
  const d = el.querySelector('.dealer-button');
  const shown = (e) => Boolean(e) && e.getClientRects().length > 0 && getComputedStyle(e).display !== 'none';
  const rect = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const before = a ? getComputedStyle(a, '::before') : null;
  return [el.dataset.seat, {
    shown: shown(a),
    mask: before ? (before.maskImage || before.webkitMaskImage) : null,
    content: before ? before.content : null,
    text: a ? a.innerText.trim() : null,
    avatar: shown(a) ? rect(a) : null,
    dealer: shown(d) ? rect(d) : null,
  }];
}))"""


BENCH = """() => [...document.querySelectorAll('#bench .avatar')].map((a) => {
  const before = getComputedStyle(a, '::before');
  return { mask: before.maskImage || before.webkitMaskImage, text: a.innerText.trim() };
})"""


def with_dealer(v: dict[str, Any], dealer: str) -> dict[str, Any]:
    out = json.loads(json.dumps(v))
    out["dealer"] = dealer
    return out


def test_the_avatars_are_drawn_a_robot_for_a_computer_and_a_person_for_a_person(server: Any) -> None:  # noqa: F811
    fx = fixtures()
    for name in ("robot", "person"):
        with urllib.request.urlopen(f"{server.url}static/avatars/{name}.svg") as resp:
            assert resp.status == 200 and resp.headers["content-type"].startswith("image/svg+xml")

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for size in ((390, 844), (1440, 900)):
            ctx, page, _ = open_fixture(browser, server.url, fx["hand-12"], errors, "light", size=size)
            out[f"solo-{size[0]}"] = page.evaluate(AVATARS)
            shot(page, f"avatars-solo-{size[0]}")
            ctx.close()
            ctx, page, _ = open_fixture(browser, server.url, fx["hand-12"], errors, "dark", size=size, table=LONG_NAMES)
            out[f"room-{size[0]}"] = page.evaluate(AVATARS)
            shot(page, f"avatars-room-{size[0]}")
            ctx.close()
            # a player sitting the hand out: the same avatar on the bench
            ctx, page, _ = open_fixture(browser, server.url, fx["sitting-out"], errors, "light", size=size)
            out[f"bench-{size[0]}"] = page.evaluate(BENCH)
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out["errors"] == []
    for key in ("bench-390", "bench-1440"):
        assert len(out[key]) == 1 and "avatars/robot.svg" in out[key][0]["mask"] and out[key][0]["text"] == "", out[key]
    for key in ("solo-390", "solo-1440", "room-390", "room-1440"):
        seats = out[key]
        # LONG_NAMES: North a computer guest, East and West people; in solo every other seat is a computer
        want = {"S": "person", "N": "robot", "E": "person" if key.startswith("room") else "robot",
                "W": "person" if key.startswith("room") else "robot"}
        for seat, figure in want.items():
            a = seats[seat]
            assert a["shown"], (key, seat, a)
            assert f"avatars/{figure}.svg" in a["mask"], (key, seat, a)
            assert a["content"] in ('""', "none", "normal") or a["content"] == '""', (key, seat, a)
            assert a["text"] == "", (key, seat, a)  # no letters in the circle


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_dealers_button_lies_beside_the_avatar_never_over_it(server: Any, size: tuple[int, int]) -> None:  # noqa: F811
    fx = fixtures()
    tables = {f"{name}-{d}": with_dealer(fx[name], d) for name in ("hand-12",) for d in "NESW"}
    tables["two-N"] = with_dealer(fx["two-players-stock"], "N")
    tables["two-S"] = with_dealer(fx["two-players-stock"], "S")

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        ctx, page, script = open_fixture(browser, server.url, fx["hand-12"], errors, "light", size=size)
        for key, v in tables.items():
            script.show(v)
            page.wait_for_function("d => document.querySelector(`#felt > .seat[data-seat='${d}'] .dealer-button`)",
                                   arg=v["dealer"])
            settle(page)
            out[key] = page.evaluate(AVATARS)[v["dealer"]]
            if key == "hand-12-N":
                shot(page, f"dealer-{size[0]}x{size[1]}")
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for key, a in out.items():
        assert a["dealer"], (key, a)
        if a["avatar"]:
            al, at, ar, ab = a["avatar"]
            dl, dt, dr, db = a["dealer"]
            overlap = al < dr - 0.5 and dl < ar - 0.5 and at < db - 0.5 and dt < ab - 0.5
            assert not overlap, (key, size, a)


# the trick as the page draws it: the "led" tags, the cards' and the region's words
TRICK = """() => {
  const centre = document.getElementById('centre');
  const rect = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return {
    label: centre.getAttribute('aria-label'),
    cards: [...centre.querySelectorAll('.slot .card')].map((c) => c.getAttribute('aria-label')),
    tags: [...centre.querySelectorAll('.led-tag')].map((t) => ({
      seat: t.closest('.slot').dataset.testid, text: t.textContent, hidden: t.getAttribute('aria-hidden'),
      tag: rect(t), card: rect(t.closest('.slot').querySelector('.card')),
      shown: t.getClientRects().length > 0 && getComputedStyle(t).visibility !== 'hidden' })),
  };
}"""


@pytest.mark.parametrize("size", [(320, 568), (360, 740), (390, 844), (1440, 900)], ids=["320x568", "360x740", "390x844", "1440x900"])
def test_the_current_trick_marks_its_leader(server: Any, size: tuple[int, int]) -> None:  # noqa: F811
    fx = fixtures()
    tables = {"four": fx["hand-12"], "three": fx["three-players-widow"], "two": fx["two-players-stock"]}
    names = {"W": "West", "N": "Partner", "E": "East"}

    def open_table(browser: Any, key: str, errors: list[str]) -> Any:
        _, page, _ = open_fixture(browser, server.url, tables[key], errors, "dark" if key == "two" else "light", size=size)
        return page

    out = at_each(((key, key) for key in tables), open_table, lambda page, _: page.evaluate(TRICK),
                  lambda key: f"led-{key}-{size[0]}x{size[1]}")
    for key, got in out.items():
        trick = tables[key]["tricks"][-1]
        leader = trick["leader"]
        # in solo your partner is "Partner"; at a table without sides of two, North is "North"
        who = names[leader] if key == "four" else {"N": "North", "E": "East", "W": "West"}[leader]
        assert got["label"] == f"Current trick, {who} led", (key, got)
        assert got["cards"][0].startswith(f"{who} led: "), (key, got)
        assert not any(" led" in c for c in got["cards"][1:]), (key, got)
        assert len(got["tags"]) == 1, (key, got)
        tag = got["tags"][0]
        assert tag["seat"] == f"trick-{leader}" and tag["text"] == "led" and tag["hidden"] == "true" and tag["shown"], (key, tag)
        tl, tt, tr, tb = tag["tag"]
        cl, ct, cr, cb = tag["card"]
        index = (cr - cl) * .2  # a corner index is about a fifth of the card's width (pinochle/web/cards/)
        # on the card, between the corner indices across and in its lower quarter
        assert cl + index <= tl and tr <= cr - index, (key, size, tag)
        assert cb - (cb - ct) / 4 <= tt and tb <= cb, (key, size, tag)


# for each card of the hand (in rows of overlapping cards): focus it, and say what lies on the next card's
# corner index (its top left, a few px in): the next card itself, or the focused one over it
FOCUS = """async () => {
  const cards = [...document.querySelectorAll('#hand .hand-row')].flatMap((row) => {
    const c = [...row.querySelectorAll('button.card')];
    return c.slice(0, -1).map((card, i) => [card, c[i + 1]]);
  });
  const out = [];
  for (const [card, next] of cards) {
    card.focus();
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const r = next.getBoundingClientRect();
    const mine = card.getBoundingClientRect();
    if (mine.right <= r.left) continue;  // no overlap: nothing to cover
    const at = document.elementFromPoint(r.left + 5, r.top + 12);
    out.push({ card: card.dataset.card, next: next.dataset.card, visible: card.matches(':focus-visible'),
               on: at && at.closest('button.card') ? at.closest('button.card').dataset.card : null,
               isNext: Boolean(at && next.contains(at)) });
  }
  return out;
}"""


@pytest.mark.parametrize(("name", "size"), [("hand-20", (1440, 900)), ("hand-20", (360, 740)), ("hand-18", (768, 1024))],
                         ids=["20-1440x900", "20-360x740", "18-768x1024"])
def test_a_focused_card_never_covers_the_next_cards_corner_index(server: Any, name: str, size: tuple[int, int]) -> None:  # noqa: F811
    fx = fixtures()

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, page, _ = open_fixture(browser, server.url, fx[name], errors, "light", size=size)
        page.keyboard.press("Shift")  # the keyboard's modality: a focus shows its ring
        got = page.evaluate(FOCUS)
        shot(page, f"focus-{name}-{size[0]}")
        return {"got": got, "errors": errors}

    out = in_browser(run)
    assert out["errors"] == []
    got = out["got"]
    assert len(got) >= 5, got  # the hand's cards overlap here
    assert all(g["visible"] for g in got), got
    covered = [g for g in got if not g["isNext"]]
    assert covered == [], covered


HINT = """() => {
  const r = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const btn = document.querySelector('#hint-box .hint-btn');
  const hit = (a, b) => a[0] < b[2] - 0.5 && b[0] < a[2] - 0.5 && a[1] < b[3] - 0.5 && b[1] < a[3] - 0.5;
  const b = r(btn);
  // the touch target: the button, and its ::before where that reaches beyond it unseen (a short phone)
  const cs = getComputedStyle(btn), ps = getComputedStyle(btn, '::before');
  const px = (v) => parseFloat(v) || 0;
  const reach = ps.content !== 'none' && ps.position === 'absolute'
    ? [b[0] + px(cs.borderLeftWidth) + px(ps.left), b[1] + px(cs.borderTopWidth) + px(ps.top),
       b[2] - px(cs.borderRightWidth) - px(ps.right), b[3] - px(cs.borderBottomWidth) - px(ps.bottom)] : b;
  const target = [Math.min(b[0], reach[0]), Math.min(b[1], reach[1]), Math.max(b[2], reach[2]), Math.max(b[3], reach[3])];
  const cards = [...document.querySelectorAll('#felt .card, #hand .card')].filter((c) => c.getClientRects().length);
  // a tap at its top and at its bottom reaches the button (in the middle: a pill's corners are round)
  const mid = (target[0] + target[2]) / 2;
  const taps = [[mid, target[1] + 1], [mid, target[3] - 1]]
    .every(([x, y]) => document.elementFromPoint(x, y)?.closest('.hint-btn') === btn);
  return { btn: b, target, taps, felt: r(document.getElementById('felt')), panel: r(document.querySelector('.panel')),
           status: r(document.getElementById('status')), overCards: cards.filter((c) => hit(b, r(c))).length,
           overWords: [...document.querySelectorAll('#sides .side-box *')].filter((e) => e.childElementCount === 0
             && [...e.getClientRects()].some((q) => hit(b, [q.left, q.top, q.right, q.bottom]))).map((e) => e.textContent),
           scroll: document.scrollingElement.scrollHeight - innerHeight };
}"""

HINT_SIZES = [(320, 568), (360, 740), (412, 780), (390, 844), (412, 915), (768, 1024)]


@pytest.mark.parametrize("size", HINT_SIZES, ids=[f"{w}x{h}" for w, h in HINT_SIZES])
def test_the_hint_on_a_phone_lies_in_the_panel_never_over_the_felts_rim(server: Any, size: tuple[int, int]) -> None:  # noqa: F811
    fx = fixtures()
    tables = {"four": fx["hand-12"], "three": fx["three-players-widow"],
              # the sides' lines at their longest: "Meld 170, needs a trick" (the table game at the meld), and
              # turned-trump's turned card at the felt's lower right
              "meld": south_views("table", None, False)["play"], "turned": south_views("turned-trump", None, True)["play-5"]}

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for key, v in tables.items():
            ctx, page, _ = open_fixture(browser, server.url, v, errors, "light", size=size)
            close_dialogs(page)
            page.wait_for_selector("#hint-box .hint-btn")
            settle(page)
            out[key] = page.evaluate(HINT)
            shot(page, f"hint-{key}-{size[0]}x{size[1]}")
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for key, m in out.items():
        bl, bt, br, bb = m["btn"]
        tl, tt, tr, tb = m["target"]
        assert tb - tt >= 44 and tr - tl >= 44 and m["taps"], (key, m)  # a 44 px target
        assert tt >= m["felt"][3] - 0.5, (key, m)  # under the felt's frame, never over it
        assert tt >= m["panel"][1] - 0.5 and tb <= m["panel"][3] + 0.5, (key, m)  # within the panel
        if size[1] < 700:
            assert bb - bt >= 28, (key, m)  # drawn no taller than the status line's row, and still a button to see
        assert m["overCards"] == 0, (key, m)
        assert m["overWords"] == [], (key, m)  # never over the sides' lines under the status line
        assert m["scroll"] <= 1, (key, m)
        if size[1] >= 800:
            # in the status line's row: the status line and the button share their middle
            mid_b, mid_s = (bt + bb) / 2, (m["status"][1] + m["status"][3]) / 2
            assert abs(mid_b - mid_s) <= 3, (key, m)


PLATES = """() => [...document.querySelectorAll('#felt-melds .felt-meld')].map((p) => {
  const fan = p.querySelector('.fm-fan');
  const cards = fan ? [...fan.querySelectorAll('.card')].filter((c) => c.getClientRects().length) : [];
  return { seat: p.dataset.seat, place: [...p.classList].find((c) => c.startsWith('at-')), fan: p.dataset.fan,
           rows: fan ? fan.dataset.rows : null, cards: cards.length,
           height: cards.length ? Math.round(cards[0].getBoundingClientRect().height) : 0 };
})"""


def test_a_desktops_meld_plates_show_the_cards_twelve_in_one_row(server: Any) -> None:  # noqa: F811
    views = {game: south_views(game, None, True)["play"] for game in ("double-deck", "table")}

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for game, v in views.items():
            ctx, page, _ = open_fixture(browser, server.url, v, errors, "dark", size=(1440, 900))
            close_dialogs(page)
            page.wait_for_selector("#felt-melds .felt-meld")
            settle(page)
            out[game] = {"plates": page.evaluate(PLATES),
                         "scroll": page.evaluate("document.scrollingElement.scrollHeight - innerHeight")}
            shot(page, f"meld-plates-{game}-1440")
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for game, got in out.items():
        v = views[game]
        assert got["scroll"] <= 1, (game, got)
        for p in got["plates"]:
            shown = v["melds"][p["seat"]]["shown"]
            if not shown:  # "No meld"
                continue
            assert p["fan"] == "shown" and p["cards"] == len(shown) and p["height"] >= 60, (game, p)
            if p["place"] in ("at-top", "at-bottom"):
                assert p["rows"] == "1", (game, p)  # one row across the plate
    # the seat across melds twelve cards in this deal: in one row all the same
    assert max(p["cards"] for p in out["double-deck"]["plates"] if p["place"] in ("at-top", "at-bottom")) >= 12, out


BIG_TRICK = """() => {
  const r = (e) => e.getBoundingClientRect();
  const hit = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const cards = [...document.querySelectorAll('#centre .card')];
  const seats = [...document.querySelectorAll('#felt > .seat')];
  return { heights: cards.map((c) => Math.round(r(c).height)),
           over: cards.flatMap((c) => seats.filter((s) => hit(r(c), r(s))).map((s) => `${c.dataset.card} over ${s.dataset.seat}`)) };
}"""


def test_a_desktops_trick_is_big_on_a_big_felt(server: Any) -> None:  # noqa: F811
    v = json.loads(json.dumps(fixtures()["hand-12"]))
    trick = v["tricks"][-1]
    trick["cards"].append("TD")
    trick["seats"].append("S")
    trick["winner"] = "E"

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, page, _ = open_fixture(browser, server.url, v, errors, "light", size=(1440, 900))
        got = page.evaluate(BIG_TRICK)
        shot(page, "big-trick-1440")
        return {"got": got, "errors": errors}

    out = in_browser(run)
    assert out["errors"] == []
    got = out["got"]
    assert len(got["heights"]) == 4 and min(got["heights"]) >= 150, got
    assert got["over"] == [], got
