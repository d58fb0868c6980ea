"""Every worked example of the games' rules pages (docs/games/*.md), checked against each game.

A page names its game on a line of its own near the top, ``game: NAME`` (a
name of :data:`pinochle.games.GAMES`); every ``example`` block of the page is
then checked against that game's definition: its rule set, its phases and
its scorer. The grammar is docs/rules.md's (one example per line, a keyword
and ``|``-separated fields), with the same ``meld``, ``legal`` and
``auction`` keywords run with the game's rules, and these keywords added:

=========== ====================================================================
keyword     fields
=========== ====================================================================
``phases``  ``NAME NAME ...``: the game's phases, in order
``rule``    ``FIELD | VALUE``: a number or switch of the game's rule set (as in rules.md)
``review``  ``DECLARER | dealer SEAT | meld SEATS | lead SEAT [| on DEAL at BID]``
``exchange`` ``TRUMP | D HAND | P HAND | X gives CARDS | Y gives CARDS | RESULT``
``concede`` ``WHEN | SEAT | allowed`` or ``refused`` ``[| on DEAL at BID]``
``score``   rules.md's six fields, ``conceded`` (and ``no play``) as an outcome, and
            optionally ``| before NS EW | winner WHO``; per player in a game of
            players alone (below)
``deal``    ``NAME | SEAT CARDS [| SEAT CARDS ...] | widow CARDS``: a deal named for the page
``widow``   ``DEAL | dealer SEAT | CALLS | RESULT``
``bury``    ``DEAL | dealer SEAT | CALLS | trump SUIT | CARDS | RESULT``
``settle``  ``DEAL | dealer SEAT | CALLS | trump SUIT | CHOICE | RESULT | PAYMENTS | score ...``
``dix``     ``DEALER turns CARD | nines SEATS | ANSWERS | RESULT``: the dix exchange
            (``turned-trump`` with the house switch ``dix_exchange``), below
``trump``   ``DECLARER | HAND | SUIT | RESULT``: the declarer holding HAND names SUIT trump;
            RESULT ``plays`` (the first lead follows the meld) or ``set at once``
``with``    ``NAME=VALUE ... | EXAMPLE``: the example, with those house-rule switches
=========== ====================================================================

The exact meaning of each field is written in docs/rules.md, "Other games".
The keywords of the games with a widow (VARIANTS.md ``cutthroat``, ``auction``;
players alone):

* ``deal NAME | SEAT CARDS ... | widow CARDS``: a deal the page's other lines
  name (``on NAME``, or NAME first); the seats in play not listed hold the rest
  of the deck, alternately in card order (♠ A 10 K Q J 9, then ♥ ♦ ♣), the
  first of them in seat order first. Checked: a legal deal of the game.
* ``widow DEAL | dealer SEAT | CALLS | RESULT``: the auction on that deal;
  ``RESULT`` is ``SEAT BID takes CARDS`` (the widow hidden from every seat until
  the auction is over, then shown to every seat, and in the declarer's hand)
  or ``annulled`` (all passed: the next seat deals, nothing is scored, nobody
  saw the widow).
* ``bury DEAL | dealer SEAT | CALLS | trump SUIT | CARDS | RESULT``: after the
  auction, trump and the declarer's meld, the declarer buries ``CARDS``:
  ``buried`` (accepted: 15 cards left, the declarer leads, the opponents do
  not see them), ``refused: MESSAGE`` (the engine's reason, the state
  unchanged); with ``CARDS`` ``?``, ``RESULT`` ``from CARDS`` lists the cards
  that may be buried.
* ``settle DEAL | dealer SEAT | CALLS | trump SUIT | CHOICE | RESULT | PAYMENTS |
  score E x S y W z``: a whole hand. ``CHOICE`` is ``bury CARDS``, ``concede``
  or ``-`` (the meld made the bid: no choice); the play is each seat's first
  legal card, high to low in the order ♠ ♥ ♦ ♣. ``RESULT`` is ``no play``,
  ``conceded``, ``made N`` or ``set N`` (``N``: the declarer's meld and
  counters, buried cards included); ``PAYMENTS`` ``S pays E 2, W pays E 2``.
* ``score SEAT BID | meld E x S y W z | tricks ... | counters ... | OUTCOME |
  score ...`` and optionally ``| pays ...`` (the payments, as in ``settle``),
  ``| deal K`` (the K-th scored deal of the match, default 1),
  ``| before E x S y W z`` and ``| winner WHO`` (a seat, or ``none``).
* ``review`` and ``concede`` take ``| on DEAL at BID``: the declarer bids
  ``BID`` on that deal, the others pass. West deals, and the seat left of West
  declares a ``concede`` line (North at four, East at three).
The dix exchange of ``turned-trump`` (the house switch ``dix_exchange``, on for these lines):

* ``dix DEALER turns CARD | nines SEATS | ANSWERS | RESULT``: ``DEALER`` deals and turns
  ``CARD``; the nines of trump other than a turned one lie with ``SEATS`` (a seat twice
  holds both), the rest of the deck is dealt in card order to the seats with room.
  ``ANSWERS`` (``-`` for none) are ``SEAT keeps`` or ``SEAT exchanges``, made in turn
  (the seats without a choice between them pass as the engine makes them).
  ``RESULT``: ``no offer`` (nobody is asked), ``nobody exchanges``, ``SEAT exchanges:
  SEAT holds CARDS, SEAT holds CARDS`` (those cards among the seats' hands after it), or
  ``refused: MESSAGE`` (the last answer is refused with the engine's reason, the state
  unchanged). Checked besides: 12 cards in each hand and the whole deck, every view
  naming the exchanger, and each seat's meld scoring one dix per nine of trump it was
  dealt.

Each line is its own test case (id ``NAME.md:LINE ...``); a page without its
``game:`` line, without examples, or missing a kind of example its game
needs fails :func:`test_page_is_well_formed`.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from pinochle.auction import AuctionStatus
from pinochle.cards import DECKS, Card, Deck, Seat, Suit
from pinochle.errors import IllegalAction
from pinochle.game import Action, Game, State, Trick, apply, auction_status, auto_action, legal, new_match, turn, view
from pinochle.games import GAMES, with_switches
from pinochle.meld import Meld, meld
from pinochle.games.phases import turned_up
from pinochle.parts import Concession, Contract, TrumpMarriageCheck
from pinochle.rules import RuleSet

from . import test_rules_doc as rules_doc
from .test_rules_doc import (
    DocSyntaxError,
    card_list,
    fields,
    integer,
    labelled,
    meld_items,
    read_examples,
    seat,
    side,
    suit,
)

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted((ROOT / "docs" / "games").glob("*.md"))
RULES_MD = ROOT / "docs" / "rules.md"
KINDS = ("phases", "rule", "meld", "legal", "auction", "review", "exchange", "concede", "score", "deal", "widow",
         "bury", "settle", "dix", "trump", "with")
GAME_LINE = re.compile(r"^game:\s*`?([a-z-]+)`?\s*$")


@dataclass(frozen=True)
class GameExample:
    page: str
    game: str
    lineno: int
    text: str

    @property
    def kind(self) -> str:
        return self.text.split(maxsplit=1)[0]

    @property
    def id(self) -> str:
        return f"{self.page}:{self.lineno} {self.text}"


def page_game(text: str) -> str | None:
    """The game a page names on its ``game:`` line (the first one), or ``None``."""
    for raw in text.splitlines():
        m = GAME_LINE.match(raw.strip())
        if m:
            return m.group(1)
    return None


def read_page(path: Path) -> tuple[str | None, list[GameExample], list[str]]:
    text = path.read_text(encoding="utf-8")
    game = page_game(text)
    lines, problems = read_examples(text)
    return game, [GameExample(path.name, game or "?", e.lineno, e.text) for e in lines], problems


EXAMPLES: list[GameExample] = []
for _path in PAGES:
    EXAMPLES.extend(read_page(_path)[1])


def the_game(e: GameExample) -> Game:
    g = GAMES.get(e.game)
    if g is None or not g.playable:
        raise DocSyntaxError(f"{e.id}: the page's game {e.game!r} is not a playable game")
    return g


# ---------------------------------------------------------------- driving a game


SEED = "games-doc"


def _call(state: State, seat: Seat, bid: int | None) -> State:
    return apply(state, Action.pass_(seat) if bid is None else Action.bid_(seat, bid))


def declare(state: State, declarer: Seat, bid: int | None = None) -> State:
    """Run the auction so that ``declarer`` declares: it bids the minimum (or ``bid``) when its
    turn comes (unless it is the high bidder already), a seat that must open opens at the
    minimum, the others pass. Returns the state after the auction (``trump``)."""
    hand = state.hand_no
    while state.phase == "auction" and state.hand_no == hand:
        who = turn(state)
        assert who is not None
        lg = legal(state, who)
        st: AuctionStatus = auction_status(state)
        wants = who == declarer and st.high_bidder != declarer
        call = (lg.min_bid if bid is None else bid) if wants else None
        state = _call(state, who, call if wants or lg.pass_ else lg.min_bid)
    assert state.phase == "trump" and state.declarer == declarer, "the auction did not make the declarer"
    return state


def the_deck(g: Game) -> Deck:
    """The game's deck (48 cards, or the double deck's 80): its ``pack``, ``unpack`` and ``cards``."""
    return DECKS[g.rules.deck]


def has_auction(g: Game) -> bool:
    return any(ph.name == "auction" for ph in g.phases)


def to_trump(state: State, declarer: Seat | None, bid: int | None = None) -> State:
    """The state once trump is known: ``declarer`` declares (at ``bid``, default the minimum)
    and names spades, or, in a game without an auction (``declarer`` is ``None``), as dealt
    (trump is turned up)."""
    if declarer is None:
        assert state.phase != "auction" and state.trump is not None
        return state
    return apply(declare(state, declarer, bid), Action.trump_(declarer, Suit.S))


def through_exchange(state: State) -> State:
    """The card pass (if the game has one) with each giver passing its first four cards."""
    while state.phase == "exchange":
        who = turn(state)
        assert who is not None
        lg = legal(state, who)
        cards = DECKS[state.rules.deck].unpack(state.hands[who])
        state = apply(state, Action.give_(who, cards[:lg.give]))
    return state


def through_meld(state: State) -> tuple[State, list[Seat]]:
    order: list[Seat] = []
    while state.phase == "meld":
        a = auto_action(state)
        assert a is not None
        order.append(a.seat)
        state = apply(state, a)
    return state, order


def to_first_lead(state: State) -> State:
    """After the meld: a declarer who may concede plays on; a declarer who buries
    (VARIANTS.md ``cutthroat``) buries the first cards it may."""
    if state.phase == "concede":
        assert state.declarer is not None
        state = apply(state, Action.play_on_(state.declarer))
    if state.phase == "bury":
        assert state.declarer is not None
        lg = legal(state, state.declarer)
        state = apply(state, Action.bury_(state.declarer, lg.bury_from[:lg.bury]))
    return state


def parts(e: GameExample, low: int, high: int) -> list[str]:
    """The line's ``|``-separated fields after the keyword: ``low`` to ``high`` non-empty ones."""
    body = e.text.split(maxsplit=1)[1] if len(e.text.split(maxsplit=1)) == 2 else ""
    out = [p.strip() for p in body.split("|")]
    if not low <= len(out) <= high or any(not p for p in out):
        raise DocSyntaxError(f"{e.id}: a {e.kind} line has {low} to {high} non-empty fields separated by '|'")
    return out


def calls_of(text: str, e: GameExample) -> list[int | None]:
    """Auction calls written ``30 pass 31`` (``-`` for none): a bid, or ``None`` for a pass."""
    calls: list[int | None] = []
    for tok in ([] if text == "-" else text.split()):
        if tok == "pass":
            calls.append(None)
        elif tok.isdigit():
            calls.append(int(tok))
        else:
            raise DocSyntaxError(f"{e.id}: a call is 'pass' or a bid, found {tok!r}")
    return calls


def deal_named(g: Game, e: GameExample, name: str) -> tuple[int, int, int, int]:
    """The deal the page names ``name`` on a ``deal`` line (see :func:`parse_deal`)."""
    lines = [x for x in EXAMPLES if x.page == e.page and x.kind == "deal" and parts(x, 2, 9)[0] == name]
    if len(lines) != 1:
        raise DocSyntaxError(f"{e.id}: the page has {len(lines)} deals named {name!r}; it needs one")
    return parse_deal(g, lines[0])[1]


def parse_deal(g: Game, e: GameExample) -> tuple[str, tuple[int, int, int, int]]:
    """``deal NAME | SEAT CARDS ... | widow CARDS``: the seats in play not listed hold the rest of
    the deck alternately in card order (9 J Q K 10 A of ♠, then ♥ ♦ ♣), the first in seat order
    first; the widow lies in the empty place (see :func:`pinochle.game.check_deal`)."""
    name, *rest = parts(e, 2, 9)
    seating, deck = g.seating, the_deck(g)
    listed: dict[int, list[Card]] = {}
    widow: list[Card] | None = None
    for f in rest:
        words = f.split(maxsplit=1)
        if len(words) != 2:
            raise DocSyntaxError(f"{e.id}: a hand is written 'SEAT CARDS' or 'widow CARDS', found {f!r}")
        cards = [Card.parse(c) for c in card_list(words[1], e.id)]
        if words[0] == "widow":
            widow = cards
            continue
        try:
            who = seating.parse(words[0])
        except ValueError as err:
            raise DocSyntaxError(f"{e.id}: {err}") from None
        listed[who] = cards
    if widow is None or not g.rules.widow:
        raise DocSyntaxError(f"{e.id}: a deal line is for a game with a widow, and names the widow")
    left = Counter(deck.cards())
    left.subtract(Counter(widow) + Counter(c for cs in listed.values() for c in cs))
    if any(n < 0 for n in left.values()):
        raise DocSyntaxError(f"{e.id}: more copies of a card than the {deck.name} deck holds")
    others = [s for s in seating.seats if s not in listed]
    pile = sorted(left.elements())
    for i, s in enumerate(others):
        listed[s] = [Card(c) for c in pile[i::len(others)]]
    hands = [0, 0, 0, 0]
    for s, cards in listed.items():
        hands[s] = deck.pack(cards)
    empty = next(i for i in range(4) if i not in seating.seats)
    hands[empty] = deck.pack(widow)
    return name, (hands[0], hands[1], hands[2], hands[3])


def on_deal(g: Game, e: GameExample, text: str) -> tuple[tuple[int, int, int, int], int]:
    """``on DEAL at BID``: the named deal and the bid."""
    words = text.split()
    if len(words) != 4 or words[0] != "on" or words[2] != "at":
        raise DocSyntaxError(f"{e.id}: expected 'on DEAL at BID', found {text!r}")
    return deal_named(g, e, words[1]), integer(words[3], e.id)


def auction_on(g: Game, e: GameExample, deal_f: str, dealer_f: str, calls_f: str,
               rules: RuleSet | None = None) -> State:
    """The named deal dealt by the ``dealer SEAT`` field's seat (with ``rules``, default the
    game's own), and the calls made in turn."""
    dealer = g.seating.parse(labelled(dealer_f, "dealer", 1, e.id)[0])
    state = new_match(seed=SEED, game=g, rules=rules, first_dealer=dealer, deals=[deal_named(g, e, deal_f)])
    for i, call in enumerate(calls_of(calls_f, e)):
        if state.phase != "auction" or state.hand_no != 0:
            raise DocSyntaxError(f"{e.id}: call {i + 1} comes after the auction is over")
        who = turn(state)
        assert who is not None
        state = _call(state, who, call)
    return state


def per_player(g: Game, text: str, label: str, e: GameExample) -> tuple[int, ...]:
    """``LABEL E x S y W z``: one whole number per player (side) of the game, each named once."""
    words = text.split()
    names = g.seating.side_names
    if not words or words[0] != label or len(words) != 1 + 2 * len(names):
        raise DocSyntaxError(f"{e.id}: expected '{label}' and each of {' '.join(names)} with a number, "
                             f"found {text!r}")
    got = {words[i]: integer(words[i + 1], e.id) for i in range(1, len(words), 2)}
    if set(got) != set(names):
        raise DocSyntaxError(f"{e.id}: name each of {' '.join(names)} once in {text!r}")
    return tuple(got[n] for n in names)


def payments(g: Game, text: str, e: GameExample) -> Counter[tuple[int, int, int]]:
    """``S pays E 2, W pays E 2``: the payments as (payer, payee, amount) seats."""
    out: Counter[tuple[int, int, int]] = Counter()
    for item in text.split(","):
        words = item.split()
        if len(words) != 4 or words[1] != "pays":
            raise DocSyntaxError(f"{e.id}: a payment is written 'SEAT pays SEAT AMOUNT', found {item.strip()!r}")
        try:
            payer, payee = g.seating.parse(words[0]), g.seating.parse(words[2])
        except ValueError as err:
            raise DocSyntaxError(f"{e.id}: {err}") from None
        out[(int(payer), int(payee), integer(words[3], e.id))] += 1
    return out


def views(state: State) -> str:
    """Every seat's view, for checking that a refused move changed nothing."""
    return repr([view(state, s).to_json() for s in state.game.seating.seats])


def play_first_legal(state: State) -> State:
    """The tricks, each seat playing its first legal card (high to low, ♠ ♥ ♦ ♣)."""
    while state.phase == "play":
        who = turn(state)
        assert who is not None
        state = apply(state, Action.play_(who, legal(state, who).cards[0]))
    return state


# ---------------------------------------------------------------- the checks


def check_phases(g: Game, e: GameExample) -> None:
    body = e.text.split()[1:]
    if not body or "|" in e.text:
        raise DocSyntaxError(f"{e.id}: a phases line lists the phase names, separated by blanks")
    assert [ph.name for ph in g.phases] == body


def check_rule(g: Game, e: GameExample) -> None:
    """``rule FIELD | VALUE`` as on docs/rules.md (Scales), with the game's rule set."""
    rules_doc.check_rule(e, g.rules)  # type: ignore[arg-type]


def check_meld(g: Game, e: GameExample) -> None:
    trump, hand, total, items = fields(e, 4)  # type: ignore[arg-type]
    want_total = integer(total, e.id)
    want = meld_items(items, e.id)
    if sum(p for _, p, _ in want) != want_total:
        raise DocSyntaxError(f"{e.id}: the listed melds add up to {sum(p for _, p, _ in want)}, not {want_total}")
    cards = [Card.parse(c) for c in card_list(hand, e.id)]
    got = meld(the_deck(g).pack(cards), suit(trump, e.id), g.rules)
    assert got.total == want_total
    got_items = [(i.name, i.points, [str(c) for c in i.cards]) for i in got.items]
    assert Counter((n, p) for n, p, _ in got_items) == Counter((n, p) for n, p, _ in want)
    unused = list(got_items)
    for name, points, shown in sorted(want, key=lambda w: w[2] is None):
        hit = next((x for x in unused if x[0] == name and x[1] == points
                    and (shown is None or sorted(x[2]) == sorted(shown))), None)
        assert hit is not None, f"no {name} {points} scored by {shown} in {got_items}"
        unused.remove(hit)


def check_legal(g: Game, e: GameExample) -> None:
    """The game's play phase, given the hand and the trick so far, allows exactly LEGAL."""
    trump_f, hand, trick, legal_f = fields(e, 4)  # type: ignore[arg-type]
    trump = suit(trump_f, e.id)
    held = [Card.parse(c) for c in card_list(hand, e.id)]
    played = [Card.parse(c) for c in card_list(trick, e.id)]
    want = card_list(legal_f, e.id)
    if len(played) > 3 or len(set(want)) != len(want) or not set(want) <= {str(c) for c in held}:
        raise DocSyntaxError(f"{e.id}: at most 3 cards in the trick; legal cards listed once, from the hand")
    state = new_match(seed=SEED, game=g, first_dealer=Seat.W)
    leader = Seat.N
    me = Seat((leader + len(played)) % 4)
    hands = list(state.hands)
    hands[me] = the_deck(g).pack(held)
    tricks = (Trick(leader, tuple(played)),) if played else ()
    contract = replace(state.parts.get(Contract), trump=trump, declarer=leader, bid=g.rules.min_bid)
    state = replace(state.with_parts(contract), phase="play", hands=(hands[0], hands[1], hands[2], hands[3]),
                    tricks=tricks)
    lg = g.phase("play").legal(state, me)
    assert sorted(str(c) for c in lg.cards) == sorted(want)
    for c in set(held):  # and the phase refuses exactly the others
        try:
            g.phase("play").apply(state, Action.play_(me, c))
            ok = True
        except IllegalAction:
            ok = False
        assert ok == (str(c) in want), f"{c} {'accepted' if ok else 'refused'}"


def check_auction(g: Game, e: GameExample) -> None:
    dealer_f, calls_f, result = fields(e, 3)  # type: ignore[arg-type]
    dealer = seat(dealer_f, e.id)
    calls: list[int | None] = []
    for tok in ([] if calls_f == "-" else calls_f.split()):
        if tok == "pass":
            calls.append(None)
        elif tok.isdigit():
            calls.append(int(tok))
        else:
            raise DocSyntaxError(f"{e.id}: a call is 'pass' or a bid, found {tok!r}")
    state = new_match(seed=SEED, game=g, first_dealer=dealer)
    illegal: int | None = None
    for i, call in enumerate(calls):
        if state.hand_no != 0:
            raise DocSyntaxError(f"{e.id}: call {i + 1} comes after the hand was thrown in")
        who = turn(state)
        assert who is not None
        try:
            state = _call(state, who, call)
        except IllegalAction:
            illegal = i + 1
            break
    words = result.split()
    if words[:2] == ["illegal", "call"] and len(words) == 3:
        if integer(words[2], e.id) != len(calls):
            raise DocSyntaxError(f"{e.id}: the illegal call should be the last one listed")
        assert illegal == len(calls)
        return
    assert illegal is None, f"call {illegal} was refused"
    if words == ["thrown", "in"]:
        # nobody bid: the hand is thrown in and the next dealer deals a new hand
        assert state.hand_no == 1 and state.phase == g.phases[0].name
        assert state.dealer == dealer.left and state.calls == ()
        return
    assert state.hand_no == 0, "the hand was thrown in"
    if words[0] == "open" and len(words) == 2:
        assert state.phase == "auction"
        assert turn(state) == seat(words[1], e.id)
        return
    if len(words) in (2, 3) and (len(words) == 2 or words[2] == "stuck"):
        assert state.phase != "auction"
        assert state.declarer == seat(words[0], e.id)
        assert state.bid == integer(words[1], e.id)
        assert state.stuck == (len(words) == 3)
        return
    raise DocSyntaxError(f"{e.id}: the result is 'SEAT BID', 'SEAT BID stuck', 'open SEAT', 'thrown in' "
                         "or 'illegal call N'")


def check_review(g: Game, e: GameExample) -> None:
    """DECLARER | dealer SEAT | meld SEATS | lead SEAT [| on DEAL at BID]: the seats that lay
    down meld, in order (every seat; in a widow game the declarer alone), and the first lead."""
    declarer_f, dealer_f, meld_f, lead_f, *on = parts(e, 4, 5)
    if (declarer_f == "-") == has_auction(g):
        raise DocSyntaxError(f"{e.id}: the declarer is a seat, or '-' in a game without an auction")
    declarer = None if declarer_f == "-" else seat(declarer_f, e.id)
    dealer = seat(labelled(dealer_f, "dealer", 1, e.id)[0], e.id)
    words = meld_f.split()
    if words[:1] != ["meld"] or not 1 <= len(words) - 1 <= g.seating.players:
        raise DocSyntaxError(f"{e.id}: expected 'meld' and the seats in the order they lay down meld")
    order = [seat(s, e.id) for s in words[1:]]
    leader = seat(labelled(lead_f, "lead", 1, e.id)[0], e.id)
    deals, bid = ([], None) if not on else ([on_deal(g, e, on[0])[0]], on_deal(g, e, on[0])[1])
    state = to_trump(new_match(seed=SEED, game=g, first_dealer=dealer, deals=deals), declarer, bid)
    state, seen = through_meld(through_exchange(state))
    assert seen == order
    state = to_first_lead(state)
    assert state.phase == "play"
    assert turn(state) == leader


def _hand(g: Game, text: str, e: GameExample) -> tuple[Seat, list[Card]]:
    words = text.split(maxsplit=1)
    if len(words) != 2:
        raise DocSyntaxError(f"{e.id}: a hand is written 'SEAT CARDS', found {text!r}")
    cards = [Card.parse(c) for c in card_list(words[1], e.id)]
    if len(cards) != g.rules.hand_size:
        raise DocSyntaxError(f"{e.id}: {words[0]}'s hand has {len(cards)} cards, not {g.rules.hand_size}")
    return seat(words[0], e.id), cards


def _gives(text: str, e: GameExample) -> tuple[Seat, list[Card]]:
    words = text.split(maxsplit=2)
    if len(words) != 3 or words[1] != "gives":
        raise DocSyntaxError(f"{e.id}: a pass is written 'SEAT gives CARDS', found {text!r}")
    return seat(words[0], e.id), [Card.parse(c) for c in card_list(words[2], e.id)]


def check_exchange(g: Game, e: GameExample) -> None:
    """The declarer D (hand given) and partner P (hand given) pass cards in the order written.

    The two opponents hold the rest of the deck. RESULT is ``meld D X P Y`` (both passes
    accepted; D and P then lay down X and Y points of meld from their hands after the pass)
    or ``refused K`` (the K-th pass written is refused, the state unchanged).
    """
    trump_f, d_f, p_f, g1, g2, result = fields(e, 6)  # type: ignore[arg-type]
    trump = suit(trump_f, e.id)
    d, d_cards = _hand(g, d_f, e)
    p, p_cards = _hand(g, p_f, e)
    if p != d.partner:
        raise DocSyntaxError(f"{e.id}: the second hand is the declarer's partner's ({d.partner})")
    deck, size = the_deck(g), g.rules.hand_size
    rest = Counter(deck.cards())
    rest.subtract(Counter(d_cards) + Counter(p_cards))
    if any(n < 0 for n in rest.values()):
        raise DocSyntaxError(f"{e.id}: more copies of a card between the two hands than the {deck.name} deck holds")
    others = sorted(rest.elements())
    hands = [0, 0, 0, 0]
    hands[d], hands[p] = deck.pack(d_cards), deck.pack(p_cards)
    hands[d.left], hands[p.left] = deck.pack(others[:size]), deck.pack(others[size:])
    dealer = Seat((d + 3) % 4)  # the declarer calls first
    state = new_match(seed=SEED, game=g, first_dealer=dealer, deals=[tuple(hands)])
    state = apply(declare(state, d), Action.trump_(d, trump))
    assert state.phase == "exchange"
    passes = [_gives(g1, e), _gives(g2, e)]
    refused: int | None = None
    for k, (giver, cards) in enumerate(passes, start=1):
        before = state
        try:
            state = apply(state, Action.give_(giver, cards))
        except IllegalAction:
            refused = k
            assert state is before
            break
    words = result.split()
    if words[:1] == ["refused"] and len(words) == 2:
        assert refused == integer(words[1], e.id)
        return
    if len(words) != 5 or words[0] != "meld" or {words[1], words[3]} != {str(d), str(p)}:
        raise DocSyntaxError(f"{e.id}: the result is 'meld {d} X {p} Y' or 'refused K'")
    assert refused is None, f"pass {refused} was refused"
    (a, a_cards), (b, b_cards) = passes
    if (a, b) != (p, d):
        raise DocSyntaxError(f"{e.id}: accepted passes are the partner's, then the declarer's")
    want_d = Counter(d_cards) + Counter(a_cards) - Counter(b_cards)
    want_p = Counter(p_cards) - Counter(a_cards) + Counter(b_cards)
    assert Counter(deck.unpack(state.hands[d])) == want_d and Counter(deck.unpack(state.hands[p])) == want_p
    for s in Seat:  # only the two partners see the cards passed
        assert ("exchange" in view(state, s).to_json()) == (s in (d, p))
    state, _ = through_meld(state)
    points = {words[1]: integer(words[2], e.id), words[3]: integer(words[4], e.id)}
    got_d, got_p = state.melds[d], state.melds[p]
    assert got_d is not None and got_p is not None
    assert (got_d.total, got_p.total) == (points[str(d)], points[str(p)])


WHEN = ("auction", "trump", "exchange", "meld", "after meld", "after lead")


def check_concede(g: Game, e: GameExample) -> None:
    """WHEN (auction, trump, exchange, meld, after meld, after lead) SEAT tries to concede;
    W deals and the seat left of W declares (N at four, E at three), on the named deal at the
    bid given by ``on DEAL at BID``. ``allowed``: the hand ends there, conceded."""
    when, seat_f, result, *on = parts(e, 3, 4)
    who = seat(seat_f, e.id)
    if when not in WHEN or result not in ("allowed", "refused"):
        raise DocSyntaxError(f"{e.id}: WHEN is one of {', '.join(WHEN)}; the result 'allowed' or 'refused'")
    deals, bid = ([], None) if not on else ([on_deal(g, e, on[0])[0]], on_deal(g, e, on[0])[1])
    state = new_match(seed=SEED, game=g, first_dealer=Seat.W, deals=deals)
    declarer = g.seating.left(Seat.W)
    if not has_auction(g) and when in ("auction", "trump"):
        raise DocSyntaxError(f"{e.id}: the {g.name} game has no auction")
    if when != "auction":
        if has_auction(g):
            state = declare(state, declarer, bid)
        if when != "trump":
            state = apply(state, Action.trump_(declarer, Suit.S)) if has_auction(g) else to_trump(state, None)
            if when == "exchange":
                if state.phase != "exchange":
                    raise DocSyntaxError(f"{e.id}: the {g.name} game has no card pass")
            else:
                state = through_exchange(state)
                if when != "meld":
                    state, _ = through_meld(state)
                    if when == "after lead":
                        state = to_first_lead(state)
                        first = turn(state)
                        assert first is not None
                        state = apply(state, Action.play_(first, legal(state, first).cards[0]))
    before = state
    try:
        after = apply(state, Action.concede_(who))
    except IllegalAction:
        assert result == "refused", "the concession was refused"
        assert state is before
        return
    assert result == "allowed", "the concession was accepted"
    assert after.phase in ("hand_end", "match_end") and after.history[-1].parts.get(Concession).conceded


def _tricks(g: Game, tricks: tuple[int, int], counters: tuple[int, int], where: str) -> tuple[Trick, ...]:
    """A hand's tricks (one per card of a hand: 12, or 20 with the double deck) won by the sides
    as given, holding the counters given (last trick included), made of the game's deck."""
    rules = g.rules
    value = max(rules.counters)
    cards = the_deck(g).cards()
    counter_cards = [int(c) for c in cards if rules.counters[c % 6]]
    blanks = [int(c) for c in cards if not rules.counters[c % 6]]
    if any(rules.counters[c % 6] not in (0, value) for c in cards):
        raise DocSyntaxError(f"{where}: score examples need counters of one value")
    for last in (0, 1):  # the side that takes the last trick
        if tricks[last] == 0:
            continue
        k = [(counters[s] - (rules.last_trick if s == last else 0)) for s in (0, 1)]
        if any(x < 0 or x % value for x in k):
            continue
        n = [x // value for x in k]
        if any(n[s] > 4 * tricks[s] or 4 * tricks[s] - n[s] > len(blanks) for s in (0, 1)):
            continue
        cards = {0: [], 1: []}  # type: dict[int, list[int]]
        pool_c, pool_b = list(counter_cards), list(blanks)
        for s in (0, 1):
            cards[s] = [pool_c.pop() for _ in range(n[s])]
            cards[s] += [pool_b.pop() for _ in range(4 * tricks[s] - n[s])]
        out: list[Trick] = []
        for s in (1 - last, last):
            winner = Seat(s)  # N for NS, E for EW
            for i in range(tricks[s]):
                four = tuple(Card(c) for c in cards[s][4 * i:4 * i + 4])
                out.append(Trick(winner, four, winner))
        return tuple(out)
    raise DocSyntaxError(f"{where}: no hand takes those tricks with those counters")


def alone(g: Game) -> bool:
    """Every player a side of its own (VARIANTS.md ``cutthroat``, ``auction``)."""
    return all(len(side) == 1 for side in g.seating.sides)


def _tricks_alone(g: Game, tricks: tuple[int, ...], counters: tuple[int, ...], where: str) -> tuple[Trick, ...]:
    """A hand's tricks of one card per player (15 of 3 in cutthroat) won by the players as
    given, holding the counters given (last trick included), made of the game's deck; the
    cards left over are the ones the declarer buried, all blanks."""
    rules, seating = g.rules, g.seating
    n = seating.players
    value = max(rules.counters)
    deck = the_deck(g).cards()
    counter_cards = [int(c) for c in deck if rules.counters[c % 6]]
    blanks = [int(c) for c in deck if not rules.counters[c % 6]]
    if any(rules.counters[c % 6] not in (0, value) for c in deck):
        raise DocSyntaxError(f"{where}: score examples need counters of one value")
    sides = range(len(seating.sides))
    for last in sides:  # the player who takes the last trick
        if tricks[last] == 0:
            continue
        k = [counters[s] - (rules.last_trick if s == last else 0) for s in sides]
        if any(x < 0 or x % value for x in k):
            continue
        c = [x // value for x in k]
        if any(c[s] > n * tricks[s] for s in sides) or sum(n * tricks[s] - c[s] for s in sides) > len(blanks):
            continue
        if sum(c) != len(counter_cards):
            continue
        pool_c, pool_b = list(counter_cards), list(blanks)
        out: list[Trick] = []
        for s in [x for x in sides if x != last] + [last]:
            winner = Seat(seating.sides[s][0])
            seats = (winner, seating.left(winner), seating.left(seating.left(winner)))[:n]
            cards = [pool_c.pop() for _ in range(c[s])] + [pool_b.pop() for _ in range(n * tricks[s] - c[s])]
            for i in range(tricks[s]):
                out.append(Trick(winner, tuple(Card(x) for x in cards[n * i:n * i + n]), winner, seats))
        return tuple(out)
    raise DocSyntaxError(f"{where}: no hand takes those tricks with those counters")


OUTCOMES_ALONE = ("made", "set", "conceded", "no play")


def check_score_alone(g: Game, e: GameExample) -> None:
    """SEAT BID SUIT | meld E x S y W z | tricks ... | counters ... | OUTCOME | score ...
    [| pays PAYMENTS] [| deal K] [| before ...] [| winner WHO], by the
    game's scorer, for a game of players alone (VARIANTS.md ``cutthroat``, ``auction``)."""
    fs = parts(e, 6, 11)
    head, meld_f, tricks_f, counters_f, outcome, score_f = fs[:6]
    h = head.split()
    if len(h) != 3:
        raise DocSyntaxError(f"{e.id}: the first field is 'SEAT BID TRUMP', such as 'E 35 ♠'")
    try:
        declarer = g.seating.parse(h[0])
    except ValueError as err:
        raise DocSyntaxError(f"{e.id}: {err}") from None
    bid, trump = integer(h[1], e.id), suit(h[2], e.id)
    meld_p, tricks, counters, score = (per_player(g, meld_f, "meld", e), per_player(g, tricks_f, "tricks", e),
                                       per_player(g, counters_f, "counters", e), per_player(g, score_f, "score", e))
    pays: Counter[tuple[int, int, int]] | None = None
    deal, before, who = 1, (0,) * len(g.seating.sides), None
    rules = g.rules
    for f in fs[6:]:
        label = f.split()[0]
        if label == "pays":
            pays = payments(g, f.split(maxsplit=1)[1] if len(f.split()) > 1 else "", e)
        elif label == "deal":
            deal = integer(labelled(f, "deal", 1, e.id)[0], e.id)
        elif label == "before":
            before = per_player(g, f, "before", e)
        elif label == "winner":
            who = labelled(f, "winner", 1, e.id)[0]
        else:
            raise DocSyntaxError(f"{e.id}: an optional field is 'pays ...', 'deal K', 'before ...' or 'winner WHO'")
    if outcome not in OUTCOMES_ALONE:
        raise DocSyntaxError(f"{e.id}: the outcome is one of {', '.join(OUTCOMES_ALONE)}")
    d = g.seating.side_of[declarer]
    if outcome in ("conceded", "no play"):
        if any(tricks) or any(counters):
            raise DocSyntaxError(f"{e.id}: a hand {outcome} has no tricks and no counters")
        if outcome == "no play" and meld_p[d] < bid:
            raise DocSyntaxError(f"{e.id}: no play means the declarer's meld reaches the bid")
        trick_list: tuple[Trick, ...] = ()
    else:
        if sum(tricks) != g.rules.hand_size or sum(counters) != g.rules.total_counters:
            raise DocSyntaxError(f"{e.id}: a hand has {g.rules.hand_size} tricks and "
                                 f"{g.rules.total_counters} counters")
        trick_list = _tricks_alone(g, tricks, counters, e.id)
    melds = [Meld((), 0)] * 4
    for i, side_seats in enumerate(g.seating.sides):
        melds[side_seats[0]] = Meld((), meld_p[i])
    state = new_match(seed=SEED, game=g, rules=rules, first_dealer=Seat.W)
    contract = replace(state.parts.get(Contract), declarer=declarer, bid=bid, trump=trump)
    state = replace(state.with_parts(contract, Concession(outcome == "conceded")), phase="play", melds=tuple(melds),
                    tricks=trick_list, totals=before, hands=(0, 0, 0, 0))
    if deal > 1:  # the deals scored before this one (the match ends after the game's number of deals)
        earlier = g.goto(state, "hand_end").history[-1]
        state = replace(state, history=(earlier,) * (deal - 1))
    state = g.goto(state, "hand_end")
    got = state.history[-1].score
    assert got.tricks == tricks and got.counters == counters, "the example's tricks were not rebuilt"
    assert got.made == (outcome in ("made", "no play")) and got.played == (outcome in ("made", "set"))
    assert got.score == score
    assert state.totals == tuple(b + x for b, x in zip(before, score))
    if pays is not None:
        assert Counter(got.transfers) == pays
    if who is not None:
        want = None if who == "none" else g.seating.side_of[g.seating.parse(who)]
        assert state.winner == want
        assert state.phase == ("hand_end" if want is None else "match_end")


def check_score(g: Game, e: GameExample) -> None:
    """SIDE BID | meld | tricks | counters | OUTCOME | score [| before NS EW | winner WHO], by the game's scorer
    (players alone: :func:`check_score_alone`)."""
    if alone(g):
        check_score_alone(g, e)
        return
    parts = [p.strip() for p in e.text.split(maxsplit=1)[1].split("|")]
    if len(parts) not in (6, 8):
        raise DocSyntaxError(f"{e.id}: a score line has 6 or 8 fields")
    head, meld_f, tricks_f, counters_f, outcome, score_f = fields(e, len(parts))[:6]  # type: ignore[arg-type]
    h = head.split()
    if (h == ["-"]) == has_auction(g) or (h != ["-"] and len(h) != 2):
        raise DocSyntaxError(f"{e.id}: the first field is 'SIDE BID', or '-' in a game without an auction")
    declarer = None if h == ["-"] else Seat(side(h[0], e.id))  # N for NS, E for EW
    bid = None if h == ["-"] else integer(h[1], e.id)

    def pair(text: str, label: str) -> tuple[int, int]:
        a, b = (integer(v, e.id) for v in labelled(text, label, 2, e.id))
        return a, b

    meld_p, tricks, counters, score = (pair(meld_f, "meld"), pair(tricks_f, "tricks"),
                                       pair(counters_f, "counters"), pair(score_f, "score"))
    before = (0, 0)
    who: str | None = None
    if len(parts) == 8:
        before = pair(parts[6], "before")
        who = labelled(parts[7], "winner", 1, e.id)[0]
        if who not in ("NS", "EW", "none"):
            raise DocSyntaxError(f"{e.id}: the winner is NS, EW or none")
    if outcome not in ("made", "set", "conceded", "set at once", "-") or (outcome == "-") != (declarer is None):
        raise DocSyntaxError(f"{e.id}: the outcome is 'made', 'set', 'conceded' or 'set at once' "
                             "('-' without a contract)")
    conceded = outcome == "conceded"
    at_once = outcome == "set at once"
    if conceded or at_once:
        if tricks != (0, 0) or counters != (0, 0):
            raise DocSyntaxError(f"{e.id}: a hand {outcome} has no tricks and no counters")
        trick_list: tuple[Trick, ...] = ()
    else:
        if sum(tricks) != g.rules.hand_size or sum(counters) != g.rules.total_counters:
            raise DocSyntaxError(f"{e.id}: a hand has {g.rules.hand_size} tricks and "
                                 f"{g.rules.total_counters} counters")
        trick_list = _tricks(g, tricks, counters, e.id)
    melds = [Meld((), 0)] * 4
    melds[0], melds[1] = Meld((), meld_p[0]), Meld((), meld_p[1])
    state = new_match(seed=SEED, game=g, first_dealer=Seat.W)
    contract = replace(state.parts.get(Contract), declarer=declarer, bid=bid, trump=Suit.S)
    state = replace(state.with_parts(contract, Concession(conceded), TrumpMarriageCheck(at_once)), phase="play",
                    melds=tuple(melds), tricks=trick_list, totals=before, hands=(0, 0, 0, 0))
    state = g.goto(state, "hand_end")
    got = state.history[-1].score
    assert got.tricks == tricks and got.counters == counters, "the example's tricks were not rebuilt"
    if declarer is not None:
        assert got.made == (outcome == "made")
        assert got.set_at_once == at_once and got.played == (not conceded and not at_once)
    assert got.score == score
    assert state.totals == (before[0] + score[0], before[1] + score[1])
    if who is not None:
        want = None if who == "none" else side(who, e.id)
        assert state.winner == want
        assert state.phase == ("hand_end" if want is None else "match_end")


def check_deal(g: Game, e: GameExample) -> None:
    """``deal NAME | SEAT CARDS ... | widow CARDS``: a legal deal of the game, named once on the page."""
    name, hands = parse_deal(g, e)
    state = new_match(seed=SEED, game=g, deals=[hands])  # refuses a deal that is not legal
    assert state.widow == hands[next(i for i in range(4) if i not in g.seating.seats)]
    assert deal_named(g, e, name) == hands


def check_widow(g: Game, e: GameExample) -> None:
    """``DEAL | dealer SEAT | CALLS | RESULT``: nobody sees the widow during the auction; then it is
    turned up for every seat and the declarer takes it (``SEAT BID takes CARDS``), or all pass
    and the hand is annulled (``annulled``)."""
    deal_f, dealer_f, calls_f, result = fields(e, 4)  # type: ignore[arg-type]
    dealer = g.seating.parse(labelled(dealer_f, "dealer", 1, e.id)[0])
    deal = deal_named(g, e, deal_f)
    state = new_match(seed=SEED, game=g, first_dealer=dealer, deals=[deal])
    seats = g.seating.seats
    for i, call in enumerate(calls_of(calls_f, e)):
        if state.phase != "auction" or state.hand_no != 0:
            raise DocSyntaxError(f"{e.id}: call {i + 1} comes after the auction is over")
        for s in seats:  # the widow is face down until the auction is over
            assert view(state, s).widow is None and "widow" not in view(state, s).to_json()
        who = turn(state)
        assert who is not None
        state = _call(state, who, call)
    widow = sorted(str(c) for c in the_deck(g).unpack(deal[next(i for i in range(4) if i not in seats)]))
    if result == "annulled":
        assert state.hand_no == 1 and state.history == () and state.dealer == g.seating.left(dealer)
        assert state.phase == "auction" and len(state.thrown) == 1
        assert all(view(state, s).widow is None for s in seats), "the widow of an annulled hand stays face down"
        return
    words = result.split()
    if len(words) < 4 or words[2] != "takes":
        raise DocSyntaxError(f"{e.id}: the result is 'SEAT BID takes CARDS' or 'annulled'")
    declarer = g.seating.parse(words[0])
    assert state.hand_no == 0 and state.phase == "trump", "the auction is not over"
    assert state.declarer == declarer and state.bid == integer(words[1], e.id)
    assert sorted(card_list(" ".join(words[3:]), e.id)) == widow, "the widow written is not the deal's"
    for s in seats:
        assert sorted(str(c) for c in view(state, s).widow or ()) == widow
    deck = the_deck(g)
    assert Counter(deck.unpack(state.hands[declarer])) == Counter(deck.unpack(deal[declarer])) + Counter(
        deck.unpack(deal[next(i for i in range(4) if i not in seats)]))


def check_bury(g: Game, e: GameExample) -> None:
    """``DEAL | dealer SEAT | CALLS | trump SUIT | CARDS | RESULT``: after the auction, trump and
    the declarer's meld: ``from CARDS`` (with ``CARDS`` ``?``: the cards that may be buried),
    ``buried`` (accepted: the declarer keeps 15 and leads; only it sees the buried cards) or
    ``refused: MESSAGE`` (the engine's reason; every view unchanged)."""
    deal_f, dealer_f, calls_f, trump_f, cards_f, result = fields(e, 6)  # type: ignore[arg-type]
    state = auction_on(g, e, deal_f, dealer_f, calls_f)
    declarer = state.declarer
    assert state.phase == "trump" and declarer is not None, "the auction is not over"
    state = apply(state, Action.trump_(declarer, suit(labelled(trump_f, "trump", 1, e.id)[0], e.id)))
    state, _ = through_meld(state)
    assert state.phase == "bury", f"no burial: the hand went to {state.phase}"
    if result.startswith("from "):
        if cards_f != "?":
            raise DocSyntaxError(f"{e.id}: a 'from' result goes with '?' for the cards")
        lg = legal(state, declarer)
        assert lg.bury == g.rules.widow
        assert sorted(str(c) for c in lg.bury_from) == sorted(card_list(result[5:], e.id))
        return
    cards = [Card.parse(c) for c in card_list(cards_f, e.id)]
    before = views(state)
    try:
        after = apply(state, Action.bury_(declarer, cards))
    except IllegalAction as err:
        if not result.startswith("refused:"):
            raise
        assert result.split(":", 1)[1].strip() in str(err)
        assert views(state) == before
        return
    assert result == "buried", f"the burial was accepted, not {result!r}"
    assert after.phase == "play" and turn(after) == declarer
    assert len(the_deck(g).unpack(after.hands[declarer])) == g.rules.hand_size
    for s in g.seating.seats:
        j = view(after, s).to_json()
        if s == declarer:
            assert sorted(j["buried"]) == sorted(str(c) for c in cards)  # type: ignore[arg-type]
        else:
            assert "buried" not in j


def check_settle(g: Game, e: GameExample) -> None:
    """``DEAL | dealer SEAT | CALLS | trump SUIT | CHOICE | RESULT | PAYMENTS | score ...``: a whole
    hand, the tricks played with each seat's first legal card; the hand's end, who pays whom, each
    player's score."""
    deal_f, dealer_f, calls_f, trump_f, choice, result, pays_f, score_f = parts(e, 8, 8)
    state = auction_on(g, e, deal_f, dealer_f, calls_f)
    declarer = state.declarer
    assert state.phase == "trump" and declarer is not None, "the auction is not over"
    state = apply(state, Action.trump_(declarer, suit(labelled(trump_f, "trump", 1, e.id)[0], e.id)))
    state, _ = through_meld(state)
    if choice == "-":
        assert state.phase in ("hand_end", "match_end"), "the declarer has a choice: the meld did not make the bid"
    elif choice == "concede":
        state = apply(state, Action.concede_(declarer))
    elif choice.split()[:1] == ["bury"]:
        state = play_first_legal(apply(state, Action.bury_(declarer, [Card.parse(c) for c in
                                                                     card_list(choice[5:], e.id)])))
    else:
        raise DocSyntaxError(f"{e.id}: the choice is 'bury CARDS', 'concede' or '-'")
    h = state.history[-1]
    side = g.seating.side_of[declarer]
    words = result.split()
    if result == "no play":
        assert h.score.made and not h.score.played and h.tricks == ()
    elif result == "conceded":
        assert h.parts.get(Concession).conceded and not h.score.made and h.tricks == ()
    elif len(words) == 2 and words[0] in ("made", "set"):
        assert h.score.played and h.score.made == (words[0] == "made")
        assert h.score.meld[side] + h.score.counters[side] == integer(words[1], e.id)
        assert len(h.tricks) == g.rules.hand_size and sum(h.score.counters) == g.rules.total_counters
    else:
        raise DocSyntaxError(f"{e.id}: the result is 'no play', 'conceded', 'made N' or 'set N'")
    assert Counter(h.score.transfers) == payments(g, pays_f, e)
    assert h.score.score == per_player(g, score_f, "score", e) == state.totals
    assert sum(h.score.score) == 0


def _dix_deal(g: Game, dealer: Seat, turned: Card, holders: list[Seat], e: GameExample) -> tuple[int, ...]:
    """The deal of a ``dix`` line: the dealer holds ``turned``, ``holders`` the nines of trump
    (a seat once per nine), the rest of the deck in card order to the seats with room."""
    deck = the_deck(g)
    nine = Card(turned.suit * 6)
    hands: dict[int, list[Card]] = {s: [] for s in g.seating.seats}
    pool = Counter(deck.cards())
    for s, c in [(dealer, turned), *((h, nine) for h in holders)]:
        hands[s].append(c)
        pool[c] -= 1
    if pool[nine] != 0:
        raise DocSyntaxError(f"{e.id}: 'nines' lists where each nine of trump lies that was not turned")
    seats = list(g.seating.seats)
    i = 0
    for c in sorted(pool.elements()):
        while len(hands[seats[i % len(seats)]]) >= g.rules.hand_size:
            i += 1
        hands[seats[i % len(seats)]].append(Card(c))
        i += 1
    packed = [0, 0, 0, 0]
    for s, cards in hands.items():
        packed[s] = deck.pack(cards)
    return tuple(packed)


def check_dix(g: Game, e: GameExample) -> None:
    """``DEALER turns CARD | nines SEATS | ANSWERS | RESULT``: the dix exchange with the house
    switch ``dix_exchange`` on (see the module's docstring)."""
    from pinochle.game import deck_check, dix_exchanger

    head, nines_f, answers_f, result = fields(e, 4)  # type: ignore[arg-type]
    words = head.split()
    if len(words) != 3 or words[1] != "turns":
        raise DocSyntaxError(f"{e.id}: the first field is 'DEALER turns CARD', such as 'N turns AS'")
    dealer = g.seating.parse(words[0])
    turned = Card.parse(card_list(words[2], e.id)[0])
    nine = Card(turned.suit * 6)
    nines = nines_f.split()
    if nines[:1] != ["nines"] or len(nines) - 1 != (1 if turned == nine else 2):
        raise DocSyntaxError(f"{e.id}: 'nines SEATS' names the seat of each nine of trump that was not turned")
    holders = [g.seating.parse(x) for x in nines[1:]]
    rules = with_switches(g.rules, {"dix_exchange": "true"})
    state = new_match(seed=SEED, game=g, rules=rules, first_dealer=dealer, deals=[_dix_deal(g, dealer, turned,
                                                                                           holders, e)])
    # the dealer's turned card is the line's (as a record replays it)
    state = g.advance(turned_up(replace(state, phase=g.phases[0].name), turned))
    dealt = state.hands
    answers = [] if answers_f == "-" else [a.split() for a in answers_f.split(",")]
    for a in answers:
        if len(a) != 2 or a[1] not in ("keeps", "exchanges"):
            raise DocSyntaxError(f"{e.id}: an answer is 'SEAT keeps' or 'SEAT exchanges', found {' '.join(a)!r}")
        who = g.seating.parse(a[0])
        while state.phase == "dix_exchange" and turn(state) != who and (auto := auto_action(state)) is not None:
            state = apply(state, auto)
        if state.phase != "dix_exchange" or turn(state) != who:
            raise DocSyntaxError(f"{e.id}: it is not {who}'s turn to answer ({state.phase}, {turn(state)})")
        try:
            state = apply(state, Action("dix", who) if a[1] == "exchanges" else Action.pass_(who))
        except IllegalAction as err:
            if not result.startswith("refused:") or a is not answers[-1]:
                raise
            assert result.split(":", 1)[1].strip() in str(err)
            return
    if result.startswith("refused:"):
        raise AssertionError(f"{e.id}: every answer was accepted")
    while state.phase == "dix_exchange" and (auto := auto_action(state)) is not None:
        state = apply(state, auto)
    if state.phase == "dix_exchange":
        raise DocSyntaxError(f"{e.id}: {turn(state)} is still to answer")
    exchanger = dix_exchanger(state)
    if result == "no offer":
        assert not answers and state.dix_answers == () and state.hands == dealt
    elif result == "nobody exchanges":
        assert exchanger is None and state.hands == dealt and len(state.dix_answers) == g.seating.players - 1
    else:
        head_r, _, held = result.partition(":")
        hw = head_r.split()
        if len(hw) != 2 or hw[1] != "exchanges" or not held:
            raise DocSyntaxError(f"{e.id}: the result is 'no offer', 'nobody exchanges', "
                                 f"'SEAT exchanges: SEAT holds CARDS, ...' or 'refused: MESSAGE'")
        assert exchanger == g.seating.parse(hw[0])
        deck = the_deck(g)
        for part in held.split(","):
            pw = part.split()
            if len(pw) < 3 or pw[1] != "holds":
                raise DocSyntaxError(f"{e.id}: write who holds what as 'SEAT holds CARDS', found {part.strip()!r}")
            have = Counter(deck.unpack(state.hands[g.seating.parse(pw[0])]))
            want = Counter(Card.parse(c) for c in card_list(" ".join(pw[2:]), e.id))
            assert not want - have, f"{pw[0]} does not hold {' '.join(pw[2:])}"
    for s in g.seating.seats:
        assert view(state, s).to_json().get("dix_exchange") == (None if exchanger is None else str(exchanger))
    while (auto := auto_action(state)) is not None:  # the meld
        state = apply(state, auto)
    assert deck_check(state) and all(len(the_deck(g).unpack(state.hands[s])) == g.rules.hand_size
                                     for s in g.seating.seats)
    for s in g.seating.seats:
        m = state.melds[s]
        assert m is not None
        dealt_nines = holders.count(s) + (1 if s == dealer and turned == nine else 0)
        assert sum(1 for i in m.items if i.kind == "dix") == dealt_nines, f"{s}'s meld scores the wrong dixes"
def check_trump(g: Game, e: GameExample) -> None:
    """``DECLARER | HAND | SUIT | RESULT``: the declarer holds ``HAND`` (a whole hand; the other seats
    hold the rest of the deck, dealt alternately in card order), calls first and declares at the
    minimum bid, and names ``SUIT`` trump. ``plays``: after the meld the first card is led;
    ``set at once``: the hand ends there with no card played, the declaring side loses the bid
    and the opponents score their meld (the rule set's ``trump_needs_marriage``)."""
    declarer_f, hand_f, suit_f, result = fields(e, 4)  # type: ignore[arg-type]
    d, cards = _hand(g, f"{declarer_f} {hand_f}", e)
    deck, size = the_deck(g), g.rules.hand_size
    rest = Counter(deck.cards())
    rest.subtract(Counter(cards))
    if any(n < 0 for n in rest.values()):
        raise DocSyntaxError(f"{e.id}: more copies of a card than the {deck.name} deck holds")
    pile = sorted(rest.elements())
    others = [s for s in Seat if s != d]
    hands = [0, 0, 0, 0]
    hands[d] = deck.pack(cards)
    for i, s in enumerate(others):
        hands[s] = deck.pack(pile[i::3])
        assert len(pile[i::3]) == size
    state = new_match(seed=SEED, game=g, first_dealer=Seat((d + 3) % 4), deals=[tuple(hands)])
    state = apply(declare(state, d), Action.trump_(d, suit(suit_f, e.id)))
    state, _ = through_meld(state)
    if result == "plays":
        assert state.phase == "play" and not state.set_at_once
        return
    if result != "set at once":
        raise DocSyntaxError(f"{e.id}: the result is 'plays' or 'set at once'")
    assert state.phase in ("hand_end", "match_end") and state.tricks == ()
    h = state.history[-1]
    side, other = d % 2, 1 - d % 2
    assert h.score.set_at_once and not h.score.made and not h.score.played
    assert h.score.score[side] == -g.rules.min_bid and h.score.score[other] == h.score.meld[other]


def check_with(g: Game, e: GameExample) -> None:
    """``NAME=VALUE ... | EXAMPLE``: the example checked against the game with those house-rule
    switches (:func:`pinochle.games.with_switches`, as ``--rule NAME=VALUE``)."""
    body = e.text.split(maxsplit=1)[1] if len(e.text.split(maxsplit=1)) == 2 else ""
    head, bar, inner = body.partition("|")
    switches: dict[str, str] = {}
    for word in head.split():
        key, eq, value = word.partition("=")
        if not eq or not key or not value:
            raise DocSyntaxError(f"{e.id}: a switch is written NAME=VALUE, found {word!r}")
        switches[key] = value
    example = GameExample(e.page, e.game, e.lineno, inner.strip())
    if not bar or not switches or not example.text or example.kind not in CHECKS or example.kind == "with":
        raise DocSyntaxError(f"{e.id}: a with line is 'with NAME=VALUE ... | EXAMPLE'")
    CHECKS[example.kind](replace(g, rules=with_switches(g.rules, switches)), example)


CHECKS = {
    "phases": check_phases,
    "rule": check_rule,
    "meld": check_meld,
    "legal": check_legal,
    "auction": check_auction,
    "review": check_review,
    "exchange": check_exchange,
    "concede": check_concede,
    "score": check_score,
    "deal": check_deal,
    "widow": check_widow,
    "bury": check_bury,
    "settle": check_settle,
    "dix": check_dix,
    "trump": check_trump,
    "with": check_with,
}
assert set(CHECKS) == set(KINDS)


# ---------------------------------------------------------------- the tests


def test_every_built_game_but_table_has_a_page() -> None:
    named = {page_game(p.read_text(encoding="utf-8")) for p in PAGES}
    built = {n for n, g in GAMES.items() if g.playable and n != "table"}
    assert built <= named, f"no rules page for {sorted(built - named)}"


def test_rules_md_links_every_game_page() -> None:
    text = RULES_MD.read_text(encoding="utf-8")
    for p in PAGES:
        assert f"(games/{p.name})" in text, f"docs/rules.md does not link games/{p.name}"


@pytest.mark.parametrize("path", PAGES, ids=[p.name for p in PAGES])
def test_page_is_well_formed(path: Path) -> None:
    """A ``game:`` line naming a playable game, closed example blocks, known keywords, and
    every kind of example the game needs (an exchange for a game with a card pass, a
    concession for a game with one; a deal, the widow, a burial and whole hands settled for
    a game with a widow)."""
    game, examples, problems = read_page(path)
    assert game is not None, f"{path.name} has no 'game: NAME' line"
    assert game in GAMES and GAMES[game].playable, f"{game!r} is not a playable game"
    assert not problems, problems
    kinds = Counter(e.kind for e in examples)
    unknown = sorted(set(kinds) - set(KINDS))
    assert not unknown, f"unknown example keywords: {unknown}"
    phases = {ph.name for ph in GAMES[game].phases}
    need = ["phases", "rule"]
    # a game with a play phase shows its play rule, the meld review, the scoring and the concession; the
    # two-handed game (a stock) shows its own worked examples in tests/test_two_handed.py
    need += ["legal", "review", "score", "concede"] if "play" in phases else []
    need += ["auction"] if "auction" in phases else []
    need += ["exchange"] if "exchange" in phases else []
    need += ["meld", "deal", "widow"] if "widow" in phases else []
    need += ["bury", "settle"] if "bury" in phases else []
    need += ["dix"] if "dix_exchange" in phases else []
    missing = [k for k in need if not kinds[k]]
    assert not missing, f"no {missing} examples in {path.name}"


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_example(example: GameExample) -> None:
    check = CHECKS.get(example.kind)
    if check is None:
        raise DocSyntaxError(f"{example.id}: unknown keyword {example.kind!r}; known: {', '.join(KINDS)}")
    check(the_game(example), example)


# ---------------------------------------------------------------- docs/records.md


RECORDS_MD = ROOT / "docs" / "records.md"


def _json_blocks(text: str) -> list[object]:
    import json

    return [json.loads(b) for b in re.findall(r"^```json\n(.*?)^```", text, re.S | re.M)]


def test_records_md_examples_replay_to_the_output_shown() -> None:
    """docs/records.md shows records, each followed by its replay: both are checked."""
    from pinochle.records import replay

    blocks = _json_blocks(RECORDS_MD.read_text(encoding="utf-8"))
    assert len(blocks) >= 4 and len(blocks) % 2 == 0, "records.md shows records, each followed by its replay"
    games_shown = set()
    for record, output in zip(blocks[::2], blocks[1::2]):
        assert isinstance(record, dict)
        games_shown.add(record.get("game"))
        assert replay(record) == output
        g = GAMES[str(record.get("game", "table"))]
        if alone(g) and isinstance(output, dict) and "score" in output:
            assert set(output["score"]) == set(g.seating.side_names)
        if alone(g) and g.rules.stakes != "none" and isinstance(output, dict) and "score" in output:
            # players alone settled by stakes: every pair keyed by the seats, the score the net of who pays whom
            assert set(output["score"]) == set(g.seating.side_names)
            net = dict.fromkeys(g.seating.side_names, 0)
            for t in output["transfers"]:
                net[t["from"]] -= t["amount"]
                net[t["to"]] += t["amount"]
            assert net == output["score"] and sum(net.values()) == 0
    assert {"partnership-pass", "racehorse", "cutthroat"} <= games_shown
