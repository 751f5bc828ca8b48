"""The code uses nothing newer than Python 3.10, the oldest it declares (`requires-python`):
vermin (the `test` extra) reads every module for the language features and library names each
needs. CI itself runs one Python; this keeps 3.10 honest there."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("vermin")
ROOT = Path(__file__).resolve().parents[2]
OLDEST = "3.10"


def vermin(*paths: Path | str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-c", "import sys, vermin; sys.exit(vermin.main())", f"-t={OLDEST}-", "--violations"]
    command += ["--no-tips", "--eval-annotations", "--processes=1", *map(str, paths)]
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT)


@pytest.mark.slow
def test_nothing_newer_than_the_oldest_declared_python() -> None:
    assert f'requires-python = ">={OLDEST}"' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    done = vermin("game", "tools", "packaging/pyinstaller/solochess_app.py", "packaging/editable", "main.py")
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.program
def test_the_check_catches_a_newer_library(tmp_path: Path) -> None:
    newer = tmp_path / "newer.py"
    newer.write_text("import tomllib\n", encoding="utf-8")
    done = vermin(newer)
    assert done.returncode != 0 and "tomllib" in done.stdout
