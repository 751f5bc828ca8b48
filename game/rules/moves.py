"""Move tables for fast capture generation, built once per rule set from the piece classes.

The rays come from `Piece.rays`, the King rule from `Rules.may_capture` and the capture limit
from `Rules.may_move`: the solver's tables and `Position.captures` are built here, from the
same source as `Piece.refusal`, which explains a refused capture."""

from __future__ import annotations

from functools import cache

from .pieces import PIECES
from .variants import Rules

# For each piece letter and square: one (mask, ascending) pair per direction. `mask` holds the
# ray's squares as bits; `ascending` says whether the ray walks toward higher square numbers,
# so its nearest occupied square is the lowest set bit of `occupied & mask` (else the highest).
RayMask = tuple[int, bool]
MoveTables = dict[str, tuple[tuple[RayMask, ...], ...]]


@cache
def move_tables(rules: Rules) -> MoveTables:
    tables: MoveTables = {}
    for letter, piece in PIECES.items():
        per_square = []
        for square in rules.squares:
            per_square.append(
                tuple((sum(1 << reached for reached in ray), ray[0] > square) for ray in piece.rays(square, rules))
            )
        tables[letter] = tuple(per_square)
    return tables


def occupancy(cells: str) -> int:
    return sum(1 << square for square, letter in enumerate(cells) if letter != ".")


def protected_mask(cells: str, rules: Rules) -> int:
    """Bits of the squares that may not be captured: the Kings', unless the rules allow it."""
    return sum(1 << square for square, letter in enumerate(cells) if letter != "." and not rules.may_capture(letter))


def targets(rays: tuple[RayMask, ...], occupied: int) -> list[int]:
    """The squares a piece with these rays may capture on. The one rule of the game lives here:
    a piece moves only onto the first occupied square along one of its rays, capturing it."""
    found = []
    for mask, ascending in rays:
        hit = occupied & mask
        if hit:
            found.append((hit & -hit if ascending else 1 << (hit.bit_length() - 1)).bit_length() - 1)
    return found


def capture_pairs(
    cells: str, occupied: int, tables: MoveTables, protected: int, resting: int = 0
) -> list[tuple[int, int]]:
    """Every legal (origin, target) pair. `resting` holds the squares of the pieces that have
    made all the captures the rules allow, which may not move again."""
    return [
        (origin, target)
        for origin, letter in enumerate(cells)
        if letter != "." and not resting >> origin & 1
        for target in targets(tables[letter][origin], occupied)
        if not protected >> target & 1
    ]


def resting_mask(spent: str, rules: Rules) -> int:
    """Bits of the squares whose pieces have used up their captures (`spent`: one digit per
    square, or empty when captures are not counted)."""
    if not spent:
        return 0
    return sum(1 << square for square, used in enumerate(spent) if not rules.may_move(int(used)))
