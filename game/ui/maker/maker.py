"""The puzzle maker: build a board from ThinkFun's set and hear at once what the solver thinks.

A piece is taken from the tray or the board into the "hand" by a press; releasing it somewhere
else drops it there (a drag), releasing it where it was keeps it in the hand until the next click
(click, then click). Dropped off the board, a board piece goes back to the tray. The keyboard
has a cursor: arrows move it, K Q R B N P put that piece there, Delete takes it away.

After every change the verdict is worked out again in the worker; the previous question is
cancelled first, so the answer shown is always about the board on the screen.
"""

from __future__ import annotations

import enum
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from ...content.daily import fresh_puzzle
from ...content.levels import LEVEL_NAMES
from ...engine.solver import Solver
from ...engine.verdict import Verdict, judge, with_stars
from ...i18n import _
from ...rules.position import EMPTY, Position
from ...rules.squares import SIZE
from ...store.ourpuzzles import CollectionError, OurPuzzle, make, save_made
from ...words.maker import all_used, first_name
from ..core import keys, text_flow, theme
from ..core.drawing import blit_piece
from ..core.layout import BoardGeometry, Layout
from ..core.scene import Scene
from ..core.widgets import Button
from . import maker_keys
from .maker_hand import PieceHand
from .maker_layout import maker_places
from .maker_pieces import draw_board, draw_tray, left_in_tray, step_cursor
from .maker_verdict import draw_naming, draw_verdict, verdict_words

if TYPE_CHECKING:
    from ..core.context import SceneContext

EMPTY_BOARD = EMPTY * (SIZE * SIZE)


class MakerMode(enum.Enum):
    MAKING = enum.auto()
    NAMING = enum.auto()  # typing the puzzle's name before it is saved


class MakerScene(Scene):
    KEYS = keys.FOCUS  # its buttons'; its own are by mode (`maker_keys.MAKING`, `NAMING`)

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        self.geometry = BoardGeometry.of(ctx.layout, SIZE)  # the maker's board is always ThinkFun's 4x4
        self.cells = EMPTY_BOARD
        self.history: list[str] = []
        self.verdict: Verdict | None = Verdict(EMPTY_BOARD, 0)
        self.hand = PieceHand()
        self.cursor = 0
        self.cursor_shown = False
        self.mode = MakerMode.MAKING
        self.name = ""
        self.message = ""
        self.message_color = theme.INK
        self.level_index = 0
        self.clock = 0.0
        self.tray: dict[str, pygame.Rect] = {}
        self.try_button = Button(_("Try it"), self.try_it, theme.BUTTON_ACCENT)
        self.save_button = Button(_("Save"), self.ask_name, theme.BUTTON_ACCENT)
        self.surprise_button = Button(_("Surprise me"), self.surprise, theme.BUTTON_WARM)
        self.level_button = Button("", self.next_level, theme.LEVEL_COLORS[LEVEL_NAMES[0]])
        self.undo_button = Button(_("Undo"), self.undo, theme.BUTTON_QUIET)
        self.clear_button = Button(_("Clear"), self.clear, theme.BUTTON_QUIET)
        self.menu_button = Button(_("Menu"), self.ctx.nav.back_to_menu, theme.BUTTON_QUIET)
        self.confirm_button = Button(_("Save"), self.save, theme.BUTTON_ACCENT)
        self.cancel_button = Button(_("Cancel"), self.stop_naming, theme.BUTTON_QUIET)
        self.edits = (
            self.try_button,
            self.save_button,
            self.surprise_button,
            self.level_button,
            self.undo_button,
            self.clear_button,
        )
        self._refresh_buttons()

    # State --------------------------------------------------------------------------------

    @property
    def position(self) -> Position | None:
        return None if self.cells == EMPTY_BOARD else Position(self.cells)

    @property
    def level(self) -> str:
        return LEVEL_NAMES[self.level_index]

    @property
    def takes_text(self) -> bool:  # type: ignore[override]
        return self.mode is MakerMode.NAMING

    @property
    def animating(self) -> bool:
        return self.jobs.busy or self.hand.dragging

    def _refresh_buttons(self) -> None:
        ready = self.verdict is not None and self.verdict.is_puzzle
        self.try_button.enabled = self.save_button.enabled = ready
        self.undo_button.enabled = bool(self.history)
        self.clear_button.enabled = self.cells != EMPTY_BOARD
        self.surprise_button.enabled = self.jobs.running("surprise") is None
        self.level_button.label = _("Level: {level}").format(level=_(self.level))
        self.level_button.color = theme.LEVEL_COLORS.get(self.level, theme.BUTTON)
        naming = self.mode is MakerMode.NAMING
        self.buttons = [self.confirm_button, self.cancel_button] if naming else [*self.edits, self.menu_button]
        self.dirty = True

    def change(self, cells: str) -> None:
        """Every edit goes through here: it is remembered for Undo and the solver is asked again."""
        if cells == self.cells:
            return
        self.history.append(self.cells)
        self._show(cells)

    def _show(self, cells: str) -> None:
        self.cells = cells
        self.message = ""
        self.jobs.cancel("verdict")
        self.jobs.cancel("stars")
        if sum(cell != EMPTY for cell in cells) < 2:
            self.verdict = Verdict(cells, sum(cell != EMPTY for cell in cells))
        else:
            self.verdict = None
            rules = self.ctx.collections.collection.rules
            self.jobs.start(partial(judge, cells, rules, stars=False), self._judged, self._failed, label="verdict")
        self._refresh_buttons()

    def _judged(self, verdict: Verdict) -> None:
        """The verdict comes in two steps: at once what the solver counts, then the stars, which
        can take a few seconds on a full board."""
        if verdict.cells != self.cells:
            return
        self.verdict = verdict
        self._refresh_buttons()
        if verdict.solvable and not verdict.stars:
            rules = self.ctx.collections.collection.rules
            self.jobs.start(
                lambda cancel: with_stars(verdict, Solver(rules, cancel)), self._judged, self._failed, label="stars"
            )

    def _failed(self, error: BaseException) -> None:
        self.say(_("Sorry, something went wrong while thinking ({error}).").format(error=error), theme.WRONG)

    def say(self, text: str, color: theme.Color = theme.INK) -> None:
        self.message = text
        self.message_color = color
        self.dirty = True

    # Edits ----------------------------------------------------------------------------------

    def put(self, letter: str, square: int, origin: int | None = None) -> bool:
        """Put a piece on `square`, from the tray or from `origin`; a piece already there goes back
        to the tray. False when the tray has no such piece left."""
        cells = list(self.cells)
        if origin is None:
            if self.cells[square] != letter and left_in_tray(self.cells)[letter] <= 0:
                self.say(all_used(letter), theme.WRONG)
                return False
        else:
            cells[origin] = EMPTY
        cells[square] = letter
        self.change("".join(cells))
        return True

    def remove(self, square: int) -> None:
        self.change(self.cells[:square] + EMPTY + self.cells[square + 1 :])

    def undo(self) -> None:
        if self.history:
            self._show(self.history.pop())

    def clear(self) -> None:
        self.change(EMPTY_BOARD)

    def next_level(self) -> None:
        self.level_index = (self.level_index + 1) % len(LEVEL_NAMES)
        self._refresh_buttons()

    # The buttons' work ----------------------------------------------------------------------

    def surprise(self) -> None:
        level, rules = self.level, self.ctx.collections.collection.rules
        self.say(_("Making a {level} puzzle…").format(level=_(level)))
        self.jobs.start(lambda cancel: fresh_puzzle(level, rules, cancel), self._surprised, self._failed, "surprise")
        self._refresh_buttons()

    def _surprised(self, puzzle: object) -> None:
        board = getattr(puzzle, "board", None)
        if isinstance(board, Position):
            self.change(board.cells)
            self.say(_("Here is a surprise. Change it as you like!"))
        self._refresh_buttons()

    def try_it(self) -> None:
        position = self.position
        if position is None or self.verdict is None or not self.verdict.is_puzzle:
            return
        rules, maker = self.ctx.collections.collection.rules, self.ctx.player or ""
        self.jobs.start(
            lambda cancel: make(position, maker, solver=Solver(rules, cancel)), self._play, self._failed, "try"
        )

    def _play(self, ours: OurPuzzle) -> None:
        if ours.puzzle.board.cells == self.cells:
            # No level: the board's title then shows the id, which carries the share code.
            self.ctx.nav.open_board(replace(ours.puzzle, level=""))

    def ask_name(self) -> None:
        if self.verdict is None or not self.verdict.is_puzzle:
            return
        self.name = first_name(self.ctx.player)
        self.mode = MakerMode.NAMING
        self.focus = None
        self._refresh_buttons()

    def stop_naming(self) -> None:
        self.mode = MakerMode.MAKING
        self._refresh_buttons()

    def save(self) -> None:
        position = self.position
        name = self.name.strip()
        if position is None:
            return
        if not name:
            self.say(_("Please type a name."), theme.WRONG)
            return
        rules, maker = self.ctx.collections.collection.rules, self.ctx.player or ""
        self.stop_naming()

        def work(cancel: object) -> tuple[str, int]:
            return name, save_made(position, maker, name, rules)

        self.jobs.start(work, self._saved, self._not_saved, "save")

    def _saved(self, result: tuple[str, int]) -> None:
        name, added = result
        if added:
            self.say(_("Saved as “{name}” in Our puzzles.").format(name=name), theme.TARGET)
        else:
            self.say(_("This puzzle is in Our puzzles already."), theme.TARGET)

    def _not_saved(self, error: BaseException) -> None:
        if isinstance(error, (CollectionError, ValueError)):
            self.say(str(error), theme.WRONG)
        else:
            self._failed(error)

    # Input ------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.mode is MakerMode.NAMING and self._type(event):
            return
        if self.mode is MakerMode.MAKING and keys.press(self, maker_keys.MAKING, event):
            self.dirty = True
            return
        if self._mouse(event):
            return
        super().handle_event(event)

    def _mouse(self, event: pygame.event.Event) -> bool:
        """A press, a move or a release of the piece in the hand; True when it was one."""
        pressed = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.mode is MakerMode.MAKING
        if pressed and self._press(event.pos):
            return True
        if event.type == pygame.MOUSEMOTION and self.hand.move(event.pos, bool(event.buttons and event.buttons[0])):
            self.dirty = True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.hand.dragged is not None:
            self.hand.dragging = False
            self._drop(event.pos)
            return True
        return False

    def _type(self, event: pygame.event.Event) -> bool:
        """Naming: its keys (`maker_keys.NAMING`), else a letter typed; Tab walks the buttons."""
        if event.type != pygame.KEYDOWN or keys.find(keys.WALK[:2], event):
            return False
        typed = event.unicode and event.unicode.isprintable() and len(self.name) < 40
        if not keys.press(self, maker_keys.NAMING, event) and typed:
            self.name += event.unicode
        self.dirty = True
        return True

    # Its keys' actions (`maker_keys`).

    def delete_name_letter(self) -> None:
        self.name = self.name[:-1]

    def walk_tiles(self, files: int, ranks: int) -> None:
        self.cursor, self.cursor_shown = step_cursor(self.cursor, files, ranks), True

    def put_at_cursor(self, letter: str) -> None:
        self.cursor_shown = True
        self.put(letter, self.cursor)

    def remove_at_cursor(self) -> None:
        self.cursor_shown = True
        self.remove(self.cursor)

    def escape(self) -> None:
        """Escape lets go of the piece in the hand, else goes back."""
        if self.hand.let_go() is None:
            self.ctx.nav.back_to_menu()

    def _press(self, pos: tuple[int, int]) -> bool:
        """A press on the board or the tray; True when it was one."""
        square = self.geometry.square_at(pos)
        tray_letter = next((letter for letter, rect in self.tray.items() if rect.collidepoint(pos)), None)
        if self.hand.held is not None:  # the second click of click-then-click
            if square is not None or tray_letter is not None:
                self._drop(pos)
                return True
            return False
        if square is not None:
            self.cursor, self.cursor_shown = square, False
            letter = self.cells[square]
            if letter != EMPTY:
                self.hand.take(letter, square, pos)
            self.dirty = True
            return True
        if tray_letter is not None and left_in_tray(self.cells)[tray_letter] > 0:
            self.hand.take(tray_letter, None, pos)
            self.dirty = True
            return True
        return False

    def _drop(self, pos: tuple[int, int]) -> None:
        hand = self.hand.let_go()
        self.dirty = True
        if hand is None:
            return
        square = self.geometry.square_at(pos)
        if square is not None:
            if square != hand.origin:
                self.put(hand.letter, square, hand.origin)
            self.cursor = square
        elif hand.origin is not None:
            self.remove(hand.origin)

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.jobs.busy:
            self.dirty = True
        if self.surprise_button.enabled == (self.jobs.running("surprise") is not None):
            self._refresh_buttons()

    # Layout and drawing -----------------------------------------------------------------------

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        self.geometry = BoardGeometry.of(layout, SIZE)
        places = maker_places(layout, self.ctx.assets)
        self.title_size, self.text_size, self.button_size = places.title_size, places.text_size, places.button_size
        self.title_pos, self.tray, self.verdict_area = places.title_pos, places.tray, places.verdict_area
        self.menu_button.rect = places.menu
        for button, cell in zip(self.edits, places.cells, strict=True):
            button.rect = cell
        self.confirm_button.rect, self.cancel_button.rect = places.cells[0], places.cells[1]

    def draw(self, surface: pygame.Surface) -> None:
        assets, hand, dragging = self.ctx.assets, self.hand.held, self.hand.dragging
        surface.fill(theme.BACKGROUND)
        culprits = self.verdict.culprits if self.verdict is not None else ()
        lifted = hand.origin if hand is not None else None
        cursor = self.cursor if self.cursor_shown else None
        draw_board(surface, assets, self.geometry, self.cells, culprits, lifted, dragging, cursor)
        held = hand.letter if hand is not None and hand.origin is None else None
        draw_tray(surface, assets, self.tray, self.cells, held, dragging)
        text_flow.draw_text(surface, assets, _("Make a puzzle"), self.title_size, self.title_pos, bold=True)
        if self.mode is MakerMode.NAMING:
            draw_naming(surface, assets, self.verdict_area, self.text_size, self.name, self.clock)
        else:
            message = (self.message, self.message_color)
            draw_verdict(surface, assets, self.verdict_area, self.text_size, self.verdict, message, self.clock)
        for button in self.buttons:
            button.draw(surface, assets, self.button_size)
        if hand is not None and dragging:
            blit_piece(surface, assets, hand.letter, self.hand.mouse, self.geometry.square_size, 1.05)

    def verdict_lines(self) -> list[tuple[str, bool | None]]:
        """What the verdict on the board says, one line each (see `game.words.maker`)."""
        return verdict_words(self.verdict)
