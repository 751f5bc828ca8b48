"""The players' top bar: its buttons beside the title, or in an upright window, where they
would leave the title no room, in rows of their own under it: as few rows as the labels allow at
a child's size, and of those the fewest buttons a row (four are two rows of two). In a school,
"Another class" is not among them: it is the class's own row under them (`class_chip`)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..core.widgets import Button


def place_buttons(
    buttons: Sequence[Button],
    widths: Sequence[int],
    screen: pygame.Rect,
    right: int,
    height: int,
    unit: int,
    gap: int,
) -> tuple[int, int]:
    """The buttons from `right` leftwards, where the title keeps 8 units; gives the title's
    right edge and the bar's bottom."""
    if sum(widths) + len(widths) * gap <= right - screen.x - unit * 8:
        for button, width in zip(buttons, widths, strict=True):
            button.rect = pygame.Rect(right - width, screen.y, width, height)
            right -= width + gap
        return right, screen.y + height
    fitting = [n for n in range(2, len(buttons) + 1) if max(widths) <= (screen.width - (n - 1) * gap) // n] or [2]
    fewest_rows = min(-(-len(buttons) // n) for n in fitting)
    columns = min(n for n in fitting if -(-len(buttons) // n) == fewest_rows)
    width = (screen.width - (columns - 1) * gap) // columns
    top = screen.y + height + gap
    for index, button in enumerate(buttons):
        row, column = divmod(index, columns)
        x = screen.right - (column + 1) * width - column * gap
        button.rect = pygame.Rect(x, top + row * (height + gap), width, height)
    rows = -(-len(buttons) // columns)
    return right, top + rows * (height + gap) - gap
