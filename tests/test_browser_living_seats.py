"""The seats as players and the deal from the dealer, in the browser.

Fixture views (tests/web_fixtures.py) are served to the real page over a scripted socket, and the
page is measured:

- each other seat shows a fan of card backs, one back a card the view says it holds
  (``view.hand_sizes``), and follows the count when it changes; the dealer's button ("D") is on the
  view's dealer alone (your own seat too); every seat's avatar has a colour of its own; a computer
  says "Computer · Normal" (its level: the match's, or a computer guest's name's), a person away
  "Away"; the seat's label says it all for a screen reader;
- at 320x568, 360x740, 390x844, 768x1024 and 1440x900 each seat's avatar, dealer's button, name,
  fan and count lie inside its own box, no two seats overlap, no seat lies over a card of the
  trick, and no text overflows its box;
- without reduced motion a new hand is dealt from the dealer's seat: card backs fly round the felt
  from the dealer's left, inside the felt (never over the status, the scores or the buttons), the
  status line says who deals until the cards are dealt, and nothing of the deal is left after it;
  a click on the felt finishes the deal at once; under reduced motion nothing flies;
- axe finds nothing serious or critical at the table.

Screenshots go to /tmp/living-seats when PINOCHLE_SHOTS is set.
"""

from __future__ import annotations

import json
from typing import Any

from .browser_checks import OVERFLOW
from .test_browser import TIMEOUT_MS
from .browser_support import shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import serious
from .test_browser_layout import in_browser, open_fixture, server, settle, wait_cards  # noqa: F401  (server: the module's live server)
from .web_fixtures import LONG_NAMES, Scripted, fixtures

SIZES = {"320x568": (320, 568), "360x740": (360, 740), "390x844": (390, 844), "768x1024": (768, 1024),
         "1440x900": (1440, 900)}

# every seat on the felt as the page draws it
SEATS = """() => Object.fromEntries([...document.querySelectorAll('#felt > .seat')].map((el) => {
  const avatar = el.querySelector('.avatar');
  const fan = el.querySelector('.fan');
  const role = el.querySelector('.seat-role');
  const visible = (e) => Boolean(e) && e.getClientRects().length > 0 && getComputedStyle(e).display !== 'none';
  return [el.dataset.seat, {
    backs: el.querySelectorAll('.fan .card.back-card').length,
    fanCount: fan ? Number(fan.dataset.count) : null,
    dealer: visible(el.querySelector('.dealer-button')),
    colour: avatar ? getComputedStyle(avatar).backgroundColor : null,
    role: role && visible(role) ? role.innerText.replace(/\\s+/g, ' ').trim() : null,
    label: el.getAttribute('aria-label'),
    count: el.querySelector('.count').innerText.trim(),
  }];
}))"""

# what lies where it should not: a seat's parts outside its box, two seats over each other, a seat over a
# card of the trick or over the piles or the bench
CLASHES = """() => {
  const out = [];
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).display !== 'none'
    && getComputedStyle(e).visibility !== 'hidden';
  const hit = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const seats = [...document.querySelectorAll('#felt > .seat')].filter(shown);
  for (const s of seats) {
    const box = s.getBoundingClientRect();
    for (const part of s.querySelectorAll('.seat-avatar, .avatar, .dealer-button, .seat-name, .seat-role, .fan, .count, .call, .badge')) {
      if (!shown(part)) continue;
      const r = part.getBoundingClientRect();
      if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1)
        out.push(`${s.id}: ${part.className} outside its seat`);
    }
  }
  for (let i = 0; i < seats.length; i++) for (let j = i + 1; j < seats.length; j++)
    if (hit(seats[i].getBoundingClientRect(), seats[j].getBoundingClientRect())) out.push(`${seats[i].id} over ${seats[j].id}`);
  const others = [...document.querySelectorAll('#centre .card, #centre .trick-winner, #piles .pile, #bench .benched')].filter(shown);
  for (const s of seats) for (const o of others)
    if (hit(s.getBoundingClientRect(), o.getBoundingClientRect())) out.push(`${s.id} over ${o.className}`);
  return out;
}"""


def moving_page(browser: Any, url: str, v: dict[str, Any], errors: list[str], size: tuple[int, int] = (390, 844),
                theme: str = "light") -> tuple[Any, Any, Scripted]:
    """A fixture table in a browser that does not ask for reduced motion (``open_fixture`` does)."""
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, reduced_motion="no-preference",
                              color_scheme=theme)
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    script = Scripted(v)
    page.add_init_script("sessionStorage.setItem('pinochle.screen', 'table')")
    page.route_web_socket("**/ws", script.handler)
    page.goto(url)
    wait_cards(page, len(v["hand"]))
    # let the first deal (the page's first state) end
    page.wait_for_function("() => !document.querySelector('#felt .deal-fly')")
    return ctx, page, script


def next_hand(v: dict[str, Any], dealer: str, turn: str = "W") -> dict[str, Any]:
    """The view of the next hand's auction, ``dealer`` dealing and ``turn`` to call (not you: the status changes)."""
    out = json.loads(json.dumps(v))
    out["hand_number"] = v["hand_number"] + 1
    out["version"] = v["version"] + 1
    out["dealer"] = dealer
    out["phase"] = "auction"
    out["turn"] = turn
    out["tricks"] = []
    out["auction"] = []
    out["declarer"] = None
    out["bid"] = None
    out["trump"] = None
    out["high_bid"] = None
    out["high_bidder"] = None
    out["legal"] = {}
    n = len(out["hand"])
    out["hand_sizes"] = {s: n for s in out["seats"]}
    return out


def test_each_seat_is_a_player_with_its_fan_its_level_and_the_dealers_button(server: Any) -> None:  # noqa: F811
    fx = fixtures()
    tables = {"four": fx["hand-12"], "three": fx["three-players-widow"], "two": fx["two-players-stock"],
              "sitting-out": fx["sitting-out"]}

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for name, v in tables.items():
            for size, theme in (((390, 844), "light"), ((1440, 900), "dark")):
                ctx, page, script = open_fixture(browser, server.url, v, errors, theme, size=size)
                out[f"{name}-{size[0]}"] = page.evaluate(SEATS)
                # the declarer's avatar in a phone's top bar has the declarer's seat colour
                out[f"{name}-{size[0]}-bar"] = page.evaluate("""() => { const a = document.querySelector('.contract .avatar.mini');
                  return a && a.getClientRects().length ? getComputedStyle(a).backgroundColor : null; }""")
                shot(page, f"{name}-{size[0]}-{theme}")
                if name == "four" and size[0] == 390:
                    # the count follows the view: East now holds 5, the dealer's button moves to West
                    changed = json.loads(json.dumps(v))
                    changed["hand_sizes"]["E"] = 5
                    changed["dealer"] = "W"
                    changed["version"] += 1
                    script.show(changed)
                    page.wait_for_function("() => document.querySelector('[data-testid=fan-E]')?.dataset.count === '5'")
                    settle(page)
                    out["changed"] = page.evaluate(SEATS)
                    out["axe"] = serious(page)
                ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out["errors"] == []
    for name, v in tables.items():
        for width in (390, 1440):
            seats = out[f"{name}-{width}"]
            playing = [s for s in v["seats"] if s not in v.get("sitting_out", [])]
            assert sorted(seats) == sorted(playing), (name, seats)
            for seat, got in seats.items():
                n = v["hand_sizes"][seat]
                if seat == "S":
                    assert got["backs"] == 0 and got["fanCount"] is None, (name, got)  # your cards are in your hand
                else:
                    assert got["backs"] == n and got["fanCount"] == n, (name, seat, got)
                    # a computer and its level: the match's ("normal"); a narrow seat says "CPU"
                    assert got["role"] == ("CPU · Normal" if width == 390 else "Computer · Normal"), (name, width, got)
                    assert "Computer, Normal" in got["label"], got["label"]
                assert got["dealer"] == (seat == v["dealer"]), (name, seat, v["dealer"], got)
                assert ("Dealer" in got["label"]) == (seat == v["dealer"]), got["label"]
                assert f"{n} cards" in got["label"], got["label"]
                if v.get("declarer") and seat != v["declarer"]:  # once there is a contract, no seat's old "Pass"
                    assert "Pass" not in got["label"], (name, seat, got["label"])
            if width == 390 and v.get("declarer") in seats:
                assert out[f"{name}-{width}-bar"] == seats[v["declarer"]]["colour"], (name, out[f"{name}-{width}-bar"])
            colours = [got["colour"] for got in seats.values()]
            assert len(set(colours)) == len(colours), (name, colours)  # a colour a seat
    changed = out["changed"]
    assert changed["E"]["backs"] == 5 and changed["E"]["count"] == "5", changed["E"]
    assert [s for s, got in changed.items() if got["dealer"]] == ["W"], changed
    assert out["axe"] == [], out["axe"]


def test_a_room_seat_says_a_computer_guests_level_or_that_a_person_is_away(server: Any) -> None:  # noqa: F811
    v = fixtures()["hand-12"]

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        ctx, page, _ = open_fixture(browser, server.url, v, errors, "light", size=(1440, 900), table=LONG_NAMES)
        got = page.evaluate(SEATS)
        ctx.close()
        return {"seats": got, "errors": errors}

    out = in_browser(run)
    assert out["errors"] == []
    seats = out["seats"]
    assert seats["N"]["role"] == "Computer · Normal", seats["N"]  # "West (computer, Normal)": a guest of the room
    assert seats["E"]["role"] == "Away", seats["E"]
    assert seats["W"]["role"] is None, seats["W"]  # a person at the table: the name says it
    assert seats["S"]["role"] is None, seats["S"]


def test_no_seat_overlaps_another_box_at_any_size(server: Any) -> None:  # noqa: F811
    fx = fixtures()
    v = json.loads(json.dumps(fx["hand-12"]))
    v["dealer"] = "E"  # the dealer's button on a seat of the phone's top row

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for theme, views in (("dark", {"four": v, "three": fx["three-players-widow"]}), ("light", {"sitting-out": fx["sitting-out"]})):
            for name, view in views.items():
                ctx, page, _ = open_fixture(browser, server.url, view, errors, theme)
                for size, (w, h) in SIZES.items():
                    page.set_viewport_size({"width": w, "height": h})
                    settle(page)
                    bad = page.evaluate(CLASHES) + [f"{b['kind']} {b['el']} {b.get('word', b.get('text'))}"
                                                    for b in page.evaluate(OVERFLOW)]
                    if bad:
                        out[f"{name}-{size}-{theme}"] = bad
                    shot(page, f"fit-{name}-{size}-{theme}")
                ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    assert out == {}, json.dumps(out, indent=1)


# the deal as it runs: the flying backs on the felt, where each goes, and what the status says
DEALING = """() => {
  const felt = document.getElementById('felt').getBoundingClientRect();
  const flying = [...document.querySelectorAll('#felt .deal-fly')];
  return {
    flying: flying.length,
    to: flying.map((e) => e.dataset.to),
    inside: flying.every((e) => { const r = e.getBoundingClientRect();
      return r.left >= felt.left && r.right <= felt.right && r.top >= felt.top && r.bottom <= felt.bottom; }),
    deal: document.getAnimations().filter((a) => a.id === 'pinochle-deal' && a.playState === 'running').length,
    status: document.getElementById('status').textContent,
  };
}"""


def test_a_new_hand_is_dealt_from_the_dealers_seat_and_a_click_finishes_it(server: Any) -> None:  # noqa: F811
    v = fixtures()["hand-12"]

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        ctx, page, script = moving_page(browser, server.url, v, errors, size=(360, 740), theme="dark")
        out["before"] = page.evaluate("() => document.getElementById('status').textContent")
        # every flying card, sampled at each frame while the deal runs: always inside the felt
        page.evaluate("""() => { window.__outside = 0; window.__seen = 0;
          const felt = () => document.getElementById('felt').getBoundingClientRect();
          const look = () => { const f = felt();
            for (const e of document.querySelectorAll('#felt .deal-fly')) { const r = e.getBoundingClientRect(); window.__seen += 1;
              if (r.left < f.left - 1 || r.right > f.right + 1 || r.top < f.top - 1 || r.bottom > f.bottom + 1) window.__outside += 1; }
            requestAnimationFrame(look); };
          requestAnimationFrame(look); }""")
        script.show(next_hand(v, dealer="E"))
        page.wait_for_function("() => document.querySelectorAll('#felt .deal-fly').length > 0")
        out["dealing"] = page.evaluate(DEALING)
        page.wait_for_timeout(150)
        shot(page, "deal-360-dark")
        out["midway"] = page.evaluate(DEALING)
        # left alone, the deal ends and leaves nothing behind; then the status says the new hand's words
        page.wait_for_function("() => !document.querySelector('#felt .deal-fly')"
                               " && !document.getAnimations().some((a) => a.id === 'pinochle-deal')")
        page.wait_for_timeout(50)
        out["after"] = page.evaluate(DEALING)
        out["frames"] = page.evaluate("() => [window.__seen, window.__outside]")
        out["hand"] = page.evaluate("() => [...document.querySelectorAll('#hand button.card')].map((e) => getComputedStyle(e).opacity)")
        # a click on an empty part of the felt finishes the deal at once
        script.show(next_hand(next_hand(v, dealer="E"), dealer="S"))
        page.wait_for_function("() => document.querySelectorAll('#felt .deal-fly').length > 0")
        out["second"] = page.evaluate(DEALING)
        felt = page.locator("#felt").bounding_box()
        page.mouse.click(felt["x"] + felt["width"] - 12, felt["y"] + felt["height"] / 2)
        page.wait_for_timeout(60)
        out["hurried"] = page.evaluate(DEALING)
        ctx.close()
        # reduced motion: nothing flies
        ctx, page, script = open_fixture(browser, server.url, v, errors, "light", size=(390, 844))
        page.evaluate("""() => { window.__flew = 0;
          new MutationObserver((ms) => { for (const m of ms) for (const n of m.addedNodes)
            if (n.classList && n.classList.contains('deal-fly')) window.__flew += 1; })
            .observe(document.getElementById('felt'), {childList: true}); }""")
        script.show(next_hand(v, dealer="N"))
        page.wait_for_function("() => document.body.dataset.phase === 'auction'")
        settle(page)
        out["reduced"] = page.evaluate("() => [window.__flew, document.getAnimations().filter((a) => (a.id || '').startsWith('pinochle-')).length]")
        ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out["errors"] == []
    dealing = out["dealing"]
    # the cards go round from the dealer's left: East deals, so South first, then West, North, East
    # (the view's seats in play order: N E S W)
    assert dealing["to"][:4] == ["S", "W", "N", "E"], dealing
    assert dealing["deal"] > 0 and dealing["inside"], dealing
    # the status waits while the cards fly: it says who deals (neither the hand before's words nor the new
    # hand's turn, which come after)
    assert out["midway"]["status"] == "East deals\u2026" != out["before"], (out["midway"], out["before"])
    assert out["after"]["flying"] == 0 and out["after"]["deal"] == 0, out["after"]
    assert out["after"]["status"] != out["before"] and "West" in out["after"]["status"], out["after"]
    assert out["frames"][0] > 0 and out["frames"][1] == 0, out["frames"]  # never outside the felt
    assert out["hand"] and set(out["hand"]) == {"1"}, out["hand"]  # the hand shown whole after the deal
    assert out["second"]["to"][0] == "W", out["second"]  # South deals: West first
    assert out["hurried"]["flying"] == 0 and out["hurried"]["deal"] == 0, out["hurried"]
    assert out["reduced"] == [0, 0], out["reduced"]
