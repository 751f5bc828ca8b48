"""A teacher's screen of a few choices: its title, what it says on a few lines under it, then its
buttons in rows (`in_rows`), each as wide as its words. The school's classes, every laptop's
class for a lesson and a child's move to another class are such screens; each says what its
words and buttons are now, and this lays them out and draws them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from . import keys, theme
from .layout import MIN_TEXT_PX, Layout
from .scene import Scene
from .text_flow import Flow, draw_flow, draw_text, flow, largest_size
from .widgets import Button, in_rows

if TYPE_CHECKING:
    from .context import SceneContext


class ChoicesScreen(Scene):
    KEYS = (keys.BACK, *keys.FOCUS)

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        self.text = Flow(0, (), 0)
        self.title_size = self.text_size = self.button_size = self.bar = 0
        self.title_pos = self.text_pos = (0, 0)

    def title(self) -> str:
        """The screen's title, in the language now."""
        raise NotImplementedError

    def words(self) -> str:
        """What the screen says under its title now (lines apart with a newline)."""
        raise NotImplementedError

    def shown_buttons(self) -> list[Button]:
        """The buttons shown now, in their order (Tab's and a switch's too)."""
        raise NotImplementedError

    def place_words(self, layout: Layout) -> tuple[pygame.Rect, int]:
        """The title and the words placed; gives the screen's area and the y under the words."""
        self.layout = layout
        gap = layout.gap
        screen = layout.screen.inflate(-2 * layout.margin, -2 * layout.margin)
        self.text_size = layout.readable(1.1)
        self.button_size = layout.readable(theme.TEACHER_BUTTON)
        self.bar = max(48, int(layout.unit * 2.6))
        wanted = layout.title(theme.TITLE_TEACHER)
        self.title_size = largest_size(self.ctx.assets, self.title(), wanted, screen.width, MIN_TEXT_PX, bold=True)
        self.title_pos = (screen.x, screen.y + self.bar // 2)
        top = screen.y + self.bar + gap
        self.text = flow(self.ctx.assets, self.words(), self.text_size, (screen.width, screen.height // 2), bold=True)
        self.text_pos = (screen.x, top)
        return screen, top + self.text.height + gap

    def place_buttons(self, buttons: list[Button], screen: pygame.Rect, y: int) -> int:
        """`buttons` in rows from `y`; gives the y under them."""
        font = self.ctx.assets.font(self.button_size, bold=True)
        return in_rows(buttons, font, screen, y, self.bar, self.layout.gap)

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        screen, y = self.place_words(layout)
        self.buttons = self.shown_buttons()
        self.place_below(screen, y)
        self.focus = None

    def place_below(self, screen: pygame.Rect, y: int) -> None:
        """What goes under the words: the buttons shown, in rows (a screen with more overrides it)."""
        self.place_buttons(self.buttons, screen, y)

    def draw(self, surface: pygame.Surface) -> None:
        assets = self.ctx.assets
        surface.fill(theme.BACKGROUND)
        draw_text(surface, assets, self.title(), self.title_size, self.title_pos, theme.INK, True, "midleft")
        draw_flow(surface, assets, self.text, self.text_pos)
        for button in self.buttons:
            button.draw(surface, assets, self.button_size)
