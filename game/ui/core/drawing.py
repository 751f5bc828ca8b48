"""Drawing helpers shared by the scenes: stars, badges, corner marks, spinners, pieces."""

from __future__ import annotations

import math
from itertools import pairwise

import pygame

from . import theme
from .assets import Assets

Point = tuple[float, float]


def clamp(value: float) -> float:
    return min(1.0, max(0.0, value))


def ease(progress: float) -> float:
    """Slow start, slow stop: a piece glides rather than teleports."""
    p = clamp(progress)
    return p * p * (3 - 2 * p)


def pop(progress: float) -> float:
    """0 to 1 with a little overshoot, for things that appear."""
    p = clamp(progress) - 1
    return 1 + 2.7 * p**3 + 1.7 * p**2


def star_points(center: Point, radius: float, inner: float = 0.5, turn: float = 0.0) -> list[Point]:
    x, y = center
    points = []
    for index in range(10):
        reach = radius if index % 2 == 0 else radius * inner
        angle = -math.pi / 2 + turn + index * math.pi / 5
        points.append((x + reach * math.cos(angle), y + reach * math.sin(angle)))
    return points


def draw_star(
    surface: pygame.Surface, center: Point, radius: float, color: theme.Color | None = None, turn: float = 0.0
) -> None:
    """A chunky five-pointed star with a darker rim (the default font has no star glyph)."""
    if radius < 1:
        return
    color = theme.STAR if color is None else color  # read as it draws: the look may have changed
    rim = max(1.5, radius / 7)
    rim_color = theme.STAR_RIM if color == theme.STAR else theme.darker(color, 0.3)
    pygame.draw.polygon(surface, rim_color, star_points(center, radius, turn=turn))
    pygame.draw.polygon(surface, color, star_points(center, radius - rim * 1.6, turn=turn))


def draw_empty_star(surface: pygame.Surface, center: Point, radius: float) -> None:
    """The outline of a star still to earn."""
    if radius >= 1:
        pygame.draw.polygon(surface, theme.EMPTY_STAR, star_points(center, radius), max(2, int(radius / 5)))


def thick_line(surface: pygame.Surface, color: theme.Color, points: list[Point], width: int) -> None:
    """A polyline with round joints and ends; pygame's own thick lines have notched corners."""
    width = max(1, width)
    for start, end in pairwise(points):
        pygame.draw.line(surface, color, start, end, width)
    for point in points:
        pygame.draw.circle(surface, color, point, width / 2)


def draw_badge(surface: pygame.Surface, center: Point, radius: float, good: bool) -> None:
    """A green tick or a red cross in a disc: the game's signs for "yes" and "no"."""
    if radius < 2:
        return
    x, y = center
    pygame.draw.circle(surface, theme.WHITE, center, radius)
    pygame.draw.circle(surface, theme.TARGET if good else theme.WRONG, center, radius * 0.86)
    width = max(2, int(radius / 3.5))
    r = radius * 0.42
    if good:
        thick_line(surface, theme.WHITE, [(x - r, y), (x - r * 0.25, y + r * 0.75), (x + r, y - r * 0.7)], width)
    else:
        thick_line(surface, theme.WHITE, [(x - r, y - r), (x + r, y + r)], width)
        thick_line(surface, theme.WHITE, [(x - r, y + r), (x + r, y - r)], width)


def draw_shield(surface: pygame.Surface, center: Point, radius: float) -> None:
    if radius < 2:
        return
    x, y = center
    outline = [
        (x - radius, y - radius * 0.85),
        (x, y - radius * 1.1),
        (x + radius, y - radius * 0.85),
        (x + radius * 0.85, y + radius * 0.3),
        (x, y + radius * 1.15),
        (x - radius * 0.85, y + radius * 0.3),
    ]
    pygame.draw.polygon(surface, theme.WHITE, outline)
    inner = [(x + (px - x) * 0.72, y + (py - y) * 0.72) for px, py in outline]
    pygame.draw.polygon(surface, theme.HINT, inner)
    pygame.draw.line(surface, theme.WHITE, (x, y - radius * 0.6), (x, y + radius * 0.6), max(1, int(radius / 4)))


def blit_piece(
    surface: pygame.Surface, assets: Assets, letter: str, center: Point, size: int, scale: float = 1.0
) -> None:
    pixels = round(size * scale)
    if pixels < 2:
        return
    image = assets.piece(letter, size)
    if pixels != size:
        image = pygame.transform.smoothscale(image, (pixels, pixels))
    surface.blit(image, image.get_rect(center=(round(center[0]), round(center[1]))))


def draw_corners(surface: pygame.Surface, rect: pygame.Rect, color: theme.Color, width: int) -> None:
    """Four corner brackets: a selection mark that does not depend on colour."""
    length = max(8, rect.width // 4)
    for (x, y), (dx, dy) in (
        (rect.topleft, (1, 1)),
        (rect.topright, (-1, 1)),
        (rect.bottomleft, (1, -1)),
        (rect.bottomright, (-1, -1)),
    ):
        pygame.draw.line(surface, color, (x, y), (x + dx * length, y), width)
        pygame.draw.line(surface, color, (x, y), (x, y + dy * length), width)


def draw_spinner(
    surface: pygame.Surface, center: tuple[int, int], radius: int, clock: float, color: theme.Color
) -> None:
    for index in range(8):
        angle = clock * 6 + index * math.pi / 4
        x = center[0] + math.cos(angle) * radius
        y = center[1] + math.sin(angle) * radius
        pygame.draw.circle(surface, theme.lighter(color, index / 9), (int(x), int(y)), max(2, radius // 4))
