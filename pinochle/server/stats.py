"""The server's statistics: kept as hands and matches finish, answered to ``{"type": "stats"}`` (docs/protocol.md).

At every hand's end the table that stored the hand's last move keeps one line per person at the
table (:func:`pinochle.stats.hand_line`), and at the match's end one more (:func:`pinochle.stats.match_line`),
keyed in storage by the person's seat token (the device itself in a solo match) and the hand, so
that a hand kept again (a write retried, a replica catching up, a restart) is counted once. A device
gathers its own lines and those of every seat token it has held (rooms, Quick Match:
:meth:`~.storage.Storage.hold_token`), and :func:`pinochle.stats.summarize` makes the figures.

A statistics write that storage refuses is logged and the move stands: the statistics never hold
up play (that hand is then missing from them).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

from ..game import State
from ..stats import (GameStats, HandLine, MatchLine, Par, hand_line, match_line, par_per_decision, review_losses,
                     stats_json, summarize)
from .storage import SeatRecord, Storage, StorageFault

log = logging.getLogger("pinochle.server")


def finished_lines(state: State, match_id: str, seats: Sequence[SeatRecord], places: Sequence[int],
                   chaired: bool) -> list[tuple[str, HandLine, MatchLine | None]]:
    """The lines to keep for the hand just finished in ``state`` (and the match, at ``match_end``): one per person.

    Args:
        state: the state right after the hand was scored.
        match_id: the match's id.
        seats: who holds each place (a computer's token is ``None``: it has no statistics).
        places: the places in play (seats, or chairs at a table of 4 or 5).
        chaired: the places are chairs.

    Returns:
        ``(holder, hand line, match line or None)`` per person, in the order of ``places``.
    """
    out: list[tuple[str, HandLine, MatchLine | None]] = []
    for place in places:
        token = seats[place].token
        if token is None:
            continue
        ended = match_line(state, match_id, place, chaired) if state.phase == "match_end" else None
        out.append((token, hand_line(state, match_id, place, chaired), ended))
    return out


def keep_lines(storage: Storage, match_id: str, lines: Sequence[tuple[str, HandLine, MatchLine | None]]) -> None:
    """Write the lines (:func:`finished_lines`); each is kept once whatever writes it again.

    Raises:
        StorageFault: the store cannot write now (what was written before stays: each line is whole).
    """
    for holder, hand, ended in lines:
        storage.record_hand(holder, match_id, hand.hand, hand.to_json())
        if ended is not None:
            storage.record_match(holder, match_id, ended.to_json())


async def keep_finished(storage: Storage, state: State, match_id: str, seats: Sequence[SeatRecord],
                        places: Sequence[int], chaired: bool) -> None:
    """Keep the statistics of the hand (and match) just finished in ``state``, off the event loop; a refusal
    of storage is logged, never raised (the move is stored already)."""
    lines = finished_lines(state, match_id, seats, places, chaired)
    if not lines:
        return
    try:
        await asyncio.to_thread(keep_lines, storage, match_id, lines)
    except StorageFault as err:
        log.warning("match %s: the statistics of hand %d were not kept (%s)", match_id, state.hand_no + 1, err)


def device_stats(storage: Storage, device: str, losses: dict[str, Sequence[float]] | None = None,
                 par: Par = par_per_decision) -> dict[str, GameStats]:
    """The statistics of ``device``: every line it holds, summarized (:func:`pinochle.stats.summarize`), with
    ``par_per_decision`` from the decision reviews kept of its hands (:func:`review_losses_of`).

    Args:
        storage: the store.
        device: the device token.
        losses: per game, the ``loss`` of each of the device's decisions a review has assessed (``None``:
            read from the reviews kept, :func:`review_losses_of`).
        par: turns them into ``par_per_decision`` (:func:`pinochle.stats.par_per_decision`: their mean).

    Raises:
        StorageFault: the store cannot be read now.
    """
    hands, matches = storage.stats_lines(device)
    lines = [HandLine.from_json(h) for h in hands]
    if losses is None:
        losses = review_losses_of(storage, lines)
    return summarize(lines, (MatchLine.from_json(m, bool(m.get("assisted"))) for m in matches), losses, par)


def review_losses_of(storage: Storage, lines: Sequence[HandLine]) -> dict[str, Sequence[float]]:
    """Per game, the ``loss`` of every measured decision in the reviews kept of the hands of ``lines``
    (a review is kept for the match, the hand and the place it was asked from: :func:`pinochle.server.aids.review`);
    a hand counted once however many lines name it, a hand without a review adding nothing.

    Raises:
        StorageFault: the store cannot be read now.
    """
    keys: dict[tuple[str, int, int], str] = {}
    for h in lines:
        if h.place is not None and h.played:
            keys.setdefault((h.match, h.hand, h.place), h.game)
    order = sorted(keys)
    out: dict[str, list[float]] = {}
    for key, review in zip(order, storage.load_reviews(order)):
        if review is not None:
            out.setdefault(keys[key], []).extend(review_losses(review))
    return {game: found for game, found in out.items()}


def stats_message(storage: Storage, device: str) -> dict[str, object]:
    """The ``stats`` message for ``device`` (docs/protocol.md, "Statistics").

    Raises:
        StorageFault: the store cannot be read now.
    """
    return stats_json(device_stats(storage, device))
