"""The puzzles the teacher set: the store's assignments.

Headless: no pygame here. Part of the store (`game.store.progress.ProgressStore`).

- ``assignments()``: every assignment, oldest first.
- ``add_assignment(title, puzzle_ids, children=(), due=None) -> Assignment``: for some children
  (by name; `KeyError` if unknown) or, with none, the whole class.
- ``remove_assignment(id)``: for good. ``assignments_for(player)``: hers and the whole class's.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import author, checks, names
from .assigned_puzzles import Assignment
from .author import Author
from .facts import Facts


class Assignments:
    def __init__(self, by: Author) -> None:
        self._author = by

    def assignments(self) -> list[Assignment]:
        """Every assignment, oldest first."""
        return self._author.state.assignments()

    def add_assignment(
        self, title: str, puzzle_ids: Sequence[str], children: Sequence[str] = (), due: str | None = None
    ) -> Assignment:
        """Set puzzles for some children (by name; `KeyError` if unknown) or, with none, the class."""
        cleaned = names.normalize(title)
        if not checks.is_puzzle_id(cleaned):
            raise ValueError(f"not a title: {title!r}")
        if isinstance(puzzle_ids, str) or not puzzle_ids or not all(checks.is_puzzle_id(item) for item in puzzle_ids):
            raise ValueError(f"not a list of puzzle ids: {puzzle_ids!r}")
        if due is not None and not checks.is_day(due):
            raise ValueError(f"not a day: {due!r}")
        if isinstance(children, str):
            raise ValueError(f"not a list of names: {children!r}")
        child_ids = tuple(dict.fromkeys(self._author.player(name).id for name in children))
        facts = self._author.state.facts
        taken = set(facts.assignments) | facts.removed_assignments
        assignment = Assignment(author.new_id(taken), cleaned, tuple(puzzle_ids), child_ids, due, author.now())
        self._author.change(Facts(assignments={assignment.id: assignment}))
        return assignment

    def remove_assignment(self, assignment_id: str) -> None:
        """Remove an assignment for good (an unknown id: nothing to do)."""
        if isinstance(assignment_id, str) and assignment_id in self._author.state.facts.assignments:
            self._author.change(Facts(removed_assignments={assignment_id}))

    def assignments_for(self, player: str) -> list[Assignment]:
        """Hers and the whole class's, oldest first; an unknown player has none."""
        profile = self._author.state.by_name(player)
        if profile is None:
            return []
        return [item for item in self.assignments() if not item.children or set(item.children) & set(profile.ids)]
