"""How a child looks on every screen: her own colour, and names fitted to the room they have."""

from __future__ import annotations

import zlib

import pygame

from . import theme
from .assets import Assets

# Dark enough that white names on them stay readable on a washed-out projector.
PLAYER_COLORS: tuple[theme.Color, ...] = (
    (33, 140, 80),
    (52, 100, 196),
    (196, 86, 20),
    (170, 50, 100),
    (120, 72, 180),
    (0, 124, 136),
    (190, 52, 44),
    (86, 116, 30),
    (30, 86, 150),
    (150, 96, 20),
)


def player_color(name: str) -> theme.Color:
    """The child's own colour, the same on every start."""
    # crc32, not hash(): str hashes change from run to run, and a child learns their colour.
    return PLAYER_COLORS[zlib.crc32(name.casefold().encode()) % len(PLAYER_COLORS)]


def fitted_font(assets: Assets, text: str, size: int, width: int, smallest: int) -> tuple[pygame.font.Font, str]:
    """The largest font from `size` down to `smallest` that fits `text` in `width`; below
    that, the text is shortened with an ellipsis."""
    while size > smallest and assets.font(size, bold=True).size(text)[0] > width:
        size = max(smallest, size - 2)
    font = assets.font(size, bold=True)
    while font.size(text)[0] > width and len(text) > 2:
        text = text[:-2] + "…"
    return font, text
