"""What this computer keeps of its own part of a class folder, on its own disk.

Headless: no pygame here; used by `game.store.classfolder` on the disk worker.

A pupil can delete, empty or roll back any file of the class folder, a share can come back
empty, and a mount point whose share is not mounted is an empty local folder at the class
folder's path. Two things kept on this computer answer that (docs/threat-model.md):

- ``Mirror`` (`game.store.mirror`): the last version of each file this writer wrote (its class file and its file in
  each child's folder). Where the file in the class folder is missing, damaged or holds less
  than this copy, the class folder takes the copy again (`classfolder.ClassFolder` writes it).
- ``Identity``: the class folder carries its identity, ``solochess-class.json`` (a random id
  the first computer writes). Each computer remembers the id it read with the folder's path;
  a folder at that path without the id and without the class's files is not the class (a share
  not mounted, or emptied), so nothing is written into it. An id file deleted is written again
  by a computer that knows the id; one that never read the class makes none up for it. A
  folder that never held a class is made one only by a deliberate step: the teacher's (`start`:
  `solochess class init`, the class screen's "Make the class folder here"), or the game's first
  save in the user's own folder (`may_start`, `site.may_make_folder`).
"""

from __future__ import annotations

import contextlib
import enum
import json
import os
import secrets
import time
from pathlib import Path

from ..i18n import _
from . import storage
from .mirror import Mirror as Mirror  # where docs/architecture.md and docs/threat-model.md name it
from .site import may_make_under

ID_FILE = "solochess-class.json"
_ID_BYTES = 4096
_CLASS_NAMES = ("class", "children", "progress.json")  # what a folder that holds a class holds


class Found(enum.Enum):
    """What the identity check found at the class folder's path."""

    CLASS = "class"  # the class this computer knows (or a class it meets for the first time)
    UNMOUNTED = "unmounted"  # an empty folder where this computer read a class: not mounted
    OTHER = "other"  # another class's id: this computer's changes are not for it
    NONE = "none"  # a folder that never held a class, and this computer may not start one
    UNANSWERED = "unanswered"  # there, but its listing does not answer (a share's client that kept a look)


def _read_id(path: Path) -> str | None:
    try:
        data = storage.read_json(path, max_bytes=_ID_BYTES, links=False)
    except (storage.StorageError, OSError):
        return None
    value = data.get("class") if isinstance(data, dict) else None
    return value if isinstance(value, str) and len(value) == 32 and value.isalnum() else None


class Identity:
    """The id of the class at one folder's path, as this computer remembers it (with the id
    file's size and time, so a start that finds it as it was does not open it)."""

    def __init__(self, place: Path | None) -> None:
        self.place = place  # <local>/own/<folder key>/identity.json; None: nothing remembered
        self.known: str | None = None
        self.signature: list[int] | None = None  # the id file's (time, size) when it was read
        if place is not None:
            with contextlib.suppress(OSError, ValueError):
                data = json.loads(place.read_text(encoding="utf-8"))
                known = data.get("class") if isinstance(data, dict) else None
                self.known = known if isinstance(known, str) else None
                signature = data.get("signature") if self.known else None
                self.signature = signature if isinstance(signature, list) else None

    def _remember(self, class_id: str, signature: tuple[int, int] | None) -> None:
        self.known = class_id
        self.signature = None if signature is None else list(signature)
        if self.place is not None:
            with contextlib.suppress(OSError):
                storage.make_folder(self.place.parent)
                storage.write_atomically(self.place, {"class": class_id, "signature": self.signature})

    def as_read(self, root: Path) -> bool:
        """Whether the id file at `root` is as it was when this computer last read it: then the
        folder is there, and is the class (one look)."""
        signature = storage.signature(root / ID_FILE)
        return signature is not None and self.known is not None and self.signature == list(signature)

    def check(self, root: Path, may_start: bool, writing: bool, deliberate: bool = False) -> Found:
        """Whether `root` is the class. Before a write (`writing`), the id file is written where it
        is missing or damaged and this computer knows the id, or where it is missing and the
        folder may be started as a class; a read writes nothing. A computer that knows no id
        makes none up for a folder that holds a class (its id file deleted): made up, it would
        take the class from every computer that knows it. The teacher's step (`deliberate`)
        gives an old folder, made before ids, its first."""
        path = root / ID_FILE
        signature = storage.signature(path)
        if signature is not None and self.known is not None and self.signature == list(signature):
            return Found.CLASS  # as it was when it was read: not opened again
        found = _read_id(path) if signature is not None else None
        if found is not None:
            if self.known is None or found == self.known:
                self._remember(found, signature)
                return Found.CLASS
            return Found.OTHER
        holds = _holds_a_class(root)
        if holds is None:
            return Found.UNANSWERED
        if not holds and self.known is not None:
            return Found.UNMOUNTED
        if not holds and not may_start:
            return Found.NONE
        return self._write_id(path, signature, make_up=deliberate or not holds) if writing else Found.CLASS

    def _write_id(self, path: Path, signature: tuple[int, int] | None, make_up: bool) -> Found:
        if signature is None and self.known is None and not make_up:
            return Found.CLASS  # left for a computer that knows the id, as a damaged one is
        if signature is None:  # none there: made (a first write, or it was deleted)
            class_id = _claim(path, self.known or secrets.token_hex(16))
            if class_id is None:
                # Made this moment by another computer and not readable yet (a share's client
                # is slow to show what another wrote): the folder holds the class or may be
                # started as one, so the write goes ahead; the id is read at the next check.
                return Found.CLASS
            if self.known is not None and class_id != self.known:
                return Found.OTHER
            self._remember(class_id, storage.signature(path))
        elif self.known is not None:  # damaged (emptied, junk): written again
            storage.write_atomically(path, {"version": 1, "class": self.known})
            self._remember(self.known, storage.signature(path))
        # A damaged one on a computer that knows no id is left for one that knows it.
        return Found.CLASS


def _holds_a_class(root: Path) -> bool | None:
    """Whether the folder holds a class's files (None: its listing does not answer)."""
    try:
        with os.scandir(root) as listing:
            return any(entry.name in _CLASS_NAMES for entry in listing)
    except OSError:
        return None


def _claim(path: Path, class_id: str) -> str | None:
    """The id file made with `class_id`, unless another computer made it first (twenty laptops
    start on an empty folder at once): then the id it wrote, or None while it cannot be read
    yet. Made only where it is not there, so no computer writes over another's id."""
    text = json.dumps({"version": 1, "class": class_id}).encode("utf-8")
    try:
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, storage.shared_mode(path.parent))
    except FileExistsError:
        for pause in (0.0, 0.05, 0.2, 0.5):  # being written by the computer that made it
            time.sleep(pause)
            found = _read_id(path)
            if found is not None:
                return found
        return None
    with os.fdopen(handle, "wb") as opened:
        opened.write(text)
        opened.flush()
        os.fsync(opened.fileno())
    return class_id


class Refused(Exception):
    """The teacher's step did not make the folder the class's: `words` say why, in one sentence."""

    def __init__(self, words: str) -> None:
        super().__init__(words)
        self.words = words


def _refusal(found: Found, root: Path) -> str:
    if found is Found.OTHER:
        return _("{folder} holds another class, so nothing was changed: ask IT which folder is the class's.").format(
            folder=root
        )
    if found is Found.UNMOUNTED:
        return _(
            "{folder} is empty, but this computer read a class there: the share is probably not connected, "
            "so nothing was written. Connect it and try again."
        ).format(folder=root)
    return _("{folder} does not answer, so nothing was written.").format(folder=root)


def start(root: Path, identity: Identity) -> bool:
    """The teacher's deliberate step: the folder at `root` made the class's (the id file, and
    `class/` and `children/`), made itself where it is missing and may be (`may_make_under`).
    True: made now; False: it held a class already (nothing changed, but an old folder's missing
    id). `Refused` for another class's folder, an empty one where this computer read a class (a
    share not connected), a missing one under an empty folder, one that does not answer or
    cannot be written."""
    try:
        held = root.is_dir() and any((root / name).exists() for name in (ID_FILE, *_CLASS_NAMES))
        if not root.is_dir():
            if not may_make_under(root):
                raise Refused(
                    _(
                        "{folder} is not there and {parent} is empty or missing (a share not connected?), "
                        "so nothing was made."
                    ).format(folder=root, parent=root.parent)
                )
            storage.make_folder(root)
        found = identity.check(root, may_start=True, writing=True, deliberate=True)
        if found is not Found.CLASS:
            raise Refused(_refusal(found, root))
        for name in _CLASS_NAMES[:2]:
            storage.make_folder(root / name, inside=root)
    except (OSError, storage.StorageError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise Refused(
            _("{folder} cannot be made the class folder: {reason}.").format(folder=root, reason=reason)
        ) from None
    return not held
