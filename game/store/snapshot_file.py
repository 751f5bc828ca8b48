"""The teacher's snapshot as a file (``class-snapshot.json``, at the top of the class folder):
what it holds, how it is packed and signed, and how it is read back and checked. What a snapshot
is for, when one is made and how a computer trusts it: `game.store.snapshot`.

The file is a JSON envelope: its kind, version, time made, the teacher's public key, the
contents (every child's file, the class files, each folder's listing, the children's folder's
time where it stood still) compressed and in base64, and the proof: the teacher's key's
signature (`game.store.proof`) of a digest of the rest. A reader refuses the whole file when any
of it is wrong (`Unusable` with its ``kind``: damaged, too big, newer, not signed with the key).

``FILE_NAME``; ``Snapshot`` (``made``, ``copies``: name -> (signature, bytes), ``listings``:
folder -> `Folder`, ``children``: `Stable` or None); ``write(path, snapshot, seed)``;
``read(path, key) -> Snapshot``; ``contents(data)``: what it holds, its proof not checked.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import proof, storage
from .cache_index import Listing, Signature
from .shards import CHILDREN_DIR, CLASS_DIR, safe_name

FILE_NAME = "class-snapshot.json"
VERSION = 2  # 2: the class files and their folder's listing too, and the children's folder's time
READS = (1, 2)  # the versions read (1: the children's files and folders only)
KIND = "solochess class snapshot"
# A year of a class is a megabyte compressed: a file much bigger was not written by the game.
MAX_BYTES = 64 * 1024 * 1024
MAX_UNPACKED = 512 * 1024 * 1024  # what a signed snapshot may hold once unpacked
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
    is made in that folder and renamed into the child's (`Writer._made_in`), so no save
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


def as_text(data: dict[str, Any]) -> bytes:
    """`data` as compact JSON in UTF-8: a child's file as the snapshot holds it, and its contents."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


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
    payload = base64.b64encode(zlib.compress(as_text(contents), 6)).decode("ascii")
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


def load(path: Path) -> object:
    """The JSON of the snapshot at `path`, nothing of it checked; `Unusable` when it cannot be
    read (also when it is not there: `DAMAGED`)."""
    try:
        return storage.read_json(path, max_bytes=MAX_BYTES, links=False)
    except storage.TooBig:
        raise Unusable(TOO_BIG) from None
    except (storage.StorageError, OSError):
        raise Unusable(DAMAGED) from None


def read(path: Path, key: str) -> Snapshot:
    """The snapshot at `path` when the key `key` signed it; `Unusable` otherwise (also when it
    is not there: `DAMAGED`)."""
    return unpack(load(path), key)


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
    name the PIN in force: `SnapshotTaker.first_read`)."""
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


def class_file(name: str) -> bool:
    parts = name.split("/")
    return len(parts) == 2 and parts[0] == CLASS_DIR and parts[1].endswith(".json") and safe_name(parts[1][:-5])


def _unpack_files(files: dict[str, Any], snapshot: Snapshot) -> None:
    for name, (mtime, size, text) in files.items():
        if not ((_child_file(name) or class_file(name)) and isinstance(text, str)):
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
