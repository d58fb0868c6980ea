"""`RuleSet`: every number and choice of a table, as data.

The default, :data:`TABLE`, is the game of RULES.md (seed 003, "our table").
Variants (VARIANTS.md) are other ``RuleSet`` values found by name, never forks
of the engine; fields that only a variant uses are present already so that
the phases can grow to hold them (card pass, widow, stock).

>>> TABLE.min_bid, TABLE.bid_step, TABLE.target, TABLE.last_trick
(250, 10, 1500, 10)
>>> RuleSet.by_name("table") is TABLE
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

NoBid = Literal["dealer", "redeal", "annul"]
FirstLead = Literal["declarer", "left_of_dealer"]
MustBeat = Literal["always", "trump_led", "never"]


@dataclass(frozen=True)
class RuleSet:
    """Every number and choice that a Pinochle table fixes.

    Points are in the table's scale (tens by default). Each field names the
    RULES.md section (or VARIANTS.md row) it comes from.

    Attributes:
        name: the rule set's name, e.g. ``"table"``.
        players: seats at the table (RULES.md, Deal: 4).
        hand_size: cards dealt to each seat (RULES.md, Deal: 12).
        pass_cards: cards passed between partners after trump (0: none;
            VARIANTS.md ``partnership-pass``: 4).
        widow: cards dealt to a widow (0: none; VARIANTS.md ``cutthroat``: 3).
        min_bid: the lowest first bid (RULES.md, Deal and auction 2: 250).
        bid_step: every bid is a multiple of this and at least this much above
            the high bid (RULES.md, Deal and auction 2: 10).
        max_bid: the highest bid the engine takes (10,000). RULES.md sets no
            maximum; no side can score more than 6,530 in one hand (at most
            3,140 meld in a 12-card hand, taking the best of each kind, twice
            for two partners, plus 250 in counters), so a higher bid could
            never be made, and the cap keeps every score exact for every
            client (docs/rules.md, The auction).
        reenter_after_pass: whether a seat that passed may bid again
            (RULES.md: no; VARIANTS.md ``racehorse``: yes).
        no_bid: when the first three seats pass with no bid: ``"dealer"``
            takes ``min_bid`` with no call (RULES.md, Deal and auction 3),
            ``"redeal"`` or ``"annul"`` (VARIANTS.md).
        first_lead: who leads the first trick (RULES.md, Play: the declarer).
        must_beat: ``"always"``: a follower must beat the winning card when
            able, even when the partner is winning (RULES.md, Play 1-2);
            ``"trump_led"``: only when trump is led; ``"never"``.
        must_trump: a seat void in the led suit must play trump if it holds
            one (RULES.md, Play 2).
        run: points for one run and for a double run (RULES.md, Meld: 150, 1500).
        royal_marriage: K Q of trump (40).
        marriage: K Q of a non-trump suit (20).
        dix: each 9 of trump (10).
        pinochle: Q♠ J♦ once and twice (40, 300).
        arounds: per rank letter, points for one and for two of that rank in
            every suit (A 100/1000, K 80/800, Q 60/600, J 40/400).
        counters: points per rank captured in tricks, indexed 9 J Q K T A
            (RULES.md, Scoring a hand: A, T, K are 10 each).
        last_trick: bonus for taking the last trick (10).
        meld_needs_trick: a side that takes no trick keeps no meld (True).
        set_penalty: the declarer's side loses its bid when set (``"bid"``).
        target: the score that ends the match (1500).
        tie_goes_to_declarer: when both sides reach ``target`` with equal
            totals, the declarer's side wins (RULES.md, Scoring a hand).
    """

    name: str = "table"
    players: int = 4
    hand_size: int = 12
    pass_cards: int = 0
    widow: int = 0
    min_bid: int = 250
    bid_step: int = 10
    max_bid: int = 10_000
    reenter_after_pass: bool = False
    no_bid: NoBid = "dealer"
    first_lead: FirstLead = "declarer"
    must_beat: MustBeat = "always"
    must_trump: bool = True
    run: tuple[int, int] = (150, 1500)
    royal_marriage: int = 40
    marriage: int = 20
    dix: int = 10
    pinochle: tuple[int, int] = (40, 300)
    arounds: tuple[tuple[str, int, int], ...] = (
        ("A", 100, 1000),
        ("K", 80, 800),
        ("Q", 60, 600),
        ("J", 40, 400),
    )
    counters: tuple[int, int, int, int, int, int] = (0, 0, 0, 10, 10, 10)
    last_trick: int = 10
    meld_needs_trick: bool = True
    set_penalty: Literal["bid"] = "bid"
    target: int = 1500
    tie_goes_to_declarer: bool = True
    description: str = field(default="", compare=False)

    @property
    def total_counters(self) -> int:
        """Counter points in a hand: two of each counter rank in four suits plus the last trick.

        >>> TABLE.total_counters
        250
        """
        return 8 * sum(self.counters) + self.last_trick

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


#: The default table of RULES.md (seed 003): no kitty, no exchange, scores in tens.
TABLE = RuleSet(description="Four-handed partnership Pinochle, no kitty, no exchange, scores in tens (RULES.md)")

#: Rule sets by name. Variants of VARIANTS.md join this table as they are built.
RULESETS: dict[str, RuleSet] = {TABLE.name: TABLE}
