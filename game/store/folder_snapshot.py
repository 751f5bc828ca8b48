"""The teacher's snapshot (`game.store.snapshot`) as one class folder's window uses it: taken at a
first read (a computer that never read the class reads one file, not one a computer and a look at
each child's folder), and written after a whole read by a window given the PIN.

Headless: no pygame here; used by `game.store.classfolder` on the disk worker.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable
from pathlib import Path

from ..words import class_folder as words
from . import proof, snapshot, snapshot_file, storage
from .cache import TAKEN
from .facts import Facts
from .known import Known, Place, held
from .listing import Lister
from .parsing import parse_facts
from .shards import CHILDREN_DIR, CLASS_DIR
from .standing import Standing
from .told import Told


def _standing_of(copies: dict[str, tuple[tuple[int, int], bytes]]) -> Standing:
    """The class as its class files (`copies`: name -> signature, bytes) make it; one that
    cannot be read makes it nothing (`snapshot.first` then reads the files)."""
    merged = Facts()
    for name, (signature, raw) in copies.items():
        facts = parse_facts(storage.decode_json(raw), name.rpartition("/")[2][: -len(".json")])
        facts.held_to(held(signature))
        merged = merged.join(facts)
    return merged.standing()


def _unusable_words(kind: str, path: Path) -> str:
    """Why a snapshot was not used (`snapshot_file.Unusable`), in the words of any file's problem."""
    if kind == snapshot_file.UNPROVEN:
        return words.unproven_words(path)
    if kind == snapshot_file.NEWER:
        return words.newer_words(path)
    return words.too_big_words(path) if kind == snapshot_file.TOO_BIG else words.unreadable_words(path)


class SnapshotTaker:
    """Whether this window looked for a snapshot yet, the children's folder's time before and
    after a whole read (`snapshot_file.Stable`), and when it writes its next one (`timer`)."""

    def __init__(self, place: Place, known: Known, lister: Lister, told: Told) -> None:
        self.place, self.known, self.lister, self.told = place, known, lister, told
        self._read = False  # a teacher's snapshot was looked for in this window
        self._stable: snapshot_file.Stable | None = None
        self.timer = snapshot.Timer()

    def first_read(self) -> None:
        """A computer that knows nothing of the class: the teacher's snapshot first, its class
        files and children's folders taken from it while they are as it names them
        (`snapshot.first`): a new laptop on a share reads one file, not one a computer and a
        look at each child's folder."""
        place, cache = self.place, self.place.cache
        if self.known.facts or self._read or cache.last_listing(CLASS_DIR):
            return
        if place.mirror.get(f"{CLASS_DIR}/{place.writer}.json") is not None:
            return  # this computer wrote for the class: it reads its files
        taken = snapshot.first(place.root, _standing_of)
        if taken is None:
            return
        self._read = True
        made, vouched = taken
        cache.seed(made.copies, made.folders())
        if vouched is not None and made.children is not None:
            self.lister.vouched = {place.root / CHILDREN_DIR / child: time for child, time in vouched.items()}
            self.lister.vouched_children = (made.children.time, set(made.children.children))

    def note_stable(self, children: set[str]) -> None:
        """After a whole read: the children's folder's time, where it was the same before it."""
        before, self.lister.children_time, self._stable = self.lister.children_time, None, None
        try:
            after = os.lstat(self.place.root / CHILDREN_DIR).st_mtime_ns
        except OSError:
            return
        if before == after:
            self._stable = snapshot_file.Stable(after, time.time(), frozenset(children))

    def take(self, children: Iterable[str], whole: bool) -> None:
        """Once a window, where this computer never listed several of the children's folders
        (a first read), or at its first whole read where the teacher wrote a snapshot since it
        last took one (it read the class before the lesson): the teacher's snapshot, its proof
        checked with the key of the PIN in force, offered to the cache, and the children's
        folders it vouches for not looked at. Not used: one notice, and every file is read as ever."""
        if self._read:
            return
        root, cache = self.place.root, self.place.cache
        unlisted = [child for child in children if not cache.last_listing(f"{CHILDREN_DIR}/{child}")]
        cold = len(unlisted) >= snapshot.COLD_FOLDERS
        if not (cold or whole):
            return
        self._read = True
        key = snapshot.class_key(self.known.merged_facts.standing())
        path = root / snapshot_file.FILE_NAME
        signature = storage.signature(path) if key is not None else None
        if key is None or signature is None:
            return  # no PIN, no teacher's key: a snapshot is not believed (nor looked for)
        if not cold and cache.kind(snapshot_file.FILE_NAME, signature) == TAKEN:
            return  # taken before: what it holds is known here
        try:
            taken = snapshot_file.read(path, key)
        except snapshot_file.Unusable as unusable:
            self.told.report(path, None, _unusable_words(unusable.kind, path))
            return
        cache.seed(taken.copies, taken.folders())
        cache.took(snapshot_file.FILE_NAME, signature)
        vouched = snapshot.vouched(root, taken) or {}
        self.lister.vouched.update({root / CHILDREN_DIR / child: time for child, time in vouched.items()})

    def write(self, seed: bytes, now: bool) -> bool:
        """The class as read, signed with the PIN's key (`seed`), into the class folder, when it
        is due (`snapshot.Timer`) or `now`. True when it was written; nothing is said when it
        could not be."""
        if snapshot.class_key(self.known.merged_facts.standing()) != proof.public_key(seed):
            return False  # not the key of the PIN in force: no reader would believe it
        if not (now or self.timer.due()):
            return False
        root, listings = self.place.root, self.lister.listings
        folders = {
            folder.relative_to(root).as_posix(): listed[0]
            for folder, listed in listings.items()
            if folder.parent == root / CHILDREN_DIR
        }
        class_listed = listings.get(root / CLASS_DIR)
        if class_listed is not None:
            folders[CLASS_DIR] = class_listed[0]
        classes = {writer: signature for writer, (signature, _facts) in self.known.facts.items()}
        made = snapshot.gather(self.known.sheets, folders, self.place.cache, classes, self._stable)
        if not now and self.timer.same(made):
            return False
        try:
            snapshot_file.write(root / snapshot_file.FILE_NAME, made, seed)
        except (OSError, storage.StorageError):
            return False
        self.timer.wrote(made)
        return True
