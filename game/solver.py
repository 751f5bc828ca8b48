"""An exact solver: counts every winning sequence by memoized search over positions.

It works on the move tables of `moves.py`, never on sprites, so it runs headless and in a
worker thread. Positions are values, so the memo can be shared by every query on the same
solver.

Inside the search a position is one int with four bits per square, square `s` in bits
4s..4s+3: 0 when empty, else the piece's code (its place in `LETTERS`, from 1). The position
after a capture is then one mask and one addition away, and the int is a cheap memo key. The
search is the hot path of the benchmark, the hints and the generator, so it is written for
speed: see `Solver._counter`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from fractions import Fraction
from functools import cache

from .moves import move_tables, occupancy, protected_mask, targets
from .pieces import LETTERS
from .position import EMPTY, Move, Position
from .rules import DEFAULT_RULES, Rules
from .squares import SIZE, SQUARES

_CANCEL_CHECK_EVERY = 512
_CODES = {letter: code for code, letter in enumerate(LETTERS, 1)}

# A capture as (the target's bit in the occupancy, the mask that clears the target's code, the
# amount that moves the piece's code from its origin to the target).
Capture = tuple[int, int, int]
Node = tuple[int, int, int]  # (codes, occupied squares, protected squares)


def _pack(cells: str) -> int:
    return sum(_CODES[letter] << 4 * square for square, letter in enumerate(cells) if letter != EMPTY)


class _SquaresOf(dict[int, tuple[int, ...]]):
    """The occupied squares of an occupancy bitmask, worked out once per mask."""

    def __missing__(self, occupied: int) -> tuple[int, ...]:
        squares = self[occupied] = tuple(square for square in SQUARES if occupied >> square & 1)
        return squares


class _Captures(dict[int, tuple[Capture, ...]]):
    """The captures of one piece, per rule set and shared by every solver.

    A piece code on a square is an "entry", `code << 4 | square`, below 128. What the piece
    may capture depends only on which of the squares it can see are occupied (`seen`), so the
    answer is kept under the key `seen << 7 | entry` and worked out the first time it is asked
    for; a search asks for the same few thousand over and over."""

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        tables = move_tables(rules)
        self._rays = {
            code << 4 | square: tables[letter][square] for letter, code in _CODES.items() for square in SQUARES
        }
        self.sight = [sum(mask for mask, _ in self._rays.get(entry, ())) for entry in range(128)]

    def __missing__(self, key: int) -> tuple[Capture, ...]:
        seen, entry = key >> 7, key & 127
        code, origin = divmod(entry, SIZE * SIZE)
        captures = self[key] = tuple(
            (1 << target, ~(15 << 4 * target), (code << 4 * target) - (code << 4 * origin))
            for target in targets(self._rays[entry], seen)
        )
        return captures


_captures_for = cache(_Captures)
_SQUARES_OF = _SquaresOf()


class Cancelled(Exception):
    """The search was abandoned because its cancel event was set."""


class Solver:
    def __init__(self, rules: Rules = DEFAULT_RULES, cancel: threading.Event | None = None) -> None:
        self.rules = rules
        self.cancel = cancel or threading.Event()
        self._captures = _captures_for(rules)
        self._counts: dict[int, int] = {}
        self._chances: dict[int, Fraction] = {}
        self._count = self._counter()

    def _node(self, position: Position) -> Node:
        cells = position.cells
        return _pack(cells), occupancy(cells), protected_mask(cells, self.rules)

    def _children(self, state: int, occupied: int, protected: int) -> list[Node]:
        """The positions after each legal capture."""
        children = []
        for origin in _SQUARES_OF[occupied]:
            entry = (state >> 4 * origin & 15) << 4 | origin
            moved = 1 << origin
            for bit, clear, shift in self._captures[(occupied & self._captures.sight[entry]) << 7 | entry]:
                if not bit & protected:
                    guarded = protected ^ moved | bit if protected & moved else protected
                    children.append(((state & clear) + shift, occupied ^ moved, guarded))
        return children

    def _counter(self) -> Callable[[int, int, int, int], int]:
        """The search behind `count`: `_children`, summed over with the memo, written out inline
        as a closure because it is the benchmark's hot loop. Most children are in the memo
        already, so building a tuple for each would double the time; local names are the
        fastest Python has."""
        counts, captures, sight, cancel = self._counts, self._captures, self._captures.sight, self.cancel
        visits = 0

        def count(state: int, occupied: int, protected: int, pieces: int) -> int:
            """The winning sequences from a position of two or more pieces, not in the memo yet."""
            nonlocal visits
            visits += 1
            if not visits % _CANCEL_CHECK_EVERY and cancel.is_set():
                raise Cancelled
            total = 0
            last = pieces == 2  # then each capture leaves one piece: a win
            for origin in _SQUARES_OF[occupied]:
                entry = (state >> 4 * origin & 15) << 4 | origin
                seen = occupied & sight[entry]
                if not seen:  # it sees no piece, so it cannot capture
                    continue
                moves = captures[seen << 7 | entry]
                if last:
                    total += sum(1 for bit, _, _ in moves if not bit & protected)
                    continue
                moved = 1 << origin
                left = occupied ^ moved
                king_moves = protected & moved
                for bit, clear, shift in moves:
                    if bit & protected:
                        continue
                    child = (state & clear) + shift
                    found = counts.get(child)
                    if found is None:
                        found = count(child, left, protected ^ moved | bit if king_moves else protected, pieces - 1)
                    total += found
            counts[state] = total
            return total

        return count

    def count(self, position: Position) -> int:
        """The exact number of distinct move sequences that end with one piece left."""
        pieces = position.piece_count
        if pieces <= 1:
            return pieces
        state, occupied, protected = self._node(position)
        found = self._counts.get(state)
        return self._count(state, occupied, protected, pieces) if found is None else found

    def is_solvable(self, position: Position) -> bool:
        return self.count(position) > 0

    def winning_moves(self, position: Position) -> list[Move]:
        """The captures from `position` after which the puzzle can still be solved."""
        return [move for move in position.captures(self.rules) if self.count(position.apply(move)) > 0]

    def hint(self, position: Position) -> Move | None:
        """A capture that keeps the puzzle solvable, or None if there is none."""
        winning = self.winning_moves(position)
        return winning[0] if winning else None

    def solve(self, position: Position) -> list[Move] | None:
        """One winning sequence, `[]` if one piece is already left, None if there is none."""
        if not self.is_solvable(position):
            return None
        line: list[Move] = []
        while not position.is_solved:
            move = self.winning_moves(position)[0]
            line.append(move)
            position = position.apply(move)
        return line

    def solutions(self, position: Position, limit: int = 1000) -> list[list[Move]]:
        """Winning sequences, at most `limit` of them, in a fixed order."""
        found: list[list[Move]] = []

        def extend(current: Position, line: list[Move]) -> None:
            if len(found) >= limit:
                return
            if current.is_solved:
                found.append(list(line))
                return
            for move in self.winning_moves(current):
                line.append(move)
                extend(current.apply(move), line)
                line.pop()

        if self.is_solvable(position):
            extend(position, [])
        return found

    def random_win(self, position: Position) -> Fraction:
        """The exact chance that a player who picks uniformly among the legal captures at every
        step ends with one piece: the puzzle's difficulty, lower is harder."""
        if position.piece_count <= 1:
            return Fraction(position.piece_count)
        return self._chance(*self._node(position))

    def _chance(self, state: int, occupied: int, protected: int) -> Fraction:
        known = self._chances.get(state)
        if known is not None:
            return known
        if occupied & (occupied - 1) == 0:
            return Fraction(1)
        if self.cancel.is_set():
            raise Cancelled
        children = self._children(state, occupied, protected)
        chances = [self._chance(*child) for child in children]
        chance = sum(chances, Fraction(0)) / len(chances) if chances else Fraction(0)
        self._chances[state] = chance
        return chance
