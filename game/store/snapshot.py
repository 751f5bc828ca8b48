"""The class as a teacher's computer read it, in one signed file: a new computer's first read is
one file instead of every child's folder.

Headless: no pygame here. Used by `game.store.classfolder` (written after a full read, taken
before the children's folders are read) and by `game.store.cache` (what it holds, offered in
place of the files while each is as it was).

A class of a year is a thousand small files (``children/<child>/<writer>.json``: forty children,
thirty computers), and on a share each look waits for the network: a computer that never read
the class (a new laptop, a ``report`` run on another computer) took 18 s to read them one by
one. A computer where the teacher's PIN was typed writes, now and then, ``class-snapshot.json``
at the top of the class folder: every child's file as it read it (what it held, its name, its
size and time) and each child's folder as it listed it (its time, its files), compressed, and
signed with the teacher's key (`game.store.proof`, the key made from the PIN). A computer that
has read too little of the class reads it once, after the class files (which give the PIN's
public key), and offers its contents to its cache (`FolderCache.seed`): the read goes on as
ever, and a file whose size and time are still what the snapshot says is taken from it, a
folder whose time is the same is not listed again (only within `cache.KEEP_SECONDS` of the
teacher's listing, as this computer's own listings). Anything newer than the snapshot is read
from the folder.

Version 2 holds the class files too, with their folder's listing, and the children's folder's
time where it stood still over the teacher's whole read (`Stable`). A computer that knows
nothing of the class reads the snapshot first (`first`): while the class files' folder has the
time it names, the class files are taken from it (they name the PIN whose key must have signed
it), and while the children's folder has its time, no child's folder is looked at: every
child's file is made in the children's folder and renamed into the child's, so a save changes
that folder's time. On a share 5 ms away a year's class of thirty computers is then two files
and two looks, not a read a computer and a look a child.

Why it is safe (docs/threat-model.md): a pupil cannot sign, so a snapshot she makes or edits
(to hide a result from new computers) is refused whole, and the read goes on file by file. An
older snapshot put back is harmless: its files' sizes and times no longer match the files that
changed since. Nothing of a snapshot is ever used for a file whose size or time differ. Where
the class has no PIN there is no teacher's key: no snapshot is written or believed.

The file itself (what it holds, packed, signed, read and checked): `game.store.snapshot_file`.

``gather(sheets, listings, cache)`` what a full read holds; ``first(root, standing)`` a new
computer's first read; ``vouched(root, taken)`` the children's folders it needs not look at;
``class_key(standing)``: the key of the PIN in force, or None; ``Timer``: when a window writes
its next one.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import cache as caching
from . import storage
from .cache import JUNK, FolderCache
from .cache_index import Signature
from .shards import CHILDREN_DIR, CLASS_DIR
from .sheet import Sheet
from .snapshot_file import (
    FILE_NAME,
    Folder,
    Snapshot,
    Stable,
    Unusable,
    as_text,
    class_file,
    contents,
    load,
    unpack,
)
from .standing import Standing

EVERY_SECONDS = 300.0  # a window given the PIN writes one at most this often
COLD_FOLDERS = 4  # children's folders this computer never listed before the snapshot is worth reading


def class_key(standing: Standing) -> str | None:
    """The public key of the PIN in force; None where the class has no PIN (or one without a key)."""
    pin = None if standing.pin is None else standing.pin.value
    key = pin.get("key") if isinstance(pin, dict) else None
    return key if isinstance(key, str) else None


def gather(
    sheets: dict[str, dict[str, tuple[Any, Sheet]]],
    folders: dict[str, int],
    cache: FolderCache,
    classes: dict[str, Any] | None = None,
    stable: Stable | None = None,
) -> Snapshot:
    """The snapshot of a full read: each child's file with the signature it had when it was
    read (`sheets`: child -> writer -> (signature, sheet); what this computer holds of it is
    what a reader makes of the file), and each folder whose time is still the one its listing
    was made at (`folders`: folder name -> its time, the class files' folder among them), as
    this computer's cache keeps the listing, when it may be trusted and every file in it is the
    one read; the class files as read (`classes`: writer -> signature, their bytes from the
    cache), and the children's folder's time when it stood still over the read (`stable`)."""
    made = Snapshot(time.time(), children=stable)
    for writer, signature in (classes or {}).items():
        name = f"{CLASS_DIR}/{writer}.json"
        raw = cache.copy(name, signature) if _in_folder(signature) else None
        if raw is not None:
            made.copies[name] = (signature, raw)
    for child, by_writer in sheets.items():
        for writer, (signature, sheet) in by_writer.items():
            if _in_folder(signature):  # as in the folder (not the old file's part)
                name = f"{CHILDREN_DIR}/{child}/{writer}.json"
                made.copies[name] = (signature, as_text(sheet.to_json(writer, child)))
    for name, folder_time in folders.items():
        listed = _listing(name, folder_time, made, cache)
        if listed is not None:
            made.listings[name] = listed
    return made


def _in_folder(signature: object) -> bool:
    return isinstance(signature, tuple) and len(signature) == 2


def _listing(name: str, folder_time: int, made: Snapshot, cache: FolderCache) -> Folder | None:
    """The folder `name` as this computer's cache lists it at `folder_time`, when that listing
    can be trusted and every file in it is the one `made` holds; a file read and found not to be
    a game's file (a pupil's junk) is named as such, so a reader does not open it again while it
    is as it was (its folder as it was)."""
    kept = cache.listing_at(name, folder_time)
    if kept is None:
        return None
    listed_at, (files, problems) = kept
    held = {stem: made.copies.get(f"{name}/{stem}.json") for stem in files}
    if not all(copy is None or copy[0] == files[stem] for stem, copy in held.items()):
        return None
    junk = {
        stem: signature
        for stem, signature in files.items()
        if held[stem] is None and cache.kind(f"{name}/{stem}.json", signature) == JUNK
    }
    files = {stem: signature for stem, signature in files.items() if stem not in junk}
    problems = [*problems, *((f"{stem}.json", JUNK, signature) for stem, signature in junk.items())]
    return Folder(folder_time, listed_at, files, problems)


class Timer:
    """When a window writes its next snapshot: `EVERY_SECONDS` after its last one, and only
    when the class changed since (a teacher's screen left open writes none all night)."""

    def __init__(self) -> None:
        self._last: float | None = None
        self._held: object = None

    def due(self) -> bool:
        return self._last is None or time.monotonic() - self._last >= EVERY_SECONDS

    def same(self, snapshot: Snapshot) -> bool:
        return self._held == snapshot.fingerprint

    def wrote(self, snapshot: Snapshot) -> None:
        self._last, self._held = time.monotonic(), snapshot.fingerprint


def first(
    root: Path, standing: Callable[[dict[str, tuple[Signature, bytes]]], Standing]
) -> tuple[Snapshot, dict[str, int] | None] | None:
    """For a computer that knows nothing of the class in `root`: the snapshot there, where the
    class files' folder still has the time it names, with its class files taken from it
    (`standing`: the class as those files make it), checked with the key of the PIN they name;
    and, where the children's folder's time is still its `Stable` one, the children's folders
    (all of them, as it names them) with the time of each it vouches for (child -> that time:
    that folder then needs no look); None where it is not.
    None where it cannot be used so (not there, not signed so, a class file changed since):
    the class files are read, and the snapshot is checked with their key (`SnapshotTaker.take`).

    A pupil can write a snapshot whose class files name a PIN of hers, as she can write a class
    file with a first PIN backdated before the teacher's: a computer's first reading is trusted
    either way (docs/threat-model.md, "The first reading")."""
    try:
        data = load(root / FILE_NAME)
        taken = contents(data)
        listed = taken.listings.get(CLASS_DIR)
        if listed is None or not _fresh(listed.time, listed.listed_at):
            return None
        if os.lstat(root / CLASS_DIR).st_mtime_ns != listed.time:
            return None
        key = class_key(standing({name: copy for name, copy in taken.copies.items() if class_file(name)}))
        if key is None:
            return None
        unpack(data, key)
    except (Unusable, storage.StorageError, OSError, ValueError):
        return None
    return taken, vouched(root, taken)


def _fresh(folder_time: int, listed_at: float) -> bool:
    """A listing made `SETTLE_SECONDS` after its folder's time (no later change can share that
    time) and within `KEEP_SECONDS` (a pupil who puts a folder's time back hides nothing for long)."""
    settled = listed_at - folder_time / 1e9 >= caching.SETTLE_SECONDS
    return settled and 0 <= time.time() - listed_at < caching.KEEP_SECONDS


def vouched(root: Path, taken: Snapshot) -> dict[str, int] | None:
    """Where the children's folder's time is still the snapshot's `Stable` one: each child's
    folder the snapshot names, with its time (it needs no look); else None."""
    stable = taken.children
    if stable is None or not _fresh(stable.time, stable.listed_at):
        return None
    try:
        if os.lstat(root / CHILDREN_DIR).st_mtime_ns != stable.time:
            return None
    except OSError:
        return None
    listings = {child: taken.listings.get(f"{CHILDREN_DIR}/{child}") for child in stable.children}
    return {child: listed.time for child, listed in listings.items() if listed is not None}
