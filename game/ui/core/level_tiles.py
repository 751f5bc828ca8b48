"""Pages of puzzle tiles, as the level select, the assignments and the paper show them: the
tile (number, stars, the Next tab, the maker of the class's own), the chosen level's frame,
the group's header, the page words and the veil shown while a puzzle is being made. The
scene decides what is shown; this only draws it."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ...content.levels import Level, Puzzle
from ...i18n import _, ngettext
from . import theme
from .assets import Assets
from .avatars import draw_avatar
from .drawing import draw_corners, draw_empty_star, draw_star
from .layout import CHILD_TEXT_SIZE, Layout
from .player_look import player_color
from .text_flow import draw_text, fitted_block
from .widgets import Button

PAGE_COLUMNS, PAGE_ROWS = 5, 4  # a page of tiles in a wide window; a tall one swaps them
PAGE_SIZE = PAGE_COLUMNS * PAGE_ROWS
WIDE_COLUMNS = 7  # a page of plain tiles on a window wide for its height: 7 by 3, the last row one short
ROOMY_SHAPE = (3, 2)  # a page of tiles with a name and a maker on each ("Our puzzles"), wide window
ROOMY_WIDTH = 12  # such a tile is at least this many lines of a child's text wide
ROOMY_HEIGHT = 8  # and this many high, with the header and page arrows of its page


BIG_LEVEL_COLUMNS = 5  # the big board's ten levels, in two rows


def big_level_name(level: Level) -> str:
    """The big board's levels are numbered in the collection: "Level 3"."""
    return _("Level {number}").format(number=level.name)


def place_arrows(layout: Layout, area: pygame.Rect, previous: Button, following: Button) -> None:
    """The page arrows sit on either side of the line under the tiles (the page words between them)."""
    arrow = pygame.Rect(0, 0, layout.target(4.5), layout.target(2.6))
    previous.rect = arrow.move(area.x, area.bottom - arrow.height)
    following.rect = arrow.move(area.right - arrow.width, area.bottom - arrow.height)


@dataclass(frozen=True)
class Signed:
    """What a tile of the class's own puzzles says besides its number: who made it (her name
    and picture) and the name she gave it."""

    maker: str
    picture: str
    name: str


def draw_tile(
    surface: pygame.Surface,
    assets: Assets,
    layout: Layout,
    rect: pygame.Rect,
    number: str,
    color: theme.Color,
    stars: int,
    is_next: bool,
    signed: Signed | None = None,
    sized_for: int | None = None,
) -> None:
    """A tile: the puzzle's number big, its three stars under it, a Next tab on its top edge
    when it is the one to play next, and on the class's own puzzles its name and its maker
    (her name and picture) along the bottom. `sized_for`: the height the number is sized for,
    when taller tiles should show it no bigger (a page stretched to fill an upright window)."""
    radius = max(6, rect.height // 6)
    pygame.draw.rect(surface, theme.solved_tile(color) if stars else theme.WHITE, rect, border_radius=radius)
    edge = max(3, min(min(rect.size) // 18, layout.unit // 4))
    if is_next:
        pygame.draw.rect(surface, theme.BUTTON_ACCENT, rect, edge * 2, border_radius=radius)
    else:
        pygame.draw.rect(surface, color, rect, edge, border_radius=radius)
    # The tile to play next is not solved yet: its Next tab stands for its three empty stars,
    # and the number takes their room, so the tab does not leave it smaller than its neighbours'.
    bare = is_next and not stars and signed is None
    star_radius, stars_y, top, bottom = _rooms(assets, layout, rect, edge, is_next, bare, signed is not None)
    if signed:
        stars_y = draw_words(surface, assets, layout, rect, signed, edge) - star_radius - max(2, edge // 2)
        bottom = stars_y - star_radius
    sizing = rect if sized_for is None else pygame.Rect(rect.x, rect.y, rect.width, min(rect.height, sized_for))
    _radius, _y, number_top, number_bottom = _rooms(assets, layout, sizing, edge, is_next, bare, signed is not None)
    room = min(bottom - top, number_bottom - number_top)
    number_size = max(CHILD_TEXT_SIZE, min(room * (10 if bare else 9) // 10, layout.text(2.4)))
    middle = (rect.centerx, (top + bottom) // 2 + (0 if bare else edge // 2))
    draw_text(surface, assets, number, number_size, middle, theme.INK, bold=True, anchor="center")
    for index in range(0 if bare else 3):
        center = (rect.centerx + (index - 1) * star_radius * 2.3, stars_y)
        if index < stars:
            draw_star(surface, center, star_radius)
        else:
            draw_empty_star(surface, center, star_radius * 0.9)
    if is_next:
        draw_next_tab(surface, assets, layout, rect, edge)


def _rooms(
    assets: Assets, layout: Layout, rect: pygame.Rect, edge: int, is_next: bool, bare: bool, signed: bool
) -> tuple[int, int, int, int]:
    """Where a tile's parts go: its stars' radius and height, and the top and bottom of its
    number's room (under the Next tab, over the stars). Under a maker's words the stars are
    smaller, leaving the number its room."""
    star_radius = max(8, min(rect.width // 9, rect.height // (14 if signed else 8)))
    stars_y = rect.bottom - star_radius - max(4, rect.height // 12)
    top = rect.y + edge + (next_tab(assets, layout, rect, edge).bottom - rect.y if is_next else 0)
    bottom = rect.bottom - edge if bare else stars_y - star_radius
    return star_radius, stars_y, top, bottom


def next_tab(assets: Assets, layout: Layout, rect: pygame.Rect, edge: int) -> pygame.Rect:
    """Where the Next tab goes: across the top edge, half outside the tile."""
    size = layout.child_text(0.9)
    tab = pygame.Rect((0, 0), assets.font(size, bold=True).size(_("Next"))).inflate(size, size // 3)
    tab.center = (rect.centerx, rect.top + edge)
    return tab


def draw_next_tab(surface: pygame.Surface, assets: Assets, layout: Layout, rect: pygame.Rect, edge: int) -> None:
    """A tab across the top edge, half outside the tile, like a label clipped on."""
    size = layout.child_text(0.9)
    label = assets.font(size, bold=True).render(_("Next"), True, theme.WHITE)
    tab = next_tab(assets, layout, rect, edge)
    pygame.draw.rect(surface, theme.BUTTON_ACCENT, tab, border_radius=tab.height // 2)
    surface.blit(label, label.get_rect(center=tab.center))


def draw_words(
    surface: pygame.Surface, assets: Assets, layout: Layout, rect: pygame.Rect, signed: Signed, edge: int
) -> int:
    """The puzzle's name over its maker's, each wrapped in the tile at a child's size at least,
    leaving the number and the stars their room above; where the words begin."""
    line = rect.inflate(-edge * 4, 0)
    bottom = rect.bottom - edge * 2
    size = layout.child_text(0.8)
    above = assets.font(CHILD_TEXT_SIZE, bold=True).get_linesize() * 2  # the number and the stars
    room = bottom - rect.y - edge - above
    if signed.name:  # the name gets at least a line, the maker's at least one under it
        room -= assets.font(CHILD_TEXT_SIZE).get_linesize()
    if signed.maker:
        bottom = draw_maker(surface, assets, line, (signed.maker, signed.picture), bottom, size, room)
        room = bottom - rect.y - edge - above
    if signed.name:
        size, lines = fitted_block(assets, signed.name, size, line.width, room, CHILD_TEXT_SIZE)
        font = assets.font(size)
        bottom -= len(lines) * font.get_linesize()
        for index, text in enumerate(lines):
            image = font.render(text, True, theme.INK)
            surface.blit(image, image.get_rect(midtop=(line.centerx, bottom + index * font.get_linesize())))
    return bottom


def draw_maker(
    surface: pygame.Surface,
    assets: Assets,
    line: pygame.Rect,
    maker: tuple[str, str],
    bottom: int,
    size: int,
    room: int,
) -> int:
    """The maker's name over `bottom`, after her avatar when the class knows her (`maker` is
    her name and picture, as on the players screen), wrapped in `room` at a child's size at
    least; where it begins."""
    name, picture = maker
    height = assets.font(CHILD_TEXT_SIZE, bold=True).get_linesize()
    avatar = height + 2 if picture else 0  # a child with no picture: her name alone
    size, lines = fitted_block(assets, name, size, line.width - avatar, room, CHILD_TEXT_SIZE, bold=True)
    font = assets.font(size, bold=True)
    top = bottom - len(lines) * font.get_linesize()
    for index, text in enumerate(lines):
        width = font.size(text)[0] + (avatar if index == 0 else 0)
        x = max(line.x, line.centerx - width // 2)
        y = top + index * font.get_linesize()
        if avatar and index == 0:
            middle = (x + height // 2, y + font.get_linesize() // 2)
            draw_avatar(surface, assets, picture, name, middle, height // 2, theme.PANEL, player_color(name))
            x += avatar
        image = font.render(text, True, theme.SOFT_INK)
        surface.blit(image, (x, y))
    return top


def draw_cursor(surface: pygame.Surface, layout: Layout, tile: pygame.Rect) -> None:
    width = max(4, layout.unit // 5)
    rect = tile.inflate(width * 3, width * 3)
    pygame.draw.rect(surface, theme.CURSOR, rect, width, border_radius=rect.height // 5)
    draw_corners(surface, rect.inflate(width * 2, width * 2), theme.CURSOR, width)


def draw_chosen_level(surface: pygame.Surface, layout: Layout, button: Button, grid_area: pygame.Rect) -> None:
    """The chosen level's button points at its tiles, like a speech bubble: a shape in the
    level's own colour, so it is not mistaken for the keyboard focus ring."""
    rect, gap = button.rect, layout.gap
    half = min(rect.height, rect.width) // 4
    if layout.landscape:
        base, tip = rect.right - 1, min(rect.right + gap * 2 - 2, grid_area.x - 2)
        points = [(base, rect.centery - half), (tip, rect.centery), (base, rect.centery + half)]
    else:
        base, tip = rect.bottom - 1, min(rect.bottom + gap * 2 - 2, grid_area.y - 2)
        points = [(rect.centerx - half, base), (rect.centerx, tip), (rect.centerx + half, base)]
    pygame.draw.polygon(surface, button.color, points)


def draw_chosen_big_level(surface: pygame.Surface, layout: Layout, rect: pygame.Rect) -> None:
    """The big board's level shown: a thick bar under its button, in ink, like a tab."""
    width = max(4, layout.unit // 4)
    bar = pygame.Rect(rect.x + width, rect.bottom + width, rect.width - 2 * width, width)
    pygame.draw.rect(surface, theme.INK, bar, border_radius=width // 2)


def group_header(puzzles: list[Puzzle], name: str) -> str:
    """The line over a group's tiles: its name and how many pieces its puzzles have."""
    pieces = sorted({puzzle.piece_count for puzzle in puzzles})
    if len(pieces) > 1:
        band = _("{low}-{high} pieces").format(low=pieces[0], high=pieces[-1])
    else:
        band = ngettext("{count} piece", "{count} pieces", pieces[0]).format(count=pieces[0])
    return _("{level}: {band}, easiest first").format(level=name, band=band)


def page_words(page: int, total: int, size: int = PAGE_SIZE) -> str:
    first = page * size + 1
    last = min(total, first + size - 1)
    return _("Puzzles {first} to {last} of {total}").format(first=first, last=last, total=total)


def draw_working(surface: pygame.Surface, assets: Assets, layout: Layout, clock: float, working: str) -> None:
    """A veil over the screen with a turning ring of dots while a puzzle is being made."""
    veil = pygame.Surface(layout.screen.size, pygame.SRCALPHA)
    veil.fill((*theme.BACKGROUND, 220))
    surface.blit(veil, (0, 0))
    center = layout.screen.center
    radius = layout.unit * 2
    for index in range(10):
        angle = clock * 5 + index * math.tau / 10
        x = center[0] + math.cos(angle) * radius
        y = center[1] + math.sin(angle) * radius
        pygame.draw.circle(surface, theme.lighter(theme.HINT, index / 11), (int(x), int(y)), max(3, layout.unit // 3))
    dots = "." * (1 + int(clock * 2) % 3)
    stop_at = (center[0], center[1] + radius * 3 + layout.unit)
    stop = _("Click or press Escape to stop")
    draw_text(surface, assets, stop, layout.text(1.1), stop_at, theme.INK, anchor="center")
    working_at = (center[0], center[1] + radius * 2)
    draw_text(surface, assets, working + dots, layout.text(1.4), working_at, theme.INK, bold=True, anchor="center")
