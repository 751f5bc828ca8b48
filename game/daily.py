"""Puzzles made on demand: a fresh one for a level, and the puzzle of the day.

The puzzle of the day is generated from the date alone, so every child in a class gets the
same puzzle on the same day without any network.
"""

from __future__ import annotations

import threading
from dataclasses import replace
from datetime import date

from .generator import generate
from .levels import Puzzle
from .rules import DEFAULT_RULES, Rules

DAILY_LEVEL = "Intermediate"


def fresh_puzzle(level: str, rules: Rules = DEFAULT_RULES, cancel: threading.Event | None = None) -> Puzzle:
    """A new puzzle for `level`, different each time."""
    return next(generate(level, 1, None, rules, cancel))


def daily_puzzle(day: date, rules: Rules = DEFAULT_RULES, cancel: threading.Event | None = None) -> Puzzle:
    puzzle = next(generate(DAILY_LEVEL, 1, day.toordinal(), rules, cancel))
    return replace(puzzle, id=f"daily-{day.isoformat()}", level="Today")
