"""The teacher's view of the class, behind the grown-up gate.

`ClassScene`: a row per child (picture, name, per level the puzzles solved with a small bar
and the stars, hints and Auto used, the last day played), by name or by progress, in pages
turned by big arrows, the wheel or the keys; a button saves the table as CSV and HTML in the
documents folder. `ChildScene`: one child's puzzles, solved and tried, and the teacher's
changes: rename, picture, reset progress, remove (each change asked twice when it loses work).
"""

from __future__ import annotations

import threading
from datetime import date
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs
import pygame

from game.content import puzzle_ids
from game.content.levels import Collection
from game.content.next import BIG
from game.i18n import _, ngettext
from game.outputs.report import ChildRow, SortBy, child_page, class_table, with_big_board, write_files
from game.ui import theme
from game.ui.assets import Assets
from game.ui.avatars import AvatarButton, avatar_buttons, draw_avatar, place_avatars
from game.ui.drawing import draw_star
from game.ui.layout import Layout
from game.ui.scene import Scene
from game.ui.widgets import Button, draw_text

if TYPE_CHECKING:
    from game.ui.app import App

BAR_EMPTY: theme.Color = (214, 206, 190)
PAGE_KEYS_BACK = (pygame.K_PAGEUP, pygame.K_LEFT, pygame.K_UP)
PAGE_KEYS_ON = (pygame.K_PAGEDOWN, pygame.K_RIGHT, pygame.K_DOWN)


def documents_folder() -> Path:
    return Path(platformdirs.user_documents_dir())


def short_day(day: str | None) -> str:
    return day or "–"


def puzzle_name(level: str, number: int, puzzle_id: str) -> str:
    """How a child's page names a puzzle: "Beginner 7", "Big board 3-7", else its id."""
    if level:
        return f"{_(level)} {number}"
    big = puzzle_ids.big_place(puzzle_id)
    return f"{_(BIG)} {big[0]}-{big[1]}" if big else puzzle_id


class ChildRowButton(Button):
    """A row of the class table; pressing it opens the child's page."""

    def __init__(self, row: ChildRow, scene: ClassScene) -> None:
        super().__init__(row.name, lambda: scene.open_child(row.name), theme.WHITE)
        self.row = row
        self.scene = scene

    def draw(self, surface: pygame.Surface, assets: Assets, font_size: int) -> None:
        rect, columns = self.rect, self.scene.columns
        if rect.width == 0:
            return
        fill = theme.PANEL if self.pressed else theme.WHITE
        pygame.draw.rect(surface, fill, rect, border_radius=rect.height // 5)
        if self.focused:
            pygame.draw.rect(surface, theme.INK, rect, 4, border_radius=rect.height // 5)
        radius = rect.height * 2 // 5
        name_column = columns[0]
        draw_avatar(
            surface,
            assets,
            self.row.avatar,
            self.row.name,
            (name_column.x + radius + 4, rect.centery),
            radius,
            theme.PANEL,
        )
        left = name_column.x + 2 * radius + 12
        font = assets.font(font_size, bold=True)
        name = self.row.name
        while font.size(name)[0] > name_column.right - left and len(name) > 2:
            name = name[:-2] + "…"
        draw_text(surface, assets, name, font_size, (left, rect.centery), theme.INK, bold=True, anchor="midleft")
        for column, level in zip(columns[1:], self.row.levels, strict=False):
            text = draw_text(
                surface,
                assets,
                f"{level.solved}/{level.puzzles}",
                font_size,
                (column.x, rect.centery - 2),
                theme.INK,
                bold=True,
                anchor="bottomleft",
            )
            star = font_size * 2 // 5
            draw_star(surface, (text.right + star + 6, text.centery), star)
            draw_text(
                surface,
                assets,
                str(level.stars),
                font_size,
                (text.right + 2 * star + 10, text.centery),
                theme.INK,
                anchor="midleft",
            )
            bar = pygame.Rect(column.x, rect.centery + 4, column.width - 12, max(6, rect.height // 7))
            pygame.draw.rect(surface, BAR_EMPTY, bar, border_radius=bar.height // 2)
            if level.solved:
                done = bar.copy()
                done.width = max(bar.height, int(bar.width * level.share))
                pygame.draw.rect(surface, theme.TARGET, done, border_radius=bar.height // 2)
        extra = columns[1 + len(self.row.levels) :]
        for column, figure in zip(
            extra, (str(self.row.hints), str(self.row.auto), short_day(self.row.last_day)), strict=False
        ):
            draw_text(surface, assets, figure, font_size, (column.x, rect.centery), theme.INK, anchor="midleft")


class ClassScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.sort = SortBy.NAME
        self.page = 0
        self.pages = 1
        self.message = ""
        self.rows: list[ChildRowButton] = []
        self.columns: list[pygame.Rect] = []
        self.sort_button = Button("", self.flip_sort, theme.BUTTON)
        self.export_button = Button(_("Save the table"), self.export, theme.BUTTON_ACCENT)
        self.done_button = Button(_("Done"), app.pop, theme.BUTTON_QUIET)
        self.back_button = Button("‹", lambda: self.turn_page(-1), theme.BUTTON)
        self.more_button = Button("›", lambda: self.turn_page(1), theme.BUTTON)

    # Actions ------------------------------------------------------------------------------

    def flip_sort(self) -> None:
        self.sort = SortBy.PROGRESS if self.sort is SortBy.NAME else SortBy.NAME
        self.page = 0
        self.resize(self.layout)

    def turn_page(self, step: int) -> None:
        page = max(0, min(self.pages - 1, self.page + step))
        if page != self.page:
            self.page = page
            self.resize(self.layout)

    def _table_collection(self) -> Collection:
        """The levels the table has a column for: the four levels and the big board."""
        return with_big_board(self.app.collection, self.app.big_collection)

    def open_child(self, name: str) -> None:
        self.app.push(ChildScene(self.app, name))

    def export(self) -> None:
        if self.jobs.running("export"):
            return
        rows = class_table(self.app.store, self._table_collection())
        day = date.today().isoformat()
        folder = documents_folder()

        def work(cancel: threading.Event) -> tuple[Path, Path]:
            return write_files(rows, folder, day)

        self.message = _("Saving…")
        self.jobs.start(work, self.exported, self.export_failed, label="export")
        self.dirty = True

    def exported(self, paths: tuple[Path, Path]) -> None:
        csv_path, html_path = paths
        self.message = _("Saved in {folder}: {csv} and {html}").format(
            folder=csv_path.parent, csv=csv_path.name, html=html_path.name
        )
        self.dirty = True

    def export_failed(self, error: BaseException) -> None:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        self.message = _("The table could not be saved: {reason}").format(reason=reason)
        self.dirty = True

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
        self.sort_button.label = _("Sort: by name") if self.sort is SortBy.NAME else _("Sort: by progress")
        right = screen.right
        font = self.app.assets.font(self.button_size, bold=True)
        for button in (self.done_button, self.export_button, self.sort_button):
            width = font.size(button.label)[0] + 2 * unit
            button.rect = pygame.Rect(right - width, screen.y, width, bar_height)
            right -= width + gap
        self.title_pos = (screen.x, screen.y + bar_height // 2)

        levels = [level.name for level in self._table_collection().levels]
        weights = [1.7] + [1.3] * len(levels) + [0.7, 0.7, 1.1]
        total = sum(weights)
        x = screen.x + gap
        self.columns = []
        for weight in weights:
            width = int((screen.width - 2 * gap) * weight / total)
            self.columns.append(pygame.Rect(x, 0, width, 0))
            x += width
        self.headers = [_("Name"), *(_(name) for name in levels), _("Hints"), _("Auto"), _("Last day")]
        self.header_y = screen.y + bar_height + gap

        message_height = self.text_size * 2
        nav_height = max(48, int(unit * 2.6))
        top = self.header_y + self.text_size + gap
        room = screen.bottom - nav_height - message_height - gap - top
        # Ten rows a page when they stay readable; fewer, bigger ones on a small window.
        row_height = max(48, min(int(unit * 2.4), room // 10 - gap // 2))
        per_page = max(1, room // (row_height + gap // 2))
        table = class_table(self.app.store, self._table_collection(), self.sort)
        self.pages = max(1, -(-len(table) // per_page))
        self.page = min(self.page, self.pages - 1)
        shown = table[self.page * per_page : (self.page + 1) * per_page]
        self.rows = [ChildRowButton(row, self) for row in shown]
        for index, button in enumerate(self.rows):
            button.rect = pygame.Rect(screen.x, top + index * (row_height + gap // 2), screen.width, row_height)
        self.row_font = max(theme.READABLE, min(int(row_height * 0.4), int(unit * 1.1)))
        nav_y = screen.bottom - nav_height - message_height
        nav_width = max(64, int(unit * 5))
        self.back_button.rect = (
            pygame.Rect(screen.x, nav_y, nav_width, nav_height) if self.page > 0 else pygame.Rect(0, 0, 0, 0)
        )
        more = self.page < self.pages - 1
        self.more_button.rect = (
            pygame.Rect(screen.right - nav_width, nav_y, nav_width, nav_height) if more else pygame.Rect(0, 0, 0, 0)
        )
        self.page_pos = (screen.centerx, nav_y + nav_height // 2)
        self.message_pos = (screen.centerx, screen.bottom - message_height // 2)
        self.empty = not table
        self.buttons = [
            button
            for button in (
                *self.rows,
                self.back_button,
                self.more_button,
                self.sort_button,
                self.export_button,
                self.done_button,
            )
            if button.rect.width
        ]
        self.focus = None

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return
            if event.key in PAGE_KEYS_BACK:
                self.turn_page(-1)
                return
            if event.key in PAGE_KEYS_ON:
                self.turn_page(1)
                return
        if event.type == pygame.MOUSEWHEEL:
            self.turn_page(-1 if event.y > 0 else 1)
            return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        surface.fill(theme.BACKGROUND)
        draw_text(
            surface, assets, _("The class"), self.title_size, self.title_pos, theme.INK, bold=True, anchor="midleft"
        )
        for column, header in zip(self.columns, self.headers, strict=False):
            font = assets.font(self.text_size, bold=True)
            while font.size(header)[0] > column.width - 6 and len(header) > 2:
                header = header[:-2] + "…"  # long words in some languages; the rows say the rest
            draw_text(surface, assets, header, self.text_size, (column.x, self.header_y), theme.SOFT_INK, bold=True)
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
        for button in (self.back_button, self.more_button):
            button.draw(surface, assets, self.button_size * 2)
        for button in (self.sort_button, self.export_button, self.done_button):
            button.draw(surface, assets, self.button_size)
        if self.message:
            draw_text(
                surface, assets, self.message, self.text_size, self.message_pos, theme.INK, bold=True, anchor="center"
            )


class ChildMode(Enum):
    VIEW = "view"
    RENAME = "rename"
    AVATAR = "avatar"
    CONFIRM_RESET = "confirm reset"
    CONFIRM_REMOVE = "confirm remove"


class ChildScene(Scene):
    """One child's page: what she solved and tried, and the teacher's changes."""

    def __init__(self, app: App, name: str) -> None:
        super().__init__(app)
        self.name = name
        self.mode = ChildMode.VIEW
        self.text = ""
        self.error = ""
        self.back_button = Button(_("Back"), app.pop, theme.BUTTON_QUIET)
        self.rename_button = Button(_("Rename"), lambda: self.set_mode(ChildMode.RENAME), theme.BUTTON)
        self.avatar_button = Button(_("Picture"), lambda: self.set_mode(ChildMode.AVATAR), theme.BUTTON)
        self.reset_button = Button(
            _("Reset progress"), lambda: self.set_mode(ChildMode.CONFIRM_RESET), theme.BUTTON_WARM
        )
        self.remove_button = Button(_("Remove"), lambda: self.set_mode(ChildMode.CONFIRM_REMOVE), theme.WRONG)
        self.yes_button = Button("", self.confirm, theme.WRONG)
        self.no_button = Button(_("No, keep it"), lambda: self.set_mode(ChildMode.VIEW), theme.BUTTON_QUIET)
        self.save_button = Button(_("Save"), self.save_name, theme.BUTTON_ACCENT)
        self.pictures = avatar_buttons(self.choose_avatar)

    @property
    def takes_text(self) -> bool:  # type: ignore[override]
        return self.mode is ChildMode.RENAME

    def leave(self) -> None:
        pygame.key.stop_text_input()
        super().leave()

    # Actions ------------------------------------------------------------------------------

    def set_mode(self, mode: ChildMode) -> None:
        self.mode = mode
        self.error = ""
        self.text = self.name if mode is ChildMode.RENAME else ""
        if mode is ChildMode.RENAME:
            pygame.key.start_text_input()
        else:
            pygame.key.stop_text_input()
        self.resize(self.layout)

    def save_name(self) -> None:
        try:
            self.name = self.app.store.rename_player(self.name, self.text)
        except (ValueError, KeyError) as error:
            self.error = str(error).strip("'\"")
            self.dirty = True
            return
        self.set_mode(ChildMode.VIEW)

    def choose_avatar(self, avatar: str) -> None:
        self.app.store.set_avatar(self.name, avatar)
        self.set_mode(ChildMode.VIEW)

    def confirm(self) -> None:
        if self.mode is ChildMode.CONFIRM_REMOVE:
            self.app.store.remove_player(self.name)
            self.app.pop()
            return
        self.app.store.reset_player(self.name)
        self.set_mode(ChildMode.VIEW)

    # Frame --------------------------------------------------------------------------------

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        self.layout = layout
        if self.name not in self.app.store.players():
            # Removed or renamed in another window meanwhile.
            self.mode = ChildMode.VIEW
        unit, m = layout.unit, layout.margin
        screen = layout.screen.inflate(-2 * m, -2 * m)
        gap = max(6, unit // 2)
        self.gap = gap
        self.title_size = int(unit * 2.2)
        self.text_size = max(theme.READABLE, int(unit * 0.95))
        self.button_size = max(theme.READABLE, int(unit * 1.1))
        bar_height = max(48, int(unit * 2.6))
        self.avatar_radius = bar_height // 2
        self.title_pos = (screen.x + 2 * self.avatar_radius + gap, screen.y + bar_height // 2)
        self.avatar_center = (screen.x + self.avatar_radius, screen.y + bar_height // 2)
        all_buttons = [
            self.back_button,
            self.rename_button,
            self.avatar_button,
            self.reset_button,
            self.remove_button,
            self.yes_button,
            self.no_button,
            self.save_button,
            *self.pictures,
        ]
        for button in all_buttons:
            button.rect = pygame.Rect(0, 0, 0, 0)
        font = self.app.assets.font(self.button_size, bold=True)
        width = font.size(self.back_button.label)[0] + 2 * unit
        self.back_button.rect = pygame.Rect(screen.right - width, screen.y, width, bar_height)
        top = screen.y + bar_height + gap
        known = self.name in self.app.store.players()
        self.body = pygame.Rect(screen.x, top + bar_height + gap, screen.width, screen.bottom - top - bar_height - gap)
        if self.mode is ChildMode.VIEW and known:
            x = screen.x
            for button in (self.rename_button, self.avatar_button, self.reset_button, self.remove_button):
                width = font.size(button.label)[0] + 2 * unit
                button.rect = pygame.Rect(x, top, width, bar_height)
                x += width + gap
        elif self.mode is ChildMode.RENAME:
            self.box = pygame.Rect(screen.x, top, min(screen.width // 2, unit * 20), bar_height)
            self.save_button.rect = pygame.Rect(
                self.box.right + gap, top, font.size(self.save_button.label)[0] + 2 * unit, bar_height
            )
            self.no_button.label = _("Cancel")
            width = font.size(self.no_button.label)[0] + 2 * unit
            self.no_button.rect = pygame.Rect(self.save_button.rect.right + gap, top, width, bar_height)
            pygame.key.set_text_input_rect(self.box)
        elif self.mode is ChildMode.AVATAR:
            place_avatars(self.pictures, pygame.Rect(screen.x, top, screen.width, screen.bottom - top), gap * 2)
            current = self.app.store.player(self.name).avatar
            for picture in self.pictures:
                picture.chosen = picture.avatar == current
        elif self.mode in (ChildMode.CONFIRM_RESET, ChildMode.CONFIRM_REMOVE):
            if self.mode is ChildMode.CONFIRM_REMOVE:
                self.yes_button.label = _("Yes, remove {name}").format(name=self.name)
            else:
                self.yes_button.label = _("Yes, reset {name}").format(name=self.name)
            self.no_button.label = _("No, keep it")
            self.question_pos = (screen.x, top + bar_height // 2)
            y = top + bar_height + gap
            x = screen.x
            for button in (self.no_button, self.yes_button):
                width = font.size(button.label)[0] + 2 * unit
                button.rect = pygame.Rect(x, y, width, bar_height)
                x += width + 2 * gap
            self.body = pygame.Rect(screen.x, y + bar_height + gap, screen.width, screen.bottom - y - bar_height - gap)
        self.buttons = [button for button in all_buttons if button.rect.width]
        self.focus = None

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.mode is ChildMode.RENAME:
            if event.type == pygame.TEXTINPUT:
                self.text = (self.text + "".join(c for c in event.text if c.isprintable()))[:32]
                self.error = ""
                self.dirty = True
                return
            if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                self.dirty = True
                return
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.save_name()
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.mode is ChildMode.VIEW:
                self.app.pop()
            else:
                self.set_mode(ChildMode.VIEW)
            return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        surface.fill(theme.BACKGROUND)
        store = self.app.store
        known = self.name in store.players()
        avatar = store.player(self.name).avatar if known else ""
        draw_avatar(surface, assets, avatar, self.name, self.avatar_center, self.avatar_radius, theme.WHITE)
        draw_text(surface, assets, self.name, self.title_size, self.title_pos, theme.INK, bold=True, anchor="midleft")
        for button in self.buttons:
            if not isinstance(button, AvatarButton):
                button.draw(surface, assets, self.button_size)
        if self.mode is ChildMode.AVATAR:
            for picture in self.pictures:
                picture.draw(surface, assets, self.button_size)
            return
        if self.mode is ChildMode.RENAME:
            self._draw_name_box(surface)
        if self.mode in (ChildMode.CONFIRM_RESET, ChildMode.CONFIRM_REMOVE):
            if self.mode is ChildMode.CONFIRM_REMOVE:
                question = _("Remove {name} for good? The name and all results go, on every computer.")
            else:
                question = _("Forget all of {name}'s results? The name and picture stay.")
            draw_text(
                surface,
                assets,
                question.format(name=self.name),
                self.text_size,
                self.question_pos,
                theme.INK,
                bold=True,
                anchor="midleft",
            )
        if not known:
            draw_text(
                surface,
                assets,
                _("This player is no longer in the class."),
                self.text_size,
                self.body.topleft,
                theme.SOFT_INK,
                bold=True,
            )
            return
        self._draw_lists(surface)

    def _draw_name_box(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        pygame.draw.rect(surface, theme.WHITE, self.box, border_radius=8)
        pygame.draw.rect(surface, theme.CURSOR, self.box, 3, border_radius=8)
        text = draw_text(
            surface,
            assets,
            self.text,
            self.button_size,
            (self.box.x + 12, self.box.centery),
            theme.INK,
            bold=True,
            anchor="midleft",
        )
        pygame.draw.rect(surface, theme.CURSOR, (text.right + 3, self.box.y + 8, 3, self.box.height - 16))
        if self.error:
            draw_text(
                surface,
                assets,
                self.error,
                self.text_size,
                (self.box.x, self.box.bottom + self.gap),
                theme.WRONG,
                bold=True,
            )

    def _draw_lists(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        page = child_page(self.app.store, self.app.collection, self.name)
        # The solved list has the longer lines: three fifths of the width.
        wide = (self.body.width - self.gap) * 3 // 5
        font = assets.font(self.text_size)
        line = assets.font(self.text_size).get_linesize() + 2
        room = max(1, (self.body.bottom - self.body.y) // line - 1)

        solved = []
        for puzzle in page.solved:
            parts = [
                puzzle_name(puzzle.level, puzzle.number, puzzle.puzzle_id),
                short_day(puzzle.day),
                ngettext("{count} move", "{count} moves", puzzle.moves).format(count=puzzle.moves),
                ngettext("{count} undo", "{count} undos", puzzle.undos).format(count=puzzle.undos),
                ngettext("{count} hint", "{count} hints", puzzle.hints).format(count=puzzle.hints),
            ]
            if puzzle.used_auto:
                parts.append(_("Auto"))
            solved.append((" · ".join(parts), puzzle.stars))
        tried = [
            (
                " · ".join(
                    [
                        puzzle_name(puzzle.level, puzzle.number, puzzle.puzzle_id),
                        ngettext("tried {count} time", "tried {count} times", puzzle.attempts).format(
                            count=puzzle.attempts
                        ),
                        short_day(puzzle.day),
                    ]
                ),
                0,
            )
            for puzzle in page.tried
        ]
        headings = (
            ngettext("Solved: {count} puzzle", "Solved: {count} puzzles", len(solved)).format(count=len(solved)),
            ngettext("Tried, not solved: {count}", "Tried, not solved: {count}", len(tried)).format(count=len(tried)),
        )
        for index, (heading, lines) in enumerate(zip(headings, (solved, tried), strict=True)):
            x = self.body.x + index * (wide + self.gap)
            right = x + wide if index == 0 else self.body.right
            y = self.body.y
            draw_text(surface, assets, heading, self.text_size, (x, y), theme.INK, bold=True)
            y += line
            shown = lines if len(lines) <= room else lines[: room - 1]
            star = self.text_size * 2 // 5
            for text, stars in shown:
                left = x
                for index_star in range(stars):
                    draw_star(surface, (left + star + index_star * (2 * star + 2), y + line // 2), star)
                left += 3 * (2 * star + 2) + 4 if index == 0 else 0
                while font.size(text)[0] > right - left and len(text) > 2:
                    text = text[:-2] + "…"
                draw_text(surface, assets, text, self.text_size, (left, y), theme.INK)
                y += line
            if len(shown) < len(lines):
                more = len(lines) - len(shown)
                draw_text(
                    surface,
                    assets,
                    ngettext("and {count} more", "and {count} more", more).format(count=more),
                    self.text_size,
                    (x, y),
                    theme.SOFT_INK,
                )
