"""Move tables for fast capture generation, built once per rule set from the piece classes."""

from __future__ import annotations

from functools import cache

from .pieces import PIECES
from .rules import Rules
from .squares import SQUARES

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
        for square in SQUARES:
            per_square.append(
                tuple((sum(1 << reached for reached in ray), ray[0] > square) for ray in piece.rays(square, rules))
            )
        tables[letter] = tuple(per_square)
    return tables


def occupancy(cells: str) -> int:
    return sum(1 << square for square, letter in enumerate(cells) if letter != ".")


def protected_mask(cells: str, rules: Rules) -> int:
    """Bits of the squares that may not be captured: the King's, unless the rules allow it."""
    king = cells.find("K")
    return 1 << king if king >= 0 and rules.king_protected else 0


def capture_pairs(cells: str, occupied: int, tables: MoveTables, protected: int) -> list[tuple[int, int]]:
    """Every legal (origin, target) pair. The one rule of the game lives here: a piece may move
    only onto the first occupied square along one of its rays, capturing what stands there."""
    pairs = []
    for origin, letter in enumerate(cells):
        if letter == ".":
            continue
        for mask, ascending in tables[letter][origin]:
            hit = occupied & mask
            if hit:
                bit = hit & -hit if ascending else 1 << (hit.bit_length() - 1)
                if not bit & protected:
                    pairs.append((origin, bit.bit_length() - 1))
    return pairs
