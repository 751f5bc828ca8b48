"""The maker's board and its tray of ThinkFun's pieces, as drawn: the squares with their
labels, the pieces, the one lifted, the culprits of an unsolvable board and the keyboard's
cursor; in the tray, how many of each piece are left."""

from __future__ import annotations

import pygame

from ...rules.pieces import THINKFUN_SET
from ...rules.position import EMPTY
from ...rules.squares import SIZE
from ..core import theme
from ..core.assets import Assets
from ..core.board_marks import draw_square
from ..core.drawing import blit_piece, draw_badge
from ..core.layout import MIN_TEXT_PX, BoardGeometry
from ..core.text_flow import draw_text

TRAY_ORDER = "KQRBNP"


def left_in_tray(cells: str) -> dict[str, int]:
    return {letter: THINKFUN_SET[letter] - cells.count(letter) for letter in TRAY_ORDER}


def step_cursor(square: int, step_x: int, step_y: int) -> int:
    """The keyboard's square moved by an arrow; it stops at the board's edge."""
    column = min(SIZE - 1, max(0, square % SIZE + step_x))
    row = min(SIZE - 1, max(0, square // SIZE + step_y))
    return row * SIZE + column


def tray_places(left: int, top: int, slot: int, gap: int) -> dict[str, pygame.Rect]:
    """One square slot for each kind of piece, in a row."""
    return {
        letter: pygame.Rect(left + index * (slot + gap), top, slot, slot) for index, letter in enumerate(TRAY_ORDER)
    }


def draw_board(
    surface: pygame.Surface,
    assets: Assets,
    geometry: BoardGeometry,
    cells: str,
    culprits: tuple[int, ...] | list[int],
    lifted: int | None,
    dragging: bool,
    cursor: int | None,
) -> None:
    """`lifted`: the square whose piece is in the hand (it leaves the board while dragged);
    `cursor`: the keyboard's square, when the keyboard was used last."""
    edge = max(6, geometry.square_size // 14)
    pygame.draw.rect(surface, theme.BOARD_EDGE, geometry.board.inflate(edge * 2, edge * 2), border_radius=edge)
    width = max(4, geometry.square_size // 16)
    for square in geometry.squares:
        rect = geometry.square_rect(square)
        draw_square(surface, assets, geometry, square, max(MIN_TEXT_PX, geometry.square_size // 6))
        letter = cells[square]
        if letter != EMPTY and not (square == lifted and dragging):
            blit_piece(surface, assets, letter, rect.center, geometry.square_size, 0.9)
        if square == lifted:
            pygame.draw.rect(surface, theme.SELECTED, rect.inflate(-width, -width), width * 2)
        if square in culprits:
            pygame.draw.circle(surface, theme.WRONG, rect.center, geometry.square_size * 0.46, width)
            draw_badge(surface, (rect.right - width * 4, rect.y + width * 4), geometry.square_size * 0.13, False)
    if cursor is not None:
        rect = geometry.square_rect(cursor).inflate(-width, -width)
        pygame.draw.rect(surface, theme.CURSOR, rect, width)


def draw_tray(
    surface: pygame.Surface,
    assets: Assets,
    tray: dict[str, pygame.Rect],
    cells: str,
    held: str | None,
    dragging: bool,
) -> None:
    """`held`: the piece taken from the tray into the hand; while dragged, it counts as gone."""
    left = left_in_tray(cells)
    for letter, rect in tray.items():
        count_size = max(MIN_TEXT_PX, rect.width // 3)
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=rect.width // 6)
        if letter == held:
            pygame.draw.rect(surface, theme.SELECTED, rect, max(3, rect.width // 14), border_radius=rect.width // 6)
        shown = left[letter] - (1 if letter == held and dragging else 0)
        if shown <= 0:
            continue  # a piece used up disappears from the tray
        blit_piece(surface, assets, letter, rect.center, rect.width, 0.9)
        if THINKFUN_SET[letter] > 1:
            badge = (rect.right - count_size // 3, rect.bottom - count_size // 3)
            pygame.draw.circle(surface, theme.INK, badge, count_size * 0.6)
            draw_text(surface, assets, str(shown), count_size, badge, theme.WHITE, True, "center")
