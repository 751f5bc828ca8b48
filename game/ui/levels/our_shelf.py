"""The class's own puzzles as the level select shows them: the group's puzzles, titled for the
board, their makers, and what the last read of their file found. The file is read again in the
background whenever it changed, so a puzzle saved in another window appears."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from ...content.levels import Level
from ...content.next import OURS
from ...i18n import _, ngettext
from ...store.ourpuzzles import OursRead, collection_path, file_signature
from ..core import theme


def ours_title(number: int, maker: str) -> str:
    if maker:
        return _("Our puzzles {number} · by {maker}").format(number=number, maker=maker)
    return _("Our puzzles {number}").format(number=number)


class OurShelf:
    def __init__(self) -> None:
        self.level = Level(OURS)
        self.read: OursRead | None = None
        self.makers: dict[str, str] = {}  # puzzle id -> its maker
        self.names: dict[str, str] = {}  # puzzle id -> the name its maker gave it

    def stale(self, folder: Path) -> bool:
        """The file changed since it was last read (or was never read)."""
        return self.read is None or self.read.signature != file_signature(collection_path(folder))

    def take(self, found: OursRead) -> str:
        """Keep what a read found; a message about its problems, or none."""
        self.read = found
        self.makers = {ours.puzzle.id: ours.maker for ours in found.puzzles}
        self.names = {ours.puzzle.id: ours.name for ours in found.puzzles}
        self.retitle()
        if not found.problems:
            return ""
        return ngettext(
            "Some of our puzzles could not be read ({count} problem): {first}",
            "Some of our puzzles could not be read ({count} problems): {first}",
            len(found.problems),
        ).format(count=len(found.problems), first=found.problems[0])

    def retitle(self) -> None:
        """Name the class's puzzles for the board, in the language chosen now."""
        found = self.read.puzzles if self.read else []
        self.level.puzzles = [
            replace(ours.puzzle, title=ours_title(number, ours.maker)) for number, ours in enumerate(found, 1)
        ]

    @property
    def empty(self) -> bool:
        """Read, and nothing there: the group offers the maker instead."""
        return self.read is not None and not self.level.puzzles

    def header(self) -> tuple[str, theme.Color]:
        count = len(self.level.puzzles)
        if self.read is None:
            return _("Looking for our puzzles…"), theme.SOFT_INK
        if not count:
            return _("No puzzles of our own yet — make one with Make a puzzle."), theme.INK
        text = ngettext("Our puzzles: {count} puzzle made here", "Our puzzles: {count} puzzles made here", count)
        return text.format(count=count), theme.SOFT_INK
