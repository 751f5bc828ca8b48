"""The house rule of `game/play`: it is the game's model, not a view-model. It holds the
game, the selection, hints, Undo, the time box and the child's way through a puzzle; a press,
a hold, a drag, a pulse, a slide and every time on screen are the board's (`game/ui/board`).
The rule reads the names the code gives things (its identifiers), not its comments."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator

import source

PLAY = source.GAME / "play"
# Words of a gesture or of time on screen, as parts of a name (`pressed`, `drag`, `VICTORY_DELAY`).
SCREEN_WORDS = re.compile(r"press|drag|hold|held|pulse|pulsing|slide|victory|animation|lively")
# One-switch play's scan is its own input device, headless so every screen shares it: its
# switch is pressed and held (a long press goes back) as the teacher set it. It is not the
# board session's, and keeps its words.
SWITCH_SCAN = {"scanning.py", "choice_scan.py"}


def names(nodes: Iterable[ast.AST]) -> Iterator[str]:
    """Every identifier among a module's `nodes` (`ast.walk` of its tree): the names it defines
    or uses, attributes, functions, classes, arguments."""
    for node in nodes:
        if isinstance(node, ast.Name):
            yield node.id
        elif isinstance(node, ast.Attribute):
            yield node.attr
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield node.name
        elif isinstance(node, ast.arg):
            yield node.arg
        elif isinstance(node, ast.alias):
            yield node.asname or node.name.rpartition(".")[2]
        elif isinstance(node, ast.keyword) and node.arg is not None:
            yield node.arg


def screen_names() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted(PLAY.glob("*.py")):
        if path.name in SWITCH_SCAN:
            continue
        hits = sorted({name for name in names(source.nodes(path)) if SCREEN_WORDS.search(name.lower())})
        if hits:
            found[path.name] = hits
    return found


def test_play_holds_no_gesture_and_no_time_on_screen() -> None:
    assert screen_names() == {}, "a press, hold, drag, pulse or slide is the board's (game/ui/board)"


def test_the_rule_sees_a_gesture_name() -> None:
    tree = ast.parse("class S:\n    def release(self, pressed_at: int) -> None:\n        self.slide = SLIDE_SECONDS\n")
    hits = {name for name in names(ast.walk(tree)) if SCREEN_WORDS.search(name.lower())}
    assert hits == {"pressed_at", "slide", "SLIDE_SECONDS"}
