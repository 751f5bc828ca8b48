"""The level select's choices, headless: a group's puzzles a page at a time and the keyboard
cursor over them (turning the page at its edge), which tile the cursor is on, and the page a
group opens at (the puzzle to play next, as `game.content.next` decides). How many tiles fit a
page is the screen's to say (`size`, `page_shape`); the screen's tiles build on this (`TilePages`)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from ..content.levels import Puzzle


def fitting(room: int, least: int, gap: int, most: int) -> int:
    """How many things at least `least` long, `gap` apart, fit along `room`: one at least (a
    window too small for one still shows one), `most` at most."""
    return max(1, min(most, (room + gap) // (least + gap)))


def page_shape(room: tuple[int, int], least: tuple[int, int], gap: int, most: tuple[int, int, int]) -> tuple[int, int]:
    """The columns and rows of a page whose tiles are as many as fit in `room` (width, height),
    each at least `least` big: `most` columns, rows and tiles at most."""
    columns = fitting(room[0], least[0], gap, most[0])
    rows = fitting(room[1], least[1], gap, most[1])
    return columns, max(1, min(rows, most[2] // columns))


class Pages:
    def __init__(self, puzzles: Callable[[], Sequence[Puzzle]], size: int = 1) -> None:
        self.puzzles = puzzles  # the group shown now: it changes under the pages
        self.page_size = size
        self.page = 0
        self.cursor: int | None = None  # index into the group's puzzles of the keyboard cursor

    @property
    def size(self) -> int:
        """How many tiles a page holds."""
        return self.page_size

    @property
    def pages(self) -> int:
        return max(1, math.ceil(len(self.puzzles()) / self.size))

    @property
    def many(self) -> bool:
        return len(self.puzzles()) > self.size

    @property
    def shown(self) -> Sequence[Puzzle]:
        """The puzzles on the page shown (a group that shrank brings the page back in)."""
        self.page = min(self.page, self.pages - 1)
        return self.puzzles()[self.page * self.size : (self.page + 1) * self.size]

    def show(self, next_index: int | None) -> None:
        """A group was chosen: open the page of the puzzle to play next, without a cursor."""
        self.cursor = None
        self.page = 0 if next_index is None else next_index // self.size

    def open_at(self, first: int) -> None:
        """The page size changed: open the page holding the cursor, or `first` (the first
        puzzle shown before), so the child does not lose her place."""
        self.page = (first if self.cursor is None else self.cursor) // self.size

    def turn(self, step: int) -> bool:
        """Turn the page (the cursor keeps its place on it); False when there is none that way."""
        page = min(self.pages - 1, max(0, self.page + step))
        if page == self.page:
            return False
        self.page = page
        if self.cursor is not None:
            last = max(0, len(self.puzzles()) - 1)
            self.cursor = min(last, page * self.size + self.cursor % self.size)
        return True

    def walk(self, step: int, next_index: int | None) -> bool:
        """The first arrow puts the cursor on the Next tile (or the page's first); then it
        walks. True when it moved onto another page."""
        if not self.puzzles():
            return False
        if self.cursor is None:
            start = next_index or 0
            on_page = self.page * self.size <= start < (self.page + 1) * self.size
            self.cursor = start if on_page else self.page * self.size
        else:
            self.cursor = min(len(self.puzzles()) - 1, max(0, self.cursor + step))
        if self.cursor // self.size == self.page:
            return False
        self.page = self.cursor // self.size
        return True

    def under_cursor(self) -> Puzzle | None:
        puzzles = self.puzzles()
        return puzzles[min(self.cursor, len(puzzles) - 1)] if self.cursor is not None and puzzles else None

    @property
    def cursor_on_page(self) -> int | None:
        """Where the cursor is among the tiles of the page shown, when it is on it."""
        cursor = self.cursor
        if cursor is None or cursor // self.size != self.page or cursor % self.size >= len(self.shown):
            return None
        return cursor % self.size
