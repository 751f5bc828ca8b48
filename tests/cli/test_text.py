"""The text version, driven by scripted input as if through a pipe."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli.text import play_text
from game.content.levels import Collection, parse_collection

ROOT = Path(__file__).resolve().parents[2]
ARTICLE = "..Q./..R./N.../.P.."


def one_level() -> Collection:
    puzzle = {
        "id": "beginner-001",
        "board": ARTICLE,
        "solution": [["c4", "c3"], ["a2", "c3"], ["c3", "b1"]],
        "solutions": 1,
        "random_win": 0.1,
    }
    collection = parse_collection({"levels": [{"name": "Beginner", "puzzles": [puzzle]}]})
    assert collection.problems == []
    return collection


def play(*lines: str) -> tuple[int, str]:
    out = io.StringIO()
    status = play_text(io.StringIO("".join(f"{line}\n" for line in lines)), out, one_level())
    return status, out.getvalue()


# Enter past the greeting, level 1, puzzle 1, manual; a wrong capture, a dead-end line taken
# back, then the winning line in three different spellings; then quit at the level prompt.
WINNING_SCRIPT = ["", "1", "1", "m", "a2 b1", "Pb1xa2", "u", "Qc4xc3", "m", "a2", "c3", "c3b1", "q"]


def test_a_game_to_victory_with_an_undo() -> None:
    status, out = play(*WINNING_SCRIPT)
    assert status == 0
    assert "Puzzle beginner-001: 4 pieces" in out
    assert "A knight jumps in an L" in out
    assert "Took back the pawn's move." in out
    assert "One piece left. You did it!\nSolved! The moves: 1. Qc4xc3 2. Na2xc3 3. Nc3xb1" in out
    assert out.rstrip().endswith("Goodbye!")


def test_the_board_is_printed_after_every_move() -> None:
    _, out = play(*WINNING_SCRIPT)
    assert "2 | P . . . |" in out  # after Pb1xa2
    final = out[out.index("Nc3xb1") :]
    assert "1 | . N . . |" in final
    assert final.count(" N ") == 1


def test_undo_at_the_start_says_so() -> None:
    _, out = play("", "1", "1", "m", "u", "q")
    assert "This is the start: there is nothing to undo." in out


def test_a_wrong_entry_is_explained_and_the_game_goes_on() -> None:
    _, out = play("", "1", "1", "m", "zz", "m", "e9", "c4", "c3", "q")
    assert "'zz' is not a move" in out
    assert "'e9' is not a square" in out
    assert "Qc4xc3" in out


def test_auto_mode_solves_the_puzzle() -> None:
    status, out = play("", "1", "1", "a", "q")
    assert status == 0
    assert "Solved! The moves: 1. Qc4xc3 2. Na2xc3 3. Nc3xb1" in out


def test_a_board_typed_at_the_level_prompt() -> None:
    _, out = play("", "R..B/..../..../N...", "a", "q")
    assert "Puzzle your board: 3 pieces" in out
    assert "Solved! The moves:" in out


def test_auto_mode_on_an_unsolvable_board() -> None:
    _, out = play("", "BB../..../..../....", "a", "q")
    assert "This puzzle can't be solved, not even from the start. Choose another puzzle." in out
    assert "Undo" not in out.split("Puzzle your board")[1]  # there is no move to undo


def test_a_dead_end_is_announced() -> None:
    _, out = play("", "1", "1", "m", "Pb1xa2", "Qc4xa2", "q")
    assert "No piece can capture now." in out


def test_a_bad_board_at_the_level_prompt_is_explained() -> None:
    _, out = play("", "..Q./..R./N...", "q")
    assert "That is neither a level nor a board (a board has 4 rows separated by '/', this one has 3)." in out


def test_help() -> None:
    _, out = play("h", "q")
    assert "How to play Solo Chess" in out


@pytest.mark.parametrize("cut", range(len(WINNING_SCRIPT) + 1))
def test_end_of_input_at_any_prompt_ends_cleanly(cut: int) -> None:
    status, out = play(*WINNING_SCRIPT[:cut])
    assert status == 0
    assert "Traceback" not in out


@pytest.mark.slow
def test_the_text_version_for_real() -> None:
    session = "\n".join(["", ARTICLE, "m", "c4 c3", "u", "c4 c3", "a2 c3", "c3 b1", "q"]) + "\n"
    done = subprocess.run(
        [sys.executable, "main.py", "--text"], cwd=ROOT, input=session, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert "Took back the queen's move." in done.stdout
    assert "Solved! The moves: 1. Qc4xc3 2. Na2xc3 3. Nc3xb1" in done.stdout
    assert "Traceback" not in done.stderr


def test_bytes_that_are_not_text_are_read_as_a_wrong_answer_not_a_crash() -> None:
    source = io.TextIOWrapper(io.BytesIO(b"\n\xe9\nq\n"), encoding="utf-8", errors="strict")
    out = io.StringIO()
    assert play_text(source, out, one_level()) == 0
    assert "That is neither a level nor a board" in out.getvalue()
    assert out.getvalue().endswith("Goodbye!\n")


def test_an_endless_line_ends_the_game_with_a_word_instead_of_filling_memory() -> None:
    out = io.StringIO()
    assert play_text(io.StringIO("0" * 100_000), out, one_level()) == 0
    assert "That line is too long" in out.getvalue()


def test_three_hints_show_the_piece_then_its_capture_then_make_the_move() -> None:
    _, out = play("", "1", "1", "m", "t", "t", "t", "q")
    assert "Try moving the queen in the blue circle. Ask again for more help.\nIn blue on the board: c4" in out
    assert "Capture the rook marked in blue.\nIn blue on the board: c3" in out
    third = out[out.index("In blue on the board: c3") :]
    assert "Qc4xc3" in third
    assert "3 | . . Q . |" in third  # the board after the move


def test_a_hint_then_the_child_plays_on_and_hints_again_for_the_new_board() -> None:
    _, out = play("", "1", "1", "m", "t", "c4 c3", "t", "q")
    assert "Try moving the knight in the blue circle. Ask again for more help.\nIn blue on the board: a2" in out


def test_from_square_takes_a_whole_move() -> None:
    _, out = play("", "1", "1", "m", "m", "c4xc3", "m", "Na2xc3", "c3 b1", "q")
    assert "Solved! The moves: 1. Qc4xc3 2. Na2xc3 3. Nc3xb1" in out
    assert "To square" not in out[: out.index("Qc4xc3")]


def test_q_at_from_square_quits() -> None:
    status, out = play("", "1", "1", "m", "m", "q")
    assert status == 0
    assert out.rstrip().endswith("Goodbye!")
    assert "is not a square" not in out


def test_a_wrong_answer_to_the_way_of_playing_says_what_it_expects() -> None:
    _, out = play("", "1", "1", "x", "a", "q")
    assert "Please type m to play yourself or a to watch the computer solve it." in out
    assert "Solved! The moves:" in out
