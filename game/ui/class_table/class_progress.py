"""The teacher's view of the class, behind the grown-up gate.

A row per child (picture, name, per level the puzzles solved with a small bar and the stars,
the hints and Auto of every try, the last day played), by name or by progress (the order the
teacher left, kept in the settings), in pages turned by big arrows, the wheel or the keys; a
button saves the table as CSV and HTML in the documents folder. A row opens the child's page
(`game.ui.child.child`). Rows and their text grow with the window. While the folder the site
file or SOLOCHESS_DATA_DIR names holds no class, "Make the class folder here" is the teacher's
deliberate step that makes it the class's (`FolderStatus.make_class_folder`, docs/it.md).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ...content.levels import Collection
from ...i18n import _
from ...outputs.copies import copy_note
from ...outputs.local import documents_folder
from ...outputs.report import ChildRow, SortBy, class_table, with_big_board, write_files
from ...store.own_part import Refused
from ...words.changes import changes_count
from ...words.classes import table_title
from ...words.school import SCHOOL
from ..core import keys, theme
from ..core.class_bar import ClassBar
from ..core.layout import MIN_TEXT_PX, Layout
from ..core.scene import Scene
from ..core.text_flow import Flow, draw_text, largest_size
from ..core.widgets import ArrowButton, Button
from .class_table_view import (
    ChildRowButton,
    Columns,
    draw_headers,
    header_lines,
    headers_height,
    least_widths,
    shares,
    shown_columns,
)
from .folder_line import folder_words, path_flow

if TYPE_CHECKING:
    from ..core.context import SceneContext

# The rows' pages turn with the arrows too (the table's columns have arrow buttons of their own).
PAGE_ARROWS = (
    keys.Binding((pygame.K_LEFT, pygame.K_UP), "turn_page", args=(-1,)),
    keys.Binding((pygame.K_RIGHT, pygame.K_DOWN), "turn_page", args=(1,)),
)


class ClassScene(Scene):
    KEYS = (keys.BACK, *keys.PAGING, *PAGE_ARROWS, *keys.FOCUS)  # the arrows turn its pages
    shows_class = True

    footer: Flow  # the line under the table: the message, or where the progress is kept

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        self.sort = SortBy.saved(self.ctx.settings.class_sort)
        self.page = 0
        self.pages = 1
        self.message = ""
        self.rows: list[ChildRowButton] = []
        self.columns: Columns = []  # None for a column a narrow window does not show
        self.sort_button = Button("", self.flip_sort, theme.BUTTON)
        self.export_button = Button(_("Save the table"), self.export, theme.BUTTON_ACCENT)
        self.done_button = Button(_("Done"), self.ctx.nav.back, theme.BUTTON_QUIET)
        self.live_button = Button(_("Live"), self.ctx.nav.open_live, theme.BUTTON_ACCENT)
        self.assignments_button = Button(_("Assignments"), self.ctx.nav.open_assignments, theme.BUTTON_WARM)
        self.print_button = Button(_("Print"), self.ctx.nav.open_print, theme.BUTTON_WARM)
        self.changes_button = Button(_("Changes"), self.ctx.nav.open_changes, theme.BUTTON)
        self.make_folder_button = Button(_("Make the class folder here"), self.make_class_folder, theme.BUTTON_WARM)
        self.class_bar = ClassBar(ctx)  # in a school of several classes: the class's name, and a switch
        # The teacher's bar, from the right edge leftward.
        self.bar = (
            self.done_button,
            self.export_button,
            self.print_button,
            self.assignments_button,
            self.sort_button,
            self.live_button,
            self.changes_button,
            self.make_folder_button,
            self.class_bar.button,
            self.class_bar.school_button,
        )
        self.back_button = Button("‹", lambda: self.turn_page(-1), theme.BUTTON)
        # On a window too narrow for every column: the columns before and after those shown.
        self.first_column = 1
        self.columns_back = ArrowButton(-1, lambda: self.turn_columns(-1), theme.BUTTON)
        self.columns_on = ArrowButton(1, lambda: self.turn_columns(1), theme.BUTTON)
        self.more_button = Button("›", lambda: self.turn_page(1), theme.BUTTON)

    @property
    def title(self) -> str:
        return self.class_bar.title(table_title)

    # Actions ------------------------------------------------------------------------------

    def flip_sort(self) -> None:
        self.sort = self.sort.other
        self.ctx.store.set_setting("class_sort", self.sort.value)  # the same order next time
        self.page = 0
        self.resize(self.layout)

    def turn_page(self, step: int) -> None:
        page = max(0, min(self.pages - 1, self.page + step))
        if page != self.page:
            self.page = page
            self.resize(self.layout)

    def turn_columns(self, step: int) -> None:
        """The columns after (1) or before (-1) those a narrow window shows."""
        shown = self.shown[1:]
        if step > 0 and shown[-1] < len(self.columns) - 1:
            self.first_column = shown[-1] + 1
        elif step < 0 and shown[0] > 1:
            self.first_column = max(1, shown[0] - max(1, len(shown)))
        else:
            return
        self.resize(self.layout)

    def _table_collection(self) -> Collection:
        """The levels the table has a column for: the four levels and the big board."""
        return with_big_board(self.ctx.collections.collection, self.ctx.collections.big_collection)

    def open_child(self, name: str) -> None:
        self.ctx.nav.open_child(name)

    def export(self) -> None:
        if self.jobs.running("export"):
            return
        rows = class_table(self.ctx.store, self._table_collection())
        note = copy_note(self.ctx.store)  # the files made from this computer's copy say so
        day = date.today().isoformat()
        folder = documents_folder()

        def work(cancel: threading.Event) -> tuple[Path, Path]:
            return write_files(rows, folder, day, note=note)

        self.show_message(_("Saving…"))
        self.jobs.start(work, self.exported, self.export_failed, label="export")

    def exported(self, paths: tuple[Path, Path]) -> None:
        csv_path, html_path = paths
        words = _("Saved in {folder}: {csv} and {html}")
        self.show_message(words.format(folder=csv_path.parent, csv=csv_path.name, html=html_path.name))

    def export_failed(self, error: BaseException) -> None:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        self.show_message(_("The table could not be saved: {reason}").format(reason=reason))

    def make_class_folder(self) -> None:
        """The folder the game uses made the class's, the teacher's step; what waited on this
        computer goes into it. A folder that is another class's, or empty where this computer
        read the class, is refused, in words under the table."""
        try:
            self.ctx.store.folder_status.make_class_folder()
        except Refused as refused:
            self.show_message(refused.words)
            return
        self.message = _("{folder} is the class folder now.").format(folder=self.ctx.store.folder)
        self.resize(self.layout)

    def show_message(self, message: str) -> None:
        """`message` in the line under the table, in place of the folder's; whole, on the lines
        it needs (the table makes room when it needs more than the folder's line took)."""
        self.message = message
        self.dirty = True
        if not hasattr(self, "layout"):
            return
        footer = self._footer()
        if footer.height > self.footer.height:
            focused = self.buttons[self.focus] if self.focus is not None and self.focus < len(self.buttons) else None
            self.resize(self.layout)
            self.focus = self.buttons.index(focused) if focused in self.buttons else None
        else:
            self.footer = footer

    def _footer(self) -> Flow:
        """The message, else that saving is impossible (the class folder away or refusing), else
        where the progress is kept; wrapped (a path after its separators). A window taller than
        wide has height to spare: there the words take up to four lines before they get smaller."""
        width = self.layout.screen.width - 2 * self.layout.margin
        text = (
            self.message
            or self.ctx.store.folder_status.words()
            or folder_words(self.ctx.store.folder, self.ctx.window.lesson.top.folder)
        )
        upright = self.layout.screen.height > self.layout.screen.width
        return path_flow(self.ctx.assets, text, self.text_size, width, most_lines=4 if upright else 2)

    # Frame --------------------------------------------------------------------------------

    def _place_bar(self, screen: pygame.Rect, unit: int, gap: int, bar_height: int) -> int:
        """The buttons right-aligned beside the title, as many as fit there; the others in rows
        of their own under it, as many as they need (six buttons in Ukrainian at 1024x768): the
        rows of the table get the height the bar leaves. Gives the bar's bottom."""
        font = self.ctx.assets.font(self.button_size, bold=True)
        self.make_folder_button.hide()  # shown only while the folder holds no class
        self.class_bar.button.hide()  # shown only in a school of several classes
        left_out = {
            self.make_folder_button: not self.ctx.store.folder_status.holds_no_class,
            self.class_bar.button: not self.class_bar.several,
        }
        bar = [button for button in self.bar if not left_out.get(button, False)]
        widths = [min(screen.width, font.size(button.label)[0] + 2 * unit) for button in bar]
        title = self.ctx.assets.font(self.title_size, bold=True).size(self.title)[0]
        top, right, left = screen.y, screen.right, screen.x + title + gap  # the title's row first
        for button, width in zip(bar, widths, strict=True):
            if right - width < left:  # the row is full: the next one under it
                top, right, left = top + bar_height + gap, screen.right, screen.x
            button.rect = pygame.Rect(right - width, top, width, bar_height)
            right -= width + gap
        return top + bar_height

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        self.layout = layout
        self.class_bar.read()  # a year kept, a class added since it opened
        unit, m = layout.unit, layout.margin
        screen = layout.screen.inflate(-2 * m, -2 * m)
        self.gap = gap = layout.gap
        # A class's long name in the title takes a smaller size before it leaves the window.
        self.title_size = largest_size(
            self.ctx.assets, self.title, layout.title(theme.TITLE_TEACHER), screen.width, bold=True
        )
        self.text_size = layout.readable()
        self.button_size = layout.readable(theme.TEACHER_BUTTON)
        bar_height = max(44, int(unit * 2.4))
        self.sort_button.label = _("Sort: by name") if self.sort is SortBy.NAME else _("Sort: by progress")
        # What was tried without the PIN, and the files put back, counted on the way to Changes,
        # where they are listed.
        left_out, put_back = len(self.ctx.store.history.left_out()), len(self.ctx.store.history.restored())
        self.changes_button.label = changes_count(left_out, put_back) if left_out or put_back else _("Changes")
        self.changes_button.color = theme.BUTTON_WARM if left_out or put_back else theme.BUTTON
        bar_bottom = self._place_bar(screen, unit, gap, bar_height)
        self.title_pos = (screen.x, screen.y + bar_height // 2)
        table = class_table(self.ctx.store, self._table_collection(), self.sort)
        # Rows grow with the window, as the rest of the text does; the pages take the rest.
        self.row_height = layout.target(1.9)
        self.row_font = max(theme.READABLE, int(self.row_height * 0.42))
        self.header_y = bar_bottom + gap
        self._place_columns(screen, table)
        self._place_rows(screen, table)
        self.empty = not table
        self.buttons = [
            button
            for button in (
                *self.rows,
                self.back_button,
                self.more_button,
                self.columns_back,
                self.columns_on,
                *reversed(self.bar),
            )
            if button.shown
        ]
        self.focus = None

    def _place_columns(self, screen: pygame.Rect, table: list[ChildRow]) -> None:
        """The name's column, one a level (and the puzzle of the day once played), then hints,
        Auto and the last day, in shares; the headings in as many lines as they need."""
        gap = self.gap
        if table:
            levels = [level.level for level in table[0].levels]
        else:
            levels = [level.name for level in self._table_collection().levels]
        weights = [2.4] + [1.3] * len(levels) + [0.9, 0.9, 1.1, 1.5]  # the piece school's houses last
        headers = [_("Name"), *(_(name) for name in levels), _("Hints used"), _("Shown by Auto"), _("Last day")]
        headers.append(_(SCHOOL))
        room = screen.width - 2 * gap
        # The headings' words whole in the table's text size when the window has room for that
        # (no heading smaller than the others), else at the floor; on a window too narrow even
        # for that, the columns that fit, with arrows to the others.
        least = least_widths(self.ctx.assets, headers, table, self.row_height, self.row_font, self.text_size)
        self.heading_size = self.text_size
        if sum(least) > room:
            least = least_widths(self.ctx.assets, headers, table, self.row_height, self.row_font)
            self.heading_size = MIN_TEXT_PX
        arrow = self.layout.target(2.0) + 6  # an arrow and the room either side of it
        self.shown = shown_columns(least, room if sum(least) <= room else room - 2 * arrow, self.first_column)
        paged = len(self.shown) < len(least)
        x = screen.x + gap
        widths = shares(room - 2 * arrow * paged, [weights[i] for i in self.shown], [least[i] for i in self.shown])
        self.columns = [None] * len(least)
        for index, width in zip(self.shown, widths, strict=True):
            self.columns[index] = pygame.Rect(x, 0, width, 0)
            x += width + (arrow if paged and index == 0 else 0)
        # Paged, the headings keep the floor's size they have on a wider window with every column.
        self.headers = header_lines(self.ctx.assets, headers, self.columns, self.heading_size)
        self._place_column_arrows(paged, arrow)

    def _place_column_arrows(self, paged: bool, width: int) -> None:
        """The arrows beside the headings: before the first column shown, after the last; the
        headings' band is as tall as they are."""
        self.header_height = headings = headers_height(self.ctx.assets, self.headers)
        self.columns_back.hide()
        self.columns_on.hide()
        if not paged:
            return
        self.header_height = height = max(width, headings)
        name, last = self.columns[0], self.columns[self.shown[-1]]
        assert name is not None and last is not None, "the columns shown have their places"
        self.columns_back.rect = pygame.Rect(name.right, self.header_y, width - 6, height)
        self.columns_on.rect = pygame.Rect(last.right + 6, self.header_y, width - 6, height)
        self.columns_back.enabled = self.shown[1] > 1
        self.columns_on.enabled = self.shown[-1] < len(self.columns) - 1

    def _place_rows(self, screen: pygame.Rect, table: list[ChildRow]) -> None:
        """The rows of the page shown, the page turners and the message line under them."""
        unit, gap = self.layout.unit, self.gap
        self.footer = self._footer()
        message_height = max(self.text_size * 2, self.footer.height + gap)
        nav_height = max(48, int(unit * 2.6))
        top = self.header_y + self.header_height + gap
        room = screen.bottom - nav_height - message_height - gap - top
        per_page = max(1, room // (self.row_height + gap // 2))
        # The rows share the height left over between them: no empty band under them taller
        # than a row (the rows keep their size: a name fitted to it stays whole).
        step, row_height = max(self.row_height + gap // 2, room // per_page), self.row_height
        self.pages = max(1, -(-len(table) // per_page))
        self.page = min(self.page, self.pages - 1)
        shown = table[self.page * per_page : (self.page + 1) * per_page]
        self.rows = [ChildRowButton(row, self.columns, self._opener(row.name)) for row in shown]
        for index, button in enumerate(self.rows):
            button.rect = pygame.Rect(screen.x, top + index * step, screen.width, row_height)
        nav_y = screen.bottom - nav_height - message_height
        nav_width = max(64, int(unit * 5))
        self.back_button.place_if(self.page > 0, pygame.Rect(screen.x, nav_y, nav_width, nav_height))
        more = self.page < self.pages - 1
        self.more_button.place_if(more, pygame.Rect(screen.right - nav_width, nav_y, nav_width, nav_height))
        self.page_pos = (screen.centerx, nav_y + nav_height // 2)
        self.message_pos = (screen.centerx, screen.bottom - message_height // 2 - self.footer.height // 2)

    def _opener(self, name: str) -> Callable[[], None]:
        return lambda: self.open_child(name)

    def draw(self, surface: pygame.Surface) -> None:
        assets = self.ctx.assets
        surface.fill(theme.BACKGROUND)
        draw_text(surface, assets, self.title, self.title_size, self.title_pos, theme.INK, bold=True, anchor="midleft")
        draw_headers(surface, assets, self.columns, self.headers, self.header_y)
        for row in self.rows:
            row.draw(surface, assets, self.row_font)
        if self.empty:
            draw_text(
                surface,
                assets,
                _("Nobody has played yet."),
                self.button_size,
                self.layout.screen.center,
                theme.SOFT_INK,
                bold=True,
                anchor="center",
            )
        if self.pages > 1:
            words = _("Page {page} of {pages}").format(page=self.page + 1, pages=self.pages)
            draw_text(surface, assets, words, self.text_size, self.page_pos, theme.INK, bold=True, anchor="center")
        for button in (self.back_button, self.more_button, self.columns_back, self.columns_on):
            button.draw(surface, assets, self.button_size * 2)
        for button in self.bar:
            button.draw(surface, assets, self.button_size)
        # The message, or where the class's progress is kept (in red when it cannot take a save).
        x, y = self.message_pos
        color = theme.INK if self.message else theme.WRONG if self.ctx.store.folder_status.words() else theme.SOFT_INK
        for line in self.footer.lines:
            draw_text(surface, assets, line, self.footer.size, (x, y), color, anchor="midtop")
            y += self.footer.line_height
