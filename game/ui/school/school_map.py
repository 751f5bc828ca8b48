"""The piece school's map drawn: a card per house (its piece, its name, a star per stage, a
tick once finished), joined by a path in the order a child goes through them.

A stage's star is filled as far as the stars it won, so a stage solved after Show me (two of
three stars on the board) is a star two-thirds gold here, not a full one."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

import pygame

from ...content.school import House
from ...words.school import house_name
from ..core import theme
from ..core.assets import Assets
from ..core.drawing import blit_piece, draw_badge, draw_empty_star, draw_star
from ..core.text_flow import draw_text, largest_size
from ..core.widgets import Button

TOGETHER_PIECES = ("R", "N")  # the house where pieces play together shows two
MOST_STARS = 3  # what a stage solved without help wins, as its own victory shows


class HouseButton(Button):
    """A house of the map; pressing it opens the house's next stage."""

    def __init__(self, house: House, action: Callable[[], None]) -> None:
        super().__init__(house_name(house.name), action, theme.WHITE)
        self.house = house
        self.stars: list[int] = [0] * len(house.stages)  # per stage, the child's stars
        self.is_next = False  # the house the child should go to next

    @property
    def finished(self) -> bool:
        return all(self.stars)

    def draw(self, surface: pygame.Surface, assets: Assets, font_size: int) -> None:
        rect = self.rect
        if not self.shown:
            return
        radius = max(8, rect.height // 8)
        edge = theme.TARGET if self.finished else (theme.BUTTON if self.is_next else theme.SOFT_INK)
        body = rect.move(0, 3) if self.pressed else rect
        pygame.draw.rect(surface, theme.darker(edge, 0.2), rect.move(0, 4), border_radius=radius)
        pygame.draw.rect(surface, theme.WHITE, body, border_radius=radius)
        pygame.draw.rect(surface, edge, body, max(3, rect.height // 36), border_radius=radius)
        if self.focused:
            width = max(3, rect.height // 30)
            ring = rect.inflate(width * 3, width * 3)
            pygame.draw.rect(surface, theme.INK, ring, width, border_radius=radius + width)
        pad = max(6, rect.height // 14)
        if not self._draw_beside(surface, assets, font_size, body, pad):
            font_size = self._fitted(assets, font_size, body.width - 2 * pad)
            line = assets.font(font_size, bold=True).get_linesize()
            star = self._star_radius(body.width, line)
            room = body.height - 3 * pad - line - 2 * star
            self._draw_pieces(surface, assets, body.centerx, body.y + pad + room // 2, room, body.width - 2 * pad)
            name_at = (body.centerx, body.y + pad + room + pad)
            draw_text(surface, assets, self.label, font_size, name_at, theme.INK, bold=True, anchor="midtop")
            self._draw_stars(surface, body.centerx, body.bottom - pad - star, star)
        star = self._star_radius(body.width, assets.font(font_size, bold=True).get_linesize())
        if self.finished:
            draw_badge(surface, (body.right - pad - star, body.y + pad + star), star * 1.2, good=True)

    def _draw_beside(
        self, surface: pygame.Surface, assets: Assets, font_size: int, body: pygame.Rect, pad: int
    ) -> bool:
        """A card much wider than tall (a narrow window's two columns) has its piece beside the
        name and stars, as tall as the card, rather than a small one above them; only where the
        name fits there at the size it would have anyway. Whether it was drawn so."""
        piece = min(body.height - 2 * pad, body.width * 2 // 5)
        left = body.x + 2 * pad + piece
        width = body.right - pad - left
        font = assets.font(font_size, bold=True)
        line = font.get_linesize()
        star = self._star_radius(width, line)
        needed = line + pad + 2 * star
        above = body.height - 3 * pad - line - 2 * self._star_radius(body.width, line)  # the piece drawn above
        if font.size(self.label)[0] > width or needed > body.height - 2 * pad or piece <= above:
            return False
        self._draw_pieces(surface, assets, body.x + pad + piece // 2, body.centery, piece, piece)
        top = body.centery - needed // 2
        middle = left + width // 2
        draw_text(surface, assets, self.label, font_size, (middle, top), theme.INK, bold=True, anchor="midtop")
        self._draw_stars(surface, middle, top + line + pad + star, star)
        return True

    def _star_radius(self, width: int, line: int) -> int:
        return max(6, min(width // (3 * max(1, len(self.stars))), line // 2))

    def _fitted(self, assets: Assets, size: int, width: int) -> int:
        return largest_size(assets, self.label, size, width, bold=True)

    def _draw_pieces(self, surface: pygame.Surface, assets: Assets, x: int, y: int, room: int, width: int) -> None:
        """The house's piece (two for Together, overlapping a little), as big as the card lets
        it be: an upright card is narrower than it is tall, and the pieces stay inside it."""
        letters = (self.house.piece,) if self.house.piece else TOGETHER_PIECES
        if len(letters) == 1:
            size = min(room, width)
        else:
            size = min(room * 3 // 4, int(width / (1 + 0.8 * (len(letters) - 1))))
        for index, letter in enumerate(letters):
            offset = (index - (len(letters) - 1) / 2) * size * 0.8
            blit_piece(surface, assets, letter, (x + offset, y), size)

    def _draw_stars(self, surface: pygame.Surface, x: int, y: int, radius: int) -> None:
        """One star a stage, gold from the bottom up as far as its stars out of three, over the
        outline of the star still to earn."""
        step = radius * 2 + max(2, radius // 2)
        left = x - step * (len(self.stars) - 1) / 2
        for index, stars in enumerate(self.stars):
            center = (left + index * step, y)
            draw_empty_star(surface, center, radius * 0.9)
            if stars:
                filled = pygame.Rect(
                    0, 0, radius * 2 + 2, round((radius * 2 + 2) * min(stars, MOST_STARS) / MOST_STARS)
                )
                filled.midbottom = (round(center[0]), round(center[1] + radius + 1))
                clip = surface.get_clip()
                surface.set_clip(clip.clip(filled))
                draw_star(surface, center, radius * 0.9)
                surface.set_clip(clip)


def draw_path(surface: pygame.Surface, houses: list[HouseButton], width: int) -> None:
    """The road from house to house, behind the cards: done in green, the rest dotted."""
    for first, second in pairwise(houses):
        start, end = pygame.Vector2(first.rect.center), pygame.Vector2(second.rect.center)
        color = theme.TARGET if first.finished else theme.DARK_SQUARE
        steps = max(1, int(start.distance_to(end) // (width * 2)))
        for step in range(steps + 1):
            point = start.lerp(end, step / steps)
            pygame.draw.circle(surface, color, (round(point.x), round(point.y)), width // 2)
