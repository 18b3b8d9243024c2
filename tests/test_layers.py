"""The layer rule: core/, engine/ and cli.py never import Qt (DESIGN.md, "Layers").

Checked twice: statically over every import statement (those inside functions too), and
by importing the modules in a fresh interpreter and looking at what got loaded. The one
way across is cli.py importing gamesearch_gui.app inside a function, when the window is
asked for.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterable
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "gamesearch_gui"

#: Top-level modules of every Qt binding and its helpers.
QT_MODULES = frozenset(
    {"PySide6", "PySide2", "PyQt6", "PyQt5", "PyQt4", "shiboken6", "shiboken2", "sip", "qtpy"}
)
#: Our own modules that load Qt.
QT_SIDE = ("gamesearch_gui.ui", "gamesearch_gui.app")


def qt_free_files() -> list[Path]:
    """core/**, engine/**, search_check/**, cli.py, and what every command imports on its way in."""
    files = sorted((PACKAGE / "core").rglob("*.py")) + sorted((PACKAGE / "engine").rglob("*.py"))
    files += sorted((PACKAGE / "search_check").rglob("*.py"))
    files += [PACKAGE / name for name in ("__init__.py", "__main__.py", "cli.py", "paths.py")]
    return files


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_names(
    source: str, module: str, *, is_package: bool
) -> Iterator[tuple[int, str, bool]]:
    """(line, absolute module name, whether at module level) of every import in ``source``.

    Imports inside functions count too, and so do importlib.import_module("...") and
    __import__("...") with a literal name.
    """
    package = module.split(".")
    if not is_package:
        package.pop()
    yield from _imports(ast.parse(source).body, package, at_module_level=True)


def _imports(
    nodes: Iterable[ast.AST], package: list[str], *, at_module_level: bool
) -> Iterator[tuple[int, str, bool]]:
    for node in nodes:
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, at_module_level
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            yield node.lineno, module, at_module_level
            for alias in node.names:
                yield node.lineno, f"{module}.{alias.name}", at_module_level
        elif isinstance(node, ast.Call) and _is_dynamic_import(node):
            yield node.lineno, node.args[0].value, at_module_level  # type: ignore[attr-defined]
        inner = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
        yield from _imports(
            ast.iter_child_nodes(node), package, at_module_level=at_module_level and not inner
        )


def _is_dynamic_import(call: ast.Call) -> bool:
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    return (
        name in {"import_module", "__import__"}
        and bool(call.args)
        and isinstance(call.args[0], ast.Constant)
        and isinstance(call.args[0].value, str)
    )


def is_qt_binding(name: str) -> bool:
    return name.split(".")[0] in QT_MODULES


def is_qt_side(name: str) -> bool:
    return any(name == side or name.startswith(side + ".") for side in QT_SIDE)


def breaks_layer_rule(path: Path, name: str, at_module_level: bool) -> bool:
    """Qt itself: never. Our Qt side: never from core; elsewhere only lazily, in a function
    (that is how cli.py opens the window without loading Qt for its other commands)."""
    if is_qt_binding(name):
        return True
    in_core = (PACKAGE / "core") in path.parents or (PACKAGE / "engine") in path.parents
    return is_qt_side(name) and (in_core or at_module_level)


@pytest.mark.parametrize("path", qt_free_files(), ids=lambda path: str(path.relative_to(PACKAGE)))
def test_module_does_not_import_qt(path: Path) -> None:
    assert path.is_file(), f"{path.relative_to(ROOT)} is missing"
    names = imported_names(
        path.read_text(encoding="utf-8"), module_name(path), is_package=path.name == "__init__.py"
    )
    offending = [
        f"line {line}: {name}" for line, name, top in names if breaks_layer_rule(path, name, top)
    ]
    assert not offending, (
        f"{path.relative_to(ROOT)} must not import Qt or the UI (DESIGN.md, Layers): "
        + "; ".join(offending)
    )


def test_the_static_check_sees_every_kind_of_import() -> None:
    source = (
        "import PySide6.QtCore\n"
        "from PyQt6 import QtWidgets\n"
        "def later():\n"
        "    import shiboken6\n"
        "    importlib.import_module('PySide6.QtGui')\n"
        "from gamesearch_gui import ui\n"
        "import gamesearch_gui.app\n"
    )
    found = {
        (name, top)
        for _, name, top in imported_names(source, "gamesearch_gui.core.x", is_package=False)
    }
    assert found >= {
        ("PySide6.QtCore", True),
        ("PyQt6", True),
        ("shiboken6", False),
        ("PySide6.QtGui", False),
        ("gamesearch_gui.ui", True),
        ("gamesearch_gui.app", True),
    }


def test_cli_may_import_the_window_only_lazily() -> None:
    cli = PACKAGE / "cli.py"
    assert breaks_layer_rule(cli, "gamesearch_gui.app", at_module_level=True)
    assert not breaks_layer_rule(cli, "gamesearch_gui.app", at_module_level=False)
    assert breaks_layer_rule(cli, "PySide6.QtWidgets", at_module_level=False)
    assert breaks_layer_rule(PACKAGE / "core" / "x.py", "gamesearch_gui.ui", False)


def test_relative_imports_are_resolved() -> None:
    source = "from ..ui import board\nfrom . import tree\n"
    in_module = {n for _, n, _ in imported_names(source, "gamesearch_gui.core.x", is_package=False)}
    assert {"gamesearch_gui.ui.board", "gamesearch_gui.core.tree"} <= in_module
    in_package = {n for _, n, _ in imported_names(source, "gamesearch_gui.core", is_package=True)}
    assert {"gamesearch_gui.ui.board", "gamesearch_gui.core.tree"} <= in_package


IMPORT_ALL = """
import importlib, pkgutil, sys
import gamesearch_gui.cli, gamesearch_gui.core, gamesearch_gui.engine, gamesearch_gui.paths
for package in (gamesearch_gui.core, gamesearch_gui.engine):
    for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        importlib.import_module(module.name)
print(" ".join(sorted(name for name in sys.modules if name.split(".")[0] in QT)))
"""


def test_importing_core_engine_and_cli_loads_no_qt() -> None:
    code = f"QT = {sorted(QT_MODULES)!r}\n{IMPORT_ALL}"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [], "importing core and cli loaded Qt: " + result.stdout


def test_solving_from_the_command_line_loads_no_qt() -> None:
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "gamesearch_gui", "solve", "-"],
        input="[[3, 12, 8], [2, 4, 6], [14, 5, 2]]",
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    # -X importtime lists every module imported, one a line: "import time: ... | name".
    loaded = [line.rsplit("|", 1)[-1].strip() for line in result.stderr.splitlines()]
    assert not [name for name in loaded if is_qt_binding(name)], "solve loaded Qt"


# -- the package's own import graph ------------------------------------------------------


def package_modules() -> dict[str, Path]:
    """Every module of the package by its name."""
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def import_graph() -> dict[str, set[str]]:
    """Which of the package's modules each of its modules imports (at any level)."""
    modules = package_modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found = imported_names(
            path.read_text(encoding="utf-8"), name, is_package=path.name == "__init__.py"
        )
        graph[name] = {target for _, target, _ in found if target in modules and target != name}
    return graph


def test_nothing_under_ui_imports_the_window_or_the_app() -> None:
    """The window is built from the panels, never the other way round (a panel that
    reached back for the board factory tied six modules into one cycle)."""
    graph = import_graph()
    upward = sorted(
        f"{module} imports {target}"
        for module, targets in graph.items()
        if module.startswith("gamesearch_gui.ui.")
        for target in targets
        if target in ("gamesearch_gui.ui.main_window", "gamesearch_gui.app")
    )
    assert not upward, "; ".join(upward)


def find_cycles(graph: dict[str, set[str]]) -> list[str]:
    """Each cycle a depth-first walk of ``graph`` meets, as "a -> b -> a"."""
    cycles: list[str] = []
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    path: list[str] = []

    def walk(module: str) -> None:
        state[module] = 1
        path.append(module)
        for target in sorted(graph.get(module, ())):
            if state.get(target) == 1:
                cycles.append(" -> ".join([*path[path.index(target) :], target]))
            elif target not in state:
                walk(target)
        path.pop()
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            walk(module)
    return cycles


def test_the_package_has_no_import_cycle() -> None:
    """Not even through an import inside a function."""
    cycles = find_cycles(import_graph())
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


def test_the_checks_see_the_graph_and_its_cycles() -> None:
    graph = import_graph()
    assert "gamesearch_gui.core.search" in graph["gamesearch_gui.cli"]
    assert "gamesearch_gui.app" in graph["gamesearch_gui.cli"]  # lazy, and still seen
    assert find_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a -> b -> c -> a"]
    assert find_cycles({"a": {"b"}, "b": set()}) == []


#: The modules below the search: the game protocol, the games that ship and their
#: registry, and the loader of a person's game file. The search is built on them.
BELOW_THE_SEARCH = (
    "gamesearch_gui.core.game",
    "gamesearch_gui.core.games",
    "gamesearch_gui.core.usergame",
)
THE_SEARCH = "gamesearch_gui.core.search"


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def chain_to(graph: dict[str, set[str]], start: str, goal: str) -> list[str] | None:
    """The shortest chain of imports from ``start`` to a module within ``goal``, or None."""
    came_from: dict[str, str] = {}
    queue = [start]
    for module in queue:
        if module != start and within(module, goal):
            chain = [module]
            while chain[-1] != start:
                chain.append(came_from[chain[-1]])
            return chain[::-1]
        for target in sorted(graph.get(module, ())):
            if target not in came_from and target != start:
                came_from[target] = module
                queue.append(target)
    return None


def test_the_games_never_import_the_search() -> None:
    """Not directly, not through another module, not inside a function (issue 26): a
    game's spec names its default search in plain words, and the search package's
    ``default_settings`` makes the settings of it."""
    graph = import_graph()
    below = [m for m in graph if any(within(m, package) for package in BELOW_THE_SEARCH)]
    assert "gamesearch_gui.core.games.chess" in below
    chains = [chain_to(graph, module, THE_SEARCH) for module in sorted(below)]
    found = [" -> ".join(chain) for chain in chains if chain]
    assert not found, "a game module imports the search:\n" + "\n".join(found)


def test_loading_the_games_loads_no_search() -> None:
    code = (
        "import sys, gamesearch_gui.core.games, gamesearch_gui.core.usergame\n"
        "import gamesearch_gui.core.games.registry\n"
        f"print(' '.join(sorted(m for m in sys.modules if m.startswith({THE_SEARCH!r}))))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [], "loading the games loaded the search: " + result.stdout


def test_the_chain_of_imports_is_found() -> None:
    graph = {"g": {"h"}, "h": {"s.x"}, "s.x": set(), "k": set()}
    assert chain_to(graph, "g", "s") == ["g", "h", "s.x"]
    assert chain_to(graph, "k", "s") is None


#: What runs searches: the window's process never calls these (the engine does).
SEARCHING = frozenset(
    {
        "gamesearch_gui.core.search.search",
        "gamesearch_gui.core.compare.compare",
        "gamesearch_gui.core.exercises.exercise.solve_exercise",
        "gamesearch_gui.engine.process",
        "gamesearch_gui.engine.calls",
    }
)


def test_the_window_process_never_runs_a_search() -> None:
    """ui/ and app.py import no function that searches: searches run in the engine
    process, reached through engine.client (``ui/worker.py`` and the dialogs' calls)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = module_name(path)
        if not is_qt_side(module):
            continue
        source = path.read_text(encoding="utf-8")
        for line, name, _ in imported_names(source, module, is_package=path.name == "__init__.py"):
            if name in SEARCHING:
                found.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    assert not found, "; ".join(found)
