"""Bad input, for real: each gives its exit status and one line on stderr, never a traceback."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import window_size

ROOT = Path(__file__).resolve().parents[1]


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
        ["levels", "check"],
    ],
)
def test_commands_that_draw_nothing_never_load_pygame(argv: list[str]) -> None:
    # pygame installs a SIGQUIT handler that crashes a process that never opened a window.
    script = "import sys; from game.cli import main; main(sys.argv[1:]); sys.stderr.write(str('pygame' in sys.modules))"
    completed = subprocess.run(
        [sys.executable, "-c", script, *argv], cwd=ROOT, input=b"q\n", capture_output=True, timeout=120
    )
    assert completed.stderr.decode().endswith("False")


def _default_quit_signal_without_core() -> None:
    import resource  # Unix only, like SIGQUIT

    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)  # a shell may start us with it ignored


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


def test_a_board_with_more_pieces_than_the_box_is_refused_at_once() -> None:
    completed = run_for_real("solve", "KQRB/NPQR/BNPQ/RBNP")
    assert_one_line(completed, 2, "16 pieces", "at most 10")
    assert completed.stdout == ""


def test_a_board_beyond_thinkfuns_set_is_refused_unless_any_pieces_is_given() -> None:
    assert_one_line(run_for_real("solve", "QQ../..../..../...."), 2, "ThinkFun's set holds: 2 queens")
    allowed = run_for_real("solve", "--any-pieces", "--json", "QQ../..../..../....")
    assert allowed.returncode == 0 and '"solutions": 2' in allowed.stdout


def test_max_pieces_allows_a_bigger_board_up_to_what_the_solver_finishes() -> None:
    eleven = "KQRB/NPRB/NPQ./...."
    assert_one_line(run_for_real("solve", eleven), 2, "11 pieces")
    assert run_for_real("solve", "--max-pieces", "11", "--any-pieces", "--json", eleven).returncode == 0
    for bad in ("13", "0", "many"):
        assert_one_line(run_for_real("solve", "--max-pieces", bad, eleven), 2, "--max-pieces", "from 1 to 12")


def test_a_batch_line_beyond_the_limits_is_reported_and_the_rest_solved() -> None:
    completed = run_for_real("solve", "--batch", "-", stdin=b"KQRB/NPQR/BNPQ/RBNP\n..Q./..R./N.../.P..\n")
    assert_one_line(completed, 2, "line 1", "16 pieces")
    assert completed.stdout.startswith("..Q...R.N....P.. solvable 1")


# Bounded reads -------------------------------------------------------------------------------


def test_a_batch_file_is_read_only_up_to_its_bound() -> None:
    assert_one_line(run_for_real("solve", "--batch", "/dev/zero"), 2, "/dev/zero is too big", "32 MiB")


def test_an_endless_line_on_standard_input_is_refused() -> None:
    completed = run_for_real("solve", "--batch", "-", stdin=b"0" * 100_000)
    assert_one_line(completed, 2, "line 1", "too long")
