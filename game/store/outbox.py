"""A window's changes on their way to the class folder, kept on this computer first.

Headless: no pygame here; used by `game.store.sync`, one `Outbox` per window.

``Outbox``: a window's changes not yet in the class folder, written before the class folder is
tried (``<local>/outbox/<folder>-<window>.json``, locked from its first save while the window
lives). A window that starts takes over the outboxes that no living window holds: what a window
closed or killed while the class folder was away reaches it at the next start; and it removes
the lock files of windows that ended holding nothing (killed, or never closed).
"""

from __future__ import annotations

import contextlib
import secrets
from pathlib import Path

import filelock

from . import storage
from .change import Change, parse_change
from .local import folder_key, write_on_this_computer


class Outbox:
    """One window's changes on their way to the class folder."""

    def __init__(self, local: Path, folder: Path, writer: str) -> None:
        self.folder = local / "outbox"
        self.prefix = folder_key(folder)
        self.writer = writer
        # The writer in the name: on a shared home, a computer takes over only its own outboxes.
        self.path = self.folder / f"{self.prefix}-{writer}-{secrets.token_hex(6)}.json"
        self._lock: filelock.FileLock | None = None
        self._orphans: list[Path] = []  # outboxes taken over, removed once this one holds their changes

    def keep(self, changes: list[Change]) -> None:
        """Write `changes` (all that wait) to the local disk; `OSError` if it cannot. The lock is
        taken at the first save and held while the window lives: taken and let go at every save
        (its file made and removed each time) it cost more than the write."""
        if not changes:
            self.clear()
            return
        if self._lock is None:
            self.folder.mkdir(parents=True, exist_ok=True)
            lock = filelock.FileLock(str(self.path.with_suffix(".lock")), timeout=0)
            lock.acquire()
            self._lock = lock
        # The folder made again if it was deleted under the window.
        write_on_this_computer(self.path, {"changes": [change.to_json() for change in changes]})

    def clear(self) -> None:
        """Nothing waits: the outbox's file goes (its lock stays this window's)."""
        if self._lock is None:
            return
        with contextlib.suppress(OSError):
            self.path.unlink(missing_ok=True)

    def let_go(self) -> None:
        """The window closes: what waits here stays, for the next window or command of this
        computer to take over (`take_over`), which it may at once, not only once this process ends;
        when nothing waits, the lock's file goes too."""
        if self._lock is None:
            return
        if not self.path.exists():
            with contextlib.suppress(OSError):
                self.path.with_suffix(".lock").unlink(missing_ok=True)
        self._lock.release()
        self._lock = None

    def take_over(self) -> list[Change]:
        """The changes in the outboxes of this class folder that no living window holds; those
        outboxes are emptied once the changes are in this one (call `keep` first, then `drop`).
        The lock files of windows that ended with nothing waiting are removed."""
        changes: list[Change] = []
        with contextlib.suppress(OSError):
            for path in sorted(self.folder.glob(f"{self.prefix}-*")):
                if not self._mine(path) or path.suffix not in (".json", ".lock"):
                    continue
                if path.suffix == ".lock":
                    if not path.with_suffix(".json").exists():
                        _remove_unheld(path)
                    continue
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

    def _mine(self, path: Path) -> bool:
        """This writer's outbox, or one of before outboxes were named by writer."""
        middle = path.stem[len(self.prefix) + 1 :]
        return middle.rpartition("-")[0] == self.writer or "-" not in middle

    def drop_taken(self) -> None:
        for path in self._orphans:
            with contextlib.suppress(OSError):
                path.unlink(missing_ok=True)
                path.with_suffix(".lock").unlink(missing_ok=True)
        self._orphans = []


def _remove_unheld(lock_path: Path) -> None:
    """An outbox's lock file with no outbox beside it, removed unless a living window holds it
    (a window that ended without letting go: killed, or its store never closed)."""
    lock = filelock.FileLock(str(lock_path), timeout=0)
    try:
        lock.acquire()
    except (filelock.Timeout, OSError):
        return
    try:
        lock_path.unlink(missing_ok=True)
    except OSError:
        pass
    finally:
        lock.release()
