"""Puzzles made on demand: a fresh one for a level, and the puzzle of the day.

The puzzle of the day is generated from the date and the child's own level, so every child of
a class at the same level gets the same puzzle on the same day without any network, and a
child who has just finished Beginner 3 gets a Beginner puzzle, not an Intermediate one of six
pieces.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Set
from dataclasses import replace
from datetime import date

from ..engine.generator import Generator, generate, level_name, level_sizes
from ..engine.puzzle import LEVEL_NAMES
from ..rules.variants import DEFAULT_RULES, Rules
from .levels import Collection, Puzzle
from .puzzle_ids import daily_id, fresh_id

DAILY_LEVEL = "Intermediate"  # for a caller that knows no child (the text version's default)


def fresh_puzzle(level: str, rules: Rules = DEFAULT_RULES, cancel: threading.Event | None = None) -> Puzzle:
    """A new puzzle for `level`, different each time, in the sizes of the level's puzzles
    (Expert's 8 to 10 pieces, the big ones seldom: see `SIZE_WEIGHTS`)."""
    name = level_name(level)
    sizes = level_sizes(name)
    rng = random.Random()
    pieces = rng.choices(list(sizes), weights=list(sizes.values()))[0]
    puzzle = Generator(rules, cancel).puzzle(pieces, rng)
    return replace(puzzle, id=fresh_id(name), level=name)


def daily_level(collection: Collection, solved: Set[str]) -> str:
    """The level a child is at: the one holding her next unsolved puzzle, Beginner for a new
    child, the hardest once she has solved every one. A level the generator does not know (a
    teacher's own collection) counts as Beginner."""
    for level in collection.levels:
        if any(puzzle.id not in solved for puzzle in level.puzzles):
            return level.name if level.name in LEVEL_NAMES else LEVEL_NAMES[0]
    played = [level.name for level in collection.levels if level.puzzles and level.name in LEVEL_NAMES]
    return played[-1] if played else LEVEL_NAMES[0]


# The puzzles of the day made in this process, by day, rules and level: a child who opens Today
# again, or the next child at her level on the same computer, does not wait for it again (an
# Expert one can take seconds on a school laptop). A few are kept: the days and levels of a class.
DAILY_KEPT = 16
_made: dict[tuple[date, Rules, str], Puzzle] = {}


def daily_puzzle(
    day: date, rules: Rules = DEFAULT_RULES, cancel: threading.Event | None = None, level: str = DAILY_LEVEL
) -> Puzzle:
    """The day's puzzle for a level: the same for every child at that level on that day. Its id
    is the day's alone, so a child's record says whether she solved the day's puzzle."""
    name = level_name(level)
    key = (day, rules, name)
    puzzle = _made.get(key)
    if puzzle is None:
        puzzle = replace(next(generate(name, 1, day.toordinal(), rules, cancel)), id=daily_id(day), level="Today")
        if len(_made) >= DAILY_KEPT:
            _made.pop(next(iter(_made)), None)
        _made[key] = puzzle
    return puzzle
