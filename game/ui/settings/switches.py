"""The Settings screen's switches: a whole row that flips one setting, its name and a line
about it beside a switch that shows its state three ways (the knob's side, a tick or a cross,
and the word On or Off), so that it reads on a washed-out projector and for colour-blind eyes."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...i18n import _
from ..core import theme
from ..core.assets import Assets
from ..core.layout import MIN_TEXT_PX
from ..core.text_flow import draw_text, fitted_block, fitted_font
from ..core.widgets import Button

OFF_COLOR: theme.Color = (150, 152, 170)


def draw_tick(surface: pygame.Surface, center: tuple[int, int], size: int, color: theme.Color) -> None:
    x, y = center
    points = [(x - size, y), (x - size // 3, y + size * 2 // 3), (x + size, y - size * 2 // 3)]
    pygame.draw.lines(surface, color, False, points, max(3, size // 3))


def draw_cross(surface: pygame.Surface, center: tuple[int, int], size: int, color: theme.Color) -> None:
    x, y = center
    width = max(3, size // 3)
    pygame.draw.line(surface, color, (x - size, y - size), (x + size, y + size), width)
    pygame.draw.line(surface, color, (x - size, y + size), (x + size, y - size), width)


def draw_switch(surface: pygame.Surface, rect: pygame.Rect, on: bool) -> None:
    """A pill with a round knob: right and green with a tick when on, left and grey with a cross when off."""
    track = theme.TARGET if on else OFF_COLOR
    radius = rect.height // 2
    pygame.draw.rect(surface, theme.darker(track, 0.3), rect.move(0, max(2, rect.height // 14)), border_radius=radius)
    pygame.draw.rect(surface, track, rect, border_radius=radius)
    knob = radius - max(3, rect.height // 10)
    mark = rect.height // 5
    if on:
        draw_tick(surface, (rect.x + radius, rect.centery), mark, theme.WHITE)
        pygame.draw.circle(surface, theme.WHITE, (rect.right - radius, rect.centery), knob)
    else:
        draw_cross(surface, (rect.right - radius, rect.centery), mark, theme.WHITE)
        pygame.draw.circle(surface, theme.WHITE, (rect.x + radius, rect.centery), knob)


class Toggle(Button):
    """A whole row that flips one setting: the switch, On/Off, the name and a line about it."""

    def __init__(self, label: str, explanation: str, value: Callable[[], bool], flip: Callable[[], None]) -> None:
        super().__init__(label, flip, theme.WHITE)
        self.explanation = explanation
        self.value = value
        self.explain_size = theme.READABLE  # the explanation's size when it has the room: see `resize`
        self.drawn_words: tuple[int, list[str]] = (0, [])  # its size and lines as last drawn

    def draw(self, surface: pygame.Surface, assets: Assets, font_size: int) -> None:
        rect = self.rect
        if not self.shown:
            return
        on = self.value()
        radius = max(6, rect.height // 5)
        pygame.draw.rect(surface, theme.PANEL if self.pressed else theme.WHITE, rect, border_radius=radius)
        edge = theme.INK if self.focused else theme.lighter(theme.SOFT_INK, 0.5)
        pygame.draw.rect(surface, edge, rect, max(4, rect.height // 14) if self.focused else 2, border_radius=radius)
        switch = self.switch_rect(font_size)
        draw_switch(surface, switch, on)
        word_left = switch.right + max(6, rect.height // 5) // 2
        draw_text(
            surface,
            assets,
            _("On") if on else _("Off"),
            font_size,
            (word_left, rect.centery),
            theme.TARGET if on else theme.SOFT_INK,
            bold=True,
            anchor="midleft",
        )
        self.draw_words(surface, assets, font_size, self.words_room(assets, font_size))

    def switch_rect(self, font_size: int) -> pygame.Rect:
        rect, pad = self.rect, max(6, self.rect.height // 5)
        height = min(rect.height - 2 * pad, int(font_size * 1.7))
        return pygame.Rect(rect.x + pad, rect.centery - height // 2, height * 2, height)

    def words_room(self, assets: Assets, font_size: int) -> pygame.Rect:
        """Right of the switch and its On/Off: the name and the explanation."""
        rect, pad, rise = self.rect, max(6, self.rect.height // 5), max(4, self.rect.height // 10)
        word_font = assets.font(font_size, bold=True)
        left = self.switch_rect(font_size).right + pad // 2 + max(word_font.size(_(w))[0] for w in ("On", "Off")) + pad
        return pygame.Rect(left, rect.y + rise, rect.right - pad - left, rect.height - 2 * rise)

    def explanation_size(self, assets: Assets, font_size: int) -> int:
        """The size the explanation fits at, alone."""
        room = self.words_room(assets, font_size)
        below = room.height - fitted_font(assets, self.label, font_size, room.width, MIN_TEXT_PX)[0].get_height()
        return fitted_block(assets, self.explanation, self.explain_size, room.width, below - font_size // 8)[0]

    def needed_height(self, assets: Assets, font_size: int, width: int, height: int) -> int:
        """The height a row `width` wide needs to show the name and the whole explanation at
        the smallest size, starting from `height` (the pads and the switch grow with it)."""
        for _step in range(20):  # the room left for words shrinks a little as the row grows
            self.rect = pygame.Rect(0, 0, width, height)
            room = self.words_room(assets, font_size)
            label = fitted_font(assets, self.label, font_size, room.width, MIN_TEXT_PX)[0].get_height()
            lines = fitted_block(assets, self.explanation, MIN_TEXT_PX, room.width, 10**6)[1]
            words = label + font_size // 8 + len(lines) * assets.font(MIN_TEXT_PX).get_linesize()
            if words <= room.height:
                break
            height += words - room.height
        return height

    def draw_words(self, surface: pygame.Surface, assets: Assets, font_size: int, room: pygame.Rect) -> None:
        """The name over its explanation, both fitted to `room`: the explanation wraps and
        shrinks (never under the smallest size) before a line is left out."""
        label_font, label = fitted_font(assets, self.label, font_size, room.width, MIN_TEXT_PX)
        gap = font_size // 8
        below = room.height - label_font.get_height() - gap
        small, lines = fitted_block(assets, self.explanation, self.explain_size, room.width, below)
        small_font = assets.font(small)
        self.drawn_words = (small, lines)
        top = room.centery - (label_font.get_height() + gap + small_font.get_linesize() * len(lines)) // 2
        surface.blit(label_font.render(label, True, theme.INK), (room.x, top))
        top += label_font.get_height() + gap
        for line in lines:
            draw_text(surface, assets, line, small, (room.x, top), theme.SOFT_INK)
            top += small_font.get_linesize()
