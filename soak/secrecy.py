"""Secrecy soak (issue 18, item 4): every seat's view at every state of simulated matches
of every playable game holds no hidden card.

Two checks per view (``pinochle.game.view``, or ``view_for_chair`` at a table of 4 or 5):

a. **Card tokens.** Every card named in the view (anywhere in its JSON, keys included)
   is one the seat may see in the current hand (:func:`allowed_cards`): its own hand,
   the played tricks, the melds laid down, the card turned for trump, the passed cards
   (the two partners only), the widow once the auction is over, the buried cards (the
   declarer only), the upcard and the melds on the table (two-handed). The finished
   hands' summaries (``history``, ``last_hand``) hold no card at all. The fields that
   carry hidden cards are checked by name (:func:`check_fields`): ``exchange`` only to
   the two partners and equal to the cards passed, ``widow`` absent until the auction
   ends, ``buried`` only to the declarer, no face-down ``stock`` list.
b. **Indistinguishability.** Every card lying face down outside the seat's own hand
   (the other hands, the widow before the auction ends, the buried cards of another
   seat, the stock and its order) is shuffled among those places, each keeping its
   size (:func:`permute_hidden`): the seat's view must stay byte-identical. (At a
   hand's end the buried cards count in the score, so they are only reordered then.)

The oracles are shared with the unit tests (tests/test_games_properties.py,
tests/test_cutthroat.py, tests/test_two_handed.py import them from here).

Run::

    python -m soak.secrecy --matches 10000 --hands 2 --workers 2
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from pinochle.cards import CARDS, DECKS, Card, Seat, unpack
from pinochle.errors import IllegalAction
from pinochle.game import (
    Action,
    State,
    apply,
    auto_action,
    legal,
    new_match,
    seat_of_chair,
    turn,
    view,
    view_for_chair,
)
from pinochle.games import GAMES

#: Every card token (``"AS"``, ``"TH"``, ``"9C"`` ...).
TOKENS = frozenset(str(c) for c in CARDS)
#: Fields of a view that hold finished hands' summaries: no card may appear in them.
SUMMARIES = ("history", "last_hand")


def card_tokens(obj: object) -> Iterator[str]:
    """Every card token (``"AS"``...) anywhere in a JSON value, dict keys included."""
    if isinstance(obj, str):
        if obj in TOKENS:
            yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from card_tokens(k)
            yield from card_tokens(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from card_tokens(v)


def shown_now(state: State, seat: int) -> Counter[int]:
    """The cards ``seat`` laid down in meld and still holds."""
    m = state.melds[seat]
    if m is None:
        return Counter()
    played = Counter(c for t in state.tricks for i, c in enumerate(t.cards) if t.seat_of(i) == seat)
    return Counter(m.shown()) - played


def allowed_cards(state: State, seat: int | None) -> set[str]:
    """The card tokens ``seat`` may see in the current hand (``None``: a chair sitting the hand out).

    Its hand, the tricks, the laid-down melds, the turned trump card
    (turned-trump), its side's exchange (the declarer and its partner), the widow
    once the auction is over and the buried cards to the declarer (cutthroat,
    auction), the upcard, the melds on the table and those declared (two-handed).
    """
    cards: set[int] = set(unpack(state.hands[seat])) if seat is not None else set()
    cards.update(c for t in state.tricks for c in t.cards)
    for m in state.melds:
        if m is not None:
            cards.update(m.shown())
    if state.turned is not None:  # turned-trump: the dealer's card turned for trump is public
        cards.add(state.turned)
    if state.declarer is not None:
        if seat is not None and seat in (state.declarer, state.declarer.partner) and state.game.players == 4:
            cards.update(c for given in state.exchange for c in given)
        if state.widow:  # turned up for everyone once the auction is over
            cards.update(unpack(state.widow))
        if seat == state.declarer:
            cards.update(state.buried)
    sp = state.stock
    if sp is not None:
        if sp.upcard is not None:
            cards.add(sp.upcard)
        cards.update(t.card for place in sp.table for t in place)
        cards.update(c for d in sp.declared for c in d.item.cards)
    return {str(CARDS[c]) for c in cards}


def check_fields(state: State, seat: int | None, j: dict[str, Any]) -> None:
    """The fields that carry hidden cards, by name (see the module docstring).

    Raises:
        AssertionError: a field shown to a seat that may not see it, or with the wrong cards.
    """
    where = f"{state.game.name} v{state.version} {state.phase} seat {seat}"
    for key in SUMMARIES:
        assert not list(card_tokens(j.get(key))), f"{where}: a card in {key}: {sorted(set(card_tokens(j.get(key))))}"
    if state.exchange and state.declarer is not None:
        partners = seat is not None and seat in (state.declarer, state.declarer.partner)
        assert ("exchange" in j) == partners, f"{where}: the exchange {'not ' if partners else ''}shown"
        if partners:
            assert j["exchange"] == [[str(c) for c in given] for given in state.exchange], f"{where}: exchange"
    if state.widow:
        if state.declarer is None:
            assert "widow" not in j, f"{where}: the widow before the auction ends"
        else:
            assert Counter(j["widow"]) == Counter(str(c) for c in unpack(state.widow)), f"{where}: widow"
    if seat != state.declarer or seat is None:
        assert "buried" not in j, f"{where}: the buried cards to a seat that is not the declarer"
    elif "buried" in j:
        assert Counter(j["buried"]) == Counter(str(c) for c in state.buried), f"{where}: buried"
    assert "stock" not in j and "dealt" not in j, f"{where}: the face-down stock in a view"


def check_tokens(state: State, seat: int | None, j: dict[str, Any]) -> int:
    """Check (a): every card token of the view, outside the summaries, is in :func:`allowed_cards`; how many."""
    seen = [t for k, v in j.items() if k not in SUMMARIES for t in card_tokens({k: v})]
    extra = set(seen) - allowed_cards(state, seat)
    assert not extra, f"{state.game.name} v{state.version} {state.phase}: seat {seat} sees {sorted(extra)}"
    return len(seen)


def check_seat_view(state: State, seat: int) -> dict[str, Any]:
    """Checks (a) and the fields for the view of ``seat``; that view's JSON."""
    j = view(state, seat).to_json()
    check_fields(state, seat, j)
    check_tokens(state, seat, j)
    return j


# ---------------------------------------------------------------- (b) indistinguishability


def hidden_places(state: State, seat: int | None) -> list[tuple[str, int, list[int]]]:
    """The places of the cards face down to ``seat``: ``(kind, seat, cards)``; ``kind`` is
    ``"hand"`` (another seat's hand), ``"widow"`` (before the auction ends), ``"buried"``
    (another seat's buried cards, while the hand is played) or ``"stock"`` (in order)."""
    places: list[tuple[str, int, list[int]]] = []
    deck = DECKS[state.rules.deck]
    for s in state.game.seating.seats:
        if s != seat:
            places.append(("hand", s, [int(c) for c in deck.unpack(state.hands[s])]))
    if state.widow and state.declarer is None:
        places.append(("widow", -1, [int(c) for c in unpack(state.widow)]))
    if state.buried and seat != state.declarer and state.phase not in ("hand_end", "match_end"):
        places.append(("buried", -1, [int(c) for c in state.buried]))
    if state.stock is not None and state.stock.stock:
        places.append(("stock", -1, [int(c) for c in state.stock.stock]))
    return places


def permute_hidden(state: State, seat: int | None, rng: random.Random) -> State | None:
    """``state`` with the cards face down to ``seat`` shuffled among their places (see
    :func:`hidden_places`; each keeps its size, the stock gets a new order), or ``None``
    when nothing can move. At a hand's end the buried cards are reordered among themselves
    (their points are in the score, so they stay buried)."""
    places = hidden_places(state, seat)
    pool = [c for _, _, cards in places for c in cards]
    buried_only = (bool(state.buried) and seat != state.declarer and state.phase in ("hand_end", "match_end"))
    if len(set(pool)) < 2 and not (buried_only and len(state.buried) > 1):
        return None
    rng.shuffle(pool)
    deck = DECKS[state.rules.deck]
    hands = list(state.hands)
    changes: dict[str, Any] = {}
    i = 0
    for kind, s, cards in places:
        part = pool[i:i + len(cards)]
        i += len(cards)
        if kind == "hand":
            hands[s] = deck.pack(part)
        elif kind == "widow":
            changes["widow"] = deck.pack(part)
        elif kind == "buried":
            changes["buried"] = tuple(CARDS[c] for c in part)
        else:
            assert state.stock is not None
            changes["stock"] = replace(state.stock, stock=tuple(CARDS[c] for c in part))
    if buried_only:
        b = list(state.buried)
        rng.shuffle(b)
        changes["buried"] = tuple(b)
    return replace(state, hands=(hands[0], hands[1], hands[2], hands[3]), **changes)


def dumps(j: object) -> str:
    return json.dumps(j, ensure_ascii=False)


# ---------------------------------------------------------------- simulated matches


def random_action(state: State, rng: random.Random) -> Action:
    """A random legal action of the seat to move (the engine's automatic move when it has no choice).

    Auction: a pass (60 % when allowed) or a bid of the minimum or a jump; card
    pass and bury: random cards of the allowed ones (a concession 20 % of the
    time when offered with the bury); otherwise a uniformly random legal action.
    """
    auto = auto_action(state)
    if auto is not None:
        return auto
    who = turn(state)
    assert who is not None
    lg = legal(state, who)
    if lg.min_bid is not None and (not lg.pass_ or rng.random() < 0.4):
        bid = min(lg.min_bid + lg.bid_step * rng.choice([0, 0, 0, 1, 5]), lg.bid_limit)
        if bid in lg.skip_bids:
            bid = lg.min_bid
        return Action.bid_(who, bid)
    if lg.pass_:
        return Action.pass_(who)
    if lg.give:
        return Action.give(who, rng.sample(unpack(state.hands[who]), lg.give))
    if lg.bury:
        if lg.concede and rng.random() < 0.2:
            return Action.concede(who)
        return Action.bury(who, rng.sample(list(lg.bury_from), lg.bury))
    return rng.choice(lg.actions(who))


def states(game: str, seed: int, players: int | None = None, max_hands: int | None = None) -> Iterator[State]:
    """Every state of one random match (``max_hands``: stop after that many finished hands)."""
    rng = random.Random(f"{game}/{players}/{seed}")
    state = new_match(seed=seed, game=game, players=players)
    yield state
    for _ in range(20_000):
        if state.phase == "match_end" or (max_hands is not None and len(state.history) + len(state.thrown) >= max_hands):
            return
        action = random_action(state, rng)
        try:
            state = apply(state, action)
        except IllegalAction:  # a jump bid the auction does not take: bid the minimum
            lg = legal(state, action.seat)
            assert lg.min_bid is not None, action
            state = apply(state, Action.bid_(action.seat, lg.min_bid))
        yield state
    raise AssertionError(f"{game} seed {seed}: no match end after 20,000 actions")


def viewers(state: State) -> list[tuple[int | None, int | None]]:
    """``(chair, seat)`` of everyone who gets a view: every seat, or at a table of 4 or 5 every chair
    (``seat`` ``None`` for a chair sitting the hand out)."""
    if state.lineup:
        return [(c, seat_of_chair(state, c)) for c in range(state.table_size)]
    return [(None, s) for s in state.game.seating.seats]


def check_state(state: State, rng: random.Random) -> tuple[int, int, int]:
    """Checks (a) and (b) for every viewer of ``state``; ``(views, cards, permutations)`` checked."""
    views = cards = perms = 0
    for chair, seat in viewers(state):
        def see(s: State) -> dict[str, Any]:
            return (view_for_chair(s, chair) if chair is not None else view(s, seat)).to_json()  # type: ignore[arg-type]
        j = see(state)
        check_fields(state, seat, j)
        cards += check_tokens(state, seat, j)
        views += 1
        moved = permute_hidden(state, seat, rng)
        if moved is not None:
            assert dumps(see(moved)) == dumps(j), (
                f"{state.game.name} v{state.version} {state.phase}: the view of "
                f"{'chair ' + str(chair) if chair is not None else Seat(seat)} changes when hidden cards move")  # type: ignore[arg-type]
            perms += 1
    return views, cards, perms


@dataclass(frozen=True)
class Config:
    """One kind of simulated match: a game and its number of players."""

    game: str
    players: int | None = None

    def __str__(self) -> str:
        return self.game if self.players is None else f"{self.game}@{self.players}"


def configs() -> list[Config]:
    """Every playable game (the engine's: two-handed included), auction at each of its table sizes."""
    out: list[Config] = []
    for name, g in GAMES.items():
        if not g.playable:
            continue
        sizes = [s for s in g.sizes if s != g.seating.players]
        out.append(Config(name, g.seating.players if sizes else None))
        out.extend(Config(name, s) for s in sizes)
    return out


def run_match(task: tuple[str, int | None, int, int | None]) -> dict[str, Any]:
    """One simulated match, every state checked: counts, or the failure."""
    game, players, seed, max_hands = task
    rng = random.Random(seed)
    counts = Counter[str]()
    t0 = time.process_time()
    try:
        for state in states(game, seed, players, max_hands):
            v, c, p = check_state(state, rng)
            counts["states"] += 1
            counts["views"] += v
            counts["cards"] += c
            counts["permutations"] += p
            counts["actions"] = state.version
            if state.phase in ("hand_end", "match_end"):
                counts["hands"] = len(state.history)
            if state.phase == "match_end":
                counts["finished"] = 1
    except AssertionError as err:
        return {"config": str(Config(game, players)), "seed": seed, "failure": str(err)}
    return {"config": str(Config(game, players)), "seed": seed, **counts, "cpu": time.process_time() - t0}


def soak(matches: int, max_hands: int | None, workers: int, seed: int = 0,
         only: list[str] | None = None) -> dict[str, Any]:
    """``matches`` simulated matches shared evenly across :func:`configs`; per-config totals and failures."""
    cfgs = [c for c in configs() if only is None or str(c) in only or c.game in only]
    tasks = [(c.game, c.players, seed + i // len(cfgs), max_hands) for i, c in enumerate(cfgs * (matches // len(cfgs) + 1))]
    tasks = tasks[:matches]
    t0 = time.monotonic()
    per: dict[str, Counter[str]] = {str(c): Counter() for c in cfgs}
    failures: list[dict[str, Any]] = []
    if workers > 1:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            results = list(pool.imap_unordered(run_match, tasks, chunksize=4))
    else:
        results = [run_match(t) for t in tasks]
    for r in results:
        if "failure" in r:
            failures.append(r)
            continue
        per[r["config"]].update({k: v for k, v in r.items() if isinstance(v, (int, float)) and k != "seed"})
        per[r["config"]]["matches"] += 1
    return {"seconds": time.monotonic() - t0, "per": {k: dict(v) for k, v in per.items()}, "failures": failures,
            "matches": len(tasks), "max_hands": max_hands, "workers": workers}


def report(out: dict[str, Any]) -> str:
    """A Markdown table of a :func:`soak` result."""
    lines = ["| game | matches | to the end | hands | states | views | permutations | CPU s |", "|---|---:|---:|---:|---:|---:|---:|---:|"]
    tot = Counter[str]()
    for name, c in out["per"].items():
        lines.append(f"| {name} | {c.get('matches', 0):,} | {c.get('finished', 0):,} | {c.get('hands', 0):,} | {c.get('states', 0):,}"
                     f" | {c.get('views', 0):,} | {c.get('permutations', 0):,} | {c.get('cpu', 0):,.0f} |")
        tot.update(c)
    lines.append(f"| all | {tot['matches']:,} | {tot['finished']:,} | {tot['hands']:,} | {tot['states']:,} | {tot['views']:,}"
                 f" | {tot['permutations']:,} | {tot['cpu']:,.0f} |")
    lines.append("")
    lines.append(f"{len(out['failures'])} failures; {out['seconds']:.0f} s wall with {out['workers']} workers; "
                 f"first {out['max_hands']} hands of each match" if out["max_hands"] else "whole matches")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--matches", type=int, default=10_000, help="simulated matches in all (shared evenly across the games)")
    ap.add_argument("--hands", type=int, default=None, help="stop each match after this many hands (default: play it out)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--game", action="append", help="only these games (e.g. auction@4); repeatable")
    ap.add_argument("--json", help="write the result here")
    args = ap.parse_args(argv)
    out = soak(args.matches, args.hands, args.workers, args.seed, args.game)
    print(report(out))
    for f in out["failures"][:20]:
        print("FAIL", f, file=sys.stderr)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(out, fh, indent=1)
    return 1 if out["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
