"""The board's panel: its buttons, and where they, the title and the message go for the
window and the language. The panel's lines wrap, and the message box takes the room the rest
leaves (up to 9 units). Auto and Hint are only where the teacher allows them (`offered`)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import NamedTuple

import pygame

from ... import i18n
from ...i18n import _
from ...play.board import BoardSession
from ...play.outcomes import Outcome
from ...store.records import Settings
from ...words.board import show_me_label
from ..core import theme
from ..core.assets import Assets
from ..core.layout import MIN_FONT, MIN_TARGET_PX, BoardGeometry, Layout, stack
from ..core.read_aloud import SpeakerButton, speaker_size
from ..core.text_flow import Flow, flow
from ..core.widgets import Button

Action = Callable[[], None]


class PanelWords(NamedTuple):
    """What the panel is arranged for: every sentence its lines may say, and its buttons."""

    assets: Assets
    info: Sequence[str]
    status: Sequence[str]
    offered: Sequence[Button]
    speaker: SpeakerButton | None


class BoardPanel:
    def __init__(
        self, session: BoardSession, show: Callable[[list[Outcome]], None], menu: Action, help: Action
    ) -> None:
        """The buttons call the session; `show` shows what it answered."""

        def doing(call: Callable[[], list[Outcome]]) -> Action:
            return lambda: show(call())

        self.hint_button = Button(_("Hint"), doing(session.hint), theme.BUTTON_WARM)
        self.auto_button = Button(show_me_label(False), doing(session.auto), theme.BUTTON_ACCENT)
        self.undo_button = Button(_("Undo"), doing(session.undo), theme.BUTTON)
        self.restart_button = Button(_("Restart"), doing(session.restart), theme.BUTTON)
        self.menu_button = Button(_("Menu"), menu, theme.BUTTON_QUIET)
        self.help_button = Button(_("Help"), help, theme.BUTTON_QUIET)
        self.session = session
        self.words_in = i18n.language()  # the language the session's message was said in
        self.layout: Layout | None = None  # the window's, once arranged
        self.title_size = self.text_size = self.button_size = self.status_size = MIN_FONT
        self.status_pad = 0  # round the test clock's words, inside its frame
        self.message_rect = pygame.Rect(0, 0, 0, 0)
        self.status_pos = (0, 0)
        self.overflow = 0  # how far the panel's last line goes below the panel (upright: shrink the board)

    def language_changed(self) -> None:
        """The message on show in the new language: made again by what made it (`Message.again`),
        pieces and all, or else looked up as a sentence of the catalogue; the buttons' labels
        follow by themselves."""
        message = self.session.message
        if message.again is not None:
            self.session.message = message.again()
        else:
            self.session.message = replace(message, text=i18n.in_language_now(message.text, self.words_in))
        self.words_in = i18n.language()

    def buttons(self, speaker: SpeakerButton | None) -> list[Button]:
        """The panel's buttons in the keyboard's order; the speaker only with a speech engine."""
        buttons = [self.auto_button, self.hint_button, self.undo_button, self.restart_button]
        buttons += [self.menu_button, self.help_button]
        if speaker is not None:
            buttons.insert(2, speaker)
        for button in buttons:
            button.floor = MIN_FONT  # a child reads them
        return buttons

    def arrange(
        self,
        layout: Layout,
        assets: Assets,
        info: Sequence[str],
        status: Sequence[str],
        offered: Sequence[Button],
        speaker: SpeakerButton | None,
    ) -> Layout:
        """Where everything goes; `info` and `status` hold every sentence their lines may say,
        so the room kept fits the longest. The layout it kept: upright, where a third row of
        buttons is needed, the board is made smaller to leave the panel room for it; where the
        board (the big board's 8x8) would have squares under `MIN_TARGET_PX`, it grows to
        them, to the left, with Menu, Help and the speaker in a column beside it."""
        words = PanelWords(assets, info, status, offered, speaker)
        squares = self.session.rules.size
        if BoardGeometry.of(layout, squares).square_size < MIN_TARGET_PX:
            beside = layout.board_beside(squares * MIN_TARGET_PX)
            if beside is not None:
                self.place(beside, words)
                if self.overflow <= 0:
                    return beside
        self.place(layout, words)
        if self.overflow > 0 and not layout.landscape:
            layout = layout.board_shorter(self.overflow)
            self.place(layout, words)
        return layout

    def place(self, layout: Layout, words: PanelWords) -> None:
        assets, info, status, offered, speaker = words
        self.layout = layout
        unit, panel = layout.unit, layout.panel
        self.title_size = layout.title()
        self.text_size = layout.child_text(1.15)
        self.button_size = int(unit * 1.45)
        button_height, gap = int(unit * 2.8), layout.gap
        # The test clock is read from a child's seat: larger than the message, in a frame.
        timed = self.session.time_left is not None
        self.status_size = layout.child_text(1.7) if timed else self.text_size
        self.status_pad = gap if timed else 0
        room = max((self.status_lines(assets, text, layout) for text in status), key=lambda laid: laid.height)
        status_height = room.height + gap + 2 * self.status_pad
        info_height = max(self.lines(assets, text, panel.width, layout).height for text in info)
        self.auto_button.hide()
        self.hint_button.hide()
        if layout.aside.width:
            rows = self._place_beside(layout, assets, offered, speaker, info_height, status_height)
        elif layout.landscape:
            rows = self._place_landscape(layout, offered, (button_height, gap), info_height, status_height)
        else:
            # Under the board the buttons share rows of three, or of two where a label (French
            # "Recommencer" at 480x640) would not fit a third of the row at a child's size.
            buttons = [*offered, self.undo_button, self.restart_button, self.menu_button, self.help_button]
            columns = 3 if self.fit(assets, buttons, split(panel, 3, gap)[0].width, button_height) else 2
            rows = self._rows_under(layout, buttons, columns, (button_height, gap), info_height, status_height, 4.2)
        if speaker is not None and not layout.aside.width:
            side = speaker_size(unit)
            self.message_rect.width -= side + gap
            speaker.rect = pygame.Rect(self.message_rect.right + gap, self.message_rect.y, side, side)
        self.status_pos = (panel.x, rows[-1].bottom + gap)
        self.overflow = self.status_pos[1] + room.height + 2 * self.status_pad - panel.bottom

    def _place_landscape(
        self, layout: Layout, offered: Sequence[Button], sizes: tuple[int, int], info_height: int, status_height: int
    ) -> list[pygame.Rect]:
        """Beside the board: the title and info, Auto and Hint, the message, then Undo and
        Restart, Menu and Help in two rows."""
        (button_height, gap), panel = sizes, layout.panel
        top = panel.y + int(self.title_size * 1.1) + info_height + gap
        if offered:
            row = pygame.Rect(panel.x, top, panel.width, button_height)
            for button, rect in zip(offered, split(row, len(offered), gap), strict=True):
                button.rect = rect
        room_left = panel.bottom - status_height - 2 * (button_height + gap) - (top + button_height + gap)
        height = message_height(layout.unit, room_left)
        self.message_rect = pygame.Rect(panel.x, top + button_height + gap, panel.width, height)
        rows = stack(pygame.Rect(panel.x, self.message_rect.bottom + gap, panel.width, 0), 2, button_height, gap)
        self.undo_button.rect, self.restart_button.rect = split(rows[0], 2, gap)
        self.menu_button.rect, self.help_button.rect = split(rows[1], 2, gap)
        return rows

    def _place_beside(
        self,
        layout: Layout,
        assets: Assets,
        offered: Sequence[Button],
        speaker: SpeakerButton | None,
        info_height: int,
        status_height: int,
    ) -> list[pygame.Rect]:
        """Beside a big board grown to fill an upright window: Menu, Help and the speaker down
        the column at its side; under it the words and the other buttons, a finger high."""
        aside, gap, button_height = layout.aside, max(4, layout.unit // 4), MIN_TARGET_PX + 2
        column = stack(aside, 2, button_height, gap)
        self.menu_button.rect, self.help_button.rect = column
        if speaker is not None:
            side = speaker_size(layout.unit)
            speaker.rect = pygame.Rect(0, 0, side, side).move_to(midtop=(aside.centerx, column[-1].bottom + gap))
        buttons = [*offered, self.undo_button, self.restart_button]
        third = split(layout.panel, 3, gap)[0].width
        columns = 3 if len(buttons) % 3 == 0 and self.fit(assets, buttons, third, button_height) else 2
        sizes = (button_height, gap)
        return self._rows_under(layout, buttons, columns, sizes, info_height + gap, status_height, 3.2)

    def _rows_under(
        self,
        layout: Layout,
        buttons: Sequence[Button],
        columns: int,
        sizes: tuple[int, int],
        top: int,
        status_height: int,
        least: float,
    ) -> list[pygame.Rect]:
        """Under the board: the message `top` px down the panel, at least `least` units high,
        then the buttons in rows of `columns`, and room for the status line under them."""
        (button_height, gap), panel = sizes, layout.panel
        count = math.ceil(len(buttons) / columns)
        room_left = panel.height - top - status_height - count * (button_height + gap)
        height = message_height(layout.unit, room_left, least)
        self.message_rect = pygame.Rect(panel.x, panel.y + top, panel.width, height)
        rows = stack(pygame.Rect(panel.x, self.message_rect.bottom + gap, panel.width, 0), count, button_height, gap)
        for index, row in enumerate(rows):
            in_row = buttons[index * columns : (index + 1) * columns]
            for button, rect in zip(in_row, split(row, len(in_row), gap), strict=True):
                button.rect = rect
        return rows

    def offered(self, settings: Settings) -> list[Button]:
        """Auto and Hint, unless the teacher switched them off: then they are gone, not grey."""
        allowed = ((self.auto_button, settings.auto_allowed), (self.hint_button, settings.hints_allowed))
        return [button for button, allow in allowed if allow]

    def show_state(self, session: BoardSession, stuck_attention: float) -> None:
        """The buttons as the game stands now: which work, Auto's or Stop's word, and the call
        for attention when the board is stuck (`board_motion`: it pulses a while): Undo's, or
        Menu's where there is no move to undo (the words say to choose another puzzle)."""
        self.undo_button.enabled = session.can_undo
        self.restart_button.enabled = session.can_restart
        self.hint_button.enabled = not session.game.is_solved and not session.time_up
        self.auto_button.enabled = not session.time_up
        self.auto_button.label = show_me_label(session.auto_running)
        self.undo_button.attention = stuck_attention if session.can_undo else 0.0
        self.menu_button.attention = 0.0 if session.can_undo else stuck_attention

    def fit(self, assets: Assets, buttons: Sequence[Button], width: int, height: int) -> bool:
        """Whether every label fits `width` at the least size a button shrinks it to."""
        least = max(MIN_FONT, self.button_size * 2 // 3)
        return all(button.measure(assets, least, height) <= width for button in buttons)

    def lines(self, assets: Assets, text: str, width: int, layout: Layout) -> Flow:
        return flow(assets, text, self.text_size, (width, layout.panel.height), MIN_FONT)

    def status_lines(self, assets: Assets, text: str, layout: Layout) -> Flow:
        """The status line's words: the sound's, or the test clock's, bold, inside its frame."""
        width, bold = layout.panel.width - 2 * self.status_pad, self.status_pad > 0
        return flow(assets, text, self.status_size, (width, layout.panel.height), MIN_FONT, bold)


def message_height(unit: int, room: int, least: float = 6.2) -> int:
    """The message box's height: what the panel leaves, within 6.2 (or `least`) to 9 units."""
    return max(int(unit * least), min(room, unit * 9))


def split(rect: pygame.Rect, count: int, gap: int) -> list[pygame.Rect]:
    width = (rect.width - gap * (count - 1)) // count
    return [pygame.Rect(rect.x + i * (width + gap), rect.y, width, rect.height) for i in range(count)]
