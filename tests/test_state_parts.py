"""The parts of the state each owned by its phases (docs/design.md, "State and its parts").

Random legal matches of every playable game (``turned-trump`` with its house switch
``dix_exchange`` on, so that its exchange is offered) are played through the reducer, and at
every step:

* a part is empty in a game none of whose phases owns it: the card pass without an ``exchange``
  phase (VARIANTS.md ``partnership-pass``, ``racehorse``), the turned card without a phase that
  turns one (``turned-trump``, ``two-handed``), the dix answers without ``dix_exchange``, the
  widow without a ``widow`` phase (``cutthroat``, ``auction``), the concession without a
  ``concede`` or ``bury`` phase, the trump marriage's check without a ``trump_marriage`` phase;
* every deal starts the parts empty (nothing passed, nothing buried, nobody asked for the dix,
  nothing conceded, nobody set at once);
* within a hand only the owning phase changes its part: the card pass in ``exchange``, the
  burial in ``bury``, the dix answers in ``dix_exchange``, the concession by a ``concede`` in
  ``concede`` or ``bury``, the check of the trump marriage as the ``trump_marriage`` phase is
  entered (which then ends the hand); the widow dealt and the card turned stay as the deal left them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle.game import Action, State, apply, legal, new_match, turn
from pinochle.games import GAMES, with_switches
from pinochle.parts import (NO_CARD_PASS, NO_CONCESSION, NO_CONTRACT, NO_MARRIAGE_CHECK, AuctionSeen, BidAid, BuriedSeen,
                            CardPass, Concession, Contract, HandChairs, Parts, PassSeen, ThrownInSeen, Tied,
                            TrumpAid, TrumpMarriageCheck, TurnedSeen, TurnedTrump, Widow, WidowSeen)
from pinochle.stock import StockSeen

PLAYABLE = [name for name, g in GAMES.items() if g.playable]
QUICK = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _start(game: str, seed: int) -> State:
    g = GAMES[game]
    on = {name: "true" for name in ("dix_exchange", "trump_needs_marriage") if name in g.switches}
    return new_match(seed=seed, game=game, rules=with_switches(g.rules, on) if on else None)


def _action(state: State, rng: random.Random) -> Action:
    """A random legal action: in the auction the lowest bid a third of the time, else a pass."""
    seat = turn(state)
    assert seat is not None
    lg = legal(state, seat)
    if lg.min_bid is not None and (not lg.pass_ or rng.random() < 0.35):
        return Action.bid_(seat, lg.min_bid)
    if lg.min_bid is not None:
        return Action.pass_(seat)
    return rng.choice(lg.actions(seat))


def steps(game: str, seed: int, hands: int = 2) -> Iterator[tuple[State, Action | None, State]]:
    """``(before, action, after)`` for each action of the first ``hands`` hands of a random match
    (the first triple is the match's start, with no action)."""
    rng = random.Random(f"{game}/{seed}")
    state = _start(game, seed)
    yield state, None, state
    for _ in range(5_000):
        if state.phase == "match_end" or len(state.history) >= hands:
            return
        action = _action(state, rng)
        after = apply(state, action)
        yield state, action, after
        state = after
    raise AssertionError(f"{game} seed {seed}: {hands} hands not over after 5,000 actions")


games = pytest.mark.parametrize("game", PLAYABLE)


@games
@QUICK
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_each_part_is_kept_only_by_the_phases_that_own_it(game: str, seed: int) -> None:
    names = {p.name for p in GAMES[game].phases}
    seen = {"card_pass": False, "turned": False, "widow": False, "set_at_once": False}
    for before, action, after in steps(game, seed):
        where = f"{game} seed {seed} version {after.version} ({before.phase} -> {after.phase})"
        # a part is empty in a game none of whose phases owns it
        if "exchange" not in names:
            assert after.parts.get(CardPass) == NO_CARD_PASS, where
        if not names & {"turn_trump", "turn_up"}:
            assert after.parts.get(TurnedTrump).card is None, where
        if "dix_exchange" not in names:
            assert after.parts.get(TurnedTrump).dix_answers == (), where
        if "widow" not in names:
            assert after.parts.get(Widow).cards == 0, where
        if "bury" not in names:
            assert after.parts.get(Widow).buried == (), where
        if not names & {"concede", "bury"}:
            assert after.parts.get(Concession) == NO_CONCESSION and not after.conceded, where
        if "trump_marriage" not in names:
            assert after.parts.get(TrumpMarriageCheck) == NO_MARRIAGE_CHECK and not after.set_at_once, where
        seen["set_at_once"] |= after.set_at_once
        seen["card_pass"] |= after.parts.get(CardPass).passed > 0
        seen["turned"] |= after.parts.get(TurnedTrump).card is not None
        seen["widow"] |= after.parts.get(Widow).cards != 0
        if action is None or after.hand_no != before.hand_no:  # a deal (a thrown-in hand's too)
            assert after.parts.get(CardPass) == NO_CARD_PASS and after.parts.get(Widow).buried == (), where
            assert after.parts.get(TurnedTrump).dix_answers == (), where  # the offer may be open: nobody has answered
            assert after.parts.get(Concession) == NO_CONCESSION and after.parts.get(TrumpMarriageCheck) == NO_MARRIAGE_CHECK, where
            continue
        # within a hand only the owning phase changes its part
        if after.parts.get(CardPass) != before.parts.get(CardPass):
            assert before.phase == "exchange" and after.parts.get(CardPass).passed == before.parts.get(CardPass).passed + 1, where
        if after.parts.get(Widow).buried != before.parts.get(Widow).buried:
            assert before.phase == "bury" and action.type == "bury", where
        if after.parts.get(TurnedTrump).dix_answers != before.parts.get(TurnedTrump).dix_answers:
            assert before.phase == "dix_exchange" and action.type in ("dix", "pass"), where
        if after.parts.get(Concession) != before.parts.get(Concession):
            assert before.phase in ("concede", "bury") and action.type == "concede" and after.conceded, where
        if after.parts.get(TrumpMarriageCheck) != before.parts.get(TrumpMarriageCheck):
            assert before.phase == "meld" and after.phase == "hand_end" and after.set_at_once, where
            assert not after.tricks and after.rules.trump_needs_marriage, where
        assert after.parts.get(Widow).cards == before.parts.get(Widow).cards, where
        assert after.parts.get(TurnedTrump).card == before.parts.get(TurnedTrump).card, where
    # the game's own parts were really used (every hand scored had a declarer, so a card pass)
    assert seen["card_pass"] == ("exchange" in names)
    assert seen["turned"] == bool(names & {"turn_trump", "turn_up"})
    assert seen["widow"] == ("widow" in names)


@games
@QUICK
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_the_contract_is_made_only_by_the_auction_and_the_naming_or_turning_of_trump(game: str, seed: int) -> None:
    """The auction and the contract (``State.contract``, :class:`~pinochle.parts.Contract`) are a part owned
    by the phases that make them: every deal starts it empty but for a turned card's suit (VARIANTS.md
    ``turned-trump``, ``two-handed``); within a hand the calls grow by one call in the ``auction``, the
    declarer, the bid and the dealer stuck are set once, as the auction ends, and the trump is named in the
    ``trump`` phase; a game without an auction has no declarer and no bid. ``State.calls``, ``declarer``,
    ``bid``, ``trump`` and ``stuck`` read the part."""
    names = {p.name for p in GAMES[game].phases}
    for before, action, after in steps(game, seed):
        where = f"{game} seed {seed} version {after.version} ({before.phase} -> {after.phase})"
        c = after.parts.get(Contract)
        assert (after.calls, after.declarer, after.bid, after.trump, after.stuck) == (
            c.calls, c.declarer, c.bid, c.trump, c.stuck), where
        if "auction" not in names:
            assert c.calls == () and c.declarer is None and c.bid is None and not c.stuck, where
        if action is None or after.hand_no != before.hand_no:  # a deal
            turned = after.parts.get(TurnedTrump).card
            assert c == replace(NO_CONTRACT, trump=None if turned is None else turned.suit), where
            continue
        b = before.parts.get(Contract)
        if c.calls != b.calls:
            assert before.phase == "auction" and action.type in ("bid", "pass"), where
            assert c.calls[:-1] == b.calls and len(c.calls) == len(b.calls) + 1, where
        if (c.declarer, c.bid, c.stuck) != (b.declarer, b.bid, b.stuck):
            assert before.phase == "auction" and after.phase != "auction" and b.declarer is None, where
            assert c.declarer is not None and c.bid is not None, where
        if c.trump != b.trump:
            assert before.phase == "trump" and action.type == "trump" and b.trump is None, where


#: The phase that returns each part of the legal moves (:class:`pinochle.game.Legal`).
LEGAL_OWNERS = {"auction": "auction", "trump": "trump", "card_pass": "exchange", "burial": "bury",
                "concession": ("concede", "bury"), "dix_part": ("dix_exchange", "stock_meld"),
                "stock": ("stock_meld", "draw")}


@games
@QUICK
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_the_legal_moves_views_and_finished_hands_are_composed_of_their_phases_parts(game: str, seed: int) -> None:
    """A part of the legal moves is returned only by the phase that owns it (the bids by the auction, the
    suits to name by ``trump``, the pass by ``exchange``, the concession by ``concede`` and ``bury``, the dix
    by ``dix_exchange`` and two-handed's ``stock_meld``, the burial by ``bury``, the stock's moves by
    two-handed's ``stock_meld`` and ``draw``); every other phase's is the empty part. A part of a seat's
    view comes only from a game whose phases own it (the meld by trump to bid by in the auction, to name
    trump by to the declarer, the pass, the widow, the burial to the declarer); the auction as everyone
    sees it comes only from a game with an auction, and the contract every seat sees is the state's,
    from the phases that make it (the auction and ``trump``, or the turning of the trump card). A
    finished hand keeps the hand's parts as their phases left them."""
    from pinochle.game import NO_MOVES, Legal, view
    from pinochle.parts import (NO_AUCTION_SEEN, NO_BID_AID, NO_BIDS, NO_BURIAL, NO_BURIED_SEEN, NO_CONCEDES, NO_DIX,
                                NO_GIVE, NO_PASS_SEEN, NO_TRUMP_AID, NO_TRUMPS, NO_WIDOW_SEEN, NOT_THROWN_IN, NOT_TIED, NOT_TURNED_SEEN)
    from pinochle.parts import Bids, Burial, Concedes, Dix, Give, Trumps
    from pinochle.stock import NO_STOCK_MOVES, NO_STOCK_PLAY, NO_STOCK_SEEN, StockMoves, StockPlay

    # each part of the legal moves by its class, its empty value kept by no container
    classes = {"auction": Bids, "trump": Trumps, "concession": Concedes, "dix_part": Dix,
               "card_pass": Give, "burial": Burial, "stock": StockMoves}
    empty = {"auction": NO_BIDS, "trump": NO_TRUMPS, "concession": NO_CONCEDES, "dix_part": NO_DIX,
             "card_pass": NO_GIVE, "burial": NO_BURIAL, "stock": NO_STOCK_MOVES}
    names = {p.name for p in GAMES[game].phases}
    used: set[str] = set()
    for before, _, after in steps(game, seed):
        seat = turn(before)
        for s in range(4):
            lg = legal(before, s)
            if s != seat:
                assert lg is NO_MOVES and lg == Legal()
                continue
            assert {type(p) for p in lg.parts} <= set(classes.values()), lg.parts
            for part, owner in LEGAL_OWNERS.items():
                held = lg.parts.get(classes[part])
                assert (held != empty[part]) == (held in lg.parts), "an empty part is never kept"
                if held != empty[part]:
                    used.add(part)
                    assert before.phase in ((owner,) if isinstance(owner, str) else owner), (part, before.phase)
        public = view(before, before.game.seating.seats[0])
        for s in before.game.seating.seats:  # a part of a seat's view comes from the phase that owns it
            v = view(before, s)
            parts = {"bid_aid": v.bid_aid != NO_BID_AID, "trump_aid": v.trump_aid != NO_TRUMP_AID,
                     "card_pass": v.card_pass != NO_PASS_SEEN, "widow_part": v.widow_part != NO_WIDOW_SEEN,
                     "burial": v.burial != NO_BURIED_SEEN, "stock": v.stock != NO_STOCK_SEEN,
                     "concession": v.concession != NO_CONCESSION, "turned_trump": v.turned_trump != NOT_TURNED_SEEN,
                     "thrown_in": v.thrown_in != NOT_THROWN_IN, "tied": v.tied != NOT_TIED,
                     "auction_seen": v.auction != NO_AUCTION_SEEN}
            assert not parts["bid_aid"] or before.phase == "auction", before.phase
            assert not parts["trump_aid"] or (before.phase == "trump" and s == before.declarer), before.phase
            assert not parts["card_pass"] or "exchange" in names
            assert not parts["widow_part"] or "widow" in names
            assert not parts["burial"] or ("bury" in names and s == before.declarer)
            assert parts["stock"] == ("turn_up" in names)  # two-handed's stock and table, in every phase
            # the public facts, from the phases that own them: the concession, the turned card, a hand
            # thrown in (the auction throws it in), the leaders tied (the end of a hand)
            assert not parts["concession"] or names & {"concede", "bury"}
            assert not parts["turned_trump"] or names & {"turn_trump", "turn_up"}
            assert not parts["thrown_in"] or "auction" in names
            assert not parts["tied"] or before.phase == "hand_end"
            # the auction from the auction's phase (its calls, one by one), the contract the state's
            assert not parts["auction_seen"] or "auction" in names
            assert [call for _, call in v.calls] == list(before.calls) and len(v.call_kinds) == len(v.calls)
            assert v.contract is before.parts.get(Contract)
            assert (v.auction, v.contract) == (public.auction, public.contract), "the same for every seat"
            assert (v.concession, v.turned_trump, v.thrown_in, v.tied) == (
                public.concession, public.turned_trump, public.thrown_in, public.tied), "the same for every seat"
            used |= {k for k, on in parts.items() if on}
        if len(after.history) > len(before.history):
            hand = after.history[-1]
            assert after.phase in ("hand_end", "match_end")
            # the hand keeps the state's parts as its phases left them, and the chairs' part alone besides
            assert hand.parts == after.parts.set(hand.parts.get(HandChairs))
            assert hand.trump == after.trump and (hand.parts.get(StockPlay) == NO_STOCK_PLAY) == (after.stock is None)
    assert ("auction" in used) == ("auction" in names) == ("bid_aid" in used) == ("auction_seen" in used)
    assert ("trump" in used) == ("trump" in names)
    assert ("concession" in used) <= bool(names & {"concede", "bury"}) and ("dix_part" in used) <= bool(
        names & {"dix_exchange", "stock_meld"})
    assert ("card_pass" in used) == ("exchange" in names)


#: The classes of the parts of a view that every seat sees alike, returned once a state by a phase's ``public``,
#: and those each seat sees its own way, returned by its ``view`` (docs/design.md, "Legal moves and the view").
PUBLIC_PARTS = {AuctionSeen, Contract, ThrownInSeen, WidowSeen, TurnedSeen, Concession, Tied, StockSeen}
SEAT_PARTS = {BidAid, TrumpAid, PassSeen, BuriedSeen}


@games
@QUICK
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_a_phase_returns_the_parts_every_seat_sees_alike_once_for_all_seats(game: str, seed: int) -> None:
    """The auction, the contract, a hand thrown in, the widow, the turned card, the concession, the leaders
    tied and two-handed's stock are the same for every seat: their phases return them from ``public``
    (built once for all the seats' views of a state); ``view`` returns only what one seat sees (the meld
    to bid and to name trump by, the card pass, the burial). Each returns typed parts, at most one of a
    class, which the view's :class:`~pinochle.parts.Parts` holds by class (no field names)."""
    returned: set[type] = set()
    for before, _, _ in steps(game, seed, hands=1):
        for ph in before.game.phases:
            public = {type(p) for p in ph.public(before)}
            assert public <= PUBLIC_PARTS and len(public) == len(ph.public(before)), (ph.name, public)
            returned |= public
            for s in before.game.seating.seats:
                seen = {type(p) for p in ph.view(before, s)}
                assert seen <= SEAT_PARTS and len(seen) == len(ph.view(before, s)), (ph.name, s)
    assert Contract in returned and (AuctionSeen in returned) == ("auction" in {p.name for p in GAMES[game].phases})


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_chairs_are_a_part_that_the_seat_order_fills(players: int) -> None:
    """At a table of 4 or 5 (VARIANTS.md ``auction``) the views, the finished hands and the hands thrown
    in hold who sat where as one part each (``chairs``: :class:`~pinochle.parts.ChairsSeen`,
    :class:`~pinochle.parts.HandChairs`), filled by the match's seat order; at a table of 3 they are
    empty, and no JSON of a view or a hand summary has the chairs' keys."""
    from pinochle.chairs import view_for_chair
    from pinochle.game import view
    from pinochle.cards import Seat
    from pinochle.parts import NO_CHAIRS_SEEN, NO_HAND_CHAIRS, ChairsSeen

    rng = random.Random(players)
    state = new_match(seed=11, game="auction", players=players)
    while len(state.history) < 2 or not state.thrown:
        if turn(state) is None:
            break
        state = apply(state, _action(state, rng))
        views = [view_for_chair(state, c) for c in range(players)] if players > 3 else [
            view(state, s) for s in state.game.seating.seats]
        # the seat order returns the standing (totals, winner) and its typed parts, no field names
        standing = state.order.public(state)
        assert (standing.totals, standing.winner) == (views[0].totals, views[0].winner)
        assert [type(p) for p in state.order.view(state, Seat.E, None)] == ([ChairsSeen] if players > 3 else [])
        for chair, v in enumerate(views):
            if players == 3:
                assert v.chairs == NO_CHAIRS_SEEN and "lineup" not in v.to_json()
                continue
            assert v.chairs.lineup == state.lineup and v.chair == chair and v.chair_totals == state.totals
            assert v.sits_out == (chair not in [state.lineup[s] for s in state.game.seating.seats])
    hands = [*state.history, *state.thrown]
    assert state.history and state.thrown
    for h in hands:
        chairs = h.parts.get(HandChairs)
        if players == 3:
            assert chairs == NO_HAND_CHAIRS
        else:
            assert chairs.players == players and len(chairs.lineup) == 4
    for r in state.history:
        assert ("chair_totals" in r.summary()) == (players > 3)
        if players > 3:
            assert len(r.parts.get(HandChairs).totals) == players
