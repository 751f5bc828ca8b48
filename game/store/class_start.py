"""A new class's folder in a school, started as the school's own class is: its folder and id
file, then the school's PIN (typed in the window that adds it) and the settings that class chose.

Headless: no pygame here. Made by `game.store.school.SchoolClasses.folder_start` from the school
as it stands, then run apart from it: each step waits for the share, so a window runs it on a
job, while the command line runs it at once.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from . import own_part, storage

if TYPE_CHECKING:
    from .pin import Pin


class Opened(Protocol):
    """What starting a class needs of the class's own store: its PIN and a save."""

    @property
    def pin(self) -> Pin: ...
    def set_setting(self, name: str, value: bool | int | str) -> None: ...
    def flush(self) -> bool: ...


@dataclass(frozen=True)
class ClassStart:
    """The class's `folder`; the school's PIN `record` and the key its PIN gave this window
    (`seed`: None where it was not typed here); the school's `chosen` settings."""

    folder: Path
    record: dict[str, Any] | None
    seed: bytes | None
    chosen: dict[str, Any]
    open_class: Callable[[Path], Opened]
    read_only: bool = False

    def __call__(self) -> None:
        """The folder made where the school folder answers; else left to the class's first window
        (it is named). A PIN not typed here leaves the class to the teacher: nothing more."""
        if self.read_only:
            return
        make_folder(self.folder)
        if self.record is None or self.seed is not None:
            self._like_school()

    def _like_school(self) -> None:
        """The same digits and recovery code, so that no class of a guarded school opens to a
        child's "hold me", and the school's settings (its language, hints, test mode...), each the
        class's own to change from then on. Left to the teacher where its folder cannot be written
        now."""
        with contextlib.suppress(OSError, storage.StorageError, own_part.Refused):
            store = self.open_class(self.folder)
            if self.record is not None and self.seed is not None:
                store.pin.share(self.record, self.seed)
            for name, value in self.chosen.items():
                store.set_setting(name, value)
            store.flush()


def make_folder(folder: Path) -> None:
    """The class's folder and its id file, inside the school folder's `classes/`."""
    with contextlib.suppress(OSError, storage.StorageError, own_part.Refused):
        storage.make_folder(folder, inside=folder.parent.parent)
        own_part.start(folder, own_part.Identity(None))
