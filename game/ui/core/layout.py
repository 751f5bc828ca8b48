"""Where things go for the current window size. Every scene lays itself out from this one
object, and turns pixels into board squares through it."""

from __future__ import annotations

import copy
from dataclasses import dataclass

import pygame

from ...rules.squares import SIZE
from . import theme

MIN_TEXT_PX = 18  # the smallest font size of any text (a grown-up's), at any window size
# Font sizes are pygame's: the bundled font draws a size at 0.6875 of it (as pygame's own font
# did), so the text a child needs (messages, names, level names, puzzle numbers) is at least
# this size, whose letters are 18.6 px high (em), the "18 px" of the classroom checks.
CHILD_TEXT_SIZE = 27
MIN_FONT = CHILD_TEXT_SIZE  # the least a child should have to read, on the board and after a solve
MIN_TARGET_PX = 44  # the smallest thing to click or touch
# The side panel's least width beside the board: two buttons a row with a child's words on them.
PANEL_LEAST = 330


class Layout:
    def __init__(self, size: tuple[int, int]) -> None:
        self.width, self.height = size
        self.screen = pygame.Rect(0, 0, self.width, self.height)
        short = min(self.width, self.height)
        self.margin = max(8, short // 32)
        self.landscape = self.width >= self.height * 1.15
        # A base unit for text and spacing, so everything grows with the window. Beside the
        # board a panel shares the width; under it (an upright window) the panel has the whole
        # width, so there the unit follows the window's height as much as its width, and is
        # never under 800x600's (20) while the width allows it: a child's words and 44 px
        # buttons at 480x640 as at 800x600.
        if self.landscape:
            self.unit = max(10, min(short // 26, self.width // 40))
        else:
            self.unit = max(10, min(self.height // 32, max(self.width // 30, min(self.width // 24, 20))))
        self.aside = pygame.Rect(0, 0, 0, 0)  # a column beside an upright window's board, if any
        self._place_board()

    def held_to_height(self) -> Layout:
        """This layout with its unit held to a thirtieth of the window's height as well: for a
        screen of rows down the window, whose bars (grown with a wider window of the same
        height) would otherwise leave its content less room, and so smaller text."""
        held = copy.copy(self)
        held.unit = max(10, min(self.unit, self.height // 30))
        return held

    def board_shorter(self, pixels: int) -> Layout:
        """This upright layout with its board `pixels` shorter (to whole squares) and the panel
        under it that much taller: for a panel whose buttons need a third row."""
        if self.landscape or pixels <= 0:
            return self
        shorter = copy.copy(self)
        side = self.board.width - pixels
        side -= side % SIZE
        shorter.board = pygame.Rect((self.width - side) // 2, self.board.y, side, side)
        shorter.panel = pygame.Rect(self.panel.x, shorter.board.bottom + self.margin, self.panel.width, 0)
        shorter.panel.height = self.panel.bottom - shorter.panel.y
        return shorter

    def board_beside(self, side: int) -> Layout | None:
        """This upright layout with a board of `side` px (a big board's squares a finger wide),
        to the left, a column beside it (`aside`) for a few buttons, and the panel under it with
        what the board leaves, margins halved: None where no column of `MIN_TARGET_PX` fits."""
        if self.landscape or side <= self.board.width:
            return None
        m = max(4, self.margin // 2)
        column = self.width - side - 3 * m
        if column < 2 * MIN_TARGET_PX:
            return None
        beside = copy.copy(self)
        beside.margin = m
        beside.board = pygame.Rect(m, m, side, side)
        beside.aside = pygame.Rect(beside.board.right + m, m, column, side)
        beside.panel = pygame.Rect(m, beside.board.bottom + m, self.width - 2 * m, self.height - side - 3 * m)
        return beside

    def text(self, scale: float) -> int:
        """A font size of `scale` units, never under `MIN_TEXT_PX`: every scene's text goes through here."""
        return max(MIN_TEXT_PX, int(self.unit * scale))

    @property
    def gap(self) -> int:
        """The space between things on a screen: half a unit, never under 6 px."""
        return max(6, self.unit // 2)

    def title(self, scale: float = theme.TITLE) -> int:
        """A screen title's font size: `scale` units (one of `theme.TITLE_*`), never under
        `CHILD_TEXT_SIZE`, since a child reads where she is. Every title goes through here."""
        return self.child_text(scale)

    def child_text(self, scale: float = theme.CHILD_WORDS) -> int:
        """A font size of `scale` units for words a child reads, never under `CHILD_TEXT_SIZE`."""
        return max(CHILD_TEXT_SIZE, int(self.unit * scale))

    def readable(self, scale: float = theme.TEACHER_WORDS) -> int:
        """A font size of `scale` units for a teacher's words, never under `theme.READABLE`."""
        return max(theme.READABLE, int(self.unit * scale))

    def target(self, scale: float) -> int:
        """A button's height or width of `scale` units, never under `MIN_TARGET_PX`."""
        return max(MIN_TARGET_PX, int(self.unit * scale))

    def _place_board(self) -> None:
        """The board's area: square, a whole number of pixels for each of a 4x4 board's
        squares (as always); `BoardGeometry.of` fits the board in play into it."""
        m = self.margin
        if self.landscape:
            side = min(self.height - 3 * m, int((self.width - 3 * m) * 0.62), self.width - 3 * m - PANEL_LEAST)
            side -= side % SIZE
            panel_width = min(self.width - side - 3 * m, max(side * 3 // 5, 14 * self.unit, PANEL_LEAST))
            left = (self.width - side - panel_width - m) // 2
            self.board = pygame.Rect(left, (self.height - side) // 2, side, side)
            self.panel = pygame.Rect(self.board.right + m, m, panel_width, self.height - 2 * m)
        else:
            # Upright: the board above, and below it room for the panel's lines, a message of
            # four lines and two rows of 44 px buttons (14.5 units), before the board grows.
            side = min(
                self.width - 2 * m, int((self.height - 3 * m) * 0.62), self.height - 3 * m - int(self.unit * 14.5)
            )
            side -= side % SIZE
            self.board = pygame.Rect((self.width - side) // 2, m, side, side)
            self.panel = pygame.Rect(m, self.board.bottom + m, self.width - 2 * m, self.height - side - 3 * m)


@dataclass(frozen=True)
class BoardGeometry:
    """The board's squares in pixels, for a board `size` squares wide (4, or 8 on the big
    board) in the place the layout gives the board."""

    board: pygame.Rect
    size: int

    @classmethod
    def of(cls, layout: Layout, size: int) -> BoardGeometry:
        side = layout.board.width - layout.board.width % size
        board = pygame.Rect(0, 0, side, side)
        board.center = layout.board.center
        return cls(board, size)

    @property
    def square_size(self) -> int:
        return self.board.width // self.size

    @property
    def squares(self) -> range:
        return range(self.size * self.size)

    def square_rect(self, square: int) -> pygame.Rect:
        s, size = self.square_size, self.size
        return pygame.Rect(self.board.x + (square % size) * s, self.board.y + (square // size) * s, s, s)

    def square_at(self, position: tuple[int, int]) -> int | None:
        """The square under a pixel, or None off the board."""
        if not self.board.collidepoint(position):
            return None
        column = (position[0] - self.board.x) // self.square_size
        row = (position[1] - self.board.y) // self.square_size
        if 0 <= column < self.size and 0 <= row < self.size:
            return row * self.size + column
        return None


def stack(area: pygame.Rect, count: int, height: int, gap: int) -> list[pygame.Rect]:
    """`count` rows of `height` pixels, top to bottom in `area`, `gap` apart."""
    return [pygame.Rect(area.x, area.y + index * (height + gap), area.width, height) for index in range(count)]


def grid(area: pygame.Rect, columns: int, rows: int, gap: int) -> list[pygame.Rect]:
    """Equal square-ish cells filling `area`, row by row."""
    cell_w = (area.width - gap * (columns - 1)) // columns
    cell_h = (area.height - gap * (rows - 1)) // rows
    return [
        pygame.Rect(area.x + c * (cell_w + gap), area.y + r * (cell_h + gap), cell_w, cell_h)
        for r in range(rows)
        for c in range(columns)
    ]
