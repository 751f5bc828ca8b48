"""The new assignment's start, for a level's next five: where each child is, or the puzzle the
teacher chooses. Four buttons step it (−10, −, +, +10: puzzle 40 is four presses away), and
the digits typed while it is shown set it (4 then 0: puzzle 40; Backspace takes a digit off).
The number itself is kept by the draft (`game.ui.assignments.assignment_form.Draft`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...i18n import _
from ..core import keys, theme
from ..core.assets import Assets
from ..core.text_flow import draw_text, flow
from ..core.widgets import Button

if TYPE_CHECKING:
    from .assignment_form import Draft, Shelves

TEN = 10  # the big step
START_KEYS = (*keys.DIGITS, keys.DELETE)  # the start's number, read from the key (no system text input)


class StartStepper:
    """The row: [−10] [−] the start's words [+] [+10]."""

    def __init__(self, step: Callable[[int], None]) -> None:
        self.fewer_ten = Button(f"−{TEN}", lambda: step(-TEN), theme.BUTTON)
        self.fewer = Button("−", lambda: step(-1), theme.BUTTON)
        self.further = Button("+", lambda: step(1), theme.BUTTON)
        self.further_ten = Button(f"+{TEN}", lambda: step(TEN), theme.BUTTON)
        self.row = pygame.Rect(0, 0, 0, 0)

    @property
    def buttons(self) -> list[Button]:
        """In Tab order."""
        return [self.fewer_ten, self.fewer, self.further, self.further_ten]

    def place(self, row: pygame.Rect, assets: Assets, size: int, gap: int) -> None:
        """In `row`, from its left: each button as wide as its label asks (a finger's at least)."""
        font = assets.font(size, bold=True)
        small = row.height
        wide = max(small, font.size(self.fewer_ten.label)[0] + row.height // 2)
        for button, x, width in (
            (self.fewer_ten, row.x, wide),
            (self.fewer, row.x + wide + gap, small),
            (self.further, row.right - wide - gap - small, small),
            (self.further_ten, row.right - wide, wide),
        ):
            button.rect = pygame.Rect(x, row.y, width, row.height)
        self.row = pygame.Rect(row)

    def hide(self) -> None:
        for button in self.buttons:
            button.hide()
        self.row = pygame.Rect(self.row.x, self.row.y, 0, 0)

    def draw(self, surface: pygame.Surface, assets: Assets, start: int | None, size: int, gap: int) -> None:
        """The start's words between the buttons: on two lines, smaller, where a narrow window
        has no room for one, never cut."""
        if not self.row.width:
            return
        words = _("Start: where each child is") if start is None else _("Start at puzzle {number}").format(number=start)
        room = pygame.Rect(
            self.fewer.rect.right + gap,
            self.row.y,
            self.further.rect.x - self.fewer.rect.right - 2 * gap,
            self.row.height,
        )
        laid = flow(assets, words, size, room.size, bold=True)
        y = room.centery - laid.height // 2
        for text in laid.lines:
            draw_text(surface, assets, text, laid.size, (room.centerx, y), theme.INK, bold=True, anchor="midtop")
            y += laid.line_height


def start_typed(event: pygame.event.Event, draft: Draft, collections: Shelves) -> bool:
    """The start's number typed into `draft` (a digit of the number row's or the keypad's,
    read from the key, so it needs no system text input; Backspace): True when `event` was one."""
    return keys.press(StartTyping(draft, collections), START_KEYS, event)


def ids_typed(event: pygame.event.Event, draft: Draft) -> bool:
    """Puzzle ids typed into `draft` (text, Backspace): True when `event` was one."""
    if event.type == pygame.TEXTINPUT:
        draft.type(event.text)
    elif keys.DELETE.fits(event):
        draft.typed = draft.typed[:-1]
    else:
        return False
    return True


class StartTyping:
    """What the start's keys do to the draft."""

    def __init__(self, draft: Draft, collections: Shelves) -> None:
        self.draft = draft
        self.collections = collections

    def type_digit(self, digit: str) -> None:
        self.draft.type_start(digit, self.draft.puzzles(self.collections))

    def delete_letter(self) -> None:
        self.draft.delete_start_digit(self.draft.puzzles(self.collections))
