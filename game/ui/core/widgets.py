"""Big, friendly buttons that work with a mouse, a finger or the keyboard."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame

from . import theme
from .assets import Assets
from .layout import MIN_TEXT_PX, fit_text


class Button:
    def __init__(
        self,
        label: str,
        action: Callable[[], None],
        color: theme.Color = theme.BUTTON,
        enabled: bool = True,
    ) -> None:
        self.label = label
        self.action = action
        self.color = color
        self.enabled = enabled
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.pressed = False
        self.focused = False
        self.attention = 0.0  # 0..1: how strongly the button pulses to draw the eye
        self.floor = MIN_TEXT_PX  # the least size its label shrinks to (a child's button: MIN_FONT)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event was this button's (and its action has run)."""
        if not self.enabled or self.rect.width == 0:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_pressed, self.pressed = self.pressed, False
            if was_pressed and self.rect.collidepoint(event.pos):
                self.action()
                return True
        return False

    def draw(self, surface: pygame.Surface, assets: Assets, font_size: int) -> None:
        if self.rect.width == 0:
            return
        color = self.color if self.enabled else theme.BUTTON_DISABLED
        if self.attention > 0:
            color = theme.lighter(color, 0.35 * self.attention)
        radius = max(6, self.rect.height // 4)
        depth = max(2, self.rect.height // 14)
        body = self.rect.move(0, depth) if self.pressed else self.rect
        pygame.draw.rect(surface, theme.darker(color, 0.35), self.rect.move(0, depth), border_radius=radius)
        pygame.draw.rect(surface, color, body, border_radius=radius)
        if self.focused or self.attention > 0:
            width = max(3, self.rect.height // 12)
            ring = self.rect.inflate(width * 3, width * 3)
            pygame.draw.rect(surface, theme.INK, ring, width, border_radius=radius + width)
        room = body.width - max(12, body.height // 3)
        size = font_size
        font = assets.font(size, bold=True)
        # A long label first gets a smaller font, down to two thirds (never under the
        # button's floor); only then is it cut.
        while font.size(self.label)[0] > room and size > max(self.floor, font_size * 2 // 3):
            size -= 1
            font = assets.font(size, bold=True)
        label = self.label
        while font.size(label)[0] > room and len(label) > 2:
            label = label[:-2] + "…"
        text = font.render(label, True, theme.WHITE if self.enabled else theme.DISABLED_INK)
        surface.blit(text, text.get_rect(center=body.center))


class ArrowButton(Button):
    """A big button with a white triangle pointing left or right, for turning pages."""

    def __init__(self, direction: int, action: Callable[[], None], color: theme.Color = theme.BUTTON) -> None:
        super().__init__("", action, color)
        self.direction = direction  # -1 left, 1 right

    def draw(self, surface: pygame.Surface, assets: Assets, font_size: int) -> None:
        super().draw(surface, assets, font_size)
        if self.rect.width == 0:
            return
        body = self.rect.move(0, max(2, self.rect.height // 14)) if self.pressed else self.rect
        half = min(body.width, body.height) * 0.28
        x, y = body.centerx, body.centery
        tip = (x + self.direction * half, y)
        back = x - self.direction * half * 0.8
        color = theme.WHITE if self.enabled else theme.DISABLED_INK
        pygame.draw.polygon(surface, color, [tip, (back, y - half), (back, y + half)])


PAGE_KEYS: Mapping[int, int] = {pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1}


def page_step(event: pygame.event.Event, keys: Mapping[int, int] = PAGE_KEYS) -> int:
    """The page an event turns to: -1 back (Page Up, the wheel rolled up), 1 on (Page Down, the
    wheel rolled down), 0 for any other event; `keys` may add keys of a scene's own."""
    if event.type == pygame.MOUSEWHEEL:
        return -1 if event.y > 0 else 1 if event.y < 0 else 0
    if event.type == pygame.KEYDOWN:
        return keys.get(event.key, 0)
    return 0


def draw_text(
    surface: pygame.Surface,
    assets: Assets,
    text: str,
    size: int,
    position: tuple[int, int],
    color: theme.Color = theme.INK,
    bold: bool = False,
    anchor: str = "topleft",
) -> pygame.Rect:
    image = assets.font(size, bold).render(text, True, color)
    rect = image.get_rect(**{anchor: position})
    surface.blit(image, rect)
    return rect


def fitted_block(
    assets: Assets, text: str, size: int, width: int, height: int, smallest: int = MIN_TEXT_PX, bold: bool = False
) -> tuple[int, list[str]]:
    """`text` wrapped to `width` at the largest size from `size` down to `smallest` whose lines
    fit in `height` (a word too long for a line is broken); at `smallest` the lines that fit
    (at least one), the last ending in "…"."""
    while True:
        font = assets.font(size, bold)
        lines = [part for line in fit_text(text, font, width) for part in broken(line, font, width)]
        fits = all(font.size(line)[0] <= width for line in fit_text(text, font, width))
        if (fits and len(lines) * font.get_linesize() <= height) or size <= smallest:
            break
        size -= 1
    room = max(1, height // font.get_linesize())
    if len(lines) > room:
        lines, last = lines[:room], lines[room - 1]
        while font.size(last + "…")[0] > width and len(last) > 1:
            last = last[:-1]
        lines[-1] = last.rstrip() + "…"
    return size, lines


def broken(line: str, font: pygame.font.Font, width: int) -> list[str]:
    """A line too wide for `width` (one long word) in pieces that fit, letter by letter."""
    pieces = [""]
    for char in line:
        if pieces[-1] and font.size(pieces[-1] + char)[0] > width:
            pieces.append("")
        pieces[-1] += char
    return pieces
