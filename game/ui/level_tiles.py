"""The level select's drawing and places: where its buttons go, its puzzle tiles (number,
stars, the Next tab, the maker of the class's own), the group's header and the veil shown
while a puzzle is being made. The scene decides what is shown; this only draws it."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ..content.levels import Level, Puzzle
from ..i18n import _, ngettext
from . import theme
from .assets import Assets
from .avatars import draw_avatar
from .drawing import draw_corners, draw_empty_star, draw_star
from .layout import CHILD_TEXT_SIZE, Layout
from .player_look import player_color
from .text_flow import Flow, flow
from .widgets import Button, draw_text, fitted_block

PAGE_COLUMNS, PAGE_ROWS = 5, 4  # a page of tiles in a wide window; a tall one swaps them
PAGE_SIZE = PAGE_COLUMNS * PAGE_ROWS
WIDE_COLUMNS = 7  # a page of plain tiles on a window wide for its height: 7 by 3, the last row one short
ROOMY_SHAPE = (3, 2)  # a page of tiles with a name and a maker on each ("Our puzzles"), wide window
ROOMY_WIDTH = 12  # such a tile is at least this many lines of a child's text wide
ROOMY_HEIGHT = 8  # and this many high, with the header and page arrows of its page


def roomy_shape(area: pygame.Rect, assets: Assets, landscape: bool) -> tuple[int, int]:
    """The columns and rows of a page of tiles with words ("Our puzzles"): as many columns,
    up to three, and rows, up to two, as leave each tile room for a child's words (a long
    name and maker take two lines each, under the number and the stars)."""
    line = assets.font(CHILD_TEXT_SIZE, bold=True).get_linesize()
    columns = max(1, min(ROOMY_SHAPE[0] if landscape else ROOMY_SHAPE[1], area.width // (line * ROOMY_WIDTH)))
    rows = max(1, min(ROOMY_SHAPE[1] if landscape else ROOMY_SHAPE[0], area.height // (line * ROOMY_HEIGHT)))
    return columns, rows


BIG_LEVEL_COLUMNS = 5  # the big board's ten levels, in two rows


def big_level_name(level: Level) -> str:
    """The big board's levels are numbered in the collection: "Level 3"."""
    return _("Level {number}").format(number=level.name)


def gap_of(layout: Layout) -> int:
    return max(6, layout.unit // 2)


@dataclass
class Places:
    """Where the level select's parts go in a window, and its text sizes."""

    title_size: int
    text_size: int
    button_size: int
    title_pos: tuple[int, int]
    player_pos: tuple[int, int]  # the greeting
    grid_area: pygame.Rect  # the big board's levels, the group's header and its tiles
    big_area: pygame.Rect  # the big board's levels
    empty_make: pygame.Rect  # "Make a puzzle" on an empty "Our puzzles"
    greeting: str = ""  # the greeting (or message) the places were made for
    said: Flow | None = None  # its lines


def place_screen(
    layout: Layout,
    assets: Assets,
    top: list[Button],
    groups: list[Button],
    actions: list[Button],
    big_levels: int,
    greeting: str = "",
) -> tuple[Places, int]:
    """Place the buttons of the top bar, of the groups and of the actions, under them the
    `greeting`'s lines (wrapped at a child's size); the places of the rest, and how many
    tiles go across a page."""
    m, gap = layout.margin, gap_of(layout)
    screen = layout.screen.inflate(-2 * m, -2 * m)
    title_size, text_size = layout.text(2.4), max(CHILD_TEXT_SIZE, layout.text(1.1))
    button_size = max(CHILD_TEXT_SIZE, layout.text(1.35))
    _bar, content_top = place_top_bar(layout, assets, (title_size, button_size), top)
    player_pos = (screen.x, content_top)
    said = flow(assets, greeting, text_size, (screen.width, screen.height // 4), CHILD_TEXT_SIZE, bold=True)
    content_top += max(int(text_size * 1.6), said.height + gap)
    content = pygame.Rect(screen.x, content_top, screen.width, screen.bottom - content_top)
    column = group_column(layout, assets, content, [*groups, *actions], button_size)
    area, columns = place_groups(layout, content, groups, actions, column)
    if columns == PAGE_COLUMNS:
        columns = page_columns(area, gap, int(text_size * 1.8) + layout.target(2.6) + gap)
    big_rows = -(-big_levels // BIG_LEVEL_COLUMNS)
    height = big_rows * layout.target(1.6) + max(0, big_rows - 1) * gap
    big_area = pygame.Rect(area.x, area.y, area.width, height)
    width = min(area.width, layout.unit * 14)
    empty_make = pygame.Rect(area.x, area.y + int(text_size * 2.2), width, layout.target(3))
    places = Places(title_size, text_size, button_size, screen.topleft, player_pos, area, big_area, empty_make)
    places.greeting, places.said = greeting, said
    return places, columns


def page_columns(area: pygame.Rect, gap: int, spare: int) -> int:
    """PAGE_COLUMNS, or WIDE_COLUMNS when its tiles come out squarer (bigger numbers) in
    `area` less `spare` pixels of its height (the header and the page arrows)."""

    def least_side(columns: int) -> int:
        rows = math.ceil(PAGE_SIZE / columns)
        width = (area.width - gap * (columns - 1)) // columns
        return min(width, (area.height - spare - gap * (rows - 1)) // rows)

    return WIDE_COLUMNS if least_side(WIDE_COLUMNS) > least_side(PAGE_COLUMNS) else PAGE_COLUMNS


def place_arrows(layout: Layout, area: pygame.Rect, previous: Button, following: Button) -> None:
    """The page arrows sit on either side of the line under the tiles (the page words between them)."""
    arrow = pygame.Rect(0, 0, layout.target(4.5), layout.target(2.6))
    previous.rect = arrow.move(area.x, area.bottom - arrow.height)
    following.rect = arrow.move(area.right - arrow.width, area.bottom - arrow.height)


def label_width(assets: Assets, button: Button, size: int, height: int) -> int:
    """How wide `button` must be to show its label whole at `size` (a child's size at least)."""
    return int(assets.font(max(size, CHILD_TEXT_SIZE), bold=True).size(button.label)[0]) + max(12, height // 3) + 4


def row_widths(assets: Assets, buttons: list[Button], size: int, height: int, room: int, gap: int) -> list[int] | None:
    """The widths of `buttons` in a row of `room`: equal when every label fits so, else each as
    wide as its label with the rest shared out; None when their labels do not fit in `room`."""
    needed = [label_width(assets, button, size, height) for button in buttons]
    room -= gap * (len(buttons) - 1)
    equal = room // len(buttons)
    if max(needed) <= equal:
        return [equal] * len(buttons)
    if sum(needed) > room:
        return None
    extra = (room - sum(needed)) // len(buttons)
    return [width + extra for width in needed]


def place_top_bar(
    layout: Layout, assets: Assets, sizes: tuple[int, int], buttons: list[Button]
) -> tuple[pygame.Rect, int]:
    """The row of buttons beside the title (under it when the window is narrow or their words
    are long); its rect and where the content below starts. `sizes`: the title's and the
    buttons' text sizes."""
    gap, m = gap_of(layout), layout.margin
    title_size, button_size = sizes
    screen = layout.screen.inflate(-2 * m, -2 * m)
    bar_height = layout.target(2.6)
    title_width = assets.font(title_size, bold=True).size(_("Solo Chess"))[0] + 2 * gap
    bar = pygame.Rect(screen.x + title_width, screen.y, screen.width - title_width, bar_height)
    room = min(bar.width, (int(layout.unit * 8) + gap) * len(buttons) - gap)
    widths = row_widths(assets, buttons, button_size, bar_height, room, gap)
    if bar.width < 5 * 5 * layout.unit or widths is None:
        bar = pygame.Rect(screen.x, screen.y + int(title_size * 1.2), screen.width, bar_height)
        room = min(bar.width, (int(layout.unit * 8) + gap) * len(buttons) - gap)
        widths = row_widths(assets, buttons, button_size, bar_height, room, gap)
    widths = widths or [(room - gap * (len(buttons) - 1)) // len(buttons)] * len(buttons)
    x = bar.right - (sum(widths) + gap * (len(buttons) - 1))
    for button, width in zip(buttons, widths, strict=True):
        button.rect = pygame.Rect(x, bar.y, width, bar_height)
        x += width + gap
    return bar, bar.bottom + gap * 2


def group_column(layout: Layout, assets: Assets, content: pygame.Rect, buttons: list[Button], size: int) -> int:
    """The width of the column of groups on a wide window: eleven units, or more for the
    longest label (two fifths of the content at most)."""
    longest = max((label_width(assets, button, size, layout.target(2)) for button in buttons), default=0)
    return min(max(int(layout.unit * 11), longest), content.width * 2 // 5)


def place_groups(
    layout: Layout, content: pygame.Rect, groups: list[Button], actions: list[Button], column: int
) -> tuple[pygame.Rect, int]:
    """The group buttons and the three ways to another puzzle: a column `column` wide on the
    left of a wide window, rows on top of a tall one; the tiles take the rest: their area and
    columns."""
    gap = gap_of(layout)
    if layout.landscape:
        # One column: the levels, a wider gap, then the three ways to another puzzle.
        slots = len(groups) + len(actions)
        height = (content.height - gap * slots) // slots
        y = content.y
        for index, button in enumerate([*groups, *actions]):
            if index == len(groups):
                y += gap
            button.rect = pygame.Rect(content.x, y, column, height)
            y += height + gap
        area = pygame.Rect(content.x + column + gap * 2, content.y, content.width - column - gap * 2, content.height)
        return area, PAGE_COLUMNS
    # Rows of at most three groups (their names are long in some languages), then the actions.
    row_height = layout.target(3)
    rows = [*[groups[start : start + 3] for start in range(0, len(groups), 3)], actions]
    for row, buttons in enumerate(rows):
        count = max(1, len(buttons))
        width = (content.width - gap * (count - 1)) // count
        y = content.y + row * (row_height + gap)
        for index, button in enumerate(buttons):
            button.rect = pygame.Rect(content.x + index * (width + gap), y, width, row_height)
    top = content.y + len(rows) * row_height + gap * (len(rows) + 1)
    return pygame.Rect(content.x, top, content.width, content.bottom - top), PAGE_ROWS


def problems_message(problems: list[str]) -> str:
    """The first problem of a collection that did not load whole, and how many there are."""
    if not problems:
        return ""
    return ngettext(
        "Some puzzles could not be loaded ({count} problem): {first}",
        "Some puzzles could not be loaded ({count} problems): {first}",
        len(problems),
    ).format(count=len(problems), first=problems[0])


def fitted_line(assets: Assets, text: str, size: int, width: int) -> str:
    """A bold line shortened with an ellipsis until it fits `width`."""
    font = assets.font(size, bold=True)
    while font.size(text)[0] > width and len(text) > 4:
        text = text[:-4] + "…"
    return text


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
) -> None:
    """A tile: the puzzle's number big, its three stars under it, a Next tab on its top edge
    when it is the one to play next, and on the class's own puzzles its name and its maker
    (her name and picture) along the bottom."""
    radius = max(6, rect.height // 6)
    pygame.draw.rect(surface, theme.solved_tile(color) if stars else theme.WHITE, rect, border_radius=radius)
    edge = max(3, min(min(rect.size) // 18, layout.unit // 4))
    if is_next:
        pygame.draw.rect(surface, theme.BUTTON_ACCENT, rect, edge * 2, border_radius=radius)
    else:
        pygame.draw.rect(surface, color, rect, edge, border_radius=radius)
    # Under the words the stars are smaller, leaving the number its room.
    star_radius = max(8, min(rect.width // 9, rect.height // (14 if signed else 8)))
    stars_y = rect.bottom - star_radius - max(4, rect.height // 12)
    if signed:
        stars_y = draw_words(surface, assets, layout, rect, signed, edge) - star_radius - max(2, edge // 2)
    top = rect.y + edge + (next_tab(assets, layout, rect, edge).bottom - rect.y if is_next else 0)
    # The tile to play next is not solved yet: its Next tab stands for its three empty stars,
    # and the number takes their room, so the tab does not leave it smaller than its neighbours'.
    bare = is_next and not stars and signed is None
    bottom = rect.bottom - edge if bare else stars_y - star_radius
    number_size = max(CHILD_TEXT_SIZE, min((bottom - top) * (10 if bare else 9) // 10, layout.text(2.4)))
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


def next_tab(assets: Assets, layout: Layout, rect: pygame.Rect, edge: int) -> pygame.Rect:
    """Where the Next tab goes: across the top edge, half outside the tile."""
    size = max(CHILD_TEXT_SIZE, layout.text(0.9))
    tab = pygame.Rect((0, 0), assets.font(size, bold=True).size(_("Next"))).inflate(size, size // 3)
    tab.center = (rect.centerx, rect.top + edge)
    return tab


def draw_next_tab(surface: pygame.Surface, assets: Assets, layout: Layout, rect: pygame.Rect, edge: int) -> None:
    """A tab across the top edge, half outside the tile, like a label clipped on."""
    size = max(CHILD_TEXT_SIZE, layout.text(0.9))
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
    size = max(CHILD_TEXT_SIZE, layout.text(0.8))
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
    rect, gap = button.rect, gap_of(layout)
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
