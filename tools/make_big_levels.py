"""Build the big-board collection, `big_levels.json`, with the big-board generator.

    python tools/make_big_levels.py [--seed S] [--out big_levels.json] [--jobs N]

Ten levels of 30 puzzles, one more piece at each level (`BIG_LEVEL_PIECES`), each level
ordered by the exact random-play win chance, easiest first. The same seed gives the same file,
whatever --jobs: each puzzle has its own random stream, named by the seed, its level and its
place. The command and seed are written into the file under "made_by".
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

from game.content.levels import BIG_LEVEL_NAMES, BIG_LEVEL_PIECES, Puzzle, check_collection, collection_text
from game.content.puzzle_ids import big_id
from game.engine.big import BigGenerator
from game.rules.variants import BIG_RULES

DEFAULT_SEED = 1
PUZZLES_PER_LEVEL = 30
# Every third puzzle is asked to end with the King, the others to end without it, so that
# every level has both.
KING_EVERY = 3
# The repository's copy; the wheel packs it as game/data/big_levels.json.
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "big_levels.json"

Task = tuple[str, int, int]  # level, place, attempt


def _make(task: Task, seed: int) -> Puzzle:
    level, place, attempt = task
    rng = random.Random(f"{seed}:big:{level}:{place}:{attempt}")
    pieces = BIG_LEVEL_PIECES[level][0]
    return BigGenerator().puzzle(pieces, rng, king=place % KING_EVERY == 0)


def build(seed: int, jobs: int) -> dict[str, list[Puzzle]]:
    tasks = [(level, place, 0) for level in BIG_LEVEL_NAMES for place in range(PUZZLES_PER_LEVEL)]
    # The biggest first, so that no worker is left with a twelve-piece puzzle at the end.
    ordered = sorted(tasks, key=lambda task: -BIG_LEVEL_PIECES[task[0]][0])
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        made = dict(zip(ordered, pool.map(_make, ordered, [seed] * len(ordered)), strict=True))
    seen: set[str] = set()
    levels: dict[str, list[Puzzle]] = {level: [] for level in BIG_LEVEL_NAMES}
    for task in tasks:
        puzzle = made[task]
        # A repeated board (or its mirror image) is made again with the next attempt's stream.
        while puzzle.board.cells in seen:
            task = (task[0], task[1], task[2] + 1)
            puzzle = _make(task, seed)
        seen.update((puzzle.board.cells, puzzle.board.mirror().cells))
        levels[task[0]].append(replace(puzzle, level=task[0]))
    for level, puzzles in levels.items():
        puzzles.sort(key=lambda puzzle: (-puzzle.random_win, puzzle.board.cells))
        levels[level] = [replace(puzzle, id=big_id(level, number)) for number, puzzle in enumerate(puzzles, 1)]
    return levels


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"(default: {DEFAULT_SEED})")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="(default: the repository's big_levels.json)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: all cores)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    levels = build(args.seed, max(1, args.jobs))
    made_by = {
        "command": f"python tools/make_big_levels.py --seed {args.seed}",
        "seed": args.seed,
        "random_win": "exact: Solver.random_win, the chance that random legal captures win",
    }
    args.out.write_text(collection_text(levels, made_by, BIG_RULES), encoding="utf-8")
    print(f"written in {time.perf_counter() - started:.0f} s; checking", flush=True)
    problems, summary = check_collection(args.out)
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"{summary} (made and checked in {time.perf_counter() - started:.0f} s)")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
