"""The teacher's desk's Print: a worksheet of a level (a range of its puzzles, or a child's next
ones with her name on the sheet; how many; with the answer key or not, with the fold-away hints
or not) and the class's progress cards. Each is written as a PDF to the documents folder, kept
there, and sent to the computer's printer on the job worker; the screen says in words what
became of it: printed and on which printer, no printer and where the file is, or why not.
Behind the grown-up gate (opened from the class)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ...content.levels import LEVEL_NAMES, Collection
from ...content.names import BIG_BOARD
from ...i18n import _, ngettext
from ...outputs.local import documents_folder
from ...outputs.printing import PrintResult
from ...outputs.report import with_big_board
from ...outputs.report_card_pdf import write_cards
from ...outputs.sheets import Pool, big_pool, level_pool, next_for, numbered
from ...outputs.worksheet import Entry, WorksheetError, worksheet
from ..core import keys, theme
from ..core.class_bar import paper_group
from ..core.layout import Layout
from ..core.scene import Scene
from ..core.widgets import ArrowButton, Button
from . import print_view

if TYPE_CHECKING:
    from ..core.context import SceneContext

COUNTS = (6, 12, 18, 24, 30)


class PrintScene(Scene):
    KEYS = (keys.BACK, *keys.FOCUS)
    shows_class = True

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        self.level = LEVEL_NAMES[0]
        self.big_level = 1
        self.count = COUNTS[0]
        self.first = 1  # the range's first puzzle, numbered as the children see it
        self.child: str | None = None  # whose next puzzles; None: the range, for the whole class
        self.answers = True
        self.hints = True
        self.message = ""
        self.level_buttons = [Button(_(name), self._chooser(name)) for name in LEVEL_NAMES]
        self.big_button = Button("", self.choose_big)
        self.earlier_child_button = ArrowButton(-1, lambda: self.change_child(-1))
        self.later_child_button = ArrowButton(1, lambda: self.change_child(1))
        self.fewer_button = Button("−", lambda: self.change_count(-1))
        self.more_button = Button("+", lambda: self.change_count(1))
        self.earlier_button = ArrowButton(-1, lambda: self.move_range(-1))
        self.later_button = ArrowButton(1, lambda: self.move_range(1))
        self.answers_button = Button("", self.flip_answers)
        self.hints_button = Button("", self.flip_hints)
        self.print_button = Button(_("Print the worksheet"), self.print_sheet, theme.BUTTON_ACCENT)
        self.cards_button = Button(_("Progress cards for the class"), self.print_cards, theme.BUTTON_WARM)
        self.done_button = Button(_("Done"), self.ctx.nav.back, theme.BUTTON_QUIET)
        self.desk = print_view.Desk(
            self.done_button,
            tuple(self.level_buttons),
            self.big_button,
            self.earlier_child_button,
            self.later_child_button,
            self.fewer_button,
            self.more_button,
            self.earlier_button,
            self.later_button,
            self.answers_button,
            self.hints_button,
            self.print_button,
            self.cards_button,
        )
        self.buttons = self.desk.in_focus_order()
        self.places: print_view.PrintPlaces | None = None  # where things go, from `resize`

    # Choices ------------------------------------------------------------------------------

    def _chooser(self, name: str) -> Callable[[], None]:
        return lambda: self.choose(name)

    def choose(self, name: str) -> None:
        self.level = name
        self.first = 1
        self.changed()

    def choose_big(self) -> None:
        """The big board: each press goes to its next level, 1 to 10 and round again."""
        if self.level == BIG_BOARD:
            self.big_level = self.big_level % max(1, len(self.ctx.collections.big_collection.levels)) + 1
        self.level = BIG_BOARD
        self.first = 1
        self.changed()

    def change_child(self, step: int) -> None:
        """Round the class: the whole class (a range), then each child (her next puzzles)."""
        choices: list[str | None] = [None, *self.ctx.store.players()]
        index = choices.index(self.child) if self.child in choices else 0
        self.child = choices[(index + step) % len(choices)]
        self.changed()

    def change_count(self, step: int) -> None:
        index = COUNTS.index(self.count) + step
        self.count = COUNTS[max(0, min(len(COUNTS) - 1, index))]
        self.changed()

    def move_range(self, step: int) -> None:
        """The range a sheet further on or back: 1 to 6, 7 to 12, ... within the level."""
        first = self.first + step * self.count
        if first <= self.level_size():
            self.first = max(1, first)
        self.changed()

    def flip_answers(self) -> None:
        self.answers = not self.answers
        self.changed()

    def flip_hints(self) -> None:
        self.hints = not self.hints
        self.changed()

    def changed(self) -> None:
        self.first = max(1, min(self.first, self.level_size()))
        self._labels()
        super().changed()

    # The sheet ----------------------------------------------------------------------------

    def _collection(self) -> tuple[Collection, str]:
        if self.level == BIG_BOARD:
            return self.ctx.collections.big_collection, str(self.big_level)
        return self.ctx.collections.collection, self.level

    def level_size(self) -> int:
        collection, name = self._collection()
        level = collection.level(name)
        return len(level.puzzles) if level is not None else 0

    @property
    def last(self) -> int:
        return min(self.first + self.count - 1, self.level_size())

    def _pool(self) -> Pool:
        collection, name = self._collection()
        return big_pool(collection, name) if self.level == BIG_BOARD else level_pool(collection, name)

    def sheet(self) -> tuple[Pool, list[Entry]]:
        """The pool (its title) and the puzzles of the sheet as chosen on the screen."""
        pool = self._pool()
        if self.child is None:
            return pool, numbered(pool, self.first, self.last)
        return next_for(pool, self.ctx.store, self.child, self.count)

    # Printing -----------------------------------------------------------------------------

    def print_sheet(self) -> None:
        if self.jobs.busy:
            return
        try:
            pool, entries = self.sheet()
        except WorksheetError as error:
            self.say(str(error))
            return
        stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
        name = "big-board-" + str(self.big_level) if self.level == BIG_BOARD else self.level.lower()
        path = documents_folder() / f"solochess-worksheet-{name}-{stamp}.pdf"
        answers, hints, child = self.answers, self.hints, self.child or ""

        def make(cancel: threading.Event) -> Path:
            pdf = worksheet(entries, pool.title, answers=answers, hints=hints, name=child, note=pool.note)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(pdf)
            return path

        self._start(make)

    def print_cards(self) -> None:
        if self.jobs.busy:
            return
        store = self.ctx.store
        names = store.players()
        if not names:
            self.say(_("Nobody has played yet."))
            return
        collection = with_big_board(self.ctx.collections.collection, self.ctx.collections.big_collection)
        folder = documents_folder() / f"solochess-progress-cards-{datetime.now():%Y-%m-%d}"
        group = paper_group(self.ctx)

        def make(cancel: threading.Event) -> Path:
            return write_cards(store, collection, names, folder, group=group)[0]  # the class's cards, a card a page

        self._start(make)

    def _start(self, make: Callable[[threading.Event], Path]) -> None:
        """Make the PDF and send it to the printer, both on the job worker: `lp` may wait for a
        busy print server, and the screen must not."""
        send = self.ctx.print_file

        def work(cancel: threading.Event) -> PrintResult:
            return send(make(cancel))

        self.say(_("Printing…"))
        self.jobs.start(work, self.printed, self.failed, label="print")

    def printed(self, result: PrintResult) -> None:
        self.say(result.words)

    def failed(self, error: BaseException) -> None:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        self.say(_("The file could not be saved: {reason}").format(reason=reason))

    def say(self, message: str) -> None:
        self.message = message
        self.dirty = True

    # Frame --------------------------------------------------------------------------------

    def _labels(self) -> None:
        for name, button in zip(LEVEL_NAMES, self.level_buttons, strict=True):
            button.color = theme.TARGET if self.level == name else theme.BUTTON
        self.big_button.label = _("Big board {level}").format(level=self.big_level)
        self.big_button.color = theme.TARGET if self.level == BIG_BOARD else theme.BUTTON
        self.answers_button.label = _("Answer key: yes") if self.answers else _("Answer key: no")
        self.hints_button.label = _("Hints to fold away: yes") if self.hints else _("Hints to fold away: no")
        ranged = self.child is None
        self.earlier_button.enabled = ranged and self.first > 1
        self.later_button.enabled = ranged and self.first + self.count <= self.level_size()
        self.fewer_button.enabled = self.count > COUNTS[0]
        self.more_button.enabled = self.count < COUNTS[-1]

    def count_text(self) -> str:
        return ngettext("{count} puzzle", "{count} puzzles", self.count).format(count=self.count)

    def range_text(self) -> str:
        if self.child is not None:
            return _("The next ones not yet solved")
        return _("Puzzles {first} to {last}").format(first=self.first, last=self.last)

    def child_text(self) -> str:
        if self.child is None:
            return _("For the whole class")
        return _("For {name}").format(name=self.child)

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        self.layout = layout
        self.places = print_view.place(self.desk, self.ctx.assets, layout)
        self._labels()
        self.focus = None

    def draw(self, surface: pygame.Surface) -> None:
        if self.places is not None:
            steppers = (self.child_text(), self.count_text(), self.range_text())
            print_view.draw(surface, self.ctx.assets, self.places, steppers, self.buttons, self.message)
