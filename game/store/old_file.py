"""The old one-file progress (``progress.json``, `game.store.legacy`) as a class folder's reader
sees it: its part read as one more writer's (`legacy.WRITER`, its files `VIRTUAL`), until the
first save writes that part into the folder (`Writer.carry_over`); then it is not read again.

Headless: no pygame here; used by `game.store.folder_scan` on the disk worker.
"""

from __future__ import annotations

from . import legacy, storage
from .known import VIRTUAL, Known, Place
from .reading import Reader


class OldFile:
    """What the reader knows of the old file: its signature when last read, the class folder's
    time when it was not there, whether its part moved, and who played last in it."""

    def __init__(self, place: Place, known: Known, reader: Reader) -> None:
        self.place, self.known, self.reader = place, known, reader
        self._signature: tuple[int, int] | None = None
        self._absent_at: tuple[int, int] | None = None  # the folder's time when the old file was not there
        self.moved = False  # the old file's part went from it into the folder, or changed
        self.carried_current: str | None = None  # who played last, in the old file

    def scan(self, wanted: bool) -> bool:
        """The old file's part, while it is not written into the folder yet (`wanted`)."""
        root = self.place.root
        path = root / legacy.FILE_NAME
        # It comes by a rename into the class folder, which changes the folder's time: while that
        # is as it was when the file was not there, it is not looked for (on a share, a wait).
        root_time = storage.signature(root) if wanted and self._signature is None else None
        if root_time is not None and root_time == self._absent_at:
            return False
        signature = storage.signature(path) if wanted else None
        self._absent_at = root_time if signature is None else None
        if signature == self._signature:
            return False
        self.moved = self._signature is not None
        self._signature = signature
        known = self.known
        if known.facts.get(legacy.WRITER, (None,))[0] == VIRTUAL:
            del known.facts[legacy.WRITER]
        for sheets in known.sheets.values():
            if sheets.get(legacy.WRITER, (None,))[0] == VIRTUAL:
                del sheets[legacy.WRITER]
        carried = (
            self.reader.read(path, signature, lambda data, writer: legacy.carry(data), legacy.WRITER)
            if wanted
            else None
        )
        if carried is not None:
            known.facts[legacy.WRITER] = (VIRTUAL, carried.facts)
            for child, sheet in carried.sheets.items():
                known.sheets.setdefault(child, {}).setdefault(legacy.WRITER, (VIRTUAL, sheet))
                known.dirty.add(child)
            self.carried_current = carried.current
        return True
