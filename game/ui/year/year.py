"""The school's classes, for the teacher (issue 43): this year's classes and the years kept; a new
class (its name typed, then its picture; its colour the first no class has); this year's classes
kept as a school year (asked once); the latest of these taken back.

The list is the school folder's own class's fact (`game.store.school`), proven with that class's
PIN: the window's `lesson.top`, unlocked by a PIN a gate of this window took (`Navigator.pins`);
without one the screen says how to give it and changes nothing. Each change is made in memory on
the frame's thread and written by a job (the share may be slow).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import date
from enum import Enum
from typing import TYPE_CHECKING

import pygame

from ...i18n import _
from ...store import classes
from ...store.school import ROOT, ClassChange
from ...words import school_year as words
from ...words.classes import class_name
from ..core import keys, theme
from ..core.avatars import AvatarButton, avatar_buttons, place_avatars
from ..core.choices_screen import ChoicesScreen
from ..core.scene import Scene
from ..core.text_flow import draw_text, draw_typing_box
from ..core.widgets import Button

if TYPE_CHECKING:
    from ...store.progress import ProgressStore
    from ..core.context import SceneContext


def unlocked(ctx: SceneContext) -> bool:
    """Whether this window may change the school's list: the school folder's class has no PIN, or
    one a gate of this window took opens it."""
    top = ctx.window.lesson.top
    return not top.pin.is_set or any(top.pin.check(pin) for pin in ctx.nav.pins)


def save_later(scene: Scene, store: ProgressStore, first: Callable[[], object] | None = None) -> None:
    """`store`'s change written on one of `scene`'s jobs (the share may be slow), after `first`
    (a new class's folder made); a failure waits on this computer for the next save, as every
    save's does."""

    def write(cancel: threading.Event) -> bool:
        if first is not None:
            first()
        return store.flush()

    scene.jobs.start(write, lambda written: None, lambda error: None, label="classes")


class YearMode(Enum):
    VIEW = "view"
    NAMING = "naming"
    PICTURE = "picture"
    KEEPING = "keeping"


NAMING_KEYS = (keys.DELETE, keys.ENTER.doing("name_typed"))  # the letters come as text


class SchoolYearScene(ChoicesScreen):
    shows_class = True

    def __init__(self, ctx: SceneContext, today: date | None = None) -> None:
        super().__init__(ctx)
        self.mode = YearMode.VIEW
        self.label = classes.year_label(today or date.today())
        self.typed = ""
        self.message = ""
        self.top: ProgressStore = ctx.window.lesson.top
        self.unlocked = unlocked(ctx)
        self.new_button = Button(words.new_class(), lambda: self.set_mode(YearMode.NAMING), theme.BUTTON_ACCENT)
        self.keep_button = Button("", lambda: self.set_mode(YearMode.KEEPING), theme.BUTTON_WARM)
        self.undo_button = Button("", self.undo, theme.BUTTON)
        self.trolley_button = Button(words.trolley_button(), ctx.nav.open_trolley, theme.BUTTON_ACCENT)
        self.done_button = Button(_("Done"), self.ctx.nav.back, theme.BUTTON_QUIET)
        self.yes_button = Button("", self.keep_year, theme.BUTTON_WARM)
        self.no_button = Button(_("Cancel"), lambda: self.set_mode(YearMode.VIEW), theme.BUTTON_QUIET)
        self.save_button = Button(_("Save"), self.name_typed, theme.BUTTON_ACCENT)
        self.pictures = avatar_buttons(self.add_class)

    @property
    def takes_text(self) -> bool:  # type: ignore[override]
        return self.mode is YearMode.NAMING

    def current(self) -> list[str]:
        return [class_name(item.name) for item in self.top.school.current() if item.id != ROOT]

    # Actions ----------------------------------------------------------------------------------

    def set_mode(self, mode: YearMode) -> None:
        self.mode = mode
        if mode is YearMode.NAMING:
            self.typed, self.message = "", ""
            pygame.key.start_text_input()
        else:
            pygame.key.stop_text_input()
        self.resize(self.layout)

    def back(self) -> None:
        if self.mode is YearMode.VIEW:
            self.ctx.nav.back()
        else:
            self.set_mode(YearMode.VIEW)

    def leave(self) -> None:
        pygame.key.stop_text_input()
        super().leave()

    def name_typed(self) -> None:
        """The name given: its picture next (a name another current class has is said at once)."""
        name = self.typed.strip()
        if not name or name.casefold() in {taken.casefold() for taken in self.current()}:
            self.message = words.taken(name) if name else words.name_prompt()
            self.dirty = True
            return
        self.set_mode(YearMode.PICTURE)

    def add_class(self, picture: str) -> None:
        """The class named in the school's list at once; its folder made on a job (each step of
        it waits for the share), then the list saved."""
        school = self.top.school
        colour = classes.free_colour(item.colour for item in school.current())
        try:
            start = school.folder_start(school.name_class(self.typed, picture, colour))
        except ValueError:
            self._refused()
        else:
            self._done(words.added(self.typed.strip()), start)

    def keep_year(self) -> None:
        count = len(self.current())
        self._change(lambda: self.top.school.archive_year(self.label), words.archived(self.label, count))

    def undo(self) -> None:
        """The latest change to the list taken back, or, when it was taken back, made again: a
        class added by mistake and taken away is never out of reach (its children's results are
        in its folder all along)."""
        latest = self.latest()
        if latest is None:
            return
        if latest.undone:
            self._change(lambda: self.top.school.redo(latest.id), words.redone())
        else:
            self._change(lambda: self.top.school.undo(latest.id), words.undone())

    def latest(self) -> ClassChange | None:
        changes = self.top.school.changes()
        return changes[0] if changes else None

    def _change(self, change: Callable[[], object], said: str) -> None:
        """`change` to the list in memory, then written by a job; what it did said on the screen."""
        try:
            change()
        except (ValueError, KeyError):
            self._refused()
        else:
            self._done(said)

    def _done(self, said: str, first: Callable[[], object] | None = None) -> None:
        self.message = said
        save_later(self, self.top, first)
        self.set_mode(YearMode.VIEW)

    def _refused(self) -> None:
        self.message = words.refused()
        self.set_mode(YearMode.VIEW)

    # Frame ------------------------------------------------------------------------------------

    def words(self) -> str:
        if not self.unlocked:
            return words.locked()
        if self.mode is YearMode.KEEPING:
            return words.keep_question(self.current(), self.label)
        if self.mode is YearMode.NAMING:
            return words.name_prompt()
        if self.mode is YearMode.PICTURE:
            return words.picture_prompt(self.typed.strip())
        school = self.top.school.school
        lines = [words.this_year(self.current())]
        lines += [words.kept(label, len(school.archived(label))) for label in school.years()]
        return "\n".join([*lines, self.message] if self.message else lines)

    def shown_buttons(self) -> list[Button]:
        self.keep_button.label = words.keep_year(self.label)
        self.yes_button.label = words.keep_yes(self.label)
        if not self.unlocked:
            return [self.done_button]
        if self.mode is YearMode.KEEPING:
            return [self.no_button, self.yes_button]
        if self.mode is YearMode.NAMING:
            return [self.save_button, self.no_button]
        if self.mode is YearMode.PICTURE:
            return [*self.pictures, self.no_button]
        latest = self.latest()
        if latest is not None:
            took_back = words.redo if latest.undone else words.undo
            self.undo_button.label = took_back(latest.kind, list(latest.names), latest.year)
        several = len(self.ctx.window.lesson.choices()) > 1  # a class to set for every laptop
        shown = [
            *([self.trolley_button] if several else []),
            self.new_button,
            *([self.keep_button] if self.current() else []),
        ]
        return [*shown, *([self.undo_button] if latest else []), self.done_button]

    def title(self) -> str:
        return words.title()

    def place_below(self, screen: pygame.Rect, y: int) -> None:
        """The name's box while one is typed, the buttons in rows, and the pictures under them."""
        self.box = pygame.Rect(screen.x, y, min(screen.width, self.layout.unit * 20), self.bar)
        if self.mode is YearMode.NAMING:
            pygame.key.set_text_input_rect(self.box)
            y = self.box.bottom + self.layout.gap
        for picture in self.pictures:
            picture.hide()
        words_shown = [button for button in self.buttons if not isinstance(button, AvatarButton)]
        below = self.place_buttons(words_shown, screen, y) + self.layout.gap
        if self.mode is YearMode.PICTURE:
            place_avatars(
                self.pictures, pygame.Rect(screen.x, below, screen.width, screen.bottom - below), 2 * self.layout.gap
            )

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.mode is YearMode.NAMING:
            if event.type == pygame.TEXTINPUT:
                self.typed = (self.typed + "".join(c for c in event.text if c.isprintable()))[:24]
                self.message, self.dirty = "", True
                return
            if keys.press(self, NAMING_KEYS, event):
                return
        super().handle_event(event)

    def delete_letter(self) -> None:
        self.typed = self.typed[:-1]
        self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.mode is not YearMode.NAMING:
            return
        assets = self.ctx.assets
        draw_typing_box(surface, assets, self.box, self.typed, self.button_size)
        if self.message:
            at = (self.box.x, self.save_button.rect.bottom + self.layout.gap)
            draw_text(surface, assets, self.message, self.text_size, at, theme.WRONG, True)
