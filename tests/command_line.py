"""A `solochess` command run in the test's own process: its status and what it wrote."""

from __future__ import annotations

import io
import sys

import pytest

from game.cli.main import main


def run(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    """`main(argv)` with standard output and error caught and nothing on standard input."""
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    status = main(argv)
    return status, out.getvalue(), err.getvalue()
