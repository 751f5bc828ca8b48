"""The puzzles the teacher set, as the level select shows them: a group for each assignment
the child playing has not finished, first, under its title (as it was made when the teacher set
it: a level's "Beginner: puzzles 6 to 10" made in the words layer then, or typed); each tile shows
its puzzle's own number ("38", "3-7" on the big board), not its place in the group. Their puzzles may come from
the 4x4 collection, the big board's or the class's own, so each remembers the collection it is
played by. The scene decides when to look again (when it comes back on screen, when the class's
own puzzles were read); which puzzles and who finished is decided in `game.content`."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING

from ...content.assignments import ShelfGroup, shelf_groups
from ...content.levels import Collection, Level, Puzzle
from ...content.next import TEACHER, Pick, picks_of
from ...words.assignments import due_words, shelf_header
from ..core import theme

if TYPE_CHECKING:
    from ...store.progress import ProgressStore
    from ..core.context import Collections


class TeacherShelf:
    def __init__(self) -> None:
        self.groups: list[Level] = []  # one for each unfinished assignment, for the level select's list
        self.shelf: list[ShelfGroup] = []  # what each group is: its title, due day and numbers
        self.picks: list[Pick] = []  # the puzzles of the child's unfinished assignments, in order

    @property
    def shown(self) -> bool:
        return bool(self.groups)

    def holds(self, level: Level | None) -> bool:
        """The group shown is one of the teacher's."""
        return any(group is level for group in self.groups)

    def take(self, store: ProgressStore, player: str | None, collections: Collections, ours: Sequence[Puzzle]) -> bool:
        """Look at the child's assignments again; True when the groups changed (one came or
        went, or one of ours was read), and were made again."""
        solved = store.solved_ids(player) if player else set()
        shelf = shelf_groups(store.assignments_for(player), solved) if player else []
        ids = [puzzle_id for group in shelf for puzzle_id in group.puzzle_ids]
        self.picks = picks_of(ids, collections.collection, collections.big_collection, ours)
        found = {pick.puzzle.id: pick.puzzle for pick in self.picks}
        # A puzzle not found (one of ours not read yet, or gone) is left out of its group; a
        # group with none left is not shown.
        kept = [group for group in shelf if any(puzzle_id in found for puzzle_id in group.puzzle_ids)]
        if kept == self.shelf and all(
            [puzzle.id for puzzle in level.puzzles] == [i for i in group.puzzle_ids if i in found]
            for group, level in zip(kept, self.groups, strict=True)
        ):
            return False  # the same groups: the level select keeps the ones it lists
        self.shelf = kept
        self.groups = [Level(TEACHER, [found[i] for i in group.puzzle_ids if i in found]) for group in kept]
        return True

    def group_of(self, level: Level | None) -> ShelfGroup | None:
        return next((group for group, shown in zip(self.shelf, self.groups, strict=True) if shown is level), None)

    def title_of(self, level: Level) -> str | None:
        """The title of the assignment a group is, as the teacher's list says it; None: not one."""
        group = self.group_of(level)
        return group.title if group else None

    def collection_of(self, puzzle: Puzzle) -> Collection | None:
        """The collection a puzzle of the groups is played by (None: the game's own)."""
        return next((pick.collection for pick in self.picks if pick.puzzle.id == puzzle.id), None)

    def header(self, level: Level | None, today: date) -> tuple[str, theme.Color]:
        """The line over a group: from the teacher, the assignment's title, and when it is due."""
        group = self.group_of(level)
        if group is None:
            return "", theme.SOFT_INK
        due = due_words(group.due, today)
        text = shelf_header(group.title, due)
        if due:
            late = group.due is not None and group.due < today.isoformat()
            return text, theme.WRONG if late else theme.INK
        return text, theme.SOFT_INK
