"""Typing a name on "Who is playing?": the name box, its hint line and the on-screen keyboard,
and the events that type.

Typing reads TEXTINPUT events rather than key codes, so on-screen keyboards, input methods
and every alphabet work; KEYDOWN is only used for Backspace, Enter and Escape.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...words.ways import Pointer
from ..core import keys
from ..core.assets import Assets
from ..core.layout import CHILD_TEXT_SIZE, Layout
from ..core.widgets import Button
from .name_entry import NameEntry, draw_name_box, draw_note
from .name_keyboard import OnScreenKeyboard

# The form's named keys (the letters come as text): Backspace, Escape (the scene's `cancel`), Enter.
FORM_KEYS = (keys.DELETE, keys.BACK.doing("cancel"), keys.ENTER)


class NameForm:
    """The name being typed and everything that types it; `submit` and `cancel` are the
    scene's, for Enter and Escape."""

    def __init__(
        self, ok_button: Button, submit: Callable[[], None], cancel: Callable[[], None], way: Callable[[], Pointer]
    ) -> None:
        self.entry = NameEntry()
        self.way = way  # how she plays now: the line under the box asks for it
        self.keyboard = OnScreenKeyboard(self.entry.press_letter, self.entry.press_space, self.entry.delete_letter)
        self.ok_button = ok_button
        self.submit = submit
        self.cancel = cancel
        self.box = pygame.Rect(0, 0, 0, 0)
        self.note_rect = pygame.Rect(0, 0, 0, 0)
        self.text_input_on = False
        self.heard = ("", "")  # the text and the error `news` last told of
        self.focused: Button | None = None  # the scene's focused button, as the key came

    def news(self) -> str:
        """What a child should hear of the typing since last asked: the error that came (the
        longest name, "Please type a name."), else the letters typed (each as it is tapped)."""
        text, error = self.entry.text, self.entry.error
        (before, before_error), self.heard = self.heard, (text, error)
        if error and error != before_error:
            return error
        same = (index for index, (old, new) in enumerate(zip(before, text, strict=False)) if old != new)
        kept = next(same, min(len(before), len(text)))  # a letter deleted says nothing
        return text[kept:].strip()

    def text_input(self, on: bool) -> None:
        """The system's text input (an on-screen keyboard on a tablet) on or off."""
        if on == self.text_input_on:
            return
        self.text_input_on = on
        if on:
            pygame.key.start_text_input()
            pygame.key.set_text_input_rect(self.box)
        else:
            pygame.key.stop_text_input()

    def place(
        self, area: pygame.Rect, layout: Layout, text_size: int, gap: int, cancel_button: Button, assets: Assets
    ) -> None:
        """The name box, the hint line under it, then the keyboard, as big as the room allows."""
        note_height = int(max(text_size, CHILD_TEXT_SIZE) * 2.8)  # room for two lines at a child's size
        buttons = (cancel_button, self.ok_button)
        self.box = self.keyboard.place(area, layout, note_height, gap, buttons, assets)
        width = layout.width - 2 * layout.margin
        self.note_rect = pygame.Rect(0, self.box.bottom, width, note_height)
        self.note_rect.centerx = self.box.centerx
        if self.text_input_on:
            pygame.key.set_text_input_rect(self.box)

    def handle_event(self, event: pygame.event.Event, focused: Button | None) -> bool:
        """True when the event was typing; Tab and clicks go on to the buttons."""
        if event.type == pygame.TEXTINPUT:
            self.entry.type_text(event.text)
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            # Every key sees the release, so a press slid off a key lets go of it (a list first:
            # the key that turns the page renames itself).
            handled = [key.handle_event(event) for key in list(self.keyboard.keys.values())]
            return any(handled)
        if event.type != pygame.KEYDOWN:
            return False
        self.focused = focused
        if keys.find(FORM_KEYS, event):
            return keys.press(self, FORM_KEYS, event)
        # Tab and the arrows walk the keys and the buttons; anything else, Space included,
        # arrives as TEXTINPUT too: it must not press a button.
        return not keys.find(keys.WALK, event)

    def delete_letter(self) -> None:
        self.entry.delete_letter()

    def submit_typed(self) -> bool:
        """Enter sends the name, unless a button other than OK is focused (it is that button's)."""
        if self.focused is not None and self.focused is not self.ok_button:
            return False
        self.submit()
        return True

    def draw(self, surface: pygame.Surface, assets: Assets, layout: Layout, text_size: int, gap: int) -> None:
        draw_name_box(surface, assets, self.box, self.entry, layout.unit)
        draw_note(surface, assets, self.entry, self.note_rect, text_size, gap, self.way())
        self.keyboard.draw(surface, assets)
