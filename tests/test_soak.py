"""The soak tests of soak/ at CI size (the full-size results are in docs/reliability.md).

- restarts: 3 kill -9 cycles (2 in a room of two people, 1 solo);
- fuzzing: 2,000 generated frames while another person plays;
- secrecy: one whole match of every game (the auction at 4 players) and the first hands of the
  auction at 3 and 5;
- the checks can fail: a view that shows another hand fails both secrecy checks, whether the View
  objects or only their JSON differ; the memo of finished hands' summaries still finds a card;
- a regression found by the fuzz soak: a client that leaves while its messages are handled
  left a traceback in the server's log.
"""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

import pytest

from pinochle.cards import Card, Seat, unpack
from pinochle.game import State, View, new_match, view
from pinochle.games import GAMES
from soak import fuzz, restarts, secrecy
from pinochle.server.app import create_app



def test_restarts(tmp_path: Path) -> None:
    out = restarts.soak(3, room_cycles=2, tmp=tmp_path)
    assert out["cycles"] == out["acknowledged"] == 3
    assert out["resumes"] == 2 * 2 + 1  # two people in the room, one solo
    assert out["seat_views_compared"] == 3 * 4
    assert out["starts"] == 4


def test_fuzz(tmp_path: Path) -> None:
    out = fuzz.soak(2000, seed=1, tmp=tmp_path)
    assert out["frames"] >= 2000 and out["synced"] > 0
    assert out["other"]["matches"] >= 1 and out["other"]["person_moves"] > 30
    assert set(out["kinds"]) >= {"valid", "mutated", "json", "bytes", "binary", "deep", "oversized"}
    assert out["closes"].get("1009", 0) >= 1 and "error:server" not in out["answers"]


def test_the_protocol_doc_lists_the_enums() -> None:
    ok = fuzz.listed()
    assert "bad_message" in ok.errors and 1009 in ok.closes and {"pong", "matched"} <= ok.types


def test_secrecy() -> None:
    """The full soak's path at its smallest: one whole match of every game (seed 37: short matches;
    the auction at 4 players), to its end, every viewer's view at every state; the first hands of the
    auction at 3 and 5 (every chair's view, the one sitting out included)."""
    cfgs = secrecy.configs()
    assert {str(c) for c in cfgs} >= {"table", "cutthroat", "auction@3", "auction@4", "auction@5", "two-handed"}
    out = secrecy.whole(1, seed=37)
    assert not out["failures"], out["failures"][:3]
    games = {c.game for c in cfgs}
    assert set(out["games"]) == games and out["matches"] == len(games) and not out["stopped"]
    assert "auction@4" in out["per"]
    for name, c in out["games"].items():
        assert c["matches"] == c["finished"] == 1 and c["phase:match_end"] == 1, name
        assert c["hands"] >= 2 and c["views"] > c["states"] > c["hands"] and c["permutations"] > 0, name
        kinds = {k.split(":")[1] for k in c if k.startswith("action:")}
        g = GAMES[name]
        # the moves of a phase a house rule opens are not made under the game's own rules (turned-trump's
        # dix exchange, dix_exchange=true: tests/test_dix_exchange.py checks its secrecy)
        made = {a for ph in g.phases if not (ph.name == "dix_exchange" and not g.rules.dix_exchange)
                for a in ph.actions}
        assert made - {"concede", "play_on", "dix"} <= kinds <= made, (name, kinds)
    lines = secrecy.summary_lines(out)
    assert len(lines) == len(games) and all(line.endswith(" 0 leaks") for line in lines)
    first = secrecy.soak(2, max_hands=1, workers=1, only=["auction@3", "auction@5"])
    assert not first["failures"] and all(c["matches"] == 1 and c["views"] > 0 for c in first["per"].values())


def _next_hand(state: State, seat: int) -> list[Card]:
    """The cards of the seat after ``seat`` (a hidden hand)."""
    other = (seat + 1) % 4
    while other not in state.game.seating.seats:
        other = (other + 1) % 4
    return unpack(state.hands[other])


def _leaky(state: State, seat: int, tokens: bool = True) -> View:
    """A view that also shows the next seat's hand (what a bug would do); ``tokens=False``: only a number
    computed from it (no card token to see), in a field of the view (``concede_cost``, written into its JSON)."""
    cards = _next_hand(state, seat)
    return replace(view(state, seat),
                   concede_cost={"peek": [str(c) for c in cards] if tokens else sum(i * c for i, c in enumerate(cards))})


def _plain(v: View) -> View:
    return View(**{f.name: getattr(v, f.name) for f in fields(View)})


@dataclass(frozen=True, eq=False)
class _LeakyJson(View):
    """A view whose fields are honest (it equals the honest view) but whose JSON shows a number
    computed from a hidden hand."""

    peek: int = 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, View) and _plain(self) == _plain(other)

    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> dict[str, object]:
        return {**super().to_json(), "peek": self.peek}


def _leaky_json(state: State, seat: int) -> View:
    cards = _next_hand(state, seat)
    return _LeakyJson(**{f.name: getattr(view(state, seat), f.name) for f in fields(View)},
                      peek=sum(i * c for i, c in enumerate(cards)))


def test_the_secrecy_soak_with_computer_players() -> None:
    """``--policy easy``: the app's Easy players make the moves (10 % random ones); the matches end,
    every state is checked, and no computer move had to be replaced after an error."""
    out = secrecy.whole(1, seed=37, only=["table", "two-handed"], policy="easy")
    assert not out["failures"] and out["policy"] == "easy" and set(out["games"]) == {"table", "two-handed"}
    for name, c in out["games"].items():
        assert c["finished"] == 1 and c["bot_errors"] == 0 and c["views"] > c["states"] > c["hands"] >= 1, name
    assert "moves: easy computer players" in secrecy.whole_report(out)


def test_soak_runs_pool_into_one_result() -> None:
    """Runs of the whole soak on different seeds add up (``--pool``); a match checked twice is refused."""
    a = secrecy.whole(1, seed=20_000, only=["racehorse", "britannica"])
    b = secrecy.whole(2, seed=20_001, only=["britannica"])
    both = secrecy.pool([a, b])
    assert both["matches"] == 4 and both["games"]["britannica"]["matches"] == 3 and both["per_game"] == 1
    assert both["games"]["britannica"]["views"] == a["games"]["britannica"]["views"] + b["games"]["britannica"]["views"]
    assert secrecy.run_seeds(b) == [("britannica", 20_001), ("britannica", 20_002)] and len(both["runs"]) == 2
    assert "pooled from 2 runs" in secrecy.whole_report(both)
    with pytest.raises(ValueError, match="britannica seed 20001 is in runs 0 and 1"):
        secrecy.pool([b, b])


def test_a_match_that_fails_is_an_error_and_the_soak_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """A match that cannot go on (an exception that is not a failed check, like the bury that once asked for
    3 cards from 2) is reported with its game, seed and traceback, not as a leak, and the other matches run."""
    honest = secrecy.random_action

    def broken(state: State, rng: random.Random) -> Any:
        if state.game.name == "britannica":
            raise ValueError("Sample larger than population or is negative")
        return honest(state, rng)
    monkeypatch.setattr(secrecy, "random_action", broken)
    out = secrecy.whole(1, seed=20_000, only=["racehorse", "britannica"])
    [error] = out["failures"]
    assert error["config"] == "britannica" and error["seed"] == 20_000 and "Traceback" in error["error"]
    assert out["games"]["racehorse"]["finished"] == 1 and out["matches"] == 2
    assert "0 leaks, 1 errors" in secrecy.whole_report(out)


def test_the_secrecy_checks_catch_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    state = new_match(seed=3, game="cutthroat")
    secrecy.check_state(state, random.Random(0), json_share=1.0)  # the honest views pass
    j = _leaky(state, Seat.E).to_json()
    with pytest.raises(AssertionError, match="sees"):  # (a): tokens the seat may not see
        secrecy.check_tokens(state, Seat.E, j)
    # (b): the leaky view changes when the hidden cards move, even where (a) could not tell; caught by
    # comparing the View objects alone (no JSON comparison) ...
    monkeypatch.setattr(secrecy, "view", lambda state, seat: _leaky(state, seat, tokens=False))
    with pytest.raises(AssertionError, match="changes when hidden cards move"):
        secrecy.check_state(state, random.Random(0), json_share=0.0)
    # ... and by the JSON comparison (of a sampled share) when only the JSON leaks
    monkeypatch.setattr(secrecy, "view", _leaky_json)
    secrecy.check_state(state, random.Random(0), json_share=0.0)  # equal as View objects
    with pytest.raises(AssertionError, match="changes when hidden cards move"):
        secrecy.check_state(state, random.Random(0), json_share=1.0)


def test_the_summaries_memo_still_sees_a_card() -> None:
    """A finished hand's summary is checked once per match (the memo); a card in a later summary, or
    in one that differs from the summary checked before, is still found."""
    state = new_match(seed=3, game="table")
    j = view(state, Seat.N).to_json()
    memo = secrecy.Memo()
    clean = {"number": 1, "bid": 250}
    secrecy.check_fields(state, Seat.N, {**j, "history": [clean]}, memo)
    secrecy.check_fields(state, Seat.N, {**j, "history": [dict(clean)]}, memo)  # equal: not scanned again
    assert memo.summaries == [clean]
    with pytest.raises(AssertionError, match="a card in history"):
        secrecy.check_fields(state, Seat.N, {**j, "history": [clean, {"number": 2, "x": ["QS"]}]}, memo)
    with pytest.raises(AssertionError, match="a card in history"):
        secrecy.check_fields(state, Seat.N, {**j, "history": [{**clean, "AS": 1}]}, memo)
    with pytest.raises(AssertionError, match="a card in last_hand"):
        secrecy.check_fields(state, Seat.N, {**j, "history": [clean], "last_hand": {"x": "JD"}}, memo)


def test_the_token_scan_finds_what_the_walk_finds() -> None:
    """The text scan of check (a) finds every token :func:`secrecy.card_tokens` finds (keys too), and
    more only where a string ends in an escaped quote and a token (stricter)."""
    value = {"AS": ["TH", {"x": "9C"}], "n": "AS ", "Q S": ["QSX", "\"QD\""], "k": [["JD"]]}
    assert sorted(secrecy.tokens_in(value)) == sorted(secrecy.card_tokens(value)) == ["9C", "AS", "JD", "TH"]
    assert secrecy.tokens_in(["say \"KD"]) == ["KD"] and not list(secrecy.card_tokens(["say \"KD"]))


def test_the_shared_fields_shortcut_still_sees_a_card() -> None:
    """Check (a) scans the fields every viewer of a state shares once (:class:`secrecy.Shared`): a card
    a later viewer may not see is still found, in a shared field that differs for that viewer, in a
    field the first viewer did not have, or in a shared field the first viewer may see and it may not."""
    state = new_match(seed=3, game="table")
    public = secrecy.public_cards(state)
    north = view(state, Seat.N).to_json()
    east_hand = [str(c) for c in unpack(state.hands[Seat.E])]
    for later in ({**view(state, Seat.S).to_json(), "tricks": [{"cards": east_hand[:1]}]},  # differs from N's
                  {**view(state, Seat.S).to_json(), "peek": east_hand[:1]}):  # a field N had not
        shared = secrecy.Shared()
        secrecy.check_tokens(state, Seat.N, north, public, shared)
        assert shared.fields and "hand" not in shared.fields
        with pytest.raises(AssertionError, match="sees"):
            secrecy.check_tokens(state, Seat.S, later, public, shared)
    # North's own cards in a shared field: fine for North, a leak to South, which shares the field
    leaky = {**north, "tricks": [{"cards": [str(c) for c in unpack(state.hands[Seat.N])][:1]}]}
    shared = secrecy.Shared()
    secrecy.check_tokens(state, Seat.N, leaky, public, shared)
    south = {**view(state, Seat.S).to_json(), "tricks": leaky["tricks"]}
    with pytest.raises(AssertionError, match="sees"):
        secrecy.check_tokens(state, Seat.S, south, public, shared)


def test_the_shuffle_of_one_viewer_a_state_still_catches_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """(b) for one viewer of each state, drawn at random (the whole soak's default): a view that changes
    with the hidden cards is caught whichever viewer is drawn, and the counts say one shuffle a state."""
    state = new_match(seed=3, game="cutthroat")
    views, _, perms = secrecy.check_state(state, random.Random(0), shuffle_all=False)
    assert views == 3 and perms == 1
    monkeypatch.setattr(secrecy, "view", lambda state, seat: _leaky(state, seat, tokens=False))
    for seed in range(6):
        with pytest.raises(AssertionError, match="changes when hidden cards move"):
            secrecy.check_state(state, random.Random(seed), json_share=0.0, shuffle_all=False)


def test_a_client_that_leaves_while_its_messages_are_handled_leaves_no_traceback(tmp_path: Path) -> None:
    """Found by the fuzz soak (a client that sends many frames and is gone at once): a send through the
    room's hub meets the closed socket and drops it quietly; the next answer sent directly then raised
    Starlette's RuntimeError out of the endpoint, a traceback in the server's log. Driven through ASGI
    here, the socket failing from the moment the frame ``ready`` is read."""
    app = create_app(tmp_path / "leave.db", bot_delay=0)
    frames = [{"type": "hello", "device": None}, {"type": "create_room", "name": "Ann"},
              {"type": "ready", "ready": True}, {"type": "ready", "ready": "yes"}]
    incoming: list[dict[str, Any]] = [{"type": "websocket.connect"}]
    incoming += [{"type": "websocket.receive", "text": json.dumps(f)} for f in frames]
    incoming.append({"type": "websocket.disconnect", "code": 1006})
    sent: list[dict[str, Any]] = []
    gone = False

    async def receive() -> dict[str, Any]:
        nonlocal gone
        msg = incoming.pop(0)
        gone = gone or '"ready": true' in msg.get("text", "")
        return msg

    async def send(msg: dict[str, Any]) -> None:
        if gone:
            raise OSError("the client has gone")
        sent.append(msg)

    scope = {"type": "websocket", "path": "/ws", "raw_path": b"/ws", "headers": [(b"host", b"testserver")],
             "query_string": b"", "scheme": "ws", "client": ("127.0.0.1", 5000), "server": ("testserver", 80),
             "subprotocols": [], "asgi": {"version": "3.0"}}
    asyncio.run(app(scope, receive, send))  # raised RuntimeError before the fix
    kinds = [json.loads(m["text"])["type"] for m in sent if m["type"] == "websocket.send"]
    assert kinds[:2] == ["welcome", "joined"], kinds
