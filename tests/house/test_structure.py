"""The house rules: layers import only the layers below them, no import circles, pygame only in
the UI, the UI in rooms (a core and one folder per feature, a feature importing only the core
and itself), UI modules small enough to read, functions short and simple."""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator, Mapping, Set
from pathlib import Path

import pytest
import source
from radon.complexity import cc_rank, cc_visit_ast
from source import ROOT, modules

PACKAGE = source.GAME
# Lowest first: a module may import its own layer and the layers before it, never one after.
LAYERS = ("base", "rules", "engine", "words", "content", "store", "outputs", "play", "ui", "cli")
BASE = {"game", "game.i18n", "game.resources", "game.files", "game.jobs", "game.text_gate"}
UI = source.UI
# The top of game/ui assembles the features (the app and the navigation that builds every
# scene); it is neither the core nor a feature, and only it may import several features.
UI_TOP = {"app.py", "navigation.py", "__init__.py"}
CORE = "core"
MAX_UI_LINES = 400
MAX_FUNCTION_LINES = 60
MAX_BOARD_SCENE_LINES = 200
STORE = PACKAGE / "store"
MAX_STORE_LINES = 300


def layer_of(module: str) -> str:
    if module in BASE or module == "game.__main__":
        return "cli" if module == "game.__main__" else "base"
    return module.split(".")[1]


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


@functools.cache
def imports(path: Path, module: str) -> tuple[tuple[str, bool], ...]:
    """Every module `path` imports, at its top or inside a function, each with whether it is
    under `if TYPE_CHECKING:` (an import that never runs): read once, for every rule."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    hidden: set[int] = set()
    for node in source.nodes(path):
        if isinstance(node, ast.If) and _type_checking(node):
            hidden.update(id(child) for statement in node.body for child in ast.walk(statement))
    found: list[tuple[str, bool]] = []
    for node in source.nodes(path):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                imported = ".".join(base + ([node.module] if node.module else []))
            else:
                imported = node.module or ""
            names = [imported, *(f"{imported}.{alias.name}" for alias in node.names)]
        else:
            continue
        found += [(name, id(node) in hidden) for name in names]
    return tuple(found)


def runtime_imports(path: Path, module: str, type_checking: bool = False) -> Iterator[str]:
    """Every module `path` imports when it runs, at its top or inside a function; the imports
    under `if TYPE_CHECKING:` never run, and count only when `type_checking` asks for them."""
    return (name for name, hidden in imports(path, module) if type_checking or not hidden)


@functools.cache
def game_graph(type_checking: bool = False) -> dict[str, frozenset[str]]:
    known = modules()
    return {
        module: frozenset(
            name for name in runtime_imports(path, module, type_checking) if name in known and name != module
        )
        for module, path in known.items()
    }


def test_every_module_imports_only_its_own_layer_and_those_below() -> None:
    wrong = [
        f"{module} ({layer_of(module)}) imports {imported} ({layer_of(imported)})"
        for module, imported_modules in game_graph().items()
        for imported in sorted(imported_modules)
        if LAYERS.index(layer_of(imported)) > LAYERS.index(layer_of(module))
    ]
    assert not wrong, "\n".join(wrong)


def import_circles(graph: Mapping[str, Set[str]]) -> list[list[str]]:
    circles: list[list[str]] = []
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(module: str) -> None:
        state[module] = 1
        path.append(module)
        for imported in sorted(graph[module]):
            if state.get(imported) == 1:
                circles.append([*path[path.index(imported) :], imported])
            elif imported not in state:
                visit(imported)
        path.pop()
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module)
    return circles


def test_no_import_circle_at_run_time() -> None:
    circles = import_circles(game_graph())
    assert not circles, "\n".join(" -> ".join(circle) for circle in circles)


def test_the_package_carries_no_benchmark() -> None:
    # The wheel carries `game/` only; the benchmarks and their baselines live in `benchmarks/`.
    assert sorted(path.name for path in PACKAGE.rglob("*bench*")) == []
    assert not any("benchmarks" in set(runtime_imports(path, module)) for module, path in modules().items())


def test_only_the_ui_imports_pygame() -> None:
    headless = {module: path for module, path in modules().items() if not module.startswith("game.ui")}
    assert "game.play.board" in headless  # the play layer is held to it too
    outside = [
        module
        for module, path in headless.items()
        if any(name == "pygame" or name.startswith("pygame.") for name in runtime_imports(path, module))
    ]
    assert outside == []


def room_of(module: str) -> str | None:
    """The room of a UI module: "core", a feature's folder, or None for the top of game/ui."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and (UI / parts[2]).is_dir() else None


def ui_imports() -> Iterator[tuple[str, str]]:
    """Every import from one UI module of another, those under `TYPE_CHECKING` too."""
    for module, imported_modules in game_graph(type_checking=True).items():
        if module.startswith("game.ui."):
            yield from ((module, imported) for imported in sorted(imported_modules) if imported.startswith("game.ui."))


def test_the_ui_is_a_core_and_one_folder_per_feature() -> None:
    loose = sorted(path.name for path in UI.glob("*.py") if path.name not in UI_TOP)
    assert loose == [], "flat modules in game/ui: put each in the core or in its feature's folder"
    rooms = sorted(path.name for path in UI.iterdir() if path.is_dir() and path.name != "__pycache__")
    assert CORE in rooms
    for room in rooms:
        assert (UI / room / "__init__.py").is_file(), room
        nested = [path.name for path in (UI / room).iterdir() if path.is_dir() and path.name != "__pycache__"]
        assert nested == [], f"game/ui/{room} holds folders {nested}: a room is one folder"


def test_a_feature_imports_only_the_core_and_itself() -> None:
    wrong = [
        f"{module} imports {imported}"
        for module, imported in ui_imports()
        if room_of(module) is not None and room_of(imported) not in (CORE, room_of(module))
    ]
    assert not wrong, "\n".join(wrong)


def test_the_core_imports_no_feature_and_not_the_top() -> None:
    wrong = [
        f"{module} imports {imported}"
        for module, imported in ui_imports()
        if room_of(module) == CORE and room_of(imported) != CORE
    ]
    assert not wrong, "\n".join(wrong)


def test_an_import_circle_stays_in_its_room() -> None:
    """Counting the imports under `TYPE_CHECKING`: a circle never joins two rooms."""
    graph = {
        module: {name for name in imported if name.startswith("game.ui")}
        for module, imported in game_graph(type_checking=True).items()
        if module.startswith("game.ui")
    }
    across = [circle for circle in import_circles(graph) if len({room_of(module) for module in circle}) > 1]
    assert not across, "\n".join(" -> ".join(circle) for circle in across)


def test_no_import_circle_reaches_outside_the_core() -> None:
    """Counting the imports under `TYPE_CHECKING`: a feature's view takes values or declares
    what it reads (a Protocol), it never imports its scene back."""
    graph = {
        module: {name for name in imported if name.startswith("game.ui")}
        for module, imported in game_graph(type_checking=True).items()
        if module.startswith("game.ui")
    }
    outside = [circle for circle in import_circles(graph) if any(room_of(module) != CORE for module in circle)]
    assert not outside, "\n".join(" -> ".join(circle) for circle in outside)


def test_the_board_feature_has_no_import_circle_even_for_types() -> None:
    """Its helpers are handed the parts they need, never the scene: none imports the scene
    back, not even for a type hint."""
    graph = game_graph(type_checking=True)
    board = {module for module in graph if room_of(module) == "board"}
    assert len(board) >= 8
    circles = import_circles({module: graph[module] & board for module in board})
    assert not circles, "\n".join(" -> ".join(circle) for circle in circles)


def test_the_board_scene_is_at_most_200_lines() -> None:
    lines = len((UI / "board" / "board.py").read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_BOARD_SCENE_LINES, f"the board scene has {lines} lines"


@pytest.mark.parametrize("path", source.files(UI), ids=lambda path: str(path.relative_to(UI)))
def test_a_ui_module_is_at_most_400_lines(path: Path) -> None:
    lines = len(source.text(path).splitlines())
    assert lines <= MAX_UI_LINES, f"{path.relative_to(ROOT)} has {lines} lines"


def store_modules() -> list[object]:
    return [pytest.param(path, id=path.name) for path in sorted(STORE.glob("*.py"))]


@pytest.mark.parametrize("path", store_modules())
def test_a_store_module_is_at_most_300_lines(path: Path) -> None:
    lines = len(source.text(path).splitlines())
    assert lines <= MAX_STORE_LINES, f"{path.relative_to(ROOT)} has {lines} lines"


def test_no_function_is_long_or_complex() -> None:
    problems = []
    for path in source.files(PACKAGE):
        for node in source.nodes(path):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    problems.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} has {length} lines")
        for block in cc_visit_ast(source.tree(path)):
            for function in [block, *getattr(block, "methods", [])]:
                if cc_rank(function.complexity) > "C":
                    problems.append(f"{path.relative_to(ROOT)}:{function.lineno} {function.name} {function.complexity}")
    assert not problems, "\n".join(problems)
