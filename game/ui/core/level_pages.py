"""A group's puzzles as tiles, a page at a time, and the keyboard cursor that walks over them
(turning the page at its edge). The level select says which puzzles and where; this keeps the
page and the cursor."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from ...content.levels import Puzzle
from .layout import grid
from .level_tiles import PAGE_COLUMNS, PAGE_SIZE, ROOMY_SHAPE


class TilePages:
    def __init__(self, puzzles: Callable[[], list[Puzzle]], roomy: Callable[[], bool] = lambda: False) -> None:
        self.puzzles = puzzles  # the group shown now: it changes under the pages
        self.roomy = roomy  # the group shown now has tiles with words on them: fewer, bigger tiles
        self.cells: list[tuple[pygame.Rect, Puzzle]] = []  # the tiles on the page shown
        # Of a page of plain tiles: PAGE_COLUMNS across a wide window (WIDE_COLUMNS across a
        # very wide one, its last row one short), in as many rows as hold PAGE_SIZE tiles.
        self.columns = PAGE_COLUMNS
        self.roomy_shape = ROOMY_SHAPE  # of a page of tiles with words: set from the room there is
        self.page = 0
        self.cursor: int | None = None  # index into the group's puzzles of the keyboard cursor

    @property
    def shape(self) -> tuple[int, int]:
        """The columns and rows of a page of the group shown."""
        if self.roomy():
            return self.roomy_shape
        return self.columns, math.ceil(PAGE_SIZE / self.columns)

    @property
    def size(self) -> int:
        """How many tiles a page holds."""
        if not self.roomy():
            return PAGE_SIZE  # the same puzzles on a page at every window size
        columns, rows = self.roomy_shape
        return columns * rows

    @property
    def pages(self) -> int:
        return max(1, math.ceil(len(self.puzzles()) / self.size))

    @property
    def many(self) -> bool:
        return len(self.puzzles()) > self.size

    def show(self, next_index: int | None) -> None:
        """A group was chosen: open the page of the puzzle to play next, without a cursor."""
        self.cursor = None
        self.page = 0 if next_index is None else next_index // self.size

    def place(self, area: pygame.Rect, gap: int) -> None:
        """The tiles of the page shown, in `area`."""
        self.page = min(self.page, self.pages - 1)
        shown = self.puzzles()[self.page * self.size : (self.page + 1) * self.size]
        self.cells = list(zip(grid(area, *self.shape, gap), shown, strict=False))

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

    def cursor_cell(self) -> pygame.Rect | None:
        """The tile under the cursor, when it is on the page shown."""
        cursor = self.cursor
        if cursor is None or cursor // self.size != self.page or cursor % self.size >= len(self.cells):
            return None
        return self.cells[cursor % self.size][0]

    def tile_at(self, position: tuple[int, int]) -> Puzzle | None:
        return next((puzzle for rect, puzzle in self.cells if rect.collidepoint(position)), None)
