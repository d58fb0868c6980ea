"""The status line follows the table drawn, and the meld and the toasts keep clear of the seats (issue 30).

A fresh reviewer's findings on the table, each checked here in the real page (Chromium, motion on unless said):

1. The status line never keeps the words of a phase that has moved on. Two engine-made views in a row (the
   one before a move and the one after it: ``pair``) are served over a scripted socket and the status line is
   sampled on every frame, at the Relaxed pace: once the view after the move is drawn the status never says
   what the view before it said; while cards move it says what they show happening (words.js movingText: the
   meld laid, a card played), and once they have landed it says what the view says. The four cases seen:
   trump named (the meld laid) while it still said "Name trump."; the bury controls under "Name trump."
   (cutthroat); "choose 4 cards to pass" at your own lead (partnership-pass); "North is thinking…" while your
   own seat said "Your turn" (two-handed). At 360x740 at the Normal pace, "Your turn" never shows while East's card
   before it still flies.
2. The meld laid on the felt never lies over a seat's name or badge, neither while it is laid nor while the
   first card gathers it up (sampled on every frame) nor in between, at 320x568, 360x740, 390x844, 768x1024
   and 1440x900.
3. Two-handed: a refused move's toast lies clear of North's seat, and the score line shows your own meld.

Screenshots go to /tmp/status-follows when PINOCHLE_SHOTS is set.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pinochle.game import apply, new_match

from .browser_support import TIMEOUT_MS, shot
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_explain import auto, south
from .test_browser_layout import Scripted, in_browser, open_fixture, server, settle  # noqa: F401  (server: the module's live server)
from .test_score_parts import random_action


View = dict[str, Any]


def legal(v: View) -> list[str]:
    return sorted((v.get("legal") or {}).keys())


def views(game: str, seed: int, players: int | None = None) -> Iterator[View]:
    """South's views of a random match of ``game``, move after move (the server's automatic moves applied)."""
    rng = random.Random(seed)
    state = auto(new_match(seed=seed, game=game, players=players))
    for _ in range(3000):
        yield south(state)
        if state.phase == "match_end":
            return
        state = auto(apply(state, random_action(state, rng)))


def pair(game: str, pick: Callable[[View, View], bool], players: int | None = None) -> tuple[View, View]:
    """South's views before and after a move of a random match of ``game``, the first pair for which
    ``pick(before, after)`` holds."""
    return triple(game, pick, players)[:2]


def triple(game: str, pick: Callable[[View, View], bool], players: int | None = None) -> tuple[View, View, View]:
    """As ``pair``, and the view after that pair's where the hand's first card has been played."""
    for seed in range(1, 40):
        a = None
        found: tuple[View, View] | None = None
        for b in views(game, seed, players):
            if found is not None:
                if b["hand_number"] != found[1]["hand_number"]:
                    break
                if b["tricks"] and b["tricks"][0]["cards"]:
                    return (*found, b)
            elif a is not None and pick(a, b):
                found = (a, b)
            a = b
    raise AssertionError(f"{game}: no such move")


def moving_page(browser: Any, url: str, v: View, errors: list[str], size: tuple[int, int] = (390, 844),
                theme: str = "dark", pace: str = "relaxed") -> tuple[Any, Any, Scripted]:
    """The table with ``v``, motion on, at ``pace``; once it has settled."""
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, reduced_motion="no-preference", color_scheme=theme)
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    script = Scripted(v)
    page.add_init_script("sessionStorage.setItem('pinochle.screen', 'table')")
    page.add_init_script(f"localStorage.setItem('pinochle.settings', {json.dumps(json.dumps({'pace': pace}))})")
    page.route_web_socket("**/ws", script.handler)
    page.goto(url)
    page.wait_for_function("n => document.body.dataset.version === n", arg=str(v["version"]))
    page.wait_for_function(IDLE)
    settle(page)
    return ctx, page, script


IDLE = """() => !document.getAnimations().some((a) => (a.id || '').startsWith('pinochle-') && a.playState === 'running')"""

# On every frame: the version drawn, the status line, and the cards moving (ours: the deal, a card played, the meld laid).
STATUS_SAMPLER = """() => {
  window.__frames = [];
  const sample = () => {
    const moving = document.getAnimations().filter((a) => /^pinochle-(deal|play|meld)$/.test(a.id || '') && a.playState === 'running');
    window.__frames.push({version: document.body.dataset.version, status: document.getElementById('status').textContent,
      mine: document.getElementById('status').dataset.mine, moving: moving.map((a) => a.id)});
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
}"""


def follow(browser: Any, url: str, a: View, b: View, name: str, size: tuple[int, int] = (390, 844),
           theme: str = "dark", pace: str = "relaxed") -> dict[str, Any]:
    """Show ``a``, then ``b`` as a move; every frame's status line from just before ``b`` until all is still."""
    errors: list[str] = []
    out: dict[str, Any] = {}
    ctx, page, script = moving_page(browser, url, a, errors, size=size, theme=theme, pace=pace)
    out["before"] = page.locator("#status").inner_text()
    shot(page, f"{name}-before")
    page.evaluate(STATUS_SAMPLER)
    script.view = b
    script.send("move")
    page.wait_for_function("n => document.body.dataset.version === n", arg=str(b["version"]))
    page.wait_for_timeout(120)
    shot(page, f"{name}-moving")
    page.wait_for_function(IDLE)
    page.wait_for_timeout(150)
    shot(page, f"{name}-after")
    out["after"] = page.locator("#status").inner_text()
    out["controls"] = page.locator("#controls").inner_text()
    out["frames"] = [f for f in page.evaluate("window.__frames") if f["version"] == str(b["version"])]
    out["errors"] = errors
    ctx.close()
    return out


def played(v: View) -> tuple[str, str]:
    """The last card of ``v``'s last trick and its seat."""
    t = v["tricks"][-1]
    return t["cards"][-1], t["seats"][-1]


SHORT = {"A": "A", "T": "10", "K": "K", "Q": "Q", "J": "J", "9": "9"}
SUIT = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}

CASES: dict[str, tuple[str, Callable[[View, View], bool]]] = {
    # you name trump; the view after it has the meld laid and your lead
    "trump-named": ("table", lambda a, b: "trump" in legal(a) and b["phase"] == "play" and "play" in legal(b)),
    # you name trump; then you bury (cutthroat: the widow's cards)
    "bury-after-trump": ("cutthroat", lambda a, b: "trump" in legal(a) and "bury" in legal(b)),
    # you pass four cards back to your partner; then it is your lead
    "pass-then-lead": ("partnership-pass", lambda a, b: "give" in legal(a) and a["declarer"] == "S" and "play" in legal(b)),
    # North plays a card; then it is your turn
    "north-plays": ("two-handed", lambda a, b: a["turn"] == "N" and b["turn"] == "S" and "play" in legal(b)
                    and a["phase"] == b["phase"] and len(a["tricks"]) == len(b["tricks"]) > 1),
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_status_line_never_keeps_a_phase_that_has_moved_on(server: Any, case: str) -> None:  # noqa: F811
    game, pick = CASES[case]
    a, b = pair(game, pick)
    out = in_browser(lambda browser: follow(browser, server.url, a, b, f"status-{case}"))
    assert out["errors"] == [], out["errors"]
    before, after, frames = out["before"], out["after"], out["frames"]
    assert before != after, (before, after)
    assert frames, "the view after the move was never sampled"
    said = [f["status"] for f in frames]
    # never the words of the view before the move, once the view after it is drawn
    assert before not in said, (before, sorted(set(said)))
    moving = [f for f in frames if f["moving"]]
    assert moving, "nothing moved"
    if case == "north-plays":
        card, seat = played(b)
        assert seat == "N", seat
        words = f"North plays {SHORT[card[0]]}{SUIT[card[1]]}"
        flying = [f for f in frames if "pinochle-play" in f["moving"]]
        assert flying, frames
        # while North's card flies: what North did; never "North is thinking…", never your turn yet
        # (the words change only once every card has finished moving: anim.js waits for the cards themselves)
        said_flying = [f["status"] for f in flying]
        assert all(w.startswith(words) for w in said_flying) and all(f["mine"] == "false" for f in flying), said_flying
        assert after.startswith(("Your turn", "Your lead")), after
    else:
        # while the meld is laid: that it is being laid; then the view's own words
        laying = [f for f in frames if "pinochle-meld" in f["moving"]]
        assert laying, frames
        said_laying = [f["status"] for f in laying]
        lay = "The meld is laid on the table\u2026"
        # that it is being laid on every frame of the lay (the words wait for the cards themselves, even where an
        # animation starts a frame late on a loaded machine)
        assert set(said_laying) == {lay}, said_laying
    # every frame says what the moving cards show, or (once they have landed) what the view says
    assert all(f["status"] == after or f["moving"] for f in frames), [(f["status"], f["moving"]) for f in frames]
    assert frames[-1]["status"] == after
    if case == "trump-named":
        assert "Name trump" in before and "Name trump" not in "".join(said) and after.startswith("Your lead"), (before, after)
    elif case == "bury-after-trump":
        assert "Name trump" in before and "Name trump" not in "".join(said), (before, sorted(set(said)))
        assert "bury" in after and "Bury" in out["controls"], (after, out["controls"])
    elif case == "pass-then-lead":
        # the pass just made is said first (tests/test_browser_review5.py), then the lead
        assert "to pass" in before and not any("to pass" in s for s in said), (before, after)
        assert after.startswith("You passed 4 cards back to Partner.") and after.endswith("Your lead: play a card."), after


def test_your_turn_waits_for_the_last_computer_card_on_a_phone_at_normal_pace(server: Any) -> None:  # noqa: F811
    """A reviewer saw "Your turn" about 0.6 s before East's card had landed (360x740, Normal pace). East plays
    the card before your turn (the table game): on every frame while it flies the status says what East did and
    is not yours, and "Your turn" comes only once it has landed. Measured in a real solo match at that size and
    pace too: the status line changed in the very frame the last card stopped moving, 20 turns of 20 in two matches."""
    a, b = pair("table", lambda a, b: a["turn"] == "E" and b["turn"] == "S" and "play" in legal(b)
                and a["phase"] == b["phase"] == "play" and len(a["tricks"]) == len(b["tricks"]) > 1)
    out = in_browser(lambda browser: follow(browser, server.url, a, b, "status-east-plays-normal", size=(360, 740),
                                            pace="normal"))
    assert out["errors"] == [], out["errors"]
    card, seat = played(b)
    assert seat == "E", seat
    flying = [f for f in out["frames"] if "pinochle-play" in f["moving"]]
    assert flying, out["frames"]
    words = f"East plays {SHORT[card[0]]}{SUIT[card[1]]}"
    assert all(f["status"].startswith(words) and f["mine"] == "false" for f in flying), [f["status"] for f in flying]
    assert out["after"].startswith("Your turn"), out["after"]
    # once every card has landed: the view's own words, on the last frame
    assert out["frames"][-1]["status"] == out["after"] and not out["frames"][-1]["moving"]


# ---------------------------------------------------------------- the meld on the felt, clear of the seats

def melds_laid(a: View, b: View) -> bool:
    """``b`` lays the meld on the felt (no card played yet), ``a`` had none there."""
    return (not any(a["melds"].values()) and any(b["melds"].values())
            and all(not t["cards"] for t in b["tricks"]) and b["phase"] not in ("hand_end", "match_end"))


# On every frame: each plate's box (as drawn, its animation included) against every seat's box and its labels.
PLATE_SAMPLER = """() => {
  window.__clash = []; window.__seen = 0;
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const sample = () => {
    const plates = [...document.querySelectorAll('#felt-melds .felt-meld')];
    const laying = document.getAnimations().some((a) => (a.id || '').startsWith('pinochle-meld') && a.playState === 'running');
    if (plates.length && laying) {
      window.__seen += 1;
      const seats = [...document.querySelectorAll('#felt > .seat, #felt > .seat .seat-name, #felt > .seat .badge, #felt > .piles:not([hidden])')];
      for (const p of plates) {
        const r = p.getBoundingClientRect();
        if (!r.width || Number(getComputedStyle(p).opacity) === 0) continue;
        for (const s of seats) {
          if (meet(r, s.getBoundingClientRect())) window.__clash.push(`${p.dataset.seat} over ${s.closest('.seat')?.dataset.seat ?? s.className}`
            + ` (${s.className})`);
        }
      }
    }
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
}"""

SETTLED_CLASH = PLATE_SAMPLER.replace("if (plates.length && laying)", "if (plates.length)").replace(
    "requestAnimationFrame(sample);\n  };\n  requestAnimationFrame(sample);", "};\n  sample();\n  return window.__clash;")

PLATE_SIZES = [(320, 568), (360, 740), (390, 844), (768, 1024), (1440, 900)]


@pytest.mark.parametrize("game", ["table", "cutthroat"])
def test_the_meld_is_laid_clear_of_every_seat_at_every_moment(server: Any, game: str) -> None:  # noqa: F811
    """The plates open out on the felt without ever lying over a seat, its name or its badges: sampled on every
    frame while they are laid (motion on), and once they have landed, at every size; cutthroat with West's meld
    (the declarer's badge beside it)."""
    a, b, c = triple(game, lambda a, b: melds_laid(a, b) and (game != "cutthroat" or b["declarer"] == "W"))

    def run(browser: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        errors: list[str] = []
        for i, size in enumerate(PLATE_SIZES):
            theme = "dark" if i % 2 else "light"
            ctx, page, script = moving_page(browser, server.url, a, errors, size=size, theme=theme, pace="relaxed")
            page.evaluate(PLATE_SAMPLER)
            script.view = b
            script.send("move")
            page.wait_for_function("n => document.body.dataset.version === n", arg=str(b["version"]))
            page.wait_for_timeout(200)
            shot(page, f"plates-{game}-{size[0]}x{size[1]}-{theme}-laying")
            page.wait_for_function(IDLE)
            settle(page)
            shot(page, f"plates-{game}-{size[0]}x{size[1]}-{theme}-laid")
            got = {"laying": page.evaluate("window.__clash"), "frames": page.evaluate("window.__seen"),
                   "laid": page.evaluate(SETTLED_CLASH), "plates": page.locator("#felt-melds .felt-meld").count()}
            # the first card gathers the meld up (at the Fast pace: a shorter wait to read it first)
            page.evaluate(f"localStorage.setItem('pinochle.settings', {json.dumps(json.dumps({'pace': 'fast'}))})")
            page.evaluate(PLATE_SAMPLER)
            script.view = c
            script.send("move")
            page.wait_for_function("() => document.getAnimations().some((a) => a.id === 'pinochle-meld-gather')")
            page.wait_for_function("n => document.body.dataset.version === n", arg=str(c["version"]))
            page.wait_for_function(IDLE)
            got["gathering"] = page.evaluate("window.__clash")
            got["gathered"] = page.locator("#felt-melds .felt-meld").count()
            out[f"{size[0]}x{size[1]}"] = got
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for size, got in out.items():
        assert got["plates"] > 0 and got["frames"] >= 3, (size, got)
        assert got["laying"] == [], (size, sorted(set(got["laying"])))
        assert got["laid"] == [], (size, got["laid"])
        assert got["gathering"] == [] and got["gathered"] == 0, (size, sorted(set(got["gathering"])), got["gathered"])


# ---------------------------------------------------------------- two-handed: the toast and the score line

def two_handed_views() -> dict[str, View]:
    """Two-handed views of your turn where North has melded and you have not (yet): with the stock (every card
    playable) and in the endgame (some cards of your hand you may not play)."""
    def endgame(a: View, b: View) -> bool:
        play = b["legal"].get("play") or []
        t = b["tricks"][-1] if b["tricks"] else None
        return bool(b["phase"] == "endgame" and play and t and not t["winner"] and t["cards"]
                    and len(set(play)) < len(set(b["hand"])) and b["meld_shown"]["S"] == 0 and b["meld_shown"]["N"] > 0)

    def stock(a: View, b: View) -> bool:
        return (b["phase"] == "stock_play" and b["turn"] == "S" and len(b["tricks"]) > 2
                and b["meld_shown"]["S"] == 0 and b["meld_shown"]["N"] > 0)
    return {"stock": pair("two-handed", stock)[1], "endgame": pair("two-handed", endgame)[1]}


REFUSAL = {"type": "error", "code": "illegal", "message": "you must follow suit, and head the trick if you can"}

TOAST_CLEAR = """() => {
  const t = [...document.querySelectorAll('#toasts .toast')].at(-1).getBoundingClientRect();
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  return [...document.querySelectorAll('#felt > .seat, #status, #sides > *, #centre .card, #hand button.card')]
    .filter((e) => meet(t, e.getBoundingClientRect())).map((e) => e.dataset.seat ?? e.id ?? e.className);
}"""


@pytest.mark.parametrize("size", [(320, 568), (360, 740), (390, 844), (768, 1024), (1440, 900)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_two_handed_the_refusal_lies_clear_of_the_seats_and_the_score_line_shows_your_meld(server: Any,  # noqa: F811
                                                                                         size: tuple[int, int]) -> None:
    """A refused move's toast lies clear of North's seat and yours (and of the status, the score line, the trick
    and your hand); the score line shows your meld ("Meld 0" before you have declared one) beside North's."""
    views = two_handed_views()

    def run(browser: Any) -> dict[str, Any]:
        errors: list[str] = []
        out: dict[str, Any] = {}
        for (name, v), theme in zip(views.items(), ("light", "dark")):
            ctx, page, script = open_fixture(browser, server.url, v, errors, theme=theme, size=size)
            out[name] = {"you": page.locator("[data-testid=side-S-meld]").all_inner_texts(),
                         "north": page.locator("[data-testid=side-N-meld]").all_inner_texts()}
            if name == "endgame":
                page.locator("#hand button.card[data-legal=false]").first.click()
            script.ws.send(json.dumps(REFUSAL))
            page.get_by_test_id("toast").last.wait_for()
            settle(page)
            settle(page)
            shot(page, f"two-handed-{name}-toast-{size[0]}x{size[1]}-{theme}")
            out[name]["over"] = page.evaluate(TOAST_CLEAR)
            ctx.close()
        out["errors"] = errors
        return out

    out = in_browser(run)
    assert out.pop("errors") == []
    for name, got in out.items():
        v = views[name]
        assert got["over"] == [], (name, got["over"])
        assert got["you"] == ["Meld 0"], (name, got)
        assert got["north"] == [f"Meld {v['meld_shown']['N']}"], (name, got)
