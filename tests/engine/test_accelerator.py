"""The optional compiled solver (`tools/accelerate.py`) against the pure-Python one.

Without a compiled build every other test already runs the pure Python, and these check only
that `COMPILED` says so. With one built, the rest of the suite runs the compiled modules, and
these check them against the same source run as plain Python, on random boards.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.run import random_boards
from game.engine import solver, uniqueness
from game.engine.purepython import COMPILED_MODULES, load_source

ROOT = Path(__file__).resolve().parents[2]
compiled_only = pytest.mark.skipif(not solver.COMPILED, reason="no compiled solver built (tools/accelerate.py build)")


def test_compiled_says_which_file_runs() -> None:
    assert (not str(solver.__file__).endswith(".py")) == solver.COMPILED
    assert all(name in sys.modules for name in COMPILED_MODULES)


@compiled_only
def test_the_compiled_solver_agrees_with_its_source_on_random_boards() -> None:
    pure = load_source("game.engine.solver")
    assert not pure.COMPILED
    pure_sets = load_source("game.engine.uniqueness")
    for board in random_boards(150, seed=15):
        fast, slow = solver.Solver(), pure.Solver()
        assert fast.count(board) == slow.count(board), board.rows()
        assert fast.solve(board) == slow.solve(board), board.rows()
        assert fast.random_win(board) == slow.random_win(board), board.rows()
        assert uniqueness.is_unique(board, fast) == pure_sets.is_unique(board, slow), board.rows()


@compiled_only
@pytest.mark.program
def test_the_solver_tests_pass_in_pure_python_too() -> None:
    script = (
        "import sys, pytest\n"
        "from game.engine.purepython import use_pure_python\n"
        "use_pure_python()\n"
        "import game.engine.solver\n"
        "assert not game.engine.solver.COMPILED\n"
        "sys.exit(pytest.main(['-q', '-m', 'not slow', '-p', 'no:cacheprovider', 'tests/engine/test_solver.py']))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
