"""Where the maker's parts go in the panel beside the board: the title with Menu beside it, the
tray under them, the six buttons at the bottom and the verdict's room in between."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...i18n import _
from ..core import theme
from ..core.assets import Assets
from ..core.layout import Layout, grid
from ..core.text_flow import largest_size
from .maker_pieces import tray_places


@dataclass(frozen=True)
class MakerPlaces:
    title_size: int
    text_size: int
    button_size: int
    title_pos: tuple[int, int]
    tray: dict[str, pygame.Rect]
    menu: pygame.Rect
    cells: list[pygame.Rect]  # the six buttons' places, in rows; naming uses the first two
    verdict_area: pygame.Rect


def maker_places(layout: Layout, assets: Assets) -> MakerPlaces:
    unit, panel = layout.unit, layout.panel
    gap = max(8, unit // 2)
    title_size = layout.title(theme.TITLE_DENSE)
    text_size = max(18, int(unit * 1.05))
    slot = max(44, min(int(unit * 3), (panel.width - 5 * gap) // 6))
    tray_top = panel.y + max(int(title_size * 1.3), max(44, int(unit * 1.8)) + gap)
    button_height = max(44, int(unit * 2.1))
    # Menu sits beside the title, so the other six buttons take three rows and the verdict has room.
    menu_width = max(88, panel.width // 4)
    menu = pygame.Rect(panel.right - menu_width, panel.y, menu_width, max(44, int(unit * 1.8)))
    title_room = panel.width - menu_width - gap
    title_size = largest_size(assets, _("Make a puzzle"), title_size, title_room, text_size, bold=True)
    columns = 3 if panel.width >= 600 else 2  # a wide panel (a tall window) leaves more room for the verdict
    rows = 6 // columns
    height = rows * button_height + (rows - 1) * gap
    buttons_top = panel.bottom - height
    cells = grid(pygame.Rect(panel.x, buttons_top, panel.width, height), columns, rows, gap)
    verdict_top = tray_top + slot + int(text_size * 1.2)
    return MakerPlaces(
        title_size=title_size,
        text_size=text_size,
        button_size=max(18, int(unit * 1.1)),
        title_pos=panel.topleft,
        tray=tray_places(panel.x, tray_top, slot, gap),
        menu=menu,
        cells=cells,
        verdict_area=pygame.Rect(panel.x, verdict_top, panel.width, buttons_top - gap - verdict_top),
    )
