"""How fast the solver is: `python -m game.benchmark [--boards N] [--seed S]`.

The solver section times three solvers on the same seeded random boards, each with 2 to 10
pieces out of ThinkFun's box:

(a) the project's `Solver`: solvable, and the exact number of winning sequences;
(b) the design article's "Play Game Auto": try every capture in scan order, undo on failure,
    stop at the first win, remember nothing; solvable only;
(c) the obvious memoized search: a dict from the 16-character board to its number of winning
    sequences; solvable and the exact count.

(b) and (c) find captures the obvious way, by asking `Position.capture_error` about every
piece and every square, so they share nothing with the solver's move tables; a disagreement
between the three is printed as MISMATCH and makes the exit status 1.

Each section is a function returning its lines, so more can be added in `sections`.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from .pieces import THINKFUN_SET
from .position import EMPTY, Position
from .rules import DEFAULT_RULES, Rules
from .solver import Solver
from .squares import SIZE, SQUARES

DEFAULT_BOARDS = 1000
DEFAULT_SEED = 2024
DEFAULT_SAMPLES = 20
MISMATCH = "MISMATCH"
THINKFUN_BOX = [letter for letter, number in THINKFUN_SET.items() for _ in range(number)]

Result = TypeVar("Result")


def random_boards(count: int, seed: int) -> list[Position]:
    """`count` boards: a piece count from 2 to 10, that many pieces from the box, random squares."""
    rng = random.Random(seed)
    boards = []
    for _ in range(count):
        pieces = rng.randint(2, 10)
        cells = [EMPTY] * (SIZE * SIZE)
        for square, letter in zip(rng.sample(SQUARES, pieces), rng.sample(THINKFUN_BOX, pieces), strict=True):
            cells[square] = letter
        boards.append(Position("".join(cells)))
    return boards


def capture_squares(position: Position, rules: Rules = DEFAULT_RULES) -> list[tuple[int, int]]:
    """Every legal capture, found the obvious way: for every piece, ask about every square."""
    return [
        (origin, target)
        for origin in position.occupied()
        for target in SQUARES
        if position.capture_error(origin, target, rules) is None
    ]


def article_solvable(position: Position, rules: Rules = DEFAULT_RULES) -> bool:
    """The article's "Play Game Auto": make the first capture found scanning from the top-left,
    recurse, and undo it if that fails; no memory of boards already tried."""
    board = list(position.cells)
    pieces = position.piece_count

    def play() -> bool:
        nonlocal pieces
        for origin, target in capture_squares(Position("".join(board)), rules):
            captured = board[target]
            board[target], board[origin] = board[origin], EMPTY
            pieces -= 1
            if pieces == 1 or play():
                return True
            board[origin], board[target] = board[target], captured
            pieces += 1
        return False

    return pieces == 1 or play()


def memo_count(position: Position, rules: Rules = DEFAULT_RULES) -> int:
    """The number of winning sequences, remembered per board string."""
    counts: dict[str, int] = {}

    def count(cells: str) -> int:
        if cells not in counts:
            current = Position(cells)
            if current.piece_count == 1:
                counts[cells] = 1
            else:
                total = 0
                for origin, target in capture_squares(current, rules):
                    board = list(cells)
                    board[target], board[origin] = board[origin], EMPTY
                    total += count("".join(board))
                counts[cells] = total
        return counts[cells]

    return count(position.cells)


def project_count(position: Position) -> int:
    """The project's solver, fresh for every board so no memo carries over."""
    return Solver().count(position)


@dataclass(frozen=True)
class Timing:
    name: str
    seconds: tuple[float, ...]

    @property
    def boards_per_second(self) -> float:
        return len(self.seconds) / sum(self.seconds)

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    @property
    def worst(self) -> float:
        return max(self.seconds)


def timed(name: str, solve: Callable[[Position], Result], boards: Sequence[Position]) -> tuple[Timing, list[Result]]:
    results, seconds = [], []
    for board in boards:
        started = time.perf_counter()
        results.append(solve(board))
        seconds.append(time.perf_counter() - started)
    return Timing(name, tuple(seconds)), results


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def _verdict(met: bool) -> str:
    return "met" if met else "MISSED"


def solver_report(board_count: int = DEFAULT_BOARDS, seed: int = DEFAULT_SEED) -> list[str]:
    boards = random_boards(board_count, seed)
    # The first pass also fills the capture tables the solvers of one rule set share (as a
    # running game has them); the second, with the tables warm, is the one the targets judge.
    cold, _ = timed("(a) first pass, tables cold", project_count, boards)
    fast, counts = timed("(a) Solver: solvable + exact count", project_count, boards)
    article, solvable = timed("(b) article's backtracking: solvable", article_solvable, boards)
    memo, memo_counts = timed("(c) memo on board strings: exact count", memo_count, boards)

    width = max(len(timing.name) for timing in (cold, fast, article, memo))
    lines = [
        f"{board_count} random boards, 2-10 pieces from ThinkFun's set, seed {seed}; "
        f"{sum(count > 0 for count in counts)} of them solvable",
        "",
        f"{'':{width}}  {'boards/s':>10}  {'median':>10}  {'worst':>10}",
    ]
    for timing in (cold, fast, article, memo):
        rate, median, worst = f"{timing.boards_per_second:.1f}", _ms(timing.median), _ms(timing.worst)
        lines.append(f"{timing.name:{width}}  {rate:>10}  {median:>10}  {worst:>10}")
    over_memo = fast.boards_per_second / memo.boards_per_second
    over_article = fast.boards_per_second / article.boards_per_second
    lines += [
        "",
        f"speed-up of (a): {over_memo:.1f}x over (c), {over_article:.1f}x over (b)",
        f"targets for (a): median under 2 ms {_verdict(fast.median < 0.002)}, "
        f"worst under 100 ms {_verdict(fast.worst < 0.1)}, "
        f"at least 5x faster than (c) {_verdict(over_memo >= 5)}",
    ]
    mismatches = [
        f"{MISMATCH}: {board.rows()}: (a) counts {count}, (b) says {'solvable' if win else 'unsolvable'}, "
        f"(c) counts {memo_result}"
        for board, count, win, memo_result in zip(boards, counts, solvable, memo_counts, strict=True)
        if count != memo_result or (count > 0) != win
    ]
    if mismatches:
        lines += ["", f"{MISMATCH}: the solvers disagree on {len(mismatches)} boards!", *mismatches]
    else:
        lines.append("all three agree on every board's solvability, and (a) and (c) on every count")
    return lines


def _generator_report() -> Callable[[int, int], list[str]] | None:
    """The generator engineer's section, when `game/bench_generator.py` is there."""
    try:
        module = importlib.import_module(".bench_generator", __package__)
    except ImportError:
        return None
    report: Callable[[int, int], list[str]] = module.generator_report
    return report


def sections(args: argparse.Namespace) -> list[tuple[str, Callable[[], list[str]]]]:
    """The benchmark's sections, in order: a title and a function that measures and reports."""
    found: list[tuple[str, Callable[[], list[str]]]] = [
        ("Solver", lambda: solver_report(args.boards, args.seed)),
    ]
    generator_report = _generator_report()
    if generator_report is not None:
        found.append(("Generator", lambda: generator_report(args.samples, args.seed)))
    if not args.no_game:
        from .bench_game import frame_rate_report, idle_cpu_report, startup_report

        found += [
            ("Start-up time", startup_report),
            ("Idle CPU", idle_cpu_report),
            ("Animation", frame_rate_report),
        ]
    return found


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m game.benchmark", description="Time the solver and friends.")
    parser.add_argument("--boards", type=int, default=DEFAULT_BOARDS, help=f"random boards (default: {DEFAULT_BOARDS})")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"random seed (default: {DEFAULT_SEED})")
    parser.add_argument(
        "--samples", type=int, default=DEFAULT_SAMPLES, help=f"generator samples (default: {DEFAULT_SAMPLES})"
    )
    parser.add_argument("--no-game", action="store_true", help="skip the game's start-up, idle CPU and frame rate")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Print every section; the exit status is 1 if the solvers disagreed, else 0."""
    args = build_parser().parse_args(argv)
    if args.boards < 1 or args.samples < 1:
        print("benchmark: error: --boards and --samples must be at least 1", file=sys.stderr)
        return 2
    status = 0
    for title, report in sections(args):
        print(f"== {title} ==", flush=True)
        lines = report()
        print("\n".join(lines), end="\n\n", flush=True)
        if any(line.startswith(MISMATCH) for line in lines):
            status = 1
    return status


if __name__ == "__main__":
    raise SystemExit(main())
