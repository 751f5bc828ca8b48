"""The teacher's new assignment, before it is saved: where its puzzles come from (a level's next
five, of the 4x4 board or the big board, from where each child is or from a start the teacher
chooses; Our puzzles; or ids typed), the children it is for (none chosen: the whole class) and
in how many days it is due. Which puzzles that makes, and how many assignments (a level's next
five may be one per group of children at one place), is decided in `game.content.assignments`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from enum import Enum
from typing import TYPE_CHECKING, Protocol

from ...content import assignments as assign
from ...content.assignments import AssignmentError
from ...content.levels import Collection, Puzzle
from ...content.names import name_in
from ...content.next import OURS
from ...i18n import N_, _, ngettext
from ...words.assignments import names_list

if TYPE_CHECKING:
    from ...store.progress import ProgressStore

MOST_DAYS = 60  # the due stepper's end: two months ahead
BIG = N_("Big board")  # the source for the big board's levels (which one: `Draft.big_level`)
IDS = N_("Puzzle ids")  # the source for ids typed
MOST_TYPED = 400  # characters of ids typed: about forty ids


class Mode(Enum):
    """What the assignments screen shows: the list, the new one's form, or the question
    before one is removed."""

    LIST = "list"
    NEW = "new"
    CONFIRM = "confirm"


@dataclass
class Draft:
    source: str = ""  # a 4x4 level's name, BIG, OURS or IDS
    children: set[str] = field(default_factory=set)  # by name; none: the whole class
    due_days: int | None = None  # None: no due day; 0: today
    start: int | None = None  # a level's puzzle to start at; None: where each child is
    big_level: str = ""  # the big board's level, when the source is BIG
    typed: str = ""  # the ids, when the source is IDS
    start_typed: str = ""  # the start's digits typed since it was last stepped or its source chosen

    @property
    def from_level(self) -> bool:
        return self.source not in (OURS, IDS)

    def type(self, text: str) -> None:
        """Ids typed: letters, digits, dashes and the spaces or commas between them."""
        kept = "".join(char for char in text if char.isalnum() or char in "-, ")
        self.typed = (self.typed + kept)[:MOST_TYPED]

    def step_start(self, step: int, puzzles: int) -> None:
        """The start stepper: where each child is, then puzzle 1, 2 ... up to the level's last."""
        self.start_typed = ""
        self._start_at((0 if self.start is None else self.start) + step, puzzles)

    def type_start(self, digit: str, puzzles: int) -> None:
        """A digit typed after the ones before it (4 then 0: puzzle 40); one that would go past
        the level's last begins a new number."""
        typed = self.start_typed + digit
        if int(typed) > puzzles:
            typed = digit
        self.start_typed = typed.lstrip("0")
        self._start_at(int(typed), puzzles)

    def delete_start_digit(self, puzzles: int) -> None:
        """Backspace: the start's last digit off (none left: where each child is)."""
        self.start_typed = str(self.start or "")[:-1]
        self._start_at(int(self.start_typed or 0), puzzles)

    def _start_at(self, number: int, puzzles: int) -> None:
        self.start = None if number < 1 or puzzles < 1 else min(number, puzzles)

    def choose(self, source: str) -> None:
        """Another source: its start where each child is."""
        if source != self.source:
            self.start, self.start_typed = None, ""
        self.source = source

    def level_of(self, collections: Shelves) -> tuple[Collection, str, str]:
        """The collection, level and name as the teacher reads it, of a level source."""
        if self.source == BIG:
            return collections.big_collection, self.big_level, _("Level {number}").format(number=self.big_level)
        return collections.collection, self.source, _(self.source)

    def puzzles(self, collections: Shelves) -> int:
        """How many puzzles the level chosen has."""
        collection, level, _name = self.level_of(collections)
        found = collection.level(level)
        return len(found.puzzles) if found else 0

    def toggle(self, name: str) -> None:
        self.children.symmetric_difference_update({name})

    def step_due(self, step: int) -> None:
        """The stepper: no due day, today, tomorrow ... up to MOST_DAYS."""
        days = (-1 if self.due_days is None else self.due_days) + step
        self.due_days = None if days < 0 else min(days, MOST_DAYS)

    def due(self, today: date) -> str | None:
        return None if self.due_days is None else assign.day_after(today, self.due_days)

    def plan(self, collections: Shelves, store: ProgressStore, our_ids: Sequence[str] | None) -> list[assign.Planned]:
        """The assignments Save would make (a level's: one per group of the children chosen at
        one place); `AssignmentError` when there is nothing to set (`our_ids` None: the class's
        own puzzles are still being read)."""
        children = tuple(name for name in store.players() if name in self.children)
        if self.from_level:
            collection, level, name = self.level_of(collections)
            plan = assign.next_fives(collection, level, store, children, self.start, label=name)
            if not plan.sets:
                raise AssignmentError([_("Every child chosen has solved the whole level.")], nothing=True)
            return plan.sets
        if self.source == IDS:
            shelves = (collections.collection, collections.big_collection)
            known = {puzzle.id for source in shelves for puzzle in all_of(source)}
            ids = assign.from_ids(self.typed, known | set(our_ids or ()))
            title = names_list([name_in(shelves, puzzle_id) for puzzle_id in ids], assign.TITLE_NAMES)
            return [assign.Planned(title, tuple(ids), children)]
        if our_ids is None:
            raise AssignmentError([_("Looking for our puzzles…")], nothing=True)
        ids = assign.ours(our_ids, assign.assigned_ids(store.assignments()))
        return [assign.Planned(_(OURS), tuple(ids), children)]


class Shelves(Protocol):
    """The collections an assignment's puzzles come from."""

    @property
    def collection(self) -> Collection: ...
    @property
    def big_collection(self) -> Collection: ...


def all_of(collection: Collection) -> list[Puzzle]:
    return [puzzle for level in collection.levels for puzzle in level.puzzles]


def due_label(days: int | None, today: date) -> str:
    """The due stepper's words: no due day, today, or in some days and the date."""
    if days is None:
        return _("No due day")
    if days == 0:
        return _("Due today")
    day = assign.day_after(today, days)
    return ngettext("Due in {count} day: {day}", "Due in {count} days: {day}", days).format(count=days, day=day)
