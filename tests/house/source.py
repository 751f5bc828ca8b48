"""The game's source as the house tests read it: each module's text, tree and nodes, read once
for every rule (the rules asked for the same files again, parsing and walking each module once
a rule: 2,276 parses and four million steps of `ast.walk` in the quick loop).

The trees are shared: a rule reads them and never changes them."""

from __future__ import annotations

import ast
import functools
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
def tree(path: Path) -> ast.Module:
    """The module's tree, parsed once."""
    return ast.parse(text(path))


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
