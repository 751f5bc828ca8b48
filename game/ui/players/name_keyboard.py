"""The on-screen keyboard of "Who is playing?": a child at a whiteboard or a tablet has no
keyboard, so the scene draws its own, with big letter keys in alphabetical order, which young
children find faster than QWERTY.

Letter rows are in the alphabet of the game's language, with Delete filling the end of the last
one, and a bottom row of Cancel, Space and OK. A language written in two alphabets (Ukrainian,
and the Latin letters of many names in its classes) gets a page for each, its own first, and a
key in the bottom row, labelled with the other page's first letters, that turns to it: a
Cyrillic letter never stands beside its Latin look-alike. Every page has the same grid of keys,
so the keys stay the same size when the page turns.

Letters are at a child's size wherever the keys are tall enough; the words on the keys (Delete,
Space, Cancel, OK) at the largest size at which each is shown whole, never under the smallest
size of any text. A key with a word is wider than two keys where its word needs it (Abbrechen,
Скасувати in a window held upright), and Delete gets a row of its own when the last row of
letters leaves it too little room. A window held upright has height to spare, so it gets fewer
keys a row, in more rows, where that makes the keys larger.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from ... import i18n
from ...i18n import _
from ..core import theme
from ..core.assets import Assets
from ..core.layout import CHILD_TEXT_SIZE, MIN_TARGET_PX, MIN_TEXT_PX, Layout
from ..core.text_flow import draw_text, fitted_font, largest_size_for, text_width
from ..core.widgets import Button

SPACE = "space"
BACKSPACE = "backspace"
ALPHABET = "alphabet"  # the key that turns to the other alphabet's page
KEY_SHADOW: theme.Color = (205, 194, 172)


def page_rows(language: str, most: int = 10, delete_keys: int = 2) -> list[list[list[str]]]:
    """The on-screen keyboard's pages of letters for `language`, row by row: seven keys a row
    for alphabets of about 26 letters, ten for a longer one (Ukrainian: 34), the same on every
    page, and room for Delete (`delete_keys` keys wide) at the end of each page's last row, else
    a row of its own. Never more than `most` a row (a narrow window's, where more would be under
    a finger's size)."""
    alphabets = i18n.keyboard_alphabets(language)
    per_row = max(1, min(most, 7 if max(len(letters) for letters in alphabets) <= 28 else 10))
    pages = []
    for letters in alphabets:
        rows = [letters[start : start + per_row] for start in range(0, len(letters), per_row)]
        if per_row - len(rows[-1]) < min(delete_keys, per_row):
            rows.append([])
        pages.append(rows)
    return pages


class Key(Button):
    """A key of the on-screen keyboard. Only the mouse or a finger presses it: Tab skips the
    keys, because whoever can press Tab types on the real keyboard."""

    def __init__(self, name: str, label: str, action: Callable[[], None], color: theme.Color = theme.WHITE) -> None:
        super().__init__(label, action, color)
        self.name = name

    def draw(self, surface: pygame.Surface, assets: Assets, font_size: int) -> None:
        rect = self.rect
        if not self.shown:
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

    @property
    def icon_width(self) -> int:
        """Delete's arrow and the room after it."""
        return int(self.rect.height * 0.4) * 3 // 2 if self.name == BACKSPACE else 0

    @property
    def label_room(self) -> int:
        """How wide the word on the key may be."""
        return self.rect.width - 2 * max(4, self.rect.height // 6) - self.icon_width

    def _draw_word(
        self, surface: pygame.Surface, assets: Assets, font_size: int, body: pygame.Rect, ink: theme.Color
    ) -> None:
        """Delete (with its arrow), Space (with its bracket) and the other alphabet's key."""
        icon = self.icon_width
        font, label = fitted_font(assets, self.label, font_size, self.label_room, MIN_TEXT_PX)
        image = font.render(label, True, ink)
        left = body.centerx - (image.get_width() + icon) // 2
        if icon:
            arrow = icon * 2 // 3
            draw_left_arrow(surface, pygame.Rect(left, body.centery - arrow // 2, arrow, arrow), ink)
        text_rect = surface.blit(image, image.get_rect(midleft=(left + icon, body.centery)))
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
    """The keys, by letter, SPACE, BACKSPACE and ALPHABET (where there are two alphabets), and
    where they and the name box above them go."""

    def __init__(
        self, press_letter: Callable[[str], None], press_space: Callable[[], None], delete_letter: Callable[[], None]
    ) -> None:
        self.press_letter = press_letter
        self.press_space = press_space
        self.delete_letter = delete_letter
        self.pages: list[list[list[str]]] = []
        self.letters: list[str] = []  # on every page
        self.page = 0
        self.keys: dict[str, Key] = {}
        self.key_font = self.word_font = 0
        self.grid = pygame.Rect(0, 0, 0, 0)  # where the letter rows start, and how wide they are
        self.key_size = (0, 0)
        self.key_gap = 0

    @property
    def rows(self) -> list[list[str]]:
        """The letter rows of the page shown."""
        return self.pages[self.page]

    def make_keys(self) -> None:
        """The keys for the game's language, with their words in it, on its own alphabet's page;
        the keys of another page are there too, out of sight (no room) until it is turned to."""
        self.pages = page_rows(i18n.language())
        self.page = 0
        self.letters = [letter for page in self.pages for row in page for letter in row]
        self.keys = {letter: Key(letter, letter, partial(self.press_letter, letter)) for letter in self.letters}
        self.keys[SPACE] = Key(SPACE, _("Space"), self.press_space)
        self.keys[BACKSPACE] = Key(BACKSPACE, _("Delete"), self.delete_letter, theme.BUTTON_WARM)
        if len(self.pages) > 1:
            self.keys[ALPHABET] = Key(ALPHABET, "", self.turn_page)
            self._name_alphabet_key()

    def _name_alphabet_key(self) -> None:
        """Named by the first letters of the page it turns to: "ABC", or "АБВ" to go back."""
        following = self.pages[(self.page + 1) % len(self.pages)]
        self.keys[ALPHABET].label = "".join(following[0][:3])

    def turn_page(self) -> None:
        """The other alphabet, in the same grid of keys."""
        self.page = (self.page + 1) % len(self.pages)
        self._name_alphabet_key()
        self._place_keys()

    def place(
        self,
        area: pygame.Rect,
        layout: Layout,
        note_height: int,
        gap: int,
        buttons: tuple[Button, Button],
        assets: Assets,
    ) -> pygame.Rect:
        """The name box, room for the hint line under it, then the keyboard with Cancel and OK
        (`buttons`), as big as `area` allows; gives the name box."""
        unit = layout.held_to_height().unit  # the box does not grow with a wider window of the same height
        # Wider than a key's shadow (a twelfth of its height), so the rows never touch.
        self.key_gap = max(6, min(layout.width, layout.height) // 60)
        most = (area.width + self.key_gap) // (MIN_TARGET_PX + self.key_gap)
        # A window held upright has height to spare: fewer keys a row, in more rows, may make
        # every key larger for a child's finger. The largest keys win, the most a row if equal.
        best, side = most, -1
        for per_row in [most] if layout.landscape else range(most, min(most, 6) - 1, -1):
            self._place_letters(area, unit, note_height, gap, per_row, assets)
            if min(self.key_size) > side:
                best, side = per_row, min(self.key_size)
        box = self._place_letters(area, unit, note_height, gap, best, assets)
        rows = max(len(page) for page in self.pages) + 1
        key_height = self.key_size[1]
        # A child's size for the letters where the keys are tall enough, larger on larger keys.
        self.key_font = max(MIN_TEXT_PX, key_height * 3 // 5, min(CHILD_TEXT_SIZE, key_height * 3 // 4))
        largest = max(key_height // 2, min(CHILD_TEXT_SIZE, key_height * 3 // 4))
        self._place_bottom_row(rows, buttons, assets, largest)
        self.word_font = self._word_size(assets, buttons, largest)
        return box

    def _place_letters(
        self, area: pygame.Rect, unit: int, note_height: int, gap: int, most: int, assets: Assets
    ) -> pygame.Rect:
        """The pages' rows of at most `most` letters, and the keys' size for them; gives the
        name box. Delete as wide as its word needs may take a row of its own, and so make every
        key smaller: a few rounds settle it."""
        delete_keys = 2
        for _round in range(3):
            self.pages = page_rows(i18n.language(), most, delete_keys)
            box = self._place_rows(area, unit, note_height, gap)
            needed = self._keys_for_delete(assets)
            if needed <= delete_keys:
                break
            delete_keys = needed
        return box

    def _place_rows(self, area: pygame.Rect, unit: int, note_height: int, gap: int) -> pygame.Rect:
        """The size of a key and where the grid of keys starts, for the pages' rows; gives the
        name box."""
        key_gap = self.key_gap
        rows = max(len(page) for page in self.pages) + 1
        per_row = max(len(row) for page in self.pages for row in page)
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
        self.grid = pygame.Rect(box.x, box.bottom + note_height + gap, width, 0)
        self.key_size = (key_width, key_height)
        return box

    def _keys_for_delete(self, assets: Assets) -> int:
        """How many keys wide Delete must be for its word at a child's size."""
        (key_width, key_height), key_gap = self.key_size, self.key_gap
        delete = self.keys[BACKSPACE]
        delete.rect = pygame.Rect(0, 0, key_width, key_height)
        width = word_width(assets, delete, [delete.label], CHILD_TEXT_SIZE)
        return max(1, -(-(width + key_gap) // (key_width + key_gap)))

    def _place_bottom_row(self, rows: int, buttons: tuple[Button, Button], assets: Assets, largest: int) -> None:
        """Cancel, the other alphabet's key, Space, and OK under the letter rows, each at least
        two keys wide, or as wide as its word at the largest size up to `largest` (never under a
        child's) the row has room for, in a narrow window. Cancel and OK stand a little apart,
        so a child aiming at one of them does not press another."""
        cancel, ok = buttons
        (key_width, key_height), key_gap = self.key_size, self.key_gap
        y = self.grid.y + (rows - 1) * (key_height + key_gap)
        space = self.keys[SPACE]
        ends: list[tuple[Button, list[str]]] = [(cancel, [cancel.label])]
        if ALPHABET in self.keys:
            ends.append((self.keys[ALPHABET], ["".join(page[0][:3]) for page in self.pages]))
        ends.append((ok, [ok.label]))
        for button in [space, *(button for button, _labels in ends)]:
            button.rect = pygame.Rect(0, y, 0, key_height)
        room = self.grid.width - key_gap * (len(ends) + 2)
        for size in range(max(largest, CHILD_TEXT_SIZE), CHILD_TEXT_SIZE - 1, -1):
            least = [max(key_width, word_width(assets, button, labels, size)) for button, labels in ends]
            space_least = word_width(assets, space, [space.label], size)
            if sum(least) + space_least <= room:
                break
        widths = [max(2 * key_width + key_gap, width) for width in least]
        short = space_least - (room - sum(widths))
        # Too little room for Space's word: the alphabet's key gives first, then Cancel, OK last.
        for index in (*range(1, len(ends) - 1), 0, len(ends) - 1):
            given = max(0, min(short, widths[index] - least[index]))
            widths[index] -= given
            short -= given
        ok.rect = pygame.Rect(self.grid.right - widths[-1], y, widths[-1], key_height)
        cancel.rect = pygame.Rect(self.grid.x, y, widths[0], key_height)
        left = cancel.rect.right + 2 * key_gap
        if ALPHABET in self.keys:
            self.keys[ALPHABET].rect = pygame.Rect(left, y, widths[1], key_height)
            left += widths[1] + key_gap
        space.rect = pygame.Rect(left, y, ok.rect.x - 2 * key_gap - left, key_height)

    def _word_size(self, assets: Assets, buttons: tuple[Button, Button], largest: int) -> int:
        """The largest size, up to `largest`, at which the word on every key and button is
        whole on every page (Delete's room changes from page to page), never under the
        smallest size of any text."""
        shown, size = self.page, max(largest, MIN_TEXT_PX)
        for page in range(len(self.pages)):
            self.page = page
            self._place_keys()
            words = [
                (button.label, room(button)) for button in [*buttons, *self.keys.values()] if len(button.label) > 1
            ]
            size = largest_size_for(assets, words, size, bold=True)
        self.page = shown
        self._place_keys()
        return size

    def _place_keys(self) -> None:
        """The letter rows of the page shown, Delete at the end of the last one; the other
        pages' letters get no room."""
        (key_width, key_height), grid = self.key_size, self.grid
        step_x, step_y = key_width + self.key_gap, key_height + self.key_gap
        for letter in self.letters:
            self.keys[letter].hide()
        for row, letters in enumerate(self.rows):
            for column, letter in enumerate(letters):
                self.keys[letter].rect = pygame.Rect(
                    grid.x + column * step_x, grid.y + row * step_y, key_width, key_height
                )
        last = len(self.rows[-1])
        y = grid.y + (len(self.rows) - 1) * step_y
        self.keys[BACKSPACE].rect = pygame.Rect(grid.x + last * step_x, y, grid.width - last * step_x, key_height)

    def draw(self, surface: pygame.Surface, assets: Assets) -> None:
        for key in self.keys.values():
            key.draw(surface, assets, self.key_font if len(key.label) == 1 else self.word_font)


def word_width(assets: Assets, button: Button, labels: list[str], size: int) -> int:
    """How wide `button` (its height placed) must be for each of `labels` at `size`."""
    widest = max(text_width(assets, label, size, bold=True) for label in labels)
    return button.rect.width - room(button) + widest


def room(button: Button) -> int:
    """How wide the word on a key or button may be."""
    if isinstance(button, Key):
        return button.label_room
    return button.rect.width - max(12, button.rect.height // 3)  # as `Button.draw` leaves it
