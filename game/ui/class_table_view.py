"""How the class table looks: a row per child (picture, name, per level the puzzles solved
with a small bar and the stars, then hints, Auto and the last day played)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..content.names import puzzle_name as puzzle_name  # how a child's page names a puzzle
from ..outputs.report import ChildRow, LevelProgress
from ..rules.pieces import PIECES
from . import theme
from .assets import Assets
from .avatars import draw_avatar
from .drawing import blit_piece, draw_star
from .widgets import Button, draw_text

BAR_EMPTY: theme.Color = (214, 206, 190)
PIECE_OF_HOUSE = {cls.__name__.lower(): letter for letter, cls in PIECES.items()}  # "rook": "R"


def short_day(day: str | None) -> str:
    return day or "–"


def shortened(font: pygame.font.Font, text: str, width: int) -> str:
    """`text`, cut with an ellipsis until it fits in `width`."""
    while font.size(text)[0] > width and len(text) > 2:
        text = text[:-2] + "…"
    return text


class ChildRowButton(Button):
    """A row of the class table, drawn in the table's `columns`; pressing it opens the
    child's page."""

    def __init__(self, row: ChildRow, columns: list[pygame.Rect], action: Callable[[], None]) -> None:
        super().__init__(row.name, action, theme.WHITE)
        self.row = row
        self.columns = columns

    def draw(self, surface: pygame.Surface, assets: Assets, font_size: int) -> None:
        rect, columns = self.rect, self.columns
        if rect.width == 0:
            return
        fill = theme.PANEL if self.pressed else theme.WHITE
        pygame.draw.rect(surface, fill, rect, border_radius=rect.height // 5)
        if self.focused:
            pygame.draw.rect(surface, theme.INK, rect, 4, border_radius=rect.height // 5)
        radius = rect.height * 2 // 5
        name_column = columns[0]
        draw_avatar(
            surface,
            assets,
            self.row.avatar,
            self.row.name,
            (name_column.x + radius + 4, rect.centery),
            radius,
            theme.PANEL,
        )
        left = name_column.x + 2 * radius + 12
        font = assets.font(font_size, bold=True)
        name = shortened(font, self.row.name, name_column.right - left)
        draw_text(surface, assets, name, font_size, (left, rect.centery), theme.INK, bold=True, anchor="midleft")
        for column, level in zip(columns[1:], self.row.levels, strict=False):
            self._draw_level(surface, assets, font_size, column, level)
        extra = columns[1 + len(self.row.levels) :]
        for column, figure in zip(
            extra, (str(self.row.hints), str(self.row.auto), short_day(self.row.last_day)), strict=False
        ):
            draw_text(surface, assets, figure, font_size, (column.x, rect.centery), theme.INK, anchor="midleft")
        school = columns[1 + len(self.row.levels) + 3 :]
        if school:
            draw_houses(surface, assets, self.row.school, school[0], rect.centery, font_size)

    def _draw_level(
        self, surface: pygame.Surface, assets: Assets, font_size: int, column: pygame.Rect, level: LevelProgress
    ) -> None:
        """A level's cell: solved of all, the stars, and a bar of the share solved."""
        rect = self.rect
        text = draw_text(
            surface,
            assets,
            f"{level.solved}/{level.puzzles}",
            font_size,
            (column.x, rect.centery - 2),
            theme.INK,
            bold=True,
            anchor="bottomleft",
        )
        star = font_size * 2 // 5
        draw_star(surface, (text.right + star + 6, text.centery), star)
        draw_text(
            surface,
            assets,
            str(level.stars),
            font_size,
            (text.right + 2 * star + 10, text.centery),
            theme.INK,
            anchor="midleft",
        )
        bar = pygame.Rect(column.x, rect.centery + 4, column.width - 12, max(6, rect.height // 7))
        pygame.draw.rect(surface, BAR_EMPTY, bar, border_radius=bar.height // 2)
        if level.solved:
            done = bar.copy()
            done.width = max(bar.height, int(bar.width * level.share))
            pygame.draw.rect(surface, theme.TARGET, done, border_radius=bar.height // 2)


def draw_headers(
    surface: pygame.Surface, assets: Assets, columns: list[pygame.Rect], headers: list[str], size: int, y: int
) -> None:
    font = assets.font(size, bold=True)
    for column, header in zip(columns, headers, strict=False):
        # Long words in some languages; the rows say the rest.
        text = shortened(font, header, column.width - 6)
        draw_text(surface, assets, text, size, (column.x, y), theme.SOFT_INK, bold=True)


def draw_houses(
    surface: pygame.Surface, assets: Assets, houses: tuple[str, ...], column: pygame.Rect, y: int, font_size: int
) -> None:
    """The piece school's houses a child finished: each one's piece (a star for the pieces
    together), overlapping when the column is narrow; a dash for none."""
    if not houses:
        draw_text(surface, assets, "–", font_size, (column.x, y), theme.INK, anchor="midleft")
        return
    size = int(font_size * 1.3)
    step = min(size, max(4, (column.width - 12 - size) // max(1, len(houses) - 1)))
    for index, house in enumerate(houses):
        center = (column.x + size // 2 + index * step, y)
        letter = PIECE_OF_HOUSE.get(house)
        if letter:
            blit_piece(surface, assets, letter, center, size)
        else:
            draw_star(surface, center, size * 2 // 5)
