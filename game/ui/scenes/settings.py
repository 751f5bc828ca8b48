"""Settings for the teacher: big On/Off switches that save at once, and Done.

A switch shows its state three ways, so that it reads on a washed-out projector and for
colour-blind eyes: the knob's side, a tick or a cross, and the word On or Off.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ... import i18n
from ...i18n import N_, _
from .. import theme
from ..assets import Assets
from ..layout import Layout
from ..scene import Scene
from ..widgets import Button, draw_text

if TYPE_CHECKING:
    from ..app import App

# (setting, label, one-line explanation)
TOGGLES: tuple[tuple[str, str, str], ...] = (
    ("sound", "Sound", "Play sounds for moves and wins. The M key mutes too."),
    ("show_moves", "Show the moves", "Mark the pieces that the picked piece can capture."),
    ("stuck_detection", "Stuck warning", "Say so as soon as the puzzle can no longer be solved."),
    ("hints_allowed", "Hints allowed", "Offer the Hint button. Switch off for a test."),
    ("chess_notation", N_("Chess notation"), N_("Show squares and moves like c3 and Qc4xc3, for chess clubs.")),
    ("read_aloud", N_("Read aloud"), N_("Read the messages aloud, for children who cannot read yet.")),
)
OFF_COLOR: theme.Color = (150, 152, 170)


def draw_tick(surface: pygame.Surface, center: tuple[int, int], size: int, color: theme.Color) -> None:
    x, y = center
    points = [(x - size, y), (x - size // 3, y + size * 2 // 3), (x + size, y - size * 2 // 3)]
    pygame.draw.lines(surface, color, False, points, max(3, size // 3))


def draw_cross(surface: pygame.Surface, center: tuple[int, int], size: int, color: theme.Color) -> None:
    x, y = center
    width = max(3, size // 3)
    pygame.draw.line(surface, color, (x - size, y - size), (x + size, y + size), width)
    pygame.draw.line(surface, color, (x - size, y + size), (x + size, y - size), width)


def draw_switch(surface: pygame.Surface, rect: pygame.Rect, on: bool) -> None:
    """A pill with a round knob: right and green with a tick when on, left and grey with a cross when off."""
    track = theme.TARGET if on else OFF_COLOR
    radius = rect.height // 2
    pygame.draw.rect(surface, theme.darker(track, 0.3), rect.move(0, max(2, rect.height // 14)), border_radius=radius)
    pygame.draw.rect(surface, track, rect, border_radius=radius)
    knob = radius - max(3, rect.height // 10)
    mark = rect.height // 5
    if on:
        draw_tick(surface, (rect.x + radius, rect.centery), mark, theme.WHITE)
        pygame.draw.circle(surface, theme.WHITE, (rect.right - radius, rect.centery), knob)
    else:
        draw_cross(surface, (rect.right - radius, rect.centery), mark, theme.WHITE)
        pygame.draw.circle(surface, theme.WHITE, (rect.x + radius, rect.centery), knob)


class Toggle(Button):
    """A whole row that flips one setting: the switch, On/Off, the name and a line about it."""

    def __init__(self, label: str, explanation: str, value: Callable[[], bool], flip: Callable[[], None]) -> None:
        super().__init__(label, flip, theme.WHITE)
        self.explanation = explanation
        self.value = value

    def draw(self, surface: pygame.Surface, assets: Assets, font_size: int) -> None:
        rect = self.rect
        if rect.width == 0:
            return
        on = self.value()
        radius = max(6, rect.height // 5)
        pygame.draw.rect(surface, theme.PANEL if self.pressed else theme.WHITE, rect, border_radius=radius)
        edge = theme.INK if self.focused else theme.lighter(theme.SOFT_INK, 0.5)
        pygame.draw.rect(surface, edge, rect, max(4, rect.height // 14) if self.focused else 2, border_radius=radius)
        pad = max(6, rect.height // 5)
        switch_height = min(rect.height - 2 * pad, int(font_size * 1.7))
        switch = pygame.Rect(rect.x + pad, rect.centery - switch_height // 2, switch_height * 2, switch_height)
        draw_switch(surface, switch, on)
        word_font = assets.font(font_size, bold=True)
        word_left = switch.right + pad // 2
        draw_text(
            surface,
            assets,
            "On" if on else "Off",
            font_size,
            (word_left, rect.centery),
            theme.TARGET if on else theme.SOFT_INK,
            bold=True,
            anchor="midleft",
        )
        left = word_left + word_font.size("Off")[0] + pad
        width = rect.right - pad - left
        small = max(12, int(font_size * 0.75))
        while small > 12 and assets.font(small).size(self.explanation)[0] > width:
            small -= 1
        label_font = assets.font(font_size, bold=True)
        gap = small // 4
        top = rect.centery - (label_font.get_height() + gap + assets.font(small).get_height()) // 2
        draw_text(surface, assets, self.label, font_size, (left, top), theme.INK, bold=True)
        draw_text(surface, assets, self.explanation, small, (left, top + label_font.get_height() + gap), theme.SOFT_INK)


class SettingsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.toggles = [self._toggle(name, label, explanation) for name, label, explanation in TOGGLES]
        self.done_button = Button("Done", app.pop, theme.BUTTON_ACCENT)
        self.language_button = Button(self._language_label(), self.choose_language, theme.BUTTON)
        self.rows: list[Button] = [*self.toggles, self.language_button]
        self.buttons = [*self.rows, self.done_button]

    def _language_label(self) -> str:
        return _("Language: {language}").format(language=i18n.LANGUAGES[i18n.language().split("_")[0]])

    def choose_language(self) -> None:
        from .language import LanguageScene

        self.app.push(LanguageScene(self.app))

    def language_changed(self) -> None:
        self.language_button.label = self._language_label()

    def _toggle(self, name: str, label: str, explanation: str) -> Toggle:
        def value() -> bool:
            return bool(getattr(self.app.settings, name))

        return Toggle(label, explanation, value, lambda: self.flip(name))

    def flip(self, name: str) -> None:
        if name == "sound":
            # Through the app, so the mixer is muted or unmuted along with the setting.
            self.app.toggle_sound()
        else:
            self.app.store.set_setting(name, not getattr(self.app.settings, name))
        self.dirty = True

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        self.layout = layout
        unit, m = layout.unit, layout.margin
        gap = max(6, unit // 2)
        screen = layout.screen.inflate(-2 * m, -2 * m)
        self.title_size = int(unit * 2.6)
        self.text_size = int(unit * 1.1)
        self.button_size = int(unit * 1.4)
        width = min(screen.width, unit * 36)
        left = layout.screen.centerx - width // 2
        self.title_pos = (left, screen.y)
        self.subtitle_pos = (left, screen.y + int(self.title_size * 0.8))
        top = self.subtitle_pos[1] + int(self.text_size * 1.4) + gap
        done_height = int(unit * 3.2)
        # Room under the switches for one line of warning, then Done.
        below = gap + self.text_size + gap + done_height
        count = len(self.rows)
        row_height = min(int(unit * 5), (screen.bottom - below - top - gap * (count - 1)) // count)
        self.toggle_size = min(int(unit * 1.6), int(row_height * 0.34))
        for index, row in enumerate(self.rows):
            row.rect = pygame.Rect(left, top + index * (row_height + gap), width, row_height)
        rows_bottom = self.rows[-1].rect.bottom
        self.warning_y = rows_bottom + gap + self.text_size // 2
        done_width = min(unit * 14, width)
        self.done_button.rect = pygame.Rect(
            layout.screen.centerx - done_width // 2, rows_bottom + below - done_height, done_width, done_height
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        surface.fill(theme.BACKGROUND)
        draw_text(surface, assets, "Settings", self.title_size, self.title_pos, theme.INK, bold=True)
        draw_text(
            surface,
            assets,
            "For the teacher. They count for every player on this computer.",
            self.text_size,
            self.subtitle_pos,
            theme.SOFT_INK,
            bold=True,
        )
        for toggle in self.toggles:
            toggle.draw(surface, assets, self.toggle_size)
        self.language_button.draw(surface, assets, self.toggle_size)
        if self.app.store.warning:
            draw_text(
                surface,
                assets,
                self.app.store.warning,
                self.text_size,
                (self.layout.screen.centerx, self.warning_y),
                theme.WRONG,
                bold=True,
                anchor="center",
            )
        self.done_button.draw(surface, assets, self.button_size)
