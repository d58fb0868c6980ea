"""The terminal game: ``pinochle play``.

A person plays a whole match as South (``S``) against :class:`computer players
<pinochle.bots.for_level>` (Easy, Normal or Hard). In the four-handed games the
match is to the game's target (1500) and North is the partner. In a game of
three players each alone (VARIANTS.md ``cutthroat``, ``auction``; the game's
seating: E, S and W, N empty) West on South's left and East on its right are
the computer players, the widow is turned up for everyone when the auction is
over, South as declarer chooses the cards to bury or concedes, every hand is
settled as who pays whom, the totals are per player, and the match is the
game's number of deals ("Deal 4 of 9"). In two-handed Pinochle (VARIANTS.md
``two-handed``) North is the one computer player: each card question shows the
stock left, the upcard and both players' melds on the table (with the melds each
card has served), a trick won is followed by the melds the rules allow right now,
the dix and pass, the draws are told (the other player's card only when it is the
upcard), the endgame is announced, and the match is to 1000. Who plays with whom comes from the
game's seating and the play teams (:func:`pinochle.bots.base.teams`), never
from :attr:`pinochle.cards.Seat.partner`.
This is the one command whose output is text for people, not JSON.

The game is told as it happens: the deal and South's hand, every auction call
with the high bid, the trump, the meld review, every trick with its winner, a
summary and the score sheet after each hand, and the match result. South is
asked for its calls, for trump when South is declarer, and for its cards;
laying down meld and dealing happen by themselves.

Answers:

* a call: a bid such as ``260``, or ``p`` / ``pass``;
* trump: a suit letter or symbol (``H``, ``♥``) or name (``hearts``);
* a card: a token such as ``AS``, ``10♠``, ``qd``, or the number of the card
  in the list of legal cards;
* a meld (two-handed, after a trick won): its number in the list offered, or its
  cards (``KS QS``); ``d`` the dix; ``p`` pass;
* the cards to bury (declarer in a widow game): as many cards as the widow
  holds, as tokens or as their numbers in the list of cards that may be
  buried (``10H 10D 10C`` or ``2 5 6``), or ``c`` to concede;
* Enter alone: the default shown in the prompt (pass / the longest suit / the
  first legal card), so the game can be driven by piping newlines;
* ``?``: help; ``q``: leave the table.

An illegal answer prints the engine's reason (e.g. ``you must beat the K♠:
play A♠``) and asks again. End of input leaves the table cleanly (exit status
0); with ``--save`` the record of the finished hands is written either way.

>>> import io
>>> out = io.StringIO()
>>> play_match(seed=5, save=None, stdin=io.StringIO(""), stdout=out)
0
>>> "Input ended" in out.getvalue()
True
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import IO, Final

from .auction import parse_points, steps_text
from .bots import NormalPlayer, Player, for_level
from .bots.base import teams
from .cards import DECKS, FOUR_PARTNERS, Card, Seat, Seating, Suit, fold, parse_cards, plain_suits, unpack
from .errors import IllegalAction, PinochleError
from .game import match_deals as deals_at_table
from .game import (Action, BidAction, Game, HandResult, PlayAction, State, Trick, View, action_cards, apply,
                   auction_status, auto_action, default_game, new_match, sort_hand, turn, view)
from .chairs import seat_of_chair, sitting_out
from .meld import NINE, Meld, meld_points
from .parts import Concession, Contract, HandChairs, TurnedTrump, Widow
from .output import OutputError, guarded
from .records import match_record
from .rules import TABLE, RuleSet
from .scoring import HandScore
from .stock import StockPlay, TableCard
from .tricks import counters as counter_points

#: The seat the person plays at a table with one chair per place (at a table of 4 or 5 the
#: lineup gives it each hand: :attr:`_Console.you`). A constant: nothing rebinds it.
SOUTH: Final = Seat.S
_SEAT_NAMES = ("North", "East", "South", "West")
_QUIT_WORDS = ("q", "quit", "exit")
_HELP_WORDS = ("?", "h", "help")
_RULE = "=" * 64


class _LeaveTable(Exception):
    """The person left the table (end of input or ``q``); the message says how."""


class _Console:
    """Text in and out for one match.

    Args:
        stdin: where answers are read, one line each.
        stdout: where the game is written.

    When ``stdin`` is not a terminal (piped input, a test), each answer is
    echoed after its prompt so that the transcript reads like a session.

    Output never fails on the terminal's encoding: when ``stdout`` cannot
    show the suit symbols (``♠ ♥ ♦ ♣``), suits are written as the letters
    ``S H D C`` (``10S``, ``KH``), and any other character it cannot show
    becomes ``?``.

    Attributes:
        you: the seat the person plays this hand: :data:`SOUTH`, or at a table of 4 or 5
            the seat the lineup gives chair 0 (the empty place N while the person sits the
            hand out: nothing is asked there). Every question and every "you" of a match
            follows it; each match has its own console (:func:`_take_chair`).
    """

    def __init__(self, stdin: IO[str], stdout: IO[str]) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.you: Seat = SOUTH
        #: two-handed: the card the person drew after this trick, and the other player's when it was the upcard
        self.drawn: Card | None = None
        self.other_drew: Card | None = None
        try:
            self.echo = not stdin.isatty()
        except (AttributeError, ValueError):
            self.echo = True
        self.encoding = getattr(stdout, "encoding", None) or "utf-8"
        try:
            "♠♥♦♣".encode(self.encoding)
            self.symbols = True
        except (UnicodeEncodeError, LookupError):
            self.symbols = False

    def write(self, text: str) -> None:
        """Write ``text`` as the terminal can show it (see the class notes)."""
        if not self.symbols:
            text = plain_suits(text)
        try:
            self.stdout.write(text)
        except UnicodeEncodeError:
            self.stdout.write(text.encode(self.encoding, "replace").decode(self.encoding))

    def suits(self) -> str:
        """How to write a suit, for prompts: ``S H D C or ♠ ♥ ♦ ♣`` (letters alone without symbols)."""
        return "S H D C or ♠ ♥ ♦ ♣" if self.symbols else "S H D C"

    def say(self, text: str = "") -> None:
        """Write one line."""
        self.write(text + "\n")

    def ask(self, prompt: str) -> str:
        """Write ``prompt`` and read one answer, stripped.

        Returns:
            The answer ('' when Enter alone was pressed).

        Raises:
            _LeaveTable: end of input, or the answer ``q``.
        """
        self.write(prompt)
        self.stdout.flush()
        try:
            line = self.stdin.readline()
        except UnicodeDecodeError:
            line = "\ufffd\n"  # bytes the terminal's encoding cannot read: an answer no parser takes
        if line == "":
            if self.echo:
                self.write("\n")
            raise _LeaveTable("Input ended: you left the table.")
        text = fold(line).strip()
        if self.echo:
            self.write(text + "\n")
        if text.lower() in _QUIT_WORDS:
            raise _LeaveTable("You left the table.")
        return text


# ---------------------------------------------------------------- formatting


def cards_text(cards: Iterable[Card], trump: int | None = None) -> str:
    """Cards sorted for display (trump first once named, then ♠ ♥ ♦ ♣, high to low).

    Suits are separated by two spaces.

    >>> from pinochle.cards import parse_cards
    >>> cards_text(parse_cards("KH AS TS 9C"))
    'A♠ 10♠  K♥  9♣'
    >>> cards_text(parse_cards("KH AS TS 9C"), trump=Suit.C)
    '9♣  A♠ 10♠  K♥'
    """
    groups: list[list[str]] = []
    last: int | None = None
    for c in sort_hand(list(cards), trump):
        if c.suit != last:
            groups.append([])
            last = c.suit
        groups[-1].append(c.label)
    return "  ".join(" ".join(g) for g in groups)


def _seat(seat: int, seating: Seating = FOUR_PARTNERS, you: int = SOUTH) -> str:
    """A seat as ``S (you)`` (``you``: the person's seat), ``N (partner)`` (a seat of the
    person's side in ``seating``), or its letter.

    >>> from pinochle.cards import THREE_ALONE
    >>> _seat(Seat.N), _seat(Seat.E), _seat(Seat.S, THREE_ALONE), _seat(Seat.W, THREE_ALONE)
    ('N (partner)', 'E', 'S (you)', 'W')
    >>> _seat(Seat.W, THREE_ALONE, you=Seat.W), _seat(Seat.S, THREE_ALONE, you=Seat.W)
    ('W (you)', 'S')
    """
    s = Seat(seat)
    if s == you:
        return f"{s} (you)"
    if you in seating.seats and s in seating.partners(you):
        return f"{s} (partner)"
    return str(s)


def _alone(seating: Seating) -> bool:
    """Whether every player is a side of its own (VARIANTS.md ``cutthroat``, ``auction``).

    >>> from pinochle.cards import THREE_ALONE
    >>> _alone(FOUR_PARTNERS), _alone(THREE_ALONE)
    (False, True)
    """
    return all(len(side) == 1 for side in seating.sides)


def _right(seating: Seating, seat: int) -> Seat:
    """The seat in play whose left neighbour is ``seat`` (the person's right-hand opponent)."""
    return next(Seat(s) for s in seating.seats if seating.left(s) == seat)


def _chair_name(chair: int) -> str:
    """A chair at a table of 4 or 5 as the person reads it: ``you`` (chair 0), ``Player 3`` (chair 2)."""
    return "you" if chair == 0 else f"Player {chair + 1}"


def _chair_totals(points: Sequence[int], signed: bool = False) -> str:
    """Per-chair numbers at a table of 4 or 5: ``you 5, Player 2 -5, Player 3 0, Player 4 0``."""
    return ", ".join(f"{_chair_name(c)} {_signed(p) if signed else p}" for c, p in enumerate(points))


def _lineup_text(state: State) -> str:
    """Who deals, who sits out and who plays at E, S and W this hand (VARIANTS.md ``auction`` at 4 or 5)."""
    seats = state.game.seating.seats
    out = sitting_out(state)
    dealer = state.lineup[state.dealer]
    sitting = ", ".join(_chair_name(c) + (" (the dealer)" if c == dealer else "") for c in out)
    playing = ", ".join(f"{Seat(x)} {_chair_name(state.lineup[x])}" for x in seats)
    return f"Sitting out: {sitting}.   Playing: {playing}."


def _per_side(seating: Seating, points: Sequence[int], signed: bool = False) -> str:
    """Per-side numbers with their names: ``NS 120, EW 80``; ``E 4, S -2, W -2`` (players alone)."""
    return ", ".join(f"{n} {_signed(p) if signed else p}" for n, p in zip(seating.side_names, points))


def _table_cards(cards: Sequence[TableCard]) -> str:
    """One player's melded cards lying on the table (the view's ``stock.table``), each with
    the melds it has served (a card may serve another kind of meld, never the same kind again:
    docs/games/two-handed.md): ``K♠ Q♠ (royal marriage)  A♠ (aces around, run)``; ``none``."""
    if not cards:
        return "none"
    groups: dict[tuple[str, ...], list[Card]] = {}
    for t in cards:
        groups.setdefault(tuple(_kind_word(k) for k in t.kinds), []).append(t.card)
    return "  ".join(f"{' '.join(c.label for c in cs)} ({', '.join(kinds)})" for kinds, cs in groups.items())


def _kind_word(kind: str) -> str:
    """A meld kind as players say it: ``around-K`` is ``kings around``; the others are their names.

    >>> _kind_word("around-K"), _kind_word("marriage")
    ('kings around', 'marriage')
    """
    ranks = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks"}
    if kind.startswith("around-") and kind[7:] in ranks:
        return f"{ranks[kind[7:]]} around"
    return kind


def _with_stock(game: Game) -> bool:
    """Whether the terminal tells the game's table with a stock and the melds lying on it (VARIANTS.md
    ``two-handed``): asked of the game, by its record format (:attr:`~pinochle.game.Game.records`:
    ``"stock"``, the stock and the melds declared between tricks), never of a view's fields."""
    return game.records == "stock"


def _stock_status(con: _Console, v: View, game: Game) -> None:
    """What a two-handed view shows besides the hand (docs/games/two-handed.md, The view): the stock
    left and the upcard (or the endgame), and both players' melds on the table with the melds each
    card has served; nothing in a game without a stock (:func:`_with_stock`)."""
    if not _with_stock(game):
        return
    st = v.stock
    if st.endgame:
        con.say("    Endgame: the stock is gone; follow suit, beat a trump lead, trump when void.")
        return
    under = f"; the {st.upcard.label} face up under it" if st.upcard is not None else ""
    con.say(f"    Stock: {st.left} card{'s' if st.left != 1 else ''} face down{under}.")
    other = next(s for s in st.seats if s != con.you)
    con.say(f"    On the table: {Seat(other)} {_table_cards(st.table[other])}   |   you {_table_cards(st.table[con.you])}")


def match_deals(game: Game) -> int | None:
    """The number of scored deals that make the game's match (VARIANTS.md ``cutthroat``,
    ``auction``: 9), or ``None`` for a match played to a target score.

    Read from the game definition (:attr:`pinochle.game.Game.deals`; 0: played to the target).
    """
    return game.deals or None


def _suit_text(suit: int) -> str:
    """A suit as ``♥ hearts``."""
    return f"{Suit(suit).symbol} {('spades', 'hearts', 'diamonds', 'clubs')[suit]}"


def _signed(points: int) -> str:
    """Points with a sign: ``+350``, ``-300``, ``0``."""
    return f"{points:+d}" if points else "0"


def _meld_by_suit(hand: Sequence[Card], state: State | None = None) -> str:
    """South's meld for each possible trump, e.g. ``♠ 40, ♥ 190, ♦ 20, ♣ 20`` (in the game's meld values)."""
    rules = state.rules if state is not None else TABLE
    packed = DECKS[rules.deck].pack(hand)
    return ", ".join(f"{s.symbol} {meld_points(packed, s, rules)}" for s in Suit)


def _longest_suit(hand: Sequence[Card], rules: RuleSet = TABLE) -> Suit:
    """The default trump for South: the longest suit; ties go to more meld (in ``rules``' meld
    values), then ♠ ♥ ♦ ♣ order."""
    packed = DECKS[rules.deck].pack(hand)
    return max(Suit, key=lambda s: (sum(1 for c in hand if c.suit == s), meld_points(packed, s, rules), -s))


def _meld_lines(m: Meld, width: int = 58) -> list[str]:
    """One seat's melds, ``run 150: A♥ 10♥ K♥ Q♥ J♥; pinochle 40: Q♠ J♦``, wrapped to ``width``."""
    if not m.items:
        return ["no meld"]
    lines: list[str] = []
    for item in m.items:
        text = f"{item.name} {item.points}: {' '.join(c.label for c in item.cards)}"
        if lines and len(lines[-1]) + 2 + len(text) <= width:
            lines[-1] += "; " + text
        else:
            lines.append(text)
    return lines


def _trick_line(number: int, trick: Trick, last: bool, rules: RuleSet = TABLE,
                seating: Seating = FOUR_PARTNERS, you: int = SOUTH) -> str:
    """A finished (or partial) trick: ``Trick  3: N K♠  E 9♠  S A♠  W 10♠  -> S (you) takes it (+30)``
    (three cards in a three-handed game; ``you``: the person's seat)."""
    played = "  ".join(f"{trick.seat_of(i)} {c.label:<3}" for i, c in enumerate(trick.cards))
    if trick.winner is None:
        return f"  Trick {number:>2}: {played}"
    points = counter_points(trick.cards, rules) + (rules.last_trick if last else 0)
    bonus = ", last trick" if last else ""
    return f"  Trick {number:>2}: {played}  -> {_seat(trick.winner, seating, you)} takes it (+{points}{bonus})"


# ---------------------------------------------------------------- narration


def _deal_label(state: State) -> str:
    """``Hand 3`` (a match to a target), or ``Deal 3 of 9`` counting scored deals (a match of a
    number of deals; an annulled hand is dealt again under the same number), ``Deal 10 (extra)``
    past the last when the leaders are level."""
    deals = match_deals(state.game) and deals_at_table(state)  # a table of 4 or 5: every chair deals as often
    if deals is None:
        return f"Hand {state.hand_no + 1}"
    k = len(state.history) + 1
    return f"Deal {k} of {deals}" if k <= deals else f"Deal {k} (extra: the leaders are level)"


def _hand_header(con: _Console, state: State) -> None:
    """The deal: hand (or deal) number, dealer, score, South's hand and its meld by trump (at a
    table of 4 or 5: who sits out and who plays where, and the person takes their seat)."""
    _take_chair(con, state)
    v = view(state, con.you)
    seating = state.game.seating
    con.say()
    con.say(_RULE)
    if state.lineup:  # a table of 4 or 5 (VARIANTS.md auction): who plays where, who sits out
        con.say(f"{_deal_label(state)}   score {_chair_totals(state.totals)}")
        con.say(_RULE)
        con.say(_lineup_text(state))
    else:
        con.say(f"{_deal_label(state)}   dealer {_seat(state.dealer, seating, con.you)}   "
                f"score {_per_side(seating, state.totals)}")
        con.say(_RULE)
    if con.you not in seating.seats:
        con.say("You sit this hand out: the computer players play it, shown here.")
    elif _with_stock(state.game):  # VARIANTS.md two-handed: trump is turned before anyone sees a hand
        con.say(f"Your hand: {cards_text(v.hand, state.trump)}")
    else:
        con.say(f"Your hand: {cards_text(v.hand)}")
        con.say(f"Your meld by trump: {_meld_by_suit(v.hand, state)}")
    if state.rules.widow:
        con.say(f"The widow: {state.rules.widow} cards face down, turned up for everyone when the auction is over.")
    if state.turned is not None:
        con.say(f"{_seat(state.dealer, seating, con.you)} turns up the {state.turned.label}: "
                f"{_suit_text(state.turned.suit)} are trump.")
        if _with_stock(state.game):  # VARIANTS.md two-handed: the stock, a turned nine, who leads
            if state.turned.rank == NINE:
                con.say(f"A 9 turned up (the dix): {_seat(state.dealer, seating, con.you)} scores {state.rules.dix}.")
            con.say(f"The stock: {v.stock.left} cards face down, the {state.turned.label} face up under it. "
                    "After each trick both draw, the dealer last.")
            leader = turn(state)
            con.say(f"Play ({_seat(leader, seating, con.you) if leader is not None else '?'} leads; "
                    "no need to follow suit while the stock lasts):")
        elif state.phase == "dix_exchange":  # the house switch dix_exchange (docs/games/turned-trump.md)
            nine = Card(state.turned.suit * 6 + NINE)
            con.say(f"House rule, the dix exchange: from {_seat(seating.left(state.dealer), seating, con.you)} "
                    f"round, a player holding the {nine.label} may exchange it for the {state.turned.label} "
                    f"(the first to do so takes it; the dix still scores for that player).")
    else:
        con.say(f"Auction ({_seat(seating.left(state.dealer), seating, con.you)} calls first; "
                f"the lowest bid is {state.rules.min_bid}):")


def _meld_review(con: _Console, state: State) -> None:
    """Each seat's melds (in the order laid down: declarer first), each side's total, and what the bid needs."""
    assert state.trump is not None
    seating = state.game.seating
    con.say(f"Meld (trump {_suit_text(state.trump)}):")
    first = state.declarer if state.declarer is not None else seating.left(state.dealer)
    seat = Seat(first)
    for _ in range(seating.players):
        m = state.melds[seat]
        if m is not None:  # a seat that lays down no meld (VARIANTS.md cutthroat: only the declarer melds)
            lines = _meld_lines(m)
            con.say(f"  {_seat(seat, seating, con.you):<12} {m.total:>4}   {lines[0]}")
            for more in lines[1:]:
                con.say(f"  {'':<12} {'':>4}   {more}")
        seat = seating.left(seat)
    if _alone(seating):
        _meld_need_alone(con, state)
        return
    names = seating.side_names
    shown = [0] * len(names)
    for i, m in enumerate(state.melds):
        if m is not None:
            shown[seating.side_of[i]] += m.total
    con.say(f"  Meld total: {_per_side(seating, shown)}")
    if state.declarer is None or state.bid is None:  # no contract: both sides score what they take
        if state.phase == "play":
            leader = turn(state)
            con.say(f"Play ({_seat(leader, seating, con.you) if leader is not None else '?'} leads):")
        return
    side = seating.side_of[state.declarer]
    who = "you" if side == seating.side_of[con.you] else "they"
    need = max(0, state.bid - shown[side])
    if need > state.rules.total_counters:
        con.say(f"  {names[side]} bid {state.bid}: {who} cannot make it ({need} needed; a hand has "
                f"{state.rules.total_counters} in counters).")
    elif need == 0:
        con.say(f"  {names[side]} bid {state.bid}: the meld covers it; {who} need only to take a trick.")
    else:
        con.say(f"  {names[side]} bid {state.bid}: {who} need {need} in counters (and at least one trick).")
    if state.phase == "play":
        leader = turn(state)
        con.say(f"Play ({_seat(leader, seating, con.you) if leader is not None else '?'} leads):")


def _meld_need_alone(con: _Console, state: State) -> None:
    """What the declarer alone needs after its meld (VARIANTS.md ``cutthroat``): nothing (the meld
    makes the bid: no play), or trick points, the buried cards counting as the declarer's;
    and who defends together against the declarer (:func:`pinochle.bots.base.teams`)."""
    assert state.declarer is not None and state.bid is not None
    seating = state.game.seating
    d = state.declarer
    m = state.melds[d]
    have = m.total if m is not None else 0
    who = "you" if d == con.you else str(d)
    need = max(0, state.bid - have)
    rules = state.rules
    if need == 0:
        con.say(f"  {_seat(d, seating, con.you)} bid {state.bid}: the meld alone makes it ({have} >= {state.bid}), "
                "so there is no play.")
        return
    needs = "need" if d == con.you else "needs"
    if need > rules.total_counters:
        con.say(f"  {_seat(d, seating, con.you)} bid {state.bid}: {who} cannot make it ({need} needed; a hand has "
                f"{rules.total_counters} in counters).")
    else:
        con.say(f"  {_seat(d, seating, con.you)} bid {state.bid}: {who} {needs} {need} in counters, the buried "
                f"cards included (a hand has {rules.total_counters}).")
    v = view(state, con.you)
    defenders = next(t for t in teams(v) if d not in t)
    con.say("  Defending together: " + " and ".join(_seat(s, seating, con.you) for s in defenders) + ".")


def _hand_summary(con: _Console, r: HandResult, game: Game | None = None, deal: int = 0) -> None:
    """Bid, meld shown and kept, tricks, counters, made or set, and the hand's score of a hand of
    ``game`` (default: the table game; players alone: :func:`_hand_summary_alone`; ``deal``: its
    number among the scored deals)."""
    game = default_game() if game is None else game
    seating = game.seating
    if _with_stock(game):  # VARIANTS.md two-handed: no contract; meld and counters score for each player
        _hand_summary_stock(con, r, seating)
        return
    if _alone(seating):
        _hand_summary_alone(con, r, seating, deal)
        return
    s = r.score
    names = seating.side_names
    c = r.parts.get(Contract)
    stuck = " (stuck: nobody bid)" if c.stuck else ""
    con.say()
    if c.declarer is None or c.bid is None:  # no contract (VARIANTS.md turned-trump)
        con.say(f"Hand {r.number} summary: trump {_suit_text(r.trump)} (turned)")
    else:
        con.say(f"Hand {r.number} summary: {_seat(c.declarer, seating, con.you)} bid {c.bid}{stuck}, "
                f"trump {_suit_text(r.trump)}")
    con.say(f"  {'side':<5}{'meld':>6}{'kept':>6}{'tricks':>8}{'counters':>10}{'score':>8}")
    for i, name in enumerate(names):
        con.say(f"  {name:<5}{s.meld[i]:>6}{s.kept_meld[i]:>6}{s.tricks[i]:>8}{s.counters[i]:>10}"
                f"{_signed(s.score[i]):>8}")
    for i, name in enumerate(names):
        if s.meld[i] and s.tricks[i] == 0 and not s.set_at_once:
            con.say(f"  {name} took no trick, so {name} keep none of their {s.meld[i]} meld.")
    if c.declarer is None or c.bid is None:
        con.say(f"  Hand score: {_per_side(seating, s.score, signed=True)}")
        return
    side = seating.side_of[c.declarer]
    if r.parts.get(Concession).conceded:
        con.say(f"  {names[side]} conceded after the meld.")
    elif s.set_at_once:
        con.say(f"  {names[side]} went set at once: {_seat(c.declarer, seating, con.you)} named trump without its "
                f"king and queen, so {names[side]} lose {c.bid}; no card is played, and {names[1 - side]} keep "
                f"their meld.")
    else:
        con.say(_made_or_set(names[side], s.made, s.kept_meld[side], s.counters[side], c.bid,
                             lost=f", so {names[side]} lose {c.bid}"))
    con.say(f"  Hand score: {_per_side(seating, s.score, signed=True)}")


def _made_or_set(who: str, made: bool, meld: int, counters: int, bid: int, buried: bool = False,
                 lost: str = "") -> str:
    """The line of a contract played out: ``who`` made the bid, or went set, its meld and counters against
    the bid (RULES.md, Scoring a hand); ``buried``: its counters count the buried cards (VARIANTS.md
    ``cutthroat``); ``lost``: what a set costs, after the sum."""
    counted = f"{meld} meld + {counters} counters{' (buried cards included)' if buried else ''} = {meld + counters}"
    return f"  {who} made the bid: {counted} >= {bid}." if made else f"  {who} went set: {counted} < {bid}{lost}."


def _player_rows(con: _Console, seating: Seating, s: HandScore) -> None:
    """Each player's meld, tricks, counters and score of a hand of players alone (its header first)."""
    con.say(f"  {'player':<8}{'meld':>6}{'tricks':>8}{'counters':>10}{'score':>8}")
    for i, name in enumerate(seating.side_names):
        con.say(f"  {name:<8}{s.meld[i]:>6}{s.tricks[i]:>8}{s.counters[i]:>10}{_signed(s.score[i]):>8}")


def _hand_summary_stock(con: _Console, r: HandResult, seating: Seating) -> None:
    """A two-handed hand (VARIANTS.md ``two-handed``; docs/games/two-handed.md): trump, each player's
    meld declared between tricks (the turned nine included), tricks and counters (the last trick's
    10 included), and the hand's score; then every meld in the order declared."""
    s = r.score
    con.say()
    card = r.parts.get(TurnedTrump).card
    turned = f" (turned: {card.label})" if card is not None else ""
    con.say(f"Hand {r.number} summary: trump {_suit_text(r.trump)}{turned}")
    _player_rows(con, seating, s)
    for seat in seating.seats:
        items = [d.item for d in r.parts.get(StockPlay).declared if d.seat == seat]
        text = "; ".join(f"{m.name} {m.points}" for m in items) or "no meld"
        con.say(f"  {_seat(seat, seating, con.you)} melded: {text}")


def _settlement(r: HandResult, seating: Seating, you: int = SOUTH) -> str:
    """A hand settled by stakes as who pays whom: ``S (you) pays E 2, W pays E 2`` (``you``: the person's seat)."""
    return ", ".join(f"{_seat(a, seating, you)} {'pay' if a == you else 'pays'} {_seat(b, seating, you)} {n}"
                     for a, b, n in r.score.transfers) or "nobody pays"


def _result_word(r: HandResult) -> str:
    """How a contract ended: ``made``, ``no play`` (the meld made it), ``set``, ``conceded``, ``-`` (none)."""
    c = r.parts.get(Contract)
    if c.declarer is None:
        return "-"
    if r.parts.get(Concession).conceded:
        return "conceded"
    if not r.score.made:
        return "set"
    return "made" if r.score.played else "no play"


def _hand_summary_alone(con: _Console, r: HandResult, seating: Seating, deal: int) -> None:
    """A hand of players alone (VARIANTS.md ``cutthroat``, ``auction``): the contract and the
    widow, each player's meld, tricks and counters (the buried cards are the declarer's), how
    the contract ended, the settlement as who pays whom, and each player's score."""
    s = r.score
    c = r.parts.get(Contract)
    assert c.declarer is not None and c.bid is not None
    d = c.declarer
    con.say()
    dealt_widow = r.parts.get(Widow).cards
    widow = cards_text(unpack(dealt_widow), r.trump) if dealt_widow else ""
    con.say(f"Deal {deal} summary: {_seat(d, seating, con.you)} bid {c.bid}, trump {_suit_text(r.trump)}"
            + (f"; the widow {widow}" if widow else ""))
    _player_rows(con, seating, s)
    side = seating.side_of[d]
    who = _seat(d, seating, con.you)
    if r.parts.get(Concession).conceded:
        con.say(f"  {who} conceded before the play: a single loss to each opponent.")
    elif not s.played:
        con.say(f"  {who} made the bid with the meld alone ({s.meld[side]} >= {c.bid}): no play.")
    else:
        con.say(_made_or_set(who, s.made, s.meld[side], s.counters[side], c.bid, buried=True,
                             lost=": a double loss to each opponent"))
    con.say(f"  Settlement: {_settlement(r, seating, con.you)}.")
    con.say(f"  Deal score: {_per_side(seating, s.score, signed=True)}")


def _score_sheet_chairs(con: _Console, history: Sequence[HandResult]) -> None:
    """At a table of 4 or 5 (VARIANTS.md ``auction``): the last deal's settlement between the chairs
    (the ones sitting out included) as who pays whom, then every deal's dealer, contract, each
    chair's win or loss (``out``: sat it out) and the running totals, one column per chair."""
    last = history[-1]
    n = len(last.parts.get(HandChairs).totals)

    def name(c: int) -> str:
        return "you" if c == 0 else f"Player {c + 1}"
    pays = ", ".join(f"{name(a).capitalize() if a == 0 else name(a)} {'pay' if a == 0 else 'pays'} {name(b)} {k}"
                     for a, b, k in last.score.chair_transfers) or "nobody pays"
    con.say(f"  Settlement at the table: {pays}.")
    con.say()
    con.say("Score sheet (out: sat the deal out):")
    heads = ["you"] + [f"P{c + 1}" for c in range(1, n)]
    con.say(f"  {'deal':>4}  {'dealer':<8}  {'bid':<12}  {'result':<8}" + "".join(f"  {h:>11}" for h in heads))
    for k, r in enumerate(history, start=1):
        contract, chairs = r.parts.get(Contract), r.parts.get(HandChairs)
        lineup = chairs.lineup
        active = {lineup[x] for x in range(4) if x != r.dealer}
        bid = "-" if contract.declarer is None else f"{name(lineup[contract.declarer])} {contract.bid}"
        cells = [f"{_signed(r.score.chairs[c]) if r.score.chairs else 0}{'' if c in active else ' out'}/{chairs.totals[c]}"
                 for c in range(n)]
        con.say(f"  {k:>4}  {name(lineup[r.dealer]):<8}  {bid:<12}  {_result_word(r):<8}"
                + "".join(f"  {x:>11}" for x in cells))


def _score_sheet_alone(con: _Console, history: Sequence[HandResult], seating: Seating) -> None:
    """Every scored deal of players alone: dealer, contract, how it ended, each player's score
    and running total."""
    names = seating.side_names
    con.say()
    con.say("Score sheet:")
    con.say(f"  {'deal':>4}  {'dealer':<6}  {'bid':<8}  {'trump':<5}  {'result':<8}"
            + "".join(f"  {n:>5}" for n in names) + "".join(f"  {n + ' total':>7}" for n in names))
    for k, r in enumerate(history, start=1):
        c = r.parts.get(Contract)
        bid = "-" if c.declarer is None else f"{c.declarer} {c.bid}"
        con.say(f"  {k:>4}  {str(r.dealer):<6}  {bid:<8}  {Suit(r.trump).symbol:<5}  {_result_word(r):<8}"
                + "".join(f"  {_signed(x):>5}" for x in r.score.score)
                + "".join(f"  {t:>7}" for t in r.totals))


def _score_sheet_stock(con: _Console, history: Sequence[HandResult], seating: Seating) -> None:
    """Every two-handed hand: dealer, trump, each player's score and running total (VARIANTS.md
    ``two-handed``: the match is to 1000)."""
    names = seating.side_names
    con.say()
    con.say("Score sheet:")
    con.say(f"  {'hand':>4}  {'dealer':<6}  {'trump':<5}" + "".join(f"  {n:>5}" for n in names)
            + "".join(f"  {n + ' total':>7}" for n in names))
    for r in history:
        con.say(f"  {r.number:>4}  {str(r.dealer):<6}  {Suit(r.trump).symbol:<5}"
                + "".join(f"  {_signed(x):>5}" for x in r.score.score) + "".join(f"  {t:>7}" for t in r.totals))


def _score_sheet(con: _Console, history: Sequence[HandResult], game: Game) -> None:
    """Every hand of ``game``'s match so far with its scores and the running totals (players alone:
    :func:`_score_sheet_alone`; at a table of 4 or 5: :func:`_score_sheet_chairs`)."""
    seating = game.seating
    if history and history[-1].parts.get(HandChairs).lineup:
        _score_sheet_chairs(con, history)
        return
    if history and _with_stock(game):  # VARIANTS.md two-handed: no contract
        _score_sheet_stock(con, history, seating)
        return
    if _alone(seating):
        _score_sheet_alone(con, history, seating)
        return
    con.say()
    con.say("Score sheet:")
    names = seating.side_names
    con.say(f"  {'hand':>4}  {'dealer':<6}  {'bid':<8}  {'trump':<5}  {'result':<6}"
            + "".join(f"  {n:>6}" for n in names) + "".join(f"  {n + ' total':>8}" for n in names))
    for r in history:
        c = r.parts.get(Contract)
        bid = "-" if c.declarer is None else f"{c.declarer} {c.bid}"
        con.say(f"  {r.number:>4}  {str(r.dealer):<6}  {bid:<8}  {Suit(r.trump).symbol:<5}  {_result_word(r):<6}"
                + "".join(f"  {_signed(x):>6}" for x in r.score.score) + "".join(f"  {t:>8}" for t in r.totals))


def _narrate_stock(con: _Console, before: State, action: Action, after: State) -> bool:
    """Tell a two-handed move between tricks (VARIANTS.md ``two-handed``): a meld or the dix (with
    the exchange for the upcard), the draws (the card the person draws; the other player's only when
    it is the upcard, which everyone saw), and the start of the endgame. ``False``: not such a move
    (the caller tells it)."""
    seating = after.game.seating
    who = _seat(action.seat, seating, con.you)
    if not _with_stock(after.game) or before.hand_no != after.hand_no:
        return False
    sp, spa = before.stock, after.stock
    assert sp is not None and spa is not None, "a game with a stock turns its trump up as the hand is dealt"
    if action.type == "meld" and action_cards(action):
        item = spa.declared[-1].item
        con.say(f"  {who:<12} melds {item.name} {' '.join(c.label for c in item.cards)} (+{item.points})")
    elif action.type == "dix":
        nine = spa.declared[-1].item.cards[0]
        swap = (f" and exchanges it for the upcard {sp.upcard.label}" if spa.exchanged and not sp.exchanged
                and sp.upcard is not None else ", shown on the table")
        con.say(f"  {who:<12} scores the dix {nine.label} (+{spa.declared[-1].item.points}){swap}")
    elif action.type == "pass" and before.phase == "stock_meld":
        pass  # nothing more declared: the draws follow
    elif action.type == "draw":
        if action.seat == con.you:
            got = Counter(unpack(after.hands[con.you])) - Counter(unpack(before.hands[con.you]))
            con.drawn = next(iter(got), None)
        elif not sp.stock and sp.upcard is not None:
            con.other_drew = sp.upcard  # the upcard: everyone saw it
        else:
            con.other_drew = None
        if len(spa.drawn) == 2 or spa.endgame:
            other = Seat(next(s for s in seating.seats if s != con.you))
            mine = con.drawn.label if con.drawn is not None else "?"
            theirs = f"the upcard {con.other_drew.label}" if con.other_drew is not None else "a card"
            con.say(f"  Draw: you {mine}, {other} {theirs}; {spa.left()} left in the stock")
            con.drawn = con.other_drew = None
        if spa.endgame and not sp.endgame:
            con.say()
            con.say("The stock is gone: the endgame. The melds go back to the hands; from now on follow suit, "
                    "beat a trump lead, trump when void.")
            con.say(f"Your hand: {cards_text(view(after, con.you).hand, after.trump)}")
    else:
        return False
    return True


def _narrate(con: _Console, before: State, action: Action, after: State) -> None:
    """Tell what ``action`` did, from the state before and after it."""
    if _narrate_stock(con, before, action, after):
        return
    seating = after.game.seating
    who = _seat(action.seat, seating, con.you)
    if before.phase == "dix_exchange":  # turned-trump's house switch dix_exchange
        if action.type == "dix" and before.turned is not None:  # public; keeping the dix is not shown
            nine = Card(before.turned.suit * 6 + NINE)
            con.say(f"{who} exchanges the {nine.label} (the dix) for the turned {before.turned.label}; "
                    f"{_seat(before.dealer, seating, con.you)} takes the {nine.label}.")
            if con.you in (action.seat, before.dealer):
                con.say(f"Your hand: {cards_text(view(after, con.you).hand, after.trump)}")
        return
    if action.type in ("bid", "pass"):
        st = auction_status(after if after.hand_no == before.hand_no else before)
        call = str(action.bid) if isinstance(action, BidAction) else "pass"
        high = "no bid yet" if st.high_bid is None else f"high bid {st.high_bid}, {st.high_bidder}"
        con.say(f"  {who:<12} {call:<5}  ({high})")
        if after.hand_no != before.hand_no:
            if after.rules.no_bid == "annul":
                con.say("  Nobody bid: the hand is annulled (it does not count) and the next seat deals.")
            else:
                con.say("  Nobody bid: the hand is dealt again.")
            _hand_header(con, after)
        elif after.phase != "auction":
            assert after.declarer is not None
            if after.stuck:
                con.say(f"Three passes: the dealer, {_seat(after.declarer, seating, con.you)}, is declarer at {after.bid}.")
            else:
                con.say(f"{_seat(after.declarer, seating, con.you)} won the auction at {after.bid}.")
            widow = view(after, con.you).widow
            if widow is not None:
                takes = "you take it" if after.declarer == con.you else f"{after.declarer} takes it"
                con.say(f"The widow is turned up: {cards_text(widow)}; {takes}.")
    elif action.type == "trump":
        assert after.trump is not None
        con.say(f"{who} names trump: {_suit_text(after.trump)}.")
        con.say(f"Your hand: {cards_text(view(after, con.you).hand, after.trump)}")
    elif action.type == "give":
        to = Seat(seating.partners(action.seat)[0])
        mine = action.seat in seating.partners(con.you)
        given = action_cards(action)
        con.say(f"{who} passes {len(given)} cards to {_seat(to, seating, con.you)}."
                + (f" You get: {' '.join(c.label for c in given)}." if mine else ""))
        if (after.phase != "exchange" and after.declarer is not None
                and seating.side_of[after.declarer] == seating.side_of[con.you]):
            con.say(f"Your hand: {cards_text(view(after, con.you).hand, after.trump)}")
    elif action.type in ("concede", "play_on"):
        con.say(f"{who} {'concedes the hand' if action.type == 'concede' else 'plays the hand out'}.")
        if action.type == "play_on":
            leader = turn(after)
            con.say(f"Play ({_seat(leader, seating, con.you) if leader is not None else '?'} leads):")
        if action.type == "concede":
            _hand_summary(con, after.history[-1], after.game, len(after.history))
            _score_sheet(con, after.history, after.game)
    elif action.type == "bury":
        if action.seat == con.you:
            con.say(f"You bury {' '.join(c.label for c in action_cards(action))} face down (they count as yours).")
        else:
            con.say(f"{who} buries {len(action_cards(action))} cards face down (they count as {who}'s).")
        leader = turn(after)
        con.say(f"Play ({_seat(leader, seating, con.you) if leader is not None else '?'} leads):")
    elif action.type == "meld":
        if after.phase not in ("meld",):
            _meld_review(con, after)
        if after.phase in ("hand_end", "match_end"):  # no play: the meld alone made the bid (VARIANTS.md cutthroat)
            _hand_summary(con, after.history[-1], after.game, len(after.history))
            _score_sheet(con, after.history, after.game)
    elif action.type == "play":
        trick = after.tricks[-1]
        if trick.winner is not None:
            con.say(_trick_line(len(after.tricks), trick, len(after.tricks) == after.rules.hand_size, after.rules,
                                seating, con.you))
        if after.phase in ("hand_end", "match_end"):
            _hand_summary(con, after.history[-1], after.game, len(after.history))
            _score_sheet(con, after.history, after.game)
    elif action.type == "deal":
        _hand_header(con, after)


# ---------------------------------------------------------------- South's answers


def _ask_move(con: _Console, state: State, prompt: str, help_text: str,
              read: Callable[[str], Action | str], indent: str = "    ") -> tuple[Action, State]:
    """Ask South with ``prompt`` until the engine accepts the move: a help word prints
    ``help_text``; ``read`` turns the answer into an action, or into a sentence saying why it is
    none (said, and asked again); a refusal prints the engine's reason (``Not allowed: ...``)."""
    while True:
        text = con.ask(prompt)
        if text.lower() in _HELP_WORDS:
            con.say(help_text)
            continue
        try:
            action = read(text)
            if isinstance(action, str):
                con.say(action)
                continue
            return action, apply(state, action)
        except PinochleError as err:
            con.say(f"{indent}Not allowed: {err}")


def _south_call(con: _Console, state: State, advisor: Player | None = None) -> tuple[Action, State]:
    """Ask South for a bid or a pass until the engine accepts it."""
    v = view(state, con.you)
    low = v.legal.min_bid
    if v.high_bid is None:
        where = "no bid yet"
    else:
        where = f"high bid {v.high_bid} by {_seat(v.high_bidder, v.seating, con.you) if v.high_bidder is not None else '?'}"
    may_pass = v.legal.pass_
    choices = f"bid {low} or more" + (", or p to pass" if may_pass else ": you must open")
    default = "pass" if may_pass else str(low)
    while True:
        text = con.ask(f"Your call ({where}; {choices}) [Enter: {default}]: ")
        t = text.lower()
        if t in _HELP_WORDS:
            con.say(f"  Type a bid (at least {low}; bids go up {steps_text(v.legal)}), p to pass, or q to leave. "
                    f"Your meld by trump: {_meld_by_suit(v.hand, state)}")
            continue
        points = parse_points(t)
        if t == "" and not may_pass:
            action = Action.bid_(con.you, low if low is not None else 0)
        elif t in ("", "p", "pass"):
            action = Action.pass_(con.you)
        elif points is not None:
            action = Action.bid_(con.you, points)
        else:
            con.say(f"  {text!r} is not a call: type a bid such as {low}, or p to pass.")
            continue
        try:
            return action, apply(state, action)
        except IllegalAction as err:
            con.say(f"  Not allowed: {err}")


def _south_give(con: _Console, state: State, advisor: Player) -> tuple[Action, State]:
    """Ask South for the cards to pass to its partner (VARIANTS.md ``partnership-pass``) until the engine accepts them."""
    v = view(state, con.you)
    n = v.legal.give
    partner = _SEAT_NAMES[v.seating.partners(con.you)[0]]
    to = f"your partner {partner}"
    suggested = action_cards(advisor.act(v))
    con.say(f"    Your hand: {cards_text(v.hand, v.trump)}")
    if v.exchange:
        con.say(f"    {partner} passed you: {' '.join(c.label for c in v.exchange[0])}")
    return _ask_move(con, state, f"    Pass {n} cards to {to} [Enter: {' '.join(c.label for c in suggested)}]: ",
                     f"    Type {n} cards such as {' '.join(str(c) for c in suggested)}, separated by blanks; q to leave.",
                     lambda text: Action.give_(con.you, list(suggested) if text == "" else parse_cards(text)))


def _south_settle(con: _Console, state: State, advisor: Player) -> tuple[Action, State]:
    """Ask South, the declarer, whether to concede after the meld (VARIANTS.md ``racehorse``)."""
    default = "y" if advisor.act(view(state, con.you)).type == "concede" else "n"
    while True:
        text = con.ask(f"Concede the hand? The opponents then score their meld + {state.rules.total_counters} "
                       f"and you score nothing (y/n) [Enter: {default}]: ").lower() or default
        if text in ("y", "yes", "n", "no"):
            action = Action.concede_(con.you) if text.startswith("y") else Action.play_on_(con.you)
            return action, apply(state, action)
        con.say("    Answer y to concede or n to play the hand out.")


def _south_trump(con: _Console, state: State, advisor: Player | None = None) -> tuple[Action, State]:
    """Ask South, the declarer, to name trump."""
    v = view(state, con.you)
    default = _longest_suit(v.hand, state.rules)
    con.say(f"You are declarer at {state.bid}. Your hand: {cards_text(v.hand)}")
    con.say(f"Your meld by trump: {_meld_by_suit(v.hand, state)}")
    return _ask_move(con, state, f"Name trump ({con.suits()}) [Enter: {default.symbol}]: ",
                     f"  Type a suit: {con.suits()}, or a name such as hearts; q to leave.",
                     lambda text: Action.trump_(con.you, default if text == "" else Suit.parse(text)), "  ")


def _south_card(con: _Console, state: State, advisor: Player) -> tuple[Action, State]:
    """Ask South for a card: a token or a number from the list of legal cards.

    Enter alone plays the card a simple computer player would choose in
    South's seat (never simply the first card listed).
    """
    v = view(state, con.you)
    assert v.trump is not None
    trick = v.tricks[-1] if v.tricks and len(v.tricks[-1].cards) < v.seating.players else None
    number = len(v.tricks) if trick is not None else len(v.tricks) + 1
    if trick is None:
        con.say(f"  Trick {number:>2}: you lead")
    else:
        con.say(_trick_line(number, trick, last=False, seating=v.seating, you=con.you) + f"  {con.you} ?")
    order = {c: i for i, c in enumerate(sort_hand(v.legal.cards, v.trump))}
    legal = sorted(v.legal.cards, key=lambda c: order[c])
    _stock_status(con, v, state.game)  # two-handed: the stock, the upcard, both tables (your table cards are playable)
    con.say(f"    Your hand: {cards_text(v.hand, v.trump)}")
    con.say("    Legal: " + "  ".join(f"{i + 1}) {c.label}" for i, c in enumerate(legal)))
    advice = advisor.act(v)
    suggested = advice.card if isinstance(advice, PlayAction) else None
    default = suggested if suggested in legal else legal[0]

    def read(text: str) -> Action | str:
        if text == "":
            return Action.play_(con.you, default)
        if text.isascii() and text.isdigit():
            n = parse_points(text) or 0
            if not 1 <= n <= len(legal):
                choose = "1" if len(legal) == 1 else f"1 to {len(legal)}"
                return f"    There is no card {n}: choose {choose}, or type a card such as {legal[0]}."
            return Action.play_(con.you, legal[n - 1])
        return Action.play_(con.you, Card.parse(text))

    return _ask_move(con, state, f"    Your card [Enter: {default.label}]: ",
                     f"    Type a card such as {legal[0]} or {legal[0].label}, or its number 1 to {len(legal)}; "
                     "q to leave.", read)


def _south_dix(con: _Console, state: State, advisor: Player) -> tuple[Action, State]:
    """Ask the person, holding a nine of trump in turned-trump's dix exchange (the house switch
    ``dix_exchange``; docs/games/turned-trump.md), whether to exchange it for the turned card.
    Enter takes the advisor's choice."""
    v = view(state, con.you)
    assert v.trump is not None and v.turned is not None
    nine = Card(v.trump * 6 + NINE)
    con.say(f"    Your hand: {cards_text(v.hand, v.trump)}")
    default = "y" if advisor.act(v).type == "dix" else "n"
    while True:
        text = con.ask(f"    Exchange your {nine.label} (the dix) for the turned {v.turned.label}? The dix still "
                       f"scores {state.rules.dix} for you (y/n) [Enter: {default}]: ").lower() or default
        if text in _HELP_WORDS:
            con.say(f"    y: the {v.turned.label} comes to your hand and {_seat(v.dealer, v.seating, con.you)} takes "
                    f"the {nine.label}; n: keep it (nobody is told); q to leave.")
            continue
        if text in ("y", "yes", "n", "no", *_DIX_WORDS, *_PASS_WORDS):
            action = Action.dix_(con.you) if text in ("y", "yes", *_DIX_WORDS) else Action.pass_(con.you)
            return action, apply(state, action)
        con.say(f"    Answer y to exchange the {nine.label} or n to keep it.")


_CONCEDE_WORDS = ("c", "concede")
_DIX_WORDS = ("d", "dix")
_PASS_WORDS = ("p", "pass")


def _south_meld(con: _Console, state: State, advisor: Player) -> tuple[Action, State]:
    """Ask the person, having won a two-handed trick, for one meld before drawing (VARIANTS.md
    ``two-handed``; seed 000: "Melds can only be declared one at a time ... provided they've won a
    trick but haven't drawn from the stock yet. The exception is the 9 of trumps"): a meld from the
    list the rules allow right now (``view.legal.melds``), by its number or its cards, ``d`` for the
    dix (exchanged for the upcard when it is the first), or ``p`` to meld nothing (more).

    The question comes back while a dix is still possible after a meld (or a meld after the dix);
    Enter takes the advisor's choice. A refusal prints the engine's reason and asks again.
    """
    v = view(state, con.you)
    melds = list(v.legal.melds)
    _stock_status(con, v, state.game)
    con.say(f"    Your hand: {cards_text(v.hand, v.trump)}")
    con.say("    You won the trick: before drawing you may meld one combination (at least one card from "
            "your hand)" + (", and the dix besides it:" if v.legal.dix and melds else ":"))
    for i, m in enumerate(melds):
        con.say(f"      {i + 1}) {m.name} {m.points}: {' '.join(c.label for c in m.cards)}")
    if v.legal.dix:
        assert v.trump is not None
        up = v.stock.upcard
        swap = ""
        if not v.stock.exchanged and up is not None and up.rank != NINE:
            swap = f", exchanged for the upcard {up.label}"
        con.say(f"      d) the dix, {Card(v.trump * 6 + NINE).label} {state.rules.dix}{swap}")
    con.say("      p) pass: declare nothing (more) now")
    advice = advisor.act(v)
    if advice.type == "meld":
        chosen = sorted(action_cards(advice))
        default = next((str(i + 1) for i, m in enumerate(melds) if sorted(m.cards) == chosen), "p")
    else:
        default = "d" if advice.type == "dix" else "p"
    while True:
        text = con.ask(f"    Your meld [Enter: {default}]: ") or default
        t = text.lower()
        if t in _HELP_WORDS:
            con.say(f"    Type a meld's number (1 to {len(melds)}) or its cards such as "
                    f"{' '.join(str(c) for c in melds[0].cards) if melds else 'KS QS'}"
                    + (", d for the dix" if v.legal.dix else "") + ", p to pass; q to leave.")
            continue
        try:
            if t in _PASS_WORDS:
                action = Action.pass_(con.you)
            elif t in _DIX_WORDS:
                action = Action.dix_(con.you)
            elif t.isascii() and t.isdigit():
                n = parse_points(t) or 0
                if not 1 <= n <= len(melds):
                    con.say(f"    There is no meld {n}: choose 1 to {len(melds)}, d or p."
                            if melds else "    There is no meld to choose: d or p.")
                    continue
                action = Action.meld_(con.you, melds[n - 1].cards)
            else:
                action = Action.meld_(con.you, parse_cards(text))
            return action, apply(state, action)
        except PinochleError as err:
            con.say(f"    Not allowed: {err}")


def _south_bury(con: _Console, state: State, advisor: Player) -> tuple[Action, State]:
    """Ask South, the declarer in a widow game, for the cards to bury or a concession
    (VARIANTS.md ``cutthroat``: "the declarer may concede at once, or buries 3 cards that were
    not used in meld") until the engine accepts the answer.

    The cards are tokens (``10H``, ``10♥``) or numbers in the list of cards that may be buried;
    a refusal names the problem (a card in the meld, a card not held, the wrong number of
    cards, a number off the list) and asks again. Enter takes the advisor's choice.
    """
    v = view(state, con.you)
    n = v.legal.bury
    free = list(v.legal.bury_from)
    advice = advisor.act(v)
    default = "concede" if advice.type == "concede" else " ".join(c.label for c in action_cards(advice))
    con.say(f"    Your hand: {cards_text(v.hand, v.trump)}")
    con.say("    You may bury (cards not in your meld): " + "  ".join(f"{i + 1}) {c.label}" for i, c in enumerate(free)))

    def read(text: str) -> Action:
        t = text.lower()
        if t in _CONCEDE_WORDS or (t == "" and advice.type == "concede"):
            return Action.concede_(con.you)
        if t == "":
            return Action.bury_(con.you, action_cards(advice))
        cards: list[Card] = []
        for word in text.replace(",", " ").split():
            if word.isascii() and word.isdigit():
                k = parse_points(word) or 0
                if not 1 <= k <= len(free):
                    raise IllegalAction(f"there is no card {word}: choose numbers 1 to {len(free)}")
                cards.append(free[k - 1])
            else:
                cards.extend(parse_cards(word))
        return Action.bury_(con.you, cards)

    return _ask_move(con, state, f"    Bury {n} cards, or c to concede [Enter: {default}]: ",
                     f"    Type {n} cards such as {' '.join(str(c) for c in free[:n])}, or their numbers such as "
                     f"{' '.join(str(i + 1) for i in range(min(n, len(free))))}; the buried cards count as yours. "
                     "c concedes now: you pay each opponent the stake once, where a set after the play pays "
                     "double. q leaves.", read)


# ---------------------------------------------------------------- the match


def _write_record(state: State, path: str) -> str | None:
    """Write the match record of the finished hands to ``path``.

    Returns:
        ``None`` when written, else the reason it could not be.
    """
    try:
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(match_record(state), fh, indent=1)
            fh.write("\n")
    except OSError as err:
        return err.strerror or str(err)
    return None


def _save(con: _Console, state: State, path: str | None) -> int:
    """Write the match record of the finished hands to ``path`` (if given) and say so.

    Returns:
        0, or 1 when the file cannot be written.
    """
    if path is None:
        return 0
    if not state.history:
        con.say(f"No hand was finished: nothing saved to {path}.")
        return 0
    error = _write_record(state, path)
    if error is not None:
        con.say(f"Could not save the match record to {path}: {error}")
        return 1
    n = len(state.history)
    con.say(f"Saved the record of {n} finished hand{'s' if n != 1 else ''} to {path}.")
    return 0


def _step(con: _Console, state: State, players: dict[Seat, Player]) -> State:
    """Make the next move (South's from the console, the others' from their players) and tell it."""
    seat = turn(state)
    assert seat is not None
    auto = auto_action(state)
    if auto is not None:
        action = auto
        after = apply(state, action)
    elif state.phase == "hand_end":
        action = Action.deal_(seat)
        after = apply(state, action)
    elif seat == con.you:
        ask = _ASK[state.current.decision or "card"]
        action, after = ask(con, state, players[con.you])
    else:
        action = players[seat].act(view(state, seat))
        after = apply(state, action)
    _narrate(con, state, action, after)
    return after


#: South's question for each phase decision (PhaseDef.decision).
_ASK: dict[str, Callable[[_Console, State, Player], tuple[Action, State]]] = {
    "call": _south_call,
    "trump": _south_trump,
    "give": _south_give,
    "settle": _south_settle,
    "bury": _south_bury,
    "card": _south_card,
    "meld": _south_meld,
    "dix": _south_dix,
}


def _take_chair(con: _Console, state: State) -> None:
    """Seat the person for this hand: at a table of 4 or 5 (chair 0) at the seat the lineup gives
    them (the empty place N while they sit the hand out, where nothing is asked), else at
    :data:`SOUTH`. Only this match's console changes (:attr:`_Console.you`)."""
    con.you = (seat_of_chair(state, 0) or Seat.N) if state.lineup else SOUTH


def play_match(seed: int | None, save: str | None, stdin: IO[str], stdout: IO[str], level: str = "normal",
               game: str = "table", rules: RuleSet | None = None, players: int | None = None) -> int:
    """Play a match in the terminal: a person as South against computer players at the game's
    other seats (three in the four-handed games, two in a game of three players alone).

    Args:
        seed: makes the deals and the computer players reproducible (and is
            printed); ``None`` draws a secret 64-bit one, never printed, so
            that the hidden hands cannot be worked out from it.
        save: a file to write the match record (``pinochle-match/1``) of the
            finished hands to, at the end of the match or when the person
            leaves; ``None`` for none.
        stdin: the person's answers, one a line.
        stdout: where the game is told.
        level: the computer players' level: ``"easy"``, ``"normal"`` or ``"hard"``.
        game: the game (:data:`pinochle.games.GAMES`); rules: its numbers (default the game's).
        players: the players at the table, one of the game's sizes (auction: 3, 4 or 5;
            ``None``: its seating's). At 4 or 5 the person is chair 0 and deals first; each
            deal the lineup says who sits out, and a hand the person sits out is played by
            the computers and shown.

    Returns:
        The exit status: 0 when the match ends or the person leaves (end of
        input or ``q``); 1 when the record cannot be saved; 130 on Ctrl-C
        (the finished hands are saved first).

    Raises:
        OutputError: ``stdout`` cannot be written (a closed pipe, a full disk); the finished
            hands are saved first (:func:`pinochle.output.output_failed` ends the command).
    """
    chosen = seed is not None
    if seed is None:
        # a secret 64-bit seed: the deals cannot be worked out from South's cards
        seed = random.SystemRandom().getrandbits(64)
    con = _Console(stdin, guarded(stdout))
    if save is not None:
        folder = os.path.dirname(os.path.abspath(save))
        if not os.path.isdir(folder) or not os.access(folder, os.W_OK) or os.path.isdir(save) or (
            os.path.exists(save) and not os.access(save, os.W_OK)
        ):
            con.say(f"Cannot save the match record to {save}: the folder does not exist or is not writable.")
            return 1
    state = new_match(seed=seed, game=game, rules=rules, players=players)
    _take_chair(con, state)
    # the three computer players, and South's advisor (the default card on Enter)
    seating = state.game.seating
    bots: dict[Seat, Player] = {Seat(s): for_level(level, f"{seed}/{Seat(s)}") for s in seating.seats
                                if s != con.you}
    bots[con.you] = NormalPlayer(f"{seed}/S")
    # at a table of 4 or 5 a computer player per chair (chair 0's is the person's advisor)
    chairs: list[Player] = [NormalPlayer(f"{seed}/S")] + [for_level(level, f"{seed}/chair{c}")
                                                          for c in range(1, state.table_size)]
    try:
        _introduce(con, state, seed if chosen else None)
        _hand_header(con, state)
        while state.phase != "match_end":
            if state.lineup:
                bots = {Seat(x): chairs[state.lineup[x]] for x in seating.seats}
            state = _step(con, state, bots)  # a new hand's header seats the person (_take_chair)
        _match_result(con, state)
    except _LeaveTable as left:
        con.say()
        con.say(str(left))
        n = len(state.history)
        con.say(f"The match stops after {n} finished hand{'s' if n != 1 else ''}: "
                f"{_chair_totals(state.totals) if state.lineup else _per_side(seating, state.totals)}.")
    except OutputError:
        # the output cannot be written (a closed pipe, ``| head``; a full disk): keep the record, and leave
        # the rest to the command (pinochle.output: silence for a closed pipe, else one line on stderr)
        if save is not None:
            _write_record(state, save)
        raise
    except KeyboardInterrupt:
        con.say()
        con.say("Interrupted.")
        _save(con, state, save)
        return 130
    return _save(con, state, save)


def _introduce(con: _Console, state: State, seed: int | None) -> None:
    """The game, the match's end, and who sits where (from the game's seating)."""
    seating = state.game.seating
    title = state.game.title
    shown = f" Seed {seed}." if seed is not None else ""
    if state.lineup:
        deals = match_deals(state.game)
        con.say(f"{title}: a table of {state.table_size} players, three playing each hand, each alone, with a "
                f"widow of {state.rules.widow}; settled by stakes, every player at the table paying or paid "
                f"(VARIANTS.md auction).{shown}")
        con.say(f"You are chair 0 ('you'); the computer players are Player 2 to Player {state.table_size}, "
                "clockwise. Each deal the dealer sits out" + (" with the player second to the dealer's left"
                if state.table_size - seating.players > 1 else "") + "; the others play at E, S and W. "
                "A hand you sit out is played by the computers and shown.")
        if deals is not None:
            con.say(f"The match is {deals_at_table(state)} deals, so that every "
                    "player deals as often; the highest total wins.")
    elif _with_stock(state.game):  # VARIANTS.md two-handed
        con.say(f"{title}: two players, {state.rules.hand_size // 2} cards each and a stock; after each trick "
                f"you win you may meld one combination, and the dix; the match is to {state.rules.target}." + shown)
        other = Seat(next(s for s in seating.seats if s != con.you))
        con.say(f"You are South (S); {_SEAT_NAMES[other]} ({other}) is the computer player. Melds stay face up "
                "on the table and may be played from there; when the stock is gone the melds go back to the "
                "hands and the endgame's 12 tricks follow suit.")
    elif not _alone(seating):
        con.say(f"{title}: four hands, two partnerships, the match is to {state.rules.target}." + shown)
        con.say("You are South (S); North (N) is your partner; East (E) and West (W) are the computer opponents.")
    else:
        deals = match_deals(state.game)
        end = (f"a match of {deals} deals; the highest total wins" if deals is not None
               else f"the match is to {state.rules.target}")
        widow = f", a widow of {state.rules.widow}" if state.rules.widow else ""
        con.say(f"{title}: {seating.players} players, each alone{widow}; settled by stakes; {end}." + shown)
        left, right = seating.left(con.you), _right(seating, con.you)
        con.say(f"You are South (S); {_SEAT_NAMES[left]} ({left}) on your left and {_SEAT_NAMES[right]} ({right}) "
                "on your right are computer players, each playing alone; the two defenders play together "
                "against the declarer.")
    con.say("Enter alone takes the default shown in brackets; ? gives help; q leaves the table.")


def _match_result(con: _Console, state: State) -> None:
    """The final score, the winner, and why it won (the game's scorer's sentence, ``State.why_won``)."""
    assert state.winner is not None
    seating = state.game.seating
    if state.lineup:  # a table of 4 or 5: the winner is a chair
        con.say()
        con.say(_RULE)
        con.say(f"Match over after {len(state.history)} deals.")
        con.say(f"Final totals: {_chair_totals(state.totals)}")
        con.say("Winner: you win the match!" if state.winner == 0 else f"Winner: {_chair_name(state.winner)}.")
        _why_won(con, state)
        con.say(_RULE)
        return
    if _alone(seating):
        won = seating.side_names[state.winner]
        deals = len(state.history)
        annulled = len(state.thrown)
        con.say()
        con.say(_RULE)
        word = "hands" if _with_stock(state.game) else "deals"
        con.say(f"Match over after {deals} {word}" + (f" ({annulled} annulled and dealt again)." if annulled else "."))
        con.say(f"Final totals: {_per_side(seating, state.totals)}")
        who = "you win the match!" if won == str(con.you) else f"{_SEAT_NAMES[Seat.parse(won)]} wins the match."
        con.say(f"Winner: {won} - {who}")
        _why_won(con, state)
        con.say(_RULE)
        return
    won = seating.side_names[state.winner]
    con.say()
    con.say(_RULE)
    con.say(f"Match over after {len(state.history)} hands.")
    con.say(f"Final score: {_per_side(seating, state.totals)}")
    if con.you in seating.sides[state.winner]:
        partners = " and ".join(_SEAT_NAMES[p] for p in seating.partners(con.you))
        who = f"you and your partner {partners} win the match!"
    else:
        who = " and ".join(_SEAT_NAMES[p] for p in seating.sides[state.winner]) + " win the match."
    con.say(f"Winner: {won} - {who}")
    _why_won(con, state)
    con.say(_RULE)


def _why_won(con: _Console, state: State) -> None:
    """Why the match was won, as the game's scorer said it (``State.why_won``), on a line of its own."""
    if state.why_won:
        con.say(f"Why: {state.why_won}")
