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
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.content.codes import encode
from game.content.daily import fresh_puzzle
from game.content.levels import LEVEL_NAMES
from game.engine.solver import Solver
from game.engine.verdict import Verdict, judge, with_stars
from game.i18n import N_, _, ngettext
from game.rules.pieces import THINKFUN_SET
from game.rules.position import EMPTY, Position
from game.rules.squares import FILES, SIZE, SQUARES, square_name
from game.store.ourpuzzles import CollectionError, OurPuzzle, add, make
from game.ui import theme
from game.ui.drawing import blit_piece, draw_badge, draw_spinner, draw_star
from game.ui.layout import Layout, fit_text, grid
from game.ui.scene import Scene
from game.ui.widgets import Button, draw_text

if TYPE_CHECKING:
    from game.ui.app import App

TRAY_ORDER = "KQRBNP"
PIECE_NAMES = {
    "K": N_("King"),
    "Q": N_("queen"),
    "R": N_("rook"),
    "B": N_("bishop"),
    "N": N_("knight"),
    "P": N_("pawn"),
}
EMPTY_BOARD = EMPTY * (SIZE * SIZE)
# Past this many pixels a press that moved is a drag, not a click.
DRAG_DISTANCE = 8
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}


class Mode(enum.Enum):
    MAKING = enum.auto()
    NAMING = enum.auto()  # typing the puzzle's name before it is saved


@dataclass(frozen=True)
class Hand:
    """The piece being moved: its letter and the square it came from (None: from the tray)."""

    letter: str
    origin: int | None
    pressed_at: tuple[int, int]


def left_in_tray(cells: str) -> dict[str, int]:
    return {letter: THINKFUN_SET[letter] - cells.count(letter) for letter in TRAY_ORDER}


class MakerScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.cells = EMPTY_BOARD
        self.history: list[str] = []
        self.verdict: Verdict | None = Verdict(EMPTY_BOARD, 0)
        self.hand: Hand | None = None
        self.dragging = False
        self.mouse = (0, 0)
        self.cursor = 0
        self.cursor_shown = False
        self.mode = Mode.MAKING
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
        self.menu_button = Button(_("Menu"), app.back_to_menu, theme.BUTTON_QUIET)
        self.confirm_button = Button(_("Save"), self.save, theme.BUTTON_ACCENT)
        self.cancel_button = Button(_("Cancel"), self.stop_naming, theme.BUTTON_QUIET)
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
        return self.mode is Mode.NAMING

    @property
    def animating(self) -> bool:
        return self.jobs.busy or self.dragging

    def _refresh_buttons(self) -> None:
        ready = self.verdict is not None and self.verdict.is_puzzle
        self.try_button.enabled = self.save_button.enabled = ready
        self.undo_button.enabled = bool(self.history)
        self.clear_button.enabled = self.cells != EMPTY_BOARD
        self.surprise_button.enabled = self.jobs.running("surprise") is None
        self.level_button.label = _("Level: {level}").format(level=_(self.level))
        self.level_button.color = theme.LEVEL_COLORS.get(self.level, theme.BUTTON)
        if self.mode is Mode.NAMING:
            self.buttons = [self.confirm_button, self.cancel_button]
        else:
            self.buttons = [
                self.try_button,
                self.save_button,
                self.surprise_button,
                self.level_button,
                self.undo_button,
                self.clear_button,
                self.menu_button,
            ]
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
            rules = self.app.collection.rules
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
            rules = self.app.collection.rules
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
                name = _(PIECE_NAMES[letter])
                self.say(_("All the {piece}s are on the board already.").format(piece=name), theme.WRONG)
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
        level, rules = self.level, self.app.collection.rules
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
        rules, maker = self.app.collection.rules, self.app.player or ""
        self.jobs.start(
            lambda cancel: make(position, maker, solver=Solver(rules, cancel)), self._play, self._failed, "try"
        )

    def _play(self, ours: OurPuzzle) -> None:
        from game.ui.scenes.board import BoardScene

        if ours.puzzle.board.cells == self.cells:
            # No level: the board's title then shows the id, which carries the share code.
            self.app.push(BoardScene(self.app, replace(ours.puzzle, level="")))

    def ask_name(self) -> None:
        if self.verdict is None or not self.verdict.is_puzzle:
            return
        player = self.app.player
        self.name = _("{player}'s puzzle").format(player=player) if player else _("Our puzzle")
        self.mode = Mode.NAMING
        self.focus = None
        self._refresh_buttons()

    def stop_naming(self) -> None:
        self.mode = Mode.MAKING
        self._refresh_buttons()

    def save(self) -> None:
        position = self.position
        name = self.name.strip()
        if position is None:
            return
        if not name:
            self.say(_("Please type a name."), theme.WRONG)
            return
        rules, maker = self.app.collection.rules, self.app.player or ""
        self.stop_naming()

        def work(cancel: object) -> tuple[str, int]:
            return name, add([make(position, maker, name, Solver(rules))])

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
        if self.mode is Mode.NAMING and event.type == pygame.KEYDOWN and self._type(event):
            return
        if event.type == pygame.KEYDOWN and self.mode is Mode.MAKING and self._key(event):
            return
        pressed = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.mode is Mode.MAKING
        if pressed and self._press(event.pos):
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.hand is not None and not self.dragging and _far(event.pos, self.hand.pressed_at):
                self.dragging = bool(event.buttons and event.buttons[0])
            if self.hand is not None:
                self.dirty = True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.hand is not None and self.dragging:
            self.dragging = False
            self._drop(event.pos)
            return
        super().handle_event(event)

    def _type(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.save()
        elif event.key == pygame.K_ESCAPE:
            self.stop_naming()
        elif event.key == pygame.K_BACKSPACE:
            self.name = self.name[:-1]
        elif event.key == pygame.K_TAB:
            return False
        elif event.unicode and event.unicode.isprintable() and len(self.name) < 40:
            self.name += event.unicode
        self.dirty = True
        return True

    def _key(self, event: pygame.event.Event) -> bool:
        key, mod = event.key, event.mod
        if key in ARROWS:
            step_x, step_y = ARROWS[key]
            column = min(SIZE - 1, max(0, self.cursor % SIZE + step_x))
            row = min(SIZE - 1, max(0, self.cursor // SIZE + step_y))
            self.cursor = row * SIZE + column
            self.cursor_shown = True
            self.dirty = True
            return True
        letter = (event.unicode or "").upper()
        if letter and letter in TRAY_ORDER and not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.cursor_shown = True
            self.put(letter, self.cursor)
            return True
        if key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self.cursor_shown = True
            self.remove(self.cursor)
            return True
        if key == pygame.K_u or (key == pygame.K_z and mod & pygame.KMOD_CTRL):
            self.undo()
            return True
        if key == pygame.K_ESCAPE:
            if self.hand is not None:
                self.hand = None
                self.dirty = True
            else:
                self.app.back_to_menu()
            return True
        return False

    def _press(self, pos: tuple[int, int]) -> bool:
        """A press on the board or the tray; True when it was one."""
        square = self.app.layout.square_at(pos)
        tray_letter = next((letter for letter, rect in self.tray.items() if rect.collidepoint(pos)), None)
        if self.hand is not None:  # the second click of click-then-click
            if square is not None or tray_letter is not None:
                self._drop(pos)
                return True
            return False
        if square is not None:
            self.cursor, self.cursor_shown = square, False
            letter = self.cells[square]
            if letter != EMPTY:
                self.hand = Hand(letter, square, pos)
            self.dirty = True
            return True
        if tray_letter is not None and left_in_tray(self.cells)[tray_letter] > 0:
            self.hand = Hand(tray_letter, None, pos)
            self.mouse = pos
            self.dirty = True
            return True
        return False

    def _drop(self, pos: tuple[int, int]) -> None:
        hand, self.hand = self.hand, None
        self.dirty = True
        if hand is None:
            return
        square = self.app.layout.square_at(pos)
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
        unit, panel = layout.unit, layout.panel
        gap = max(8, unit // 2)
        self.title_size = int(unit * 1.7)
        self.text_size = max(18, int(unit * 1.05))
        self.button_size = max(18, int(unit * 1.1))
        self.title_pos = panel.topleft
        slot = max(44, min(int(unit * 3), (panel.width - 5 * gap) // 6))
        tray_top = panel.y + max(int(self.title_size * 1.3), max(44, int(unit * 1.8)) + gap)
        self.tray = {
            letter: pygame.Rect(panel.x + index * (slot + gap), tray_top, slot, slot)
            for index, letter in enumerate(TRAY_ORDER)
        }
        self.slot = slot
        button_height = max(44, int(unit * 2.1))
        # Menu sits beside the title, so the other six buttons take three rows and the verdict has room.
        menu_width = max(88, panel.width // 4)
        self.menu_button.rect = pygame.Rect(panel.right - menu_width, panel.y, menu_width, max(44, int(unit * 1.8)))
        title_room = panel.width - menu_width - gap
        while self.app.assets.font(self.title_size, bold=True).size(_("Make a puzzle"))[0] > title_room:
            if self.title_size <= self.text_size:
                break
            self.title_size -= 1
        columns = 3 if panel.width >= 600 else 2  # a wide panel (a tall window) leaves more room for the verdict
        rows = 6 // columns
        height = rows * button_height + (rows - 1) * gap
        cells = grid(pygame.Rect(panel.x, panel.bottom - height, panel.width, height), columns, rows, gap)
        edits = (self.try_button, self.save_button, self.surprise_button, self.level_button, self.undo_button)
        for button, cell in zip((*edits, self.clear_button), cells, strict=True):
            button.rect = cell
        self.confirm_button.rect, self.cancel_button.rect = cells[0], cells[1]
        buttons_top = panel.bottom - height
        verdict_top = tray_top + slot + int(self.text_size * 1.2)
        self.verdict_area = pygame.Rect(panel.x, verdict_top, panel.width, buttons_top - gap - verdict_top)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        self._draw_board(surface)
        self._draw_tray(surface)
        draw_text(surface, self.app.assets, _("Make a puzzle"), self.title_size, self.title_pos, bold=True)
        if self.mode is Mode.NAMING:
            self._draw_naming(surface)
        else:
            self._draw_verdict(surface)
        for button in self.buttons:
            button.draw(surface, self.app.assets, self.button_size)
        if self.hand is not None and self.dragging:
            size = self.app.layout.square_size
            blit_piece(surface, self.app.assets, self.hand.letter, self.mouse, size, 1.05)

    def _draw_board(self, surface: pygame.Surface) -> None:
        layout, assets = self.app.layout, self.app.assets
        edge = max(6, layout.square_size // 14)
        pygame.draw.rect(surface, theme.BOARD_EDGE, layout.board.inflate(edge * 2, edge * 2), border_radius=edge)
        label_size = max(14, layout.square_size // 6)
        culprits = self.verdict.culprits if self.verdict is not None else ()
        width = max(4, layout.square_size // 16)
        for square in SQUARES:
            rect = layout.square_rect(square)
            light = (square // SIZE + square % SIZE) % 2 == 0
            pygame.draw.rect(surface, theme.LIGHT_SQUARE if light else theme.DARK_SQUARE, rect)
            ink = theme.DARK_SQUARE if light else theme.LIGHT_SQUARE
            if square % SIZE == 0:
                draw_text(surface, assets, str(SIZE - square // SIZE), label_size, (rect.x + 4, rect.y + 2), ink, True)
            if square // SIZE == SIZE - 1:
                corner = (rect.right - 4, rect.bottom - 2)
                draw_text(surface, assets, FILES[square % SIZE], label_size, corner, ink, True, "bottomright")
            letter = self.cells[square]
            lifted = self.hand is not None and self.hand.origin == square
            if letter != EMPTY and not (lifted and self.dragging):
                blit_piece(surface, assets, letter, rect.center, layout.square_size, 0.9)
            if lifted:
                pygame.draw.rect(surface, theme.SELECTED, rect.inflate(-width, -width), width * 2)
            if square in culprits:
                pygame.draw.circle(surface, theme.WRONG, rect.center, layout.square_size * 0.46, width)
                draw_badge(surface, (rect.right - width * 4, rect.y + width * 4), layout.square_size * 0.13, False)
        if self.cursor_shown:
            rect = layout.square_rect(self.cursor).inflate(-width, -width)
            pygame.draw.rect(surface, theme.CURSOR, rect, width)

    def _draw_tray(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        left = left_in_tray(self.cells)
        count_size = max(18, self.slot // 3)
        for letter, rect in self.tray.items():
            pygame.draw.rect(surface, theme.PANEL, rect, border_radius=rect.width // 6)
            held = self.hand is not None and self.hand.origin is None and self.hand.letter == letter
            if held:
                pygame.draw.rect(surface, theme.SELECTED, rect, max(3, rect.width // 14), border_radius=rect.width // 6)
            shown = left[letter] - (1 if held and self.dragging else 0)
            if shown <= 0:
                continue  # a piece used up disappears from the tray
            blit_piece(surface, assets, letter, rect.center, rect.width, 0.9)
            if THINKFUN_SET[letter] > 1:
                badge = (rect.right - count_size // 3, rect.bottom - count_size // 3)
                pygame.draw.circle(surface, theme.INK, badge, count_size * 0.6)
                draw_text(surface, assets, str(shown), count_size, badge, theme.WHITE, True, "center")

    def verdict_lines(self) -> list[tuple[str, bool | None]]:
        """What the verdict says, one line each, with a tick (True), a cross (False) or nothing."""
        verdict = self.verdict
        if verdict is None:
            return [(_("Thinking…"), None)]
        pieces = verdict.pieces
        count = ngettext("{count} piece", "{count} pieces", pieces).format(count=pieces)
        if pieces == 0:
            return [(_("Put pieces on the board: drag them from the tray, or click."), None)]
        if pieces == 1:
            return [(count, None), (_("Add one more piece, or more."), None)]
        if not verdict.solvable:
            lines: list[tuple[str, bool | None]] = [(count, None), (_("It cannot be solved."), False)]
            for square in verdict.culprits[:3]:
                piece = _(PIECE_NAMES[verdict.cells[square]])
                lines.append(
                    (
                        _("Take away the {piece} on {square} and it can!").format(
                            piece=piece, square=square_name(square, SIZE)
                        ),
                        None,
                    )
                )
            return lines
        ways = ngettext("{count} way to win", "{count} ways to win", verdict.ways).format(count=verdict.ways)
        if verdict.unique:
            unique = _("Unique: every way makes the same captures.")
        else:
            unique = _("Not unique: the ways make different captures.")
        code = _("Its code: {code}").format(code=encode(Position(verdict.cells)))
        return [(count, None), (_("It can be solved!"), True), (ways, None), (unique, verdict.unique), (code, None)]

    def _draw_verdict(self, surface: pygame.Surface) -> None:
        """The verdict's lines, the stars after "It can be solved!", and the latest message at the bottom."""
        assets, area = self.app.assets, self.verdict_area
        size, step = self.text_size, int(self.text_size * 1.15)
        bottom = area.bottom
        if self.message:
            bold = assets.font(size, bold=True)
            lines = fit_text(self.message, bold, area.width)[:2]
            bottom -= len(lines) * step + size // 2
            for index, line in enumerate(lines):
                draw_text(
                    surface, assets, line, size, (area.x, bottom + size // 2 + index * step), self.message_color, True
                )
        font = assets.font(size)
        badge = size // 2
        y = area.y
        for text, mark in self.verdict_lines():
            x = area.x
            if y + size > bottom:
                return
            if mark is not None:
                draw_badge(surface, (x + badge, y + size // 2), badge, mark)
                x += badge * 2 + size // 3
            for line in fit_text(text, font, area.right - x):
                if y + size > bottom:
                    return
                draw_text(surface, assets, line, size, (x, y))
                y += step
            y += size // 4
            if text == _("It can be solved!") and self.verdict is not None and y + size * 2 <= bottom:
                self._draw_stars(surface, y, self.verdict.stars)
                y += int(size * 1.8)
        if self.verdict is None:
            draw_spinner(surface, (area.x + size, y + size), size // 2, self.clock, theme.BUTTON)

    def _draw_stars(self, surface: pygame.Surface, y: int, stars: int) -> None:
        size, x = self.text_size, self.verdict_area.x
        label = draw_text(surface, self.app.assets, _("How hard:"), size, (x, y + size // 3))
        if not stars:
            spinner = (label.right + size * 2, y + size * 0.8)
            draw_spinner(surface, (int(spinner[0]), int(spinner[1])), size // 2, self.clock, theme.STAR)
            return
        for index in range(5):
            center = (label.right + size * (1.0 + 1.3 * index), y + size * 0.8)
            draw_star(surface, center, size * 0.65, theme.STAR if index < stars else theme.BUTTON_DISABLED)

    def _draw_naming(self, surface: pygame.Surface) -> None:
        assets, area = self.app.assets, self.verdict_area
        size = self.text_size
        draw_text(surface, assets, _("Name your puzzle:"), size, area.topleft, bold=True)
        box = pygame.Rect(area.x, area.y + int(size * 1.5), area.width, int(size * 2))
        pygame.draw.rect(surface, theme.WHITE, box, border_radius=size // 3)
        pygame.draw.rect(surface, theme.INK, box, 3, border_radius=size // 3)
        text = draw_text(surface, assets, self.name, size, (box.x + size // 2, box.centery), anchor="midleft")
        if int(self.clock * 2) % 2 == 0:
            pygame.draw.line(surface, theme.INK, (text.right + 2, box.y + 8), (text.right + 2, box.bottom - 8), 2)
        hint = _("Type, then press Enter or Save.")
        draw_text(surface, assets, hint, size, (area.x, box.bottom + size // 2), theme.SOFT_INK)


def _far(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) > DRAG_DISTANCE
