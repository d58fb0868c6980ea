"""The decision reviews kept in storage (docs/protocol.md, ``review``: computed once and kept), both backends."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from pinochle.server.storage import SQLiteStorage, Storage

from .redis_support import redis_server, redis_target  # noqa: F401
from .test_redis_storage import OLD_SCHEMA, SEATS, store  # noqa: F401

pytestmark = pytest.mark.timeout(120)

REVIEW = {"type": "review", "match": "m", "hand": 1,
          "decisions": [{"index": 3, "seat": "S", "phase": "play", "action": {"type": "play", "card": "KD"},
                         "best": {"type": "play", "card": "TD"}, "loss": 27.5, "reason": "Play the 10♦: …"}]}


def test_a_review_is_kept_by_match_hand_and_place(store: Storage) -> None:  # noqa: F811
    store.create_match("m", "dev", "easy", 7, 0, "solo", SEATS)
    assert store.load_review("m", 1, 2) is None
    store.save_review("m", 1, 2, REVIEW)
    assert store.load_review("m", 1, 2) == REVIEW
    assert store.load_review("m", 1, 0) is None and store.load_review("m", 2, 2) is None
    assert store.load_review("other", 1, 2) is None
    again = {**REVIEW, "decisions": []}
    store.save_review("m", 1, 2, again)  # a second save replaces the first
    assert store.load_review("m", 1, 2) == again


def test_an_sqlite_file_from_before_the_reviews_opens_and_keeps_them(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    db.executescript(OLD_SCHEMA)
    db.commit()
    db.close()
    s = SQLiteStorage(path)
    try:
        s.create_match("m", "dev", "easy", 7, 0, "solo", SEATS)
        s.save_review("m", 1, 2, REVIEW)
    finally:
        s.close()
    s = SQLiteStorage(path)
    try:
        assert s.load_review("m", 1, 2) == REVIEW
    finally:
        s.close()
