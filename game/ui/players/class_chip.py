"""The class of this laptop on "Who is playing?" in a school of several classes: one control with
the class's picture and its name (a child sees she is at her class's laptop, as on the class
cards), that is also the way to another class ("Another class ›", the class cards). In the class's
own colour, as its card has it (`game.ui.core.class_look`).

It has a row of its own under the title and the buttons: on one line where the name and the words
fit side by side, else on two (the name, then the words), never smaller than the buttons' size.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...store.school import SchoolClass
from ...words.classes import another_class, class_name, to_another_class
from ..core import theme
from ..core.assets import Assets
from ..core.avatars import draw_avatar
from ..core.class_look import class_colour
from ..core.widgets import Button, focus_ring

AVATAR_SHARE = 0.34  # of its height, the picture disc's radius (as on a name card)


class ClassChip(Button):
    """ "Another class", with the picture and the name of the class the laptop is in (`item`)."""

    def __init__(self, action: Callable[[], None], enabled: bool) -> None:
        super().__init__(another_class(), action, theme.BUTTON_QUIET, enabled)
        self.item: SchoolClass | None = None
        self.two_lines = False
        self.line = 0  # the height of a line of it

    @property
    def name(self) -> str:
        return class_name(self.item.name) if self.item is not None else ""

    def words(self) -> str:
        return to_another_class()

    def take(self, item: SchoolClass | None) -> None:
        self.item = item
        self.label = another_class()
        self.color = class_colour(item) if item is not None else theme.BUTTON_QUIET

    def place_row(self, assets: Assets, area: pygame.Rect, line: int, size: int) -> int:
        """At the top of `area`, as wide as it needs (at most the area's width), one `line` high
        or two; gives its bottom."""
        font = assets.font(size, bold=True)
        self.line = line
        pad = max(12, line // 3)
        name, words = font.size(self.name)[0], font.size(self.words())[0]
        one_line = pad + 2 * int(line * AVATAR_SHARE) + pad + name + 2 * pad + words + pad
        self.two_lines = one_line > area.width
        height = line * 2 - line // 3 if self.two_lines else line
        disc = 2 * int(height * AVATAR_SHARE) + pad
        width = min(area.width, pad + disc + max(name, words) + pad) if self.two_lines else one_line
        self.rect = pygame.Rect(area.centerx - width // 2, area.y, width, height)
        return self.rect.bottom

    def draw(self, surface: pygame.Surface, assets: Assets, font_size: int) -> None:
        if not self.shown:
            return
        rect = self.rect
        radius = max(6, min(rect.height, 64) // 4)
        depth = max(2, rect.height // 14)
        body = rect.move(0, depth) if self.pressed else rect
        pygame.draw.rect(surface, theme.darker(self.color, 0.35), rect.move(0, depth), border_radius=radius)
        pygame.draw.rect(surface, self.color, body, border_radius=radius)
        if self.focused:
            focus_ring(surface, rect)
        line = self.line
        pad = max(12, line // 3)
        disc = int(body.height * AVATAR_SHARE)
        center = (body.x + pad + disc, body.centery)
        picture = self.item.picture if self.item is not None else ""
        draw_avatar(surface, assets, picture, self.name, center, disc, theme.WHITE, self.color)
        left = center[0] + disc + pad
        font = assets.font(font_size, bold=True)
        name, words = font.render(self.name, True, theme.WHITE), font.render(self.words(), True, theme.WHITE)
        if self.two_lines:
            surface.blit(name, name.get_rect(midleft=(left, body.y + line // 2)))
            surface.blit(words, words.get_rect(midleft=(left, body.bottom - line // 2)))
        else:
            surface.blit(name, name.get_rect(midleft=(left, body.centery)))
            surface.blit(words, words.get_rect(midright=(body.right - pad, body.centery)))
