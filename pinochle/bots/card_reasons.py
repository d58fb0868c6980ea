"""A card's reason that separates it from the cards it is compared with (the hint: the other legal cards; the
decision review: the card played instead).

A reason for playing a card must be true of that card and false of the card it is compared against: "you hold 5
trumps" is true whichever trump is led, and "it beats the 10♦" is no reason for the 9♥'s rival when the A♥ beats it
too. Each of a set of simple patterns of play (RULES.md, Play: who wins a trick, the counters in it; the patterns a
player names) is a property of a card in the position, with its words; :func:`separating` keeps the patterns that
hold of the card and of none of the compared cards, in the order below (the most telling first):

* following with the other side winning: the cheapest card that wins the trick (or that is sure to win it, or that
  beats the winning card), the card that beats when the other does not, the cheapest card to throw when the trick
  is let go, giving the fewest counters;
* following with a partner winning: the most counters fed to a trick the partner is sure to take (or takes as the
  last to play), no counter given to a trick the partner may still lose;
* leading: the lowest trump led to draw the other side's trumps, a card no other player can beat in its suit, a suit
  the partner is void in and may trump, a high card kept to win a trick later (against that card alone), the lowest
  card of its suit, no counter put at risk.

Where no pattern separates, the caller says the value plainly instead (Hard's search: "on average it leaves your side
about 4 points better off than your A♣", :func:`pinochle.bots.evaluate.better_off`).

The words are those of :func:`pinochle.bots.evaluate.card_facts` where a pattern is one of its facts; each pattern's
``kind`` is one of :data:`pinochle.bots.evaluate.FACT_KINDS`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..cards import ABOVE, DECKS, SUIT_NAMES, Card, remove
from ..game import View
from ..tricks import beats, winner_index
from .base import mates
from .knowledge import play_inferences
from .normal import partner_sure_to_win

ACE = 5  # the rank index of an ace (9, J, Q, K, 10, A)


@dataclass(frozen=True)
class Pattern:
    """One pattern of play: its facts' words about the card, and whether it holds of a card.

    Attributes:
        facts: ``(kind, text)`` pairs, the words said of the card when the pattern separates it.
        holds: whether the pattern holds of a legal card of the position.
    """

    facts: tuple[tuple[str, str], ...]
    holds: Callable[[Card], bool]
    context: bool = False
    """A fact of the position true of every legal card ("every card you may play beats your partner's A♦"): said
    first as what it is, never as what separates the card."""


def _counters(n: int) -> str:
    return f"{n} more counter{'' if n == 1 else 's'}"


def patterns(view: View, card: Card, against: Sequence[Card] = ()) -> list[Pattern]:
    """The patterns of play of the position that hold of ``card`` (a legal card of ``view``), the most telling
    first; ``against``: the compared cards (a kept high card is named only against one card).

    Args:
        view: the seat's view, in the play with trump named.
        card: the card the reason is for.
        against: the cards it is compared with.

    Returns:
        The patterns that hold of ``card`` (empty before trump is named).
    """
    if view.trump is None:
        return []
    rules = view.rules_set()
    trump = int(view.trump)
    players = view.seating.players
    team = set(mates(view))
    worth = rules.counters
    legal = list(dict.fromkeys(view.legal.cards))
    current = view.tricks[-1] if view.tricks and len(view.tricks[-1].cards) < players else None
    mate = "your partner" if players == 4 else "the other defender"
    taker = "you" if players == 2 or (rules.widow and view.declarer == view.seat) else "your side"
    them = "the other side" if players == 4 else "the others"

    def cheap(c: Card) -> tuple[bool, int, int]:  # the cheapest card to give: a plain card, few counters, low
        return (c // 6 == trump, worth[c % 6], c % 6)

    out: list[Pattern] = []
    if current is not None and current.cards:
        cards = list(current.cards)
        at = winner_index(cards, trump)
        winning = cards[at]
        w = Card(winning).label
        last = len(cards) == players - 1
        in_trick = sum(worth[c % 6] for c in cards)
        beaters = [c for c in legal if beats(c, winning, trump)]
        others = [c for c in legal if not beats(c, winning, trump)]
        if int(current.seat_of(at)) in team:
            sure = last or partner_sure_to_win(view)
            if beaters and not others:  # forced: every legal card takes the trick from the partner
                out.append(Pattern((("partner_winning", f"every card you may play beats {mate}'s {w}"),),
                                   lambda c: True, context=True))
            if beaters:
                cheap_over = min(beaters, key=cheap)
                text = ("it is the cheapest of them" if not others
                        else f"it takes the trick from {mate}'s {w} with the cheapest card that can")
                out.append(Pattern((("cheapest" if not others else "partner_winning", text),), lambda c: beats(c, winning, trump) and cheap(c) == cheap(cheap_over)))
            if others and sure:
                most = max(worth[c % 6] for c in others)
                if most:
                    out.append(Pattern(
                        (("partner_winning", f"{mate}'s {w} is winning"),
                         ("counters", f"this gives {taker} {_counters(most)}")),
                        lambda c: not beats(c, winning, trump) and worth[c % 6] == most))
            elif others:
                out.append(Pattern((("counters", f"it gives no counters to a trick {mate}'s {w} may yet lose"),),
                                   lambda c: not beats(c, winning, trump) and not worth[c % 6]))
            return [p for p in out if p.holds(card)]
        if beaters:
            cheap_win = min(beaters, key=cheap)
            unseen = _unseen(view)
            def sure_win(c: Card) -> bool:  # no card still to come can beat it: the last to play, or the top trump
                return last or (c // 6 == trump and not unseen & ABOVE[c])
            if last:
                text = f"it is the cheapest card that beats the {w} and wins the trick"
            elif sure_win(cheap_win):
                text = f"it is the cheapest card that beats the {w} and is sure to win the trick"
            else:
                text = f"it is your cheapest card that beats the {w}"
            out.append(Pattern((("beats", text),), lambda c: beats(c, winning, trump) and cheap(c) == cheap(cheap_win)))
            gained = worth[card % 6] + in_trick
            if last and card in beaters and gained:
                out.append(Pattern((("counters", f"this gives {taker} {_counters(gained)}"),),
                                   lambda c: beats(c, winning, trump) and worth[c % 6] + in_trick == gained))
            out.append(Pattern((("beats", f"it beats the {w}" + (" and wins the trick" if last else "")),),
                               lambda c: beats(c, winning, trump)))
        if others:
            def thrown(c: Card) -> tuple[int, bool, int]:  # the cheapest to throw: few counters, a plain card, low
                return (worth[c % 6], c // 6 == trump, c % 6)
            cheap_throw = min(others, key=thrown)
            text = (f"it lets the {w} win with your cheapest card" if beaters
                    else f"it is the cheapest card you can throw on the {w}")
            # as cheap as another card (a ten of another suit): no reason to throw this one rather than that
            out.append(Pattern((("cheapest", text),),
                               lambda c: not beats(c, winning, trump) and thrown(c) == thrown(cheap_throw)))
            if not worth[card % 6] and thrown(card) != thrown(cheap_throw):  # the cheapest gives the fewest counters: said once
                out.append(Pattern((("counters", f"it gives {them} no counters"),),
                                   lambda c: not beats(c, winning, trump) and not worth[c % 6]))
        return [p for p in out if p.holds(card)]
    # a lead
    held = [c for c in view.hand if c // 6 == trump]
    voids = play_inferences(view).voids
    opponents = [s for s in range(players) if s != int(view.seat) and s not in team and view.hand_sizes[s]]
    if held and any(not voids[s] >> trump & 1 for s in opponents):
        low = min(held) % 6
        theirs = "the other side's" if players == 4 else "the others'"
        out.append(Pattern((("draws", f"leading your lowest trump draws {theirs} trumps"),),
                           lambda c: c // 6 == trump and c % 6 == low))
    unseen = _unseen(view)
    out.append(Pattern((("high_card", f"nobody else can hold a {SUIT_NAMES[card // 6][:-1]} above it"),),
                       lambda c: not unseen & ABOVE[c]))
    for m in team if unseen & ABOVE[card] else ():  # a card nobody can beat in its suit needs no partner's trump
        if card // 6 != trump and voids[m] >> (card // 6) & 1 and not voids[m] >> trump & 1:
            out.append(Pattern((("partner_void", f"{mate} is void in {SUIT_NAMES[card // 6]} and may trump it"),),
                               _void_in(voids[m], trump)))
    if len(against) == 1 and against[0] != card:
        kept = against[0]
        if (not unseen & ABOVE[kept] or kept % 6 == ACE) and (unseen & ABOVE[card] and card % 6 != ACE):
            out.append(Pattern((("keeps", f"it keeps your {Card(kept).label} to win a trick later"),),
                               lambda c: c != kept))
    if card // 6 != trump or not any(f[0] == "draws" and p.holds(card) for p in out for f in p.facts):  # "your lowest trump" said once
        out.append(Pattern((("lowest", f"it is your lowest {SUIT_NAMES[card // 6][:-1]}"),),
                           lambda c: all(h % 6 >= c % 6 for h in view.hand if h // 6 == c // 6)))
    if not worth[card % 6] and unseen & ABOVE[card]:
        out.append(Pattern((("counters", "it puts no counters at risk"),), lambda c: not worth[c % 6]))
    return [p for p in out if p.holds(card)]


def _void_in(void: int, trump: int) -> Callable[[Card], bool]:
    """Whether a card is of a plain suit a partner is void in (``void``: its voids, a bit a suit)."""
    return lambda c: c // 6 != trump and bool(void >> (c // 6) & 1)


def _unseen(view: View) -> int:
    """The cards neither in the seat's hand nor played (as Hard's table counts them), as a mask."""
    unseen = DECKS[view.rules_set().deck].full
    for c in view.hand:
        unseen = remove(unseen, c)
    for t in view.tricks:
        for c in t.cards:
            unseen = remove(unseen, c)
    return unseen


def separating(view: View, card: Card, against: Sequence[Card], most: int = 2) -> list[tuple[tuple[str, str], ...]]:
    """The facts (``(kind, text)``) of the patterns that hold of ``card`` and of none of ``against`` (the other
    cards are compared as cards: a twin of ``card`` is the same choice and is left out), a pattern's facts kept
    together, the most telling first, while they number at most ``most`` (the first pattern always), after a fact of
    the position true of every legal card (:attr:`Pattern.context`); empty when no pattern separates (the caller then
    says the value).

    >>> from pinochle.game import new_match, view
    >>> separating(view(new_match(seed=1), 0), Card.parse("AS"), [])
    []
    """
    rivals = [c for c in dict.fromkeys(against) if c != card]
    said: list[tuple[tuple[str, str], ...]] = []
    found = patterns(view, card, rivals)
    for p in [p for p in found if p.context] + [p for p in found if not p.context]:
        if not p.context and any(p.holds(c) for c in rivals):
            continue
        if said and sum(len(g) for g in said) + len(p.facts) > most:
            break
        said.append(p.facts)
    return said


__all__ = ["Pattern", "patterns", "separating"]
