"""Every worked example of docs/rules.md, checked against the engine.

The page's ``example`` blocks hold one example per line; the grammar is
explained at the top of docs/rules.md. Each line becomes its own test case
(id ``rules.md:LINE kind ...``). A line that does not parse fails its test;
a page with no examples, an unclosed block or a missing kind of example
fails :func:`test_doc_has_examples` (an empty parameter list would otherwise
be skipped silently).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

from pinochle.auction import check_call, status
from pinochle.cards import DECKS, SIDES, Card, Seat, Suit, parse_cards
from pinochle.cli import legal_request, meld_request
from pinochle.errors import BadCard, IllegalAction
from pinochle.game import Action, apply, new_match, turn
from pinochle.meld import meld
from pinochle.rules import DOUBLE_DECK_RULES, SCALES, TABLE, BidLadder, RuleSet
from pinochle.scoring import match_winner, score_hand
from pinochle.tricks import counters, winner_index

DOC = Path(__file__).resolve().parent.parent / "docs" / "rules.md"
KINDS = ("card", "meld", "legal", "winner", "auction", "score", "match", "review", "counters", "rule", "scale")
#: The rule sets a ``scale`` example may name after the scale (docs/rules.md, Scales).
SCALED_RULES = {"table": TABLE, "double-deck": DOUBLE_DECK_RULES}
FENCE = re.compile(r"^(`{3,}|~{3,})\s*(\S*)\s*$")


class DocSyntaxError(AssertionError):
    """A line of an example block that does not follow the page's grammar."""


@dataclass(frozen=True)
class ExampleLine:
    lineno: int
    text: str

    @property
    def kind(self) -> str:
        return self.text.split(maxsplit=1)[0]

    @property
    def id(self) -> str:
        return f"rules.md:{self.lineno} {self.text}"


def read_examples(text: str) -> tuple[list[ExampleLine], list[str]]:
    """The lines of every ``example`` block, and the structural problems found."""
    lines: list[ExampleLine] = []
    problems: list[str] = []
    fence: str | None = None
    in_example = False
    start = 0
    for n, raw in enumerate(text.splitlines(), start=1):
        m = FENCE.match(raw.strip())
        if fence is None:
            if m:
                fence = m.group(1)
                in_example = m.group(2) == "example"
                start = n
            elif raw.strip().lower().startswith("```example"):
                problems.append(f"line {n}: malformed example fence {raw!r}")
            continue
        if m and m.group(1) == fence and not m.group(2):
            fence = None
            continue
        if in_example and raw.strip():
            lines.append(ExampleLine(n, raw.strip()))
    if fence is not None:
        problems.append(f"line {start}: code block is never closed")
    return lines, problems


EXAMPLES, STRUCTURE_PROBLEMS = read_examples(DOC.read_text(encoding="utf-8"))


# ---------------------------------------------------------------- parsing helpers


def fields(line: ExampleLine, n: int) -> list[str]:
    """The line's ``|``-separated fields after the keyword; exactly ``n`` of them."""
    body = line.text.split(maxsplit=1)[1] if len(line.text.split(maxsplit=1)) == 2 else ""
    parts = [p.strip() for p in body.split("|")]
    if len(parts) != n or any(not p for p in parts):
        raise DocSyntaxError(f"{line.id}: a {line.kind} line has {n} non-empty fields separated by '|', found {len(parts)}")
    return parts


def card_list(text: str, where: str) -> list[str]:
    """A blank-separated card list (``-`` for none) as canonical tokens."""
    if text == "-":
        return []
    try:
        return [str(c) for c in parse_cards(text.split())]
    except BadCard as err:
        raise DocSyntaxError(f"{where}: {err}") from None


def integer(text: str, where: str) -> int:
    if not re.fullmatch(r"-?\d+", text):
        raise DocSyntaxError(f"{where}: expected a whole number, found {text!r}")
    return int(text)


def labelled(text: str, label: str, count: int, where: str) -> list[str]:
    """``label a b ...`` with ``count`` values after the label."""
    words = text.split()
    if len(words) != count + 1 or words[0] != label:
        raise DocSyntaxError(f"{where}: expected '{label}' and {count} value(s), found {text!r}")
    return words[1:]


def side(text: str, where: str) -> int:
    if text not in SIDES:
        raise DocSyntaxError(f"{where}: a side is NS or EW, found {text!r}")
    return SIDES.index(text)


def seat(text: str, where: str) -> Seat:
    try:
        return Seat.parse(text)
    except ValueError as err:
        raise DocSyntaxError(f"{where}: {err}") from None


def suit(text: str, where: str) -> Suit:
    try:
        return Suit.parse(text)
    except BadCard as err:
        raise DocSyntaxError(f"{where}: {err}") from None


MELD_ITEM = re.compile(r"^(?P<name>[a-z][a-z ]*?)\s+(?P<points>\d+)(?:\s*\[(?P<cards>[^\]]*)\])?$")


def meld_items(text: str, where: str) -> list[tuple[str, int, list[str] | None]]:
    """``name points [cards], ...`` (``-`` for no meld)."""
    if text == "-":
        return []
    out: list[tuple[str, int, list[str] | None]] = []
    for part in text.split(","):
        m = MELD_ITEM.match(part.strip())
        if not m:
            raise DocSyntaxError(f"{where}: a meld is 'name points' or 'name points [cards]', found {part.strip()!r}")
        cards = None if m.group("cards") is None else card_list(m.group("cards").strip(), where)
        if cards == []:
            raise DocSyntaxError(f"{where}: empty card list in {part.strip()!r}")
        out.append((m.group("name"), int(m.group("points")), cards))
    return out


# ---------------------------------------------------------------- the checks


def check_card(line: ExampleLine) -> None:
    raw, expected = fields(line, 2)
    if " " in raw:
        raise DocSyntaxError(f"{line.id}: a card line reads one token")
    try:
        got = str(Card.parse(raw))
    except BadCard:
        got = "rejected"
    if expected != "rejected" and not re.fullmatch(r"[AKQJT9][SHDC]", expected):
        raise DocSyntaxError(f"{line.id}: the result is a canonical card such as TS, or 'rejected'")
    assert got == expected


def check_meld(line: ExampleLine, rules: RuleSet = TABLE) -> None:
    trump, hand, total, items = fields(line, 4)
    suit(trump, line.id)
    want_total = integer(total, line.id)
    want = meld_items(items, line.id)
    if sum(p for _, p, _ in want) != want_total:
        raise DocSyntaxError(f"{line.id}: the listed melds add up to {sum(p for _, p, _ in want)}, not {want_total}")
    cards = card_list(hand, line.id)  # the hand itself must be readable
    if rules is TABLE:  # the table's examples go through the command line's request
        got = meld_request(trump, hand.split())
    else:
        try:
            packed = DECKS[rules.deck].pack(parse_cards(cards))
        except BadCard as err:
            raise DocSyntaxError(f"{line.id}: {err}") from None
        got = meld(packed, suit(trump, line.id), rules).to_json()
    assert got["total"] == want_total
    got_items = [(m["name"], m["points"], list(m["cards"])) for m in got["melds"]]  # type: ignore[index]
    assert Counter((n, p) for n, p, _ in got_items) == Counter((n, p) for n, p, _ in want)
    # Melds with cards given: each must be one of the engine's items, card for card.
    unused = list(got_items)
    for name, points, cards in sorted(want, key=lambda w: w[2] is None):
        match = next(
            (g for g in unused if g[0] == name and g[1] == points and (cards is None or sorted(g[2]) == sorted(cards))),
            None,
        )
        assert match is not None, f"no {name} {points} scored by {cards} in {got_items}"
        unused.remove(match)


def check_legal(line: ExampleLine) -> None:
    trump, hand, trick, legal = fields(line, 4)
    suit(trump, line.id)
    hand_cards = card_list(hand, line.id)
    trick_cards = card_list(trick, line.id)
    want = card_list(legal, line.id)
    if len(set(want)) != len(want):
        raise DocSyntaxError(f"{line.id}: list each legal card once")
    if not set(want) <= set(hand_cards):
        raise DocSyntaxError(f"{line.id}: a legal card that is not in the hand")
    got = legal_request(trump, hand_cards, trick_cards)["legal"]
    assert sorted(got) == sorted(want)  # type: ignore[arg-type]


def check_winner(line: ExampleLine) -> None:
    trump, trick, result = fields(line, 3)
    cards = card_list(trick, line.id)
    m = re.fullmatch(r"(\d+)\s*\((\S+)\)", result)
    if not m or not 1 <= len(cards) <= 4:
        raise DocSyntaxError(f"{line.id}: expected 1 to 4 cards and 'POSITION (CARD)'")
    pos = int(m.group(1))
    if pos >= len(cards) or card_list(m.group(2), line.id) != [cards[pos]]:
        raise DocSyntaxError(f"{line.id}: card {pos} of the trick is {cards[pos] if pos < len(cards) else 'missing'}")
    assert winner_index(parse_cards(cards), suit(trump, line.id)) == pos


def check_auction(line: ExampleLine, rules: RuleSet = TABLE) -> None:
    dealer_text, calls_text, result = fields(line, 3)
    dealer = seat(dealer_text, line.id)
    calls: list[int | None] = []
    for tok in ([] if calls_text == "-" else calls_text.split()):
        if tok == "pass":
            calls.append(None)
        elif tok.isdigit():
            calls.append(int(tok))
        else:
            raise DocSyntaxError(f"{line.id}: a call is 'pass' or a bid, found {tok!r}")
    words = result.split()
    # Replay the calls one by one, each checked as the game checks it.
    made: list[int | None] = []
    illegal: int | None = None
    for call in calls:
        st = status(made, dealer, rules)
        try:
            check_call(made, dealer, st.turn if st.turn is not None else dealer, call, rules)
        except IllegalAction:
            illegal = len(made) + 1
            break
        made.append(call)
    if words[:2] == ["illegal", "call"] and len(words) == 3:
        want = integer(words[2], line.id)
        if want != len(calls):
            raise DocSyntaxError(f"{line.id}: the illegal call should be the last one listed")
        assert illegal == want
        return
    assert illegal is None, f"call {illegal} was refused"
    st = status(made, dealer, rules)
    if words[0] == "open" and len(words) == 2:
        assert not st.done
        assert st.turn == seat(words[1], line.id)
        return
    if len(words) in (2, 3) and (len(words) == 2 or words[2] == "stuck"):
        assert st.done
        assert st.declarer == seat(words[0], line.id)
        assert st.bid == integer(words[1], line.id)
        assert st.stuck == (len(words) == 3)
        return
    raise DocSyntaxError(f"{line.id}: the result is 'SEAT BID', 'SEAT BID stuck', 'open SEAT' or 'illegal call N'")


def check_score(line: ExampleLine, rules: RuleSet = TABLE) -> None:
    head, meld_f, tricks_f, counters_f, outcome, score_f = fields(line, 6)
    h = head.split()
    if len(h) != 2:
        raise DocSyntaxError(f"{line.id}: the first field is 'SIDE BID'")
    declarer = side(h[0], line.id)
    bid = integer(h[1], line.id)
    meld = tuple(integer(v, line.id) for v in labelled(meld_f, "meld", 2, line.id))
    tricks = tuple(integer(v, line.id) for v in labelled(tricks_f, "tricks", 2, line.id))
    counters = tuple(integer(v, line.id) for v in labelled(counters_f, "counters", 2, line.id))
    score = tuple(integer(v, line.id) for v in labelled(score_f, "score", 2, line.id))
    if outcome not in ("made", "set"):
        raise DocSyntaxError(f"{line.id}: the outcome is 'made' or 'set'")
    # The example must describe a possible hand (RULES.md: 12 tricks, 250 counters; the scale's counters).
    if sum(tricks) != rules.hand_size or sum(counters) != rules.total_counters:
        raise DocSyntaxError(f"{line.id}: a hand has {rules.hand_size} tricks and {rules.total_counters} counters")
    if any(t == 0 and c != 0 for t, c in zip(tricks, counters)):
        raise DocSyntaxError(f"{line.id}: a side with no trick has no counters")
    got = score_hand(declarer, bid, (meld[0], meld[1]), (tricks[0], tricks[1]), (counters[0], counters[1]), rules)
    assert got.made == (outcome == "made")
    assert got.score == score


def check_match(line: ExampleLine, rules: RuleSet = TABLE) -> None:
    totals_f, declarer_f, winner_f = fields(line, 3)
    totals = totals_f.split()
    if len(totals) != 2:
        raise DocSyntaxError(f"{line.id}: the first field is 'NS EW' totals")
    ns, ew = (integer(t, line.id) for t in totals)
    declarer = side(labelled(declarer_f, "declarer", 1, line.id)[0], line.id)
    who = labelled(winner_f, "winner", 1, line.id)[0]
    want = None if who == "none" else side(who, line.id)
    assert match_winner((ns, ew), declarer, rules) == want


def check_review(line: ExampleLine) -> None:
    declarer_f, meld_f, lead_f = fields(line, 3)
    declarer = seat(declarer_f, line.id)
    order = [seat(s, line.id) for s in meld_f.split()[1:]]
    if meld_f.split()[0] != "meld" or len(order) != 4:
        raise DocSyntaxError(f"{line.id}: the second field is 'meld' and four seats")
    leader = seat(labelled(lead_f, "lead", 1, line.id)[0], line.id)
    # Make DECLARER the declarer: they deal and the other three pass (stuck dealer).
    state = new_match(seed="rules-doc", first_dealer=declarer)
    for _ in range(3):
        state = apply(state, Action.pass_(turn(state)))  # type: ignore[arg-type]
    assert state.phase == "trump" and state.declarer == declarer
    state = apply(state, Action.trump_(declarer, Suit.S))
    seen = []
    while state.phase == "meld":
        who = turn(state)
        assert who is not None
        seen.append(who)
        state = apply(state, Action.meld_(who))
    assert seen == order
    assert state.phase == "play"
    assert turn(state) == leader


def check_counters(line: ExampleLine, rules: RuleSet = TABLE) -> None:
    """``counters CARDS | POINTS``: the counter points of the cards taken in tricks (no last trick)."""
    cards_f, points = fields(line, 2)
    cards = card_list(cards_f, line.id)
    assert counters(parse_cards(cards), rules) == integer(points, line.id)


def check_rule(line: ExampleLine, rules: RuleSet = TABLE) -> None:
    """``rule FIELD | VALUE``: a number (``1,000`` may have commas) or a switch (``yes``/``no``) of the rules."""
    name, value = fields(line, 2)
    if name.startswith("_") or not hasattr(rules, name):
        raise DocSyntaxError(f"{line.id}: the rule set has no field {name!r}")
    got = getattr(rules, name)
    if isinstance(got, bool):
        assert value == ("yes" if got else "no"), f"{name} is {got}"
    elif isinstance(got, int):
        assert got == integer(value.replace(",", ""), line.id)
    elif isinstance(got, (str, BidLadder)):  # a ladder as its switch writes it: 5-from-60, or none
        assert str(got) == value
    else:
        raise DocSyntaxError(f"{line.id}: {name} is not a number, a switch or a name")


SCALED_CHECKS = {
    "meld": check_meld,
    "auction": check_auction,
    "score": check_score,
    "match": check_match,
    "counters": check_counters,
    "rule": check_rule,
}


def check_scale(line: ExampleLine) -> None:
    """``scale SCALE [RULES] | EXAMPLE``: the example, with the table's rules (or the named ones) in that scale."""
    body = line.text.split(maxsplit=1)[1] if len(line.text.split(maxsplit=1)) == 2 else ""
    head, _, inner = body.partition("|")
    words = head.split()
    if not 1 <= len(words) <= 2 or words[0] not in SCALES or (len(words) == 2 and words[1] not in SCALED_RULES):
        raise DocSyntaxError(f"{line.id}: a scale line starts 'scale SCALE |' or 'scale SCALE double-deck |' "
                             f"(scales: {', '.join(SCALES)})")
    rules = SCALED_RULES[words[1] if len(words) == 2 else "table"].in_scale(words[0])
    example = ExampleLine(line.lineno, inner.strip())
    if not example.text or example.kind not in SCALED_CHECKS:
        raise DocSyntaxError(f"{line.id}: after the scale comes a {', '.join(SCALED_CHECKS)} example")
    SCALED_CHECKS[example.kind](example, rules)


CHECKS = {
    "card": check_card,
    "meld": check_meld,
    "legal": check_legal,
    "winner": check_winner,
    "auction": check_auction,
    "score": check_score,
    "match": check_match,
    "review": check_review,
    "counters": check_counters,
    "rule": check_rule,
    "scale": check_scale,
}
assert set(CHECKS) == set(KINDS)


# ---------------------------------------------------------------- the tests


def test_doc_has_examples() -> None:
    """The page has well-formed example blocks with every kind of example in them."""
    assert not STRUCTURE_PROBLEMS, STRUCTURE_PROBLEMS
    assert EXAMPLES, "docs/rules.md has no example lines"
    kinds = Counter(e.kind for e in EXAMPLES)
    unknown = sorted(set(kinds) - set(KINDS))
    assert not unknown, f"unknown example keywords: {unknown}"
    missing = [k for k in KINDS if not kinds[k]]
    assert not missing, f"no {missing} examples in docs/rules.md"


def test_doc_has_an_example_of_every_meld() -> None:
    """Each meld of the table appears in at least one meld example."""
    names = {
        "run", "double run", "royal marriage", "marriage", "dix", "pinochle", "double pinochle",
        "aces around", "kings around", "queens around", "jacks around",
        "double aces", "double kings", "double queens", "double jacks",
    }
    seen: set[str] = set()
    for e in EXAMPLES:
        if e.kind == "meld":
            try:
                seen.update(n for n, _, _ in meld_items(fields(e, 4)[3], e.id))
            except DocSyntaxError:
                pass  # reported by that line's own test case
    assert names <= seen, f"no example of {sorted(names - seen)}"


def test_every_example_has_a_known_keyword() -> None:
    """All lines at once, so that one summary lists every unknown keyword (each line is then parsed by its own case)."""
    bad = []
    for e in EXAMPLES:
        if e.kind not in CHECKS:
            bad.append(f"{e.id}: unknown keyword {e.kind!r}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_example(example: ExampleLine) -> None:
    check = CHECKS.get(example.kind)
    if check is None:
        raise DocSyntaxError(f"{example.id}: unknown keyword {example.kind!r}; known: {', '.join(KINDS)}")
    check(example)
