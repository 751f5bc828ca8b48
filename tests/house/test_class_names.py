"""A class name means one thing in `game/`: two classes of one name in two modules (two
unrelated `TooBig` exceptions, say) let a reader, an import or an `except` take the wrong one."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import source
from source import GAME, ROOT

# Still defined twice, in modules other work holds at the moment (issue 40): the play outcome
# (game/play/board.py and cli/text.py use it) and the store's left-out change (shards.py).
PENDING = {"Refused"}


def class_homes(root: Path) -> dict[str, list[str]]:
    """Each class name defined under `root`: the modules (and lines) that define it."""
    homes: dict[str, list[str]] = defaultdict(list)
    for path in source.files(root):
        for node in source.nodes(path):
            if isinstance(node, ast.ClassDef):
                homes[node.name].append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return homes


def test_no_class_name_is_defined_twice_in_the_game() -> None:
    twice = {name: places for name, places in class_homes(GAME).items() if len(places) > 1 and name not in PENDING}
    assert not twice, "one name, two classes:\n" + "\n".join(f"{name}: {', '.join(at)}" for name, at in twice.items())


def test_the_pending_names_are_still_twice_defined() -> None:
    """Once a pending name is made one, it leaves PENDING (and the rule holds for it)."""
    homes = class_homes(GAME)
    assert all(len(homes[name]) > 1 for name in PENDING)
