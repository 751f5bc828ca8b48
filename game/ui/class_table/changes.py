"""The class's changes, from the class screen: every removal, reset, rename and PIN taken away,
the latest first, each in a sentence (who, what, when, from which computer) with its Undo, or
Redo once undone. Nothing the teacher sees here was lost: undoing brings it back whole.

Under them, where the class has a PIN, what was tried without it and left out (a pupil's
hand-written removal, reset, rename, setting, undo or PIN), each in a sentence (what, from which
computer and file, when); then the files a computer put back from its own copy (found deleted,
emptied, damaged or rolled back), each in a sentence (whose, which file, when, what had
happened): the teacher's to see, never the children's."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ...i18n import _
from ...outputs.changes import happening_text, left_out_text, restored_text
from ...store.happenings import Happening, LeftOut, Restored
from ...store.standing import PIN_RESET
from ...words.changes import left_out_heading, no_changes, put_back_heading
from ..core import keys, theme
from ..core.layout import Layout
from ..core.scene import Scene
from ..core.text_flow import Flow, draw_flow, draw_text, lines_within, wrapped_path_text
from ..core.widgets import Button

if TYPE_CHECKING:
    from ..core.context import SceneContext


@dataclass(frozen=True)
class Heading:
    """The heading of the attempts left out, or of the files put back."""

    text: str


Slot = Happening | LeftOut | Restored | Heading


class TriedRow:
    """One attempt left out, a file put back or a heading: its sentence, on at most two lines
    (a file put back three, a heading one) of the whole width."""

    def __init__(self, item: LeftOut | Restored | Heading, flow: Flow, top: int) -> None:
        self.item = item
        self.flow = flow
        self.top = top


class ChangeRow:
    """One change: its sentence, laid out beside its button."""

    def __init__(self, happening: Happening, button: Button) -> None:
        self.happening = happening
        self.button = button
        self.flow = Flow(0, (), 0)
        self.top = 0


class ChangesScene(Scene):
    KEYS = (keys.BACK, *keys.PAGING, *keys.FOCUS)
    shows_class = True

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        self.page = 0
        self.pages = 1
        self.message = ""
        self.rows: list[ChangeRow] = []
        self.tried: list[TriedRow] = []  # the page's attempts left out
        self.put_back: list[TriedRow] = []  # the page's files put back
        self.headings: list[TriedRow] = []  # the page's headings of those lists
        self.done_button = Button(_("Done"), self.ctx.nav.back, theme.BUTTON_QUIET)
        self.back_button = Button("‹", lambda: self.turn_page(-1), theme.BUTTON)
        self.more_button = Button("›", lambda: self.turn_page(1), theme.BUTTON)

    # Actions ------------------------------------------------------------------------------

    def turn_page(self, step: int) -> None:
        page = max(0, min(self.pages - 1, self.page + step))
        if page != self.page:
            self.page = page
            self.resize(self.layout)

    def flip(self, happening: Happening) -> None:
        """Undo `happening`, or redo it once undone; the list shows it at once."""
        try:
            if happening.undone:
                self.ctx.store.history.redo(happening.id)
            else:
                self.ctx.store.history.undo(happening.id)
        except KeyError:
            self.message = _("That change is no longer in the class folder.")
        except ValueError as error:  # it would give her a name another child has now
            self.message = str(error)
        except OSError as error:
            self.message = _("The change could not be saved: {reason}").format(reason=error.strerror or error)
        else:
            self.message = ""
        self.resize(self.layout)

    def _flipper(self, happening: Happening) -> Callable[[], None]:
        return lambda: self.flip(happening)

    # Frame --------------------------------------------------------------------------------

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        self.layout = layout
        unit, m = layout.unit, layout.margin
        screen = layout.screen.inflate(-2 * m, -2 * m)
        gap = layout.gap
        self.title_size = layout.title(theme.TITLE_TEACHER)
        self.text_size = layout.readable()
        self.button_size = layout.readable(theme.TEACHER_BUTTON)
        bar_height = max(44, int(unit * 2.4))
        done_width = self.done_button.measure(self.ctx.assets, self.button_size, bar_height)
        self.done_button.place(pygame.Rect(screen.right - done_width, screen.y, done_width, bar_height))
        self.title_pos = (screen.x, screen.y + bar_height // 2)
        nav_height = max(48, int(unit * 2.6))
        self.message_flow = lines_within(self.ctx.assets, self.message, self.text_size, screen.width, 2)
        bottom = screen.bottom - nav_height - gap - (self.message_flow.height + gap if self.message else 0)
        self._place_rows(screen, screen.y + bar_height + gap, bottom, gap)
        nav_y = screen.bottom - nav_height
        nav_width = max(64, int(unit * 5))
        self.back_button.place_if(self.page > 0, pygame.Rect(screen.x, nav_y, nav_width, nav_height))
        more = self.page < self.pages - 1
        self.more_button.place_if(more, pygame.Rect(screen.right - nav_width, nav_y, nav_width, nav_height))
        self.page_pos = (screen.centerx, nav_y + nav_height // 2)
        self.message_pos = (screen.x, nav_y - gap - self.message_flow.height)
        self.buttons = [
            button
            for button in (*(row.button for row in self.rows), self.back_button, self.more_button, self.done_button)
            if button.shown
        ]
        self.focus = None

    def _place_rows(self, screen: pygame.Rect, top: int, bottom: int, gap: int) -> None:
        """The page's changes, each a sentence in at most two lines beside its button; then the
        attempts left out and the files put back under their headings, each a sentence in at
        most two lines (three) of the whole width (no button beside it)."""
        history = self.ctx.store.history.happenings()
        left_out, put_back = self.ctx.store.history.left_out(), self.ctx.store.history.restored()
        slots: list[Slot] = [*history]
        slots += [Heading(left_out_heading()), *left_out] if left_out else []
        slots += [Heading(put_back_heading()), *put_back] if put_back else []
        line = self.ctx.assets.font(self.text_size).get_linesize()
        self.row_height = max(self.layout.target(2.4), 2 * line + gap)
        # A file put back names a child, a computer and a path: three lines at most.
        heights = {Happening: self.row_height, LeftOut: 2 * line, Restored: 3 * line, Heading: line + gap}
        headings = {index for index, slot in enumerate(slots) if isinstance(slot, Heading)}
        pages = _pages([heights[type(slot)] + gap for slot in slots], bottom - top, headings)
        self.pages = len(pages)
        self.page = min(self.page, self.pages - 1)
        self.empty = not slots
        labels = (_("Undo"), _("Redo"))
        button_height = self.layout.target(2.0)
        button_width = max(self.ctx.assets.font(self.button_size, bold=True).size(label)[0] for label in labels)
        button_width += 2 * max(12, button_height // 3)
        text_width = screen.width - button_width - gap
        self.rows, self.tried, self.put_back, self.headings = [], [], [], []
        first, last = pages[self.page]
        for slot in slots[first:last]:
            if isinstance(slot, Happening):
                self.rows.append(self._change_row(slot, screen, top, text_width, (button_width, button_height)))
            elif isinstance(slot, Heading):
                flow = lines_within(self.ctx.assets, slot.text, self.text_size, screen.width, 1)
                self.headings.append(TriedRow(slot, flow, top + gap // 2))
            else:
                text, most = (left_out_text(slot), 2) if isinstance(slot, LeftOut) else (restored_text(slot), 3)
                flow = lines_within(self.ctx.assets, text, self.text_size, screen.width, most, wrap=wrapped_path_text)
                (self.tried if isinstance(slot, LeftOut) else self.put_back).append(TriedRow(slot, flow, top))
            top += heights[type(slot)] + gap
        self.text_x = screen.x

    def _change_row(
        self, happening: Happening, screen: pygame.Rect, top: int, text_width: int, button: tuple[int, int]
    ) -> ChangeRow:
        button_width, button_height = button
        label, color = (_("Redo"), theme.BUTTON) if happening.undone else (_("Undo"), theme.BUTTON_WARM)
        row = ChangeRow(happening, Button(label, self._flipper(happening), color))
        row.top = top
        row.flow = lines_within(self.ctx.assets, happening_text(happening), self.text_size, text_width, 2)
        y = row.top + (self.row_height - button_height) // 2
        # A PIN taken away and given back is not taken again from here: the teacher sets one.
        again = not (happening.undone and happening.kind == PIN_RESET)
        row.button.place_if(again, pygame.Rect(screen.right - button_width, y, button_width, button_height))
        return row

    def draw(self, surface: pygame.Surface) -> None:
        assets = self.ctx.assets
        surface.fill(theme.BACKGROUND)
        title = _("Changes")
        draw_text(surface, assets, title, self.title_size, self.title_pos, theme.INK, bold=True, anchor="midleft")
        self.done_button.draw(surface, assets, self.button_size)
        for row in self.rows:
            top = row.top + (self.row_height - row.flow.height) // 2
            color = theme.SOFT_INK if row.happening.undone else theme.INK
            draw_flow(surface, assets, row.flow, (self.text_x, top), color)
            row.button.draw(surface, assets, self.button_size)
        for heading in self.headings:
            draw_flow(surface, assets, heading.flow, (self.text_x, heading.top), theme.WRONG)
        for tried in (*self.tried, *self.put_back):
            draw_flow(surface, assets, tried.flow, (self.text_x, tried.top))
        if self.empty:
            centre = self.layout.screen.center
            draw_text(surface, assets, no_changes(), self.button_size, centre, theme.SOFT_INK, anchor="center")
        if self.pages > 1:
            words = _("Page {page} of {pages}").format(page=self.page + 1, pages=self.pages)
            draw_text(surface, assets, words, self.text_size, self.page_pos, theme.INK, bold=True, anchor="center")
        for button in (self.back_button, self.more_button):
            button.draw(surface, assets, self.button_size * 2)
        if self.message:
            draw_flow(surface, assets, self.message_flow, self.message_pos)


def _pages(heights: list[int], room: int, headings: set[int]) -> list[tuple[int, int]]:
    """The slots (each with its height) in pages of at most `room`, each page at least one slot,
    a slot at one of `headings` never last on its page: each page's first index and the one after."""
    pages: list[tuple[int, int]] = []
    first, used = 0, 0
    for index, height in enumerate(heights):
        if index > first and used + height > room:
            end = index - 1 if index - 1 in headings and index - 1 > first else index
            pages.append((first, end))
            first, used = end, sum(heights[end:index])
        used += height
    pages.append((first, len(heights)))
    return pages
