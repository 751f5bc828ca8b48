"""Assignments: the puzzles a teacher sets, and who has finished them.

Headless, below the store: what the store keeps (an assignment, the class's players and what
each solved) comes in through the small protocols here, so the command line, the teacher's
screen and the level select build an assignment's puzzles and count who finished it alike.

- ``next_fives(collection, level_name, store, children=(), start=None, count=5) -> Plan``: a
  level's next five from where each child is: her own first unsolved puzzle of the level, and
  the puzzles she has not solved after it (so a child at 4 and one at 40 each get their own);
  or, with a `start` the teacher typed (a number in the level), the same five from there for
  all. Children given the same puzzles share one assignment (the whole class's when every
  child is at one place); a child who solved the whole level gets none and is named in
  `Plan.finished`.
- ``next_five(collection, level_name, assigned, count=5)``: the next puzzles of a level after
  the last one already assigned from it (from its first when none was); once the level's end
  is reached, it starts again at its first.
- ``from_ids(text, known)``: ids typed, separated by spaces or commas, each one known (as
  loosely written as `puzzle_ids.canonical` reads them: `beginner-7`).
- ``ours(our_ids, assigned)``: the class's own puzzles not assigned yet (all of them once
  every one was).
- ``finished_by(assignment, store)``: who finished it (every puzzle solved) and who not yet,
  among the children it is for.
- ``level_title(level, ids)``: the name of a level's puzzles set; ``made_title(ids)`` the one
  the game gives puzzles set without a title; ``shown_title(assignment)`` an assignment's title
  in the reader's language (see there); ``about(assignment, store)``
  and ``progress_words(finished)``: an assignment in words, for the teacher (the sentences are
  made in `game.words.assignments`, which also says when one is due, for the child).
- ``shelf_groups(assignments, solved)``: what the child sees of her unfinished assignments,
  one group each: its title, its due day, and each puzzle with its own number.
- ``solved_of(assignments, solved)``: each one's title and how many of its puzzles are solved,
  for a child's page (in words by `game.words.assignments.hers`).
- ``unfinished_for(assignments, solved)``, ``assigned_ids(assignments)``, ``parse_day(text)``:
  the level select's and the command line's small helpers.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Sequence, Set
from collections.abc import Collection as Container
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Protocol, TypeVar

from ..i18n import LANGUAGES, _, in_language, language, ngettext
from ..words import assignments as words
from . import puzzle_ids
from .levels import LEVEL_NAMES, Collection
from .names import puzzle_name
from .next import OURS
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
    _name, ids = _level_ids(collection, level_name, count)
    last = max((index for index, puzzle_id in enumerate(ids) if puzzle_id in assigned), default=-1)
    start = last + 1 if last + 1 < len(ids) else 0
    return ids[start : start + count]


@dataclass(frozen=True)
class Planned:
    """One assignment to make: its title, its puzzles, and the children (by name) it is for;
    none: the whole class."""

    title: str
    puzzle_ids: tuple[str, ...]
    children: tuple[str, ...]


@dataclass(frozen=True)
class Plan:
    sets: list[Planned]
    finished: list[str]  # children who solved every puzzle of the level: nothing was set for them


def _level_ids(collection: Collection, level_name: str, count: int) -> tuple[str, list[str]]:
    """The level's name as it is written in the collection, and its puzzles' ids."""
    level = collection.level(level_name)
    if level is None:
        raise AssignmentError([_("There is no level {level}.").format(level=level_name)])
    if not level.puzzles:
        raise AssignmentError([_("There are no {level} puzzles to set.").format(level=level_name)], nothing=True)
    if count < 1:
        raise AssignmentError([_("Set at least one puzzle.")])
    return level.name, [puzzle.id for puzzle in level.puzzles]


def from_where_she_is(ids: Sequence[str], solved: Set[str], count: int = NEXT_COUNT) -> tuple[str, ...]:
    """A child's next `count` of a level: from her first unsolved puzzle, those she has not solved."""
    return tuple([puzzle_id for puzzle_id in ids if puzzle_id not in solved][:count])


def next_fives(
    collection: Collection,
    level_name: str,
    store: Class,
    children: Sequence[str] = (),
    start: int | None = None,
    count: int = NEXT_COUNT,
    label: str | None = None,
) -> Plan:
    """A level's next five for each of `children` (by name; none: the whole class) from where
    she is, or from the puzzle numbered `start` for all of them (see the module's docstring).
    `label` names the level in the titles as the teacher reads it (its name, translated)."""
    name, ids = _level_ids(collection, level_name, count)
    label = label or _(name)
    if start is not None:
        if not 1 <= start <= len(ids):
            problem = _("{level} has puzzles 1 to {last}: start at one of them.")
            raise AssignmentError([problem.format(level=label, last=len(ids))])
        chosen = tuple(ids[start - 1 : start - 1 + count])
        return Plan([Planned(level_title(label, chosen), chosen, tuple(children))], [])
    names = list(children) or store.players()
    if not names:  # nobody in the class yet: everyone will start at the level's first
        chosen = tuple(ids[:count])
        return Plan([Planned(level_title(label, chosen), chosen, ())], [])
    groups: dict[tuple[str, ...], list[str]] = {}
    finished: list[str] = []
    for name in names:
        hers = from_where_she_is(ids, store.solved_ids(name), count)
        (groups.setdefault(hers, []) if hers else finished).append(name)
    if not children and not finished and len(groups) == 1:  # all at one place: the class's, newcomers too
        groups = {chosen: [] for chosen in groups}
    sets = [Planned(level_title(label, chosen), chosen, tuple(group)) for chosen, group in groups.items()]
    return Plan(sorted(sets, key=lambda planned: ids.index(planned.puzzle_ids[0])), finished)


@dataclass(frozen=True)
class ShelfGroup:
    """An unfinished assignment as the child sees it: its title, when due, its puzzles, and
    the number each puzzle's tile shows (its own number in its level, not its place here)."""

    title: str
    due: str | None
    puzzle_ids: tuple[str, ...]
    numbers: tuple[str, ...]


class Titled(Assigned, Protocol):
    @property
    def title(self) -> str: ...


def own_number(puzzle_id: str) -> str:
    """The number a puzzle goes by wherever it is shown: "7" for beginner-007, "3-7" for a big
    board's (its level, then its place), the end of any other id."""
    place = puzzle_ids.big_place(puzzle_id)
    return f"{place[0]}-{place[1]}" if place else tile_number(puzzle_id)


def shelf_groups(assignments: Iterable[Titled], solved: Set[str]) -> list[ShelfGroup]:
    """A group for each of the child's unfinished assignments, in their order."""
    return [
        ShelfGroup(
            shown_title(item), item.due, item.puzzle_ids, tuple(own_number(puzzle_id) for puzzle_id in item.puzzle_ids)
        )
        for item in unfinished_for(assignments, solved)
    ]


def solved_of(assignments: Iterable[Titled], solved: Set[str]) -> list[tuple[str, int, int]]:
    """Each assignment's title, how many of its puzzles are solved, and how many it has."""
    return [
        (shown_title(item), sum(puzzle_id in solved for puzzle_id in item.puzzle_ids), len(item.puzzle_ids))
        for item in assignments
    ]


def level_title(level: str, ids: Sequence[str]) -> str:
    """An assignment's name from a level's puzzles: "Beginner: puzzles 6 to 10" (`level` as
    the teacher reads it)."""
    return words.level_title(level, tile_number(ids[0]), tile_number(ids[-1]))


TITLE_NAMES = 3  # puzzles named in the title of ids typed; the rest counted


def _level_label(ids: Sequence[str]) -> Callable[[], str] | None:
    """The level all of `ids` are places of, named as the teacher reads it (a maker, to call in
    any language); None when they are not all of one level of the game's collections."""
    parsed = [puzzle_ids.parse(puzzle_id) for puzzle_id in ids]
    levels = {(item.kind, item.level) if item is not None and item.in_collection else None for item in parsed}
    if len(levels) != 1 or None in levels:
        return None
    ((kind, level),) = {place for place in levels if place is not None}
    if kind is puzzle_ids.Kind.BIG:
        return lambda: _("Level {number}").format(number=level)
    known = {name.casefold(): name for name in LEVEL_NAMES}.get(level.casefold())
    if known is None:
        return None
    return lambda: _(known)


def _name_of(puzzle_id: str) -> str:
    """A puzzle's name from its id alone, as `names.name_in` gives it for the game's collections."""
    parsed = puzzle_ids.parse(puzzle_id)
    known = {name.casefold(): name for name in LEVEL_NAMES}.get(parsed.level.casefold()) if parsed else None
    if parsed is not None and parsed.kind is puzzle_ids.Kind.LEVEL and parsed.in_collection and known:
        return puzzle_name(known, parsed.number or 0, puzzle_id)
    return puzzle_name("", 0, puzzle_id)


def _count_title(ids: Sequence[str]) -> str:
    return ngettext("{count} puzzle", "{count} puzzles", len(ids)).format(count=len(ids))


def _makers(ids: tuple[str, ...]) -> list[Callable[[], str]]:
    """Every title the game makes for these puzzles, each to call in the language wanted."""
    makers: list[Callable[[], str]] = [
        lambda: _count_title(ids),
        lambda: _(OURS),
        lambda: words.names_list([_name_of(puzzle_id) for puzzle_id in ids], TITLE_NAMES),
    ]
    label = _level_label(ids)
    if label is not None:
        makers.insert(0, lambda: level_title(label(), ids))
    return makers


def made_title(ids: Sequence[str]) -> str:
    """The title the game gives puzzles set without one: a level's range ("Beginner: puzzles 1
    to 5") when they are puzzles following each other in one level, else how many they are."""
    numbers = [tile_number(puzzle_id) for puzzle_id in ids]
    following = all(number.isdigit() for number in numbers) and [int(number) for number in numbers] == list(
        range(int(numbers[0]), int(numbers[0]) + len(numbers))
    )
    label = _level_label(ids)
    return level_title(label(), ids) if following and label is not None else _count_title(ids)


@functools.lru_cache(maxsize=512)
def _shown(title: str, ids: tuple[str, ...], reader: str) -> str:
    # `reader`, the language in use, is only part of the cache's key.
    makers = _makers(ids)
    for made_in in LANGUAGES:
        with in_language(made_in):
            made = next((make for make in makers if " ".join(make().split()) == title), None)
        if made is not None:
            return made()
    return title


def shown_title(assignment: Titled) -> str:
    """An assignment's title in the reader's language: a title the game made (a level's range,
    a count, the class's own puzzles, puzzles by name) is stored in the words of the teacher
    who set it and recognised here from its puzzles, so it is said again in the language now in
    use; a title the teacher typed, or one the game no longer makes, stays as it is."""
    return _shown(assignment.title, tuple(assignment.puzzle_ids), language())


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


def unfinished_ids(assignments: Iterable[SetPuzzles], solved: Set[str]) -> list[str]:
    """The puzzles of a child's unfinished assignments, in order: what her Continue plays first."""
    return [puzzle_id for assignment in unfinished_for(assignments, solved) for puzzle_id in assignment.puzzle_ids]


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
