"""This writer's own files of a class folder written by joining: under the local writer lock,
each file read (its signature first: unchanged since this writer wrote it, it is not read), joined
with what this writer last knew of it and with this computer's copy, and written atomically; a
folder inside the class folder that is a link is never written through; the old file's part
carried over once; temporary files a broken write left removed once a write goes through.

Headless: no pygame here; used by `game.store.classfolder` on the disk worker.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable
from pathlib import Path

from ..words import class_folder as words
from . import legacy, listing, storage
from .change import Change
from .facts import Facts
from .folder_scan import own_class_copy, own_copy
from .known import VIRTUAL, Known, Place, Signature, held
from .listing import Lister
from .local import writer_lock
from .parsing import parse_facts, parse_sheet
from .reading import Reader
from .shards import CHILDREN_DIR, CLASS_DIR, is_newer
from .sheet import Sheet
from .told import Told


class Linked(storage.StorageError):
    """A folder inside the class folder that is a link (written through, it would write outside)."""

    def __init__(self, path: Path) -> None:
        super().__init__(words.link_words(path))
        self.path = path


class Writer:
    """Writes `place.writer`'s files; `touched`, the files the write under way writes, and
    `unfinished`, those whose write broke (their temporaries go at the next write that works)."""

    def __init__(self, place: Place, known: Known, lister: Lister, reader: Reader, told: Told) -> None:
        self.place, self.known, self.lister, self.reader, self.told = place, known, lister, reader, told
        self.touched: list[Path] = []
        self.unfinished: set[Path] = set()

    def locked(self) -> contextlib.AbstractContextManager[bool]:
        """This writer's lock on this computer: its other windows do not write meanwhile."""
        return writer_lock(self.place.local, self.place.writer)

    def write(self, changes: list[Change], reach: Callable[[], None]) -> dict[str, Linked]:
        """`changes` joined into this writer's files, once `reach()` found the folder; the children
        whose folders could not take theirs (a link), with the link: those wait."""
        place = self.place
        self.touched = [place.class_path(place.writer)] + [
            place.child_path(change.child, place.writer) for change in changes if change.child is not None
        ]
        reach()
        facts = Facts()
        sheets: dict[str, list[Sheet]] = {}
        for change in changes:
            if change.facts is not None:
                facts = facts.join(change.facts)
            if change.child is not None and change.sheet is not None:
                sheets.setdefault(change.child, []).append(change.sheet)
        blocked: dict[str, Linked] = {}
        with self.locked():
            self._carry_over()
            resets = self.known.merged_facts.join(facts)
            for child, deltas in sheets.items():
                try:
                    self.write_sheet(child, deltas, resets.resets.get(child))
                except Linked as link:  # blocks her folder alone: her changes wait on this computer
                    self.told.report(link.path, None, words.link_words(link.path))
                    blocked[child] = link
            if changes and any(change.facts is not None for change in changes):
                self.write_facts(facts)
        return blocked

    def tidy(self) -> None:
        """The temporary files a broken write left (the share went away, or was full, between
        the write and its rename), removed once a write goes through: no .tmp outlives its save.
        Under the writer's lock no other window of this writer is writing."""
        if not self.unfinished:
            return
        with self.locked():
            for path in sorted(self.unfinished):
                storage.remove_stale_temporaries(path, max_age=0, beside=self._made_in(path))
        self.unfinished.clear()

    def remove_stale_temporaries(self) -> None:
        """What a write killed midway left (older than `storage.STALE_AFTER`): one listing of each
        folder this writer makes its files in."""
        place = self.place
        storage.remove_stale_temporaries(place.class_path(place.writer))
        if self.known.written_by(place.writer):
            storage.remove_stale_temporaries(place.root / CHILDREN_DIR / f"{place.writer}.json")

    def _made_in(self, path: Path) -> Path | None:
        """Where the file at `path` is made before it is renamed there: a child's in the children's
        folder, so that every child's save changes that folder's time (a reader that finds it as
        the teacher's snapshot says need not look at each child's folder: `snapshot.Stable`)."""
        children = self.place.root / CHILDREN_DIR
        return children if path.parent.parent == children else None

    def _folder_for(self, path: Path) -> os.stat_result:
        """`path`'s folder made inside the class folder if it is missing, and its status (its
        time, and the mode its files take); StorageError when it, or a folder between, is a
        link (written through, it would write outside). Looked at first, made only if missing:
        one look at each folder on a save's common path."""
        try:
            return self._folders_to_root(path.parent)
        except FileNotFoundError:
            storage.make_folder(path.parent, inside=self.place.root)
            return self._folders_to_root(path.parent)

    def _folders_to_root(self, folder: Path) -> os.stat_result:
        statuses = []
        while folder != self.place.root:
            status = os.lstat(folder)
            if not stat.S_ISDIR(status.st_mode):
                raise Linked(folder)
            statuses.append(status)
            folder = folder.parent
        return statuses[0]

    def _own(
        self, path: Path, known: tuple[Signature | None, object] | None
    ) -> tuple[object, bool, tuple[int, int] | None]:
        """This writer's file as it is now, parsed (None if there is none), whether it is the
        version `known` (then it is not read again), and its signature."""
        signature = storage.signature(path)
        if known is not None and signature is not None and known[0] == signature:
            return known[1], True, signature
        if signature is None:
            return None, False, None
        try:
            data = storage.read_json(path, max_bytes=listing.MAX_BYTES, links=False)
        except storage.TooBig as error:
            # Never written over: what it holds may be this writer's; the changes wait here.
            self.told.report(path, signature, words.too_big_words(path))
            raise storage.StorageError(words.too_big_words(path)) from error
        except storage.Corrupt:
            self.reader.set_aside(path)
            return None, False, None
        if isinstance(data, dict) and is_newer(data.get("version")):
            # Never written over: the changes wait on this computer, and the teacher is told.
            message = words.own_newer_words(path)
            self.told.report(path, signature, message)
            raise storage.StorageError(message)
        return data, False, signature

    def write_sheet(
        self,
        child: str,
        deltas: list[Sheet],
        reset: float | None,
        together: Callable[[Sheet, Sheet], Sheet] = Sheet.plus,
    ) -> None:
        place = self.place
        path = place.child_path(child, place.writer)
        known = self.known.sheets.setdefault(child, {}).get(place.writer)
        found, same, signature = self._own(path, known)
        sheet = known[1].copy() if known is not None else own_copy(place, child)
        if not same and found is not None:
            try:
                sheet = sheet.join(parse_sheet(found, place.writer))
            except ValueError:
                self.reader.set_aside(path)
        if signature is not None:
            sheet.held_to(held(signature))  # stamps from a clock ahead keep the share's time
        if reset is not None:
            sheet.retire(reset)  # kept for the reset's undo, never dropped
        for delta in deltas:
            sheet = together(sheet, delta)
        folder = self._folder_for(path)
        before = folder.st_mtime_ns
        data = sheet.to_json(place.writer, child)
        storage.write_atomically(path, data, beside=self._made_in(path), folder_mode=folder.st_mode)
        place.mirror.keep(f"{CHILDREN_DIR}/{child}/{place.writer}.json", data)
        written = self.lister.wrote(path, before)
        if written is not None:
            sheet.held_to(held(written))
        self.known.sheets[child][place.writer] = (written, sheet)
        self.known.dirty.add(child)

    def write_facts(self, delta: Facts) -> None:
        place = self.place
        path = place.class_path(place.writer)
        known = self.known.facts.get(place.writer)
        found, same, signature = self._own(path, known)
        facts = known[1].copy() if known is not None else own_class_copy(place)
        if not same and found is not None:
            try:
                facts = facts.join(parse_facts(found, place.writer))
            except ValueError:
                self.reader.set_aside(path)
        if signature is not None:
            facts.held_to(held(signature))
        facts = facts.join(delta)
        view = self.known.merged_facts.join(facts)
        facts.take(view.standing())  # what stands, in place of any other version (a pupil's)
        folder = self._folder_for(path)
        before = folder.st_mtime_ns
        data = facts.to_json(place.writer)
        storage.write_atomically(path, data, folder_mode=folder.st_mode)
        place.mirror.keep(f"{CLASS_DIR}/{place.writer}.json", data)
        written = self.lister.wrote(path, before)
        if written is not None:
            facts.held_to(held(written))
        self.known.facts[place.writer] = (written, facts)
        self.known.remerge_facts()

    def _carry_over(self) -> None:
        """Write the old file's part into the folder, its class file last: once that is there,
        the old file is not read again (and is left where it is)."""
        virtual = self.known.facts.get(legacy.WRITER)
        if virtual is None or virtual[0] != VIRTUAL:
            return
        for child, sheets in self.known.sheets.items():
            entry = sheets.get(legacy.WRITER)
            if entry is not None and entry[0] == VIRTUAL:
                path = self.place.child_path(child, legacy.WRITER)
                self._folder_for(path)
                storage.write_atomically(path, entry[1].to_json(legacy.WRITER, child), beside=self._made_in(path))
                sheets[legacy.WRITER] = (storage.signature(path), entry[1])
        path = self.place.class_path(legacy.WRITER)
        self._folder_for(path)
        storage.write_atomically(path, virtual[1].to_json(legacy.WRITER))
        self.known.facts[legacy.WRITER] = (storage.signature(path), virtual[1])
