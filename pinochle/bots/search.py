"""Exact search of the last tricks of a fully known deal (for the Hard player).

Given every hand (a determinized deal), :func:`solve` plays the rest of the
hand perfectly for both teams with alpha-beta minimax (RULES.md, Play): the
seats of one team maximize a value of the final counters and tricks, the
others minimize it; the partnerships of the four-handed games and the play
teams of the games of three (the declarer against the defenders) alike.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..cards import ALL_TYPES, DECKS, LAYER, SPREAD
from ..rules import TABLE, RuleSet
from ..tricks import legal_function, winner_index

#: value(counters per team, tricks per team) -> points for the maximizing team.
ValueFn = Callable[[tuple[int, int], tuple[int, int]], float]

#: The four seats clockwise, N E S W (RULES.md, Players), and their partnerships N-S and E-W.
CLOCKWISE: tuple[int, ...] = (1, 2, 3, 0)
PARTNERSHIPS: tuple[int, ...] = (0, 1, 0, 1)


def solve(
    hands: Sequence[int],
    trump: int,
    leader: int,
    trick: Sequence[int],
    team: int,
    value: ValueFn,
    rules: RuleSet = TABLE,
    next_seat: Sequence[int] = CLOCKWISE,
    team_of: Sequence[int] = PARTNERSHIPS,
) -> float:
    """The value of the rest of the hand under perfect play by both teams.

    Args:
        hands: the packed hands by place N E S W (the cards still held; an empty place holds 0).
        trump: the trump suit; leader: the seat that led the current trick.
        trick: cards already played to the current trick, lead first.
        team: the maximizing team (0 or 1; at a table of partnerships 0 is N-S, 1 is E-W).
        value: maps the counters and tricks taken from now on (per team, last trick included) to
            points for ``team``.
        rules: counter values, last-trick bonus, legal-card rule, the deck.
        next_seat: place -> the next seat in play (:attr:`pinochle.cards.Seating.next_seat`); by
            default the four seats clockwise.
        team_of: place -> its team (0 or 1; -1 for an empty place): by default the partnerships
            (RULES.md, Players); in a game of play teams, the declarer against the defenders
            (VARIANTS.md ``cutthroat``: three cards a trick).

    Returns:
        The minimax value (points).

    The cost grows fast with the cards left: it is meant for two or three tricks.
    """
    legal = legal_function(rules)
    counters = [rules.counters[c % 6] for c in range(24)]
    last = rules.last_trick
    players = sum(1 for t in team_of if t >= 0)
    layers = DECKS[rules.deck].layers
    spread = SPREAD[layers]

    def rec(hs: list[int], lead: int, seats: list[int], cards: list[int], pts: tuple[int, int],
            won: tuple[int, int], alpha: float, beta: float) -> float:
        if len(cards) == players:
            who = seats[winner_index(cards, trump)]
            gain = sum(counters[c] for c in cards)
            if not hs[who]:
                gain += last
            t = team_of[who]
            p = (pts[0] + gain, pts[1]) if t == 0 else (pts[0], pts[1] + gain)
            w = (won[0] + 1, won[1]) if t == 0 else (won[0], won[1] + 1)
            return value(p, w) if not hs[who] else rec(hs, who, [], [], p, w, alpha, beta)
        seat = next_seat[seats[-1]] if seats else lead
        h = hs[seat]
        if cards:
            moves = legal(h & ALL_TYPES, cards[0] // 6, cards[winner_index(cards, trump)], trump)
        else:
            moves = h & ALL_TYPES
        maximizing = team_of[seat] == team
        best = float("-inf") if maximizing else float("inf")
        while moves:
            low = moves & -moves
            moves ^= low
            c = low.bit_length() - 1
            if layers > 2:
                hs[seat] = h ^ 1 << (c + (h >> c & spread).bit_length() - 1)
            else:
                hs[seat] = h ^ (low << LAYER) if h & (low << LAYER) else h ^ low
            v = rec(hs, lead, [*seats, seat], [*cards, c], pts, won, alpha, beta)
            hs[seat] = h
            if maximizing:
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best

    seats0 = [leader]
    for _ in range(len(trick) - 1):
        seats0.append(next_seat[seats0[-1]])
    return rec(list(hands), leader, seats0 if trick else [], list(trick), (0, 0), (0, 0),
               float("-inf"), float("inf"))
