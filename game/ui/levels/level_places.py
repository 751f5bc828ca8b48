"""Where the level select's parts go in a window: the top bar, the groups and the three ways
to another puzzle, the tiles' area and how many tiles go across a page."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ...i18n import _, ngettext
from ..core import theme
from ..core.assets import Assets
from ..core.layout import CHILD_TEXT_SIZE, Layout
from ..core.level_tiles import (
    BIG_LEVEL_COLUMNS,
    PAGE_COLUMNS,
    PAGE_SIZE,
    ROOMY_HEIGHT,
    ROOMY_SHAPE,
    ROOMY_WIDTH,
    WIDE_COLUMNS,
)
from ..core.text_flow import Flow, draw_text, flow
from ..core.widgets import Button


def roomy_shape(area: pygame.Rect, assets: Assets, landscape: bool) -> tuple[int, int]:
    """The columns and rows of a page of tiles with words ("Our puzzles"): as many columns,
    up to three, and rows, up to two, as leave each tile room for a child's words (a long
    name and maker take two lines each, under the number and the stars)."""
    line = assets.font(CHILD_TEXT_SIZE, bold=True).get_linesize()
    columns = max(1, min(ROOMY_SHAPE[0] if landscape else ROOMY_SHAPE[1], area.width // (line * ROOMY_WIDTH)))
    rows = max(1, min(ROOMY_SHAPE[1] if landscape else ROOMY_SHAPE[0], area.height // (line * ROOMY_HEIGHT)))
    return columns, rows


@dataclass(frozen=True)
class Parts:
    """The level select's buttons as its window places them: the top bar's (`top`: Continue,
    Today, Players, Settings, Help), the groups' (the piece school, then the levels), the
    `actions` (New puzzle, Make a puzzle, Type a code) and the `speaker` (None: no speech)."""

    top: list[Button]
    groups: list[Button]
    actions: list[Button]
    speaker: Button | None = None


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
    big_columns: int = BIG_LEVEL_COLUMNS  # the big board's levels across a row
    header: bool = True  # the group's line over its tiles is shown (not where a row of tiles needs its room)


def place_screen(
    layout: Layout,
    assets: Assets,
    parts: Parts,
    big_levels: int,
    greeting: str = "",
) -> tuple[Places, int]:
    """Place the buttons of the top bar, of the groups and of the actions, under them the
    `greeting`'s lines (wrapped at a child's size); the places of the rest, and how many
    tiles go across a page."""
    top, groups, actions, speaker = parts.top, parts.groups, parts.actions, parts.speaker
    m, gap = layout.margin, layout.gap
    screen = layout.screen.inflate(-2 * m, -2 * m)
    title_size, text_size = layout.title(), layout.child_text()
    button_size = layout.child_text(1.35)
    _bar, content_top = place_top_bar(layout, assets, (title_size, button_size), top, speaker)
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


def draw_title(surface: pygame.Surface, assets: Assets, places: Places) -> None:
    """The game's name, where the window has room for it (`title_size` 0: an upright window too
    narrow for it beside Players, Settings, Help and the speaker gives its row to the tiles)."""
    if places.title_size:
        draw_text(surface, assets, _("Solo Chess"), places.title_size, places.title_pos, theme.INK, bold=True)


def page_columns(area: pygame.Rect, gap: int, spare: int) -> int:
    """PAGE_COLUMNS, or WIDE_COLUMNS when its tiles come out squarer (bigger numbers) in
    `area` less `spare` pixels of its height (the header and the page arrows)."""

    def least_side(columns: int) -> int:
        rows = math.ceil(PAGE_SIZE / columns)
        width = (area.width - gap * (columns - 1)) // columns
        return min(width, (area.height - spare - gap * (rows - 1)) // rows)

    return WIDE_COLUMNS if least_side(WIDE_COLUMNS) > least_side(PAGE_COLUMNS) else PAGE_COLUMNS


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
    layout: Layout, assets: Assets, sizes: tuple[int, int], buttons: list[Button], speaker: Button | None = None
) -> tuple[pygame.Rect, int]:
    """The row of buttons beside the title (under it when the window is narrow or their words
    are long), the `speaker` at its right end; its rect and where the content below starts.
    `sizes`: the title's and the buttons' text sizes."""
    gap, m = layout.gap, layout.margin
    title_size, button_size = sizes
    screen = layout.screen.inflate(-2 * m, -2 * m)
    bar_height = layout.target(theme.BAR)
    reserve = bar_height + gap if speaker else 0
    screen.width -= reserve
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
    if speaker:
        speaker.rect = pygame.Rect(bar.right + gap, bar.y, bar_height, bar_height)
    return bar, bar.bottom + gap * 2


def group_column(layout: Layout, assets: Assets, content: pygame.Rect, buttons: list[Button], size: int) -> int:
    """The width of the column of groups on a wide window: eleven units, or more for the
    longest label (two fifths of the content at most)."""
    longest = max((label_width(assets, button, size, layout.target(2)) for button in buttons), default=0)
    return min(max(int(layout.unit * 11), longest), content.width * 2 // 5)


def place_groups(
    layout: Layout, content: pygame.Rect, groups: list[Button], actions: list[Button], column: int
) -> tuple[pygame.Rect, int]:
    """The group buttons and the three ways to another puzzle in a column `column` wide on the
    left of a wide window (an upright one is `level_upright`'s); the tiles take the rest: their
    area and columns."""
    gap = layout.gap
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


def problems_message(problems: list[str]) -> str:
    """The first problem of a collection that did not load whole, and how many there are."""
    if not problems:
        return ""
    return ngettext(
        "Some puzzles could not be loaded ({count} problem): {first}",
        "Some puzzles could not be loaded ({count} problems): {first}",
        len(problems),
    ).format(count=len(problems), first=problems[0])
