"""A class folder as one writer sees it: every writer's files read (again only when changed),
this writer's own files written by joining, the old one-file progress carried over once.

Headless: no pygame here; used by `game.store.progress` on its disk worker, one call at a time.

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

import contextlib
import enum
import errno
import os
import stat
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

from ..i18n import _, ngettext
from . import legacy, proof, snapshot, storage
from .cache import JUNK, LINK, NEWER, TAKEN, TOO_BIG, FolderCache
from .change import Change
from .facts import Facts
from .local import writer_lock
from .own_part import Found, Identity, Mirror, start
from .parsing import parse_facts, parse_sheet
from .registers import Restoration
from .shards import CHILDREN_DIR, CLASS_DIR, DAMAGED, EMPTIED, MISSING, ROLLED_BACK, Newer, is_newer, safe_name
from .sheet import Sheet
from .standing import Standing

T = TypeVar("T")
U = TypeVar("U")
# A year of one writer's results for one child is a few hundred kilobytes: anything near this
# was not written by the game, and reading it would cost the memory of a whole class.
MAX_BYTES = storage.MAX_BYTES
OLD_FILE_BYTES = 64 * 1024 * 1024  # the old one-file progress held the whole class
READERS = 8  # children's folders read at once on a full scan
LOOKERS = 8  # files of one folder looked at or read at once, when each is a wait
SLOW_LOOK = 0.001  # seconds: files that take longer than this each wait for a network
FIRST_LOOKS = 3  # files of a folder looked at one by one, to know whether they wait
# A file nothing is known of is read when its folder is listed (`ClassFolder._listed`): at most
# this much of one file, and this much of one folder, waits in memory to be parsed.
FETCH_FILE_BYTES = 1024 * 1024
FETCH_FOLDER_BYTES = 16 * 1024 * 1024
RELIST_SECONDS = 10.0  # a folder whose time has not changed is listed again after this long
Signature = tuple[int, int] | tuple[str, int, int]
# What this computer keeps of a file it could not use (`FolderCache`), so it is not opened again.
LEFT_OUT = "left out"  # a file read, but for entries of it (a notice's kind, never kept)
_VIRTUAL = ("old file", 0, 0)  # the legacy writer's part, read from the old file


class FolderState(enum.Enum):
    REACHED = "reached"  # the last scan or save reached the class folder
    AWAY = "away"  # not there (a share not mounted) or not answering: changes wait on this computer
    REFUSED = "refused"  # there, but it would not take the save (read only, full, busy): they wait too


def is_there(folder: Path) -> bool | None:
    """True for a folder, False when it is not there, None when the share does not answer."""
    try:
        return folder.is_dir()
    except OSError:
        return None


def _held(signature: Signature) -> float:
    """A file's time on the share (the server's clock): no stamp in it counts as later."""
    return float(signature[0]) / 1e9


def away_words(folder: Path) -> str:
    return _(
        "The class folder {folder} cannot be reached. Saved on this computer; "
        "it will reach the class folder when the network is back."
    ).format(folder=folder)


def unreachable_words(folder: Path) -> str:
    """`away_words` for a reader (a report): nothing of its own waits on this computer."""
    return _("The class folder {folder} cannot be reached.").format(folder=folder)


def refused_words(reason: str) -> str:
    return _(
        "The class folder did not take the save ({reason}). Saved on this computer; "
        "it will reach the class folder when the network is back."
    ).format(reason=reason)


def refusal_words(folder: Path, error: Exception) -> str | None:
    """A refused save in words of its own kind: read-only, full (None: another kind)."""
    number = error.errno if isinstance(error, OSError) else None
    if number in (errno.EROFS, errno.EACCES, errno.EPERM):
        return _(
            "The class folder {folder} does not let this computer write (it is read-only here). "
            "Saved on this computer until it does: ask IT."
        ).format(folder=folder)
    if number in (errno.ENOSPC, errno.EDQUOT):
        return _("The class folder {folder} is full. Saved on this computer until there is room: ask IT.").format(
            folder=folder
        )
    return None


def linked_words(path: Path) -> str:
    return _(
        "{file} is a link out of the class folder, so nothing is written there: that child's results "
        "wait on this computer, the others are saved. Ask IT to remove the link."
    ).format(file=f"{path.parent.name}/{path.name}")


def unmounted_words(folder: Path) -> str:
    return _(
        "The class folder {folder} is empty: the share is probably not connected. "
        "Saved on this computer; nothing is written into the empty folder."
    ).format(folder=folder)


def other_class_words(folder: Path) -> str:
    return _(
        "The class folder {folder} now holds another class. Saved on this computer; "
        "ask the teacher or IT which folder is the class's."
    ).format(folder=folder)


def no_class_words(folder: Path) -> str:
    return _(
        "The folder {folder} holds no class, so nothing is written into it. Is the share connected? "
        'If it is the class\'s folder, the teacher makes it one: "Make the class folder here" on the '
        "class screen, or solochess class init."
    ).format(folder=folder)


def _unreadable_words(path: Path) -> str:
    return _("{file} could not be read, so it was left as it is.").format(file=f"{path.parent.name}/{path.name}")


def _too_big_words(path: Path) -> str:
    return _("{file} is too big to be a Solo Chess file, so it was left as it is.").format(
        file=f"{path.parent.name}/{path.name}"
    )


def _link_words(path: Path) -> str:
    return _("{file} is a link out of the class folder, so it was left out.").format(
        file=f"{path.parent.name}/{path.name}"
    )


def _newer_words(path: Path) -> str:
    return _("{file} was made by a newer Solo Chess, so it was left as it is.").format(
        file=f"{path.parent.name}/{path.name}"
    )


def _unproven_words(path: Path) -> str:
    return _("{file} was not signed with the teacher's PIN, so it was left out.").format(
        file=f"{path.parent.name}/{path.name}"
    )


def _snapshot_words(kind: str, path: Path) -> str:
    """Why a snapshot was not used (`snapshot.Unusable`), in the words of any file's problem."""
    if kind == snapshot.UNPROVEN:
        return _unproven_words(path)
    if kind == snapshot.NEWER:
        return _newer_words(path)
    return _too_big_words(path) if kind == snapshot.TOO_BIG else _unreadable_words(path)


def _problem_words(kind: str, path: Path) -> str:
    if kind == JUNK:  # a teacher's snapshot names the junk it read
        return _unreadable_words(path)
    return _too_big_words(path) if kind == TOO_BIG else _link_words(path)


def _left_out_notice(count: int, path: Path) -> str:
    return ngettext(
        "{count} entry of {file} could not be read, so it was left out and kept in the file as it is.",
        "{count} entries of {file} could not be read, so they were left out and kept in the file as they are.",
        count,
    ).format(count=count, file=f"{path.parent.name}/{path.name}")


def _refusals_words(kind: str, count: int, folder: str, example: str) -> str:
    """Many files of one part of the folder refused alike, in one line: how many, and one of them."""
    if kind == TOO_BIG:
        words = ngettext(
            "{count} file in {folder} is too big to be a Solo Chess file, so it was left as it is (one is {file}).",
            "{count} files in {folder} are too big to be Solo Chess files, so they were left as they are "
            "(one is {file}).",
            count,
        )
    elif kind == LINK:
        words = ngettext(
            "{count} file in {folder} is a link out of the class folder, so it was left out (one is {file}).",
            "{count} files in {folder} are links out of the class folder, so they were left out (one is {file}).",
            count,
        )
    elif kind == NEWER:
        words = ngettext(
            "{count} file in {folder} was made by a newer Solo Chess, so it was left as it is (one is {file}).",
            "{count} files in {folder} were made by a newer Solo Chess, so they were left as they are (one is {file}).",
            count,
        )
    elif kind == LEFT_OUT:
        words = ngettext(
            "Entries of {count} file in {folder} could not be read, so they were left out and kept in it as "
            "they are (one is {file}).",
            "Entries of {count} files in {folder} could not be read, so they were left out and kept in the files "
            "as they are (one is {file}).",
            count,
        )
    else:
        words = ngettext(
            "{count} file in {folder} could not be read, so it was left as it is (one is {file}).",
            "{count} files in {folder} could not be read, so they were left as they are (one is {file}).",
            count,
        )
    return words.format(count=count, folder=folder, file=example)


def _writers_name(name: str) -> str | None:
    """The writer whose file `name` is, when it is a name this game writes (``<writer>.json``)."""
    stem, dot, suffix = name.rpartition(".")
    return stem if dot and suffix == "json" and safe_name(stem) else None


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


class _Replaced(Exception):
    """A file changed while it was read (another computer's save renamed over it)."""


class _Damaged(storage.Corrupt):
    """A file read from the folder that is not JSON, with the signature it had when it was opened."""

    def __init__(self, error: storage.Corrupt, signature: tuple[int, int]) -> None:
        super().__init__(str(error))
        self.signature = signature


def _standing_of(copies: dict[str, tuple[tuple[int, int], bytes]]) -> Standing:
    """The class as its class files (`copies`: name -> signature, bytes) make it; one that
    cannot be read makes it nothing (`snapshot.first` then reads the files)."""
    merged = Facts()
    for name, (signature, raw) in copies.items():
        facts = parse_facts(storage.decode_json(raw), name.rpartition("/")[2][: -len(".json")])
        facts.held_to(_held(signature))
        merged = merged.join(facts)
    return merged.standing()


def _in_parallel(function: Callable[[T], U], items: list[T]) -> list[U]:
    """`function` of each item, in order: one by one while they are quick (a local disk, where
    threads would only cost), and when even the quickest of the first few waited (on a share
    each look at a file is a wait for the network, and a pupil may have made thousands of
    files) the rest a few at once. One large honest file is slow alone, not a network."""
    done: list[U] = []
    quickest = float("inf")
    for index, item in enumerate(items):
        if index == FIRST_LOOKS and quickest > SLOW_LOOK:
            with ThreadPoolExecutor(max_workers=LOOKERS, thread_name_prefix="solochess-look") as lookers:
                return done + list(lookers.map(function, items[index:]))
        started = time.monotonic()
        done.append(function(item))
        quickest = min(quickest, time.monotonic() - started)
    return done


def _look(entry: os.DirEntry[str]) -> tuple[tuple[int, int], bool] | None:
    """A listed file's signature and whether it is an ordinary file (no link followed); None
    when it went meanwhile."""
    try:
        status = entry.stat(follow_symlinks=False)
        return (status.st_mtime_ns, status.st_size), entry.is_file(follow_symlinks=False)
    except OSError:
        return None


class _Budget:
    """The bytes a folder's files read ahead may hold, taken and given back from several threads."""

    def __init__(self, total: int) -> None:
        self.left = total
        self._lock = threading.Lock()

    def take(self, most: int) -> int:
        with self._lock:
            taken = min(most, self.left)
            self.left -= taken
            return taken

    def give_back(self, count: int) -> None:
        with self._lock:
            self.left += count


class Linked(storage.StorageError):
    """A folder inside the class folder that is a link (written through, it would write outside)."""

    def __init__(self, path: Path) -> None:
        super().__init__(_link_words(path))
        self.path = path


class NotTheClass(storage.StorageError):
    """The folder at the class folder's path is not the class (a share not mounted, emptied, or
    another class's folder): nothing is written into it."""


class ClassFolder:
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
        self.clock = clock  # this computer's clock: when the folder last answered a read
        # What this computer keeps of its own part (`own_part`): its files, the folder's identity.
        self.mirror = Mirror(None if own is None else own / "files")
        self.identity = Identity(None if own is None else own / "identity.json")
        self.may_start = may_create  # a folder that never held a class may be started as one
        self.cache = cache if cache is not None else FolderCache(None)
        self.read_only = read_only  # reading for a report: nothing is moved or written
        self.writer = writer
        self.local = local
        # Made only if it is missing now: a folder that was there and goes away is away.
        self.may_create = may_create and is_there(root) is False
        self.state = FolderState.REACHED
        self.stopped = False  # the last scan stopped before every child it was asked for was read
        self._answered = True  # the last scan could list the class files
        self.reason = ""  # why the folder refused the last save, in the system's words
        self.not_class: str | None = None  # why the folder at the path is not the class, when it is not
        self.found = Found.CLASS  # what the last look at the folder's identity found
        self.refusal: str | None = None  # the refusal of the last save, in words for the teacher
        self._touched: list[Path] = []  # this writer's files the write under way writes
        self._unfinished: set[Path] = set()  # files whose write broke: their temporaries go later
        self._aside: dict[str, str] = {}  # this writer's files set aside, by name: emptied or damaged
        self.computer = ""  # this computer's name, said with the files it puts back
        self.notices: list[str] = []
        self._facts: dict[str, tuple[Signature | None, Facts]] = {}  # by writer
        self._sheets: dict[str, dict[str, tuple[Signature | None, Sheet]]] = {}  # child -> writer ->
        self._merged_facts = Facts()
        self._merged: dict[str, Sheet] = {}
        self._dirty: set[str] = set()  # children whose merged sheet is out of date
        self._reported: set[tuple[Path, Signature | None]] = set()
        # The files refused in the read under way, by kind and part of the folder: said in one
        # line each (`_tell_refusals`), however many a pupil made. Readers add from several threads.
        self._refusals: dict[tuple[str, str], list[tuple[str, str]]] = {}
        self._telling = threading.Lock()
        self._fetched: dict[Path, tuple[bytes, tuple[int, int]]] = {}  # read while listed, to be parsed
        self._listings: dict[Path, tuple[int, float, dict[str, Signature]]] = {}  # folder time, when, files
        self._legacy_signature: tuple[int, int] | None = None
        self._legacy_absent_at: tuple[int, int] | None = None  # the folder's time when the old file was not there
        self._legacy_moved = False  # the old file's part went from it into the folder, or changed
        self.carried_current: str | None = None  # who played last, in the old file
        self._snapshot_read = False  # a teacher's snapshot was looked for in this window
        # Children's folders whose time a first read took from the snapshot (`snapshot.first`),
        # each looked at no more at its first scan; and the children's folder's time before and
        # after a whole read (`snapshot.Stable`, for the snapshot this window may write).
        self._vouched: dict[Path, int] = {}
        self._vouched_children: tuple[int, set[str]] | None = None
        self._children_time: int | None = None
        self._stable: snapshot.Stable | None = None
        self.snapshots = snapshot.Timer()  # when this window writes its next one

    # Paths

    def class_path(self, writer: str) -> Path:
        return self.root / CLASS_DIR / f"{writer}.json"

    def child_path(self, child: str, writer: str) -> Path:
        return self.root / CHILDREN_DIR / child / f"{writer}.json"

    def written_by_me(self) -> list[str]:
        """The children in whose folders this writer has a file."""
        return [child for child, sheets in self._sheets.items() if self.writer in sheets]

    @property
    def has_anything(self) -> bool:
        return bool(self._facts) or any(self._sheets.values())

    # Reading

    def scan(self, children: Iterable[str] | None = None, stop: Callable[[], bool] | None = None) -> bool:
        self.stopped = False
        if not is_there(self.root):
            if not self.may_create:  # a new class's folder is made at its first save
                self._away()
                return self._from_copies()
            return False  # keep what was read
        found = self.identity.check(self.root, self.may_start, writing=False)
        if found is Found.UNANSWERED:
            self._away()
            return self._from_copies()
        if found is not Found.CLASS:
            self._not_the_class(found)
            return self._from_copies()
        self.not_class, self.found = None, Found.CLASS
        news = self._scan_class()
        if not self._answered:  # there by a look a FUSE client had kept, but its files do not answer
            self._away()
            return self._from_copies() or news
        if self.state is FolderState.AWAY:
            self.state = FolderState.REACHED
        self.cache.read_now(self.clock())
        whole = children is None or self._legacy_moved
        if whole:
            self._legacy_moved = False
            # With the children this writer wrote for, whose folders may have been deleted.
            children = self._child_folders() | set(self._sheets) | set(self.mirror.children())
        assert children is not None
        self._take_snapshot(children, whole)
        try:
            news = self._scan_children(list(children), stop) or news
        finally:
            self.cache.save()
            self._tell_refusals()
        if whole and not self.stopped:
            self._note_stable(set(children))
        self._restore(set(children) if not self.stopped else set())
        self._echo()
        return news

    def _echo(self) -> None:
        """The teacher's changes that stand, written again into this writer's own class file
        where it lacks them: deleting or rolling back one file, or every file of one computer,
        hides none of them (docs/threat-model.md)."""
        if self.read_only or self.state is not FolderState.REACHED:
            return
        standing = self._merged_facts.standing()
        if standing.opened is not None:
            return  # no PIN guards the class: nothing of a teacher's to keep safe
        own = self._facts.get(self.writer)
        if own is not None and not own[1].lacks(standing):
            return
        with contextlib.suppress(OSError, storage.StorageError), writer_lock(self.local, self.writer):
            self._write_facts(Facts())

    # The teacher's snapshot (`game.store.snapshot`)

    def _first_read(self) -> None:
        """A computer that knows nothing of the class: the teacher's snapshot first, its class
        files and children's folders taken from it while they are as it names them
        (`snapshot.first`): a new laptop on a share reads one file, not one a computer and a
        look at each child's folder."""
        if self._facts or self._snapshot_read or self.cache.last_listing(CLASS_DIR):
            return
        if self.mirror.get(f"{CLASS_DIR}/{self.writer}.json") is not None:
            return  # this computer wrote for the class: it reads its files
        taken = snapshot.first(self.root, _standing_of)
        if taken is None:
            return
        self._snapshot_read = True
        made, vouched = taken
        self.cache.seed(made.copies, made.folders())
        if vouched is not None and made.children is not None:
            self._vouched = {self.root / CHILDREN_DIR / child: time for child, time in vouched.items()}
            self._vouched_children = (made.children.time, set(made.children.children))

    def _note_stable(self, children: set[str]) -> None:
        """After a whole read: the children's folder's time, where it was the same before it."""
        before, self._children_time, self._stable = self._children_time, None, None
        try:
            after = os.lstat(self.root / CHILDREN_DIR).st_mtime_ns
        except OSError:
            return
        if before == after:
            self._stable = snapshot.Stable(after, time.time(), frozenset(children))

    def _take_snapshot(self, children: Iterable[str], whole: bool) -> None:
        """Once a window, where this computer never listed several of the children's folders
        (a first read), or at its first whole read where the teacher wrote a snapshot since it
        last took one (it read the class before the lesson): the teacher's snapshot, its proof
        checked with the key of the PIN in force, offered to the cache, and the children's
        folders it vouches for not looked at. Not used: one notice, and every file is read as ever."""
        if self._snapshot_read:
            return
        unlisted = [child for child in children if not self.cache.last_listing(f"{CHILDREN_DIR}/{child}")]
        cold = len(unlisted) >= snapshot.COLD_FOLDERS
        if not (cold or whole):
            return
        self._snapshot_read = True
        key = snapshot.class_key(self._merged_facts.standing())
        path = self.root / snapshot.FILE_NAME
        signature = storage.signature(path) if key is not None else None
        if key is None or signature is None:
            return  # no PIN, no teacher's key: a snapshot is not believed (nor looked for)
        if not cold and self.cache.kind(snapshot.FILE_NAME, signature) == TAKEN:
            return  # taken before: what it holds is known here
        try:
            taken = snapshot.read(path, key)
        except snapshot.Unusable as unusable:
            self._report(path, None, _snapshot_words(unusable.kind, path))
            return
        self.cache.seed(taken.copies, taken.folders())
        self.cache.took(snapshot.FILE_NAME, signature)
        vouched = snapshot.vouched(self.root, taken) or {}
        self._vouched.update({self.root / CHILDREN_DIR / child: time for child, time in vouched.items()})

    def write_snapshot(self, seed: bytes | None, now: bool = False) -> bool:
        """After a full read, in a window given the PIN of the class (`seed`, its key's): the
        class as read, signed, into the class folder, when it is due (`snapshot.Timer`) or
        `now`. True when it was written; nothing is said when it could not be."""
        if seed is None or self.read_only or self.state is not FolderState.REACHED or self.stopped:
            return False
        if snapshot.class_key(self._merged_facts.standing()) != proof.public_key(seed):
            return False  # not the key of the PIN in force: no reader would believe it
        if not (now or self.snapshots.due()):
            return False
        children = self.root / CHILDREN_DIR
        folders = {
            folder.relative_to(self.root).as_posix(): listed[0]
            for folder, listed in self._listings.items()
            if folder.parent == children
        }
        class_listed = self._listings.get(self.root / CLASS_DIR)
        if class_listed is not None:
            folders[CLASS_DIR] = class_listed[0]
        classes = {writer: signature for writer, (signature, _facts) in self._facts.items()}
        made = snapshot.gather(self._sheets, folders, self.cache, classes, self._stable)
        if not now and self.snapshots.same(made):
            return False
        try:
            snapshot.write(self.root / snapshot.FILE_NAME, made, seed)
        except (OSError, storage.StorageError):
            return False
        self.snapshots.wrote(made)
        return True

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

    # This writer's own part, restored from this computer's copy

    def _restore(self, children: set[str]) -> None:
        """Where this writer's file in the class folder is missing, damaged, or holds less than
        this computer's copy of it (deleted, emptied, rolled back), the copy is written again;
        and listed in its class file (`Facts.restored`), where the teacher's computer reads it:
        no other computer can know."""
        if self.read_only or self.state is not FolderState.REACHED:
            return
        with contextlib.suppress(OSError, storage.StorageError), writer_lock(self.local, self.writer):
            self._restore_facts()
            put_back = []
            for child in sorted(children & set(self.mirror.children())):
                with contextlib.suppress(OSError, storage.StorageError):
                    found = self._restore_sheet(child)
                    if found is not None:
                        put_back.append(Restoration(self.writer, child, found, self.clock()))
            if put_back:
                self._write_facts(Facts(restored=frozenset(put_back), computers=self._named()))
        self._aside.clear()  # what was set aside and not put back here was written over by a save

    def _restore_facts(self) -> None:
        name = f"{CLASS_DIR}/{self.writer}.json"
        aside = self._aside.pop(name, None)
        kept = self.mirror.get(name)
        if kept is None:
            return
        mine = parse_facts(kept, self.writer)
        known = self._facts.get(self.writer)
        if known is not None and known[0] is not None:
            mine.held_to(_held(known[0]))  # as a reader holds the file's own stamps
            if not _holds_less(known[1], mine):
                return
        entry = Restoration(self.writer, "", _found(known, aside), self.clock())
        mine.restored = mine.restored | {entry}
        mine.computers.update(self._named())
        self._write_facts(mine)

    def _named(self) -> dict[str, str]:
        return {self.writer: self.computer} if self.computer else {}

    def _restore_sheet(self, child: str) -> str | None:
        """What was found of this writer's file for `child` when it was written again; None when
        it was not."""
        name = f"{CHILDREN_DIR}/{child}/{self.writer}.json"
        aside = self._aside.pop(name, None)
        kept = self.mirror.get(name)
        if kept is None:
            return None
        mine = parse_sheet(kept, self.writer)
        known = self._sheets.get(child, {}).get(self.writer)
        if known is not None and known[0] is not None:
            mine.held_to(_held(known[0]))
            there = known[1]
            whole = set(mine.records) <= set(there.records) and mine.earlier <= there.earlier
            if whole and mine.latest_change() <= there.latest_change():
                return None
        self._write_sheet(child, [mine], self._merged_facts.resets.get(child), Sheet.join)
        return _found(known, aside)

    def _scan_children(self, todo: list[str], stop: Callable[[], bool] | None) -> bool:
        if len(todo) <= 1:
            return any([self._scan_child(child, stop) for child in todo])

        def scan_child(child: str) -> bool:
            if stop is not None and stop():
                self.stopped = True  # what is left is read at the next scan, in no time if unchanged
                return False
            return self._scan_child(child, stop)

        # On a share each look waits for the network: the children's folders are read a few at
        # a time (each child's entries are her own; the lists and sets shared take one item at
        # a time, which the interpreter keeps whole).
        with ThreadPoolExecutor(max_workers=READERS, thread_name_prefix="solochess-read") as readers:
            return any(list(readers.map(scan_child, todo)))

    def _from_copies(self) -> bool:
        """The class list as this computer last read it, while the folder does not answer and
        nothing of it was read in this window: the children keep their names on "Who is
        playing?", and a result kept meanwhile goes to the child it names, not to a new one.
        Each file is taken as it was (its signature too): once the folder answers, only what
        changed since is read."""
        if self._facts:
            return False
        self._from_own_copy()
        for writer, signature in self.cache.last_listing(CLASS_DIR).items():
            raw = None if writer in self._facts else self.cache.copy(f"{CLASS_DIR}/{writer}.json", signature)
            if raw is None:
                continue
            try:
                facts = parse_facts(storage.decode_json(raw), writer)
            except (storage.StorageError, Newer, ValueError):
                continue  # a damaged copy: the file is read when the folder answers
            facts.held_to(_held(signature))
            self._facts[writer] = (signature, facts)
        if not self._facts:
            return False
        self._remerge_facts()
        for child in self._merged_facts.children:
            self._sheets_from_copies(child)
        return True

    def _sheets_from_copies(self, child: str) -> None:
        """Every computer's file of `child` as this computer last read it: a page made from the
        copy holds every result it had read, not only this computer's own."""
        name = f"{CHILDREN_DIR}/{child}"
        known = self._sheets.setdefault(child, {})
        for writer, signature in self.cache.last_listing(name).items():
            raw = None if writer in known else self.cache.copy(f"{name}/{writer}.json", signature)
            if raw is None:
                continue
            try:
                sheet = parse_sheet(storage.decode_json(raw), writer)
            except (storage.StorageError, Newer, ValueError):
                continue
            sheet.held_to(_held(signature))
            known[writer] = (signature, sheet)
            self._dirty.add(child)

    def read_at(self) -> float:
        """When this computer last read the class folder (its clock): the copies' time, else the
        time of the last of its own files it wrote (the cache deleted); 0.0 when it knows neither."""
        read = self.cache.read_at()
        return read if read is not None else self.mirror.written_at() or 0.0

    def _own_copy_of(self, child: str) -> Sheet:
        """This writer's file for `child` as it last wrote it (a folder deleted, or linked out
        and back): a write starts from it, so it never writes less than it had."""
        kept = self.mirror.get(f"{CHILDREN_DIR}/{child}/{self.writer}.json")
        with contextlib.suppress(ValueError):
            if kept is not None:
                return parse_sheet(kept, self.writer)
        return Sheet()

    def _own_class_copy(self) -> Facts:
        kept = self.mirror.get(f"{CLASS_DIR}/{self.writer}.json")
        with contextlib.suppress(ValueError):
            if kept is not None:
                return parse_facts(kept, self.writer)
        return Facts()

    def _from_own_copy(self) -> None:
        """This writer's own files as it last wrote them (its children keep their names and ids
        while the folder is away, even where no other computer's file was read before)."""
        kept = self.mirror.get(f"{CLASS_DIR}/{self.writer}.json")
        with contextlib.suppress(ValueError):
            if kept is not None:
                self._facts[self.writer] = (None, parse_facts(kept, self.writer))
        for child in self.mirror.children():
            sheet = self.mirror.get(f"{CHILDREN_DIR}/{child}/{self.writer}.json")
            with contextlib.suppress(ValueError):
                if sheet is not None:
                    self._sheets.setdefault(child, {})[self.writer] = (None, parse_sheet(sheet, self.writer))
                    self._dirty.add(child)

    def _away(self) -> None:
        if self.state is not FolderState.AWAY:
            self.state = FolderState.AWAY
            self.notices.append(unreachable_words(self.root) if self.read_only else away_words(self.root))

    def _files(self, folder: Path) -> dict[str, Signature] | None:
        """The writers' files in `folder` and their signatures; None if it cannot be listed
        (then nothing read before is forgotten). Every file is written by a rename, which
        changes its folder's time: a folder whose time is the same as at its last listing is
        not listed again (one look instead of one per file) unless that was `RELIST_SECONDS`
        ago, for a file changed in place by hand or two renames within one tick of the clock."""
        folder_time = self._vouched.pop(folder, None)  # the snapshot says it is as listed there
        if folder_time is None:
            try:
                status = os.lstat(folder)
            except (FileNotFoundError, NotADirectoryError):
                self._listings.pop(folder, None)
                return {} if is_there(self.root) else None
            except OSError:
                return None
            if not stat.S_ISDIR(status.st_mode):
                self._refuse(LINK, folder, None, _link_words(folder))
                return {}
            folder_time = status.st_mtime_ns
        now = time.monotonic()
        listed = self._listings.get(folder)
        if listed is not None and listed[0] == folder_time and now - listed[1] < RELIST_SECONDS:
            return dict(listed[2])
        name = folder.relative_to(self.root).as_posix()
        kept = None if listed is not None else self.cache.listing(name, folder_time)
        if kept is not None:  # listed by an earlier start of this computer, and not changed since
            found, problems = kept
            for file, kind, signature in problems:
                self._refuse(
                    kind, folder / file, signature if kind == TOO_BIG else None, _problem_words(kind, folder / file)
                )
        else:
            try:
                with os.scandir(folder) as listing:
                    entries = list(listing)
            except OSError:
                return None
            found, problems = self._listed(folder, entries)
            self.cache.listed(name, folder_time, found, problems)
        self._listings[folder] = (folder_time, now, dict(found))
        return dict(found)

    def _listed(
        self, folder: Path, entries: list[os.DirEntry[str]]
    ) -> tuple[dict[str, tuple[int, int]], list[tuple[str, str, tuple[int, int]]]]:
        """The files of a listing that may be read, by writer, and the problems (each reported).
        Only names this game writes are looked at (a few at once: each look is a wait on a share).
        A file nothing is known of (on a new laptop, every file; a pupil's junk) is read at once
        instead of looked at first: the read tells its size and time as a look would, and it is
        read next anyway, so a share waits once for it, not twice. Its bytes wait for `_data`."""
        found: dict[str, tuple[int, int]] = {}
        problems = []
        named = [entry for entry in entries if _writers_name(entry.name) is not None]  # others: never opened
        known = set(self._facts) if folder == self.root / CLASS_DIR else set(self._sheets.get(folder.name, {}))
        part = folder.relative_to(self.root).as_posix()
        budget = _Budget(FETCH_FOLDER_BYTES)

        def look(entry: os.DirEntry[str]) -> tuple[tuple[int, int], bool] | None:
            # An ordinary file by the listing's own type (no look; never a pipe, which would
            # hold the open), of which nothing is known.
            if entry.name[: -len(".json")] not in known and not self.cache.knows(f"{part}/{entry.name}"):
                with contextlib.suppress(OSError):
                    fetched = self._fetch(folder / entry.name, budget) if entry.is_file(follow_symlinks=False) else None
                    if fetched is not None:
                        return fetched, True
            return _look(entry)  # known (unchanged, it is not read again), or not read whole

        for entry, looked in zip(named, _in_parallel(look, named), strict=True):
            if looked is None:
                continue
            signature, ordinary = looked
            stem, path = entry.name[: -len(".json")], folder / entry.name
            if not ordinary:
                if stem != self.writer:  # this writer's own is set aside when it is written
                    self._refuse(LINK, path, None, _link_words(path))
                    problems.append((entry.name, LINK, signature))
            elif signature[1] > MAX_BYTES:
                self._refuse(TOO_BIG, path, signature, _too_big_words(path))
                problems.append((entry.name, TOO_BIG, signature))
            else:
                found[stem] = signature
        return found, problems

    def _fetch(self, path: Path, budget: _Budget) -> tuple[int, int] | None:
        """The file at `path` read ahead for `_data`, and its signature; None when it was not
        (larger than the budget leaves, a link, not a file, gone, unreadable): then it is looked
        at as any other, and what it is is said from that look or its read."""
        allowed = budget.take(min(FETCH_FILE_BYTES, MAX_BYTES))
        try:
            read = storage.read_raw(path, max_bytes=allowed, links=False) if allowed else None
        except storage.StorageError:
            read = None
        budget.give_back(allowed - (len(read[0]) if read is not None else 0))
        if read is None:
            return None
        self._fetched[path] = read
        return read[1]

    def _child_folders(self) -> set[str]:
        folder = self.root / CHILDREN_DIR
        vouched, self._vouched_children = self._vouched_children, None
        if vouched is not None:  # the children's folder is as the snapshot names it
            self._children_time, children = vouched
            return children
        try:
            status = os.lstat(folder)
            if not stat.S_ISDIR(status.st_mode):
                return set()
            with os.scandir(folder) as listing:
                found = {
                    entry.name for entry in listing if safe_name(entry.name) and entry.is_dir(follow_symlinks=False)
                }
        except OSError:
            return set()
        self._children_time = status.st_mtime_ns  # listed whole at this time (`_note_stable`)
        return found

    def _scan_class(self) -> bool:
        self._first_read()
        files = self._files(self.root / CLASS_DIR)
        self._answered = files is not None
        if files is None:
            return False
        if not self.read_only:
            # This writer's own file is looked at each time (one look): changed in place by hand,
            # emptied or rolled back, it would not change its folder's time, and its copy is
            # written back at once.
            own = storage.signature(self.class_path(self.writer))
            if own is None:
                files.pop(self.writer, None)
            elif own[1] <= MAX_BYTES:
                files[self.writer] = own
        news = False
        for writer in set(self._facts) - set(files):
            if self._facts[writer][0] != _VIRTUAL:
                del self._facts[writer]
                news = True
        wanted = [
            (writer, signature)
            for writer, signature in files.items()
            if self._facts.get(writer, (None,))[0] != signature
        ]
        for writer, signature, facts in self._read_many(self.class_path, wanted, parse_facts):
            if facts is not None:
                facts.held_to(_held(signature))
                self._facts[writer] = (signature, facts)
                news = True
            elif writer == self.writer and writer in self._facts:
                # Its own, set aside or unreadable: held as it was, as not on the share (restored)
                self._facts[writer] = (None, self._facts[writer][1])
            elif writer in self._facts:
                del self._facts[writer]
        news = self._scan_legacy(legacy.WRITER not in files) or news
        self._tell_refusals()
        if news:
            self._remerge_facts()
        return news

    def _scan_legacy(self, wanted: bool) -> bool:
        """The old file's part, while it is not written into the folder yet."""
        path = self.root / legacy.FILE_NAME
        # It comes by a rename into the class folder, which changes the folder's time: while that
        # is as it was when the file was not there, it is not looked for (on a share, a wait).
        root_time = storage.signature(self.root) if wanted and self._legacy_signature is None else None
        if root_time is not None and root_time == self._legacy_absent_at:
            return False
        signature = storage.signature(path) if wanted else None
        self._legacy_absent_at = root_time if signature is None else None
        if signature == self._legacy_signature:
            return False
        self._legacy_moved = self._legacy_signature is not None
        self._legacy_signature = signature
        if self._facts.get(legacy.WRITER, (None,))[0] == _VIRTUAL:
            del self._facts[legacy.WRITER]
        for sheets in self._sheets.values():
            if sheets.get(legacy.WRITER, (None,))[0] == _VIRTUAL:
                del sheets[legacy.WRITER]
        carried = (
            self._read(path, signature, lambda data, writer: legacy.carry(data), legacy.WRITER) if wanted else None
        )
        if carried is not None:
            self._facts[legacy.WRITER] = (_VIRTUAL, carried.facts)
            for child, sheet in carried.sheets.items():
                self._sheets.setdefault(child, {}).setdefault(legacy.WRITER, (_VIRTUAL, sheet))
                self._dirty.add(child)
            self.carried_current = carried.current
        return True

    def _scan_child(self, child: str, stop: Callable[[], bool] | None = None) -> bool:
        files = self._files(self.root / CHILDREN_DIR / child)
        if files is None:
            return False
        if not self.read_only and self.writer in self._sheets.get(child, {}):
            # This writer's own file is looked at each time, as its class file is (`_scan_class`).
            own = storage.signature(self.child_path(child, self.writer))
            if own is None:
                files.pop(self.writer, None)
            elif own[1] <= MAX_BYTES:
                files[self.writer] = own
        known = self._sheets.setdefault(child, {})
        news = False
        for writer in set(known) - set(files):
            if known[writer][0] != _VIRTUAL:
                del known[writer]
                news = True
        wanted = [
            (writer, signature) for writer, signature in files.items() if known.get(writer, (None,))[0] != signature
        ]
        for writer, signature, sheet in self._read_many(
            lambda writer: self.child_path(child, writer), wanted, parse_sheet, stop
        ):
            if sheet is not None:
                sheet.held_to(_held(signature))
                known[writer] = (signature, sheet)
                news = True
            elif writer == self.writer and writer in known:
                known[writer] = (None, known[writer][1])  # as in `_scan_class`: restored below
            elif writer in known:
                del known[writer]
                news = True
        if news:
            self._dirty.add(child)
        return news

    def _read_many(
        self,
        path_of: Callable[[str], Path],
        wanted: list[tuple[str, Signature]],
        parse: Callable[[object, str], T],
        stop: Callable[[], bool] | None = None,
    ) -> Iterator[tuple[str, Signature, T | None]]:
        """Each wanted writer's file of one folder, parsed (`_read`), in order; several read at
        once when there are many (on a share each is a wait, and a pupil's thousands of files
        would hold an honest one back). When `stop()` becomes true (a save waits) it ends
        (``stopped``): the files not given keep their old signatures, so the next scan reads them."""

        def read(item: tuple[str, Signature]) -> tuple[bool, T | None]:
            if stop is not None and stop():
                return False, None
            return True, self._read(path_of(item[0]), item[1], parse, item[0])

        for (writer, signature), (was_read, parsed) in zip(wanted, _in_parallel(read, wanted), strict=True):
            if not was_read:
                self.stopped = True
                return
            yield writer, signature, parsed

    def _read(
        self, path: Path, signature: Signature | None, parse: Callable[[object, str], T], writer: str
    ) -> T | None:
        """The parsed file, or None when it cannot be used (reported once; set aside when own).
        A file read before as it is now is read from this computer's copy, and one refused before
        is not opened again. A file that could not be read while it was being replaced (its size
        and time changed meanwhile) is read again, never reported as damaged."""
        for pause in (0.05, 0.2, None):
            try:
                return self._read_once(path, signature, parse, writer)
            except _Replaced:
                if pause is None:
                    return None  # still being replaced: read at the next scan
                time.sleep(pause)
                signature = storage.signature(path)
        return None

    def _read_once(
        self, path: Path, signature: Signature | None, parse: Callable[[object, str], T], writer: str
    ) -> T | None:
        old_file = path.name == legacy.FILE_NAME
        name = path.relative_to(self.root).as_posix()
        known = signature if isinstance(signature, tuple) and len(signature) == 2 and not old_file else None
        if known is not None and self._refused_before(path, name, known, writer):
            return None
        read_as: tuple[int, int] | None = None
        try:
            data, fresh, read_as = self._data(path, name, known, old_file)
            if data is None:
                return None
            parsed = parse(data, writer)
        except (storage.TooBig, Newer, storage.Unreadable, storage.Corrupt, ValueError) as error:
            if not isinstance(error, (storage.TooBig, Newer)) and not old_file:
                opened_as = error.signature if isinstance(error, _Damaged) else read_as
                # The file opened was the one listed: its damage is its own, with no look more.
                if opened_as != signature and storage.signature(path) != signature:
                    raise _Replaced from None  # being replaced while it was read: read again
            self._unusable(error, path, signature, writer)
            return None
        left_out = getattr(parsed, "left_out", 0)
        if left_out:
            self._refuse(LEFT_OUT, path, signature, _left_out_notice(left_out, path))
        if fresh is not None and read_as is not None and not old_file:
            self.cache.keep(name, read_as, fresh)
        return parsed

    def _unusable(self, error: Exception, path: Path, signature: Signature | None, writer: str) -> None:
        """A file that cannot be used: said once, remembered (another's), or set aside (its own)."""
        old_file = path.name == legacy.FILE_NAME
        name = path.relative_to(self.root).as_posix()
        known = signature if isinstance(signature, tuple) and len(signature) == 2 and not old_file else None
        if isinstance(error, storage.TooBig):
            self._refuse(TOO_BIG, path, signature, _too_big_words(path))
        elif isinstance(error, Newer):
            self._refuse(NEWER, path, signature, _newer_words(path))
            if known is not None:
                self.cache.refuse(name, known, NEWER)
        elif isinstance(error, storage.Unreadable):
            self._refuse(JUNK, path, signature, _unreadable_words(path))
        elif writer == self.writer or old_file:  # damaged; the old file is no one's to write
            self._set_aside(path)
        else:
            self._refuse(JUNK, path, signature, _unreadable_words(path))
            if known is not None:
                self.cache.refuse(name, known, JUNK)

    def _refused_before(self, path: Path, name: str, signature: tuple[int, int], writer: str) -> bool:
        """True (and the notice given again) for a file this computer found unusable as it is now."""
        kind = self.cache.kind(name, signature)
        if kind == NEWER:
            self._refuse(NEWER, path, signature, _newer_words(path))
            return True
        if kind == JUNK and writer != self.writer:  # this writer's own is set aside instead
            self._refuse(JUNK, path, signature, _unreadable_words(path))
            return True
        return False

    def _data(
        self, path: Path, name: str, known: tuple[int, int] | None, old_file: bool
    ) -> tuple[object | None, bytes | None, tuple[int, int] | None]:
        """What the file holds, from this computer's copy when it is the same file; with the
        bytes and signature as read from the folder, when they were (to be kept)."""
        fetched = self._fetched.pop(path, None)
        if fetched is not None and known is not None and fetched[1] == known:  # read when listed
            try:
                return storage.decode_json(fetched[0]), fetched[0], known
            except storage.Corrupt as error:
                raise _Damaged(error, known) from error
        raw = None if known is None else self.cache.copy(name, known)
        if raw is not None:
            with contextlib.suppress(storage.Corrupt):  # a damaged copy: the file is read
                return storage.decode_json(raw), None, known
        read = storage.read_raw(path, max_bytes=OLD_FILE_BYTES if old_file else MAX_BYTES, links=False)
        if read is None:
            return None, None, None
        try:
            return storage.decode_json(read[0]), read[0], read[1]
        except storage.Corrupt as error:
            raise _Damaged(error, read[1]) from error

    def _set_aside(self, path: Path) -> None:
        if self.read_only:
            self._report(path, None, _("Your saved progress could not be read, so it was left as it is."))
            return
        size = storage.signature(path)
        try:
            aside = storage.set_aside(path)
        except storage.Unreadable:
            self._report(path, None, _("Your saved progress could not be read, so it was left as it is."))
            return
        with contextlib.suppress(ValueError):  # the old file is no one's to restore
            found = EMPTIED if size is not None and size[1] == 0 else DAMAGED
            self._aside[path.relative_to(self.root).as_posix()] = found
        self.notices.append(
            _(
                "Your saved progress could not be read, so it was kept aside as {name} and a fresh one was started."
            ).format(name=aside.name)
        )

    def _report(self, path: Path, signature: Signature | None, notice: str) -> None:
        with self._telling:
            if (path, signature) in self._reported:
                return
            self._reported.add((path, signature))
        self.notices.append(notice)

    def _refuse(self, kind: str, path: Path, signature: Signature | None, words: str) -> None:
        """A file refused (or read but for entries of it), once: told with the others of its
        kind in its part of the folder (`_tell_refusals`), in `words` when it is alone."""
        with self._telling:
            if (path, signature) in self._reported:
                return
            self._reported.add((path, signature))
            name = path.relative_to(self.root).as_posix()
            self._refusals.setdefault((kind, name.split("/")[0]), []).append((name, words))

    def _tell_refusals(self) -> None:
        """One line for each kind of refusal in each part of the folder (``class/``,
        ``children/``): a file alone is named as before; many are counted, one of them named.
        Thousands of junk files are one line on the teacher's screen and in `report`, not
        thousands; a damaged file, one too big, a link and a newer version's stay apart."""
        with self._telling:
            refusals, self._refusals = self._refusals, {}
        for (kind, part), files in sorted(refusals.items()):
            if len(files) == 1:
                self.notices.append(files[0][1])
            else:
                example = min(name for name, _words in files)
                self.notices.append(_refusals_words(kind, len(files), f"{part}/", example))

    # The join

    def _remerge_facts(self) -> None:
        merged = Facts()
        for _signature, facts in self._facts.values():
            merged = merged.join(facts)
        for child in set(merged.resets.items()) ^ set(self._merged_facts.resets.items()):
            self._dirty.add(child[0])
        self._merged_facts = merged

    def _merge(self, child: str) -> Sheet:
        merged = Sheet()
        reset = self._merged_facts.resets.get(child)
        for _signature, sheet in self._sheets.get(child, {}).values():
            merged = merged.plus(sheet.since(reset))
        return merged

    def view(self) -> tuple[Facts, dict[str, Sheet]]:
        for child in self._dirty:
            self._merged[child] = self._merge(child)
        self._dirty.clear()
        return self._merged_facts.copy(), {child: sheet.copy() for child, sheet in self._merged.items()}

    # Writing

    def write(self, changes: list[Change]) -> set[str]:
        """The children whose folders could not take their changes (a link): those wait."""
        if self.read_only:
            raise storage.StorageError("read only")
        try:
            blocked = self._write(changes)
        except NotTheClass:
            raise
        except (OSError, storage.StorageError) as error:
            self._unfinished.update(self._touched)  # a temporary file may be left where the write broke
            if is_there(self.root):
                self.state = FolderState.REFUSED
                self.reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
                self.refusal = refusal_words(self.root, error)
            else:
                self._away()
            raise
        self.state = FolderState.REFUSED if blocked else FolderState.REACHED
        self._tidy()
        return blocked

    def _tidy(self) -> None:
        """The temporary files a broken write left (the share went away, or was full, between
        the write and its rename), removed once a write goes through: no .tmp outlives its save.
        Under the writer's lock no other window of this writer is writing."""
        if not self._unfinished:
            return
        with writer_lock(self.local, self.writer):
            for path in sorted(self._unfinished):
                storage.remove_stale_temporaries(path, max_age=0, beside=self._made_in(path))
        self._unfinished.clear()

    def remove_stale_temporaries(self) -> None:
        """What a write killed midway left (older than `storage.STALE_AFTER`): one listing of each
        folder this writer makes its files in."""
        storage.remove_stale_temporaries(self.class_path(self.writer))
        if self.written_by_me():
            storage.remove_stale_temporaries(self.root / CHILDREN_DIR / f"{self.writer}.json")

    def _made_in(self, path: Path) -> Path | None:
        """Where the file at `path` is made before it is renamed there: a child's in the children's
        folder, so that every child's save changes that folder's time (a reader that finds it as
        the teacher's snapshot says need not look at each child's folder: `snapshot.Stable`)."""
        return self.root / CHILDREN_DIR if path.parent.parent == self.root / CHILDREN_DIR else None

    def _write(self, changes: list[Change]) -> set[str]:
        self._touched = [self.class_path(self.writer)] + [
            self.child_path(change.child, self.writer) for change in changes if change.child is not None
        ]
        self._reach_root()
        facts = Facts()
        sheets: dict[str, list[Sheet]] = {}
        for change in changes:
            if change.facts is not None:
                facts = facts.join(change.facts)
            if change.child is not None and change.sheet is not None:
                sheets.setdefault(change.child, []).append(change.sheet)
        blocked: set[str] = set()
        with writer_lock(self.local, self.writer):
            self._carry_over()
            resets = self._merged_facts.join(facts)
            for child, deltas in sheets.items():
                try:
                    self._write_sheet(child, deltas, resets.resets.get(child))
                except Linked as link:  # blocks her folder alone: her changes wait on this computer
                    self._report(link.path, None, _link_words(link.path))
                    self.reason, self.refusal = str(link), linked_words(link.path)
                    blocked.add(child)
            if changes and any(change.facts is not None for change in changes):
                self._write_facts(facts)
        return blocked

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

    def _folder_for(self, path: Path) -> os.stat_result:
        """`path`'s folder made inside the class folder if it is missing, and its status (its
        time, and the mode its files take); StorageError when it, or a folder between, is a
        link (written through, it would write outside). Looked at first, made only if missing:
        one look at each folder on a save's common path."""
        try:
            return self._folders_to_root(path.parent)
        except FileNotFoundError:
            storage.make_folder(path.parent, inside=self.root)
            return self._folders_to_root(path.parent)

    def _folders_to_root(self, folder: Path) -> os.stat_result:
        statuses = []
        while folder != self.root:
            status = os.lstat(folder)
            if not stat.S_ISDIR(status.st_mode):
                raise Linked(folder)
            statuses.append(status)
            folder = folder.parent
        return statuses[0]

    def _wrote(self, path: Path, before: int) -> Signature | None:
        """This writer's file just written at `path`, its signature; its folder's listing is
        kept, with the file's new signature in it, when no one else had changed the folder since
        it was listed (its time was the listing's just before the write): the next re-read does
        not list it again for this writer's own change. A rename by another writer in the same
        instant is seen at the next listing, `RELIST_SECONDS` later at most."""
        signature = storage.signature(path)
        listed = self._listings.get(path.parent)
        if signature is not None and listed is not None and listed[0] == before:
            try:
                after = os.lstat(path.parent).st_mtime_ns
            except OSError:
                return signature
            self._listings[path.parent] = (after, listed[1], {**listed[2], self.writer: signature})
        return signature

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
            data = storage.read_json(path, max_bytes=MAX_BYTES, links=False)
        except storage.TooBig as error:
            # Never written over: what it holds may be this writer's; the changes wait here.
            self._report(path, signature, _too_big_words(path))
            raise storage.StorageError(_too_big_words(path)) from error
        except storage.Corrupt:
            self._set_aside(path)
            return None, False, None
        if isinstance(data, dict) and is_newer(data.get("version")):
            # Never written over: the changes wait on this computer, and the teacher is told.
            message = _("{file} was made by a newer Solo Chess, so nothing is saved into it.").format(
                file=f"{path.parent.name}/{path.name}"
            )
            self._report(path, signature, message)
            raise storage.StorageError(message)
        return data, False, signature

    def _write_sheet(
        self,
        child: str,
        deltas: list[Sheet],
        reset: float | None,
        together: Callable[[Sheet, Sheet], Sheet] = Sheet.plus,
    ) -> None:
        path = self.child_path(child, self.writer)
        known = self._sheets.setdefault(child, {}).get(self.writer)
        found, same, signature = self._own(path, known)
        sheet = known[1].copy() if known is not None else self._own_copy_of(child)
        if not same and found is not None:
            try:
                sheet = sheet.join(parse_sheet(found, self.writer))
            except ValueError:
                self._set_aside(path)
        if signature is not None:
            sheet.held_to(_held(signature))  # stamps from a clock ahead keep the share's time
        if reset is not None:
            sheet.retire(reset)  # kept for the reset's undo, never dropped
        for delta in deltas:
            sheet = together(sheet, delta)
        folder = self._folder_for(path)
        before = folder.st_mtime_ns
        data = sheet.to_json(self.writer, child)
        storage.write_atomically(path, data, beside=self._made_in(path), folder_mode=folder.st_mode)
        self.mirror.keep(f"{CHILDREN_DIR}/{child}/{self.writer}.json", data)
        written = self._wrote(path, before)
        if written is not None:
            sheet.held_to(_held(written))
        self._sheets[child][self.writer] = (written, sheet)
        self._dirty.add(child)

    def _write_facts(self, delta: Facts) -> None:
        path = self.class_path(self.writer)
        known = self._facts.get(self.writer)
        found, same, signature = self._own(path, known)
        facts = known[1].copy() if known is not None else self._own_class_copy()
        if not same and found is not None:
            try:
                facts = facts.join(parse_facts(found, self.writer))
            except ValueError:
                self._set_aside(path)
        if signature is not None:
            facts.held_to(_held(signature))
        facts = facts.join(delta)
        view = self._merged_facts.join(facts)
        facts.take(view.standing())  # what stands, in place of any other version (a pupil's)
        folder = self._folder_for(path)
        before = folder.st_mtime_ns
        data = facts.to_json(self.writer)
        storage.write_atomically(path, data, folder_mode=folder.st_mode)
        self.mirror.keep(f"{CLASS_DIR}/{self.writer}.json", data)
        written = self._wrote(path, before)
        if written is not None:
            facts.held_to(_held(written))
        self._facts[self.writer] = (written, facts)
        self._remerge_facts()

    def _carry_over(self) -> None:
        """Write the old file's part into the folder, its class file last: once that is there,
        the old file is not read again (and is left where it is)."""
        virtual = self._facts.get(legacy.WRITER)
        if virtual is None or virtual[0] != _VIRTUAL:
            return
        for child, sheets in self._sheets.items():
            entry = sheets.get(legacy.WRITER)
            if entry is not None and entry[0] == _VIRTUAL:
                path = self.child_path(child, legacy.WRITER)
                self._folder_for(path)
                storage.write_atomically(path, entry[1].to_json(legacy.WRITER, child), beside=self._made_in(path))
                sheets[legacy.WRITER] = (storage.signature(path), entry[1])
        path = self.class_path(legacy.WRITER)
        self._folder_for(path)
        storage.write_atomically(path, virtual[1].to_json(legacy.WRITER))
        self._facts[legacy.WRITER] = (storage.signature(path), virtual[1])
