"""An exact solver: counts every winning sequence by memoized search over positions.

It works on plain 16-character cell strings and the move tables of `moves.py`, never on
sprites, so it runs headless and in a worker thread. Positions are values, so the memo can
be shared by every query on the same solver.
"""

from __future__ import annotations

import threading
from fractions import Fraction

from .moves import capture_pairs, move_tables, occupancy, protected_mask
from .position import Move, Position
from .rules import DEFAULT_RULES, Rules

_CANCEL_CHECK_EVERY = 512


class Cancelled(Exception):
    """The search was abandoned because its cancel event was set."""


class Solver:
    def __init__(self, rules: Rules = DEFAULT_RULES, cancel: threading.Event | None = None) -> None:
        self.rules = rules
        self.cancel = cancel or threading.Event()
        self._tables = move_tables(rules)
        self._counts: dict[str, int] = {}
        self._chances: dict[str, Fraction] = {}
        self._visits = 0

    def _pairs(self, cells: str) -> list[tuple[int, int]]:
        self._visits += 1
        if self._visits % _CANCEL_CHECK_EVERY == 0 and self.cancel.is_set():
            raise Cancelled
        return capture_pairs(cells, occupancy(cells), self._tables, protected_mask(cells, self.rules))

    @staticmethod
    def _after(cells: str, origin: int, target: int) -> str:
        board = list(cells)
        board[target], board[origin] = board[origin], "."
        return "".join(board)

    def _count(self, cells: str, pieces: int) -> int:
        known = self._counts.get(cells)
        if known is not None:
            return known
        if pieces == 1:
            total = 1
        else:
            total = sum(self._count(self._after(cells, o, t), pieces - 1) for o, t in self._pairs(cells))
        self._counts[cells] = total
        return total

    def count(self, position: Position) -> int:
        """The exact number of distinct move sequences that end with one piece left."""
        return self._count(position.cells, position.piece_count)

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
        return self._chance(position.cells, position.piece_count)

    def _chance(self, cells: str, pieces: int) -> Fraction:
        known = self._chances.get(cells)
        if known is not None:
            return known
        if pieces == 1:
            chance = Fraction(1)
        else:
            pairs = self._pairs(cells)
            chance = (
                sum((self._chance(self._after(cells, o, t), pieces - 1) for o, t in pairs), Fraction(0)) / len(pairs)
                if pairs
                else Fraction(0)
            )
        self._chances[cells] = chance
        return chance
