"""A group's puzzles as tiles, a page at a time, with the keyboard cursor that walks over them:
the paging is the play layer's (`Pages`); this adds where the tiles go on the screen."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from ...content.levels import Puzzle
from ...play.levels import Pages
from .layout import grid
from .level_tiles import PAGE_COLUMNS, PAGE_SIZE, ROOMY_SHAPE


class TilePages(Pages):
    """The pages (`game.play.levels.Pages`) as tiles on the screen: their shape and places."""

    def __init__(self, puzzles: Callable[[], list[Puzzle]], roomy: Callable[[], bool] = lambda: False) -> None:
        super().__init__(puzzles)
        self.roomy = roomy  # the group shown now has tiles with words on them: fewer, bigger tiles
        self.cells: list[tuple[pygame.Rect, Puzzle]] = []  # the tiles on the page shown
        # Of a page of plain tiles: PAGE_COLUMNS across a wide window (WIDE_COLUMNS across a
        # very wide one, its last row one short), in as many rows as hold PAGE_SIZE tiles.
        self.columns = PAGE_COLUMNS
        self.roomy_shape = ROOMY_SHAPE  # of a page of tiles with words: set from the room there is
        # Of a page of plain tiles in an upright window: as many as fit (`fit`); None: PAGE_SIZE.
        self.fitted: tuple[int, int] | None = None
        # The height a tile's number is sized for (None: its own): an upright page stretched to
        # fill the window shows every number of a window's size the same, however tall the tiles.
        self.number_height: int | None = None

    @property
    def shape(self) -> tuple[int, int]:
        """The columns and rows of a page of the group shown."""
        if self.roomy():
            return self.roomy_shape
        if self.fitted is not None:
            return self.fitted
        return self.columns, math.ceil(PAGE_SIZE / self.columns)

    @property
    def size(self) -> int:
        """How many tiles a page holds."""
        if self.roomy() or self.fitted is not None:
            columns, rows = self.shape
            return columns * rows
        return PAGE_SIZE  # the same puzzles on a page at every wide window's size

    def fit(self, shape: tuple[int, int] | None) -> None:
        """Plain tiles in `shape` (None: PAGE_SIZE of them), on the page of the first one shown."""
        if shape == self.fitted:
            return
        first = self.page * self.size
        self.fitted = shape
        self.open_at(first)

    def place(self, area: pygame.Rect, gap: int) -> None:
        """The tiles of the page shown, in `area`."""
        self.cells = list(zip(grid(area, *self.shape, gap), self.shown, strict=False))

    def cursor_cell(self) -> pygame.Rect | None:
        """The tile under the cursor, when it is on the page shown."""
        on_page = self.cursor_on_page
        return self.cells[on_page][0] if on_page is not None and on_page < len(self.cells) else None

    def tile_at(self, position: tuple[int, int]) -> Puzzle | None:
        return next((puzzle for rect, puzzle in self.cells if rect.collidepoint(position)), None)
