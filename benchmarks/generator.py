"""How fast unique Expert puzzles are made: the generator section of `benchmarks.run`.

Also on its own: `python -c "from benchmarks.generator import generator_report as r; print(*r(), sep='\\n')"`

Each seed gets a fresh `Generator`, as "New puzzle" in the game makes one, so no memo carries
over from one puzzle to the next. Times are CPU seconds of this process.
"""

from __future__ import annotations

import random
import statistics
import threading
import time

from game.engine.generator import Generator
from game.engine.solver import Cancelled

# Seconds each size may take over all its seeds, so the section stays bounded on a slow machine.
TIME_LIMITS = {8: 60.0, 9: 120.0, 10: 240.0}
# (median, worst) seconds the issue asks for; None where it sets no bound.
TARGETS: dict[int, tuple[float, float | None]] = {9: (1.0, None), 10: (5.0, 30.0)}


def _timings(pieces: int, seeds: int, limit: float) -> tuple[list[float], bool]:
    """The CPU time of each seed's puzzle, and whether the time limit cut the run short."""
    cancel = threading.Event()
    timer = threading.Timer(limit, cancel.set)
    times: list[float] = []
    timer.start()
    try:
        for seed in range(seeds):
            begun = time.process_time()
            Generator(cancel=cancel).puzzle(pieces, random.Random(seed))
            times.append(time.process_time() - begun)
    except Cancelled:
        return times, True
    finally:
        timer.cancel()
    return times, False


def generator_report(samples: int = 20, seed: int = 0) -> list[str]:
    """Per size of Expert puzzle: the median and worst time for one unique puzzle over
    `samples` seeds. (`seed` is unused: the seeds are 0 to samples - 1.)"""
    lines = []
    for pieces, limit in TIME_LIMITS.items():
        times, cut = _timings(pieces, samples, limit)
        label = f"unique {pieces}-piece puzzles"
        if not times:
            lines.append(f"{label}: none found in {limit:.0f} s")
            continue
        stopped = f", stopped at the {limit:.0f} s limit" if cut else ""
        line = (
            f"{label}: {len(times)} of {samples} seeds{stopped}; median {statistics.median(times):.2f} s, "
            f"worst {max(times):.2f} s"
        )
        target = TARGETS.get(pieces)
        if target:
            median, worst = target
            met = not cut and statistics.median(times) < median and (worst is None or max(times) < worst)
            wanted = f"median under {median:.0f} s" + (f", worst under {worst:.0f} s" if worst else "")
            line += f"; target {wanted} {'met' if met else 'MISSED'}"
        lines.append(line)
    return lines
