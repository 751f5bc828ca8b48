"""Keeping C libraries' complaints off the terminal while SDL probes for a display or a sound
device (ALSA alone prints eight lines when a school computer has no sound card): the game says
what matters in its own one line instead."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager


def _to_nowhere() -> int | None:
    """Point file descriptor 2 at the null device and return a copy of where it pointed, or
    None where that cannot be done (no descriptor 2, as under pythonw on Windows)."""
    try:
        if sys.stderr is not None:
            sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):
        return None
    with open(os.devnull, "w") as nowhere:
        os.dup2(nowhere.fileno(), 2)
    return saved


@contextmanager
def silenced_stderr() -> Iterator[None]:
    """What C code writes to stderr inside the block goes nowhere; Python's exceptions still
    carry their messages out."""
    saved = _to_nowhere()
    try:
        yield
    finally:
        if saved is not None:
            os.dup2(saved, 2)
            os.close(saved)
