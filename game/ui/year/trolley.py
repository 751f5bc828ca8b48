"""Every laptop's class for this lesson (issue 43): the teacher taps a class and, for the next
hour, every laptop of the school opens on it (a laptop asking for its class goes to it by itself);
"Each laptop asks" takes that back. A setting of the school folder's own class
(`Lesson.set_trolley`), unlocked by a PIN a gate of this window took, as the list of classes is
(`game.ui.year.year`); written by a job.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

import pygame

from ...i18n import _
from ...store.school import SchoolClass
from ...words import school_year as words
from ...words.classes import class_name
from ..core import keys, theme
from ..core.class_look import class_colour
from ..core.layout import MIN_TEXT_PX, Layout
from ..core.scene import Scene
from ..core.text_flow import draw_flow, draw_text, flow, largest_size
from ..core.widgets import Button, in_rows

if TYPE_CHECKING:
    from ..core.context import SceneContext


class TrolleyScene(Scene):
    KEYS = (keys.BACK, *keys.FOCUS)

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        self.lesson = ctx.window.lesson
        top = self.lesson.top
        self.unlocked = not top.pin.is_set or any(top.pin.check(pin) for pin in ctx.nav.pins)
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
        top = self.lesson.top

        def write(cancel: threading.Event) -> bool:
            return top.flush()

        self.jobs.start(write, lambda written: None, lambda error: None, label="trolley")
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

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        self.layout = layout
        m, gap = layout.margin, layout.gap
        screen = layout.screen.inflate(-2 * m, -2 * m)
        wanted = layout.title(theme.TITLE_TEACHER)
        self.title_size = largest_size(
            self.ctx.assets, words.trolley_button(), wanted, screen.width, MIN_TEXT_PX, bold=True
        )
        self.text_size = layout.readable(1.0)
        self.button_size = layout.readable(theme.TEACHER_BUTTON)
        self.bar = max(48, int(layout.unit * 2.6))
        self.each_button.label, self.done_button.label = words.each_asks(), _("Done")
        self.title_pos = (screen.x, screen.y + self.bar // 2)
        top = screen.y + self.bar + gap
        self.text = flow(self.ctx.assets, self.words(), self.text_size, (screen.width, screen.height // 3), bold=True)
        self.text_pos = (screen.x, top)
        shown = [*self.class_buttons, self.each_button] if self.unlocked else []
        self.buttons = [*shown, self.done_button]
        font = self.ctx.assets.font(self.button_size, bold=True)
        in_rows(self.buttons, font, screen, top + self.text.height + gap, self.bar, gap)
        self.focus = None

    def draw(self, surface: pygame.Surface) -> None:
        assets = self.ctx.assets
        surface.fill(theme.BACKGROUND)
        draw_text(surface, assets, words.trolley_button(), self.title_size, self.title_pos, theme.INK, True, "midleft")
        draw_flow(surface, assets, self.text, self.text_pos)
        for button in self.buttons:
            button.draw(surface, assets, self.button_size)
