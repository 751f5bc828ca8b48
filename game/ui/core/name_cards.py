"""Name cards, as "Who is playing?" shows the children and the class cards the classes: a card
with its colour, a picture disc and the name (`PlayerButton`), the grid of as many as stay
readable (`card_grid`), and the dots that say which page is shown."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from . import theme
from .assets import Assets
from .avatars import draw_avatar
from .layout import CHILD_TEXT_SIZE
from .player_look import player_color
from .text_flow import fitted_font
from .widgets import Button


class PlayerButton(Button):
    """A name card: the child's colour, an avatar disc and the name."""

    def __init__(self, name: str, avatar: str, action: Callable[[], None]) -> None:
        super().__init__(name, action, player_color(name))
        self.avatar = avatar

    def draw(self, surface: pygame.Surface, assets: Assets, font_size: int) -> None:
        rect = self.rect
        if not self.shown:
            return
        radius = max(6, rect.height // 4)
        depth = max(2, rect.height // 14)
        body = rect.move(0, depth // 2) if self.pressed else rect
        if not self.pressed:
            pygame.draw.rect(surface, theme.darker(self.color, 0.35), rect.move(0, depth), border_radius=radius)
        pygame.draw.rect(surface, self.color, body, border_radius=radius)
        if self.focused:
            width = max(3, rect.height // 12)
            pygame.draw.rect(
                surface, theme.INK, rect.inflate(width * 3, width * 3), width, border_radius=radius + width
            )
        avatar = int(body.height * 0.34)
        pad = max(4, body.height // 7)
        center = (body.x + pad + avatar, body.centery)
        draw_avatar(surface, assets, self.avatar, self.label, center, avatar, theme.WHITE, self.color)
        left = center[0] + avatar + pad
        font, text = fitted_font(assets, self.label, font_size, body.right - pad - left, max(12, font_size * 2 // 3))
        image = font.render(text, True, theme.WHITE)
        surface.blit(image, image.get_rect(midleft=(left, body.centery + depth // 3)))


NAME_SHARE = 0.42  # of a card's height, its name's size


def card_font(rects: list[pygame.Rect], unit: int) -> int:
    """The names' size on cards placed at `rects` (0 when there are none)."""
    return min(int(rects[0].height * NAME_SHARE), int(unit * 2.2)) if rects else 0


def card_grid(area: pygame.Rect, count: int, unit: int) -> tuple[int, list[pygame.Rect]]:
    """How many cards fit on a page at a readable size, and where they go.

    Each page holds as many cards as fit without going below the smallest readable
    size; among the column counts that fit a page, the one giving the biggest names wins, and
    of those the widest cards (a long name then keeps its size).
    """
    gap = max(8, unit * 2 // 3)  # wider than the card's shadow, so the cards never touch
    # A card is never so low that its name is under a child's size: more pages instead.
    smallest_height = max(int(unit * 2.2), math.ceil(CHILD_TEXT_SIZE / NAME_SHARE))
    biggest_height = max(smallest_height, int(unit * 4.4))
    smallest_width, biggest_width = unit * 8, unit * 20
    most_columns = max(1, min(5, (area.width + gap) // (smallest_width + gap)))
    most_rows = max(1, (area.height + gap) // (smallest_height + gap))
    per_page = max(1, min(count, most_columns * most_rows))
    best: tuple[float, int, int, int] | None = None
    for columns in range(1, min(most_columns, per_page) + 1):
        rows = math.ceil(per_page / columns)
        if rows > most_rows:
            continue
        width = min(biggest_width, (area.width - gap * (columns - 1)) // columns)
        height = max(smallest_height, min(biggest_height, (area.height - gap * (rows - 1)) // rows))
        # A card needs about three heights of width for an avatar and a usual name.
        score = min(height, width / 3.2)
        if best is None or (score, width) > (best[0], best[2]):
            best = (score, columns, width, height)
    if best is None or count == 0:
        return per_page, []
    _, columns, width, height = best
    return per_page, centred_grid(area, per_page, columns, (width, height), gap)


def centred_grid(area: pygame.Rect, count: int, columns: int, size: tuple[int, int], gap: int) -> list[pygame.Rect]:
    """`count` cards of `size` in rows of `columns`, `gap` apart, the whole block in the middle of
    `area` (at its top where it is taller)."""
    width, height = size
    rows = math.ceil(count / columns)
    left = area.centerx - (columns * width + (columns - 1) * gap) // 2
    top = area.y + max(0, (area.height - (rows * height + (rows - 1) * gap)) // 2)
    return [
        pygame.Rect(left + column * (width + gap), top + row * (height + gap), width, height)
        for row, column in (divmod(index, columns) for index in range(count))
    ]


def draw_page_dots(surface: pygame.Surface, center_x: int, y: int, unit: int, pages: int, page: int) -> None:
    """A dot per page, the shown one filled."""
    radius = max(4, unit // 4)
    step = radius * 4
    left = center_x - (pages - 1) * step // 2
    for index in range(pages):
        center = (left + index * step, y)
        if index == page:
            pygame.draw.circle(surface, theme.INK, center, radius)
        else:
            pygame.draw.circle(surface, theme.SOFT_INK, center, radius, max(2, radius // 3))
