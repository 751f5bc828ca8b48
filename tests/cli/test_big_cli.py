"""The big board at the command line: `solve --big` with a FEN, its batch, and the text version."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli.text import play_text
from game.content.levels import Collection, Level, Puzzle
from game.engine.solver import Solver
from game.rules.position import Position
from game.rules.squares import parse_square
from game.rules.variants import BIG_RULES

ROOT = Path(__file__).resolve().parents[2]
# From outside the project: a position set up by hand as a FEN, with the usual trailing fields.
HAND_SET = "8/8/8/3p4/2N1B3/8/8/8 w - - 0 1"


def run(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game", *argv], cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=60
    )


@pytest.mark.slow
def test_solve_big_json_gives_the_exact_count_and_a_line_that_replays() -> None:
    done = run("solve", "--big", "--json", HAND_SET)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["board"] == "8/8/8/3P4/2N1B3/8/8/8"
    position = Position.parse_fen(HAND_SET)
    # The bishop takes the pawn, then the knight: the knight never sees the others.
    assert result["solutions"] == Solver(BIG_RULES).count(position) == 1
    assert result["moves"] == [["e4", "d5"], ["d5", "c4"]]
    moves = [(parse_square(a, 8), parse_square(b, 8)) for a, b in result["moves"]]
    assert position.replay(moves, BIG_RULES)[-1].is_solved


@pytest.mark.program
def test_the_capture_limit_makes_a_board_unsolvable_that_would_be_solvable_without_it() -> None:
    done = run("solve", "--big", "--json", "8/8/8/8/8/8/8/RNBP4")
    assert json.loads(done.stdout) == {"board": "8/8/8/8/8/8/8/RNBP4", "solvable": False, "solutions": 0, "moves": None}


@pytest.mark.program
def test_solve_big_prints_the_board_with_files_a_to_h() -> None:
    done = run("solve", "--big", "8/8/2R5/8/8/8/2N5/8")
    assert done.returncode == 0
    assert "6 | . . R . . . . . |" in done.stdout
    assert "a b c d e f g h" in done.stdout
    assert "Solution: 1. Rc6xc2" in done.stdout


@pytest.mark.slow
def test_a_bad_fen_is_one_line_and_exit_2() -> None:
    for bad in ("8/8/8", "8/8/8/8/8/8/8/9", "PPPPPPPP/PPPPPPPP/P7/8/8/8/8/8", "8/8/8/8/8/8/8/8"):
        done = run("solve", "--big", bad)
        assert done.returncode == 2
        assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr


@pytest.mark.program
def test_batch_answers_every_big_board_and_names_the_bad_line() -> None:
    done = run("solve", "--big", "--json", "--batch", "-", stdin=f"{HAND_SET}\nnonsense\n8/8/8/8/8/8/8/RNBP4\n")
    assert done.returncode == 2
    assert [json.loads(line)["solvable"] for line in done.stdout.splitlines()] == [True, False]
    assert "line 2" in done.stderr


def big_shelf() -> Collection:
    board = Position.parse_fen("R1B5/1N6/8/8/8/8/8/8")
    line = Solver(BIG_RULES).solve(board)
    assert line is not None
    puzzle = Puzzle("big-01-001", board, tuple((move.origin, move.target) for move in line), 1, 0.5, "1")
    return Collection(BIG_RULES, [Level("1", [puzzle])])


def test_the_text_version_offers_the_big_board_and_plays_it_with_counts_shown() -> None:
    out = io.StringIO()
    script = ["", "Big board", "1", "1", "m", "c8 b7", "u", "c8b7", "b7 a8", "q"]
    status = play_text(io.StringIO("".join(f"{line}\n" for line in script)), out, big=big_shelf())
    text = out.getvalue()
    assert status == 0
    assert "5 Big board" in text
    assert "a piece may capture at most twice" in text
    assert "Captures left: Ra8 2, Bb7 1" in text
    assert "Took back the bishop's move." in text
    assert "Solved! The moves: 1. Bc8xb7 2. Bb7xa8" in text


@pytest.mark.slow
def test_a_fen_typed_at_the_menu_is_played_on_the_big_board() -> None:
    out = io.StringIO()
    script = ["", "R1B5/1N6/8/8/8/8/8/8", "a", "q"]
    assert play_text(io.StringIO("".join(f"{line}\n" for line in script)), out, big=big_shelf()) == 0
    assert "Solved! The moves: 1. Bc8xb7 2. Bb7xa8" in out.getvalue()


@pytest.mark.program
def test_solve_big_json_line_respects_the_capture_limit_on_a_pasted_fen() -> None:
    done = run("solve", "--big", "--json", "2N5/3Q4/BP1R4/8/8/8/8/8")
    result = json.loads(done.stdout)
    board = Position.parse_fen("2N5/3Q4/BP1R4/8/8/8/8/8")
    moves = [(parse_square(a, 8), parse_square(b, 8)) for a, b in result["moves"]]
    assert result["solutions"] == Solver(BIG_RULES).count(board) == 6
    assert board.replay(moves, BIG_RULES)[-1].is_solved
