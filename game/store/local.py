"""What stays on this computer: who writes from here, who plays here, and the outbox.

Headless: no pygame here. The local folder is ``$SOLOCHESS_LOCAL_DIR`` if set, else the user's
state folder (platformdirs), never the class folder: file locks work here.

- ``writer_id(local)``: this computer's user account as a writer of class folders: a random id
  kept in ``<local>/writer-id`` (``$SOLOCHESS_WRITER`` overrides it, for tests and benchmarks).
- ``writer_lock(local, writer)``: serializes the windows of one writer around the read-join-write
  of their own files; if the lock cannot be had, the work goes on without it (the join keeps
  whatever the file holds).
- ``Here``: who plays on this computer, per class folder (``<local>/current.json``).
- ``Outbox``: a window's changes not yet in the class folder, written before the class folder is
  tried (``<local>/outbox/<folder>-<window>.json``, locked while the window lives). A window that
  starts takes over the outboxes that no living window holds: what a window closed or killed
  while the class folder was away reaches it at the next start.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import filelock
import platformdirs

from . import storage
from .shards import Change, parse_change, safe_name

LOCAL_ENV = "SOLOCHESS_LOCAL_DIR"
WRITER_ENV = "SOLOCHESS_WRITER"
LOCK_SECONDS = 5.0
MAX_REMEMBERED = 50  # class folders whose current player is remembered


def local_folder() -> Path:
    override = os.environ.get(LOCAL_ENV)
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_state_dir("solochess", appauthor=False))


def writer_id(local: Path) -> str:
    override = os.environ.get(WRITER_ENV)
    if override:
        return override if safe_name(override) else hashlib.sha256(override.encode()).hexdigest()[:12]
    path = local / "writer-id"
    with contextlib.suppress(OSError, UnicodeDecodeError):
        saved = path.read_text(encoding="utf-8").strip()
        if safe_name(saved):
            return saved
    made = secrets.token_hex(6)
    with contextlib.suppress(OSError):
        local.mkdir(parents=True, exist_ok=True)
        with writer_lock(local, "writer-id"):
            try:
                saved = path.read_text(encoding="utf-8").strip()  # another window was first
                if safe_name(saved):
                    return saved
            except (OSError, UnicodeDecodeError):
                pass
            path.write_text(made + "\n", encoding="utf-8")
    return made


def folder_key(folder: Path) -> str:
    return hashlib.sha256(str(folder.absolute()).encode("utf-8")).hexdigest()[:16]


@contextlib.contextmanager
def writer_lock(local: Path, writer: str) -> Iterator[bool]:
    """Held around a writer's read-join-write; yields False when it could not be had."""
    lock = None
    try:
        local.mkdir(parents=True, exist_ok=True)
        lock = filelock.FileLock(str(local / f"{writer}.lock"), timeout=LOCK_SECONDS, mode=storage.shared_mode(local))
        lock.acquire()
    except (OSError, filelock.Timeout):
        lock = None
    try:
        yield lock is not None
    finally:
        if lock is not None:
            lock.release()


class Here:
    """Who plays on this computer, per class folder."""

    def __init__(self, local: Path, folder: Path) -> None:
        self.path = local / "current.json"
        self.key = folder_key(folder)

    def _read(self) -> dict[str, Any]:
        try:
            data = storage.read_json(self.path)
        except storage.StorageError:
            return {}
        return data if isinstance(data, dict) else {}

    def get(self) -> str | None:
        found = self._read().get(self.key)
        return found if isinstance(found, str) else None

    def set(self, player_id: str | None) -> None:
        data = self._read()
        data.pop(self.key, None)
        data[self.key] = player_id  # last, so that the oldest are forgotten first
        kept = dict(list(data.items())[-MAX_REMEMBERED:])
        with contextlib.suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            storage.write_atomically(self.path, kept)


class Outbox:
    """One window's changes on their way to the class folder."""

    def __init__(self, local: Path, folder: Path, writer: str) -> None:
        self.folder = local / "outbox"
        self.prefix = folder_key(folder)
        self.writer = writer
        self.path = self.folder / f"{self.prefix}-{secrets.token_hex(6)}.json"
        self._lock: filelock.FileLock | None = None
        self._orphans: list[Path] = []  # outboxes taken over, removed once this one holds their changes

    def keep(self, changes: list[Change]) -> None:
        """Write `changes` (all that wait) to the local disk; `OSError` if it cannot."""
        if not changes:
            self.clear()
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        if self._lock is None:
            lock = filelock.FileLock(str(self.path.with_suffix(".lock")), timeout=0)
            lock.acquire()
            self._lock = lock
        storage.write_atomically(self.path, {"changes": [change.to_json() for change in changes]})

    def clear(self) -> None:
        if self._lock is None:
            return
        with contextlib.suppress(OSError):
            self.path.unlink(missing_ok=True)
        self._lock.release()
        with contextlib.suppress(OSError):
            self.path.with_suffix(".lock").unlink(missing_ok=True)
        self._lock = None

    def take_over(self) -> list[Change]:
        """The changes in the outboxes of this class folder that no living window holds; those
        outboxes are emptied once the changes are in this one (call `keep` first, then `drop`)."""
        changes: list[Change] = []
        with contextlib.suppress(OSError):
            for path in sorted(self.folder.glob(f"{self.prefix}-*.json")):
                lock = filelock.FileLock(str(path.with_suffix(".lock")), timeout=0)
                try:
                    lock.acquire()
                except (filelock.Timeout, OSError):
                    continue  # a living window's
                try:
                    data = storage.read_json(path)
                except storage.StorageError:
                    data = None
                lock.release()
                saved = data.get("changes") if isinstance(data, dict) else None
                for entry in saved if isinstance(saved, list) else ():
                    change = parse_change(entry, self.writer)
                    if change is not None:
                        changes.append(change)
                self._orphans.append(path)
        return changes

    def drop_taken(self) -> None:
        for path in self._orphans:
            with contextlib.suppress(OSError):
                path.unlink(missing_ok=True)
                path.with_suffix(".lock").unlink(missing_ok=True)
        self._orphans = []
