"""The design: a game is a definition, never an ``if game == ...`` in shared code (docs/design.md, "Principles")."""

from __future__ import annotations

import re
from pathlib import Path

from pinochle.game import PhaseDef
from pinochle.games import GAMES

PACKAGE = Path(__file__).resolve().parent.parent / "pinochle"


def test_shared_code_never_compares_a_game_name() -> None:
    names = "|".join(re.escape(n) for n in GAMES)
    # a game (or its name) compared with a game's name; phases may share a name ("auction") and are fine
    pattern = re.compile(rf"""game[\w.]*\s*(==|!=|\bin\b)\s*\(?\s*["'](?:{names})["']|["'](?:{names})["']\s*(==|!=)\s*[\w.]*game""")
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        if path.parent.name == "games":
            continue  # the definitions themselves
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if pattern.search(line):
                offenders.append(f"{path.relative_to(PACKAGE)}:{n}: {line.strip()}")
    assert offenders == []


def test_every_playable_game_declares_its_phases_once_and_ends_in_hand_end_and_match_end() -> None:
    for g in GAMES.values():
        if not g.playable:
            assert g.phases == ()
            continue
        names = [ph.name for ph in g.phases]
        assert len(names) == len(set(names)), g.name
        assert names[-2:] == ["hand_end", "match_end"], g.name
        assert all(isinstance(ph, PhaseDef) for ph in g.phases)
        assert g.score is not None and g.rules.name == g.name
        # every action a phase accepts is one the engine knows, and each phase says what it is doing
        assert all(ph.text for ph in g.phases), g.name
