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

``FILE_NAME``; ``Snapshot`` (``made``, ``copies``: name -> (signature, bytes), ``listings``:
folder -> `Listing`); ``gather(sheets, listings, cache)`` what a full read holds;
``write(path, snapshot, seed)``; ``read(path, key) -> Snapshot`` or `Unusable` (with its
``kind``: damaged, too big, newer, not signed with the key); ``class_key(standing)``: the key of
the PIN in force, or None; ``Timer``: when a window writes its next one.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import os
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import cache as caching
from . import proof, storage
from .cache import JUNK, FolderCache
from .cache_index import Listing, Signature
from .shards import CHILDREN_DIR, CLASS_DIR, safe_name
from .sheet import Sheet
from .standing import Standing

FILE_NAME = "class-snapshot.json"
VERSION = 2  # 2: the class files and their folder's listing too, and the children's folder's time
READS = (1, 2)  # the versions read (1: the children's files and folders only)
KIND = "solochess class snapshot"
# A year of a class is a megabyte compressed: a file much bigger was not written by the game.
MAX_BYTES = 64 * 1024 * 1024
MAX_UNPACKED = 512 * 1024 * 1024  # what a signed snapshot may hold once unpacked
EVERY_SECONDS = 300.0  # a window given the PIN writes one at most this often
COLD_FOLDERS = 4  # children's folders this computer never listed before the snapshot is worth reading
DAMAGED, TOO_BIG, NEWER, UNPROVEN = "damaged", "too big", "newer", "unproven"


class Unusable(Exception):
    """A snapshot that is not used (`kind`: damaged, too big, newer, or not the teacher's)."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.kind = kind


@dataclass(frozen=True)
class Folder:
    """A child's folder as the teacher's computer listed it: its time, when (by that computer's
    clock), the files in it and the problems (name, kind, signature) its listing found."""

    time: int
    listed_at: float
    files: dict[str, Signature]
    problems: list[tuple[str, str, Signature]]


@dataclass(frozen=True)
class Stable:
    """The children's folder's time, the same before and after a whole read of every child's
    folder (`children`) and older than that read by `cache.SETTLE_SECONDS`. Every child's file
    is made in that folder and renamed into the child's (`ClassFolder._made_in`), so no save
    went into any child's folder while the folder's time is still this one: a reader that finds
    it so takes each child's folder as listed here without a look at each."""

    time: int
    listed_at: float
    children: frozenset[str]


@dataclass
class Snapshot:
    made: float = 0.0
    # "children/<child>/<writer>.json", and "class/<writer>.json" (version 2)
    copies: dict[str, tuple[Signature, bytes]] = field(default_factory=dict)
    listings: dict[str, Folder] = field(default_factory=dict)  # by "children/<child>", and "class"
    children: Stable | None = None

    def folders(self) -> dict[str, tuple[int, float, Listing]]:
        """The folders' listings as `FolderCache.seed` takes them."""
        return {
            name: (folder.time, folder.listed_at, (folder.files, folder.problems))
            for name, folder in self.listings.items()
        }

    @property
    def fingerprint(self) -> tuple[frozenset[tuple[str, Signature]], frozenset[tuple[str, int]]]:
        """What it holds, by its files' and folders' signatures (not their bytes)."""
        folders = frozenset((name, folder.time) for name, folder in self.listings.items())
        return frozenset((name, copy[0]) for name, copy in self.copies.items()), folders


def class_key(standing: Standing) -> str | None:
    """The public key of the PIN in force; None where the class has no PIN (or one without a key)."""
    pin = None if standing.pin is None else standing.pin.value
    key = pin.get("key") if isinstance(pin, dict) else None
    return key if isinstance(key, str) else None


def _text(data: dict[str, Any]) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


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
                made.copies[f"{CHILDREN_DIR}/{child}/{writer}.json"] = (signature, _text(sheet.to_json(writer, child)))
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


def _message(envelope: dict[str, Any]) -> bytes:
    """What the teacher's key signs: a digest of the snapshot's canonical JSON, after a name of
    its own (a register's or an act's proof signs a JSON list: neither stands for the other)."""
    signed = {name: envelope.get(name) for name in ("kind", "version", "made", "key", "payload")}
    canonical = json.dumps(signed, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return KIND.encode("utf-8") + b"\0" + hashlib.sha256(canonical.encode("ascii")).digest()


def pack(snapshot: Snapshot, seed: bytes) -> dict[str, Any]:
    """The file's JSON: the contents compressed, and the teacher's proof of them."""
    contents = {
        "files": {
            name: [signature[0], signature[1], raw.decode("utf-8")]
            for name, (signature, raw) in snapshot.copies.items()
        },
        **(
            {"children": [snapshot.children.time, snapshot.children.listed_at, sorted(snapshot.children.children)]}
            if snapshot.children is not None
            else {}
        ),
        "folders": {
            name: [
                folder.time,
                folder.listed_at,
                {stem: list(signature) for stem, signature in folder.files.items()},
                [[file, kind, list(signature)] for file, kind, signature in folder.problems],
            ]
            for name, folder in snapshot.listings.items()
        },
    }
    payload = base64.b64encode(zlib.compress(_text(contents), 6)).decode("ascii")
    envelope: dict[str, Any] = {
        "kind": KIND,
        "version": VERSION,
        "made": snapshot.made,
        "key": proof.public_key(seed),
        "payload": payload,
    }
    envelope["proof"] = proof.sign(seed, _message(envelope))
    return envelope


def write(path: Path, snapshot: Snapshot, seed: bytes) -> None:
    """Written atomically (`OSError`, `storage.StorageError` as any write)."""
    storage.write_atomically(path, pack(snapshot, seed))


def read(path: Path, key: str) -> Snapshot:
    """The snapshot at `path` when the key `key` signed it; `Unusable` otherwise (also when it
    is not there: `DAMAGED`)."""
    try:
        data = storage.read_json(path, max_bytes=MAX_BYTES, links=False)
    except storage.TooBig:
        raise Unusable(TOO_BIG) from None
    except (storage.StorageError, OSError):
        raise Unusable(DAMAGED) from None
    return unpack(data, key)


def unpack(data: object, key: str) -> Snapshot:
    """What the snapshot `data` holds, when the key `key` signed it; `Unusable` otherwise."""
    _kind(data)
    assert isinstance(data, dict)
    proven = isinstance(data.get("proof"), str) and data.get("key") == key
    if not proven or not proof.verify(key, _message(data), data["proof"]):
        raise Unusable(UNPROVEN)
    return contents(data)


def _kind(data: object) -> None:
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise Unusable(DAMAGED)
    version = data.get("version")
    if type(version) is int and version > VERSION:
        raise Unusable(NEWER)


def contents(data: object) -> Snapshot:
    """What the snapshot `data` holds, its proof NOT checked: only to find the key to check it
    with, where a computer that never read the class takes the class files from it too (they
    name the PIN in force: `ClassFolder._first_read`)."""
    _kind(data)
    assert isinstance(data, dict)
    version, made, payload = data.get("version"), data.get("made"), data.get("payload")
    if version not in READS or type(made) is not float or not isinstance(payload, str):
        raise Unusable(DAMAGED)
    try:
        unpacker = zlib.decompressobj()
        text = unpacker.decompress(base64.b64decode(payload, validate=True), MAX_UNPACKED)
        if unpacker.unconsumed_tail:
            raise Unusable(TOO_BIG)
        unpacked = json.loads(text.decode("utf-8"))
    except (binascii.Error, zlib.error, ValueError):  # UnicodeDecodeError and JSON's errors too
        raise Unusable(DAMAGED) from None
    snapshot = Snapshot(made)
    try:
        _unpack_files(unpacked["files"], snapshot)
        _unpack_folders(unpacked["folders"], snapshot)
        snapshot = _unpack_children(unpacked.get("children"), snapshot)
    except (KeyError, TypeError, ValueError):
        raise Unusable(DAMAGED) from None
    return snapshot


def _signature(value: object) -> Signature:
    if isinstance(value, list) and len(value) == 2 and all(type(item) is int for item in value):
        return value[0], value[1]
    raise ValueError("not a signature")


def _child_file(name: str) -> bool:
    parts = name.split("/")
    return (
        len(parts) == 3
        and parts[0] == CHILDREN_DIR
        and safe_name(parts[1])
        and parts[2].endswith(".json")
        and safe_name(parts[2][:-5])
    )


def _class_file(name: str) -> bool:
    parts = name.split("/")
    return len(parts) == 2 and parts[0] == CLASS_DIR and parts[1].endswith(".json") and safe_name(parts[1][:-5])


def _unpack_files(files: dict[str, Any], snapshot: Snapshot) -> None:
    for name, (mtime, size, text) in files.items():
        if not ((_child_file(name) or _class_file(name)) and isinstance(text, str)):
            raise ValueError(name)
        snapshot.copies[name] = (_signature([mtime, size]), text.encode("utf-8"))


def _unpack_folders(folders: dict[str, Any], snapshot: Snapshot) -> None:
    for name, (folder_time, listed_at, files, problems) in folders.items():
        folder = _child_file(f"{name}/x.json") or name == CLASS_DIR
        if not (folder and type(folder_time) is int and isinstance(listed_at, float)):
            raise ValueError(name)
        listed = {stem: _signature(signature) for stem, signature in files.items() if safe_name(stem)}
        found = [(file, kind, _signature(signature)) for file, kind, signature in problems]
        if len(listed) != len(files) or not all(
            isinstance(file, str) and isinstance(kind, str) for file, kind, _ in found
        ):
            raise ValueError(name)
        snapshot.listings[name] = Folder(folder_time, listed_at, listed, found)


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


def _unpack_children(children: object, snapshot: Snapshot) -> Snapshot:
    if children is None:
        return snapshot
    if not isinstance(children, list):
        raise ValueError("children")
    folder_time, listed_at, names = children
    if not (type(folder_time) is int and isinstance(listed_at, float) and isinstance(names, list)):
        raise ValueError("children")
    if not all(isinstance(name, str) and safe_name(name) for name in names):
        raise ValueError("children")
    snapshot.children = Stable(folder_time, listed_at, frozenset(names))
    return snapshot


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
    the class files are read, and the snapshot is checked with their key (`ClassFolder._take_snapshot`).

    A pupil can write a snapshot whose class files name a PIN of hers, as she can write a class
    file with a first PIN backdated before the teacher's: a computer's first reading is trusted
    either way (docs/threat-model.md, "The first reading")."""
    try:
        data = storage.read_json(root / FILE_NAME, max_bytes=MAX_BYTES, links=False)
        taken = contents(data)
        listed = taken.listings.get(CLASS_DIR)
        if listed is None or not _fresh(listed.time, listed.listed_at):
            return None
        if os.lstat(root / CLASS_DIR).st_mtime_ns != listed.time:
            return None
        key = class_key(standing({name: copy for name, copy in taken.copies.items() if _class_file(name)}))
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
