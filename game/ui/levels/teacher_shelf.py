"""The puzzles the teacher set, as the level select shows them: the group "From your teacher",
first when the child playing has assignments she has not finished. Their puzzles may come from
the 4x4 collection, the big board's or the class's own, so each remembers the collection it is
played by. The scene decides when to look again (when it comes back on screen, when the class's
own puzzles were read); which puzzles and who finished is decided in `game.content`."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING

from ...content.assignments import unfinished_for
from ...content.levels import Collection, Level, Puzzle
from ...content.next import TEACHER, Pick, picks_of
from ...i18n import ngettext
from ...words.assignments import due_words
from ..core import theme

if TYPE_CHECKING:
    from ...store.progress import ProgressStore
    from ..core.context import Collections


class TeacherShelf:
    def __init__(self) -> None:
        self.level = Level(TEACHER)
        self.picks: list[Pick] = []  # the puzzles of the child's unfinished assignments, in order
        self.due: str | None = None  # the soonest day one of them is due

    @property
    def shown(self) -> bool:
        return bool(self.level.puzzles)

    @property
    def groups(self) -> list[Level]:
        """The group, for the level select's list: none when there is nothing to do."""
        return [self.level] if self.shown else []

    def take(self, store: ProgressStore, player: str | None, collections: Collections, ours: Sequence[Puzzle]) -> bool:
        """Look at the child's assignments again; True when the group came or went."""
        was_shown = self.shown
        solved = store.solved_ids(player) if player else set()
        left = unfinished_for(store.assignments_for(player), solved) if player else []
        ids = [puzzle_id for assignment in left for puzzle_id in assignment.puzzle_ids]
        self.picks = picks_of(ids, collections.collection, collections.big_collection, ours)
        self.level.puzzles = [pick.puzzle for pick in self.picks]
        self.due = min((assignment.due for assignment in left if assignment.due), default=None)
        return self.shown != was_shown

    def collection_of(self, puzzle: Puzzle) -> Collection | None:
        """The collection a puzzle of the group is played by (None: the game's own)."""
        return next((pick.collection for pick in self.picks if pick.puzzle is puzzle), None)

    def header(self, today: date) -> tuple[str, theme.Color]:
        """The line over the group: how many puzzles, and when they are due."""
        count = len(self.level.puzzles)
        text = ngettext("From your teacher: {count} puzzle", "From your teacher: {count} puzzles", count)
        text = text.format(count=count)
        due = due_words(self.due, today)
        if due:
            return f"{text} · {due}", theme.WRONG if self.late(today) else theme.INK
        return text, theme.SOFT_INK

    def late(self, today: date) -> bool:
        return self.due is not None and self.due < today.isoformat()
