"""The teacher's desk's Print: a worksheet of a level (how many puzzles, with the answer key
or not, with the fold-away hints or not) and the class's report cards, written as PDF files to
the documents folder; the screen says where. Behind the grown-up gate (opened from the class)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ...content.levels import LEVEL_NAMES
from ...content.names import BIG_BOARD
from ...i18n import _, ngettext
from ...outputs.local import documents_folder
from ...outputs.report import with_big_board
from ...outputs.report_card_pdf import write_cards
from ...outputs.sheets import Pool, big_pool, level_pool, pick
from ...outputs.worksheet import worksheet
from ..core import theme
from ..core.layout import Layout, grid
from ..core.scene import Scene
from ..core.text_flow import draw_text, fit_text
from ..core.widgets import Button

if TYPE_CHECKING:
    from ..core.context import SceneContext

COUNTS = (6, 12, 18, 24, 30)


class PrintScene(Scene):
    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        self.level = LEVEL_NAMES[0]
        self.big_level = 1
        self.count = COUNTS[0]
        self.answers = True
        self.hints = True
        self.message = ""
        self.level_buttons = [Button(_(name), self._chooser(name)) for name in LEVEL_NAMES]
        self.big_button = Button("", self.choose_big)
        self.fewer_button = Button("−", lambda: self.change_count(-1))
        self.more_button = Button("+", lambda: self.change_count(1))
        self.answers_button = Button("", self.flip_answers)
        self.hints_button = Button("", self.flip_hints)
        self.print_button = Button(_("Print the worksheet"), self.print_sheet, theme.BUTTON_ACCENT)
        self.cards_button = Button(_("Report cards for the class"), self.print_cards, theme.BUTTON_WARM)
        self.done_button = Button(_("Done"), self.ctx.nav.back, theme.BUTTON_QUIET)

    # Choices ------------------------------------------------------------------------------

    def _chooser(self, name: str) -> Callable[[], None]:
        return lambda: self.choose(name)

    def choose(self, name: str) -> None:
        self.level = name
        self.resize(self.layout)

    def choose_big(self) -> None:
        """The big board: each press goes to its next level, 1 to 10 and round again."""
        if self.level == BIG_BOARD:
            self.big_level = self.big_level % max(1, len(self.ctx.collections.big_collection.levels)) + 1
        self.level = BIG_BOARD
        self.resize(self.layout)

    def change_count(self, step: int) -> None:
        index = COUNTS.index(self.count) + step
        self.count = COUNTS[max(0, min(len(COUNTS) - 1, index))]
        self.resize(self.layout)

    def flip_answers(self) -> None:
        self.answers = not self.answers
        self.resize(self.layout)

    def flip_hints(self) -> None:
        self.hints = not self.hints
        self.resize(self.layout)

    # Printing -----------------------------------------------------------------------------

    def _pool(self) -> Pool:
        if self.level == BIG_BOARD:
            return big_pool(self.ctx.collections.big_collection, str(self.big_level))
        return level_pool(self.ctx.collections.collection, self.level)

    def print_sheet(self) -> None:
        if self.jobs.busy:
            return
        pool = self._pool()
        entries = pick(pool, None, self.count, None, self.count)
        stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
        name = "big-board-" + str(self.big_level) if self.level == BIG_BOARD else self.level.lower()
        path = documents_folder() / f"solochess-worksheet-{name}-{stamp}.pdf"
        answers, hints = self.answers, self.hints

        def work(cancel: threading.Event) -> list[Path]:
            pdf = worksheet(entries, pool.title, answers=answers, hints=hints)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(pdf)
            return [path]

        self._start(work)

    def print_cards(self) -> None:
        if self.jobs.busy:
            return
        store = self.ctx.store
        names = store.players()
        collection = with_big_board(self.ctx.collections.collection, self.ctx.collections.big_collection)
        folder = documents_folder() / f"solochess-report-cards-{datetime.now():%Y-%m-%d}"

        def work(cancel: threading.Event) -> list[Path]:
            return [path for path in write_cards(store, collection, names, folder) if path.suffix == ".pdf"]

        self._start(work)

    def _start(self, work: Callable[[threading.Event], list[Path]]) -> None:
        self.message = _("Saving…")
        self.jobs.start(work, self.printed, self.failed, label="print")
        self.dirty = True

    def printed(self, paths: list[Path]) -> None:
        if not paths:
            self.message = _("Nobody has played yet.")
        elif len(paths) == 1:
            self.message = _("Saved in {folder}: {file}").format(folder=paths[0].parent, file=paths[0].name)
        else:
            self.message = ngettext(
                "{count} file saved in {folder}", "{count} files saved in {folder}", len(paths)
            ).format(count=len(paths), folder=paths[0].parent)
        self.dirty = True

    def failed(self, error: BaseException) -> None:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        self.message = _("The file could not be saved: {reason}").format(reason=reason)
        self.dirty = True

    # Frame --------------------------------------------------------------------------------

    def _labels(self) -> None:
        for name, button in zip(LEVEL_NAMES, self.level_buttons, strict=True):
            button.color = theme.TARGET if self.level == name else theme.BUTTON
        self.big_button.label = _("Big board {level}").format(level=self.big_level)
        self.big_button.color = theme.TARGET if self.level == BIG_BOARD else theme.BUTTON
        self.count_text = ngettext("{count} puzzle", "{count} puzzles", self.count).format(count=self.count)
        self.answers_button.label = _("Answer key: yes") if self.answers else _("Answer key: no")
        self.hints_button.label = _("Hints to fold away: yes") if self.hints else _("Hints to fold away: no")

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        self.layout = layout
        self._labels()
        unit, m = layout.unit, layout.margin
        screen = layout.screen.inflate(-2 * m, -2 * m)
        gap = max(6, unit // 2)
        self.title_size = int(unit * 2.2)
        self.text_size = max(theme.READABLE, int(unit * 0.95))
        self.button_size = max(theme.READABLE, int(unit * 1.1))
        row = max(48, int(unit * 2.8))
        font = self.ctx.assets.font(self.button_size, bold=True)
        width = font.size(self.done_button.label)[0] + 2 * unit
        self.done_button.rect = pygame.Rect(screen.right - width, screen.y, width, row)
        self.title_pos = (screen.x, screen.y + row // 2)
        y = screen.y + row + 2 * gap
        self.section_pos = (screen.x, y)
        y += int(self.text_size * 1.8)
        levels = grid(pygame.Rect(screen.x, y, screen.width, row), 5, 1, gap)
        for button, rect in zip([*self.level_buttons, self.big_button], levels, strict=True):
            button.rect = rect
        y += row + gap
        side = row
        self.fewer_button.rect = pygame.Rect(screen.x, y, side, side)
        count_width = font.size(ngettext("{count} puzzle", "{count} puzzles", 30).format(count=30))[0] + unit
        self.count_pos = (screen.x + side + gap + count_width // 2, y + side // 2)
        self.more_button.rect = pygame.Rect(screen.x + side + 2 * gap + count_width, y, side, side)
        x = self.more_button.rect.right + 2 * gap
        halves = grid(pygame.Rect(x, y, screen.right - x, row), 2, 1, gap)
        self.answers_button.rect, self.hints_button.rect = halves
        y += row + gap
        self.print_button.rect = pygame.Rect(screen.x, y, screen.width, row)
        y += row + 3 * gap
        self.cards_button.rect = pygame.Rect(screen.x, y, screen.width, row)
        self.message_box = pygame.Rect(screen.x, y + row + 2 * gap, screen.width, screen.bottom - y - row - 2 * gap)
        self.buttons = [
            *self.level_buttons,
            self.big_button,
            self.fewer_button,
            self.more_button,
            self.answers_button,
            self.hints_button,
            self.print_button,
            self.cards_button,
            self.done_button,
        ]
        self.focus = None

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ctx.nav.back()
            return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        assets = self.ctx.assets
        surface.fill(theme.BACKGROUND)
        draw_text(surface, assets, _("Print"), self.title_size, self.title_pos, theme.INK, bold=True, anchor="midleft")
        draw_text(
            surface, assets, _("A worksheet to photocopy"), self.text_size, self.section_pos, theme.SOFT_INK, True
        )
        draw_text(surface, assets, self.count_text, self.button_size, self.count_pos, theme.INK, True, "center")
        for button in self.buttons:
            button.draw(surface, assets, self.button_size)
        if self.message:
            font = assets.font(self.text_size, bold=True)
            y = self.message_box.y
            for line in fit_text(self.message, font, self.message_box.width):
                draw_text(surface, assets, line, self.text_size, (self.message_box.x, y), theme.INK, bold=True)
                y += font.get_linesize()
