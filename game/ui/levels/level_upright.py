"""The level select in a window taller than wide: the title with Players, Settings and Help
beside it (under it when they do not fit), the greeting, the groups in rows, the tiles in the
middle, and the ways to a puzzle (Continue, Today, New puzzle, Make a puzzle, Type a code) in
rows at the bottom, under the child's hand. Each row holds as many buttons as show their words
whole at a child's size, and a page holds as many tiles as fit (`tile_shape`)."""

from __future__ import annotations

import pygame

from ...i18n import _
from ...play.levels import fitting, page_shape
from ..core.assets import Assets
from ..core.layout import CHILD_TEXT_SIZE, Layout
from ..core.level_pages import TilePages
from ..core.level_tiles import BIG_LEVEL_COLUMNS, PAGE_COLUMNS, PAGE_SIZE, ROOMY_SHAPE, ROOMY_WIDTH
from ..core.read_aloud import MIN_TOUCH
from ..core.text_flow import flow
from ..core.widgets import Button
from .level_places import Parts, Places, label_width, row_widths


def button_height(layout: Layout) -> int:
    return layout.target(2.2)


def rows_of(assets: Assets, buttons: list[Button], size: int, height: int, width: int, gap: int) -> list[list[Button]]:
    """`buttons` in order in the fewest rows whose labels all fit whole in `width`, as even as
    may be (a long label may leave its row to itself)."""

    def fit(row: list[Button]) -> bool:
        return row_widths(assets, row, size, height, width, gap) is not None

    greedy: list[list[Button]] = []
    for button in buttons:
        if greedy and fit([*greedy[-1], button]):
            greedy[-1].append(button)
        else:
            greedy.append([button])
    across = -(-len(buttons) // max(1, len(greedy)))
    even = [buttons[start : start + across] for start in range(0, len(buttons), across)]
    return even if len(even) <= len(greedy) and all(fit(row) for row in even) else greedy


def place_rows(assets: Assets, rows: list[list[Button]], size: int, area: pygame.Rect, height: int, gap: int) -> int:
    """Each row of buttons across `area` from its top, `height` high; the y under the last."""
    y = area.y
    for row in rows:
        widths = row_widths(assets, row, size, height, area.width, gap)
        widths = widths or [(area.width - gap * (len(row) - 1)) // len(row)] * len(row)
        x = area.x
        for button, width in zip(row, widths, strict=True):
            button.rect = pygame.Rect(x, y, width, height)
            x += width + gap
        y += height + gap
    return y - gap


def rows_height(rows: list[list[Button]], height: int, gap: int) -> int:
    return len(rows) * height + (len(rows) - 1) * gap if rows else 0


def place_screen(
    layout: Layout,
    assets: Assets,
    parts: Parts,
    chips: list[tuple[Button, str]],
    greeting: str = "",
    spare: bool = False,
) -> Places:
    """Place the buttons of an upright window (`top`: Continue, Today, Players, Settings, Help;
    `actions`: New puzzle, Make a puzzle, Type a code; `chips`: the big board's levels, each
    with its number; the `speaker` at the right of the first row of Players, Settings and Help)
    and the `greeting`'s lines; the places of the rest. A greeting that may be `spare`d (a
    hello, not a message) gives its room to the tiles when they would have none."""
    # Rows of buttons a little closer than on a wide window: a row of tiles more.
    top, groups, actions, speaker = parts.top, parts.groups, parts.actions, parts.speaker
    m, gap = layout.margin, max(6, layout.unit // 3)
    screen = layout.screen.inflate(-2 * m, -2 * m)
    text_size = layout.child_text()
    button_size, height = layout.child_text(1.35), button_height(layout)
    # Continue, Today and Type a code open a puzzle there is; New puzzle and Make a puzzle make one.
    plays, meta = [*top[:2], actions[2], *actions[:2]], top[2:]
    title_size, title_pos, y = place_top(layout, assets, screen, meta, button_size, speaker)
    player_pos = (screen.x, y + gap)
    said = flow(assets, greeting, text_size, (screen.width, screen.height // 5), CHILD_TEXT_SIZE, bold=True)
    y = player_pos[1] + (max(int(text_size * 1.2), said.height) + gap if greeting else 0)
    group_rows = rows_of(assets, groups, button_size, height, screen.width, gap)
    # The chosen group's pointer goes in the gap under its row: twice the gap under the last.
    y = place_rows(assets, group_rows, button_size, pygame.Rect(screen.x, y, screen.width, 0), height, gap) + gap * 2
    play_rows = rows_of(assets, plays, button_size, height, screen.width, gap)
    bottom = screen.bottom - rows_height(play_rows, height, gap)
    place_rows(assets, play_rows, button_size, pygame.Rect(screen.x, bottom, screen.width, 0), height, gap)
    area = pygame.Rect(screen.x, y, screen.width, bottom - gap * 2 - y)
    gap = layout.gap  # the tiles' and the big board levels', as on a wide window
    big_area = pygame.Rect(area.x, area.y, area.width, chips_height(layout, assets, chips, button_size, area.width))
    columns = chip_columns(assets, [chip for chip, _number in chips], button_size, layout.target(1.6), area.width, gap)
    need = big_area.height + gap + int(text_size * 1.8) + tile_height(layout) + gap + button_height(layout)
    if spare and greeting and area.height < need:
        places = place_screen(layout, assets, parts, chips)
        places.greeting = greeting  # made for it, without it
        return places
    width = min(area.width, layout.unit * 14)
    empty_make = pygame.Rect(area.x, area.y + int(text_size * 2.2), width, layout.target(3))
    places = Places(title_size, text_size, button_size, title_pos, player_pos, area, big_area, empty_make)
    places.greeting, places.said, places.big_columns = greeting, said if greeting else None, columns
    return places


def chips_height(layout: Layout, assets: Assets, chips: list[tuple[Button, str]], size: int, width: int) -> int:
    """The height of the big board's levels' rows. Where their names ("Level 3") would take
    more than two rows, each chip says only its number: the line over the tiles says its name."""
    gap, height = layout.gap, layout.target(1.6)
    buttons = [chip for chip, _number in chips]
    if chip_columns(assets, buttons, size, height, width, gap) < min(len(chips), BIG_LEVEL_COLUMNS):
        for chip, number in chips:
            chip.label = number
    rows = -(-len(chips) // chip_columns(assets, buttons, size, height, width, gap))
    return rows * height + max(0, rows - 1) * gap


def place_top(
    layout: Layout, assets: Assets, screen: pygame.Rect, meta: list[Button], size: int, speaker: Button | None
) -> tuple[int, tuple[int, int], int]:
    """The top row: the game's name (its size, 0 where it has no room beside the buttons: it
    gives its row to the tiles, as at 480x640 in Ukrainian) and its place, Players, Settings
    and Help (`meta`) right-aligned beside it, the `speaker` at the right; the y under them."""
    gap, height = max(6, layout.unit // 3), button_height(layout)
    side = max(MIN_TOUCH, height) if speaker else 0
    right = screen.right - (side + gap if speaker else 0)  # the meta rows' right, left of the speaker
    title_size, beside = title_beside(layout, assets, meta, size, right - screen.x - gap * 2)
    title_font = assets.font(title_size, bold=True)
    title_width = title_font.size(_("Solo Chess"))[0] + 2 * gap if beside else 0
    title_pos = (screen.x, screen.y + max(0, (height - title_font.get_linesize()) // 2))
    x = screen.x + title_width
    if speaker:
        speaker.rect = pygame.Rect(screen.right - side, screen.y, side, side)
    meta_rows = rows_of(assets, meta, size, height, right - x, gap)
    y = place_rows(assets, meta_rows, size, pygame.Rect(x, screen.y, right - x, 0), height, gap)
    if beside:  # right-aligned beside the title, as on a wide window
        shift = right - max(button.rect.right for button in meta)
        for button in meta:
            button.rect = button.rect.move(shift, 0)
    return (title_size if beside else 0), title_pos, y


def title_beside(layout: Layout, assets: Assets, buttons: list[Button], size: int, width: int) -> tuple[int, bool]:
    """The title's size, and whether `buttons` fit beside it in `width` (the title a little
    smaller, down to a child's size, to make room for them: a row of the window's height saved)."""
    height, largest = button_height(layout), layout.child_text(1.8)
    for title_size in range(largest, CHILD_TEXT_SIZE - 1, -1):
        room = width - assets.font(title_size, bold=True).size(_("Solo Chess"))[0]
        if row_widths(assets, buttons, size, height, room, layout.gap) is not None:
            return title_size, True
    return largest, False


def chip_columns(assets: Assets, chips: list[Button], size: int, height: int, width: int, gap: int) -> int:
    """How many of the big board's levels go across a row: BIG_LEVEL_COLUMNS, or fewer when
    their labels would not fit whole."""
    longest = max((label_width(assets, chip, size, height) for chip in chips), default=0)
    return fitting(width, longest, gap, BIG_LEVEL_COLUMNS)


def place_arrows(layout: Layout, area: pygame.Rect, previous: Button, following: Button) -> None:
    """The page arrows under the tiles, as low as the buttons (a row of tiles more)."""
    arrow = pygame.Rect(0, 0, layout.target(3.6), button_height(layout))
    previous.rect = arrow.move(area.x, area.bottom - arrow.height)
    following.rect = arrow.move(area.right - arrow.width, area.bottom - arrow.height)


def tile_height(layout: Layout) -> int:
    """The plain tiles' height: big enough for a finger, a child's number, its stars and the
    Next tab; the same at every window of the same unit, so a number is never smaller in a
    bigger window."""
    return layout.target(3.6)


# A plain tile may give up a tenth of its height for a row more, rather than leave most of a row
# empty under the tiles (480x640: two rows of four, not one); the tiles then fill the room.
SQUEEZE = 0.9


def least_height(layout: Layout) -> int:
    """The least height of a plain tile, squeezed for a row more; its number is sized for it."""
    return int(tile_height(layout) * SQUEEZE)


def tile_shape(layout: Layout, room: tuple[int, int], gap: int) -> tuple[int, int]:
    """The columns and rows of a page of plain tiles in `room`: as many as fit (PAGE_COLUMNS
    across and down at most, PAGE_SIZE in all), each at least SQUEEZE of its height."""
    least = (layout.target(5), least_height(layout))
    return page_shape(room, least, gap, (PAGE_COLUMNS, PAGE_COLUMNS, PAGE_SIZE))


def words_least(layout: Layout, assets: Assets) -> tuple[int, int]:
    """The least size of a tile with words ("Our puzzles"): its number as big as a plain tile's,
    its stars, and its name and maker two lines each at a child's size."""
    line = assets.font(CHILD_TEXT_SIZE, bold=True).get_linesize()
    return line * ROOMY_WIDTH, layout.text(2.4) + line * 6


def fit_tiles(
    layout: Layout, pager: TilePages, area: pygame.Rect, arrows: tuple[Button, Button], least: tuple[int, int]
) -> pygame.Rect:
    """As many tiles a page as fit in `area` (tiles with words at least `least` big), leaving
    the page arrows room when there are pages; the arrows go right under the tiles. A group of
    several pages fills the height, a group of one page has tiles of their own height (a few
    puzzles are not giant tiles). The tiles' area."""
    gap = layout.gap
    below = arrows[0].rect.height + gap
    room = (area.width, area.height - below)
    worded = pager.roomy()
    pager.number_height = None if worded else least_height(layout)
    if worded:
        pager.roomy_shape = page_shape(room, least, gap, (ROOMY_SHAPE[1], ROOMY_SHAPE[0], ROOMY_SHAPE[0] * 2))
    else:
        columns, rows = tile_shape(layout, area.size, gap)
        # Fitted once: each fit opens the page of the first tile shown, a page of the old size.
        pager.fit((columns, rows) if len(pager.puzzles()) <= columns * rows else tile_shape(layout, room, gap))
    rows = pager.shape[1]
    height = area.height - (below if pager.many else 0)
    if not worded and not pager.many:
        height = min(height, rows * tile_height(layout) + (rows - 1) * gap)
    for arrow in arrows:
        arrow.rect = arrow.rect.move(0, area.y + height + gap - arrow.rect.y)
    return pygame.Rect(area.x, area.y, area.width, height)
