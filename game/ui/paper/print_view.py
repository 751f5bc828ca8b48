"""Where the Print desk's parts go and how it is drawn: rows of big buttons down the window
(the level; for whom; how many and which; the answer key and the hints; Print; the class's
cards) and under them what became of the last print, every text flowed into its box."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ...i18n import _
from ..core import theme
from ..core.assets import Assets
from ..core.layout import MIN_TARGET_PX, Layout, grid
from ..core.text_flow import draw_flow, flow, lines_within, wrapped_path_text

if TYPE_CHECKING:
    from ..core.widgets import Button

ROWS = 7  # the title's and six of buttons
MESSAGE_LINES = 3  # the least room kept under the buttons for what became of a print


@dataclass(frozen=True)
class Desk:
    """The desk's buttons, handed over by the scene that owns them, to be put in their places."""

    done: Button
    levels: tuple[Button, ...]
    big: Button
    earlier_child: Button
    later_child: Button
    fewer: Button
    more: Button
    earlier: Button
    later: Button
    answers: Button
    hints: Button
    print: Button
    cards: Button

    def in_focus_order(self) -> list[Button]:
        """Down the desk as Tab goes, Done last."""
        steppers = [self.earlier_child, self.later_child, self.fewer, self.more, self.earlier, self.later]
        return [*self.levels, self.big, *steppers, self.answers, self.hints, self.print, self.cards, self.done]


@dataclass(frozen=True)
class PrintPlaces:
    title: pygame.Rect
    section: pygame.Rect
    child: pygame.Rect  # for whom: the whole class, or a child
    count: pygame.Rect
    range: pygame.Rect
    message: pygame.Rect
    title_size: int
    text_size: int
    button_size: int


def stepper(area: pygame.Rect, back: Button, on: Button, gap: int) -> pygame.Rect:
    """Two square buttons at the ends of `area`; the box between them, for what they change."""
    side = area.height
    back.place(pygame.Rect(area.x, area.y, side, side))
    on.place(pygame.Rect(area.right - side, area.y, side, side))
    return pygame.Rect(back.rect.right + gap, area.y, on.rect.x - back.rect.right - 2 * gap, side)


def place(desk: Desk, assets: Assets, layout: Layout) -> PrintPlaces:
    """Put the desk's buttons in their places for `layout`; the boxes of its texts."""
    unit, margin = layout.unit, layout.margin
    screen = layout.screen.inflate(-2 * margin, -2 * margin)
    gap = layout.gap
    title_size, text_size, button_size = layout.title(theme.TITLE_TEACHER), layout.text(0.95), layout.text(1.1)
    section = int(text_size * 1.8)
    message_least = MESSAGE_LINES * assets.font(text_size, bold=True).get_linesize()
    free = screen.height - section - 9 * gap - message_least
    row = max(MIN_TARGET_PX, min(int(unit * 2.6), free // ROWS))
    font = assets.font(button_size, bold=True)
    done = desk.done
    width = font.size(done.label)[0] + 2 * unit
    done.place(pygame.Rect(screen.right - width, screen.y, width, row))
    title = pygame.Rect(screen.x, screen.y, done.rect.x - gap - screen.x, row)
    y = screen.y + row + gap
    section_box = pygame.Rect(screen.x, y, screen.width, section)
    y += section

    def next_row(space: int = gap) -> pygame.Rect:
        nonlocal y
        area = pygame.Rect(screen.x, y, screen.width, row)
        y += row + space
        return area

    if layout.landscape:
        choices = grid(next_row(), 5, 1, gap)
    else:  # upright, three and two a row: a level's name whole, at the button's size
        choices = [*grid(next_row(), 3, 1, gap), *grid(next_row(), 2, 1, gap)]
    for button, rect in zip([*desk.levels, desk.big], choices, strict=True):
        button.place(rect)
    child = stepper(next_row(), desk.earlier_child, desk.later_child, gap)
    how_many, which = grid(next_row(), 2, 1, 2 * gap)
    count = stepper(how_many, desk.fewer, desk.more, gap)
    range_box = stepper(which, desk.earlier, desk.later, gap)
    for button, rect in zip((desk.answers, desk.hints), grid(next_row(), 2, 1, gap), strict=True):
        button.place(rect)
    if layout.landscape:
        desk.print.place(next_row(2 * gap))
        desk.cards.place(next_row(gap))
    else:  # side by side, for the row the levels took
        for button, rect in zip((desk.print, desk.cards), grid(next_row(), 2, 1, 2 * gap), strict=True):
            button.place(rect)
    message = pygame.Rect(screen.x, y, screen.width, max(0, screen.bottom - y))
    return PrintPlaces(title, section_box, child, count, range_box, message, title_size, text_size, button_size)


def draw_in(
    surface: pygame.Surface,
    assets: Assets,
    text: str,
    size: int,
    box: pygame.Rect,
    color: theme.Color = theme.INK,
    centred: bool = True,
) -> None:
    """`text` flowed into `box`, in bold, its lines in the middle of it (or from its left)."""
    laid = flow(assets, text, size, box.size, bold=True)
    y = box.centery - laid.height // 2
    for line in laid.lines:
        image = assets.font(laid.size, bold=True).render(line, True, color)
        spot = image.get_rect(midtop=(box.centerx, y)) if centred else image.get_rect(topleft=(box.x, y))
        surface.blit(image, spot)
        y += laid.line_height


def draw(
    surface: pygame.Surface,
    assets: Assets,
    places: PrintPlaces,
    steppers: tuple[str, str, str],
    buttons: list[Button],
    message: str,
) -> None:
    """The desk: its title, what its three steppers stand at (for whom, how many, which), its
    buttons and what became of the last print."""
    child_text, count_text, range_text = steppers
    surface.fill(theme.BACKGROUND)
    draw_in(surface, assets, _("Print"), places.title_size, places.title, centred=False)
    draw_in(
        surface, assets, _("A worksheet to photocopy"), places.text_size, places.section, theme.SOFT_INK, centred=False
    )
    draw_in(surface, assets, child_text, places.button_size, places.child)
    draw_in(surface, assets, count_text, places.button_size, places.count)
    draw_in(surface, assets, range_text, places.button_size, places.range)
    for button in buttons:
        button.draw(surface, assets, places.button_size)
    if message:  # a file's path in it broken after its separators, never cut
        box = places.message
        most = max(1, box.height // assets.font(places.text_size).get_linesize())
        draw_flow(
            surface,
            assets,
            lines_within(assets, message, places.text_size, box.width, most, wrapped_path_text),
            box.topleft,
        )
