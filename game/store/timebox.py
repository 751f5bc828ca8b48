"""The test's time boxes, kept on this computer: when each child's box on each puzzle began.

Headless: no pygame here. A time box belongs to the child and the puzzle for the test, not to
one visit of the board: the board asks here when her box on the puzzle began instead of
counting from its own start, so leaving the puzzle, Continue, Restart and starting the game
again give no time back. A test lasts the day it began: the next day the same puzzle has a
fresh box. A box keeps the length it began with, so a teacher who lengthens the time box
in the middle of a test gives no one more time on a puzzle already running (nor less).

The boxes live in the local folder (`game.store.local.local_folder`, ``timeboxes.json``), one
entry per class folder, child (her id, which stays when she is renamed) and puzzle, written
atomically under a lock like the store's other files, so two windows of this computer agree.
The class folder is not used: a box is a matter of seconds, and the share may be away or
slow. A child who moves to another computer therefore gets a fresh box there.

A file that cannot be read or written costs nothing but the keeping: the boxes of this run
are held in memory, and a damaged file is set aside and begun again.

``TimeBoxes(class_folder, local=None, clock=time.time)``
    ``box(child, puzzle_id, seconds) -> Box``: her box on the puzzle, begun earlier today, or
    one that begins now and lasts `seconds`.
    ``running(child, puzzle_id) -> Box | None``: her box begun today, if there is one.
    ``forget(child, puzzle_id)``: a fresh box next time (the teacher gives her another go).
``Box(started, seconds)``: ``ends``, ``left(now)`` (seconds, never more than the box's length,
    nor less than 0), ``over(now)``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from . import local, storage
from .checks import is_count, is_puzzle_id, is_time

FILE_NAME = "timeboxes.json"
VERSION = 1
MAX_BOXES = 5000  # a day of a class's tests is far fewer: more is a file someone filled


@dataclass(frozen=True)
class Box:
    started: float  # seconds since 1970, this computer's clock
    seconds: int

    @property
    def ends(self) -> float:
        return self.started + self.seconds

    def left(self, now: float) -> float:
        # A clock put back since the box began gives no more than the box's length.
        return max(0.0, min(float(self.seconds), self.ends - now))

    def over(self, now: float) -> bool:
        return self.left(now) <= 0.0


Boxes = dict[str, dict[str, list[float]]]  # child -> puzzle -> [started, seconds]


def _day(moment: float) -> date:
    return date.fromtimestamp(moment)


def _parse(data: object) -> dict[str, Boxes]:
    """The file's boxes by class folder; `ValueError` for a file that is not ours."""
    if data is None:
        return {}
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("boxes"), dict):
        raise ValueError("not a time box file")
    found: dict[str, Boxes] = {}
    for folder, children in data["boxes"].items():
        for child, puzzles in children.items() if isinstance(children, dict) else ():
            for puzzle_id, entry in puzzles.items() if isinstance(puzzles, dict) else ():
                if not (
                    is_puzzle_id(child) and is_puzzle_id(puzzle_id) and isinstance(entry, list) and len(entry) == 2
                ):
                    continue
                started, seconds = entry
                if is_time(started) and is_count(seconds) and seconds > 0:
                    found.setdefault(folder, {}).setdefault(child, {})[puzzle_id] = [float(started), seconds]
    return found


def _today_only(boxes: dict[str, Boxes], today: date) -> dict[str, Boxes]:
    """The boxes begun today, at most `MAX_BOXES` (the newest): a test lasts its day."""
    entries = [
        (entry[0], folder, child, puzzle_id, entry)
        for folder, children in boxes.items()
        for child, puzzles in children.items()
        for puzzle_id, entry in puzzles.items()
        if _day(entry[0]) == today
    ]
    kept: dict[str, Boxes] = {}
    for _started, folder, child, puzzle_id, entry in sorted(entries, reverse=True)[:MAX_BOXES]:
        kept.setdefault(folder, {}).setdefault(child, {})[puzzle_id] = entry
    return kept


class TimeBoxes:
    def __init__(
        self, class_folder: Path, local_folder: Path | None = None, clock: Callable[[], float] = time.time
    ) -> None:
        self.path = (local_folder if local_folder is not None else local.local_folder()) / FILE_NAME
        self.key = local.folder_key(class_folder)
        self.clock = clock
        self._memory: Boxes = {}  # this run's boxes, for when the file cannot be kept

    def box(self, child: str, puzzle_id: str, seconds: int) -> Box:
        """Her box on the puzzle, begun earlier today; else one that begins now, of `seconds`."""
        running = self.running(child, puzzle_id)
        if running is not None:
            return running
        now = self.clock()
        made: list[Box] = []

        def add(boxes: dict[str, Boxes]) -> None:
            # Under the lock: another window of this computer may have begun it a moment ago.
            entry = boxes.setdefault(self.key, {}).setdefault(child, {}).setdefault(puzzle_id, [now, seconds])
            made.append(Box(entry[0], int(entry[1])))

        self._change(add)
        return made[-1] if made else Box(now, seconds)

    def running(self, child: str, puzzle_id: str) -> Box | None:
        today = _day(self.clock())
        entry = self._read().get(child, {}).get(puzzle_id) or self._memory.get(child, {}).get(puzzle_id)
        if entry is None or _day(entry[0]) != today:
            return None
        return Box(entry[0], int(entry[1]))

    def forget(self, child: str, puzzle_id: str) -> None:
        self._memory.get(child, {}).pop(puzzle_id, None)
        self._change(lambda boxes: boxes.get(self.key, {}).get(child, {}).pop(puzzle_id, None))

    def _read(self) -> Boxes:
        try:
            return _parse(storage.read_json(self.path)).get(self.key, {})
        except (storage.StorageError, ValueError):
            return {}

    def _change(self, change: Callable[[dict[str, Boxes]], object]) -> None:
        today = _day(self.clock())

        def apply(data: dict[str, Any] | None) -> dict[str, Any]:
            boxes = _today_only(_parse(data), today)
            change(boxes)
            self._memory = boxes.get(self.key, {})
            return {"version": VERSION, "boxes": boxes}

        try:
            storage.make_folder(self.path.parent)
            storage.locked_update(self.path, apply)
        except (OSError, storage.StorageError):
            # Kept for this run only: the box still holds while the game stays open.
            boxes = {self.key: self._memory}
            change(boxes)
            self._memory = boxes[self.key]
