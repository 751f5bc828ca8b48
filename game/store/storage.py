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
``read_json(path, *, max_bytes=MAX_BYTES, links=True) -> object | None``
    The decoded file, ``None`` if there is none; `Corrupt` for a file that is not JSON
    (nested too deep, not UTF-8), a folder, or with ``links=False`` a symbolic link (never
    followed, so a link in a shared folder shows nothing from outside it); `Oversized` (a
    `Corrupt`, and a `files.TooBig`: one `except TooBig` catches every input over its bound)
    for a file over ``max_bytes``, found from its size before a byte of it is read,
    or one that grew past it while it was read; `Unreadable` when it
    cannot be read for another reason (no permission, an I/O error): such a file is never
    replaced.
``read_raw(path, *, max_bytes=MAX_BYTES, links=True) -> (bytes, signature) | None`` and
    ``decode_json(raw)``: the same in two steps, for a reader that keeps the bytes.
``real_folder(path) -> bool``: `path` is a folder and not a link to one (False when it is
    not there; `OSError` when it cannot be told, e.g. the share does not answer).
``signature(path) -> tuple[int, int] | None``: (mtime in ns, size), to see a change.
``remove_stale_temporaries(path, max_age=60.0, beside=None) -> int``: removes ``<stem>.*.tmp``
    files older than ``max_age`` seconds, left behind by a kill during a write (in ``beside``
    where the write made them there).

Accounts of one computer (a shared class folder): each writes its own files, but folders and
lock files are shared. ``0o666 & ~umask`` would give 0644 under the usual umask 022, and a
second account could then neither take a lock nor make its files in a child's folder. So the
folder decides: a folder made here (``make_folder``) takes the permissions of the folder it is
made in, and a file or lock file (``shared_mode``) is writable by the group or by everyone
exactly when its folder is. A folder only its owner may write stays so, and another account
gets a one-line "Permission denied" naming the file.

``make_folder(path, inside=None)`` makes `path` and the folders above it that are missing; with
`inside`, only those below `inside`, which must be there already: a class folder on a share
that is not mounted is never made afresh on the local disk.

Errors are `StorageError` (a one-line message; `Unreadable`, `Oversized`, `Corrupt`, `Locked`) or
`OSError` from the write.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import filelock

from ..files import TooBig as TooBig  # re-exported: `except storage.TooBig` catches `Oversized`
from ..files import replace_atomically

MAX_BYTES = 8 * 1024 * 1024
MAX_DEPTH = 64
LOCK_TIMEOUT = 10.0
STALE_AFTER = 60.0
BUSY_PAUSES = (0.01, 0.03, 0.1, 0.2, 0.4)  # seconds between tries of a write the share calls busy
BUSY_ERRORS = {errno.EBUSY, errno.EEXIST, errno.EACCES}


class StorageError(Exception):
    pass


class Unreadable(StorageError):
    """The file is there but cannot be read (no permission, an I/O error): leave it alone."""


class Corrupt(StorageError):
    """The file was read but is not valid JSON of a sane depth, or is not a file."""


class Oversized(Corrupt, TooBig):
    """The file is larger than it may be: never read. `storage.TooBig` (the one `files.TooBig`)
    catches it too."""


class Locked(StorageError):
    """Another window held the lock for too long."""


@dataclass(frozen=True)
class Saved:
    data: dict[str, Any]
    signature: tuple[int, int] | None
    set_aside: Path | None  # where a corrupt file was moved, if one was


def shared_mode(folder: Path, folder_mode: int | None = None) -> int:
    """The mode of a file or lock file made in `folder` (whose mode is `folder_mode`, when the
    caller looked at it already): see the module's docstring."""
    if folder_mode is None:
        try:
            folder_mode = os.stat(folder).st_mode
        except OSError:
            return 0o644
    return 0o644 | (folder_mode & 0o022)


def real_folder(path: Path) -> bool:
    try:
        status = os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return False
    return stat.S_ISDIR(status.st_mode)


def make_folder(path: Path, inside: Path | None = None) -> None:
    """`path` and the folders above it that are missing (below `inside` only, when given), each
    with the permissions (and the set-group-id bit) of the folder it is made in."""
    if path.is_dir():
        return
    if inside is not None and (path == inside or inside not in path.parents):
        raise FileNotFoundError(errno.ENOENT, "not there", str(path))
    make_folder(path.parent, inside)
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


def _check_depth(data: object) -> None:
    """A decoded value nested at most MAX_DEPTH deep, walked without recursion. json's own
    decoder stops a deeper file with RecursionError long before the stack is at risk; this
    keeps what is read within what the rest of the game walks safely."""
    stack: list[tuple[object, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise Corrupt(f"nested more than {MAX_DEPTH} deep")
        if isinstance(value, dict):
            stack.extend((item, depth + 1) for item in value.values() if isinstance(item, (dict, list)))
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value if isinstance(item, (dict, list)))


def _read_bytes(path: Path, max_bytes: int, links: bool) -> tuple[bytes, tuple[int, int]]:
    """The file's bytes and signature, its size checked before any is read; OSError as `open`
    raises it."""
    extra = 0
    if not links:
        extra = getattr(os, "O_NOFOLLOW", 0)
        # Where `open` can refuse a link itself, asking first would cost a look more on a share.
        if not extra and stat.S_ISLNK(os.lstat(path).st_mode):
            raise Corrupt("a link, which is not followed")
    with open(path, "rb", opener=lambda name, flags: os.open(name, flags | extra)) as file:
        status = os.fstat(file.fileno())
        if stat.S_ISDIR(status.st_mode):
            raise Corrupt("a folder, not a file")
        if not stat.S_ISREG(status.st_mode):
            raise Corrupt("not an ordinary file")  # a pipe or a device would never end
        if status.st_size > max_bytes:
            raise Oversized(f"{path.name} is larger than {max_bytes} bytes")
        raw = file.read(max_bytes + 1)
    if len(raw) > max_bytes:  # it grew while it was read
        raise Oversized(f"{path.name} is larger than {max_bytes} bytes")
    return raw, (status.st_mtime_ns, status.st_size)


def read_raw(path: Path, *, max_bytes: int = MAX_BYTES, links: bool = True) -> tuple[bytes, tuple[int, int]] | None:
    """The file's bytes and its signature as it was opened, ``None`` if there is none; the
    errors of `read_json` but for a file that is not JSON."""
    try:
        return _read_bytes(path, max_bytes, links)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except IsADirectoryError as error:
        raise Corrupt("a folder, not a file") from error
    except PermissionError as error:
        raise Unreadable(f"no permission to read {path.name}") from error
    except OSError as error:
        if error.errno == errno.ELOOP:  # O_NOFOLLOW met a link
            raise Corrupt("a link, which is not followed") from error
        raise Unreadable(f"{path.name} could not be read: {error.strerror or error}") from error


def decode_json(raw: bytes) -> object:
    """What `raw` holds; `Corrupt` unless it is JSON of a sane depth and not null."""
    try:
        # utf-8-sig: a file saved by Notepad starts with a byte-order mark; it is not damage.
        data: object = json.loads(raw.decode("utf-8-sig"))
        _check_depth(data)
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        # ValueError also covers a number of thousands of digits, which Python refuses to read.
        raise Corrupt(str(error)[:200]) from error
    if data is None:
        raise Corrupt("null")  # not the same as no file
    return data


def read_json(path: Path, *, max_bytes: int = MAX_BYTES, links: bool = True) -> object | None:
    read = read_raw(path, max_bytes=max_bytes, links=links)
    return None if read is None else decode_json(read[0])


def remove_stale_temporaries(path: Path, max_age: float = STALE_AFTER, beside: Path | None = None) -> int:
    removed = 0
    now = time.time()
    with contextlib.suppress(OSError):
        for temporary in (beside or path.parent).glob(f"{path.stem}.*.tmp"):
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


def write_atomically(
    path: Path, data: dict[str, Any], beside: Path | None = None, folder_mode: int | None = None
) -> None:
    """`data` as the whole of `path`, written beside it and renamed over it. A share refuses the
    rename while another computer has the file open to read it (a sharing violation: EBUSY,
    EEXIST through smbnetfs, EACCES on Windows): that lasts milliseconds, so it is tried again
    at once, a few times, before it fails. `beside`: where the temporary file is made (as
    `files.replace_atomically`); `folder_mode`: the mode of `path`'s folder, when the caller
    looked at it already."""
    # No indent: only then does json use its C encoder (a class's file is a megabyte).
    text = json.dumps(data, ensure_ascii=False) + "\n"
    for pause in (*BUSY_PAUSES, None):
        try:
            # Readable and writable by whom the folder lets: a teacher may share it between accounts.
            mode = shared_mode(path.parent, folder_mode)
            replace_atomically(path, text.encode("utf-8"), mode, f"{path.stem}.", beside=beside)
            return
        except OSError as error:
            if error.errno not in BUSY_ERRORS or pause is None:
                raise
            time.sleep(pause)


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
