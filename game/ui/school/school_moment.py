"""The moment a house of the piece school, or the whole school, is finished: drawn over the map
when the child comes back to it, its piece big, three stars popping in and the words (read
aloud with the setting, and by the map's speaker). A press anywhere goes back to the map."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...content.school import Finish
from ...rules.pieces import LETTERS
from ..core import theme
from ..core.assets import Assets
from ..core.drawing import blit_piece, draw_star, pop
from ..core.layout import Layout
from ..core.text_flow import draw_text, fit_text
from .school_map import TOGETHER_PIECES

STAR_SECONDS = 0.35  # between one star and the next
SCHOOL_PIECES = tuple(LETTERS)  # the whole school finished: every piece together


@dataclass
class FinishMoment:
    finish: Finish
    words: str
    piece: str  # the house's piece, "" for Together
    elapsed: float = 0.0

    @property
    def letters(self) -> tuple[str, ...]:
        if self.finish.school:
            return SCHOOL_PIECES
        return (self.piece,) if self.piece else TOGETHER_PIECES

    @property
    def settled(self) -> bool:
        return self.elapsed >= 4 * STAR_SECONDS

    def card(self, layout: Layout) -> pygame.Rect:
        screen = layout.screen
        width = min(screen.width - 2 * layout.margin, max(layout.unit * 28, screen.width * 2 // 3))
        height = min(screen.height - 2 * layout.margin, max(layout.unit * 22, screen.height * 2 // 3))
        rect = pygame.Rect(0, 0, width, height)
        rect.center = screen.center
        return rect

    def draw(self, surface: pygame.Surface, assets: Assets, layout: Layout, text_size: int) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((*theme.INK[:3], 150))
        surface.blit(shade, (0, 0))
        card = self.card(layout)
        radius = max(10, card.height // 14)
        pygame.draw.rect(surface, theme.darker(theme.TARGET, 0.2), card.move(0, 6), border_radius=radius)
        pygame.draw.rect(surface, theme.WHITE, card, border_radius=radius)
        pygame.draw.rect(surface, theme.TARGET, card, max(4, card.height // 60), border_radius=radius)
        pad = max(8, card.height // 16)
        font = assets.font(text_size, bold=True)
        lines = fit_text(self.words, font, card.width - 2 * pad)
        text_height = len(lines) * font.get_linesize()
        star = max(10, card.height // 14)
        self._draw_stars(surface, (card.centerx, card.y + pad + star), star)
        room = card.height - 4 * pad - 2 * star - text_height
        self._draw_pieces(surface, assets, (card.centerx, card.y + 2 * pad + 2 * star + room // 2), room, card.width)
        top = card.bottom - pad - text_height
        for index, line in enumerate(lines):
            at = (card.centerx, top + index * font.get_linesize())
            draw_text(surface, assets, line, text_size, at, theme.INK, bold=True, anchor="midtop")

    def _draw_stars(self, surface: pygame.Surface, center: tuple[int, int], radius: int) -> None:
        step = radius * 3
        for index in range(3):
            grow = pop((self.elapsed - index * STAR_SECONDS) / STAR_SECONDS)
            if grow > 0:
                draw_star(surface, (center[0] + (index - 1) * step, center[1]), radius * grow)

    def _draw_pieces(
        self, surface: pygame.Surface, assets: Assets, center: tuple[int, int], room: int, width: int
    ) -> None:
        letters = self.letters
        size = max(8, min(room, int(width * 0.8 / (1 + 0.85 * (len(letters) - 1)))))
        for index, letter in enumerate(letters):
            offset = (index - (len(letters) - 1) / 2) * size * 0.85
            blit_piece(surface, assets, letter, (center[0] + offset, center[1]), size)
