"""Widgets own their place: a widget is hidden with `hide` and shown by being placed, never by a
rect shrunk to nothing (a zero rect still answers `collidepoint` on some pygame versions, hides a
button only from the code that knows the trick, and leaves every other reader guessing)."""

from __future__ import annotations

import ast
from collections.abc import Iterator

import source
from source import ROOT, UI

SIZES = {"size", "width", "height", "w", "h"}


def _zero(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return node.value == 0 and not isinstance(node.value, bool)
    return isinstance(node, ast.Tuple) and all(_zero(element) for element in node.elts)


def _is_rect_call(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
    return name in ("Rect", "FRect")


def _names_a_rect(node: ast.expr) -> bool:
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")
    return "rect" in name.lower()


def _zero_size(target: ast.expr) -> bool:
    return isinstance(target, ast.Attribute) and target.attr in SIZES and _names_a_rect(target.value)


def _functions(tree: ast.AST) -> Iterator[tuple[str, ast.AST]]:
    """Every node with the name of the function it is in ("" at a module's top)."""
    stack: list[tuple[str, ast.AST]] = [("", tree)]
    while stack:
        owner, node = stack.pop()
        for child in ast.iter_child_nodes(node):
            name = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else owner
            yield name, child
            stack.append((name, child))


def zero_rect_hides(tree: ast.AST) -> list[int]:
    """The lines of a module's `tree` that hide something by a zero rect: a zero `Rect` built anywhere but
    in an `__init__` (where it is the place of a widget not yet placed), a rect's size set to
    zero, or a rect's width or height compared with zero to ask whether it is hidden."""
    lines = []
    for owner, node in _functions(tree):
        if _is_rect_call(node) and owner != "__init__":
            call = node
            assert isinstance(call, ast.Call)
            if not call.args or all(_zero(argument) for argument in call.args):
                lines.append(call.lineno)
        elif isinstance(node, (ast.Assign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            lines += [node.lineno for target in targets if _zero_size(target) and _zero(node.value)]
        elif isinstance(node, ast.Compare) and isinstance(node.ops[0], (ast.Eq, ast.LtE)):
            lines += [node.lineno] if _zero_size(node.left) and _zero(node.comparators[0]) else []
    return sorted(lines)


def test_no_widget_is_hidden_by_a_zero_rect() -> None:
    hides = [
        f"{path.relative_to(ROOT)}:{line}" for path in source.files(UI) for line in zero_rect_hides(source.tree(path))
    ]
    assert hides == [], "hide a widget with widget.hide(), show it by placing it:\n" + "\n".join(hides)


def test_the_check_sees_each_kind_of_zero_rect_hide() -> None:
    text = """
def arrange(scene):
    scene.button.rect = pygame.Rect(0, 0, 0, 0)
    scene.other.rect = Rect((0, 0), (0, 0))
    scene.third.rect.size = (0, 0)
    nowhere = pygame.Rect()

def draw(self):
    if self.rect.width == 0:
        return

class Widget:
    def __init__(self):
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.other = pygame.Rect(0, 0, 10, 10)
"""
    assert zero_rect_hides(ast.parse(text)) == [3, 4, 5, 6, 9]
