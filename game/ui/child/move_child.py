"""Moving a child to another class of the school, with her results (issue 43), from her page.

A button for each other current class (`Lesson.others`); choosing one asks once, saying what moves
and how to take it back; then the class she moves to is opened, unlocked with a PIN typed in this
window (`Navigator.pins`) and saved on a background job (`game.store.moving.move_into`), and only
then is she removed from the window's class, on the frame's thread (its Changes list the
removal, with Undo). A class whose PIN this window was not given, or whose folder cannot be
written, moves nothing and says so.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING

from ...i18n import _
from ...store.moving import ChildMoved, move_into
from ...store.school import SchoolClass
from ...words import moving as words
from ...words.classes import class_name
from ..core import theme
from ..core.choices_screen import ChoicesScreen
from ..core.class_look import class_colour
from ..core.text_flow import Flow
from ..core.widgets import Button

if TYPE_CHECKING:
    from ..core.context import SceneContext


class Step(Enum):
    CHOOSE = "choose"
    ASK = "ask"
    MOVING = "moving"
    MOVED = "moved"


class MoveChildScene(ChoicesScreen):
    shows_class = True

    def __init__(self, ctx: SceneContext, name: str) -> None:
        super().__init__(ctx)
        self.name = name
        self.step = Step.CHOOSE
        self.chosen: SchoolClass | None = None
        self.said = ""  # what the last try came to: moved, or why not
        self.classes = ctx.window.lesson.others(ctx.store.folder)
        self.class_buttons = [
            Button(class_name(item.name), self._chooser(item), class_colour(item)) for item in self.classes
        ]
        self.yes_button = Button("", self.move, theme.BUTTON_WARM)
        self.no_button = Button("", self.cancel, theme.BUTTON_QUIET)
        self.done_button = Button("", self.done, theme.BUTTON_ACCENT)
        self.text = Flow(0, (), 0)

    def _chooser(self, item: SchoolClass) -> Callable[[], None]:
        return lambda: self.choose(item)

    @property
    def source(self) -> str:
        return class_name(self.ctx.window.lesson.class_of(self.ctx.store.folder).name)

    # Actions --------------------------------------------------------------------------------

    def choose(self, item: SchoolClass) -> None:
        self.chosen, self.step, self.said = item, Step.ASK, ""
        self.resize(self.layout)

    def cancel(self) -> None:
        self.chosen, self.step = None, Step.CHOOSE
        self.resize(self.layout)

    def back(self) -> None:
        """Escape: from the question to the classes; else the page before (never mid-move)."""
        if self.step is Step.ASK:
            self.cancel()
        elif self.step is not Step.MOVING:
            self.done()

    def done(self) -> None:
        """Back to her page; once she is moved, past it (she is not in this class any more)."""
        self.ctx.nav.back()
        if self.step is Step.MOVED:
            self.ctx.nav.back()

    def move(self) -> None:
        """The class she moves to written first, off the frame; her removal here when it is."""
        if self.chosen is None or self.jobs.busy or self.name not in self.ctx.store.players():
            return
        player = self.ctx.store.author.player(self.name)
        source, folder, pins = self.ctx.store.folder, self.chosen.folder, self.ctx.nav.pins

        def work(cancel: threading.Event) -> ChildMoved:
            return move_into(player, source, folder, pins)

        self.step = Step.MOVING
        self.jobs.start(work, self.moved, self.failed, label="move")
        self.resize(self.layout)

    def moved(self, moved: ChildMoved) -> None:
        self.ctx.store.remove_player(self.name)
        target = class_name(self.chosen.name if self.chosen else "")
        self.step, self.said = Step.MOVED, words.moved(moved.name, target, moved.written)
        self.resize(self.layout)

    def failed(self, error: BaseException) -> None:
        target = class_name(self.chosen.name if self.chosen else "")
        if isinstance(error, PermissionError):
            self.said = words.other_pin(target)
        else:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            self.said = words.not_written(target, reason)
        self.step, self.chosen = Step.CHOOSE, None
        self.resize(self.layout)

    # Frame ------------------------------------------------------------------------------------

    def words(self) -> str:
        if self.step is Step.ASK and self.chosen is not None:
            return words.question(self.name, self.source, class_name(self.chosen.name))
        if self.step is Step.MOVING:
            return _("Saving…")
        if self.step is Step.MOVED:
            return self.said
        lines = [words.title(self.name) if self.classes else words.only_class()]
        return "\n".join([*lines, self.said] if self.said else lines)

    def title(self) -> str:
        return words.button()

    def shown_buttons(self) -> list[Button]:
        cancel = self.step is Step.CHOOSE
        self.done_button.label = _("Cancel") if cancel else _("Done")
        self.done_button.color = theme.BUTTON_QUIET if cancel else theme.BUTTON_ACCENT
        self.no_button.label = _("No, keep her here")
        self.yes_button.label = words.yes(class_name(self.chosen.name)) if self.chosen else ""
        if self.step is Step.CHOOSE:
            return [*self.class_buttons, self.done_button]
        if self.step is Step.ASK:
            return [self.no_button, self.yes_button]
        return [self.done_button] if self.step is Step.MOVED else []
