"""A class folder re-read: the class files and each child's files whose (mtime, size) changed,
the children's folders a few at once; and, while the folder is away in a window that read
nothing of it yet, the class as this computer last read it (`FolderCache`) and its own files
as it last wrote them (`Mirror`).

Headless: no pygame here; used by `game.store.classfolder` on the disk worker.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from . import legacy, listing, storage
from .facts import Facts
from .known import VIRTUAL, Known, Place, Signature, held
from .listing import Lister, in_parallel
from .old_file import OldFile
from .parsing import parse_facts, parse_sheet
from .reading import Reader
from .shards import CHILDREN_DIR, CLASS_DIR, Newer
from .sheet import Sheet
from .told import Told


class FolderScan:
    """Brings `known` up to date with the class folder; `answered`: the last scan could list
    the class files."""

    def __init__(self, place: Place, known: Known, lister: Lister, reader: Reader, told: Told) -> None:
        self.place, self.known, self.lister, self.reader, self.told = place, known, lister, reader, told
        self.old = OldFile(place, known, reader)
        self.answered = True

    def _own_signature(self, files: dict[str, Signature], own: Signature | None) -> None:
        """This writer's own file is looked at each time (one look): changed in place by hand,
        emptied or rolled back, it would not change its folder's time, and its copy is written
        back at once."""
        if own is None:
            files.pop(self.place.writer, None)
        elif own[1] <= listing.MAX_BYTES:
            files[self.place.writer] = own

    def scan_class(self) -> bool:
        place, known = self.place, self.known
        files = self.lister.files(place.root / CLASS_DIR)
        self.answered = files is not None
        if files is None:
            return False
        if not place.read_only:
            self._own_signature(files, storage.signature(place.class_path(place.writer)))
        news = False
        for writer in set(known.facts) - set(files):
            if known.facts[writer][0] != VIRTUAL:
                del known.facts[writer]
                news = True
        wanted = [
            (writer, signature)
            for writer, signature in files.items()
            if known.facts.get(writer, (None,))[0] != signature
        ]
        for writer, signature, facts in self.reader.read_many(place.class_path, wanted, parse_facts):
            if facts is not None:
                facts.held_to(held(signature))
                known.facts[writer] = (signature, facts)
                news = True
            elif writer == place.writer and writer in known.facts:
                # Its own, set aside or unreadable: held as it was, as not on the share (restored)
                known.facts[writer] = (None, known.facts[writer][1])
            elif writer in known.facts:
                del known.facts[writer]
        news = self.old.scan(legacy.WRITER not in files) or news
        self.told.tell_refusals()
        if news:
            known.remerge_facts()
        return news

    def scan_children(self, todo: list[str], stop: Callable[[], bool] | None) -> bool:
        if len(todo) <= 1:
            return any([self.scan_child(child, stop) for child in todo])

        def scan_child(child: str) -> bool:
            if stop is not None and stop():
                self.reader.stopped = True  # what is left is read at the next scan, in no time if unchanged
                return False
            return self.scan_child(child, stop)

        # On a share each look waits for the network: the children's folders are read a few at
        # a time (each child's entries are her own; the lists and sets shared take one item at
        # a time, which the interpreter keeps whole). On a local disk one after another: threads
        # made at every scan cost more than its reads.
        return any(in_parallel(scan_child, todo))

    def scan_child(self, child: str, stop: Callable[[], bool] | None = None) -> bool:
        place = self.place
        files = self.lister.files(place.root / CHILDREN_DIR / child)
        if files is None:
            return False
        if not place.read_only and place.writer in self.known.sheets.get(child, {}):
            self._own_signature(files, storage.signature(place.child_path(child, place.writer)))
        known = self.known.sheets.setdefault(child, {})
        news = False
        for writer in set(known) - set(files):
            if known[writer][0] != VIRTUAL:
                del known[writer]
                news = True
        wanted = [
            (writer, signature) for writer, signature in files.items() if known.get(writer, (None,))[0] != signature
        ]
        for writer, signature, sheet in self.reader.read_many(
            lambda writer: place.child_path(child, writer), wanted, parse_sheet, stop
        ):
            if sheet is not None:
                sheet.held_to(held(signature))
                known[writer] = (signature, sheet)
                news = True
            elif writer == place.writer and writer in known:
                known[writer] = (None, known[writer][1])  # as in `scan_class`: restored below
            elif writer in known:
                del known[writer]
                news = True
        if news:
            self.known.dirty.add(child)
        return news

    # While the folder is away

    def from_copies(self) -> bool:
        """The class list as this computer last read it, while the folder does not answer and
        nothing of it was read in this window: the children keep their names on "Who is
        playing?", and a result kept meanwhile goes to the child it names, not to a new one.
        Each file is taken as it was (its signature too): once the folder answers, only what
        changed since is read."""
        known = self.known
        if known.facts:
            return False
        self._from_own_copy()
        for writer, signature in self.place.cache.last_listing(CLASS_DIR).items():
            raw = None if writer in known.facts else self.place.cache.copy(f"{CLASS_DIR}/{writer}.json", signature)
            if raw is None:
                continue
            try:
                facts = parse_facts(storage.decode_json(raw), writer)
            except (storage.StorageError, Newer, ValueError):
                continue  # a damaged copy: the file is read when the folder answers
            facts.held_to(held(signature))
            known.facts[writer] = (signature, facts)
        if not known.facts:
            return False
        known.remerge_facts()
        for child in known.merged_facts.children:
            self._sheets_from_copies(child)
        return True

    def _sheets_from_copies(self, child: str) -> None:
        """Every computer's file of `child` as this computer last read it: a page made from the
        copy holds every result it had read, not only this computer's own."""
        name = f"{CHILDREN_DIR}/{child}"
        known = self.known.sheets.setdefault(child, {})
        for writer, signature in self.place.cache.last_listing(name).items():
            raw = None if writer in known else self.place.cache.copy(f"{name}/{writer}.json", signature)
            if raw is None:
                continue
            try:
                sheet = parse_sheet(storage.decode_json(raw), writer)
            except (storage.StorageError, Newer, ValueError):
                continue
            sheet.held_to(held(signature))
            known[writer] = (signature, sheet)
            self.known.dirty.add(child)

    def _from_own_copy(self) -> None:
        """This writer's own files as it last wrote them (its children keep their names and ids
        while the folder is away, even where no other computer's file was read before)."""
        writer, mirror = self.place.writer, self.place.mirror
        kept = mirror.get(f"{CLASS_DIR}/{writer}.json")
        with contextlib.suppress(ValueError):
            if kept is not None:
                self.known.facts[writer] = (None, parse_facts(kept, writer))
        for child in mirror.children():
            sheet = mirror.get(f"{CHILDREN_DIR}/{child}/{writer}.json")
            with contextlib.suppress(ValueError):
                if sheet is not None:
                    self.known.sheets.setdefault(child, {})[writer] = (None, parse_sheet(sheet, writer))
                    self.known.dirty.add(child)


def own_copy(place: Place, child: str) -> Sheet:
    """This writer's file for `child` as it last wrote it (a folder deleted, or linked out and
    back): a write starts from it, so it never writes less than it had."""
    kept = place.mirror.get(f"{CHILDREN_DIR}/{child}/{place.writer}.json")
    with contextlib.suppress(ValueError):
        if kept is not None:
            return parse_sheet(kept, place.writer)
    return Sheet()


def own_class_copy(place: Place) -> Facts:
    kept = place.mirror.get(f"{CLASS_DIR}/{place.writer}.json")
    with contextlib.suppress(ValueError):
        if kept is not None:
            return parse_facts(kept, place.writer)
    return Facts()
