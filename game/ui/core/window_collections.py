"""The window's puzzle collections: the built-in one, read when a scene first asks for it and
checked in full in the background after the first frame, or another (`--levels`), read only in
the background; and the big board's."""

from __future__ import annotations

import json
import logging
from pathlib import Path

from ...content.levels import Collection, default_big_path, default_path, load_collection, parse_collection
from ...jobs import Job, Runner
from ...rules.variants import Rules
from .scene import Scene

log = logging.getLogger(__name__)


class WindowCollections:
    """What the app's scenes ask for as `ctx.collections`; the app is one."""

    runner: Runner
    frames: int
    scenes: list[Scene]

    def _take_collections(self, collection: Collection | None, levels: Path | None, big: Collection | None) -> None:
        # The built-in collection is read when a scene first asks for it (the first frame of a
        # usual start, "Who is playing?", does not) and checked in full (every puzzle solved)
        # in the background after the first frame. Another collection (`levels`), which may be
        # huge or broken, is read only in the background: until then the game has none.
        self.levels = levels
        self._collection = collection if collection is not None or levels is None else Collection()
        self.checking: Job[Collection] | None = None
        self._big_collection = big
        self._check_after_first_frame = collection is None
        for problem in collection.problems if collection is not None else []:
            log.warning("levels: %s", problem)

    @property
    def collection(self) -> Collection:
        if self._collection is None:
            self._collection = load_collection(verify=False)
            for problem in self._collection.problems:
                log.warning("levels: %s", problem)
        return self._collection

    @collection.setter
    def collection(self, collection: Collection) -> None:
        self._collection = collection

    @property
    def big_collection(self) -> Collection:
        """The big board's puzzles, read (not solved: the script that made them checked them)
        when a scene first asks for them."""
        if self._big_collection is None:
            self._big_collection = load_collection(default_big_path(), verify=False)
            for problem in self._big_collection.problems:
                log.warning("big board: %s", problem)
        return self._big_collection

    @property
    def rules(self) -> Rules:
        """The collection's rules; before its puzzles are read, from the file's rules alone (the
        help on a first start needs them for its first frame, not the 400 puzzles)."""
        if self._collection is not None:
            return self._collection.rules
        try:
            data = json.loads(default_path().read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return self.collection.rules  # the collection says what is wrong with the file
        rules = data.get("rules", {}) if isinstance(data, dict) else {}
        return parse_collection({"levels": [], "rules": rules}).rules

    def _take_checked_collection(self) -> None:
        if self._check_after_first_frame and self.frames:
            self._check_after_first_frame = False
            levels = self.levels
            self.checking = self.runner.start(lambda _: load_collection(levels))
            return  # its answer is read in a later frame, never in the call that started it
        checking = self.checking
        if checking is None or not checking.done:
            return
        self.checking = None
        checked = checking.result()
        if checked is None or not (checked.problems or self.levels):
            return  # the built-in collection, as read at the start, was right
        for problem in checked.problems:
            log.warning("levels: %s", problem)
        self.collection = checked
        for scene in self.scenes:
            scene.collection_changed()
