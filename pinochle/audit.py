"""The audit of the computer players' mistakes: patterns a strong player would name, counted in records.

``pinochle audit RECORDS`` reads hand records (docs/records.md; the JSON Lines that ``pinochle arena
--records FILE`` writes, or a match record) and prints one JSON line per game and level:
``{"game", "level", "hands", "patterns": {NAME: {"count", "of", "rate"}}}``. ``of`` counts the
positions where the pattern could occur (its chances), ``count`` those where it did, and ``rate`` is
``count / of`` (``null`` without a chance). Each hand is replayed through the engine
(:func:`pinochle.records.replayed_hand`), so every figure follows from the rules of play.

The level of a seat is the name the arena gives the player of its side (the record's ``arena``:
``players[roles[side]]``); a record without ``arena`` is counted under the level ``null``. A pattern
is charged to the level of the seat that made the choice: the declarer for the contract patterns,
the caller for a call, the player of each card.

A pattern that cannot occur in a game is absent from its line, not zero: the card pass only in the
games with a pass (VARIANTS.md ``partnership-pass``, ``racehorse``), concessions only where the
declarer may concede (``racehorse``, ``cutthroat``, ``auction``), the auction's patterns only in the
games with an auction (not ``turned-trump`` or ``two-handed``), feeding a partner only in games with
partners. The patterns (the definitions of docs/strength.md, "The audit"):

``pass_breaks_meld``
    of the exchanges (the partner's pass to the declarer and the pass back, VARIANTS.md
    ``partnership-pass``), those after which the side's meld in the named trump (each of the two
    hands counted alone, RULES.md "Meld") is lower than it was in the hands as dealt.
``pass_back_loses_meld``
    of the passes back, those where the declarer's own meld falls short by at least a pinochle's
    value (40 in the tens scale) of the best return of four cards that keeps its trumps (four cards
    of no trump; a declarer holding fewer than four keeps as many trumps as it can): the meld the
    declarer sees in its own hand when it chooses.
``pass_back_loses_side_meld``
    the same against the side's meld (the partner's hand after the pass included): it also counts the
    returns that would have completed meld in the partner's hand, which the declarer cannot see.
``short_trump``
    of the contracts won by a bid above the game's minimum (RULES.md "Deal and auction"; a stuck
    dealer's contract is not one), those where the declarer named a trump of which it held at most
    3 cards when naming it (the widow included where the declarer takes it first, VARIANTS.md
    ``cutthroat``).
``beyond_reach``
    of the contracts won by a bid (not a stuck dealer's), those where the declaring side's meld
    (as laid down, after any pass or widow) plus every counter of the deck and the last trick
    (RULES.md "Scoring a hand") is less than the bid: no play could make it.
``conceded``
    of the contracts, those the declarer conceded (VARIANTS.md ``racehorse``, ``cutthroat``,
    ``auction``).
``first_call_pass_big_meld``
    of the first calls of seats whose dealt hand melds at least a run's value (150 in the tens
    scale) in its best trump, those that were passes.
``partner_overcall``
    of the auctions where a seat came to call while its own partner held the high bid and every
    opponent had passed for good (RULES.md, Deal and auction 2: "a player who passes is out of the
    auction"), those where such a seat bid: it raised its own side's contract, which then stood at
    that bid or above, with nobody left to outbid. Charged to the level of that side. Not a chance: a
    call over the partner's save (the opening at the minimum of the dealer's partner after the first
    seat passed, in a game that sticks the dealer without a card pass, RULES.md, Deal and auction 3),
    which shows nothing of the saver's hand (:func:`pinochle.auction.save_index`). Only in games with
    partners where a pass is final (not VARIANTS.md ``racehorse``, where a seat that passed may bid
    again, so an opponent is never out).
``partner_overcall_stood``
    of the auctions where a seat came to call while its own partner held the high bid (not a save)
    and an opponent was still in, those where such a seat bid and no opponent bid after it: the
    opponents passed, and the side declares at its own raise (the auction a reviewer named in
    britannica, bids by one: "West won the bid at 16 over East's 15, after 7 bids", North still in
    when West bid, then passing). The same games as ``partner_overcall``.
``counter_not_fed``
    of the positions where the last seat of a trick sees its partner winning it and may legally play
    a king or ten of a suit other than trump (a counter, RULES.md "Scoring a hand", that is not an
    ace) or a card worth no counter points, those where it played a card worth none. The trick is its
    side's whatever it plays; aces and trumps are left out, as they may win tricks of their own later.
``counter_thrown``
    of the positions where the trick is headed by an opponent's card and its side does not win it
    in the end, and the seat may legally play an ace or ten that does not head the trick or a card
    worth no counter points, those where it played such an ace or ten.
``last_seat_gives_trick``
    of the positions where the last seat of a trick sees an opponent winning it and holds a legal
    card that beats the winning card (RULES.md "Play"), those where it played a card that does not.

In the card-play patterns a seat's side is its partnership; in a game where each seat plays alone
(``cutthroat``, ``auction``) the defenders are one side against the declarer, since they set it
together (each opponent pays or is paid by the declarer, VARIANTS.md). The card-play patterns look at the tricks played from the hand alone: every trick of the four- and
three-handed games, and the twelve tricks after the stock is gone in ``two-handed`` (while the stock
lasts, its player's hand is not known from the record without the draws). A seat's hand at the first
of those tricks is the cards it played in them; the legal cards at each turn are the engine's
(:func:`pinochle.tricks.legal_mask`, with the game's rules).

Beside the patterns, a line of a game with an auction holds ``auction``: what a person at the table
sees of the bidding, each figure ``{"count", "of", "rate"}`` as the patterns', charged to a level as
above:

``dealer_stuck``
    of the hands dealt by a seat of the level in a game where the dealer is stuck when all pass
    (RULES.md "Deal and auction" 3), those where every call was a pass.
``bids``
    the bids made by the level's seats (``count``) over its hands (``of``): ``rate`` is the bids a
    hand of its seats (at a table of one level, the bids a hand of the whole table).
``contract_over_250``, ``contract_over_300``, ``contract_over_350``
    of the contracts declared by the level (a stuck dealer's included), those above 250, 300 and 350
    (tens scale; 25, 30 and 35 in the ones scale, VARIANTS.md "Scales").

A conceded racehorse hand (docs/records.md: East declares at the minimum, 250, and concedes):

>>> [line] = audit_lines([json.dumps(_SAMPLE)])
>>> line["game"], line["level"], line["hands"], line["patterns"]["conceded"]
('racehorse', None, 1, {'count': 1, 'of': 1, 'rate': 1.0})
>>> line["patterns"]["short_trump"]  # a bid of the minimum: no chance
{'count': 0, 'of': 0, 'rate': None}
>>> "counter_thrown" in line["patterns"], "counter_not_fed" in line["patterns"]
(True, True)
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from .auction import callers
from .cards import DECKS, Card, Deck, parse_cards
from .errors import BadRecord
from .game import Game, HandResult, ThrownIn
from .parts import CardPass, Concession, Contract, Widow
from .meld import meld_by_trump, meld_points
from .record_parts import MATCH_FORMAT
from .records import game_of_record, replayed_hand, rules_of_record
from .rules import RuleSet
from .tricks import beats, legal_mask, winner_index

#: The patterns in the order a line lists them (docs/strength.md, "The audit").
PATTERNS = ("pass_breaks_meld", "pass_back_loses_meld", "pass_back_loses_side_meld", "short_trump", "beyond_reach",
            "conceded", "first_call_pass_big_meld", "partner_overcall", "partner_overcall_stood", "counter_not_fed", "counter_thrown",
            "last_seat_gives_trick")

#: The auction's figures in the order a line lists them (see the module notes): not mistakes, what a
#: person at the table sees of the bidding.
AUCTION = ("dealer_stuck", "bids", "contract_over_250", "contract_over_300", "contract_over_350")
#: The contracts counted by ``contract_over_N``: N in the tens scale (RULES.md, Deal and auction).
_OVER = (250, 300, 350)

#: At most this many trumps is a short trump (``short_trump``).
SHORT_TRUMP = 3

_ACE, _TEN = 5, 4  # rank indexes (pinochle.cards: 0 = 9 ... 5 = A)

_SAMPLE = {"game": "racehorse", "dealer": "N",
           "hands": {"N": ["TS", "TS", "KS", "QS", "9S", "TH", "9H", "TD", "KD", "KD", "9D", "TC"],
                     "E": ["QH", "JH", "JH", "9H", "AD", "QD", "QD", "AC", "KC", "QC", "JC", "9C"],
                     "S": ["AS", "QS", "JS", "9S", "AH", "TH", "QH", "AD", "JD", "AC", "TC", "QC"],
                     "W": ["AS", "KS", "JS", "AH", "KH", "KH", "TD", "JD", "9D", "KC", "JC", "9C"]},
           "auction": ["250", "pass", "pass", "pass"], "trump": "C",
           "exchange": {"to_declarer": ["AS", "9C", "JC", "KC"], "to_partner": ["9H", "JH", "JH", "QH"]},
           "conceded": True, "play": []}


@dataclass
class Tally:
    """The counts of one game and level: hands seen, and per pattern ``[count, of]``."""

    game: str
    level: str | None
    hands: int = 0
    patterns: dict[str, list[int]] = field(default_factory=dict)
    auction: dict[str, list[int]] = field(default_factory=dict)

    def chance(self, name: str, happened: bool) -> None:
        """One more chance of pattern ``name``; ``happened``: the pattern occurred there."""
        row = self.patterns[name]
        row[0] += happened
        row[1] += 1

    def seen(self, name: str, count: int, of: int = 1) -> None:
        """Add ``count`` and ``of`` to the auction's figure ``name`` (:data:`AUCTION`)."""
        row = self.auction[name]
        row[0] += count
        row[1] += of

    def to_json(self) -> dict[str, object]:
        """``{"game", "level", "hands", "patterns": {name: {"count", "of", "rate"}}}``, and ``"auction"``
        (the same form, :data:`AUCTION`) in a game with an auction."""
        out: dict[str, object] = {
            "game": self.game, "level": self.level, "hands": self.hands,
            "patterns": {name: _rate(c, n) for name, (c, n) in ((p, self.patterns[p]) for p in PATTERNS
                                                                   if p in self.patterns)}}
        if self.auction:
            out["auction"] = {name: _rate(*self.auction[name]) for name in AUCTION if name in self.auction}
        return out


def _rate(count: int, of: int) -> dict[str, object]:
    return {"count": count, "of": of, "rate": round(count / of, 4) if of else None}


def applicable(game: Game) -> tuple[str, ...]:
    """The patterns that can occur in ``game``, from its phases and seating (see the module notes)."""
    phases = {p.name for p in game.phases}
    partners = game.seating.players > 2  # partners, or the defenders of a three-handed game
    out = []
    for name in PATTERNS:
        if name.startswith("pass_") and "exchange" not in phases:
            continue
        if name in ("short_trump", "beyond_reach", "first_call_pass_big_meld") and "auction" not in phases:
            continue
        if name == "conceded" and not phases & {"concede", "bury"}:
            continue
        if name == "counter_not_fed" and not partners:
            continue
        if name.startswith("partner_overcall") and ("auction" not in phases or game.rules.reenter_after_pass
                                           or not any(len(side) > 1 for side in game.seating.sides)):
            continue
        out.append(name)
    return tuple(out)


class _Hand:
    """One replayed hand with what the patterns read: its game, rules, deck and each seat's level."""

    def __init__(self, record: Mapping[str, object], result: HandResult | ThrownIn, game: Game,
                 rules: RuleSet) -> None:
        self.result, self.game, self.rules = result, game, rules
        self.deck: Deck = DECKS[rules.deck]
        arena = record.get("arena")
        names: Sequence[object] = ()
        roles: Sequence[object] = ()
        if isinstance(arena, Mapping):
            names = arena.get("players") or ()
            roles = arena.get("roles") or ()
        self.levels: list[str | None] = []
        for side in range(len(game.seating.sides)):
            role = roles[side] if side < len(roles) else None
            name = names[role] if isinstance(role, int) and 0 <= role < len(names) else None
            self.levels.append(str(name) if name is not None else None)

    def level(self, seat: int) -> str | None:
        """The level of the player at ``seat``."""
        return self.levels[self.game.seating.side_of[seat]]

    def cards(self, packed: int) -> list[Card]:
        """The cards of a packed hand of this game's deck."""
        return self.deck.unpack(packed)

    def meld(self, cards: Iterable[int], trump: int) -> int:
        """The meld of ``cards`` with ``trump`` (RULES.md, Meld)."""
        return meld_points(self.deck.pack(cards), trump, self.rules)

    def value_of(self, cards: str, trump: int) -> int:
        """The meld of the cards written ``cards`` in this game's scale: the thresholds' unit."""
        return self.meld(parse_cards(cards), trump)


def _levels_in(hand: _Hand) -> list[str | None]:
    seats = hand.game.seating.seats
    return sorted({hand.level(s) for s in seats}, key=lambda x: (x is None, x or ""))


def _first_calls(hand: _Hand, tally: Mapping[str | None, Tally]) -> None:
    r = hand.result
    run = hand.value_of("AS TS KS QS JS", 0)  # a run in trump: 150 in the tens scale (RULES.md, Meld)
    seen: set[int] = set()
    calls = r.parts.get(Contract).calls
    for seat, call in zip(callers(calls, r.dealer, hand.rules, hand.game.seating), calls):
        if seat in seen:
            continue
        seen.add(seat)
        packed = r.dealt[seat]
        if max(meld_by_trump(packed, hand.rules)) >= run:
            tally[hand.level(seat)].chance("first_call_pass_big_meld", call is None)


def _partner_overcall(hand: _Hand, tally: Mapping[str | None, Tally]) -> None:
    """``partner_overcall`` of one auction (see the module notes)."""
    r, rules, seating = hand.result, hand.rules, hand.game.seating
    calls = r.parts.get(Contract).calls
    seats = [int(s) for s in callers(calls, r.dealer, rules, seating)]
    saves = rules.no_bid == "dealer" and not rules.pass_cards
    passed: set[int] = set()
    high: int | None = None
    high_is_save = False
    who: int | None = None  # the seat of the side that had the chance, opponents out
    overcall = False
    stood_who: int | None = None  # ... with an opponent still in
    stood = False
    for k, (seat, call) in enumerate(zip(seats, calls)):
        side = seating.sides[seating.side_of[seat]]
        others = [s for s in seating.seats if s not in side]
        if high is not None and high != seat and high in side and not high_is_save and others:
            if all(s in passed for s in others):
                who = seat
                overcall = overcall or call is not None
            else:
                stood_who = seat
                later = (c is not None and s not in side for s, c in zip(seats[k + 1:], calls[k + 1:]))
                stood = stood or (call is not None and not any(later))
        if call is None:
            passed.add(seat)
        else:
            high = seat
            high_is_save = (saves and k == 1 and calls[0] is None and call == rules.min_bid
                            and r.dealer in side and seat != r.dealer)
    if who is not None:
        tally[hand.level(who)].chance("partner_overcall", overcall)
    if stood_who is not None:
        tally[hand.level(stood_who)].chance("partner_overcall_stood", stood)


def _auction(hand: _Hand, tally: Mapping[str | None, Tally]) -> None:
    """The auction's figures of one hand (:data:`AUCTION`)."""
    r = hand.result
    seating = hand.game.seating
    levels = {hand.level(s) for s in seating.seats}
    contract = r.parts.get(Contract)
    calls = contract.calls
    bids = Counter(hand.level(seat) for seat, call in zip(callers(calls, r.dealer, hand.rules, seating), calls)
                   if call is not None)
    for level in levels:
        tally[level].seen("bids", bids[level])
    if hand.rules.no_bid == "dealer":
        tally[hand.level(r.dealer)].seen("dealer_stuck", isinstance(r, HandResult) and contract.stuck)
    if isinstance(r, HandResult) and contract.declarer is not None and contract.bid is not None:
        t = tally[hand.level(contract.declarer)]
        for over in _OVER:
            t.seen(f"contract_over_{over}", contract.bid > over * hand.rules.total_counters / 250)


def _contract(hand: _Hand, tally: Mapping[str | None, Tally], names: Sequence[str]) -> None:
    r = hand.result
    assert isinstance(r, HandResult)
    contract, widow = r.parts.get(Contract), r.parts.get(Widow).cards
    if contract.declarer is None or contract.bid is None:
        return
    decl = contract.declarer
    t = tally[hand.level(decl)]
    phases = [p.name for p in hand.game.phases]
    side = hand.game.seating.sides[hand.game.seating.side_of[decl]]
    if "conceded" in names:
        t.chance("conceded", r.parts.get(Concession).conceded)
    if contract.stuck:
        return
    if "short_trump" in names and contract.bid > hand.rules.min_bid:
        held = hand.cards(r.dealt[decl])
        if widow and "widow" in phases and phases.index("widow") < phases.index("trump"):
            held += hand.cards(widow)
        t.chance("short_trump", sum(1 for c in held if c // 6 == contract.trump) <= SHORT_TRUMP)
    if "beyond_reach" in names:
        every = [c for packed in (*r.dealt, widow) for c in hand.cards(packed)]
        reach = sum(r.melds[s].total for s in side) + sum(hand.rules.counters[c % 6] for c in every) \
            + hand.rules.last_trick
        t.chance("beyond_reach", reach < contract.bid)
    if r.parts.get(CardPass).exchange and "pass_breaks_meld" in names:
        _exchange(hand, t, decl, [s for s in side if s != decl][0])


def _exchange(hand: _Hand, t: Tally, decl: int, partner: int) -> None:
    r = hand.result
    assert isinstance(r, HandResult)
    trump = int(r.trump)
    to_decl, back = r.parts.get(CardPass).exchange
    dealt_d, dealt_p = hand.cards(r.dealt[decl]), hand.cards(r.dealt[partner])
    before = hand.meld(dealt_d, trump) + hand.meld(dealt_p, trump)
    held = Counter(dealt_d) + Counter(to_decl)
    kept_p = Counter(dealt_p) - Counter(to_decl)
    after_d = held - Counter(back)
    actual = hand.meld(after_d.elements(), trump) + hand.meld((kept_p + Counter(back)).elements(), trump)
    t.chance("pass_breaks_meld", actual < before)
    plain = sorted(c for c in held.elements() if c // 6 != trump)
    trumps = sorted(c for c in held.elements() if c // 6 == trump)
    n = len(back)
    if len(plain) >= n:
        returns = sorted(set(itertools.combinations(plain, n)))
    else:
        returns = sorted({tuple(plain) + extra for extra in itertools.combinations(trumps, n - len(plain))})
    pinochle = hand.value_of("QS JD", 1)
    own = [hand.meld((held - Counter(ret)).elements(), trump) for ret in returns]
    best = max(mine + hand.meld((kept_p + Counter(ret)).elements(), trump) for mine, ret in zip(own, returns))
    t.chance("pass_back_loses_meld", max(own) - hand.meld(after_d.elements(), trump) >= pinochle)
    t.chance("pass_back_loses_side_meld", best - actual >= pinochle)


def _play(hand: _Hand, tally: Mapping[str | None, Tally], names: Sequence[str]) -> None:
    r = hand.result
    assert isinstance(r, HandResult)
    size = hand.rules.hand_size
    if len(r.tricks) < size:  # conceded, or no play (the meld made the bid)
        return
    tricks = r.tricks[-size:]  # the tricks from the hand alone (two-handed: after the stock)
    side_of = _camps(hand)
    worth = hand.rules.counters
    trump = int(r.trump)
    left: dict[int, Counter[int]] = {}
    for trick in tricks:
        for i, c in enumerate(trick.cards):
            left.setdefault(trick.seat_of(i), Counter())[int(c)] += 1
    for trick in tricks:
        n = len(trick.cards)
        assert trick.winner is not None
        for i, c in enumerate(trick.cards):
            card = int(c)
            seat = trick.seat_of(i)
            held = left[seat]
            present = sum(1 << k for k, m in held.items() if m)
            so_far = [int(x) for x in trick.cards[:i]]
            mask = legal_mask(present, so_far, trump, hand.rules)
            legal = [k for k in range(24) if mask >> k & 1]
            held[card] -= 1
            if not i:
                continue
            mine = [side_of[trick.seat_of(k)] == side_of[seat] for k in range(i)]
            for name, happened in play_chances(legal, card, so_far, mine, side_of[trick.winner] == side_of[seat],
                                               i == n - 1, trump, hand.rules):
                if name in names:
                    tally[hand.level(seat)].chance(name, happened)


def play_chances(legal: Sequence[int], card: int, so_far: Sequence[int], mine: Sequence[bool], won: bool,
                 last: bool, trump: int, rules: RuleSet) -> list[tuple[str, bool]]:
    """The card-play patterns' chances at one turn to follow (see the module notes), each with whether
    the pattern occurred.

    Args:
        legal: the legal card types at this turn (RULES.md, Play).
        card: the card played.
        so_far: the cards already in the trick, lead first (at least one).
        mine: for each of them, whether its player is on the side of the seat to play.
        won: the seat's side won the trick in the end.
        last: the seat is the last to play to the trick.
        trump: the trump suit index.
        rules: the game's rules (the counter points of each rank).

    >>> from pinochle.cards import parse_cards
    >>> from pinochle.rules import TABLE
    >>> s9, sj, st, sa = parse_cards("9S JS TS AS")
    >>> play_chances([st, sa], st, [s9, sj, st], [True, False, False], False, True, 1, TABLE)
    [('last_seat_gives_trick', True)]

    (The racehorse position of docs/strength.md: no duty to beat, the last seat plays its own ten on
    its opponent's and gives up the trick its ace would have won.)
    """
    worth = rules.counters
    win = so_far[winner_index(so_far, trump)]
    theirs = not mine[winner_index(so_far, trump)]
    out: list[tuple[str, bool]] = []
    if theirs and not won:
        throw = [k for k in legal if k % 6 in (_ACE, _TEN) and not beats(k, win, trump)]
        if throw and any(worth[k % 6] == 0 for k in legal):
            out.append(("counter_thrown", card % 6 in (_ACE, _TEN) and not beats(card, win, trump)))
    if last and theirs and any(beats(k, win, trump) for k in legal):
        out.append(("last_seat_gives_trick", not beats(card, win, trump)))
    if last and not theirs:
        gifts = [k for k in legal if worth[k % 6] and k % 6 != _ACE and k // 6 != trump]
        if gifts and any(not worth[k % 6] for k in legal):
            out.append(("counter_not_fed", not worth[card % 6]))
    return out


def _camps(hand: _Hand) -> tuple[int, ...]:
    """Who plays with whom, seat by seat: the partnerships; in a game where each seat is a side of its
    own, the declarer (1) against the defenders together (0), who set it together (VARIANTS.md
    ``cutthroat``, ``auction``: each opponent is paid or pays the declarer)."""
    seating = hand.game.seating
    decl = getattr(hand.result, "declarer", None)
    if any(len(side) > 1 for side in seating.sides) or decl is None:
        return seating.side_of
    return tuple(int(s == decl) for s in range(len(seating.side_of)))


def _hand_records(obj: object) -> Iterator[Mapping[str, object]]:
    """The hand records of one decoded line: a hand record, or each hand of a match record (which
    takes the match's ``game``, ``scale``, ``rules`` and ``players`` when it names none)."""
    if isinstance(obj, Mapping) and obj.get("format") == MATCH_FORMAT and isinstance(obj.get("hands"), list):
        head = {k: obj[k] for k in ("game", "scale", "rules", "players") if k in obj}
        for h in obj["hands"]:
            yield {**head, **h} if isinstance(h, Mapping) else h
        return
    if not isinstance(obj, Mapping):
        raise BadRecord("format", None, "a hand record is a JSON object")
    yield obj


class Audit:
    """The counts so far of the records added: :meth:`add` one hand record at a time, then :meth:`lines`."""

    def __init__(self) -> None:
        self.tallies: dict[tuple[str, str | None], Tally] = {}

    def add(self, record: Mapping[str, object]) -> None:
        """Replay one hand record and count its chances and patterns.

        Raises:
            BadRecord: the record does not replay.
        """
        game = game_of_record(record)
        result = replayed_hand(record)
        hand = _Hand(record, result, game, rules_of_record(None, game, record))
        names = applicable(game)
        by_level: dict[str | None, Tally] = {}
        for level in _levels_in(hand):
            t = self.tallies.get((game.name, level))
            if t is None:
                t = self.tallies[game.name, level] = Tally(
                    game.name, level, patterns={p: [0, 0] for p in names},
                    auction={a: [0, 0] for a in AUCTION if "first_call_pass_big_meld" in names})
            t.hands += 1
            by_level[level] = t
        if "first_call_pass_big_meld" in names:
            _first_calls(hand, by_level)
            _auction(hand, by_level)
        if "partner_overcall" in names:
            _partner_overcall(hand, by_level)
        if isinstance(result, HandResult):
            _contract(hand, by_level, names)
            _play(hand, by_level, names)

    def add_lines(self, lines: Iterable[str | None], source: str = "") -> None:
        """Add the records of JSON Lines text, each line a hand or match record (blank lines skipped;
        ``None``: a line that could not be decoded).

        Raises:
            BadRecord: a line that is not a JSON record (``field`` ``"line"``, ``index`` the line's
                number counted from 1), or a record that does not replay (its reason then begins with
                the line's number, after ``source`` when given).
        """
        for number, line in enumerate(lines, 1):
            where = f"{source} line {number}" if source else f"line {number}"
            if line is None:
                raise BadRecord("line", number, f"{where} is not UTF-8 text")
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except (ValueError, RecursionError) as err:
                raise BadRecord("line", number, f"{where} is not a JSON record: {err}") from None
            try:
                for record in _hand_records(obj):
                    self.add(record)
            except BadRecord as err:
                raise BadRecord(err.field, err.index, f"{where}: {err.reason}", err.hand) from None

    def lines(self) -> list[dict[str, object]]:
        """One line per game and level, in the order of the games' names and then the levels'."""
        keys = sorted(self.tallies, key=lambda k: (k[0], k[1] is None, k[1] or ""))
        return [self.tallies[k].to_json() for k in keys]


def audit_records(records: Iterable[Mapping[str, object]]) -> list[dict[str, object]]:
    """The audit of hand records: one line per game and level (see the module notes).

    Raises:
        BadRecord: a record that does not replay.
    """
    audit = Audit()
    for record in records:
        audit.add(record)
    return audit.lines()


def audit_lines(lines: Iterable[str | None]) -> list[dict[str, object]]:
    """:func:`audit_records` of JSON Lines text (see :meth:`Audit.add_lines`).

    Raises:
        BadRecord: a line that is not a JSON record, or a record that does not replay.
    """
    audit = Audit()
    audit.add_lines(lines)
    return audit.lines()
