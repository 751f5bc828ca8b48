"""One text-fitting module: every screen shrinks, wraps and cuts text through
`game/ui/core/text_flow.py`, so a text fits the same way everywhere and a fix reaches every
screen. A module that fits text by hand is found by its loops: one that makes a font size
smaller step by step, one that cuts text with "…", or a `while` loop that measures text."""

from __future__ import annotations

import ast
from collections.abc import Iterable

import source
from source import ROOT, UI

TEXT_FLOW = UI / "core" / "text_flow.py"


def _shrinks_a_size(node: ast.AST) -> bool:
    if not (isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Sub)):
        return False
    target = node.target
    name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
    return "size" in name.lower()


def _measures(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "size"


def hand_fitting(nodes: Iterable[ast.AST]) -> list[str]:
    """Each loop among a module's `nodes` (`ast.walk` of its tree) that fits text by hand, as
    "line: why"."""
    found = []
    for loop in nodes:
        if not isinstance(loop, (ast.While, ast.For)):
            continue
        inside = list(ast.walk(loop))
        if any(_shrinks_a_size(node) for node in inside):
            found.append(f"{loop.lineno}: makes a font size smaller in a loop")
        elif any(isinstance(node, ast.Constant) and node.value == "…" for node in inside):
            found.append(f"{loop.lineno}: cuts text with an ellipsis in a loop")
        elif isinstance(loop, ast.While) and any(_measures(node) for node in inside):
            found.append(f"{loop.lineno}: measures text in a while loop")
    return found


def test_only_text_flow_fits_text() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{problem}"
        for path in source.files(UI)
        if path != TEXT_FLOW
        for problem in hand_fitting(source.nodes(path))
    ]
    assert found == [], "fit text with game/ui/core/text_flow.py:\n" + "\n".join(found)


def test_text_flow_itself_is_where_text_is_fitted() -> None:
    # The rule finds the fitting in the module that is allowed it: it looks where it should.
    assert len(hand_fitting(source.nodes(TEXT_FLOW))) >= 3


def test_the_check_sees_each_way_of_fitting_by_hand() -> None:
    text = """
def title(assets, text, size, room):
    while assets.font(size).size(text)[0] > room:
        size -= 1
    return size

def label(font, text, width):
    while font.size(text)[0] > width:
        text = text[:-2] + "…"

def caption(self, font, width):
    while font.size(self.words)[0] > width:
        font = smaller(font)

def places(self):
    for button in self.buttons:
        self.title_size -= 1
"""
    assert [problem.split(":")[0] for problem in hand_fitting(ast.walk(ast.parse(text)))] == ["3", "8", "12", "16"]
