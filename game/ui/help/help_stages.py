"""One of the help's little boards: the squares, where its piece can capture from here, and
the frame of its shots that plays at this moment."""

from __future__ import annotations

import math
from itertools import pairwise

import pygame

from ...rules.pieces import PIECES
from ...rules.squares import SIZE
from ...rules.variants import Rules
from ..core import theme
from ..core.assets import Assets
from ..core.capture_pips import badge_rect, draw_pips, piece_place
from ..core.drawing import blit_piece, draw_badge, draw_shield, draw_star, thick_line
from .help_shots import Frame, Point, Shot, Sprite, along, centre, frame_at

PIECE_SHARE = 0.9  # a piece's picture is this much of its square


class LittleBoard:
    """One little board: the top-left `columns` x `rows` corner of the 4x4 board."""

    def __init__(
        self,
        columns: int,
        rows: int,
        shots: tuple[Shot, ...],
        rules: Rules,
        markers: tuple[str, int] | None = None,
        star_at: Point = (2.5, 1.5),
        star_radius: float = 1.25,
    ) -> None:
        self.columns = columns
        self.star_at = star_at  # where the ending star pops in, in board units, clear of the last piece
        self.star_radius = star_radius  # in squares
        self.rows = rows
        self.shots = shots
        self.rules = rules
        self.markers = markers  # (piece letter, square): mark where it can capture from there
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.square = 0
        self.beside = (0, (0, 0))  # a piece's size and offset beside its badge (`piece_place`)
        self._one: pygame.Surface | None = None

    @property
    def period(self) -> float:
        return sum(shot.length for shot in self.shots)

    def place(self, rect: pygame.Rect, assets: Assets) -> None:
        self.rect = rect
        self.square = rect.width // self.columns
        if self.rules.capture_limit is not None:
            self.beside = piece_place(assets, self.square)

    def inside(self, square: int) -> bool:
        return square % SIZE < self.columns and square // SIZE < self.rows

    def pixel(self, point: Point) -> Point:
        return self.rect.x + point[0] * self.square, self.rect.y + point[1] * self.square

    def square_rect(self, square: int) -> pygame.Rect:
        s = self.square
        return pygame.Rect(self.rect.x + square % SIZE * s, self.rect.y + square // SIZE * s, s, s)

    def render(self, surface: pygame.Surface) -> None:
        """The parts that never move: squares and frame."""
        edge = max(2, self.square // 14)
        pygame.draw.rect(surface, theme.BOARD_EDGE, self.rect.inflate(edge * 2, edge * 2), border_radius=edge)
        for square in range(SIZE * SIZE):
            if self.inside(square):
                light = (square % SIZE + square // SIZE) % 2 == 0
                surface.fill(theme.LIGHT_SQUARE if light else theme.DARK_SQUARE, self.square_rect(square))

    def at_home(self, frame: Frame) -> bool:
        """True while the marked piece stands on the square its marks start from, or is just
        leaving it; once it has landed elsewhere, those marks no longer tell its moves."""
        if self.markers is None:
            return False
        letter, origin = self.markers
        if frame.highlight is not None:
            return frame.highlight == origin
        return any(sprite.letter == letter and (sprite.x, sprite.y) == centre(origin) for sprite in frame.sprites)

    def _draw_markers(self, surface: pygame.Surface, letter: str, origin: int) -> None:
        piece = PIECES[letter]
        dot = max(3, self.square // 8)
        for ray in piece.rays(origin, self.rules):
            reach: list[int] = []
            for square in ray:
                if not self.inside(square):
                    break
                reach.append(square)
            if not reach:
                continue
            if piece.slides:
                self._draw_arrow(surface, origin, reach[-1])
            for square in reach:
                pygame.draw.circle(surface, theme.TARGET, self.pixel(centre(square)), dot)
        if letter == "P":
            self._draw_pawn_crosses(surface, origin)

    def _draw_arrow(self, surface: pygame.Surface, origin: int, last: int) -> None:
        """A line with an arrowhead says "all the way along here"."""
        s = self.square
        start, end = self.pixel(centre(origin)), self.pixel(centre(last))
        length = math.dist(start, end)
        dx, dy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
        tip = (end[0] + dx * s * 0.36, end[1] + dy * s * 0.36)
        base = (end[0] + dx * s * 0.06, end[1] + dy * s * 0.06)
        wing = s * 0.17
        thick_line(surface, theme.lighter(theme.TARGET, 0.2), [start, base], max(2, s // 14))
        pygame.draw.polygon(
            surface,
            theme.lighter(theme.TARGET, 0.2),
            [tip, (base[0] - dy * wing, base[1] + dx * wing), (base[0] + dy * wing, base[1] - dx * wing)],
        )

    def _draw_pawn_crosses(self, surface: pygame.Surface, origin: int) -> None:
        """The diagonals a pawn may not take get a small red cross."""
        s = self.square
        allowed = {ray[0] for ray in PIECES["P"].rays(origin, self.rules)}
        for ray in PIECES["B"].rays(origin):
            square = ray[0]
            if self.inside(square) and square not in allowed:
                cx, cy = self.pixel(centre(square))
                r = s * 0.14
                width = max(2, s // 16)
                thick_line(surface, theme.WRONG, [(cx - r, cy - r), (cx + r, cy + r)], width)
                thick_line(surface, theme.WRONG, [(cx - r, cy + r), (cx + r, cy - r)], width)

    def frame(self, time: float, period: float) -> Frame:
        local = time % period
        start = 0.0
        for number, shot in enumerate(self.shots):
            # The last shot holds its picture until the slowest board of the panel is done.
            end = period - start if number == len(self.shots) - 1 else shot.length
            if local < start + end:
                break
            start += end
        return frame_at(shot, local - start, end)

    def draw(self, surface: pygame.Surface, assets: Assets, frame: Frame) -> None:
        """The frame's layers, bottom to top."""
        for layer in (
            self._draw_marks,
            self._draw_highlight,
            self._draw_path,
            self._draw_sprites,
            self._draw_bursts,
            self._draw_badges,
            self._draw_star,
        ):
            layer(surface, assets, frame)

    def _draw_marks(self, surface: pygame.Surface, assets: Assets, frame: Frame) -> None:
        if self.markers is not None and self.at_home(frame):
            # Only from where the piece stands now: marks left behind would teach a wrong move.
            self._draw_markers(surface, *self.markers)

    def _draw_highlight(self, surface: pygame.Surface, assets: Assets, frame: Frame) -> None:
        if frame.highlight is not None:
            surface.fill(theme.SELECTED, self.square_rect(frame.highlight))

    def _draw_path(self, surface: pygame.Surface, assets: Assets, frame: Frame) -> None:
        if frame.path:
            # Dotted, so the L reads as a route rather than as a line on the board.
            steps = max(1, int(sum(math.dist(a, b) for a, b in pairwise(frame.path)) * 5))
            dot = max(2, self.square // 18)
            for index in range(steps + 1):
                pygame.draw.circle(surface, theme.HINT, self.pixel(along(frame.path, index / steps)), dot)

    def picture(self, sprite: Sprite) -> tuple[int, Point]:
        """A piece's picture's size (before its scale) and centre: beside its badge, where
        the rules count captures, as on the big board."""
        x, y = self.pixel((sprite.x, sprite.y))
        if sprite.left is None or self.rules.capture_limit is None:
            return int(self.square * PIECE_SHARE), (x, y)
        size, (dx, dy) = self.beside
        return size, (x + dx, y + dy)

    def piece_rect(self, sprite: Sprite, assets: Assets) -> pygame.Rect:
        """Where the drawn part of a piece's picture is (its picture's clear edges left out)."""
        size, (x, y) = self.picture(sprite)
        pixels = round(size * sprite.scale)
        picture = pygame.Rect(0, 0, pixels, pixels).move_to(center=(round(x), round(y)))
        ink = assets.piece(sprite.letter, size).get_bounding_rect()
        scale = pixels / max(1, size)
        return pygame.Rect(
            picture.x + round(ink.x * scale),
            picture.y + round(ink.y * scale),
            round(ink.w * scale),
            round(ink.h * scale),
        )

    def sprite_square(self, sprite: Sprite) -> pygame.Rect:
        """The square a piece stands on, or passes over: its badge sits in that square's strip."""
        s = self.square
        x, y = self.pixel((sprite.x, sprite.y))
        return pygame.Rect(round(x - s / 2), round(y - s / 2), s, s)

    def pips_rect(self, sprite: Sprite) -> pygame.Rect | None:
        """Where the badge of captures left is drawn, if the piece shows one."""
        limit = self.rules.capture_limit
        if sprite.left is None or limit is None or sprite.scale <= 0.6:
            return None
        return badge_rect(self.sprite_square(sprite), limit if sprite.left > 0 else 0)

    def _draw_sprites(self, surface: pygame.Surface, assets: Assets, frame: Frame) -> None:
        s = self.square
        limit = self.rules.capture_limit
        for sprite in frame.sprites:
            size, center = self.picture(sprite)
            blit_piece(surface, assets, sprite.letter, center, size, sprite.scale)
            if self.pips_rect(sprite) is not None and sprite.left is not None and limit is not None:
                draw_pips(surface, self.sprite_square(sprite), sprite.left, limit)
            elif sprite.letter == "K" and self.rules.king_protected and sprite.scale > 0.05:
                radius = s * 0.15 * sprite.scale * (1 + 0.7 * frame.shield)
                draw_shield(surface, self.pixel((sprite.x + 0.28, sprite.y + 0.25)), radius)

    def _draw_bursts(self, surface: pygame.Surface, assets: Assets, frame: Frame) -> None:
        s = self.square
        for (x, y), share in frame.bursts:
            cx, cy = self.pixel((x, y))
            reach = s * (0.35 + 0.45 * share)
            for index in range(8):
                angle = index * math.pi / 4 + 0.4
                point = (cx + math.cos(angle) * reach, cy + math.sin(angle) * reach)
                draw_star(surface, point, s * 0.1 * (1 - share))

    def sign_rects(self, frame: Frame) -> list[pygame.Rect]:
        """Where the frame's ticks and crosses are drawn."""
        rects = []
        for point, radius, _good in frame.badges:
            x, y = self.pixel(point)
            side = round(2 * radius * self.square)
            rects.append(pygame.Rect(0, 0, side, side).move_to(center=(round(x), round(y))))
        return rects

    def _draw_badges(self, surface: pygame.Surface, assets: Assets, frame: Frame) -> None:
        for point, radius, good in frame.badges:
            draw_badge(surface, self.pixel(point), radius * self.square, good)

    def star_rect(self, frame: Frame) -> pygame.Rect | None:
        """Around the ending star, while it shows."""
        if frame.star <= 0:
            return None
        side = round(2 * self.square * self.star_radius * frame.star)
        x, y = self.pixel(self.star_at)
        return pygame.Rect(0, 0, side, side).move_to(center=(round(x), round(y)))

    def _draw_star(self, surface: pygame.Surface, assets: Assets, frame: Frame) -> None:
        if frame.star <= 0:
            return
        s = self.square
        cx, cy = self.pixel(self.star_at)
        draw_star(surface, (cx, cy), s * self.star_radius * frame.star, turn=0.2 * (1 - frame.star))
        # Rendered once and scaled: a font per popping size would pile up in the font cache.
        font = assets.font(int(s * self.star_radius * 1.2), True)
        if self._one is None or self._one.get_height() != font.get_height():
            self._one = font.render("1", True, theme.INK)
        one = self._one
        if frame.star != 1:
            width, height = one.get_size()
            one = pygame.transform.smoothscale(one, (max(1, int(width * frame.star)), max(1, int(height * frame.star))))
        surface.blit(one, one.get_rect(center=(round(cx), round(cy + s * 0.12 * frame.star))))
