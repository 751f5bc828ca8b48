"""Type a share code: an on-screen keyboard of the code's 32 characters (a real keyboard works
too), the board as soon as the code is whole and right, then Play or Save to Our puzzles.

The dash is put in by the scene. A code that is whole but wrong is a typo to the child: the
check character catches it, and the scene says so rather than showing another puzzle.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from ...content.codes import ALPHABET, DATA_LENGTH, CodeError, decode, symbol
from ...engine.solver import Solver
from ...i18n import _
from ...rules.position import EMPTY, Position
from ...rules.squares import SIZE, SQUARES
from ...store.ourpuzzles import CollectionError, OurPuzzle, add, collection_path, make
from ...words.screens import code_words
from ..core import keys, theme
from ..core.drawing import blit_piece
from ..core.layout import MIN_TARGET_PX, Layout, grid
from ..core.read_aloud import Echo, SpeakerButton, speaker_size
from ..core.scene import Scene
from ..core.switch_scan import Choosable, Groups, by_rows
from ..core.text_flow import draw_text, fit_text
from ..core.widgets import Button

if TYPE_CHECKING:
    from ..core.context import SceneContext

CODE_LENGTH = DATA_LENGTH + 1
# The 32 characters in rows of six (eight in a wide panel; in a tall window, as many as make the
# keys largest), Delete taking the rest of the last row, and at least the keys its word needs.
KEY_COLUMNS, WIDE_KEY_COLUMNS = 6, 8
CHECKING, SAVING = "checking the code", "saving"  # the labels of the background jobs


class CodeState(enum.Enum):
    TYPING = enum.auto()  # fewer than 8 characters
    TYPO = enum.auto()  # 8 characters that are no puzzle's code
    CHECKING = enum.auto()  # a good code: the solver works out its puzzle
    UNSOLVABLE = enum.auto()  # a good code of a board that cannot be solved
    READY = enum.auto()  # a puzzle to play or save


def shown_code(typed: str) -> str:
    """The code as typed so far, with the places still to type and the dash: `K7Q_-____`."""
    padded = typed.ljust(CODE_LENGTH, "_")
    return f"{padded[:4]}-{padded[4:]}"


# Its own keys, before the symbols typed and the buttons' keys.
CODE_KEYS = (keys.BACK, keys.Binding((pygame.K_BACKSPACE, pygame.K_DELETE), "delete"), keys.ENTER)


class CodeScene(Scene):
    KEYS = (*CODE_KEYS, *keys.FOCUS)
    takes_text = True  # letters are the code, not the game's hotkeys

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        self.typed = ""
        self.state = CodeState.TYPING
        self.board: Position | None = None
        self.ours: OurPuzzle | None = None
        self.message = ""
        self.message_color = theme.INK
        self.keys = [Button(symbol, self._typer(symbol), theme.BUTTON) for symbol in ALPHABET]
        self.delete_button = Button(_("Delete"), self.delete, theme.BUTTON_QUIET)
        self.play_button = Button(_("Play"), self.play, theme.BUTTON_ACCENT)
        self.save_button = Button(_("Save"), self.save, theme.BUTTON_WARM)
        self.cancel_button = Button(_("Cancel"), self.ctx.nav.back_to_menu, theme.BUTTON_QUIET)
        self.buttons = [*self.keys, self.delete_button, self.play_button, self.save_button, self.cancel_button]
        self.speaker_button = SpeakerButton(self.read_words)  # for a child who cannot read
        self.buttons += [self.speaker_button] if self.ctx.read_aloud.available else []  # none without a voice
        self.delete_keys = 1
        self.echo = Echo()  # an error shown is heard as it comes
        self._refresh()

    @property
    def animating(self) -> bool:
        return self.jobs.busy

    # Typing -----------------------------------------------------------------------------------

    def _typer(self, symbol: str) -> Callable[[], None]:
        return lambda: self.type(symbol)

    def type(self, char: str) -> None:
        """One typed character: the code's own, or one read as it (O is 0; I and L are 1)."""
        typed = symbol(char)
        if typed is None or len(self.typed) >= CODE_LENGTH:
            return
        self.typed += typed
        self._changed()

    def delete(self) -> None:
        self.typed = self.typed[:-1]
        self._changed()

    def _changed(self) -> None:
        self.jobs.cancel(CHECKING)
        self.board, self.ours, self.message = None, None, ""
        if len(self.typed) < CODE_LENGTH:
            self.state = CodeState.TYPING
        else:
            try:
                board = decode(self.typed)
            except CodeError:
                self.state = CodeState.TYPO
            else:
                self.state, self.board = CodeState.CHECKING, board
                rules = self.ctx.collections.collection.rules
                self.jobs.start(
                    lambda cancel: make(board, solver=Solver(rules, cancel)), self._checked, self._unsolvable, CHECKING
                )
        self._refresh()

    def _checked(self, ours: OurPuzzle) -> None:
        if self.board is not None and ours.puzzle.board == self.board:
            self.state, self.ours = CodeState.READY, ours
            self._refresh()

    def _unsolvable(self, error: BaseException) -> None:
        self.state = CodeState.UNSOLVABLE
        self.message = str(error) if isinstance(error, ValueError) else _("Sorry, something went wrong.")
        self._refresh()

    def _refresh(self) -> None:
        ready = self.state is CodeState.READY
        self.play_button.enabled = ready
        self.save_button.enabled = ready and self.jobs.running(SAVING) is None
        self.delete_button.enabled = bool(self.typed)
        full = len(self.typed) >= CODE_LENGTH
        for key in self.keys:
            key.enabled = not full
        self.dirty = True

    # Play and save ----------------------------------------------------------------------------

    def play(self) -> None:
        if self.ours is not None:
            title = _("Code {code}").format(code=shown_code(self.typed))
            self.ctx.nav.open_board(replace(self.ours.puzzle, title=title))

    def save(self) -> None:
        ours = self.ours
        if ours is None or self.jobs.running(SAVING):
            return
        path = collection_path(self.ctx.store.folder)
        named = replace(ours, name=_("Code {code}").format(code=shown_code(self.typed)))
        self.jobs.start(lambda cancel: add([named], path), self._saved, self._not_saved, SAVING)
        self._refresh()

    def _saved(self, added: int) -> None:
        if added:
            self.say(_("Saved in Our puzzles."), theme.TARGET)
        else:
            self.say(_("This puzzle is in Our puzzles already."), theme.TARGET)

    def _not_saved(self, error: BaseException) -> None:
        self.say(str(error) if isinstance(error, CollectionError) else _("Sorry, something went wrong."), theme.WRONG)

    def say(self, text: str, color: theme.Color = theme.INK) -> None:
        self.message, self.message_color = text, color
        self._refresh()

    def scan_groups(self) -> Groups:
        """For one switch: the keys a row at a time (Delete in the last), then each other button;
        lit one by one, the 36 keys kept a child waiting most of a minute for Cancel."""
        usable = [button for button in self.buttons if button.enabled and button.shown]
        keys: list[Choosable] = [button for button in [*self.keys, self.delete_button] if button in usable]
        singles: Groups = [[button] for button in usable if button not in keys]
        return [*by_rows(keys), *singles]

    def read_words(self) -> None:
        """The speaker: the title, the code typed so far, and what the screen says now."""
        self.ctx.read_aloud.read(code_words(_("Type a code"), self.typed, self.message or self._words()))

    def update(self, dt: float) -> None:
        """An error shown (a typo, a puzzle that cannot be solved, a save refused) is heard."""
        text = self.message or self._words()
        wrong = (self.message_color if self.message else self._color()) == theme.WRONG
        self.echo.hear(self.ctx.read_aloud, text if wrong else "")

    # Input ------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if keys.press(self, CODE_KEYS, event):
            return
        if event.type == pygame.KEYDOWN and event.unicode and symbol(event.unicode) is not None:
            self.type(event.unicode)
            return
        super().handle_event(event)

    def back(self) -> None:
        self.ctx.nav.back_to_menu()

    def submit_typed(self) -> bool:
        """Enter plays the code, with no button focused."""
        if self.focus is None:
            self.play()
        return self.focus is None

    # Layout and drawing -----------------------------------------------------------------------

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        self.layout = layout
        unit, panel = layout.unit, layout.panel
        self.board_rect = layout.board
        gap = max(6, unit // 4)
        self.title_size = layout.title(theme.TITLE_DENSE)
        self.text_size = layout.child_text(1.05)
        self.button_size = layout.child_text()
        self.code_size = layout.text(2.2)
        button_height = layout.target(2.1)
        # Delete takes the rest of the last row of keys, and at least the keys its word needs.
        word = self.delete_button.measure(self.ctx.assets, self.button_size, MIN_TARGET_PX)
        self.delete_keys = max(1, -(-(word + gap) // (MIN_TARGET_PX + gap)))
        if not layout.landscape:
            self._place_upright(layout, gap, button_height)
            return
        keys_top = panel.y + self._heading_height(gap)
        room = panel.bottom - 2 * button_height - 2 * gap - keys_top
        columns = self._columns(panel.width, room, gap)
        need = columns * MIN_TARGET_PX + (columns - 1) * gap
        if need > panel.width:
            # A short window: the board gives the keyboard the width its rows need.
            grow = need - panel.width
            self.board_rect = pygame.Rect(
                self.board_rect.x, self.board_rect.y + grow // 2, *[self.board_rect.width - grow] * 2
            )
            panel = pygame.Rect(panel.x - grow, panel.y, panel.width + grow, panel.height)
        self._place(panel, columns, keys_top, button_height, gap)

    @property
    def title_height(self) -> int:
        """The title's row: as tall as the speaker at its right end, where there is one."""
        speaker = self.speaker_button in self.buttons
        return max(
            int(self.title_size * theme.UNDER_TITLE),
            speaker_size(self.layout.unit) + self.layout.unit // 3 if speaker else 0,
        )

    def _heading_height(self, gap: int) -> int:
        """The title's, the code box's and the message's (three lines) height, over the keys."""
        return self.title_height + int(self.code_size * 1.5) + gap + int(self.text_size * 3.4)

    def _place_upright(self, layout: Layout, gap: int, button_height: int) -> None:
        """A tall window: the board on top, the keyboard under the code with as many columns as
        make its keys largest, and Play, Save and Cancel in one row at the bottom. The board
        gives the keyboard the height its keys need to be a finger's size."""
        m = layout.margin
        width = layout.width - 2 * m
        side = min(width, layout.height * 36 // 100)
        room = layout.height - 3 * m - self._heading_height(gap) - button_height - gap - side
        most = max(KEY_COLUMNS, (width + gap) // (MIN_TARGET_PX + gap))
        columns = max(range(KEY_COLUMNS, most + 1), key=lambda columns: self._key_size(columns, width, room, gap))
        short = self._rows(columns) * (MIN_TARGET_PX + gap) - room
        if short > 0:
            side = max(0, side - short)
            room += short
        self.board_rect = pygame.Rect((layout.width - side) // 2, m, side, side)
        panel = pygame.Rect(m, self.board_rect.bottom + m, width, layout.height - side - 3 * m)
        self._place(panel, columns, panel.y + self._heading_height(gap), button_height, gap, upright=True)

    def _rows(self, columns: int) -> int:
        return -(-(len(self.keys) + self.delete_keys) // columns)

    def _key_size(self, columns: int, width: int, room: int, gap: int) -> int:
        """A key's side with the keyboard in `columns`, `width` wide and `room` high."""
        return min((width - gap * (columns - 1)) // columns, room // self._rows(columns) - gap)

    def _columns(self, width: int, room: int, gap: int) -> int:
        """The keyboard's columns: as many as the panel's width suggests, more when the rows
        of keys (Delete after them) would not fit in `room` at the least size of a key."""
        columns = WIDE_KEY_COLUMNS if width >= 600 else KEY_COLUMNS
        while columns < len(self.keys) and self._rows(columns) * (MIN_TARGET_PX + gap) - gap > room:
            columns += 1
        return columns

    def _place(
        self, panel: pygame.Rect, columns: int, keys_top: int, button_height: int, gap: int, upright: bool = False
    ) -> None:
        side = speaker_size(self.layout.unit)
        self.speaker_button.rect = pygame.Rect(panel.right - side, panel.y, side, side)
        self.title_pos = (
            panel.x,
            panel.y + max(0, (self.title_height - int(self.title_size * theme.UNDER_TITLE)) // 2),
        )
        self.code_rect = pygame.Rect(panel.x, panel.y + self.title_height, panel.width, int(self.code_size * 1.5))
        self.message_top = self.code_rect.bottom + gap
        if upright:  # Play, Save and Cancel side by side
            actions = pygame.Rect(panel.x, panel.bottom - button_height, panel.width, button_height)
            self.play_button.rect, self.save_button.rect, self.cancel_button.rect = grid(actions, 3, 1, gap)
        else:  # Play and Save over Cancel
            actions = pygame.Rect(panel.x, panel.bottom - 2 * button_height - gap, panel.width, 2 * button_height + gap)
            cells = grid(actions, 2, 2, gap)
            self.play_button.rect, self.save_button.rect = cells[0], cells[1]
            self.cancel_button.rect = cells[2].union(cells[3])
        rows = self._rows(columns)
        key = max(MIN_TARGET_PX, self._key_size(columns, panel.width, actions.y - gap - keys_top, gap))
        width = columns * key + (columns - 1) * gap
        keyboard = pygame.Rect(panel.x + (panel.width - width) // 2, keys_top, width, rows * (key + gap) - gap)
        places = grid(keyboard, columns, rows, gap)
        for button, place in zip(self.keys, places, strict=False):
            button.rect = place
        self.delete_button.rect = places[len(self.keys)].union(places[-1])

    def draw(self, surface: pygame.Surface) -> None:
        assets = self.ctx.assets
        surface.fill(theme.BACKGROUND)
        self._draw_board(surface)
        draw_text(surface, assets, _("Type a code"), self.title_size, self.title_pos, bold=True)
        box = self.code_rect
        pygame.draw.rect(surface, theme.WHITE, box, border_radius=box.height // 5)
        edge = theme.WRONG if self.state is CodeState.TYPO else theme.INK
        pygame.draw.rect(surface, edge, box, 3, border_radius=box.height // 5)
        draw_text(surface, assets, shown_code(self.typed), self.code_size, box.center, bold=True, anchor="center")
        font = assets.font(self.text_size, bold=True)
        text, color = self.message or self._words(), self.message_color if self.message else self._color()
        for index, line in enumerate(fit_text(text, font, box.width)[:3]):
            position = (box.x, self.message_top + index * int(self.text_size * 1.1))
            draw_text(surface, assets, line, self.text_size, position, color, bold=True)
        for button in self.buttons:
            button.draw(surface, assets, self.button_size)

    def _words(self) -> str:
        return {
            CodeState.TYPING: _("Type the 8 letters and numbers of the code."),
            CodeState.TYPO: _("That code has a typo. Check the letters again."),
            CodeState.CHECKING: _("Here is its puzzle! Checking it…"),
            CodeState.UNSOLVABLE: _("This puzzle cannot be solved."),
            CodeState.READY: _("Here is its puzzle! Play it or save it."),
        }[self.state]

    def _color(self) -> theme.Color:
        return theme.WRONG if self.state in (CodeState.TYPO, CodeState.UNSOLVABLE) else theme.INK

    def _draw_board(self, surface: pygame.Surface) -> None:
        assets, board = self.ctx.assets, self.board_rect
        size = board.width // SIZE
        edge = max(6, size // 14)
        pygame.draw.rect(surface, theme.BOARD_EDGE, board.inflate(edge * 2, edge * 2), border_radius=edge)
        cells = self.board.cells if self.board is not None else EMPTY * (SIZE * SIZE)
        for square in SQUARES:
            rect = pygame.Rect(board.x + square % SIZE * size, board.y + square // SIZE * size, size, size)
            light = (square // SIZE + square % SIZE) % 2 == 0
            pygame.draw.rect(surface, theme.LIGHT_SQUARE if light else theme.DARK_SQUARE, rect)
            if cells[square] != EMPTY:
                blit_piece(surface, assets, cells[square], rect.center, size, 0.9)
