"""A class folder's folders listed, as a hostile folder is: only names this game writes
(`shards.safe_name` + ``.json``, ordinary files) are looked at, a file's size is known before a
byte of it is read, no link is followed out of it; a folder whose time has not changed is not
listed again; and on a share, where each look at a file is a wait, a file nothing is known of is
read at once instead of looked at first, and a folder's many files are looked at and read a few
at once (`in_parallel`).

Headless: no pygame here; used by `game.store.classfolder` and its parts on the disk worker.
"""

from __future__ import annotations

import contextlib
import os
import random
import stat
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

from ..words import class_folder as words
from . import storage
from .cache import LINK, TOO_BIG
from .known import Known, Place, Signature
from .shards import CHILDREN_DIR, CLASS_DIR, safe_name
from .told import Told, problem_words

T = TypeVar("T")
U = TypeVar("U")
# A year of one writer's results for one child is a few hundred kilobytes: anything near this
# was not written by the game, and reading it would cost the memory of a whole class.
MAX_BYTES = storage.MAX_BYTES
LOOKERS = 8  # files of one folder looked at or read at once, when each is a wait
SLOW_LOOK = 0.001  # seconds: files that take longer than this each wait for a network
FIRST_LOOKS = 3  # files of a folder looked at one by one, to know whether they wait
# A file nothing is known of is read when its folder is listed (`Lister.listed`): at most
# this much of one file, and this much of one folder, waits in memory to be parsed.
FETCH_FILE_BYTES = 1024 * 1024
FETCH_FOLDER_BYTES = 16 * 1024 * 1024
RELIST_SECONDS = 10.0  # a folder whose time has not changed is listed again after this long
Listed = tuple[dict[str, tuple[int, int]], list[tuple[str, str, tuple[int, int]]]]


def is_there(folder: Path) -> bool | None:
    """True for a folder, False when it is not there, None when the share does not answer."""
    try:
        return folder.is_dir()
    except OSError:
        return None


def _writers_name(name: str) -> str | None:
    """The writer whose file `name` is, when it is a name this game writes (``<writer>.json``)."""
    stem, dot, suffix = name.rpartition(".")
    return stem if dot and suffix == "json" and safe_name(stem) else None


def in_parallel(function: Callable[[T], U], items: list[T]) -> list[U]:
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


class Lister:
    """The listings of one class folder: each folder's time, when it was listed, and its files."""

    def __init__(self, place: Place, known: Known, told: Told) -> None:
        self.place, self.known, self.told = place, known, told
        self.fetched: dict[Path, tuple[bytes, tuple[int, int]]] = {}  # read while listed, to be parsed
        self.listings: dict[Path, tuple[int, float, dict[str, Signature]]] = {}  # folder time, when, files
        # Children's folders whose time a first read took from the snapshot (`snapshot.first`),
        # each looked at no more at its first scan; and the children's folder's time when it was
        # last listed whole (`snapshot.Stable`, for the snapshot this window may write).
        self.vouched: dict[Path, int] = {}
        self.vouched_children: tuple[int, set[str]] | None = None
        self.children_time: int | None = None
        # Each computer lists unchanged folders again on a period of its own, from one to two
        # times `RELIST_SECONDS`: thirty laptops that read the class at the same moment do not
        # all list it again at one moment, which made one burst of their saves wait (a round's
        # p95 1.4-1.6 s in the classroom benchmark, the others' 0.6-0.7 s).
        self.relist_share = 1.0 + random.random()

    def files(self, folder: Path) -> dict[str, Signature] | None:
        """The writers' files in `folder` and their signatures; None if it cannot be listed
        (then nothing read before is forgotten). Every file is written by a rename, which
        changes its folder's time: a folder whose time is the same as at its last listing is
        not listed again (one look instead of one per file) unless that was `RELIST_SECONDS` ago
        or up to twice that (`relist_share`, this computer's), for a file changed in place by hand
        or two renames within one tick of the clock."""
        folder_time = self.vouched.pop(folder, None)  # the snapshot says it is as listed there
        if folder_time is None:
            try:
                status = os.lstat(folder)
            except (FileNotFoundError, NotADirectoryError):
                self.listings.pop(folder, None)
                return {} if is_there(self.place.root) else None
            except OSError:
                return None
            if not stat.S_ISDIR(status.st_mode):
                self.told.refuse(LINK, folder, None, words.link_words(folder))
                return {}
            folder_time = status.st_mtime_ns
        now = time.monotonic()
        listed = self.listings.get(folder)
        if listed is not None and listed[0] == folder_time and now - listed[1] < RELIST_SECONDS * self.relist_share:
            return dict(listed[2])
        name = self.place.name(folder)
        kept = None if listed is not None else self.place.cache.listing(name, folder_time)
        if kept is not None:  # listed by an earlier start of this computer, and not changed since
            found, problems = kept
            for file, kind, signature in problems:
                path = folder / file
                self.told.refuse(kind, path, signature if kind == TOO_BIG else None, problem_words(kind, path))
        else:
            try:
                with os.scandir(folder) as listing:
                    entries = list(listing)
            except OSError:
                return None
            found, problems = self.listed(folder, entries)
            self.place.cache.listed(name, folder_time, found, problems)
        self.listings[folder] = (folder_time, now, dict(found))
        return dict(found)

    def listed(self, folder: Path, entries: list[os.DirEntry[str]]) -> Listed:
        """The files of a listing that may be read, by writer, and the problems (each reported).
        Only names this game writes are looked at (a few at once: each look is a wait on a share).
        A file nothing is known of (on a new laptop, every file; a pupil's junk) is read at once
        instead of looked at first: the read tells its size and time as a look would, and it is
        read next anyway, so a share waits once for it, not twice. Its bytes wait for `Reader`."""
        found: dict[str, tuple[int, int]] = {}
        problems = []
        named = [entry for entry in entries if _writers_name(entry.name) is not None]  # others: never opened
        root, cache = self.place.root, self.place.cache
        known = set(self.known.facts) if folder == root / CLASS_DIR else set(self.known.sheets.get(folder.name, {}))
        part = self.place.name(folder)
        budget = _Budget(FETCH_FOLDER_BYTES)

        def look(entry: os.DirEntry[str]) -> tuple[tuple[int, int], bool] | None:
            # An ordinary file by the listing's own type (no look; never a pipe, which would
            # hold the open), of which nothing is known.
            if entry.name[: -len(".json")] not in known and not cache.knows(f"{part}/{entry.name}"):
                with contextlib.suppress(OSError):
                    fetched = self._fetch(folder / entry.name, budget) if entry.is_file(follow_symlinks=False) else None
                    if fetched is not None:
                        return fetched, True
            return _look(entry)  # known (unchanged, it is not read again), or not read whole

        for entry, looked in zip(named, in_parallel(look, named), strict=True):
            if looked is None:
                continue
            signature, ordinary = looked
            stem, path = entry.name[: -len(".json")], folder / entry.name
            if not ordinary:
                if stem != self.place.writer:  # this writer's own is set aside when it is written
                    self.told.refuse(LINK, path, None, words.link_words(path))
                    problems.append((entry.name, LINK, signature))
            elif signature[1] > MAX_BYTES:
                self.told.refuse(TOO_BIG, path, signature, words.too_big_words(path))
                problems.append((entry.name, TOO_BIG, signature))
            else:
                found[stem] = signature
        return found, problems

    def _fetch(self, path: Path, budget: _Budget) -> tuple[int, int] | None:
        """The file at `path` read ahead for `Reader`, and its signature; None when it was not
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
        self.fetched[path] = read
        return read[1]

    def child_folders(self) -> set[str]:
        folder = self.place.root / CHILDREN_DIR
        vouched, self.vouched_children = self.vouched_children, None
        if vouched is not None:  # the children's folder is as the snapshot names it
            self.children_time, children = vouched
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
        self.children_time = status.st_mtime_ns  # listed whole at this time (`Snapshots.note_stable`)
        return found

    def wrote(self, path: Path, before: int) -> Signature | None:
        """This writer's file just written at `path`, its signature; its folder's listing is
        kept, with the file's new signature in it, when no one else had changed the folder since
        it was listed (its time was the listing's just before the write): the next re-read does
        not list it again for this writer's own change. A rename by another writer in the same
        instant is seen at the next listing, twice `RELIST_SECONDS` later at most."""
        signature = storage.signature(path)
        listed = self.listings.get(path.parent)
        if signature is not None and listed is not None and listed[0] == before:
            try:
                after = os.lstat(path.parent).st_mtime_ns
            except OSError:
                return signature
            self.listings[path.parent] = (after, listed[1], {**listed[2], self.place.writer: signature})
        return signature
