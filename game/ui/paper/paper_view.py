"""The paper results screen's places and drawing: the title bar (the child's name, Cancel and
Save), the rows of level buttons (and the big board's level numbers), the instructions, the
page of tiles with their stars and a tick on each tile marked now, and the page arrows. The
scene decides what is marked; this only places and draws."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ..core import level_tiles as tiles
from ..core import theme
from ..core.assets import Assets
from ..core.drawing import draw_badge
from ..core.layout import MIN_TEXT_PX, Layout
from ..core.text_flow import draw_text, fitted_font, lines_within
from ..core.widgets import Button, Grid

HEADER_LINES = 2  # the instructions take at most two lines


@dataclass
class PaperPlaces:
    title_rect: pygame.Rect  # the title's room, left of Cancel and Save
    title_size: int
    text_size: int
    button_size: int
    header: pygame.Rect  # the instructions
    grid: pygame.Rect  # the page of tiles
    page_text_pos: tuple[int, int]  # the page's words, between the arrows


def place_paper(
    layout: Layout,
    assets: Assets,
    bar: list[tuple[Button, str]],
    groups: list[Button],
    chips: list[Button],
    arrows: tuple[Button, Button],
) -> PaperPlaces:
    """Place every button; the places of the rest. `bar` pairs each button of the title bar
    with the widest label it will show."""
    m, gap = layout.margin, layout.gap
    screen = layout.screen.inflate(-2 * m, -2 * m)
    title_size, text_size, button_size = layout.title(theme.TITLE_DENSE), layout.text(1.0), layout.text(1.2)
    bar_height = layout.target(theme.BAR)
    font = assets.font(button_size, bold=True)
    # Upright, the title has a line of its own, the window's width: a long name whole.
    title_line = 0 if layout.landscape else assets.font(title_size, bold=True).get_linesize()
    bar_top = screen.y + (title_line + gap if title_line else 0)
    x = screen.right
    for button, widest in reversed(bar):
        width = font.size(widest)[0] + 2 * layout.unit
        x -= width
        button.rect = pygame.Rect(x, bar_top, width, bar_height)
        x -= gap
    if title_line:
        title_rect = pygame.Rect(screen.x, screen.y, screen.width, title_line)
    else:
        title_rect = pygame.Rect(screen.x, screen.y, x - screen.x - gap, bar_height)
    y = place_rows(
        layout, assets, groups, pygame.Rect(screen.x, bar_top + bar_height + gap, screen.width, 0), button_size
    )
    if chips:
        y = place_rows(layout, assets, chips, pygame.Rect(screen.x, y + gap, screen.width, 0), button_size)
    header_height = HEADER_LINES * assets.font(text_size).get_linesize()
    header = pygame.Rect(screen.x, y + gap * 2, screen.width, header_height)
    tiles.place_arrows(layout, screen, *arrows)
    arrow_height = arrows[0].rect.height
    top = header.bottom + gap
    grid = pygame.Rect(screen.x, top, screen.width, screen.bottom - arrow_height - gap - top)
    page_text_pos = (screen.centerx, screen.bottom - arrow_height // 2)
    return PaperPlaces(title_rect, title_size, text_size, button_size, header, grid, page_text_pos)


def place_rows(layout: Layout, assets: Assets, buttons: list[Button], area: pygame.Rect, size: int) -> int:
    """`buttons` side by side across `area`'s width, in as few rows as lets every label fit
    whole (in a wide window as small as a button makes a long label before it cuts it; upright,
    where a wider window may take fewer rows, at `size`: never smaller in a bigger window);
    where the rows end."""
    if not buttons:
        return area.y - layout.gap
    gap, height = layout.gap, layout.target(2.2)
    # A button shrinks a long label to two thirds of its size (never under its floor) before it cuts it.
    least = size * 2 // 3 if layout.landscape else size
    widest = max(button.measure(assets, max(button.floor, least), height) for button in buttons)
    columns = max(1, len(buttons))
    while columns > 1 and (area.width - gap * (columns - 1)) // columns < widest:
        columns -= 1
    rows = math.ceil(len(buttons) / columns)
    columns = math.ceil(len(buttons) / rows)  # rows as even as they go
    bottom = area.y + rows * height + (rows - 1) * gap
    Grid(columns, rows, gap).place(pygame.Rect(area.x, area.y, area.width, bottom - area.y), buttons)
    return bottom


def wrapped(assets: Assets, text: str, size: int, width: int, lines: int) -> tuple[int, list[str]]:
    """`text` in at most `lines` lines of `width`, its size lowered until it fits (never under
    `MIN_TEXT_PX`, where a last line too many is left out)."""
    laid = lines_within(assets, text, size, width, lines)
    return laid.size, list(laid.lines[:lines])


def draw_title(surface: pygame.Surface, assets: Assets, places: PaperPlaces, title: str) -> None:
    rect = places.title_rect
    font, text = fitted_font(assets, title, places.title_size, rect.width, MIN_TEXT_PX)
    image = font.render(text, True, theme.INK)
    surface.blit(image, image.get_rect(midleft=rect.midleft))


def draw_header(surface: pygame.Surface, assets: Assets, places: PaperPlaces, text: str) -> None:
    rect = places.header
    size, lines = wrapped(assets, text, places.text_size, rect.width, HEADER_LINES)
    step = assets.font(size).get_linesize()
    for index, line in enumerate(lines):
        draw_text(surface, assets, line, size, (rect.x, rect.y + index * step), theme.INK)


def draw_marked(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Over a tile (`level_tiles.draw_tile`) marked now: a green frame and a tick in its corner."""
    edge = max(3, min(rect.size) // 18)
    pygame.draw.rect(surface, theme.BUTTON_ACCENT, rect, edge * 2, border_radius=max(6, rect.height // 6))
    radius = max(10, min(rect.size) // 6)
    draw_badge(surface, (rect.right - radius, rect.top + radius), radius, good=True)


def draw_page_words(surface: pygame.Surface, assets: Assets, places: PaperPlaces, words: str, room: int) -> None:
    """The page's words between the arrows, in `room` pixels."""
    font, text = fitted_font(assets, words, places.text_size, room, MIN_TEXT_PX)
    image = font.render(text, True, theme.INK)
    surface.blit(image, image.get_rect(center=places.page_text_pos))
