"""The big-board generator: puzzles built backward on 8x8 with the capture limit, and `generate --big`."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game.cli.main import main
from game.content.levels import BIG_LEVEL_NAMES, BIG_LEVEL_PIECES, Puzzle, parse_puzzle
from game.engine.big import BigGenerator, generate_big, window_side
from game.engine.solver import Cancelled, Solver
from game.rules.pieces import ARMY
from game.rules.position import Position
from game.rules.squares import square_file, square_rank
from game.rules.variants import BIG_RULES

ROOT = Path(__file__).resolve().parents[2]
# The levels whose puzzles take a moment to count; the others a few milliseconds.
QUICK_LEVELS = [name for name in BIG_LEVEL_NAMES if BIG_LEVEL_PIECES[name][1] <= 9]


def check_big_puzzle(puzzle: Puzzle) -> None:
    """Everything a big-board puzzle promises, checked with the solver."""
    board = puzzle.board
    assert board.size == 8
    assert all(board.cells.count(letter) <= most for letter, most in ARMY.items())
    solver = Solver(BIG_RULES)
    assert solver.count(board) == puzzle.solutions > 0
    solver.forget()
    assert puzzle.random_win == float(solver.random_win(board))
    positions = board.replay(puzzle.solution, BIG_RULES)
    assert len(positions) == board.piece_count - 1
    assert positions[-1].is_solved
    if "K" in board.cells:
        assert positions[-1].cells.strip(".") == "K"
    # No pawn on the first or last rank, where a chess player would not look for one.
    assert all(square_rank(square, 8) not in (1, 8) for square, letter in enumerate(board.cells) if letter == "P")
    # Some first move loses.
    start = board.counted()
    assert not all(solver.is_solvable(start.apply(move)) for move in start.captures(BIG_RULES))


def spread(board: Position) -> int:
    """The side of the smallest square window that holds every piece."""
    occupied = board.occupied()
    files = [square_file(square, 8) for square in occupied]
    ranks = [square_rank(square, 8) for square in occupied]
    return max(max(files) - min(files), max(ranks) - min(ranks)) + 1


@pytest.mark.parametrize("level", QUICK_LEVELS)
def test_each_level_makes_solvable_puzzles_from_one_army_in_its_band(level: str) -> None:
    fewest, most = BIG_LEVEL_PIECES[level]
    for puzzle in generate_big(level, count=3, seed=11):
        assert fewest <= puzzle.piece_count <= most
        assert puzzle.level == level
        assert puzzle.id.startswith(f"big-{int(level):02d}-r11-")
        check_big_puzzle(puzzle)
        assert spread(puzzle.board) <= window_side(puzzle.piece_count)


@pytest.mark.slow
def test_the_biggest_level_makes_solvable_puzzles() -> None:
    for puzzle in generate_big("10", count=2, seed=3):
        assert puzzle.piece_count >= 12
        check_big_puzzle(puzzle)


@pytest.mark.parametrize("king", [True, False])
def test_the_king_when_asked_for_is_the_last_piece_standing(king: bool) -> None:
    for seed in range(4):
        puzzle = BigGenerator().puzzle(6, random.Random(seed), king=king)
        assert ("K" in puzzle.board.cells) == king
        check_big_puzzle(puzzle)


def test_the_same_seed_gives_the_same_puzzles() -> None:
    first = list(generate_big(6, count=3, seed=42))
    again = list(generate_big("6", count=3, seed=42))
    other = list(generate_big(6, count=3, seed=43))
    assert first == again
    assert [puzzle.board for puzzle in first] != [puzzle.board for puzzle in other]
    boards = {puzzle.board.cells for puzzle in first} | {puzzle.board.mirror().cells for puzzle in first}
    assert len(boards) == 6  # three boards, none the mirror image of another


def test_unmeasured_puzzles_are_the_same_boards_without_the_counts() -> None:
    measured = BigGenerator().puzzle(8, random.Random(5))
    quick = BigGenerator().puzzle(8, random.Random(5), measured=False)
    assert (quick.board, quick.solution) == (measured.board, measured.solution)
    assert (quick.solutions, quick.random_win) == (0, 0.0)


def test_a_level_of_unmeasured_puzzles_is_the_measured_level_without_the_counts() -> None:
    measured = list(generate_big(7, count=2, seed=9))
    quick = list(generate_big(7, count=2, seed=9, measured=False))
    assert [(puzzle.id, puzzle.board, puzzle.solution) for puzzle in quick] == [
        (puzzle.id, puzzle.board, puzzle.solution) for puzzle in measured
    ]
    assert {(puzzle.solutions, puzzle.random_win) for puzzle in quick} == {(0, 0.0)}


def test_a_set_cancel_event_stops_the_search() -> None:
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(Cancelled):
        BigGenerator(cancel).puzzle(12, random.Random(1))


@pytest.mark.parametrize("level", ["0", "11", "beginner", ""])
def test_only_ten_levels(level: str) -> None:
    with pytest.raises(ValueError, match="1 to 10"):
        next(generate_big(level))


def test_a_big_puzzle_goes_to_json_and_back() -> None:
    puzzle = next(generate_big(5, seed=8))
    data = puzzle.to_json()
    assert data["board"] == puzzle.board.fen()
    assert "/" in data["board"] and len(data["board"]) < 64
    assert all(len(square) == 2 and square[0] in "abcdefgh" for move in data["solution"] for square in move)
    again = parse_puzzle(json.loads(json.dumps(data)), puzzle.level, Solver(BIG_RULES))
    assert again == puzzle


# The command line


def test_generate_big_prints_one_json_object_per_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    arguments = ["generate", "--big", "--level", "3", "--count", "2", "--seed", "5", "--json"]
    assert main(arguments) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    for line in lines:
        data = json.loads(line)
        assert data["level"] == "3"
        assert Position.parse_fen(data["board"]).piece_count == BIG_LEVEL_PIECES["3"][0]
    assert main(arguments) == 0
    assert capsys.readouterr().out.splitlines() == lines


@pytest.mark.program
def test_generate_big_for_real() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "game", "generate", "--big", "--level", "2", "--seed", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("big-02-r1-001: ")
    assert "8 | " in done.stdout and "a b c d e f g h" in done.stdout
    assert "Solution: 1. " in done.stdout
    assert done.stderr == ""


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["--big", "--level", "beginner"], "the big board's levels are 1 to 10, not 'beginner'"),
        (["--level", "4"], "level 4 is a big-board level: add --big"),
        (["--big", "--level", "11"], "invalid choice: '11'"),
        (["--big", "--level", "3", "--count", "0"], "--count must be at least 1"),
    ],
)
@pytest.mark.program
def test_generate_big_mistakes_for_real_give_one_line_and_status_2(argv: list[str], problem: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "game", "generate", *argv], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert problem in done.stderr
    assert "Traceback" not in done.stderr
