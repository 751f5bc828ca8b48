"""How fast the solver is: `python -m benchmarks.run [--boards N] [--seed S] [--quick]`.

Times are the CPU time of this process (`time.process_time`), so other programs on a shared
machine do not inflate them; ratios are always measured within one run.

The exact-count section times three solvers on the same seeded random boards, each with 2 to
10 pieces out of ThinkFun's box:

(a) the project's `Solver.count`: the exact number of winning sequences;
(b) the design article's "Play Game Auto": try every capture in scan order, undo on failure,
    stop at the first win, remember nothing; solvable only. It asks `Position.refusal`
    about every piece and every square;
(c) the fair baseline: a straightforward memoized search, a dict from the 16-character board
    to its number of winning sequences, with captures found by walking each piece's directions
    on the board string. It shares nothing with the solver's move tables.

With the compiled solver built (`tools/accelerate.py build`), (a) runs compiled and the same
solver's source runs beside it as plain Python, (a'), so one run gives both ratios; the unique
puzzles are then made in pure Python too, in a second process, on fewer seeds.

A disagreement between the three is printed as MISMATCH and makes the exit status 1.

The first-win section times `Solver.solve`, the question Auto, hints and the stuck warning ask,
on the collection's puzzles and on the random boards, next to the exact count it replaced.
The big-board section (`bench_big.py`, `--only big`) times the same questions on 8x8 with the
capture limit; `first_answer.py` (`--only first`) times how soon `solve --big` prints a solution
on fifteen-piece boards. The batch section measures the resident memory of `solochess solve --batch`. Each section is a
function returning its lines, so more can be added in `sections`.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from benchmarks.big import big_board_report
from benchmarks.first_answer import first_answer_report
from game.engine import solver as solver_module
from game.engine.purepython import load_source
from game.engine.solver import Solver
from game.rules.pieces import PIECES, THINKFUN_SET
from game.rules.position import EMPTY, Position
from game.rules.squares import SIZE, SQUARES
from game.rules.variants import DEFAULT_RULES, Rules

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
        if position.refusal(origin, target, rules) is None
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
    """(c): the number of winning sequences, remembered per board string, with each piece's
    captures found by walking its directions from its square until the first piece."""
    walks = {letter: (piece.vectors(rules), piece.slides) for letter, piece in PIECES.items()}
    counts: dict[str, int] = {}

    def captures(cells: str) -> list[tuple[int, int]]:
        found = []
        for origin, letter in enumerate(cells):
            if letter == EMPTY:
                continue
            vectors, slides = walks[letter]
            row, column = divmod(origin, SIZE)
            for file_step, rank_step in vectors:
                row_now, column_now = row - rank_step, column + file_step
                while 0 <= row_now < SIZE and 0 <= column_now < SIZE:
                    square = row_now * SIZE + column_now
                    if cells[square] != EMPTY:
                        if not (cells[square] == "K" and rules.king_protected):
                            found.append((origin, square))
                        break
                    if not slides:
                        break
                    row_now, column_now = row_now - rank_step, column_now + file_step
        return found

    def count(cells: str, pieces: int) -> int:
        if pieces == 1:
            return 1
        known = counts.get(cells)
        if known is None:
            known = 0
            for origin, target in captures(cells):
                board = list(cells)
                board[target], board[origin] = board[origin], EMPTY
                known += count("".join(board), pieces - 1)
            counts[cells] = known
        return known

    return count(position.cells, position.piece_count) if position.piece_count > 1 else position.piece_count


def project_count(position: Position) -> int:
    """The project's solver, fresh for every board so no memo carries over."""
    return Solver().count(position)


def solver_kind() -> str:
    return "compiled (mypyc)" if solver_module.COMPILED else "pure Python"


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
        started = time.process_time()
        results.append(solve(board))
        seconds.append(time.process_time() - started)
    return Timing(name, tuple(seconds)), results


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def _verdict(met: bool) -> str:
    return "met" if met else "MISSED"


def solver_report(board_count: int = DEFAULT_BOARDS, seed: int = DEFAULT_SEED) -> list[str]:
    boards = random_boards(board_count, seed)
    # The first pass warms what the solvers of one rule set share (as a running game has it:
    # the occupied squares of each occupancy); the second is the one the targets judge.
    cold, _ = timed("(a) first pass", project_count, boards)
    fast, counts = timed(f"(a) Solver, {solver_kind()}: solvable + exact count", project_count, boards)
    pure_timings: list[Timing] = []
    pure_counts = counts
    if solver_module.COMPILED:
        pure_solver: type[Solver] = load_source("game.engine.solver").Solver
        timed("(a') first pass", lambda board: pure_solver().count(board), boards)
        pure, pure_counts = timed("(a') the same source, pure Python", lambda board: pure_solver().count(board), boards)
        pure_timings.append(pure)
    article, solvable = timed("(b) article's backtracking: solvable", article_solvable, boards)
    memo, memo_counts = timed("(c) memo on board strings, walking: exact count", memo_count, boards)

    rows = (cold, fast, *pure_timings, article, memo)
    width = max(len(timing.name) for timing in rows)
    lines = [
        f"{board_count} random boards, 2-10 pieces from ThinkFun's set, seed {seed}; "
        f"{sum(count > 0 for count in counts)} of them solvable; the solver runs {solver_kind()}",
        "",
        f"{'':{width}}  {'boards/s':>10}  {'median':>10}  {'worst':>10}",
    ]
    for timing in rows:
        rate, median, worst = f"{timing.boards_per_second:.1f}", _ms(timing.median), _ms(timing.worst)
        lines.append(f"{timing.name:{width}}  {rate:>10}  {median:>10}  {worst:>10}")
    over_memo = fast.boards_per_second / memo.boards_per_second
    over_article = fast.boards_per_second / article.boards_per_second
    lines += [
        "",
        f"speed-up of (a): {over_memo:.1f}x over (c), {over_article:.1f}x over (b)",
        *(
            f"speed-up of (a'): {timing.boards_per_second / memo.boards_per_second:.1f}x over (c); "
            f"compiled over pure: {fast.boards_per_second / timing.boards_per_second:.1f}x"
            for timing in pure_timings
        ),
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
    mismatches += [
        f"{MISMATCH}: {board.rows()}: compiled counts {count}, pure Python {pure_count}"
        for board, count, pure_count in zip(boards, counts, pure_counts, strict=True)
        if count != pure_count
    ]
    if mismatches:
        lines += ["", f"{MISMATCH}: the solvers disagree on {len(mismatches)} boards!", *mismatches]
    else:
        lines.append("all three agree on every board's solvability, and (a) and (c) on every count")
    return lines


def _first_win_lines(name: str, boards: Sequence[Position]) -> list[str]:
    def first_win(board: Position) -> tuple[bool, int]:
        solver = Solver()
        return solver.solve(board) is not None, solver.memo_entries

    def counted(board: Position) -> tuple[bool, int]:
        solver = Solver()
        return solver.count(board) > 0, solver.memo_entries

    fast, answers = timed("first win", first_win, boards)
    slow, counts = timed("exact count", counted, boards)
    lines = [f"{name}:"]
    for timing, found in ((fast, answers), (slow, counts)):
        expanded = sum(entries for _, entries in found)
        lines.append(
            f"  {timing.name:12} median {_ms(timing.median):>9}, worst {_ms(timing.worst):>10}, "
            f"total {sum(timing.seconds):6.2f} s, {expanded:>9} positions expanded"
        )
    expanded_ratio = sum(entries for _, entries in counts) / max(1, sum(entries for _, entries in answers))
    lines.append(
        f"  first win: {sum(slow.seconds) / sum(fast.seconds):.1f}x less time, "
        f"{expanded_ratio:.1f}x fewer positions than counting"
    )
    lines += [
        f"  {MISMATCH}: {board.rows()}: first win says {won}, the count says {count_won}"
        for board, (won, _), (count_won, _) in zip(boards, answers, counts, strict=True)
        if won != count_won
    ]
    return lines


def first_win_report(board_count: int = DEFAULT_BOARDS, seed: int = DEFAULT_SEED) -> list[str]:
    """`Solver.solve`, as Auto, hints and the stuck warning call it: a fresh solver per board."""
    from game.content.levels import load_collection

    collection = load_collection(verify=False)
    puzzles = [puzzle.board for level in collection.levels for puzzle in level.puzzles]
    random = random_boards(board_count, seed)
    hardest = max(puzzles, key=lambda board: (board.piece_count, -Solver().random_win(board)))
    times = []
    for _ in range(5):
        started = time.process_time()
        Solver().hint(hardest)
        times.append(time.process_time() - started)
    return [
        f"the solver runs {solver_kind()}",
        *_first_win_lines(f"the collection's {len(puzzles)} puzzles", puzzles),
        *_first_win_lines(f"{board_count} random boards (seed {seed})", random),
        f"Auto's first move on the hardest Expert puzzle ({hardest.rows()}): "
        f"median {_ms(statistics.median(times))} of 5",
    ]


def batch_memory_report(board_count: int = 3000, seed: int = DEFAULT_SEED) -> list[str]:
    """Peak resident memory of `solochess solve --batch --json`, on a tenth of the boards and on
    all of them: flat means the two are close."""
    lines = []
    with tempfile.TemporaryDirectory() as folder:
        for count in (board_count // 10, board_count):
            path = Path(folder) / f"boards-{count}.txt"
            path.write_text("".join(f"{board.rows()}\n" for board in random_boards(count, seed)), encoding="utf-8")
            # VmHWM, not ru_maxrss: Linux carries the forking parent's peak into a child's
            # ru_maxrss, and this parent holds the earlier sections' memos.
            script = (
                "import contextlib, os\n"
                "from game.cli.main import main\n"
                "with open(os.devnull, 'w') as out, contextlib.redirect_stdout(out):\n"
                f"    main(['solve', '--batch', {str(path)!r}, '--json'])\n"
                "try:\n"
                "    print(next(line.split()[1] for line in open('/proc/self/status') if line.startswith('VmHWM')))\n"
                "except OSError:\n"
                "    import resource\n"
                "    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
            )
            started = time.perf_counter()
            done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
            peak = int(done.stdout.split()[-1]) / 1024
            lines.append(f"{count:5} boards: peak resident {peak:6.1f} MB in {time.perf_counter() - started:.1f} s")
            last_peak = peak
    lines.append(f"target: at most 100 MB over {board_count} boards {_verdict(last_peak <= 100)}")
    return lines


def levels_check_report() -> list[str]:
    """`solochess levels check` on the built-in collection: counts, random_win and uniqueness."""
    from game.content.levels import check_collection

    started = time.process_time()
    _, summary = check_collection()
    return [f"{summary}; {time.process_time() - started:.1f} s"]


def pure_generator_report(samples: int, seed: int) -> list[str]:
    """The generator section again in a second process that runs the solver as plain Python."""
    script = (
        "from game.engine.purepython import use_pure_python\n"
        "use_pure_python()\n"
        "from benchmarks.generator import generator_report\n"
        f"print(*generator_report({samples}, {seed}), sep='\\n')\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return [f"pure Python, {samples} seeds per size:", *done.stdout.splitlines()]


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
        ("Exact count", lambda: solver_report(args.boards, args.seed)),
        ("First win", lambda: first_win_report(args.boards, args.seed)),
    ]
    generator_report = _generator_report()
    if generator_report is not None:
        found.append(
            (
                "Unique puzzles",
                lambda: [
                    f"{solver_kind()}, {args.samples} seeds per size:",
                    *generator_report(args.samples, args.seed),
                ],
            )
        )
        if solver_module.COMPILED and args.pure_samples:
            found.append(("Unique puzzles in pure Python", lambda: pure_generator_report(args.pure_samples, args.seed)))
    found += [
        ("Big board", lambda: big_board_report(args.seed)),
        ("solve --big first answer", first_answer_report),
        ("solve --batch memory", lambda: batch_memory_report(args.batch, args.seed)),
        ("levels check", levels_check_report),
    ]
    if not args.no_game:
        from benchmarks.frames import frames_report
        from benchmarks.game import frame_rate_report, idle_cpu_report, startup_report

        found += [
            ("Start-up time", startup_report),
            ("Idle CPU", idle_cpu_report),
            ("Animation", frame_rate_report),
            ("Frames", frames_report),
        ]
    return found


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.run", description="Time the solver and friends.")
    parser.add_argument("--boards", type=int, default=DEFAULT_BOARDS, help=f"random boards (default: {DEFAULT_BOARDS})")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"random seed (default: {DEFAULT_SEED})")
    parser.add_argument(
        "--samples", type=int, default=DEFAULT_SAMPLES, help=f"generator seeds per size (default: {DEFAULT_SAMPLES})"
    )
    parser.add_argument(
        "--pure-samples",
        type=int,
        default=5,
        help="with the compiled solver: generator seeds per size in pure Python, 0 for none (default: 5)",
    )
    parser.add_argument("--batch", type=int, default=3000, help="boards for the batch memory (default: 3000)")
    parser.add_argument("--only", metavar="WORDS", help="run only the sections whose title contains WORDS")
    parser.add_argument("--no-game", action="store_true", help="skip the game's start-up, idle CPU and frame rate")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Print every section; the exit status is 1 if the solvers disagreed, else 0."""
    args = build_parser().parse_args(argv)
    if min(args.boards, args.samples, args.batch) < 1 or args.pure_samples < 0:
        print(
            "benchmark: error: --boards, --samples and --batch must be at least 1, --pure-samples at least 0",
            file=sys.stderr,
        )
        return 2
    status = 0
    for title, report in sections(args):
        if args.only and args.only.lower() not in title.lower():
            continue
        print(f"== {title} ==", flush=True)
        lines = report()
        print("\n".join(lines), end="\n\n", flush=True)
        if any(line.startswith(MISMATCH) for line in lines):
            status = 1
    return status


if __name__ == "__main__":
    raise SystemExit(main())
