"""The games of the seeds, as definitions found by name (VARIANTS.md; docs/design.md).

>>> [g.name for g in GAMES.values()]
['table', 'partnership-pass', 'racehorse', 'turned-trump', 'britannica', 'double-deck', 'cutthroat', 'auction', 'two-handed']
>>> find("table").phases[0].name
'auction'
>>> find("two-handed").phases[1].name
'stock_play'
>>> find("two-handed", at_table=True).players
2
"""

from __future__ import annotations

import random
from dataclasses import replace

from .. import chairs
from ..game import Game, State, install_games, match_deals
from ..scoring import HandScore, Won
from ..cards import DECKS, THREE_ALONE, fold, pack
from ..auction import bid_problem, steps_text
from ..rules import DOUBLE_DECK_RULES, RULESETS, TABLE, BidLadder, RuleSet
from . import scorers
from .phases import (Auction, Bury, Concede, DixExchange, Exchange, HandEnd, LayMeld, MatchEnd, NameTrump, TakeWidow,
                     Tricks, TrumpMarriage, TurnTrump)
from .two_handed import (TWO_FACING, TWO_HANDED_RULES, Draw, MeldTurn, StockTricks, TurnUp, stock_deal,
                         stock_score)


def _register(rules: RuleSet) -> RuleSet:
    """Add a game's rule set to :data:`pinochle.rules.RULESETS` (players find rules by name)."""
    RULESETS[rules.name] = rules
    return rules


#: The house-rule switches of a partnership game with an auction and a declarer (see :data:`SWITCHES`).
CONTRACT_SWITCHES = ("no_bid", "first_lead", "meld_needs_trick", "must_beat", "must_trump", "head_ruffed", "min_bid")
#: The same without ``no_bid``, where the game itself settles a hand nobody bids in: the seat left of the
#: dealer must open (VARIANTS.md ``britannica``), or a round of calls with no bid throws the hand in
#: (``racehorse``, seed 000).
FIXED_NO_BID_SWITCHES = tuple(k for k in CONTRACT_SWITCHES if k != "no_bid")

#: RULES.md (seed 003): the default.
TABLE_GAME = Game(
    name="table",
    description="Four players in two partnerships, no kitty, no card pass, scores in tens, game 1500 (RULES.md)",
    rules=TABLE,
    phases=(Auction(), NameTrump(), LayMeld(), Tricks(), HandEnd(), MatchEnd()),
    score=scorers.contract,
    outcome=scorers.contract_outcome,
    source="seed 003; RULES.md",
    title="Pinochle",
    switches=CONTRACT_SWITCHES,
)

#: VARIANTS.md ``partnership-pass`` (seed 002, its main game).
PARTNERSHIP_PASS = Game(
    name="partnership-pass",
    description="Partnerships with a card pass: after trump the partner passes four to the declarer, "
                "who passes four back; game 1500",
    rules=_register(replace(TABLE, name="partnership-pass", pass_cards=4,
                            description="partnership-pass: RULES.md numbers, tens (seed 002)")),
    phases=(Auction(), NameTrump(), Exchange(), LayMeld(), Tricks(), HandEnd(), MatchEnd()),
    score=scorers.contract,
    outcome=scorers.contract_outcome,
    source="seed 002; VARIANTS.md partnership-pass",
    switches=CONTRACT_SWITCHES,
)

#: VARIANTS.md ``racehorse`` (seed 000).
RACEHORSE = Game(
    name="racehorse",
    description="Partnerships: bid again after passing, a card pass, the declarer may concede; "
                "left of the dealer leads; game 1500",
    rules=_register(replace(TABLE, name="racehorse", must_beat="trump_led", no_bid="redeal",
                            reenter_after_pass=True, pass_cards=4, first_lead="left_of_dealer",
                            meld_needs_trick=False,
                            description="racehorse: tens; must beat only when trump is led (seed 000)")),
    phases=(Auction(), NameTrump(), Exchange(), LayMeld(), Concede(), Tricks(), HandEnd(), MatchEnd()),
    score=scorers.racehorse,
    outcome=scorers.racehorse_outcome,
    source="seed 000; VARIANTS.md racehorse",
    switches=FIXED_NO_BID_SWITCHES,
)

#: VARIANTS.md ``britannica`` (seed 001): the ones scale.
BRITANNICA = Game(
    name="britannica",
    description="Partnerships in the ones scale: left of the dealer must open at 10, no duty to beat, "
                "the declarers count first; game 100",
    rules=_register(replace(
        TABLE.in_scale("ones"), name="britannica", min_bid=10, bid_step=1, must_beat="never", target=100,
        first_lead="left_of_dealer", opening="first-forced",
        description="britannica: the ones scale of seed 001 (meld as its table; 25 trick points a hand)",
    )),
    phases=(Auction(), NameTrump(), LayMeld(), Tricks(), HandEnd(), MatchEnd()),
    score=scorers.declarer_first,
    outcome=scorers.contract_outcome,
    source="seed 001; VARIANTS.md britannica",
    switches=FIXED_NO_BID_SWITCHES,
)


#: VARIANTS.md ``double-deck`` (seed 001): 80 cards, 20 each, the ones scale; where the seed is silent,
#: the common double-deck rules (bids by 1 to 60 then by 5, the dealer stuck at 50, the declarer leads,
#: triple and quadruple runs); play and scoring otherwise as ``britannica`` (docs/games/double-deck.md).
#: ``trump_marriage`` sets a declarer without a marriage in trump at once, when that switch is on.
DOUBLE_DECK_GAME = Game(
    name="double-deck",
    description="Partnerships with 80 cards (no nines), 20 each, the ones scale: bids from 50 by 1 to 60, "
                "then by 5; triple and quadruple melds; the declarer leads; game 500",
    rules=_register(DOUBLE_DECK_RULES),
    phases=(Auction(), NameTrump(), LayMeld(), TrumpMarriage(), Tricks(), HandEnd(), MatchEnd()),
    score=scorers.declarer_first,
    outcome=scorers.contract_outcome,
    source="seed 001; VARIANTS.md double-deck",
    switches=(*CONTRACT_SWITCHES, "opening", "bid_ladder", "triple_run", "trump_needs_marriage"),
)


#: VARIANTS.md ``turned-trump`` (seed 000, "Partnership Pinochle without an auction").
TURNED_TRUMP = Game(
    name="turned-trump",
    description="Partnerships with no auction: the dealer's last card is turned for trump; "
                "both sides score meld + counters every hand; game 1500",
    rules=_register(replace(TABLE, name="turned-trump", must_beat="trump_led", first_lead="left_of_dealer",
                            meld_needs_trick=False,
                            description="turned-trump: tens; play as racehorse (seed 000)")),
    phases=(TurnTrump(), DixExchange(), LayMeld(), Tricks(), HandEnd(), MatchEnd()),
    score=scorers.open_hand,
    outcome=scorers.open_outcome,
    source="seed 000; VARIANTS.md turned-trump",
    switches=("meld_needs_trick", "must_beat", "must_trump", "head_ruffed", "dix_exchange"),  # no auction, no declarer
)


def widow_deal(seed: int | str, hand_no: int, rules: RuleSet) -> tuple[int, int, int, int]:
    """A three-handed deal with a widow (VARIANTS.md ``cutthroat``): the deck shuffled
    by ``Random(f"{seed}/{hand_no}")``, ``rules.hand_size`` cards each to E, S and W
    and the ``rules.widow`` cards left over to the widow, returned in the empty
    place N (see :func:`pinochle.game.check_deal`).

    Dealing in fives of three with the widow after the first round gives every
    seat and the widow the same chances as this cut of a uniform shuffle, so the
    packets are not simulated (as the four-handed games, docs/design.md, "The deal").

    >>> from pinochle.cards import size
    >>> [size(h) for h in widow_deal(1, 0, CUTTHROAT_RULES)]
    [3, 15, 15, 15]
    """
    cards = DECKS[rules.deck].cards()
    random.Random(f"{seed}/{hand_no}").shuffle(cards)
    n = rules.hand_size
    return pack(cards[3 * n:]), pack(cards[0:n]), pack(cards[n:2 * n]), pack(cards[2 * n:3 * n])


#: The numbers of VARIANTS.md ``cutthroat`` (seeds 001, 002): the ones scale, 15 cards
#: each and a widow of 3, 30 the minimum bid in steps of 1, all pass annuls the hand,
#: the declarer leads, play as racehorse, the declarer's meld counts without a trick.
CUTTHROAT_RULES = replace(
    TABLE.in_scale("ones"), name="cutthroat", players=3, hand_size=15, widow=3, min_bid=30, bid_step=1,
    no_bid="annul", must_beat="trump_led", first_lead="declarer", meld_needs_trick=False, stakes="by-bid",
    description="cutthroat: three players alone, 15 cards and a widow of 3, the ones scale, stakes by bid "
                "(seeds 001, 002)",
)


#: A cutthroat match: 9 scored deals, each player dealing three times (docs/games/cutthroat.md).
CUTTHROAT_DEALS = 9


def _cutthroat_stakes(state: State) -> tuple[HandScore, Won | None]:
    return scorers.stakes(state, deals=CUTTHROAT_DEALS, per_band=state.rules.stake_step)


#: VARIANTS.md ``cutthroat`` (seeds 001, 002): every player alone, a widow, stakes.
CUTTHROAT = Game(
    name="cutthroat",
    description="Three players each alone, a 3-card widow the declarer takes, buries 3 or concedes; "
                "every deal is settled in stakes by the bid, paid to or by the declarer: not the game "
                "to 1500 points; a match of 9 deals",
    players=3,
    seating=THREE_ALONE,
    rules=_register(CUTTHROAT_RULES),
    phases=(Auction(), TakeWidow(), NameTrump(), LayMeld(only_declarer=True), Bury(), Tricks(), HandEnd(),
            MatchEnd()),
    score=_cutthroat_stakes,
    deal=widow_deal,
    deals=CUTTHROAT_DEALS,
    source="seeds 001, 002; VARIANTS.md cutthroat",
    # only the declarer melds, and the bid is settled in stakes: no meld_needs_trick
    switches=("no_bid", "first_lead", "must_beat", "must_trump", "head_ruffed", "min_bid", "opening", "stake_step"),
)


#: The numbers of VARIANTS.md ``auction`` (seed 000) at a table of three: tens, 15 cards each
#: and a widow of 3, a minimum bid of 250 in steps of 10 (stated choices), all pass: the hand
#: is thrown in; otherwise as cutthroat (docs/games/auction.md).
AUCTION_RULES = replace(
    TABLE, name="auction", players=3, hand_size=15, widow=3, no_bid="annul", must_beat="trump_led",
    first_lead="declarer", meld_needs_trick=False, stakes="schedule",
    description="auction: three active players, 15 cards and a widow of 3, tens, settlement by a schedule "
                "of bids (seed 000)",
)

#: An auction match: three deals per player at the table (docs/games/auction.md): 9, 12 or 15.
AUCTION_DEALS_PER_PLAYER = 3
#: An auction match at a table of three.
AUCTION_DEALS = 3 * AUCTION_DEALS_PER_PLAYER


def _auction_stakes(state: State) -> tuple[HandScore, Won | None]:
    return scorers.stakes(state, deals=match_deals(state), value_of=scorers.auction_stake)


#: VARIANTS.md ``auction`` (seed 000, its first game), at a table of 3, 4 or 5: three active
#: players each hand; at 4 the dealer sits out, at 5 also the player second to the dealer's left.
AUCTION = Game(
    name="auction",
    description="Three active players with a widow (a table of 3, 4 or 5: at 4 or 5 the dealer sits out), tens; "
                "every deal is settled in stakes with each opponent by a schedule of bids (spades double, "
                "a set doubles again): not a game to a target score; a match of 3 deals per player",
    players=3,
    table_sizes=(3, 4, 5),
    seat_order=chairs.seat_order,
    seating=THREE_ALONE,
    rules=_register(AUCTION_RULES),
    phases=(Auction(), TakeWidow(), NameTrump(), LayMeld(only_declarer=True), Bury(), Tricks(), HandEnd(),
            MatchEnd()),
    score=_auction_stakes,
    deal=widow_deal,
    deals=AUCTION_DEALS,
    source="seed 000; VARIANTS.md auction",
    switches=("no_bid", "first_lead", "must_beat", "must_trump", "head_ruffed", "min_bid", "opening",
              "sitters_settle", "concede_spades"),
)


#: VARIANTS.md ``two-handed`` (seeds 000, 002): two players, a stock, one meld after each trick won,
#: the dix exchange, a strict endgame; game 1000 (docs/games/two-handed.md).
TWO_HANDED = Game(
    name="two-handed",
    description="Two players: a stock, melding between tricks, the dix exchange; game 1000",
    players=2,
    seating=TWO_FACING,
    rules=_register(TWO_HANDED_RULES),
    # the last 12 tricks once the stock is gone are the tricks of every game under the rule set's
    # must_beat="trump_led" and must_trump (seed 000: "From this point onward, players must follow suit
    # if possible. If a trump is led, you must play a higher trump if available. If a nontrump suit is
    # led and you lack cards in that suit, you must play a trump if possible")
    phases=(TurnUp(), StockTricks(), MeldTurn(), Draw(),
            Tricks(name="endgame", text="the endgame: follow suit, beat a trump lead, trump when void"),
            HandEnd(), MatchEnd()),
    score=stock_score,
    deal=stock_deal,
    source="seeds 000, 002; VARIANTS.md two-handed",
    # no auction (the non-dealer leads); each meld scores as it is declared
    switches=("must_beat", "must_trump", "head_ruffed", "draw_first", "double_pinochle_later"),
    records="stock",  # the stock and the melds between tricks (pinochle.stock_records)
    strategy="stock",  # the stock, the meld after a trick won, the endgame (pinochle.bots.stock)
)


#: Every game of the seeds, in VARIANTS.md order.
GAMES: dict[str, Game] = {g.name: g for g in (
    TABLE_GAME,
    PARTNERSHIP_PASS,
    RACEHORSE,
    TURNED_TRUMP,
    BRITANNICA,
    DOUBLE_DECK_GAME,
    CUTTHROAT,
    AUCTION,
    TWO_HANDED,
)}


#: The house-rule switches (VARIANTS.md, "House-rule switches"): rule-set fields a
#: table may change, with the values each takes (``int``: any whole number the
#: auction allows). Every game's own setting is its default.
SWITCHES: dict[str, tuple[object, ...]] = {
    "no_bid": ("dealer", "redeal", "annul"),         # dealer stuck vs redeal vs annul when nobody bids
    "first_lead": ("declarer", "left_of_dealer"),    # who leads the first trick
    "meld_needs_trick": (True, False),               # meld kept without a trick
    "must_beat": ("always", "trump_led", "never"),   # must beat: always / only when trump is led / never
    "must_trump": (True, False),                     # trump when void in the led suit
    "head_ruffed": (False, True),                    # a trumped lead's suit must still be headed (must_beat=always)
    "min_bid": (int,),                               # the opening bid (britannica: 10, or 15 or 20)
    # the opening of an auction (VARIANTS.md auction, seed 000's three traditions; first-forced: britannica's own,
    # a switch of double-deck)
    "opening": ("free", "dealer-forced", "dealer-290-320", "first-300", "first-forced"),
    "stake_step": (1, 2),                            # cutthroat: each further 5 adds 1 or 2 to the stake
    "sitters_settle": (True, False),                 # auction at 4 or 5: who sits out settles as a defender
    "draw_first": ("non_dealer", "winner"),          # two-handed: the dealer draws last / the trick's winner first
    "double_pinochle_later": (False, True),          # two-handed: a pinochle on the table grows into a double (Hoyle)
    "concede_spades": ("double", "single"),          # auction: a concession in spades pays double / single (Scarne)
    "dix_exchange": (False, True),                   # turned-trump: the dix may be exchanged for the turned card
    # double-deck (VARIANTS.md): where the bid step changes, any ladder STEP-from-BID,... (none: one step throughout)
    "bid_ladder": (BidLadder(),),
    "triple_run": ("triple", "double-and-run"),      # double-deck: three runs 225, or a double run and a run (165)
    "trump_needs_marriage": (False, True),           # double-deck: a declarer without K Q of trump is set at once
}

def with_switches(rules: RuleSet, switches: dict[str, str]) -> RuleSet:
    """``rules`` with house-rule switches set, as text values (``{"must_beat": "never"}``).

    The result is registered under a name that lists the switches
    (``"table[must_beat=never]"``), so players find it by name like any rule set.

    Raises:
        ValueError: an unknown switch or value (the message lists the choices),
            a minimum bid that is not a bid of the steps (``bid_step`` and
            ``bid_ladder``), a bid ladder that is not one, a
            switch the game does not take (:attr:`pinochle.game.Game.switches`: it
            would be accepted and ignored; the message names the games that take
            it), ``head_ruffed`` without ``must_beat=always``, or an opening whose
            bids are below the minimum bid or off its steps.
    """
    if not switches:
        return rules
    changes: dict[str, object] = {}
    for key, text in sorted(switches.items()):
        allowed = SWITCHES.get(key)
        if allowed is None:
            raise ValueError(f"unknown house rule {key!r}: the switches are {', '.join(SWITCHES)}")
        game = GAMES.get(rules.name.partition("[")[0])
        if game is not None and key not in game.switches:
            takers = ", ".join(g.name for g in GAMES.values() if key in g.switches)
            raise ValueError(f"the {key} switch is for {takers}; the {game.name} rules have no such rule "
                             f"(theirs: {', '.join(game.switches) or 'none'})")
        if allowed == (int,):
            t = fold(text).strip()
            # the steps with the ladder switched too (the switches go in name order: bid_ladder first)
            ladder = changes.get("bid_ladder")
            steps = replace(rules, bid_ladder=ladder) if isinstance(ladder, BidLadder) else rules
            if not (t.isascii() and t.isdigit()) or len(t) > 9 or not 0 < int(t) <= rules.max_bid \
                    or bid_problem(steps, int(t)) and not steps.bid_ladder:
                raise ValueError(f"{key} is a multiple of {rules.bid_step} from {rules.bid_step} to "
                                 f"{rules.max_bid:,} (the highest bid), not {text!r}")
            if bid_problem(steps, int(t)):
                raise ValueError(f"{key} is a bid, and {bid_problem(steps, int(t))}")
            changes[key] = int(t)
            continue
        if isinstance(allowed[0], BidLadder):  # any ladder, in the rules' scale
            changes[key] = BidLadder.parse(fold(text))
            continue
        words = {str(v).lower(): v for v in allowed}
        if text.lower() not in words:
            raise ValueError(f"{key} is one of {', '.join(str(v).lower() for v in allowed)}, not {text!r}")
        changes[key] = words[text.lower()]
    label = ",".join(f"{k}={str(v).lower()}" for k, v in changes.items())
    out = replace(rules, name=f"{rules.name}[{label}]", **changes)  # type: ignore[arg-type]
    if bid_problem(out, out.min_bid):
        raise ValueError(f"the lowest bid, {out.min_bid}, is not a bid of the {out.name} rules: "
                         f"{bid_problem(out, out.min_bid)}")
    if out.head_ruffed and out.must_beat != "always":
        raise ValueError(f"head_ruffed is a rule of must_beat=always (beating the led suit); the {out.name} rules "
                         f"beat {out.must_beat.replace('_', ' ')}")
    for bid in out.opening_bids:
        if bid < out.min_bid or bid_problem(out, bid):
            raise ValueError(f"the opening {out.opening} bids {bid}, which is not a bid of the {rules.name} rules "
                             f"(at least {out.min_bid}, {steps_text(out)})")
    return _register(out)


def find(name: object, at_table: bool = False) -> Game:
    """The playable game called ``name``.

    Args:
        name: the game's name.
        at_table: for the computer players, the arena, the terminal or the
            server: a game the engine plays but these do not seat yet
            (``Game.at_table``) is refused as not built yet.

    Raises:
        ValueError: no such game (the message lists them), or one that is not
            built yet (the message lists the playable ones).
    """
    g = GAMES.get(name) if isinstance(name, str) else None
    playable = ", ".join(n for n, x in GAMES.items() if x.playable and (x.at_table or not at_table))
    if g is None:
        raise ValueError(f"unknown game {name!r}: the games are {', '.join(GAMES)}")
    if not g.playable:
        raise ValueError(f"the {g.name} game is not built yet; playable games: {playable}")
    if at_table and not g.at_table:
        raise ValueError(f"the {g.name} game is not built yet for play at the table (the engine, records and "
                         f"meld, legal and replay take it); playable games: {playable}")
    return g


install_games(find, TABLE_GAME)  # the core finds games by name through this (it never imports the games)
