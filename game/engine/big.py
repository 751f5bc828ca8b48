"""Big-board puzzles: Solo Chess on 8x8, as chess clubs play it, made backward from the end.

The search starts from the last piece standing and un-captures, step by step, as the 4x4
generator does, with the big board's rule in the state: each piece carries the captures it
has made so far in forward time. Un-capturing moves a piece that has made at least one
capture back to a square it could have captured from, one capture fewer, and puts the piece
it took back where it stood, with 0, 1 or 2 captures of its own still to be undone. A board
is finished when it has its pieces and every count is 0, so each puzzle is solvable, and no
piece ever captures more than twice. The pieces come from one army (`ARMY`); the King is never
taken, so when there is one it is the last piece standing; pawns take one square diagonally
upward and never stand on the first or last rank, where a chess player would not expect them.

A child should read the board as a chess position: the pieces stand together in a window of
the board (4x4 squares for the smallest puzzles, 6x6 for the biggest), and an un-capture
prefers a near square to a far one. A board on which every first move wins is thrown away.

Levels 1 to 10 add one piece each, from 3 (with 2, any move wins) to 12. Measured over the 30
puzzles per level of `big_levels.json` (seed 1): the median chance that a player who picks
any legal capture at random wins, and the median number of winning lines:

    level    1     2     3     4     5     6     7     8     9     10
    pieces   3     4     5     6     7     8     9     10    11    12
    random   0.50  0.48  0.27  0.18  0.097 0.053 0.029 0.018 0.0063 0.0041
    lines    1     5     14    56    297   994   5.8e3 1.1e5 4.0e5 3.2e6

so each level is some 0.6 times as likely to be won by chance as the one before, and level 10
about once in 240 tries. The number of winning lines grows instead of falling: a big board
has room for many orders of the same captures, which is why the big board does not ask for
ThinkFun's unique solution. Counting them all takes the solver up to a second or two at 12
pieces; finding one, a few hundredths (see `bench_big.py`).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cache

from ..i18n import _
from ..rules.pieces import ARMY, PIECES
from ..rules.position import EMPTY, Position
from ..rules.squares import square_file, square_rank
from ..rules.variants import BIG_RULES
from .puzzle import BIG_LEVEL_NAMES, BIG_LEVEL_PIECES, Puzzle
from .solver import Cancelled, OutOfBudget, Solver

SIZE = BIG_RULES.size
SQUARES = BIG_RULES.squares
LIMIT = 2
assert BIG_RULES.capture_limit == LIMIT
# Un-captures tried before a search gives up on its last piece and starts afresh.
_BUDGET = 2_000
# How often the last piece standing is the King, when the puzzle leaves it to chance.
_KING_CHANCE = 0.4

# Where a piece on a square could have captured from: (origin, squares between as a bitmask).
Source = tuple[int, int]


@cache
def _sources() -> dict[str, tuple[tuple[Source, ...], ...]]:
    """For each letter and target square, the squares that piece could have captured from,
    read off the rays seen from the capturer's square (so the one-way pawn comes out right)."""
    table: dict[str, tuple[tuple[Source, ...], ...]] = {}
    for letter, piece in PIECES.items():
        per_target: list[list[Source]] = [[] for _ in SQUARES]
        for origin in SQUARES:
            for ray in piece.rays(origin, BIG_RULES):
                between = 0
                for square in ray:
                    per_target[square].append((origin, between))
                    between |= 1 << square
        table[letter] = tuple(tuple(sources) for sources in per_target)
    return table


def _distance(one: int, other: int) -> int:
    return max(
        abs(square_file(one, SIZE) - square_file(other, SIZE)), abs(square_rank(one, SIZE) - square_rank(other, SIZE))
    )


def _pawn_may_stand(square: int) -> bool:
    return 2 <= square_rank(square, SIZE) <= SIZE - 1


def window_side(pieces: int) -> int:
    """The side of the square window the pieces of a puzzle stand in."""
    return min(6, 4 + pieces // 6)


def _takens(remaining: int, owed: int) -> list[int]:
    """How many captures of its own the piece put back may bring: the debt must stay at least 1
    while pieces remain to be put back, and never exceed what the remaining steps can pay."""
    return [
        taken for taken in range(LIMIT + 1) if taken <= remaining - owed and (remaining == 1 or owed - 1 + taken >= 1)
    ]


@dataclass
class _Backward:
    """One backward search: the board grows from its last piece until it has `pieces`.

    `cells`, `spent` (the captures each piece has made) and `line` (the un-captures so far)
    are the board being grown, changed in place and restored as the search backs up."""

    pieces: int
    rng: random.Random
    cancel: threading.Event
    window: int = 0
    left: int = 0
    cells: list[str] = field(default_factory=list)
    spent: list[int] = field(default_factory=list)
    line: list[tuple[int, int]] = field(default_factory=list)

    def run(self, king: bool | None) -> tuple[str, list[tuple[int, int]]]:
        side = window_side(self.pieces)
        while True:
            if self.cancel.is_set():
                raise Cancelled
            self.left = _BUDGET
            left_file, top = self.rng.randrange(SIZE - side + 1), self.rng.randrange(SIZE - side + 1)
            self.window = sum(
                1 << top * SIZE + left_file + row * SIZE + column for row in range(side) for column in range(side)
            )
            self.cells = [EMPTY] * len(SQUARES)
            self.spent = [0] * len(SQUARES)
            self.line = []
            with_king = self.rng.random() < _KING_CHANCE if king is None else king
            letter = "K" if with_king else self.rng.choice("QRRBBNNPPPPPPPP")
            inside = [
                square for square in SQUARES if self.window >> square & 1 and (letter != "P" or _pawn_may_stand(square))
            ]
            square = self.rng.choice(inside)
            self.cells[square] = letter
            # With two pieces the last one captured once; with more, once or twice.
            self.spent[square] = 1 if self.pieces == 2 else self.rng.choice((1, 2))
            try:
                found = self._grow(1 << square, 1, self.spent[square])
            except OutOfBudget:
                continue
            if found is not None:
                return found

    def _grow(self, occupied: int, count: int, owed: int) -> tuple[str, list[tuple[int, int]]] | None:
        """`owed`: the captures the pieces on the board have still to be un-done, summed."""
        if count == self.pieces:
            return "".join(self.cells), self.line[::-1]
        takens = _takens(self.pieces - count, owed)
        spare = [
            letter for letter, most in ARMY.items() if letter != "K" for _ in range(most - self.cells.count(letter))
        ]
        for origin, target in self._uncaptures(occupied):
            for letter in self._letters(spare, target):
                for taken in self.rng.sample(takens, len(takens)):
                    self._spend()
                    found = self._put_back(origin, target, letter, taken, occupied, count, owed)
                    if found is not None:
                        return found
        return None

    def _uncaptures(self, occupied: int) -> list[tuple[int, int]]:
        """Every (origin, target) a piece that has captured could step back along, in a random
        order that puts near squares first: key = u ** distance."""
        sources = _sources()
        moves = []
        for target in SQUARES:
            if not self.spent[target]:
                continue
            for origin, between in sources[self.cells[target]][target]:
                if occupied >> origin & 1 or occupied & between or not self.window >> origin & 1:
                    continue
                if self.cells[target] == "P" and not _pawn_may_stand(origin):
                    continue
                moves.append((self.rng.random() ** _distance(origin, target), origin, target))
        moves.sort(reverse=True)
        return [(origin, target) for _order, origin, target in moves]

    def _letters(self, spare: list[str], target: int) -> list[str]:
        """The spare pieces that could have been taken on `target`, each letter once, shuffled."""
        order = self.rng.sample(spare, len(spare))
        letters: list[str] = []
        for letter in order:
            if letter in letters or (letter == "P" and not _pawn_may_stand(target)):
                continue
            letters.append(letter)
        return letters

    def _spend(self) -> None:
        if self.cancel.is_set():
            raise Cancelled
        self.left -= 1
        if self.left < 0:
            raise OutOfBudget

    def _put_back(
        self, origin: int, target: int, letter: str, taken: int, occupied: int, count: int, owed: int
    ) -> tuple[str, list[tuple[int, int]]] | None:
        """Un-capture from `origin` onto `target`, putting back `letter` with `taken` captures,
        grow on from there, and restore the board."""
        cells, spent = self.cells, self.spent
        mover, moved = cells[target], spent[target] - 1
        cells[origin], spent[origin] = mover, moved
        cells[target], spent[target] = letter, taken
        self.line.append((origin, target))
        found = self._grow(occupied | 1 << origin, count + 1, owed - 1 + taken)
        self.line.pop()
        cells[target], spent[target] = mover, moved + 1
        cells[origin], spent[origin] = EMPTY, 0
        return found


class BigGenerator:
    """Makes big-board puzzles; `cancel` stops a search (and the solver's) with `Cancelled`."""

    def __init__(self, cancel: threading.Event | None = None) -> None:
        self.cancel = cancel or threading.Event()

    def puzzle(
        self,
        pieces: int,
        rng: random.Random,
        king: bool | None = None,
        puzzle_id: str = "generated",
        measured: bool = True,
    ) -> Puzzle:
        """A solvable big-board puzzle of `pieces` pieces from one army, on which some first
        move loses. `king` True or False asks for a King or for none; None leaves it to chance.
        With `measured` the puzzle carries its exact number of winning lines and random-play
        win chance, which take a second or two on 12 pieces; without, both are 0 (not
        measured), as a game that only needs a board to play asks."""
        most = sum(ARMY.values())
        if not 3 <= pieces <= most:
            raise ValueError(
                _("a big-board puzzle has 3 to {most} pieces, not {count}").format(most=most, count=pieces)
            )
        search = _Backward(pieces, rng, self.cancel)
        while True:
            cells, line = search.run(king)
            board = Position(cells)
            solver = Solver(BIG_RULES, self.cancel)
            start = board.counted()
            if all(solver.is_solvable(start.apply(move)) for move in start.captures(BIG_RULES)):
                continue
            if not measured:
                return Puzzle(puzzle_id, board, tuple(line), 0, 0.0)
            solutions = solver.count(board)
            solver.forget()
            return Puzzle(puzzle_id, board, tuple(line), solutions, float(solver.random_win(board)))


def big_level(level: int | str) -> str:
    """The name of a big-board level, "1" to "10"; ValueError otherwise."""
    name = str(level).strip()
    if name not in BIG_LEVEL_NAMES:
        raise ValueError(
            _("a big-board level is 1 to {most}, not '{level}'").format(most=len(BIG_LEVEL_NAMES), level=level)
        )
    return name


def generate_big(
    level: int | str,
    count: int = 1,
    seed: int | None = None,
    cancel: threading.Event | None = None,
    measured: bool = True,
) -> Iterator[Puzzle]:
    """`count` big-board puzzles for a level, all different (a mirror image counts as the same
    board). The same seed gives the same puzzles; the seed is written into the ids. Without
    `measured` (as "New puzzle" in a game needs them) a level-10 puzzle takes a fraction of a
    second instead of one or two: see `BigGenerator.puzzle`."""
    name = big_level(level)
    fewest, most = BIG_LEVEL_PIECES[name]
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000_000)
    rng = random.Random(seed)
    generator = BigGenerator(cancel)
    seen: set[str] = set()
    number = 0
    while number < count:
        puzzle = generator.puzzle(rng.randint(fewest, most), rng, measured=measured)
        if puzzle.board.cells in seen:
            continue
        seen.update((puzzle.board.cells, puzzle.board.mirror().cells))
        number += 1
        yield replace(puzzle, id=f"big-{int(name):02d}-r{seed}-{number:03d}", level=name)
