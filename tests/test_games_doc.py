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
``review``  ``DECLARER | dealer SEAT | meld SEATS | lead SEAT``
``exchange`` ``TRUMP | D HAND | P HAND | X gives CARDS | Y gives CARDS | RESULT``
``concede`` ``WHEN | SEAT | allowed`` or ``refused``
``score``   rules.md's six fields, ``conceded`` as an outcome, and optionally
            ``| before NS EW | winner WHO``
=========== ====================================================================

The exact meaning of each field is written in docs/rules.md, "Other games".
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
from pinochle.games import GAMES
from pinochle.meld import Meld, meld

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
KINDS = ("phases", "rule", "meld", "legal", "auction", "review", "exchange", "concede", "score")
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


def declare(state: State, declarer: Seat) -> State:
    """Run the auction so that ``declarer`` declares: it bids the minimum when its turn comes
    (unless it is the high bidder already), a seat that must open opens at the minimum, the
    others pass. Returns the state after the auction (``trump``)."""
    hand = state.hand_no
    while state.phase == "auction" and state.hand_no == hand:
        who = turn(state)
        assert who is not None
        lg = legal(state, who)
        st: AuctionStatus = auction_status(state)
        wants = who == declarer and st.high_bidder != declarer
        state = _call(state, who, lg.min_bid if wants or not lg.pass_ else None)
    assert state.phase == "trump" and state.declarer == declarer, "the auction did not make the declarer"
    return state


def the_deck(g: Game) -> Deck:
    """The game's deck (48 cards, or the double deck's 80): its ``pack``, ``unpack`` and ``cards``."""
    return DECKS[g.rules.deck]


def has_auction(g: Game) -> bool:
    return any(ph.name == "auction" for ph in g.phases)


def to_trump(state: State, declarer: Seat | None) -> State:
    """The state once trump is known: ``declarer`` declares and names spades, or, in a game
    without an auction (``declarer`` is ``None``), as dealt (trump is turned up)."""
    if declarer is None:
        assert state.phase != "auction" and state.trump is not None
        return state
    return apply(declare(state, declarer), Action.trump_(declarer, Suit.S))


def through_exchange(state: State) -> State:
    """The card pass (if the game has one) with each giver passing its first four cards."""
    while state.phase == "exchange":
        who = turn(state)
        assert who is not None
        lg = legal(state, who)
        cards = DECKS[state.rules.deck].unpack(state.hands[who])
        state = apply(state, Action.give(who, cards[:lg.give]))
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
    """After the meld: a declarer who may concede plays on."""
    if state.phase == "concede":
        assert state.declarer is not None
        state = apply(state, Action.play_on(state.declarer))
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
    state = replace(state, phase="play", trump=trump, declarer=leader, bid=g.rules.min_bid,
                    hands=(hands[0], hands[1], hands[2], hands[3]), tricks=tricks)
    lg = g.phase("play").legal(state, me)
    assert sorted(str(c) for c in lg.cards) == sorted(want)
    for c in set(held):  # and the phase refuses exactly the others
        try:
            g.phase("play").apply(state, Action.play(me, c))
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
    declarer_f, dealer_f, meld_f, lead_f = fields(e, 4)  # type: ignore[arg-type]
    if (declarer_f == "-") == has_auction(g):
        raise DocSyntaxError(f"{e.id}: the declarer is a seat, or '-' in a game without an auction")
    declarer = None if declarer_f == "-" else seat(declarer_f, e.id)
    dealer = seat(labelled(dealer_f, "dealer", 1, e.id)[0], e.id)
    order = [seat(s, e.id) for s in labelled(meld_f, "meld", 4, e.id)]
    leader = seat(labelled(lead_f, "lead", 1, e.id)[0], e.id)
    state = to_trump(new_match(seed=SEED, game=g, first_dealer=dealer), declarer)
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
            state = apply(state, Action.give(giver, cards))
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
    N declares, W deals. ``allowed``: the hand ends there, conceded."""
    when, seat_f, result = fields(e, 3)  # type: ignore[arg-type]
    who = seat(seat_f, e.id)
    if when not in WHEN or result not in ("allowed", "refused"):
        raise DocSyntaxError(f"{e.id}: WHEN is one of {', '.join(WHEN)}; the result 'allowed' or 'refused'")
    state = new_match(seed=SEED, game=g, first_dealer=Seat.W)
    if not has_auction(g) and when in ("auction", "trump"):
        raise DocSyntaxError(f"{e.id}: the {g.name} game has no auction")
    if when != "auction":
        if has_auction(g):
            state = declare(state, Seat.N)
        if when != "trump":
            state = to_trump(state, Seat.N if has_auction(g) else None)
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
                        state = apply(state, Action.play(first, legal(state, first).cards[0]))
    before = state
    try:
        after = apply(state, Action.concede(who))
    except IllegalAction:
        assert result == "refused", "the concession was refused"
        assert state is before
        return
    assert result == "allowed", "the concession was accepted"
    assert after.phase in ("hand_end", "match_end") and after.history[-1].conceded


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


def check_score(g: Game, e: GameExample) -> None:
    """SIDE BID | meld | tricks | counters | OUTCOME | score [| before NS EW | winner WHO], by the game's scorer."""
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
    if outcome not in ("made", "set", "conceded", "-") or (outcome == "-") != (declarer is None):
        raise DocSyntaxError(f"{e.id}: the outcome is 'made', 'set' or 'conceded' ('-' without a contract)")
    conceded = outcome == "conceded"
    if conceded:
        if tricks != (0, 0) or counters != (0, 0):
            raise DocSyntaxError(f"{e.id}: a conceded hand has no tricks and no counters")
        trick_list: tuple[Trick, ...] = ()
    else:
        if sum(tricks) != g.rules.hand_size or sum(counters) != g.rules.total_counters:
            raise DocSyntaxError(f"{e.id}: a hand has {g.rules.hand_size} tricks and "
                                 f"{g.rules.total_counters} counters")
        trick_list = _tricks(g, tricks, counters, e.id)
    melds = [Meld((), 0)] * 4
    melds[0], melds[1] = Meld((), meld_p[0]), Meld((), meld_p[1])
    state = new_match(seed=SEED, game=g, first_dealer=Seat.W)
    state = replace(state, phase="play", declarer=declarer, bid=bid, trump=Suit.S, melds=tuple(melds),
                    tricks=trick_list, totals=before, conceded=conceded, hands=(0, 0, 0, 0))
    state = g.goto(state, "hand_end")
    got = state.history[-1].score
    assert got.tricks == tricks and got.counters == counters, "the example's tricks were not rebuilt"
    if declarer is not None:
        assert got.made == (outcome == "made")
    assert got.score == score
    assert state.totals == (before[0] + score[0], before[1] + score[1])
    if who is not None:
        want = None if who == "none" else side(who, e.id)
        assert state.winner == want
        assert state.phase == ("hand_end" if want is None else "match_end")


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
    concession for a game with one)."""
    game, examples, problems = read_page(path)
    assert game is not None, f"{path.name} has no 'game: NAME' line"
    assert game in GAMES and GAMES[game].playable, f"{game!r} is not a playable game"
    assert not problems, problems
    kinds = Counter(e.kind for e in examples)
    unknown = sorted(set(kinds) - set(KINDS))
    assert not unknown, f"unknown example keywords: {unknown}"
    phases = {ph.name for ph in GAMES[game].phases}
    need = ["phases", "rule", "legal", "review", "score", "concede"]
    if GAMES[game].players != 4:  # three seats: the widow, burial, concession and settlement examples are
        need = ["phases", "rule", "legal", "meld"]  # checked by tests/test_cutthroat.py (named on the page)
    need += ["auction"] if "auction" in phases else []
    need += ["exchange"] if "exchange" in phases else []
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
    assert {"partnership-pass", "racehorse"} <= games_shown
