"""No import circles in pinochle/, and the layers import downwards only (docs/design.md, "Modules").

The graph is read from the source with :mod:`ast`, so every import counts: at a module's top,
inside a function, under ``if TYPE_CHECKING:``, relative (``from . import x``, ``from ..game
import State``) or absolute (``import pinochle.game``). Importing ``pinochle.games.phases`` runs
``pinochle/games/__init__.py`` first, so it is an edge to both (but not to a package the importer
is itself inside: that one is already being imported).
"""

from __future__ import annotations

import ast
from collections import deque
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "pinochle"

#: The engine: the rules and the games, below every driver (the computer players, the server).
ENGINE = ("pinochle.cards", "pinochle.errors", "pinochle.rules", "pinochle.game", "pinochle.meld", "pinochle.auction",
          "pinochle.tricks", "pinochle.scoring", "pinochle.records", "pinochle.stock", "pinochle.stock_records",
          "pinochle.record_parts", "pinochle.parts", "pinochle.sim", "pinochle.games", "pinochle.chairs")


def modules() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its ``__init__.py``)."""
    out: dict[str, Path] = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _is_package(name: str, mods: dict[str, Path]) -> bool:
    return mods[name].name == "__init__.py"


def _ancestors(name: str) -> Iterator[str]:
    parts = name.split(".")
    for i in range(1, len(parts)):
        yield ".".join(parts[:i])


def imports_of(name: str, mods: dict[str, Path]) -> set[str]:
    """The modules of the package that module ``name`` imports anywhere in its source."""
    tree = ast.parse(mods[name].read_text(encoding="utf-8"), filename=str(mods[name]))
    here = name if _is_package(name, mods) else name.rpartition(".")[0]
    mine = set(_ancestors(name))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = here.split(".")
                base_parts = base_parts[:len(base_parts) - (node.level - 1)]
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            submodules = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in mods]
            found.update(submodules)  # ``from . import auction``: the module pinochle.auction
            if base not in mine or len(submodules) < len(node.names):
                found.add(base)  # a name from the module (or from a package the importer is inside)
    out: set[str] = set()
    for target in found:
        if target not in mods:
            continue  # outside the package, or a name (not a module) from ``from x import name``
        out.add(target)
        out.update(a for a in _ancestors(target) if a in mods and a not in mine)
    out.discard(name)
    return out


def graph() -> dict[str, set[str]]:
    """The package's import graph: each module to the package modules it imports."""
    mods = modules()
    return {name: imports_of(name, mods) for name in sorted(mods)}


def _components(g: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of ``g`` with more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def _cycle(g: dict[str, set[str]], comp: list[str]) -> list[str]:
    """A shortest circle through the first module of ``comp``, as the modules in import order."""
    start = comp[0]
    inside = set(comp)
    came: dict[str, str] = {}
    todo = deque([start])
    while todo:
        v = todo.popleft()
        for w in sorted(g[v] & inside):
            if w == start:
                path = [v]
                while path[-1] != start:
                    path.append(came[path[-1]])
                return [*reversed(path), start]
            if w not in came:
                came[w] = v
                todo.append(w)
    raise AssertionError(f"no circle through {start}")  # pragma: no cover: a component has one


def circles(g: dict[str, set[str]]) -> list[str]:
    """Each import circle of ``g`` as ``"a -> b -> a"``, one per tangle of modules (with the tangle's
    other modules when it has more)."""
    out = []
    for comp in _components(g):
        cycle = _cycle(g, comp)
        rest = sorted(set(comp) - set(cycle))
        out.append(" -> ".join(cycle) + (f" (tangled with {', '.join(rest)})" if rest else ""))
    return out


def _within(name: str, layer: str) -> bool:
    return name == layer or name.startswith(layer + ".")


def test_the_reader_sees_every_kind_of_import() -> None:
    mods = modules()
    # relative imports of the package's own modules are read, and ``from . import x`` of a module
    assert "pinochle.game" in imports_of("pinochle.games.phases", mods)
    assert "pinochle.bots.base" in imports_of("pinochle.bots.simple", mods)
    assert "pinochle.games.scorers" in imports_of("pinochle.games", mods)
    # ``from . import name`` of a name (not a module) is an import of the package itself
    assert "pinochle.bots" in imports_of("pinochle.bots.raises", mods)
    # a small graph with a circle is named, and one without is not
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a -> b -> c -> a"]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_an_import_inside_a_function_or_for_types_only_counts(tmp_path: Path) -> None:
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "a.py").write_text("def f():\n    from .b import g\n    return g\n")
    (tmp_path / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\n"
                                   "def g():\n    return 1\n")
    mods = {"p": tmp_path / "__init__.py", "p.a": tmp_path / "a.py", "p.b": tmp_path / "b.py"}
    g = {name: imports_of(name, mods) for name in mods}
    assert g == {"p": set(), "p.a": {"p.b"}, "p.b": {"p.a"}}
    assert circles(g) == ["p.a -> p.b -> p.a"]


def test_no_import_circle_in_the_package() -> None:
    found = circles(graph())
    assert not found, "import circles in pinochle/ (counting imports inside functions):\n  " + "\n  ".join(found)


def test_the_core_never_imports_the_games() -> None:
    g = graph()
    assert not [m for m in g["pinochle.game"] if _within(m, "pinochle.games")], \
        f"pinochle/game.py (the core) imports {sorted(g['pinochle.game'])}: the games import the core, never the reverse"


def test_the_core_never_imports_the_chairs() -> None:
    """The chairs (VARIANTS.md ``auction`` at 4 or 5) are a seat order the auction game gives the core
    (``Game.seat_order``): pinochle/game.py reaches pinochle/chairs.py through no chain of imports."""
    g = graph()
    seen: set[str] = set()
    todo = ["pinochle.game"]
    while todo:
        for m in g[todo.pop()] - seen:
            seen.add(m)
            todo.append(m)
    assert "pinochle.game" in g["pinochle.chairs"]  # the chairs build on the core
    assert "pinochle.chairs" not in seen, "pinochle/game.py (the core) reaches pinochle/chairs.py through its imports"


def test_the_engine_never_imports_the_players_or_the_server() -> None:
    g = graph()
    bad = [f"{m} imports {t}" for m in g if any(_within(m, e) for e in ENGINE)
           for t in sorted(g[m]) if _within(t, "pinochle.bots") or _within(t, "pinochle.server")]
    assert not bad, "the engine imports a driver:\n  " + "\n  ".join(bad)
