"""How the class table looks: a row per child (picture, name, per level the puzzles solved
with a small bar and the stars, then hints, Auto and the last day played).

A name is drawn as large as the row allows, smaller (never under `MIN_TEXT_PX`) or in two
lines when it is long, and cut with an ellipsis only when even that does not fit; the headings
wrap into lines of their column.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...outputs.report import ChildRow, LevelProgress
from ...rules.pieces import PIECES
from ..core import theme
from ..core.assets import Assets
from ..core.avatars import draw_avatar
from ..core.drawing import blit_piece, draw_star
from ..core.layout import MIN_TEXT_PX
from ..core.text_flow import draw_text, fit_text, fitted_lines, short_day
from ..core.widgets import Button

BAR_EMPTY: theme.Color = (214, 206, 190)
PIECE_OF_HOUSE = {cls.__name__.lower(): letter for letter, cls in PIECES.items()}  # "rook": "R"


HEADER_LINES = 3  # a heading wraps into at most this many lines


Headings = list[tuple[int, list[str]]]  # each heading's size and lines
Columns = list[pygame.Rect | None]  # each column's place; None for one a narrow window does not show


def header_lines(assets: Assets, headers: list[str], columns: Columns, size: int) -> Headings:
    """Each heading wrapped into its column in at most `HEADER_LINES` lines (a long word broken
    with a hyphen), all in one size: the largest up to `size` in which every one fits (never
    under `MIN_TEXT_PX`)."""
    height = assets.font(size, bold=True).get_linesize() * HEADER_LINES
    shown = [(column.width - 6, header) for column, header in zip(columns, headers, strict=False) if column is not None]
    least = min(
        (fitted_lines(assets, text, size, width, height, hyphens=True)[0] for width, text in shown), default=size
    )
    return [
        fitted_lines(assets, header, least, column.width - 6, height, hyphens=True)
        if column is not None
        else (least, [])
        for column, header in zip(columns, headers, strict=False)
    ]


def headers_height(assets: Assets, headers: Headings) -> int:
    return max((assets.font(size, bold=True).get_linesize() * len(lines) for size, lines in headers), default=0)


def shares(total: int, weights: list[float], least: list[int]) -> list[int]:
    """`total` split by `weights`, each part at least its `least` (taken from the others, in
    proportion); when even the least do not fit, the first (the names) keeps its least, up to
    a third of the whole, and the others are scaled down together."""
    if sum(least) >= total:
        first = min(least[0], total // 3)
        rest = max(1, sum(least[1:]))
        return [first, *(int((total - first) * part / rest) for part in least[1:])]
    fixed: dict[int, int] = {}
    while True:
        free = [index for index in range(len(weights)) if index not in fixed]
        room = total - sum(fixed.values())
        weight = sum(weights[index] for index in free) or 1.0
        widths = {index: int(room * weights[index] / weight) for index in free}
        short = {index: least[index] for index, width in widths.items() if width < least[index]}
        if not short:
            return [fixed.get(index, widths.get(index, 0)) for index in range(len(weights))]
        fixed.update(short)


def shown_columns(least: list[int], room: int, first: int) -> list[int]:
    """The columns a narrow table shows: the names' always, then from column `first` on as
    many as their `least` widths fit in `room` (at least one); all of them when all fit."""
    if sum(least) <= room:
        return list(range(len(least)))
    shown, left = [0], room - least[0]
    for index in range(max(1, first), len(least)):
        if least[index] > left and len(shown) > 1:
            break
        shown.append(index)
        left -= least[index]
    return shown


def _name_width(assets: Assets, rows: list[ChildRow], row_height: int, size: int) -> int:
    """The width the longest name needs whole at `size`, in the lines a row holds (as
    `ChildRowButton` fits it): a name is no smaller in a window that shows more columns."""
    font = assets.font(size, bold=True)
    lines = max(1, (row_height - 4) // font.get_linesize())
    return max((wrap_width(font, row.name, lines) for row in rows), default=0)


def heading_width(font: pygame.font.Font, heading: str) -> int:
    """The least width in which `heading` wraps into at most `HEADER_LINES` lines, no word broken."""
    return wrap_width(font, heading, HEADER_LINES)


def wrap_width(font: pygame.font.Font, text: str, lines: int) -> int:
    """The least width in which `text` wraps into at most `lines` lines, no word broken."""
    width = max((font.size(word)[0] for word in text.split()), default=0)
    while len(fit_text(text, font, width)) > lines:
        width += 4
    return width


def least_widths(
    assets: Assets,
    headings: list[str],
    rows: list[ChildRow],
    row_height: int,
    size: int,
    heading_size: int = MIN_TEXT_PX,
) -> list[int]:
    """What each column needs: its heading's longest word at `heading_size`, and what its rows
    show in `size` (the name: beside the picture, in the lines the row holds)."""
    small = assets.font(heading_size, bold=True)
    words = [heading_width(small, heading) + 8 for heading in headings]
    font, bold = assets.font(size), assets.font(size, bold=True)
    star = size * 2 // 5
    least = [_name_width(assets, rows, row_height, size) + 2 * (row_height * 2 // 5) + 16]  # the picture's room
    for index in range(len(rows[0].levels) if rows else 0):
        cells = [row.levels[index] for row in rows]
        widths = (bold.size(f"{cell.solved}/{cell.puzzles}")[0] + font.size(str(cell.stars))[0] for cell in cells)
        least.append(max(widths) + 2 * star + 26)
    figures = [(str(row.hints), str(row.auto), short_day(row.last_day)) for row in rows]
    for index in range(3):
        least.append(max((font.size(texts[index])[0] + 12 for texts in figures), default=0))
    least.append(0)
    return [max(word, need) for word, need in zip(words, least, strict=False)] + words[len(least) :]


class ChildRowButton(Button):
    """A row of the class table, drawn in the table's `columns`; pressing it opens the
    child's page."""

    def __init__(self, row: ChildRow, columns: Columns, action: Callable[[], None]) -> None:
        super().__init__(row.name, action, theme.WHITE)
        self.row = row
        self.columns = columns

    def draw(self, surface: pygame.Surface, assets: Assets, font_size: int) -> None:
        rect, columns = self.rect, self.columns
        if not self.shown:
            return
        fill = theme.PANEL if self.pressed else theme.WHITE
        pygame.draw.rect(surface, fill, rect, border_radius=rect.height // 5)
        if self.focused:
            pygame.draw.rect(surface, theme.INK, rect, 4, border_radius=rect.height // 5)
        radius = rect.height * 2 // 5
        name_column = columns[0]
        assert name_column is not None, "the names' column is always shown"
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
        size, lines = fitted_lines(assets, self.row.name, font_size, name_column.right - left - 4, rect.height - 4)
        step = assets.font(size, bold=True).get_linesize()
        top = rect.centery - step * len(lines) // 2
        for index, line in enumerate(lines):
            draw_text(surface, assets, line, size, (left, top + index * step), theme.INK, bold=True)
        for column, level in zip(columns[1:], self.row.levels, strict=False):
            if column is not None:  # a column a narrow window does not show is None
                self._draw_level(surface, assets, font_size, column, level)
        extra = columns[1 + len(self.row.levels) :]
        for column, figure in zip(
            extra, (str(self.row.hints), str(self.row.auto), short_day(self.row.last_day)), strict=False
        ):
            if column is not None:
                draw_text(surface, assets, figure, font_size, (column.x, rect.centery), theme.INK, anchor="midleft")
        school = columns[1 + len(self.row.levels) + 3 :]
        if school and school[0] is not None:
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


def draw_headers(surface: pygame.Surface, assets: Assets, columns: Columns, headers: Headings, y: int) -> None:
    """The headings from `header_lines`, each in the size it was fitted in."""
    for column, (size, lines) in zip(columns, headers, strict=False):
        if column is None:
            continue
        step = assets.font(size, bold=True).get_linesize()
        for index, line in enumerate(lines):
            draw_text(surface, assets, line, size, (column.x, y + index * step), theme.SOFT_INK, bold=True)


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
