"""A child's picture beside her name, so a child who cannot read yet finds herself, and the
row of pictures to choose one from."""

from __future__ import annotations

import zlib
from collections.abc import Callable
from functools import partial

import pygame

from game.ui import theme
from game.ui.assets import AVATARS, Assets
from game.ui.widgets import Button, draw_text

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
        size -= 2
    font = assets.font(size, bold=True)
    while font.size(text)[0] > width and len(text) > 2:
        text = text[:-2] + "…"
    return font, text


def draw_avatar(
    surface: pygame.Surface,
    assets: Assets,
    avatar: str,
    name: str,
    center: tuple[int, int],
    radius: int,
    fill: theme.Color = theme.WHITE,
    ink: theme.Color = theme.INK,
) -> None:
    """A disc with the child's picture; with no picture, her name's first letter."""
    pygame.draw.circle(surface, fill, center, radius)
    side = int(radius * 1.5)
    picture = assets.avatar(avatar, side) if side > 4 else None
    if picture is not None:
        surface.blit(picture, picture.get_rect(center=center))
        return
    letter = name.strip()[:1].upper() or "?"
    draw_text(
        surface,
        assets,
        letter,
        int(radius * 1.5),
        (center[0], center[1] + radius // 12),
        ink,
        bold=True,
        anchor="center",
    )


class AvatarButton(Button):
    """One picture to choose; the chosen one has a thick ring."""

    def __init__(self, avatar: str, action: Callable[[], None]) -> None:
        super().__init__(avatar, action, theme.WHITE)
        self.avatar = avatar
        self.chosen = False

    def draw(self, surface: pygame.Surface, assets: Assets, font_size: int) -> None:
        rect = self.rect
        if rect.width == 0:
            return
        radius = min(rect.width, rect.height) // 2
        fill = theme.PANEL if self.pressed else theme.WHITE
        draw_avatar(surface, assets, self.avatar, "", rect.center, radius, fill)
        if self.chosen or self.focused:
            width = max(4, radius // 8)
            color = theme.TARGET if self.chosen else theme.INK
            pygame.draw.circle(surface, color, rect.center, radius + width, width)


def avatar_buttons(choose: Callable[[str], None]) -> list[AvatarButton]:
    return [AvatarButton(avatar, partial(choose, avatar)) for avatar in AVATARS]


def place_avatars(buttons: list[AvatarButton], area: pygame.Rect, gap: int) -> None:
    """The pictures in a grid as big as `area` allows: 6 by 2 when wide, 4 by 3 when not."""
    columns = 6 if area.width >= area.height * 2 else 4
    rows = -(-len(buttons) // columns)
    side = max(44, min((area.width - gap * (columns - 1)) // columns, (area.height - gap * (rows - 1)) // rows))
    left = area.centerx - (columns * side + (columns - 1) * gap) // 2
    for index, button in enumerate(buttons):
        row, column = divmod(index, columns)
        button.rect = pygame.Rect(left + column * (side + gap), area.y + row * (side + gap), side, side)
