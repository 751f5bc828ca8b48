"""Draw the game's icon from its own piece art into `packaging/icons/`.

The icon is the knight of `sprites/knight.svg` on a board tile: a rounded square of the board's
light and dark squares (2x2) under a thin edge in the board's frame colour. Small sizes keep the
tile plain and dark so that the knight still reads at 16 pixels. Writes `solochess-SIZE.png` for every
size desktops use (16, 32, 48, 64, 128, 256), `solochess.ico` (Windows: every size in one file)
and `solochess.icns` (macOS), both made of the same PNG pictures.

Rendering goes through pygame (SDL_image reads SVG), the library the game draws with, so the
icon matches the pieces on the board. Running it twice writes the same bytes for the same
pygame version.

Usage: python tools/make_icons.py
"""

from __future__ import annotations

import io
import os
import struct
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "packaging" / "icons"
SIZES = (16, 32, 48, 64, 128, 256)
LIGHT = (240, 220, 186)  # game.ui.core.theme.LIGHT_SQUARE
DARK = (212, 176, 132)  # game.ui.core.theme.DARK_SQUARE
EDGE = (92, 64, 44)  # game.ui.core.theme.BOARD_EDGE
# The macOS icon types that hold a PNG of a size.
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08"}


def draw_icon(size: int) -> pygame.Surface:
    """The icon at `size` pixels a side, drawn at that size (never scaled down from a big one)."""
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = max(2, size // 6)
    edge = max(1, size // 24)
    tile = pygame.Rect(0, 0, size, size)
    pygame.draw.rect(icon, EDGE, tile, border_radius=radius)
    inner = tile.inflate(-2 * edge, -2 * edge)
    board = pygame.Surface(inner.size, pygame.SRCALPHA)
    # Small icons stand on the dark square, where the ivory knight stands out most.
    pygame.draw.rect(board, LIGHT if size >= 48 else DARK, board.get_rect(), border_radius=max(1, radius - edge))
    if size >= 48:  # the 2x2 squares; a 16 or 32 pixel icon keeps one calm colour
        half_w, half_h = inner.width // 2, inner.height // 2
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(1, radius - edge))
        dark = pygame.Surface(inner.size, pygame.SRCALPHA)
        for x, y in ((half_w, 0), (0, half_h)):
            pygame.draw.rect(dark, DARK, (x, y, inner.width - x if x else half_w, inner.height - y if y else half_h))
        dark.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        board.blit(dark, (0, 0))
    icon.blit(board, inner.topleft)
    piece_side = size - 2 * edge if size <= 32 else round(size * 0.86)
    piece = pygame.image.load_sized_svg(str(ROOT / "sprites" / "knight.svg"), (piece_side, piece_side))
    icon.blit(piece, piece.get_rect(center=tile.center))
    return icon


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico(pictures: dict[int, bytes]) -> bytes:
    """A Windows .ico holding each PNG (Windows Vista and later read PNG entries)."""
    header = struct.pack("<HHH", 0, 1, len(pictures))
    offset = len(header) + 16 * len(pictures)
    entries, data = b"", b""
    for size, png in sorted(pictures.items()):
        side = 0 if size >= 256 else size  # 0 means 256 in an .ico directory
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    return header + entries + data


def icns(pictures: dict[int, bytes]) -> bytes:
    """A macOS .icns holding the PNGs of the sizes it has a type for."""
    body = b"".join(
        kind + struct.pack(">I", 8 + len(pictures[size])) + pictures[size]
        for size, kind in ICNS_TYPES.items()
        if size in pictures
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    pygame.display.init()
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    pictures = {size: png_bytes(draw_icon(size)) for size in SIZES}
    for size, png in pictures.items():
        (OUT_DIR / f"solochess-{size}.png").write_bytes(png)
    (OUT_DIR / "solochess.ico").write_bytes(ico(pictures))
    (OUT_DIR / "solochess.icns").write_bytes(icns(pictures))
    pygame.quit()
    print(f"wrote {len(pictures)} PNGs, solochess.ico and solochess.icns to {OUT_DIR.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
