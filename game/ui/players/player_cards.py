"""The name cards of "Who is playing?": a card per child, in a grid as big as stays readable,
and the dots that say which page is shown."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from ...i18n import _
from ..core import theme
from ..core.assets import Assets
from ..core.avatars import draw_avatar
from ..core.player_look import player_color
from ..core.text_flow import draw_text, fitted_font
from ..core.widgets import Button


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


def card_grid(area: pygame.Rect, count: int, unit: int) -> tuple[int, list[pygame.Rect]]:
    """How many cards fit on a page at a readable size, and where they go.

    Each page holds as many cards as fit without going below the smallest readable
    size; among the column counts that fit a page, the one giving the biggest names wins, and
    of those the widest cards (a long name then keeps its size).
    """
    gap = max(8, unit * 2 // 3)  # wider than the card's shadow, so the cards never touch
    smallest_height, biggest_height = int(unit * 2.2), int(unit * 4.4)
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
    rows = math.ceil(per_page / columns)
    left = area.centerx - (columns * width + (columns - 1) * gap) // 2
    top = area.y + max(0, (area.height - (rows * height + (rows - 1) * gap)) // 2)
    rects = [
        pygame.Rect(left + column * (width + gap), top + row * (height + gap), width, height)
        for row, column in (divmod(index, columns) for index in range(per_page))
    ]
    return per_page, rects


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


class CardShelf:
    """The class's name cards, a page at a time, with "+ New player" and the page turners
    under them; `choose` is called with the name on the card pressed."""

    def __init__(self, choose: Callable[[str], None], new: Button, back: Button, more: Button) -> None:
        self.choose = choose
        self.new_button, self.back_button, self.more_button = new, back, more
        self.cards: dict[str, PlayerButton] = {}  # by name, so keyboard focus survives a re-layout
        self.page_cards: list[PlayerButton] = []
        self.page = 0
        self.pages = 1
        self.card_font = 0
        self.new_font = 0
        self.dots_y = 0

    def turn(self, step: int) -> None:
        self.page = max(0, min(self.pages - 1, self.page + step))

    def _card(self, name: str) -> PlayerButton:
        return PlayerButton(name, "", lambda: self.choose(name))

    def place(self, area: pygame.Rect, avatars: dict[str, str], unit: int, gap: int, button_size: int) -> None:
        """The cards of the players in `avatars` (name: picture), in their order, over the
        bottom row; the buttons of the bottom row that are not needed keep an empty rect."""
        names = list(avatars)
        self.cards = {name: self.cards.get(name) or self._card(name) for name in names}
        for name, card in self.cards.items():
            card.avatar = avatars[name]  # the teacher may have changed it
        bottom_height = int(unit * theme.FOOT)
        bottom = pygame.Rect(area.x, area.bottom - bottom_height, area.width, bottom_height)
        new_width = min(unit * 15, area.width // 2)
        self.new_button.rect = pygame.Rect(bottom.centerx - new_width // 2, bottom.y, new_width, bottom_height)
        self.new_font = button_size
        if not names:
            # Nothing else to press, so the one thing to do is big and in the middle.
            self.new_button.rect = pygame.Rect(0, 0, min(unit * 22, area.width), unit * 5)
            self.new_button.rect.center = area.center
            self.new_font = int(unit * 2)
        self.dots_y = bottom.y - gap - unit // 2
        grid_area = pygame.Rect(area.x, area.y, area.width, bottom.y - gap - unit - gap - area.y)
        per_page, rects = card_grid(grid_area, len(names), unit)
        self.pages = max(1, math.ceil(len(names) / per_page))
        self.page = min(self.page, self.pages - 1)
        self.page_cards = [self.cards[name] for name in names[self.page * per_page : (self.page + 1) * per_page]]
        for card, rect in zip(self.page_cards, rects, strict=False):
            card.rect = rect
        self.card_font = min(int(rects[0].height * 0.42), int(unit * 2.2)) if rects else 0
        if self.pages > 1:
            page_width = min(unit * 9, (area.width - new_width) // 2 - gap)
            if self.page > 0:
                self.back_button.rect = pygame.Rect(bottom.x, bottom.y, page_width, bottom_height)
            if self.page < self.pages - 1:
                self.more_button.rect = pygame.Rect(bottom.right - page_width, bottom.y, page_width, bottom_height)

    def draw(self, surface: pygame.Surface, assets: Assets, unit: int, center_x: int) -> None:
        """The cards and the page dots; the buttons are drawn with the scene's."""
        for card in self.page_cards:
            card.draw(surface, assets, self.card_font)
        if not self.cards:
            above = (self.new_button.rect.centerx, self.new_button.rect.y - unit * 2)
            draw_text(
                surface,
                assets,
                _("Nobody has played here yet."),
                int(unit * 1.6),
                above,
                theme.SOFT_INK,
                bold=True,
                anchor="midbottom",
            )
        if self.pages > 1:
            draw_page_dots(surface, center_x, self.dots_y, unit, self.pages, self.page)
