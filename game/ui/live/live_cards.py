"""How the live class looks: a card per child, in a grid sized from the count and the window.

A card holds the child's picture and name, the puzzle she is on, and the puzzles she solved
today as a big number with a star. Each thing she can be doing has its own look and mark at the
card's top right (`live_marks`): a child who needs help has a thick red frame and a red warning
sign with "!" and her line says for how long; a child on no computer, or not seen, is greyed.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...outputs.live import LiveRow, moment
from ...words import live as words
from ..core import theme
from ..core.assets import Assets
from ..core.avatars import draw_avatar
from ..core.drawing import draw_star
from ..core.layout import CHILD_TEXT_SIZE, MIN_TEXT_PX
from ..core.text_flow import first_whole_block
from .live_marks import CardLook, card_look, draw_mark

# A card's base size (its name's font size) is at most its height over this, and its width over
# the other: room for the name's row and the puzzle's row, and a name of about ten letters.
HEIGHT_IN_BASES = 3.2
WIDTH_IN_BASES = 6.5
# Upright, wider cards in fewer columns (two at least): a name of ten wide letters beside the
# picture and the red sign at the children's size, and no column narrower at a bigger window.
UPRIGHT_WIDTH_IN_BASES = 9.0
CLEARLY_BIGGER = 1.03  # more columns only for clearly bigger text: wider cards keep longer names whole


@dataclass(frozen=True)
class CardGrid:
    columns: int
    rows: int
    base: float  # the card's name size: everything else on the card is sized from it

    @property
    def cells(self) -> int:
        return self.columns * self.rows


def card_width_in_bases(area: pygame.Rect, gap: int, landscape: bool) -> float:
    """How many bases wide a card is at least: upright, as wide as two columns allow at the
    children's size, up to `UPRIGHT_WIDTH_IN_BASES` (one column would show half the class)."""
    if landscape:
        return WIDTH_IN_BASES
    two_columns = int((area.width - gap) / 2 / CHILD_TEXT_SIZE * 100) / 100  # rounded down: two fit
    return max(WIDTH_IN_BASES, min(UPRIGHT_WIDTH_IN_BASES, two_columns))


def choose_grid(count: int, area: pygame.Rect, gap: int, largest: float, wide: float = WIDTH_IN_BASES) -> CardGrid:
    """The columns and rows that give `count` cards in `area` the biggest text (at most `largest`),
    a card `wide` bases wide at least; of two about as big, the one with fewer columns."""
    best = CardGrid(1, 1, 0.0)
    for columns in range(1, max(1, count) + 1):
        rows = -(-max(1, count) // columns)
        width = (area.width - gap * (columns - 1)) / columns
        height = (area.height - gap * (rows - 1)) / rows
        base = min(height / HEIGHT_IN_BASES, width / wide, largest)
        if base > best.base * CLEARLY_BIGGER:
            best = CardGrid(columns, rows, base)
    return best


def fitting_count(
    count: int, area: pygame.Rect, gap: int, largest: float, wide: float = WIDTH_IN_BASES
) -> tuple[int, CardGrid]:
    """How many cards fit with their text at least the children's size, and their grid: all of
    them when they fit, else as many as fit (the first ones: stuck children come first), at the
    children's size exactly: a bigger window shows more cards, never smaller ones."""
    shown = max(0, count)
    grid = choose_grid(shown, area, gap, largest, wide)
    while shown > 1 and grid.base < CHILD_TEXT_SIZE:
        shown -= 1
        grid = choose_grid(shown, area, gap, largest, wide)
    if shown < count:
        grid = CardGrid(grid.columns, grid.rows, min(grid.base, CHILD_TEXT_SIZE))
    return shown, grid


def card_rects(area: pygame.Rect, grid: CardGrid, count: int, gap: int, snug: bool = True) -> list[pygame.Rect]:
    """The cards' places, row by row, the grid centred; `snug`, cards no wider than their text
    needs, else as wide as their column (upright, where a card is short and its line needs the
    width to stay on one line)."""
    width = (area.width - gap * (grid.columns - 1)) // grid.columns
    if snug:
        width = min(width, int(grid.base * WIDTH_IN_BASES * 1.3))
    height = min((area.height - gap * (grid.rows - 1)) // grid.rows, int(grid.base * HEIGHT_IN_BASES * 1.2))
    left = area.centerx - (grid.columns * width + (grid.columns - 1) * gap) // 2
    return [
        pygame.Rect(left + column * (width + gap), area.y + row * (height + gap), width, height)
        for row, column in (divmod(index, grid.columns) for index in range(count))
    ]


def card_line(row: LiveRow) -> str:
    """The card's second line: the puzzle she is on (and for how long, when she needs help),
    when she was last seen, or that the class folder is being read."""
    return words.card_line(row.doing.value, row.puzzle, row.minutes, moment(row.last_seen))


def draw_card(surface: pygame.Surface, assets: Assets, row: LiveRow, rect: pygame.Rect, base: float) -> None:
    """One child's card in `rect`, its text sized from `base` (never under the children's size)."""
    look = card_look(row.doing, base)
    pad = max(6, int(base / 4))
    radius = max(6, int(base * 0.7))
    pygame.draw.rect(surface, look.fill, rect, border_radius=pad)
    pygame.draw.rect(surface, look.frame, rect, look.frame_width, border_radius=pad)
    inner = rect.inflate(-2 * pad - look.frame_width, -2 * pad - look.frame_width)
    disc = (inner.x + radius, inner.y + radius)
    draw_avatar(surface, assets, row.avatar, row.name, disc, radius, theme.BUTTON_DISABLED if row.idle else theme.PANEL)
    name_left = inner.x + 2 * radius + pad
    name_right = inner.right
    if row.stuck:  # the sign that matters most, big, at the top right
        sign = max(8, int(base * 0.55))
        draw_mark(surface, look.mark, (inner.right - int(sign * 1.1), inner.y + sign), sign)
        name_right -= int(sign * 2.2) + pad // 2
    elif look.mark:  # a badge on her picture: it takes no room from her name
        _draw_badge(surface, look, disc, radius)
    # The name whole: smaller, then on two lines beside the picture, down to the children's size,
    # then to the teacher's (a class of 25 on a small screen), before a long word is broken.
    box = (name_right - name_left, max(2 * radius, inner.height - _line_height(assets, base)))
    size, lines = _whole_block(assets, [row.name], max(CHILD_TEXT_SIZE, int(base)), *box)
    font = assets.font(size, bold=True)
    top = disc[1] - len(lines) * font.get_linesize() // 2
    for index, line in enumerate(lines):
        text = font.render(line, True, theme.SOFT_INK if row.idle else theme.INK)
        surface.blit(text, (name_left, top + index * font.get_linesize()))
    _draw_solved(surface, assets, row, inner, base)
    under = max(disc[1] + radius, top + len(lines) * font.get_linesize())
    number_width = assets.font(_number_size(base), bold=True).size(str(row.solved_today))[0] + int(base * 1.3)
    room = pygame.Rect(inner.x, under, inner.width - number_width, inner.bottom - under)
    _draw_line(
        surface,
        assets,
        words.card_lines(row.doing.value, row.puzzle, row.minutes, moment(row.last_seen)),
        look.ink,
        room,
        base,
    )


def _draw_badge(surface: pygame.Surface, look: CardLook, disc: tuple[int, int], radius: int) -> None:
    """The mark of what she is doing on a disc of the card's colour at her picture's bottom right."""
    badge = max(6, int(radius * 0.6))
    center = (disc[0] + radius - badge // 2, disc[1] + radius - badge // 2)
    pygame.draw.circle(surface, look.fill, center, badge)
    pygame.draw.circle(surface, look.frame, center, badge, max(1, badge // 8))
    draw_mark(surface, look.mark, center, int(badge * 0.7))


def _draw_line(
    surface: pygame.Surface, assets: Assets, choices: list[str], ink: theme.Color, room: pygame.Rect, base: float
) -> None:
    """The card's second line at its bottom left, beside the number solved (on two lines when
    long): the first of `choices` that fits whole, else the shortest."""
    size = max(CHILD_TEXT_SIZE, int(base * 0.75))
    size, lines = _whole_block(assets, choices, size, room.width, room.height)
    font = assets.font(size, bold=True)
    bottom = room.bottom - (len(lines) - 1) * font.get_linesize()
    for index, line in enumerate(lines):
        text = font.render(line, True, ink)
        surface.blit(text, text.get_rect(bottomleft=(room.x, bottom + index * font.get_linesize())))


def _whole_block(assets: Assets, choices: list[str], size: int, width: int, height: int) -> tuple[int, list[str]]:
    """The first of `choices` whole in the box at the children's size or more; else at the
    teacher's (the live class is hers, read from the front of the room); else, whole at neither,
    the shortest at the children's size, broken or cut."""
    big = first_whole_block(assets, choices, size, width, height, CHILD_TEXT_SIZE, bold=True)
    if _whole(big[1], choices):
        return big
    small = first_whole_block(assets, choices, size, width, height, MIN_TEXT_PX, bold=True)
    return small if _whole(small[1], choices) else big


def _whole(lines: list[str], choices: list[str]) -> bool:
    """One of `choices` on `lines`, no word cut or broken."""
    return any(" ".join(lines).split() == choice.split() for choice in choices)


def _line_height(assets: Assets, base: float) -> int:
    """The height of the card's second line (the puzzle) under the name."""
    return assets.font(max(CHILD_TEXT_SIZE, int(base * 0.75)), bold=True).get_linesize()


def _number_size(base: float) -> int:
    return max(CHILD_TEXT_SIZE, int(base * 1.4))


def _draw_solved(surface: pygame.Surface, assets: Assets, row: LiveRow, inner: pygame.Rect, base: float) -> None:
    """Solved today: a big number at the card's bottom right, a star before it."""
    font = assets.font(_number_size(base), bold=True)
    text = font.render(str(row.solved_today), True, theme.SOFT_INK if row.idle else theme.INK)
    place = text.get_rect(bottomright=inner.bottomright)
    surface.blit(text, place)
    star = max(6, int(base * 0.5))
    color = theme.EMPTY_STAR if row.idle or not row.solved_today else theme.STAR
    draw_star(surface, (place.x - star - max(2, int(base / 10)), place.centery), star, color)
