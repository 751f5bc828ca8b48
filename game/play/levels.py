"""The level select's choices, headless: which group is shown, its puzzles a page at a time,
the keyboard cursor over the tiles (turning the page at its edge), and what the chosen tile,
Continue or Enter opens. What to play next is decided in `game.content.next`; this keeps the
choice and its page. How many tiles fit a page is the screen's to say (`size`)."""

from __future__ import annotations

import math
from collections.abc import Sequence, Set
from dataclasses import dataclass

from ..content import next as what_next
from ..content.levels import Level, Puzzle


@dataclass
class LevelChoices:
    levels: Sequence[Level]
    level_index: int = 0
    size: int = 1  # tiles a page holds: the screen sets it
    page: int = 0
    cursor: int | None = None  # index into the group's puzzles of the keyboard cursor

    @property
    def level(self) -> Level | None:
        return self.levels[self.level_index] if self.levels else None

    @property
    def puzzles(self) -> Sequence[Puzzle]:
        level = self.level
        return level.puzzles if level is not None else []

    @property
    def pages(self) -> int:
        return max(1, math.ceil(len(self.puzzles) / self.size))

    @property
    def shown(self) -> Sequence[Puzzle]:
        """The puzzles on the page shown."""
        self.page = min(self.page, self.pages - 1)
        return self.puzzles[self.page * self.size : (self.page + 1) * self.size]

    def next_index(self, solved: Set[str]) -> int | None:
        """Where in the group the child plays next; None when she solved all of it."""
        return what_next.next_index(self.puzzles, solved) if self.puzzles else None

    def choose(self, index: int, solved: Set[str]) -> None:
        """A group was chosen: open the page of the puzzle to play next, without a cursor."""
        self.level_index = index
        self.cursor = None
        start = self.next_index(solved)
        self.page = 0 if start is None else start // self.size

    def turn(self, step: int) -> bool:
        """Turn the page (the cursor keeps its place on it); False when there is none that way."""
        page = min(self.pages - 1, max(0, self.page + step))
        if page == self.page:
            return False
        self.page = page
        if self.cursor is not None:
            last = max(0, len(self.puzzles) - 1)
            self.cursor = min(last, page * self.size + self.cursor % self.size)
        return True

    def walk(self, step: int, solved: Set[str]) -> bool:
        """The first arrow puts the cursor on the Next tile (or the page's first); then it
        walks. True when it moved onto another page."""
        if not self.puzzles:
            return False
        if self.cursor is None:
            start = self.next_index(solved) or 0
            on_page = self.page * self.size <= start < (self.page + 1) * self.size
            self.cursor = start if on_page else self.page * self.size
        else:
            self.cursor = min(len(self.puzzles) - 1, max(0, self.cursor + step))
        if self.cursor // self.size == self.page:
            return False
        self.page = self.cursor // self.size
        return True

    def under_cursor(self) -> Puzzle | None:
        puzzles = self.puzzles
        return puzzles[min(self.cursor, len(puzzles) - 1)] if self.cursor is not None and puzzles else None

    @property
    def cursor_on_page(self) -> int | None:
        """Where the cursor is among the tiles of the page shown, when it is on it."""
        cursor = self.cursor
        if cursor is None or cursor // self.size != self.page or cursor % self.size >= len(self.shown):
            return None
        return cursor % self.size
