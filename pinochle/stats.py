"""Statistics of one device: what it played, worked out from finished hands and matches (docs/protocol.md, "Statistics").

The server keeps one **line** per finished hand and one per finished match for every person's
seat (or chair) at a table (:func:`hand_line`, :func:`match_line`), through its storage, keyed
by the seat's token and the hand, so that a hand recorded twice (a replay, a resync, a write
made again after a failure) is kept once. :func:`summarize` is a pure function of those lines:
the ``stats`` message's ``games`` object.

Whose numbers are they? Always the device's own seat's or side's, in the game's own terms
(RULES.md, "Players and partnerships"; VARIANTS.md for each game):

- the **side** is the partnership in a partnership game (N-S or E-W), the player alone in a game
  of players alone (``cutthroat``, ``auction``, ``two-handed``);
- at a table of 4 or 5 (VARIANTS.md ``auction``) people hold **chairs**; a deal the chair sits
  out is one of its ``hands`` all the same (its player sees it played and, with the switch
  ``sitters_settle``, pays or is paid as an opponent), counted apart too as ``sat_out``; it held no
  cards, so it adds no bid and no meld, but what it paid or was paid is kept in its line, so that
  its points over every line add up to its total and ``points_per_hand`` times ``hands`` is that
  total (the fifteenth review saw "Deals played 2" and "Chips per deal −7.5" after three deals of
  −5, one of them sat out);
- a **bid** is a hand where the device's own seat won the auction and was the declarer (not its
  partner's contract); ``made`` and ``set`` split those by the hand's result (a declarer who
  conceded, or was set before the play, is set);
- a declarer who **conceded** (VARIANTS.md ``racehorse``, ``cutthroat``, ``auction``) was not set: a concession
  is its own count, ``conceded`` (``made + set + conceded == bids``);
- a game without an auction (VARIANTS.md ``turned-trump``, ``two-handed``) has no bids at all: its figures say so
  (``auction`` false, from the game's definition), so the page shows no bid rows there;
- a dealer **stuck** with the minimum bid because everyone passed (RULES.md, Deal and auction 3: "the
  dealer makes no call"; ``no_bid=dealer``) made no bid: such a hand is counted apart, as ``stuck`` and
  ``stuck_made``, never among the bids.

>>> from pinochle.game import Action, new_match, apply, auto_action, legal_actions
>>> s = new_match(seed=3)
>>> while s.phase not in ("hand_end", "match_end"):
...     s = apply(s, auto_action(s) or legal_actions(s)[0])
>>> line = hand_line(s, "m1", 2)
>>> line.hand, line.played, line.points == s.totals[0]
(1, True, True)
>>> summarize([line], [])["table"].hands
1
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass

from .bots.review import CLOSE_LOSS
from .game import HandResult, State, game_named
from .parts import Concession, Contract, HandChairs

#: The hook for a decision review (docs/protocol.md, "Statistics", ``par_per_decision``): given the
#: ``loss`` of each reviewed decision of the device (points, never negative), the figure to report.
Par = Callable[[Sequence[float]], float | None]


@dataclass(frozen=True)
class HandLine:
    """One finished hand, for one seat or chair (JSON keys: the attribute names).

    Attributes:
        game: the game's name.
        match: the match id.
        hand: the hand's number in the match, from 1.
        played: the seat held cards in it (false for a chair sitting the hand out).
        declarer: the seat was the declarer (won the auction; false in a game without one).
        made: the declarer's side made the bid (only meaningful with ``declarer``).
        meld: the meld the seat's side showed in the hand (points, kept or not).
        points: what the hand added to the side's (or chair's) total; negative when set or paying.
        place: the seat (or chair) the line is for, which keys its decision review (``None`` in a line
            kept before lines named it: such a hand's review is not found).
        stuck: the seat was the declarer as the dealer stuck with the minimum bid, nobody having bid
            (RULES.md, Deal and auction 3): a contract, but not a bid (false in a line kept before lines
            said it).
        conceded: the seat was the declarer and conceded the hand (VARIANTS.md ``racehorse``, ``cutthroat``,
            ``auction``; false in a line kept before lines said it: such a hand counts as set).
    """

    game: str
    match: str
    hand: int
    played: bool
    declarer: bool
    made: bool
    meld: int
    points: int
    place: int | None = None
    stuck: bool = False
    conceded: bool = False

    def to_json(self) -> dict[str, object]:
        """The line as a JSON object (what storage keeps)."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, object]) -> HandLine:
        """The line stored as :meth:`to_json`.

        Raises:
            ValueError: a field is missing or of the wrong type.
        """
        try:
            place = data.get("place")
            return cls(str(data["game"]), str(data["match"]), _int(data["hand"]), bool(data["played"]),
                       bool(data["declarer"]), bool(data["made"]), _int(data["meld"]), _int(data["points"]),
                       None if place is None else _int(place), bool(data.get("stuck", False)),
                       bool(data.get("conceded", False)))
        except KeyError as err:
            raise ValueError(f"a stored hand line has no {err.args[0]!r}") from None


@dataclass(frozen=True)
class MatchLine:
    """One finished match (it reached its end: a winner), for one seat or chair.

    Attributes:
        game: the game's name.
        match: the match id.
        won: the seat's side (or chair) won the match.
        assisted: a hint or an undo was used in the match (:meth:`~pinochle.server.storage.Storage.mark_assisted`;
            read from the match's mark when the statistics are asked for, not stored in the line).
    """

    game: str
    match: str
    won: bool
    assisted: bool = False

    def to_json(self) -> dict[str, object]:
        """The line as a JSON object (``assisted`` is the match's mark, not kept here)."""
        return {"game": self.game, "match": self.match, "won": self.won}

    @classmethod
    def from_json(cls, data: dict[str, object], assisted: bool = False) -> MatchLine:
        """The line stored as :meth:`to_json`, with the match's ``assisted`` mark.

        Raises:
            ValueError: a field is missing.
        """
        try:
            return cls(str(data["game"]), str(data["match"]), bool(data["won"]), assisted)
        except KeyError as err:
            raise ValueError(f"a stored match line has no {err.args[0]!r}") from None


def _int(x: object) -> int:
    if isinstance(x, bool) or not isinstance(x, int):
        raise ValueError(f"a stored statistics line holds {x!r} where a whole number belongs")
    return x


@dataclass(frozen=True)
class GameStats:
    """The statistics of one game (the ``stats`` message's ``games[GAME]``; docs/protocol.md defines each).

    Attributes:
        matches: finished matches (played to their end).
        won: of those, the ones the device's side (or chair) won.
        hands: finished hands the device played: held cards in, or at a table of 4 or 5 sat out (``sat_out``).
        bids: of those, the hands its own seat won the auction with a bid and was the declarer (a stuck
            dealer's contract is not one: ``stuck``).
        made: of the bids, the ones made.
        set: of the bids, the ones set (``made + set + conceded == bids``).
        conceded: of the bids, the ones the seat conceded (VARIANTS.md ``racehorse``, ``cutthroat``, ``auction``).
        auction: the game has an auction (its definition's phases; VARIANTS.md ``turned-trump`` and
            ``two-handed`` have none): without one there are no bids to count.
        stuck: of the hands, those its own seat declared as the dealer stuck with the minimum bid, nobody
            having bid (RULES.md, Deal and auction 3); ``bids + stuck`` are the hands it declared.
        stuck_made: of ``stuck``, the ones made.
        sat_out: of the hands, those its chair sat out at a table of 4 or 5 (VARIANTS.md ``auction``): no
            cards, no bid, no meld, but what it paid or was paid as an opponent.
        meld_per_hand: the side's meld per hand (a hand sat out showed none), to one decimal (``None`` before
            any hand).
        points_per_hand: what the side's (or chair's) total gained over the finished hands, per hand (sat out or
            not: ``points_per_hand * hands`` is the total's change), to one decimal (``None`` before any hand).
        par_per_decision: points given up per reviewed decision (``None`` until a review exists).
        assisted: finished matches in which a hint or an undo was used.
    """

    matches: int = 0
    won: int = 0
    hands: int = 0
    bids: int = 0
    made: int = 0
    set: int = 0
    meld_per_hand: float | None = None
    points_per_hand: float | None = None
    par_per_decision: float | None = None
    assisted: int = 0
    stuck: int = 0
    stuck_made: int = 0
    conceded: int = 0
    auction: bool = True
    sat_out: int = 0

    def to_json(self) -> dict[str, object]:
        """The ``games[GAME]`` object of the ``stats`` message."""
        return asdict(self)


def no_review(losses: Sequence[float]) -> float | None:
    """The figure while no decision review exists: ``None`` (``par_per_decision`` is null)."""
    return None


def par_per_decision(losses: Sequence[float]) -> float | None:
    """Points given up per reviewed decision: the mean ``loss`` (docs/protocol.md, ``review``), to one
    decimal as every other figure of the statistics; ``None`` with no reviewed decision. The hook a decision review plugs into :func:`summarize`.

    >>> par_per_decision([0, 0, 30, 10]), par_per_decision([])
    (10.0, None)

    Raises:
        ValueError: a loss is negative (a review never gives one).
    """
    if any(x < 0 for x in losses):
        raise ValueError("a decision's loss is never negative")
    return round(sum(losses) / len(losses), 1) if losses else None


def review_losses(review: Mapping[str, object]) -> list[float]:
    """The ``loss`` of each decision of a kept ``review`` message (docs/protocol.md, ``review``) that has
    one (a null loss was not measured: it is left out), by the review's own rule: a loss under
    :data:`pinochle.bots.review.CLOSE_LOSS` is not a mistake and counts 0 (a review kept before that rule may
    hold one).

    >>> review_losses({"decisions": [{"loss": 0}, {"loss": 12.5}, {"loss": None}, {"loss": 0.4}]})
    [0.0, 12.5, 0.0]
    """
    decisions = review.get("decisions")
    if not isinstance(decisions, list):
        return []
    return [0.0 if float(d["loss"]) < CLOSE_LOSS else float(d["loss"]) for d in decisions
            if isinstance(d, dict) and isinstance(d.get("loss"), (int, float)) and not isinstance(d.get("loss"), bool)]


def hand_line(state: State, match_id: str, place: int, chaired: bool = False) -> HandLine:
    """The line of the hand just finished in ``state`` (a ``hand_end`` or ``match_end``) for ``place``.

    Args:
        state: the state right after the hand was scored (its last ``history`` entry is the hand).
        match_id: the match's id.
        place: the seat (N=0 ... W=3), or at a table of 4 or 5 the chair.
        chaired: ``place`` is a chair (VARIANTS.md ``auction`` at 4 or 5).

    Raises:
        ValueError: ``state`` has no finished hand.
    """
    if not state.history:
        raise ValueError("no hand has finished yet")
    hand = state.history[-1]
    seating = state.game.seating
    seat = _seat_of(hand, place) if chaired else place
    if chaired:
        chair_totals = hand.parts.get(HandChairs).totals
        before = state.history[-2].parts.get(HandChairs).totals if len(state.history) > 1 else (0,) * len(chair_totals)
        points = chair_totals[place] - before[place]
    else:
        points = hand.score.score[seating.side_of[place]]
    if seat is None:
        return HandLine(state.game.name, match_id, hand.number, False, False, False, 0, points, place)
    side = seating.side_of[seat]
    contract = hand.parts.get(Contract)
    declarer = contract.declarer is not None and int(contract.declarer) == seat
    return HandLine(state.game.name, match_id, hand.number, True, declarer, declarer and hand.score.made,
                    hand.score.meld[side], points, place, declarer and contract.stuck,
                    declarer and hand.parts.get(Concession).conceded)


def _seat_of(hand: HandResult, chair: int) -> int | None:
    """The seat ``chair`` played in ``hand`` at a table of 4 or 5, or ``None`` when it sat the hand out
    (the dealer, at the empty place N, and at 5 one more: :func:`pinochle.chairs.lineup_for`)."""
    return next((s for s in range(1, 4) if hand.parts.get(HandChairs).lineup[s] == chair), None)


def match_line(state: State, match_id: str, place: int, chaired: bool = False) -> MatchLine:
    """The line of the match just ended in ``state`` (``match_end``) for ``place`` (a seat, or a chair).

    Raises:
        ValueError: the match has not ended.
    """
    if state.phase != "match_end":
        raise ValueError(f"the match has not ended: it is in {state.phase}")
    mine = place if chaired else state.game.seating.side_of[place]
    return MatchLine(state.game.name, match_id, state.winner is not None and state.winner == mine)


def summarize(hands: Iterable[HandLine], matches: Iterable[MatchLine],
              losses: dict[str, Sequence[float]] | None = None, par: Par = no_review) -> dict[str, GameStats]:
    """The statistics of each game played, from the device's lines (a pure function).

    A hand (match id and number) or a match given twice counts once; which of two differing lines is kept
    does not depend on the order they are given in (storage gives them in no particular order): the
    least in the lines' own order.

    Args:
        hands: the finished hands' lines.
        matches: the finished matches' lines.
        losses: per game, the ``loss`` of each of the device's reviewed decisions (the server's:
            :func:`pinochle.server.stats.review_losses_of`, from the reviews kept).
        par: turns a game's losses into ``par_per_decision`` (:func:`par_per_decision`, their mean;
            :func:`no_review` reports null).

    >>> h = [HandLine("cutthroat", "m", 1, True, True, True, 210, 30), HandLine("cutthroat", "m", 2, True, False, False, 90, -15)]
    >>> s = summarize(h + h[:1], [MatchLine("cutthroat", "m", True, assisted=True)])["cutthroat"]
    >>> s.hands, s.bids, s.made, s.set, s.meld_per_hand, s.points_per_hand, s.matches, s.won, s.assisted
    (2, 1, 1, 0, 150.0, 7.5, 1, 1, 1)
    >>> stuck = HandLine("table", "m", 1, True, True, False, 40, -250, 2, stuck=True)
    >>> s = summarize([stuck], [])["table"]
    >>> s.bids, s.set, s.stuck, s.stuck_made
    (0, 0, 1, 0)
    >>> five = [HandLine("auction", "m", n, n != 3, False, False, 0, -5, 0) for n in (1, 2, 3)]
    >>> s = summarize(five, [])["auction"]
    >>> s.hands, s.sat_out, s.points_per_hand
    (3, 1, -5.0)
    """
    seen: set[tuple[str, int]] = set()
    sums: dict[str, list[int]] = {}  # game -> hands, bids, made, meld, points, stuck, stuck made, conceded, sat out
    for h in sorted(hands, key=repr):
        if (h.match, h.hand) in seen:
            continue
        seen.add((h.match, h.hand))
        row = sums.setdefault(h.game, [0, 0, 0, 0, 0, 0, 0, 0, 0])
        row[0] += 1  # a deal sat out at a table of 4 or 5 was played at the chair's table, and seen
        row[4] += h.points  # a chair sitting out may pay or be paid: its total moved all the same
        if not h.played:
            row[8] += 1
            continue
        row[3] += h.meld
        if h.declarer and h.stuck:  # a stuck dealer made no bid (RULES.md, Deal and auction 3)
            row[5] += 1
            row[6] += h.made
            continue
        row[1] += h.declarer
        row[2] += h.declarer and h.made
        row[7] += h.declarer and h.conceded and not h.made
    done: set[str] = set()
    counts: dict[str, list[int]] = {}  # game -> matches, won, assisted
    for m in sorted(matches, key=repr):
        if m.match in done:
            continue
        done.add(m.match)
        c = counts.setdefault(m.game, [0, 0, 0])
        c[0] += 1
        c[1] += m.won
        c[2] += m.assisted
    out: dict[str, GameStats] = {}
    for game in sorted(set(sums) | set(counts)):
        n, bids, made, meld, points, stuck, stuck_made, conceded, sat_out = sums.get(game, [0] * 9)
        played, won, assisted = counts.get(game, [0, 0, 0])
        out[game] = GameStats(
            matches=played, won=won, hands=n, bids=bids, made=made, set=bids - made - conceded,
            meld_per_hand=round(meld / n, 1) if n else None,
            points_per_hand=round(points / n, 1) if n else None,
            par_per_decision=par((losses or {}).get(game, ())),
            assisted=assisted, stuck=stuck, stuck_made=stuck_made, conceded=conceded,
            auction=has_auction(game), sat_out=sat_out,
        )
    return out


def has_auction(game: str) -> bool:
    """Whether the game named ``game`` has an auction: its definition has an auction phase (VARIANTS.md
    ``turned-trump`` and ``two-handed`` have none); a name no game has is taken to have one.

    >>> has_auction("table"), has_auction("two-handed"), has_auction("turned-trump")
    (True, False, False)
    """
    try:
        return any(p.name == "auction" for p in game_named(game).phases)
    except (KeyError, ValueError):
        return True


def stats_json(stats: dict[str, GameStats]) -> dict[str, object]:
    """The ``stats`` message (docs/protocol.md): ``{"type": "stats", "games": {GAME: {...}}}``."""
    return {"type": "stats", "games": {game: s.to_json() for game, s in stats.items()}}
