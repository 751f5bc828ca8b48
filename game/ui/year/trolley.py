"""Every laptop's class for this lesson (issue 43): the teacher taps a class and, for the next
hour, every laptop of the school opens on it (a laptop asking for its class goes to it by itself);
"Each laptop asks" takes that back. A setting of the school folder's own class
(`Lesson.set_trolley`), unlocked by a PIN a gate of this window took, as the list of classes is
(`game.ui.year.year`); written by a job.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

from ...i18n import _
from ...store.school import SchoolClass
from ...words import school_year as words
from ...words.classes import class_name
from ..core import theme
from ..core.choices_screen import ChoicesScreen
from ..core.class_look import class_colour
from ..core.widgets import Button
from .year import save_later, unlocked

if TYPE_CHECKING:
    from ..core.context import SceneContext


class TrolleyScene(ChoicesScreen):
    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        self.lesson = ctx.window.lesson
        self.unlocked = unlocked(ctx)
        self.classes = self.lesson.choices()
        self.class_buttons = [
            Button(class_name(item.name), self._setter(item), class_colour(item)) for item in self.classes
        ]
        self.each_button = Button("", lambda: self.set(None), theme.BUTTON_QUIET)
        self.done_button = Button("", self.ctx.nav.back, theme.BUTTON_ACCENT)

    def _setter(self, item: SchoolClass) -> Callable[[], None]:
        return lambda: self.set(item)

    def set(self, item: SchoolClass | None) -> None:
        try:
            self.lesson.set_trolley(item)
        except (ValueError, TypeError):
            return
        save_later(self, self.lesson.top)
        self.resize(self.layout)

    def words(self) -> str:
        if not self.unlocked:
            return words.locked()
        set_to = self.lesson.trolley()
        item = next((item for item in self.classes if set_to is not None and item.id == set_to[0]), None)
        if item is None or set_to is None:
            now = words.trolley_none()
        else:
            now = words.trolley_set(class_name(item.name), datetime.fromtimestamp(set_to[1]).strftime("%H:%M"))
        return f"{words.trolley_title()}\n{now}"

    def title(self) -> str:
        return words.trolley_button()

    def shown_buttons(self) -> list[Button]:
        self.each_button.label, self.done_button.label = words.each_asks(), _("Done")
        return [*self.class_buttons, self.each_button, self.done_button] if self.unlocked else [self.done_button]
