"""How the teacher's assignments screen looks: an assignment as a card (its title, how many
puzzles, due when, for whom, who finished and who not yet), a child's card that is chosen or
not, and a question asked before something is removed. Every line is wrapped to its room,
and a card is as high as its own lines."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ...content import assignments as assign
from ...store.progress import Assignment
from ..core import theme
from ..core.assets import Assets
from ..core.drawing import draw_corners
from ..core.text_flow import broken, draw_text, fit_text, largest_size, shortened
from ..core.widgets import Button

if TYPE_CHECKING:
    from ...store.progress import ProgressStore


NAME_LINES = 2  # the lines a card gives to a list of names before it says "and 3 more"


@dataclass(frozen=True)
class CardWords:
    """An assignment's card in lines wrapped to its width: the title's (bold), then the others'."""

    title: list[str]
    lines: list[tuple[str, theme.Color]]
    size: int

    def height(self, assets: Assets) -> int:
        bold, plain = assets.font(self.size, bold=True), assets.font(self.size)
        return len(self.title) * bold.get_linesize() + len(self.lines) * plain.get_linesize() + 2 * card_pad(self.size)


def card_pad(size: int) -> int:
    return max(6, size // 2)


def wrapped(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """`text` in lines no wider than `width`, a word too long for a line broken in pieces."""
    return [part for line in fit_text(text, font, width) for part in broken(line, font, width)]


def with_names(words: Callable[[int | None], str], names: int, font: pygame.font.Font, width: int) -> list[str]:
    """`words(most)` wrapped to `width` with as many of its `names` as fit in NAME_LINES lines
    (`words(None)`: all of them); the rest are counted ("and 3 more"), never cut."""
    lines = wrapped(words(None), font, width)
    most = names
    while len(lines) > NAME_LINES and most > 1:
        most -= 1
        lines = wrapped(words(most), font, width)
    return lines


def card_words(assets: Assets, assignment: Assignment, store: ProgressStore, size: int, width: int) -> CardWords:
    """An assignment's card: its title, what and for whom, who finished and who not yet."""
    bold, plain = assets.font(size, bold=True), assets.font(size)
    width -= 2 * card_pad(size)
    finished = assign.finished_by(assignment, store)
    children = len(assign.children_of(assignment, store)) if assignment.children else 0
    about = with_names(lambda most: " · ".join(assign.about(assignment, store, most)), children, plain, width)
    progress = with_names(
        lambda most: " · ".join(assign.progress_words(finished, most)), len(finished.not_done), plain, width
    )
    color = theme.TARGET if not finished.not_done else theme.INK
    lines = [(text, theme.SOFT_INK) for text in about] + [(text, color) for text in progress]
    return CardWords(wrapped(assign.shown_title(assignment), bold, width), lines, size)


def pages_of(heights: list[int], room: int, gap: int) -> list[range]:
    """The cards of `heights` in pages of at most `room` pixels (`gap` between two cards);
    a card taller than a page has a page to itself."""
    pages: list[range] = []
    start, used = 0, 0
    for index, height in enumerate(heights):
        if index > start and used + gap + height > room:
            pages.append(range(start, index))
            start, used = index, 0
        used += (gap if index > start else 0) + height
    return [*pages, range(start, len(heights))]


def draw_card(surface: pygame.Surface, assets: Assets, rect: pygame.Rect, words: CardWords) -> None:
    """The card's lines from its top: the title in bold, then the others."""
    size = words.size
    x, y = rect.x + card_pad(size), rect.y + card_pad(size)
    for text in words.title:
        draw_text(surface, assets, text, size, (x, y), theme.INK, bold=True)
        y += assets.font(size, bold=True).get_linesize()
    for text, color in words.lines:
        draw_text(surface, assets, text, size, (x, y), color)
        y += assets.font(size).get_linesize()


class ChildToggle(Button):
    """A child's card for "for whom": pressed, it is chosen (a tick and a coloured card) or not."""

    def __init__(self, name: str, chosen: bool, action: Callable[[], None]) -> None:
        super().__init__(name, action, theme.WHITE)
        self.chosen = chosen

    def draw(self, surface: pygame.Surface, assets: Assets, font_size: int) -> None:
        rect = self.rect
        if not self.shown:
            return
        radius = max(6, rect.height // 4)
        fill = theme.solved_tile(theme.TARGET) if self.chosen else theme.WHITE
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        edge = theme.TARGET if self.chosen else theme.lighter(theme.SOFT_INK, 0.5)
        pygame.draw.rect(surface, edge, rect, max(2, rect.height // 12), border_radius=radius)
        if self.focused:
            draw_corners(surface, rect.inflate(8, 8), theme.INK, max(3, rect.height // 14))
        tick = rect.height // 2 if self.chosen else 0  # room for the tick on the left
        if tick:
            x, y, half = rect.x + tick * 3 // 4, rect.centery, tick // 3
            points = [(x - half, y), (x - half // 3, y + half * 2 // 3), (x + half, y - half * 2 // 3)]
            pygame.draw.lines(surface, theme.TARGET, False, points, max(3, half // 2))
        room = rect.inflate(-self._padding(rect.height) - 2 * tick, 0)
        # A long name first gets a smaller font, as a button's label does; only then is it cut.
        size = largest_size(assets, self.label, font_size, room.width, label_floor(self, font_size), bold=True)
        label = shortened(assets.font(size, bold=True), self.label, room.width)
        draw_text(surface, assets, label, size, room.center, theme.INK, bold=True, anchor="center")


def label_floor(button: Button, size: int) -> int:
    """The least size a button's label of `size` shrinks to before it is cut."""
    return max(button.floor, size * 2 // 3)


def toggle_width(assets: Assets, names: list[str], size: int, height: int) -> int:
    """The least width of a child's card, `height` high, that shows each of `names` whole
    beside the tick."""
    cards = [ChildToggle(name, True, lambda: None) for name in names]
    return max((card.measure(assets, label_floor(card, size), height) + height for card in cards), default=0)


def draw_question(surface: pygame.Surface, assets: Assets, panel: pygame.Rect, lines: list[str], size: int) -> None:
    """The panel with the question's lines, wrapped to fit it in the scene's layout (the list
    is under it, not under a veil)."""
    pygame.draw.rect(surface, theme.PANEL, panel, border_radius=max(8, panel.height // 12))
    font = assets.font(size, bold=True)
    y = panel.y + question_pad(size)
    for line in lines:
        draw_text(surface, assets, line, size, (panel.centerx, y), theme.INK, bold=True, anchor="midtop")
        y += font.get_linesize()


def place_question(
    assets: Assets,
    question: str,
    where: tuple[pygame.Rect, int],
    size: int,
    row: tuple[int, int],
    answers: tuple[Button, Button],
) -> tuple[pygame.Rect, list[str]]:
    """The question's panel, `where`'s width wide, at the top of `where`'s area and as high as
    the question's lines (at `size`) and the answers' row (`row`: its height and the gap) under
    them; the answers placed, the one that removes on the left, away from where "Got it" and
    Done stand, keeping it on the right. Gives the panel and the lines."""
    (area, width), (height, gap) = where, row
    pad, font = question_pad(size), assets.font(size, bold=True)
    lines = wrapped(question, font, width - 2 * pad)
    panel = pygame.Rect(0, area.y, width, len(lines) * font.get_linesize() + height + 2 * pad + gap)
    panel.centerx = area.centerx
    half, y = (width - 3 * gap) // 2, panel.bottom - gap - height
    remove, keep = answers
    remove.rect = pygame.Rect(panel.x + gap, y, half, height)
    keep.rect = pygame.Rect(panel.right - gap - half, y, half, height)
    return panel, lines


def question_pad(size: int) -> int:
    return max(8, size)
