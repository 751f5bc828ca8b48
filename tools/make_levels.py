"""Build the puzzle collection, `levels.json`, with the project's own generator.

    python tools/make_levels.py [--seed S] [--out levels.json] [--jobs N]

The same seed gives the same file, whatever --jobs: each puzzle has its own random stream,
named by the seed, its level and its place, so it does not matter which worker makes it.
The command and seed are written into the file under "made_by".
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.content.levels import LEVEL_NAMES, Puzzle, check_collection, collection_text, default_path
from game.content.puzzle_ids import level_id
from game.engine.generator import Generator
from game.rules.pieces import THINKFUN_SET
from game.rules.variants import DEFAULT_RULES

DEFAULT_SEED = 1
PUZZLES_PER_LEVEL = 100

# How many puzzles of each size a level holds. Ten-piece puzzles took half a minute each to
# find when the collection was made (a few seconds now), so the Expert level keeps a few of
# them as its finale. Beginner puzzles lean to four
# pieces and Advanced ones to seven so that each level's median is harder than the last.
MIX = {
    "Beginner": {3: 35, 4: 65},
    "Intermediate": {5: 40, 6: 60},
    "Advanced": {6: 20, 7: 80},
    "Expert": {8: 60, 9: 34, 10: 6},
}
# Every fifth puzzle is asked to end with the King, so every level has some.
KING_EVERY = 5

Task = tuple[str, int, int, int, bool]  # level, place, attempt, pieces, with the King

_generator: Generator | None = None


def _make(task: Task, seed: int) -> Puzzle:
    global _generator
    if _generator is None:
        _generator = Generator(DEFAULT_RULES)
    level, place, attempt, pieces, king = task
    rng = random.Random(f"{seed}:{level}:{place}:{attempt}")
    return _generator.puzzle(pieces, rng, king=True if king else None)


def _tasks() -> list[Task]:
    tasks = []
    for level in LEVEL_NAMES:
        sizes = [pieces for pieces, count in MIX[level].items() for _ in range(count)]
        assert len(sizes) == PUZZLES_PER_LEVEL
        for place, pieces in enumerate(sizes):
            tasks.append((level, place, 0, pieces, place % KING_EVERY == 0))
    return tasks


def _make_all(tasks: list[Task], seed: int, jobs: int) -> dict[Task, Puzzle]:
    # The biggest first, so that no worker is left with a ten-piece puzzle at the end.
    ordered = sorted(tasks, key=lambda task: -task[3])
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        puzzles = pool.map(_make, ordered, [seed] * len(ordered))
        return dict(zip(ordered, puzzles, strict=True))


def build(seed: int, jobs: int) -> dict[str, list[Puzzle]]:
    tasks = _tasks()
    made = _make_all(tasks, seed, jobs)
    seen: set[str] = set()
    levels: dict[str, list[Puzzle]] = {level: [] for level in LEVEL_NAMES}
    for task in tasks:
        puzzle = made[task]
        # A repeated board (or its mirror image) is made again with the next attempt's stream;
        # rare, so it is done here, one at a time, in a fixed order.
        while puzzle.board.cells in seen:
            level, place, attempt, pieces, king = task
            task = (level, place, attempt + 1, pieces, king)
            puzzle = _make(task, seed)
        seen.update((puzzle.board.cells, puzzle.board.mirror().cells))
        levels[task[0]].append(replace(puzzle, level=task[0]))
    for level, puzzles in levels.items():
        puzzles.sort(key=lambda puzzle: (-puzzle.random_win, puzzle.board.cells))
        levels[level] = [replace(puzzle, id=level_id(level, number)) for number, puzzle in enumerate(puzzles, 1)]
    return levels


def _missing_pieces(puzzles: list[Puzzle]) -> str:
    present = set("".join(puzzle.board.cells for puzzle in puzzles))
    return "".join(letter for letter in THINKFUN_SET if letter not in present)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"(default: {DEFAULT_SEED})")
    parser.add_argument("--out", type=Path, default=default_path(), help="(default: the repository's levels.json)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: all cores)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    levels = build(args.seed, max(1, args.jobs))
    for name, puzzles in levels.items():
        missing = _missing_pieces(puzzles)
        if missing:
            print(f"{name} has no {', '.join(missing)}: try another seed", file=sys.stderr)
            return 1
    made_by = {"command": f"python tools/make_levels.py --seed {args.seed}", "seed": args.seed}
    args.out.write_text(collection_text(levels, made_by, DEFAULT_RULES), encoding="utf-8")
    problems, summary = check_collection(args.out)
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"{summary} (made in {time.perf_counter() - started:.0f} s)")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
