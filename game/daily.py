"""Puzzles made on demand: a fresh one for a level, and the puzzle of the day.

The puzzle of the day is generated from the date alone, so every child in a class gets the
same puzzle on the same day without any network.
"""

from __future__ import annotations

import random
import threading
from dataclasses import replace
from datetime import date

from .generator import Generator, generate, level_name
from .levels import LEVEL_PIECES, Puzzle
from .rules import DEFAULT_RULES, Rules

DAILY_LEVEL = "Intermediate"
# A child waits for a fresh puzzle: unique puzzles of 8 pieces take a tenth of a second (median),
# of 9 a second or two, of 10 half a minute or more. Fresh puzzles stop at 8.
FRESH_MOST_PIECES = 8


def fresh_puzzle(level: str, rules: Rules = DEFAULT_RULES, cancel: threading.Event | None = None) -> Puzzle:
    """A new puzzle for `level`, different each time, quick enough to wait for."""
    name = level_name(level)
    fewest, most = LEVEL_PIECES[name]
    rng = random.Random()
    pieces = rng.randint(fewest, max(fewest, min(most, FRESH_MOST_PIECES)))
    puzzle = Generator(rules, cancel).puzzle(pieces, rng)
    return replace(puzzle, id=f"{name.lower()}-new", level=name)


def daily_puzzle(day: date, rules: Rules = DEFAULT_RULES, cancel: threading.Event | None = None) -> Puzzle:
    puzzle = next(generate(DAILY_LEVEL, 1, day.toordinal(), rules, cancel))
    return replace(puzzle, id=f"daily-{day.isoformat()}", level="Today")
