"""Squares are ints, counted from the top-left square, row by row.

On ThinkFun's 4x4 board 0 is a4 (top-left), 3 is d4, 12 is a1 and 15 is d1 (bottom-right); on
the big 8x8 board 0 is a8 and 63 is h1. Every function takes the board's side: nothing guesses it.
"""

import functools
from collections.abc import Mapping
from types import MappingProxyType

from ..i18n import _

SIZE = 4
SQUARES = range(SIZE * SIZE)
ALL_FILES = "abcdefgh"


def square_file(square: int, size: int) -> int:
    """0 for the a-file, size - 1 for the last file."""
    return square % size


def square_rank(square: int, size: int) -> int:
    """1 for the bottom rank, `size` for the top rank."""
    return size - square // size


def square_at(file: int, rank: int, size: int) -> int | None:
    """The square on file 0..size-1 and rank 1..size, or None when that is off the board."""
    if 0 <= file < size and 1 <= rank <= size:
        return (size - rank) * size + file
    return None


def square_name(square: int, size: int) -> str:
    return f"{ALL_FILES[square_file(square, size)]}{square_rank(square, size)}"


def parse_square(name: str, size: int) -> int:
    """`parse_square("c3", 4) == 6`, `parse_square("e4", 8) == 36`; raises ValueError with a
    readable message."""
    square = square_names(size).get(name)
    if square is not None:
        return square
    text = name.strip().lower()
    files = ALL_FILES[:size]
    if len(text) == 2 and text[0] in files and text[1].isdigit() and 1 <= int(text[1]) <= size:
        square = square_at(files.index(text[0]), int(text[1]), size)
        assert square is not None
        return square
    raise ValueError(
        _("'{name}' is not a square: use a letter a-{last_file} and a number 1-{last_rank}, like c3").format(
            name=name, last_file=files[-1], last_rank=size
        )
    )


@functools.cache
def square_names(size: int) -> Mapping[str, int]:
    """Each square's name as `square_name` writes it ("c3"), to its square: a stored solution
    of a collection names hundreds of squares, each looked up here instead of read letter by
    letter (a name written otherwise, " C3", is read by `parse_square` as before)."""
    if not 0 < size <= len(ALL_FILES):
        return MappingProxyType({})
    return MappingProxyType({square_name(square, size): square for square in range(size * size)})
