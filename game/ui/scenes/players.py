"""“Who is playing?”: a big name card for each child of the class, in alphabetical order
(so a name keeps its place from one day to the next), with the picture she chose when her
name was added; pages with big arrows, the wheel or the keys; a way to add a new name.
The sound switch stays out here for the children; the teacher's screens are behind the gate.

Typing reads TEXTINPUT events rather than key codes, so on-screen keyboards, input methods
and every alphabet work; KEYDOWN is only used for Backspace, Enter and Escape. A child at a
whiteboard or a tablet has no keyboard, so the scene draws its own: big letter keys in
alphabetical order, which young children find faster than QWERTY.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.i18n import _
from game.store.progress import MAX_NAME_LENGTH, clean_name
from game.ui import theme
from game.ui.assets import Assets
from game.ui.avatars import (
    AvatarButton,
    avatar_buttons,
    draw_avatar,
    fitted_font,
    place_avatars,
    player_color,
)
from game.ui.layout import Layout, fit_text
from game.ui.scene import Scene
from game.ui.scenes.class_progress import ClassScene
from game.ui.scenes.gate import through_gate
from game.ui.scenes.level_select import LevelSelectScene
from game.ui.scenes.settings import SettingsScene
from game.ui.widgets import Button, draw_text

if TYPE_CHECKING:
    from game.ui.app import App

BANNER: theme.Color = (255, 218, 90)
CURSOR_BLINK = 0.5  # seconds per half blink; the idle loop wakes every 0.25 s, often enough

# The on-screen keyboard: letter rows in the alphabet of the game's language, with Delete
# filling the end of the last one, and a bottom row of Cancel, Space and OK.
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


class PlayerButton(Button):
    """A name card: the child's colour, an avatar disc and the name."""

    def __init__(self, name: str, avatar: str, action: Callable[[], None]) -> None:
        super().__init__(name, action, player_color(name))
        self.avatar = avatar

    def draw(self, surface: pygame.Surface, assets: Assets, font_size: int) -> None:
        rect = self.rect
        if rect.width == 0:
            return
        radius = max(6, rect.height // 4)
        depth = max(2, rect.height // 14)
        body = rect.move(0, depth // 2) if self.pressed else rect
        if not self.pressed:
            pygame.draw.rect(surface, theme.darker(self.color, 0.35), rect.move(0, depth), border_radius=radius)
        pygame.draw.rect(surface, self.color, body, border_radius=radius)
        if self.focused:
            width = max(3, rect.height // 12)
            pygame.draw.rect(
                surface, theme.INK, rect.inflate(width * 3, width * 3), width, border_radius=radius + width
            )
        avatar = int(body.height * 0.34)
        pad = max(4, body.height // 7)
        center = (body.x + pad + avatar, body.centery)
        draw_avatar(surface, assets, self.avatar, self.label, center, avatar, theme.WHITE, self.color)
        left = center[0] + avatar + pad
        font, text = fitted_font(assets, self.label, font_size, body.right - pad - left, max(12, font_size * 2 // 3))
        image = font.render(text, True, theme.WHITE)
        surface.blit(image, image.get_rect(midleft=(left, body.centery + depth // 3)))


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


class PlayersScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.typing = False
        self.takes_text = False
        self.text = ""
        self.error = ""
        self.message: str | None = None  # the notice or warning shown in the yellow bar
        self.dismissed: set[str] = set()
        self.page = 0
        self.pages = 1
        self.cards: dict[str, PlayerButton] = {}  # by name, so keyboard focus survives a re-layout
        self.page_cards: list[PlayerButton] = []
        self.card_font = 0
        self.new_font = 0
        self.cursor_clock = 0.0
        self.text_input_on = False
        self.picking: str | None = None  # a new name waiting for her picture
        self.new_button = Button("", self.start_typing, theme.BUTTON_ACCENT)
        self.back_button = Button("", lambda: self.turn_page(-1), theme.BUTTON)
        self.more_button = Button("", lambda: self.turn_page(1), theme.BUTTON)
        self.settings_button = Button("", self.open_settings, theme.BUTTON_QUIET)
        self.class_button = Button("", self.open_class, theme.BUTTON_QUIET)
        self.sound_button = Button("", self.flip_sound, theme.BUTTON)
        self.help_button = Button("", app.show_help, theme.BUTTON_QUIET)
        self.ok_button = Button("", self.submit, theme.BUTTON_ACCENT)
        self.cancel_button = Button("", self.stop_typing, theme.BUTTON_QUIET)
        self.dismiss_button = Button("", self.dismiss_message, theme.INK)
        self.pictures = avatar_buttons(self.pick_picture)
        self.key_rows: list[list[str]] = []
        self.keys: dict[str, Key] = {}
        self.language_changed()
        self.key_font = self.word_font = 0
        self.box = pygame.Rect(0, 0, 0, 0)
        self.banner = pygame.Rect(0, 0, 0, 0)
        if not app.store.players():
            self._set_typing(True)

    # Lifecycle ----------------------------------------------------------------------------

    def leave(self) -> None:
        super().leave()
        self._text_input(False)

    def language_changed(self) -> None:
        for button, label in (
            (self.new_button, _("+ New player")),
            (self.back_button, _("‹ Back")),
            (self.more_button, _("More ›")),
            (self.settings_button, _("Settings")),
            (self.class_button, _("Class")),
            (self.help_button, _("Help")),
            (self.ok_button, _("OK")),
            (self.cancel_button, _("Cancel")),
            (self.dismiss_button, _("Got it")),
        ):
            button.label = label
        self._make_keys()
        self.dirty = True

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        self.layout = layout
        self._take_message()
        unit, m = layout.unit, layout.margin
        screen = layout.screen.inflate(-2 * m, -2 * m)
        self.gap = gap = max(6, unit // 2)
        self.title_size = int(unit * 2.6)
        self.button_size = int(unit * 1.3)
        self.text_size = int(unit * 1.15)
        for button in self._all_buttons():
            button.rect = pygame.Rect(0, 0, 0, 0)

        bar_height = int(unit * 2.6)
        label_font = self.app.assets.font(self.button_size, bold=True)
        right = screen.right
        self.sound_button.label = _("Sound: on") if self.app.settings.sound else _("Sound: off")
        if not self.typing and self.picking is None:
            for button in (self.help_button, self.settings_button, self.class_button, self.sound_button):
                width = max(int(unit * 5), label_font.size(button.label)[0] + 2 * unit)
                button.rect = pygame.Rect(right - width, screen.y, width, bar_height)
                right -= width + gap
        title_width = self.app.assets.font(self.title_size, bold=True).size(self.title)[0]
        centered_left = layout.screen.centerx - title_width // 2
        title_left = centered_left if centered_left + title_width + gap <= right else screen.x
        self.title_pos = (title_left, screen.y + bar_height // 2)
        top = screen.y + bar_height + gap

        self.banner = pygame.Rect(0, 0, 0, 0)
        if self.message:
            top = self._place_banner(pygame.Rect(screen.x, top, screen.width, 0)) + gap

        if self.picking is not None:
            self._place_pictures(pygame.Rect(screen.x, top, screen.width, screen.bottom - top))
        elif self.typing:
            self._place_typing(pygame.Rect(screen.x, top, screen.width, screen.bottom - top))
        else:
            self._place_cards(pygame.Rect(screen.x, top, screen.width, screen.bottom - top))
        self._update_buttons()

    def _place_banner(self, area: pygame.Rect) -> int:
        unit = self.layout.unit
        pad = max(6, unit // 2)
        font = self.app.assets.font(self.text_size, bold=True)
        label_width = self.app.assets.font(self.button_size, bold=True).size(self.dismiss_button.label)[0]
        button_width = max(int(unit * 4.5), label_width + 2 * unit)
        icon = int(unit * 1.0)
        text_left = area.x + pad + 2 * icon + pad
        self.banner_lines = fit_text(self.message or "", font, area.right - pad - button_width - pad - text_left)
        line_height = font.get_linesize()
        height = max(int(unit * 3), len(self.banner_lines) * line_height + 2 * pad)
        self.banner = pygame.Rect(area.x, area.y, area.width, height)
        self.banner_text_pos = (text_left, self.banner.centery - len(self.banner_lines) * line_height // 2)
        self.banner_icon = (area.x + pad + icon, self.banner.centery, icon)
        button_height = min(height - 2 * pad, int(unit * 2.4))
        self.dismiss_button.rect = pygame.Rect(
            self.banner.right - pad - button_width,
            self.banner.centery - button_height // 2,
            button_width,
            button_height,
        )
        return self.banner.bottom

    def _make_keys(self) -> None:
        self.key_rows = key_rows(i18n.language())
        self.keys = {
            letter: Key(letter, letter, partial(self.press_letter, letter)) for row in self.key_rows for letter in row
        }
        self.keys[SPACE] = Key(SPACE, _("Space"), self.press_space)
        self.keys[BACKSPACE] = Key(BACKSPACE, _("Delete"), self.delete_letter, theme.BUTTON_WARM)

    def _place_typing(self, area: pygame.Rect) -> None:
        """The name box, the hint line under it, then the keyboard, as big as the room allows."""
        unit, gap = self.layout.unit, self.gap
        # Wider than a key's shadow (a twelfth of its height), so the rows never touch.
        key_gap = max(6, min(self.layout.width, self.layout.height) // 60)
        rows = len(self.key_rows) + 1
        per_row = max(len(row) for row in self.key_rows)
        self.note_height = int(self.text_size * 2)
        room = area.height - self.note_height - gap - (rows - 1) * key_gap
        widest_key = (area.width - (per_row - 1) * key_gap) // per_row
        # The box is a little taller than a key, within limits; the keys take the rest.
        key_height = min(widest_key, int(room / (rows + 1.25)))
        box_height = max(unit * 3, min(int(unit * 4.4), key_height * 5 // 4))
        key_height = min(widest_key, (room - box_height) // rows)
        # Keys much wider than tall read as a row of buttons, so a short keyboard narrows.
        key_width = min(widest_key, key_height * 5 // 4)
        width = per_row * key_width + (per_row - 1) * key_gap
        total = box_height + self.note_height + gap + rows * key_height + (rows - 1) * key_gap
        top = area.y + max(0, (area.height - total) // 3)
        self.box = pygame.Rect(area.centerx - width // 2, top, width, box_height)
        self.note_pos = (self.box.centerx, self.box.bottom + self.note_height // 2)

        step_x, step_y = key_width + key_gap, key_height + key_gap
        top = self.box.bottom + self.note_height + gap
        for row, letters in enumerate(self.key_rows):
            for column, letter in enumerate(letters):
                self.keys[letter].rect = pygame.Rect(
                    self.box.x + column * step_x, top + row * step_y, key_width, key_height
                )
        last = len(self.key_rows[-1])
        self.keys[BACKSPACE].rect = pygame.Rect(
            self.box.x + last * step_x, top + (rows - 2) * step_y, width - last * step_x, key_height
        )
        # Cancel and OK stand a little apart from Space, so a child aiming at one of them
        # does not press another.
        y = top + (rows - 1) * step_y
        button_width = 2 * key_width + key_gap
        self.cancel_button.rect = pygame.Rect(self.box.x, y, button_width, key_height)
        self.ok_button.rect = pygame.Rect(self.box.right - button_width, y, button_width, key_height)
        self.keys[SPACE].rect = pygame.Rect(
            self.cancel_button.rect.right + 2 * key_gap, y, width - 2 * button_width - 4 * key_gap, key_height
        )
        self.key_font = int(key_height * 0.6)
        self.word_font = int(key_height * 0.4)
        if self.text_input_on:
            pygame.key.set_text_input_rect(self.box)

    def _place_pictures(self, area: pygame.Rect) -> None:
        """The twelve pictures, then Cancel under them."""
        unit, gap = self.layout.unit, self.gap
        cancel_height = int(unit * 3.2)
        place_avatars(
            self.pictures, pygame.Rect(area.x, area.y, area.width, area.height - cancel_height - 2 * gap), 2 * gap
        )
        width = min(unit * 12, area.width)
        self.cancel_button.rect = pygame.Rect(
            area.centerx - width // 2, area.bottom - cancel_height, width, cancel_height
        )
        self.word_font = self.button_size

    def _place_cards(self, area: pygame.Rect) -> None:
        unit, gap = self.layout.unit, self.gap
        store = self.app.store
        names = store.players()
        self.cards = {name: self.cards.get(name) or self._card(name) for name in names}
        for name, card in self.cards.items():
            card.avatar = store.player(name).avatar  # the teacher may have changed it
        bottom_height = int(unit * 3.2)
        bottom = pygame.Rect(area.x, area.bottom - bottom_height, area.width, bottom_height)
        new_width = min(unit * 15, area.width // 2)
        self.new_button.rect = pygame.Rect(bottom.centerx - new_width // 2, bottom.y, new_width, bottom_height)
        self.new_font = self.button_size
        if not names:
            # Nothing else to press, so the one thing to do is big and in the middle.
            self.new_button.rect = pygame.Rect(0, 0, min(unit * 22, area.width), unit * 5)
            self.new_button.rect.center = area.center
            self.new_font = int(unit * 2)
        self.dots_y = bottom.y - gap - unit // 2
        grid_area = pygame.Rect(area.x, area.y, area.width, bottom.y - gap - unit - gap - area.y)
        per_page, rects = self._grid(grid_area, len(names))
        self.pages = max(1, math.ceil(len(names) / per_page))
        self.page = min(self.page, self.pages - 1)
        self.page_cards = [self.cards[name] for name in names[self.page * per_page : (self.page + 1) * per_page]]
        for card, rect in zip(self.page_cards, rects, strict=False):
            card.rect = rect
        self.card_font = min(int(rects[0].height * 0.42), int(unit * 2.2)) if rects else 0
        if self.pages > 1:
            page_width = min(unit * 9, (area.width - new_width) // 2 - gap)
            if self.page > 0:
                self.back_button.rect = pygame.Rect(bottom.x, bottom.y, page_width, bottom_height)
            if self.page < self.pages - 1:
                self.more_button.rect = pygame.Rect(bottom.right - page_width, bottom.y, page_width, bottom_height)

    def _grid(self, area: pygame.Rect, count: int) -> tuple[int, list[pygame.Rect]]:
        """How many cards fit on a page at a readable size, and where they go.

        Each page holds as many cards as fit without going below the smallest readable
        size; among the column counts that fit a page, the one giving the biggest names wins.
        """
        unit = self.layout.unit
        gap = max(8, unit * 2 // 3)  # wider than the card's shadow, so the cards never touch
        smallest_height, biggest_height = int(unit * 2.2), int(unit * 4.4)
        smallest_width, biggest_width = unit * 8, unit * 20
        most_columns = max(1, min(5, (area.width + gap) // (smallest_width + gap)))
        most_rows = max(1, (area.height + gap) // (smallest_height + gap))
        per_page = max(1, min(count, most_columns * most_rows))
        best: tuple[float, int, int, int, int] | None = None
        for columns in range(1, min(most_columns, per_page) + 1):
            rows = math.ceil(per_page / columns)
            if rows > most_rows:
                continue
            width = min(biggest_width, (area.width - gap * (columns - 1)) // columns)
            height = max(smallest_height, min(biggest_height, (area.height - gap * (rows - 1)) // rows))
            # A card needs about three heights of width for an avatar and a usual name.
            score = min(height, width / 3.2)
            if best is None or (score, columns) > best[:2]:
                best = (score, columns, rows, width, height)
        if best is None or count == 0:
            return per_page, []
        _, columns, rows, width, height = best
        left = area.centerx - (columns * width + (columns - 1) * gap) // 2
        top = area.y + max(0, (area.height - (rows * height + (rows - 1) * gap)) // 2)
        rects = [
            pygame.Rect(left + column * (width + gap), top + row * (height + gap), width, height)
            for row, column in (divmod(index, columns) for index in range(per_page))
        ]
        return per_page, rects

    def _card(self, name: str) -> PlayerButton:
        return PlayerButton(name, "", lambda: self.choose(name))

    def _all_buttons(self) -> list[Button]:
        return [
            *self.cards.values(),
            *self.keys.values(),
            self.new_button,
            self.back_button,
            self.more_button,
            self.settings_button,
            self.class_button,
            self.sound_button,
            self.help_button,
            self.ok_button,
            self.cancel_button,
            self.dismiss_button,
        ]

    def _update_buttons(self) -> None:
        """The buttons of the current mode in Tab order, keeping the focused one focused."""
        focused = self.buttons[self.focus] if self.focus is not None and self.focus < len(self.buttons) else None
        if self.picking is not None:
            buttons: list[Button] = [*self.pictures, self.cancel_button]
        elif self.typing:
            buttons = [self.ok_button, self.cancel_button]
        else:
            buttons = [
                *self.page_cards,
                self.back_button,
                self.new_button,
                self.more_button,
                self.sound_button,
                self.class_button,
                self.settings_button,
                self.help_button,
            ]
        buttons.append(self.dismiss_button)
        self.buttons = [button for button in buttons if button.rect.width]
        self.focus = self.buttons.index(focused) if focused in self.buttons else None
        for button in self._all_buttons():
            button.focused = button is focused and self.focus is not None

    # Messages -----------------------------------------------------------------------------

    def _take_message(self) -> None:
        store = self.app.store
        if self.message:
            return
        if store.notice:
            self.message = store.notice
            # Shown once: coming back to this screen later does not bring it back.
            store.notice = None
        elif store.warning and store.warning not in self.dismissed:
            self.message = store.warning

    def dismiss_message(self) -> None:
        if self.message:
            self.dismissed.add(self.message)
        self.message = None
        self.resize(self.layout)

    # Actions ------------------------------------------------------------------------------

    @property
    def title(self) -> str:
        if self.picking is not None:
            return _("Pick your picture")
        return _("What is your name?") if self.typing else _("Who is playing?")

    def choose(self, name: str) -> None:
        self.app.store.select_player(name)
        self._play()

    def _play(self) -> None:
        self._set_typing(False)
        self.page = 0
        self.app.push(LevelSelectScene(self.app))

    def start_typing(self) -> None:
        self._set_typing(True)
        self.resize(self.layout)

    def stop_typing(self) -> None:
        self._set_typing(False)
        self.picking = None
        self.resize(self.layout)

    def _set_typing(self, typing: bool) -> None:
        self.typing = self.takes_text = typing
        self.text = ""
        self.error = ""
        self.cursor_clock = 0.0
        if not typing:
            self._text_input(False)

    def _text_input(self, on: bool) -> None:
        if on == self.text_input_on:
            return
        self.text_input_on = on
        if on:
            pygame.key.start_text_input()
            pygame.key.set_text_input_rect(self.box)
        else:
            pygame.key.stop_text_input()

    def submit(self) -> None:
        """A known name plays at once; a new one first picks her picture."""
        try:
            name = clean_name(self.text)
        except ValueError as error:
            self.error = str(error)
            self.dirty = True
            return
        known = {known.casefold(): known for known in self.app.store.players()}
        if name.casefold() in known:
            self.choose(known[name.casefold()])
            return
        self._set_typing(False)
        self.picking = name
        self.resize(self.layout)

    def pick_picture(self, avatar: str) -> None:
        if self.picking is None:
            return
        name, self.picking = self.picking, None
        self.app.store.add_player(name, avatar)
        self._play()

    @property
    def key_rects(self) -> dict[str, pygame.Rect]:
        """Where the on-screen keys are, by letter, SPACE and BACKSPACE."""
        return {name: key.rect for name, key in self.keys.items()}

    def press_letter(self, letter: str) -> None:
        """A name starts with a capital, and so does each word of it: "ANA" gives "Ana"."""
        self.type_text(letter if self.text[-1:] in ("", " ") else letter.lower())

    def press_space(self) -> None:
        # Spaces before a name or after a space would only be taken out again.
        if self.text[-1:] not in ("", " "):
            self.type_text(" ")

    def delete_letter(self) -> None:
        self.text = self.text[:-1]
        self.error = ""
        self.cursor_clock = 0.0
        self.dirty = True

    def type_text(self, text: str) -> None:
        text = "".join(character for character in text if character.isprintable())
        if len(self.text) + len(text) > MAX_NAME_LENGTH:
            self.error = _("That is the longest name that fits: {count} letters.").format(count=MAX_NAME_LENGTH)
        else:
            self.text += text
            self.error = ""
        self.cursor_clock = 0.0
        self.dirty = True

    def turn_page(self, step: int) -> None:
        self.page = max(0, min(self.pages - 1, self.page + step))
        self.resize(self.layout)

    def flip_sound(self) -> None:
        self.app.toggle_sound()
        self.resize(self.layout)

    def open_class(self) -> None:
        through_gate(self.app, lambda: ClassScene(self.app))

    def open_settings(self) -> None:
        through_gate(self.app, lambda: SettingsScene(self.app))

    # Frame --------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.typing and self._handle_typing(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.picking is not None:
                self.stop_typing()
            else:
                self.app.back_from_root()
            return
        if not self.typing and self.picking is None:
            if event.type == pygame.MOUSEWHEEL:
                self.turn_page(-1 if event.y > 0 else 1)
                return
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.turn_page(-1 if event.key == pygame.K_PAGEUP else 1)
                return
        super().handle_event(event)

    def _handle_typing(self, event: pygame.event.Event) -> bool:
        """True when the event was typing; Tab and clicks go on to the buttons."""
        if event.type == pygame.TEXTINPUT:
            self.type_text(event.text)
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            # Every key sees the release, so a press slid off a key lets go of it.
            handled = [key.handle_event(event) for key in self.keys.values()]
            if any(handled):
                self.dirty = True
                return True
            return False
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_BACKSPACE:
            self.delete_letter()
        elif event.key == pygame.K_ESCAPE:
            self.stop_typing()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            focused = self.buttons[self.focus] if self.focus is not None and self.focus < len(self.buttons) else None
            if focused is not None and focused is not self.ok_button:
                return False
            self.submit()
        elif event.key == pygame.K_TAB:
            return False
        # Anything else, Space included, arrives as TEXTINPUT too; it must not press a button.
        return True

    def update(self, dt: float) -> None:
        if not self.typing:
            return
        # Started here rather than on entering, because only the scene on top gets updates:
        # an on-screen keyboard must not cover the help shown over this scene on a first start.
        self._text_input(True)
        before = self.cursor_clock
        self.cursor_clock += dt
        if int(before / CURSOR_BLINK) != int(self.cursor_clock / CURSOR_BLINK):
            self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        surface.fill(theme.BACKGROUND)
        draw_text(surface, assets, self.title, self.title_size, self.title_pos, theme.INK, bold=True, anchor="midleft")
        if self.message:
            self._draw_banner(surface)
        if self.picking is not None:
            for picture in self.pictures:
                picture.draw(surface, assets, self.button_size)
        elif self.typing:
            self._draw_typing(surface)
        else:
            self._draw_cards(surface)
        for button in self.buttons:
            if button is self.new_button:
                button.draw(surface, assets, self.new_font)
            elif button in (self.ok_button, self.cancel_button):
                button.draw(surface, assets, self.word_font)
            elif not isinstance(button, PlayerButton | AvatarButton):
                button.draw(surface, assets, self.button_size)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        radius = max(6, self.layout.unit // 2)
        pygame.draw.rect(surface, BANNER, self.banner, border_radius=radius)
        pygame.draw.rect(
            surface, theme.darker(BANNER, 0.4), self.banner, max(2, self.layout.unit // 8), border_radius=radius
        )
        x, y, icon = self.banner_icon
        pygame.draw.circle(surface, theme.INK, (x, y), icon)
        draw_text(surface, assets, "!", int(icon * 1.7), (x, y + icon // 8), BANNER, bold=True, anchor="center")
        font = assets.font(self.text_size, bold=True)
        left, top = self.banner_text_pos
        for line in self.banner_lines:
            surface.blit(font.render(line, True, theme.INK), (left, top))
            top += font.get_linesize()

    def _draw_typing(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        box = self.box
        color = player_color(self.text.strip()) if self.text.strip() else theme.BUTTON_QUIET
        radius = max(8, box.height // 5)
        pygame.draw.rect(surface, theme.WHITE, box, border_radius=radius)
        pygame.draw.rect(surface, color, box, max(4, box.height // 14), border_radius=radius)
        avatar = int(box.height * 0.32)
        pad = max(6, box.height // 6)
        center = (box.x + pad + avatar, box.centery)
        draw_avatar(surface, assets, "", self.text, center, avatar, color, theme.WHITE)
        left = center[0] + avatar + pad
        size = int(self.layout.unit * 2.4)
        font, _size = fitted_font(assets, self.text or "W", size, box.right - pad - left - size // 4, size // 2)
        cursor_width = max(3, size // 14)
        if self.text:
            image = font.render(self.text, True, theme.INK)
            text_rect = surface.blit(image, image.get_rect(midleft=(left, box.centery)))
            cursor_x = text_rect.right + cursor_width
        else:
            image = font.render(_("Type here"), True, theme.lighter(theme.SOFT_INK, 0.45))
            surface.blit(image, image.get_rect(midleft=(left + 3 * cursor_width, box.centery)))
            cursor_x = left
        if int(self.cursor_clock / CURSOR_BLINK) % 2 == 0:
            height = font.get_ascent()
            cursor = pygame.Rect(cursor_x, box.centery - height * 3 // 5, cursor_width, height * 6 // 5)
            pygame.draw.rect(surface, theme.CURSOR, cursor)
        if self.error:
            self._draw_error(surface, self.error)
        else:
            note = _("Then press OK.") if self.text.strip() else _("Press the letters of your name.")
            draw_text(surface, assets, note, self.text_size, self.note_pos, theme.SOFT_INK, bold=True, anchor="center")
        for key in self.keys.values():
            key.draw(surface, assets, self.key_font if len(key.label) == 1 else self.word_font)

    def _draw_error(self, surface: pygame.Surface, error: str) -> None:
        assets = self.app.assets
        width = self.layout.width - 2 * self.layout.margin - 3 * self.text_size
        font, text = fitted_font(assets, error, self.text_size, width, max(12, self.text_size * 2 // 3))
        image = font.render(text, True, theme.WRONG)
        icon = font.get_height() // 2
        rect = image.get_rect(center=(self.note_pos[0] + icon + self.gap // 2, self.note_pos[1]))
        center = (rect.x - self.gap // 2 - icon, rect.centery)
        pygame.draw.circle(surface, theme.WRONG, center, icon)
        draw_text(
            surface,
            assets,
            "!",
            int(icon * 1.7),
            (center[0], center[1] + icon // 8),
            theme.WHITE,
            bold=True,
            anchor="center",
        )
        surface.blit(image, rect)

    def _draw_cards(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        for card in self.page_cards:
            card.draw(surface, assets, self.card_font)
        if not self.cards:
            above = (self.new_button.rect.centerx, self.new_button.rect.y - self.layout.unit * 2)
            draw_text(
                surface,
                assets,
                _("Nobody has played here yet."),
                int(self.layout.unit * 1.6),
                above,
                theme.SOFT_INK,
                bold=True,
                anchor="midbottom",
            )
        if self.pages > 1:
            radius = max(4, self.layout.unit // 4)
            step = radius * 4
            left = self.layout.screen.centerx - (self.pages - 1) * step // 2
            for index in range(self.pages):
                center = (left + index * step, self.dots_y)
                if index == self.page:
                    pygame.draw.circle(surface, theme.INK, center, radius)
                else:
                    pygame.draw.circle(surface, theme.SOFT_INK, center, radius, max(2, radius // 3))
