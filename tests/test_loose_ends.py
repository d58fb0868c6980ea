"""What the view says so that the browser explains without knowing a rule:

- why a card may not be buried (``legal.bury.why_not``: VARIANTS.md ``cutthroat``, the declarer buries
  "3 cards not used in meld"), said only when some card of the hand may not be;
- what the dix scores (``legal.dix_points``: VARIANTS.md ``two-handed``, seed 000, 10 in tens), the same
  number the move then adds to the meld; nothing for ``turned-trump``'s exchange, which scores nothing itself;
- how long Quick Match searches (``GET /games``: ``quick_match.search_seconds``, the server's
  ``--search-seconds``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pinochle.cards import Card, Seat
from pinochle.errors import IllegalAction
from pinochle.game import Action, apply, legal, view
from pinochle.server.app import create_app

from .test_cutthroat import E, after_meld, meld_of_16
from .test_two_handed import deal, play

N, S = Seat.N, Seat.S
WHY = "it is in your meld, and only cards not used in meld may be buried"


@pytest.mark.parametrize("game", ["cutthroat", "auction"])
def test_the_bury_says_why_a_card_of_the_meld_stays(game: str) -> None:
    s = after_meld(35 if game == "cutthroat" else 350, game)
    assert s.phase == "bury"
    lg = legal(s, E)
    assert lg.bury_why_not == WHY
    got: Any = view(s, E).to_json()["legal"]
    assert got["bury"]["why_not"] == WHY
    m = s.melds[E]
    assert m is not None
    kept = next(c for c in m.shown() if c not in lg.bury_from)
    free = [c for c in lg.bury_from if c != kept][:2]
    # the engine's refusal says the same reason of the same card
    with pytest.raises(IllegalAction, match=f"the {Card(kept).label} is in your meld: bury cards not used in meld"):
        apply(s, Action.bury_(E, [kept, *free]))
    assert legal(s, Seat.S).to_json() == {}  # the others hear nothing of the bury


def test_no_reason_when_every_card_may_be_buried() -> None:
    s = meld_of_16()
    lg = legal(s, S)
    assert len(lg.bury_from) == 18 and lg.bury_why_not == ""
    assert "why_not" not in lg.to_json()["bury"]  # type: ignore[operator]


def test_the_dix_says_its_points_and_scores_them() -> None:
    s = deal("9C TC", "9C AH 9H", "AC")  # clubs trump; S leads and wins: S holds a dix
    s = play(play(s, S, "AH"), N, "TD")
    got: Any = view(s, S).to_json()["legal"]
    assert got["dix"] is True and got["dix_points"] == 10
    old = s.melds[S]
    before = 0 if old is None else old.total
    s = apply(s, Action("dix", S))
    new = s.melds[S]
    assert new is not None and new.total - before == got["dix_points"]


def test_the_turned_trump_exchange_scores_nothing_itself() -> None:
    from .test_dix_exchange import deal as deal_turned

    s = deal_turned("AS", N, {Seat.E: 1, Seat.W: 1})  # N turns the A♠; E holds a nine of trump
    assert s.phase == "dix_exchange" and legal(s, Seat.E).to_json() == {"pass": True, "dix": True}


@pytest.mark.parametrize("seconds", [20.0, 7.5])
def test_games_says_how_long_quick_match_searches(tmp_path: Path, seconds: float) -> None:
    with TestClient(create_app(tmp_path / "t.db", bot_delay=0, search_seconds=seconds)) as client:
        got = client.get("/games").json()
    assert got["quick_match"] == {"search_seconds": seconds}
    assert [g["name"] for g in got["games"]][0] == "table"

