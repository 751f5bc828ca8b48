"""“Quit?” with big Yes and No buttons, so a stray Escape does not end the game; its speaker
(where the computer has a voice) reads the question and the two answers."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...i18n import _
from ...words.screens import quit_question, spoken
from . import keys, theme
from .layout import Layout
from .read_aloud import SpeakerButton, speaker_size
from .scene import Scene
from .text_flow import draw_text
from .widgets import Button

if TYPE_CHECKING:
    from .context import SceneContext


NO = keys.Binding((pygame.K_ESCAPE, pygame.K_n), "back")
YES = keys.Binding((pygame.K_y,), "quit_window")


class QuitScene(Scene):
    KEYS = (NO, YES, *keys.FOCUS)

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        self.yes = Button("", self.ctx.window.quit, theme.WRONG)
        self.no = Button("", self.ctx.nav.back, theme.BUTTON_ACCENT)
        self.speaker_button = SpeakerButton(self.read_words)  # for a child who cannot read
        self.language_changed()
        self.buttons = [self.no, self.yes]
        self.buttons += [self.speaker_button] if self.ctx.read_aloud.available else []  # none without a voice
        self.focus = 0
        self.no.focused = True

    def enter(self) -> None:
        super().enter()
        self.ctx.read_aloud.say(quit_question())  # a child who cannot read hears what she is asked

    def language_changed(self) -> None:
        self.yes.label, self.no.label = _("Yes, quit"), _("No, keep playing")

    def read_words(self) -> None:
        """The speaker: the question, then the answers in the order they are scanned."""
        self.ctx.read_aloud.read(spoken(quit_question(), [self.no.label, self.yes.label]))

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        self.layout = layout
        unit = layout.unit
        width, height = min(layout.width - 2 * layout.margin, unit * 28), layout.target(4)
        gap = unit
        center = layout.screen.center
        side, corner = speaker_size(unit), layout.screen.inflate(-2 * layout.margin, -2 * layout.margin)
        self.speaker_button.rect = pygame.Rect(corner.right - side, corner.y, side, side)
        if not layout.landscape:  # upright: one above the other, each as wide as the window allows
            self.no.rect = pygame.Rect(center[0] - width // 2, center[1], width, height)
            self.yes.rect = self.no.rect.move(0, height + gap)
            return
        self.no.rect = pygame.Rect(center[0] - width // 2, center[1], (width - gap) // 2, height)
        self.yes.rect = pygame.Rect(self.no.rect.right + gap, center[1], (width - gap) // 2, height)

    def quit_window(self) -> None:
        self.ctx.window.quit()

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        surface.fill(theme.BACKGROUND)
        draw_text(
            surface,
            self.ctx.assets,
            quit_question(),
            layout.text(3),
            (layout.screen.centerx, self.no.rect.y - layout.unit * 3),
            theme.INK,
            bold=True,
            anchor="center",
        )
        for button in self.buttons:
            button.draw(surface, self.ctx.assets, layout.text(1.5))
