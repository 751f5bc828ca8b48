"""A class folder as one writer sees it: every writer's files read (again only when changed),
this writer's own files written by joining, the old one-file progress carried over once.

Headless: no pygame here; used by `game.store.progress` on its disk worker, one call at a time.
Each job is a part of its own (see `ClassFolder`); this module composes them and keeps where the
folder stands (`state`, `reason`, `refusal`, `not_class`).

``ClassFolder(root, writer, local, may_create)``
    ``scan(children=None, stop=None) -> bool``: read the class files and those of `children`
    (every child when None) whose (mtime, size) changed; True when something another window
    wrote came in. When `stop()` becomes true it stops between two children (``stopped``).
    A folder that is away (no `root`) changes nothing, except in a window that has read nothing
    of it yet: it takes the class list as this computer last read it (`FolderCache`). A damaged
    file is left out alone, and set aside when it is this writer's own; either way reported once
    in `notices`.
    ``view() -> (Facts, {child: Sheet})``: the join of every writer's files, records older than
    their child's reset left out; fresh copies the caller may change.
    ``write(changes)``: joins `changes` into this writer's own files (under the local writer
    lock, each file read, joined with what this writer last knew of it, and written atomically)
    and, the first time, writes the old file's part. `OSError` or `storage.StorageError` when
    the folder is away or a file cannot be written: nothing is lost, the caller tries again.
    ``state``: a `FolderState`, what the last scan or write found; ``reason``: why a write was
    refused, in the system's words.

A class folder is anyone's to write in, so it is read as hostile: no link is followed out of
it (a writer's file, a child's folder, `class/` or `children/` that is a link is left out, and
this writer's own file that is a link is set aside, never read); a file's size is known before
a byte of it is read and one larger than `storage.MAX_BYTES` is never read; only names this game
writes (`shards.safe_name` + ``.json``, ordinary files) are opened. A pupil can make thousands of
files: each kind of problem (damaged, too big, a link, a newer version's) in each part of the
folder is one notice, naming the file when it is alone, else counting them and naming one; and
on a share, where each look at a file is a wait, a file nothing is known of is read at once
instead of looked at first, and a folder's many files are looked at and read a few at once.
The folder is made only when `may_create` says so (see `game.store.site`), and the folders
inside it only inside it, so a share that is not mounted is never made afresh on the local
disk under its mount point.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from ..words.class_folder import (
    away_words,
    linked_words,
    no_class_words,
    other_class_words,
    refusal_words,
    unmounted_words,
    unreachable_words,
)
from . import storage
from .cache import FolderCache
from .change import Change
from .facts import Facts
from .folder_scan import FolderScan
from .folder_snapshot import SnapshotTaker
from .known import Known, Place
from .listing import Lister, is_there
from .mirror import Mirror
from .own_part import Found, Identity, start
from .reading import Reader
from .restoring import Restorer
from .sheet import Sheet
from .told import Told
from .writing import Writer


class FolderState(enum.Enum):
    REACHED = "reached"  # the last scan or save reached the class folder
    AWAY = "away"  # not there (a share not mounted) or not answering: changes wait on this computer
    REFUSED = "refused"  # there, but it would not take the save (read only, full, busy): they wait too


class NotTheClass(storage.StorageError):
    """The folder at the class folder's path is not the class (a share not mounted, emptied, or
    another class's folder): nothing is written into it."""


class ClassFolder:
    """One writer's class folder, composed of its parts, which share `place` (where it is, who
    writes) and `known` (what was read of it): `lister` lists its folders, `reader` reads and
    refuses files, `scanner` re-reads what changed, `writer` writes this writer's files,
    `restorer` puts them back from this computer's copy, `snapshots` takes and writes the
    teacher's snapshot, and `told` keeps what is to be said (`notices`)."""

    def __init__(
        self,
        root: Path,
        writer: str,
        local: Path,
        may_create: bool,
        read_only: bool = False,
        cache: FolderCache | None = None,
        own: Path | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.root = root
        self.writer = writer
        self.read_only = read_only  # reading for a report: nothing is moved or written
        self.clock = clock  # this computer's clock: when the folder last answered a read
        # What this computer keeps of its own part (`own_part`): its files, the folder's identity.
        mirror = Mirror(own)
        self.identity = Identity(None if own is None else own / "identity.json")
        self.cache = cache if cache is not None else FolderCache(None)
        self.place = Place(root, writer, local, read_only, self.cache, mirror)
        self.known = Known()
        self.told = Told(root)
        self.lister = Lister(self.place, self.known, self.told)
        self.reader = Reader(self.place, self.lister, self.told)
        self.scanner = FolderScan(self.place, self.known, self.lister, self.reader, self.told)
        self.writing = Writer(self.place, self.known, self.lister, self.reader, self.told)
        self.restorer = Restorer(self.place, self.known, self.reader, self.writing, clock)
        self.snapshots = SnapshotTaker(self.place, self.known, self.lister, self.told)
        self.may_start = may_create  # a folder that never held a class may be started as one
        # Made only if it is missing now: a folder that was there and goes away is away.
        self.may_create = may_create and is_there(root) is False
        self.state = FolderState.REACHED
        self.reason = ""  # why the folder refused the last save, in the system's words
        self.not_class: str | None = None  # why the folder at the path is not the class, when it is not
        self.found = Found.CLASS  # what the last look at the folder's identity found
        self.refusal: str | None = None  # the refusal of the last save, in words for the teacher
        self.computer = ""  # this computer's name, said with the files it puts back

    @property
    def notices(self) -> list[str]:
        return self.told.notices

    @notices.setter
    def notices(self, notices: list[str]) -> None:
        self.told.notices = notices

    @property
    def stopped(self) -> bool:
        """The last scan stopped before every child it was asked for was read."""
        return self.reader.stopped

    @property
    def has_anything(self) -> bool:
        return self.known.has_anything

    @property
    def carried_current(self) -> str | None:
        """Who played last, in the old file."""
        return self.scanner.old.carried_current

    # Reading

    def scan(self, children: Iterable[str] | None = None, stop: Callable[[], bool] | None = None) -> bool:
        self.reader.stopped = False
        if not is_there(self.root):
            if not self.may_create:  # a new class's folder is made at its first save
                self._away()
                return self.scanner.from_copies()
            return False  # keep what was read
        found = self.identity.check(self.root, self.may_start, writing=False)
        if found is Found.UNANSWERED:
            self._away()
            return self.scanner.from_copies()
        if found is not Found.CLASS:
            self._not_the_class(found)
            return self.scanner.from_copies()
        self.not_class, self.found = None, Found.CLASS
        self.snapshots.first_read()
        news = self.scanner.scan_class()
        if not self.scanner.answered:  # there by a look a FUSE client had kept, but its files do not answer
            self._away()
            return self.scanner.from_copies() or news
        if self.state is FolderState.AWAY:
            self.state = FolderState.REACHED
        self.cache.read_now(self.clock())
        whole = children is None or self.scanner.old.moved
        if whole:
            self.scanner.old.moved = False
            # With the children this writer wrote for, whose folders may have been deleted.
            children = self.lister.child_folders() | set(self.known.sheets) | set(self.place.mirror.children())
        assert children is not None
        self.snapshots.take(children, whole)
        try:
            news = self.scanner.scan_children(list(children), stop) or news
        finally:
            self.cache.save()
            self.told.tell_refusals()
        if whole and not self.stopped:
            self.snapshots.note_stable(set(children))
        if not self.read_only and self.state is FolderState.REACHED:
            self.restorer.restore(set(children) if not self.stopped else set(), self.computer)
            self.restorer.echo()
        return news

    def view(self) -> tuple[Facts, dict[str, Sheet]]:
        return self.known.view()

    def read_at(self) -> float:
        """When this computer last read the class folder (its clock): the copies' time, else the
        time of the last of its own files it wrote (the cache deleted); 0.0 when it knows neither."""
        read = self.cache.read_at()
        return read if read is not None else self.place.mirror.written_at() or 0.0

    def _away(self) -> None:
        if self.state is not FolderState.AWAY:
            self.state = FolderState.AWAY
            self.notices.append(unreachable_words(self.root) if self.read_only else away_words(self.root))

    def _not_the_class(self, found: Found) -> None:
        """The folder at the class folder's path is not the class: nothing is written into it."""
        words = {
            Found.UNMOUNTED: unmounted_words(self.root),
            Found.OTHER: other_class_words(self.root),
            Found.NONE: no_class_words(self.root),
        }[found]
        self.found = found
        if self.state is not FolderState.AWAY or self.not_class != words:
            self.state = FolderState.AWAY
            self.not_class = words
            self.notices.append(words)

    def start(self) -> bool:
        """The teacher's deliberate step (`own_part.start`): True when the folder became the class
        now, False when it was; `own_part.Refused` with the words why not."""
        made = start(self.root, self.identity)
        self.may_create, self.not_class, self.found = False, None, Found.CLASS
        if self.state is FolderState.AWAY:
            self.state = FolderState.REACHED
        return made

    # Writing

    def write(self, changes: list[Change]) -> set[str]:
        """The children whose folders could not take their changes (a link): those wait."""
        if self.read_only:
            raise storage.StorageError("read only")
        try:
            blocked = self.writing.write(changes, self._reach_root)
        except NotTheClass:
            raise
        except (OSError, storage.StorageError) as error:
            self.writing.unfinished.update(self.writing.touched)  # a temporary file may be left where it broke
            if is_there(self.root):
                self.state = FolderState.REFUSED
                self.reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
                self.refusal = refusal_words(self.root, error)
            else:
                self._away()
            raise
        for link in blocked.values():
            self.reason, self.refusal = str(link), linked_words(link.path)
        self.state = FolderState.REFUSED if blocked else FolderState.REACHED
        self.writing.tidy()
        return set(blocked)

    def remove_stale_temporaries(self) -> None:
        self.writing.remove_stale_temporaries()

    def _reach_root(self) -> None:
        if self.identity.as_read(self.root):  # the common case: the folder as read, one look
            self.may_create, self.not_class, self.found = False, None, Found.CLASS
            return
        if not self.root.is_dir():
            if not self.may_create:
                raise storage.StorageError(f"{self.root} is not there")
            storage.make_folder(self.root)
        self.may_create = False  # once there, a folder that goes away is away, not to be made
        found = self.identity.check(self.root, self.may_start, writing=True)
        if found is Found.UNANSWERED:
            raise storage.StorageError(f"{self.root} does not answer")
        if found is not Found.CLASS:
            self._not_the_class(found)
            raise NotTheClass(self.not_class or "")
        self.not_class, self.found = None, Found.CLASS

    def write_snapshot(self, seed: bytes | None, now: bool = False) -> bool:
        """After a full read, in a window given the PIN of the class (`seed`, its key's): the
        class as read, signed, into the class folder, when it is due or `now` (`SnapshotTaker`)."""
        if seed is None or self.read_only or self.state is not FolderState.REACHED or self.stopped:
            return False
        return self.snapshots.write(seed, now)
