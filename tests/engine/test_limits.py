"""Bad input, for real: each gives its exit status and one line on stderr, never a traceback."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.cli.main import window_size
from game.content.levels import load_collection
from game.engine.solver import Solver
from game.files import MOST_BYTES
from game.rules.position import Position

ROOT = Path(__file__).resolve().parents[2]


def run_for_real(*argv: str, stdin: bytes = b"", env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    completed = subprocess.run(
        [sys.executable, "-m", "game", *argv], cwd=ROOT, input=stdin, capture_output=True, timeout=60, env=env
    )
    return subprocess.CompletedProcess(
        completed.args, completed.returncode, completed.stdout.decode(errors="replace"), completed.stderr.decode()
    )


def assert_one_line(completed: subprocess.CompletedProcess[str], status: int, *words: str) -> str:
    assert completed.returncode == status, completed.stderr
    assert "Traceback" not in completed.stderr
    lines = completed.stderr.splitlines()
    assert len(lines) == 1, completed.stderr
    for word in words:
        assert word in lines[0]
    return lines[0]


# --size ------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["1024x768", "1x1", "16384x16384", " 800X600 "])
def test_a_window_size_is_a_width_and_a_height(text: str) -> None:
    width, height = text.strip().lower().split("x")
    assert window_size(text) == (int(width), int(height))


@pytest.mark.parametrize(
    "text, words",
    [
        ("0x768", "from 1 to 16384"),
        ("1024x0", "from 1 to 16384"),
        ("16385x768", "from 1 to 16384"),
        ("99999999999999999999x1", "from 1 to 16384"),
        ("-5x768", "like 1024x768"),
        ("1024", "like 1024x768"),
        ("axb", "like 1024x768"),
        ("1024x768x2", "like 1024x768"),
        ("", "like 1024x768"),
    ],
)
@pytest.mark.program
def test_a_bad_window_size_is_a_usage_error_in_one_line(text: str, words: str) -> None:
    assert_one_line(run_for_real("--windowed", f"--size={text}"), 2, "--size", words)


# Ctrl+\ (SIGQUIT) and pygame ---------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["--text"],
        ["solve", "..Q./..R./N.../.P.."],
        ["solve", "--batch", "-"],
        ["generate", "--level", "beginner", "--seed", "1"],
        ["code", "..Q./..R./N.../.P.."],
        ["levels", "check"],
    ],
)
@pytest.mark.slow
def test_commands_that_draw_nothing_never_load_pygame(argv: list[str]) -> None:
    # pygame installs a SIGQUIT handler that crashes a process that never opened a window.
    script = (
        "import sys; from game.cli.main import main; main(sys.argv[1:]); sys.stderr.write(str('pygame' in sys.modules))"
    )
    completed = subprocess.run(
        [sys.executable, "-c", script, *argv], cwd=ROOT, input=b"q\n", capture_output=True, timeout=120
    )
    assert completed.stderr.decode().endswith("False")


def _default_quit_signal_without_core() -> None:
    import resource  # Unix only, like SIGQUIT

    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)  # a shell may start us with it ignored


@pytest.mark.program
@pytest.mark.skipif(not hasattr(signal, "SIGQUIT"), reason="no SIGQUIT on Windows")
def test_ctrl_backslash_stops_the_text_version_like_any_program_without_a_crash() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "game", "--text"],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_default_quit_signal_without_core,
    )
    assert process.stdout is not None
    process.stdout.read(1)  # the greeting: it is waiting for input now
    process.send_signal(signal.SIGQUIT)
    process.communicate(timeout=60)
    assert process.returncode == -signal.SIGQUIT, "SIGSEGV would be -11"


# How many pieces, and which ------------------------------------------------------------------


@pytest.mark.program
def test_a_board_with_more_pieces_than_the_box_is_refused_at_once() -> None:
    completed = run_for_real("solve", "KQRB/NPQR/BNPQ/RBNP")
    assert_one_line(completed, 2, "16 pieces", "at most 10")
    assert completed.stdout == ""


@pytest.mark.program
def test_a_board_beyond_thinkfuns_set_is_refused_unless_any_pieces_is_given() -> None:
    assert_one_line(run_for_real("solve", "QQ../..../..../...."), 2, "ThinkFun's set holds: 2 queens")
    allowed = run_for_real("solve", "--any-pieces", "--json", "QQ../..../..../....")
    assert allowed.returncode == 0 and '"solutions": 2' in allowed.stdout


@pytest.mark.slow
def test_max_pieces_allows_a_bigger_board_up_to_what_the_solver_finishes() -> None:
    eleven = "KQRB/NPRB/NPQ./...."
    assert_one_line(run_for_real("solve", eleven), 2, "11 pieces")
    assert run_for_real("solve", "--max-pieces", "11", "--any-pieces", "--json", eleven).returncode == 0
    for bad in ("13", "0", "many"):
        assert_one_line(run_for_real("solve", "--max-pieces", bad, eleven), 2, "--max-pieces", "from 1 to 12")


@pytest.mark.program
def test_a_batch_line_beyond_the_limits_is_reported_and_the_rest_solved() -> None:
    completed = run_for_real("solve", "--batch", "-", stdin=b"KQRB/NPQR/BNPQ/RBNP\n..Q./..R./N.../.P..\n")
    assert_one_line(completed, 2, "line 1", "16 pieces")
    assert completed.stdout.startswith("..Q...R.N....P.. solvable 1")


# Bounded reads -------------------------------------------------------------------------------


@pytest.mark.program
def test_a_batch_file_is_read_only_up_to_its_bound() -> None:
    assert_one_line(run_for_real("solve", "--batch", "/dev/zero"), 2, "/dev/zero is too big", "32 MiB")


@pytest.mark.program
def test_an_endless_line_on_standard_input_is_refused() -> None:
    completed = run_for_real("solve", "--batch", "-", stdin=b"0" * 100_000)
    assert_one_line(completed, 2, "line 1", "too long")


# Collections: `levels check` and the game's loading ------------------------------------------

ARTICLE = "..Q...R.N....P.."


def good_puzzle() -> dict[str, Any]:
    position = Position(ARTICLE)
    solver = Solver()
    return {
        "id": "beginner-001",
        "board": ARTICLE,
        "solution": [["c4", "c3"], ["a2", "c3"], ["c3", "b1"]],
        "solutions": solver.count(position),
        "random_win": float(solver.random_win(position)),
    }


def collection_file(tmp_path: Path, broken: dict[str, Any]) -> Path:
    path = tmp_path / "levels.json"
    puzzles = [good_puzzle(), {**good_puzzle(), "id": "broken", **broken}]
    data = {"levels": [{"name": "Beginner", "puzzles": puzzles}]}
    path.write_text(json.dumps(data), encoding="utf-8")  # NaN is written as NaN, as Python's json does
    return path


@pytest.mark.program
def test_a_good_collection_passes_the_check(tmp_path: Path) -> None:
    path = tmp_path / "levels.json"
    path.write_text(json.dumps({"levels": [{"name": "Beginner", "puzzles": [good_puzzle()]}]}), encoding="utf-8")
    completed = run_for_real("levels", "check", str(path))
    assert (completed.returncode, completed.stderr) == (0, "")


@pytest.mark.parametrize(
    "broken, words",
    [
        ({"random_win": float("nan")}, "'random_win' must be a number from 0 to 1, like 0.25, not NaN"),
        ({"random_win": 7}, "'random_win' must be a number from 0 to 1, like 0.25, not a number (7)"),
        ({"solutions": True}, "'solutions' must be a whole number, like 3, not true"),
        ({"solutions": "1"}, "'solutions' must be a whole number, like 3, not text (\"1\")"),
        ({"id": 7}, "its 'id' must be text in quotes, like \"beginner-001\", not a number (7)"),
        ({"solution": [["c4"]]}, 'bad solution: move 1 must be two square names, like ["c4", "c3"]'),
        ({"solution": [["c4", 3]]}, "bad solution: move 1 must be two square names"),
        ({"solution": "c4 c3"}, "bad solution: it must be a list of moves"),
        ({"solution": [["c4", "z9"]]}, "bad solution: move 1:"),
        ({"board": "KQRB/NPQR/BNPQ/RBNP"}, "bad board: the board has 16 pieces, at most 10 are allowed"),
    ],
    ids=[
        "NaN",
        "above 1",
        "true",
        "text count",
        "numeric id",
        "half a move",
        "number square",
        "text",
        "bad square",
        "16 pieces",
    ],
)
@pytest.mark.program
def test_levels_check_names_each_problem_in_words_on_stderr(tmp_path: Path, broken: dict[str, Any], words: str) -> None:
    line = assert_one_line(run_for_real("levels", "check", str(collection_file(tmp_path, broken))), 1, words)
    for internal in ("index out of range", "unexpected keyword", "object has no attribute", "NoneType", "Error"):
        assert internal not in line


@pytest.mark.program
def test_an_unknown_rule_is_named(tmp_path: Path) -> None:
    path = tmp_path / "levels.json"
    data = {"rules": {"pawn": "up", "colour": "white"}, "levels": [{"name": "Beginner", "puzzles": [good_puzzle()]}]}
    path.write_text(json.dumps(data), encoding="utf-8")
    line = assert_one_line(run_for_real("levels", "check", str(path)), 1, "there is no rule 'colour', only pawn, king")
    assert "unexpected keyword" not in line


@pytest.mark.slow
def test_deeply_nested_json_is_one_line_not_a_recursion_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 1000 + "]" * 1000, encoding="utf-8")
    assert_one_line(run_for_real("levels", "check", str(path)), 2, "nested too deeply")
    # A collection that cannot be played is a mistake for the text version too (issue 42).
    assert_one_line(run_for_real("--text", "--levels", str(path), stdin=b"\nq\n"), 2, "nested too deeply")
    assert load_collection(path).problems == [f"{path}: not a collection: lists or objects nested too deeply"]


@pytest.mark.program
def test_a_collection_is_read_only_up_to_its_bound(tmp_path: Path) -> None:
    assert_one_line(run_for_real("levels", "check", "/dev/zero"), 2, "/dev/zero is too big: more than 32 MiB")
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MOST_BYTES + 1))
    assert load_collection(big).problems == [f"{big} is too big: more than 32 MiB"]


@pytest.mark.program
def test_a_collection_that_is_not_text(tmp_path: Path) -> None:
    path = tmp_path / "levels.json"
    path.write_bytes(b'{"levels": ["\xe9"]}')
    assert_one_line(run_for_real("levels", "check", str(path)), 2, "not a text file")


# The text version ------------------------------------------------------------------------------


@pytest.mark.slow
def test_the_text_version_reads_bytes_that_are_not_text_without_a_traceback() -> None:
    strict = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}  # as under LC_ALL=en_US.UTF-8
    completed = run_for_real("--text", stdin=b"\n\xe9\nq\n", env=strict)
    assert (completed.returncode, completed.stderr) == (0, "")
    assert "That is neither a level nor a board" in completed.stdout


@pytest.mark.program
def test_the_text_version_stops_at_an_endless_line() -> None:
    completed = run_for_real("--text", stdin=b"\0" * 100_000)
    assert (completed.returncode, completed.stderr) == (0, "")
    assert "That line is too long" in completed.stdout


@pytest.mark.program
def test_all_lists_at_most_ten_thousand_sequences() -> None:
    # This board has 3,291,095 winning sequences: listing a million took minutes and gigabytes.
    completed = run_for_real("solve", "--all", "--limit", "1000000", "KQRR/BBNN/PP../....")
    assert_one_line(completed, 2, "--limit must be at least 1 and at most 10000")


@pytest.mark.slow
@pytest.mark.parametrize("size", ["1x1", "1024x30", "30x768"])
def test_the_game_starts_in_a_tiny_window(tmp_path: Path, size: str) -> None:
    env = {
        **os.environ,
        "SOLOCHESS_DATA_DIR": str(tmp_path),
        "SOLOCHESS_QUIT_AFTER_FIRST_FRAME": "1",
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    completed = run_for_real("--windowed", "--size", size, env=env)
    assert (completed.returncode, completed.stderr) == (0, "")
