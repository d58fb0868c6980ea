"""The design: a game is a definition, never an ``if game == ...`` in shared code (docs/design.md, "Principles")."""

from __future__ import annotations

import re
from pathlib import Path

from pinochle.bots import STRATEGIES
from pinochle.bots.base import TablePlayer, strategy_of
from pinochle.game import PhaseDef, new_match, view
from pinochle.games import GAMES
from pinochle.records import FORMATS

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


def _subclasses(cls: type) -> set[type]:
    out = set(cls.__subclasses__())
    for sub in list(out):
        out |= _subclasses(sub)
    return out


def test_shared_code_never_sniffs_a_phase_or_a_player_by_its_class() -> None:
    """A game's extras are values of the game (docs/design.md, "Principles"): nothing asks a phase's class
    (``isinstance(game.phases[0], TurnUp)``) or a player's class (``isinstance(player, HardPlayer)``)
    to find a game's record format, its strategy or a player's level."""
    import pinochle.bots  # noqa: F401: every player class defined

    names = {type(ph).__name__ for g in GAMES.values() for ph in g.phases} | {c.__name__ for c in _subclasses(PhaseDef)}
    names |= {"PhaseDef", "TablePlayer"} | {c.__name__ for c in _subclasses(TablePlayer)}
    sniff = re.compile(r"isinstance\(\s*[^,]+,\s*\(?([\w., ]+)\)?\)")
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for m in sniff.finditer(line):
                if {c.strip().rpartition(".")[2] for c in m.group(1).split(",")} & names:
                    offenders.append(f"{path.relative_to(PACKAGE)}:{n}: {line.strip()}")
    assert offenders == []


def test_the_players_never_find_a_game_family_by_a_views_fields() -> None:
    """The players find two-handed's strategy from the game (``Game.strategy``), not from ``view.stock``
    being set; only the stock family's own module reads the stock."""
    stock = re.compile(r"\.stock\s+is\s+(not\s+)?None|if\s+[\w.]*view\.stock\b")
    offenders = []
    for path in (PACKAGE / "bots").glob("*.py"):
        if path.name == "stock.py":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if stock.search(line):
                offenders.append(f"bots/{path.name}:{n}: {line.strip()}")
    for path in (PACKAGE / "records.py", PACKAGE / "record_parts.py"):
        text = path.read_text(encoding="utf-8")
        assert "TurnUp" not in text and "_has_stock" not in text, path.name
    assert offenders == []


def test_the_terminal_asks_the_game_whether_its_table_has_a_stock() -> None:
    """The terminal tells two-handed's table (the stock, the melds on the table) from the game's record
    format, never from a view's or a state's ``stock`` being set or empty, nor from the game's moves
    (``"draw" in game.action_types``); it reads the stock part only to show it."""
    sniff = re.compile(r"\.stock\s+is\s+(not\s+)?None|\.stock\.seats|NO_STOCK_SEEN|if\s+(not\s+)?[\w.]*\.stock\s*:"
                       r"|\bspa?\s+is\s+None|[\"']draw[\"']\s+in\s+[\w.]*action_types")
    path = PACKAGE / "terminal.py"
    offenders = [f"terminal.py:{n}: {line.strip()}"
                 for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1) if sniff.search(line)]
    assert offenders == []


def test_the_scorers_find_the_declarers_side_from_the_games_seating() -> None:
    """The scorers ask the game's seating for the declarer's side (``Seating.side_of``), never assume
    partnerships by a seat's number (``declarer % 2``)."""
    text = (PACKAGE / "games" / "scorers.py").read_text(encoding="utf-8")
    assert re.findall(r"declarer\s*(%\s*2|&\s*1)", text) == []


def test_every_game_names_its_record_format_and_its_players_strategy_family() -> None:
    for g in GAMES.values():
        assert g.records in FORMATS, g.name
        assert g.strategy in STRATEGIES, g.name
    assert {g.name for g in GAMES.values() if g.records == "stock"} == {"two-handed"}
    assert {g.name for g in GAMES.values() if g.strategy == "stock"} == {"two-handed"}


def test_the_players_find_their_strategy_and_resampler_from_the_game() -> None:
    import random

    for g in GAMES.values():
        if not g.at_table:
            continue
        v = view(new_match(seed=4, game=g), g.seating.seats[0])
        strategy = strategy_of(v)
        assert strategy is STRATEGIES[g.strategy], g.name
        # one interface for every family: what the seat knows, then a deal of the hidden cards
        info = strategy.resampler.infostate(v) if g.strategy != "stock" or v.trump is not None else None
        if info is not None:
            assert strategy.resampler.resample(info, random.Random(1)) is not None, g.name


def test_descriptions_use_a_players_words() -> None:
    """Home shows each game's description: it says "set" (the guide's word, never "bete"), and the
    auction's says the dealer sits out only at a table of 4 or 5 (VARIANTS.md ``auction``: at 3
    every player plays; the eleventh review read "a table of 3, 4 or 5: the dealer sits out")."""
    from pinochle.games import GAMES

    for game in GAMES.values():
        assert "bete" not in game.description.lower(), game.name
    assert "at 4 or 5 the dealer sits out" in GAMES["auction"].description
