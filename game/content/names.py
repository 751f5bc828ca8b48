"""How the teacher's screens name a puzzle: "Beginner 7", "Big board 3-7", "Puzzle of the day".

The class table, a child's page and the live class all say a puzzle the same way, from its id
and, for a collection's puzzle, its level and place in the level.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..i18n import N_, _
from ..words.school import stage_name
from . import puzzle_ids
from .levels import LEVEL_NAMES, Collection
from .school import PREFIX, is_school_id

# The big board's puzzles, as one more column of the class's table.
BIG_BOARD = N_("Big board")


def puzzle_name(level: str, number: int, puzzle_id: str) -> str:
    """A puzzle's name from its level and number in a collection ("Beginner 7"); with no level,
    from its id alone: "Big board 3-7", "Puzzle of the day", else the id."""
    if is_school_id(puzzle_id):  # "school-rook-2": "Piece school: Rook 2"
        house, _dash, place = puzzle_id.removeprefix(PREFIX).rpartition("-")
        if place.isdigit():
            return stage_name(house, int(place))
    big = puzzle_ids.big_place(puzzle_id)
    if big:
        return f"{_(BIG_BOARD)} {big[0]}-{big[1]}"
    if level:
        return f"{_(level)} {number}"
    parsed = puzzle_ids.parse(puzzle_id)
    if parsed is None:
        return puzzle_id
    if parsed.kind is puzzle_ids.Kind.DAILY:
        return _("Puzzle of the day")
    if parsed.kind is puzzle_ids.Kind.OURS:
        return _("Our puzzles")
    known = {name.casefold(): name for name in LEVEL_NAMES}.get(parsed.level.casefold())
    if parsed.kind is puzzle_ids.Kind.LEVEL and known and parsed.number is None:
        return _("New {level} puzzle").format(level=_(known))
    return puzzle_id


def place_in(collections: Iterable[Collection], puzzle_id: str) -> tuple[str, int]:
    """The puzzle's level and number (from 1) in the first collection that has it; ("", 0) when none does."""
    for collection in collections:
        for level in collection.levels:
            for number, puzzle in enumerate(level.puzzles, start=1):
                if puzzle.id == puzzle_id:
                    return level.name, number
    return "", 0


def name_in(collections: Iterable[Collection], puzzle_id: str) -> str:
    """The puzzle's name as the teacher's screens say it, looked up in `collections`."""
    return puzzle_name(*place_in(collections, puzzle_id), puzzle_id)
