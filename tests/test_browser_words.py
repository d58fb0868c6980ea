"""The sentences the table builds from real engine views, in every game that reaches them.

The page's own modules (``/static/words.js``, ``seats.js``, ``announcer.js``, ``views/dialogs.js``) are
imported in Chromium and given views the engine made (the server's automatic moves applied first), so
each sentence is checked against the game state it describes. Each case is a bug a review of the
in-table texts found:

- britannica and double-deck: the first caller must open, so "or pass" is not offered;
- auction at 4 chairs: the result named no winner ("Match over": the view names it "chair 3");
- racehorse: a concession read "went set" and "the bid is taken off" (a failed or conceding side scores
  nothing there), and "meld and counters came to" left out the meld measured against the bid;
- turned-trump: the summary read "bid null" and the spoken result "Them" mid-sentence;
- cutthroat: trump named was followed by "Meld: us 0, them 20" (only the declarer melds).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pinochle.cards import Seat
from pinochle.game import State, apply, auto_action, legal_actions, new_match, turn, view
from pinochle.chairs import view_for_chair

from .test_browser import TIMEOUT_MS
from .test_browser import pytestmark  # noqa: F401  (skip without Chromium)
from .test_browser_layout import in_browser, server  # noqa: F401  (server: the module's live server)


def settle(state: State) -> State:
    """The automatic moves made, as the server makes them before a view is sent."""
    while (a := auto_action(state)) is not None:
        state = apply(state, a)
    return state


def run(game: str, seed: int, players: int | None = None, pick: Callable[[list[Any]], Any] | None = None,
        until: Callable[[State, State], bool] | None = None) -> tuple[State, State]:
    """A random match (bids 40 % of the time, ``pick`` first when it chooses); the states before and at
    the first moment ``until(before, now)`` holds, or at the match's end."""
    state = settle(new_match(seed=seed, game=game, players=players))
    rnd = random.Random(seed)
    prev = state
    while state.phase != "match_end":
        if until is not None and until(prev, state):
            return prev, state
        who = turn(state)
        assert who is not None
        acts = legal_actions(state, who)
        a = pick(acts) if pick else None
        if a is None:
            kinds = {x.type: x for x in acts}
            a = kinds["bid"] if "bid" in kinds and rnd.random() < 0.4 else kinds.get("pass") or rnd.choice(acts)
        prev, state = state, settle(apply(state, a))
    return prev, state


def choose(kind: str) -> Callable[[list[Any]], Any]:
    return lambda acts: next((a for a in acts if a.type == kind), None)


def views() -> dict[str, Any]:
    """The views of each case (``_prev``: the view just before, for the announcer)."""
    out: dict[str, Any] = {}
    for game in ("table", "britannica", "double-deck"):
        s = settle(new_match(seed=1, game=game))
        out[f"{game}_open"] = view(s, turn(s)).to_json()  # type: ignore[arg-type]
    p, s = run("racehorse", 1, pick=choose("concede"), until=lambda p, s: s.phase == "hand_end" and s.conceded)
    out["racehorse_conceded"], out["racehorse_conceded_prev"] = view(s, Seat.S).to_json(), view(p, Seat.S).to_json()
    p, s = run("racehorse", 3, pick=choose("play_on"),
               until=lambda p, s: s.phase == "hand_end" and bool(s.history) and not s.history[-1].score.made)
    out["racehorse_set"], out["racehorse_set_prev"] = view(s, Seat.S).to_json(), view(p, Seat.S).to_json()
    out["racehorse_set_measured"] = {  # what the scorer measured against the bid, per side
        n: m + c for n, m, c in zip(("NS", "EW"), s.history[-1].score.meld, s.history[-1].score.counters)}
    p, s = run("turned-trump", 1, until=lambda p, s: s.phase == "hand_end")
    out["tt_end"], out["tt_end_prev"] = view(s, Seat.S).to_json(), view(p, Seat.S).to_json()
    p, s = run("auction", 1, players=4)
    out["a4_end"], out["a4_end_prev"] = view_for_chair(s, 0).to_json(), view_for_chair(p, 0).to_json()
    out["a4_winner"] = s.winner
    p, s = run("cutthroat", 1, until=lambda p, s: p.trump is None and s.trump is not None)
    out["ct_trump"], out["ct_trump_prev"] = view(s, Seat.S).to_json(), view(p, Seat.S).to_json()
    return out


SENTENCES = """async (V) => {
  const W = await import('/static/words.js');
  const { seating } = await import('/static/seats.js');
  const A = await import('/static/announcer.js');
  const D = await import('/static/views/dialogs.js');
  const chairTable = (v) => ({ kind: 'solo', chair: v.chair, you: v.sits_out ? null : v.seat,
    seats: Object.fromEntries(v.chair_totals.map((_, c) => [String(c),
      { name: c === 0 ? 'You' : `Player ${c + 1}`, computer: c !== 0, connected: true }])) });
  const sOf = (v) => seating(v, v.lineup ? chairTable(v) : null);
  const spoken = (key) => {
    const box = document.getElementById('announcer');
    box.textContent = '';
    A.announceChanges(sOf(V[key]), V[key + '_prev'], V[key]);
    return box.textContent;
  };
  const summary = (key) => {
    const v = V[key];
    D.renderSummary({ v, s: sOf(v), waiting: [], match: { id: 'm', kind: 'solo' }, table: null });
    return document.getElementById('summary-body').textContent;
  };
  const out = { status: {}, spoken: {}, summary: {} };
  for (const g of ['table', 'britannica', 'double-deck']) out.status[g] = W.statusText(sOf(V[g + '_open']), V[g + '_open']);
  out.result_a4 = W.resultTitle(sOf(V.a4_end), V.a4_end.winner);
  for (const k of ['racehorse_conceded', 'racehorse_set']) {
    const v = V[k];
    out[k] = W.handResultSentence(sOf(v), v.last_hand, v.last_earned);
    out[k + '_earned'] = v.last_earned;
  }
  for (const k of ['racehorse_conceded', 'tt_end', 'ct_trump']) out.spoken[k] = spoken(k);
  for (const k of ['racehorse_conceded', 'racehorse_set', 'tt_end']) {
    out.summary[k] = summary(k);
    if (k === 'racehorse_set') out.kept_set = [...document.querySelectorAll('#summary-body tbody tr')].find((r) => /^Set: bid \\d+ not made, meld and counters lost/.test(r.textContent))?.textContent;
  }
  out.tt_verdict_class = document.querySelector('#summary-body [data-testid=verdict]').className;
  return out;
}"""


def test_the_tables_sentences_are_true_in_every_game(server: Any) -> None:  # noqa: F811
    cases = views()

    def body(browser: Any) -> dict[str, Any]:
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        ctx.set_default_timeout(TIMEOUT_MS)
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url)
        page.wait_for_function("() => document.getElementById('announcer') !== null")
        out: dict[str, Any] = page.evaluate(SENTENCES, cases)
        out["errors"] = errors
        ctx.close()
        return out

    out = in_browser(body)
    assert out["errors"] == [], out["errors"]
    status = out["status"]
    for game in ("table", "double-deck"):  # the first caller may pass (double-deck: the dealer is then stuck at 50)
        assert status[game].endswith(", or pass."), status
    # britannica's first caller must open
    # britannica's first caller must open, and is told so (the eleventh review: "open the bidding at 10 or more" read
    # as a choice, with no Pass button beside it and nothing saying why)
    assert status["britannica"] == ("Your turn: you must open the bidding, at 10 or more (the first to call may not"
                                    " pass)."), status
    winner = cases["a4_winner"]
    assert out["result_a4"] == ("You win!" if winner == 0 else f"Player {winner + 1} wins"), out["result_a4"]
    conceded = out["racehorse_conceded"]
    assert "conceded the bid of" in conceded and "nothing this hand" in conceded and "taken off" not in conceded
    assert "conceded" in out["spoken"]["racehorse_conceded"] and "went set" not in out["spoken"]["racehorse_conceded"]
    assert "Conceded" in out["summary"]["racehorse_conceded"], out["summary"]["racehorse_conceded"]
    set_ = out["racehorse_set"]
    assert "went set at" in set_ and "nothing this hand" in set_ and "taken off" not in set_, set_
    declaring = cases["racehorse_set"]["last_hand"]["declarer"]
    side = "NS" if declaring in ("N", "S") else "EW"
    measured = cases["racehorse_set_measured"][side]
    assert out["racehorse_set_earned"][side] == measured and f"came to {measured}," in set_, (set_, measured)
    # the set side keeps no meld though its meld counted toward the bid: its row says it lost meld and
    # counters (0) and the table says why, so that the rows add up; a hand without that has no note
    for k in ("racehorse_set", "racehorse_conceded"):
        assert "a declarer who does not make the bid keeps none of it" in out["summary"][k], out["summary"][k]
    # the part that takes off what the set side took shows no number of its own (tests/test_browser_summary_rows.py)
    assert out["kept_set"] and "none scored" in out["kept_set"], out["kept_set"]
    assert "keeps none" not in out["summary"]["tt_end"]
    tt_spoken = out["spoken"]["tt_end"]
    assert "Hand over:" in tt_spoken and "Them" not in tt_spoken and "them" in tt_spoken, tt_spoken
    assert "null" not in out["summary"]["tt_end"] and "bid" not in out["summary"]["tt_end"], out["summary"]["tt_end"]
    # a hand without a contract is green only when you scored more (never green when you lost)
    score = cases["tt_end"]["last_hand"]["score"]
    assert out["tt_verdict_class"] == ("verdict made" if score["NS"] > score["EW"] else "verdict"), (out, score)
    ct = out["spoken"]["ct_trump"]
    declarer = cases["ct_trump"]["declarer"]
    total = cases["ct_trump"]["melds"][declarer]["total"]
    assert "Meld: us" not in ct and f"melds {total}:" in ct, ct


THINKING = """async () => {
  const W = await import('/static/words.js');
  const s = (f) => ({ isMe: (x) => x === 'S', name: (x) => (x === 'N' ? 'Bob' : 'West'), facts: () => f });
  const person = (connected, stand_in) => ({ computer: false, connected, stand_in });
  return {
    mine: W.thinking(s(person(true, false)), 'S'),
    here: W.thinking(s(person(true, false)), 'N'),
    away: W.thinking(s(person(false, false)), 'N'),
    stand_in: W.thinking(s(person(false, true)), 'N'),
    computer: W.thinking(s({ computer: true, connected: true, stand_in: false }), 'W'),
    solo: W.thinking({ isMe: () => false, name: () => 'West' }, 'W'),
  };
}"""


def test_the_status_says_a_person_to_move_is_away(server: Any) -> None:  # noqa: F811
    """After a person dropped out on their turn, the others read "Bob is
    thinking…" for the minute before a computer took over. The line now follows the table's facts."""
    def body(browser: Any) -> dict[str, str]:
        page = browser.new_page()
        page.goto(server.url)
        out: dict[str, str] = page.evaluate(THINKING)
        page.close()
        return out

    out = in_browser(body)
    assert out == {
        "mine": "Your turn", "here": "Bob is thinking…",
        "away": "Bob is away: a computer plays for them if they do not come back soon.",
        "stand_in": "A computer plays for Bob…", "computer": "West is thinking…", "solo": "West is thinking…",
    }, out
