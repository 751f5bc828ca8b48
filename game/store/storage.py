"""One JSON file shared by several windows and computers: locked read-change-write.

Headless: no pygame here. Used by the progress store; generic (a path and a function), so
that any other shared file (a class's puzzle collection) can reuse it.

``locked_update(path, apply, *, timeout=LOCK_TIMEOUT, max_bytes=MAX_BYTES) -> Saved``
    Takes the lock (``<file>.lock`` beside the file, the `filelock` package), reads the
    file as it is now (``None`` if there is none), calls ``apply`` on that and writes what
    it returns atomically (a temporary file in the same folder, ``os.fchmod`` to 0644 on
    the open file, fsync, ``os.replace``), then releases the lock. ``apply`` may raise
    `ValueError` to say "what was read is not valid": the file is then set aside as
    ``<stem>.corrupt-<time>.json`` and ``apply`` is called again with ``None``.
``read_json(path, *, max_bytes=MAX_BYTES) -> object | None``
    The decoded file, ``None`` if there is none; `Corrupt` for a file that is not JSON
    (too big, nested too deep, not UTF-8) or a folder; `Unreadable` when it cannot be read
    for another reason (no permission, an I/O error): such a file is never replaced.
``signature(path) -> tuple[int, int] | None``: (mtime in ns, size), to see a change.
``remove_stale_temporaries(path, max_age=60.0) -> int``: removes ``<stem>.*.tmp`` files
    older than ``max_age`` seconds, left behind by a kill during a write.

Accounts of one computer (a shared class folder): each writes its own files, but folders and
lock files are shared. ``0o666 & ~umask`` would give 0644 under the usual umask 022, and a
second account could then neither take a lock nor make its files in a child's folder. So the
folder decides: a folder made here (``make_folder``) takes the permissions of the folder it is
made in, and a file or lock file (``shared_mode``) is writable by the group or by everyone
exactly when its folder is. A folder only its owner may write stays so, and another account
gets a one-line "Permission denied" naming the file.

Errors are `StorageError` (a one-line message; `Unreadable`, `Corrupt`, `Locked`) or
`OSError` from the write.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import filelock

from ..files import replace_atomically

MAX_BYTES = 8 * 1024 * 1024
MAX_DEPTH = 64
LOCK_TIMEOUT = 10.0
STALE_AFTER = 60.0

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


class StorageError(Exception):
    pass


class Unreadable(StorageError):
    """The file is there but cannot be read (no permission, an I/O error): leave it alone."""


class Corrupt(StorageError):
    """The file was read but is not valid JSON of a sane size and depth."""


class Locked(StorageError):
    """Another window held the lock for too long."""


@dataclass(frozen=True)
class Saved:
    data: dict[str, Any]
    signature: tuple[int, int] | None
    set_aside: Path | None  # where a corrupt file was moved, if one was


def shared_mode(folder: Path) -> int:
    """The mode of a file or lock file made in `folder`: see the module's docstring."""
    try:
        bits = os.stat(folder).st_mode
    except OSError:
        return 0o644
    return 0o644 | (bits & 0o022)


def make_folder(path: Path) -> None:
    """`path` and the folders above it that are missing, each with the permissions (and the
    set-group-id bit) of the folder it is made in."""
    if path.is_dir():
        return
    make_folder(path.parent)
    try:
        path.mkdir()
    except FileExistsError:
        return
    with contextlib.suppress(OSError):
        os.chmod(path, os.stat(path.parent).st_mode & 0o7777)


def signature(path: Path) -> tuple[int, int] | None:
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_mtime_ns, status.st_size


def _check_depth(text: str) -> None:
    # json's decoder recurses: a deeply nested file would raise RecursionError, or worse.
    depth = 0
    for bracket in _BRACKET.finditer(_STRING.sub("", text)):
        depth += 1 if bracket.group() in "[{" else -1
        if depth > MAX_DEPTH:
            raise Corrupt(f"nested more than {MAX_DEPTH} deep")


def read_json(path: Path, *, max_bytes: int = MAX_BYTES) -> object | None:
    try:
        with open(path, "rb") as file:
            raw = file.read(max_bytes + 1)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except IsADirectoryError as error:
        raise Corrupt("a folder, not a file") from error
    except PermissionError as error:
        raise Unreadable(f"no permission to read {path.name}") from error
    except OSError as error:
        raise Unreadable(f"{path.name} could not be read: {error.strerror or error}") from error
    if len(raw) > max_bytes:
        raise Corrupt(f"larger than {max_bytes} bytes")
    try:
        # utf-8-sig: a file saved by Notepad starts with a byte-order mark; it is not damage.
        text = raw.decode("utf-8-sig")
        _check_depth(text)
        data: object = json.loads(text)
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        # ValueError also covers a number of thousands of digits, which Python refuses to read.
        raise Corrupt(str(error)[:200]) from error
    if data is None:
        raise Corrupt("null")  # not the same as no file
    return data


def remove_stale_temporaries(path: Path, max_age: float = STALE_AFTER) -> int:
    removed = 0
    now = time.time()
    with contextlib.suppress(OSError):
        for temporary in path.parent.glob(f"{path.stem}.*.tmp"):
            with contextlib.suppress(OSError):
                if now - temporary.stat().st_mtime > max_age:
                    temporary.unlink()
                    removed += 1
    return removed


def set_aside(path: Path) -> Path:
    """Move a corrupt file out of the way under a new name; `Unreadable` if it cannot be moved."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.stem}.corrupt-{stamp}.json")
    number = 1
    while os.path.lexists(aside):
        number += 1
        aside = path.with_name(f"{path.stem}.corrupt-{stamp}-{number}.json")
    try:
        # rename, not replace: on Windows it refuses to overwrite an earlier aside file.
        os.rename(path, aside)
    except OSError as error:
        raise Unreadable(f"{path.name} is damaged and could not be moved aside") from error
    return aside


def write_atomically(path: Path, data: dict[str, Any]) -> None:
    # No indent: only then does json use its C encoder (a class's file is a megabyte).
    text = json.dumps(data, ensure_ascii=False) + "\n"
    # Readable and writable by whom the folder lets: a teacher may share it between accounts.
    replace_atomically(path, text.encode("utf-8"), shared_mode(path.parent), f"{path.stem}.")


def locked_update(
    path: Path,
    apply: Callable[[dict[str, Any] | None], dict[str, Any]],
    *,
    timeout: float = LOCK_TIMEOUT,
    max_bytes: int = MAX_BYTES,
    keep_corrupt: bool = False,
) -> Saved:
    make_folder(path.parent)
    lock = filelock.FileLock(str(path) + ".lock", timeout=timeout, mode=shared_mode(path.parent))
    try:
        with lock:
            aside: Path | None = None
            try:
                current = read_json(path, max_bytes=max_bytes)
                if current is not None and not isinstance(current, dict):
                    raise Corrupt("not a JSON object")
                data = apply(current)
            except (Corrupt, ValueError):
                if keep_corrupt:
                    raise
                aside = set_aside(path)
                data = apply(None)
            write_atomically(path, data)
            return Saved(data, signature(path), aside)
    except filelock.Timeout as error:
        raise Locked(f"{path.name} was busy for more than {timeout:g} seconds") from error
