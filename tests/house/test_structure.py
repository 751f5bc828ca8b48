"""The house rules: layers import only the layers below them, no import circles, pygame only in
the UI, scenes small enough to read, functions short and simple."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
from radon.complexity import cc_rank, cc_visit

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "game"
# Lowest first: a module may import its own layer and the layers before it, never one after.
LAYERS = ("base", "rules", "engine", "words", "content", "store", "outputs", "play", "ui", "cli")
BASE = {"game", "game.i18n", "game.resources", "game.files", "game.jobs", "game.text_gate"}
MAX_SCENE_LINES = 400
MAX_FUNCTION_LINES = 60


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def layer_of(module: str) -> str:
    if module in BASE or module == "game.__main__":
        return "cli" if module == "game.__main__" else "base"
    return module.split(".")[1]


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def runtime_imports(path: Path, module: str) -> Iterator[str]:
    """Every module `path` imports when it runs, at its top or inside a function; the imports
    under `if TYPE_CHECKING:` never run."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _type_checking(node):
            skipped.update(id(child) for statement in node.body for child in ast.walk(statement))
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            yield source
            yield from (f"{source}.{alias.name}" for alias in node.names)


def game_graph() -> dict[str, set[str]]:
    known = modules()
    return {
        module: {name for name in runtime_imports(path, module) if name in known and name != module}
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


def test_no_import_circle_at_run_time() -> None:
    graph = game_graph()
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


@pytest.mark.parametrize("path", sorted((PACKAGE / "ui" / "scenes").rglob("*.py")), ids=lambda path: path.name)
def test_a_scene_file_is_at_most_400_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_SCENE_LINES, f"{path.relative_to(ROOT)} has {lines} lines"


def test_no_function_is_long_or_complex() -> None:
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    problems.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} has {length} lines")
        for block in cc_visit(source):
            for function in [block, *getattr(block, "methods", [])]:
                if cc_rank(function.complexity) > "C":
                    problems.append(f"{path.relative_to(ROOT)}:{function.lineno} {function.name} {function.complexity}")
    assert not problems, "\n".join(problems)
