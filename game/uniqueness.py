"""Does a puzzle have a unique solution, in ThinkFun's sense?

ThinkFun calls a challenge unique when every winning line makes the same captures (the same
from-to pairs), perhaps in another order. So what matters about a line is its capture set.

A square, once emptied, stays empty (every move lands on an occupied square), so no line uses
the same pair twice and a capture set is a plain set of n-1 pairs, kept here as a bitmask with
bit `16 * origin + target`. For the same reason the capture that leads into a position never
appears in the position's own lines, so two different sets below a move stay different above
it: the search may stop as soon as a position has two, and a position with two makes every
position that can reach it ambiguous too. The generator leans on that to prune as it builds.
"""

from __future__ import annotations

import threading
import weakref

from .moves import capture_pairs, move_tables, occupancy, protected_mask
from .position import Position
from .rules import DEFAULT_RULES, Rules
from .solver import Cancelled, Solver
from .squares import SIZE

CaptureSet = frozenset[tuple[int, int]]
_SQUARES = SIZE * SIZE
_CANCEL_CHECK_EVERY = 512
# Past this many positions (about 60 MB) the memo is dropped rather than let a long search
# grow without bound. It only saves time, and a limit of 300,000 made unique 9-piece puzzles
# as fast as one of 2,000,000 that took 400 MB.
_MEMO_LIMIT = 300_000


def _pairs_of(mask: int) -> CaptureSet:
    return frozenset(divmod(bit, _SQUARES) for bit in range(_SQUARES * _SQUARES) if mask >> bit & 1)


class CaptureSets:
    """Memoized capture sets of the winning lines, at most two per position."""

    def __init__(self, rules: Rules = DEFAULT_RULES, cancel: threading.Event | None = None) -> None:
        self.rules = rules
        self.cancel = cancel or threading.Event()
        self._tables = move_tables(rules)
        self._memo: dict[str, tuple[int, ...]] = {}
        self._visits = 0

    def masks(self, cells: str, pieces: int) -> tuple[int, ...]:
        """Up to two distinct capture sets of the winning lines from `cells`, as bitmasks:
        none when it cannot be solved, one when it is unique."""
        return self._masks(cells, occupancy(cells), protected_mask(cells, self.rules), pieces)

    def _masks(self, cells: str, occupied: int, protected: int, pieces: int) -> tuple[int, ...]:
        # Occupancy and protected squares are carried down rather than recounted from the
        # cells: that is a quarter of the time of a search.
        known = self._memo.get(cells)
        if known is not None:
            return known
        self._visits += 1
        if self._visits % _CANCEL_CHECK_EVERY == 0 and self.cancel.is_set():
            raise Cancelled
        if pieces == 1:
            result: tuple[int, ...] = (0,)
        else:
            found: list[int] = []
            for origin, target in capture_pairs(cells, occupied, self._tables, protected):
                board = list(cells)
                board[target], board[origin] = board[origin], "."
                moved = 1 << origin
                protected_after = protected ^ moved | 1 << target if protected & moved else protected
                bit = 1 << (origin * _SQUARES + target)
                for mask in self._masks("".join(board), occupied ^ moved, protected_after, pieces - 1):
                    if mask | bit not in found:
                        found.append(mask | bit)
                if len(found) >= 2:
                    found = found[:2]
                    break
            result = tuple(found)
        if len(self._memo) >= _MEMO_LIMIT:
            self._memo.clear()
        self._memo[cells] = result
        return result

    def of(self, position: Position) -> list[CaptureSet]:
        return [_pairs_of(mask) for mask in self.masks(position.cells, position.piece_count)]

    def is_unique(self, position: Position) -> bool:
        return len(self.masks(position.cells, position.piece_count)) == 1


# One memo per solver, so callers that already share a solver share this work too.
_BY_SOLVER: weakref.WeakKeyDictionary[Solver, CaptureSets] = weakref.WeakKeyDictionary()


def _for(solver: Solver) -> CaptureSets:
    sets = _BY_SOLVER.get(solver)
    if sets is None:
        sets = _BY_SOLVER[solver] = CaptureSets(solver.rules, solver.cancel)
    return sets


def capture_sets(position: Position, solver: Solver) -> list[CaptureSet]:
    """The capture sets of the winning lines from `position`: none when it cannot be solved,
    exactly one when it is unique, and two of them (of possibly more) otherwise."""
    return _for(solver).of(position)


def is_unique(position: Position, solver: Solver) -> bool:
    """True when the position can be solved and every winning line makes the same captures."""
    return _for(solver).is_unique(position)
