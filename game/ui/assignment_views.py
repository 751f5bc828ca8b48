"""How the teacher's assignments screen looks: an assignment as a card (its title, how many
puzzles, due when, for whom, who finished and who not yet), a child's card that is chosen or
not, and a question asked before something is removed. Every line is fitted to its room."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from . import theme
from .assets import Assets
from .class_table_view import shortened
from .drawing import draw_corners
from .layout import fit_text
from .widgets import Button, draw_text


def draw_card(
    surface: pygame.Surface,
    assets: Assets,
    rect: pygame.Rect,
    title: str,
    lines: list[tuple[str, theme.Color]],
    size: int,
) -> None:
    """A white card: the title in bold, then each line, each cut to the card's width."""
    pygame.draw.rect(surface, theme.WHITE, rect, border_radius=max(6, rect.height // 8))
    pad = max(6, size // 2)
    width = rect.width - 2 * pad
    bold, plain = assets.font(size, bold=True), assets.font(size)
    y = rect.y + pad
    draw_text(surface, assets, shortened(bold, title, width), size, (rect.x + pad, y), theme.INK, bold=True)
    y += bold.get_linesize()
    for text, color in lines:
        if y + plain.get_linesize() > rect.bottom:
            break
        draw_text(surface, assets, shortened(plain, text, width), size, (rect.x + pad, y), color)
        y += plain.get_linesize()


def card_height(size: int, lines: int, assets: Assets) -> int:
    pad = max(6, size // 2)
    return assets.font(size, bold=True).get_linesize() + lines * assets.font(size).get_linesize() + 2 * pad


class ChildToggle(Button):
    """A child's card for "for whom": pressed, it is chosen (a tick and a coloured card) or not."""

    def __init__(self, name: str, chosen: bool, action: Callable[[], None]) -> None:
        super().__init__(name, action, theme.WHITE)
        self.chosen = chosen

    def draw(self, surface: pygame.Surface, assets: Assets, font_size: int) -> None:
        rect = self.rect
        if rect.width == 0:
            return
        radius = max(6, rect.height // 4)
        fill = theme.solved_tile(theme.TARGET) if self.chosen else theme.WHITE
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        edge = theme.TARGET if self.chosen else theme.lighter(theme.SOFT_INK, 0.5)
        pygame.draw.rect(surface, edge, rect, max(2, rect.height // 12), border_radius=radius)
        if self.focused:
            draw_corners(surface, rect.inflate(8, 8), theme.INK, max(3, rect.height // 14))
        tick = rect.height // 2 if self.chosen else 0  # room for the tick on the left
        if tick:
            x, y, half = rect.x + tick * 3 // 4, rect.centery, tick // 3
            points = [(x - half, y), (x - half // 3, y + half * 2 // 3), (x + half, y - half * 2 // 3)]
            pygame.draw.lines(surface, theme.TARGET, False, points, max(3, half // 2))
        font = assets.font(font_size, bold=True)
        room = rect.inflate(-max(12, rect.height // 3) - 2 * tick, 0)
        label = shortened(font, self.label, room.width)
        draw_text(surface, assets, label, font_size, room.center, theme.INK, bold=True, anchor="center")


def draw_question(surface: pygame.Surface, assets: Assets, panel: pygame.Rect, question: str, size: int) -> pygame.Rect:
    """A panel over the screen with a question wrapped to fit; the room left under it."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((*theme.BACKGROUND, 230))
    surface.blit(veil, (0, 0))
    pygame.draw.rect(surface, theme.PANEL, panel, border_radius=max(8, panel.height // 12))
    pad = max(8, size)
    font = assets.font(size, bold=True)
    y = panel.y + pad
    for line in fit_text(question, font, panel.width - 2 * pad)[:4]:
        draw_text(
            surface,
            assets,
            shortened(font, line, panel.width - 2 * pad),
            size,
            (panel.centerx, y),
            theme.INK,
            bold=True,
            anchor="midtop",
        )
        y += font.get_linesize()
    return pygame.Rect(panel.x, y, panel.width, panel.bottom - y)
