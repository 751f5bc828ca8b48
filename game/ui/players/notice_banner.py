"""The yellow bar that tells the teacher something about the progress file, with a button that
puts it away."""

from __future__ import annotations

import pygame

from ..core import theme
from ..core.assets import Assets
from ..core.text_flow import draw_text, fit_text
from ..core.widgets import Button, Widget

BANNER: theme.Color = (255, 218, 90)


class NoticeBanner(Widget):
    """Where the bar, its "!", its lines and its button go, and how they look."""

    def __init__(self, dismiss_button: Button) -> None:
        super().__init__()
        self.dismiss_button = dismiss_button
        self.lines: list[str] = []
        self.text_pos = (0, 0)
        self.icon = (0, 0, 0)
        self.text_size = 0

    def fit(self, area: pygame.Rect, message: str, assets: Assets, unit: int, text_size: int, button_size: int) -> int:
        """The bar at the top of `area`, as tall as its lines; gives its bottom."""
        self.text_size = text_size
        pad = max(6, unit // 2)
        font = assets.font(text_size, bold=True)
        label_width = assets.font(button_size, bold=True).size(self.dismiss_button.label)[0]
        button_width = max(int(unit * 4.5), label_width + 2 * unit)
        icon = int(unit * 1.0)
        text_left = area.x + pad + 2 * icon + pad
        self.lines = fit_text(message, font, area.right - pad - button_width - pad - text_left)
        line_height = font.get_linesize()
        height = max(int(unit * 3), len(self.lines) * line_height + 2 * pad)
        self.rect = pygame.Rect(area.x, area.y, area.width, height)
        self.text_pos = (text_left, self.rect.centery - len(self.lines) * line_height // 2)
        self.icon = (area.x + pad + icon, self.rect.centery, icon)
        button_height = min(height - 2 * pad, int(unit * 2.4))
        self.dismiss_button.rect = pygame.Rect(
            self.rect.right - pad - button_width,
            self.rect.centery - button_height // 2,
            button_width,
            button_height,
        )
        return self.rect.bottom

    def draw(self, surface: pygame.Surface, assets: Assets, unit: int) -> None:
        if not self.shown:
            return
        radius = max(6, unit // 2)
        pygame.draw.rect(surface, BANNER, self.rect, border_radius=radius)
        pygame.draw.rect(surface, theme.darker(BANNER, 0.4), self.rect, max(2, unit // 8), border_radius=radius)
        x, y, icon = self.icon
        pygame.draw.circle(surface, theme.INK, (x, y), icon)
        draw_text(surface, assets, "!", int(icon * 1.7), (x, y + icon // 8), BANNER, bold=True, anchor="center")
        font = assets.font(self.text_size, bold=True)
        left, top = self.text_pos
        for line in self.lines:
            surface.blit(font.render(line, True, theme.INK), (left, top))
            top += font.get_linesize()
