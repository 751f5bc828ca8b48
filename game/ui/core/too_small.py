"""What the window shows when it is too small for any scene: a picture asking for more room.

Below `MIN_SIZE` the scenes cannot place a readable board or buttons, so the app draws this
instead of the scene (and keeps mouse clicks from reaching a scene nobody can see) until the
window grows again.
"""

from __future__ import annotations

import pygame

from ...i18n import _
from . import theme
from .assets import Assets
from .drawing import thick_line

MIN_SIZE = (320, 240)


def too_small(size: tuple[int, int]) -> bool:
    return size[0] < MIN_SIZE[0] or size[1] < MIN_SIZE[1]


def draw_too_small(surface: pygame.Surface, assets: Assets) -> None:
    """A window frame with arrows pulling its corners outward, and the words under it."""
    surface.fill(theme.BACKGROUND)
    width, height = surface.get_size()
    text = _("Make the window bigger")
    font = assets.font(max(8, min(width // 12, height // 6, 48)), bold=True)
    words = font.render(text, True, theme.INK)
    if words.get_width() > width:  # too narrow for the words: the picture says it alone
        words = pygame.Surface((0, 0))
    room = height - words.get_height()
    side = min(width, room) * 3 // 5
    if side >= 12:
        _draw_icon(
            surface, pygame.Rect(0, 0, side, side * 3 // 4).move((width - side) // 2, (room - side) // 2 + side // 8)
        )
    surface.blit(words, words.get_rect(midbottom=(width // 2, height - max(1, height // 30))))


def _draw_icon(surface: pygame.Surface, box: pygame.Rect) -> None:
    line = max(2, box.width // 24)
    frame = box.inflate(-box.width // 3, -box.height // 3)
    pygame.draw.rect(surface, theme.WHITE, frame, border_radius=line)
    pygame.draw.rect(surface, theme.INK, frame, line, border_radius=line)
    title_bar = pygame.Rect(frame.x, frame.y, frame.width, max(line * 2, frame.height // 6))
    pygame.draw.rect(surface, theme.BUTTON, title_bar, border_top_left_radius=line, border_top_right_radius=line)
    head = max(3, box.width // 14)
    for corner, outer, step in (
        (frame.topleft, box.topleft, (1, 1)),
        (frame.topright, box.topright, (-1, 1)),
        (frame.bottomleft, box.bottomleft, (1, -1)),
        (frame.bottomright, box.bottomright, (-1, -1)),
    ):
        start = (corner[0] + step[0] * line * 2, corner[1] + step[1] * line * 2)
        tip = (outer[0] + step[0] * line, outer[1] + step[1] * line)
        thick_line(surface, theme.BUTTON_ACCENT, [start, tip], line)
        pygame.draw.polygon(
            surface,
            theme.BUTTON_ACCENT,
            [tip, (tip[0] + step[0] * head, tip[1]), (tip[0], tip[1] + step[1] * head)],
        )
