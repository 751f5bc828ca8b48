"""Wrong answers at the grown-ups' gate, kept on this computer for each class folder, so that a
restart of the game does not start the waiting again from one second (docs/teachers.md).

Kept on this computer, not in the class folder: a pupil can write the class folder, and could
wipe the count there or write one that keeps the teacher out. Headless: no pygame here.

``read(folder) -> (count, until)``: the wrong answers since the gate was last passed and when
the wait ends (the wall clock), (0, 0.0) when none are kept or the file cannot be read;
``write(folder, count, until)``.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from . import local, storage

FILE_NAME = "gate-waits.json"
MOST_FOLDERS = 50  # class folders remembered


def _path() -> Path:
    return local.local_folder() / FILE_NAME


def read(folder: Path) -> tuple[int, float]:
    with contextlib.suppress(OSError, storage.StorageError):
        data = storage.read_json(_path(), max_bytes=64 * 1024)
        entry = data.get(local.folder_key(folder)) if isinstance(data, dict) else None
        if isinstance(entry, list) and len(entry) == 2:
            count, until = entry
            if type(count) is int and count >= 0 and isinstance(until, (int, float)):
                return count, float(until)
    return 0, 0.0


def write(folder: Path, count: int, until: float) -> None:
    """Nothing is said when it cannot be written: the wait still holds while the game runs."""

    def update(data: dict[str, Any] | None) -> dict[str, Any]:
        kept = {key: value for key, value in (data or {}).items() if isinstance(value, list)}
        kept.pop(local.folder_key(folder), None)
        if count:
            kept[local.folder_key(folder)] = [count, until]
        return dict(list(kept.items())[-MOST_FOLDERS:])

    with contextlib.suppress(OSError, storage.StorageError):
        storage.locked_update(_path(), update)
