"""The piece school's lesson drawn over a board: the piece's own little animation of its move
as a stage opens, the path a wrong try took (to the piece in its way, or the lines the piece
really has), and the stars a stage won. The board's scene keeps the state; these draw it.

The school is learning, not testing: `lesson_context` hands a stage the game's context with the
teacher's test switches (marks, warnings, hints, Auto, the time box) left out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace

import pygame

from ...rules.pieces import PIECES
from ...rules.position import Position
from ...rules.variants import Rules
from ...store.progress import Settings
from ..core import theme
from ..core.assets import Assets
from ..core.context import SceneContext
from ..core.drawing import clamp, draw_empty_star, draw_star, ease, pop
from ..core.layout import BoardGeometry

RAY_SECONDS = 0.7  # the ghost goes out along one line and back
PASSES = 2  # it goes round all its lines twice
SHOWN_SECONDS = 2.4  # how long a wrong try's path stays, and its cross with it


class LessonContext(SceneContext):
    """The game's context, but its settings are the school's: every help on, no time box."""

    @property
    def settings(self) -> Settings:
        settings = self.store.settings
        return replace(
            settings, show_moves=True, stuck_detection=True, hints_allowed=True, auto_allowed=True, time_box=0
        )


def lesson_context(ctx: SceneContext) -> SceneContext:
    return LessonContext(**{field.name: getattr(ctx, field.name) for field in fields(ctx)})


def reach(letter: str, origin: int, position: Position, rules: Rules) -> list[tuple[int, ...]]:
    """Each of the piece's lines on this board, up to and with the first piece in its way."""
    lines = []
    for ray in PIECES[letter].rays(origin, rules):
        squares: list[int] = []
        for square in ray:
            squares.append(square)
            if position.piece_at(square) is not None:
                break
        lines.append(tuple(squares))
    return lines


@dataclass
class Intro:
    """The taught piece's ghost going out along each of its lines in turn, and back."""

    letter: str
    origin: int
    lines: list[tuple[int, ...]]
    hops: bool
    occupied: frozenset[int] = frozenset()  # where pieces stand: a ring there, not a dot
    elapsed: float = 0.0

    @property
    def length(self) -> float:
        return RAY_SECONDS * len(self.lines) * PASSES

    @property
    def running(self) -> bool:
        return self.elapsed < self.length

    def draw(self, surface: pygame.Surface, assets: Assets, geometry: BoardGeometry) -> None:
        if not self.running or not self.lines:
            return
        steps = self.elapsed / RAY_SECONDS
        index = int(steps) % len(self.lines)
        phase = steps - int(steps)
        size = geometry.square_size
        shown = self.lines if steps >= len(self.lines) else self.lines[: index + 1]
        for line in shown:
            for square in line:
                center = geometry.square_rect(square).center
                if square in self.occupied:
                    pygame.draw.circle(surface, theme.HINT, center, int(size * 0.46), max(3, size // 20))
                else:
                    pygame.draw.circle(surface, theme.HINT, center, max(4, size // 12))
        line = self.lines[index]
        start = pygame.Vector2(geometry.square_rect(self.origin).center)
        end = pygame.Vector2(geometry.square_rect(line[-1]).center)
        out = ease(clamp(phase * 2 if phase < 0.5 else 2 - phase * 2))
        place = start.lerp(end, out)
        if self.hops:
            place.y -= math.sin(out * math.pi) * size * 0.4
        ghost = assets.piece(self.letter, int(size * 0.8)).copy()
        ghost.set_alpha(150)
        surface.blit(ghost, ghost.get_rect(center=(round(place.x), round(place.y))))


@dataclass
class WrongPath:
    """Where a refused try went: the squares up to the piece in its way, or, for a square the
    piece cannot reach at all, the lines it really has. It is drawn with the try's cross and
    shrinks and goes with it (`fade`), so no mark of the try is left alone."""

    path: tuple[int, ...] | None  # the squares between the piece and its target; None: not on its lines
    lines: list[tuple[int, ...]]
    blocker: int | None = None  # the first piece in the way
    occupied: frozenset[int] = frozenset()  # where pieces stand: a ring there, a dot on an empty square

    def draw(self, surface: pygame.Surface, geometry: BoardGeometry, fade: float) -> None:
        if fade <= 0:
            return
        size = geometry.square_size
        width = max(3, size // 18)
        scale = 0.5 + fade / 2
        if self.path is None:
            for line in self.lines:
                for square in line:
                    center = geometry.square_rect(square).center
                    if square in self.occupied:  # a ring only round a piece: on an empty square it says "go here"
                        pygame.draw.circle(surface, theme.HINT, center, int(size * 0.46), width)
                    else:
                        pygame.draw.circle(surface, theme.HINT, center, max(3, int(size // 12 * scale)))
            return
        for square in self.path:
            rect = geometry.square_rect(square)
            pygame.draw.circle(surface, theme.WRONG, rect.center, max(3, int(size // 10 * scale)))
        if self.blocker is not None:
            rect = geometry.square_rect(self.blocker).inflate(-width, -width)
            pygame.draw.rect(surface, theme.WRONG, rect, width * 2, border_radius=width * 2)


def draw_won(surface: pygame.Surface, area: pygame.Rect, stars: int, elapsed: float) -> None:
    """The stage's stars popping in one after another over the board."""
    radius = area.width // 9
    band = pygame.Rect(area.x, area.centery - radius * 2, area.width, radius * 4)
    shade = pygame.Surface(band.size, pygame.SRCALPHA)
    shade.fill((*theme.WHITE, 210))
    surface.blit(shade, band)
    for index in range(3):
        center = (area.centerx + (index - 1) * radius * 3, area.centery)
        grow = pop(clamp(elapsed * 3 - index * 0.5))
        if index < stars and grow > 0:
            draw_star(surface, center, radius * grow)
        else:
            draw_empty_star(surface, center, radius)
