"""What stays on this computer: who writes from here, who plays here, and where (its local folder).

Headless: no pygame here. The local folder is ``$SOLOCHESS_LOCAL_DIR`` if set, else the user's
state folder (platformdirs), never the class folder: file locks work here.

- ``writer_id(local)``: this computer's user account as a writer of class folders: a random id
  kept in ``<local>/writer-id`` beside what it is bound to (`machine_binding`: the computer's
  id, its network card, its name and the user). Laptops copied from one disk image, or sharing
  one network home folder, share that file but not the binding, so each finds its own id there
  or makes one: two computers never write as one. An id is never taken over: a file of before
  (one id, bound to nothing) could be any clone's, so its id stays the part of the files it wrote,
  read by everyone, and this computer writes under a new one. ``$SOLOCHESS_WRITER`` overrides the
  id and ``$SOLOCHESS_MACHINE_ID`` the computer's part of the binding (tests, benchmarks).
- ``computer_name()``: the name the teacher sees for a computer (its host name).
- ``writer_lock(local, writer)``: serializes the windows of one writer around the read-join-write
  of their own files; if the lock cannot be had, the work goes on without it (the join keeps
  whatever the file holds).
- ``Here``: who plays on this computer, per class folder (``<local>/current.json``).
- the outbox (``<local>/outbox/``): `game.store.outbox`.
"""

from __future__ import annotations

import contextlib
import functools
import getpass
import hashlib
import os
import platform
import secrets
import socket
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import filelock
import platformdirs

from . import storage
from .shards import safe_name

LOCAL_ENV = "SOLOCHESS_LOCAL_DIR"
WRITER_ENV = "SOLOCHESS_WRITER"
MACHINE_ENV = "SOLOCHESS_MACHINE_ID"
MOST_BINDINGS = 64  # computers remembered in one shared writer-id file
LOCK_SECONDS = 5.0
MAX_REMEMBERED = 50  # class folders whose current player is remembered


def local_folder() -> Path:
    override = os.environ.get(LOCAL_ENV)
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_state_dir("solochess", appauthor=False))


def _machine_id() -> str:
    """The operating system's id of this installation (copied with a disk image unless the image
    was prepared to renew it, hence never used alone)."""
    if sys.platform == "win32":
        with contextlib.suppress(OSError, ImportError):
            import winreg

            with winreg.OpenKey(winreg.HKEY_LOCAL_MACHINE, r"SOFTWARE\Microsoft\Cryptography") as key:
                return str(winreg.QueryValueEx(key, "MachineGuid")[0])
        return ""
    for path in ("/etc/machine-id", "/var/lib/dbus/machine-id"):
        with contextlib.suppress(OSError, UnicodeDecodeError):
            return Path(path).read_text(encoding="ascii").strip()[:64]
    return ""


def _network_card() -> str:
    node = uuid.getnode()
    # A number with the multicast bit set was made up for this run: no card was found.
    return "" if node >> 40 & 1 else f"{node:012x}"


def _user() -> str:
    try:
        return getpass.getuser()
    except (OSError, KeyError, ImportError):
        return os.environ.get("USERNAME", "")


@functools.lru_cache(maxsize=1)
def _computer() -> str:
    override = os.environ.get(MACHINE_ENV)
    if override:
        return override
    return "\0".join((_machine_id(), _network_card(), socket.gethostname(), platform.node()))


def machine_binding() -> str:
    """What tells this computer's user account from every other, clones of it included."""
    computer = os.environ.get(MACHINE_ENV) or _computer()
    return hashlib.sha256(f"{computer}\0{_user()}".encode("utf-8", "surrogatepass")).hexdigest()[:24]


def computer_name() -> str:
    override = os.environ.get(MACHINE_ENV)
    name = override if override else socket.gethostname()
    return "".join(char for char in name if char.isprintable())[:40]


def _bound(path: Path) -> dict[str, str]:
    """The ids in a writer-id file, by binding ({} for a file of before, which binds nothing)."""
    try:
        data = storage.read_json(path, max_bytes=1 << 16)
    except storage.StorageError:
        return {}
    writers = data.get("writers") if isinstance(data, dict) else None
    if not isinstance(writers, dict):
        return {}
    return {binding: found for binding, found in writers.items() if isinstance(binding, str) and safe_name(found)}


def writer_id(local: Path) -> str:
    override = os.environ.get(WRITER_ENV)
    if override:
        return override if safe_name(override) else hashlib.sha256(override.encode()).hexdigest()[:12]
    path, binding = local / "writer-id", machine_binding()
    found = _bound(path).get(binding)
    if found is not None:
        return found
    made = secrets.token_hex(6)
    with contextlib.suppress(OSError):
        local.mkdir(parents=True, exist_ok=True)
        with writer_lock(local, "writer-id"):
            writers = _bound(path)
            if binding in writers:  # another window of this computer was first
                return writers[binding]
            writers[binding] = made
            kept = dict(list(writers.items())[-MOST_BINDINGS:])
            storage.write_atomically(path, {"version": 2, "writers": kept})
    # Read back: on a shared home another computer may have written at the same moment; if this
    # id did not stay in the file, the next start makes another, which is as safe.
    return made


def folder_key(folder: Path) -> str:
    return hashlib.sha256(str(folder.absolute()).encode("utf-8")).hexdigest()[:16]


@contextlib.contextmanager
def writer_lock(local: Path, writer: str) -> Iterator[bool]:
    """Held around a writer's read-join-write; yields False when it could not be had."""
    lock = None
    try:
        try:
            lock = _taken(local, writer)
        except FileNotFoundError:  # the folder made at the first lock, not looked for at every save
            local.mkdir(parents=True, exist_ok=True)
            lock = _taken(local, writer)
    except (OSError, filelock.Timeout):
        lock = None
    try:
        yield lock is not None
    finally:
        if lock is not None:
            lock.release()


def _taken(local: Path, writer: str) -> filelock.BaseFileLock:
    lock = filelock.FileLock(str(local / f"{writer}.lock"), timeout=LOCK_SECONDS, mode=storage.shared_mode(local))
    lock.acquire()
    return lock


def write_on_this_computer(path: Path, data: dict[str, Any]) -> bool:
    """`storage.write_atomically` into a folder of this computer's own, made (with the folders above it)
    where it is missing: looked for only then, not at every save. True when it was made."""
    try:
        storage.write_atomically(path, data)
        return False
    except FileNotFoundError:  # made at the first write, or deleted since
        path.parent.mkdir(parents=True, exist_ok=True)
        storage.write_atomically(path, data)
        return True


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
