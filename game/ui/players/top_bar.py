"""The players' top bar: its buttons beside the title, or in an upright window, where they
would leave the title no room, in rows of their own under it (two a row where a label would
not fit a quarter of the row at a child's size)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..core.widgets import Button


def place_buttons(
    buttons: Sequence[Button], widths: Sequence[int], screen: pygame.Rect, right: int, height: int, unit: int, gap: int
) -> tuple[int, int]:
    """The buttons from `right` leftwards; gives the title's right edge and the bar's bottom."""
    if sum(widths) + len(widths) * gap <= right - screen.x - unit * 8:  # the title keeps 8 units
        for button, width in zip(buttons, widths, strict=True):
            button.rect = pygame.Rect(right - width, screen.y, width, height)
            right -= width + gap
        return right, screen.y + height
    columns = len(buttons)
    if max(widths) > (screen.width - (columns - 1) * gap) // columns:
        columns = 2
    width = (screen.width - (columns - 1) * gap) // columns
    top = screen.y + height + gap
    for index, button in enumerate(buttons):
        row, column = divmod(index, columns)
        x = screen.right - (column + 1) * width - column * gap
        button.rect = pygame.Rect(x, top + row * (height + gap), width, height)
    rows = -(-len(buttons) // columns)
    return right, top + rows * (height + gap) - gap
