"""How fast the engine is on the big board: the "Big board" section of `benchmarks.run`.

Also on its own: `python -m benchmarks.run --only big`. Every board is made by the big-board
generator from fixed seeds (`BigGenerator.puzzle(..., measured=False)`, untimed), and every
solver is fresh per board, as Auto, hints and `solve` meet a board. Times are CPU seconds.

(a) `Solver.solve` (solvable or not, and one solution: what Auto and hints ask) on 12-piece puzzles;
(b) `Solver.count`, the exact number of winning lines, on puzzles of 8 to 10 pieces, timed on a
    second pass as the 4x4 section does (the first warms the capture table the solvers share);
(c) a fresh level-10 puzzle (12 pieces), ready to play; and the same puzzle measured as
    `generate --big` prints it, with its exact count and random-play win chance;
(d) (b)'s count against the fair baseline below, on the same boards, side by side; with the
    compiled solver built (`tools/accelerate.py build`), (d') the same source as plain Python too.
The 4x4 figures are the "Exact count" section's, which this one leaves as it was.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence

from game.content.levels import Puzzle
from game.engine import solver as solver_module
from game.engine.big import BigGenerator
from game.engine.purepython import load_source
from game.engine.solver import Solver
from game.rules.pieces import PIECES
from game.rules.position import EMPTY, Position
from game.rules.variants import BIG_RULES

MISMATCH = "MISMATCH"
SIZE = BIG_RULES.size
LIMIT = BIG_RULES.capture_limit or 0


def baseline_count(position: Position) -> int:
    """(d): the number of winning lines by a straightforward memoized search: a dict from
    (board string, capture counts string) to its count, with each piece's captures found by
    walking its directions on the board string until the first piece. It shares nothing with
    the solver's tables; it is what a careful programmer would write first."""
    walks = {letter: (piece.vectors(BIG_RULES), piece.slides) for letter, piece in PIECES.items()}
    counts: dict[tuple[str, str], int] = {}

    def captures(cells: str, spent: str) -> list[tuple[int, int]]:
        found = []
        for origin, letter in enumerate(cells):
            if letter == EMPTY or int(spent[origin]) >= LIMIT:
                continue
            vectors, slides = walks[letter]
            row, column = divmod(origin, SIZE)
            for file_step, rank_step in vectors:
                row_now, column_now = row - rank_step, column + file_step
                while 0 <= row_now < SIZE and 0 <= column_now < SIZE:
                    square = row_now * SIZE + column_now
                    if cells[square] != EMPTY:
                        if cells[square] != "K":
                            found.append((origin, square))
                        break
                    if not slides:
                        break
                    row_now, column_now = row_now - rank_step, column_now + file_step
        return found

    def count(cells: str, spent: str, pieces: int) -> int:
        if pieces == 1:
            return 1
        known = counts.get((cells, spent))
        if known is None:
            known = 0
            for origin, target in captures(cells, spent):
                board, made = list(cells), list(spent)
                board[target], board[origin] = board[origin], EMPTY
                made[target], made[origin] = str(int(spent[origin]) + 1), "0"
                known += count("".join(board), "".join(made), pieces - 1)
            counts[(cells, spent)] = known
        return known

    start = position.counted()
    return count(start.cells, start.spent, position.piece_count) if position.piece_count > 1 else 1


def _boards(pieces: int, seeds: int, seed: int) -> list[Position]:
    generator = BigGenerator()
    return [
        generator.puzzle(pieces, random.Random(f"{seed}:{pieces}:{number}"), measured=False).board
        for number in range(seeds)
    ]


def _times(work: Callable[[Position], object], boards: Sequence[Position]) -> tuple[list[float], list[object]]:
    seconds, results = [], []
    for board in boards:
        started = time.process_time()
        results.append(work(board))
        seconds.append(time.process_time() - started)
    return seconds, results


def _verdict(met: bool) -> str:
    return "met" if met else "MISSED"


def _s(seconds: float) -> str:
    return f"{seconds:.3f} s"


def big_board_report(seed: int = 0, solve_boards: int = 100, count_seeds: int = 6, fresh_seeds: int = 10) -> list[str]:
    kind = "compiled (mypyc)" if solver_module.COMPILED else "pure Python"
    lines = [
        f"8x8, capture limit {LIMIT}, King protected, pawns up; boards from the big-board generator, seed {seed}; "
        f"the solver runs {kind}"
    ]
    lines += _solve_section(seed, solve_boards)
    counted = [board for pieces in (8, 9, 10) for board in _boards(pieces, count_seeds, seed)]
    count_seconds, counts, count_lines = _count_section(counted)
    lines += count_lines
    lines += _fresh_section(seed, fresh_seeds)
    lines += _baseline_section(counted, count_seconds, counts)
    if not any(line.startswith(MISMATCH) for line in lines):
        lines.append("the solver and the baseline agree on every count, and every generated board was solvable")
    return lines


def _solve_section(seed: int, solve_boards: int) -> list[str]:
    """(a) Solving 12-piece boards: one solution each."""
    boards = _boards(12, solve_boards, seed)
    seconds, lines_found = _times(lambda board: Solver(BIG_RULES).solve(board), boards)
    median, worst = statistics.median(seconds), max(seconds)
    lines = [
        f"(a) solvable + one solution, {len(boards)} puzzles of 12 pieces: median {_s(median)}, worst {_s(worst)}; "
        f"target median under 0.2 s {_verdict(median < 0.2)}, worst under 2 s {_verdict(worst < 2)}"
    ]
    return lines + [
        f"{MISMATCH}: {board.fen()} was made solvable, the solver says not"
        for board, found in zip(boards, lines_found, strict=True)
        if found is None
    ]


def _count_section(counted: list[Position]) -> tuple[list[float], list[object], list[str]]:
    """(b) Exact counts: the seconds and counts of the second pass, and the report's line."""
    # As in the 4x4 section, a first pass warms what the solvers of one rule set share (the
    # capture table, as a running game has it); the second is the one the targets judge.
    first_seconds, _ = _times(lambda board: Solver(BIG_RULES).count(board), counted)
    count_seconds, counts = _times(lambda board: Solver(BIG_RULES).count(board), counted)
    median = statistics.median(count_seconds)
    line = (
        f"(b) exact count, {len(counted)} puzzles of 8 to 10 pieces: median {_s(median)}, "
        f"worst {_s(max(count_seconds))} (total {sum(count_seconds):.2f} s; a first pass {sum(first_seconds):.2f} s); "
        f"target median under 1 s {_verdict(median < 1)}"
    )
    return count_seconds, counts, [line]


def _fresh_section(seed: int, fresh_seeds: int) -> list[str]:
    """(c) Fresh level-10 puzzles, ready to play and measured."""
    ready, _ = _times_fresh(fresh_seeds, seed, measured=False)
    measured, _ = _times_fresh(max(1, fresh_seeds // 2), seed, measured=True)
    return [
        f"(c) a fresh level-10 puzzle (12 pieces), ready to play, {fresh_seeds} seeds: "
        f"median {_s(statistics.median(ready))}, worst {_s(max(ready))}; "
        f"target median under 1 s {_verdict(statistics.median(ready) < 1)}",
        f"    the same with its exact count and random-play win chance (as `generate --big` prints it), "
        f"{len(measured)} seeds: median {_s(statistics.median(measured))}, worst {_s(max(measured))}",
    ]


def _baseline_section(counted: list[Position], count_seconds: list[float], counts: list[object]) -> list[str]:
    """(d) The same counts by the baseline memo, and (d') by the solver's source as plain Python."""
    base_seconds, base_counts = _times(baseline_count, counted)
    ratio = sum(base_seconds) / sum(count_seconds)
    lines = [
        f"(d) the same {len(counted)} counts by a memo on (board, capture counts), walking each piece's directions: "
        f"total {sum(base_seconds):.2f} s against the solver's {sum(count_seconds):.2f} s, {ratio:.1f}x; "
        f"target at least 5x {_verdict(ratio >= 5)}"
    ]
    lines += [
        f"{MISMATCH}: {board.fen()}: the solver counts {count}, the baseline {base}"
        for board, count, base in zip(counted, counts, base_counts, strict=True)
        if count != base
    ]
    if solver_module.COMPILED:
        pure_solver: type[Solver] = load_source("game.engine.solver").Solver
        _times(lambda board: pure_solver(BIG_RULES).count(board), counted)
        pure_seconds, pure_counts = _times(lambda board: pure_solver(BIG_RULES).count(board), counted)
        lines.append(
            f"(d') the same counts by the solver's source as plain Python: total {sum(pure_seconds):.2f} s, "
            f"{sum(base_seconds) / sum(pure_seconds):.1f}x over the baseline"
        )
        lines += [
            f"{MISMATCH}: {board.fen()}: compiled counts {count}, pure Python {pure}"
            for board, count, pure in zip(counted, counts, pure_counts, strict=True)
            if count != pure
        ]
    return lines


def _times_fresh(seeds: int, seed: int, measured: bool) -> tuple[list[float], list[Puzzle]]:
    seconds: list[float] = []
    puzzles: list[Puzzle] = []
    for number in range(seeds):
        started = time.process_time()
        puzzles.append(BigGenerator().puzzle(12, random.Random(f"{seed}:fresh:{number}"), measured=measured))
        seconds.append(time.process_time() - started)
    return seconds, puzzles
