"""The grid of "Who is playing?"'s name cards, with room for the longest name of the class.

`game.ui.core.name_cards.card_grid` chooses its columns for names of a usual length (a card about
three heights wide). A class with a "Maximilian Woods" or an "Олександра Шумна" on a narrow
window then gets cards on which that name is shrunk under a child's size, or cut with "…". Here
the grid has as many columns as leave the widest name its room on a card, at a child's size and
at the least the card would shrink it to (`fitted_font`'s two thirds); fewer columns mean more
rows, and pages if they run out, never a name cut.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from ..core.layout import CHILD_TEXT_SIZE
from ..core.name_cards import NAME_SHARE, card_font, card_grid, centred_grid

ROOMY_HEIGHT = 3.4  # units: the tallest card of `column_grid`
AVATAR_SHARE = 0.34  # of a card's height, its picture disc's radius (as `PlayerButton.draw` draws it)


def name_room(card: pygame.Rect) -> int:
    """The width `PlayerButton.draw` leaves the name on `card`: the card less its disc and pads."""
    pad = max(4, card.height // 7)
    return card.width - 3 * pad - 2 * int(card.height * AVATAR_SHARE)


def least_name_size(cards: list[pygame.Rect], unit: int) -> int:
    """The smallest size a name on these cards may be drawn at: a child's, and no less than the
    two thirds of the cards' size that `fitted_font` shrinks a long name to before cutting it."""
    return max(CHILD_TEXT_SIZE, card_font(cards, unit) * 2 // 3)


def roomy_grid(area: pygame.Rect, count: int, unit: int, widest: Callable[[int], int]) -> tuple[int, list[pygame.Rect]]:
    """How many cards go on a page and where: `card_grid`'s, unless the widest name (`widest`:
    its width at a size) would not fit its card; then the most columns that leave it room."""
    per_page, rects = card_grid(area, count, unit)
    columns = len({rect.x for rect in rects})
    while columns > 1 and not _roomy(rects, unit, widest):
        columns -= 1
        per_page, rects = column_grid(area, count, unit, columns)
    return per_page, rects


def _roomy(rects: list[pygame.Rect], unit: int, widest: Callable[[int], int]) -> bool:
    return widest(least_name_size(rects, unit)) <= name_room(rects[0])


def column_grid(area: pygame.Rect, count: int, unit: int, columns: int) -> tuple[int, list[pygame.Rect]]:
    """`columns` columns of cards as `card_grid` shapes them (its gap, its least height and its
    widths), as many rows as fit the area. A card is at most `ROOMY_HEIGHT` units high: a page of
    fewer rows (a smaller window) must not get taller cards, and so bigger names, than the page of
    a bigger window."""
    gap = max(8, unit * 2 // 3)
    smallest_height = max(int(unit * 2.2), math.ceil(CHILD_TEXT_SIZE / NAME_SHARE))
    biggest_height = max(smallest_height, int(unit * ROOMY_HEIGHT))
    most_rows = max(1, (area.height + gap) // (smallest_height + gap))
    per_page = max(1, min(count, columns * most_rows))
    rows = math.ceil(per_page / columns)
    width = min(unit * 20, (area.width - gap * (columns - 1)) // columns)
    height = max(smallest_height, min(biggest_height, (area.height - gap * (rows - 1)) // rows))
    return per_page, centred_grid(area, per_page, columns, (width, height), gap)
