"""How a child looks on every screen: her own colour, and names fitted to the room they have."""

from __future__ import annotations

import zlib

from . import theme

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
