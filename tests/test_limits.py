"""Bad input, for real: each gives its exit status and one line on stderr, never a traceback."""

from __future__ import annotations

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
