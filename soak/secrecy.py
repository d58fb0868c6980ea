"""Secrecy soak: every seat's view at every state of simulated matches
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

Cost. A view carries every finished hand's summary, so (a) checks each summary once per
match (:class:`Memo`) and finds tokens by a scan of the view's JSON text (:data:`TOKEN_TEXT`);
(b) compares the two views as :class:`~pinochle.game.View` objects (their JSON is made from
their fields alone) and also as JSON text for a sampled share (``--json-share``, 5 %).
The moves are :func:`random_action`'s: uniformly random legal moves, with an auction that lets
matches end.

Run::

    python -m soak.secrecy --whole --matches 10000 --workers 1   # whole matches, 10,000 of each game
    python -m soak.secrecy --matches 10000 --hands 1             # first hands, 10,000 in all
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import re
import sys
import time
from collections import Counter, deque
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from itertools import islice
from typing import Any

from pinochle.cards import CARDS, DECKS, Card, Seat, unpack
from pinochle.errors import IllegalAction
from pinochle.game import Action, State, apply, auction_status, auto_action, legal, new_match, turn, view
from pinochle.chairs import seat_of_chair, view_for_chair
from pinochle.games import GAMES

#: Every card token (``"AS"``, ``"TH"``, ``"9C"`` ...).
TOKENS = frozenset(str(c) for c in CARDS)
#: A card's token by its number.
TOKEN_OF = tuple(str(c) for c in CARDS)
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
    played = Counter(int(c) for t in state.tricks for i, c in enumerate(t.cards) if t.seat_of(i) == seat)
    return Counter(int(c) for c in m.shown()) - played


def public_cards(state: State) -> set[int]:
    """The cards every seat may see in the current hand (see :func:`allowed_cards`)."""
    cards: set[int] = {c for t in state.tricks for c in t.cards}
    for m in state.melds:
        if m is not None:
            cards.update(m.shown())
    if state.turned is not None:  # turned-trump: the dealer's card turned for trump is public
        cards.add(state.turned)
    if state.declarer is not None and state.widow:  # turned up for everyone once the auction is over
        cards.update(unpack(state.widow))
    sp = state.stock
    if sp is not None:
        if sp.upcard is not None:
            cards.add(sp.upcard)
        cards.update(t.card for place in sp.table for t in place)
        cards.update(c for d in sp.declared for c in d.item.cards)
    return cards


def allowed_cards(state: State, seat: int | None, public: set[int] | None = None) -> set[str]:
    """The card tokens ``seat`` may see in the current hand (``None``: a chair sitting the hand out).

    Its hand, the tricks, the laid-down melds, the turned trump card
    (turned-trump), its side's exchange (the declarer and its partner), the widow
    once the auction is over and the buried cards to the declarer (cutthroat,
    auction), the upcard, the melds on the table and those declared (two-handed).

    Args:
        public: :func:`public_cards` of ``state`` when already known (one set for every seat).
    """
    cards = set(public_cards(state) if public is None else public)
    if seat is not None:
        cards.update(unpack(state.hands[seat]))
    if state.declarer is not None:
        if seat is not None and seat in (state.declarer, state.declarer.partner) and state.game.players == 4:
            cards.update(c for given in state.exchange for c in given)
        if seat == state.declarer:
            cards.update(state.buried)
    return {TOKEN_OF[c] for c in cards}


#: A card token as a whole JSON string (a value or a key) in JSON text. Any string equal to a token is
#: written exactly so; a longer string cannot match but where it ends in an escaped quote and a token
#: (``"say \\"AS"``), which only makes the scan stricter.
TOKEN_TEXT = re.compile(r'"([AKQJT9][SHDC])"')


def tokens_in(obj: object) -> list[str]:
    """Every card token in a JSON value (keys included): :func:`card_tokens`, or more, by a text scan
    (:data:`TOKEN_TEXT` over the value's JSON text; much faster than walking it)."""
    return TOKEN_TEXT.findall(dumps(obj))


@dataclass
class Memo:
    """What one match's checks have already seen: the finished hands' summaries found free of
    cards (a view carries every one of them, so checking each again in every view makes a
    match's cost grow with the square of its length). A summary equal to a checked one holds
    the same cards: none."""

    summaries: list[dict[str, Any]] = field(default_factory=list)

    def check_summary(self, i: int, summary: object, where: str) -> None:
        """Check the ``i``-th finished hand's summary (``history[i]``) holds no card, unless one
        equal to it was checked before.

        Raises:
            AssertionError: a card in it.
        """
        if i < len(self.summaries) and (summary is self.summaries[i] or summary == self.summaries[i]):
            return
        found = sorted(set(tokens_in(summary)))
        assert not found, f"{where}: a card in history: {found}"
        if i == len(self.summaries) and isinstance(summary, dict):
            self.summaries.append(summary)


def check_fields(state: State, seat: int | None, j: dict[str, Any], memo: Memo | None = None) -> None:
    """The fields that carry hidden cards, by name (see the module docstring).

    Args:
        state: the match.
        seat: the viewer's seat (``None``: a chair sitting the hand out).
        j: the view's JSON (``View.to_json()``).
        memo: the match's :class:`Memo` (summaries already checked); a fresh one when ``None``.

    Raises:
        AssertionError: a field shown to a seat that may not see it, or with the wrong cards.
    """
    where = f"{state.game.name} v{state.version} {state.phase} seat {seat}"
    memo = memo if memo is not None else Memo()
    history = j.get("history") or []
    assert isinstance(history, list), f"{where}: history {history!r}"
    for i, summary in enumerate(history):
        memo.check_summary(i, summary, where)
    last = j.get("last_hand")
    if last is not None and not (history and last == history[-1]):
        found = sorted(set(tokens_in(last)))
        assert not found, f"{where}: a card in last_hand: {found}"
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


#: The fields of a view's JSON that differ from seat to seat by design (the others are the same
#: for every viewer of a state, when the engine is right): :class:`Shared` scans these for each
#: viewer, and any other field that differs from the first viewer's too.
PER_VIEWER = frozenset({"seat", "hand", "legal", "exchange", "widow", "buried", "chair", "sits_out"})


@dataclass
class Shared:
    """The first viewer's fields of one state, with the card tokens in them, for :func:`check_tokens`:
    a later viewer's field equal to the first's holds the same tokens, so its JSON is not scanned
    again (the tokens are still checked against what that viewer may see)."""

    fields: dict[str, Any] = field(default_factory=dict)
    tokens: list[str] = field(default_factory=list)


def check_tokens(state: State, seat: int | None, j: dict[str, Any], public: set[int] | None = None,
                 shared: Shared | None = None) -> int:
    """Check (a): every card token of the view, outside the summaries, is in :func:`allowed_cards`; how many.

    Args:
        public: :func:`public_cards` of ``state`` when already known.
        shared: the state's :class:`Shared` (empty for its first viewer; filled then), or ``None``:
            the whole view is scanned.

    Raises:
        AssertionError: a card the seat may not see (the message names them).
    """
    if shared is None:
        seen = tokens_in({k: v for k, v in j.items() if k not in SUMMARIES})
    elif not shared.fields:  # the first viewer: scan the fields every viewer should share, once
        common = {k: v for k, v in j.items() if k not in SUMMARIES and k not in PER_VIEWER}
        shared.fields = common
        shared.tokens = tokens_in(common)
        seen = shared.tokens + tokens_in({k: v for k, v in j.items() if k in PER_VIEWER})
    else:  # a field equal to the first viewer's has its tokens; the rest is scanned
        first = shared.fields
        own: dict[str, Any] = {}
        equal = 0
        for k, v in j.items():
            f = first.get(k, own)  # ``own``: not in ``first`` (no field holds that very dict)
            if f is v or (f is not own and f == v):
                equal += 1
            elif k not in SUMMARIES:
                own[k] = v
        seen = tokens_in(own)
        if equal == len(first):  # every shared field there and equal: their tokens are known
            seen += shared.tokens
        else:
            seen += tokens_in({k: v for k, v in j.items() if k in first and k not in own})
    extra = set(seen) - allowed_cards(state, seat, public)
    assert not extra, f"{state.game.name} v{state.version} {state.phase}: seat {seat} sees {sorted(extra)}"
    return len(seen)


def check_seat_view(state: State, seat: int) -> dict[str, Any]:
    """Checks (a) and the fields for the view of ``seat``; that view's JSON."""
    j = view(state, seat).to_json()
    check_fields(state, seat, j)
    check_tokens(state, seat, j)
    return j


# ---------------------------------------------------------------- (b) indistinguishability


def hidden_places(state: State, seat: int | None,
                  hands: dict[int, list[int]] | None = None) -> list[tuple[str, int, list[int]]]:
    """The places of the cards face down to ``seat``: ``(kind, seat, cards)``; ``kind`` is
    ``"hand"`` (another seat's hand), ``"widow"`` (before the auction ends), ``"buried"``
    (another seat's buried cards, while the hand is played) or ``"stock"`` (in order).

    Args:
        hands: :func:`hands_of` ``state`` when already known (one for every seat).
    """
    places: list[tuple[str, int, list[int]]] = []
    hands = hands_of(state) if hands is None else hands
    for s in state.game.seating.seats:
        if s != seat:
            places.append(("hand", s, hands[s]))
    if state.widow and state.declarer is None:
        places.append(("widow", -1, [int(c) for c in unpack(state.widow)]))
    if state.buried and seat != state.declarer and state.phase not in ("hand_end", "match_end"):
        places.append(("buried", -1, [int(c) for c in state.buried]))
    if state.stock is not None and state.stock.stock:
        places.append(("stock", -1, [int(c) for c in state.stock.stock]))
    return places


def hands_of(state: State) -> dict[int, list[int]]:
    """Every seat's hand as card numbers (one per copy)."""
    deck = DECKS[state.rules.deck]
    return {s: [int(c) for c in deck.unpack(state.hands[s])] for s in state.game.seating.seats}


def permute_hidden(state: State, seat: int | None, rng: random.Random,
                   hands: dict[int, list[int]] | None = None) -> State | None:
    """``state`` with the cards face down to ``seat`` shuffled among their places (see
    :func:`hidden_places`; each keeps its size, the stock gets a new order), or ``None``
    when nothing can move. At a hand's end the buried cards are reordered among themselves
    (their points are in the score, so they stay buried).

    Args:
        hands: :func:`hands_of` ``state`` when already known (one for every seat).
    """
    places = hidden_places(state, seat, hands)
    pool = [c for _, _, cards in places for c in cards]
    buried_only = (bool(state.buried) and seat != state.declarer and state.phase in ("hand_end", "match_end"))
    if len(set(pool)) < 2 and not (buried_only and len(state.buried) > 1):
        return None
    rng.shuffle(pool)
    deck = DECKS[state.rules.deck]
    packed = list(state.hands)
    changes: dict[str, Any] = {}
    i = 0
    for kind, s, cards in places:
        part = pool[i:i + len(cards)]
        i += len(cards)
        if kind == "hand":
            packed[s] = deck.pack(part)
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
    return _evolve(state, hands=(packed[0], packed[1], packed[2], packed[3]), **changes)


def _evolve(state: State, **changes: Any) -> State:
    """``dataclasses.replace(state, **changes)`` for the fields of :func:`permute_hidden` (hands, widow,
    buried, stock), without rebuilding the other fields (several times faster)."""
    assert changes.keys() <= {"hands", "widow", "buried", "stock"}, changes.keys()
    new = object.__new__(State)
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new


#: ``json.dumps(j, ensure_ascii=False)``, without building an encoder each call.
dumps = json.JSONEncoder(ensure_ascii=False).encode


# ---------------------------------------------------------------- simulated matches


def random_action(state: State, rng: random.Random) -> Action:
    """A random legal action of the seat to move (the engine's automatic move when it has no choice).

    Every move is one of ``legal(state, seat)``'s, the same set the computer players and the
    server offer, so every phase and every kind of action is reached. Uniform, except:

    - the auction is biased so that matches end (random bidding wars set the declarer by
      hundreds of points and make matches of 30 to 70 hands): before anyone has bid, a bid
      half the time; once someone has, a pass 90 % of the time; a bid is the minimum, or
      (1 time in 5) a jump of 1 to 5 steps;
    - cards to pass and to bury are a random sample of the allowed ones (listing every
      combination would be slow), a concession 20 % of the time when offered with the bury.
    """
    auto = auto_action(state)
    if auto is not None:
        return auto
    who = turn(state)
    assert who is not None
    lg = legal(state, who)
    if lg.min_bid is not None:
        opened = auction_status(state).high_bid is not None
        if not lg.pass_ or rng.random() < (0.1 if opened else 0.5):
            bid = lg.min_bid
            if rng.random() < 0.2:
                bid = min(lg.min_bid + lg.bid_step * rng.randint(1, 5), lg.bid_limit)
            return Action.bid_(who, lg.min_bid if bid in lg.skip_bids else bid)
        return Action.pass_(who)
    if lg.give:
        return Action.give_(who, rng.sample(unpack(state.hands[who]), lg.give))
    if lg.bury:
        if lg.concede and rng.random() < 0.2:
            return Action.concede_(who)
        return Action.bury_(who, rng.sample(list(lg.bury_from), lg.bury))
    return rng.choice(lg.actions(who))


def steps(game: str, seed: int, players: int | None = None,
          max_hands: int | None = None, policy: Policy | None = None) -> Iterator[tuple[Action | None, State]]:
    """Every state of one simulated match with the action that led to it (``None`` for the first):
    :func:`random_action` (or ``policy``) from a generator seeded by the game, table size and ``seed``.

    Args:
        max_hands: stop after that many finished hands (thrown-in deals included); ``None``:
            play the match to its end.
        policy: chooses each move (``policy(state, rng)``); ``None``: :func:`random_action`.

    Raises:
        AssertionError: no match end after 20,000 actions.
    """
    rng = random.Random(f"{game}/{players}/{seed}")
    state = new_match(seed=seed, game=game, players=players)
    yield None, state
    for _ in range(20_000):
        if state.phase == "match_end" or (max_hands is not None and len(state.history) + len(state.thrown) >= max_hands):
            return
        action = (policy or random_action)(state, rng)
        try:
            state = apply(state, action)
        except IllegalAction:  # a jump bid the auction does not take: bid the minimum
            lg = legal(state, action.seat)
            assert lg.min_bid is not None, action
            action = Action.bid_(action.seat, lg.min_bid)
            state = apply(state, action)
        yield action, state
    raise AssertionError(f"{game} seed {seed}: no match end after 20,000 actions")


class Computers:
    """A move policy: the app's computer players (:func:`pinochle.bots.for_level`, each seeing only
    its seat's view) at every seat, with a :func:`random_action` a share ``randomness`` of the time.

    Computer players make their bids, so a match ends in about half the hands of random play (5 to
    10 hands of ``table`` instead of 20), on the paths people play; the random moves keep the odd
    ones (a concession, a wild bid, a card nobody would lead). Where a computer player has no move
    (a hand's end) or fails, the move is random; failures are counted (``bot_errors``).

    Args:
        level: ``"easy"``, ``"normal"`` or ``"hard"``.
        seed: the players' seed (the match's).
        randomness: the share of random moves (0 to 1).
    """

    def __init__(self, level: str, seed: int | str, randomness: float = 0.1) -> None:
        self.level = level
        self.seed = seed
        self.randomness = randomness
        self.players: dict[int, Any] = {}
        self.bot_errors = 0

    def __call__(self, state: State, rng: random.Random) -> Action:
        auto = auto_action(state)
        if auto is not None:
            return auto
        who = turn(state)
        if who is None or state.phase == "hand_end" or rng.random() < self.randomness:
            return random_action(state, rng)
        player = self.players.get(who)
        if player is None:
            from pinochle.bots import for_level  # the soak's only use of the computer players
            player = self.players[who] = for_level(self.level, f"{self.seed}/{int(who)}")
        try:
            action: Action = player.act(view(state, who))
            if action.seat != who:
                raise ValueError(f"a move for {action.seat}, not {Seat(who)}")
            return action
        except (ValueError, IllegalAction):
            self.bot_errors += 1
            return random_action(state, rng)


#: Chooses a simulated match's next move: ``policy(state, rng)``.
Policy = Any


def states(game: str, seed: int, players: int | None = None, max_hands: int | None = None) -> Iterator[State]:
    """Every state of one random match (:func:`steps` without the actions)."""
    for _, state in steps(game, seed, players, max_hands):
        yield state


def viewers(state: State) -> list[tuple[int | None, int | None]]:
    """``(chair, seat)`` of everyone who gets a view: every seat, or at a table of 4 or 5 every chair
    (``seat`` ``None`` for a chair sitting the hand out)."""
    if state.lineup:
        return [(c, seat_of_chair(state, c)) for c in range(state.table_size)]
    return [(None, s) for s in state.game.seating.seats]


def check_state(state: State, rng: random.Random, memo: Memo | None = None,
                json_share: float = 1.0, shuffle_all: bool = True) -> tuple[int, int, int]:
    """Checks (a) and (b) for every viewer of ``state``; ``(views, cards, permutations)`` checked.

    Args:
        state: the match at one moment.
        rng: draws the shuffles of (b) and the sample of JSON comparisons.
        memo: the match's :class:`Memo` (finished hands' summaries already checked), or ``None``.
        json_share: the share of (b)'s comparisons also made on the JSON text (0 to 1). Every one
            compares the two :class:`~pinochle.game.View` objects field by field: the JSON is
            made from the view's fields alone, so equal views give equal JSON; the text
            comparison costs a JSON encoding of both and is the same check a client would make.
        shuffle_all: (b) for every viewer; ``False``: for one viewer of the state, drawn by ``rng``
            (a third of the cost of a whole match; (a) still checks every viewer).

    Raises:
        AssertionError: a leak (the message names the game, version, phase and viewer).
    """
    views = cards = perms = 0
    memo = memo if memo is not None else Memo()
    shared = Shared()
    public = public_cards(state)
    hands = hands_of(state)
    everyone = viewers(state)
    shuffled = None if shuffle_all else rng.randrange(len(everyone))
    for i, (chair, seat) in enumerate(everyone):
        def see(s: State) -> Any:
            return view_for_chair(s, chair) if chair is not None else view(s, seat)  # type: ignore[arg-type]
        v = see(state)
        j = v.to_json()
        check_fields(state, seat, j, memo)
        cards += check_tokens(state, seat, j, public, shared)
        views += 1
        if shuffled is not None and i != shuffled:
            continue
        moved = permute_hidden(state, seat, rng, hands)
        if moved is not None:
            w = see(moved)
            same = w == v
            if same and json_share < 1.0 and rng.random() >= json_share:
                perms += 1
                continue
            assert same and dumps(w.to_json()) == dumps(j), (
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


@dataclass(frozen=True)
class Task:
    """One simulated match to check.

    Attributes:
        game, players: the game and its table size (``None``: the game's own).
        seed: the match's seed (its deals, its moves and the checks' shuffles).
        max_hands: stop after that many finished hands; ``None``: play the match to its end.
        json_share, shuffle_all: see :func:`check_state`.
        policy: ``"random"`` (:func:`random_action`) or a level of :class:`Computers`
            (``"easy"``, ``"normal"``, ``"hard"``, with 10 % random moves).
    """

    game: str
    players: int | None
    seed: int
    max_hands: int | None = None
    json_share: float = 1.0
    shuffle_all: bool = True
    policy: str = "random"


def run_match(task: Task) -> dict[str, Any]:
    """One simulated match, every state checked: counts, or the failure.

    Returns:
        ``config``, ``seed`` and the counts (``states``, ``views``, ``cards``, ``permutations``,
        ``actions``, ``hands``, ``thrown``, ``finished``, ``bot_errors``, ``cpu`` seconds, and per
        kind ``action:<type>`` and ``phase:<name>``), or ``config``, ``seed`` and ``failure``.
    """
    game, players, seed, max_hands = task.game, task.players, task.seed, task.max_hands
    json_share, shuffle_all = task.json_share, task.shuffle_all
    policy = None if task.policy == "random" else Computers(task.policy, seed)
    rng = random.Random(seed)
    memo = Memo()
    counts = Counter[str]()
    t0 = time.process_time()
    try:
        for action, state in steps(game, seed, players, max_hands, policy):
            v, c, p = check_state(state, rng, memo, json_share, shuffle_all)
            counts["states"] += 1
            counts["views"] += v
            counts["cards"] += c
            counts["permutations"] += p
            counts["phase:" + state.phase] += 1
            if action is not None:
                counts["action:" + action.type] += 1
        counts["actions"] = state.version
        counts["hands"] = len(state.history)
        counts["thrown"] = len(state.thrown)
        counts["finished"] = int(state.phase == "match_end")
        counts["bot_errors"] = 0 if policy is None else policy.bot_errors
    except AssertionError as err:
        return {"config": str(Config(game, players)), "seed": seed, "failure": str(err)}
    except Exception as err:  # a bug of the engine or of the moves, not a leak: reported, and the run goes on
        import traceback
        return {"config": str(Config(game, players)), "seed": seed, "failure": f"error: {type(err).__name__}: {err}",
                "error": traceback.format_exc()}
    return {"config": str(Config(game, players)), "seed": seed, **counts, "cpu": time.process_time() - t0}


def whole_tasks(per_game: int, seed: int = 0, only: list[str] | None = None,
                json_share: float = 0.05, shuffle_all: bool = False, policy: str = "random") -> list[Task]:
    """The whole matches of the full soak: ``per_game`` of every playable game, interleaved
    (round ``i`` plays match ``i`` of every game, so a run stopped early has as many of each).
    The auction game's matches go round its table sizes (3, 4, 5 players; match ``i`` at the
    ``(seed + i) % 3``-th).

    Args:
        per_game: matches of each game.
        seed: the first match's seed (match ``i`` has seed ``seed + i``).
        only: only these games or configs (``auction@4``), or ``None``.
        json_share, shuffle_all: see :func:`check_state`.
        policy: see :class:`Task`.
    """
    by_game: dict[str, list[Config]] = {}
    for c in configs():
        if only is None or str(c) in only or c.game in only:
            by_game.setdefault(c.game, []).append(c)
    return [Task(c.game, c.players, seed + i, None, json_share, shuffle_all, policy)
            for i in range(per_game) for cs in by_game.values() for c in [cs[(seed + i) % len(cs)]]]


def whole(per_game: int, workers: int = 1, seed: int = 0, only: list[str] | None = None,
          minutes: float | None = None, json_share: float = 0.05, progress: bool = False,
          shuffle_all: bool = False, policy: str = "random") -> dict[str, Any]:
    """The full secrecy soak on whole matches: :func:`whole_tasks`, each played to its end and
    every state checked (:func:`run_match`).

    Args:
        per_game: matches of each game.
        workers: processes (1: in this process).
        seed: the first match's seed.
        only: only these games or configs, or ``None``.
        minutes: start no match after this many minutes (``None``: no limit); the result says
            how many ran.
        json_share, shuffle_all: see :func:`check_state`.
        policy: see :class:`Task`.
        progress: show a rich progress bar (on stderr).

    Returns:
        ``per`` (totals per config), ``games`` (per game), ``failures``, ``seconds`` (wall),
        ``matches`` (run), ``planned``, ``stopped`` (the time limit was reached) and the arguments.
    """
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    tasks = whole_tasks(per_game, seed, only, json_share, shuffle_all, policy)
    t0 = time.monotonic()
    deadline = None if minutes is None else t0 + 60 * minutes
    per: dict[str, Counter[str]] = {}
    failures: list[dict[str, Any]] = []
    stopped = False
    console = Console(stderr=True)
    bar = Progress(TextColumn("secrecy"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[views]:,} views"),
                   TextColumn("{task.fields[leaks]} leaks"), TimeElapsedColumn(), TimeRemainingColumn(),
                   console=console, disable=not progress)
    logged = t0

    def feed() -> Iterator[Task]:
        nonlocal stopped
        for t in tasks:
            if deadline is not None and time.monotonic() >= deadline:
                stopped = True
                return
            yield t

    with bar:
        job = bar.add_task("matches", total=len(tasks), views=0, leaks=0)
        views = 0
        if workers > 1:
            pool = multiprocessing.get_context("fork").Pool(workers)
            results: Iterator[dict[str, Any]] = _in_flight(pool, feed(), 4 * workers)
        else:
            pool = None
            results = map(run_match, feed())
        for r in results:
            if "failure" in r:
                failures.append(r)
            else:
                c = per.setdefault(r["config"], Counter())
                c.update({k: v for k, v in r.items() if isinstance(v, (int, float)) and k != "seed"})
                c["matches"] += 1
                views += r["views"]
            bar.update(job, advance=1, views=views, leaks=len(failures))
            if progress and not console.is_terminal and time.monotonic() - logged > 300:
                logged = time.monotonic()
                print(f"{time.strftime('%H:%M:%S')} {sum(c['matches'] for c in per.values())} matches, {views:,} views, "
                      f"{len(failures)} leaks", file=sys.stderr, flush=True)
        if pool is not None:
            pool.close()
            pool.join()
    games: dict[str, Counter[str]] = {}
    for name, c in per.items():
        games.setdefault(name.split("@")[0], Counter()).update(c)
    return {"seconds": time.monotonic() - t0, "per": {k: dict(v) for k, v in per.items()},
            "games": {k: dict(v) for k, v in games.items()}, "failures": failures,
            "matches": sum(c["matches"] for c in per.values()) + len(failures), "planned": len(tasks),
            "stopped": stopped, "per_game": per_game, "workers": workers, "seed": seed, "json_share": json_share,
            "shuffle_all": shuffle_all, "policy": policy, "only": only, "prefix": True}


def _in_flight(pool: Any, tasks: Iterator[Task], limit: int) -> Iterator[dict[str, Any]]:
    """:func:`run_match` of ``tasks`` on ``pool``, at most ``limit`` at a time, results in task order.

    A task is taken from ``tasks`` only when there is room (``Pool.imap_unordered`` takes them all
    at once, so a time limit checked as they are taken would never stop it): the matches run are
    always the first ones of the list."""
    pending: deque[Any] = deque(pool.apply_async(run_match, (t,)) for t in islice(tasks, limit))
    while pending:
        result: dict[str, Any] = pending.popleft().get()
        nxt = next(tasks, None)
        if nxt is not None:
            pending.append(pool.apply_async(run_match, (nxt,)))
        yield result


def run_seeds(out: dict[str, Any]) -> list[tuple[str, int]]:
    """The ``(config, seed)`` of every match a :func:`whole` result ran: the first ``matches`` of its
    :func:`whole_tasks` (a run stopped at its time limit ran a prefix of them; one worker)."""
    tasks = whole_tasks(out["per_game"], out["seed"], out.get("only"))[:out["matches"]]
    return [(str(Config(t.game, t.players)), t.seed) for t in tasks]


def pool(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Several :func:`whole` results as one (the full soak run in parts: different seeds, sessions
    or commits): the totals per config and per game, the failures, and ``runs`` (one line each).

    Raises:
        ValueError: two runs checked the same match (the same config and seed), or a run stopped at
            its time limit with more than one worker (which matches ran is then unknown).
    """
    seen: dict[tuple[str, int], int] = {}
    per: dict[str, Counter[str]] = {}
    failures: list[dict[str, Any]] = []
    lines = []
    for i, out in enumerate(runs):
        if out["stopped"] and out["workers"] > 1 and not out.get("prefix"):
            raise ValueError(f"run {i} stopped at its time limit with {out['workers']} workers: its matches are unknown")
        for key in run_seeds(out):
            if key in seen:
                raise ValueError(f"{key[0]} seed {key[1]} is in runs {seen[key]} and {i}")
            seen[key] = i
        for name, c in out["per"].items():
            per.setdefault(name, Counter()).update(c)
        failures += out["failures"]
        seeds = [sd for _, sd in run_seeds(out)]
        lines.append(f"seeds {min(seeds)}-{max(seeds)}: {out['matches']:,} matches, commit {out.get('commit', '?')}, "
                     f"{out['workers']} worker(s), {out['seconds']:,.0f} s wall, (b) for "
                     f"{'every viewer' if out.get('shuffle_all', True) else 'one viewer a state'}, "
                     f"moves {out.get('policy', 'random')}, {len(out['failures'])} leaks")
    order = [str(c) for c in configs()]
    per = dict(sorted(per.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order)))
    games: dict[str, Counter[str]] = {}
    for name, c in per.items():
        games.setdefault(name.split("@")[0], Counter()).update(c)
    return {"seconds": sum(o["seconds"] for o in runs), "per": {k: dict(v) for k, v in per.items()},
            "games": {k: dict(v) for k, v in games.items()}, "failures": failures,
            "matches": sum(o["matches"] for o in runs), "planned": sum(o["matches"] for o in runs),
            "stopped": False, "per_game": min((c["matches"] for c in games.values()), default=0),
            "workers": max(o["workers"] for o in runs), "json_share": runs[0]["json_share"], "runs": lines,
            "shuffle_all": all(o.get("shuffle_all", True) for o in runs)}


def _leaks(out: dict[str, Any]) -> int:
    """The failures of a result that are leaks (the others are errors: a match that could not go on)."""
    return sum("error" not in f for f in out["failures"])


def summary_lines(out: dict[str, Any]) -> list[str]:
    """One line per game of a :func:`whole` result: matches, hands, actions, views checked, leaks."""
    leaks = Counter(f["config"].split("@")[0] for f in out["failures"] if "error" not in f)
    lines = []
    for name, c in sorted(out["games"].items(), key=lambda kv: list(GAMES).index(kv[0])):
        lines.append(f"{name}: {c.get('matches', 0):,} matches ({c.get('finished', 0):,} to the end), "
                     f"{c.get('hands', 0):,} hands (+{c.get('thrown', 0):,} thrown in), {c.get('actions', 0):,} actions, "
                     f"{c.get('views', 0):,} views checked ({c.get('permutations', 0):,} with hidden cards shuffled), "
                     f"{leaks[name]} leaks")
    return lines


def soak(matches: int, max_hands: int | None, workers: int, seed: int = 0,
         only: list[str] | None = None) -> dict[str, Any]:
    """``matches`` simulated matches shared evenly across :func:`configs`; per-config totals and failures."""
    cfgs = [c for c in configs() if only is None or str(c) in only or c.game in only]
    tasks = [Task(c.game, c.players, seed + i // len(cfgs), max_hands) for i, c in enumerate(cfgs * (matches // len(cfgs) + 1))]
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


def whole_report(out: dict[str, Any]) -> str:
    """A Markdown table of a :func:`whole` result, per config, with the phases and action kinds reached."""
    lines = ["| game | matches | to the end | hands | thrown in | actions | views | shuffled | CPU s |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    tot = Counter[str]()
    for name, c in out["per"].items():
        lines.append(f"| {name} | {c.get('matches', 0):,} | {c.get('finished', 0):,} | {c.get('hands', 0):,} "
                     f"| {c.get('thrown', 0):,} | {c.get('actions', 0):,} | {c.get('views', 0):,} "
                     f"| {c.get('permutations', 0):,} | {c.get('cpu', 0):,.0f} |")
        tot.update(c)
    lines.append(f"| all | {tot['matches']:,} | {tot['finished']:,} | {tot['hands']:,} | {tot['thrown']:,} "
                 f"| {tot['actions']:,} | {tot['views']:,} | {tot['permutations']:,} | {tot['cpu']:,.0f} |")
    lines.append("")
    kinds = sorted(k.split(":")[1] for k in tot if k.startswith("action:"))
    phases = sorted(k.split(":")[1] for k in tot if k.startswith("phase:"))
    made = ", ".join(f"{k} {tot['action:' + k]:,}" for k in kinds)
    lines.append(f"actions made: {made}")
    reached = ", ".join(f"{k} {tot['phase:' + k]:,}" for k in phases)
    lines.append(f"states per phase: {reached}")
    if "runs" in out:  # pooled (:func:`pool`)
        lines.append(f"{_leaks(out)} leaks, {len(out['failures']) - _leaks(out)} errors; {out['matches']:,} matches pooled from {len(out['runs'])} runs "
                     f"(at least {out['per_game']:,} of every game); {tot['cpu']:,.0f} s of CPU")
        return "\n".join(lines)
    lines.append(f"{_leaks(out)} leaks, {len(out['failures']) - _leaks(out)} errors; {out['matches']:,} of "
                 f"{out['planned']:,} planned matches "
                 f"({out['per_game']:,} per game){' (stopped at the time limit)' if out['stopped'] else ''}; "
                 f"{out['seconds']:,.0f} s wall with {out['workers']} worker(s); JSON compared for "
                 f"{out['json_share']:.0%} of the shuffled views; hidden cards shuffled for "
                 f"{'every viewer' if out.get('shuffle_all', True) else 'one viewer drawn at random'} of each state; "
                 f"moves: {out.get('policy', 'random')}{'' if out.get('policy', 'random') == 'random' else ' computer players, 10% random'}"
                 f" ({tot['bot_errors']:,} computer moves replaced by random ones after an error)")
    return "\n".join(lines)


def _commit() -> str | None:
    """The git commit of this checkout (``None`` outside git)."""
    import subprocess
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              cwd=__file__.rsplit("/", 2)[0], check=True).stdout.strip() or None
    except (OSError, subprocess.CalledProcessError):
        return None


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module docstring); 1 when a leak was found, 3 when a match failed otherwise
    (an error: the failures list names its game, seed and traceback)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--matches", type=int, default=10_000,
                    help="simulated matches: in all, shared evenly across the games; with --whole, of each game")
    ap.add_argument("--whole", action="store_true", help="the full soak: --matches whole matches of every game")
    ap.add_argument("--hands", type=int, default=None, help="stop each match after this many hands (default: play it out)")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--minutes", type=float, default=None, help="with --whole: start no match after this many minutes")
    ap.add_argument("--json-share", type=float, default=0.05,
                    help="with --whole: share of the shuffled views also compared as JSON text (all as View objects)")
    ap.add_argument("--shuffle-all", action="store_true",
                    help="with --whole: check (b) for every viewer of every state (default: one viewer drawn at random)")
    ap.add_argument("--policy", choices=("random", "easy", "normal", "hard"), default="random",
                    help="with --whole: the moves: random legal ones, or a level's computer players with 10%% random moves")
    ap.add_argument("--pool", nargs="+", metavar="JSON",
                    help="pool the --json results of several --whole runs (different seeds) into one report")
    ap.add_argument("--game", action="append", help="only these games (e.g. auction@4); repeatable")
    ap.add_argument("--json", help="write the result here")
    args = ap.parse_args(argv)
    if args.pool:
        outs = []
        for name in args.pool:
            with open(name) as fh:
                outs.append(json.load(fh))
        out = pool(outs)
        print("\n".join(out["runs"]))
        print()
        print(whole_report(out))
        print()
        print("\n".join(summary_lines(out)))
    elif args.whole:
        out = whole(args.matches, args.workers, args.seed, args.game, args.minutes, args.json_share, progress=True,
                    shuffle_all=args.shuffle_all, policy=args.policy)
        print(whole_report(out))
        print()
        print("\n".join(summary_lines(out)))
        out["commit"] = _commit()
    else:
        out = soak(args.matches, args.hands, args.workers, args.seed, args.game)
        print(report(out))
    for f in out["failures"][:20]:
        print("FAIL", f, file=sys.stderr)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(out, fh, indent=1)
    return 1 if _leaks(out) else 3 if out["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
