"""Assignments: the puzzles a teacher sets, and who has finished them.

Headless, below the store: what the store keeps (an assignment, the class's players and what
each solved) comes in through the small protocols here, so the command line, the teacher's
screen and the level select build an assignment's puzzles and count who finished it alike.

- ``next_five(collection, level_name, assigned, count=5)``: the next puzzles of a level after
  the last one already assigned from it (from its first when none was); once the level's end
  is reached, it starts again at its first.
- ``from_ids(text, known)``: ids typed, separated by spaces or commas, each one known (as
  loosely written as `puzzle_ids.canonical` reads them: `beginner-7`).
- ``ours(our_ids, assigned)``: the class's own puzzles not assigned yet (all of them once
  every one was).
- ``finished_by(assignment, store)``: who finished it (every puzzle solved) and who not yet,
  among the children it is for.
- ``level_title(level, ids)``: the name of a level's puzzles set; ``about(assignment, store)``
  and ``progress_words(finished)``: an assignment in words, for the teacher (the sentences are
  made in `game.words.assignments`, which also says when one is due, for the child).
- ``unfinished_for(assignments, solved)``, ``assigned_ids(assignments)``, ``parse_day(text)``:
  the level select's and the command line's small helpers.
"""

from __future__ import annotations

import re
from collections.abc import Collection as Container
from collections.abc import Iterable, Sequence, Set
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Protocol, TypeVar

from ..i18n import _
from ..words import assignments as words
from .levels import Collection
from .puzzle_ids import canonical, tile_number

NEXT_COUNT = 5  # a level's "next five"
_SEPARATORS = re.compile(r"[\s,;]+")


class AssignmentError(ValueError):
    """An assignment cannot be made; `problems` says why, one line each; `nothing`: what was
    asked for is right, but there is nothing (left) to set."""

    def __init__(self, problems: Sequence[str], nothing: bool = False) -> None:
        super().__init__("\n".join(problems))
        self.problems = list(problems)
        self.nothing = nothing


class SetPuzzles(Protocol):
    """What an assignment is here: its puzzles, and the children it is for (none: the class)."""

    @property
    def puzzle_ids(self) -> tuple[str, ...]: ...
    @property
    def children(self) -> tuple[str, ...]: ...


class Assigned(SetPuzzles, Protocol):
    @property
    def due(self) -> str | None: ...


class Someone(Protocol):
    @property
    def id(self) -> str: ...


class Class(Protocol):
    """What the class's progress tells: its children and what each has solved."""

    def players(self) -> list[str]: ...
    def player(self, name: str) -> Someone: ...
    def solved_ids(self, player: str) -> set[str]: ...


Set_ = TypeVar("Set_", bound=SetPuzzles)


@dataclass(frozen=True)
class Finished:
    """The children an assignment is for, by name (alphabetical): done, and not done yet."""

    done: list[str]
    not_done: list[str]

    @property
    def total(self) -> int:
        return len(self.done) + len(self.not_done)


def next_five(collection: Collection, level_name: str, assigned: Set[str], count: int = NEXT_COUNT) -> list[str]:
    """The `count` puzzles of a level after the last one of it already assigned, in its order."""
    level = collection.level(level_name)
    if level is None:
        raise AssignmentError([_("There is no level {level}.").format(level=level_name)])
    if not level.puzzles:
        raise AssignmentError([_("There are no {level} puzzles to set.").format(level=level_name)], nothing=True)
    if count < 1:
        raise AssignmentError([_("Set at least one puzzle.")])
    ids = [puzzle.id for puzzle in level.puzzles]
    last = max((index for index, puzzle_id in enumerate(ids) if puzzle_id in assigned), default=-1)
    start = last + 1 if last + 1 < len(ids) else 0
    return ids[start : start + count]


def level_title(level: str, ids: Sequence[str]) -> str:
    """An assignment's name from a level's puzzles: "Beginner: puzzles 6 to 10" (`level` as
    the teacher reads it)."""
    return words.level_title(level, tile_number(ids[0]), tile_number(ids[-1]))


def from_ids(text: str, known: Container[str]) -> list[str]:
    """The ids typed, in their order, each once; one problem per unknown id."""
    typed = list(dict.fromkeys(item for item in _SEPARATORS.split(text) if item))
    if not typed:
        raise AssignmentError([_("Give the ids of the puzzles to set, like beginner-001 beginner-002.")])
    found = {item: canonical(item, known) for item in typed}
    unknown = [item for item, puzzle_id in found.items() if puzzle_id is None]
    if unknown:
        raise AssignmentError([_("There is no puzzle {id}.").format(id=item) for item in unknown])
    return list(dict.fromkeys(puzzle_id for puzzle_id in found.values() if puzzle_id is not None))


def ours(our_ids: Sequence[str], assigned: Set[str]) -> list[str]:
    """The class's own puzzles not set yet; all of them again once every one was."""
    if not our_ids:
        raise AssignmentError([_("There are no puzzles of your own yet: make one with 'Make a puzzle'.")], nothing=True)
    fresh = [puzzle_id for puzzle_id in our_ids if puzzle_id not in assigned]
    return fresh or list(our_ids)


def assigned_ids(assignments: Iterable[SetPuzzles]) -> set[str]:
    return {puzzle_id for assignment in assignments for puzzle_id in assignment.puzzle_ids}


def is_finished(assignment: SetPuzzles, solved: Set[str]) -> bool:
    return all(puzzle_id in solved for puzzle_id in assignment.puzzle_ids)


def unfinished_for(assignments: Iterable[Set_], solved: Set[str]) -> list[Set_]:
    """A child's assignments she has not finished yet, in their order."""
    return [assignment for assignment in assignments if not is_finished(assignment, solved)]


def children_of(assignment: SetPuzzles, store: Class) -> list[str]:
    """The names of the children an assignment is for: the whole class when it names none
    (a child removed since is left out)."""
    names = store.players()
    if not assignment.children:
        return names
    wanted = set(assignment.children)
    return [name for name in names if store.player(name).id in wanted]


def finished_by(assignment: SetPuzzles, store: Class) -> Finished:
    done: list[str] = []
    not_done: list[str] = []
    for name in children_of(assignment, store):
        (done if is_finished(assignment, store.solved_ids(name)) else not_done).append(name)
    return Finished(done, not_done)


def about(assignment: Assigned, store: Class, most: int | None = None) -> list[str]:
    """How many puzzles, when due, for whom: as the teacher reads them in a list (at most
    `most` of the children's names, then "and 3 more")."""
    children = children_of(assignment, store) if assignment.children else None
    return words.about(len(assignment.puzzle_ids), assignment.due, children, most)


def progress_words(finished: Finished, most: int | None = None) -> list[str]:
    """ "12 of 20 finished", and who has not finished yet (nothing when all have; at most
    `most` of their names, then "and 3 more")."""
    return words.progress(len(finished.done), finished.total, finished.not_done, most)


def parse_day(text: str) -> str:
    """A due day typed as YYYY-MM-DD, checked; `AssignmentError` otherwise."""
    try:
        return date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        raise AssignmentError([_("Give the day like 2026-12-01, not '{text}'.").format(text=text)]) from None


def day_after(today: date, days: int) -> str:
    return (today + timedelta(days=days)).isoformat()
