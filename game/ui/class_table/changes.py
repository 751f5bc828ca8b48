"""The class's changes, from the class screen: every removal, reset, rename and PIN taken away,
the latest first, each in a sentence (who, what, when, from which computer) with its Undo, or
Redo once undone. Nothing the teacher sees here was lost: undoing brings it back whole."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

import pygame

from ...i18n import _
from ...outputs.local import week_text
from ...store.shards import PIN_RESET
from ...store.view import Happening
from ...words.changes import change_line, no_changes, what_happened
from ..core import theme
from ..core.layout import Layout
from ..core.scene import Scene
from ..core.text_flow import Flow, draw_flow, draw_text, lines_within
from ..core.widgets import PAGE_KEYS, Button, page_step

if TYPE_CHECKING:
    from ..core.context import SceneContext


def happening_text(happening: Happening) -> str:
    """The sentence for `happening`, its day and time as the reader's language writes them."""
    when = datetime.fromtimestamp(happening.at)
    what = what_happened(happening.kind, happening.name, happening.old_name, happening.new_name)
    return change_line(what, week_text(when.date()), when.strftime("%H:%M"), happening.computer, happening.undone)


class ChangeRow:
    """One change: its sentence, laid out beside its button."""

    def __init__(self, happening: Happening, button: Button) -> None:
        self.happening = happening
        self.button = button
        self.flow = Flow(0, (), 0)
        self.top = 0


class ChangesScene(Scene):
    shows_class = True

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        self.page = 0
        self.pages = 1
        self.message = ""
        self.rows: list[ChangeRow] = []
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
                self.ctx.store.redo(happening.id)
            else:
                self.ctx.store.undo(happening.id)
        except KeyError:
            self.message = _("That change is no longer in the class folder.")
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
        gap = max(6, unit // 2)
        self.title_size = int(unit * 2.2)
        self.text_size = max(theme.READABLE, int(unit * 0.9))
        self.button_size = max(theme.READABLE, int(unit * 1.1))
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
        """The page's changes, each a sentence in at most two lines beside its button."""
        history = self.ctx.store.history()
        row_height = max(self.layout.target(2.4), 2 * self.ctx.assets.font(self.text_size).get_linesize() + gap)
        per_page = max(1, (bottom - top) // (row_height + gap))
        self.pages = max(1, -(-len(history) // per_page))
        self.page = min(self.page, self.pages - 1)
        self.empty = not history
        labels = (_("Undo"), _("Redo"))
        button_height = self.layout.target(2.0)
        button_width = max(self.ctx.assets.font(self.button_size, bold=True).size(label)[0] for label in labels)
        button_width += 2 * max(12, button_height // 3)
        text_width = screen.width - button_width - gap
        self.rows = []
        for index, happening in enumerate(history[self.page * per_page : (self.page + 1) * per_page]):
            label, color = (_("Redo"), theme.BUTTON) if happening.undone else (_("Undo"), theme.BUTTON_WARM)
            row = ChangeRow(happening, Button(label, self._flipper(happening), color))
            row.top = top + index * (row_height + gap)
            row.flow = lines_within(self.ctx.assets, happening_text(happening), self.text_size, text_width, 2)
            y = row.top + (row_height - button_height) // 2
            # A PIN taken away and given back is not taken again from here: the teacher sets one.
            again = not (happening.undone and happening.kind == PIN_RESET)
            row.button.place_if(again, pygame.Rect(screen.right - button_width, y, button_width, button_height))
            self.rows.append(row)
        self.row_height = row_height
        self.text_x = screen.x

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ctx.nav.back()
            return
        step = page_step(event, PAGE_KEYS)
        if step:
            self.turn_page(step)
            return
        super().handle_event(event)

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
