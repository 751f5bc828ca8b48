"""A button that passes only when held down for a while: the grown-up gate's first way through
(a tap, or a press let go early, does nothing); its fill shows how long is left."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..core import theme
from ..core.assets import Assets
from ..core.text_flow import draw_text, largest_size
from ..core.widgets import Button

HOLD_SECONDS = 3.0


class HoldButton(Button):
    """Passes only when held down for `HOLD_SECONDS`; the fill shows how long is left."""

    def __init__(self, label: str, passed: Callable[[], None]) -> None:
        super().__init__(label, lambda: None, theme.BUTTON)
        self.passed = passed
        self.held = 0.0

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.shown:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed, self.held = True, 0.0
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.let_go()
            return True
        return False

    def let_go(self) -> None:
        self.pressed, self.held = False, 0.0

    def update(self, dt: float) -> bool:
        """True when something changed on screen."""
        if not self.pressed:
            return False
        self.held += dt
        if self.held >= HOLD_SECONDS:
            self.let_go()
            self.passed()
        return True

    def draw(self, surface: pygame.Surface, assets: Assets, font_size: int) -> None:
        rect = self.rect
        if not self.shown:
            return
        radius = rect.height // 2
        pygame.draw.rect(surface, theme.darker(self.color, 0.35), rect.move(0, 4), border_radius=radius)
        pygame.draw.rect(surface, theme.lighter(self.color, 0.55), rect, border_radius=radius)
        share = min(1.0, self.held / HOLD_SECONDS)
        if share > 0:
            filled = rect.copy()
            filled.width = max(rect.height, int(rect.width * share))
            pygame.draw.rect(surface, self.color, filled, border_radius=radius)
        if self.focused:
            pygame.draw.rect(surface, theme.INK, rect.inflate(10, 10), 4, border_radius=radius + 5)
        self._draw_label(surface, assets, font_size)

    def _draw_label(self, surface: pygame.Surface, assets: Assets, font_size: int) -> None:
        """The label inside the button, in ink, smaller down to the floor while too wide."""
        room = self.rect.width - self.rect.height  # the round ends stay clear
        size = largest_size(assets, self.label, font_size, room, self.floor, bold=True)
        draw_text(surface, assets, self.label, size, self.rect.center, theme.INK, bold=True, anchor="center")
