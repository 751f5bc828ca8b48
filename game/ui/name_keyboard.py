"""The on-screen keyboard of "Who is playing?": a child at a whiteboard or a tablet has no
keyboard, so the scene draws its own, with big letter keys in alphabetical order, which young
children find faster than QWERTY.

Letter rows are in the alphabet of the game's language, with Delete filling the end of the last
one, and a bottom row of Cancel, Space and OK.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from .. import i18n
from ..i18n import _
from . import theme
from .assets import Assets
from .layout import Layout
from .player_look import fitted_font
from .widgets import Button, draw_text

SPACE = "space"
BACKSPACE = "backspace"
KEY_SHADOW: theme.Color = (205, 194, 172)


def key_rows(language: str) -> list[list[str]]:
    """The on-screen keyboard's letters for `language`, row by row: seven keys a row for an
    alphabet of about 26 letters, ten for a longer one (Ukrainian and Latin: 60), and room for
    Delete (two keys wide) at the end of the last row."""
    letters = i18n.keyboard_letters(language)
    per_row = 7 if len(letters) <= 28 else 10
    rows = [letters[start : start + per_row] for start in range(0, len(letters), per_row)]
    if per_row - len(rows[-1]) < 2:
        rows.append([])
    return rows


class Key(Button):
    """A key of the on-screen keyboard. Only the mouse or a finger presses it: Tab skips the
    keys, because whoever can press Tab types on the real keyboard."""

    def __init__(self, name: str, label: str, action: Callable[[], None], color: theme.Color = theme.WHITE) -> None:
        super().__init__(label, action, color)
        self.name = name

    def draw(self, surface: pygame.Surface, assets: Assets, font_size: int) -> None:
        rect = self.rect
        if rect.width == 0:
            return
        radius = max(6, rect.height // 5)
        depth = max(3, rect.height // 12)
        body = rect.move(0, depth) if self.pressed else rect
        plain = self.color == theme.WHITE
        pygame.draw.rect(
            surface, KEY_SHADOW if plain else theme.darker(self.color, 0.35), rect.move(0, depth), border_radius=radius
        )
        pygame.draw.rect(surface, self.color, body, border_radius=radius)
        ink = theme.INK if plain else theme.WHITE
        if len(self.label) == 1:
            draw_text(
                surface,
                assets,
                self.label,
                font_size,
                (body.centerx, body.centery + font_size // 14),
                ink,
                bold=True,
                anchor="center",
            )
            return
        self._draw_word(surface, assets, font_size, body, ink)

    def _draw_word(
        self, surface: pygame.Surface, assets: Assets, font_size: int, body: pygame.Rect, ink: theme.Color
    ) -> None:
        """Delete (with its arrow) and Space (with its bracket)."""
        icon = int(body.height * 0.4) if self.name == BACKSPACE else 0
        pad = max(4, body.height // 6)
        font, label = fitted_font(assets, self.label, font_size, body.width - 2 * pad - icon * 3 // 2, 10)
        image = font.render(label, True, ink)
        left = body.centerx - (image.get_width() + icon * 3 // 2) // 2
        if icon:
            draw_left_arrow(surface, pygame.Rect(left, body.centery - icon // 2, icon, icon), ink)
        text_rect = surface.blit(image, image.get_rect(midleft=(left + icon * 3 // 2, body.centery)))
        if self.name == SPACE:
            # The bracket of a space bar, for children who cannot read the word yet.
            thick = max(2, font_size // 10)
            under = text_rect.inflate(thick * 4, 0)
            y = text_rect.bottom + thick
            points = [(under.x, y - font_size // 4), (under.x, y), (under.right, y), (under.right, y - font_size // 4)]
            pygame.draw.lines(surface, theme.SOFT_INK, False, points, thick)


def draw_left_arrow(surface: pygame.Surface, rect: pygame.Rect, color: theme.Color) -> None:
    """A fat arrow pointing left, filling `rect`: the default font has no arrow glyphs."""
    head = rect.height // 2
    shaft = max(2, rect.height // 5)
    x, y = rect.x, rect.centery
    points = [
        (x, y),
        (x + head, y - head),
        (x + head, y - shaft),
        (rect.right, y - shaft),
        (rect.right, y + shaft),
        (x + head, y + shaft),
        (x + head, y + head),
    ]
    pygame.draw.polygon(surface, color, points)


class OnScreenKeyboard:
    """The keys, by letter, SPACE and BACKSPACE, and where they and the name box above them go."""

    def __init__(
        self, press_letter: Callable[[str], None], press_space: Callable[[], None], delete_letter: Callable[[], None]
    ) -> None:
        self.press_letter = press_letter
        self.press_space = press_space
        self.delete_letter = delete_letter
        self.rows: list[list[str]] = []
        self.keys: dict[str, Key] = {}
        self.key_font = self.word_font = 0

    def make_keys(self) -> None:
        """The keys for the game's language, with their words in it."""
        self.rows = key_rows(i18n.language())
        self.keys = {
            letter: Key(letter, letter, partial(self.press_letter, letter)) for row in self.rows for letter in row
        }
        self.keys[SPACE] = Key(SPACE, _("Space"), self.press_space)
        self.keys[BACKSPACE] = Key(BACKSPACE, _("Delete"), self.delete_letter, theme.BUTTON_WARM)

    def place(
        self, area: pygame.Rect, layout: Layout, note_height: int, gap: int, cancel: Button, ok: Button
    ) -> pygame.Rect:
        """The name box, room for the hint line under it, then the keyboard with Cancel and OK,
        as big as `area` allows; gives the name box."""
        unit = layout.unit
        # Wider than a key's shadow (a twelfth of its height), so the rows never touch.
        key_gap = max(6, min(layout.width, layout.height) // 60)
        rows = len(self.rows) + 1
        per_row = max(len(row) for row in self.rows)
        room = area.height - note_height - gap - (rows - 1) * key_gap
        widest_key = (area.width - (per_row - 1) * key_gap) // per_row
        # The box is a little taller than a key, within limits; the keys take the rest.
        key_height = min(widest_key, int(room / (rows + 1.25)))
        box_height = max(unit * 3, min(int(unit * 4.4), key_height * 5 // 4))
        key_height = min(widest_key, (room - box_height) // rows)
        # Keys much wider than tall read as a row of buttons, so a short keyboard narrows.
        key_width = min(widest_key, key_height * 5 // 4)
        width = per_row * key_width + (per_row - 1) * key_gap
        total = box_height + note_height + gap + rows * key_height + (rows - 1) * key_gap
        top = area.y + max(0, (area.height - total) // 3)
        box = pygame.Rect(area.centerx - width // 2, top, width, box_height)
        self._place_keys(pygame.Rect(box.x, box.bottom + note_height + gap, width, 0), key_width, key_height, key_gap)
        # Cancel and OK stand a little apart from Space, so a child aiming at one of them
        # does not press another.
        y = self.keys[SPACE].rect.y
        button_width = 2 * key_width + key_gap
        cancel.rect = pygame.Rect(box.x, y, button_width, key_height)
        ok.rect = pygame.Rect(box.right - button_width, y, button_width, key_height)
        self.keys[SPACE].rect = pygame.Rect(
            cancel.rect.right + 2 * key_gap, y, width - 2 * button_width - 4 * key_gap, key_height
        )
        self.key_font = int(key_height * 0.6)
        self.word_font = int(key_height * 0.4)
        return box

    def _place_keys(self, rows_area: pygame.Rect, key_width: int, key_height: int, key_gap: int) -> None:
        """The letter rows from the top of `rows_area`, Delete at the end of the last one, and
        Space's row under them (its width is settled by `place`)."""
        step_x, step_y = key_width + key_gap, key_height + key_gap
        rows, top, width = len(self.rows) + 1, rows_area.y, rows_area.width
        for row, letters in enumerate(self.rows):
            for column, letter in enumerate(letters):
                self.keys[letter].rect = pygame.Rect(
                    rows_area.x + column * step_x, top + row * step_y, key_width, key_height
                )
        last = len(self.rows[-1])
        self.keys[BACKSPACE].rect = pygame.Rect(
            rows_area.x + last * step_x, top + (rows - 2) * step_y, width - last * step_x, key_height
        )
        self.keys[SPACE].rect = pygame.Rect(rows_area.x, top + (rows - 1) * step_y, 0, key_height)

    def draw(self, surface: pygame.Surface, assets: Assets) -> None:
        for key in self.keys.values():
            key.draw(surface, assets, self.key_font if len(key.label) == 1 else self.word_font)
