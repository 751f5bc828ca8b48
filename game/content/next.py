"""What comes next: the one place that decides which puzzle a child plays.

Continue (the next unsolved puzzle, the teacher's first), Next (the one after a puzzle), Today (the puzzle of the
day), a new puzzle for a level, and which level the menus start on. The level select and the
text version both ask here, so they never disagree. Headless: a child's progress comes in as
the set of ids she has solved (empty for no player, so everything starts at the first puzzle).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterable, Sequence, Set
from dataclasses import dataclass, replace
from datetime import date

from ..i18n import N_
from ..rules.variants import DEFAULT_RULES, Rules
from .levels import BIG_LEVEL_PIECES, LEVEL_NAMES, Collection, Level, Puzzle
from .puzzle_ids import big_fresh_id, daily_id

# The groups of the level select besides the four levels; their names are translated where shown.
BIG = N_("Big board")  # the 8x8 puzzles' group; its levels are chosen inside it
OURS = N_("Our puzzles")  # the class's own group: ourpuzzles.LEVEL_NAME
TEACHER = N_("From your teacher")  # the child's unfinished assignments, first when there are any
BIG_PIECES_UNKNOWN_LEVEL = (3, 12)  # a big level the game does not know: any size


@dataclass(frozen=True)
class Pick:
    """A puzzle to play, and the collection whose rules it is played by (None: the game's own)."""

    puzzle: Puzzle
    collection: Collection | None = None


def playable_levels(collection: Collection) -> list[Level]:
    """The levels of a collection that have puzzles, in its order."""
    return [level for level in collection.levels if level.puzzles]


def shown_levels(collection: Collection) -> list[Level]:
    """The 4x4 levels the level select offers: the collection's, or the four empty ones
    without a collection, so "New puzzle" works anyway."""
    return playable_levels(collection) or [Level(name) for name in LEVEL_NAMES]


def all_puzzles(levels: Iterable[Level]) -> list[Puzzle]:
    return [puzzle for level in levels for puzzle in level.puzzles]


def next_unsolved(puzzles: Iterable[Puzzle], solved: Set[str]) -> Puzzle | None:
    """The first puzzle not solved yet, in the collection's order (easiest first)."""
    return next((puzzle for puzzle in puzzles if puzzle.id not in solved), None)


def next_index(puzzles: Sequence[Puzzle], solved: Set[str]) -> int | None:
    """Where in a level the child should play next; None when she solved all of it."""
    return next((index for index, puzzle in enumerate(puzzles) if puzzle.id not in solved), None)


def find_pick(puzzle_id: str, collection: Collection, big: Collection, ours: Sequence[Puzzle] = ()) -> Pick | None:
    """A puzzle by its id: in the 4x4 collection, the big board's (played by its rules) or the
    class's own; None when none holds it."""
    puzzle = collection.puzzle(puzzle_id)
    if puzzle is not None:
        return Pick(puzzle)
    puzzle = big.puzzle(puzzle_id)
    if puzzle is not None:
        return Pick(puzzle, big)
    return next((Pick(puzzle) for puzzle in ours if puzzle.id == puzzle_id), None)


def picks_of(
    puzzle_ids: Iterable[str], collection: Collection, big: Collection, ours: Sequence[Puzzle] = ()
) -> list[Pick]:
    """The puzzles of a list of ids (a teacher's), each once, in order; an id no collection
    holds (a puzzle of our own not read yet, or deleted) is left out."""
    picks = (find_pick(puzzle_id, collection, big, ours) for puzzle_id in dict.fromkeys(puzzle_ids))
    return [pick for pick in picks if pick is not None]


def continue_puzzle(
    collection: Collection, big: Collection, solved: Set[str], on_big_board: bool, assigned: Sequence[Pick] = ()
) -> Pick | None:
    """Continue: the first unsolved puzzle the teacher set (`assigned`, in order); else the next
    puzzle this child has not solved, on the big board while its group is shown, else in the
    4x4 collection, and on the big board once every 4x4 puzzle is solved. None when she has
    solved them all."""
    teachers = next((pick for pick in assigned if pick.puzzle.id not in solved), None)
    if teachers is not None:
        return teachers
    big_next = next_unsolved(all_puzzles(playable_levels(big)), solved)
    if on_big_board and big_next is not None:
        return Pick(big_next, big)
    small_next = next_unsolved(all_puzzles(collection.levels), solved)
    if small_next is not None:
        return Pick(small_next)
    return Pick(big_next, big) if big_next is not None else None


def start_puzzle_id(
    collection: Collection, big: Collection, solved: Set[str], assigned: Sequence[Pick] = ()
) -> str | None:
    """The puzzle Continue would play when the level select opens, so it opens on its group."""
    pick = continue_puzzle(collection, big, solved, on_big_board=False, assigned=assigned)
    return pick.puzzle.id if pick else None


def level_holding(levels: Sequence[Level], puzzle_id: str | None) -> int:
    """The index of the level holding a puzzle; the first level when none does."""
    found = (index for index, level in enumerate(levels) if any(puzzle.id == puzzle_id for puzzle in level.puzzles))
    return next(found, 0)


def big_start_level(big: Collection, solved: Set[str]) -> int:
    """The big board's level to show first: the one of its next unsolved puzzle."""
    levels = playable_levels(big)
    puzzle = next_unsolved(all_puzzles(levels), solved)
    return level_holding(levels, puzzle.id if puzzle else None)


def puzzle_after(collection: Collection, puzzle_id: str) -> Puzzle | None:
    """Next: the puzzle that follows `puzzle_id` in the collection, across levels."""
    ordered = all_puzzles(collection.levels)
    ids = [puzzle.id for puzzle in ordered]
    if puzzle_id in ids and ids.index(puzzle_id) + 1 < len(ordered):
        return ordered[ids.index(puzzle_id) + 1]
    return None


def todays_id(day: date | None = None) -> str:
    """Today: the id of the puzzle of the day (today's, unless a day is given)."""
    return daily_id(day or date.today())


def todays_puzzle(
    day: date,
    rules: Rules = DEFAULT_RULES,
    cancel: threading.Event | None = None,
    collection: Collection | None = None,
    solved: Set[str] = frozenset(),
) -> Puzzle:
    """Today's puzzle at the child's own level (`daily_level`), or Intermediate with no collection."""
    from .daily import DAILY_LEVEL, daily_level, daily_puzzle

    level = daily_level(collection, solved) if collection is not None else DAILY_LEVEL
    return daily_puzzle(day, rules=rules, cancel=cancel, level=level)


def new_puzzle(level: str, rules: Rules = DEFAULT_RULES, cancel: threading.Event | None = None) -> Puzzle:
    """A fresh puzzle for a 4x4 level, in the sizes of the level's puzzles."""
    from .daily import fresh_puzzle

    return fresh_puzzle(level, rules=rules, cancel=cancel)


def new_big_puzzle(level: str, title: str = "", cancel: threading.Event | None = None) -> Puzzle:
    """A fresh big-board puzzle with as many pieces as the level's, not measured (a count of
    its solutions would only keep the child waiting)."""
    from ..engine.big import BigGenerator

    rng = random.Random()
    fewest, most = BIG_LEVEL_PIECES.get(level, BIG_PIECES_UNKNOWN_LEVEL)
    puzzle = BigGenerator(cancel).puzzle(rng.randint(fewest, most), rng, measured=False)
    return replace(puzzle, id=big_fresh_id(level), level=level, title=title)


def any_puzzle(level: Level, rng: random.Random | None = None) -> Puzzle:
    """A puzzle of a level for a player who did not choose one (the text version's Enter)."""
    return (rng or random.Random()).choice(level.puzzles)
