"""A child's picture beside her name, so a child who cannot read yet finds herself, and the
row of pictures to choose one from."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from . import theme
from .assets import AVATARS, Assets
from .text_flow import draw_text
from .widgets import Button


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
        if not self.shown:
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
