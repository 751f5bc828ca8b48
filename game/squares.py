"""Squares are ints 0..15: 0 is a4 (top-left), 3 is d4, 12 is a1, 15 is d1 (bottom-right)."""

from .i18n import _

FILES = "abcd"
SIZE = 4
SQUARES = range(SIZE * SIZE)


def square_file(square: int) -> int:
    """0 for the a-file, 3 for the d-file."""
    return square % SIZE


def square_rank(square: int) -> int:
    """1 for the bottom rank, 4 for the top rank."""
    return SIZE - square // SIZE


def square_at(file: int, rank: int) -> int | None:
    """The square on file 0..3 and rank 1..4, or None when that is off the board."""
    if 0 <= file < SIZE and 1 <= rank <= SIZE:
        return (SIZE - rank) * SIZE + file
    return None


def square_name(square: int) -> str:
    return f"{FILES[square_file(square)]}{square_rank(square)}"


def parse_square(name: str) -> int:
    """`parse_square("c3") == 6`; raises ValueError with a readable message."""
    text = name.strip().lower()
    if len(text) == 2 and text[0] in FILES and text[1] in "1234":
        square = square_at(FILES.index(text[0]), int(text[1]))
        assert square is not None
        return square
    raise ValueError(_("'{name}' is not a square: use a letter a-d and a number 1-4, like c3").format(name=name))
