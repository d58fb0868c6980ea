"""Fixture views for the browser table: the engine's own views, changed to show
what the engine cannot deal yet: 15, 18 and 20 cards in hand, two and
three players, a player sitting out, a widow, a stock with its turned-up card, and
choosing cards to pass or bury.

Each fixture starts from a real view of South in play (from the engine) so that
every field the page reads is there; only the fields a new game would change are
replaced. ``scripted(page, view)`` serves one over a scripted socket.
"""

from __future__ import annotations

import json
from typing import Any

from pinochle.game import view

from .support import random_states

# the 24 cards of a pinochle deck, each twice: hands of up to 48 cards can be made from it
DECK = [r + s for s in "SHDC" for r in "ATKQJ9"] * 2


def base_play_view() -> dict[str, Any]:
    """South's view in play with a trick in progress and cards that cannot be played."""
    for seed in range(1, 40):
        for state in random_states(seed, max_hands=2):
            v = view(state, 2).to_json()
            tricks, legal = v["tricks"], v["legal"].get("play")
            if (v["phase"] == "play" and legal and tricks and 1 <= len(tricks[-1]["cards"]) <= 3
                    and len(legal) < len(v["hand"]) and len(v["hand"]) >= 10):
                return v
    raise AssertionError("no play state found")


def sorted_cards(cards: list[str]) -> list[str]:
    order = {c: i for i, c in enumerate(DECK[:24])}
    return sorted(cards, key=lambda c: order[c])


def with_hand(v: dict[str, Any], n: int) -> dict[str, Any]:
    """The view with a hand of ``n`` cards (some playable, some not)."""
    hand = sorted_cards(DECK[: n * 2 : 2] if n <= 24 else DECK[:n])
    out = json.loads(json.dumps(v))
    out["hand"] = hand
    out["hand_sizes"] = {s: n for s in out["seats"]}
    out["legal"] = {"play": [c for c in hand if c[1] in "SH"]}
    out["tricks_in_hand"] = n
    return out


def players(v: dict[str, Any], seats: list[str], *, sides: dict[str, list[str]] | None = None,
            sitting_out: list[str] | None = None) -> dict[str, Any]:
    """The view at a table of ``seats`` (play order); each seat a side of its own unless told."""
    out = json.loads(json.dumps(v))
    sides = sides or {s: [s] for s in seats}
    out["seats"] = seats
    out["sides"] = sides
    if sitting_out:
        out["sitting_out"] = sitting_out
    playing = [s for s in seats if s not in (sitting_out or [])]
    n = len(out["hand"])
    out["hand_sizes"] = {s: (0 if s in (sitting_out or []) else n) for s in seats}
    for key in ("tricks_won", "counters", "meld_shown", "totals"):
        out[key] = {side: 10 * i for i, side in enumerate(sides)}
    out["melds"] = {s: None for s in seats}
    # a trick in progress: the first two seats in play after South led and followed
    start = playing.index("S")
    order = [playing[(start + 1 + i) % len(playing)] for i in range(len(playing) - 1)]
    out["tricks"] = [{"leader": order[0], "cards": ["TD", "KD"][: len(order)], "winner": None,
                      "seats": order[:2]}]
    out["turn"] = "S"
    out["dealer"] = playing[-1]
    out["declarer"] = playing[0]
    out["last_hand"] = None
    out["last_earned"] = None
    out["history"] = []
    return out


def fixtures() -> dict[str, dict[str, Any]]:
    v = base_play_view()
    out: dict[str, dict[str, Any]] = {f"hand-{n}": with_hand(v, n) for n in (12, 15, 18, 20)}
    two = players(with_hand(v, 12), ["N", "S"])
    two["stock"] = {"count": 22, "up": "9D"}
    two["turned"] = "9D"  # the engine's turned-trump field, shown beside the stock
    out["two-players-stock"] = two
    three = players(with_hand(v, 15), ["N", "E", "S"])
    three["widow"] = {"count": 3, "cards": []}
    out["three-players-widow"] = three
    # four at a three-handed table: the dealer (West) sits the hand out
    out["sitting-out"] = players(with_hand(v, 15), ["N", "E", "S", "W"], sitting_out=["W"])
    # partnership-pass: the declarer's partner holds 12 and passes 4 (the engine's legal "give")
    choose = with_hand(v, 12)
    choose["phase"] = "exchange"
    choose["tricks"] = []
    choose["declarer"] = "N"
    choose["legal"] = {"give": {"count": 4}}
    out["choose-give"] = choose
    concede = with_hand(v, 12)
    concede["phase"] = "concede"
    concede["tricks"] = []
    concede["legal"] = {"concede": True, "play_on": True}
    out["concede"] = concede
    bury = players(with_hand(v, 15), ["N", "E", "S"])
    bury["phase"] = "bury"
    bury["tricks"] = []
    bury["widow"] = {"count": 3, "cards": ["AS", "TH", "9C"]}
    bury["legal"] = {"bury": {"count": 3}}  # no game buries yet: the shape a widow game would use
    out["choose-bury"] = bury
    return out


#: Double-deck hands of 20 whose meld has many cards in one meld (spades trump): a triple
#: run (three runs), a royal marriage beside them and a quadruple pinochle; double aces
#: twice (four aces of each suit); triple aces and three marriages of one suit; triple kings, a triple
#: pinochle and three royal marriages.
DOUBLE_DECK_HANDS = {
    "S": "AS AS AS TS TS TS KS KS KS QS QS QS QS JS JS JS JD JD JD JD",
    "W": "AS AS AS AS AH AH AH AH AD AD AD AD AC AC AC AC KS QS QS JD",
    "N": "AS AS AS AH AH AH AD AD AD AC AC AC KH KH KH QH QH QH JD QS",
    "E": "KS KS KS KH KH KH KD KD KD KC KC KC QS QS QS JD JD JD QD QC",
}


def double_deck_view(seed: int = 3) -> dict[str, Any]:
    """South's view of a double-deck match (20 cards each) in play, first trick, South to lead; each seat
    has laid down the meld of its hand in ``DOUBLE_DECK_HANDS`` (the engine's meld, spades trump), and South
    holds its own."""
    from pinochle.bots import for_level
    from pinochle.cards import DOUBLE_DECK, parse_cards, pack_deck
    from pinochle.game import Action, apply, auto_action, new_match, turn
    from pinochle.meld import meld
    from pinochle.rules import DOUBLE_DECK_RULES

    # East deals, so South calls first; South declares at 50 and, as the declarer, leads (VARIANTS.md)
    state = new_match(seed=seed, game="double-deck", first_dealer=1)
    bots = [for_level("easy", s) for s in range(4)]
    while not (state.phase == "play" and turn(state) == 2):
        action = auto_action(state)
        if action is None:
            seat = turn(state)
            assert seat is not None
            if state.phase == "auction":
                action = Action.bid_(seat, 50) if seat == 2 else Action.pass_(seat)
            else:
                action = bots[seat].act(view(state, seat))
        state = apply(state, action)
    out = view(state, 2).to_json()
    assert out["game"] == "double-deck" and len(out["hand"]) == 20 and not out["tricks"]
    order = {r + s: i for i, (s, r) in enumerate((s, r) for s in "SHDC" for r in "ATKQJ")}
    out["trump"] = "S"
    out["melds"], out["meld_suits"] = {}, {}
    for seat, text in DOUBLE_DECK_HANDS.items():
        m = meld(pack_deck(parse_cards(text), DOUBLE_DECK), 0, DOUBLE_DECK_RULES)
        out["melds"][seat] = {**m.to_json(), "shown": [str(c) for c in m.shown()]}
        out["meld_suits"][seat] = [it.suit for it in m.items]
    out["meld_shown"] = {side: sum(out["melds"][s]["total"] for s in seats) for side, seats in out["sides"].items()}
    out["hand"] = sorted(DOUBLE_DECK_HANDS["S"].split(), key=lambda c: order[c])
    out["legal"] = {"play": sorted(set(out["hand"]), key=lambda c: order[c])}
    return out


def summary(v: dict[str, Any]) -> dict[str, Any]:
    return {"id": "fx", "kind": "solo", "level": "normal", "hand_number": v["hand_number"], "phase": v["phase"],
            "totals": {"NS": 0, "EW": 0}, "winner": None}


def room_table(names: dict[str, str], computer: tuple[str, ...] = (), away: tuple[str, ...] = ()) -> dict[str, Any]:
    """Table facts of a room where South is you: names per seat, computer guests, people away."""
    return {"kind": "room", "room": "ABCDEFGHJK", "you": "S", "timer": None,
            "seats": {seat: {"name": name, "computer": seat in computer, "connected": seat not in away,
                             "stand_in": False, "next_ready": False} for seat, name in names.items()}}


#: long names and every badge on one seat: the seat boxes must not split a word or overflow
LONG_NAMES = room_table({"N": "West (computer, Normal)", "E": "Maximiliana", "S": "Christopher",
                         "W": "Jo Anne Smithers"}, computer=("N",), away=("E",))


class Scripted:
    """A scripted socket for one page: welcome, then ``show(view)`` sends a state (``table``: table facts;
    ``sealed``: more fields of the match summary, e.g. its ``commitment``)."""

    def __init__(self, v: dict[str, Any], table: dict[str, Any] | None = None,
                 sealed: dict[str, Any] | None = None) -> None:
        self.table = table
        self.sealed = sealed or {}
        self.view = v
        self.ws: Any = None
        self.received: list[dict[str, Any]] = []

    def handler(self, ws: Any) -> None:
        self.ws = ws

        def on_message(text: str | bytes) -> None:
            msg = json.loads(text)
            self.received.append(msg)
            if msg["type"] == "hello":
                seat = {"token": "s" * 32, "room": None, "match": "fx"} if self.table else None
                ws.send(json.dumps({"type": "welcome", "device": "d" * 22,
                                    "match": None if self.table else {**summary(self.view), **self.sealed},
                                    "seat": seat}))
                if self.table:  # a seat's table is resent after the welcome
                    self.send()
            elif msg["type"] == "resume":
                self.send()
            else:
                self.answer(msg)

        ws.on_message(on_message)

    def answer(self, msg: dict[str, Any]) -> None:
        """Answer a message other than ``hello`` and ``resume`` (none here; a test's subclass may)."""

    def send(self, event: str = "resume") -> None:
        match = {**summary(self.view), **self.sealed, **({"kind": self.table["kind"]} if self.table else {})}
        self.ws.send(json.dumps({"type": "state", "match": match, "view": self.view, "event": event,
                                 "table": self.table}))

    def show(self, v: dict[str, Any]) -> None:
        self.view = v
        self.send()
