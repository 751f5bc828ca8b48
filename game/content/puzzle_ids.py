"""Puzzle ids: the one place they are made and read.

A puzzle's id is what progress is stored under, so its text never changes once written:

- a 4x4 collection puzzle: `beginner-007` (its level, lower case, and its place in the level);
- a big-board collection puzzle: `big-03-007` (its level, two digits, and its place);
- a puzzle generated from a seed (`solochess generate`): `beginner-r42-001`, `big-03-r42-001`;
- a fresh puzzle made in the game: `beginner-new`, `big-03-new`;
- the puzzle of the day: `daily-2025-03-14`;
- a puzzle of the class's own collection: `our-H1ZT3VZ9` (its share code without the dash).

Any other text is an id too (a collection given with --levels may name its puzzles freely):
`parse` answers None for it. A person may type an id loosely (`Beginner-7`, `big-3-7`,
`OUR-h1zt-3vz9`); `canonical` finds the id meant, the same way for every command that takes one.
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterator
from dataclasses import dataclass
from datetime import date
from enum import Enum


class Kind(Enum):
    LEVEL = "level"  # one of the four 4x4 levels
    BIG = "big"  # one of the big board's numbered levels
    DAILY = "daily"
    OURS = "our"


NEW = "new"  # in place of the number: a fresh puzzle, made in the game


@dataclass(frozen=True)
class PuzzleId:
    """An id read: its kind, the level ("beginner", or "3" on the big board), the place in the
    level (None for a fresh puzzle), the seed of a generated one, the day or the share code."""

    kind: Kind
    level: str = ""
    number: int | None = None
    seed: int | None = None
    day: date | None = None
    code: str = ""

    @property
    def in_collection(self) -> bool:
        """A puzzle with a place in a collection's level, not one generated or made fresh."""
        return self.kind in (Kind.LEVEL, Kind.BIG) and self.number is not None and self.seed is None

    @property
    def text(self) -> str:
        if self.kind is Kind.DAILY:
            assert self.day is not None
            return f"daily-{self.day.isoformat()}"
        if self.kind is Kind.OURS:
            return f"our-{self.code}"
        level = f"big-{self.level.zfill(2)}" if self.kind is Kind.BIG else self.level.lower()
        if self.number is None:
            return f"{level}-{NEW}"
        seed = "" if self.seed is None else f"-r{self.seed}"
        return f"{level}{seed}-{self.number:03d}"

    def __str__(self) -> str:
        return self.text


def level_id(level: str, number: int) -> str:
    """The id of a 4x4 collection puzzle: `beginner-007`."""
    return PuzzleId(Kind.LEVEL, level, number).text


def big_id(level: str, number: int) -> str:
    """The id of a big-board collection puzzle: `big-03-007`."""
    return PuzzleId(Kind.BIG, level, number).text


def generated_id(level: str, seed: int, number: int) -> str:
    return PuzzleId(Kind.LEVEL, level, number, seed).text


def big_generated_id(level: str, seed: int, number: int) -> str:
    return PuzzleId(Kind.BIG, level, number, seed).text


def fresh_id(level: str) -> str:
    """A puzzle made in the game for a 4x4 level: `beginner-new`."""
    return PuzzleId(Kind.LEVEL, level).text


def big_fresh_id(level: str) -> str:
    return PuzzleId(Kind.BIG, level).text


def daily_id(day: date) -> str:
    """The puzzle of the day: the same id for every child on that day."""
    return PuzzleId(Kind.DAILY, day=day).text


def ours_id(code: str) -> str:
    """A puzzle of the class's collection, by its share code (`H1ZT-3VZ9` gives `our-H1ZT3VZ9`)."""
    return PuzzleId(Kind.OURS, code=code.replace("-", "")).text


_DAILY = re.compile(r"daily-(\d{4}-\d{2}-\d{2})")
_OURS = re.compile(r"our-([0-9A-Z]+)")
_BIG = re.compile(r"big-(\d+)(?:-r(\d+))?-(\d+|new)")
_LEVEL = re.compile(r"([a-z]+)(?:-r(\d+))?-(\d+|new)")


def parse(text: str) -> PuzzleId | None:
    """What an id says; None for an id of none of the game's forms."""
    if daily := _DAILY.fullmatch(text):
        try:
            return PuzzleId(Kind.DAILY, day=date.fromisoformat(daily[1]))
        except ValueError:
            return None
    if ours := _OURS.fullmatch(text):
        return PuzzleId(Kind.OURS, code=ours[1])
    for kind, pattern in ((Kind.BIG, _BIG), (Kind.LEVEL, _LEVEL)):
        if found := pattern.fullmatch(text):
            level = str(int(found[1])) if kind is Kind.BIG else found[1]
            number = None if found[3] == NEW else int(found[3])
            seed = None if found[2] is None else int(found[2])
            return PuzzleId(kind, level, number, seed)
    return None


def is_daily(text: str) -> bool:
    parsed = parse(text)
    return parsed is not None and parsed.kind is Kind.DAILY


def big_place(text: str) -> tuple[int, int] | None:
    """A big-board collection puzzle's level and number: `big-03-007` gives (3, 7)."""
    parsed = parse(text)
    if parsed is None or parsed.kind is not Kind.BIG or not parsed.in_collection:
        return None
    assert parsed.number is not None
    return int(parsed.level), parsed.number


def level_number(text: str) -> int | None:
    """A 4x4 collection puzzle's number in its level: `beginner-007` gives 7."""
    parsed = parse(text)
    return parsed.number if parsed is not None and parsed.kind is Kind.LEVEL and parsed.in_collection else None


def tile_number(text: str) -> str:
    """The number a tile shows for a collection's puzzle: its place in the level, and for an id
    of another form the last part after a dash (as a collection of one's own may name them)."""
    parsed = parse(text)
    if parsed is not None and parsed.number is not None:
        return str(parsed.number)
    return text.rsplit("-", 1)[-1].lstrip("0") or "0"


def _written_loosely(text: str) -> Iterator[str]:
    """The ids a typed text may mean, the likeliest first."""
    text = text.strip()
    head, dash, code = text.partition("-")
    ours = ours_id(code.upper()) if dash and head.lower() == "our" else text
    for trial in dict.fromkeys((text, text.lower(), ours)):
        yield trial
        parsed = parse(trial)
        if parsed is not None:
            yield parsed.text


def canonical(text: str, known: Container[str]) -> str | None:
    """The id in `known` that a typed id means: in any case, with the number's zeros left out
    (`beginner-7` is `beginner-007`, `big-3-7` is `big-03-007`), a share code with its dash
    (`OUR-h1zt-3vz9` is `our-H1ZT3VZ9`); None when `known` holds none of them."""
    return next((candidate for candidate in _written_loosely(text) if candidate in known), None)
