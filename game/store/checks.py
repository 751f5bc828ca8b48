"""What a value read from a file may be: a count, a short text, a day, a moment, a time.

Headless: no pygame here. Every file of the class folder can be edited by hand or by a pupil, so
each value read from one is checked here before it is used; one that fails is left out alone.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import TypeGuard

MAX_TEXT = 200  # avatars, positions, titles: short texts
MOST_COUNT = 10**9  # hints, undos, moves, attempts: more is an edit, not a child's play


def is_count(value: object) -> TypeGuard[int]:
    # JSON true/false load as bools, which Python also counts as ints.
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MOST_COUNT


def is_text(value: object) -> TypeGuard[str]:
    # Printable also rules out lone surrogates, which could not be written as UTF-8.
    return isinstance(value, str) and len(value) <= MAX_TEXT and value.isprintable()


def is_puzzle_id(value: object) -> TypeGuard[str]:
    return is_text(value) and bool(value)


def _reads_as(value: object, parse: Callable[[str], object], length: int | None = None) -> bool:
    """Whether `value` is a string (of `length` characters, if given) that `parse` takes."""
    if not isinstance(value, str) or (length is not None and len(value) != length):
        return False
    try:
        parse(value)
    except ValueError:
        return False
    return True


def is_day(value: object) -> TypeGuard[str]:
    return _reads_as(value, date.fromisoformat)


def is_moment(value: object) -> TypeGuard[str]:
    """A moment to the second, "2026-11-24T09:41:07"."""
    return _reads_as(value, datetime.fromisoformat, 19)


def is_instant(value: object) -> TypeGuard[str]:
    """A moment to the microsecond, "2026-11-24T09:41:07.123456": two tries in one second."""
    return _reads_as(value, datetime.fromisoformat, 26)


def is_time(value: object) -> TypeGuard[float]:
    """A timestamp (seconds since 1970) as saved: a finite number, not a bool."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < 1e11
