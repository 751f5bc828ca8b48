"""The victory screen's pictures: the confetti, the sunburst behind the bouncing last piece,
the stars landing one by one, the little icons of the chips, and the moves wrapped into lines.

Every moving picture is a formula of the time since the solve, so the scene keeps no
per-frame state and a resize never restarts the celebration."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...rules.position import Move
from ..core import theme
from ..core.assets import Assets
from ..core.drawing import blit_piece, draw_empty_star, draw_star, pop, thick_line

STAR_TIMES = (0.5, 0.85, 1.2)  # when each star lands
STARS_SETTLED = STAR_TIMES[-1] + 0.6  # the last spray of sparks is gone: the stars stand still
# The settled stars' pictures, by radius, count and look: drawn in one look, a picture is not
# laid in the other (high contrast's black rims stayed after it was switched off).
_SETTLED: dict[tuple[int, int, bool], pygame.Surface] = {}
CONFETTI_COLORS = (*theme.LEVEL_COLORS.values(), theme.STAR, theme.WRONG, theme.HINT)


@dataclass(frozen=True)
class Confetto:
    """One paper scrap, thrown from a bottom corner. Its path is a formula of time, so it
    needs no per-frame state and survives a window resize."""

    side: int  # -1 thrown from the left corner, 1 from the right
    speed: tuple[float, float]  # in screen heights per second
    spin: float
    flutter: float
    size: float  # in layout units
    color: theme.Color
    life: float

    def position(self, time: float, width: int, height: int) -> tuple[float, float]:
        drag, gravity = 1.6, 0.9
        slowed = (1 - math.exp(-drag * time)) / drag
        x = self.speed[0] * slowed
        y = self.speed[1] * slowed + gravity * (time - slowed) / drag
        start_x = 0 if self.side < 0 else width
        return start_x + x * height, height + y * height


def throw_confetti(seed: str) -> list[Confetto]:
    generator = random.Random(seed)  # the same puzzle throws the same confetti: steady screenshots
    pieces = []
    for side in (-1, 1):
        for _scrap in range(60):
            angle = math.radians(generator.uniform(55, 80))
            speed = generator.uniform(1.6, 3.0)
            pieces.append(
                Confetto(
                    side,
                    (-side * math.cos(angle) * speed, -math.sin(angle) * speed),
                    generator.uniform(-8, 8),
                    generator.uniform(4, 12),
                    generator.uniform(0.35, 0.6),
                    generator.choice(CONFETTI_COLORS),
                    generator.uniform(2.8, 4.2),
                )
            )
    return pieces


def wrap_moves(moves: list[Move], font: pygame.font.Font, width: int) -> list[str]:
    """`1. Qc4xc3 2. Na2xc3` in lines no wider than `width`, never splitting a move from its number."""
    lines: list[str] = []
    line = ""
    for number, move in enumerate(moves, 1):
        item = f"{number}. {move}"
        trial = f"{line} {item}" if line else item
        if line and font.size(trial)[0] > width:
            lines.append(line)
            line = item
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


# The celebration -------------------------------------------------------------------------


def draw_confetti(surface: pygame.Surface, confetti: list[Confetto], time: float, unit: float) -> None:
    width, height = surface.get_size()
    for scrap in confetti:
        if time >= scrap.life:
            continue
        x, y = scrap.position(time, width, height)
        if y > height + unit:
            continue
        size = scrap.size * unit
        angle = scrap.spin * time
        flat = abs(math.cos(scrap.flutter * time))  # a turning paper shows its edge now and then
        dx, dy = math.cos(angle), math.sin(angle)
        w, h = size * 0.5, size * 0.3 * max(0.15, flat)
        corners = [
            (x + dx * a * w - dy * b * h, y + dy * a * w + dx * b * h) for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1))
        ]
        pygame.draw.polygon(surface, scrap.color, corners)


def draw_sunburst(surface: pygame.Surface, centre: tuple[int, int], reach: float, time: float) -> None:
    cx, cy = centre
    turn = time * 0.25
    color = theme.lighter(theme.STAR, 0.72)
    for index in range(12):
        angle = turn + index * math.pi / 6
        points = [(cx, cy)] + [
            (cx + reach * math.cos(angle + s), cy + reach * math.sin(angle + s)) for s in (-0.13, 0.13)
        ]
        pygame.draw.polygon(surface, color, points)
    pygame.draw.circle(surface, theme.lighter(theme.STAR, 0.55), (cx, cy), reach * 0.55)


def draw_hero(
    surface: pygame.Surface, assets: Assets, letter: str, centre: tuple[int, int], size: int, time: float
) -> None:
    """The last piece standing, bouncing: each hop lower, gone by the time the scene settles."""
    hop = abs(math.sin(math.pi * time / 0.55)) * math.exp(-1.2 * time) * size * 0.45
    squash = 1 + 0.06 * math.sin(math.pi * time / 0.275) * math.exp(-1.2 * time)
    blit_piece(surface, assets, letter, (centre[0], centre[1] - hop), size, squash)


def draw_title(surface: pygame.Surface, image: pygame.Surface, centre: tuple[int, int], time: float) -> None:
    grow = pop(time / 0.45)
    if grow < 1:
        width, height = image.get_size()
        image = pygame.transform.smoothscale(image, (max(1, int(width * grow)), max(1, int(height * grow))))
    surface.blit(image, image.get_rect(center=centre))


def draw_stars(surface: pygame.Surface, centre: tuple[int, int], radius: int, stars: int, time: float) -> None:
    """Three star places; the earned ones land in turn, each with a spray of sparks. Once
    they have landed they stand still: a picture of them drawn once is laid instead."""
    if time < STARS_SETTLED:
        _draw_stars(surface, centre, radius, stars, time)
        return
    image = _settled_stars(radius, stars)
    surface.blit(image, (centre[0] - image.get_width() // 2, centre[1] - image.get_height() // 2))


def _settled_stars(radius: int, stars: int) -> pygame.Surface:
    key = (radius, stars, theme.high_contrast())
    if key not in _SETTLED:
        if len(_SETTLED) > 8:
            _SETTLED.clear()
        half = math.ceil(radius * 3.5) + 2  # the outer stars' centres are 2.4 radii from the middle
        image = pygame.Surface((half * 2, half * 2), pygame.SRCALPHA)
        _draw_stars(image, (half, half), radius, stars, STARS_SETTLED)
        _SETTLED[key] = image
    return _SETTLED[key]


def _draw_stars(surface: pygame.Surface, centre: tuple[int, int], radius: int, stars: int, time: float) -> None:
    for index, landing in enumerate(STAR_TIMES):
        place = (centre[0] + (index - 1) * radius * 2.4, centre[1])
        draw_empty_star(surface, place, radius)  # an outline: earned or not is not told by colour alone
        if index >= stars:
            continue
        grow = pop((time - landing) / 0.35)
        draw_star(surface, place, radius * grow, theme.STAR, turn=0.6 * (1 - grow))
        since = time - landing
        if 0 < since < 0.6:
            for spark in range(6):
                angle = spark * math.pi / 3 + index
                reach = radius * (1.1 + since * 1.6)
                point = (place[0] + math.cos(angle) * reach, place[1] + math.sin(angle) * reach)
                draw_star(surface, point, radius * 0.22 * (1 - since / 0.6))


# The chips' icons: little pictures drawn so they need no font glyphs ------------------------


@dataclass(frozen=True)
class Icon:
    """Where an icon goes and what it may need to know: the hero piece, whether Auto was used."""

    surface: pygame.Surface
    assets: Assets
    rect: pygame.Rect
    hero: str
    used_auto: bool

    @property
    def centre(self) -> tuple[int, int]:
        return self.rect.centerx, self.rect.centery

    @property
    def radius(self) -> float:
        return min(self.rect.width, self.rect.height) / 2

    @property
    def width(self) -> int:
        return max(2, int(self.radius / 3.5))


def _moves_icon(icon: Icon) -> None:
    blit_piece(icon.surface, icon.assets, icon.hero, icon.centre, int(icon.radius * 2))


def _undo_icon(icon: Icon) -> None:
    """An arrow curling back to the left, like the board's Undo."""
    (cx, cy), r = icon.centre, icon.radius
    points = [
        (cx + r * 0.7 * math.cos(a), cy + r * 0.7 * math.sin(a)) for a in [math.radians(d) for d in range(200, 470, 15)]
    ]
    thick_line(icon.surface, theme.BUTTON, points, icon.width)
    tip = points[0]
    head = r * 0.45
    pygame.draw.polygon(
        icon.surface,
        theme.BUTTON,
        [
            (tip[0] - head, tip[1] - head * 0.2),
            (tip[0] + head * 0.6, tip[1] - head * 0.9),
            (tip[0] + head * 0.5, tip[1] + head * 0.6),
        ],
    )


def _hint_icon(icon: Icon) -> None:
    """A light bulb with a glint."""
    surface, (cx, cy), r = icon.surface, icon.centre, icon.radius
    pygame.draw.circle(surface, theme.BUTTON_WARM, (cx, cy - r * 0.2), r * 0.6)
    base = pygame.Rect(0, 0, int(r * 0.6), int(r * 0.5))
    base.midtop = (cx, int(cy + r * 0.3))
    pygame.draw.rect(surface, theme.SOFT_INK, base, border_radius=max(1, int(r / 8)))
    pygame.draw.line(
        surface, theme.WHITE, (cx - r * 0.15, cy - r * 0.45), (cx - r * 0.3, cy - r * 0.15), max(1, icon.width // 2)
    )


def _auto_icon(icon: Icon) -> None:
    """Fast-forward, lit only when Auto was used."""
    (cx, cy), r = icon.centre, icon.radius
    color = theme.BUTTON_ACCENT if icon.used_auto else theme.BUTTON_DISABLED
    for shift in (-0.45, 0.35):
        x = cx + r * shift
        pygame.draw.polygon(
            icon.surface, color, [(x - r * 0.4, cy - r * 0.6), (x + r * 0.45, cy), (x - r * 0.4, cy + r * 0.6)]
        )


ICONS: dict[str, Callable[[Icon], None]] = {
    "moves": _moves_icon,
    "undo": _undo_icon,
    "hint": _hint_icon,
    "auto": _auto_icon,
}


def draw_icon(name: str, icon: Icon) -> None:
    ICONS[name](icon)
