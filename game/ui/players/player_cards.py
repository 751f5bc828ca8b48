"""The name cards of "Who is playing?" a page at a time (the cards, their grid and the page dots
are `game.ui.core.name_cards`', shared with the class cards)."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from ...i18n import _
from ..core import theme
from ..core.assets import Assets
from ..core.name_cards import PlayerButton, card_font, card_grid, draw_page_dots
from ..core.text_flow import draw_text, text_width
from ..core.widgets import Button
from .roomy_grid import roomy_grid

__all__ = ["CardShelf", "PlayerButton", "card_grid", "draw_page_dots"]  # the cards themselves are core's


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

    def place(
        self, area: pygame.Rect, avatars: dict[str, str], unit: int, gap: int, button_size: int, assets: Assets
    ) -> None:
        """The cards of the players in `avatars` (name: picture), in their order, over the
        bottom row, each with room for the class's longest name; the buttons of the bottom row
        that are not needed keep an empty rect."""
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
        per_page, rects = roomy_grid(grid_area, len(names), unit, lambda size: widest(assets, names, size))
        self.pages = max(1, math.ceil(len(names) / per_page))
        self.page = min(self.page, self.pages - 1)
        self.page_cards = [self.cards[name] for name in names[self.page * per_page : (self.page + 1) * per_page]]
        for card, rect in zip(self.page_cards, rects, strict=False):
            card.rect = rect
        self.card_font = card_font(rects, unit)
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


def widest(assets: Assets, names: list[str], size: int) -> int:
    """The width of the widest of `names` at `size`, as a card draws it (bold)."""
    return max((text_width(assets, name, size, bold=True) for name in names), default=0)
