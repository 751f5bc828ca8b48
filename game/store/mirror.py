"""What this computer keeps of its own files in a class folder: the last version of each.

Headless: no pygame here; one `Mirror` per class folder (`game.store.own_part` tells why it is
kept: a pupil can delete, empty or roll back any file of the class folder).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Any

from . import local, storage


class Mirror:
    """The last version of each of this writer's files, by its name in the class folder.

    Kept side by side in the folder of what this computer keeps of the class folder (beside
    ``identity.json``), not as the class folder's tree: ``class.<writer>.json`` and
    ``child.<child>.<writer>.json`` (a dot is in no writer's or child's id). The tree, under
    ``files/`` with a folder for each child, cost a laptop a folder made (and, for a test,
    deleted) per child it saved for; a copy a game of before kept there is still read where
    none is kept side by side yet."""

    def __init__(self, place: Path | None) -> None:
        self.place = place  # <local>/own/<folder key>; None: kept in memory only
        self._held: dict[str, dict[str, Any] | None] = {}

    def _path(self, name: str) -> Path | None:
        if self.place is None:
            return None
        parts = name.removesuffix(".json").split("/")
        if len(parts) == 2 and parts[0] == "class":
            return self.place / f"class.{parts[1]}.json"
        if len(parts) == 3 and parts[0] == "children":
            return self.place / f"child.{parts[1]}.{parts[2]}.json"
        return self.place / BEFORE / name

    def keep(self, name: str, data: dict[str, Any]) -> None:
        self._held[name] = data
        path = self._path(name)
        if path is not None:
            with contextlib.suppress(OSError):
                local.write_on_this_computer(path, data)

    def get(self, name: str) -> dict[str, Any] | None:
        if name not in self._held:
            path = self._path(name)
            data = None
            if path is not None and self.place is not None:
                before = self.place / BEFORE / name
                with contextlib.suppress(storage.StorageError, OSError):
                    data = storage.read_json(path, links=False)
                    if data is None and path != before:  # none kept side by side: one of before?
                        data = storage.read_json(before, links=False)
            self._held[name] = data if isinstance(data, dict) else None
        return self._held[name]

    def written_at(self) -> float | None:
        """When the last of these files was written, by this computer's clock; None when none is kept."""
        if self.place is None:
            return None
        times = []
        with contextlib.suppress(OSError), os.scandir(self.place) as entries:
            for entry in entries:
                if _kept_name(entry.name) is not None:
                    with contextlib.suppress(OSError):
                        times.append(entry.stat(follow_symlinks=False).st_mtime)
        for folder, _folders, names in os.walk(self.place / BEFORE):
            for name in names:
                with contextlib.suppress(OSError):
                    times.append(os.stat(os.path.join(folder, name)).st_mtime)
        return max(times, default=None)

    def children(self) -> list[str]:
        """The children in whose folders this writer wrote (as this computer remembers)."""
        known = {name.split("/")[1] for name in self._held if name.startswith("children/") and self._held[name]}
        if self.place is not None:
            with contextlib.suppress(OSError), os.scandir(self.place) as entries:
                for entry in entries:
                    kept = _kept_name(entry.name)
                    if kept is not None and kept[0] == "child":
                        known.add(kept[1])
            with contextlib.suppress(OSError), os.scandir(self.place / BEFORE / "children") as before:
                known |= {entry.name for entry in before if entry.is_dir(follow_symlinks=False)}
        return sorted(known)


BEFORE = "files"  # where a game of before kept the copy, as the class folder's tree


def _kept_name(name: str) -> list[str] | None:
    """The parts of a name `Mirror` keeps a file under (``class.<w>.json``, ``child.<c>.<w>.json``)."""
    parts = name.split(".")
    if parts[-1] != "json" or (parts[0], len(parts)) not in (("class", 3), ("child", 4)):
        return None
    return parts
