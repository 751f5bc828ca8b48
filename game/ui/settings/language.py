"""Choose the game's language: each language written in its own name, never a flag.

A flag stands for a country, not a language, and a child who cannot read English still
recognises "Deutsch" or "Українська". The first choice follows the computer's language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ... import i18n
from ...i18n import _
from ..core import keys, theme
from ..core.drawing import draw_badge
from ..core.layout import Layout, grid
from ..core.scene import Scene
from ..core.text_flow import draw_text
from ..core.widgets import Button

if TYPE_CHECKING:
    from ..core.context import SceneContext

COLUMNS = 2


def choice_label(code: str) -> str:
    """A choice as the chooser shows it: a language in its own name, or the computer's."""
    if code:
        return i18n.LANGUAGES[code]
    return _("Like the computer: {language}").format(language=i18n.LANGUAGES[i18n.system_language()])


class LanguageScene(Scene):
    KEYS = (keys.BACK, *keys.FOCUS)

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        self.choices = ["", *i18n.LANGUAGES]
        self.buttons = [Button(choice_label(code), self._chooser(code)) for code in self.choices]
        self.done_button = Button(_("Done"), self.ctx.nav.back, theme.BUTTON_ACCENT)
        self.buttons.append(self.done_button)
        self._mark_chosen()

    def _chooser(self, code: str) -> Callable[[], None]:
        return lambda: self.choose(code)

    def _mark_chosen(self) -> None:
        chosen = self.ctx.window.language_setting
        for code, button in zip(self.choices, self.buttons, strict=False):
            button.color = theme.TARGET if code == chosen else theme.BUTTON
            button.label = choice_label(code)
        self.done_button.label = _("Done")

    def choose(self, code: str) -> None:
        self.ctx.window.choose_language(code)
        self._mark_chosen()
        self.dirty = True

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        self.layout = layout
        unit, margin = layout.unit, layout.margin
        width = min(layout.width - 2 * margin, unit * 36)
        left = layout.screen.centerx - width // 2
        self.title_size = layout.title(theme.TITLE_CHILD)
        self.button_size = int(unit * 1.4)
        self.title_pos = (left, margin)
        top = margin + int(self.title_size * theme.UNDER_TITLE)
        done_height = int(unit * theme.FOOT)
        rows = (len(self.choices) + COLUMNS - 1) // COLUMNS
        area_height = min(rows * unit * 4, layout.height - top - done_height - 2 * margin - unit)
        area = pygame.Rect(left, top, width, area_height)
        # The computer's language gets a row of its own, the languages share rows two by two.
        cells = grid(pygame.Rect(left, top, width, area.height), COLUMNS, rows, unit)
        first = cells[0].union(cells[1])
        for button, rect in zip(self.buttons, [first, *cells[2:]], strict=False):
            button.rect = rect
        done_width = min(unit * 14, width)
        self.done_button.rect = pygame.Rect(
            layout.screen.centerx - done_width // 2, area.bottom + unit, done_width, done_height
        )

    def draw(self, surface: pygame.Surface) -> None:
        assets = self.ctx.assets
        surface.fill(theme.BACKGROUND)
        draw_text(surface, assets, _("Language"), self.title_size, self.title_pos, theme.INK, bold=True)
        for code, button in zip(self.choices, self.buttons, strict=False):
            button.draw(surface, assets, self.button_size)
            if code == self.ctx.window.language_setting:
                # A tick as well as the colour, for colour-blind eyes and washed-out projectors.
                radius = button.rect.height * 0.3
                draw_badge(surface, (button.rect.x + button.rect.height * 0.5, button.rect.centery), radius, True)
        self.done_button.draw(surface, assets, self.button_size)
