"""Every game's rules page lists its house-rule switches and its sources (docs/games/*.md).

A page has a ``## Switches`` section holding one table, ``| switch | values |
what it changes |``, a row per switch: the switch's name in backquotes, then
its values in backquotes, the game's own setting first. The names are
exactly the switches the game takes (:attr:`pinochle.game.Game.switches`);
the first value is the game's own setting written as records write a switch
(:func:`pinochle.record_parts.switches_text`: ``str(value).lower()``) and read back by
:func:`pinochle.games.with_switches` as that setting; and a switch with a
fixed list of values (:data:`pinochle.games.SWITCHES`) lists exactly the
values the game accepts (``opening=dealer-290-320`` is refused in the ones
scale, so cutthroat does not list it). A ``## Sources`` section lists the
seeds and public sources the page relies on.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pinochle.game import Game
from pinochle.games import GAMES, SWITCHES, with_switches
from pinochle.rules import BidLadder

from .test_games_doc import PAGES, page_game

HEADING = re.compile(r"^## (.+?)\s*$")
CODE = re.compile(r"`([^`]+)`")


def section(text: str, title: str) -> str | None:
    """The lines under the heading ``## title`` up to the next ``## `` heading, or ``None``."""
    out: list[str] | None = None
    for line in text.splitlines():
        m = HEADING.match(line)
        if m:
            if out is not None:
                break
            if m.group(1) == title:
                out = []
            continue
        if out is not None:
            out.append(line)
    return None if out is None else "\n".join(out)


def switch_rows(body: str) -> list[tuple[str, list[str]]]:
    """The rows of the first table in ``body``: each switch's name and the values of its second column."""
    rows: list[tuple[str, list[str]]] = []
    table = False
    for line in body.splitlines():
        if not line.startswith("|"):
            if table:
                break
            continue
        table = True
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
        if len(cells) != 3:
            raise AssertionError(f"a Switches row has three cells (switch | values | what it changes): {line!r}")
        if cells[0] == "switch" or set(cells[0]) <= set("-: "):
            continue  # the header and the line under it
        name = CODE.fullmatch(cells[0])
        assert name, f"a switch is written in backquotes: {cells[0]!r}"
        rows.append((name.group(1), CODE.findall(cells[1])))
    return rows


def own_setting(game: Game, key: str) -> str:
    """The game's own setting of switch ``key`` as text, as records write it (:func:`pinochle.record_parts.switches_text`)."""
    return str(getattr(game.rules, key)).lower()


def accepted(game: Game, key: str, value: str) -> bool:
    """Whether the game takes ``key=value`` (``head_ruffed`` together with ``must_beat=always``, its rule)."""
    tries = [{key: value}] + ([{key: value, "must_beat": "always"}] if key == "head_ruffed" else [])
    for switches in tries:
        try:
            with_switches(game.rules, switches)
        except ValueError:
            continue
        return True
    return False


GAME_PAGES = [(p, page_game(p.read_text(encoding="utf-8"))) for p in PAGES]


@pytest.mark.parametrize("path,name", GAME_PAGES, ids=[p.name for p in PAGES])
def test_page_lists_exactly_the_games_switches_its_own_setting_first(path: Path, name: str | None) -> None:
    assert name in GAMES, f"{path.name} names no game"
    game = GAMES[name]
    body = section(path.read_text(encoding="utf-8"), "Switches")
    assert body is not None, f"{path.name} has no '## Switches' section"
    rows = switch_rows(body)
    names = [n for n, _ in rows]
    assert sorted(names) == sorted(game.switches), (
        f"{path.name} lists {sorted(names)}; the {name} game takes {sorted(game.switches)}")
    for key, values in rows:
        assert values, f"{path.name}: no values for {key}"
        own = own_setting(game, key)
        assert values[0] == own, f"{path.name}: {key} lists {values[0]!r} first; the game's own setting is {own!r}"
        # the text reads back as the game's own setting
        assert getattr(with_switches(game.rules, {key: values[0]}), key) == getattr(game.rules, key)
        allowed = SWITCHES[key]
        if allowed == (int,) or isinstance(allowed[0], BidLadder):
            continue  # any bid, any ladder: only the game's own is checked
        takes = [str(v).lower() for v in allowed if accepted(game, key, str(v).lower())]
        assert sorted(values) == sorted(takes), (
            f"{path.name}: {key} lists {values}; the {name} game takes {takes}")


@pytest.mark.parametrize("path", PAGES, ids=[p.name for p in PAGES])
def test_page_has_a_sources_section(path: Path) -> None:
    body = section(path.read_text(encoding="utf-8"), "Sources")
    assert body is not None, f"{path.name} has no '## Sources' section"
    assert "seed" in body.lower(), f"{path.name}: the Sources section names no seed"


def test_the_table_parser_reads_a_row() -> None:
    body = "intro\n\n| switch | values | what it changes |\n|---|---|---|\n| `min_bid` | `50`, or any bid | x |\n\nafter\n"
    assert switch_rows(body) == [("min_bid", ["50"])]
    assert section("## A\nx\n## Switches\ny\n## B\nz", "Switches") == "y"
