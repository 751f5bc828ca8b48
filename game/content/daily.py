"""Puzzles made on demand: a fresh one for a level, and the puzzle of the day.

The puzzle of the day is generated from the date alone, so every child in a class gets the
same puzzle on the same day without any network.
"""

from __future__ import annotations

import random
import threading
from dataclasses import replace
from datetime import date

from ..engine.generator import Generator, generate, level_name, level_sizes
from ..rules.variants import DEFAULT_RULES, Rules
from .levels import Puzzle
from .puzzle_ids import daily_id, fresh_id

DAILY_LEVEL = "Intermediate"


def fresh_puzzle(level: str, rules: Rules = DEFAULT_RULES, cancel: threading.Event | None = None) -> Puzzle:
    """A new puzzle for `level`, different each time, in the sizes of the level's puzzles
    (Expert's 8 to 10 pieces, the big ones seldom: see `SIZE_WEIGHTS`)."""
    name = level_name(level)
    sizes = level_sizes(name)
    rng = random.Random()
    pieces = rng.choices(list(sizes), weights=list(sizes.values()))[0]
    puzzle = Generator(rules, cancel).puzzle(pieces, rng)
    return replace(puzzle, id=fresh_id(name), level=name)


def daily_puzzle(day: date, rules: Rules = DEFAULT_RULES, cancel: threading.Event | None = None) -> Puzzle:
    puzzle = next(generate(DAILY_LEVEL, 1, day.toordinal(), rules, cancel))
    return replace(puzzle, id=daily_id(day), level="Today")
