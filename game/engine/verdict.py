"""What the solver says about a board someone is making: the maker's verdict.

Headless, so it runs in the maker's worker thread: the pieces, whether the board can be solved,
in how many ways, whether every way makes the same captures (the collection's meaning of
unique), how hard it is in stars, and, when it cannot be solved, which single pieces stand in
the way.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace

from ..rules.position import EMPTY, Position
from ..rules.variants import DEFAULT_RULES, Rules
from .solver import Solver
from .uniqueness import is_unique

# The chance that random captures win, at or above which a puzzle gets 1, 2, 3 or 4 stars; below
# the last, 5. Chosen from the collection: a typical Beginner puzzle has 1 star, a typical Expert 5.
STAR_STEPS = (0.2, 0.05, 0.01, 0.001)


def stars_for(random_win: float) -> int:
    """How hard, from 1 (a random player wins often) to 5 (almost never)."""
    for stars, step in enumerate(STAR_STEPS, 1):
        if random_win >= step:
            return stars
    return len(STAR_STEPS) + 1


@dataclass(frozen=True)
class Verdict:
    cells: str
    pieces: int
    ways: int = 0
    unique: bool = False
    stars: int = 0
    random_win: float = 0.0
    # When it cannot be solved: the squares whose piece, taken away, leaves a board that can.
    culprits: tuple[int, ...] = ()

    @property
    def solvable(self) -> bool:
        return self.ways > 0

    @property
    def is_puzzle(self) -> bool:
        """Something to play: two pieces or more, and a way to win."""
        return self.pieces >= 2 and self.solvable


def judge(
    cells: str, rules: Rules = DEFAULT_RULES, cancel: threading.Event | None = None, stars: bool = True
) -> Verdict:
    """The verdict on a board; raises solver.Cancelled when `cancel` is set meanwhile.

    Without `stars` the difficulty is left out (0 stars): the exact chance of a random win takes
    seconds on a full board, where everything else takes a fraction of one."""
    pieces = sum(cell != EMPTY for cell in cells)
    if pieces < 2:
        return Verdict(cells, pieces)
    solver = Solver(rules, cancel)
    position = Position(cells)
    ways = solver.count(position)
    if ways == 0:
        # With two pieces, taking one away leaves one piece: nothing to solve, so no culprit.
        culprits = tuple(
            square
            for square in position.occupied()
            if pieces > 2 and solver.is_solvable(Position(cells[:square] + EMPTY + cells[square + 1 :]))
        )
        return Verdict(cells, pieces, culprits=culprits)
    verdict = Verdict(cells, pieces, ways, is_unique(position, solver))
    return with_stars(verdict, solver) if stars else verdict


def with_stars(verdict: Verdict, solver: Solver) -> Verdict:
    """The verdict with its difficulty, from the exact chance that random captures win."""
    random_win = float(solver.random_win(Position(verdict.cells)))
    return replace(verdict, stars=stars_for(random_win), random_win=random_win)
