"""How soon `solochess solve --big` answers on a crowded board: the "solve --big first answer"
section of `benchmarks.run` (`--only first`).

The boards are fifteen pieces with two queens, made by the big-board generator with a second
queen allowed in its army (seed 1), as boards from other programs may hold them. Each is
solved by a whole `solochess` process, as a person types it: the time runs from starting the
process to reading its "Solution:" line, which the command prints and flushes before it
counts; the process is then stopped. Wall seconds show what a person waits on this machine at
its present load (printed beside them); CPU seconds, what the process itself spent (start-up,
imports, the first-win search), which is the wall time on an idle machine.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time

BOARDS = (
    "1Q1R4/Q1PPP3/1PN1RB2/3PPN2/4K3/2B5/8/8",
    "8/8/2R2Q2/2PNP3/1PQK1P2/2RP1B2/4PN2/5B2",
    "5Q2/4BR2/2KNPP2/2RPQP2/1BPNP3/8/8/8",
    "3BNR2/2K1QNQ1/5PP1/2RPP1B1/2P1P3/8/8/8",
    "8/2BR4/2KQP3/1PPQ4/2P1N3/1PNP4/2PR4/8",
    "8/2QR4/4P3/1KPNPPN1/1Q1PPPP1/6B1/8/8",
    "8/2P5/3P4/2P1BN1Q/3N4/3PRBP1/3KPQ1R/8",
    "3B4/2P5/1Q1Q1BN1/4NPP1/4KPP1/4PRP1/8/8",
    "8/1P6/1PP5/1K1P4/1NQB4/1RRNB3/1PQP4/8",
    "8/1PB1R3/1NP5/1BPN4/1P4R1/1QPQ4/1P1P4/8",
)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def first_answer(board: str) -> tuple[float, float, str]:
    """Wall and CPU seconds of one process up to its first answer, and that answer's line."""
    cpu = _children_cpu()
    start = time.perf_counter()
    with subprocess.Popen(
        [sys.executable, "-m", "game", "solve", "--big", board],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    ) as process:
        assert process.stdout is not None
        answer = ""
        for line in process.stdout:
            if line.startswith(("Solution:", "Solvable: no")):
                answer = line.strip()
                break
        wall = time.perf_counter() - start
        process.kill()
    return wall, _children_cpu() - cpu, answer


def first_answer_report(runs: int = 5) -> list[str]:
    lines = [f"load average before: {os.getloadavg()[0]:.1f}"]
    walls, cpus = [], []
    for board in BOARDS:
        timed = [first_answer(board) for _ in range(runs)]
        wall = statistics.median(each[0] for each in timed)
        cpu = statistics.median(each[1] for each in timed)
        walls.append(wall)
        cpus.append(cpu)
        answered = "solution" if timed[0][2].startswith("Solution:") else f"NO SOLUTION LINE: {timed[0][2]!r}"
        lines.append(f"{board:42s} wall {wall:5.2f} s  CPU {cpu:5.2f} s  ({answered})")
    lines.append(
        f"median of {len(BOARDS)} boards (each the median of {runs} runs): wall {statistics.median(walls):.2f} s, "
        f"CPU {statistics.median(cpus):.2f} s; slowest board: wall {max(walls):.2f} s, CPU {max(cpus):.2f} s"
    )
    lines.append(f"load average after: {os.getloadavg()[0]:.1f}")
    return lines


if __name__ == "__main__":
    print("\n".join(first_answer_report()))
