"""This writer's own part of a class folder kept whole from this computer's copy (`Mirror`):
where its file in the folder is missing, damaged, or holds less than the copy (deleted, emptied,
rolled back), the copy is written again and listed in its class file (`Facts.restored`); and the
teacher's changes that stand are written again into its class file where it lacks them
(docs/threat-model.md).

Headless: no pygame here; used by `game.store.classfolder` after a scan, on the disk worker.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from . import storage
from .facts import Facts
from .known import Known, Place, Signature, held
from .parsing import parse_facts, parse_sheet
from .reading import Reader
from .registers import Restoration
from .shards import CHILDREN_DIR, CLASS_DIR, DAMAGED, MISSING, ROLLED_BACK
from .sheet import Sheet
from .writing import Writer


def _holds_less(there: Facts, mine: Facts) -> bool:
    """Whether this writer's class file as it is in the folder lacks part of this computer's copy."""
    if mine.horizon() > there.horizon():
        return True
    parts = (
        (mine.children, there.children),
        (mine.acts, there.acts),
        (mine.undone, there.undone),
        (mine.settings, there.settings),
        (mine.assignments, there.assignments),
    )
    if any(not set(first) <= set(second) for first, second in parts):
        return True
    if not mine.restored <= there.restored:  # a restoration hidden is one more, and listed
        return True
    return not mine.pins <= there.pins or not mine.removed_assignments <= there.removed_assignments


def _found(known: tuple[Signature | None, object] | None, aside: str | None) -> str:
    """What a scan found of this writer's own file before it was written again: set aside
    (`aside`: emptied or damaged), not there, or there and holding less (rolled back)."""
    if aside is not None:
        return aside
    if known is None:
        return MISSING
    return DAMAGED if known[0] is None else ROLLED_BACK


def _sheet_lacks(mine: Sheet, there: Sheet) -> bool:
    """Whether this writer's file for a child, as read (`there`), lacks part of the copy (`mine`)."""
    whole = set(mine.records) <= set(there.records) and mine.earlier <= there.earlier
    return not whole or mine.latest_change() > there.latest_change()


class Restorer:
    """Puts this writer's part back, naming this computer (`computer`) with what it puts back."""

    def __init__(self, place: Place, known: Known, reader: Reader, writer: Writer, clock: Callable[[], float]) -> None:
        self.place, self.known, self.reader, self.writer, self.clock = place, known, reader, writer, clock
        # By file name: the copy, and the file's signature and reading, last found holding all of it.
        self._whole: dict[str, tuple[object, Signature, object]] = {}

    def echo(self) -> None:
        """The teacher's changes that stand, written again into this writer's own class file
        where it lacks them: deleting or rolling back one file, or every file of one computer,
        hides none of them."""
        standing = self.known.merged_facts.standing()
        if standing.opened is not None:
            return  # no PIN guards the class: nothing of a teacher's to keep safe
        own = self.known.facts.get(self.place.writer)
        if own is not None and not own[1].lacks(standing):
            return
        with contextlib.suppress(OSError, storage.StorageError), self.writer.locked():
            self.writer.write_facts(Facts())

    def restore(self, children: set[str], computer: str) -> None:
        """Where this writer's file in the class folder is missing, damaged, or holds less than
        this computer's copy of it, the copy is written again; and listed in its class file,
        where the teacher's computer reads it: no other computer can know."""
        mirror = self.place.mirror
        mine = sorted(children & set(mirror.children()))
        if not self.reader.aside and self._facts_whole() and all(self._sheet_whole(child) for child in mine):
            return  # as the scan found them, its files hold all of the copy: no lock, nothing written
        with contextlib.suppress(OSError, storage.StorageError), self.writer.locked():
            self._restore_facts(computer)
            put_back = []
            for child in mine:
                with contextlib.suppress(OSError, storage.StorageError):
                    found = self._restore_sheet(child)
                    if found is not None:
                        put_back.append(Restoration(self.place.writer, child, found, self.clock()))
            if put_back:
                self.writer.write_facts(Facts(restored=frozenset(put_back), computers=self._named(computer)))
        self.reader.aside.clear()  # what was set aside and not put back here was written over by a save

    def _facts_whole(self) -> bool:
        """Whether this writer's class file, as the last scan read it, holds all of the copy."""
        writer = self.place.writer
        known = self.known.facts.get(writer)
        return self._whole_as(
            f"{CLASS_DIR}/{writer}.json", known, parse_facts, lambda mine, there: _holds_less(there, mine)
        )

    def _sheet_whole(self, child: str) -> bool:
        """Whether this writer's file for `child`, as the last scan read it, holds all of the copy."""
        writer = self.place.writer
        known = self.known.sheets.get(child, {}).get(writer)
        return self._whole_as(f"{CHILDREN_DIR}/{child}/{writer}.json", known, parse_sheet, _sheet_lacks)

    def _whole_as(
        self,
        name: str,
        known: tuple[Signature | None, Any] | None,
        parse: Callable[[dict[str, Any], str], Any],
        lacks: Callable[[Any, Any], bool],
    ) -> bool:
        """Whether the file `name`, as read (`known`), holds all of this computer's copy of it:
        true where no copy is kept; false where the file is missing or damaged. A copy and a
        reading found whole are remembered: each scan asks again, and parsing the copy at every
        scan cost more than the scan's own reads."""
        kept = self.place.mirror.get(name)
        if kept is None:
            return True
        if known is None or known[0] is None:
            return False
        seen = self._whole.get(name)
        if seen is not None and seen[0] is kept and seen[1] == known[0] and seen[2] is known[1]:
            return True
        mine = parse(kept, self.place.writer)
        mine.held_to(held(known[0]))  # as a reader holds the file's own stamps
        if lacks(mine, known[1]):
            return False
        self._whole[name] = (kept, known[0], known[1])
        return True

    def _restore_facts(self, computer: str) -> None:
        writer = self.place.writer
        name = f"{CLASS_DIR}/{writer}.json"
        aside = self.reader.aside.pop(name, None)
        if self._facts_whole():
            return
        kept = self.place.mirror.get(name)
        assert kept is not None  # a copy not kept is whole
        mine = parse_facts(kept, writer)
        known = self.known.facts.get(writer)
        if known is not None and known[0] is not None:
            mine.held_to(held(known[0]))
        entry = Restoration(writer, "", _found(known, aside), self.clock())
        mine.restored = mine.restored | {entry}
        mine.computers.update(self._named(computer))
        self.writer.write_facts(mine)

    def _named(self, computer: str) -> dict[str, str]:
        return {self.place.writer: computer} if computer else {}

    def _restore_sheet(self, child: str) -> str | None:
        """What was found of this writer's file for `child` when it was written again; None when
        it was not."""
        writer = self.place.writer
        name = f"{CHILDREN_DIR}/{child}/{writer}.json"
        aside = self.reader.aside.pop(name, None)
        if self._sheet_whole(child):
            return None
        kept = self.place.mirror.get(name)
        assert kept is not None  # a copy not kept is whole
        mine = parse_sheet(kept, writer)
        known = self.known.sheets.get(child, {}).get(writer)
        if known is not None and known[0] is not None:
            mine.held_to(held(known[0]))
        self.writer.write_sheet(child, [mine], self.known.merged_facts.resets.get(child), Sheet.join)
        return _found(known, aside)
