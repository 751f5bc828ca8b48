"""Widgets: big, friendly buttons that work with a mouse, a finger or the keyboard, and the small
containers that place them. A widget owns its place and whether it is shown: a scene (or a
container) places it, and hides it with `hide`, never by shrinking its rect to nothing."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ... import i18n
from . import theme
from .assets import Assets
from .layout import MIN_TEXT_PX
from .text_flow import largest_size, shortened, text_width


class Widget:
    """Something on the screen with a place of its own. Placing it (`place`, or setting its
    `rect`) shows it; `hide` takes it off the screen until it is placed again. A widget not yet
    placed is hidden, so nothing draws or answers a click at the window's corner."""

    def __init__(self) -> None:
        self._rect = pygame.Rect(0, 0, 0, 0)
        self.shown = False

    @property
    def rect(self) -> pygame.Rect:
        return self._rect

    @rect.setter
    def rect(self, rect: pygame.Rect) -> None:
        self.place(rect)

    @property
    def hidden(self) -> bool:
        return not self.shown

    def place(self, rect: pygame.Rect) -> None:
        self._rect = rect
        self.shown = True

    def hide(self) -> None:
        self.shown = False

    def place_if(self, shown: bool, rect: pygame.Rect) -> None:
        """Placed at `rect` when `shown`, else hidden: a widget some states of a screen leave out."""
        if shown:
            self.place(rect)
        else:
            self.hide()

    def measure(self, assets: Assets, font_size: int, height: int) -> int:
        """The least width at which this widget, `height` high, shows its content whole at
        `font_size` (a container gives it at least this much, or a smaller font)."""
        return height

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surface: pygame.Surface, assets: Assets, font_size: int) -> None:
        """Draws nothing: a subclass draws itself when shown."""


def focus_ring(surface: pygame.Surface, rect: pygame.Rect) -> pygame.Rect:
    """The ring around what the keys (or a switch's scan) would press now; the area it covers."""
    width = max(3, rect.height // 12)
    radius = max(6, rect.height // 4)
    ring = rect.inflate(width * 3, width * 3)
    pygame.draw.rect(surface, theme.INK, ring, width, border_radius=radius + width)
    return ring


class Button(Widget):
    """A labelled button. Its label reads in the language in use (`i18n.in_language_now`), so
    that an open screen's buttons follow the class's language when it changes; a screen that
    puts words together in a label makes it again in its `language_changed`."""

    def __init__(
        self,
        label: str,
        action: Callable[[], None],
        color: theme.Color = theme.BUTTON,
        enabled: bool = True,
    ) -> None:
        super().__init__()
        self.label = label
        self.action = action
        self.color = color
        self.enabled = enabled
        self.pressed = False
        self.focused = False
        self.attention = 0.0  # 0..1: how strongly the button pulses to draw the eye
        self.floor = MIN_TEXT_PX  # the least size its label shrinks to (a child's button: MIN_FONT)

    @property
    def label(self) -> str:
        return i18n.in_language_now(self._label, self._made_in)

    @label.setter
    def label(self, text: str) -> None:
        self._label, self._made_in = text, i18n.language()

    def measure(self, assets: Assets, font_size: int, height: int) -> int:
        """The label's width at `font_size` with the room `draw` keeps clear around it."""
        return text_width(assets, self.label, font_size, bold=True) + self._padding(height)

    @staticmethod
    def _padding(height: int) -> int:
        return max(12, height // 3)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event was this button's (and its action has run)."""
        if not self.enabled or not self.shown:
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
        if not self.shown:
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
            focus_ring(surface, self.rect)
        room = body.width - self._padding(body.height)
        # A long label first gets a smaller font, down to two thirds (never under the
        # button's floor); only then is it cut.
        size = largest_size(assets, self.label, font_size, room, max(self.floor, font_size * 2 // 3), bold=True)
        font = assets.font(size, bold=True)
        label = shortened(font, self.label, room)
        text = font.render(label, True, theme.WHITE if self.enabled else theme.DISABLED_INK)
        surface.blit(text, text.get_rect(center=body.center))


class ArrowButton(Button):
    """A big button with a white triangle pointing left or right, for turning pages."""

    def __init__(self, direction: int, action: Callable[[], None], color: theme.Color = theme.BUTTON) -> None:
        super().__init__("", action, color)
        self.direction = direction  # -1 left, 1 right

    def draw(self, surface: pygame.Surface, assets: Assets, font_size: int) -> None:
        super().draw(surface, assets, font_size)
        if not self.shown:
            return
        body = self.rect.move(0, max(2, self.rect.height // 14)) if self.pressed else self.rect
        half = min(body.width, body.height) * 0.28
        x, y = body.centerx, body.centery
        tip = (x + self.direction * half, y)
        back = x - self.direction * half * 0.8
        color = theme.WHITE if self.enabled else theme.DISABLED_INK
        pygame.draw.polygon(surface, color, [tip, (back, y - half), (back, y + half)])


class Grid:
    """Places widgets in `columns` equal cells a row, row by row, filling an area `rows` high;
    widgets past the last cell are hidden (a page shows what fits)."""

    def __init__(self, columns: int, rows: int, gap: int) -> None:
        self.columns = columns
        self.rows = rows
        self.gap = gap

    def place(self, area: pygame.Rect, widgets: Sequence[Widget]) -> None:
        cell_w = (area.width - self.gap * (self.columns - 1)) // self.columns
        cell_h = (area.height - self.gap * (self.rows - 1)) // self.rows
        for index, widget in enumerate(widgets):
            row, column = divmod(index, self.columns)
            x, y = area.x + column * (cell_w + self.gap), area.y + row * (cell_h + self.gap)
            widget.place_if(row < self.rows, pygame.Rect(x, y, cell_w, cell_h))


def in_rows(buttons: list[Button], font: pygame.font.Font, area: pygame.Rect, y: int, height: int, gap: int) -> int:
    """`buttons` from `y` in rows across `area`, each as wide as its words with room for a finger
    each side (at most the area's width), a row going on under when the next would end past its
    right; the teacher's screens' buttons of a list. Gives the y under the last row."""
    x = area.x
    for button in buttons:
        width = min(area.width, font.size(button.label)[0] + height)
        if x > area.x and x + width > area.right:
            x, y = area.x, y + height + gap
        button.rect = pygame.Rect(x, y, width, height)
        x += width + 2 * gap
    return y + height
