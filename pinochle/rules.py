"""`RuleSet`: every number and choice of a table, as data; `Scale`: the units they are counted in.

The default, :data:`TABLE`, is the game of RULES.md (seed 003, "our table").
Variants (VARIANTS.md) are other ``RuleSet`` values, never forks of the
engine (docs/design.md, "Rules, scales and switches"); every field added for them defaults to the
table's value, so ``RuleSet()`` is always RULES.md.

>>> TABLE.min_bid, TABLE.bid_step, TABLE.target, TABLE.last_trick
(250, 10, 1500, 10)
>>> RuleSet.by_name("table") is TABLE
True

A rule set is written in one :class:`Scale` (VARIANTS.md, Scales) and can be
expressed exactly in another:

>>> ones = TABLE.in_scale("ones")
>>> ones.min_bid, ones.bid_step, ones.target, ones.run, ones.total_counters
(25, 1, 150, ((('run', 15),), (('double run', 150),)), 25)
>>> TABLE.in_scale("old-style").counters, TABLE.in_scale("old-style").total_counters
((0, 2, 3, 4, 10, 11), 250)
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from collections.abc import Callable, Hashable
from typing import Literal, TypeVar, cast

from .cards import DECKS, NTYPES, RANK_LETTERS

NoBid = Literal["dealer", "redeal", "annul"]
FirstLead = Literal["declarer", "left_of_dealer"]
MustBeat = Literal["always", "trump_led", "never"]
#: The opening of an auction (VARIANTS.md ``auction``, seed 000's house switches; ``britannica``, and
#: ``double-deck``'s switch: the seat left of the dealer must open).
Opening = Literal["free", "dealer-forced", "dealer-290-320", "first-300", "first-forced"]
#: How a hand is settled: by points (the partnership games), by stakes from the bid's size
#: (VARIANTS.md ``cutthroat``) or from a schedule of bids (``auction``).
Stakes = Literal["none", "by-bid", "schedule"]
#: Who draws first from the stock (VARIANTS.md ``two-handed``).
DrawFirst = Literal["non_dealer", "winner"]
#: What a declarer who concedes in spades pays each opponent (VARIANTS.md ``auction``).
ConcedeSpades = Literal["double", "single"]
#: How three or four runs score (VARIANTS.md ``double-deck``): as a triple and a quadruple run,
#: or as double runs and a run.
TripleRun = Literal["triple", "double-and-run"]


class BidLadder(tuple[tuple[int, int], ...]):
    """Where the step between bids changes: ``(from, step)`` pairs, ``from`` rising. From the
    bid ``from`` up, bids go up in steps of ``step``; below the first pair, in the rule set's
    ``bid_step`` (VARIANTS.md ``double-deck``: "bids go up by 1 to 60, then by 5" is
    ``BidLadder(((60, 5),))`` with a ``bid_step`` of 1). Empty: ``bid_step`` throughout.

    A plain tuple of pairs; as text (a house-rule switch, a record's ``rules``) it is written
    ``STEP-from-BID`` pairs joined by commas, or ``none``:

    >>> str(BidLadder(((60, 5), (100, 10)))), str(BidLadder()), BidLadder.parse("5-from-60")
    ('5-from-60,10-from-100', 'none', ((60, 5),))
    """

    __slots__ = ()

    def __str__(self) -> str:
        return ",".join(f"{step}-from-{start}" for start, step in self) or "none"

    @classmethod
    def parse(cls, text: str) -> BidLadder:
        """The ladder written ``STEP-from-BID[,STEP-from-BID...]`` or ``none``.

        Raises:
            ValueError: anything else (the message shows the form).
        """
        t = text.strip().lower()
        if t == "none":
            return cls()
        pairs = []
        for part in t.split(","):
            step, sep, start = part.strip().partition("-from-")
            if not sep or not (step.isascii() and step.isdigit() and start.isascii() and start.isdigit()) \
                    or len(step) > 9 or len(start) > 9:
                raise ValueError(f"a bid ladder is written STEP-from-BID, such as 5-from-60 (bids from 60 go up by "
                                 f"5), several joined by commas, or none; not {text!r}")
            pairs.append((int(start), int(step)))
        return cls(pairs)

#: One meld item of a row: its name and points.
MeldEntry = tuple[tuple[str, int], ...]
#: A meld row (docs/design.md, "Rules, scales and switches"): entry ``n - 1`` lists the items scored
#: when ``n`` sets of the meld are held at once (``n`` = 1 .. the copies of a
#: card in the deck). Each item uses as many copies of the cards as the level
#: at which it is first scored alone: in ``((("run", 15),), (("double run",
#: 150),), (("double run", 150), ("run", 15)))`` a double run uses two copies
#: and the third entry scores a double run and a run from three. Holding more
#: sets than the row has entries scores its last entry (seven aces are one
#: aces around, RULES.md, Meld).
MeldRow = tuple[MeldEntry, ...]

_PLURAL = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks", "T": "tens", "9": "nines"}


@dataclass(frozen=True)
class Scale:
    """The units of a game's points (VARIANTS.md, Scales; seeds 001 and 002).

    Attributes:
        name: ``"tens"``, ``"ones"`` or ``"old-style"``.
        unit: points of one ones-point of meld, bids, targets and stakes: 10 in
            tens ("scores in tens", seed 003), 1 in ones (seed 002, "many tables
            drop the final zero"), 10 in old-style ("the meld keeps the tens
            table", VARIANTS.md).
        counters: points of each rank taken in tricks, indexed 9 J Q K T A:
            A T K 10 each (tens, RULES.md), 1 each (ones, seed 001 "aces, 10s,
            and kings are worth one point each"), A 11, T 10, K 4, Q 3, J 2
            (old-style, seed 002).
        last_trick: the last-trick bonus per unit of a game's bonus: 10 (tens,
            old-style: seed 002 "10 for the last trick"), 1 (ones: seed 001
            "a one-point bonus"; the double deck's bonus is two units, seed
            001 "two bonus points").
        description: the scale in plain words.
    """

    name: str
    unit: int
    counters: tuple[int, int, int, int, int, int]
    last_trick: int
    description: str = field(default="", compare=False)


#: Scores in tens, the table's scale (RULES.md; VARIANTS.md, Scales: counters
#: A T K = 10, last trick 10, 250 a hand).
TENS = Scale("tens", 10, (0, 0, 0, 10, 10, 10), 10,
             "scores in tens: A, 10 and K are 10 each, the last trick 10, 250 a hand; run 150, minimum bid 250")
#: Ones (VARIANTS.md, Scales; seed 002 "Ones scoring": counters 1, run 15,
#: minimum bid 25, game 150; seed 001's meld table; 25 trick points a hand).
ONES = Scale("ones", 1, (0, 0, 0, 1, 1, 1), 1,
             "the final zero dropped: A, 10 and K are 1 each, the last trick 1, 25 a hand; run 15, minimum bid 25")
#: Old-style counting (VARIANTS.md, Scales; seed 002 "Old-style counting": A 11,
#: T 10, K 4, Q 3, J 2, last trick 10; only the counters change, the meld
#: keeps the tens table: 8 x 30 + 10 = 250 a hand).
OLD_STYLE = Scale("old-style", 10, (0, 2, 3, 4, 10, 11), 10,
                  "A 11, 10 10, K 4, Q 3, J 2 and 10 for the last trick, 250 a hand; meld and bids as in tens")
#: Scales by name (VARIANTS.md, Scales: "A scale applies to any game").
SCALES: dict[str, Scale] = {s.name: s for s in (TENS, ONES, OLD_STYLE)}


@dataclass(frozen=True)
class PlayRules:
    """The rules of which card may be played to a trick: the value
    :func:`pinochle.tricks.legal_function` builds its function from (equal
    values share one function).

    Attributes:
        must_beat: ``"always"``: a follower must beat the winning card when
            able, even when the partner is winning, and overtrump when
            trumping in (RULES.md, Play 1-2); ``"trump_led"``: only when
            trump is led (VARIANTS.md ``racehorse``, ``cutthroat``);
            ``"never"`` (VARIANTS.md ``britannica``, ``double-deck``).
        must_trump: a seat void in the led suit must play trump if it holds
            one (RULES.md, Play 2; every game of VARIANTS.md).
        head_ruffed: with ``must_beat="always"``, once a non-trump lead has
            been trumped a follower holding the led suit must still play one
            that beats the highest card of that suit in the trick, if it holds
            one (VARIANTS.md, House-rule switches: "whether a ruffed suit must
            still be headed"; RULES.md, Play 1: no, any card of the led suit).
    """

    must_beat: MustBeat = "always"
    must_trump: bool = True
    head_ruffed: bool = False


def _legacy_row(value: object, single: str, double: str) -> MeldRow | None:
    """A row from the old ``(single points, double points)`` form, or ``None`` if ``value`` is a row."""
    if isinstance(value, tuple) and value and all(isinstance(v, int) for v in value):
        if len(value) > 2:
            raise ValueError(f"the old form of a meld row gives single and double points, not {value!r}")
        return tuple(((name, int(v)),) for name, v in zip((single, double), value))
    return None


@lru_cache(maxsize=256)
def meld_row_copies(row: MeldRow) -> tuple[tuple[int, ...], ...]:
    """For each item of each entry of ``row``, the copies of its cards it uses (see :data:`MeldRow`).

    Raises:
        ValueError: an item is never scored alone, or an entry uses more
            copies than the sets it is scored for.

    >>> meld_row_copies(((("run", 15),), (("double run", 150),), (("double run", 150), ("run", 15))))
    ((1,), (2,), (2, 1))
    """
    alone: dict[str, int] = {}
    for n, entry in enumerate(row, start=1):
        if len(entry) == 1:
            alone.setdefault(entry[0][0], n)
    out = []
    for n, entry in enumerate(row, start=1):
        missing = [name for name, _ in entry if name not in alone]
        if missing:
            raise ValueError(f"meld {missing[0]!r} is never scored on its own in its row, "
                             "so the copies it uses are unknown")
        used = tuple(alone[name] for name, _ in entry)
        if sum(used) > n:
            raise ValueError(f"the entry for {n} set(s), {', '.join(nm for nm, _ in entry)}, "
                             f"uses {sum(used)} copies of its cards")
        out.append(used)
    return tuple(out)


def _check_ladder(rules: RuleSet) -> None:
    """Refuse a bid ladder that is not a rising list of positive ``(from, step)`` pairs whose each
    ``from`` is a bid of the steps below it (see :class:`BidLadder`).

    Raises:
        ValueError: the message names the pair at fault.
    """
    step, base = rules.bid_step, 0
    if isinstance(step, bool) or not isinstance(step, int) or step < 1:
        raise ValueError(f"the bid step is a whole number of points from 1, not {step!r}")
    for pair in rules.bid_ladder:
        if len(pair) != 2 or not all(isinstance(x, int) and not isinstance(x, bool) for x in pair):
            raise ValueError(f"a bid ladder is (from, step) pairs of whole numbers, not {pair!r}")
        start, new = pair
        if new < 1 or start <= base:
            raise ValueError(f"the bid ladder's steps are at least 1, from bids that rise: {start} by {new} "
                             f"comes after bids from {base} by {step}")
        if (start - base) % step:
            raise ValueError(f"the bid ladder changes its step at {start}, which is not a bid: below it bids go "
                             f"up in steps of {step}")
        base, step = start, new


@lru_cache(maxsize=64)
def _composed_runs(row: MeldRow) -> MeldRow:
    entries = list(row[:2])
    for n in range(3, len(row) + 1):
        entries.append(row[1] * (n // 2) + row[0] * (n % 2))
    return tuple(entries)


def run_row(rules: RuleSet) -> MeldRow:
    """The run row the meld scores: ``rules.run``, or with ``triple_run="double-and-run"`` each
    entry beyond the double run made of double runs and a run (VARIANTS.md ``double-deck``'s switch:
    three runs are a double run and a run, 165 in ones; four are two double runs, 300).

    >>> [sum(p for _, p in e) for e in run_row(DOUBLE_DECK_RULES)]
    [15, 150, 225, 300]
    >>> [[n for n, _ in e] for e in run_row(replace(DOUBLE_DECK_RULES, triple_run="double-and-run"))][2:]
    [['double run', 'run'], ['double run', 'double run']]
    """
    if rules.triple_run == "triple" or len(rules.run) <= 2:
        return rules.run
    return _composed_runs(rules.run)


@dataclass(frozen=True)
class RuleSet:
    """Every number and choice that a Pinochle table fixes.

    Points are in the rule set's :attr:`scale` (tens by default). Each field
    names the RULES.md section (or VARIANTS.md row) it comes from; fields
    after ``description`` are keyword-only (added for the games of
    VARIANTS.md, docs/design.md, "Rules, scales and switches", each with the table's value).

    Attributes:
        name: the rule set's name, e.g. ``"table"``.
        players: seats at the table (RULES.md, Deal: 4).
        hand_size: cards dealt to each seat (RULES.md, Deal: 12; VARIANTS.md
            ``double-deck``: 20).
        pass_cards: cards passed between partners after trump (0: none;
            VARIANTS.md ``partnership-pass``, ``racehorse``: 4).
        widow: cards dealt to a widow (0: none; VARIANTS.md ``cutthroat``: 3).
        min_bid: the lowest first bid (RULES.md, Deal and auction 2: 250).
        bid_step: every bid is a multiple of this and at least this much above
            the high bid (RULES.md, Deal and auction 2: 10), up to the first
            change of :attr:`bid_ladder`.
        max_bid: the highest bid the engine takes (10,000 in tens). RULES.md sets no
            maximum; no side can score more than 6,530 in one hand (at most
            3,140 meld in a 12-card hand, taking the best of each kind, twice
            for two partners, plus 250 in counters), so a higher bid could
            never be made, and the cap keeps every score exact for every
            client (docs/rules.md, The auction). It converts with the scale
            (1,000 in ones).
        bid_ladder: where the step between bids changes (a :class:`BidLadder`;
            empty: ``bid_step`` throughout; VARIANTS.md ``double-deck``: by 1
            to 60, then by 5). :func:`pinochle.auction.next_bid` and
            :func:`pinochle.auction.bid_problem` read it.
        reenter_after_pass: whether a seat that passed may bid again, three
            passes in a row ending the auction (RULES.md: no; VARIANTS.md
            ``racehorse``: yes).
        no_bid: when nobody bids: ``"dealer"``: the first three seats
            passed, the dealer takes ``min_bid`` with no call (RULES.md, Deal
            and auction 3); ``"redeal"`` (VARIANTS.md ``racehorse``: thrown
            in, the next dealer deals) or ``"annul"`` (VARIANTS.md
            ``cutthroat``: the same, the hand does not count): every seat,
            the dealer too, passed.
        first_lead: who leads the first trick (RULES.md, Play: the declarer;
            VARIANTS.md ``racehorse``, ``britannica``: left of the dealer).
        must_beat: see :class:`PlayRules` (RULES.md, Play 1-2: ``"always"``).
        must_trump: see :class:`PlayRules` (RULES.md, Play 2: yes).
        head_ruffed: see :class:`PlayRules` (RULES.md, Play 1: no).
        run: the run row (RULES.md, Meld: run 150, double run 1500; a
            :data:`MeldRow`; VARIANTS.md ``double-deck``: triple run 225,
            quadruple run 300). The old ``(150, 1500)`` form is still read.
        royal_marriage: K Q of trump (40).
        marriage: K Q of a non-trump suit (20).
        dix: each 9 of trump (10).
        pinochle: the pinochle row (pinochle 40, double pinochle 300; VARIANTS.md
            ``double-deck`` adds "triple pinochle" and "quadruple pinochle").
            The old ``(40, 300)`` form is still read.
        arounds: per rank letter, the row of that rank in every suit (aces
            around 100 / double aces 1000, kings 80/800, queens 60/600,
            jacks 40/400). The old ``("A", 100, 1000)`` form is still read.
        counters: points per rank captured in tricks, indexed 9 J Q K T A
            (RULES.md, Scoring a hand: A, T, K are 10 each; the scale's).
        last_trick: bonus for taking the last trick (10).
        meld_needs_trick: a side that takes no trick keeps no meld (True).
        target: the score that ends the match (1500).
        tie_goes_to_declarer: when both sides reach ``target`` with equal
            totals, the declarer's side wins (RULES.md, Scoring a hand);
            ``False``: another hand is dealt (VARIANTS.md ``turned-trump``, docs/games/turned-trump.md).
        description: the rule set in one line (not compared).
        scale: the name of the :class:`Scale` its points are in (VARIANTS.md,
            Scales: ``"tens"``).
        deck: the name of its :class:`~pinochle.cards.Deck` (RULES.md, Deal 1:
            ``"pinochle"``, 48 cards; VARIANTS.md ``double-deck``: 80). The
            meld tables and :attr:`total_counters` read its copies.
        opening: the house rule for the opening of an auction (VARIANTS.md
            ``auction``, seed 000: "Bidding traditions vary"): ``"free"`` (no
            rule); ``"first-forced"`` (the seat left of the dealer must open,
            at ``min_bid`` or more: VARIANTS.md ``britannica``, "must open
            with at least 10"; ``double-deck``'s switch); ``"dealer-forced"`` (after two passes the
            dealer must bid, at least ``min_bid``); ``"dealer-290-320"`` (after
            two passes the dealer may pass or open only at 290, or at 320 and
            up: 29 and 32 units of the scale); ``"first-300"`` (the seat left of
            the dealer must open, at 300 or more, and a declarer who concedes
            that forced 300 pays only the minimum stake). Where the dealer sits
            the hand out (a table of 4 or 5) the dealer's rules apply to the
            active seat that calls last (docs/games/auction.md).
        stakes: how a hand is settled (``"none"``: by points; ``"by-bid"``:
            VARIANTS.md ``cutthroat``; ``"schedule"``: VARIANTS.md ``auction``).
        stake_step: what each further band of 5 over the minimum bid adds to
            a ``"by-bid"`` stake (VARIANTS.md ``cutthroat``: "1 for 30, plus 1
            for each further 5: a switch for 2").
        sitters_settle: at a table of 4 or 5, the players who sit a hand out
            settle with the declarer as its opponents do (Hoyle's auction
            Pinochle: the inactive players "participate in the settlement, but
            not in the bidding or play"); ``False``: they neither pay nor collect.
        draw_first: who draws first from the stock after a trick (VARIANTS.md
            ``two-handed``): ``"non_dealer"`` (seed 000: "the dealer drawing
            last") or ``"winner"`` (the trick's winner: a common house switch).
        double_pinochle_later: two-handed (VARIANTS.md ``two-handed``): whether a
            pinochle on the table may grow into a double pinochle by a later meld
            of the second Q♠ J♦, scoring the double pinochle's value besides the
            pinochle's (Hoyle: a melded card "may be melded again so long as it
            is in a different class, or in a higher-scoring meld of the same
            class"; docs/games/two-handed.md). ``False`` (seed 000: "not for the
            same type of meld"): the double pinochle is melded at once.
        concede_spades: what a declarer who concedes before play pays each
            opponent when spades are trump (VARIANTS.md ``auction``: "conceding
            before play pays single"): ``"double"`` (the stake as the schedule
            gives it in spades, doubled: the project's reading, docs/games/auction.md)
            or ``"single"`` (the stake without the spade doubling: Scarne's rule).
        dix_exchange: the holder of a nine of trump may exchange it for the
            card turned for trump (VARIANTS.md ``turned-trump`` is silent; off:
            the project's choice; on: the turned-card games of Parlett and of
            the Hoyle of the United States Playing Card Company,
            docs/games/turned-trump.md).
        triple_run: how three and four runs of trump score with four copies of
            each card (VARIANTS.md ``double-deck``): ``"triple"``, the run
            row's own entries (a triple run 225 and a quadruple run 300 in
            ones); ``"double-and-run"``, a double run and a run (165) and two
            double runs (300), as the seed counts four sets of a rank.
            :func:`run_row` applies it.
        trump_needs_marriage: a declarer must hold the king and queen of the
            suit it names trump; one who does not is set at once, before the
            play (VARIANTS.md ``double-deck``'s switch; off: no such rule).

    A game's flow (a card pass, a concession) is not here: it is the game's
    phases (:mod:`pinochle.games.phases`), so each rule has one home.
    """

    name: str = "table"
    players: int = 4
    hand_size: int = 12
    pass_cards: int = 0
    widow: int = 0
    min_bid: int = 250
    bid_step: int = 10
    max_bid: int = 10_000
    bid_ladder: BidLadder = BidLadder()
    reenter_after_pass: bool = False
    no_bid: NoBid = "dealer"
    first_lead: FirstLead = "declarer"
    must_beat: MustBeat = "always"
    must_trump: bool = True
    head_ruffed: bool = False
    run: MeldRow = ((("run", 150),), (("double run", 1500),))
    royal_marriage: int = 40
    marriage: int = 20
    dix: int = 10
    pinochle: MeldRow = ((("pinochle", 40),), (("double pinochle", 300),))
    arounds: tuple[tuple[str, MeldRow], ...] = (
        ("A", ((("aces around", 100),), (("double aces", 1000),))),
        ("K", ((("kings around", 80),), (("double kings", 800),))),
        ("Q", ((("queens around", 60),), (("double queens", 600),))),
        ("J", ((("jacks around", 40),), (("double jacks", 400),))),
    )
    counters: tuple[int, int, int, int, int, int] = (0, 0, 0, 10, 10, 10)
    last_trick: int = 10
    meld_needs_trick: bool = True
    target: int = 1500
    tie_goes_to_declarer: bool = True
    description: str = field(default="", compare=False)
    _: KW_ONLY
    scale: str = "tens"
    deck: str = "pinochle"
    opening: Opening = "free"
    stakes: Stakes = "none"
    stake_step: int = 1
    sitters_settle: bool = True
    draw_first: DrawFirst = "non_dealer"
    double_pinochle_later: bool = False
    concede_spades: ConcedeSpades = "double"
    dix_exchange: bool = False
    triple_run: TripleRun = "triple"
    trump_needs_marriage: bool = False

    def __post_init__(self) -> None:
        def put(name: str, value: object) -> None:
            object.__setattr__(self, name, value)

        run = _legacy_row(self.run, "run", "double run")
        if run is not None:
            put("run", run)
        pin = _legacy_row(self.pinochle, "pinochle", "double pinochle")
        if pin is not None:
            put("pinochle", pin)
        arounds = []
        for spec in cast(tuple[tuple[object, ...], ...], self.arounds):
            if len(spec) == 3:  # the old ("A", 100, 1000) form
                letter = cast(str, spec[0])
                plural = _PLURAL[letter]
                arounds.append((letter, cast(MeldRow, _legacy_row(spec[1:], f"{plural} around", f"double {plural}"))))
            else:
                arounds.append((cast(str, spec[0]), cast(MeldRow, spec[1])))
        put("arounds", tuple(arounds))
        if not isinstance(self.bid_ladder, BidLadder):
            put("bid_ladder", BidLadder(tuple(tuple(p) for p in self.bid_ladder)))
        _check_ladder(self)
        if self.scale not in SCALES:
            raise ValueError(f"unknown scale {self.scale!r}: the scales are {', '.join(SCALES)}")
        if self.deck not in DECKS:
            raise ValueError(f"unknown deck {self.deck!r}: the decks are {', '.join(DECKS)}")
        for letter, _ in self.arounds:
            if letter not in RANK_LETTERS:
                raise ValueError(f"unknown rank {letter!r} in arounds: ranks are {' '.join(RANK_LETTERS)}")
        for row in (self.run, self.pinochle, *(r for _, r in self.arounds)):
            meld_row_copies(row)  # refuses a malformed row

    @property
    def play(self) -> PlayRules:
        """The trick-play rules as one value (:class:`PlayRules`)."""
        return PlayRules(self.must_beat, self.must_trump, self.head_ruffed)

    @property
    def opening_bids(self) -> tuple[int, ...]:
        """The bids the ``opening`` house rule names, in this rule set's scale (seed 000
        writes them in tens): ``dealer-290-320``: (290, 320); ``first-300``: (300,); else ``()``.

        >>> replace(TABLE, opening="dealer-290-320").opening_bids, replace(TABLE, opening="first-300").opening_bids
        ((290, 320), (300,))
        """
        tens = {"dealer-290-320": (29, 32), "first-300": (30,)}.get(self.opening, ())
        return tuple(t * SCALES[self.scale].unit for t in tens)

    @property
    def copies(self) -> int:
        """The most copies of one card the deck holds: the packed hand's layers
        (2; VARIANTS.md ``double-deck``: 4)."""
        return DECKS[self.deck].layers

    @property
    def total_counters(self) -> int:
        """Counter points in a hand: every counter card of the deck, plus the last trick.

        Counted from the deck's copies (RULES.md, Scoring a hand: 250;
        VARIANTS.md ``double-deck``: 50 in ones).

        >>> TABLE.total_counters, DOUBLE_DECK_RULES.total_counters
        (250, 50)
        """
        copies = DECKS[self.deck].copies
        return sum(copies[c] * self.counters[c % 6] for c in range(NTYPES)) + self.last_trick

    def in_scale(self, scale: str | Scale) -> RuleSet:
        """This rule set expressed in another scale (see :func:`in_scale`)."""
        return in_scale(self, scale)

    @staticmethod
    def by_name(name: str) -> RuleSet:
        """The rule set called ``name``.

        Raises:
            ValueError: no rule set has that name; the message lists the known ones.
        """
        try:
            return RULESETS[name]
        except KeyError:
            known = ", ".join(sorted(RULESETS))
            raise ValueError(f"unknown rule set {name!r}: known rule sets are {known}") from None


#: Fields in points of meld, bids, targets and stakes: they convert by the
#: scales' units (docs/design.md, "Rules, scales and switches").
_POINT_FIELDS = ("min_bid", "bid_step", "max_bid", "royal_marriage", "marriage", "dix", "target")


def in_scale(rules: RuleSet, scale: str | Scale) -> RuleSet:
    """``rules`` expressed in ``scale``, exactly (VARIANTS.md, Scales: "A scale applies to any game").

    Meld values, bids (minimum, step, maximum) and the target are multiplied by ``scale.unit / old.unit`` (tens to ones divides by 10,
    tens to old-style keeps them: "the meld keeps the tens table"); the
    counters become the scale's; the last-trick bonus keeps its number of
    units (1 for the table, 2 for the double deck: seed 001 "two bonus
    points"). The result is cached, so converting twice gives the same object.

    Args:
        rules: the rule set, in the scale named by ``rules.scale``.
        scale: the target scale or its name.

    Returns:
        The converted rule set (``rules`` itself when already in ``scale``).

    Raises:
        ValueError: an unknown scale, or a number that does not convert to a
            whole number (e.g. a minimum bid of 255 in ones); the message names
            the field and the value.

    >>> TABLE.in_scale("ones").in_scale("tens") == TABLE
    True
    >>> in_scale(TABLE.in_scale("ones"), "old-style").counters
    (0, 2, 3, 4, 10, 11)
    >>> in_scale(RuleSet(min_bid=255), "ones")
    Traceback (most recent call last):
    ...
    ValueError: the table rules cannot be put in the ones scale exactly: min_bid 255 (tens) is 25.5 in ones
    """
    name = scale.name if isinstance(scale, Scale) else scale
    if name not in SCALES:
        raise ValueError(f"unknown scale {name!r}: the scales are {', '.join(SCALES)}")
    return _in_scale(rules, name)


@lru_cache(maxsize=64)
def _in_scale(rules: RuleSet, name: str) -> RuleSet:
    old, new = SCALES[rules.scale], SCALES[name]
    if old == new:
        return rules
    factor = Fraction(new.unit, old.unit)

    def conv(what: str, value: int) -> int:
        out = value * factor
        if out.denominator != 1:
            raise ValueError(f"the {rules.name} rules cannot be put in the {name} scale exactly: "
                             f"{what} {value} ({old.name}) is {float(out):g} in {name}")
        return int(out)

    def row(what: str, r: MeldRow) -> MeldRow:
        return tuple(tuple((item, conv(f"{what} ({item})", p)) for item, p in entry) for entry in r)

    units = Fraction(rules.last_trick, old.last_trick)
    if units.denominator != 1:
        raise ValueError(f"the {rules.name} rules cannot be put in the {name} scale exactly: "
                         f"last_trick {rules.last_trick} is not a whole number of {old.name} units")
    changes: dict[str, object] = {f: conv(f, getattr(rules, f)) for f in _POINT_FIELDS}
    changes.update(
        bid_ladder=BidLadder((conv("bid_ladder", start), conv("bid_ladder", step)) for start, step in rules.bid_ladder),
        run=row("run", rules.run),
        pinochle=row("pinochle", rules.pinochle),
        arounds=tuple((letter, row("arounds", r)) for letter, r in rules.arounds),
        counters=new.counters,
        last_trick=int(units) * new.last_trick,
        scale=name,
    )
    return replace(rules, **changes)  # type: ignore[arg-type]


#: The default table of RULES.md (seed 003): no kitty, no exchange, scores in tens.
TABLE = RuleSet(description="Four-handed partnership Pinochle, no kitty, no exchange, scores in tens (RULES.md)")

#: Rule sets by name. Variants of VARIANTS.md join this table as they are built.
RULESETS: dict[str, RuleSet] = {TABLE.name: TABLE}

#: The numbers of VARIANTS.md ``double-deck`` (seed 001), in ones, its native
#: scale; the game :data:`pinochle.games.DOUBLE_DECK_GAME` registers it in
#: :data:`RULESETS`. Where seed 001 is silent, the common double-deck rules
#: (VARIANTS.md; their sources on docs/games/double-deck.md): bids go up by 1
#: to 60, then by 5; nobody bids: the dealer takes it at 50 (``no_bid``
#: ``"dealer"``); the declarer leads; three runs are a triple run (225) and
#: four a quadruple run (300); no marriage needed in trump. Each other reading
#: is a switch. The dix is 0 (there are no nines).
DOUBLE_DECK_RULES = RuleSet(
    name="double-deck",
    hand_size=20,
    min_bid=50,
    bid_step=1,
    max_bid=1000,
    bid_ladder=BidLadder(((60, 5),)),
    first_lead="declarer",
    must_beat="never",
    run=((("run", 15),), (("double run", 150),), (("triple run", 225),), (("quadruple run", 300),)),
    royal_marriage=4,
    marriage=2,
    dix=0,
    pinochle=((("pinochle", 4),), (("double pinochle", 30),), (("triple pinochle", 45),),
              (("quadruple pinochle", 300),)),
    arounds=tuple(
        (letter, (
            ((f"{plural} around", single),),
            ((f"double {plural}", double),),
            ((f"triple {plural}", triple),),
            ((f"double {plural}", double), (f"double {plural}", double)),
        ))
        for letter, plural, single, double, triple in (
            ("A", "aces", 10, 100, 150),
            ("K", "kings", 8, 80, 120),
            ("Q", "queens", 6, 60, 90),
            ("J", "jacks", 4, 40, 60),
        )
    ),
    counters=ONES.counters,
    last_trick=2,
    target=500,
    description="Double-deck partnership Pinochle: 80 cards, 20 each, scores in ones, to 500 (VARIANTS.md)",
    scale="ones",
    deck="double-deck",
)


_R = TypeVar("_R")
_V = TypeVar("_V")


def built_once(key: Callable[[_R], Hashable], build: Callable[[_R], _V]) -> Callable[[_R], _V]:
    """``build`` made a lookup: what it builds from a rule set (a meld table, a legal-cards function)
    is built once per value of ``key`` (the fields it reads, so rule sets that agree on them share
    it), and found by the rule set's identity first (the hot paths call it once a hand or a meld).

    >>> calls = []
    >>> size = built_once(lambda r: r.hand_size, lambda r: calls.append(r.name) or r.hand_size * 2)
    >>> size(TABLE), size(TABLE.in_scale("ones")), calls
    (24, 24, ['table'])
    """
    by_id: dict[int, tuple[_R, _V]] = {}
    by_key: dict[Hashable, _V] = {}

    def lookup(rules: _R) -> _V:
        hit = by_id.get(id(rules))
        if hit is not None and hit[0] is rules:
            return hit[1]
        k = key(rules)
        value = by_key.get(k)
        if value is None:
            value = by_key[k] = build(rules)
        by_id[id(rules)] = (rules, value)
        return value

    return lookup
