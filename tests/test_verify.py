"""A verifiable shuffle (docs/records.md, "A verifiable shuffle"; pinochle/verify.py).

A match record carrying its seed, salt and commitment verifies in every game and at every table size;
a changed salt, a changed seed (even with a commitment made to match it) or a changed deal never does.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle.cli import main
from pinochle.errors import BadRecord
from pinochle.game import apply, auto_action, legal_actions, new_match
from pinochle.records import match_record
from pinochle.verify import commitment, new_salt, verify

#: every game at every table size it takes
TABLES = [("table", None), ("partnership-pass", None), ("racehorse", None), ("turned-trump", None),
          ("britannica", None), ("double-deck", None), ("cutthroat", None), ("auction", 3), ("auction", 4),
          ("auction", 5), ("two-handed", None)]


def sealed_record(game: str, players: int | None, seed: int, hands: int = 2, salt: str | None = None) -> dict[str, Any]:
    """The record of the first ``hands`` hands of a match seeded ``seed``, played at random, with its seal."""
    rng = random.Random(seed)
    state = new_match(seed=seed, game=game, players=players)
    while len(state.history) + len(state.thrown) < hands and state.phase != "match_end":
        action = auto_action(state) or rng.choice(legal_actions(state))
        state = apply(state, action)
    salt = new_salt() if salt is None else salt
    return {**match_record(state), "commitment": commitment(seed, salt), "seed": seed, "salt": salt}


@pytest.mark.parametrize("game,players", TABLES)
def test_a_sealed_match_verifies_in_every_game(game: str, players: int | None) -> None:
    record = sealed_record(game, players, seed=20261202)
    assert len(record["hands"]) >= 2
    assert verify(record) == {"verified": True, "hands": len(record["hands"])}


def test_the_commitment_is_sha256_of_seed_colon_salt() -> None:
    salt = "0123456789abcdef0123456789abcdef"
    assert commitment(42, salt) == hashlib.sha256(b"42:0123456789abcdef0123456789abcdef").hexdigest()
    assert len(new_salt()) == 32 and new_salt() != new_salt()


def test_a_changed_salt_fails_on_the_commitment() -> None:
    record = sealed_record("table", None, seed=5)
    record["salt"] = ("1" if record["salt"][0] != "1" else "2") + record["salt"][1:]
    out = verify(record)
    assert out["verified"] is False and out["differs"] == "commitment"
    assert f'SHA-256 of "5:{record["salt"]}"' in out["reason"]


def test_a_changed_seed_with_a_commitment_made_for_it_fails_on_the_first_deal() -> None:
    record = sealed_record("racehorse", None, seed=5)
    record["seed"] = 6
    record["commitment"] = commitment(6, record["salt"])
    out = verify(record)
    assert out == {"verified": False, "differs": "hands", "hand": 1, "reason": out["reason"]}
    assert out["reason"].startswith("hand 1: the seed deals ") and "but in the record N holds" in out["reason"]


def test_a_thrown_in_hand_with_a_changed_deal_fails_on_that_hand() -> None:
    # racehorse seed 3: find a record whose hand is thrown in (no play: a changed deal still replays)
    for seed in range(200):
        record = sealed_record("racehorse", None, seed=seed, hands=1)
        if record["hands"][0].get("thrown_in"):
            break
    else:  # pragma: no cover
        pytest.fail("no thrown-in hand in 200 seeds")
    hand = record["hands"][0]["hands"]
    j = next(j for j, card in enumerate(hand["E"]) if card != hand["N"][0])
    hand["N"][0], hand["E"][j] = hand["E"][j], hand["N"][0]
    out = verify(record)
    assert out["verified"] is False and out["differs"] == "hands" and out["hand"] == 1, out


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TABLES), st.integers(0, 2**63 - 1), st.data())
def test_any_card_moved_between_seats_never_verifies(table: tuple[str, int | None], seed: int, data: st.DataObject) -> None:
    game, players = table
    record = sealed_record(game, players, seed=seed, hands=1)
    assert verify(record)["verified"] is True
    hands = record["hands"][0]["hands"]
    a, b = data.draw(st.permutations(sorted(hands)))[:2]
    i = data.draw(st.integers(0, len(hands[a]) - 1))
    j = data.draw(st.integers(0, len(hands[b]) - 1))
    if hands[a][i] == hands[b][j]:
        return  # the same card: the deal is unchanged
    hands[a][i], hands[b][j] = hands[b][j], hands[a][i]
    try:
        out = verify(record)
    except BadRecord:
        return  # the play no longer fits the deal: the record does not even replay
    assert out["verified"] is False and out["hand"] == 1, out


def test_a_record_without_its_seal_is_refused_by_name() -> None:
    record = sealed_record("table", None, seed=1, hands=1)
    for field in ("seed", "salt", "commitment"):
        broken = copy.deepcopy(record)
        del broken[field]
        with pytest.raises(BadRecord) as err:
            verify(broken)
        assert err.value.field == field
    with pytest.raises(BadRecord) as err:
        verify(record["hands"][0])
    assert err.value.field == "format"


def test_pinochle_verify_answers_one_json_line(tmp_path: Any) -> None:
    import io

    record = sealed_record("cutthroat", None, seed=77)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record))
    out = io.StringIO()
    assert main(["verify", str(path)], stdout=out) == 0
    assert json.loads(out.getvalue()) == {"verified": True, "hands": len(record["hands"])}
    record["seed"] = 78
    path.write_text(json.dumps(record))
    out = io.StringIO()
    assert main(["verify", str(path)], stdout=out) == 1
    assert json.loads(out.getvalue())["differs"] == "commitment"


def test_a_server_match_shows_its_commitment_then_its_seed_and_salt_and_verifies(tmp_path: Any) -> None:
    """docs/protocol.md: the match summary carries the commitment from the first state, and the seed and
    the salt once the match has ended; with them the match's record verifies."""
    from starlette.testclient import TestClient

    from pinochle.server.app import create_app
    from pinochle.server.storage import SQLiteStorage
    from pinochle.server.table import rebuild

    from .test_server import hello

    db = tmp_path / "seal.db"
    with TestClient(create_app(db, bot_delay=0)) as client, client.websocket_connect("/ws") as ws:
        device = hello(ws)["device"]
        ws.send_json({"type": "new_match", "level": "easy", "game": "cutthroat"})
        first = ws.receive_json()
        while first["type"] != "state":
            first = ws.receive_json()
        summary = first["match"]
        assert len(summary["commitment"]) == 64 and "seed" not in summary and "salt" not in summary
        # the record a player downloads mid-match carries the seal, never the seed or the salt
        ws.send_json({"type": "history", "match": summary["id"]})
        early = next(m for m in iter(ws.receive_json, None) if m["type"] == "history")
        assert early["commitment"] == summary["commitment"] and "seed" not in early and "salt" not in early
    store = SQLiteStorage(db)  # the server has stopped
    match_id = summary["id"]
    stored = store.load(match_id)
    assert stored is not None and summary["commitment"] == commitment(stored.seed, stored.salt)
    state, rng = rebuild(stored), random.Random(1)
    while state.phase != "match_end":  # the rest of the match, stored as a process would
        action = auto_action(state) or rng.choice(legal_actions(state))
        new = apply(state, action)
        store.append_action(match_id, state.version, action.to_json(), new.phase == "match_end")
        state = new
    with TestClient(create_app(db, bot_delay=0)) as client, client.websocket_connect("/ws") as ws:
        ended = hello(ws, device)["match"]
        # the record a player downloads after the end (the history without type, match and replays, as
        # Replay's "Download record" writes it) verifies as it is
        ws.send_json({"type": "history", "match": match_id})
        history = next(m for m in iter(ws.receive_json, None) if m["type"] == "history")
    assert ended["phase"] == "match_end" and ended["commitment"] == summary["commitment"]
    downloaded = {k: v for k, v in history.items() if k not in ("type", "match", "replays")}
    assert (downloaded["seed"], downloaded["salt"]) == (str(stored.seed), stored.salt)
    assert verify(json.loads(json.dumps(downloaded))) == {"verified": True, "hands": len(downloaded["hands"])}
    assert (ended["seed"], ended["salt"]) == (str(stored.seed), stored.salt)  # the seed as text: 63 bits
    finished = store.load(match_id)
    assert finished is not None and finished.finished
    record = {**match_record(rebuild(finished)), "commitment": ended["commitment"], "seed": ended["seed"],
              "salt": ended["salt"]}
    assert verify(record) == {"verified": True, "hands": len(record["hands"])}
