"""The teacher's new assignment, before it is saved: where its puzzles come from (a level's next
five, or Our puzzles), the children it is for (none chosen: the whole class) and in how many
days it is due. Which puzzles that makes is decided in `game.content.assignments`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from enum import Enum
from typing import TYPE_CHECKING

from ...content import assignments as assign
from ...content.assignments import AssignmentError
from ...content.levels import Collection
from ...content.next import OURS
from ...i18n import _, ngettext

if TYPE_CHECKING:
    from ...store.progress import ProgressStore

MOST_DAYS = 60  # the due stepper's end: two months ahead


class Mode(Enum):
    """What the assignments screen shows: the list, the new one's form, or the question
    before one is removed."""

    LIST = "list"
    NEW = "new"
    CONFIRM = "confirm"


@dataclass
class Draft:
    source: str = ""  # a 4x4 level's name, or OURS
    children: set[str] = field(default_factory=set)  # by name; none: the whole class
    due_days: int | None = None  # None: no due day; 0: today

    def toggle(self, name: str) -> None:
        self.children.symmetric_difference_update({name})

    def step_due(self, step: int) -> None:
        """The stepper: no due day, today, tomorrow ... up to MOST_DAYS."""
        days = (-1 if self.due_days is None else self.due_days) + step
        self.due_days = None if days < 0 else min(days, MOST_DAYS)

    def due(self, today: date) -> str | None:
        return None if self.due_days is None else assign.day_after(today, self.due_days)

    def plan(
        self, collection: Collection, store: ProgressStore, our_ids: Sequence[str] | None
    ) -> tuple[str, list[str]]:
        """The assignment's title and puzzles; `AssignmentError` when there are none to set
        (`our_ids` None: the class's own puzzles are still being read)."""
        assigned = assign.assigned_ids(store.assignments())
        if self.source != OURS:
            ids = assign.next_five(collection, self.source, assigned)
            return assign.level_title(_(self.source), ids), ids
        if our_ids is None:
            raise AssignmentError([_("Looking for our puzzles…")], nothing=True)
        return _(OURS), assign.ours(our_ids, assigned)


def due_label(days: int | None, today: date) -> str:
    """The due stepper's words: no due day, today, or in some days and the date."""
    if days is None:
        return _("No due day")
    if days == 0:
        return _("Due today")
    day = assign.day_after(today, days)
    return ngettext("Due in {count} day: {day}", "Due in {count} days: {day}", days).format(count=days, day=day)
