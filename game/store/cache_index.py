"""The index of what this computer keeps of a class folder (`game.store.cache`): its file's form.

Headless: no pygame here. The index (``<local>/cache/<folder>/index.json``) holds, by each file's
name in the class folder, ``[mtime, size, kind]``; by each folder, ``[its time, when it was
listed, {stem: [mtime, size]}, [[name, kind, [mtime, size]], ...]]``; and when the class folder
last answered a read. Anything in it that is not of that form is left out as it is read: the
index is a copy (deleting it only makes the next read slower), and another window or a broken
disk may have written it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from . import storage

VERSION = 1
MAX_INDEX_BYTES = 64 * 1024 * 1024
Signature = tuple[int, int]
Listing = tuple[dict[str, Signature], list[tuple[str, str, Signature]]]  # files by stem, problems
Files = dict[str, list[Any]]  # name in the class folder -> [mtime, size, kind]
Folders = dict[str, list[Any]]  # folder -> [time, listed at, {stem: [mtime, size]}, problems]


def signature_of(value: object) -> Signature | None:
    if isinstance(value, list) and len(value) == 2 and all(type(item) is int for item in value):
        return value[0], value[1]
    return None


def read_index(path: Path) -> tuple[Files, Folders, float | None]:
    """The files, the folders and when the class folder last answered, as the index at `path`
    holds them (what is not of their form left out); nothing when there is none to read."""
    try:
        data = storage.read_json(path, max_bytes=MAX_INDEX_BYTES)
    except storage.StorageError:
        return {}, {}, None
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return {}, {}, None
    files, folders, read = data.get("files"), data.get("folders"), data.get("read")
    return (
        {name: entry for name, entry in files.items() if isinstance(entry, list) and len(entry) == 3}
        if isinstance(files, dict)
        else {},
        {name: entry for name, entry in folders.items() if isinstance(entry, list) and len(entry) == 4}
        if isinstance(folders, dict)
        else {},
        float(read) if isinstance(read, (int, float)) and not isinstance(read, bool) and read > 0 else None,
    )


def index(files: Files, folders: Folders, read: float | None) -> dict[str, Any]:
    """The index as it is written."""
    return {"version": VERSION, "files": dict(files), "folders": dict(folders), "read": read}


def folder_entry(
    folder_time: int, listed_at: float, files: dict[str, Signature], problems: list[tuple[str, str, Signature]]
) -> list[Any]:
    """A folder's listing as the index keeps it."""
    return [
        folder_time,
        listed_at,
        {stem: list(signature) for stem, signature in files.items()},
        [[name, kind, list(signature)] for name, kind, signature in problems],
    ]


def listing_of(entry: list[Any]) -> Listing | None:
    """A folder's files by stem and its problems, as `folder_entry` kept them; None when the
    entry is not of that form."""
    if not isinstance(entry[2], dict) or not isinstance(entry[3], list):
        return None
    files: dict[str, Signature] = {}
    for stem, value in entry[2].items():
        signature = signature_of(value)
        if signature is None:
            return None
        files[stem] = signature
    problems = []
    for problem in entry[3]:
        if not (isinstance(problem, list) and len(problem) == 3):
            return None
        if not (isinstance(problem[0], str) and isinstance(problem[1], str)):
            return None
        signature = signature_of(problem[2])
        problems.append((problem[0], problem[1], signature if signature is not None else (0, 0)))
    return files, problems


def files_of(entry: list[Any]) -> dict[str, Signature]:
    """A folder's files by stem, those of the right form, however the rest of its entry is."""
    if not isinstance(entry[2], dict):
        return {}
    files = {stem: signature_of(value) for stem, value in entry[2].items()}
    return {stem: signature for stem, signature in files.items() if signature is not None}


def relisted_alike(kept: list[Any] | None, entry: list[Any], settle_seconds: float) -> bool:
    """Whether a listing just made (`entry`) is the one the index keeps (`kept`) again but for
    when it was made, and that time, too soon after the folder's to be trusted (`settle_seconds`),
    is no more use than the kept one's: then the index is not written again for it (a window
    opened just after a save in the folder wrote it at every start)."""
    if kept is None or kept[0] != entry[0] or kept[2:] != entry[2:] or type(kept[1]) not in (int, float):
        return False
    return bool(kept[1] <= entry[1] and entry[1] - entry[0] / 1e9 < settle_seconds)
