"""An assignment: puzzles the teacher set, its reading and writing in a class file.

Headless: no pygame here. The assignments a class file holds are `Facts.assignments`; the part
that sets and lists them is `game.store.assignments`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .checks import is_day, is_moment, is_puzzle_id


@dataclass(frozen=True)
class Assignment:
    """Puzzles the teacher set: for some children (their ids) or, with none, the whole class."""

    id: str
    title: str
    puzzle_ids: tuple[str, ...]
    children: tuple[str, ...]
    due: str | None
    created: str


def oldest_first(assignments: Iterable[Assignment]) -> list[Assignment]:
    return sorted(assignments, key=lambda assignment: (assignment.created, assignment.id))


def assignment_json(assignment: Assignment) -> dict[str, Any]:
    return {
        "id": assignment.id,
        "title": assignment.title,
        "puzzle_ids": list(assignment.puzzle_ids),
        "children": list(assignment.children),
        "due": assignment.due,
        "created": assignment.created,
    }


def parse_assignment(entry: object) -> Assignment | None:
    if not isinstance(entry, dict):
        return None
    ids, children, due = entry.get("puzzle_ids"), entry.get("children"), entry.get("due")
    if not (isinstance(ids, list) and ids and all(is_puzzle_id(item) for item in ids)):
        return None
    if not (isinstance(children, list) and all(is_puzzle_id(item) for item in children)):
        return None
    assignment_id, title, created = entry.get("id"), entry.get("title"), entry.get("created")
    if not (is_puzzle_id(assignment_id) and is_puzzle_id(title) and is_moment(created)):
        return None
    if due is not None and not is_day(due):
        return None
    return Assignment(assignment_id, title, tuple(ids), tuple(children), due, created)
