"""What a class folder's reader tells the teacher of the files it could not use: each file once
(by its signature), and each kind of refusal in each part of the folder (``class/``,
``children/``) in one line, the file named when it is alone, else counted with one of them named.

Headless: no pygame here; used by `game.store.classfolder` and its parts. Readers refuse from
several threads: `Told` takes them under its lock.
"""

from __future__ import annotations

import threading
from pathlib import Path

from ..i18n import Plural
from ..words import class_folder as words
from .cache import JUNK, LINK, NEWER, TOO_BIG
from .known import Signature

LEFT_OUT = "left out"  # a file read, but for entries of it (a notice's kind, never kept)
_MANY: dict[str, Plural] = {
    TOO_BIG: words.MANY_TOO_BIG,
    LINK: words.MANY_LINKS,
    NEWER: words.MANY_NEWER,
    LEFT_OUT: words.MANY_LEFT_OUT,
}


def problem_words(kind: str, path: Path) -> str:
    """A problem this computer's cache kept of a file (`FolderCache.listing`), in words."""
    if kind == JUNK:  # a teacher's snapshot names the junk it read
        return words.unreadable_words(path)
    return words.too_big_words(path) if kind == TOO_BIG else words.link_words(path)


class Told:
    """The notices of a class folder (`notices`, taken by the caller) and what it told already."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.notices: list[str] = []
        self._reported: set[tuple[Path, Signature | None]] = set()
        # The files refused in the read under way, by kind and part of the folder: said in one
        # line each (`tell_refusals`), however many a pupil made. Readers add from several threads.
        self._refusals: dict[tuple[str, str], list[tuple[str, str]]] = {}
        self._telling = threading.Lock()

    def report(self, path: Path, signature: Signature | None, notice: str) -> None:
        """`notice` of the file at `path` as it is (`signature`), once."""
        with self._telling:
            if (path, signature) in self._reported:
                return
            self._reported.add((path, signature))
        self.notices.append(notice)

    def refuse(self, kind: str, path: Path, signature: Signature | None, words: str) -> None:
        """A file refused (or read but for entries of it), once: told with the others of its
        kind in its part of the folder (`tell_refusals`), in `words` when it is alone."""
        with self._telling:
            if (path, signature) in self._reported:
                return
            self._reported.add((path, signature))
            name = path.relative_to(self.root).as_posix()
            self._refusals.setdefault((kind, name.split("/")[0]), []).append((name, words))

    def tell_refusals(self) -> None:
        """One line for each kind of refusal in each part of the folder (``class/``,
        ``children/``): a file alone is named as before; many are counted, one of them named.
        Thousands of junk files are one line on the teacher's screen and in `report`, not
        thousands; a damaged file, one too big, a link and a newer version's stay apart."""
        with self._telling:
            refusals, self._refusals = self._refusals, {}
        for (kind, part), files in sorted(refusals.items()):
            if len(files) == 1:
                self.notices.append(files[0][1])
            else:
                example = min(name for name, _words in files)
                many = _MANY.get(kind, words.MANY_UNREADABLE)
                self.notices.append(words.many_words(many, len(files), f"{part}/", example))
