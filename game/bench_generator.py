"""How fast the generator makes unique puzzles: the generator section of `game.benchmark`.

Also on its own: `python -c "from game.bench_generator import generator_report as r; print(*r(), sep='\\n')"`
"""

from __future__ import annotations

import random
import statistics
import threading
import time

from .generator import Generator
from .solver import Cancelled

# Seconds each size may take in all. Eight pieces take a fraction of a second each and need
# no limit; ten take about half a minute each, with a long tail.
TIME_LIMITS = {8: None, 9: 60.0, 10: 120.0}


def _timings(pieces: int, samples: int, seed: int, limit: float | None) -> tuple[list[float], float, bool]:
    """The time each puzzle took, the total, and whether the time limit cut the run short."""
    cancel = threading.Event()
    timer = threading.Timer(limit, cancel.set) if limit else None
    generator = Generator(cancel=cancel)
    rng = random.Random(seed)
    times: list[float] = []
    started = time.perf_counter()
    if timer:
        timer.start()
    try:
        for _ in range(samples):
            begun = time.perf_counter()
            generator.puzzle(pieces, rng)
            times.append(time.perf_counter() - begun)
    except Cancelled:
        return times, time.perf_counter() - started, True
    finally:
        if timer:
            timer.cancel()
    return times, time.perf_counter() - started, False


def generator_report(samples: int = 10, seed: int = 1) -> list[str]:
    """Per size of Expert puzzle: how many unique puzzles a second, and the median and worst
    time for one. One generator makes each size's puzzles in turn, as `generate` does."""
    lines = []
    for pieces, limit in TIME_LIMITS.items():
        times, total, cut = _timings(pieces, samples, seed, limit)
        label = f"unique {pieces}-piece puzzles"
        if not times:
            lines.append(f"{label}: none found in {total:.0f} s")
            continue
        stopped = f" (stopped at the {limit:.0f} s limit)" if cut else ""
        lines.append(
            f"{label}: {len(times)} in {total:.1f} s{stopped}, {len(times) / total:.2f} per second; "
            f"median {statistics.median(times):.2f} s, worst {max(times):.2f} s"
        )
    return lines
