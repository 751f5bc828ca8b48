"""Where the class folder stands, in the teacher's words; and the teacher's step that makes it.

Headless: no pygame here. Part of the store (`game.store.progress.ProgressStore`:
``store.folder_status``).

- ``state`` (`FolderState`): whether the class folder took the last save (or answered the last read).
- ``words() -> str | None``: what the teacher is told when the folder did not take a save.
- ``holds_no_class``, ``problem``: the folder at the class folder's path is not the class (yet).
- ``copy_read_at() -> float | None``: while the folder is away and the class shown is this
  computer's copy of it, when this computer last read the folder (0.0: not known); None when the
  class was read just now. Every page made from the copy says so (`game.outputs.copies`).
- ``make_class_folder() -> bool``: the teacher's deliberate step (`solochess class init`).
"""

from __future__ import annotations

from pathlib import Path

from ..words.class_folder import away_words, refused_words
from . import storage
from .classfolder import FolderState
from .own_part import Found
from .sync import Sync


class FolderStatus:
    def __init__(self, sync: Sync, folder: Path) -> None:
        self._sync = sync
        self._folder = folder

    @property
    def state(self) -> FolderState:
        """Whether the class folder took the last save (or answered the last read)."""
        return self._sync.disk.state

    def copy_read_at(self) -> float | None:
        """When this computer last read the class folder (its clock, seconds since the epoch),
        while what this store holds of the class is this computer's copy: the folder away and
        the class known. 0.0 when it does not know when; None when the class was read just now."""
        if self._sync.disk.state is not FolderState.AWAY or not self._sync.state.players:
            return None
        return self._sync.disk.read_at()

    def words(self) -> str | None:
        """What the teacher is told when the class folder did not take a save; None when it did."""
        disk = self._sync.disk
        if disk.state is FolderState.AWAY:
            return disk.not_class or away_words(self._folder)
        if disk.state is FolderState.REFUSED:
            return disk.refusal or refused_words(disk.reason)
        return None

    @property
    def holds_no_class(self) -> bool:
        """The folder at the class folder's path never held a class, and this window may not start
        one there (a folder the site or $SOLOCHESS_DATA_DIR names): nothing is written into it
        until the teacher makes it the class (`make_class_folder`)."""
        return self._sync.disk.state is FolderState.AWAY and self._sync.disk.found is Found.NONE

    @property
    def problem(self) -> str | None:
        """Why the folder at the class folder's path is not the class now (it holds none, another
        class's, a share not mounted), in the words its notice said; None once it is the class."""
        return self._sync.disk.not_class

    def make_class_folder(self) -> bool:
        """The teacher's deliberate step (`solochess class init`, "Make the class folder here"):
        the folder becomes the class (`own_part.start`), then what waited on this computer is
        written into it and the class read. True when it became the class now, False when it
        was; `own_part.Refused` with the words why not (another class's, an unmounted share's)."""
        if self._sync.read_only:
            raise storage.StorageError("read only")
        self._sync.settle()
        made = self._sync.disk.start()
        self._sync.refresh()
        self._sync.first_start = not self._sync.disk.has_anything  # a new class takes the school's defaults
        return made
