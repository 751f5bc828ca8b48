"""What "Who is playing?" offers in each of its modes (the cards, typing a name, picking a
picture): its buttons in Tab order, and the groups a switch's scan steps through (the name
keyboard by its rows, then their letters; the cards and the pictures by rows)."""

from __future__ import annotations

from typing import Protocol

from ..core.avatars import AvatarButton
from ..core.switch_scan import Groups, by_rows
from ..core.widgets import Button
from .name_form import NameForm
from .name_keyboard import ALPHABET, BACKSPACE, SPACE, Key
from .player_cards import PlayerButton


class PlayersView(Protocol):
    """What these lists read of "Who is playing?" (`players.PlayersScene`), declared here so
    that this module does not import its scene back."""

    # fmt: off
    @property
    def cards(self) -> dict[str, PlayerButton]: ...
    @property
    def page_cards(self) -> list[PlayerButton]: ...
    @property
    def keys(self) -> dict[str, Key]: ...
    @property
    def pictures(self) -> list[AvatarButton]: ...
    @property
    def form(self) -> NameForm: ...
    @property
    def picking(self) -> str | None: ...
    @property
    def typing(self) -> bool: ...
    @property
    def buttons(self) -> list[Button]: ...
    @property
    def new_button(self) -> Button: ...
    @property
    def back_button(self) -> Button: ...
    @property
    def more_button(self) -> Button: ...
    @property
    def settings_button(self) -> Button: ...
    @property
    def class_button(self) -> Button: ...
    @property
    def sound_button(self) -> Button: ...
    @property
    def another_button(self) -> Button: ...
    @property
    def help_button(self) -> Button: ...
    @property
    def ok_button(self) -> Button: ...
    @property
    def cancel_button(self) -> Button: ...
    @property
    def dismiss_button(self) -> Button: ...
    @property
    def speaker_button(self) -> Button: ...
    # fmt: on


def all_buttons(scene: PlayersView) -> list[Button]:
    """Every button of every mode."""
    return [
        *scene.cards.values(),
        *scene.keys.values(),
        scene.new_button,
        scene.back_button,
        scene.more_button,
        scene.settings_button,
        scene.class_button,
        scene.sound_button,
        scene.another_button,
        scene.help_button,
        scene.ok_button,
        scene.cancel_button,
        scene.dismiss_button,
        scene.speaker_button,
    ]


def top_buttons(scene: PlayersView) -> tuple[Button, ...]:
    """The top bar's buttons over the cards, from the right ("Another class", in a school of
    several classes, is the class's own row under them: `class_chip`)."""
    return (scene.help_button, scene.settings_button, scene.class_button, scene.sound_button)


def mode_buttons(scene: PlayersView) -> list[Button]:
    """The buttons of the mode shown, in Tab order (the keyboard's keys are typed or clicked)."""
    if scene.picking is not None:
        buttons: list[Button] = [*scene.pictures, scene.cancel_button]
    elif scene.typing:
        buttons = [scene.ok_button, scene.cancel_button]
    else:
        buttons = [
            *scene.page_cards,
            scene.back_button,
            scene.new_button,
            scene.more_button,
            scene.sound_button,
            scene.another_button,
            scene.class_button,
            scene.settings_button,
            scene.help_button,
        ]
    buttons += [scene.dismiss_button, scene.speaker_button]
    return [button for button in buttons if button.shown]


def scan_groups(scene: PlayersView) -> Groups:
    """The letters' rows (Delete at the end of the last) and the row under them; the pictures'
    rows; the cards' rows; then the other buttons, each by itself."""
    keys = scene.keys
    if scene.picking is not None:
        grouped: list[Button] = list(scene.pictures)
        groups: Groups = by_rows(scene.pictures)
    elif scene.typing:
        keyboard = scene.form.keyboard
        rows: Groups = [[keys[letter] for letter in row] for row in keyboard.rows]
        rows[-1].append(keys[BACKSPACE])
        bottom = [scene.cancel_button, *([keys[ALPHABET]] if ALPHABET in keys else []), keys[SPACE]]
        grouped = [*(key for key in keys.values()), scene.cancel_button, scene.ok_button]
        groups = [*rows, [*bottom, scene.ok_button]]
    else:
        grouped = list(scene.page_cards)
        groups = by_rows(scene.page_cards)
    singles: Groups = [
        [button] for button in scene.buttons if button not in grouped and button.enabled and button.shown
    ]
    return [[choice for choice in group if choice.rect.width] for group in groups] + singles
