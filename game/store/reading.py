"""A class folder's files read and parsed, or refused: a file read before as it is now is taken
from this computer's copy, one refused before is not opened again, one being replaced while it is
read is read again, and one that cannot be used is said once (`Told`), remembered (another
writer's), or set aside (this writer's own, or the old file).

Headless: no pygame here; used by `game.store.classfolder` and its parts on the disk worker.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

from ..words import class_folder as words
from . import legacy, listing, storage
from .cache import JUNK, NEWER, TOO_BIG
from .known import Place, Signature
from .listing import Lister, in_parallel
from .shards import DAMAGED, EMPTIED, Newer
from .told import LEFT_OUT, Told

T = TypeVar("T")
OLD_FILE_BYTES = 64 * 1024 * 1024  # the old one-file progress held the whole class


class _Replaced(Exception):
    """A file changed while it was read (another computer's save renamed over it)."""


class _Damaged(storage.Corrupt):
    """A file read from the folder that is not JSON, with the signature it had when it was opened."""

    def __init__(self, error: storage.Corrupt, signature: tuple[int, int]) -> None:
        super().__init__(str(error))
        self.signature = signature


class Reader:
    """Reads the files of one class folder; `aside`, this writer's files set aside (by name:
    emptied or damaged) until they are restored; `stopped`, the last read stopped for a save."""

    def __init__(self, place: Place, lister: Lister, told: Told) -> None:
        self.place, self.lister, self.told = place, lister, told
        self.aside: dict[str, str] = {}
        self.stopped = False

    def read_many(
        self,
        path_of: Callable[[str], Path],
        wanted: list[tuple[str, Signature]],
        parse: Callable[[object, str], T],
        stop: Callable[[], bool] | None = None,
    ) -> Iterator[tuple[str, Signature, T | None]]:
        """Each wanted writer's file of one folder, parsed (`read`), in order; several read at
        once when there are many (on a share each is a wait, and a pupil's thousands of files
        would hold an honest one back). When `stop()` becomes true (a save waits) it ends
        (``stopped``): the files not given keep their old signatures, so the next scan reads them."""

        def read(item: tuple[str, Signature]) -> tuple[bool, T | None]:
            if stop is not None and stop():
                return False, None
            return True, self.read(path_of(item[0]), item[1], parse, item[0])

        for (writer, signature), (was_read, parsed) in zip(wanted, in_parallel(read, wanted), strict=True):
            if not was_read:
                self.stopped = True
                return
            yield writer, signature, parsed

    def read(self, path: Path, signature: Signature | None, parse: Callable[[object, str], T], writer: str) -> T | None:
        """The parsed file, or None when it cannot be used (reported once; set aside when own).
        A file read before as it is now is read from this computer's copy, and one refused before
        is not opened again. A file that could not be read while it was being replaced (its size
        and time changed meanwhile) is read again, never reported as damaged."""
        for pause in (0.05, 0.2, None):
            try:
                return self._read_once(path, signature, parse, writer)
            except _Replaced:
                if pause is None:
                    return None  # still being replaced: read at the next scan
                time.sleep(pause)
                signature = storage.signature(path)
        return None

    def _read_once(
        self, path: Path, signature: Signature | None, parse: Callable[[object, str], T], writer: str
    ) -> T | None:
        old_file = path.name == legacy.FILE_NAME
        name = self.place.name(path)
        known = signature if isinstance(signature, tuple) and len(signature) == 2 and not old_file else None
        if known is not None and self._refused_before(path, name, known, writer):
            return None
        read_as: tuple[int, int] | None = None
        try:
            data, fresh, read_as = self._data(path, name, known, old_file)
            if data is None:
                return None
            parsed = parse(data, writer)
        except (storage.TooBig, Newer, storage.Unreadable, storage.Corrupt, ValueError) as error:
            if not isinstance(error, (storage.TooBig, Newer)) and not old_file:
                opened_as = error.signature if isinstance(error, _Damaged) else read_as
                # The file opened was the one listed: its damage is its own, with no look more.
                if opened_as != signature and storage.signature(path) != signature:
                    raise _Replaced from None  # being replaced while it was read: read again
            self._unusable(error, path, signature, writer)
            return None
        left_out = getattr(parsed, "left_out", 0)
        if left_out:
            self.told.refuse(LEFT_OUT, path, signature, words.left_out_words(left_out, path))
        if fresh is not None and read_as is not None and not old_file:
            self.place.cache.keep(name, read_as, fresh)
        return parsed

    def _unusable(self, error: Exception, path: Path, signature: Signature | None, writer: str) -> None:
        """A file that cannot be used: said once, remembered (another's), or set aside (its own)."""
        old_file = path.name == legacy.FILE_NAME
        name = self.place.name(path)
        known = signature if isinstance(signature, tuple) and len(signature) == 2 and not old_file else None
        if isinstance(error, storage.TooBig):
            self.told.refuse(TOO_BIG, path, signature, words.too_big_words(path))
        elif isinstance(error, Newer):
            self.told.refuse(NEWER, path, signature, words.newer_words(path))
            if known is not None:
                self.place.cache.refuse(name, known, NEWER)
        elif isinstance(error, storage.Unreadable):
            self.told.refuse(JUNK, path, signature, words.unreadable_words(path))
        elif writer == self.place.writer or old_file:  # damaged; the old file is no one's to write
            self.set_aside(path)
        else:
            self.told.refuse(JUNK, path, signature, words.unreadable_words(path))
            if known is not None:
                self.place.cache.refuse(name, known, JUNK)

    def _refused_before(self, path: Path, name: str, signature: tuple[int, int], writer: str) -> bool:
        """True (and the notice given again) for a file this computer found unusable as it is now."""
        kind = self.place.cache.kind(name, signature)
        if kind == NEWER:
            self.told.refuse(NEWER, path, signature, words.newer_words(path))
            return True
        if kind == JUNK and writer != self.place.writer:  # this writer's own is set aside instead
            self.told.refuse(JUNK, path, signature, words.unreadable_words(path))
            return True
        return False

    def _data(
        self, path: Path, name: str, known: tuple[int, int] | None, old_file: bool
    ) -> tuple[object | None, bytes | None, tuple[int, int] | None]:
        """What the file holds, from this computer's copy when it is the same file; with the
        bytes and signature as read from the folder, when they were (to be kept)."""
        fetched = self.lister.fetched.pop(path, None)
        if fetched is not None and known is not None and fetched[1] == known:  # read when listed
            try:
                return storage.decode_json(fetched[0]), fetched[0], known
            except storage.Corrupt as error:
                raise _Damaged(error, known) from error
        raw = None if known is None else self.place.cache.copy(name, known)
        if raw is not None:
            with contextlib.suppress(storage.Corrupt):  # a damaged copy: the file is read
                return storage.decode_json(raw), None, known
        read = storage.read_raw(path, max_bytes=OLD_FILE_BYTES if old_file else listing.MAX_BYTES, links=False)
        if read is None:
            return None, None, None
        try:
            return storage.decode_json(read[0]), read[0], read[1]
        except storage.Corrupt as error:
            raise _Damaged(error, read[1]) from error

    def set_aside(self, path: Path) -> None:
        """This writer's own damaged file (or the old file) renamed aside, and said; only said
        when reading for a report."""
        if self.place.read_only:
            self.told.report(path, None, words.own_unreadable_words())
            return
        size = storage.signature(path)
        try:
            aside = storage.set_aside(path)
        except storage.Unreadable:
            self.told.report(path, None, words.own_unreadable_words())
            return
        with contextlib.suppress(ValueError):  # the old file is no one's to restore
            found = EMPTIED if size is not None and size[1] == 0 else DAMAGED
            self.aside[self.place.name(path)] = found
        self.told.notices.append(words.own_set_aside_words(aside.name))
