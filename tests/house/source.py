"""The game's source as the house tests read it: each module's text, tree and nodes, read once
for every rule (the rules asked for the same files again, parsing and walking each module once
a rule: 2,276 parses and four million steps of `ast.walk` in the quick loop).

The trees are shared: a rule reads them and never changes them."""

from __future__ import annotations

import ast
import functools
import gc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "game"
UI = GAME / "ui"


@functools.cache
def files(folder: Path) -> tuple[Path, ...]:
    """Every Python module under `folder`, in order."""
    return tuple(sorted(folder.rglob("*.py")))


@functools.cache
def text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


@functools.cache
def _game_trees() -> dict[Path, ast.Module]:
    """Every module of `game/` parsed, all at once with Python's cycle collector paused. A tree
    holds no cycle (a node knows its children, never its parent), so the collector has nothing
    to find in them; left running, it went through the whole growing heap again and again while
    the 300,000 nodes were made (five full collections: the parse took 0.9 s in a test run,
    0.4 s paused)."""
    running = gc.isenabled()
    gc.disable()
    try:
        return {path: ast.parse(text(path)) for path in files(GAME)}
    finally:
        if running:
            gc.enable()


@functools.cache
def tree(path: Path) -> ast.Module:
    """The module's tree, parsed once."""
    trees = _game_trees()
    return trees[path] if path in trees else ast.parse(text(path))


@functools.cache
def nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of the module's tree, in the order of `ast.walk`, walked once."""
    return tuple(ast.walk(tree(path)))


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@functools.cache
def _modules() -> tuple[tuple[str, Path], ...]:
    return tuple((module_name(path), path) for path in files(GAME))


def modules() -> dict[str, Path]:
    """Every module of `game/` by its dotted name (a new dict: the caller may keep it)."""
    return dict(_modules())
